/*
 * hi_mpi VPC colour calls over the image pipeline's conversion and histogram kernels:
 * convert_color, convert_color_v2, convert_color_to_yuv420, calc_hist, equalize_hist; and the
 * channel's CSC matrix as the VPC files use it.
 *
 * Choices where the documentation is silent (docs/himpi_vpc_ops.md, part A):
 *  - a conversion between YUV and RGB uses the matrix hi_mpi_sys_get_chn_csc_matrix answers for
 *    the channel (HI_CSC_MATRIX_BT601_WIDE until one is set); with HI_CSC_MATRIX_USER, YUV->RGB
 *    uses yuv_to_rgb_coefficient and RGB->YUV rgb_to_yuv_coefficient as out = M * in + bias on
 *    the raw 0..255 components (rows R, G, B or Y, U, V; columns Y, U, V or R, G, B), rounded
 *    half up and clamped to 0..255 (dvpp_formats.h, aclemu_csc_affine);
 *  - hi_csc_conf has no matrix fields: convert_color_v2 converts with the channel's matrix too;
 *  - convert_color_v2's conf->alpha (0..255) is the alpha written into an output with alpha when
 *    the source has none (convert_color writes 255); conf->attr must be zero;
 *  - histograms and LUTs number components Y, U, V or R, G, B whatever the byte order, chroma
 *    counted at its own resolution, as acldvppVpcCalcHistAsync does.
 */
#include "emu.h"

#include <string.h>

#include "himpi_vpc_internal.h"

static void affine_rows(const hi_coefficient *c, double rows[3][4])
{
    const double k[3][4] = {
        {c->csc_matrix_r0_c0, c->csc_matrix_r0_c1, c->csc_matrix_r0_c2, c->csc_bias_r0},
        {c->csc_matrix_r1_c0, c->csc_matrix_r1_c1, c->csc_matrix_r1_c2, c->csc_bias_r1},
        {c->csc_matrix_r2_c0, c->csc_matrix_r2_c1, c->csc_matrix_r2_c2, c->csc_bias_r2},
    };
    memcpy(rows, k, sizeof k);
}

hi_s32 himpi_vpc_chn_matrix(hi_vpc_chn chn, const char *fn, int *matrix, aclemu_csc_affine *user)
{
    hi_csc_matrix value = HI_CSC_MATRIX_BT601_WIDE;
    hi_csc_coefficient coefficient;
    hi_s32 ret = hi_mpi_sys_get_chn_csc_matrix(HI_ID_VPC, chn, &value, &coefficient);
    if (ret != HI_SUCCESS) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: channel %d has no CSC matrix", fn, chn);
    }
    *matrix = (int)value;
    if (value == HI_CSC_MATRIX_USER) {
        affine_rows(&coefficient.yuv_to_rgb_coefficient, user->yuv2rgb);
        affine_rows(&coefficient.rgb_to_yuv_coefficient, user->rgb2yuv);
    }
    return HI_SUCCESS;
}

/* An output with alpha from a source without it gets `alpha` instead of the conversion's 255. */
static void fill_alpha(const aclemu_image *src, const aclemu_image *dst, uint8_t alpha)
{
    aclemu_view sv[2];
    aclemu_view dv[2];
    bool src_alpha = aclemu_image_views(src, sv) == 1 && sv[0].chan[3] != NULL;
    if (src_alpha || aclemu_image_views(dst, dv) != 1 || dv[0].chan[3] == NULL) {
        return;
    }
    for (uint32_t y = 0; y < dv[0].height; y++) {
        uint8_t *row = dv[0].chan[3] + (size_t)y * dv[0].stride[3];
        for (uint32_t x = 0; x < dv[0].width; x++) {
            row[(size_t)x * dv[0].step[3]] = alpha;
        }
    }
}

