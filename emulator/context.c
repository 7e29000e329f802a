/* Contexts: per-thread current context, creation/destruction, the core lock. */
#include "runtime.h"

#include <stdlib.h>

static pthread_mutex_t core_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t event_changed = PTHREAD_COND_INITIALIZER;
static rt_context *all_contexts;
static uint64_t next_context_serial = 1;

/* The thread's current context is remembered with its serial number: a context freed by
 * another thread (aclrtResetDevice) is then never mistaken for a new one at that address. */
static _Thread_local rt_context *current_context;
static _Thread_local uint64_t current_context_serial;

void rt_lock(void)
{
    pthread_mutex_lock(&core_lock);
}

void rt_unlock(void)
{
    pthread_mutex_unlock(&core_lock);
}

void rt_event_wait_locked(const struct timespec *deadline, bool *timed_out)
{
    *timed_out = false;
    if (deadline == NULL) {
        pthread_cond_wait(&event_changed, &core_lock);
    } else if (pthread_cond_timedwait(&event_changed, &core_lock, deadline) != 0) {
        *timed_out = true;
    }
}

void rt_event_broadcast_locked(void)
{
    pthread_cond_broadcast(&event_changed);
}

rt_context *rt_current_context_locked(void)
{
    rt_context *ctx = current_context;
    if (ctx != NULL && aclemu_handle_is(ctx, ACLEMU_KIND_CONTEXT) && ctx->serial == current_context_serial) {
        return ctx;
    }
    return NULL;
}

void rt_set_current_context(rt_context *ctx)
{
    current_context = ctx;
    current_context_serial = ctx ? ctx->serial : 0;
}

rt_context *rt_contexts_locked(void)
{
    return all_contexts;
}

uint64_t rt_context_count_on_device_locked(int32_t device)
{
    uint64_t count = 0;
    for (rt_context *ctx = all_contexts; ctx != NULL; ctx = ctx->next) {
        count += ctx->device == device;
    }
    return count;
}

rt_context *rt_context_create_locked(int32_t device, bool is_default, aclError *err)
{
    rt_context *ctx = calloc(1, sizeof *ctx);
    if (ctx == NULL) {
        *err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "out of host memory creating a context");
        return NULL;
    }
    ctx->serial = next_context_serial++;
    ctx->device = device;
    ctx->is_default = is_default;
    *err = aclemu_handle_add(ctx, ACLEMU_KIND_CONTEXT);
    if (*err != ACL_SUCCESS) {
        free(ctx);
        return NULL;
    }
    if (rt_stream_new_locked(ctx, true, 0, 0, err) == NULL) {
        aclemu_handle_remove(ctx, ACLEMU_KIND_CONTEXT);
        free(ctx);
        return NULL;
    }
    ctx->next = all_contexts;
    all_contexts = ctx;
    return ctx;
}

void rt_context_detach_locked(rt_context *ctx)
{
    aclemu_handle_remove(ctx, ACLEMU_KIND_CONTEXT);
    for (rt_context **link = &all_contexts; *link != NULL; link = &(*link)->next) {
        if (*link == ctx) {
            *link = ctx->next;
            break;
        }
    }
    ctx->next = NULL;
    for (rt_stream *s = ctx->streams; s != NULL; s = s->next) {
        aclemu_handle_remove(s, ACLEMU_KIND_STREAM);
        s->ctx = NULL;
    }
    rt_event *e = ctx->events;
    ctx->events = NULL;
    while (e != NULL) {
        rt_event *next = e->next;
        rt_event_detach_locked(e);
        e = next;
    }
    if (current_context == ctx) {
        rt_set_current_context(NULL);
    }
}

void rt_context_finish(rt_context *ctx, bool force)
{
    rt_stream *s = ctx->streams;
    ctx->streams = NULL;
    while (s != NULL) {
        rt_stream *next = s->next;
        rt_report_forget_stream(s);
        rt_stream_shutdown(s, force);
        s = next;
    }
    free(ctx);
}

