/* Matrix products: the blocked float32 GEMM core, int8 GEMM, and the MatMul, BatchMatMul and GEMM kernels. */
#include "emu.h"

#include <stdlib.h>
#include <string.h>

#include "blas_provider.h"
#include "op_kernels.h"
#include "parallel.h"

/* Cache blocking: an MC x KC block of A stays in L2, a KC x NC panel of B in the last-level cache. */
#define SGEMM_MC 96
#define SGEMM_KC 256
#define SGEMM_NC 2048

#if defined(__GNUC__) && defined(__x86_64__)
#define SG_NAME sgemm_avx2
#define SG_TARGET __attribute__((target("avx2,fma")))
#define SG_MR 6
#define SG_NV 2
/* fused multiply-add: ISO C mode does not contract a * b + c by itself */
#define SG_MADD(acc, b, x) ((acc) = __builtin_ia32_vfmaddps256((b), (sgemm_avx2_v8){x, x, x, x, x, x, x, x}, (acc)))
#include "op_kernels_sgemm.inc"
#undef SG_NAME
#undef SG_TARGET
#undef SG_MR
#undef SG_NV
#undef SG_MADD
#define HAVE_SGEMM_AVX2 1
#endif

#define SG_NAME sgemm_generic
#define SG_TARGET
#define SG_MR 4
#define SG_NV 1
#define SG_MADD(acc, b, x) ((acc) += (b) * (x))
#include "op_kernels_sgemm.inc"
#undef SG_NAME
#undef SG_TARGET
#undef SG_MR
#undef SG_NV
#undef SG_MADD

static void scale_rows(float *c, size_t m, size_t n, size_t ldc, float beta)
{
    for (size_t i = 0; i < m; i++) {
        float *row = c + i * ldc;
        if (beta == 0.0f) {
            memset(row, 0, n * sizeof(float)); /* BLAS rule: beta == 0 ignores NaN/Inf already in C */
        } else if (beta != 1.0f) {
            for (size_t j = 0; j < n; j++) {
                row[j] *= beta;
            }
        }
    }
}

static bool sgemm_blocked(bool trans_a, bool trans_b, size_t m, size_t n, size_t k, float alpha, const float *a,
                          size_t lda, const float *b, size_t ldb, float *c, size_t ldc)
{
    /* scratch for whole panels of the largest tile (6 x 16), no bigger than the operands need */
    size_t kc = k < SGEMM_KC ? k : SGEMM_KC;
    size_t a_len = ((m < SGEMM_MC ? m : SGEMM_MC) + 6) * kc;
    size_t b_len = ((n < SGEMM_NC ? n : SGEMM_NC) + 16) * kc;
    float *scratch = aclemu_workspace_alloc((a_len + b_len) * sizeof(float));
    if (scratch == NULL) {
        return false;
    }
#ifdef HAVE_SGEMM_AVX2
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && !opk_portable_kernels()) {
        sgemm_avx2(trans_a, trans_b, m, n, k, alpha, a, lda, b, ldb, c, ldc, scratch, scratch + a_len);
        aclemu_workspace_free(scratch);
        return true;
    }
#endif
    sgemm_generic(trans_a, trans_b, m, n, k, alpha, a, lda, b, ldb, c, ldc, scratch, scratch + a_len);
    aclemu_workspace_free(scratch);
    return true;
}

/* C += alpha * op(A) op(B) with plain loops: the kernel of last resort when packing memory runs out */
static void sgemm_plain(bool trans_a, bool trans_b, size_t m, size_t n, size_t k, float alpha, const float *a,
                        size_t lda, const float *b, size_t ldb, float *c, size_t ldc)
{
    for (size_t i = 0; i < m; i++) {
        for (size_t p = 0; p < k; p++) {
            float x = alpha * (trans_a ? a[p * lda + i] : a[i * lda + p]);
            for (size_t j = 0; j < n; j++) {
                c[i * ldc + j] += x * (trans_b ? b[j * ldb + p] : b[p * ldb + j]);
            }
        }
    }
}

