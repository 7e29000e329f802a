/* Operator handles: an operator description checked once, then executed with new buffers. */
#include "op_internal.h"

#include <stdlib.h>
#include <string.h>

aclError opk_handle_create(const char *api, const char *op_type, int num_inputs, const opk_tensor *inputs,
                           int num_outputs, const opk_tensor *outputs, const aclopAttr *attr, aclopHandle **handle)
{
    if (handle == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: handle is NULL", api);
    }
    for (int j = 0; j < num_outputs; j++) {
        if (outputs[j].dynamic) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: output %d of a handle needs a fixed shape", api, j);
        }
    }
    aclopHandle *h = calloc(1, sizeof(*h));
    opk_tensor *all = calloc((size_t)(num_inputs + num_outputs) + 1, sizeof(opk_tensor));
    if (h == NULL || all == NULL) {
        free(h);
        free(all);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", api);
    }
    memcpy(all, inputs, (size_t)num_inputs * sizeof(opk_tensor));
    memcpy(all + num_inputs, outputs, (size_t)num_outputs * sizeof(opk_tensor));
    h->op_type = op_dup_string(op_type);
    h->num_inputs = num_inputs;
    h->num_outputs = num_outputs;
    h->tensors = op_tensors_copy(all, num_inputs + num_outputs);
    h->attr = opk_attr_clone(attr);
    h->kernel = opk_find(op_type);
    free(all);
    if (h->op_type == NULL || h->tensors == NULL || h->attr == NULL ||
        aclemu_handle_add(h, ACLEMU_KIND_OP_HANDLE) != ACL_SUCCESS) {
        free(h->op_type);
        op_tensors_free(h->tensors, num_inputs + num_outputs);
        opk_attr_free(h->attr);
        free(h);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", api);
    }
    *handle = h;
    return ACL_SUCCESS;
}

aclError aclopCreateHandle(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[], int numOutputs,
                           const aclTensorDesc *const outputDesc[], const aclopAttr *opAttr, aclopHandle **handle)
{
    const char *api = "aclopCreateHandle";
    const opk_kernel *kernel = NULL;
    opk_tensor *tensors = NULL;
    if (handle == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: handle is NULL", api);
    }
    aclError err = op_check_descs(api, opType, numInputs, inputDesc, numOutputs, outputDesc, opAttr, &kernel, &tensors);
    if (err == ACL_SUCCESS) {
        err = opk_handle_create(api, opType, numInputs, tensors, numOutputs, tensors + numInputs, opAttr, handle);
    }
    free(tensors);
    return err;
}

void aclopDestroyHandle(aclopHandle *handle)
{
    if (handle == NULL) {
        return;
    }
    if (!aclemu_handle_remove(handle, ACLEMU_KIND_OP_HANDLE)) {
        if (aclemu_strict()) {
            aclemu_diag("aclopDestroyHandle: %p is not a live aclopHandle", (void *)handle);
        }
        return;
    }
    free(handle->op_type);
    op_tensors_free(handle->tensors, handle->num_inputs + handle->num_outputs);
    opk_attr_free(handle->attr);
    free(handle);
}

aclError aclopExecWithHandle(aclopHandle *handle, int numInputs, const aclDataBuffer *const inputs[], int numOutputs,
                             aclDataBuffer *const outputs[], aclrtStream stream)
{
    const char *api = "aclopExecWithHandle";
    if (handle == NULL || !aclemu_handle_is(handle, ACLEMU_KIND_OP_HANDLE)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: handle is %s", api,
                                handle == NULL ? "NULL" : "not a live aclopHandle");
    }
    if (numInputs != handle->num_inputs || numOutputs != handle->num_outputs) {
        return aclemu_set_error(numInputs != handle->num_inputs ? ACL_ERROR_OP_INPUT_NOT_MATCH
                                                                : ACL_ERROR_OP_OUTPUT_NOT_MATCH,
                                "%s: the %s handle takes %d inputs and %d outputs, got %d and %d", api,
                                handle->op_type, handle->num_inputs, handle->num_outputs, numInputs, numOutputs);
    }
    int total = numInputs + numOutputs;
    opk_tensor small[8]; /* most ops: no allocation (op_submit_call copies the tensors) */
    opk_tensor *tensors = total < 8 ? small : calloc((size_t)total + 1, sizeof(opk_tensor));
    if (tensors == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", api);
    }
    memcpy(tensors, handle->tensors, (size_t)total * sizeof(opk_tensor));
    aclError err = op_buffers_to_tensors(api, "inputs", numInputs, inputs, tensors);
    if (err == ACL_SUCCESS) {
        err = op_buffers_to_tensors(api, "outputs", numOutputs, (const aclDataBuffer *const *)outputs,
                                    tensors + numInputs);
    }
    if (err == ACL_SUCCESS) {
        err = op_submit_call(api, handle->kernel, handle->op_type, numInputs, numOutputs, tensors, handle->attr,
                             true, NULL, stream);
    }
    if (tensors != small) {
        free(tensors);
    }
    return err;
}
