/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_ACODEC_H_
#define ACL_MEDIA_HI_ACODEC_H_

#include <stdint.h>
#include <stddef.h>
#include "ot_acodec.h"

#define HI_ACODEC_GET_ADCL_VOLUME OT_ACODEC_GET_ADCL_VOLUME
#define HI_ACODEC_GET_ADCR_VOLUME OT_ACODEC_GET_ADCR_VOLUME
#define HI_ACODEC_GET_DACL_VOLUME OT_ACODEC_GET_DACL_VOLUME
#define HI_ACODEC_GET_DACR_VOLUME OT_ACODEC_GET_DACR_VOLUME
#define HI_ACODEC_SET_ADCL_VOLUME OT_ACODEC_SET_ADCL_VOLUME
#define HI_ACODEC_SET_ADCR_VOLUME OT_ACODEC_SET_ADCR_VOLUME
#define HI_ACODEC_SET_DACL_VOLUME OT_ACODEC_SET_DACL_VOLUME
#define HI_ACODEC_SET_DACR_VOLUME OT_ACODEC_SET_DACR_VOLUME

#ifdef __cplusplus
extern "C" {
#endif

typedef ot_acodec_volume_ctrl hi_acodec_volume_ctrl;

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_ACODEC_H_ */