/* One GEMM split into bands of rows (or of columns) of C, one band per thread: every element is
 * computed by one thread in the same order as unsplit, so results do not depend on the split. */
typedef struct sgemm_split {
    bool trans_a, trans_b, by_rows;
    size_t m, n, k, lda, ldb, ldc;
    float alpha;
    const float *a, *b;
    float *c;
} sgemm_split;

static void sgemm_band(void *ctx, size_t begin, size_t end)
{
    const sgemm_split *s = ctx;
    size_t m = s->m, n = s->n;
    const float *a = s->a, *b = s->b;
    float *c = s->c;
    if (s->by_rows) {
        m = end - begin;
        a += s->trans_a ? begin : begin * s->lda;
        c += begin * s->ldc;
    } else {
        n = end - begin;
        b += s->trans_b ? begin * s->ldb : begin;
        c += begin;
    }
    if (!sgemm_blocked(s->trans_a, s->trans_b, m, n, s->k, s->alpha, a, s->lda, b, s->ldb, c, s->ldc)) {
        sgemm_plain(s->trans_a, s->trans_b, m, n, s->k, s->alpha, a, s->lda, b, s->ldb, c, s->ldc);
    }
}

/* A band must hold this many multiply-adds to be worth a thread start (~20-50 us). */
#define SGEMM_MIN_BAND_WORK ((size_t)1 << 21)

void opk_sgemm(bool trans_a, bool trans_b, size_t m, size_t n, size_t k, float alpha, const float *a, size_t lda,
               const float *b, size_t ldb, float beta, float *c, size_t ldc)
{
    if (m == 0 || n == 0) {
        return;
    }
    if (k > 0 && alpha != 0.0f &&
        aclemu_provider_sgemm(trans_a, trans_b, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)) {
        return;
    }
    scale_rows(c, m, n, ldc, beta);
    if (k == 0 || alpha == 0.0f) {
        return;
    }
    sgemm_split split = {.trans_a = trans_a, .trans_b = trans_b, .by_rows = m >= n, .m = m, .n = n, .k = k,
                         .lda = lda, .ldb = ldb, .ldc = ldc, .alpha = alpha, .a = a, .b = b, .c = c};
    size_t across = split.by_rows ? n : m; /* the extent every band spans */
    size_t per_line = across * k;          /* multiply-adds per row (or column) of a band */
    size_t grain = per_line >= SGEMM_MIN_BAND_WORK ? 1 : SGEMM_MIN_BAND_WORK / per_line;
    aclemu_parallel_for(split.by_rows ? m : n, grain, sgemm_band, &split);
}

void opk_s8gemm(bool trans_a, bool trans_b, size_t m, size_t n, size_t k, const int8_t *a, size_t lda,
                const int8_t *b, size_t ldb, int32_t *c, size_t ldc)
{
    for (size_t i = 0; i < m; i++) {
        int32_t *row = c + i * ldc;
        memset(row, 0, n * sizeof(int32_t));
        for (size_t p = 0; p < k; p++) {
            int32_t x = trans_a ? a[p * lda + i] : a[i * lda + p];
            if (x == 0) {
                continue;
            }
            /* in uint32: the sum wraps as int32 hardware does, where int32 overflow is undefined */
            if (!trans_b) {
                const int8_t *brow = b + p * ldb;
                for (size_t j = 0; j < n; j++) {
                    row[j] = (int32_t)((uint32_t)row[j] + (uint32_t)(x * brow[j]));
                }
            } else {
                for (size_t j = 0; j < n; j++) {
                    row[j] = (int32_t)((uint32_t)row[j] + (uint32_t)(x * b[j * ldb + p]));
                }
            }
        }
    }
}

/* ------------------------------------------------------------ typed GEMM */

static bool is_half_or_single(aclDataType t)
{
    return t == ACL_FLOAT || t == ACL_FLOAT16;
}

bool opk_gemm_types_supported(aclDataType a, aclDataType b, aclDataType c)
{
    if (a != b) {
        return false;
    }
    if (is_half_or_single(a)) {
        return is_half_or_single(c);
    }
    if (a == ACL_INT8) {
        return c == ACL_INT32 || c == ACL_FLOAT || c == ACL_FLOAT16;
    }
    return a == ACL_INT32 && c == ACL_INT32;
}

