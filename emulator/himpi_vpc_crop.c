/*
 * hi_mpi VPC crop-resize family over the image pipeline's jobs: crop_resize, crop_resize_paste,
 * crop_resize_make_border, crop_resize_resize_paste and the two batch variants.
 *
 * Choices where the documentation is silent (docs/himpi_vpc_ops.md, part A):
 *  - a crop region lies inside its source; in a chroma-subsampled direction its offset and size
 *    are even, so the chroma of the crop is exactly the crop of the chroma;
 *  - the resized picture (resize_width x resize_height) is written at the destination offsets
 *    (crop_resize: at 0,0) and must fit in the destination; the rest of the destination is left as
 *    it is, except for make_border, which fills all of it around the resized picture;
 *  - a paste offset has the acldvpp paste rules: left a multiple of 16, even in subsampled
 *    directions; make_border margins are even there too;
 *  - interpolation 0 is bilinear and 1 nearest neighbour (as hi_mpi_vpc_resize); each region
 *    keeps its own; every step of one call is one task;
 *  - the resize ratio of each step is the pipeline's [1/32, 16];
 *  - a batch call takes pic_num in [1, 256], count[i] >= 1 and at most 256 regions in all, and
 *    reads source_pic[0, pic_num) and count[0, pic_num) only, then sum(count) regions.
 */
#include "emu.h"

#include <stdlib.h>

#include "himpi_vpc_internal.h"

enum {
    REGIONS_MAX = 256, /* regions per call (the acldvpp batch limit) */
    PICS_MAX = 256,
    PASTE_LEFT_ALIGN = 16,
    RATIO_UP = 16,
    RATIO_DOWN = 32
};

/* One region of any of the calls, reduced to what they share. */
typedef struct region {
    const hi_vpc_pic_info *dest;
    const hi_vpc_crop_region *crop;
    const hi_vpc_resize_info *resize;
    const hi_vpc_resize_info *resize2; /* crop_resize_resize_paste: the second size */
    hi_u32 x, y;                       /* destination offsets */
    bool border;
    hi_vpc_bord_type border_type;
    const hi_vpc_scalar *scalar;
} region;

/* What a call produces: jobs with their modes, and the scratch pictures of two-step regions. */
typedef struct plan {
    aclemu_vpc_job *jobs;
    int *modes;
    void **scratch;
    size_t jobs_used, scratch_used;
} plan;

static hi_s32 illegal(const char *fn, const char *message, unsigned index)
{
    return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: region %u: %s", fn, index, message);
}

static bool odd_in(unsigned shift, uint32_t a, uint32_t b)
{
    return shift != 0 && ((a | b) & 1u) != 0;
}

static bool ratio_ok(uint32_t from, uint32_t to)
{
    return (uint64_t)to * RATIO_DOWN >= from && (uint64_t)to <= (uint64_t)from * RATIO_UP;
}

static hi_s32 resize_mode(const hi_vpc_resize_info *r, const char *fn, unsigned index, int *mode)
{
    if (r->resize_width == 0 || r->resize_height == 0 || r->interpolation > 1) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM,
                                "%s: region %u: resize %ux%u (> 0) or interpolation %u (0 bilinear, 1 nearest) refused",
                                fn, index, r->resize_width, r->resize_height, r->interpolation);
    }
    *mode = r->interpolation == 0 ? ACLEMU_INTERP_BILINEAR : ACLEMU_INTERP_NEAREST;
    return HI_SUCCESS;
}

static hi_s32 crop_rect(const aclemu_image *src, const hi_vpc_crop_region *c, const char *fn, unsigned index,
                        aclemu_vpc_rect *out)
{
    bool inside = c->crop_width > 0 && c->crop_height > 0 && c->left_offset < src->width &&
                  c->top_offset < src->height && c->crop_width <= src->width - c->left_offset &&
                  c->crop_height <= src->height - c->top_offset;
    if (!inside) {
        return illegal(fn, "the crop region is not inside the source", index);
    }
    if (odd_in(src->fmt->chroma_shift_x, c->left_offset, c->crop_width) ||
        odd_in(src->fmt->chroma_shift_y, c->top_offset, c->crop_height)) {
        return illegal(fn, "crop offsets and sizes must be even in chroma-subsampled directions", index);
    }
    *out = (aclemu_vpc_rect){c->left_offset, c->top_offset, c->crop_width, c->crop_height};
    return HI_SUCCESS;
}

