/*
 * Notifies (aclrtNotify) and count notifies (aclrtCntNotify): device-side flags one stream sets
 * and another stream waits on. Record and wait are stream tasks, so they run in order with the
 * streams' other work; a wait blocks its stream's worker until the flag is set or the timeout
 * passes, then clears the flag (the "and reset" of aclrtWaitAndResetNotify).
 *
 * Both kinds share one struct: a plain notify is a count notify whose value is 0 or 1.
 * Choices where the documentation is silent (said here and in README):
 *  - wait timeouts are in seconds, 0 waiting forever (the latest releases' wording; older ones
 *    said milliseconds); a timed-out wait fails its stream with ACL_ERROR_RT_WAIT_TIMEOUT;
 *  - destroying a notify that a queued wait still needs wakes that wait, which then fails its
 *    stream with ACL_ERROR_INVALID_PARAM instead of blocking forever;
 *  - notify ids count up from 0 per process, shared by both kinds.
 *
 * Notifies shared between processes (aclrtNotifyGetExportKey / SetImportPid[InterServer] /
 * ImportByKey): exporting moves the flag into a record shared with other processes
 * (aclemu_shared_page_create: magic, serial, closed, value, pid allow-list), named by the key
 * "aclemu_ntf_<pid>_<fd>_<serial>". An allowed process importing the key gets a notify of its own
 * whose records, waits and resets act on that shared flag. A change from another process wakes
 * nothing here, so waits on a shared notify poll it every millisecond. Choices: count notifies
 * are not exported (the API takes aclrtNotify); exporting twice gives the same key; a notify
 * imported from a key is not exported again; after the exporter destroys its notify the key no
 * longer imports, while importers keep the flag; at most RT_PID_LIST_MAX pids per key.
 */
#include "emu.h"

#include "rt_pid_list.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define KIND_NOTIFY (ACLEMU_KIND_AREA_FREE + 90)
#define KIND_CNT_NOTIFY (ACLEMU_KIND_AREA_FREE + 91)

enum { NOTIFY_PAGE_BYTES = 4096, NOTIFY_KEY_MAX = 64, NOTIFY_POLL_MS = 1 };
static const uint32_t NOTIFY_PAGE_MAGIC = 0x414e5446; /* "ANTF" */

/* The flag of an exported notify, shared by every process that imported it. */
typedef struct notify_page {
    uint32_t magic;
    uint32_t closed;
    uint64_t serial;
    uint32_t value;
    rt_pid_list allowed;
} notify_page;

typedef struct notify {
    uint32_t id;
    int32_t device;
    uint32_t value;     /* plain notifies: 1 recorded, 0 reset (page->value once shared) */
    bool destroyed;
    unsigned refs;      /* the user's handle plus one per queued task */
    notify_page *page;  /* shared with other processes, else NULL */
    aclemu_shared_page shared;
    bool exported;      /* page created here */
} notify;

/* One lock and condition for every notify: waits are rare and short-lived, so contention
 * does not matter, and one condition avoids a per-object destroy race. */
static pthread_mutex_t notify_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t notify_changed = PTHREAD_COND_INITIALIZER;
static uint32_t next_notify_id;
static uint64_t next_page_serial = 1;

static void notify_put_locked(notify *n)
{
    if (--n->refs == 0) {
        if (n->page != NULL) {
            aclemu_shared_page_destroy(&n->shared);
        }
        free(n);
    }
}

static uint32_t value_of(const notify *n)
{
    return n->page != NULL ? __atomic_load_n(&n->page->value, __ATOMIC_ACQUIRE) : n->value;
}

static void set_value(notify *n, uint32_t value)
{
    if (n->page != NULL) {
        __atomic_store_n(&n->page->value, value, __ATOMIC_RELEASE);
    } else {
        n->value = value;
    }
}

static aclError notify_create(void **out, uint64_t flag, int kind, const char *fn)
{
    if (out == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: notify output pointer is NULL", fn);
    }
    if (flag != ACL_NOTIFY_DEFAULT && flag != ACL_NOTIFY_DEVICE_USE_ONLY) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: flag %llu is not ACL_NOTIFY_DEFAULT (0) or "
                                "ACL_NOTIFY_DEVICE_USE_ONLY (1)", fn, (unsigned long long)flag);
    }
    int32_t device = -1;
    aclError err = aclemu_require_device(fn, &device);
    if (err != ACL_SUCCESS) {
        return err;
    }
    notify *n = calloc(1, sizeof *n);
    if (n == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    n->device = device;
    n->refs = 1;
    pthread_mutex_lock(&notify_lock);
    n->id = next_notify_id++;
    pthread_mutex_unlock(&notify_lock);
    err = aclemu_handle_add(n, kind);
    if (err != ACL_SUCCESS) {
        free(n);
        return aclemu_set_error(err, "%s: cannot register the notify", fn);
    }
    *out = n;
    return ACL_SUCCESS;
}

