/*
 * msproftx-style annotations: stamps with messages, marks, push/pop and start/stop ranges,
 * ranges described by tensor info (aclprofRangePushEx), the string table of aclprofStr2Id, and
 * step timestamps. They are recorded while a collection with ACL_PROF_MSPROFTX runs (steps: with
 * ACL_PROF_TRAINING_TRACE or task times); otherwise only their bookkeeping and checks happen.
 */
#include "prof_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_MESSAGE = 128, MAX_DEPTH = 64, MAX_RANGES = 1024, MAX_IDS = 4096 };

typedef struct prof_stamp {
    char message[MAX_MESSAGE];
} prof_stamp;

struct aclprofStepInfo {
    uint64_t steps; /* completed START/END pairs */
    bool in_step;
};

typedef struct open_range {
    uint32_t id;
    uint64_t start_ns;
    uint32_t tid;
    char name[ACLEMU_TRACE_NAME_LEN];
    char args[ACLEMU_TRACE_ARGS_LEN];
} open_range;

typedef struct range_stack {
    size_t depth;
    open_range items[MAX_DEPTH];
} range_stack;

static _Thread_local range_stack push_stack;    /* aclprofPush / Pop */
static _Thread_local range_stack push_ex_stack; /* aclprofRangePushEx / RangePop */

static pthread_mutex_t tx_lock = PTHREAD_MUTEX_INITIALIZER;
static open_range ranges[MAX_RANGES]; /* aclprofRangeStart / Stop, under tx_lock */
static size_t range_count;
static uint32_t next_range_id = 1;
static struct {
    uint64_t id;
    char text[ACLEMU_TRACE_NAME_LEN];
} ids[MAX_IDS]; /* aclprofStr2Id, under tx_lock */
static size_t id_count;

static bool tx_collected(void)
{
    return (prof_active_types() & ACL_PROF_MSPROFTX) != 0;
}

static aclError check_stamp(const void *stamp, const char *fn)
{
    if (!aclemu_handle_is(stamp, PROF_KIND_STAMP)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: stamp %p is not a live stamp of aclprofCreateStamp", fn,
                                stamp);
    }
    return ACL_SUCCESS;
}

static aclError check_message(const char *msg, size_t len, const char *fn)
{
    if (msg == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: msg is NULL", fn);
    }
    if (len == 0 || len >= MAX_MESSAGE) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: msgLen %zu is not in [1, %d]", fn, len, MAX_MESSAGE - 1);
    }
    return ACL_SUCCESS;
}

static void record_host(int kind, const char *name, const char *cat, uint64_t start_ns, uint64_t end_ns,
                        const char *args)
{
    aclemu_trace_record rec;
    trace_host_record(&rec, kind, name, cat);
    rec.start_ns = start_ns;
    rec.end_ns = end_ns;
    snprintf(rec.args, sizeof rec.args, "%s", args != NULL ? args : "");
    trace_append(&rec);
}

void *aclprofCreateStamp(void)
{
    prof_stamp *stamp = calloc(1, sizeof *stamp);
    if (stamp == NULL) {
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "aclprofCreateStamp: out of host memory");
        return NULL;
    }
    if (aclemu_handle_add(stamp, PROF_KIND_STAMP) != ACL_SUCCESS) {
        free(stamp);
        return NULL;
    }
    return stamp;
}

void aclprofDestroyStamp(void *stamp)
{
    if (!aclemu_handle_remove(stamp, PROF_KIND_STAMP)) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclprofDestroyStamp: %p is not a live stamp", stamp);
        return;
    }
    free(stamp);
}

aclError aclprofSetStampTraceMessage(void *stamp, const char *msg, uint32_t msgLen)
{
    static const char fn[] = "aclprofSetStampTraceMessage";
    aclError err = check_stamp(stamp, fn);
    if (err == ACL_SUCCESS) {
        err = check_message(msg, msgLen, fn);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    prof_stamp *s = stamp;
    size_t n = strnlen(msg, msgLen);
    memcpy(s->message, msg, n);
    s->message[n] = '\0';
    return ACL_SUCCESS;
}

aclError aclprofMark(void *stamp)
{
    aclError err = check_stamp(stamp, __func__);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (tx_collected()) {
        uint64_t now = aclemu_now_ns();
        record_host(ACLEMU_TRACE_MARK, ((prof_stamp *)stamp)->message, "mark", now, now, NULL);
    }
    return ACL_SUCCESS;
}

static aclError push(range_stack *stack, const char *name, const char *args, const char *fn)
{
    if (stack->depth == MAX_DEPTH) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: more than %d ranges are open on this thread", fn,
                                MAX_DEPTH);
    }
    open_range *r = &stack->items[stack->depth++];
    memset(r, 0, sizeof *r);
    snprintf(r->name, sizeof r->name, "%s", name);
    snprintf(r->args, sizeof r->args, "%s", args != NULL ? args : "");
    r->start_ns = aclemu_now_ns();
    return ACL_SUCCESS;
}

