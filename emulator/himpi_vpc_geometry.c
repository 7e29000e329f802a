/*
 * hi_mpi VPC geometry calls: copy_make_border and pyrdown over the image pipeline's border and
 * pyramid kernels, flip and rotate over its orientation kernel.
 *
 * Choices where the documentation is silent (docs/himpi_vpc_ops.md, part A):
 *  - copy_make_border: dest_pic has the source's format and is the source grown by the four
 *    borders (even in chroma-subsampled directions); CONSTANT, REPLICATE, REFLECT and REFLECT_101
 *    as acldvppVpcMakeBorderAsync draws them, HI_BORDER_WRAP gives HI_ERR_VPC_NOT_SUPPORT;
 *  - pyrdown: filter_level is the number of levels in [1, 4], dest_pic[i] is level i + 1 (half of
 *    the level before, rounded either way), YUV400 only; gaussian_filter NULL is the binomial 5x5;
 *    divisor must be a power of two (else HI_ERR_VPC_ILLEGAL_PARAM); the 2-pixel edge follows
 *    make_border_info.border_type: CONSTANT (scalar_value.val[0]), REPLICATE, REFLECT or
 *    REFLECT_101 (WRAP gives HI_ERR_VPC_NOT_SUPPORT); level pixel (x, y) is the kernel's sum over
 *    the source around (2x, 2y) divided by divisor, rounded half up and clamped to [0, 255]. The
 *    binomial / 256 with REFLECT_101 edges runs on the pipeline's pyramid kernel (the same result);
 *    the source is at most 2048 a side and at least (20 x 12) << (filter_level - 1), else
 *    HI_ERR_VPC_ILLEGAL_PARAM, as documented;
 *  - flip and rotate keep the format; rotate turns clockwise; in a chroma-subsampled direction the
 *    picture size must be even, and a quarter turn of a 4:2:2 picture (its chroma would have to
 *    change direction) gives HI_ERR_VPC_NOT_SUPPORT.
 */
#include "emu.h"

#include <string.h>

#include "himpi_vpc_internal.h"
#include "himpi_vpc_pixels.h"

/* The documented source sizes: at most 2048 a side, at least 20x12 for one level, doubled per level. */
enum { PYR_LEVELS_MAX = 4, PYR_DIVISOR = 256, PYR_TAPS = 5, PYR_MAX_SIDE = 2048, PYR_MIN_W = 20, PYR_MIN_H = 12 };

static hi_s32 illegal(const char *fn, const char *what)
{
    return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: %s", fn, what);
}

static bool odd_when_subsampled(const aclemu_pixfmt *f, uint32_t w, uint32_t h)
{
    return (f->chroma_shift_x != 0 && w % 2 != 0) || (f->chroma_shift_y != 0 && h % 2 != 0);
}

