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
 */
#include "emu.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#define KIND_NOTIFY (ACLEMU_KIND_AREA_FREE + 90)
#define KIND_CNT_NOTIFY (ACLEMU_KIND_AREA_FREE + 91)

typedef struct notify {
    uint32_t id;
    int32_t device;
    uint32_t value;     /* plain notifies: 1 recorded, 0 reset */
    bool destroyed;
    unsigned refs;      /* the user's handle plus one per queued task */
} notify;

/* One lock and condition for every notify: waits are rare and short-lived, so contention
 * does not matter, and one condition avoids a per-object destroy race. */
static pthread_mutex_t notify_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t notify_changed = PTHREAD_COND_INITIALIZER;
static uint32_t next_notify_id;

static void notify_put_locked(notify *n)
{
    if (--n->refs == 0) {
        free(n);
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
    while (!n->destroyed && !wait_satisfied(n->value, task->wait_mode, task->value)) {
        if (task->timeout_s == 0) {
            pthread_cond_wait(&notify_changed, &notify_lock);
        } else if (pthread_cond_timedwait(&notify_changed, &notify_lock, &deadline) == ETIMEDOUT &&
                   !wait_satisfied(n->value, task->wait_mode, task->value)) {
            return aclemu_set_error(ACL_ERROR_RT_WAIT_TIMEOUT, "%s: notify %u was not recorded within %u s",
                                    task->fn, n->id, task->timeout_s);
        }
    }
    if (n->destroyed) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: notify %u was destroyed while a stream waited on it",
                                task->fn, n->id);
    }
    if (task->clear_after_wait) {
        n->value = 0;
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
        task->target->value = recorded_value(task->target->value, task->record_mode, task->value);
        pthread_cond_broadcast(&notify_changed);
        break;
    case TASK_RESET:
        task->target->value = 0;
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
        ((notify *)notifies[i])->value = 0;
    }
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