static aclError pop(range_stack *stack, const char *fn, const char *opener)
{
    if (stack->depth == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: no range of %s is open on this thread", fn, opener);
    }
    open_range *r = &stack->items[--stack->depth];
    if (tx_collected()) {
        record_host(ACLEMU_TRACE_RANGE, r->name, "range", r->start_ns, aclemu_now_ns(), r->args);
    }
    return ACL_SUCCESS;
}

aclError aclprofPush(void *stamp)
{
    aclError err = check_stamp(stamp, __func__);
    return err != ACL_SUCCESS ? err : push(&push_stack, ((prof_stamp *)stamp)->message, NULL, __func__);
}

aclError aclprofPop(void)
{
    return pop(&push_stack, __func__, "aclprofPush");
}

aclError aclprofRangeStart(void *stamp, uint32_t *rangeId)
{
    static const char fn[] = "aclprofRangeStart";
    aclError err = check_stamp(stamp, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (rangeId == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: rangeId is NULL", fn);
    }
    pthread_mutex_lock(&tx_lock);
    if (range_count == MAX_RANGES) {
        pthread_mutex_unlock(&tx_lock);
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: more than %d ranges are open", fn, MAX_RANGES);
    }
    open_range *r = &ranges[range_count++];
    memset(r, 0, sizeof *r);
    r->id = next_range_id++;
    if (next_range_id == 0) {
        next_range_id = 1;
    }
    r->tid = prof_thread_id();
    r->start_ns = aclemu_now_ns();
    snprintf(r->name, sizeof r->name, "%s", ((prof_stamp *)stamp)->message);
    *rangeId = r->id;
    pthread_mutex_unlock(&tx_lock);
    return ACL_SUCCESS;
}

aclError aclprofRangeStop(uint32_t rangeId)
{
    pthread_mutex_lock(&tx_lock);
    for (size_t i = 0; i < range_count; ++i) {
        if (ranges[i].id == rangeId) {
            open_range r = ranges[i];
            ranges[i] = ranges[--range_count];
            pthread_mutex_unlock(&tx_lock);
            if (tx_collected()) {
                aclemu_trace_record rec;
                trace_host_record(&rec, ACLEMU_TRACE_RANGE, r.name, "range");
                rec.tid = r.tid; /* a range may stop on another thread: it belongs to its opener */
                rec.start_ns = r.start_ns;
                rec.end_ns = aclemu_now_ns();
                snprintf(rec.args, sizeof rec.args, "range_id=%u", r.id);
                trace_append(&rec);
            }
            return ACL_SUCCESS;
        }
    }
    pthread_mutex_unlock(&tx_lock);
    return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclprofRangeStop: range %u is not open", rangeId);
}

/* FNV-1a: stable across runs, so ids written by one process mean the same in another. */
uint64_t aclprofStr2Id(const char *message)
{
    if (message == NULL) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclprofStr2Id: message is NULL");
        return 0;
    }
    uint64_t h = 1469598103934665603ULL;
    for (const unsigned char *p = (const unsigned char *)message; *p != '\0'; ++p) {
        h = (h ^ *p) * 1099511628211ULL;
    }
    pthread_mutex_lock(&tx_lock);
    bool known = false;
    for (size_t i = 0; i < id_count && !known; ++i) {
        known = ids[i].id == h;
    }
    if (!known && id_count < MAX_IDS) {
        ids[id_count].id = h;
        snprintf(ids[id_count].text, sizeof ids[id_count].text, "%s", message);
        id_count++;
    }
    pthread_mutex_unlock(&tx_lock);
    return h;
}

