/*
 * hi_mpi VPC round-view stitching: set / get the channel's stitching parameters and stitch source
 * pictures into one destination through the IPM table.
 *
 * Choices where the documentation is silent (also in docs/himpi_vpc_filters.md):
 *  - stitch_table_type 0 (an IPM table) is emulated; other table types and gain_type GAIN_LUT
 *    (a gain computed by the user's callback from histograms) give HI_ERR_VPC_NOT_SUPPORT;
 *  - the IPM table has one hi_stiching_ipm_table entry per destination sample, in row order
 *    (ipm_table_len counts entries: dest width * height); the channel keeps the table's address,
 *    not a copy, so the table must stay alive while the channel stitches with it;
 *  - destination sample = weight1 * pic1(offset1) + weight2 * pic2(offset2), where picN(x, y) is
 *    source picture pic_index's bilinear sample at (x, y) with replicated edges, rounded half up;
 *  - sources (count 1..8) all have the table's source size and the destination's format
 *    (YUV400, RGB888, BGR888); stitching before the parameters are set gives HI_ERR_VPC_NOT_CFG.
 */
#include "emu.h"

#include <math.h>
#include <pthread.h>
#include <string.h>

#include "himpi_vpc_pixels.h"

enum { STITCH_MAX_PICS = 8 };

static pthread_mutex_t stitch_lock = PTHREAD_MUTEX_INITIALIZER;

static hi_s32 table_check(const hi_stiching_ipm_param *ipm, const char *fn)
{
    hi_s32 sizes = himpi_sizes_check(ipm->src_pic_width, ipm->src_pic_height, ipm->dest_pic_width,
                                     ipm->dest_pic_height, fn, "imp_conf");
    if (sizes != HI_SUCCESS) {
        return sizes;
    }
    size_t entries = (size_t)ipm->dest_pic_width * ipm->dest_pic_height;
    if (ipm->ipm_table_address == NULL || ipm->ipm_table_len != entries) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM,
                                "%s: ipm table %p of %u entries, one per destination sample (%zu) needed", fn,
                                (void *)ipm->ipm_table_address, ipm->ipm_table_len, entries);
    }
    aclError ret = aclemu_mem_check(ipm->ipm_table_address, entries * sizeof(hi_stiching_ipm_table), false, fn,
                                    "ipm_table_address");
    return ret == ACL_SUCCESS ? HI_SUCCESS : himpi_vpc_code(ret);
}

hi_s32 hi_mpi_vpc_set_roundview_stitching_param(hi_vpc_chn chn, const hi_roundview_stitching_param *stitch_param)
{
    static const char fn[] = "hi_mpi_vpc_set_roundview_stitching_param";
    if (stitch_param == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: stitch_param is NULL", fn);
    }
    const hi_stitching_gain_param *gain = &stitch_param->gain_conf;
    if (stitch_param->stitch_table_type != 0 || gain->gain_type != GAIN_NONE) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NOT_SUPPORT,
                                "%s: stitch_table_type %u / gain_type %d: only an IPM table (0) without gain (0) is "
                                "emulated",
                                fn, stitch_param->stitch_table_type, (int)gain->gain_type);
    }
    if (gain->hist_type != OVERLAP_HISTOGRAM && gain->hist_type != GLOBAL_HISTOGRAM) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: hist_type %d (0 overlap, 1 global)", fn,
                                (int)gain->hist_type);
    }
    hi_s32 ret = table_check(&stitch_param->imp_conf, fn);
    if (ret != HI_SUCCESS) {
        return ret;
    }
    vpc_chn *obj = himpi_vpc_acquire(chn, fn);
    if (obj == NULL) {
        return (hi_s32)HI_ERR_VPC_UNEXIST;
    }
    pthread_mutex_lock(&stitch_lock);
    obj->stitch = *stitch_param;
    obj->has_stitch = true;
    pthread_mutex_unlock(&stitch_lock);
    aclemu_himpi_chn_release(obj);
    return HI_SUCCESS;
}

/* The channel's parameters into *out; HI_ERR_VPC_NOT_CFG when none were set. */
static hi_s32 stitch_get(const vpc_chn *obj, hi_roundview_stitching_param *out, const char *fn)
{
    pthread_mutex_lock(&stitch_lock);
    bool set = obj->has_stitch;
    if (set) {
        *out = obj->stitch;
    }
    pthread_mutex_unlock(&stitch_lock);
    if (!set) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NOT_CFG, "%s: no stitching parameters were set on this channel",
                                fn);
    }
    return HI_SUCCESS;
}

hi_s32 hi_mpi_vpc_get_roundview_stitching_param(hi_vpc_chn chn, hi_roundview_stitching_param *stitch_param)
{
    static const char fn[] = "hi_mpi_vpc_get_roundview_stitching_param";
    if (stitch_param == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: stitch_param is NULL", fn);
    }
    vpc_chn *obj = himpi_vpc_acquire(chn, fn);
    if (obj == NULL) {
        return (hi_s32)HI_ERR_VPC_UNEXIST;
    }
    hi_s32 ret = stitch_get(obj, stitch_param, fn);
    aclemu_himpi_chn_release(obj);
    return ret;
}

