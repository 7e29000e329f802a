/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_MPI_MOTIONFUSION_H_
#define ACL_MEDIA_HI_MPI_MOTIONFUSION_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_type.h"
#include "hi_common_motionfusion.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Binding point for hi_mpi_mfusion_set_attr.
 * @param [in] fusion_id (inferred)
 * @param [in] mfusion_attr (inferred)
 */
hi_s32 hi_mpi_mfusion_set_attr(const hi_u32 fusion_id, const hi_mfusion_attr *mfusion_attr);

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_MPI_MOTIONFUSION_H_ */
