/*
 * DVPP pixel formats: the format table, buffer sizes, views of a picture's planes, the
 * colour-space conversion and whole-picture layout conversions (see dvpp_formats.h).
 *
 * CSC matrices. With Kr, Kb of the standard (Kg = 1 - Kr - Kb):
 *   BT.601:  Kr = 0.299,  Kb = 0.114
 *   BT.709:  Kr = 0.2126, Kb = 0.0722
 *   BT.2020: Kr = 0.2627, Kb = 0.0593
 * full ("wide") range, R, G, B, Y, U, V in 0..255:
 *   Y = Kr R + Kg G + Kb B
 *   U = 128 + (B - Y) / (2 (1 - Kb))          V = 128 + (R - Y) / (2 (1 - Kr))
 * video ("narrow") range: Y = 16 + 219/255 (Kr R + Kg G + Kb B), and U, V as above scaled by
 * 224/255. The inverse is the exact inverse of those formulas:
 *   R = Y' + 2 (1 - Kr) V'
 *   G = Y' - 2 Kb (1 - Kb) / Kg U' - 2 Kr (1 - Kr) / Kg V'
 *   B = Y' + 2 (1 - Kb) U'
 * with Y' = (Y - 16) * 255/219, U' = (U - 128) * 255/224 (narrow) or Y' = Y, U' = U - 128 (wide).
 * Coefficients are used in fixed point with 14 fractional bits; results round half up and
 * clamp to 0..255, so they stay within 1 of the real-valued formulas.
 * A user matrix (aclemu_csc_affine, hi_mpi HI_CSC_MATRIX_USER) is applied in doubles instead:
 * out = M * in + bias, rounded half up, clamped to 0..255.
 */
#include "emu.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "dvpp_formats.h"
#include "dvpp_vpc.h"

#define CSC_ONE (1 << ACLEMU_CSC_SHIFT)

/* ------------------------------------------------------------ format table */

#define SP(fmt, sx, sy, u, v) {fmt, #fmt, ACLEMU_LAYOUT_YUV_SEMIPLANAR, 1, sx, sy, true, false, {0, u, v, -1}}
#define P422(fmt, y0, u, v, y1) {fmt, #fmt, ACLEMU_LAYOUT_YUV_PACKED422, 2, 1, 0, true, false, {y0, u, v, y1}}
#define RGB(fmt, bpp, r, g, b, a) {fmt, #fmt, ACLEMU_LAYOUT_RGB_PACKED, bpp, 0, 0, false, (a) >= 0, {r, g, b, a}}

static const aclemu_pixfmt pixfmt_table[] = {
    {PIXEL_FORMAT_YUV_400, "PIXEL_FORMAT_YUV_400", ACLEMU_LAYOUT_YUV_SEMIPLANAR, 1, 0, 0, false, false,
     {0, -1, -1, -1}},
    SP(PIXEL_FORMAT_YUV_SEMIPLANAR_420, 1, 1, 0, 1),
    SP(PIXEL_FORMAT_YVU_SEMIPLANAR_420, 1, 1, 1, 0),
    SP(PIXEL_FORMAT_YUV_SEMIPLANAR_422, 1, 0, 0, 1),
    SP(PIXEL_FORMAT_YVU_SEMIPLANAR_422, 1, 0, 1, 0),
    SP(PIXEL_FORMAT_YUV_SEMIPLANAR_444, 0, 0, 0, 1),
    SP(PIXEL_FORMAT_YVU_SEMIPLANAR_444, 0, 0, 1, 0),
    P422(PIXEL_FORMAT_YUYV_PACKED_422, 0, 1, 3, 2),
    P422(PIXEL_FORMAT_UYVY_PACKED_422, 1, 0, 2, 3),
    P422(PIXEL_FORMAT_YVYU_PACKED_422, 0, 3, 1, 2),
    P422(PIXEL_FORMAT_VYUY_PACKED_422, 1, 2, 0, 3),
    {PIXEL_FORMAT_YUV_PACKED_444, "PIXEL_FORMAT_YUV_PACKED_444", ACLEMU_LAYOUT_YUV_PACKED444, 3, 0, 0, true, false,
     {0, 1, 2, -1}},
    RGB(PIXEL_FORMAT_RGB_888, 3, 0, 1, 2, -1),
    RGB(PIXEL_FORMAT_BGR_888, 3, 2, 1, 0, -1),
    RGB(PIXEL_FORMAT_ARGB_8888, 4, 1, 2, 3, 0),
    RGB(PIXEL_FORMAT_ABGR_8888, 4, 3, 2, 1, 0),
    RGB(PIXEL_FORMAT_RGBA_8888, 4, 0, 1, 2, 3),
    RGB(PIXEL_FORMAT_BGRA_8888, 4, 2, 1, 0, 3),
};

