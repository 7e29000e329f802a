/* hi_mpi VDEC channels: creation, attributes and parameters, start/stop, status, reset, fds.
 *
 * From the runtime's VDEC documentation: channels 0 .. VDEC_MAX_CHN_NUM - 1 are shared by JPEGD and
 * video decoding; a channel must be created before use (HI_ERR_VDEC_UNEXIST), started before it
 * takes streams (HI_ERR_VDEC_NOT_PERM), and stopped before it is reset. Where the documentation is
 * silent the emulator chooses: attributes may be changed only while the channel is stopped
 * (HI_ERR_VDEC_NOT_PERM otherwise), destroying a started channel is allowed (it stops it first),
 * and a parameter set whose type differs from the channel's is HI_ERR_VDEC_ILLEGAL_PARAM. */
#include "himpi_vdec.h"

#include <stdlib.h>
#include <string.h>

aclemu_vdec_chn *aclemu_vdec_acquire(hi_vdec_chn chn, const char *fn, hi_s32 *err)
{
    return aclemu_himpi_acquire(&ACLEMU_HIMPI_VDEC_CODES, chn, fn, err);
}

static void free_channel(void *obj)
{
    aclemu_vdec_chn *c = obj;
    aclemu_vdec_video_reset(c);
    free(c->pending);
    free(c->ready);
    free(c->held);
    pthread_cond_destroy(&c->changed);
    pthread_mutex_destroy(&c->lock);
    pthread_mutex_destroy(&c->send_lock);
    free(c);
}

static bool payload_is_known(hi_payload_type type)
{
    return type == HI_PT_JPEG || type == HI_PT_PNG || type == HI_PT_H264 || type == HI_PT_H265;
}

static bool is_video(hi_payload_type type)
{
    return type == HI_PT_H264 || type == HI_PT_H265;
}

static hi_s32 check_attr(const hi_vdec_chn_attr *attr, const char *fn)
{
    if (attr == NULL) {
        return ACLEMU_HI_ERR(HI_ERR_VDEC_NULL_PTR, "%s: attr is NULL", fn);
    }
    if (!payload_is_known(attr->type)) {
        return ACLEMU_HI_ERR(HI_ERR_VDEC_NOT_SUPPORT, "%s: VDEC decodes HI_PT_JPEG, HI_PT_PNG, HI_PT_H264 and "
                             "HI_PT_H265, not payload type %d", fn, (int)attr->type);
    }
    if (attr->mode < HI_VDEC_SEND_MODE_STREAM || attr->mode >= HI_VDEC_SEND_MODE_BUTT) {
        return ACLEMU_HI_ERR(HI_ERR_VDEC_ILLEGAL_PARAM, "%s: send mode %d is not a hi_vdec_send_mode", fn,
                             (int)attr->mode);
    }
    if (is_video(attr->type) && attr->mode != HI_VDEC_SEND_MODE_FRAME) {
        /* The runtime documents frame mode as the only one it supports for video. */
        return ACLEMU_HI_ERR(HI_ERR_VDEC_NOT_SUPPORT, "%s: video channels take whole frames "
                             "(HI_VDEC_SEND_MODE_FRAME), not send mode %d", fn, (int)attr->mode);
    }
    return HI_SUCCESS;
}

/* Parameters a new channel reports before any set: the type, and for pictures NV12 output. The
 * documentation lists no other defaults; the rest reads 0. */
static void default_param(aclemu_vdec_chn *c)
{
    memset(&c->param, 0, sizeof c->param);
    c->param.type = c->attr.type;
    if (!is_video(c->attr.type)) {
        c->param.pic_param.pixel_format = HI_PIXEL_FORMAT_YUV_SEMIPLANAR_420;
    }
    memset(&c->protocol, 0, sizeof c->protocol);
    c->protocol.type = c->attr.type;
}

