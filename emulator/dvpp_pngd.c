/* PNGD: acldvppPngGetImageInfo, acldvppPngPredictDecSize, acldvppPngDecodeAsync.
 *
 * From the runtime's PNGD documentation: input 32x32 .. 4096x4096; RGB and gray pictures decode to
 * RGB888, pictures with alpha (RGBA, gray + alpha, palette + tRNS) to RGBA8888; the output width
 * stride is the width rounded up to 128 times the bytes per pixel, the height stride the height
 * rounded up to 16. PIXEL_FORMAT_UNKNOWN, and a format never set (0), mean "as the source": the
 * rule just given. Asking RGB888 from a picture with alpha drops the alpha; asking RGBA8888 from one
 * without gives alpha 255. 16-bit samples keep their high byte. Palette pictures are not in the
 * documented input list; the emulator decodes them (to RGB888, or RGBA8888 with tRNS) rather than
 * refuse what FFmpeg reads. */
#include "dvpp_codec.h"


enum { MIN_SIDE = 32, MAX_SIDE = 4096, STRIDE_ALIGN_W = 128, STRIDE_ALIGN_H = 16 };

static aclError parse_input(const void *data, uint32_t size, aclemu_png_info *info, const char *fn)
{
    if (data == NULL || size == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s", fn, data == NULL ? "data is NULL" : "size is 0");
    }
    return aclemu_png_parse(data, size, info, fn);
}

aclError acldvppPngGetImageInfo(const void *data, uint32_t dataSize, uint32_t *width, uint32_t *height,
                                int32_t *components)
{
    aclemu_png_info info;
    aclError err = parse_input(data, dataSize, &info, "acldvppPngGetImageInfo");
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
    return ACL_SUCCESS;
}

static bool format_is_accepted(acldvppPixelFormat f)
{
    return f == PIXEL_FORMAT_RGB_888 || f == PIXEL_FORMAT_RGBA_8888 || f == PIXEL_FORMAT_UNKNOWN ||
           f == PIXEL_FORMAT_YUV_400;
}

typedef struct pngd_geometry {
    const aclemu_pixfmt *fmt;
    uint32_t width_stride, height_stride;
    size_t size;
} pngd_geometry;

static aclError output_geometry(const aclemu_png_info *info, acldvppPixelFormat asked, pngd_geometry *out,
                                const char *fn)
{
    if (info->width < MIN_SIDE || info->height < MIN_SIDE || info->width > MAX_SIDE || info->height > MAX_SIDE) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: a %ux%u PNG is outside PNGD's %dx%d .. %dx%d", fn,
                                info->width, info->height, MIN_SIDE, MIN_SIDE, MAX_SIDE, MAX_SIDE);
    }
    bool alpha = info->components == 2 || info->components == 4;
    acldvppPixelFormat format = asked;
    if (asked != PIXEL_FORMAT_RGB_888 && asked != PIXEL_FORMAT_RGBA_8888) {
        format = alpha ? PIXEL_FORMAT_RGBA_8888 : PIXEL_FORMAT_RGB_888;
    }
    out->fmt = aclemu_pixfmt_get(format);
    out->width_stride = aclemu_align_up(info->width, STRIDE_ALIGN_W) * out->fmt->bytes_per_pixel;
    out->height_stride = aclemu_align_up(info->height, STRIDE_ALIGN_H);
    out->size = aclemu_pixfmt_buffer_size(out->fmt, out->width_stride, out->height_stride);
    return ACL_SUCCESS;
}

aclError acldvppPngPredictDecSize(const void *data, uint32_t dataSize, acldvppPixelFormat outputPixelFormat,
                                  uint32_t *decSize)
{
    const char *fn = "acldvppPngPredictDecSize";
    if (decSize == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: decSize is NULL", fn);
    }
    if (!format_is_accepted(outputPixelFormat)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: PNGD does not output %s", fn,
                                aclemu_pixfmt_name(outputPixelFormat));
    }
    aclemu_png_info info;
    pngd_geometry g;
    aclError err = parse_input(data, dataSize, &info, fn);
    if (err == ACL_SUCCESS) {
        err = output_geometry(&info, outputPixelFormat, &g, fn);
    }
    if (err == ACL_SUCCESS) {
        *decSize = (uint32_t)g.size;
    }
    return err;
}

