/* hi_mpi H.264 / H.265 decoding through VDEC channels, over the shared video sessions
 * (video_session.h).
 *
 * Frame mode (the only one the runtime documents for video): every send is one access unit, tagged
 * with its input stream and output picture; pictures come out in display order when the decoder
 * releases them (B-frames later than they went in), each with the input stream it was decoded
 * from and that input's pts. end_of_stream flushes the decoder; the next stream starts a new
 * session. Output is NV12 or NV21 (HI_PIXEL_FORMAT_YUV/YVU_SEMIPLANAR_420) with the strides of
 * aclemu_video_out_strides (the documented width to 16, height to 2), or the output picture's own
 * when they are larger; the picture keeps the stream's size (the output scaling some chips offer
 * through the picture's width and height is not emulated). A unit the decoder rejects, a picture marked damaged, and a unit that
 * produced no picture by the end of the stream each give a frame with frame_flag
 * ACLEMU_VDEC_FRAME_CORRUPT; an output buffer smaller than the picture gives
 * ACLEMU_VDEC_FRAME_NO_ROOM (the size is known only once decoded). The supplement's frame type is
 * not reported by the decoder and reads HI_VDEC_FRAME_TYPE_I. */
#include "himpi_vdec.h"

#include <stdlib.h>
#include <string.h>

void aclemu_vdec_video_reset(aclemu_vdec_chn *c)
{
    aclemu_video_session_close(c->session);
    c->session = NULL;
    c->pending_count = 0;
}

static hi_s32 add_pending(aclemu_vdec_chn *c, const hi_vdec_stream *stream, const hi_vdec_pic_info *pic,
                          uint64_t tag, const char *fn)
{
    if (c->pending_count == c->pending_capacity) {
        size_t capacity = c->pending_capacity ? c->pending_capacity * 2 : ACLEMU_VDEC_DEFAULT_FRAMES;
        aclemu_vdec_pending *grown = realloc(c->pending, capacity * sizeof *grown);
        if (grown == NULL) {
            return ACLEMU_HI_ERR(HI_ERR_VDEC_NO_MEM, "%s: out of host memory", fn);
        }
        c->pending = grown;
        c->pending_capacity = capacity;
    }
    aclemu_vdec_pending *p = &c->pending[c->pending_count++];
    memset(p, 0, sizeof *p);
    p->tag = tag;
    p->stream = *stream;
    if (pic != NULL && stream->need_display) {
        p->pic = *pic;
    }
    return HI_SUCCESS;
}

/* Remove the pending entry of `tag` into *out; false when unknown. Entries stay in send order. */
static bool take_pending(aclemu_vdec_chn *c, uint64_t tag, aclemu_vdec_pending *out)
{
    for (size_t i = 0; i < c->pending_count; ++i) {
        if (c->pending[i].tag == tag) {
            *out = c->pending[i];
            memmove(&c->pending[i], &c->pending[i + 1], (c->pending_count - i - 1) * sizeof *c->pending);
            c->pending_count--;
            return true;
        }
    }
    return false;
}

static hi_s32 push(aclemu_vdec_chn *c, const aclemu_vdec_output *out, const char *fn)
{
    pthread_mutex_lock(&c->lock);
    if (out->frame.v_frame.frame_flag != ACLEMU_VDEC_FRAME_OK) {
        c->errors.stream_unsupport++;
    }
    hi_s32 err = aclemu_vdec_push_locked(c, out, fn);
    pthread_mutex_unlock(&c->lock);
    return err;
}

/* A frame for an input that produced no picture: the user gets the stream back, flagged. */
static hi_s32 push_failed(aclemu_vdec_chn *c, const aclemu_vdec_pending *p, const char *fn)
{
    if (!p->stream.need_display) {
        return HI_SUCCESS;
    }
    aclemu_vdec_output out = {.stream = p->stream, .frame_type = HI_VDEC_FRAME_TYPE_I};
    aclemu_vdec_describe(&out.frame, &p->pic, p->pic.pixel_format, 0, 0, 0, 0, p->stream.pts,
                         ACLEMU_VDEC_FRAME_CORRUPT);
    return push(c, &out, fn);
}

