/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_AAC_H_
#define ACL_MEDIA_HI_AAC_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_type.h"
#include "hi_common_aio.h"

#define AACLC_SAMPLES_PER_FRAME 1024
#define AACLD_SAMPLES_PER_FRAME 512
#define AACPLUS_SAMPLES_PER_FRAME 2048
#define MAX_AAC_MAINBUF_SIZE 1536

#ifdef __cplusplus
extern "C" {
#endif

typedef void *hi_aac_decoder;

typedef hi_u32 hi_aac_encoder;

typedef enum {
    HI_AAC_TYPE_AACLC = 0,
    HI_AAC_TYPE_EAAC = 1,
    HI_AAC_TYPE_EAACPLUS = 2,
    HI_AAC_TYPE_AACLD = 3,
    HI_AAC_TYPE_AACELD = 4,
    HI_AAC_TYPE_BUTT = 5,
} hi_aac_type;

typedef enum {
    HI_AAC_BPS_8K = 8000,
    HI_AAC_BPS_16K = 16000,
    HI_AAC_BPS_22K = 22000,
    HI_AAC_BPS_24K = 24000,
    HI_AAC_BPS_32K = 32000,
    HI_AAC_BPS_48K = 48000,
    HI_AAC_BPS_64K = 64000,
    HI_AAC_BPS_96K = 96000,
    HI_AAC_BPS_128K = 128000,
    HI_AAC_BPS_256K = 256000,
    HI_AAC_BPS_320K = 320000,
    HI_AAC_BPS_BUTT = 320001,
} hi_aac_bps;

typedef enum {
    HI_AAC_TRANSPORT_TYPE_ADTS = 0,
    HI_AAC_TRANSPORT_TYPE_LOAS = 1,
    HI_AAC_TRANSPORT_TYPE_LATM_MCP1 = 2,
    HI_AAC_TRANSPORT_TYPE_BUTT = 3,
} hi_aac_transport_type;

typedef struct {
    hi_s32 sample_rate;
    hi_s32 bit_rate;
    hi_s32 profile;
    hi_s32 tns_used;
    hi_s32 pns_used;
    hi_s32 chn_num;
} aacdec_frame_info;

typedef struct {
    hi_aac_type aac_type;
    hi_aac_bps bit_rate;
    hi_audio_sample_rate sample_rate;
    hi_audio_bit_width bit_width;
    hi_audio_snd_mode snd_mode;
    hi_aac_transport_type transport_type;
    hi_s16 band_width;
} hi_aenc_attr_aac;

typedef struct {
    hi_aac_encoder *aac_state;
    hi_aenc_attr_aac aac_attr;
} aenc_aac_encoder;

typedef struct {
    hi_aac_transport_type transport_type;
} hi_adec_attr_aac;

typedef struct {
    hi_aac_decoder aac_state;
    hi_adec_attr_aac aac_attr;
} adec_aac_decoder;

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_AAC_H_ */
