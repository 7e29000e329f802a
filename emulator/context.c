/* Context lifecycle: creation with its default stream, destruction with everything it owns. */
#include "core_lifecycle.h"

#include <stdlib.h>

rt_context *rt_context_create_locked(int32_t device, bool is_default, aclError *err)
{
    rt_context *ctx = calloc(1, sizeof *ctx);
    if (ctx == NULL) {
        *err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "out of host memory creating a context");
        return NULL;
    }
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
    rt_context_link_locked(ctx);
    return ctx;
}

size_t rt_context_leftovers_locked(const rt_context *ctx, const char *fn)
{
    size_t leftovers = 0;
    for (const rt_stream *s = ctx->streams; s != NULL; s = s->next) {
        if (!s->is_default) {
            aclemu_diag("leak: stream %d of device %d was not destroyed before %s", s->id, ctx->device, fn);
            ++leftovers;
        }
    }
    for (const rt_event *e = ctx->events; e != NULL; e = e->next) {
        aclemu_diag("leak: event %u of device %d was not destroyed before %s", e->id, ctx->device, fn);
        ++leftovers;
    }
    return leftovers;
}

aclError rt_leak_error(const char *fn, size_t leaks)
{
    return aclemu_set_error(ACL_ERROR_RELATIVE_RESOURCE_NOT_CLEARED,
                            "%s: %zu resource(s) were never released (ACL_EMU_STRICT; details on stderr)", fn, leaks);
}

void rt_context_detach_locked(rt_context *ctx)
{
    aclemu_handle_remove(ctx, ACLEMU_KIND_CONTEXT);
    rt_context_unlink_locked(ctx);
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
    /* Like the default context at aclrtResetDevice: what the program left in it is still
     * released, and strict mode reports it. */
    size_t leaks = aclemu_strict() ? rt_context_leftovers_locked(ctx, "aclrtDestroyContext") : 0;
    rt_context_detach_locked(ctx);
    rt_unlock();
    rt_context_finish(ctx, false);
    return leaks > 0 ? rt_leak_error("aclrtDestroyContext", leaks) : ACL_SUCCESS;
}