/* The resized rectangle at (x, y) inside dst, with the paste rules. */
static hi_s32 paste_rect(const aclemu_image *dst, const region *r, const hi_vpc_resize_info *size, const char *fn,
                         unsigned index, aclemu_vpc_rect *out)
{
    uint32_t w = size->resize_width;
    uint32_t h = size->resize_height;
    if (r->x >= dst->width || r->y >= dst->height || w > dst->width - r->x || h > dst->height - r->y) {
        return illegal(fn, "the resized picture does not fit in the destination at its offsets", index);
    }
    const aclemu_pixfmt *f = dst->fmt;
    if (r->x % PASTE_LEFT_ALIGN != 0 || odd_in(f->chroma_shift_x, r->x, w) || odd_in(f->chroma_shift_y, r->y, h)) {
        return illegal(fn, "dest_left_offset must be a multiple of 16 and offsets/sizes even when subsampled", index);
    }
    if (r->border && (odd_in(f->chroma_shift_x, dst->width - r->x - w, 0) ||
                      odd_in(f->chroma_shift_y, dst->height - r->y - h, 0))) {
        return illegal(fn, "border margins must be even in chroma-subsampled directions", index);
    }
    *out = (aclemu_vpc_rect){r->x, r->y, w, h};
    return HI_SUCCESS;
}

static hi_s32 border_of(const region *r, const char *fn, unsigned index, aclemu_vpc_job *job)
{
    if ((int)r->border_type < HI_BORDER_CONSTANT || (int)r->border_type > HI_BORDER_WRAP) {
        return illegal(fn, "border_type is not a hi_vpc_bord_type", index);
    }
    if (r->border_type == HI_BORDER_WRAP) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NOT_SUPPORT, "%s: region %u: HI_BORDER_WRAP is not supported", fn,
                                index);
    }
    job->has_border = true;
    job->border.type = (acldvppBorderType)r->border_type;
    for (int i = 0; i < 4; i++) {
        job->border.value[i] = r->scalar->val[i];
    }
    return HI_SUCCESS;
}

/* A scratch picture of dst's format and `size`, in host memory (never seen by the user). */
static hi_s32 scratch_image(const aclemu_image *like, const hi_vpc_resize_info *size, const char *fn, plan *p,
                            aclemu_image *out)
{
    const aclemu_pixfmt *f = like->fmt;
    out->fmt = f;
    out->width = size->resize_width;
    out->height = size->resize_height;
    out->width_stride = aclemu_pixfmt_min_width_stride(f, out->width);
    out->height_stride = out->height + (out->height & 1u);
    out->data = calloc(1, aclemu_pixfmt_buffer_size(f, out->width_stride, out->height_stride) + 1);
    if (out->data == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NO_MEM, "%s: out of memory", fn);
    }
    p->scratch[p->scratch_used++] = out->data;
    return HI_SUCCESS;
}

static hi_s32 add_region(const aclemu_image *src, const region *r, unsigned index, const char *fn, plan *p)
{
    aclemu_vpc_job job = {.src = *src};
    int mode = ACLEMU_INTERP_BILINEAR;
    int mode2 = ACLEMU_INTERP_BILINEAR;
    hi_s32 ret = himpi_vpc_picture(r->dest, ACLEMU_VPC_OUT, fn, "dest_pic_info", &job.dst);
    if (ret == HI_SUCCESS) {
        ret = crop_rect(src, r->crop, fn, index, &job.crop);
    }
    if (ret == HI_SUCCESS) {
        ret = resize_mode(r->resize, fn, index, &mode);
    }
    if (ret == HI_SUCCESS && r->resize2 != NULL) {
        ret = resize_mode(r->resize2, fn, index, &mode2);
    }
    const hi_vpc_resize_info *last = r->resize2 != NULL ? r->resize2 : r->resize;
    if (ret == HI_SUCCESS) {
        ret = paste_rect(&job.dst, r, last, fn, index, &job.paste);
    }
    if (ret == HI_SUCCESS && r->border) {
        ret = border_of(r, fn, index, &job);
    }
    bool ratios = ret != HI_SUCCESS ||
                  (ratio_ok(job.crop.w, r->resize->resize_width) && ratio_ok(job.crop.h, r->resize->resize_height) &&
                   ratio_ok(r->resize->resize_width, last->resize_width) &&
                   ratio_ok(r->resize->resize_height, last->resize_height));
    if (!ratios) {
        ret = illegal(fn, "a resize step is outside the ratio [1/32, 16]", index);
    }
    if (ret != HI_SUCCESS) {
        return ret;
    }
    if (r->resize2 != NULL) {
        /* the first size is a picture of its own, which the second step reads whole */
        aclemu_vpc_job first = {.src = *src, .crop = job.crop};
        ret = scratch_image(&job.dst, r->resize, fn, p, &first.dst);
        if (ret != HI_SUCCESS) {
            return ret;
        }
        first.paste = (aclemu_vpc_rect){0, 0, first.dst.width, first.dst.height};
        p->modes[p->jobs_used] = mode;
        p->jobs[p->jobs_used++] = first;
        job.src = first.dst;
        job.crop = first.paste;
        mode = mode2;
    }
    p->modes[p->jobs_used] = mode;
    p->jobs[p->jobs_used++] = job;
    return HI_SUCCESS;
}