hi_s32 hi_mpi_vpc_copy_make_border(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic, hi_vpc_pic_info *dest_pic,
                                   hi_vpc_make_border_info make_border_info, hi_u32 *task_id, hi_s32 milli_sec)
{
    static const char fn[] = "hi_mpi_vpc_copy_make_border";
    (void)milli_sec; /* runs at once, never waits for room */
    if (task_id == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: task_id is NULL", fn);
    }
    vpc_chn *obj = himpi_vpc_acquire(chn, fn);
    if (obj == NULL) {
        return (hi_s32)HI_ERR_VPC_UNEXIST;
    }
    const hi_vpc_make_border_info *b = &make_border_info;
    aclemu_vpc_job job = {0};
    hi_s32 ret = himpi_vpc_picture(source_pic, ACLEMU_VPC_ANY, fn, "source_pic", &job.src);
    if (ret == HI_SUCCESS) {
        ret = himpi_vpc_picture(dest_pic, ACLEMU_VPC_ANY, fn, "dest_pic", &job.dst);
    }
    if (ret == HI_SUCCESS && job.src.fmt != job.dst.fmt) {
        ret = aclemu_set_error((aclError)HI_ERR_VPC_NOT_SUPPORT, "%s: dest_pic format %s differs from source_pic's %s",
                               fn, job.dst.fmt->name, job.src.fmt->name);
    }
    if (ret == HI_SUCCESS && ((int)b->border_type < HI_BORDER_CONSTANT || (int)b->border_type > HI_BORDER_WRAP)) {
        ret = illegal(fn, "border_type is not a hi_vpc_bord_type");
    }
    if (ret == HI_SUCCESS && b->border_type == HI_BORDER_WRAP) {
        ret = aclemu_set_error((aclError)HI_ERR_VPC_NOT_SUPPORT, "%s: HI_BORDER_WRAP is not supported", fn);
    }
    if (ret == HI_SUCCESS && ((uint64_t)job.src.width + b->left + b->right != job.dst.width ||
                              (uint64_t)job.src.height + b->top + b->bottom != job.dst.height)) {
        ret = illegal(fn, "dest_pic is not source_pic grown by the four borders");
    }
    if (ret == HI_SUCCESS &&
        (odd_when_subsampled(job.src.fmt, b->left, b->top) || odd_when_subsampled(job.src.fmt, b->right, b->bottom))) {
        ret = illegal(fn, "borders must be even in chroma-subsampled directions");
    }
    if (ret == HI_SUCCESS) {
        job.crop = (aclemu_vpc_rect){0, 0, job.src.width, job.src.height};
        job.paste = (aclemu_vpc_rect){b->left, b->top, job.src.width, job.src.height};
        job.has_border = true;
        job.border.type = (acldvppBorderType)b->border_type;
        for (int i = 0; i < 4; i++) {
            job.border.value[i] = b->scalar_value.val[i];
        }
        ret = himpi_vpc_run_jobs(chn, &job, 1, NULL, ACLEMU_INTERP_BILINEAR, 0, task_id, fn);
    }
    aclemu_himpi_chn_release(obj);
    return ret;
}

static const hi_s8 BINOMIAL[PYR_TAPS][PYR_TAPS] = {
    {1, 4, 6, 4, 1}, {4, 16, 24, 16, 4}, {6, 24, 36, 24, 6}, {4, 16, 24, 16, 4}, {1, 4, 6, 4, 1}};

static bool standard_kernel(const hi_s8 (*filter)[PYR_TAPS], hi_u16 divisor, int border_type)
{
    return memcmp(filter, BINOMIAL, sizeof BINOMIAL) == 0 && divisor == PYR_DIVISOR &&
           border_type == HI_BORDER_REFLECT_101;
}

/* One pyramid level: dst(x, y) = sum of filter[i][j] * src(2x + j - 2, 2y + i - 2) / divisor. */
static void pyr_level(const aclemu_image *src, const aclemu_image *dst, const hi_s8 (*filter)[PYR_TAPS],
                      hi_u16 divisor, int border_type, uint8_t value)
{
    const int64_t half = PYR_TAPS / 2;
    for (uint32_t y = 0; y < dst->height; y++) {
        int64_t rows[PYR_TAPS];
        for (int i = 0; i < PYR_TAPS; i++) {
            rows[i] = himpi_border_index(2 * (int64_t)y + i - half, src->height, border_type);
        }
        for (uint32_t x = 0; x < dst->width; x++) {
            int64_t sum = 0;
            for (int j = 0; j < PYR_TAPS; j++) {
                int64_t col = himpi_border_index(2 * (int64_t)x + j - half, src->width, border_type);
                for (int i = 0; i < PYR_TAPS; i++) {
                    int64_t sample = rows[i] < 0 || col < 0
                                         ? value
                                         : src->data[(size_t)rows[i] * src->width_stride + (size_t)col];
                    sum += filter[i][j] * sample;
                }
            }
            dst->data[(size_t)y * dst->width_stride + x] = himpi_sample((double)sum / divisor);
        }
    }
}

static bool half_of(uint32_t half, uint32_t whole)
{
    return half == whole / 2 || half == (whole + 1) / 2;
}

