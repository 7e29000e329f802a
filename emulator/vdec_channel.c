/* aclvdec channels: aclvdecCreateChannel / aclvdecDestroyChannel / aclvdecSendFrame /
 * aclvdecSendSkippedFrame, decoding H.264/H.265 through a video session (video_session.h).
 *
 * How the runtime's delivery is reproduced: a channel owns two streams of the context current
 * at creation. Its work stream runs the decoding, one task per sent frame, in order; every
 * result is handed to its report stream with a blocking aclrtLaunchCallback, and that stream is
 * subscribed to the desc's thread id, so the callback runs on the thread the program bound
 * while it calls aclrtProcessReport, as pyACL's samples expect.
 *
 * One callback per sent frame (the EOS frame excepted), with the frame's own input stream desc,
 * output pic desc and user data: frames come out in display order (a B-frame's callback comes
 * before that of the reference sent ahead of it); a frame that fails gets retCode
 * ACL_ERROR_RT_AICPU_EXCEPTION in its output pic desc and input stream desc (corrupt data),
 * ACL_ERROR_INVALID_PARAM when its output buffer cannot hold the picture. A unit the decoder
 * drops without a word fails once ACLEMU_VIDEO_REORDER_WINDOW later frames went in, or at EOS.
 * Choices where the documentation is silent: the EOS frame (eos set in the stream desc) gets no
 * callback and resets the decoder, so a new stream may follow; the output keeps the coded size
 * (out pic width/height are stored only) with width stride rounded up to 16 and height stride
 * to 2; destroying a channel first decodes and delivers everything sent, then returns. */
#include "emu.h"

#include "vdec.h"
#include "video_session.h"

#include <pthread.h>
#include <stdlib.h>

#define FRAME_ERROR ACL_ERROR_RT_AICPU_EXCEPTION
#define ROOM_ERROR ACL_ERROR_INVALID_PARAM

typedef struct vdec_request {
    struct vdec_request *next;
    aclemu_vdec_channel *channel;
    uint64_t tag;
    acldvppStreamDesc *input;
    acldvppPicDesc *output; /* NULL: a skipped frame */
    void *user_data;
    aclvdecCallback callback;
    aclemu_dvpp_stream in;
    aclemu_dvpp_pic out;
    bool drain;             /* EOS or destroy: flush the decoder, no callback of its own */
    bool reopen;            /* EOS: a fresh decoder afterwards */
} vdec_request;

struct aclemu_vdec_channel {
    aclemu_vdec_params p;
    const char *codec;
    aclrtStream work, report;
    aclemu_video_session *session; /* used on the work stream only */
    vdec_request *waiting;         /* sent to the decoder, frame not out yet (work stream only) */
    pthread_mutex_t tag_lock;
    uint64_t next_tag;
};

/* -------------------------------------------------------------- delivery */

/* Runs on the subscribed thread inside aclrtProcessReport. */
static void report_frame(void *arg)
{
    vdec_request *r = arg;
    r->callback(r->input, r->output, r->user_data);
    free(r);
}

static void deliver(vdec_request *r, uint32_t ret_code)
{
    if (r->output != NULL) {
        r->out.ret_code = ret_code;
        aclemu_dvpp_pic_put(r->output, &r->out);
    }
    r->in.ret_code = ret_code;
    aclemu_dvpp_stream_put(r->input, &r->in);
    if (aclrtLaunchCallback(report_frame, r, ACL_CALLBACK_BLOCK, r->channel->report) != ACL_SUCCESS) {
        free(r); /* the report stream was torn down under the channel (device reset) */
    }
}

static vdec_request *take_waiting(aclemu_vdec_channel *ch, uint64_t tag)
{
    for (vdec_request **link = &ch->waiting; *link != NULL; link = &(*link)->next) {
        if ((*link)->tag == tag) {
            vdec_request *r = *link;
            *link = r->next;
            return r;
        }
    }
    return NULL;
}

static void append_waiting(aclemu_vdec_channel *ch, vdec_request *r)
{
    vdec_request **link = &ch->waiting;
    while (*link != NULL) {
        link = &(*link)->next;
    }
    r->next = NULL;
    *link = r;
}

