/*
 * Internal API of the aclvenc area: the channel desc and frame config (venc_desc.c) and the
 * channels that encode through them (venc_channel.c).
 */
#ifndef ACLEMU_VENC_H
#define ACLEMU_VENC_H

#include "vdec.h"

/* The values an aclvencChannelDesc holds. */
typedef struct aclemu_venc_params {
    uint32_t channel_id; /* assigned by aclvencCreateChannel */
    uint64_t thread_id;
    aclvencCallback callback;
    acldvppStreamFormat en_type;
    acldvppPixelFormat pic_format;
    uint32_t pic_width, pic_height;
    uint32_t key_frame_interval;
    void *buf_addr; /* stored and returned: outputs get their own DVPP buffers */
    uint32_t buf_size;
    uint32_t rc_mode;      /* 0 default, 1 VBR, 2 CBR */
    uint32_t src_rate;     /* frames per second */
    uint32_t max_bit_rate; /* kbit/s */
    uint32_t max_ip_prop;
} aclemu_venc_params;

typedef struct aclemu_venc_channel aclemu_venc_channel;

aclError aclemu_venc_desc_get(const aclvencChannelDesc *desc, const char *fn, aclemu_venc_params *params,
                              aclemu_venc_channel **channel);
/* Attach (channel_id is stored with it) or detach (NULL) a channel; see aclemu_vdec_desc_attach. */
aclError aclemu_venc_desc_attach(aclvencChannelDesc *desc, aclemu_venc_channel *channel, uint32_t channel_id,
                                 const char *fn);

/* The flags of a live frame config (NULL config: both false). */
aclError aclemu_venc_frame_config_get(const aclvencFrameConfig *config, const char *fn, bool *force_i_frame,
                                      bool *eos);

#endif /* ACLEMU_VENC_H */