/* rows x cols matrix with row stride ld -> dense float32 copy */
static float *dense_f32(aclDataType t, const void *src, size_t rows, size_t cols, size_t ld)
{
    float *dst = aclemu_workspace_alloc((rows * cols + 1) * sizeof(float));
    if (dst == NULL) {
        return NULL;
    }
    size_t es = opk_dtype_size(t);
    for (size_t r = 0; r < rows; r++) {
        opk_to_f32(t, (const char *)src + r * ld * es, dst + r * cols, cols);
    }
    return dst;
}

static aclError gemm_float(const opk_gemm_args *g)
{
    size_t a_rows = g->trans_a ? g->k : g->m, a_cols = g->trans_a ? g->m : g->k;
    size_t b_rows = g->trans_b ? g->n : g->k, b_cols = g->trans_b ? g->k : g->n;
    bool direct = g->type_a == ACL_FLOAT && g->type_c == ACL_FLOAT &&
                  (g->c_in == NULL || (g->c_in == g->c_out && g->ldc_in == g->ldc_out));
    if (direct) {
        opk_sgemm(g->trans_a, g->trans_b, g->m, g->n, g->k, (float)g->alpha, g->a, g->lda, g->b, g->ldb,
                  g->c_in == NULL ? 0.0f : (float)g->beta, g->c_out, g->ldc_out);
        return ACL_SUCCESS;
    }
    float *a = NULL, *b = NULL, *t = NULL;
    const float *pa = g->a, *pb = g->b;
    size_t lda = g->lda, ldb = g->ldb;
    if (g->type_a != ACL_FLOAT) {
        pa = a = dense_f32(g->type_a, g->a, a_rows, a_cols, g->lda);
        pb = b = dense_f32(g->type_b, g->b, b_rows, b_cols, g->ldb);
        lda = a_cols;
        ldb = b_cols;
    }
    t = aclemu_workspace_alloc((g->m * g->n + 1) * sizeof(float));
    if (t == NULL || pa == NULL || pb == NULL) {
        aclemu_workspace_free(a), aclemu_workspace_free(b), aclemu_workspace_free(t);
        return ACL_ERROR_BAD_ALLOC;
    }
    size_t es = opk_dtype_size(g->type_c);
    for (size_t i = 0; i < g->m; i++) {
        if (g->c_in != NULL && g->beta != 0.0) {
            opk_to_f32(g->type_c, (const char *)g->c_in + i * g->ldc_in * es, t + i * g->n, g->n);
        } else {
            memset(t + i * g->n, 0, g->n * sizeof(float));
        }
    }
    opk_sgemm(g->trans_a, g->trans_b, g->m, g->n, g->k, (float)g->alpha, pa, lda, pb, ldb,
              g->c_in != NULL ? (float)g->beta : 0.0f, t, g->n);
    for (size_t i = 0; i < g->m; i++) {
        opk_from_f32(g->type_c, t + i * g->n, (char *)g->c_out + i * g->ldc_out * es, g->n);
    }
    aclemu_workspace_free(a);
    aclemu_workspace_free(b);
    aclemu_workspace_free(t);
    return ACL_SUCCESS;
}

/* int8 products (|x| <= 2^14) summed over at most 2^10 terms stay below 2^24, where float32 is
 * exact: the float GEMM then gives exact integer results, accumulated in int32 across chunks. */
#define INT8_EXACT_K 1024

/* t = op(A) op(B) exactly, through the float32 GEMM; false when out of memory. The first chunk of
 * k is computed as floats in t's own memory and converted in place (float and int32 have the same
 * size), so the common case (k <= INT8_EXACT_K) needs no buffer besides the float operands. */
