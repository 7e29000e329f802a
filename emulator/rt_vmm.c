/* Virtual memory management (aclrtReserveMemAddress / MallocPhysical / MapMem / MemMapNoAccess /
 * UnmapMem / FreePhysical / ReleaseMemAddress, granularity queries), access flags
 * (aclrtMemSetAccess / GetAccess), links (aclrtMemMapSelectedLink / MemMapSetLink, aclrtMemP2PMap)
 * and shareable physical handles (aclrtMemExportToShareableHandle / SetPidToShareableHandle /
 * ImportFromShareableHandle and their V2 forms).
 *
 * A reservation is a PROT_NONE anonymous mapping; physical memory is a POSIX shared memory
 * object, and mapping it MAP_FIXED|MAP_SHARED over part of a reservation makes the bytes
 * visible there; unmapping puts PROT_NONE back. Because the object has a name, a second
 * emulator process on the same host can open it: that is how a shareable handle crosses
 * processes. The handle is (owner pid << 32) | serial, the object's name is derived from it
 * (plus the uid, so two users never collide).
 *
 * The first page of each object is a header (magic, size, owner, pid allow-list) read by the
 * importing process; the user's bytes start at the second page. The owner unlinks the name at
 * aclrtFreePhysical: processes that imported it keep their mapping (the memory lives until the
 * last one frees it, as the runtime documents), but importing after the owner's free fails.
 *
 * Documented constraints applied: size, address and mapped length multiples of the 2 MiB
 * granularity (1 GiB for the HUGE1G attributes), map offset 0, flags 0.
 * Choices where the documentation is silent: aclrtFreePhysical of a handle that is still mapped
 * and aclrtReleaseMemAddress of a reservation with live mappings are refused
 * (ACL_ERROR_INVALID_PARAM) rather than tearing the mappings down; expectPtr is a hint (the
 * reservation may land elsewhere); at most RT_PID_LIST_MAX pids per allow-list.
 *
 * A mapping is registered with the core as mapped device memory (aclemu_mem_add_mapped) for as
 * long as it exists, so copies and fills into it are checked like those into allocations.
 *
 * Access flags are kept per mapping and per location (each device id, and the host). aclrtMapMem
 * grants read-write to the physical memory's own location, aclrtMemMapNoAccess to none. Every
 * emulated device shares one host address space, so the pages get the most permissive flags of
 * any location: mprotect makes them read-only or inaccessible (a direct access faults as on the
 * device) and the core refuses the runtime's copies and fills that would break the flags.
 * aclrtMemMapSelectedLink maps the physical memory behind virPtrSrc a second time (the link index
 * is checked; every link reaches the same bytes); aclrtMemMapSetLink remembers its advice;
 * aclrtMemP2PMap checks device memory and peer id, the memory being already reachable.
 * V2 handles hold the v1 value: a uint64_t (DEFAULT) or a tagged aclrtMemFabricHandle (FABRIC);
 * V2 import takes the calling thread's current device and flags 0.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MAP_NORESERVE under -std=c11 */
#include "emu.h"

#include "rt_pid_list.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define VMM_KIND_PHYSICAL (ACLEMU_KIND_AREA_FREE + 96)

enum {
    VMM_DEVICE_SLOTS = 64, /* access flags kept per device id below this, plus one for the host */
    VMM_GRANULARITY = 2 * 1024 * 1024,
    VMM_HEADER = 4096, /* header page before the user's bytes in each shared object */
    VMM_NAME_LEN = 64
};
static const size_t VMM_GRANULARITY_1G = (size_t)1 << 30;
static const uint32_t VMM_MAGIC = 0x41564d4d; /* "AVMM" */

/* Lives in the first page of the shared object; written only by the owning process. */
typedef struct vmm_header {
    uint32_t magic;
    uint64_t size;
    rt_pid_list allowed;
    aclrtPhysicalMemProp prop;
} vmm_header;

typedef struct vmm_physical {
    int fd;
    size_t size;
    aclrtPhysicalMemProp prop;
    uint64_t shareable; /* name key, owner pid << 32 | serial */
    bool owner;         /* created here (unlinks the name at free) */
    bool exported;
    vmm_header *header; /* mapped header page */
    size_t map_count;
    aclrtMemLinkType link; /* aclrtMemMapSetLink's advice, remembered */
    struct vmm_physical *next;
} vmm_physical;

typedef struct vmm_mapping {
    uintptr_t base;
    size_t size;
    vmm_physical *physical;
    uint8_t access[VMM_DEVICE_SLOTS + 1]; /* aclrtMemAccessFlags per device id; the host last */
    struct vmm_mapping *next;
} vmm_mapping;

typedef struct vmm_reservation {
    uintptr_t base;
    size_t size;
    vmm_mapping *mappings;
    struct vmm_reservation *next;
} vmm_reservation;

static pthread_mutex_t vmm_lock = PTHREAD_MUTEX_INITIALIZER;
static vmm_reservation *reservations;
static vmm_physical *physicals;
static uint32_t next_serial = 1;

