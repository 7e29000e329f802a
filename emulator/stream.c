/* Streams: each runs its tasks in submission order on its own worker thread. */
#include "core_work.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { LOWEST_PRIORITY = 7, HIGHEST_PRIORITY = 0, STREAM_CAPACITY = 2048 };
/* Task records a stream keeps for reuse (enough for a queue 16k deep: a program that queues
 * thousands of tiny tasks before it synchronizes allocates none after the first round; at most
 * 2-3 MiB a stream), and how long its worker (out of work) and a thread synchronizing with it
 * spin before they sleep (spin.c). */
enum { SPARE_TASKS = 16384 };
static const uint64_t WORKER_SPIN_NS = 50000, WAIT_SPIN_NS = 50000;

static int32_t next_stream_id; /* under the core lock */

/* Task epochs: a free while tasks are queued closes the current epoch, and the freed memory is
 * retired once every task of that epoch and the older ones has ended (rt_memory_reclaim). A ring
 * of counters bounds the open epochs; when it is full a free shares the newest epoch, which only
 * delays the retirement. Lock order: a stream's lock or memory.c's lock, then epoch_lock.
 *
 * Tasks join and leave without the lock (atomic counters): the lock is taken by frees (fence),
 * by reclaim checks and by the leave that empties an epoch. A join that sees the epoch move on
 * under it leaves again and retries, so a task only ever counts in the epoch that was current
 * after it was counted; a stray count meanwhile can only make a free wait longer. */
enum { EPOCH_RING = 64 };
static pthread_mutex_t epoch_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t epoch_current; /* epoch of the tasks queued now: atomic, advanced under the lock */
static uint64_t epoch_oldest;  /* every task of an older epoch has ended (under the lock) */
static uint64_t epoch_tasks[EPOCH_RING]; /* unfinished tasks of epoch e, at e % EPOCH_RING: atomic */

static uint64_t epoch_count(uint64_t e)
{
    return __atomic_load_n(&epoch_tasks[e % EPOCH_RING], __ATOMIC_SEQ_CST);
}

static void epoch_leave(uint64_t e)
{
    if (__atomic_sub_fetch(&epoch_tasks[e % EPOCH_RING], 1, __ATOMIC_SEQ_CST) != 0) {
        return;
    }
    pthread_mutex_lock(&epoch_lock);
    uint64_t current = __atomic_load_n(&epoch_current, __ATOMIC_SEQ_CST);
    while (epoch_oldest < current && epoch_count(epoch_oldest) == 0) {
        epoch_oldest++;
    }
    pthread_mutex_unlock(&epoch_lock);
    rt_memory_reclaim();
}

static uint64_t epoch_join(void)
{
    for (;;) {
        uint64_t e = __atomic_load_n(&epoch_current, __ATOMIC_SEQ_CST);
        __atomic_add_fetch(&epoch_tasks[e % EPOCH_RING], 1, __ATOMIC_SEQ_CST);
        if (__atomic_load_n(&epoch_current, __ATOMIC_SEQ_CST) == e) {
            return e;
        }
        epoch_leave(e);
    }
}

bool rt_tasks_fence(uint64_t *epoch)
{
    pthread_mutex_lock(&epoch_lock);
    uint64_t current = __atomic_load_n(&epoch_current, __ATOMIC_SEQ_CST);
    bool pending = epoch_oldest != current || epoch_count(current) != 0;
    if (pending) {
        *epoch = current;
        if (current - epoch_oldest + 1 < EPOCH_RING) {
            __atomic_store_n(&epoch_current, current + 1, __ATOMIC_SEQ_CST);
        }
    }
    pthread_mutex_unlock(&epoch_lock);
    return pending;
}

bool rt_tasks_passed(uint64_t epoch)
{
    pthread_mutex_lock(&epoch_lock);
    bool passed = epoch_oldest > epoch || (epoch_oldest == epoch && epoch_count(epoch) == 0);
    pthread_mutex_unlock(&epoch_lock);
    return passed;
}

static pthread_mutex_t state_hook_lock = PTHREAD_MUTEX_INITIALIZER;
static aclemu_stream_state_fn state_hook;

void aclemu_set_stream_state_hook(aclemu_stream_state_fn hook)
{
    pthread_mutex_lock(&state_hook_lock);
    state_hook = hook;
    pthread_mutex_unlock(&state_hook_lock);
}

