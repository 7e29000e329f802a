/*
 * Internal API of the CPU emulator (libaclemu.so), shared by the area files.
 *
 * Include this header FIRST in every emulator .c file: it selects the POSIX level
 * needed for pthreads and clock_gettime under -std=c11.
 *
 * Conventions for area files:
 *  - every failing API call goes through aclemu_set_error(code, ...) so that
 *    aclGetRecentErrMsg() explains it; the message should name the API function;
 *  - handles handed to the user are registered with aclemu_handle_add() and checked
 *    with aclemu_handle_is() before they are dereferenced: a garbage or zero handle
 *    must give an error code, never a crash;
 *  - device memory addresses coming from the user are checked with aclemu_mem_check();
 *  - asynchronous work goes to a stream with aclemu_stream_submit().
 */
#ifndef ACLEMU_EMU_H
#define ACLEMU_EMU_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"
#include "acl/error_codes/ge_error_codes.h"
#include "acl/error_codes/rt_error_codes.h"

#if defined(__GNUC__)
#define ACLEMU_PRINTF(fmt_index, first_arg) __attribute__((format(printf, fmt_index, first_arg)))
#else
#define ACLEMU_PRINTF(fmt_index, first_arg)
#endif

/* ------------------------------------------------------------------ errors */

/* Record `code` and a printf-style message for the calling thread (read back by
 * aclGetRecentErrMsg) and return `code`. Start the message with the API name:
 *   return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtFoo: stream is NULL");
 * A code of ACL_SUCCESS records nothing. */
aclError aclemu_set_error(aclError code, const char *fmt, ...) ACLEMU_PRINTF(2, 3);

/* Message of the weak stubs: "<fn> is not implemented by the ascendcl-cffi emulator";
 * returns ACL_ERROR_API_NOT_SUPPORT. */
aclError aclemu_not_supported(const char *fn);

/* The calling thread's recorded message ("" when none), without clearing it. */
const char *aclemu_peek_error(void);

/* Write a diagnostic line "[aclemu] ..." to stderr (strict-mode reports, leaks). */
void aclemu_diag(const char *fmt, ...) ACLEMU_PRINTF(1, 2);

/* ----------------------------------------------------- configuration / init */

/* ACL_EMU_STRICT=1: report kind mismatches, use after free and leaks (read at aclInit). */
bool aclemu_strict(void);
/* Integer value of environment variable `name`, or `fallback` when unset/invalid. */
long long aclemu_env_ll(const char *name, long long fallback);

bool aclemu_initialized(void);
/* ACL_SUCCESS after aclInit, else records and returns ACL_ERROR_UNINITIALIZE naming `fn`.
 * Use it in APIs that the real runtime refuses before aclInit (model load, op compile...). */
aclError aclemu_require_init(const char *fn);

/* spin.c: a compute kernel about to keep every core busy (its own threads, or a loaded BLAS's)
 * brackets that work, and threads waiting for a stream sleep meanwhile instead of spinning. A
 * spinning waiter holds a core the kernel's threads need; with every core taken, one of them
 * waited for the scheduler's next tick (4 ms) and a 0.7 ms GEMM took 4. Nests; thread-safe. */
void aclemu_all_cores_begin(void);
void aclemu_all_cores_end(void);

/* ------------------------------------------------------------ time helpers */

uint64_t aclemu_now_ns(void); /* CLOCK_MONOTONIC */
/* Absolute CLOCK_REALTIME deadline `timeout_ms` from now (for pthread_cond_timedwait). */
struct timespec;
void aclemu_deadline(struct timespec *out, int64_t timeout_ms);

/* --------------------------------------------------------- handle registry */

/* Kinds of user-visible handles. Area files owning other objects use the reserved
 * values below (add a name here if a kind is shared between files). */
