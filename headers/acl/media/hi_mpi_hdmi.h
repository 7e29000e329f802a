/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_MPI_HDMI_H_
#define ACL_MEDIA_HI_MPI_HDMI_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_type.h"

#define OT_HDMI_VENDOR_USER_DATA_MAX_LEN 22

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    HI_HDMI_ID_0 = 0,
    HI_HDMI_ID_1 = 1,
    HI_HDMI_ID_BUTT = 2,
} hi_hdmi_id;

typedef enum {
    HI_HDMI_VIDEO_FORMAT_1080P_60 = 0,
    HI_HDMI_VIDEO_FORMAT_1080P_50 = 1,
    HI_HDMI_VIDEO_FORMAT_1080P_30 = 2,
    HI_HDMI_VIDEO_FORMAT_1080P_25 = 3,
    HI_HDMI_VIDEO_FORMAT_1080P_24 = 4,
    HI_HDMI_VIDEO_FORMAT_1080i_60 = 5,
    HI_HDMI_VIDEO_FORMAT_1080i_50 = 6,
    HI_HDMI_VIDEO_FORMAT_720P_60 = 7,
    HI_HDMI_VIDEO_FORMAT_720P_50 = 8,
    HI_HDMI_VIDEO_FORMAT_576P_50 = 9,
    HI_HDMI_VIDEO_FORMAT_480P_60 = 10,
    HI_HDMI_VIDEO_FORMAT_PAL = 11,
    HI_HDMI_VIDEO_FORMAT_NTSC = 12,
    HI_HDMI_VIDEO_FORMAT_861D_640X480_60 = 13,
    HI_HDMI_VIDEO_FORMAT_VESA_800X600_60 = 14,
    HI_HDMI_VIDEO_FORMAT_VESA_1024X768_60 = 15,
    HI_HDMI_VIDEO_FORMAT_VESA_1280X800_60 = 16,
    HI_HDMI_VIDEO_FORMAT_VESA_1280X1024_60 = 17,
    HI_HDMI_VIDEO_FORMAT_VESA_1366X768_60 = 18,
    HI_HDMI_VIDEO_FORMAT_VESA_1440X900_60 = 19,
    HI_HDMI_VIDEO_FORMAT_VESA_1400X1050_60 = 20,
    HI_HDMI_VIDEO_FORMAT_VESA_1600X1200_60 = 21,
    HI_HDMI_VIDEO_FORMAT_VESA_1680X1050_60 = 22,
    HI_HDMI_VIDEO_FORMAT_VESA_1920X1200_60 = 23,
    HI_HDMI_VIDEO_FORMAT_2560x1440_30 = 24,
    HI_HDMI_VIDEO_FORMAT_2560x1440_60 = 25,
    HI_HDMI_VIDEO_FORMAT_2560x1600_60 = 26,
    HI_HDMI_VIDEO_FORMAT_1920x2160_30 = 27,
    HI_HDMI_VIDEO_FORMAT_3840X2160P_24 = 28,
    HI_HDMI_VIDEO_FORMAT_3840X2160P_25 = 29,
    HI_HDMI_VIDEO_FORMAT_3840X2160P_30 = 30,
    HI_HDMI_VIDEO_FORMAT_3840X2160P_50 = 31,
    HI_HDMI_VIDEO_FORMAT_3840X2160P_60 = 32,
    HI_HDMI_VIDEO_FORMAT_4096X2160P_24 = 33,
    HI_HDMI_VIDEO_FORMAT_4096X2160P_25 = 34,
    HI_HDMI_VIDEO_FORMAT_4096X2160P_30 = 35,
    HI_HDMI_VIDEO_FORMAT_4096X2160P_50 = 36,
    HI_HDMI_VIDEO_FORMAT_4096X2160P_60 = 37,
    HI_HDMI_VIDEO_FORMAT_3840X2160P_120 = 38,
    HI_HDMI_VIDEO_FORMAT_4096X2160P_120 = 39,
    HI_HDMI_VIDEO_FORMAT_7680X4320P_30 = 40,
    HI_HDMI_VIDEO_FORMAT_VESA_CUSTOMER_DEFINE = 41,
    HI_HDMI_VIDEO_FORMAT_BUTT = 42,
} hi_hdmi_video_format;

