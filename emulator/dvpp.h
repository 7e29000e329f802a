/*
 * Internal API of the DVPP (media) area, shared by the descriptor, channel, VPC and codec files.
 *
 * Every acldvpp* handle is a host-side object registered in the emu.h handle registry under one
 * of the ACLEMU_KIND_DVPP_* kinds below. Other files never dereference a handle: they take a
 * value snapshot with the aclemu_dvpp_*_get lookups (which check the handle and record the
 * runtime's error code naming `fn`) and, on a stream worker, write results back with the
 * aclemu_dvpp_*_put functions (which do nothing when the user destroyed the handle meanwhile).
 *
 * Locking: a private lock (dvpp_desc.c; dvpp_channel.c for channels) guards descriptor fields, so a worker
 * writing an output pic desc never races the user's getters, setters or destroy. Nothing here
 * calls back or waits for a stream; do not hold the lock across those (it is private anyway).
 *
 * The asynchronous pattern of the media calls: validate every argument synchronously (returning
 * the runtime's code), take snapshots, queue the work with aclemu_stream_submit(); the task
 * reports failure through the output desc's retCode (aclemu_dvpp_pic_set_ret_code) and by
 * returning an aclError after aclemu_set_error(), which the stream sync then returns.
 */
#ifndef ACLEMU_DVPP_H
#define ACLEMU_DVPP_H

#include "emu.h"

#include "acl/ops/acl_dvpp.h"

/* Handle kinds of the media area (ACLEMU_KIND_MEDIA + n, n < 64; video takes 16 and up). */
enum aclemu_dvpp_kind {
    ACLEMU_KIND_DVPP_PIC_DESC = ACLEMU_KIND_MEDIA + 0, /* also every element of a batch */
    ACLEMU_KIND_DVPP_BATCH_PIC_DESC = ACLEMU_KIND_MEDIA + 1,
    ACLEMU_KIND_DVPP_ROI_CONFIG = ACLEMU_KIND_MEDIA + 2,
    ACLEMU_KIND_DVPP_RESIZE_CONFIG = ACLEMU_KIND_MEDIA + 3,
    ACLEMU_KIND_DVPP_BORDER_CONFIG = ACLEMU_KIND_MEDIA + 4,
    ACLEMU_KIND_DVPP_LUT_MAP = ACLEMU_KIND_MEDIA + 5,
    ACLEMU_KIND_DVPP_HIST = ACLEMU_KIND_MEDIA + 6,
    ACLEMU_KIND_DVPP_CHANNEL_DESC = ACLEMU_KIND_MEDIA + 7,
    ACLEMU_KIND_DVPP_JPEGE_CONFIG = ACLEMU_KIND_MEDIA + 8,
    ACLEMU_KIND_DVPP_STREAM_DESC = ACLEMU_KIND_MEDIA + 9,
    ACLEMU_KIND_DVPP_VIDEO_FIRST = ACLEMU_KIND_MEDIA + 16 /* vdec/venc descs of the next issue */
};

/* Sizes fixed by the runtime's descriptors. */
enum {
    ACLEMU_DVPP_LUT_DIMS = 3,      /* acldvppLutMap: one table per component */
    ACLEMU_DVPP_LUT_LEN = 256,     /* entries per table */
    ACLEMU_DVPP_HIST_DIMS = 3,     /* acldvppHist: one histogram per component */
    ACLEMU_DVPP_HIST_LEN = 256,    /* bins per histogram */
    ACLEMU_DVPP_BORDER_VALUES = 4, /* acldvppBorderConfig value[index], index < 4 */
    ACLEMU_DVPP_BATCH_MAX = 256    /* acldvppCreateBatchPicDesc upper bound */
};

/* ---------------------------------------------------------------- pic desc */

/* Value snapshot of an acldvppPicDesc. */
typedef struct aclemu_dvpp_pic {
    void *data;
    uint32_t size;
    acldvppPixelFormat format;
    uint32_t width;
    uint32_t height;
    uint32_t width_stride;  /* bytes per line of the first plane (as the runtime defines it) */
    uint32_t height_stride; /* lines of the first plane */
    uint32_t ret_code;
} aclemu_dvpp_pic;

/* Snapshot of a live pic desc; ACL_ERROR_INVALID_PARAM (message names fn and what) when desc
 * is NULL, destroyed or not a pic desc. */
aclError aclemu_dvpp_pic_get(const acldvppPicDesc *desc, const char *fn, const char *what, aclemu_dvpp_pic *out);
/* Worker side: store format, width, height, strides, size and ret_code of *values into desc
 * (data is left as is). No-op if desc is no longer live. */
void aclemu_dvpp_pic_put(acldvppPicDesc *desc, const aclemu_dvpp_pic *values);
/* Worker side: set only the retCode (no-op if desc is no longer live). */
void aclemu_dvpp_pic_set_ret_code(acldvppPicDesc *desc, uint32_t ret_code);

/* ---------------------------------------------------------- batch pic desc */

