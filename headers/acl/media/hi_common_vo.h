/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_COMMON_VO_H_
#define ACL_MEDIA_HI_COMMON_VO_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_common.h"
#include "hi_media_type.h"

#define HI_VO_INTF_HDMI 16L
#define HI_VO_INTF_HDMI1 4096L
#define HI_VO_INTF_MIPI 1024L
#define HI_VO_INTF_VGA 2L

#ifdef __cplusplus
extern "C" {
#endif

typedef hi_u32 hi_vo_intf_type;

typedef hi_s32 hi_vo_dev;

typedef hi_s32 hi_vo_layer;

typedef hi_s32 hi_vo_chn;

typedef enum {
    HI_VO_OUT_PAL = 0,
    HI_VO_OUT_NTSC = 1,
    HI_VO_OUT_960H_PAL = 2,
    HI_VO_OUT_960H_NTSC = 3,
    HI_VO_OUT_640x480_60 = 4,
    HI_VO_OUT_480P60 = 5,
    HI_VO_OUT_576P50 = 6,
    HI_VO_OUT_800x600_60 = 7,
    HI_VO_OUT_1024x768_60 = 8,
    HI_VO_OUT_720P50 = 9,
    HI_VO_OUT_720P60 = 10,
    HI_VO_OUT_1280x800_60 = 11,
    HI_VO_OUT_1280x1024_60 = 12,
    HI_VO_OUT_1366x768_60 = 13,
    HI_VO_OUT_1400x1050_60 = 14,
    HI_VO_OUT_1440x900_60 = 15,
    HI_VO_OUT_1680x1050_60 = 16,
    HI_VO_OUT_1080P24 = 17,
    HI_VO_OUT_1080P25 = 18,
    HI_VO_OUT_1080P30 = 19,
    HI_VO_OUT_1080I50 = 20,
    HI_VO_OUT_1080I60 = 21,
    HI_VO_OUT_1080P50 = 22,
    HI_VO_OUT_1080P60 = 23,
    HI_VO_OUT_1600x1200_60 = 24,
    HI_VO_OUT_1920x1200_60 = 25,
    HI_VO_OUT_1920x2160_30 = 26,
    HI_VO_OUT_2560x1440_30 = 27,
    HI_VO_OUT_2560x1440_60 = 28,
    HI_VO_OUT_2560x1600_60 = 29,
    HI_VO_OUT_3840x2160_24 = 30,
    HI_VO_OUT_3840x2160_25 = 31,
    HI_VO_OUT_3840x2160_30 = 32,
    HI_VO_OUT_3840x2160_50 = 33,
    HI_VO_OUT_3840x2160_60 = 34,
    HI_VO_OUT_4096x2160_24 = 35,
    HI_VO_OUT_4096x2160_25 = 36,
    HI_VO_OUT_4096x2160_30 = 37,
    HI_VO_OUT_4096x2160_50 = 38,
    HI_VO_OUT_4096x2160_60 = 39,
    HI_VO_OUT_7680x4320_30 = 40,
    HI_VO_OUT_240x320_50 = 41,
    HI_VO_OUT_320x240_50 = 42,
    HI_VO_OUT_240x320_60 = 43,
    HI_VO_OUT_320x240_60 = 44,
    HI_VO_OUT_800x600_50 = 45,
    HI_VO_OUT_720x1280_60 = 46,
    HI_VO_OUT_1080x1920_60 = 47,
    HI_VO_OUT_800x480_60 = 48,
    HI_VO_OUT_1080x1920_60_VIDEO = 49,
    HI_VO_OUT_USER = 50,
    HI_VO_OUT_BUTT = 51,
} hi_vo_intf_sync;

typedef struct {
    hi_bool syncm;
    hi_bool iop;
    hi_u8 intfb;
    hi_u16 vact;
    hi_u16 vbb;
    hi_u16 vfb;
    hi_u16 hact;
    hi_u16 hbb;
    hi_u16 hfb;
    hi_u16 hmid;
    hi_u16 bvact;
    hi_u16 bvbb;
    hi_u16 bvfb;
    hi_u16 hpw;
    hi_u16 vpw;
    hi_bool idv;
    hi_bool ihs;
    hi_bool ivs;
} hi_vo_sync_info;

typedef struct {
    hi_u32 bg_color;
    hi_vo_intf_type intf_type;
    hi_vo_intf_sync intf_sync;
    hi_vo_sync_info sync_info;
} hi_vo_pub_attr;

typedef struct {
    hi_bool vo_bypass_en;
} hi_vo_dev_param;

typedef struct {
    hi_bool exit_dev_en;
    hi_bool dev_clk_ext_en;
    hi_bool vga_detect_en;
    hi_u32 vdac_detect_cycle;
} hi_vo_mod_param;

typedef enum {
    HI_VO_CLK_SRC_PLL = 0,
    HI_VO_CLK_SRC_LCDMCLK = 1,
    HI_VO_CLK_SRC_PLL_FOUT4 = 2,
    HI_VO_CLK_SRC_FIXED = 3,
    HI_VO_CLK_SRC_BUTT = 4,
} hi_vo_clk_src;

typedef enum {
    HI_VO_FIXED_CLK_148_5M = 0,
    HI_VO_FIXED_CLK_134_4M = 1,
    HI_VO_FIXED_CLK_108M = 2,
    HI_VO_FIXED_CLK_74_25M = 3,
    HI_VO_FIXED_CLK_64M = 4,
    HI_VO_FIXED_CLK_54M = 5,
    HI_VO_FIXED_CLK_37_125M = 6,
    HI_VO_FIXED_CLK_13_5M = 7,
    HI_VO_FIXED_CLK_BUTT = 8,
} hi_vo_fixed_clk;

typedef struct {
    hi_u32 fb_div;
    hi_u32 frac;
    hi_u32 ref_div;
    hi_u32 post_div1;
    hi_u32 post_div2;
    hi_u32 pll_mode;
} hi_vo_pll;

typedef struct {
    hi_vo_clk_src clk_src;
    union {
        hi_vo_pll vo_pll;
        hi_u32 lcd_m_clk_div;
        hi_vo_fixed_clk fixed_clk;
    };
} hi_vo_user_sync_attr;

typedef struct {
    hi_vo_user_sync_attr user_sync_attr;
    hi_u32 pre_div;
    hi_u32 dev_div;
    hi_bool clk_reverse_en;
} hi_vo_user_sync_info;

typedef struct {
    hi_bool enable;
    hi_u32 vtth;
} hi_vo_less_buf_attr;

typedef enum {
    HI_VO_INTF_STATUS_NO_PLUG = 0,
    HI_VO_INTF_STATUS_PLUG = 1,
    HI_VO_INTF_STATUS_BUTT = 2,
} hi_vo_intf_plug_status;

typedef struct {
    hi_vo_intf_plug_status plug_status;
} hi_vo_intf_status;

typedef enum {
    HI_VO_CSC_MATRIX_BT601LIMIT_TO_BT601LIMIT = 0,
    HI_VO_CSC_MATRIX_BT601FULL_TO_BT601LIMIT = 1,
    HI_VO_CSC_MATRIX_BT709LIMIT_TO_BT601LIMIT = 2,
    HI_VO_CSC_MATRIX_BT709FULL_TO_BT601LIMIT = 3,
    HI_VO_CSC_MATRIX_BT601LIMIT_TO_BT709LIMIT = 4,
    HI_VO_CSC_MATRIX_BT601FULL_TO_BT709LIMIT = 5,
    HI_VO_CSC_MATRIX_BT709LIMIT_TO_BT709LIMIT = 6,
    HI_VO_CSC_MATRIX_BT709FULL_TO_BT709LIMIT = 7,
    HI_VO_CSC_MATRIX_BT601LIMIT_TO_BT601FULL = 8,
    HI_VO_CSC_MATRIX_BT601FULL_TO_BT601FULL = 9,
    HI_VO_CSC_MATRIX_BT709LIMIT_TO_BT601FULL = 10,
    HI_VO_CSC_MATRIX_BT709FULL_TO_BT601FULL = 11,
    HI_VO_CSC_MATRIX_BT601LIMIT_TO_BT709FULL = 12,
    HI_VO_CSC_MATRIX_BT601FULL_TO_BT709FULL = 13,
    HI_VO_CSC_MATRIX_BT709LIMIT_TO_BT709FULL = 14,
    HI_VO_CSC_MATRIX_BT709FULL_TO_BT709FULL = 15,
    HI_VO_CSC_MATRIX_BT601LIMIT_TO_RGBFULL = 16,
    HI_VO_CSC_MATRIX_BT601FULL_TO_RGBFULL = 17,
    HI_VO_CSC_MATRIX_BT709LIMIT_TO_RGBFULL = 18,
    HI_VO_CSC_MATRIX_BT709FULL_TO_RGBFULL = 19,
    HI_VO_CSC_MATRIX_BT601LIMIT_TO_RGBLIMIT = 20,
    HI_VO_CSC_MATRIX_BT601FULL_TO_RGBLIMIT = 21,
    HI_VO_CSC_MATRIX_BT709LIMIT_TO_RGBLIMIT = 22,
    HI_VO_CSC_MATRIX_BT709FULL_TO_RGBLIMIT = 23,
    HI_VO_CSC_MATRIX_RGBFULL_TO_BT601LIMIT = 24,
    HI_VO_CSC_MATRIX_RGBFULL_TO_BT601FULL = 25,
    HI_VO_CSC_MATRIX_RGBFULL_TO_BT709LIMIT = 26,
    HI_VO_CSC_MATRIX_RGBFULL_TO_BT709FULL = 27,
    HI_VO_CSC_MATRIX_BUTT = 28,
} hi_vo_csc_matrix;

typedef struct {
    hi_vo_csc_matrix csc_matrix;
    hi_u32 luma;
    hi_u32 contrast;
    hi_u32 hue;
    hi_u32 saturation;
    hi_bool ex_csc_en;
} hi_vo_csc;

typedef struct {
    hi_vo_csc csc;
    hi_u32 gain;
    hi_s32 sharpen_strength;
} hi_vo_vga_param;

typedef struct {
    hi_vo_csc csc;
} hi_vo_hdmi_param;

typedef struct {
    hi_vo_csc csc;
    hi_bool rgb_inverted_en;
    hi_bool bit_inverted_en;
} hi_vo_rgb_param;

typedef struct {
    hi_bool yc_inverted_en;
    hi_bool bit_inverted_en;
} hi_vo_bt_param;

typedef struct {
    hi_vo_csc csc;
} hi_vo_mipi_param;

typedef enum {
    HI_VO_PARTITION_MODE_SINGLE = 0,
    HI_VO_PARTITION_MODE_MULTI = 1,
    HI_VO_PARTITION_MODE_BUTT = 2,
} hi_vo_partition_mode;

typedef struct {
    hi_rect display_rect;
    hi_size img_size;
    hi_u32 display_frame_rate;
    hi_pixel_format pixel_format;
    hi_bool double_frame_en;
    hi_bool cluster_mode_en;
    hi_dynamic_range dst_dynamic_range;
    hi_u32 display_buf_len;
    hi_vo_partition_mode partition_mode;
    hi_compress_mode compress_mode;
} hi_vo_video_layer_attr;

typedef struct {
    hi_aspect_ratio aspect_ratio;
} hi_vo_layer_param;

typedef struct {
    hi_u32 priority;
    hi_rect rect;
    hi_bool deflicker_en;
} hi_vo_chn_attr;

typedef struct {
    hi_aspect_ratio aspect_ratio;
} hi_vo_chn_param;

typedef enum {
    HI_VO_ZOOM_IN_RECT = 0,
    HI_VO_ZOOM_IN_RATIO = 1,
    HI_VO_ZOOM_IN_BUTT = 2,
} hi_vo_zoom_in_type;

typedef struct {
    hi_u32 x_ratio;
    hi_u32 y_ratio;
    hi_u32 width_ratio;
    hi_u32 height_ratio;
} hi_vo_zoom_ratio;

typedef struct {
    hi_vo_zoom_in_type zoom_type;
    union {
        hi_rect zoom_rect;
        hi_vo_zoom_ratio zoom_ratio;
    };
} hi_vo_zoom_attr;

typedef struct {
    hi_u32 top_width;
    hi_u32 bottom_width;
    hi_u32 left_width;
    hi_u32 right_width;
    hi_u32 color;
} hi_border;

typedef struct {
    hi_bool enable;
    hi_border border;
} hi_vo_border;

typedef enum {
    HI_VO_MIRROR_NONE = 0,
    HI_VO_MIRROR_HOR = 1,
    HI_VO_MIRROR_VER = 2,
    HI_VO_MIRROR_BOTH = 3,
    HI_VO_MIRROR_BUTT = 4,
} hi_vo_mirror_mode;

typedef struct {
    hi_u32 chn_buf_used;
    hi_u32 chn_busy_num;
} hi_vo_chn_status;

typedef struct {
    hi_size target_size;
    hi_pixel_format pixel_format;
    hi_u32 frame_rate;
    hi_dynamic_range dynamic_range;
    hi_compress_mode compress_mode;
} hi_vo_wbc_attr;

typedef enum {
    HI_VO_WBC_MODE_NORM = 0,
    HI_VO_WBC_MODE_DROP_REPEAT = 1,
    HI_VO_WBC_MODE_PROGRESSIVE_TO_INTERLACED = 2,
    HI_VO_WBC_MODE_BUTT = 3,
} hi_vo_wbc_mode;

typedef enum {
    HI_VO_WBC_SRC_DEV = 0,
    HI_VO_WBC_SRC_VIDEO = 1,
    HI_VO_WBC_SRC_BUTT = 2,
} hi_vo_wbc_src_type;

typedef struct {
    hi_vo_wbc_src_type src_type;
    hi_u32 src_id;
} hi_vo_wbc_src;

typedef enum {
    HI_VO_CAS_MODE_SINGLE = 0,
    HI_VO_CAS_MODE_DUAL = 1,
    HI_VO_CAS_MODE_BUTT = 2,
} hi_vo_cas_mode;

typedef enum {
    HI_VO_CAS_MODE_SINGLE_EDGE = 0,
    HI_VO_CAS_MODE_DUAL_EDGE = 1,
    HI_VO_CAS_MODE_EDGE_BUTT = 2,
} hi_vo_cas_data_transmission_mode;

typedef enum {
    HI_VO_CAS_RGN_64 = 0,
    HI_VO_CAS_RGN_32 = 1,
    HI_VO_CAS_RGN_BUTT = 2,
} hi_vo_cas_rgn;

typedef struct {
    hi_bool is_slave;
    hi_vo_cas_rgn cas_rgn;
    hi_vo_cas_mode cas_mode;
    hi_vo_cas_data_transmission_mode cas_edge_mode;
} hi_vo_cas_attr;

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_COMMON_VO_H_ */
