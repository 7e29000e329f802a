/* Element-wise kernels: numpy-broadcasting binary ops, unary math, Cast, Fill, ZerosLike/OnesLike. */
#include "emu.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#endif

#include "op_kernels.h"
#include "parallel.h"

/* --------------------------------------------------------------- shared checks */

static aclError unsupported_dtype(const opk_call *call, aclDataType dtype)
{
    return aclemu_set_error(ACL_ERROR_UNSUPPORTED_DATA_TYPE, "%s: %s does not support data type %s", call->api,
                            call->op_type, opk_dtype_name(dtype));
}

static aclError need_static_input(const opk_call *call, int index)
{
    if (call->in[index].dynamic) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s input %d has an unknown shape", call->api,
                                call->op_type, index);
    }
    return ACL_SUCCESS;
}

/* dtypes every arithmetic kernel accepts */
static bool arithmetic_dtype(aclDataType dtype)
{
    switch (dtype) {
    case ACL_FLOAT:
    case ACL_FLOAT16:
    case ACL_BF16:
    case ACL_DOUBLE:
    case ACL_INT8:
    case ACL_UINT8:
    case ACL_INT16:
    case ACL_INT32:
    case ACL_INT64:
        return true;
    default:
        return false;
    }
}

/* ------------------------------------------------------------- broadcasting */

typedef struct bcast {
    opk_shape out;
    size_t strides[2][OPK_MAX_DIMS]; /* element strides of each input per output dim, 0 when broadcast */
} bcast;

static bool bcast_shapes(const opk_shape *a, const opk_shape *b, opk_shape *out)
{
    int nd = a->ndim > b->ndim ? a->ndim : b->ndim;
    out->ndim = nd;
    for (int i = 0; i < nd; i++) {
        int ia = i - (nd - a->ndim);
        int ib = i - (nd - b->ndim);
        int64_t da = ia >= 0 ? a->dims[ia] : 1;
        int64_t db = ib >= 0 ? b->dims[ib] : 1;
        if (da != db && da != 1 && db != 1) {
            return false;
        }
        out->dims[i] = da == 1 ? db : da;
    }
    return true;
}

static void bcast_strides(const opk_shape *in, const opk_shape *out, size_t *strides)
{
    size_t stride = 1;
    for (int i = out->ndim - 1; i >= 0; i--) {
        int k = i - (out->ndim - in->ndim);
        if (k < 0 || in->dims[k] == 1) {
            strides[i] = 0;
        } else {
            strides[i] = stride;
        }
        if (k >= 0) {
            stride *= (size_t)in->dims[k];
        }
    }
}

/* ---------------------------------------------------------------- binary ops */

typedef enum binary_op { B_ADD, B_SUB, B_MUL, B_DIV, B_MAX, B_MIN, B_POW } binary_op;

/* Parallel tables: op type -> operation. Op types reach the kernels only through the registry,
 * so the lookup always finds the name. */
static const char *const BINARY_NAMES[] = {"Add", "AddV2", "Sub", "Mul", "RealDiv", "Div", "Maximum", "Minimum", "Pow"};
static const binary_op BINARY_OPS[] = {B_ADD, B_ADD, B_SUB, B_MUL, B_DIV, B_DIV, B_MAX, B_MIN, B_POW};

static binary_op binary_op_of(const char *op_type)
{
    int i = opk_name_index(op_type, BINARY_NAMES, sizeof(BINARY_NAMES) / sizeof(BINARY_NAMES[0]));
    return BINARY_OPS[i < 0 ? 0 : i];
}

