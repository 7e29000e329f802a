/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_MPI_ISP_H_
#define ACL_MEDIA_HI_MPI_ISP_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_common.h"
#include "hi_media_type.h"
#include "hi_common_3a.h"
#include "hi_common_isp.h"
#include "hi_common_sns.h"
#include "hi_common_vi.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Binding point for hi_mpi_isp_mem_init.
 * @param [in] vi_pipe (inferred)
 */
hi_s32 hi_mpi_isp_mem_init(hi_vi_pipe vi_pipe);

/**
 * Binding point for hi_mpi_isp_init.
 * @param [in] vi_pipe (inferred)
 */
hi_s32 hi_mpi_isp_init(hi_vi_pipe vi_pipe);

/**
 * Binding point for hi_mpi_isp_run.
 * @param [in] vi_pipe (inferred)
 */
hi_s32 hi_mpi_isp_run(hi_vi_pipe vi_pipe);

/**
 * Binding point for hi_mpi_isp_run_once.
 * @param [in] vi_pipe (inferred)
 */
hi_s32 hi_mpi_isp_run_once(hi_vi_pipe vi_pipe);

/**
 * Binding point for hi_mpi_isp_exit.
 * @param [in] vi_pipe (inferred)
 */
hi_s32 hi_mpi_isp_exit(hi_vi_pipe vi_pipe);

/**
 * Binding point for hi_mpi_isp_set_pub_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] pub_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_pub_attr(hi_vi_pipe vi_pipe, const hi_isp_pub_attr *pub_attr);

/**
 * Binding point for hi_mpi_isp_get_pub_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] pub_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_pub_attr(hi_vi_pipe vi_pipe, hi_isp_pub_attr *pub_attr);

/**
 * Binding point for hi_mpi_isp_set_fmw_state.
 * @param [in] vi_pipe (inferred)
 * @param [in] state (inferred)
 */
hi_s32 hi_mpi_isp_set_fmw_state(hi_vi_pipe vi_pipe, const hi_isp_fmw_state state);

/**
 * Binding point for hi_mpi_isp_get_fmw_state.
 * @param [in] vi_pipe (inferred)
 * @param [out] state (inferred)
 */
hi_s32 hi_mpi_isp_get_fmw_state(hi_vi_pipe vi_pipe, hi_isp_fmw_state *state);

/**
 * Binding point for hi_mpi_isp_get_vd_time_out.
 * @param [in] vi_pipe (inferred)
 * @param [in] isp_vd_type (inferred)
 * @param [in] milli_sec (inferred)
 */
hi_s32 hi_mpi_isp_get_vd_time_out(hi_vi_pipe vi_pipe, hi_isp_vd_type isp_vd_type, hi_u32 milli_sec);

/**
 * Binding point for hi_mpi_isp_sensor_reg_callback.
 * @param [in] vi_pipe (inferred)
 * @param [in] sns_attr_info (inferred)
 * @param [in] sns_register (inferred)
 */
hi_s32 hi_mpi_isp_sensor_reg_callback(hi_vi_pipe vi_pipe, const hi_isp_sns_attr_info *sns_attr_info, const hi_isp_sensor_register *sns_register);

/**
 * Binding point for hi_mpi_isp_sensor_unreg_callback.
 * @param [in] vi_pipe (inferred)
 * @param [in] sensor_id (inferred)
 */
hi_s32 hi_mpi_isp_sensor_unreg_callback(hi_vi_pipe vi_pipe, hi_sensor_id sensor_id);

/**
 * Binding point for hi_mpi_isp_set_bind_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] bind_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_bind_attr(hi_vi_pipe vi_pipe, const hi_isp_bind_attr *bind_attr);

/**
 * Binding point for hi_mpi_isp_get_bind_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] bind_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_bind_attr(hi_vi_pipe vi_pipe, hi_isp_bind_attr *bind_attr);

/**
 * Binding point for hi_mpi_isp_ae_lib_reg_callback.
 * @param [in] vi_pipe (inferred)
 * @param [in] ae_lib (inferred)
 * @param [in] ae_register (inferred)
 */
hi_s32 hi_mpi_isp_ae_lib_reg_callback(hi_vi_pipe vi_pipe, const hi_isp_3a_alg_lib *ae_lib, const hi_isp_ae_register *ae_register);

/**
 * Binding point for hi_mpi_isp_awb_lib_reg_callback.
 * @param [in] vi_pipe (inferred)
 * @param [in] awb_lib (inferred)
 * @param [in] awb_register (inferred)
 */