static void object_name(char out[VMM_NAME_LEN], uint64_t shareable)
{
    snprintf(out, VMM_NAME_LEN, "/aclemu-vmm-%u-%u-%u", (unsigned)getuid(), (unsigned)(shareable >> 32),
             (unsigned)(shareable & 0xffffffffu));
}

static size_t granularity_of(aclrtMemAttr attr)
{
    switch (attr) {
    case ACL_HBM_MEM_HUGE1G:
    case ACL_HBM_MEM_P2P_HUGE1G:
    case ACL_MEM_HUGE1G:
    case ACL_MEM_P2P_HUGE1G:
        return VMM_GRANULARITY_1G;
    default:
        return VMM_GRANULARITY;
    }
}

static aclError check_prop(const aclrtPhysicalMemProp *prop, const char *fn)
{
    if (prop == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: prop is NULL", fn);
    }
    if ((unsigned)prop->memAttr > (unsigned)ACL_MEM_P2P_HUGE1G) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: prop->memAttr %d is not an aclrtMemAttr value", fn,
                                (int)prop->memAttr);
    }
    if (prop->allocationType != ACL_MEM_ALLOCATION_TYPE_PINNED) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: prop->allocationType %d is not ACL_MEM_ALLOCATION_TYPE_PINNED", fn,
                                (int)prop->allocationType);
    }
    if (prop->location.type != ACL_MEM_LOCATION_TYPE_DEVICE && prop->location.type != ACL_MEM_LOCATION_TYPE_HOST) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: prop->location.type %d is neither ACL_MEM_LOCATION_TYPE_DEVICE nor _HOST", fn,
                                (int)prop->location.type);
    }
    if (prop->location.type == ACL_MEM_LOCATION_TYPE_DEVICE && prop->location.id >= aclemu_device_count()) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: prop->location.id %u is not a device (there are %u)",
                                fn, prop->location.id, aclemu_device_count());
    }
    return ACL_SUCCESS;
}

aclError aclrtMemGetAllocationGranularity(aclrtPhysicalMemProp *prop, aclrtMemGranularityOptions option,
                                          size_t *granularity)
{
    aclError err = check_prop(prop, __func__);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (granularity == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: granularity is NULL", __func__);
    }
    if (option != ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM && option != ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: option %d is not MINIMUM or RECOMMENDED", __func__,
                                (int)option);
    }
    *granularity = granularity_of(prop->memAttr);
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------- physical memory */

static bool physical_live_locked(const vmm_physical *p)
{
    return p != NULL && aclemu_handle_is(p, VMM_KIND_PHYSICAL);
}

static void physical_destroy_locked(vmm_physical *p)
{
    for (vmm_physical **at = &physicals; *at != NULL; at = &(*at)->next) {
        if (*at == p) {
            *at = p->next;
            break;
        }
    }
    aclemu_handle_remove(p, VMM_KIND_PHYSICAL);
    if (p->owner) {
        char name[VMM_NAME_LEN];
        object_name(name, p->shareable);
        shm_unlink(name);
    }
    munmap(p->header, VMM_HEADER);
    close(p->fd);
    free(p);
}

/* Map the header page of an open object and register a handle for it. */
static aclError physical_adopt_locked(int fd, size_t size, uint64_t shareable, bool owner, vmm_physical **out,
                                      const char *fn)
{
    vmm_physical *p = calloc(1, sizeof *p);
    void *header = mmap(NULL, VMM_HEADER, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (p == NULL || header == MAP_FAILED) {
        free(p);
        if (header != MAP_FAILED) {
            munmap(header, VMM_HEADER);
        }
        return aclemu_set_error(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: no host memory for the handle", fn);
    }
    *p = (vmm_physical){.fd = fd, .size = size, .shareable = shareable, .owner = owner, .header = header};
    if (aclemu_handle_add(p, VMM_KIND_PHYSICAL) != ACL_SUCCESS) {
        munmap(header, VMM_HEADER);
        free(p);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: handle registry full", fn);
    }
    p->next = physicals;
    physicals = p;
    *out = p;
    return ACL_SUCCESS;
}

aclError aclrtMallocPhysical(aclrtDrvMemHandle *handle, size_t size, const aclrtPhysicalMemProp *prop, uint64_t flags)
{
    int32_t device;
    aclError err = aclemu_require_device(__func__, &device);
    if (err == ACL_SUCCESS) {
        err = check_prop(prop, __func__);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (handle == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: handle is NULL", __func__);
    }
    size_t granularity = granularity_of(prop->memAttr);
    if (size == 0 || size % granularity != 0 || size > SIZE_MAX - VMM_HEADER) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: size %zu is not a positive multiple of %zu", __func__,
                                size, granularity);
    }
    if (flags != 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: flags must be 0, got %llu", __func__,
                                (unsigned long long)flags);
    }
    pthread_mutex_lock(&vmm_lock);
    uint64_t shareable = ((uint64_t)(uint32_t)getpid() << 32) | next_serial++;
    char name[VMM_NAME_LEN];
    object_name(name, shareable);
    int fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
    if (fd < 0 || ftruncate(fd, (off_t)(size + VMM_HEADER)) != 0) {
        int saved = errno;
        if (fd >= 0) {
            close(fd);
            shm_unlink(name);
        }
        pthread_mutex_unlock(&vmm_lock);
        return aclemu_set_error(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: cannot create %zu bytes of shared memory: %s",
                                __func__, size, strerror(saved));
    }
    vmm_physical *p = NULL;
    err = physical_adopt_locked(fd, size, shareable, true, &p, __func__);
    if (err != ACL_SUCCESS) {
        close(fd);
        shm_unlink(name);
    } else {
        p->prop = *prop;
        *p->header = (vmm_header){.magic = VMM_MAGIC, .size = size,
                                  .allowed = {.validate = 1, .owner = (int32_t)getpid()}, .prop = *prop};
        *handle = p;
    }
    pthread_mutex_unlock(&vmm_lock);
    return err;
}

