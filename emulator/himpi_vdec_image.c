/* hi_mpi JPEG and PNG decoding through VDEC channels, and the image queries:
 * hi_mpi_dvpp_get_image_info, hi_mpi_vdec_get_jpegd_output_info.
 *
 * The pictures are decoded by the JPEGD / PNGD decoders of the acldvpp API (dvpp_jpegd.c,
 * dvpp_pngd.c), so output formats, strides (width to 128, height to 16), EXIF orientation and the
 * precision modes are the same in both APIs; hi_pixel_format and acldvppPixelFormat number the
 * formats alike. JPEG channels write NV12/NV21, YUV/YVU 4:2:2 and 4:4:4 semi-planar (and
 * HI_PIXEL_FORMAT_UNKNOWN: the source's layout); PNG channels RGB888 or RGBA8888 (UNKNOWN: by the
 * source's alpha). The output buffer must hold the whole picture: a smaller buffer_size is refused
 * by the send (HI_ERR_VDEC_ILLEGAL_PARAM), as the documentation asks for at least
 * hi_mpi_vdec_get_jpegd_output_info's img_buf_size. A stream the decoder cannot read still gives a
 * frame, with frame_flag ACLEMU_VDEC_FRAME_CORRUPT. */
#include "himpi_vdec.h"

#include <string.h>

static bool jpeg_output_accepted(hi_pixel_format f)
{
    return (f >= HI_PIXEL_FORMAT_YUV_SEMIPLANAR_420 && f <= HI_PIXEL_FORMAT_YVU_SEMIPLANAR_444) ||
           f == HI_PIXEL_FORMAT_UNKNOWN;
}

static bool png_output_accepted(hi_pixel_format f)
{
    return f == HI_PIXEL_FORMAT_RGB_888 || f == HI_PIXEL_FORMAT_RGBA_8888 || f == HI_PIXEL_FORMAT_UNKNOWN;
}

/* Geometry of the decoded picture for `format` (pic->format in, the rest out). ACL errors of the
 * predictors mean the stream cannot be decoded. */
static aclError predict(hi_payload_type type, const uint8_t *data, uint32_t len, bool align_up, aclemu_dvpp_pic *pic,
                        const char *fn)
{
    return type == HI_PT_JPEG ? aclemu_jpegd_predict(data, len, align_up, pic, fn)
                              : aclemu_pngd_predict(data, len, pic, fn);
}

hi_s32 aclemu_vdec_send_picture(aclemu_vdec_chn *c, const hi_vdec_stream *stream, const hi_vdec_pic_info *pic,
                                const char *fn)
{
    if (stream->len == 0 || !stream->need_display) {
        return HI_SUCCESS; /* the end-of-stream marker, or a picture nobody wants written */
    }
    pthread_mutex_lock(&c->lock);
    hi_payload_type type = c->attr.type;
    aclemu_dvpp_channel channel = {.precision_mode = (uint32_t)c->precision};
    pthread_mutex_unlock(&c->lock);
    bool accepted = type == HI_PT_JPEG ? jpeg_output_accepted(pic->pixel_format) : png_output_accepted(pic->pixel_format);
    if (!accepted) {
        return ACLEMU_HI_ERR(HI_ERR_VDEC_ILLEGAL_PARAM, "%s: a %s channel does not output pixel format %d", fn,
                             type == HI_PT_JPEG ? "JPEG" : "PNG", (int)pic->pixel_format);
    }
    aclemu_dvpp_pic out = {.data = (void *)(uintptr_t)pic->vir_addr,
                           .size = pic->buffer_size,
                           .format = (acldvppPixelFormat)pic->pixel_format};
    aclemu_dvpp_pic geometry = out;
    bool align_up = channel.precision_mode == YUVOUT_ALIGN_UP;
    aclError decoded = predict(type, stream->addr, stream->len, align_up, &geometry, fn);
    if (decoded == ACL_SUCCESS && geometry.size > pic->buffer_size) {
        return ACLEMU_HI_ERR(HI_ERR_VDEC_ILLEGAL_PARAM, "%s: the %ux%u picture needs %u bytes, buffer_size is %u", fn,
                             geometry.width, geometry.height, geometry.size, pic->buffer_size);
    }
    if (decoded == ACL_SUCCESS) {
        decoded = type == HI_PT_JPEG ? aclemu_jpegd_decode(stream->addr, stream->len, &channel, &out)
                                     : aclemu_pngd_decode(stream->addr, stream->len, &channel, &out);
    }
    if (decoded == ACL_ERROR_API_NOT_SUPPORT) { /* no codec behind the emulator: say so, not "corrupt" */
        return aclemu_himpi_recode(HI_ERR_VDEC_NOT_SUPPORT);
    }
    aclemu_vdec_output result = {.stream = *stream, .frame_type = HI_VDEC_FRAME_TYPE_I};
    if (decoded == ACL_SUCCESS) {
        aclemu_vdec_describe(&result.frame, pic, (hi_pixel_format)out.format, out.width, out.height,
                             out.width_stride, out.height_stride, stream->pts, ACLEMU_VDEC_FRAME_OK);
    } else {
        aclemu_vdec_describe(&result.frame, pic, pic->pixel_format, 0, 0, 0, 0, stream->pts,
                             ACLEMU_VDEC_FRAME_CORRUPT);
    }
    pthread_mutex_lock(&c->lock);
    if (decoded != ACL_SUCCESS) {
        c->errors.stream_unsupport++;
    }
    hi_s32 err = aclemu_vdec_push_locked(c, &result, fn);
    pthread_mutex_unlock(&c->lock);
    return err;
}