static void notify_state(aclrtStream stream, int state)
{
    pthread_mutex_lock(&state_hook_lock);
    aclemu_stream_state_fn hook = state_hook;
    pthread_mutex_unlock(&state_hook_lock);
    if (hook != NULL) {
        hook(stream, state);
    }
}

rt_stream *rt_stream_new_locked(rt_context *ctx, bool is_default, uint32_t priority, uint32_t flags, aclError *err)
{
    rt_stream *s = calloc(1, sizeof *s);
    if (s == NULL) {
        *err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "out of host memory creating a stream");
        return NULL;
    }
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->changed, NULL);
    pthread_cond_init(&s->work, NULL);
    s->ctx = ctx;
    s->id = next_stream_id++;
    s->device = ctx->device;
    s->priority = priority;
    s->flags = flags;
    s->is_default = is_default;
    s->refs = 1;
    s->error = ACL_SUCCESS;
    *err = aclemu_handle_add(s, ACLEMU_KIND_STREAM);
    if (*err != ACL_SUCCESS) {
        pthread_cond_destroy(&s->work);
        pthread_cond_destroy(&s->changed);
        pthread_mutex_destroy(&s->lock);
        free(s);
        return NULL;
    }
    s->next = ctx->streams;
    if (ctx->streams != NULL) {
        ctx->streams->prev = s;
    }
    ctx->streams = s;
    if (is_default) {
        ctx->default_stream = s;
    }
    return s;
}

void rt_stream_ref_locked(rt_stream *s)
{
    __atomic_add_fetch(&s->refs, 1, __ATOMIC_RELAXED);
}

/* Without the core lock: only a live stream (under the core lock) gains references, so the
 * count reaching 0 is final. */
void rt_stream_put(rt_stream *s)
{
    if (__atomic_sub_fetch(&s->refs, 1, __ATOMIC_ACQ_REL) == 0) {
        while (s->spare != NULL) {
            rt_task *next = s->spare->next;
            free(s->spare);
            s->spare = next;
        }
        pthread_cond_destroy(&s->work);
        pthread_cond_destroy(&s->changed);
        pthread_mutex_destroy(&s->lock);
        free(s);
    }
}

rt_stream *rt_stream_get(aclrtStream handle, const char *fn, aclError *err)
{
    rt_lock();
    rt_stream *s = NULL;
    if (handle == NULL) {
        rt_context *ctx = rt_current_context_locked();
        if (ctx == NULL) {
            rt_unlock();
            *err = aclemu_set_error(ACL_ERROR_RT_CONTEXT_NULL,
                                    "%s: stream is NULL (default stream) but this thread has no current context", fn);
            return NULL;
        }
        s = ctx->default_stream;
    } else if (aclemu_handle_is(handle, ACLEMU_KIND_STREAM)) {
        s = handle;
    } else {
        rt_unlock();
        /* the acl layer rejects unknown handles itself, with ACL_ERROR_INVALID_PARAM */
        *err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live stream", fn, handle);
        return NULL;
    }
    rt_stream_ref_locked(s);
    rt_unlock();
    *err = ACL_SUCCESS;
    return s;
}

static void finish_task_locked(rt_stream *s, aclError err, const char *message)
{
    if (err != ACL_SUCCESS && s->error == ACL_SUCCESS) {
        s->error = err;
        snprintf(s->error_message, sizeof s->error_message, "%s", message);
    }
    /* after the error: a waiter that sees the count without the lock then takes the lock to read it */
    __atomic_store_n(&s->finished, s->finished + 1, __ATOMIC_RELEASE);
    if (s->waiting > 0) {
        pthread_cond_broadcast(&s->changed);
    }
}

/* A finished task's record back to the stream's spares (or to the heap when there are enough). */
static void recycle_task_locked(rt_stream *s, rt_task *task)
{
    if (s->spare_count < SPARE_TASKS) {
        task->next = s->spare;
        s->spare = task;
        s->spare_count++;
    } else {
        free(task);
    }
}

typedef struct {
    const rt_stream *s;
    uint64_t seen;
} submitted_watch;

static bool new_work_or_stopping(const void *arg)
{
    const submitted_watch *w = arg;
    return __atomic_load_n(&w->s->submitted, __ATOMIC_ACQUIRE) != w->seen ||
           __atomic_load_n(&w->s->stopping, __ATOMIC_ACQUIRE);
}

/* Out of work: spin a little for the next task, then sleep until one comes (lock held on entry
 * and on return). */