hi_s32 hi_mpi_vdec_create_chn(hi_vdec_chn chn, const hi_vdec_chn_attr *attr)
{
    const char *fn = "hi_mpi_vdec_create_chn";
    hi_s32 err = aclemu_himpi_check_chn(&ACLEMU_HIMPI_VDEC_CODES, chn, fn);
    if (err == HI_SUCCESS) {
        err = check_attr(attr, fn);
    }
    if (err != HI_SUCCESS) {
        return err;
    }
    if (!aclemu_himpi_sys_ready()) {
        return ACLEMU_HI_ERR(HI_ERR_VDEC_SYS_NOT_READY, "%s: call hi_mpi_sys_init first", fn);
    }
    aclemu_vdec_chn *c = calloc(1, sizeof *c);
    if (c == NULL) {
        return ACLEMU_HI_ERR(HI_ERR_VDEC_NO_MEM, "%s: out of host memory", fn);
    }
    pthread_mutex_init(&c->lock, NULL);
    pthread_mutex_init(&c->send_lock, NULL);
    pthread_cond_init(&c->changed, NULL);
    c->id = chn;
    c->attr = *attr;
    c->precision = YUVOUT_ALIGN_DOWN_COMPAT; /* documented default */
    default_param(c);
    return aclemu_himpi_register(&ACLEMU_HIMPI_VDEC_CODES, HI_ERR_VDEC_EXIST, chn, c, free_channel, fn);
}

hi_s32 hi_mpi_vdec_destroy_chn(hi_vdec_chn chn)
{
    hi_s32 err;
    aclemu_vdec_chn *c = aclemu_vdec_acquire(chn, "hi_mpi_vdec_destroy_chn", &err);
    if (c == NULL) {
        return err;
    }
    pthread_mutex_lock(&c->lock);
    c->gone = true;
    c->started = false;
    pthread_cond_broadcast(&c->changed);
    pthread_mutex_unlock(&c->lock);
    aclemu_himpi_ready_set(ACLEMU_HIMPI_VDEC, chn, 0);
    aclemu_himpi_chn_unregister(ACLEMU_HIMPI_VDEC, chn);
    aclemu_himpi_chn_release(c);
    return HI_SUCCESS;
}

/* Runs `apply` on the acquired channel under its lock. */
typedef hi_s32 (*chn_op)(aclemu_vdec_chn *c, void *arg, const char *fn);

static hi_s32 with_channel(hi_vdec_chn chn, chn_op apply, void *arg, const char *fn)
{
    hi_s32 err;
    aclemu_vdec_chn *c = aclemu_vdec_acquire(chn, fn, &err);
    if (c == NULL) {
        return err;
    }
    pthread_mutex_lock(&c->lock);
    err = apply(c, arg, fn);
    pthread_mutex_unlock(&c->lock);
    aclemu_himpi_chn_release(c);
    return err;
}

static hi_s32 require_stopped(const aclemu_vdec_chn *c, const char *fn)
{
    if (c->started) {
        return ACLEMU_HI_ERR(HI_ERR_VDEC_NOT_PERM, "%s: channel %d is receiving streams; call "
                             "hi_mpi_vdec_stop_recv_stream first", fn, c->id);
    }
    return HI_SUCCESS;
}

static hi_s32 set_attr(aclemu_vdec_chn *c, void *arg, const char *fn)
{
    const hi_vdec_chn_attr *attr = arg;
    hi_s32 err = require_stopped(c, fn);
    if (err == HI_SUCCESS && attr->type != c->attr.type) {
        err = ACLEMU_HI_ERR(HI_ERR_VDEC_ILLEGAL_PARAM, "%s: channel %d decodes payload type %d, not %d", fn, c->id,
                            (int)c->attr.type, (int)attr->type);
    }
    if (err == HI_SUCCESS) {
        c->attr = *attr;
    }
    return err;
}

hi_s32 hi_mpi_vdec_set_chn_attr(hi_vdec_chn chn, const hi_vdec_chn_attr *attr)
{
    const char *fn = "hi_mpi_vdec_set_chn_attr";
    hi_s32 err = check_attr(attr, fn);
    return err != HI_SUCCESS ? err : with_channel(chn, set_attr, (void *)attr, fn);
}

static hi_s32 get_attr(aclemu_vdec_chn *c, void *arg, const char *fn)
{
    (void)fn;
    *(hi_vdec_chn_attr *)arg = c->attr;
    return HI_SUCCESS;
}

