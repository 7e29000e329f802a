/* hi_mpi VENC frames and streams: send_frame / send_frame_ex / send_jpege_frame, get_stream /
 * release_stream, get_jpege_predicted_size.
 *
 * Documented behaviour kept: a channel takes frames once started, up to recv_pic_num of them;
 * milli_sec is -1 block, 0 non-block, > 0 wait (HI_ERR_VENC_BUF_FULL / HI_ERR_VENC_BUF_EMPTY when
 * the wait runs out); every stream taken is given back with release_stream. Input pictures are
 * YUV420SP NV12/NV21 of the channel's size (JPEG channels also take JPEGE's packed YUV422).
 * The emulator encodes during the send (the encoders run with zero latency: one picture in, one
 * out), so a stream is ready when the send returns. Each picture is one pack holding the whole
 * access unit (parameter sets included on key frames); its data type is the IDR slice type for
 * key frames and the P slice type otherwise (the encoders make no B-frames). Packs live in host
 * memory the channel owns until release_stream (send_jpege_frame writes into the caller's
 * buffer instead). The channel keeps at most max_stream_cnt of hi_venc_chn_param (16 when 0)
 * streams nobody took before sends wait. */
#include "himpi_venc.h"

#include <stdlib.h>
#include <string.h>

enum { DEFAULT_STREAMS = 16, PACKET_HEADROOM = 65536 };

static size_t stream_limit(const aclemu_venc_chn *c)
{
    return c->param.max_stream_cnt > 0 ? c->param.max_stream_cnt : DEFAULT_STREAMS;
}

void aclemu_venc_signal_locked(aclemu_venc_chn *c)
{
    uint32_t events = c->ready_count > 0 ? HI_DVPP_EPOLL_IN : 0;
    if (c->started && c->ready_count < stream_limit(c)) {
        events |= HI_DVPP_EPOLL_OUT;
    }
    aclemu_himpi_ready_set(ACLEMU_HIMPI_VENC, c->id, events);
}

static void free_packet(aclemu_venc_packet *p)
{
    if (p->owned) {
        free(p->data);
    }
    p->data = NULL;
}

void aclemu_venc_drop_packets_locked(aclemu_venc_chn *c)
{
    for (size_t i = 0; i < c->ready_count; ++i) {
        free_packet(&c->ready[i]);
    }
    for (size_t i = 0; i < c->held_count; ++i) {
        free_packet(&c->held[i]);
    }
    c->ready_count = c->held_count = 0;
}

static hi_s32 append(aclemu_venc_packet **list, size_t *count, size_t *capacity, const aclemu_venc_packet *p,
                     const char *fn)
{
    if (*count == *capacity) {
        size_t grown_capacity = *capacity ? *capacity * 2 : DEFAULT_STREAMS;
        aclemu_venc_packet *grown = realloc(*list, grown_capacity * sizeof *grown);
        if (grown == NULL) {
            return ACLEMU_HI_ERR(HI_ERR_VENC_NO_MEM, "%s: out of host memory", fn);
        }
        *list = grown;
        *capacity = grown_capacity;
    }
    (*list)[(*count)++] = *p;
    return HI_SUCCESS;
}

/* ------------------------------------------------------------------ input */