hi_s32 hi_mpi_vpc_pyrdown(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic, hi_vpc_pic_info dest_pic[],
                          hi_u32 filter_level, hi_s8 gaussian_filter[][5], hi_u16 divisor,
                          hi_vpc_make_border_info make_border_info, hi_u32 *task_id, hi_s32 milli_sec)
{
    static const char fn[] = "hi_mpi_vpc_pyrdown";
    (void)milli_sec;
    if (dest_pic == NULL || task_id == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: %s is NULL", fn,
                                dest_pic == NULL ? "dest_pic" : "task_id");
    }
    if (filter_level == 0 || filter_level > PYR_LEVELS_MAX) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: filter_level %u is outside [1, %d]", fn,
                                filter_level, PYR_LEVELS_MAX);
    }
    if (divisor == 0 || (divisor & (divisor - 1u)) != 0) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: divisor %u is not a power of two", fn,
                                (unsigned)divisor);
    }
    int border_type = (int)make_border_info.border_type;
    hi_s32 checked = himpi_border_check(border_type, fn);
    if (checked != HI_SUCCESS) {
        return checked;
    }
    if (border_type == HI_BORDER_WRAP) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NOT_SUPPORT, "%s: HI_BORDER_WRAP edges are not supported", fn);
    }
    const hi_s8(*filter)[PYR_TAPS] = gaussian_filter != NULL ? (const hi_s8(*)[PYR_TAPS])gaussian_filter : BINOMIAL;
    vpc_chn *obj = himpi_vpc_acquire(chn, fn);
    if (obj == NULL) {
        return (hi_s32)HI_ERR_VPC_UNEXIST;
    }
    aclemu_vpc_job jobs[PYR_LEVELS_MAX];
    memset(jobs, 0, sizeof jobs);
    aclemu_image level;
    hi_s32 ret = himpi_vpc_picture(source_pic, ACLEMU_VPC_GRAY, fn, "source_pic", &level);
    uint32_t min_w = PYR_MIN_W << (filter_level - 1), min_h = PYR_MIN_H << (filter_level - 1);
    if (ret == HI_SUCCESS && (level.width > PYR_MAX_SIDE || level.height > PYR_MAX_SIDE || level.width < min_w ||
                              level.height < min_h)) {
        ret = aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM,
                               "%s: source_pic %ux%u is outside %ux%u .. %dx%d for %u levels", fn, level.width,
                               level.height, min_w, min_h, PYR_MAX_SIDE, PYR_MAX_SIDE, filter_level);
    }
    for (hi_u32 i = 0; i < filter_level && ret == HI_SUCCESS; i++) {
        jobs[i].src = level;
        ret = himpi_vpc_picture(&dest_pic[i], ACLEMU_VPC_GRAY, fn, "dest_pic[]", &jobs[i].dst);
        if (ret == HI_SUCCESS && (!half_of(jobs[i].dst.width, level.width) || !half_of(jobs[i].dst.height, level.height))) {
            ret = aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: dest_pic[%u] %ux%u is not half of %ux%u",
                                   fn, i, jobs[i].dst.width, jobs[i].dst.height, level.width, level.height);
        }
        jobs[i].crop = (aclemu_vpc_rect){0, 0, level.width, level.height};
        jobs[i].paste = (aclemu_vpc_rect){0, 0, jobs[i].dst.width, jobs[i].dst.height};
        jobs[i].pyr_down = true;
        level = jobs[i].dst;
    }
    if (ret == HI_SUCCESS && standard_kernel(filter, divisor, border_type)) {
        ret = himpi_vpc_run_jobs(chn, jobs, filter_level, NULL, ACLEMU_INTERP_BILINEAR, 0, task_id, fn);
    } else if (ret == HI_SUCCESS) {
        uint8_t value = himpi_sample(make_border_info.scalar_value.val[0]);
        for (hi_u32 i = 0; i < filter_level; i++) {
            pyr_level(&jobs[i].src, &jobs[i].dst, filter, divisor, border_type, value);
            himpi_region_draw_image(chn, &jobs[i].dst); /* as the pipeline's jobs do */
        }
        *task_id = aclemu_himpi_task_begin(ACLEMU_HIMPI_VPC, chn);
        aclemu_himpi_task_finish(ACLEMU_HIMPI_VPC, chn, *task_id, HI_SUCCESS);
    }
    aclemu_himpi_chn_release(obj);
    return ret;
}

