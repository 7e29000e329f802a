/*
 * Model subscriptions (aclprofModelSubscribe): after each execution of a subscribed model, one
 * fixed-size record per op (for ONNX models, each node onnxruntime ran) is written to the
 * subscription's file descriptor, as the runtime does; aclprofGetOp* decode a buffer of them.
 * The same hook feeds the model's nodes to a running collection.
 */
#include "prof_internal.h"

#include "model_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { MAX_SUBSCRIPTIONS = 256, OP_DESC_MAGIC = 0x50524F46 /* "PROF" */ };

struct aclprofSubscribeConfig {
    int8_t time_info;
    aclprofAicoreMetrics metrics;
    int fd;
};

/* One op of an execution, as written to the descriptor. */
typedef struct prof_op_desc {
    uint32_t magic;
    uint32_t model_id;
    uint64_t start_ns;
    uint64_t end_ns;
    uint32_t thread_id;
    uint32_t flag; /* aclprofSubscribeOpFlag */
    char op_type[ACL_PROF_MAX_OP_TYPE_LEN];
    char op_name[ACL_PROF_MAX_OP_NAME_LEN];
    char thread_text[16];
} prof_op_desc;

typedef struct subscription {
    uint32_t model_id;
    int fd;
    bool time_info;
} subscription;

static pthread_mutex_t sub_lock = PTHREAD_MUTEX_INITIALIZER;
static subscription subs[MAX_SUBSCRIPTIONS]; /* under sub_lock */
static size_t sub_count;
static int any_subscription; /* atomic mirror of sub_count != 0 */

/* The execution running on this thread: its collected nodes. */
typedef struct model_run {
    bool active;
    bool want_nodes;
    uint32_t model_id;
    prof_op_desc *ops;
    size_t count, capacity;
} model_run;

static _Thread_local model_run run_state;

bool prof_any_subscription(void)
{
    return __atomic_load_n(&any_subscription, __ATOMIC_RELAXED) != 0;
}

aclprofSubscribeConfig *aclprofCreateSubscribeConfig(int8_t timeInfoSwitch, aclprofAicoreMetrics aicoreMetrics,
                                                     void *fd)
{
    static const char fn[] = "aclprofCreateSubscribeConfig";
    if (timeInfoSwitch != 0 && timeInfoSwitch != 1) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: timeInfoSwitch is %d, not 0 or 1", fn, timeInfoSwitch);
        return NULL;
    }
    if (!(((int)aicoreMetrics >= ACL_AICORE_ARITHMETIC_UTILIZATION && (int)aicoreMetrics <= ACL_AICORE_MEMORY_ACCESS) ||
          aicoreMetrics == ACL_AICORE_NONE)) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: aicoreMetrics %d is not an aclprofAicoreMetrics value", fn,
                         (int)aicoreMetrics);
        return NULL;
    }
    if (fd == NULL) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: fd is NULL (pass the address of a writable descriptor)", fn);
        return NULL;
    }
    int value = *(const int *)fd;
    int flags = value >= 0 ? fcntl(value, F_GETFL) : -1;
    if (flags < 0 || (flags & O_ACCMODE) == O_RDONLY) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %d is not a descriptor open for writing", fn, value);
        return NULL;
    }
    aclprofSubscribeConfig *config = calloc(1, sizeof *config);
    if (config == NULL) {
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
        return NULL;
    }
    config->time_info = timeInfoSwitch;
    config->metrics = aicoreMetrics;
    config->fd = value;
    if (aclemu_handle_add(config, PROF_KIND_SUBSCRIBE) != ACL_SUCCESS) {
        free(config);
        return NULL;
    }
    return config;
}

aclError aclprofDestroySubscribeConfig(const aclprofSubscribeConfig *profSubscribeConfig)
{
    if (!aclemu_handle_remove(profSubscribeConfig, PROF_KIND_SUBSCRIBE)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "aclprofDestroySubscribeConfig: %p is not a live aclprofSubscribeConfig",
                                (const void *)profSubscribeConfig);
    }
    free((void *)profSubscribeConfig);
    return ACL_SUCCESS;
}

static subscription *find_locked(uint32_t model_id)
{
    for (size_t i = 0; i < sub_count; ++i) {
        if (subs[i].model_id == model_id) {
            return &subs[i];
        }
    }
    return NULL;
}

