/* Managed (unified) memory and memory-type queries: aclrtMemAllocManaged, aclrtMemManagedAdvise,
 * aclrtMemManagedGetAttr[s], aclrtMemManagedPrefetch[Batch]Async, aclrtCheckMemType,
 * aclrtGetMemUceInfo, aclrtMemUceRepair, aclrtHostMemMapCapabilities, the atomic capability
 * queries and aclrtMallocForTaskScheduler.
 *
 * Managed memory is a device allocation (freed with aclrtFree) that host and devices share; on the
 * emulator every device's memory is the host's, so there is nothing to migrate. What the runtime
 * keeps per allocation is kept here for real: the advice (read-mostly, preferred location, the
 * set of accessors) and the location of the last prefetch, which a prefetch records when its task
 * runs on the stream. An allocation's record is dropped once aclrtFree has released it.
 *
 * The emulated memory never takes uncorrectable errors, so aclrtGetMemUceInfo reports none and
 * aclrtMemUceRepair has nothing to repair (after checking its addresses). Host and devices share
 * one address space, so every hardware accelerator may map host memory. Atomic capabilities are
 * those of the host CPU's C11 atomics, the same for host-device and device-device pairs since the
 * devices are threads of one process.
 */
#include "emu.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define MANAGED_HOST_ID (-1)

typedef struct managed_range {
    uintptr_t base;
    size_t size;
    int read_mostly;
    aclrtMemManagedLocation preferred;
    aclrtMemManagedLocation last_prefetch;
    uint64_t accessed_by; /* bit d: device d; bit 63: host */
    struct managed_range *next;
} managed_range;

static pthread_mutex_t managed_lock = PTHREAD_MUTEX_INITIALIZER;
static managed_range *managed_list;

/* The live record holding [p, p + size), dropping records of freed allocations on the way. */
static managed_range *find_locked(const void *p, size_t size)
{
    managed_range **link = &managed_list;
    while (*link != NULL) {
        managed_range *r = *link;
        aclemu_alloc a;
        if (!aclemu_mem_find((const void *)r->base, &a) || (uintptr_t)a.base != r->base) {
            *link = r->next;
            free(r);
            continue;
        }
        uintptr_t at = (uintptr_t)p;
        if (at >= r->base && at - r->base < r->size && size <= r->size - (at - r->base)) {
            return r;
        }
        link = &r->next;
    }
    return NULL;
}

aclError aclrtMemAllocManaged(void **ptr, uint64_t size, uint32_t flag)
{
    if (ptr == NULL || size == 0 || size > SIZE_MAX) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: ptr is NULL or size %llu is 0 or too large", __func__,
                                (unsigned long long)size);
    }
    if (flag != ACL_RT_MEM_ATTACH_GLOBAL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: flag %u is not ACL_RT_MEM_ATTACH_GLOBAL", __func__,
                                flag);
    }
    managed_range *r = calloc(1, sizeof *r);
    if (r == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", __func__);
    }
    void *p = NULL;
    aclError err = aclrtMalloc(&p, (size_t)size, ACL_MEM_MALLOC_HUGE_FIRST);
    if (err != ACL_SUCCESS) {
        free(r);
        return err;
    }
    r->base = (uintptr_t)p;
    r->size = (size_t)size;
    r->preferred.type = ACL_MEM_LOCATIONTYPE_INVALID;
    r->last_prefetch.type = ACL_MEM_LOCATIONTYPE_INVALID;
    pthread_mutex_lock(&managed_lock);
    find_locked(NULL, 0); /* sweep records of freed allocations before adding */
    r->next = managed_list;
    managed_list = r;
    pthread_mutex_unlock(&managed_lock);
    *ptr = p;
    return ACL_SUCCESS;
}

static aclError check_location(aclrtMemManagedLocation loc, const char *fn)
{
    switch (loc.type) {
    case ACL_MEM_LOCATIONTYPE_DEVICE:
        if (loc.id < 0 || (uint32_t)loc.id >= aclemu_device_count()) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: device %d does not exist", fn, (int)loc.id);
        }
        return ACL_SUCCESS;
    case ACL_MEM_LOCATIONTYPE_HOST:
    case ACL_MEM_LOCATIONTYPE_HOST_NUMA_CURRENT:
        return ACL_SUCCESS;
    case ACL_MEM_LOCATIONTYPE_HOST_NUMA:
        if (loc.id != 0) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: NUMA node %d does not exist (the emulator has "
                                    "node 0)", fn, (int)loc.id);
        }
        return ACL_SUCCESS;
    default:
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: location type %d is not a location", fn,
                                (int)loc.type);
    }
}

