/* Exception callbacks: a failed stream task is reported to the registered callback with
 * an aclrtExceptionInfo that the getters below can read while the callback runs. Each failure is
 * also kept as its device's fault until cleared (aclrtGetErrorVerbose / aclrtRepairError,
 * rt_device_errors.c).
 *
 * Thread id: the runtime reports the operating system's thread id (gettid(), the number ps,
 * top and gdb show; Python's threading.get_native_id()), not a pthread_t cut to 32 bits, of
 * the thread that launched the failing task: streams record it per task when it is queued. */
#define _DEFAULT_SOURCE /* syscall() under -std=c11 */
#include "core_base.h"

#include <sys/syscall.h>
#include <unistd.h>

struct rtExceptionInfo {
    uint32_t task_id;
    uint32_t stream_id;
    uint32_t thread_id;
    uint32_t device_id;
    uint32_t error_code;
    aclrtFuncHandle func; /* the kernel whose task failed, NULL for other tasks */
};

/* Noted by a failing kernel task on this worker for the report that follows (rt_kernel.c). */
static _Thread_local struct {
    aclrtFuncHandle func;
    aclrtOpExceptionCallback callback;
    void *user_data;
} failed_kernel;

void aclemu_exception_note_kernel(aclrtFuncHandle func, aclrtOpExceptionCallback callback, void *user_data)
{
    failed_kernel.func = func;
    failed_kernel.callback = callback;
    failed_kernel.user_data = user_data;
}

/* Noted by another failing task on this worker (a model execution, model_faults.c). */
static _Thread_local struct {
    aclemu_task_fault_commit commit;
    void (*drop)(void *record);
    void *record;
} failed_task;

void aclemu_exception_note_task(aclemu_task_fault_commit commit, void (*drop)(void *record), void *record)
{
    if (failed_task.drop != NULL) {
        failed_task.drop(failed_task.record); /* a note no report took */
    }
    failed_task.commit = commit;
    failed_task.drop = drop;
    failed_task.record = record;
}

static const uint32_t NO_VALUE = 0xFFFFFFFFu;

static pthread_mutex_t exception_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t callbacks_finished = PTHREAD_COND_INITIALIZER;
/* Per device: the code of the last failed task not yet cleared (aclemu_device_fault*), 0 when none. */
static aclError device_faults[RT_MAX_DEVICES];
static aclrtExceptionInfoCallback exception_callback;
static int callbacks_running;         /* calls of a callback in progress, on any thread */
static _Thread_local int callback_depth; /* this thread is inside a callback */

/* Once the callback is replaced or removed the caller may free what it used: wait until no
 * call is left. A callback changing the registration cannot wait (for itself, or for another
 * thread's callback doing the same). */
static void wait_for_running_callbacks_locked(void)
{
    while (callback_depth == 0 && callbacks_running > 0) {
        pthread_cond_wait(&callbacks_finished, &exception_lock);
    }
}

static void set_callback(aclrtExceptionInfoCallback callback)
{
    pthread_mutex_lock(&exception_lock);
    exception_callback = callback;
    wait_for_running_callbacks_locked();
    pthread_mutex_unlock(&exception_lock);
}

/* NULL clears the callback. */
aclError aclrtSetExceptionInfoCallback(aclrtExceptionInfoCallback callback)
{
    set_callback(callback);
    return ACL_SUCCESS;
}

aclError aclrtExceptionInfoCallbackRegister(aclrtExceptionInfoCallback callback)
{
    if (callback == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtExceptionInfoCallbackRegister: callback is NULL");
    }
    set_callback(callback);
    return ACL_SUCCESS;
}

aclError aclrtExceptionInfoCallbackUnregister(aclrtExceptionInfoCallback callback)
{
    pthread_mutex_lock(&exception_lock);
    bool registered = callback != NULL && exception_callback == callback;
    if (registered) {
        exception_callback = NULL;
        wait_for_running_callbacks_locked();
    }
    pthread_mutex_unlock(&exception_lock);
    if (!registered) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "aclrtExceptionInfoCallbackUnregister: that callback is not registered");
    }
    return ACL_SUCCESS;
}

/* A thread's id never changes, but the thread that forks gets another one in the child: the
 * cache is cleared there (the child has only that thread). 0 is never a thread id. */
static _Thread_local uint32_t cached_thread_id;
static pthread_once_t fork_hook_once = PTHREAD_ONCE_INIT;

static void forget_thread_id(void)
{
    cached_thread_id = 0;
}

static void install_fork_hook(void)
{
    pthread_atfork(NULL, NULL, forget_thread_id);
}

uint32_t rt_os_thread_id(void)
{
    if (cached_thread_id == 0) {
        pthread_once(&fork_hook_once, install_fork_hook);
        /* syscall rather than gettid(): glibc only has the wrapper from 2.30 */
        cached_thread_id = (uint32_t)syscall(SYS_gettid);
    }
    return cached_thread_id;
}

aclError aclemu_device_fault(int32_t device)
{
    if (device < 0 || device >= RT_MAX_DEVICES) {
        return ACL_SUCCESS;
    }
    pthread_mutex_lock(&exception_lock);
    aclError code = device_faults[device];
    pthread_mutex_unlock(&exception_lock);
    return code;
}

