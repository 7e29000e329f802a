/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_DVPP_HI_DVPP_VPC_H_
#define ACL_DVPP_HI_DVPP_VPC_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_common.h"
#include "hi_media_type.h"

#define HI_ERR_VPC_BAD_ADDR 2684846097U
#define HI_ERR_VPC_BUF_EMPTY 2684846094U
#define HI_ERR_VPC_BUF_FULL 2684846095U
#define HI_ERR_VPC_BUSY 2684846098U
#define HI_ERR_VPC_EXIST 2684846084U
#define HI_ERR_VPC_ILLEGAL_PARAM 2684846083U
#define HI_ERR_VPC_INVALID_CHN_ID 2684846082U
#define HI_ERR_VPC_NOT_CFG 2684846087U
#define HI_ERR_VPC_NOT_PERM 2684846089U
#define HI_ERR_VPC_NOT_SUPPORT 2684846088U
#define HI_ERR_VPC_NO_BUF 2684846093U
#define HI_ERR_VPC_NO_MEM 2684846092U
#define HI_ERR_VPC_NULL_PTR 2684846086U
#define HI_ERR_VPC_SYS_ERROR 2684846101U
#define HI_ERR_VPC_SYS_NOT_READY 2684846096U
#define HI_ERR_VPC_UNEXIST 2684846085U
#define VPC_MAX_CHN_NUM 512