typedef enum {
    HI_HDMI_DEEP_COLOR_24BIT = 0,
    HI_HDMI_DEEP_COLOR_30BIT = 1,
    HI_HDMI_DEEP_COLOR_36BIT = 2,
    HI_HDMI_DEEP_COLOR_BUTT = 3,
} hi_hdmi_deep_color;

typedef enum {
    HI_HDMI_SAMPLE_RATE_UNKNOWN = 0,
    HI_HDMI_SAMPLE_RATE_8K = 1,
    HI_HDMI_SAMPLE_RATE_11K = 2,
    HI_HDMI_SAMPLE_RATE_12K = 3,
    HI_HDMI_SAMPLE_RATE_16K = 4,
    HI_HDMI_SAMPLE_RATE_22K = 5,
    HI_HDMI_SAMPLE_RATE_24K = 6,
    HI_HDMI_SAMPLE_RATE_32K = 7,
    HI_HDMI_SAMPLE_RATE_44K = 8,
    HI_HDMI_SAMPLE_RATE_48K = 9,
    HI_HDMI_SAMPLE_RATE_88K = 10,
    HI_HDMI_SAMPLE_RATE_96K = 11,
    HI_HDMI_SAMPLE_RATE_176K = 12,
    HI_HDMI_SAMPLE_RATE_192K = 13,
    HI_HDMI_SAMPLE_RATE_768K = 14,
    HI_HDMI_SAMPLE_RATE_BUTT = 15,
} hi_hdmi_sample_rate;

typedef enum {
    HI_HDMI_BIT_DEPTH_UNKNOWN = 0,
    HI_HDMI_BIT_DEPTH_8 = 1,
    HI_HDMI_BIT_DEPTH_16 = 2,
    HI_HDMI_BIT_DEPTH_18 = 3,
    HI_HDMI_BIT_DEPTH_20 = 4,
    HI_HDMI_BIT_DEPTH_24 = 5,
    HI_HDMI_BIT_DEPTH_32 = 6,
    HI_HDMI_BIT_DEPTH_BUTT = 7,
} hi_hdmi_bit_depth;

typedef struct {
    hi_bool hdmi_en;
    hi_hdmi_video_format video_format;
    hi_hdmi_deep_color deep_color_mode;
    hi_bool audio_en;
    hi_hdmi_sample_rate sample_rate;
    hi_hdmi_bit_depth bit_depth;
    hi_bool auth_mode_en;
    hi_bool deep_color_adapt_en;
    hi_u32 pix_clk;
} hi_hdmi_attr;

typedef enum {
    HI_INFOFRAME_TYPE_AVI = 0,
    HI_INFOFRAME_TYPE_AUDIO = 1,
    HI_INFOFRAME_TYPE_VENDORSPEC = 2,
    HI_INFOFRAME_TYPE_BUTT = 3,
} hi_hdmi_infoframe_type;

typedef enum {
    HI_HDMI_COLOR_SPACE_RGB444 = 0,
    HI_HDMI_COLOR_SPACE_YCBCR422 = 1,
    HI_HDMI_COLOR_SPACE_YCBCR444 = 2,
    HI_HDMI_COLOR_SPACE_YCBCR420 = 3,
    HI_HDMI_COLOR_SPACE_BUTT = 4,
} hi_hdmi_color_space;

typedef enum {
    HI_HDMI_BAR_INFO_NOT_VALID = 0,
    HI_HDMI_BAR_INFO_V = 1,
    HI_HDMI_BAR_INFO_H = 2,
    HI_HDMI_BAR_INFO_VH = 3,
    HI_HDMI_BAR_INFO_BUTT = 4,
} hi_hdmi_bar_info;

typedef enum {
    HI_HDMI_SCAN_INFO_NO_DATA = 0,
    HI_HDMI_SCAN_INFO_OVERSCANNED = 1,
    HI_HDMI_SCAN_INFO_UNDERSCANNED = 2,
    HI_HDMI_SCAN_INFO_BUTT = 3,
} hi_hdmi_scan_info;

