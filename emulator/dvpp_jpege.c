/* JPEGE: acldvppJpegPredictEncSize and acldvppJpegEncodeAsync.
 *
 * From the runtime's JPEGE documentation: input 32x32 .. 8192x8192 in YUV420SP NV12/NV21 (width
 * and height even, width stride a multiple of 16 at least the width) or packed YUV422
 * YUYV/UYVY/YVYU/VYUY (width even, width stride a multiple of 16 at least twice the width); the
 * height stride is at least the height; Huffman baseline output with the input's chroma
 * subsampling (4:2:0 or 4:2:2). The level (JPEGE config) maps to FFmpeg's mjpeg quantiser scale:
 * 100 (and 0) the finest, 1 the coarsest.
 *
 * acldvppJpegPredictEncSize: the runtime documents no formula, only that the result is enough.
 * Here: twice the planar size of the 16-aligned picture plus 8 KiB of headers, above what FFmpeg
 * writes at the finest scale even for pure noise (about 1.1 times the planar size). */
#include "dvpp_codec.h"

#include <stdio.h>
#include <stdlib.h>

enum { MIN_SIDE = 32, MAX_SIDE = 8192, STRIDE_ALIGN = 16, HEADER_ROOM = 8192 };

static const char ENCODE_FN[] = "acldvppJpegEncodeAsync";

static bool format_is_accepted(acldvppPixelFormat f)
{
    switch (f) {
    case PIXEL_FORMAT_YUV_SEMIPLANAR_420:
    case PIXEL_FORMAT_YVU_SEMIPLANAR_420:
    case PIXEL_FORMAT_YUYV_PACKED_422:
    case PIXEL_FORMAT_UYVY_PACKED_422:
    case PIXEL_FORMAT_YVYU_PACKED_422:
    case PIXEL_FORMAT_VYUY_PACKED_422:
        return true;
    default:
        return false;
    }
}

/* The documented input constraints; *fmt gets the format's descriptor. */
static aclError check_input(const aclemu_dvpp_pic *pic, const aclemu_pixfmt **fmt, const char *fn)
{
    *fmt = format_is_accepted(pic->format) ? aclemu_pixfmt_get(pic->format) : NULL;
    if (*fmt == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: JPEGE encodes YUV420SP NV12/NV21 or packed YUV422 pictures, not %s", fn,
                                aclemu_pixfmt_name(pic->format));
    }
    bool semiplanar = (*fmt)->layout == ACLEMU_LAYOUT_YUV_SEMIPLANAR;
    if (pic->width < MIN_SIDE || pic->height < MIN_SIDE || pic->width > MAX_SIDE || pic->height > MAX_SIDE) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: a %ux%u picture is outside JPEGE's %dx%d .. %dx%d", fn,
                                pic->width, pic->height, MIN_SIDE, MIN_SIDE, MAX_SIDE, MAX_SIDE);
    }
    if (pic->width % 2 != 0 || (semiplanar && pic->height % 2 != 0)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s needs an even %s, got %ux%u", fn,
                                aclemu_pixfmt_name(pic->format), semiplanar ? "width and height" : "width",
                                pic->width, pic->height);
    }
    uint32_t min_stride = aclemu_pixfmt_min_width_stride(*fmt, pic->width);
    if (pic->width_stride < min_stride || pic->width_stride % STRIDE_ALIGN != 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: width stride %u must be a multiple of %d and at least %u for a %u-pixel %s line",
                                fn, pic->width_stride, STRIDE_ALIGN, min_stride, pic->width,
                                aclemu_pixfmt_name(pic->format));
    }
    if (pic->height_stride < pic->height) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: height stride %u is smaller than the height %u", fn,
                                pic->height_stride, pic->height);
    }
    size_t need = aclemu_pixfmt_buffer_size(*fmt, pic->width_stride, pic->height_stride);
    if (pic->data == NULL || pic->size < need) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the input picture needs %zu bytes; inputDesc has %s %u",
                                fn, need, pic->data == NULL ? "no data and size" : "size", pic->size);
    }
    return aclemu_dvpp_mem_check(pic->data, need, true, fn, "inputDesc data");
}

static size_t predicted_size(const aclemu_dvpp_pic *pic, const aclemu_pixfmt *fmt)
{
    size_t area = (size_t)aclemu_align_up(pic->width, STRIDE_ALIGN) * aclemu_align_up(pic->height, STRIDE_ALIGN);
    size_t planar = fmt->layout == ACLEMU_LAYOUT_YUV_SEMIPLANAR ? area * 3 / 2 : area * 2;
    return planar * 2 + HEADER_ROOM;
}

aclError acldvppJpegPredictEncSize(const acldvppPicDesc *inputDesc, const acldvppJpegeConfig *config, uint32_t *size)
{
    const char *fn = "acldvppJpegPredictEncSize";
    if (size == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: size is NULL", fn);
    }
    aclemu_dvpp_pic pic;
    uint32_t level;
    const aclemu_pixfmt *fmt;
    aclError err = aclemu_dvpp_pic_get(inputDesc, fn, "inputDesc", &pic);
    if (err == ACL_SUCCESS) {
        err = aclemu_dvpp_jpege_get(config, fn, "config", &level);
    }
    if (err == ACL_SUCCESS) {
        err = check_input(&pic, &fmt, fn);
    }
    if (err == ACL_SUCCESS) {
        *size = (uint32_t)predicted_size(&pic, fmt);
    }
    return err;
}

