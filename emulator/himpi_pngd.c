/* hi_mpi PNGD channels: hi_mpi_pngd_create_chn / destroy_chn / send_stream / get_image_data, and
 * hi_mpi_png_get_image_info.
 *
 * Pictures are decoded by the PNGD decoder of the acldvpp API (dvpp_pngd.c): RGB888 or RGBA8888
 * (HI_PIXEL_FORMAT_UNKNOWN, or a format never set: by the source's alpha), width stride the width
 * rounded up to 128 times the bytes per pixel, height stride the height rounded up to 16. The
 * channel decodes during send_stream and keeps up to stream_que_cnt results (16 when 0) for
 * get_image_data; milli_sec follows the hi_mpi convention (-1 block, 0 non-block, > 0 wait) with
 * HI_ERR_PNGD_BUF_FULL / HI_ERR_PNGD_BUF_EMPTY when the wait runs out. The documentation does not
 * say how a failed decode is reported by get_image_data; the emulator returns the picture info and
 * stream with HI_ERR_PNGD_ILLEGAL_PARAM for a stream that is not a PNG it can decode, and refuses an
 * output buffer smaller than the picture at the send (HI_ERR_PNGD_ILLEGAL_PARAM). */
#include "himpi_vdec.h"

#include <stdlib.h>
#include <string.h>

enum { DEFAULT_QUEUE = 16 };

typedef struct pngd_result {
    hi_pic_info pic;
    hi_img_stream stream;
    hi_s32 ret;
} pngd_result;

typedef struct pngd_chn {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    bool gone;
    hi_pngd_chn id;
    pngd_result *queue;
    size_t head, count, capacity;
} pngd_chn;

static void free_channel(void *obj)
{
    pngd_chn *c = obj;
    free(c->queue);
    pthread_cond_destroy(&c->changed);
    pthread_mutex_destroy(&c->lock);
    free(c);
}

static pngd_chn *acquire(hi_pngd_chn chn, const char *fn, hi_s32 *err)
{
    return aclemu_himpi_acquire(&ACLEMU_HIMPI_PNGD_CODES, chn, fn, err);
}

hi_s32 hi_mpi_pngd_create_chn(hi_pngd_chn chn, const hi_pngd_chn_attr *attr)
{
    const char *fn = "hi_mpi_pngd_create_chn";
    hi_s32 err = aclemu_himpi_check_chn(&ACLEMU_HIMPI_PNGD_CODES, chn, fn);
    if (err != HI_SUCCESS) {
        return err;
    }
    if (attr == NULL) {
        return ACLEMU_HI_ERR(HI_ERR_PNGD_NULL_PTR, "%s: attr is NULL", fn);
    }
    if (!aclemu_himpi_sys_ready()) {
        return ACLEMU_HI_ERR(HI_ERR_PNGD_SYS_NOT_READY, "%s: call hi_mpi_sys_init first", fn);
    }
    pngd_chn *c = calloc(1, sizeof *c);
    size_t capacity = attr->stream_que_cnt > 0 ? attr->stream_que_cnt : DEFAULT_QUEUE;
    pngd_result *queue = c != NULL ? calloc(capacity, sizeof *queue) : NULL;
    if (queue == NULL) {
        free(c);
        return ACLEMU_HI_ERR(HI_ERR_PNGD_NO_MEM, "%s: out of host memory for %zu queued pictures", fn, capacity);
    }
    pthread_mutex_init(&c->lock, NULL);
    pthread_cond_init(&c->changed, NULL);
    c->id = chn;
    c->queue = queue;
    c->capacity = capacity;
    return aclemu_himpi_register(&ACLEMU_HIMPI_PNGD_CODES, HI_ERR_PNGD_EXIST, chn, c, free_channel, fn);
}

hi_s32 hi_mpi_pngd_destroy_chn(hi_pngd_chn chn)
{
    hi_s32 err;
    pngd_chn *c = acquire(chn, "hi_mpi_pngd_destroy_chn", &err);
    if (c == NULL) {
        return err;
    }
    pthread_mutex_lock(&c->lock);
    c->gone = true;
    pthread_cond_broadcast(&c->changed);
    pthread_mutex_unlock(&c->lock);
    aclemu_himpi_chn_unregister(ACLEMU_HIMPI_PNGD, chn);
    aclemu_himpi_chn_release(c);
    return HI_SUCCESS;
}

static bool has_room(const void *obj)
{
    const pngd_chn *c = obj;
    return c->count < c->capacity;
}

static bool has_result(const void *obj)
{
    return ((const pngd_chn *)obj)->count > 0;
}