static notify *live_notify(void *handle, int kind, const char *fn)
{
    if (!aclemu_handle_is(handle, kind)) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live %s", fn, handle,
                         kind == KIND_NOTIFY ? "notify" : "count notify");
        return NULL;
    }
    return handle;
}

static aclError notify_destroy(void *handle, int kind, const char *fn)
{
    pthread_mutex_lock(&notify_lock);
    notify *n = live_notify(handle, kind, fn);
    if (n == NULL) {
        pthread_mutex_unlock(&notify_lock);
        return ACL_ERROR_INVALID_PARAM;
    }
    aclemu_handle_remove(n, kind);
    n->destroyed = true;
    if (n->page != NULL && n->exported) {
        __atomic_store_n(&n->page->closed, 1, __ATOMIC_RELEASE);
    }
    pthread_cond_broadcast(&notify_changed);
    notify_put_locked(n);
    pthread_mutex_unlock(&notify_lock);
    return ACL_SUCCESS;
}

static aclError notify_get_id(void *handle, int kind, uint32_t *id, const char *fn)
{
    if (id == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: id output pointer is NULL", fn);
    }
    pthread_mutex_lock(&notify_lock);
    notify *n = live_notify(handle, kind, fn);
    if (n != NULL) {
        *id = n->id;
    }
    pthread_mutex_unlock(&notify_lock);
    return n == NULL ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
}

/* --------------------------------------------------------------- stream tasks */

typedef enum task_op { TASK_RECORD, TASK_WAIT, TASK_RESET } task_op;

typedef struct notify_task {
    notify *target;
    task_op op;
    aclrtCntNotifyRecordMode record_mode;
    aclrtCntNotifyWaitMode wait_mode;
    uint32_t value;
    bool clear_after_wait;
    uint32_t timeout_s; /* 0: forever */
    const char *fn;
} notify_task;

static void free_notify_task(void *arg, bool ran)
{
    (void)ran;
    notify_task *task = arg;
    pthread_mutex_lock(&notify_lock);
    notify_put_locked(task->target);
    pthread_mutex_unlock(&notify_lock);
    free(task);
}

static uint32_t recorded_value(uint32_t old, aclrtCntNotifyRecordMode mode, uint32_t value)
{
    switch (mode) {
    case ACL_RT_CNT_NOTIFY_RECORD_ADD_MODE:
        return old + value;
    case ACL_RT_CNT_NOTIFY_RECORD_BIT_OR_MODE:
        return old | value;
    case ACL_RT_CNT_NOTIFY_RECORD_BIT_AND_MODE:
        return old & value;
    case ACL_RT_CNT_NOTIFY_RECORD_SET_VALUE_MODE:
    default:
        return value;
    }
}

static bool wait_satisfied(uint32_t current, aclrtCntNotifyWaitMode mode, uint32_t value)
{
    switch (mode) {
    case ACL_RT_CNT_NOTIFY_WAIT_LESS_MODE:
        return current < value;
    case ACL_RT_CNT_NOTIFY_WAIT_EQUAL_MODE:
        return current == value;
    case ACL_RT_CNT_NOTIFY_WAIT_BIGGER_MODE:
        return current > value;
    case ACL_RT_CNT_NOTIFY_WAIT_BIGGER_OR_EQUAL_MODE:
        return current >= value;
    case ACL_RT_CNT_NOTIFY_WAIT_EQUAL_WITH_BITMASK_MODE:
    default:
        return (current & value) == value;
    }
}

