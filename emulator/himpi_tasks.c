/*
 * hi_mpi task ids (himpi.h): an operation that returns a task id finishes it here, and the
 * module's "get result" call waits for it with the runtime's timeout convention
 * (-1 forever, 0 just look, > 0 that many milliseconds).
 */
#include "emu.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "himpi.h"

typedef struct task {
    int32_t module, chn;
    uint32_t id;
    bool done;
    int32_t ret;
    struct task *next;
} task;

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t g_changed = PTHREAD_COND_INITIALIZER;
static task *g_tasks;
static uint32_t g_last_id;

static task *find_locked(int32_t module, int32_t chn, uint32_t id, task ***link_out)
{
    for (task **link = &g_tasks; *link != NULL; link = &(*link)->next) {
        task *t = *link;
        if (t->module == module && t->chn == chn && t->id == id) {
            if (link_out != NULL) {
                *link_out = link;
            }
            return t;
        }
    }
    return NULL;
}

uint32_t aclemu_himpi_task_begin(int32_t module, int32_t chn)
{
    task *t = calloc(1, sizeof *t);
    pthread_mutex_lock(&g_lock);
    /* ids wrap around after 2^32 tasks; skip 0 and any id still pending on this channel */
    uint32_t id;
    do {
        id = ++g_last_id;
    } while (id == 0 || find_locked(module, chn, id, NULL) != NULL);
    if (t != NULL) {
        t->module = module;
        t->chn = chn;
        t->id = id;
        t->next = g_tasks;
        g_tasks = t;
    }
    pthread_mutex_unlock(&g_lock);
    /* Without memory the id is still unique; waiting on it gives UNEXIST, which callers report. */
    return id;
}

void aclemu_himpi_task_finish(int32_t module, int32_t chn, uint32_t task_id, int32_t ret)
{
    pthread_mutex_lock(&g_lock);
    task *t = find_locked(module, chn, task_id, NULL);
    if (t != NULL) {
        t->done = true;
        t->ret = ret;
        pthread_cond_broadcast(&g_changed);
    }
    pthread_mutex_unlock(&g_lock);
}

int32_t aclemu_himpi_task_wait(int32_t module, int32_t chn, uint32_t task_id, int32_t milli_sec, int32_t *ret)
{
    struct timespec deadline;
    if (milli_sec > 0) {
        aclemu_deadline(&deadline, milli_sec);
    }
    int32_t result = ACLEMU_HIMPI_OK;
    pthread_mutex_lock(&g_lock);
    for (;;) {
        task **link = NULL;
        task *t = find_locked(module, chn, task_id, &link);
        if (t == NULL) {
            result = ACLEMU_HIMPI_UNEXIST;
            break;
        }
        if (t->done) {
            *ret = t->ret;
            *link = t->next;
            free(t);
            break;
        }
        if (milli_sec == 0) {
            result = ACLEMU_HIMPI_TIMEOUT;
            break;
        }
        if (milli_sec < 0) {
            pthread_cond_wait(&g_changed, &g_lock);
        } else if (pthread_cond_timedwait(&g_changed, &g_lock, &deadline) == ETIMEDOUT) {
            t = find_locked(module, chn, task_id, &link);
            if (t == NULL || !t->done) {
                result = t == NULL ? ACLEMU_HIMPI_UNEXIST : ACLEMU_HIMPI_TIMEOUT;
                break;
            }
        }
    }
    pthread_mutex_unlock(&g_lock);
    return result;
}

void aclemu_himpi_task_forget_chn(int32_t module, int32_t chn)
{
    pthread_mutex_lock(&g_lock);
    for (task **link = &g_tasks; *link != NULL;) {
        task *t = *link;
        if (t->module == module && t->chn == chn) {
            *link = t->next;
            free(t);
        } else {
            link = &t->next;
        }
    }
    pthread_cond_broadcast(&g_changed);
    pthread_mutex_unlock(&g_lock);
}
