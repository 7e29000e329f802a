/* Address space of tracked memory: slabs for small allocations, a mapping of its own for each
 * large one, and a bounded quarantine of freed allocations. See memory_space.h for why. */
#define _GNU_SOURCE /* MAP_ANONYMOUS, MAP_NORESERVE, MADV_DONTNEED, memfd_create under -std=c11 */
#include "emu.h"

#include "memory_index.h"
#include "memory_space.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* Small sizes share 1 MiB slabs, cut into chunks of one size class each: a syscall (and fresh
 * page faults) per small allocation would make aclrtMalloc several times slower. Classes step
 * by 1x and 1.5x powers of two, so a chunk wastes at most a third of itself; every class is a
 * multiple of the alignment, so every chunk of a slab is aligned. */
static const size_t SIZE_CLASSES[] = {64,   128,  192,  256,   384,   512,   768,   1024,  1536,  2048,
                                      3072, 4096, 6144, 8192, 12288, 16384, 24576, 32768, 49152, 65536};
enum {
    CLASS_COUNT = sizeof SIZE_CLASSES / sizeof SIZE_CLASSES[0],
    SLAB_BYTES = 1024 * 1024,
    /* Bound of the quarantine, in entries; the other bound is QUARANTINE_BYTES. */
    QUARANTINE_COUNT = 256
};

/* Bound of the quarantine in reserved bytes (address space): when the freed allocations held
 * exceed it, the oldest leave early. Memory is bounded apart: slab chunks keep their pages (at
 * most 256 x 64 KiB = 16 MiB); a large allocation is made inaccessible at once and keeps its
 * pages only while the large ones holding pages stay within RESIDENT_BYTES, after that its pages
 * go back to the system (no memory, no commit charge) and only its addresses stay reserved. */
static const uint64_t QUARANTINE_BYTES = 64ULL * 1024 * 1024 * 1024;

/* Why large ones keep pages at all: faulting fresh pages in costs more than reusing kept ones
 * (a 1 MiB buffer allocated, filled and freed in a loop took twice as long, on a VM). But reuse
 * costs clearing the pages and two protection changes, 5-10x a fresh mapping that is never
 * filled (numpy.zeros' way), so only strict mode keeps them; the default mode maps afresh and
 * drops a freed allocation's pages at once, which still leaves it reserved and inaccessible, so
 * use after free is detected in both modes. A large freed
 * allocation with pages may be handed out again (by us, never by libc) once at least
 * PROTECTED_BYTES of newer large allocations were freed after it; until then, and until it is
 * reused, it is still reported as freed. */
static const uint64_t RESIDENT_BYTES = 128ULL * 1024 * 1024;
static const uint64_t PROTECTED_BYTES = 32ULL * 1024 * 1024;

typedef struct size_class {
    uintptr_t next, end; /* unused part of the newest slab */
    uintptr_t *free;     /* chunks back from the quarantine, reused last-in first-out */
    size_t free_count, free_capacity;
} size_class;

typedef struct retired {
    addr_node node;       /* in retired_index while the slot is used */
    memspace_block block; /* span 0: empty slot */
    size_t size;
    int where;
    bool resident; /* a large allocation whose pages are kept (inaccessible) */
} retired;

static pthread_mutex_t space_lock = PTHREAD_MUTEX_INITIALIZER;
static size_class classes[CLASS_COUNT];
static retired quarantine[QUARANTINE_COUNT]; /* ring; the oldest entry is at quarantine_next */
/* The used slots by base address: a host pointer checked against recent frees costs a tree
 * look-up, not a scan of the ring (quarantined ranges never overlap). */
static addr_node *retired_index;
static size_t quarantine_next;
static uint64_t quarantine_bytes;
static uint64_t resident_bytes; /* spans of the resident entries */

static int class_for(size_t size)
{
    for (int i = 0; i < CLASS_COUNT; ++i) {
        if (size <= SIZE_CLASSES[i]) {
            return i;
        }
    }
    return -1;
}

