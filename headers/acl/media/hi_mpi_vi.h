/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_MPI_VI_H_
#define ACL_MEDIA_HI_MPI_VI_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_common.h"
#include "hi_media_type.h"
#include "hi_common_dis.h"
#include "hi_common_vi.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Binding point for hi_mpi_vi_set_dev_attr.
 * @param [in] vi_dev (inferred)
 * @param [in] dev_attr (inferred)
 */
hi_s32 hi_mpi_vi_set_dev_attr(hi_vi_dev vi_dev, const hi_vi_dev_attr *dev_attr);

/**
 * Binding point for hi_mpi_vi_get_dev_attr.
 * @param [in] vi_dev (inferred)
 * @param [out] dev_attr (inferred)
 */
hi_s32 hi_mpi_vi_get_dev_attr(hi_vi_dev vi_dev, hi_vi_dev_attr *dev_attr);

/**
 * Binding point for hi_mpi_vi_enable_dev.
 * @param [in] vi_dev (inferred)
 */
hi_s32 hi_mpi_vi_enable_dev(hi_vi_dev vi_dev);

/**
 * Binding point for hi_mpi_vi_disable_dev.
 * @param [in] vi_dev (inferred)
 */
hi_s32 hi_mpi_vi_disable_dev(hi_vi_dev vi_dev);

/**
 * Binding point for hi_mpi_vi_set_dev_bind_pipe.
 * @param [in] vi_dev (inferred)
 * @param [in] dev_bind_pipe (inferred)
 */
hi_s32 hi_mpi_vi_set_dev_bind_pipe(hi_vi_dev vi_dev, const hi_vi_dev_bind_pipe *dev_bind_pipe);

/**
 * Binding point for hi_mpi_vi_get_dev_bind_pipe.
 * @param [in] vi_dev (inferred)
 * @param [out] dev_bind_pipe (inferred)
 */
hi_s32 hi_mpi_vi_get_dev_bind_pipe(hi_vi_dev vi_dev, hi_vi_dev_bind_pipe *dev_bind_pipe);

/**
 * Binding point for hi_mpi_vi_destroy_pipe.
 * @param [in] vi_pipe (inferred)
 */
hi_s32 hi_mpi_vi_destroy_pipe(hi_vi_pipe vi_pipe);

/**
 * Binding point for hi_mpi_vi_create_pipe.
 * @param [in] vi_pipe (inferred)
 * @param [in] pipe_attr (inferred)
 */
hi_s32 hi_mpi_vi_create_pipe(hi_vi_pipe vi_pipe, hi_vi_pipe_attr *pipe_attr);

/**
 * Binding point for hi_mpi_vi_start_pipe.
 * @param [in] vi_pipe (inferred)
 */
hi_s32 hi_mpi_vi_start_pipe(hi_vi_pipe vi_pipe);

/**
 * Binding point for hi_mpi_vi_stop_pipe.
 * @param [in] vi_pipe (inferred)
 */
hi_s32 hi_mpi_vi_stop_pipe(hi_vi_pipe vi_pipe);

/**
 * Binding point for hi_mpi_vi_set_pipe_pre_crop.
 * @param [in] vi_pipe (inferred)
 * @param [in] crop_info (inferred)
 */
hi_s32 hi_mpi_vi_set_pipe_pre_crop(hi_vi_pipe vi_pipe, const hi_crop_info *crop_info);

/**
 * Binding point for hi_mpi_vi_get_pipe_pre_crop.
 * @param [in] vi_pipe (inferred)
 * @param [out] crop_info (inferred)
 */
hi_s32 hi_mpi_vi_get_pipe_pre_crop(hi_vi_pipe vi_pipe, hi_crop_info *crop_info);

/**
 * Binding point for hi_mpi_vi_set_pipe_pre_be_crop.
 * @param [in] vi_pipe (inferred)
 * @param [in] crop_info (inferred)
 */
hi_s32 hi_mpi_vi_set_pipe_pre_be_crop(hi_vi_pipe vi_pipe, const hi_crop_info *crop_info);