static hi_s32 check_send(const hi_img_stream *stream, const hi_pic_info *pic, const char *fn)
{
    if (stream == NULL || pic == NULL) {
        return ACLEMU_HI_ERR(HI_ERR_PNGD_NULL_PTR, "%s: %s is NULL", fn, stream == NULL ? "stream" : "png_pic_info");
    }
    if (stream->addr == NULL || stream->len == 0) {
        return ACLEMU_HI_ERR(HI_ERR_PNGD_ILLEGAL_PARAM, "%s: the stream has %s", fn,
                             stream->addr == NULL ? "no data (addr NULL)" : "len 0");
    }
    if (pic->picture_address == NULL || pic->picture_buffer_size == 0) {
        return ACLEMU_HI_ERR(HI_ERR_PNGD_ILLEGAL_PARAM, "%s: the output picture has %s", fn,
                             pic->picture_address == NULL ? "no buffer" : "picture_buffer_size 0");
    }
    if (pic->picture_format != HI_PIXEL_FORMAT_RGB_888 && pic->picture_format != HI_PIXEL_FORMAT_RGBA_8888 &&
        pic->picture_format != HI_PIXEL_FORMAT_UNKNOWN && pic->picture_format != HI_PIXEL_FORMAT_YUV_400) {
        return ACLEMU_HI_ERR(HI_ERR_PNGD_ILLEGAL_PARAM, "%s: PNGD outputs RGB888 or RGBA8888, not pixel format %d",
                             fn, (int)pic->picture_format);
    }
    if (aclemu_mem_check(stream->addr, stream->len, true, fn, "stream addr") != ACL_SUCCESS ||
        aclemu_mem_check(pic->picture_address, pic->picture_buffer_size, true, fn, "picture_address") !=
            ACL_SUCCESS) {
        return aclemu_himpi_recode(HI_ERR_PNGD_BAD_ADDR);
    }
    return HI_SUCCESS;
}

/* Decode into the caller's buffer; fills *result (the picture as written, or the failure). */
static hi_s32 decode(const hi_img_stream *stream, const hi_pic_info *pic, pngd_result *result, const char *fn)
{
    aclemu_dvpp_pic out = {.data = pic->picture_address,
                           .size = pic->picture_buffer_size,
                           .format = (acldvppPixelFormat)pic->picture_format};
    aclemu_dvpp_pic geometry = out;
    result->pic = *pic;
    result->stream = *stream;
    result->ret = HI_SUCCESS;
    aclError err = aclemu_pngd_predict(stream->addr, stream->len, &geometry, fn);
    if (err == ACL_SUCCESS && geometry.size > pic->picture_buffer_size) {
        return ACLEMU_HI_ERR(HI_ERR_PNGD_ILLEGAL_PARAM, "%s: the %ux%u picture needs %u bytes, "
                             "picture_buffer_size is %u", fn, geometry.width, geometry.height, geometry.size,
                             pic->picture_buffer_size);
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_pngd_decode(stream->addr, stream->len, NULL, &out);
    }
    if (err == ACL_ERROR_API_NOT_SUPPORT) {
        return aclemu_himpi_recode(HI_ERR_PNGD_NOT_SUPPORT);
    }
    if (err != ACL_SUCCESS) {
        result->ret = (hi_s32)HI_ERR_PNGD_ILLEGAL_PARAM;
        return HI_SUCCESS;
    }
    result->pic.picture_width = out.width;
    result->pic.picture_height = out.height;
    result->pic.picture_width_stride = out.width_stride;
    result->pic.picture_height_stride = out.height_stride;
    result->pic.picture_format = (hi_pixel_format)out.format;
    return HI_SUCCESS;
}

