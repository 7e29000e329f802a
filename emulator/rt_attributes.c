/*
 * Stream attributes, overflow switches and status, and the cube/vector core limits of devices,
 * streams and threads.
 *
 * The emulator keeps these settings so that programs can set and read them back; none of them
 * changes how the CPU runs a task (there are no cores to partition, and the CPU computes IEEE
 * floats without an overflow register). Choices where the documentation is silent:
 *  - the overflow status is the device's status area (aclrtCtxGetFloatOverflowAddr, below): the
 *    getters copy it, the resets clear it; nothing on the CPU sets a flag there by itself;
 *  - ACL_STOP_ON_FAILURE is recorded and read back, but a failed task does not yet stop the
 *    stream's later tasks (the stream core runs them all and reports the first error);
 *  - a stream created without a limit inherits its device's limit at the time it is read.
 *
 * Per-stream settings live here, keyed by the stream id (aclrtStreamGetId numbers streams
 * uniquely per process), so a new stream never inherits a destroyed stream's settings.
 */
#include "emu.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum {
    DEVICE_CUBE_CORES = 8,     /* what aclrtGetDeviceInfo reports for ACL_DEV_ATTR_CUBE_CORE_NUM */
    DEVICE_VECTOR_CORES = 16,  /* ... and ACL_DEV_ATTR_VECTOR_CORE_NUM */
    MAX_DEVICES = 64,
    LOWEST_PRIORITY = 7
};

typedef struct stream_settings {
    int32_t stream_id;
    uint64_t failure_mode;
    uint32_t overflow_switch;
    uint32_t user_custom_tag;
    uint32_t cache_op_info;
    bool priority_set;
    uint32_t priority;
    uint32_t res_limit[2]; /* 0: not limited, use the device's */
} stream_settings;

static pthread_mutex_t settings_lock = PTHREAD_MUTEX_INITIALIZER;
static stream_settings *settings;
static size_t settings_count, settings_capacity;
static uint32_t device_res_limit[MAX_DEVICES][2]; /* 0: the whole device */

/* the stream whose limits the calling thread uses (aclrtUseStreamResInCurrentThread) */
static _Thread_local bool thread_uses_stream;
static _Thread_local int32_t thread_stream_id;

static uint32_t device_cores(aclrtDevResLimitType type)
{
    return type == ACL_RT_DEV_RES_CUBE_CORE ? DEVICE_CUBE_CORES : DEVICE_VECTOR_CORES;
}

static aclError check_res_type(aclrtDevResLimitType type, const char *fn)
{
    if (type != ACL_RT_DEV_RES_CUBE_CORE && type != ACL_RT_DEV_RES_VECTOR_CORE) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: type %d is not an aclrtDevResLimitType", fn, (int)type);
    }
    return ACL_SUCCESS;
}

static aclError check_device(int32_t device, const char *fn)
{
    if (device < 0 || (uint32_t)device >= aclemu_device_count() || device >= MAX_DEVICES) {
        return aclemu_set_error(ACL_ERROR_RT_INVALID_DEVICEID, "%s: device %d is not one of the %u emulated devices",
                                fn, device, aclemu_device_count());
    }
    return ACL_SUCCESS;
}

static aclError stream_id_of(aclrtStream stream, int32_t *id, const char *fn)
{
    aclError err = aclemu_stream_check(stream, fn);
    if (err == ACL_SUCCESS) {
        err = aclrtStreamGetId(stream, id);
    }
    return err;
}

/* Settings of stream `id`, created with defaults when absent; NULL when out of memory. */
static stream_settings *settings_locked(int32_t id)
{
    for (size_t i = 0; i < settings_count; i++) {
        if (settings[i].stream_id == id) {
            return &settings[i];
        }
    }
    if (settings_count == settings_capacity) {
        size_t capacity = settings_capacity ? settings_capacity * 2 : 16;
        stream_settings *grown = realloc(settings, capacity * sizeof *grown);
        if (grown == NULL) {
            return NULL;
        }
        settings = grown;
        settings_capacity = capacity;
    }
    stream_settings *s = &settings[settings_count++];
    memset(s, 0, sizeof *s);
    s->stream_id = id;
    s->failure_mode = ACL_CONTINUE_ON_FAILURE;
    return s;
}

typedef aclError (*settings_fn)(stream_settings *s, void *arg, const char *fn);

