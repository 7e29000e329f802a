/* Reductions over axes: ReduceSum/Mean/Max/Min (+D forms), Softmax(V2), ArgMaxD/ArgMaxV2. */
#include "emu.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "op_kernels.h"
#include "parallel.h"

typedef enum reduce_op { R_SUM, R_MEAN, R_MAX, R_MIN } reduce_op;

static reduce_op reduce_op_of(const char *op_type)
{
    /* op types are ReduceSum, ReduceMean, ReduceMax, ReduceMin and their "D" forms */
    const char *name = op_type + strlen("Reduce");
    if (strncmp(name, "Sum", 3) == 0) {
        return R_SUM;
    }
    if (strncmp(name, "Mean", 4) == 0) {
        return R_MEAN;
    }
    return strncmp(name, "Max", 3) == 0 ? R_MAX : R_MIN;
}

static aclError check_input(const opk_call *call, bool floats_only)
{
    aclDataType dt = call->in[0].dtype;
    bool ok = opk_dtype_is_float(dt) || (!floats_only && opk_dtype_is_int(dt) && dt != ACL_BOOL);
    if (!ok || opk_dtype_size(dt) == 0) {
        return aclemu_set_error(ACL_ERROR_UNSUPPORTED_DATA_TYPE, "%s: %s does not support data type %s", call->api,
                                call->op_type, opk_dtype_name(dt));
    }
    if (call->in[0].dynamic) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s input 0 has an unknown shape", call->api,
                                call->op_type);
    }
    return ACL_SUCCESS;
}

/* reduced[axis] = true for each listed axis (negative axes count from the end). */
static aclError mark_axes(const opk_call *call, const int64_t *axes, size_t count, int nd, bool *reduced)
{
    for (size_t i = 0; i < count; i++) {
        int axis;
        if (!opk_axis(axes[i], nd, &axis)) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s: axis %lld is out of range for rank %d",
                                    call->api, call->op_type, (long long)axes[i], nd);
        }
        reduced[axis] = true;
    }
    return ACL_SUCCESS;
}

/* Which dims of x are reduced, from the axes input (index 1) or the "axes" attribute. */
static aclError reduced_axes(const opk_call *call, const char *attr_name, bool *reduced, bool *keep_dims)
{
    int64_t axes[OPK_MAX_DIMS];
    size_t count = 0;
    aclError err;
    int nd = call->in[0].shape.ndim;
    if (call->num_inputs > 1) {
        err = opk_input_ints(call, 1, axes, OPK_MAX_DIMS, &count);
    } else {
        const int64_t *values;
        err = opk_attr_get_ints(call->api, call->attr, attr_name, &values, &count);
        if (err == ACL_ERROR_OP_ATTR_NOT_MATCH && opk_attr_find(call->attr, attr_name) == NULL) {
            return aclemu_set_error(err, "%s: %s needs the list attribute '%s'", call->api, call->op_type, attr_name);
        }
        if (err == ACL_SUCCESS && count > OPK_MAX_DIMS) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s: too many axes", call->api, call->op_type);
        }
        if (err == ACL_SUCCESS) {
            memcpy(axes, values, count * sizeof(int64_t));
        }
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    bool noop_with_empty;
    if ((err = opk_attr_bool_or(call->api, call->attr, "keep_dims", false, keep_dims)) != ACL_SUCCESS ||
        (err = opk_attr_bool_or(call->api, call->attr, "noop_with_empty_axes", true, &noop_with_empty)) !=
            ACL_SUCCESS) {
        return err;
    }
    for (int d = 0; d < nd; d++) {
        reduced[d] = count == 0 && !noop_with_empty;
    }
    return mark_axes(call, axes, count, nd, reduced);
}

static void reduced_shape(const opk_shape *in, const bool *reduced, bool keep_dims, opk_shape *out)
{
    out->ndim = 0;
    for (int d = 0; d < in->ndim; d++) {
        if (!reduced[d]) {
            out->dims[out->ndim++] = in->dims[d];
        } else if (keep_dims) {
            out->dims[out->ndim++] = 1;
        }
    }
}

/* For each element of x (in order), the index of its group: the output element it reduces into. */
static size_t *group_index(const opk_shape *in, const bool *reduced)
{
    size_t total = opk_shape_elements(in);
    size_t *groups = malloc((total ? total : 1) * sizeof(size_t));
    if (groups == NULL) {
        return NULL;
    }
    size_t gstride[OPK_MAX_DIMS];
    size_t s = 1;
    for (int d = in->ndim - 1; d >= 0; d--) {
        gstride[d] = reduced[d] ? 0 : s;
        if (!reduced[d]) {
            s *= (size_t)in->dims[d];
        }
    }
    int64_t counter[OPK_MAX_DIMS] = {0};
    size_t g = 0;
    for (size_t i = 0; i < total; i++) {
        groups[i] = g;
        for (int d = in->ndim - 1; d >= 0; d--) {
            counter[d]++;
            g += gstride[d];
            if (counter[d] < in->dims[d]) {
                break;
            }
            g -= gstride[d] * (size_t)in->dims[d];
            counter[d] = 0;
        }
    }
    return groups;
}