aclError aclrtFreePhysical(aclrtDrvMemHandle handle)
{
    pthread_mutex_lock(&vmm_lock);
    vmm_physical *p = handle;
    aclError err = ACL_SUCCESS;
    if (!physical_live_locked(p)) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live physical memory handle", __func__,
                               handle);
    } else if (p->map_count > 0) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                               "%s: handle %p is still mapped %zu time(s); aclrtUnmapMem first", __func__, handle,
                               p->map_count);
    } else {
        physical_destroy_locked(p);
    }
    pthread_mutex_unlock(&vmm_lock);
    return err;
}

aclError aclrtMemGetAllocationPropertiesFromHandle(aclrtDrvMemHandle handle, aclrtPhysicalMemProp *prop)
{
    pthread_mutex_lock(&vmm_lock);
    vmm_physical *p = handle;
    aclError err = ACL_SUCCESS;
    if (!physical_live_locked(p)) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live physical memory handle", __func__,
                               handle);
    } else if (prop == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: prop is NULL", __func__);
    } else {
        *prop = p->prop;
    }
    pthread_mutex_unlock(&vmm_lock);
    return err;
}

/* ------------------------------------------------------------------ reservations */

static aclError reserve(void **virPtr, size_t size, size_t alignment, void *expectPtr, uint64_t flags, const char *fn)
{
    int32_t device;
    aclError err = aclemu_require_device(fn, &device);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (virPtr == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: virPtr is NULL", fn);
    }
    if (size == 0 || size % VMM_GRANULARITY != 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: size %zu is not a positive multiple of %d", fn, size,
                                VMM_GRANULARITY);
    }
    if (alignment != 0 && (alignment & (alignment - 1)) != 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: alignment %zu is not 0 or a power of two", fn,
                                alignment);
    }
    if (flags > 1) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: flags %llu is not 0 or 1", fn, (unsigned long long)flags);
    }
    size_t align = alignment > VMM_GRANULARITY ? alignment : VMM_GRANULARITY;
    if (size > SIZE_MAX - align) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: size %zu is too large", fn, size);
    }
    /* Over-reserve and trim so the range starts on the alignment. */
    size_t span = size + align;
    char *raw = mmap(expectPtr, span, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (raw == MAP_FAILED) {
        return aclemu_set_error(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: cannot reserve %zu bytes of address space", fn,
                                size);
    }
    uintptr_t base = ((uintptr_t)raw + align - 1) & ~(uintptr_t)(align - 1);
    if (base > (uintptr_t)raw) {
        munmap(raw, base - (uintptr_t)raw);
    }
    size_t tail = (uintptr_t)raw + span - (base + size);
    if (tail > 0) {
        munmap((void *)(base + size), tail);
    }
    vmm_reservation *r = calloc(1, sizeof *r);
    if (r == NULL) {
        munmap((void *)base, size);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: no host memory", fn);
    }
    r->base = base;
    r->size = size;
    pthread_mutex_lock(&vmm_lock);
    r->next = reservations;
    reservations = r;
    pthread_mutex_unlock(&vmm_lock);
    *virPtr = (void *)base;
    return ACL_SUCCESS;
}

aclError aclrtReserveMemAddress(void **virPtr, size_t size, size_t alignment, void *expectPtr, uint64_t flags)
{
    return reserve(virPtr, size, alignment, expectPtr, flags, __func__);
}

/* Emulated memory has no uncorrectable-error pages to avoid: same as aclrtReserveMemAddress. */
aclError aclrtReserveMemAddressNoUCMemory(void **virPtr, size_t size, size_t alignment, void *expectPtr,
                                          uint64_t flags)
{
    return reserve(virPtr, size, alignment, expectPtr, flags, __func__);
}

static vmm_reservation **reservation_at_locked(uintptr_t p)
{
    for (vmm_reservation **at = &reservations; *at != NULL; at = &(*at)->next) {
        if (p >= (*at)->base && p - (*at)->base < (*at)->size) {
            return at;
        }
    }
    return NULL;
}