/* Runs `apply` on the settings of `stream` under the lock. */
static aclError with_settings(aclrtStream stream, settings_fn apply, void *arg, const char *fn)
{
    int32_t id = 0;
    aclError err = stream_id_of(stream, &id, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&settings_lock);
    stream_settings *s = settings_locked(id);
    err = s == NULL ? aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn) : apply(s, arg, fn);
    pthread_mutex_unlock(&settings_lock);
    return err;
}

/* ------------------------------------------------------------ stream attributes */

typedef struct attr_call {
    aclrtStream stream;
    aclrtStreamAttr attr;
    aclrtStreamAttrValue *value;
} attr_call;

static aclError set_attr(stream_settings *s, void *arg, const char *fn)
{
    const attr_call *call = arg;
    const aclrtStreamAttrValue *v = call->value;
    switch (call->attr) {
    case ACL_STREAM_ATTR_FAILURE_MODE:
        if (v->failureMode != ACL_CONTINUE_ON_FAILURE && v->failureMode != ACL_STOP_ON_FAILURE) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: failure mode %llu is not ACL_CONTINUE_ON_FAILURE "
                                    "or ACL_STOP_ON_FAILURE", fn, (unsigned long long)v->failureMode);
        }
        s->failure_mode = v->failureMode;
        return ACL_SUCCESS;
    case ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK:
    case ACL_STREAM_ATTR_CACHE_OP_INFO:
        if (v->overflowSwitch > 1) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: switch %u is not 0 (off) or 1 (on)", fn,
                                    v->overflowSwitch);
        }
        *(call->attr == ACL_STREAM_ATTR_CACHE_OP_INFO ? &s->cache_op_info : &s->overflow_switch) = v->overflowSwitch;
        return ACL_SUCCESS;
    case ACL_STREAM_ATTR_USER_CUSTOM_TAG:
        s->user_custom_tag = v->userCustomTag;
        return ACL_SUCCESS;
    case ACL_STREAM_ATTR_PRIORITY:
        if (v->streamPriority > LOWEST_PRIORITY) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: priority %u is outside [0, %d]", fn,
                                    v->streamPriority, LOWEST_PRIORITY);
        }
        s->priority_set = true;
        s->priority = v->streamPriority;
        return ACL_SUCCESS;
    }
    return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: attribute %d is not an aclrtStreamAttr", fn,
                            (int)call->attr);
}

static aclError get_attr(stream_settings *s, void *arg, const char *fn)
{
    const attr_call *call = arg;
    aclrtStreamAttrValue *v = call->value;
    memset(v, 0, sizeof *v);
    switch (call->attr) {
    case ACL_STREAM_ATTR_FAILURE_MODE:
        v->failureMode = s->failure_mode;
        return ACL_SUCCESS;
    case ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK:
        v->overflowSwitch = s->overflow_switch;
        return ACL_SUCCESS;
    case ACL_STREAM_ATTR_CACHE_OP_INFO:
        v->cacheOpInfoSwitch = s->cache_op_info;
        return ACL_SUCCESS;
    case ACL_STREAM_ATTR_USER_CUSTOM_TAG:
        v->userCustomTag = s->user_custom_tag;
        return ACL_SUCCESS;
    case ACL_STREAM_ATTR_PRIORITY:
        if (s->priority_set) {
            v->streamPriority = s->priority;
            return ACL_SUCCESS;
        }
        return aclrtStreamGetPriority(call->stream, &v->streamPriority);
    }
    return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: attribute %d is not an aclrtStreamAttr", fn,
                            (int)call->attr);
}

aclError aclrtSetStreamAttribute(aclrtStream stream, aclrtStreamAttr stmAttrType, aclrtStreamAttrValue *value)
{
    if (value == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: value is NULL", __func__);
    }
    attr_call call = {stream, stmAttrType, value};
    return with_settings(stream, set_attr, &call, __func__);
}

aclError aclrtGetStreamAttribute(aclrtStream stream, aclrtStreamAttr stmAttrType, aclrtStreamAttrValue *value)
{
    if (value == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: value is NULL", __func__);
    }
    attr_call call = {stream, stmAttrType, value};
    return with_settings(stream, get_attr, &call, __func__);
}

