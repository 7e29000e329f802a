/*
 * hi_mpi VPC drawing: draw_line, draw_cover, draw_mosaic, draw_osd, and the primitives the regions
 * (himpi_region.c) draw with.
 *
 * Choices where the documentation is silent (also in docs/himpi_vpc_filters.md):
 *  - dst receives src (same format and size; the same buffer is fine), then the shapes in order;
 *  - pictures: YUV400, YUV420SP (NV12, NV21: listed for each drawing by the runtime's
 *    documentation; drawn at full resolution, chroma replicated over its 2x2 blocks, then each
 *    chroma block takes its mean, himpi_vpc_pixels.c), RGB888, BGR888;
 *  - colours are 0xRRGGBB; on YUV pictures the Y, U, V of BT.601 video range (the VPC's default
 *    matrix);
 *  - every shape must lie inside the picture (no clipping); count is 1..256;
 *  - a line of thickness t covers the samples whose centre lies within t / 2 of the segment
 *    (exact integer test), t in 1..64; a hollow quadrilateral is its four edges drawn so;
 *    a solid one the samples inside or on its (convex) outline;
 *  - a mosaic block (4 << blk_size samples a side, from the rectangle's top-left, cut at its edge)
 *    takes the mean of its samples per channel, rounded half up;
 *  - an OSD bitmap is ARGB8888 (bytes A, R, G, B), ARGB1555 or ARGB4444 (little-endian words), or
 *    ARGB_CLUT2 / ARGB_CLUT4: 2- / 4-bit indices into hi_osd_param.clut (0xAARRGGBB entries),
 *    the first sample of a byte in its most significant bits, a line at least
 *    ceil(width * bits / 8) bytes (the documented stride is width / 4 or width / 2);
 *    sample alpha a (1555: fg_alpha where the alpha bit is set, bg_alpha elsewhere) blends as
 *    (a * colour + (255 - a) * picture + 127) / 255;
 *  - osd_inverted_color (RGB, ALPHA, ALL: "inversion" of those channels of the OSD, per the
 *    documentation) replaces each 8-bit R, G, B and / or A of the bitmap sample by 255 minus it
 *    before the blend.
 */
#include "emu.h"

#include <stdlib.h>
#include <string.h>

#include "himpi_vpc_pixels.h"

enum { DRAW_MAX_COUNT = 256, LINE_MAX_THICK = 64 };

static void color_of(const himpi_pixels *p, uint32_t color, uint8_t out[3])
{
    int r = (int)((color >> 16) & 0xff);
    int g = (int)((color >> 8) & 0xff);
    int b = (int)(color & 0xff);
    if (p->format != HI_PIXEL_FORMAT_RGB_888 && p->format != HI_PIXEL_FORMAT_BGR_888) {
        uint8_t u;
        uint8_t v;
        aclemu_csc_rgb_to_yuv(aclemu_csc_get(ACL_DVPP_CSC_MATRIX_BT601_NARROW), r, g, b, &out[0], &u, &v);
        bool vu = p->format == HI_PIXEL_FORMAT_YVU_SEMIPLANAR_420;
        out[1] = vu ? v : u;
        out[2] = vu ? u : v;
        return;
    }
    bool bgr = p->format == HI_PIXEL_FORMAT_BGR_888;
    out[0] = (uint8_t)(bgr ? b : r);
    out[1] = (uint8_t)g;
    out[2] = (uint8_t)(bgr ? r : b);
}

static void put(const himpi_pixels *p, int64_t x, int64_t y, const uint8_t c[3])
{
    memcpy(p->data + (size_t)y * p->stride + (size_t)x * p->bpp, c, p->bpp);
}

static bool inside(const himpi_pixels *p, int64_t x, int64_t y)
{
    return x >= 0 && y >= 0 && x < p->width && y < p->height;
}

static hi_s32 rect_check(const himpi_pixels *p, const hi_rect *r, const char *fn, const char *what)
{
    if (r->x < 0 || r->y < 0 || r->width < 1 || r->height < 1 || (uint64_t)r->x + r->width > p->width ||
        (uint64_t)r->y + r->height > p->height) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: %s (%d,%d %ux%u) must lie inside the %ux%u picture",
                                fn, what, r->x, r->y, r->width, r->height, p->width, p->height);
    }
    return HI_SUCCESS;
}

static hi_s32 point_check(const himpi_pixels *p, const hi_point *pt, const char *fn)
{
    if (!inside(p, pt->x, pt->y)) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: point (%d,%d) is outside the %ux%u picture",
                                fn, pt->x, pt->y, p->width, p->height);
    }
    return HI_SUCCESS;
}

