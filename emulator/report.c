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
 * the call may come first; when nothing arrives in time it gives ACL_ERROR_RT_REPORT_TIMEOUT. */
#include "runtime.h"

#include <stdlib.h>
#include <time.h>

typedef struct report_item {
    struct report_item *next;
    const rt_stream *stream;
    aclrtCallback fn;
    void *user_data;
    bool block;
    bool done;
} report_item;

typedef struct subscriber {
    struct subscriber *next;
    uint64_t thread_id;
    int streams;              /* subscriptions; kept (never freed) at 0 so waiters stay safe */
    report_item *head, *tail; /* callbacks waiting to be processed */
} subscriber;

typedef struct subscription {
    struct subscription *next;
    const rt_stream *stream;
    subscriber *thread;
} subscription;

static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t report_changed = PTHREAD_COND_INITIALIZER;
static subscriber *subscribers;
static subscription *subscriptions;

static subscriber *find_subscriber_locked(uint64_t thread_id)
{
    for (subscriber *t = subscribers; t != NULL; t = t->next) {
        if (t->thread_id == thread_id) {
            return t;
        }
    }
    return NULL;
}

/* The queue of a thread, created on first use; NULL only when out of memory. */
static subscriber *find_or_add_subscriber_locked(uint64_t thread_id)
{
    subscriber *thread = find_subscriber_locked(thread_id);
    if (thread == NULL && (thread = calloc(1, sizeof *thread)) != NULL) {
        thread->thread_id = thread_id;
        thread->next = subscribers;
        subscribers = thread;
    }
    return thread;
}

static subscription **find_subscription_locked(const rt_stream *s)
{
    for (subscription **link = &subscriptions; *link != NULL; link = &(*link)->next) {
        if ((*link)->stream == s) {
            return link;
        }
    }
    return NULL;
}

aclError aclrtSubscribeReport(uint64_t threadId, aclrtStream stream)
{
    const char *fn = "aclrtSubscribeReport";
    aclError err = ACL_SUCCESS;
    rt_stream *s = rt_stream_get(stream, fn, &err);
    if (s == NULL) {
        return err;
    }
    pthread_mutex_lock(&report_lock);
    if (find_subscription_locked(s) != NULL) {
        err = aclemu_set_error(ACL_ERROR_REPEAT_SUBSCRIBE, "%s: stream %d already has a subscribed thread", fn, s->id);
    } else {
        subscriber *thread = find_or_add_subscriber_locked(threadId);
        subscription *sub = thread ? malloc(sizeof *sub) : NULL;
        if (sub == NULL) {
            err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
        } else {
            sub->stream = s;
            sub->thread = thread;
            sub->next = subscriptions;
            subscriptions = sub;
            thread->streams++;
        }
    }
    pthread_mutex_unlock(&report_lock);
    rt_stream_put(s);
    return err;
}

/* Callbacks that will never be processed are released (blocking launchers wake up). */
static void drop_items_locked(subscriber *thread, const rt_stream *only)
{
    for (report_item **link = &thread->head; *link != NULL;) {
        report_item *item = *link;
        if (only != NULL && item->stream != only) {
            link = &item->next;
            continue;
        }
        *link = item->next;
        if (item->block) {
            item->done = true;
        } else {
            free(item);
        }
    }
    thread->tail = NULL;
    for (report_item *item = thread->head; item != NULL; item = item->next) {
        thread->tail = item;
    }
    pthread_cond_broadcast(&report_changed);
}

static void unsubscribe_locked(subscription **link)
{
    subscription *sub = *link;
    *link = sub->next;
    sub->thread->streams--;
    drop_items_locked(sub->thread, sub->stream);
    free(sub);
}

aclError aclrtUnSubscribeReport(uint64_t threadId, aclrtStream stream)
{
    const char *fn = "aclrtUnSubscribeReport";
    aclError err = ACL_SUCCESS;
    rt_stream *s = rt_stream_get(stream, fn, &err);
    if (s == NULL) {
        return err;
    }
    pthread_mutex_lock(&report_lock);
    subscription **link = find_subscription_locked(s);
    if (link == NULL || (*link)->thread->thread_id != threadId) {
        err = aclemu_set_error(ACL_ERROR_STREAM_NOT_SUBSCRIBE, "%s: stream %d is not subscribed by that thread", fn,
                               s->id);
    } else {
        unsubscribe_locked(link);
    }
    pthread_mutex_unlock(&report_lock);
    rt_stream_put(s);
    return err;
}

