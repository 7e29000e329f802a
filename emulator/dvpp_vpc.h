/*
 * Internal kernels of the VPC area (dvpp_vpc_geometry.c, dvpp_vpc_hist.c), also used by the
 * format layer (dvpp_formats.c) for chroma resampling. Kernels work on aclemu_view samples,
 * never fail and never allocate, except where a return type says otherwise; callers have
 * checked every rectangle against the views.
 */
#ifndef ACLEMU_DVPP_VPC_H
#define ACLEMU_DVPP_VPC_H

#include "dvpp_formats.h"

/* Interpolation modes of acldvppSetResizeConfigInterpolation as the emulator reads them, the
 * 310P / 200I A2 meaning: 0 = the default, which is bilinear there (the 310's own high-order
 * filter is not published); 1 = bilinear and 2 = nearest neighbour, both documented to match
 * OpenCV; 3 and 4 are the same as 1 and 2 (the A2 documents them so; the 310's TensorFlow
 * variants are not emulated). Other values are refused by the entry points. */
enum {
    ACLEMU_INTERP_DEFAULT = 0,
    ACLEMU_INTERP_BILINEAR = 1,
    ACLEMU_INTERP_NEAREST = 2,
    ACLEMU_INTERP_BILINEAR_ALIAS = 3,
    ACLEMU_INTERP_NEAREST_ALIAS = 4
};

/* Resample every channel of `src` (its whole width x height) into the whole of `dst`.
 * Both views must have the same channel count; channels whose dst pointer is NULL are
 * skipped, channels whose src pointer is NULL read their fill value.
 * Geometry (sample centres): dst sample x maps to the source position
 *     sx = (x + 0.5) * src_w / dst_w - 0.5
 * Bilinear: sx is clamped to [0, src_w - 1], the weight of the right/lower tap is quantised
 * to 11 bits (round(frac * 2048), as OpenCV does), the horizontal pass keeps 11 fractional
 * bits and the vertical pass rounds half up to 8 bits. Nearest (OpenCV's INTER_NEAREST): the
 * source sample floor(x * src_w / dst_w), no half-sample shift. With equal sizes both are
 * exact copies. Returns ACL_ERROR_BAD_ALLOC when the coefficient
 * tables cannot be allocated (message names fn). */
aclError aclemu_vpc_resample(const aclemu_view *src, const aclemu_view *dst, int interpolation, const char *fn);

/* Copy sample by sample (same sizes and channel count). */
void aclemu_vpc_copy(const aclemu_view *src, const aclemu_view *dst);

/* Fill every channel of dst with value[c]. */
void aclemu_vpc_fill(const aclemu_view *dst, const uint8_t value[4]);

/* Border modes of acldvppBorderType. dst is src grown by top/bottom/left/right samples;
 * BORDER_CONSTANT writes value[c]; REPLICATE repeats the edge (aaa|abc); REFLECT mirrors
 * including the edge (cba|abc); REFLECT_101 mirrors without it (dcb|abcd). */
aclError aclemu_vpc_border(const aclemu_view *src, const aclemu_view *dst, int type, uint32_t top, uint32_t left,
                           const uint8_t value[4], const char *fn);

/* Gaussian pyramid step on one channel: 5x5 kernel [1 4 6 4 1]^T [1 4 6 4 1] / 256,
 * REFLECT_101 borders, dst sample (x, y) centred on source (2x, 2y), rounded half up. */
aclError aclemu_vpc_pyr_down(const aclemu_view *src, const aclemu_view *dst, const char *fn);

/* Flips and quarter turns: dst sample (x, y) reads src at (u, v) = transpose ? (y, x) : (x, y),
 * then u mirrored when flip_x and v when flip_y (dst must have the matching size). */
void aclemu_vpc_orient(const aclemu_view *src, const aclemu_view *dst, bool transpose, bool flip_x, bool flip_y);

