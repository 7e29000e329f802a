/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_COMMON_ISP_H_
#define ACL_MEDIA_HI_COMMON_ISP_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_common.h"
#include "hi_media_type.h"
#include "hi_common_vi.h"

#define HI_CFACOLORPLANE 3
#define HI_ERR_ISP_ILLEGAL_PARAM (-1608744957)
#define HI_ERR_ISP_NOT_SUPPORT (-1608744952)
#define HI_ERR_ISP_NO_MEM (-1608744948)
#define HI_ERR_ISP_NULL_PTR (-1608744954)
#define HI_ISP_ACC_SHIFT_H_NUM 2
#define HI_ISP_ACC_SHIFT_V_NUM 2
#define HI_ISP_ACS_CHN_NUM 2
#define HI_ISP_ACS_LIGHT_NUM 32
#define HI_ISP_AE_ROUTE_EX_MAX_NODES 16
#define HI_ISP_AE_ROUTE_MAX_NODES 16
#define HI_ISP_AE_ZONE_COLUMN 17
#define HI_ISP_AE_ZONE_ROW 15
#define HI_ISP_AF_ZONE_COLUMN 17
#define HI_ISP_AF_ZONE_ROW 15
#define HI_ISP_AI_MAX_STEP_FNO_NUM 1024
#define HI_ISP_AUTO_ISO_NUM 16
#define HI_ISP_AWB_CURVE_PARA_NUM 6
#define HI_ISP_AWB_LS_NUM 4
#define HI_ISP_AWB_LUM_HI_ISP_HIST_NUM 6
#define HI_ISP_AWB_MULTI_CT_NUM 8
#define HI_ISP_AWB_ZONE_BIN 1
#define HI_ISP_AWB_ZONE_BIN_MAX 4
#define HI_ISP_AWB_ZONE_NUM 1024
#define HI_ISP_AWB_ZONE_ORIG_COLUMN 32
#define HI_ISP_AWB_ZONE_ORIG_ROW 32
#define HI_ISP_AWB_ZONE_STITCH_MAX 1024
#define HI_ISP_BAYERNR_CORINGLOW_STRENGTH_DIVISOR 10000
#define HI_ISP_BAYERNR_LUT_LENGTH 33
#define HI_ISP_BAYER_CALIBTAION_MAX_NUM 50
#define HI_ISP_BAYER_CHN_NUM 4
#define HI_ISP_BAYER_PATTERN_NUM 4
#define HI_ISP_CA_YRATIO_LUT_LENGTH 128
#define HI_ISP_CCM_MATRIX_NUM 7
#define HI_ISP_CCM_MATRIX_SIZE 9
#define HI_ISP_CHN_MAX_NUM 4
#define HI_ISP_CLUT_LUT_LENGTH 5508
#define HI_ISP_CSC_COEF_NUM 9
#define HI_ISP_CSC_DC_NUM 3
#define HI_ISP_DEHAZE_LUT_SIZE 256
#define HI_ISP_DE_LUMA_GAIN_LUT_N 17
#define HI_ISP_DO_NOT_NEED_SWITCH_IMAGEMODE (-2)
#define HI_ISP_DRC_CC_NODE_NUM 33
#define HI_ISP_DRC_TM_NODE_NUM 200
#define HI_ISP_EXPANDER_NODE_NUM 257
#define HI_ISP_EXP_RATIO_NUM 3
#define HI_ISP_EXP_RATIO_STRENGTH_NUM 16
#define HI_ISP_FIR_GAIN_NUM 5
#define HI_ISP_GAMMA_NODE_NUM 1025
#define HI_ISP_HIST_NUM 1024
#define HI_ISP_HIST_THRESH_NUM 4
#define HI_ISP_IIR_EN_NUM 3
#define HI_ISP_IIR_GAIN_NUM 7
#define HI_ISP_IIR_SHIFT_NUM 4
#define HI_ISP_LCAC_DET_NUM 3
#define HI_ISP_LCAC_EXP_RATIO_NUM 16
#define HI_ISP_LSC_DEFAULT_MESH_SCALE 3
#define HI_ISP_LSC_GRID_COL 33
#define HI_ISP_LSC_GRID_POINTS 1089
#define HI_ISP_LSC_GRID_ROW 33
#define HI_ISP_MAX_PHY_PIPE_NUM 4
#define HI_ISP_MAX_PIPE_NUM 12
#define HI_ISP_MAX_SNS_REGS 32
#define HI_ISP_MAX_STITCH_NUM 1
#define HI_ISP_MAX_VIR_PIPE_NUM 8
#define HI_ISP_MG_ZONE_COLUMN 17
#define HI_ISP_MG_ZONE_ROW 15
#define HI_ISP_MLSC_GAIN_LUT_NUM 2
#define HI_ISP_MLSC_X_HALF_GRID_NUM 16
#define HI_ISP_MLSC_Y_HALF_GRID_NUM 16
#define HI_ISP_NOISESET_ELENUM 7
#define HI_ISP_PREGAMMA_NODE_NUM 257
#define HI_ISP_RGB_CHN_NUM 3
#define HI_ISP_RLSC_POINTS 129
#define HI_ISP_SHARPEN_GAIN_NUM 32
#define HI_ISP_SHARPEN_LUMA_NUM 32
#define HI_ISP_STATIC_DP_COUNT_MAX 10240
#define HI_ISP_STATIC_DP_COUNT_NORMAL 2048
#define HI_ISP_STRIPING_MAX_NUM 5
#define HI_ISP_WDR_CHN_MAX 4
#define HI_ISP_WDR_MAX_FRAME_NUM 4
#define ccm_convert(value) (((value) & 0x8000U) ? ((~((value) & 0x7FFFU)) + 1U) : (value))
#define ccm_convert_pre(value) (((value) & 0x8000U) | ((value) << 2))
#define hi_isp_lsc_xgrid_width_max(x) ((x) / 4 - 60)
#define hi_isp_lsc_ygrid_width_max(x) ((x) / 4 - 60)

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    HI_ERR_ISP_NOT_INIT = 64,
    HI_ERR_ISP_MEM_NOT_INIT = 65,
    HI_ERR_ISP_ATTR_NOT_CFG = 66,
    HI_ERR_ISP_SNS_UNREGISTER = 67,
    HI_ERR_ISP_INVALID_ADDR = 68,
    HI_ERR_ISP_NOMEM = 69,
    HI_ERR_ISP_NO_INT = 70,
} hi_isp_err_code;

typedef struct {
    hi_u8 be_buf_num;
    hi_u32 proc_param;
    hi_u32 stat_interval;
    hi_u32 update_pos;
    hi_u32 interrupt_time_out;
    hi_u32 pwm_num;
    hi_u32 port_interrupt_delay;
    hi_bool ldci_tpr_flt_en;
} hi_isp_ctrl_param;

typedef enum {
    HI_ISP_LONG_FRAME = 0,
    HI_ISP_SHORT_FRAME = 1,
    HI_ISP_PRIOR_FRAME_BUTT = 2,
} hi_isp_prior_frame;

typedef enum {
    HI_ISP_OP_TYPE_AUTO = 0,
    HI_ISP_OP_TYPE_MANUAL = 1,
    HI_ISP_OP_TYPE_BUTT = 2,
} hi_isp_op_type;

typedef enum {
    HI_ISP_STATE_INIT = 0,
    HI_ISP_STATE_SUCCESS = 1,
    HI_ISP_STATE_TIMEOUT = 2,
    HI_ISP_STATE_BUTT = 3,
} hi_isp_status;

typedef enum {
    HI_ISP_BAYER_RGGB = 0,
    HI_ISP_BAYER_GRBG = 1,
    HI_ISP_BAYER_GBRG = 2,
    HI_ISP_BAYER_BGGR = 3,
    HI_ISP_BAYER_BUTT = 4,
} hi_isp_bayer_format;

typedef enum {
    HI_ISP_BAYER_RAWBIT_8BIT = 8,
    HI_ISP_BAYER_RAWBIT_10BIT = 10,
    HI_ISP_BAYER_RAWBIT_12BIT = 12,
    HI_ISP_BAYER_RAWBIT_14BIT = 14,
    HI_ISP_BAYER_RAWBIT_16BIT = 16,
    HI_ISP_BAYER_RAWBIT_BUTT = 17,
} hi_isp_bayer_raw_bit;

typedef struct {
    hi_rect wnd_rect;
    hi_size sns_size;
    hi_float frame_rate;
    hi_isp_bayer_format bayer_format;
    hi_wdr_mode wdr_mode;
    hi_u8 sns_mode;
} hi_isp_pub_attr;

typedef struct {
    union {
        struct {
            hi_u32 bit16_rsv : 16;
            hi_u32 bit_h_inv : 1;
            hi_u32 bit_v_inv : 1;
            hi_u32 bit12_rsv : 12;
            hi_u32 bit_h_enable : 1;
            hi_u32 bit_v_enable : 1;
        } bits;
        hi_u32 bytes;
    } cfg;
    hi_u32 vs_time;
    hi_u32 hs_time;
    hi_u32 vs_cyc;
    hi_u32 hs_cyc;
    hi_u32 hs_dly_cyc;
    hi_u32 slave_mode_time;
} hi_isp_slave_sns_sync;

typedef enum {
    HI_ISP_FMW_STATE_RUN = 0,
    HI_ISP_FMW_STATE_FREEZE = 1,
    HI_ISP_FMW_STATE_BUTT = 2,
} hi_isp_fmw_state;

typedef struct {
    hi_wdr_mode wdr_mode;
} hi_isp_wdr_mode;

