/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_COMMON_AF_H_
#define ACL_MEDIA_HI_COMMON_AF_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_type.h"
#include "hi_common_vi.h"

#define HI_AF_LIB_NAME "hisi_af_lib"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    hi_s32 max_focus_pos;
    hi_s32 min_focus_pos;
} hi_isp_af_sensor_default;

typedef struct {
    hi_s32 (*pfn_cmos_get_af_default)(hi_vi_pipe, hi_isp_af_sensor_default *);
} hi_isp_af_sensor_exp_func;

typedef struct {
    hi_isp_af_sensor_exp_func sns_exp;
} hi_isp_af_sensor_register;

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_COMMON_AF_H_ */
