/* Tracked memory: device memory is host memory, but every allocation is recorded so that
 * bad pointers, double frees, out-of-bounds copies and (strict mode) kind mismatches,
 * use after free and leaks are reported with exact error codes instead of crashing.
 *
 * Codes: argument errors the acl layer checks (NULL, count > destMax, bad kind, a range
 * past the end of an allocation) give ACL_ERROR_INVALID_PARAM; freeing something that is
 * not a live allocation gives ACL_ERROR_RT_MEMORY_FREE; running out of the device budget
 * or of host memory gives ACL_ERROR_RT_MEMORY_ALLOCATION, the one code the runtime reports for a
 * failed allocation of either kind.
 *
 * The memory itself comes from memory_space.c, never from libc malloc, so that the addresses of
 * a recent free cannot turn up in the program's own buffers and be taken for use after free. */
#include "core_work.h"

#include "memory_index.h"
#include "memory_space.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    NORMAL_PAGE = 4096,
    HUGE_PAGE = 2 * 1024 * 1024
};

typedef struct allocation {
    addr_node node; /* in `allocations`, keyed by base */
    uintptr_t base;
    size_t size;
    memspace_block block;
    int where;
    int32_t device;
    uint32_t page_size;
    bool dvpp; /* acldvppMalloc (aclemu_mem_alloc_dvpp) */
} allocation;

static pthread_mutex_t memory_lock = PTHREAD_MUTEX_INITIALIZER;
static addr_node *allocations; /* the live allocations, by base (each one malloc'd) */
static size_t device_used[RT_MAX_DEVICES]; /* under memory_lock; changed atomically for aclrtGetMemInfo */
/* aclrtGetMemUsageInfo: per device, the bytes of DVPP allocations (part of device_used) and the
 * highest values device_used - DVPP and DVPP reached since the process started. */
static size_t dvpp_used[RT_MAX_DEVICES];
static size_t app_peak[RT_MAX_DEVICES], dvpp_peak[RT_MAX_DEVICES];

/* Frees made while queued tasks may still touch the memory: already freed for every check, but
 * kept mapped (not yet quarantined, so not sealed) until the tasks of `epoch` have ended. */
typedef struct deferred_free {
    memspace_block block;
    size_t size;
    int where;
    uint64_t epoch;
} deferred_free;
static deferred_free *deferred;
static size_t deferred_capacity;
static _Atomic size_t deferred_count; /* written under memory_lock; read without it by rt_memory_reclaim */

static const char *where_name(int where)
{
    return where == ACLEMU_MEM_DEVICE ? "device" : "host";
}

static allocation *find_locked(uintptr_t p)
{
    allocation *a = (allocation *)addr_index_floor(allocations, p);
    return a != NULL && p - a->base < a->size ? a : NULL;
}

/* The live allocation after `a` by address (the first when a is NULL), or NULL. */
static allocation *next_locked(const allocation *a)
{
    /* no allocation starts at address 0 */
    return (allocation *)addr_index_after(allocations, a != NULL ? a->base : 0);
}

static bool insert_locked(const allocation *a)
{
    allocation *record = malloc(sizeof *record);
    if (record == NULL) {
        return false;
    }
    *record = *a;
    record->node.key = a->base;
    addr_index_insert(&allocations, &record->node);
    return true;
}

static void retire_when_unused_locked(const allocation *a)
{
    uint64_t epoch = 0;
    size_t count = atomic_load(&deferred_count);
    if (!rt_tasks_fence(&epoch)) {
        memspace_retire(&a->block, a->size, a->where);
        return;
    }
    if (count == deferred_capacity) {
        size_t capacity = deferred_capacity ? deferred_capacity * 2 : 16;
        deferred_free *grown = realloc(deferred, capacity * sizeof *grown);
        if (grown == NULL) {
            memspace_retire(&a->block, a->size, a->where); /* no room to wait: the pre-deferral behaviour */
            return;
        }
        deferred = grown;
        deferred_capacity = capacity;
    }
    deferred[count] = (deferred_free){a->block, a->size, a->where, epoch};
    atomic_store(&deferred_count, count + 1);
}

