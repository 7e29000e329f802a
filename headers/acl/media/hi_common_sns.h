/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_COMMON_SNS_H_
#define ACL_MEDIA_HI_COMMON_SNS_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_common.h"
#include "hi_media_type.h"
#include "hi_common_isp.h"
#include "hi_common_vi.h"

#define HI_ISP_BAYER_CALIBRATION_PARA_NUM 3
#define HI_ISP_EXPANDER_POINT_NUM_MAX 256
#define HI_ISP_GAMMA_EXT_NODE_NUMBER 1025
#define HI_ISP_GAMMA_NODE_NUMBER 257
#define HI_ISP_GAMMA_OUTSEG_NUMBER 8
#define HI_ISP_WDR_MAX_FRAME 2

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    hi_bool update;
    hi_u16 black_level[HI_ISP_BAYER_CHN_NUM];
} hi_isp_cmos_black_level;

typedef struct {
    hi_sensor_id sensor_id;
} hi_isp_sns_attr_info;

typedef struct {
    hi_bool enable;
    hi_u8 non_dir_str[HI_ISP_AUTO_ISO_NUM];
    hi_u8 non_dir_mf_detail_ehc_str[HI_ISP_AUTO_ISO_NUM];
    hi_u8 non_dir_hf_detail_ehc_str[HI_ISP_AUTO_ISO_NUM];
    hi_u8 detail_smooth_range[HI_ISP_AUTO_ISO_NUM];
} hi_isp_cmos_demosaic;

typedef struct {
    hi_bool enable;
    hi_bool bnr_mono_sensor_en;
    hi_bool nr_lsc_enable;
    hi_u8 bnr_lsc_max_gain;
    hi_u16 bnr_lsc_cmp_strength;
    hi_u8 lut_fine_str[HI_ISP_AUTO_ISO_NUM];
    hi_u8 chroma_strength[HI_ISP_BAYER_CHN_NUM][HI_ISP_AUTO_ISO_NUM];
    hi_u8 wdr_frame_strength[HI_ISP_WDR_MAX_FRAME_NUM];
    hi_u8 fusion_frame_strength[HI_ISP_WDR_MAX_FRAME_NUM];
    hi_u16 coarse_strength[HI_ISP_BAYER_CHN_NUM][HI_ISP_AUTO_ISO_NUM];
    hi_u16 lut_coring_wgt[HI_ISP_AUTO_ISO_NUM];
    hi_u16 lut_coring_ratio[HI_ISP_BAYERNR_LUT_LENGTH];
} hi_isp_cmos_bayernr;

typedef struct {
    hi_u16 calibration_lut_num;
    hi_float calibration_coef[HI_ISP_BAYER_CALIBTAION_MAX_NUM][HI_ISP_BAYER_CALIBRATION_PARA_NUM];
} hi_isp_cmos_noise_calibration;

typedef struct {
    hi_isp_de_attr attr;
} hi_isp_cmos_detail;

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
    hi_u8 detail_ctrl_thr;
    hi_u8 edge_filt_str;
    hi_u8 edge_filt_max_cap;
    hi_u8 r_gain;
    hi_u8 g_gain;
    hi_u8 b_gain;
    hi_u8 skin_gain;
    hi_u16 max_sharp_gain;
} hi_isp_cmos_sharpen_manual;

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
    hi_u8 detail_ctrl_thr[HI_ISP_AUTO_ISO_NUM];
    hi_u8 edge_filt_str[HI_ISP_AUTO_ISO_NUM];
    hi_u8 edge_filt_max_cap[HI_ISP_AUTO_ISO_NUM];
    hi_u8 r_gain[HI_ISP_AUTO_ISO_NUM];
    hi_u8 g_gain[HI_ISP_AUTO_ISO_NUM];
    hi_u8 b_gain[HI_ISP_AUTO_ISO_NUM];
    hi_u8 skin_gain[HI_ISP_AUTO_ISO_NUM];
    hi_u16 max_sharp_gain[HI_ISP_AUTO_ISO_NUM];
} hi_isp_cmos_sharpen_auto;

typedef struct {
    hi_u8 skin_umin;
    hi_u8 skin_vmin;
    hi_u8 skin_umax;
    hi_u8 skin_vmax;
    hi_isp_cmos_sharpen_manual manual_attr;
    hi_isp_cmos_sharpen_auto auto_attr;
} hi_isp_cmos_sharpen;

typedef struct {
    hi_bool enable;
    hi_u8 threshold;
    hi_u32 color;
} hi_isp_cmos_edgemark;

typedef struct {
    hi_bool enable;
    hi_u8 luma_thr;
    hi_u8 luma_target;
} hi_isp_cmos_hlc;

