/*
 * Batch VPC entry points. The runtime's batch convention: srcBatchPicDescs holds `size` (or
 * more) input pictures; input i yields roiNums[i] crops; the crops are numbered in that
 * order, j = 0 .. totalNum - 1 with totalNum = roiNums[0] + ... + roiNums[size - 1] <= 256,
 * and crop j goes to output picture j of dstBatchPicDescs (whose size must be totalNum),
 * using cropAreas[j] (and pasteAreas[j] / borderCfgs[j]). One task runs every crop; each
 * output pic desc gets its own retCode.
 */
#include "emu.h"

#include <stdlib.h>

#include "dvpp_vpc.h"

typedef struct batch_args {
    const char *fn;
    acldvppBatchPicDesc *src;
    uint32_t *roi_nums;
    uint32_t size;
    acldvppBatchPicDesc *dst;
    acldvppRoiConfig **crops;
    acldvppRoiConfig **pastes;      /* NULL: each crop fills its whole output */
    acldvppBorderConfig **borders;  /* NULL: no border */
    bool need_pastes, need_borders;
} batch_args;

static aclError batch_counts(const batch_args *a, uint32_t *total)
{
    uint32_t src_count;
    uint32_t dst_count;
    aclError ret = aclemu_dvpp_batch_get(a->src, a->fn, "srcBatchPicDescs", &src_count);
    if (ret == ACL_SUCCESS) {
        ret = aclemu_dvpp_batch_get(a->dst, a->fn, "dstBatchPicDescs", &dst_count);
    }
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    if (a->roi_nums == NULL || a->crops == NULL || (a->need_pastes && a->pastes == NULL) ||
        (a->need_borders && a->borders == NULL)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: roiNums or an area array is NULL", a->fn);
    }
    if (a->size == 0 || a->size > src_count || a->size > ACLEMU_DVPP_BATCH_MAX) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: size %u must be in [1, %u] (source batch of %u)", a->fn,
                                a->size, (unsigned)ACLEMU_DVPP_BATCH_MAX, src_count);
    }
    uint64_t sum = 0;
    for (uint32_t i = 0; i < a->size; ++i) {
        if (a->roi_nums[i] == 0) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: roiNums[%u] is 0", a->fn, i);
        }
        sum += a->roi_nums[i];
    }
    if (sum > ACLEMU_DVPP_BATCH_MAX || sum != dst_count) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: roiNums add up to %llu; that must be the output batch size %u and at most %u",
                                a->fn, (unsigned long long)sum, dst_count, (unsigned)ACLEMU_DVPP_BATCH_MAX);
    }
    *total = (uint32_t)sum;
    return ACL_SUCCESS;
}

static aclError batch_job(const batch_args *a, const aclemu_image *src, uint32_t j, aclemu_vpc_job *job)
{
    job->src = *src;
    job->dst_desc = aclemu_dvpp_batch_at(a->dst, j);
    aclError ret = aclemu_vpc_picture(job->dst_desc, ACLEMU_VPC_OUT, a->fn, "output picture", &job->dst);
    if (ret == ACL_SUCCESS && a->crops[j] == NULL) {
        ret = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: cropAreas[%u] is NULL", a->fn, j);
    }
    if (ret == ACL_SUCCESS && a->pastes != NULL && a->pastes[j] == NULL) {
        ret = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: pasteAreas[%u] is NULL", a->fn, j);
    }
    if (ret == ACL_SUCCESS) {
        ret = aclemu_vpc_rects(a->crops[j], a->pastes != NULL ? a->pastes[j] : NULL, job, a->fn);
    }
    if (ret == ACL_SUCCESS && a->borders != NULL) {
        ret = aclemu_vpc_border_job(a->borders[j], job, a->fn);
    }
    return ret;
}