aclError aclrtReleaseMemAddress(void *virPtr)
{
    pthread_mutex_lock(&vmm_lock);
    vmm_reservation **at = reservation_at_locked((uintptr_t)virPtr);
    aclError err = ACL_SUCCESS;
    if (at == NULL || (*at)->base != (uintptr_t)virPtr) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not the start of a reserved address range",
                               __func__, virPtr);
    } else if ((*at)->mappings != NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                               "%s: the range at %p still has mapped memory; aclrtUnmapMem first", __func__, virPtr);
    } else {
        vmm_reservation *r = *at;
        *at = r->next;
        munmap((void *)r->base, r->size);
        free(r);
    }
    pthread_mutex_unlock(&vmm_lock);
    return err;
}

/* ----------------------------------------------------------------------- mapping */

/* Back to an inaccessible reservation: replacing the shared mapping keeps the range ours. */
static void make_inaccessible(uintptr_t base, size_t size)
{
    mmap((void *)base, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
}

/* The slot of `loc` in a mapping's access flags, or -1 when it names no location we keep. */
static int access_slot(const aclrtMemLocation *loc)
{
    if (loc->type == ACL_MEM_LOCATION_TYPE_HOST) {
        return VMM_DEVICE_SLOTS;
    }
    if (loc->type == ACL_MEM_LOCATION_TYPE_DEVICE && loc->id < aclemu_device_count() && loc->id < VMM_DEVICE_SLOTS) {
        return (int)loc->id;
    }
    return -1;
}

/* One host address space serves every emulated device: the pages are as accessible as the most
 * permissive location allows. */
static uint32_t effective_access(const vmm_mapping *m)
{
    uint32_t access = ACL_RT_MEM_ACCESS_FLAGS_NONE;
    for (size_t i = 0; i < sizeof m->access; i++) {
        access |= m->access[i];
    }
    return access;
}

static int prot_of(uint32_t access)
{
    switch (access) {
    case ACL_RT_MEM_ACCESS_FLAGS_READWRITE:
        return PROT_READ | PROT_WRITE;
    case ACL_RT_MEM_ACCESS_FLAGS_READ:
        return PROT_READ;
    default:
        return PROT_NONE;
    }
}

/* Map `size` bytes of `p` from `offset` at virPtr, after the checks every mapping call shares.
 * `accessible`: read-write for the physical memory's own location (aclrtMapMem), or no access
 * anywhere until aclrtMemSetAccess (aclrtMemMapNoAccess). */
static aclError map_locked(void *virPtr, size_t size, size_t offset, vmm_physical *p, bool accessible, const char *fn)
{
    uintptr_t start = (uintptr_t)virPtr;
    vmm_reservation **at = reservation_at_locked(start);
    if (at == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not inside a reserved address range", fn, virPtr);
    }
    if (start % VMM_GRANULARITY != 0 || size == 0 || size % VMM_GRANULARITY != 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: address %p and size %zu must be multiples of %d", fn,
                                virPtr, size, VMM_GRANULARITY);
    }
    if (offset > p->size || size > p->size - offset) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: offset %zu + size %zu exceeds the %zu bytes of the physical memory", fn, offset,
                                size, p->size);
    }
    if (size > (*at)->base + (*at)->size - start) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p + %zu bytes runs past the reserved range", fn, virPtr,
                                size);
    }
    for (vmm_mapping *m = (*at)->mappings; m != NULL; m = m->next) {
        if (start < m->base + m->size && m->base < start + size) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p + %zu bytes overlaps the mapping at %p", fn,
                                    virPtr, size, (void *)m->base);
        }
    }
    vmm_mapping *m = calloc(1, sizeof *m);
    if (m == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: no host memory", fn);
    }
    int prot = accessible ? PROT_READ | PROT_WRITE : PROT_NONE;
    if (mmap(virPtr, size, prot, MAP_SHARED | MAP_FIXED, p->fd, (off_t)(VMM_HEADER + offset)) == MAP_FAILED) {
        int saved = errno;
        free(m);
        make_inaccessible(start, size);
        return aclemu_set_error(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: mmap failed: %s", fn, strerror(saved));
    }
    aclError err = aclemu_mem_add_mapped(virPtr, size, (int32_t)p->prop.location.id, ACLEMU_MAPPED_VMM, fn);
    if (err != ACL_SUCCESS) {
        free(m);
        make_inaccessible(start, size);
        return err;
    }
    *m = (vmm_mapping){.base = start, .size = size, .physical = p, .next = (*at)->mappings};
    if (accessible) {
        int slot = access_slot(&p->prop.location);
        m->access[slot >= 0 ? slot : VMM_DEVICE_SLOTS] = ACL_RT_MEM_ACCESS_FLAGS_READWRITE;
    } else {
        aclemu_mem_set_mapped_access(virPtr, ACL_RT_MEM_ACCESS_FLAGS_NONE);
    }
    (*at)->mappings = m;
    p->map_count++;
    return ACL_SUCCESS;
}