typedef struct {
    hi_bool enable;
    hi_op_mode op_type;
    hi_u16 manual_strength;
    hi_u16 auto_strength;
    hi_u8 spatial_flt_coef;
    hi_u8 range_flt_coef;
    hi_u8 contrast_control;
    hi_s8 detail_adjust_factor;
    hi_u8 range_ada_max;
    hi_u8 grad_rev_max;
    hi_u8 grad_rev_thr;
    hi_u8 bright_gain_lmt;
    hi_u8 bright_gain_lmt_step;
    hi_u8 dark_gain_lmt_y;
    hi_u8 dark_gain_lmt_c;
    hi_u8 purple_reduction_strength;
    hi_u8 local_mixing_bright_max;
    hi_u8 local_mixing_bright_min;
    hi_u8 local_mixing_bright_thr;
    hi_s8 local_mixing_bright_slo;
    hi_u8 local_mixing_dark_max;
    hi_u8 local_mixing_dark_min;
    hi_u8 local_mixing_dark_thr;
    hi_s8 local_mixing_dark_slo;
    hi_u16 color_correction_lut[HI_ISP_DRC_CC_NODE_NUM];
    hi_u16 tone_mapping_value[HI_ISP_DRC_TM_NODE_NUM];
    hi_u8 asymmetry;
    hi_u8 second_pole;
    hi_u8 stretch;
    hi_u8 compress;
    hi_u8 curve_sel;
} hi_isp_cmos_drc;

typedef struct {
    hi_bool fusion_mode;
    hi_bool motion_comp;
    hi_u16 short_thr;
    hi_u16 long_thr;
    hi_bool force_long;
    hi_u16 force_long_low_thr;
    hi_u16 force_long_hig_thr;
    hi_bool short_expo_chk;
    hi_u16 short_check_thd;
    hi_bool md_ref_flicker;
    hi_u8 md_thr_low_gain[HI_ISP_AUTO_ISO_NUM];
    hi_u8 md_thr_hig_gain[HI_ISP_AUTO_ISO_NUM];
    hi_isp_bnr_mode bnr_mode;
    hi_u16 fusion_thr[HI_ISP_WDR_MAX_FRAME];
    hi_u8 mdt_still_thd;
    hi_u8 mdt_long_blend;
} hi_isp_cmos_wdr;

typedef struct {
    hi_bool enable;
    hi_bool user_lut_enable;
    hi_op_mode op_type;
    hi_u8 auto_strength;
    hi_u8 manual_strength;
} hi_isp_cmos_dehaze;

typedef struct {
    hi_bool enable;
    hi_u32 pregamma_lut[HI_ISP_PREGAMMA_NODE_NUM];
} hi_isp_cmos_pregamma;

typedef struct {
    hi_u16 gamma_lut[HI_ISP_GAMMA_EXT_NODE_NUMBER];
} hi_isp_cmos_gamma;

typedef struct {
    hi_u32 max_width;
    hi_u32 max_height;
} hi_isp_cmos_sensor_max_resolution;

typedef struct {
    hi_u16 strength[HI_ISP_AUTO_ISO_NUM];
    hi_u16 blend_ratio[HI_ISP_AUTO_ISO_NUM];
} hi_isp_cmos_dpc;

typedef struct {
    hi_u16 r_gain[HI_ISP_LSC_GRID_POINTS];
    hi_u16 gr_gain[HI_ISP_LSC_GRID_POINTS];
    hi_u16 gb_gain[HI_ISP_LSC_GRID_POINTS];
    hi_u16 b_gain[HI_ISP_LSC_GRID_POINTS];
} hi_isp_lsc_cabli_table;

typedef struct {
    hi_u16 r_gain[HI_ISP_RLSC_POINTS];
    hi_u16 gr_gain[HI_ISP_RLSC_POINTS];
    hi_u16 gb_gain[HI_ISP_RLSC_POINTS];
    hi_u16 b_gain[HI_ISP_RLSC_POINTS];
} hi_isp_bnr_lsc_calib_table;

typedef struct {
    hi_u16 mesh_strength;
    hi_u8 mesh_scale;
    hi_isp_lsc_cabli_table lsc_calib_table[HI_ISP_MLSC_GAIN_LUT_NUM];
    hi_isp_bnr_lsc_calib_table bnr_lsc_calib_table;
} hi_isp_cmos_lsc;

typedef struct {
    hi_bool enable;
    hi_u16 y_ratio_lut[HI_ISP_CA_YRATIO_LUT_LENGTH];
    hi_s16 iso_ratio[HI_ISP_AUTO_ISO_NUM];
} hi_isp_cmos_ca;