void rt_report_forget_stream(const rt_stream *s)
{
    pthread_mutex_lock(&report_lock);
    subscription **link = find_subscription_locked(s);
    if (link != NULL) {
        unsubscribe_locked(link);
    }
    pthread_mutex_unlock(&report_lock);
}

typedef struct callback_task {
    const rt_stream *stream;
    aclrtCallback fn;
    void *user_data;
    bool block;
} callback_task;

static aclError run_callback(void *arg)
{
    callback_task *task = arg;
    report_item *item = calloc(1, sizeof *item);
    if (item == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "aclrtLaunchCallback: out of host memory");
    }
    item->stream = task->stream;
    item->fn = task->fn;
    item->user_data = task->user_data;
    item->block = task->block;
    pthread_mutex_lock(&report_lock);
    subscription **link = find_subscription_locked(task->stream);
    if (link == NULL) {
        pthread_mutex_unlock(&report_lock);
        free(item);
        return aclemu_set_error(ACL_ERROR_STREAM_NOT_SUBSCRIBE,
                                "aclrtLaunchCallback: the stream was unsubscribed before the callback was reached");
    }
    subscriber *thread = (*link)->thread;
    if (thread->tail != NULL) {
        thread->tail->next = item;
    } else {
        thread->head = item;
    }
    thread->tail = item;
    pthread_cond_broadcast(&report_changed);
    if (task->block) {
        while (!item->done) {
            pthread_cond_wait(&report_changed, &report_lock);
        }
        free(item);
    }
    pthread_mutex_unlock(&report_lock);
    return ACL_SUCCESS;
}

static void free_callback_task(void *arg, bool ran)
{
    (void)ran;
    free(arg);
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
    bool subscribed = find_subscription_locked(s) != NULL;
    pthread_mutex_unlock(&report_lock);
    callback_task *task = subscribed ? malloc(sizeof *task) : NULL;
    if (!subscribed) {
        err = aclemu_set_error(ACL_ERROR_RT_STREAM_NO_CB_REG,
                               "%s: no thread is subscribed to stream %d (call aclrtSubscribeReport first)", fn_name,
                               s->id);
    } else if (task == NULL) {
        err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn_name);
    } else {
        *task = (callback_task){s, fn, userData, blockType == ACL_CALLBACK_BLOCK};
        err = rt_stream_enqueue(s, run_callback, task, free_callback_task, fn_name);
    }
    rt_stream_put(s);
    return err;
}

aclError aclrtProcessReport(int32_t timeout)
{
    const char *fn = "aclrtProcessReport";
    if (timeout < -1) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: timeout %d must be -1 (forever) or >= 0 ms", fn,
                                timeout);
    }
    uint64_t self = (uint64_t)(uintptr_t)pthread_self();
    struct timespec deadline;
    aclemu_deadline(&deadline, timeout);
    pthread_mutex_lock(&report_lock);
    subscriber *thread = find_or_add_subscriber_locked(self);
    if (thread == NULL) {
        pthread_mutex_unlock(&report_lock);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    while (thread->head == NULL) {
        int rc = timeout < 0 ? pthread_cond_wait(&report_changed, &report_lock)
                             : pthread_cond_timedwait(&report_changed, &report_lock, &deadline);
        if (rc != 0 && thread->head == NULL) {
            pthread_mutex_unlock(&report_lock);
            return aclemu_set_error(ACL_ERROR_RT_REPORT_TIMEOUT, "%s: no callback arrived within %d ms", fn, timeout);
        }
    }
    report_item *item = thread->head;
    thread->head = item->next;
    if (thread->head == NULL) {
        thread->tail = NULL;
    }
    pthread_mutex_unlock(&report_lock);

    item->fn(item->user_data);

    pthread_mutex_lock(&report_lock);
    if (item->block) {
        item->done = true;
        pthread_cond_broadcast(&report_changed);
    } else {
        free(item);
    }
    pthread_mutex_unlock(&report_lock);
    return ACL_SUCCESS;
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

/* Runs on the stream's worker thread when reached; no subscription needed. */
aclError aclrtLaunchHostFunc(aclrtStream stream, aclrtHostFunc fn, void *args)
{
    if (fn == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtLaunchHostFunc: fn is NULL");
    }
    host_func_task *task = malloc(sizeof *task);
    if (task == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "aclrtLaunchHostFunc: out of host memory");
    }
    task->fn = fn;
    task->args = args;
    return aclemu_stream_submit(stream, run_host_func, task, free_callback_task, "aclrtLaunchHostFunc");
}