static void plan_free(plan *p)
{
    for (size_t i = 0; i < p->scratch_used; i++) {
        free(p->scratch[i]);
    }
    free(p->scratch);
    free(p->jobs);
    free(p->modes);
}

/* A region of entry i of the call's array (the array's own type). */
typedef void (*region_at_fn)(const void *array, size_t i, region *out);

static void at_crop_resize(const void *array, size_t i, region *out)
{
    const hi_vpc_crop_resize_region *r = (const hi_vpc_crop_resize_region *)array + i;
    *out = (region){.dest = &r->dest_pic_info, .crop = &r->crop_region, .resize = &r->resize_info};
}

static void at_paste(const void *array, size_t i, region *out)
{
    const hi_vpc_crop_resize_paste_region *r = (const hi_vpc_crop_resize_paste_region *)array + i;
    *out = (region){.dest = &r->dest_pic_info,
                    .crop = &r->crop_region,
                    .resize = &r->resize_info,
                    .x = r->dest_left_offset,
                    .y = r->dest_top_offset};
}

static void at_border(const void *array, size_t i, region *out)
{
    const hi_vpc_crop_resize_border_region *r = (const hi_vpc_crop_resize_border_region *)array + i;
    *out = (region){.dest = &r->dest_pic_info,
                    .crop = &r->crop_region,
                    .resize = &r->resize_info,
                    .x = r->dest_left_offset,
                    .y = r->dest_top_offset,
                    .border = true,
                    .border_type = r->border_type,
                    .scalar = &r->scalar_value};
}

static void at_resize_paste(const void *array, size_t i, region *out)
{
    const hi_vpc_crop_resize_resize_paste_region *r = (const hi_vpc_crop_resize_resize_paste_region *)array + i;
    *out = (region){.dest = &r->dest_pic_info,
                    .crop = &r->crop_region,
                    .resize = &r->resize_info1,
                    .resize2 = &r->resize_info2,
                    .x = r->dest_left_offset,
                    .y = r->dest_top_offset};
}

/* The shared body: sources[p] has counts[p] regions, taken in order from `array`. */
static hi_s32 run_regions(hi_vpc_chn chn, const hi_vpc_pic_info *const *sources, const hi_u32 *counts, size_t pics,
                          const void *array, region_at_fn at, hi_u32 *task_id, const char *fn)
{
    if (array == NULL || task_id == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: %s is NULL", fn,
                                array == NULL ? "the region array" : "task_id");
    }
    size_t total = 0;
    for (size_t i = 0; i < pics; i++) {
        if (counts[i] == 0 || counts[i] > REGIONS_MAX - total) {
            return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM,
                                    "%s: count[%zu] = %u: every count is >= 1 and all of them add up to at most %d", fn,
                                    i, counts[i], REGIONS_MAX);
        }
        total += counts[i];
    }
    vpc_chn *obj = himpi_vpc_acquire(chn, fn);
    if (obj == NULL) {
        return (hi_s32)HI_ERR_VPC_UNEXIST;
    }
    int matrix = 0;
    aclemu_csc_affine user;
    plan p = {.jobs = calloc(2 * total, sizeof *p.jobs),
              .modes = calloc(2 * total, sizeof *p.modes),
              .scratch = calloc(total, sizeof *p.scratch)};
    hi_s32 ret = p.jobs == NULL || p.modes == NULL || p.scratch == NULL
                     ? aclemu_set_error((aclError)HI_ERR_VPC_NO_MEM, "%s: out of memory", fn)
                     : himpi_vpc_chn_matrix(chn, fn, &matrix, &user);
    size_t index = 0;
    for (size_t i = 0; i < pics && ret == HI_SUCCESS; i++) {
        aclemu_image src;
        ret = himpi_vpc_picture(sources[i], ACLEMU_VPC_IN, fn, "source_pic", &src);
        for (hi_u32 k = 0; k < counts[i] && ret == HI_SUCCESS; k++, index++) {
            region r;
            at(array, index, &r);
            ret = add_region(&src, &r, (unsigned)index, fn, &p);
        }
    }
    for (size_t i = 0; ret == HI_SUCCESS && matrix == HI_CSC_MATRIX_USER && i < p.jobs_used; i++) {
        p.jobs[i].user_csc = &user;
    }
    if (ret == HI_SUCCESS) {
        ret = himpi_vpc_run_jobs(chn, p.jobs, p.jobs_used, p.modes, ACLEMU_INTERP_BILINEAR, matrix, task_id, fn);
    }
    plan_free(&p);
    aclemu_himpi_chn_release(obj);
    return ret;
}

