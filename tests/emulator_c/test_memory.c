/* Tracked memory: copies of every kind, bounds errors, bad frees, the device budget,
 * queries; run with argument "strict" (and ACL_EMU_STRICT=1) for the strict-mode checks. */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

enum { SIZE = 256 };

static void test_allocation(void)
{
    void *dev = NULL;
    CHECK_RET(aclrtMalloc(&dev, SIZE, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_CONTEXT_NULL);
    CHECK_OK(aclrtSetDevice(0));
    CHECK_RET(aclrtMalloc(NULL, SIZE, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclrtMalloc(&dev, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclrtMalloc(&dev, SIZE, (aclrtMemMallocPolicy)77), ACL_ERROR_INVALID_PARAM);
    static const aclrtMemMallocPolicy policies[] = {
        ACL_MEM_MALLOC_HUGE_FIRST,     ACL_MEM_MALLOC_HUGE_ONLY,       ACL_MEM_MALLOC_NORMAL_ONLY,
        ACL_MEM_MALLOC_HUGE_FIRST_P2P, ACL_MEM_MALLOC_HUGE_ONLY_P2P,   ACL_MEM_MALLOC_NORMAL_ONLY_P2P,
        ACL_MEM_MALLOC_HUGE1G_ONLY,    ACL_MEM_MALLOC_HUGE1G_ONLY_P2P,
        (aclrtMemMallocPolicy)(ACL_MEM_MALLOC_HUGE_FIRST | ACL_MEM_TYPE_HIGH_BAND_WIDTH)};
    for (size_t i = 0; i < sizeof policies / sizeof policies[0]; ++i) {
        void *p = NULL;
        CHECK_OK(aclrtMalloc(&p, SIZE, policies[i]));
        CHECK(p != NULL && ((uintptr_t)p % 32) == 0);
        CHECK_OK(aclrtFree(p));
    }
    CHECK_OK(aclrtMallocCached(&dev, SIZE, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtFree(dev));
    CHECK_OK(aclrtMallocAlign32(&dev, SIZE, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclrtFree(dev));

    /* the device budget comes from ACL_EMU_DEVICE_MEMORY (the test sets 1 MiB) */
    size_t free_bytes = 0, total = 0;
    CHECK_OK(aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, &total));
    CHECK(total == 1024 * 1024 && free_bytes == total);
    void *big = NULL, *more = NULL;
    CHECK_OK(aclrtMalloc(&big, 700 * 1024, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, &total));
    CHECK(free_bytes == total - 700 * 1024);
    CHECK_RET(aclrtMalloc(&more, 400 * 1024, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION);
    CHECK_MSG("out of device memory");
    CHECK_OK(aclrtFree(big));
    CHECK_OK(aclrtMalloc(&more, 400 * 1024, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtFree(more));
}

static void test_frees(void)
{
    void *dev = NULL, *host = NULL;
    CHECK_OK(aclrtMalloc(&dev, SIZE, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMallocHost(&host, SIZE));
    int local = 0;
    CHECK_RET(aclrtFree(NULL), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclrtFree(&local), ACL_ERROR_RT_MEMORY_FREE);
    CHECK_MSG("was not allocated by aclrtMalloc");
    CHECK_RET(aclrtFree((char *)dev + 8), ACL_ERROR_RT_MEMORY_FREE);
    CHECK_MSG("not its start");
    CHECK_RET(aclrtFree(host), ACL_ERROR_RT_MEMORY_FREE);
    CHECK_MSG("aclrtFreeHost");
    CHECK_RET(aclrtFreeHost(dev), ACL_ERROR_RT_MEMORY_FREE);
    CHECK_OK(aclrtFree(dev));
    CHECK_RET(aclrtFree(dev), ACL_ERROR_RT_MEMORY_FREE);
    CHECK_MSG("double free");
    CHECK_OK(aclrtFreeHost(host));
    CHECK_RET(aclrtFreeHost(host), ACL_ERROR_RT_MEMORY_FREE);
}

static void test_copies(void)
{
    unsigned char *dev = NULL, *dev2 = NULL;
    CHECK_OK(aclrtMalloc((void **)&dev, SIZE, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc((void **)&dev2, SIZE, ACL_MEM_MALLOC_HUGE_FIRST));
    unsigned char host[SIZE], back[SIZE];
    for (int i = 0; i < SIZE; ++i) {
        host[i] = (unsigned char)i;
    }
    CHECK_OK(aclrtMemcpy(dev, SIZE, host, SIZE, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_OK(aclrtMemcpy(dev2, SIZE, dev, SIZE, ACL_MEMCPY_DEVICE_TO_DEVICE));
    memset(back, 0, sizeof back);
    CHECK_OK(aclrtMemcpy(back, SIZE, dev2, SIZE, ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK(memcmp(back, host, SIZE) == 0);
    memset(back, 0, sizeof back);
    CHECK_OK(aclrtMemcpy(back, SIZE, dev, SIZE, ACL_MEMCPY_DEFAULT));
    CHECK(memcmp(back, host, SIZE) == 0);
    CHECK_OK(aclrtMemcpy(back, SIZE, host, 0, ACL_MEMCPY_HOST_TO_HOST));

    /* bounds: the copy may not run past the allocation */
    CHECK_RET(aclrtMemcpy(dev + 200, SIZE, host, 100, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    CHECK_MSG("past the end");
    CHECK_RET(aclrtMemcpy(back, SIZE, dev2 + 1, SIZE, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclrtMemcpy(dev, 10, host, 20, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    CHECK_MSG("exceeds destMax");
    CHECK_RET(aclrtMemcpy(dev, SIZE, NULL, 4, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclrtMemcpy(dev, SIZE, host, 4, (aclrtMemcpyKind)99), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclrtMemcpyAsync(dev + 250, SIZE, host, 10, ACL_MEMCPY_HOST_TO_DEVICE, NULL), ACL_ERROR_INVALID_PARAM);

    /* memset */
    CHECK_OK(aclrtMemset(dev, SIZE, 0x5a, SIZE));
    CHECK_OK(aclrtMemcpy(back, SIZE, dev, SIZE, ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK(back[0] == 0x5a && back[SIZE - 1] == 0x5a);
    CHECK_RET(aclrtMemset(dev, SIZE, 0, SIZE + 1), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclrtMemset(dev + 1, SIZE, 0, SIZE), ACL_ERROR_INVALID_PARAM);
    aclrtStream stream = NULL;
    CHECK_OK(aclrtCreateStream(&stream));
    CHECK_OK(aclrtMemsetAsync(dev, SIZE, 0x11, 16, stream));
    CHECK_OK(aclrtMemcpyAsync(back, SIZE, dev, 16, ACL_MEMCPY_DEVICE_TO_HOST, stream));
    CHECK_OK(aclrtSynchronizeStream(stream));
    CHECK(back[0] == 0x11 && back[15] == 0x11);

    /* 2-D: copy a 4x8 block out of rows of 16 bytes */
    unsigned char rows[4 * 16];
    for (int i = 0; i < 4 * 16; ++i) {
        rows[i] = (unsigned char)i;
    }
    CHECK_OK(aclrtMemcpy2d(dev, 8, rows, 16, 8, 4, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_OK(aclrtMemcpy(back, SIZE, dev, 32, ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK(back[0] == 0 && back[7] == 7 && back[8] == 16 && back[31] == 55);
    CHECK_RET(aclrtMemcpy2d(dev, 4, rows, 16, 8, 4, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclrtMemcpy2d(dev + 200, 16, rows, 16, 16, 4, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    memset(back, 0, sizeof back);
    CHECK_OK(aclrtMemcpy2dAsync(back, 16, dev, 8, 8, 4, ACL_MEMCPY_DEVICE_TO_HOST, stream));
    CHECK_OK(aclrtSynchronizeStream(stream));
    CHECK(back[16] == 16 && back[8] == 0);
    CHECK_OK(aclrtDestroyStream(stream));

    /* attributes and ranges */
    aclrtPtrAttributes attributes;
    CHECK_OK(aclrtPointerGetAttributes(dev + 10, &attributes));
    CHECK(attributes.location.type == ACL_MEM_LOCATION_TYPE_DEVICE && attributes.location.id == 0);
    CHECK_OK(aclrtPointerGetAttributes(host, &attributes));
    CHECK(attributes.location.type == ACL_MEM_LOCATION_TYPE_UNREGISTERED);
    void *base = NULL;
    size_t size = 0;
    CHECK_OK(aclrtMemGetAddressRange(dev + 10, &base, &size));
    CHECK(base == dev && size == SIZE);
    CHECK_OK(aclrtFree(dev));
    CHECK_OK(aclrtFree(dev2));
}

/* Lenient: kinds are not enforced; strict: every misuse is reported. */
static void test_strictness(int strict)
{
    unsigned char *dev = NULL;
    void *pinned = NULL;
    unsigned char host[SIZE];
    memset(host, 1, sizeof host);
    CHECK_OK(aclrtMalloc((void **)&dev, SIZE, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMallocHost(&pinned, SIZE));
    aclError want = strict ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
    CHECK_RET(aclrtMemcpy(host, SIZE, dev, SIZE, ACL_MEMCPY_HOST_TO_DEVICE), want); /* reversed */
    CHECK_RET(aclrtMemcpy(dev, SIZE, host, SIZE, ACL_MEMCPY_HOST_TO_HOST), want);
    CHECK_RET(aclrtMemcpy(pinned, SIZE, host, SIZE, ACL_MEMCPY_HOST_TO_DEVICE), want);
    if (strict) {
        CHECK_MSG("aclrtMallocHost");
    }
    CHECK_OK(aclrtMemcpy(dev, SIZE, pinned, SIZE, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_OK(aclrtMemset(pinned, SIZE, 0, SIZE)); /* memset takes host memory in both modes */
    CHECK_OK(aclrtMemcpy(dev, SIZE, host, SIZE, ACL_MEMCPY_DEFAULT));
    CHECK_OK(aclrtFree(dev));
    /* use after free: refused in both modes where the kind says device memory */
    CHECK_RET(aclrtMemcpy(host, SIZE, dev, 16, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_INVALID_PARAM);
    CHECK_MSG("use after free");
    if (strict) { /* and in strict mode whatever the kind */
        CHECK_RET(aclrtMemcpy(host, SIZE, dev, 16, ACL_MEMCPY_DEFAULT), ACL_ERROR_INVALID_PARAM);
    }
    CHECK_OK(aclrtFreeHost(pinned));

    /* leaks: reported by the last aclrtResetDevice in strict mode, silently freed otherwise */
    void *leaked = NULL;
    aclrtStream stream = NULL;
    CHECK_OK(aclrtMalloc(&leaked, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtCreateStream(&stream));
    CHECK_RET(aclrtResetDevice(0), strict ? ACL_ERROR_RELATIVE_RESOURCE_NOT_CLEARED : ACL_SUCCESS);
    if (strict) {
        CHECK_MSG("2 resource(s)");
    }
    CHECK_RET(aclrtFree(leaked), ACL_ERROR_RT_MEMORY_FREE); /* released with the device */
    void *host_leak = NULL;
    CHECK_OK(aclrtMallocHost(&host_leak, 32));
    CHECK_RET(aclFinalize(), strict ? ACL_ERROR_RELATIVE_RESOURCE_NOT_CLEARED : ACL_SUCCESS);
}

int main(int argc, char **argv)
{
    int strict = argc > 1 && strcmp(argv[1], "strict") == 0;
    CHECK_OK(aclInit(NULL));
    if (!strict) {
        test_allocation();
        test_frees();
        test_copies();
    } else {
        CHECK_OK(aclrtSetDevice(0));
    }
    test_strictness(strict);
    return finish(strict ? "test_memory strict" : "test_memory");
}