typedef struct {
    hi_bool enable;
    hi_u32 gain_r;
    hi_u32 gain_g;
    hi_u32 gain_b;
    hi_isp_clut_lut clut_lut;
} hi_isp_cmos_clut;

typedef struct {
    hi_u16 x;
    hi_u32 y;
} hi_isp_cmos_expander_point;

typedef struct {
    hi_bool enable;
    hi_u8 bit_depth_in;
    hi_u8 bit_depth_out;
    hi_u16 expander_point_num;
    hi_isp_cmos_expander_point expander_point[HI_ISP_EXPANDER_POINT_NUM_MAX];
} hi_isp_expander_attr;

typedef struct {
    hi_bool enable;
    hi_u8 slope;
    hi_u8 sensi_slope;
    hi_u16 sensi_thr;
    hi_u16 threshold[HI_ISP_AUTO_ISO_NUM];
    hi_u16 strength[HI_ISP_AUTO_ISO_NUM];
    hi_u16 np_offset[HI_ISP_AUTO_ISO_NUM];
} hi_isp_cmos_ge;

typedef struct {
    hi_bool enable;
    hi_u8 threshold[HI_ISP_AUTO_ISO_NUM];
    hi_u8 strength[HI_ISP_AUTO_ISO_NUM];
} hi_isp_cmos_afc;

typedef struct {
    hi_bool enable;
    hi_u8 gauss_lpf_sigma;
    hi_u8 he_pos_wgt[HI_ISP_AUTO_ISO_NUM];
    hi_u8 he_pos_sigma[HI_ISP_AUTO_ISO_NUM];
    hi_u8 he_pos_mean[HI_ISP_AUTO_ISO_NUM];
    hi_u8 he_neg_wgt[HI_ISP_AUTO_ISO_NUM];
    hi_u8 he_neg_sigma[HI_ISP_AUTO_ISO_NUM];
    hi_u8 he_neg_mean[HI_ISP_AUTO_ISO_NUM];
    hi_u16 blc_ctrl[HI_ISP_AUTO_ISO_NUM];
} hi_isp_cmos_ldci;

typedef struct {
    hi_u8 de_purple_cr_str;
    hi_u8 de_purple_cb_str;
} hi_isp_cmos_lcac_manual;

typedef struct {
    hi_u8 de_purple_cr_str[HI_ISP_EXP_RATIO_STRENGTH_NUM];
    hi_u8 de_purple_cb_str[HI_ISP_EXP_RATIO_STRENGTH_NUM];
} hi_isp_cmos_lcac_auto;

typedef struct {
    hi_bool enable;
    hi_op_mode op_mode;
    hi_u16 var_thr;
    hi_u16 r_luma_thd[HI_ISP_LCAC_DET_NUM];
    hi_u16 g_luma_thd[HI_ISP_LCAC_DET_NUM];
    hi_u16 b_luma_thd[HI_ISP_LCAC_DET_NUM];
    hi_u16 y_luma_thd[HI_ISP_LCAC_DET_NUM];
    hi_s16 cbcr_ratio[HI_ISP_LCAC_DET_NUM];
    hi_u16 purple_det_range;
    hi_isp_cmos_lcac_manual manual_attr;
    hi_isp_cmos_lcac_auto auto_attr;
} hi_isp_cmos_lcac;

typedef struct {
    hi_u32 sensor_id;
    hi_u8 sensor_mode;
    hi_bool valid_dng_raw_format;
    hi_isp_dng_raw_format dng_raw_format;
} hi_isp_cmos_sensor_mode;

typedef struct {
    hi_isp_dng_wb_gain wb_gain1;
    hi_isp_dng_wb_gain wb_gain2;
} hi_isp_cmos_dng_color_param;

typedef struct {
    hi_u32 exp_ratio[HI_ISP_EXP_RATIO_NUM];
} hi_isp_cmos_wdr_switch_attr;

typedef struct {
    hi_u16 g_param_high_ct[HI_ISP_LSC_GRID_POINTS];
    hi_u16 g_param_low_ct[HI_ISP_LSC_GRID_POINTS];
} hi_isp_acs_y_shading_lut;

typedef struct {
    hi_float avg_rg_map[HI_ISP_LSC_GRID_POINTS];
    hi_float avg_bg_map[HI_ISP_LSC_GRID_POINTS];
    hi_float prof_rg_map[HI_ISP_LSC_GRID_POINTS];
    hi_float prof_bg_map[HI_ISP_LSC_GRID_POINTS];
} hi_isp_acs_color_shading_lut;

typedef struct {
    hi_s16 light_index[64];
    hi_float model_ar_min;
    hi_float model_ar_step;
    hi_float model_ab_min;
    hi_float model_ab_step;
    hi_s16 light_type_g_high;
    hi_s16 light_type_g_low;
} hi_isp_acs_calib_param;

