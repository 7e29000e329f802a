/*
 * hi_mpi VPC channels and their operations over the image pipeline's VPC kernels: create/destroy,
 * resize, crop, and hi_mpi_vpc_get_process_result.
 *
 * Choices where the documentation is silent (said again in the report):
 *  - an operation runs on the calling thread before it returns and its task id is already done;
 *    hi_mpi_vpc_get_process_result still applies the timeout convention (-1 blocks, 0 looks,
 *    > 0 waits) through himpi.h's task table, so a result is taken exactly once, and an id that
 *    is unknown or already taken gives HI_ERR_VPC_ILLEGAL_PARAM;
 *  - a refused picture gives the code the operation returns, the task is not created;
 *  - hi_mpi_vpc_resize reads the output size from dest_pic; fx and fy only have to be
 *    non-negative (the size wins); interpolation 0 is bilinear and 1 nearest neighbour, both the
 *    kernels' OpenCV-matching variants;
 *  - the crop outputs must be exactly the size of their crop region (a crop never scales);
 *  - hi_vpc_chn_attr's fields are reserved (the documentation asks for zeros, so an empty attr
 *    dict is valid); a pic_width or pic_height above the documented 4096 is
 *    HI_ERR_VPC_ILLEGAL_PARAM, other values are kept and not used.
 */
#include "emu.h"

#include <stdio.h>
#include <stdlib.h>

#include "himpi_vpc_internal.h"
#include "himpi_vpc_pixels.h"

enum { VPC_CROP_MAX = 256 }; /* crop regions per call */
#define VPC_CHN_MAX_SIDE 4096u   /* hi_vpc_chn_attr's documented largest picture */

static void vpc_chn_free(void *obj)
{
    free(obj);
}

static hi_s32 create_at(hi_vpc_chn chn, const hi_vpc_chn_attr *attr, const char *fn)
{
    if (attr == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: attr is NULL", fn);
    }
    if (!aclemu_himpi_sys_ready()) {
        return aclemu_set_error((aclError)HI_ERR_VPC_SYS_NOT_READY, "%s: call hi_mpi_sys_init first", fn);
    }
    if (attr->pic_width > VPC_CHN_MAX_SIDE || attr->pic_height > VPC_CHN_MAX_SIDE) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: attr picture %ux%u exceeds %ux%u", fn,
                                attr->pic_width, attr->pic_height, VPC_CHN_MAX_SIDE, VPC_CHN_MAX_SIDE);
    }
    vpc_chn *obj = calloc(1, sizeof *obj);
    if (obj == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NO_MEM, "%s: out of memory", fn);
    }
    obj->attr = *attr;
    int32_t result = aclemu_himpi_chn_register(ACLEMU_HIMPI_VPC, chn, obj, vpc_chn_free);
    if (result != ACLEMU_HIMPI_OK) {
        free(obj);
        if (result == ACLEMU_HIMPI_EXIST) {
            return aclemu_set_error((aclError)HI_ERR_VPC_EXIST, "%s: channel %d exists", fn, chn);
        }
        if (result == ACLEMU_HIMPI_NO_MEM) {
            return aclemu_set_error((aclError)HI_ERR_VPC_NO_MEM, "%s: out of memory", fn);
        }
        return aclemu_set_error((aclError)HI_ERR_VPC_INVALID_CHN_ID, "%s: channel %d is outside [0, %d)", fn, chn,
                                ACLEMU_HIMPI_MAX_CHN);
    }
    return HI_SUCCESS;
}

hi_s32 hi_mpi_vpc_create_chn(hi_vpc_chn chn, const hi_vpc_chn_attr *attr)
{
    return create_at(chn, attr, "hi_mpi_vpc_create_chn");
}

hi_s32 hi_mpi_vpc_sys_create_chn(hi_vpc_chn *chnl, const hi_vpc_chn_attr *attr)
{
    static const char fn[] = "hi_mpi_vpc_sys_create_chn";
    if (chnl == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: chnl is NULL", fn);
    }
    /* The system picks the lowest free number; a racing create of that number makes us try the next. */
    for (hi_vpc_chn chn = 0; chn < ACLEMU_HIMPI_MAX_CHN; chn++) {
        void *taken = aclemu_himpi_chn_acquire(ACLEMU_HIMPI_VPC, chn);
        if (taken != NULL) {
            aclemu_himpi_chn_release(taken);
            continue;
        }
        hi_s32 ret = create_at(chn, attr, fn);
        if (ret == HI_SUCCESS) {
            *chnl = chn;
        }
        if (ret != (hi_s32)HI_ERR_VPC_EXIST) {
            return ret;
        }
    }
    return aclemu_set_error((aclError)HI_ERR_VPC_NO_BUF, "%s: all %d channels are in use", fn, ACLEMU_HIMPI_MAX_CHN);
}