aclError opk_infer_binary(const opk_call *call, aclDataType *out_dtypes, opk_shape *out_shapes)
{
    binary_op op = binary_op_of(call->op_type);
    aclDataType dt = call->in[0].dtype;
    if (!arithmetic_dtype(dt)) {
        return unsupported_dtype(call, dt);
    }
    if (call->in[1].dtype != dt) {
        return aclemu_set_error(ACL_ERROR_UNSUPPORTED_DATA_TYPE, "%s: %s inputs have different data types (%s, %s)",
                                call->api, call->op_type, opk_dtype_name(dt), opk_dtype_name(call->in[1].dtype));
    }
    if ((op == B_DIV || op == B_POW) && !opk_dtype_is_float(dt)) {
        return unsupported_dtype(call, dt);
    }
    aclError err = need_static_input(call, 0);
    if (err == ACL_SUCCESS) {
        err = need_static_input(call, 1);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (!bcast_shapes(&call->in[0].shape, &call->in[1].shape, &out_shapes[0])) {
        char a[128], b[128];
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s cannot broadcast shapes %s and %s", call->api,
                                call->op_type, opk_shape_str(&call->in[0].shape, a, sizeof a),
                                opk_shape_str(&call->in[1].shape, b, sizeof b));
    }
    out_dtypes[0] = dt;
    return ACL_SUCCESS;
}

static double apply_f64(binary_op op, double a, double b)
{
    switch (op) {
    case B_ADD: return a + b;
    case B_SUB: return a - b;
    case B_MUL: return a * b;
    case B_DIV: return a / b;
    case B_MAX: return isnan(a) || a > b ? a : b;
    case B_MIN: return isnan(a) || a < b ? a : b;
    case B_POW: return pow(a, b);
    }
    return 0.0;
}

static int64_t apply_i64(binary_op op, int64_t a, int64_t b)
{
    /* unsigned arithmetic: wrap-around instead of undefined overflow; the store narrows */
    switch (op) {
    case B_ADD: return (int64_t)((uint64_t)a + (uint64_t)b);
    case B_SUB: return (int64_t)((uint64_t)a - (uint64_t)b);
    case B_MUL: return (int64_t)((uint64_t)a * (uint64_t)b);
    case B_MAX: return a > b ? a : b;
    case B_MIN: return a < b ? a : b;
    default: return 0;
    }
}

/* One output row of a float32 binary op. The operation is chosen once per row and the strides
 * (1 = walk, 0 = broadcast one element) once per row too, so each loop body is a single
 * arithmetic expression the compiler keeps in registers: a per-element switch and call cost ~10x
 * numpy's speed on large tensors. */
#define ROW_LOOP(EXPR)                                                                          \
    do {                                                                                        \
        if (sa == 1 && sb == 1) {                                                               \
            for (size_t i = 0; i < n; i++) {                                                    \
                float x = a[i], y = b[i];                                                       \
                z[i] = (EXPR);                                                                  \
            }                                                                                   \
        } else if (sa == 0 && sb == 1) {                                                        \
            const float x = a[0];                                                               \
            for (size_t i = 0; i < n; i++) {                                                    \
                float y = b[i];                                                                 \
                z[i] = (EXPR);                                                                  \
            }                                                                                   \
        } else if (sa == 1 && sb == 0) {                                                        \
            const float y = b[0];                                                               \
            for (size_t i = 0; i < n; i++) {                                                    \
                float x = a[i];                                                                 \
                z[i] = (EXPR);                                                                  \
            }                                                                                   \
        } else {                                                                                \
            for (size_t i = 0; i < n; i++) {                                                    \
                float x = a[i * sa], y = b[i * sb];                                             \
                z[i] = (EXPR);                                                                  \
            }                                                                                   \
        }                                                                                       \
    } while (0)

static void row_f32(binary_op op, const float *restrict a, size_t sa, const float *restrict b, size_t sb,
                    float *restrict z, size_t n)
{
    switch (op) {
    case B_ADD: ROW_LOOP(x + y); break;
    case B_SUB: ROW_LOOP(x - y); break;
    case B_MUL: ROW_LOOP(x * y); break;
    case B_DIV: ROW_LOOP(x / y); break;
    case B_MAX: ROW_LOOP(isnan(x) || x > y ? x : y); break; /* NaN propagates like numpy.maximum */
    case B_MIN: ROW_LOOP(isnan(x) || x < y ? x : y); break;
    case B_POW: ROW_LOOP(powf(x, y)); break;
    }
}

#undef ROW_LOOP

#if defined(__GNUC__) && defined(__x86_64__)
#define HAVE_STREAMING_ROWS 1