/* Whether (x, y) lies within thick / 2 of the segment a-b, in integers. */
static bool near_segment(int64_t x, int64_t y, const hi_point *a, const hi_point *b, int64_t thick)
{
    int64_t dx = (int64_t)b->x - a->x;
    int64_t dy = (int64_t)b->y - a->y;
    int64_t px = x - a->x;
    int64_t py = y - a->y;
    int64_t len2 = dx * dx + dy * dy;
    int64_t dot = px * dx + py * dy;
    if (len2 == 0 || dot <= 0) {
        return 4 * (px * px + py * py) <= thick * thick;
    }
    if (dot >= len2) {
        int64_t qx = x - b->x;
        int64_t qy = y - b->y;
        return 4 * (qx * qx + qy * qy) <= thick * thick;
    }
    int64_t cross = px * dy - py * dx;
    return 4 * cross * cross <= thick * thick * len2;
}

static void draw_segment(const himpi_pixels *p, const hi_point *a, const hi_point *b, uint32_t thick, const uint8_t c[3])
{
    int64_t reach = thick / 2 + 1;
    int64_t x0 = (a->x < b->x ? a->x : b->x) - reach;
    int64_t x1 = (a->x > b->x ? a->x : b->x) + reach;
    int64_t y0 = (a->y < b->y ? a->y : b->y) - reach;
    int64_t y1 = (a->y > b->y ? a->y : b->y) + reach;
    for (int64_t y = y0; y <= y1; y++) {
        for (int64_t x = x0; x <= x1; x++) {
            if (inside(p, x, y) && near_segment(x, y, a, b, thick)) {
                put(p, x, y, c);
            }
        }
    }
}

static hi_s32 thick_check(uint32_t thick, const char *fn)
{
    if (thick < 1 || thick > LINE_MAX_THICK) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: thick %u is outside [1, %d]", fn, thick,
                                LINE_MAX_THICK);
    }
    return HI_SUCCESS;
}

static void fill_quad(const himpi_pixels *p, const hi_point pt[4], const uint8_t c[3])
{
    int64_t x0 = pt[0].x;
    int64_t x1 = pt[0].x;
    int64_t y0 = pt[0].y;
    int64_t y1 = pt[0].y;
    for (int i = 1; i < 4; i++) {
        x0 = pt[i].x < x0 ? pt[i].x : x0;
        x1 = pt[i].x > x1 ? pt[i].x : x1;
        y0 = pt[i].y < y0 ? pt[i].y : y0;
        y1 = pt[i].y > y1 ? pt[i].y : y1;
    }
    for (int64_t y = y0; y <= y1; y++) {
        for (int64_t x = x0; x <= x1; x++) {
            bool pos = true;
            bool neg = true;
            for (int i = 0; i < 4; i++) {
                const hi_point *a = &pt[i];
                const hi_point *b = &pt[(i + 1) % 4];
                int64_t cross = ((int64_t)b->x - a->x) * (y - a->y) - ((int64_t)b->y - a->y) * (x - a->x);
                pos = pos && cross >= 0;
                neg = neg && cross <= 0;
            }
            if (pos || neg) {
                put(p, x, y, c);
            }
        }
    }
}

hi_s32 himpi_draw_cover(const himpi_pixels *p, const hi_cover *cover, const char *fn)
{
    uint8_t c[3];
    color_of(p, cover->color, c);
    if (cover->type == HI_COVER_RECT) {
        hi_s32 ret = rect_check(p, &cover->rect, fn, "cover rect");
        for (uint32_t y = 0; ret == HI_SUCCESS && y < cover->rect.height; y++) {
            for (uint32_t x = 0; x < cover->rect.width; x++) {
                put(p, (int64_t)cover->rect.x + x, (int64_t)cover->rect.y + y, c);
            }
        }
        return ret;
    }
    if (cover->type != HI_COVER_QUAD) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: cover type %d (0 rect, 1 quad)", fn,
                                (int)cover->type);
    }
    const hi_quad_cover *q = &cover->quad;
    for (int i = 0; i < 4; i++) {
        hi_s32 ret = point_check(p, &q->point[i], fn);
        if (ret != HI_SUCCESS) {
            return ret;
        }
    }
    if (q->is_solid) {
        fill_quad(p, q->point, c);
        return HI_SUCCESS;
    }
    hi_s32 ret = thick_check(q->thick, fn);
    for (int i = 0; ret == HI_SUCCESS && i < 4; i++) {
        draw_segment(p, &q->point[i], &q->point[(i + 1) % 4], q->thick, c);
    }
    return ret;
}

