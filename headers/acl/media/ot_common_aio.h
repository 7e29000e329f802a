/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_OT_COMMON_AIO_H_
#define ACL_MEDIA_OT_COMMON_AIO_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_common.h"
#include "hi_media_type.h"

#define OT_ADEC_MAX_CHN_NUM 6
#define OT_AEC_ERL_BAND_NUM 6
#define OT_AEC_ERL_BAND_VALUE_NUM 7
#define OT_AENC_MAX_CHN_NUM 6
#define OT_AI_CUT 2U
#define OT_AI_DEV_MAX_NUM 3
#define OT_AI_EXPAND 1U
#define OT_AI_MAX_CHN_NUM 2
#define OT_AI_RECORDVQE_MASK_AGC 32
#define OT_AI_RECORDVQE_MASK_DRC 8
#define OT_AI_RECORDVQE_MASK_EQ 16
#define OT_AI_RECORDVQE_MASK_HDR 4
#define OT_AI_RECORDVQE_MASK_HPF 1
#define OT_AI_RECORDVQE_MASK_RNR 2
#define OT_AI_TALKVQEV2_MASK_AGC 8
#define OT_AI_TALKVQEV2_MASK_DEREVERB 64
#define OT_AI_TALKVQEV2_MASK_DRC 16
#define OT_AI_TALKVQEV2_MASK_EQ 4
#define OT_AI_TALKVQEV2_MASK_FMP 128
#define OT_AI_TALKVQEV2_MASK_LIMITER 32
#define OT_AI_TALKVQEV2_MASK_NR 2
#define OT_AI_TALKVQEV2_MASK_PNR 1
#define OT_AI_TALKVQEV2_MASK_WNR 256
#define OT_AI_TALKVQE_MASK_AEC 2
#define OT_AI_TALKVQE_MASK_AGC 8
#define OT_AI_TALKVQE_MASK_ANR 32
#define OT_AI_TALKVQE_MASK_EQ 16
#define OT_AI_TALKVQE_MASK_HPF 1
#define OT_AO_DEV_MAX_NUM 5
#define OT_AO_DEV_MIN_NUM 0
#define OT_AO_MAX_CHN_NUM 2
#define OT_AO_SYS_CHN_ID 2
#define OT_AO_VQE_MASK_AGC 4
#define OT_AO_VQE_MASK_ANR 2
#define OT_AO_VQE_MASK_EQ 8
#define OT_AO_VQE_MASK_HPF 1
#define OT_AUDIO_FRAME_CHN_NUM 2
#define OT_MAX_ADEC_AENC_FRAME_NUM 100
#define OT_MAX_AI_POINT_NUM 2048
#define OT_MAX_AO_POINT_NUM 4096
#define OT_MAX_AUDIO_FILE_NAME_LEN 256
#define OT_MAX_AUDIO_FILE_PATH_LEN 256
#define OT_MAX_AUDIO_FRAME_LEN 16384
#define OT_MAX_AUDIO_FRAME_NUM 300
#define OT_MAX_AUDIO_POINT_BYTES 4
#define OT_MAX_AUDIO_POINT_NUM 2048
#define OT_MAX_AUDIO_STREAM_LEN 16384
#define OT_MAX_VOICE_POINT_NUM 480
#define OT_MIN_AENC_POINT_NUM 80
#define OT_MIN_AUDIO_POINT_NUM 480
#define OT_TALKVQEV2_EQ_BAND_NUM 30
#define OT_VQE_DRC_SEC_NUM 5
#define OT_VQE_EQ_BAND_NUM 10