const aclemu_pixfmt *aclemu_pixfmt_get(acldvppPixelFormat format)
{
    for (size_t i = 0; i < sizeof pixfmt_table / sizeof pixfmt_table[0]; ++i) {
        if (pixfmt_table[i].format == format) {
            return &pixfmt_table[i];
        }
    }
    return NULL;
}

const char *aclemu_pixfmt_name(acldvppPixelFormat format)
{
    const aclemu_pixfmt *f = aclemu_pixfmt_get(format);
    return f != NULL ? f->name : "an unsupported format";
}

uint32_t aclemu_pixfmt_min_width_stride(const aclemu_pixfmt *f, uint32_t width)
{
    return width * f->bytes_per_pixel;
}

size_t aclemu_pixfmt_buffer_size(const aclemu_pixfmt *f, uint32_t width_stride, uint32_t height_stride)
{
    size_t plane = (size_t)width_stride * height_stride;
    if (f->layout != ACLEMU_LAYOUT_YUV_SEMIPLANAR || !f->has_chroma) {
        return plane;
    }
    /* chroma plane: two bytes per chroma sample over (ws >> sx) x (hs >> sy) */
    return plane + plane * 2 / ((size_t)1 << (f->chroma_shift_x + f->chroma_shift_y));
}

uint8_t *aclemu_image_chroma(const aclemu_image *img)
{
    if (img->fmt->layout != ACLEMU_LAYOUT_YUV_SEMIPLANAR || !img->fmt->has_chroma) {
        return NULL;
    }
    return img->data + (size_t)img->width_stride * img->height_stride;
}

/* ------------------------------------------------------------------- views */

static uint32_t shifted_up(uint32_t n, unsigned shift)
{
    return (n + (1u << shift) - 1) >> shift;
}

static void view_channel(aclemu_view *v, int c, uint8_t *p, size_t stride, uint32_t step)
{
    v->chan[c] = p;
    v->stride[c] = stride;
    v->step[c] = step;
}

int aclemu_image_views(const aclemu_image *img, aclemu_view views[2])
{
    const aclemu_pixfmt *f = img->fmt;
    const int8_t *off = f->offset;
    size_t ws = img->width_stride;
    memset(views, 0, 2 * sizeof views[0]);
    if (f->layout == ACLEMU_LAYOUT_RGB_PACKED) {
        aclemu_view *v = &views[0];
        v->width = img->width;
        v->height = img->height;
        v->channels = 4;
        for (int c = 0; c < 4; ++c) {
            if (off[c] >= 0) {
                view_channel(v, c, img->data + off[c], ws, f->bytes_per_pixel);
            }
        }
        v->fill[3] = 255;
        return 1;
    }
    aclemu_view *y = &views[0];
    aclemu_view *uv = &views[1];
    y->width = img->width;
    y->height = img->height;
    y->channels = 1;
    uv->width = shifted_up(img->width, f->chroma_shift_x);
    uv->height = shifted_up(img->height, f->chroma_shift_y);
    uv->channels = 2;
    uv->fill[0] = uv->fill[1] = 128;
    switch (f->layout) {
    case ACLEMU_LAYOUT_YUV_SEMIPLANAR:
        view_channel(y, 0, img->data, ws, 1);
        if (f->has_chroma) {
            /* a chroma line holds (width >> sx) U,V pairs: 2 * ws >> sx bytes */
            uint8_t *chroma = aclemu_image_chroma(img);
            size_t chroma_stride = (2 * ws) >> f->chroma_shift_x;
            view_channel(uv, 0, chroma + off[1], chroma_stride, 2);
            view_channel(uv, 1, chroma + off[2], chroma_stride, 2);
        }
        break;
    case ACLEMU_LAYOUT_YUV_PACKED422:
        view_channel(y, 0, img->data + off[0], ws, 2);
        view_channel(uv, 0, img->data + off[1], ws, 4);
        view_channel(uv, 1, img->data + off[2], ws, 4);
        break;
    default: /* packed 444 */
        view_channel(y, 0, img->data + off[0], ws, 3);
        view_channel(uv, 0, img->data + off[1], ws, 3);
        view_channel(uv, 1, img->data + off[2], ws, 3);
        break;
    }
    return 2;
}

