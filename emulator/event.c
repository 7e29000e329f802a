/* Events: recorded by stream tasks, waited for by streams and threads, timed with the
 * monotonic clock at the moment the record task runs. */
#include "core_work.h"

#include <stdlib.h>
#include <time.h>

enum { EVENT_CAPACITY = 65536 };

#define KNOWN_EVENT_FLAGS                                                                                      \
    (ACL_EVENT_SYNC | ACL_EVENT_CAPTURE_STREAM_PROGRESS | ACL_EVENT_TIME_LINE | ACL_EVENT_DEVICE_USE_ONLY |    \
     ACL_EVENT_EXTERNAL | ACL_EVENT_IPC)

static uint32_t next_event_id; /* under the core lock */

static void event_put_locked(rt_event *e)
{
    if (--e->refs == 0) {
        free(e);
    }
}

void rt_event_detach_locked(rt_event *e)
{
    aclemu_handle_remove(e, ACLEMU_KIND_EVENT);
    e->ctx = NULL;
    e->next = NULL;
    e->prev = NULL;
    event_put_locked(e);
}

static aclError create_event(aclrtEvent *event, uint32_t flags, const char *fn)
{
    if (event == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: event is NULL", fn);
    }
    if ((flags & ~(uint32_t)KNOWN_EVENT_FLAGS) != 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown flag bits 0x%x", fn,
                                flags & ~(uint32_t)KNOWN_EVENT_FLAGS);
    }
    rt_lock();
    rt_context *ctx = rt_current_context_locked();
    if (ctx == NULL) {
        rt_unlock();
        return aclemu_set_error(ACL_ERROR_RT_CONTEXT_NULL, "%s: no current context on this thread", fn);
    }
    rt_event *e = calloc(1, sizeof *e);
    if (e == NULL) {
        rt_unlock();
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    aclError err = aclemu_handle_add(e, ACLEMU_KIND_EVENT);
    if (err != ACL_SUCCESS) {
        rt_unlock();
        free(e);
        return err;
    }
    e->ctx = ctx;
    e->flags = flags;
    e->id = next_event_id++;
    e->refs = 1;
    e->next = ctx->events;
    if (ctx->events != NULL) {
        ctx->events->prev = e;
    }
    ctx->events = e;
    rt_unlock();
    *event = e;
    return ACL_SUCCESS;
}

aclError aclrtCreateEvent(aclrtEvent *event)
{
    return create_event(event, ACL_EVENT_SYNC | ACL_EVENT_TIME_LINE, "aclrtCreateEvent");
}

aclError aclrtCreateEventWithFlag(aclrtEvent *event, uint32_t flag)
{
    return create_event(event, flag, "aclrtCreateEventWithFlag");
}

aclError aclrtCreateEventExWithFlag(aclrtEvent *event, uint32_t flag)
{
    return create_event(event, flag, "aclrtCreateEventExWithFlag");
}

/* Looks up a live event under the core lock; records the error otherwise. */
static rt_event *live_event_locked(aclrtEvent event, const char *fn, const char *what)
{
    if (!aclemu_handle_is(event, ACLEMU_KIND_EVENT)) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s %p is not a live event", fn, what, event);
        return NULL;
    }
    return event;
}

aclError aclrtDestroyEvent(aclrtEvent event)
{
    rt_lock();
    rt_event *e = live_event_locked(event, "aclrtDestroyEvent", "event");
    if (e == NULL) {
        rt_unlock();
        return ACL_ERROR_INVALID_PARAM;
    }
    if (e->ctx != NULL) {
        if (e->prev != NULL) {
            e->prev->next = e->next;
        } else {
            e->ctx->events = e->next;
        }
        if (e->next != NULL) {
            e->next->prev = e->prev;
        }
    }
    /* pending record/wait tasks keep their own references */
    rt_event_detach_locked(e);
    rt_unlock();
    return ACL_SUCCESS;
}

typedef struct event_task {
    rt_event *event;
    uint64_t target; /* record number to complete / wait for */
    int64_t timeout_ms;
} event_task;

static event_task *new_event_task(rt_event *e, uint64_t target, int64_t timeout_ms)
{
    event_task *task = malloc(sizeof *task);
    if (task != NULL) {
        task->event = e;
        task->target = target;
        task->timeout_ms = timeout_ms;
        e->refs++;
    }
    return task;
}

static void complete_record_locked(rt_event *e, uint64_t target, bool stamp)
{
    if (e->completed < target) {
        e->completed = target;
        if (stamp) {
            e->timestamp_ns = aclemu_now_ns();
        }
        e->reset = false;
        rt_event_broadcast_locked();
    }
}

