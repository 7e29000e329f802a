/* JPEGD: acldvppJpegGetImageInfo / V2, acldvppJpegPredictDecSize, acldvppJpegDecodeAsync.
 *
 * Behaviour taken from the Ascend 310/310P JPEGD documentation:
 *  - input resolution 32x32 .. 8192x8192; Huffman-coded 4:4:4, 4:2:2, 4:2:0, 4:4:0 and gray
 *    pictures. The 310 refuses progressive JPEG; the emulator decodes it (FFmpeg can), as the issue
 *    asks: a program that works here may still be refused on a 310.
 *  - output YUV420SP NV12/NV21 from any input, YUV/YVU422SP from 4:2:2, YUV/YVU444SP from 4:4:4,
 *    and PIXEL_FORMAT_UNKNOWN for "the source's own layout" (V before U; gray gives YUV400).
 *    A pic desc whose format was never set (0, YUV400) decodes to NV12, as the 310's decoder does.
 *  - output strides: width rounded up to 128, height rounded up to 16 (the 310 figures; the 310P's
 *    64 is smaller, so buffers sized this way fit both); the output width/height are rounded to
 *    even where the format's chroma needs it: down, or up when the channel's JPEGD precision mode
 *    is ACL_YUVOUT_ALIGN_UP (the added column/row repeats the last one: the documentation gives
 *    the size only, the content is our choice).
 *  - EXIF orientation is applied (the decoder turns or mirrors the picture), so width and height
 *    swap for 90/270 degrees; acldvppJpegGetImageInfo reports the coded (unturned) size, and
 *    acldvppJpegPredictDecSize the size of the turned output.
 * acldvppJpegGetImageInfo / V2 / PredictDecSize refuse streams JPEGD cannot decode with
 * ACL_ERROR_UNSUPPORTED_JPEG, as documented.
 * Data errors (not a JPEG, cut or corrupt data, a buffer too small for the picture) fail the task:
 * the output desc's retCode and the stream sync report ACLEMU_CODEC_TASK_ERROR. */
#include "dvpp_codec.h"

#include <stdlib.h>
#include <string.h>

enum { MIN_SIDE = 32, MAX_SIDE = 8192, STRIDE_ALIGN_W = 128, STRIDE_ALIGN_H = 16 };

/* ------------------------------------------------------------ image info */

/* Streams JPEGD cannot decode at all: ACL_ERROR_UNSUPPORTED_JPEG, as acldvppJpegGetImageInfo
 * documents (arithmetic or lossless coding, samples other than 8 bits, CMYK). Progressive streams
 * pass (see above); sampling without an acldvppJpegFormat passes GetImageInfo with
 * ACL_JPEG_CSS_UNKNOWN and fails at decode. */
static aclError check_supported(const aclemu_jpeg_info *info, const char *fn)
{
    if (info->sof > 0xC2 || info->precision != 8 || (info->components != 1 && info->components != 3)) {
        return aclemu_set_error(ACL_ERROR_UNSUPPORTED_JPEG,
                                "%s: JPEGD decodes 8-bit Huffman JPEG with 1 or 3 components; this stream has frame "
                                "marker 0x%02X, %u-bit samples, %d components",
                                fn, info->sof, info->precision, info->components);
    }
    return ACL_SUCCESS;
}

static aclError parse_input(const void *data, uint32_t size, aclemu_jpeg_info *info, const char *fn)
{
    if (data == NULL || size == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s", fn, data == NULL ? "data is NULL" : "size is 0");
    }
    aclError err = aclemu_jpeg_parse(data, size, info, fn);
    return err == ACL_SUCCESS ? check_supported(info, fn) : err;
}

aclError acldvppJpegGetImageInfoV2(const void *data, uint32_t size, uint32_t *width, uint32_t *height,
                                   int32_t *components, acldvppJpegFormat *format)
{
    aclemu_jpeg_info info;
    aclError err = parse_input(data, size, &info, "acldvppJpegGetImageInfo");
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (width != NULL) {
        *width = info.width;
    }
    if (height != NULL) {
        *height = info.height;
    }
    if (components != NULL) {
        *components = info.components;
    }
    if (format != NULL) {
        *format = info.css;
    }
    return ACL_SUCCESS;
}

aclError acldvppJpegGetImageInfo(const void *data, uint32_t size, uint32_t *width, uint32_t *height,
                                 int32_t *components)
{
    return acldvppJpegGetImageInfoV2(data, size, width, height, components, NULL);
}

/* ------------------------------------------------------- output geometry */

