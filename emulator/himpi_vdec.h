/*
 * Private header of the hi_mpi VDEC channels (himpi_vdec*.c): JPEG, PNG, H.264 and H.265 decoding
 * channels over the image decoders of dvpp_codec.h and the video sessions of video_session.h.
 *
 * A channel is registered in the hi_mpi channel registry (himpi.h) under ACLEMU_HIMPI_VDEC; every
 * entry point acquires it for the duration of the call, so a channel destroyed meanwhile stays
 * valid until the last user lets go. The channel's own lock guards its fields; it is never held
 * while a codec runs. Sends on one channel are serialised by `send_lock` (a video session is used
 * by one thread at a time); decoded pictures wait in `ready` until hi_mpi_vdec_get_frame takes
 * them, and the frames the user holds are remembered until hi_mpi_vdec_release_frame.
 */
#ifndef ACLEMU_HIMPI_VDEC_H
#define ACLEMU_HIMPI_VDEC_H

#include "himpi.h"

#include <pthread.h>

#include "dvpp_codec.h"
#include "video_session.h"

/* Failing hi_mpi calls record their message like the acl ones; the code is the module's HI_ERR_*. */
#define ACLEMU_HI_ERR(code, ...) ((hi_s32)aclemu_set_error((aclError)(code), __VA_ARGS__))

/* A module's channel range and error codes, for the helpers below. */
typedef struct aclemu_himpi_codes {
    int32_t module; /* aclemu_himpi_module */
    int32_t max_chn;
    const char *name; /* "VDEC" */
    hi_u32 invalid_chn, unexist, no_mem, illegal;
} aclemu_himpi_codes;
extern const aclemu_himpi_codes ACLEMU_HIMPI_VDEC_CODES, ACLEMU_HIMPI_VENC_CODES, ACLEMU_HIMPI_PNGD_CODES;

/* The module's invalid-channel code (recorded, naming fn) for chn outside its range, else 0. */
hi_s32 aclemu_himpi_check_chn(const aclemu_himpi_codes *m, int32_t chn, const char *fn);
/* The channel object with a reference (aclemu_himpi_chn_release it), or NULL with *err set to the
 * module's invalid-channel or not-created code. */
void *aclemu_himpi_acquire(const aclemu_himpi_codes *m, int32_t chn, const char *fn, hi_s32 *err);
/* Register a new channel object; on failure it is freed with free_obj and `exist` (already
 * created) or the no-memory code is returned. */
hi_s32 aclemu_himpi_register(const aclemu_himpi_codes *m, hi_u32 exist, int32_t chn, void *obj,
                             aclemu_himpi_chn_free_fn free_obj, const char *fn);
/* hi_mpi_*_get_fd / close_fd of a created channel. */
hi_s32 aclemu_himpi_get_fd(const aclemu_himpi_codes *m, int32_t chn, const char *fn);
hi_s32 aclemu_himpi_close_fd(const aclemu_himpi_codes *m, int32_t chn, const char *fn);

/* Record `code` with the calling thread's current message (an acl-level failure seen through a
 * hi_mpi call) and return it. */
hi_s32 aclemu_himpi_recode(hi_u32 code);

/* Values of hi_video_frame.frame_flag. The documentation says only that non-zero marks a failed
 * decode; which non-zero value means what is the emulator's choice. */
enum {
    ACLEMU_VDEC_FRAME_OK = 0,
    ACLEMU_VDEC_FRAME_CORRUPT = 1, /* the stream could not be decoded (damaged, not the payload type) */
    ACLEMU_VDEC_FRAME_NO_ROOM = 2  /* the output buffer is smaller than the decoded picture */
};

/* One decoded picture waiting for hi_mpi_vdec_get_frame, with the input it came from. */
typedef struct aclemu_vdec_output {
    hi_video_frame_info frame;
    hi_vdec_stream stream;
    hi_vdec_frame_type frame_type;
} aclemu_vdec_output;

/* A stream sent to a video channel whose picture has not come out of the decoder yet. */
typedef struct aclemu_vdec_pending {
    uint64_t tag;
    hi_vdec_stream stream;
    hi_vdec_pic_info pic;
} aclemu_vdec_pending;