/* The picture a frame info describes, checked against the channel's size and the formats. */
static hi_s32 frame_picture(const hi_video_frame_info *info, const hi_venc_attr *attr, aclemu_dvpp_pic *pic,
                            const char *fn)
{
    if (info == NULL) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_NULL_PTR, "%s: frame is NULL", fn);
    }
    const hi_video_frame *f = &info->v_frame;
    /* pyACL's frame dicts carry the address in phys_addr too (the emulator's are the same) */
    void *base = f->virt_addr[0] != NULL ? f->virt_addr[0] : (void *)(uintptr_t)f->phys_addr[0];
    bool yuv420 = f->pixel_format == HI_PIXEL_FORMAT_YUV_SEMIPLANAR_420 ||
                  f->pixel_format == HI_PIXEL_FORMAT_YVU_SEMIPLANAR_420;
    bool packed422 = f->pixel_format >= HI_PIXEL_FORMAT_YUYV_PACKED_422 &&
                     f->pixel_format <= HI_PIXEL_FORMAT_VYUY_PACKED_422;
    if (!yuv420 && !(packed422 && attr->type == HI_PT_JPEG)) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_ILLEGAL_PARAM, "%s: the channel encodes YUV420SP NV12/NV21%s, not pixel "
                             "format %d", fn, attr->type == HI_PT_JPEG ? " or packed YUV422" : "",
                             (int)f->pixel_format);
    }
    if (attr->type != HI_PT_JPEG && (f->width != attr->pic_width || f->height != attr->pic_height)) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_ILLEGAL_PARAM, "%s: a %ux%u frame on a %ux%u channel", fn, f->width,
                             f->height, attr->pic_width, attr->pic_height);
    }
    const aclemu_pixfmt *fmt = aclemu_pixfmt_get((acldvppPixelFormat)f->pixel_format);
    uint32_t ws = f->width_stride[0];
    uint32_t hs = f->height_stride[0] != 0 ? f->height_stride[0] : f->height;
    if (base == NULL || ws < aclemu_pixfmt_min_width_stride(fmt, f->width) || hs < f->height) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_ILLEGAL_PARAM, "%s: the frame has %s", fn,
                             base == NULL ? "no address" : "strides smaller than its size");
    }
    size_t need = aclemu_pixfmt_buffer_size(fmt, ws, hs);
    if (aclemu_mem_check(base, need, true, fn, "the frame's picture") != ACL_SUCCESS) {
        return aclemu_himpi_recode(HI_ERR_VENC_ILLEGAL_PARAM);
    }
    *pic = (aclemu_dvpp_pic){base, (uint32_t)need, (acldvppPixelFormat)f->pixel_format, f->width, f->height, ws, hs,
                             0};
    return HI_SUCCESS;
}

/* ----------------------------------------------------------------- encoding */

/* True when an Annex B access unit holds an IDR / IRAP picture. */
static bool is_key_unit(const uint8_t *p, size_t n, hi_payload_type type)
{
    for (size_t i = 0; i + 3 < n; ++i) {
        if (p[i] == 0 && p[i + 1] == 0 && p[i + 2] == 1) {
            uint8_t header = p[i + 3];
            if (type == HI_PT_H264 ? (header & 0x1F) == 5 : ((header >> 1) & 0x3F) >= 16 && ((header >> 1) & 0x3F) <= 21) {
                return true;
            }
        }
    }
    return false;
}

static void encoder_config(const hi_venc_chn_attr *attr, aclemu_video_encoder_config *cfg)
{
    const hi_venc_rc_attr *rc = &attr->rc_attr;
    memset(cfg, 0, sizeof *cfg);
    cfg->codec = attr->venc_attr.type == HI_PT_H264 ? "libx264" : "libx265";
    cfg->width = attr->venc_attr.pic_width;
    cfg->height = attr->venc_attr.pic_height;
    switch (rc->rc_mode) { /* the H.265 structs are the H.264 ones (typedefs) */
    case HI_VENC_RC_MODE_H264_CBR:
    case HI_VENC_RC_MODE_H265_CBR:
        *cfg = (aclemu_video_encoder_config){cfg->codec, cfg->width, cfg->height, rc->h264_cbr.gop, 2,
                                             rc->h264_cbr.bit_rate, 0, rc->h264_cbr.src_frame_rate};
        break;
    case HI_VENC_RC_MODE_H264_VBR:
    case HI_VENC_RC_MODE_H265_VBR:
    case HI_VENC_RC_MODE_H264_AVBR:
    case HI_VENC_RC_MODE_H265_AVBR:
        *cfg = (aclemu_video_encoder_config){cfg->codec, cfg->width, cfg->height, rc->h264_vbr.gop, 1, 0,
                                             rc->h264_vbr.max_bit_rate, rc->h264_vbr.src_frame_rate};
        break;
    case HI_VENC_RC_MODE_H264_CVBR:
    case HI_VENC_RC_MODE_H265_CVBR:
        *cfg = (aclemu_video_encoder_config){cfg->codec, cfg->width, cfg->height, rc->h264_cvbr.gop, 1, 0,
                                             rc->h264_cvbr.max_bit_rate, rc->h264_cvbr.src_frame_rate};
        break;
    case HI_VENC_RC_MODE_H264_QVBR:
    case HI_VENC_RC_MODE_H265_QVBR:
        *cfg = (aclemu_video_encoder_config){cfg->codec, cfg->width, cfg->height, rc->h264_qvbr.gop, 1,
                                             rc->h264_qvbr.target_bit_rate, 0, rc->h264_qvbr.src_frame_rate};
        break;
    case HI_VENC_RC_MODE_H264_FIXQP:
    case HI_VENC_RC_MODE_H265_FIXQP:
        cfg->key_frame_interval = rc->h264_fixqp.gop;
        cfg->frame_rate = rc->h264_fixqp.src_frame_rate;
        break;
    case HI_VENC_RC_MODE_H264_QPMAP:
    case HI_VENC_RC_MODE_H265_QPMAP:
        cfg->key_frame_interval = rc->h264_qpmap.gop;
        cfg->frame_rate = rc->h264_qpmap.src_frame_rate;
        break;
    default: /* unset: the encoder's defaults */
        break;
    }
}

