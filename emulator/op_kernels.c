/* Kernel registry, attribute lookup, tensor and element helpers shared by the op_kernels_*.c files. */
#include "emu.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "op_kernels.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

/* ------------------------------------------------------------------ registry */

static const opk_kernel KERNELS[] = {
    /* op type, inputs min/max (-1: any), outputs. Sorted by name (binary search). The non-"D" forms
     * of ops that take shape values as inputs also accept those values as attributes. */
    {"Abs", 1, 1, 1, opk_infer_unary, opk_run_unary},
    {"Add", 2, 2, 1, opk_infer_binary, opk_run_binary},
    {"AddV2", 2, 2, 1, opk_infer_binary, opk_run_binary},
    {"ArgMaxD", 1, 1, 1, opk_infer_arg_max, opk_run_arg_max},
    {"ArgMaxV2", 2, 2, 1, opk_infer_arg_max, opk_run_arg_max},
    {"BatchMatMul", 2, 3, 1, opk_infer_batch_mat_mul, opk_run_batch_mat_mul},
    {"BatchMatMulV2", 2, 3, 1, opk_infer_batch_mat_mul, opk_run_batch_mat_mul},
    {"Cast", 1, 1, 1, opk_infer_cast, opk_run_cast},
    {"Ceil", 1, 1, 1, opk_infer_unary, opk_run_unary},
    {"Concat", 2, -1, 1, opk_infer_concat, opk_run_concat},
    {"ConcatD", 1, -1, 1, opk_infer_concat, opk_run_concat},
    {"ConcatV2", 2, -1, 1, opk_infer_concat, opk_run_concat},
    {"ConcatV2D", 1, -1, 1, opk_infer_concat, opk_run_concat},
    {"Cos", 1, 1, 1, opk_infer_unary, opk_run_unary},
    {"Div", 2, 2, 1, opk_infer_binary, opk_run_binary},
    {"Exp", 1, 1, 1, opk_infer_unary, opk_run_unary},
    {"Fill", 2, 2, 1, opk_infer_fill, opk_run_fill},
    {"FillD", 1, 1, 1, opk_infer_fill_d, opk_run_fill_d},
    {"Floor", 1, 1, 1, opk_infer_unary, opk_run_unary},
    {"GEMM", 5, 5, 1, opk_infer_gemm, opk_run_gemm},
    {"Identity", 1, 1, 1, opk_infer_identity, opk_run_identity},
    {"Log", 1, 1, 1, opk_infer_unary, opk_run_unary},
    {"MatMul", 2, 3, 1, opk_infer_mat_mul, opk_run_mat_mul},
    {"MatMulV2", 2, 3, 1, opk_infer_mat_mul, opk_run_mat_mul},
    {"Maximum", 2, 2, 1, opk_infer_binary, opk_run_binary},
    {"Minimum", 2, 2, 1, opk_infer_binary, opk_run_binary},
    {"Mul", 2, 2, 1, opk_infer_binary, opk_run_binary},
    {"Neg", 1, 1, 1, opk_infer_unary, opk_run_unary},
    {"OnesLike", 1, 1, 1, opk_infer_ones_like, opk_run_ones_like},
    {"Pow", 2, 2, 1, opk_infer_binary, opk_run_binary},
    {"RealDiv", 2, 2, 1, opk_infer_binary, opk_run_binary},
    {"Reciprocal", 1, 1, 1, opk_infer_unary, opk_run_unary},
    {"ReduceMax", 1, 2, 1, opk_infer_reduce, opk_run_reduce},
    {"ReduceMaxD", 1, 1, 1, opk_infer_reduce, opk_run_reduce},
    {"ReduceMean", 1, 2, 1, opk_infer_reduce, opk_run_reduce},
    {"ReduceMeanD", 1, 1, 1, opk_infer_reduce, opk_run_reduce},
    {"ReduceMin", 1, 2, 1, opk_infer_reduce, opk_run_reduce},
    {"ReduceMinD", 1, 1, 1, opk_infer_reduce, opk_run_reduce},
    {"ReduceSum", 1, 2, 1, opk_infer_reduce, opk_run_reduce},
    {"ReduceSumD", 1, 1, 1, opk_infer_reduce, opk_run_reduce},
    {"Relu", 1, 1, 1, opk_infer_unary, opk_run_unary},
    {"Rsqrt", 1, 1, 1, opk_infer_unary, opk_run_unary},
    {"Sigmoid", 1, 1, 1, opk_infer_unary, opk_run_unary},
    {"Sin", 1, 1, 1, opk_infer_unary, opk_run_unary},
    {"Slice", 1, 3, 1, opk_infer_slice, opk_run_slice},
    {"SliceD", 1, 1, 1, opk_infer_slice, opk_run_slice},
    {"Softmax", 1, 1, 1, opk_infer_softmax, opk_run_softmax},
    {"SoftmaxV2", 1, 1, 1, opk_infer_softmax, opk_run_softmax},
    {"Sqrt", 1, 1, 1, opk_infer_unary, opk_run_unary},
    {"Square", 1, 1, 1, opk_infer_unary, opk_run_unary},
    {"StridedSlice", 1, 4, 1, opk_infer_strided_slice, opk_run_strided_slice},
    {"StridedSliceD", 1, 1, 1, opk_infer_strided_slice, opk_run_strided_slice},
    {"Sub", 2, 2, 1, opk_infer_binary, opk_run_binary},
    {"Tanh", 1, 1, 1, opk_infer_unary, opk_run_unary},
    {"Transpose", 1, 2, 1, opk_infer_transpose, opk_run_transpose},
    {"TransposeD", 1, 1, 1, opk_infer_transpose, opk_run_transpose},
    {"ZerosLike", 1, 1, 1, opk_infer_zeros_like, opk_run_zeros_like},
};