hi_s32 himpi_draw_mosaic(const himpi_pixels *p, const hi_mosaic *mosaic, const char *fn)
{
    if (mosaic->blk_size < HI_BLK_SIZE_4 || mosaic->blk_size > HI_BLK_SIZE_128) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: blk_size %d is not in [0, 5]", fn,
                                (int)mosaic->blk_size);
    }
    const hi_rect *r = &mosaic->rect;
    hi_s32 ret = rect_check(p, r, fn, "mosaic rect");
    if (ret != HI_SUCCESS) {
        return ret;
    }
    uint32_t blk = 4u << mosaic->blk_size;
    for (uint32_t by = 0; by < r->height; by += blk) {
        for (uint32_t bx = 0; bx < r->width; bx += blk) {
            uint32_t w = r->width - bx < blk ? r->width - bx : blk;
            uint32_t h = r->height - by < blk ? r->height - by : blk;
            uint8_t *first = p->data + (size_t)(r->y + by) * p->stride + (size_t)(r->x + bx) * p->bpp;
            for (uint32_t c = 0; c < p->bpp; c++) {
                uint64_t sum = 0;
                for (uint32_t y = 0; y < h; y++) {
                    for (uint32_t x = 0; x < w; x++) {
                        sum += first[(size_t)y * p->stride + (size_t)x * p->bpp + c];
                    }
                }
                uint64_t n = (uint64_t)w * h;
                uint8_t mean = (uint8_t)((2 * sum + n) / (2 * n));
                for (uint32_t y = 0; y < h; y++) {
                    for (uint32_t x = 0; x < w; x++) {
                        first[(size_t)y * p->stride + (size_t)x * p->bpp + c] = mean;
                    }
                }
            }
        }
    }
    return HI_SUCCESS;
}

/* Bits a bitmap sample takes, 0 for formats other than the OSD's. */
static uint32_t bitmap_bits(hi_pixel_format format)
{
    switch (format) {
    case HI_PIXEL_FORMAT_ARGB_8888:
        return 32;
    case HI_PIXEL_FORMAT_ARGB_1555:
    case HI_PIXEL_FORMAT_ARGB_4444:
        return 16;
    case HI_PIXEL_FORMAT_ARGB_CLUT4:
        return 4;
    case HI_PIXEL_FORMAT_ARGB_CLUT2:
        return 2;
    default:
        return 0;
    }
}

/* Sample x of a bitmap line as 0xAARRGGBB (alpha already resolved). */
static uint32_t bitmap_sample(const himpi_bitmap *bm, const uint8_t *line, uint32_t x)
{
    switch (bm->format) {
    case HI_PIXEL_FORMAT_ARGB_8888: {
        const uint8_t *s = line + (size_t)x * 4;
        return (uint32_t)s[0] << 24 | (uint32_t)s[1] << 16 | (uint32_t)s[2] << 8 | s[3];
    }
    case HI_PIXEL_FORMAT_ARGB_1555: {
        uint32_t w = (uint32_t)line[(size_t)x * 2] | (uint32_t)line[(size_t)x * 2 + 1] << 8;
        uint32_t r5 = (w >> 10) & 31;
        uint32_t g5 = (w >> 5) & 31;
        uint32_t b5 = w & 31;
        uint32_t a = (w & 0x8000) ? bm->fg_alpha : bm->bg_alpha;
        return a << 24 | (r5 << 3 | r5 >> 2) << 16 | (g5 << 3 | g5 >> 2) << 8 | (b5 << 3 | b5 >> 2);
    }
    case HI_PIXEL_FORMAT_ARGB_4444: {
        uint32_t w = (uint32_t)line[(size_t)x * 2] | (uint32_t)line[(size_t)x * 2 + 1] << 8;
        return ((w >> 12) & 15) * 17 << 24 | ((w >> 8) & 15) * 17 << 16 | ((w >> 4) & 15) * 17 << 8 | (w & 15) * 17;
    }
    default: {
        uint32_t bits = bm->format == HI_PIXEL_FORMAT_ARGB_CLUT4 ? 4 : 2;
        uint32_t per_byte = 8 / bits;
        uint32_t shift = 8 - bits * (x % per_byte + 1);
        uint32_t index = (line[x / per_byte] >> shift) & ((1u << bits) - 1);
        return bm->clut[index];
    }
    }
}