typedef struct send_job {
    hi_venc_chn_attr attr;
    aclemu_dvpp_pic pic;
    uint64_t pts;
    bool force_idr;
    uint32_t qfactor;
    void *out;         /* send_jpege_frame: the caller's buffer */
    uint32_t out_len;
} send_job;

static hi_s32 take_encoded(aclemu_venc_chn *c, uint8_t *data, size_t len, uint64_t pts, bool key, bool owned,
                           const char *fn)
{
    aclemu_venc_packet p = {data, (uint32_t)len, pts, 0, key, owned};
    pthread_mutex_lock(&c->lock);
    p.seq = c->next_seq++;
    hi_s32 err = append(&c->ready, &c->ready_count, &c->ready_capacity, &p, fn);
    if (err == HI_SUCCESS) {
        c->frames_encoded++;
        c->last_pts = pts;
        pthread_cond_broadcast(&c->changed);
        aclemu_venc_signal_locked(c);
    } else if (owned) {
        free(data);
    }
    pthread_mutex_unlock(&c->lock);
    return err;
}

static hi_s32 encode_video(aclemu_venc_chn *c, const send_job *job, const char *fn)
{
    if (c->session == NULL) {
        aclemu_video_encoder_config cfg;
        encoder_config(&job->attr, &cfg);
        aclError opened = aclemu_video_encoder_open(&c->session, &cfg, fn);
        if (opened != ACL_SUCCESS) {
            c->session = NULL;
            return aclemu_himpi_recode(opened == ACL_ERROR_API_NOT_SUPPORT ? HI_ERR_VENC_NOT_SUPPORT
                                                                           : HI_ERR_VENC_ILLEGAL_PARAM);
        }
    }
    uint32_t w = job->pic.width, h = job->pic.height;
    uint8_t *chroma = malloc(2 * (size_t)((w + 1) / 2) * ((h + 1) / 2));
    if (chroma == NULL) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_NO_MEM, "%s: out of host memory", fn);
    }
    aclemu_media_frame frame;
    aclError err = aclemu_video_frame_from_yuv420sp(job->pic.data, job->pic.format, w, h, job->pic.width_stride,
                                                    job->pic.height_stride, chroma, &frame, fn);
    if (err == ACL_SUCCESS) {
        frame.pts = (int64_t)job->pts;
        err = aclemu_video_encode_send(c->session, &frame, job->force_idr, job->pts, fn);
    }
    free(chroma);
    if (err != ACL_SUCCESS) {
        return aclemu_himpi_recode(HI_ERR_VENC_SYS_ERROR);
    }
    for (;;) {
        size_t capacity = (size_t)w * h * 3 / 2 + PACKET_HEADROOM, size = 0;
        uint8_t *data = malloc(capacity);
        uint64_t tag = 0;
        int32_t r = data != NULL ? aclemu_video_encode_receive(c->session, data, capacity, &size, &tag, fn) : 0;
        if (data != NULL && r != 0 && size > capacity) { /* a packet larger than the guess */
            free(data);
            capacity = size;
            data = malloc(capacity);
            r = data != NULL ? aclemu_video_encode_receive(c->session, data, capacity, &size, &tag, fn) : 0;
        }
        if (data == NULL) {
            return ACLEMU_HI_ERR(HI_ERR_VENC_NO_MEM, "%s: out of host memory for the stream", fn);
        }
        if (r != 0) {
            free(data);
            return r == ACLEMU_MEDIA_AGAIN || r == ACLEMU_MEDIA_EOF ? HI_SUCCESS
                                                                   : aclemu_himpi_recode(HI_ERR_VENC_SYS_ERROR);
        }
        hi_s32 pushed = take_encoded(c, data, size, tag, is_key_unit(data, size, job->attr.venc_attr.type), true, fn);
        if (pushed != HI_SUCCESS) {
            return pushed;
        }
    }
}