aclError aclemu_require_device(const char *fn, int32_t *device)
{
    rt_lock();
    rt_context *ctx = rt_current_context_locked();
    int32_t id = ctx ? ctx->device : -1;
    rt_unlock();
    if (device != NULL) {
        *device = id;
    }
    if (id < 0) {
        return aclemu_set_error(ACL_ERROR_RT_CONTEXT_NULL,
                                "%s: no current context on this thread (call aclrtSetDevice or aclrtCreateContext)",
                                fn);
    }
    return ACL_SUCCESS;
}

int32_t aclemu_current_device(void)
{
    rt_lock();
    rt_context *ctx = rt_current_context_locked();
    int32_t id = ctx ? ctx->device : -1;
    rt_unlock();
    return id;
}

aclError aclrtCreateContext(aclrtContext *context, int32_t deviceId)
{
    if (context == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtCreateContext: context is NULL");
    }
    rt_lock();
    rt_device *device = rt_device_locked(deviceId);
    if (device == NULL) {
        rt_unlock();
        return aclemu_set_error(ACL_ERROR_RT_INVALID_DEVICEID, "aclrtCreateContext: invalid device id %d (%u devices)",
                                deviceId, aclemu_device_count());
    }
    aclError err = ACL_SUCCESS;
    rt_context *ctx = rt_context_create_locked(deviceId, false, &err);
    if (ctx != NULL) {
        device->user_contexts++;
        rt_set_current_context(ctx);
        *context = ctx;
    }
    rt_unlock();
    return err;
}

/* Garbage handles give ACL_ERROR_INVALID_PARAM: the acl layer validates handles before the
 * runtime sees them, and that is the code it uses for them. */
aclError aclrtDestroyContext(aclrtContext context)
{
    rt_lock();
    if (!aclemu_handle_is(context, ACLEMU_KIND_CONTEXT)) {
        rt_unlock();
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtDestroyContext: %p is not a live context", context);
    }
    rt_context *ctx = context;
    if (ctx->is_default) {
        rt_unlock();
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "aclrtDestroyContext: %p is a device's default context; aclrtResetDevice releases it",
                                context);
    }
    rt_device *device = rt_device_locked(ctx->device);
    if (device != NULL && device->user_contexts > 0) {
        device->user_contexts--;
    }
    rt_context_detach_locked(ctx);
    rt_unlock();
    rt_context_finish(ctx, false);
    return ACL_SUCCESS;
}

aclError aclrtSetCurrentContext(aclrtContext context)
{
    rt_lock();
    if (!aclemu_handle_is(context, ACLEMU_KIND_CONTEXT)) {
        rt_unlock();
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtSetCurrentContext: %p is not a live context", context);
    }
    rt_set_current_context(context);
    rt_unlock();
    return ACL_SUCCESS;
}

aclError aclrtGetCurrentContext(aclrtContext *context)
{
    if (context == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtGetCurrentContext: context is NULL");
    }
    rt_lock();
    rt_context *ctx = rt_current_context_locked();
    rt_unlock();
    if (ctx == NULL) {
        return aclemu_set_error(ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetCurrentContext: no current context on this thread");
    }
    *context = ctx;
    return ACL_SUCCESS;
}

aclError aclrtCtxGetCurrentDefaultStream(aclrtStream *stream)
{
    if (stream == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtCtxGetCurrentDefaultStream: stream is NULL");
    }
    rt_lock();
    rt_context *ctx = rt_current_context_locked();
    rt_stream *default_stream = ctx ? ctx->default_stream : NULL;
    rt_unlock();
    if (ctx == NULL) {
        return aclemu_set_error(ACL_ERROR_RT_CONTEXT_NULL,
                                "aclrtCtxGetCurrentDefaultStream: no current context on this thread");
    }
    *stream = default_stream;
    return ACL_SUCCESS;
}
