/* hi_mpi VDEC streams and frames: hi_mpi_vdec_send_stream, hi_mpi_vdec_get_frame,
 * hi_mpi_vdec_release_frame, and the channel's queue of decoded pictures.
 *
 * Documented behaviour kept here: send_stream needs a started channel (HI_ERR_VDEC_NOT_PERM); an
 * empty packet is allowed only with end_of_stream set; milli_sec of send_stream and get_frame is
 * -1 block, 0 non-block, > 0 wait that long; a full picture queue makes send_stream return
 * HI_ERR_VDEC_BUF_FULL and an empty one get_frame HI_ERR_VDEC_BUF_EMPTY when the wait runs out;
 * get_frame succeeds even for a failed decode, whose frame_flag is then non-zero; every frame taken
 * is given back with release_frame. The emulator decodes during send_stream (on the caller's
 * thread), so a picture is ready as soon as the send returns. */
#include "himpi_vdec.h"

#include <stdlib.h>
#include <string.h>

static size_t frame_limit(const aclemu_vdec_chn *c)
{
    return c->attr.frame_buf_cnt > 0 ? c->attr.frame_buf_cnt : ACLEMU_VDEC_DEFAULT_FRAMES;
}

void aclemu_vdec_signal_locked(aclemu_vdec_chn *c)
{
    uint32_t events = 0;
    if (c->ready_count > 0) {
        events |= HI_DVPP_EPOLL_IN;
    }
    if (c->started && c->ready_count < frame_limit(c)) {
        events |= HI_DVPP_EPOLL_OUT;
    }
    aclemu_himpi_ready_set(ACLEMU_HIMPI_VDEC, c->id, events);
}

hi_s32 aclemu_vdec_push_locked(aclemu_vdec_chn *c, const aclemu_vdec_output *out, const char *fn)
{
    if (c->ready_count == c->ready_capacity) {
        size_t capacity = c->ready_capacity ? c->ready_capacity * 2 : ACLEMU_VDEC_DEFAULT_FRAMES;
        aclemu_vdec_output *grown = malloc(capacity * sizeof *grown);
        if (grown == NULL) {
            return ACLEMU_HI_ERR(HI_ERR_VDEC_NO_MEM, "%s: out of host memory queueing a picture", fn);
        }
        for (size_t i = 0; i < c->ready_count; ++i) {
            grown[i] = c->ready[(c->ready_head + i) % c->ready_capacity];
        }
        free(c->ready);
        c->ready = grown;
        c->ready_head = 0;
        c->ready_capacity = capacity;
    }
    c->ready[(c->ready_head + c->ready_count) % c->ready_capacity] = *out;
    c->ready_count++;
    if (out->frame.v_frame.frame_flag == ACLEMU_VDEC_FRAME_OK) {
        c->dec_frames++;
        c->width = out->frame.v_frame.width;
        c->height = out->frame.v_frame.height;
    }
    c->latest_pts = out->frame.v_frame.pts;
    pthread_cond_broadcast(&c->changed);
    aclemu_vdec_signal_locked(c);
    return HI_SUCCESS;
}

void aclemu_vdec_clear_locked(aclemu_vdec_chn *c)
{
    c->ready_head = c->ready_count = 0;
    c->held_count = 0;
    c->recv_frames = c->dec_frames = 0;
    c->width = c->height = 0;
    c->latest_pts = 0;
    memset(&c->errors, 0, sizeof c->errors);
    pthread_cond_broadcast(&c->changed);
    aclemu_vdec_signal_locked(c);
}

void aclemu_vdec_describe(hi_video_frame_info *info, const hi_vdec_pic_info *pic, hi_pixel_format format,
                          uint32_t width, uint32_t height, uint32_t width_stride, uint32_t height_stride,
                          uint64_t pts, uint32_t flag)
{
    memset(info, 0, sizeof *info);
    hi_video_frame *f = &info->v_frame;
    uint8_t *base = (uint8_t *)(uintptr_t)pic->vir_addr;
    f->width = width;
    f->height = height;
    f->pixel_format = format;
    f->width_stride[0] = f->width_stride[1] = width_stride;
    f->height_stride[0] = f->height_stride[1] = height_stride;
    f->virt_addr[0] = base;
    /* the chroma plane of semi-planar output; packed RGB has one plane and leaves it as the base */
    f->virt_addr[1] = format == HI_PIXEL_FORMAT_RGB_888 || format == HI_PIXEL_FORMAT_RGBA_8888 || base == NULL
                          ? base
                          : base + (size_t)width_stride * height_stride;
    /* DVPP memory on the emulator has no separate physical address: the physical fields repeat the
     * virtual ones. */
    f->phys_addr[0] = (hi_u64)(uintptr_t)f->virt_addr[0];
    f->phys_addr[1] = (hi_u64)(uintptr_t)f->virt_addr[1];
    f->pts = pts;
    f->frame_flag = flag;
    info->mod_id = HI_ID_VDEC;
}

