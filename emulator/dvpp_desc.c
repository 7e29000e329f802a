/* DVPP descriptors and configs: pic desc, batch pic desc, stream desc, ROI, resize, JPEGE,
 * border, LUT map and histogram (create / destroy / set / get), plus the snapshot lookups of
 * dvpp.h that the VPC and codec files use.
 *
 * All of these are host-side objects. One private lock guards every field, so that a stream
 * worker writing an output desc (aclemu_dvpp_pic_put) never races a getter or a destroy: a
 * handle is checked and used under the same lock hold.
 *
 * Defaults where the runtime documentation is silent, chosen here: every pic/stream desc field
 * 0; resize interpolation 0 (the runtime's "default" algorithm); JPEGE level 100 (the best
 * quality); border type BORDER_CONSTANT with values 0; LUT maps start as the identity; a
 * histogram starts at 0. A getter given a bad handle records ACL_ERROR_INVALID_PARAM and returns
 * 0 (PIXEL_FORMAT_UNKNOWN for the format, -1.0 for a border value). */
#include "dvpp.h"

#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

enum { INTERPOLATION_MAX = 4, JPEGE_LEVEL_MAX = 100, JPEGE_LEVEL_DEFAULT = 100 };

struct acldvppPicDesc {
    aclemu_dvpp_pic v;
    const acldvppBatchPicDesc *batch; /* owner when an element of a batch */
};

struct acldvppBatchPicDesc {
    uint32_t count;
    struct acldvppPicDesc *pics;
};

struct acldvppStreamDesc {
    aclemu_dvpp_stream v;
};

struct acldvppRoiConfig {
    aclemu_dvpp_roi v;
};

struct acldvppResizeConfig {
    uint32_t interpolation;
};

struct acldvppJpegeConfig {
    uint32_t level;
};

struct acldvppBorderConfig {
    aclemu_dvpp_border v;
};

struct acldvppLutMap {
    aclemu_dvpp_lut v;
};

struct acldvppHist {
    uint32_t bins[ACLEMU_DVPP_HIST_DIMS][ACLEMU_DVPP_HIST_LEN];
    uint32_t ret_code;
};

static pthread_mutex_t desc_lock = PTHREAD_MUTEX_INITIALIZER;

static const char *kind_name(int kind)
{
    switch (kind) {
    case ACLEMU_KIND_DVPP_PIC_DESC:
        return "acldvppPicDesc";
    case ACLEMU_KIND_DVPP_BATCH_PIC_DESC:
        return "acldvppBatchPicDesc";
    case ACLEMU_KIND_DVPP_STREAM_DESC:
        return "acldvppStreamDesc";
    case ACLEMU_KIND_DVPP_ROI_CONFIG:
        return "acldvppRoiConfig";
    case ACLEMU_KIND_DVPP_RESIZE_CONFIG:
        return "acldvppResizeConfig";
    case ACLEMU_KIND_DVPP_JPEGE_CONFIG:
        return "acldvppJpegeConfig";
    case ACLEMU_KIND_DVPP_BORDER_CONFIG:
        return "acldvppBorderConfig";
    case ACLEMU_KIND_DVPP_LUT_MAP:
        return "acldvppLutMap";
    default:
        return "acldvppHist";
    }
}

/* Under desc_lock: true when `handle` is live with `kind`, else records the error. */
static bool live_locked(const void *handle, int kind, const char *fn, const char *what)
{
    if (aclemu_handle_is(handle, kind)) {
        return true;
    }
    if (handle == NULL) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, what);
    } else {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s %p is not a live %s (destroyed, or another kind of handle)",
                         fn, what, handle, kind_name(kind));
    }
    return false;
}

/* Copy `size` bytes at `offset` of a live handle into `out` (or from `in` when setting). */
static aclError access_field(const void *handle, int kind, size_t offset, void *out, const void *in, size_t size,
                             const char *fn, const char *what)
{
    pthread_mutex_lock(&desc_lock);
    bool ok = live_locked(handle, kind, fn, what);
    if (ok && in != NULL) {
        memcpy((char *)handle + offset, in, size);
    } else if (ok) {
        memcpy(out, (const char *)handle + offset, size);
    }
    pthread_mutex_unlock(&desc_lock);
    return ok ? ACL_SUCCESS : ACL_ERROR_INVALID_PARAM;
}

static aclError set_field(void *handle, int kind, size_t offset, const void *in, size_t size, const char *fn)
{
    return access_field(handle, kind, offset, NULL, in, size, fn, kind_name(kind));
}

