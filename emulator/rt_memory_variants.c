/* Memory functions built on the core's tracked memory: 32-bit memsets (aclrtMemsetD32[Async]),
 * batched copies (aclrtMemcpyBatch[Async][V2]) and host memory registration (aclrtHostRegister[V2],
 * aclrtHostGetDevicePointer, aclrtHostUnregister).
 *
 * Device memory is host memory here, so a registered host range is its own device address: the
 * registry remembers ranges so that lookups, overlaps and unregistration behave as on the
 * runtime, and registers each with the core as mapped memory so that copies and fills may use it
 * as device memory. Choices where the documentation is silent: registering a range that overlaps a
 * registered one is refused (ACL_ERROR_INVALID_PARAM); aclrtHostGetDevicePointer answers for any
 * address inside a registered range; a batch copy stops at the first failing entry and reports
 * its index in *failIndex (SIZE_MAX when the arguments themselves are wrong).
 */
#define _DEFAULT_SOURCE /* msync under -std=c11 */
#include "emu.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* ------------------------------------------------------------ 32-bit memsets */

typedef struct fill_task {
    uint32_t *dst;
    uint32_t value;
    size_t count;
} fill_task;

static aclError run_fill(void *arg)
{
    fill_task *task = arg;
    for (size_t i = 0; i < task->count; i++) {
        memcpy(&task->dst[i], &task->value, sizeof task->value); /* ptr may be unaligned */
    }
    return ACL_SUCCESS;
}

static void free_task(void *arg, bool ran)
{
    (void)ran;
    free(arg);
}

static aclError check_fill(void *ptr, size_t memSize, size_t N, const char *fn)
{
    if (ptr == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: ptr is NULL", fn);
    }
    if (N > SIZE_MAX / sizeof(uint32_t) || N * sizeof(uint32_t) > memSize) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %zu 32-bit values do not fit in memSize %zu", fn, N,
                                memSize);
    }
    return aclemu_mem_check_tracked(ptr, N * sizeof(uint32_t), false, fn, "ptr");
}

aclError aclrtMemsetD32(void *ptr, size_t memSize, uint32_t value, size_t N)
{
    aclError err = check_fill(ptr, memSize, N, __func__);
    if (err == ACL_SUCCESS) {
        fill_task task = {ptr, value, N};
        run_fill(&task);
    }
    return err;
}

aclError aclrtMemsetD32Async(void *ptr, size_t memSize, uint32_t value, size_t N, aclrtStream stream)
{
    aclError err = check_fill(ptr, memSize, N, __func__);
    if (err == ACL_SUCCESS) {
        err = aclemu_stream_check(stream, __func__);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    fill_task *task = malloc(sizeof *task);
    if (task == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", __func__);
    }
    *task = (fill_task){ptr, value, N};
    return aclemu_stream_submit(stream, run_fill, task, free_task, __func__);
}

/* ------------------------------------------------------------- batch copies */

typedef struct batch_task {
    size_t count;
    void **dsts;
    void **srcs;
    size_t *sizes;
} batch_task;

static aclError run_batch(void *arg)
{
    batch_task *task = arg;
    for (size_t i = 0; i < task->count; i++) {
        memmove(task->dsts[i], task->srcs[i], task->sizes[i]);
    }
    return ACL_SUCCESS;
}

static void free_batch(void *arg, bool ran)
{
    (void)ran;
    batch_task *task = arg;
    free(task->dsts);
    free(task->srcs);
    free(task->sizes);
    free(task);
}

/* Check every argument of a batch; on a bad entry *failIndex names it. */
static aclError check_batch(void **dsts, size_t *destMaxs, void **srcs, size_t *sizes, size_t numBatches,
                            aclrtMemcpyBatchAttr *attrs, size_t *attrsIndexes, size_t numAttrs, size_t *failIndex,
                            const char *fn)
{
    if (failIndex == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: failIndex is NULL", fn);
    }
    *failIndex = SIZE_MAX;
    if (dsts == NULL || destMaxs == NULL || srcs == NULL || sizes == NULL || attrs == NULL || attrsIndexes == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: an array argument is NULL", fn);
    }
    if (numBatches == 0 || numAttrs == 0 || numAttrs > numBatches || numBatches > SIZE_MAX / sizeof(void *) ||
        numAttrs > SIZE_MAX / sizeof *attrs) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: numBatches %zu and numAttrs %zu must be 1 <= numAttrs "
                                "<= numBatches", fn, numBatches, numAttrs);
    }
    /* the arrays are host memory whose size C cannot learn, except when they lie in tracked memory:
     * there they must hold their counts of entries */
    aclError err = aclemu_mem_check(dsts, numBatches * sizeof *dsts, false, fn, "dsts");
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check(destMaxs, numBatches * sizeof *destMaxs, false, fn, "destMaxs");
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check(srcs, numBatches * sizeof *srcs, false, fn, "srcs");
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check(sizes, numBatches * sizeof *sizes, false, fn, "sizes");
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check(attrs, numAttrs * sizeof *attrs, false, fn, "attrs");
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check(attrsIndexes, numAttrs * sizeof *attrsIndexes, false, fn, "attrsIndexes");
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    for (size_t j = 0; j < numAttrs; j++) {
        bool ordered = j == 0 ? attrsIndexes[0] == 0 : attrsIndexes[j] > attrsIndexes[j - 1];
        if (!ordered || attrsIndexes[j] >= numBatches) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: attrsIndexes must start at 0 and rise below "
                                    "numBatches (attrsIndexes[%zu] = %zu)", fn, j, attrsIndexes[j]);
        }
    }
    for (size_t i = 0; i < numBatches; i++) {
        aclError err = ACL_SUCCESS;
        if (sizes[i] > destMaxs[i]) {
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: sizes[%zu] %zu exceeds destMaxs[%zu] %zu", fn, i,
                                   sizes[i], i, destMaxs[i]);
        }
        if (err == ACL_SUCCESS) {
            err = aclemu_mem_check(dsts[i], sizes[i], false, fn, "dsts[i]");
        }
        if (err == ACL_SUCCESS) {
            err = aclemu_mem_check(srcs[i], sizes[i], false, fn, "srcs[i]");
        }
        if (err != ACL_SUCCESS) {
            *failIndex = i;
            return err;
        }
    }
    return ACL_SUCCESS;
}