/* Outputs from this size on are written around the caches: a server's last-level cache share is
 * about this big (sysconf's figure is the whole host's on a VM: 384 MiB here, against 32 MiB). */
#define STREAMING_MIN_BYTES ((size_t)32 << 20)

/* z = a op b (both walking) with non-temporal stores, for outputs larger than the last-level cache:
 * written lines bypass the caches, so memory carries three streams instead of four (a store into
 * an uncached line otherwise reads it first), and the values would be evicted before anyone read
 * them anyway. The arithmetic is the same IEEE operation per element as row_f32's, so results are
 * identical. Only + - * /, whose vector forms need no NaN care. */
__attribute__((target("avx"))) static void row_f32_streaming(binary_op op, const float *a, const float *b, float *z,
                                                              size_t n)
{
    size_t head = (size_t)((32 - ((uintptr_t)z & 31)) & 31) / sizeof(float);
    head = head < n ? head : n;
    row_f32(op, a, 1, b, 1, z, head);
    size_t i = head;
    size_t body_end = head + (n - head) / 8 * 8;
#define STREAM_LOOP(VOP)                                                                       \
    for (; i < body_end; i += 8) {                                                             \
        _mm256_stream_ps(z + i, VOP(_mm256_loadu_ps(a + i), _mm256_loadu_ps(b + i)));          \
    }                                                                                          \
    break
    switch (op) {
    case B_ADD: STREAM_LOOP(_mm256_add_ps);
    case B_SUB: STREAM_LOOP(_mm256_sub_ps);
    case B_MUL: STREAM_LOOP(_mm256_mul_ps);
    case B_DIV: STREAM_LOOP(_mm256_div_ps);
    default: break;
    }
#undef STREAM_LOOP
    _mm_sfence(); /* streaming stores are weakly ordered: make them visible before the task completes */
    row_f32(op, a + i, 1, b + i, 1, z + i, n - i);
}
#endif

/* Rows of 16-bit floats are widened into these chunks, computed in float32 and rounded once. */
enum { HALF_CHUNK = 1024 };

static void row_half(binary_op op, aclDataType dt, const void *a, size_t off_a, size_t sa, const void *b,
                     size_t off_b, size_t sb, void *z, size_t off_z, size_t n)
{
    float fa[HALF_CHUNK], fb[HALF_CHUNK], fz[HALF_CHUNK];
    const size_t width = sizeof(uint16_t);
    for (size_t done = 0; done < n; done += HALF_CHUNK) {
        size_t count = n - done < HALF_CHUNK ? n - done : HALF_CHUNK;
        opk_to_f32(dt, (const char *)a + (off_a + done * sa) * width, fa, sa ? count : 1);
        opk_to_f32(dt, (const char *)b + (off_b + done * sb) * width, fb, sb ? count : 1);
        row_f32(op, fa, sa, fb, sb, fz, count);
        opk_from_f32(dt, fz, (char *)z + (off_z + done) * width, count);
    }
}

static void row_other(binary_op op, aclDataType dt, const void *a, size_t off_a, size_t sa, const void *b,
                      size_t off_b, size_t sb, void *z, size_t off_z, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t ia = off_a + i * sa, ib = off_b + i * sb;
        if (dt == ACL_DOUBLE) {
            opk_store_f64(dt, z, off_z + i, apply_f64(op, opk_load_f64(dt, a, ia), opk_load_f64(dt, b, ib)));
        } else {
            opk_store_i64(dt, z, off_z + i, apply_i64(op, opk_load_i64(dt, a, ia), opk_load_i64(dt, b, ib)));
        }
    }
}

/* The innermost dims over which both inputs walk the same way (stride 1 or 0 throughout, like the
 * output) are merged into one row, so same-shape operands are one row and row + matrix is one row
 * per matrix row. Returns how many trailing dims the row covers. */
