/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_COMMON_GDC_H_
#define ACL_MEDIA_HI_COMMON_GDC_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_common.h"
#include "hi_media_type.h"

#define HI_DST_LENS_COEF_NUM 4
#define HI_DST_LENS_COEF_SEG 3
#define HI_DST_LENS_COEF_SEG_POINT 2
#define HI_FISHEYE_LMF_COEF_NUM 128
#define HI_FISHEYE_MAX_RGN_NUM 4
#define HI_SRC_LENS_COEF_NUM 4
#define HI_SRC_LENS_COEF_SEG 2

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hiVI_LDC_VERSION_E {
    HI_LDC_V1 = 1,
    HI_LDC_V2 = 2,
    HI_LDC_VERSION_BUTT = 3,
} hi_ldc_version;

typedef struct {
    hi_bool aspect;
    hi_s32 x_ratio;
    hi_s32 y_ratio;
    hi_s32 xy_ratio;
    hi_s32 center_x_offset;
    hi_s32 center_y_offset;
    hi_s32 distortion_ratio;
} hi_ldc_v1_attr;

typedef struct {
    hi_s32 focal_len_x;
    hi_s32 focal_len_y;
    hi_s32 coor_shift_x;
    hi_s32 coor_shift_y;
    hi_s32 src_cali_ratio[HI_SRC_LENS_COEF_SEG][HI_SRC_LENS_COEF_NUM];
    hi_s32 src_jun_pt;
    hi_s32 dst_cali_ratio[HI_DST_LENS_COEF_SEG][HI_DST_LENS_COEF_NUM];
    hi_s32 dst_jun_pt[HI_DST_LENS_COEF_SEG_POINT];
    hi_s32 max_du;
} hi_ldc_v2_attr;

typedef enum {
    HI_FISHEYE_MOUNT_MODE_DESKTOP = 0,
    HI_FISHEYE_MOUNT_MODE_CEILING = 1,
    HI_FISHEYE_MOUNT_MODE_WALL = 2,
    HI_FISHEYE_MOUNT_MODE_BUTT = 3,
} hi_fisheye_mount_mode;

typedef enum {
    HI_FISHEYE_VIEW_MODE_360_PANORAMA = 0,
    HI_FISHEYE_VIEW_MODE_180_PANORAMA = 1,
    HI_FISHEYE_VIEW_MODE_NORM = 2,
    HI_FISHEYE_VIEW_MODE_NO_TRANS = 3,
    HI_FISHEYE_VIEW_MODE_BUTT = 4,
} hi_fisheye_view_mode;

typedef struct {
    hi_fisheye_view_mode view_mode;
    hi_u32 in_radius;
    hi_u32 out_radius;
    hi_u32 pan;
    hi_u32 tilt;
    hi_u32 hor_zoom;
    hi_u32 ver_zoom;
    hi_rect out_rect;
} hi_fisheye_rgn_attr;

typedef struct {
    hi_bool lmf_en;
    hi_bool bg_color_en;
    hi_u32 bg_color;
    hi_s32 hor_offset;
    hi_s32 ver_offset;
    hi_u32 trapezoid_coef;
    hi_s32 fan_strength;
    hi_fisheye_mount_mode mount_mode;
    hi_u32 rgn_num;
    hi_fisheye_rgn_attr fisheye_rgn_attr[HI_FISHEYE_MAX_RGN_NUM];
} hi_fisheye_attr;

typedef struct {
    hi_u16 lmf_coef[HI_FISHEYE_LMF_COEF_NUM];
} hi_fisheye_cfg;

typedef struct {
    hi_bool enable;
    hi_fisheye_attr fisheye_attr;
    hi_size dst_size;
} hi_fisheye_correction_attr;

typedef struct {
    hi_bool enable;
    hi_u32 spread_coef;
} hi_spread_attr;

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_COMMON_GDC_H_ */
