/* DVPP channels: the channel desc (create / destroy / mode / params / id) and
 * acldvppCreateChannel / acldvppDestroyChannel.
 *
 * A channel owns no memory the program could leak, but the runtime's channels are a device
 * resource: strict mode reports channels never destroyed when their device is reset or at
 * aclFinalize (release_channels, registered with aclemu_on_release), and forgets them then.
 *
 * Choices where the documentation is silent: a created channel cannot be created again
 * (ACL_ERROR_INVALID_PARAM), destroying a desc whose channel is still created is refused the same
 * way (destroy the channel first), and channel ids count from 0 per process. */
#include "emu.h"

#include "dvpp.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define CHANNEL ACLEMU_KIND_DVPP_CHANNEL_DESC

enum {
    ALL_MODES = DVPP_CHNMODE_VPC | DVPP_CHNMODE_JPEGD | DVPP_CHNMODE_JPEGE | DVPP_CHNMODE_PNGD,
    CSC_MATRIX_LAST = ACL_DVPP_CSC_MATRIX_BT2020_NARROW,
    PRECISION_LAST = ACL_YUVOUT_ALIGN_DOWN_COMPAT
};

struct acldvppChannelDesc {
    aclemu_dvpp_channel v;
    bool created;
    struct acldvppChannelDesc *next_created; /* in created_channels while created */
};

static pthread_mutex_t channel_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t next_channel_id;
static acldvppChannelDesc *created_channels; /* reset/finalize find the channels left here */

static void unlink_created_locked(acldvppChannelDesc *desc)
{
    for (acldvppChannelDesc **link = &created_channels; *link != NULL; link = &(*link)->next_created) {
        if (*link == desc) {
            *link = desc->next_created;
            desc->next_created = NULL;
            return;
        }
    }
}

static bool live_locked(const acldvppChannelDesc *desc, const char *fn)
{
    if (aclemu_handle_is(desc, CHANNEL)) {
        return true;
    }
    if (desc == NULL) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: channelDesc is NULL", fn);
    } else {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live acldvppChannelDesc", fn, (const void *)desc);
    }
    return false;
}

/* The runtime's default: a desc whose mode is never set serves every image function. */
acldvppChannelDesc *acldvppCreateChannelDesc(void)
{
    const char *fn = "acldvppCreateChannelDesc";
    struct acldvppChannelDesc *desc = calloc(1, sizeof *desc);
    if (desc == NULL) {
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
        return NULL;
    }
    desc->v.mode = ALL_MODES;
    desc->v.device = -1;
    desc->v.csc_matrix = ACL_DVPP_CSC_MATRIX_BT601_NARROW;
    desc->v.precision_mode = ACL_YUVOUT_ALIGN_DOWN_COMPAT; /* the documented default */
    if (aclemu_handle_add(desc, CHANNEL) != ACL_SUCCESS) {
        free(desc);
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory registering the handle", fn);
        return NULL;
    }
    return desc;
}

aclError acldvppDestroyChannelDesc(acldvppChannelDesc *channelDesc)
{
    const char *fn = "acldvppDestroyChannelDesc";
    pthread_mutex_lock(&channel_lock);
    aclError err = live_locked(channelDesc, fn) ? ACL_SUCCESS : ACL_ERROR_INVALID_PARAM;
    if (err == ACL_SUCCESS && channelDesc->created) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                               "%s: the channel of %p is still created; call acldvppDestroyChannel first", fn,
                               (void *)channelDesc);
    }
    if (err == ACL_SUCCESS) {
        aclemu_handle_remove(channelDesc, CHANNEL);
    }
    pthread_mutex_unlock(&channel_lock);
    if (err == ACL_SUCCESS) {
        free(channelDesc);
    }
    return err;
}

uint64_t acldvppGetChannelDescChannelId(const acldvppChannelDesc *channelDesc)
{
    uint64_t id = 0;
    pthread_mutex_lock(&channel_lock);
    if (live_locked(channelDesc, "acldvppGetChannelDescChannelId")) {
        id = channelDesc->v.id;
    }
    pthread_mutex_unlock(&channel_lock);
    return id;
}