void rt_memory_reclaim(void)
{
    if (atomic_load(&deferred_count) == 0) {
        return;
    }
    pthread_mutex_lock(&memory_lock);
    size_t count = atomic_load(&deferred_count);
    size_t kept = 0;
    for (size_t i = 0; i < count; ++i) {
        if (rt_tasks_passed(deferred[i].epoch)) {
            memspace_retire(&deferred[i].block, deferred[i].size, deferred[i].where);
        } else {
            deferred[kept++] = deferred[i];
        }
    }
    atomic_store(&deferred_count, kept);
    pthread_mutex_unlock(&memory_lock);
}

/* True (and *where filled) when p lies in freed memory: quarantined, or waiting for tasks. */
static bool find_freed_locked(uintptr_t p, int *where)
{
    if (memspace_find_retired(p, where)) {
        return true;
    }
    size_t count = atomic_load(&deferred_count);
    for (size_t i = 0; i < count; ++i) {
        if (p >= deferred[i].block.base && p - deferred[i].block.base < deferred[i].size) {
            if (where != NULL) {
                *where = deferred[i].where;
            }
            return true;
        }
    }
    return false;
}

static void remove_locked(allocation *a)
{
    if (a->where == ACLEMU_MEM_DEVICE && a->device >= 0 && a->device < RT_MAX_DEVICES) {
        __atomic_sub_fetch(&device_used[a->device], a->size, __ATOMIC_RELAXED);
        if (a->dvpp) {
            dvpp_used[a->device] -= a->size;
        }
    }
    retire_when_unused_locked(a);
    addr_index_remove(&allocations, a->base);
    free(a);
}

bool aclemu_mem_find(const void *p, aclemu_alloc *out)
{
    pthread_mutex_lock(&memory_lock);
    allocation *a = find_locked((uintptr_t)p);
    if (a != NULL && out != NULL) {
        *out = (aclemu_alloc){(void *)a->base, a->size, a->where, a->device};
    }
    pthread_mutex_unlock(&memory_lock);
    return a != NULL;
}

static const char *mapped_name(int kind)
{
    switch (kind) {
    case ACLEMU_MAPPED_VMM:
        return "range mapped by aclrtMapMem";
    case ACLEMU_MAPPED_IPC:
        return "range imported by aclrtIpcMemImportByKey";
    case ACLEMU_MAPPED_RUNTIME:
        return "status area of the runtime";
    case ACLEMU_MAPPED_KERNEL_GLOBAL:
        return "global variable of a loaded kernel binary";
    default:
        return "host range registered with aclrtHostRegister";
    }
}

/* Host memory the program registered for the device covers [p, p + len). */
static bool host_registered(uintptr_t p, size_t len)
{
    rt_mapped_range mapped;
    return rt_mapped_find(p, &mapped) && mapped.kind == ACLEMU_MAPPED_HOST_REGISTERED &&
           len <= mapped.base + mapped.size - p;
}

/* The checks of aclemu_mem_check; `must_be_tracked` refuses an address outside every live
 * allocation and mapped range in every mode (the runtime's own copies and fills, which write through it). */