static bool format_is_accepted(acldvppPixelFormat f)
{
    switch (f) {
    case PIXEL_FORMAT_YUV_400: /* never set: NV12 */
    case PIXEL_FORMAT_YUV_SEMIPLANAR_420:
    case PIXEL_FORMAT_YVU_SEMIPLANAR_420:
    case PIXEL_FORMAT_YUV_SEMIPLANAR_422:
    case PIXEL_FORMAT_YVU_SEMIPLANAR_422:
    case PIXEL_FORMAT_YUV_SEMIPLANAR_444:
    case PIXEL_FORMAT_YVU_SEMIPLANAR_444:
    case PIXEL_FORMAT_UNKNOWN:
        return true;
    default:
        return false;
    }
}

/* The format the decoder writes for `asked` and the source's subsampling; UNKNOWN when the pair
 * is refused. */
static acldvppPixelFormat resolve_format(acldvppPixelFormat asked, acldvppJpegFormat css)
{
    switch (asked) {
    case PIXEL_FORMAT_YUV_400:
        return PIXEL_FORMAT_YUV_SEMIPLANAR_420;
    case PIXEL_FORMAT_YUV_SEMIPLANAR_420:
    case PIXEL_FORMAT_YVU_SEMIPLANAR_420:
        return asked;
    case PIXEL_FORMAT_YUV_SEMIPLANAR_422:
    case PIXEL_FORMAT_YVU_SEMIPLANAR_422:
        return css == ACL_JPEG_CSS_422 ? asked : PIXEL_FORMAT_UNKNOWN;
    case PIXEL_FORMAT_YUV_SEMIPLANAR_444:
    case PIXEL_FORMAT_YVU_SEMIPLANAR_444:
        return css == ACL_JPEG_CSS_444 ? asked : PIXEL_FORMAT_UNKNOWN;
    default: /* PIXEL_FORMAT_UNKNOWN: the source's layout */
        switch (css) {
        case ACL_JPEG_CSS_444:
            return PIXEL_FORMAT_YVU_SEMIPLANAR_444;
        case ACL_JPEG_CSS_422:
            return PIXEL_FORMAT_YVU_SEMIPLANAR_422;
        case ACL_JPEG_CSS_GRAY:
            return PIXEL_FORMAT_YUV_400;
        default: /* 4:2:0, and 4:4:0 / 4:1:1 which have no semi-planar format here */
            return PIXEL_FORMAT_YVU_SEMIPLANAR_420;
        }
    }
}

typedef struct jpegd_geometry {
    const aclemu_pixfmt *fmt;
    uint32_t width, height;       /* turned, rounded to what the format needs */
    uint32_t full_width, full_height; /* turned */
    uint32_t width_stride, height_stride;
    size_t size;
} jpegd_geometry;

static uint32_t round_to_chroma(uint32_t v, uint32_t shift, bool up)
{
    uint32_t unit = 1u << shift;
    return up ? aclemu_align_up(v, unit) : v / unit * unit;
}

static aclError output_geometry(const aclemu_jpeg_info *info, acldvppPixelFormat asked, bool align_up,
                                jpegd_geometry *out, const char *fn)
{
    if (info->width < MIN_SIDE || info->height < MIN_SIDE || info->width > MAX_SIDE || info->height > MAX_SIDE) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: a %ux%u JPEG is outside JPEGD's %dx%d .. %dx%d", fn,
                                info->width, info->height, MIN_SIDE, MIN_SIDE, MAX_SIDE, MAX_SIDE);
    }
    aclError err = check_supported(info, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (info->css == ACL_JPEG_CSS_UNKNOWN) {
        return aclemu_set_error(ACL_ERROR_UNSUPPORTED_JPEG,
                                "%s: JPEGD decodes YUV 4:4:4/4:2:2/4:2:0/4:4:0/4:1:1 or gray; this stream's chroma "
                                "sampling is none of those",
                                fn);
    }
    acldvppPixelFormat format = resolve_format(asked, info->css);
    out->fmt = aclemu_pixfmt_get(format);
    if (out->fmt == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: JPEGD cannot write %s from a JPEG of subsampling %d", fn,
                                aclemu_pixfmt_name(asked), (int)info->css);
    }
    bool swap = aclemu_orientation_swaps(info->orientation);
    out->full_width = swap ? info->height : info->width;
    out->full_height = swap ? info->width : info->height;
    out->width = round_to_chroma(out->full_width, out->fmt->chroma_shift_x, align_up);
    out->height = round_to_chroma(out->full_height, out->fmt->chroma_shift_y, align_up);
    out->width_stride = aclemu_align_up(out->full_width, STRIDE_ALIGN_W);
    out->height_stride = aclemu_align_up(out->full_height, STRIDE_ALIGN_H);
    out->size = aclemu_pixfmt_buffer_size(out->fmt, out->width_stride, out->height_stride);
    return ACL_SUCCESS;
}

