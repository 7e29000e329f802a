/*
 * VPC entry points (single picture): resize, crop, crop+resize, crop-and-paste,
 * crop-resize-paste, convert colour, make border, pyramid down; and the job runner the
 * batch variants (dvpp_vpc_batch.c) share. Histogram and LUT calls are in dvpp_vpc_remap.c.
 *
 * Every call validates synchronously, then queues one task on the stream. The task sets
 * each output pic desc's retCode (0, or the failing aclError) and returns the first error,
 * which the next aclrtSynchronizeStream reports.
 *
 * Constraint table (what is checked, and the code returned). The rules follow the
 * Ascend 310/310P "VPC function and constraints" pages; where the two products differ, the
 * emulator takes the 310P side (wider format support), and choices the docs leave open
 * are marked (*).
 *
 *  argument                     rule                                              code
 *  ---------------------------  ------------------------------------------------  ------------------
 *  channel desc                 live, channel created, mode includes VPC          INVALID_PARAM
 *  pic / batch / roi / config   live handle of the right kind (not NULL)          INVALID_PARAM
 *  pic format, input            YUV400, YUV/YVU SP 420/422/444, packed YUV422     FORMAT_NOT_MATCH
 *    (resize/crop/paste)        (YUYV/UYVY/YVYU/VYUY), packed YUV444, RGB/BGR888,
 *                               ARGB/ABGR/RGBA/BGRA8888
 *  pic format, output           the same minus packed YUV422/444 (*)              FORMAT_NOT_MATCH
 *    (resize/crop/paste)
 *  convert colour, make border  any pair of the formats above (*); make border:   FORMAT_NOT_MATCH
 *                               output format == input format
 *  calc/equalize hist           YUV400, NV12/NV21, YUV/YVU422SP, packed YUV444,   FORMAT_NOT_MATCH
 *                               RGB888, BGR888; equalize output == input format
 *  pyramid down                 YUV400 in and out (*)                             FORMAT_NOT_MATCH
 *  width x height               [10, 4096] x [6, 4096]; up to 8192 on either      INVALID_PARAM
 *                               side for NV12/NV21 resize/crop/paste inputs (the
 *                               8K mode; outputs stay within 4096);
 *                               packed YUV422 width even
 *  widthStride                  multiple of 16, >= width * bytes per pixel,       INVALID_PARAM
 *                               >= 32 (so pictures narrower than 32 bytes a
 *                               line still take 32-byte lines)
 *  heightStride                 multiple of 2, >= height                          INVALID_PARAM
 *  data / size                  data set, size >= the format's buffer size        INVALID_PARAM
 *                               (dvpp_formats.h), memory tracked (strict mode:
 *                               acldvppMalloc memory)
 *  crop ROI                     left <= right < width, top <= bottom < height;    INVALID_PARAM
 *                               >= 10 x 6; for horizontally subsampled formats
 *                               left even and right odd, for vertically
 *                               subsampled ones top even and bottom odd
 *  paste ROI                    inside the output, >= 10 x 6, left a multiple     INVALID_PARAM
 *                               of 16, right/top/bottom parity as for crop
 *  resize ratio                 output / input in [1/32, 16] on each axis         INVALID_PARAM
 *  resize interpolation         0 (default = bilinear), 1/3 bilinear, 2/4 nearest INVALID_PARAM
 *  convert colour               output width/height == input width/height         INVALID_PARAM
 *  make border                  output = input grown by the four borders; border  INVALID_PARAM
 *                               type one of acldvppBorderType; borders of
 *                               subsampled directions even
 *  pyramid down                 output = input halved, rounded either way         INVALID_PARAM
 *  batch roiNums / size         size in [1, 256] and <= source batch size, every  INVALID_PARAM
 *                               roiNums[i] >= 1, sum == output batch size <= 256,
 *                               area arrays not NULL
 * Odd input sizes: like the runtime, resize of a subsampled format uses the picture
 * floored to even width (and height for 4:2:0). A 4:2:0/4:2:2 output of odd size gets its
 * chroma rounded up (the last column/row shares the chroma of its left/upper neighbour).
 * Make border / crop-resize-make-border values: value[0..2] are the components Y, U, V of
 * YUV formats or R, G, B of RGB formats (value[3] is alpha), each rounded and clamped (*).
 */
