/*
 * hi_mpi system calls: sys init/exit/full_init, DVPP memory, image alignment and the per-channel
 * CSC matrices.
 *
 * Choices where the documentation is silent (said again in the report):
 *  - hi_mpi_sys_init twice is accepted (a second init is a no-op), and hi_mpi_sys_exit without an
 *    init too; exit destroys the channels left behind;
 *  - hi_mpi_sys_get_image_align_info aligns the width stride to 16 bytes (at least 32, the VPC
 *    minimum) and the height stride to 2 lines, or to 64 bytes / 16 lines when JPEGD is among
 *    the modules, as the JPEGD output rules of the acldvpp API say; several modules take the
 *    largest alignment of them;
 *  - a channel's CSC matrix before any set is HI_CSC_MATRIX_BT601_WIDE with zero coefficients;
 *  - HI_CSC_MATRIX_USER coefficients must be finite, matrix entries in [-16, 16] and biases in
 *    [-1024, 1024] (no range is documented), else HI_ERR_SYS_ILLEGAL_PARAM; with a named matrix
 *    csc_coefficient is "any value" and is only stored.
 */
#include "emu.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "dvpp_formats.h"
#include "himpi.h"

/* DVPP memory: the size rounded to this, as acldvppMalloc reserves it. */
enum { DVPP_RESERVE_ALIGN = 128 };

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static bool g_sys_ready;

bool aclemu_himpi_sys_ready(void)
{
    pthread_mutex_lock(&g_lock);
    bool ready = g_sys_ready;
    pthread_mutex_unlock(&g_lock);
    return ready;
}

hi_s32 hi_mpi_sys_init(void)
{
    pthread_mutex_lock(&g_lock);
    g_sys_ready = true;
    pthread_mutex_unlock(&g_lock);
    return HI_SUCCESS;
}

/* The real call also prepares the VPC/VDEC/VENC firmware, which the emulator does not have. */
hi_s32 hi_mpi_sys_full_init(void)
{
    return hi_mpi_sys_init();
}

hi_s32 hi_mpi_sys_exit(void)
{
    pthread_mutex_lock(&g_lock);
    g_sys_ready = false;
    pthread_mutex_unlock(&g_lock);
    aclemu_himpi_chn_unregister_all();
    aclemu_himpi_vb_release_all();
    return HI_SUCCESS;
}

/* hi_mpi channels are not tied to a device here, so only aclFinalize (device -1) forgets the ones a
 * program left behind, as if it had called hi_mpi_sys_exit. */
static size_t release_at_finalize(int32_t device, const char *fn)
{
    if (device != -1) {
        return 0;
    }
    pthread_mutex_lock(&g_lock);
    g_sys_ready = false;
    pthread_mutex_unlock(&g_lock);
    size_t count = aclemu_himpi_chn_unregister_all();
    if (count != 0 && aclemu_strict()) {
        aclemu_diag("%s: %zu hi_mpi channel(s) were never destroyed", fn, count);
    }
    return count;
}

__attribute__((constructor)) static void register_himpi_release(void)
{
    aclemu_on_release(release_at_finalize);
}

hi_s32 hi_mpi_dvpp_malloc(hi_u32 dev_id, hi_void **dev_ptr, hi_u64 size)
{
    static const char fn[] = "hi_mpi_dvpp_malloc";
    if (dev_ptr == NULL) {
        return aclemu_set_error((aclError)HI_ERR_SYS_NULL_PTR, "%s: dev_ptr is NULL", fn);
    }
    int32_t device = -1;
    if (aclemu_require_device(fn, &device) != ACL_SUCCESS) {
        return (hi_s32)HI_ERR_SYS_NOT_READY;
    }
    if ((int64_t)dev_id != device) {
        return aclemu_set_error((aclError)HI_ERR_SYS_ILLEGAL_PARAM,
                                "%s: dev_id %u is not the current context's device %d", fn, dev_id, device);
    }
    if (size == 0 || size > (hi_u64)SIZE_MAX - DVPP_RESERVE_ALIGN) {
        return aclemu_set_error((aclError)HI_ERR_SYS_ILLEGAL_PARAM, "%s: size %llu is not allocatable", fn,
                                (unsigned long long)size);
    }
    size_t reserve = ((size_t)size + DVPP_RESERVE_ALIGN - 1) / DVPP_RESERVE_ALIGN * DVPP_RESERVE_ALIGN;
    if (aclemu_mem_alloc_dvpp(dev_ptr, (size_t)size, reserve, fn) != ACL_SUCCESS) {
        return (hi_s32)HI_ERR_SYS_NO_MEM;
    }
    return HI_SUCCESS;
}