#define KERNEL_COUNT (sizeof(KERNELS) / sizeof(KERNELS[0]))

const opk_kernel *opk_find(const char *op_type)
{
    if (op_type == NULL) {
        return NULL;
    }
    size_t lo = 0;
    size_t hi = KERNEL_COUNT;
    while (lo < hi) { /* the table is sorted by name */
        size_t mid = (lo + hi) / 2;
        int cmp = strcmp(op_type, KERNELS[mid].op_type);
        if (cmp == 0) {
            return &KERNELS[mid];
        }
        if (cmp < 0) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    return NULL;
}

int opk_name_index(const char *name, const char *const *names, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        if (strcmp(names[i], name) == 0) {
            return (int)i;
        }
    }
    return -1;
}

size_t opk_kernel_count(void)
{
    return KERNEL_COUNT;
}

const char *opk_kernel_name(size_t index)
{
    return index < KERNEL_COUNT ? KERNELS[index].op_type : NULL;
}

/* ---------------------------------------------------------------- attributes */

const opk_attr_value *opk_attr_find(const aclopAttr *attr, const char *name)
{
    if (attr == NULL || name == NULL) {
        return NULL;
    }
    for (size_t i = 0; i < attr->count; i++) {
        if (strcmp(attr->values[i].name, name) == 0) {
            return &attr->values[i];
        }
    }
    return NULL;
}

static aclError attr_kind_error(const char *api, const char *name, const char *wanted)
{
    return aclemu_set_error(ACL_ERROR_OP_ATTR_NOT_MATCH, "%s: attribute '%s' must be %s", api, name, wanted);
}

aclError opk_attr_get_int(const char *api, const aclopAttr *attr, const char *name, int64_t *out)
{
    const opk_attr_value *v = opk_attr_find(attr, name);
    if (v == NULL) {
        return ACL_ERROR_OP_ATTR_NOT_MATCH;
    }
    if (v->kind != OPK_ATTR_INT && v->kind != OPK_ATTR_BOOL && v->kind != OPK_ATTR_DTYPE) {
        return attr_kind_error(api, name, "an int");
    }
    *out = v->int_value;
    return ACL_SUCCESS;
}

aclError opk_attr_get_bool(const char *api, const aclopAttr *attr, const char *name, bool *out)
{
    const opk_attr_value *v = opk_attr_find(attr, name);
    if (v == NULL) {
        return ACL_ERROR_OP_ATTR_NOT_MATCH;
    }
    if (v->kind != OPK_ATTR_BOOL && v->kind != OPK_ATTR_INT) {
        return attr_kind_error(api, name, "a bool");
    }
    *out = v->int_value != 0;
    return ACL_SUCCESS;
}