static aclError run_record(void *arg)
{
    event_task *task = arg;
    aclemu_trace_event(task->event->id, false);
    rt_lock();
    complete_record_locked(task->event, task->target, true);
    rt_unlock();
    return ACL_SUCCESS;
}

/* A record that never ran (stream destroyed by force) still completes, so that nothing
 * waits for it forever. */
static void free_record(void *arg, bool ran)
{
    event_task *task = arg;
    rt_lock();
    if (!ran) {
        complete_record_locked(task->event, task->target, false);
    }
    event_put_locked(task->event);
    rt_unlock();
    free(task);
}

/* The record task of `event` (counted as submitted), not yet queued. */
static aclError build_record(aclrtEvent event, event_task **out, const char *fn)
{
    rt_lock();
    rt_event *e = live_event_locked(event, fn, "event");
    if (e == NULL) {
        rt_unlock();
        return ACL_ERROR_INVALID_PARAM;
    }
    event_task *task = new_event_task(e, e->recorded + 1, -1);
    if (task == NULL) {
        rt_unlock();
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    e->recorded++;
    rt_unlock();
    *out = task;
    return ACL_SUCCESS;
}

static aclError submit_event_task(aclemu_event_task_kind kind, aclrtStream stream, aclrtEvent event,
                                  int64_t timeout_ms, const char *fn);

static aclError record_event(aclrtEvent event, aclrtStream stream, const char *fn)
{
    return submit_event_task(ACLEMU_EVENT_TASK_RECORD, stream, event, -1, fn);
}

aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream)
{
    return record_event(event, stream, "aclrtRecordEvent");
}

aclError aclrtRecordEventWithFlag(aclrtEvent event, aclrtStream stream, uint32_t flag)
{
    if (flag != ACL_EVENT_RECORD_DEFAULT && flag != ACL_EVENT_RECORD_EXTERNAL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtRecordEventWithFlag: unknown flag %u", flag);
    }
    return record_event(event, stream, "aclrtRecordEventWithFlag");
}

static aclError run_reset(void *arg)
{
    event_task *task = arg;
    rt_lock();
    task->event->reset = true;
    rt_event_broadcast_locked();
    rt_unlock();
    return ACL_SUCCESS;
}

static void free_event_task(void *arg, bool ran)
{
    (void)ran;
    event_task *task = arg;
    rt_lock();
    event_put_locked(task->event);
    rt_unlock();
    free(task);
}

