/*
 * hi_mpi VPC geometric transforms: the matrices (get_affine_transform, get_rotation_matrix),
 * warp_affine, the remap LUTs (get_lut_mem_size, get_affine_lut, get_perspective_lut,
 * get_remap_lut) and lut_remap.
 *
 * Choices where the documentation is silent (also in docs/himpi_vpc_filters.md):
 *  - matrices map source to destination as OpenCV's getAffineTransform / getRotationMatrix2D /
 *    getPerspectiveTransform do; warp_affine inverts its matrix (OpenCV's warpAffine without
 *    WARP_INVERSE_MAP) and refuses a singular one or a type other than HI_MATRIX_2_PLUS_3;
 *  - a LUT is, for every destination sample in row order, the source position it reads, two
 *    float32 (x, y): get_lut_mem_size(w, h) = w * h * 8. It lives in DVPP memory (the VPC reads
 *    it), sizes 1..4096; the `interpolation` of get_*_lut is checked (0 or 1) but the LUT holds
 *    positions only, lut_remap takes its interpolation from its transform_config;
 *  - get_remap_lut's map1 / map2 are OpenCV's float maps (x and y, dest_w * dest_h float32 each,
 *    map_size bytes each);
 *  - sampling: interpolation 0 bilinear, 1 nearest (position rounded half up), in double on
 *    unquantised positions; taps outside the source follow the border type (constant:
 *    scalar_value per channel); results rounded half up.
 */
#include "emu.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "himpi_vpc_pixels.h"

enum { LUT_MAX_SIDE = 4096, LUT_ENTRY = 2 * sizeof(float) };

static hi_s32 null_arg(const char *fn, const char *what)
{
    return aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: %s is NULL", fn, what);
}

static hi_s32 illegal(const char *fn, const char *why)
{
    return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: %s", fn, why);
}

/* Solve a x = b (n unknowns, row-major a) by Gaussian elimination with partial pivoting;
 * false when the system is singular. */
static bool solve(double *a, double *b, int n)
{
    for (int col = 0; col < n; col++) {
        int pivot = col;
        for (int r = col + 1; r < n; r++) {
            if (fabs(a[r * n + col]) > fabs(a[pivot * n + col])) {
                pivot = r;
            }
        }
        if (fabs(a[pivot * n + col]) < 1e-12) {
            return false;
        }
        for (int k = 0; k < n; k++) {
            double t = a[col * n + k];
            a[col * n + k] = a[pivot * n + k];
            a[pivot * n + k] = t;
        }
        double t = b[col];
        b[col] = b[pivot];
        b[pivot] = t;
        for (int r = 0; r < n; r++) {
            if (r != col) {
                double f = a[r * n + col] / a[col * n + col];
                for (int k = col; k < n; k++) {
                    a[r * n + k] -= f * a[col * n + k];
                }
                b[r] -= f * b[col];
            }
        }
    }
    for (int r = 0; r < n; r++) {
        b[r] /= a[r * n + r];
    }
    return true;
}

/* The transform taking the `count` source points to the destination points: affine (3 pairs,
 * h[6] = the 2x3 rows) or perspective (4 pairs, h[8] with h22 = 1). */
static hi_s32 fit_points(const hi_point_pair_info *info, uint32_t count, double *h, const char *fn)
{
    if (info->src_point_count != count || info->dest_point_count != count) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM,
                                "%s: src_point_count %u and dest_point_count %u must both be %u", fn,
                                info->src_point_count, info->dest_point_count, count);
    }
    int n = (int)(count == 3 ? 6 : 8);
    double a[64] = {0};
    for (uint32_t i = 0; i < count; i++) {
        double x = info->src_point[i].x;
        double y = info->src_point[i].y;
        double u = info->dest_point[i].x;
        double v = info->dest_point[i].y;
        if (!isfinite(x) || !isfinite(y) || !isfinite(u) || !isfinite(v)) {
            return illegal(fn, "a point is not finite");
        }
        double *r0 = &a[(2 * i) * n];
        double *r1 = &a[(2 * i + 1) * n];
        r0[0] = x, r0[1] = y, r0[2] = 1;
        r1[3] = x, r1[4] = y, r1[5] = 1;
        if (count == 4) {
            r0[6] = -x * u, r0[7] = -y * u;
            r1[6] = -x * v, r1[7] = -y * v;
        }
        h[2 * i] = u;
        h[2 * i + 1] = v;
    }
    if (!solve(a, h, n)) {
        return illegal(fn, "the points are degenerate (collinear): no transform maps them");
    }
    return HI_SUCCESS;
}