static uint32_t get_u32(const void *handle, int kind, size_t offset, const char *fn)
{
    uint32_t value = 0;
    access_field(handle, kind, offset, &value, NULL, sizeof value, fn, kind_name(kind));
    return value;
}

/* New zeroed object registered as `kind`; NULL (error recorded) when out of memory. */
static void *create_object(size_t size, int kind, const char *fn)
{
    void *object = calloc(1, size);
    if (object == NULL) {
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
        return NULL;
    }
    if (aclemu_handle_add(object, kind) != ACL_SUCCESS) {
        free(object);
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory registering the handle", fn);
        return NULL;
    }
    return object;
}

static aclError destroy_object(void *object, int kind, const char *fn)
{
    pthread_mutex_lock(&desc_lock);
    bool ok = live_locked(object, kind, fn, kind_name(kind));
    if (ok) {
        aclemu_handle_remove(object, kind);
    }
    pthread_mutex_unlock(&desc_lock);
    if (ok) {
        free(object);
    }
    return ok ? ACL_SUCCESS : ACL_ERROR_INVALID_PARAM;
}

/* The argument checks of the calls that hand out one dimension of a LUT map or histogram. */
static aclError check_table_request(const void *data, const void *len, uint32_t dim, uint32_t dims, const char *fn)
{
    if (data == NULL || len == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, data == NULL ? "data" : "len");
    }
    if (dim >= dims) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dim %u is outside [0, %u)", fn, dim, dims);
    }
    return ACL_SUCCESS;
}

/* ---------------------------------------------------------------- pic desc */

#define PIC ACLEMU_KIND_DVPP_PIC_DESC
#define PIC_AT(field) offsetof(struct acldvppPicDesc, v.field)

acldvppPicDesc *acldvppCreatePicDesc(void)
{
    return create_object(sizeof(struct acldvppPicDesc), PIC, "acldvppCreatePicDesc");
}

aclError acldvppDestroyPicDesc(acldvppPicDesc *picDesc)
{
    const char *fn = "acldvppDestroyPicDesc";
    pthread_mutex_lock(&desc_lock);
    bool owned = aclemu_handle_is(picDesc, PIC) && picDesc->batch != NULL;
    pthread_mutex_unlock(&desc_lock);
    if (owned) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: %p belongs to a batch pic desc; destroy it with acldvppDestroyBatchPicDesc", fn,
                                (void *)picDesc);
    }
    return destroy_object(picDesc, PIC, fn);
}

aclError acldvppSetPicDescData(acldvppPicDesc *picDesc, void *dataDev)
{
    return set_field(picDesc, PIC, PIC_AT(data), &dataDev, sizeof dataDev, "acldvppSetPicDescData");
}

aclError acldvppSetPicDescSize(acldvppPicDesc *picDesc, uint32_t size)
{
    return set_field(picDesc, PIC, PIC_AT(size), &size, sizeof size, "acldvppSetPicDescSize");
}

aclError acldvppSetPicDescFormat(acldvppPicDesc *picDesc, acldvppPixelFormat format)
{
    return set_field(picDesc, PIC, PIC_AT(format), &format, sizeof format, "acldvppSetPicDescFormat");
}

aclError acldvppSetPicDescWidth(acldvppPicDesc *picDesc, uint32_t width)
{
    return set_field(picDesc, PIC, PIC_AT(width), &width, sizeof width, "acldvppSetPicDescWidth");
}

aclError acldvppSetPicDescHeight(acldvppPicDesc *picDesc, uint32_t height)
{
    return set_field(picDesc, PIC, PIC_AT(height), &height, sizeof height, "acldvppSetPicDescHeight");
}

aclError acldvppSetPicDescWidthStride(acldvppPicDesc *picDesc, uint32_t widthStride)
{
    return set_field(picDesc, PIC, PIC_AT(width_stride), &widthStride, sizeof widthStride,
                     "acldvppSetPicDescWidthStride");
}

aclError acldvppSetPicDescHeightStride(acldvppPicDesc *picDesc, uint32_t heightStride)
{
    return set_field(picDesc, PIC, PIC_AT(height_stride), &heightStride, sizeof heightStride,
                     "acldvppSetPicDescHeightStride");
}

aclError acldvppSetPicDescRetCode(acldvppPicDesc *picDesc, uint32_t retCode)
{
    return set_field(picDesc, PIC, PIC_AT(ret_code), &retCode, sizeof retCode, "acldvppSetPicDescRetCode");
}