hi_s32 hi_mpi_isp_awb_lib_reg_callback(hi_vi_pipe vi_pipe, const hi_isp_3a_alg_lib *awb_lib, const hi_isp_awb_register *awb_register);

/**
 * Binding point for hi_mpi_isp_ae_lib_unreg_callback.
 * @param [in] vi_pipe (inferred)
 * @param [in] ae_lib (inferred)
 */
hi_s32 hi_mpi_isp_ae_lib_unreg_callback(hi_vi_pipe vi_pipe, const hi_isp_3a_alg_lib *ae_lib);

/**
 * Binding point for hi_mpi_isp_awb_lib_unreg_callback.
 * @param [in] vi_pipe (inferred)
 * @param [in] awb_lib (inferred)
 */
hi_s32 hi_mpi_isp_awb_lib_unreg_callback(hi_vi_pipe vi_pipe, const hi_isp_3a_alg_lib *awb_lib);

/**
 * Binding point for hi_mpi_isp_set_ctrl_param.
 * @param [in] vi_pipe (inferred)
 * @param [in] isp_ctrl_param (inferred)
 */
hi_s32 hi_mpi_isp_set_ctrl_param(hi_vi_pipe vi_pipe, const hi_isp_ctrl_param *isp_ctrl_param);

/**
 * Binding point for hi_mpi_isp_get_ctrl_param.
 * @param [in] vi_pipe (inferred)
 * @param [out] isp_ctrl_param (inferred)
 */
hi_s32 hi_mpi_isp_get_ctrl_param(hi_vi_pipe vi_pipe, hi_isp_ctrl_param *isp_ctrl_param);

/**
 * Binding point for hi_mpi_isp_set_module_ctrl.
 * @param [in] vi_pipe (inferred)
 * @param [in] mod_ctrl (inferred)
 */
hi_s32 hi_mpi_isp_set_module_ctrl(hi_vi_pipe vi_pipe, const hi_isp_module_ctrl *mod_ctrl);

/**
 * Binding point for hi_mpi_isp_get_module_ctrl.
 * @param [in] vi_pipe (inferred)
 * @param [out] mod_ctrl (inferred)
 */
hi_s32 hi_mpi_isp_get_module_ctrl(hi_vi_pipe vi_pipe, hi_isp_module_ctrl *mod_ctrl);

/**
 * Binding point for hi_mpi_isp_set_fswdr_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] fswdr_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_fswdr_attr(hi_vi_pipe vi_pipe, const hi_isp_wdr_fs_attr *fswdr_attr);

/**
 * Binding point for hi_mpi_isp_get_fswdr_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] fswdr_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_fswdr_attr(hi_vi_pipe vi_pipe, hi_isp_wdr_fs_attr *fswdr_attr);

/**
 * Binding point for hi_mpi_isp_query_inner_state_info.
 * @param [in] vi_pipe (inferred)
 * @param [out] inner_state_info (inferred)
 */
hi_s32 hi_mpi_isp_query_inner_state_info(hi_vi_pipe vi_pipe, hi_isp_inner_state_info *inner_state_info);

/**
 * Binding point for hi_mpi_isp_get_ae_stats.
 * @param [in] vi_pipe (inferred)
 * @param [out] ae_stat (inferred)
 */
hi_s32 hi_mpi_isp_get_ae_stats(hi_vi_pipe vi_pipe, hi_isp_ae_stats *ae_stat);

/**
 * Binding point for hi_mpi_isp_get_mg_stats.
 * @param [in] vi_pipe (inferred)
 * @param [out] mg_stat (inferred)
 */
hi_s32 hi_mpi_isp_get_mg_stats(hi_vi_pipe vi_pipe, hi_isp_mg_stats *mg_stat);

/**
 * Binding point for hi_mpi_isp_get_wb_stats.
 * @param [in] vi_pipe (inferred)
 * @param [out] wb_stat (inferred)
 */
hi_s32 hi_mpi_isp_get_wb_stats(hi_vi_pipe vi_pipe, hi_isp_wb_stats *wb_stat);

/**
 * Binding point for hi_mpi_isp_set_stats_cfg.
 * @param [in] vi_pipe (inferred)
 * @param [in] stat_cfg (inferred)
 */
hi_s32 hi_mpi_isp_set_stats_cfg(hi_vi_pipe vi_pipe, const hi_isp_stats_cfg *stat_cfg);

/**
 * Binding point for hi_mpi_isp_get_stats_cfg.
 * @param [in] vi_pipe (inferred)
 * @param [out] stat_cfg (inferred)
 */