#include "emu.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dvpp_vpc.h"

enum {
    VPC_MIN_W = 10,
    VPC_MIN_H = 6,
    VPC_MAX = 4096,
    VPC_MAX_8K = 8192,
    VPC_STRIDE_ALIGN_W = 16,
    VPC_STRIDE_MIN_W = 32,
    VPC_STRIDE_ALIGN_H = 2,
    VPC_PASTE_LEFT_ALIGN = 16,
    VPC_MAX_UPSCALE = 16,
    VPC_MAX_DOWNSCALE = 32
};

/* ------------------------------------------------------------- validation */

static bool format_allowed(const aclemu_pixfmt *f, aclemu_vpc_role role)
{
    switch (role) {
    case ACLEMU_VPC_IN:
    case ACLEMU_VPC_ANY:
        return true;
    case ACLEMU_VPC_OUT:
        return f->layout == ACLEMU_LAYOUT_YUV_SEMIPLANAR || f->layout == ACLEMU_LAYOUT_RGB_PACKED;
    case ACLEMU_VPC_REMAP:
        switch ((int)f->format) {
        case PIXEL_FORMAT_YUV_400:
        case PIXEL_FORMAT_YUV_SEMIPLANAR_420:
        case PIXEL_FORMAT_YVU_SEMIPLANAR_420:
        case PIXEL_FORMAT_YUV_SEMIPLANAR_422:
        case PIXEL_FORMAT_YVU_SEMIPLANAR_422:
        case PIXEL_FORMAT_YUV_PACKED_444:
        case PIXEL_FORMAT_RGB_888:
        case PIXEL_FORMAT_BGR_888:
            return true;
        default:
            return false;
        }
    case ACLEMU_VPC_GRAY:
        return f->format == PIXEL_FORMAT_YUV_400;
    }
    return false;
}

static bool allows_8k(const aclemu_pixfmt *f, aclemu_vpc_role role)
{
    return role == ACLEMU_VPC_IN &&
           (f->format == PIXEL_FORMAT_YUV_SEMIPLANAR_420 || f->format == PIXEL_FORMAT_YVU_SEMIPLANAR_420);
}

aclError aclemu_vpc_picture(const acldvppPicDesc *desc, aclemu_vpc_role role, const char *fn, const char *what,
                            aclemu_image *out)
{
    aclemu_dvpp_pic pic;
    aclError ret = aclemu_dvpp_pic_get(desc, fn, what, &pic);
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    return aclemu_vpc_picture_values(&pic, role, fn, what, out);
}