typedef union {
    hi_u64 key;
    struct {
        hi_u64 bit_bypass_isp_d_gain : 1;
        hi_u64 bit_bypass_anti_false_color : 1;
        hi_u64 bit_bypass_crosstalk_removal : 1;
        hi_u64 bit_bypass_dpc : 1;
        hi_u64 bit_bypass_nr : 1;
        hi_u64 bit_bypass_dehaze : 1;
        hi_u64 bit_bypass_wb_gain : 1;
        hi_u64 bit_bypass_mesh_shading : 1;
        hi_u64 bit_bypass_drc : 1;
        hi_u64 bit_bypass_demosaic : 1;
        hi_u64 bit_bypass_color_matrix : 1;
        hi_u64 bit_bypass_gamma : 1;
        hi_u64 bit_bypass_fswdr : 1;
        hi_u64 bit_bypass_ca : 1;
        hi_u64 bit_bypass_csc : 1;
        hi_u64 bit_bypass_radial_crop : 1;
        hi_u64 bit_bypass_sharpen : 1;
        hi_u64 bit_bypass_local_cac : 1;
        hi_u64 bit_bypass_global_cac : 1;
        hi_u64 bit2_chn_select : 2;
        hi_u64 bit_bypass_ldci : 1;
        hi_u64 bit_bypass_pregamma : 1;
        hi_u64 bit_bypass_radial_shading : 1;
        hi_u64 bit_bypass_ae_stat_fe : 1;
        hi_u64 bit_bypass_ae_stat_be : 1;
        hi_u64 bit_bypass_mg_stat : 1;
        hi_u64 bit_bypass_de : 1;
        hi_u64 bit_bypass_af_stat_fe : 1;
        hi_u64 bit_bypass_af_stat_be : 1;
        hi_u64 bit_bypass_awb_stat : 1;
        hi_u64 bit_bypass_clut : 1;
        hi_u64 bit_bypass_hlc : 1;
        hi_u64 bit_bypass_edge_mark : 1;
        hi_u64 bit_bypass_rgbir : 1;
        hi_u64 bit_reserved29 : 29;
    };
} hi_isp_module_ctrl;

typedef enum {
    HI_ISP_MERGE_WDR_MODE = 0,
    HI_ISP_MERGE_FUSION_MODE = 1,
    HI_ISP_MERGE_BUTT = 2,
} hi_isp_wdr_merge_mode;

typedef enum {
    HI_ISP_BNR_OFF_MODE = 0,
    HI_ISP_BNR_ON_MODE = 1,
    HI_ISP_BNR_BUTT = 2,
} hi_isp_bnr_mode;

typedef enum {
    HI_ISP_WDR_WBGAIN_IN_DG1 = 0,
    HI_ISP_WDR_WBGAIN_IN_WB = 1,
    HI_ISP_WDR_WBGAIN_POSITION_BUTT = 2,
} hi_isp_wdr_wb_gain_position;

typedef struct {
    hi_u8 md_thr_low_gain;
    hi_u8 md_thr_hig_gain;
} hi_isp_fswdr_manual_attr;

typedef struct {
    hi_u8 md_thr_low_gain[HI_ISP_AUTO_ISO_NUM];
    hi_u8 md_thr_hig_gain[HI_ISP_AUTO_ISO_NUM];
} hi_isp_fswdr_auto_attr;

typedef struct {
    hi_bool short_expo_chk;
    hi_u16 short_check_thd;
    hi_bool md_ref_flicker;
    hi_u8 mdt_still_thd;
    hi_u8 mdt_full_thd;
    hi_u8 mdt_long_blend;
    hi_op_mode op_type;
    hi_isp_fswdr_manual_attr manual_attr;
    hi_isp_fswdr_auto_attr auto_attr;
} hi_isp_fswdr_mdt_attr;

typedef struct {
    hi_bool motion_comp;
    hi_u16 short_thr;
    hi_u16 long_thr;
    hi_bool force_long;
    hi_u16 force_long_low_thr;
    hi_u16 force_long_hig_thr;
    hi_isp_fswdr_mdt_attr wdr_mdt;
} hi_isp_wdr_combine_attr;

typedef struct {
    hi_u16 fusion_thr[HI_ISP_WDR_MAX_FRAME_NUM];
} hi_isp_fusion_attr;

typedef struct {
    hi_isp_wdr_merge_mode wdr_merge_mode;
    hi_isp_wdr_combine_attr wdr_combine;
    hi_isp_fusion_attr fusion_attr;
} hi_isp_wdr_fs_attr;

typedef struct {
    hi_u8 asymmetry;
    hi_u8 second_pole;
    hi_u8 stretch;
    hi_u8 compress;
} hi_isp_drc_asymmetry_curve_attr;

typedef struct {
    hi_u16 strength;
} hi_isp_drc_manual_attr;

typedef struct {
    hi_u16 strength;
    hi_u16 strength_max;
    hi_u16 strength_min;
} hi_isp_drc_auto_attr;

typedef enum {
    HI_ISP_DRC_CURVE_ASYMMETRY = 0,
    HI_ISP_DRC_CURVE_USER = 1,
    HI_ISP_DRC_CURVE_BUTT = 2,
} hi_isp_drc_curve_select;

typedef struct {
    hi_bool enable;
    hi_isp_drc_curve_select curve_select;
    hi_u8 purple_reduction_strength;
    hi_u8 local_mixing_bright_max;
    hi_u8 local_mixing_bright_min;
    hi_u8 local_mixing_bright_thr;
    hi_s8 local_mixing_bright_slo;
    hi_u8 local_mixing_dark_max;
    hi_u8 local_mixing_dark_min;
    hi_u8 local_mixing_dark_thr;
    hi_s8 local_mixing_dark_slo;
    hi_u8 bright_gain_lmt;
    hi_u8 bright_gain_lmt_step;
    hi_u8 dark_gain_lmt_y;
    hi_u8 dark_gain_lmt_c;
    hi_u16 color_correction_lut[HI_ISP_DRC_CC_NODE_NUM];
    hi_u16 tone_mapping_value[HI_ISP_DRC_TM_NODE_NUM];
    hi_u8 contrast_control;
    hi_s8 detail_adjust_factor;
    hi_u8 spatial_flt_coef;
    hi_u8 range_flt_coef;
    hi_u8 range_ada_max;
    hi_u8 grad_rev_max;
    hi_u8 grad_rev_thr;
    hi_op_mode op_type;
    hi_isp_drc_manual_attr manual_attr;
    hi_isp_drc_auto_attr auto_attr;
    hi_isp_drc_asymmetry_curve_attr asymmetry_curve;
} hi_isp_drc_attr;

typedef struct {
    hi_u8 wgt;
    hi_u8 sigma;
    hi_u8 mean;
} hi_isp_ldci_gauss_coef_attr;

typedef struct {
    hi_isp_ldci_gauss_coef_attr he_pos_wgt;
    hi_isp_ldci_gauss_coef_attr he_neg_wgt;
} hi_isp_ldci_he_wgt_attr;

typedef struct {
    hi_isp_ldci_he_wgt_attr he_wgt;
    hi_u16 blc_ctrl;
} hi_isp_ldci_manual_attr;

typedef struct {
    hi_isp_ldci_he_wgt_attr he_wgt[HI_ISP_AUTO_ISO_NUM];
    hi_u16 blc_ctrl[HI_ISP_AUTO_ISO_NUM];
} hi_isp_ldci_auto_attr;

typedef struct {
    hi_bool enable;
    hi_u8 gauss_lpf_sigma;
    hi_op_mode op_type;
    hi_isp_ldci_manual_attr manual_attr;
    hi_isp_ldci_auto_attr auto_attr;
    hi_u16 tpr_incr_coef;
    hi_u16 tpr_decr_coef;
} hi_isp_ldci_attr;

typedef struct {
    hi_u32 y_ratio_lut[HI_ISP_CA_YRATIO_LUT_LENGTH];
    hi_s32 iso_ratio[HI_ISP_AUTO_ISO_NUM];
} hi_isp_ca_lut;

typedef struct {
    hi_bool enable;
    hi_isp_ca_lut ca;
} hi_isp_ca_attr;

typedef struct {
    hi_s16 csc_in_dc[HI_ISP_CSC_DC_NUM];
    hi_s16 csc_out_dc[HI_ISP_CSC_DC_NUM];
    hi_s16 csc_coef[HI_ISP_CSC_COEF_NUM];
} hi_isp_csc_matrix;

typedef struct {
    hi_bool enable;
    hi_color_gamut color_gamut;
    hi_u8 hue;
    hi_u8 luma;
    hi_u8 contr;
    hi_u8 satu;
    hi_bool limited_range_en;
    hi_bool ext_csc_en;
    hi_bool ct_mode_en;
    hi_isp_csc_matrix csc_magtrx;
} hi_isp_csc_attr;

typedef struct {
    hi_bool enable;
    hi_u32 gain_r;
    hi_u32 gain_g;
    hi_u32 gain_b;
} hi_isp_clut_attr;

typedef struct {
    hi_u32 lut[HI_ISP_CLUT_LUT_LENGTH];
} hi_isp_clut_lut;

typedef enum {
    HI_ISP_STATIC_DP_BRIGHT = 0,
    HI_ISP_STATIC_DP_DARK = 1,
    HI_ISP_STATIC_DP_BUTT = 2,
} hi_isp_static_dp_type;

typedef struct {
    hi_bool enable_detect;
    hi_isp_static_dp_type static_dp_type;
    hi_u8 start_thresh;
    hi_u16 count_max;
    hi_u16 count_min;
    hi_u16 time_limit;
    hi_u32 table[HI_ISP_STATIC_DP_COUNT_MAX];
    hi_u8 finish_thresh;
    hi_u16 count;
    hi_isp_status status;
} hi_isp_dp_static_calibrate;

