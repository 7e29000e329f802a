/*
 * What the hi_mpi VPC filter, warp and draw files share: pictures whose channels all have full
 * resolution (YUV400, RGB888, BGR888) seen as interleaved bytes, OpenCV's border rules, and the
 * end of an operation (attached regions drawn, a finished task id handed out).
 * Defined in himpi_vpc_pixels.c.
 */
#ifndef ACLEMU_HIMPI_VPC_PIXELS_H
#define ACLEMU_HIMPI_VPC_PIXELS_H

#include "himpi_vpc_internal.h"

/* Channel i of sample (x, y) is data[y * stride + x * bpp + i], i in [0, bpp): memory order, so a
 * scalar's val[i] goes to the i-th byte of a pixel as OpenCV's Scalar does. */
typedef struct himpi_pixels {
    uint8_t *data;
    uint32_t width, height, stride, bpp;
    hi_pixel_format format;
} himpi_pixels;

/* `info` checked as a picture of these operations: YUV400, RGB888 or BGR888, else
 * HI_ERR_VPC_NOT_SUPPORT; the other checks are the VPC's (size, strides, DVPP buffer). */
hi_s32 himpi_pixels_get(const hi_vpc_pic_info *info, const char *fn, const char *what, himpi_pixels *out,
                        hi_pixel_format *format);

/* src and dst checked as above, of one format and (when same_size) one size. */
hi_s32 himpi_pixels_pair(const hi_vpc_pic_info *src, const hi_vpc_pic_info *dst, bool same_size, const char *fn,
                         himpi_pixels *s, himpi_pixels *d);

/* Border index of position p on a line of n samples (OpenCV's borderInterpolate); -1 for
 * HI_BORDER_CONSTANT outside [0, n). */
int64_t himpi_border_index(int64_t p, int64_t n, int type);

/* A picture of the filters and drawings: `px` is the picture itself (YUV400, RGB888, BGR888) or,
 * for YUV420SP (NV12, NV21), a full-resolution copy of three bytes a sample (Y, then the chroma
 * pair in memory order: U, V for NV12, V, U for NV21), each chroma sample replicated over the 2x2
 * luma samples it covers; himpi_frame_store writes it back (chroma: the mean of each 2x2 block,
 * rounded half up). */
typedef struct himpi_frame {
    himpi_pixels px;
    aclemu_image img; /* the picture in DVPP memory */
    bool expanded;
} himpi_frame;

/* `info` checked as a picture of the filters / drawings (the formats above, else
 * HI_ERR_VPC_NOT_SUPPORT) and seen as a frame; release with himpi_frame_free. */
hi_s32 himpi_frame_get(const hi_vpc_pic_info *info, const char *fn, const char *what, himpi_frame *out);

/* src and dst as frames of one format and size. */
hi_s32 himpi_frame_pair(const hi_vpc_pic_info *src, const hi_vpc_pic_info *dst, const char *fn, himpi_frame *s,
                        himpi_frame *d);

/* An expanded frame's samples written back to its picture (nothing to do otherwise). */
void himpi_frame_store(const himpi_frame *f);

void himpi_frame_free(himpi_frame *f);

/* HI_ERR_VPC_ILLEGAL_PARAM unless type is a hi_vpc_bord_type. */
hi_s32 himpi_border_check(int type, const char *fn);

/* Channel c of p padded by (left, top, right, bottom) samples under the border rule `type`
 * (constant: value), as a (w + left + right) x (h + top + bottom) plane; NULL when out of memory. */
uint8_t *himpi_padded_channel(const himpi_pixels *p, uint32_t c, uint32_t left, uint32_t top, uint32_t right,
                              uint32_t bottom, int type, uint8_t value);

/* HI_ERR_VPC_ILLEGAL_PARAM unless the four sizes (source w, h -> destination w, h) are in [1, 4096]. */
hi_s32 himpi_sizes_check(uint32_t sw, uint32_t sh, uint32_t dw, uint32_t dh, const char *fn, const char *what);

/* A hi_double made a sample: rounded half up, clamped to [0, 255]. */
uint8_t himpi_sample(double v);

/* The operation on channel `chn` is done: draw the regions attached to it onto `dst` (the operation's
 * output) and hand out a finished task id. */
hi_s32 himpi_vpc_done(hi_vpc_chn chn, const hi_vpc_pic_info *dst, hi_u32 *task_id, const char *fn);

/* Drawing on pictures (himpi_vpc_draw.c), shared by the draw operations and the regions. `color`
 * is 0xRRGGBB (YUV pictures take its BT.601 video-range Y, U, V); each call checks its shape against p and
 * returns HI_ERR_VPC_ILLEGAL_PARAM (message naming fn) without drawing when it does not fit. */
hi_s32 himpi_draw_cover(const himpi_pixels *p, const hi_cover *cover, const char *fn);
hi_s32 himpi_draw_mosaic(const himpi_pixels *p, const hi_mosaic *mosaic, const char *fn);
/* A bitmap drawn by himpi_draw_bitmap: ARGB8888 (bytes A, R, G, B), ARGB1555 / ARGB4444
 * (little-endian words) or ARGB_CLUT2 / ARGB_CLUT4 (indices packed from the most significant bits
 * of each byte into `clut`, 0xAARRGGBB entries), `stride` bytes a line; ARGB1555 takes fg_alpha
 * where its alpha bit is set, bg_alpha elsewhere; `invert` (hi_osd_inverted_color) replaces the
 * sample's R, G, B and / or A by 255 minus itself before blending. */
typedef struct himpi_bitmap {
    hi_pixel_format format;
    const uint8_t *bits;
    uint32_t stride, fg_alpha, bg_alpha;
    const hi_u32 *clut; /* 16 entries; NULL refuses the CLUT formats */
    hi_osd_inverted_color invert;
} himpi_bitmap;

/* The bitmap blended at rect's corner: (a * colour + (255 - a) * picture + 127) / 255. */
hi_s32 himpi_draw_bitmap(const himpi_pixels *p, const hi_rect *rect, const himpi_bitmap *bm, const char *fn);

/* Draw the shown regions attached to VPC channel chn onto p (himpi_region.c). */
void himpi_region_draw(hi_vpc_chn chn, const himpi_pixels *p);

/* The same for an output of the image pipeline's jobs (himpi_vpc_run_task); other formats than
 * YUV400, YUV420SP, RGB888 and BGR888 get no regions. */
void himpi_region_draw_image(hi_vpc_chn chn, const aclemu_image *img);

/* HI_ERR_VPC_ILLEGAL_PARAM when the channel has a workspace for `func` (hi_workspace_func) and the
 * pictures exceed it (himpi_vpc_chn_opts.c). */
hi_s32 himpi_vpc_workspace_check(const vpc_chn *obj, int func, uint32_t sw, uint32_t sh, uint32_t dw, uint32_t dh,
                                  const char *fn);

#endif
