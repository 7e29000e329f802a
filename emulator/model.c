/*
 * Models: the registered executor, the table of loaded models, aclmdlLoad* and aclmdlUnload.
 *
 * The emulator cannot run device (.om) models; it runs the model they were converted from
 * (found by model_om.c) through the executor registered with aclemuSetModelExecutor (the Python package registers
 * one backed by onnxruntime). Model ids start at 1 and are never reused.
 */
#include "model_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t executor_lock = PTHREAD_MUTEX_INITIALIZER;
static aclemu_model_executor executor;
static bool executor_set;

static pthread_mutex_t models_lock = PTHREAD_MUTEX_INITIALIZER;
static emu_model **models; /* live models, unordered */
static size_t models_count;
static size_t models_capacity;
static uint32_t next_model_id = 1;

/* Bytes of an executor table of ABI `abi` (0: an ABI this emulator does not speak). */
static size_t executor_table_size(uint32_t abi)
{
    switch (abi) {
    case 1:
        return offsetof(aclemu_model_executor, nodes);
    case ACLEMU_MODEL_EXECUTOR_ABI:
        return sizeof(aclemu_model_executor);
    default:
        return 0;
    }
}

int32_t aclemuSetModelExecutor(const aclemu_model_executor *ops)
{
    size_t size = ops == NULL ? 0 : executor_table_size(ops->abi_version);
    if (ops != NULL && (size == 0 || ops->load == NULL || ops->describe == NULL || ops->infer == NULL ||
                        ops->run == NULL || ops->unload == NULL)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "aclemuSetModelExecutor: executor table of ABI %u is incomplete or unknown "
                                "(this emulator speaks ABI 1 to %u)",
                                ops->abi_version, ACLEMU_MODEL_EXECUTOR_ABI);
    }
    pthread_mutex_lock(&executor_lock);
    executor_set = ops != NULL;
    if (ops != NULL) {
        memset(&executor, 0, sizeof executor);
        memcpy(&executor, ops, size); /* an ABI 1 table stops before `nodes`, which stays NULL */
    }
    pthread_mutex_unlock(&executor_lock);
    return ACL_SUCCESS;
}

static bool current_executor(aclemu_model_executor *out)
{
    pthread_mutex_lock(&executor_lock);
    bool set = executor_set;
    if (set) {
        *out = executor;
    }
    pthread_mutex_unlock(&executor_lock);
    return set;
}

void *model_handle_new(size_t size, int kind, const char *fn)
{
    void *handle = calloc(1, size);
    if (handle == NULL) {
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        return NULL;
    }
    if (aclemu_handle_add(handle, kind) != ACL_SUCCESS) {
        free(handle);
        return NULL;
    }
    return handle;
}

/* ---------------------------------------------------------------- registry */

static void model_free(emu_model *model)
{
    model->ops.unload(model->token);
    model_info_unref(model->info);
    pthread_mutex_destroy(&model->cur_lock);
    free(model->cur_ranks);
    free(model->cur_dims);
    free(model);
}

void emu_model_release(emu_model *model)
{
    if (model != NULL && atomic_fetch_sub(&model->refs, 1) == 1) {
        model_free(model);
    }
}

emu_model *emu_model_find(uint32_t model_id)
{
    emu_model *found = NULL;
    pthread_mutex_lock(&models_lock);
    for (size_t i = 0; i < models_count; ++i) {
        if (models[i]->id == model_id) {
            found = models[i];
            atomic_fetch_add(&found->refs, 1);
            break;
        }
    }
    pthread_mutex_unlock(&models_lock);
    return found;
}

emu_model *emu_model_acquire(uint32_t model_id, const char *fn)
{
    emu_model *found = emu_model_find(model_id);
    if (found == NULL) {
        aclemu_set_error(ACL_ERROR_GE_EXEC_MODEL_ID_INVALID, "%s: model id %u is not loaded", fn, model_id);
    }
    return found;
}

static aclError registry_add(emu_model *model, const char *fn)
{
    pthread_mutex_lock(&models_lock);
    if (models_count == models_capacity) {
        size_t capacity = models_capacity ? models_capacity * 2 : 16;
        emu_model **grown = realloc(models, capacity * sizeof *grown);
        if (grown == NULL) {
            pthread_mutex_unlock(&models_lock);
            return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        }
        models = grown;
        models_capacity = capacity;
    }
    model->id = next_model_id++;
    models[models_count++] = model;
    pthread_mutex_unlock(&models_lock);
    return ACL_SUCCESS;
}

static emu_model *registry_take(uint32_t model_id)
{
    emu_model *found = NULL;
    pthread_mutex_lock(&models_lock);
    for (size_t i = 0; i < models_count; ++i) {
        if (models[i]->id == model_id) {
            found = models[i];
            models[i] = models[--models_count];
            break;
        }
    }
    pthread_mutex_unlock(&models_lock);
    return found;
}

