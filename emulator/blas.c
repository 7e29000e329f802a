/*
 * CBLAS API (ops/acl_cblas.h): GEMM and GEMV on row-major matrices, asynchronous on a stream,
 * and the handle forms that run through aclopExecWithHandle.
 *
 * A handle is an operator handle of the "GEMM" kernel; aclopExecWithHandle then takes the
 * inputs (A, B, C, alpha, beta) and the output C, the operand order of the Ascend GEMM
 * operator. For GEMV handles B is x (a column of length n, or m with transA) and C is y.
 * alpha and beta point to one element of C's data type and are read when the task runs.
 */
#include "emu.h"

#include <stdlib.h>
#include <string.h>

#include "acl/ops/acl_cblas.h"
#include "op_kernels.h"

typedef struct blas_task {
    opk_gemm_args g;
    const void *alpha;
    const void *beta;
    aclDataType scalar_type;
    const char *api;
    aclrtStream stream;
} blas_task;

static aclError blas_run(void *arg)
{
    blas_task *t = arg;
    t->g.alpha = opk_load_f64(t->scalar_type, t->alpha, 0);
    t->g.beta = opk_load_f64(t->scalar_type, t->beta, 0);
    t->g.alpha_i = opk_load_i64(t->scalar_type, t->alpha, 0);
    t->g.beta_i = opk_load_i64(t->scalar_type, t->beta, 0);
    aclemu_workspace_begin(t->stream); /* the GEMM's scratch: see op_exec.c */
    aclError err = opk_gemm(&t->g);
    aclError workspace_err = aclemu_workspace_end();
    if (workspace_err != ACL_SUCCESS) {
        return workspace_err;
    }
    if (err != ACL_SUCCESS) {
        return aclemu_set_error(err, "%s: out of host memory", t->api);
    }
    return ACL_SUCCESS;
}

static void blas_free(void *arg, bool ran)
{
    (void)ran;
    free(arg);
}

/* --------------------------------------------------------------- checks */

static aclError check_trans(const char *api, const char *what, aclTransType trans, bool *transposed)
{
    if (trans == ACL_TRANS_N || trans == ACL_TRANS_T) {
        *transposed = trans == ACL_TRANS_T;
        return ACL_SUCCESS;
    }
    if (trans == ACL_TRANS_NZ || trans == ACL_TRANS_NZ_T) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s: the fractal NZ layout is not emulated", api, what);
    }
    return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s has unknown value %d", api, what, (int)trans);
}

static aclError check_compute_type(const char *api, aclComputeType type)
{
    if (type != ACL_COMPUTE_HIGH_PRECISION && type != ACL_COMPUTE_LOW_PRECISION) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown compute type %d", api, (int)type);
    }
    return ACL_SUCCESS;
}

/* The documented combinations, plus float32 throughout. */
static aclError check_types(const char *api, aclDataType a, aclDataType b, aclDataType c)
{
    bool ok = a == b && ((a == ACL_FLOAT16 && (c == ACL_FLOAT16 || c == ACL_FLOAT)) ||
                         (a == ACL_INT8 && (c == ACL_INT32 || c == ACL_FLOAT)) || (a == ACL_FLOAT && c == ACL_FLOAT));
    if (!ok) {
        return aclemu_set_error(ACL_ERROR_UNSUPPORTED_DATA_TYPE,
                                "%s: unsupported data types %s x %s -> %s (supported: float16 x float16 -> "
                                "float16/float32, int8 x int8 -> int32/float32, float32 x float32 -> float32)",
                                api, opk_dtype_name(a), opk_dtype_name(b), opk_dtype_name(c));
    }
    return ACL_SUCCESS;
}

static aclError check_dims(const char *api, int m, int n, int k)
{
    if (m < 0 || n < 0 || k < 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: m, n and k must not be negative (%d, %d, %d)", api, m, n,
                                k);
    }
    return ACL_SUCCESS;
}

