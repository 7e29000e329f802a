/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_MPI_AUDIO_H_
#define ACL_MEDIA_HI_MPI_AUDIO_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_type.h"
#include "hi_common_adec.h"
#include "hi_common_aenc.h"
#include "hi_common_aio.h"
#include "ot_common_aio.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Binding point for hi_mpi_ai_set_pub_attr.
 * @param [in] ai_dev (inferred)
 * @param [in] attr (inferred)
 */
hi_s32 hi_mpi_ai_set_pub_attr(hi_audio_dev ai_dev, hi_aio_attr *attr);

/**
 * Binding point for hi_mpi_ai_enable.
 * @param [in] ai_dev (inferred)
 */
hi_s32 hi_mpi_ai_enable(hi_audio_dev ai_dev);

/**
 * Binding point for hi_mpi_ai_disable.
 * @param [in] ai_dev (inferred)
 */
hi_s32 hi_mpi_ai_disable(hi_audio_dev ai_dev);

/**
 * Binding point for hi_mpi_ai_enable_chn.
 * @param [in] ai_dev (inferred)
 * @param [in] ai_chn (inferred)
 */
hi_s32 hi_mpi_ai_enable_chn(hi_audio_dev ai_dev, hi_ai_chn ai_chn);

/**
 * Binding point for hi_mpi_ai_disable_chn.
 * @param [in] ai_dev (inferred)
 * @param [in] ai_chn (inferred)
 */
hi_s32 hi_mpi_ai_disable_chn(hi_audio_dev ai_dev, hi_ai_chn ai_chn);

/**
 * Binding point for hi_mpi_ai_enable_resample.
 * @param [in] ai_dev (inferred)
 * @param [in] ai_chn (inferred)
 * @param [in] out_sample_rate (inferred)
 */
hi_s32 hi_mpi_ai_enable_resample(hi_audio_dev ai_dev, hi_ai_chn ai_chn, hi_audio_sample_rate out_sample_rate);

/**
 * Binding point for hi_mpi_ai_disable_resample.
 * @param [in] ai_dev (inferred)
 * @param [in] ai_chn (inferred)
 */
hi_s32 hi_mpi_ai_disable_resample(hi_audio_dev ai_dev, hi_ai_chn ai_chn);

/**
 * Binding point for hi_mpi_ai_get_frame.
 * @param [in] ai_dev (inferred)
 * @param [in] ai_chn (inferred)
 * @param [out] frame (inferred)
 * @param [out] aec_frame (inferred)
 * @param [in] milli_sec (inferred)
 */
