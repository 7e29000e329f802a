/*
 * Kernel registry lookup for an operator call: the operator type must name a built-in kernel
 * that takes the given numbers of inputs and outputs; then the call's descs are checked.
 */
#include "op_internal.h"

#include <stdlib.h>

static aclError check_counts(const char *api, const opk_kernel *kernel, const char *op_type, int num_inputs,
                             int num_outputs)
{
    if (num_inputs < kernel->min_inputs || (kernel->max_inputs >= 0 && num_inputs > kernel->max_inputs)) {
        if (kernel->max_inputs == kernel->min_inputs) {
            return aclemu_set_error(ACL_ERROR_OP_INPUT_NOT_MATCH, "%s: %s takes %d inputs, got %d", api, op_type,
                                    kernel->min_inputs, num_inputs);
        }
        return aclemu_set_error(ACL_ERROR_OP_INPUT_NOT_MATCH, "%s: %s takes %d to %d inputs, got %d", api, op_type,
                                kernel->min_inputs, kernel->max_inputs, num_inputs);
    }
    if (num_outputs != kernel->num_outputs) {
        return aclemu_set_error(ACL_ERROR_OP_OUTPUT_NOT_MATCH, "%s: %s has %d output(s), got %d", api, op_type,
                                kernel->num_outputs, num_outputs);
    }
    return ACL_SUCCESS;
}

aclError op_find_kernel(const char *api, const char *op_type, int num_inputs, int num_outputs,
                        const opk_kernel **kernel)
{
    if (op_type == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: opType is NULL", api);
    }
    if (num_inputs < 0 || num_outputs < 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: numInputs/numOutputs must not be negative", api);
    }
    *kernel = opk_find(op_type);
    if (*kernel == NULL) {
        return aclemu_set_error(ACL_ERROR_OP_NOT_FOUND, "%s: operator type '%s' is not implemented by the emulator",
                                api, op_type);
    }
    return check_counts(api, *kernel, op_type, num_inputs, num_outputs);
}

static aclError check_attr(const char *api, const aclopAttr *attr)
{
    if (attr != NULL && !aclemu_handle_is(attr, ACLEMU_KIND_OP_ATTR)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: attr is not a live aclopAttr", api);
    }
    return ACL_SUCCESS;
}

/* Kernel lookup, attribute check and tensors (inputs then outputs) from the descs; the caller
 * frees *tensors_out. Constant data is referenced from the descs, not copied. */
aclError op_prepare_call(const char *api, const char *op_type, int num_inputs, const aclTensorDesc *const in_descs[],
                         int num_outputs, const aclTensorDesc *const out_descs[], const aclopAttr *attr,
                         const opk_kernel **kernel, opk_tensor **tensors_out)
{
    aclError err = op_find_kernel(api, op_type, num_inputs, num_outputs, kernel);
    if (err == ACL_SUCCESS) {
        err = check_attr(api, attr);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    opk_tensor *tensors = calloc((size_t)(num_inputs + num_outputs) + 1, sizeof(opk_tensor));
    if (tensors == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", api);
    }
    err = op_descs_to_tensors(api, "inputDesc", num_inputs, in_descs, tensors);
    if (err == ACL_SUCCESS) {
        err = op_descs_to_tensors(api, "outputDesc", num_outputs, out_descs, tensors + num_inputs);
    }
    if (err != ACL_SUCCESS) {
        free(tensors);
        return err;
    }
    *tensors_out = tensors;
    return ACL_SUCCESS;
}

/* Check an operator description without buffers (compile, handles). */
aclError op_check_descs(const char *api, const char *op_type, int num_inputs, const aclTensorDesc *const in_descs[],
                        int num_outputs, const aclTensorDesc *const out_descs[], const aclopAttr *attr,
                        const opk_kernel **kernel, opk_tensor **tensors_out)
{
    opk_tensor *tensors = NULL;
    aclError err = op_prepare_call(api, op_type, num_inputs, in_descs, num_outputs, out_descs, attr, kernel, &tensors);
    if (err != ACL_SUCCESS) {
        return err;
    }
    aclopAttr empty = {0};
    opk_call call = {api, op_type, num_inputs, num_outputs, tensors, tensors + num_inputs,
                     attr != NULL ? attr : &empty, false};
    err = op_infer_outputs(&call, *kernel, false);
    if (err == OPK_DEFERRED) {
        err = ACL_SUCCESS;
    }
    if (err != ACL_SUCCESS || tensors_out == NULL) {
        free(tensors);
        return err;
    }
    *tensors_out = tensors;
    return ACL_SUCCESS;
}
