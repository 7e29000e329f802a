/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_COMMON_AIO_H_
#define ACL_MEDIA_HI_COMMON_AIO_H_

#include <stdint.h>
#include <stddef.h>
#include "ot_common_aio.h"

#define HI_AIO_I2STYPE_EXTERN 2
#define HI_AIO_I2STYPE_INNERCODEC 0
#define HI_AIO_I2STYPE_INNERHDMI 1
#define HI_AIO_MODE_BUTT 6
#define HI_AIO_MODE_I2S_MASTER 0
#define HI_AIO_MODE_I2S_SLAVE 1
#define HI_AIO_MODE_PCM_MASTER_NON_STD 5
#define HI_AIO_MODE_PCM_MASTER_STD 4
#define HI_AIO_MODE_PCM_SLAVE_NON_STD 3
#define HI_AIO_MODE_PCM_SLAVE_STD 2
#define HI_AI_CHN_MODE_BUTT 2
#define HI_AI_CHN_MODE_FAST 1
#define HI_AI_CHN_MODE_NORMAL 0
#define HI_AI_DEV_MAX_NUM 3
#define HI_AI_MAX_CHN_NUM 2
#define HI_AO_DEV_MAX_NUM 5
#define HI_AO_MAX_CHN_NUM 2
#define HI_AO_SYS_CHN_ID 2
#define HI_AUDIO_BIT_WIDTH_16 1
#define HI_AUDIO_BIT_WIDTH_24 2
#define HI_AUDIO_BIT_WIDTH_8 0
#define HI_AUDIO_BIT_WIDTH_BUTT 3
#define HI_AUDIO_FRAME_CHN_NUM 2
#define HI_AUDIO_SAMPLE_RATE_11025 11025
#define HI_AUDIO_SAMPLE_RATE_12000 12000
#define HI_AUDIO_SAMPLE_RATE_16000 16000
#define HI_AUDIO_SAMPLE_RATE_22050 22050
#define HI_AUDIO_SAMPLE_RATE_24000 24000
#define HI_AUDIO_SAMPLE_RATE_32000 32000
#define HI_AUDIO_SAMPLE_RATE_44100 44100
#define HI_AUDIO_SAMPLE_RATE_48000 48000
#define HI_AUDIO_SAMPLE_RATE_64000 64000
#define HI_AUDIO_SAMPLE_RATE_8000 8000
#define HI_AUDIO_SAMPLE_RATE_96000 96000
#define HI_AUDIO_SAMPLE_RATE_BUTT 96001
#define HI_AUDIO_SOUND_MODE_BUTT 2
#define HI_AUDIO_SOUND_MODE_MONO 0
#define HI_AUDIO_SOUND_MODE_STEREO 1
#define HI_MAX_ADEC_AENC_FRAME_NUM 100
#define HI_MAX_AO_POINT_NUM 4096
#define HI_MAX_AUDIO_FILE_NAME_LEN 256
#define HI_MAX_AUDIO_FILE_PATH_LEN 256
#define HI_MAX_AUDIO_FRAME_LEN 16384
#define HI_MAX_AUDIO_FRAME_NUM 300
#define HI_MAX_AUDIO_POINT_BYTES 4
#define HI_MAX_AUDIO_POINT_NUM 2048
#define HI_MAX_AUDIO_STREAM_LEN 16384
#define HI_MAX_VOICE_POINT_NUM 480
#define HI_MIN_AUDIO_POINT_NUM 480
#define HI_AIO_MAX_CHN_NUM OT_AIO_MAX_CHN_NUM
#define HI_AIO_MAX_NUM OT_AIO_MAX_NUM

#ifdef __cplusplus
extern "C" {
#endif

typedef ot_audio_sample_rate hi_audio_sample_rate;

typedef ot_aio_mode hi_aio_mode;

typedef ot_audio_bit_width hi_audio_bit_width;

typedef ot_audio_snd_mode hi_audio_snd_mode;

typedef ot_aio_i2s_type hi_aio_i2s_type;

typedef ot_ai_chn_mode hi_ai_chn_mode;

typedef ot_ai_chn_attr hi_ai_chn_attr;

typedef ot_aio_attr hi_aio_attr;

typedef ot_audio_frame hi_audio_frame;

typedef ot_audio_stream hi_audio_stream;

typedef ot_aec_frame hi_aec_frame;

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_COMMON_AIO_H_ */
