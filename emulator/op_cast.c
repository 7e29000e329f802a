/* aclopCast and its handle form: the Cast kernel with the destination type as its attribute. */
#include "op_internal.h"

#include <stdlib.h>

/* The attribute set of a Cast to dst's type, in caller storage (never freed); dst must be a live desc. */
static aclError cast_attr(const char *api, const aclTensorDesc *dst, aclopAttr *attr, opk_attr_value *value)
{
    if (dst == NULL || !aclemu_handle_is(dst, ACLEMU_KIND_TENSOR_DESC)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dstDesc is %s", api,
                                dst == NULL ? "NULL" : "not a live aclTensorDesc");
    }
    *value = (opk_attr_value){.name = (char *)"dst_type", .kind = OPK_ATTR_INT, .int_value = dst->type};
    *attr = (aclopAttr){.count = 1, .capacity = 1, .values = value};
    return ACL_SUCCESS;
}

aclError aclopCast(const aclTensorDesc *srcDesc, const aclDataBuffer *srcBuffer, const aclTensorDesc *dstDesc,
                   aclDataBuffer *dstBuffer, uint8_t truncate, aclrtStream stream)
{
    (void)truncate; /* float-to-integer conversion always truncates toward zero */
    const char *api = "aclopCast";
    opk_attr_value value;
    aclopAttr attr;
    aclError err = cast_attr(api, dstDesc, &attr, &value);
    if (err != ACL_SUCCESS) {
        return err;
    }
    const aclTensorDesc *in_descs[1] = {srcDesc};
    const aclTensorDesc *out_descs[1] = {dstDesc};
    const aclDataBuffer *in_bufs[1] = {srcBuffer};
    const aclDataBuffer *out_bufs[1] = {dstBuffer};
    const opk_kernel *kernel = NULL;
    err = op_find_kernel(api, "Cast", 1, 1, &kernel);
    opk_tensor tensors[2];
    if (err == ACL_SUCCESS) {
        err = op_descs_to_tensors(api, "srcDesc", 1, in_descs, tensors);
    }
    if (err == ACL_SUCCESS) {
        err = op_descs_to_tensors(api, "dstDesc", 1, out_descs, tensors + 1);
    }
    if (err == ACL_SUCCESS) {
        err = op_buffers_to_tensors(api, "srcBuffer", 1, in_bufs, tensors);
    }
    if (err == ACL_SUCCESS) {
        err = op_buffers_to_tensors(api, "dstBuffer", 1, out_bufs, tensors + 1);
    }
    if (err == ACL_SUCCESS) {
        err = op_submit_call(api, kernel, "Cast", 1, 1, tensors, &attr, false, NULL, stream);
    }
    return err;
}

aclError aclopCreateHandleForCast(aclTensorDesc *srcDesc, aclTensorDesc *dstDesc, uint8_t truncate,
                                  aclopHandle **handle)
{
    (void)truncate;
    const char *api = "aclopCreateHandleForCast";
    if (handle == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: handle is NULL", api);
    }
    opk_attr_value value;
    aclopAttr attr;
    aclError err = cast_attr(api, dstDesc, &attr, &value);
    if (err != ACL_SUCCESS) {
        return err;
    }
    const aclTensorDesc *in_descs[1] = {srcDesc};
    const aclTensorDesc *out_descs[1] = {dstDesc};
    const opk_kernel *kernel = NULL;
    opk_tensor *tensors = NULL;
    err = op_check_descs(api, "Cast", 1, in_descs, 1, out_descs, NULL, &kernel, &tensors);
    if (err == ACL_SUCCESS) {
        err = opk_handle_create(api, "Cast", 1, tensors, 1, tensors + 1, &attr, handle);
    }
    free(tensors);
    return err;
}