/* ------------------------------------------------------------------- loading */

aclError model_read_plain_file(const char *path, void **data, size_t *size, const char *fn)
{
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        return aclemu_set_error(ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID, "%s: cannot open model file '%s': %s", fn,
                                path, strerror(errno));
    }
    aclError err = ACL_SUCCESS;
    long length = -1;
    if (fseek(file, 0, SEEK_END) == 0) {
        length = ftell(file);
    }
    unsigned char *bytes = NULL;
    if (length <= 0 || fseek(file, 0, SEEK_SET) != 0) {
        err = aclemu_set_error(ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID, "%s: model file '%s' is empty or unreadable",
                               fn, path);
    } else if ((bytes = malloc((size_t)length)) == NULL) {
        err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: cannot hold the %ld bytes of '%s'", fn, length, path);
    } else if (fread(bytes, 1, (size_t)length, file) != (size_t)length) {
        err = aclemu_set_error(ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID, "%s: short read on model file '%s'", fn,
                               path);
        free(bytes);
        bytes = NULL;
    }
    fclose(file);
    *data = bytes;
    *size = err == ACL_SUCCESS ? (size_t)length : 0;
    return err;
}

aclError model_read_file(const char *path, void **data, size_t *size, const char *fn)
{
    aclError err = model_read_plain_file(path, data, size, fn);
    if (err != ACL_SUCCESS || !model_om_is(*data, *size)) {
        return err;
    }
    void *onnx = NULL;
    size_t onnx_size = 0;
    err = model_om_stand_in(path, *data, *size, &onnx, &onnx_size, fn);
    free(*data);
    *data = onnx;
    *size = onnx_size;
    return err;
}

static aclError check_loadable(const char *fn, aclemu_model_executor *ops)
{
    if (!current_executor(ops)) {
        return aclemu_set_error(ACL_ERROR_FEATURE_UNSUPPORTED,
                                "%s: no model executor is registered with the emulator (the Python package "
                                "registers its onnxruntime executor when acl.mdl is used)",
                                fn);
    }
    return ACL_SUCCESS;
}

