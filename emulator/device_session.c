/* Device use: aclrtSetDevice/aclrtResetDevice reference counts, device-wide sync, teardown at
 * aclFinalize (with the strict-mode leak report). */
#include "core_lifecycle.h"

aclError aclrtSetDevice(int32_t deviceId)
{
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
    device->set_count++;
    rt_set_current_context(device->default_ctx);
    rt_unlock();
    return ACL_SUCCESS;
}

static aclError reset_device(int32_t deviceId, bool force, const char *fn)
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