static aclError check_range(const void *p, size_t len, bool need_device, bool must_be_tracked, bool writes,
                            const char *fn, const char *what)
{
    if (p == NULL) {
        if (len == 0) {
            return ACL_SUCCESS;
        }
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, what);
    }
    uintptr_t start = (uintptr_t)p;
    if (len > UINTPTR_MAX - start) {
        /* no buffer of any kind wraps around the address space: refused before any lookup */
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s %p + %zu bytes runs past the end of the address space",
                                fn, what, p, len);
    }
    bool strict = aclemu_strict();
    aclError err = ACL_SUCCESS;
    rt_mapped_range mapped;
    pthread_mutex_lock(&memory_lock);
    allocation *a = find_locked(start);
    if (a != NULL) {
        size_t room = a->base + a->size - start;
        if (len > room) {
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                   "%s: %s %p + %zu bytes runs %zu bytes past the end of the %zu-byte %s allocation "
                                   "at %p",
                                   fn, what, p, len, len - room, a->size, where_name(a->where), (void *)a->base);
        } else if (strict && need_device && a->where != ACLEMU_MEM_DEVICE && !host_registered(start, len)) {
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                   "%s: %s %p is host memory from aclrtMallocHost where device memory is expected "
                                   "(ACL_EMU_STRICT)",
                                   fn, what, p);
        }
    } else if (rt_mapped_find(start, &mapped)) {
        size_t room = mapped.base + mapped.size - start;
        if (len > room) {
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                   "%s: %s %p + %zu bytes runs %zu bytes past the end of the %zu-byte %s at %p", fn,
                                   what, p, len, len - room, mapped.size, mapped_name(mapped.kind),
                                   (void *)mapped.base);
        } else if (mapped.access == (uint32_t)ACL_RT_MEM_ACCESS_FLAGS_NONE ||
                   (writes && mapped.access != (uint32_t)ACL_RT_MEM_ACCESS_FLAGS_READWRITE)) {
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s %p lies in the %s at %p, which is %s (aclrtMemSetAccess)",
                                   fn, what, p, mapped_name(mapped.kind), (void *)mapped.base,
                                   mapped.access == (uint32_t)ACL_RT_MEM_ACCESS_FLAGS_NONE ? "not accessible"
                                                                                            : "read only");
        }
    } else {
        /* A freed allocation is refused in every position and mode: touching it could crash (a
         * large one is sealed inaccessible), and the quarantine (memory_space.c) keeps freed
         * ranges from being reused while they are remembered, so no live buffer of the program
         * can match here. */
        int gone_where = 0;
        if (find_freed_locked(start, &gone_where)) {
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                   "%s: %s %p lies in %s memory that was already freed (use after free)", fn, what,
                                   p, where_name(gone_where));
        } else if (strict && need_device) {
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                   "%s: %s %p is not device memory from aclrtMalloc (ACL_EMU_STRICT)", fn, what, p);
        } else if (must_be_tracked) {
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                   "%s: %s %p is not memory from aclrtMalloc or aclrtMallocHost", fn, what, p);
        }
    }
    pthread_mutex_unlock(&memory_lock);
    return err;
}

aclError aclemu_mem_check(const void *p, size_t len, bool need_device, const char *fn, const char *what)
{
    return check_range(p, len, need_device, false, false, fn, what);
}

aclError aclemu_mem_check_tracked(const void *p, size_t len, bool need_device, const char *fn, const char *what)
{
    return check_range(p, len, need_device, true, false, fn, what);
}

/* Strict mode: a pointer the copy kind says is host memory must not be device memory. */
static aclError check_host_side(const void *p, const char *fn, const char *what)
{
    if (!aclemu_strict()) {
        return ACL_SUCCESS;
    }
    aclemu_alloc found;
    rt_mapped_range mapped;
    bool device_only = aclemu_mem_find(p, &found)
                           ? found.where == ACLEMU_MEM_DEVICE
                           : rt_mapped_find((uintptr_t)p, &mapped) && mapped.kind != ACLEMU_MAPPED_HOST_REGISTERED;
    if (device_only) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: %s %p is device memory but the copy kind says host memory (ACL_EMU_STRICT)", fn,
                                what, p);
    }
    return ACL_SUCCESS;
}

static uint32_t page_size_for(aclrtMemMallocPolicy policy)
{
    switch ((uint32_t)policy & 0xFFu) {
    case ACL_MEM_MALLOC_NORMAL_ONLY:
    case ACL_MEM_MALLOC_NORMAL_ONLY_P2P:
        return NORMAL_PAGE;
    default:
        return HUGE_PAGE;
    }
}

static bool policy_is_valid(aclrtMemMallocPolicy policy)
{
    uint32_t flags = (uint32_t)ACL_MEM_TYPE_LOW_BAND_WIDTH | (uint32_t)ACL_MEM_TYPE_HIGH_BAND_WIDTH |
                     (uint32_t)ACL_MEM_ACCESS_USER_SPACE_READONLY;
    uint32_t base = (uint32_t)policy & ~flags;
    return base <= (uint32_t)ACL_MEM_MALLOC_HUGE1G_ONLY_P2P;
}

/* `reserve` >= size: the bytes taken from the address space (a multiple of 128 for DVPP memory,
 * whose size classes then all start 128-byte aligned). */