static int merge_inner_dims(const bcast *bc, size_t *row)
{
    int nd = bc->out.ndim;
    if (nd == 0) {
        *row = 1;
        return 0;
    }
    size_t len = (size_t)bc->out.dims[nd - 1];
    size_t sa = bc->strides[0][nd - 1], sb = bc->strides[1][nd - 1];
    int merged = 1;
    for (int d = nd - 2; d >= 0 && sa <= 1 && sb <= 1; d--) {
        bool a_ok = sa == 1 ? bc->strides[0][d] == len : bc->strides[0][d] == 0;
        bool b_ok = sb == 1 ? bc->strides[1][d] == len : bc->strides[1][d] == 0;
        if (!a_ok || !b_ok) {
            break;
        }
        len *= (size_t)bc->out.dims[d];
        merged++;
    }
    *row = len;
    return merged;
}

/* One binary op over a broadcast: the output is walked in rows of `inner` elements, input offsets
 * follow an odometer over the dims outside the row. */
typedef struct binary_walk {
    binary_op op;
    aclDataType dt;
    const void *x, *y;
    void *z;
    bcast bc;
    size_t inner;  /* elements in a row */
    int merged;    /* trailing dims a row covers */
    size_t sa, sb; /* the inputs' strides along a row */
    bool streaming; /* float32 rows of + - * /, both inputs walking, an output of STREAMING_MIN_BYTES or more, an AVX CPU */
} binary_walk;

static void binary_row(const binary_walk *w, size_t off_a, size_t off_b, size_t off_z, size_t n)
{
#ifdef HAVE_STREAMING_ROWS
    if (w->streaming) {
        row_f32_streaming(w->op, (const float *)w->x + off_a, (const float *)w->y + off_b, (float *)w->z + off_z, n);
        return;
    }
#endif
    if (w->dt == ACL_FLOAT) {
        row_f32(w->op, (const float *)w->x + off_a, w->sa, (const float *)w->y + off_b, w->sb, (float *)w->z + off_z,
                n);
    } else if (w->dt == ACL_FLOAT16 || w->dt == ACL_BF16) {
        row_half(w->op, w->dt, w->x, off_a, w->sa, w->y, off_b, w->sb, w->z, off_z, n);
    } else {
        row_other(w->op, w->dt, w->x, off_a, w->sa, w->y, off_b, w->sb, w->z, off_z, n);
    }
}

/* Rows [begin, end): the odometer starts from row `begin`'s position in the outer dims. */
static void binary_rows(void *ctx, size_t begin, size_t end)
{
    const binary_walk *w = ctx;
    int outer = w->bc.out.ndim - w->merged;
    int64_t counter[OPK_MAX_DIMS] = {0};
    size_t off_a = 0, off_b = 0, rest = begin;
    for (int d = outer - 1; d >= 0; d--) {
        counter[d] = (int64_t)(rest % (size_t)w->bc.out.dims[d]);
        rest /= (size_t)w->bc.out.dims[d];
        off_a += (size_t)counter[d] * w->bc.strides[0][d];
        off_b += (size_t)counter[d] * w->bc.strides[1][d];
    }
    for (size_t r = begin; r < end; r++) {
        binary_row(w, off_a, off_b, r * w->inner, w->inner);
        for (int d = outer - 1; d >= 0; d--) {
            counter[d]++;
            off_a += w->bc.strides[0][d];
            off_b += w->bc.strides[1][d];
            if (counter[d] < w->bc.out.dims[d]) {
                break;
            }
            off_a -= w->bc.strides[0][d] * (size_t)w->bc.out.dims[d];
            off_b -= w->bc.strides[1][d] * (size_t)w->bc.out.dims[d];
            counter[d] = 0;
        }
    }
}

/* Elements [begin, end) of an output that is one row (same shapes, or a scalar against a tensor). */
static void binary_span(void *ctx, size_t begin, size_t end)
{
    const binary_walk *w = ctx;
    binary_row(w, begin * w->sa, begin * w->sb, begin, end - begin);
}

/* Elements a thread takes at least: a band must be worth a thread start (~20-50 us); large
 * tensors are memory-bound, and a second core still adds bandwidth. */
#define BINARY_MIN_BAND_ELEMENTS ((size_t)1 << 18)