static aclError batch_sync(void **dsts, size_t *destMaxs, void **srcs, size_t *sizes, size_t numBatches,
                           aclrtMemcpyBatchAttr *attrs, size_t *attrsIndexes, size_t numAttrs, size_t *failIndex,
                           const char *fn)
{
    aclError err = check_batch(dsts, destMaxs, srcs, sizes, numBatches, attrs, attrsIndexes, numAttrs, failIndex,
                               fn);
    if (err == ACL_SUCCESS) {
        batch_task task = {numBatches, dsts, srcs, sizes};
        run_batch(&task);
    }
    return err;
}

static aclError batch_async(void **dsts, size_t *destMaxs, void **srcs, size_t *sizes, size_t numBatches,
                            aclrtMemcpyBatchAttr *attrs, size_t *attrsIndexes, size_t numAttrs, size_t *failIndex,
                            aclrtStream stream, const char *fn)
{
    aclError err = check_batch(dsts, destMaxs, srcs, sizes, numBatches, attrs, attrsIndexes, numAttrs, failIndex,
                               fn);
    if (err == ACL_SUCCESS) {
        err = aclemu_stream_check(stream, fn);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    /* the caller's arrays may be gone by the time the stream runs: keep copies */
    batch_task *task = calloc(1, sizeof *task);
    if (task != NULL) {
        task->dsts = malloc(numBatches * sizeof *task->dsts);
        task->srcs = malloc(numBatches * sizeof *task->srcs);
        task->sizes = malloc(numBatches * sizeof *task->sizes);
    }
    if (task == NULL || task->dsts == NULL || task->srcs == NULL || task->sizes == NULL) {
        if (task != NULL) {
            free_batch(task, false);
        }
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    task->count = numBatches;
    memcpy(task->dsts, dsts, numBatches * sizeof *dsts);
    memcpy(task->srcs, srcs, numBatches * sizeof *srcs);
    memcpy(task->sizes, sizes, numBatches * sizeof *sizes);
    return aclemu_stream_submit(stream, run_batch, task, free_batch, fn);
}

aclError aclrtMemcpyBatch(void **dsts, size_t *destMaxs, void **srcs, size_t *sizes, size_t numBatches,
                          aclrtMemcpyBatchAttr *attrs, size_t *attrsIndexes, size_t numAttrs, size_t *failIndex)
{
    return batch_sync(dsts, destMaxs, srcs, sizes, numBatches, attrs, attrsIndexes, numAttrs, failIndex, __func__);
}

aclError aclrtMemcpyBatchV2(void **dsts, size_t *destMaxs, void **srcs, size_t *sizes, size_t numBatches,
                            aclrtMemcpyBatchAttr *attrs, size_t *attrsIndexes, size_t numAttrs)
{
    size_t failIndex;
    return batch_sync(dsts, destMaxs, srcs, sizes, numBatches, attrs, attrsIndexes, numAttrs, &failIndex, __func__);
}

aclError aclrtMemcpyBatchAsync(void **dsts, size_t *destMaxs, void **srcs, size_t *sizes, size_t numBatches,
                               aclrtMemcpyBatchAttr *attrs, size_t *attrsIndexes, size_t numAttrs, size_t *failIndex,
                               aclrtStream stream)
{
    return batch_async(dsts, destMaxs, srcs, sizes, numBatches, attrs, attrsIndexes, numAttrs, failIndex, stream,
                       __func__);
}

aclError aclrtMemcpyBatchAsyncV2(void **dsts, size_t *destMaxs, void **srcs, size_t *sizes, size_t numBatches,
                                 aclrtMemcpyBatchAttr *attrs, size_t *attrsIndexes, size_t numAttrs,
                                 aclrtStream stream)
{
    size_t failIndex;
    return batch_async(dsts, destMaxs, srcs, sizes, numBatches, attrs, attrsIndexes, numAttrs, &failIndex, stream,
                       __func__);
}

/* ------------------------------------------------------------ host registration */

typedef struct registered_range {
    uintptr_t base;
    uint64_t size;
    struct registered_range *next;
} registered_range;

static pthread_mutex_t register_lock = PTHREAD_MUTEX_INITIALIZER;
static registered_range *registered;

static registered_range **range_at_locked(uintptr_t p)
{
    for (registered_range **at = &registered; *at != NULL; at = &(*at)->next) {
        if (p >= (*at)->base && p - (*at)->base < (*at)->size) {
            return at;
        }
    }
    return NULL;
}

/* A registered range becomes device memory that copies and fills write through, so it must be
 * memory of this process: msync reports ENOMEM when any page of the range is not mapped. */
static bool range_is_mapped(uintptr_t start, uint64_t size)
{
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t first = start - start % page;
    return msync((void *)first, (size_t)(start - first + size), MS_ASYNC) == 0;
}

static aclError register_range(void *ptr, uint64_t size, const char *fn)
{
    int32_t device;
    aclError err = aclemu_require_device(fn, &device);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (ptr == NULL || size == 0 || size > UINTPTR_MAX - (uintptr_t)ptr) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: ptr is NULL or size %llu is 0 or too large", fn,
                                (unsigned long long)size);
    }
    uintptr_t start = (uintptr_t)ptr;
    if (!range_is_mapped(start, size)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p + %llu bytes is not memory of this process", fn, ptr,
                                (unsigned long long)size);
    }
    registered_range *r = malloc(sizeof *r);
    if (r == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    pthread_mutex_lock(&register_lock);
    for (registered_range *other = registered; other != NULL; other = other->next) {
        if (start < other->base + other->size && other->base < start + size) {
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p + %llu bytes overlaps the range registered at %p",
                                   fn, ptr, (unsigned long long)size, (void *)other->base);
            break;
        }
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_add_mapped(ptr, (size_t)size, device, ACLEMU_MAPPED_HOST_REGISTERED, fn);
    }
    if (err == ACL_SUCCESS) {
        *r = (registered_range){start, size, registered};
        registered = r;
    } else {
        free(r);
    }
    pthread_mutex_unlock(&register_lock);
    return err;
}

