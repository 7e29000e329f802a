/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_MPI_TDE_H_
#define ACL_MEDIA_HI_MPI_TDE_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_type.h"
#include "hi_base_tde.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Binding point for hi_tde_open.
 */
hi_s32 hi_tde_open(void);

/**
 * Binding point for hi_tde_close.
 */
hi_void hi_tde_close(void);

/**
 * Binding point for hi_tde_begin_job.
 */
hi_s32 hi_tde_begin_job(void);

/**
 * Binding point for hi_tde_end_job.
 * @param [in] handle (inferred)
 * @param [in] is_sync (inferred)
 * @param [in] is_block (inferred)
 * @param [in] time_out (inferred)
 */
hi_s32 hi_tde_end_job(hi_s32 handle, hi_bool is_sync, hi_bool is_block, hi_u32 time_out);

/**
 * Binding point for hi_tde_cancel_job.
 * @param [in] handle (inferred)
 */
hi_s32 hi_tde_cancel_job(hi_s32 handle);

/**
 * Binding point for hi_tde_wait_for_done.
 * @param [in] handle (inferred)
 */
hi_s32 hi_tde_wait_for_done(hi_s32 handle);

/**
 * Binding point for hi_tde_wait_all_done.
 */
hi_s32 hi_tde_wait_all_done(void);

/**
 * Binding point for hi_tde_quick_fill.
 * @param [in] handle (inferred)
 * @param [in] none_src (inferred)
 * @param [in] fill_data (inferred)
 */
hi_s32 hi_tde_quick_fill(hi_s32 handle, const hi_tde_none_src *none_src, hi_u32 fill_data);

/**
 * Binding point for hi_tde_quick_copy.
 * @param [in] handle (inferred)
 * @param [in] single_src (inferred)
 */
hi_s32 hi_tde_quick_copy(hi_s32 handle, const hi_tde_single_src *single_src);

/**
 * Binding point for hi_tde_pattern_fill.
 * @param [in] handle (inferred)
 * @param [in] double_src (inferred)
 * @param [in] fill_opt (inferred)
 */
hi_s32 hi_tde_pattern_fill(hi_s32 handle, const hi_tde_double_src *double_src, const hi_tde_pattern_fill_opt *fill_opt);

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_MPI_TDE_H_ */
