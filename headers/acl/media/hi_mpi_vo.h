/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_MPI_VO_H_
#define ACL_MEDIA_HI_MPI_VO_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_common.h"
#include "hi_media_type.h"
#include "hi_common_vo.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Binding point for hi_mpi_vo_set_pub_attr.
 * @param [in] dev (inferred)
 * @param [in] pub_attr (inferred)
 */
hi_s32 hi_mpi_vo_set_pub_attr(hi_vo_dev dev, const hi_vo_pub_attr *pub_attr);

/**
 * Binding point for hi_mpi_vo_enable.
 * @param [in] dev (inferred)
 */
hi_s32 hi_mpi_vo_enable(hi_vo_dev dev);

/**
 * Binding point for hi_mpi_vo_disable.
 * @param [in] dev (inferred)
 */
hi_s32 hi_mpi_vo_disable(hi_vo_dev dev);

/**
 * Binding point for hi_mpi_vo_set_video_layer_attr.
 * @param [in] layer (inferred)
 * @param [in] layer_attr (inferred)
 */
hi_s32 hi_mpi_vo_set_video_layer_attr(hi_vo_layer layer, const hi_vo_video_layer_attr *layer_attr);

/**
 * Binding point for hi_mpi_vo_get_video_layer_attr.
 * @param [in] layer (inferred)
 * @param [out] layer_attr (inferred)
 */
hi_s32 hi_mpi_vo_get_video_layer_attr(hi_vo_layer layer, hi_vo_video_layer_attr *layer_attr);

/**
 * Binding point for hi_mpi_vo_enable_video_layer.
 * @param [in] layer (inferred)
 */
hi_s32 hi_mpi_vo_enable_video_layer(hi_vo_layer layer);

/**
 * Binding point for hi_mpi_vo_disable_video_layer.
 * @param [in] layer (inferred)
 */
hi_s32 hi_mpi_vo_disable_video_layer(hi_vo_layer layer);

/**
 * Binding point for hi_mpi_vo_enable_chn.
 * @param [in] layer (inferred)
 * @param [in] chn (inferred)
 */
hi_s32 hi_mpi_vo_enable_chn(hi_vo_layer layer, hi_vo_chn chn);

/**
 * Binding point for hi_mpi_vo_disable_chn.
 * @param [in] layer (inferred)
 * @param [in] chn (inferred)
 */
hi_s32 hi_mpi_vo_disable_chn(hi_vo_layer layer, hi_vo_chn chn);

/**
 * Binding point for hi_mpi_vo_set_chn_attr.
 * @param [in] layer (inferred)
 * @param [in] chn (inferred)
 * @param [in] chn_attr (inferred)
 */
hi_s32 hi_mpi_vo_set_chn_attr(hi_vo_layer layer, hi_vo_chn chn, const hi_vo_chn_attr *chn_attr);

/**
 * Binding point for hi_mpi_vo_set_chn_param.
 * @param [in] layer (inferred)
 * @param [in] chn (inferred)
 * @param [in] chn_param (inferred)
 */
hi_s32 hi_mpi_vo_set_chn_param(hi_vo_layer layer, hi_vo_chn chn, const hi_vo_chn_param *chn_param);

/**
 * Binding point for hi_mpi_vo_send_frame.
 * @param [in] layer (inferred)
 * @param [in] chn (inferred)
 * @param [in] frame_info (inferred)
 * @param [in] milli_sec (inferred)
 */
hi_s32 hi_mpi_vo_send_frame(hi_vo_layer layer, hi_vo_chn chn, const hi_video_frame_info *frame_info, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vo_pause_chn.
 * @param [in] layer (inferred)
 * @param [in] chn (inferred)
 */
hi_s32 hi_mpi_vo_pause_chn(int layer, int chn);

/**
 * Binding point for hi_mpi_vo_resume_chn.
 * @param [in] layer (inferred)
 * @param [in] chn (inferred)
 */
hi_s32 hi_mpi_vo_resume_chn(int layer, int chn);

/**
 * Binding point for hi_mpi_vo_create_pool.
 * @param [in] size (inferred)
 */
hi_s32 hi_mpi_vo_create_pool(const hi_u64 size);

/**
 * Binding point for hi_mpi_vo_handle_to_phys_addr.
 * @param [in] handle (inferred)
 */
hi_u64 hi_mpi_vo_handle_to_phys_addr(hi_s32 handle);

/**
 * Binding point for hi_mpi_vo_destroy_pool.
 * @param [in] handle (inferred)
 */
hi_s32 hi_mpi_vo_destroy_pool(hi_s32 handle);

/**
 * Binding point for hi_mpi_vo_hide_chn.
 * @param [in] layer (inferred)
 * @param [in] chn (inferred)
 */
hi_s32 hi_mpi_vo_hide_chn(hi_vo_layer layer, hi_vo_chn chn);

/**
 * Binding point for hi_mpi_vo_show_chn.
 * @param [in] layer (inferred)
 * @param [in] chn (inferred)
 */
hi_s32 hi_mpi_vo_show_chn(hi_vo_layer layer, hi_vo_chn chn);

/**
 * Binding point for hi_mpi_vo_set_chn_frame_rate.
 * @param [in] layer (inferred)
 * @param [in] chn (inferred)
 * @param [in] frame_rate (inferred)
 */
hi_s32 hi_mpi_vo_set_chn_frame_rate(hi_vo_layer layer, hi_vo_layer chn, hi_s32 frame_rate);

/**
 * Binding point for hi_mpi_vo_bind_layer.
 * @param [in] layer (inferred)
 * @param [in] dev (inferred)
 */
hi_s32 hi_mpi_vo_bind_layer(hi_vo_layer layer, hi_vo_dev dev);

/**
 * Binding point for hi_mpi_vo_unbind_layer.
 * @param [in] layer (inferred)
 * @param [in] dev (inferred)
 */
hi_s32 hi_mpi_vo_unbind_layer(hi_vo_layer layer, hi_vo_dev dev);

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_MPI_VO_H_ */
