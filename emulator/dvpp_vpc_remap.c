/*
 * VPC histogram and colour remapping entry points: acldvppVpcCalcHistAsync (256 bins per
 * component) and acldvppVpcEqualizeHistAsync (the user's LUT applied per component).
 * Components are Y, U, V for YUV formats (chroma counted at its own resolution; YUV400 has
 * empty U and V histograms) and R, G, B for RGB formats, whatever their byte order: the
 * hist's dimension i and the LUT's table i are component i (*: the docs do not say).
 */
#include "emu.h"

#include <stdlib.h>
#include <string.h>

#include "dvpp_vpc.h"

typedef struct remap_task {
    const char *fn;
    aclemu_image src, dst;
    acldvppPicDesc *dst_desc; /* equalize */
    acldvppHist *hist;        /* calc hist */
    aclemu_dvpp_lut lut;
} remap_task;

/* Channel c of v as a one-channel view. */
static aclemu_view single_channel(const aclemu_view *v, int c)
{
    aclemu_view out = *v;
    out.channels = 1;
    out.chan[0] = v->chan[c];
    out.stride[0] = v->stride[c];
    out.step[0] = v->step[c];
    out.fill[0] = v->fill[c];
    return out;
}

void aclemu_vpc_component_views(const aclemu_image *img, aclemu_view out[3])
{
    aclemu_view v[2];
    if (aclemu_image_views(img, v) == 1) {
        for (int c = 0; c < 3; ++c) {
            out[c] = single_channel(&v[0], c);
        }
        return;
    }
    out[0] = v[0];
    out[1] = single_channel(&v[1], 0);
    out[2] = single_channel(&v[1], 1);
}

static aclError hist_run(void *arg)
{
    remap_task *t = arg;
    uint32_t bins[ACLEMU_DVPP_HIST_DIMS][ACLEMU_DVPP_HIST_LEN];
    memset(bins, 0, sizeof bins);
    aclemu_view v[3];
    aclemu_vpc_component_views(&t->src, v);
    for (int c = 0; c < 3; ++c) {
        if (v[c].chan[0] != NULL) {
            aclemu_vpc_hist(&v[c], 0, bins[c]);
        }
    }
    aclemu_dvpp_hist_put(t->hist, bins, 0);
    return ACL_SUCCESS;
}

static aclError lut_run(void *arg)
{
    remap_task *t = arg;
    aclemu_view sv[3];
    aclemu_view dv[3];
    aclemu_vpc_component_views(&t->src, sv);
    aclemu_vpc_component_views(&t->dst, dv);
    for (int c = 0; c < 3; ++c) {
        aclemu_vpc_lut(&sv[c], &dv[c], &t->lut.table[c]);
    }
    aclemu_dvpp_pic_set_ret_code(t->dst_desc, 0);
    return ACL_SUCCESS;
}

static void remap_free(void *arg, bool ran)
{
    (void)ran;
    free(arg);
}

static aclError remap_submit(const acldvppChannelDesc *channel, const remap_task *proto, aclemu_task_fn run,
                             aclrtStream stream)
{
    aclemu_dvpp_channel ch;
    aclError ret = aclemu_dvpp_channel_get(channel, DVPP_CHNMODE_VPC, proto->fn, &ch);
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    remap_task *t = malloc(sizeof *t);
    if (t == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: no memory for the task", proto->fn);
    }
    *t = *proto;
    return aclemu_stream_submit(stream, run, t, remap_free, proto->fn);
}

aclError acldvppVpcCalcHistAsync(acldvppChannelDesc *channelDesc, acldvppPicDesc *srcPicDesc, acldvppHist *hist,
                                 void *reserve, aclrtStream stream)
{
    remap_task t = {.fn = "acldvppVpcCalcHistAsync", .hist = hist};
    (void)reserve;
    aclError ret = aclemu_vpc_picture(srcPicDesc, ACLEMU_VPC_REMAP, t.fn, "srcPicDesc", &t.src);
    if (ret == ACL_SUCCESS) {
        ret = aclemu_dvpp_hist_check(hist, t.fn, "hist");
    }
    return ret != ACL_SUCCESS ? ret : remap_submit(channelDesc, &t, hist_run, stream);
}

aclError acldvppVpcEqualizeHistAsync(const acldvppChannelDesc *channelDesc, const acldvppPicDesc *inputDesc,
                                     acldvppPicDesc *outputDesc, const acldvppLutMap *lutMap, aclrtStream stream)
{
    remap_task t = {.fn = "acldvppVpcEqualizeHistAsync", .dst_desc = outputDesc};
    aclError ret = aclemu_vpc_picture(inputDesc, ACLEMU_VPC_REMAP, t.fn, "inputDesc", &t.src);
    if (ret == ACL_SUCCESS) {
        ret = aclemu_vpc_picture(outputDesc, ACLEMU_VPC_REMAP, t.fn, "outputDesc", &t.dst);
    }
    if (ret == ACL_SUCCESS && (t.src.fmt != t.dst.fmt || t.src.width != t.dst.width || t.src.height != t.dst.height)) {
        ret = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: output (%s %ux%u) must match the input (%s %ux%u)", t.fn,
                               t.dst.fmt->name, t.dst.width, t.dst.height, t.src.fmt->name, t.src.width,
                               t.src.height);
    }
    if (ret == ACL_SUCCESS) {
        ret = aclemu_dvpp_lut_get(lutMap, t.fn, "lutMap", &t.lut);
    }
    return ret != ACL_SUCCESS ? ret : remap_submit(channelDesc, &t, lut_run, stream);
}
