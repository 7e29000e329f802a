/*
 * hi_mpi VPC neighbourhood filters: blur (box), gaussian blur, median blur, erode, dilate and
 * filter2d, each with OpenCV's meaning of the same-named function on 8-bit pictures.
 *
 * Choices where the documentation is silent (also in docs/himpi_vpc_filters.md):
 *  - pictures: YUV400, YUV420SP (NV12, NV21; the runtime's documentation of each filter lists them),
 *    RGB888, BGR888 (himpi_vpc_pixels.c: YUV420SP is filtered at full resolution on Y and on
 *    the chroma replicated over its 2x2 blocks, then each chroma block takes its mean); dst has
 *    src's format and size; a scalar's val[i] is the i-th byte of a sample (Y, U, V on NV12);
 *  - kernel sizes: blur / erode / dilate 1..31 per side, gaussian odd 1..31 (0 with a positive
 *    sigma: derived from sigma as OpenCV does), median 3, 5, 7 or 9, filter2d 1..5 (its table);
 *  - anchor (-1, -1) is the kernel centre, otherwise it must lie inside the kernel;
 *  - the border types are OpenCV's (constant takes scalar_value per channel); the median always
 *    replicates the edge, as cv::medianBlur does;
 *  - results are computed in double and rounded half up, except the box blur, which is exact:
 *    (2 * sum + n) / (2 * n) in integers;
 *  - erode / dilate apply the element `iterations` times (0 copies), at most 16.
 */
#include "emu.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "himpi_vpc_pixels.h"

enum { FILTER_MAX_K = 31, FILTER2D_MAX_K = 5, MEDIAN_MAX_K = 9, MORPH_MAX_ITER = 16 };

typedef enum { OP_BOX, OP_GAUSS, OP_MEDIAN, OP_ERODE, OP_DILATE, OP_FILTER2D } filter_op;

/* Everything a filter needs once its parameters are checked. */
typedef struct filter_job {
    filter_op op;
    uint32_t kw, kh, ax, ay; /* kernel size and anchor */
    int border;
    double scalar[4];
    double *weights; /* kh x kw: gaussian (outer product), filter2d */
    uint8_t *mask;   /* kh x kw: erode / dilate element */
    double delta;
    uint32_t iterations;
} filter_job;

static hi_s32 illegal(const char *fn, const char *what, long long a, long long b)
{
    return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: %s (%lld, %lld) refused", fn, what, a, b);
}

static hi_s32 kernel_check(const hi_size *k, uint32_t max, bool odd, const char *fn)
{
    if (k->width < 1 || k->height < 1 || k->width > max || k->height > max ||
        (odd && (k->width % 2 == 0 || k->height % 2 == 0))) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: kernel_size %ux%u must be %sin [1, %u]", fn,
                                k->width, k->height, odd ? "odd and " : "", max);
    }
    return HI_SUCCESS;
}

static hi_s32 anchor_set(filter_job *job, const hi_point *anchor, const char *fn)
{
    if (anchor->x == -1 && anchor->y == -1) {
        job->ax = job->kw / 2;
        job->ay = job->kh / 2;
        return HI_SUCCESS;
    }
    if (anchor->x < 0 || anchor->y < 0 || (uint32_t)anchor->x >= job->kw || (uint32_t)anchor->y >= job->kh) {
        return illegal(fn, "anchor outside the kernel", anchor->x, anchor->y);
    }
    job->ax = (uint32_t)anchor->x;
    job->ay = (uint32_t)anchor->y;
    return HI_SUCCESS;
}

static int sort_u8(const void *a, const void *b)
{
    return (int)*(const uint8_t *)a - (int)*(const uint8_t *)b;
}