hi_s32 hi_mpi_vpc_get_affine_transform(hi_point_pair_info *point_pair_info, hi_transform_matrix *matrix)
{
    static const char fn[] = "hi_mpi_vpc_get_affine_transform";
    if (point_pair_info == NULL || matrix == NULL) {
        return null_arg(fn, point_pair_info == NULL ? "point_pair_info" : "matrix");
    }
    double h[8];
    hi_s32 ret = fit_points(point_pair_info, 3, h, fn);
    if (ret != HI_SUCCESS) {
        return ret;
    }
    memset(matrix, 0, sizeof *matrix);
    matrix->matrix_type = HI_MATRIX_2_PLUS_3;
    for (int i = 0; i < 6; i++) {
        matrix->matrix[i / 3][i % 3] = (hi_float)h[i];
    }
    return HI_SUCCESS;
}

hi_s32 hi_mpi_vpc_get_rotation_matrix(hi_float_point center_point, hi_double angle, hi_double scale,
                                      hi_transform_matrix *matrix)
{
    static const char fn[] = "hi_mpi_vpc_get_rotation_matrix";
    if (matrix == NULL) {
        return null_arg(fn, "matrix");
    }
    if (!isfinite(angle) || !isfinite(scale) || !isfinite(center_point.x) || !isfinite(center_point.y)) {
        return illegal(fn, "angle, scale and the centre must be finite");
    }
    double rad = angle * 3.14159265358979323846 / 180.0;
    double a = scale * cos(rad);
    double b = scale * sin(rad);
    double cx = center_point.x;
    double cy = center_point.y;
    memset(matrix, 0, sizeof *matrix);
    matrix->matrix_type = HI_MATRIX_2_PLUS_3;
    matrix->matrix[0][0] = (hi_float)a;
    matrix->matrix[0][1] = (hi_float)b;
    matrix->matrix[0][2] = (hi_float)((1 - a) * cx - b * cy);
    matrix->matrix[1][0] = (hi_float)-b;
    matrix->matrix[1][1] = (hi_float)a;
    matrix->matrix[1][2] = (hi_float)(b * cx + (1 - a) * cy);
    return HI_SUCCESS;
}

/* Inverse of the affine rows m (2x3) into inv; false when singular. */
static bool invert_affine(const double m[6], double inv[6])
{
    double det = m[0] * m[4] - m[1] * m[3];
    if (!isfinite(det) || fabs(det) < 1e-12) {
        return false;
    }
    inv[0] = m[4] / det;
    inv[1] = -m[1] / det;
    inv[3] = -m[3] / det;
    inv[4] = m[0] / det;
    inv[2] = -(inv[0] * m[2] + inv[1] * m[5]);
    inv[5] = -(inv[3] * m[2] + inv[4] * m[5]);
    return true;
}

/* Inverse of the 3x3 homography h (h[8] = 1 implied) into inv[9]; false when singular. */
static bool invert_perspective(const double h[8], double inv[9])
{
    double m[9] = {h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], 1.0};
    double det = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) +
                 m[2] * (m[3] * m[7] - m[4] * m[6]);
    if (!isfinite(det) || fabs(det) < 1e-12) {
        return false;
    }
    inv[0] = (m[4] * m[8] - m[5] * m[7]) / det;
    inv[1] = (m[2] * m[7] - m[1] * m[8]) / det;
    inv[2] = (m[1] * m[5] - m[2] * m[4]) / det;
    inv[3] = (m[5] * m[6] - m[3] * m[8]) / det;
    inv[4] = (m[0] * m[8] - m[2] * m[6]) / det;
    inv[5] = (m[2] * m[3] - m[0] * m[5]) / det;
    inv[6] = (m[3] * m[7] - m[4] * m[6]) / det;
    inv[7] = (m[1] * m[6] - m[0] * m[7]) / det;
    inv[8] = (m[0] * m[4] - m[1] * m[3]) / det;
    return true;
}