typedef struct {
    hi_bool enable;
    hi_u16 bright_count;
    hi_u16 dark_count;
    hi_u32 bright_table[HI_ISP_STATIC_DP_COUNT_MAX];
    hi_u32 dark_table[HI_ISP_STATIC_DP_COUNT_MAX];
    hi_bool show;
} hi_isp_dp_static_attr;

typedef struct {
    hi_u16 strength;
    hi_u16 blend_ratio;
} hi_isp_dp_dynamic_manual_attr;

typedef struct {
    hi_u16 strength[HI_ISP_AUTO_ISO_NUM];
    hi_u16 blend_ratio[HI_ISP_AUTO_ISO_NUM];
} hi_isp_dp_dynamic_auto_attr;

typedef struct {
    hi_bool enable;
    hi_bool sup_twinkle_en;
    hi_s8 soft_thr;
    hi_u8 soft_slope;
    hi_op_mode op_type;
    hi_isp_dp_dynamic_manual_attr manual_attr;
    hi_isp_dp_dynamic_auto_attr auto_attr;
} hi_isp_dp_dynamic_attr;

typedef struct {
    hi_bool enable;
} hi_isp_dis_attr;

typedef struct {
    hi_bool enable;
    hi_u16 mesh_strength;
    hi_u16 blend_ratio;
} hi_isp_shading_attr;

typedef struct {
    hi_u16 r_gain[HI_ISP_LSC_GRID_POINTS];
    hi_u16 gr_gain[HI_ISP_LSC_GRID_POINTS];
    hi_u16 gb_gain[HI_ISP_LSC_GRID_POINTS];
    hi_u16 b_gain[HI_ISP_LSC_GRID_POINTS];
} hi_isp_shading_gain_lut;

typedef struct {
    hi_u16 r_gain[HI_ISP_RLSC_POINTS];
    hi_u16 gr_gain[HI_ISP_RLSC_POINTS];
    hi_u16 gb_gain[HI_ISP_RLSC_POINTS];
    hi_u16 b_gain[HI_ISP_RLSC_POINTS];
} hi_isp_bnr_lsc_gain_lut;

typedef struct {
    hi_u8 mesh_scale;
    hi_u16 x_grid_width[HI_ISP_MLSC_X_HALF_GRID_NUM];
    hi_u16 y_grid_width[HI_ISP_MLSC_Y_HALF_GRID_NUM];
    hi_isp_shading_gain_lut lsc_gain_lut[HI_ISP_MLSC_GAIN_LUT_NUM];
    hi_isp_bnr_lsc_gain_lut bnr_lsc_gain_lut;
} hi_isp_shading_lut_attr;

typedef struct {
    hi_isp_bayer_format bayer_format;
    hi_isp_bayer_raw_bit raw_bit;
    hi_u16 img_height;
    hi_u16 img_width;
    hi_u16 dst_img_height;
    hi_u16 dst_img_width;
    hi_u16 offset_x;
    hi_u16 offset_y;
    hi_u32 mesh_scale;
    hi_u16 blc_offset_r;
    hi_u16 blc_offset_gr;
    hi_u16 blc_offset_gb;
    hi_u16 blc_offset_b;
} hi_isp_mlsc_calibration_cfg;

typedef struct {
    hi_u8 mesh_scale;
    hi_u16 x_grid_width[HI_ISP_MLSC_X_HALF_GRID_NUM];
    hi_u16 y_grid_width[HI_ISP_MLSC_Y_HALF_GRID_NUM];
    hi_isp_shading_gain_lut lsc_gain_lut;
    hi_isp_bnr_lsc_gain_lut bnr_lsc_gain_lut;
} hi_isp_mesh_shading_table;

typedef struct {
    hi_bool enable;
    hi_u16 radial_str;
} hi_isp_radial_shading_attr;

typedef struct {
    hi_u16 r_gain[HI_ISP_RLSC_POINTS];
    hi_u16 gr_gain[HI_ISP_RLSC_POINTS];
    hi_u16 gb_gain[HI_ISP_RLSC_POINTS];
    hi_u16 b_gain[HI_ISP_RLSC_POINTS];
} hi_isp_radial_shading_gain_lut;

typedef struct {
    hi_op_mode light_mode;
    hi_u16 blend_ratio;
    hi_u8 light_type1;
    hi_u8 light_type2;
    hi_u8 radial_scale;
    hi_u16 center_r_x;
    hi_u16 center_r_y;
    hi_u16 center_gr_x;
    hi_u16 center_gr_y;
    hi_u16 center_gb_x;
    hi_u16 center_gb_y;
    hi_u16 center_b_x;
    hi_u16 center_b_y;
    hi_u16 off_center_r;
    hi_u16 off_center_gr;
    hi_u16 off_center_gb;
    hi_u16 off_center_b;
    hi_isp_radial_shading_gain_lut rlsc_gain_lut[3];
} hi_isp_radial_shading_lut_attr;

typedef struct {
    hi_isp_bayer_format bayer;
    hi_isp_bayer_raw_bit raw_bit;
    hi_u16 img_height;
    hi_u16 img_width;
    hi_u16 center_x;
    hi_u16 center_y;
    hi_u16 radius;
    hi_u16 radial_scale;
    hi_u16 blc_offset_r;
    hi_u16 blc_offset_gr;
    hi_u16 blc_offset_gb;
    hi_u16 blc_offset_b;
} hi_isp_rlsc_calibration_cfg;

typedef struct {
    hi_u8 radial_scale;
    hi_u16 center_x;
    hi_u16 center_y;
    hi_u16 offcenter;
    hi_isp_radial_shading_gain_lut rlsc_gain_lut;
} hi_isp_radial_shading_table;

typedef struct {
    hi_bool enable;
    hi_u16 y_strength;
    hi_u16 run_interval;
    hi_bool lock_enable;
} hi_isp_acs_attr;

typedef struct {
    hi_u8 chroma_strength[HI_ISP_BAYER_CHN_NUM];
    hi_u8 fine_strength;
    hi_u16 coring_wgt;
    hi_u16 coarse_strength[HI_ISP_BAYER_CHN_NUM];
} hi_isp_nr_manual_attr;

typedef struct {
    hi_u8 chroma_strength[HI_ISP_BAYER_CHN_NUM][HI_ISP_AUTO_ISO_NUM];
    hi_u8 fine_strength[HI_ISP_AUTO_ISO_NUM];
    hi_u16 coring_wgt[HI_ISP_AUTO_ISO_NUM];
    hi_u16 coarse_strength[HI_ISP_BAYER_CHN_NUM][HI_ISP_AUTO_ISO_NUM];
} hi_isp_nr_auto_attr;

typedef struct {
    hi_u8 wdr_frame_strength[HI_ISP_WDR_MAX_FRAME_NUM];
    hi_u8 fusion_frame_strength[HI_ISP_WDR_MAX_FRAME_NUM];
} hi_isp_nr_wdr_attr;

typedef struct {
    hi_bool enable;
    hi_bool nr_lsc_enable;
    hi_u8 bnr_lsc_max_gain;
    hi_u16 bnr_lsc_cmp_strength;
    hi_u16 coring_ratio[HI_ISP_BAYERNR_LUT_LENGTH];
    hi_op_mode op_type;
    hi_isp_nr_auto_attr auto_attr;
    hi_isp_nr_manual_attr manual_attr;
    hi_isp_nr_wdr_attr wdr_attr;
} hi_isp_nr_attr;

typedef struct {
    hi_u16 global_gain;
    hi_u16 gain_lf;
    hi_u16 gain_hf;
} hi_isp_de_manual_attr;

typedef struct {
    hi_u16 global_gain[HI_ISP_AUTO_ISO_NUM];
    hi_u16 gain_lf[HI_ISP_AUTO_ISO_NUM];
    hi_u16 gain_hf[HI_ISP_AUTO_ISO_NUM];
} hi_isp_de_auto_attr;

typedef struct {
    hi_bool enable;
    hi_u16 luma_gain_lut[HI_ISP_DE_LUMA_GAIN_LUT_N];
    hi_op_mode op_type;
    hi_isp_de_auto_attr auto_attr;
    hi_isp_de_manual_attr manual_attr;
} hi_isp_de_attr;

typedef enum {
    HI_ISP_GAMMA_CURVE_DEFAULT = 0,
    HI_ISP_GAMMA_CURVE_SRGB = 1,
    HI_ISP_GAMMA_CURVE_HDR = 2,
    HI_ISP_GAMMA_CURVE_USER_DEFINE = 3,
    HI_ISP_GAMMA_CURVE_BUTT = 4,
} hi_isp_gamma_curve_type;

typedef struct {
    hi_bool enable;
    hi_u16 table[HI_ISP_GAMMA_NODE_NUM];
    hi_isp_gamma_curve_type curve_type;
} hi_isp_gamma_attr;

typedef struct {
    hi_bool enable;
    hi_u32 table[HI_ISP_PREGAMMA_NODE_NUM];
} hi_isp_pregamma_attr;