static bool s8gemm_via_float(const opk_gemm_args *g, int32_t *t)
{
    size_t a_rows = g->trans_a ? g->k : g->m, a_cols = g->trans_a ? g->m : g->k;
    size_t b_rows = g->trans_b ? g->n : g->k, b_cols = g->trans_b ? g->k : g->n;
    size_t cells = g->m * g->n;
    float *a = dense_f32(ACL_INT8, g->a, a_rows, a_cols, g->lda);
    float *b = dense_f32(ACL_INT8, g->b, b_rows, b_cols, g->ldb);
    float *part = g->k > INT8_EXACT_K ? aclemu_workspace_alloc((cells + 1) * sizeof(float)) : NULL;
    bool ok = a != NULL && b != NULL && (part != NULL || g->k <= INT8_EXACT_K);
    if (ok && g->k == 0) {
        memset(t, 0, cells * sizeof(int32_t));
    }
    for (size_t k0 = 0; ok && k0 < g->k; k0 += INT8_EXACT_K) {
        size_t kc = g->k - k0 < INT8_EXACT_K ? g->k - k0 : INT8_EXACT_K;
        const float *pa = g->trans_a ? a + k0 * a_cols : a + k0;
        const float *pb = g->trans_b ? b + k0 : b + k0 * b_cols;
        if (k0 == 0) {
            /* t's memory holds floats, then each becomes an int in place (allocated memory takes the
             * type of its last store, so both accesses are well defined) */
            float *first = (float *)(void *)t;
            opk_sgemm(g->trans_a, g->trans_b, g->m, g->n, kc, 1.0f, pa, a_cols, pb, b_cols, 0.0f, first, g->n);
            for (size_t i = 0; i < cells; i++) {
                float v = first[i];
                t[i] = (int32_t)v;
            }
        } else {
            opk_sgemm(g->trans_a, g->trans_b, g->m, g->n, kc, 1.0f, pa, a_cols, pb, b_cols, 0.0f, part, g->n);
            for (size_t i = 0; i < cells; i++) {
                t[i] = (int32_t)((uint32_t)t[i] + (uint32_t)(int32_t)part[i]); /* wraps as int32 hardware does */
            }
        }
    }
    aclemu_workspace_free(a);
    aclemu_workspace_free(b);
    aclemu_workspace_free(part);
    return ok;
}

/* C = alpha * T + beta * C in int32, wrapping like the int32 hardware path; a row at a time with no
 * branch inside, so the loops vectorise (C in and out may be the same memory) */
static void int8_result_to_int32(const opk_gemm_args *g, const int32_t *t)
{
    uint32_t alpha = (uint32_t)g->alpha_i, beta = (uint32_t)g->beta_i;
    for (size_t i = 0; i < g->m; i++) {
        const int32_t *acc = t + i * g->n;
        int32_t *out = (int32_t *)g->c_out + i * g->ldc_out;
        if (g->c_in == NULL) {
            for (size_t j = 0; j < g->n; j++) {
                out[j] = (int32_t)(alpha * (uint32_t)acc[j]);
            }
        } else {
            const int32_t *in = (const int32_t *)g->c_in + i * g->ldc_in;
            for (size_t j = 0; j < g->n; j++) {
                out[j] = (int32_t)(alpha * (uint32_t)acc[j] + beta * (uint32_t)in[j]);
            }
        }
    }
}

/* C = alpha * T + beta * C in double, rounded to float, then to C's type (float32 or float16). A
 * row at a time through float rows, so the loops vectorise and float16 converts in bulk; C's row
 * is read before it is written, so C in and out may be the same memory. */
static aclError int8_result_to_float(const opk_gemm_args *g, const int32_t *t)
{
    bool add_c = g->c_in != NULL && g->beta != 0.0;
    float *row = aclemu_workspace_alloc((2 * g->n + 1) * sizeof(float));
    if (row == NULL) {
        return ACL_ERROR_BAD_ALLOC;
    }
    float *c_row = row + g->n;
    size_t es = opk_dtype_size(g->type_c);
    for (size_t i = 0; i < g->m; i++) {
        const int32_t *acc = t + i * g->n;
        if (add_c) {
            opk_to_f32(g->type_c, (const char *)g->c_in + i * g->ldc_in * es, c_row, g->n);
            for (size_t j = 0; j < g->n; j++) {
                row[j] = (float)(g->alpha * (double)acc[j] + g->beta * (double)c_row[j]);
            }
        } else {
            for (size_t j = 0; j < g->n; j++) {
                row[j] = (float)(g->alpha * (double)acc[j]);
            }
        }
        opk_from_f32(g->type_c, row, (char *)g->c_out + i * g->ldc_out * es, g->n);
    }
    aclemu_workspace_free(row);
    return ACL_SUCCESS;
}