typedef enum {
    HI_HDMI_COMMON_COLORIMETRY_NO_DATA = 0,
    HI_HDMI_COMMON_COLORIMETRY_ITU601 = 1,
    HI_HDMI_COMMON_COLORIMETRY_ITU709 = 2,
    HI_HDMI_COMMON_COLORIMETRY_BUTT = 3,
} hi_hdmi_colorimetry;

typedef enum {
    HI_HDMI_COMMON_COLORIMETRY_XVYCC_601 = 0,
    HI_HDMI_COMMON_COLORIMETRY_XVYCC_709 = 1,
    HI_HDMI_COMMON_COLORIMETRY_S_YCC_601 = 2,
    HI_HDMI_COMMON_COLORIMETRY_ADOBE_YCC_601 = 3,
    HI_HDMI_COMMON_COLORIMETRY_ADOBE_RGB = 4,
    HI_HDMI_COMMON_COLORIMETRY_2020_CONST_LUMINOUS = 5,
    HI_HDMI_COMMON_COLORIMETRY_2020_NON_CONST_LUMINOUS = 6,
    HI_HDMI_COMMON_COLORIMETRY_EXT_BUTT = 7,
} hi_hdmi_ex_colorimetry;

typedef enum {
    HI_HDMI_PIC_ASPECT_RATIO_NO_DATA = 0,
    HI_HDMI_PIC_ASPECT_RATIO_4TO3 = 1,
    HI_HDMI_PIC_ASPECT_RATIO_16TO9 = 2,
    HI_HDMI_PIC_ASPECT_RATIO_64TO27 = 3,
    HI_HDMI_PIC_ASPECT_RATIO_256TO135 = 4,
    HI_HDMI_PIC_ASPECT_RATIO_BUTT = 5,
} hi_pic_aspect_ratio;

typedef enum {
    HI_HDMI_ACTIVE_ASPECT_RATIO_16TO9_TOP = 2,
    HI_HDMI_ACTIVE_ASPECT_RATIO_14TO9_TOP = 3,
    HI_HDMI_ACTIVE_ASPECT_RATIO_16TO9_BOX_CENTER = 4,
    HI_HDMI_ACTIVE_ASPECT_RATIO_SAME_PIC = 8,
    HI_HDMI_ACTIVE_ASPECT_RATIO_4TO3_CENTER = 9,
    HI_HDMI_ACTIVE_ASPECT_RATIO_16TO9_CENTER = 10,
    HI_HDMI_ACTIVE_ASPECT_RATIO_14TO9_CENTER = 11,
    HI_HDMI_ACTIVE_ASPECT_RATIO_4TO3_14_9 = 13,
    HI_HDMI_ACTIVE_ASPECT_RATIO_16TO9_14_9 = 14,
    HI_HDMI_ACTIVE_ASPECT_RATIO_16TO9_4_3 = 15,
    HI_HDMI_ACTIVE_ASPECT_RATIO_BUTT = 16,
} hi_hdmi_active_aspect_ratio;

typedef enum {
    HI_HDMI_PIC_NON_UNIFORM_SCALING = 0,
    HI_HDMI_PIC_SCALING_H = 1,
    HI_HDMI_PIC_SCALING_V = 2,
    HI_HDMI_PIC_SCALING_HV = 3,
    HI_HDMI_PIC_SCALING_BUTT = 4,
} hi_hdmi_pic_scaline;

typedef enum {
    HI_HDMI_RGB_QUANT_DEFAULT_RANGE = 0,
    HI_HDMI_RGB_QUANT_LIMITED_RANGE = 1,
    HI_HDMI_RGB_QUANT_FULL_RANGE = 2,
    HI_HDMI_RGB_QUANT_FULL_BUTT = 3,
} hi_hdmi_rgb_quant_range;

