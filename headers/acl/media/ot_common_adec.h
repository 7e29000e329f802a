/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_OT_COMMON_ADEC_H_
#define ACL_MEDIA_OT_COMMON_ADEC_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_type.h"
#include "ot_common_aio.h"

#define OT_MAX_DECODER_NAME_LEN 17

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    hi_u32 reserved;
} ot_adec_attr_g711;

typedef enum {
    OT_ADEC_MODE_PACK = 0,
    OT_ADEC_MODE_STREAM = 1,
    OT_ADEC_MODE_BUTT = 2,
} ot_adec_mode;

typedef struct {
    ot_payload_type type;
    hi_u32 buf_size;
    ot_adec_mode mode;
    hi_void *value __attribute__((aligned(8)));
} ot_adec_chn_attr;

typedef struct {
    hi_bool end_of_stream;
    hi_u32 buf_total_num;
    hi_u32 buf_free_num;
    hi_u32 buf_busy_num;
} ot_adec_chn_state;

typedef struct {
    ot_payload_type type;
    hi_char name[OT_MAX_DECODER_NAME_LEN];
    hi_s32 (*func_open_decoder)(hi_void *, hi_void **);
    hi_s32 (*func_dec_frame)(hi_void *, hi_u8 **, hi_s32 *, hi_u16 *, hi_u32 *, hi_u32 *);
    hi_s32 (*func_get_frame_info)(hi_void *, hi_void *);
    hi_s32 (*func_close_decoder)(hi_void *);
    hi_s32 (*func_reset_decoder)(hi_void *);
} ot_adec_decoder;

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_OT_COMMON_ADEC_H_ */