aclemu_view aclemu_view_sub(const aclemu_view *v, uint32_t x, uint32_t y, uint32_t w, uint32_t h)
{
    aclemu_view out = *v;
    out.width = w;
    out.height = h;
    for (int c = 0; c < v->channels; ++c) {
        if (v->chan[c] != NULL) {
            out.chan[c] = v->chan[c] + (size_t)y * v->stride[c] + (size_t)x * v->step[c];
        }
    }
    return out;
}

/* ---------------------------------------------------------------------- CSC */

static aclemu_csc csc_table[6];
static pthread_once_t csc_once = PTHREAD_ONCE_INIT;

static int32_t fixed(double x)
{
    return (int32_t)lround(x * CSC_ONE);
}

static void csc_build(aclemu_csc *m, double kr, double kb, bool narrow)
{
    double kg = 1.0 - kr - kb;
    double ys = narrow ? 219.0 / 255.0 : 1.0; /* luma scale */
    double cs = narrow ? 224.0 / 255.0 : 1.0; /* chroma scale */
    double cb = cs / (2.0 * (1.0 - kb));
    double cr = cs / (2.0 * (1.0 - kr));
    double fwd[3][3] = {
        {ys * kr, ys * kg, ys * kb},
        {-cb * kr, -cb * kg, cb * (1.0 - kb)},
        {cr * (1.0 - kr), -cr * kg, -cr * kb},
    };
    double iy = 1.0 / ys;
    double ic = 1.0 / cs;
    double inv[3][3] = {
        {iy, 0.0, ic * 2.0 * (1.0 - kr)},
        {iy, -ic * 2.0 * kb * (1.0 - kb) / kg, -ic * 2.0 * kr * (1.0 - kr) / kg},
        {iy, ic * 2.0 * (1.0 - kb), 0.0},
    };
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
            m->rgb2yuv[i][j] = fixed(fwd[i][j]);
            m->yuv2rgb[i][j] = fixed(inv[i][j]);
        }
    }
    m->y_offset = narrow ? 16 : 0;
}

static void csc_init(void)
{
    static const double k[3][2] = {{0.299, 0.114}, {0.2126, 0.0722}, {0.2627, 0.0593}};
    for (int i = 0; i < 6; ++i) {
        /* acldvppCscMatrix: even values are wide (full) range, odd narrow */
        csc_build(&csc_table[i], k[i / 2][0], k[i / 2][1], (i & 1) != 0);
    }
}

const aclemu_csc *aclemu_csc_get(int matrix)
{
    pthread_once(&csc_once, csc_init);
    if (matrix < 0 || matrix >= 6) {
        matrix = ACL_DVPP_CSC_MATRIX_BT601_NARROW;
    }
    return &csc_table[matrix];
}

/* -------------------------------------------------------- view conversions */

static inline uint8_t sample(const aclemu_view *v, int c, uint32_t x, uint32_t y)
{
    return v->chan[c] != NULL ? v->chan[c][(size_t)y * v->stride[c] + (size_t)x * v->step[c]] : v->fill[c];
}

static inline void put(const aclemu_view *v, int c, uint32_t x, uint32_t y, uint8_t value)
{
    if (v->chan[c] != NULL) {
        v->chan[c][(size_t)y * v->stride[c] + (size_t)x * v->step[c]] = value;
    }
}

/* Either a named matrix (fixed point) or a user affine transform (doubles). */
typedef struct csc_op {
    const aclemu_csc *m;
    const aclemu_csc_affine *user;
} csc_op;

static uint8_t affine_round(double v)
{
    double r = floor(v + 0.5);
    if (!(r > 0.0)) { /* also a NaN, which the caller never passes */
        return 0;
    }
    return r >= 255.0 ? 255 : (uint8_t)r;
}

static void affine_pixel(const double k[3][4], int a, int b, int c, uint8_t out[3])
{
    for (int i = 0; i < 3; ++i) {
        out[i] = affine_round(k[i][0] * a + k[i][1] * b + k[i][2] * c + k[i][3]);
    }
}

