/*
 * Address space of tracked memory (aclrtMalloc* and aclrtMallocHost), private to memory.c.
 *
 * Tracked memory never comes from libc malloc: after a free, libc would hand the same addresses
 * to the program's own buffers, and those would then look like "use after free". Here every
 * allocation lives in a mapping this module owns, and a freed allocation stays reserved (in the
 * quarantine) for as long as it is remembered as freed, so no one else can be given its
 * addresses in that time.
 *
 * Thread-safe: a private lock guards the state. memory.c calls in while holding its own lock
 * (order: memory lock, then this one); nothing here calls back.
 */
#ifndef ACLEMU_MEMORY_SPACE_H
#define ACLEMU_MEMORY_SPACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { MEMSPACE_ALIGNMENT = 64 }; /* every address handed out is a multiple of this */

/* Where an allocation lives. */
typedef struct memspace_block {
    uintptr_t base; /* address handed to the user */
    size_t span;    /* bytes reserved for it (size class or whole pages) */
    int size_class; /* index of its slab size class, or -1 for a mapping of its own */
} memspace_block;

/* Zero-filled room for `size` (> 0) bytes; from 4 MiB on it starts on a 2 MiB boundary, advised
 * for transparent huge pages. False when the host has no memory left. */
bool memspace_acquire(size_t size, memspace_block *out);

/* Give a block back at once, without quarantine (it was never handed out). */
void memspace_discard(const memspace_block *block);

/* A freed allocation of `size` bytes enters the quarantine, tagged with `where`
 * (aclemu_mem_where, for messages). The oldest entries leave when it is full. */
void memspace_retire(const memspace_block *block, size_t size, int where);

/* True (and *where filled) when `p` lies in [base, base + size) of a quarantined allocation. */
bool memspace_find_retired(uintptr_t p, int *where);

/* Move the region holding `block` (its whole slab, or its own mapping) onto a memfd, keeping
 * its bytes, so that another process can map the same pages (IPC memory). Returns the memfd
 * (owned here; closed when the region is unmapped) and sets *region_base to the address of its
 * offset 0; a region already shared returns the same memfd. -1 when the host refuses. */
int memspace_share(const memspace_block *block, uintptr_t *region_base);

#endif /* ACLEMU_MEMORY_SPACE_H */
