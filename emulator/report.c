/* Host callbacks: aclrtLaunchCallback queues a stream task that, when reached, hands the
 * callback to the thread subscribed to that stream, which runs it in aclrtProcessReport.
 * With ACL_CALLBACK_BLOCK the stream waits until the callback has returned.
 *
 * Thread ids are the pthread_t of the processing thread (Python: threading.get_ident()).
 * Error codes: a stream subscribed twice gives ACL_ERROR_REPEAT_SUBSCRIBE; unsubscribing a
 * pair that is not subscribed ACL_ERROR_STREAM_NOT_SUBSCRIBE (the acl-level codes of this
 * mechanism); launching on a stream nobody subscribed ACL_ERROR_RT_STREAM_NO_CB_REG, the
 * runtime's "no callback registered for the stream". aclrtProcessReport on a thread with no
 * subscription simply waits: programs start their report thread before subscribing it, so
 * the call may come first; when nothing arrives in time it gives ACL_ERROR_RT_REPORT_TIMEOUT.
 *
 * Unsubscribing (or destroying the stream) drops the callbacks its thread has not taken yet,
 * as the runtime does when it frees the subscription's report queue: they never run. A
 * blocking launch waiting for one is released, and each dropped callback goes to the discard
 * hook (report_hooks.h) so a binding can free its user data.
 *
 * Lifetime of a thread's queue: it exists while the thread has subscriptions or is inside
 * aclrtProcessReport, so threads that come and go leave nothing behind.
 *
 * Host functions are a second channel of the same mechanism: aclrtSubscribeHostFunc names the
 * thread that runs the host functions launched on a stream (aclrtLaunchHostFunc) in
 * aclrtProcessHostFunc, with the same error codes. A host function holds its stream until it has
 * returned, like a blocking callback. On a stream without a host-function subscription,
 * aclrtLaunchHostFunc runs the function on the stream's worker itself, as before. */
#include "core_work.h"
#include "report_hooks.h"

#include <stdlib.h>
#include <time.h>

typedef struct report_item {
    struct report_item *next;
    const rt_stream *stream;
    aclrtCallback fn;
    void *user_data;
    bool block;
    bool done;      /* block only: run or dropped; the waiting stream worker frees the item */
    bool discarded; /* block only: dropped; the worker reports it to the discard hook */
    struct report_item *outer; /* block only: see running_blocking */
} report_item;

typedef struct subscriber {
    struct subscriber *next;
    uint64_t thread_id;
    int streams;              /* subscriptions naming this thread */
    int waiters;              /* aclrtProcessReport calls of this thread in progress */
    report_item *head, *tail; /* callbacks waiting to be processed */
} subscriber;

typedef struct subscription {
    struct subscription *next;
    const rt_stream *stream;
    subscriber *thread;
} subscription;

/* One kind of subscription: callbacks (aclrtSubscribeReport) or host functions. */
typedef struct channel {
    subscriber *subscribers;
    subscription *subscriptions;
    const char *subscribe_api; /* for messages */
    bool report_discards;      /* dropped items go to the discard hook (the binding's user data) */
} channel;

static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t report_changed = PTHREAD_COND_INITIALIZER;
static channel reports = {NULL, NULL, "aclrtSubscribeReport", true};
static channel host_funcs = {NULL, NULL, "aclrtSubscribeHostFunc", false};

/* Separate from report_lock: read on paths that must not take it (stream task teardown). */
static pthread_mutex_t hook_lock = PTHREAD_MUTEX_INITIALIZER;
static aclemuDiscardedCallbackHook discarded_hook;

void aclemuSetDiscardedCallbackHook(aclemuDiscardedCallbackHook hook)
{
    pthread_mutex_lock(&hook_lock);
    discarded_hook = hook;
    pthread_mutex_unlock(&hook_lock);
}

/* Never with report_lock held: the hook may take a lock of its own (Python: the GIL) that a
 * thread waiting for report_lock holds. */
static void report_discarded(aclrtCallback fn, void *user_data)
{
    pthread_mutex_lock(&hook_lock);
    aclemuDiscardedCallbackHook hook = discarded_hook;
    pthread_mutex_unlock(&hook_lock);
    if (hook != NULL) {
        hook(fn, user_data);
    }
}

size_t aclemuReportThreadCount(void)
{
    size_t count = 0;
    pthread_mutex_lock(&report_lock);
    for (const subscriber *t = reports.subscribers; t != NULL; t = t->next) {
        count++;
    }
    for (const subscriber *t = host_funcs.subscribers; t != NULL; t = t->next) {
        count++;
    }
    pthread_mutex_unlock(&report_lock);
    return count;
}

/* Blocking callbacks this thread is running (innermost first, linked by `outer`: a callback may
 * process reports itself). Destroying a stream waits for its worker, which waits for such a
 * callback; when the callback itself destroys the stream, the worker is let go at once. */
