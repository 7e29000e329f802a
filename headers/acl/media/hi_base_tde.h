/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_BASE_TDE_H_
#define ACL_MEDIA_HI_BASE_TDE_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_type.h"
#include "hi_common_tde.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    hi_u64 phys_addr;
    hi_u32 phys_len;
    hi_tde_color_format color_format;
    hi_u32 height;
    hi_u32 width;
    hi_u32 stride;
    hi_bool is_ycbcr_clut;
    hi_bool alpha_max_is_255;
    hi_bool support_alpha_ex_1555;
    hi_u8 alpha0;
    hi_u8 alpha1;
    hi_u64 cbcr_phys_addr;
    hi_u32 cbcr_phys_len;
    hi_u32 cbcr_stride;
    hi_u64 clut_phys_addr;
    hi_u32 clut_phys_len;
} hi_tde_surface;

typedef struct {
    hi_s32 pos_x;
    hi_s32 pos_y;
    hi_u32 width;
    hi_u32 height;
} hi_tde_rect;

typedef struct {
    hi_tde_surface *dst_surface;
    hi_tde_rect *dst_rect;
} hi_tde_none_src;

typedef struct {
    hi_tde_surface *src_surface;
    hi_tde_surface *dst_surface;
    hi_tde_rect *src_rect;
    hi_tde_rect *dst_rect;
} hi_tde_single_src;

typedef struct {
    hi_tde_surface *bg_surface;
    hi_tde_surface *fg_surface;
    hi_tde_surface *dst_surface;
    hi_tde_rect *bg_rect;
    hi_tde_rect *fg_rect;
    hi_tde_rect *dst_rect;
} hi_tde_double_src;

typedef struct {
    hi_tde_color_format color_format;
    hi_u32 color_value;
} hi_tde_fill_color;

typedef struct {
    hi_u8 min_component;
    hi_u8 max_component;
    hi_u8 is_component_out;
    hi_u8 is_component_ignore;
    hi_u8 component_mask;
    hi_u8 component_reserved;
    hi_u8 component_reserved1;
    hi_u8 component_reserved2;
} hi_tde_colorkey_component;

typedef union {
    struct {
        hi_tde_colorkey_component alpha;
        hi_tde_colorkey_component red;
        hi_tde_colorkey_component green;
        hi_tde_colorkey_component blue;
    } argb_colorkey;
    struct {
        hi_tde_colorkey_component alpha;
        hi_tde_colorkey_component y;
        hi_tde_colorkey_component cb;
        hi_tde_colorkey_component cr;
    } ycbcr_colorkey;
    struct {
        hi_tde_colorkey_component alpha;
        hi_tde_colorkey_component clut;
    } clut_colorkey;
} hi_tde_colorkey;

typedef struct {
    hi_bool global_alpha_en;
    hi_bool pixel_alpha_en;
    hi_bool src1_alpha_premulti;
    hi_bool src2_alpha_premulti;
    hi_tde_blend_cmd blend_cmd;
    hi_tde_blend_mode src1_blend_mode;
    hi_tde_blend_mode src2_blend_mode;
} hi_tde_blend_opt;

typedef struct {
    hi_bool src_csc_user_en;
    hi_bool src_csc_param_reload_en;
    hi_bool dst_csc_user_en;
    hi_bool dst_csc_param_reload_en;
    hi_u64 src_csc_param_addr;
    hi_s32 src_csc_param_len;
    hi_u64 dst_csc_param_addr;
    hi_s32 dst_csc_param_len;
} hi_tde_csc_opt;

typedef struct {
    hi_tde_alpha_blending alpha_blending_cmd;
    hi_tde_rop_mode rop_color;
    hi_tde_rop_mode rop_alpha;
    hi_tde_colorkey_mode colorkey_mode;
    hi_tde_colorkey colorkey_value;
    hi_tde_clip_mode clip_mode;
    hi_tde_rect clip_rect;
    hi_bool clut_reload;
    hi_u8 global_alpha;
    hi_tde_out_alpha_from out_alpha_from;
    hi_u32 color_resize;
    hi_tde_blend_opt blend_opt;
    hi_tde_csc_opt csc_opt;
} hi_tde_pattern_fill_opt;

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_BASE_TDE_H_ */
