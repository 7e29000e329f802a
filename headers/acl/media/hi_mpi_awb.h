/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_MPI_AWB_H_
#define ACL_MEDIA_HI_MPI_AWB_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_type.h"
#include "hi_common_3a.h"
#include "hi_common_awb.h"
#include "hi_common_isp.h"
#include "hi_common_sns.h"
#include "hi_common_vi.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Binding point for hi_mpi_awb_register.
 * @param [in] vi_pipe (inferred)
 * @param [in] awb_lib (inferred)
 */
hi_s32 hi_mpi_awb_register(hi_vi_pipe vi_pipe, hi_isp_3a_alg_lib *awb_lib);

/**
 * Binding point for hi_mpi_awb_unregister.
 * @param [in] vi_pipe (inferred)
 * @param [in] awb_lib (inferred)
 */
hi_s32 hi_mpi_awb_unregister(hi_vi_pipe vi_pipe, hi_isp_3a_alg_lib *awb_lib);

/**
 * Binding point for hi_mpi_awb_sensor_reg_callback.
 * @param [in] vi_pipe (inferred)
 * @param [in] awb_lib (inferred)
 * @param [in] sns_attr_info (inferred)
 * @param [in] awb_sns_register (inferred)
 */
hi_s32 hi_mpi_awb_sensor_reg_callback(hi_vi_pipe vi_pipe, hi_isp_3a_alg_lib *awb_lib, const hi_isp_sns_attr_info *sns_attr_info, const hi_isp_awb_sensor_register *awb_sns_register);

/**
 * Binding point for hi_mpi_awb_sensor_unreg_callback.
 * @param [in] vi_pipe (inferred)
 * @param [in] awb_lib (inferred)
 * @param [in] sensor_id (inferred)
 */
hi_s32 hi_mpi_awb_sensor_unreg_callback(hi_vi_pipe vi_pipe, hi_isp_3a_alg_lib *awb_lib, hi_sensor_id sensor_id);

/**
 * Binding point for hi_mpi_isp_set_wb_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] wb_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_wb_attr(hi_vi_pipe vi_pipe, const hi_isp_wb_attr *wb_attr);

/**
 * Binding point for hi_mpi_isp_get_wb_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] wb_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_wb_attr(hi_vi_pipe vi_pipe, hi_isp_wb_attr *wb_attr);

/**
 * Binding point for hi_mpi_isp_set_awb_attr_ex.
 * @param [in] vi_pipe (inferred)
 * @param [in] awb_attr_ex (inferred)
 */
hi_s32 hi_mpi_isp_set_awb_attr_ex(hi_vi_pipe vi_pipe, hi_isp_awb_attr_ex *awb_attr_ex);

/**
 * Binding point for hi_mpi_isp_get_awb_attr_ex.
 * @param [in] vi_pipe (inferred)
 * @param [out] awb_attr_ex (inferred)
 */
hi_s32 hi_mpi_isp_get_awb_attr_ex(hi_vi_pipe vi_pipe, hi_isp_awb_attr_ex *awb_attr_ex);

/**
 * Binding point for hi_mpi_isp_set_ccm_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] ccm_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_ccm_attr(hi_vi_pipe vi_pipe, const hi_isp_color_matrix_attr *ccm_attr);

/**
 * Binding point for hi_mpi_isp_get_ccm_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] ccm_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_ccm_attr(hi_vi_pipe vi_pipe, hi_isp_color_matrix_attr *ccm_attr);

/**
 * Binding point for hi_mpi_isp_set_saturation_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] sat_attr (inferred)
 */
hi_s32 hi_mpi_isp_set_saturation_attr(hi_vi_pipe vi_pipe, const hi_isp_saturation_attr *sat_attr);

/**
 * Binding point for hi_mpi_isp_get_saturation_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] sat_attr (inferred)
 */
hi_s32 hi_mpi_isp_get_saturation_attr(hi_vi_pipe vi_pipe, hi_isp_saturation_attr *sat_attr);

/**
 * Binding point for hi_mpi_isp_query_wb_info.
 * @param [in] vi_pipe (inferred)
 * @param [out] wb_info (inferred)
 */
hi_s32 hi_mpi_isp_query_wb_info(hi_vi_pipe vi_pipe, hi_isp_wb_info *wb_info);

/**
 * Binding point for hi_mpi_isp_cal_gain_by_temp.
 * @param [in] vi_pipe (inferred)
 * @param [in] wb_attr (inferred)
 * @param [in] color_temp (inferred)
 * @param [in] shift (inferred)
 * @param [in,out] awb_gain (inferred)
 */
hi_s32 hi_mpi_isp_cal_gain_by_temp(hi_vi_pipe vi_pipe, const hi_isp_wb_attr *wb_attr, hi_u16 color_temp, hi_s16 shift, hi_u16 *awb_gain);

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_MPI_AWB_H_ */