/* Scratch full-resolution planes: 3 (or 4) contiguous w x h planes as one view. */
static uint8_t *scratch_view(aclemu_view *v, uint32_t w, uint32_t h, int channels, const char *fn)
{
    uint8_t *buf = malloc((size_t)w * h * (size_t)channels + 1);
    if (buf == NULL) {
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: no memory for a %ux%u conversion buffer", fn, w, h);
        return NULL;
    }
    memset(v, 0, sizeof *v);
    v->width = w;
    v->height = h;
    v->channels = (uint8_t)channels;
    for (int c = 0; c < channels; ++c) {
        view_channel(v, c, buf + (size_t)c * w * h, w, 1);
    }
    return buf;
}

static aclError yuv_to_rgb_views(const aclemu_view src[2], const aclemu_view *dst, csc_op op, const char *fn)
{
    uint32_t w = src[0].width;
    uint32_t h = src[0].height;
    aclemu_view full_uv;
    uint8_t *buf = scratch_view(&full_uv, w, h, 2, fn);
    if (buf == NULL) {
        return ACL_ERROR_BAD_ALLOC;
    }
    aclError ret = aclemu_vpc_resample(&src[1], &full_uv, ACLEMU_INTERP_BILINEAR, fn);
    for (uint32_t y = 0; ret == ACL_SUCCESS && y < h; ++y) {
        for (uint32_t x = 0; x < w; ++x) {
            uint8_t rgb[3];
            int yy = sample(&src[0], 0, x, y);
            int u = sample(&full_uv, 0, x, y);
            int v = sample(&full_uv, 1, x, y);
            if (op.user != NULL) {
                affine_pixel(op.user->yuv2rgb, yy, u, v, rgb);
            } else {
                aclemu_csc_yuv_to_rgb(op.m, yy, u, v, &rgb[0], &rgb[1], &rgb[2]);
            }
            for (int c = 0; c < 3; ++c) {
                put(dst, c, x, y, rgb[c]);
            }
            put(dst, 3, x, y, 255);
        }
    }
    free(buf);
    return ret;
}

static aclError rgb_to_yuv_views(const aclemu_view *src, const aclemu_view dst[2], csc_op op, const char *fn)
{
    uint32_t w = src->width;
    uint32_t h = src->height;
    aclemu_view yuv;
    uint8_t *buf = scratch_view(&yuv, w, h, 3, fn);
    if (buf == NULL) {
        return ACL_ERROR_BAD_ALLOC;
    }
    for (uint32_t y = 0; y < h; ++y) {
        for (uint32_t x = 0; x < w; ++x) {
            size_t i = (size_t)y * w + x;
            int r = sample(src, 0, x, y);
            int g = sample(src, 1, x, y);
            int b = sample(src, 2, x, y);
            if (op.user != NULL) {
                uint8_t out[3];
                affine_pixel(op.user->rgb2yuv, r, g, b, out);
                yuv.chan[0][i] = out[0];
                yuv.chan[1][i] = out[1];
                yuv.chan[2][i] = out[2];
            } else {
                aclemu_csc_rgb_to_yuv(op.m, r, g, b, &yuv.chan[0][i], &yuv.chan[1][i], &yuv.chan[2][i]);
            }
        }
    }
    aclemu_view luma = yuv;
    luma.channels = 1;
    aclemu_vpc_copy(&luma, &dst[0]);
    aclemu_view chroma = yuv;
    chroma.channels = 2;
    view_channel(&chroma, 0, yuv.chan[1], w, 1);
    view_channel(&chroma, 1, yuv.chan[2], w, 1);
    aclError ret = aclemu_vpc_resample(&chroma, &dst[1], ACLEMU_INTERP_BILINEAR, fn);
    free(buf);
    return ret;
}

aclError aclemu_views_convert(const aclemu_view *src, int src_count, const aclemu_view *dst, int dst_count, int matrix,
                              const char *fn)
{
    return aclemu_views_convert_affine(src, src_count, dst, dst_count, matrix, NULL, fn);
}

