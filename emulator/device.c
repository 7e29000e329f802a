/* Devices: the emulated device table and the device queries (count, info, capabilities, modes). */
#include "core_devices.h"

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

aclError rt_invalid_device(const char *fn, int32_t deviceId)
{
    return aclemu_set_error(ACL_ERROR_RT_INVALID_DEVICEID, "%s: invalid device id %d (%u devices)", fn, deviceId,
                            aclemu_device_count());
}

size_t rt_devices_clear_locked(bool report_set, const char *fn)
{
    size_t still_set = 0;
    for (int32_t i = 0; i < RT_MAX_DEVICES; ++i) {
        if (report_set && devices[i].set_count > 0) {
            aclemu_diag("leak: device %d was set and never reset before %s", i, fn);
            ++still_set;
        }
        devices[i].set_count = 0;
        devices[i].user_contexts = 0;
        devices[i].default_ctx = NULL;
    }
    return still_set;
}

aclError aclrtGetDeviceCount(uint32_t *count)
{
    if (count == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceCount: count is NULL");
    }
    *count = aclemu_device_count();
    return ACL_SUCCESS;
}

/* The primary context is the default context aclrtSetDevice creates: active (1) from the first
 * aclrtSetDevice of the device until its last aclrtResetDevice. Primary contexts take no flags
 * here: `flags` may be NULL and otherwise reads 0. */
aclError aclrtGetPrimaryCtxState(int32_t deviceId, uint32_t *flags, int32_t *active)
{
    const char *fn = "aclrtGetPrimaryCtxState";
    if (active == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: active is NULL", fn);
    }
    rt_lock();
    const rt_device *device = rt_device_locked(deviceId);
    bool is_active = device != NULL && device->default_ctx != NULL;
    rt_unlock();
    if (device == NULL) {
        return rt_invalid_device(fn, deviceId);
    }
    if (flags != NULL) {
        *flags = 0;
    }
    *active = is_active ? 1 : 0;
    return ACL_SUCCESS;
}

aclError aclrtGetDevice(int32_t *deviceId)
{
    if (deviceId == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtGetDevice: deviceId is NULL");
    }
    return aclemu_require_device("aclrtGetDevice", deviceId);
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
        return rt_invalid_device("aclrtQueryDeviceStatus", deviceId);
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
        return rt_invalid_device("aclrtDeviceCanAccessPeer", device_valid ? peerDeviceId : deviceId);
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
    return valid ? ACL_SUCCESS : rt_invalid_device(fn, (int32_t)deviceId);
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
        *value = 0;
        break;
    case ACL_DEV_ATTR_NPU_ARCH:
        *value = aclemu_soc_npu_arch(); /* 0 for the default "Ascend-Emulator" (soc_version.c) */
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

/* The op execution timeout in microseconds, whichever setter wrote it. The emulated timer ticks
 * every OP_TIMEOUT_INTERVAL_US (our choice, reported by aclrtGetOpTimeOutInterval): a timeout is
 * rounded up to whole ticks, and 0 means the longest one, OP_TIMEOUT_MAX_US, as the runtime
 * documents for its setters. */
enum { OP_TIMEOUT_INTERVAL_US = 1000 };
#define OP_TIMEOUT_MAX_US (1091ULL * 1000 * 1000)
static uint64_t op_execute_timeout_us; /* under the core lock */
static uint32_t op_wait_timeout_s;
static aclrtFloatOverflowMode overflow_mode = ACL_RT_OVERFLOW_MODE_INFNAN; /* IEEE, as the CPU computes */

static uint64_t set_op_execute_timeout_us(uint64_t timeout_us)
{
    uint64_t actual = OP_TIMEOUT_MAX_US;
    if (timeout_us != 0 && timeout_us < OP_TIMEOUT_MAX_US) {
        actual = (timeout_us + OP_TIMEOUT_INTERVAL_US - 1) / OP_TIMEOUT_INTERVAL_US * OP_TIMEOUT_INTERVAL_US;
    }
    rt_lock();
    op_execute_timeout_us = actual;
    rt_unlock();
    return actual;
}

aclError aclrtSetOpExecuteTimeOut(uint32_t timeout)
{
    /* seconds; 0 keeps the previous behaviour of this setter: no timeout recorded */
    rt_lock();
    op_execute_timeout_us = (uint64_t)timeout * 1000 * 1000;
    rt_unlock();
    return ACL_SUCCESS;
}

aclError aclrtSetOpExecuteTimeOutWithMs(uint32_t timeout)
{
    set_op_execute_timeout_us((uint64_t)timeout * 1000);
    return ACL_SUCCESS;
}

aclError aclrtSetOpExecuteTimeOutV2(uint64_t timeout, uint64_t *actualTimeout)
{
    if (actualTimeout == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtSetOpExecuteTimeOutV2: actualTimeout is NULL");
    }
    *actualTimeout = set_op_execute_timeout_us(timeout);
    return ACL_SUCCESS;
}

aclError aclrtGetOpTimeOutInterval(uint64_t *interval)
{
    if (interval == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtGetOpTimeOutInterval: interval is NULL");
    }
    *interval = OP_TIMEOUT_INTERVAL_US;
    return ACL_SUCCESS;
}

aclError aclrtGetOpExecuteTimeout(uint32_t *const timeoutMs)
{
    if (timeoutMs == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtGetOpExecuteTimeout: timeoutMs is NULL");
    }
    rt_lock();
    uint64_t ms = op_execute_timeout_us / 1000;
    *timeoutMs = ms > UINT32_MAX ? UINT32_MAX : (uint32_t)ms;
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