static aclError load_parsed(const void *data, size_t size, uint32_t *model_id, const char *fn)
{
    aclemu_model_executor ops;
    aclError err = check_loadable(fn, &ops);
    if (err != ACL_SUCCESS) {
        return err;
    }
    uint64_t token = 0;
    size_t num_inputs = 0;
    size_t num_outputs = 0;
    char msg[MODEL_MSG_LEN] = "";
    err = ops.load(data, size, &token, &num_inputs, &num_outputs, msg, sizeof msg);
    if (err != ACL_SUCCESS) {
        msg[sizeof msg - 1] = '\0';
        return aclemu_set_error(err, "%s: %s", fn, msg[0] ? msg : "the model executor rejected the model");
    }
    model_info *info = NULL;
    err = model_info_build(&ops, token, num_inputs, num_outputs, fn, &info);
    emu_model *model = err == ACL_SUCCESS ? calloc(1, sizeof *model) : NULL;
    if (model == NULL) {
        ops.unload(token);
        model_info_unref(info);
        return err != ACL_SUCCESS ? err : aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    atomic_init(&model->refs, 1);
    atomic_init(&model->dump_iteration, 0);
    atomic_init(&model->priority, 0);
    model->device = aclemu_current_device();
    model->ops = ops;
    model->token = token;
    model->info = info;
    pthread_mutex_init(&model->cur_lock, NULL);
    model->cur_ranks = calloc(info->num_outputs + 1, sizeof(size_t));
    model->cur_dims = calloc((info->num_outputs + 1) * ACL_MAX_DIM_CNT, sizeof(int64_t));
    if (model->cur_ranks == NULL || model->cur_dims == NULL) {
        model_free(model);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    err = registry_add(model, fn);
    if (err != ACL_SUCCESS) {
        model_free(model);
        return err;
    }
    *model_id = model->id;
    return ACL_SUCCESS;
}

aclError model_load_bytes(const void *data, size_t size, uint32_t *model_id, const char *fn)
{
    if (!model_om_is(data, size)) {
        return load_parsed(data, size, model_id, fn);
    }
    void *onnx = NULL;
    size_t onnx_size = 0;
    aclError err = model_om_stand_in(NULL, data, size, &onnx, &onnx_size, fn);
    if (err == ACL_SUCCESS) {
        err = load_parsed(onnx, onnx_size, model_id, fn);
    }
    free(onnx);
    return err;
}

static aclError load_preconditions(const void *what, const uint32_t *model_id, const char *fn)
{
    aclError err = aclemu_require_init(fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (what == NULL || model_id == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn,
                                what == NULL ? "the model" : "modelId");
    }
    int32_t device = -1;
    return aclemu_require_device(fn, &device);
}

aclError model_load_file(const char *path, uint32_t *model_id, const char *fn)
{
    aclError err = load_preconditions(path, model_id, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    void *data = NULL;
    size_t size = 0;
    err = model_read_file(path, &data, &size, fn);
    if (err == ACL_SUCCESS) {
        err = model_load_bytes(data, size, model_id, fn);
    }
    free(data);
    return err;
}

aclError model_load_mem(const void *data, size_t size, uint32_t *model_id, const char *fn)
{
    aclError err = load_preconditions(data, model_id, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (size == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: modelSize is 0", fn);
    }
    err = aclemu_mem_check(data, size, false, fn, "model");
    if (err != ACL_SUCCESS) {
        return err;
    }
    return model_load_bytes(data, size, model_id, fn);
}

/* The caller-provided work/weight memory: the executor keeps its own, but the ranges must be valid. */
static aclError check_user_memory(void *work, size_t work_size, void *weight, size_t weight_size, const char *fn)
{
    aclError err = ACL_SUCCESS;
    if (work != NULL || work_size != 0) {
        err = aclemu_mem_check(work, work_size, true, fn, "workPtr");
    }
    if (err == ACL_SUCCESS && (weight != NULL || weight_size != 0)) {
        err = aclemu_mem_check(weight, weight_size, true, fn, "weightPtr");
    }
    return err;
}

aclError aclmdlLoadFromFile(const char *modelPath, uint32_t *modelId)
{
    return model_load_file(modelPath, modelId, "aclmdlLoadFromFile");
}

aclError aclmdlLoadFromMem(const void *model, size_t modelSize, uint32_t *modelId)
{
    return model_load_mem(model, modelSize, modelId, "aclmdlLoadFromMem");
}

aclError aclmdlLoadFromFileWithMem(const char *modelPath, uint32_t *modelId, void *workPtr, size_t workSize,
                                   void *weightPtr, size_t weightSize)
{
    static const char fn[] = "aclmdlLoadFromFileWithMem";
    aclError err = check_user_memory(workPtr, workSize, weightPtr, weightSize, fn);
    return err != ACL_SUCCESS ? err : model_load_file(modelPath, modelId, fn);
}

aclError aclmdlLoadFromMemWithMem(const void *model, size_t modelSize, uint32_t *modelId, void *workPtr,
                                  size_t workSize, void *weightPtr, size_t weightSize)
{
    static const char fn[] = "aclmdlLoadFromMemWithMem";
    aclError err = check_user_memory(workPtr, workSize, weightPtr, weightSize, fn);
    return err != ACL_SUCCESS ? err : model_load_mem(model, modelSize, modelId, fn);
}

aclError aclmdlUnload(uint32_t modelId)
{
    emu_model *model = registry_take(modelId);
    if (model == NULL) {
        return aclemu_set_error(ACL_ERROR_GE_EXEC_MODEL_ID_INVALID, "aclmdlUnload: model id %u is not loaded",
                                modelId);
    }
    /* An execution still queued on a stream holds its own reference: the executor's copy of the
     * model goes when that execution is done. */
    emu_model_release(model);
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------- size queries */

/* Work size: the bytes of every input and output at their largest gear; weight size: the model. */
aclError model_query_sizes(const void *data, size_t size, size_t *work_size, size_t *weight_size, const char *fn)
{
    uint32_t id = 0;
    aclError err = model_load_bytes(data, size, &id, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    emu_model *model = emu_model_acquire(id, fn);
    size_t work = 0;
    for (size_t i = 0; i < model->info->num_inputs; ++i) {
        work += model->info->inputs[i].max_size;
    }
    for (size_t o = 0; o < model->info->num_outputs; ++o) {
        work += model->info->outputs[o].max_size;
    }
    emu_model_release(model);
    aclmdlUnload(id);
    *work_size = work;
    *weight_size = size;
    return ACL_SUCCESS;
}

aclError aclmdlQuerySize(const char *fileName, size_t *workSize, size_t *weightSize)
{
    static const char fn[] = "aclmdlQuerySize";
    if (fileName == NULL || workSize == NULL || weightSize == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: an argument is NULL", fn);
    }
    void *data = NULL;
    size_t size = 0;
    aclError err = model_read_file(fileName, &data, &size, fn);
    if (err == ACL_SUCCESS) {
        err = model_query_sizes(data, size, workSize, weightSize, fn);
    }
    free(data);
    return err;
}

aclError aclmdlQuerySizeFromMem(const void *model, size_t modelSize, size_t *workSize, size_t *weightSize)
{
    static const char fn[] = "aclmdlQuerySizeFromMem";
    if (model == NULL || modelSize == 0 || workSize == NULL || weightSize == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: an argument is NULL or 0", fn);
    }
    aclError err = aclemu_mem_check(model, modelSize, false, fn, "model");
    return err != ACL_SUCCESS ? err : model_query_sizes(model, modelSize, workSize, weightSize, fn);
}
