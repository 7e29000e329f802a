/* Mapped device memory: address ranges the device may use that are not aclrtMalloc allocations
 * (aclrtMapMem mappings, IPC imports, registered host memory). The areas that create them add
 * and remove them here; memory.c consults the registry wherever it checks the device side of an
 * access, so copies and fills into such ranges pass the same bounds checks as allocations.
 *
 * The ranges are kept sorted by base and never overlap (adding an overlapping one is refused),
 * so one binary search finds the range holding an address. */
#include "core_work.h"

#include <stdlib.h>
#include <string.h>

static pthread_mutex_t mapped_lock = PTHREAD_MUTEX_INITIALIZER;
static rt_mapped_range *ranges; /* sorted by base */
static size_t range_count, range_capacity;

/* Index of the first range with base > p. */
static size_t upper_index_locked(uintptr_t p)
{
    size_t lo = 0, hi = range_count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (ranges[mid].base <= p) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return lo;
}

static bool reserve_slot_locked(void)
{
    if (range_count < range_capacity) {
        return true;
    }
    size_t capacity = range_capacity ? range_capacity * 2 : 32;
    rt_mapped_range *grown = realloc(ranges, capacity * sizeof *grown);
    if (grown == NULL) {
        return false;
    }
    ranges = grown;
    range_capacity = capacity;
    return true;
}

aclError aclemu_mem_add_mapped(const void *base, size_t size, int32_t device, int kind, const char *fn)
{
    uintptr_t start = (uintptr_t)base;
    if (base == NULL || size == 0 || size > UINTPTR_MAX - start) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: mapped range %p + %zu bytes is empty or wraps", fn,
                                base, size);
    }
    aclError err = ACL_SUCCESS;
    pthread_mutex_lock(&mapped_lock);
    size_t at = upper_index_locked(start);
    const rt_mapped_range *before = at > 0 ? &ranges[at - 1] : NULL;
    const rt_mapped_range *after = at < range_count ? &ranges[at] : NULL;
    const rt_mapped_range *overlap = NULL;
    if (before != NULL && start - before->base < before->size) {
        overlap = before;
    } else if (after != NULL && after->base - start < size) {
        overlap = after;
    }
    if (overlap != NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                               "%s: %p + %zu bytes overlaps device-mapped memory at %p (%zu bytes)", fn, base, size,
                               (void *)overlap->base, overlap->size);
    } else if (!reserve_slot_locked()) {
        err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    } else {
        memmove(&ranges[at + 1], &ranges[at], (range_count - at) * sizeof *ranges);
        ranges[at] = (rt_mapped_range){start, size, device, kind, (uint32_t)ACL_RT_MEM_ACCESS_FLAGS_READWRITE};
        range_count++;
    }
    pthread_mutex_unlock(&mapped_lock);
    return err;
}

void aclemu_mem_remove_mapped(const void *base)
{
    uintptr_t start = (uintptr_t)base;
    pthread_mutex_lock(&mapped_lock);
    size_t at = upper_index_locked(start);
    if (at > 0 && ranges[at - 1].base == start) {
        at--;
        memmove(&ranges[at], &ranges[at + 1], (range_count - at - 1) * sizeof *ranges);
        range_count--;
    }
    pthread_mutex_unlock(&mapped_lock);
}

bool aclemu_mem_set_mapped_access(const void *base, uint32_t access)
{
    uintptr_t start = (uintptr_t)base;
    pthread_mutex_lock(&mapped_lock);
    size_t at = upper_index_locked(start);
    bool found = at > 0 && ranges[at - 1].base == start;
    if (found) {
        ranges[at - 1].access = access;
    }
    pthread_mutex_unlock(&mapped_lock);
    return found;
}

bool rt_mapped_find(uintptr_t p, rt_mapped_range *out)
{
    pthread_mutex_lock(&mapped_lock);
    size_t at = upper_index_locked(p);
    bool found = at > 0 && p - ranges[at - 1].base < ranges[at - 1].size;
    if (found && out != NULL) {
        *out = ranges[at - 1];
    }
    pthread_mutex_unlock(&mapped_lock);
    return found;
}