static _Thread_local report_item *running_blocking;

static void let_go_of_own_callbacks_locked(const rt_stream *s)
{
    for (report_item **link = &running_blocking; *link != NULL;) {
        report_item *item = *link;
        if (item->stream != s) {
            link = &item->outer;
            continue;
        }
        *link = item->outer;
        item->done = true; /* from here on the worker owns (and frees) the item */
        pthread_cond_broadcast(&report_changed);
    }
}

static subscriber *find_subscriber_locked(const channel *ch, uint64_t thread_id)
{
    for (subscriber *t = ch->subscribers; t != NULL; t = t->next) {
        if (t->thread_id == thread_id) {
            return t;
        }
    }
    return NULL;
}

/* The queue of a thread, created on first use; NULL only when out of memory. */
static subscriber *find_or_add_subscriber_locked(channel *ch, uint64_t thread_id)
{
    subscriber *thread = find_subscriber_locked(ch, thread_id);
    if (thread == NULL && (thread = calloc(1, sizeof *thread)) != NULL) {
        thread->thread_id = thread_id;
        thread->next = ch->subscribers;
        ch->subscribers = thread;
    }
    return thread;
}

/* With no subscription left its queue is empty (items only come through subscriptions). */
static void release_if_unused_locked(channel *ch, subscriber *thread)
{
    if (thread->streams > 0 || thread->waiters > 0) {
        return;
    }
    for (subscriber **link = &ch->subscribers; *link != NULL; link = &(*link)->next) {
        if (*link == thread) {
            *link = thread->next;
            free(thread);
            return;
        }
    }
}

static subscription **find_subscription_locked(channel *ch, const rt_stream *s)
{
    for (subscription **link = &ch->subscriptions; *link != NULL; link = &(*link)->next) {
        if ((*link)->stream == s) {
            return link;
        }
    }
    return NULL;
}

static aclError subscribe(channel *ch, uint64_t threadId, aclrtStream stream, const char *fn)
{
    aclError err = ACL_SUCCESS;
    rt_stream *s = rt_stream_get(stream, fn, &err);
    if (s == NULL) {
        return err;
    }
    pthread_mutex_lock(&report_lock);
    if (find_subscription_locked(ch, s) != NULL) {
        err = aclemu_set_error(ACL_ERROR_REPEAT_SUBSCRIBE, "%s: stream %d already has a subscribed thread", fn, s->id);
    } else {
        subscriber *thread = find_or_add_subscriber_locked(ch, threadId);
        subscription *sub = thread ? malloc(sizeof *sub) : NULL;
        if (sub == NULL) {
            if (thread != NULL) {
                release_if_unused_locked(ch, thread);
            }
            err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
        } else {
            sub->stream = s;
            sub->thread = thread;
            sub->next = ch->subscriptions;
            ch->subscriptions = sub;
            thread->streams++;
        }
    }
    pthread_mutex_unlock(&report_lock);
    rt_stream_put(s);
    return err;
}

aclError aclrtSubscribeReport(uint64_t threadId, aclrtStream stream)
{
    return subscribe(&reports, threadId, stream, "aclrtSubscribeReport");
}

aclError aclrtSubscribeHostFunc(uint64_t hostFuncThreadId, aclrtStream exeStream)
{
    return subscribe(&host_funcs, hostFuncThreadId, exeStream, "aclrtSubscribeHostFunc");
}

/* Take the stream's callbacks out of the thread's queue. Blocking ones are marked for their
 * waiting worker (which reports them); the others are returned for report_dropped(). */
static report_item *drop_items_locked(subscriber *thread, const rt_stream *s)
{
    report_item *dropped = NULL, **dropped_tail = &dropped;
    thread->tail = NULL;
    for (report_item **link = &thread->head; *link != NULL;) {
        report_item *item = *link;
        if (item->stream != s) {
            thread->tail = item;
            link = &item->next;
            continue;
        }
        *link = item->next;
        if (item->block) {
            item->discarded = true;
            item->done = true;
        } else {
            item->next = NULL;
            *dropped_tail = item;
            dropped_tail = &item->next;
        }
    }
    pthread_cond_broadcast(&report_changed);
    return dropped;
}

static void report_dropped(report_item *dropped)
{
    while (dropped != NULL) {
        report_item *next = dropped->next;
        report_discarded(dropped->fn, dropped->user_data);
        free(dropped);
        dropped = next;
    }
}

/* Returns the dropped non-blocking callbacks (see drop_items_locked). */
static report_item *unsubscribe_locked(channel *ch, subscription **link)
{
    subscription *sub = *link;
    *link = sub->next;
    subscriber *thread = sub->thread;
    report_item *dropped = drop_items_locked(thread, sub->stream);
    free(sub);
    thread->streams--;
    release_if_unused_locked(ch, thread);
    return dropped;
}