hi_s32 himpi_draw_bitmap(const himpi_pixels *p, const hi_rect *rect, const himpi_bitmap *bm, const char *fn)
{
    uint32_t bits = bitmap_bits(bm->format);
    bool clut = bits < 8;
    if (bits == 0 || (clut && bm->clut == NULL)) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NOT_SUPPORT,
                                "%s: bitmap format %d is not supported (ARGB8888, ARGB1555, ARGB4444%s)", fn,
                                (int)bm->format, bm->clut != NULL ? ", ARGB_CLUT2, ARGB_CLUT4" : "");
    }
    if (bm->invert < HI_OSD_INVERTED_COLOR_NONE || bm->invert > HI_OSD_INVERTED_COLOR_ALL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: osd_inverted_color %d is not in [0, 3]", fn,
                                (int)bm->invert);
    }
    hi_s32 ret = rect_check(p, rect, fn, "bitmap rect");
    if (ret != HI_SUCCESS) {
        return ret;
    }
    uint64_t line_bytes = ((uint64_t)rect->width * bits + 7) / 8;
    if (bm->fg_alpha > 255 || bm->bg_alpha > 255 || bm->stride < line_bytes || bm->bits == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM,
                                "%s: bitmap %p stride %u (>= %llu), fg_alpha %u / bg_alpha %u (<= 255) refused", fn,
                                (const void *)bm->bits, bm->stride, (unsigned long long)line_bytes, bm->fg_alpha,
                                bm->bg_alpha);
    }
    aclError check = aclemu_mem_check(bm->bits, (size_t)bm->stride * rect->height, false, fn, "bitmap");
    if (check != ACL_SUCCESS) {
        return himpi_vpc_code(check);
    }
    uint32_t flip = (bm->invert == HI_OSD_INVERTED_COLOR_RGB || bm->invert == HI_OSD_INVERTED_COLOR_ALL ? 0xffffffu
                                                                                                        : 0u) |
                    (bm->invert == HI_OSD_INVERTED_COLOR_ALPHA || bm->invert == HI_OSD_INVERTED_COLOR_ALL ? 0xff000000u
                                                                                                          : 0u);
    for (uint32_t y = 0; y < rect->height; y++) {
        const uint8_t *line = bm->bits + (size_t)y * bm->stride;
        for (uint32_t x = 0; x < rect->width; x++) {
            uint32_t argb = bitmap_sample(bm, line, x) ^ flip;
            uint32_t a = argb >> 24;
            uint8_t c[3];
            color_of(p, argb & 0xffffffu, c);
            uint8_t *d = p->data + (size_t)(rect->y + y) * p->stride + (size_t)(rect->x + x) * p->bpp;
            for (uint32_t k = 0; k < p->bpp; k++) {
                d[k] = (uint8_t)((a * c[k] + (255 - a) * d[k] + 127) / 255);
            }
        }
    }
    return HI_SUCCESS;
}

/* ------------------------------------------------------------------ the operations */

/* Shape i of `items`; ctx is the operation's parameter struct. */
typedef hi_s32 (*draw_item_fn)(const himpi_pixels *p, const void *items, uint32_t i, const void *ctx, const char *fn);

static hi_s32 draw_call(hi_vpc_chn chn, const hi_vpc_pic_info *src, const hi_vpc_pic_info *dst, uint32_t count,
                        const void *items, size_t item_size, draw_item_fn item, const void *ctx, hi_u32 *task_id,
                        const char *fn)
{
    if (items == NULL || task_id == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: %s is NULL", fn,
                                items == NULL ? "the shape array" : "task_id");
    }
    if (count < 1 || count > DRAW_MAX_COUNT) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: count %u is outside [1, %d]", fn, count,
                                DRAW_MAX_COUNT);
    }
    aclError check = aclemu_mem_check(items, item_size * count, false, fn, "the shape array");
    if (check != ACL_SUCCESS) {
        return himpi_vpc_code(check);
    }
    vpc_chn *obj = himpi_vpc_acquire(chn, fn);
    if (obj == NULL) {
        return (hi_s32)HI_ERR_VPC_UNEXIST;
    }
    himpi_frame s;
    himpi_frame d;
    hi_s32 ret = himpi_frame_pair(src, dst, fn, &s, &d);
    if (ret == HI_SUCCESS && s.px.data != d.px.data) {
        for (uint32_t y = 0; y < s.px.height; y++) {
            memmove(d.px.data + (size_t)y * d.px.stride, s.px.data + (size_t)y * s.px.stride,
                    (size_t)s.px.width * s.px.bpp);
        }
    }
    for (uint32_t i = 0; ret == HI_SUCCESS && i < count; i++) {
        ret = item(&d.px, items, i, ctx, fn);
    }
    if (ret == HI_SUCCESS) {
        himpi_frame_store(&d);
        ret = himpi_vpc_done(chn, dst, task_id, fn);
    }
    himpi_frame_free(&s);
    himpi_frame_free(&d);
    aclemu_himpi_chn_release(obj);
    return ret;
}