static aclError allocate_tagged(void **out, size_t size, size_t reserve, int where, int32_t device,
                                uint32_t page_size, bool dvpp, const char *fn)
{
    if (reserve > SIZE_MAX - MEMSPACE_ALIGNMENT) {
        return aclemu_set_error(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: %zu bytes cannot be allocated", fn, size);
    }
    pthread_mutex_lock(&memory_lock);
    if (where == ACLEMU_MEM_DEVICE) {
        size_t budget = rt_device_memory_budget();
        if (size > budget || device_used[device] > budget - size) {
            size_t used = device_used[device];
            pthread_mutex_unlock(&memory_lock);
            return aclemu_set_error(ACL_ERROR_RT_MEMORY_ALLOCATION,
                                    "%s: out of device memory on device %d: %zu bytes requested, %zu of %zu in use "
                                    "(ACL_EMU_DEVICE_MEMORY)",
                                    fn, device, size, used, budget);
        }
    }
    memspace_block block;
    if (!memspace_acquire(reserve, &block)) {
        pthread_mutex_unlock(&memory_lock);
        return aclemu_set_error(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: the host cannot provide %zu bytes", fn, size);
    }
    allocation a = {.base = block.base, .size = size, .block = block, .where = where, .device = device,
                    .page_size = page_size, .dvpp = dvpp};
    if (!insert_locked(&a)) {
        pthread_mutex_unlock(&memory_lock);
        memspace_discard(&block);
        return aclemu_set_error(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: out of host memory tracking an allocation", fn);
    }
    if (where == ACLEMU_MEM_DEVICE) {
        __atomic_add_fetch(&device_used[device], size, __ATOMIC_RELAXED);
        size_t *used = dvpp ? &dvpp_used[device] : NULL;
        if (used != NULL) {
            *used += size;
            dvpp_peak[device] = *used > dvpp_peak[device] ? *used : dvpp_peak[device];
        }
        size_t app = device_used[device] - dvpp_used[device];
        app_peak[device] = app > app_peak[device] ? app : app_peak[device];
    }
    pthread_mutex_unlock(&memory_lock);
    *out = (void *)a.base;
    return ACL_SUCCESS;
}

static aclError allocate(void **out, size_t size, int where, int32_t device, uint32_t page_size, const char *fn)
{
    return allocate_tagged(out, size, size, where, device, page_size, false, fn);
}

aclError aclemu_mem_alloc_dvpp(void **out, size_t size, size_t reserve, const char *fn)
{
    if (reserve < size) { /* a caller's bug: the block would be smaller than what it writes */
        return aclemu_set_error(ACL_ERROR_INTERNAL_ERROR, "%s: %zu bytes of DVPP memory asked in a %zu-byte block", fn,
                                size, reserve);
    }
    int32_t device = -1;
    aclError err = aclemu_require_device(fn, &device);
    if (err != ACL_SUCCESS) {
        return err;
    }
    return allocate_tagged(out, size, reserve, ACLEMU_MEM_DEVICE, device, HUGE_PAGE, true, fn);
}

bool aclemu_mem_is_dvpp(const void *p)
{
    pthread_mutex_lock(&memory_lock);
    allocation *a = find_locked((uintptr_t)p);
    bool dvpp = a != NULL && a->dvpp;
    pthread_mutex_unlock(&memory_lock);
    return dvpp;
}

static aclError device_malloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy, const char *fn)
{
    if (devPtr == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: devPtr is NULL", fn);
    }
    if (size == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: size is 0", fn);
    }
    if (!policy_is_valid(policy)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown memory policy 0x%x", fn, (unsigned)policy);
    }
    int32_t device = -1;
    aclError err = aclemu_require_device(fn, &device);
    if (err != ACL_SUCCESS) {
        return err;
    }
    return allocate(devPtr, size, ACLEMU_MEM_DEVICE, device, page_size_for(policy), fn);
}

aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy)
{
    return device_malloc(devPtr, size, policy, "aclrtMalloc");
}

aclError aclrtMallocAlign32(void **devPtr, size_t size, aclrtMemMallocPolicy policy)
{
    return device_malloc(devPtr, size, policy, "aclrtMallocAlign32");
}

aclError aclrtMallocCached(void **devPtr, size_t size, aclrtMemMallocPolicy policy)
{
    return device_malloc(devPtr, size, policy, "aclrtMallocCached");
}

/* The attributes (module id, device id, VA flag) do not change emulated memory. */
aclError aclrtMallocWithCfg(void **devPtr, size_t size, aclrtMemMallocPolicy policy, aclrtMallocConfig *cfg)
{
    (void)cfg;
    return device_malloc(devPtr, size, policy, "aclrtMallocWithCfg");
}

aclError aclrtMallocHost(void **hostPtr, size_t size)
{
    const char *fn = "aclrtMallocHost";
    if (hostPtr == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: hostPtr is NULL", fn);
    }
    if (size == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: size is 0", fn);
    }
    return allocate(hostPtr, size, ACLEMU_MEM_HOST, -1, NORMAL_PAGE, fn);
}

aclError aclrtMallocHostWithCfg(void **ptr, uint64_t size, aclrtMallocConfig *cfg)
{
    (void)cfg;
    if (size > SIZE_MAX) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtMallocHostWithCfg: size is too large");
    }
    return aclrtMallocHost(ptr, (size_t)size);
}

