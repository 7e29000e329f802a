/* hi_mpi VENC channels: creation and attributes, start/stop, status, IDR requests, fds.
 *
 * From the runtime's VENC documentation: channels 0 .. ACLEMU_HIMPI_MAX_CHN - 1 encode H.264, H.265 or
 * JPEG; a channel must be created (HI_ERR_VENC_UNEXIST) and started (HI_ERR_VENC_NOT_PERM) before
 * it takes frames; start_chn's recv_pic_num limits how many frames it takes (-1: no limit); an IDR
 * request makes the next frame an IDR. The emulator's choices where the documentation is silent:
 * the payload type of a channel cannot change (HI_ERR_VENC_NOT_PERM), other attributes change only
 * while the channel is stopped, and rc mode 0 (unset) on a video channel means the encoder's
 * default rate control. */
#include "himpi_venc.h"

#include <stdlib.h>
#include <string.h>

aclemu_venc_chn *aclemu_venc_acquire(hi_venc_chn chn, const char *fn, hi_s32 *err)
{
    return aclemu_himpi_acquire(&ACLEMU_HIMPI_VENC_CODES, chn, fn, err);
}

/* The channel for a call that writes through `out`: NULL, with *err set, when `out` is NULL or the channel
 * does not exist. */
static aclemu_venc_chn *acquire_for_output(hi_venc_chn chn, const void *out, const char *what, const char *fn,
                                           hi_s32 *err)
{
    if (out == NULL) {
        *err = ACLEMU_HI_ERR(HI_ERR_VENC_NULL_PTR, "%s: %s is NULL", fn, what);
        return NULL;
    }
    return aclemu_venc_acquire(chn, fn, err);
}

static void free_channel(void *obj)
{
    aclemu_venc_chn *c = obj;
    aclemu_venc_drop_packets_locked(c);
    aclemu_video_session_close(c->session);
    free(c->ready);
    free(c->held);
    pthread_cond_destroy(&c->changed);
    pthread_mutex_destroy(&c->lock);
    pthread_mutex_destroy(&c->send_lock);
    free(c);
}

static bool rc_mode_fits(hi_payload_type type, hi_venc_rc_mode mode)
{
    switch (type) {
    case HI_PT_H264:
        return mode == 0 || (mode >= HI_VENC_RC_MODE_H264_CBR && mode <= HI_VENC_RC_MODE_H264_QPMAP);
    case HI_PT_H265:
        return mode == 0 || (mode >= HI_VENC_RC_MODE_H265_CBR && mode <= HI_VENC_RC_MODE_H265_QPMAP);
    default: /* JPEG: rate control is for MJPEG streams; a snapshot channel may leave it unset */
        return mode == 0 || (mode >= HI_VENC_RC_MODE_MJPEG_CBR && mode <= HI_VENC_RC_MODE_MJPEG_FIXQP);
    }
}

static hi_s32 check_attr(const hi_venc_chn_attr *attr, const char *fn)
{
    if (attr == NULL) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_NULL_PTR, "%s: attr is NULL", fn);
    }
    const hi_venc_attr *v = &attr->venc_attr;
    if (v->type != HI_PT_H264 && v->type != HI_PT_H265 && v->type != HI_PT_JPEG) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_NOT_SUPPORT, "%s: VENC encodes HI_PT_H264, HI_PT_H265 and HI_PT_JPEG, "
                             "not payload type %d", fn, (int)v->type);
    }
    if (v->pic_width == 0 || v->pic_height == 0 || v->pic_width % 2 != 0 || v->pic_height % 2 != 0) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_ILLEGAL_PARAM, "%s: the picture size %ux%u must be even and non-zero", fn,
                             v->pic_width, v->pic_height);
    }
    if ((v->max_pic_width != 0 && v->pic_width > v->max_pic_width) ||
        (v->max_pic_height != 0 && v->pic_height > v->max_pic_height)) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_ILLEGAL_PARAM, "%s: the picture size %ux%u exceeds the maximum %ux%u", fn,
                             v->pic_width, v->pic_height, v->max_pic_width, v->max_pic_height);
    }
    if (!rc_mode_fits(v->type, attr->rc_attr.rc_mode)) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_ILLEGAL_PARAM, "%s: rate control mode %d is not one of payload type %d",
                             fn, (int)attr->rc_attr.rc_mode, (int)v->type);
    }
    return HI_SUCCESS;
}