/* Write a decoded frame into r's output desc; the retCode the callback reports. */
static uint32_t store_frame(vdec_request *r, const aclemu_media_frame *frame, bool corrupt, const char *fn)
{
    if (r->output == NULL) {
        return ACL_SUCCESS;
    }
    uint32_t ws, hs;
    aclemu_video_out_strides(frame->width, frame->height, &ws, &hs);
    size_t need = (size_t)ws * hs * 3 / 2;
    if (need > r->out.size || aclemu_dvpp_mem_check(r->out.data, need, true, fn, "output buffer") != ACL_SUCCESS) {
        aclemu_set_error(ROOM_ERROR, "%s: a %ux%u picture needs %zu bytes, the output desc holds %u", fn,
                         frame->width, frame->height, need, r->out.size);
        return ROOM_ERROR;
    }
    if (aclemu_video_frame_to_yuv420sp(frame, r->channel->p.out_format, r->out.data, ws, hs, fn) != ACL_SUCCESS) {
        return FRAME_ERROR;
    }
    r->out.format = r->channel->p.out_format;
    r->out.width = frame->width;
    r->out.height = frame->height;
    r->out.width_stride = ws;
    r->out.height_stride = hs;
    return corrupt ? FRAME_ERROR : ACL_SUCCESS;
}

/* Hand every frame the decoder has ready to its request, then fail the units it lost. */
static void drain_ready(aclemu_vdec_channel *ch, const char *fn)
{
    for (;;) {
        aclemu_media_frame frame;
        uint64_t tag = 0;
        bool corrupt = false;
        int32_t code = aclemu_video_decode_receive(ch->session, &frame, &tag, &corrupt, fn);
        if (code == ACLEMU_MEDIA_AGAIN || code == ACLEMU_MEDIA_EOF) {
            break;
        }
        if (code != ACL_SUCCESS) { /* the frames it owed fail through the reorder window or at EOS */
            break;
        }
        vdec_request *r = take_waiting(ch, tag);
        if (r != NULL) {
            deliver(r, store_frame(r, &frame, corrupt, fn));
        }
    }
    uint64_t lost;
    while (aclemu_video_decode_take_lost(ch->session, &lost)) {
        vdec_request *r = take_waiting(ch, lost);
        if (r != NULL) {
            aclemu_set_error(FRAME_ERROR, "%s: the decoder dropped the frame (corrupt or undecodable data)", fn);
            deliver(r, FRAME_ERROR);
        }
    }
}

static aclError drain_all(aclemu_vdec_channel *ch, bool reopen, const char *fn)
{
    aclemu_video_decode_send(ch->session, NULL, 0, 0, fn);
    drain_ready(ch, fn);
    while (ch->waiting != NULL) { /* the decoder ended without them */
        vdec_request *r = ch->waiting;
        ch->waiting = r->next;
        deliver(r, FRAME_ERROR);
    }
    if (!reopen) {
        return ACL_SUCCESS;
    }
    aclemu_video_session_close(ch->session);
    ch->session = NULL;
    return aclemu_video_decoder_open(&ch->session, ch->codec, fn);
}

static aclError decode_task(void *arg)
{
    const char *fn = "aclvdecSendFrame";
    vdec_request *r = arg;
    aclemu_vdec_channel *ch = r->channel;
    if (ch->session == NULL) { /* reopening after an EOS failed */
        if (r->drain) {
            free(r);
        } else {
            deliver(r, FRAME_ERROR);
        }
        return ACL_SUCCESS;
    }
    if (r->drain) {
        aclError err = drain_all(ch, r->reopen, fn);
        free(r);
        return err;
    }
    append_waiting(ch, r);
    if (aclemu_video_decode_send(ch->session, r->in.data, r->in.size, r->tag, fn) != ACL_SUCCESS) {
        deliver(take_waiting(ch, r->tag), FRAME_ERROR);
    }
    drain_ready(ch, fn);
    return ACL_SUCCESS;
}

static void free_request(void *arg, bool ran)
{
    if (!ran) { /* the work stream was torn down before the frame was reached */
        free(arg);
    }
}

/* ------------------------------------------------------------- channels */

static void channel_free(aclemu_vdec_channel *ch)
{
    if (ch->report != NULL) {
        aclrtUnSubscribeReport(ch->p.thread_id, ch->report);
        aclrtDestroyStream(ch->report);
    }
    if (ch->work != NULL) {
        aclrtDestroyStream(ch->work);
    }
    aclemu_video_session_close(ch->session);
    pthread_mutex_destroy(&ch->tag_lock);
    free(ch);
}