/**
 * Binding point for hi_mpi_vi_set_pipe_frame_dump_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] dump_attr (inferred)
 */
hi_s32 hi_mpi_vi_set_pipe_frame_dump_attr(hi_vi_pipe vi_pipe, const hi_vi_frame_dump_attr *dump_attr);

/**
 * Binding point for hi_mpi_vi_get_pipe_frame_dump_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] dump_attr (inferred)
 */
hi_s32 hi_mpi_vi_get_pipe_frame_dump_attr(hi_vi_pipe vi_pipe, hi_vi_frame_dump_attr *dump_attr);

/**
 * Binding point for hi_mpi_vi_set_pipe_frame_source.
 * @param [in] vi_pipe (inferred)
 * @param [in] source (inferred)
 */
hi_s32 hi_mpi_vi_set_pipe_frame_source(hi_vi_pipe vi_pipe, const hi_vi_pipe_frame_source source);

/**
 * Binding point for hi_mpi_vi_get_pipe_frame_source.
 * @param [in] vi_pipe (inferred)
 * @param [out] source (inferred)
 */
hi_s32 hi_mpi_vi_get_pipe_frame_source(hi_vi_pipe vi_pipe, hi_vi_pipe_frame_source *source);

/**
 * Binding point for hi_mpi_vi_get_pipe_frame.
 * @param [in] vi_pipe (inferred)
 * @param [out] frame_info (inferred)
 * @param [in] milli_sec (inferred)
 */
