/*
 * Shared steps of the hi_mpi VPC filter / warp / draw operations (himpi_vpc_pixels.h).
 *
 * Choices where the documentation is silent: the warps and stitching accept YUV400, RGB888 and
 * BGR888, the formats whose every channel has full resolution, so a kernel means the same thing on
 * every channel (OpenCV's 8UC1 / 8UC3). The filters and drawings also take YUV420SP (NV12, NV21),
 * which the runtime's documentation lists for each of them: the chroma is brought to full
 * resolution (each sample over its 2x2 block), the operation runs there on three channels, and
 * each 2x2 block of chroma is reduced to its mean (rounded half up). Other formats give
 * HI_ERR_VPC_NOT_SUPPORT.
 */
#include "emu.h"

#include <math.h>
#include <stdlib.h>

#include "himpi_vpc_pixels.h"

hi_s32 himpi_pixels_get(const hi_vpc_pic_info *info, const char *fn, const char *what, himpi_pixels *out,
                        hi_pixel_format *format)
{
    if (info == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: %s is NULL", fn, what);
    }
    hi_pixel_format f = info->picture_format;
    if (f != HI_PIXEL_FORMAT_YUV_400 && f != HI_PIXEL_FORMAT_RGB_888 && f != HI_PIXEL_FORMAT_BGR_888) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NOT_SUPPORT,
                                "%s: %s format %d is not supported here (YUV400, RGB888 or BGR888)", fn, what, (int)f);
    }
    aclemu_image img;
    hi_s32 ret = himpi_vpc_picture(info, ACLEMU_VPC_REMAP, fn, what, &img);
    if (ret != HI_SUCCESS) {
        return ret;
    }
    *out = (himpi_pixels){img.data, img.width, img.height, img.width_stride, f == HI_PIXEL_FORMAT_YUV_400 ? 1u : 3u, f};
    if (format != NULL) {
        *format = f;
    }
    return HI_SUCCESS;
}

hi_s32 himpi_pixels_pair(const hi_vpc_pic_info *src, const hi_vpc_pic_info *dst, bool same_size, const char *fn,
                         himpi_pixels *s, himpi_pixels *d)
{
    hi_pixel_format sf = HI_PIXEL_FORMAT_UNKNOWN;
    hi_pixel_format df = HI_PIXEL_FORMAT_UNKNOWN;
    hi_s32 ret = himpi_pixels_get(src, fn, "src", s, &sf);
    if (ret == HI_SUCCESS) {
        ret = himpi_pixels_get(dst, fn, "dst", d, &df);
    }
    if (ret != HI_SUCCESS) {
        return ret;
    }
    if (sf != df || (same_size && (s->width != d->width || s->height != d->height))) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM,
                                "%s: dst (format %d, %ux%u) must have the format%s of src (format %d, %ux%u)", fn,
                                (int)df, d->width, d->height, same_size ? " and size" : "", (int)sf, s->width,
                                s->height);
    }
    return HI_SUCCESS;
}

static bool is_yuv420sp(hi_pixel_format f)
{
    return f == HI_PIXEL_FORMAT_YUV_SEMIPLANAR_420 || f == HI_PIXEL_FORMAT_YVU_SEMIPLANAR_420;
}

/* img (YUV400, RGB888, BGR888, NV12 or NV21) as a frame; false when out of memory. */
static bool frame_of_image(const aclemu_image *img, hi_pixel_format f, himpi_frame *out)
{
    *out = (himpi_frame){.img = *img};
    if (!is_yuv420sp(f)) {
        out->px = (himpi_pixels){img->data, img->width, img->height, img->width_stride,
                                 f == HI_PIXEL_FORMAT_YUV_400 ? 1u : 3u, f};
        return true;
    }
    uint32_t w = img->width;
    uint32_t h = img->height;
    uint8_t *buf = malloc((size_t)w * h * 3);
    if (buf == NULL) {
        return false;
    }
    const uint8_t *chroma = aclemu_image_chroma(img);
    for (uint32_t y = 0; y < h; y++) {
        const uint8_t *luma = img->data + (size_t)y * img->width_stride;
        const uint8_t *pairs = chroma + (size_t)(y / 2) * img->width_stride;
        uint8_t *row = buf + (size_t)y * w * 3;
        for (uint32_t x = 0; x < w; x++) {
            row[3 * (size_t)x] = luma[x];
            row[3 * (size_t)x + 1] = pairs[(size_t)(x / 2) * 2];
            row[3 * (size_t)x + 2] = pairs[(size_t)(x / 2) * 2 + 1];
        }
    }
    out->px = (himpi_pixels){buf, w, h, w * 3, 3, f};
    out->expanded = true;
    return true;
}