hi_s32 hi_mpi_isp_get_stats_cfg(hi_vi_pipe vi_pipe, hi_isp_stats_cfg *stat_cfg);

/**
 * Binding point for hi_mpi_isp_set_drc_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] drc (inferred)
 */
hi_s32 hi_mpi_isp_set_drc_attr(hi_vi_pipe vi_pipe, const hi_isp_drc_attr *drc);

/**
 * Binding point for hi_mpi_isp_get_drc_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] drc (inferred)
 */
hi_s32 hi_mpi_isp_get_drc_attr(hi_vi_pipe vi_pipe, hi_isp_drc_attr *drc);

/**
 * Binding point for hi_mpi_isp_set_dehaze_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] dehaze_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_dehaze_attr(hi_vi_pipe vi_pipe, const hi_isp_dehaze_attr *dehaze_attr);

/**
 * Binding point for hi_mpi_isp_get_dehaze_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] dehaze_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_dehaze_attr(hi_vi_pipe vi_pipe, hi_isp_dehaze_attr *dehaze_attr);

/**
 * Binding point for hi_mpi_isp_set_ldci_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] ldci_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_ldci_attr(hi_vi_pipe vi_pipe, const hi_isp_ldci_attr *ldci_attr);

/**
 * Binding point for hi_mpi_isp_get_ldci_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] ldci_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_ldci_attr(hi_vi_pipe vi_pipe, hi_isp_ldci_attr *ldci_attr);

/**
 * Binding point for hi_mpi_isp_set_sns_slave_attr.
 * @param [in] slave_dev (inferred)
 * @param [in] sns_sync (inferred)
 */
hi_s32 hi_mpi_isp_set_sns_slave_attr(hi_slave_dev slave_dev, const hi_isp_slave_sns_sync *sns_sync);

/**
 * Binding point for hi_mpi_isp_get_sns_slave_attr.
 * @param [in] slave_dev (inferred)
 * @param [out] sns_sync (inferred)
 */
hi_s32 hi_mpi_isp_get_sns_slave_attr(hi_slave_dev slave_dev, hi_isp_slave_sns_sync *sns_sync);

/**
 * Binding point for hi_mpi_isp_set_dp_calibrate.
 * @param [in] vi_pipe (inferred)
 * @param [in] dp_calibrate (inferred)
 */
hi_s32 hi_mpi_isp_set_dp_calibrate(hi_vi_pipe vi_pipe, const hi_isp_dp_static_calibrate *dp_calibrate);

/**
 * Binding point for hi_mpi_isp_get_dp_calibrate.
 * @param [in] vi_pipe (inferred)
 * @param [out] dp_calibrate (inferred)
 */
hi_s32 hi_mpi_isp_get_dp_calibrate(hi_vi_pipe vi_pipe, hi_isp_dp_static_calibrate *dp_calibrate);

