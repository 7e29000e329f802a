/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_DVPP_HI_REGION_H_
#define ACL_DVPP_HI_REGION_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_common.h"
#include "hi_media_type.h"

#define HI_ERR_RGN_BAD_ADDR 2684583953U
#define HI_ERR_RGN_BUF_EMPTY 2684583950U
#define HI_ERR_RGN_BUF_FULL 2684583951U
#define HI_ERR_RGN_BUSY 2684583954U
#define HI_ERR_RGN_EXIST 2684583940U
#define HI_ERR_RGN_ILLEGAL_PARAM 2684583939U
#define HI_ERR_RGN_INVALID_CHN_ID 2684583938U
#define HI_ERR_RGN_INVALID_DEV_ID 2684583937U
#define HI_ERR_RGN_NOT_CFG 2684583943U
#define HI_ERR_RGN_NOT_PERM 2684583945U
#define HI_ERR_RGN_NOT_READY 2684583952U
#define HI_ERR_RGN_NOT_SUPPORT 2684583944U
#define HI_ERR_RGN_NO_BUF 2684583949U
#define HI_ERR_RGN_NO_MEM 2684583948U
#define HI_ERR_RGN_NULL_PTR 2684583942U
#define HI_ERR_RGN_UNEXIST 2684583941U
#define HI_RGN_CLUT_NUM 16
#define HI_RGN_HANDLE_MAX 1024

#ifdef __cplusplus
extern "C" {
#endif

typedef hi_u32 hi_rgn_handle;

typedef hi_u64 hi_phys_addr_t;

typedef enum {
    HI_RGN_OVERLAY = 0,
    HI_RGN_COVER = 1,
    HI_RGN_OVERLAYEX = 2,
    HI_RGN_COVEREX = 3,
    HI_RGN_LINE = 4,
    HI_RGN_MOSAIC = 5,
    HI_RGN_MOSAICEX = 6,
    HI_RGN_CORNER_RECTEX = 7,
} hi_rgn_type;

typedef struct {
    hi_pixel_format pixel_format;
    hi_u32 bg_color;
    hi_size size;
    hi_u32 canvas_num;
    hi_u32 clut[HI_RGN_CLUT_NUM];
} hi_rgn_overlayex_attr;

typedef struct {
    hi_point point;
    hi_u32 fg_alpha;
    hi_u32 bg_alpha;
    hi_u32 layer;
} hi_rgn_overlayex_chn_attr;

typedef struct {
    hi_cover cover;
    hi_u32 layer;
    hi_coord coord;
} hi_rgn_cover_chn_attr;

typedef struct {
    hi_rect rect;
    hi_blk_size blk_size;
    hi_u32 layer;
} hi_rgn_mosaic_chn_attr;

typedef union {
    hi_rgn_overlayex_attr overlayex;
} hi_rgn_type_attr;

typedef union {
    hi_rgn_cover_chn_attr cover_chn;
    hi_rgn_overlayex_chn_attr overlayex_chn;
    hi_rgn_mosaic_chn_attr mosaic_chn;
} hi_rgn_type_chn_attr;

typedef struct {
    hi_rgn_type type;
    hi_rgn_type_attr attr;
} hi_rgn_attr;

typedef struct {
    hi_bool is_show;
    hi_rgn_type type;
    hi_rgn_type_chn_attr attr;
} hi_rgn_chn_attr;

typedef struct {
    hi_phys_addr_t phys_addr;
    hi_size size;
    hi_u32 stride;
    hi_pixel_format pixel_format;
    hi_void *virt_addr __attribute__((aligned(8)));
} hi_rgn_canvas_info;

/**
 * Binding point for hi_mpi_rgn_create.
 * @param [in] handle
 * @param [in] rgn_attr
 */
hi_s32 hi_mpi_rgn_create(hi_rgn_handle handle, const hi_rgn_attr *rgn_attr);

/**
 * Binding point for hi_mpi_rgn_destroy.
 * @param [in] handle
 */
hi_s32 hi_mpi_rgn_destroy(hi_rgn_handle handle);

/**
 * Binding point for hi_mpi_rgn_attach_to_chn.
 * @param [in] handle
 * @param [in] chn
 * @param [in] chn_attr
 */
hi_s32 hi_mpi_rgn_attach_to_chn(hi_rgn_handle handle, const hi_mpp_chn *chn, const hi_rgn_chn_attr *chn_attr);

/**
 * Binding point for hi_mpi_rgn_detach_from_chn.
 * @param [in] handle
 * @param [in] chn
 */
hi_s32 hi_mpi_rgn_detach_from_chn(hi_rgn_handle handle, const hi_mpp_chn *chn);

/**
 * Binding point for hi_mpi_rgn_set_display_attr.
 * @param [in] handle
 * @param [in] chn
 * @param [in] chn_attr
 */
hi_s32 hi_mpi_rgn_set_display_attr(hi_rgn_handle handle, const hi_mpp_chn *chn, const hi_rgn_chn_attr *chn_attr);

/**
 * Binding point for hi_mpi_rgn_get_display_attr.
 * @param [in] handle
 * @param [in] chn
 * @param [out] chn_attr
 */
hi_s32 hi_mpi_rgn_get_display_attr(hi_rgn_handle handle, const hi_mpp_chn *chn, hi_rgn_chn_attr *chn_attr);

/**
 * Binding point for hi_mpi_rgn_get_canvas_info.
 * @param [in] handle
 * @param [out] canvas_info
 */
hi_s32 hi_mpi_rgn_get_canvas_info(hi_rgn_handle handle, hi_rgn_canvas_info *canvas_info);

/**
 * Binding point for hi_mpi_rgn_update_canvas.
 * @param [in] handle
 */
hi_s32 hi_mpi_rgn_update_canvas(hi_rgn_handle handle);

#ifdef __cplusplus
}
#endif

#endif /* ACL_DVPP_HI_REGION_H_ */