static aclError release(void *ptr, int where, const char *fn)
{
    if (ptr == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: pointer is NULL", fn);
    }
    uintptr_t p = (uintptr_t)ptr;
    aclError err = ACL_SUCCESS;
    pthread_mutex_lock(&memory_lock);
    allocation *a = find_locked(p);
    if (a != NULL && a->base == p && a->where == where) {
        remove_locked(a);
    } else if (a != NULL && a->base != p) {
        err = aclemu_set_error(ACL_ERROR_RT_MEMORY_FREE,
                               "%s: %p is inside the %zu-byte allocation at %p, not its start", fn, ptr, a->size,
                               (void *)a->base);
    } else if (a != NULL) {
        err = aclemu_set_error(ACL_ERROR_RT_MEMORY_FREE, "%s: %p is %s memory; free it with %s", fn, ptr,
                               where_name(a->where), a->where == ACLEMU_MEM_DEVICE ? "aclrtFree" : "aclrtFreeHost");
    } else if (find_freed_locked(p, NULL)) {
        err = aclemu_set_error(ACL_ERROR_RT_MEMORY_FREE, "%s: double free of %p", fn, ptr);
    } else {
        err = aclemu_set_error(ACL_ERROR_RT_MEMORY_FREE, "%s: %p was not allocated by %s", fn, ptr,
                               where == ACLEMU_MEM_DEVICE ? "aclrtMalloc" : "aclrtMallocHost");
    }
    pthread_mutex_unlock(&memory_lock);
    return err;
}

aclError aclemu_mem_share(const void *p, size_t size, int *fd, size_t *offset, const char *fn)
{
    uintptr_t start = (uintptr_t)p;
    aclError err = ACL_SUCCESS;
    pthread_mutex_lock(&memory_lock);
    allocation *a = find_locked(start);
    if (a == NULL || a->where != ACLEMU_MEM_DEVICE) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not inside a live device allocation", fn, p);
    } else if (size == 0 || size > a->base + a->size - start) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                               "%s: size %zu is 0 or runs past the end of the %zu-byte allocation at %p", fn, size,
                               a->size, (void *)a->base);
    } else {
        uintptr_t region = 0;
        *fd = memspace_share(&a->block, &region);
        *offset = start - region;
        if (*fd < 0) {
            err = aclemu_set_error(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: the host cannot share %p", fn, p);
        }
    }
    pthread_mutex_unlock(&memory_lock);
    return err;
}

aclError aclemu_mem_free(void *devPtr, const char *fn)
{
    return release(devPtr, ACLEMU_MEM_DEVICE, fn);
}

aclError aclrtFree(void *devPtr)
{
    return release(devPtr, ACLEMU_MEM_DEVICE, "aclrtFree");
}

aclError aclrtFreeHost(void *hostPtr)
{
    return release(hostPtr, ACLEMU_MEM_HOST, "aclrtFreeHost");
}

/* Waits for the current device's streams first, so no queued task still uses the memory. */
static aclError release_after_sync(void *ptr, int where, const char *fn)
{
    if (aclemu_current_device() >= 0) {
        aclError err = rt_device_streams_wait(-1, "aclrtSynchronizeDevice");
        if (err != ACL_SUCCESS) {
            return err;
        }
    }
    return release(ptr, where, fn);
}

aclError aclrtFreeWithDevSync(void *devPtr)
{
    return release_after_sync(devPtr, ACLEMU_MEM_DEVICE, "aclrtFreeWithDevSync");
}

aclError aclrtFreeHostWithDevSync(void *hostPtr)
{
    return release_after_sync(hostPtr, ACLEMU_MEM_HOST, "aclrtFreeHostWithDevSync");
}

size_t aclemu_mem_list(int where, aclemu_alloc *out, size_t capacity)
{
    size_t n = 0;
    pthread_mutex_lock(&memory_lock);
    for (const allocation *a = next_locked(NULL); a != NULL; a = next_locked(a)) {
        if (a->where != where) {
            continue;
        }
        if (n < capacity) {
            out[n] = (aclemu_alloc){(void *)a->base, a->size, a->where, a->device};
        }
        n++;
    }
    pthread_mutex_unlock(&memory_lock);
    return n;
}