/* One pass of the job over channel c, from the padded plane pad (pw wide) into out. */
static void filter_pass(const filter_job *job, const uint8_t *pad, size_t pw, const himpi_pixels *out, uint32_t c)
{
    uint32_t n = job->kw * job->kh;
    uint8_t window[MEDIAN_MAX_K * MEDIAN_MAX_K];
    for (uint32_t y = 0; y < out->height; y++) {
        uint8_t *row = out->data + (size_t)y * out->stride + c;
        for (uint32_t x = 0; x < out->width; x++) {
            const uint8_t *base = pad + (size_t)y * pw + x;
            uint64_t sum = 0;
            double acc = 0.0;
            uint8_t best = job->op == OP_ERODE ? 255 : 0;
            uint32_t m = 0;
            for (uint32_t i = 0; i < job->kh; i++) {
                const uint8_t *line = base + (size_t)i * pw;
                for (uint32_t j = 0; j < job->kw; j++) {
                    uint8_t v = line[j];
                    switch (job->op) {
                    case OP_BOX:
                        sum += v;
                        break;
                    case OP_GAUSS:
                    case OP_FILTER2D:
                        acc += job->weights[i * job->kw + j] * v;
                        break;
                    case OP_MEDIAN:
                        window[m++] = v;
                        break;
                    case OP_ERODE:
                        best = job->mask[i * job->kw + j] && v < best ? v : best;
                        break;
                    case OP_DILATE:
                        best = job->mask[i * job->kw + j] && v > best ? v : best;
                        break;
                    }
                }
            }
            uint8_t result = best;
            if (job->op == OP_BOX) {
                result = (uint8_t)((2 * sum + n) / (2 * (uint64_t)n));
            } else if (job->op == OP_GAUSS || job->op == OP_FILTER2D) {
                result = himpi_sample(acc + job->delta);
            } else if (job->op == OP_MEDIAN) {
                qsort(window, m, 1, sort_u8);
                result = window[m / 2];
            }
            row[(size_t)x * out->bpp] = result;
        }
    }
}

/* The job on every channel of src into dst (same size); erode / dilate repeat through a scratch copy. */
static hi_s32 filter_run(const filter_job *job, const himpi_pixels *src, const himpi_pixels *dst, const char *fn)
{
    uint32_t passes = job->op == OP_ERODE || job->op == OP_DILATE ? job->iterations : 1;
    size_t bytes = (size_t)dst->stride * dst->height;
    uint8_t *scratch = passes > 1 ? malloc(bytes) : NULL;
    if (passes > 1 && scratch == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NO_MEM, "%s: out of memory", fn);
    }
    if (passes == 0) {
        for (uint32_t y = 0; y < src->height; y++) {
            memcpy(dst->data + (size_t)y * dst->stride, src->data + (size_t)y * src->stride,
                   (size_t)src->width * src->bpp);
        }
    }
    himpi_pixels from = *src;
    for (uint32_t pass = 0; pass < passes; pass++) {
        /* the last pass writes dst; earlier ones alternate so a pass never reads what it writes */
        himpi_pixels to = *dst;
        if ((passes - 1 - pass) % 2 == 1) {
            to.data = scratch;
        }
        for (uint32_t c = 0; c < src->bpp; c++) {
            uint8_t *pad = himpi_padded_channel(&from, c, job->ax, job->ay, job->kw - 1 - job->ax,
                                                job->kh - 1 - job->ay, job->border, himpi_sample(job->scalar[c]));
            if (pad == NULL) {
                free(scratch);
                return aclemu_set_error((aclError)HI_ERR_VPC_NO_MEM, "%s: out of memory", fn);
            }
            filter_pass(job, pad, (size_t)src->width + job->kw - 1, &to, c);
            free(pad);
        }
        from = to;
    }
    free(scratch);
    return HI_SUCCESS;
}

/* Shared frame of every filter: channel, pictures, the job (built by `prepare`), task. */
typedef hi_s32 (*filter_prepare)(const void *param, filter_job *job, const char *fn);

