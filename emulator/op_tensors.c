/*
 * Operator call tensors: descs and data buffers turned into the kernels' tensor form, buffer
 * checks, output inference against the caller's descs, and inferred shapes written back.
 */
#include "op_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Buffers are described by address and size; the tensors own copies of their constant data. */
void op_tensors_free(opk_tensor *tensors, int count)
{
    if (tensors == NULL) {
        return;
    }
    for (int i = 0; i < count; i++) {
        free((void *)tensors[i].const_data);
    }
    free(tensors);
}

opk_tensor *op_tensors_copy(const opk_tensor *src, int count)
{
    opk_tensor *copy = calloc(count > 0 ? (size_t)count : 1, sizeof(opk_tensor));
    if (copy == NULL) {
        return NULL;
    }
    for (int i = 0; i < count; i++) {
        copy[i] = src[i];
        copy[i].const_data = NULL;
        if (src[i].const_data != NULL) {
            if ((copy[i].const_data = op_dup_bytes(src[i].const_data, src[i].const_len)) == NULL) {
                op_tensors_free(copy, i);
                return NULL;
            }
        }
    }
    return copy;
}

aclError op_descs_to_tensors(const char *api, const char *what, int count, const aclTensorDesc *const descs[],
                             opk_tensor *tensors)
{
    if (count > 0 && descs == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s array is NULL", api, what);
    }
    for (int i = 0; i < count; i++) {
        char name[48];
        snprintf(name, sizeof name, "%s[%d]", what, i);
        aclError err = opk_tensor_from_desc(api, name, descs[i], &tensors[i]);
        if (err != ACL_SUCCESS) {
            return err;
        }
    }
    return ACL_SUCCESS;
}

aclError op_buffers_to_tensors(const char *api, const char *what, int count, const aclDataBuffer *const bufs[],
                               opk_tensor *tensors)
{
    if (count > 0 && bufs == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s array is NULL", api, what);
    }
    for (int i = 0; i < count; i++) {
        if (bufs[i] == NULL) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s[%d] is NULL", api, what, i);
        }
        if (!aclemu_handle_is(bufs[i], ACLEMU_KIND_DATA_BUFFER)) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s[%d] is not a live aclDataBuffer", api, what, i);
        }
        tensors[i].data = bufs[i]->data;
        tensors[i].size = bufs[i]->size;
    }
    return ACL_SUCCESS;
}

static aclError check_buffer(const opk_call *call, const char *what, int index, const opk_tensor *t)
{
    size_t need = opk_shape_elements(&t->shape) * opk_dtype_size(t->dtype);
    if (t->size < need) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s %s[%d] buffer holds %zu bytes, %zu needed",
                                call->api, call->op_type, what, index, t->size, need);
    }
    if (need > 0 && t->data == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s %s[%d] buffer address is NULL", call->api,
                                call->op_type, what, index);
    }
    aclError err = aclemu_mem_check(t->data, need, false, call->api, what);
    if (err != ACL_SUCCESS) { /* only a refusal needs the tensor's full name: checked again with it */
        char name[48];
        snprintf(name, sizeof name, "%s[%d]", what, index);
        aclError named = aclemu_mem_check(t->data, need, false, call->api, name);
        err = named != ACL_SUCCESS ? named : err;
    }
    return err;
}

/* Run the kernel's inference and bring the output tensors in line with it; OPK_DEFERRED when an
 * input value is not known yet (submit time). Output data types must agree with the descs unless
 * `adopt_dtypes` (shape inference fills them in). */
aclError op_infer_outputs(opk_call *call, const opk_kernel *kernel, bool adopt_dtypes)
{
    aclDataType dtypes[8];
    opk_shape shapes[8];
    for (int j = 0; j < call->num_outputs; j++) {
        dtypes[j] = call->out[j].dtype;
        shapes[j].ndim = 0;
    }
    aclError err = kernel->infer(call, dtypes, shapes);
    if (err != ACL_SUCCESS) {
        return err;
    }
    for (int j = 0; j < call->num_outputs; j++) {
        opk_tensor *t = &call->out[j];
        if (t->dtype != dtypes[j] && !adopt_dtypes) {
            return aclemu_set_error(ACL_ERROR_UNSUPPORTED_DATA_TYPE,
                                    "%s: %s produces %s for output %d, the output desc says %s", call->api,
                                    call->op_type, opk_dtype_name(dtypes[j]), j, opk_dtype_name(t->dtype));
        }
        if (!t->dynamic && !opk_shape_equal(&t->shape, &shapes[j])) {
            char want[160], got[160];
            return aclemu_set_error(ACL_ERROR_OP_OUTPUT_NOT_MATCH,
                                    "%s: %s output %d has shape %s, the output desc says %s", call->api, call->op_type,
                                    j, opk_shape_str(&shapes[j], want, sizeof want),
                                    opk_shape_str(&t->shape, got, sizeof got));
        }
        t->dtype = dtypes[j];
        t->shape = shapes[j];
        t->dynamic = false;
    }
    return ACL_SUCCESS;
}

aclError op_check_all_buffers(const opk_call *call)
{
    aclError err = ACL_SUCCESS;
    for (int i = 0; err == ACL_SUCCESS && i < call->num_inputs; i++) {
        if (!call->in[i].dynamic) {
            err = check_buffer(call, "input", i, &call->in[i]);
        }
    }
    for (int j = 0; err == ACL_SUCCESS && j < call->num_outputs; j++) {
        err = check_buffer(call, "output", j, &call->out[j]);
    }
    return err;
}

/* Write inferred shapes back into the caller's output descs (the V2 APIs update them). */
aclError op_update_desc(const char *api, aclTensorDesc *desc, const opk_tensor *t)
{
    if (!desc->unknown_rank && desc->num_dims == (size_t)t->shape.ndim) {
        if (t->shape.ndim > 0) { /* a scalar's desc has no dims array: memcpy(NULL, ...) is undefined */
            memcpy(desc->dims, t->shape.dims, (size_t)t->shape.ndim * sizeof(int64_t));
        }
        return ACL_SUCCESS;
    }
    int64_t *dims = t->shape.ndim ? realloc(desc->dims, (size_t)t->shape.ndim * sizeof(int64_t)) : NULL;
    if (t->shape.ndim && dims == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", api);
    }
    if (!t->shape.ndim) {
        free(desc->dims);
    }
    if (dims != NULL) {
        memcpy(dims, t->shape.dims, (size_t)t->shape.ndim * sizeof(int64_t));
    }
    desc->dims = dims;
    desc->num_dims = (size_t)t->shape.ndim;
    desc->unknown_rank = false;
    return ACL_SUCCESS;
}