void *acldvppGetPicDescData(const acldvppPicDesc *picDesc)
{
    void *data = NULL;
    access_field(picDesc, PIC, PIC_AT(data), &data, NULL, sizeof data, "acldvppGetPicDescData", "picDesc");
    return data;
}

uint32_t acldvppGetPicDescSize(const acldvppPicDesc *picDesc)
{
    return get_u32(picDesc, PIC, PIC_AT(size), "acldvppGetPicDescSize");
}

acldvppPixelFormat acldvppGetPicDescFormat(const acldvppPicDesc *picDesc)
{
    acldvppPixelFormat format = PIXEL_FORMAT_UNKNOWN;
    access_field(picDesc, PIC, PIC_AT(format), &format, NULL, sizeof format, "acldvppGetPicDescFormat", "picDesc");
    return format;
}

uint32_t acldvppGetPicDescWidth(const acldvppPicDesc *picDesc)
{
    return get_u32(picDesc, PIC, PIC_AT(width), "acldvppGetPicDescWidth");
}

uint32_t acldvppGetPicDescHeight(const acldvppPicDesc *picDesc)
{
    return get_u32(picDesc, PIC, PIC_AT(height), "acldvppGetPicDescHeight");
}

uint32_t acldvppGetPicDescWidthStride(const acldvppPicDesc *picDesc)
{
    return get_u32(picDesc, PIC, PIC_AT(width_stride), "acldvppGetPicDescWidthStride");
}

uint32_t acldvppGetPicDescHeightStride(const acldvppPicDesc *picDesc)
{
    return get_u32(picDesc, PIC, PIC_AT(height_stride), "acldvppGetPicDescHeightStride");
}

uint32_t acldvppGetPicDescRetCode(const acldvppPicDesc *picDesc)
{
    return get_u32(picDesc, PIC, PIC_AT(ret_code), "acldvppGetPicDescRetCode");
}

aclError aclemu_dvpp_pic_get(const acldvppPicDesc *desc, const char *fn, const char *what, aclemu_dvpp_pic *out)
{
    return access_field(desc, PIC, PIC_AT(data), out, NULL, sizeof *out, fn, what);
}

void aclemu_dvpp_pic_put(acldvppPicDesc *desc, const aclemu_dvpp_pic *values)
{
    pthread_mutex_lock(&desc_lock);
    if (aclemu_handle_is(desc, PIC)) {
        void *data = desc->v.data;
        desc->v = *values;
        desc->v.data = data;
    }
    pthread_mutex_unlock(&desc_lock);
}

void aclemu_dvpp_pic_set_ret_code(acldvppPicDesc *desc, uint32_t ret_code)
{
    pthread_mutex_lock(&desc_lock);
    if (aclemu_handle_is(desc, PIC)) {
        desc->v.ret_code = ret_code;
    }
    pthread_mutex_unlock(&desc_lock);
}

/* ---------------------------------------------------------- batch pic desc */

#define BATCH ACLEMU_KIND_DVPP_BATCH_PIC_DESC

static void unregister_pics(struct acldvppPicDesc *pics, uint32_t count)
{
    for (uint32_t i = 0; i < count; ++i) {
        aclemu_handle_remove(&pics[i], PIC);
    }
}

/* The runtime documents no upper bound on batchSize; ACLEMU_DVPP_BATCH_MAX keeps a typo from
 * allocating gigabytes and is above every batch limit of the VPC batch calls. */
acldvppBatchPicDesc *acldvppCreateBatchPicDesc(uint32_t batchSize)
{
    const char *fn = "acldvppCreateBatchPicDesc";
    if (batchSize == 0 || batchSize > ACLEMU_DVPP_BATCH_MAX) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: batchSize %u is outside [1, %d]", fn, batchSize,
                         ACLEMU_DVPP_BATCH_MAX);
        return NULL;
    }
    struct acldvppPicDesc *pics = calloc(batchSize, sizeof *pics);
    if (pics == NULL) {
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
        return NULL;
    }
    struct acldvppBatchPicDesc *batch = create_object(sizeof *batch, BATCH, fn);
    if (batch == NULL) {
        free(pics);
        return NULL;
    }
    batch->count = batchSize;
    batch->pics = pics;
    for (uint32_t i = 0; i < batchSize; ++i) {
        pics[i].batch = batch;
        if (aclemu_handle_add(&pics[i], PIC) != ACL_SUCCESS) {
            unregister_pics(pics, i);
            aclemu_handle_remove(batch, BATCH);
            free(batch);
            free(pics);
            aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory registering the handles", fn);
            return NULL;
        }
    }
    return batch;
}

