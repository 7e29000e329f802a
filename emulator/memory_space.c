/* Address space of tracked memory: slabs for small allocations, a mapping of its own for each
 * large one, and a bounded quarantine of freed allocations. See memory_space.h for why. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MAP_NORESERVE, MADV_DONTNEED under -std=c11 */
#include "emu.h"

#include "memory_space.h"

#include <pthread.h>
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

/* Bound of the quarantine in reserved bytes (address space, not memory): when the freed
 * allocations held exceed it, the oldest leave early. A large allocation in quarantine holds
 * no pages and no commit charge (its mapping is replaced by an inaccessible one), so this only
 * caps address space; slab chunks keep their pages, at most 256 x 64 KiB = 16 MiB. */
static const uint64_t QUARANTINE_BYTES = 64ULL * 1024 * 1024 * 1024;

typedef struct size_class {
    uintptr_t next, end; /* unused part of the newest slab */
    uintptr_t *free;     /* chunks back from the quarantine, reused last-in first-out */
    size_t free_count, free_capacity;
} size_class;

typedef struct retired {
    memspace_block block; /* span 0: empty slot */
    size_t size;
    int where;
} retired;

static pthread_mutex_t space_lock = PTHREAD_MUTEX_INITIALIZER;
static size_class classes[CLASS_COUNT];
static retired quarantine[QUARANTINE_COUNT]; /* ring; the oldest entry is at quarantine_next */
static size_t quarantine_next;
static uint64_t quarantine_bytes;
static size_t page_bytes;

static int class_for(size_t size)
{
    for (int i = 0; i < CLASS_COUNT; ++i) {
        if (size <= SIZE_CLASSES[i]) {
            return i;
        }
    }
    return -1;
}

static size_t page_size_locked(void)
{
    if (page_bytes == 0) {
        long page = sysconf(_SC_PAGESIZE);
        page_bytes = page > 0 ? (size_t)page : 4096;
    }
    return page_bytes;
}

static void *map_fresh(size_t bytes)
{
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
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
        void *slab = map_fresh(SLAB_BYTES);
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

bool memspace_acquire(size_t size, memspace_block *out)
{
    int index = class_for(size);
    pthread_mutex_lock(&space_lock);
    bool ok = false;
    if (index >= 0) {
        ok = acquire_chunk_locked(index, size, out);
    } else {
        size_t page = page_size_locked();
        if (size <= SIZE_MAX - page) {
            size_t span = (size + page - 1) / page * page;
            void *p = map_fresh(span);
            if (p != NULL) {
                *out = (memspace_block){(uintptr_t)p, span, -1};
                ok = true;
            }
        }
    }
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
    quarantine_bytes -= entry->block.span;
    give_back_locked(&entry->block);
    entry->block.span = 0;
}

/* Keep the range reserved but drop its pages: replacing the mapping by an inaccessible,
 * unaccounted one frees the memory in one call, and touching it faults instead of reading stale
 * data. Should that fail, dropping the pages alone still keeps the range ours. */
static void seal_mapping(const memspace_block *block)
{
    void *p = mmap((void *)block->base, block->span, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE,
                   -1, 0);
    if (p == MAP_FAILED) {
        madvise((void *)block->base, block->span, MADV_DONTNEED);
    }
}

void memspace_retire(const memspace_block *block, size_t size, int where)
{
    if (block->size_class < 0) {
        seal_mapping(block);
    }
    pthread_mutex_lock(&space_lock);
    retired *slot = &quarantine[quarantine_next];
    if (slot->block.span != 0) {
        release_entry_locked(slot);
    }
    *slot = (retired){*block, size, where};
    quarantine_bytes += block->span;
    quarantine_next = (quarantine_next + 1) % QUARANTINE_COUNT;
    /* oldest first; the entry just added is the last candidate */
    for (size_t step = 0; quarantine_bytes > QUARANTINE_BYTES && step < QUARANTINE_COUNT; ++step) {
        retired *oldest = &quarantine[(quarantine_next + step) % QUARANTINE_COUNT];
        if (oldest->block.span != 0) {
            release_entry_locked(oldest);
        }
    }
    pthread_mutex_unlock(&space_lock);
}

bool memspace_find_retired(uintptr_t p, int *where)
{
    bool found = false;
    pthread_mutex_lock(&space_lock);
    for (size_t i = 0; i < QUARANTINE_COUNT && !found; ++i) {
        const retired *entry = &quarantine[i];
        if (entry->block.span != 0 && p >= entry->block.base && p - entry->block.base < entry->size) {
            found = true;
            if (where != NULL) {
                *where = entry->where;
            }
        }
    }
    pthread_mutex_unlock(&space_lock);
    return found;
}
