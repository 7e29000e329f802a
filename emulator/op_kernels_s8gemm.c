/*
 * int8 GEMM on the CPU's 8-bit dot-product instruction (AVX-512 VNNI's vpdpbusd: four u8 x s8
 * products summed into each int32 lane, 64 multiply-adds an instruction against 16 for a float32
 * FMA). Without it, op_kernels_matmul.c goes through the float32 GEMM.
 *
 * vpdpbusd wants its first operand unsigned, so A is packed as a + 128 and the accumulators start
 * at -128 * (column sums of B): what comes out is sum(a * b), modulo 2^32 for any k, as an int32
 * accumulator wraps.
 *
 * Both operands are packed, as BLAS kernels pack theirs: A in blocks of MR rows with 4 bytes of k
 * per row per step, B in panels of NR columns with 4 bytes of k per column per step, so one
 * 64-byte load feeds 16 columns. KC_STEPS steps of a B panel (16 KiB) stay in L1 while the row
 * blocks of A stream past; NC_PANELS panels of that depth (256 KiB) stay in L2.
 */
#include "emu.h"

#include <stdint.h>
#include <string.h>

#include "op_kernels.h"
#include "parallel.h"

#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>

#define MR 8          /* rows of C per tile: 8 x 2 accumulators, 2 B vectors, in 32 registers */
#define NR 32         /* columns of C per tile (two vectors of 16 int32) */
#define KC_STEPS 128  /* steps of 4 k per cache block */
#define NC_PANELS 16  /* panels per column block */
#define ALIGN 64
/* A band must hold this many multiply-adds to be worth a thread start (~20-50 us). */
#define MIN_BAND_WORK ((size_t)1 << 23)

#define VNNI_TARGET __attribute__((target("avx512f,avx512bw,avx512vnni")))

typedef struct s8_plan {
    bool trans_a, trans_b;
    size_t m, n, k, lda, ldb, ldc;
    const int8_t *a, *b;
    int32_t *c;
    size_t steps;         /* ceil(k / 4) */
    size_t row_blocks;    /* ceil(m / MR) */
    size_t panels;        /* ceil(n / NR) */
    uint8_t *a_packed;    /* row_blocks x steps x MR x 4 bytes */
    int8_t *b_packed;     /* panels x steps x NR x 4 bytes */
    int32_t *acc_start;   /* panels x NR: -128 * the column sums of B */
    bool split_panels;    /* threads take panels (and pack them), else row blocks (and pack those) */
} s8_plan;

static int8_t a_at(const s8_plan *p, size_t i, size_t q)
{
    return p->trans_a ? p->a[q * p->lda + i] : p->a[i * p->lda + q];
}

static int8_t b_at(const s8_plan *p, size_t q, size_t j)
{
    return p->trans_b ? p->b[j * p->ldb + q] : p->b[q * p->ldb + j];
}

/* Rows [MR * block, MR * block + MR) of op(A), plus 128, zero-padded past m and k. */
static void pack_a_block(const s8_plan *p, size_t block)
{
    uint8_t *out = p->a_packed + block * p->steps * MR * 4;
    size_t full_steps = p->k / 4;
    for (size_t r = 0; r < MR; r++) {
        size_t i = block * MR + r;
        size_t step = 0;
        if (i < p->m && !p->trans_a) {
            const int8_t *row = p->a + i * p->lda;
            for (; step < full_steps; step++) {
                uint32_t word;
                memcpy(&word, row + 4 * step, 4);
                word ^= 0x80808080u; /* a + 128 in every byte */
                memcpy(out + (step * MR + r) * 4, &word, 4);
            }
        }
        for (; step < p->steps; step++) {
            for (size_t q = 0; q < 4; q++) {
                size_t kq = 4 * step + q;
                int8_t v = i < p->m && kq < p->k ? a_at(p, i, kq) : 0;
                out[(step * MR + r) * 4 + q] = (uint8_t)((uint8_t)v ^ 0x80u);
            }
        }
    }
}