/* Source and destination of a flip or rotation, checked; `turn` when the sizes swap. */
static hi_s32 oriented_pair(const hi_vpc_pic_info *src_info, const hi_vpc_pic_info *dst_info, bool turn,
                            const char *fn, aclemu_image *src, aclemu_image *dst)
{
    hi_s32 ret = himpi_vpc_picture(src_info, ACLEMU_VPC_ANY, fn, "src", src);
    if (ret == HI_SUCCESS) {
        ret = himpi_vpc_picture(dst_info, ACLEMU_VPC_ANY, fn, "dst", dst);
    }
    if (ret != HI_SUCCESS) {
        return ret;
    }
    const aclemu_pixfmt *f = src->fmt;
    if (dst->fmt != f) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NOT_SUPPORT, "%s: dst format %s differs from src's %s", fn,
                                dst->fmt->name, f->name);
    }
    if (turn && f->chroma_shift_x != f->chroma_shift_y) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NOT_SUPPORT, "%s: a quarter turn of %s is not supported", fn,
                                f->name);
    }
    uint32_t want_w = turn ? src->height : src->width;
    uint32_t want_h = turn ? src->width : src->height;
    if (dst->width != want_w || dst->height != want_h) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: dst is %ux%u, the result is %ux%u", fn,
                                dst->width, dst->height, want_w, want_h);
    }
    if (odd_when_subsampled(f, src->width, src->height)) {
        return illegal(fn, "src width/height must be even in chroma-subsampled directions");
    }
    return HI_SUCCESS;
}

static hi_s32 orient(hi_vpc_chn chn, const hi_vpc_pic_info *src_info, const hi_vpc_pic_info *dst_info, bool transpose,
                     bool flip_x, bool flip_y, hi_u32 *task_id, const char *fn)
{
    vpc_chn *obj = himpi_vpc_acquire(chn, fn);
    if (obj == NULL) {
        return (hi_s32)HI_ERR_VPC_UNEXIST;
    }
    aclemu_image src;
    aclemu_image dst;
    hi_s32 ret = oriented_pair(src_info, dst_info, transpose, fn, &src, &dst);
    if (ret == HI_SUCCESS) {
        aclemu_view sv[2];
        aclemu_view dv[2];
        int n = aclemu_image_views(&src, sv);
        aclemu_image_views(&dst, dv);
        for (int i = 0; i < n; i++) {
            aclemu_vpc_orient(&sv[i], &dv[i], transpose, flip_x, flip_y);
        }
        ret = himpi_vpc_run_jobs(chn, NULL, 0, NULL, ACLEMU_INTERP_BILINEAR, 0, task_id, fn);
    }
    aclemu_himpi_chn_release(obj);
    return ret;
}

hi_s32 hi_mpi_vpc_flip(hi_vpc_chn chn, hi_flip_param *flip_param, hi_u32 *task_id, hi_s32 milli_sec)
{
    static const char fn[] = "hi_mpi_vpc_flip";
    (void)milli_sec;
    if (flip_param == NULL || task_id == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: %s is NULL", fn,
                                flip_param == NULL ? "flip_param" : "task_id");
    }
    hi_flip_mode mode = flip_param->flip_mode;
    if ((int)mode < HI_FLIP_HOR || (int)mode > HI_FLIP_BOTH) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: flip_mode %d is not a hi_flip_mode", fn,
                                (int)mode);
    }
    return orient(chn, &flip_param->src, &flip_param->dst, false, mode != HI_FLIP_VER, mode != HI_FLIP_HOR, task_id,
                  fn);
}

hi_s32 hi_mpi_vpc_rotate(hi_vpc_chn chn, const hi_rotate_param *rotate_param, hi_u32 *task_id, hi_s32 milli_sec)
{
    static const char fn[] = "hi_mpi_vpc_rotate";
    (void)milli_sec;
    if (rotate_param == NULL || task_id == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: %s is NULL", fn,
                                rotate_param == NULL ? "rotate_param" : "task_id");
    }
    hi_rotation angle = rotate_param->angle;
    if ((int)angle < HI_ROTATION_90 || (int)angle > HI_ROTATION_270) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: angle %d is not a hi_rotation", fn,
                                (int)angle);
    }
    bool turn = angle != HI_ROTATION_180;
    /* clockwise: 90 reads src(y, H-1-x), 180 src(W-1-x, H-1-y), 270 src(W-1-y, x) */
    return orient(chn, &rotate_param->src, &rotate_param->dst, turn, angle != HI_ROTATION_90,
                  angle != HI_ROTATION_270, task_id, fn);
}
