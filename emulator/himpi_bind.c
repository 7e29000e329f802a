/*
 * hi_mpi_sys_bind / hi_mpi_sys_unbind and hi_mpi_dvpp_get_version.
 *
 * The CANN documentation of hi_mpi_sys_bind (application development API reference, "public
 * interfaces": aclcppdevg_03_0402 in CANN 8.x, _0345 in 8.0.RC1) lists the only source ->
 * receiver pairs the runtime binds: VI -> VPSS, VDEC -> VPSS, VPSS -> VO, ADEC -> AO, AI -> AENC.
 * No pair joins two of the DVPP modules the emulator has (VDEC, VPC, VENC, PNGD), so there is no
 * binding it could forward frames for:
 *  - the documented pairs all have a board-hardware end (VPSS, VO, VI, audio: outside the
 *    emulator, like the rest of acl/media/) and give HI_ERR_SYS_NOT_SUPPORT, the message saying so;
 *  - every other pair (VDEC -> VPC, VPC -> VENC, ...) is one the runtime does not bind:
 *    HI_ERR_SYS_NOT_SUPPORT;
 *  - before that, NULL pointers give HI_ERR_SYS_NULL_PTR and a call before hi_mpi_sys_init
 *    HI_ERR_SYS_NOT_READY; hi_mpi_sys_unbind checks the same way (nothing can be bound);
 *  - hi_mpi_dvpp_get_version reports the runtime's version (ACL_MAJOR/MINOR/PATCH_VERSION of
 *    acl_rt.h): the DVPP library ships with the runtime.
 */
#include "emu.h"

#include "himpi.h"

/* Whether src -> dest is a pair the runtime's documentation lists. */
static bool documented_pair(hi_mod_id src, hi_mod_id dest)
{
    return (src == HI_ID_VI && dest == HI_ID_VPSS) || (src == HI_ID_VDEC && dest == HI_ID_VPSS) ||
           (src == HI_ID_VPSS && dest == HI_ID_VO) || (src == HI_ID_ADEC && dest == HI_ID_AO) ||
           (src == HI_ID_AI && dest == HI_ID_AENC);
}

static hi_s32 check_pair(const hi_mpp_chn *src, const hi_mpp_chn *dest, const char *fn)
{
    if (src == NULL || dest == NULL) {
        return aclemu_set_error((aclError)HI_ERR_SYS_NULL_PTR, "%s: %s is NULL", fn, src == NULL ? "src_chn" : "dest_chn");
    }
    if (!aclemu_himpi_sys_ready()) {
        return aclemu_set_error((aclError)HI_ERR_SYS_NOT_READY, "%s: call hi_mpi_sys_init first", fn);
    }
    if (documented_pair(src->mod_id, dest->mod_id)) {
        return aclemu_set_error((aclError)HI_ERR_SYS_NOT_SUPPORT,
                                "%s: module %d -> module %d binds board hardware (VPSS, VO, VI, audio) the emulator "
                                "does not have",
                                fn, (int)src->mod_id, (int)dest->mod_id);
    }
    return aclemu_set_error((aclError)HI_ERR_SYS_NOT_SUPPORT,
                            "%s: the runtime does not bind module %d to module %d (it binds VI -> VPSS, VDEC -> "
                            "VPSS, VPSS -> VO, ADEC -> AO, AI -> AENC)",
                            fn, (int)src->mod_id, (int)dest->mod_id);
}

hi_s32 hi_mpi_sys_bind(const hi_mpp_chn *src_chn, const hi_mpp_chn *dest_chn)
{
    return check_pair(src_chn, dest_chn, "hi_mpi_sys_bind");
}

hi_s32 hi_mpi_sys_unbind(const hi_mpp_chn *src_chn, const hi_mpp_chn *dest_chn)
{
    return check_pair(src_chn, dest_chn, "hi_mpi_sys_unbind");
}

hi_s32 hi_mpi_dvpp_get_version(hi_s32 *major_version, hi_s32 *minor_version, hi_s32 *patch_version)
{
    if (major_version == NULL || minor_version == NULL || patch_version == NULL) {
        return aclemu_set_error((aclError)HI_ERR_SYS_NULL_PTR, "hi_mpi_dvpp_get_version: an output pointer is NULL");
    }
    *major_version = ACL_MAJOR_VERSION;
    *minor_version = ACL_MINOR_VERSION;
    *patch_version = ACL_PATCH_VERSION;
    return HI_SUCCESS;
}
