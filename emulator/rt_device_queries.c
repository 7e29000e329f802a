/*
 * Device identity, topology and peer access between the emulated devices, device limits, and
 * the process- and context-wide system parameters.
 *
 * All emulated devices live in one host's memory, so any device can reach any other; copies
 * between them are ordinary copies (aclrtMemcpy with ACL_MEMCPY_DEVICE_TO_DEVICE already moves
 * real bytes). Choices where the documentation is silent, said here and in README:
 *  - the devices form one HCCS mesh: every pair reports ACL_RT_DEVS_TOPOLOGY_HCCS;
 *  - logical, physical and user device ids are the same numbers;
 *  - a device's PCI bus id is "0000:XX:00.0" with XX = 0x01 + device id, and its UUID is 16
 *    bytes derived from the device id only, so both are stable between runs;
 *  - peer access is per (current device, peer) pair, recorded and reported; the copies do not
 *    yet refuse a pair whose access was not enabled (they always work on the emulator);
 *  - utilization rates read 0: work runs on host threads, not on device cores.
 */
#include "emu.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

enum { MAX_DEVICES = 64, SYS_PARAM_COUNT = ACL_OPT_ENABLE_KERNEL_EARLY_START + 1, MAX_CONTEXTS = 256 };

static pthread_mutex_t query_lock = PTHREAD_MUTEX_INITIALIZER;
static bool peer_enabled[MAX_DEVICES][MAX_DEVICES];
static size_t device_limits[ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE + 1];
static const size_t default_device_limits[ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE + 1] = {
    /* SIMT stack, SIMT divergent-warp stack, SIMD stack, SIMD printf FIFO per core, SIMT printf FIFO:
     * our own defaults (the emulator has no such memories; the values only round-trip) */
    1024, 1024, 32 * 1024, 1024 * 1024, 1024 * 1024};
static bool device_limit_set[ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE + 1];

typedef struct sys_params {
    bool set[SYS_PARAM_COUNT];
    int64_t value[SYS_PARAM_COUNT];
} sys_params;

static sys_params process_params;
static struct {
    aclrtContext context;
    sys_params params;
} context_params[MAX_CONTEXTS];

static aclError check_device(int64_t device, const char *fn, const char *what)
{
    if (device < 0 || device >= (int64_t)aclemu_device_count() || device >= MAX_DEVICES) {
        return aclemu_set_error(ACL_ERROR_RT_INVALID_DEVICEID, "%s: %s %lld is not one of the %u emulated devices",
                                fn, what, (long long)device, aclemu_device_count());
    }
    return ACL_SUCCESS;
}

static aclError check_out(const void *out, const char *fn, const char *what)
{
    if (out == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, what);
    }
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------ identity */

static aclError map_device_id(int32_t in, int32_t *out, const char *fn)
{
    aclError err = check_out(out, fn, "output id");
    if (err == ACL_SUCCESS) {
        err = check_device(in, fn, "device id");
    }
    if (err == ACL_SUCCESS) {
        *out = in;
    }
    return err;
}

aclError aclrtGetLogicDevIdByPhyDevId(const int32_t phyDevId, int32_t *const logicDevId)
{
    return map_device_id(phyDevId, logicDevId, __func__);
}

aclError aclrtGetPhyDevIdByLogicDevId(const int32_t logicDevId, int32_t *const phyDevId)
{
    return map_device_id(logicDevId, phyDevId, __func__);
}

aclError aclrtGetLogicDevIdByUserDevId(const int32_t userDevid, int32_t *const logicDevId)
{
    return map_device_id(userDevid, logicDevId, __func__);
}

aclError aclrtGetUserDevIdByLogicDevId(const int32_t logicDevId, int32_t *const userDevid)
{
    return map_device_id(logicDevId, userDevid, __func__);
}

aclError aclrtGetPhyDevIdByUserDevId(const int32_t userDevId, int32_t *const phyDevId)
{
    return map_device_id(userDevId, phyDevId, __func__);
}

aclError aclrtGetUserDevIdByPhyDevId(const int32_t phyDevId, int32_t *const userDevId)
{
    return map_device_id(phyDevId, userDevId, __func__);
}