static aclError map_handle(void *virPtr, size_t size, size_t offset, aclrtDrvMemHandle handle, uint64_t flags,
                           bool accessible, const char *fn)
{
    pthread_mutex_lock(&vmm_lock);
    vmm_physical *p = handle;
    aclError err;
    if (!physical_live_locked(p)) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live physical memory handle", fn, handle);
    } else if (offset != 0 || flags != 0) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: offset and flags must be 0 (got %zu, %llu)", fn, offset,
                               (unsigned long long)flags);
    } else {
        err = map_locked(virPtr, size, offset, p, accessible, fn);
    }
    pthread_mutex_unlock(&vmm_lock);
    return err;
}

aclError aclrtMapMem(void *virPtr, size_t size, size_t offset, aclrtDrvMemHandle handle, uint64_t flags)
{
    return map_handle(virPtr, size, offset, handle, flags, true, __func__);
}

/* Mapped, but nothing may touch it until aclrtMemSetAccess grants a location access. */
aclError aclrtMemMapNoAccess(void *virPtr, size_t size, size_t offset, aclrtDrvMemHandle handle, uint64_t flags)
{
    return map_handle(virPtr, size, offset, handle, flags, false, __func__);
}

static void unmap_locked(vmm_mapping **link)
{
    vmm_mapping *m = *link;
    *link = m->next;
    aclemu_mem_remove_mapped((void *)m->base);
    make_inaccessible(m->base, m->size);
    m->physical->map_count--;
    free(m);
}

aclError aclrtUnmapMem(void *virPtr)
{
    pthread_mutex_lock(&vmm_lock);
    vmm_reservation **at = reservation_at_locked((uintptr_t)virPtr);
    vmm_mapping **link = NULL;
    for (vmm_mapping **m = at != NULL ? &(*at)->mappings : NULL; m != NULL && *m != NULL; m = &(*m)->next) {
        if ((*m)->base == (uintptr_t)virPtr) {
            link = m;
            break;
        }
    }
    aclError err = ACL_SUCCESS;
    if (link == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not the start of a mapping made by aclrtMapMem",
                               __func__, virPtr);
    } else {
        unmap_locked(link);
    }
    pthread_mutex_unlock(&vmm_lock);
    return err;
}

aclError aclrtMemRetainAllocationHandle(void *virPtr, aclrtDrvMemHandle *handle)
{
    if (handle == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: handle is NULL", __func__);
    }
    uintptr_t p = (uintptr_t)virPtr;
    pthread_mutex_lock(&vmm_lock);
    vmm_reservation **at = reservation_at_locked(p);
    vmm_physical *found = NULL;
    for (vmm_mapping *m = at != NULL ? (*at)->mappings : NULL; m != NULL; m = m->next) {
        if (p >= m->base && p - m->base < m->size) {
            found = m->physical;
        }
    }
    pthread_mutex_unlock(&vmm_lock);
    if (found == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not inside memory mapped by aclrtMapMem",
                                __func__, virPtr);
    }
    *handle = found;
    return ACL_SUCCESS;
}

/* The mapping holding address p, if any. */
static vmm_mapping *mapping_at_locked(uintptr_t p)
{
    vmm_reservation **at = reservation_at_locked(p);
    for (vmm_mapping *m = at != NULL ? (*at)->mappings : NULL; m != NULL; m = m->next) {
        if (p >= m->base && p - m->base < m->size) {
            return m;
        }
    }
    return NULL;
}

/* ------------------------------------------------------------------- access flags */

static aclError check_access_desc(const aclrtMemAccessDesc *desc, size_t i, const char *fn)
{
    if (desc->flags != ACL_RT_MEM_ACCESS_FLAGS_NONE && desc->flags != ACL_RT_MEM_ACCESS_FLAGS_READ &&
        desc->flags != ACL_RT_MEM_ACCESS_FLAGS_READWRITE) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: desc[%zu].flags %d is not an aclrtMemAccessFlags value",
                                fn, i, (int)desc->flags);
    }
    if (access_slot(&desc->location) < 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: desc[%zu].location (type %d, id %u) is neither the host nor a device", fn, i,
                                (int)desc->location.type, desc->location.id);
    }
    return ACL_SUCCESS;
}

/* The range must be exactly a run of whole mappings of one reservation. */
static aclError check_access_range_locked(uintptr_t start, size_t size, const char *fn)
{
    vmm_reservation **at = reservation_at_locked(start);
    if (at == NULL || size == 0 || size > (*at)->base + (*at)->size - start) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p + %zu bytes is not inside one reserved address range",
                                fn, (void *)start, size);
    }
    size_t covered = 0;
    for (vmm_mapping *m = (*at)->mappings; m != NULL; m = m->next) {
        if (m->base < start + size && start < m->base + m->size) {
            if (m->base < start || m->base + m->size > start + size) {
                return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                        "%s: %p + %zu bytes covers only part of the mapping at %p (%zu bytes)", fn,
                                        (void *)start, size, (void *)m->base, m->size);
            }
            covered += m->size;
        }
    }
    if (covered != size) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p + %zu bytes is not all mapped (%zu bytes are)", fn,
                                (void *)start, size, covered);
    }
    return ACL_SUCCESS;
}

