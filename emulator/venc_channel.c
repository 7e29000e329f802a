/* aclvenc channels: aclvencCreateChannel / aclvencDestroyChannel / aclvencSendFrame, encoding
 * NV12/NV21 pictures into H.264/H.265 through a video session (video_session.h).
 *
 * Delivery works as for VDEC (vdec_channel.c): a work stream encodes, a report stream subscribed
 * to the desc's thread id runs the callbacks in aclrtProcessReport. Each picture's callback gets
 * its input pic desc, an output stream desc whose data is the encoded access unit in DVPP memory
 * (valid until the callback returns; the emulator frees it then) and the user data. The stream
 * has no B-frames, so units come out in input order, one per picture.
 * Choices where the documentation is silent: the EOS frame config ends the stream (every pending
 * unit delivered) and gets no callback; the next picture starts a new stream with an IDR; a
 * picture the encoder fails gets a callback whose output stream desc has no data and retCode
 * ACL_ERROR_RT_AICPU_EXCEPTION; without a max bit rate the encoder keeps a constant quality;
 * with one, rc mode 2 is CBR at that rate and the other modes VBR capped at it. */
#include "emu.h"

#include "venc.h"
#include "video_session.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define FRAME_ERROR ACL_ERROR_RT_AICPU_EXCEPTION

typedef struct venc_request {
    struct venc_request *next;
    aclemu_venc_channel *channel;
    uint64_t tag;
    acldvppPicDesc *input;
    void *user_data;
    aclemu_dvpp_pic in;
    bool force_key;
    bool drain;  /* EOS or destroy: flush the encoder */
    bool reopen; /* EOS: a fresh encoder afterwards */
    acldvppStreamDesc *output;
    void *unit;  /* DVPP memory holding the encoded unit */
} venc_request;

struct aclemu_venc_channel {
    aclemu_venc_params p;
    aclemu_video_encoder_config config;
    aclrtContext context; /* current at creation: the output units are DVPP memory of its device */
    aclrtStream work, report;
    aclemu_video_session *session;
    venc_request *waiting;
    pthread_mutex_t tag_lock;
    uint64_t next_tag;
};

static pthread_mutex_t id_lock = PTHREAD_MUTEX_INITIALIZER;
static uint32_t next_channel_id;

static void report_unit(void *arg)
{
    venc_request *r = arg;
    r->channel->p.callback(r->input, r->output, r->user_data);
    acldvppDestroyStreamDesc(r->output);
    if (r->unit != NULL) {
        aclemu_mem_free(r->unit, "aclvencSendFrame");
    }
    free(r);
}

/* Hand r's result (unit[size], or a failure) to the report stream. */
static void deliver(venc_request *r, const void *unit, size_t size, uint32_t ret_code)
{
    const char *fn = "aclvencSendFrame";
    r->output = acldvppCreateStreamDesc();
    if (r->output == NULL) {
        free(r);
        return;
    }
    if (unit != NULL && aclemu_mem_alloc_dvpp(&r->unit, size, (size + 127u) / 128u * 128u, fn) == ACL_SUCCESS) {
        memcpy(r->unit, unit, size);
        acldvppSetStreamDescData(r->output, r->unit);
        acldvppSetStreamDescSize(r->output, (uint32_t)size);
    } else if (unit != NULL) {
        ret_code = ACL_ERROR_BAD_ALLOC;
    }
    acldvppSetStreamDescFormat(r->output, r->channel->p.en_type);
    acldvppSetStreamDescRetCode(r->output, ret_code);
    if (aclrtLaunchCallback(report_unit, r, ACL_CALLBACK_BLOCK, r->channel->report) != ACL_SUCCESS) {
        acldvppDestroyStreamDesc(r->output);
        if (r->unit != NULL) {
            aclemu_mem_free(r->unit, fn);
        }
        free(r);
    }
}

static venc_request *take_waiting(aclemu_venc_channel *ch, uint64_t tag)
{
    for (venc_request **link = &ch->waiting; *link != NULL; link = &(*link)->next) {
        if ((*link)->tag == tag) {
            venc_request *r = *link;
            *link = r->next;
            return r;
        }
    }
    return NULL;
}

