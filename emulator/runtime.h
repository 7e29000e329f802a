/*
 * Internals shared by the runtime-core files (device.c, context.c, stream.c, event.c,
 * memory.c, report.c, exception.c, init.c). Compute areas use emu.h only.
 *
 * Locking: one core lock guards the device table, contexts, stream/event lists and
 * event state; each stream has its own lock for its task queue. Order: core lock, then a
 * stream lock. Never wait for a stream (drain, join) while holding the core lock.
 */
#ifndef ACLEMU_RUNTIME_H
#define ACLEMU_RUNTIME_H

#include "emu.h"

#include <pthread.h>

enum { RT_MAX_DEVICES = 64, RT_ERROR_MESSAGE_CAPACITY = 512 };

typedef struct rt_task rt_task;
typedef struct rt_stream rt_stream;
typedef struct rt_context rt_context;
typedef struct rt_event rt_event;

struct rt_task {
    rt_task *next;
    aclemu_task_fn run;
    void *arg;
    aclemu_task_free_fn free_arg;
    uint32_t submitter_tid; /* OS thread id of the thread that queued it (exception info) */
};

struct rt_stream {
    rt_context *ctx; /* owning context; NULL once detached */
    rt_stream *next; /* in ctx->streams */
    int32_t id;
    uint32_t priority;
    uint32_t flags;
    bool is_default;
    int refs; /* under the core lock; 1 for the context's list + 1 per borrower */

    pthread_mutex_t lock;
    pthread_cond_t changed; /* new task, task finished, stopping */
    rt_task *head, *tail;
    uint64_t submitted, finished;
    bool worker_started, stopping, discard;
    pthread_t worker;
    aclError error; /* first failed task since the last sync */
    char error_message[RT_ERROR_MESSAGE_CAPACITY];
};

struct rt_context {
    uint64_t serial;
    int32_t device;
    bool is_default;
    rt_stream *default_stream;
    rt_stream *streams; /* includes the default stream */
    rt_event *events;
    rt_context *next; /* in the global list */
};

struct rt_event {
    rt_context *ctx; /* NULL once detached */
    rt_event *next;  /* in ctx->events */
    uint32_t flags;
    uint32_t id;
    int refs; /* list + pending record/wait tasks */
    uint64_t recorded;  /* number of records submitted */
    uint64_t completed; /* number of those that executed */
    uint64_t timestamp_ns;
    bool reset; /* reset executed after the last record */
};

/* core lock + a condition broadcast whenever event state changes */
void rt_lock(void);
void rt_unlock(void);
void rt_event_wait_locked(const struct timespec *deadline, bool *timed_out);
void rt_event_broadcast_locked(void);

/* device.c */
typedef struct rt_device {
    int32_t set_count;        /* aclrtSetDevice references */
    int32_t user_contexts;    /* live aclrtCreateContext contexts */
    rt_context *default_ctx;  /* created by the first aclrtSetDevice */
} rt_device;
rt_device *rt_device_locked(int32_t device); /* NULL when out of range */
/* aclFinalize: tear down every device; returns leak error or ACL_SUCCESS */
aclError rt_devices_finalize(void);

/* context.c */
rt_context *rt_current_context_locked(void); /* NULL when none or destroyed */
void rt_set_current_context(rt_context *ctx);
rt_context *rt_context_create_locked(int32_t device, bool is_default, aclError *err);
/* Unlink a context and everything it owns; returns a list to finish with
 * rt_context_finish() outside the core lock. */
void rt_context_detach_locked(rt_context *ctx);
void rt_context_finish(rt_context *ctx, bool force);
rt_context *rt_contexts_locked(void); /* head of the global list */
uint64_t rt_context_count_on_device_locked(int32_t device);

/* stream.c */
rt_stream *rt_stream_new_locked(rt_context *ctx, bool is_default, uint32_t priority, uint32_t flags,
                                aclError *err);
/* NULL handle -> current default stream. Takes a reference (rt_stream_put) on success. */
rt_stream *rt_stream_get(aclrtStream handle, const char *fn, aclError *err);
void rt_stream_put(rt_stream *s);
void rt_stream_ref_locked(rt_stream *s);
/* Wait for the tasks submitted so far; returns the pending task error or a timeout code. */
aclError rt_stream_wait(rt_stream *s, int64_t timeout_ms, const char *fn);
/* Stop the worker after draining (or discarding, when force) and drop the list reference.
 * The stream must already be unlinked from its context and unregistered. */
void rt_stream_shutdown(rt_stream *s, bool force);
aclError rt_stream_enqueue(rt_stream *s, aclemu_task_fn run, void *arg, aclemu_task_free_fn free_arg,
                           const char *fn);

/* event.c */
void rt_event_detach_locked(rt_event *e); /* drop the list reference; frees when unused */

/* memory.c: free what a device (or host, device < 0) still holds; report leaks when
 * strict. Returns the number of leaked allocations. */
size_t rt_memory_release(int32_t device, const char *fn);
size_t rt_device_memory_budget(void); /* env ACL_EMU_DEVICE_MEMORY, default 8 GiB */
/* memory.c, for dvpp_memory.c: device memory of `size` usable bytes on the current device,
 * tagged as DVPP memory, taking `reserve` (>= size, a multiple of 128) bytes of address space so
 * that it starts 128-byte aligned. Freed by aclrtFree like any device memory. */
aclError rt_memory_allocate_dvpp(void **out, size_t size, size_t reserve, const char *fn);
bool rt_memory_is_dvpp(const void *p); /* p inside a live DVPP allocation */
aclError rt_memory_free(void *devPtr, const char *fn); /* aclrtFree naming `fn` in messages */
/* dvpp_channel.c: forget the DVPP channels created on `device` (every device when < 0) that were
 * never destroyed, reporting each in strict mode; returns how many there were. */
size_t rt_dvpp_channels_release(int32_t device, const char *fn);

/* report.c */
void rt_report_forget_stream(const rt_stream *s);

/* exception.c */
void rt_exception_raise(int32_t device, int32_t stream_id, uint32_t task_id, uint32_t thread_id, aclError code);
/* OS thread id (gettid) of the calling thread. */
uint32_t rt_os_thread_id(void);

#endif /* ACLEMU_RUNTIME_H */
