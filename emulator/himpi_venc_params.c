/* hi_mpi VENC parameters: stored per channel and returned as set.
 *
 * The encoder the emulator runs (FFmpeg's libx264 / libx265 / mjpeg) takes the channel attributes
 * (size, GOP, rate control mode and bit rate, frame rate) and the JPEG quality factor; the other
 * parameters (rate-control fine tuning, reference structure, Huffman tables, VUI, ROI, CU
 * prediction, intra refresh, slice split, stream copy, scene mode, module parameters) are kept and
 * read back but do not change the bytes produced. Parameters that belong to one payload type are
 * refused on channels of another (HI_ERR_VENC_NOT_SUPPORT), and the documented value ranges that a
 * program could rely on are checked (JPEG qfactor 1..99, ROI index < 8). */
#include "himpi_venc.h"

#include <string.h>

enum { ANY_TYPE = -1 };

/* Copy a parameter struct between the caller and the channel field at `offset` under the lock. */
static hi_s32 access_param(hi_venc_chn chn, size_t offset, size_t size, void *user, bool set, int32_t only_type,
                           const char *fn)
{
    if (user == NULL) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_NULL_PTR, "%s: the parameter pointer is NULL", fn);
    }
    hi_s32 err;
    aclemu_venc_chn *c = aclemu_venc_acquire(chn, fn, &err);
    if (c == NULL) {
        return err;
    }
    pthread_mutex_lock(&c->lock);
    if (only_type != ANY_TYPE && (int32_t)c->attr.venc_attr.type != only_type) {
        err = ACLEMU_HI_ERR(HI_ERR_VENC_NOT_SUPPORT, "%s: channel %d encodes payload type %d, the parameter is for "
                            "type %d", fn, chn, (int)c->attr.venc_attr.type, (int)only_type);
    } else if (set) {
        memcpy((char *)c + offset, user, size);
    } else {
        memcpy(user, (char *)c + offset, size);
    }
    pthread_mutex_unlock(&c->lock);
    aclemu_himpi_chn_release(c);
    return err;
}

#define VENC_PARAM(name, type, field, only)                                                                        \
    hi_s32 hi_mpi_venc_set_##name(hi_venc_chn chn, const type *value)                                            \
    {                                                                                                              \
        return access_param(chn, offsetof(aclemu_venc_chn, field), sizeof(type), (void *)value, true, only,       \
                            "hi_mpi_venc_set_" #name);                                                             \
    }                                                                                                              \
    hi_s32 hi_mpi_venc_get_##name(hi_venc_chn chn, type *value)                                                  \
    {                                                                                                              \
        return access_param(chn, offsetof(aclemu_venc_chn, field), sizeof(type), value, false, only,              \
                            "hi_mpi_venc_get_" #name);                                                             \
    }

VENC_PARAM(chn_param, hi_venc_chn_param, param, ANY_TYPE)
VENC_PARAM(rc_param, hi_venc_rc_param, rc_param, ANY_TYPE)
VENC_PARAM(ref_param, hi_venc_ref_param, ref_param, ANY_TYPE)
VENC_PARAM(jpeg_huffman_param, hi_venc_jpeg_huffman_param, huffman, HI_PT_JPEG)
VENC_PARAM(h264_vui, hi_venc_h264_vui, h264_vui, HI_PT_H264)
VENC_PARAM(h265_vui, hi_venc_h265_vui, h265_vui, HI_PT_H265)
VENC_PARAM(cu_pred, hi_venc_cu_prediction, cu_pred, ANY_TYPE)
VENC_PARAM(intra_refresh, hi_venc_intra_refresh, intra_refresh, ANY_TYPE)
VENC_PARAM(slice_split, hi_venc_slice_split, slice_split, ANY_TYPE)
VENC_PARAM(streamcopy_param, hi_venc_streamcopy_param, streamcopy, ANY_TYPE)

hi_s32 hi_mpi_venc_set_jpeg_param(hi_venc_chn chn, const hi_venc_jpeg_param *jpeg_param)
{
    const char *fn = "hi_mpi_venc_set_jpeg_param";
    if (jpeg_param != NULL && (jpeg_param->qfactor < 1 || jpeg_param->qfactor > 99)) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_ILLEGAL_PARAM, "%s: qfactor %u is outside 1 .. 99", fn, jpeg_param->qfactor);
    }
    return access_param(chn, offsetof(aclemu_venc_chn, jpeg_param), sizeof *jpeg_param, (void *)jpeg_param, true,
                        HI_PT_JPEG, fn);
}

hi_s32 hi_mpi_venc_get_jpeg_param(hi_venc_chn chn, hi_venc_jpeg_param *jpeg_param)
{
    return access_param(chn, offsetof(aclemu_venc_chn, jpeg_param), sizeof *jpeg_param, jpeg_param, false,
                        HI_PT_JPEG, "hi_mpi_venc_get_jpeg_param");
}

hi_s32 hi_mpi_venc_set_scene_mode(hi_venc_chn chn, const hi_venc_scene_mode scene_mode)
{
    const char *fn = "hi_mpi_venc_set_scene_mode";
    if (scene_mode < HI_VENC_SCENE_0 || scene_mode >= HI_VENC_SCENE_BUTT) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_ILLEGAL_PARAM, "%s: %d is not a hi_venc_scene_mode", fn, (int)scene_mode);
    }
    hi_venc_scene_mode copy = scene_mode;
    return access_param(chn, offsetof(aclemu_venc_chn, scene_mode), sizeof copy, &copy, true, ANY_TYPE, fn);
}

hi_s32 hi_mpi_venc_get_scene_mode(hi_venc_chn chn, hi_venc_scene_mode *scene_mode)
{
    return access_param(chn, offsetof(aclemu_venc_chn, scene_mode), sizeof *scene_mode, scene_mode, false, ANY_TYPE,
                        "hi_mpi_venc_get_scene_mode");
}