aclError aclrtDeviceGetUuid(int32_t deviceId, aclrtUuid *uuid)
{
    aclError err = check_out(uuid, __func__, "uuid");
    if (err == ACL_SUCCESS) {
        err = check_device(deviceId, __func__, "device");
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    /* an RFC 4122 layout (version 8: custom) over the fixed text "aclemu" and the device id */
    static const char prefix[] = "aclemu-dev";
    memset(uuid->bytes, 0, sizeof uuid->bytes);
    memcpy(uuid->bytes, prefix, sizeof prefix - 1);
    uuid->bytes[6] = (char)(0x80 | (uuid->bytes[6] & 0x0F));
    uuid->bytes[8] = (char)(0x80 | (uuid->bytes[8] & 0x3F));
    uuid->bytes[15] = (char)deviceId;
    return ACL_SUCCESS;
}

static int format_pci_bus_id(char *text, size_t size, int32_t device)
{
    return snprintf(text, size, "0000:%02x:00.0", (unsigned)(1 + device));
}

aclError aclrtDeviceGetPCIBusId(int32_t deviceId, char *pciBusId, int32_t len)
{
    aclError err = check_out(pciBusId, __func__, "pciBusId");
    if (err == ACL_SUCCESS) {
        err = check_device(deviceId, __func__, "device");
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    char text[32];
    int need = format_pci_bus_id(text, sizeof text, deviceId);
    if (len <= need) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: len %d is too small for \"%s\" (needs %d with the NUL)",
                                __func__, len, text, need + 1);
    }
    /* the caller's host buffer: only a tracked one's room can be checked */
    err = aclemu_mem_check(pciBusId, (size_t)need + 1, false, __func__, "pciBusId");
    if (err == ACL_SUCCESS) {
        memcpy(pciBusId, text, (size_t)need + 1);
    }
    return err;
}

aclError aclrtDeviceGetByPCIBusId(const char *pciBusId, int32_t *deviceId)
{
    aclError err = check_out(pciBusId, __func__, "pciBusId");
    if (err == ACL_SUCCESS) {
        err = check_out(deviceId, __func__, "deviceId");
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    /* exact match with a device's id (hex digits in either case), so trailing text is refused */
    for (uint32_t device = 0; device < aclemu_device_count(); device++) {
        char text[32];
        format_pci_bus_id(text, sizeof text, (int32_t)device);
        if (strcasecmp(text, pciBusId) == 0) {
            *deviceId = (int32_t)device;
            return ACL_SUCCESS;
        }
    }
    return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: \"%.32s\" is not the PCI bus id of an emulated device",
                            __func__, pciBusId);
}

aclError aclrtDeviceGetBareTgid(int32_t *pid)
{
    aclError err = check_out(pid, __func__, "pid");
    if (err == ACL_SUCCESS) {
        *pid = (int32_t)getpid(); /* no container namespace between the emulator and its devices */
    }
    return err;
}

aclError aclrtGetDeviceUtilizationRate(int32_t deviceId, aclrtUtilizationInfo *utilizationInfo)
{
    aclError err = check_out(utilizationInfo, __func__, "utilizationInfo");
    if (err == ACL_SUCCESS) {
        err = check_device(deviceId, __func__, "device");
    }
    if (err == ACL_SUCCESS) {
        utilizationInfo->cubeUtilization = 0;
        utilizationInfo->vectorUtilization = 0;
        utilizationInfo->aicpuUtilization = 0;
        utilizationInfo->memoryUtilization = 0;
    }
    return err;
}

/* ------------------------------------------------------------ topology and peers */

aclError aclrtGetDevicesTopo(uint32_t deviceId, uint32_t otherDeviceId, uint64_t *value)
{
    aclError err = check_out(value, __func__, "value");
    if (err == ACL_SUCCESS) {
        err = check_device(deviceId, __func__, "device");
    }
    if (err == ACL_SUCCESS) {
        err = check_device(otherDeviceId, __func__, "other device");
    }
    if (err == ACL_SUCCESS && deviceId == otherDeviceId) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: device %u has no topology to itself", __func__, deviceId);
    }
    if (err == ACL_SUCCESS) {
        *value = ACL_RT_DEVS_TOPOLOGY_HCCS;
    }
    return err;
}