static aclError gemm_int8(const opk_gemm_args *g)
{
    /* C = A B in int32 with nothing to scale or add (beta 0 ignores C: an int holds no NaN):
     * the dot-product kernel writes C itself */
    if (g->type_c == ACL_INT32 && g->alpha_i == 1 && (g->c_in == NULL || g->beta_i == 0) &&
        opk_s8gemm_dot(g->trans_a, g->trans_b, g->m, g->n, g->k, g->a, g->lda, g->b, g->ldb, g->c_out,
                       g->ldc_out)) {
        return ACL_SUCCESS;
    }
    int32_t *t = aclemu_workspace_alloc((g->m * g->n + 1) * sizeof(int32_t));
    if (t == NULL) {
        return ACL_ERROR_BAD_ALLOC;
    }
    if (!opk_s8gemm_dot(g->trans_a, g->trans_b, g->m, g->n, g->k, g->a, g->lda, g->b, g->ldb, t, g->n) &&
        !s8gemm_via_float(g, t)) {
        opk_s8gemm(g->trans_a, g->trans_b, g->m, g->n, g->k, g->a, g->lda, g->b, g->ldb, t, g->n);
    }
    aclError err = ACL_SUCCESS;
    if (g->type_c == ACL_INT32) {
        int8_result_to_int32(g, t);
    } else {
        err = int8_result_to_float(g, t);
    }
    aclemu_workspace_free(t);
    return err;
}

static aclError gemm_int32(const opk_gemm_args *g)
{
    const int32_t *a = g->a, *b = g->b;
    for (size_t i = 0; i < g->m; i++) {
        for (size_t j = 0; j < g->n; j++) {
            uint32_t acc = 0;
            for (size_t p = 0; p < g->k; p++) {
                int32_t x = g->trans_a ? a[p * g->lda + i] : a[i * g->lda + p];
                int32_t y = g->trans_b ? b[j * g->ldb + p] : b[p * g->ldb + j];
                acc += (uint32_t)x * (uint32_t)y;
            }
            uint32_t v = (uint32_t)g->alpha_i * acc;
            if (g->c_in != NULL) {
                v += (uint32_t)g->beta_i * (uint32_t)((const int32_t *)g->c_in)[i * g->ldc_in + j];
            }
            ((int32_t *)g->c_out)[i * g->ldc_out + j] = (int32_t)v;
        }
    }
    return ACL_SUCCESS;
}

aclError opk_gemm(const opk_gemm_args *g)
{
    if (g->type_a == ACL_INT8) {
        return gemm_int8(g);
    }
    if (g->type_a == ACL_INT32) {
        return gemm_int32(g);
    }
    return gemm_float(g);
}

/* ---------------------------------------------------------------- kernels */

static aclError matmul_dtypes(const opk_call *call, aclDataType *out_dtype)
{
    aclDataType a = call->in[0].dtype, b = call->in[1].dtype;
    aclDataType c = *out_dtype;
    if (!opk_gemm_types_supported(a, b, c)) {
        aclDataType natural = a == ACL_INT8 ? ACL_INT32 : a;
        if (opk_gemm_types_supported(a, b, natural) && opk_dtype_size(c) == 0) {
            c = natural; /* output desc without a usable type: take the natural one */
        } else {
            return aclemu_set_error(ACL_ERROR_UNSUPPORTED_DATA_TYPE,
                                    "%s: %s does not support inputs %s x %s with output %s", call->api, call->op_type,
                                    opk_dtype_name(a), opk_dtype_name(b), opk_dtype_name(c));
        }
    }
    *out_dtype = c;
    return ACL_SUCCESS;
}