static aclError no_memory(const opk_call *call)
{
    return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: %s: out of host memory", call->api, call->op_type);
}

/* -------------------------------------------------------------------- Reduce* */

aclError opk_infer_reduce(const opk_call *call, aclDataType *out_dtypes, opk_shape *out_shapes)
{
    aclError err = check_input(call, reduce_op_of(call->op_type) == R_MEAN);
    bool reduced[OPK_MAX_DIMS], keep_dims;
    if (err == ACL_SUCCESS) {
        err = reduced_axes(call, "axes", reduced, &keep_dims);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    reduced_shape(&call->in[0].shape, reduced, keep_dims, &out_shapes[0]);
    out_dtypes[0] = call->in[0].dtype;
    return ACL_SUCCESS;
}

aclError opk_run_reduce(const opk_call *call)
{
    reduce_op op = reduce_op_of(call->op_type);
    bool reduced[OPK_MAX_DIMS], keep_dims;
    aclError err = reduced_axes(call, "axes", reduced, &keep_dims);
    if (err != ACL_SUCCESS) {
        return err;
    }
    const opk_tensor *x = &call->in[0];
    const opk_tensor *y = &call->out[0];
    aclDataType dt = x->dtype;
    size_t n_in = opk_shape_elements(&x->shape);
    size_t n_out = opk_shape_elements(&y->shape);
    size_t *groups = group_index(&x->shape, reduced);
    double *acc = calloc(n_out ? n_out : 1, sizeof(double));
    int64_t *iacc = calloc(n_out ? n_out : 1, sizeof(int64_t));
    if (groups == NULL || acc == NULL || iacc == NULL) {
        free(groups), free(acc), free(iacc);
        return no_memory(call);
    }
    bool is_float = opk_dtype_is_float(dt);
    for (size_t g = 0; g < n_out; g++) {
        acc[g] = op == R_MAX ? -INFINITY : op == R_MIN ? INFINITY : 0.0;
        iacc[g] = op == R_MAX ? INT64_MIN : op == R_MIN ? INT64_MAX : 0;
    }
    for (size_t i = 0; i < n_in; i++) {
        size_t g = groups[i];
        if (is_float) {
            double v = opk_load_f64(dt, x->data, i);
            if (op == R_SUM || op == R_MEAN) {
                acc[g] += v;
            } else if (isnan(v) || (!isnan(acc[g]) && (op == R_MAX ? v > acc[g] : v < acc[g]))) {
                acc[g] = v; /* NaN wins, as in numpy.max */
            }
        } else {
            int64_t v = opk_load_i64(dt, x->data, i);
            if (op == R_SUM) {
                iacc[g] = (int64_t)((uint64_t)iacc[g] + (uint64_t)v);
            } else if (op == R_MAX ? v > iacc[g] : v < iacc[g]) {
                iacc[g] = v;
            }
        }
    }
    size_t group_size = n_out ? n_in / n_out : 0;
    for (size_t g = 0; g < n_out; g++) {
        if (is_float) {
            double v = op == R_MEAN ? acc[g] / (double)group_size : acc[g];
            opk_store_f64(dt, y->data, g, dt == ACL_DOUBLE ? v : (double)(float)v);
        } else {
            opk_store_i64(dt, y->data, g, iacc[g]);
        }
    }
    free(groups);
    free(acc);
    free(iacc);
    return ACL_SUCCESS;
}

/* -------------------------------------------------------------------- Softmax */

static aclError softmax_axes(const opk_call *call, bool *reduced)
{
    const int64_t *axes;
    size_t count;
    int64_t last = -1;
    const char *name = opk_attr_find(call->attr, "axes") != NULL ? "axes" : "axis";
    aclError err = opk_attr_get_ints(call->api, call->attr, name, &axes, &count);
    if (err == ACL_ERROR_OP_ATTR_NOT_MATCH && opk_attr_find(call->attr, name) == NULL) {
        axes = &last; /* default: the last dimension */
        count = 1;
    } else if (err != ACL_SUCCESS) {
        return err;
    }
    int nd = call->in[0].shape.ndim;
    memset(reduced, 0, OPK_MAX_DIMS * sizeof(bool));
    return mark_axes(call, axes, count, nd, reduced);
}

aclError opk_infer_softmax(const opk_call *call, aclDataType *out_dtypes, opk_shape *out_shapes)
{
    bool reduced[OPK_MAX_DIMS];
    aclError err = check_input(call, true);
    if (err == ACL_SUCCESS) {
        err = softmax_axes(call, reduced);
    }
    out_dtypes[0] = call->in[0].dtype;
    out_shapes[0] = call->in[0].shape;
    return err;
}

#define SR_FN(name) name##_generic
#define SR_TARGET
#include "op_kernels_softmax_rows.inc"
#undef SR_FN
#undef SR_TARGET

#if defined(__GNUC__) && defined(__x86_64__)
#define SR_FN(name) name##_avx2
#define SR_TARGET __attribute__((target("avx2")))
#include "op_kernels_softmax_rows.inc"
#undef SR_FN
#undef SR_TARGET
#define HAVE_SOFTMAX_AVX2 1
#endif

typedef void (*softmax_row_fn)(float *e, size_t n);

/* Eight floats a vector where the CPU has AVX2, four elsewhere. */
static softmax_row_fn softmax_row_kernel(void)
{
#ifdef HAVE_SOFTMAX_AVX2
    if (__builtin_cpu_supports("avx2") && !opk_portable_kernels()) {
        return softmax_row_avx2;
    }
#endif
    return softmax_row_generic;
}

typedef struct softmax_rows {
    const opk_call *call;
    size_t row;  /* elements in a row */
    softmax_row_fn kernel;
    int failed;  /* a band could not allocate its row buffer (written atomically) */
} softmax_rows;

static void softmax_band(void *ctx, size_t begin, size_t end)
{
    softmax_rows *s = ctx;
    const opk_tensor *x = &s->call->in[0];
    const opk_tensor *y = &s->call->out[0];
    aclDataType dt = x->dtype;
    size_t row = s->row, width = opk_dtype_size(dt);
    float *buffer = dt == ACL_FLOAT ? NULL : malloc((row ? row : 1) * sizeof(float));
    if (dt != ACL_FLOAT && buffer == NULL) {
        __atomic_store_n(&s->failed, 1, __ATOMIC_RELAXED);
        return;
    }
    for (size_t r = begin; r < end; r++) {
        const char *in = (const char *)x->data + r * row * width;
        float *e = dt == ACL_FLOAT ? (float *)y->data + r * row : buffer;
        opk_to_f32(dt, in, e, row);
        s->kernel(e, row);
        if (dt != ACL_FLOAT) {
            opk_from_f32(dt, e, (char *)y->data + r * row * width, row);
        }
    }
    free(buffer);
}

/* Softmax over the last axis alone (what models use) of 16/32-bit floats: contiguous rows split in
 * bands over the compute threads, each row in float32 with the sum in double, and no scratch beyond
 * a row per band. The general path below groups arbitrary axes in double and allocates a double
 * per element, ~10x numpy's time on a [4096, 1024] tensor. */

/* Rows a thread takes at least: a band must be worth a thread start (~20-50 us). */
#define SOFTMAX_MIN_BAND_ELEMENTS ((size_t)1 << 18)

static aclError softmax_last_axis(const opk_call *call)
{
    const opk_tensor *x = &call->in[0];
    softmax_rows s = {
        .call = call, .row = (size_t)x->shape.dims[x->shape.ndim - 1], .kernel = softmax_row_kernel(), .failed = 0};
    size_t rows = s.row == 0 ? 0 : opk_shape_elements(&x->shape) / s.row;
    size_t grain = s.row >= SOFTMAX_MIN_BAND_ELEMENTS ? 1 : SOFTMAX_MIN_BAND_ELEMENTS / (s.row ? s.row : 1);
    aclemu_parallel_for(rows, grain, softmax_band, &s);
    return __atomic_load_n(&s.failed, __ATOMIC_RELAXED) ? no_memory(call) : ACL_SUCCESS;
}

static bool only_last_axis(const bool *reduced, int ndim)
{
    for (int d = 0; d < ndim; d++) {
        if (reduced[d] != (d == ndim - 1)) {
            return false;
        }
    }
    return ndim > 0;
}

aclError opk_run_softmax(const opk_call *call)
{
    bool reduced[OPK_MAX_DIMS];
    aclError err = softmax_axes(call, reduced);
    if (err != ACL_SUCCESS) {
        return err;
    }
    const opk_tensor *x = &call->in[0];
    const opk_tensor *y = &call->out[0];
    aclDataType dt = x->dtype;
    if ((dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16) && only_last_axis(reduced, x->shape.ndim)) {
        return softmax_last_axis(call);
    }
    size_t n = opk_shape_elements(&x->shape);
    opk_shape gshape;
    reduced_shape(&x->shape, reduced, false, &gshape);
    size_t n_groups = opk_shape_elements(&gshape);
    size_t *groups = group_index(&x->shape, reduced);
    double *max = malloc((n_groups ? n_groups : 1) * sizeof(double));
    double *sum = calloc(n_groups ? n_groups : 1, sizeof(double));
    double *e = malloc((n ? n : 1) * sizeof(double));
    if (groups == NULL || max == NULL || sum == NULL || e == NULL) {
        free(groups), free(max), free(sum), free(e);
        return no_memory(call);
    }
    for (size_t g = 0; g < n_groups; g++) {
        max[g] = -INFINITY;
    }
    for (size_t i = 0; i < n; i++) {
        double v = opk_load_f64(dt, x->data, i);
        if (v > max[groups[i]] || isnan(v)) {
            max[groups[i]] = v;
        }
    }
    for (size_t i = 0; i < n; i++) {
        e[i] = exp(opk_load_f64(dt, x->data, i) - max[groups[i]]);
        sum[groups[i]] += e[i];
    }
    for (size_t i = 0; i < n; i++) {
        double v = e[i] / sum[groups[i]];
        opk_store_f64(dt, y->data, i, dt == ACL_DOUBLE ? v : (double)(float)v);
    }
    free(groups);
    free(max);
    free(sum);
    free(e);
    return ACL_SUCCESS;
}

/* --------------------------------------------------------------------- ArgMax */

static aclError arg_max_axis(const opk_call *call, int *axis)
{
    int64_t dim = 0;
    aclError err;
    if (call->num_inputs > 1) {
        size_t n = 0;
        err = opk_input_ints(call, 1, &dim, 1, &n);
        if (err == ACL_SUCCESS && n != 1) {
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s: dimension must hold one value", call->api,
                                   call->op_type);
        }
    } else {
        err = opk_attr_get_int(call->api, call->attr, "dimension", &dim);
        if (err == ACL_ERROR_OP_ATTR_NOT_MATCH && opk_attr_find(call->attr, "dimension") == NULL) {
            return aclemu_set_error(err, "%s: %s needs the int attribute 'dimension'", call->api, call->op_type);
        }
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (!opk_axis(dim, call->in[0].shape.ndim, axis)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s: dimension %lld is out of range", call->api,
                                call->op_type, (long long)dim);
    }
    return ACL_SUCCESS;
}

