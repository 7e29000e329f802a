/* The list of live contexts and each thread's current context (aclrtSetCurrentContext...). */
#include "core_devices.h"

/* The list changes under both the core lock and list_lock (taken last, around nothing else), so
 * aclrtGetDevice can check the current context under list_lock alone and keep the GIL. */
static rt_context *all_contexts;
static uint64_t next_context_serial = 1;
static pthread_mutex_t list_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t unlinked_count; /* contexts ever unlinked; atomic, written under list_lock */

/* The thread's current context is remembered with its serial number: a context freed by
 * another thread (aclrtResetDevice) is then never mistaken for a new one at that address.
 * Its device is remembered too, valid while no context has been unlinked since it was checked. */
static _Thread_local rt_context *current_context;
static _Thread_local uint64_t current_context_serial;
static _Thread_local int32_t current_device = -1;
static _Thread_local uint64_t current_checked_at;

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
    current_device = ctx ? ctx->device : -1;
    current_checked_at = __atomic_load_n(&unlinked_count, __ATOMIC_ACQUIRE);
}

/* The current context's device (-1: none) without the core lock: the remembered one while no
 * context was unlinked since, else the context is looked up in the list under list_lock. */
static int32_t current_device_unlocked(void)
{
    if (current_context == NULL) {
        return -1;
    }
    if (__atomic_load_n(&unlinked_count, __ATOMIC_ACQUIRE) == current_checked_at) {
        return current_device;
    }
    bool live = false;
    pthread_mutex_lock(&list_lock);
    for (const rt_context *c = all_contexts; c != NULL && !live; c = c->next) {
        live = c == current_context && c->serial == current_context_serial;
    }
    uint64_t checked_at = __atomic_load_n(&unlinked_count, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&list_lock);
    if (!live) {
        current_context = NULL;
        current_context_serial = 0;
        current_device = -1;
    }
    current_checked_at = checked_at;
    return current_device;
}

rt_context *rt_contexts_locked(void)
{
    return all_contexts;
}

void rt_context_link_locked(rt_context *ctx)
{
    pthread_mutex_lock(&list_lock);
    ctx->serial = next_context_serial++;
    ctx->next = all_contexts;
    all_contexts = ctx;
    pthread_mutex_unlock(&list_lock);
}

void rt_context_unlink_locked(rt_context *ctx)
{
    pthread_mutex_lock(&list_lock);
    for (rt_context **link = &all_contexts; *link != NULL; link = &(*link)->next) {
        if (*link == ctx) {
            *link = ctx->next;
            break;
        }
    }
    ctx->next = NULL;
    __atomic_add_fetch(&unlinked_count, 1, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&list_lock);
    if (current_context == ctx) {
        rt_set_current_context(NULL);
    }
}

aclError aclemu_require_device(const char *fn, int32_t *device)
{
    int32_t id = current_device_unlocked();
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
    return current_device_unlocked();
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