aclError aclemu_vpc_picture_values(const aclemu_dvpp_pic *values, aclemu_vpc_role role, const char *fn,
                                   const char *what, aclemu_image *out)
{
    const aclemu_dvpp_pic pic = *values;
    aclError ret = ACL_SUCCESS;
    const aclemu_pixfmt *f = aclemu_pixfmt_get(pic.format);
    if (f == NULL || !format_allowed(f, role)) {
        return aclemu_set_error(ACL_ERROR_FORMAT_NOT_MATCH, "%s: %s format %d (%s) is not supported here", fn, what,
                                (int)pic.format, aclemu_pixfmt_name(pic.format));
    }
    uint32_t max = allows_8k(f, role) ? VPC_MAX_8K : VPC_MAX;
    if (pic.width < VPC_MIN_W || pic.height < VPC_MIN_H || pic.width > max || pic.height > max) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is %ux%u, outside [%dx%d, %ux%u] for %s", fn, what,
                                pic.width, pic.height, VPC_MIN_W, VPC_MIN_H, max, max, f->name);
    }
    if (f->layout == ACLEMU_LAYOUT_YUV_PACKED422 && pic.width % 2 != 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s width %u must be even for %s", fn, what, pic.width,
                                f->name);
    }
    uint32_t min_stride = aclemu_pixfmt_min_width_stride(f, pic.width);
    if (min_stride < VPC_STRIDE_MIN_W) {
        min_stride = VPC_STRIDE_MIN_W;
    }
    if (pic.width_stride % VPC_STRIDE_ALIGN_W != 0 || pic.width_stride < min_stride) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: %s widthStride %u must be a multiple of %d and at least %u for %s", fn, what,
                                pic.width_stride, VPC_STRIDE_ALIGN_W, min_stride, f->name);
    }
    if (pic.height_stride % VPC_STRIDE_ALIGN_H != 0 || pic.height_stride < pic.height) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s heightStride %u must be even and at least %u", fn,
                                what, pic.height_stride, pic.height);
    }
    size_t need = aclemu_pixfmt_buffer_size(f, pic.width_stride, pic.height_stride);
    if (pic.data == NULL || pic.size < need) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s buffer %p of %u bytes, %s needs %zu for %ux%u strides",
                                fn, what, pic.data, pic.size, f->name, need, pic.width_stride, pic.height_stride);
    }
    ret = aclemu_dvpp_mem_check(pic.data, need, true, fn, what);
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    out->fmt = f;
    out->data = pic.data;
    out->width = pic.width;
    out->height = pic.height;
    out->width_stride = pic.width_stride;
    out->height_stride = pic.height_stride;
    return ACL_SUCCESS;
}

aclError aclemu_vpc_interpolation(const acldvppResizeConfig *config, const char *fn, int *out)
{
    uint32_t value = ACLEMU_INTERP_DEFAULT;
    if (config != NULL) {
        aclError ret = aclemu_dvpp_resize_get(config, fn, "resizeConfig", &value);
        if (ret != ACL_SUCCESS) {
            return ret;
        }
    }
    if (value > ACLEMU_INTERP_NEAREST_ALIAS) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: resize interpolation %u is not in [0, 4]", fn, value);
    }
    bool nearest = value == ACLEMU_INTERP_NEAREST || value == ACLEMU_INTERP_NEAREST_ALIAS;
    *out = nearest ? ACLEMU_INTERP_NEAREST : ACLEMU_INTERP_BILINEAR;
    return ACL_SUCCESS;
}

static uint32_t even_mask(unsigned shift)
{
    return ~((1u << shift) - 1);
}

/* ROI -> rectangle inside a w x h picture of format f, with the parity rules. */
static aclError roi_rect(const acldvppRoiConfig *config, const aclemu_image *img, bool paste, const char *fn,
                         const char *what, aclemu_vpc_rect *out)
{
    aclemu_dvpp_roi roi;
    aclError ret = aclemu_dvpp_roi_get(config, fn, what, &roi);
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    if (roi.left > roi.right || roi.top > roi.bottom || roi.right >= img->width || roi.bottom >= img->height) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: %s (left %u, right %u, top %u, bottom %u) is not inside the %ux%u picture", fn,
                                what, roi.left, roi.right, roi.top, roi.bottom, img->width, img->height);
    }
    uint32_t w = roi.right - roi.left + 1;
    uint32_t h = roi.bottom - roi.top + 1;
    if (w < VPC_MIN_W || h < VPC_MIN_H) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is %ux%u, smaller than %dx%d", fn, what, w, h,
                                VPC_MIN_W, VPC_MIN_H);
    }
    const aclemu_pixfmt *f = img->fmt;
    if (f->chroma_shift_x != 0 && (roi.left % 2 != 0 || roi.right % 2 != 1)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s left %u must be even and right %u odd for %s", fn,
                                what, roi.left, roi.right, f->name);
    }
    if (f->chroma_shift_y != 0 && (roi.top % 2 != 0 || roi.bottom % 2 != 1)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s top %u must be even and bottom %u odd for %s", fn,
                                what, roi.top, roi.bottom, f->name);
    }
    if (paste && roi.left % VPC_PASTE_LEFT_ALIGN != 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s left %u must be a multiple of %d", fn, what,
                                roi.left, VPC_PASTE_LEFT_ALIGN);
    }
    *out = (aclemu_vpc_rect){roi.left, roi.top, w, h};
    return ACL_SUCCESS;
}

