/*
 * Shared steps of the hi_mpi VPC filter / warp / draw operations (himpi_vpc_pixels.h).
 *
 * Choice where the documentation is silent: these operations accept YUV400, RGB888 and BGR888,
 * the formats whose every channel has full resolution, so a kernel means the same thing on every
 * channel (OpenCV's 8UC1 / 8UC3); other formats give HI_ERR_VPC_NOT_SUPPORT.
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
    himpi_pixels p;
    if (himpi_pixels_get(dst, fn, "dst", &p, NULL) == HI_SUCCESS) {
        himpi_region_draw(chn, &p);
    }
    *task_id = aclemu_himpi_task_begin(ACLEMU_HIMPI_VPC, chn);
    aclemu_himpi_task_finish(ACLEMU_HIMPI_VPC, chn, *task_id, HI_SUCCESS);
    return HI_SUCCESS;
}

void himpi_region_draw_image(hi_vpc_chn chn, const aclemu_image *img)
{
    int f = (int)img->fmt->format;
    if (f == HI_PIXEL_FORMAT_YUV_400 || f == HI_PIXEL_FORMAT_RGB_888 || f == HI_PIXEL_FORMAT_BGR_888) {
        himpi_pixels p = {img->data, img->width, img->height, img->width_stride, f == HI_PIXEL_FORMAT_YUV_400 ? 1u : 3u,
                          (hi_pixel_format)f};
        himpi_region_draw(chn, &p);
    }
}