static aclError build_reset(aclrtEvent event, event_task **out, const char *fn)
{
    rt_lock();
    rt_event *e = live_event_locked(event, fn, "event");
    event_task *task = e ? new_event_task(e, 0, -1) : NULL;
    rt_unlock();
    if (e == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    if (task == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    *out = task;
    return ACL_SUCCESS;
}

aclError aclrtResetEvent(aclrtEvent event, aclrtStream stream)
{
    return submit_event_task(ACLEMU_EVENT_TASK_RESET, stream, event, -1, "aclrtResetEvent");
}

/* Waits (core lock held) until record `target` of `e` has executed. */
static bool wait_completed_locked(rt_event *e, uint64_t target, int64_t timeout_ms)
{
    struct timespec deadline;
    if (timeout_ms >= 0) {
        aclemu_deadline(&deadline, timeout_ms);
    }
    while (e->completed < target) {
        bool timed_out = false;
        rt_event_wait_locked(timeout_ms >= 0 ? &deadline : NULL, &timed_out);
        if (timed_out && e->completed < target) {
            return false;
        }
    }
    return true;
}

static aclError run_wait(void *arg)
{
    event_task *task = arg;
    rt_lock();
    bool done = wait_completed_locked(task->event, task->target, task->timeout_ms);
    uint32_t id = task->event->id;
    rt_unlock();
    aclemu_trace_event(id, true);
    if (!done) {
        return aclemu_set_error(ACL_ERROR_RT_EVENT_SYNC_TIMEOUT,
                                "aclrtStreamWaitEventWithTimeout: event %u was not recorded within %lld ms", id,
                                (long long)task->timeout_ms);
    }
    return ACL_SUCCESS;
}

static aclError build_wait(aclrtEvent event, int64_t timeout_ms, event_task **out, const char *fn)
{
    rt_lock();
    rt_event *e = live_event_locked(event, fn, "event");
    if (e == NULL) {
        rt_unlock();
        return ACL_ERROR_INVALID_PARAM;
    }
    /* waits for the latest record submitted before this call, like the real runtime */
    event_task *task = new_event_task(e, e->recorded, timeout_ms);
    rt_unlock();
    if (task == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    *out = task;
    return ACL_SUCCESS;
}

static aclError build_task(aclemu_event_task_kind kind, aclrtEvent event, int64_t timeout_ms, aclemu_task_fn *run,
                           void **arg, aclemu_task_free_fn *free_arg, const char *fn)
{
    event_task *task = NULL;
    aclError err = kind == ACLEMU_EVENT_TASK_RECORD  ? build_record(event, &task, fn)
                   : kind == ACLEMU_EVENT_TASK_WAIT  ? build_wait(event, timeout_ms, &task, fn)
                   : kind == ACLEMU_EVENT_TASK_RESET ? build_reset(event, &task, fn)
                                                     : aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                                                        "%s: unknown event task kind %d", fn, (int)kind);
    if (err != ACL_SUCCESS) {
        return err;
    }
    *run = kind == ACLEMU_EVENT_TASK_RECORD ? run_record : kind == ACLEMU_EVENT_TASK_WAIT ? run_wait : run_reset;
    *free_arg = kind == ACLEMU_EVENT_TASK_RECORD ? free_record : free_event_task;
    *arg = task;
    return ACL_SUCCESS;
}

static aclError submit_event_task(aclemu_event_task_kind kind, aclrtStream stream, aclrtEvent event,
                                  int64_t timeout_ms, const char *fn)
{
    aclError err = aclemu_stream_check(stream, fn);
    aclemu_task_fn run = NULL;
    void *arg = NULL;
    aclemu_task_free_fn free_arg = NULL;
    if (err == ACL_SUCCESS) {
        err = build_task(kind, event, timeout_ms, &run, &arg, &free_arg, fn);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    return aclemu_stream_submit(stream, run, arg, free_arg, fn);
}

static aclError stream_wait_event(aclrtStream stream, aclrtEvent event, int64_t timeout_ms, const char *fn)
{
    return submit_event_task(ACLEMU_EVENT_TASK_WAIT, stream, event, timeout_ms, fn);
}

aclError aclemu_event_task_build(aclemu_event_task_kind kind, aclrtEvent event, aclemu_task_fn *run, void **arg,
                                 aclemu_task_free_fn *free_arg, const char *fn)
{
    return build_task(kind, event, -1, run, arg, free_arg, fn);
}

aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event)
{
    return stream_wait_event(stream, event, -1, "aclrtStreamWaitEvent");
}

aclError aclrtStreamWaitEventWithTimeout(aclrtStream stream, aclrtEvent event, int32_t timeout)
{
    if (timeout < -1 || timeout == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "aclrtStreamWaitEventWithTimeout: timeout %d must be -1 (forever) or > 0 ms", timeout);
    }
    return stream_wait_event(stream, event, timeout, "aclrtStreamWaitEventWithTimeout");
}

static aclError synchronize_event(aclrtEvent event, int64_t timeout_ms, const char *fn)
{
    rt_lock();
    rt_event *e = live_event_locked(event, fn, "event");
    if (e == NULL) {
        rt_unlock();
        return ACL_ERROR_INVALID_PARAM;
    }
    e->refs++;
    bool done = wait_completed_locked(e, e->recorded, timeout_ms);
    uint32_t id = e->id;
    event_put_locked(e);
    rt_unlock();
    if (!done) {
        return aclemu_set_error(ACL_ERROR_RT_EVENT_SYNC_TIMEOUT, "%s: event %u did not complete within %lld ms", fn,
                                id, (long long)timeout_ms);
    }
    return ACL_SUCCESS;
}

aclError aclrtSynchronizeEvent(aclrtEvent event)
{
    return synchronize_event(event, -1, "aclrtSynchronizeEvent");
}

aclError aclrtSynchronizeEventWithTimeout(aclrtEvent event, int32_t timeout)
{
    if (timeout < -1 || timeout == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "aclrtSynchronizeEventWithTimeout: timeout %d must be -1 (forever) or > 0 ms", timeout);
    }
    return synchronize_event(event, timeout, "aclrtSynchronizeEventWithTimeout");
}

/* Complete: recorded at least once, every record executed, not reset since. */
static bool event_complete_locked(const rt_event *e)
{
    return e->recorded > 0 && e->completed >= e->recorded && !e->reset;
}

/* Reads the two facts the query APIs report: complete, and whether a wait would pass now
 * (every submitted record has executed). */
static aclError query_event(aclrtEvent event, const void *status, const char *fn, bool *complete, bool *wait_passes)
{
    if (status == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: status is NULL", fn);
    }
    rt_lock();
    rt_event *e = live_event_locked(event, fn, "event");
    if (e != NULL) {
        *complete = event_complete_locked(e);
        *wait_passes = e->completed >= e->recorded;
    }
    rt_unlock();
    return e ? ACL_SUCCESS : ACL_ERROR_INVALID_PARAM;
}