aclError aclvdecCreateChannel(aclvdecChannelDesc *desc)
{
    const char *fn = "aclvdecCreateChannel";
    aclemu_vdec_params p;
    aclemu_vdec_channel *existing = NULL;
    aclError err = aclemu_vdec_desc_get(desc, fn, &p, &existing);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (existing != NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: a channel is already created on this desc", fn);
    }
    if (p.callback == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: no callback set (aclvdecSetChannelDescCallback)", fn);
    }
    aclemu_vdec_channel *ch = calloc(1, sizeof *ch);
    if (ch == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    pthread_mutex_init(&ch->tag_lock, NULL);
    ch->p = p;
    ch->codec = p.en_type == H265_MAIN_LEVEL ? "hevc" : "h264";
    err = aclrtCreateStream(&ch->work);
    if (err == ACL_SUCCESS) {
        err = aclrtCreateStream(&ch->report);
    }
    if (err == ACL_SUCCESS) {
        err = aclrtSubscribeReport(p.thread_id, ch->report);
        if (err != ACL_SUCCESS) {
            aclrtDestroyStream(ch->report);
            ch->report = NULL;
        }
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_video_decoder_open(&ch->session, ch->codec, fn);
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_vdec_desc_attach(desc, ch, fn);
    }
    if (err != ACL_SUCCESS) {
        channel_free(ch);
    }
    return err;
}

/* The created channel of a live desc, or an error naming fn. */
static aclError channel_of(const aclvdecChannelDesc *desc, const char *fn, aclemu_vdec_channel **out)
{
    aclemu_vdec_params p;
    aclError err = aclemu_vdec_desc_get(desc, fn, &p, out);
    if (err == ACL_SUCCESS && *out == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: no channel is created on this desc (aclvdecCreateChannel)",
                               fn);
    }
    return err;
}

aclError aclvdecDestroyChannel(aclvdecChannelDesc *desc)
{
    const char *fn = "aclvdecDestroyChannel";
    aclemu_vdec_channel *ch = NULL;
    aclError err = channel_of(desc, fn, &ch);
    if (err != ACL_SUCCESS) {
        return err;
    }
    aclemu_vdec_desc_attach(desc, NULL, fn); /* no more frames from here on */
    vdec_request *flush = calloc(1, sizeof *flush);
    if (flush != NULL) {
        flush->channel = ch;
        flush->drain = true;
        aclemu_stream_submit(ch->work, decode_task, flush, free_request, fn);
    }
    aclError work_err = aclemu_stream_sync(ch->work, -1, fn);
    aclError report_err = aclemu_stream_sync(ch->report, -1, fn);
    channel_free(ch);
    return work_err != ACL_SUCCESS ? work_err : report_err;
}

static aclError send_to_channel(aclvdecChannelDesc *desc, acldvppStreamDesc *input, acldvppPicDesc *output, bool skipped,
                     aclvdecFrameConfig *config, void *user_data, const char *fn)
{
    aclemu_vdec_channel *ch = NULL;
    aclError err = channel_of(desc, fn, &ch);
    if (err == ACL_SUCCESS) {
        err = aclemu_vdec_frame_config_check(config, fn);
    }
    vdec_request r = {.channel = ch, .input = input, .output = output, .user_data = user_data};
    if (err == ACL_SUCCESS) {
        err = aclemu_dvpp_stream_get(input, fn, "input", &r.in);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    r.callback = ch->p.callback;
    r.drain = r.reopen = r.in.eos != 0;
    if (!r.drain) {
        if (r.in.data == NULL || r.in.size == 0) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the input stream desc has no data", fn);
        }
        err = aclemu_dvpp_mem_check(r.in.data, r.in.size, true, fn, "input stream");
        if (err != ACL_SUCCESS) {
            return err;
        }
        if (!skipped) {
            if (output == NULL) {
                return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: output is NULL", fn);
            }
            err = aclemu_dvpp_pic_get(output, fn, "output", &r.out);
            if (err == ACL_SUCCESS) {
                err = aclemu_dvpp_mem_check(r.out.data, r.out.size, true, fn, "output buffer");
            }
            if (err != ACL_SUCCESS) {
                return err;
            }
        }
    }
    vdec_request *queued = malloc(sizeof *queued);
    if (queued == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    pthread_mutex_lock(&ch->tag_lock);
    r.tag = ch->next_tag++;
    pthread_mutex_unlock(&ch->tag_lock);
    *queued = r;
    return aclemu_stream_submit(ch->work, decode_task, queued, free_request, fn);
}

aclError aclvdecSendFrame(aclvdecChannelDesc *channelDesc, acldvppStreamDesc *input, acldvppPicDesc *output,
                          aclvdecFrameConfig *config, void *userData)
{
    return send_to_channel(channelDesc, input, output, false, config, userData, "aclvdecSendFrame");
}

aclError aclvdecSendSkippedFrame(aclvdecChannelDesc *channelDesc, acldvppStreamDesc *input,
                                 aclvdecFrameConfig *config, void *userData)
{
    return send_to_channel(channelDesc, input, NULL, true, config, userData, "aclvdecSendSkippedFrame");
}
