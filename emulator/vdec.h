/*
 * Internal API of the aclvdec area: the channel desc (vdec_desc.c) and the channels that decode
 * through it (vdec_channel.c).
 */
#ifndef ACLEMU_VDEC_H
#define ACLEMU_VDEC_H

#include "dvpp.h"

/* Handle kinds (ACLEMU_KIND_DVPP_VIDEO_FIRST + 0..7 belong to aclvdec/aclvenc). */
enum {
    ACLEMU_KIND_VDEC_CHANNEL_DESC = ACLEMU_KIND_DVPP_VIDEO_FIRST + 0,
    ACLEMU_KIND_VDEC_FRAME_CONFIG = ACLEMU_KIND_DVPP_VIDEO_FIRST + 1,
    ACLEMU_KIND_VENC_CHANNEL_DESC = ACLEMU_KIND_DVPP_VIDEO_FIRST + 2,
    ACLEMU_KIND_VENC_FRAME_CONFIG = ACLEMU_KIND_DVPP_VIDEO_FIRST + 3
};

/* The values an aclvdecChannelDesc holds. */
typedef struct aclemu_vdec_params {
    uint32_t channel_id;
    uint64_t thread_id;
    aclvdecCallback callback;
    acldvppStreamFormat en_type;
    acldvppPixelFormat out_format;
    uint32_t out_width, out_height; /* stored and returned; the output keeps the coded size */
    uint32_t ref_frame_num;
    uint32_t bit_depth;
    uint32_t out_mode;
    uint32_t csc_matrix;
} aclemu_vdec_params;

typedef struct aclemu_vdec_channel aclemu_vdec_channel;

/* Snapshot of a live desc's values and the channel created on it (NULL when none). Errors
 * (NULL / not a live desc): ACL_ERROR_INVALID_PARAM naming fn. */
aclError aclemu_vdec_desc_get(const aclvdecChannelDesc *desc, const char *fn, aclemu_vdec_params *params,
                              aclemu_vdec_channel **channel);

/* Attach `channel` to a live desc (NULL detaches); ACL_ERROR_INVALID_PARAM when attaching to a
 * desc that has a channel already, or when the desc is not live. */
aclError aclemu_vdec_desc_attach(aclvdecChannelDesc *desc, aclemu_vdec_channel *channel, const char *fn);

/* Checks that config is a live aclvdecFrameConfig (NULL is accepted: the runtime allows it). */
aclError aclemu_vdec_frame_config_check(const aclvdecFrameConfig *config, const char *fn);

#endif /* ACLEMU_VDEC_H */