hi_s32 himpi_frame_get(const hi_vpc_pic_info *info, const char *fn, const char *what, himpi_frame *out)
{
    *out = (himpi_frame){0};
    if (info == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: %s is NULL", fn, what);
    }
    hi_pixel_format f = info->picture_format;
    if (f != HI_PIXEL_FORMAT_YUV_400 && f != HI_PIXEL_FORMAT_RGB_888 && f != HI_PIXEL_FORMAT_BGR_888 &&
        !is_yuv420sp(f)) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NOT_SUPPORT,
                                "%s: %s format %d is not supported here (YUV400, YUV420SP NV12 / NV21, RGB888 or "
                                "BGR888)",
                                fn, what, (int)f);
    }
    aclemu_image img;
    hi_s32 ret = himpi_vpc_picture(info, ACLEMU_VPC_REMAP, fn, what, &img);
    if (ret != HI_SUCCESS) {
        return ret;
    }
    if (!frame_of_image(&img, f, out)) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NO_MEM, "%s: out of memory", fn);
    }
    return HI_SUCCESS;
}

hi_s32 himpi_frame_pair(const hi_vpc_pic_info *src, const hi_vpc_pic_info *dst, const char *fn, himpi_frame *s,
                        himpi_frame *d)
{
    *d = (himpi_frame){0};
    hi_s32 ret = himpi_frame_get(src, fn, "src", s);
    if (ret == HI_SUCCESS) {
        ret = himpi_frame_get(dst, fn, "dst", d);
    }
    if (ret == HI_SUCCESS && (s->px.format != d->px.format || s->px.width != d->px.width ||
                              s->px.height != d->px.height)) {
        ret = aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM,
                               "%s: dst (format %d, %ux%u) must have the format and size of src (format %d, %ux%u)",
                               fn, (int)d->px.format, d->px.width, d->px.height, (int)s->px.format, s->px.width,
                               s->px.height);
    }
    if (ret != HI_SUCCESS) {
        himpi_frame_free(s);
        himpi_frame_free(d);
    }
    return ret;
}

void himpi_frame_store(const himpi_frame *f)
{
    if (!f->expanded) {
        return;
    }
    const himpi_pixels *p = &f->px;
    for (uint32_t y = 0; y < p->height; y++) {
        uint8_t *luma = f->img.data + (size_t)y * f->img.width_stride;
        const uint8_t *row = p->data + (size_t)y * p->stride;
        for (uint32_t x = 0; x < p->width; x++) {
            luma[x] = row[3 * (size_t)x];
        }
    }
    uint8_t *chroma = aclemu_image_chroma(&f->img);
    for (uint32_t cy = 0; cy < (p->height + 1) / 2; cy++) {
        uint32_t y1 = 2 * cy + 1 < p->height ? 2 * cy + 1 : 2 * cy;
        uint8_t *pairs = chroma + (size_t)cy * f->img.width_stride;
        for (uint32_t cx = 0; cx < (p->width + 1) / 2; cx++) {
            uint32_t x1 = 2 * cx + 1 < p->width ? 2 * cx + 1 : 2 * cx;
            for (uint32_t k = 0; k < 2; k++) {
                uint32_t sum = 0;
                uint32_t n = 0;
                for (uint32_t y = 2 * cy; y <= y1; y++) {
                    for (uint32_t x = 2 * cx; x <= x1; x++) {
                        sum += p->data[(size_t)y * p->stride + 3 * (size_t)x + 1 + k];
                        n++;
                    }
                }
                pairs[(size_t)cx * 2 + k] = (uint8_t)((2 * sum + n) / (2 * n));
            }
        }
    }
}

void himpi_frame_free(himpi_frame *f)
{
    if (f->expanded) {
        free(f->px.data);
    }
    *f = (himpi_frame){0};
}