size_t rt_memory_release(int32_t device, const char *fn)
{
    bool strict = aclemu_strict();
    size_t leaks = 0;
    pthread_mutex_lock(&memory_lock);
    for (allocation *a = next_locked(NULL), *next = NULL; a != NULL; a = next) {
        next = next_locked(a);
        bool mine = device >= 0 ? a->where == ACLEMU_MEM_DEVICE && a->device == device : a->where == ACLEMU_MEM_HOST;
        if (!mine) {
            continue;
        }
        if (strict) {
            aclemu_diag("leak: %zu bytes of %s memory at %p (%s) were never freed before %s", a->size,
                        where_name(a->where), (void *)a->base,
                        a->where == ACLEMU_MEM_DEVICE ? "aclrtMalloc" : "aclrtMallocHost", fn);
        }
        ++leaks;
        remove_locked(a);
    }
    pthread_mutex_unlock(&memory_lock);
    return leaks;
}

/* ------------------------------------------------------------------ copies */

/* Which memory a copy kind says each side is in. */
enum { ANY_SIDE = 0, DEVICE_SIDE = 1, HOST_SIDE = 2 };

static bool kind_is_valid(aclrtMemcpyKind kind)
{
    return (int)kind >= (int)ACL_MEMCPY_HOST_TO_HOST && (int)kind <= (int)ACL_MEMCPY_INTER_DEVICE_TO_DEVICE;
}

/* Validates one side of a copy: `len` bytes at `p`, on the side the kind names. */
static aclError check_side(const void *p, size_t len, int side, bool writes, const char *fn, const char *what)
{
    /* A device-side address is written or read by the copy itself, so one outside every
     * allocation and mapped range would crash the process: refused in every mode. Host-side addresses stay
     * unchecked (any host buffer of the program may be copied), except in strict mode. */
    bool device_side = side == DEVICE_SIDE;
    aclError err = check_range(p, len, device_side, device_side, writes, fn, what);
    if (err == ACL_SUCCESS && side == HOST_SIDE) {
        err = check_host_side(p, fn, what);
    }
    return err;
}

static void sides_of(aclrtMemcpyKind kind, int *dst_side, int *src_side)
{
    switch (kind) {
    case ACL_MEMCPY_HOST_TO_HOST:
        *dst_side = HOST_SIDE;
        *src_side = HOST_SIDE;
        break;
    case ACL_MEMCPY_HOST_TO_DEVICE:
    case ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE:
        *dst_side = DEVICE_SIDE;
        *src_side = HOST_SIDE;
        break;
    case ACL_MEMCPY_DEVICE_TO_HOST:
        *dst_side = HOST_SIDE;
        *src_side = DEVICE_SIDE;
        break;
    case ACL_MEMCPY_DEVICE_TO_DEVICE:
    case ACL_MEMCPY_INNER_DEVICE_TO_DEVICE:
    case ACL_MEMCPY_INTER_DEVICE_TO_DEVICE:
        *dst_side = DEVICE_SIDE;
        *src_side = DEVICE_SIDE;
        break;
    default:
        *dst_side = ANY_SIDE;
        *src_side = ANY_SIDE;
        break;
    }
}

static aclError check_copy(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind,
                           const char *fn)
{
    if (!kind_is_valid(kind)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown copy kind %d", fn, (int)kind);
    }
    if (count > destMax) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: count %zu exceeds destMax %zu", fn, count, destMax);
    }
    if (count == 0) {
        return ACL_SUCCESS;
    }
    if (dst == NULL || src == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, dst == NULL ? "dst" : "src");
    }
    int dst_side = 0, src_side = 0;
    sides_of(kind, &dst_side, &src_side);
    aclError err = check_side(dst, count, dst_side, true, fn, "dst");
    if (err == ACL_SUCCESS) {
        err = check_side(src, count, src_side, false, fn, "src");
    }
    return err;
}

aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind)
{
    aclError err = check_copy(dst, destMax, src, count, kind, "aclrtMemcpy");
    if (err == ACL_SUCCESS && count > 0) {
        memmove(dst, src, count);
    }
    return err;
}