typedef struct {
    hi_bool enable;
    hi_u16 acs_shading_str;
    hi_isp_acs_calib_param acs_calib_param;
    hi_isp_acs_y_shading_lut acs_y_shading_lut;
    hi_isp_acs_color_shading_lut acs_color_shading_lut;
} hi_isp_cmos_acs;

typedef union {
    hi_u64 key;
    struct {
        hi_u64 bit1_drc : 1;
        hi_u64 bit1_demosaic : 1;
        hi_u64 bit1_pregamma : 1;
        hi_u64 bit1_gamma : 1;
        hi_u64 bit1_sharpen : 1;
        hi_u64 bit1_edge_mark : 1;
        hi_u64 bit1_hlc : 1;
        hi_u64 bit1_ldci : 1;
        hi_u64 bit1_dpc : 1;
        hi_u64 bit1_lsc : 1;
        hi_u64 bit1_ge : 1;
        hi_u64 bit1_anti_false_color : 1;
        hi_u64 bit1_bayer_nr : 1;
        hi_u64 bit1_detail : 1;
        hi_u64 bit1_ca : 1;
        hi_u64 bit1_expander : 1;
        hi_u64 bit1_clut : 1;
        hi_u64 bit1_wdr : 1;
        hi_u64 bit1_dehaze : 1;
        hi_u64 bit1_lcac : 1;
        hi_u64 bit1_acs : 1;
        hi_u64 bit44_rsv : 43;
    };
} hi_isp_cmos_alg_key;

typedef struct {
    hi_isp_cmos_alg_key key;
    const hi_isp_cmos_drc *drc;
    const hi_isp_cmos_demosaic *demosaic;
    const hi_isp_cmos_pregamma *pregamma;
    const hi_isp_cmos_gamma *gamma;
    const hi_isp_cmos_sharpen *sharpen;
    const hi_isp_cmos_edgemark *edge_mark;
    const hi_isp_cmos_hlc *hlc;
    const hi_isp_cmos_ldci *ldci;
    const hi_isp_cmos_dpc *dpc;
    const hi_isp_cmos_lsc *lsc;
    const hi_isp_cmos_ge *ge;
    const hi_isp_cmos_afc *anti_false_color;
    const hi_isp_cmos_bayernr *bayer_nr;
    const hi_isp_cmos_detail *detail;
    const hi_isp_cmos_ca *ca;
    const hi_isp_expander_attr *expander;
    const hi_isp_cmos_clut *clut;
    const hi_isp_cmos_wdr *wdr;
    const hi_isp_cmos_dehaze *dehaze;
    const hi_isp_cmos_lcac *lcac;
    const hi_isp_cmos_acs *acs;
    hi_isp_cmos_noise_calibration noise_calibration;
    hi_isp_cmos_sensor_max_resolution sensor_max_resolution;
    hi_isp_cmos_sensor_mode sensor_mode;
    hi_isp_cmos_dng_color_param dng_color_param;
    hi_isp_cmos_wdr_switch_attr wdr_switch_attr;
} hi_isp_cmos_default;

typedef struct {
    hi_u16 width;
    hi_u16 height;
    hi_float fps;
    hi_u8 sns_mode;
} hi_isp_cmos_sensor_image_mode;

typedef struct {
    hi_void (*pfn_cmos_sensor_init)(hi_vi_pipe);
    hi_void (*pfn_cmos_sensor_exit)(hi_vi_pipe);
    hi_void (*pfn_cmos_sensor_global_init)(hi_vi_pipe);
    hi_s32 (*pfn_cmos_set_image_mode)(hi_vi_pipe, hi_isp_cmos_sensor_image_mode *);
    hi_s32 (*pfn_cmos_set_wdr_mode)(hi_vi_pipe, hi_u8);
    hi_s32 (*pfn_cmos_get_isp_default)(hi_vi_pipe, hi_isp_cmos_default *);
    hi_s32 (*pfn_cmos_get_isp_black_level)(hi_vi_pipe, hi_isp_cmos_black_level *);
    hi_s32 (*pfn_cmos_get_sns_reg_info)(hi_vi_pipe, hi_isp_sns_regs_info *);
    hi_void (*pfn_cmos_set_pixel_detect)(hi_vi_pipe, hi_bool);
    hi_s32 (*pfn_cmos_get_awb_gains)(hi_vi_pipe, hi_u32 *);
    hi_void (*pfn_cmos_notify_event)(hi_vi_pipe, hi_u32, hi_void *);
} hi_isp_sensor_exp_func;

typedef struct {
    hi_isp_sensor_exp_func sns_exp;
} hi_isp_sensor_register;

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_COMMON_SNS_H_ */