hi_s32 hi_mpi_dvpp_free(hi_void *dev_ptr)
{
    static const char fn[] = "hi_mpi_dvpp_free";
    if (dev_ptr == NULL) {
        return aclemu_set_error((aclError)HI_ERR_SYS_NULL_PTR, "%s: dev_ptr is NULL", fn);
    }
    if (!aclemu_mem_is_dvpp(dev_ptr)) {
        return aclemu_set_error((aclError)HI_ERR_SYS_ILLEGAL_PARAM, "%s: %p is not memory from hi_mpi_dvpp_malloc",
                                fn, dev_ptr);
    }
    if (aclemu_mem_free(dev_ptr, fn) != ACL_SUCCESS) {
        return (hi_s32)HI_ERR_SYS_ILLEGAL_PARAM;
    }
    return HI_SUCCESS;
}

static uint32_t align_up(uint32_t value, uint32_t align)
{
    return (value + align - 1) / align * align;
}

hi_s32 hi_mpi_sys_get_image_align_info(const hi_module_type mod_type[], const hi_u32 mod_num,
                                       const hi_img_base_info *img_base_info, hi_img_align_info *img_align_info)
{
    static const char fn[] = "hi_mpi_sys_get_image_align_info";
    if (mod_type == NULL || img_base_info == NULL || img_align_info == NULL) {
        return aclemu_set_error((aclError)HI_ERR_SYS_NULL_PTR, "%s: %s is NULL", fn,
                                mod_type == NULL ? "mod_type" : img_base_info == NULL ? "img_base_info" : "img_align_info");
    }
    if (mod_num == 0 || mod_num > HI_MOD_PNGD + 1) {
        return aclemu_set_error((aclError)HI_ERR_SYS_ILLEGAL_PARAM, "%s: mod_num %u is outside [1, %d]", fn, mod_num,
                                HI_MOD_PNGD + 1);
    }
    uint32_t width_align = 16;
    uint32_t height_align = 2;
    for (hi_u32 i = 0; i < mod_num; i++) {
        if ((int)mod_type[i] < HI_MOD_VPC || (int)mod_type[i] > HI_MOD_PNGD) {
            return aclemu_set_error((aclError)HI_ERR_SYS_ILLEGAL_PARAM, "%s: mod_type[%u] = %d is not a module", fn, i,
                                    (int)mod_type[i]);
        }
        if (mod_type[i] == HI_MOD_JPEGD) {
            width_align = 64;
            height_align = 16;
        }
    }
    const aclemu_pixfmt *format = aclemu_pixfmt_get((acldvppPixelFormat)img_base_info->pixel_format);
    uint32_t width = img_base_info->width;
    uint32_t height = img_base_info->height;
    if (format == NULL) {
        return aclemu_set_error((aclError)HI_ERR_SYS_NOT_SUPPORT, "%s: pixel format %d is not supported", fn,
                                (int)img_base_info->pixel_format);
    }
    if (width == 0 || height == 0 || width > 16384 || height > 16384) {
        return aclemu_set_error((aclError)HI_ERR_SYS_ILLEGAL_PARAM, "%s: %ux%u is outside 1..16384", fn, width, height);
    }
    uint32_t width_stride = align_up(aclemu_pixfmt_min_width_stride(format, width), width_align);
    if (width_stride < 32) {
        width_stride = 32;
    }
    uint32_t height_stride = align_up(height, height_align);
    memset(img_align_info, 0, sizeof *img_align_info);
    img_align_info->width_stride = width_stride;
    img_align_info->height_stride = height_stride;
    img_align_info->img_buf_size = aclemu_pixfmt_buffer_size(format, width_stride, height_stride);
    return HI_SUCCESS;
}

/* ---------------------------------------------------------------- CSC matrices */

typedef struct csc_entry {
    bool set;
    hi_csc_matrix matrix;
    hi_csc_coefficient coefficient;
} csc_entry;

/* Modules whose channels carry a CSC matrix, by hi_mod_id. */
static int csc_module(hi_mod_id mode)
{
    switch (mode) {
    case HI_ID_VPC:
        return ACLEMU_HIMPI_VPC;
    case HI_ID_VDEC:
    case HI_ID_JPEGD:
        return ACLEMU_HIMPI_VDEC;
    case HI_ID_VENC:
    case HI_ID_JPEGE:
        return ACLEMU_HIMPI_VENC;
    default:
        return -1;
    }
}

static csc_entry g_csc[ACLEMU_HIMPI_MODULES][ACLEMU_HIMPI_MAX_CHN];

static hi_s32 csc_slot(const char *fn, hi_mod_id mode, hi_s32 chn, csc_entry **out)
{
    int module = csc_module(mode);
    if (module < 0) {
        return aclemu_set_error((aclError)HI_ERR_SYS_ILLEGAL_PARAM, "%s: mode %d is not VPC, VDEC, VENC, JPEGD or JPEGE",
                                fn, (int)mode);
    }
    if (chn < 0 || chn >= ACLEMU_HIMPI_MAX_CHN) {
        return aclemu_set_error((aclError)HI_ERR_SYS_ILLEGAL_PARAM, "%s: chn %d is outside [0, %d)", fn, chn,
                                ACLEMU_HIMPI_MAX_CHN);
    }
    *out = &g_csc[module][chn];
    return HI_SUCCESS;
}