typedef enum aclemu_kind {
    ACLEMU_KIND_CONTEXT = 1,
    ACLEMU_KIND_STREAM,
    ACLEMU_KIND_EVENT,
    ACLEMU_KIND_DATA_BUFFER,
    ACLEMU_KIND_TENSOR_DESC,
    ACLEMU_KIND_DATASET,
    ACLEMU_KIND_STREAM_CONFIG,
    ACLEMU_KIND_EXCEPTION_INFO,
    /* compute areas */
    ACLEMU_KIND_OP_ATTR = 32,
    ACLEMU_KIND_OP_HANDLE,
    ACLEMU_KIND_OP_EXECUTOR,
    ACLEMU_KIND_MODEL_DESC,
    ACLEMU_KIND_MODEL_CONFIG,
    ACLEMU_KIND_MODEL_AIPP,
    ACLEMU_KIND_BLAS_HANDLE,
    ACLEMU_KIND_FV_FEATURE_INFO,
    ACLEMU_KIND_FV_SEARCH_INPUT,
    ACLEMU_KIND_FV_SEARCH_RESULT,
    ACLEMU_KIND_FV_REPO_RANGE,
    ACLEMU_KIND_FV_QUERY_TABLE,
    ACLEMU_KIND_PROF_CONFIG,
    ACLEMU_KIND_MEDIA = 64, /* media: ACLEMU_KIND_MEDIA + n, n < 64 */
    ACLEMU_KIND_AREA_FREE = 128 /* further private kinds: ACLEMU_KIND_AREA_FREE + n */
} aclemu_kind;

/* Register a live handle. ACL_ERROR_BAD_ALLOC if the registry cannot grow. */
aclError aclemu_handle_add(const void *handle, int kind);
/* Unregister; false if `handle` was not live with that kind. */
bool aclemu_handle_remove(const void *handle, int kind);
/* True if `handle` is a live handle of `kind` (NULL and garbage give false). */
bool aclemu_handle_is(const void *handle, int kind);
/* Number of live handles of `kind` (leak reports, tests). */
size_t aclemu_handle_count(int kind);

/* ----------------------------------------------------------- devices/contexts */

/* The code of the last stream task that failed on `device` and has not been cleared since
 * (exception.c records every failed task), or ACL_SUCCESS; out-of-range devices have none. */
aclError aclemu_device_fault(int32_t device);
/* Clear the device's fault if it is still `code`; false when another (or no) fault is recorded. */
bool aclemu_device_fault_clear(int32_t device, aclError code);

/* Device of the calling thread's current context, or -1 when none is set. */
int32_t aclemu_current_device(void);
/* Like above but records ACL_ERROR_RT_CONTEXT_NULL naming `fn` when no context is set. */
aclError aclemu_require_device(const char *fn, int32_t *device);
/* Number of emulated devices (env ACL_EMU_DEVICE_COUNT, default 2). */
uint32_t aclemu_device_count(void);

/* ------------------------------------------------------------- tracked memory */

typedef enum aclemu_mem_where {
    ACLEMU_MEM_DEVICE = 1, /* aclrtMalloc* */
    ACLEMU_MEM_HOST = 2    /* aclrtMallocHost */
} aclemu_mem_where;

typedef struct aclemu_alloc {
    void *base;    /* address returned to the user */
    size_t size;   /* size the user asked for */
    int where;     /* aclemu_mem_where */
    int32_t device;
} aclemu_alloc;

/* True (and *out filled, if non-NULL) when `p` lies inside a live tracked allocation. */
bool aclemu_mem_find(const void *p, aclemu_alloc *out);

/* Check that [p, p+len) may be accessed by `fn` (`what` names the argument):
 *  - p NULL with len > 0: ACL_ERROR_INVALID_PARAM;
 *  - p inside a tracked allocation but p+len past its end: ACL_ERROR_INVALID_PARAM;
 *  - p inside a mapped range (aclemu_mem_add_mapped): like an allocation of that range;
 *  - p untracked but inside a recently freed allocation (use after free):
 *    ACL_ERROR_INVALID_PARAM in every mode (freed ranges are never anyone's live buffer);
 *  - p untracked otherwise: accepted (host buffers), except in strict mode with
 *    `need_device`: ACL_ERROR_INVALID_PARAM;
 *  - strict mode and need_device with p in host memory: ACL_ERROR_INVALID_PARAM.
 * Records the message and returns the code. */