typedef struct copy_task {
    void *dst;
    const void *src;
    size_t width;  /* bytes per row */
    size_t height; /* rows */
    size_t dpitch, spitch;
    int value; /* memset when src is NULL */
} copy_task;

static aclError run_copy(void *arg)
{
    copy_task *task = arg;
    aclemu_trace_copy(task->dst, task->src, task->width * task->height);
    for (size_t row = 0; row < task->height; ++row) {
        unsigned char *dst = (unsigned char *)task->dst + row * task->dpitch;
        if (task->src != NULL) {
            memmove(dst, (const unsigned char *)task->src + row * task->spitch, task->width);
        } else {
            memset(dst, task->value, task->width);
        }
    }
    return ACL_SUCCESS;
}

_Static_assert(sizeof(copy_task) <= ACLEMU_INLINE_ARG, "a copy task fits in a stream task record");

static aclError submit_copy(const copy_task *copy, aclrtStream stream, const char *fn)
{
    return aclemu_stream_submit_inline(stream, run_copy, copy, sizeof *copy, fn);
}

aclError aclrtMemcpyAsync(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind,
                          aclrtStream stream)
{
    const char *fn = "aclrtMemcpyAsync";
    aclError err = check_copy(dst, destMax, src, count, kind, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    copy_task task = {dst, src, count, count ? 1 : 0, count, count, 0};
    return submit_copy(&task, stream, fn);
}

static aclError check_2d(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                         aclrtMemcpyKind kind, const char *fn)
{
    if (!kind_is_valid(kind)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown copy kind %d", fn, (int)kind);
    }
    if (dst == NULL || src == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, dst == NULL ? "dst" : "src");
    }
    if (width == 0 || height == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: width %zu and height %zu must be positive", fn, width,
                                height);
    }
    if (width > dpitch || width > spitch) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: width %zu exceeds dpitch %zu or spitch %zu", fn, width,
                                dpitch, spitch);
    }
    if (height - 1 > (SIZE_MAX - width) / dpitch || height - 1 > (SIZE_MAX - width) / spitch) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the copy extent overflows", fn);
    }
    int dst_side = 0, src_side = 0;
    sides_of(kind, &dst_side, &src_side);
    aclError err = check_side(dst, (height - 1) * dpitch + width, dst_side, true, fn, "dst");
    if (err == ACL_SUCCESS) {
        err = check_side(src, (height - 1) * spitch + width, src_side, false, fn, "src");
    }
    return err;
}

aclError aclrtMemcpy2d(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                       aclrtMemcpyKind kind)
{
    aclError err = check_2d(dst, dpitch, src, spitch, width, height, kind, "aclrtMemcpy2d");
    if (err == ACL_SUCCESS) {
        copy_task task = {dst, src, width, height, dpitch, spitch, 0};
        run_copy(&task);
    }
    return err;
}

aclError aclrtMemcpy2dAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                            aclrtMemcpyKind kind, aclrtStream stream)
{
    const char *fn = "aclrtMemcpy2dAsync";
    aclError err = check_2d(dst, dpitch, src, spitch, width, height, kind, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    copy_task task = {dst, src, width, height, dpitch, spitch, 0};
    return submit_copy(&task, stream, fn);
}

static aclError check_memset(void *devPtr, size_t maxCount, size_t count, const char *fn)
{
    if (devPtr == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: devPtr is NULL", fn);
    }
    if (count > maxCount) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: count %zu exceeds maxCount %zu", fn, count, maxCount);
    }
    /* host memory from aclrtMallocHost is accepted too (programs clear pinned buffers with
     * aclrtMemset), but never an address outside every allocation: the fill would write there */
    return check_range(devPtr, count, false, true, true, fn, "devPtr");
}

aclError aclrtMemset(void *devPtr, size_t maxCount, int32_t value, size_t count)
{
    aclError err = check_memset(devPtr, maxCount, count, "aclrtMemset");
    if (err == ACL_SUCCESS) {
        memset(devPtr, value, count);
    }
    return err;
}