static void worker_wait_locked(rt_stream *s)
{
    submitted_watch watch = {s, s->submitted};
    pthread_mutex_unlock(&s->lock);
    rt_spin_until(new_work_or_stopping, &watch, WORKER_SPIN_NS);
    pthread_mutex_lock(&s->lock);
    while (s->head == NULL && !s->stopping) {
        s->worker_idle = true;
        pthread_cond_wait(&s->work, &s->lock);
        s->worker_idle = false;
    }
}

static void *stream_worker(void *arg)
{
    rt_stream *s = arg;
    pthread_mutex_lock(&s->lock);
    for (;;) {
        if (s->head == NULL && !s->stopping) {
            worker_wait_locked(s);
        }
        rt_task *task = s->head;
        if (task == NULL) {
            break; /* stopping and drained */
        }
        s->head = task->next;
        if (s->head == NULL) {
            s->tail = NULL;
        }
        if (s->discard) {
            pthread_mutex_unlock(&s->lock);
            if (task->free_arg != NULL) {
                task->free_arg(task->arg, false);
            }
            epoch_leave(task->epoch);
            pthread_mutex_lock(&s->lock);
            recycle_task_locked(s, task);
            finish_task_locked(s, ACL_SUCCESS, "");
            continue;
        }
        uint32_t task_id = (uint32_t)s->finished;
        uint32_t submitter_tid = task->submitter_tid;
        pthread_mutex_unlock(&s->lock);

        bool traced = aclemu_trace_on();
        uint64_t traced_start = traced ? aclemu_trace_task_begin(s->device, s->id) : 0;
        aclError err = task->run(task->arg);
        if (traced) {
            aclemu_trace_task_end(traced_start, task->fn, task->submit_ns, submitter_tid, err);
        }
        char message[RT_ERROR_MESSAGE_CAPACITY];
        message[0] = '\0';
        if (err != ACL_SUCCESS) {
            snprintf(message, sizeof message, "%s", aclemu_peek_error());
        }
        if (task->free_arg != NULL) {
            task->free_arg(task->arg, true);
        }
        epoch_leave(task->epoch);
        if (err != ACL_SUCCESS) {
            int32_t device = -1;
            rt_lock();
            if (s->ctx != NULL) {
                device = s->ctx->device;
            }
            rt_unlock();
            rt_exception_raise(device, s->id, task_id, submitter_tid, err);
        }
        pthread_mutex_lock(&s->lock);
        recycle_task_locked(s, task);
        finish_task_locked(s, err, message);
    }
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

/* Id of the last task this thread queued: its position on its stream, counting from 1 (our
 * numbering; the runtime's ids are also per-stream sequence numbers). 0 before any. */
static _Thread_local uint32_t thread_last_task_id;
/* The stream of the last task this thread submitted, queued or captured (aclemu_thread_last_stream). */
static _Thread_local rt_stream *thread_last_stream;

aclrtStream aclemu_thread_last_stream(void)
{
    return thread_last_stream;
}

void aclemu_stream_note_task_id(uint32_t task_id)
{
    thread_last_task_id = task_id;
}

static void free_inline_copy(void *arg, bool ran)
{
    (void)ran;
    free(arg);
}

/* A captured task outlives the call: an inline argument gets a heap copy of its own. The
 * caller frees a refused argument once the stream lock is released (free functions may take the
 * core lock, which comes first in the lock order). */
static aclError capture_locked(rt_stream *s, aclemu_task_fn run, void **arg, aclemu_task_free_fn *free_arg,
                               const void *inline_arg, size_t size, const char *fn)
{
    if (inline_arg != NULL) {
        if ((*arg = malloc(size)) == NULL) {
            return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
        }
        memcpy(*arg, inline_arg, size);
        *free_arg = free_inline_copy;
    }
    return s->capture(s->capture_owner, run, *arg, *free_arg, fn);
}

/* Queue a task: run(arg), or with inline_arg, run on a copy of its `size` bytes kept in the task. */
static aclError enqueue(rt_stream *s, aclemu_task_fn run, void *arg, aclemu_task_free_fn free_arg,
                        const void *inline_arg, size_t size, const char *fn)
{
    uint32_t submitter_tid = rt_os_thread_id();
    uint64_t submit_ns = aclemu_trace_on() ? aclemu_now_ns() : 0;
    pthread_mutex_lock(&s->lock);
    aclError err = ACL_SUCCESS;
    if (s->capture != NULL && !s->stopping) {
        err = capture_locked(s, run, &arg, &free_arg, inline_arg, size, fn);
        if (err == ACL_SUCCESS) {
            thread_last_stream = s;
        }
        pthread_mutex_unlock(&s->lock);
        if (err != ACL_SUCCESS && free_arg != NULL) {
            free_arg(arg, false);
        }
        return err;
    }
    rt_task *task = NULL;
    if (s->stopping) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: stream %d is being destroyed", fn, s->id);
    } else if (s->spare != NULL) {
        task = s->spare;
        s->spare = task->next;
        s->spare_count--;
    } else if ((task = malloc(sizeof *task)) == NULL) {
        err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    if (err == ACL_SUCCESS && !s->worker_started) {
        if (pthread_create(&s->worker, NULL, stream_worker, s) != 0) {
            err = aclemu_set_error(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: cannot start the worker thread of stream %d",
                                   fn, s->id);
            recycle_task_locked(s, task);
        } else {
            s->worker_started = true;
        }
    }
    if (err != ACL_SUCCESS) {
        pthread_mutex_unlock(&s->lock);
        if (free_arg != NULL) {
            free_arg(arg, false);
        }
        return err;
    }
    task->next = NULL;
    task->run = run;
    task->arg = arg;
    task->free_arg = free_arg;
    if (inline_arg != NULL) {
        memcpy(task->payload.bytes, inline_arg, size);
        task->arg = task->payload.bytes;
    }
    task->submitter_tid = submitter_tid;
    task->fn = fn;
    task->submit_ns = submit_ns;
    if (s->tail != NULL) {
        s->tail->next = task;
    } else {
        s->head = task;
    }
    task->epoch = epoch_join();
    s->tail = task;
    __atomic_store_n(&s->submitted, s->submitted + 1, __ATOMIC_RELEASE);
    thread_last_task_id = (uint32_t)s->submitted;
    thread_last_stream = s;
    if (s->worker_idle) {
        pthread_cond_signal(&s->work);
    }
    pthread_mutex_unlock(&s->lock);
    return ACL_SUCCESS;
}

aclError rt_stream_enqueue(rt_stream *s, aclemu_task_fn run, void *arg, aclemu_task_free_fn free_arg, const char *fn)
{
    return enqueue(s, run, arg, free_arg, NULL, 0, fn);
}

aclError rt_stream_enqueue_inline(rt_stream *s, aclemu_task_fn run, const void *arg, size_t size, const char *fn)
{
    if (size > ACLEMU_INLINE_ARG) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: a %zu-byte inline task argument (at most %d)", fn, size,
                                (int)ACLEMU_INLINE_ARG);
    }
    return enqueue(s, run, NULL, NULL, arg, size, fn);
}