static aclError check_ratio(const aclemu_vpc_rect *from, const aclemu_vpc_rect *to, const char *fn)
{
    bool ok_w = (uint64_t)to->w * VPC_MAX_DOWNSCALE >= from->w && to->w <= (uint64_t)from->w * VPC_MAX_UPSCALE;
    bool ok_h = (uint64_t)to->h * VPC_MAX_DOWNSCALE >= from->h && to->h <= (uint64_t)from->h * VPC_MAX_UPSCALE;
    if (!ok_w || !ok_h) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: resizing %ux%u to %ux%u is outside the ratio [1/%d, %d]",
                                fn, from->w, from->h, to->w, to->h, VPC_MAX_DOWNSCALE, VPC_MAX_UPSCALE);
    }
    return ACL_SUCCESS;
}

aclError aclemu_vpc_rects(const acldvppRoiConfig *crop, const acldvppRoiConfig *paste, aclemu_vpc_job *job,
                          const char *fn)
{
    aclError ret;
    if (crop != NULL) {
        ret = roi_rect(crop, &job->src, false, fn, "cropArea", &job->crop);
    } else {
        /* whole picture, floored to the chroma grid as the runtime does with odd sizes */
        const aclemu_pixfmt *f = job->src.fmt;
        job->crop = (aclemu_vpc_rect){0, 0, job->src.width & even_mask(f->chroma_shift_x),
                                      job->src.height & even_mask(f->chroma_shift_y)};
        ret = ACL_SUCCESS;
    }
    if (ret == ACL_SUCCESS && paste != NULL) {
        ret = roi_rect(paste, &job->dst, true, fn, "pasteArea", &job->paste);
    } else if (ret == ACL_SUCCESS) {
        job->paste = (aclemu_vpc_rect){0, 0, job->dst.width, job->dst.height};
    }
    return ret == ACL_SUCCESS ? check_ratio(&job->crop, &job->paste, fn) : ret;
}

/* ------------------------------------------------------------------ runner */

/* Sub-views of a rectangle (luma coordinates) of an image's views. */
static void rect_views(const aclemu_view *v, int n, const aclemu_image *img, const aclemu_vpc_rect *r,
                       aclemu_view *out)
{
    out[0] = aclemu_view_sub(&v[0], r->x, r->y, r->w, r->h);
    if (n == 2) {
        unsigned sx = img->fmt->chroma_shift_x;
        unsigned sy = img->fmt->chroma_shift_y;
        uint32_t x0 = r->x >> sx;
        uint32_t y0 = r->y >> sy;
        uint32_t x1 = (r->x + r->w + (1u << sx) - 1) >> sx;
        uint32_t y1 = (r->y + r->h + (1u << sy) - 1) >> sy;
        out[1] = aclemu_view_sub(&v[1], x0, y0, x1 - x0, y1 - y0);
    }
}

/* Crop of src brought to dst's colour family at the crop's size, in a scratch picture. */
static aclError family_scratch(const aclemu_view *crop, int crop_n, int dst_n, uint32_t w, uint32_t h, int matrix,
                               const aclemu_csc_affine *user, const char *fn, aclemu_image *tmp,
                               aclemu_view *tmp_views)
{
    tmp->fmt = aclemu_pixfmt_get(dst_n == 2 ? PIXEL_FORMAT_YUV_PACKED_444 : PIXEL_FORMAT_RGBA_8888);
    tmp->width = w;
    tmp->height = h;
    tmp->width_stride = w * tmp->fmt->bytes_per_pixel;
    tmp->height_stride = h;
    tmp->data = malloc((size_t)tmp->width_stride * h + 1);
    if (tmp->data == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: no memory for a %ux%u colour conversion", fn, w, h);
    }
    aclemu_image_views(tmp, tmp_views);
    aclError ret = aclemu_views_convert_affine(crop, crop_n, tmp_views, dst_n, matrix, user, fn);
    if (ret != ACL_SUCCESS) {
        free(tmp->data);
        tmp->data = NULL;
    }
    return ret;
}

