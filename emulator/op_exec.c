/*
 * Operator execution on a stream (aclopExecute, aclopCompileAndExecute and their V2 forms).
 *
 * An execution is checked completely when it is submitted (kernel, counts, data types,
 * shapes, buffer sizes) so that mistakes come back as the call's return code; the checked
 * call (tensor descriptions, constant data and attributes copied, buffer addresses taken)
 * then runs on the stream's worker thread.
 */
#include "op_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One allocation per call: the task, then its tensors, then its op type's text. */
typedef struct op_task {
    const opk_kernel *kernel;
    opk_call call;
    opk_tensor *tensors;   /* inputs then outputs (in the same block, after the task) */
    int tensor_count;
    aclopAttr *attr;
    char *op_type;         /* in the same block, after the tensors */
    bool deferred;         /* inference waits for input values */
    aclrtStream stream;    /* as given: its registered allocator serves the workspace */
} op_task;

static void task_free(void *arg, bool ran)
{
    (void)ran;
    op_task *task = arg;
    for (int i = 0; i < task->tensor_count; i++) {
        free((void *)task->tensors[i].const_data);
    }
    opk_attr_free(task->attr);
    free(task);
}

/* The task block with copies of `tensors` (constant data too) and of op_type; NULL when out of
 * memory. */
static op_task *new_task(const opk_tensor *tensors, int count, const char *op_type)
{
    size_t type_len = strlen(op_type) + 1;
    op_task *task = calloc(1, sizeof(*task) + (size_t)count * sizeof(opk_tensor) + type_len);
    if (task == NULL) {
        return NULL;
    }
    task->tensors = (opk_tensor *)(task + 1);
    task->op_type = (char *)(task->tensors + count);
    memcpy(task->op_type, op_type, type_len);
    for (int i = 0; i < count; i++) {
        task->tensors[i] = tensors[i];
        task->tensors[i].const_data = NULL;
        if (tensors[i].const_data != NULL &&
            (task->tensors[i].const_data = op_dup_bytes(tensors[i].const_data, tensors[i].const_len)) == NULL) {
            task_free(task, false);
            return NULL;
        }
        task->tensor_count = i + 1;
    }
    return task;
}

/* The op's type and input shapes for a profiling record ("shapes=2x3,2x3"). */
static void trace_op(const op_task *task)
{
    char shapes[160] = "";
    size_t used = 0;
    for (int i = 0; i < task->call.num_inputs && used < sizeof shapes; ++i) {
        const opk_shape *s = &task->call.in[i].shape;
        used += (size_t)snprintf(shapes + used, sizeof shapes - used, "%s", i == 0 ? "" : ",");
        for (int d = 0; d < s->ndim && used < sizeof shapes; ++d) {
            used += (size_t)snprintf(shapes + used, sizeof shapes - used, d == 0 ? "%lld" : "x%lld",
                                     (long long)s->dims[d]);
        }
    }
    aclemu_trace_detail(task->op_type, "op", "op_type=%s;shapes=%s", task->op_type, shapes);
}

static aclError run_kernel(op_task *task)
{
    if (aclemu_trace_on()) {
        trace_op(task);
    }
    task->call.at_run = true;
    if (task->deferred) {
        aclError err = op_infer_outputs(&task->call, task->kernel, false);
        if (err == ACL_SUCCESS) {
            err = op_check_all_buffers(&task->call);
        }
        if (err != ACL_SUCCESS) {
            return err;
        }
    }
    return task->kernel->run(&task->call);
}

/* A tensor of the failed call for aclmdlCreateAndGetOpDesc: an input's bytes when its shape tells how many. */
static aclemu_fault_tensor fault_tensor(const opk_tensor *t, bool input, int64_t *dims)
{
    static const int64_t unknown_rank = -2;
    aclemu_fault_tensor out = {t->dtype, 1, &unknown_rank, NULL, 0};
    if (!t->dynamic) {
        for (int d = 0; d < t->shape.ndim; ++d) {
            dims[d] = t->shape.dims[d];
        }
        out.rank = (size_t)t->shape.ndim;
        out.dims = dims;
        size_t bytes = opk_shape_elements(&t->shape) * opk_dtype_size(t->dtype);
        const void *src = t->const_data != NULL ? t->const_data : t->data;
        size_t held = t->const_data != NULL ? t->const_len : t->size;
        if (input && src != NULL && bytes <= held) {
            out.data = src;
            out.size = bytes;
        }
    }
    return out;
}