typedef enum {
    HI_HDMI_PIXEL_REPET_NO = 0,
    HI_HDMI_PIXEL_REPET_2_TIMES = 1,
    HI_HDMI_PIXEL_REPET_3_TIMES = 2,
    HI_HDMI_PIXEL_REPET_4_TIMES = 3,
    HI_HDMI_PIXEL_REPET_5_TIMES = 4,
    HI_HDMI_PIXEL_REPET_6_TIMES = 5,
    HI_HDMI_PIXEL_REPET_7_TIMES = 6,
    HI_HDMI_PIXEL_REPET_8_TIMES = 7,
    HI_HDMI_PIXEL_REPET_9_TIMES = 8,
    HI_HDMI_PIXEL_REPET_10_TIMES = 9,
    HI_HDMI_PIXEL_REPET_BUTT = 10,
} hi_hdmi_pixel_repetition;

typedef enum {
    HI_HDMI_CONTNET_GRAPHIC = 0,
    HI_HDMI_CONTNET_PHOTO = 1,
    HI_HDMI_CONTNET_CINEMA = 2,
    HI_HDMI_CONTNET_GAME = 3,
    HI_HDMI_CONTNET_BUTT = 4,
} hi_hdmi_content_type;

typedef enum {
    HI_HDMI_YCC_QUANT_LIMITED_RANGE = 0,
    HI_HDMI_YCC_QUANT_FULL_RANGE = 1,
    HI_HDMI_YCC_QUANT_BUTT = 2,
} hi_hdmi_ycc_quant_range;

typedef struct {
    hi_hdmi_video_format timing_mode;
    hi_hdmi_color_space color_space;
    hi_bool active_info_present;
    hi_hdmi_bar_info bar_info;
    hi_hdmi_scan_info scan_info;
    hi_hdmi_colorimetry colorimetry;
    hi_hdmi_ex_colorimetry ex_colorimetry;
    hi_pic_aspect_ratio aspect_ratio;
    hi_hdmi_active_aspect_ratio active_aspect_ratio;
    hi_hdmi_pic_scaline pic_scaling;
    hi_hdmi_rgb_quant_range rgb_quant;
    hi_bool is_it_content;
    hi_hdmi_pixel_repetition pixel_repetition;
    hi_hdmi_content_type content_type;
    hi_hdmi_ycc_quant_range ycc_quant;
    hi_u16 line_n_end_of_top_bar;
    hi_u16 line_n_start_of_bot_bar;
    hi_u16 pixel_n_end_of_left_bar;
    hi_u16 pixel_n_start_of_right_bar;
} hi_hdmi_avi_infoframe;

typedef enum {
    HI_HDMI_AUDIO_CHN_CNT_STREAM = 0,
    HI_HDMI_AUDIO_CHN_CNT_2 = 1,
    HI_HDMI_AUDIO_CHN_CNT_3 = 2,
    HI_HDMI_AUDIO_CHN_CNT_4 = 3,
    HI_HDMI_AUDIO_CHN_CNT_5 = 4,
    HI_HDMI_AUDIO_CHN_CNT_6 = 5,
    HI_HDMI_AUDIO_CHN_CNT_7 = 6,
    HI_HDMI_AUDIO_CHN_CNT_8 = 7,
    HI_HDMI_AUDIO_CHN_CNT_BUTT = 8,
} hi_hdmi_audio_chn_cnt;

typedef enum {
    HI_HDMI_AUDIO_CODING_REFER_STREAM_HEAD = 0,
    HI_HDMI_AUDIO_CODING_PCM = 1,
    HI_HDMI_AUDIO_CODING_AC3 = 2,
    HI_HDMI_AUDIO_CODING_MPEG1 = 3,
    HI_HDMI_AUDIO_CODING_MP3 = 4,
    HI_HDMI_AUDIO_CODING_MPEG2 = 5,
    HI_HDMI_AUDIO_CODING_AACLC = 6,
    HI_HDMI_AUDIO_CODING_DTS = 7,
    HI_HDMI_AUDIO_CODING_ATRAC = 8,
    HI_HDMI_AUDIO_CODIND_ONE_BIT_AUDIO = 9,
    HI_HDMI_AUDIO_CODING_ENAHNCED_AC3 = 10,
    HI_HDMI_AUDIO_CODING_DTS_HD = 11,
    HI_HDMI_AUDIO_CODING_MAT = 12,
    HI_HDMI_AUDIO_CODING_DST = 13,
    HI_HDMI_AUDIO_CODING_WMA_PRO = 14,
    HI_HDMI_AUDIO_CODING_BUTT = 15,
} hi_hdmi_coding_type;

