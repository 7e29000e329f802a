/*
 * VPC geometry kernels on sample views: resample (bilinear / nearest), copy, fill, borders,
 * pyramid down. The conventions (sample centres, rounding) are stated in dvpp_vpc.h; the
 * numpy references in tests/media/vpc_reference.py implement the same formulas in floating
 * point.
 *
 * Speed: per-axis coefficients are computed once per call (source offsets and 11-bit
 * weights), the inner loops are plain integer arithmetic on byte pointers, and each channel
 * is processed on its own so that every loop has a single stride and step.
 */
#include "emu.h"

#include <stdlib.h>
#include <string.h>

#include "dvpp_vpc.h"

#define WEIGHT_BITS 11
#define WEIGHT_ONE (1 << WEIGHT_BITS)

typedef struct axis_map {
    size_t *off0;  /* source offset (index * step or index * stride) of the first tap */
    size_t *off1;  /* of the second tap (== off0 at the far edge) */
    uint32_t *w1;  /* weight of the second tap, 0..WEIGHT_ONE */
} axis_map;

/* Source index and 11-bit weight of destination sample i, centre convention. */
static void bilinear_tap(uint32_t i, uint32_t src_n, uint32_t dst_n, uint32_t *i0, uint32_t *i1, uint32_t *w1)
{
    int64_t num = (int64_t)(2 * (int64_t)i + 1) * src_n - dst_n; /* 2*dst_n * position */
    int64_t den = 2 * (int64_t)dst_n;
    if (num <= 0) {
        *i0 = *i1 = 0;
        *w1 = 0;
        return;
    }
    uint32_t base = (uint32_t)(num / den);
    if (base >= src_n - 1) {
        *i0 = *i1 = src_n - 1;
        *w1 = 0;
        return;
    }
    *i0 = base;
    *i1 = base + 1;
    *w1 = (uint32_t)(((num % den) * WEIGHT_ONE + den / 2) / den);
}

static uint32_t nearest_tap(uint32_t i, uint32_t src_n, uint32_t dst_n)
{
    uint64_t idx = ((uint64_t)i * src_n) / dst_n;
    return idx >= src_n ? src_n - 1 : (uint32_t)idx;
}

static void axis_free(axis_map *m)
{
    free(m->off0);
    free(m->off1);
    free(m->w1);
}

/* Taps of an axis in units of `unit` bytes. */
static bool axis_build(axis_map *m, uint32_t src_n, uint32_t dst_n, size_t unit, int interpolation)
{
    m->off0 = malloc(dst_n * sizeof *m->off0);
    m->off1 = malloc(dst_n * sizeof *m->off1);
    m->w1 = malloc(dst_n * sizeof *m->w1);
    if (m->off0 == NULL || m->off1 == NULL || m->w1 == NULL) {
        axis_free(m);
        return false;
    }
    for (uint32_t i = 0; i < dst_n; ++i) {
        uint32_t i0;
        uint32_t i1;
        uint32_t w1;
        if (interpolation == ACLEMU_INTERP_NEAREST) {
            i0 = i1 = nearest_tap(i, src_n, dst_n);
            w1 = 0;
        } else {
            bilinear_tap(i, src_n, dst_n, &i0, &i1, &w1);
        }
        m->off0[i] = (size_t)i0 * unit;
        m->off1[i] = (size_t)i1 * unit;
        m->w1[i] = w1;
    }
    return true;
}

static void resample_channel_bilinear(const uint8_t *src, size_t src_stride, uint8_t *dst, size_t dst_stride,
                                      uint32_t dst_step, uint32_t dst_w, uint32_t dst_h, const axis_map *xs,
                                      const axis_map *ys)
{
    for (uint32_t y = 0; y < dst_h; ++y) {
        const uint8_t *r0 = src + ys->off0[y];
        const uint8_t *r1 = src + ys->off1[y];
        uint32_t wy1 = ys->w1[y];
        uint32_t wy0 = WEIGHT_ONE - wy1;
        uint8_t *out = dst + (size_t)y * dst_stride;
        (void)src_stride;
        for (uint32_t x = 0; x < dst_w; ++x) {
            size_t a = xs->off0[x];
            size_t b = xs->off1[x];
            uint32_t wx1 = xs->w1[x];
            uint32_t wx0 = WEIGHT_ONE - wx1;
            uint32_t top = r0[a] * wx0 + r0[b] * wx1;
            uint32_t bottom = r1[a] * wx0 + r1[b] * wx1;
            uint32_t v = (top * wy0 + bottom * wy1 + (1u << (2 * WEIGHT_BITS - 1))) >> (2 * WEIGHT_BITS);
            out[(size_t)x * dst_step] = (uint8_t)v;
        }
    }
}

