/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_COMMON_DIS_H_
#define ACL_MEDIA_HI_COMMON_DIS_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_type.h"

#define HI_DIS_MOTION_FILTER_SIZE 9
#define HI_ERR_DIS_BUF_EMPTY HI_DEFINE_ERR(HI_ID_DIS, EN_ERR_LEVEL_ERROR, EN_ERR_BUF_EMPTY)
#define HI_ERR_DIS_BUF_FULL HI_DEFINE_ERR(HI_ID_DIS, EN_ERR_LEVEL_ERROR, EN_ERR_BUF_FULL)
#define HI_ERR_DIS_BUSY HI_DEFINE_ERR(HI_ID_DIS, EN_ERR_LEVEL_ERROR, EN_ERR_BUSY)
#define HI_ERR_DIS_CHN_UNEXIST HI_DEFINE_ERR(HI_ID_DIS, EN_ERR_LEVEL_ERROR, EN_ERR_UNEXIST)
#define HI_ERR_DIS_ILLEGAL_PARAM HI_DEFINE_ERR(HI_ID_DIS, EN_ERR_LEVEL_ERROR, EN_ERR_ILLEGAL_PARAM)
#define HI_ERR_DIS_INVALID_CHNID HI_DEFINE_ERR(HI_ID_DIS, EN_ERR_LEVEL_ERROR, EN_ERR_INVALID_CHNID)
#define HI_ERR_DIS_NOBUF HI_DEFINE_ERR(HI_ID_DIS, EN_ERR_LEVEL_ERROR, EN_ERR_NOBUF)
#define HI_ERR_DIS_NOT_PERMITTED HI_DEFINE_ERR(HI_ID_DIS, EN_ERR_LEVEL_ERROR, EN_ERR_NOT_PERM)
#define HI_ERR_DIS_NOT_SUPPORT HI_DEFINE_ERR(HI_ID_DIS, EN_ERR_LEVEL_ERROR, EN_ERR_NOT_SUPPORT)
#define HI_ERR_DIS_NULL_PTR HI_DEFINE_ERR(HI_ID_DIS, EN_ERR_LEVEL_ERROR, EN_ERR_NULL_PTR)
#define HI_ERR_DIS_SYS_NOTREADY HI_DEFINE_ERR(HI_ID_DIS, EN_ERR_LEVEL_ERROR, EN_ERR_SYS_NOTREADY)

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    HI_DIS_MODE_4_DOF_GME = 0,
    HI_DIS_MODE_6_DOF_GME = 1,
    HI_DIS_MODE_GYRO = 2,
    HI_DIS_MODE_DOF_BUTT = 3,
} hi_dis_mode;

typedef enum {
    HI_DIS_MOTION_LEVEL_LOW = 0,
    HI_DIS_MOTION_LEVEL_NORMAL = 1,
    HI_DIS_MOTION_LEVEL_HIGH = 2,
    HI_DIS_MOTION_LEVEL_BUTT = 3,
} hi_dis_motion_level;

typedef enum {
    HI_DIS_PDT_TYPE_IPC = 0,
    HI_DIS_PDT_TYPE_DV = 1,
    HI_DIS_PDT_TYPE_DRONE = 2,
    HI_DIS_PDT_TYPE_BUTT = 3,
} hi_dis_pdt_type;

typedef struct {
    hi_u32 large_motion_stable_coef;
    hi_u32 low_freq_motion_preserve;
    hi_u32 low_freq_motion_freq;
} hi_dis_param;

typedef struct {
    hi_bool enable;
    hi_bool gdc_bypass;
    hi_u32 moving_subject_level;
    hi_s32 rolling_shutter_coef;
    hi_s32 timelag;
    hi_u32 view_angle;
    hi_u32 horizontal_limit;
    hi_u32 vertical_limit;
    hi_bool still_crop;
    hi_u32 strength;
} hi_dis_attr;

typedef struct {
    hi_dis_mode mode;
    hi_dis_motion_level motion_level;
    hi_dis_pdt_type pdt_type;
    hi_u32 buf_num;
    hi_u32 crop_ratio;
    hi_u32 frame_rate;
    hi_bool camera_steady;
    hi_bool scale;
} hi_dis_config;

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_COMMON_DIS_H_ */
