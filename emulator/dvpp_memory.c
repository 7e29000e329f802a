/* DVPP memory: acldvppMalloc / acldvppMallocWithCfg / acldvppFree, and the checks media calls
 * make on the buffers they are given.
 *
 * DVPP memory is device memory (aclrtMemcpy, model inputs and acl.util work on it), tracked by
 * memory.c with a DVPP tag. The runtime documents two properties that programs rely on when they
 * carve one big allocation into pictures: the start is 128-byte aligned, and the usable size is
 * the request rounded up to a multiple of 32 plus 32 more bytes. Both are reproduced. */
#include "emu.h"

#include "dvpp.h"

enum { DVPP_START_ALIGN = 128, DVPP_SIZE_ALIGN = 32, DVPP_SIZE_EXTRA = 32 };

static size_t align_up(size_t value, size_t to)
{
    return (value + to - 1) / to * to;
}

static aclError dvpp_malloc(void **devPtr, size_t size, const char *fn)
{
    if (devPtr == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: devPtr is NULL", fn);
    }
    if (size == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: size is 0", fn);
    }
    if (size > SIZE_MAX / 2) {
        return aclemu_set_error(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: %zu bytes cannot be allocated", fn, size);
    }
    size_t usable = align_up(size, DVPP_SIZE_ALIGN) + DVPP_SIZE_EXTRA;
    return aclemu_mem_alloc_dvpp(devPtr, usable, align_up(usable, DVPP_START_ALIGN), fn);
}

aclError acldvppMalloc(void **devPtr, size_t size)
{
    return dvpp_malloc(devPtr, size, "acldvppMalloc");
}

/* The policy and the configuration (module id, VA flags) do not change emulated memory; an unknown
 * policy is still refused as aclrtMallocWithCfg refuses it. */
aclError acldvppMallocWithCfg(void **devPtr, size_t size, aclrtMemMallocPolicy policy, aclrtMallocConfig *cfg)
{
    (void)cfg;
    uint32_t flags = (uint32_t)ACL_MEM_TYPE_LOW_BAND_WIDTH | (uint32_t)ACL_MEM_TYPE_HIGH_BAND_WIDTH |
                     (uint32_t)ACL_MEM_ACCESS_USER_SPACE_READONLY;
    if (((uint32_t)policy & ~flags) > (uint32_t)ACL_MEM_MALLOC_HUGE1G_ONLY_P2P) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "acldvppMallocWithCfg: unknown memory policy 0x%x",
                                (unsigned)policy);
    }
    return dvpp_malloc(devPtr, size, "acldvppMallocWithCfg");
}

/* Memory from aclrtMalloc handed to acldvppFree is refused in strict mode only: the runtime
 * documents the pairing but programs that mix them work on some releases. */
aclError acldvppFree(void *devPtr)
{
    const char *fn = "acldvppFree";
    if (devPtr != NULL && aclemu_strict() && !aclemu_mem_is_dvpp(devPtr)) {
        aclemu_alloc found;
        if (aclemu_mem_find(devPtr, &found) && found.base == devPtr) {
            return aclemu_set_error(ACL_ERROR_RT_MEMORY_FREE,
                                    "%s: %p was not allocated by acldvppMalloc; free it with %s (ACL_EMU_STRICT)", fn,
                                    devPtr, found.where == ACLEMU_MEM_DEVICE ? "aclrtFree" : "aclrtFreeHost");
        }
    }
    return aclemu_mem_free(devPtr, fn);
}

bool aclemu_dvpp_mem_is_dvpp(const void *p)
{
    return aclemu_mem_is_dvpp(p);
}

aclError aclemu_dvpp_mem_check(const void *p, size_t len, bool dvpp_only, const char *fn, const char *what)
{
    aclError err = aclemu_mem_check(p, len, true, fn, what);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (dvpp_only && len > 0 && aclemu_strict() && !aclemu_mem_is_dvpp(p)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: %s %p is not DVPP memory from acldvppMalloc (ACL_EMU_STRICT)", fn, what, p);
    }
    return ACL_SUCCESS;
}
