/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_COMMON_AWB_H_
#define ACL_MEDIA_HI_COMMON_AWB_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_type.h"
#include "hi_common_isp.h"
#include "hi_common_vi.h"

#define HI_AWB_LIB_NAME "hisi_awb_lib"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    hi_u16 color_temp;
    hi_u16 ccm[HI_ISP_CCM_MATRIX_SIZE];
} hi_isp_awb_ccm_tab;

typedef struct {
    hi_u16 ccm_tab_num;
    hi_isp_awb_ccm_tab ccm_tab[HI_ISP_CCM_MATRIX_NUM];
} hi_isp_awb_ccm;

typedef struct {
    hi_bool valid;
    hi_u8 saturation[HI_ISP_AUTO_ISO_NUM];
} hi_isp_awb_agc_table;

typedef struct {
    hi_u16 wb_ref_temp;
    hi_u16 gain_offset[HI_ISP_BAYER_CHN_NUM];
    hi_s32 wb_para[HI_ISP_AWB_CURVE_PARA_NUM];
    hi_u16 golden_rgain;
    hi_u16 golden_bgain;
    hi_u16 sample_rgain;
    hi_u16 sample_bgain;
    hi_isp_awb_agc_table agc_tbl;
    hi_isp_awb_ccm ccm;
    hi_u16 init_rgain;
    hi_u16 init_ggain;
    hi_u16 init_bgain;
    hi_u8 awb_run_interval;
    hi_u16 init_ccm[HI_ISP_CCM_MATRIX_SIZE];
} hi_isp_awb_sensor_default;

typedef struct {
    hi_s32 (*pfn_cmos_get_awb_default)(hi_vi_pipe, hi_isp_awb_sensor_default *);
} hi_isp_awb_sensor_exp_func;

typedef struct {
    hi_isp_awb_sensor_exp_func sns_exp;
} hi_isp_awb_sensor_register;

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_COMMON_AWB_H_ */
