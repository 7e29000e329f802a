/* aclvencChannelDesc (every set/get, the typed parameter API) and aclvencFrameConfig.
 *
 * Choices where the documentation is silent or differs by chip: values are checked on set (the
 * four stream formats, NV12/NV21 input, sides 0 or 128..4096 as the runtime's encoder takes,
 * key-frame interval 0 (the encoder's default) .. 65536, rc mode 0..2, frame rate 0..240, max
 * bit rate up to 614400 kbit/s); a created channel keeps the values it was created with;
 * getters of a NULL or destroyed desc return 0 with an error recorded. */
#include "emu.h"

#include "venc.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define DESC ACLEMU_KIND_VENC_CHANNEL_DESC
#define CONFIG ACLEMU_KIND_VENC_FRAME_CONFIG

enum { MIN_SIDE = 128, MAX_SIDE = 4096, MAX_GOP = 65536, MAX_RATE = 240, MAX_KBPS = 614400 };

struct aclvencChannelDesc {
    aclemu_venc_params p;
    aclemu_venc_channel *channel;
};

struct aclvencFrameConfig {
    uint8_t force_i_frame;
    uint8_t eos;
};

static pthread_mutex_t desc_lock = PTHREAD_MUTEX_INITIALIZER;

/* Locks desc_lock and returns the object when it is live of `kind`; otherwise unlocks and records the error. */
static void *lock_live(const void *object, int kind, const char *type, const char *fn)
{
    pthread_mutex_lock(&desc_lock);
    if (aclemu_handle_is(object, kind)) {
        return (void *)object;
    }
    pthread_mutex_unlock(&desc_lock);
    aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live %s", fn, object, type);
    return NULL;
}

#define LOCK_DESC(desc, fn) lock_live(desc, DESC, "aclvencChannelDesc", fn)
#define LOCK_CONFIG(config, fn) lock_live(config, CONFIG, "aclvencFrameConfig", fn)

aclvencChannelDesc *aclvencCreateChannelDesc(void)
{
    aclvencChannelDesc *desc = calloc(1, sizeof *desc);
    if (desc == NULL || aclemu_handle_add(desc, DESC) != ACL_SUCCESS) {
        free(desc);
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "aclvencCreateChannelDesc: out of host memory");
        return NULL;
    }
    desc->p.pic_format = PIXEL_FORMAT_YUV_SEMIPLANAR_420;
    desc->p.en_type = H265_MAIN_LEVEL;
    return desc;
}

aclError aclvencDestroyChannelDesc(aclvencChannelDesc *desc)
{
    const char *fn = "aclvencDestroyChannelDesc";
    if (LOCK_DESC(desc, fn) == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    if (desc->channel != NULL) {
        pthread_mutex_unlock(&desc_lock);
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: its channel is still created (aclvencDestroyChannel first)",
                                fn);
    }
    aclemu_handle_remove(desc, DESC);
    pthread_mutex_unlock(&desc_lock);
    free(desc);
    return ACL_SUCCESS;
}