aclError aclemu_mem_check(const void *p, size_t len, bool need_device, const char *fn, const char *what);
/* Like aclemu_mem_check, but an address outside every live allocation and mapped range is
 * refused in every mode: for device-side buffers the runtime itself writes through (fills, status
 * outputs), where an address nothing vouches for would be written blindly. */
aclError aclemu_mem_check_tracked(const void *p, size_t len, bool need_device, const char *fn, const char *what);

/* Device-usable memory that is not an aclrtMalloc allocation. The area that creates such a range
 * registers it (aclemu_mem_add_mapped) and removes it (aclemu_mem_remove_mapped, by its base)
 * before the addresses stop being accessible; aclemu_mem_check and the runtime's copies and fills
 * then treat it as device memory of `size` bytes. Ranges may not overlap one another
 * (ACL_ERROR_INVALID_PARAM naming `fn`). */
typedef enum aclemu_mapped_kind {
    ACLEMU_MAPPED_VMM = 1,            /* aclrtMapMem */
    ACLEMU_MAPPED_IPC = 2,            /* aclrtIpcMemImportByKey */
    ACLEMU_MAPPED_HOST_REGISTERED = 3, /* aclrtHostRegister: also host memory */
    ACLEMU_MAPPED_RUNTIME = 4,         /* device memory the runtime itself owns (status areas) */
    ACLEMU_MAPPED_KERNEL_GLOBAL = 5    /* aclrtBinaryGetGlobal: a kernel binary's variable */
} aclemu_mapped_kind;
aclError aclemu_mem_add_mapped(const void *base, size_t size, int32_t device, int kind, const char *fn);
void aclemu_mem_remove_mapped(const void *base);
/* shared_page.c: a record shared with other emulator processes of this user (see there). The
 * owner creates it (fd >= 0); another process opens it from the owner's pid and fd (fd -1 then):
 * mapped read-write, `bytes` long; destroy unmaps and closes. Checks of the record's content
 * (magic, serial) are the caller's. */
typedef struct aclemu_shared_page {
    int fd;
    void *page;
    size_t bytes;
} aclemu_shared_page;
aclError aclemu_shared_page_create(const char *name, size_t bytes, aclemu_shared_page *out, const char *fn);
bool aclemu_shared_page_open(int pid, int fd, size_t bytes, aclemu_shared_page *out);
void aclemu_shared_page_destroy(aclemu_shared_page *shared);
/* Another process's descriptor opened read-write (-1 when gone or not ours). */
int aclemu_shared_open_remote(int pid, int fd);

/* Change what the runtime's own copies and fills may do in the mapped range starting at `base`
 * (an aclrtMemAccessFlags value; ranges start read-write): with ACL_RT_MEM_ACCESS_FLAGS_NONE every
 * check of an address inside fails, with _READ a copy or fill writing there fails. The area
 * changes the pages' protection itself. False when no range starts at `base`. */
bool aclemu_mem_set_mapped_access(const void *base, uint32_t access);

/* Device memory tagged as DVPP memory (acldvppMalloc): `size` usable bytes on the current
 * device, taking `reserve` (>= size, a multiple of 128) bytes of address space so that it
 * starts 128-byte aligned. Freed by aclrtFree / aclemu_mem_free like any device memory. */
aclError aclemu_mem_alloc_dvpp(void **out, size_t size, size_t reserve, const char *fn);
/* True when p lies inside a live DVPP allocation. */
bool aclemu_mem_is_dvpp(const void *p);
/* Make [p, p + size) of a live device allocation shareable with other processes: *fd is a memfd
 * (owned by the core, valid while the allocation's pages are mapped) holding those bytes at
 * *offset. The pages stay where they are, now shared. */