aclError aclrtGetThreadLastTaskId(uint32_t *taskId)
{
    if (taskId == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtGetThreadLastTaskId: taskId is NULL");
    }
    *taskId = thread_last_task_id;
    return ACL_SUCCESS;
}

static bool reached_target(const void *arg)
{
    const submitted_watch *w = arg;
    return __atomic_load_n(&w->s->finished, __ATOMIC_ACQUIRE) >= w->seen;
}

aclError rt_stream_wait(rt_stream *s, int64_t timeout_ms, const char *fn)
{
    pthread_mutex_lock(&s->lock);
    if (s->worker_started && pthread_equal(s->worker, pthread_self()) && s->finished < s->submitted) {
        pthread_mutex_unlock(&s->lock);
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: a task of stream %d cannot wait for its own stream", fn,
                                s->id);
    }
    uint64_t target = s->submitted;
    struct timespec deadline;
    if (timeout_ms >= 0) {
        aclemu_deadline(&deadline, timeout_ms);
    }
    if (s->finished < target) {
        submitted_watch watch = {s, target};
        pthread_mutex_unlock(&s->lock);
        rt_spin_until(reached_target, &watch, WAIT_SPIN_NS);
        pthread_mutex_lock(&s->lock);
    }
    while (s->finished < target) {
        s->waiting++;
        int rc = timeout_ms < 0 ? pthread_cond_wait(&s->changed, &s->lock)
                                : pthread_cond_timedwait(&s->changed, &s->lock, &deadline);
        s->waiting--;
        if (rc == ETIMEDOUT && s->finished < target) {
            uint64_t pending = target - s->finished;
            pthread_mutex_unlock(&s->lock);
            return aclemu_set_error(ACL_ERROR_RT_STREAM_SYNC_TIMEOUT,
                                    "%s: stream %d still has %llu task(s) running after %lld ms", fn, s->id,
                                    (unsigned long long)pending, (long long)timeout_ms);
        }
    }
    aclError err = s->error;
    char message[RT_ERROR_MESSAGE_CAPACITY];
    snprintf(message, sizeof message, "%s", s->error_message);
    s->error = ACL_SUCCESS;
    s->error_message[0] = '\0';
    pthread_mutex_unlock(&s->lock);
    if (err != ACL_SUCCESS) {
        return aclemu_set_error(err, "%s: a task on stream %d failed: %s", fn, s->id, message);
    }
    return ACL_SUCCESS;
}