static void drain_ready(aclemu_venc_channel *ch, const char *fn)
{
    size_t capacity = (size_t)ch->config.width * ch->config.height * 3 + 65536;
    uint8_t *unit = malloc(capacity);
    if (unit == NULL) {
        return;
    }
    for (;;) {
        size_t size = 0;
        uint64_t tag = 0;
        int32_t code = aclemu_video_encode_receive(ch->session, unit, capacity, &size, &tag, fn);
        if (code != ACL_SUCCESS) {
            break;
        }
        venc_request *r = take_waiting(ch, tag);
        if (r != NULL) {
            deliver(r, unit, size, ACL_SUCCESS);
        }
    }
    free(unit);
}

static void fail_waiting(aclemu_venc_channel *ch)
{
    while (ch->waiting != NULL) {
        venc_request *r = ch->waiting;
        ch->waiting = r->next;
        deliver(r, NULL, 0, FRAME_ERROR);
    }
}

static aclError encode_picture(aclemu_venc_channel *ch, venc_request *r, const char *fn)
{
    uint32_t chroma_w = (r->in.width + 1) / 2, chroma_h = (r->in.height + 1) / 2;
    uint8_t *chroma = malloc((size_t)chroma_w * chroma_h * 2);
    if (chroma == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    aclemu_media_frame frame;
    aclError err = aclemu_video_frame_from_yuv420sp(r->in.data, r->in.format, r->in.width, r->in.height,
                                                    r->in.width_stride, r->in.height_stride, chroma, &frame, fn);
    if (err == ACL_SUCCESS) {
        err = aclemu_video_encode_send(ch->session, &frame, r->force_key, r->tag, fn);
    }
    free(chroma);
    return err;
}

static aclError encode_task(void *arg)
{
    const char *fn = "aclvencSendFrame";
    venc_request *r = arg;
    aclemu_venc_channel *ch = r->channel;
    aclrtSetCurrentContext(ch->context); /* the worker allocates the units on the channel's device */
    if (r->drain) {
        aclError err = ACL_SUCCESS;
        if (ch->session != NULL) {
            aclemu_video_encode_send(ch->session, NULL, false, 0, fn);
            drain_ready(ch, fn);
        }
        fail_waiting(ch);
        if (r->reopen) {
            aclemu_video_session_close(ch->session);
            ch->session = NULL;
            err = aclemu_video_encoder_open(&ch->session, &ch->config, fn);
        }
        free(r);
        return err;
    }
    r->next = ch->waiting;
    ch->waiting = r; /* at most a few units wait: order among them comes from the tags */
    if (ch->session == NULL || encode_picture(ch, r, fn) != ACL_SUCCESS) {
        deliver(take_waiting(ch, r->tag), NULL, 0, FRAME_ERROR);
    }
    drain_ready(ch, fn);
    return ACL_SUCCESS;
}

static void free_request(void *arg, bool ran)
{
    if (!ran) {
        free(arg);
    }
}

static void channel_free(aclemu_venc_channel *ch)
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

aclError aclvencCreateChannel(aclvencChannelDesc *desc)
{
    const char *fn = "aclvencCreateChannel";
    aclemu_venc_params p;
    aclemu_venc_channel *existing = NULL;
    aclError err = aclemu_venc_desc_get(desc, fn, &p, &existing);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (existing != NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: a channel is already created on this desc", fn);
    }
    if (p.callback == NULL || p.pic_width == 0 || p.pic_height == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the desc needs a callback, a width and a height", fn);
    }
    aclemu_venc_channel *ch = calloc(1, sizeof *ch);
    if (ch == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    pthread_mutex_init(&ch->tag_lock, NULL);
    ch->p = p;
    ch->config = (aclemu_video_encoder_config){
        .codec = p.en_type == H265_MAIN_LEVEL ? "libx265" : "libx264",
        .width = p.pic_width,
        .height = p.pic_height,
        .key_frame_interval = p.key_frame_interval,
        .rc_mode = p.rc_mode,
        .bit_rate_kbps = p.max_bit_rate,
        .max_bit_rate_kbps = p.max_bit_rate,
        .frame_rate = p.src_rate,
    };
    err = aclrtGetCurrentContext(&ch->context);
    if (err == ACL_SUCCESS) {
        err = aclrtCreateStream(&ch->work);
    }
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
        err = aclemu_video_encoder_open(&ch->session, &ch->config, fn);
    }
    if (err == ACL_SUCCESS) {
        pthread_mutex_lock(&id_lock);
        uint32_t id = next_channel_id++;
        pthread_mutex_unlock(&id_lock);
        err = aclemu_venc_desc_attach(desc, ch, id, fn);
    }
    if (err != ACL_SUCCESS) {
        channel_free(ch);
    }
    return err;
}

static aclError channel_of(const aclvencChannelDesc *desc, const char *fn, aclemu_venc_channel **out)
{
    aclemu_venc_params p;
    aclError err = aclemu_venc_desc_get(desc, fn, &p, out);
    if (err == ACL_SUCCESS && *out == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: no channel is created on this desc (aclvencCreateChannel)",
                               fn);
    }
    return err;
}

