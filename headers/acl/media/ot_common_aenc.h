/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_OT_COMMON_AENC_H_
#define ACL_MEDIA_OT_COMMON_AENC_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_type.h"
#include "ot_common_aio.h"

#define OT_MAX_ENCODER_NAME_LEN 17

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    hi_u32 reserved;
} ot_aenc_attr_g711;

typedef struct {
    ot_payload_type type;
    hi_u32 max_frame_len;
    hi_char name[OT_MAX_ENCODER_NAME_LEN];
    hi_s32 (*func_open_encoder)(hi_void *, hi_void **);
    hi_s32 (*func_enc_frame)(hi_void *, const ot_audio_frame *, hi_u8 *, hi_u32 *);
    hi_s32 (*func_close_encoder)(hi_void *);
} ot_aenc_encoder;

typedef struct {
    ot_payload_type type;
    hi_u32 point_num_per_frame;
    hi_u32 buf_size;
    hi_void *value __attribute__((aligned(8)));
} ot_aenc_chn_attr;

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_OT_COMMON_AENC_H_ */