acldvppPicDesc *acldvppGetPicDesc(acldvppBatchPicDesc *batchPicDesc, uint32_t index)
{
    const char *fn = "acldvppGetPicDesc";
    acldvppPicDesc *pic = NULL;
    pthread_mutex_lock(&desc_lock);
    if (live_locked(batchPicDesc, BATCH, fn, "batchPicDesc")) {
        if (index < batchPicDesc->count) {
            pic = &batchPicDesc->pics[index];
        } else {
            aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: index %u is past the batch size %u", fn, index,
                             batchPicDesc->count);
        }
    }
    pthread_mutex_unlock(&desc_lock);
    return pic;
}

aclError acldvppDestroyBatchPicDesc(acldvppBatchPicDesc *batchPicDesc)
{
    const char *fn = "acldvppDestroyBatchPicDesc";
    pthread_mutex_lock(&desc_lock);
    bool ok = live_locked(batchPicDesc, BATCH, fn, "batchPicDesc");
    if (ok) {
        unregister_pics(batchPicDesc->pics, batchPicDesc->count);
        aclemu_handle_remove(batchPicDesc, BATCH);
    }
    pthread_mutex_unlock(&desc_lock);
    if (!ok) {
        return ACL_ERROR_INVALID_PARAM;
    }
    free(batchPicDesc->pics);
    free(batchPicDesc);
    return ACL_SUCCESS;
}

aclError aclemu_dvpp_batch_get(const acldvppBatchPicDesc *batch, const char *fn, const char *what, uint32_t *count)
{
    return access_field(batch, BATCH, offsetof(struct acldvppBatchPicDesc, count), count, NULL, sizeof *count, fn,
                        what);
}

acldvppPicDesc *aclemu_dvpp_batch_at(const acldvppBatchPicDesc *batch, uint32_t index)
{
    acldvppPicDesc *pic = NULL;
    pthread_mutex_lock(&desc_lock);
    if (aclemu_handle_is(batch, BATCH) && index < batch->count) {
        pic = &batch->pics[index];
    }
    pthread_mutex_unlock(&desc_lock);
    return pic;
}

/* ------------------------------------------------------------- stream desc */

#define STREAM ACLEMU_KIND_DVPP_STREAM_DESC
#define STREAM_AT(field) offsetof(struct acldvppStreamDesc, v.field)

acldvppStreamDesc *acldvppCreateStreamDesc(void)
{
    return create_object(sizeof(struct acldvppStreamDesc), STREAM, "acldvppCreateStreamDesc");
}

aclError acldvppDestroyStreamDesc(acldvppStreamDesc *streamDesc)
{
    return destroy_object(streamDesc, STREAM, "acldvppDestroyStreamDesc");
}

aclError acldvppSetStreamDescData(acldvppStreamDesc *streamDesc, void *dataDev)
{
    return set_field(streamDesc, STREAM, STREAM_AT(data), &dataDev, sizeof dataDev, "acldvppSetStreamDescData");
}

aclError acldvppSetStreamDescSize(acldvppStreamDesc *streamDesc, uint32_t size)
{
    return set_field(streamDesc, STREAM, STREAM_AT(size), &size, sizeof size, "acldvppSetStreamDescSize");
}

aclError acldvppSetStreamDescFormat(acldvppStreamDesc *streamDesc, acldvppStreamFormat format)
{
    return set_field(streamDesc, STREAM, STREAM_AT(format), &format, sizeof format, "acldvppSetStreamDescFormat");
}

aclError acldvppSetStreamDescTimestamp(acldvppStreamDesc *streamDesc, uint64_t timestamp)
{
    return set_field(streamDesc, STREAM, STREAM_AT(timestamp), &timestamp, sizeof timestamp,
                     "acldvppSetStreamDescTimestamp");
}

aclError acldvppSetStreamDescRetCode(acldvppStreamDesc *streamDesc, uint32_t retCode)
{
    return set_field(streamDesc, STREAM, STREAM_AT(ret_code), &retCode, sizeof retCode, "acldvppSetStreamDescRetCode");
}

aclError acldvppSetStreamDescEos(acldvppStreamDesc *streamDesc, uint8_t eos)
{
    return set_field(streamDesc, STREAM, STREAM_AT(eos), &eos, sizeof eos, "acldvppSetStreamDescEos");
}