/**
 * Binding point for hi_mpi_isp_set_dp_static_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] dp_static_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_dp_static_attr(hi_vi_pipe vi_pipe, const hi_isp_dp_static_attr *dp_static_attr);

/**
 * Binding point for hi_mpi_isp_get_dp_static_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] dp_static_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_dp_static_attr(hi_vi_pipe vi_pipe, hi_isp_dp_static_attr *dp_static_attr);

/**
 * Binding point for hi_mpi_isp_set_dp_dynamic_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] dp_dynamic_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_dp_dynamic_attr(hi_vi_pipe vi_pipe, const hi_isp_dp_dynamic_attr *dp_dynamic_attr);

/**
 * Binding point for hi_mpi_isp_get_dp_dynamic_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] dp_dynamic_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_dp_dynamic_attr(hi_vi_pipe vi_pipe, hi_isp_dp_dynamic_attr *dp_dynamic_attr);

/**
 * Binding point for hi_mpi_isp_set_mesh_shading_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] shading_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_mesh_shading_attr(hi_vi_pipe vi_pipe, const hi_isp_shading_attr *shading_attr);

/**
 * Binding point for hi_mpi_isp_get_mesh_shading_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] shading_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_mesh_shading_attr(hi_vi_pipe vi_pipe, hi_isp_shading_attr *shading_attr);

/**
 * Binding point for hi_mpi_isp_set_mesh_shading_gain_lut_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] shading_lut_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_mesh_shading_gain_lut_attr(hi_vi_pipe vi_pipe, const hi_isp_shading_lut_attr *shading_lut_attr);

/**
 * Binding point for hi_mpi_isp_get_mesh_shading_gain_lut_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] shading_lut_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_mesh_shading_gain_lut_attr(hi_vi_pipe vi_pipe, hi_isp_shading_lut_attr *shading_lut_attr);

/**
 * Binding point for hi_mpi_isp_set_auto_color_shading_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] acs_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_auto_color_shading_attr(hi_vi_pipe vi_pipe, const hi_isp_acs_attr *acs_attr);

/**
 * Binding point for hi_mpi_isp_get_auto_color_shading_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] acs_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_auto_color_shading_attr(hi_vi_pipe vi_pipe, hi_isp_acs_attr *acs_attr);

/**
 * Binding point for hi_mpi_isp_set_nr_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] nr_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_nr_attr(hi_vi_pipe vi_pipe, const hi_isp_nr_attr *nr_attr);

/**
 * Binding point for hi_mpi_isp_get_nr_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] nr_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_nr_attr(hi_vi_pipe vi_pipe, hi_isp_nr_attr *nr_attr);

/**
 * Binding point for hi_mpi_isp_set_color_tone_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] ct_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_color_tone_attr(hi_vi_pipe vi_pipe, const hi_isp_color_tone_attr *ct_attr);

/**
 * Binding point for hi_mpi_isp_get_color_tone_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] ct_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_color_tone_attr(hi_vi_pipe vi_pipe, hi_isp_color_tone_attr *ct_attr);

/**
 * Binding point for hi_mpi_isp_set_gamma_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] gamma_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_gamma_attr(hi_vi_pipe vi_pipe, const hi_isp_gamma_attr *gamma_attr);

/**
 * Binding point for hi_mpi_isp_get_gamma_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] gamma_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_gamma_attr(hi_vi_pipe vi_pipe, hi_isp_gamma_attr *gamma_attr);

/**
 * Binding point for hi_mpi_isp_set_pregamma_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] pregamma_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_pregamma_attr(hi_vi_pipe vi_pipe, const hi_isp_pregamma_attr *pregamma_attr);

/**
 * Binding point for hi_mpi_isp_get_pregamma_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] pregamma_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_pregamma_attr(hi_vi_pipe vi_pipe, hi_isp_pregamma_attr *pregamma_attr);

/**
 * Binding point for hi_mpi_isp_set_local_cac_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] local_cac_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_local_cac_attr(hi_vi_pipe vi_pipe, const hi_isp_local_cac_attr *local_cac_attr);

/**
 * Binding point for hi_mpi_isp_get_local_cac_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] local_cac_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_local_cac_attr(hi_vi_pipe vi_pipe, hi_isp_local_cac_attr *local_cac_attr);

/**
 * Binding point for hi_mpi_isp_set_global_cac_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] global_cac_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_global_cac_attr(hi_vi_pipe vi_pipe, const hi_isp_global_cac_attr *global_cac_attr);

/**
 * Binding point for hi_mpi_isp_get_global_cac_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] global_cac_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_global_cac_attr(hi_vi_pipe vi_pipe, hi_isp_global_cac_attr *global_cac_attr);

/**
 * Binding point for hi_mpi_isp_set_sharpen_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] shp_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_sharpen_attr(hi_vi_pipe vi_pipe, const hi_isp_sharpen_attr *shp_attr);

/**
 * Binding point for hi_mpi_isp_get_sharpen_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] shp_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_sharpen_attr(hi_vi_pipe vi_pipe, hi_isp_sharpen_attr *shp_attr);

/**
 * Binding point for hi_mpi_isp_set_edge_mark_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] edge_mark_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_edge_mark_attr(hi_vi_pipe vi_pipe, const hi_isp_edge_mark_attr *edge_mark_attr);

/**
 * Binding point for hi_mpi_isp_get_edge_mark_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] edge_mark_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_edge_mark_attr(hi_vi_pipe vi_pipe, hi_isp_edge_mark_attr *edge_mark_attr);

/**
 * Binding point for hi_mpi_isp_set_hlc_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] hlc_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_hlc_attr(hi_vi_pipe vi_pipe, const hi_isp_hlc_attr *hlc_attr);

/**
 * Binding point for hi_mpi_isp_get_hlc_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] hlc_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_hlc_attr(hi_vi_pipe vi_pipe, hi_isp_hlc_attr *hlc_attr);

/**
 * Binding point for hi_mpi_isp_set_crosstalk_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] cr_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_crosstalk_attr(hi_vi_pipe vi_pipe, const hi_isp_cr_attr *cr_attr);

/**
 * Binding point for hi_mpi_isp_get_crosstalk_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] cr_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_crosstalk_attr(hi_vi_pipe vi_pipe, hi_isp_cr_attr *cr_attr);

/**
 * Binding point for hi_mpi_isp_set_ca_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] ca_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_ca_attr(hi_vi_pipe vi_pipe, const hi_isp_ca_attr *ca_attr);

/**
 * Binding point for hi_mpi_isp_get_ca_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] ca_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_ca_attr(hi_vi_pipe vi_pipe, hi_isp_ca_attr *ca_attr);

/**
 * Binding point for hi_mpi_isp_set_anti_false_color_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] anti_false_color (inferred)
 */
