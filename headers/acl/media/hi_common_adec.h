/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_COMMON_ADEC_H_
#define ACL_MEDIA_HI_COMMON_ADEC_H_

#include <stdint.h>
#include <stddef.h>
#include "ot_common_adec.h"
#include "ot_common_aio.h"

#define HI_ADEC_MAX_CHN_NUM 6
#define HI_ADEC_MODE_BUTT 2
#define HI_ADEC_MODE_PACK 0
#define HI_ADEC_MODE_STREAM 1
#define HI_MAX_DECODER_NAME_LEN 17

#ifdef __cplusplus
extern "C" {
#endif

typedef ot_adec_mode hi_adec_mode;

typedef ot_adec_chn_attr hi_adec_chn_attr;

typedef ot_adec_chn_state hi_adec_chn_state;

typedef ot_adec_decoder hi_adec_decoder;

typedef ot_audio_frame_info hi_audio_frame_info;

typedef ot_adec_attr_g711 hi_adec_attr_g711;

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_COMMON_ADEC_H_ */
