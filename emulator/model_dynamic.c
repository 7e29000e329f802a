/*
 * Gears of dynamic models (see model_info.c for how they are chosen): the setters write the
 * chosen gear into the model's ACL_DYNAMIC_TENSOR_NAME input buffer, as the device runtime
 * does, and aclmdlExecute* read it back from there. The buffer holds gear_len uint64 values.
 */
#include "model_internal.h"

#include <string.h>

static const char *kind_name(model_dynamic_kind kind)
{
    switch (kind) {
    case MODEL_DYNAMIC_BATCH:
        return "a dynamic batch";
    case MODEL_DYNAMIC_HW:
        return "a dynamic height/width";
    case MODEL_DYNAMIC_DIMS:
        return "dynamic dims";
    default:
        return "static shapes";
    }
}

/* Check the arguments shared by the setters and find the gear input buffer. */
static aclError gear_target(uint32_t model_id, aclmdlDataset *dataset, size_t index, const char *fn,
                            emu_model **model_out, aclDataBuffer **buffer_out)
{
    *model_out = NULL;
    if (dataset == NULL || !aclemu_handle_is(dataset, ACLEMU_KIND_DATASET)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dataset is %s", fn,
                                dataset == NULL ? "NULL" : "not a live aclmdlDataset");
    }
    if (index >= dataset->count || !aclemu_handle_is(dataset->buffers[index], ACLEMU_KIND_DATA_BUFFER)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the dataset has no data buffer at index %zu", fn,
                                index);
    }
    aclDataBuffer *buffer = dataset->buffers[index];
    if (buffer->data == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: data buffer %zu has no memory", fn, index);
    }
    emu_model *model = emu_model_acquire(model_id, fn);
    if (model == NULL) {
        return ACL_ERROR_GE_EXEC_MODEL_ID_INVALID;
    }
    const model_info *info = model->info;
    aclError err = ACL_SUCCESS;
    if (info->kind == MODEL_STATIC) {
        err = aclemu_set_error(ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID, "%s: model %u has static shapes", fn,
                               model_id);
    } else if (index != info->num_inputs - 1) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                               "%s: index %zu is not the model's %s input (index %zu; find it with "
                               "aclmdlGetInputIndexByName)",
                               fn, index, ACL_DYNAMIC_TENSOR_NAME, info->num_inputs - 1);
    } else if (buffer->size < sizeof(uint64_t) * info->gear_len) {
        err = aclemu_set_error(ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID,
                               "%s: data buffer %zu holds %zu bytes, the gear needs %zu", fn, index, buffer->size,
                               sizeof(uint64_t) * info->gear_len);
    } else {
        err = aclemu_mem_check(buffer->data, sizeof(uint64_t) * info->gear_len, true, fn, "data buffer");
    }
    if (err != ACL_SUCCESS) {
        emu_model_release(model);
        return err;
    }
    *model_out = model;
    *buffer_out = buffer;
    return ACL_SUCCESS;
}

static aclError select_gear(emu_model *model, aclDataBuffer *buffer, const uint64_t *gear, const char *fn)
{
    const model_info *info = model->info;
    aclError err = ACL_SUCCESS;
    if (model_info_find_gear(info, gear) < 0) {
        err = aclemu_set_error(ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID,
                               "%s: the requested shape is not one of the %zu gears of model %u (see "
                               "ACL_EMU_MODEL_*_GEARS in the emulator documentation)",
                               fn, info->num_gears, model->id);
    } else {
        memcpy(buffer->data, gear, sizeof(uint64_t) * info->gear_len);
    }
    emu_model_release(model);
    return err;
}

