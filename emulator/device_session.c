/* Device use: aclrtSetDevice/aclrtResetDevice reference counts, device-wide sync, teardown at
 * aclFinalize (with the strict-mode leak report). */
#include "core_lifecycle.h"

static pthread_mutex_t state_hook_lock = PTHREAD_MUTEX_INITIALIZER;
static aclemu_device_state_fn state_hook;

void aclemu_set_device_state_hook(aclemu_device_state_fn hook)
{
    pthread_mutex_lock(&state_hook_lock);
    state_hook = hook;
    pthread_mutex_unlock(&state_hook_lock);
}

/* Never with the core lock held: the callbacks may call the runtime. */
static void notify_state(int32_t device, aclrtDeviceState state)
{
    pthread_mutex_lock(&state_hook_lock);
    aclemu_device_state_fn hook = state_hook;
    pthread_mutex_unlock(&state_hook_lock);
    if (hook != NULL) {
        hook(device, (int)state);
    }
}

/* The device's set count, or -1 for a device that does not exist. */
static int64_t set_count(int32_t deviceId)
{
    rt_lock();
    const rt_device *device = rt_device_locked(deviceId);
    int64_t count = device == NULL ? -1 : (int64_t)device->set_count;
    rt_unlock();
    return count;
}

aclError aclrtSetDevice(int32_t deviceId)
{
    rt_lock();
    rt_device *set_before = rt_device_locked(deviceId);
    if (set_before != NULL && set_before->set_count > 0 && set_before->default_ctx != NULL) {
        /* set already: one more reference, under one lock (the state hooks run on the first set only) */
        set_before->set_count++;
        rt_set_current_context(set_before->default_ctx);
        rt_unlock();
        return ACL_SUCCESS;
    }
    bool first = set_before != NULL && set_before->set_count == 0;
    rt_unlock();
    if (first) {
        notify_state(deviceId, ACL_RT_DEVICE_STATE_SET_PRE);
    }
    rt_lock();
    rt_device *device = rt_device_locked(deviceId);
    if (device == NULL) {
        rt_unlock();
        return rt_invalid_device("aclrtSetDevice", deviceId);
    }
    if (device->default_ctx == NULL) {
        aclError err = ACL_SUCCESS;
        device->default_ctx = rt_context_create_locked(deviceId, true, &err);
        if (device->default_ctx == NULL) {
            rt_unlock();
            return err;
        }
    }
    first = device->set_count++ == 0;
    rt_set_current_context(device->default_ctx);
    rt_unlock();
    if (first) {
        notify_state(deviceId, ACL_RT_DEVICE_STATE_SET_POST);
    }
    return ACL_SUCCESS;
}

static aclError release_device(int32_t deviceId, bool force, const char *fn);
static aclError finalize_devices(void);

static aclError reset_device(int32_t deviceId, bool force, const char *fn)
{
    int64_t before = set_count(deviceId);
    if (before == 1 || (force && before > 1)) {
        notify_state(deviceId, ACL_RT_DEVICE_STATE_RESET_PRE);
    }
    aclError err = release_device(deviceId, force, fn);
    if (before > 0 && set_count(deviceId) == 0) {
        notify_state(deviceId, ACL_RT_DEVICE_STATE_RESET_POST);
    }
    return err;
}

static aclError release_device(int32_t deviceId, bool force, const char *fn)
{
    rt_lock();
    rt_device *device = rt_device_locked(deviceId);
    if (device == NULL) {
        rt_unlock();
        return rt_invalid_device(fn, deviceId);
    }
    if (device->set_count == 0) {
        rt_unlock();
        return ACL_SUCCESS;
    }
    device->set_count = force ? 0 : device->set_count - 1;
    if (device->set_count > 0) {
        rt_unlock();
        return ACL_SUCCESS;
    }
    bool strict = aclemu_strict();
    rt_context *ctx = device->default_ctx;
    device->default_ctx = NULL;
    size_t leaks = strict ? rt_context_leftovers_locked(ctx, fn) : 0;
    rt_context_detach_locked(ctx);
    bool device_unused = device->user_contexts == 0;
    rt_unlock();
    rt_context_finish(ctx, false);
    if (device_unused) {
        leaks += rt_memory_release(deviceId, fn);
        leaks += rt_release_area_resources(deviceId, fn);
    }
    if (strict && leaks > 0) {
        return rt_leak_error(fn, leaks);
    }
    return ACL_SUCCESS;
}

aclError aclrtResetDevice(int32_t deviceId)
{
    return reset_device(deviceId, false, "aclrtResetDevice");
}

aclError aclrtResetDeviceForce(int32_t deviceId)
{
    return reset_device(deviceId, true, "aclrtResetDeviceForce");
}

aclError rt_devices_finalize(void)
{
    bool was_set[RT_MAX_DEVICES];
    for (int32_t i = 0; i < RT_MAX_DEVICES; ++i) {
        was_set[i] = set_count(i) > 0;
        if (was_set[i]) {
            notify_state(i, ACL_RT_DEVICE_STATE_RESET_PRE);
        }
    }
    aclError err = finalize_devices();
    for (int32_t i = 0; i < RT_MAX_DEVICES; ++i) {
        if (was_set[i]) {
            notify_state(i, ACL_RT_DEVICE_STATE_RESET_POST);
        }
    }
    return err;
}

static aclError finalize_devices(void)
{
    bool strict = aclemu_strict();
    size_t leaks = 0;
    rt_lock();
    rt_context *doomed = NULL;
    while (rt_contexts_locked() != NULL) {
        rt_context *ctx = rt_contexts_locked();
        if (strict) {
            if (!ctx->is_default) {
                aclemu_diag("leak: a context of device %d was not destroyed before aclFinalize", ctx->device);
                ++leaks;
            }
            leaks += rt_context_leftovers_locked(ctx, "aclFinalize");
        }
        rt_context_detach_locked(ctx);
        ctx->next = doomed;
        doomed = ctx;
    }
    leaks += rt_devices_clear_locked(strict, "aclFinalize");
    rt_set_current_context(NULL);
    rt_unlock();
    while (doomed != NULL) {
        rt_context *next = doomed->next;
        rt_context_finish(doomed, false);
        doomed = next;
    }
    for (int32_t i = 0; i < RT_MAX_DEVICES; ++i) {
        leaks += rt_memory_release(i, "aclFinalize");
    }
    leaks += rt_memory_release(-1, "aclFinalize");
    leaks += rt_release_area_resources(-1, "aclFinalize");
    if (strict && leaks > 0) {
        return rt_leak_error("aclFinalize", leaks);
    }
    return ACL_SUCCESS;
}

aclError aclrtSynchronizeDevice(void)
{
    return rt_device_streams_wait(-1, "aclrtSynchronizeDevice");
}

aclError aclrtSynchronizeDeviceWithTimeout(int32_t timeout)
{
    if (timeout < -1 || timeout == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "aclrtSynchronizeDeviceWithTimeout: timeout %d must be -1 (forever) or > 0 ms",
                                timeout);
    }
    return rt_device_streams_wait(timeout, "aclrtSynchronizeDeviceWithTimeout");
}