static const char DECODE_FN[] = "acldvppPngDecodeAsync";

static aclError decode_into(const uint8_t *data, uint32_t size, void *out, const aclemu_png_info *info,
                            const pngd_geometry *g)
{
    aclemu_codec codec;
    aclemu_media_frame frame;
    aclError err = aclemu_codec_open(&codec, "png", 0, ACLEMU_STRICT_DECODING, DECODE_FN);
    if (err == ACL_SUCCESS) {
        err = aclemu_codec_decode(&codec, data, size, &frame, DECODE_FN);
    }
    if (err == ACL_SUCCESS && (frame.kind != ACLEMU_MEDIA_FRAME_INTERLEAVED || frame.width != info->width ||
                               frame.height != info->height)) {
        err = aclemu_set_error(ACL_ERROR_RT_AICPU_EXCEPTION,
                               "%s: the decoder returned a %ux%u frame of kind %d for a %ux%u PNG", DECODE_FN,
                               frame.width, frame.height, frame.kind, info->width, info->height);
    }
    if (err == ACL_SUCCESS) {
        aclemu_image image = {g->fmt, out, info->width, info->height, g->width_stride, g->height_stride};
        err = aclemu_interleaved_to_image(frame.data[0], frame.linesize[0], (int)frame.channels, &image,
                                          ACL_DVPP_CSC_MATRIX_BT601_WIDE, DECODE_FN);
    }
    aclemu_codec_close(&codec);
    return err;
}

/* Parse the stream and lay out its output in the `asked` format. */
static aclError plan(const uint8_t *data, uint32_t size, acldvppPixelFormat asked, aclemu_png_info *info,
                     pngd_geometry *g, const char *fn)
{
    aclError err = parse_input(data, size, info, fn);
    return err == ACL_SUCCESS ? output_geometry(info, asked, g, fn) : err;
}

static void describe(aclemu_dvpp_pic *pic, const aclemu_png_info *info, const pngd_geometry *g)
{
    pic->format = g->fmt->format;
    pic->width = info->width;
    pic->height = info->height;
    pic->width_stride = g->width_stride;
    pic->height_stride = g->height_stride;
}

aclError aclemu_pngd_predict(const uint8_t *data, uint32_t size, aclemu_dvpp_pic *pic, const char *fn)
{
    aclemu_png_info info;
    pngd_geometry g;
    aclError err = plan(data, size, pic->format, &info, &g, fn);
    if (err == ACL_SUCCESS) {
        describe(pic, &info, &g);
        pic->size = (uint32_t)g.size;
    }
    return err;
}

aclError aclemu_pngd_decode(const uint8_t *data, uint32_t size, const aclemu_dvpp_channel *channel,
                            aclemu_dvpp_pic *pic)
{
    (void)channel;
    aclemu_png_info info;
    pngd_geometry g;
    aclError err = plan(data, size, pic->format, &info, &g, DECODE_FN);
    if (err == ACL_SUCCESS) {
        err = aclemu_codec_check_room(pic, g.size, DECODE_FN);
    }
    if (err == ACL_SUCCESS) {
        err = decode_into(data, size, pic->data, &info, &g);
    }
    if (err == ACL_SUCCESS) {
        describe(pic, &info, &g);
    }
    return err;
}

aclError acldvppPngDecodeAsync(acldvppChannelDesc *channelDesc, const void *data, uint32_t size,
                               acldvppPicDesc *outputDesc, aclrtStream stream)
{
    return aclemu_codec_submit_decode(channelDesc, DVPP_CHNMODE_PNGD, data, size, outputDesc, stream,
                                      format_is_accepted, aclemu_pngd_decode, DECODE_FN);
}