hi_s32 hi_mpi_vi_get_pipe_frame(hi_vi_pipe vi_pipe, hi_video_frame_info *frame_info, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vi_release_pipe_frame.
 * @param [in] vi_pipe (inferred)
 * @param [in] frame_info (inferred)
 */
hi_s32 hi_mpi_vi_release_pipe_frame(hi_vi_pipe vi_pipe, const hi_video_frame_info *frame_info);

/**
 * Binding point for hi_mpi_vi_send_pipe_raw.
 * @param [in] pipe_num (inferred)
 * @param [in] pipe_id (inferred)
 * @param [in] frame_info (inferred)
 * @param [in] milli_sec (inferred)
 */
hi_s32 hi_mpi_vi_send_pipe_raw(hi_u32 pipe_num, hi_vi_pipe pipe_id[], const hi_video_frame_info *frame_info[], hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vi_send_pipe_yuv.
 * @param [in] vi_pipe (inferred)
 * @param [in] frame_info (inferred)
 * @param [in] milli_sec (inferred)
 */
hi_s32 hi_mpi_vi_send_pipe_yuv(hi_vi_pipe vi_pipe, const hi_video_frame_info *frame_info, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vi_pipe_release_buffer.
 * @param [in] vi_pipe (inferred)
 * @param [in] frame_info (inferred)
 */
hi_s32 hi_mpi_vi_pipe_release_buffer(hi_vi_pipe vi_pipe, const hi_video_frame_info *frame_info);

/**
 * Binding point for hi_mpi_vi_pipe_get_buffer.
 * @param [in] vi_pipe (inferred)
 * @param [out] frame_info (inferred)
 */
hi_s32 hi_mpi_vi_pipe_get_buffer(hi_vi_pipe vi_pipe, hi_video_frame_info *frame_info);

/**
 * Binding point for hi_mpi_vi_set_pipe_vc_number.
 * @param [in] vi_pipe (inferred)
 * @param [in] vc_number (inferred)
 */
hi_s32 hi_mpi_vi_set_pipe_vc_number(hi_vi_pipe vi_pipe, hi_u32 vc_number);

/**
 * Binding point for hi_mpi_vi_get_pipe_vc_number.
 * @param [in] vi_pipe (inferred)
 * @param [out] vc_number (inferred)
 */
hi_s32 hi_mpi_vi_get_pipe_vc_number(hi_vi_pipe vi_pipe, hi_u32 *vc_number);

/**
 * Binding point for hi_mpi_vi_set_pipe_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] pipe_attr (inferred)
 */
hi_s32 hi_mpi_vi_set_pipe_attr(hi_vi_pipe vi_pipe, const hi_vi_pipe_attr *pipe_attr);

/**
 * Binding point for hi_mpi_vi_get_pipe_attr.
 * @param [in] vi_pipe (inferred)
 * @param [out] pipe_attr (inferred)
 */
hi_s32 hi_mpi_vi_get_pipe_attr(hi_vi_pipe vi_pipe, hi_vi_pipe_attr *pipe_attr);

/**
 * Binding point for hi_mpi_vi_set_chn_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] vi_chn (inferred)
 * @param [in] chn_attr (inferred)
 */
hi_s32 hi_mpi_vi_set_chn_attr(hi_vi_pipe vi_pipe, hi_vi_chn vi_chn, const hi_vi_chn_attr *chn_attr);

/**
 * Binding point for hi_mpi_vi_get_chn_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] vi_chn (inferred)
 * @param [out] chn_attr (inferred)
 */
hi_s32 hi_mpi_vi_get_chn_attr(hi_vi_pipe vi_pipe, hi_vi_chn vi_chn, hi_vi_chn_attr *chn_attr);

/**
 * Binding point for hi_mpi_vi_disable_chn.
 * @param [in] vi_pipe (inferred)
 * @param [in] vi_chn (inferred)
 */
hi_s32 hi_mpi_vi_disable_chn(hi_vi_pipe vi_pipe, hi_vi_chn vi_chn);

/**
 * Binding point for hi_mpi_vi_enable_chn.
 * @param [in] vi_pipe (inferred)
 * @param [in] vi_chn (inferred)
 */
hi_s32 hi_mpi_vi_enable_chn(hi_vi_pipe vi_pipe, hi_vi_chn vi_chn);

/**
 * Binding point for hi_mpi_vi_get_chn_frame.
 * @param [in] vi_pipe (inferred)
 * @param [in] vi_chn (inferred)
 * @param [out] frame_info (inferred)
 * @param [in] milli_sec (inferred)
 */
hi_s32 hi_mpi_vi_get_chn_frame(hi_vi_pipe vi_pipe, hi_vi_chn vi_chn, hi_video_frame_info *frame_info, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vi_release_chn_frame.
 * @param [in] vi_pipe (inferred)
 * @param [in] vi_chn (inferred)
 * @param [in] frame_info (inferred)
 */
hi_s32 hi_mpi_vi_release_chn_frame(hi_vi_pipe vi_pipe, hi_vi_chn vi_chn, const hi_video_frame_info *frame_info);

/**
 * Binding point for hi_mpi_vi_get_pipe_fd.
 * @param [in] vi_pipe (inferred)
 */
hi_s32 hi_mpi_vi_get_pipe_fd(hi_vi_pipe vi_pipe);

/**
 * Binding point for hi_mpi_vi_get_chn_fd.
 * @param [in] vi_pipe (inferred)
 * @param [in] vi_chn (inferred)
 */
hi_s32 hi_mpi_vi_get_chn_fd(hi_vi_pipe vi_pipe, hi_vi_chn vi_chn);

/**
 * Binding point for hi_mpi_vi_set_chn_ldc_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] vi_chn (inferred)
 * @param [in] ldc_attr (inferred)
 */
hi_s32 hi_mpi_vi_set_chn_ldc_attr(hi_vi_pipe vi_pipe, hi_vi_chn vi_chn, const hi_vi_ldc_attr *ldc_attr);

/**
 * Binding point for hi_mpi_vi_get_chn_ldc_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] vi_chn (inferred)
 * @param [out] ldc_attr (inferred)
 */
hi_s32 hi_mpi_vi_get_chn_ldc_attr(hi_vi_pipe vi_pipe, hi_vi_chn vi_chn, hi_vi_ldc_attr *ldc_attr);

/**
 * Binding point for hi_mpi_vi_set_chn_dis_config.
 * @param [in] vi_pipe (inferred)
 * @param [in] vi_chn (inferred)
 * @param [in] dis_config (inferred)
 */
hi_s32 hi_mpi_vi_set_chn_dis_config(hi_vi_pipe vi_pipe, hi_vi_chn vi_chn, const hi_dis_config *dis_config);

/**
 * Binding point for hi_mpi_vi_get_chn_dis_config.
 * @param [in] vi_pipe (inferred)
 * @param [in] vi_chn (inferred)
 * @param [out] dis_config (inferred)
 */
hi_s32 hi_mpi_vi_get_chn_dis_config(hi_vi_pipe vi_pipe, hi_vi_chn vi_chn, hi_dis_config *dis_config);

/**
 * Binding point for hi_mpi_vi_set_chn_dis_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] vi_chn (inferred)
 * @param [in] dis_attr (inferred)
 */
hi_s32 hi_mpi_vi_set_chn_dis_attr(hi_vi_pipe vi_pipe, hi_vi_chn vi_chn, const hi_dis_attr *dis_attr);

/**
 * Binding point for hi_mpi_vi_get_chn_dis_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] vi_chn (inferred)
 * @param [out] dis_attr (inferred)
 */
hi_s32 hi_mpi_vi_get_chn_dis_attr(hi_vi_pipe vi_pipe, hi_vi_chn vi_chn, hi_dis_attr *dis_attr);

/**
 * Binding point for hi_mpi_vi_set_chn_dis_param.
 * @param [in] vi_pipe (inferred)
 * @param [in] vi_chn (inferred)
 * @param [in] dis_param (inferred)
 */
hi_s32 hi_mpi_vi_set_chn_dis_param(hi_vi_pipe vi_pipe, hi_vi_chn vi_chn, const hi_dis_param *dis_param);

/**
 * Binding point for hi_mpi_vi_get_chn_dis_param.
 * @param [in] vi_pipe (inferred)
 * @param [in] vi_chn (inferred)
 * @param [out] dis_param (inferred)
 */
hi_s32 hi_mpi_vi_get_chn_dis_param(hi_vi_pipe vi_pipe, hi_vi_chn vi_chn, hi_dis_param *dis_param);

/**
 * Binding point for hi_mpi_vi_set_pipe_bind_strobe.
 * @param [in] vi_pipe (inferred)
 * @param [in] strobe_id (inferred)
 */
hi_s32 hi_mpi_vi_set_pipe_bind_strobe(hi_vi_pipe vi_pipe, hi_u32 strobe_id);

/**
 * Binding point for hi_mpi_vi_set_chn_low_delay_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] vi_chn (inferred)
 * @param [in] delay_info (inferred)
 */
hi_s32 hi_mpi_vi_set_chn_low_delay_attr(hi_vi_pipe vi_pipe, hi_vi_chn vi_chn, const hi_vi_low_delay_info *delay_info);

/**
 * Binding point for hi_mpi_vi_get_chn_low_delay_attr.
 * @param [in] vi_pipe (inferred)
 * @param [in] vi_chn (inferred)
 * @param [out] delay_info (inferred)
 */
hi_s32 hi_mpi_vi_get_chn_low_delay_attr(hi_vi_pipe vi_pipe, hi_vi_chn vi_chn, hi_vi_low_delay_info *delay_info);

/**
 * Binding point for hi_mpi_vi_set_vi_vpss_mode.
 * @param [in] vi_vpss_mode (inferred)
 */
hi_s32 hi_mpi_vi_set_vi_vpss_mode(const hi_vi_vpss_mode *vi_vpss_mode);

/**
 * Binding point for hi_mpi_vi_get_vi_vpss_mode.
 * @param [out] vi_vpss_mode (inferred)
 */
hi_s32 hi_mpi_vi_get_vi_vpss_mode(hi_vi_vpss_mode *vi_vpss_mode);

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_MPI_VI_H_ */