static aclError check_mode(uint32_t mode, const char *fn)
{
    if (mode == 0 || (mode & ~(uint32_t)ALL_MODES) != 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: mode 0x%x is not a combination of DVPP_CHNMODE_VPC/JPEGD/JPEGE/PNGD", fn, mode);
    }
    return ACL_SUCCESS;
}

/* Parameter table: which field each acldvppChannelDescParamType maps to and its width. */
static uint32_t *u32_param_field(acldvppChannelDesc *desc, acldvppChannelDescParamType type)
{
    switch (type) {
    case ACL_DVPP_CSC_MATRIX_UINT32:
        return &desc->v.csc_matrix;
    case ACL_DVPP_MODE_UINT32:
        return &desc->v.mode;
    case ACL_DVPP_CHANNEL_HEIGHT_UINT32:
        return &desc->v.height;
    case ACL_DVPP_CHANNEL_WIDTH_UINT32:
        return &desc->v.width;
    case ACL_DVPP_JPEGD_PRECISION_MODE_ENUM:
        return &desc->v.precision_mode;
    default:
        return NULL;
    }
}

static aclError check_param_value(acldvppChannelDescParamType type, uint32_t value, const char *fn)
{
    switch (type) {
    case ACL_DVPP_CSC_MATRIX_UINT32:
        if (value > CSC_MATRIX_LAST) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown CSC matrix %u", fn, value);
        }
        return ACL_SUCCESS;
    case ACL_DVPP_MODE_UINT32:
        return check_mode(value, fn);
    case ACL_DVPP_JPEGD_PRECISION_MODE_ENUM:
        if (value > PRECISION_LAST) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown JPEGD precision mode %u", fn, value);
        }
        return ACL_SUCCESS;
    default:
        return ACL_SUCCESS;
    }
}

/* Only before acldvppCreateChannel, as the documented call order says. */
static aclError set_param(acldvppChannelDesc *desc, acldvppChannelDescParamType type, uint32_t value, const char *fn)
{
    aclError err = check_param_value(type, value, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&channel_lock);
    err = live_locked(desc, fn) ? ACL_SUCCESS : ACL_ERROR_INVALID_PARAM;
    if (err == ACL_SUCCESS && desc->created) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the channel is already created", fn);
    }
    if (err == ACL_SUCCESS) {
        *u32_param_field(desc, type) = value;
    }
    pthread_mutex_unlock(&channel_lock);
    return err;
}

aclError acldvppSetChannelDescParam(acldvppChannelDesc *channelDesc, acldvppChannelDescParamType paramType,
                                    size_t length, const void *param)
{
    const char *fn = "acldvppSetChannelDescParam";
    if (param == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: param is NULL", fn);
    }
    if (paramType == ACL_DVPP_CHANNEL_ID_UINT64) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the channel id is read-only (set by acldvppCreateChannel)",
                                fn);
    }
    if ((int)paramType < (int)ACL_DVPP_CSC_MATRIX_UINT32 || (int)paramType > (int)ACL_DVPP_JPEGD_PRECISION_MODE_ENUM) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown paramType %d", fn, (int)paramType);
    }
    /* pyACL passes length 0 for every type but the CSC matrix (its value cell is 8 bytes), so 0
     * means "the parameter's own width"; a length given must hold the value. */
    if (length != 0 && length < sizeof(uint32_t)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: length %zu is smaller than the %zu bytes of paramType %d",
                                fn, length, sizeof(uint32_t), (int)paramType);
    }
    uint32_t value;
    memcpy(&value, param, sizeof value);
    return set_param(channelDesc, paramType, value, fn);
}

aclError acldvppSetChannelDescMode(acldvppChannelDesc *channelDesc, uint32_t mode)
{
    return set_param(channelDesc, ACL_DVPP_MODE_UINT32, mode, "acldvppSetChannelDescMode");
}

