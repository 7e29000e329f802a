/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_OT_ACODEC_H_
#define ACL_MEDIA_OT_ACODEC_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_type.h"

#define IOC_TYPE_ACODEC 65
#define OT_ACODEC_GET_ADCL_VOLUME _IOWR(IOC_TYPE_ACODEC, IOC_NR_GET_ADCL_VOL, ot_acodec_volume_ctrl)
#define OT_ACODEC_GET_ADCR_VOLUME _IOWR(IOC_TYPE_ACODEC, IOC_NR_GET_ADCR_VOL, ot_acodec_volume_ctrl)
#define OT_ACODEC_GET_DACL_VOLUME _IOWR(IOC_TYPE_ACODEC, IOC_NR_GET_DACL_VOL, ot_acodec_volume_ctrl)
#define OT_ACODEC_GET_DACR_VOLUME _IOWR(IOC_TYPE_ACODEC, IOC_NR_GET_DACR_VOL, ot_acodec_volume_ctrl)
#define OT_ACODEC_SET_ADCL_VOLUME _IOWR(IOC_TYPE_ACODEC, IOC_NR_SET_ADCL_VOL, ot_acodec_volume_ctrl)
#define OT_ACODEC_SET_ADCR_VOLUME _IOWR(IOC_TYPE_ACODEC, IOC_NR_SET_ADCR_VOL, ot_acodec_volume_ctrl)
#define OT_ACODEC_SET_DACL_VOLUME _IOWR(IOC_TYPE_ACODEC, IOC_NR_SET_DACL_VOL, ot_acodec_volume_ctrl)
#define OT_ACODEC_SET_DACR_VOLUME _IOWR(IOC_TYPE_ACODEC, IOC_NR_SET_DACR_VOL, ot_acodec_volume_ctrl)

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    OT_ACODEC_FS_8000 = 1,
    OT_ACODEC_FS_11025 = 2,
    OT_ACODEC_FS_12000 = 3,
    OT_ACODEC_FS_16000 = 4,
    OT_ACODEC_FS_22050 = 5,
    OT_ACODEC_FS_24000 = 6,
    OT_ACODEC_FS_32000 = 7,
    OT_ACODEC_FS_44100 = 8,
    OT_ACODEC_FS_48000 = 9,
    OT_ACODEC_FS_64000 = 10,
    OT_ACODEC_FS_96000 = 11,
    OT_ACODEC_FS_BUTT = 12,
} ot_acodec_fs;

typedef enum {
    OT_ACODEC_MIXER_IN0 = 0,
    OT_ACODEC_MIXER_IN1 = 1,
    OT_ACODEC_MIXER_IN_D = 2,
    OT_ACODEC_MIXER_BUTT = 3,
} ot_acodec_mixer;

typedef struct {
    hi_u32 volume_ctrl;
    hi_u32 volume_ctrl_mute;
} ot_acodec_volume_ctrl;

typedef enum {
    IOC_NR_SOFT_RESET_CTRL = 0,
    IOC_NR_SET_I2S1_FS = 1,
    IOC_NR_SET_MIXER_MIC = 2,
    IOC_NR_SET_INPUT_VOL = 3,
    IOC_NR_SET_OUTPUT_VOL = 4,
    IOC_NR_GET_INPUT_VOL = 5,
    IOC_NR_GET_OUTPUT_VOL = 6,
    IOC_NR_BOOSTL_ENABLE = 7,
    IOC_NR_BOOSTR_ENABLE = 8,
    IOC_NR_SET_GAIN_MICL = 9,
    IOC_NR_SET_GAIN_MICR = 10,
    IOC_NR_GET_GAIN_MICL = 11,
    IOC_NR_GET_GAIN_MICR = 12,
    IOC_NR_SET_DACL_VOL = 13,
    IOC_NR_SET_DACR_VOL = 14,
    IOC_NR_SET_ADCL_VOL = 15,
    IOC_NR_SET_ADCR_VOL = 16,
    IOC_NR_GET_DACL_VOL = 17,
    IOC_NR_GET_DACR_VOL = 18,
    IOC_NR_GET_ADCL_VOL = 19,
    IOC_NR_GET_ADCR_VOL = 20,
} acodec_ioc;

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_OT_ACODEC_H_ */
