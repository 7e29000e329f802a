/*
 * DVPP pixel formats: plane geometry, stride rules, buffer sizes, layout conversions
 * and colour-space conversion (CSC). Shared by VPC, JPEGD/JPEGE/PNGD and (next) VDEC/VENC.
 *
 * Vocabulary used by every function here:
 *  - a DVPP picture ("image") is one buffer holding the planes of its format one after
 *    another: plane 0 has `height_stride` lines of `width_stride` BYTES, plane 1 (the
 *    interleaved chroma of a semi-planar format) follows at data + width_stride*height_stride
 *    with lines of 2*width_stride >> chroma_shift_x bytes (the same stride for 4:2:0 and
 *    4:2:2, twice it for 4:4:4), height_stride >> chroma_shift_y of them. For packed formats `width_stride` counts bytes too
 *    (YUYV: >= 2*width, RGB888: >= 3*width, ARGB8888: >= 4*width), as the runtime's pic
 *    desc does.
 *  - "planar YUV" is what codecs (FFmpeg) produce and consume: up to three separate planes
 *    with their own line sizes, chroma subsampled by (1 << shift_x, 1 << shift_y); gray
 *    pictures have no chroma planes.
 * Nothing here allocates; callers check that buffers are large enough with
 * aclemu_pixfmt_buffer_size() before converting. All functions are thread-safe
 * (the tables are constant).
 */
#ifndef ACLEMU_DVPP_FORMATS_H
#define ACLEMU_DVPP_FORMATS_H

#include "emu.h"

#include "acl/ops/acl_dvpp.h"

/* How the bytes of a format are laid out. */
typedef enum aclemu_pixfmt_layout {
    ACLEMU_LAYOUT_YUV_SEMIPLANAR = 1, /* Y plane + interleaved chroma plane (YUV400: Y only) */
    ACLEMU_LAYOUT_YUV_PACKED422,      /* 2 bytes per pixel, a pair of pixels shares U and V */
    ACLEMU_LAYOUT_YUV_PACKED444,      /* 3 bytes per pixel Y,U,V */
    ACLEMU_LAYOUT_RGB_PACKED          /* 3 or 4 bytes per pixel, order in `offset` */
} aclemu_pixfmt_layout;

typedef struct aclemu_pixfmt {
    acldvppPixelFormat format;
    const char *name;       /* "PIXEL_FORMAT_YUV_SEMIPLANAR_420" */
    int layout;             /* aclemu_pixfmt_layout */
    uint8_t bytes_per_pixel; /* of plane 0 (semi-planar: 1) */
    uint8_t chroma_shift_x; /* semi-planar / packed 422: log2 of the chroma subsampling */
    uint8_t chroma_shift_y;
    bool has_chroma;        /* false for YUV400 */
    bool has_alpha;
    /* Byte offset inside one pixel (packed) or inside a chroma pair (semi-planar):
     *  YUV layouts: offset[0]=Y, [1]=U, [2]=V (packed422: Y of the first pixel of the
     *  pair, U, V; the second Y is at offset[3]); semi-planar: U/V offset in the pair;
     *  RGB layouts: [0]=R, [1]=G, [2]=B, [3]=A (-1 when absent). */
    int8_t offset[4];
} aclemu_pixfmt;

/* Descriptor of one of the formats the emulator implements (the list in the issue:
 * YUV400, YUV/YVU semi-planar 420/422/444, packed YUV422 x4, packed YUV444, RGB/BGR888,
 * ARGB/ABGR/RGBA/BGRA8888); NULL for any other value. */
const aclemu_pixfmt *aclemu_pixfmt_get(acldvppPixelFormat format);
/* Enum name for messages ("PIXEL_FORMAT_...", or "unknown format" when not a known value). */
const char *aclemu_pixfmt_name(acldvppPixelFormat format);

static inline bool aclemu_pixfmt_is_yuv(const aclemu_pixfmt *f)
{
    return f->layout != ACLEMU_LAYOUT_RGB_PACKED;
}

/* Minimum width stride in bytes for `width` pixels (width * bytes_per_pixel), before any
 * alignment rule. */
uint32_t aclemu_pixfmt_min_width_stride(const aclemu_pixfmt *f, uint32_t width);

