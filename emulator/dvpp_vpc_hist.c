/*
 * VPC histogram and LUT kernels (acldvppVpcCalcHistAsync, acldvppVpcEqualizeHistAsync).
 */
#include "emu.h"

#include "dvpp_vpc.h"

void aclemu_vpc_hist(const aclemu_view *v, int c, uint32_t bins[256])
{
    const uint8_t *base = v->chan[c];
    if (base == NULL) {
        bins[v->fill[c]] += v->width * v->height;
        return;
    }
    for (uint32_t y = 0; y < v->height; ++y) {
        const uint8_t *row = base + (size_t)y * v->stride[c];
        for (uint32_t x = 0; x < v->width; ++x) {
            bins[row[(size_t)x * v->step[c]]]++;
        }
    }
}

void aclemu_vpc_lut(const aclemu_view *src, const aclemu_view *dst, const uint8_t (*table)[256])
{
    for (int c = 0; c < dst->channels; ++c) {
        if (dst->chan[c] == NULL || src->chan[c] == NULL) {
            continue;
        }
        const uint8_t *map = table[c];
        for (uint32_t y = 0; y < dst->height; ++y) {
            const uint8_t *in = src->chan[c] + (size_t)y * src->stride[c];
            uint8_t *out = dst->chan[c] + (size_t)y * dst->stride[c];
            for (uint32_t x = 0; x < dst->width; ++x) {
                out[(size_t)x * dst->step[c]] = map[in[(size_t)x * src->step[c]]];
            }
        }
    }
}