/* Failure path only: note the op for the exception report that follows. */
static void note_fault(const op_task *task)
{
    int count = task->call.num_inputs + task->call.num_outputs;
    aclemu_fault_tensor *tensors = calloc((size_t)count, sizeof *tensors);
    int64_t(*dims)[OPK_MAX_DIMS] = calloc((size_t)count, sizeof *dims);
    if (tensors != NULL && dims != NULL) {
        for (int i = 0; i < count; ++i) {
            tensors[i] = fault_tensor(&task->tensors[i], i < task->call.num_inputs, dims[i]);
        }
        aclemu_fault_note_op(task->op_type, tensors, (size_t)task->call.num_inputs,
                             tensors + task->call.num_inputs, (size_t)task->call.num_outputs);
    }
    free(tensors);
    free(dims);
}

/* The kernel's scratch is the op's device workspace: from the stream's allocator when one is
 * registered, given back once the kernel is done. */
static aclError task_run(void *arg)
{
    op_task *task = arg;
    aclemu_workspace_begin(task->stream);
    aclError err = run_kernel(task);
    aclError workspace_err = aclemu_workspace_end();
    if (err != ACL_SUCCESS) {
        note_fault(task);
    }
    return workspace_err != ACL_SUCCESS ? workspace_err : err; /* the allocator's failure explains the kernel's */
}

/* Build, check and queue one operator call. `tensors` (inputs then outputs, buffers set) are
 * copied; when out_descs is given the inferred output shapes are written into them. */
aclError op_submit_call(const char *api, const opk_kernel *kernel, const char *op_type, int num_inputs,
                        int num_outputs, const opk_tensor *tensors, const aclopAttr *attr, bool share_attr,
                        aclTensorDesc *const out_descs[], aclrtStream stream)
{
    /* A bad stream is the error reported first. Descs are updated only for a good one, so those
     * calls check it now; the others have it checked by the submit, or before any other error. */
    aclError err = out_descs != NULL ? aclemu_stream_check(stream, api) : ACL_SUCCESS;
    if (err != ACL_SUCCESS) {
        return err;
    }
    op_task *task = new_task(tensors, num_inputs + num_outputs, op_type);
    if (task == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", api);
    }
    task->kernel = kernel;
    task->stream = stream;
    task->attr = share_attr ? opk_attr_share((aclopAttr *)attr) : opk_attr_clone(attr);
    if (task->attr == NULL) {
        task_free(task, false);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", api);
    }
    task->call = (opk_call){
        .api = api, /* API names are string literals: valid for the life of the task */
        .op_type = task->op_type,
        .num_inputs = num_inputs,
        .num_outputs = num_outputs,
        .in = task->tensors,
        .out = task->tensors + num_inputs,
        .attr = task->attr,
        .at_run = false,
    };
    err = op_infer_outputs(&task->call, kernel, false);
    if (err == OPK_DEFERRED) {
        task->deferred = true;
        err = ACL_SUCCESS;
    } else if (err == ACL_SUCCESS) {
        err = op_check_all_buffers(&task->call);
        for (int j = 0; err == ACL_SUCCESS && out_descs != NULL && j < num_outputs; j++) {
            err = op_update_desc(api, out_descs[j], &task->call.out[j]);
        }
    }
    if (err != ACL_SUCCESS) {
        task_free(task, false);
        aclError stream_err = out_descs == NULL ? aclemu_stream_check(stream, api) : ACL_SUCCESS;
        return stream_err != ACL_SUCCESS ? stream_err : err;
    }
    return aclemu_stream_submit(stream, task_run, task, task_free, api);
}