#define REQUIRE_OUT(p, fn)                                                                                          \
    do {                                                                                                           \
        if ((p) == NULL) {                                                                                         \
            return ACLEMU_HI_ERR(HI_ERR_VDEC_NULL_PTR, "%s: " #p " is NULL", fn);                                   \
        }                                                                                                          \
    } while (0)

hi_s32 hi_mpi_vdec_get_chn_attr(hi_vdec_chn chn, hi_vdec_chn_attr *attr)
{
    const char *fn = "hi_mpi_vdec_get_chn_attr";
    REQUIRE_OUT(attr, fn);
    return with_channel(chn, get_attr, attr, fn);
}

static hi_s32 set_param(aclemu_vdec_chn *c, void *arg, const char *fn)
{
    const hi_vdec_chn_param *param = arg;
    if (param->type != c->attr.type) {
        return ACLEMU_HI_ERR(HI_ERR_VDEC_ILLEGAL_PARAM, "%s: channel %d decodes payload type %d, the parameters "
                             "are for %d", fn, c->id, (int)c->attr.type, (int)param->type);
    }
    c->param = *param;
    return HI_SUCCESS;
}

hi_s32 hi_mpi_vdec_set_chn_param(hi_vdec_chn chn, const hi_vdec_chn_param *chn_param)
{
    const char *fn = "hi_mpi_vdec_set_chn_param";
    REQUIRE_OUT(chn_param, fn);
    return with_channel(chn, set_param, (void *)chn_param, fn);
}

static hi_s32 get_param(aclemu_vdec_chn *c, void *arg, const char *fn)
{
    (void)fn;
    *(hi_vdec_chn_param *)arg = c->param;
    return HI_SUCCESS;
}

hi_s32 hi_mpi_vdec_get_chn_param(hi_vdec_chn chn, hi_vdec_chn_param *chn_param)
{
    const char *fn = "hi_mpi_vdec_get_chn_param";
    REQUIRE_OUT(chn_param, fn);
    return with_channel(chn, get_param, chn_param, fn);
}

static hi_s32 set_protocol(aclemu_vdec_chn *c, void *arg, const char *fn)
{
    const hi_vdec_protocol_param *param = arg;
    if (!is_video(c->attr.type) || param->type != c->attr.type) {
        return ACLEMU_HI_ERR(HI_ERR_VDEC_ILLEGAL_PARAM, "%s: channel %d decodes payload type %d; protocol "
                             "parameters for type %d do not apply", fn, c->id, (int)c->attr.type, (int)param->type);
    }
    hi_s32 err = require_stopped(c, fn);
    if (err == HI_SUCCESS) {
        c->protocol = *param;
    }
    return err;
}

hi_s32 hi_mpi_vdec_set_protocol_param(hi_vdec_chn chn, const hi_vdec_protocol_param *protocol_param)
{
    const char *fn = "hi_mpi_vdec_set_protocol_param";
    REQUIRE_OUT(protocol_param, fn);
    return with_channel(chn, set_protocol, (void *)protocol_param, fn);
}

static hi_s32 get_protocol(aclemu_vdec_chn *c, void *arg, const char *fn)
{
    (void)fn;
    *(hi_vdec_protocol_param *)arg = c->protocol;
    return HI_SUCCESS;
}

hi_s32 hi_mpi_vdec_get_protocol_param(hi_vdec_chn chn, hi_vdec_protocol_param *protocol_param)
{
    const char *fn = "hi_mpi_vdec_get_protocol_param";
    REQUIRE_OUT(protocol_param, fn);
    return with_channel(chn, get_protocol, protocol_param, fn);
}

static hi_s32 set_started(aclemu_vdec_chn *c, void *arg, const char *fn)
{
    (void)fn;
    c->started = *(const bool *)arg;
    pthread_cond_broadcast(&c->changed);
    aclemu_vdec_signal_locked(c);
    return HI_SUCCESS;
}

hi_s32 hi_mpi_vdec_start_recv_stream(hi_vdec_chn chn)
{
    bool on = true;
    return with_channel(chn, set_started, &on, "hi_mpi_vdec_start_recv_stream");
}

hi_s32 hi_mpi_vdec_stop_recv_stream(hi_vdec_chn chn)
{
    bool on = false;
    return with_channel(chn, set_started, &on, "hi_mpi_vdec_stop_recv_stream");
}

static hi_s32 query(aclemu_vdec_chn *c, void *arg, const char *fn)
{
    (void)fn;
    hi_vdec_chn_status *s = arg;
    memset(s, 0, sizeof *s);
    s->type = c->attr.type;
    s->left_stream_frames = (hi_u32)c->pending_count;
    s->left_decoded_frames = (hi_u32)c->ready_count;
    s->is_started = c->started ? HI_TRUE : HI_FALSE;
    s->recv_stream_frames = c->recv_frames;
    s->dec_stream_frames = c->dec_frames;
    s->dec_err = c->errors;
    s->width = c->width;
    s->height = c->height;
    s->latest_frame_pts = c->latest_pts;
    return HI_SUCCESS;
}

hi_s32 hi_mpi_vdec_query_status(hi_vdec_chn chn, hi_vdec_chn_status *status)
{
    const char *fn = "hi_mpi_vdec_query_status";
    REQUIRE_OUT(status, fn);
    return with_channel(chn, query, status, fn);
}

hi_s32 hi_mpi_vdec_reset_chn(hi_vdec_chn chn)
{
    const char *fn = "hi_mpi_vdec_reset_chn";
    hi_s32 err;
    aclemu_vdec_chn *c = aclemu_vdec_acquire(chn, fn, &err);
    if (c == NULL) {
        return err;
    }
    pthread_mutex_lock(&c->send_lock); /* no send is half way through the decoder */
    pthread_mutex_lock(&c->lock);
    err = require_stopped(c, fn);
    if (err == HI_SUCCESS) {
        aclemu_vdec_clear_locked(c);
    }
    pthread_mutex_unlock(&c->lock);
    if (err == HI_SUCCESS) {
        aclemu_vdec_video_reset(c);
    }
    pthread_mutex_unlock(&c->send_lock);
    aclemu_himpi_chn_release(c);
    return err;
}

static hi_s32 set_display_mode(aclemu_vdec_chn *c, void *arg, const char *fn)
{
    hi_video_display_mode mode = *(const hi_video_display_mode *)arg;
    if (mode != HI_VIDEO_DISPLAY_MODE_PREVIEW && mode != HI_VIDEO_DISPLAY_MODE_PLAYBACK) {
        return ACLEMU_HI_ERR(HI_ERR_VDEC_ILLEGAL_PARAM, "%s: %d is not a hi_video_display_mode", fn, (int)mode);
    }
    c->display_mode = mode;
    return HI_SUCCESS;
}

hi_s32 hi_mpi_vdec_set_display_mode(hi_vdec_chn chn, hi_video_display_mode display_mode)
{
    return with_channel(chn, set_display_mode, &display_mode, "hi_mpi_vdec_set_display_mode");
}

static hi_s32 get_display_mode(aclemu_vdec_chn *c, void *arg, const char *fn)
{
    (void)fn;
    *(hi_video_display_mode *)arg = c->display_mode;
    return HI_SUCCESS;
}

hi_s32 hi_mpi_vdec_get_display_mode(hi_vdec_chn chn, hi_video_display_mode *display_mode)
{
    const char *fn = "hi_mpi_vdec_get_display_mode";
    REQUIRE_OUT(display_mode, fn);
    return with_channel(chn, get_display_mode, display_mode, fn);
}

static hi_s32 set_precision(aclemu_vdec_chn *c, void *arg, const char *fn)
{
    hi_jpegd_precision_mode mode = *(const hi_jpegd_precision_mode *)arg;
    if (mode != YUVOUT_ALIGN_DOWN && mode != YUVOUT_ALIGN_UP && mode != YUVOUT_ALIGN_DOWN_COMPAT) {
        return ACLEMU_HI_ERR(HI_ERR_VDEC_ILLEGAL_PARAM, "%s: %d is not a hi_jpegd_precision_mode", fn, (int)mode);
    }
    if (c->attr.type != HI_PT_JPEG) {
        return ACLEMU_HI_ERR(HI_ERR_VDEC_NOT_SUPPORT, "%s: channel %d is not a JPEG channel", fn, c->id);
    }
    c->precision = mode;
    return HI_SUCCESS;
}

hi_s32 hi_mpi_vdec_set_jpegd_precision_mode(hi_vdec_chn chn, const hi_jpegd_precision_mode mode)
{
    hi_jpegd_precision_mode copy = mode;
    return with_channel(chn, set_precision, &copy, "hi_mpi_vdec_set_jpegd_precision_mode");
}

hi_s32 hi_mpi_vdec_get_fd(hi_vdec_chn chn)
{
    return aclemu_himpi_get_fd(&ACLEMU_HIMPI_VDEC_CODES, chn, "hi_mpi_vdec_get_fd");
}

hi_s32 hi_mpi_vdec_close_fd(hi_vdec_chn chn)
{
    return aclemu_himpi_close_fd(&ACLEMU_HIMPI_VDEC_CODES, chn, "hi_mpi_vdec_close_fd");
}