static bool wait_until(aclemu_vdec_chn *c, bool (*ready)(const void *), hi_s32 milli_sec)
{
    return aclemu_himpi_wait_for(&c->changed, &c->lock, ready, c, &c->gone, milli_sec);
}

static bool has_room(const void *obj)
{
    const aclemu_vdec_chn *c = obj;
    return c->ready_count < frame_limit(c) || !c->started;
}

static bool has_frame(const void *obj)
{
    return ((const aclemu_vdec_chn *)obj)->ready_count > 0;
}

static hi_s32 check_stream(const hi_vdec_stream *stream, const hi_vdec_pic_info *pic, const char *fn)
{
    if (stream == NULL) {
        return ACLEMU_HI_ERR(HI_ERR_VDEC_NULL_PTR, "%s: stream is NULL", fn);
    }
    if ((stream->addr == NULL || stream->len == 0) && !stream->end_of_stream) {
        return ACLEMU_HI_ERR(HI_ERR_VDEC_ILLEGAL_PARAM, "%s: an empty packet (%s) is allowed only with "
                             "end_of_stream set", fn, stream->addr == NULL ? "addr NULL" : "len 0");
    }
    if (stream->addr != NULL && stream->len > 0 &&
        aclemu_mem_check(stream->addr, stream->len, true, fn, "stream addr") != ACL_SUCCESS) {
        return aclemu_himpi_recode(HI_ERR_VDEC_BAD_ADDR);
    }
    if (stream->need_display && stream->len > 0) {
        if (pic == NULL) {
            return ACLEMU_HI_ERR(HI_ERR_VDEC_NULL_PTR, "%s: vdec_pic_info is NULL for a frame to display", fn);
        }
        if (pic->vir_addr == 0 || pic->buffer_size == 0) {
            return ACLEMU_HI_ERR(HI_ERR_VDEC_ILLEGAL_PARAM, "%s: the output picture has %s", fn,
                                 pic->vir_addr == 0 ? "no buffer (vir_addr 0)" : "buffer_size 0");
        }
        if (aclemu_mem_check((void *)(uintptr_t)pic->vir_addr, pic->buffer_size, true, fn, "vir_addr") !=
            ACL_SUCCESS) {
            return aclemu_himpi_recode(HI_ERR_VDEC_BAD_ADDR);
        }
    }
    return HI_SUCCESS;
}

hi_s32 hi_mpi_vdec_send_stream(hi_vdec_chn chn, const hi_vdec_stream *stream, hi_vdec_pic_info *vdec_pic_info,
                               hi_s32 milli_sec)
{
    const char *fn = "hi_mpi_vdec_send_stream";
    hi_s32 err;
    aclemu_vdec_chn *c = aclemu_vdec_acquire(chn, fn, &err);
    if (c == NULL) {
        return err;
    }
    err = check_stream(stream, vdec_pic_info, fn);
    pthread_mutex_lock(&c->send_lock);
    pthread_mutex_lock(&c->lock);
    if (err == HI_SUCCESS && !c->started) {
        err = ACLEMU_HI_ERR(HI_ERR_VDEC_NOT_PERM, "%s: channel %d is not receiving streams; call "
                            "hi_mpi_vdec_start_recv_stream first", fn, chn);
    }
    if (err == HI_SUCCESS && !wait_until(c, has_room, milli_sec)) {
        err = c->gone ? ACLEMU_HI_ERR(HI_ERR_VDEC_UNEXIST, "%s: channel %d was destroyed", fn, chn)
                      : ACLEMU_HI_ERR(HI_ERR_VDEC_BUF_FULL, "%s: channel %d holds %zu decoded pictures nobody took",
                                      fn, chn, c->ready_count);
    }
    if (err == HI_SUCCESS && !c->started) { /* stopped while this send waited */
        err = ACLEMU_HI_ERR(HI_ERR_VDEC_NOT_PERM, "%s: channel %d stopped receiving streams", fn, chn);
    }
    hi_payload_type type = c->attr.type;
    if (err == HI_SUCCESS && stream->len > 0) {
        c->recv_frames++;
    }
    pthread_mutex_unlock(&c->lock);
    if (err == HI_SUCCESS) {
        err = type == HI_PT_H264 || type == HI_PT_H265 ? aclemu_vdec_send_video(c, stream, vdec_pic_info, fn)
                                                       : aclemu_vdec_send_picture(c, stream, vdec_pic_info, fn);
    }
    pthread_mutex_unlock(&c->send_lock);
    aclemu_himpi_chn_release(c);
    return err;
}