/* Bytes a picture of this format needs for the given strides (the runtime's formula):
 *   YUV400: ws*hs (the runtime reserves ws*hs*3/2 for VPC output; VPC asks for that itself)
 *   YUV420SP: ws*hs*3/2, YUV422SP: ws*hs*2, YUV444SP: ws*hs*3,
 *   packed formats: ws*hs (the stride already counts bytes per pixel). */
size_t aclemu_pixfmt_buffer_size(const aclemu_pixfmt *f, uint32_t width_stride, uint32_t height_stride);

/* A DVPP picture in memory. */
typedef struct aclemu_image {
    const aclemu_pixfmt *fmt;
    uint8_t *data;
    uint32_t width, height;              /* pixels */
    uint32_t width_stride, height_stride; /* bytes per line of plane 0, lines of plane 0 */
} aclemu_image;

/* Start of the chroma plane of a semi-planar image (NULL for other layouts / YUV400). */
uint8_t *aclemu_image_chroma(const aclemu_image *img);

/* Planar YUV as codecs see it. plane[1]/plane[2] are NULL for gray. */
typedef struct aclemu_planar_yuv {
    uint8_t *plane[3];   /* Y, U (Cb), V (Cr) */
    size_t linesize[3];  /* bytes per line of each plane */
    uint32_t width, height;
    uint8_t chroma_shift_x, chroma_shift_y; /* 4:2:0 = (1,1), 4:2:2 = (1,0), 4:4:4 = (0,0), 4:4:0 = (0,1) */
} aclemu_planar_yuv;

/* Copy planar YUV into a DVPP image (any format above) of the same width/height. Chroma of
 * a different subsampling is resampled bilinearly (the VPC resize kernel: halving averages
 * pairs); gray sources give neutral chroma (128); RGB targets use the BT.601 full-range
 * matrix (what JPEG uses).
 * Only the width x height area is written (plus the chroma it covers; odd sizes round the
 * chroma size up). ACL_ERROR_INVALID_PARAM (with a message naming `fn`) when `dst` is not
 * a YUV format or sizes differ. */
aclError aclemu_planar_to_image(const aclemu_planar_yuv *src, const aclemu_image *dst, const char *fn);

/* The reverse: fill planar YUV (the subsampling given in `dst`; plane[1]/[2] NULL for gray)
 * from a YUV DVPP image of the same size; RGB images are converted with `matrix`
 * (acldvppCscMatrix) first. */
aclError aclemu_image_to_planar(const aclemu_image *src, const aclemu_planar_yuv *dst, int matrix, const char *fn);

/* Interleaved 8-bit pixels with their own stride (what PNG decoders give): `channels` is
 * 1 (gray), 2 (gray+alpha), 3 (R,G,B) or 4 (R,G,B,A). Copy/convert into an RGB-layout or
 * YUV DVPP image of the same size (gray -> R=G=B; missing alpha -> 255; YUV via `matrix`). */
aclError aclemu_interleaved_to_image(const uint8_t *src, size_t src_stride, int channels, const aclemu_image *dst,
                                     int matrix, const char *fn);

/* ------------------------------------------------------------- sample views */

/* One component plane as the kernels see it: component c of sample (x, y) is the byte at
 * chan[c] + y * stride[c] + x * step[c]; a NULL chan[c] reads as fill[c] and is not
 * written. Semi-planar chroma, packed YUV and interleaved RGB are all views with steps > 1. */
typedef struct aclemu_view {
    uint32_t width, height; /* samples */
    uint8_t channels;       /* 1..4 */
    uint8_t *chan[4];
    size_t stride[4];
    uint32_t step[4];
    uint8_t fill[4];
} aclemu_view;

/* Views of an image: YUV formats give views[0] = Y (1 channel) and views[1] = U,V
 * (2 channels, size rounded up by the subsampling; YUV400 reads 128), returning 2; RGB
 * formats give views[0] = R,G,B,A (alpha absent reads 255), returning 1. */
int aclemu_image_views(const aclemu_image *img, aclemu_view views[2]);
/* The sub-view of samples [x, x+w) x [y, y+h) (caller keeps it inside). */
aclemu_view aclemu_view_sub(const aclemu_view *v, uint32_t x, uint32_t y, uint32_t w, uint32_t h);

/* ----------------------------------------------------------------------- CSC */

