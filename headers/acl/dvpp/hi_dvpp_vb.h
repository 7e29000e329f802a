/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_DVPP_HI_DVPP_VB_H_
#define ACL_DVPP_HI_DVPP_VB_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_type.h"

#define HI_MAX_MMZ_NAME_LEN 32
#define HI_VB_INVALID_HANDLE (-1)
#define HI_VB_INVALID_POOLID (-1)

#ifdef __cplusplus
extern "C" {
#endif

typedef hi_u32 hi_vb_pool;

typedef hi_u32 hi_vb_blk;

typedef hi_u64 hi_phys_addr_t;

typedef enum hiVB_REMAP_MODE_E {
    VB_REMAP_MODE_NONE = 0,
    VB_REMAP_MODE_NOCACHE = 1,
    VB_REMAP_MODE_CACHED = 2,
} hi_vb_remap_mode;

typedef struct {
    hi_u64 blk_size;
    hi_u32 blk_cnt;
    hi_vb_remap_mode remap_mode;
    hi_char mmz_name[HI_MAX_MMZ_NAME_LEN];
} hi_vb_pool_config;

typedef enum {
    HI_VB_SRC_COMMON = 0,
    HI_VB_SRC_MOD = 1,
    HI_VB_SRC_PRIVATE = 2,
    HI_VB_SRC_USER = 3,
    HI_VB_SRC_BUTT = 4,
} hi_vb_src;

/**
 * Binding point for hi_mpi_vb_create_pool.
 * @param [in] vb_pool_cfg (inferred)
 */
hi_vb_pool hi_mpi_vb_create_pool(const hi_vb_pool_config *vb_pool_cfg);

/**
 * Binding point for hi_mpi_vb_destroy_pool.
 * @param [in] pool (inferred)
 */
hi_s32 hi_mpi_vb_destroy_pool(hi_vb_pool pool);

/**
 * Binding point for hi_mpi_vb_get_block.
 * @param [in] pool (inferred)
 * @param [in] blk_size (inferred)
 * @param [in] mmz_name (inferred)
 */
hi_vb_blk hi_mpi_vb_get_block(hi_vb_pool pool, hi_u64 blk_size, const hi_char *mmz_name);

/**
 * Binding point for hi_mpi_vb_release_block.
 * @param [in] vb_blk (inferred)
 */
hi_s32 hi_mpi_vb_release_block(hi_vb_blk vb_blk);

/**
 * Binding point for hi_mpi_vb_handle_to_addr.
 * @param [in] vb_blk (inferred)
 */
hi_void *hi_mpi_vb_handle_to_addr(hi_vb_blk vb_blk);

/**
 * Binding point for hi_mpi_vb_block_copyref.
 * @param [in] vb_blk (inferred)
 */
hi_s32 hi_mpi_vb_block_copyref(hi_vb_blk vb_blk);

#ifdef __cplusplus
}
#endif

#endif /* ACL_DVPP_HI_DVPP_VB_H_ */
