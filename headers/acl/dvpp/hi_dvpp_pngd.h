/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_DVPP_HI_DVPP_PNGD_H_
#define ACL_DVPP_HI_DVPP_PNGD_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_common.h"
#include "hi_media_type.h"

#define HI_ERR_PNGD_BAD_ADDR 2688581649U
#define HI_ERR_PNGD_BUF_EMPTY 2688581646U
#define HI_ERR_PNGD_BUF_FULL 2688581647U
#define HI_ERR_PNGD_BUSY 2688581650U
#define HI_ERR_PNGD_EXIST 2688581636U
#define HI_ERR_PNGD_ILLEGAL_PARAM 2688581635U
#define HI_ERR_PNGD_INVALID_CHN_ID 2688581634U
#define HI_ERR_PNGD_NOT_CFG 2688581639U
#define HI_ERR_PNGD_NOT_PERM 2688581641U
#define HI_ERR_PNGD_NOT_SUPPORT 2688581640U
#define HI_ERR_PNGD_NO_BUF 2688581645U
#define HI_ERR_PNGD_NO_MEM 2688581644U
#define HI_ERR_PNGD_NULL_PTR 2688581638U
#define HI_ERR_PNGD_SYS_ERROR 2688581653U
#define HI_ERR_PNGD_SYS_NOT_READY 2688581648U
#define HI_ERR_PNGD_TIMEOUT 2688581652U
#define HI_ERR_PNGD_UNEXIST 2688581637U
#define PNGD_MAX_CHN_NUM 128

#ifdef __cplusplus
extern "C" {
#endif

typedef hi_s32 hi_pngd_chn;

typedef struct {
    hi_u32 stream_que_cnt;
    hi_u64 reserved[4];
} hi_pngd_chn_attr;

/**
 * Binding point for hi_mpi_pngd_create_chn.
 * @param [in] chn
 * @param [in] attr
 */
hi_s32 hi_mpi_pngd_create_chn(hi_pngd_chn chn, const hi_pngd_chn_attr *attr);

/**
 * Binding point for hi_mpi_pngd_destroy_chn.
 * @param [in] chn
 */
hi_s32 hi_mpi_pngd_destroy_chn(hi_pngd_chn chn);

/**
 * Binding point for hi_mpi_pngd_send_stream.
 * @param [in] chn
 * @param [in] stream
 * @param [in] png_pic_info
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_pngd_send_stream(hi_pngd_chn chn, const hi_img_stream *stream, hi_pic_info *png_pic_info, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_pngd_get_image_data.
 * @param [in] chn
 * @param [out] png_pic_info
 * @param [out] stream
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_pngd_get_image_data(hi_pngd_chn chn, hi_pic_info *png_pic_info, hi_img_stream *stream, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_png_get_image_info.
 * @param [in] png_stream (inferred)
 * @param [out] img_info
 */
hi_s32 hi_mpi_png_get_image_info(const hi_img_stream *png_stream, hi_img_info *img_info);

#ifdef __cplusplus
}
#endif

#endif /* ACL_DVPP_HI_DVPP_PNGD_H_ */