static hi_s32 encode_jpeg(aclemu_venc_chn *c, const send_job *job, const char *fn)
{
    uint32_t capacity = job->out_len;
    uint8_t *data = job->out;
    if (data == NULL) {
        if (aclemu_jpege_predict(&job->pic, &capacity, fn) != ACL_SUCCESS) {
            return aclemu_himpi_recode(HI_ERR_VENC_ILLEGAL_PARAM);
        }
        data = malloc(capacity);
        if (data == NULL) {
            return ACLEMU_HI_ERR(HI_ERR_VENC_NO_MEM, "%s: out of host memory for the stream", fn);
        }
    }
    size_t written = 0;
    aclError err = aclemu_jpege_encode_picture(&job->pic, job->qfactor, data, capacity, &written, fn);
    if (err != ACL_SUCCESS) {
        if (job->out == NULL) {
            free(data);
        }
        return aclemu_himpi_recode(err == ACL_ERROR_API_NOT_SUPPORT ? HI_ERR_VENC_NOT_SUPPORT
                                                                    : HI_ERR_VENC_ILLEGAL_PARAM);
    }
    return take_encoded(c, data, written, job->pts, true, job->out == NULL, fn);
}

static bool has_room(const void *obj)
{
    const aclemu_venc_chn *c = obj;
    return c->ready_count < stream_limit(c) || !c->started;
}

/* Wait for room, take the channel's settings, encode. `out` is send_jpege_frame's buffer. */
static hi_s32 send(hi_venc_chn chn, const hi_video_frame_info *frame, void *out, uint32_t out_len, hi_s32 milli_sec,
                   bool force_idr, const char *fn)
{
    hi_s32 err;
    aclemu_venc_chn *c = aclemu_venc_acquire(chn, fn, &err);
    if (c == NULL) {
        return err;
    }
    send_job job = {.out = out, .out_len = out_len};
    pthread_mutex_lock(&c->send_lock);
    pthread_mutex_lock(&c->lock);
    job.attr = c->attr;
    err = frame_picture(frame, &c->attr.venc_attr, &job.pic, fn);
    if (err == HI_SUCCESS && (!c->started || c->frames_left == 0)) {
        err = ACLEMU_HI_ERR(HI_ERR_VENC_NOT_PERM, "%s: channel %d %s", fn, chn,
                            c->started ? "received the recv_pic_num frames of its start" : "is not started");
    }
    if (err == HI_SUCCESS && !aclemu_himpi_wait_for(&c->changed, &c->lock, has_room, c, &c->gone, milli_sec)) {
        err = c->gone ? ACLEMU_HI_ERR(HI_ERR_VENC_UNEXIST, "%s: channel %d was destroyed", fn, chn)
                      : ACLEMU_HI_ERR(HI_ERR_VENC_BUF_FULL, "%s: channel %d holds %zu streams nobody took", fn, chn,
                                      c->ready_count);
    }
    if (err == HI_SUCCESS) {
        job.pts = frame->v_frame.pts;
        job.force_idr = c->force_idr || force_idr;
        c->force_idr = false;
        job.qfactor = c->jpeg_param.qfactor;
        if (c->frames_left > 0) {
            c->frames_left--;
        }
    }
    pthread_mutex_unlock(&c->lock);
    if (err == HI_SUCCESS) {
        err = job.attr.venc_attr.type == HI_PT_JPEG ? encode_jpeg(c, &job, fn) : encode_video(c, &job, fn);
    }
    pthread_mutex_unlock(&c->send_lock);
    aclemu_himpi_chn_release(c);
    return err;
}