aclError opk_infer_arg_max(const opk_call *call, aclDataType *out_dtypes, opk_shape *out_shapes)
{
    int axis;
    aclError err = check_input(call, false);
    if (err == ACL_SUCCESS) {
        err = arg_max_axis(call, &axis);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    int64_t dtype = out_dtypes[0] == ACL_INT64 ? ACL_INT64 : ACL_INT32;
    if ((err = opk_attr_int_or(call->api, call->attr, "dtype", dtype, &dtype)) != ACL_SUCCESS) {
        return err;
    }
    if (dtype != ACL_INT32 && dtype != ACL_INT64) {
        return aclemu_set_error(ACL_ERROR_UNSUPPORTED_DATA_TYPE, "%s: %s output must be int32 or int64", call->api,
                                call->op_type);
    }
    bool reduced[OPK_MAX_DIMS] = {false};
    reduced[axis] = true;
    reduced_shape(&call->in[0].shape, reduced, false, &out_shapes[0]);
    out_dtypes[0] = (aclDataType)dtype;
    return ACL_SUCCESS;
}

aclError opk_run_arg_max(const opk_call *call)
{
    int axis;
    aclError err = arg_max_axis(call, &axis);
    if (err != ACL_SUCCESS) {
        return err;
    }
    const opk_tensor *x = &call->in[0];
    const opk_shape *s = &x->shape;
    size_t outer = 1, inner = 1, len = (size_t)s->dims[axis];
    for (int d = 0; d < axis; d++) {
        outer *= (size_t)s->dims[d];
    }
    for (int d = axis + 1; d < s->ndim; d++) {
        inner *= (size_t)s->dims[d];
    }
    bool is_float = opk_dtype_is_float(x->dtype);
    for (size_t o = 0; o < outer; o++) {
        for (size_t in = 0; in < inner; in++) {
            size_t base = o * len * inner + in;
            size_t best = 0;
            double best_f = len ? opk_load_f64(x->dtype, x->data, base) : 0.0;
            int64_t best_i = len ? opk_load_i64(x->dtype, x->data, base) : 0;
            for (size_t j = 1; j < len && !(is_float && isnan(best_f)); j++) {
                size_t at = base + j * inner;
                if (is_float) {
                    double v = opk_load_f64(x->dtype, x->data, at);
                    if (v > best_f || isnan(v)) { /* first maximum wins; a NaN is the maximum */
                        best_f = v;
                        best = j;
                    }
                } else {
                    int64_t v = opk_load_i64(x->dtype, x->data, at);
                    if (v > best_i) {
                        best_i = v;
                        best = j;
                    }
                }
            }
            opk_store_i64(call->out[0].dtype, call->out[0].data, o * inner + in, (int64_t)best);
        }
    }
    return ACL_SUCCESS;
}
