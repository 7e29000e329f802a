/*
 * Dynamic AIPP parameter sets (aclmdlAIPP): created, validated with the runtime's ranges and
 * stored. AIPP is compiled into a device model by the offline converter, so an ONNX model run
 * by the emulator never has an AIPP input: attaching a set to a model input reports that.
 */
#include "model_internal.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

enum {
    AIPP_IMAGE_MIN = 1,
    AIPP_IMAGE_MAX = 4096,
    AIPP_SCF_MIN = 16,
    AIPP_SCF_OUT_W_MAX = 1920,
    AIPP_PADDING_MAX = 32,
    AIPP_MEAN_MAX = 255,
    AIPP_CSC_MIN = -32677,
    AIPP_CSC_MAX = 32676,
    /* Byte layout of the parameter block a device model reads: a common header then one block
     * per batch (aclmdlGetAippDataSize). */
    AIPP_HEADER_BYTES = 64,
    AIPP_BATCH_BYTES = 96
};
#define AIPP_MIN_CHN_MAX 255.0f
#define AIPP_VAR_RECI_LIMIT 65504.0f

typedef struct aipp_batch {
    int8_t crop_switch, scf_switch, padding_switch;
    int32_t crop[4];    /* start W, start H, size W, size H */
    int32_t scf[4];     /* in W, in H, out W, out H */
    int32_t padding[4]; /* top, bottom, left, right */
    int16_t mean[4];
    float min[4];
    float var_reci[4];
} aipp_batch;

struct aclmdlAIPP {
    uint64_t batch_size;
    aclAippInputFormat input_format;
    int8_t csc_switch, rbuv_swap, ax_swap;
    int16_t csc_matrix[9];
    uint8_t csc_bias[6]; /* output R0..R2, input R0..R2 */
    int32_t src_w, src_h;
    aipp_batch *batches;
};

aclmdlAIPP *aclmdlCreateAIPP(uint64_t batchSize)
{
    static const char fn[] = "aclmdlCreateAIPP";
    if (batchSize == 0) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: batchSize is 0", fn);
        return NULL;
    }
    aclmdlAIPP *aipp = calloc(1, sizeof *aipp);
    aipp_batch *batches = batchSize > SIZE_MAX / sizeof(aipp_batch) ? NULL : calloc(batchSize, sizeof *batches);
    if (aipp == NULL || batches == NULL) {
        free(aipp);
        free(batches);
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: cannot hold %llu batches", fn, (unsigned long long)batchSize);
        return NULL;
    }
    aipp->batch_size = batchSize;
    aipp->batches = batches;
    if (aclemu_handle_add(aipp, ACLEMU_KIND_MODEL_AIPP) != ACL_SUCCESS) {
        free(batches);
        free(aipp);
        return NULL;
    }
    return aipp;
}

aclError aclmdlDestroyAIPP(const aclmdlAIPP *aippParmsSet)
{
    if (!aclemu_handle_remove(aippParmsSet, ACLEMU_KIND_MODEL_AIPP)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclmdlDestroyAIPP: aippParmsSet is not a live aclmdlAIPP");
    }
    free(aippParmsSet->batches);
    free((void *)aippParmsSet);
    return ACL_SUCCESS;
}

aclError aclmdlGetAippDataSize(uint64_t batchSize, size_t *size)
{
    if (size == NULL || batchSize == 0 || batchSize > (SIZE_MAX - AIPP_HEADER_BYTES) / AIPP_BATCH_BYTES) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclmdlGetAippDataSize: size is NULL or batchSize is 0 "
                                                         "or too large");
    }
    *size = AIPP_HEADER_BYTES + (size_t)batchSize * AIPP_BATCH_BYTES;
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------- validation */

static aclError check_aipp(const aclmdlAIPP *aipp, const char *fn)
{
    if (!aclemu_handle_is(aipp, ACLEMU_KIND_MODEL_AIPP)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: aippParmsSet is not a live aclmdlAIPP", fn);
    }
    return ACL_SUCCESS;
}