static uint64_t accessor_bit(aclrtMemManagedLocation loc)
{
    return loc.type == ACL_MEM_LOCATIONTYPE_DEVICE ? (uint64_t)1 << (loc.id & 62) : (uint64_t)1 << 63;
}

static managed_range *lock_range(const void *ptr, size_t size, const char *fn, aclError *err)
{
    pthread_mutex_lock(&managed_lock);
    managed_range *r = ptr != NULL && size > 0 ? find_locked(ptr, size) : NULL;
    *err = r != NULL ? ACL_SUCCESS
                     : aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p + %zu bytes is not inside one managed "
                                        "allocation", fn, ptr, size);
    return r;
}

aclError aclrtMemManagedAdvise(const void *const ptr, uint64_t size, aclrtMemManagedAdviseType advise,
                               aclrtMemManagedLocation location)
{
    bool needs_location = advise == ACL_MEM_ADVISE_SET_PREFERRED_LOCATION || advise == ACL_MEM_ADVISE_SET_ACCESSED_BY ||
                          advise == ACL_MEM_ADVISE_UNSET_ACCESSED_BY;
    if (advise < ACL_MEM_ADVISE_SET_READ_MOSTLY || advise > ACL_MEM_ADVISE_UNSET_ACCESSED_BY) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: advise %d is not an advice", __func__, (int)advise);
    }
    aclError err = needs_location ? check_location(location, __func__) : ACL_SUCCESS;
    if (err != ACL_SUCCESS) {
        return err;
    }
    managed_range *r = lock_range(ptr, size > SIZE_MAX ? 0 : (size_t)size, __func__, &err);
    if (r != NULL) {
        switch (advise) {
        case ACL_MEM_ADVISE_SET_READ_MOSTLY: r->read_mostly = 1; break;
        case ACL_MEM_ADVISE_UNSET_READ_MOSTLY: r->read_mostly = 0; break;
        case ACL_MEM_ADVISE_SET_PREFERRED_LOCATION: r->preferred = location; break;
        case ACL_MEM_ADVISE_UNSET_PREFERRED_LOCATION:
            r->preferred = (aclrtMemManagedLocation){ACL_MEM_LOCATIONTYPE_INVALID, 0};
            break;
        case ACL_MEM_ADVISE_SET_ACCESSED_BY: r->accessed_by |= accessor_bit(location); break;
        default: r->accessed_by &= ~accessor_bit(location); break;
        }
    }
    pthread_mutex_unlock(&managed_lock);
    return err;
}

static aclError write_int(void *data, size_t dataSize, int32_t value, const char *fn)
{
    if (dataSize < sizeof value) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dataSize %zu is below 4", fn, dataSize);
    }
    memcpy(data, &value, sizeof value);
    return ACL_SUCCESS;
}

static aclError write_location(void *data, size_t dataSize, aclrtMemManagedLocation loc, const char *fn)
{
    if (dataSize < sizeof loc) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dataSize %zu is below %zu", fn, dataSize, sizeof loc);
    }
    memcpy(data, &loc, sizeof loc);
    return ACL_SUCCESS;
}

static aclError get_attr_locked(const managed_range *r, aclrtMemManagedRangeAttribute attribute, void *data,
                                size_t dataSize, const char *fn)
{
    if (data == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: data is NULL", fn);
    }
    switch (attribute) {
    case ACL_MEM_RANGE_ATTRIBUTE_READ_MOSTLY: return write_int(data, dataSize, r->read_mostly, fn);
    case ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION: return write_location(data, dataSize, r->preferred, fn);
    case ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE: return write_int(data, dataSize, r->preferred.type, fn);
    case ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_ID: return write_int(data, dataSize, r->preferred.id, fn);
    case ACL_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION: return write_location(data, dataSize, r->last_prefetch, fn);
    case ACL_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_TYPE:
        return write_int(data, dataSize, r->last_prefetch.type, fn);
    case ACL_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_ID: return write_int(data, dataSize, r->last_prefetch.id, fn);
    case ACL_MEM_RANGE_ATTRIBUTE_ACCESSED_BY: {
        /* every slot is written: the accessors first (devices in order, then the host), then INVALID */
        size_t slots = dataSize / sizeof(aclrtMemManagedLocation), at = 0;
        if (slots == 0) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dataSize %zu holds no location", fn, dataSize);
        }
        aclrtMemManagedLocation *out = data;
        for (uint32_t d = 0; d < 63 && at < slots; d++) {
            if (r->accessed_by & ((uint64_t)1 << d)) {
                out[at++] = (aclrtMemManagedLocation){ACL_MEM_LOCATIONTYPE_DEVICE, (int32_t)d};
            }
        }
        if ((r->accessed_by >> 63) && at < slots) {
            out[at++] = (aclrtMemManagedLocation){ACL_MEM_LOCATIONTYPE_HOST, MANAGED_HOST_ID};
        }
        while (at < slots) {
            out[at++] = (aclrtMemManagedLocation){ACL_MEM_LOCATIONTYPE_INVALID, 0};
        }
        return ACL_SUCCESS;
    }
    default:
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: attribute %d is not a range attribute", fn,
                                (int)attribute);
    }
}