void rt_stream_shutdown(rt_stream *s, bool force)
{
    pthread_mutex_lock(&s->lock);
    __atomic_store_n(&s->stopping, true, __ATOMIC_RELEASE);
    s->discard = s->discard || force;
    bool started = s->worker_started;
    pthread_cond_broadcast(&s->changed);
    pthread_cond_signal(&s->work);
    pthread_mutex_unlock(&s->lock);
    if (started) {
        if (pthread_equal(s->worker, pthread_self())) {
            /* destroyed from one of its own tasks: the worker finishes by itself */
            pthread_detach(s->worker);
            pthread_mutex_lock(&s->lock);
            s->discard = true;
            pthread_mutex_unlock(&s->lock);
            return; /* the worker holds no reference; keep the memory (a small, rare leak) */
        }
        pthread_join(s->worker, NULL);
    }
    rt_stream_put(s);
}

aclError rt_device_streams_wait(int64_t timeout_ms, const char *fn)
{
    int32_t id = -1;
    aclError err = aclemu_require_device(fn, &id);
    if (err != ACL_SUCCESS) {
        return err;
    }
    rt_lock();
    size_t count = 0;
    for (rt_context *ctx = rt_contexts_locked(); ctx != NULL; ctx = ctx->next) {
        for (rt_stream *s = ctx->streams; s != NULL; s = s->next) {
            count += ctx->device == id;
        }
    }
    rt_stream **streams = calloc(count ? count : 1, sizeof *streams);
    if (streams == NULL) {
        rt_unlock();
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    size_t n = 0;
    for (rt_context *ctx = rt_contexts_locked(); ctx != NULL; ctx = ctx->next) {
        for (rt_stream *s = ctx->streams; s != NULL; s = s->next) {
            if (ctx->device == id) {
                rt_stream_ref_locked(s);
                streams[n++] = s;
            }
        }
    }
    rt_unlock();
    uint64_t start = aclemu_now_ns();
    for (size_t i = 0; i < n; ++i) {
        int64_t remaining = -1;
        if (timeout_ms >= 0) {
            int64_t spent = (int64_t)((aclemu_now_ns() - start) / 1000000ULL);
            remaining = spent >= timeout_ms ? 0 : timeout_ms - spent;
        }
        if (err != ACL_ERROR_RT_STREAM_SYNC_TIMEOUT) {
            aclError stream_err = rt_stream_wait(streams[i], remaining, fn);
            if (err == ACL_SUCCESS) {
                err = stream_err;
            }
        }
        rt_stream_put(streams[i]);
    }
    free(streams);
    return err;
}

aclError aclemu_stream_submit(aclrtStream stream, aclemu_task_fn run, void *arg, aclemu_task_free_fn free_arg,
                              const char *fn)
{
    aclError err = ACL_SUCCESS;
    rt_stream *s = rt_stream_get(stream, fn, &err);
    if (s == NULL) {
        if (free_arg != NULL) {
            free_arg(arg, false);
        }
        return err;
    }
    err = rt_stream_enqueue(s, run, arg, free_arg, fn);
    rt_stream_put(s);
    return err;
}

aclError aclemu_stream_submit_inline(aclrtStream stream, aclemu_task_fn run, const void *arg, size_t size,
                                     const char *fn)
{
    aclError err = ACL_SUCCESS;
    rt_stream *s = rt_stream_get(stream, fn, &err);
    if (s == NULL) {
        return err;
    }
    err = rt_stream_enqueue_inline(s, run, arg, size, fn);
    rt_stream_put(s);
    return err;
}

aclError aclemu_stream_check(aclrtStream stream, const char *fn)
{
    aclError err = ACL_SUCCESS;
    rt_stream *s = rt_stream_get(stream, fn, &err);
    if (s != NULL) {
        rt_stream_put(s);
    }
    return err;
}

aclError aclemu_stream_sync(aclrtStream stream, int64_t timeout_ms, const char *fn)
{
    aclError err = ACL_SUCCESS;
    rt_stream *s = rt_stream_get(stream, fn, &err);
    if (s == NULL) {
        return err;
    }
    err = rt_stream_wait(s, timeout_ms, fn);
    rt_stream_put(s);
    return err;
}

static aclError create_stream(aclrtStream *stream, uint32_t priority, uint32_t flags, const char *fn)
{
    if (stream == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: stream is NULL", fn);
    }
    if (priority > LOWEST_PRIORITY) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: priority %u is outside [%d, %d]", fn, priority,
                                HIGHEST_PRIORITY, LOWEST_PRIORITY);
    }
    rt_lock();
    rt_context *ctx = rt_current_context_locked();
    if (ctx == NULL) {
        rt_unlock();
        return aclemu_set_error(ACL_ERROR_RT_CONTEXT_NULL, "%s: no current context on this thread", fn);
    }
    aclError err = ACL_SUCCESS;
    rt_stream *s = rt_stream_new_locked(ctx, false, priority, flags, &err);
    rt_unlock();
    if (s != NULL) {
        *stream = s;
        notify_state(s, ACL_RT_STREAM_STATE_CREATE_POST);
    }
    return err;
}

