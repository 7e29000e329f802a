/* aclvdecChannelDesc (every set/get, the typed parameter API) and aclvdecFrameConfig.
 *
 * Choices where the documentation is silent or differs by chip: values are checked on set
 * (channel id < 256, the four stream formats, NV12/NV21 output, out mode 0 or 1, bit depth 0
 * (8-bit) or 1 (10-bit, stored only: the output is 8-bit), at most 16 reference frames, output
 * width/height 0 or up to 8192); a created channel keeps the values it was created with; the
 * getters of a NULL or destroyed desc return 0 with an error recorded; destroying a desc whose
 * channel is still created is refused (destroy the channel first). */
#include "emu.h"

#include "vdec.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define DESC ACLEMU_KIND_VDEC_CHANNEL_DESC

enum { MAX_CHANNEL_ID = 255, MAX_REF_FRAMES = 16, MAX_OUT_SIDE = 8192 };

struct aclvdecChannelDesc {
    aclemu_vdec_params p;
    aclemu_vdec_channel *channel;
};

struct aclvdecFrameConfig {
    int unused; /* the runtime's frame config carries no settable field in this API */
};

static pthread_mutex_t desc_lock = PTHREAD_MUTEX_INITIALIZER;

/* Locks desc_lock and returns the desc when it is live; otherwise unlocks and records the error. */
static aclvdecChannelDesc *lock_live(const aclvdecChannelDesc *desc, const char *fn)
{
    pthread_mutex_lock(&desc_lock);
    if (aclemu_handle_is(desc, DESC)) {
        return (aclvdecChannelDesc *)desc;
    }
    pthread_mutex_unlock(&desc_lock);
    if (desc == NULL) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: channelDesc is NULL", fn);
    } else {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live aclvdecChannelDesc", fn, (const void *)desc);
    }
    return NULL;
}

aclvdecChannelDesc *aclvdecCreateChannelDesc(void)
{
    aclvdecChannelDesc *desc = calloc(1, sizeof *desc);
    if (desc == NULL || aclemu_handle_add(desc, DESC) != ACL_SUCCESS) {
        free(desc);
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "aclvdecCreateChannelDesc: out of host memory");
        return NULL;
    }
    desc->p.out_format = PIXEL_FORMAT_YUV_SEMIPLANAR_420;
    desc->p.en_type = H265_MAIN_LEVEL;
    desc->p.csc_matrix = ACL_DVPP_CSC_MATRIX_BT601_NARROW;
    return desc;
}

aclError aclvdecDestroyChannelDesc(aclvdecChannelDesc *desc)
{
    const char *fn = "aclvdecDestroyChannelDesc";
    if (lock_live(desc, fn) == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    if (desc->channel != NULL) {
        pthread_mutex_unlock(&desc_lock);
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: its channel is still created (aclvdecDestroyChannel first)",
                                fn);
    }
    aclemu_handle_remove(desc, DESC);
    pthread_mutex_unlock(&desc_lock);
    free(desc);
    return ACL_SUCCESS;
}

