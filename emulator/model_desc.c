/* aclmdlDesc: a snapshot of a model's inputs and outputs, and the queries on it. */
#include "model_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

aclmdlDesc *aclmdlCreateDesc(void)
{
    return model_handle_new(sizeof(aclmdlDesc), ACLEMU_KIND_MODEL_DESC, "aclmdlCreateDesc");
}

aclError aclmdlDestroyDesc(aclmdlDesc *modelDesc)
{
    if (!aclemu_handle_remove(modelDesc, ACLEMU_KIND_MODEL_DESC)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclmdlDestroyDesc: modelDesc is %s",
                                modelDesc == NULL ? "NULL" : "not a live aclmdlDesc");
    }
    model_info_unref(modelDesc->info);
    free(modelDesc);
    return ACL_SUCCESS;
}

static aclError check_desc(const aclmdlDesc *desc, const char *fn)
{
    if (!aclemu_handle_is(desc, ACLEMU_KIND_MODEL_DESC)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: modelDesc is %s", fn,
                                desc == NULL ? "NULL" : "not a live aclmdlDesc");
    }
    return ACL_SUCCESS;
}

static void desc_fill(aclmdlDesc *desc, uint32_t model_id, model_info *info)
{
    model_info *old = desc->info;
    desc->info = model_info_ref(info);
    desc->model_id = model_id;
    model_info_unref(old);
}

aclError aclmdlGetDesc(aclmdlDesc *modelDesc, uint32_t modelId)
{
    static const char fn[] = "aclmdlGetDesc";
    aclError err = check_desc(modelDesc, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    emu_model *model = emu_model_acquire(modelId, fn);
    if (model == NULL) {
        return ACL_ERROR_GE_EXEC_MODEL_ID_INVALID;
    }
    desc_fill(modelDesc, modelId, model->info);
    emu_model_release(model);
    return ACL_SUCCESS;
}

/* Describe model bytes without keeping the model: load, snapshot, unload. Model id 0 is never used. */
static aclError desc_from_bytes(aclmdlDesc *desc, const void *data, size_t size, const char *fn)
{
    uint32_t id = 0;
    aclError err = model_load_bytes(data, size, &id, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    emu_model *model = emu_model_acquire(id, fn);
    desc_fill(desc, 0, model->info);
    emu_model_release(model);
    return aclmdlUnload(id);
}

aclError aclmdlGetDescFromFile(aclmdlDesc *modelDesc, const char *modelPath)
{
    static const char fn[] = "aclmdlGetDescFromFile";
    aclError err = check_desc(modelDesc, fn);
    if (err == ACL_SUCCESS && modelPath == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: modelPath is NULL", fn);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    void *data = NULL;
    size_t size = 0;
    err = model_read_file(modelPath, &data, &size, fn);
    if (err == ACL_SUCCESS) {
        err = desc_from_bytes(modelDesc, data, size, fn);
    }
    free(data);
    return err;
}

aclError aclmdlGetDescFromMem(aclmdlDesc *modelDesc, const void *model, size_t modelSize)
{
    static const char fn[] = "aclmdlGetDescFromMem";
    aclError err = check_desc(modelDesc, fn);
    if (err == ACL_SUCCESS && (model == NULL || modelSize == 0)) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: model is NULL or modelSize is 0", fn);
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check(model, modelSize, false, fn, "model");
    }
    return err != ACL_SUCCESS ? err : desc_from_bytes(modelDesc, model, modelSize, fn);
}

/* ------------------------------------------------------------------ lookups */

static const model_info *desc_info(const aclmdlDesc *desc, const char *fn)
{
    if (check_desc(desc, fn) != ACL_SUCCESS) {
        return NULL;
    }
    if (desc->info == NULL) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: modelDesc has not been filled (call aclmdlGetDesc)", fn);
    }
    return desc->info;
}

static const model_tensor_info *desc_tensor(const aclmdlDesc *desc, bool output, size_t index, const char *fn)
{
    const model_info *info = desc_info(desc, fn);
    if (info == NULL) {
        return NULL;
    }
    size_t count = output ? info->num_outputs : info->num_inputs;
    if (index >= count) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: index %zu is out of range (the model has %zu %ss)", fn,
                         index, count, output ? "output" : "input");
        return NULL;
    }
    return output ? &info->outputs[index] : &info->inputs[index];
}

