/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_COMMON_VPSS_H_
#define ACL_MEDIA_HI_COMMON_VPSS_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_common.h"
#include "hi_media_type.h"

#define HI_ERR_VPSS_BUF_EMPTY (-1606516722)
#define HI_ERR_VPSS_BUSY (-1606516718)
#define HI_ERR_VPSS_EXIST (-1606516732)
#define HI_ERR_VPSS_ILLEGAL_PARAM (-1606516733)
#define HI_ERR_VPSS_INVALID_CHN_ID (-1606516734)
#define HI_ERR_VPSS_INVALID_DEV_ID (-1606516735)
#define HI_ERR_VPSS_NOBUF (-1606516723)
#define HI_ERR_VPSS_NOT_PERM (-1606516727)
#define HI_ERR_VPSS_NOT_READY (-1606516720)
#define HI_ERR_VPSS_NOT_SUPPORT (-1606516728)
#define HI_ERR_VPSS_NO_MEM (-1606516724)
#define HI_ERR_VPSS_NULL_PTR (-1606516730)
#define HI_ERR_VPSS_SIZE_NOT_ENOUGH (-1606516717)
#define HI_ERR_VPSS_UNEXIST (-1606516731)
#define HI_VPSS_MAX_CHN_NUM 2U
#define HI_VPSS_MAX_GRP_NUM 268U
#define HI_VPSS_VIPE_START_GRP_ID 256U

