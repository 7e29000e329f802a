/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_MPI_AE_H_
#define ACL_MEDIA_HI_MPI_AE_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_type.h"
#include "hi_common_3a.h"
#include "hi_common_ae.h"
#include "hi_common_isp.h"
#include "hi_common_sns.h"
#include "hi_common_vi.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Binding point for hi_mpi_ae_register.
 * @param [in] vi_pipe (inferred)
 * @param [in] ae_lib (inferred)
 */
hi_s32 hi_mpi_ae_register(hi_vi_pipe vi_pipe, hi_isp_3a_alg_lib *ae_lib);

/**
 * Binding point for hi_mpi_ae_unregister.
 * @param [in] vi_pipe (inferred)
 * @param [in] ae_lib (inferred)
 */
hi_s32 hi_mpi_ae_unregister(hi_vi_pipe vi_pipe, hi_isp_3a_alg_lib *ae_lib);

/**
 * Binding point for hi_mpi_ae_sensor_reg_callback.
 * @param [in] vi_pipe (inferred)
 * @param [in] ae_lib (inferred)
 * @param [in] sns_attr_info (inferred)
 * @param [in] pregister (inferred)
 */
hi_s32 hi_mpi_ae_sensor_reg_callback(hi_vi_pipe vi_pipe, hi_isp_3a_alg_lib *ae_lib, const hi_isp_sns_attr_info *sns_attr_info, const hi_isp_ae_sensor_register *pregister);

/**
 * Binding point for hi_mpi_ae_sensor_unreg_callback.
 * @param [in] vi_pipe (inferred)
 * @param [in] ae_lib (inferred)
 * @param [in] sensor_id (inferred)
 */
hi_s32 hi_mpi_ae_sensor_unreg_callback(hi_vi_pipe vi_pipe, hi_isp_3a_alg_lib *ae_lib, hi_sensor_id sensor_id);

/**
 * Binding point for hi_mpi_isp_set_exposure_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] exp_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_exposure_attr(hi_vi_pipe vi_pipe, const hi_isp_exposure_attr *exp_attr);

/**
 * Binding point for hi_mpi_isp_get_exposure_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] exp_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_exposure_attr(hi_vi_pipe vi_pipe, hi_isp_exposure_attr *exp_attr);

/**
 * Binding point for hi_mpi_isp_set_wdr_exposure_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] wdr_exp_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_wdr_exposure_attr(hi_vi_pipe vi_pipe, const hi_isp_wdr_exposure_attr *wdr_exp_attr);

/**
 * Binding point for hi_mpi_isp_get_wdr_exposure_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] wdr_exp_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_wdr_exposure_attr(hi_vi_pipe vi_pipe, hi_isp_wdr_exposure_attr *wdr_exp_attr);

/**
 * Binding point for hi_mpi_isp_set_ae_route_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] ae_route_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_ae_route_attr(hi_vi_pipe vi_pipe, const hi_isp_ae_route *ae_route_attr);

/**
 * Binding point for hi_mpi_isp_get_ae_route_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] ae_route_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_ae_route_attr(hi_vi_pipe vi_pipe, hi_isp_ae_route *ae_route_attr);

/**
 * Binding point for hi_mpi_isp_set_ae_route_sf_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] ae_route_sf_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_ae_route_sf_attr(hi_vi_pipe vi_pipe, const hi_isp_ae_route *ae_route_sf_attr);

/**
 * Binding point for hi_mpi_isp_get_ae_route_sf_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] ae_route_sf_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_ae_route_sf_attr(hi_vi_pipe vi_pipe, hi_isp_ae_route *ae_route_sf_attr);

/**
 * Binding point for hi_mpi_isp_query_exposure_info.
 * @param [in] vi_pipe (inferred)
 * @param [out] exp_info (inferred)
 */
hi_s32 hi_mpi_isp_query_exposure_info(hi_vi_pipe vi_pipe, hi_isp_exp_info *exp_info);

/**
 * Binding point for hi_mpi_isp_set_iris_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] iris_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_iris_attr(hi_vi_pipe vi_pipe, const hi_isp_iris_attr *iris_attr);

/**
 * Binding point for hi_mpi_isp_get_iris_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] iris_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_iris_attr(hi_vi_pipe vi_pipe, hi_isp_iris_attr *iris_attr);

/**
 * Binding point for hi_mpi_isp_set_dciris_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] dciris_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_dciris_attr(hi_vi_pipe vi_pipe, const hi_isp_dciris_attr *dciris_attr);

/**
 * Binding point for hi_mpi_isp_get_dciris_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] dciris_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_dciris_attr(hi_vi_pipe vi_pipe, hi_isp_dciris_attr *dciris_attr);

/**
 * Binding point for hi_mpi_isp_set_piris_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] piris_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_piris_attr(hi_vi_pipe vi_pipe, const hi_isp_piris_attr *piris_attr);

/**
 * Binding point for hi_mpi_isp_get_piris_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] piris_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_piris_attr(hi_vi_pipe vi_pipe, hi_isp_piris_attr *piris_attr);

/**
 * Binding point for hi_mpi_isp_set_ae_route_attr_ex.
 * @param [in] vi_pipe (inferred)
 * @param [in] ae_route_attr_ex (inferred)
 */
hi_s32 hi_mpi_isp_set_ae_route_attr_ex(hi_vi_pipe vi_pipe, const hi_isp_ae_route_ex *ae_route_attr_ex);

/**
 * Binding point for hi_mpi_isp_get_ae_route_attr_ex.
 * @param [in] vi_pipe (inferred)
 * @param [out] ae_route_attr_ex (inferred)
 */
hi_s32 hi_mpi_isp_get_ae_route_attr_ex(hi_vi_pipe vi_pipe, hi_isp_ae_route_ex *ae_route_attr_ex);

/**
 * Binding point for hi_mpi_isp_set_ae_route_sf_attr_ex.
 * @param [in] vi_pipe (inferred)
 * @param [in] ae_route_sf_attr_ex (inferred)
 */
hi_s32 hi_mpi_isp_set_ae_route_sf_attr_ex(hi_vi_pipe vi_pipe, const hi_isp_ae_route_ex *ae_route_sf_attr_ex);

/**
 * Binding point for hi_mpi_isp_get_ae_route_sf_attr_ex.
 * @param [in] vi_pipe (inferred)
 * @param [out] ae_route_sf_attr_ex (inferred)
 */
hi_s32 hi_mpi_isp_get_ae_route_sf_attr_ex(hi_vi_pipe vi_pipe, hi_isp_ae_route_ex *ae_route_sf_attr_ex);

/**
 * Binding point for hi_mpi_isp_set_exp_convert.
 * @param [in] vi_pipe (inferred)
 * @param [in] conv_param (inferred)
 */
hi_s32 hi_mpi_isp_set_exp_convert(hi_vi_pipe vi_pipe, hi_isp_exp_conv_param *conv_param);

/**
 * Binding point for hi_mpi_isp_get_exp_convert.
 * @param [in] vi_pipe (inferred)
 * @param [out] conv_param (inferred)
 */
hi_s32 hi_mpi_isp_get_exp_convert(hi_vi_pipe vi_pipe, hi_isp_exp_conv_param *conv_param);

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_MPI_AE_H_ */
