/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_MPI_VPSS_H_
#define ACL_MEDIA_HI_MPI_VPSS_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_common.h"
#include "hi_media_type.h"
#include "hi_common_gdc.h"
#include "hi_common_vpss.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Binding point for hi_mpi_vpss_create_grp.
 * @param [in] grp (inferred)
 * @param [in] grp_attr (inferred)
 */
hi_s32 hi_mpi_vpss_create_grp(hi_vpss_grp grp, const hi_vpss_grp_attr *grp_attr);

/**
 * Binding point for hi_mpi_vpss_destroy_grp.
 * @param [in] grp (inferred)
 */
hi_s32 hi_mpi_vpss_destroy_grp(hi_vpss_grp grp);

/**
 * Binding point for hi_mpi_vpss_start_grp.
 * @param [in] grp (inferred)
 */
hi_s32 hi_mpi_vpss_start_grp(hi_vpss_grp grp);

/**
 * Binding point for hi_mpi_vpss_stop_grp.
 * @param [in] grp (inferred)
 */
hi_s32 hi_mpi_vpss_stop_grp(hi_vpss_grp grp);

/**
 * Binding point for hi_mpi_vpss_set_grp_crop.
 * @param [in] grp (inferred)
 * @param [in] crop_info (inferred)
 */
hi_s32 hi_mpi_vpss_set_grp_crop(hi_vpss_grp grp, const hi_vpss_crop_info *crop_info);

/**
 * Binding point for hi_mpi_vpss_get_grp_crop.
 * @param [in] grp (inferred)
 * @param [out] crop_info (inferred)
 */
hi_s32 hi_mpi_vpss_get_grp_crop(hi_vpss_grp grp, hi_vpss_crop_info *crop_info);

/**
 * Binding point for hi_mpi_vpss_set_grp_fisheye_cfg.
 * @param [in] grp (inferred)
 * @param [in] fisheye_cfg (inferred)
 */
hi_s32 hi_mpi_vpss_set_grp_fisheye_cfg(hi_vpss_grp grp, const hi_fisheye_cfg *fisheye_cfg);

/**
 * Binding point for hi_mpi_vpss_get_grp_fisheye_cfg.
 * @param [in] grp (inferred)
 * @param [out] fisheye_cfg (inferred)
 */
hi_s32 hi_mpi_vpss_get_grp_fisheye_cfg(hi_vpss_grp grp, hi_fisheye_cfg *fisheye_cfg);

/**
 * Binding point for hi_mpi_vpss_set_chn_attr.
 * @param [in] grp (inferred)
 * @param [in] chn (inferred)
 * @param [in] chn_attr (inferred)
 */
hi_s32 hi_mpi_vpss_set_chn_attr(hi_vpss_grp grp, hi_vpss_chn chn, const hi_vpss_chn_attr *chn_attr);

/**
 * Binding point for hi_mpi_vpss_get_chn_attr.
 * @param [in] grp (inferred)
 * @param [in] chn (inferred)
 * @param [out] chn_attr (inferred)
 */
hi_s32 hi_mpi_vpss_get_chn_attr(hi_vpss_grp grp, hi_vpss_chn chn, hi_vpss_chn_attr *chn_attr);

/**
 * Binding point for hi_mpi_vpss_enable_chn.
 * @param [in] grp (inferred)
 * @param [in] chn (inferred)
 */
hi_s32 hi_mpi_vpss_enable_chn(hi_vpss_grp grp, hi_vpss_chn chn);

/**
 * Binding point for hi_mpi_vpss_disable_chn.
 * @param [in] grp (inferred)
 * @param [in] chn (inferred)
 */
hi_s32 hi_mpi_vpss_disable_chn(hi_vpss_grp grp, hi_vpss_chn chn);

/**
 * Binding point for hi_mpi_vpss_get_chn_frame.
 * @param [in] grp (inferred)
 * @param [in] chn (inferred)
 * @param [out] frame_info (inferred)
 * @param [in] milli_sec (inferred)
 */
hi_s32 hi_mpi_vpss_get_chn_frame(hi_vpss_grp grp, hi_vpss_chn chn, hi_video_frame_info *frame_info, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpss_release_chn_frame.
 * @param [in] grp (inferred)
 * @param [in] chn (inferred)
 * @param [in] frame_info (inferred)
 */
hi_s32 hi_mpi_vpss_release_chn_frame(hi_vpss_grp grp, hi_vpss_chn chn, const hi_video_frame_info *frame_info);

/**
 * Binding point for hi_mpi_vpss_set_grp_param.
 * @param [in] grp (inferred)
 * @param [in] grp_param (inferred)
 */
hi_s32 hi_mpi_vpss_set_grp_param(hi_vpss_grp grp, const hi_vpss_grp_param *grp_param);

/**
 * Binding point for hi_mpi_vpss_get_grp_param.
 * @param [in] grp (inferred)
 * @param [out] grp_param (inferred)
 */
hi_s32 hi_mpi_vpss_get_grp_param(hi_vpss_grp grp, hi_vpss_grp_param *grp_param);

/**
 * Binding point for hi_mpi_vpss_set_chn_fisheye.
 * @param [in] grp (inferred)
 * @param [in] chn (inferred)
 * @param [in] correction_attr (inferred)
 */
hi_s32 hi_mpi_vpss_set_chn_fisheye(hi_vpss_grp grp, hi_vpss_chn chn, const hi_fisheye_correction_attr *correction_attr);

/**
 * Binding point for hi_mpi_vpss_get_chn_fisheye.
 * @param [in] grp (inferred)
 * @param [in] chn (inferred)
 * @param [out] correction_attr (inferred)
 */
hi_s32 hi_mpi_vpss_get_chn_fisheye(hi_vpss_grp grp, hi_vpss_chn chn, hi_fisheye_correction_attr *correction_attr);

/**
 * Binding point for hi_mpi_vpss_get_chn_fd.
 * @param [in] grp (inferred)
 * @param [in] chn (inferred)
 */
hi_s32 hi_mpi_vpss_get_chn_fd(hi_vpss_grp grp, hi_vpss_chn chn);

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_MPI_VPSS_H_ */