#ifdef __cplusplus
extern "C" {
#endif

typedef hi_s32 hi_ai_chn;

typedef hi_s32 hi_ao_chn;

typedef hi_s32 hi_aenc_chn;

typedef hi_s32 hi_adec_chn;

typedef hi_s32 hi_audio_dev;

typedef hi_u64 hi_phys_addr_t;

typedef hi_ai_chn ot_ai_chn;

typedef hi_ao_chn ot_ao_chn;

typedef hi_aenc_chn ot_aenc_chn;

typedef hi_adec_chn ot_adec_chn;

typedef hi_audio_dev ot_audio_dev;

typedef hi_payload_type ot_payload_type;

typedef enum {
    OT_AUDIO_SAMPLE_RATE_8000 = 8000,
    OT_AUDIO_SAMPLE_RATE_12000 = 12000,
    OT_AUDIO_SAMPLE_RATE_11025 = 11025,
    OT_AUDIO_SAMPLE_RATE_16000 = 16000,
    OT_AUDIO_SAMPLE_RATE_22050 = 22050,
    OT_AUDIO_SAMPLE_RATE_24000 = 24000,
    OT_AUDIO_SAMPLE_RATE_32000 = 32000,
    OT_AUDIO_SAMPLE_RATE_44100 = 44100,
    OT_AUDIO_SAMPLE_RATE_48000 = 48000,
    OT_AUDIO_SAMPLE_RATE_64000 = 64000,
    OT_AUDIO_SAMPLE_RATE_96000 = 96000,
    OT_AUDIO_SAMPLE_RATE_BUTT = 96001,
} ot_audio_sample_rate;

typedef enum {
    OT_AIO_MODE_I2S_MASTER = 0,
    OT_AIO_MODE_I2S_SLAVE = 1,
    OT_AIO_MODE_PCM_SLAVE_STD = 2,
    OT_AIO_MODE_PCM_SLAVE_NON_STD = 3,
    OT_AIO_MODE_PCM_MASTER_STD = 4,
    OT_AIO_MODE_PCM_MASTER_NON_STD = 5,
    OT_AIO_MODE_BUTT = 6,
} ot_aio_mode;

typedef enum {
    OT_AIO_I2STYPE_INNERCODEC = 0,
    OT_AIO_I2STYPE_INNERHDMI = 1,
    OT_AIO_I2STYPE_EXTERN = 2,
} ot_aio_i2s_type;

typedef enum {
    OT_AUDIO_SOUND_MODE_MONO = 0,
    OT_AUDIO_SOUND_MODE_STEREO = 1,
    OT_AUDIO_SOUND_MODE_BUTT = 2,
} ot_audio_snd_mode;

typedef enum {
    OT_AUDIO_BIT_WIDTH_8 = 0,
    OT_AUDIO_BIT_WIDTH_16 = 1,
    OT_AUDIO_BIT_WIDTH_24 = 2,
    OT_AUDIO_BIT_WIDTH_BUTT = 3,
} ot_audio_bit_width;

typedef enum {
    OT_ADPCM_TYPE_DVI4 = 0,
    OT_ADPCM_TYPE_IMA = 1,
    OT_ADPCM_TYPE_ORG_DVI4 = 2,
    OT_ADPCM_TYPE_BUTT = 3,
} ot_adpcm_type;

typedef enum {
    OT_G726_16K = 0,
    OT_G726_24K = 1,
    OT_G726_32K = 2,
    OT_G726_40K = 3,
    OT_MEDIA_G726_16K = 4,
    OT_MEDIA_G726_24K = 5,
    OT_MEDIA_G726_32K = 6,
    OT_MEDIA_G726_40K = 7,
    OT_G726_BUTT = 8,
} ot_g726_bps;

typedef enum {
    OT_AI_CHN_MODE_NORMAL = 0,
    OT_AI_CHN_MODE_FAST = 1,
    OT_AI_CHN_MODE_BUTT = 2,
} ot_ai_chn_mode;

typedef enum {
    OT_AUDIO_TRACK_NORMAL = 0,
    OT_AUDIO_TRACK_BOTH_LEFT = 1,
    OT_AUDIO_TRACK_BOTH_RIGHT = 2,
    OT_AUDIO_TRACK_EXCHANGE = 3,
    OT_AUDIO_TRACK_MIX = 4,
    OT_AUDIO_TRACK_LEFT_MUTE = 5,
    OT_AUDIO_TRACK_RIGHT_MUTE = 6,
    OT_AUDIO_TRACK_BOTH_MUTE = 7,
    OT_AUDIO_TRACK_BUTT = 8,
} ot_audio_track_mode;

typedef enum {
    OT_AUDIO_FADE_RATE_1 = 0,
    OT_AUDIO_FADE_RATE_2 = 1,
    OT_AUDIO_FADE_RATE_4 = 2,
    OT_AUDIO_FADE_RATE_8 = 3,
    OT_AUDIO_FADE_RATE_16 = 4,
    OT_AUDIO_FADE_RATE_32 = 5,
    OT_AUDIO_FADE_RATE_64 = 6,
    OT_AUDIO_FADE_RATE_128 = 7,
    OT_AUDIO_FADE_RATE_BUTT = 8,
} ot_audio_fade_rate;

typedef enum {
    OT_AUDIO_HPF_FREQ_80 = 80,
    OT_AUDIO_HPF_FREQ_120 = 120,
    OT_AUDIO_HPF_FREQ_150 = 150,
    OT_AUDIO_HPF_FREQ_BUTT = 151,
} ot_audio_hpf_freq;

typedef enum {
    OT_VQE_WORK_STATE_COMMON = 0,
    OT_VQE_WORK_STATE_MUSIC = 1,
    OT_VQE_WORK_STATE_NOISY = 2,
} ot_vqe_work_state;

typedef enum {
    OT_VQE_RECORD_NORMAL = 0,
    OT_VQE_RECORD_BUTT = 1,
} ot_vqe_record_type;

typedef enum {
    OT_AUDIO_CLK_SELECT_BASE = 0,
    OT_AUDIO_CLK_SELECT_SPARE = 1,
    OT_AUDIO_CLK_SELECT_BUTT = 2,
} ot_audio_clk_select;

typedef struct {
    ot_audio_sample_rate sample_rate;
    ot_audio_bit_width bit_width;
    ot_aio_mode work_mode;
    ot_audio_snd_mode snd_mode;
    hi_u32 expand_flag;
    hi_u32 frame_num;
    hi_u32 point_num_per_frame;
    hi_u32 chn_cnt;
    hi_u32 clk_share;
    ot_aio_i2s_type i2s_type;
    union {
        hi_s32 reserved[10];
    };
    hi_u32 smmu_audio_flag;
} ot_aio_attr;

typedef struct {
    ot_audio_bit_width bit_width;
    ot_audio_snd_mode snd_mode;
    hi_u8 *virt_addr[OT_AUDIO_FRAME_CHN_NUM] __attribute__((aligned(8)));
    hi_phys_addr_t phys_addr[OT_AUDIO_FRAME_CHN_NUM] __attribute__((aligned(8)));
    hi_u64 time_stamp;
    hi_u32 seq;
    hi_u32 len;
    hi_u32 pool_id[OT_AUDIO_FRAME_CHN_NUM];
} ot_audio_frame;

typedef struct {
    hi_u32 usr_frame_depth;
} ot_ai_chn_param;

typedef struct {
    ot_ai_chn_mode mode;
} ot_ai_chn_attr;

typedef struct {
    ot_audio_frame ref_frame;
    hi_bool valid;
    hi_bool sys_bind;
} ot_aec_frame;

typedef struct {
    ot_audio_frame *frame;
    hi_u32 id;
} ot_audio_frame_info;

typedef struct {
    hi_u8 *stream __attribute__((aligned(8)));
    hi_phys_addr_t phys_addr __attribute__((aligned(8)));
    hi_u32 len;
    hi_u64 time_stamp;
    hi_u32 seq;
} ot_audio_stream;

typedef struct {
    hi_u32 chn_total_num;
    hi_u32 chn_free_num;
    hi_u32 chn_busy_num;
} ot_ao_chn_state;

typedef struct {
    hi_bool fade;
    ot_audio_fade_rate fade_in_rate;
    ot_audio_fade_rate fade_out_rate;
} ot_audio_fade;

typedef struct {
    hi_bool usr_mode;
    hi_s8 cozy_noisy_mode;
    hi_s8 near_all_pass_energy;
    hi_s8 near_clean_sup_energy;
    hi_s16 double_talk_threshold;
    hi_s16 echo_band_low;
    hi_s16 echo_band_high;
    hi_s16 echo_band_low2;
    hi_s16 echo_band_high2;
    hi_s16 erl_band[OT_AEC_ERL_BAND_NUM];
    hi_s16 erl[OT_AEC_ERL_BAND_VALUE_NUM];
    hi_s16 voice_protect_freq_l;
    hi_s16 voice_protect_freq_l1;
    hi_s32 reserved;
} ot_ai_aec_cfg;

typedef struct {
    hi_bool usr_mode;
    hi_s16 nr_intensity;
    hi_s16 noise_db_threshold;
    hi_s8 music_probe_switch;
    hi_s32 reserved;
} ot_audio_anr_cfg;

typedef struct {
    hi_bool usr_mode;
    hi_s8 target_level;
    hi_s8 noise_floor;
    hi_s8 max_gain;
    hi_s8 adjust_speed;
    hi_s8 improve_snr;
    hi_s8 use_hpf;
    hi_s8 output_mode;
    hi_s16 noise_suppress_switch;
    hi_s32 reserved;
} ot_audio_agc_cfg;

typedef struct {
    hi_bool usr_mode;
    ot_audio_hpf_freq hpf_freq;
} ot_audio_hpf_cfg;

typedef struct {
    hi_bool usr_mode;
    hi_s32 nr_mode;
    hi_s32 max_nr_level;
    hi_s32 noise_threshold;
} ot_ai_rnr_cfg;

typedef struct {
    hi_s8 gain_db[OT_VQE_EQ_BAND_NUM];
    hi_s32 reserved;
} ot_audio_eq_cfg;

typedef hi_s32 (*func_gain_callback)(hi_s32);

typedef struct {
    hi_bool usr_mode;
    hi_s32 min_gain_db;
    hi_s32 max_gain_db;
    hi_s32 mic_gain_db;
    hi_s32 mic_gain_step_db;
    func_gain_callback callback;
} ot_ai_hdr_cfg;

typedef struct {
    hi_bool usr_mode;
    hi_s16 attack_time;
    hi_s16 release_time;
    hi_s16 old_level_db[OT_VQE_DRC_SEC_NUM];
    hi_s16 new_level_db[OT_VQE_DRC_SEC_NUM];
} ot_ai_drc_cfg;

typedef struct {
    hi_bool usr_mode;
    hi_s8 gain_db[OT_TALKVQEV2_EQ_BAND_NUM];
} ot_ai_talk_v2_eq_cfg;

typedef struct {
    hi_bool usr_mode;
    hi_s16 min_gain_limit;
    hi_s16 snr_prior_limit;
    hi_s16 ht_threshold;
    hi_s16 hs_threshold;
    hi_s16 alpha_ph;
    hi_s16 alpha_psd;
    hi_s16 prior_snr_fixed;
    hi_s16 cep_threshold;
    hi_s16 speech_protect_threshold;
    hi_s16 hem_enable;
    hi_s16 tcs_enable;
    hi_s16 reserved[3];
} ot_ai_talk_v2_pnr_cfg;

typedef struct {
    hi_bool usr_mode;
    hi_s16 min_gain_limit;
    hi_s16 snr_prior_limit;
    hi_s16 ht_threshold;
    hi_s16 hs_threshold;
    hi_s16 pri_noise_esti_mode;
    hi_s16 prior_snr_fixed;
    hi_s16 prio_snr_threshold;
    hi_s16 sm_prio_snr_threshold;
    hi_s16 reserved[16];
} ot_ai_talk_v2_nr_cfg;

typedef struct {
    hi_bool usr_mode;
    hi_s8 target_level;
    hi_u8 max_gain;
    hi_s8 min_gain;
    hi_s8 adjust_speed;
    hi_s16 reserved[3];
} ot_ai_talk_v2_agc_cfg;

typedef struct {
    hi_s8 reserved[6];
} ot_ai_talk_v2_wnr_cfg;

typedef struct {
    hi_u32 open_mask;
    hi_s32 work_sample_rate;
    hi_s32 frame_sample;
    ot_vqe_work_state work_state;
    hi_s32 in_chn_num;
    hi_s32 out_chn_num;
    ot_ai_talk_v2_pnr_cfg pnr_cfg;
    ot_ai_talk_v2_nr_cfg nr_cfg;
    ot_ai_talk_v2_eq_cfg eq_cfg;
    ot_ai_talk_v2_agc_cfg agc_cfg;
    hi_bool reserved0;
    hi_s16 reserved1[19];
    hi_u8 reserved2[8];
    ot_ai_talk_v2_wnr_cfg wnr_cfg;
} ot_ai_talk_vqe_v2_cfg;

typedef struct {
    hi_u32 open_mask;
    hi_s32 work_sample_rate;
    hi_s32 frame_sample;
    ot_vqe_work_state work_state;
    hi_s32 in_chn_num;
    hi_s32 out_chn_num;
    ot_vqe_record_type record_type;
    ot_audio_hpf_cfg hpf_cfg;
    ot_ai_rnr_cfg rnr_cfg;
    ot_ai_hdr_cfg hdr_cfg;
    ot_ai_drc_cfg drc_cfg;
    ot_audio_eq_cfg eq_cfg;
    ot_audio_agc_cfg agc_cfg;
} ot_ai_record_vqe_cfg;

typedef struct {
    hi_u32 open_mask;
    hi_s32 work_sample_rate;
    hi_s32 frame_sample;
    ot_vqe_work_state work_state;
    ot_audio_hpf_cfg hpf_cfg;
    ot_ai_aec_cfg aec_cfg;
    ot_audio_anr_cfg anr_cfg;
    ot_audio_agc_cfg agc_cfg;
    ot_audio_eq_cfg eq_cfg;
} ot_ai_talk_vqe_cfg;

typedef struct {
    hi_u32 open_mask;
    hi_s32 work_sample_rate;
    hi_s32 frame_sample;
    ot_vqe_work_state work_state;
    ot_audio_hpf_cfg hpf_cfg;
    ot_audio_anr_cfg anr_cfg;
    ot_audio_agc_cfg agc_cfg;
    ot_audio_eq_cfg eq_cfg;
} ot_ao_vqe_cfg;

typedef struct {
    hi_void *handle;
} ot_vqe_mod_cfg;

typedef struct {
    ot_vqe_mod_cfg resample_mod_cfg;
    ot_vqe_mod_cfg hpf_mod_cfg;
    ot_vqe_mod_cfg hdr_mod_cfg;
    ot_vqe_mod_cfg gain_mod_cfg;
    ot_vqe_mod_cfg record_mod_cfg;
    ot_vqe_mod_cfg aec_mod_cfg;
    ot_vqe_mod_cfg anr_mod_cfg;
    ot_vqe_mod_cfg agc_mod_cfg;
    ot_vqe_mod_cfg eq_mod_cfg;
    ot_vqe_mod_cfg rnr_mod_cfg;
    ot_vqe_mod_cfg drc_mod_cfg;
    ot_vqe_mod_cfg peq_mod_cfg;
    ot_vqe_mod_cfg talkv2_mod_cfg;
    ot_vqe_mod_cfg wnr_mod_cfg;
} ot_audio_vqe_register;

typedef struct {
    hi_bool cfg;
    hi_char file_path[OT_MAX_AUDIO_FILE_PATH_LEN];
    hi_char file_name[OT_MAX_AUDIO_FILE_NAME_LEN];
    hi_u32 file_size;
} ot_audio_save_file_info;

typedef struct {
    hi_bool saving;
} ot_audio_file_status;

typedef struct {
    ot_audio_clk_select clk_select;
} ot_audio_mod_param;

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_OT_COMMON_AIO_H_ */