/* The descs-and-buffers form shared by the execute APIs. */
static aclError execute_descs(const char *api, const char *op_type, int num_inputs, const aclTensorDesc *const in_descs[],
                              const aclDataBuffer *const inputs[], int num_outputs,
                              const aclTensorDesc *const out_descs[], const aclDataBuffer *const outputs[],
                              const aclopAttr *attr, aclrtStream stream, bool update_descs)
{
    const opk_kernel *kernel = NULL;
    opk_tensor *tensors = NULL;
    aclError err = op_prepare_call(api, op_type, num_inputs, in_descs, num_outputs, out_descs, attr, &kernel, &tensors);
    if (err != ACL_SUCCESS) {
        return err;
    }
    err = op_buffers_to_tensors(api, "inputs", num_inputs, inputs, tensors);
    if (err == ACL_SUCCESS) {
        err = op_buffers_to_tensors(api, "outputs", num_outputs, outputs, tensors + num_inputs);
    }
    if (err == ACL_SUCCESS) {
        /* const data is referenced from the descs here; op_submit_call copies it */
        err = op_submit_call(api, kernel, op_type, num_inputs, num_outputs, tensors, attr, false,
                             update_descs ? (aclTensorDesc *const *)out_descs : NULL, stream);
    }
    free(tensors);
    return err;
}

aclError aclopExecute(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[],
                      const aclDataBuffer *const inputs[], int numOutputs, const aclTensorDesc *const outputDesc[],
                      aclDataBuffer *const outputs[], const aclopAttr *attr, aclrtStream stream)
{
    return execute_descs("aclopExecute", opType, numInputs, inputDesc, inputs, numOutputs, outputDesc,
                         (const aclDataBuffer *const *)outputs, attr, stream, false);
}

aclError aclopExecuteV2(const char *opType, int numInputs, aclTensorDesc *inputDesc[], aclDataBuffer *inputs[],
                        int numOutputs, aclTensorDesc *outputDesc[], aclDataBuffer *outputs[], aclopAttr *attr,
                        aclrtStream stream)
{
    return execute_descs("aclopExecuteV2", opType, numInputs, (const aclTensorDesc *const *)inputDesc,
                         (const aclDataBuffer *const *)inputs, numOutputs, (const aclTensorDesc *const *)outputDesc,
                         (const aclDataBuffer *const *)outputs, attr, stream, true);
}

aclError aclopCompileAndExecute(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[],
                                const aclDataBuffer *const inputs[], int numOutputs,
                                const aclTensorDesc *const outputDesc[], aclDataBuffer *const outputs[],
                                const aclopAttr *attr, aclopEngineType engineType, aclopCompileType compileFlag,
                                const char *opPath, aclrtStream stream)
{
    (void)opPath; /* kernels are built in: there is nothing to load from a path */
    const char *api = "aclopCompileAndExecute";
    aclError err = aclemu_require_init(api);
    if (err == ACL_SUCCESS) {
        err = op_check_engine(api, engineType, compileFlag);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    return execute_descs(api, opType, numInputs, inputDesc, inputs, numOutputs, outputDesc,
                         (const aclDataBuffer *const *)outputs, attr, stream, false);
}

aclError aclopCompileAndExecuteV2(const char *opType, int numInputs, aclTensorDesc *inputDesc[],
                                  aclDataBuffer *inputs[], int numOutputs, aclTensorDesc *outputDesc[],
                                  aclDataBuffer *outputs[], aclopAttr *attr, aclopEngineType engineType,
                                  aclopCompileType compileFlag, const char *opPath, aclrtStream stream)
{
    (void)opPath;
    const char *api = "aclopCompileAndExecuteV2";
    aclError err = aclemu_require_init(api);
    if (err == ACL_SUCCESS) {
        err = op_check_engine(api, engineType, compileFlag);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    return execute_descs(api, opType, numInputs, (const aclTensorDesc *const *)inputDesc,
                         (const aclDataBuffer *const *)inputs, numOutputs, (const aclTensorDesc *const *)outputDesc,
                         (const aclDataBuffer *const *)outputs, attr, stream, true);
}