aclError aclrtSetStreamFailureMode(aclrtStream stream, uint64_t mode)
{
    aclrtStreamAttrValue value = {.failureMode = mode};
    attr_call call = {stream, ACL_STREAM_ATTR_FAILURE_MODE, &value};
    return with_settings(stream, set_attr, &call, __func__);
}

aclError aclrtSetStreamOverflowSwitch(aclrtStream stream, uint32_t flag)
{
    aclrtStreamAttrValue value = {.overflowSwitch = flag};
    attr_call call = {stream, ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK, &value};
    return with_settings(stream, set_attr, &call, __func__);
}

aclError aclrtGetStreamOverflowSwitch(aclrtStream stream, uint32_t *flag)
{
    if (flag == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: flag is NULL", __func__);
    }
    aclrtStreamAttrValue value;
    attr_call call = {stream, ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK, &value};
    aclError err = with_settings(stream, get_attr, &call, __func__);
    if (err == ACL_SUCCESS) {
        *flag = value.overflowSwitch;
    }
    return err;
}

/* ------------------------------------------------------------ overflow status */

/* Each device has one overflow status area (the emulated device's status register, shared by its
 * contexts): OVERFLOW_AREA_BYTES of device memory that aclrtCtxGetFloatOverflowAddr hands out and
 * that kernels (or the program) write. The status getters copy it, as a stream task, into their
 * output (zero-filling an output longer than the area); the resets clear it, as a stream task.
 * Nothing on the CPU sets a flag by itself: the area reads zero until something writes it.
 * aclrtGetHardwareSyncAddr hands out a second device area per device, the cores' sync word block
 * (SYNC_AREA_BYTES, zero at start; the emulator's own tasks do not use it). Both are static
 * memory registered as device memory (ACLEMU_MAPPED_RUNTIME) on first use, for the process. */
enum { OVERFLOW_AREA_BYTES = 64, SYNC_AREA_BYTES = 1024 };

typedef struct device_areas {
    _Alignas(64) unsigned char overflow[OVERFLOW_AREA_BYTES];
    _Alignas(64) unsigned char sync[SYNC_AREA_BYTES];
    bool overflow_registered;
    bool sync_registered;
} device_areas;

static pthread_mutex_t areas_lock = PTHREAD_MUTEX_INITIALIZER;
static device_areas areas[MAX_DEVICES];

/* The area of `device` (`sync`: the sync block, else the overflow area), registered as device
 * memory on first use. */
static aclError device_area(int32_t device, bool sync, unsigned char **base, size_t *size, const char *fn)
{
    if (device < 0 || device >= MAX_DEVICES) {
        return aclemu_set_error(ACL_ERROR_RT_INVALID_DEVICEID, "%s: device %d has no status area", fn, (int)device);
    }
    device_areas *a = &areas[device];
    *base = sync ? a->sync : a->overflow;
    *size = sync ? sizeof a->sync : sizeof a->overflow;
    bool *registered = sync ? &a->sync_registered : &a->overflow_registered;
    pthread_mutex_lock(&areas_lock);
    aclError err = *registered ? ACL_SUCCESS : aclemu_mem_add_mapped(*base, *size, device, ACLEMU_MAPPED_RUNTIME, fn);
    *registered = err == ACL_SUCCESS;
    pthread_mutex_unlock(&areas_lock);
    return err;
}

/* The area of the current device into *addr. */
static aclError current_area(bool sync, void **addr, const char *fn)
{
    if (addr == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the output address is NULL", fn);
    }
    int32_t device = -1;
    aclError err = aclemu_require_device(fn, &device);
    unsigned char *base = NULL;
    size_t size = 0;
    if (err == ACL_SUCCESS) {
        err = device_area(device, sync, &base, &size, fn);
    }
    if (err == ACL_SUCCESS) {
        *addr = base;
    }
    return err;
}

aclError aclrtCtxGetFloatOverflowAddr(void **overflowAddr)
{
    return current_area(false, overflowAddr, __func__);
}

aclError aclrtGetHardwareSyncAddr(void **addr)
{
    return current_area(true, addr, __func__);
}

typedef struct status_task {
    unsigned char *area; /* the device's overflow area */
    size_t area_size;
    void *target; /* NULL: clear the area */
    size_t size;
} status_task;

