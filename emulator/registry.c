/* Registry of live handles: lets every API tell a real handle from garbage without
 * dereferencing it. Open-addressing hash table keyed by address, behind one lock. */
#include "core_base.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { SLOT_EMPTY = 0, SLOT_REMOVED = -1 };

typedef struct slot {
    uintptr_t key;
    int kind; /* SLOT_EMPTY, SLOT_REMOVED or an aclemu_kind */
} slot;

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static slot *slots;
static size_t capacity; /* power of two */
static size_t used;     /* live + removed slots */

static size_t hash_address(uintptr_t key)
{
    uint64_t x = (uint64_t)key;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (size_t)x;
}

static slot *find_slot(uintptr_t key)
{
    if (capacity == 0) {
        return NULL;
    }
    for (size_t i = hash_address(key) & (capacity - 1);; i = (i + 1) & (capacity - 1)) {
        if (slots[i].kind == SLOT_EMPTY) {
            return NULL;
        }
        if (slots[i].kind != SLOT_REMOVED && slots[i].key == key) {
            return &slots[i];
        }
    }
}

static void insert_fresh(slot *table, size_t table_capacity, uintptr_t key, int kind)
{
    size_t i = hash_address(key) & (table_capacity - 1);
    while (table[i].kind != SLOT_EMPTY && table[i].kind != SLOT_REMOVED) {
        i = (i + 1) & (table_capacity - 1);
    }
    table[i].key = key;
    table[i].kind = kind;
}

static bool grow(void)
{
    size_t live = 0;
    for (size_t i = 0; i < capacity; ++i) {
        live += slots[i].kind > 0;
    }
    size_t new_capacity = capacity ? capacity : 64;
    while ((live + 1) * 4 >= new_capacity) {
        new_capacity *= 2;
    }
    slot *table = calloc(new_capacity, sizeof *table);
    if (table == NULL) {
        return false;
    }
    for (size_t i = 0; i < capacity; ++i) {
        if (slots[i].kind > 0) {
            insert_fresh(table, new_capacity, slots[i].key, slots[i].kind);
        }
    }
    free(slots);
    slots = table;
    capacity = new_capacity;
    used = live;
    return true;
}

aclError aclemu_handle_add(const void *handle, int kind)
{
    if (handle == NULL || kind <= 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "internal: cannot register handle %p of kind %d",
                                handle, kind);
    }
    uintptr_t key = (uintptr_t)handle;
    pthread_mutex_lock(&registry_lock);
    slot *existing = find_slot(key);
    if (existing != NULL) {
        existing->kind = kind;
        pthread_mutex_unlock(&registry_lock);
        return ACL_SUCCESS;
    }
    if ((used + 1) * 2 >= capacity && !grow()) {
        pthread_mutex_unlock(&registry_lock);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "out of host memory registering a handle");
    }
    size_t i = hash_address(key) & (capacity - 1);
    while (slots[i].kind > 0) {
        i = (i + 1) & (capacity - 1);
    }
    used += slots[i].kind == SLOT_EMPTY;
    slots[i].key = key;
    slots[i].kind = kind;
    pthread_mutex_unlock(&registry_lock);
    return ACL_SUCCESS;
}

bool aclemu_handle_remove(const void *handle, int kind)
{
    pthread_mutex_lock(&registry_lock);
    slot *found = find_slot((uintptr_t)handle);
    bool removed = found != NULL && found->kind == kind;
    if (removed) {
        found->kind = SLOT_REMOVED;
    }
    pthread_mutex_unlock(&registry_lock);
    return removed;
}

bool aclemu_handle_is(const void *handle, int kind)
{
    if (handle == NULL) {
        return false;
    }
    pthread_mutex_lock(&registry_lock);
    slot *found = find_slot((uintptr_t)handle);
    bool live = found != NULL && found->kind == kind;
    pthread_mutex_unlock(&registry_lock);
    return live;
}

size_t aclemu_handle_count(int kind)
{
    size_t count = 0;
    pthread_mutex_lock(&registry_lock);
    for (size_t i = 0; i < capacity; ++i) {
        count += slots[i].kind == kind;
    }
    pthread_mutex_unlock(&registry_lock);
    return count;
}

/* ---------------------------------------------------- area release functions */

/* Each area registers one function once; 64 leaves room for every area we plan. */
enum { MAX_RELEASE_FNS = 64 };

static pthread_mutex_t release_lock = PTHREAD_MUTEX_INITIALIZER;
static aclemu_release_fn release_fns[MAX_RELEASE_FNS];
static size_t release_fn_count;

void aclemu_on_release(aclemu_release_fn release)
{
    pthread_mutex_lock(&release_lock);
    if (release != NULL && release_fn_count < MAX_RELEASE_FNS) {
        release_fns[release_fn_count++] = release;
    } else if (release != NULL) {
        /* A silently dropped release function would leak an area's objects at every reset: a
           build that adds more areas than the table holds must fail its first test, loudly. */
        fprintf(stderr, "[aclemu] internal: more than %d area release functions; raise MAX_RELEASE_FNS\n",
                (int)MAX_RELEASE_FNS);
        abort();
    }
    pthread_mutex_unlock(&release_lock);
}

size_t rt_release_area_resources(int32_t device, const char *fn)
{
    aclemu_release_fn snapshot[MAX_RELEASE_FNS];
    pthread_mutex_lock(&release_lock);
    size_t count = release_fn_count;
    for (size_t i = 0; i < count; ++i) {
        snapshot[i] = release_fns[i];
    }
    pthread_mutex_unlock(&release_lock);
    size_t leaks = 0;
    for (size_t i = 0; i < count; ++i) {
        leaks += snapshot[i](device, fn);
    }
    return leaks;
}