/* ------------------------------------------------------------- image queries */

static hi_jpeg_raw_format raw_format(acldvppJpegFormat css)
{
    switch (css) {
    case ACL_JPEG_CSS_444:
        return HI_JPEG_RAW_FORMAT_YUV444;
    case ACL_JPEG_CSS_422:
        return HI_JPEG_RAW_FORMAT_YUV422;
    case ACL_JPEG_CSS_420:
        return HI_JPEG_RAW_FORMAT_YUV420;
    case ACL_JPEG_CSS_440:
        return HI_JPEG_RAW_FORMAT_YUV440;
    case ACL_JPEG_CSS_GRAY:
        return HI_JPEG_RAW_FORMAT_YUV400;
    case ACL_JPEG_CSS_411:
        return HI_JPEG_RAW_FORMAT_YUV411;
    default:
        return HI_JPEG_RAW_FORMAT_MAX;
    }
}

static hi_s32 check_image_stream(const hi_vdec_stream *stream, const hi_img_info *info, const char *fn)
{
    if (stream == NULL || info == NULL) {
        return ACLEMU_HI_ERR(HI_ERR_VDEC_NULL_PTR, "%s: %s is NULL", fn, stream == NULL ? "stream" : "img_info");
    }
    if (stream->addr == NULL || stream->len == 0) {
        return ACLEMU_HI_ERR(HI_ERR_VDEC_ILLEGAL_PARAM, "%s: the stream has %s", fn,
                             stream->addr == NULL ? "no data (addr NULL)" : "len 0");
    }
    return HI_SUCCESS;
}

hi_s32 aclemu_himpi_image_geometry(hi_payload_type type, const hi_u8 *data, hi_u32 len, hi_pixel_format format,
                                   hi_u32 error, hi_img_info *info, const char *fn)
{
    aclemu_dvpp_pic pic = {.format = (acldvppPixelFormat)format};
    if (predict(type, data, len, false, &pic, fn) != ACL_SUCCESS) {
        return aclemu_himpi_recode(error);
    }
    memset(info, 0, sizeof *info);
    info->width = pic.width;
    info->height = pic.height;
    info->width_stride = pic.width_stride;
    info->height_stride = pic.height_stride;
    info->img_buf_size = pic.size;
    info->img_pixel_format = (hi_pixel_format)pic.format;
    return HI_SUCCESS;
}