static hi_s32 hold_locked(aclemu_vdec_chn *c, hi_void *addr, const char *fn)
{
    if (c->held_count == c->held_capacity) {
        size_t capacity = c->held_capacity ? c->held_capacity * 2 : ACLEMU_VDEC_DEFAULT_FRAMES;
        hi_void **grown = realloc(c->held, capacity * sizeof *grown);
        if (grown == NULL) {
            return ACLEMU_HI_ERR(HI_ERR_VDEC_NO_MEM, "%s: out of host memory", fn);
        }
        c->held = grown;
        c->held_capacity = capacity;
    }
    c->held[c->held_count++] = addr;
    return HI_SUCCESS;
}

hi_s32 hi_mpi_vdec_get_frame(hi_vdec_chn chn, hi_video_frame_info *frame_info, hi_vdec_supplement_info *supplement,
                             hi_vdec_stream *stream, hi_s32 milli_sec)
{
    const char *fn = "hi_mpi_vdec_get_frame";
    if (frame_info == NULL || stream == NULL) {
        return ACLEMU_HI_ERR(HI_ERR_VDEC_NULL_PTR, "%s: %s is NULL", fn, frame_info == NULL ? "frame_info" : "stream");
    }
    hi_s32 err;
    aclemu_vdec_chn *c = aclemu_vdec_acquire(chn, fn, &err);
    if (c == NULL) {
        return err;
    }
    pthread_mutex_lock(&c->lock);
    if (!wait_until(c, has_frame, milli_sec)) {
        err = c->gone ? ACLEMU_HI_ERR(HI_ERR_VDEC_UNEXIST, "%s: channel %d was destroyed", fn, chn)
                      : ACLEMU_HI_ERR(HI_ERR_VDEC_BUF_EMPTY, "%s: no decoded picture on channel %d within %d ms",
                                      fn, chn, milli_sec);
    } else {
        aclemu_vdec_output out = c->ready[c->ready_head];
        err = hold_locked(c, out.frame.v_frame.virt_addr[0], fn);
        if (err == HI_SUCCESS) {
            c->ready_head = (c->ready_head + 1) % c->ready_capacity;
            c->ready_count--;
            *frame_info = out.frame;
            *stream = out.stream;
            if (supplement != NULL) {
                memset(supplement, 0, sizeof *supplement);
                supplement->type = c->attr.type;
                supplement->video_supplement_info.frame_type = out.frame_type;
            }
            pthread_cond_broadcast(&c->changed);
            aclemu_vdec_signal_locked(c);
        }
    }
    pthread_mutex_unlock(&c->lock);
    aclemu_himpi_chn_release(c);
    return err;
}

hi_s32 hi_mpi_vdec_release_frame(hi_vdec_chn chn, const hi_video_frame_info *frame_info)
{
    const char *fn = "hi_mpi_vdec_release_frame";
    if (frame_info == NULL) {
        return ACLEMU_HI_ERR(HI_ERR_VDEC_NULL_PTR, "%s: frame_info is NULL", fn);
    }
    hi_s32 err;
    aclemu_vdec_chn *c = aclemu_vdec_acquire(chn, fn, &err);
    if (c == NULL) {
        return err;
    }
    /* The frame is known by its buffer; physical and virtual addresses are the same here, and
     * callers (pyACL's dicts) may give back only the physical one. */
    const hi_void *base = frame_info->v_frame.virt_addr[0] != NULL
                              ? frame_info->v_frame.virt_addr[0]
                              : (const hi_void *)(uintptr_t)frame_info->v_frame.phys_addr[0];
    pthread_mutex_lock(&c->lock);
    bool found = false;
    for (size_t i = 0; i < c->held_count && !found; ++i) {
        if (c->held[i] == base) {
            c->held[i] = c->held[--c->held_count];
            found = true;
        }
    }
    if (!found) {
        err = ACLEMU_HI_ERR(HI_ERR_VDEC_ILLEGAL_PARAM, "%s: channel %d gave out no unreleased frame at %p", fn, chn,
                            base);
    }
    pthread_mutex_unlock(&c->lock);
    aclemu_himpi_chn_release(c);
    return err;
}