aclError aclemu_venc_desc_get(const aclvencChannelDesc *desc, const char *fn, aclemu_venc_params *params,
                              aclemu_venc_channel **channel)
{
    if (LOCK_DESC(desc, fn) == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    *params = desc->p;
    if (channel != NULL) {
        *channel = desc->channel;
    }
    pthread_mutex_unlock(&desc_lock);
    return ACL_SUCCESS;
}

aclError aclemu_venc_desc_attach(aclvencChannelDesc *desc, aclemu_venc_channel *channel, uint32_t channel_id,
                                 const char *fn)
{
    if (LOCK_DESC(desc, fn) == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    bool taken = channel != NULL && desc->channel != NULL;
    if (!taken) {
        desc->channel = channel;
        desc->p.channel_id = channel_id;
    }
    pthread_mutex_unlock(&desc_lock);
    if (taken) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: a channel is already created on this desc", fn);
    }
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------------ setters */

#define VENC_SETTER(Name, type, field, ok, what)                                                              \
    aclError aclvencSetChannelDesc##Name(aclvencChannelDesc *desc, type value)                             \
    {                                                                                                      \
        const char *fn = "aclvencSetChannelDesc" #Name;                                                    \
        if (!(ok)) {                                                                                       \
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s", fn, what);                          \
        }                                                                                                  \
        if (LOCK_DESC(desc, fn) == NULL) {                                                                 \
            return ACL_ERROR_INVALID_PARAM;                                                                \
        }                                                                                                  \
        desc->p.field = value;                                                                             \
        pthread_mutex_unlock(&desc_lock);                                                                  \
        return ACL_SUCCESS;                                                                                \
    }

#define SIDE_OK(v) ((v) == 0 || ((v) >= MIN_SIDE && (v) <= MAX_SIDE))

VENC_SETTER(ThreadId, uint64_t, thread_id, true, "")
VENC_SETTER(Callback, aclvencCallback, callback, value != NULL, "callback is NULL")
VENC_SETTER(EnType, acldvppStreamFormat, en_type, (uint32_t)value <= (uint32_t)H264_HIGH_LEVEL,
            "enType must be H265_MAIN_LEVEL, H264_BASELINE_LEVEL, H264_MAIN_LEVEL or H264_HIGH_LEVEL")
VENC_SETTER(PicFormat, acldvppPixelFormat, pic_format,
            value == PIXEL_FORMAT_YUV_SEMIPLANAR_420 || value == PIXEL_FORMAT_YVU_SEMIPLANAR_420,
            "the input format must be PIXEL_FORMAT_YUV_SEMIPLANAR_420 or PIXEL_FORMAT_YVU_SEMIPLANAR_420")
VENC_SETTER(PicWidth, uint32_t, pic_width, SIDE_OK(value), "width must be 128..4096")
VENC_SETTER(PicHeight, uint32_t, pic_height, SIDE_OK(value), "height must be 128..4096")
VENC_SETTER(KeyFrameInterval, uint32_t, key_frame_interval, value <= MAX_GOP, "key-frame interval must be 0..65536")
VENC_SETTER(BufAddr, void *, buf_addr, true, "")
VENC_SETTER(BufSize, uint32_t, buf_size, true, "")
VENC_SETTER(RcMode, uint32_t, rc_mode, value <= 2, "rc mode must be 0 (default), 1 (VBR) or 2 (CBR)")
VENC_SETTER(SrcRate, uint32_t, src_rate, value <= MAX_RATE, "source frame rate must be 0..240")
VENC_SETTER(MaxBitRate, uint32_t, max_bit_rate, value <= MAX_KBPS, "max bit rate must be 0..614400 kbit/s")

static aclError set_max_ip_prop(aclvencChannelDesc *desc, uint32_t value, const char *fn)
{
    if (LOCK_DESC(desc, fn) == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    desc->p.max_ip_prop = value;
    pthread_mutex_unlock(&desc_lock);
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------------ getters */

#define VENC_GETTER(Name, type, field)                                                                     \
    type aclvencGetChannelDesc##Name(const aclvencChannelDesc *desc)                                       \
    {                                                                                                      \
        if (LOCK_DESC(desc, "aclvencGetChannelDesc" #Name) == NULL) {                                      \
            return (type)0;                                                                                \
        }                                                                                                  \
        type value = desc->p.field;                                                                        \
        pthread_mutex_unlock(&desc_lock);                                                                  \
        return value;                                                                                      \
    }

VENC_GETTER(ChannelId, uint32_t, channel_id)
VENC_GETTER(ThreadId, uint64_t, thread_id)
VENC_GETTER(Callback, aclvencCallback, callback)
VENC_GETTER(EnType, acldvppStreamFormat, en_type)
VENC_GETTER(PicFormat, acldvppPixelFormat, pic_format)
VENC_GETTER(PicWidth, uint32_t, pic_width)
VENC_GETTER(PicHeight, uint32_t, pic_height)
VENC_GETTER(KeyFrameInterval, uint32_t, key_frame_interval)
VENC_GETTER(BufAddr, void *, buf_addr)
VENC_GETTER(BufSize, uint32_t, buf_size)
VENC_GETTER(RcMode, uint32_t, rc_mode)
VENC_GETTER(SrcRate, uint32_t, src_rate)
VENC_GETTER(MaxBitRate, uint32_t, max_bit_rate)

/* ---------------------------------------------------------- typed parameters */

static size_t param_size(aclvencChannelDescParamType type)
{
    switch (type) {
    case ACL_VENC_THREAD_ID_UINT64:
        return sizeof(uint64_t);
    case ACL_VENC_CALLBACK_PTR:
        return sizeof(aclvencCallback);
    case ACL_VENC_BUF_ADDR_PTR:
        return sizeof(void *);
    case ACL_VENC_PIXEL_FORMAT_UINT32:
    case ACL_VENC_ENCODE_TYPE_UINT32:
    case ACL_VENC_PIC_WIDTH_UINT32:
    case ACL_VENC_PIC_HEIGHT_UINT32:
    case ACL_VENC_KEY_FRAME_INTERVAL_UINT32:
    case ACL_VENC_BUF_SIZE_UINT32:
    case ACL_VENC_RC_MODE_UINT32:
    case ACL_VENC_SRC_RATE_UINT32:
    case ACL_VENC_MAX_BITRATE_UINT32:
    case ACL_VENC_MAX_IP_PROP_UINT32:
        return sizeof(uint32_t);
    }
    return 0;
}

aclError aclvencSetChannelDescParam(aclvencChannelDesc *desc, aclvencChannelDescParamType type, size_t length,
                                    const void *param)
{
    const char *fn = "aclvencSetChannelDescParam";
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
    aclvencCallback callback = NULL;
    void *pointer = NULL;
    void *target = type == ACL_VENC_THREAD_ID_UINT64 ? (void *)&u64
                   : type == ACL_VENC_CALLBACK_PTR   ? (void *)&callback
                   : type == ACL_VENC_BUF_ADDR_PTR   ? (void *)&pointer
                                                     : (void *)&u32;
    memcpy(target, param, need);
    switch (type) {
    case ACL_VENC_THREAD_ID_UINT64:
        return aclvencSetChannelDescThreadId(desc, u64);
    case ACL_VENC_CALLBACK_PTR:
        return aclvencSetChannelDescCallback(desc, callback);
    case ACL_VENC_BUF_ADDR_PTR:
        return aclvencSetChannelDescBufAddr(desc, pointer);
    case ACL_VENC_PIXEL_FORMAT_UINT32:
        return aclvencSetChannelDescPicFormat(desc, (acldvppPixelFormat)u32);
    case ACL_VENC_ENCODE_TYPE_UINT32:
        return aclvencSetChannelDescEnType(desc, (acldvppStreamFormat)u32);
    case ACL_VENC_PIC_WIDTH_UINT32:
        return aclvencSetChannelDescPicWidth(desc, u32);
    case ACL_VENC_PIC_HEIGHT_UINT32:
        return aclvencSetChannelDescPicHeight(desc, u32);
    case ACL_VENC_KEY_FRAME_INTERVAL_UINT32:
        return aclvencSetChannelDescKeyFrameInterval(desc, u32);
    case ACL_VENC_BUF_SIZE_UINT32:
        return aclvencSetChannelDescBufSize(desc, u32);
    case ACL_VENC_RC_MODE_UINT32:
        return aclvencSetChannelDescRcMode(desc, u32);
    case ACL_VENC_SRC_RATE_UINT32:
        return aclvencSetChannelDescSrcRate(desc, u32);
    case ACL_VENC_MAX_BITRATE_UINT32:
        return aclvencSetChannelDescMaxBitRate(desc, u32);
    case ACL_VENC_MAX_IP_PROP_UINT32:
        return set_max_ip_prop(desc, u32, fn);
    }
    return ACL_ERROR_INVALID_PARAM; /* unreachable: param_size refused the type */
}

aclError aclvencGetChannelDescParam(const aclvencChannelDesc *desc, aclvencChannelDescParamType type, size_t length,
                                    size_t *paramRetSize, void *param)
{
    const char *fn = "aclvencGetChannelDescParam";
    size_t need = param_size(type);
    if (need == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown parameter type %d", fn, (int)type);
    }
    if (param == NULL || paramRetSize == NULL || length < need) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: parameter %d needs %zu bytes and non-NULL outputs", fn,
                                (int)type, need);
    }
    aclemu_venc_params p;
    if (aclemu_venc_desc_get(desc, fn, &p, NULL) != ACL_SUCCESS) {
        return ACL_ERROR_INVALID_PARAM;
    }
    const uint32_t u32[] = {
        [ACL_VENC_PIXEL_FORMAT_UINT32] = (uint32_t)p.pic_format,
        [ACL_VENC_ENCODE_TYPE_UINT32] = (uint32_t)p.en_type,
        [ACL_VENC_PIC_WIDTH_UINT32] = p.pic_width,
        [ACL_VENC_PIC_HEIGHT_UINT32] = p.pic_height,
        [ACL_VENC_KEY_FRAME_INTERVAL_UINT32] = p.key_frame_interval,
        [ACL_VENC_BUF_SIZE_UINT32] = p.buf_size,
        [ACL_VENC_RC_MODE_UINT32] = p.rc_mode,
        [ACL_VENC_SRC_RATE_UINT32] = p.src_rate,
        [ACL_VENC_MAX_BITRATE_UINT32] = p.max_bit_rate,
        [ACL_VENC_MAX_IP_PROP_UINT32] = p.max_ip_prop,
    };
    const void *value = type == ACL_VENC_THREAD_ID_UINT64 ? (const void *)&p.thread_id
                        : type == ACL_VENC_CALLBACK_PTR   ? (const void *)&p.callback
                        : type == ACL_VENC_BUF_ADDR_PTR   ? (const void *)&p.buf_addr
                                                          : (const void *)&u32[type];
    memcpy(param, value, need);
    *paramRetSize = need;
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------- frame config */

aclvencFrameConfig *aclvencCreateFrameConfig(void)
{
    aclvencFrameConfig *config = calloc(1, sizeof *config);
    if (config == NULL || aclemu_handle_add(config, CONFIG) != ACL_SUCCESS) {
        free(config);
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "aclvencCreateFrameConfig: out of host memory");
        return NULL;
    }
    return config;
}

aclError aclvencDestroyFrameConfig(aclvencFrameConfig *config)
{
    if (LOCK_CONFIG(config, "aclvencDestroyFrameConfig") == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    aclemu_handle_remove(config, CONFIG);
    pthread_mutex_unlock(&desc_lock);
    free(config);
    return ACL_SUCCESS;
}

static aclError set_flag(aclvencFrameConfig *config, bool eos, uint8_t value, const char *fn)
{
    if (value > 1) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the flag must be 0 or 1, got %u", fn, value);
    }
    if (LOCK_CONFIG(config, fn) == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    *(eos ? &config->eos : &config->force_i_frame) = value;
    pthread_mutex_unlock(&desc_lock);
    return ACL_SUCCESS;
}

aclError aclvencSetFrameConfigForceIFrame(aclvencFrameConfig *config, uint8_t forceIFrame)
{
    return set_flag(config, false, forceIFrame, "aclvencSetFrameConfigForceIFrame");
}

aclError aclvencSetFrameConfigEos(aclvencFrameConfig *config, uint8_t eos)
{
    return set_flag(config, true, eos, "aclvencSetFrameConfigEos");
}

static uint8_t get_flag(const aclvencFrameConfig *config, bool eos, const char *fn)
{
    if (LOCK_CONFIG(config, fn) == NULL) {
        return 0;
    }
    uint8_t value = eos ? config->eos : config->force_i_frame;
    pthread_mutex_unlock(&desc_lock);
    return value;
}

uint8_t aclvencGetFrameConfigForceIFrame(const aclvencFrameConfig *config)
{
    return get_flag(config, false, "aclvencGetFrameConfigForceIFrame");
}

uint8_t aclvencGetFrameConfigEos(const aclvencFrameConfig *config)
{
    return get_flag(config, true, "aclvencGetFrameConfigEos");
}

aclError aclemu_venc_frame_config_get(const aclvencFrameConfig *config, const char *fn, bool *force_i_frame, bool *eos)
{
    *force_i_frame = *eos = false;
    if (config == NULL) {
        return ACL_SUCCESS;
    }
    if (LOCK_CONFIG(config, fn) == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    *force_i_frame = config->force_i_frame != 0;
    *eos = config->eos != 0;
    pthread_mutex_unlock(&desc_lock);
    return ACL_SUCCESS;
}
