/*
 * aclmdlExecute and its asynchronous and V2 forms.
 *
 * Everything the caller can get wrong (model id, datasets, buffer sizes, the chosen gear) is
 * checked when the call is made, so an asynchronous execution fails early like a synchronous
 * one; the stream task only runs the executor. A task holds a model reference, so unloading
 * the model meanwhile is safe (the model goes when the task is done).
 */
#include "model_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct exec_plan {
    emu_model *model; /* referenced */
    const char *fn;   /* API name for errors raised on the stream */
    aclmdlDataset *output;
    size_t num_in;    /* data inputs (the gear input is consumed here) */
    size_t num_out;
    void **in_data;
    size_t *in_sizes;
    size_t *in_ranks;
    int64_t *in_dims;
    void **out_data;
    size_t *out_sizes;
    size_t *out_ranks;
    int64_t *out_dims;
} exec_plan;

static void plan_free(exec_plan *plan)
{
    if (plan == NULL) {
        return;
    }
    emu_model_release(plan->model);
    free(plan->in_data);
    free(plan->in_sizes);
    free(plan->in_ranks);
    free(plan->in_dims);
    free(plan->out_data);
    free(plan->out_sizes);
    free(plan->out_ranks);
    free(plan->out_dims);
    free(plan);
}

static aclError plan_alloc(exec_plan *plan, const char *fn)
{
    size_t n_in = plan->num_in + 1;
    size_t n_out = plan->num_out + 1;
    plan->in_data = calloc(n_in, sizeof(void *));
    plan->in_sizes = calloc(n_in, sizeof(size_t));
    plan->in_ranks = calloc(n_in, sizeof(size_t));
    plan->in_dims = calloc(n_in * ACL_MAX_DIM_CNT, sizeof(int64_t));
    plan->out_data = calloc(n_out, sizeof(void *));
    plan->out_sizes = calloc(n_out, sizeof(size_t));
    plan->out_ranks = calloc(n_out, sizeof(size_t));
    plan->out_dims = calloc(n_out * ACL_MAX_DIM_CNT, sizeof(int64_t));
    if (plan->in_data == NULL || plan->in_sizes == NULL || plan->in_ranks == NULL || plan->in_dims == NULL ||
        plan->out_data == NULL || plan->out_sizes == NULL || plan->out_ranks == NULL || plan->out_dims == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    return ACL_SUCCESS;
}

static aclError check_dataset(const aclmdlDataset *dataset, size_t expected, const char *what, const char *fn)
{
    if (dataset == NULL || !aclemu_handle_is(dataset, ACLEMU_KIND_DATASET)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the %s dataset is %s", fn, what,
                                dataset == NULL ? "NULL" : "not a live aclmdlDataset");
    }
    if (dataset->count != expected) {
        return aclemu_set_error(ACL_ERROR_GE_PARAM_INVALID,
                                "%s: the %s dataset holds %zu buffers but the model has %zu %ss", fn, what,
                                dataset->count, expected, what);
    }
    for (size_t i = 0; i < dataset->count; ++i) {
        if (!aclemu_handle_is(dataset->buffers[i], ACLEMU_KIND_DATA_BUFFER)) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s buffer %zu is not a live aclDataBuffer", fn,
                                    what, i);
        }
    }
    return ACL_SUCCESS;
}

/* The gear selected through the control input, as aclmdlSetDynamic* wrote it. */
static aclError read_gear(const model_info *info, const aclmdlDataset *input, uint64_t *gear, const char *fn)
{
    const aclDataBuffer *buffer = input->buffers[info->num_inputs - 1];
    size_t need = sizeof(uint64_t) * info->gear_len;
    if (buffer->data == NULL) {
        return aclemu_set_error(ACL_ERROR_GE_DYNAMIC_INPUT_ADDR_INVALID,
                                "%s: the %s input (index %zu) has no memory", fn, ACL_DYNAMIC_TENSOR_NAME,
                                info->num_inputs - 1);
    }
    if (buffer->size < need) {
        return aclemu_set_error(ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID,
                                "%s: the %s input holds %zu bytes, the model needs %zu", fn,
                                ACL_DYNAMIC_TENSOR_NAME, buffer->size, need);
    }
    aclError err = aclemu_mem_check(buffer->data, need, true, fn, ACL_DYNAMIC_TENSOR_NAME);
    if (err != ACL_SUCCESS) {
        return err;
    }
    memcpy(gear, buffer->data, need);
    if (model_info_find_gear(info, gear) < 0) {
        return aclemu_set_error(ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID,
                                "%s: no gear of the model has been selected (set one with "
                                "aclmdlSetDynamicBatchSize, aclmdlSetDynamicHWSize or aclmdlSetInputDynamicDims "
                                "on input %zu first)",
                                fn, info->num_inputs - 1);
    }
    return ACL_SUCCESS;
}