/* How a destination sample finds its source position. */
typedef struct warp_map {
    int kind; /* 0 affine (m[6]), 1 perspective (m[9]), 2 LUT of float pairs */
    double m[9];
    const float *lut;
} warp_map;

static void map_position(const warp_map *map, uint32_t dw, uint32_t x, uint32_t y, double *sx, double *sy)
{
    const double *m = map->m;
    if (map->kind == 0) {
        *sx = m[0] * x + m[1] * y + m[2];
        *sy = m[3] * x + m[4] * y + m[5];
    } else if (map->kind == 1) {
        double w = m[6] * x + m[7] * y + m[8];
        w = w != 0 ? 1.0 / w : 0.0;
        *sx = (m[0] * x + m[1] * y + m[2]) * w;
        *sy = (m[3] * x + m[4] * y + m[5]) * w;
    } else {
        const float *e = map->lut + 2 * ((size_t)y * dw + x);
        *sx = e[0];
        *sy = e[1];
    }
    /* far positions only ever meet the border: keep them where integers still hold them */
    *sx = isfinite(*sx) ? fmin(fmax(*sx, -1e7), 1e7) : -1e7;
    *sy = isfinite(*sy) ? fmin(fmax(*sy, -1e7), 1e7) : -1e7;
}

/* Tap (x, y) of channel c of s under the border rule. */
static double tap(const himpi_pixels *s, int64_t x, int64_t y, uint32_t c, int border, const double *scalar)
{
    int64_t ix = himpi_border_index(x, s->width, border);
    int64_t iy = himpi_border_index(y, s->height, border);
    if (ix < 0 || iy < 0) {
        return himpi_sample(scalar[c]);
    }
    return s->data[(size_t)iy * s->stride + (size_t)ix * s->bpp + c];
}

static void warp_run(const himpi_pixels *s, const himpi_pixels *d, const warp_map *map,
                     const hi_transform_config *cfg)
{
    int border = (int)cfg->border_type;
    const double *scalar = cfg->scalar_value.val;
    for (uint32_t y = 0; y < d->height; y++) {
        uint8_t *row = d->data + (size_t)y * d->stride;
        for (uint32_t x = 0; x < d->width; x++) {
            double sx;
            double sy;
            map_position(map, d->width, x, y, &sx, &sy);
            for (uint32_t c = 0; c < d->bpp; c++) {
                double v;
                if (cfg->interpolation == 1) {
                    v = tap(s, (int64_t)floor(sx + 0.5), (int64_t)floor(sy + 0.5), c, border, scalar);
                } else {
                    double fx0 = floor(sx);
                    double fy0 = floor(sy);
                    double fx = sx - fx0;
                    double fy = sy - fy0;
                    int64_t x0 = (int64_t)fx0;
                    int64_t y0 = (int64_t)fy0;
                    double top = (1 - fx) * tap(s, x0, y0, c, border, scalar) + fx * tap(s, x0 + 1, y0, c, border, scalar);
                    double bottom =
                        (1 - fx) * tap(s, x0, y0 + 1, c, border, scalar) + fx * tap(s, x0 + 1, y0 + 1, c, border, scalar);
                    v = (1 - fy) * top + fy * bottom;
                }
                row[(size_t)x * d->bpp + c] = himpi_sample(v);
            }
        }
    }
}

/* Channel, pictures and config checked, then the warp run and the task finished. */
static hi_s32 warp_call(hi_vpc_chn chn, const hi_warp_transform_param *param, const warp_map *map,
                        const hi_remap_lut *lut, hi_u32 *task_id, const char *fn)
{
    vpc_chn *obj = himpi_vpc_acquire(chn, fn);
    if (obj == NULL) {
        return (hi_s32)HI_ERR_VPC_UNEXIST;
    }
    himpi_pixels s;
    himpi_pixels d;
    hi_s32 ret = himpi_pixels_pair(&param->src, &param->dst, false, fn, &s, &d);
    const hi_transform_config *cfg = &param->transform_config;
    if (ret == HI_SUCCESS && cfg->interpolation > 1) {
        ret = aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: interpolation %u (0 bilinear, 1 nearest)", fn,
                               cfg->interpolation);
    }
    if (ret == HI_SUCCESS) {
        ret = himpi_border_check((int)cfg->border_type, fn);
    }
    if (ret == HI_SUCCESS && lut != NULL &&
        (lut->src_pic_width != s.width || lut->src_pic_height != s.height || lut->dest_pic_width != d.width ||
         lut->dest_pic_height != d.height)) {
        ret = aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM,
                               "%s: the LUT maps %ux%u to %ux%u, the pictures are %ux%u and %ux%u", fn,
                               lut->src_pic_width, lut->src_pic_height, lut->dest_pic_width, lut->dest_pic_height,
                               s.width, s.height, d.width, d.height);
    }
    if (ret == HI_SUCCESS) {
        ret = himpi_vpc_workspace_check(obj, lut != NULL ? REMAP : AFFINE, s.width, s.height, d.width, d.height, fn);
    }
    if (ret == HI_SUCCESS) {
        warp_run(&s, &d, map, cfg);
        ret = himpi_vpc_done(chn, &param->dst, task_id, fn);
    }
    aclemu_himpi_chn_release(obj);
    return ret;
}