typedef enum {
    HI_HDMI_AUDIO_SAMPLE_SIZE_STREAM = 0,
    HI_HDMI_AUDIO_SAMPLE_SIZE_16 = 1,
    HI_HDMI_AUDIO_SAMPLE_SIZE_20 = 2,
    HI_HDMI_AUDIO_SAMPLE_SIZE_24 = 3,
    HI_HDMI_AUDIO_SAMPLE_SIZE_BUTT = 4,
} hi_hdmi_audio_sample_size;

typedef enum {
    HI_HDMI_AUDIO_SAMPLE_FREQ_STREAM = 0,
    HI_HDMI_AUDIO_SAMPLE_FREQ_32000 = 1,
    HI_HDMI_AUDIO_SAMPLE_FREQ_44100 = 2,
    HI_HDMI_AUDIO_SAMPLE_FREQ_48000 = 3,
    HI_HDMI_AUDIO_SAMPLE_FREQ_88200 = 4,
    HI_HDMI_AUDIO_SAMPLE_FREQ_96000 = 5,
    HI_HDMI_AUDIO_SAMPLE_FREQ_176400 = 6,
    HI_HDMI_AUDIO_SAMPLE_FREQ_192000 = 7,
    HI_HDMI_AUDIO_SAMPLE_FREQ_BUTT = 8,
} hi_hdmi_audio_sample_freq;

typedef enum {
    HI_HDMI_LEVEL_SHIFT_VAL_0_DB = 0,
    HI_HDMI_LEVEL_SHIFT_VAL_1_DB = 1,
    HI_HDMI_LEVEL_SHIFT_VAL_2_DB = 2,
    HI_HDMI_LEVEL_SHIFT_VAL_3_DB = 3,
    HI_HDMI_LEVEL_SHIFT_VAL_4_DB = 4,
    HI_HDMI_LEVEL_SHIFT_VAL_5_DB = 5,
    HI_HDMI_LEVEL_SHIFT_VAL_6_DB = 6,
    HI_HDMI_LEVEL_SHIFT_VAL_7_DB = 7,
    HI_HDMI_LEVEL_SHIFT_VAL_8_DB = 8,
    HI_HDMI_LEVEL_SHIFT_VAL_9_DB = 9,
    HI_HDMI_LEVEL_SHIFT_VAL_10_DB = 10,
    HI_HDMI_LEVEL_SHIFT_VAL_11_DB = 11,
    HI_HDMI_LEVEL_SHIFT_VAL_12_DB = 12,
    HI_HDMI_LEVEL_SHIFT_VAL_13_DB = 13,
    HI_HDMI_LEVEL_SHIFT_VAL_14_DB = 14,
    HI_HDMI_LEVEL_SHIFT_VAL_15_DB = 15,
    HI_HDMI_LEVEL_SHIFT_VAL_BUTT = 16,
} hi_hdmi_level_shift_val;

typedef enum {
    HI_HDMI_LFE_PLAYBACK_NO = 0,
    HI_HDMI_LFE_PLAYBACK_0_DB = 1,
    HI_HDMI_LFE_PLAYBACK_10_DB = 2,
    HI_HDMI_LFE_PLAYBACK_BUTT = 3,
} hi_hdmi_lfe_playback_level;

typedef struct {
    hi_hdmi_audio_chn_cnt chn_cnt;
    hi_hdmi_coding_type coding_type;
    hi_hdmi_audio_sample_size sample_size;
    hi_hdmi_audio_sample_freq sampling_freq;
    hi_u8 chn_alloc;
    hi_hdmi_level_shift_val level_shift;
    hi_hdmi_lfe_playback_level lfe_playback_level;
    hi_bool down_mix_inhibit;
} hi_hdmi_audio_infoframe;