static void describe_shape(char *out, size_t out_len, const model_tensor_info *t, size_t rank, const int64_t *dims)
{
    int used = snprintf(out, out_len, "dtype %d [", (int)t->dtype);
    for (size_t d = 0; d < rank && used > 0 && (size_t)used < out_len; ++d) {
        used += snprintf(out + used, out_len - (size_t)used, d ? ",%lld" : "%lld", (long long)dims[d]);
    }
    if (used > 0 && (size_t)used < out_len) {
        snprintf(out + used, out_len - (size_t)used, "]");
    }
}

static aclError plan_inputs(exec_plan *plan, const aclmdlDataset *input, const char *fn)
{
    const model_info *info = plan->model->info;
    uint64_t gear[ACL_MAX_DIM_CNT * 2] = {0};
    if (info->kind != MODEL_STATIC) {
        aclError err = read_gear(info, input, gear, fn);
        if (err != ACL_SUCCESS) {
            return err;
        }
    }
    model_info_shapes_for_gear(info, gear, plan->in_ranks, plan->in_dims);
    for (size_t i = 0; i < plan->num_in; ++i) {
        const aclDataBuffer *buffer = input->buffers[i];
        const model_tensor_info *t = &info->inputs[i];
        const int64_t *dims = &plan->in_dims[i * ACL_MAX_DIM_CNT];
        size_t need = model_tensor_bytes(t->dtype, plan->in_ranks[i], dims, NULL);
        if (buffer->size < need) {
            char shape[256];
            describe_shape(shape, sizeof shape, t, plan->in_ranks[i], dims);
            bool half = t->dtype == ACL_FLOAT && buffer->size * 2 == need;
            return aclemu_set_error(ACL_ERROR_GE_PARAM_INVALID,
                                    "%s: input %zu ('%s') holds %zu bytes but the model needs %zu (%s)%s", fn, i,
                                    t->name, buffer->size, need, shape,
                                    half ? "; the size fits float16 data, but this input is float32" : "");
        }
        if (buffer->size > need && aclemu_strict()) {
            /* Accepted like the runtime does, but often float32 data fed to a float16 input. */
            aclemu_diag("%s: input %zu ('%s') holds %zu bytes, the model reads only the first %zu", fn, i, t->name,
                        buffer->size, need);
        }
        aclError err = aclemu_mem_check(buffer->data, need, true, fn, "input buffer");
        if (err != ACL_SUCCESS) {
            return err;
        }
        plan->in_data[i] = buffer->data;
        plan->in_sizes[i] = need;
    }
    return ACL_SUCCESS;
}

static aclError plan_outputs(exec_plan *plan, const aclmdlDataset *output, const char *fn)
{
    const model_info *info = plan->model->info;
    for (size_t o = 0; o < plan->num_out; ++o) {
        const aclDataBuffer *buffer = output->buffers[o];
        const model_tensor_info *t = &info->outputs[o];
        /* A static model's outputs are known now; a dynamic one's are checked by the executor. */
        if (info->kind == MODEL_STATIC && buffer->size < t->max_size) {
            return aclemu_set_error(ACL_ERROR_GE_PARAM_INVALID,
                                    "%s: output %zu ('%s') holds %zu bytes but the model writes %zu", fn, o,
                                    t->name, buffer->size, t->max_size);
        }
        aclError err = aclemu_mem_check(buffer->data, buffer->size, true, fn, "output buffer");
        if (err != ACL_SUCCESS) {
            return err;
        }
        plan->out_data[o] = buffer->data;
        plan->out_sizes[o] = buffer->size;
    }
    return ACL_SUCCESS;
}

static aclError plan_make(uint32_t model_id, const aclmdlDataset *input, aclmdlDataset *output,
                          const char *fn, exec_plan **out)
{
    *out = NULL;
    int32_t device = -1;
    aclError err = aclemu_require_device(fn, &device);
    if (err != ACL_SUCCESS) {
        return err;
    }
    emu_model *model = emu_model_acquire(model_id, fn);
    if (model == NULL) {
        return ACL_ERROR_GE_EXEC_MODEL_ID_INVALID;
    }
    exec_plan *plan = calloc(1, sizeof *plan);
    if (plan == NULL) {
        emu_model_release(model);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    plan->model = model;
    plan->fn = fn;
    plan->output = output;
    plan->num_in = model_info_data_inputs(model->info);
    plan->num_out = model->info->num_outputs;
    err = plan_alloc(plan, fn);
    if (err == ACL_SUCCESS) {
        err = check_dataset(input, model->info->num_inputs, "input", fn);
    }
    if (err == ACL_SUCCESS) {
        err = check_dataset(output, model->info->num_outputs, "output", fn);
    }
    if (err == ACL_SUCCESS) {
        err = plan_inputs(plan, input, fn);
    }
    if (err == ACL_SUCCESS) {
        err = plan_outputs(plan, output, fn);
    }
    if (err != ACL_SUCCESS) {
        plan_free(plan);
        return err;
    }
    *out = plan;
    return ACL_SUCCESS;
}

/* Outputs whose shape depends on the run: the output dataset gets a tensor desc per output with
 * the shape produced (aclmdlGetDatasetTensorDesc), as for the runtime's dynamic-shape models. */
static aclError describe_outputs(const exec_plan *plan, const char *fn)
{
    const model_info *info = plan->model->info;
    for (size_t o = 0; o < plan->num_out; ++o) {
        aclTensorDesc *desc = aclemu_tensor_desc_new(info->outputs[o].dtype, plan->out_ranks[o],
                                                     &plan->out_dims[o * ACL_MAX_DIM_CNT], info->outputs[o].format);
        aclError err = desc == NULL ? aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn)
                                       : aclmdlSetDatasetTensorDesc(plan->output, desc, o);
        aclemu_tensor_desc_free(desc);
        if (err != ACL_SUCCESS) {
            return err;
        }
    }
    return ACL_SUCCESS;
}

