/*
 * Model attributes (aclmdlSetAttribute / aclmdlGetAttribute) and the size query of an offline
 * model file's parts (aclmdlQueryExeOMDesc).
 *
 * The emulator runs models on onnxruntime, which has no notion of a model's priority: the value
 * is kept per loaded model and read back, with no effect on scheduling.
 */
#include "model_internal.h"

#include <stdlib.h>
#include <string.h>

static aclError attribute_args(uint32_t model_id, aclmdlAttr attr, const aclmdlAttrValue_t *value, const char *fn,
                               emu_model **model)
{
    if (attr != ACL_MDL_ATTR_PRIORITY_INT32) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: attribute %d is not a model attribute", fn, (int)attr);
    }
    if (value == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: attrValue is NULL", fn);
    }
    *model = emu_model_acquire(model_id, fn);
    return *model != NULL ? ACL_SUCCESS : ACL_ERROR_GE_EXEC_MODEL_ID_INVALID;
}

aclError aclmdlSetAttribute(uint32_t modelId, aclmdlAttr attr, aclmdlAttrValue_t *attrValue)
{
    emu_model *model = NULL;
    aclError err = attribute_args(modelId, attr, attrValue, "aclmdlSetAttribute", &model);
    if (err == ACL_SUCCESS) {
        atomic_store(&model->priority, attrValue->mdlPriority);
        emu_model_release(model);
    }
    return err;
}

aclError aclmdlGetAttribute(uint32_t modelId, aclmdlAttr attr, aclmdlAttrValue_t *attrValue)
{
    emu_model *model = NULL;
    aclError err = attribute_args(modelId, attr, attrValue, "aclmdlGetAttribute", &model);
    if (err == ACL_SUCCESS) {
        memset(attrValue, 0, sizeof *attrValue);
        attrValue->mdlPriority = atomic_load(&model->priority);
        emu_model_release(model);
    }
    return err;
}

/* Work size as aclmdlQuerySize gives it (from the stand-in of an .om); the other sizes from the
 * .om partition table (model def, weights, TBE + custom AI CPU kernels, task info as static tasks).
 * An ONNX file is all weights and model definition: weightSize is its size, the rest 0. */
aclError aclmdlQueryExeOMDesc(const char *fileName, aclmdlExeOMDesc *mdlPartitionSize)
{
    static const char fn[] = "aclmdlQueryExeOMDesc";
    if (fileName == NULL || mdlPartitionSize == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: fileName or mdlPartitionSize is NULL", fn);
    }
    size_t work = 0;
    size_t weight = 0;
    aclError err = aclmdlQuerySize(fileName, &work, &weight);
    if (err != ACL_SUCCESS) {
        return err;
    }
    void *data = NULL;
    size_t size = 0;
    err = model_read_plain_file(fileName, &data, &size, fn);
    om_header header;
    bool is_om = err == ACL_SUCCESS && model_om_is(data, size);
    if (is_om) {
        err = model_om_parse(data, size, &header, fn);
    }
    free(data);
    if (err != ACL_SUCCESS) {
        return err;
    }
    memset(mdlPartitionSize, 0, sizeof *mdlPartitionSize);
    mdlPartitionSize->workSize = work;
    mdlPartitionSize->weightSize = is_om ? 0 : weight;
    for (size_t i = 0; is_om && i < header.num_partitions; ++i) {
        const om_partition *part = &header.partitions[i];
        size_t *slot = part->type == 0   ? &mdlPartitionSize->modelDescSize
                       : part->type == 1 ? &mdlPartitionSize->weightSize
                       : part->type == 2 ? &mdlPartitionSize->staticTaskSize
                       : part->type <= 4 ? &mdlPartitionSize->kernelSize
                                         : NULL;
        if (slot != NULL) {
            *slot += part->size;
        }
    }
    return ACL_SUCCESS;
}