aclError aclmdlSetDynamicBatchSize(uint32_t modelId, aclmdlDataset *dataset, size_t index, uint64_t batchSize)
{
    static const char fn[] = "aclmdlSetDynamicBatchSize";
    if (batchSize == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: batchSize is 0", fn);
    }
    emu_model *model = NULL;
    aclDataBuffer *buffer = NULL;
    aclError err = gear_target(modelId, dataset, index, fn, &model, &buffer);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (model->info->kind != MODEL_DYNAMIC_BATCH) {
        err = aclemu_set_error(ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID, "%s: model %u has %s, not a dynamic batch",
                               fn, modelId, kind_name(model->info->kind));
        emu_model_release(model);
        return err;
    }
    return select_gear(model, buffer, &batchSize, fn);
}

aclError aclmdlSetDynamicHWSize(uint32_t modelId, aclmdlDataset *dataset, size_t index, uint64_t height,
                                uint64_t width)
{
    static const char fn[] = "aclmdlSetDynamicHWSize";
    if (height == 0 || width == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: height or width is 0", fn);
    }
    emu_model *model = NULL;
    aclDataBuffer *buffer = NULL;
    aclError err = gear_target(modelId, dataset, index, fn, &model, &buffer);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (model->info->kind != MODEL_DYNAMIC_HW) {
        err = aclemu_set_error(ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID,
                               "%s: model %u has %s, not a dynamic height/width", fn, modelId,
                               kind_name(model->info->kind));
        emu_model_release(model);
        return err;
    }
    uint64_t gear[2] = {height, width};
    return select_gear(model, buffer, gear, fn);
}

/* The gear values behind `dims`: either one value per symbolic dim, or the full shapes of all
 * data inputs one after the other (then the symbolic positions are picked out). */
static aclError gear_from_dims(const model_info *info, const aclmdlIODims *dims, uint64_t *gear, const char *fn)
{
    size_t data_inputs = model_info_data_inputs(info);
    size_t total = 0;
    for (size_t i = 0; i < data_inputs; ++i) {
        total += info->inputs[i].rank;
    }
    uint64_t values[ACL_MAX_DIM_CNT];
    if (dims->dimCount == total && total <= ACL_MAX_DIM_CNT) {
        for (size_t k = 0; k < info->num_symbolic; ++k) {
            size_t offset = info->symbolic_dim[k];
            for (size_t i = 0; i < info->symbolic_input[k]; ++i) {
                offset += info->inputs[i].rank;
            }
            values[k] = (uint64_t)dims->dims[offset];
        }
    } else if (dims->dimCount == info->num_symbolic) {
        for (size_t k = 0; k < info->num_symbolic; ++k) {
            values[k] = (uint64_t)dims->dims[k];
        }
    } else {
        return aclemu_set_error(ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID,
                                "%s: dimCount %zu matches neither the %zu dims of the model inputs nor its %zu "
                                "dynamic dims",
                                fn, dims->dimCount, total, info->num_symbolic);
    }
    for (size_t k = 0; k < info->num_symbolic; ++k) {
        bool same_batch = info->kind != MODEL_DYNAMIC_BATCH || values[k] == values[0];
        if (!same_batch) {
            return aclemu_set_error(ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID,
                                    "%s: the dynamic dims given do not form one of the model's gears", fn);
        }
    }
    memcpy(gear, values, sizeof(uint64_t) * info->gear_len);
    return ACL_SUCCESS;
}

aclError aclmdlSetInputDynamicDims(uint32_t modelId, aclmdlDataset *dataset, size_t index, const aclmdlIODims *dims)
{
    static const char fn[] = "aclmdlSetInputDynamicDims";
    if (dims == NULL || dims->dimCount == 0 || dims->dimCount > ACL_MAX_DIM_CNT) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dims is NULL or its dimCount is 0 or too large", fn);
    }
    emu_model *model = NULL;
    aclDataBuffer *buffer = NULL;
    aclError err = gear_target(modelId, dataset, index, fn, &model, &buffer);
    if (err != ACL_SUCCESS) {
        return err;
    }
    uint64_t gear[ACL_MAX_DIM_CNT];
    err = gear_from_dims(model->info, dims, gear, fn);
    if (err != ACL_SUCCESS) {
        emu_model_release(model);
        return err;
    }
    return select_gear(model, buffer, gear, fn);
}