typedef struct {
    hi_u8 data_len;
    hi_u8 user_data[OT_HDMI_VENDOR_USER_DATA_MAX_LEN];
} hi_hdmi_vendorspec_infoframe;

typedef union {
    hi_hdmi_avi_infoframe avi_infoframe;
    hi_hdmi_audio_infoframe audio_infoframe;
    hi_hdmi_vendorspec_infoframe vendor_spec_infoframe;
} hi_hdmi_infoframe_unit;

typedef struct {
    hi_hdmi_infoframe_type infoframe_type;
    hi_hdmi_infoframe_unit infoframe_unit;
} hi_hdmi_infoframe;

typedef struct {
    hi_bool is_connected;
    hi_bool support_hdmi;
    hi_bool support_hdmi_2_0;
} hi_hdmi_sink_capability;

typedef enum {
    HI_HDMI_EVENT_HOTPLUG = 16,
    HI_HDMI_EVENT_NO_PLUG = 17,
    HI_HDMI_EVENT_EDID_FAIL = 18,
    HI_HDMI_EVENT_BUTT = 19,
} hi_hdmi_event_type;

typedef void (*hi_hdmi_callback)(hi_hdmi_event_type, void *);

typedef struct {
    hi_hdmi_callback hdmi_event_callback;
    void *private_data;
} hi_hdmi_callback_func;

/**
 * Binding point for hi_mpi_hdmi_init.
 */
hi_s32 hi_mpi_hdmi_init(void);

/**
 * Binding point for hi_mpi_hdmi_deinit.
 */
hi_s32 hi_mpi_hdmi_deinit(void);

/**
 * Binding point for hi_mpi_hdmi_open.
 * @param [in] hdmi (inferred)
 */
hi_s32 hi_mpi_hdmi_open(hi_hdmi_id hdmi);

/**
 * Binding point for hi_mpi_hdmi_close.
 * @param [in] hdmi (inferred)
 */
hi_s32 hi_mpi_hdmi_close(hi_hdmi_id hdmi);

/**
 * Binding point for hi_mpi_hdmi_set_attr.
 * @param [in] hdmi (inferred)
 * @param [in] attr (inferred)
 */
hi_s32 hi_mpi_hdmi_set_attr(hi_hdmi_id hdmi, const hi_hdmi_attr *attr);

/**
 * Binding point for hi_mpi_hdmi_get_attr.
 * @param [in] hdmi (inferred)
 * @param [out] attr (inferred)
 */
hi_s32 hi_mpi_hdmi_get_attr(hi_hdmi_id hdmi, hi_hdmi_attr *attr);

/**
 * Binding point for hi_mpi_hdmi_start.
 * @param [in] hdmi (inferred)
 */
hi_s32 hi_mpi_hdmi_start(hi_hdmi_id hdmi);

/**
 * Binding point for hi_mpi_hdmi_stop.
 * @param [in] hdmi (inferred)
 */
hi_s32 hi_mpi_hdmi_stop(hi_hdmi_id hdmi);

/**
 * Binding point for hi_mpi_hdmi_set_infoframe.
 * @param [in] hdmi (inferred)
 * @param [in] infoframe (inferred)
 */
hi_s32 hi_mpi_hdmi_set_infoframe(hi_hdmi_id hdmi, const hi_hdmi_infoframe *infoframe);

/**
 * Binding point for hi_mpi_hdmi_get_sink_capability.
 * @param [in] hdmi (inferred)
 * @param [out] capability (inferred)
 */
hi_s32 hi_mpi_hdmi_get_sink_capability(hi_hdmi_id hdmi, hi_hdmi_sink_capability *capability);

/**
 * Binding point for hi_mpi_hdmi_register_callback.
 * @param [in] hdmi (inferred)
 * @param [in] callback_func (inferred)
 */
hi_s32 hi_mpi_hdmi_register_callback(hi_hdmi_id hdmi, const hi_hdmi_callback_func *callback_func);

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_MPI_HDMI_H_ */