/* Integer CSC coefficients, fixed point with 14 fractional bits (see dvpp_formats.c for the
 * matrices). acldvppCscMatrix values BT601/709/2020 wide (full range) and narrow (video
 * range); unknown values fall back to BT.601 narrow, the runtime's default. */
typedef struct aclemu_csc {
    int32_t rgb2yuv[3][3]; /* Y,U,V rows x R,G,B columns */
    int32_t y_offset;      /* 16 (narrow) or 0 (wide) */
    int32_t yuv2rgb[3][3]; /* R,G,B rows x Y,U-128,V-128 columns, applied to (Y - y_offset) */
} aclemu_csc;

const aclemu_csc *aclemu_csc_get(int matrix);

#define ACLEMU_CSC_SHIFT 14

static inline uint8_t aclemu_csc_clamp(int32_t fixed)
{
    int32_t v = (fixed + (1 << (ACLEMU_CSC_SHIFT - 1))) >> ACLEMU_CSC_SHIFT;
    return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
}

/* One pixel each way, rounded half up and clamped to 0..255 (inline: called per pixel). */
static inline void aclemu_csc_rgb_to_yuv(const aclemu_csc *m, int r, int g, int b, uint8_t *y, uint8_t *u,
                                         uint8_t *v)
{
    const int32_t(*k)[3] = m->rgb2yuv;
    *y = aclemu_csc_clamp(k[0][0] * r + k[0][1] * g + k[0][2] * b + (m->y_offset << ACLEMU_CSC_SHIFT));
    *u = aclemu_csc_clamp(k[1][0] * r + k[1][1] * g + k[1][2] * b + (128 << ACLEMU_CSC_SHIFT));
    *v = aclemu_csc_clamp(k[2][0] * r + k[2][1] * g + k[2][2] * b + (128 << ACLEMU_CSC_SHIFT));
}

static inline void aclemu_csc_yuv_to_rgb(const aclemu_csc *m, int y, int u, int v, uint8_t *r, uint8_t *g,
                                         uint8_t *b)
{
    const int32_t(*k)[3] = m->yuv2rgb;
    int32_t yy = k[0][0] * (y - m->y_offset);
    u -= 128;
    v -= 128;
    *r = aclemu_csc_clamp(yy + k[0][2] * v);
    *g = aclemu_csc_clamp(yy + k[1][1] * u + k[1][2] * v);
    *b = aclemu_csc_clamp(yy + k[2][1] * u);
}

/* A user CSC (hi_mpi HI_CSC_MATRIX_USER): per pixel out = M * in + bias, in doubles, rounded
 * half up and clamped to 0..255. Components by name whatever the byte order: yuv2rgb rows R, G, B
 * over columns Y, U, V (raw 0..255, no offset taken off); rgb2yuv rows Y, U, V over R, G, B.
 * Column 3 of each row is its bias. The caller keeps the values finite (see himpi_sys.c). */
typedef struct aclemu_csc_affine {
    double yuv2rgb[3][4];
    double rgb2yuv[3][4];
} aclemu_csc_affine;

/* -------------------------------------------------- whole-picture conversion */

/* The conversion behind the functions above, on views (as aclemu_image_views returns them:
 * count 2 = Y + UV, count 1 = RGBA) of the same picture size (src[0] and dst[0] sizes).
 * YUV <-> YUV copies luma and resamples chroma; RGB <-> RGB copies (reordering channels);
 * across families the chroma is brought to full resolution and converted with `matrix`.
 * ACL_ERROR_BAD_ALLOC when a scratch buffer cannot be allocated. */
aclError aclemu_views_convert(const aclemu_view *src, int src_count, const aclemu_view *dst, int dst_count, int matrix,
                              const char *fn);
/* The same with a user matrix across families (user != NULL) instead of `matrix`. */
aclError aclemu_views_convert_affine(const aclemu_view *src, int src_count, const aclemu_view *dst, int dst_count,
                                     int matrix, const aclemu_csc_affine *user, const char *fn);

/* Convert `src` into `dst` (same width/height, any pair of the formats above), e.g. for
 * acldvppVpcConvertColorAsync and for VPC operations whose output format differs.
 * Alpha: kept between alpha formats, 255 when the source has none. */
aclError aclemu_image_convert(const aclemu_image *src, const aclemu_image *dst, int matrix, const char *fn);

#endif /* ACLEMU_DVPP_FORMATS_H */