aclError aclvencDestroyChannel(aclvencChannelDesc *desc)
{
    const char *fn = "aclvencDestroyChannel";
    aclemu_venc_channel *ch = NULL;
    aclError err = channel_of(desc, fn, &ch);
    if (err != ACL_SUCCESS) {
        return err;
    }
    aclemu_venc_params p;
    aclemu_venc_desc_get(desc, fn, &p, NULL);
    aclemu_venc_desc_attach(desc, NULL, p.channel_id, fn);
    venc_request *flush = calloc(1, sizeof *flush);
    if (flush != NULL) {
        flush->channel = ch;
        flush->drain = true;
        aclemu_stream_submit(ch->work, encode_task, flush, free_request, fn);
    }
    aclError work_err = aclemu_stream_sync(ch->work, -1, fn);
    aclError report_err = aclemu_stream_sync(ch->report, -1, fn);
    channel_free(ch);
    return work_err != ACL_SUCCESS ? work_err : report_err;
}

aclError aclvencSendFrame(aclvencChannelDesc *channelDesc, acldvppPicDesc *input, void *reserve,
                          aclvencFrameConfig *config, void *userdata)
{
    const char *fn = "aclvencSendFrame";
    (void)reserve; /* reserved by the runtime */
    aclemu_venc_channel *ch = NULL;
    venc_request r = {.input = input, .user_data = userdata};
    bool eos = false;
    aclError err = channel_of(channelDesc, fn, &ch);
    if (err == ACL_SUCCESS) {
        err = aclemu_venc_frame_config_get(config, fn, &r.force_key, &eos);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    r.channel = ch;
    r.drain = r.reopen = eos;
    if (!eos) {
        err = aclemu_dvpp_pic_get(input, fn, "input", &r.in);
        if (err != ACL_SUCCESS) {
            return err;
        }
        if (r.in.format != PIXEL_FORMAT_YUV_SEMIPLANAR_420 && r.in.format != PIXEL_FORMAT_YVU_SEMIPLANAR_420) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the input must be NV12 or NV21, not format %d", fn,
                                    (int)r.in.format);
        }
        if (r.in.width != ch->p.pic_width || r.in.height != ch->p.pic_height) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the input is %ux%u, the channel encodes %ux%u", fn,
                                    r.in.width, r.in.height, ch->p.pic_width, ch->p.pic_height);
        }
        size_t need = (size_t)r.in.width_stride * r.in.height_stride * 3 / 2;
        if (r.in.width_stride < r.in.width || r.in.height_stride < r.in.height || need > r.in.size) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                    "%s: strides %ux%u and size %u do not hold a %ux%u YUV420SP picture", fn,
                                    r.in.width_stride, r.in.height_stride, r.in.size, r.in.width, r.in.height);
        }
        err = aclemu_dvpp_mem_check(r.in.data, need, true, fn, "input picture");
        if (err != ACL_SUCCESS) {
            return err;
        }
    }
    venc_request *queued = malloc(sizeof *queued);
    if (queued == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    pthread_mutex_lock(&ch->tag_lock);
    r.tag = ch->next_tag++;
    pthread_mutex_unlock(&ch->tag_lock);
    *queued = r;
    return aclemu_stream_submit(ch->work, encode_task, queued, free_request, fn);
}
