/*
 * Device faults after the fact: aclrtGetErrorVerbose, aclrtRepairError, aclRecoverAllHcclTasks.
 *
 * The emulator's only device faults are failed stream tasks. exception.c keeps, per device, the
 * code of the last one until it is repaired (or the device is reset / the runtime finalized).
 * Choices where the documentation is silent:
 *  - the error type comes from that code: the AI Core codes give ACL_RT_ERROR_AICORE with the
 *    detail ACL_RT_AICORE_ERROR_SW (a kernel fault: nothing on a CPU is broken hardware), the
 *    device-memory codes give ACL_RT_ERROR_MEMORY without detail (no UCE addresses exist), a link
 *    error ACL_RT_ERROR_LINK, anything else ACL_RT_ERROR_OTHERS;
 *  - every fault can be repaired (tryRepair 1): the failed task left nothing broken behind it;
 *  - aclrtRepairError takes the info aclrtGetErrorVerbose gave: its error type must be the one
 *    still recorded (ACL_ERROR_INVALID_PARAM otherwise); repairing ACL_RT_NO_ERROR when nothing is
 *    recorded succeeds and does nothing;
 *  - aclRecoverAllHcclTasks resumes no task: the emulator has no HCCL communicators, so a valid
 *    device whose fault was repaired has nothing left to resume; a device still at fault is
 *    refused with ACL_ERROR_INVALID_PARAM naming the fault (repair comes first).
 */
#include "emu.h"

#include <string.h>

static aclError check_device(int32_t deviceId, const char *fn)
{
    if (deviceId < 0 || (uint32_t)deviceId >= aclemu_device_count()) {
        return aclemu_set_error(ACL_ERROR_RT_INVALID_DEVICEID, "%s: device %d is not one of the %u emulated devices",
                                fn, (int)deviceId, aclemu_device_count());
    }
    return ACL_SUCCESS;
}

static aclrtErrorType error_type(aclError code)
{
    switch (code) {
    case ACL_SUCCESS:
        return ACL_RT_NO_ERROR;
    case ACL_ERROR_RT_AICORE_EXCEPTION:
    case ACL_ERROR_RT_AICORE_TIMEOUT:
    case ACL_ERROR_RT_AICORE_TRAP_EXCEPTION:
    case ACL_ERROR_RT_AICORE_TRAP_READ_OVERFLOW:
    case ACL_ERROR_RT_AICORE_TRAP_WRITE_OVERFLOW:
        return ACL_RT_ERROR_AICORE;
    case ACL_ERROR_RT_DEVICE_MEM_ERROR:
    case ACL_ERROR_RT_HBM_MULTI_BIT_ECC_ERROR:
    case ACL_ERROR_RT_SUSPECT_DEVICE_MEM_ERROR:
        return ACL_RT_ERROR_MEMORY;
    case ACL_ERROR_RT_LINK_ERROR:
        return ACL_RT_ERROR_LINK;
    default:
        return ACL_RT_ERROR_OTHERS;
    }
}

aclError aclrtGetErrorVerbose(int32_t deviceId, aclrtErrorInfo *errorInfo)
{
    static const char fn[] = "aclrtGetErrorVerbose";
    aclError err = check_device(deviceId, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (errorInfo == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: errorInfo is NULL", fn);
    }
    err = aclemu_mem_check(errorInfo, sizeof *errorInfo, false, fn, "errorInfo");
    if (err != ACL_SUCCESS) {
        return err;
    }
    aclError fault = aclemu_device_fault(deviceId);
    memset(errorInfo, 0, sizeof *errorInfo);
    errorInfo->errorType = error_type(fault);
    errorInfo->tryRepair = fault != ACL_SUCCESS;
    if (errorInfo->errorType == ACL_RT_ERROR_AICORE) {
        errorInfo->hasDetail = 1;
        errorInfo->detail.aicoreErrType = ACL_RT_AICORE_ERROR_SW;
    }
    return ACL_SUCCESS;
}

aclError aclrtRepairError(int32_t deviceId, const aclrtErrorInfo *errorInfo)
{
    static const char fn[] = "aclrtRepairError";
    aclError err = check_device(deviceId, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (errorInfo == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: errorInfo is NULL", fn);
    }
    err = aclemu_mem_check(errorInfo, sizeof *errorInfo, false, fn, "errorInfo");
    if (err != ACL_SUCCESS) {
        return err;
    }
    aclError fault = aclemu_device_fault(deviceId);
    aclrtErrorType recorded = error_type(fault);
    if (errorInfo->errorType != recorded) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: errorInfo names error type %d, but device %d is at error type %d (code %d)", fn,
                                (int)errorInfo->errorType, (int)deviceId, (int)recorded, (int)fault);
    }
    if (fault != ACL_SUCCESS && !aclemu_device_fault_clear(deviceId, fault)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: device %d failed again meanwhile; read the new fault with aclrtGetErrorVerbose",
                                fn, (int)deviceId);
    }
    return ACL_SUCCESS;
}

aclError aclRecoverAllHcclTasks(int32_t deviceId)
{
    static const char fn[] = "aclRecoverAllHcclTasks";
    aclError err = check_device(deviceId, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    aclError fault = aclemu_device_fault(deviceId);
    if (fault != ACL_SUCCESS) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: device %d is still at fault (code %d); repair it with aclrtRepairError first", fn,
                                (int)deviceId, (int)fault);
    }
    return ACL_SUCCESS; /* no HCCL communicator exists on the emulator: nothing waits to be resumed */
}

/* A reset device, or a finalized runtime, starts without a fault. */
static size_t forget_faults(int32_t device, const char *fn)
{
    (void)fn;
    uint32_t count = aclemu_device_count();
    for (uint32_t d = 0; d < count; ++d) {
        if (device < 0 || (int32_t)d == device) {
            aclemu_device_fault_clear((int32_t)d, aclemu_device_fault((int32_t)d));
        }
    }
    return 0; /* not a leak: nothing to report */
}

__attribute__((constructor)) static void register_fault_release(void)
{
    aclemu_on_release(forget_faults);
}
