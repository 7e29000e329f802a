/*
 * The hi_mpi channel registry (himpi.h): (module, chn) -> the module's object, reference counted.
 *
 * The table is small and fixed (modules x channel numbers), so a slot array indexed by the pair
 * is enough. An unregistered object whose references are still held moves to a "retired" list
 * until its last release, so a destroy racing a use never frees memory under the user.
 */
#include "emu.h"

#include <pthread.h>
#include <stdlib.h>

#include "himpi.h"

typedef struct chn_entry {
    void *obj;
    aclemu_himpi_chn_free_fn free_obj;
    size_t refs;      /* references handed out by acquire */
    bool registered;  /* false once unregistered (retired, waiting for its last release) */
    struct chn_entry *next_retired;
} chn_entry;

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static chn_entry *g_slots[ACLEMU_HIMPI_MODULES][ACLEMU_HIMPI_MAX_CHN];
static chn_entry *g_retired;

static bool in_range(int32_t module, int32_t chn)
{
    return module >= 0 && module < ACLEMU_HIMPI_MODULES && chn >= 0 && chn < ACLEMU_HIMPI_MAX_CHN;
}

int32_t aclemu_himpi_chn_register(int32_t module, int32_t chn, void *obj, aclemu_himpi_chn_free_fn free_obj)
{
    if (!in_range(module, chn) || obj == NULL) {
        return ACLEMU_HIMPI_BAD_ARG;
    }
    chn_entry *entry = calloc(1, sizeof *entry);
    if (entry == NULL) {
        return ACLEMU_HIMPI_NO_MEM;
    }
    entry->obj = obj;
    entry->free_obj = free_obj;
    entry->registered = true;
    pthread_mutex_lock(&g_lock);
    int32_t result = ACLEMU_HIMPI_OK;
    if (g_slots[module][chn] != NULL) {
        result = ACLEMU_HIMPI_EXIST;
    } else {
        g_slots[module][chn] = entry;
    }
    pthread_mutex_unlock(&g_lock);
    if (result != ACLEMU_HIMPI_OK) {
        free(entry);
    }
    return result;
}

void *aclemu_himpi_chn_acquire(int32_t module, int32_t chn)
{
    if (!in_range(module, chn)) {
        return NULL;
    }
    pthread_mutex_lock(&g_lock);
    chn_entry *entry = g_slots[module][chn];
    void *obj = NULL;
    if (entry != NULL) {
        entry->refs++;
        obj = entry->obj;
    }
    pthread_mutex_unlock(&g_lock);
    return obj;
}

/* The entry holding obj, live or retired (caller holds g_lock); *prev_next points at the link to it
 * when it is retired. */
static chn_entry *find_entry(const void *obj, chn_entry ***prev_next)
{
    *prev_next = NULL;
    for (int32_t module = 0; module < ACLEMU_HIMPI_MODULES; module++) {
        for (int32_t chn = 0; chn < ACLEMU_HIMPI_MAX_CHN; chn++) {
            if (g_slots[module][chn] != NULL && g_slots[module][chn]->obj == obj) {
                return g_slots[module][chn];
            }
        }
    }
    for (chn_entry **link = &g_retired; *link != NULL; link = &(*link)->next_retired) {
        if ((*link)->obj == obj) {
            *prev_next = link;
            return *link;
        }
    }
    return NULL;
}

static void free_entry(chn_entry *entry)
{
    if (entry->free_obj != NULL) {
        entry->free_obj(entry->obj);
    }
    free(entry);
}

void aclemu_himpi_chn_release(void *obj)
{
    if (obj == NULL) {
        return;
    }
    chn_entry *dead = NULL;
    pthread_mutex_lock(&g_lock);
    chn_entry **link = NULL;
    chn_entry *entry = find_entry(obj, &link);
    if (entry != NULL && entry->refs > 0) {
        entry->refs--;
        if (entry->refs == 0 && !entry->registered && link != NULL) {
            *link = entry->next_retired;
            dead = entry;
        }
    }
    pthread_mutex_unlock(&g_lock);
    if (dead != NULL) {
        free_entry(dead);
    }
}

/* Detach the slot's entry (caller holds g_lock); returns it when it can be freed now. */
static chn_entry *retire_locked(int32_t module, int32_t chn)
{
    chn_entry *entry = g_slots[module][chn];
    g_slots[module][chn] = NULL;
    entry->registered = false;
    if (entry->refs == 0) {
        return entry;
    }
    entry->next_retired = g_retired;
    g_retired = entry;
    return NULL;
}

int32_t aclemu_himpi_chn_unregister(int32_t module, int32_t chn)
{
    if (!in_range(module, chn)) {
        return ACLEMU_HIMPI_BAD_ARG;
    }
    pthread_mutex_lock(&g_lock);
    if (g_slots[module][chn] == NULL) {
        pthread_mutex_unlock(&g_lock);
        return ACLEMU_HIMPI_UNEXIST;
    }
    chn_entry *dead = retire_locked(module, chn);
    pthread_mutex_unlock(&g_lock);
    aclemu_himpi_fd_close(module, chn);
    aclemu_himpi_task_forget_chn(module, chn);
    if (dead != NULL) {
        free_entry(dead);
    }
    return ACLEMU_HIMPI_OK;
}

size_t aclemu_himpi_chn_unregister_all(void)
{
    size_t count = 0;
    for (int32_t module = 0; module < ACLEMU_HIMPI_MODULES; module++) {
        for (int32_t chn = 0; chn < ACLEMU_HIMPI_MAX_CHN; chn++) {
            if (aclemu_himpi_chn_unregister(module, chn) == ACLEMU_HIMPI_OK) {
                count++;
            }
        }
    }
    return count;
}
