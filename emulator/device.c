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
        leaks += rt_dvpp_channels_release(deviceId, fn);
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
    leaks += rt_dvpp_channels_release(-1, "aclFinalize");
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

/* ---- device properties: a small, fixed emulated chip */

enum {
    EMU_AICPU_CORES = 4,
    EMU_AICORE_CORES = 8,
    EMU_VECTOR_CORES = 16,
    EMU_WARP_SIZE = 32,
    EMU_MAX_THREADS = 1024,
    EMU_UBUF_BYTES = 192 * 1024,
    EMU_MAX_GRID = 65535,
    EMU_L2_BYTES = 32 * 1024 * 1024,
    EMU_FORM_FACTOR_PCIE_CARD = 3
};

static aclError check_device_id(int64_t deviceId, const char *fn)
{
    rt_lock();
    bool valid = deviceId >= 0 && deviceId <= INT32_MAX && rt_device_locked((int32_t)deviceId) != NULL;
    rt_unlock();
    return valid ? ACL_SUCCESS : invalid_device(fn, (int32_t)deviceId);
}

aclError aclrtGetDeviceInfo(uint32_t deviceId, aclrtDevAttr attr, int64_t *value)
{
    const char *fn = "aclrtGetDeviceInfo";
    if (value == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: value is NULL", fn);
    }
    aclError err = check_device_id(deviceId, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    switch (attr) {
    case ACL_DEV_ATTR_AICPU_CORE_NUM:
        *value = EMU_AICPU_CORES;
        break;
    case ACL_DEV_ATTR_AICORE_CORE_NUM:
    case ACL_DEV_ATTR_CUBE_CORE_NUM:
        *value = EMU_AICORE_CORES;
        break;
    case ACL_DEV_ATTR_VECTOR_CORE_NUM:
        *value = EMU_VECTOR_CORES;
        break;
    case ACL_DEV_ATTR_WARP_SIZE:
        *value = EMU_WARP_SIZE;
        break;
    case ACL_DEV_ATTR_MAX_THREAD_PER_VECTOR_CORE:
    case ACL_DEV_ATTR_MAX_THREADS_PER_BLOCK:
    case ACL_DEV_ATTR_MAX_BLOCK_DIM_X:
    case ACL_DEV_ATTR_MAX_BLOCK_DIM_Y:
    case ACL_DEV_ATTR_MAX_BLOCK_DIM_Z:
        *value = EMU_MAX_THREADS;
        break;
    case ACL_DEV_ATTR_LOCAL_MEM_PER_VECTOR_CORE:
        *value = EMU_UBUF_BYTES;
        break;
    case ACL_DEV_ATTR_MAX_GRID_DIM_X:
    case ACL_DEV_ATTR_MAX_GRID_DIM_Y:
    case ACL_DEV_ATTR_MAX_GRID_DIM_Z:
    case ACL_DEV_ATTR_MAX_BLOCK_PER_GRID:
        *value = EMU_MAX_GRID;
        break;
    case ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE:
        *value = (int64_t)rt_device_memory_budget();
        break;
    case ACL_DEV_ATTR_L2_CACHE_SIZE:
        *value = EMU_L2_BYTES;
        break;
    case ACL_DEV_ATTR_PHY_CHIP_ID:
        *value = deviceId;
        break;
    case ACL_DEV_ATTR_DEVICE_FORM_FACTOR:
        *value = EMU_FORM_FACTOR_PCIE_CARD;
        break;
    case ACL_DEV_ATTR_HD_CONNECT_TYPE:
        *value = ACL_HOST_DEVICE_CONNECT_TYPE_PCIE;
        break;
    case ACL_DEV_ATTR_SMP_ID:
    case ACL_DEV_ATTR_SUPER_POD_DEVICE_ID:
    case ACL_DEV_ATTR_SUPER_POD_SERVER_ID:
    case ACL_DEV_ATTR_SUPER_POD_ID:
    case ACL_DEV_ATTR_CUST_OP_PRIVILEGE:
    case ACL_DEV_ATTR_MAINBOARD_ID:
    case ACL_DEV_ATTR_IS_VIRTUAL:
    case ACL_DEV_ATTR_NPU_ARCH:
        *value = 0;
        break;
    default:
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown attribute %d", fn, (int)attr);
    }
    return ACL_SUCCESS;
}

aclError aclGetDeviceCapability(uint32_t deviceId, aclDeviceInfo deviceInfo, int64_t *value)
{
    const char *fn = "aclGetDeviceCapability";
    if (value == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: value is NULL", fn);
    }
    aclError err = check_device_id(deviceId, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    switch (deviceInfo) {
    case ACL_DEVICE_INFO_AI_CORE_NUM:
        *value = EMU_AICORE_CORES;
        return ACL_SUCCESS;
    case ACL_DEVICE_INFO_VECTOR_CORE_NUM:
        *value = EMU_VECTOR_CORES;
        return ACL_SUCCESS;
    case ACL_DEVICE_INFO_L2_SIZE:
        *value = EMU_L2_BYTES;
        return ACL_SUCCESS;
    default:
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown device info %d", fn, (int)deviceInfo);
    }
}

/* No optional hardware feature exists on the emulated chip. */
aclError aclrtGetDeviceCapability(int32_t deviceId, aclrtDevFeatureType devFeatureType, int32_t *value)
{
    (void)devFeatureType;
    const char *fn = "aclrtGetDeviceCapability";
    if (value == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: value is NULL", fn);
    }
    aclError err = check_device_id(deviceId, fn);
    if (err == ACL_SUCCESS) {
        *value = ACL_DEV_FEATURE_NOT_SUPPORT;
    }
    return err;
}

/* ---- process-wide settings that do not change emulated execution (kept for the getters) */

static uint32_t op_execute_timeout_s; /* under the core lock */
static uint32_t op_wait_timeout_s;
static aclrtFloatOverflowMode overflow_mode = ACL_RT_OVERFLOW_MODE_INFNAN; /* IEEE, as the CPU computes */

aclError aclrtSetOpExecuteTimeOut(uint32_t timeout)
{
    rt_lock();
    op_execute_timeout_s = timeout;
    rt_unlock();
    return ACL_SUCCESS;
}

aclError aclrtGetOpExecuteTimeout(uint32_t *const timeoutMs)
{
    if (timeoutMs == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtGetOpExecuteTimeout: timeoutMs is NULL");
    }
    rt_lock();
    *timeoutMs = op_execute_timeout_s * 1000u;
    rt_unlock();
    return ACL_SUCCESS;
}

aclError aclrtSetOpWaitTimeout(uint32_t timeout)
{
    rt_lock();
    op_wait_timeout_s = timeout;
    rt_unlock();
    return ACL_SUCCESS;
}

aclError aclrtSetDeviceSatMode(aclrtFloatOverflowMode mode)
{
    if (mode != ACL_RT_OVERFLOW_MODE_SATURATION && mode != ACL_RT_OVERFLOW_MODE_INFNAN) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtSetDeviceSatMode: unknown mode %d", (int)mode);
    }
    rt_lock();
    overflow_mode = mode;
    rt_unlock();
    return ACL_SUCCESS;
}

aclError aclrtGetDeviceSatMode(aclrtFloatOverflowMode *mode)
{
    if (mode == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceSatMode: mode is NULL");
    }
    rt_lock();
    *mode = overflow_mode;
    rt_unlock();
    return ACL_SUCCESS;
}