hi_s32 hi_mpi_pngd_send_stream(hi_pngd_chn chn, const hi_img_stream *stream, hi_pic_info *png_pic_info,
                               hi_s32 milli_sec)
{
    const char *fn = "hi_mpi_pngd_send_stream";
    hi_s32 err;
    pngd_chn *c = acquire(chn, fn, &err);
    if (c == NULL) {
        return err;
    }
    err = check_send(stream, png_pic_info, fn);
    pngd_result result;
    if (err == HI_SUCCESS) {
        pthread_mutex_lock(&c->lock);
        if (!aclemu_himpi_wait_for(&c->changed, &c->lock, has_room, c, &c->gone, milli_sec)) {
            err = c->gone ? ACLEMU_HI_ERR(HI_ERR_PNGD_UNEXIST, "%s: channel %d was destroyed", fn, chn)
                          : ACLEMU_HI_ERR(HI_ERR_PNGD_BUF_FULL, "%s: channel %d holds %zu pictures nobody took", fn,
                                          chn, c->count);
        }
        pthread_mutex_unlock(&c->lock);
    }
    if (err == HI_SUCCESS) {
        err = decode(stream, png_pic_info, &result, fn);
    }
    if (err == HI_SUCCESS) {
        /* Sends on one channel from several threads may all have seen room: the queue then grows
         * past stream_que_cnt rather than drop a decoded picture. */
        pthread_mutex_lock(&c->lock);
        if (c->count == c->capacity) {
            pngd_result *grown = malloc(2 * c->capacity * sizeof *grown);
            for (size_t i = 0; grown != NULL && i < c->count; ++i) {
                grown[i] = c->queue[(c->head + i) % c->capacity];
            }
            if (grown != NULL) {
                free(c->queue);
                c->queue = grown;
                c->head = 0;
                c->capacity *= 2;
            }
        }
        if (c->count < c->capacity) {
            c->queue[(c->head + c->count++) % c->capacity] = result;
            pthread_cond_broadcast(&c->changed);
        } else {
            err = ACLEMU_HI_ERR(HI_ERR_PNGD_NO_MEM, "%s: out of host memory queueing the picture", fn);
        }
        pthread_mutex_unlock(&c->lock);
    }
    aclemu_himpi_chn_release(c);
    return err;
}

hi_s32 hi_mpi_pngd_get_image_data(hi_pngd_chn chn, hi_pic_info *png_pic_info, hi_img_stream *stream,
                                  hi_s32 milli_sec)
{
    const char *fn = "hi_mpi_pngd_get_image_data";
    if (png_pic_info == NULL || stream == NULL) {
        return ACLEMU_HI_ERR(HI_ERR_PNGD_NULL_PTR, "%s: %s is NULL", fn,
                             png_pic_info == NULL ? "png_pic_info" : "stream");
    }
    hi_s32 err;
    pngd_chn *c = acquire(chn, fn, &err);
    if (c == NULL) {
        return err;
    }
    pthread_mutex_lock(&c->lock);
    if (!aclemu_himpi_wait_for(&c->changed, &c->lock, has_result, c, &c->gone, milli_sec)) {
        err = c->gone ? ACLEMU_HI_ERR(HI_ERR_PNGD_UNEXIST, "%s: channel %d was destroyed", fn, chn)
                      : ACLEMU_HI_ERR(HI_ERR_PNGD_BUF_EMPTY, "%s: no decoded picture on channel %d within %d ms", fn,
                                      chn, milli_sec);
    } else {
        pngd_result r = c->queue[c->head];
        c->head = (c->head + 1) % c->capacity;
        c->count--;
        pthread_cond_broadcast(&c->changed);
        *png_pic_info = r.pic;
        *stream = r.stream;
        err = r.ret == HI_SUCCESS ? HI_SUCCESS
                                  : ACLEMU_HI_ERR(r.ret, "%s: the stream sent to channel %d is not a PNG PNGD can "
                                                  "decode", fn, chn);
    }
    pthread_mutex_unlock(&c->lock);
    aclemu_himpi_chn_release(c);
    return err;
}

hi_s32 hi_mpi_png_get_image_info(const hi_img_stream *png_stream, hi_img_info *img_info)
{
    const char *fn = "hi_mpi_png_get_image_info";
    if (png_stream == NULL || img_info == NULL) {
        return ACLEMU_HI_ERR(HI_ERR_PNGD_NULL_PTR, "%s: %s is NULL", fn, png_stream == NULL ? "png_stream" : "img_info");
    }
    if (png_stream->addr == NULL || png_stream->len == 0) {
        return ACLEMU_HI_ERR(HI_ERR_PNGD_ILLEGAL_PARAM, "%s: the stream has %s", fn,
                             png_stream->addr == NULL ? "no data (addr NULL)" : "len 0");
    }
    aclemu_png_info png;
    if (aclemu_png_parse(png_stream->addr, png_stream->len, &png, fn) != ACL_SUCCESS) {
        return aclemu_himpi_recode(HI_ERR_PNGD_ILLEGAL_PARAM);
    }
    hi_s32 err = aclemu_himpi_image_geometry(HI_PT_PNG, png_stream->addr, png_stream->len, HI_PIXEL_FORMAT_UNKNOWN,
                                             HI_ERR_PNGD_ILLEGAL_PARAM, img_info, fn);
    if (err == HI_SUCCESS) {
        img_info->png_pixel_format = (hi_png_color_format)png.color_type;
    }
    return err;
}
