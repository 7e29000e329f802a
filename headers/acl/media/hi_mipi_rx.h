/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_MIPI_RX_H_
#define ACL_MEDIA_HI_MIPI_RX_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_type.h"

#define HI_MIPI_IOC_MAGIC 109
#define LVDS_LANE_NUM 8
#define MIPI_LANE_NUM 8
#define MIPI_RX_MAX_DEV_NUM 4
#define SLVS_LANE_NUM 8
#define SNS_MAX_CLK_SOURCE_NUM 4
#define SNS_MAX_RST_SOURCE_NUM 2
#define SYNC_CODE_NUM 4
#define WDR_VC_NUM 4
#define HI_MIPI_CONFIG_SENSOR_CLOCK _IOW(HI_MIPI_IOC_MAGIC, 0x17, sns_clk_cfg_t)
#define HI_MIPI_DISABLE_MIPI_CLOCK _IOW(HI_MIPI_IOC_MAGIC, 0x0d, combo_dev_t)
#define HI_MIPI_DISABLE_SENSOR_CLOCK _IOW(HI_MIPI_IOC_MAGIC, 0x11, sns_clk_source_t)
#define HI_MIPI_DISABLE_SLVS_CLOCK _IOW(HI_MIPI_IOC_MAGIC, 0xf, combo_dev_t)
#define HI_MIPI_ENABLE_MIPI_CLOCK _IOW(HI_MIPI_IOC_MAGIC, 0x0c, combo_dev_t)
#define HI_MIPI_ENABLE_SENSOR_CLOCK _IOW(HI_MIPI_IOC_MAGIC, 0x10, sns_clk_source_t)
#define HI_MIPI_ENABLE_SLVS_CLOCK _IOW(HI_MIPI_IOC_MAGIC, 0xe, combo_dev_t)
#define HI_MIPI_RESET_MIPI _IOW(HI_MIPI_IOC_MAGIC, 0x07, combo_dev_t)
#define HI_MIPI_RESET_SENSOR _IOW(HI_MIPI_IOC_MAGIC, 0x05, sns_rst_source_t)
#define HI_MIPI_RESET_SLVS _IOW(HI_MIPI_IOC_MAGIC, 0x9, combo_dev_t)
#define HI_MIPI_SET_DEV_ATTR _IOW(HI_MIPI_IOC_MAGIC, 0x01, combo_dev_attr_t)
#define HI_MIPI_SET_HS_MODE _IOW(HI_MIPI_IOC_MAGIC, 0x0b, lane_divide_mode_t)
#define HI_MIPI_UNRESET_MIPI _IOW(HI_MIPI_IOC_MAGIC, 0x08, combo_dev_t)
#define HI_MIPI_UNRESET_SENSOR _IOW(HI_MIPI_IOC_MAGIC, 0x06, sns_rst_source_t)
#define HI_MIPI_UNRESET_SLVS _IOW(HI_MIPI_IOC_MAGIC, 0xa, combo_dev_t)

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    LANE_DIVIDE_MODE_0 = 0,
    LANE_DIVIDE_MODE_1 = 1,
    LANE_DIVIDE_MODE_2 = 2,
    LANE_DIVIDE_MODE_3 = 3,
    LANE_DIVIDE_MODE_BUTT = 4,
} lane_divide_mode_t;

typedef enum {
    WORK_MODE_LVDS = 0,
    WORK_MODE_MIPI = 1,
    WORK_MODE_CMOS = 2,
    WORK_MODE_BT1120 = 3,
    WORK_MODE_SLVS = 4,
    WORK_MODE_BUTT = 5,
} work_mode_t;

typedef enum {
    INPUT_MODE_MIPI = 0,
    INPUT_MODE_SUBLVDS = 1,
    INPUT_MODE_LVDS = 2,
    INPUT_MODE_HISPI = 3,
    INPUT_MODE_SLVS = 4,
    INPUT_MODE_BUTT = 5,
} input_mode_t;

typedef enum {
    MIPI_DATA_RATE_X1 = 0,
    MIPI_DATA_RATE_X2 = 1,
    MIPI_DATA_RATE_BUTT = 2,
} mipi_data_rate_t;

typedef struct {
    hi_s32 x;
    hi_s32 y;
    hi_u32 width;
    hi_u32 height;
} img_rect_t;

typedef struct {
    hi_u32 width;
    hi_u32 height;
} img_size_t;

typedef enum {
    DATA_TYPE_RAW_8BIT = 0,
    DATA_TYPE_RAW_10BIT = 1,
    DATA_TYPE_RAW_12BIT = 2,
    DATA_TYPE_RAW_14BIT = 3,
    DATA_TYPE_YUV420_8BIT_NORMAL = 5,
    DATA_TYPE_YUV422_8BIT = 7,
    DATA_TYPE_YUV422_PACKED = 8,
    DATA_TYPE_BUTT = 9,
} data_type_t;