hi_s32 hi_mpi_vpc_warp_affine(hi_vpc_chn chn, hi_transform_matrix *matrix, hi_warp_transform_param *transform_param,
                              hi_u32 *task_id, hi_s32 milli_sec)
{
    static const char fn[] = "hi_mpi_vpc_warp_affine";
    (void)milli_sec; /* runs at once: never waits for room */
    if (matrix == NULL || transform_param == NULL || task_id == NULL) {
        return null_arg(fn, matrix == NULL ? "matrix" : transform_param == NULL ? "transform_param" : "task_id");
    }
    if (matrix->matrix_type != HI_MATRIX_2_PLUS_3) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM,
                                "%s: matrix_type %d must be HI_MATRIX_2_PLUS_3 for an affine warp", fn,
                                (int)matrix->matrix_type);
    }
    double m[6];
    for (int i = 0; i < 6; i++) {
        m[i] = matrix->matrix[i / 3][i % 3];
    }
    warp_map map = {.kind = 0};
    if (!invert_affine(m, map.m)) {
        return illegal(fn, "the matrix is singular (or not finite)");
    }
    return warp_call(chn, transform_param, &map, NULL, task_id, fn);
}

hi_s32 hi_mpi_vpc_get_lut_mem_size(hi_u32 width, hi_u32 height, hi_u32 *lut_size)
{
    static const char fn[] = "hi_mpi_vpc_get_lut_mem_size";
    if (lut_size == NULL) {
        return null_arg(fn, "lut_size");
    }
    if (width < 1 || height < 1 || width > LUT_MAX_SIDE || height > LUT_MAX_SIDE) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: %ux%u is outside [1, %d] per side", fn, width,
                                height, LUT_MAX_SIDE);
    }
    *lut_size = width * height * (hi_u32)LUT_ENTRY;
    return HI_SUCCESS;
}

/* remap_lut checked: sizes, and a DVPP buffer large enough for its destination size. */
static hi_s32 lut_check(const hi_remap_lut *lut, const char *fn)
{
    if (lut == NULL) {
        return null_arg(fn, "remap_lut");
    }
    hi_s32 sizes = himpi_sizes_check(lut->src_pic_width, lut->src_pic_height, lut->dest_pic_width,
                                     lut->dest_pic_height, fn, "remap_lut");
    if (sizes != HI_SUCCESS) {
        return sizes;
    }
    size_t need = (size_t)lut->dest_pic_width * lut->dest_pic_height * LUT_ENTRY;
    if (lut->lut == NULL || lut->lut_size < need) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: remap_lut.lut %p of %u bytes, %zu needed", fn,
                                lut->lut, lut->lut_size, need);
    }
    aclError ret = aclemu_mem_check_tracked(lut->lut, need, true, fn, "remap_lut.lut");
    return ret == ACL_SUCCESS ? HI_SUCCESS : himpi_vpc_code(ret);
}

/* Write every destination sample's source position under `map` into the LUT. */
static void lut_fill(const hi_remap_lut *lut, const warp_map *map)
{
    float *out = lut->lut;
    for (uint32_t y = 0; y < lut->dest_pic_height; y++) {
        for (uint32_t x = 0; x < lut->dest_pic_width; x++) {
            double sx;
            double sy;
            map_position(map, lut->dest_pic_width, x, y, &sx, &sy);
            *out++ = (float)sx;
            *out++ = (float)sy;
        }
    }
}