aclError opk_run_binary(const opk_call *call)
{
    const opk_tensor *x = &call->in[0], *y = &call->in[1];
    const opk_tensor *z = &call->out[0];
    binary_walk w = {.op = binary_op_of(call->op_type), .dt = x->dtype, .x = x->data, .y = y->data, .z = z->data};
    w.bc.out = z->shape;
    bcast_strides(&x->shape, &w.bc.out, w.bc.strides[0]);
    bcast_strides(&y->shape, &w.bc.out, w.bc.strides[1]);
    size_t total = opk_shape_elements(&w.bc.out);
    if (total == 0) {
        return ACL_SUCCESS;
    }
    w.merged = merge_inner_dims(&w.bc, &w.inner);
    int nd = w.bc.out.ndim;
    w.sa = nd > 0 ? w.bc.strides[0][nd - 1] : 0;
    w.sb = nd > 0 ? w.bc.strides[1][nd - 1] : 0;
    size_t rows = total / w.inner;
#ifdef HAVE_STREAMING_ROWS
    w.streaming = w.dt == ACL_FLOAT && w.sa == 1 && w.sb == 1 && w.op <= B_DIV &&
                  total * sizeof(float) >= STREAMING_MIN_BYTES && __builtin_cpu_supports("avx") &&
                  !opk_portable_kernels();
#endif
    if (rows == 1) {
        aclemu_parallel_for(total, BINARY_MIN_BAND_ELEMENTS, binary_span, &w);
    } else {
        size_t grain = w.inner >= BINARY_MIN_BAND_ELEMENTS ? 1 : BINARY_MIN_BAND_ELEMENTS / w.inner;
        aclemu_parallel_for(rows, grain, binary_rows, &w);
    }
    return ACL_SUCCESS;
}

/* ----------------------------------------------------------------- unary ops */

typedef enum unary_op {
    U_ABS, U_NEG, U_RELU, U_SQUARE, /* also defined on integers */
    U_EXP, U_LOG, U_SQRT, U_RSQRT, U_SIGMOID, U_TANH, U_RECIPROCAL, U_FLOOR, U_CEIL, U_SIN, U_COS
} unary_op;

static const char *const UNARY_NAMES[] = {"Abs",  "Neg",        "Relu",  "Square", "Exp", "Log", "Sqrt", "Rsqrt",
                                          "Sigmoid", "Tanh", "Reciprocal", "Floor", "Ceil", "Sin", "Cos"};

static unary_op unary_op_of(const char *op_type)
{
    /* UNARY_NAMES lists the op types in enum order */
    int i = opk_name_index(op_type, UNARY_NAMES, sizeof(UNARY_NAMES) / sizeof(UNARY_NAMES[0]));
    return (unary_op)(i < 0 ? 0 : i);
}

aclError opk_infer_unary(const opk_call *call, aclDataType *out_dtypes, opk_shape *out_shapes)
{
    unary_op op = unary_op_of(call->op_type);
    aclDataType dt = call->in[0].dtype;
    if (!arithmetic_dtype(dt) || (op > U_SQUARE && !opk_dtype_is_float(dt))) {
        return unsupported_dtype(call, dt);
    }
    aclError err = need_static_input(call, 0);
    if (err != ACL_SUCCESS) {
        return err;
    }
    out_dtypes[0] = dt;
    out_shapes[0] = call->in[0].shape;
    return ACL_SUCCESS;
}

static double apply_unary(unary_op op, double x)
{
    switch (op) {
    case U_ABS: return fabs(x);
    case U_NEG: return -x;
    case U_RELU: return x > 0 ? x : (isnan(x) ? x : 0.0);
    case U_SQUARE: return x * x;
    case U_EXP: return exp(x);
    case U_LOG: return log(x);
    case U_SQRT: return sqrt(x);
    case U_RSQRT: return 1.0 / sqrt(x);
    case U_SIGMOID: return 1.0 / (1.0 + exp(-x));
    case U_TANH: return tanh(x);
    case U_RECIPROCAL: return 1.0 / x;
    case U_FLOOR: return floor(x);
    case U_CEIL: return ceil(x);
    case U_SIN: return sin(x);
    case U_COS: return cos(x);
    }
    return 0.0;
}