aclError aclrtCreateStream(aclrtStream *stream)
{
    return create_stream(stream, 0, 0, "aclrtCreateStream");
}

aclError aclrtCreateStreamWithConfig(aclrtStream *stream, uint32_t priority, uint32_t flag)
{
    return create_stream(stream, priority, flag, "aclrtCreateStreamWithConfig");
}

aclrtStreamConfigHandle *aclrtCreateStreamConfigHandle(void)
{
    aclrtStreamConfigHandle *handle = calloc(1, sizeof *handle);
    if (handle == NULL || aclemu_handle_add(handle, ACLEMU_KIND_STREAM_CONFIG) != ACL_SUCCESS) {
        free(handle);
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "aclrtCreateStreamConfigHandle: out of host memory");
        return NULL;
    }
    return handle;
}

aclError aclrtDestroyStreamConfigHandle(aclrtStreamConfigHandle *handle)
{
    if (!aclemu_handle_remove(handle, ACLEMU_KIND_STREAM_CONFIG)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtDestroyStreamConfigHandle: %p is not a live handle",
                                (void *)handle);
    }
    free(handle);
    return ACL_SUCCESS;
}

aclError aclrtSetStreamConfigOpt(aclrtStreamConfigHandle *handle, aclrtStreamConfigAttr attr, const void *attrValue,
                                 size_t valueSize)
{
    const char *fn = "aclrtSetStreamConfigOpt";
    if (!aclemu_handle_is(handle, ACLEMU_KIND_STREAM_CONFIG)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live handle", fn, (void *)handle);
    }
    if (attrValue == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: attrValue is NULL", fn);
    }
    size_t need = 0;
    switch (attr) {
    case ACL_RT_STREAM_WORK_ADDR_PTR:
        need = sizeof handle->workptr;
        break;
    case ACL_RT_STREAM_WORK_SIZE:
        need = sizeof handle->workSize;
        break;
    case ACL_RT_STREAM_FLAG:
        need = sizeof handle->flag;
        break;
    case ACL_RT_STREAM_PRIORITY:
        need = sizeof handle->priority;
        break;
    default:
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown attribute %d", fn, (int)attr);
    }
    if (valueSize != need) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: attribute %d takes %zu bytes, not %zu", fn, (int)attr,
                                need, valueSize);
    }
    void *field = attr == ACL_RT_STREAM_WORK_ADDR_PTR ? (void *)&handle->workptr
                  : attr == ACL_RT_STREAM_WORK_SIZE   ? (void *)&handle->workSize
                  : attr == ACL_RT_STREAM_FLAG        ? (void *)&handle->flag
                                                      : (void *)&handle->priority;
    memcpy(field, attrValue, need);
    return ACL_SUCCESS;
}