static aclError run_wait_locked(notify_task *task)
{
    notify *n = task->target;
    struct timespec deadline;
    if (task->timeout_s > 0) {
        aclemu_deadline(&deadline, (int64_t)task->timeout_s * 1000);
    }
    while (!n->destroyed && !wait_satisfied(value_of(n), task->wait_mode, task->value)) {
        bool last = true;
        const struct timespec *until = task->timeout_s > 0 ? &deadline : NULL;
        struct timespec slice;
        if (n->page != NULL) {
            /* another process's record wakes nothing here: look again every NOTIFY_POLL_MS */
            aclemu_deadline(&slice, NOTIFY_POLL_MS);
            last = until != NULL && (until->tv_sec < slice.tv_sec ||
                                     (until->tv_sec == slice.tv_sec && until->tv_nsec <= slice.tv_nsec));
            until = last ? until : &slice;
        }
        if (until == NULL) {
            pthread_cond_wait(&notify_changed, &notify_lock);
        } else if (pthread_cond_timedwait(&notify_changed, &notify_lock, until) == ETIMEDOUT && last &&
                   !wait_satisfied(value_of(n), task->wait_mode, task->value)) {
            return aclemu_set_error(ACL_ERROR_RT_WAIT_TIMEOUT, "%s: notify %u was not recorded within %u s",
                                    task->fn, n->id, task->timeout_s);
        }
    }
    if (n->destroyed) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: notify %u was destroyed while a stream waited on it",
                                task->fn, n->id);
    }
    if (task->clear_after_wait) {
        set_value(n, 0);
    }
    return ACL_SUCCESS;
}

static aclError run_notify_task(void *arg)
{
    notify_task *task = arg;
    aclError err = ACL_SUCCESS;
    pthread_mutex_lock(&notify_lock);
    switch (task->op) {
    case TASK_RECORD:
        if (task->target->page != NULL) {
            uint32_t *shared_value = &task->target->page->value;
            uint32_t old = __atomic_load_n(shared_value, __ATOMIC_ACQUIRE);
            while (!__atomic_compare_exchange_n(shared_value, &old, recorded_value(old, task->record_mode, task->value),
                                                false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
            }
        } else {
            task->target->value = recorded_value(task->target->value, task->record_mode, task->value);
        }
        pthread_cond_broadcast(&notify_changed);
        break;
    case TASK_RESET:
        set_value(task->target, 0);
        pthread_cond_broadcast(&notify_changed);
        break;
    case TASK_WAIT:
        err = run_wait_locked(task);
        break;
    }
    pthread_mutex_unlock(&notify_lock);
    return err;
}

/* Validates stream and notify, then queues `proto` (copied) holding a reference. */
static aclError submit(void *handle, int kind, aclrtStream stream, const notify_task *proto)
{
    aclError err = aclemu_stream_check(stream, proto->fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    notify_task *task = malloc(sizeof *task);
    if (task == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", proto->fn);
    }
    *task = *proto;
    pthread_mutex_lock(&notify_lock);
    notify *n = live_notify(handle, kind, proto->fn);
    if (n != NULL) {
        n->refs++;
    }
    pthread_mutex_unlock(&notify_lock);
    if (n == NULL) {
        free(task);
        return ACL_ERROR_INVALID_PARAM;
    }
    task->target = n;
    return aclemu_stream_submit(stream, run_notify_task, task, free_notify_task, proto->fn);
}

/* -------------------------------------------------------------- plain notifies */

aclError aclrtCreateNotify(aclrtNotify *notify_out, uint64_t flag)
{
    return notify_create(notify_out, flag, KIND_NOTIFY, __func__);
}

aclError aclrtDestroyNotify(aclrtNotify handle)
{
    return notify_destroy(handle, KIND_NOTIFY, __func__);
}

aclError aclrtGetNotifyId(aclrtNotify handle, uint32_t *notifyId)
{
    return notify_get_id(handle, KIND_NOTIFY, notifyId, __func__);
}

aclError aclrtRecordNotify(aclrtNotify handle, aclrtStream stream)
{
    notify_task proto = {.op = TASK_RECORD, .record_mode = ACL_RT_CNT_NOTIFY_RECORD_SET_VALUE_MODE, .value = 1,
                         .fn = __func__};
    return submit(handle, KIND_NOTIFY, stream, &proto);
}

aclError aclrtWaitAndResetNotify(aclrtNotify handle, aclrtStream stream, uint32_t timeout)
{
    notify_task proto = {.op = TASK_WAIT, .wait_mode = ACL_RT_CNT_NOTIFY_WAIT_EQUAL_MODE, .value = 1,
                         .clear_after_wait = true, .timeout_s = timeout, .fn = __func__};
    return submit(handle, KIND_NOTIFY, stream, &proto);
}

aclError aclrtNotifyBatchReset(aclrtNotify *notifies, size_t num)
{
    if (notifies == NULL || num == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: needs a non-NULL array of at least one notify",
                                __func__);
    }
    pthread_mutex_lock(&notify_lock);
    /* all or nothing: check every handle before resetting any */
    for (size_t i = 0; i < num; i++) {
        if (!aclemu_handle_is(notifies[i], KIND_NOTIFY)) {
            pthread_mutex_unlock(&notify_lock);
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: notifies[%zu] (%p) is not a live notify", __func__,
                                    i, notifies[i]);
        }
    }
    for (size_t i = 0; i < num; i++) {
        set_value(notifies[i], 0);
    }
    pthread_mutex_unlock(&notify_lock);
    return ACL_SUCCESS;
}