static aclError unsubscribe(channel *ch, uint64_t threadId, aclrtStream stream, const char *fn)
{
    aclError err = ACL_SUCCESS;
    rt_stream *s = rt_stream_get(stream, fn, &err);
    if (s == NULL) {
        return err;
    }
    report_item *dropped = NULL;
    pthread_mutex_lock(&report_lock);
    subscription **link = find_subscription_locked(ch, s);
    if (link == NULL || (*link)->thread->thread_id != threadId) {
        err = aclemu_set_error(ACL_ERROR_STREAM_NOT_SUBSCRIBE, "%s: stream %d is not subscribed by that thread", fn,
                               s->id);
    } else {
        dropped = unsubscribe_locked(ch, link); /* host functions always block: none come back */
    }
    pthread_mutex_unlock(&report_lock);
    rt_stream_put(s);
    report_dropped(dropped);
    return err;
}

aclError aclrtUnSubscribeReport(uint64_t threadId, aclrtStream stream)
{
    return unsubscribe(&reports, threadId, stream, "aclrtUnSubscribeReport");
}

aclError aclrtUnSubscribeHostFunc(uint64_t hostFuncThreadId, aclrtStream exeStream)
{
    return unsubscribe(&host_funcs, hostFuncThreadId, exeStream, "aclrtUnSubscribeHostFunc");
}

void rt_report_forget_stream(const rt_stream *s)
{
    report_item *dropped = NULL;
    pthread_mutex_lock(&report_lock);
    subscription **link = find_subscription_locked(&reports, s);
    if (link != NULL) {
        dropped = unsubscribe_locked(&reports, link);
    }
    link = find_subscription_locked(&host_funcs, s);
    if (link != NULL) {
        report_item *none = unsubscribe_locked(&host_funcs, link);
        (void)none; /* host functions block: their workers are let go, nothing is returned */
    }
    let_go_of_own_callbacks_locked(s);
    pthread_mutex_unlock(&report_lock);
    report_dropped(dropped);
}

typedef struct callback_task {
    channel *ch;
    const char *api;
    const rt_stream *stream;
    aclrtCallback fn;
    void *user_data;
    bool block;
    bool delivered; /* handed to a thread's queue: from then on the item accounts for it */
} callback_task;

static aclError run_callback(void *arg)
{
    callback_task *task = arg;
    report_item *item = calloc(1, sizeof *item);
    if (item == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", task->api);
    }
    item->stream = task->stream;
    item->fn = task->fn;
    item->user_data = task->user_data;
    item->block = task->block;
    pthread_mutex_lock(&report_lock);
    subscription **link = find_subscription_locked(task->ch, task->stream);
    if (link == NULL) {
        pthread_mutex_unlock(&report_lock);
        free(item);
        return aclemu_set_error(ACL_ERROR_STREAM_NOT_SUBSCRIBE,
                                "%s: the stream was unsubscribed before the function was reached", task->api);
    }
    subscriber *thread = (*link)->thread;
    if (thread->tail != NULL) {
        thread->tail->next = item;
    } else {
        thread->head = item;
    }
    thread->tail = item;
    task->delivered = true;
    pthread_cond_broadcast(&report_changed);
    bool discarded = false;
    if (task->block) {
        while (!item->done) {
            pthread_cond_wait(&report_changed, &report_lock);
        }
        discarded = item->discarded;
        free(item);
    }
    pthread_mutex_unlock(&report_lock);
    if (discarded && task->ch->report_discards) {
        report_discarded(task->fn, task->user_data);
    }
    return ACL_SUCCESS;
}

/* The launch being submitted by this thread: if the stream refuses it, the caller gets the
 * error and the callback is not reported as discarded. */
static _Thread_local const callback_task *launch_in_progress;

static void free_callback_task(void *arg, bool ran)
{
    (void)ran; /* a task that ran without delivering (no subscription) is dropped too */
    callback_task *task = arg;
    if (!task->delivered && task != launch_in_progress && task->ch->report_discards) {
        report_discarded(task->fn, task->user_data);
    }
    free(task);
}