void *acldvppGetStreamDescData(const acldvppStreamDesc *streamDesc)
{
    void *data = NULL;
    access_field(streamDesc, STREAM, STREAM_AT(data), &data, NULL, sizeof data, "acldvppGetStreamDescData",
                 "streamDesc");
    return data;
}

uint32_t acldvppGetStreamDescSize(const acldvppStreamDesc *streamDesc)
{
    return get_u32(streamDesc, STREAM, STREAM_AT(size), "acldvppGetStreamDescSize");
}

acldvppStreamFormat acldvppGetStreamDescFormat(const acldvppStreamDesc *streamDesc)
{
    acldvppStreamFormat format = H265_MAIN_LEVEL;
    access_field(streamDesc, STREAM, STREAM_AT(format), &format, NULL, sizeof format, "acldvppGetStreamDescFormat",
                 "streamDesc");
    return format;
}

uint64_t acldvppGetStreamDescTimestamp(const acldvppStreamDesc *streamDesc)
{
    uint64_t timestamp = 0;
    access_field(streamDesc, STREAM, STREAM_AT(timestamp), &timestamp, NULL, sizeof timestamp,
                 "acldvppGetStreamDescTimestamp", "streamDesc");
    return timestamp;
}

uint32_t acldvppGetStreamDescRetCode(const acldvppStreamDesc *streamDesc)
{
    return get_u32(streamDesc, STREAM, STREAM_AT(ret_code), "acldvppGetStreamDescRetCode");
}

uint8_t acldvppGetStreamDescEos(const acldvppStreamDesc *streamDesc)
{
    uint8_t eos = 0;
    access_field(streamDesc, STREAM, STREAM_AT(eos), &eos, NULL, sizeof eos, "acldvppGetStreamDescEos",
                 "streamDesc");
    return eos;
}

aclError aclemu_dvpp_stream_get(const acldvppStreamDesc *desc, const char *fn, const char *what,
                                aclemu_dvpp_stream *out)
{
    return access_field(desc, STREAM, STREAM_AT(data), out, NULL, sizeof *out, fn, what);
}

void aclemu_dvpp_stream_put(acldvppStreamDesc *desc, const aclemu_dvpp_stream *values)
{
    pthread_mutex_lock(&desc_lock);
    if (aclemu_handle_is(desc, STREAM)) {
        void *data = desc->v.data;
        desc->v = *values;
        desc->v.data = data;
    }
    pthread_mutex_unlock(&desc_lock);
}

/* ------------------------------------------------------------------ ROI */

#define ROI ACLEMU_KIND_DVPP_ROI_CONFIG
#define ROI_AT(field) offsetof(struct acldvppRoiConfig, v.field)

/* Creation stores the coordinates as given: whether they fit a picture is checked by the VPC
 * call that uses the area, as the runtime does. */
acldvppRoiConfig *acldvppCreateRoiConfig(uint32_t left, uint32_t right, uint32_t top, uint32_t bottom)
{
    struct acldvppRoiConfig *config = create_object(sizeof *config, ROI, "acldvppCreateRoiConfig");
    if (config != NULL) {
        config->v = (aclemu_dvpp_roi){left, right, top, bottom};
    }
    return config;
}

aclError acldvppDestroyRoiConfig(acldvppRoiConfig *roiConfig)
{
    return destroy_object(roiConfig, ROI, "acldvppDestroyRoiConfig");
}

aclError acldvppSetRoiConfigLeft(acldvppRoiConfig *config, uint32_t left)
{
    return set_field(config, ROI, ROI_AT(left), &left, sizeof left, "acldvppSetRoiConfigLeft");
}

aclError acldvppSetRoiConfigRight(acldvppRoiConfig *config, uint32_t right)
{
    return set_field(config, ROI, ROI_AT(right), &right, sizeof right, "acldvppSetRoiConfigRight");
}

aclError acldvppSetRoiConfigTop(acldvppRoiConfig *config, uint32_t top)
{
    return set_field(config, ROI, ROI_AT(top), &top, sizeof top, "acldvppSetRoiConfigTop");
}

aclError acldvppSetRoiConfigBottom(acldvppRoiConfig *config, uint32_t bottom)
{
    return set_field(config, ROI, ROI_AT(bottom), &bottom, sizeof bottom, "acldvppSetRoiConfigBottom");
}

aclError acldvppSetRoiConfig(acldvppRoiConfig *config, uint32_t left, uint32_t right, uint32_t top, uint32_t bottom)
{
    aclemu_dvpp_roi roi = {left, right, top, bottom};
    return set_field(config, ROI, ROI_AT(left), &roi, sizeof roi, "acldvppSetRoiConfig");
}