aclError aclprofModelSubscribe(uint32_t modelId, const aclprofSubscribeConfig *profSubscribeConfig)
{
    static const char fn[] = "aclprofModelSubscribe";
    if (!aclemu_handle_is(profSubscribeConfig, PROF_KIND_SUBSCRIBE)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live aclprofSubscribeConfig", fn,
                                (const void *)profSubscribeConfig);
    }
    emu_model *model = emu_model_find(modelId);
    if (model == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_MODEL_ID, "%s: model id %u is not loaded", fn, modelId);
    }
    emu_model_release(model);
    if (prof_initialized()) {
        return aclemu_set_error(ACL_ERROR_PROF_API_CONFLICT, "%s: aclprofInit is in effect; call aclprofFinalize first",
                                fn);
    }
    aclError err = ACL_SUCCESS;
    pthread_mutex_lock(&sub_lock);
    if (find_locked(modelId) != NULL) {
        err = aclemu_set_error(ACL_ERROR_PROF_REPEAT_SUBSCRIBE, "%s: model %u is already subscribed", fn, modelId);
    } else if (sub_count == MAX_SUBSCRIPTIONS) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: at most %d models can be subscribed", fn,
                               MAX_SUBSCRIPTIONS);
    } else {
        subs[sub_count].model_id = modelId;
        subs[sub_count].fd = profSubscribeConfig->fd;
        subs[sub_count].time_info = profSubscribeConfig->time_info != 0;
        sub_count++;
        __atomic_store_n(&any_subscription, 1, __ATOMIC_RELAXED);
    }
    pthread_mutex_unlock(&sub_lock);
    return err;
}

aclError aclprofModelUnSubscribe(uint32_t modelId)
{
    aclError err = ACL_SUCCESS;
    pthread_mutex_lock(&sub_lock);
    subscription *s = find_locked(modelId);
    if (s == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_MODEL_ID, "aclprofModelUnSubscribe: model %u is not subscribed",
                               modelId);
    } else {
        *s = subs[--sub_count];
        __atomic_store_n(&any_subscription, sub_count != 0, __ATOMIC_RELAXED);
    }
    pthread_mutex_unlock(&sub_lock);
    return err;
}

/* ------------------------------------------------------- the model hook */

static void add_op(const char *name, const char *type, uint64_t start_ns, uint64_t end_ns)
{
    model_run *r = &run_state;
    if (r->count == r->capacity) {
        size_t grown = r->capacity == 0 ? 16 : r->capacity * 2;
        prof_op_desc *bigger = realloc(r->ops, grown * sizeof *bigger);
        if (bigger == NULL) {
            return; /* the record is lost, the execution is not */
        }
        r->ops = bigger;
        r->capacity = grown;
    }
    prof_op_desc *d = &r->ops[r->count++];
    memset(d, 0, sizeof *d);
    d->magic = OP_DESC_MAGIC;
    d->model_id = r->model_id;
    d->start_ns = start_ns;
    d->end_ns = end_ns;
    d->thread_id = prof_thread_id();
    d->flag = ACL_SUBSCRIBE_OP;
    snprintf(d->op_type, sizeof d->op_type, "%s", type);
    snprintf(d->op_name, sizeof d->op_name, "%s", name);
    snprintf(d->thread_text, sizeof d->thread_text, "%u", d->thread_id);
}

uint64_t aclemu_prof_model_begin(uint32_t model_id)
{
    model_run *r = &run_state;
    r->active = false;
    if (!aclemu_trace_on() && !prof_any_subscription() && prof_active_types() == 0) {
        return 0;
    }
    r->active = true;
    r->model_id = model_id;
    r->count = 0;
    r->want_nodes = true;
    aclemu_trace_detail(NULL, "model", "model_id=%u", model_id);
    return aclemu_now_ns();
}

static void write_all(int fd, const void *data, size_t size)
{
    const char *p = data;
    while (size > 0) {
        ssize_t n = write(fd, p, size);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            aclemu_diag("aclprofModelSubscribe: writing op records to descriptor %d failed: %s", fd, strerror(errno));
            return;
        }
        p += n;
        size -= (size_t)n;
    }
}