static aclError plan_run(exec_plan *plan, const char *fn)
{
    emu_model *model = plan->model;
    char msg[MODEL_MSG_LEN] = "";
    uint64_t prof_start = aclemu_prof_model_begin(model->id);
    int32_t rc = model->ops.run(model->token, plan->in_data, plan->in_sizes, plan->in_ranks, plan->in_dims,
                                plan->out_data, plan->out_sizes, plan->out_ranks, plan->out_dims, msg, sizeof msg);
    aclemu_prof_model_end(model->id, prof_start, rc);
    if (rc != ACL_SUCCESS) {
        msg[sizeof msg - 1] = '\0';
        return aclemu_set_error(rc, "%s: model %u failed: %s", fn, model->id, msg[0] ? msg : "executor error");
    }
    pthread_mutex_lock(&model->cur_lock);
    memcpy(model->cur_ranks, plan->out_ranks, sizeof(size_t) * plan->num_out);
    memcpy(model->cur_dims, plan->out_dims, sizeof(int64_t) * ACL_MAX_DIM_CNT * plan->num_out);
    model->has_run = true;
    pthread_mutex_unlock(&model->cur_lock);
    model_dump_execution(model, model->device, plan->in_data, plan->in_sizes, plan->in_ranks, plan->in_dims,
                         plan->num_in, plan->out_data, plan->out_ranks, plan->out_dims, plan->num_out);
    return model->info->symbolic_outputs ? describe_outputs(plan, fn) : ACL_SUCCESS;
}

aclError aclmdlExecute(uint32_t modelId, const aclmdlDataset *input, aclmdlDataset *output)
{
    static const char fn[] = "aclmdlExecute";
    exec_plan *plan = NULL;
    aclError err = plan_make(modelId, input, output, fn, &plan);
    if (err == ACL_SUCCESS) {
        err = plan_run(plan, fn);
        plan_free(plan);
    }
    return err;
}

/* ------------------------------------------------------------ stream tasks */

static aclError task_run(void *arg)
{
    exec_plan *plan = arg;
    aclError err = plan_run(plan, plan->fn);
    if (err == ACL_ERROR_RT_MODEL_EXECUTE) { /* the executor failed inside the model, maybe in one node */
        model_fault_capture(plan->model, plan->in_data, plan->in_sizes, plan->in_ranks, plan->in_dims);
    }
    return err;
}

static void task_free(void *arg, bool ran)
{
    (void)ran;
    plan_free(arg);
}

static aclError submit(uint32_t model_id, const aclmdlDataset *input, aclmdlDataset *output, aclrtStream stream,
                       const char *fn)
{
    aclError err = aclemu_stream_check(stream, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    exec_plan *plan = NULL;
    err = plan_make(model_id, input, output, fn, &plan);
    if (err != ACL_SUCCESS) {
        return err;
    }
    return aclemu_stream_submit(stream, task_run, plan, task_free, fn);
}

static aclError check_exec_config(const aclmdlExecConfigHandle *handle, const char *fn)
{
    if (handle != NULL && !aclemu_handle_is(handle, ACLEMU_KIND_MODEL_EXEC_CONFIG)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: handle is not a live aclmdlExecConfigHandle", fn);
    }
    return ACL_SUCCESS;
}

aclError aclmdlExecuteAsync(uint32_t modelId, const aclmdlDataset *input, aclmdlDataset *output, aclrtStream stream)
{
    return submit(modelId, input, output, stream, "aclmdlExecuteAsync");
}

aclError aclmdlExecuteAsyncV2(uint32_t modelId, const aclmdlDataset *input, aclmdlDataset *output,
                              aclrtStream stream, const aclmdlExecConfigHandle *handle)
{
    static const char fn[] = "aclmdlExecuteAsyncV2";
    aclError err = check_exec_config(handle, fn);
    return err != ACL_SUCCESS ? err : submit(modelId, input, output, stream, fn);
}

aclError aclmdlExecuteV2(uint32_t modelId, const aclmdlDataset *input, aclmdlDataset *output, aclrtStream stream,
                         const aclmdlExecConfigHandle *handle)
{
    static const char fn[] = "aclmdlExecuteV2";
    aclError err = check_exec_config(handle, fn);
    if (err == ACL_SUCCESS) {
        err = submit(modelId, input, output, stream, fn);
    }
    /* Synchronous: wait on the stream so work queued before (input copies) runs first. */
    return err != ACL_SUCCESS ? err : aclemu_stream_sync(stream, -1, fn);
}