int32_t aclemuProfIdString(uint64_t id, char *out, size_t len)
{
    int32_t found = -1;
    pthread_mutex_lock(&tx_lock);
    for (size_t i = 0; i < id_count && found < 0; ++i) {
        if (ids[i].id == id) {
            if (out != NULL && len > 0) {
                snprintf(out, len, "%s", ids[i].text);
            }
            found = 0;
        }
    }
    pthread_mutex_unlock(&tx_lock);
    return found;
}

static void id_text(uint64_t id, char *out, size_t len)
{
    if (aclemuProfIdString(id, out, len) != 0) {
        snprintf(out, len, "%llu", (unsigned long long)id);
    }
}

aclError aclprofRangePushEx(aclprofEventAttributes *attr)
{
    static const char fn[] = "aclprofRangePushEx";
    if (attr == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: attr is NULL", fn);
    }
    if (attr->version != ACL_PROF_EVENT_ATTR_VERSION || attr->size != sizeof *attr) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: attr version %u / size %u, expected %d / %zu", fn,
                                attr->version, attr->size, ACL_PROF_EVENT_ATTR_VERSION, sizeof *attr);
    }
    if (attr->messageType != ACL_PROF_MESSAGE_TYPE_TENSOR_INFO || attr->message.tensorInfo == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the message must be a non-NULL tensor info", fn);
    }
    const aclprofTensorInfo *info = attr->message.tensorInfo;
    if (info->tensorNum > 0 && info->tensors == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: tensorNum is %u but tensors is NULL", fn,
                                info->tensorNum);
    }
    char name[ACLEMU_TRACE_NAME_LEN], type[ACLEMU_TRACE_NAME_LEN], args[ACLEMU_TRACE_ARGS_LEN];
    id_text(info->opNameId, name, sizeof name);
    id_text(info->opTypeId, type, sizeof type);
    size_t used = (size_t)snprintf(args, sizeof args, "op_type=%s;tensors=%u", type, info->tensorNum);
    for (uint32_t t = 0; t < info->tensorNum; ++t) {
        const aclprofTensor *tensor = &info->tensors[t];
        if (tensor->shapeDim > ACL_PROF_TENSOR_DATA_SHAPE_LEN) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: tensor %u has shapeDim %u, at most %d", fn, t,
                                    tensor->shapeDim, ACL_PROF_TENSOR_DATA_SHAPE_LEN);
        }
        for (uint32_t d = 0; d < tensor->shapeDim && used < sizeof args; ++d) {
            used += (size_t)snprintf(args + used, sizeof args - used, "%s%u", d == 0 ? ";shape=" : "x",
                                     tensor->shape[d]);
        }
    }
    return push(&push_ex_stack, name, args, fn);
}

aclError aclprofRangePop(void)
{
    return pop(&push_ex_stack, __func__, "aclprofRangePushEx");
}

/* ----------------------------------------------------------- marks on streams */

typedef struct mark_task {
    char message[MAX_MESSAGE];
} mark_task;

static aclError run_mark(void *arg)
{
    mark_task *task = arg;
    int32_t device, stream;
    if (trace_current(&device, &stream)) {
        aclemu_trace_detail(task->message, "mark", NULL);
    } else {
        uint64_t now = aclemu_now_ns();
        record_host(ACLEMU_TRACE_MARK, task->message, "mark", now, now, NULL);
    }
    return ACL_SUCCESS;
}

static void free_mark(void *arg, bool ran)
{
    (void)ran;
    free(arg);
}

static aclError submit_mark(const char *text, aclrtStream stream, const char *fn)
{
    mark_task *task = calloc(1, sizeof *task);
    if (task == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    snprintf(task->message, sizeof task->message, "%s", text);
    return aclemu_stream_submit(stream, run_mark, task, free_mark, fn);
}

aclError aclprofMarkEx(const char *msg, size_t msgLen, aclrtStream stream)
{
    static const char fn[] = "aclprofMarkEx";
    aclError err = check_message(msg, msgLen, fn);
    if (err == ACL_SUCCESS) {
        err = aclemu_stream_check(stream, fn);
    }
    if (err != ACL_SUCCESS || !tx_collected()) {
        return err;
    }
    char text[MAX_MESSAGE];
    size_t n = strnlen(msg, msgLen);
    memcpy(text, msg, n);
    text[n] = '\0';
    return submit_mark(text, stream, fn);
}

/* ------------------------------------------------------------------- steps */

aclprofStepInfo *aclprofCreateStepInfo(void)
{
    aclprofStepInfo *step = calloc(1, sizeof *step);
    if (step == NULL) {
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "aclprofCreateStepInfo: out of host memory");
        return NULL;
    }
    if (aclemu_handle_add(step, PROF_KIND_STEP) != ACL_SUCCESS) {
        free(step);
        return NULL;
    }
    return step;
}

