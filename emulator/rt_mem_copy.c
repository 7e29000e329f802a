/* Copy variants built on aclrtMemcpyAsync: descriptor copies (aclrtGetMemcpyDescSize,
 * aclrtSetMemcpyDesc, aclrtMemcpyAsyncWithDesc), copies through addresses held in memory
 * (aclrtMemcpyAsyncWithOffset) and aclrtMemcpyAsyncWithCondition.
 *
 * A memcpy descriptor lives in device memory the caller allocates with the size
 * aclrtGetMemcpyDescSize reports; aclrtSetMemcpyDesc writes the copy into it and
 * aclrtMemcpyAsyncWithDesc reads it back, so a descriptor can be prepared once and replayed.
 * aclrtMemcpyAsyncWithOffset reads the two addresses from *dst and *src when the task runs (that is
 * its point: the addresses may be produced by earlier work on the stream), adds the offsets, and
 * checks the resulting ranges then; a bad range becomes the stream's error. The condition of
 * aclrtMemcpyAsyncWithCondition concerns how the hardware schedules the copy; the copy itself is
 * aclrtMemcpyAsync's, and its messages name that function.
 */
#include "emu.h"

#include <stdlib.h>
#include <string.h>

#define MEMCPY_DESC_MAGIC 0x4D435044u /* "MCPD" */

typedef struct memcpy_desc {
    uint32_t magic;
    int32_t kind;
    uint64_t src;
    uint64_t dst;
    uint64_t count;
} memcpy_desc;

static aclError check_kind(aclrtMemcpyKind kind, const char *fn)
{
    if (kind < ACL_MEMCPY_HOST_TO_HOST || kind > ACL_MEMCPY_INTER_DEVICE_TO_DEVICE) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown copy kind %d", fn, (int)kind);
    }
    return ACL_SUCCESS;
}

aclError aclrtGetMemcpyDescSize(aclrtMemcpyKind kind, size_t *descSize)
{
    aclError err = check_kind(kind, __func__);
    if (err == ACL_SUCCESS && descSize == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: descSize is NULL", __func__);
    }
    if (err == ACL_SUCCESS) {
        *descSize = sizeof(memcpy_desc);
    }
    return err;
}

aclError aclrtSetMemcpyDesc(void *desc, aclrtMemcpyKind kind, void *srcAddr, void *dstAddr, size_t count,
                            void *config)
{
    (void)config;
    aclError err = check_kind(kind, __func__);
    if (err == ACL_SUCCESS && (desc == NULL || srcAddr == NULL || dstAddr == NULL || count == 0)) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: desc, srcAddr and dstAddr must be set and count "
                               "positive", __func__);
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check_tracked(desc, sizeof(memcpy_desc), true, __func__, "desc");
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check(srcAddr, count, false, __func__, "srcAddr");
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check(dstAddr, count, false, __func__, "dstAddr");
    }
    if (err == ACL_SUCCESS) {
        memcpy_desc d = {MEMCPY_DESC_MAGIC, (int32_t)kind, (uint64_t)(uintptr_t)srcAddr,
                         (uint64_t)(uintptr_t)dstAddr, count};
        memcpy(desc, &d, sizeof d);
    }
    return err;
}

aclError aclrtMemcpyAsyncWithDesc(void *desc, aclrtMemcpyKind kind, aclrtStream stream)
{
    aclError err = check_kind(kind, __func__);
    if (err == ACL_SUCCESS && desc == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: desc is NULL", __func__);
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check_tracked(desc, sizeof(memcpy_desc), true, __func__, "desc");
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    memcpy_desc d;
    memcpy(&d, desc, sizeof d);
    if (d.magic != MEMCPY_DESC_MAGIC) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: desc %p was not set by aclrtSetMemcpyDesc", __func__,
                                desc);
    }
    if (d.kind != (int32_t)kind) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: kind %d differs from the descriptor's kind %d", __func__,
                                (int)kind, (int)d.kind);
    }
    return aclrtMemcpyAsync((void *)(uintptr_t)d.dst, (size_t)d.count, (const void *)(uintptr_t)d.src,
                            (size_t)d.count, kind, stream);
}

aclError aclrtMemcpyAsyncWithCondition(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind,
                                       aclrtStream stream)
{
    return aclrtMemcpyAsync(dst, destMax, src, count, kind, stream);
}

typedef struct offset_task {
    void **dst_slot;
    const void **src_slot;
    size_t dst_offset, src_offset, count, dest_max;
} offset_task;

static aclError run_offset(void *arg)
{
    const offset_task *t = arg;
    const char *fn = "aclrtMemcpyAsyncWithOffset";
    unsigned char *dst;
    const unsigned char *src;
    memcpy(&dst, t->dst_slot, sizeof dst);
    memcpy(&src, t->src_slot, sizeof src);
    if (dst == NULL || src == NULL || (uintptr_t)dst > UINTPTR_MAX - t->dst_offset ||
        (uintptr_t)src > UINTPTR_MAX - t->src_offset) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the address read from %s is NULL or the offset wraps",
                                fn, dst == NULL ? "*dst" : "*src");
    }
    dst += t->dst_offset;
    src += t->src_offset;
    aclError err = aclemu_mem_check_tracked(dst, t->count, false, fn, "*dst + dstDataOffset");
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check_tracked(src, t->count, false, fn, "*src + srcDataOffset");
    }
    if (err == ACL_SUCCESS) {
        memmove(dst, src, t->count);
    }
    return err;
}

static void free_offset(void *arg, bool ran)
{
    (void)ran;
    free(arg);
}

aclError aclrtMemcpyAsyncWithOffset(void **dst, size_t destMax, size_t dstDataOffset, const void **src, size_t count,
                                    size_t srcDataOffset, aclrtMemcpyKind kind, aclrtStream stream)
{
    aclError err = check_kind(kind, __func__);
    if (err == ACL_SUCCESS && (dst == NULL || src == NULL || count == 0 || count > destMax)) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dst and src must be set and 0 < count %zu <= destMax "
                               "%zu", __func__, count, destMax);
    }
    /* the slots holding the addresses must be readable now; what they hold is checked when the task runs */
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check_tracked(dst, sizeof(void *), false, __func__, "dst");
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check_tracked(src, sizeof(void *), false, __func__, "src");
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    offset_task *task = malloc(sizeof *task);
    if (task == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", __func__);
    }
    *task = (offset_task){dst, src, dstDataOffset, srcDataOffset, count, destMax};
    return aclemu_stream_submit(stream, run_offset, task, free_offset, __func__);
}
