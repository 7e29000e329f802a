/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_COMMON_VI_H_
#define ACL_MEDIA_HI_COMMON_VI_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_common.h"
#include "hi_media_type.h"
#include "hi_common_dis.h"
#include "hi_common_gdc.h"

#define HI_ERR_VI_BINDED (-1609531320)
#define HI_ERR_VI_BUF_EMPTY (-1609531378)
#define HI_ERR_VI_BUF_FULL (-1609531377)
#define HI_ERR_VI_BUSY (-1609531374)
#define HI_ERR_VI_ILLEGAL_PARAM (-1609531389)
#define HI_ERR_VI_INVALID_CHN_ID (-1609531390)
#define HI_ERR_VI_INVALID_DEV_ID (-1609531391)
#define HI_ERR_VI_INVALID_PIPE_ID (-1609531382)
#define HI_ERR_VI_NOT_BIND (-1609531321)
#define HI_ERR_VI_NOT_CFG (-1609531385)
#define HI_ERR_VI_NOT_DISABLE (-1609531327)
#define HI_ERR_VI_NOT_ENABLE (-1609531328)
#define HI_ERR_VI_NOT_PERM (-1609531383)
#define HI_ERR_VI_NOT_SUPPORT (-1609531384)
#define HI_ERR_VI_NO_MEM (-1609531380)
#define HI_ERR_VI_NULL_PTR (-1609531386)
#define HI_ERR_VI_PIPE_EXIST (-1609531388)
#define HI_ERR_VI_PIPE_UNEXIST (-1609531387)
#define HI_ERR_VI_SYS_NOT_READY (-1609531376)
#define HI_ERR_VI_TIME_OUT (-1609531325)
#define HI_VI_MAX_DEV_NUM 4
#define HI_VI_MAX_PHY_PIPE_NUM 4
#define HI_VI_MAX_PIPE_NUM 12
#define HI_VI_MAX_VIR_PIPE_NUM 8