aclError aclemu_mem_share(const void *p, size_t size, int *fd, size_t *offset, const char *fn);
/* Live allocations of one kind (aclemu_mem_where), in address order: fills up to `capacity`
 * entries of `out` (may be NULL when capacity is 0) and returns how many there are. */
size_t aclemu_mem_list(int where, aclemu_alloc *out, size_t capacity);
/* aclrtFree, naming `fn` in its messages. */
aclError aclemu_mem_free(void *p, const char *fn);

/* ------------------------------------------------------ area-owned resources */

/* An area that owns per-device resources (e.g. DVPP channels) registers a release function,
 * once, from a constructor. The core calls every registered function when a device's last use
 * ends (aclrtResetDevice: that device) and at aclFinalize (device -1: all of them), after
 * releasing its own objects. The function forgets what the program left behind, reports each
 * item with aclemu_diag in strict mode, and returns how many there were. */
typedef size_t (*aclemu_release_fn)(int32_t device, const char *fn);
void aclemu_on_release(aclemu_release_fn release);

/* ------------------------------------------------------------------- streams */

/* Called by a kernel task failing on its stream worker, before it returns the error: names the
 * function and its binary's callback (aclrtBinarySetExceptionCallback, may be NULL). The
 * exception report that follows on this thread carries the function
 * (aclrtGetFuncHandleFromExceptionInfo) and calls that callback too. */
void aclemu_exception_note_kernel(aclrtFuncHandle func, aclrtOpExceptionCallback callback, void *user_data);
/* Called by another failing task, before it returns the error, with what it knows of the failure
 * (failure path only): the exception report that follows on this thread (a stream worker's) hands
 * `record` to commit() with the report's device, stream id and task id before any callback runs
 * (commit owns the record from then on). A task failing where no report follows (a model run
 * instance executed synchronously) leaves its note to be dropped (drop(record)) by the next one. */
typedef void (*aclemu_task_fault_commit)(void *record, int32_t device, int32_t stream_id, uint32_t task_id);
void aclemu_exception_note_task(aclemu_task_fault_commit commit, void (*drop)(void *record), void *record);
/* model_faults.c: a failing operator task (failure path only, on its worker) notes the operator it ran, its inputs
 * (values copied from `data`, `size` bytes; NULL for none) and outputs (no values), for aclmdlCreateAndGetOpDesc. */
typedef struct aclemu_fault_tensor {
    aclDataType dtype;
    size_t rank;
    const int64_t *dims;
    const void *data;
    size_t size;
} aclemu_fault_tensor;
void aclemu_fault_note_op(const char *name, const aclemu_fault_tensor *inputs, size_t num_inputs,
                          const aclemu_fault_tensor *outputs, size_t num_outputs);

/* A stream task: runs on the stream's worker thread, in submission order.
 * Returning an error code (after aclemu_set_error on the worker) makes the stream
 * report it, with the message, from the next aclrtSynchronizeStream / event sync,
 * and calls the exception callback. */
typedef aclError (*aclemu_task_fn)(void *arg);
/* Called exactly once per submitted task after it ran or was discarded (forced destroy);
 * `ran` tells which. May be NULL. */
typedef void (*aclemu_task_free_fn)(void *arg, bool ran);

/* Queue `run(arg)` on `stream` (NULL: the current context's default stream).
 * Returns at once. Errors (garbage stream, no context) are recorded and returned, and
 * `free_arg(arg, false)` has then already been called. */
aclError aclemu_stream_submit(aclrtStream stream, aclemu_task_fn run, void *arg, aclemu_task_free_fn free_arg,
                              const char *fn);
/* The same for a small argument: `size` bytes (at most ACLEMU_INLINE_ARG) at `arg` are copied
 * into the task's own record, and run gets a pointer to that copy (no allocation per task). */
enum { ACLEMU_INLINE_ARG = 64 };
aclError aclemu_stream_submit_inline(aclrtStream stream, aclemu_task_fn run, const void *arg, size_t size,
                                     const char *fn);