/* Leading dimension of a rows x cols row-major matrix: -1 means packed (cols). */
static aclError leading_dim(const char *api, const char *what, int ld, size_t cols, size_t *out)
{
    if (ld == -1) {
        *out = cols;
        return ACL_SUCCESS;
    }
    if (ld < 0 || (size_t)ld < cols) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is %d, it must be -1 or at least %zu", api, what, ld,
                                cols);
    }
    *out = (size_t)ld;
    return ACL_SUCCESS;
}

/* The region a rows x cols matrix with row stride ld spans. */
static aclError check_matrix(const char *api, const char *what, const void *p, size_t rows, size_t cols, size_t ld,
                             aclDataType type)
{
    if (rows == 0 || cols == 0) {
        return ACL_SUCCESS;
    }
    if (p == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", api, what);
    }
    size_t elements = (rows - 1) * ld + cols;
    return aclemu_mem_check(p, elements * opk_dtype_size(type), false, api, what);
}

static aclError check_scalar(const char *api, const char *what, const void *p, aclDataType type)
{
    if (p == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", api, what);
    }
    return aclemu_mem_check(p, opk_dtype_size(type), false, api, what);
}

static aclError submit(const char *api, const opk_gemm_args *g, const void *alpha, const void *beta,
                       aclrtStream stream)
{
    blas_task *t = calloc(1, sizeof(*t));
    if (t == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", api);
    }
    t->g = *g;
    t->alpha = alpha;
    t->beta = beta;
    t->scalar_type = g->type_c;
    t->api = api;
    t->stream = stream;
    return aclemu_stream_submit(stream, blas_run, t, blas_free, api);
}

/* ----------------------------------------------------------------- GEMM */

static aclError gemm_common(const char *api, aclTransType trans_a, aclTransType trans_b, aclTransType trans_c, int m,
                            int n, int k, const void *alpha, const void *a, int lda, aclDataType type_a,
                            const void *b, int ldb, aclDataType type_b, const void *beta, void *c, int ldc,
                            aclDataType type_c, aclComputeType type, aclrtStream stream)
{
    opk_gemm_args g = {.type_a = type_a, .type_b = type_b, .type_c = type_c};
    bool trans_c_flag = false;
    aclError err = check_trans(api, "transA", trans_a, &g.trans_a);
    if (err == ACL_SUCCESS) {
        err = check_trans(api, "transB", trans_b, &g.trans_b);
    }
    if (err == ACL_SUCCESS) {
        err = check_trans(api, "transC", trans_c, &trans_c_flag);
    }
    if (err == ACL_SUCCESS && trans_c_flag) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: transC must be ACL_TRANS_N", api);
    }
    if (err == ACL_SUCCESS) {
        err = check_compute_type(api, type);
    }
    if (err == ACL_SUCCESS) {
        err = check_types(api, type_a, type_b, type_c);
    }
    if (err == ACL_SUCCESS) {
        err = check_dims(api, m, n, k);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    g.m = (size_t)m;
    g.n = (size_t)n;
    g.k = (size_t)k;
    size_t a_rows = g.trans_a ? g.k : g.m, a_cols = g.trans_a ? g.m : g.k;
    size_t b_rows = g.trans_b ? g.n : g.k, b_cols = g.trans_b ? g.k : g.n;
    if ((err = leading_dim(api, "lda", lda, a_cols, &g.lda)) != ACL_SUCCESS ||
        (err = leading_dim(api, "ldb", ldb, b_cols, &g.ldb)) != ACL_SUCCESS ||
        (err = leading_dim(api, "ldc", ldc, g.n, &g.ldc_out)) != ACL_SUCCESS ||
        (err = check_scalar(api, "alpha", alpha, type_c)) != ACL_SUCCESS ||
        (err = check_scalar(api, "beta", beta, type_c)) != ACL_SUCCESS ||
        (err = check_matrix(api, "matrixA", a, a_rows, a_cols, g.lda, type_a)) != ACL_SUCCESS ||
        (err = check_matrix(api, "matrixB", b, b_rows, b_cols, g.ldb, type_b)) != ACL_SUCCESS ||
        (err = check_matrix(api, "matrixC", c, g.m, g.n, g.ldc_out, type_c)) != ACL_SUCCESS ||
        (err = aclemu_stream_check(stream, api)) != ACL_SUCCESS) {
        return err;
    }
    g.a = a;
    g.b = b;
    g.c_in = c;
    g.ldc_in = g.ldc_out;
    g.c_out = c;
    return submit(api, &g, alpha, beta, stream);
}