aclError aclrtMemSetAccess(void *virPtr, size_t size, aclrtMemAccessDesc *desc, size_t count)
{
    if (desc == NULL || count == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: desc is NULL or count is 0", __func__);
    }
    if (count > SIZE_MAX / sizeof *desc) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %zu descriptors are more than any array holds", __func__,
                                count);
    }
    aclError err = aclemu_mem_check(desc, count * sizeof *desc, false, __func__, "desc");
    for (size_t i = 0; i < count && err == ACL_SUCCESS; i++) {
        err = check_access_desc(&desc[i], i, __func__);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    uintptr_t start = (uintptr_t)virPtr;
    pthread_mutex_lock(&vmm_lock);
    err = check_access_range_locked(start, size, __func__);
    vmm_reservation **at = err == ACL_SUCCESS ? reservation_at_locked(start) : NULL;
    for (vmm_mapping *m = at != NULL ? (*at)->mappings : NULL; m != NULL; m = m->next) {
        if (m->base < start || m->base - start >= size) {
            continue;
        }
        for (size_t i = 0; i < count; i++) {
            m->access[access_slot(&desc[i].location)] = (uint8_t)desc[i].flags;
        }
        uint32_t access = effective_access(m);
        /* the runtime's own copies are refused first, then the pages follow */
        aclemu_mem_set_mapped_access((void *)m->base, access);
        mprotect((void *)m->base, m->size, prot_of(access));
    }
    pthread_mutex_unlock(&vmm_lock);
    return err;
}

aclError aclrtMemGetAccess(void *virPtr, aclrtMemLocation *location, uint64_t *flag)
{
    if (location == NULL || flag == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: location or flag is NULL", __func__);
    }
    int slot = access_slot(location);
    if (slot < 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: location (type %d, id %u) is neither the host nor a device",
                                __func__, (int)location->type, location->id);
    }
    pthread_mutex_lock(&vmm_lock);
    vmm_mapping *m = mapping_at_locked((uintptr_t)virPtr);
    if (m != NULL) {
        *flag = m->access[slot];
    }
    pthread_mutex_unlock(&vmm_lock);
    if (m == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not inside memory mapped by aclrtMapMem", __func__,
                                virPtr);
    }
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------ links and peer access */

/* Every emulated device reaches every byte through the same host memory: the link is checked and
 * remembered, and the second mapping is a real one of the same pages. */
aclError aclrtMemMapSelectedLink(void *virPtrDst, size_t size, void *virPtrSrc, uint32_t linkIdx)
{
    if (linkIdx != ACL_RT_MEM_LINK_IDX_0 && linkIdx != ACL_RT_MEM_LINK_IDX_1) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: linkIdx %u is not ACL_RT_MEM_LINK_IDX_0 or _1", __func__,
                                linkIdx);
    }
    uintptr_t src = (uintptr_t)virPtrSrc;
    pthread_mutex_lock(&vmm_lock);
    vmm_mapping *m = mapping_at_locked(src);
    aclError err;
    if (m == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: virPtrSrc %p is not inside memory mapped by aclrtMapMem",
                               __func__, virPtrSrc);
    } else if ((src - m->base) % VMM_GRANULARITY != 0 || size > m->base + m->size - src) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                               "%s: virPtrSrc %p + %zu bytes is not a granule-aligned part of the mapping at %p",
                               __func__, virPtrSrc, size, (void *)m->base);
    } else {
        /* mappings always start at the physical memory's first byte (offset 0) */
        err = map_locked(virPtrDst, size, src - m->base, m->physical, true, __func__);
    }
    pthread_mutex_unlock(&vmm_lock);
    return err;
}

aclError aclrtMemMapSetLink(aclrtDrvMemHandle handle, aclrtMemLinkType adviceLink)
{
    if ((unsigned)adviceLink > (unsigned)ACL_RT_MEM_ACCESS_UB_MULTI_PORT_PATH) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: adviceLink %d is not an aclrtMemLinkType", __func__,
                                (int)adviceLink);
    }
    pthread_mutex_lock(&vmm_lock);
    vmm_physical *p = handle;
    aclError err = ACL_SUCCESS;
    if (!physical_live_locked(p)) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live physical memory handle", __func__,
                               handle);
    } else {
        p->link = adviceLink;
    }
    pthread_mutex_unlock(&vmm_lock);
    return err;
}

/* Device memory is host memory every emulated device already reaches: checked, nothing to map. */
aclError aclrtMemP2PMap(void *devPtr, size_t size, int32_t dstDevId, uint64_t flags)
{
    int32_t device;
    aclError err = aclemu_require_device(__func__, &device);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (dstDevId < 0 || (uint32_t)dstDevId >= aclemu_device_count()) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dstDevId %d is not a device (there are %u)", __func__,
                                dstDevId, aclemu_device_count());
    }
    if (flags != 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: flags must be 0, got %llu", __func__,
                                (unsigned long long)flags);
    }
    if (size == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: size is 0", __func__);
    }
    err = aclemu_mem_check_tracked(devPtr, size, true, __func__, "devPtr");
    aclemu_alloc found;
    if (err == ACL_SUCCESS && aclemu_mem_find(devPtr, &found) && found.where != ACLEMU_MEM_DEVICE) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: devPtr %p is host memory, not device memory", __func__,
                               devPtr);
    }
    return err;
}