static int64_t apply_unary_int(unary_op op, int64_t x)
{
    switch (op) {
    case U_ABS: return x < 0 ? (int64_t)(0 - (uint64_t)x) : x;
    case U_NEG: return (int64_t)(0 - (uint64_t)x);
    case U_RELU: return x > 0 ? x : 0;
    case U_SQUARE: return (int64_t)((uint64_t)x * (uint64_t)x);
    default: return 0;
    }
}

aclError opk_run_unary(const opk_call *call)
{
    unary_op op = unary_op_of(call->op_type);
    const opk_tensor *x = &call->in[0];
    const opk_tensor *y = &call->out[0];
    aclDataType dt = x->dtype;
    size_t n = opk_shape_elements(&y->shape);
    if (opk_dtype_is_float(dt)) {
        /* float32 math for 16/32-bit floats (then one rounding to the output type), double for float64 */
        bool single = dt != ACL_DOUBLE;
        for (size_t i = 0; i < n; i++) {
            double v = apply_unary(op, opk_load_f64(dt, x->data, i));
            opk_store_f64(dt, y->data, i, single ? (double)(float)v : v);
        }
    } else {
        for (size_t i = 0; i < n; i++) {
            opk_store_i64(dt, y->data, i, apply_unary_int(op, opk_load_i64(dt, x->data, i)));
        }
    }
    return ACL_SUCCESS;
}

/* ---------------------------------------------------------------------- Cast */

static bool castable(aclDataType dt)
{
    return opk_dtype_size(dt) != 0;
}

aclError opk_infer_cast(const opk_call *call, aclDataType *out_dtypes, opk_shape *out_shapes)
{
    aclDataType src = call->in[0].dtype;
    if (!castable(src)) {
        return unsupported_dtype(call, src);
    }
    int64_t dst = out_dtypes[0];
    aclError err = opk_attr_int_or(call->api, call->attr, "dst_type", dst, &dst);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (!castable((aclDataType)dst)) {
        return unsupported_dtype(call, (aclDataType)dst);
    }
    err = need_static_input(call, 0);
    if (err != ACL_SUCCESS) {
        return err;
    }
    out_dtypes[0] = (aclDataType)dst;
    out_shapes[0] = call->in[0].shape;
    return ACL_SUCCESS;
}

aclError opk_run_cast(const opk_call *call)
{
    const opk_tensor *x = &call->in[0];
    const opk_tensor *y = &call->out[0];
    size_t n = opk_shape_elements(&y->shape);
    if (x->dtype == y->dtype) {
        memmove(y->data, x->data, n * opk_dtype_size(x->dtype));
    } else if (opk_dtype_is_float(x->dtype) || opk_dtype_is_float(y->dtype)) {
        if (x->dtype == ACL_FLOAT16 && y->dtype == ACL_FLOAT) {
            opk_to_f32(ACL_FLOAT16, x->data, y->data, n);
        } else if (x->dtype == ACL_FLOAT && y->dtype == ACL_FLOAT16) {
            opk_from_f32(ACL_FLOAT16, x->data, y->data, n);
        } else {
            for (size_t i = 0; i < n; i++) {
                opk_store_f64(y->dtype, y->data, i, opk_load_f64(x->dtype, x->data, i));
            }
        }
    } else {
        for (size_t i = 0; i < n; i++) {
            opk_store_i64(y->dtype, y->data, i, opk_load_i64(x->dtype, x->data, i));
        }
    }
    return ACL_SUCCESS;
}

/* ---------------------------------------------------------------------- Fill */

static aclError shape_from_ints(const opk_call *call, const int64_t *dims, size_t count, opk_shape *shape)
{
    if (count > OPK_MAX_DIMS) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s: %zu dims, at most %d supported", call->api,
                                call->op_type, count, OPK_MAX_DIMS);
    }
    shape->ndim = (int)count;
    for (size_t i = 0; i < count; i++) {
        if (dims[i] < 0) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s: negative dim %lld", call->api, call->op_type,
                                    (long long)dims[i]);
        }
        shape->dims[i] = dims[i];
    }
    return ACL_SUCCESS;
}