hi_s32 hi_mpi_venc_send_frame(hi_venc_chn chn, const hi_video_frame_info *frame, hi_s32 milli_sec)
{
    return send(chn, frame, NULL, 0, milli_sec, false, "hi_mpi_venc_send_frame");
}

hi_s32 hi_mpi_venc_send_frame_ex(hi_venc_chn chn, const hi_user_frame_info *frame, hi_s32 milli_sec)
{
    const char *fn = "hi_mpi_venc_send_frame_ex";
    if (frame == NULL) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_NULL_PTR, "%s: frame is NULL", fn);
    }
    /* The user rate-control information asks for a frame type; QP maps and skip weights are not
     * applied by the emulator's encoders. */
    bool idr = frame->user_rc_info.frame_type == VENC_FRAME_TYPE_IDR;
    return send(chn, &frame->user_frame, NULL, 0, milli_sec, idr, fn);
}

hi_s32 hi_mpi_venc_send_jpege_frame(hi_venc_chn chn, const hi_video_frame_info *frame, const hi_img_stream *jpege_stream,
                                    hi_s32 milli_sec)
{
    const char *fn = "hi_mpi_venc_send_jpege_frame";
    if (jpege_stream == NULL || jpege_stream->addr == NULL || jpege_stream->len == 0) {
        return ACLEMU_HI_ERR(jpege_stream == NULL ? HI_ERR_VENC_NULL_PTR : HI_ERR_VENC_ILLEGAL_PARAM,
                             "%s: jpege_stream %s", fn, jpege_stream == NULL ? "is NULL" : "has no buffer");
    }
    if (aclemu_mem_check(jpege_stream->addr, jpege_stream->len, true, fn, "jpege_stream addr") != ACL_SUCCESS) {
        return aclemu_himpi_recode(HI_ERR_VENC_ILLEGAL_PARAM);
    }
    return send(chn, frame, jpege_stream->addr, jpege_stream->len, milli_sec, false, fn);
}

hi_s32 hi_mpi_venc_get_jpege_predicted_size(const hi_video_frame_info *frame, const hi_venc_jpeg_param *jpeg_param,
                                            hi_u32 *size)
{
    const char *fn = "hi_mpi_venc_get_jpege_predicted_size";
    if (jpeg_param == NULL || size == NULL) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_NULL_PTR, "%s: %s is NULL", fn, size == NULL ? "size" : "jpeg_param");
    }
    hi_venc_attr jpeg = {.type = HI_PT_JPEG};
    aclemu_dvpp_pic pic;
    hi_s32 err = frame_picture(frame, &jpeg, &pic, fn);
    if (err == HI_SUCCESS && aclemu_jpege_predict(&pic, size, fn) != ACL_SUCCESS) {
        err = aclemu_himpi_recode(HI_ERR_VENC_ILLEGAL_PARAM);
    }
    return err;
}

/* ------------------------------------------------------------------ output */

static hi_venc_data_type pack_type(hi_payload_type type, bool key)
{
    hi_venc_data_type t;
    memset(&t, 0, sizeof t);
    if (type == HI_PT_H264) {
        t.h264_type = key ? HI_VENC_H264_NALU_IDR_SLICE : HI_VENC_H264_NALU_P_SLICE;
    } else if (type == HI_PT_H265) {
        t.h265_type = key ? HI_VENC_H265_NALU_IDR_SLICE : HI_VENC_H265_NALU_P_SLICE;
    } else {
        t.jpeg_type = HI_VENC_JPEG_PACK_PIC;
    }
    return t;
}