aclError aclrtHostRegister(void *ptr, uint64_t size, aclrtHostRegisterType type, void **devPtr)
{
    if (devPtr == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: devPtr is NULL", __func__);
    }
    if (type != ACL_HOST_REGISTER_MAPPED && type != ACL_HOST_REGISTER_IOMEMORY && type != ACL_HOST_REGISTER_READONLY) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: type %d is not an aclrtHostRegisterType", __func__,
                                (int)type);
    }
    aclError err = register_range(ptr, size, __func__);
    if (err == ACL_SUCCESS) {
        *devPtr = ptr;
    }
    return err;
}

aclError aclrtHostRegisterV2(void *ptr, uint64_t size, uint32_t flag)
{
    if (flag > ((uint32_t)ACL_HOST_REGISTER_IOMEMORY | (uint32_t)ACL_HOST_REGISTER_READONLY)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: flag %u has bits no ACL_HOST_REGISTER_* value has",
                                __func__, flag);
    }
    return register_range(ptr, size, __func__);
}

aclError aclrtHostGetDevicePointer(void *pHost, void **pDevice, uint32_t flag)
{
    if (pHost == NULL || pDevice == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", __func__,
                                pHost == NULL ? "pHost" : "pDevice");
    }
    if (flag != 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: flag must be 0, got %u", __func__, flag);
    }
    pthread_mutex_lock(&register_lock);
    bool known = range_at_locked((uintptr_t)pHost) != NULL;
    pthread_mutex_unlock(&register_lock);
    if (!known) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not inside memory registered with "
                                "aclrtHostRegister", __func__, pHost);
    }
    *pDevice = pHost;
    return ACL_SUCCESS;
}

aclError aclrtHostUnregister(void *ptr)
{
    pthread_mutex_lock(&register_lock);
    registered_range **at = range_at_locked((uintptr_t)ptr);
    aclError err = ACL_SUCCESS;
    if (at == NULL || (*at)->base != (uintptr_t)ptr) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not the start of a registered range", __func__,
                               ptr);
    } else {
        registered_range *r = *at;
        *at = r->next;
        aclemu_mem_remove_mapped(ptr);
        free(r);
    }
    pthread_mutex_unlock(&register_lock);
    return err;
}

/* Registrations belong to the process: aclFinalize (device -1) forgets what was left. */
static size_t release_registrations(int32_t device, const char *fn)
{
    if (device >= 0) {
        return 0;
    }
    size_t count = 0;
    pthread_mutex_lock(&register_lock);
    while (registered != NULL) {
        registered_range *r = registered;
        registered = r->next;
        aclemu_mem_remove_mapped((void *)r->base);
        free(r);
        count++;
    }
    pthread_mutex_unlock(&register_lock);
    if (count > 0 && aclemu_strict()) {
        aclemu_diag("%s: %zu host ranges were never unregistered", fn, count);
    }
    return count;
}

__attribute__((constructor)) static void register_host_release(void)
{
    aclemu_on_release(release_registrations);
}
