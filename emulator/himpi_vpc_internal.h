/*
 * What the hi_mpi VPC files share: the channel object and the steps every VPC operation takes
 * (look up the channel, turn a hi_vpc_pic_info into a checked image, run kernel jobs under a task
 * id, map the image pipeline's refusals to HI_ERR_VPC_* codes). himpi_vpc.c defines them; each
 * family of operations lives in its own himpi_vpc_<family>.c on top of them.
 */
#ifndef ACLEMU_HIMPI_VPC_INTERNAL_H
#define ACLEMU_HIMPI_VPC_INTERNAL_H

#include "dvpp_vpc.h"
#include "himpi.h"

/* A VPC channel as the registry holds it (ACLEMU_HIMPI_VPC). */
typedef struct vpc_chn {
    hi_vpc_chn_attr attr;
    /* set by hi_mpi_vpc_set_chn_opt_attr / set_chn_workspace (himpi_vpc_chn_opts.c, under its lock) */
    hi_u32 priority, task_overtime;
    bool has_workspace[2]; /* by hi_workspace_func: REMAP, AFFINE */
    hi_vpc_workspace_param workspace[2];
    /* set by hi_mpi_vpc_set_roundview_stitching_param (himpi_vpc_stitch.c, under its lock) */
    bool has_stitch;
    hi_roundview_stitching_param stitch;
} vpc_chn;

/* The live channel `chn` with a reference (release with aclemu_himpi_chn_release), or NULL after
 * recording HI_ERR_VPC_UNEXIST. */
vpc_chn *himpi_vpc_acquire(hi_vpc_chn chn, const char *fn);

/* The image pipeline's refusal (ACL_ERROR_*) as the hi_mpi VPC code, keeping its message. */
hi_s32 himpi_vpc_code(aclError ret);

/* `info` checked as an input or output picture of a VPC job and described as an aclemu_image. */
hi_s32 himpi_vpc_picture(const hi_vpc_pic_info *info, aclemu_vpc_role role, const char *fn, const char *what,
                         aclemu_image *out);

/* Run the jobs now, in order, and hand out a task id that is already finished. */
hi_s32 himpi_vpc_run_task(hi_vpc_chn chn, const aclemu_vpc_job *jobs, size_t count, int interpolation,
                          hi_u32 *task_id, const char *fn);

/* The same with a CSC matrix (acldvppCscMatrix) for format family changes and, when modes is not
 * NULL, job i resampled with modes[i] instead of interpolation. */
hi_s32 himpi_vpc_run_jobs(hi_vpc_chn chn, const aclemu_vpc_job *jobs, size_t count, const int *modes,
                          int interpolation, int matrix, hi_u32 *task_id, const char *fn);

/* The CSC matrix (an acldvppCscMatrix value, or HI_CSC_MATRIX_USER) channel chn converts with;
 * for HI_CSC_MATRIX_USER, *user receives the channel's coefficients. */
hi_s32 himpi_vpc_chn_matrix(hi_vpc_chn chn, const char *fn, int *matrix, aclemu_csc_affine *user);

#endif