aclError aclrtLaunchCallback(aclrtCallback fn, void *userData, aclrtCallbackBlockType blockType, aclrtStream stream)
{
    const char *fn_name = "aclrtLaunchCallback";
    if (fn == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: fn is NULL", fn_name);
    }
    if (blockType != ACL_CALLBACK_NO_BLOCK && blockType != ACL_CALLBACK_BLOCK) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown block type %d", fn_name, (int)blockType);
    }
    aclError err = ACL_SUCCESS;
    rt_stream *s = rt_stream_get(stream, fn_name, &err);
    if (s == NULL) {
        return err;
    }
    pthread_mutex_lock(&report_lock);
    bool subscribed = find_subscription_locked(&reports, s) != NULL;
    pthread_mutex_unlock(&report_lock);
    callback_task *task = subscribed ? malloc(sizeof *task) : NULL;
    if (!subscribed) {
        err = aclemu_set_error(ACL_ERROR_RT_STREAM_NO_CB_REG,
                               "%s: no thread is subscribed to stream %d (call aclrtSubscribeReport first)", fn_name,
                               s->id);
    } else if (task == NULL) {
        err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn_name);
    } else {
        *task = (callback_task){&reports, fn_name, s, fn, userData, blockType == ACL_CALLBACK_BLOCK, false};
        launch_in_progress = task;
        err = rt_stream_enqueue(s, run_callback, task, free_callback_task, fn_name);
        launch_in_progress = NULL;
    }
    rt_stream_put(s);
    return err;
}

static aclError process(channel *ch, int32_t timeout, const char *fn)
{
    if (timeout < -1) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: timeout %d must be -1 (forever) or >= 0 ms", fn,
                                timeout);
    }
    uint64_t self = (uint64_t)(uintptr_t)pthread_self();
    struct timespec deadline;
    aclemu_deadline(&deadline, timeout);
    pthread_mutex_lock(&report_lock);
    subscriber *thread = find_or_add_subscriber_locked(ch, self);
    if (thread == NULL) {
        pthread_mutex_unlock(&report_lock);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    thread->waiters++; /* keeps `thread` allocated while this call waits */
    bool timed_out = false;
    while (thread->head == NULL && !timed_out) {
        int rc = timeout < 0 ? pthread_cond_wait(&report_changed, &report_lock)
                             : pthread_cond_timedwait(&report_changed, &report_lock, &deadline);
        timed_out = rc != 0;
    }
    report_item *item = thread->head;
    if (item != NULL) {
        thread->head = item->next;
        if (thread->head == NULL) {
            thread->tail = NULL;
        }
    }
    thread->waiters--;
    release_if_unused_locked(ch, thread);
    pthread_mutex_unlock(&report_lock);
    if (item == NULL) {
        return aclemu_set_error(ACL_ERROR_RT_REPORT_TIMEOUT, "%s: nothing arrived within %d ms", fn, timeout);
    }

    if (!item->block) {
        item->fn(item->user_data);
        free(item);
        return ACL_SUCCESS;
    }
    item->outer = running_blocking;
    running_blocking = item;
    item->fn(item->user_data);
    /* Still innermost unless the callback destroyed its stream (then the worker has the item). */
    if (running_blocking == item) {
        running_blocking = item->outer;
        pthread_mutex_lock(&report_lock);
        item->done = true; /* the waiting worker frees it */
        pthread_cond_broadcast(&report_changed);
        pthread_mutex_unlock(&report_lock);
    }
    return ACL_SUCCESS;
}

aclError aclrtProcessReport(int32_t timeout)
{
    return process(&reports, timeout, "aclrtProcessReport");
}

aclError aclrtProcessHostFunc(int32_t timeout)
{
    return process(&host_funcs, timeout, "aclrtProcessHostFunc");
}

typedef struct host_func_task {
    aclrtHostFunc fn;
    void *args;
} host_func_task;

static aclError run_host_func(void *arg)
{
    host_func_task *task = arg;
    task->fn(task->args);
    return ACL_SUCCESS;
}

static void free_host_func_task(void *arg, bool ran)
{
    (void)ran;
    free(arg);
}

/* On the thread subscribed with aclrtSubscribeHostFunc, the stream waiting for it; without a
 * subscription on the stream's worker thread when reached. */
aclError aclrtLaunchHostFunc(aclrtStream stream, aclrtHostFunc fn, void *args)
{
    const char *api = "aclrtLaunchHostFunc";
    if (fn == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtLaunchHostFunc: fn is NULL");
    }
    aclError err = ACL_SUCCESS;
    rt_stream *s = rt_stream_get(stream, api, &err);
    if (s == NULL) {
        return err;
    }
    pthread_mutex_lock(&report_lock);
    bool subscribed = find_subscription_locked(&host_funcs, s) != NULL;
    pthread_mutex_unlock(&report_lock);
    if (subscribed) {
        callback_task *delivery = malloc(sizeof *delivery);
        if (delivery == NULL) {
            err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", api);
        } else {
            *delivery = (callback_task){&host_funcs, api, s, fn, args, true, false};
            err = rt_stream_enqueue(s, run_callback, delivery, free_callback_task, api);
        }
        rt_stream_put(s);
        return err;
    }
    rt_stream_put(s);
    host_func_task *task = malloc(sizeof *task);
    if (task == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "aclrtLaunchHostFunc: out of host memory");
    }
    task->fn = fn;
    task->args = args;
    return aclemu_stream_submit(stream, run_host_func, task, free_host_func_task, "aclrtLaunchHostFunc");
}