/* --------------------------------------------------------------- shareable handles */

static aclError export_handle(aclrtDrvMemHandle handle, uint64_t flags, uint64_t *shareableHandle, const char *fn)
{
    pthread_mutex_lock(&vmm_lock);
    vmm_physical *p = handle;
    aclError err = ACL_SUCCESS;
    if (!physical_live_locked(p)) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live physical memory handle", fn, handle);
    } else if (!p->owner) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: handle %p was imported; only its owner exports it", fn,
                               handle);
    } else if (flags > ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: flags %llu is not an ACL_RT_VMM_EXPORT_FLAG_* value", fn,
                               (unsigned long long)flags);
    } else {
        p->exported = true;
        p->header->allowed.validate = flags == ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION ? 0 : 1;
        *shareableHandle = p->shareable;
    }
    pthread_mutex_unlock(&vmm_lock);
    return err;
}

aclError aclrtMemExportToShareableHandle(aclrtDrvMemHandle handle, aclrtMemHandleType handleType, uint64_t flags,
                                         uint64_t *shareableHandle)
{
    if (shareableHandle == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: shareableHandle is NULL", __func__);
    }
    if (handleType != ACL_MEM_HANDLE_TYPE_NONE && handleType != ACL_MEM_HANDLE_TYPE_POSIX) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: handleType %d is not an aclrtMemHandleType", __func__,
                                (int)handleType);
    }
    return export_handle(handle, flags, shareableHandle, __func__);
}

static vmm_physical *exported_locked(uint64_t shareable)
{
    for (vmm_physical *p = physicals; p != NULL; p = p->next) {
        if (p->owner && p->exported && p->shareable == shareable) {
            return p;
        }
    }
    return NULL;
}

static aclError set_pids(uint64_t shareableHandle, int32_t *pid, size_t pidNum, const char *fn)
{
    if (pid == NULL || pidNum == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: pid is NULL or pidNum is 0", fn);
    }
    pthread_mutex_lock(&vmm_lock);
    vmm_physical *p = exported_locked(shareableHandle);
    aclError err = ACL_SUCCESS;
    if (p == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %llu is not a shareable handle exported by this process",
                               fn, (unsigned long long)shareableHandle);
    } else {
        err = rt_pid_list_add(&p->header->allowed, pid, pidNum, fn);
    }
    pthread_mutex_unlock(&vmm_lock);
    return err;
}

aclError aclrtMemSetPidToShareableHandle(uint64_t shareableHandle, int32_t *pid, size_t pidNum)
{
    return set_pids(shareableHandle, pid, pidNum, __func__);
}

static aclError import_handle(uint64_t shareableHandle, int32_t deviceId, aclrtDrvMemHandle *handle, const char *fn)
{
    char name[VMM_NAME_LEN];
    object_name(name, shareableHandle);
    int fd = shm_open(name, O_RDWR, 0);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || st.st_size < VMM_HEADER) {
        if (fd >= 0) {
            close(fd);
        }
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: %llu is not a live shareable handle (never exported, or its owner freed it)", fn,
                                (unsigned long long)shareableHandle);
    }
    pthread_mutex_lock(&vmm_lock);
    vmm_physical *p = NULL;
    aclError err = physical_adopt_locked(fd, (size_t)st.st_size - VMM_HEADER, shareableHandle, false, &p, fn);
    if (err != ACL_SUCCESS) {
        close(fd);
    } else if (p->header->magic != VMM_MAGIC || p->header->size != p->size) {
        physical_destroy_locked(p);
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %llu does not name emulator physical memory", fn,
                               (unsigned long long)shareableHandle);
    } else if (!rt_pid_list_admits(&p->header->allowed, (int32_t)getpid())) {
        physical_destroy_locked(p);
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                               "%s: process %d is not in the allow-list of shareable handle %llu "
                               "(aclrtMemSetPidToShareableHandle)",
                               fn, (int)getpid(), (unsigned long long)shareableHandle);
    } else {
        p->prop = p->header->prop;
        p->prop.location.id = (uint32_t)deviceId;
        *handle = p;
    }
    pthread_mutex_unlock(&vmm_lock);
    return err;
}

aclError aclrtMemImportFromShareableHandle(uint64_t shareableHandle, int32_t deviceId, aclrtDrvMemHandle *handle)
{
    aclError err = aclemu_require_init(__func__);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (handle == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: handle is NULL", __func__);
    }
    if (deviceId < 0 || (uint32_t)deviceId >= aclemu_device_count()) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: deviceId %d is not a device (there are %u)", __func__,
                                deviceId, aclemu_device_count());
    }
    return import_handle(shareableHandle, deviceId, handle, __func__);
}