typedef struct {
    hi_u8 luma_wgt[HI_ISP_SHARPEN_LUMA_NUM];
    hi_u16 texture_strength[HI_ISP_SHARPEN_GAIN_NUM];
    hi_u16 edge_strength[HI_ISP_SHARPEN_GAIN_NUM];
    hi_u16 texture_freq;
    hi_u16 edge_freq;
    hi_u8 over_shoot;
    hi_u8 under_shoot;
    hi_u8 shoot_sup_strength;
    hi_u8 shoot_sup_adj;
    hi_u8 detail_ctrl;
    hi_u8 detail_ctrl_threshold;
    hi_u8 edge_filt_strength;
    hi_u8 edge_filt_max_cap;
    hi_u8 r_gain;
    hi_u8 g_gain;
    hi_u8 b_gain;
    hi_u8 skin_gain;
    hi_u16 max_sharp_gain;
} hi_isp_sharpen_manual_attr;

typedef struct {
    hi_u8 luma_wgt[HI_ISP_SHARPEN_LUMA_NUM][HI_ISP_AUTO_ISO_NUM];
    hi_u16 texture_strength[HI_ISP_SHARPEN_GAIN_NUM][HI_ISP_AUTO_ISO_NUM];
    hi_u16 edge_strength[HI_ISP_SHARPEN_GAIN_NUM][HI_ISP_AUTO_ISO_NUM];
    hi_u16 texture_freq[HI_ISP_AUTO_ISO_NUM];
    hi_u16 edge_freq[HI_ISP_AUTO_ISO_NUM];
    hi_u8 over_shoot[HI_ISP_AUTO_ISO_NUM];
    hi_u8 under_shoot[HI_ISP_AUTO_ISO_NUM];
    hi_u8 shoot_sup_strength[HI_ISP_AUTO_ISO_NUM];
    hi_u8 shoot_sup_adj[HI_ISP_AUTO_ISO_NUM];
    hi_u8 detail_ctrl[HI_ISP_AUTO_ISO_NUM];
    hi_u8 detail_ctrl_threshold[HI_ISP_AUTO_ISO_NUM];
    hi_u8 edge_filt_strength[HI_ISP_AUTO_ISO_NUM];
    hi_u8 edge_filt_max_cap[HI_ISP_AUTO_ISO_NUM];
    hi_u8 r_gain[HI_ISP_AUTO_ISO_NUM];
    hi_u8 g_gain[HI_ISP_AUTO_ISO_NUM];
    hi_u8 b_gain[HI_ISP_AUTO_ISO_NUM];
    hi_u8 skin_gain[HI_ISP_AUTO_ISO_NUM];
    hi_u16 max_sharp_gain[HI_ISP_AUTO_ISO_NUM];
} hi_isp_sharpen_auto_attr;

typedef struct {
    hi_bool enable;
    hi_u8 skin_umin;
    hi_u8 skin_vmin;
    hi_u8 skin_umax;
    hi_u8 skin_vmax;
    hi_op_mode op_type;
    hi_isp_sharpen_manual_attr manual_attr;
    hi_isp_sharpen_auto_attr auto_attr;
} hi_isp_sharpen_attr;

typedef struct {
    hi_bool enable;
    hi_u8 threshold;
    hi_u32 color;
} hi_isp_edge_mark_attr;

typedef struct {
    hi_bool enable;
    hi_u8 luma_thr;
    hi_u8 luma_target;
} hi_isp_hlc_attr;

typedef struct {
    hi_bool enable;
    hi_u8 slope;
    hi_u8 sensi_slope;
    hi_u16 sensi_threshold;
    hi_u16 strength[HI_ISP_AUTO_ISO_NUM];
    hi_u16 threshold[HI_ISP_AUTO_ISO_NUM];
    hi_u16 np_offset[HI_ISP_AUTO_ISO_NUM];
} hi_isp_cr_attr;

typedef struct {
    hi_u8 threshold;
    hi_u8 strength;
} hi_isp_anti_false_color_manual_attr;

typedef struct {
    hi_u8 threshold[HI_ISP_AUTO_ISO_NUM];
    hi_u8 strength[HI_ISP_AUTO_ISO_NUM];
} hi_isp_anti_false_color_auto_attr;

typedef struct {
    hi_bool enable;
    hi_op_mode op_type;
    hi_isp_anti_false_color_auto_attr auto_attr;
    hi_isp_anti_false_color_manual_attr manual_attr;
} hi_isp_anti_false_color_attr;

typedef struct {
    hi_u8 nddm_strength;
    hi_u8 nddm_mf_detail_strength;
    hi_u8 nddm_hf_detail_strength;
    hi_u8 detail_smooth_range;
    hi_u8 color_noise_f_threshold;
    hi_u8 color_noise_f_strength;
    hi_u8 color_noise_y_threshold;
    hi_u8 color_noise_y_strength;
} hi_isp_demosaic_manual_attr;

typedef struct {
    hi_u8 nddm_strength[HI_ISP_AUTO_ISO_NUM];
    hi_u8 nddm_mf_detail_strength[HI_ISP_AUTO_ISO_NUM];
    hi_u8 nddm_hf_detail_strength[HI_ISP_AUTO_ISO_NUM];
    hi_u8 detail_smooth_range[HI_ISP_AUTO_ISO_NUM];
    hi_u8 color_noise_f_threshold[HI_ISP_AUTO_ISO_NUM];
    hi_u8 color_noise_f_strength[HI_ISP_AUTO_ISO_NUM];
    hi_u8 color_noise_y_threshold[HI_ISP_AUTO_ISO_NUM];
    hi_u8 color_noise_y_strength[HI_ISP_AUTO_ISO_NUM];
} hi_isp_demosaic_auto_attr;

typedef struct {
    hi_bool enable;
    hi_op_mode op_type;
    hi_isp_demosaic_manual_attr manual_attr;
    hi_isp_demosaic_auto_attr auto_attr;
} hi_isp_demosaic_attr;

typedef struct {
    hi_op_mode op_type;
    hi_u16 black_level[HI_ISP_BAYER_CHN_NUM];
} hi_isp_black_level_attr;

typedef enum {
    HI_ISP_FPN_TYPE_FRAME = 0,
    HI_ISP_FPN_TYPE_BUTT = 1,
} hi_isp_fpn_type;

typedef struct {
    hi_u32 iso;
    hi_u32 offset[HI_ISP_STRIPING_MAX_NUM];
    hi_u32 frm_size;
    hi_video_frame_info fpn_frame;
} hi_isp_fpn_frame_info;

typedef struct {
    hi_u32 threshold;
    hi_u32 frame_num;
    hi_isp_fpn_type fpn_type;
    hi_isp_fpn_frame_info fpn_cali_frame;
} hi_isp_fpn_calibrate_attr;

typedef struct {
    hi_u32 strength;
} hi_isp_fpn_manual_attr;

typedef struct {
    hi_u32 strength;
} hi_isp_fpn_auto_attr;

typedef struct {
    hi_bool enable;
    hi_op_mode op_type;
    hi_isp_fpn_type fpn_type;
    hi_isp_fpn_frame_info fpn_frm_info;
    hi_isp_fpn_manual_attr manual_attr;
    hi_isp_fpn_auto_attr auto_attr;
} hi_isp_fpn_attr;

typedef struct {
    hi_u8 strength;
} hi_isp_dehaze_manual_attr;

typedef struct {
    hi_u8 strength;
} hi_isp_dehaze_auto_attr;

typedef struct {
    hi_bool enable;
    hi_bool user_lut_enable;
    hi_u8 dehaze_lut[HI_ISP_DEHAZE_LUT_SIZE];
    hi_op_mode op_type;
    hi_isp_dehaze_manual_attr manual_attr;
    hi_isp_dehaze_auto_attr auto_attr;
    hi_u16 tmprflt_incr_coef;
    hi_u16 tmprflt_decr_coef;
} hi_isp_dehaze_attr;

typedef struct {
    hi_u8 de_purple_cr_str;
    hi_u8 de_purple_cb_str;
} hi_isp_depurplestr_manual_attr;

typedef struct {
    hi_u8 de_purple_cr_str[HI_ISP_LCAC_EXP_RATIO_NUM];
    hi_u8 de_purple_cb_str[HI_ISP_LCAC_EXP_RATIO_NUM];
} hi_isp_depurplestr_auto_attr;

typedef struct {
    hi_bool enable;
    hi_u16 purple_detect_range;
    hi_u16 var_threshold;
    hi_u16 r_detect_threshold[HI_ISP_LCAC_DET_NUM];
    hi_u16 g_detect_threshold[HI_ISP_LCAC_DET_NUM];
    hi_u16 b_detect_threshold[HI_ISP_LCAC_DET_NUM];
    hi_u16 luma_detect_threshold[HI_ISP_LCAC_DET_NUM];
    hi_s16 cb_cr_ratio[HI_ISP_LCAC_DET_NUM];
    hi_op_mode op_type;
    hi_isp_depurplestr_manual_attr manual_attr;
    hi_isp_depurplestr_auto_attr auto_attr;
} hi_isp_local_cac_attr;

typedef struct {
    hi_bool enable;
    hi_u16 ver_coordinate;
    hi_u16 hor_coordinate;
    hi_s16 param_red_a;
    hi_s16 param_red_b;
    hi_s16 param_red_c;
    hi_s16 param_blue_a;
    hi_s16 param_blue_b;
    hi_s16 param_blue_c;
    hi_u8 ver_norm_shift;
    hi_u8 ver_norm_factor;
    hi_u8 hor_norm_shift;
    hi_u8 hor_norm_factor;
    hi_u16 cor_var_thr;
} hi_isp_global_cac_attr;