static aclError matmul_static(const opk_call *call)
{
    for (int i = 0; i < call->num_inputs; i++) {
        if (call->in[i].dynamic) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s input %d has an unknown shape", call->api,
                                    call->op_type, i);
        }
    }
    return ACL_SUCCESS;
}

typedef struct mm_plan {
    bool trans_a, trans_b;
    size_t m, n, k;
    opk_shape batch;           /* broadcast batch dims (BatchMatMul) */
    size_t a_bstride[OPK_MAX_DIMS], b_bstride[OPK_MAX_DIMS]; /* matrix strides per batch dim, 0 if broadcast */
} mm_plan;

static aclError bias_check(const opk_call *call, size_t n, aclDataType out_dtype)
{
    if (call->num_inputs < 3) {
        return ACL_SUCCESS;
    }
    const opk_tensor *bias = &call->in[2];
    if (bias->dtype != out_dtype) {
        return aclemu_set_error(ACL_ERROR_UNSUPPORTED_DATA_TYPE, "%s: %s bias must have the output type %s",
                                call->api, call->op_type, opk_dtype_name(out_dtype));
    }
    if (opk_shape_elements(&bias->shape) != n || bias->shape.ndim < 1 || (size_t)bias->shape.dims[bias->shape.ndim - 1] != n) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s bias must have shape [%zu]", call->api,
                                call->op_type, n);
    }
    return ACL_SUCCESS;
}

static aclError mm_plan_make(const opk_call *call, bool batched, mm_plan *plan, opk_shape *out_shape)
{
    const char *ta_name = batched ? "adj_x1" : "transpose_x1";
    const char *tb_name = batched ? "adj_x2" : "transpose_x2";
    aclError err;
    if ((err = opk_attr_bool_or(call->api, call->attr, ta_name, false, &plan->trans_a)) != ACL_SUCCESS ||
        (err = opk_attr_bool_or(call->api, call->attr, tb_name, false, &plan->trans_b)) != ACL_SUCCESS) {
        return err;
    }
    const opk_shape *sa = &call->in[0].shape, *sb = &call->in[1].shape;
    if (sa->ndim < 2 || sb->ndim < 2 || (!batched && (sa->ndim != 2 || sb->ndim != 2))) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s inputs must be %s", call->api, call->op_type,
                                batched ? "at least 2-D" : "2-D matrices");
    }
    size_t a0 = (size_t)sa->dims[sa->ndim - 2], a1 = (size_t)sa->dims[sa->ndim - 1];
    size_t b0 = (size_t)sb->dims[sb->ndim - 2], b1 = (size_t)sb->dims[sb->ndim - 1];
    plan->m = plan->trans_a ? a1 : a0;
    plan->k = plan->trans_a ? a0 : a1;
    size_t kb = plan->trans_b ? b1 : b0;
    plan->n = plan->trans_b ? b0 : b1;
    if (kb != plan->k) {
        char x[128], y[128];
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s: inner dimensions differ (%s x %s)", call->api,
                                call->op_type, opk_shape_str(sa, x, sizeof x), opk_shape_str(sb, y, sizeof y));
    }
    int ba = sa->ndim - 2, bb = sb->ndim - 2;
    int nb = ba > bb ? ba : bb;
    plan->batch.ndim = nb;
    size_t stride_a = plan->m * plan->k, stride_b = plan->k * plan->n;
    for (int d = nb - 1; d >= 0; d--) {
        int ia = d - (nb - ba), ib = d - (nb - bb);
        int64_t da = ia >= 0 ? sa->dims[ia] : 1, db = ib >= 0 ? sb->dims[ib] : 1;
        if (da != db && da != 1 && db != 1) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s: batch dimensions cannot be broadcast",
                                    call->api, call->op_type);
        }
        plan->batch.dims[d] = da == 1 ? db : da;
        plan->a_bstride[d] = da == 1 ? 0 : stride_a;
        plan->b_bstride[d] = db == 1 ? 0 : stride_b;
        stride_a *= (size_t)da;
        stride_b *= (size_t)db;
    }
    *out_shape = plan->batch;
    out_shape->dims[nb] = (int64_t)plan->m;
    out_shape->dims[nb + 1] = (int64_t)plan->n;
    out_shape->ndim = nb + 2;
    return ACL_SUCCESS;
}