/* Four rows of B, 32 columns each, interleaved to column-major quadruples (column j's four bytes
 * at 4j), as vpdpbusd reads them. */
VNNI_TARGET static void interleave_4x32(const int8_t *r0, const int8_t *r1, const int8_t *r2, const int8_t *r3,
                                        int8_t *out)
{
    __m256i x0 = _mm256_loadu_si256((const __m256i *)(const void *)r0);
    __m256i x1 = _mm256_loadu_si256((const __m256i *)(const void *)r1);
    __m256i x2 = _mm256_loadu_si256((const __m256i *)(const void *)r2);
    __m256i x3 = _mm256_loadu_si256((const __m256i *)(const void *)r3);
    __m256i lo01 = _mm256_unpacklo_epi8(x0, x1), hi01 = _mm256_unpackhi_epi8(x0, x1);
    __m256i lo23 = _mm256_unpacklo_epi8(x2, x3), hi23 = _mm256_unpackhi_epi8(x2, x3);
    /* per 128-bit lane: columns 0-3, 4-7, 8-11, 12-15 of that lane */
    __m256i c0 = _mm256_unpacklo_epi16(lo01, lo23), c1 = _mm256_unpackhi_epi16(lo01, lo23);
    __m256i c2 = _mm256_unpacklo_epi16(hi01, hi23), c3 = _mm256_unpackhi_epi16(hi01, hi23);
    __m256i *dst = (__m256i *)(void *)out;
    _mm256_storeu_si256(dst + 0, _mm256_permute2x128_si256(c0, c1, 0x20));
    _mm256_storeu_si256(dst + 1, _mm256_permute2x128_si256(c2, c3, 0x20));
    _mm256_storeu_si256(dst + 2, _mm256_permute2x128_si256(c0, c1, 0x31));
    _mm256_storeu_si256(dst + 3, _mm256_permute2x128_si256(c2, c3, 0x31));
}

/* Columns [NR * panel, NR * panel + NR) of op(B), zero-padded past n and k, and the accumulators'
 * start values for them. */
VNNI_TARGET static void pack_b_panel(const s8_plan *p, size_t panel)
{
    int8_t *out = p->b_packed + panel * p->steps * NR * 4;
    size_t j0 = panel * NR, full_steps = p->k / 4;
    size_t step = 0;
    if (j0 + NR <= p->n) {
        if (!p->trans_b) {
            for (; step < full_steps; step++) {
                const int8_t *row = p->b + 4 * step * p->ldb + j0;
                interleave_4x32(row, row + p->ldb, row + 2 * p->ldb, row + 3 * p->ldb, out + step * NR * 4);
            }
        } else {
            for (size_t j = 0; j < NR; j++) {
                const int8_t *column = p->b + (j0 + j) * p->ldb;
                for (size_t s = 0; s < full_steps; s++) {
                    memcpy(out + (s * NR + j) * 4, column + 4 * s, 4);
                }
            }
            step = full_steps;
        }
    }
    for (; step < p->steps; step++) {
        for (size_t j = 0; j < NR; j++) {
            for (size_t q = 0; q < 4; q++) {
                size_t kq = 4 * step + q;
                out[(step * NR + j) * 4 + q] = j0 + j < p->n && kq < p->k ? b_at(p, kq, j0 + j) : 0;
            }
        }
    }
    /* column sums: a dot product of each column's quadruples with unsigned ones */
    __m512i ones = _mm512_set1_epi8(1), sum0 = _mm512_setzero_si512(), sum1 = _mm512_setzero_si512();
    for (size_t s = 0; s < p->steps; s++) {
        sum0 = _mm512_dpbusd_epi32(sum0, ones, _mm512_loadu_si512(out + s * NR * 4));
        sum1 = _mm512_dpbusd_epi32(sum1, ones, _mm512_loadu_si512(out + s * NR * 4 + 64));
    }
    __m512i zero = _mm512_setzero_si512();
    _mm512_storeu_si512(p->acc_start + j0, _mm512_sub_epi32(zero, _mm512_slli_epi32(sum0, 7)));
    _mm512_storeu_si512(p->acc_start + j0 + 16, _mm512_sub_epi32(zero, _mm512_slli_epi32(sum1, 7)));
}