/* ------------------------------------------------------- sharing between processes */

/* Under notify_lock: an exported notify of this process, or NULL with the error recorded. */
static notify *exported_notify_locked(aclrtNotify handle, const char *fn)
{
    notify *n = live_notify(handle, KIND_NOTIFY, fn);
    if (n != NULL && !n->exported) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: notify %u has no export key (aclrtNotifyGetExportKey)", fn,
                         n->id);
        return NULL;
    }
    return n;
}

aclError aclrtNotifyGetExportKey(aclrtNotify handle, char *key, size_t len, uint64_t flags)
{
    if (key == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: key is NULL", __func__);
    }
    if (flags != ACL_RT_NOTIFY_EXPORT_FLAG_DEFAULT && flags != ACL_RT_NOTIFY_EXPORT_FLAG_DISABLE_PID_VALIDATION) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: flags %" PRIu64 " is not an ACL_RT_NOTIFY_EXPORT_FLAG_*",
                                __func__, flags);
    }
    pthread_mutex_lock(&notify_lock);
    notify *n = live_notify(handle, KIND_NOTIFY, __func__);
    aclError err = n == NULL ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
    bool created = false;
    if (n != NULL && n->page != NULL && !n->exported) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                               "%s: notify %u was imported from a key; only its exporter exports it", __func__, n->id);
    } else if (n != NULL && n->page == NULL) {
        err = aclemu_shared_page_create("aclemu-notify-key", NOTIFY_PAGE_BYTES, &n->shared, __func__);
        if (err == ACL_SUCCESS) {
            created = true;
            n->page = n->shared.page;
            n->exported = true;
            *n->page = (notify_page){.magic = NOTIFY_PAGE_MAGIC, .serial = next_page_serial++, .value = n->value,
                                     .allowed = {.owner = (int32_t)getpid()}};
        }
    }
    char name[NOTIFY_KEY_MAX];
    if (err == ACL_SUCCESS) {
        snprintf(name, sizeof name, "aclemu_ntf_%d_%d_%" PRIu64, (int)getpid(), n->shared.fd, n->page->serial);
        if (len < strlen(name) + 1) {
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: len %zu cannot hold the key (%zu bytes with its NUL)",
                                   __func__, len, strlen(name) + 1);
            if (created) {
                /* nothing exported: the notify stays private */
                n->value = n->page->value;
                aclemu_shared_page_destroy(&n->shared);
                n->page = NULL;
                n->exported = false;
            }
        } else {
            n->page->allowed.validate = flags != ACL_RT_NOTIFY_EXPORT_FLAG_DISABLE_PID_VALIDATION;
            memcpy(key, name, strlen(name) + 1);
        }
    }
    pthread_mutex_unlock(&notify_lock);
    return err;
}

aclError aclrtNotifySetImportPid(aclrtNotify handle, int32_t *pid, size_t num)
{
    if (pid == NULL || num == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: pid is NULL or num is 0", __func__);
    }
    aclError err = rt_pid_array_check(pid, num, __func__, "pid");
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&notify_lock);
    notify *n = exported_notify_locked(handle, __func__);
    err = n == NULL ? ACL_ERROR_INVALID_PARAM : rt_pid_list_add(&n->page->allowed, pid, num, __func__);
    pthread_mutex_unlock(&notify_lock);
    return err;
}

aclError aclrtNotifySetImportPidInterServer(aclrtNotify handle, aclrtServerPid *serverPids, size_t num)
{
    aclError err = rt_server_pids_check(serverPids, num, __func__);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&notify_lock);
    notify *n = exported_notify_locked(handle, __func__);
    err = n == NULL ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
    for (size_t i = 0; i < num && err == ACL_SUCCESS; i++) {
        err = rt_pid_list_add(&n->page->allowed, serverPids[i].pid, serverPids[i].num, __func__);
    }
    pthread_mutex_unlock(&notify_lock);
    return err;
}