hi_s32 hi_mpi_isp_set_anti_false_color_attr(hi_vi_pipe vi_pipe, const hi_isp_anti_false_color_attr *anti_false_color);

/**
 * Binding point for hi_mpi_isp_get_anti_false_color_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] anti_false_color (inferred)
 */
hi_s32 hi_mpi_isp_get_anti_false_color_attr(hi_vi_pipe vi_pipe, hi_isp_anti_false_color_attr *anti_false_color);

/**
 * Binding point for hi_mpi_isp_set_demosaic_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] demosaic_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_demosaic_attr(hi_vi_pipe vi_pipe, const hi_isp_demosaic_attr *demosaic_attr);

/**
 * Binding point for hi_mpi_isp_get_demosaic_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] demosaic_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_demosaic_attr(hi_vi_pipe vi_pipe, hi_isp_demosaic_attr *demosaic_attr);

/**
 * Binding point for hi_mpi_isp_set_black_level_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] black_level (inferred)
 */
hi_s32 hi_mpi_isp_set_black_level_attr(hi_vi_pipe vi_pipe, const hi_isp_black_level_attr *black_level);

/**
 * Binding point for hi_mpi_isp_get_black_level_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] black_level (inferred)
 */
hi_s32 hi_mpi_isp_get_black_level_attr(hi_vi_pipe vi_pipe, hi_isp_black_level_attr *black_level);

/**
 * Binding point for hi_mpi_isp_set_clut_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] clut_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_clut_attr(hi_vi_pipe vi_pipe, const hi_isp_clut_attr *clut_attr);

/**
 * Binding point for hi_mpi_isp_get_clut_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] clut_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_clut_attr(hi_vi_pipe vi_pipe, hi_isp_clut_attr *clut_attr);

/**
 * Binding point for hi_mpi_isp_set_clut_coeff.
 * @param [in] vi_pipe (inferred)
 * @param [in] clut_lut (inferred)
 */
hi_s32 hi_mpi_isp_set_clut_coeff(hi_vi_pipe vi_pipe, const hi_isp_clut_lut *clut_lut);

/**
 * Binding point for hi_mpi_isp_get_clut_coeff.
 * @param [in] vi_pipe (inferred)
 * @param [out] clut_lut (inferred)
 */
hi_s32 hi_mpi_isp_get_clut_coeff(hi_vi_pipe vi_pipe, hi_isp_clut_lut *clut_lut);

/**
 * Binding point for hi_mpi_isp_set_csc_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] csc_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_csc_attr(hi_vi_pipe vi_pipe, const hi_isp_csc_attr *csc_attr);

/**
 * Binding point for hi_mpi_isp_get_csc_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] csc_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_csc_attr(hi_vi_pipe vi_pipe, hi_isp_csc_attr *csc_attr);

/**
 * Binding point for hi_mpi_isp_fpn_calibrate.
 * @param [in] vi_pipe (inferred)
 * @param [in,out] calibrate_attr (inferred)
 */
hi_s32 hi_mpi_isp_fpn_calibrate(hi_vi_pipe vi_pipe, hi_isp_fpn_calibrate_attr *calibrate_attr);

/**
 * Binding point for hi_mpi_isp_set_fpn_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] fpn_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_fpn_attr(hi_vi_pipe vi_pipe, const hi_isp_fpn_attr *fpn_attr);

/**
 * Binding point for hi_mpi_isp_get_fpn_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] fpn_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_fpn_attr(hi_vi_pipe vi_pipe, hi_isp_fpn_attr *fpn_attr);

/**
 * Binding point for hi_mpi_isp_calc_flicker_type.
 * @param [in] vi_pipe (inferred)
 * @param [in] input_param (inferred)
 * @param [out] output_param (inferred)
 * @param [in] frame (inferred)
 * @param [in] array_size (inferred)
 */
hi_s32 hi_mpi_isp_calc_flicker_type(hi_vi_pipe vi_pipe, hi_isp_calc_flicker_input *input_param, hi_isp_calc_flicker_output *output_param, hi_video_frame_info frame[], hi_u32 array_size);

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_MPI_ISP_H_ */