static hi_s32 convert(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic, hi_vpc_pic_info *dest_pic,
                      const hi_csc_conf *conf, bool to_yuv420, hi_u32 *task_id, const char *fn)
{
    if (task_id == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: task_id is NULL", fn);
    }
    vpc_chn *obj = himpi_vpc_acquire(chn, fn);
    if (obj == NULL) {
        return (hi_s32)HI_ERR_VPC_UNEXIST;
    }
    aclemu_vpc_job job = {0};
    int matrix = 0;
    aclemu_csc_affine user;
    hi_s32 ret = himpi_vpc_picture(source_pic, ACLEMU_VPC_ANY, fn, "source_pic", &job.src);
    if (ret == HI_SUCCESS) {
        ret = himpi_vpc_picture(dest_pic, ACLEMU_VPC_ANY, fn, "dest_pic", &job.dst);
    }
    if (ret == HI_SUCCESS && to_yuv420 && job.dst.fmt->format != PIXEL_FORMAT_YUV_SEMIPLANAR_420 &&
        job.dst.fmt->format != PIXEL_FORMAT_YVU_SEMIPLANAR_420) {
        ret = aclemu_set_error((aclError)HI_ERR_VPC_NOT_SUPPORT, "%s: dest_pic format %s is not YUV420SP (NV12/NV21)",
                               fn, job.dst.fmt->name);
    }
    if (ret == HI_SUCCESS && (job.src.width != job.dst.width || job.src.height != job.dst.height)) {
        ret = aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: dest_pic %ux%u differs from source_pic %ux%u",
                               fn, job.dst.width, job.dst.height, job.src.width, job.src.height);
    }
    if (ret == HI_SUCCESS && conf != NULL && (conf->alpha > 255 || conf->attr[0] != 0 || conf->attr[1] != 0 ||
                                              conf->attr[2] != 0 || conf->attr[3] != 0)) {
        ret = aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: conf alpha %u (0..255) or attr (zero) refused",
                               fn, conf->alpha);
    }
    if (ret == HI_SUCCESS) {
        ret = himpi_vpc_chn_matrix(chn, fn, &matrix, &user);
    }
    if (ret == HI_SUCCESS) {
        job.user_csc = matrix == HI_CSC_MATRIX_USER ? &user : NULL;
        job.crop = job.paste = (aclemu_vpc_rect){0, 0, job.src.width, job.src.height};
        ret = himpi_vpc_run_jobs(chn, &job, 1, NULL, ACLEMU_INTERP_BILINEAR, matrix, task_id, fn);
    }
    if (ret == HI_SUCCESS && conf != NULL) {
        fill_alpha(&job.src, &job.dst, (uint8_t)conf->alpha);
    }
    aclemu_himpi_chn_release(obj);
    return ret;
}

hi_s32 hi_mpi_vpc_convert_color(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic, hi_vpc_pic_info *dest_pic,
                                hi_u32 *task_id, hi_s32 milli_sec)
{
    (void)milli_sec; /* runs at once, never waits for room */
    return convert(chn, source_pic, dest_pic, NULL, false, task_id, "hi_mpi_vpc_convert_color");
}

hi_s32 hi_mpi_vpc_convert_color_v2(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic, hi_vpc_pic_info *dest_pic,
                                   hi_csc_conf *conf, hi_u32 *task_id, hi_s32 milli_sec)
{
    static const char fn[] = "hi_mpi_vpc_convert_color_v2";
    (void)milli_sec;
    if (conf == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: conf is NULL", fn);
    }
    return convert(chn, source_pic, dest_pic, conf, false, task_id, fn);
}

hi_s32 hi_mpi_vpc_convert_color_to_yuv420(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic,
                                          hi_vpc_pic_info *dest_pic, hi_u32 *task_id, hi_s32 milli_sec)
{
    (void)milli_sec;
    return convert(chn, source_pic, dest_pic, NULL, true, task_id, "hi_mpi_vpc_convert_color_to_yuv420");
}