/* Bilinear sample of channel c of p at (x, y), edges replicated. */
static double bilinear(const himpi_pixels *p, double x, double y, uint32_t c)
{
    x = isfinite(x) ? fmin(fmax(x, -1.0), (double)p->width) : 0.0;
    y = isfinite(y) ? fmin(fmax(y, -1.0), (double)p->height) : 0.0;
    double fx0 = floor(x);
    double fy0 = floor(y);
    double fx = x - fx0;
    double fy = y - fy0;
    double v[2][2];
    for (int j = 0; j < 2; j++) {
        int64_t sy = himpi_border_index((int64_t)fy0 + j, p->height, HI_BORDER_REPLICATE);
        for (int i = 0; i < 2; i++) {
            int64_t sx = himpi_border_index((int64_t)fx0 + i, p->width, HI_BORDER_REPLICATE);
            v[j][i] = p->data[(size_t)sy * p->stride + (size_t)sx * p->bpp + c];
        }
    }
    return (1 - fy) * ((1 - fx) * v[0][0] + fx * v[0][1]) + fy * ((1 - fx) * v[1][0] + fx * v[1][1]);
}

/* Sources and destination checked against the parameters. */
static hi_s32 stitch_pictures(const hi_roundview_stitching_pic_param *pp, const hi_stiching_ipm_param *ipm,
                              himpi_pixels src[], himpi_pixels *dst, const char *fn)
{
    if (pp->dest_pic == NULL || pp->source_pic == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: %s is NULL", fn,
                                pp->dest_pic == NULL ? "dest_pic" : "source_pic");
    }
    if (pp->count < 1 || pp->count > STITCH_MAX_PICS) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: count %u is outside [1, %d]", fn, pp->count,
                                STITCH_MAX_PICS);
    }
    aclError check = aclemu_mem_check(pp->source_pic, pp->count * sizeof(hi_vpc_pic_info), false, fn, "source_pic");
    if (check == ACL_SUCCESS) {
        check = aclemu_mem_check(pp->dest_pic, sizeof(hi_vpc_pic_info), false, fn, "dest_pic");
    }
    if (check != ACL_SUCCESS) {
        return himpi_vpc_code(check);
    }
    hi_s32 ret = HI_SUCCESS;
    for (hi_u32 i = 0; i < pp->count && ret == HI_SUCCESS; i++) {
        ret = himpi_pixels_pair(&pp->source_pic[i], pp->dest_pic, false, fn, &src[i], dst);
        if (ret == HI_SUCCESS && (src[i].width != ipm->src_pic_width || src[i].height != ipm->src_pic_height ||
                                  dst->width != ipm->dest_pic_width || dst->height != ipm->dest_pic_height)) {
            ret = aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM,
                                   "%s: source %u is %ux%u and dest %ux%u, the table maps %ux%u to %ux%u", fn, i,
                                   src[i].width, src[i].height, dst->width, dst->height, ipm->src_pic_width,
                                   ipm->src_pic_height, ipm->dest_pic_width, ipm->dest_pic_height);
        }
    }
    return ret;
}

static hi_s32 stitch_run(const hi_stiching_ipm_param *ipm, const himpi_pixels src[], hi_u32 count,
                         const himpi_pixels *dst, const char *fn)
{
    size_t entries = (size_t)ipm->dest_pic_width * ipm->dest_pic_height;
    aclError check = aclemu_mem_check(ipm->ipm_table_address, entries * sizeof(hi_stiching_ipm_table), false, fn,
                                      "ipm_table_address");
    if (check != ACL_SUCCESS) {
        return himpi_vpc_code(check);
    }
    const hi_stiching_ipm_table *table = ipm->ipm_table_address;
    for (size_t i = 0; i < entries; i++) {
        if (table[i].pic1_index >= count || table[i].pic2_index >= count) {
            return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM,
                                    "%s: ipm entry %zu names pictures %u and %u of %u", fn, i, table[i].pic1_index,
                                    table[i].pic2_index, count);
        }
    }
    for (uint32_t y = 0; y < dst->height; y++) {
        for (uint32_t x = 0; x < dst->width; x++) {
            const hi_stiching_ipm_table *e = &table[(size_t)y * dst->width + x];
            for (uint32_t c = 0; c < dst->bpp; c++) {
                double v = e->weight1 * bilinear(&src[e->pic1_index], e->offset1_x, e->offset1_y, c) +
                           e->weight2 * bilinear(&src[e->pic2_index], e->offset2_x, e->offset2_y, c);
                dst->data[(size_t)y * dst->stride + (size_t)x * dst->bpp + c] = himpi_sample(v);
            }
        }
    }
    return HI_SUCCESS;
}

hi_s32 hi_mpi_vpc_roundview_stitching(hi_vpc_chn chn, hi_roundview_stitching_pic_param *roundview_stitching_pic_param,
                                      hi_u32 *task_id, hi_s32 milli_sec)
{
    static const char fn[] = "hi_mpi_vpc_roundview_stitching";
    (void)milli_sec; /* runs at once: never waits for room */
    const hi_roundview_stitching_pic_param *pp = roundview_stitching_pic_param;
    if (pp == NULL || task_id == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: %s is NULL", fn,
                                pp == NULL ? "roundview_stitching_pic_param" : "task_id");
    }
    vpc_chn *obj = himpi_vpc_acquire(chn, fn);
    if (obj == NULL) {
        return (hi_s32)HI_ERR_VPC_UNEXIST;
    }
    hi_roundview_stitching_param param;
    memset(&param, 0, sizeof param);
    himpi_pixels src[STITCH_MAX_PICS];
    himpi_pixels dst;
    hi_s32 ret = stitch_get(obj, &param, fn);
    if (ret == HI_SUCCESS) {
        ret = stitch_pictures(pp, &param.imp_conf, src, &dst, fn);
    }
    if (ret == HI_SUCCESS) {
        ret = stitch_run(&param.imp_conf, src, pp->count, &dst, fn);
    }
    if (ret == HI_SUCCESS) {
        ret = himpi_vpc_done(chn, pp->dest_pic, task_id, fn);
    }
    aclemu_himpi_chn_release(obj);
    return ret;
}