static aclError fill_value_check(const opk_call *call, int index)
{
    const opk_tensor *v = &call->in[index];
    if (!castable(v->dtype)) {
        return unsupported_dtype(call, v->dtype);
    }
    if (!v->dynamic && opk_shape_elements(&v->shape) != 1) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s value must hold one element", call->api,
                                call->op_type);
    }
    return ACL_SUCCESS;
}

aclError opk_infer_fill(const opk_call *call, aclDataType *out_dtypes, opk_shape *out_shapes)
{
    aclError err = fill_value_check(call, 1);
    if (err != ACL_SUCCESS) {
        return err;
    }
    int64_t dims[OPK_MAX_DIMS];
    size_t count = 0;
    err = opk_input_ints(call, 0, dims, OPK_MAX_DIMS, &count);
    if (err != ACL_SUCCESS) {
        return err;
    }
    out_dtypes[0] = call->in[1].dtype;
    return shape_from_ints(call, dims, count, &out_shapes[0]);
}

aclError opk_infer_fill_d(const opk_call *call, aclDataType *out_dtypes, opk_shape *out_shapes)
{
    aclError err = fill_value_check(call, 0);
    if (err != ACL_SUCCESS) {
        return err;
    }
    const int64_t *dims;
    size_t count;
    err = opk_attr_get_ints(call->api, call->attr, "dims", &dims, &count);
    if (err != ACL_SUCCESS) {
        return aclemu_set_error(err, "%s: FillD needs the list attribute 'dims'", call->api);
    }
    out_dtypes[0] = call->in[0].dtype;
    return shape_from_ints(call, dims, count, &out_shapes[0]);
}

static void fill_with(const opk_tensor *y, const void *element)
{
    size_t n = opk_shape_elements(&y->shape);
    size_t es = opk_dtype_size(y->dtype);
    for (size_t i = 0; i < n; i++) {
        memcpy((char *)y->data + i * es, element, es);
    }
}

static aclError fill_from_input(const opk_call *call, int index)
{
    const opk_tensor *v = &call->in[index];
    unsigned char element[8];
    memcpy(element, v->const_data != NULL ? v->const_data : v->data, opk_dtype_size(v->dtype));
    fill_with(&call->out[0], element);
    return ACL_SUCCESS;
}

aclError opk_run_fill(const opk_call *call)
{
    return fill_from_input(call, 1);
}

aclError opk_run_fill_d(const opk_call *call)
{
    return fill_from_input(call, 0);
}

static aclError infer_like(const opk_call *call, aclDataType *out_dtypes, opk_shape *out_shapes)
{
    if (!castable(call->in[0].dtype)) {
        return unsupported_dtype(call, call->in[0].dtype);
    }
    aclError err = need_static_input(call, 0);
    if (err != ACL_SUCCESS) {
        return err;
    }
    out_dtypes[0] = call->in[0].dtype;
    out_shapes[0] = call->in[0].shape;
    return ACL_SUCCESS;
}

aclError opk_infer_zeros_like(const opk_call *call, aclDataType *out_dtypes, opk_shape *out_shapes)
{
    return infer_like(call, out_dtypes, out_shapes);
}

aclError opk_infer_ones_like(const opk_call *call, aclDataType *out_dtypes, opk_shape *out_shapes)
{
    return infer_like(call, out_dtypes, out_shapes);
}

aclError opk_run_zeros_like(const opk_call *call)
{
    const opk_tensor *y = &call->out[0];
    memset(y->data, 0, opk_shape_elements(&y->shape) * opk_dtype_size(y->dtype));
    return ACL_SUCCESS;
}

aclError opk_run_ones_like(const opk_call *call)
{
    const opk_tensor *y = &call->out[0];
    unsigned char one[8];
    opk_store_i64(y->dtype, one, 0, 1);
    fill_with(y, one);
    return ACL_SUCCESS;
}