aclError aclemu_views_convert_affine(const aclemu_view *src, int src_count, const aclemu_view *dst, int dst_count,
                                     int matrix, const aclemu_csc_affine *user, const char *fn)
{
    if (src_count == 2 && dst_count == 2) {
        aclemu_vpc_copy(&src[0], &dst[0]);
        return aclemu_vpc_resample(&src[1], &dst[1], ACLEMU_INTERP_BILINEAR, fn);
    }
    if (src_count == 1 && dst_count == 1) {
        aclemu_vpc_copy(&src[0], &dst[0]);
        return ACL_SUCCESS;
    }
    csc_op op = {user != NULL ? NULL : aclemu_csc_get(matrix), user};
    return src_count == 2 ? yuv_to_rgb_views(src, &dst[0], op, fn) : rgb_to_yuv_views(&src[0], dst, op, fn);
}

/* ------------------------------------------------------- picture conversions */

static aclError same_size(uint32_t sw, uint32_t sh, const aclemu_image *dst, const char *fn)
{
    if (sw != dst->width || sh != dst->height) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: source is %ux%u but the target picture is %ux%u", fn,
                                sw, sh, dst->width, dst->height);
    }
    return ACL_SUCCESS;
}

aclError aclemu_image_convert(const aclemu_image *src, const aclemu_image *dst, int matrix, const char *fn)
{
    aclError ret = same_size(src->width, src->height, dst, fn);
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    aclemu_view sv[2];
    aclemu_view dv[2];
    int sn = aclemu_image_views(src, sv);
    int dn = aclemu_image_views(dst, dv);
    return aclemu_views_convert(sv, sn, dv, dn, matrix, fn);
}

/* Views of planar YUV: Y and a two-channel U,V view over the separate planes. */
static int planar_views(const aclemu_planar_yuv *p, aclemu_view v[2])
{
    memset(v, 0, 2 * sizeof v[0]);
    v[0].width = p->width;
    v[0].height = p->height;
    v[0].channels = 1;
    view_channel(&v[0], 0, p->plane[0], p->linesize[0], 1);
    v[1].width = shifted_up(p->width, p->chroma_shift_x);
    v[1].height = shifted_up(p->height, p->chroma_shift_y);
    v[1].channels = 2;
    v[1].fill[0] = v[1].fill[1] = 128;
    if (p->plane[1] != NULL && p->plane[2] != NULL) {
        view_channel(&v[1], 0, p->plane[1], p->linesize[1], 1);
        view_channel(&v[1], 1, p->plane[2], p->linesize[2], 1);
    }
    return 2;
}

aclError aclemu_planar_to_image(const aclemu_planar_yuv *src, const aclemu_image *dst, const char *fn)
{
    aclError ret = same_size(src->width, src->height, dst, fn);
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    aclemu_view sv[2];
    aclemu_view dv[2];
    planar_views(src, sv);
    int dn = aclemu_image_views(dst, dv);
    return aclemu_views_convert(sv, 2, dv, dn, ACL_DVPP_CSC_MATRIX_BT601_WIDE, fn);
}

aclError aclemu_image_to_planar(const aclemu_image *src, const aclemu_planar_yuv *dst, int matrix, const char *fn)
{
    if (src->width != dst->width || src->height != dst->height) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: picture is %ux%u but the target planes are %ux%u", fn,
                                src->width, src->height, dst->width, dst->height);
    }
    aclemu_view sv[2];
    aclemu_view dv[2];
    int sn = aclemu_image_views(src, sv);
    planar_views(dst, dv);
    return aclemu_views_convert(sv, sn, dv, 2, matrix, fn);
}

aclError aclemu_interleaved_to_image(const uint8_t *src, size_t src_stride, int channels, const aclemu_image *dst,
                                     int matrix, const char *fn)
{
    if (channels < 1 || channels > 4) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %d channels per pixel is not supported", fn, channels);
    }
    /* gray (+alpha) reads its one value as R, G and B */
    static const int8_t layout[5][4] = {{0}, {0, 0, 0, -1}, {0, 0, 0, 1}, {0, 1, 2, -1}, {0, 1, 2, 3}};
    aclemu_view sv;
    memset(&sv, 0, sizeof sv);
    sv.width = dst->width;
    sv.height = dst->height;
    sv.channels = 4;
    sv.fill[3] = 255;
    for (int c = 0; c < 4; ++c) {
        if (layout[channels][c] >= 0) {
            view_channel(&sv, c, (uint8_t *)src + layout[channels][c], src_stride, (uint32_t)channels);
        }
    }
    aclemu_view dv[2];
    int dn = aclemu_image_views(dst, dv);
    return aclemu_views_convert(&sv, 1, dv, dn, matrix, fn);
}