static void border_values(const aclemu_dvpp_border *b, int n, uint8_t values[2][4])
{
    uint8_t v[4];
    for (int i = 0; i < 4; ++i) {
        double x = b->value[i];
        v[i] = (uint8_t)(x <= 0.0 ? 0 : x >= 255.0 ? 255 : lround(x));
    }
    memset(values, 0, 2 * 4);
    if (n == 2) {
        values[0][0] = v[0];
        values[1][0] = v[1];
        values[1][1] = v[2];
    } else {
        memcpy(values[0], v, 4);
    }
}

static aclError run_job(const aclemu_vpc_job *j, int interpolation, int matrix, const char *fn)
{
    aclemu_view sv[2];
    aclemu_view dv[2];
    aclemu_view crop[2];
    aclemu_view paste[2];
    int sn = aclemu_image_views(&j->src, sv);
    int dn = aclemu_image_views(&j->dst, dv);
    rect_views(sv, sn, &j->src, &j->crop, crop);
    rect_views(dv, dn, &j->dst, &j->paste, paste);
    if (j->pyr_down) {
        return aclemu_vpc_pyr_down(&crop[0], &paste[0], fn);
    }
    aclError ret = ACL_SUCCESS;
    aclemu_image tmp = {0};
    aclemu_view tmp_views[2];
    const aclemu_view *from = crop;
    if (sn != dn) {
        ret = family_scratch(crop, sn, dn, j->crop.w, j->crop.h, matrix, j->user_csc, fn, &tmp, tmp_views);
        from = tmp_views;
    }
    for (int i = 0; ret == ACL_SUCCESS && i < dn; ++i) {
        ret = aclemu_vpc_resample(&from[i], &paste[i], interpolation, fn);
    }
    free(tmp.data);
    if (ret == ACL_SUCCESS && j->has_border) {
        /* The border is drawn from the pasted area itself; aclemu_vpc_border walks rows and
         * columns in an order that never reads a sample it has already changed. */
        uint8_t values[2][4];
        border_values(&j->border, dn, values);
        unsigned sx = dn == 2 ? j->dst.fmt->chroma_shift_x : 0;
        unsigned sy = dn == 2 ? j->dst.fmt->chroma_shift_y : 0;
        for (int i = 0; ret == ACL_SUCCESS && i < dn; ++i) {
            uint32_t top = i == 0 ? j->paste.y : j->paste.y >> sy;
            uint32_t left = i == 0 ? j->paste.x : j->paste.x >> sx;
            ret = aclemu_vpc_border(&paste[i], &dv[i], (int)j->border.type, top, left, values[i], fn);
        }
    }
    return ret;
}

aclError aclemu_vpc_run_job(const aclemu_vpc_job *job, int interpolation, int matrix, const char *fn)
{
    return run_job(job, interpolation, matrix, fn);
}

typedef struct vpc_task {
    const char *fn;
    int interpolation;
    int matrix;
    size_t count;
    aclemu_vpc_job jobs[];
} vpc_task;

static aclError vpc_task_run(void *arg)
{
    vpc_task *t = arg;
    aclError first = ACL_SUCCESS;
    for (size_t i = 0; i < t->count; ++i) {
        aclError ret = run_job(&t->jobs[i], t->interpolation, t->matrix, t->fn);
        aclemu_dvpp_pic_set_ret_code(t->jobs[i].dst_desc, (uint32_t)ret);
        if (first == ACL_SUCCESS) {
            first = ret;
        }
    }
    return first;
}