aclError aclemu_vdec_desc_get(const aclvdecChannelDesc *desc, const char *fn, aclemu_vdec_params *params,
                              aclemu_vdec_channel **channel)
{
    if (lock_live(desc, fn) == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    *params = desc->p;
    if (channel != NULL) {
        *channel = desc->channel;
    }
    pthread_mutex_unlock(&desc_lock);
    return ACL_SUCCESS;
}

aclError aclemu_vdec_desc_attach(aclvdecChannelDesc *desc, aclemu_vdec_channel *channel, const char *fn)
{
    if (lock_live(desc, fn) == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    bool taken = channel != NULL && desc->channel != NULL;
    if (!taken) {
        desc->channel = channel;
    }
    pthread_mutex_unlock(&desc_lock);
    if (taken) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: a channel is already created on this desc", fn);
    }
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------------ setters */

/* Store one checked value: `ok` false records `what` as the reason. */
#define VDEC_SETTER(Name, type, field, ok, what)                                                              \
    aclError aclvdecSetChannelDesc##Name(aclvdecChannelDesc *desc, type value)                             \
    {                                                                                                      \
        const char *fn = "aclvdecSetChannelDesc" #Name;                                                    \
        if (!(ok)) {                                                                                       \
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s", fn, what);                          \
        }                                                                                                  \
        if (lock_live(desc, fn) == NULL) {                                                                 \
            return ACL_ERROR_INVALID_PARAM;                                                                \
        }                                                                                                  \
        desc->p.field = value;                                                                             \
        pthread_mutex_unlock(&desc_lock);                                                                  \
        return ACL_SUCCESS;                                                                                \
    }

VDEC_SETTER(ChannelId, uint32_t, channel_id, value <= MAX_CHANNEL_ID, "channel id must be 0..255")
VDEC_SETTER(ThreadId, uint64_t, thread_id, true, "")
VDEC_SETTER(Callback, aclvdecCallback, callback, value != NULL, "callback is NULL")
VDEC_SETTER(EnType, acldvppStreamFormat, en_type, (uint32_t)value <= (uint32_t)H264_HIGH_LEVEL,
            "enType must be H265_MAIN_LEVEL, H264_BASELINE_LEVEL, H264_MAIN_LEVEL or H264_HIGH_LEVEL")
VDEC_SETTER(OutPicFormat, acldvppPixelFormat, out_format,
            value == PIXEL_FORMAT_YUV_SEMIPLANAR_420 || value == PIXEL_FORMAT_YVU_SEMIPLANAR_420,
            "the output format must be PIXEL_FORMAT_YUV_SEMIPLANAR_420 or PIXEL_FORMAT_YVU_SEMIPLANAR_420")
VDEC_SETTER(OutPicWidth, uint32_t, out_width, value <= MAX_OUT_SIDE, "output width must be 0..8192")
VDEC_SETTER(OutPicHeight, uint32_t, out_height, value <= MAX_OUT_SIDE, "output height must be 0..8192")
VDEC_SETTER(RefFrameNum, uint32_t, ref_frame_num, value <= MAX_REF_FRAMES, "reference frames must be 0..16")
VDEC_SETTER(BitDepth, uint32_t, bit_depth, value <= 1, "bit depth must be 0 (8-bit) or 1 (10-bit)")
VDEC_SETTER(OutMode, uint32_t, out_mode, value <= 1, "out mode must be 0 (default) or 1 (fast)")

static aclError set_csc_matrix(aclvdecChannelDesc *desc, uint32_t value, const char *fn)
{
    if (value > ACL_DVPP_CSC_MATRIX_BT2020_NARROW) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown CSC matrix %u", fn, value);
    }
    if (lock_live(desc, fn) == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    desc->p.csc_matrix = value;
    pthread_mutex_unlock(&desc_lock);
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------------ getters */

#define VDEC_GETTER(Name, type, field)                                                                     \
    type aclvdecGetChannelDesc##Name(const aclvdecChannelDesc *desc)                                       \
    {                                                                                                      \
        if (lock_live(desc, "aclvdecGetChannelDesc" #Name) == NULL) {                                      \
            return (type)0;                                                                                \
        }                                                                                                  \
        type value = desc->p.field;                                                                        \
        pthread_mutex_unlock(&desc_lock);                                                                  \
        return value;                                                                                      \
    }

VDEC_GETTER(ChannelId, uint32_t, channel_id)
VDEC_GETTER(ThreadId, uint64_t, thread_id)
VDEC_GETTER(Callback, aclvdecCallback, callback)
VDEC_GETTER(EnType, acldvppStreamFormat, en_type)
VDEC_GETTER(OutPicFormat, acldvppPixelFormat, out_format)
VDEC_GETTER(OutPicWidth, uint32_t, out_width)
VDEC_GETTER(OutPicHeight, uint32_t, out_height)
VDEC_GETTER(RefFrameNum, uint32_t, ref_frame_num)
VDEC_GETTER(BitDepth, uint32_t, bit_depth)
VDEC_GETTER(OutMode, uint32_t, out_mode)

/* ---------------------------------------------------------- typed parameters */

/* Size in bytes of each aclvdecChannelDescParamType's value (0: unknown type). */
static size_t param_size(aclvdecChannelDescParamType type)
{
    switch (type) {
    case ACL_VDEC_THREAD_ID_UINT64:
        return sizeof(uint64_t);
    case ACL_VDEC_CALLBACK_PTR:
        return sizeof(aclvdecCallback);
    case ACL_VDEC_CSC_MATRIX_UINT32:
    case ACL_VDEC_OUT_MODE_UINT32:
    case ACL_VDEC_CHANNEL_ID_UINT32:
    case ACL_VDEC_ENCODE_TYPE_UINT32:
    case ACL_VDEC_OUT_PIC_FORMAT_UINT32:
    case ACL_VDEC_OUT_PIC_WIDTH_UINT32:
    case ACL_VDEC_OUT_PIC_HEIGHT_UINT32:
    case ACL_VDEC_REF_FRAME_NUM_UINT32:
    case ACL_VDEC_BIT_DEPTH_UINT32:
        return sizeof(uint32_t);
    }
    return 0;
}

aclError aclvdecSetChannelDescParam(aclvdecChannelDesc *desc, aclvdecChannelDescParamType type, size_t length,
                                    const void *param)
{
    const char *fn = "aclvdecSetChannelDescParam";
    size_t need = param_size(type);
    if (need == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown parameter type %d", fn, (int)type);
    }
    if (param == NULL || length != need) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: parameter %d takes %zu bytes, got %zu%s", fn, (int)type,
                                need, length, param == NULL ? " and a NULL value" : "");
    }
    uint32_t u32 = 0;
    uint64_t u64 = 0;
    aclvdecCallback callback = NULL;
    memcpy(type == ACL_VDEC_THREAD_ID_UINT64 ? (void *)&u64 : type == ACL_VDEC_CALLBACK_PTR ? (void *)&callback
                                                                                             : (void *)&u32,
           param, need);
    switch (type) {
    case ACL_VDEC_CSC_MATRIX_UINT32:
        return set_csc_matrix(desc, u32, fn);
    case ACL_VDEC_OUT_MODE_UINT32:
        return aclvdecSetChannelDescOutMode(desc, u32);
    case ACL_VDEC_THREAD_ID_UINT64:
        return aclvdecSetChannelDescThreadId(desc, u64);
    case ACL_VDEC_CALLBACK_PTR:
        return aclvdecSetChannelDescCallback(desc, callback);
    case ACL_VDEC_CHANNEL_ID_UINT32:
        return aclvdecSetChannelDescChannelId(desc, u32);
    case ACL_VDEC_ENCODE_TYPE_UINT32:
        return aclvdecSetChannelDescEnType(desc, (acldvppStreamFormat)u32);
    case ACL_VDEC_OUT_PIC_FORMAT_UINT32:
        return aclvdecSetChannelDescOutPicFormat(desc, (acldvppPixelFormat)u32);
    case ACL_VDEC_OUT_PIC_WIDTH_UINT32:
        return aclvdecSetChannelDescOutPicWidth(desc, u32);
    case ACL_VDEC_OUT_PIC_HEIGHT_UINT32:
        return aclvdecSetChannelDescOutPicHeight(desc, u32);
    case ACL_VDEC_REF_FRAME_NUM_UINT32:
        return aclvdecSetChannelDescRefFrameNum(desc, u32);
    case ACL_VDEC_BIT_DEPTH_UINT32:
        return aclvdecSetChannelDescBitDepth(desc, u32);
    }
    return ACL_ERROR_INVALID_PARAM; /* unreachable: param_size refused the type */
}

aclError aclvdecGetChannelDescParam(const aclvdecChannelDesc *desc, aclvdecChannelDescParamType type, size_t length,
                                    size_t *paramRetSize, void *param)
{
    const char *fn = "aclvdecGetChannelDescParam";
    size_t need = param_size(type);
    if (need == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown parameter type %d", fn, (int)type);
    }
    if (param == NULL || paramRetSize == NULL || length < need) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: parameter %d needs %zu bytes and non-NULL outputs", fn,
                                (int)type, need);
    }
    aclemu_vdec_params p;
    if (aclemu_vdec_desc_get(desc, fn, &p, NULL) != ACL_SUCCESS) {
        return ACL_ERROR_INVALID_PARAM;
    }
    uint32_t u32 = 0;
    const void *value = &u32;
    switch (type) {
    case ACL_VDEC_THREAD_ID_UINT64:
        value = &p.thread_id;
        break;
    case ACL_VDEC_CALLBACK_PTR:
        value = &p.callback;
        break;
    case ACL_VDEC_CSC_MATRIX_UINT32:
        u32 = p.csc_matrix;
        break;
    case ACL_VDEC_OUT_MODE_UINT32:
        u32 = p.out_mode;
        break;
    case ACL_VDEC_CHANNEL_ID_UINT32:
        u32 = p.channel_id;
        break;
    case ACL_VDEC_ENCODE_TYPE_UINT32:
        u32 = (uint32_t)p.en_type;
        break;
    case ACL_VDEC_OUT_PIC_FORMAT_UINT32:
        u32 = (uint32_t)p.out_format;
        break;
    case ACL_VDEC_OUT_PIC_WIDTH_UINT32:
        u32 = p.out_width;
        break;
    case ACL_VDEC_OUT_PIC_HEIGHT_UINT32:
        u32 = p.out_height;
        break;
    case ACL_VDEC_REF_FRAME_NUM_UINT32:
        u32 = p.ref_frame_num;
        break;
    case ACL_VDEC_BIT_DEPTH_UINT32:
        u32 = p.bit_depth;
        break;
    }
    memcpy(param, value, need);
    *paramRetSize = need;
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------- frame config */

aclvdecFrameConfig *aclvdecCreateFrameConfig(void)
{
    aclvdecFrameConfig *config = calloc(1, sizeof *config);
    if (config == NULL || aclemu_handle_add(config, ACLEMU_KIND_VDEC_FRAME_CONFIG) != ACL_SUCCESS) {
        free(config);
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "aclvdecCreateFrameConfig: out of host memory");
        return NULL;
    }
    return config;
}

aclError aclvdecDestroyFrameConfig(aclvdecFrameConfig *config)
{
    if (!aclemu_handle_remove(config, ACLEMU_KIND_VDEC_FRAME_CONFIG)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclvdecDestroyFrameConfig: %p is not a live aclvdecFrameConfig",
                                (void *)config);
    }
    free(config);
    return ACL_SUCCESS;
}

aclError aclemu_vdec_frame_config_check(const aclvdecFrameConfig *config, const char *fn)
{
    if (config != NULL && !aclemu_handle_is(config, ACLEMU_KIND_VDEC_FRAME_CONFIG)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live aclvdecFrameConfig", fn,
                                (const void *)config);
    }
    return ACL_SUCCESS;
}