/* Validate a stream argument of API `fn` (NULL = default stream) without submitting. */
aclError aclemu_stream_check(aclrtStream stream, const char *fn);
/* Wait until every task submitted so far has run; timeout_ms < 0 waits forever.
 * Returns the stream's pending task error, or ACL_ERROR_RT_STREAM_SYNC_TIMEOUT. */
aclError aclemu_stream_sync(aclrtStream stream, int64_t timeout_ms, const char *fn);

/* Recording instead of running (model run instances, mdl_ri*.c): while a capture hook is set on
 * a stream, every task submitted to it goes to hook(owner, ...) instead of the queue. The hook
 * runs with the stream's lock held, so it must not call stream functions. On ACL_SUCCESS it owns
 * the task (and calls free_arg exactly once, later); on an error the submitter frees it. */
typedef aclError (*aclemu_capture_fn)(void *owner, aclemu_task_fn run, void *arg, aclemu_task_free_fn free_arg,
                                      const char *fn);
/* Set (hook non-NULL) or clear (hook NULL, only by the same owner) the capture of a non-default
 * stream. ACL_ERROR_RT_STREAM_CAPTURED when another owner already captures it. */
aclError aclemu_stream_set_capture(aclrtStream stream, aclemu_capture_fn hook, void *owner, const char *fn);
/* The stream the calling thread last submitted a task to (queued or captured), or NULL before
 * any; it may have been destroyed since (aclemu_stream_capture_owner and friends check). */
aclrtStream aclemu_thread_last_stream(void);
/* A capture hook that gives the recorded task an id makes it the calling thread's last task id
 * (aclrtGetThreadLastTaskId), as queuing a task does. */
void aclemu_stream_note_task_id(uint32_t task_id);
/* Owner of the capture of `stream`, or NULL (also for garbage and NULL streams). */
void *aclemu_stream_capture_owner(aclrtStream stream);
/* Drop the tasks queued on `stream` that have not started (their free_arg sees ran == false);
 * the running one finishes. Returns the number dropped through *dropped (may be NULL). */
aclError aclemu_stream_discard_pending(aclrtStream stream, uint64_t *dropped, const char *fn);

/* Drop the not-yet-started tasks of every stream of `device` (aclrtDeviceTaskAbort). */
aclError aclemu_device_discard_pending(int32_t device, uint64_t *dropped, const char *fn);

/* Notifications for aclrtRegStreamStateCallback and aclInit/aclFinalize callbacks
 * (rt_state_callbacks.c sets them once, from a constructor). The core calls them with no lock
 * held: the stream hook after a user stream is created (ACL_RT_STREAM_STATE_CREATE_POST) and
 * before one is destroyed (ACL_RT_STREAM_STATE_DESTROY_PRE); the lifecycle hook after aclInit
 * succeeded (init true, the config path or NULL: an error undoes the initialization and is
 * returned) and at the start of aclFinalize (init false: an error is returned after teardown). */
typedef void (*aclemu_stream_state_fn)(aclrtStream stream, int state);
void aclemu_set_stream_state_hook(aclemu_stream_state_fn hook);
typedef aclError (*aclemu_lifecycle_fn)(bool init, const char *config_path);
void aclemu_set_lifecycle_hook(aclemu_lifecycle_fn hook);
/* Notifications for aclrtRegDeviceStateCallback (set once by rt_state_callbacks.c), called with
 * no lock held when a device changes state: ACL_RT_DEVICE_STATE_SET_PRE/POST around the
 * aclrtSetDevice that takes it into use (its first set), ACL_RT_DEVICE_STATE_RESET_PRE/POST around
 * the reset that releases it (the last aclrtResetDevice, aclrtResetDeviceForce, or aclFinalize for
 * a device still set). */
typedef void (*aclemu_device_state_fn)(int32_t device, int state);
void aclemu_set_device_state_hook(aclemu_device_state_fn hook);

/* The task an event or value API would submit, built without submitting it (event.c,
 * rt_values.c): aclmdlRITaskSetParams swaps it into a recorded model run instance. Arguments are
 * checked as the API checks them (errors recorded naming `fn`); the caller owns the task and ends
 * it with free_arg(arg, ran) once. Waits have no timeout; value tasks take the flag of
 * aclrtValueWait (write: 0). */
