/* Streaming video codec sessions over the media executor (video_session.h). */
#include "video_session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MESSAGE_LEN = 512 };

static const char MISSING_EXECUTOR[] =
    "no media executor is registered: H.264/H.265 coding on the emulator runs through PyAV, registered when "
    "the Python package's acl.media is imported (pip install 'ascendcl-cffi[media]')";

struct aclemu_video_session {
    aclemu_media_executor ops;
    uint64_t id;
    bool eof;       /* the executor said a flushed session has nothing more */
    uint64_t *tags; /* pending tags in the order they were sent */
    size_t count, capacity;
};

static aclError executor_error(int32_t code, const char *message, const char *fn)
{
    if (code <= 0) { /* AGAIN/EOF where a result was due */
        return aclemu_set_error(ACL_ERROR_RT_AICPU_EXCEPTION, "%s: the codec produced no output%s%s", fn,
                                message[0] ? ": " : "", message);
    }
    return aclemu_set_error((aclError)code, "%s: %s", fn, message[0] ? message : "the codec failed");
}

static aclError session_open(aclemu_video_session **out, const char *codec, int encode, const char *options,
                             const char *fn)
{
    *out = NULL;
    aclemu_video_session *s = calloc(1, sizeof *s);
    if (s == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    if (!aclemu_media_executor_get(&s->ops)) {
        free(s);
        return aclemu_set_error(ACL_ERROR_API_NOT_SUPPORT, "%s: %s", fn, MISSING_EXECUTOR);
    }
    char message[MESSAGE_LEN] = "";
    int32_t code = s->ops.open(codec, encode, options, &s->id, message, sizeof message);
    if (code != 0) {
        free(s);
        return executor_error(code, message, fn);
    }
    *out = s;
    return ACL_SUCCESS;
}

aclError aclemu_video_decoder_open(aclemu_video_session **out, const char *codec, const char *fn)
{
    /* FFmpeg conceals damage by default; the frames it marks corrupt are reported as failures. */
    return session_open(out, codec, 0, "", fn);
}

aclError aclemu_video_encoder_open(aclemu_video_session **out, const aclemu_video_encoder_config *config,
                                   const char *fn)
{
    char options[256];
    int n = snprintf(options, sizeof options, "width=%u;height=%u;gop=%u;fps=%u", config->width, config->height,
                     config->key_frame_interval, config->frame_rate);
    if (config->bit_rate_kbps != 0) {
        n += snprintf(options + n, sizeof options - (size_t)n, ";bitrate=%llu;rc=%s",
                      (unsigned long long)config->bit_rate_kbps * 1000u, config->rc_mode == 2 ? "cbr" : "vbr");
    }
    if (config->max_bit_rate_kbps != 0) {
        snprintf(options + n, sizeof options - (size_t)n, ";maxrate=%llu",
                 (unsigned long long)config->max_bit_rate_kbps * 1000u);
    }
    return session_open(out, config->codec, 1, options, fn);
}

static aclError push_tag(aclemu_video_session *s, uint64_t tag, const char *fn)
{
    if (s->count == s->capacity) {
        size_t capacity = s->capacity ? s->capacity * 2 : 64;
        uint64_t *grown = realloc(s->tags, capacity * sizeof *grown);
        if (grown == NULL) {
            return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
        }
        s->tags = grown;
        s->capacity = capacity;
    }
    s->tags[s->count++] = tag;
    return ACL_SUCCESS;
}

static void remove_at(aclemu_video_session *s, size_t index)
{
    memmove(s->tags + index, s->tags + index + 1, (s->count - index - 1) * sizeof *s->tags);
    s->count--;
}

/* Give back the pending tag `pts` (the executor carries tags as pts); an output whose pts matches
 * no pending tag (a decoder that lost it) is attributed to the oldest one. */
static uint64_t take_tag(aclemu_video_session *s, int64_t pts)
{
    if (s->count == 0) {
        return (uint64_t)pts;
    }
    size_t index = 0;
    for (size_t i = 0; i < s->count; i++) {
        if (s->tags[i] == (uint64_t)pts) {
            index = i;
            break;
        }
    }
    uint64_t tag = s->tags[index];
    remove_at(s, index);
    return tag;
}

aclError aclemu_video_decode_send(aclemu_video_session *s, const void *data, size_t size, uint64_t tag,
                                  const char *fn)
{
    char message[MESSAGE_LEN] = "";
    bool flush = data == NULL || size == 0;
    int32_t code = s->ops.send_packet(s->id, flush ? NULL : data, flush ? 0 : size, (int64_t)tag, message,
                                      sizeof message);
    if (code != 0) {
        return executor_error(code, message, fn);
    }
    return flush ? ACL_SUCCESS : push_tag(s, tag, fn);
}

int32_t aclemu_video_decode_receive(aclemu_video_session *s, aclemu_media_frame *frame, uint64_t *tag,
                                    bool *corrupt, const char *fn)
{
    char message[MESSAGE_LEN] = "";
    memset(frame, 0, sizeof *frame);
    int32_t code = s->ops.receive_frame(s->id, frame, message, sizeof message);
    if (code == ACLEMU_MEDIA_EOF) {
        s->eof = true;
    }
    if (code == ACLEMU_MEDIA_AGAIN || code == ACLEMU_MEDIA_EOF) {
        return code;
    }
    if (code != 0) {
        return executor_error(code, message, fn);
    }
    *tag = take_tag(s, frame->pts);
    *corrupt = (frame->flags & ACLEMU_MEDIA_FRAME_CORRUPT) != 0;
    return ACL_SUCCESS;
}

bool aclemu_video_decode_take_lost(aclemu_video_session *s, uint64_t *tag)
{
    if (s->count == 0 || (!s->eof && s->count <= ACLEMU_VIDEO_REORDER_WINDOW)) {
        return false;
    }
    *tag = s->tags[0];
    remove_at(s, 0);
    return true;
}

aclError aclemu_video_encode_send(aclemu_video_session *s, const aclemu_media_frame *frame, bool force_key,
                                  uint64_t tag, const char *fn)
{
    char message[MESSAGE_LEN] = "";
    if (frame == NULL) {
        int32_t code = s->ops.send_frame(s->id, NULL, message, sizeof message);
        return code == 0 ? ACL_SUCCESS : executor_error(code, message, fn);
    }
    aclemu_media_frame tagged = *frame;
    tagged.pts = (int64_t)tag;
    tagged.flags = force_key ? ACLEMU_MEDIA_FRAME_KEY : 0;
    int32_t code = s->ops.send_frame(s->id, &tagged, message, sizeof message);
    if (code != 0) {
        return executor_error(code, message, fn);
    }
    return push_tag(s, tag, fn);
}

int32_t aclemu_video_encode_receive(aclemu_video_session *s, void *out, size_t capacity, size_t *size,
                                    uint64_t *tag, const char *fn)
{
    char message[MESSAGE_LEN] = "";
    int64_t pts = 0;
    int32_t code = s->ops.receive_packet(s->id, out, capacity, size, &pts, message, sizeof message);
    if (code == ACLEMU_MEDIA_EOF) {
        s->eof = true;
    }
    if (code == ACLEMU_MEDIA_AGAIN || code == ACLEMU_MEDIA_EOF) {
        return code;
    }
    if (code != 0) {
        return executor_error(code, message, fn);
    }
    *tag = take_tag(s, pts);
    return ACL_SUCCESS;
}

size_t aclemu_video_pending(const aclemu_video_session *s)
{
    return s->count;
}

void aclemu_video_session_close(aclemu_video_session *s)
{
    if (s == NULL) {
        return;
    }
    s->ops.close(s->id);
    free(s->tags);
    free(s);
}

/* ---------------------------------------------------------------- frame layout */

void aclemu_video_out_strides(uint32_t width, uint32_t height, uint32_t *width_stride, uint32_t *height_stride)
{
    *width_stride = (uint32_t)(((uint64_t)width + 15u) / 16u * 16u);
    *height_stride = (uint32_t)(((uint64_t)height + 1u) / 2u * 2u);
}

/* Byte offset of U inside an interleaved chroma pair: NV12 stores U first, NV21 V first. */
static int u_offset(acldvppPixelFormat format)
{
    if (format == PIXEL_FORMAT_YUV_SEMIPLANAR_420) {
        return 0;
    }
    return format == PIXEL_FORMAT_YVU_SEMIPLANAR_420 ? 1 : -1;
}

aclError aclemu_video_frame_to_yuv420sp(const aclemu_media_frame *frame, acldvppPixelFormat format, uint8_t *dst,
                                        uint32_t width_stride, uint32_t height_stride, const char *fn)
{
    int u_at = u_offset(format);
    if (u_at < 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: output format %d is not NV12 or NV21", fn, (int)format);
    }
    if (frame->kind != ACLEMU_MEDIA_FRAME_PLANAR_YUV || frame->planes != 3 || frame->chroma_shift_x != 1 ||
        frame->chroma_shift_y != 1) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the decoder produced a picture that is not YUV 4:2:0",
                                fn);
    }
    uint32_t chroma_w = (frame->width + 1) / 2, chroma_h = (frame->height + 1) / 2;
    if (width_stride < 2 * chroma_w || height_stride < 2 * chroma_h) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: strides %ux%u are smaller than the picture %ux%u", fn,
                                width_stride, height_stride, frame->width, frame->height);
    }
    for (uint32_t y = 0; y < frame->height; y++) {
        memcpy(dst + (size_t)y * width_stride, frame->data[0] + (size_t)y * frame->linesize[0], frame->width);
    }
    uint8_t *chroma = dst + (size_t)width_stride * height_stride;
    for (uint32_t y = 0; y < chroma_h; y++) {
        const uint8_t *u = frame->data[1] + (size_t)y * frame->linesize[1];
        const uint8_t *v = frame->data[2] + (size_t)y * frame->linesize[2];
        uint8_t *line = chroma + (size_t)y * width_stride;
        for (uint32_t x = 0; x < chroma_w; x++) {
            line[2 * x + (uint32_t)u_at] = u[x];
            line[2 * x + 1 - (uint32_t)u_at] = v[x];
        }
    }
    return ACL_SUCCESS;
}