static aclError check_batch(const aclmdlAIPP *aipp, uint64_t batch_index, const char *fn)
{
    aclError err = check_aipp(aipp, fn);
    if (err == ACL_SUCCESS && batch_index >= aipp->batch_size) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: batchIndex %llu is not below the batch size %llu",
                               fn, (unsigned long long)batch_index, (unsigned long long)aipp->batch_size);
    }
    return err;
}

static aclError in_range(long long value, long long low, long long high, const char *what, const char *fn)
{
    if (value < low || value > high) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is %lld, outside [%lld, %lld]", fn, what, value,
                                low, high);
    }
    return ACL_SUCCESS;
}

static aclError in_range_f(float value, float low, float high, const char *what, const char *fn)
{
    if (!(value >= low && value <= high)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is %g, outside [%g, %g]", fn, what, (double)value,
                                (double)low, (double)high);
    }
    return ACL_SUCCESS;
}

static aclError check_switch(int8_t value, const char *what, const char *fn)
{
    return in_range(value, 0, 1, what, fn);
}

/* Check each of `count` values against one range; stops at the first bad one. */
static aclError all_in_range(const int32_t *values, size_t count, long long low, long long high,
                             const char *const *names, const char *fn)
{
    for (size_t i = 0; i < count; ++i) {
        aclError err = in_range(values[i], low, high, names[i], fn);
        if (err != ACL_SUCCESS) {
            return err;
        }
    }
    return ACL_SUCCESS;
}

/* --------------------------------------------------------------- setters */

aclError aclmdlSetAIPPInputFormat(aclmdlAIPP *aippParmsSet, aclAippInputFormat inputFormat)
{
    static const char fn[] = "aclmdlSetAIPPInputFormat";
    aclError err = check_aipp(aippParmsSet, fn);
    if (err == ACL_SUCCESS) {
        err = in_range(inputFormat, ACL_YUV420SP_U8, ACL_RAW24, "inputFormat", fn);
    }
    if (err == ACL_SUCCESS) {
        aippParmsSet->input_format = inputFormat;
    }
    return err;
}

