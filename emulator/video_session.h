/*
 * Streaming video codec sessions over the media executor (media_executor.h), shared by the
 * aclvdec/aclvenc channels (vdec*.c, venc*.c) and the hi_mpi VDEC/VENC channels.
 *
 * A session is one open codec of the registered executor plus the bookkeeping every video API
 * needs and the executor does not keep: which input each output belongs to. Inputs carry a
 * caller-chosen 64-bit tag; outputs come back with the tag of the input they were made from
 * (decoders: in display order, so B-frames come out later than they went in; encoders: in
 * coding order). A session is used by one thread at a time (the channel's own worker); the
 * functions hold no emulator lock while they call the executor.
 *
 * Frames cross as the executor's planar YUV 4:2:0 (aclemu_media_frame); the helpers at the end
 * convert between that and the runtime's YUV420SP pictures (NV12/NV21) with its strides.
 */
#ifndef ACLEMU_VIDEO_SESSION_H
#define ACLEMU_VIDEO_SESSION_H

#include "emu.h"

#include "acl/ops/acl_dvpp.h"
#include "media_executor.h"

/* Handle kinds: the aclvdec/aclvenc descs take ACLEMU_KIND_DVPP_VIDEO_FIRST + 0..7 (vdec.h), the
 * hi_mpi video channels + 8 and up. */

typedef struct aclemu_video_session aclemu_video_session;

/* What an encoder is asked to produce. Zero fields take the codec's defaults. */
typedef struct aclemu_video_encoder_config {
    const char *codec;           /* executor encoder name: "libx264" or "libx265" */
    uint32_t width, height;      /* pixels of every input frame */
    uint32_t key_frame_interval; /* frames from one IDR to the next (GOP length) */
    uint32_t rc_mode;            /* 0 default (VBR), 1 VBR, 2 CBR: as the aclvenc desc numbers them */
    uint32_t bit_rate_kbps;      /* target bit rate; 0: constant quality */
    uint32_t max_bit_rate_kbps;  /* rate-control ceiling; 0: none */
    uint32_t frame_rate;         /* frames per second (src rate); 0: 30 */
} aclemu_video_encoder_config;

/* Open a decoder for "h264" or "hevc". ACL_ERROR_API_NOT_SUPPORT (message saying how to install
 * the media extra) without an executor; the executor's error otherwise. */
aclError aclemu_video_decoder_open(aclemu_video_session **out, const char *codec, const char *fn);

/* Open an encoder. ACL_ERROR_INVALID_PARAM for a config the codec refuses. */
aclError aclemu_video_encoder_open(aclemu_video_session **out, const aclemu_video_encoder_config *config,
                                   const char *fn);

/* Decoders: send one access unit (data NULL, size 0: end of stream, flush) tagged `tag`. A unit
 * the decoder rejects returns its error; the tag is then not queued. */
aclError aclemu_video_decode_send(aclemu_video_session *s, const void *data, size_t size, uint64_t tag,
                                  const char *fn);

/* Decoders: the next decoded frame and the tag of the unit it came from. Returns 0,
 * ACLEMU_MEDIA_AGAIN (send more), ACLEMU_MEDIA_EOF (flushed and drained) or an aclError. *corrupt
 * is set when the decoder reported damage in the frame. Planes stay valid until the next call. */
int32_t aclemu_video_decode_receive(aclemu_video_session *s, aclemu_media_frame *frame, uint64_t *tag,
                                    bool *corrupt, const char *fn);

/* Encoders: send one frame (NULL: end of stream, flush) tagged `tag`; force_key makes it an IDR. */
aclError aclemu_video_encode_send(aclemu_video_session *s, const aclemu_media_frame *frame, bool force_key,
                                  uint64_t tag, const char *fn);

/* Encoders: the next packet into out[capacity], its length in *size and the tag of the frame it
 * encodes. Returns 0, ACLEMU_MEDIA_AGAIN, ACLEMU_MEDIA_EOF or an aclError (a packet larger than
 * capacity stays queued; *size tells the room it needs). */
int32_t aclemu_video_encode_receive(aclemu_video_session *s, void *out, size_t capacity, size_t *size,
                                    uint64_t *tag, const char *fn);

/* How many inputs a decoder may hold back before its output (H.264/H.265 reorder at most 16
 * pictures; FFmpeg's frame threads add one each). A pending tag this far behind the newest
 * input counts as lost: the decoder dropped that unit without a frame. */
#define ACLEMU_VIDEO_REORDER_WINDOW 48u

/* Decoders: take one lost tag, oldest first (a unit the decoder dropped without an error, found
 * by the reorder window, or, once the session reached EOF, any tag still pending). */
bool aclemu_video_decode_take_lost(aclemu_video_session *s, uint64_t *tag);

/* Tags sent and not yet given back by a receive (pending outputs). */
size_t aclemu_video_pending(const aclemu_video_session *s);

/* Close the codec and free the session (NULL is a no-op). Pending tags are dropped. */
void aclemu_video_session_close(aclemu_video_session *s);

/* ---------------------------------------------------------------- frame layout */

/* Width and height strides of a decoded YUV420SP picture, as the runtime's VDEC writes it:
 * width rounded up to 16, height rounded up to 2. */
void aclemu_video_out_strides(uint32_t width, uint32_t height, uint32_t *width_stride, uint32_t *height_stride);

/* Write a planar YUV 4:2:0 frame as NV12 (format PIXEL_FORMAT_YUV_SEMIPLANAR_420) or NV21
 * (PIXEL_FORMAT_YVU_SEMIPLANAR_420) into dst with the given strides; the caller has checked
 * the room (width_stride * height_stride * 3 / 2 bytes). ACL_ERROR_INVALID_PARAM for another
 * format or a frame that is not 4:2:0. */
aclError aclemu_video_frame_to_yuv420sp(const aclemu_media_frame *frame, acldvppPixelFormat format, uint8_t *dst,
                                        uint32_t width_stride, uint32_t height_stride, const char *fn);

/* View a YUV420SP picture (NV12 or NV21) as planar 4:2:0 for an encoder: the Y plane is used in
 * place, the chroma is de-interleaved into chroma[2 * (width/2 rounded up) * (height/2 rounded
 * up)] that the caller provides. */
aclError aclemu_video_frame_from_yuv420sp(const uint8_t *src, acldvppPixelFormat format, uint32_t width,
                                          uint32_t height, uint32_t width_stride, uint32_t height_stride,
                                          uint8_t *chroma, aclemu_media_frame *frame, const char *fn);

#endif /* ACLEMU_VIDEO_SESSION_H */
