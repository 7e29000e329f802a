/*
 * Image headers (JPEG markers, PNG IHDR) parsed in C for the JPEGD/PNGD entry points, and the
 * executor helpers the codec files share. Private to the media area.
 */
#ifndef ACLEMU_DVPP_CODEC_H
#define ACLEMU_DVPP_CODEC_H

#include "dvpp.h"

typedef struct aclemu_jpeg_info {
    uint32_t width, height; /* as coded in the frame header (before any EXIF orientation) */
    int32_t components;
    acldvppJpegFormat css;  /* ACL_JPEG_CSS_UNKNOWN for sampling the decoder does not know */
    uint32_t orientation;   /* EXIF orientation 1..8 (1 when absent or unreadable) */
    uint8_t sof;            /* frame marker: 0xC0 baseline, 0xC1 extended, 0xC2 progressive, ... */
    uint8_t precision;      /* bits per sample */
} aclemu_jpeg_info;

/* Parse up to the first scan. ACL_ERROR_INVALID_PARAM (message naming fn) for data that is not
 * a JPEG stream or whose headers are cut or inconsistent. */
aclError aclemu_jpeg_parse(const uint8_t *data, size_t size, aclemu_jpeg_info *out, const char *fn);

/* True when EXIF orientation `o` turns the picture by 90 or 270 degrees (width and height swap). */
static inline bool aclemu_orientation_swaps(uint32_t o)
{
    return o >= 5 && o <= 8;
}

typedef struct aclemu_png_info {
    uint32_t width, height;
    int32_t components; /* 1 gray, 2 gray + alpha, 3 RGB (or palette), 4 RGBA (or palette + tRNS) */
    uint8_t bit_depth;
    uint8_t color_type;
} aclemu_png_info;

aclError aclemu_png_parse(const uint8_t *data, size_t size, aclemu_png_info *out, const char *fn);

/* ------------------------------------------------------------ shared helpers */

#include "dvpp_formats.h"
#include "media_executor.h"

/* What a failed decode/encode task reports from the stream sync: the runtime runs image codec
 * tasks as AI CPU tasks, whose failures surface as ACL_ERROR_RT_AICPU_EXCEPTION. The failing
 * output desc's retCode gets the same value (the documentation only says "non-zero"). */
#define ACLEMU_CODEC_TASK_ERROR ACL_ERROR_RT_AICPU_EXCEPTION

static inline uint32_t aclemu_align_up(uint32_t value, uint32_t to)
{
    return (uint32_t)(((uint64_t)value + to - 1) / to * to);
}

/* Decoder options of the image decoders: the runtime's decoder fails on damaged data, so FFmpeg
 * must not conceal it. */
#define ACLEMU_STRICT_DECODING "err_detect=explode"

/* A codec session of the registered media executor. */
typedef struct aclemu_codec {
    aclemu_media_executor ops;
    uint64_t id;
    bool open;
} aclemu_codec;

/* Open `codec` ("mjpeg", "png", ...). Without an executor, or without PyAV behind it:
 * ACL_ERROR_API_NOT_SUPPORT with a message saying how to install the [media] extra. */
aclError aclemu_codec_open(aclemu_codec *c, const char *codec, int encode, const char *options, const char *fn);
/* Decode one whole picture. The frame's planes stay valid until the next call or close. */
aclError aclemu_codec_decode(aclemu_codec *c, const void *data, size_t size, aclemu_media_frame *frame,
                             const char *fn);
/* Encode one picture into out[capacity]; *size gets the encoded length. */
aclError aclemu_codec_encode(aclemu_codec *c, const aclemu_media_frame *frame, void *out, size_t capacity,
                             size_t *size, const char *fn);
void aclemu_codec_close(aclemu_codec *c);

/* Synchronous checks shared by the decode entry points: the channel serves `mode`, the input is
 * a non-empty readable buffer, the output desc is live with a writable buffer. *ch and *out get
 * the channel's and the output desc's snapshots. */
aclError aclemu_codec_check_decode(const acldvppChannelDesc *channel, uint32_t mode, const void *data,
                                   uint32_t size, const acldvppPicDesc *output, aclemu_dvpp_channel *ch,
                                   aclemu_dvpp_pic *out, const char *fn);

/* Worker side: the output buffer of `pic` holds `need` bytes (size field and tracked memory). */
aclError aclemu_codec_check_room(const aclemu_dvpp_pic *pic, size_t need, const char *fn);

/* Worker side: record the failure `code` (message already set) in the output desc and return
 * ACLEMU_CODEC_TASK_ERROR, except ACL_ERROR_API_NOT_SUPPORT (no codec) which is returned as is. */
aclError aclemu_codec_fail(acldvppPicDesc *output, aclError code);

/* Decode one picture of data[size] into pic->data: parse, check the room (aclemu_codec_check_room),
 * decode, then set pic's format, width, height and strides to what was written. `channel` is the
 * channel's snapshot at submission (JPEGD reads its precision mode). */
typedef aclError (*aclemu_picture_decoder)(const uint8_t *data, uint32_t size, const aclemu_dvpp_channel *channel,
                                           aclemu_dvpp_pic *pic);

/* The decode entry points: aclemu_codec_check_decode, the output desc's format must satisfy
 * `accepts`, then a task running `decode` is queued; its failure goes to aclemu_codec_fail, its
 * success into the output desc (retCode 0). */
aclError aclemu_codec_submit_decode(const acldvppChannelDesc *channel, uint32_t mode, const void *data,
                                    uint32_t size, acldvppPicDesc *output, aclrtStream stream,
                                    bool (*accepts)(acldvppPixelFormat), aclemu_picture_decoder decode,
                                    const char *fn);

/* The JPEGD and PNGD picture decoders (dvpp_jpegd.c, dvpp_pngd.c), shared with the hi_mpi VDEC/PNGD
 * channels. The predict functions fill pic's format (from the asked pic->format), width, height,
 * strides and size (the bytes the decode needs) without decoding. */
aclError aclemu_jpegd_decode(const uint8_t *data, uint32_t size, const aclemu_dvpp_channel *channel,
                             aclemu_dvpp_pic *pic);
aclError aclemu_jpegd_predict(const uint8_t *data, uint32_t size, bool align_up, aclemu_dvpp_pic *pic,
                              const char *fn);
aclError aclemu_pngd_decode(const uint8_t *data, uint32_t size, const aclemu_dvpp_channel *channel,
                            aclemu_dvpp_pic *pic);
aclError aclemu_pngd_predict(const uint8_t *data, uint32_t size, aclemu_dvpp_pic *pic, const char *fn);

/* The JPEGE encoder (dvpp_jpege.c), shared with the hi_mpi VENC channels: check pic against JPEGE's
 * input rules, then encode it at `level` (1..100) into out[capacity] (*written: the length), or
 * predict the room an encode needs. */
aclError aclemu_jpege_encode_picture(const aclemu_dvpp_pic *pic, uint32_t level, void *out, uint32_t capacity,
                                     size_t *written, const char *fn);
aclError aclemu_jpege_predict(const aclemu_dvpp_pic *pic, uint32_t *size, const char *fn);

/* free_arg of the codec tasks (plain malloc'd task structs). */
void aclemu_codec_free_task(void *arg, bool ran);

#endif /* ACLEMU_DVPP_CODEC_H */