static aclError run_status_task(void *arg)
{
    status_task *task = arg;
    if (task->target == NULL) {
        memset(task->area, 0, task->area_size);
        return ACL_SUCCESS;
    }
    size_t part = task->size < task->area_size ? task->size : task->area_size;
    memcpy(task->target, task->area, part);
    memset((unsigned char *)task->target + part, 0, task->size - part);
    return ACL_SUCCESS;
}

static void free_status_task(void *arg, bool ran)
{
    (void)ran;
    free(arg);
}

/* Queue a copy of the current device's overflow area into target (or, target NULL, its reset). */
static aclError submit_status_task(void *target, size_t size, aclrtStream stream, const char *fn)
{
    int32_t device = -1;
    aclError err = aclemu_require_device(fn, &device);
    status_task *task = NULL;
    if (err == ACL_SUCCESS) {
        task = calloc(1, sizeof *task);
        err = task != NULL ? device_area(device, false, &task->area, &task->area_size, fn)
                           : aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    if (err != ACL_SUCCESS) {
        free(task);
        return err;
    }
    task->target = target;
    task->size = size;
    return aclemu_stream_submit(stream, run_status_task, task, free_status_task, fn);
}

static aclError write_status(void *outputAddr, uint64_t outputSize, aclrtStream stream, const char *fn)
{
    if (outputAddr == NULL || outputSize == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: needs a device buffer of at least one byte", fn);
    }
    aclError err = aclemu_mem_check_tracked(outputAddr, (size_t)outputSize, true, fn, "outputAddr");
    if (err == ACL_SUCCESS) {
        err = aclemu_stream_check(stream, fn);
    }
    return err == ACL_SUCCESS ? submit_status_task(outputAddr, (size_t)outputSize, stream, fn) : err;
}

static aclError reset_overflow(aclrtStream stream, const char *fn)
{
    aclError err = aclemu_stream_check(stream, fn);
    return err == ACL_SUCCESS ? submit_status_task(NULL, 0, stream, fn) : err;
}

aclError aclrtGetOverflowStatus(void *outputAddr, size_t outputSize, aclrtStream stream)
{
    return write_status(outputAddr, outputSize, stream, __func__);
}

aclError aclrtResetOverflowStatus(aclrtStream stream)
{
    return reset_overflow(stream, __func__);
}

aclError aclrtGetFloatOverflowStatus(void *outputAddr, uint64_t outputSize, aclrtStream stream)
{
    return write_status(outputAddr, outputSize, stream, __func__);
}

aclError aclrtResetFloatOverflowStatus(aclrtStream stream)
{
    return reset_overflow(stream, __func__);
}

aclError aclrtNpuGetFloatOverFlowStatus(void *outputAddr, uint64_t outputSize, uint32_t checkMode, aclrtStream stream)
{
    (void)checkMode; /* both check modes read the one status area */
    return write_status(outputAddr, outputSize, stream, __func__);
}

aclError aclrtNpuClearFloatOverFlowStatus(uint32_t checkMode, aclrtStream stream)
{
    (void)checkMode;
    return reset_overflow(stream, __func__);
}

/* ------------------------------------------------------------ core limits */

aclError aclrtSetDeviceResLimit(int32_t deviceId, aclrtDevResLimitType type, uint32_t value)
{
    aclError err = check_device(deviceId, __func__);
    if (err == ACL_SUCCESS) {
        err = check_res_type(type, __func__);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (value == 0 || value > device_cores(type)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: limit %u is outside [1, %u], the device's cores",
                                __func__, value, device_cores(type));
    }
    pthread_mutex_lock(&settings_lock);
    device_res_limit[deviceId][type] = value;
    pthread_mutex_unlock(&settings_lock);
    return ACL_SUCCESS;
}

static uint32_t device_limit_locked(int32_t device, aclrtDevResLimitType type)
{
    uint32_t limit = device_res_limit[device][type];
    return limit != 0 ? limit : device_cores(type);
}

aclError aclrtGetDeviceResLimit(int32_t deviceId, aclrtDevResLimitType type, uint32_t *value)
{
    aclError err = check_device(deviceId, __func__);
    if (err == ACL_SUCCESS) {
        err = check_res_type(type, __func__);
    }
    if (err == ACL_SUCCESS && value == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: value is NULL", __func__);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&settings_lock);
    *value = device_limit_locked(deviceId, type);
    pthread_mutex_unlock(&settings_lock);
    return ACL_SUCCESS;
}

aclError aclrtResetDeviceResLimit(int32_t deviceId)
{
    aclError err = check_device(deviceId, __func__);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&settings_lock);
    memset(device_res_limit[deviceId], 0, sizeof device_res_limit[deviceId]);
    pthread_mutex_unlock(&settings_lock);
    return ACL_SUCCESS;
}

typedef struct limit_call {
    aclrtDevResLimitType type;
    uint32_t value;
    int32_t device;
} limit_call;

static aclError set_stream_limit(stream_settings *s, void *arg, const char *fn)
{
    limit_call *call = arg;
    uint32_t device_limit = device_limit_locked(call->device, call->type);
    if (call->value == 0 || call->value > device_limit) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: limit %u is outside [1, %u], the device's limit", fn,
                                call->value, device_limit);
    }
    s->res_limit[call->type] = call->value;
    return ACL_SUCCESS;
}