hi_s32 hi_mpi_vpc_destroy_chn(hi_vpc_chn chn)
{
    if (aclemu_himpi_chn_unregister(ACLEMU_HIMPI_VPC, chn) != ACLEMU_HIMPI_OK) {
        return aclemu_set_error((aclError)HI_ERR_VPC_UNEXIST, "hi_mpi_vpc_destroy_chn: channel %d does not exist", chn);
    }
    return HI_SUCCESS;
}

vpc_chn *himpi_vpc_acquire(hi_vpc_chn chn, const char *fn)
{
    vpc_chn *obj = aclemu_himpi_chn_acquire(ACLEMU_HIMPI_VPC, chn);
    if (obj == NULL) {
        aclemu_set_error((aclError)HI_ERR_VPC_UNEXIST, "%s: channel %d does not exist", fn, chn);
    }
    return obj;
}

hi_s32 himpi_vpc_code(aclError ret)
{
    char message[512];
    snprintf(message, sizeof message, "%s", aclemu_peek_error());
    hi_s32 code = ret == ACL_ERROR_FORMAT_NOT_MATCH ? (hi_s32)HI_ERR_VPC_NOT_SUPPORT
                  : ret == ACL_ERROR_BAD_ALLOC      ? (hi_s32)HI_ERR_VPC_NO_MEM
                                                    : (hi_s32)HI_ERR_VPC_ILLEGAL_PARAM;
    return aclemu_set_error((aclError)code, "%s", message);
}

hi_s32 himpi_vpc_picture(const hi_vpc_pic_info *info, aclemu_vpc_role role, const char *fn, const char *what,
                      aclemu_image *out)
{
    if (info == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: %s is NULL", fn, what);
    }
    aclemu_dvpp_pic values = {
        .data = info->picture_address,
        .size = info->picture_buffer_size,
        .format = (acldvppPixelFormat)info->picture_format,
        .width = info->picture_width,
        .height = info->picture_height,
        .width_stride = info->picture_width_stride,
        .height_stride = info->picture_height_stride,
    };
    aclError ret = aclemu_vpc_picture_values(&values, role, fn, what, out);
    return ret == ACL_SUCCESS ? HI_SUCCESS : himpi_vpc_code(ret);
}

hi_s32 himpi_vpc_run_task(hi_vpc_chn chn, const aclemu_vpc_job *jobs, size_t count, int interpolation,
                       hi_u32 *task_id, const char *fn)
{
    return himpi_vpc_run_jobs(chn, jobs, count, NULL, interpolation, ACL_DVPP_CSC_MATRIX_BT601_NARROW, task_id, fn);
}

hi_s32 himpi_vpc_run_jobs(hi_vpc_chn chn, const aclemu_vpc_job *jobs, size_t count, const int *modes,
                          int interpolation, int matrix, hi_u32 *task_id, const char *fn)
{
    aclError ret = ACL_SUCCESS;
    for (size_t i = 0; i < count && ret == ACL_SUCCESS; i++) {
        ret = aclemu_vpc_run_job(&jobs[i], modes != NULL ? modes[i] : interpolation, matrix, fn);
    }
    if (ret != ACL_SUCCESS) {
        return himpi_vpc_code(ret);
    }
    for (size_t i = 0; i < count; i++) {
        himpi_region_draw_image(chn, &jobs[i].dst); /* attached regions appear on every output */
    }
    *task_id = aclemu_himpi_task_begin(ACLEMU_HIMPI_VPC, chn);
    aclemu_himpi_task_finish(ACLEMU_HIMPI_VPC, chn, *task_id, HI_SUCCESS);
    return HI_SUCCESS;
}

hi_s32 hi_mpi_vpc_resize(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic, hi_vpc_pic_info *dest_pic, hi_double fx,
                         hi_double fy, hi_u32 interpolation, hi_u32 *task_id, hi_s32 milli_sec)
{
    static const char fn[] = "hi_mpi_vpc_resize";
    (void)milli_sec; /* the operation never waits for room: it runs at once */
    vpc_chn *obj = himpi_vpc_acquire(chn, fn);
    if (obj == NULL) {
        return (hi_s32)HI_ERR_VPC_UNEXIST;
    }
    aclemu_vpc_job job = {0};
    hi_s32 ret = task_id == NULL ? aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: task_id is NULL", fn)
                                 : himpi_vpc_picture(source_pic, ACLEMU_VPC_IN, fn, "source_pic", &job.src);
    if (ret == HI_SUCCESS) {
        ret = himpi_vpc_picture(dest_pic, ACLEMU_VPC_OUT, fn, "dest_pic", &job.dst);
    }
    if (ret == HI_SUCCESS && (interpolation > 1 || !(fx >= 0) || !(fy >= 0))) {
        ret = aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM,
                               "%s: interpolation %u (0 bilinear, 1 nearest) or fx %g / fy %g (>= 0) refused", fn,
                               interpolation, fx, fy);
    }
    if (ret == HI_SUCCESS) {
        job.crop = (aclemu_vpc_rect){0, 0, job.src.width, job.src.height};
        job.paste = (aclemu_vpc_rect){0, 0, job.dst.width, job.dst.height};
        int mode = interpolation == 0 ? ACLEMU_INTERP_BILINEAR : ACLEMU_INTERP_NEAREST;
        ret = himpi_vpc_run_task(chn, &job, 1, mode, task_id, fn);
    }
    aclemu_himpi_chn_release(obj);
    return ret;
}