void aclprofDestroyStepInfo(aclprofStepInfo *stepinfo)
{
    if (!aclemu_handle_remove(stepinfo, PROF_KIND_STEP)) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclprofDestroyStepInfo: %p is not a live step info",
                         (void *)stepinfo);
        return;
    }
    free(stepinfo);
}

aclError aclprofGetStepTimestamp(aclprofStepInfo *stepInfo, aclprofStepTag tag, aclrtStream stream)
{
    static const char fn[] = "aclprofGetStepTimestamp";
    if (!aclemu_handle_is(stepInfo, PROF_KIND_STEP)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live step info", fn, (void *)stepInfo);
    }
    if (tag != ACL_STEP_START && tag != ACL_STEP_END) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: tag %d is not ACL_STEP_START or ACL_STEP_END", fn,
                                (int)tag);
    }
    aclError err = aclemu_stream_check(stream, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if ((tag == ACL_STEP_START) == stepInfo->in_step) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s while the step is %s", fn,
                                tag == ACL_STEP_START ? "ACL_STEP_START" : "ACL_STEP_END",
                                stepInfo->in_step ? "open" : "not open");
    }
    uint64_t step = stepInfo->steps;
    stepInfo->in_step = tag == ACL_STEP_START;
    if (tag == ACL_STEP_END) {
        stepInfo->steps++;
    }
    if ((prof_active_types() & (ACL_PROF_TRAINING_TRACE | PROF_TASK_BITS)) == 0) {
        return ACL_SUCCESS;
    }
    char text[MAX_MESSAGE];
    snprintf(text, sizeof text, "step %llu %s", (unsigned long long)step, tag == ACL_STEP_START ? "start" : "end");
    return submit_mark(text, stream, fn);
}

/* ----------------------------------------------------------- aclrtProfTrace */

/* aclrtProfTrace(userdata, length, stream): a stream task carrying a copy of the caller's bytes.
 * When its task is recorded (a collection with task times running on its device), the trace shows
 * it as "aclrtProfTrace", category "user", with args length=<bytes> and data=<hex of the first
 * PROF_TRACE_HEX_BYTES bytes>; otherwise it only takes its place in the stream's order. */
enum { PROF_TRACE_HEX_BYTES = 64 };

typedef struct prof_trace_task {
    size_t length;
    unsigned char data[];
} prof_trace_task;

static aclError run_prof_trace(void *arg)
{
    const prof_trace_task *task = arg;
    char hex[2 * PROF_TRACE_HEX_BYTES + 1];
    size_t shown = task->length < PROF_TRACE_HEX_BYTES ? task->length : PROF_TRACE_HEX_BYTES;
    for (size_t i = 0; i < shown; ++i) {
        snprintf(&hex[2 * i], 3, "%02x", task->data[i]);
    }
    hex[2 * shown] = '\0';
    aclemu_trace_detail("aclrtProfTrace", "user", "length=%zu;data=%s", task->length, hex);
    return ACL_SUCCESS;
}

aclError aclrtProfTrace(void *userdata, int32_t length, aclrtStream stream)
{
    static const char fn[] = "aclrtProfTrace";
    if (userdata == NULL || length <= 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: userdata is NULL or length (%d) is not positive", fn,
                                (int)length);
    }
    aclError err = aclemu_mem_check(userdata, (size_t)length, false, fn, "userdata");
    if (err == ACL_SUCCESS) {
        err = aclemu_stream_check(stream, fn);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    prof_trace_task *task = malloc(sizeof *task + (size_t)length);
    if (task == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    task->length = (size_t)length;
    memcpy(task->data, userdata, (size_t)length);
    return aclemu_stream_submit(stream, run_prof_trace, task, free_mark, fn);
}