static aclError get_stream_limit(stream_settings *s, void *arg, const char *fn)
{
    (void)fn;
    limit_call *call = arg;
    uint32_t own = s->res_limit[call->type];
    call->value = own != 0 ? own : device_limit_locked(call->device, call->type);
    return ACL_SUCCESS;
}

static aclError reset_stream_limit(stream_settings *s, void *arg, const char *fn)
{
    (void)arg;
    (void)fn;
    memset(s->res_limit, 0, sizeof s->res_limit);
    return ACL_SUCCESS;
}

/* Checks type and output, and finds the current device whose limits bound a stream's. */
static aclError prepare_limit_call(limit_call *call, aclrtDevResLimitType type, const char *fn)
{
    aclError err = check_res_type(type, fn);
    if (err == ACL_SUCCESS) {
        err = aclemu_require_device(fn, &call->device);
    }
    if (err == ACL_SUCCESS) {
        err = check_device(call->device, fn);
    }
    call->type = type;
    return err;
}

aclError aclrtSetStreamResLimit(aclrtStream stream, aclrtDevResLimitType type, uint32_t value)
{
    limit_call call = {.value = value};
    aclError err = prepare_limit_call(&call, type, __func__);
    return err != ACL_SUCCESS ? err : with_settings(stream, set_stream_limit, &call, __func__);
}

aclError aclrtGetStreamResLimit(aclrtStream stream, aclrtDevResLimitType type, uint32_t *value)
{
    if (value == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: value is NULL", __func__);
    }
    limit_call call = {0};
    aclError err = prepare_limit_call(&call, type, __func__);
    if (err == ACL_SUCCESS) {
        err = with_settings(stream, get_stream_limit, &call, __func__);
    }
    if (err == ACL_SUCCESS) {
        *value = call.value;
    }
    return err;
}

aclError aclrtResetStreamResLimit(aclrtStream stream)
{
    return with_settings(stream, reset_stream_limit, NULL, __func__);
}

aclError aclrtUseStreamResInCurrentThread(aclrtStream stream)
{
    int32_t id = 0;
    aclError err = stream_id_of(stream, &id, __func__);
    if (err == ACL_SUCCESS) {
        thread_uses_stream = true;
        thread_stream_id = id;
    }
    return err;
}

aclError aclrtUnuseStreamResInCurrentThread(aclrtStream stream)
{
    int32_t id = 0;
    aclError err = stream_id_of(stream, &id, __func__);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (!thread_uses_stream || thread_stream_id != id) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: this thread does not use stream %d's limits", __func__,
                                id);
    }
    thread_uses_stream = false;
    return ACL_SUCCESS;
}

aclError aclrtGetResInCurrentThread(aclrtDevResLimitType type, uint32_t *value)
{
    if (value == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: value is NULL", __func__);
    }
    limit_call call = {0};
    aclError err = prepare_limit_call(&call, type, __func__);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&settings_lock);
    uint32_t limit = device_limit_locked(call.device, type);
    for (size_t i = 0; thread_uses_stream && i < settings_count; i++) {
        if (settings[i].stream_id == thread_stream_id && settings[i].res_limit[type] != 0) {
            limit = settings[i].res_limit[type];
        }
    }
    pthread_mutex_unlock(&settings_lock);
    *value = limit;
    return ACL_SUCCESS;
}