aclError acldvppJpegPredictDecSize(const void *data, uint32_t dataSize, acldvppPixelFormat outputPixelFormat,
                                   uint32_t *decSize)
{
    const char *fn = "acldvppJpegPredictDecSize";
    if (decSize == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: decSize is NULL", fn);
    }
    if (!format_is_accepted(outputPixelFormat)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: JPEGD does not output %s", fn,
                                aclemu_pixfmt_name(outputPixelFormat));
    }
    aclemu_jpeg_info info;
    jpegd_geometry g;
    aclError err = parse_input(data, dataSize, &info, fn);
    if (err == ACL_SUCCESS) {
        err = output_geometry(&info, outputPixelFormat, false, &g, fn);
    }
    if (err == ACL_SUCCESS) {
        *decSize = (uint32_t)g.size;
    }
    return err;
}

/* ------------------------------------------------------------ orientation */

/* Source coordinates of destination pixel (x, y) for EXIF orientation o, on a source of
 * sw x sh samples. */
static void source_of(uint32_t o, uint32_t x, uint32_t y, uint32_t sw, uint32_t sh, uint32_t *sx, uint32_t *sy)
{
    switch (o) {
    case 2: *sx = sw - 1 - x; *sy = y; break;
    case 3: *sx = sw - 1 - x; *sy = sh - 1 - y; break;
    case 4: *sx = x; *sy = sh - 1 - y; break;
    case 5: *sx = y; *sy = x; break;
    case 6: *sx = y; *sy = sh - 1 - x; break;
    case 7: *sx = sw - 1 - y; *sy = sh - 1 - x; break;
    case 8: *sx = sw - 1 - y; *sy = x; break;
    default: *sx = x; *sy = y; break;
    }
}

static uint32_t shifted_up(uint32_t v, uint32_t shift)
{
    return (v + (1u << shift) - 1) >> shift;
}

static uint32_t min_u32(uint32_t a, uint32_t b)
{
    return a < b ? a : b;
}

/* Turn/mirror the decoded planes into one new buffer (*owned, freed by the caller), at least
 * out_w x out_h luma samples: past the turned picture the last column/row repeats. */
static aclError orient(const aclemu_media_frame *frame, uint32_t o, uint32_t out_w, uint32_t out_h,
                       aclemu_planar_yuv *out, uint8_t **owned, const char *fn)
{
    bool swap = aclemu_orientation_swaps(o);
    uint32_t shift_x = swap ? frame->chroma_shift_y : frame->chroma_shift_x;
    uint32_t shift_y = swap ? frame->chroma_shift_x : frame->chroma_shift_y;
    uint32_t sw[3], sh[3], dw[3], dh[3];
    size_t total = 0;
    for (uint32_t p = 0; p < frame->planes; ++p) {
        sw[p] = p == 0 ? frame->width : shifted_up(frame->width, frame->chroma_shift_x);
        sh[p] = p == 0 ? frame->height : shifted_up(frame->height, frame->chroma_shift_y);
        dw[p] = p == 0 ? out_w : shifted_up(out_w, shift_x);
        dh[p] = p == 0 ? out_h : shifted_up(out_h, shift_y);
        total += (size_t)dw[p] * dh[p];
    }
    *owned = malloc(total);
    if (*owned == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory turning the picture", fn);
    }
    memset(out, 0, sizeof *out);
    uint8_t *at = *owned;
    for (uint32_t p = 0; p < frame->planes; ++p) {
        uint32_t turned_w = swap ? sh[p] : sw[p], turned_h = swap ? sw[p] : sh[p];
        for (uint32_t y = 0; y < dh[p]; ++y) {
            for (uint32_t x = 0; x < dw[p]; ++x) {
                uint32_t sx, sy;
                source_of(o, min_u32(x, turned_w - 1), min_u32(y, turned_h - 1), sw[p], sh[p], &sx, &sy);
                at[(size_t)y * dw[p] + x] = frame->data[p][(size_t)sy * frame->linesize[p] + sx];
            }
        }
        out->plane[p] = at;
        out->linesize[p] = dw[p];
        at += (size_t)dw[p] * dh[p];
    }
    out->width = out_w;
    out->height = out_h;
    out->chroma_shift_x = (uint8_t)shift_x;
    out->chroma_shift_y = (uint8_t)shift_y;
    return ACL_SUCCESS;
}

static void frame_planes(const aclemu_media_frame *frame, aclemu_planar_yuv *out)
{
    memset(out, 0, sizeof *out);
    for (uint32_t p = 0; p < frame->planes && p < 3; ++p) {
        out->plane[p] = frame->data[p];
        out->linesize[p] = frame->linesize[p];
    }
    out->width = frame->width;
    out->height = frame->height;
    out->chroma_shift_x = (uint8_t)frame->chroma_shift_x;
    out->chroma_shift_y = (uint8_t)frame->chroma_shift_y;
}