int64_t himpi_border_index(int64_t p, int64_t n, int type)
{
    if (p >= 0 && p < n) {
        return p;
    }
    switch (type) {
    case HI_BORDER_REPLICATE:
        return p < 0 ? 0 : n - 1;
    case HI_BORDER_WRAP:
        return ((p % n) + n) % n;
    case HI_BORDER_REFLECT:
    case HI_BORDER_REFLECT_101: {
        if (n == 1) {
            return 0;
        }
        int64_t shift = type == HI_BORDER_REFLECT_101 ? 1 : 0;
        int64_t period = 2 * n - 2 * shift;
        int64_t q = ((p % period) + period) % period;
        /* q in [0, period): the forward run, then the mirrored run back */
        if (type == HI_BORDER_REFLECT) {
            return q < n ? q : period - 1 - q;
        }
        return q < n ? q : period - q;
    }
    default:
        return -1;
    }
}

hi_s32 himpi_border_check(int type, const char *fn)
{
    if (type < HI_BORDER_CONSTANT || type > HI_BORDER_WRAP) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: border_type %d is not in [0, 4]", fn, type);
    }
    return HI_SUCCESS;
}

uint8_t *himpi_padded_channel(const himpi_pixels *p, uint32_t c, uint32_t left, uint32_t top, uint32_t right,
                              uint32_t bottom, int type, uint8_t value)
{
    size_t pw = (size_t)p->width + left + right;
    size_t ph = (size_t)p->height + top + bottom;
    uint8_t *out = malloc(pw * ph);
    if (out == NULL) {
        return NULL;
    }
    int64_t *cols = malloc(pw * sizeof *cols);
    if (cols == NULL) {
        free(out);
        return NULL;
    }
    for (size_t x = 0; x < pw; x++) {
        cols[x] = himpi_border_index((int64_t)x - left, p->width, type);
    }
    for (size_t y = 0; y < ph; y++) {
        int64_t sy = himpi_border_index((int64_t)y - top, p->height, type);
        uint8_t *row = out + y * pw;
        const uint8_t *src = sy < 0 ? NULL : p->data + (size_t)sy * p->stride + c;
        for (size_t x = 0; x < pw; x++) {
            row[x] = src == NULL || cols[x] < 0 ? value : src[(size_t)cols[x] * p->bpp];
        }
    }
    free(cols);
    return out;
}

hi_s32 himpi_sizes_check(uint32_t sw, uint32_t sh, uint32_t dw, uint32_t dh, const char *fn, const char *what)
{
    enum { MAX_SIDE = 4096 };
    if (sw < 1 || sh < 1 || dw < 1 || dh < 1 || sw > MAX_SIDE || sh > MAX_SIDE || dw > MAX_SIDE || dh > MAX_SIDE) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: %s sizes %ux%u -> %ux%u must be in [1, %d]",
                                fn, what, sw, sh, dw, dh, MAX_SIDE);
    }
    return HI_SUCCESS;
}

uint8_t himpi_sample(double v)
{
    double r = floor(v + 0.5);
    return (uint8_t)(r < 0 ? 0 : r > 255 ? 255 : r);
}

hi_s32 himpi_vpc_done(hi_vpc_chn chn, const hi_vpc_pic_info *dst, hi_u32 *task_id, const char *fn)
{
    himpi_frame f;
    if (himpi_frame_get(dst, fn, "dst", &f) == HI_SUCCESS) {
        himpi_region_draw(chn, &f.px);
        himpi_frame_store(&f);
        himpi_frame_free(&f);
    }
    *task_id = aclemu_himpi_task_begin(ACLEMU_HIMPI_VPC, chn);
    aclemu_himpi_task_finish(ACLEMU_HIMPI_VPC, chn, *task_id, HI_SUCCESS);
    return HI_SUCCESS;
}

void himpi_region_draw_image(hi_vpc_chn chn, const aclemu_image *img)
{
    hi_pixel_format f = (hi_pixel_format)img->fmt->format;
    himpi_frame frame;
    if ((f == HI_PIXEL_FORMAT_YUV_400 || f == HI_PIXEL_FORMAT_RGB_888 || f == HI_PIXEL_FORMAT_BGR_888 ||
         is_yuv420sp(f)) &&
        frame_of_image(img, f, &frame)) {
        himpi_region_draw(chn, &frame.px);
        himpi_frame_store(&frame);
        himpi_frame_free(&frame);
    }
}