#ifdef __cplusplus
extern "C" {
#endif

typedef hi_s32 hi_sensor_id;

typedef hi_s32 hi_vi_dev;

typedef hi_s32 hi_vi_pipe;

typedef hi_s32 hi_vi_chn;

typedef hi_s32 hi_vi_stitch_grp;

typedef hi_s32 hi_vi_mcf_grp;

typedef hi_s32 hi_isp_dev;

typedef hi_s32 hi_slave_dev;

typedef enum hiEN_VI_ERR_CODE_E {
    ERR_VI_FAILED_NOTENABLE = 64,
    ERR_VI_FAILED_NOTDISABLE = 65,
    ERR_VI_CFG_TIMEOUT = 67,
    ERR_VI_FAILED_NOTBIND = 71,
    ERR_VI_FAILED_BINDED = 72,
} hi_vi_err_code;

typedef enum hiWDR_MODE_E {
    HI_WDR_MODE_NONE = 0,
    HI_WDR_MODE_BUILT_IN = 1,
    HI_WDR_MODE_QUDRA = 2,
    HI_WDR_MODE_2To1_LINE = 3,
    HI_WDR_MODE_2To1_FRAME = 4,
    HI_WDR_MODE_3To1_LINE = 5,
    HI_WDR_MODE_3To1_FRAME = 6,
    HI_WDR_MODE_4To1_LINE = 7,
    HI_WDR_MODE_4To1_FRAME = 8,
    HI_WDR_MODE_BUTT = 9,
} hi_wdr_mode;

typedef enum hiDATA_RATE_E {
    HI_DATA_RATE_X1 = 0,
    HI_DATA_RATE_X2 = 1,
    HI_DATA_RATE_BUTT = 2,
} hi_data_rate;

typedef struct {
    hi_u32 num;
    hi_vi_pipe pipe_id[HI_VI_MAX_PHY_PIPE_NUM];
} hi_vi_dev_bind_pipe;

typedef enum hiVI_PIPE_BYPASS_MODE_E {
    HI_VI_PIPE_BYPASS_NONE = 0,
    HI_VI_PIPE_BYPASS_FE = 1,
    HI_VI_PIPE_BYPASS_BE = 2,
    HI_VI_PIPE_BYPASS_BUTT = 3,
} hi_vi_pipe_bypass_mode;

typedef struct {
    hi_vi_pipe_bypass_mode pipe_bypass_mode;
    hi_bool isp_bypass;
    hi_size size;
    hi_pixel_format pixel_format;
    hi_compress_mode compress_mode;
    hi_data_bit_width bit_width;
    hi_frame_rate_ctrl frame_rate_ctrl;
    hi_u32 depth;
    hi_u32 reserved[10];
} hi_vi_pipe_attr;

typedef enum hiVI_INTF_MODE_E {
    HI_VI_MODE_MIPI = 4,
    HI_VI_MODE_MIPI_YUV420_NORMAL = 5,
    HI_VI_MODE_MIPI_YUV420_LEGACY = 6,
    HI_VI_MODE_MIPI_YUV422 = 7,
    HI_VI_MODE_LVDS = 8,
    HI_VI_MODE_HISPI = 9,
    HI_VI_MODE_SLVS = 10,
    HI_VI_MODE_BUTT = 11,
} hi_vi_intf_mode;

typedef enum hiVI_SCAN_MODE_E {
    HI_VI_SCAN_PROGRESSIVE = 0,
    HI_VI_SCAN_INTERLACED = 1,
    HI_VI_SCAN_BUTT = 2,
} hi_vi_scan_mode;

typedef enum hiVI_YUV_DATA_SEQ_E {
    HI_VI_DATA_SEQ_VUVU = 0,
    HI_VI_DATA_SEQ_UVUV = 1,
    HI_VI_DATA_SEQ_UYVY = 2,
    HI_VI_DATA_SEQ_VYUY = 3,
    HI_VI_DATA_SEQ_YUYV = 4,
    HI_VI_DATA_SEQ_YVYU = 5,
    HI_VI_DATA_SEQ_BUTT = 6,
} hi_vi_data_seq;

typedef enum hiVI_DATA_TYPE_E {
    HI_VI_DATA_TYPE_RAW = 0,
    HI_VI_DATA_TYPE_YUV = 1,
    HI_VI_DATA_TYPE_BUTT = 2,
} hi_vi_data_type;

typedef struct {
    hi_wdr_mode wdr_mode;
    hi_u32 cache_line;
} hi_vi_wdr_attr;

typedef struct {
    hi_bool enable;
    hi_u32 depth;
} hi_vi_frame_dump_attr;

typedef enum hiVI_PIPE_FRAME_SOURCE_E {
    HI_VI_PIPE_FRAME_SOURCE_FE = 0,
    HI_VI_PIPE_FRAME_SOURCE_USER = 1,
    HI_VI_PIPE_FRAME_SOURCE_BUTT = 2,
} hi_vi_pipe_frame_source;

typedef struct {
    hi_size size;
    hi_pixel_format pixel_format;
    hi_dynamic_range dynamic_range;
    hi_video_format video_format;
    hi_compress_mode compress_mode;
    hi_u32 depth;
    hi_frame_rate_ctrl frame_rate_ctrl;
    hi_u32 reserved[10];
} hi_vi_chn_attr;

typedef struct {
    hi_vi_intf_mode intf_mode;
    hi_vi_scan_mode scan_mode;
    hi_vi_data_seq data_seq;
    hi_vi_data_type data_type;
    hi_size in_size;
    hi_vi_wdr_attr wdr_attr;
    hi_data_rate data_rate;
    hi_u32 reserved[30];
} hi_vi_dev_attr;

typedef struct {
    hi_bool enable;
    hi_ldc_version ldc_version;
    union {
        hi_ldc_v1_attr ldc_v1_attr;
        hi_ldc_v2_attr ldc_v2_attr;
    };
} hi_vi_ldc_attr;

typedef struct {
    hi_bool enable;
    hi_u32 line_cnt;
} hi_vi_low_delay_info;

typedef struct {
    hi_u32 iso;
    hi_u32 exposure_time;
    hi_u32 isp_dgain;
    hi_u32 again;
    hi_u32 dgain;
    hi_u32 ratio[3];
    hi_u32 isp_nr_strength;
    hi_u32 f_number;
    hi_u32 sensor_id;
    hi_u32 sensor_mode;
    hi_u32 hmax_times;
    hi_u32 vmax;
    hi_u32 vc_num;
    hi_u64 fsync_timestamp;
    hi_u64 fs_timestamp;
    hi_u64 fe_timestamp;
    hi_u64 pe_timestamp;
    hi_s64 motion_filter[HI_DIS_MOTION_FILTER_SIZE];
    hi_u32 reserve[10];
} hi_isp_frame_info;

typedef enum {
    HI_VI_OFFLINE_VPSS_OFFLINE = 0,
    HI_VI_OFFLINE_VPSS_ONLINE = 1,
    HI_VI_ONLINE_VPSS_OFFLINE = 2,
    HI_VI_ONLINE_VPSS_ONLINE = 3,
    HI_VI_PARALLEL_VPSS_OFFLINE = 4,
    HI_VI_PARALLEL_VPSS_PARALLEL = 5,
    HI_VI_VPSS_MODE_BUTT = 6,
} hi_vi_vpss_mode_type;

typedef struct {
    hi_vi_vpss_mode_type mode[HI_VI_MAX_PIPE_NUM];
} hi_vi_vpss_mode;

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_COMMON_VI_H_ */
