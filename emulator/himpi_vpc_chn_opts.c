/*
 * hi_mpi VPC channel options: hi_mpi_vpc_set_chn_opt_attr (priority, task overtime) and
 * hi_mpi_vpc_set_chn_workspace (the largest pictures a channel's remap / affine operations take).
 *
 * Choices where the documentation is silent (also in docs/himpi_vpc_filters.md):
 *  - an option's value is a hi_u32 (len 4); priority is 0..7, the overtime is in milliseconds
 *    (0: none). Both are stored on the channel; they cannot change a result here because an
 *    operation has finished when it returns;
 *  - a workspace entry bounds the channel's later operations of its kind: warp_affine (AFFINE) and
 *    lut_remap (REMAP) refuse, with HI_ERR_VPC_ILLEGAL_PARAM, pictures larger than the entry says;
 *    a later call replaces the entry of the same kind; 1 or 2 entries, one per kind; sides 1..4096.
 */
#include "emu.h"

#include <pthread.h>

#include "himpi_vpc_pixels.h"

enum { OPT_MAX_PRIORITY = 7 };

static pthread_mutex_t opts_lock = PTHREAD_MUTEX_INITIALIZER;

hi_s32 hi_mpi_vpc_set_chn_opt_attr(hi_vpc_chn chn, const hi_opt_attr *opt_attr)
{
    static const char fn[] = "hi_mpi_vpc_set_chn_opt_attr";
    if (opt_attr == NULL || opt_attr->value == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: %s is NULL", fn,
                                opt_attr == NULL ? "opt_attr" : "opt_attr.value");
    }
    if (opt_attr->attr_type != HI_VPC_CHN_PRIORITY && opt_attr->attr_type != HI_VPC_CHN_TASK_OVERTIME) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: attr_type %d (0 priority, 1 task overtime)",
                                fn, (int)opt_attr->attr_type);
    }
    if (opt_attr->len != sizeof(hi_u32)) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: len %u must be %zu (a hi_u32)", fn,
                                opt_attr->len, sizeof(hi_u32));
    }
    aclError check = aclemu_mem_check(opt_attr->value, sizeof(hi_u32), false, fn, "opt_attr.value");
    if (check != ACL_SUCCESS) {
        return himpi_vpc_code(check);
    }
    hi_u32 value = *(const hi_u32 *)opt_attr->value;
    if (opt_attr->attr_type == HI_VPC_CHN_PRIORITY && value > OPT_MAX_PRIORITY) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: priority %u is outside [0, %d]", fn, value,
                                OPT_MAX_PRIORITY);
    }
    vpc_chn *obj = himpi_vpc_acquire(chn, fn);
    if (obj == NULL) {
        return (hi_s32)HI_ERR_VPC_UNEXIST;
    }
    pthread_mutex_lock(&opts_lock);
    if (opt_attr->attr_type == HI_VPC_CHN_PRIORITY) {
        obj->priority = value;
    } else {
        obj->task_overtime = value;
    }
    pthread_mutex_unlock(&opts_lock);
    aclemu_himpi_chn_release(obj);
    return HI_SUCCESS;
}

hi_s32 hi_mpi_vpc_set_chn_workspace(hi_vpc_chn chn, hi_vpc_workspace_param *workspace_param, hi_u32 param_cnt)
{
    static const char fn[] = "hi_mpi_vpc_set_chn_workspace";
    if (workspace_param == NULL) {
        return aclemu_set_error((aclError)HI_ERR_VPC_NULL_PTR, "%s: workspace_param is NULL", fn);
    }
    if (param_cnt < 1 || param_cnt > 2) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: param_cnt %u is outside [1, 2]", fn,
                                param_cnt);
    }
    bool seen[2] = {false, false};
    for (hi_u32 i = 0; i < param_cnt; i++) {
        const hi_vpc_workspace_param *w = &workspace_param[i];
        if (w->func != REMAP && w->func != AFFINE) {
            return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: entry %u func %d (0 remap, 1 affine)", fn,
                                    i, (int)w->func);
        }
        if (seen[w->func]) {
            return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM, "%s: two entries for func %d", fn,
                                    (int)w->func);
        }
        seen[w->func] = true;
        hi_s32 sizes = himpi_sizes_check(w->max_source_pic_width, w->max_source_pic_height, w->max_dest_pic_width,
                                         w->max_dest_pic_height, fn, "workspace entry");
        if (sizes != HI_SUCCESS) {
            return sizes;
        }
    }
    vpc_chn *obj = himpi_vpc_acquire(chn, fn);
    if (obj == NULL) {
        return (hi_s32)HI_ERR_VPC_UNEXIST;
    }
    pthread_mutex_lock(&opts_lock);
    for (hi_u32 i = 0; i < param_cnt; i++) {
        obj->workspace[workspace_param[i].func] = workspace_param[i];
        obj->has_workspace[workspace_param[i].func] = true;
    }
    pthread_mutex_unlock(&opts_lock);
    aclemu_himpi_chn_release(obj);
    return HI_SUCCESS;
}

hi_s32 himpi_vpc_workspace_check(const vpc_chn *obj, int func, uint32_t sw, uint32_t sh, uint32_t dw, uint32_t dh,
                                  const char *fn)
{
    pthread_mutex_lock(&opts_lock);
    bool bounded = obj->has_workspace[func];
    hi_vpc_workspace_param w = obj->workspace[func];
    pthread_mutex_unlock(&opts_lock);
    if (bounded && (sw > w.max_source_pic_width || sh > w.max_source_pic_height || dw > w.max_dest_pic_width ||
                    dh > w.max_dest_pic_height)) {
        return aclemu_set_error((aclError)HI_ERR_VPC_ILLEGAL_PARAM,
                                "%s: %ux%u -> %ux%u exceeds the channel's workspace (%ux%u -> %ux%u)", fn, sw, sh, dw,
                                dh, w.max_source_pic_width, w.max_source_pic_height, w.max_dest_pic_width,
                                w.max_dest_pic_height);
    }
    return HI_SUCCESS;
}