static hi_s32 single(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic, const void *array, hi_u32 count,
                     region_at_fn at, hi_u32 *task_id, const char *fn)
{
    if (count == 0 || count > REGIONS_MAX) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: count %u is outside [1, %d]", fn, count,
                                REGIONS_MAX);
    }
    return run_regions(chn, &source_pic, &count, 1, array, at, task_id, fn);
}

static hi_s32 batch(hi_vpc_chn chn, const hi_vpc_pic_info *const source_pic[], hi_u32 pic_num, const void *array,
                    const hi_u32 count[], region_at_fn at, hi_u32 *task_id, const char *fn)
{
    if (source_pic == NULL || count == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: %s is NULL", fn,
                                source_pic == NULL ? "source_pic" : "count");
    }
    if (pic_num == 0 || pic_num > PICS_MAX) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: pic_num %u is outside [1, %d]", fn, pic_num,
                                PICS_MAX);
    }
    return run_regions(chn, source_pic, count, pic_num, array, at, task_id, fn);
}

hi_s32 hi_mpi_vpc_crop_resize(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic,
                              hi_vpc_crop_resize_region crop_resize_info[], hi_u32 count, hi_u32 *task_id,
                              hi_s32 milli_sec)
{
    (void)milli_sec; /* runs at once, never waits for room */
    return single(chn, source_pic, crop_resize_info, count, at_crop_resize, task_id, "hi_mpi_vpc_crop_resize");
}

hi_s32 hi_mpi_vpc_crop_resize_paste(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic,
                                    hi_vpc_crop_resize_paste_region crop_resize_paste_info[], hi_u32 count,
                                    hi_u32 *task_id, hi_s32 milli_sec)
{
    (void)milli_sec;
    return single(chn, source_pic, crop_resize_paste_info, count, at_paste, task_id, "hi_mpi_vpc_crop_resize_paste");
}

hi_s32 hi_mpi_vpc_crop_resize_make_border(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic,
                                          hi_vpc_crop_resize_border_region crop_resize_make_border_info[],
                                          hi_u32 count, hi_u32 *task_id, hi_s32 milli_sec)
{
    (void)milli_sec;
    return single(chn, source_pic, crop_resize_make_border_info, count, at_border, task_id,
                  "hi_mpi_vpc_crop_resize_make_border");
}

hi_s32 hi_mpi_vpc_crop_resize_resize_paste(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic,
                                           hi_vpc_crop_resize_resize_paste_region crop_resize_resize_paste_info[],
                                           hi_u32 count, hi_u32 *task_id, hi_s32 milli_sec)
{
    (void)milli_sec;
    return single(chn, source_pic, crop_resize_resize_paste_info, count, at_resize_paste, task_id,
                  "hi_mpi_vpc_crop_resize_resize_paste");
}

hi_s32 hi_mpi_vpc_batch_crop_resize_paste(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic[], hi_u32 pic_num,
                                          hi_vpc_crop_resize_paste_region crop_resize_paste_info[], hi_u32 count[],
                                          hi_u32 *task_id, hi_s32 milli_sec)
{
    (void)milli_sec;
    return batch(chn, source_pic, pic_num, crop_resize_paste_info, count, at_paste, task_id,
                 "hi_mpi_vpc_batch_crop_resize_paste");
}

hi_s32 hi_mpi_vpc_batch_crop_resize_make_border(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic[], hi_u32 pic_num,
                                                hi_vpc_crop_resize_border_region crop_resize_make_border_info[],
                                                hi_u32 count[], hi_u32 *task_id, hi_s32 milli_sec)
{
    (void)milli_sec;
    return batch(chn, source_pic, pic_num, crop_resize_make_border_info, count, at_border, task_id,
                 "hi_mpi_vpc_batch_crop_resize_make_border");
}