typedef enum {
    HI_MIPI_WDR_MODE_NONE = 0,
    HI_MIPI_WDR_MODE_VC = 1,
    HI_MIPI_WDR_MODE_DT = 2,
    HI_MIPI_WDR_MODE_DOL = 3,
    HI_MIPI_WDR_MODE_BUTT = 4,
} mipi_wdr_mode_t;

typedef struct {
    data_type_t input_data_type;
    mipi_wdr_mode_t wdr_mode;
    short lane_id[MIPI_LANE_NUM];
    union {
        short data_type[WDR_VC_NUM];
    };
} mipi_dev_attr_t;

typedef enum {
    HI_SLVS_WDR_MODE_NONE = 0,
    HI_SLVS_WDR_MODE_2F = 1,
    HI_SLVS_WDR_MODE_DOL_2F = 4,
} slvs_wdr_mode_t;

typedef enum {
    HI_LVDS_WDR_MODE_NONE = 0,
    HI_LVDS_WDR_MODE_2F = 1,
    HI_LVDS_WDR_MODE_DOL_2F = 4,
} lvds_wdr_mode_t;

typedef enum {
    LVDS_SYNC_MODE_SOF = 0,
    LVDS_SYNC_MODE_SAV = 1,
    LVDS_SYNC_MODE_BUTT = 2,
} lvds_sync_mode_t;

typedef enum {
    LVDS_VSYNC_NORMAL = 0,
    LVDS_VSYNC_SHARE = 1,
    LVDS_VSYNC_HCONNECT = 2,
    LVDS_VSYNC_BUTT = 3,
} lvds_vsync_type_t;

typedef struct {
    lvds_vsync_type_t sync_type;
    unsigned short hblank1;
    unsigned short hblank2;
} lvds_vsync_attr_t;

typedef enum {
    LVDS_FID_NONE = 0,
    LVDS_FID_IN_SAV = 1,
    LVDS_FID_IN_DATA = 2,
    LVDS_FID_BUTT = 3,
} lvds_fid_type_t;

typedef struct {
    lvds_fid_type_t fid_type;
    unsigned char output_fil;
} lvds_fid_attr_t;

typedef enum {
    LVDS_ENDIAN_LITTLE = 0,
    LVDS_ENDIAN_BIG = 1,
    LVDS_ENDIAN_BUTT = 2,
} lvds_bit_endian_t;

typedef struct {
    data_type_t input_data_type;
    lvds_wdr_mode_t wdr_mode;
    lvds_sync_mode_t sync_mode;
    lvds_vsync_attr_t vsync_attr;
    lvds_fid_attr_t fid_attr;
    lvds_bit_endian_t data_endian;
    lvds_bit_endian_t sync_code_endian;
    short lane_id[LVDS_LANE_NUM];
    unsigned short sync_code[LVDS_LANE_NUM][WDR_VC_NUM][SYNC_CODE_NUM];
} lvds_dev_attr_t;

typedef enum {
    SLVS_LANE_RATE_LOW = 0,
    SLVS_LANE_RATE_HIGH = 1,
    SLVS_LANE_RATE_BUTT = 2,
} slvs_lane_rate_t;

typedef enum {
    SLVS_ERR_CHECK_MODE_NONE = 0,
    SLVS_ERR_CHECK_MODE_CRC = 1,
    SLVS_ERR_CHECK_MODE_ECC_2BYTE = 2,
    SLVS_ERR_CHECK_MODE_ECC_4BYTE = 3,
    SLVS_ERR_CHECK_MODE_BUTT = 4,
} slvs_err_check_mode_t;

typedef struct {
    data_type_t input_data_type;
    slvs_wdr_mode_t wdr_mode;
    slvs_lane_rate_t lane_rate;
    hi_s32 sensor_valid_width;
    short lane_id[SLVS_LANE_NUM];
    slvs_err_check_mode_t err_check_mode;
} slvs_dev_attr_t;

typedef enum {
    SENSOR_CLK_74P25MHz = 0,
    SENSOR_CLK_72MHz = 1,
    SENSOR_CLK_54MHz = 2,
    SENSOR_CLK_50MHz = 3,
    SENSOR_CLK_24MHz = 4,
    SENSOR_CLK_37P125MHz = 5,
    SENSOR_CLK_36MHz = 6,
    SENSOR_CLK_27MHz = 7,
    SENSOR_CLK_25MHz = 8,
    SENSOR_CLK_12MHz = 9,
    SENSOR_CLK_FREQ_BUTT = 10,
} sns_clk_freq_t;

typedef hi_u32 sns_clk_source_t;

typedef struct {
    sns_clk_source_t clk_source;
    sns_clk_freq_t clk_freq;
} sns_clk_cfg_t;

typedef hi_u32 sns_rst_source_t;

typedef hi_u32 combo_dev_t;

typedef struct {
    combo_dev_t devno;
    input_mode_t input_mode;
    mipi_data_rate_t data_rate;
    img_rect_t img_rect;
    union {
        mipi_dev_attr_t mipi_attr;
        lvds_dev_attr_t lvds_attr;
        slvs_dev_attr_t slvs_attr;
    };
} combo_dev_attr_t;

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_MIPI_RX_H_ */