hi_s32 hi_mpi_venc_create_chn(hi_venc_chn chn, const hi_venc_chn_attr *attr)
{
    const char *fn = "hi_mpi_venc_create_chn";
    hi_s32 err = aclemu_himpi_check_chn(&ACLEMU_HIMPI_VENC_CODES, chn, fn);
    if (err == HI_SUCCESS) {
        err = check_attr(attr, fn);
    }
    if (err != HI_SUCCESS) {
        return err;
    }
    if (!aclemu_himpi_sys_ready()) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_SYS_NOT_READY, "%s: call hi_mpi_sys_init first", fn);
    }
    aclemu_venc_chn *c = calloc(1, sizeof *c);
    if (c == NULL) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_NO_MEM, "%s: out of host memory", fn);
    }
    pthread_mutex_init(&c->lock, NULL);
    pthread_mutex_init(&c->send_lock, NULL);
    pthread_cond_init(&c->changed, NULL);
    c->id = chn;
    c->attr = *attr;
    c->frames_left = -1;
    c->jpeg_param.qfactor = 90; /* the documented default quality factor of a new JPEG channel */
    for (uint32_t i = 0; i < ACLEMU_VENC_ROI_COUNT; ++i) {
        c->roi[i].idx = i;
    }
    return aclemu_himpi_register(&ACLEMU_HIMPI_VENC_CODES, HI_ERR_VENC_EXIST, chn, c, free_channel, fn);
}

hi_s32 hi_mpi_venc_destroy_chn(hi_venc_chn chn)
{
    hi_s32 err;
    aclemu_venc_chn *c = aclemu_venc_acquire(chn, "hi_mpi_venc_destroy_chn", &err);
    if (c == NULL) {
        return err;
    }
    pthread_mutex_lock(&c->lock);
    c->gone = true;
    c->started = false;
    pthread_cond_broadcast(&c->changed);
    pthread_mutex_unlock(&c->lock);
    aclemu_himpi_ready_set(ACLEMU_HIMPI_VENC, chn, 0);
    aclemu_himpi_chn_unregister(ACLEMU_HIMPI_VENC, chn);
    aclemu_himpi_chn_release(c);
    return HI_SUCCESS;
}

hi_s32 hi_mpi_venc_start_chn(hi_venc_chn chn, const hi_venc_start_param *recv_param)
{
    const char *fn = "hi_mpi_venc_start_chn";
    if (recv_param == NULL) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_NULL_PTR, "%s: recv_param is NULL", fn);
    }
    if (recv_param->recv_pic_num < -1 || recv_param->recv_pic_num == 0) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_ILLEGAL_PARAM, "%s: recv_pic_num is -1 (no limit) or a positive count, "
                             "not %d", fn, recv_param->recv_pic_num);
    }
    hi_s32 err;
    aclemu_venc_chn *c = aclemu_venc_acquire(chn, fn, &err);
    if (c == NULL) {
        return err;
    }
    pthread_mutex_lock(&c->lock);
    c->started = true;
    c->frames_left = recv_param->recv_pic_num;
    aclemu_venc_signal_locked(c);
    pthread_mutex_unlock(&c->lock);
    aclemu_himpi_chn_release(c);
    return HI_SUCCESS;
}

hi_s32 hi_mpi_venc_stop_chn(hi_venc_chn chn)
{
    hi_s32 err;
    aclemu_venc_chn *c = aclemu_venc_acquire(chn, "hi_mpi_venc_stop_chn", &err);
    if (c == NULL) {
        return err;
    }
    pthread_mutex_lock(&c->lock);
    c->started = false;
    aclemu_venc_signal_locked(c);
    pthread_mutex_unlock(&c->lock);
    aclemu_himpi_chn_release(c);
    return HI_SUCCESS;
}