aclError aclblasGemmEx(aclTransType transA, aclTransType transB, aclTransType transC, int m, int n, int k,
                       const void *alpha, const void *matrixA, int lda, aclDataType dataTypeA, const void *matrixB,
                       int ldb, aclDataType dataTypeB, const void *beta, void *matrixC, int ldc,
                       aclDataType dataTypeC, aclComputeType type, aclrtStream stream)
{
    return gemm_common("aclblasGemmEx", transA, transB, transC, m, n, k, alpha, matrixA, lda, dataTypeA, matrixB,
                       ldb, dataTypeB, beta, matrixC, ldc, dataTypeC, type, stream);
}

aclError aclblasHgemm(aclTransType transA, aclTransType transB, aclTransType transC, int m, int n, int k,
                      const aclFloat16 *alpha, const aclFloat16 *matrixA, int lda, const aclFloat16 *matrixB, int ldb,
                      const aclFloat16 *beta, aclFloat16 *matrixC, int ldc, aclComputeType type, aclrtStream stream)
{
    return gemm_common("aclblasHgemm", transA, transB, transC, m, n, k, alpha, matrixA, lda, ACL_FLOAT16, matrixB,
                       ldb, ACL_FLOAT16, beta, matrixC, ldc, ACL_FLOAT16, type, stream);
}

aclError aclblasS8gemm(aclTransType transA, aclTransType transB, aclTransType transC, int m, int n, int k,
                       const int32_t *alpha, const int8_t *matrixA, int lda, const int8_t *matrixB, int ldb,
                       const int32_t *beta, int32_t *matrixC, int ldc, aclComputeType type, aclrtStream stream)
{
    return gemm_common("aclblasS8gemm", transA, transB, transC, m, n, k, alpha, matrixA, lda, ACL_INT8, matrixB, ldb,
                       ACL_INT8, beta, matrixC, ldc, ACL_INT32, type, stream);
}

/* ----------------------------------------------------------------- GEMV */

static aclError check_inc(const char *api, const char *what, int inc)
{
    if (inc <= 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s must be positive (got %d)", api, what, inc);
    }
    return ACL_SUCCESS;
}

