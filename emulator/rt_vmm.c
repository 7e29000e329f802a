/* Virtual memory management (aclrtReserveMemAddress / MallocPhysical / MapMem / UnmapMem /
 * FreePhysical / ReleaseMemAddress, granularity queries) and shareable physical handles
 * (aclrtMemExportToShareableHandle / SetPidToShareableHandle / ImportFromShareableHandle).
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
    struct vmm_physical *next;
} vmm_physical;

typedef struct vmm_mapping {
    uintptr_t base;
    size_t size;
    vmm_physical *physical;
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

aclError aclrtMapMem(void *virPtr, size_t size, size_t offset, aclrtDrvMemHandle handle, uint64_t flags)
{
    uintptr_t start = (uintptr_t)virPtr;
    pthread_mutex_lock(&vmm_lock);
    vmm_physical *p = handle;
    vmm_reservation **at = reservation_at_locked(start);
    aclError err = ACL_SUCCESS;
    if (!physical_live_locked(p)) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live physical memory handle", __func__,
                               handle);
    } else if (at == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not inside a reserved address range", __func__,
                               virPtr);
    } else if (start % VMM_GRANULARITY != 0 || size == 0 || size % VMM_GRANULARITY != 0) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: address %p and size %zu must be multiples of %d",
                               __func__, virPtr, size, VMM_GRANULARITY);
    } else if (offset != 0 || flags != 0) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: offset and flags must be 0 (got %zu, %llu)", __func__,
                               offset, (unsigned long long)flags);
    } else if (size > p->size) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: size %zu exceeds the %zu bytes of the physical memory",
                               __func__, size, p->size);
    } else if (size > (*at)->base + (*at)->size - start) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p + %zu bytes runs past the reserved range", __func__,
                               virPtr, size);
    } else {
        for (vmm_mapping *m = (*at)->mappings; m != NULL; m = m->next) {
            if (start < m->base + m->size && m->base < start + size) {
                err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p + %zu bytes overlaps the mapping at %p",
                                       __func__, virPtr, size, (void *)m->base);
                break;
            }
        }
    }
    vmm_mapping *m = NULL;
    if (err == ACL_SUCCESS && (m = calloc(1, sizeof *m)) == NULL) {
        err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: no host memory", __func__);
    }
    if (err == ACL_SUCCESS &&
        mmap(virPtr, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, p->fd, VMM_HEADER) == MAP_FAILED) {
        free(m);
        err = aclemu_set_error(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: mmap failed: %s", __func__, strerror(errno));
    } else if (err == ACL_SUCCESS) {
        err = aclemu_mem_add_mapped(virPtr, size, (int32_t)p->prop.location.id, ACLEMU_MAPPED_VMM, __func__);
        if (err != ACL_SUCCESS) {
            free(m);
            make_inaccessible(start, size);
        }
    }
    if (err == ACL_SUCCESS) {
        *m = (vmm_mapping){.base = start, .size = size, .physical = p, .next = (*at)->mappings};
        (*at)->mappings = m;
        p->map_count++;
    }
    pthread_mutex_unlock(&vmm_lock);
    return err;
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

/* --------------------------------------------------------------- shareable handles */

aclError aclrtMemExportToShareableHandle(aclrtDrvMemHandle handle, aclrtMemHandleType handleType, uint64_t flags,
                                         uint64_t *shareableHandle)
{
    pthread_mutex_lock(&vmm_lock);
    vmm_physical *p = handle;
    aclError err = ACL_SUCCESS;
    if (!physical_live_locked(p)) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live physical memory handle", __func__,
                               handle);
    } else if (!p->owner) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: handle %p was imported; only its owner exports it",
                               __func__, handle);
    } else if (shareableHandle == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: shareableHandle is NULL", __func__);
    } else if (handleType != ACL_MEM_HANDLE_TYPE_NONE && handleType != ACL_MEM_HANDLE_TYPE_POSIX) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: handleType %d is not an aclrtMemHandleType", __func__,
                               (int)handleType);
    } else if (flags > ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: flags %llu is not an ACL_RT_VMM_EXPORT_FLAG_* value",
                               __func__, (unsigned long long)flags);
    } else {
        p->exported = true;
        p->header->allowed.validate = flags == ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION ? 0 : 1;
        *shareableHandle = p->shareable;
    }
    pthread_mutex_unlock(&vmm_lock);
    return err;
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

aclError aclrtMemSetPidToShareableHandle(uint64_t shareableHandle, int32_t *pid, size_t pidNum)
{
    if (pid == NULL || pidNum == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: pid is NULL or pidNum is 0", __func__);
    }
    pthread_mutex_lock(&vmm_lock);
    vmm_physical *p = exported_locked(shareableHandle);
    aclError err = ACL_SUCCESS;
    if (p == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                               "%s: %llu is not a shareable handle exported by this process", __func__,
                               (unsigned long long)shareableHandle);
    } else {
        err = rt_pid_list_add(&p->header->allowed, pid, pidNum, __func__);
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
    char name[VMM_NAME_LEN];
    object_name(name, shareableHandle);
    int fd = shm_open(name, O_RDWR, 0);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || st.st_size < VMM_HEADER) {
        if (fd >= 0) {
            close(fd);
        }
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: %llu is not a live shareable handle (never exported, or its owner freed it)",
                                __func__, (unsigned long long)shareableHandle);
    }
    pthread_mutex_lock(&vmm_lock);
    vmm_physical *p = NULL;
    err = physical_adopt_locked(fd, (size_t)st.st_size - VMM_HEADER, shareableHandle, false, &p, __func__);
    if (err != ACL_SUCCESS) {
        close(fd);
    } else if (p->header->magic != VMM_MAGIC || p->header->size != p->size) {
        physical_destroy_locked(p);
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %llu does not name emulator physical memory", __func__,
                               (unsigned long long)shareableHandle);
    } else if (!rt_pid_list_admits(&p->header->allowed, (int32_t)getpid())) {
        physical_destroy_locked(p);
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                               "%s: process %d is not in the allow-list of shareable handle %llu "
                               "(aclrtMemSetPidToShareableHandle)",
                               __func__, (int)getpid(), (unsigned long long)shareableHandle);
    } else {
        p->prop = p->header->prop;
        p->prop.location.id = (uint32_t)deviceId;
        *handle = p;
    }
    pthread_mutex_unlock(&vmm_lock);
    return err;
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