typedef struct aclemu_vdec_chn {
    pthread_mutex_t lock;
    pthread_cond_t changed; /* broadcast on every change of `ready`, `started` or `gone` */
    pthread_mutex_t send_lock;
    hi_vdec_chn id;
    hi_vdec_chn_attr attr;
    hi_vdec_chn_param param;
    hi_vdec_protocol_param protocol;
    hi_video_display_mode display_mode;
    hi_jpegd_precision_mode precision;
    bool started;
    bool gone; /* destroyed: waiters leave with HI_ERR_VDEC_UNEXIST */
    aclemu_vdec_output *ready;
    size_t ready_head, ready_count, ready_capacity;
    hi_void **held; /* virt_addr[0] of frames taken and not released */
    size_t held_count, held_capacity;
    uint32_t recv_frames, dec_frames;
    uint32_t width, height;
    uint64_t latest_pts;
    hi_vdec_dec_err errors;
    /* video channels (under send_lock) */
    aclemu_video_session *session;
    aclemu_vdec_pending *pending;
    size_t pending_count, pending_capacity;
    uint64_t next_tag;
} aclemu_vdec_chn;

/* The channel `chn` with a reference (aclemu_himpi_chn_release it), or NULL after recording
 * HI_ERR_VDEC_INVALID_CHN_ID / HI_ERR_VDEC_UNEXIST naming fn (*err gets the code). */
aclemu_vdec_chn *aclemu_vdec_acquire(hi_vdec_chn chn, const char *fn, hi_s32 *err);

/* Wait on cond (lock held) until ready(obj) holds, *gone is set, or milli_sec runs out: -1 waits
 * forever, 0 only looks, > 0 waits that long (the hi_mpi timeout convention). True when ready(obj)
 * holds and the object is not gone. Shared with the PNGD channels. */
bool aclemu_himpi_wait_for(pthread_cond_t *cond, pthread_mutex_t *lock, bool (*ready)(const void *),
                           const void *obj, const bool *gone, hi_s32 milli_sec);

/* Decoded pictures a channel keeps at most before sends wait (frame_buf_cnt, or this default). */
enum { ACLEMU_VDEC_DEFAULT_FRAMES = 16 };

/* Under c->lock: append a decoded picture (the queue grows as needed), signal readiness. */
hi_s32 aclemu_vdec_push_locked(aclemu_vdec_chn *c, const aclemu_vdec_output *out, const char *fn);
/* Under c->lock: publish the epoll readiness of the channel. */
void aclemu_vdec_signal_locked(aclemu_vdec_chn *c);
/* Under c->lock: drop the waiting pictures, the held list and the counters (reset, destroy). */
void aclemu_vdec_clear_locked(aclemu_vdec_chn *c);

/* Frame info of a YUV or RGB picture written at pic->vir_addr with the given geometry. */
void aclemu_vdec_describe(hi_video_frame_info *info, const hi_vdec_pic_info *pic, hi_pixel_format format,
                          uint32_t width, uint32_t height, uint32_t width_stride, uint32_t height_stride,
                          uint64_t pts, uint32_t flag);

/* hi_img_info of a JPEG or PNG stream decoded to `format` (width, height, strides, buffer size,
 * img_pixel_format); `error` (recorded with the parser's message) when the stream cannot be decoded. */
hi_s32 aclemu_himpi_image_geometry(hi_payload_type type, const hi_u8 *data, hi_u32 len, hi_pixel_format format,
                                   hi_u32 error, hi_img_info *info, const char *fn);

/* Send paths by payload (under send_lock, channel acquired and started). */
hi_s32 aclemu_vdec_send_picture(aclemu_vdec_chn *c, const hi_vdec_stream *stream, const hi_vdec_pic_info *pic,
                                const char *fn);
hi_s32 aclemu_vdec_send_video(aclemu_vdec_chn *c, const hi_vdec_stream *stream, const hi_vdec_pic_info *pic,
                              const char *fn);
/* Close a video channel's session and forget its pending streams (under send_lock). */
void aclemu_vdec_video_reset(aclemu_vdec_chn *c);

#endif /* ACLEMU_HIMPI_VDEC_H */
