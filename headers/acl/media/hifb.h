/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HIFB_H_
#define ACL_MEDIA_HIFB_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_type.h"

#define IOC_TYPE_HIFB 70
#define FBIOGET_ALPHA_HIFB _IOR(IOC_TYPE_HIFB, 92, hi_fb_alpha)
#define FBIOGET_SCREEN_ORIGIN_HIFB _IOR(IOC_TYPE_HIFB, 94, hi_fb_point)
#define FBIOGET_SHOW_HIFB _IOR(IOC_TYPE_HIFB, 102, hi_bool)
#define FBIOPUT_ALPHA_HIFB _IOW(IOC_TYPE_HIFB, 93, hi_fb_alpha)
#define FBIOPUT_SCREEN_ORIGIN_HIFB _IOW(IOC_TYPE_HIFB, 95, hi_fb_point)
#define FBIOPUT_SHOW_HIFB _IOW(IOC_TYPE_HIFB, 101, hi_bool)

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    hi_s32 x_pos;
    hi_s32 y_pos;
} hi_fb_point;

typedef struct {
    hi_bool alpha_en;
    hi_bool alpha_chn_en;
    hi_u8 alpha0;
    hi_u8 alpha1;
    hi_u8 global_alpha;
    hi_u8 reserved;
} hi_fb_alpha;

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HIFB_H_ */