/* A task with no picture job: the work is done by the caller before it. */
static hi_s32 done_task(hi_vpc_chn chn, hi_u32 *task_id)
{
    return himpi_vpc_run_jobs(chn, NULL, 0, NULL, ACLEMU_INTERP_BILINEAR, 0, task_id, "");
}

hi_s32 hi_mpi_vpc_calc_hist(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic, hi_vpc_histogram_config *hist_config,
                            hi_u32 *task_id, hi_s32 milli_sec)
{
    static const char fn[] = "hi_mpi_vpc_calc_hist";
    (void)milli_sec;
    if (hist_config == NULL || task_id == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: %s is NULL", fn,
                                hist_config == NULL ? "hist_config" : "task_id");
    }
    vpc_chn *obj = himpi_vpc_acquire(chn, fn);
    if (obj == NULL) {
        return (hi_s32)HI_ERR_VPC_UNEXIST;
    }
    aclemu_image src;
    hi_s32 ret = himpi_vpc_picture(source_pic, ACLEMU_VPC_REMAP, fn, "source_pic", &src);
    if (ret == HI_SUCCESS) {
        uint32_t bins[3][256];
        memset(bins, 0, sizeof bins);
        aclemu_view v[3];
        aclemu_vpc_component_views(&src, v);
        for (int c = 0; c < 3; c++) {
            if (v[c].chan[0] != NULL) {
                aclemu_vpc_hist(&v[c], 0, bins[c]);
            }
        }
        memcpy(hist_config->histogram_y_or_r, bins[0], sizeof bins[0]);
        memcpy(hist_config->histogram_u_or_g, bins[1], sizeof bins[1]);
        memcpy(hist_config->histogram_v_or_b, bins[2], sizeof bins[2]);
        ret = done_task(chn, task_id);
    }
    aclemu_himpi_chn_release(obj);
    return ret;
}

hi_s32 hi_mpi_vpc_equalize_hist(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic, hi_vpc_pic_info *dest_pic,
                                const hi_vpc_lut_remap *lut_remap, hi_u32 *task_id, hi_s32 milli_sec)
{
    static const char fn[] = "hi_mpi_vpc_equalize_hist";
    (void)milli_sec;
    if (lut_remap == NULL || task_id == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: %s is NULL", fn,
                                lut_remap == NULL ? "lut_remap" : "task_id");
    }
    vpc_chn *obj = himpi_vpc_acquire(chn, fn);
    if (obj == NULL) {
        return (hi_s32)HI_ERR_VPC_UNEXIST;
    }
    aclemu_image src;
    aclemu_image dst;
    hi_s32 ret = himpi_vpc_picture(source_pic, ACLEMU_VPC_REMAP, fn, "source_pic", &src);
    if (ret == HI_SUCCESS) {
        ret = himpi_vpc_picture(dest_pic, ACLEMU_VPC_REMAP, fn, "dest_pic", &dst);
    }
    if (ret == HI_SUCCESS && (src.fmt != dst.fmt || src.width != dst.width || src.height != dst.height)) {
        ret = aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: dest_pic (%s %ux%u) must match source_pic (%s %ux%u)",
                               fn, dst.fmt->name, dst.width, dst.height, src.fmt->name, src.width, src.height);
    }
    if (ret == HI_SUCCESS) {
        uint8_t table[3][256];
        memcpy(table[0], lut_remap->map_value_y_or_r, 256);
        memcpy(table[1], lut_remap->map_value_u_or_g, 256);
        memcpy(table[2], lut_remap->map_value_v_or_b, 256);
        aclemu_view sv[3];
        aclemu_view dv[3];
        aclemu_vpc_component_views(&src, sv);
        aclemu_vpc_component_views(&dst, dv);
        for (int c = 0; c < 3; c++) {
            aclemu_vpc_lut(&sv[c], &dv[c], &table[c]);
        }
        ret = done_task(chn, task_id);
    }
    aclemu_himpi_chn_release(obj);
    return ret;
}