aclError aclemu_dvpp_roi_get(const acldvppRoiConfig *config, const char *fn, const char *what, aclemu_dvpp_roi *out)
{
    return access_field(config, ROI, ROI_AT(left), out, NULL, sizeof *out, fn, what);
}

/* --------------------------------------------------------------- resize */

#define RESIZE ACLEMU_KIND_DVPP_RESIZE_CONFIG

acldvppResizeConfig *acldvppCreateResizeConfig(void)
{
    return create_object(sizeof(struct acldvppResizeConfig), RESIZE, "acldvppCreateResizeConfig");
}

aclError acldvppDestroyResizeConfig(acldvppResizeConfig *resizeConfig)
{
    return destroy_object(resizeConfig, RESIZE, "acldvppDestroyResizeConfig");
}

/* 0..4 are the algorithms of the Ascend 310/310P documentation (0 default, 1/3 bilinear, 2/4
 * nearest neighbour); the high-order filter (5) of later products is refused. */
aclError acldvppSetResizeConfigInterpolation(acldvppResizeConfig *resizeConfig, uint32_t interpolation)
{
    const char *fn = "acldvppSetResizeConfigInterpolation";
    if (interpolation > INTERPOLATION_MAX) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: interpolation %u is outside [0, %d]", fn, interpolation,
                                INTERPOLATION_MAX);
    }
    return set_field(resizeConfig, RESIZE, 0, &interpolation, sizeof interpolation, fn);
}

uint32_t acldvppGetResizeConfigInterpolation(const acldvppResizeConfig *resizeConfig)
{
    return get_u32(resizeConfig, RESIZE, 0, "acldvppGetResizeConfigInterpolation");
}

aclError aclemu_dvpp_resize_get(const acldvppResizeConfig *config, const char *fn, const char *what,
                                uint32_t *interpolation)
{
    return access_field(config, RESIZE, 0, interpolation, NULL, sizeof *interpolation, fn, what);
}

/* ----------------------------------------------------------------- JPEGE */

#define JPEGE ACLEMU_KIND_DVPP_JPEGE_CONFIG

acldvppJpegeConfig *acldvppCreateJpegeConfig(void)
{
    struct acldvppJpegeConfig *config = create_object(sizeof *config, JPEGE, "acldvppCreateJpegeConfig");
    if (config != NULL) {
        config->level = JPEGE_LEVEL_DEFAULT;
    }
    return config;
}

aclError acldvppDestroyJpegeConfig(acldvppJpegeConfig *jpegeConfig)
{
    return destroy_object(jpegeConfig, JPEGE, "acldvppDestroyJpegeConfig");
}

/* [0, 100] as on the Ascend 310 (level 0 encodes like 100); the 310P's [1, 100] is a subset. */
aclError acldvppSetJpegeConfigLevel(acldvppJpegeConfig *jpegeConfig, uint32_t level)
{
    const char *fn = "acldvppSetJpegeConfigLevel";
    if (level > JPEGE_LEVEL_MAX) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: level %u is outside [0, %d]", fn, level,
                                JPEGE_LEVEL_MAX);
    }
    return set_field(jpegeConfig, JPEGE, 0, &level, sizeof level, fn);
}

uint32_t acldvppGetJpegeConfigLevel(const acldvppJpegeConfig *jpegeConfig)
{
    return get_u32(jpegeConfig, JPEGE, 0, "acldvppGetJpegeConfigLevel");
}

aclError aclemu_dvpp_jpege_get(const acldvppJpegeConfig *config, const char *fn, const char *what, uint32_t *level)
{
    return access_field(config, JPEGE, 0, level, NULL, sizeof *level, fn, what);
}

/* ---------------------------------------------------------------- border */

#define BORDER ACLEMU_KIND_DVPP_BORDER_CONFIG
#define BORDER_AT(field) offsetof(struct acldvppBorderConfig, v.field)

acldvppBorderConfig *acldvppCreateBorderConfig(void)
{
    return create_object(sizeof(struct acldvppBorderConfig), BORDER, "acldvppCreateBorderConfig");
}

aclError acldvppDestroyBorderConfig(acldvppBorderConfig *borderConfig)
{
    return destroy_object(borderConfig, BORDER, "acldvppDestroyBorderConfig");
}