aclError aclrtCreateStreamV2(aclrtStream *stream, const aclrtStreamConfigHandle *handle)
{
    if (handle == NULL) {
        return create_stream(stream, 0, 0, "aclrtCreateStreamV2");
    }
    if (!aclemu_handle_is(handle, ACLEMU_KIND_STREAM_CONFIG)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtCreateStreamV2: %p is not a live config handle",
                                (const void *)handle);
    }
    return create_stream(stream, handle->priority, (uint32_t)handle->flag, "aclrtCreateStreamV2");
}

static aclError destroy_stream(aclrtStream stream, bool force, const char *fn)
{
    if (stream == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: stream is NULL", fn);
    }
    rt_lock();
    bool notify = aclemu_handle_is(stream, ACLEMU_KIND_STREAM) && !((rt_stream *)stream)->is_default;
    rt_unlock();
    if (notify) {
        notify_state(stream, ACL_RT_STREAM_STATE_DESTROY_PRE);
    }
    rt_lock();
    if (!aclemu_handle_is(stream, ACLEMU_KIND_STREAM)) {
        rt_unlock();
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live stream", fn, stream);
    }
    rt_stream *s = stream;
    if (s->is_default) {
        rt_unlock();
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the default stream cannot be destroyed", fn);
    }
    aclemu_handle_remove(s, ACLEMU_KIND_STREAM);
    if (s->ctx != NULL) {
        if (s->prev != NULL) {
            s->prev->next = s->next;
        } else {
            s->ctx->streams = s->next;
        }
        if (s->next != NULL) {
            s->next->prev = s->prev;
        }
        s->ctx = NULL;
    }
    s->next = NULL;
    s->prev = NULL;
    rt_unlock();
    rt_report_forget_stream(s);
    rt_stream_shutdown(s, force);
    return ACL_SUCCESS;
}

aclError aclrtDestroyStream(aclrtStream stream)
{
    return destroy_stream(stream, false, "aclrtDestroyStream");
}

aclError aclrtDestroyStreamForce(aclrtStream stream)
{
    return destroy_stream(stream, true, "aclrtDestroyStreamForce");
}

aclError aclrtSynchronizeStream(aclrtStream stream)
{
    return aclemu_stream_sync(stream, -1, "aclrtSynchronizeStream");
}

aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout)
{
    if (timeout < -1 || timeout == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "aclrtSynchronizeStreamWithTimeout: timeout %d must be -1 (forever) or > 0 ms",
                                timeout);
    }
    return aclemu_stream_sync(stream, timeout, "aclrtSynchronizeStreamWithTimeout");
}

aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus *status)
{
    if (status == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtStreamQuery: status is NULL");
    }
    aclError err = ACL_SUCCESS;
    rt_stream *s = rt_stream_get(stream, "aclrtStreamQuery", &err);
    if (s == NULL) {
        return err;
    }
    pthread_mutex_lock(&s->lock);
    *status = s->finished == s->submitted ? ACL_STREAM_STATUS_COMPLETE : ACL_STREAM_STATUS_NOT_READY;
    pthread_mutex_unlock(&s->lock);
    rt_stream_put(s);
    return ACL_SUCCESS;
}

aclError aclrtStreamGetId(aclrtStream stream, int32_t *streamId)
{
    if (streamId == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtStreamGetId: streamId is NULL");
    }
    aclError err = ACL_SUCCESS;
    rt_stream *s = rt_stream_get(stream, "aclrtStreamGetId", &err);
    if (s != NULL) {
        *streamId = s->id;
        rt_stream_put(s);
    }
    return err;
}

aclError aclrtStreamGetPriority(aclrtStream stream, uint32_t *priority)
{
    if (priority == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtStreamGetPriority: priority is NULL");
    }
    aclError err = ACL_SUCCESS;
    rt_stream *s = rt_stream_get(stream, "aclrtStreamGetPriority", &err);
    if (s != NULL) {
        *priority = s->priority;
        rt_stream_put(s);
    }
    return err;
}

aclError aclrtStreamGetFlags(aclrtStream stream, uint32_t *flags)
{
    if (flags == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtStreamGetFlags: flags is NULL");
    }
    aclError err = ACL_SUCCESS;
    rt_stream *s = rt_stream_get(stream, "aclrtStreamGetFlags", &err);
    if (s != NULL) {
        *flags = s->flags;
        rt_stream_put(s);
    }
    return err;
}

aclError aclrtDeviceGetStreamPriorityRange(int32_t *leastPriority, int32_t *greatestPriority)
{
    if (leastPriority == NULL || greatestPriority == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtDeviceGetStreamPriorityRange: an output is NULL");
    }
    *leastPriority = LOWEST_PRIORITY;
    *greatestPriority = HIGHEST_PRIORITY;
    return ACL_SUCCESS;
}