#ifdef __cplusplus
extern "C" {
#endif

typedef hi_s32 hi_vpss_grp;

typedef hi_s32 hi_vpss_chn;

typedef enum {
    HI_VPSS_NR_TYPE_VIDEO_NORM = 0,
    HI_VPSS_NR_TYPE_BUTT = 1,
} hi_vpss_nr_type;

typedef enum {
    HI_VPSS_NR_MOTION_MODE_NORM = 0,
    HI_VPSS_NR_MOTION_BUTT = 1,
} hi_vpss_nr_motion_mode;

typedef enum {
    HI_VPSS_CHN_MODE_AUTO = 0,
    HI_VPSS_CHN_MODE_USER = 1,
    HI_VPSS_CHN_MODE_BUTT = 2,
} hi_vpss_chn_mode;

typedef struct {
    hi_vpss_nr_type nr_type;
    hi_compress_mode compress_mode;
    hi_vpss_nr_motion_mode nr_motion_mode;
} hi_vpss_nr_attr;

typedef struct {
    hi_u32 max_width;
    hi_u32 max_height;
    hi_pixel_format pixel_format;
    hi_dynamic_range dynamic_range;
    hi_frame_rate_ctrl frame_rate;
    hi_bool nr_en;
    hi_vpss_nr_attr nr_attr;
    hi_u32 reserved[20];
} hi_vpss_grp_attr;

typedef struct {
    hi_bool mirror_en;
    hi_bool flip_en;
    hi_vpss_chn_mode chn_mode;
    hi_u32 width;
    hi_u32 height;
    hi_video_format video_format;
    hi_pixel_format pixel_format;
    hi_dynamic_range dynamic_range;
    hi_compress_mode compress_mode;
    hi_frame_rate_ctrl frame_rate;
    hi_u32 depth;
    hi_aspect_ratio aspect_ratio;
    hi_u32 reserved[10];
} hi_vpss_chn_attr;

typedef struct {
    hi_u8 ies0;
    hi_u8 ies1;
    hi_u8 ies2;
    hi_u8 ies3;
    hi_u16 iedz : 10;
    hi_u16 ie_en : 1;
    hi_u16 reserved : 5;
} hi_v200_vpss_iey;

typedef struct {
    hi_u8 spn6 : 3;
    hi_u8 sfr : 5;
    hi_u8 sbn6 : 3;
    hi_u8 pbr6 : 5;
    hi_u16 srt0 : 5;
    hi_u16 srt1 : 5;
    hi_u16 j_mode : 3;
    hi_u16 de_idx : 3;
    hi_u8 sfr6[4];
    hi_u8 sbr6[2];
    hi_u8 de_rate;
    hi_u8 sfs1;
    hi_u8 sft1;
    hi_u8 sbr1;
    hi_u8 sfs2;
    hi_u8 sft2;
    hi_u8 sbr2;
    hi_u8 sfs4;
    hi_u8 sft4;
    hi_u8 sbr4;
    hi_u16 sth1 : 9;
    hi_u16 sfn1 : 3;
    hi_u16 sfn0 : 3;
    hi_u16 nr_y_en : 1;
    hi_u16 sth_d1 : 9;
    hi_u16 reserved : 7;
    hi_u16 sth2 : 9;
    hi_u16 sfn2 : 3;
    hi_u16 k_mode : 3;
    hi_u16 reserved_1 : 1;
    hi_u16 sth_d2 : 9;
    hi_u16 reserved_2 : 7;
    hi_u16 sbs_k[32];
    hi_u16 sds_k[32];
} hi_v200_vpss_sfy;

typedef struct {
    hi_u16 tfs0 : 4;
    hi_u16 tdz0 : 10;
    hi_u16 tdx0 : 2;
    hi_u16 tfs1 : 4;
    hi_u16 tdz1 : 10;
    hi_u16 tdx1 : 2;
    hi_u16 sdz0 : 10;
    hi_u16 str0 : 5;
    hi_u16 dz_mode0 : 1;
    hi_u16 sdz1 : 10;
    hi_u16 str1 : 5;
    hi_u16 dz_mode1 : 1;
    hi_u8 tss0 : 4;
    hi_u8 tsi0 : 4;
    hi_u8 tfr0[6];
    hi_u8 tss1 : 4;
    hi_u8 tsi1 : 4;
    hi_u8 tfr1[6];
    hi_u8 tfrs : 4;
    hi_u8 ted : 2;
    hi_u8 ref : 1;
    hi_u8 reserved : 1;
} hi_v200_vpss_tfy;

typedef struct {
    hi_u16 madz0 : 9;
    hi_u16 mai00 : 2;
    hi_u16 mai01 : 2;
    hi_u16 mai02 : 2;
    hi_u16 reserved : 1;
    hi_u16 madz1 : 9;
    hi_u16 mai10 : 2;
    hi_u16 mai11 : 2;
    hi_u16 mai12 : 2;
    hi_u16 reserved_1 : 1;
    hi_u8 mabr0;
    hi_u8 mabr1;
    hi_u16 math0 : 10;
    hi_u16 mate0 : 4;
    hi_u16 matw : 2;
    hi_u16 math_d0 : 10;
    hi_u16 reserved_2 : 6;
    hi_u16 math1 : 10;
    hi_u16 reserved_3 : 6;
    hi_u16 math_d1 : 10;
    hi_u16 reserved_4 : 6;
    hi_u8 masw : 4;
    hi_u8 mate1 : 4;
    hi_u8 mabw0 : 4;
    hi_u8 mabw1 : 4;
    hi_u16 adv_math : 1;
    hi_u16 adv_th : 12;
    hi_u16 reserved_5 : 3;
} hi_v200_vpss_mdy;

typedef struct {
    hi_u8 sfc;
    hi_u8 tfc : 6;
    hi_u8 reserved : 2;
    hi_u8 trc;
    hi_u8 tpc : 6;
    hi_u8 reserved_1 : 2;
    hi_u8 mode : 1;
    hi_u8 reserved_2 : 7;
    hi_u8 presfc : 6;
    hi_u8 reserved_3 : 2;
} hi_v200_vpss_nr_c;

typedef struct {
    hi_v200_vpss_iey iey[5];
    hi_v200_vpss_sfy sfy[5];
    hi_v200_vpss_mdy mdy[2];
    hi_v200_vpss_tfy tfy[3];
    hi_v200_vpss_nr_c nr_c;
} hi_vpss_nrx_v3;

typedef struct {
    hi_vpss_nrx_v3 nrx_param;
} hi_vpss_nrx_param_manual_v3;

typedef struct {
    hi_u32 param_num;
    hi_u32 *iso;
    hi_vpss_nrx_v3 *nrx_param;
} hi_vpss_nrx_param_auto_v3;

typedef struct {
    hi_op_mode opt_mode;
    hi_vpss_nrx_param_manual_v3 nrx_manual;
    hi_vpss_nrx_param_auto_v3 nrx_auto;
} hi_vpss_nrx_param_v3;

typedef enum {
    HI_VPSS_NR_V3 = 3,
    HI_VPSS_NR_BUTT = 4,
} hi_vpss_nr_version;

typedef struct {
    hi_vpss_nr_version nr_version;
    union {
        hi_vpss_nrx_param_v3 nrx_param_v3;
    };
} hi_vpss_grp_nrx_param;

typedef struct {
    hi_vpss_grp_nrx_param nrx_param;
    hi_u32 reserved[4];
} hi_vpss_grp_param;

typedef struct {
    hi_bool enable;
    hi_coord crop_mode;
    hi_rect crop_rect;
} hi_vpss_crop_info;

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_COMMON_VPSS_H_ */