aclError aclrtMemManagedGetAttr(aclrtMemManagedRangeAttribute attribute, const void *ptr, size_t size, void *data,
                                size_t dataSize)
{
    aclError err;
    managed_range *r = lock_range(ptr, size, __func__, &err);
    if (r != NULL) {
        err = get_attr_locked(r, attribute, data, dataSize, __func__);
    }
    pthread_mutex_unlock(&managed_lock);
    return err;
}

aclError aclrtMemManagedGetAttrs(aclrtMemManagedRangeAttribute *attributes, size_t numAttributes, const void *ptr,
                                 size_t size, void **data, size_t *dataSizes)
{
    if (attributes == NULL || data == NULL || dataSizes == NULL || numAttributes == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: attributes, data and dataSizes must be set and "
                                "numAttributes positive", __func__);
    }
    aclError err;
    managed_range *r = lock_range(ptr, size, __func__, &err);
    for (size_t i = 0; r != NULL && err == ACL_SUCCESS && i < numAttributes; i++) {
        err = get_attr_locked(r, attributes[i], data[i], dataSizes[i], __func__);
    }
    pthread_mutex_unlock(&managed_lock);
    return err;
}

typedef struct prefetch_task {
    uintptr_t base;
    aclrtMemManagedLocation location;
} prefetch_task;

static aclError run_prefetch(void *arg)
{
    const prefetch_task *t = arg;
    pthread_mutex_lock(&managed_lock);
    managed_range *r = find_locked((const void *)t->base, 1);
    if (r != NULL) { /* freed meanwhile: nothing left to record */
        r->last_prefetch = t->location;
    }
    pthread_mutex_unlock(&managed_lock);
    return ACL_SUCCESS;
}

static void free_prefetch(void *arg, bool ran)
{
    (void)ran;
    free(arg);
}

static aclError submit_prefetch(const void *ptr, size_t size, aclrtMemManagedLocation location, aclrtStream stream,
                                const char *fn)
{
    aclError err = check_location(location, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    managed_range *r = lock_range(ptr, size, fn, &err);
    uintptr_t base = r != NULL ? r->base : 0;
    pthread_mutex_unlock(&managed_lock);
    if (err != ACL_SUCCESS) {
        return err;
    }
    prefetch_task *task = malloc(sizeof *task);
    if (task == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    *task = (prefetch_task){base, location};
    return aclemu_stream_submit(stream, run_prefetch, task, free_prefetch, fn);
}

aclError aclrtMemManagedPrefetchAsync(const void *ptr, size_t size, aclrtMemManagedLocation location, uint32_t flags,
                                      aclrtStream stream)
{
    (void)flags;
    return submit_prefetch(ptr, size, location, stream, __func__);
}

aclError aclrtMemManagedPrefetchBatchAsync(const void **ptrs, size_t *sizes, size_t count,
                                           aclrtMemManagedLocation *prefetchLocs, size_t *prefetchLocIdxs,
                                           size_t numPrefetchLocs, uint64_t flags, aclrtStream stream)
{
    (void)flags;
    if (ptrs == NULL || sizes == NULL || prefetchLocs == NULL || prefetchLocIdxs == NULL || count == 0 ||
        numPrefetchLocs == 0 || numPrefetchLocs > count || count > SIZE_MAX / sizeof(void *)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the arrays must be set and 1 <= numPrefetchLocs %zu <= "
                                "count %zu", __func__, numPrefetchLocs, count);
    }
    aclError err = aclemu_mem_check(ptrs, count * sizeof *ptrs, false, __func__, "ptrs");
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check(sizes, count * sizeof *sizes, false, __func__, "sizes");
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check(prefetchLocs, numPrefetchLocs * sizeof *prefetchLocs, false, __func__, "prefetchLocs");
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check(prefetchLocIdxs, numPrefetchLocs * sizeof *prefetchLocIdxs, false, __func__,
                               "prefetchLocIdxs");
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    for (size_t j = 0; j < numPrefetchLocs; j++) {
        bool ordered = j == 0 ? prefetchLocIdxs[0] == 0 : prefetchLocIdxs[j] > prefetchLocIdxs[j - 1];
        if (!ordered || prefetchLocIdxs[j] >= count) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: prefetchLocIdxs must start at 0 and rise below "
                                    "count (prefetchLocIdxs[%zu] = %zu)", __func__, j, prefetchLocIdxs[j]);
        }
    }
    /* entry i goes to the location of the last index at or before i; all are checked before any is queued */
    for (int pass = 0; pass < 2; pass++) {
        size_t loc = 0;
        for (size_t i = 0; i < count; i++) {
            while (loc + 1 < numPrefetchLocs && prefetchLocIdxs[loc + 1] <= i) {
                loc++;
            }
            err = ACL_SUCCESS;
            if (pass == 0) {
                managed_range *r = lock_range(ptrs[i], sizes[i], __func__, &err);
                (void)r;
                pthread_mutex_unlock(&managed_lock);
                if (err == ACL_SUCCESS) {
                    err = check_location(prefetchLocs[loc], __func__);
                }
            } else {
                err = submit_prefetch(ptrs[i], sizes[i], prefetchLocs[loc], stream, __func__);
            }
            if (err != ACL_SUCCESS) {
                return err;
            }
        }
    }
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------------------- memory-type queries */