typedef struct {
    hi_u16 texture_strength[HI_ISP_SHARPEN_GAIN_NUM];
    hi_u16 edge_strength[HI_ISP_SHARPEN_GAIN_NUM];
    hi_u16 texture_freq;
    hi_u16 edge_freq;
    hi_u8 over_shoot;
    hi_u8 under_shoot;
    hi_u8 shoot_sup_strength;
    hi_u16 coarse_strength[HI_ISP_BAYER_CHN_NUM];
    hi_u8 wdr_frame_strength[HI_ISP_WDR_MAX_FRAME_NUM];
    hi_u8 chroma_strength[HI_ISP_BAYER_CHN_NUM];
    hi_u8 fine_strength;
    hi_u16 coring_wgt;
    hi_u16 dehaze_strength_actual;
    hi_u16 drc_strength_actual;
    hi_u32 wdr_exp_ratio_actual[3];
    hi_bool wdr_switch_finish;
    hi_bool res_switch_finish;
    hi_u16 black_level_actual[HI_ISP_BAYER_CHN_NUM];
} hi_isp_inner_state_info;

typedef enum {
    HI_ISP_AE_AFTER_DG = 0,
    HI_ISP_AE_AFTER_WB = 1,
    HI_ISP_AE_AFTER_DRC = 2,
    HI_ISP_AE_SWITCH_BUTT = 3,
} hi_isp_ae_switch;

typedef enum {
    HI_ISP_AE_FOUR_PLANE_MODE_DISABLE = 0,
    HI_ISP_AE_FOUR_PLANE_MODE_ENABLE = 1,
    HI_ISP_AE_FOUR_PLANE_MODE_BUTT = 2,
} hi_isp_ae_four_plane_mode;

typedef enum {
    HI_ISP_AE_HIST_SKIP_EVERY_PIXEL = 0,
    HI_ISP_AE_HIST_SKIP_EVERY_2ND_PIXEL = 1,
    HI_ISP_AE_HIST_SKIP_EVERY_3RD_PIXEL = 2,
    HI_ISP_AE_HIST_SKIP_EVERY_4TH_PIXEL = 3,
    HI_ISP_AE_HIST_SKIP_EVERY_5TH_PIXEL = 4,
    HI_ISP_AE_HIST_SKIP_EVERY_8TH_PIXEL = 5,
    HI_ISP_AE_HIST_SKIP_EVERY_9TH_PIXEL = 6,
    HI_ISP_AE_HIST_SKIP_BUTT = 7,
} hi_isp_ae_hist_skip;

typedef enum {
    HI_ISP_AE_HIST_START_FORM_FIRST_COLUMN = 0,
    HI_ISP_AE_HIST_START_FORM_SECOND_COLUMN = 1,
    HI_ISP_AE_HIST_OFFSET_X_BUTT = 2,
} hi_isp_ae_hist_offset_x;

typedef enum {
    HI_ISP_AE_HIST_START_FORM_FIRST_ROW = 0,
    HI_ISP_AE_HIST_START_FORM_SECOND_ROW = 1,
    HI_ISP_AE_HIST_OFFSET_Y_BUTT = 2,
} hi_isp_ae_hist_offset_y;

typedef struct {
    hi_isp_ae_hist_skip hist_skip_x;
    hi_isp_ae_hist_skip hist_skip_y;
    hi_isp_ae_hist_offset_x hist_offset_x;
    hi_isp_ae_hist_offset_y hist_offset_y;
} hi_isp_ae_hist_config;

typedef enum {
    HI_ISP_AE_NORMAL = 0,
    HI_ISP_AE_ROOT = 1,
    HI_ISP_AE_STAT_MODE_BUTT = 2,
} hi_isp_ae_stat_mode;

typedef struct {
    hi_bool enable;
    hi_u16 x;
    hi_u16 y;
    hi_u16 w;
    hi_u16 h;
} hi_isp_ae_crop;

typedef struct {
    hi_isp_ae_switch ae_switch;
    hi_isp_ae_hist_config hist_config;
    hi_isp_ae_four_plane_mode four_plane_mode;
    hi_isp_ae_stat_mode hist_mode;
    hi_isp_ae_stat_mode aver_mode;
    hi_isp_ae_stat_mode max_gain_mode;
    hi_isp_ae_crop crop;
    hi_u8 weight[HI_ISP_AE_ZONE_ROW][HI_ISP_AE_ZONE_COLUMN];
} hi_isp_ae_stats_cfg;

typedef enum {
    HI_ISP_AF_STA_NORM = 0,
    HI_ISP_AF_STA_PEAK = 1,
    HI_ISP_AF_STA_BUTT = 2,
} hi_isp_af_peak_mode;

typedef enum {
    HI_ISP_AF_STA_SUM_NORM = 0,
    HI_ISP_AF_STA_SUM_SQU = 1,
    HI_ISP_AF_STA_SUM_BUTT = 2,
} hi_isp_af_squ_mode;

typedef struct {
    hi_bool enable;
    hi_u16 x;
    hi_u16 y;
    hi_u16 w;
    hi_u16 h;
} hi_isp_af_crop;

typedef enum {
    HI_ISP_AF_STATS_AFTER_DGAIN = 0,
    HI_ISP_AF_STATS_AFTER_DRC = 1,
    HI_ISP_AF_STATS_AFTER_CSC = 2,
    HI_ISP_AF_STATS_BUTT = 3,
} hi_isp_af_stats_pos;

typedef struct {
    hi_u8 gamma_gain_limit;
    hi_u8 gamma_value;
    hi_isp_bayer_format pattern;
} hi_isp_af_raw_cfg;

typedef struct {
    hi_bool en;
    hi_u16 strength;
} hi_isp_af_pre_filter_cfg;

typedef struct {
    hi_bool enable;
    hi_u16 h_wnd;
    hi_u16 v_wnd;
    hi_u16 h_size;
    hi_u16 v_size;
    hi_isp_af_peak_mode peak_mode;
    hi_isp_af_squ_mode squ_mode;
    hi_isp_af_crop crop;
    hi_isp_af_stats_pos stats_pos;
    hi_isp_af_raw_cfg raw_cfg;
    hi_isp_af_pre_filter_cfg pre_flt_cfg;
    hi_u16 high_luma_th;
} hi_isp_af_cfg;

typedef struct {
    hi_bool ld_en;
    hi_u16 th_low;
    hi_u16 gain_low;
    hi_u16 slp_low;
    hi_u16 th_high;
    hi_u16 gain_high;
    hi_u16 slp_high;
} hi_isp_af_ld;

typedef struct {
    hi_u16 th;
    hi_u16 slp;
    hi_u16 lmt;
} hi_isp_af_coring;

typedef struct {
    hi_bool narrow_band;
    hi_bool iir_en[HI_ISP_IIR_EN_NUM];
    hi_u8 iir_shift;
    hi_s16 iir_gain[HI_ISP_IIR_GAIN_NUM];
    hi_u16 iir_shift_lut[HI_ISP_IIR_SHIFT_NUM];
    hi_isp_af_ld ld;
    hi_isp_af_coring coring;
} hi_isp_af_h_param;

typedef struct {
    hi_s16 firh[HI_ISP_FIR_GAIN_NUM];
    hi_isp_af_ld ld;
    hi_isp_af_coring coring;
} hi_isp_af_v_param;

typedef struct {
    hi_u16 acc_shift_y;
    hi_u16 acc_shift_h[HI_ISP_ACC_SHIFT_H_NUM];
    hi_u16 acc_shift_v[HI_ISP_ACC_SHIFT_V_NUM];
    hi_u16 hl_cnt_shift;
} hi_isp_af_fv_param;

typedef struct {
    hi_isp_af_cfg config;
    hi_isp_af_h_param h_param_iir0;
    hi_isp_af_h_param h_param_iir1;
    hi_isp_af_v_param v_param_fir0;
    hi_isp_af_v_param v_param_fir1;
    hi_isp_af_fv_param fv_param;
} hi_isp_focus_stats_cfg;

typedef union {
    hi_u64 key;
    struct {
        hi_u64 bit1_fe_ae_global_stat : 1;
        hi_u64 bit1_fe_ae_local_stat : 1;
        hi_u64 bit1_fe_ae_stitch_global_stat : 1;
        hi_u64 bit1_fe_ae_stitch_local_stat : 1;
        hi_u64 bit1_be_ae_global_stat : 1;
        hi_u64 bit1_be_ae_local_stat : 1;
        hi_u64 bit1_be_ae_stitch_global_stat : 1;
        hi_u64 bit1_be_ae_stitch_local_stat : 1;
        hi_u64 bit1_awb_stat1 : 1;
        hi_u64 bit1_awb_stat2 : 1;
        hi_u64 bit2_reserved0 : 2;
        hi_u64 bit1_fe_af_stat : 1;
        hi_u64 bit1_be_af_stat : 1;
        hi_u64 bit2_reserved1 : 2;
        hi_u64 bit1_dehaze : 1;
        hi_u64 bit1_mg_stat : 1;
        hi_u64 bit14_reserved : 14;
        hi_u64 bit32_isr_access : 32;
    };
} hi_isp_stats_ctrl;

typedef struct {
    hi_u16 grid_y_pos[16];
    hi_u16 grid_x_pos[18];
    hi_u8 status;
} hi_isp_ae_grid_info;

typedef struct {
    hi_u16 grid_y_pos[16];
    hi_u16 grid_x_pos[18];
    hi_u8 status;
} hi_isp_mg_grid_info;

typedef struct {
    hi_u16 grid_y_pos[33];
    hi_u16 grid_x_pos[33];
    hi_u8 status;
} hi_isp_awb_grid_info;

typedef struct {
    hi_u16 grid_y_pos[16];
    hi_u16 grid_x_pos[18];
    hi_u8 status;
} hi_isp_focus_grid_info;