static hi_s32 filter_call(hi_vpc_chn chn, const void *param, const hi_vpc_pic_info *src, const hi_vpc_pic_info *dst,
                          filter_prepare prepare, hi_u32 *task_id, hi_s32 milli_sec, const char *fn)
{
    (void)milli_sec; /* the filter runs at once: it never waits for room */
    if (param == NULL || task_id == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: %s is NULL", fn,
                                param == NULL ? "the parameter struct" : "task_id");
    }
    vpc_chn *obj = himpi_vpc_acquire(chn, fn);
    if (obj == NULL) {
        return (hi_s32)HI_ERR_VPC_UNEXIST;
    }
    himpi_frame s;
    himpi_frame d;
    filter_job job = {0};
    hi_s32 ret = himpi_frame_pair(src, dst, fn, &s, &d);
    if (ret == HI_SUCCESS) {
        ret = prepare(param, &job, fn);
    }
    if (ret == HI_SUCCESS) {
        ret = filter_run(&job, &s.px, &d.px, fn);
    }
    if (ret == HI_SUCCESS) {
        himpi_frame_store(&d);
        ret = himpi_vpc_done(chn, dst, task_id, fn);
    }
    himpi_frame_free(&s);
    himpi_frame_free(&d);
    free(job.weights);
    free(job.mask);
    aclemu_himpi_chn_release(obj);
    return ret;
}

static hi_s32 border_set(filter_job *job, hi_vpc_bord_type type, const hi_vpc_scalar *scalar, const char *fn)
{
    job->border = (int)type;
    memcpy(job->scalar, scalar->val, sizeof job->scalar);
    return himpi_border_check((int)type, fn);
}

static hi_s32 prepare_box(const void *param, filter_job *job, const char *fn)
{
    const hi_blur_config *cfg = &((const hi_blur_param *)param)->blur_cfg;
    hi_s32 ret = kernel_check(&cfg->kernel_size, FILTER_MAX_K, false, fn);
    job->op = OP_BOX;
    job->kw = cfg->kernel_size.width;
    job->kh = cfg->kernel_size.height;
    if (ret == HI_SUCCESS) {
        ret = anchor_set(job, &cfg->anchor, fn);
    }
    return ret == HI_SUCCESS ? border_set(job, cfg->border_type, &cfg->scalar_value, fn) : ret;
}

/* OpenCV's getGaussianKernel for n taps and sigma (<= 0: derived from n), normalised. */
static void gauss_taps(uint32_t n, double sigma, double *out)
{
    if (sigma <= 0) {
        sigma = 0.3 * ((n - 1) * 0.5 - 1) + 0.8;
    }
    double total = 0.0;
    for (uint32_t i = 0; i < n; i++) {
        double d = (double)i - (n - 1) / 2.0;
        out[i] = exp(-(d * d) / (2 * sigma * sigma));
        total += out[i];
    }
    for (uint32_t i = 0; i < n; i++) {
        out[i] /= total;
    }
}

/* Kernel side OpenCV derives from sigma when the size is 0: round(sigma * 3 * 2 + 1) | 1. */
static uint32_t gauss_side(uint32_t side, double sigma)
{
    if (side != 0 || !(sigma > 0) || sigma > FILTER_MAX_K) {
        return side;
    }
    return ((uint32_t)lrint(sigma * 6 + 1)) | 1u;
}

static hi_s32 prepare_gauss(const void *param, filter_job *job, const char *fn)
{
    const hi_gaussian_blur_config *cfg = &((const hi_gaussian_blur_param *)param)->gaussian_blur_cfg;
    if (!isfinite(cfg->sigma_x) || !isfinite(cfg->sigma_y) || cfg->sigma_x < 0 || cfg->sigma_y < 0) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: sigma_x %g / sigma_y %g must be >= 0", fn,
                                cfg->sigma_x, cfg->sigma_y);
    }
    double sx = cfg->sigma_x;
    double sy = cfg->sigma_y > 0 ? cfg->sigma_y : sx;
    hi_size k = {gauss_side(cfg->kernel_size.width, sx), gauss_side(cfg->kernel_size.height, sy)};
    hi_s32 ret = kernel_check(&k, FILTER_MAX_K, true, fn);
    if (ret != HI_SUCCESS) {
        return ret;
    }
    job->op = OP_GAUSS;
    job->kw = k.width;
    job->kh = k.height;
    job->ax = k.width / 2;
    job->ay = k.height / 2;
    double tx[FILTER_MAX_K];
    double ty[FILTER_MAX_K];
    gauss_taps(k.width, sx, tx);
    gauss_taps(k.height, sy, ty);
    job->weights = malloc((size_t)k.width * k.height * sizeof *job->weights);
    if (job->weights == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NO_MEM, "%s: out of memory", fn);
    }
    for (uint32_t i = 0; i < k.height; i++) {
        for (uint32_t j = 0; j < k.width; j++) {
            job->weights[i * k.width + j] = ty[i] * tx[j];
        }
    }
    return border_set(job, cfg->border_type, &cfg->scalar_value, fn);
}