typedef enum aclemu_event_task_kind {
    ACLEMU_EVENT_TASK_RECORD = 0,
    ACLEMU_EVENT_TASK_WAIT,
    ACLEMU_EVENT_TASK_RESET
} aclemu_event_task_kind;
aclError aclemu_event_task_build(aclemu_event_task_kind kind, aclrtEvent event, aclemu_task_fn *run, void **arg,
                                 aclemu_task_free_fn *free_arg, const char *fn);
aclError aclemu_value_task_build(void *devAddr, uint64_t value, uint32_t flag, bool write, aclemu_task_fn *run,
                                 void **arg, aclemu_task_free_fn *free_arg, const char *fn);

/* The launch attribute `attr_id` (aclrtLaunchKernelAttrId) of a kernel task (rt_kernel.c): as the
 * launch's cfg gave it, zero when it gave none (operators, BLAS and launches without a cfg).
 * ACL_ERROR_INVALID_PARAM for an unknown id. */
aclError aclemu_kernel_task_attribute(aclemu_task_fn run, const void *arg, int attr_id,
                                      aclrtLaunchKernelAttrValue *value, const char *fn);

/* Device workspace of a stream task (rt_allocator.c). A task body brackets its work with
 * aclemu_workspace_begin(its stream) and aclemu_workspace_end(); in between,
 * aclemu_workspace_alloc(bytes) gives scratch memory from the allocator registered on the stream
 * (aclrtAllocatorRegister), or host memory when there is none, and aclemu_workspace_free(p) lets it
 * go (host memory at once; user blocks all go back to the user's free function at the end).
 * aclemu_workspace_alloc returns NULL when the memory cannot be had; aclemu_workspace_end returns
 * the user allocator's failure, if any (its message recorded), for the task to report. Scopes nest
 * per thread. aclemu_allocator_forget_stream drops a stream's registration (stream destroyed). */
void aclemu_workspace_begin(aclrtStream stream);
void *aclemu_workspace_alloc(size_t bytes);
void aclemu_workspace_free(void *p);
aclError aclemu_workspace_end(void);
/* A kernel's helper threads work in their caller's workspace: share() on the caller, join(that)
 * on the helper before its work and join(NULL) after; the caller ends the scope once they are
 * done. */
void *aclemu_workspace_share(void);
void aclemu_workspace_join(void *shared);
void aclemu_allocator_forget_stream(aclrtStream stream);

/* ---------------------------------------------- data buffers, descs, datasets */

struct aclDataBuffer {
    void *data;
    size_t size;
};

struct aclTensorDesc {
    aclDataType type;
    aclFormat format;
    bool unknown_rank;         /* shape is [-2] */
    size_t num_dims;
    int64_t *dims;             /* num_dims entries (NULL when 0) */
    size_t num_dim_ranges;
    int64_t (*dim_ranges)[2];
    size_t num_value_ranges;
    int64_t (*value_ranges)[2];
    aclFormat origin_format;
    size_t num_origin_dims;
    int64_t *origin_dims;
    bool has_origin_shape;
    aclFormat storage_format;
    size_t num_storage_dims;
    int64_t *storage_dims;
    bool has_storage_shape;
    char *name;                /* NULL when unset */
    char *dynamic_input_name;
    aclMemType placement;
    void *address;             /* set by model areas (aclGetTensorDescAddress) */
    void *const_data;          /* copy owned by the desc (aclSetTensorConst) */
    size_t const_len;
    size_t array_len;          /* elements of the array this desc heads (aclemu_tensor_desc_array_new), else 0 */
    bool array_member;         /* an element past the head of such an array */
    void (*array_release)(void *); /* head only: called with array_arg when the array is destroyed */
    void *array_arg;
};

struct aclmdlDataset {
    size_t count;
    size_t capacity;
    aclDataBuffer **buffers;   /* not owned */
    aclTensorDesc **descs;     /* owned copies, NULL entries when unset */
};