aclError aclmdlSetAIPPCscParams(aclmdlAIPP *aippParmsSet, int8_t cscSwitch, int16_t cscMatrixR0C0,
                                int16_t cscMatrixR0C1, int16_t cscMatrixR0C2, int16_t cscMatrixR1C0,
                                int16_t cscMatrixR1C1, int16_t cscMatrixR1C2, int16_t cscMatrixR2C0,
                                int16_t cscMatrixR2C1, int16_t cscMatrixR2C2, uint8_t cscOutputBiasR0,
                                uint8_t cscOutputBiasR1, uint8_t cscOutputBiasR2, uint8_t cscInputBiasR0,
                                uint8_t cscInputBiasR1, uint8_t cscInputBiasR2)
{
    static const char fn[] = "aclmdlSetAIPPCscParams";
    const int16_t matrix[9] = {cscMatrixR0C0, cscMatrixR0C1, cscMatrixR0C2, cscMatrixR1C0, cscMatrixR1C1,
                               cscMatrixR1C2, cscMatrixR2C0, cscMatrixR2C1, cscMatrixR2C2};
    const uint8_t bias[6] = {cscOutputBiasR0, cscOutputBiasR1, cscOutputBiasR2,
                             cscInputBiasR0,  cscInputBiasR1,  cscInputBiasR2};
    aclError err = check_aipp(aippParmsSet, fn);
    if (err == ACL_SUCCESS) {
        err = check_switch(cscSwitch, "cscSwitch", fn);
    }
    for (size_t i = 0; i < 9 && err == ACL_SUCCESS && cscSwitch == 1; ++i) {
        err = in_range(matrix[i], AIPP_CSC_MIN, AIPP_CSC_MAX, "a csc matrix element", fn);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    aippParmsSet->csc_switch = cscSwitch;
    if (cscSwitch == 1) {
        memcpy(aippParmsSet->csc_matrix, matrix, sizeof matrix);
        memcpy(aippParmsSet->csc_bias, bias, sizeof bias);
    }
    return ACL_SUCCESS;
}

/* Validate and store a 0/1 switch held at byte offset `field` of the set. */
static aclError set_switch(aclmdlAIPP *aipp, int8_t value, size_t field, const char *what, const char *fn)
{
    aclError err = check_aipp(aipp, fn);
    if (err == ACL_SUCCESS) {
        err = check_switch(value, what, fn);
    }
    if (err == ACL_SUCCESS) {
        memcpy((char *)aipp + field, &value, sizeof value);
    }
    return err;
}

aclError aclmdlSetAIPPRbuvSwapSwitch(aclmdlAIPP *aippParmsSet, int8_t rbuvSwapSwitch)
{
    return set_switch(aippParmsSet, rbuvSwapSwitch, offsetof(aclmdlAIPP, rbuv_swap), "rbuvSwapSwitch",
                      "aclmdlSetAIPPRbuvSwapSwitch");
}

aclError aclmdlSetAIPPAxSwapSwitch(aclmdlAIPP *aippParmsSet, int8_t axSwapSwitch)
{
    return set_switch(aippParmsSet, axSwapSwitch, offsetof(aclmdlAIPP, ax_swap), "axSwapSwitch",
                      "aclmdlSetAIPPAxSwapSwitch");
}

aclError aclmdlSetAIPPSrcImageSize(aclmdlAIPP *aippParmsSet, int32_t srcImageSizeW, int32_t srcImageSizeH)
{
    static const char fn[] = "aclmdlSetAIPPSrcImageSize";
    aclError err = check_aipp(aippParmsSet, fn);
    if (err == ACL_SUCCESS) {
        err = in_range(srcImageSizeW, AIPP_IMAGE_MIN + 1, AIPP_IMAGE_MAX, "srcImageSizeW", fn);
    }
    if (err == ACL_SUCCESS) {
        err = in_range(srcImageSizeH, AIPP_IMAGE_MIN, AIPP_IMAGE_MAX, "srcImageSizeH", fn);
    }
    if (err == ACL_SUCCESS) {
        aippParmsSet->src_w = srcImageSizeW;
        aippParmsSet->src_h = srcImageSizeH;
    }
    return err;
}

aclError aclmdlSetAIPPScfParams(aclmdlAIPP *aippParmsSet, int8_t scfSwitch, int32_t scfInputSizeW,
                                int32_t scfInputSizeH, int32_t scfOutputSizeW, int32_t scfOutputSizeH,
                                uint64_t batchIndex)
{
    static const char fn[] = "aclmdlSetAIPPScfParams";
    static const char *const names[] = {"scfInputSizeW", "scfInputSizeH", "scfOutputSizeW", "scfOutputSizeH"};
    const int32_t sizes[4] = {scfInputSizeW, scfInputSizeH, scfOutputSizeW, scfOutputSizeH};
    aclError err = check_batch(aippParmsSet, batchIndex, fn);
    if (err == ACL_SUCCESS) {
        err = check_switch(scfSwitch, "scfSwitch", fn);
    }
    if (err == ACL_SUCCESS && scfSwitch == 1) {
        err = all_in_range(sizes, 4, AIPP_SCF_MIN, AIPP_IMAGE_MAX, names, fn);
        if (err == ACL_SUCCESS) {
            err = in_range(scfOutputSizeW, AIPP_SCF_MIN, AIPP_SCF_OUT_W_MAX, names[2], fn);
        }
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    aipp_batch *b = &aippParmsSet->batches[batchIndex];
    b->scf_switch = scfSwitch;
    if (scfSwitch == 1) {
        memcpy(b->scf, sizes, sizeof sizes);
    }
    return ACL_SUCCESS;
}

aclError aclmdlSetAIPPCropParams(aclmdlAIPP *aippParmsSet, int8_t cropSwitch, int32_t cropStartPosW,
                                 int32_t cropStartPosH, int32_t cropSizeW, int32_t cropSizeH, uint64_t batchIndex)
{
    static const char fn[] = "aclmdlSetAIPPCropParams";
    static const char *const names[] = {"cropStartPosW", "cropStartPosH", "cropSizeW", "cropSizeH"};
    const int32_t values[4] = {cropStartPosW, cropStartPosH, cropSizeW, cropSizeH};
    aclError err = check_batch(aippParmsSet, batchIndex, fn);
    if (err == ACL_SUCCESS) {
        err = check_switch(cropSwitch, "cropSwitch", fn);
    }
    if (err == ACL_SUCCESS && cropSwitch == 1) {
        err = all_in_range(values, 2, AIPP_IMAGE_MIN - 1, AIPP_IMAGE_MAX - 1, names, fn);
        if (err == ACL_SUCCESS) {
            err = all_in_range(values + 2, 2, AIPP_IMAGE_MIN, AIPP_IMAGE_MAX, names + 2, fn);
        }
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    aipp_batch *b = &aippParmsSet->batches[batchIndex];
    b->crop_switch = cropSwitch;
    if (cropSwitch == 1) {
        memcpy(b->crop, values, sizeof values);
    }
    return ACL_SUCCESS;
}

aclError aclmdlSetAIPPPaddingParams(aclmdlAIPP *aippParmsSet, int8_t paddingSwitch, int32_t paddingSizeTop,
                                    int32_t paddingSizeBottom, int32_t paddingSizeLeft, int32_t paddingSizeRight,
                                    uint64_t batchIndex)
{
    static const char fn[] = "aclmdlSetAIPPPaddingParams";
    static const char *const names[] = {"paddingSizeTop", "paddingSizeBottom", "paddingSizeLeft",
                                        "paddingSizeRight"};
    const int32_t values[4] = {paddingSizeTop, paddingSizeBottom, paddingSizeLeft, paddingSizeRight};
    aclError err = check_batch(aippParmsSet, batchIndex, fn);
    if (err == ACL_SUCCESS) {
        err = check_switch(paddingSwitch, "paddingSwitch", fn);
    }
    if (err == ACL_SUCCESS && paddingSwitch == 1) {
        err = all_in_range(values, 4, 0, AIPP_PADDING_MAX, names, fn);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    aipp_batch *b = &aippParmsSet->batches[batchIndex];
    b->padding_switch = paddingSwitch;
    if (paddingSwitch == 1) {
        memcpy(b->padding, values, sizeof values);
    }
    return ACL_SUCCESS;
}

aclError aclmdlSetAIPPDtcPixelMean(aclmdlAIPP *aippParmsSet, int16_t dtcPixelMeanChn0, int16_t dtcPixelMeanChn1,
                                   int16_t dtcPixelMeanChn2, int16_t dtcPixelMeanChn3, uint64_t batchIndex)
{
    static const char fn[] = "aclmdlSetAIPPDtcPixelMean";
    static const char *const names[] = {"dtcPixelMeanChn0", "dtcPixelMeanChn1", "dtcPixelMeanChn2",
                                        "dtcPixelMeanChn3"};
    const int32_t values[4] = {dtcPixelMeanChn0, dtcPixelMeanChn1, dtcPixelMeanChn2, dtcPixelMeanChn3};
    aclError err = check_batch(aippParmsSet, batchIndex, fn);
    if (err == ACL_SUCCESS) {
        err = all_in_range(values, 4, 0, AIPP_MEAN_MAX, names, fn);
    }
    if (err == ACL_SUCCESS) {
        for (size_t i = 0; i < 4; ++i) {
            aippParmsSet->batches[batchIndex].mean[i] = (int16_t)values[i];
        }
    }
    return err;
}

static aclError set_floats(aclmdlAIPP *aipp, uint64_t batch_index, const float *values, float low, float high,
                           bool var_reci, const char *fn)
{
    static const char *const names[] = {"channel 0", "channel 1", "channel 2", "channel 3"};
    aclError err = check_batch(aipp, batch_index, fn);
    for (size_t i = 0; i < 4 && err == ACL_SUCCESS; ++i) {
        err = in_range_f(values[i], low, high, names[i], fn);
    }
    if (err == ACL_SUCCESS) {
        memcpy(var_reci ? aipp->batches[batch_index].var_reci : aipp->batches[batch_index].min, values,
               sizeof(float) * 4);
    }
    return err;
}

aclError aclmdlSetAIPPDtcPixelMin(aclmdlAIPP *aippParmsSet, float dtcPixelMinChn0, float dtcPixelMinChn1,
                                  float dtcPixelMinChn2, float dtcPixelMinChn3, uint64_t batchIndex)
{
    const float values[4] = {dtcPixelMinChn0, dtcPixelMinChn1, dtcPixelMinChn2, dtcPixelMinChn3};
    return set_floats(aippParmsSet, batchIndex, values, 0.0f, AIPP_MIN_CHN_MAX, false, "aclmdlSetAIPPDtcPixelMin");
}

aclError aclmdlSetAIPPPixelVarReci(aclmdlAIPP *aippParmsSet, float dtcPixelVarReciChn0, float dtcPixelVarReciChn1,
                                   float dtcPixelVarReciChn2, float dtcPixelVarReciChn3, uint64_t batchIndex)
{
    const float values[4] = {dtcPixelVarReciChn0, dtcPixelVarReciChn1, dtcPixelVarReciChn2, dtcPixelVarReciChn3};
    return set_floats(aippParmsSet, batchIndex, values, -AIPP_VAR_RECI_LIMIT, AIPP_VAR_RECI_LIMIT, true,
                      "aclmdlSetAIPPPixelVarReci");
}

/* ------------------------------------------------------- model attachment */

static aclError attach(uint32_t model_id, aclmdlDataset *dataset, size_t index, const aclmdlAIPP *aipp,
                       const char *fn)
{
    if (dataset == NULL || !aclemu_handle_is(dataset, ACLEMU_KIND_DATASET)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dataset is not a live aclmdlDataset", fn);
    }
    aclError err = check_aipp(aipp, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    emu_model *model = emu_model_acquire(model_id, fn);
    if (model == NULL) {
        return ACL_ERROR_GE_EXEC_MODEL_ID_INVALID;
    }
    size_t inputs = model->info->num_inputs;
    emu_model_release(model);
    if (index >= inputs) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: index %zu is out of range (the model has %zu inputs)",
                                fn, index, inputs);
    }
    return aclemu_set_error(ACL_ERROR_GE_AIPP_NOT_EXIST,
                            "%s: input %zu of model %u has no dynamic AIPP (AIPP is configured when a device model "
                            "is converted; ONNX models run by the emulator have none)",
                            fn, index, model_id);
}

aclError aclmdlSetInputAIPP(uint32_t modelId, aclmdlDataset *dataset, size_t index, const aclmdlAIPP *aippParmsSet)
{
    return attach(modelId, dataset, index, aippParmsSet, "aclmdlSetInputAIPP");
}

aclError aclmdlSetAIPPByInputIndex(uint32_t modelId, aclmdlDataset *dataset, size_t index,
                                   const aclmdlAIPP *aippParmsSet)
{
    return attach(modelId, dataset, index, aippParmsSet, "aclmdlSetAIPPByInputIndex");
}

aclError aclmdlGetAippType(uint32_t modelId, size_t index, aclmdlInputAippType *type, size_t *dynamicAttachedDataIndex)
{
    static const char fn[] = "aclmdlGetAippType";
    if (type == NULL || dynamicAttachedDataIndex == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: an output argument is NULL", fn);
    }
    emu_model *model = emu_model_acquire(modelId, fn);
    if (model == NULL) {
        return ACL_ERROR_GE_EXEC_MODEL_ID_INVALID;
    }
    size_t inputs = model->info->num_inputs;
    emu_model_release(model);
    if (index >= inputs) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: index %zu is out of range (the model has %zu inputs)",
                                fn, index, inputs);
    }
    *type = ACL_DATA_WITHOUT_AIPP;
    *dynamicAttachedDataIndex = ACL_INVALID_NODE_INDEX;
    return ACL_SUCCESS;
}

aclError aclmdlGetFirstAippInfo(uint32_t modelId, size_t index, aclAippInfo *aippInfo)
{
    static const char fn[] = "aclmdlGetFirstAippInfo";
    if (aippInfo == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: aippInfo is NULL", fn);
    }
    emu_model *model = emu_model_acquire(modelId, fn);
    if (model == NULL) {
        return ACL_ERROR_GE_EXEC_MODEL_ID_INVALID;
    }
    emu_model_release(model);
    return aclemu_set_error(ACL_ERROR_GE_AIPP_NOT_EXIST, "%s: input %zu of model %u has no AIPP", fn, index, modelId);
}