static hi_s32 check_roi_index(hi_u32 idx, const char *fn)
{
    if (idx >= ACLEMU_VENC_ROI_COUNT) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_ILLEGAL_PARAM, "%s: ROI index %u is outside 0 .. %d", fn, idx,
                             ACLEMU_VENC_ROI_COUNT - 1);
    }
    return HI_SUCCESS;
}

hi_s32 hi_mpi_venc_set_roi_attr(hi_venc_chn chn, const hi_venc_roi_attr *roi_attr)
{
    const char *fn = "hi_mpi_venc_set_roi_attr";
    hi_s32 err = roi_attr != NULL ? check_roi_index(roi_attr->idx, fn) : HI_SUCCESS;
    if (err != HI_SUCCESS) {
        return err;
    }
    size_t offset = offsetof(aclemu_venc_chn, roi) + (roi_attr != NULL ? roi_attr->idx : 0) * sizeof *roi_attr;
    return access_param(chn, offset, sizeof *roi_attr, (void *)roi_attr, true, ANY_TYPE, fn);
}

hi_s32 hi_mpi_venc_get_roi_attr(hi_venc_chn chn, hi_u32 idx, hi_venc_roi_attr *roi_attr)
{
    const char *fn = "hi_mpi_venc_get_roi_attr";
    hi_s32 err = check_roi_index(idx, fn);
    if (err != HI_SUCCESS) {
        return err;
    }
    return access_param(chn, offsetof(aclemu_venc_chn, roi) + idx * sizeof *roi_attr, sizeof *roi_attr, roi_attr,
                        false, ANY_TYPE, fn);
}

hi_s32 hi_mpi_venc_compact_jpeg_tables(hi_venc_chn chn, hi_u32 table_type, hi_bool enable)
{
    /* The encoder writes FFmpeg's standard tables; the request is checked and accepted. */
    (void)table_type;
    (void)enable;
    hi_venc_jpeg_huffman_param unused;
    return access_param(chn, offsetof(aclemu_venc_chn, huffman), sizeof unused, &unused, false, HI_PT_JPEG,
                        "hi_mpi_venc_compact_jpeg_tables");
}

/* ---------------------------------------------------------- module parameters */

static pthread_mutex_t g_mod_lock = PTHREAD_MUTEX_INITIALIZER;
static hi_venc_mod_param g_mod_params[HI_VENC_MOD_BUTT];

static hi_s32 mod_param_access(hi_venc_mod_param *value, bool set, const char *fn)
{
    if (value == NULL) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_NULL_PTR, "%s: mod_param is NULL", fn);
    }
    if (value->mod_type < HI_VENC_MOD_VENC || value->mod_type >= HI_VENC_MOD_BUTT) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_ILLEGAL_PARAM, "%s: %d is not a hi_venc_mod_type", fn, (int)value->mod_type);
    }
    pthread_mutex_lock(&g_mod_lock);
    if (set) {
        g_mod_params[value->mod_type] = *value;
    } else {
        hi_venc_mod_type type = value->mod_type;
        *value = g_mod_params[type];
        value->mod_type = type;
    }
    pthread_mutex_unlock(&g_mod_lock);
    return HI_SUCCESS;
}

hi_s32 hi_mpi_venc_set_mod_param(const hi_venc_mod_param *mod_param)
{
    return mod_param_access((hi_venc_mod_param *)mod_param, true, "hi_mpi_venc_set_mod_param");
}

hi_s32 hi_mpi_venc_get_mod_param(hi_venc_mod_param *mod_param)
{
    return mod_param_access(mod_param, false, "hi_mpi_venc_get_mod_param");
}

/* ------------------------------------------------------------------- QP maps */

/* The documentation gives no formula for the QP map layout; the emulator's encoders do not read QP
 * maps (hi_mpi_venc_send_frame_ex ignores them), so any consistent layout serves a program that
 * sizes its buffers with these calls. Chosen: one byte per 16 x 16 block, lines padded to 16
 * bytes. */
enum { QPMAP_BLOCK = 16, QPMAP_LINE_ALIGN = 16, QPMAP_MAX_SIDE = 8192 };

hi_s32 hi_mpi_venc_get_qpmap_stride(hi_u32 width)
{
    if (width == 0 || width > QPMAP_MAX_SIDE) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_ILLEGAL_PARAM, "hi_mpi_venc_get_qpmap_stride: width %u is outside 1 .. %d",
                             width, QPMAP_MAX_SIDE);
    }
    return (hi_s32)aclemu_align_up(aclemu_align_up(width, QPMAP_BLOCK) / QPMAP_BLOCK, QPMAP_LINE_ALIGN);
}

hi_s32 hi_mpi_venc_get_qpmap_size(hi_payload_type type, hi_u32 width, hi_u32 height)
{
    const char *fn = "hi_mpi_venc_get_qpmap_size";
    if (type != HI_PT_H264 && type != HI_PT_H265) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_NOT_SUPPORT, "%s: QP maps are for H.264 and H.265, not type %d", fn,
                             (int)type);
    }
    if (height == 0 || height > QPMAP_MAX_SIDE) {
        return ACLEMU_HI_ERR(HI_ERR_VENC_ILLEGAL_PARAM, "%s: height %u is outside 1 .. %d", fn, height,
                             QPMAP_MAX_SIDE);
    }
    hi_s32 stride = hi_mpi_venc_get_qpmap_stride(width);
    return stride < 0 ? stride : stride * (hi_s32)(aclemu_align_up(height, QPMAP_BLOCK) / QPMAP_BLOCK);
}