static hi_s32 crop_jobs(const hi_vpc_pic_info *source_pic, const hi_vpc_crop_region_info crop_info[], hi_u32 count,
                        aclemu_vpc_job *jobs, const char *fn)
{
    aclemu_image src;
    hi_s32 ret = himpi_vpc_picture(source_pic, ACLEMU_VPC_IN, fn, "source_pic", &src);
    for (hi_u32 i = 0; i < count && ret == HI_SUCCESS; i++) {
        const hi_vpc_crop_region *r = &crop_info[i].crop_region;
        jobs[i].src = src;
        ret = himpi_vpc_picture(&crop_info[i].dest_pic_info, ACLEMU_VPC_OUT, fn, "crop_info[].dest_pic_info", &jobs[i].dst);
        if (ret != HI_SUCCESS) {
            break;
        }
        bool inside = r->crop_width > 0 && r->crop_height > 0 && r->left_offset < src.width &&
                      r->top_offset < src.height && r->crop_width <= src.width - r->left_offset &&
                      r->crop_height <= src.height - r->top_offset;
        if (!inside || r->crop_width != jobs[i].dst.width || r->crop_height != jobs[i].dst.height) {
            ret = aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM,
                                   "%s: crop region %u (%u,%u %ux%u) must lie inside the %ux%u source and match its "
                                   "%ux%u output",
                                   fn, i, r->left_offset, r->top_offset, r->crop_width, r->crop_height, src.width,
                                   src.height, jobs[i].dst.width, jobs[i].dst.height);
            break;
        }
        jobs[i].crop = (aclemu_vpc_rect){r->left_offset, r->top_offset, r->crop_width, r->crop_height};
        jobs[i].paste = (aclemu_vpc_rect){0, 0, r->crop_width, r->crop_height};
    }
    return ret;
}

hi_s32 hi_mpi_vpc_crop(hi_vpc_chn chn, const hi_vpc_pic_info *source_pic, hi_vpc_crop_region_info crop_info[],
                       hi_u32 count, hi_u32 *task_id, hi_s32 milli_sec)
{
    static const char fn[] = "hi_mpi_vpc_crop";
    (void)milli_sec;
    if (crop_info == NULL || task_id == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: %s is NULL", fn,
                                crop_info == NULL ? "crop_info" : "task_id");
    }
    if (count == 0 || count > VPC_CROP_MAX) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: count %u is outside [1, %d]", fn, count,
                                VPC_CROP_MAX);
    }
    vpc_chn *obj = himpi_vpc_acquire(chn, fn);
    if (obj == NULL) {
        return (hi_s32)HI_ERR_VPC_UNEXIST;
    }
    aclemu_vpc_job *jobs = calloc(count, sizeof *jobs);
    hi_s32 ret = jobs == NULL ? aclemu_set_error((aclError)HI_ERR_VPC_NO_MEM, "%s: out of memory", fn)
                              : crop_jobs(source_pic, crop_info, count, jobs, fn);
    if (ret == HI_SUCCESS) {
        ret = himpi_vpc_run_task(chn, jobs, count, ACLEMU_INTERP_BILINEAR, task_id, fn);
    }
    free(jobs);
    aclemu_himpi_chn_release(obj);
    return ret;
}

hi_s32 hi_mpi_vpc_get_process_result(hi_vpc_chn chn, hi_u32 task_id, hi_s32 milli_sec)
{
    static const char fn[] = "hi_mpi_vpc_get_process_result";
    if (milli_sec < -1) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM,
                                "%s: milli_sec %d (-1 blocks, 0 does not wait, > 0 milliseconds)", fn, milli_sec);
    }
    vpc_chn *obj = himpi_vpc_acquire(chn, fn);
    if (obj == NULL) {
        return (hi_s32)HI_ERR_VPC_UNEXIST;
    }
    aclemu_himpi_chn_release(obj);
    int32_t task_ret = HI_SUCCESS;
    int32_t result = aclemu_himpi_task_wait(ACLEMU_HIMPI_VPC, chn, task_id, milli_sec, &task_ret);
    if (result == ACLEMU_HIMPI_TIMEOUT) {
        return aclemu_set_error((aclError)HI_ERR_VPC_BUSY, "%s: task %u of channel %d is not done after %d ms", fn,
                                task_id, chn, milli_sec);
    }
    if (result != ACLEMU_HIMPI_OK) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: channel %d has no task %u (or it was taken)",
                                fn, chn, task_id);
    }
    return task_ret;
}