typedef struct {
    hi_u32 fe_hist1024_value[HI_ISP_CHN_MAX_NUM][HI_ISP_HIST_NUM];
    hi_u16 fe_global_avg[HI_ISP_CHN_MAX_NUM][HI_ISP_BAYER_PATTERN_NUM];
    hi_u16 fe_zone_avg[HI_ISP_CHN_MAX_NUM][HI_ISP_AE_ZONE_ROW][HI_ISP_AE_ZONE_COLUMN][HI_ISP_BAYER_PATTERN_NUM];
    hi_u32 be_hist1024_value[HI_ISP_HIST_NUM];
    hi_u16 be_global_avg[HI_ISP_BAYER_PATTERN_NUM];
    hi_u16 be_zone_avg[HI_ISP_AE_ZONE_ROW][HI_ISP_AE_ZONE_COLUMN][HI_ISP_BAYER_PATTERN_NUM];
    hi_isp_ae_grid_info fe_grid_info;
    hi_isp_ae_grid_info be_grid_info;
} hi_isp_ae_stats;

typedef struct {
    hi_u16 au16_zone_avg[HI_ISP_MG_ZONE_ROW][HI_ISP_MG_ZONE_COLUMN][HI_ISP_BAYER_PATTERN_NUM];
    hi_isp_mg_grid_info grid_info;
} hi_isp_mg_stats;

typedef enum {
    HI_ISP_AWB_AFTER_DG = 0,
    HI_ISP_AWB_AFTER_Expander = 1,
    HI_ISP_AWB_AFTER_DRC = 2,
    HI_ISP_AWB_SWITCH_BUTT = 3,
} hi_isp_awb_switch;

typedef struct {
    hi_bool enable;
    hi_u16 x;
    hi_u16 y;
    hi_u16 w;
    hi_u16 h;
} hi_isp_awb_crop;

typedef struct {
    hi_isp_awb_switch awb_switch;
    hi_u16 zone_row;
    hi_u16 zone_col;
    hi_u16 zone_bin;
    hi_u16 hist_bin_thresh[HI_ISP_AWB_ZONE_BIN_MAX];
    hi_u16 white_level;
    hi_u16 black_level;
    hi_u16 cb_max;
    hi_u16 cb_min;
    hi_u16 cr_max;
    hi_u16 cr_min;
    hi_isp_awb_crop crop;
} hi_isp_wb_stats_cfg;

typedef struct {
    hi_u16 zone_row;
    hi_u16 zone_col;
    hi_u16 zone_avg_r[HI_ISP_AWB_ZONE_STITCH_MAX];
    hi_u16 zone_avg_g[HI_ISP_AWB_ZONE_STITCH_MAX];
    hi_u16 zone_avg_b[HI_ISP_AWB_ZONE_STITCH_MAX];
    hi_u16 zone_count_all[HI_ISP_AWB_ZONE_STITCH_MAX];
} hi_isp_wb_stitch_stats;

typedef struct {
    hi_u16 global_r;
    hi_u16 global_g;
    hi_u16 global_b;
    hi_u16 count_all;
    hi_u16 zone_avg_r[HI_ISP_AWB_ZONE_NUM];
    hi_u16 zone_avg_g[HI_ISP_AWB_ZONE_NUM];
    hi_u16 zone_avg_b[HI_ISP_AWB_ZONE_NUM];
    hi_u16 zone_count_all[HI_ISP_AWB_ZONE_NUM];
    hi_isp_awb_grid_info grid_info;
} hi_isp_wb_stats;

typedef struct {
    hi_u16 v1;
    hi_u16 h1;
    hi_u16 v2;
    hi_u16 h2;
    hi_u16 y;
    hi_u16 hl_cnt;
} hi_isp_focus_zone;

typedef struct {
    hi_isp_focus_zone zone_metrics[HI_ISP_WDR_CHN_MAX][HI_ISP_AF_ZONE_ROW][HI_ISP_AF_ZONE_COLUMN];
} hi_isp_fe_focus_stats;

typedef struct {
    hi_isp_focus_zone zone_metrics[HI_ISP_AF_ZONE_ROW][HI_ISP_AF_ZONE_COLUMN];
} hi_isp_be_focus_stats;

typedef struct {
    hi_isp_fe_focus_stats fe_af_stat;
    hi_isp_be_focus_stats be_af_stat;
    hi_isp_focus_grid_info fe_af_grid_info;
    hi_isp_focus_grid_info be_af_grid_info;
} hi_isp_af_stats;

typedef struct {
    hi_isp_stats_ctrl key;
    hi_isp_ae_stats_cfg ae_cfg;
    hi_isp_wb_stats_cfg wb_cfg;
    hi_isp_focus_stats_cfg focus_cfg;
} hi_isp_stats_cfg;

typedef struct {
    hi_bool debug_en;
    hi_u64 phy_addr;
    hi_u32 depth;
} hi_isp_debug_info;

typedef enum {
    HI_ISP_SNS_I2C_TYPE = 0,
    HI_ISP_SNS_SSP_TYPE = 1,
    HI_ISP_SNS_TYPE_BUTT = 2,
} hi_isp_sns_type;

typedef union {
    hi_s8 i2c_dev;
    struct {
        hi_s8 bit4_ssp_dev : 4;
        hi_s8 bit4_ssp_cs : 4;
    } ssp_dev;
} hi_isp_sns_commbus;

typedef struct {
    hi_bool update;
    hi_u8 delay_frm_num;
    hi_u8 int_pos;
    hi_u8 dev_addr;
    hi_u32 reg_addr;
    hi_u32 addr_byte_num;
    hi_u32 data;
    hi_u32 data_byte_num;
} hi_isp_i2c_data;

typedef struct {
    hi_bool update;
    hi_u8 delay_frm_num;
    hi_u8 int_pos;
    hi_u32 dev_addr;
    hi_u32 dev_addr_byte_num;
    hi_u32 reg_addr;
    hi_u32 reg_addr_byte_num;
    hi_u32 data;
    hi_u32 data_byte_num;
} hi_isp_ssp_data;

typedef struct {
    hi_isp_sns_type sns_type;
    hi_u32 reg_num;
    hi_u8 cfg2_valid_delay_max;
    hi_isp_sns_commbus com_bus;
    union {
        hi_isp_i2c_data i2c_data[HI_ISP_MAX_SNS_REGS];
        hi_isp_ssp_data ssp_data[HI_ISP_MAX_SNS_REGS];
    };
    struct {
        hi_bool update;
        hi_u8 delay_frm_num;
        hi_u32 slave_vs_time;
        hi_u32 slave_bind_dev;
    } slv_sync;
    hi_bool config;
} hi_isp_sns_regs_info;

typedef enum {
    HI_ISP_VD_FE_START = 0,
    HI_ISP_VD_FE_END = 1,
    HI_ISP_VD_BE_END = 2,
    HI_ISP_VD_BUTT = 3,
} hi_isp_vd_type;

typedef struct {
    hi_void *isp_ext_reg_addr;
    hi_u32 isp_ext_reg_size;
    hi_void *ae_ext_reg_addr;
    hi_u32 ae_ext_reg_size;
    hi_void *awb_ext_reg_addr;
    hi_u32 awb_ext_reg_size;
} hi_isp_reg_attr;

typedef enum {
    HI_ISP_IRIS_FIXED_TYPE = 0,
    HI_ISP_IRIS_DC_TYPE = 1,
    HI_ISP_IRIS_P_TYPE = 2,
    HI_ISP_IRIS_TYPE_BUTT = 3,
} hi_isp_iris_type;

typedef enum {
    HI_ISP_IRIS_F_NO_32_0 = 0,
    HI_ISP_IRIS_F_NO_22_0 = 1,
    HI_ISP_IRIS_F_NO_16_0 = 2,
    HI_ISP_IRIS_F_NO_11_0 = 3,
    HI_ISP_IRIS_F_NO_8_0 = 4,
    HI_ISP_IRIS_F_NO_5_6 = 5,
    HI_ISP_IRIS_F_NO_4_0 = 6,
    HI_ISP_IRIS_F_NO_2_8 = 7,
    HI_ISP_IRIS_F_NO_2_0 = 8,
    HI_ISP_IRIS_F_NO_1_4 = 9,
    HI_ISP_IRIS_F_NO_1_0 = 10,
    HI_ISP_IRIS_F_NO_BUTT = 11,
} hi_isp_iris_f_no;

typedef struct {
    hi_s32 kp;
    hi_s32 ki;
    hi_s32 kd;
    hi_u32 min_pwm_duty;
    hi_u32 max_pwm_duty;
    hi_u32 open_pwm_duty;
} hi_isp_dciris_attr;

typedef struct {
    hi_bool step_fno_table_change;
    hi_bool zero_is_max;
    hi_u16 total_step;
    hi_u16 step_count;
    hi_u16 step_fno_table[HI_ISP_AI_MAX_STEP_FNO_NUM];
    hi_isp_iris_f_no max_iris_fno_target;
    hi_isp_iris_f_no min_iris_fno_target;
    hi_bool fno_ex_valid;
    hi_u32 max_iris_fno_target_linear;
    hi_u32 min_iris_fno_target_linear;
} hi_isp_piris_attr;

typedef struct {
    hi_u32 hold_value;
    hi_isp_iris_f_no iris_fno;
} hi_isp_mi_attr;

typedef enum {
    HI_ISP_IRIS_KEEP = 0,
    HI_ISP_IRIS_OPEN = 1,
    HI_ISP_IRIS_CLOSE = 2,
    HI_ISP_IRIS_BUTT = 3,
} hi_isp_iris_status;