static void resample_channel_nearest(const uint8_t *src, uint8_t *dst, size_t dst_stride, uint32_t dst_step,
                                     uint32_t dst_w, uint32_t dst_h, const axis_map *xs, const axis_map *ys)
{
    for (uint32_t y = 0; y < dst_h; ++y) {
        const uint8_t *row = src + ys->off0[y];
        uint8_t *out = dst + (size_t)y * dst_stride;
        for (uint32_t x = 0; x < dst_w; ++x) {
            out[(size_t)x * dst_step] = row[xs->off0[x]];
        }
    }
}

static void fill_channel(uint8_t *dst, size_t stride, uint32_t step, uint32_t w, uint32_t h, uint8_t value)
{
    for (uint32_t y = 0; y < h; ++y) {
        uint8_t *out = dst + (size_t)y * stride;
        if (step == 1) {
            memset(out, value, w);
            continue;
        }
        for (uint32_t x = 0; x < w; ++x) {
            out[(size_t)x * step] = value;
        }
    }
}

void aclemu_vpc_fill(const aclemu_view *dst, const uint8_t value[4])
{
    for (int c = 0; c < dst->channels; ++c) {
        if (dst->chan[c] != NULL) {
            fill_channel(dst->chan[c], dst->stride[c], dst->step[c], dst->width, dst->height, value[c]);
        }
    }
}

void aclemu_vpc_copy(const aclemu_view *src, const aclemu_view *dst)
{
    for (int c = 0; c < dst->channels; ++c) {
        uint8_t *out = dst->chan[c];
        const uint8_t *in = src->chan[c];
        if (out == NULL) {
            continue;
        }
        if (in == NULL) {
            fill_channel(out, dst->stride[c], dst->step[c], dst->width, dst->height, src->fill[c]);
            continue;
        }
        for (uint32_t y = 0; y < dst->height; ++y) {
            const uint8_t *srow = in + (size_t)y * src->stride[c];
            uint8_t *drow = out + (size_t)y * dst->stride[c];
            if (src->step[c] == 1 && dst->step[c] == 1) {
                memcpy(drow, srow, dst->width);
                continue;
            }
            for (uint32_t x = 0; x < dst->width; ++x) {
                drow[(size_t)x * dst->step[c]] = srow[(size_t)x * src->step[c]];
            }
        }
    }
}