/* Number of pic descs of a live batch; ACL_ERROR_INVALID_PARAM otherwise. */
aclError aclemu_dvpp_batch_get(const acldvppBatchPicDesc *batch, const char *fn, const char *what, uint32_t *count);
/* Element `index` of a live batch (each is a live pic desc), NULL when out of range. */
acldvppPicDesc *aclemu_dvpp_batch_at(const acldvppBatchPicDesc *batch, uint32_t index);

/* ------------------------------------------------------------------ configs */

typedef struct aclemu_dvpp_roi {
    uint32_t left, right, top, bottom; /* inclusive pixel coordinates, as the runtime defines them */
} aclemu_dvpp_roi;
aclError aclemu_dvpp_roi_get(const acldvppRoiConfig *config, const char *fn, const char *what, aclemu_dvpp_roi *out);

/* interpolation as set by acldvppSetResizeConfigInterpolation (0 when never set). */
aclError aclemu_dvpp_resize_get(const acldvppResizeConfig *config, const char *fn, const char *what,
                                uint32_t *interpolation);

typedef struct aclemu_dvpp_border {
    acldvppBorderType type;
    uint32_t top, bottom, left, right;
    double value[ACLEMU_DVPP_BORDER_VALUES];
} aclemu_dvpp_border;
aclError aclemu_dvpp_border_get(const acldvppBorderConfig *config, const char *fn, const char *what,
                                aclemu_dvpp_border *out);

typedef struct aclemu_dvpp_lut {
    uint8_t table[ACLEMU_DVPP_LUT_DIMS][ACLEMU_DVPP_LUT_LEN];
} aclemu_dvpp_lut;
aclError aclemu_dvpp_lut_get(const acldvppLutMap *map, const char *fn, const char *what, aclemu_dvpp_lut *out);

/* Checks that hist is a live acldvppHist. */
aclError aclemu_dvpp_hist_check(const acldvppHist *hist, const char *fn, const char *what);
/* Worker side: store the bins and retCode (no-op if hist is no longer live). */
void aclemu_dvpp_hist_put(acldvppHist *hist, const uint32_t bins[ACLEMU_DVPP_HIST_DIMS][ACLEMU_DVPP_HIST_LEN],
                          uint32_t ret_code);

/* JPEGE level (quality 0..100) of a live config. */
aclError aclemu_dvpp_jpege_get(const acldvppJpegeConfig *config, const char *fn, const char *what, uint32_t *level);

/* ------------------------------------------------------------- stream desc */

/* Value snapshot of an acldvppStreamDesc (video codecs, JPEG streams). */
typedef struct aclemu_dvpp_stream {
    void *data;
    uint32_t size;
    acldvppStreamFormat format;
    uint64_t timestamp;
    uint32_t ret_code;
    uint8_t eos;
} aclemu_dvpp_stream;
aclError aclemu_dvpp_stream_get(const acldvppStreamDesc *desc, const char *fn, const char *what,
                                aclemu_dvpp_stream *out);
/* Worker side: store size, format, timestamp, ret_code and eos (data is left as is). */
void aclemu_dvpp_stream_put(acldvppStreamDesc *desc, const aclemu_dvpp_stream *values);

/* ---------------------------------------------------------------- channels */

typedef struct aclemu_dvpp_channel {
    uint64_t id;
    int32_t device;          /* device current when the channel was created */
    uint32_t mode;           /* DVPP_CHNMODE_* bits the channel serves */
    uint32_t csc_matrix;     /* acldvppCscMatrix (ACL_DVPP_CSC_MATRIX_UINT32) */
    uint32_t width, height;  /* ACL_DVPP_CHANNEL_WIDTH/HEIGHT_UINT32 (0: unset) */
    uint32_t precision_mode; /* acldvppJpegdPrecisionMode (ACL_DVPP_JPEGD_PRECISION_MODE_ENUM) */
} aclemu_dvpp_channel;

/* Snapshot of a channel desc whose channel was created by acldvppCreateChannel and serves
 * `mode` (one DVPP_CHNMODE_* bit). Errors: NULL/foreign/destroyed desc or a channel not
 * created: ACL_ERROR_INVALID_PARAM; created without that mode: ACL_ERROR_INVALID_PARAM. */
aclError aclemu_dvpp_channel_get(const acldvppChannelDesc *channel, uint32_t mode, const char *fn,
                                 aclemu_dvpp_channel *out);

/* --------------------------------------------------------------- DVPP memory */

/* Check that [p, p + len) may be used by a media call as `what`: like aclemu_mem_check with
 * need_device, and in strict mode (ACL_EMU_STRICT) p must lie in memory from acldvppMalloc
 * when dvpp_only (the runtime's media engines read and write DVPP memory only). */
aclError aclemu_dvpp_mem_check(const void *p, size_t len, bool dvpp_only, const char *fn, const char *what);

/* True when p lies inside a live allocation made by acldvppMalloc / acldvppMallocWithCfg. */
bool aclemu_dvpp_mem_is_dvpp(const void *p);

#endif /* ACLEMU_DVPP_H */