static size_t page_size(void)
{
    long page = sysconf(_SC_PAGESIZE); /* read from the process's startup data, no syscall */
    return page > 0 ? (size_t)page : 4096;
}

static void *map_fresh(size_t bytes)
{
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

/* `bytes` of fresh memory starting on an `align` boundary (a power of two, at least a page). */
static void *map_aligned(size_t bytes, size_t align)
{
    if (bytes > SIZE_MAX - align) {
        return NULL;
    }
    char *raw = map_fresh(bytes + align);
    if (raw == NULL) {
        return NULL;
    }
    uintptr_t base = ((uintptr_t)raw + align - 1) & ~(uintptr_t)(align - 1);
    if (base > (uintptr_t)raw) {
        munmap(raw, base - (uintptr_t)raw);
    }
    uintptr_t tail = (uintptr_t)raw + bytes + align - (base + bytes);
    if (tail > 0) {
        munmap((void *)(base + bytes), tail);
    }
    return (void *)base;
}

/* Large allocations from this size on start on a huge-page boundary and ask for transparent huge
 * pages, as numpy does for its arrays from 4 MiB: with 4 KiB pages a kernel streaming through
 * tens of MiB spends a good part of its time on TLB misses (an elementwise Add of 64 MiB ran
 * ~10% slower than numpy's on the same data). Where THP is off, the advice is ignored. */
#define HUGE_PAGE_BYTES ((size_t)2 << 20)
#define HUGE_PAGE_MIN_ALLOCATION ((size_t)4 << 20)

static void *map_large(size_t bytes)
{
    if (bytes < HUGE_PAGE_MIN_ALLOCATION) {
        return map_fresh(bytes);
    }
    void *p = map_aligned(bytes, HUGE_PAGE_BYTES);
#ifdef MADV_HUGEPAGE
    if (p != NULL) {
        madvise(p, bytes, MADV_HUGEPAGE);
    }
#endif
    return p;
}

/* Slabs start on a SLAB_BYTES boundary, so a chunk's slab is found from its address alone
 * (memspace_share shares whole slabs). */
static void *map_slab(void)
{
    return map_aligned(SLAB_BYTES, SLAB_BYTES);
}

/* ------------------------------------------------------------------ shared regions
 * A region (a whole slab, or a large allocation's own mapping) that memspace_share moved onto a
 * memfd. Regions never overlap: slabs are aligned and own mappings are separate. */
typedef struct shared_region {
    uintptr_t base;
    size_t span;
    int fd;
} shared_region;

static shared_region *shared;
static size_t shared_count, shared_capacity;

static shared_region *shared_find_locked(uintptr_t base)
{
    for (size_t i = 0; i < shared_count; ++i) {
        if (shared[i].base == base) {
            return &shared[i];
        }
    }
    return NULL;
}

/* The mapping at `base` goes away: its memfd is closed (importers keep their own mappings). */
static void shared_forget_locked(uintptr_t base)
{
    shared_region *r = shared_find_locked(base);
    if (r != NULL) {
        close(r->fd);
        *r = shared[--shared_count];
    }
}

static int share_region_locked(uintptr_t base, size_t span)
{
    shared_region *known = shared_find_locked(base);
    if (known != NULL) {
        return known->fd;
    }
    if (shared_count == shared_capacity) {
        size_t capacity = shared_capacity ? shared_capacity * 2 : 16;
        shared_region *grown = realloc(shared, capacity * sizeof *grown);
        if (grown == NULL) {
            return -1;
        }
        shared = grown;
        shared_capacity = capacity;
    }
    int fd = memfd_create("aclemu-ipc", MFD_CLOEXEC);
    if (fd < 0) {
        return -1;
    }
    /* Copy the current bytes, then put the memfd in place of the private pages. */
    size_t done = 0;
    while (done < span) {
        ssize_t n = write(fd, (const char *)base + done, span - done);
        if (n <= 0) {
            close(fd);
            return -1;
        }
        done += (size_t)n;
    }
    if (mmap((void *)base, span, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0) == MAP_FAILED) {
        close(fd);
        return -1;
    }
    shared[shared_count++] = (shared_region){base, span, fd};
    return fd;
}

int memspace_share(const memspace_block *block, uintptr_t *region_base)
{
    uintptr_t base = block->base;
    size_t span = block->span;
    if (block->size_class >= 0) {
        base &= ~(uintptr_t)(SLAB_BYTES - 1);
        span = SLAB_BYTES;
    }
    pthread_mutex_lock(&space_lock);
    int fd = share_region_locked(base, span);
    pthread_mutex_unlock(&space_lock);
    *region_base = base;
    return fd;
}

/* A chunk the quarantine released goes back to its class. If the list cannot grow the chunk
 * stays unused: it is still our address space, so losing it harms no one. */
static void recycle_chunk_locked(const memspace_block *block)
{
    size_class *c = &classes[block->size_class];
    if (c->free_count == c->free_capacity) {
        size_t capacity = c->free_capacity ? c->free_capacity * 2 : 64;
        uintptr_t *grown = realloc(c->free, capacity * sizeof *grown);
        if (grown == NULL) {
            return;
        }
        c->free = grown;
        c->free_capacity = capacity;
    }
    c->free[c->free_count++] = block->base;
}

static void give_back_locked(const memspace_block *block)
{
    if (block->size_class >= 0) {
        recycle_chunk_locked(block);
    } else {
        shared_forget_locked(block->base);
        munmap((void *)block->base, block->span);
    }
}

static bool acquire_chunk_locked(int index, size_t size, memspace_block *out)
{
    size_class *c = &classes[index];
    size_t chunk = SIZE_CLASSES[index];
    if (c->free_count > 0) {
        uintptr_t base = c->free[--c->free_count];
        memset((void *)base, 0, size); /* fresh slabs are zero; reused chunks are cleared */
        *out = (memspace_block){base, chunk, index};
        return true;
    }
    if (c->end - c->next < chunk) {
        void *slab = map_slab();
        if (slab == NULL) {
            return false;
        }
        c->next = (uintptr_t)slab;
        c->end = c->next + SLAB_BYTES;
    }
    *out = (memspace_block){c->next, chunk, index};
    c->next += chunk;
    return true;
}

static void forget_entry_locked(retired *entry)
{
    addr_index_remove(&retired_index, entry->block.base);
    quarantine_bytes -= entry->block.span;
    if (entry->resident) {
        resident_bytes -= entry->block.span;
        entry->resident = false;
    }
    entry->block.span = 0;
}

/* Newest first, skip PROTECTED_BYTES of large frees; of the older resident entries take the
 * smallest whose span is `span` to 2 x `span`; among equals the newest, whose memory is likely
 * warmer, while older frees stay reported longer. */
static bool take_resident_locked(size_t span, memspace_block *out)
{
    uint64_t newer = 0;
    retired *best = NULL;
    if (resident_bytes == 0) { /* the default mode keeps none: no scan */
        return false;
    }
    for (size_t step = 1; step <= QUARANTINE_COUNT; ++step) {
        retired *entry = &quarantine[(quarantine_next + QUARANTINE_COUNT - step) % QUARANTINE_COUNT];
        if (entry->block.span == 0 || entry->block.size_class >= 0) {
            continue;
        }
        bool fits = entry->resident && entry->block.span >= span && entry->block.span / 2 <= span;
        if (newer >= PROTECTED_BYTES && fits && (best == NULL || entry->block.span < best->block.span)) {
            best = entry;
        }
        newer += entry->block.span;
    }
    if (best == NULL) {
        return false;
    }
    *out = best->block;
    forget_entry_locked(best);
    return true;
}

static bool acquire_mapping(size_t size, memspace_block *out)
{
    size_t page = page_size();
    if (size > SIZE_MAX - page) {
        return false;
    }
    size_t span = (size + page - 1) / page * page;
    pthread_mutex_lock(&space_lock);
    bool reused = take_resident_locked(span, out);
    pthread_mutex_unlock(&space_lock);
    if (reused) {
        if (mprotect((void *)out->base, out->span, PROT_READ | PROT_WRITE) == 0) {
            memset((void *)out->base, 0, size); /* it holds a freed allocation's data */
            return true;
        }
        pthread_mutex_lock(&space_lock);
        shared_forget_locked(out->base);
        pthread_mutex_unlock(&space_lock);
        munmap((void *)out->base, out->span);
    }
    void *p = map_large(span);
    if (p == NULL) {
        return false;
    }
    *out = (memspace_block){(uintptr_t)p, span, -1};
    return true;
}

bool memspace_acquire(size_t size, memspace_block *out)
{
    int index = class_for(size);
    if (index < 0) {
        return acquire_mapping(size, out);
    }
    pthread_mutex_lock(&space_lock);
    bool ok = acquire_chunk_locked(index, size, out);
    pthread_mutex_unlock(&space_lock);
    return ok;
}

void memspace_discard(const memspace_block *block)
{
    pthread_mutex_lock(&space_lock);
    give_back_locked(block);
    pthread_mutex_unlock(&space_lock);
}

static void release_entry_locked(retired *entry)
{
    memspace_block block = entry->block;
    forget_entry_locked(entry);
    give_back_locked(&block);
}

/* Keep the range reserved but drop its pages: replacing the mapping by an inaccessible,
 * unaccounted one frees the memory in one call, and touching it still faults. Should that
 * fail, dropping the pages alone still keeps the range ours. */
static void seal_mapping_locked(const memspace_block *block)
{
    shared_forget_locked(block->base);
    void *p = mmap((void *)block->base, block->span, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE,
                   -1, 0);
    if (p == MAP_FAILED) {
        madvise((void *)block->base, block->span, MADV_DONTNEED);
    }
}

void memspace_retire(const memspace_block *block, size_t size, int where)
{
    /* inaccessible at once; its pages stay if it can ever be resident */
    bool resident = false;
    pthread_mutex_lock(&space_lock);
    if (block->size_class < 0) {
        /* a shared mapping is never reused: a process that imported it still sees its pages */
        resident = aclemu_strict() && block->span <= RESIDENT_BYTES && shared_find_locked(block->base) == NULL &&
                   mprotect((void *)block->base, block->span, PROT_NONE) == 0;
        if (!resident) {
            seal_mapping_locked(block);
        }
    }
    retired *slot = &quarantine[quarantine_next];
    if (slot->block.span != 0) {
        release_entry_locked(slot);
    }
    *slot = (retired){.block = *block, .size = size, .where = where, .resident = resident};
    slot->node.key = block->base;
    addr_index_insert(&retired_index, &slot->node);
    quarantine_bytes += block->span;
    resident_bytes += resident ? block->span : 0;
    quarantine_next = (quarantine_next + 1) % QUARANTINE_COUNT;
    /* oldest first; the entry just added is the last candidate */
    for (size_t step = 0; quarantine_bytes > QUARANTINE_BYTES && step < QUARANTINE_COUNT; ++step) {
        retired *oldest = &quarantine[(quarantine_next + step) % QUARANTINE_COUNT];
        if (oldest->block.span != 0) {
            release_entry_locked(oldest);
        }
    }
    for (size_t step = 0; resident_bytes > RESIDENT_BYTES && step < QUARANTINE_COUNT; ++step) {
        retired *oldest = &quarantine[(quarantine_next + step) % QUARANTINE_COUNT];
        if (oldest->resident) {
            seal_mapping_locked(&oldest->block);
            resident_bytes -= oldest->block.span;
            oldest->resident = false;
        }
    }
    pthread_mutex_unlock(&space_lock);
}

bool memspace_find_retired(uintptr_t p, int *where)
{
    pthread_mutex_lock(&space_lock);
    const retired *entry = (const retired *)addr_index_floor(retired_index, p);
    bool found = entry != NULL && p - entry->block.base < entry->size;
    if (found && where != NULL) {
        *where = entry->where;
    }
    pthread_mutex_unlock(&space_lock);
    return found;
}