static void vpc_task_free(void *arg, bool ran)
{
    (void)ran;
    free(arg);
}

aclError aclemu_vpc_submit_jobs(const acldvppChannelDesc *channel, aclemu_vpc_job *jobs, size_t count,
                                int interpolation, aclrtStream stream, const char *fn)
{
    aclemu_dvpp_channel ch;
    aclError ret = aclemu_dvpp_channel_get(channel, DVPP_CHNMODE_VPC, fn, &ch);
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    vpc_task *t = malloc(sizeof *t + count * sizeof t->jobs[0]);
    if (t == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: no memory for the task", fn);
    }
    t->fn = fn;
    t->interpolation = interpolation;
    t->matrix = (int)ch.csc_matrix;
    t->count = count;
    memcpy(t->jobs, jobs, count * sizeof jobs[0]);
    return aclemu_stream_submit(stream, vpc_task_run, t, vpc_task_free, fn);
}

/* ------------------------------------------------------------ entry points */

/* The shared body of the five resize/crop/paste calls. */
static aclError crop_resize_paste(acldvppChannelDesc *channelDesc, acldvppPicDesc *inputDesc,
                                  acldvppPicDesc *outputDesc, const acldvppRoiConfig *cropArea,
                                  const acldvppRoiConfig *pasteArea, const acldvppResizeConfig *resizeConfig,
                                  bool need_resize_config, aclrtStream stream, const char *fn)
{
    aclemu_vpc_job job = {0};
    int interpolation = ACLEMU_INTERP_BILINEAR;
    aclError ret = aclemu_vpc_picture(inputDesc, ACLEMU_VPC_IN, fn, "inputDesc", &job.src);
    if (ret == ACL_SUCCESS) {
        ret = aclemu_vpc_picture(outputDesc, ACLEMU_VPC_OUT, fn, "outputDesc", &job.dst);
    }
    if (ret == ACL_SUCCESS && need_resize_config && resizeConfig == NULL) {
        ret = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: resizeConfig is NULL", fn);
    }
    if (ret == ACL_SUCCESS) {
        ret = aclemu_vpc_interpolation(resizeConfig, fn, &interpolation);
    }
    if (ret == ACL_SUCCESS) {
        ret = aclemu_vpc_rects(cropArea, pasteArea, &job, fn);
    }
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    job.dst_desc = outputDesc;
    return aclemu_vpc_submit_jobs(channelDesc, &job, 1, interpolation, stream, fn);
}

static aclError require_roi(const acldvppRoiConfig *roi, const char *fn, const char *what)
{
    return roi != NULL ? ACL_SUCCESS : aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, what);
}

aclError acldvppVpcResizeAsync(acldvppChannelDesc *channelDesc, acldvppPicDesc *inputDesc, acldvppPicDesc *outputDesc,
                               acldvppResizeConfig *resizeConfig, aclrtStream stream)
{
    return crop_resize_paste(channelDesc, inputDesc, outputDesc, NULL, NULL, resizeConfig, true, stream,
                             "acldvppVpcResizeAsync");
}

aclError acldvppVpcCropAsync(acldvppChannelDesc *channelDesc, acldvppPicDesc *inputDesc, acldvppPicDesc *outputDesc,
                             acldvppRoiConfig *cropArea, aclrtStream stream)
{
    const char *fn = "acldvppVpcCropAsync";
    aclError ret = require_roi(cropArea, fn, "cropArea");
    return ret != ACL_SUCCESS ? ret
                              : crop_resize_paste(channelDesc, inputDesc, outputDesc, cropArea, NULL, NULL, false,
                                                  stream, fn);
}

