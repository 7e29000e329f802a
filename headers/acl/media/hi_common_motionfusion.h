/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_COMMON_MOTIONFUSION_H_
#define ACL_MEDIA_HI_COMMON_MOTIONFUSION_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_type.h"

#define HI_ERR_MOTIONFUSION_INVALID_CHNID HI_DEF_ERR(HI_ID_MOTIONFUSION, EN_ERR_LEVEL_ERROR, EN_ERR_INVALID_CHNID)
#define HI_ERR_MOTIONFUSION_NOT_PERMITTED HI_DEF_ERR(HI_ID_MOTIONFUSION, EN_ERR_LEVEL_ERROR, EN_ERR_NOT_PERM)
#define HI_ERR_MOTIONFUSION_NULL_PTR HI_DEF_ERR(HI_ID_MOTIONFUSION, EN_ERR_LEVEL_ERROR, EN_ERR_NULL_PTR)
#define HI_ERR_MOTIONFUSION_SYS_NOTREADY HI_DEF_ERR(HI_ID_MOTIONFUSION, EN_ERR_LEVEL_ERROR, EN_ERR_SYS_NOTREADY)

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    hi_u32 steady_time_thr;
    hi_s32 gyro_offset;
    hi_s32 acc_offset;
    hi_s32 gyro_rms;
    hi_s32 acc_rms;
    hi_s32 gyro_offset_factor;
    hi_s32 acc_offset_factor;
    hi_s32 gyro_rms_factor;
    hi_s32 acc_rms_factor;
} hi_mfusion_steady_detect_attr;

typedef struct {
    hi_u32 device_mask;
    hi_u32 temperature_mask;
    hi_mfusion_steady_detect_attr steady_detect_attr;
} hi_mfusion_attr;

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_COMMON_MOTIONFUSION_H_ */
