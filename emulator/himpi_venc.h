/*
 * Private header of the hi_mpi VENC channels (himpi_venc*.c): H.264 / H.265 encoding over the
 * shared video sessions (video_session.h) and JPEG encoding over the JPEGE encoder (dvpp_codec.h).
 *
 * Channels live in the hi_mpi registry under ACLEMU_HIMPI_VENC and are acquired for the duration
 * of each call. The channel lock guards every field; it is not held while a codec runs (sends are
 * serialised by send_lock instead). Encoded packets wait in `ready` for hi_mpi_venc_get_stream;
 * a packet the user took stays in `held` until hi_mpi_venc_release_stream frees it.
 */
#ifndef ACLEMU_HIMPI_VENC_H
#define ACLEMU_HIMPI_VENC_H

#include "himpi_vdec.h"

/* The number of ROI areas a channel keeps (hi_venc_roi_attr.idx < this). The documentation gives
 * 8 regions per channel. */
enum { ACLEMU_VENC_ROI_COUNT = 8 };

/* One encoded picture: a single pack (the emulator does not split NAL units into packs). */
typedef struct aclemu_venc_packet {
    uint8_t *data;
    uint32_t len;
    uint64_t pts;
    uint32_t seq;
    bool key;
    bool owned; /* false: the caller's buffer (send_jpege_frame) */
} aclemu_venc_packet;

typedef struct aclemu_venc_chn {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    pthread_mutex_t send_lock;
    hi_venc_chn id;
    bool gone;
    bool started;
    bool force_idr;
    int32_t frames_left; /* recv_pic_num of start_chn; -1: no limit */
    hi_venc_chn_attr attr;
    hi_venc_chn_param param;
    hi_venc_rc_param rc_param;
    hi_venc_ref_param ref_param;
    hi_venc_jpeg_param jpeg_param;
    hi_venc_jpeg_huffman_param huffman;
    hi_venc_h264_vui h264_vui;
    hi_venc_h265_vui h265_vui;
    hi_venc_roi_attr roi[ACLEMU_VENC_ROI_COUNT];
    hi_venc_scene_mode scene_mode;
    hi_venc_cu_prediction cu_pred;
    hi_venc_intra_refresh intra_refresh;
    hi_venc_slice_split slice_split;
    hi_venc_streamcopy_param streamcopy;
    aclemu_venc_packet *ready;
    size_t ready_count, ready_capacity; /* in order; the head is ready[0] */
    aclemu_venc_packet *held;
    size_t held_count, held_capacity;
    uint32_t next_seq;
    uint32_t frames_encoded;
    uint64_t last_pts;
    aclemu_video_session *session; /* H.264 / H.265, opened at the first frame (under send_lock) */
} aclemu_venc_chn;

/* The channel with a reference (aclemu_himpi_chn_release it), or NULL after recording
 * HI_ERR_VENC_INVALID_CHN_ID / HI_ERR_VENC_UNEXIST naming fn (*err gets the code). */
aclemu_venc_chn *aclemu_venc_acquire(hi_venc_chn chn, const char *fn, hi_s32 *err);

/* Under c->lock: publish the channel's epoll readiness. */
void aclemu_venc_signal_locked(aclemu_venc_chn *c);
/* Under c->lock: forget waiting and held packets (destroy). */
void aclemu_venc_drop_packets_locked(aclemu_venc_chn *c);

#endif /* ACLEMU_HIMPI_VENC_H */