aclError acldvppSetBorderConfigValue(acldvppBorderConfig *borderConfig, uint32_t index, double value)
{
    const char *fn = "acldvppSetBorderConfigValue";
    if (index >= ACLEMU_DVPP_BORDER_VALUES) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: index %u is outside [0, %d)", fn, index,
                                ACLEMU_DVPP_BORDER_VALUES);
    }
    return set_field(borderConfig, BORDER, BORDER_AT(value) + index * sizeof(double), &value, sizeof value, fn);
}

aclError acldvppSetBorderConfigBorderType(acldvppBorderConfig *borderConfig, acldvppBorderType borderType)
{
    const char *fn = "acldvppSetBorderConfigBorderType";
    if ((int)borderType < (int)BORDER_CONSTANT || (int)borderType > (int)BORDER_REFLECT_101) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown border type %d", fn, (int)borderType);
    }
    return set_field(borderConfig, BORDER, BORDER_AT(type), &borderType, sizeof borderType, fn);
}

aclError acldvppSetBorderConfigTop(acldvppBorderConfig *borderConfig, uint32_t top)
{
    return set_field(borderConfig, BORDER, BORDER_AT(top), &top, sizeof top, "acldvppSetBorderConfigTop");
}

aclError acldvppSetBorderConfigBottom(acldvppBorderConfig *borderConfig, uint32_t bottom)
{
    return set_field(borderConfig, BORDER, BORDER_AT(bottom), &bottom, sizeof bottom, "acldvppSetBorderConfigBottom");
}

aclError acldvppSetBorderConfigLeft(acldvppBorderConfig *borderConfig, uint32_t left)
{
    return set_field(borderConfig, BORDER, BORDER_AT(left), &left, sizeof left, "acldvppSetBorderConfigLeft");
}

aclError acldvppSetBorderConfigRight(acldvppBorderConfig *borderConfig, uint32_t right)
{
    return set_field(borderConfig, BORDER, BORDER_AT(right), &right, sizeof right, "acldvppSetBorderConfigRight");
}

double acldvppGetBorderConfigValue(const acldvppBorderConfig *borderConfig, uint32_t index)
{
    const char *fn = "acldvppGetBorderConfigValue";
    double value = -1.0;
    if (index >= ACLEMU_DVPP_BORDER_VALUES) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: index %u is outside [0, %d)", fn, index,
                         ACLEMU_DVPP_BORDER_VALUES);
        return value;
    }
    access_field(borderConfig, BORDER, BORDER_AT(value) + index * sizeof(double), &value, NULL, sizeof value, fn,
                 "borderConfig");
    return value;
}

acldvppBorderType acldvppGetBorderConfigBorderType(const acldvppBorderConfig *borderConfig)
{
    acldvppBorderType type = BORDER_CONSTANT;
    access_field(borderConfig, BORDER, BORDER_AT(type), &type, NULL, sizeof type, "acldvppGetBorderConfigBorderType",
                 "borderConfig");
    return type;
}

uint32_t acldvppGetBorderConfigTop(const acldvppBorderConfig *borderConfig)
{
    return get_u32(borderConfig, BORDER, BORDER_AT(top), "acldvppGetBorderConfigTop");
}

uint32_t acldvppGetBorderConfigBottom(const acldvppBorderConfig *borderConfig)
{
    return get_u32(borderConfig, BORDER, BORDER_AT(bottom), "acldvppGetBorderConfigBottom");
}

uint32_t acldvppGetBorderConfigLeft(const acldvppBorderConfig *borderConfig)
{
    return get_u32(borderConfig, BORDER, BORDER_AT(left), "acldvppGetBorderConfigLeft");
}

uint32_t acldvppGetBorderConfigRight(const acldvppBorderConfig *borderConfig)
{
    return get_u32(borderConfig, BORDER, BORDER_AT(right), "acldvppGetBorderConfigRight");
}

aclError aclemu_dvpp_border_get(const acldvppBorderConfig *config, const char *fn, const char *what,
                                aclemu_dvpp_border *out)
{
    return access_field(config, BORDER, BORDER_AT(type), out, NULL, sizeof *out, fn, what);
}

/* --------------------------------------------------------------- LUT map */

#define LUT ACLEMU_KIND_DVPP_LUT_MAP

acldvppLutMap *acldvppCreateLutMap(void)
{
    struct acldvppLutMap *map = create_object(sizeof *map, LUT, "acldvppCreateLutMap");
    if (map != NULL) {
        for (int d = 0; d < ACLEMU_DVPP_LUT_DIMS; ++d) {
            for (int i = 0; i < ACLEMU_DVPP_LUT_LEN; ++i) {
                map->v.table[d][i] = (uint8_t)i;
            }
        }
    }
    return map;
}