typedef struct {
    hi_bool enable;
    hi_op_mode op_type;
    hi_isp_iris_type iris_type;
    hi_isp_iris_status iris_status;
    hi_isp_mi_attr mi_attr;
} hi_isp_iris_attr;

typedef enum {
    HI_ISP_AE_MODE_SLOW_SHUTTER = 0,
    HI_ISP_AE_MODE_FIX_FRAME_RATE = 1,
    HI_ISP_AE_MODE_BUTT = 2,
} hi_isp_ae_mode;

typedef enum {
    HI_ISP_AE_EXP_HIGHLIGHT_PRIOR = 0,
    HI_ISP_AE_EXP_LOWLIGHT_PRIOR = 1,
    HI_ISP_AE_STRATEGY_MODE_BUTT = 2,
} hi_isp_ae_strategy;

typedef struct {
    hi_u32 max;
    hi_u32 min;
} hi_isp_ae_range;

typedef struct {
    hi_u16 black_delay_frame;
    hi_u16 white_delay_frame;
} hi_isp_ae_delay;

typedef enum {
    HI_ISP_ANTIFLICKER_NORMAL_MODE = 0,
    HI_ISP_ANTIFLICKER_AUTO_MODE = 1,
    HI_ISP_ANTIFLICKER_MODE_BUTT = 2,
} hi_isp_antiflicker_mode;

typedef struct {
    hi_bool enable;
    hi_u8 frequency;
    hi_isp_antiflicker_mode mode;
} hi_isp_antiflicker;

typedef struct {
    hi_bool enable;
    hi_u8 luma_diff;
} hi_isp_subflicker;

typedef enum {
    HI_ISP_FSWDR_NORMAL_MODE = 0,
    HI_ISP_FSWDR_LONG_FRAME_MODE = 1,
    HI_ISP_FSWDR_AUTO_LONG_FRAME_MODE = 2,
    HI_ISP_FSWDR_MODE_BUTT = 3,
} hi_isp_fswdr_mode;

typedef struct {
    hi_isp_ae_range exp_time_range;
    hi_isp_ae_range a_gain_range;
    hi_isp_ae_range d_gain_range;
    hi_isp_ae_range ispd_gain_range;
    hi_isp_ae_range sys_gain_range;
    hi_u32 gain_threshold;
    hi_u8 speed;
    hi_u16 black_speed_bias;
    hi_u8 tolerance;
    hi_u8 compensation;
    hi_u16 ev_bias;
    hi_isp_ae_strategy ae_strategy_mode;
    hi_u16 hist_ratio_slope;
    hi_u8 max_hist_offset;
    hi_isp_ae_mode ae_mode;
    hi_isp_antiflicker antiflicker;
    hi_isp_subflicker subflicker;
    hi_isp_ae_delay ae_delay_attr;
    hi_bool manual_exp_value;
    hi_u32 exp_value;
    hi_isp_fswdr_mode fswdr_mode;
    hi_bool wdr_quick;
    hi_u16 iso_cal_coef;
} hi_isp_ae_attr;

typedef struct {
    hi_op_mode exp_time_op_type;
    hi_op_mode a_gain_op_type;
    hi_op_mode d_gain_op_type;
    hi_op_mode ispd_gain_op_type;
    hi_u32 exp_time;
    hi_u32 a_gain;
    hi_u32 d_gain;
    hi_u32 isp_d_gain;
} hi_isp_me_attr;

typedef struct {
    hi_bool bypass;
    hi_op_mode op_type;
    hi_u8 ae_run_interval;
    hi_bool hist_stat_adjust;
    hi_bool ae_route_ex_valid;
    hi_isp_me_attr manual_attr;
    hi_isp_ae_attr auto_attr;
    hi_isp_prior_frame prior_frame;
    hi_bool ae_gain_sep_cfg;
    hi_bool advance_ae;
} hi_isp_exposure_attr;

typedef struct {
    hi_u32 int_time;
    hi_u32 sys_gain;
    hi_isp_iris_f_no iris_fno;
    hi_u32 iris_fno_lin;
} hi_isp_ae_route_node;

typedef struct {
    hi_u32 total_num;
    hi_isp_ae_route_node route_node[HI_ISP_AE_ROUTE_MAX_NODES];
} hi_isp_ae_route;

typedef struct {
    hi_u32 int_time;
    hi_u32 a_gain;
    hi_u32 d_gain;
    hi_u32 isp_d_gain;
    hi_isp_iris_f_no iris_fno;
    hi_u32 iris_fno_lin;
} hi_isp_ae_route_ex_node;

typedef struct {
    hi_u32 total_num;
    hi_isp_ae_route_ex_node route_ex_node[HI_ISP_AE_ROUTE_EX_MAX_NODES];
} hi_isp_ae_route_ex;

typedef struct {
    hi_u32 exp_time;
    hi_u32 short_exp_time;
    hi_u32 median_exp_time;
    hi_u32 long_exp_time;
    hi_u32 a_gain;
    hi_u32 d_gain;
    hi_u32 a_gain_sf;
    hi_u32 d_gain_sf;
    hi_u32 isp_d_gain;
    hi_u32 exposure;
    hi_bool exposure_is_max;
    hi_s16 hist_error;
    hi_u32 ae_hist1024_value[HI_ISP_HIST_NUM];
    hi_u8 ave_lum;
    hi_u32 lines_per500ms;
    hi_u32 piris_fno;
    hi_u32 fps;
    hi_u32 iso;
    hi_u32 isosf;
    hi_u32 iso_calibrate;
    hi_u32 ref_exp_ratio;
    hi_u16 wdr_exp_coef;
    hi_u32 first_stable_time;
    hi_u32 quick_star_iso;
    hi_isp_ae_route ae_route;
    hi_isp_ae_route_ex ae_route_ex;
    hi_isp_ae_route ae_route_sf;
    hi_isp_ae_route_ex ae_route_sf_ex;
} hi_isp_exp_info;

typedef struct {
    hi_u32 reg_addr;
    hi_u32 reg_value;
} hi_isp_exp_param_reg;

typedef struct {
    hi_u32 tar_fps;
    hi_u32 tar_isp_dgain;
    hi_isp_exp_param_reg time_reg[10];
    hi_isp_exp_param_reg again_reg[10];
    hi_isp_exp_param_reg dgain_reg[10];
} hi_isp_exp_conv_param;

typedef struct {
    hi_op_mode exp_ratio_type;
    hi_u32 exp_ratio[HI_ISP_EXP_RATIO_NUM];
    hi_u32 exp_ratio_max;
    hi_u32 exp_ratio_min;
    hi_u16 tolerance;
    hi_u16 speed;
    hi_u16 ratio_bias;
    hi_u16 high_light_target;
    hi_u16 exp_coef_min;
} hi_isp_wdr_exposure_attr;

typedef struct {
    hi_op_mode exp_hdr_lv_type;
    hi_u32 exp_hdr_lv;
    hi_u32 exp_hdr_lv_max;
    hi_u32 exp_hdr_lv_min;
    hi_u32 exp_hdr_lv_weight;
} hi_isp_hdr_exposure_attr;

typedef struct {
    hi_bool enable;
    hi_bool ir_mode;
    hi_op_mode smart_exp_type;
    hi_u16 exp_coef;
    hi_u8 luma_target;
    hi_u16 exp_coef_max;
    hi_u16 exp_coef_min;
    hi_u8 smart_interval;
    hi_u8 smart_speed;
    hi_u16 smart_delay_num;
} hi_isp_smart_exposure_attr;

typedef enum {
    HI_ISP_AWB_ALG_LOWCOST = 0,
    HI_ISP_AWB_ALG_ADVANCE = 1,
    HI_ISP_AWB_ALG_BUTT = 2,
} hi_isp_awb_alg_type;

typedef enum {
    HI_ISP_AWB_MULTI_LS_SAT = 0,
    HI_ISP_AWB_MULTI_LS_CCM = 1,
    HI_ISP_AWB_MULTI_LS_BUTT = 2,
} hi_isp_awb_multi_ls_type;

typedef enum {
    HI_ISP_AWB_INDOOR_MODE = 0,
    HI_ISP_AWB_OUTDOOR_MODE = 1,
    HI_ISP_AWB_INDOOR_OUTDOOR_BUTT = 2,
} hi_isp_awb_indoor_outdoor_status;

typedef struct {
    hi_bool enable;
    hi_op_mode op_type;
    hi_u16 high_rg_limit;
    hi_u16 high_bg_limit;
    hi_u16 low_rg_limit;
    hi_u16 low_bg_limit;
} hi_isp_awb_ct_limit_attr;

typedef struct {
    hi_bool enable;
    hi_op_mode op_type;
    hi_isp_awb_indoor_outdoor_status outdoor_status;
    hi_u32 out_thresh;
    hi_u16 low_start;
    hi_u16 low_stop;
    hi_u16 high_start;
    hi_u16 high_stop;
    hi_bool green_enhance_en;
    hi_u8 out_shift_limit;
} hi_isp_awb_in_out_attr;

typedef struct {
    hi_bool enable;
    hi_u16 cr_max[HI_ISP_AUTO_ISO_NUM];
    hi_u16 cr_min[HI_ISP_AUTO_ISO_NUM];
    hi_u16 cb_max[HI_ISP_AUTO_ISO_NUM];
    hi_u16 cb_min[HI_ISP_AUTO_ISO_NUM];
} hi_isp_awb_cbcr_track_attr;

typedef struct {
    hi_bool enable;
    hi_op_mode op_type;
    hi_u8 hist_thresh[HI_ISP_AWB_LUM_HI_ISP_HIST_NUM];
    hi_u16 hist_wt[HI_ISP_AWB_LUM_HI_ISP_HIST_NUM];
} hi_isp_awb_lum_histgram_attr;