hi_s32 hi_mpi_ai_get_frame(hi_audio_dev ai_dev, hi_ai_chn ai_chn, hi_audio_frame *frame, hi_aec_frame *aec_frame, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_ai_release_frame.
 * @param [in] ai_dev (inferred)
 * @param [in] ai_chn (inferred)
 * @param [in] frame (inferred)
 * @param [in] aec_frame (inferred)
 */
hi_s32 hi_mpi_ai_release_frame(hi_audio_dev ai_dev, hi_ai_chn ai_chn, const hi_audio_frame *frame, const hi_aec_frame *aec_frame);

/**
 * Binding point for hi_mpi_ai_set_chn_attr.
 * @param [in] ai_dev (inferred)
 * @param [in] ai_chn (inferred)
 * @param [in] chn_attr (inferred)
 */
hi_s32 hi_mpi_ai_set_chn_attr(hi_audio_dev ai_dev, hi_ai_chn ai_chn, const hi_ai_chn_attr *chn_attr);

/**
 * Binding point for hi_mpi_ao_set_pub_attr.
 * @param [in] ao_dev (inferred)
 * @param [in] attr (inferred)
 */
hi_s32 hi_mpi_ao_set_pub_attr(hi_audio_dev ao_dev, hi_aio_attr *attr);

/**
 * Binding point for hi_mpi_ao_enable.
 * @param [in] ao_dev (inferred)
 */
hi_s32 hi_mpi_ao_enable(hi_audio_dev ao_dev);

/**
 * Binding point for hi_mpi_ao_disable.
 * @param [in] ao_dev (inferred)
 */
hi_s32 hi_mpi_ao_disable(hi_audio_dev ao_dev);

/**
 * Binding point for hi_mpi_ao_enable_chn.
 * @param [in] ao_dev (inferred)
 * @param [in] ao_chn (inferred)
 */
hi_s32 hi_mpi_ao_enable_chn(hi_audio_dev ao_dev, hi_ao_chn ao_chn);

/**
 * Binding point for hi_mpi_ao_disable_chn.
 * @param [in] ao_dev (inferred)
 * @param [in] ao_chn (inferred)
 */
hi_s32 hi_mpi_ao_disable_chn(hi_audio_dev ao_dev, hi_ao_chn ao_chn);

/**
 * Binding point for hi_mpi_ao_enable_resample.
 * @param [in] ao_dev (inferred)
 * @param [in] ao_chn (inferred)
 * @param [in] in_sample_rate (inferred)
 */
hi_s32 hi_mpi_ao_enable_resample(hi_audio_dev ao_dev, hi_ao_chn ao_chn, hi_audio_sample_rate in_sample_rate);

/**
 * Binding point for hi_mpi_ao_disable_resample.
 * @param [in] ao_dev (inferred)
 * @param [in] ao_chn (inferred)
 */
hi_s32 hi_mpi_ao_disable_resample(hi_audio_dev ao_dev, hi_ao_chn ao_chn);

/**
 * Binding point for hi_mpi_ao_send_frame.
 * @param [in] ao_dev (inferred)
 * @param [in] ao_chn (inferred)
 * @param [in] data (inferred)
 * @param [in] milli_sec (inferred)
 */
hi_s32 hi_mpi_ao_send_frame(hi_audio_dev ao_dev, hi_ao_chn ao_chn, const hi_audio_frame *data, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_ao_get_chn_delay.
 * @param [in] ao_dev (inferred)
 * @param [in] ao_chn (inferred)
 * @param [out] milli_sec (inferred)
 */
hi_s32 hi_mpi_ao_get_chn_delay(hi_audio_dev ao_dev, hi_ao_chn ao_chn, hi_u32 *milli_sec);

/**
 * Binding point for hi_mpi_aenc_create_chn.
 * @param [in] aenc_chn (inferred)
 * @param [in] attr (inferred)
 */
hi_s32 hi_mpi_aenc_create_chn(hi_aenc_chn aenc_chn, const hi_aenc_chn_attr *attr);

/**
 * Binding point for hi_mpi_aenc_destroy_chn.
 * @param [in] aenc_chn (inferred)
 */
hi_s32 hi_mpi_aenc_destroy_chn(hi_aenc_chn aenc_chn);

/**
 * Binding point for hi_mpi_aenc_get_stream.
 * @param [in] aenc_chn (inferred)
 * @param [out] stream (inferred)
 * @param [in] milli_sec (inferred)
 */
hi_s32 hi_mpi_aenc_get_stream(hi_aenc_chn aenc_chn, hi_audio_stream *stream, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_aenc_release_stream.
 * @param [in] aenc_chn (inferred)
 * @param [in] stream (inferred)
 */
hi_s32 hi_mpi_aenc_release_stream(hi_aenc_chn aenc_chn, const hi_audio_stream *stream);

/**
 * Binding point for hi_mpi_adec_create_chn.
 * @param [in] adec_chn (inferred)
 * @param [in] attr (inferred)
 */
hi_s32 hi_mpi_adec_create_chn(hi_adec_chn adec_chn, const hi_adec_chn_attr *attr);

/**
 * Binding point for hi_mpi_adec_destroy_chn.
 * @param [in] adec_chn (inferred)
 */
hi_s32 hi_mpi_adec_destroy_chn(hi_adec_chn adec_chn);

/**
 * Binding point for hi_mpi_adec_send_stream.
 * @param [in] adec_chn (inferred)
 * @param [in] stream (inferred)
 * @param [in] block (inferred)
 */
hi_s32 hi_mpi_adec_send_stream(hi_adec_chn adec_chn, const hi_audio_stream *stream, hi_bool block);

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_MPI_AUDIO_H_ */