static hi_s32 line_item(const himpi_pixels *p, const void *items, uint32_t i, const void *ctx, const char *fn)
{
    (void)ctx;
    const hi_line *l = &((const hi_line *)items)[i];
    hi_s32 ret = point_check(p, &l->start_point, fn);
    if (ret == HI_SUCCESS) {
        ret = point_check(p, &l->end_point, fn);
    }
    if (ret == HI_SUCCESS) {
        ret = thick_check(l->thick, fn);
    }
    if (ret == HI_SUCCESS) {
        uint8_t c[3];
        color_of(p, l->color, c);
        draw_segment(p, &l->start_point, &l->end_point, l->thick, c);
    }
    return ret;
}

static hi_s32 cover_item(const himpi_pixels *p, const void *items, uint32_t i, const void *ctx, const char *fn)
{
    (void)ctx;
    return himpi_draw_cover(p, &((const hi_cover *)items)[i], fn);
}

static hi_s32 mosaic_item(const himpi_pixels *p, const void *items, uint32_t i, const void *ctx, const char *fn)
{
    (void)ctx;
    return himpi_draw_mosaic(p, &((const hi_mosaic *)items)[i], fn);
}

static hi_s32 osd_item(const himpi_pixels *p, const void *items, uint32_t i, const void *ctx, const char *fn)
{
    const hi_osd *o = &((const hi_osd *)items)[i];
    himpi_bitmap bm = {o->pixel_format,  o->picture_address, o->stride, o->fg_alpha, o->bg_alpha,
                       ((const hi_osd_param *)ctx)->clut, o->osd_inverted_color};
    return himpi_draw_bitmap(p, &o->rect, &bm, fn);
}

hi_s32 hi_mpi_vpc_draw_line(hi_vpc_chn chn, const hi_line_param *line_param, hi_u32 *task_id, hi_s32 milli_sec)
{
    (void)milli_sec; /* runs at once: never waits for room */
    const hi_line_param *p = line_param;
    return draw_call(chn, p ? &p->src : NULL, p ? &p->dst : NULL, p ? p->count : 0, p ? (const void *)p->line : NULL,
                     sizeof(hi_line), line_item, p, task_id, "hi_mpi_vpc_draw_line");
}

hi_s32 hi_mpi_vpc_draw_cover(hi_vpc_chn chn, const hi_cover_param *cover_param, hi_u32 *task_id, hi_s32 milli_sec)
{
    (void)milli_sec;
    const hi_cover_param *p = cover_param;
    return draw_call(chn, p ? &p->src : NULL, p ? &p->dst : NULL, p ? p->count : 0, p ? (const void *)p->cover : NULL,
                     sizeof(hi_cover), cover_item, p, task_id, "hi_mpi_vpc_draw_cover");
}

hi_s32 hi_mpi_vpc_draw_mosaic(hi_vpc_chn chn, const hi_mosaic_param *mosaic_param, hi_u32 *task_id, hi_s32 milli_sec)
{
    (void)milli_sec;
    const hi_mosaic_param *p = mosaic_param;
    return draw_call(chn, p ? &p->src : NULL, p ? &p->dst : NULL, p ? p->count : 0,
                     p ? (const void *)p->mosaic : NULL, sizeof(hi_mosaic), mosaic_item, p, task_id, "hi_mpi_vpc_draw_mosaic");
}

hi_s32 hi_mpi_vpc_draw_osd(hi_vpc_chn chn, hi_osd_param *osd_param, hi_u32 *task_id, hi_s32 milli_sec)
{
    (void)milli_sec;
    const hi_osd_param *p = osd_param;
    return draw_call(chn, p ? &p->src : NULL, p ? &p->dst : NULL, p ? p->count : 0, p ? (const void *)p->osd : NULL,
                     sizeof(hi_osd), osd_item, p, task_id, "hi_mpi_vpc_draw_osd");
}