/* A desc array handed to the user (aclGetTensorDescByIndex walks it) must register every
 * element with aclemu_handle_add(&array[i], ACLEMU_KIND_TENSOR_DESC).
 *
 * New registered desc; NULL (and error recorded) on bad arguments or no memory.
 * dims may be NULL when num_dims is 0. */
aclTensorDesc *aclemu_tensor_desc_new(aclDataType type, size_t num_dims, const int64_t *dims, aclFormat format);
/* One element of a desc array (dims: num_dims values, or NULL when 0). */
typedef struct aclemu_desc_spec {
    aclDataType type;
    aclFormat format;
    size_t num_dims;
    const int64_t *dims;
    void *address;
} aclemu_desc_spec;
/* A registered array of `count` (> 0) descs that the user walks with aclGetTensorDescByIndex and
 * frees whole with aclDestroyTensorDesc of its first element, which then calls release(arg) (may be
 * NULL): what the descs point at lives as long as they do. NULL (error recorded) when out of memory. */
aclTensorDesc *aclemu_tensor_desc_array_new(const aclemu_desc_spec *specs, size_t count, void (*release)(void *),
                                            void *arg);
/* Deep copy, registered. */
aclTensorDesc *aclemu_tensor_desc_clone(const aclTensorDesc *src);
/* Unregister and free (no-op for a non-live desc). */
void aclemu_tensor_desc_free(const aclTensorDesc *desc);
/* Product of dims (1 for a scalar; 0 when a dim is negative/unknown). */
size_t aclemu_tensor_desc_elements(const aclTensorDesc *desc);

/* Bytes per element; 0 for types without a whole-byte size (ACL_STRING, ACL_INT4, ...). */
size_t aclemu_dtype_size(aclDataType type);

/* -------------------------------------------------------------- float16 / bf16 */

/* IEEE binary16 and bfloat16 conversions, round to nearest even; NaN stays NaN. */
uint16_t aclemu_f32_to_f16(float value);
float aclemu_f16_to_f32(uint16_t value);
uint16_t aclemu_f32_to_bf16(float value);
float aclemu_bf16_to_f32(uint16_t value);

/* ---------------------------------------------------------- profiling (trace.c) */

/* Nonzero while aclprofStart collects task times: the core's task paths test it once per task
 * (one relaxed load) and call the recorder only when it is set. */
extern int aclemu_trace_flag;
static inline bool aclemu_trace_on(void)
{
    return __atomic_load_n(&aclemu_trace_flag, __ATOMIC_RELAXED) != 0;
}
/* Around a task's run on a stream worker: begin returns the start time and opens the thread's
 * record; end closes it (name defaults to `fn`, the API that queued the task). */
uint64_t aclemu_trace_task_begin(int32_t device, int32_t stream);
void aclemu_trace_task_end(uint64_t start_ns, const char *fn, uint64_t submit_ns, uint32_t submit_tid,
                           aclError status);
/* Inside a running task: what it did. `name` (NULL: keep the API name), `cat` (NULL: keep) and
 * printf-style args "key=value;..."; a no-op unless the thread's task is being recorded. */
void aclemu_trace_detail(const char *name, const char *cat, const char *fmt, ...) ACLEMU_PRINTF(3, 4);
/* A copy or fill task: direction from where the buffers live, and the byte count. */
void aclemu_trace_copy(const void *dst, const void *src, size_t bytes);
/* An event record (wait false) or wait task on event `id`: the two ends of a flow arrow. */
void aclemu_trace_event(uint32_t id, bool wait);
/* Around a model execution on the calling thread (sync or on a worker): collects its nodes for
 * the trace and for a subscription of the model (aclprofModelSubscribe). */
uint64_t aclemu_prof_model_begin(uint32_t model_id);
void aclemu_prof_model_end(uint32_t model_id, uint64_t start_ns, aclError status);

#endif /* ACLEMU_EMU_H */