/* ------------------------------------------------------------ V2 shareable handles */

/* A V2 handle is the caller's buffer: a uint64_t for ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT (the v1
 * value), an aclrtMemFabricHandle for _FABRIC holding a tag and the same value. */
static const char FABRIC_TAG[8] = {'a', 'c', 'l', 'e', 'm', 'u', 'F', 'H'};

static size_t shared_handle_bytes(aclrtMemSharedHandleType type)
{
    switch (type) {
    case ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT:
        return sizeof(uint64_t);
    case ACL_MEM_SHARE_HANDLE_TYPE_FABRIC:
        return sizeof(aclrtMemFabricHandle);
    default:
        return 0;
    }
}

static aclError check_v2_buffer(const void *buffer, aclrtMemSharedHandleType type, const char *fn)
{
    size_t bytes = shared_handle_bytes(type);
    if (bytes == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: shareType %d is not an aclrtMemSharedHandleType", fn,
                                (int)type);
    }
    if (buffer == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: shareableHandle is NULL", fn);
    }
    return aclemu_mem_check(buffer, bytes, false, fn, "shareableHandle");
}

/* The v1 value a V2 handle holds. */
static aclError read_v2(const void *buffer, aclrtMemSharedHandleType type, uint64_t *value, const char *fn)
{
    aclError err = check_v2_buffer(buffer, type, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (type == ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT) {
        memcpy(value, buffer, sizeof *value);
        return ACL_SUCCESS;
    }
    const aclrtMemFabricHandle *fabric = buffer;
    if (memcmp(fabric->data, FABRIC_TAG, sizeof FABRIC_TAG) != 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the fabric handle was not made by "
                                "aclrtMemExportToShareableHandleV2", fn);
    }
    memcpy(value, fabric->data + sizeof FABRIC_TAG, sizeof *value);
    return ACL_SUCCESS;
}

aclError aclrtMemExportToShareableHandleV2(aclrtDrvMemHandle handle, uint64_t flags, aclrtMemSharedHandleType shareType,
                                           void *shareableHandle)
{
    aclError err = check_v2_buffer(shareableHandle, shareType, __func__);
    uint64_t value = 0;
    if (err == ACL_SUCCESS) {
        err = export_handle(handle, flags, &value, __func__);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (shareType == ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT) {
        memcpy(shareableHandle, &value, sizeof value);
    } else {
        aclrtMemFabricHandle fabric;
        memset(&fabric, 0, sizeof fabric);
        memcpy(fabric.data, FABRIC_TAG, sizeof FABRIC_TAG);
        memcpy(fabric.data + sizeof FABRIC_TAG, &value, sizeof value);
        memcpy(shareableHandle, &fabric, sizeof fabric);
    }
    return ACL_SUCCESS;
}

aclError aclrtMemSetPidToShareableHandleV2(void *shareableHandle, aclrtMemSharedHandleType shareType, int32_t *pid,
                                           size_t pidNum)
{
    uint64_t value = 0;
    aclError err = read_v2(shareableHandle, shareType, &value, __func__);
    return err != ACL_SUCCESS ? err : set_pids(value, pid, pidNum, __func__);
}

/* The imported memory belongs to the calling thread's current device. */
aclError aclrtMemImportFromShareableHandleV2(void *shareableHandle, aclrtMemSharedHandleType shareType, uint64_t flags,
                                             aclrtDrvMemHandle *handle)
{
    int32_t device;
    aclError err = aclemu_require_device(__func__, &device);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (handle == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: handle is NULL", __func__);
    }
    if (flags != 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: flags must be 0, got %llu", __func__,
                                (unsigned long long)flags);
    }
    uint64_t value = 0;
    err = read_v2(shareableHandle, shareType, &value, __func__);
    return err != ACL_SUCCESS ? err : import_handle(value, device, handle, __func__);
}

/* ------------------------------------------------------------------------ teardown */

/* Physical memory and reservations belong to the process, not to a device: only aclFinalize
 * (device -1) forgets what the program left, unmapping first. */
static size_t release_vmm(int32_t device, const char *fn)
{
    if (device >= 0) {
        return 0;
    }
    size_t count = 0;
    pthread_mutex_lock(&vmm_lock);
    while (reservations != NULL) {
        vmm_reservation *r = reservations;
        while (r->mappings != NULL) {
            unmap_locked(&r->mappings);
        }
        reservations = r->next;
        munmap((void *)r->base, r->size);
        free(r);
        count++;
    }
    while (physicals != NULL) {
        physical_destroy_locked(physicals);
        count++;
    }
    pthread_mutex_unlock(&vmm_lock);
    if (count > 0 && aclemu_strict()) {
        aclemu_diag("%s: %zu reserved ranges / physical memory handles were never released", fn, count);
    }
    return count;
}

__attribute__((constructor)) static void register_vmm_release(void)
{
    aclemu_on_release(release_vmm);
}