static hi_s32 prepare_median(const void *param, filter_job *job, const char *fn)
{
    uint32_t k = ((const hi_median_blur_param *)param)->median_blur_cfg.kernel_size;
    if (k < 3 || k > MEDIAN_MAX_K || k % 2 == 0) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: kernel_size %u must be 3, 5, 7 or 9", fn, k);
    }
    *job = (filter_job){.op = OP_MEDIAN, .kw = k, .kh = k, .ax = k / 2, .ay = k / 2, .border = HI_BORDER_REPLICATE};
    return HI_SUCCESS;
}

/* The structuring element of cv::getStructuringElement(shape, (kw, kh), (ax, ay)). */
static void morph_mask(filter_job *job, hi_morph_shapes shape)
{
    int r = (int)job->kh / 2;
    int c = (int)job->kw / 2;
    double inv_r2 = r > 0 ? 1.0 / ((double)r * r) : 0.0;
    for (int i = 0; i < (int)job->kh; i++) {
        int j1 = 0;
        int j2 = 0;
        if (shape == MORPH_RECT || (shape == MORPH_CROSS && i == (int)job->ay)) {
            j2 = (int)job->kw;
        } else if (shape == MORPH_CROSS) {
            j1 = (int)job->ax;
            j2 = j1 + 1;
        } else {
            int dy = i - r;
            if (abs(dy) <= r) {
                int dx = (int)lrint(c * sqrt((r * r - dy * dy) * inv_r2));
                j1 = c - dx > 0 ? c - dx : 0;
                j2 = c + dx + 1 < (int)job->kw ? c + dx + 1 : (int)job->kw;
            }
        }
        for (int j = j1; j < j2; j++) {
            job->mask[i * job->kw + j] = 1;
        }
    }
}

static hi_s32 prepare_morph(const void *param, filter_job *job, filter_op op, const char *fn)
{
    const hi_blur_config *cfg = &((const hi_blur_param *)param)->blur_cfg;
    hi_s32 ret = kernel_check(&cfg->kernel_size, FILTER_MAX_K, false, fn);
    if (ret != HI_SUCCESS) {
        return ret;
    }
    hi_morph_shapes shape = cfg->morph_shapes;
    if (shape != MORPH_RECT && shape != MORPH_CROSS && shape != MORPH_ELLIPSE) {
        return illegal(fn, "morph_shapes (0 rect, 1 cross, 2 ellipse)", shape, 0);
    }
    if (cfg->iterations > MORPH_MAX_ITER) {
        return illegal(fn, "iterations (at most 16)", cfg->iterations, MORPH_MAX_ITER);
    }
    job->op = op;
    job->kw = cfg->kernel_size.width;
    job->kh = cfg->kernel_size.height;
    job->iterations = cfg->iterations;
    ret = anchor_set(job, &cfg->anchor, fn);
    if (ret != HI_SUCCESS) {
        return ret;
    }
    job->mask = calloc((size_t)job->kw * job->kh, 1);
    if (job->mask == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NO_MEM, "%s: out of memory", fn);
    }
    morph_mask(job, shape);
    return border_set(job, cfg->border_type, &cfg->scalar_value, fn);
}

static hi_s32 prepare_erode(const void *param, filter_job *job, const char *fn)
{
    return prepare_morph(param, job, OP_ERODE, fn);
}