aclError opk_attr_get_float(const char *api, const aclopAttr *attr, const char *name, float *out)
{
    const opk_attr_value *v = opk_attr_find(attr, name);
    if (v == NULL) {
        return ACL_ERROR_OP_ATTR_NOT_MATCH;
    }
    if (v->kind == OPK_ATTR_FLOAT) {
        *out = v->float_value;
    } else if (v->kind == OPK_ATTR_INT) {
        *out = (float)v->int_value;
    } else {
        return attr_kind_error(api, name, "a float");
    }
    return ACL_SUCCESS;
}

aclError opk_attr_get_ints(const char *api, const aclopAttr *attr, const char *name, const int64_t **values,
                           size_t *count)
{
    const opk_attr_value *v = opk_attr_find(attr, name);
    if (v == NULL) {
        return ACL_ERROR_OP_ATTR_NOT_MATCH;
    }
    switch (v->kind) {
    case OPK_ATTR_LIST_INT:
    case OPK_ATTR_LIST_BOOL:
    case OPK_ATTR_LIST_DTYPE:
        *values = v->ints;
        *count = v->count;
        return ACL_SUCCESS;
    case OPK_ATTR_INT:
        *values = &v->int_value;
        *count = 1;
        return ACL_SUCCESS;
    default:
        return attr_kind_error(api, name, "a list of ints");
    }
}

aclError opk_attr_int_or(const char *api, const aclopAttr *attr, const char *name, int64_t fallback, int64_t *out)
{
    if (opk_attr_find(attr, name) == NULL) {
        *out = fallback;
        return ACL_SUCCESS;
    }
    return opk_attr_get_int(api, attr, name, out);
}

aclError opk_attr_bool_or(const char *api, const aclopAttr *attr, const char *name, bool fallback, bool *out)
{
    if (opk_attr_find(attr, name) == NULL) {
        *out = fallback;
        return ACL_SUCCESS;
    }
    return opk_attr_get_bool(api, attr, name, out);
}

/* ------------------------------------------------------------------- tensors */

aclError opk_tensor_from_desc(const char *api, const char *what, const aclTensorDesc *desc, opk_tensor *t)
{
    memset(t, 0, sizeof(*t));
    if (desc == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", api, what);
    }
    if (!aclemu_handle_is(desc, ACLEMU_KIND_TENSOR_DESC)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is not a live aclTensorDesc", api, what);
    }
    t->dtype = desc->type;
    t->format = desc->format;
    t->const_data = desc->const_data;
    t->const_len = desc->const_len;
    if (desc->unknown_rank) {
        t->dynamic = true;
        return ACL_SUCCESS;
    }
    if (desc->num_dims > OPK_MAX_DIMS) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s has %zu dims, the emulator supports up to %d", api,
                                what, desc->num_dims, OPK_MAX_DIMS);
    }
    t->shape.ndim = (int)desc->num_dims;
    for (size_t i = 0; i < desc->num_dims; i++) {
        t->shape.dims[i] = desc->dims[i];
        if (desc->dims[i] < 0) {
            t->dynamic = true;
        }
    }
    return ACL_SUCCESS;
}

size_t opk_shape_elements(const opk_shape *shape)
{
    size_t n = 1;
    for (int i = 0; i < shape->ndim; i++) {
        n *= shape->dims[i] < 0 ? 0 : (size_t)shape->dims[i];
    }
    return n;
}

bool opk_shape_equal(const opk_shape *a, const opk_shape *b)
{
    if (a->ndim != b->ndim) {
        return false;
    }
    for (int i = 0; i < a->ndim; i++) {
        if (a->dims[i] != b->dims[i]) {
            return false;
        }
    }
    return true;
}

const char *opk_shape_str(const opk_shape *shape, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    used += (size_t)snprintf(buf + used, len - used, "[");
    for (int i = 0; i < shape->ndim && used < len; i++) {
        used += (size_t)snprintf(buf + used, len - used, i ? ", %lld" : "%lld", (long long)shape->dims[i]);
    }
    if (used < len) {
        snprintf(buf + used, len - used, "]");
    }
    return buf;
}

bool opk_axis(int64_t axis, int ndim, int *out)
{
    if (axis < -(int64_t)ndim || axis >= (int64_t)ndim) {
        return false;
    }
    *out = (int)(axis < 0 ? axis + ndim : axis);
    return true;
}