void aclemu_prof_model_end(uint32_t model_id, uint64_t start_ns, aclError status)
{
    model_run *r = &run_state;
    if (!r->active) {
        return;
    }
    r->active = false;
    r->want_nodes = false;
    uint64_t end_ns = aclemu_now_ns();
    int32_t device = -1, stream = -1;
    if (!trace_current(&device, &stream) && (prof_active_types() & PROF_TASK_BITS) != 0) {
        /* A synchronous execution: recorded on the host thread that ran it. */
        device = aclemu_current_device();
        if (prof_device_collected(device)) {
            aclemu_trace_record rec;
            trace_host_record(&rec, ACLEMU_TRACE_TASK, "aclmdlExecute", "model");
            rec.device = device;
            rec.start_ns = start_ns;
            rec.end_ns = end_ns;
            rec.status = status;
            snprintf(rec.args, sizeof rec.args, "model_id=%u", model_id);
            trace_append(&rec);
        }
    }
    if (status != ACL_SUCCESS) {
        return;
    }
    if (r->count == 0) {
        char name[32];
        snprintf(name, sizeof name, "model_%u", model_id);
        add_op(name, "Model", start_ns, end_ns);
    }
    pthread_mutex_lock(&sub_lock);
    subscription *s = find_locked(model_id);
    subscription found = s != NULL ? *s : (subscription){0};
    pthread_mutex_unlock(&sub_lock);
    if (s == NULL) {
        return;
    }
    if (!found.time_info) {
        for (size_t i = 0; i < r->count; ++i) {
            r->ops[i].start_ns = r->ops[i].end_ns = 0;
        }
    }
    write_all(found.fd, r->ops, r->count * sizeof *r->ops);
}

int32_t aclemuTraceNodesWanted(void)
{
    return run_state.want_nodes ? 1 : 0;
}

void aclemuTraceNode(const char *name, const char *op_type, uint64_t start_ns, uint64_t end_ns)
{
    model_run *r = &run_state;
    if (!r->want_nodes || name == NULL || op_type == NULL) {
        return;
    }
    add_op(name, op_type, start_ns, end_ns);
    int32_t device = -1, stream = -1;
    bool in_task = trace_current(&device, &stream);
    if (!in_task) {
        device = aclemu_current_device();
    }
    if ((prof_active_types() & PROF_TASK_BITS) != 0 && prof_device_collected(device)) {
        aclemu_trace_record rec;
        trace_host_record(&rec, ACLEMU_TRACE_NODE, name, "node");
        rec.device = device;
        rec.stream = stream;
        rec.start_ns = start_ns;
        rec.end_ns = end_ns;
        snprintf(rec.args, sizeof rec.args, "op_type=%s;model_id=%u", op_type, r->model_id);
        trace_append(&rec);
    }
}

/* ------------------------------------------------------ decoding op records */

aclError aclprofGetOpDescSize(size_t *opDescSize)
{
    if (opDescSize == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclprofGetOpDescSize: opDescSize is NULL");
    }
    *opDescSize = sizeof(prof_op_desc);
    return ACL_SUCCESS;
}

static aclError check_buffer(const void *info, size_t len, const char *fn)
{
    if (info == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: opInfo is NULL", fn);
    }
    if (len == 0 || len % sizeof(prof_op_desc) != 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: opInfoLen %zu is not a multiple of the op record size %zu",
                                fn, len, sizeof(prof_op_desc));
    }
    return ACL_SUCCESS;
}

/* The index-th record, or NULL with the error recorded. Copied out: the buffer may be unaligned. */
static const prof_op_desc *op_at(const void *info, size_t len, uint32_t index, prof_op_desc *copy, const char *fn)
{
    if (check_buffer(info, len, fn) != ACL_SUCCESS) {
        return NULL;
    }
    size_t count = len / sizeof(prof_op_desc);
    if (index >= count) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: index %u is out of range (%zu records)", fn, index, count);
        return NULL;
    }
    memcpy(copy, (const char *)info + (size_t)index * sizeof *copy, sizeof *copy);
    if (copy->magic != OP_DESC_MAGIC) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: record %u is not an op record of aclprofModelSubscribe", fn,
                         index);
        return NULL;
    }
    copy->op_type[sizeof copy->op_type - 1] = '\0';
    copy->op_name[sizeof copy->op_name - 1] = '\0';
    return copy;
}