/* The value lives while the desc holds this model's info (until aclmdlDestroyDesc or a refill). */
const char *aclmdlGetOpAttr(aclmdlDesc *modelDesc, const char *opName, const char *attr)
{
    static const char fn[] = "aclmdlGetOpAttr";
    const model_info *info = desc_info(modelDesc, fn);
    if (info == NULL) {
        return NULL;
    }
    if (opName == NULL || attr == NULL) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, opName == NULL ? "opName" : "attr");
        return NULL;
    }
    return model_info_op_attr(info, opName, attr);
}

size_t aclmdlGetNumInputs(aclmdlDesc *modelDesc)
{
    const model_info *info = desc_info(modelDesc, "aclmdlGetNumInputs");
    return info == NULL ? 0 : info->num_inputs;
}

size_t aclmdlGetNumOutputs(aclmdlDesc *modelDesc)
{
    const model_info *info = desc_info(modelDesc, "aclmdlGetNumOutputs");
    return info == NULL ? 0 : info->num_outputs;
}

size_t aclmdlGetInputSizeByIndex(aclmdlDesc *modelDesc, size_t index)
{
    const model_tensor_info *t = desc_tensor(modelDesc, false, index, "aclmdlGetInputSizeByIndex");
    return t == NULL ? 0 : t->max_size;
}

size_t aclmdlGetOutputSizeByIndex(aclmdlDesc *modelDesc, size_t index)
{
    const model_tensor_info *t = desc_tensor(modelDesc, true, index, "aclmdlGetOutputSizeByIndex");
    return t == NULL ? 0 : t->max_size;
}

const char *aclmdlGetInputNameByIndex(const aclmdlDesc *modelDesc, size_t index)
{
    const model_tensor_info *t = desc_tensor(modelDesc, false, index, "aclmdlGetInputNameByIndex");
    return t == NULL ? "" : t->name;
}

const char *aclmdlGetOutputNameByIndex(const aclmdlDesc *modelDesc, size_t index)
{
    const model_tensor_info *t = desc_tensor(modelDesc, true, index, "aclmdlGetOutputNameByIndex");
    return t == NULL ? "" : t->name;
}

aclFormat aclmdlGetInputFormat(const aclmdlDesc *modelDesc, size_t index)
{
    const model_tensor_info *t = desc_tensor(modelDesc, false, index, "aclmdlGetInputFormat");
    return t == NULL ? ACL_FORMAT_UNDEFINED : t->format;
}

aclFormat aclmdlGetOutputFormat(const aclmdlDesc *modelDesc, size_t index)
{
    const model_tensor_info *t = desc_tensor(modelDesc, true, index, "aclmdlGetOutputFormat");
    return t == NULL ? ACL_FORMAT_UNDEFINED : t->format;
}

aclDataType aclmdlGetInputDataType(const aclmdlDesc *modelDesc, size_t index)
{
    const model_tensor_info *t = desc_tensor(modelDesc, false, index, "aclmdlGetInputDataType");
    return t == NULL ? ACL_DT_UNDEFINED : t->dtype;
}

aclDataType aclmdlGetOutputDataType(const aclmdlDesc *modelDesc, size_t index)
{
    const model_tensor_info *t = desc_tensor(modelDesc, true, index, "aclmdlGetOutputDataType");
    return t == NULL ? ACL_DT_UNDEFINED : t->dtype;
}

static aclError index_by_name(const aclmdlDesc *desc, bool output, const char *name, size_t *index, const char *fn)
{
    const model_info *info = desc_info(desc, fn);
    if (info == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    if (name == NULL || index == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, name == NULL ? "name" : "index");
    }
    size_t count = output ? info->num_outputs : info->num_inputs;
    const model_tensor_info *tensors = output ? info->outputs : info->inputs;
    for (size_t i = 0; i < count; ++i) {
        if (strcmp(tensors[i].name, name) == 0) {
            *index = i;
            return ACL_SUCCESS;
        }
    }
    return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the model has no %s named '%s'", fn,
                            output ? "output" : "input", name);
}

aclError aclmdlGetInputIndexByName(const aclmdlDesc *modelDesc, const char *name, size_t *index)
{
    return index_by_name(modelDesc, false, name, index, "aclmdlGetInputIndexByName");
}

aclError aclmdlGetOutputIndexByName(const aclmdlDesc *modelDesc, const char *name, size_t *index)
{
    return index_by_name(modelDesc, true, name, index, "aclmdlGetOutputIndexByName");
}