#ifdef __cplusplus
extern "C" {
#endif

typedef hi_s32 hi_vpc_chn;

typedef enum {
    HI_BORDER_CONSTANT = 0,
    HI_BORDER_REPLICATE = 1,
    HI_BORDER_REFLECT = 2,
    HI_BORDER_REFLECT_101 = 3,
    HI_BORDER_WRAP = 4,
} hi_vpc_bord_type;

typedef struct {
    hi_double val[4];
} hi_vpc_scalar;

typedef struct {
    hi_u32 top;
    hi_u32 bottom;
    hi_u32 left;
    hi_u32 right;
    hi_vpc_bord_type border_type;
    hi_vpc_scalar scalar_value;
} hi_vpc_make_border_info;

typedef struct {
    hi_void *picture_address;
    hi_u32 picture_buffer_size;
    hi_u32 picture_width;
    hi_u32 picture_height;
    hi_u32 picture_width_stride;
    hi_u32 picture_height_stride;
    hi_pixel_format picture_format;
} hi_vpc_pic_info;

typedef struct {
    hi_u32 top_offset;
    hi_u32 left_offset;
    hi_u32 crop_width;
    hi_u32 crop_height;
} hi_vpc_crop_region;

typedef struct {
    hi_vpc_pic_info dest_pic_info;
    hi_vpc_crop_region crop_region;
} hi_vpc_crop_region_info;

typedef struct {
    hi_u32 resize_width;
    hi_u32 resize_height;
    hi_u32 interpolation;
} hi_vpc_resize_info;

typedef struct {
    hi_vpc_pic_info dest_pic_info;
    hi_vpc_crop_region crop_region;
    hi_vpc_resize_info resize_info;
} hi_vpc_crop_resize_region;

typedef struct {
    hi_vpc_pic_info dest_pic_info;
    hi_vpc_crop_region crop_region;
    hi_vpc_resize_info resize_info;
    hi_u32 dest_top_offset;
    hi_u32 dest_left_offset;
} hi_vpc_crop_resize_paste_region;

typedef struct {
    hi_vpc_pic_info dest_pic_info;
    hi_vpc_crop_region crop_region;
    hi_vpc_resize_info resize_info;
    hi_u32 dest_top_offset;
    hi_u32 dest_left_offset;
    hi_vpc_bord_type border_type;
    hi_vpc_scalar scalar_value;
} hi_vpc_crop_resize_border_region;

typedef struct {
    hi_vpc_pic_info dest_pic_info;
    hi_vpc_crop_region crop_region;
    hi_vpc_resize_info resize_info1;
    hi_vpc_resize_info resize_info2;
    hi_u32 dest_top_offset;
    hi_u32 dest_left_offset;
    hi_u32 reserved[2];
} hi_vpc_crop_resize_resize_paste_region;

typedef enum {
    HI_VPC_CHN_PRIORITY = 0,
    HI_VPC_CHN_TASK_OVERTIME = 1,
} hi_opt_attr_type;

typedef struct {
    hi_opt_attr_type attr_type;
    hi_u32 len;
    hi_void *value;
} hi_opt_attr;

typedef struct {
    hi_s32 attr;
    hi_u32 pic_width;
    hi_u32 pic_height;
} hi_vpc_chn_attr;

typedef struct {
    hi_u32 histogram_y_or_r[256];
    hi_u32 histogram_u_or_g[256];
    hi_u32 histogram_v_or_b[256];
} hi_vpc_histogram_config;

typedef struct {
    hi_u8 map_value_y_or_r[256];
    hi_u8 map_value_u_or_g[256];
    hi_u8 map_value_v_or_b[256];
} hi_vpc_lut_remap;

typedef struct {
    hi_u32 alpha;
    hi_u32 attr[4];
} hi_csc_conf;

typedef struct {
    hi_u32 kernel_size;
} hi_median_blur_config;

typedef struct {
    hi_vpc_pic_info src;
    hi_vpc_pic_info dst;
    hi_median_blur_config median_blur_cfg;
} hi_median_blur_param;

typedef enum {
    MORPH_RECT = 0,
    MORPH_CROSS = 1,
    MORPH_ELLIPSE = 2,
    MORPH_MAX = 100,
} hi_morph_shapes;

typedef struct {
    hi_size kernel_size;
    hi_morph_shapes morph_shapes;
    hi_point anchor;
    hi_u32 iterations;
    hi_vpc_bord_type border_type;
    hi_vpc_scalar scalar_value;
} hi_blur_config;

typedef struct {
    hi_vpc_pic_info src;
    hi_vpc_pic_info dst;
    hi_blur_config blur_cfg;
} hi_blur_param;

typedef struct {
    hi_size kernel_size;
    hi_double sigma_x;
    hi_double sigma_y;
    hi_vpc_bord_type border_type;
    hi_vpc_scalar scalar_value;
    hi_u32 reserved[2];
} hi_gaussian_blur_config;

typedef struct {
    hi_vpc_pic_info src;
    hi_vpc_pic_info dst;
    hi_gaussian_blur_config gaussian_blur_cfg;
} hi_gaussian_blur_param;

typedef struct {
    hi_double filter[5][5];
    hi_size kernel_size;
    hi_point anchor;
    hi_double delta;
    hi_vpc_bord_type border_type;
    hi_vpc_scalar scalar_value;
    hi_u32 reserved[2];
} hi_filter_2d_config;

typedef struct {
    hi_vpc_pic_info src;
    hi_vpc_pic_info dst;
    hi_filter_2d_config filter_2d_cfg;
} hi_filter_2d_param;

typedef struct {
    hi_u32 pic1_index;
    hi_u32 pic2_index;
    hi_float weight1;
    hi_float weight2;
    hi_float offset1_x;
    hi_float offset1_y;
    hi_float offset2_x;
    hi_float offset2_y;
} hi_stiching_ipm_table;

typedef struct {
    hi_u32 src_pic_width;
    hi_u32 src_pic_height;
    hi_u32 dest_pic_width;
    hi_u32 dest_pic_height;
    union {
        hi_u32 ipm_table_len;
        hi_u32 lut_table_len;
    };
    union {
        hi_stiching_ipm_table *ipm_table_address;
        void *lut_table_address;
    };
} hi_stiching_ipm_param;

typedef enum {
    OVERLAP_HISTOGRAM = 0,
    GLOBAL_HISTOGRAM = 1,
} hi_stitching_histogram_type;

typedef enum {
    GAIN_NONE = 0,
    GAIN_LUT = 1,
} hi_stitching_gain_type;

typedef struct {
    hi_stitching_histogram_type hist_type;
    hi_stitching_gain_type gain_type;
    hi_void *user_data;
    hi_s32 (*calulate_gain_callback)(hi_void *, hi_void *, hi_u32, hi_void *, hi_u32);
} hi_stitching_gain_param;

typedef struct {
    hi_stiching_ipm_param imp_conf;
    hi_stitching_gain_param gain_conf;
    hi_u32 reserved[7];
    hi_u32 stitch_table_type;
} hi_roundview_stitching_param;

typedef struct {
    hi_vpc_pic_info *dest_pic;
    hi_u32 count;
    hi_vpc_pic_info *source_pic;
} hi_roundview_stitching_pic_param;

typedef struct {
    hi_u32 pic_index;
    hi_u32 overlap_pic_index;
    hi_vpc_histogram_config histogram_info;
} hi_stitching_histogram_param;

typedef enum {
    HI_ROTATION_90 = 0,
    HI_ROTATION_180 = 1,
    HI_ROTATION_270 = 2,
} hi_rotation;

typedef struct {
    hi_vpc_pic_info src;
    hi_vpc_pic_info dst;
    hi_rotation angle;
} hi_rotate_param;

typedef struct {
    hi_vpc_pic_info src;
    hi_vpc_pic_info dst;
    hi_u32 count;
    hi_mosaic *mosaic;
} hi_mosaic_param;

typedef struct {
    hi_vpc_pic_info src;
    hi_vpc_pic_info dst;
    hi_u32 count;
    hi_cover *cover;
} hi_cover_param;

typedef struct {
    hi_point start_point;
    hi_point end_point;
    hi_u32 thick;
    hi_u32 color;
} hi_line;

typedef struct {
    hi_vpc_pic_info src;
    hi_vpc_pic_info dst;
    hi_u32 count;
    hi_line *line;
} hi_line_param;

typedef enum {
    HI_OSD_INVERTED_COLOR_NONE = 0,
    HI_OSD_INVERTED_COLOR_RGB = 1,
    HI_OSD_INVERTED_COLOR_ALPHA = 2,
    HI_OSD_INVERTED_COLOR_ALL = 3,
} hi_osd_inverted_color;

typedef struct {
    hi_rect rect;
    hi_pixel_format pixel_format;
    hi_void *picture_address;
    hi_u32 stride;
    hi_u32 bg_alpha;
    hi_u32 fg_alpha;
    hi_osd_inverted_color osd_inverted_color;
} hi_osd;

typedef struct {
    hi_vpc_pic_info src;
    hi_vpc_pic_info dst;
    hi_u32 count;
    hi_osd *osd;
    hi_u32 clut[16];
} hi_osd_param;

typedef struct {
    hi_float x;
    hi_float y;
} hi_float_point;

typedef struct {
    hi_float_point src_point[4];
    hi_u32 src_point_count;
    hi_float_point dest_point[4];
    hi_u32 dest_point_count;
} hi_point_pair_info;

typedef struct {
    hi_u32 interpolation;
    hi_vpc_bord_type border_type;
    hi_vpc_scalar scalar_value;
} hi_transform_config;

typedef struct {
    hi_vpc_pic_info src;
    hi_vpc_pic_info dst;
    hi_transform_config transform_config;
} hi_warp_transform_param;

typedef enum {
    REMAP = 0,
    AFFINE = 1,
} hi_workspace_func;

typedef enum {
    HI_MATRIX_2_PLUS_3 = 0,
    HI_MATRIX_3_PLUS_3 = 1,
    HI_MATRIX_3_PLUS_4 = 2,
} hi_matrix_type;

typedef struct {
    hi_matrix_type matrix_type;
    hi_float matrix[3][4];
} hi_transform_matrix;

typedef struct {
    hi_workspace_func func;
    hi_u32 max_source_pic_width;
    hi_u32 max_source_pic_height;
    hi_u32 max_dest_pic_width;
    hi_u32 max_dest_pic_height;
    hi_u64 reserved;
} hi_vpc_workspace_param;

typedef struct {
    hi_void *map1;
    hi_void *map2;
    hi_u32 map_size;
    hi_u32 src_pic_width;
    hi_u32 src_pic_height;
    hi_u32 dest_pic_width;
    hi_u32 dest_pic_height;
    hi_u64 reserved;
} hi_map_param;

typedef struct {
    hi_u32 src_pic_width;
    hi_u32 src_pic_height;
    hi_u32 dest_pic_width;
    hi_u32 dest_pic_height;
    hi_void *lut;
    hi_u32 lut_size;
    hi_u64 reserved;
} hi_remap_lut;

typedef enum {
    HI_FLIP_HOR = 0,
    HI_FLIP_VER = 1,
    HI_FLIP_BOTH = 2,
} hi_flip_mode;

typedef struct {
    hi_vpc_pic_info src;
    hi_vpc_pic_info dst;
    hi_flip_mode flip_mode;
} hi_flip_param;

/**
 * Binding point for hi_mpi_vpc_median_blur.
 * @param [in] chn
 * @param [in] median_blur_param
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_median_blur(hi_vpc_chn chn, const hi_median_blur_param *median_blur_param, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_set_chn_opt_attr.
 * @param [in] chn
 * @param [in] opt_attr
 */
hi_s32 hi_mpi_vpc_set_chn_opt_attr(hi_vpc_chn chn, const hi_opt_attr *opt_attr);

/**
 * Binding point for hi_mpi_vpc_erode.
 * @param [in] chn
 * @param [in] erode_param
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_erode(hi_vpc_chn chn, const hi_blur_param *erode_param, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_dilate.
 * @param [in] chn
 * @param [in] dilate_param
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_dilate(hi_vpc_chn chn, const hi_blur_param *dilate_param, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_blur.
 * @param [in] chn
 * @param [in] blur_param
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_blur(hi_vpc_chn chn, const hi_blur_param *blur_param, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_gaussian_blur.
 * @param [in] chn
 * @param [in] gaussian_blur_param
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_gaussian_blur(hi_vpc_chn chn, const hi_gaussian_blur_param *gaussian_blur_param, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_filter2d.
 * @param [in] chn
 * @param [in] filter_2d_param
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_filter2d(hi_vpc_chn chn, const hi_filter_2d_param *filter_2d_param, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_rotate.
 * @param [in] chn
 * @param [in] rotate_param
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_rotate(hi_vpc_chn chn, const hi_rotate_param *rotate_param, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_draw_mosaic.
 * @param [in] chn
 * @param [in] mosaic_param
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_draw_mosaic(hi_vpc_chn chn, const hi_mosaic_param *mosaic_param, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_draw_cover.
 * @param [in] chn
 * @param [in] cover_param
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_draw_cover(hi_vpc_chn chn, const hi_cover_param *cover_param, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_draw_line.
 * @param [in] chn
 * @param [in] line_param
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_draw_line(hi_vpc_chn chn, const hi_line_param *line_param, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_draw_osd.
 * @param [in] chn
 * @param [in] osd_param
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_draw_osd(hi_vpc_chn chn, hi_osd_param *osd_param, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_create_chn.
 * @param [in] chn
 * @param [in] attr
 */
hi_s32 hi_mpi_vpc_create_chn(hi_vpc_chn chn, const hi_vpc_chn_attr *attr);

/**
 * Binding point for hi_mpi_vpc_sys_create_chn.
 * @param [out] chnl
 * @param [in] attr
 */
hi_s32 hi_mpi_vpc_sys_create_chn(hi_vpc_chn *chnl, const hi_vpc_chn_attr *attr);

/**
 * Binding point for hi_mpi_vpc_destroy_chn.
 * @param [in] chn
 */
hi_s32 hi_mpi_vpc_destroy_chn(hi_vpc_chn chn);

/**
 * Binding point for hi_mpi_vpc_crop.
 * @param [in] chn
 * @param [in] source_pic
 * @param [in] crop_info
 * @param [in] count
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_crop(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic, hi_vpc_crop_region_info crop_info[], hi_u32 count, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_resize.
 * @param [in] chn
 * @param [in] source_pic
 * @param [in] dest_pic
 * @param [in] fx
 * @param [in] fy
 * @param [in] interpolation
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_resize(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic, hi_vpc_pic_info *dest_pic, hi_double fx, hi_double fy, hi_u32 interpolation, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_crop_resize.
 * @param [in] chn
 * @param [in] source_pic
 * @param [in] crop_resize_info
 * @param [in] count
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_crop_resize(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic, hi_vpc_crop_resize_region crop_resize_info[], hi_u32 count, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_crop_resize_paste.
 * @param [in] chn
 * @param [in] source_pic
 * @param [in] crop_resize_paste_info
 * @param [in] count
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_crop_resize_paste(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic, hi_vpc_crop_resize_paste_region crop_resize_paste_info[], hi_u32 count, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_batch_crop_resize_paste.
 * @param [in] chn
 * @param [in] source_pic
 * @param [in] pic_num
 * @param [in] crop_resize_paste_info
 * @param [in] count
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_batch_crop_resize_paste(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic[], hi_u32 pic_num, hi_vpc_crop_resize_paste_region crop_resize_paste_info[], hi_u32 count[], hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_crop_resize_make_border.
 * @param [in] chn
 * @param [in] source_pic
 * @param [in] crop_resize_make_border_info
 * @param [in] count
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_crop_resize_make_border(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic, hi_vpc_crop_resize_border_region crop_resize_make_border_info[], hi_u32 count, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_batch_crop_resize_make_border.
 * @param [in] chn
 * @param [in] source_pic
 * @param [in] pic_num
 * @param [in] crop_resize_make_border_info
 * @param [in] count
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_batch_crop_resize_make_border(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic[], hi_u32 pic_num, hi_vpc_crop_resize_border_region crop_resize_make_border_info[], hi_u32 count[], hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_convert_color.
 * @param [in] chn
 * @param [in] source_pic
 * @param [in] dest_pic
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_convert_color(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic, hi_vpc_pic_info *dest_pic, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_crop_resize_resize_paste.
 * @param [in] chn
 * @param [in] source_pic
 * @param [in] crop_resize_resize_paste_info
 * @param [in] count
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_crop_resize_resize_paste(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic, hi_vpc_crop_resize_resize_paste_region crop_resize_resize_paste_info[], hi_u32 count, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_convert_color_to_yuv420.
 * @param [in] chn
 * @param [in] source_pic
 * @param [in] dest_pic
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_convert_color_to_yuv420(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic, hi_vpc_pic_info *dest_pic, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_convert_color_v2.
 * @param [in] chn
 * @param [in] source_pic
 * @param [in] dest_pic
 * @param [in] conf
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_convert_color_v2(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic, hi_vpc_pic_info *dest_pic, hi_csc_conf *conf, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_copy_make_border.
 * @param [in] chn
 * @param [in] source_pic
 * @param [in] dest_pic
 * @param [in] make_border_info
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_copy_make_border(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic, hi_vpc_pic_info *dest_pic, hi_vpc_make_border_info make_border_info, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_pyrdown.
 * @param [in] chn
 * @param [in] source_pic
 * @param [in] dest_pic
 * @param [in] filter_level (inferred)
 * @param [in] gaussian_filter
 * @param [in] divisor (inferred)
 * @param [in] make_border_info
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_pyrdown(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic, hi_vpc_pic_info dest_pic[], hi_u32 filter_level, hi_s8 gaussian_filter[][5], hi_u16 divisor, hi_vpc_make_border_info make_border_info, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_calc_hist.
 * @param [in] chn
 * @param [in] source_pic
 * @param [out] hist_config
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_calc_hist(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic, hi_vpc_histogram_config *hist_config, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_equalize_hist.
 * @param [in] chn
 * @param [in] source_pic
 * @param [in] dest_pic
 * @param [in] lut_remap
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_equalize_hist(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic, hi_vpc_pic_info *dest_pic, const hi_vpc_lut_remap *lut_remap, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_get_process_result.
 * @param [in] chn
 * @param [in] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_get_process_result(hi_vpc_chn chn, hi_u32 task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_set_roundview_stitching_param.
 * @param [in] chn
 * @param [in] stitch_param
 */
hi_s32 hi_mpi_vpc_set_roundview_stitching_param(hi_vpc_chn chn, const hi_roundview_stitching_param *stitch_param);

/**
 * Binding point for hi_mpi_vpc_get_roundview_stitching_param.
 * @param [in] chn
 * @param [out] stitch_param
 */
hi_s32 hi_mpi_vpc_get_roundview_stitching_param(hi_vpc_chn chn, hi_roundview_stitching_param *stitch_param);

/**
 * Binding point for hi_mpi_vpc_roundview_stitching.
 * @param [in] chn
 * @param [in] roundview_stitching_pic_param
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_roundview_stitching(hi_vpc_chn chn, hi_roundview_stitching_pic_param *roundview_stitching_pic_param, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_set_chn_workspace.
 * @param [in] chn
 * @param [in] workspace_param
 * @param [in] param_cnt
 */
hi_s32 hi_mpi_vpc_set_chn_workspace(hi_vpc_chn chn, hi_vpc_workspace_param *workspace_param, hi_u32 param_cnt);

/**
 * Binding point for hi_mpi_vpc_get_lut_mem_size.
 * @param [in] width
 * @param [in] height
 * @param [out] lut_size
 */
hi_s32 hi_mpi_vpc_get_lut_mem_size(hi_u32 width, hi_u32 height, hi_u32 *lut_size);

/**
 * Binding point for hi_mpi_vpc_get_affine_transform.
 * @param [in] point_pair_info
 * @param [out] matrix
 */
hi_s32 hi_mpi_vpc_get_affine_transform(hi_point_pair_info *point_pair_info, hi_transform_matrix *matrix);

/**
 * Binding point for hi_mpi_vpc_get_rotation_matrix.
 * @param [in] center_point
 * @param [in] angle
 * @param [in] scale
 * @param [out] matrix
 */
hi_s32 hi_mpi_vpc_get_rotation_matrix(hi_float_point center_point, hi_double angle, hi_double scale, hi_transform_matrix *matrix);

/**
 * Binding point for hi_mpi_vpc_warp_affine.
 * @param [in] chn
 * @param [in] matrix
 * @param [in] transform_param
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_warp_affine(hi_vpc_chn chn, hi_transform_matrix *matrix, hi_warp_transform_param *transform_param, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_get_affine_lut.
 * @param [in] point_pair_info
 * @param [in] interpolation
 * @param [out] remap_lut
 */
hi_s32 hi_mpi_vpc_get_affine_lut(hi_point_pair_info *point_pair_info, hi_u32 interpolation, hi_remap_lut *remap_lut);

/**
 * Binding point for hi_mpi_vpc_get_perspective_lut.
 * @param [in] point_pair_info
 * @param [in] interpolation
 * @param [out] remap_lut
 */
hi_s32 hi_mpi_vpc_get_perspective_lut(hi_point_pair_info *point_pair_info, hi_u32 interpolation, hi_remap_lut *remap_lut);

/**
 * Binding point for hi_mpi_vpc_get_remap_lut.
 * @param [in] map_param
 * @param [out] remap_lut
 */
hi_s32 hi_mpi_vpc_get_remap_lut(hi_map_param *map_param, hi_remap_lut *remap_lut);

/**
 * Binding point for hi_mpi_vpc_lut_remap.
 * @param [in] chn
 * @param [in] transform_param
 * @param [in] remap_lut
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_lut_remap(hi_vpc_chn chn, hi_warp_transform_param *transform_param, hi_remap_lut *remap_lut, hi_u32 *task_id, hi_s32 milli_sec);

/**
 * Binding point for hi_mpi_vpc_flip.
 * @param [in] chn
 * @param [in] flip_param
 * @param [out] task_id
 * @param [in] milli_sec
 */
hi_s32 hi_mpi_vpc_flip(hi_vpc_chn chn, hi_flip_param *flip_param, hi_u32 *task_id, hi_s32 milli_sec);

#ifdef __cplusplus
}
#endif

#endif /* ACL_DVPP_HI_DVPP_VPC_H_ */