/* ------------------------------------------------------------------ queries */

static const model_info *filled_desc(const aclmdlDesc *desc, const void *out, const char *fn)
{
    if (!aclemu_handle_is(desc, ACLEMU_KIND_MODEL_DESC) || desc->info == NULL) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: modelDesc is not a live, filled aclmdlDesc", fn);
        return NULL;
    }
    if (out == NULL) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the output argument is NULL", fn);
        return NULL;
    }
    return desc->info;
}

aclError aclmdlGetDynamicBatch(const aclmdlDesc *modelDesc, aclmdlBatch *batch)
{
    const model_info *info = filled_desc(modelDesc, batch, "aclmdlGetDynamicBatch");
    if (info == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    memset(batch, 0, sizeof *batch);
    if (info->kind == MODEL_DYNAMIC_BATCH) {
        batch->batchCount = info->num_gears < ACL_MAX_BATCH_NUM ? info->num_gears : ACL_MAX_BATCH_NUM;
        for (size_t g = 0; g < batch->batchCount; ++g) {
            batch->batch[g] = info->gears[g];
        }
    }
    return ACL_SUCCESS;
}

aclError aclmdlGetDynamicHW(const aclmdlDesc *modelDesc, size_t index, aclmdlHW *hw)
{
    (void)index; /* the runtime asks for -1: the HW gears belong to the model, not an input */
    const model_info *info = filled_desc(modelDesc, hw, "aclmdlGetDynamicHW");
    if (info == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    memset(hw, 0, sizeof *hw);
    if (info->kind == MODEL_DYNAMIC_HW) {
        hw->hwCount = info->num_gears < ACL_MAX_HW_NUM ? info->num_gears : ACL_MAX_HW_NUM;
        for (size_t g = 0; g < hw->hwCount; ++g) {
            hw->hw[g][0] = info->gears[2 * g];
            hw->hw[g][1] = info->gears[2 * g + 1];
        }
    }
    return ACL_SUCCESS;
}

aclError aclmdlGetInputDynamicGearCount(const aclmdlDesc *modelDesc, size_t index, size_t *gearCount)
{
    (void)index;
    const model_info *info = filled_desc(modelDesc, gearCount, "aclmdlGetInputDynamicGearCount");
    if (info == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    *gearCount = info->kind == MODEL_DYNAMIC_DIMS ? info->num_gears : 0;
    return ACL_SUCCESS;
}

aclError aclmdlGetInputDynamicDims(const aclmdlDesc *modelDesc, size_t index, aclmdlIODims *dims, size_t gearCount)
{
    static const char fn[] = "aclmdlGetInputDynamicDims";
    (void)index;
    const model_info *info = filled_desc(modelDesc, dims, fn);
    if (info == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    size_t count = info->kind == MODEL_DYNAMIC_DIMS ? info->num_gears : 0;
    if (gearCount != count) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: gearCount is %zu but the model has %zu dims gears", fn,
                                gearCount, count);
    }
    size_t data_inputs = model_info_data_inputs(info);
    size_t ranks[ACL_MAX_DIM_CNT];
    int64_t shapes[ACL_MAX_DIM_CNT * 8];
    if (data_inputs > 8) {
        return aclemu_set_error(ACL_ERROR_API_NOT_SUPPORT, "%s: the emulator lists dims gears of at most 8 inputs",
                                fn);
    }
    for (size_t g = 0; g < count; ++g) {
        model_info_shapes_for_gear(info, &info->gears[g * info->gear_len], ranks, shapes);
        memset(&dims[g], 0, sizeof dims[g]);
        for (size_t i = 0; i < data_inputs; ++i) {
            for (size_t d = 0; d < ranks[i] && dims[g].dimCount < ACL_MAX_DIM_CNT; ++d) {
                dims[g].dims[dims[g].dimCount++] = shapes[i * ACL_MAX_DIM_CNT + d];
            }
        }
    }
    return ACL_SUCCESS;
}
