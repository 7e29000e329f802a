/* The list of live contexts and each thread's current context (aclrtSetCurrentContext...). */
#include "core_devices.h"

static rt_context *all_contexts; /* under the core lock */
static uint64_t next_context_serial = 1;

/* The thread's current context is remembered with its serial number: a context freed by
 * another thread (aclrtResetDevice) is then never mistaken for a new one at that address. */
static _Thread_local rt_context *current_context;
static _Thread_local uint64_t current_context_serial;

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

void rt_context_link_locked(rt_context *ctx)
{
    ctx->serial = next_context_serial++;
    ctx->next = all_contexts;
    all_contexts = ctx;
}

void rt_context_unlink_locked(rt_context *ctx)
{
    for (rt_context **link = &all_contexts; *link != NULL; link = &(*link)->next) {
        if (*link == ctx) {
            *link = ctx->next;
            break;
        }
    }
    ctx->next = NULL;
    if (current_context == ctx) {
        rt_set_current_context(NULL);
    }
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
