/*
 * Runtime core, layer 2 (work): streams and their worker threads (stream.c), events (event.c),
 * host callbacks (report.c) and tracked memory (memory.c). Everything here belongs to a
 * context of layer 1; layer 3 creates and destroys those contexts and calls in here for the
 * streams and events they own.
 */
#ifndef ACLEMU_CORE_WORK_H
#define ACLEMU_CORE_WORK_H

#include "core_devices.h"

typedef struct rt_task rt_task;

struct rt_task {
    rt_task *next;
    aclemu_task_fn run;
    void *arg;
    aclemu_task_free_fn free_arg;
    uint32_t submitter_tid; /* OS thread id of the thread that queued it (exception info) */
    uint64_t epoch;         /* task epoch (stream.c) it was queued in */
    const char *fn;         /* API that queued it (profiling records) */
    uint64_t submit_ns;     /* when, if profiling was on */
    union {
        max_align_t align;
        unsigned char bytes[ACLEMU_INLINE_ARG];
    } payload; /* the argument of an inline task (arg points here) */
};

struct rt_stream {
    rt_context *ctx; /* owning context; NULL once detached */
    rt_stream *next; /* in ctx->streams */
    rt_stream *prev; /* in ctx->streams: unlinking is O(1) */
    int32_t id;
    int32_t device; /* the owning context's device, kept for profiling records */
    uint32_t priority;
    uint32_t flags;
    bool is_default;
    int refs; /* atomic, gained under the core lock; 1 for the context's list + 1 per borrower */

    pthread_mutex_t lock;
    pthread_cond_t changed; /* task finished, stopping: for waiters (broadcast only when waiting) */
    pthread_cond_t work;    /* new task, stopping: for the worker (signalled only when it sleeps) */
    rt_task *head, *tail;
    rt_task *spare; /* finished task records kept for reuse: no allocation per task */
    uint32_t spare_count;
    uint32_t waiting; /* threads asleep on `changed` */
    /* written under the lock with __atomic stores, so spinning threads may read them without it */
    uint64_t submitted, finished;
    bool worker_started, stopping, discard;
    bool worker_idle; /* the worker sleeps on `work` */
    pthread_t worker;
    aclemu_capture_fn capture; /* set while a model run instance records this stream's work */
    void *capture_owner;
    aclError error; /* first failed task since the last sync */
    char error_message[RT_ERROR_MESSAGE_CAPACITY];
};

struct rt_event {
    rt_context *ctx; /* NULL once detached */
    rt_event *next;  /* in ctx->events */
    rt_event *prev;  /* in ctx->events: unlinking is O(1) */
    uint32_t flags;
    uint32_t id;
    int refs; /* list + pending record/wait tasks */
    uint64_t recorded;  /* number of records submitted */
    uint64_t completed; /* number of those that executed */
    uint64_t timestamp_ns;
    bool reset; /* reset executed after the last record */
    /* IPC events (aclrtIpcGetEventHandle / OpenEventHandle): the four fields above live in a
     * page shared with other processes; the ones here are a copy refreshed under the core lock */
    struct rt_event_page *page;
    aclemu_shared_page shared;
    bool exported; /* created here and exported (else opened from another process) */
};

/* stream.c */
rt_stream *rt_stream_new_locked(rt_context *ctx, bool is_default, uint32_t priority, uint32_t flags,
                                aclError *err);
/* NULL handle -> current default stream. Takes a reference (rt_stream_put) on success. */
rt_stream *rt_stream_get(aclrtStream handle, const char *fn, aclError *err);
void rt_stream_put(rt_stream *s);
void rt_stream_ref_locked(rt_stream *s);
/* Wait for the tasks submitted so far; returns the pending task error or a timeout code. */
aclError rt_stream_wait(rt_stream *s, int64_t timeout_ms, const char *fn);
/* Wait for every stream of the current context's device (aclrtSynchronizeDevice); timeout_ms < 0
 * waits forever. Returns the first task error or the timeout code. */
aclError rt_device_streams_wait(int64_t timeout_ms, const char *fn);
/* Stop the worker after draining (or discarding, when force) and drop the list reference.
 * The stream must already be unlinked from its context and unregistered. */
void rt_stream_shutdown(rt_stream *s, bool force);
aclError rt_stream_enqueue(rt_stream *s, aclemu_task_fn run, void *arg, aclemu_task_free_fn free_arg,
                           const char *fn);
/* The same with the argument copied into the task record (aclemu_stream_submit_inline). */
aclError rt_stream_enqueue_inline(rt_stream *s, aclemu_task_fn run, const void *arg, size_t size, const char *fn);

/* stream.c: task epochs. Memory freed while tasks queued before the free may still touch it
 * stays mapped until those tasks end. False when no task is unfinished (the memory can go at
 * once); otherwise *epoch gets the newest epoch a task queued so far can belong to. */
bool rt_tasks_fence(uint64_t *epoch);
/* True once every task queued in `epoch` or before has ended. */
bool rt_tasks_passed(uint64_t epoch);

/* event.c */
void rt_event_detach_locked(rt_event *e); /* drop the list reference; frees when unused */

/* memory_mapped.c: device-usable ranges that are not allocations (aclemu_mem_add_mapped). */
typedef struct rt_mapped_range {
    uintptr_t base;
    size_t size;
    int32_t device;
    int kind; /* aclemu_mapped_kind */
    uint32_t access; /* aclrtMemAccessFlags: 3 read-write (the default), 1 read only, 0 none */
} rt_mapped_range;
/* True (and *out filled, if non-NULL) when p lies inside a registered mapped range. */
bool rt_mapped_find(uintptr_t p, rt_mapped_range *out);

/* memory.c: free what a device (or host, device < 0) still holds; report leaks when
 * strict. Returns the number of leaked allocations. */
size_t rt_memory_release(int32_t device, const char *fn);
/* memory.c: retire the frees that waited for tasks which have now ended (stream workers call it
 * with no lock held). */
void rt_memory_reclaim(void);

/* report.c */
void rt_report_forget_stream(const rt_stream *s);

#endif /* ACLEMU_CORE_WORK_H */