aclError aclrtCheckMemType(void **addrList, uint32_t size, uint32_t memType, uint32_t *checkResult, uint32_t reserve)
{
    (void)reserve;
    if (addrList == NULL || checkResult == NULL || size == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: addrList and checkResult must be set and size positive",
                                __func__);
    }
    uint32_t known = ACL_RT_MEM_TYPE_DEV | ACL_RT_MEM_TYPE_DVPP | ACL_RT_MEM_TYPE_RSVD;
    if (memType == 0 || (memType & ~known) != 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: memType 0x%x is not a set of ACL_RT_MEM_TYPE_* bits",
                                __func__, memType);
    }
    aclError err = aclemu_mem_check(addrList, (size_t)size * sizeof *addrList, false, __func__, "addrList");
    if (err != ACL_SUCCESS) {
        return err;
    }
    uint32_t all = 1;
    for (uint32_t i = 0; i < size && all; i++) {
        aclemu_alloc a;
        bool device = aclemu_mem_find(addrList[i], &a) && a.where == ACLEMU_MEM_DEVICE;
        bool dvpp = device && aclemu_mem_is_dvpp(addrList[i]);
        /* reserved (VMM) ranges are not device allocations here and never match */
        all = (dvpp && (memType & ACL_RT_MEM_TYPE_DVPP)) || (device && !dvpp && (memType & ACL_RT_MEM_TYPE_DEV));
    }
    *checkResult = all;
    return ACL_SUCCESS;
}

static aclError check_device_id(int64_t deviceId, const char *fn)
{
    if (deviceId < 0 || deviceId >= (int64_t)aclemu_device_count()) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: device %lld does not exist", fn, (long long)deviceId);
    }
    return ACL_SUCCESS;
}

aclError aclrtGetMemUceInfo(int32_t deviceId, aclrtMemUceInfo *memUceInfoArray, size_t arraySize, size_t *retSize)
{
    aclError err = check_device_id(deviceId, __func__);
    if (err == ACL_SUCCESS && (memUceInfoArray == NULL || retSize == NULL || arraySize == 0)) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: memUceInfoArray and retSize must be set and arraySize "
                               "positive", __func__);
    }
    if (err == ACL_SUCCESS) {
        *retSize = 0; /* emulated memory takes no uncorrectable errors */
    }
    return err;
}

aclError aclrtMemUceRepair(int32_t deviceId, aclrtMemUceInfo *memUceInfoArray, size_t arraySize)
{
    aclError err = check_device_id(deviceId, __func__);
    if (err == ACL_SUCCESS && (memUceInfoArray == NULL || arraySize == 0 || arraySize > ACL_RT_MEM_UCE_INFO_MAX_NUM)) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: memUceInfoArray must be set and 1 <= arraySize %zu <= "
                               "%d", __func__, arraySize, ACL_RT_MEM_UCE_INFO_MAX_NUM);
    }
    for (size_t i = 0; err == ACL_SUCCESS && i < arraySize; i++) {
        err = aclemu_mem_check_tracked(memUceInfoArray[i].addr, memUceInfoArray[i].len, true, __func__, "addr");
    }
    return err;
}