aclError acldvppVpcCropResizeAsync(acldvppChannelDesc *channelDesc, acldvppPicDesc *inputDesc,
                                   acldvppPicDesc *outputDesc, acldvppRoiConfig *cropArea,
                                   acldvppResizeConfig *resizeConfig, aclrtStream stream)
{
    const char *fn = "acldvppVpcCropResizeAsync";
    aclError ret = require_roi(cropArea, fn, "cropArea");
    return ret != ACL_SUCCESS ? ret
                              : crop_resize_paste(channelDesc, inputDesc, outputDesc, cropArea, NULL, resizeConfig,
                                                  true, stream, fn);
}

aclError acldvppVpcCropAndPasteAsync(acldvppChannelDesc *channelDesc, acldvppPicDesc *inputDesc,
                                     acldvppPicDesc *outputDesc, acldvppRoiConfig *cropArea,
                                     acldvppRoiConfig *pasteArea, aclrtStream stream)
{
    const char *fn = "acldvppVpcCropAndPasteAsync";
    aclError ret = require_roi(cropArea, fn, "cropArea");
    if (ret == ACL_SUCCESS) {
        ret = require_roi(pasteArea, fn, "pasteArea");
    }
    return ret != ACL_SUCCESS ? ret
                              : crop_resize_paste(channelDesc, inputDesc, outputDesc, cropArea, pasteArea, NULL, false,
                                                  stream, fn);
}

aclError acldvppVpcCropResizePasteAsync(acldvppChannelDesc *channelDesc, acldvppPicDesc *inputDesc,
                                        acldvppPicDesc *outputDesc, acldvppRoiConfig *cropArea,
                                        acldvppRoiConfig *pasteArea, acldvppResizeConfig *resizeConfig,
                                        aclrtStream stream)
{
    const char *fn = "acldvppVpcCropResizePasteAsync";
    aclError ret = require_roi(cropArea, fn, "cropArea");
    if (ret == ACL_SUCCESS) {
        ret = require_roi(pasteArea, fn, "pasteArea");
    }
    return ret != ACL_SUCCESS ? ret
                              : crop_resize_paste(channelDesc, inputDesc, outputDesc, cropArea, pasteArea,
                                                  resizeConfig, true, stream, fn);
}

aclError acldvppVpcConvertColorAsync(acldvppChannelDesc *channelDesc, acldvppPicDesc *inputDesc,
                                     acldvppPicDesc *outputDesc, aclrtStream stream)
{
    const char *fn = "acldvppVpcConvertColorAsync";
    aclemu_vpc_job job = {0};
    aclError ret = aclemu_vpc_picture(inputDesc, ACLEMU_VPC_ANY, fn, "inputDesc", &job.src);
    if (ret == ACL_SUCCESS) {
        ret = aclemu_vpc_picture(outputDesc, ACLEMU_VPC_ANY, fn, "outputDesc", &job.dst);
    }
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    if (job.src.width != job.dst.width || job.src.height != job.dst.height) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: output %ux%u differs from input %ux%u", fn,
                                job.dst.width, job.dst.height, job.src.width, job.src.height);
    }
    job.crop = job.paste = (aclemu_vpc_rect){0, 0, job.src.width, job.src.height};
    job.dst_desc = outputDesc;
    return aclemu_vpc_submit_jobs(channelDesc, &job, 1, ACLEMU_INTERP_BILINEAR, stream, fn);
}

aclError aclemu_vpc_border_job(const acldvppBorderConfig *config, aclemu_vpc_job *job, const char *fn)
{
    aclError ret = aclemu_dvpp_border_get(config, fn, "borderConfig", &job->border);
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    const aclemu_dvpp_border *b = &job->border;
    if ((int)b->type < (int)BORDER_CONSTANT || (int)b->type > (int)BORDER_REFLECT_101) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: border type %d is not an acldvppBorderType", fn,
                                (int)b->type);
    }
    const aclemu_pixfmt *f = job->dst.fmt;
    bool x_even = f->chroma_shift_x == 0 || (b->left % 2 == 0 && b->right % 2 == 0);
    bool y_even = f->chroma_shift_y == 0 || (b->top % 2 == 0 && b->bottom % 2 == 0);
    if (!x_even || !y_even) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: borders (top %u, bottom %u, left %u, right %u) must be even for %s",
                                fn, b->top, b->bottom, b->left, b->right, f->name);
    }
    uint64_t grow_w = (uint64_t)b->left + b->right;
    uint64_t grow_h = (uint64_t)b->top + b->bottom;
    if (grow_w >= job->dst.width || grow_h >= job->dst.height) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: borders leave no room inside the %ux%u output", fn,
                                job->dst.width, job->dst.height);
    }
    job->paste = (aclemu_vpc_rect){b->left, b->top, job->dst.width - (uint32_t)grow_w,
                                   job->dst.height - (uint32_t)grow_h};
    job->has_border = true;
    return ACL_SUCCESS;
}