enum { CSC_USER_COEF_MAX = 16, CSC_USER_BIAS_MAX = 1024 };

/* The first user coefficient outside its range (or not finite), as "<which> r<i>c<j>"; NULL: all good. */
static const char *csc_user_refusal(const hi_coefficient *c, const char *which, char *buf, size_t size)
{
    const double v[12] = {c->csc_matrix_r0_c0, c->csc_matrix_r0_c1, c->csc_matrix_r0_c2, c->csc_matrix_r1_c0,
                          c->csc_matrix_r1_c1, c->csc_matrix_r1_c2, c->csc_matrix_r2_c0, c->csc_matrix_r2_c1,
                          c->csc_matrix_r2_c2, c->csc_bias_r0,       c->csc_bias_r1,       c->csc_bias_r2};
    for (int i = 0; i < 12; i++) {
        double limit = i < 9 ? CSC_USER_COEF_MAX : CSC_USER_BIAS_MAX;
        if (!isfinite(v[i]) || fabs(v[i]) > limit) {
            if (i < 9) {
                snprintf(buf, size, "%s csc_matrix_r%d_c%d (within +-%d)", which, i / 3, i % 3, CSC_USER_COEF_MAX);
            } else {
                snprintf(buf, size, "%s csc_bias_r%d (within +-%d)", which, i - 9, CSC_USER_BIAS_MAX);
            }
            return buf;
        }
    }
    return NULL;
}

hi_s32 hi_mpi_sys_set_chn_csc_matrix(hi_mod_id mode, hi_s32 chn, hi_csc_matrix csc_matrix,
                                     hi_csc_coefficient *csc_coefficient)
{
    static const char fn[] = "hi_mpi_sys_set_chn_csc_matrix";
    bool named = (int)csc_matrix >= HI_CSC_MATRIX_BT601_WIDE && (int)csc_matrix <= HI_CSC_MATRIX_BT2020_NARROW;
    if (!named && csc_matrix != HI_CSC_MATRIX_USER) {
        return aclemu_set_error((aclError)HI_ERR_SYS_ILLEGAL_PARAM, "%s: csc_matrix %d is not a matrix", fn,
                                (int)csc_matrix);
    }
    if (csc_matrix == HI_CSC_MATRIX_USER && csc_coefficient == NULL) {
        return aclemu_set_error((aclError)HI_ERR_SYS_NULL_PTR, "%s: HI_CSC_MATRIX_USER needs csc_coefficient", fn);
    }
    if (csc_matrix == HI_CSC_MATRIX_USER) {
        char buf[96];
        const char *bad = csc_user_refusal(&csc_coefficient->yuv_to_rgb_coefficient, "yuv_to_rgb_coefficient", buf,
                                           sizeof buf);
        if (bad == NULL) {
            bad = csc_user_refusal(&csc_coefficient->rgb_to_yuv_coefficient, "rgb_to_yuv_coefficient", buf,
                                   sizeof buf);
        }
        if (bad != NULL) {
            return aclemu_set_error((aclError)HI_ERR_SYS_ILLEGAL_PARAM,
                                    "%s: HI_CSC_MATRIX_USER %s is not finite or out of range", fn, bad);
        }
    }
    csc_entry *entry = NULL;
    hi_s32 ret = csc_slot(fn, mode, chn, &entry);
    if (ret != HI_SUCCESS) {
        return ret;
    }
    pthread_mutex_lock(&g_lock);
    entry->set = true;
    entry->matrix = csc_matrix;
    if (csc_coefficient != NULL) {
        entry->coefficient = *csc_coefficient;
    } else {
        memset(&entry->coefficient, 0, sizeof entry->coefficient);
    }
    pthread_mutex_unlock(&g_lock);
    return HI_SUCCESS;
}

hi_s32 hi_mpi_sys_get_chn_csc_matrix(hi_mod_id mode, hi_s32 chn, hi_csc_matrix *csc_matrix,
                                     hi_csc_coefficient *csc_coefficient)
{
    static const char fn[] = "hi_mpi_sys_get_chn_csc_matrix";
    if (csc_matrix == NULL || csc_coefficient == NULL) {
        return aclemu_set_error((aclError)HI_ERR_SYS_NULL_PTR, "%s: %s is NULL", fn,
                                csc_matrix == NULL ? "csc_matrix" : "csc_coefficient");
    }
    csc_entry *entry = NULL;
    hi_s32 ret = csc_slot(fn, mode, chn, &entry);
    if (ret != HI_SUCCESS) {
        return ret;
    }
    pthread_mutex_lock(&g_lock);
    *csc_matrix = entry->set ? entry->matrix : HI_CSC_MATRIX_BT601_WIDE;
    *csc_coefficient = entry->coefficient;
    pthread_mutex_unlock(&g_lock);
    return HI_SUCCESS;
}