aclError acldvppDestroyLutMap(acldvppLutMap *lutMap)
{
    return destroy_object(lutMap, LUT, "acldvppDestroyLutMap");
}

uint32_t acldvppGetLutMapDims(const acldvppLutMap *lutMap)
{
    pthread_mutex_lock(&desc_lock);
    bool ok = live_locked(lutMap, LUT, "acldvppGetLutMapDims", "lutMap");
    pthread_mutex_unlock(&desc_lock);
    return ok ? ACLEMU_DVPP_LUT_DIMS : 0;
}

/* The table itself is handed out: the program fills it through the pointer, as on the runtime. */
aclError acldvppGetLutMapData(const acldvppLutMap *lutMap, uint32_t dim, uint8_t **data, uint32_t *len)
{
    const char *fn = "acldvppGetLutMapData";
    aclError err = check_table_request(data, len, dim, ACLEMU_DVPP_LUT_DIMS, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&desc_lock);
    bool ok = live_locked(lutMap, LUT, fn, "lutMap");
    if (ok) {
        *data = (uint8_t *)lutMap->v.table[dim];
        *len = ACLEMU_DVPP_LUT_LEN;
    }
    pthread_mutex_unlock(&desc_lock);
    return ok ? ACL_SUCCESS : ACL_ERROR_INVALID_PARAM;
}

aclError aclemu_dvpp_lut_get(const acldvppLutMap *map, const char *fn, const char *what, aclemu_dvpp_lut *out)
{
    return access_field(map, LUT, 0, out, NULL, sizeof *out, fn, what);
}

/* ------------------------------------------------------------------ hist */

#define HIST ACLEMU_KIND_DVPP_HIST

acldvppHist *acldvppCreateHist(void)
{
    return create_object(sizeof(struct acldvppHist), HIST, "acldvppCreateHist");
}

aclError acldvppDestroyHist(acldvppHist *hist)
{
    return destroy_object(hist, HIST, "acldvppDestroyHist");
}

uint32_t acldvppGetHistDims(acldvppHist *hist)
{
    pthread_mutex_lock(&desc_lock);
    bool ok = live_locked(hist, HIST, "acldvppGetHistDims", "hist");
    pthread_mutex_unlock(&desc_lock);
    return ok ? ACLEMU_DVPP_HIST_DIMS : 0;
}

aclError acldvppGetHistData(acldvppHist *hist, uint32_t dim, uint32_t **data, uint16_t *len)
{
    const char *fn = "acldvppGetHistData";
    aclError err = check_table_request(data, len, dim, ACLEMU_DVPP_HIST_DIMS, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&desc_lock);
    bool ok = live_locked(hist, HIST, fn, "hist");
    if (ok) {
        *data = hist->bins[dim];
        *len = ACLEMU_DVPP_HIST_LEN;
    }
    pthread_mutex_unlock(&desc_lock);
    return ok ? ACL_SUCCESS : ACL_ERROR_INVALID_PARAM;
}

uint32_t acldvppGetHistRetCode(acldvppHist *hist)
{
    return get_u32(hist, HIST, offsetof(struct acldvppHist, ret_code), "acldvppGetHistRetCode");
}

aclError acldvppClearHist(acldvppHist *hist)
{
    pthread_mutex_lock(&desc_lock);
    bool ok = live_locked(hist, HIST, "acldvppClearHist", "hist");
    if (ok) {
        memset(hist->bins, 0, sizeof hist->bins);
        hist->ret_code = 0;
    }
    pthread_mutex_unlock(&desc_lock);
    return ok ? ACL_SUCCESS : ACL_ERROR_INVALID_PARAM;
}

aclError aclemu_dvpp_hist_check(const acldvppHist *hist, const char *fn, const char *what)
{
    pthread_mutex_lock(&desc_lock);
    bool ok = live_locked(hist, HIST, fn, what);
    pthread_mutex_unlock(&desc_lock);
    return ok ? ACL_SUCCESS : ACL_ERROR_INVALID_PARAM;
}

void aclemu_dvpp_hist_put(acldvppHist *hist, const uint32_t bins[ACLEMU_DVPP_HIST_DIMS][ACLEMU_DVPP_HIST_LEN],
                          uint32_t ret_code)
{
    pthread_mutex_lock(&desc_lock);
    if (aclemu_handle_is(hist, HIST)) {
        memcpy(hist->bins, bins, sizeof hist->bins);
        hist->ret_code = ret_code;
    }
    pthread_mutex_unlock(&desc_lock);
}