hi_s32 hi_mpi_venc_set_chn_attr(hi_venc_chn chn, const hi_venc_chn_attr *chn_attr)
{
    const char *fn = "hi_mpi_venc_set_chn_attr";
    hi_s32 err = check_attr(chn_attr, fn);
    if (err != HI_SUCCESS) {
        return err;
    }
    aclemu_venc_chn *c = aclemu_venc_acquire(chn, fn, &err);
    if (c == NULL) {
        return err;
    }
    pthread_mutex_lock(&c->send_lock); /* the next frame opens a session with the new attributes */
    pthread_mutex_lock(&c->lock);
    if (chn_attr->venc_attr.type != c->attr.venc_attr.type) {
        err = ACLEMU_HI_ERR(HI_ERR_VENC_NOT_PERM, "%s: channel %d encodes payload type %d; the type cannot change",
                            fn, chn, (int)c->attr.venc_attr.type);
    } else if (c->started) {
        err = ACLEMU_HI_ERR(HI_ERR_VENC_NOT_PERM, "%s: channel %d is started; call hi_mpi_venc_stop_chn first", fn,
                            chn);
    } else {
        c->attr = *chn_attr;
    }
    pthread_mutex_unlock(&c->lock);
    if (err == HI_SUCCESS) {
        aclemu_video_session_close(c->session);
        c->session = NULL;
    }
    pthread_mutex_unlock(&c->send_lock);
    aclemu_himpi_chn_release(c);
    return err;
}

hi_s32 hi_mpi_venc_get_chn_attr(hi_venc_chn chn, hi_venc_chn_attr *chn_attr)
{
    const char *fn = "hi_mpi_venc_get_chn_attr";
    hi_s32 err;
    aclemu_venc_chn *c = acquire_for_output(chn, chn_attr, "chn_attr", fn, &err);
    if (c == NULL) {
        return err;
    }
    pthread_mutex_lock(&c->lock);
    *chn_attr = c->attr;
    pthread_mutex_unlock(&c->lock);
    aclemu_himpi_chn_release(c);
    return HI_SUCCESS;
}

hi_s32 hi_mpi_venc_query_status(hi_venc_chn chn, hi_venc_chn_status *status)
{
    const char *fn = "hi_mpi_venc_query_status";
    hi_s32 err;
    aclemu_venc_chn *c = acquire_for_output(chn, status, "status", fn, &err);
    if (c == NULL) {
        return err;
    }
    pthread_mutex_lock(&c->lock);
    memset(status, 0, sizeof *status);
    status->left_stream_frames = (hi_u32)c->ready_count;
    status->cur_packs = c->ready_count > 0 ? 1 : 0; /* one pack per picture */
    for (size_t i = 0; i < c->ready_count; ++i) {
        status->left_stream_bytes += c->ready[i].len;
    }
    status->left_recv_pics = c->frames_left < 0 ? 0 : (hi_u32)c->frames_left;
    status->release_pic_pts = c->last_pts;
    status->stream_info.pic_cnt = c->frames_encoded;
    pthread_mutex_unlock(&c->lock);
    aclemu_himpi_chn_release(c);
    return HI_SUCCESS;
}

hi_s32 hi_mpi_venc_request_idr(hi_venc_chn chn, hi_bool instant)
{
    (void)instant; /* frames are encoded as they are sent, so "instant" and "next" are the same frame */
    hi_s32 err;
    aclemu_venc_chn *c = aclemu_venc_acquire(chn, "hi_mpi_venc_request_idr", &err);
    if (c == NULL) {
        return err;
    }
    pthread_mutex_lock(&c->lock);
    c->force_idr = true;
    pthread_mutex_unlock(&c->lock);
    aclemu_himpi_chn_release(c);
    return HI_SUCCESS;
}

hi_s32 hi_mpi_venc_get_fd(hi_venc_chn chn)
{
    return aclemu_himpi_get_fd(&ACLEMU_HIMPI_VENC_CODES, chn, "hi_mpi_venc_get_fd");
}

hi_s32 hi_mpi_venc_close_fd(hi_venc_chn chn)
{
    return aclemu_himpi_close_fd(&ACLEMU_HIMPI_VENC_CODES, chn, "hi_mpi_venc_close_fd");
}