aclError acldvppGetChannelDescParam(const acldvppChannelDesc *channelDesc, acldvppChannelDescParamType paramType,
                                    size_t length, size_t *paramRetSize, void *param)
{
    const char *fn = "acldvppGetChannelDescParam";
    if (param == NULL || paramRetSize == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, param == NULL ? "param" : "paramRetSize");
    }
    if ((int)paramType < (int)ACL_DVPP_CSC_MATRIX_UINT32 || (int)paramType > (int)ACL_DVPP_JPEGD_PRECISION_MODE_ENUM) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown paramType %d", fn, (int)paramType);
    }
    size_t need = paramType == ACL_DVPP_CHANNEL_ID_UINT64 ? sizeof(uint64_t) : sizeof(uint32_t);
    if (length < need) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: length %zu is smaller than the %zu bytes of paramType %d",
                                fn, length, need, (int)paramType);
    }
    pthread_mutex_lock(&channel_lock);
    bool ok = live_locked(channelDesc, fn);
    if (ok && paramType == ACL_DVPP_CHANNEL_ID_UINT64) {
        memcpy(param, &channelDesc->v.id, need);
    } else if (ok) {
        memcpy(param, u32_param_field((acldvppChannelDesc *)channelDesc, paramType), need);
    }
    pthread_mutex_unlock(&channel_lock);
    if (!ok) {
        return ACL_ERROR_INVALID_PARAM;
    }
    *paramRetSize = need;
    return ACL_SUCCESS;
}

aclError acldvppCreateChannel(acldvppChannelDesc *channelDesc)
{
    const char *fn = "acldvppCreateChannel";
    int32_t device = -1;
    aclError err = aclemu_require_device(fn, &device);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&channel_lock);
    err = live_locked(channelDesc, fn) ? ACL_SUCCESS : ACL_ERROR_INVALID_PARAM;
    if (err == ACL_SUCCESS && channelDesc->created) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the channel of %p is already created", fn,
                               (void *)channelDesc);
    }
    if (err == ACL_SUCCESS) {
        channelDesc->created = true;
        channelDesc->v.device = device;
        channelDesc->v.id = next_channel_id++;
        channelDesc->next_created = created_channels;
        created_channels = channelDesc;
    }
    pthread_mutex_unlock(&channel_lock);
    return err;
}

/* Work already queued on streams keeps the snapshot it took, so no wait is needed here. */
aclError acldvppDestroyChannel(acldvppChannelDesc *channelDesc)
{
    const char *fn = "acldvppDestroyChannel";
    pthread_mutex_lock(&channel_lock);
    aclError err = live_locked(channelDesc, fn) ? ACL_SUCCESS : ACL_ERROR_INVALID_PARAM;
    if (err == ACL_SUCCESS && !channelDesc->created) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the channel of %p was never created (or already destroyed)",
                               fn, (void *)channelDesc);
    }
    if (err == ACL_SUCCESS) {
        channelDesc->created = false;
        unlink_created_locked(channelDesc);
    }
    pthread_mutex_unlock(&channel_lock);
    return err;
}

aclError aclemu_dvpp_channel_get(const acldvppChannelDesc *channel, uint32_t mode, const char *fn,
                                 aclemu_dvpp_channel *out)
{
    pthread_mutex_lock(&channel_lock);
    aclError err = live_locked(channel, fn) ? ACL_SUCCESS : ACL_ERROR_INVALID_PARAM;
    if (err == ACL_SUCCESS && !channel->created) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: channelDesc %p has no channel: call acldvppCreateChannel",
                               fn, (const void *)channel);
    } else if (err == ACL_SUCCESS && (channel->v.mode & mode) == 0) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the channel was created for mode 0x%x, without 0x%x", fn,
                               channel->v.mode, mode);
    }
    if (err == ACL_SUCCESS) {
        *out = channel->v;
    }
    pthread_mutex_unlock(&channel_lock);
    return err;
}

static size_t release_channels(int32_t device, const char *fn)
{
    size_t count = 0;
    bool strict = aclemu_strict();
    pthread_mutex_lock(&channel_lock);
    for (acldvppChannelDesc **link = &created_channels; *link != NULL;) {
        acldvppChannelDesc *desc = *link;
        if (device >= 0 && desc->v.device != device) {
            link = &desc->next_created;
            continue;
        }
        if (strict) {
            aclemu_diag("leak: DVPP channel %llu of device %d was not destroyed before %s",
                        (unsigned long long)desc->v.id, desc->v.device, fn);
        }
        desc->created = false;
        *link = desc->next_created;
        desc->next_created = NULL;
        ++count;
    }
    pthread_mutex_unlock(&channel_lock);
    return count;
}

__attribute__((constructor)) static void register_channel_release(void)
{
    aclemu_on_release(release_channels);
}