aclError aclrtMemsetAsync(void *devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream)
{
    const char *fn = "aclrtMemsetAsync";
    aclError err = check_memset(devPtr, maxCount, count, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    copy_task task = {devPtr, NULL, count, count ? 1 : 0, count, 0, value};
    return submit_copy(&task, stream, fn);
}

/* ------------------------------------------------------------------ queries */

aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t *free_bytes, size_t *total)
{
    const char *fn = "aclrtGetMemInfo";
    if (free_bytes == NULL || total == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: free or total is NULL", fn);
    }
    if ((int)attr < (int)ACL_DDR_MEM || (int)attr > (int)ACL_MEM_P2P_HUGE1G) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown memory attribute %d", fn, (int)attr);
    }
    int32_t device = -1;
    aclError err = aclemu_require_device(fn, &device);
    if (err != ACL_SUCCESS) {
        return err;
    }
    size_t budget = rt_device_memory_budget();
    size_t used = __atomic_load_n(&device_used[device], __ATOMIC_RELAXED);
    *total = budget;
    *free_bytes = used >= budget ? 0 : budget - used;
    return ACL_SUCCESS;
}

/* Two components use device memory on the emulator: "app" (aclrtMalloc and its variants) and
 * "dvpp" (acldvppMalloc), each with its bytes in use now and its peak since the process started;
 * sorted by bytes in use, largest first (ties: "app" first). */
aclError aclrtGetMemUsageInfo(int32_t deviceId, aclrtMemUsageInfo *memUsageInfo, size_t inputNum, size_t *outputNum)
{
    const char *fn = "aclrtGetMemUsageInfo";
    if (memUsageInfo == NULL || outputNum == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn,
                                memUsageInfo == NULL ? "memUsageInfo" : "outputNum");
    }
    if (inputNum == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: inputNum is 0", fn);
    }
    rt_lock();
    bool valid = rt_device_locked(deviceId) != NULL;
    rt_unlock();
    if (!valid) {
        return rt_invalid_device(fn, deviceId);
    }
    aclrtMemUsageInfo rows[2];
    memset(rows, 0, sizeof rows);
    snprintf(rows[0].name, sizeof rows[0].name, "app");
    snprintf(rows[1].name, sizeof rows[1].name, "dvpp");
    pthread_mutex_lock(&memory_lock);
    rows[0].curMemSize = device_used[deviceId] - dvpp_used[deviceId];
    rows[0].memPeakSize = app_peak[deviceId];
    rows[1].curMemSize = dvpp_used[deviceId];
    rows[1].memPeakSize = dvpp_peak[deviceId];
    pthread_mutex_unlock(&memory_lock);
    size_t first = rows[1].curMemSize > rows[0].curMemSize ? 1 : 0;
    size_t count = inputNum < 2 ? inputNum : 2;
    aclError err = aclemu_mem_check(memUsageInfo, count * sizeof *memUsageInfo, false, fn, "memUsageInfo");
    if (err != ACL_SUCCESS) {
        return err;
    }
    for (size_t i = 0; i < count; ++i) {
        memUsageInfo[i] = rows[i == 0 ? first : 1 - first];
    }
    *outputNum = count;
    return ACL_SUCCESS;
}

aclError aclrtPointerGetAttributes(const void *ptr, aclrtPtrAttributes *attributes)
{
    const char *fn = "aclrtPointerGetAttributes";
    if (ptr == NULL || attributes == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, ptr == NULL ? "ptr" : "attributes");
    }
    memset(attributes, 0, sizeof *attributes);
    pthread_mutex_lock(&memory_lock);
    allocation *a = find_locked((uintptr_t)ptr);
    if (a == NULL) {
        attributes->location.type = ACL_MEM_LOCATION_TYPE_UNREGISTERED;
        attributes->pageSize = NORMAL_PAGE;
    } else if (a->where == ACLEMU_MEM_DEVICE) {
        attributes->location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
        attributes->location.id = (uint32_t)a->device;
        attributes->pageSize = a->page_size;
    } else {
        attributes->location.type = ACL_MEM_LOCATION_TYPE_HOST;
        attributes->pageSize = a->page_size;
    }
    pthread_mutex_unlock(&memory_lock);
    return ACL_SUCCESS;
}

aclError aclrtMemGetAddressRange(void *ptr, void **pbase, size_t *psize)
{
    const char *fn = "aclrtMemGetAddressRange";
    aclemu_alloc found;
    if (ptr == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: ptr is NULL", fn);
    }
    if (!aclemu_mem_find(ptr, &found)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not inside a live allocation", fn, ptr);
    }
    if (pbase != NULL) {
        *pbase = found.base;
    }
    if (psize != NULL) {
        *psize = found.size;
    }
    return ACL_SUCCESS;
}