static aclError batch_submit(const acldvppChannelDesc *channel, const batch_args *a,
                             const acldvppResizeConfig *resize_config, bool need_resize_config, aclrtStream stream)
{
    uint32_t total = 0;
    aclError ret = batch_counts(a, &total);
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    int interpolation = ACLEMU_INTERP_BILINEAR;
    if (need_resize_config && resize_config == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: resizeConfig is NULL", a->fn);
    }
    ret = aclemu_vpc_interpolation(resize_config, a->fn, &interpolation);
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    aclemu_vpc_job *jobs = calloc(total, sizeof *jobs);
    if (jobs == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: no memory for %u jobs", a->fn, total);
    }
    uint32_t j = 0;
    for (uint32_t i = 0; ret == ACL_SUCCESS && i < a->size; ++i) {
        aclemu_image src;
        ret = aclemu_vpc_picture(aclemu_dvpp_batch_at(a->src, i), ACLEMU_VPC_IN, a->fn, "input picture", &src);
        for (uint32_t k = 0; ret == ACL_SUCCESS && k < a->roi_nums[i]; ++k, ++j) {
            ret = batch_job(a, &src, j, &jobs[j]);
        }
    }
    if (ret == ACL_SUCCESS) {
        ret = aclemu_vpc_submit_jobs(channel, jobs, total, interpolation, stream, a->fn);
    }
    free(jobs);
    return ret;
}

aclError acldvppVpcBatchCropAsync(acldvppChannelDesc *channelDesc, acldvppBatchPicDesc *srcBatchPicDescs,
                                  uint32_t *roiNums, uint32_t size, acldvppBatchPicDesc *dstBatchPicDescs,
                                  acldvppRoiConfig *cropAreas[], aclrtStream stream)
{
    batch_args a = {"acldvppVpcBatchCropAsync", srcBatchPicDescs, roiNums, size, dstBatchPicDescs, cropAreas, NULL,
                    NULL, false, false};
    return batch_submit(channelDesc, &a, NULL, false, stream);
}

aclError acldvppVpcBatchCropResizeAsync(acldvppChannelDesc *channelDesc, acldvppBatchPicDesc *srcBatchPicDescs,
                                        uint32_t *roiNums, uint32_t size, acldvppBatchPicDesc *dstBatchPicDescs,
                                        acldvppRoiConfig *cropAreas[], acldvppResizeConfig *resizeConfig,
                                        aclrtStream stream)
{
    batch_args a = {"acldvppVpcBatchCropResizeAsync", srcBatchPicDescs, roiNums, size, dstBatchPicDescs, cropAreas,
                    NULL, NULL, false, false};
    return batch_submit(channelDesc, &a, resizeConfig, true, stream);
}

aclError acldvppVpcBatchCropAndPasteAsync(acldvppChannelDesc *channelDesc, acldvppBatchPicDesc *srcBatchPicDescs,
                                          uint32_t *roiNums, uint32_t size, acldvppBatchPicDesc *dstBatchPicDescs,
                                          acldvppRoiConfig *cropAreas[], acldvppRoiConfig *pasteAreas[],
                                          aclrtStream stream)
{
    batch_args a = {"acldvppVpcBatchCropAndPasteAsync", srcBatchPicDescs, roiNums, size, dstBatchPicDescs, cropAreas,
                    pasteAreas, NULL, true, false};
    return batch_submit(channelDesc, &a, NULL, false, stream);
}

aclError acldvppVpcBatchCropResizePasteAsync(acldvppChannelDesc *channelDesc, acldvppBatchPicDesc *srcBatchPicDescs,
                                             uint32_t *roiNums, uint32_t size, acldvppBatchPicDesc *dstBatchPicDescs,
                                             acldvppRoiConfig *cropAreas[], acldvppRoiConfig *pasteAreas[],
                                             acldvppResizeConfig *resizeConfig, aclrtStream stream)
{
    batch_args a = {"acldvppVpcBatchCropResizePasteAsync", srcBatchPicDescs, roiNums, size, dstBatchPicDescs,
                    cropAreas, pasteAreas, NULL, true, false};
    return batch_submit(channelDesc, &a, resizeConfig, true, stream);
}

aclError acldvppVpcBatchCropResizeMakeBorderAsync(acldvppChannelDesc *channelDesc,
                                                  acldvppBatchPicDesc *srcBatchPicDescs, uint32_t *roiNums,
                                                  uint32_t size, acldvppBatchPicDesc *dstBatchPicDescs,
                                                  acldvppRoiConfig *cropAreas[], acldvppBorderConfig *borderCfgs[],
                                                  acldvppResizeConfig *resizeConfig, aclrtStream stream)
{
    batch_args a = {"acldvppVpcBatchCropResizeMakeBorderAsync", srcBatchPicDescs, roiNums, size, dstBatchPicDescs,
                    cropAreas, NULL, borderCfgs, false, true};
    return batch_submit(channelDesc, &a, resizeConfig, true, stream);
}