typedef struct jpege_task {
    aclemu_dvpp_pic pic;
    const aclemu_pixfmt *fmt;
    acldvppPicDesc *input;
    void *out;
    uint32_t *size; /* capacity in, encoded length out */
    uint32_t capacity;
    uint32_t level;
} jpege_task;

static aclError encode(const jpege_task *t, size_t *written)
{
    aclemu_planar_yuv planes = {{NULL}, {0}, t->pic.width, t->pic.height, t->fmt->chroma_shift_x,
                                t->fmt->chroma_shift_y};
    uint32_t cw = (t->pic.width + 1) >> planes.chroma_shift_x;
    uint32_t ch = (t->pic.height + 1) >> planes.chroma_shift_y;
    size_t luma = (size_t)t->pic.width * t->pic.height;
    uint8_t *buffer = malloc(luma + 2 * (size_t)cw * ch);
    if (buffer == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", ENCODE_FN);
    }
    planes.plane[0] = buffer;
    planes.plane[1] = buffer + luma;
    planes.plane[2] = buffer + luma + (size_t)cw * ch;
    planes.linesize[0] = t->pic.width;
    planes.linesize[1] = planes.linesize[2] = cw;
    aclemu_image image = {t->fmt, t->pic.data, t->pic.width, t->pic.height, t->pic.width_stride,
                          t->pic.height_stride};
    aclError err = aclemu_image_to_planar(&image, &planes, ACL_DVPP_CSC_MATRIX_BT601_WIDE, ENCODE_FN);
    aclemu_media_frame frame = {t->pic.width, t->pic.height, ACLEMU_MEDIA_FRAME_PLANAR_YUV, 3, 0,
                                planes.chroma_shift_x, planes.chroma_shift_y,
                                {planes.plane[0], planes.plane[1], planes.plane[2]},
                                {planes.linesize[0], planes.linesize[1], planes.linesize[2]}, 0, 0};
    char options[32];
    snprintf(options, sizeof options, "quality=%u", t->level);
    aclemu_codec codec = {.open = false};
    if (err == ACL_SUCCESS) {
        err = aclemu_codec_open(&codec, "mjpeg", 1, options, ENCODE_FN);
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_codec_encode(&codec, &frame, t->out, t->capacity, written, ENCODE_FN);
    }
    aclemu_codec_close(&codec);
    free(buffer);
    return err;
}

static aclError run_encode(void *arg)
{
    jpege_task *t = arg;
    size_t written = 0;
    aclError err = aclemu_dvpp_mem_check(t->out, t->capacity, true, ENCODE_FN, "data");
    if (err == ACL_SUCCESS) {
        err = encode(t, &written);
    }
    if (err != ACL_SUCCESS) {
        return aclemu_codec_fail(t->input, err);
    }
    *t->size = (uint32_t)written;
    return ACL_SUCCESS;
}

aclError acldvppJpegEncodeAsync(acldvppChannelDesc *channelDesc, acldvppPicDesc *inputDesc, const void *data,
                                uint32_t *size, acldvppJpegeConfig *config, aclrtStream stream)
{
    aclemu_dvpp_channel ch;
    aclemu_dvpp_pic pic;
    uint32_t level = 0;
    const aclemu_pixfmt *fmt = NULL;
    aclError err = aclemu_dvpp_channel_get(channelDesc, DVPP_CHNMODE_JPEGE, ENCODE_FN, &ch);
    if (err == ACL_SUCCESS) {
        err = aclemu_dvpp_pic_get(inputDesc, ENCODE_FN, "inputDesc", &pic);
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_dvpp_jpege_get(config, ENCODE_FN, "config", &level);
    }
    if (err == ACL_SUCCESS) {
        err = check_input(&pic, &fmt, ENCODE_FN);
    }
    if (err == ACL_SUCCESS && (data == NULL || size == NULL || *size == 0)) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s", ENCODE_FN,
                               data == NULL ? "data is NULL" : size == NULL ? "size is NULL" : "*size is 0");
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_dvpp_mem_check(data, *size, true, ENCODE_FN, "data");
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    jpege_task *t = malloc(sizeof *t);
    if (t == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", ENCODE_FN);
    }
    *t = (jpege_task){pic, fmt, inputDesc, (void *)data, size, *size, level};
    return aclemu_stream_submit(stream, run_encode, t, aclemu_codec_free_task, ENCODE_FN);
}

aclError aclemu_jpege_encode_picture(const aclemu_dvpp_pic *pic, uint32_t level, void *out, uint32_t capacity,
                                     size_t *written, const char *fn)
{
    const aclemu_pixfmt *fmt;
    aclError err = check_input(pic, &fmt, fn);
    if (err == ACL_SUCCESS) {
        jpege_task t = {*pic, fmt, NULL, out, NULL, capacity, level};
        err = encode(&t, written);
    }
    return err;
}

aclError aclemu_jpege_predict(const aclemu_dvpp_pic *pic, uint32_t *size, const char *fn)
{
    const aclemu_pixfmt *fmt;
    aclError err = check_input(pic, &fmt, fn);
    if (err == ACL_SUCCESS) {
        *size = (uint32_t)predicted_size(pic, fmt);
    }
    return err;
}