/* The current device and a valid, different peer. */
static aclError peer_pair(int32_t peer, int32_t *current, const char *fn)
{
    aclError err = aclemu_require_device(fn, current);
    if (err == ACL_SUCCESS) {
        err = check_device(*current, fn, "current device");
    }
    if (err == ACL_SUCCESS) {
        err = check_device(peer, fn, "peer device");
    }
    if (err == ACL_SUCCESS && peer == *current) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: device %d is not its own peer", fn, peer);
    }
    return err;
}

aclError aclrtDeviceEnablePeerAccess(int32_t peerDeviceId, uint32_t flags)
{
    int32_t current = -1;
    aclError err = peer_pair(peerDeviceId, &current, __func__);
    if (err == ACL_SUCCESS && flags != 0) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: flags must be 0, not %u", __func__, flags);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&query_lock);
    bool already = peer_enabled[current][peerDeviceId];
    peer_enabled[current][peerDeviceId] = true;
    pthread_mutex_unlock(&query_lock);
    if (already) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: access from device %d to %d is already enabled", __func__, current, peerDeviceId);
    }
    return ACL_SUCCESS;
}

aclError aclrtDeviceDisablePeerAccess(int32_t peerDeviceId)
{
    int32_t current = -1;
    aclError err = peer_pair(peerDeviceId, &current, __func__);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&query_lock);
    bool was = peer_enabled[current][peerDeviceId];
    peer_enabled[current][peerDeviceId] = false;
    pthread_mutex_unlock(&query_lock);
    if (!was) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: access from device %d to %d is not enabled", __func__,
                                current, peerDeviceId);
    }
    return ACL_SUCCESS;
}

aclError aclrtDevicePeerAccessStatus(int32_t deviceId, int32_t peerDeviceId, int32_t *status)
{
    aclError err = check_out(status, __func__, "status");
    if (err == ACL_SUCCESS) {
        err = check_device(deviceId, __func__, "device");
    }
    if (err == ACL_SUCCESS) {
        err = check_device(peerDeviceId, __func__, "peer device");
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&query_lock);
    *status = peer_enabled[deviceId][peerDeviceId] ? 1 : 0;
    pthread_mutex_unlock(&query_lock);
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------ device limits */

static aclError check_limit(aclrtDeviceLimit limit, const char *fn)
{
    if ((int)limit < 0 || (int)limit > ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: limit %d is not an aclrtDeviceLimit", fn, (int)limit);
    }
    return ACL_SUCCESS;
}

aclError aclrtDeviceSetLimit(aclrtDeviceLimit limit, size_t value)
{
    int32_t device = -1;
    aclError err = check_limit(limit, __func__);
    if (err == ACL_SUCCESS) {
        err = aclemu_require_device(__func__, &device);
    }
    if (err == ACL_SUCCESS && value == 0) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: a limit of 0 bytes", __func__);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&query_lock);
    device_limits[limit] = value;
    device_limit_set[limit] = true;
    pthread_mutex_unlock(&query_lock);
    return ACL_SUCCESS;
}

aclError aclrtDeviceGetLimit(aclrtDeviceLimit limit, size_t *value)
{
    int32_t device = -1;
    aclError err = check_out(value, __func__, "value");
    if (err == ACL_SUCCESS) {
        err = check_limit(limit, __func__);
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_require_device(__func__, &device);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&query_lock);
    *value = device_limit_set[limit] ? device_limits[limit] : default_device_limits[limit];
    pthread_mutex_unlock(&query_lock);
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------ system parameters */

static aclError check_opt(aclSysParamOpt opt, const char *fn)
{
    if ((int)opt < 0 || (int)opt >= SYS_PARAM_COUNT) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: option %d is not an aclSysParamOpt", fn, (int)opt);
    }
    return ACL_SUCCESS;
}

/* Parameters of the current context; contexts that died are forgotten first, so a context
 * created later at the same address starts clean as long as the old one was looked up after
 * its death. NULL (error recorded) without a context or when the table is full. */
static sys_params *context_params_locked(bool create, aclError *err, const char *fn)
{
    aclrtContext current = NULL;
    if (aclrtGetCurrentContext(&current) != ACL_SUCCESS || current == NULL) {
        *err = aclemu_set_error(ACL_ERROR_RT_CONTEXT_NULL, "%s: no current context", fn);
        return NULL;
    }
    size_t free_slot = MAX_CONTEXTS;
    for (size_t i = 0; i < MAX_CONTEXTS; i++) {
        if (context_params[i].context != NULL && !aclemu_handle_is(context_params[i].context, ACLEMU_KIND_CONTEXT)) {
            context_params[i].context = NULL;
        }
        if (context_params[i].context == current) {
            return &context_params[i].params;
        }
        if (context_params[i].context == NULL && free_slot == MAX_CONTEXTS) {
            free_slot = i;
        }
    }
    if (free_slot == MAX_CONTEXTS) {
        *err = aclemu_set_error(ACL_ERROR_RT_OVER_LIMIT, "%s: more than %d contexts carry parameters", fn, MAX_CONTEXTS);
        return NULL;
    }
    memset(&context_params[free_slot].params, 0, sizeof context_params[free_slot].params);
    context_params[free_slot].context = create ? current : NULL;
    return &context_params[free_slot].params;
}

static aclError get_param(const sys_params *params, aclSysParamOpt opt, int64_t *value, const char *fn)
{
    if (!params->set[opt]) {
        /* the runtime answers "not set" with an error rather than inventing a default */
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: option %d has not been set", fn, (int)opt);
    }
    *value = params->value[opt];
    return ACL_SUCCESS;
}

aclError aclrtSetSysParamOpt(aclSysParamOpt opt, int64_t value)
{
    aclError err = check_opt(opt, __func__);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&query_lock);
    process_params.set[opt] = true;
    process_params.value[opt] = value;
    pthread_mutex_unlock(&query_lock);
    return ACL_SUCCESS;
}