hi_s32 hi_mpi_dvpp_get_image_info(hi_payload_type img_type, const hi_vdec_stream *stream, hi_img_info *img_info)
{
    const char *fn = "hi_mpi_dvpp_get_image_info";
    hi_s32 err = check_image_stream(stream, img_info, fn);
    if (err != HI_SUCCESS) {
        return err;
    }
    if (img_type == HI_PT_JPEG) {
        aclemu_jpeg_info jpeg;
        if (aclemu_jpeg_parse(stream->addr, stream->len, &jpeg, fn) != ACL_SUCCESS) {
            return aclemu_himpi_recode(HI_ERR_VDEC_ILLEGAL_PARAM);
        }
        /* The coded size and subsampling; the strides and size are those of the default NV12
         * output (the documentation describes them as the decoder's aligned output). */
        err = aclemu_himpi_image_geometry(HI_PT_JPEG, stream->addr, stream->len, HI_PIXEL_FORMAT_YUV_SEMIPLANAR_420,
                                            HI_ERR_VDEC_ILLEGAL_PARAM, img_info, fn);
        if (err == HI_SUCCESS) {
            img_info->width = jpeg.width;
            img_info->height = jpeg.height;
            img_info->pixel_format = raw_format(jpeg.css);
        }
        return err;
    }
    if (img_type == HI_PT_PNG) { /* the PNGD query, with its HI_ERR_PNGD_* codes */
        hi_img_stream png = {.type = HI_PT_PNG, .addr = stream->addr, .len = stream->len, .pts = stream->pts};
        return hi_mpi_png_get_image_info(&png, img_info);
    }
    return ACLEMU_HI_ERR(HI_ERR_VDEC_NOT_SUPPORT, "%s: image information is available for HI_PT_JPEG and "
                         "HI_PT_PNG, not payload type %d", fn, (int)img_type);
}

hi_s32 hi_mpi_vdec_get_jpegd_output_info(const hi_vdec_stream *stream, const hi_pixel_format output_format,
                                         hi_img_info *img_info)
{
    const char *fn = "hi_mpi_vdec_get_jpegd_output_info";
    hi_s32 err = check_image_stream(stream, img_info, fn);
    if (err != HI_SUCCESS) {
        return err;
    }
    if (!jpeg_output_accepted(output_format)) {
        return ACLEMU_HI_ERR(HI_ERR_VDEC_ILLEGAL_PARAM, "%s: JPEGD does not output pixel format %d", fn,
                             (int)output_format);
    }
    return aclemu_himpi_image_geometry(HI_PT_JPEG, stream->addr, stream->len, output_format, HI_ERR_VDEC_ILLEGAL_PARAM,
                                       img_info, fn);
}

/* ------------------------------------------------------------ buffer sizes */

/* The documentation gives these sizes only through the functions; the emulator's choice matches
 * what its decoders write: YUV420SP (NV12/NV21) with the width rounded up to the larger of 16 and
 * buf_attr->align and the height to 2, 1.5 bytes per pixel (2 with a bit width above 8); the
 * JPEG/PNG decoders' sizes come from hi_mpi_vdec_get_jpegd_output_info / hi_mpi_png_get_image_info.
 * 0 means the attributes are not a picture the decoder writes. */
hi_u32 hi_vdec_get_pic_buf_size(hi_payload_type type, hi_pic_buf_attr *buf_attr)
{
    const char *fn = "hi_vdec_get_pic_buf_size";
    if (buf_attr == NULL || (type != HI_PT_H264 && type != HI_PT_H265) || buf_attr->width == 0 ||
        buf_attr->height == 0 || buf_attr->width > 16384 || buf_attr->height > 16384) {
        aclemu_set_error((aclError)HI_ERR_VDEC_ILLEGAL_PARAM, "%s: %s", fn,
                         buf_attr == NULL ? "buf_attr is NULL" : "not an H.264/H.265 picture of 1 .. 16384 pixels");
        return 0;
    }
    uint32_t align = buf_attr->align > 16 ? buf_attr->align : 16;
    uint64_t ws = aclemu_align_up(buf_attr->width, align), hs = aclemu_align_up(buf_attr->height, 2);
    uint64_t bytes = ws * hs * 3 / 2 * (buf_attr->bit_width > HI_DATA_BIT_WIDTH_8 ? 2 : 1);
    return bytes > UINT32_MAX ? 0 : (hi_u32)bytes;
}

/* The emulator's decoder keeps its temporal motion vectors itself: no buffer is needed. */
hi_u32 hi_vdec_get_tmv_buf_size(hi_payload_type type, hi_u32 width, hi_u32 height)
{
    (void)type;
    (void)width;
    (void)height;
    return 0;
}