aclError aclemu_video_frame_from_yuv420sp(const uint8_t *src, acldvppPixelFormat format, uint32_t width,
                                          uint32_t height, uint32_t width_stride, uint32_t height_stride,
                                          uint8_t *chroma, aclemu_media_frame *frame, const char *fn)
{
    int u_at = u_offset(format);
    if (u_at < 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: input format %d is not NV12 or NV21", fn, (int)format);
    }
    uint32_t chroma_w = (width + 1) / 2, chroma_h = (height + 1) / 2;
    if (width_stride < 2 * chroma_w || height_stride < 2 * chroma_h) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: strides %ux%u are smaller than the picture %ux%u", fn,
                                width_stride, height_stride, width, height);
    }
    uint8_t *u = chroma, *v = chroma + (size_t)chroma_w * chroma_h;
    const uint8_t *pairs = src + (size_t)width_stride * height_stride;
    for (uint32_t y = 0; y < chroma_h; y++) {
        const uint8_t *line = pairs + (size_t)y * width_stride;
        for (uint32_t x = 0; x < chroma_w; x++) {
            u[(size_t)y * chroma_w + x] = line[2 * x + (uint32_t)u_at];
            v[(size_t)y * chroma_w + x] = line[2 * x + 1 - (uint32_t)u_at];
        }
    }
    *frame = (aclemu_media_frame){.width = width,
                                  .height = height,
                                  .kind = ACLEMU_MEDIA_FRAME_PLANAR_YUV,
                                  .planes = 3,
                                  .chroma_shift_x = 1,
                                  .chroma_shift_y = 1,
                                  .data = {(uint8_t *)src, u, v},
                                  .linesize = {width_stride, chroma_w, chroma_w}};
    return ACL_SUCCESS;
}