aclError aclrtGetSysParamOpt(aclSysParamOpt opt, int64_t *value)
{
    aclError err = check_out(value, __func__, "value");
    if (err == ACL_SUCCESS) {
        err = check_opt(opt, __func__);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&query_lock);
    err = get_param(&process_params, opt, value, __func__);
    pthread_mutex_unlock(&query_lock);
    return err;
}

aclError aclrtCtxSetSysParamOpt(aclSysParamOpt opt, int64_t value)
{
    aclError err = check_opt(opt, __func__);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&query_lock);
    sys_params *params = context_params_locked(true, &err, __func__);
    if (params != NULL) {
        params->set[opt] = true;
        params->value[opt] = value;
    }
    pthread_mutex_unlock(&query_lock);
    return err;
}

aclError aclrtCtxGetSysParamOpt(aclSysParamOpt opt, int64_t *value)
{
    aclError err = check_out(value, __func__, "value");
    if (err == ACL_SUCCESS) {
        err = check_opt(opt, __func__);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&query_lock);
    const sys_params *params = context_params_locked(false, &err, __func__);
    if (params != NULL) {
        err = get_param(params, opt, value, __func__);
    }
    pthread_mutex_unlock(&query_lock);
    return err;
}

/* ------------------------------------------------------------ CANN attributes */

static const aclCannAttr cann_attributes[] = {ACL_CANN_ATTR_INF_NAN, ACL_CANN_ATTR_BF16, ACL_CANN_ATTR_JIT_COMPILE};

aclError aclGetCannAttributeList(const aclCannAttr **cannAttrList, size_t *num)
{
    aclError err = check_out(cannAttrList, __func__, "cannAttrList");
    if (err == ACL_SUCCESS) {
        err = check_out(num, __func__, "num");
    }
    if (err == ACL_SUCCESS) {
        *cannAttrList = cann_attributes;
        *num = sizeof cann_attributes / sizeof cann_attributes[0];
    }
    return err;
}

aclError aclGetCannAttribute(aclCannAttr cannAttr, int32_t *value)
{
    aclError err = check_out(value, __func__, "value");
    if (err != ACL_SUCCESS) {
        return err;
    }
    switch (cannAttr) {
    case ACL_CANN_ATTR_INF_NAN: /* the CPU computes IEEE floats: inf and NaN propagate */
    case ACL_CANN_ATTR_BF16:    /* bfloat16 tensors are converted and computed */
        *value = 1;
        return ACL_SUCCESS;
    case ACL_CANN_ATTR_JIT_COMPILE: /* single operators run without an ahead-of-time .om */
        *value = 1;
        return ACL_SUCCESS;
    case ACL_CANN_ATTR_UNDEFINED:
    default:
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %d is not an aclCannAttr", __func__, (int)cannAttr);
    }
}
