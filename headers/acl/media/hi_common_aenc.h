/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_COMMON_AENC_H_
#define ACL_MEDIA_HI_COMMON_AENC_H_

#include <stdint.h>
#include <stddef.h>
#include "ot_common_aenc.h"

#define HI_AENC_MAX_CHN_NUM 6
#define HI_MAX_ENCODER_NAME_LEN 17

#ifdef __cplusplus
extern "C" {
#endif

typedef ot_aenc_chn_attr hi_aenc_chn_attr;

typedef ot_aenc_encoder hi_aenc_encoder;

typedef ot_aenc_attr_g711 hi_aenc_attr_g711;

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_COMMON_AENC_H_ */