aclError aclprofGetOpNum(const void *opInfo, size_t opInfoLen, uint32_t *opNumber)
{
    static const char fn[] = "aclprofGetOpNum";
    aclError err = check_buffer(opInfo, opInfoLen, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (opNumber == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: opNumber is NULL", fn);
    }
    *opNumber = (uint32_t)(opInfoLen / sizeof(prof_op_desc));
    return ACL_SUCCESS;
}

static aclError text_len(const void *info, size_t len, uint32_t index, size_t *out, bool type, const char *fn)
{
    prof_op_desc copy;
    if (op_at(info, len, index, &copy, fn) == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    if (out == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the length output is NULL", fn);
    }
    *out = strlen(type ? copy.op_type : copy.op_name) + 1;
    return ACL_SUCCESS;
}

static aclError text_copy(const void *info, size_t len, uint32_t index, char *out, size_t out_len, bool type,
                          const char *fn)
{
    prof_op_desc copy;
    if (op_at(info, len, index, &copy, fn) == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    const char *text = type ? copy.op_type : copy.op_name;
    size_t need = strlen(text) + 1;
    if (out == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the output buffer is NULL", fn);
    }
    if (out_len < need) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the buffer holds %zu bytes, %zu are needed", fn, out_len,
                                need);
    }
    memcpy(out, text, need);
    return ACL_SUCCESS;
}

aclError aclprofGetOpTypeLen(const void *opInfo, size_t opInfoLen, uint32_t index, size_t *opTypeLen)
{
    return text_len(opInfo, opInfoLen, index, opTypeLen, true, __func__);
}

aclError aclprofGetOpType(const void *opInfo, size_t opInfoLen, uint32_t index, char *opType, size_t opTypeLen)
{
    return text_copy(opInfo, opInfoLen, index, opType, opTypeLen, true, __func__);
}

aclError aclprofGetOpNameLen(const void *opInfo, size_t opInfoLen, uint32_t index, size_t *opNameLen)
{
    return text_len(opInfo, opInfoLen, index, opNameLen, false, __func__);
}

aclError aclprofGetOpName(const void *opInfo, size_t opInfoLen, uint32_t index, char *opName, size_t opNameLen)
{
    return text_copy(opInfo, opInfoLen, index, opName, opNameLen, false, __func__);
}

uint64_t aclprofGetOpStart(const void *opInfo, size_t opInfoLen, uint32_t index)
{
    prof_op_desc copy;
    return op_at(opInfo, opInfoLen, index, &copy, __func__) != NULL ? copy.start_ns : 0;
}

uint64_t aclprofGetOpEnd(const void *opInfo, size_t opInfoLen, uint32_t index)
{
    prof_op_desc copy;
    return op_at(opInfo, opInfoLen, index, &copy, __func__) != NULL ? copy.end_ns : 0;
}

uint64_t aclprofGetOpDuration(const void *opInfo, size_t opInfoLen, uint32_t index)
{
    prof_op_desc copy;
    return op_at(opInfo, opInfoLen, index, &copy, __func__) != NULL ? copy.end_ns - copy.start_ns : 0;
}

size_t aclprofGetModelId(const void *opInfo, size_t opInfoLen, uint32_t index)
{
    prof_op_desc copy;
    return op_at(opInfo, opInfoLen, index, &copy, __func__) != NULL ? copy.model_id : 0;
}

aclprofSubscribeOpFlag aclprofGetOpFlag(const void *opInfo, size_t opInfoLen, uint32_t index)
{
    prof_op_desc copy;
    return op_at(opInfo, opInfoLen, index, &copy, __func__) != NULL ? (aclprofSubscribeOpFlag)copy.flag
                                                                    : ACL_SUBSCRIBE_NONE;
}

const char *aclprofGetOpAttriValue(const void *opInfo, size_t opInfoLen, uint32_t index,
                                   aclprofSubscribeOpAttri attri)
{
    static const char fn[] = "aclprofGetOpAttriValue";
    prof_op_desc copy;
    if (op_at(opInfo, opInfoLen, index, &copy, fn) == NULL) {
        return NULL;
    }
    if (attri != ACL_SUBSCRIBE_ATTRI_THREADID) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: attri %d is not ACL_SUBSCRIBE_ATTRI_THREADID", fn, (int)attri);
        return NULL;
    }
    /* The text lives in the caller's buffer, like the runtime's. */
    const char *record = (const char *)opInfo + (size_t)index * sizeof(prof_op_desc);
    return record + offsetof(prof_op_desc, thread_text);
}

size_t prof_forget_subscriptions(void)
{
    pthread_mutex_lock(&sub_lock);
    size_t count = sub_count;
    sub_count = 0;
    __atomic_store_n(&any_subscription, 0, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&sub_lock);
    return count;
}