aclError opk_input_ints(const opk_call *call, int index, int64_t *values, size_t max, size_t *count)
{
    const opk_tensor *t = &call->in[index];
    if (t->dtype != ACL_INT32 && t->dtype != ACL_INT64) {
        return aclemu_set_error(ACL_ERROR_UNSUPPORTED_DATA_TYPE, "%s: %s input %d must be int32 or int64, not %s",
                                call->api, call->op_type, index, opk_dtype_name(t->dtype));
    }
    if (t->dynamic) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s input %d needs a known shape", call->api,
                                call->op_type, index);
    }
    size_t n = opk_shape_elements(&t->shape);
    if (n > max) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s input %d has %zu values, at most %zu allowed",
                                call->api, call->op_type, index, n, max);
    }
    size_t bytes = n * opk_dtype_size(t->dtype);
    const void *src = NULL;
    if (t->const_data != NULL) {
        if (t->const_len < bytes) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s input %d: constant data has %zu bytes, %zu needed",
                                    call->api, call->op_type, index, t->const_len, bytes);
        }
        src = t->const_data;
    } else if (!call->at_run) {
        return OPK_DEFERRED;
    } else if ((src = t->data) == NULL || t->size < bytes) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s input %d: buffer holds %zu bytes, %zu needed",
                                call->api, call->op_type, index, src == NULL ? 0 : t->size, bytes);
    }
    for (size_t i = 0; i < n; i++) {
        values[i] = opk_load_i64(t->dtype, src, i);
    }
    *count = n;
    return ACL_SUCCESS;
}

aclError opk_input_scalar_f32(const opk_call *call, int index, float *out)
{
    const opk_tensor *t = &call->in[index];
    if (opk_dtype_size(t->dtype) == 0) {
        return aclemu_set_error(ACL_ERROR_UNSUPPORTED_DATA_TYPE, "%s: %s input %d has unsupported type %s", call->api,
                                call->op_type, index, opk_dtype_name(t->dtype));
    }
    const void *src = t->const_data != NULL && t->const_len >= opk_dtype_size(t->dtype) ? t->const_data : NULL;
    if (src == NULL) {
        if (!call->at_run) {
            return OPK_DEFERRED;
        }
        if ((src = t->data) == NULL || t->size < opk_dtype_size(t->dtype)) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s input %d has no data", call->api, call->op_type,
                                    index);
        }
    }
    *out = opk_load_f32(t->dtype, src, 0);
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------------ elements */

bool opk_dtype_is_float(aclDataType dtype)
{
    return dtype == ACL_FLOAT || dtype == ACL_FLOAT16 || dtype == ACL_BF16 || dtype == ACL_DOUBLE;
}

bool opk_dtype_is_int(aclDataType dtype)
{
    switch (dtype) {
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_INT16:
    case ACL_UINT16:
    case ACL_INT32:
    case ACL_UINT32:
    case ACL_INT64:
    case ACL_UINT64:
    case ACL_BOOL:
        return true;
    default:
        return false;
    }
}

size_t opk_dtype_size(aclDataType dtype)
{
    switch (dtype) {
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_BOOL:
        return 1;
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_INT16:
    case ACL_UINT16:
        return 2;
    case ACL_FLOAT:
    case ACL_INT32:
    case ACL_UINT32:
        return 4;
    case ACL_DOUBLE:
    case ACL_INT64:
    case ACL_UINT64:
        return 8;
    default:
        return 0;
    }
}

const char *opk_dtype_name(aclDataType dtype)
{
    switch (dtype) {
    case ACL_FLOAT: return "float32";
    case ACL_FLOAT16: return "float16";
    case ACL_BF16: return "bfloat16";
    case ACL_DOUBLE: return "float64";
    case ACL_INT8: return "int8";
    case ACL_UINT8: return "uint8";
    case ACL_INT16: return "int16";
    case ACL_UINT16: return "uint16";
    case ACL_INT32: return "int32";
    case ACL_UINT32: return "uint32";
    case ACL_INT64: return "int64";
    case ACL_UINT64: return "uint64";
    case ACL_BOOL: return "bool";
    default: return "an unsupported type";
    }
}

double opk_load_f64(aclDataType dtype, const void *base, size_t i)
{
    switch (dtype) {
    case ACL_FLOAT: return ((const float *)base)[i];
    case ACL_FLOAT16: return aclemu_f16_to_f32(((const uint16_t *)base)[i]);
    case ACL_BF16: return aclemu_bf16_to_f32(((const uint16_t *)base)[i]);
    case ACL_DOUBLE: return ((const double *)base)[i];
    case ACL_UINT64: return (double)((const uint64_t *)base)[i];
    default: return (double)opk_load_i64(dtype, base, i);
    }
}