const char *aclmdlGetTensorRealName(const aclmdlDesc *modelDesc, const char *name)
{
    static const char fn[] = "aclmdlGetTensorRealName";
    size_t index = 0;
    if (index_by_name(modelDesc, false, name, &index, fn) == ACL_SUCCESS) {
        return modelDesc->info->inputs[index].name;
    }
    if (index_by_name(modelDesc, true, name, &index, fn) == ACL_SUCCESS) {
        return modelDesc->info->outputs[index].name;
    }
    return NULL;
}

/* ------------------------------------------------------------------- dims */

static aclError fill_dims(aclmdlIODims *out, const char *name, size_t rank, const int64_t *dims)
{
    memset(out->name, 0, sizeof out->name);
    snprintf(out->name, sizeof out->name, "%s", name);
    out->dimCount = rank;
    memcpy(out->dims, dims, sizeof(int64_t) * rank);
    return ACL_SUCCESS;
}

/* The tensor behind a dims query, with the output argument checked; NULL after recording an error. */
static const model_tensor_info *dims_tensor(const aclmdlDesc *desc, bool output, size_t index, const void *dims,
                                            const char *fn)
{
    const model_tensor_info *t = desc_tensor(desc, output, index, fn);
    if (t != NULL && dims == NULL) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the dims argument is NULL", fn);
        return NULL;
    }
    return t;
}

static aclError input_dims(const aclmdlDesc *desc, size_t index, aclmdlIODims *dims, const char *fn)
{
    const model_tensor_info *t = dims_tensor(desc, false, index, dims, fn);
    return t == NULL ? ACL_ERROR_INVALID_PARAM : fill_dims(dims, t->name, t->rank, t->dims);
}

aclError aclmdlGetInputDims(const aclmdlDesc *modelDesc, size_t index, aclmdlIODims *dims)
{
    return input_dims(modelDesc, index, dims, "aclmdlGetInputDims");
}

aclError aclmdlGetInputDimsV2(const aclmdlDesc *modelDesc, size_t index, aclmdlIODims *dims)
{
    return input_dims(modelDesc, index, dims, "aclmdlGetInputDimsV2");
}

aclError aclmdlGetOutputDims(const aclmdlDesc *modelDesc, size_t index, aclmdlIODims *dims)
{
    const model_tensor_info *t = dims_tensor(modelDesc, true, index, dims, "aclmdlGetOutputDims");
    return t == NULL ? ACL_ERROR_INVALID_PARAM : fill_dims(dims, t->name, t->rank, t->max_dims);
}

/* The shape of the model's last execution, or the largest-gear shape before any. */
aclError aclmdlGetCurOutputDims(const aclmdlDesc *modelDesc, size_t index, aclmdlIODims *dims)
{
    const model_tensor_info *t = dims_tensor(modelDesc, true, index, dims, "aclmdlGetCurOutputDims");
    if (t == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    fill_dims(dims, t->name, t->rank, t->max_dims);
    emu_model *model = emu_model_find(modelDesc->model_id);
    if (model != NULL) {
        pthread_mutex_lock(&model->cur_lock);
        if (model->has_run && model->info == modelDesc->info) {
            fill_dims(dims, t->name, model->cur_ranks[index], &model->cur_dims[index * ACL_MAX_DIM_CNT]);
        }
        pthread_mutex_unlock(&model->cur_lock);
        emu_model_release(model);
    }
    return ACL_SUCCESS;
}

aclError aclmdlGetInputDimsRange(const aclmdlDesc *modelDesc, size_t index, aclmdlIODimsRange *dimsRange)
{
    const model_tensor_info *t = dims_tensor(modelDesc, false, index, dimsRange, "aclmdlGetInputDimsRange");
    if (t == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    const model_info *info = modelDesc->info;
    dimsRange->rangeCount = t->rank;
    for (size_t d = 0; d < t->rank; ++d) {
        int64_t low = t->dims[d];
        int64_t high = t->dims[d];
        for (size_t k = 0; k < info->num_symbolic && index < model_info_data_inputs(info); ++k) {
            if (info->symbolic_input[k] != index || info->symbolic_dim[k] != d) {
                continue;
            }
            for (size_t g = 0; g < info->num_gears; ++g) {
                int64_t v = (int64_t)info->gears[g * info->gear_len + (info->kind == MODEL_DYNAMIC_BATCH ? 0 : k)];
                low = (low < 0 || v < low) ? v : low;
                high = v > high ? v : high;
            }
        }
        dimsRange->range[d][0] = low;
        dimsRange->range[d][1] = high;
    }
    return ACL_SUCCESS;
}