/* One whole MR x NR tile of C over `steps` steps of k, the accumulators starting from `start` (the
 * first k block) or from C (later blocks). Nothing is conditional inside, and it is compiled on its
 * own (noinline, noclone): otherwise GCC shuffles the accumulators between registers every step. */
VNNI_TARGET __attribute__((noinline, noclone)) static void full_tile(const uint8_t *ap, const int8_t *bp,
                                                                   size_t steps, const int32_t *start, int32_t *c,
                                                                   size_t ldc)
{
    __m512i acc0[MR], acc1[MR];
    if (start != NULL) {
        __m512i s0 = _mm512_loadu_si512(start), s1 = _mm512_loadu_si512(start + 16);
#pragma GCC unroll 8
        for (size_t r = 0; r < MR; r++) {
            acc0[r] = s0;
            acc1[r] = s1;
        }
    } else {
#pragma GCC unroll 8
        for (size_t r = 0; r < MR; r++) {
            acc0[r] = _mm512_loadu_si512(c + r * ldc);
            acc1[r] = _mm512_loadu_si512(c + r * ldc + 16);
        }
    }
    for (size_t s = 0; s < steps; s++) {
        __m512i b0 = _mm512_loadu_si512(bp), b1 = _mm512_loadu_si512(bp + 64);
#pragma GCC unroll 8
        for (size_t r = 0; r < MR; r++) {
            int32_t word;
            memcpy(&word, ap + r * 4, 4);
            __m512i x = _mm512_set1_epi32(word);
            acc0[r] = _mm512_dpbusd_epi32(acc0[r], x, b0);
            acc1[r] = _mm512_dpbusd_epi32(acc1[r], x, b1);
        }
        ap += MR * 4;
        bp += NR * 4;
    }
#pragma GCC unroll 8
    for (size_t r = 0; r < MR; r++) {
        _mm512_storeu_si512(c + r * ldc, acc0[r]);
        _mm512_storeu_si512(c + r * ldc + 16, acc1[r]);
    }
}

/* A tile of which only `rows` x `cols` lie inside C: edge tiles go through a whole one on the
 * stack, so nothing outside C is read or written. */
static void tile(const uint8_t *ap, const int8_t *bp, size_t steps, const int32_t *start, int32_t *c, size_t ldc,
                 size_t rows, size_t cols)
{
    if (rows == MR && cols == NR) {
        full_tile(ap, bp, steps, start, c, ldc);
        return;
    }
    int32_t whole[MR * NR] = {0};
    if (start == NULL) {
        for (size_t r = 0; r < rows; r++) {
            memcpy(whole + r * NR, c + r * ldc, cols * sizeof *c);
        }
    }
    full_tile(ap, bp, steps, start, whole, NR);
    for (size_t r = 0; r < rows; r++) {
        memcpy(c + r * ldc, whole + r * NR, cols * sizeof *c);
    }
}

static size_t min_size(size_t x, size_t y)
{
    return x < y ? x : y;
}