static hi_s32 prepare_dilate(const void *param, filter_job *job, const char *fn)
{
    return prepare_morph(param, job, OP_DILATE, fn);
}

static hi_s32 prepare_filter2d(const void *param, filter_job *job, const char *fn)
{
    const hi_filter_2d_config *cfg = &((const hi_filter_2d_param *)param)->filter_2d_cfg;
    hi_s32 ret = kernel_check(&cfg->kernel_size, FILTER2D_MAX_K, false, fn);
    if (ret != HI_SUCCESS) {
        return ret;
    }
    if (!isfinite(cfg->delta)) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: delta is not finite", fn);
    }
    job->op = OP_FILTER2D;
    job->kw = cfg->kernel_size.width;
    job->kh = cfg->kernel_size.height;
    job->delta = cfg->delta;
    ret = anchor_set(job, &cfg->anchor, fn);
    if (ret != HI_SUCCESS) {
        return ret;
    }
    job->weights = malloc((size_t)job->kw * job->kh * sizeof *job->weights);
    if (job->weights == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NO_MEM, "%s: out of memory", fn);
    }
    for (uint32_t i = 0; i < job->kh; i++) {
        for (uint32_t j = 0; j < job->kw; j++) {
            if (!isfinite(cfg->filter[i][j])) {
                return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: filter[%u][%u] is not finite", fn, i,
                                        j);
            }
            job->weights[i * job->kw + j] = cfg->filter[i][j];
        }
    }
    return border_set(job, cfg->border_type, &cfg->scalar_value, fn);
}

/* The param structs all start with (src, dst): their addresses are those of the struct's first members. */
#define FILTER_PICS(p) ((p) != NULL ? &(p)->src : NULL), ((p) != NULL ? &(p)->dst : NULL)

hi_s32 hi_mpi_vpc_blur(hi_vpc_chn chn, const hi_blur_param *blur_param, hi_u32 *task_id, hi_s32 milli_sec)
{
    return filter_call(chn, blur_param, FILTER_PICS(blur_param), prepare_box, task_id, milli_sec, "hi_mpi_vpc_blur");
}

hi_s32 hi_mpi_vpc_gaussian_blur(hi_vpc_chn chn, const hi_gaussian_blur_param *gaussian_blur_param, hi_u32 *task_id,
                                hi_s32 milli_sec)
{
    return filter_call(chn, gaussian_blur_param, FILTER_PICS(gaussian_blur_param), prepare_gauss, task_id, milli_sec,
                       "hi_mpi_vpc_gaussian_blur");
}

hi_s32 hi_mpi_vpc_median_blur(hi_vpc_chn chn, const hi_median_blur_param *median_blur_param, hi_u32 *task_id,
                              hi_s32 milli_sec)
{
    return filter_call(chn, median_blur_param, FILTER_PICS(median_blur_param), prepare_median, task_id, milli_sec,
                       "hi_mpi_vpc_median_blur");
}

hi_s32 hi_mpi_vpc_erode(hi_vpc_chn chn, const hi_blur_param *erode_param, hi_u32 *task_id, hi_s32 milli_sec)
{
    return filter_call(chn, erode_param, FILTER_PICS(erode_param), prepare_erode, task_id, milli_sec, "hi_mpi_vpc_erode");
}

hi_s32 hi_mpi_vpc_dilate(hi_vpc_chn chn, const hi_blur_param *dilate_param, hi_u32 *task_id, hi_s32 milli_sec)
{
    return filter_call(chn, dilate_param, FILTER_PICS(dilate_param), prepare_dilate, task_id, milli_sec,
                       "hi_mpi_vpc_dilate");
}

hi_s32 hi_mpi_vpc_filter2d(hi_vpc_chn chn, const hi_filter_2d_param *filter_2d_param, hi_u32 *task_id,
                           hi_s32 milli_sec)
{
    return filter_call(chn, filter_2d_param, FILTER_PICS(filter_2d_param), prepare_filter2d, task_id, milli_sec,
                       "hi_mpi_vpc_filter2d");
}
