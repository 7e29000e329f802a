/*
 * Ordered index of tracked allocations by base address (memory.c), private to layer 2.
 *
 * A treap: a binary search tree on the base address whose nodes are also heap-ordered on a
 * priority hashed from the address, so its expected depth is O(log n) whatever order
 * allocations come and go in (a sorted array moved half its entries on every free). Nodes are
 * intrusive: the caller embeds an addr_node in its record and owns the memory. Not thread-safe:
 * the caller's lock guards the tree.
 */
#ifndef ACLEMU_MEMORY_INDEX_H
#define ACLEMU_MEMORY_INDEX_H

#include <stdint.h>

typedef struct addr_node {
    uintptr_t key;
    uint64_t priority;
    struct addr_node *left, *right;
} addr_node;

/* Insert `node` with node->key set (keys are unique; a duplicate is the caller's bug). */
void addr_index_insert(addr_node **root, addr_node *node);
/* Remove the node whose key is `key`; does nothing when there is none. */
void addr_index_remove(addr_node **root, uintptr_t key);
/* The node with the largest key <= p, or NULL. */
addr_node *addr_index_floor(addr_node *root, uintptr_t p);
/* The node with the smallest key > p, or NULL (in-order walks: start from p = 0 after the floor). */
addr_node *addr_index_after(addr_node *root, uintptr_t p);

#endif /* ACLEMU_MEMORY_INDEX_H */