float opk_load_f32(aclDataType dtype, const void *base, size_t i)
{
    switch (dtype) {
    case ACL_FLOAT: return ((const float *)base)[i];
    case ACL_FLOAT16: return aclemu_f16_to_f32(((const uint16_t *)base)[i]);
    default: return (float)opk_load_f64(dtype, base, i);
    }
}

int64_t opk_load_i64(aclDataType dtype, const void *base, size_t i)
{
    switch (dtype) {
    case ACL_INT8: return ((const int8_t *)base)[i];
    case ACL_UINT8: return ((const uint8_t *)base)[i];
    case ACL_BOOL: return ((const uint8_t *)base)[i] != 0;
    case ACL_INT16: return ((const int16_t *)base)[i];
    case ACL_UINT16: return ((const uint16_t *)base)[i];
    case ACL_INT32: return ((const int32_t *)base)[i];
    case ACL_UINT32: return ((const uint32_t *)base)[i];
    case ACL_INT64: return ((const int64_t *)base)[i];
    case ACL_UINT64: return (int64_t)((const uint64_t *)base)[i];
    default: {
        double v = opk_load_f64(dtype, base, i);
        if (isnan(v)) {
            return 0;
        }
        if (v >= 9.2233720368547758e18) {
            return INT64_MAX;
        }
        if (v <= -9.2233720368547758e18) {
            return INT64_MIN;
        }
        return (int64_t)v;
    }
    }
}

static int64_t saturate(double v, double lo, double hi)
{
    if (isnan(v)) {
        return 0;
    }
    if (v <= lo) {
        return (int64_t)lo;
    }
    if (v >= hi) {
        return (int64_t)hi;
    }
    return (int64_t)v; /* C truncates toward zero */
}

void opk_store_f64(aclDataType dtype, void *base, size_t i, double v)
{
    switch (dtype) {
    case ACL_FLOAT: ((float *)base)[i] = (float)v; return;
    case ACL_FLOAT16: ((uint16_t *)base)[i] = aclemu_f32_to_f16((float)v); return;
    case ACL_BF16: ((uint16_t *)base)[i] = aclemu_f32_to_bf16((float)v); return;
    case ACL_DOUBLE: ((double *)base)[i] = v; return;
    case ACL_BOOL: ((uint8_t *)base)[i] = v != 0.0; return;
    case ACL_INT8: ((int8_t *)base)[i] = (int8_t)saturate(v, INT8_MIN, INT8_MAX); return;
    case ACL_UINT8: ((uint8_t *)base)[i] = (uint8_t)saturate(v, 0, UINT8_MAX); return;
    case ACL_INT16: ((int16_t *)base)[i] = (int16_t)saturate(v, INT16_MIN, INT16_MAX); return;
    case ACL_UINT16: ((uint16_t *)base)[i] = (uint16_t)saturate(v, 0, UINT16_MAX); return;
    case ACL_INT32: ((int32_t *)base)[i] = (int32_t)saturate(v, INT32_MIN, INT32_MAX); return;
    case ACL_UINT32: ((uint32_t *)base)[i] = (uint32_t)saturate(v, 0, UINT32_MAX); return;
    case ACL_INT64:
        ((int64_t *)base)[i] = saturate(v, -9.2233720368547758e18, 9.2233720368547748e18);
        return;
    case ACL_UINT64:
        ((uint64_t *)base)[i] = isnan(v) || v <= 0 ? 0 : v >= 1.8446744073709552e19 ? UINT64_MAX : (uint64_t)v;
        return;
    default: return;
    }
}

void opk_store_i64(aclDataType dtype, void *base, size_t i, int64_t v)
{
    /* Integer narrowing wraps (two's complement), as numpy's astype does. */
    switch (dtype) {
    case ACL_INT8: ((int8_t *)base)[i] = (int8_t)(uint8_t)v; return;
    case ACL_UINT8: ((uint8_t *)base)[i] = (uint8_t)v; return;
    case ACL_BOOL: ((uint8_t *)base)[i] = v != 0; return;
    case ACL_INT16: ((int16_t *)base)[i] = (int16_t)(uint16_t)v; return;
    case ACL_UINT16: ((uint16_t *)base)[i] = (uint16_t)v; return;
    case ACL_INT32: ((int32_t *)base)[i] = (int32_t)(uint32_t)v; return;
    case ACL_UINT32: ((uint32_t *)base)[i] = (uint32_t)v; return;
    case ACL_INT64: ((int64_t *)base)[i] = v; return;
    case ACL_UINT64: ((uint64_t *)base)[i] = (uint64_t)v; return;
    default: opk_store_f64(dtype, base, i, (double)v); return;
    }
}

