/* Data-movement kernels: Transpose(D), Slice(D), StridedSlice(D), Concat(D/V2/V2D), Identity. */
#include "emu.h"

#include <string.h>

#include "op_kernels.h"

static aclError shape_error(const opk_call *call, const char *what)
{
    return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s: %s", call->api, call->op_type, what);
}

static aclError check_data_input(const opk_call *call, int index)
{
    if (opk_dtype_size(call->in[index].dtype) == 0) {
        return aclemu_set_error(ACL_ERROR_UNSUPPORTED_DATA_TYPE, "%s: %s does not support data type %s", call->api,
                                call->op_type, opk_dtype_name(call->in[index].dtype));
    }
    if (call->in[index].dynamic) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s input %d has an unknown shape", call->api,
                                call->op_type, index);
    }
    return ACL_SUCCESS;
}

/* An int-list parameter given either as input `index` (when present) or as attribute `name`. */
static aclError int_list_param(const opk_call *call, int index, const char *name, int64_t *values, size_t *count)
{
    if (index < call->num_inputs) {
        return opk_input_ints(call, index, values, OPK_MAX_DIMS, count);
    }
    const int64_t *attr_values;
    aclError err = opk_attr_get_ints(call->api, call->attr, name, &attr_values, count);
    if (err == ACL_ERROR_OP_ATTR_NOT_MATCH && opk_attr_find(call->attr, name) == NULL) {
        return aclemu_set_error(err, "%s: %s needs the attribute '%s' (or input %d)", call->api, call->op_type, name,
                                index);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (*count > OPK_MAX_DIMS) {
        return shape_error(call, "too many values in a list attribute");
    }
    memcpy(values, attr_values, *count * sizeof(int64_t));
    return ACL_SUCCESS;
}

static void contiguous_strides(const opk_shape *shape, int64_t *strides)
{
    int64_t s = 1;
    for (int i = shape->ndim - 1; i >= 0; i--) {
        strides[i] = s;
        s *= shape->dims[i];
    }
}

/* dst[i] = src[start + sum(index_d * strides[d])] over out_shape, element size es. */
static void gather_strided(const void *src, void *dst, size_t es, const opk_shape *out_shape, const int64_t *strides,
                           int64_t start)
{
    size_t total = opk_shape_elements(out_shape);
    if (total == 0) {
        return;
    }
    int nd = out_shape->ndim;
    int64_t counter[OPK_MAX_DIMS] = {0};
    int64_t offset = start;
    const char *s = src;
    char *d = dst;
    for (size_t i = 0; i < total; i++) {
        memcpy(d + i * es, s + offset * (int64_t)es, es);
        for (int k = nd - 1; k >= 0; k--) {
            counter[k]++;
            offset += strides[k];
            if (counter[k] < out_shape->dims[k]) {
                break;
            }
            offset -= strides[k] * out_shape->dims[k];
            counter[k] = 0;
        }
    }
}

/* ------------------------------------------------------------------ Transpose */

static aclError transpose_perm(const opk_call *call, int *perm)
{
    int64_t values[OPK_MAX_DIMS];
    size_t count = 0;
    aclError err = int_list_param(call, 1, "perm", values, &count);
    if (err != ACL_SUCCESS) {
        return err;
    }
    int nd = call->in[0].shape.ndim;
    if ((int)count != nd) {
        return shape_error(call, "perm must list every dimension of x once");
    }
    bool seen[OPK_MAX_DIMS] = {false};
    for (int i = 0; i < nd; i++) {
        int axis;
        if (!opk_axis(values[i], nd, &axis) || seen[axis]) {
            return shape_error(call, "perm must be a permutation of the dimensions of x");
        }
        seen[axis] = true;
        perm[i] = axis;
    }
    return ACL_SUCCESS;
}

aclError opk_infer_transpose(const opk_call *call, aclDataType *out_dtypes, opk_shape *out_shapes)
{
    aclError err = check_data_input(call, 0);
    int perm[OPK_MAX_DIMS];
    if (err == ACL_SUCCESS) {
        err = transpose_perm(call, perm);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    const opk_shape *in = &call->in[0].shape;
    out_shapes[0].ndim = in->ndim;
    for (int i = 0; i < in->ndim; i++) {
        out_shapes[0].dims[i] = in->dims[perm[i]];
    }
    out_dtypes[0] = call->in[0].dtype;
    return ACL_SUCCESS;
}

aclError opk_run_transpose(const opk_call *call)
{
    int perm[OPK_MAX_DIMS];
    aclError err = transpose_perm(call, perm);
    if (err != ACL_SUCCESS) {
        return err;
    }
    int64_t in_strides[OPK_MAX_DIMS], strides[OPK_MAX_DIMS];
    contiguous_strides(&call->in[0].shape, in_strides);
    for (int i = 0; i < call->in[0].shape.ndim; i++) {
        strides[i] = in_strides[perm[i]];
    }
    gather_strided(call->in[0].data, call->out[0].data, opk_dtype_size(call->in[0].dtype), &call->out[0].shape,
                   strides, 0);
    return ACL_SUCCESS;
}

/* ---------------------------------------------------------------------- Slice */

static aclError slice_plan(const opk_call *call, opk_shape *out, int64_t *begin)
{
    int64_t offsets[OPK_MAX_DIMS], size[OPK_MAX_DIMS];
    size_t n_off = 0, n_size = 0;
    aclError err = int_list_param(call, 1, "offsets", offsets, &n_off);
    if (err == ACL_SUCCESS) {
        err = int_list_param(call, 2, "size", size, &n_size);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    const opk_shape *in = &call->in[0].shape;
    if ((int)n_off != in->ndim || (int)n_size != in->ndim) {
        return shape_error(call, "offsets and size need one value per dimension of x");
    }
    out->ndim = in->ndim;
    for (int i = 0; i < in->ndim; i++) {
        int64_t len = size[i] == -1 ? in->dims[i] - offsets[i] : size[i];
        if (offsets[i] < 0 || len < 0 || offsets[i] + len > in->dims[i]) {
            return shape_error(call, "offsets/size reach outside x");
        }
        begin[i] = offsets[i];
        out->dims[i] = len;
    }
    return ACL_SUCCESS;
}

aclError opk_infer_slice(const opk_call *call, aclDataType *out_dtypes, opk_shape *out_shapes)
{
    int64_t begin[OPK_MAX_DIMS];
    aclError err = check_data_input(call, 0);
    if (err == ACL_SUCCESS) {
        err = slice_plan(call, &out_shapes[0], begin);
    }
    out_dtypes[0] = call->in[0].dtype;
    return err;
}

aclError opk_run_slice(const opk_call *call)
{
    int64_t begin[OPK_MAX_DIMS], strides[OPK_MAX_DIMS];
    opk_shape out;
    aclError err = slice_plan(call, &out, begin);
    if (err != ACL_SUCCESS) {
        return err;
    }
    contiguous_strides(&call->in[0].shape, strides);
    int64_t start = 0;
    for (int i = 0; i < out.ndim; i++) {
        start += begin[i] * strides[i];
    }
    gather_strided(call->in[0].data, call->out[0].data, opk_dtype_size(call->in[0].dtype), &out, strides, start);
    return ACL_SUCCESS;
}

/* --------------------------------------------------------------- StridedSlice */

typedef struct strided_plan {
    opk_shape iter;            /* one entry per dim of x (shrunk dims have length 1) */
    int64_t begin[OPK_MAX_DIMS];
    int64_t step[OPK_MAX_DIMS];
    opk_shape out;             /* iter without the shrunk dims */
} strided_plan;

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static aclError strided_slice_plan(const opk_call *call, strided_plan *plan)
{
    int64_t begin[OPK_MAX_DIMS], end[OPK_MAX_DIMS], strides[OPK_MAX_DIMS];
    size_t nb = 0, ne = 0, ns = 0;
    aclError err = int_list_param(call, 1, "begin", begin, &nb);
    if (err == ACL_SUCCESS) {
        err = int_list_param(call, 2, "end", end, &ne);
    }
    if (err == ACL_SUCCESS) {
        err = int_list_param(call, 3, "strides", strides, &ns);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    int64_t begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_mask;
    const aclopAttr *a = call->attr;
    if ((err = opk_attr_int_or(call->api, a, "begin_mask", 0, &begin_mask)) != ACL_SUCCESS ||
        (err = opk_attr_int_or(call->api, a, "end_mask", 0, &end_mask)) != ACL_SUCCESS ||
        (err = opk_attr_int_or(call->api, a, "ellipsis_mask", 0, &ellipsis_mask)) != ACL_SUCCESS ||
        (err = opk_attr_int_or(call->api, a, "new_axis_mask", 0, &new_axis_mask)) != ACL_SUCCESS ||
        (err = opk_attr_int_or(call->api, a, "shrink_axis_mask", 0, &shrink_mask)) != ACL_SUCCESS) {
        return err;
    }
    if (ellipsis_mask != 0 || new_axis_mask != 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: %s: ellipsis_mask and new_axis_mask are not supported by the emulator", call->api,
                                call->op_type);
    }
    const opk_shape *in = &call->in[0].shape;
    if (nb != ne || nb != ns || (int)nb > in->ndim) {
        return shape_error(call, "begin, end and strides need the same length, at most the rank of x");
    }
    plan->iter.ndim = in->ndim;
    plan->out.ndim = 0;
    for (int d = 0; d < in->ndim; d++) {
        int64_t n = in->dims[d];
        int64_t b = 0, e = n, s = 1;
        bool shrink = false;
        if (d < (int)nb) {
            s = strides[d];
            if (s == 0) {
                return shape_error(call, "strides must not be 0");
            }
            shrink = (shrink_mask >> d) & 1;
            if (shrink) {
                b = begin[d] < 0 ? begin[d] + n : begin[d];
                if (b < 0 || b >= n) {
                    return shape_error(call, "shrink_axis_mask index out of range");
                }
                e = b + 1;
                s = 1;
            } else {
                int64_t lo = s > 0 ? 0 : -1, hi = s > 0 ? n : n - 1;
                if ((begin_mask >> d) & 1) {
                    b = s > 0 ? 0 : n - 1;
                } else {
                    b = clamp64(begin[d] < 0 ? begin[d] + n : begin[d], lo, hi);
                }
                if ((end_mask >> d) & 1) {
                    e = s > 0 ? n : -1;
                } else {
                    e = clamp64(end[d] < 0 ? end[d] + n : end[d], lo, hi);
                }
            }
        }
        int64_t len = s > 0 ? (e - b + s - 1) / s : (b - e + (-s) - 1) / (-s);
        if (len < 0) {
            len = 0;
        }
        plan->begin[d] = b;
        plan->step[d] = s;
        plan->iter.dims[d] = len;
        if (!shrink) {
            plan->out.dims[plan->out.ndim++] = len;
        }
    }
    return ACL_SUCCESS;
}

aclError opk_infer_strided_slice(const opk_call *call, aclDataType *out_dtypes, opk_shape *out_shapes)
{
    strided_plan plan;
    aclError err = check_data_input(call, 0);
    if (err == ACL_SUCCESS) {
        err = strided_slice_plan(call, &plan);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    out_shapes[0] = plan.out;
    out_dtypes[0] = call->in[0].dtype;
    return ACL_SUCCESS;
}

aclError opk_run_strided_slice(const opk_call *call)
{
    strided_plan plan;
    aclError err = strided_slice_plan(call, &plan);
    if (err != ACL_SUCCESS) {
        return err;
    }
    int64_t in_strides[OPK_MAX_DIMS], strides[OPK_MAX_DIMS];
    contiguous_strides(&call->in[0].shape, in_strides);
    int64_t start = 0;
    for (int d = 0; d < plan.iter.ndim; d++) {
        start += plan.begin[d] * in_strides[d];
        strides[d] = plan.step[d] * in_strides[d];
    }
    gather_strided(call->in[0].data, call->out[0].data, opk_dtype_size(call->in[0].dtype), &plan.iter, strides,
                   start);
    return ACL_SUCCESS;
}

/* --------------------------------------------------------------------- Concat */

typedef struct concat_plan {
    int first;   /* index of the first data input */
    int count;   /* number of data inputs */
    int axis;
} concat_plan;

static aclError concat_layout(const opk_call *call, concat_plan *plan)
{
    int64_t dim = 0;
    aclError err;
    plan->first = 0;
    plan->count = call->num_inputs;
    if (strcmp(call->op_type, "Concat") == 0 || strcmp(call->op_type, "ConcatV2") == 0) {
        int dim_input = call->op_type[6] == '\0' ? 0 : call->num_inputs - 1;
        size_t n = 0;
        err = opk_input_ints(call, dim_input, &dim, 1, &n);
        if (err != ACL_SUCCESS) {
            return err;
        }
        if (n != 1) {
            return shape_error(call, "concat_dim input must hold one value");
        }
        plan->first = dim_input == 0 ? 1 : 0;
        plan->count = call->num_inputs - 1;
    } else {
        err = opk_attr_get_int(call->api, call->attr, "concat_dim", &dim);
        if (err != ACL_SUCCESS) {
            if (opk_attr_find(call->attr, "concat_dim") == NULL) {
                return aclemu_set_error(err, "%s: %s needs the int attribute 'concat_dim'", call->api, call->op_type);
            }
            return err;
        }
    }
    int64_t n_attr;
    err = opk_attr_int_or(call->api, call->attr, "N", plan->count, &n_attr);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (n_attr != plan->count) {
        return aclemu_set_error(ACL_ERROR_OP_INPUT_NOT_MATCH, "%s: %s attribute N is %lld but %d tensors are given",
                                call->api, call->op_type, (long long)n_attr, plan->count);
    }
    for (int i = plan->first; i < plan->first + plan->count; i++) {
        if ((err = check_data_input(call, i)) != ACL_SUCCESS) {
            return err;
        }
    }
    const opk_tensor *x0 = &call->in[plan->first];
    if (!opk_axis(dim, x0->shape.ndim, &plan->axis)) {
        return shape_error(call, "concat_dim is out of range");
    }
    return ACL_SUCCESS;
}

aclError opk_infer_concat(const opk_call *call, aclDataType *out_dtypes, opk_shape *out_shapes)
{
    concat_plan plan;
    aclError err = concat_layout(call, &plan);
    if (err != ACL_SUCCESS) {
        return err;
    }
    const opk_tensor *x0 = &call->in[plan.first];
    opk_shape out = x0->shape;
    out.dims[plan.axis] = 0;
    for (int i = plan.first; i < plan.first + plan.count; i++) {
        const opk_tensor *x = &call->in[i];
        if (x->dtype != x0->dtype) {
            return aclemu_set_error(ACL_ERROR_UNSUPPORTED_DATA_TYPE, "%s: %s inputs have different data types",
                                    call->api, call->op_type);
        }
        if (x->shape.ndim != out.ndim) {
            return shape_error(call, "inputs have different ranks");
        }
        for (int d = 0; d < out.ndim; d++) {
            if (d != plan.axis && x->shape.dims[d] != x0->shape.dims[d]) {
                return shape_error(call, "inputs differ outside the concat dimension");
            }
        }
        out.dims[plan.axis] += x->shape.dims[plan.axis];
    }
    out_shapes[0] = out;
    out_dtypes[0] = x0->dtype;
    return ACL_SUCCESS;
}

aclError opk_run_concat(const opk_call *call)
{
    concat_plan plan;
    aclError err = concat_layout(call, &plan);
    if (err != ACL_SUCCESS) {
        return err;
    }
    const opk_shape *out = &call->out[0].shape;
    size_t es = opk_dtype_size(call->out[0].dtype);
    size_t outer = 1, inner = es;
    for (int d = 0; d < plan.axis; d++) {
        outer *= (size_t)out->dims[d];
    }
    for (int d = plan.axis + 1; d < out->ndim; d++) {
        inner *= (size_t)out->dims[d];
    }
    char *dst = call->out[0].data;
    for (size_t o = 0; o < outer; o++) {
        for (int i = plan.first; i < plan.first + plan.count; i++) {
            const opk_tensor *x = &call->in[i];
            size_t chunk = (size_t)x->shape.dims[plan.axis] * inner;
            memcpy(dst, (const char *)x->data + o * chunk, chunk);
            dst += chunk;
        }
    }
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------------- Identity */

aclError opk_infer_identity(const opk_call *call, aclDataType *out_dtypes, opk_shape *out_shapes)
{
    aclError err = check_data_input(call, 0);
    out_dtypes[0] = call->in[0].dtype;
    out_shapes[0] = call->in[0].shape;
    return err;
}

aclError opk_run_identity(const opk_call *call)
{
    const opk_tensor *x = &call->in[0];
    memmove(call->out[0].data, x->data, opk_shape_elements(&x->shape) * opk_dtype_size(x->dtype));
    return ACL_SUCCESS;
}