/* A band of panels or of row blocks: pack its own share, then every tile of it. */
static void s8_band(void *ctx, size_t begin, size_t end)
{
    const s8_plan *p = ctx;
    size_t block_begin = 0, block_end = p->row_blocks, panel_begin = 0, panel_end = p->panels;
    if (p->split_panels) {
        panel_begin = begin, panel_end = end;
        for (size_t panel = begin; panel < end; panel++) {
            pack_b_panel(p, panel);
        }
    } else {
        block_begin = begin, block_end = end;
        for (size_t block = begin; block < end; block++) {
            pack_a_block(p, block);
        }
    }
    for (size_t jc = panel_begin; jc < panel_end; jc += NC_PANELS) {
        size_t jc_end = min_size(panel_end, jc + NC_PANELS);
        for (size_t s0 = 0; s0 < p->steps; s0 += KC_STEPS) {
            size_t steps = min_size(KC_STEPS, p->steps - s0);
            for (size_t block = block_begin; block < block_end; block++) {
                size_t rows = min_size(MR, p->m - block * MR);
                const uint8_t *ap = p->a_packed + (block * p->steps + s0) * MR * 4;
                for (size_t panel = jc; panel < jc_end; panel++) {
                    size_t cols = min_size(NR, p->n - panel * NR);
                    const int8_t *bp = p->b_packed + (panel * p->steps + s0) * NR * 4;
                    tile(ap, bp, steps, s0 == 0 ? p->acc_start + panel * NR : NULL,
                         p->c + block * MR * p->ldc + panel * NR, p->ldc, rows, cols);
                }
            }
        }
    }
}

static bool vnni_usable(void)
{
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vnni") && !opk_portable_kernels();
}

static void *align_up(void *p)
{
    return (void *)(((uintptr_t)p + ALIGN - 1) & ~(uintptr_t)(ALIGN - 1));
}

bool opk_s8gemm_dot(bool trans_a, bool trans_b, size_t m, size_t n, size_t k, const int8_t *a, size_t lda,
                    const int8_t *b, size_t ldb, int32_t *c, size_t ldc)
{
    if (!vnni_usable()) {
        return false;
    }
    if (m == 0 || n == 0) {
        return true;
    }
    if (k == 0) {
        for (size_t i = 0; i < m; i++) {
            memset(c + i * ldc, 0, n * sizeof *c);
        }
        return true;
    }
    s8_plan p = {.trans_a = trans_a, .trans_b = trans_b, .m = m, .n = n, .k = k, .lda = lda, .ldb = ldb,
                 .ldc = ldc, .a = a, .b = b, .c = c, .steps = (k + 3) / 4, .row_blocks = (m + MR - 1) / MR,
                 .panels = (n + NR - 1) / NR};
    size_t a_bytes = p.row_blocks * p.steps * MR * 4, b_bytes = p.panels * p.steps * NR * 4;
    size_t start_bytes = p.panels * NR * sizeof(int32_t);
    char *scratch = aclemu_workspace_alloc(a_bytes + b_bytes + start_bytes + 3 * ALIGN);
    if (scratch == NULL) {
        return false;
    }
    p.a_packed = align_up(scratch);
    p.b_packed = align_up(p.a_packed + a_bytes);
    p.acc_start = align_up(p.b_packed + b_bytes);

    size_t threads = aclemu_compute_threads();
    p.split_panels = p.panels >= 2 * threads || p.panels >= p.row_blocks;
    size_t units = p.split_panels ? p.panels : p.row_blocks;
    size_t unit_work = (p.split_panels ? NR * m : MR * n) * k;
    /* what the bands do not pack, the caller packs first */
    if (p.split_panels) {
        for (size_t block = 0; block < p.row_blocks; block++) {
            pack_a_block(&p, block);
        }
    } else {
        for (size_t panel = 0; panel < p.panels; panel++) {
            pack_b_panel(&p, panel);
        }
    }
    aclemu_parallel_for(units, unit_work >= MIN_BAND_WORK ? 1 : MIN_BAND_WORK / unit_work, s8_band, &p);
    aclemu_workspace_free(scratch);
    return true;
}

const char *opk_s8gemm_kernel(void)
{
    return vnni_usable() ? "avx512-vnni" : "float32 GEMM";
}

#else

bool opk_s8gemm_dot(bool trans_a, bool trans_b, size_t m, size_t n, size_t k, const int8_t *a, size_t lda,
                    const int8_t *b, size_t ldb, int32_t *c, size_t ldc)
{
    (void)trans_a, (void)trans_b, (void)m, (void)n, (void)k, (void)a, (void)lda, (void)b, (void)ldb, (void)c,
        (void)ldc;
    return false;
}

const char *opk_s8gemm_kernel(void)
{
    return "float32 GEMM";
}

#endif