bool aclemu_device_fault_clear(int32_t device, aclError code)
{
    if (device < 0 || device >= RT_MAX_DEVICES) {
        return false;
    }
    pthread_mutex_lock(&exception_lock);
    bool cleared = device_faults[device] == code;
    if (cleared) {
        device_faults[device] = ACL_SUCCESS;
    }
    pthread_mutex_unlock(&exception_lock);
    return cleared;
}

void rt_exception_raise(int32_t device, int32_t stream_id, uint32_t task_id, uint32_t thread_id, aclError code)
{
    aclrtFuncHandle func = failed_kernel.func;
    aclrtOpExceptionCallback op_callback = failed_kernel.callback;
    void *op_user_data = failed_kernel.user_data;
    aclemu_exception_note_kernel(NULL, NULL, NULL);
    aclemu_task_fault_commit commit = failed_task.commit;
    void *record = failed_task.record;
    failed_task.commit = NULL;
    failed_task.drop = NULL;
    failed_task.record = NULL;
    if (commit != NULL) {
        commit(record, device, stream_id, task_id); /* before the callback, which may ask for it */
    }
    pthread_mutex_lock(&exception_lock);
    if (device >= 0 && device < RT_MAX_DEVICES && code != ACL_SUCCESS) {
        device_faults[device] = code;
    }
    aclrtExceptionInfoCallback callback = exception_callback;
    callbacks_running += callback != NULL;
    pthread_mutex_unlock(&exception_lock);
    if (callback == NULL && op_callback == NULL) {
        return;
    }
    struct rtExceptionInfo info = {task_id, (uint32_t)stream_id, thread_id, device < 0 ? NO_VALUE : (uint32_t)device,
                                   (uint32_t)code, func};
    if (aclemu_handle_add(&info, ACLEMU_KIND_EXCEPTION_INFO) == ACL_SUCCESS) {
        callback_depth++;
        if (callback != NULL) {
            callback(&info);
        }
        if (op_callback != NULL) {
            op_callback(&info, op_user_data); /* the failing kernel's binary's own callback */
        }
        callback_depth--;
        aclemu_handle_remove(&info, ACLEMU_KIND_EXCEPTION_INFO);
    }
    if (callback == NULL) {
        return;
    }
    pthread_mutex_lock(&exception_lock);
    if (--callbacks_running == 0) {
        pthread_cond_broadcast(&callbacks_finished);
    }
    pthread_mutex_unlock(&exception_lock);
}

/* The info is valid only during the callback; other pointers give NO_VALUE. */
static const struct rtExceptionInfo *live_info(const aclrtExceptionInfo *info, const char *fn)
{
    if (aclemu_handle_is(info, ACLEMU_KIND_EXCEPTION_INFO)) {
        return info;
    }
    aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not the info of a running exception callback", fn,
                     (const void *)info);
    return NULL;
}

uint32_t aclrtGetTaskIdFromExceptionInfo(const aclrtExceptionInfo *info)
{
    const struct rtExceptionInfo *live = live_info(info, "aclrtGetTaskIdFromExceptionInfo");
    return live ? live->task_id : NO_VALUE;
}

uint32_t aclrtGetStreamIdFromExceptionInfo(const aclrtExceptionInfo *info)
{
    const struct rtExceptionInfo *live = live_info(info, "aclrtGetStreamIdFromExceptionInfo");
    return live ? live->stream_id : NO_VALUE;
}

uint32_t aclrtGetThreadIdFromExceptionInfo(const aclrtExceptionInfo *info)
{
    const struct rtExceptionInfo *live = live_info(info, "aclrtGetThreadIdFromExceptionInfo");
    return live ? live->thread_id : NO_VALUE;
}

uint32_t aclrtGetDeviceIdFromExceptionInfo(const aclrtExceptionInfo *info)
{
    const struct rtExceptionInfo *live = live_info(info, "aclrtGetDeviceIdFromExceptionInfo");
    return live ? live->device_id : NO_VALUE;
}

uint32_t aclrtGetErrorCodeFromExceptionInfo(const aclrtExceptionInfo *info)
{
    const struct rtExceptionInfo *live = live_info(info, "aclrtGetErrorCodeFromExceptionInfo");
    return live ? live->error_code : NO_VALUE;
}

/* Emulated tasks have no device-side argument block. */
aclError aclrtGetArgsFromExceptionInfo(const aclrtExceptionInfo *info, void **devArgsPtr, uint32_t *devArgsLen)
{
    if (live_info(info, "aclrtGetArgsFromExceptionInfo") == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    if (devArgsPtr == NULL || devArgsLen == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtGetArgsFromExceptionInfo: an output is NULL");
    }
    *devArgsPtr = NULL;
    *devArgsLen = 0;
    return ACL_SUCCESS;
}

/* The kernel whose task failed; a failure of another kind of task names none. */
aclError aclrtGetFuncHandleFromExceptionInfo(const aclrtExceptionInfo *info, aclrtFuncHandle *func)
{
    const struct rtExceptionInfo *live = live_info(info, "aclrtGetFuncHandleFromExceptionInfo");
    if (live == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    if (func == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtGetFuncHandleFromExceptionInfo: func is NULL");
    }
    if (live->func == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtGetFuncHandleFromExceptionInfo: the failed task "
                                "was not a kernel launch");
    }
    *func = live->func;
    return ACL_SUCCESS;
}