aclError aclemu_vpc_resample(const aclemu_view *src, const aclemu_view *dst, int interpolation, const char *fn)
{
    if (dst->width == 0 || dst->height == 0) {
        return ACL_SUCCESS;
    }
    if (src->width == dst->width && src->height == dst->height) {
        aclemu_vpc_copy(src, dst);
        return ACL_SUCCESS;
    }
    for (int c = 0; c < dst->channels; ++c) {
        if (dst->chan[c] == NULL) {
            continue;
        }
        if (src->chan[c] == NULL || src->width == 0 || src->height == 0) {
            fill_channel(dst->chan[c], dst->stride[c], dst->step[c], dst->width, dst->height, src->fill[c]);
            continue;
        }
        axis_map xs;
        axis_map ys;
        if (!axis_build(&xs, src->width, dst->width, src->step[c], interpolation)) {
            return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: no memory for resize coefficients", fn);
        }
        if (!axis_build(&ys, src->height, dst->height, src->stride[c], interpolation)) {
            axis_free(&xs);
            return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: no memory for resize coefficients", fn);
        }
        if (interpolation == ACLEMU_INTERP_NEAREST) {
            resample_channel_nearest(src->chan[c], dst->chan[c], dst->stride[c], dst->step[c], dst->width,
                                     dst->height, &xs, &ys);
        } else {
            resample_channel_bilinear(src->chan[c], src->stride[c], dst->chan[c], dst->stride[c], dst->step[c],
                                      dst->width, dst->height, &xs, &ys);
        }
        axis_free(&xs);
        axis_free(&ys);
    }
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------------ borders */

/* Source index of border position i (may be outside 0..n-1), -1 for BORDER_CONSTANT outside. */
static int64_t border_index(int64_t i, int64_t n, int type)
{
    if (i >= 0 && i < n) {
        return i;
    }
    switch (type) {
    case BORDER_REPLICATE:
        return i < 0 ? 0 : n - 1;
    case BORDER_REFLECT:
    case BORDER_REFLECT_101: {
        if (n == 1) {
            return 0;
        }
        int64_t edge = type == BORDER_REFLECT ? 1 : 0; /* REFLECT repeats the edge sample */
        int64_t period = 2 * n - 2 + 2 * edge;
        int64_t k = i % period;
        if (k < 0) {
            k += period;
        }
        return k < n ? k : period - k - 1 + (1 - edge);
    }
    default:
        return -1;
    }
}

aclError aclemu_vpc_border(const aclemu_view *src, const aclemu_view *dst, int type, uint32_t top, uint32_t left,
                           const uint8_t value[4], const char *fn)
{
    int64_t *cols = malloc(dst->width * sizeof *cols + 1);
    if (cols == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: no memory for the border map", fn);
    }
    for (uint32_t x = 0; x < dst->width; ++x) {
        cols[x] = border_index((int64_t)x - left, src->width, type);
    }
    for (int c = 0; c < dst->channels; ++c) {
        if (dst->chan[c] == NULL) {
            continue;
        }
        for (uint32_t y = 0; y < dst->height; ++y) {
            int64_t sy = border_index((int64_t)y - top, src->height, type);
            uint8_t *out = dst->chan[c] + (size_t)y * dst->stride[c];
            const uint8_t *row = src->chan[c] != NULL && sy >= 0 ? src->chan[c] + (size_t)sy * src->stride[c] : NULL;
            for (uint32_t x = 0; x < dst->width; ++x) {
                uint8_t v = value[c];
                if (cols[x] >= 0 && sy >= 0) {
                    v = row != NULL ? row[(size_t)cols[x] * src->step[c]] : src->fill[c];
                }
                out[(size_t)x * dst->step[c]] = v;
            }
        }
    }
    free(cols);
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------- pyramid down */

aclError aclemu_vpc_pyr_down(const aclemu_view *src, const aclemu_view *dst, const char *fn)
{
    static const uint32_t k[5] = {1, 4, 6, 4, 1};
    uint32_t w = src->width;
    uint32_t *rows = malloc((size_t)w * sizeof *rows); /* vertically filtered source row */
    size_t *cols = malloc((size_t)dst->width * 5 * sizeof *cols);
    if (rows == NULL || cols == NULL) {
        free(rows);
        free(cols);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: no memory for the pyramid filter", fn);
    }
    for (uint32_t x = 0; x < dst->width; ++x) {
        for (int t = 0; t < 5; ++t) {
            cols[x * 5 + t] = (size_t)border_index(2 * (int64_t)x + t - 2, w, BORDER_REFLECT_101);
        }
    }
    for (int c = 0; c < dst->channels; ++c) {
        if (dst->chan[c] == NULL || src->chan[c] == NULL) {
            continue;
        }
        for (uint32_t y = 0; y < dst->height; ++y) {
            memset(rows, 0, (size_t)w * sizeof *rows);
            for (int t = 0; t < 5; ++t) {
                int64_t sy = border_index(2 * (int64_t)y + t - 2, src->height, BORDER_REFLECT_101);
                const uint8_t *in = src->chan[c] + (size_t)sy * src->stride[c];
                for (uint32_t x = 0; x < w; ++x) {
                    rows[x] += k[t] * in[(size_t)x * src->step[c]];
                }
            }
            uint8_t *out = dst->chan[c] + (size_t)y * dst->stride[c];
            for (uint32_t x = 0; x < dst->width; ++x) {
                const size_t *tap = &cols[x * 5];
                uint32_t sum = rows[tap[0]] + 4 * rows[tap[1]] + 6 * rows[tap[2]] + 4 * rows[tap[3]] + rows[tap[4]];
                out[(size_t)x * dst->step[c]] = (uint8_t)((sum + 128) >> 8);
            }
        }
    }
    free(rows);
    free(cols);
    return ACL_SUCCESS;
}

void aclemu_vpc_orient(const aclemu_view *src, const aclemu_view *dst, bool transpose, bool flip_x, bool flip_y)
{
    for (int c = 0; c < dst->channels; ++c) {
        if (dst->chan[c] == NULL) {
            continue;
        }
        for (uint32_t y = 0; y < dst->height; ++y) {
            uint8_t *out = dst->chan[c] + (size_t)y * dst->stride[c];
            for (uint32_t x = 0; x < dst->width; ++x) {
                uint32_t u = transpose ? y : x;
                uint32_t v = transpose ? x : y;
                u = flip_x ? src->width - 1 - u : u;
                v = flip_y ? src->height - 1 - v : v;
                out[(size_t)x * dst->step[c]] =
                    src->chan[c] == NULL ? src->fill[c] : src->chan[c][(size_t)v * src->stride[c] + (size_t)u * src->step[c]];
            }
        }
    }
}
