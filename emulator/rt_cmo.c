/* Cache maintenance operations: aclrtCmoAsync[WithBarrier|WithDesc], aclrtCmoGetDescSize,
 * aclrtCmoSetDesc, aclrtCmoWaitBarrier, aclrtMemFlush, aclrtMemInvalidate, aclrtDeviceL2CacheFlush.
 *
 * The emulated device's memory is the host's, and a CPU keeps its caches coherent in hardware: a
 * prefetch, write-back, invalidate or flush changes no byte anyone can observe. What remains real is
 * everything else the runtime does with them: the arguments are validated with its error codes, the
 * asynchronous forms are tasks in stream order (an event recorded after one completes after it), and
 * a descriptor is written into and read back from the device memory the caller provides.
 */
#include "emu.h"

#include <string.h>

#define CMO_DESC_MAGIC 0x434D4F44u /* "CMOD" */

/* Layout of a CMO descriptor in the caller's device memory. */
typedef struct cmo_desc {
    uint32_t magic;
    uint32_t reserved;
    uint64_t src;
    uint64_t size;
} cmo_desc;

static aclError check_range(const void *src, size_t size, const char *fn, const char *what)
{
    if (src == NULL || size == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL or size is 0", fn, what);
    }
    return aclemu_mem_check_tracked(src, size, true, fn, what);
}

static aclError check_type(aclrtCmoType cmoType, const char *fn)
{
    if (cmoType < ACL_RT_CMO_TYPE_PREFETCH || cmoType > ACL_RT_CMO_TYPE_FLUSH) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: cmoType %d is not a cache operation", fn,
                                (int)cmoType);
    }
    return ACL_SUCCESS;
}

static aclError run_coherent(void *arg)
{
    (void)arg; /* coherent caches: nothing to write back or drop */
    return ACL_SUCCESS;
}

static aclError submit_cmo(const void *src, size_t size, aclrtCmoType cmoType, aclrtStream stream, const char *fn)
{
    aclError err = check_type(cmoType, fn);
    if (err == ACL_SUCCESS) {
        err = check_range(src, size, fn, "src");
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    return aclemu_stream_submit(stream, run_coherent, NULL, NULL, fn);
}

aclError aclrtCmoAsync(void *src, size_t size, aclrtCmoType cmoType, aclrtStream stream)
{
    return submit_cmo(src, size, cmoType, stream, __func__);
}

aclError aclrtCmoAsyncWithBarrier(void *src, size_t size, aclrtCmoType cmoType, uint32_t barrierId,
                                  aclrtStream stream)
{
    (void)barrierId; /* a barrier waits for earlier tasks of the stream, which stream order already does */
    return submit_cmo(src, size, cmoType, stream, __func__);
}

aclError aclrtCmoWaitBarrier(aclrtBarrierTaskInfo *taskInfo, aclrtStream stream, uint32_t flag)
{
    (void)flag;
    if (taskInfo == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: taskInfo is NULL", __func__);
    }
    aclError err = aclemu_mem_check(taskInfo, sizeof *taskInfo, false, __func__, "taskInfo");
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (taskInfo->barrierNum == 0 || taskInfo->barrierNum > ACL_RT_CMO_MAX_BARRIER_NUM) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: barrierNum %zu is outside 1..%u", __func__,
                                taskInfo->barrierNum, ACL_RT_CMO_MAX_BARRIER_NUM);
    }
    for (size_t i = 0; i < taskInfo->barrierNum; i++) {
        err = check_type(taskInfo->cmoInfo[i].cmoType, __func__);
        if (err != ACL_SUCCESS) {
            return err;
        }
    }
    return aclemu_stream_submit(stream, run_coherent, NULL, NULL, __func__);
}

aclError aclrtCmoGetDescSize(size_t *size)
{
    if (size == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: size is NULL", __func__);
    }
    *size = sizeof(cmo_desc);
    return ACL_SUCCESS;
}

aclError aclrtCmoSetDesc(void *cmoDesc, void *src, size_t size)
{
    aclError err = check_range(cmoDesc, sizeof(cmo_desc), __func__, "cmoDesc");
    if (err == ACL_SUCCESS) {
        err = check_range(src, size, __func__, "src");
    }
    if (err == ACL_SUCCESS) {
        cmo_desc desc = {CMO_DESC_MAGIC, 0, (uint64_t)(uintptr_t)src, size};
        memcpy(cmoDesc, &desc, sizeof desc);
    }
    return err;
}

aclError aclrtCmoAsyncWithDesc(void *cmoDesc, aclrtCmoType cmoType, aclrtStream stream, const void *reserve)
{
    (void)reserve;
    aclError err = check_range(cmoDesc, sizeof(cmo_desc), __func__, "cmoDesc");
    if (err != ACL_SUCCESS) {
        return err;
    }
    cmo_desc desc;
    memcpy(&desc, cmoDesc, sizeof desc);
    if (desc.magic != CMO_DESC_MAGIC) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: cmoDesc %p was not set by aclrtCmoSetDesc", __func__,
                                cmoDesc);
    }
    /* the range may have been freed since the descriptor was set */
    return submit_cmo((const void *)(uintptr_t)desc.src, (size_t)desc.size, cmoType, stream, __func__);
}

aclError aclrtMemFlush(void *devPtr, size_t size)
{
    return check_range(devPtr, size, __func__, "devPtr");
}

aclError aclrtMemInvalidate(void *devPtr, size_t size)
{
    return check_range(devPtr, size, __func__, "devPtr");
}

aclError aclrtDeviceL2CacheFlush(void *rsv)
{
    (void)rsv;
    int32_t device;
    return aclemu_require_device(__func__, &device);
}
