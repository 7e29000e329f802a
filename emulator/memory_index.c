/* Ordered index of allocations by base address: a treap (see memory_index.h). */
#include "memory_index.h"

#include <stddef.h>

/* A well-mixed 64-bit hash of the address: priorities look random, without any random state. */
static uint64_t mix(uintptr_t key)
{
    uint64_t x = (uint64_t)key + 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

/* Split `t` into the keys < key (*lo) and the keys >= key (*hi). */
static void split(addr_node *t, uintptr_t key, addr_node **lo, addr_node **hi)
{
    while (t != NULL) {
        if (t->key < key) {
            *lo = t;
            lo = &t->right;
            t = t->right;
        } else {
            *hi = t;
            hi = &t->left;
            t = t->left;
        }
    }
    *lo = NULL;
    *hi = NULL;
}

/* Join two treaps, every key of `a` below every key of `b`. */
static addr_node *merge(addr_node *a, addr_node *b)
{
    addr_node *root = NULL;
    addr_node **at = &root;
    while (a != NULL && b != NULL) {
        if (a->priority > b->priority) {
            *at = a;
            at = &a->right;
            a = a->right;
        } else {
            *at = b;
            at = &b->left;
            b = b->left;
        }
    }
    *at = a != NULL ? a : b;
    return root;
}

void addr_index_insert(addr_node **root, addr_node *node)
{
    node->priority = mix(node->key);
    node->left = node->right = NULL;
    /* descend while the nodes outrank it, then split what is below into its two children */
    addr_node **at = root;
    while (*at != NULL && (*at)->priority > node->priority) {
        at = node->key < (*at)->key ? &(*at)->left : &(*at)->right;
    }
    split(*at, node->key, &node->left, &node->right);
    *at = node;
}

void addr_index_remove(addr_node **root, uintptr_t key)
{
    addr_node **at = root;
    while (*at != NULL && (*at)->key != key) {
        at = key < (*at)->key ? &(*at)->left : &(*at)->right;
    }
    if (*at != NULL) {
        addr_node *gone = *at;
        *at = merge(gone->left, gone->right);
        gone->left = gone->right = NULL;
    }
}

addr_node *addr_index_floor(addr_node *root, uintptr_t p)
{
    addr_node *best = NULL;
    while (root != NULL) {
        if (root->key <= p) {
            best = root;
            root = root->right;
        } else {
            root = root->left;
        }
    }
    return best;
}

addr_node *addr_index_after(addr_node *root, uintptr_t p)
{
    addr_node *best = NULL;
    while (root != NULL) {
        if (root->key > p) {
            best = root;
            root = root->left;
        } else {
            root = root->right;
        }
    }
    return best;
}