/* y = alpha * op(A) x + beta * y as a GEMM with x a column (row stride incx) and y a column. */
static aclError gemv_common(const char *api, aclTransType trans_a, int m, int n, const void *alpha, const void *a,
                            int lda, aclDataType type_a, const void *x, int incx, aclDataType type_x,
                            const void *beta, void *y, int incy, aclDataType type_y, aclComputeType type,
                            aclrtStream stream)
{
    opk_gemm_args g = {.type_a = type_a, .type_b = type_x, .type_c = type_y};
    aclError err = check_trans(api, "transA", trans_a, &g.trans_a);
    if (err == ACL_SUCCESS) {
        err = check_compute_type(api, type);
    }
    if (err == ACL_SUCCESS) {
        err = check_types(api, type_a, type_x, type_y);
    }
    if (err == ACL_SUCCESS) {
        err = check_dims(api, m, n, 0);
    }
    if (err == ACL_SUCCESS) {
        err = check_inc(api, "incx", incx);
    }
    if (err == ACL_SUCCESS) {
        err = check_inc(api, "incy", incy);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    size_t rows = (size_t)m, cols = (size_t)n; /* A as stored */
    g.m = g.trans_a ? cols : rows;          /* length of y */
    g.k = g.trans_a ? rows : cols;          /* length of x */
    g.n = 1;
    g.ldb = (size_t)incx;
    g.ldc_out = (size_t)incy;
    if ((err = leading_dim(api, "lda", lda, cols, &g.lda)) != ACL_SUCCESS ||
        (err = check_scalar(api, "alpha", alpha, type_y)) != ACL_SUCCESS ||
        (err = check_scalar(api, "beta", beta, type_y)) != ACL_SUCCESS ||
        (err = check_matrix(api, "a", a, rows, cols, g.lda, type_a)) != ACL_SUCCESS ||
        (err = check_matrix(api, "x", x, g.k, 1, g.ldb, type_x)) != ACL_SUCCESS ||
        (err = check_matrix(api, "y", y, g.m, 1, g.ldc_out, type_y)) != ACL_SUCCESS ||
        (err = aclemu_stream_check(stream, api)) != ACL_SUCCESS) {
        return err;
    }
    g.a = a;
    g.b = x;
    g.c_in = y;
    g.ldc_in = g.ldc_out;
    g.c_out = y;
    return submit(api, &g, alpha, beta, stream);
}

aclError aclblasGemvEx(aclTransType transA, int m, int n, const void *alpha, const void *a, int lda,
                       aclDataType dataTypeA, const void *x, int incx, aclDataType dataTypeX, const void *beta,
                       void *y, int incy, aclDataType dataTypeY, aclComputeType type, aclrtStream stream)
{
    return gemv_common("aclblasGemvEx", transA, m, n, alpha, a, lda, dataTypeA, x, incx, dataTypeX, beta, y, incy,
                       dataTypeY, type, stream);
}

aclError aclblasHgemv(aclTransType transA, int m, int n, const aclFloat16 *alpha, const aclFloat16 *a, int lda,
                      const aclFloat16 *x, int incx, const aclFloat16 *beta, aclFloat16 *y, int incy,
                      aclComputeType type, aclrtStream stream)
{
    return gemv_common("aclblasHgemv", transA, m, n, alpha, a, lda, ACL_FLOAT16, x, incx, ACL_FLOAT16, beta, y, incy,
                       ACL_FLOAT16, type, stream);
}

aclError aclblasS8gemv(aclTransType transA, int m, int n, const int32_t *alpha, const int8_t *a, int lda,
                       const int8_t *x, int incx, const int32_t *beta, int32_t *y, int incy, aclComputeType type,
                       aclrtStream stream)
{
    return gemv_common("aclblasS8gemv", transA, m, n, alpha, a, lda, ACL_INT8, x, incx, ACL_INT8, beta, y, incy,
                       ACL_INT32, type, stream);
}

/* ---------------------------------------------------------------- handles */

static void set_tensor(opk_tensor *t, aclDataType dtype, int64_t rows, int64_t cols)
{
    memset(t, 0, sizeof(*t));
    t->dtype = dtype;
    t->format = ACL_FORMAT_ND;
    t->shape.ndim = 2;
    t->shape.dims[0] = rows;
    t->shape.dims[1] = cols;
}

/* GEMM handle: a is (trans_a ? k x m : m x k), b is (trans_b ? n x k : k x n), c is m x n. */
static aclError gemm_handle(const char *api, bool trans_a, bool trans_b, int m, int n, int k, aclDataType type_a,
                            aclDataType type_b, aclDataType type_c, aclopHandle **handle)
{
    opk_tensor tensors[6];
    set_tensor(&tensors[0], type_a, trans_a ? k : m, trans_a ? m : k);
    set_tensor(&tensors[1], type_b, trans_b ? n : k, trans_b ? k : n);
    set_tensor(&tensors[2], type_c, m, n);
    set_tensor(&tensors[3], type_c, 1, 1);
    tensors[3].shape.ndim = 1;
    tensors[4] = tensors[3];
    tensors[5] = tensors[2];
    opk_attr_value values[2] = {
        {.name = (char *)"transpose_a", .kind = OPK_ATTR_BOOL, .int_value = trans_a},
        {.name = (char *)"transpose_b", .kind = OPK_ATTR_BOOL, .int_value = trans_b},
    };
    aclopAttr attr = {.count = 2, .capacity = 2, .values = values};
    return opk_handle_create(api, "GEMM", 5, tensors, 1, tensors + 5, &attr, handle);
}

static aclError gemm_handle_checked(const char *api, aclTransType trans_a, aclTransType trans_b,
                                   aclTransType trans_c, int m, int n, int k, aclDataType type_a, aclDataType type_b,
                                   aclDataType type_c, aclComputeType type, aclopHandle **handle)
{
    bool ta = false, tb = false, tc = false;
    aclError err;
    if ((err = check_trans(api, "transA", trans_a, &ta)) != ACL_SUCCESS ||
        (err = check_trans(api, "transB", trans_b, &tb)) != ACL_SUCCESS ||
        (err = check_trans(api, "transC", trans_c, &tc)) != ACL_SUCCESS ||
        (err = check_compute_type(api, type)) != ACL_SUCCESS ||
        (err = check_types(api, type_a, type_b, type_c)) != ACL_SUCCESS ||
        (err = check_dims(api, m, n, k)) != ACL_SUCCESS) {
        return err;
    }
    if (tc) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: transC must be ACL_TRANS_N", api);
    }
    return gemm_handle(api, ta, tb, m, n, k, type_a, type_b, type_c, handle);
}

