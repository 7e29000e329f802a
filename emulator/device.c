/* Devices: count, aclrtSetDevice/aclrtResetDevice reference counts, device-wide sync,
 * teardown at aclFinalize. */
#include "runtime.h"

#include <stdlib.h>

static rt_device devices[RT_MAX_DEVICES]; /* under the core lock */

uint32_t aclemu_device_count(void)
{
    long long count = aclemu_env_ll("ACL_EMU_DEVICE_COUNT", 2);
    if (count < 0) {
        count = 0;
    }
    if (count > RT_MAX_DEVICES) {
        count = RT_MAX_DEVICES;
    }
    return (uint32_t)count;
}

rt_device *rt_device_locked(int32_t device)
{
    if (device < 0 || (uint32_t)device >= aclemu_device_count()) {
        return NULL;
    }
    return &devices[device];
}

static aclError invalid_device(const char *fn, int32_t deviceId)
{
    return aclemu_set_error(ACL_ERROR_RT_INVALID_DEVICEID, "%s: invalid device id %d (%u devices)", fn, deviceId,
                            aclemu_device_count());
}

aclError aclrtGetDeviceCount(uint32_t *count)
{
    if (count == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceCount: count is NULL");
    }
    *count = aclemu_device_count();
    return ACL_SUCCESS;
}

aclError aclrtSetDevice(int32_t deviceId)
{
    rt_lock();
    rt_device *device = rt_device_locked(deviceId);
    if (device == NULL) {
        rt_unlock();
        return invalid_device("aclrtSetDevice", deviceId);
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

/* Strict mode: objects the program created in a context and never destroyed. */
static size_t count_leftovers_locked(const rt_context *ctx, const char *fn)
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

static aclError leak_error(const char *fn, size_t leaks)
{
    return aclemu_set_error(ACL_ERROR_RELATIVE_RESOURCE_NOT_CLEARED,
                            "%s: %zu resource(s) were never released (ACL_EMU_STRICT; details on stderr)", fn, leaks);
}

static aclError reset_device(int32_t deviceId, bool force, const char *fn)
{
    rt_lock();
    rt_device *device = rt_device_locked(deviceId);
    if (device == NULL) {
        rt_unlock();
        return invalid_device(fn, deviceId);
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
    size_t leaks = strict ? count_leftovers_locked(ctx, fn) : 0;
    rt_context_detach_locked(ctx);
    bool device_unused = device->user_contexts == 0;
    rt_unlock();
    rt_context_finish(ctx, false);
    if (device_unused) {
        leaks += rt_memory_release(deviceId, fn);
    }
    if (strict && leaks > 0) {
        return leak_error(fn, leaks);
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
            leaks += count_leftovers_locked(ctx, "aclFinalize");
        }
        rt_context_detach_locked(ctx);
        ctx->next = doomed;
        doomed = ctx;
    }
    for (int32_t i = 0; i < RT_MAX_DEVICES; ++i) {
        if (strict && devices[i].set_count > 0) {
            aclemu_diag("leak: device %d was set and never reset before aclFinalize", i);
            ++leaks;
        }
        devices[i].set_count = 0;
        devices[i].user_contexts = 0;
        devices[i].default_ctx = NULL;
    }
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
    if (strict && leaks > 0) {
        return leak_error("aclFinalize", leaks);
    }
    return ACL_SUCCESS;
}

aclError aclrtGetDevice(int32_t *deviceId)
{
    if (deviceId == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtGetDevice: deviceId is NULL");
    }
    return aclemu_require_device("aclrtGetDevice", deviceId);
}

static aclError synchronize_device(int64_t timeout_ms, const char *fn)
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
    aclError result = ACL_SUCCESS;
    for (size_t i = 0; i < n; ++i) {
        int64_t remaining = -1;
        if (timeout_ms >= 0) {
            int64_t spent = (int64_t)((aclemu_now_ns() - start) / 1000000ULL);
            remaining = spent >= timeout_ms ? 0 : timeout_ms - spent;
        }
        if (result != ACL_ERROR_RT_STREAM_SYNC_TIMEOUT) {
            aclError err = rt_stream_wait(streams[i], remaining, fn);
            if (result == ACL_SUCCESS) {
                result = err;
            }
        }
        rt_stream_put(streams[i]);
    }
    free(streams);
    return result;
}

aclError aclrtSynchronizeDevice(void)
{
    return synchronize_device(-1, "aclrtSynchronizeDevice");
}

aclError aclrtSynchronizeDeviceWithTimeout(int32_t timeout)
{
    if (timeout < -1 || timeout == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "aclrtSynchronizeDeviceWithTimeout: timeout %d must be -1 (forever) or > 0 ms",
                                timeout);
    }
    return synchronize_device(timeout, "aclrtSynchronizeDeviceWithTimeout");
}

aclError aclrtQueryDeviceStatus(int32_t deviceId, aclrtDeviceStatus *deviceStatus)
{
    if (deviceStatus == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtQueryDeviceStatus: deviceStatus is NULL");
    }
    rt_lock();
    bool valid = rt_device_locked(deviceId) != NULL;
    rt_unlock();
    if (!valid) {
        return invalid_device("aclrtQueryDeviceStatus", deviceId);
    }
    *deviceStatus = ACL_RT_DEVICE_STATUS_NORMAL;
    return ACL_SUCCESS;
}

aclError aclrtDeviceCanAccessPeer(int32_t *canAccessPeer, int32_t deviceId, int32_t peerDeviceId)
{
    if (canAccessPeer == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtDeviceCanAccessPeer: canAccessPeer is NULL");
    }
    rt_lock();
    bool device_valid = rt_device_locked(deviceId) != NULL;
    bool peer_valid = rt_device_locked(peerDeviceId) != NULL;
    rt_unlock();
    if (!device_valid || !peer_valid) {
        return invalid_device("aclrtDeviceCanAccessPeer", device_valid ? peerDeviceId : deviceId);
    }
    if (deviceId == peerDeviceId) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtDeviceCanAccessPeer: a device is not its own peer");
    }
    /* all emulated devices share the host's memory */
    *canAccessPeer = 1;
    return ACL_SUCCESS;
}