static hi_s32 push_picture(aclemu_vdec_chn *c, const aclemu_media_frame *frame, bool corrupt,
                           const aclemu_vdec_pending *p, const char *fn)
{
    if (!p->stream.need_display) {
        return HI_SUCCESS;
    }
    uint32_t ws, hs;
    aclemu_video_out_strides(frame->width, frame->height, &ws, &hs);
    /* strides the caller chose above the minimum are kept (its layout), smaller ones give way */
    ws = p->pic.width_stride > ws ? p->pic.width_stride : ws;
    hs = p->pic.height_stride > hs ? p->pic.height_stride : hs;
    uint32_t flag = corrupt ? ACLEMU_VDEC_FRAME_CORRUPT : ACLEMU_VDEC_FRAME_OK;
    if ((uint64_t)ws * hs * 3 / 2 > p->pic.buffer_size) {
        flag = ACLEMU_VDEC_FRAME_NO_ROOM;
    } else if (aclemu_video_frame_to_yuv420sp(frame, (acldvppPixelFormat)p->pic.pixel_format,
                                              (uint8_t *)(uintptr_t)p->pic.vir_addr, ws, hs, fn) != ACL_SUCCESS) {
        flag = ACLEMU_VDEC_FRAME_CORRUPT;
    }
    aclemu_vdec_output out = {.stream = p->stream, .frame_type = HI_VDEC_FRAME_TYPE_I};
    aclemu_vdec_describe(&out.frame, &p->pic, p->pic.pixel_format, frame->width, frame->height, ws, hs,
                         p->stream.pts, flag);
    return push(c, &out, fn);
}

/* Take every picture the decoder has ready; after a flush, until it reports the end. */
static hi_s32 drain(aclemu_vdec_chn *c, bool flushed, const char *fn)
{
    for (;;) {
        aclemu_media_frame frame;
        uint64_t tag = 0;
        bool corrupt = false;
        int32_t r = aclemu_video_decode_receive(c->session, &frame, &tag, &corrupt, fn);
        if (r == ACLEMU_MEDIA_AGAIN && !flushed) {
            return HI_SUCCESS;
        }
        if (r != 0) { /* EOF, or the decoder gave up: what is still pending will not come out */
            break;
        }
        aclemu_vdec_pending p;
        if (take_pending(c, tag, &p)) {
            hi_s32 err = push_picture(c, &frame, corrupt, &p, fn);
            if (err != HI_SUCCESS) {
                return err;
            }
        }
    }
    for (size_t i = 0; i < c->pending_count; ++i) {
        hi_s32 err = push_failed(c, &c->pending[i], fn);
        if (err != HI_SUCCESS) {
            return err;
        }
    }
    aclemu_vdec_video_reset(c);
    return HI_SUCCESS;
}

static bool output_accepted(hi_pixel_format f)
{
    return f == HI_PIXEL_FORMAT_YUV_SEMIPLANAR_420 || f == HI_PIXEL_FORMAT_YVU_SEMIPLANAR_420;
}

hi_s32 aclemu_vdec_send_video(aclemu_vdec_chn *c, const hi_vdec_stream *stream, const hi_vdec_pic_info *pic,
                              const char *fn)
{
    if (stream->len > 0 && stream->need_display && !output_accepted(pic->pixel_format)) {
        return ACLEMU_HI_ERR(HI_ERR_VDEC_ILLEGAL_PARAM, "%s: video channels output NV12 or NV21 "
                             "(HI_PIXEL_FORMAT_YUV/YVU_SEMIPLANAR_420), not pixel format %d", fn,
                             (int)pic->pixel_format);
    }
    if (c->session == NULL) {
        if (stream->len == 0) {
            return HI_SUCCESS; /* end of a stream that sent nothing */
        }
        aclError opened = aclemu_video_decoder_open(&c->session, c->attr.type == HI_PT_H264 ? "h264" : "hevc", fn);
        if (opened != ACL_SUCCESS) {
            c->session = NULL;
            return aclemu_himpi_recode(opened == ACL_ERROR_API_NOT_SUPPORT ? HI_ERR_VDEC_NOT_SUPPORT
                                                                           : HI_ERR_VDEC_SYS_ERROR);
        }
    }
    if (stream->len > 0) {
        uint64_t tag = ++c->next_tag;
        hi_s32 err = add_pending(c, stream, pic, tag, fn);
        if (err != HI_SUCCESS) {
            return err;
        }
        if (aclemu_video_decode_send(c->session, stream->addr, stream->len, tag, fn) != ACL_SUCCESS) {
            aclemu_vdec_pending p;
            take_pending(c, tag, &p);
            err = push_failed(c, &p, fn);
            if (err != HI_SUCCESS) {
                return err;
            }
        }
    }
    if (stream->end_of_stream) {
        aclemu_video_decode_send(c->session, NULL, 0, 0, fn);
    }
    return drain(c, stream->end_of_stream != HI_FALSE, fn);
}