static hi_s32 points_lut(hi_point_pair_info *info, hi_u32 interpolation, hi_remap_lut *lut, uint32_t count,
                         const char *fn)
{
    if (info == NULL) {
        return null_arg(fn, "point_pair_info");
    }
    if (interpolation > 1) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: interpolation %u (0 bilinear, 1 nearest)", fn,
                                interpolation);
    }
    hi_s32 ret = lut_check(lut, fn);
    double h[8];
    if (ret == HI_SUCCESS) {
        ret = fit_points(info, count, h, fn);
    }
    if (ret != HI_SUCCESS) {
        return ret;
    }
    warp_map map = {.kind = count == 3 ? 0 : 1};
    bool ok = count == 3 ? invert_affine(h, map.m) : invert_perspective(h, map.m);
    if (!ok) {
        return illegal(fn, "the transform is singular");
    }
    lut_fill(lut, &map);
    return HI_SUCCESS;
}

hi_s32 hi_mpi_vpc_get_affine_lut(hi_point_pair_info *point_pair_info, hi_u32 interpolation, hi_remap_lut *remap_lut)
{
    return points_lut(point_pair_info, interpolation, remap_lut, 3, "hi_mpi_vpc_get_affine_lut");
}

hi_s32 hi_mpi_vpc_get_perspective_lut(hi_point_pair_info *point_pair_info, hi_u32 interpolation,
                                      hi_remap_lut *remap_lut)
{
    return points_lut(point_pair_info, interpolation, remap_lut, 4, "hi_mpi_vpc_get_perspective_lut");
}

hi_s32 hi_mpi_vpc_get_remap_lut(hi_map_param *map_param, hi_remap_lut *remap_lut)
{
    static const char fn[] = "hi_mpi_vpc_get_remap_lut";
    if (map_param == NULL) {
        return null_arg(fn, "map_param");
    }
    hi_s32 ret = lut_check(remap_lut, fn);
    if (ret != HI_SUCCESS) {
        return ret;
    }
    const hi_remap_lut *lut = remap_lut;
    if (map_param->src_pic_width != lut->src_pic_width || map_param->src_pic_height != lut->src_pic_height ||
        map_param->dest_pic_width != lut->dest_pic_width || map_param->dest_pic_height != lut->dest_pic_height) {
        return illegal(fn, "map_param and remap_lut must name the same sizes");
    }
    size_t need = (size_t)lut->dest_pic_width * lut->dest_pic_height * sizeof(float);
    if (map_param->map1 == NULL || map_param->map2 == NULL || map_param->map_size < need) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM,
                                "%s: map1 %p / map2 %p of %u bytes each, %zu needed (float32 per sample)", fn,
                                map_param->map1, map_param->map2, map_param->map_size, need);
    }
    aclError check = aclemu_mem_check(map_param->map1, need, false, fn, "map_param.map1");
    if (check == ACL_SUCCESS) {
        check = aclemu_mem_check(map_param->map2, need, false, fn, "map_param.map2");
    }
    if (check != ACL_SUCCESS) {
        return himpi_vpc_code(check);
    }
    const float *mx = map_param->map1;
    const float *my = map_param->map2;
    float *out = lut->lut;
    for (size_t i = 0; i < need / sizeof(float); i++) {
        out[2 * i] = mx[i];
        out[2 * i + 1] = my[i];
    }
    return HI_SUCCESS;
}

hi_s32 hi_mpi_vpc_lut_remap(hi_vpc_chn chn, hi_warp_transform_param *transform_param, hi_remap_lut *remap_lut,
                            hi_u32 *task_id, hi_s32 milli_sec)
{
    static const char fn[] = "hi_mpi_vpc_lut_remap";
    (void)milli_sec;
    if (transform_param == NULL || task_id == NULL) {
        return null_arg(fn, transform_param == NULL ? "transform_param" : "task_id");
    }
    hi_s32 ret = lut_check(remap_lut, fn);
    if (ret != HI_SUCCESS) {
        return ret;
    }
    warp_map map = {.kind = 2, .lut = remap_lut->lut};
    return warp_call(chn, transform_param, &map, remap_lut, task_id, fn);
}