static aclError infer_matmul(const opk_call *call, bool batched, aclDataType *out_dtypes, opk_shape *out_shapes)
{
    mm_plan plan;
    aclError err = matmul_static(call);
    if (err == ACL_SUCCESS) {
        err = matmul_dtypes(call, &out_dtypes[0]);
    }
    if (err == ACL_SUCCESS) {
        err = mm_plan_make(call, batched, &plan, &out_shapes[0]);
    }
    if (err == ACL_SUCCESS) {
        err = bias_check(call, plan.n, out_dtypes[0]);
    }
    return err;
}

static aclError run_matmul(const opk_call *call, bool batched)
{
    mm_plan plan;
    opk_shape out_shape;
    aclError err = mm_plan_make(call, batched, &plan, &out_shape);
    if (err != ACL_SUCCESS) {
        return err;
    }
    const opk_tensor *x1 = &call->in[0], *x2 = &call->in[1], *y = &call->out[0];
    bool has_bias = call->num_inputs > 2;
    opk_gemm_args g = {
        .trans_a = plan.trans_a, .trans_b = plan.trans_b, .m = plan.m, .n = plan.n, .k = plan.k,
        .type_a = x1->dtype, .type_b = x2->dtype, .type_c = y->dtype,
        .lda = plan.trans_a ? plan.m : plan.k, .ldb = plan.trans_b ? plan.k : plan.n,
        .c_in = has_bias ? call->in[2].data : NULL, .ldc_in = 0, .ldc_out = plan.n,
        .alpha = 1.0, .beta = 1.0, .alpha_i = 1, .beta_i = 1,
    };
    size_t batches = opk_shape_elements(&plan.batch);
    size_t es_a = opk_dtype_size(x1->dtype), es_b = opk_dtype_size(x2->dtype), es_c = opk_dtype_size(y->dtype);
    int64_t counter[OPK_MAX_DIMS] = {0};
    size_t off_a = 0, off_b = 0;
    for (size_t bi = 0; bi < batches; bi++) {
        g.a = (const char *)x1->data + off_a * es_a;
        g.b = (const char *)x2->data + off_b * es_b;
        g.c_out = (char *)y->data + bi * plan.m * plan.n * es_c;
        if ((err = opk_gemm(&g)) != ACL_SUCCESS) {
            return aclemu_set_error(err, "%s: %s: out of host memory", call->api, call->op_type);
        }
        for (int d = plan.batch.ndim - 1; d >= 0; d--) {
            counter[d]++;
            off_a += plan.a_bstride[d];
            off_b += plan.b_bstride[d];
            if (counter[d] < plan.batch.dims[d]) {
                break;
            }
            off_a -= plan.a_bstride[d] * (size_t)plan.batch.dims[d];
            off_b -= plan.b_bstride[d] * (size_t)plan.batch.dims[d];
            counter[d] = 0;
        }
    }
    return ACL_SUCCESS;
}

aclError opk_infer_mat_mul(const opk_call *call, aclDataType *out_dtypes, opk_shape *out_shapes)
{
    return infer_matmul(call, false, out_dtypes, out_shapes);
}

aclError opk_run_mat_mul(const opk_call *call)
{
    return run_matmul(call, false);
}

aclError opk_infer_batch_mat_mul(const opk_call *call, aclDataType *out_dtypes, opk_shape *out_shapes)
{
    return infer_matmul(call, true, out_dtypes, out_shapes);
}

aclError opk_run_batch_mat_mul(const opk_call *call)
{
    return run_matmul(call, true);
}