typedef struct {
    hi_u16 white_r_gain;
    hi_u16 white_b_gain;
    hi_u16 exp_quant;
    hi_u8 light_status;
    hi_u8 radius;
} hi_isp_awb_extra_light_source_info;

typedef struct {
    hi_u8 tolerance;
    hi_u8 zone_radius;
    hi_u16 curve_l_limit;
    hi_u16 curve_r_limit;
    hi_bool extra_light_en;
    hi_isp_awb_extra_light_source_info light_info[HI_ISP_AWB_LS_NUM];
    hi_isp_awb_in_out_attr in_or_out;
    hi_bool multi_light_source_en;
    hi_isp_awb_multi_ls_type multi_ls_type;
    hi_u16 multi_ls_scaler;
    hi_u16 multi_ct_bin[HI_ISP_AWB_MULTI_CT_NUM];
    hi_u16 multi_ct_wt[HI_ISP_AWB_MULTI_CT_NUM];
    hi_bool fine_tun_en;
    hi_u8 fine_tun_strength;
} hi_isp_awb_attr_ex;

typedef struct {
    hi_bool enable;
    hi_u16 ref_color_temp;
    hi_u16 static_wb[HI_ISP_BAYER_CHN_NUM];
    hi_s32 curve_para[HI_ISP_AWB_CURVE_PARA_NUM];
    hi_isp_awb_alg_type alg_type;
    hi_u8 rg_strength;
    hi_u8 bg_strength;
    hi_u16 speed;
    hi_u16 zone_sel;
    hi_u16 high_color_temp;
    hi_u16 low_color_temp;
    hi_isp_awb_ct_limit_attr ct_limit;
    hi_bool shift_limit_en;
    hi_u8 shift_limit;
    hi_bool gain_norm_en;
    hi_bool natural_cast_en;
    hi_isp_awb_cbcr_track_attr cb_cr_track;
    hi_isp_awb_lum_histgram_attr luma_hist;
    hi_bool awb_zone_wt_en;
    hi_u8 zone_wt[1024];
} hi_isp_awb_attr;

typedef struct {
    hi_u16 r_gain;
    hi_u16 gr_gain;
    hi_u16 gb_gain;
    hi_u16 b_gain;
} hi_isp_mwb_attr;

typedef enum {
    HI_ISP_ALG_AWB = 0,
    HI_ISP_ALG_AWB_SPEC = 1,
    HI_ISP_ALG_BUTT = 2,
} hi_isp_awb_alg;

typedef struct {
    hi_bool bypass;
    hi_u8 awb_run_interval;
    hi_op_mode op_type;
    hi_isp_mwb_attr manual_attr;
    hi_isp_awb_attr auto_attr;
    hi_isp_awb_alg alg_type;
} hi_isp_wb_attr;

typedef struct {
    hi_bool sat_en;
    hi_u16 ccm[HI_ISP_CCM_MATRIX_SIZE];
} hi_isp_color_matrix_manual;

typedef struct {
    hi_u16 color_temp;
    hi_u16 ccm[HI_ISP_CCM_MATRIX_SIZE];
} hi_isp_color_matrix_param;

typedef struct {
    hi_bool iso_act_en;
    hi_bool temp_act_en;
    hi_u16 ccm_tab_num;
    hi_isp_color_matrix_param ccm_tab[HI_ISP_CCM_MATRIX_NUM];
} hi_isp_color_matrix_auto;

typedef struct {
    hi_op_mode op_type;
    hi_isp_color_matrix_manual manual_attr;
    hi_isp_color_matrix_auto auto_attr;
} hi_isp_color_matrix_attr;

typedef struct {
    hi_u8 saturation;
} hi_isp_saturation_manual;

typedef struct {
    hi_u8 sat[HI_ISP_AUTO_ISO_NUM];
} hi_isp_saturation_auto;

typedef struct {
    hi_op_mode op_type;
    hi_isp_saturation_manual manual_attr;
    hi_isp_saturation_auto auto_attr;
} hi_isp_saturation_attr;

typedef struct {
    hi_u16 red_cast_gain;
    hi_u16 green_cast_gain;
    hi_u16 blue_cast_gain;
} hi_isp_color_tone_attr;

typedef struct {
    hi_u16 r_gain;
    hi_u16 gr_gain;
    hi_u16 gb_gain;
    hi_u16 b_gain;
    hi_u16 saturation;
    hi_u16 color_temp;
    hi_u16 ccm[HI_ISP_CCM_MATRIX_SIZE];
    hi_u16 ls0_ct;
    hi_u16 ls1_ct;
    hi_u16 ls0_area;
    hi_u16 ls1_area;
    hi_u8 multi_degree;
    hi_u16 active_shift;
    hi_u32 first_stable_time;
    hi_isp_awb_indoor_outdoor_status in_out_status;
    hi_s16 bv;
} hi_isp_wb_info;

typedef struct {
    hi_bool is_ir_mode;
    hi_u32 exp_time;
    hi_u32 a_gain;
    hi_u32 d_gain;
    hi_u32 ispd_gain;
    hi_u32 exposure;
    hi_u32 init_iso;
    hi_u32 lines_per500ms;
    hi_u32 piris_fno;
    hi_u16 wb_r_gain;
    hi_u16 wb_g_gain;
    hi_u16 wb_b_gain;
    hi_u16 sample_r_gain;
    hi_u16 sample_b_gain;
    hi_u16 init_ccm[HI_ISP_CCM_MATRIX_SIZE];
    hi_bool ae_route_ex_valid;
    hi_bool quick_start_en;
    hi_isp_ae_route ae_route;
    hi_isp_ae_route_ex ae_route_ex;
    hi_isp_ae_route ae_route_sf;
    hi_isp_ae_route_ex ae_route_sf_ex;
} hi_isp_init_attr;

typedef enum hiDNG_CFALAYOUT_TYPE_E {
    CFALAYOUT_TYPE_RECTANGULAR = 1,
    CFALAYOUT_TYPE_A = 2,
    CFALAYOUT_TYPE_B = 3,
    CFALAYOUT_TYPE_C = 4,
    CFALAYOUT_TYPE_D = 5,
    CFALAYOUT_TYPE_E = 6,
    CFALAYOUT_TYPE_F = 7,
    CFALAYOUT_TYPE_G = 8,
    CFALAYOUT_TYPE_H = 9,
    CFALAYOUT_TYPE_BUTT = 10,
} hi_isp_dng_cfa_layout_type;

typedef struct {
    hi_s32 numerator;
    hi_s32 denominator;
} hi_isp_dng_srational;

typedef struct {
    hi_u16 blc_repeat_rows;
    hi_u16 blc_repeat_cols;
} hi_isp_dng_blc_repeat_dim;

typedef struct {
    hi_isp_dng_srational default_scale_h;
    hi_isp_dng_srational default_scale_v;
} hi_isp_dng_default_scale;

typedef struct {
    hi_u16 repeat_pattern_dim_rows;
    hi_u16 repeat_pattern_dim_cols;
} hi_isp_dng_repeat_pattern_dim;

typedef struct {
    hi_u8 bits_per_sample;
    hi_u8 cfa_plane_color[HI_CFACOLORPLANE];
    hi_isp_dng_cfa_layout_type cfa_layout;
    hi_isp_dng_blc_repeat_dim blc_repeat_dim;
    hi_u32 white_level;
    hi_isp_dng_default_scale default_scale;
    hi_isp_dng_repeat_pattern_dim cfa_repeat_pattern_dim;
    hi_u8 cfa_pattern[HI_ISP_BAYER_CHN_NUM];
} hi_isp_dng_raw_format;

typedef struct {
    hi_u16 r_gain;
    hi_u16 g_gain;
    hi_u16 b_gain;
} hi_isp_dng_wb_gain;

typedef enum {
    HI_ISP_FLICKER_TYPE_NONE = 0,
    HI_ISP_FLICKER_TYPE_UNKNOW = 1,
    HI_ISP_FLICKER_TYPE_50HZ = 2,
    HI_ISP_FLICKER_TYPE_60HZ = 3,
    HI_ISP_FLICKER_TYPE_BUTT = 4,
} hi_isp_calc_flicker_type;

typedef struct {
    hi_u32 lines_per_second;
} hi_isp_calc_flicker_input;

typedef struct {
    hi_isp_calc_flicker_type flicker_type;
} hi_isp_calc_flicker_output;

typedef struct {
    hi_u32 iso_speed_ratings;
    hi_u32 exposure_time;
    hi_u32 exposure_bias_value;
    hi_u8 exposure_program;
    hi_u32 f_number;
    hi_u32 max_aperture_value;
    hi_u8 exposure_mode;
    hi_u8 white_balance;
} hi_isp_dcf_update_info;

typedef struct {
    hi_bool quick_start_enable;
    hi_u8 black_frame_num;
    hi_u32 init_exposure;
    hi_u32 init_ae_tolerance;
} hi_isp_ae_quick_start_param;

#ifdef __cplusplus
}
#endif

#define HI_ERR_ISP_ATTR_NOT_CFG (-1608744894)
#define HI_ERR_ISP_INVALID_ADDR (-1608744892)
#define HI_ERR_ISP_MEM_NOT_INIT (-1608744895)
#define HI_ERR_ISP_NOT_INIT (-1608744896)
#define HI_ERR_ISP_NO_INT (-1608744890)
#define HI_ERR_ISP_SNS_UNREGISTER (-1608744893)

#endif /* ACL_MEDIA_HI_COMMON_ISP_H_ */