/* Histogram of channel c of v (256 bins) added to bins. */
void aclemu_vpc_hist(const aclemu_view *v, int c, uint32_t bins[256]);
/* dst[c] = table[c][src[c]] for every channel (same sizes). */
void aclemu_vpc_lut(const aclemu_view *src, const aclemu_view *dst, const uint8_t (*table)[256]);

/* Views of an image with one channel per component (Y / U / V or R / G / B), as the histogram
 * and LUT calls number them (dvpp_vpc_remap.c). */
void aclemu_vpc_component_views(const aclemu_image *img, aclemu_view out[3]);

/* ------------------------------------------- entry-point plumbing (dvpp_vpc.c) */

#include "dvpp.h"

typedef struct aclemu_vpc_rect {
    uint32_t x, y, w, h;
} aclemu_vpc_rect;

/* One picture-to-picture step of a VPC task: the crop of src resized into the paste
 * rectangle of dst (the rest of dst is left as it is), then, when has_border, the border
 * drawn around the paste rectangle out to the whole of dst. */
typedef struct aclemu_vpc_job {
    aclemu_image src, dst;
    aclemu_vpc_rect crop, paste;
    acldvppPicDesc *dst_desc; /* receives the retCode */
    bool pyr_down;            /* instead of resizing: one Gaussian pyramid step */
    bool has_border;
    aclemu_dvpp_border border;
    const aclemu_csc_affine *user_csc; /* not NULL: converts across families instead of the matrix */
} aclemu_vpc_job;

/* Roles a picture plays, each with its accepted formats. */
typedef enum aclemu_vpc_role {
    ACLEMU_VPC_IN = 1,     /* resize/crop/paste input: every format of dvpp_formats.h */
    ACLEMU_VPC_OUT,        /* resize/crop/paste output: no packed YUV */
    ACLEMU_VPC_ANY,        /* convert colour, make border: every format */
    ACLEMU_VPC_REMAP,      /* calc hist / equalize hist */
    ACLEMU_VPC_GRAY        /* pyramid down */
} aclemu_vpc_role;

/* Validate a pic desc as `role` and describe it (see the table in dvpp_vpc.c). */
aclError aclemu_vpc_picture(const acldvppPicDesc *desc, aclemu_vpc_role role, const char *fn, const char *what,
                            aclemu_image *out);
/* The same checks on a value snapshot (the hi_mpi VPC, whose pictures are plain structs). */
aclError aclemu_vpc_picture_values(const aclemu_dvpp_pic *pic, aclemu_vpc_role role, const char *fn,
                                   const char *what, aclemu_image *out);
/* Run one job now, on the calling thread (the hi_mpi VPC); matrix is an acldvppCscMatrix. */
aclError aclemu_vpc_run_job(const aclemu_vpc_job *job, int interpolation, int matrix, const char *fn);
/* Validate a crop ROI against src, a paste ROI against dst (NULL paste: the whole of dst),
 * the resize ratio, and fill job's rectangles. */
aclError aclemu_vpc_rects(const acldvppRoiConfig *crop, const acldvppRoiConfig *paste, aclemu_vpc_job *job,
                          const char *fn);
/* Interpolation of a resize config (NULL: the default), refusing unknown values. */
aclError aclemu_vpc_interpolation(const acldvppResizeConfig *config, const char *fn, int *out);

/* Border config -> job (dst already set): the paste rectangle becomes dst minus the
 * borders, checked to leave room and to be even in subsampled directions. */
aclError aclemu_vpc_border_job(const acldvppBorderConfig *config, aclemu_vpc_job *job, const char *fn);

/* Queue `count` jobs on stream: checks the channel serves VPC and takes its CSC matrix. */
aclError aclemu_vpc_submit_jobs(const acldvppChannelDesc *channel, aclemu_vpc_job *jobs, size_t count,
                                int interpolation, aclrtStream stream, const char *fn);

#endif /* ACLEMU_DVPP_VPC_H */