aclError aclblasCreateHandleForGemmEx(aclTransType transA, aclTransType transB, aclTransType transC, int m, int n,
                                      int k, aclDataType dataTypeA, aclDataType dataTypeB, aclDataType dataTypeC,
                                      aclComputeType type, aclopHandle **handle)
{
    return gemm_handle_checked("aclblasCreateHandleForGemmEx", transA, transB, transC, m, n, k, dataTypeA, dataTypeB,
                               dataTypeC, type, handle);
}

aclError aclblasCreateHandleForHgemm(aclTransType transA, aclTransType transB, aclTransType transC, int m, int n,
                                     int k, aclComputeType type, aclopHandle **handle)
{
    return gemm_handle_checked("aclblasCreateHandleForHgemm", transA, transB, transC, m, n, k, ACL_FLOAT16,
                               ACL_FLOAT16, ACL_FLOAT16, type, handle);
}

aclError aclblasCreateHandleForS8gemm(aclTransType transA, aclTransType transB, aclTransType transC, int m, int n,
                                      int k, aclComputeType type, aclopHandle **handle)
{
    return gemm_handle_checked("aclblasCreateHandleForS8gemm", transA, transB, transC, m, n, k, ACL_INT8, ACL_INT8,
                               ACL_INT32, type, handle);
}

static aclError gemv_handle_checked(const char *api, aclTransType trans_a, int m, int n, aclDataType type_a,
                                   aclDataType type_x, aclDataType type_y, aclComputeType type, aclopHandle **handle)
{
    bool ta = false;
    aclError err;
    if ((err = check_trans(api, "transA", trans_a, &ta)) != ACL_SUCCESS ||
        (err = check_compute_type(api, type)) != ACL_SUCCESS ||
        (err = check_types(api, type_a, type_x, type_y)) != ACL_SUCCESS ||
        (err = check_dims(api, m, n, 0)) != ACL_SUCCESS) {
        return err;
    }
    /* as a GEMM: y (len_y x 1) = op(A) (len_y x len_x) * x (len_x x 1), A stored m x n */
    int len_y = ta ? n : m, len_x = ta ? m : n;
    return gemm_handle(api, ta, false, len_y, 1, len_x, type_a, type_x, type_y, handle);
}

aclError aclblasCreateHandleForGemvEx(aclTransType transA, int m, int n, aclDataType dataTypeA, aclDataType dataTypeX,
                                      aclDataType dataTypeY, aclComputeType type, aclopHandle **handle)
{
    return gemv_handle_checked("aclblasCreateHandleForGemvEx", transA, m, n, dataTypeA, dataTypeX, dataTypeY, type,
                               handle);
}

aclError aclblasCreateHandleForHgemv(aclTransType transA, int m, int n, aclComputeType type, aclopHandle **handle)
{
    return gemv_handle_checked("aclblasCreateHandleForHgemv", transA, m, n, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16,
                               type, handle);
}

aclError aclblasCreateHandleForS8gemv(aclTransType transA, int m, int n, aclComputeType type, aclopHandle **handle)
{
    return gemv_handle_checked("aclblasCreateHandleForS8gemv", transA, m, n, ACL_INT8, ACL_INT8, ACL_INT32, type,
                               handle);
}
