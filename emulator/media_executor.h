/*
 * The media executor: how the emulator decodes and encodes images (and, next, video) without
 * containing a codec.
 *
 * Whoever embeds the emulator (the Python package, with PyAV/FFmpeg) registers a table of C
 * function pointers with aclemuSetMediaExecutor(). The table is a codec session API generic
 * enough for still images and video streams: open a session for a codec by FFmpeg name
 * ("mjpeg", "png", "h264", "hevc", "libx264", ...), then decode (send packets, receive frames)
 * or encode (send frames, receive packets), then close.
 *
 * Every function may be called from any thread (stream workers), never with an emulator lock
 * held. Functions returning int32_t return 0 on success, ACLEMU_MEDIA_AGAIN when no output is
 * ready yet (send more input, or flush), ACLEMU_MEDIA_EOF when a flushed session has no more
 * output, or an aclError with a NUL-terminated explanation written into msg[msg_len].
 */
#ifndef ACLEMU_MEDIA_EXECUTOR_H
#define ACLEMU_MEDIA_EXECUTOR_H

#include <stddef.h>
#include <stdint.h>

/* 2: aclemu_media_frame.flags, the video options of open. */
#define ACLEMU_MEDIA_EXECUTOR_ABI 2u

enum { ACLEMU_MEDIA_AGAIN = -1, ACLEMU_MEDIA_EOF = -2 };

/* How a frame's bytes are laid out. */
enum aclemu_media_frame_kind {
    /* Y plane, then Cb and Cr planes subsampled by (1 << chroma_shift_x, 1 << chroma_shift_y);
     * planes == 1 for gray. 8 bits per sample. */
    ACLEMU_MEDIA_FRAME_PLANAR_YUV = 1,
    /* One plane of `channels` interleaved 8-bit samples per pixel: 1 gray, 2 gray + alpha,
     * 3 R,G,B, 4 R,G,B,A. */
    ACLEMU_MEDIA_FRAME_INTERLEAVED = 2
};

/* aclemu_media_frame.flags */
enum aclemu_media_frame_flag {
    ACLEMU_MEDIA_FRAME_KEY = 1,    /* encoder input: code this frame as an IDR (forced key frame) */
    ACLEMU_MEDIA_FRAME_CORRUPT = 2 /* decoder output: the decoder reported damage it concealed */
};

typedef struct aclemu_media_frame {
    uint32_t width, height;
    int32_t kind; /* aclemu_media_frame_kind */
    uint32_t planes;
    uint32_t channels; /* interleaved only */
    uint32_t chroma_shift_x, chroma_shift_y;
    uint8_t *data[3];
    size_t linesize[3];
    int64_t pts; /* decoders: the pts of the packet the frame came from; encoders: given to the packet */
    uint32_t flags; /* aclemu_media_frame_flag bits */
} aclemu_media_frame;

typedef struct aclemu_media_executor {
    uint32_t abi_version; /* ACLEMU_MEDIA_EXECUTOR_ABI */
    /* encode 0: a decoder, 1: an encoder. options: "key=value" pairs separated by ';', may be "":
     * "quality=0..100" for encoders (the JPEGE level), and for decoders FFmpeg codec options
     * (the image decoders pass "err_detect=explode": damaged data fails instead of being concealed).
     * Video encoders ("libx264", "libx265") take "width=", "height=", "gop=" (frames between key
     * frames), "fps=", "bitrate=" and "maxrate=" (bits per second; absent: constant quality) and
     * "rc=cbr|vbr". */
    int32_t (*open)(const char *codec, int32_t encode, const char *options, uint64_t *session, char *msg,
                    size_t msg_len);
    /* Decoders: one packet (data NULL, size 0: flush). */
    int32_t (*send_packet)(uint64_t session, const void *data, size_t size, int64_t pts, char *msg, size_t msg_len);
    /* Decoders: the next frame. Its planes stay valid until the next call on the session. */
    int32_t (*receive_frame)(uint64_t session, aclemu_media_frame *frame, char *msg, size_t msg_len);
    /* Encoders: one frame (NULL: flush). */
    int32_t (*send_frame)(uint64_t session, const aclemu_media_frame *frame, char *msg, size_t msg_len);
    /* Encoders: the next packet into out[capacity]; *size gets its length. A packet longer than
     * capacity is not consumed: *size tells the room it needs and the call returns an aclError. */
    int32_t (*receive_packet)(uint64_t session, void *out, size_t capacity, size_t *size, int64_t *pts, char *msg,
                              size_t msg_len);
    void (*close)(uint64_t session);
} aclemu_media_executor;

/* Exported. Copies *ops (NULL clears the registration). ACL_ERROR_INVALID_PARAM for an unknown
 * abi_version. */
int32_t aclemuSetMediaExecutor(const aclemu_media_executor *ops);

/* Internal (emulator files): a copy of the registered table; false when none is registered. */
int aclemu_media_executor_get(aclemu_media_executor *out);

#endif /* ACLEMU_MEDIA_EXECUTOR_H */