aclError aclrtNotifyImportByKey(aclrtNotify *handle, const char *key, uint64_t flags)
{
    if (key == NULL || memchr(key, '\0', NOTIFY_KEY_MAX) == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: key is NULL or longer than %d characters", __func__,
                                NOTIFY_KEY_MAX - 1);
    }
    if (flags != ACL_RT_NOTIFY_IMPORT_FLAG_DEFAULT && flags != ACL_RT_NOTIFY_IMPORT_FLAG_ENABLE_PEER_ACCESS) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: flags %" PRIu64 " is not an ACL_RT_NOTIFY_IMPORT_FLAG_*",
                                __func__, flags);
    }
    int pid = 0, fd = 0;
    uint64_t serial = 0;
    char tail;
    if (sscanf(key, "aclemu_ntf_%d_%d_%" SCNu64 "%c", &pid, &fd, &serial, &tail) != 3) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: \"%s\" is not a key made by aclrtNotifyGetExportKey",
                                __func__, key);
    }
    aclemu_shared_page shared;
    bool opened = aclemu_shared_page_open(pid, fd, NOTIFY_PAGE_BYTES, &shared);
    const notify_page *page = opened ? shared.page : NULL;
    aclError err = ACL_SUCCESS;
    if (page == NULL || page->magic != NOTIFY_PAGE_MAGIC || page->serial != serial ||
        __atomic_load_n(&page->closed, __ATOMIC_ACQUIRE) != 0) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                               "%s: key \"%s\" is not open (its process ended or destroyed the notify)", __func__, key);
    } else if (!rt_pid_list_admits(&page->allowed, (int32_t)getpid())) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                               "%s: process %d is not in the allow-list of key \"%s\" (aclrtNotifySetImportPid)",
                               __func__, (int)getpid(), key);
    } else {
        err = notify_create(handle, ACL_NOTIFY_DEFAULT, KIND_NOTIFY, __func__);
    }
    if (err != ACL_SUCCESS) {
        if (opened) {
            aclemu_shared_page_destroy(&shared);
        }
        return err;
    }
    pthread_mutex_lock(&notify_lock);
    notify *n = *handle;
    n->shared = shared;
    n->page = shared.page;
    pthread_mutex_unlock(&notify_lock);
    return ACL_SUCCESS;
}

/* -------------------------------------------------------------- count notifies */

aclError aclrtCntNotifyCreate(aclrtCntNotify *cntNotify, uint64_t flag)
{
    return notify_create(cntNotify, flag, KIND_CNT_NOTIFY, __func__);
}

aclError aclrtCntNotifyDestroy(aclrtCntNotify cntNotify)
{
    return notify_destroy(cntNotify, KIND_CNT_NOTIFY, __func__);
}

aclError aclrtCntNotifyGetId(aclrtCntNotify cntNotify, uint32_t *notifyId)
{
    return notify_get_id(cntNotify, KIND_CNT_NOTIFY, notifyId, __func__);
}

aclError aclrtCntNotifyRecord(aclrtCntNotify cntNotify, aclrtStream stream, aclrtCntNotifyRecordInfo *info)
{
    if (info == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: info is NULL", __func__);
    }
    switch (info->mode) {
    case ACL_RT_CNT_NOTIFY_RECORD_SET_VALUE_MODE:
    case ACL_RT_CNT_NOTIFY_RECORD_ADD_MODE:
    case ACL_RT_CNT_NOTIFY_RECORD_BIT_OR_MODE:
    case ACL_RT_CNT_NOTIFY_RECORD_BIT_AND_MODE:
        break;
    default:
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: record mode %d is not an aclrtCntNotifyRecordMode",
                                __func__, (int)info->mode);
    }
    notify_task proto = {.op = TASK_RECORD, .record_mode = info->mode, .value = info->value, .fn = __func__};
    return submit(cntNotify, KIND_CNT_NOTIFY, stream, &proto);
}

aclError aclrtCntNotifyReset(aclrtCntNotify cntNotify, aclrtStream stream)
{
    notify_task proto = {.op = TASK_RESET, .fn = __func__};
    return submit(cntNotify, KIND_CNT_NOTIFY, stream, &proto);
}

aclError aclrtCntNotifyWaitWithTimeout(aclrtCntNotify cntNotify, aclrtStream stream, aclrtCntNotifyWaitInfo *info)
{
    if (info == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: info is NULL", __func__);
    }
    if ((int)info->mode < ACL_RT_CNT_NOTIFY_WAIT_LESS_MODE ||
        (int)info->mode > ACL_RT_CNT_NOTIFY_WAIT_EQUAL_WITH_BITMASK_MODE) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: wait mode %d is not an aclrtCntNotifyWaitMode",
                                __func__, (int)info->mode);
    }
    notify_task proto = {.op = TASK_WAIT, .wait_mode = info->mode, .value = info->value,
                         .clear_after_wait = info->isClear != 0, .timeout_s = info->timeout, .fn = __func__};
    return submit(cntNotify, KIND_CNT_NOTIFY, stream, &proto);
}