static bool has_stream(const void *obj)
{
    return ((const aclemu_venc_chn *)obj)->ready_count > 0;
}

hi_s32 hi_mpi_venc_get_stream(hi_venc_chn chn, hi_venc_stream *stream, hi_s32 milli_sec)
{
    const char *fn = "hi_mpi_venc_get_stream";
    if (stream == NULL || stream->pack == NULL) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_NULL_PTR, "%s: %s is NULL", fn, stream == NULL ? "stream" : "stream->pack");
    }
    if (stream->pack_cnt == 0) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_ILLEGAL_PARAM, "%s: pack_cnt is 0; a stream needs room for 1 pack", fn);
    }
    hi_s32 err;
    aclemu_venc_chn *c = aclemu_venc_acquire(chn, fn, &err);
    if (c == NULL) {
        return err;
    }
    pthread_mutex_lock(&c->lock);
    if (!aclemu_himpi_wait_for(&c->changed, &c->lock, has_stream, c, &c->gone, milli_sec)) {
        err = c->gone ? ACLEMU_HI_ERR(HI_ERR_VENC_UNEXIST, "%s: channel %d was destroyed", fn, chn)
                      : ACLEMU_HI_ERR(HI_ERR_VENC_BUF_EMPTY, "%s: no stream on channel %d within %d ms", fn, chn,
                                      milli_sec);
    } else {
        aclemu_venc_packet p = c->ready[0];
        err = append(&c->held, &c->held_count, &c->held_capacity, &p, fn);
        if (err == HI_SUCCESS) {
            memmove(c->ready, c->ready + 1, (c->ready_count - 1) * sizeof *c->ready);
            c->ready_count--;
            hi_venc_pack *pack = &stream->pack[0];
            memset(pack, 0, sizeof *pack);
            pack->addr = p.data;
            pack->phys_addr = (hi_u64)(uintptr_t)p.data;
            pack->len = p.len;
            pack->pts = p.pts;
            pack->is_frame_end = HI_TRUE;
            pack->data_type = pack_type(c->attr.venc_attr.type, p.key);
            stream->pack_cnt = 1;
            stream->seq = p.seq;
            pthread_cond_broadcast(&c->changed);
            aclemu_venc_signal_locked(c);
        }
    }
    pthread_mutex_unlock(&c->lock);
    aclemu_himpi_chn_release(c);
    return err;
}

hi_s32 hi_mpi_venc_release_stream(hi_venc_chn chn, hi_venc_stream *stream)
{
    const char *fn = "hi_mpi_venc_release_stream";
    if (stream == NULL || stream->pack == NULL || stream->pack_cnt == 0) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_NULL_PTR, "%s: the stream has no pack", fn);
    }
    hi_s32 err;
    aclemu_venc_chn *c = aclemu_venc_acquire(chn, fn, &err);
    if (c == NULL) {
        return err;
    }
    const hi_venc_pack *pack = &stream->pack[0];
    const uint8_t *addr = pack->addr != NULL ? pack->addr : (const uint8_t *)(uintptr_t)pack->phys_addr;
    pthread_mutex_lock(&c->lock);
    bool found = false;
    for (size_t i = 0; i < c->held_count && !found; ++i) {
        if (c->held[i].data == addr && c->held[i].seq == stream->seq) {
            free_packet(&c->held[i]);
            c->held[i] = c->held[--c->held_count];
            found = true;
        }
    }
    if (!found) {
        err = ACLEMU_HI_ERR(HI_ERR_VENC_ILLEGAL_PARAM, "%s: channel %d gave out no unreleased stream %u at %p", fn,
                            chn, stream->seq, (const void *)addr);
    }
    pthread_mutex_unlock(&c->lock);
    aclemu_himpi_chn_release(c);
    return err;
}