aclError aclrtGetStreamAvailableNum(uint32_t *streamCount)
{
    if (streamCount == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtGetStreamAvailableNum: streamCount is NULL");
    }
    size_t live = aclemu_handle_count(ACLEMU_KIND_STREAM);
    *streamCount = live >= STREAM_CAPACITY ? 0 : (uint32_t)(STREAM_CAPACITY - live);
    return ACL_SUCCESS;
}

aclError aclemu_stream_set_capture(aclrtStream stream, aclemu_capture_fn hook, void *owner, const char *fn)
{
    if (stream == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the default stream cannot be captured", fn);
    }
    aclError err = ACL_SUCCESS;
    rt_stream *s = rt_stream_get(stream, fn, &err);
    if (s == NULL) {
        return err;
    }
    pthread_mutex_lock(&s->lock);
    if (s->capture_owner != NULL && s->capture_owner != owner) {
        err = aclemu_set_error(ACL_ERROR_RT_STREAM_CAPTURED, "%s: stream %d is already being captured", fn, s->id);
    } else if (hook == NULL && s->capture_owner != owner) {
        err = aclemu_set_error(ACL_ERROR_RT_STREAM_NOT_CAPTURED, "%s: stream %d is not being captured", fn, s->id);
    } else {
        s->capture = hook;
        s->capture_owner = hook != NULL ? owner : NULL;
    }
    pthread_mutex_unlock(&s->lock);
    rt_stream_put(s);
    return err;
}

void *aclemu_stream_capture_owner(aclrtStream stream)
{
    void *owner = NULL;
    rt_lock();
    if (stream != NULL && aclemu_handle_is(stream, ACLEMU_KIND_STREAM)) {
        rt_stream *s = stream;
        pthread_mutex_lock(&s->lock);
        owner = s->capture_owner;
        pthread_mutex_unlock(&s->lock);
    }
    rt_unlock();
    return owner;
}

aclError aclemu_stream_discard_pending(aclrtStream stream, uint64_t *dropped, const char *fn)
{
    aclError err = ACL_SUCCESS;
    rt_stream *s = rt_stream_get(stream, fn, &err);
    if (s == NULL) {
        return err;
    }
    pthread_mutex_lock(&s->lock);
    rt_task *list = s->head;
    s->head = s->tail = NULL;
    pthread_mutex_unlock(&s->lock);
    uint64_t count = 0;
    while (list != NULL) {
        rt_task *next = list->next;
        if (list->free_arg != NULL) {
            list->free_arg(list->arg, false);
        }
        free(list);
        list = next;
        count++;
    }
    pthread_mutex_lock(&s->lock);
    for (uint64_t i = 0; i < count; ++i) {
        finish_task_locked(s, ACL_SUCCESS, "");
    }
    pthread_mutex_unlock(&s->lock);
    rt_stream_put(s);
    if (dropped != NULL) {
        *dropped = count;
    }
    return ACL_SUCCESS;
}

aclError aclemu_device_discard_pending(int32_t device, uint64_t *dropped, const char *fn)
{
    rt_lock();
    size_t count = 0;
    for (rt_context *ctx = rt_contexts_locked(); ctx != NULL; ctx = ctx->next) {
        for (rt_stream *s = ctx->streams; s != NULL; s = s->next) {
            count += ctx->device == device;
        }
    }
    rt_stream **streams = calloc(count ? count : 1, sizeof *streams);
    if (streams == NULL) {
        rt_unlock();
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    size_t n = 0;
    for (rt_context *ctx = rt_contexts_locked(); ctx != NULL; ctx = ctx->next) {
        for (rt_stream *s = ctx->streams; s != NULL; s = s->next) {
            if (ctx->device == device) {
                rt_stream_ref_locked(s);
                streams[n++] = s;
            }
        }
    }
    rt_unlock();
    uint64_t total = 0;
    aclError err = ACL_SUCCESS;
    for (size_t i = 0; i < n; ++i) {
        uint64_t one = 0;
        if (err == ACL_SUCCESS) {
            err = aclemu_stream_discard_pending(streams[i], &one, fn);
        }
        total += one;
        rt_stream_put(streams[i]);
    }
    free(streams);
    if (dropped != NULL) {
        *dropped = total;
    }
    return err;
}