aclError aclrtHostMemMapCapabilities(uint32_t deviceId, aclrtHacType hacType, aclrtHostMemMapCapability *capabilities)
{
    aclError err = check_device_id(deviceId, __func__);
    if (err == ACL_SUCCESS && (hacType < ACL_RT_HAC_TYPE_STARS || hacType > ACL_RT_HAC_TYPE_CCU)) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: hacType %d is not an accelerator", __func__,
                               (int)hacType);
    }
    if (err == ACL_SUCCESS && capabilities == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: capabilities is NULL", __func__);
    }
    if (err == ACL_SUCCESS) {
        *capabilities = ACL_RT_HOST_MEM_MAP_SUPPORTED;
    }
    return err;
}

/* What the host's C11 atomics offer for one operation. */
static uint32_t atomic_capability(aclrtAtomicOperation op)
{
    const uint32_t scalars = ACL_RT_ATOMIC_CAPABILITY_SCALAR32 | ACL_RT_ATOMIC_CAPABILITY_SCALAR64;
    const uint32_t ints = ACL_RT_ATOMIC_CAPABILITY_SIGNED | ACL_RT_ATOMIC_CAPABILITY_UNSIGNED | scalars;
    switch (op) {
    case ACL_RT_ATOMIC_OPERATION_INTEGER_ADD:
    case ACL_RT_ATOMIC_OPERATION_INTEGER_MIN:
    case ACL_RT_ATOMIC_OPERATION_INTEGER_MAX:
    case ACL_RT_ATOMIC_OPERATION_INTEGER_INCREMENT:
    case ACL_RT_ATOMIC_OPERATION_INTEGER_DECREMENT:
    case ACL_RT_ATOMIC_OPERATION_AND:
    case ACL_RT_ATOMIC_OPERATION_OR:
    case ACL_RT_ATOMIC_OPERATION_XOR:
    case ACL_RT_ATOMIC_OPERATION_EXCHANGE:
    case ACL_RT_ATOMIC_OPERATION_CAS:
        return ints;
    case ACL_RT_ATOMIC_OPERATION_FLOAT_ADD:
    case ACL_RT_ATOMIC_OPERATION_FLOAT_MIN:
    case ACL_RT_ATOMIC_OPERATION_FLOAT_MAX:
        return scalars; /* a compare-and-swap loop on the float's bits */
    default:
        return 0; /* DMA and SIMD atomics are engines a CPU does not have */
    }
}

static aclError atomic_query(uint32_t *capabilities, const aclrtAtomicOperation *operations, uint32_t count,
                             const char *fn)
{
    if (capabilities == NULL || operations == NULL || count == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: capabilities and operations must be set and count "
                                "positive", fn);
    }
    aclError err = aclemu_mem_check(operations, (size_t)count * sizeof *operations, false, fn, "operations");
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check(capabilities, (size_t)count * sizeof *capabilities, false, fn, "capabilities");
    }
    for (uint32_t i = 0; err == ACL_SUCCESS && i < count; i++) {
        capabilities[i] = atomic_capability(operations[i]);
    }
    return err;
}

aclError aclrtDeviceGetHostAtomicCapabilities(uint32_t *capabilities, const aclrtAtomicOperation *operations,
                                              const uint32_t count, int32_t deviceId)
{
    aclError err = check_device_id(deviceId, __func__);
    return err == ACL_SUCCESS ? atomic_query(capabilities, operations, count, __func__) : err;
}

aclError aclrtDeviceGetP2PAtomicCapabilities(uint32_t *capabilities, const aclrtAtomicOperation *operations,
                                             const uint32_t count, int32_t srcDeviceId, int32_t dstDeviceId)
{
    aclError err = check_device_id(srcDeviceId, __func__);
    if (err == ACL_SUCCESS) {
        err = check_device_id(dstDeviceId, __func__);
    }
    return err == ACL_SUCCESS ? atomic_query(capabilities, operations, count, __func__) : err;
}

aclError aclrtMallocForTaskScheduler(void **devPtr, size_t size, aclrtMemMallocPolicy policy, aclrtMallocConfig *cfg)
{
    /* the task scheduler's memory is ordinary device memory to a CPU */
    return aclrtMallocWithCfg(devPtr, size, policy, cfg);
}