/* ------------------------------------------------------------------ decode */

static const char DECODE_FN[] = "acldvppJpegDecodeAsync";

static aclError check_frame(const aclemu_media_frame *frame, const aclemu_jpeg_info *info)
{
    if (frame->kind != ACLEMU_MEDIA_FRAME_PLANAR_YUV || (frame->planes != 1 && frame->planes != 3) ||
        frame->width != info->width || frame->height != info->height) {
        return aclemu_set_error(ACL_ERROR_RT_AICPU_EXCEPTION,
                                "%s: the decoder returned a %ux%u frame of kind %d with %u planes for a %ux%u JPEG",
                                DECODE_FN, frame->width, frame->height, frame->kind, frame->planes, info->width,
                                info->height);
    }
    return ACL_SUCCESS;
}

static aclError decode_into(const uint8_t *data, uint32_t size, void *out, const jpegd_geometry *g,
                            const aclemu_jpeg_info *info)
{
    aclemu_codec codec;
    aclError err = aclemu_codec_open(&codec, "mjpeg", 0, ACLEMU_STRICT_DECODING, DECODE_FN);
    aclemu_media_frame frame;
    if (err == ACL_SUCCESS) {
        err = aclemu_codec_decode(&codec, data, size, &frame, DECODE_FN);
    }
    if (err == ACL_SUCCESS) {
        err = check_frame(&frame, info);
    }
    uint8_t *turned = NULL;
    aclemu_planar_yuv planes;
    bool padded = g->width > g->full_width || g->height > g->full_height;
    if (err == ACL_SUCCESS && (info->orientation != 1 || padded)) {
        err = orient(&frame, info->orientation, g->width > g->full_width ? g->width : g->full_width,
                     g->height > g->full_height ? g->height : g->full_height, &planes, &turned, DECODE_FN);
    } else if (err == ACL_SUCCESS) {
        frame_planes(&frame, &planes);
    }
    if (err == ACL_SUCCESS) {
        planes.width = g->width; /* the planes hold at least this much */
        planes.height = g->height;
        aclemu_image image = {g->fmt, out, g->width, g->height, g->width_stride, g->height_stride};
        err = aclemu_planar_to_image(&planes, &image, DECODE_FN);
    }
    free(turned);
    aclemu_codec_close(&codec);
    return err;
}

/* Parse the stream and lay out its output in the `asked` format. */
static aclError plan(const uint8_t *data, uint32_t size, acldvppPixelFormat asked, bool align_up,
                     aclemu_jpeg_info *info, jpegd_geometry *g, const char *fn)
{
    aclError err = parse_input(data, size, info, fn);
    return err == ACL_SUCCESS ? output_geometry(info, asked, align_up, g, fn) : err;
}

static void describe(aclemu_dvpp_pic *pic, const jpegd_geometry *g)
{
    pic->format = g->fmt->format;
    pic->width = g->width;
    pic->height = g->height;
    pic->width_stride = g->width_stride;
    pic->height_stride = g->height_stride;
}

aclError aclemu_jpegd_predict(const uint8_t *data, uint32_t size, bool align_up, aclemu_dvpp_pic *pic,
                              const char *fn)
{
    aclemu_jpeg_info info;
    jpegd_geometry g;
    aclError err = plan(data, size, pic->format, align_up, &info, &g, fn);
    if (err == ACL_SUCCESS) {
        describe(pic, &g);
        pic->size = (uint32_t)g.size;
    }
    return err;
}

aclError aclemu_jpegd_decode(const uint8_t *data, uint32_t size, const aclemu_dvpp_channel *channel,
                             aclemu_dvpp_pic *pic)
{
    aclemu_jpeg_info info;
    jpegd_geometry g;
    bool align_up = channel->precision_mode == ACL_YUVOUT_ALIGN_UP;
    aclError err = plan(data, size, pic->format, align_up, &info, &g, DECODE_FN);
    if (err == ACL_SUCCESS) {
        err = aclemu_codec_check_room(pic, g.size, DECODE_FN);
    }
    if (err == ACL_SUCCESS) {
        err = decode_into(data, size, pic->data, &g, &info);
    }
    if (err == ACL_SUCCESS) {
        describe(pic, &g);
    }
    return err;
}

aclError acldvppJpegDecodeAsync(acldvppChannelDesc *channelDesc, const void *data, uint32_t size,
                                acldvppPicDesc *outputDesc, aclrtStream stream)
{
    return aclemu_codec_submit_decode(channelDesc, DVPP_CHNMODE_JPEGD, data, size, outputDesc, stream,
                                      format_is_accepted, aclemu_jpegd_decode, DECODE_FN);
}