aclError acldvppVpcMakeBorderAsync(const acldvppChannelDesc *channelDesc, const acldvppPicDesc *inputDesc,
                                   acldvppPicDesc *outputDesc, const acldvppBorderConfig *borderConfig,
                                   aclrtStream stream)
{
    const char *fn = "acldvppVpcMakeBorderAsync";
    aclemu_vpc_job job = {0};
    aclError ret = aclemu_vpc_picture(inputDesc, ACLEMU_VPC_ANY, fn, "inputDesc", &job.src);
    if (ret == ACL_SUCCESS) {
        ret = aclemu_vpc_picture(outputDesc, ACLEMU_VPC_ANY, fn, "outputDesc", &job.dst);
    }
    if (ret == ACL_SUCCESS && job.src.fmt != job.dst.fmt) {
        ret = aclemu_set_error(ACL_ERROR_FORMAT_NOT_MATCH, "%s: output format %s differs from input format %s", fn,
                               job.dst.fmt->name, job.src.fmt->name);
    }
    if (ret == ACL_SUCCESS) {
        ret = aclemu_vpc_border_job(borderConfig, &job, fn);
    }
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    if (job.paste.w != job.src.width || job.paste.h != job.src.height) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: output %ux%u is not the %ux%u input grown by the borders", fn, job.dst.width,
                                job.dst.height, job.src.width, job.src.height);
    }
    job.crop = (aclemu_vpc_rect){0, 0, job.src.width, job.src.height};
    job.dst_desc = outputDesc;
    return aclemu_vpc_submit_jobs(channelDesc, &job, 1, ACLEMU_INTERP_BILINEAR, stream, fn);
}

aclError acldvppVpcPyrDownAsync(acldvppChannelDesc *channelDesc, acldvppPicDesc *inputDesc, acldvppPicDesc *outputDesc,
                                void *reserve, aclrtStream stream)
{
    const char *fn = "acldvppVpcPyrDownAsync";
    (void)reserve;
    aclemu_vpc_job job = {0};
    aclError ret = aclemu_vpc_picture(inputDesc, ACLEMU_VPC_GRAY, fn, "inputDesc", &job.src);
    if (ret == ACL_SUCCESS) {
        ret = aclemu_vpc_picture(outputDesc, ACLEMU_VPC_GRAY, fn, "outputDesc", &job.dst);
    }
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    bool w_ok = job.dst.width == job.src.width / 2 || job.dst.width == (job.src.width + 1) / 2;
    bool h_ok = job.dst.height == job.src.height / 2 || job.dst.height == (job.src.height + 1) / 2;
    if (!w_ok || !h_ok) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: output %ux%u is not half of the %ux%u input", fn,
                                job.dst.width, job.dst.height, job.src.width, job.src.height);
    }
    job.crop = (aclemu_vpc_rect){0, 0, job.src.width, job.src.height};
    job.paste = (aclemu_vpc_rect){0, 0, job.dst.width, job.dst.height};
    job.pyr_down = true;
    job.dst_desc = outputDesc;
    return aclemu_vpc_submit_jobs(channelDesc, &job, 1, ACLEMU_INTERP_BILINEAR, stream, fn);
}