/* GEMM(a, b, c, alpha, beta) -> y = alpha * op(a) op(b) + beta * c, attributes transpose_a/transpose_b */
static aclError gemm_plan(const opk_call *call, bool *ta, bool *tb, size_t *m, size_t *n, size_t *k)
{
    aclError err;
    if ((err = opk_attr_bool_or(call->api, call->attr, "transpose_a", false, ta)) != ACL_SUCCESS ||
        (err = opk_attr_bool_or(call->api, call->attr, "transpose_b", false, tb)) != ACL_SUCCESS) {
        return err;
    }
    const opk_shape *sa = &call->in[0].shape, *sb = &call->in[1].shape, *sc = &call->in[2].shape;
    if (sa->ndim != 2 || sb->ndim != 2 || sc->ndim != 2) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: GEMM a, b and c must be 2-D", call->api);
    }
    *m = (size_t)(*ta ? sa->dims[1] : sa->dims[0]);
    *k = (size_t)(*ta ? sa->dims[0] : sa->dims[1]);
    size_t kb = (size_t)(*tb ? sb->dims[1] : sb->dims[0]);
    *n = (size_t)(*tb ? sb->dims[0] : sb->dims[1]);
    if (kb != *k || (size_t)sc->dims[0] != *m || (size_t)sc->dims[1] != *n) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: GEMM shapes of a, b and c do not fit", call->api);
    }
    for (int i = 3; i < 5; i++) {
        if (opk_shape_elements(&call->in[i].shape) != 1) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: GEMM %s must hold one element", call->api,
                                    i == 3 ? "alpha" : "beta");
        }
    }
    return ACL_SUCCESS;
}

aclError opk_infer_gemm(const opk_call *call, aclDataType *out_dtypes, opk_shape *out_shapes)
{
    aclError err = matmul_static(call);
    if (err != ACL_SUCCESS) {
        return err;
    }
    aclDataType c = call->in[2].dtype;
    if (!opk_gemm_types_supported(call->in[0].dtype, call->in[1].dtype, c)) {
        return aclemu_set_error(ACL_ERROR_UNSUPPORTED_DATA_TYPE, "%s: GEMM does not support %s x %s -> %s",
                                call->api, opk_dtype_name(call->in[0].dtype), opk_dtype_name(call->in[1].dtype),
                                opk_dtype_name(c));
    }
    if (call->in[3].dtype != c || call->in[4].dtype != c) {
        return aclemu_set_error(ACL_ERROR_UNSUPPORTED_DATA_TYPE, "%s: GEMM alpha and beta must have the type of c (%s)",
                                call->api, opk_dtype_name(c));
    }
    bool ta, tb;
    size_t m, n, k;
    if ((err = gemm_plan(call, &ta, &tb, &m, &n, &k)) != ACL_SUCCESS) {
        return err;
    }
    out_dtypes[0] = c;
    out_shapes[0] = call->in[2].shape;
    return ACL_SUCCESS;
}

aclError opk_run_gemm(const opk_call *call)
{
    bool ta, tb;
    size_t m, n, k;
    aclError err = gemm_plan(call, &ta, &tb, &m, &n, &k);
    if (err != ACL_SUCCESS) {
        return err;
    }
    const opk_tensor *alpha = &call->in[3], *beta = &call->in[4];
    opk_gemm_args g = {
        .trans_a = ta, .trans_b = tb, .m = m, .n = n, .k = k,
        .type_a = call->in[0].dtype, .type_b = call->in[1].dtype, .type_c = call->in[2].dtype,
        .a = call->in[0].data, .lda = ta ? m : k, .b = call->in[1].data, .ldb = tb ? k : n,
        .c_in = call->in[2].data, .ldc_in = n, .c_out = call->out[0].data, .ldc_out = n,
        .alpha = opk_load_f64(alpha->dtype, alpha->data, 0), .beta = opk_load_f64(beta->dtype, beta->data, 0),
        .alpha_i = opk_load_i64(alpha->dtype, alpha->data, 0), .beta_i = opk_load_i64(beta->dtype, beta->data, 0),
    };
    if ((err = opk_gemm(&g)) != ACL_SUCCESS) {
        return aclemu_set_error(err, "%s: GEMM: out of host memory", call->api);
    }
    return ACL_SUCCESS;
}