aclError aclrtQueryEvent(aclrtEvent event, aclrtEventStatus *status)
{
    bool complete = false, wait_passes = false;
    aclError err = query_event(event, status, "aclrtQueryEvent", &complete, &wait_passes);
    if (err == ACL_SUCCESS) {
        *status = complete ? ACL_EVENT_STATUS_COMPLETE : ACL_EVENT_STATUS_NOT_READY;
    }
    return err;
}

aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus *status)
{
    bool complete = false, wait_passes = false;
    aclError err = query_event(event, status, "aclrtQueryEventStatus", &complete, &wait_passes);
    if (err == ACL_SUCCESS) {
        *status = complete ? ACL_EVENT_RECORDED_STATUS_COMPLETE : ACL_EVENT_RECORDED_STATUS_NOT_READY;
    }
    return err;
}

aclError aclrtQueryEventWaitStatus(aclrtEvent event, aclrtEventWaitStatus *status)
{
    bool complete = false, wait_passes = false;
    aclError err = query_event(event, status, "aclrtQueryEventWaitStatus", &complete, &wait_passes);
    if (err == ACL_SUCCESS) {
        *status = wait_passes ? ACL_EVENT_WAIT_STATUS_COMPLETE : ACL_EVENT_WAIT_STATUS_NOT_READY;
    }
    return err;
}

/* Fetch the time of an executed record; names the failure otherwise. */
static aclError recorded_time_locked(rt_event *e, const char *fn, const char *what, uint64_t *ns)
{
    if (e->recorded == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s event %u was never recorded", fn, what, e->id);
    }
    if (e->completed < e->recorded || e->timestamp_ns == 0) {
        return aclemu_set_error(ACL_ERROR_RT_EVENT_NOT_COMPLETE, "%s: %s event %u has not completed yet", fn, what,
                                e->id);
    }
    *ns = e->timestamp_ns;
    return ACL_SUCCESS;
}

aclError aclrtEventElapsedTime(float *ms, aclrtEvent startEvent, aclrtEvent endEvent)
{
    const char *fn = "aclrtEventElapsedTime";
    if (ms == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: ms is NULL", fn);
    }
    rt_lock();
    rt_event *start = live_event_locked(startEvent, fn, "startEvent");
    rt_event *end = start ? live_event_locked(endEvent, fn, "endEvent") : NULL;
    if (end == NULL) {
        rt_unlock();
        return ACL_ERROR_INVALID_PARAM;
    }
    uint64_t start_ns = 0, end_ns = 0;
    aclError err = recorded_time_locked(start, fn, "start", &start_ns);
    if (err == ACL_SUCCESS) {
        err = recorded_time_locked(end, fn, "end", &end_ns);
    }
    rt_unlock();
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (end_ns < start_ns) {
        return aclemu_set_error(ACL_ERROR_RT_EVENT_TIMESTAMP_REVERSAL, "%s: endEvent completed before startEvent",
                                fn);
    }
    *ms = (float)((double)(end_ns - start_ns) / 1e6);
    return ACL_SUCCESS;
}

/* Microseconds on the emulator's monotonic clock. */
aclError aclrtEventGetTimestamp(aclrtEvent event, uint64_t *timestamp)
{
    const char *fn = "aclrtEventGetTimestamp";
    if (timestamp == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: timestamp is NULL", fn);
    }
    rt_lock();
    rt_event *e = live_event_locked(event, fn, "event");
    if (e == NULL) {
        rt_unlock();
        return ACL_ERROR_INVALID_PARAM;
    }
    uint64_t ns = 0;
    aclError err = recorded_time_locked(e, fn, "the", &ns);
    rt_unlock();
    if (err == ACL_SUCCESS) {
        *timestamp = ns / 1000;
    }
    return err;
}

aclError aclrtGetEventId(aclrtEvent event, uint32_t *eventId)
{
    if (eventId == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtGetEventId: eventId is NULL");
    }
    rt_lock();
    rt_event *e = live_event_locked(event, "aclrtGetEventId", "event");
    if (e != NULL) {
        *eventId = e->id;
    }
    rt_unlock();
    return e ? ACL_SUCCESS : ACL_ERROR_INVALID_PARAM;
}

aclError aclrtGetEventAvailNum(uint32_t *eventCount)
{
    if (eventCount == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtGetEventAvailNum: eventCount is NULL");
    }
    size_t live = aclemu_handle_count(ACLEMU_KIND_EVENT);
    *eventCount = live >= EVENT_CAPACITY ? 0 : (uint32_t)(EVENT_CAPACITY - live);
    return ACL_SUCCESS;
}