static bool portable_kernels;
static pthread_once_t portable_kernels_once = PTHREAD_ONCE_INIT;

static void read_portable_kernels(void)
{
    portable_kernels = aclemu_env_ll("ACL_EMU_GENERIC_KERNELS", 0) != 0;
}

/* Read once, like ACL_EMU_THREADS: Softmax asks on every call, and getenv is a scan of the
 * environment. */
bool opk_portable_kernels(void)
{
    pthread_once(&portable_kernels_once, read_portable_kernels);
    return portable_kernels;
}

/* float16 <-> float32 in bulk with the CPU's F16C conversions where it has them (x86-64 since
 * 2012): they round to nearest even like aclemu_f32_to_f16, but 8 at a time instead of a branchy
 * software routine per element, which made fp16 kernels several times slower than numpy. */
#if defined(__x86_64__) && defined(__GNUC__)

__attribute__((target("avx,f16c"))) static void half_to_f32_f16c(const uint16_t *src, float *dst, size_t count)
{
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(src + i))));
    }
    for (; i < count; i++) {
        dst[i] = aclemu_f16_to_f32(src[i]);
    }
}

__attribute__((target("avx,f16c"))) static void f32_to_half_f16c(const float *src, uint16_t *dst, size_t count)
{
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        _mm_storeu_si128((__m128i *)(dst + i),
                         _mm256_cvtps_ph(_mm256_loadu_ps(src + i), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
    }
    for (; i < count; i++) {
        dst[i] = aclemu_f32_to_f16(src[i]);
    }
}

static bool cpu_has_f16c(void)
{
    return __builtin_cpu_supports("avx") && __builtin_cpu_supports("f16c");
}
#else
static bool cpu_has_f16c(void)
{
    return false;
}
#define half_to_f32_f16c(src, dst, count) ((void)0)
#define f32_to_half_f16c(src, dst, count) ((void)0)
#endif

void opk_to_f32(aclDataType dtype, const void *src, float *dst, size_t count)
{
    if (dtype == ACL_FLOAT) {
        memmove(dst, src, count * sizeof(float));
        return;
    }
    if (dtype == ACL_FLOAT16 && cpu_has_f16c()) {
        half_to_f32_f16c(src, dst, count);
        return;
    }
    /* integers up to 32 bits convert to float in one rounding, as through double: plain typed loops
     * the compiler vectorises, where the per-element load below costs three calls and switches */
#define WIDEN_TO_F32(type)                                                                                  \
    for (size_t i = 0; i < count; i++) {                                                                    \
        dst[i] = (float)((const type *)src)[i];                                                             \
    }                                                                                                       \
    return
    switch (dtype) {
    case ACL_INT8: WIDEN_TO_F32(int8_t);
    case ACL_UINT8: WIDEN_TO_F32(uint8_t);
    case ACL_INT16: WIDEN_TO_F32(int16_t);
    case ACL_UINT16: WIDEN_TO_F32(uint16_t);
    case ACL_INT32: WIDEN_TO_F32(int32_t);
    default: break;
    }
#undef WIDEN_TO_F32
    for (size_t i = 0; i < count; i++) {
        dst[i] = opk_load_f32(dtype, src, i);
    }
}

void opk_from_f32(aclDataType dtype, const float *src, void *dst, size_t count)
{
    if (dtype == ACL_FLOAT) {
        memmove(dst, src, count * sizeof(float));
        return;
    }
    if (dtype == ACL_FLOAT16 && cpu_has_f16c()) {
        f32_to_half_f16c(src, dst, count);
        return;
    }
    if (dtype == ACL_FLOAT16) {
        uint16_t *out = dst;
        for (size_t i = 0; i < count; i++) {
            out[i] = aclemu_f32_to_f16(src[i]);
        }
        return;
    }
    for (size_t i = 0; i < count; i++) {
        opk_store_f64(dtype, dst, i, src[i]);
    }
}
