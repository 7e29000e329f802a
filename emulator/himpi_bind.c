/*
 * hi_mpi_sys_bind / hi_mpi_sys_unbind (a table of bindings between channels) and
 * hi_mpi_dvpp_get_version.
 *
 * Choices where the documentation is silent (docs/himpi_vpc_ops.md, part A):
 *  - the bindings the emulator accepts are VDEC -> VPC, VDEC -> VENC and VPC -> VENC, between
 *    channels that exist (HI_ERR_SYS_UNEXIST otherwise) on a device id in [0, device count);
 *    other module pairs give HI_ERR_SYS_NOT_SUPPORT;
 *  - a destination has at most one source (a second bind is HI_ERR_SYS_EXIST), a source may feed
 *    several destinations; unbinding a pair that is not bound is HI_ERR_SYS_UNEXIST;
 *  - bindings are recorded and checked, but frames are NOT forwarded: the program still takes a
 *    frame from the VDEC channel and hands it to the VPC / VENC call itself;
 *  - hi_mpi_sys_exit, aclFinalize and a device reset forget the bindings (of that device);
 *  - hi_mpi_dvpp_get_version reports the runtime's version (ACL_MAJOR/MINOR/PATCH_VERSION of
 *    acl_rt.h): the DVPP library ships with the runtime.
 */
#include "emu.h"

#include <pthread.h>

#include "himpi.h"

enum { BIND_MAX = 256 };

typedef struct binding {
    bool used;
    hi_mpp_chn src, dest;
} binding;

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static binding g_binds[BIND_MAX];

static int module_of(hi_mod_id id)
{
    switch (id) {
    case HI_ID_VDEC:
        return ACLEMU_HIMPI_VDEC;
    case HI_ID_VPC:
        return ACLEMU_HIMPI_VPC;
    case HI_ID_VENC:
        return ACLEMU_HIMPI_VENC;
    default:
        return -1;
    }
}

static bool same(const hi_mpp_chn *a, const hi_mpp_chn *b)
{
    return a->mod_id == b->mod_id && a->dev_id == b->dev_id && a->chn_id == b->chn_id;
}

static hi_s32 check_pair(const hi_mpp_chn *src, const hi_mpp_chn *dest, const char *fn)
{
    if (src == NULL || dest == NULL) {
        return aclemu_set_error((aclError)HI_ERR_SYS_NULL_PTR, "%s: %s is NULL", fn, src == NULL ? "src_chn" : "dest_chn");
    }
    if (!aclemu_himpi_sys_ready()) {
        return aclemu_set_error((aclError)HI_ERR_SYS_NOT_READY, "%s: call hi_mpi_sys_init first", fn);
    }
    int from = module_of(src->mod_id);
    int to = module_of(dest->mod_id);
    bool supported = (from == ACLEMU_HIMPI_VDEC && (to == ACLEMU_HIMPI_VPC || to == ACLEMU_HIMPI_VENC)) ||
                     (from == ACLEMU_HIMPI_VPC && to == ACLEMU_HIMPI_VENC);
    if (!supported) {
        return aclemu_set_error((aclError)HI_ERR_SYS_NOT_SUPPORT,
                                "%s: binding module %d to module %d (VDEC -> VPC/VENC, VPC -> VENC only)", fn,
                                (int)src->mod_id, (int)dest->mod_id);
    }
    const hi_mpp_chn *ends[2] = {src, dest};
    for (int i = 0; i < 2; i++) {
        if (ends[i]->dev_id < 0 || (uint32_t)ends[i]->dev_id >= aclemu_device_count() || ends[i]->chn_id < 0 ||
            ends[i]->chn_id >= ACLEMU_HIMPI_MAX_CHN) {
            return aclemu_set_error((aclError)HI_ERR_SYS_ILLEGAL_PARAM,
                                    "%s: %s device %d / channel %d is outside [0, %u) / [0, %d)", fn,
                                    i == 0 ? "src_chn" : "dest_chn", ends[i]->dev_id, ends[i]->chn_id,
                                    aclemu_device_count(), ACLEMU_HIMPI_MAX_CHN);
        }
    }
    return HI_SUCCESS;
}

hi_s32 hi_mpi_sys_bind(const hi_mpp_chn *src_chn, const hi_mpp_chn *dest_chn)
{
    static const char fn[] = "hi_mpi_sys_bind";
    hi_s32 ret = check_pair(src_chn, dest_chn, fn);
    if (ret != HI_SUCCESS) {
        return ret;
    }
    const hi_mpp_chn *ends[2] = {src_chn, dest_chn};
    for (int i = 0; i < 2; i++) {
        void *obj = aclemu_himpi_chn_acquire(module_of(ends[i]->mod_id), ends[i]->chn_id);
        if (obj == NULL) {
            return aclemu_set_error((aclError)HI_ERR_SYS_UNEXIST, "%s: %s channel %d of module %d does not exist", fn,
                                    i == 0 ? "src_chn" : "dest_chn", ends[i]->chn_id, (int)ends[i]->mod_id);
        }
        aclemu_himpi_chn_release(obj);
    }
    pthread_mutex_lock(&g_lock);
    int free_slot = -1;
    bool taken = false;
    for (int i = 0; i < BIND_MAX; i++) {
        taken = taken || (g_binds[i].used && same(&g_binds[i].dest, dest_chn));
        free_slot = free_slot < 0 && !g_binds[i].used ? i : free_slot;
    }
    if (!taken && free_slot >= 0) {
        g_binds[free_slot] = (binding){true, *src_chn, *dest_chn};
    }
    pthread_mutex_unlock(&g_lock);
    if (taken) {
        return aclemu_set_error((aclError)HI_ERR_SYS_EXIST, "%s: dest_chn (module %d, channel %d) is already bound",
                                fn, (int)dest_chn->mod_id, dest_chn->chn_id);
    }
    if (free_slot < 0) {
        return aclemu_set_error((aclError)HI_ERR_SYS_NO_MEM, "%s: %d bindings exist already", fn, BIND_MAX);
    }
    return HI_SUCCESS;
}

hi_s32 hi_mpi_sys_unbind(const hi_mpp_chn *src_chn, const hi_mpp_chn *dest_chn)
{
    static const char fn[] = "hi_mpi_sys_unbind";
    hi_s32 ret = check_pair(src_chn, dest_chn, fn);
    if (ret != HI_SUCCESS) {
        return ret;
    }
    bool found = false;
    pthread_mutex_lock(&g_lock);
    for (int i = 0; i < BIND_MAX && !found; i++) {
        found = g_binds[i].used && same(&g_binds[i].src, src_chn) && same(&g_binds[i].dest, dest_chn);
        g_binds[i].used = g_binds[i].used && !found;
    }
    pthread_mutex_unlock(&g_lock);
    if (!found) {
        return aclemu_set_error((aclError)HI_ERR_SYS_UNEXIST, "%s: module %d channel %d is not bound to module %d channel %d",
                                fn, (int)src_chn->mod_id, src_chn->chn_id, (int)dest_chn->mod_id, dest_chn->chn_id);
    }
    return HI_SUCCESS;
}

/* Forget the bindings touching `device` (-1: all); returns how many. */
static size_t forget(int32_t device)
{
    size_t count = 0;
    pthread_mutex_lock(&g_lock);
    for (int i = 0; i < BIND_MAX; i++) {
        bool mine = device == -1 || g_binds[i].src.dev_id == device || g_binds[i].dest.dev_id == device;
        if (g_binds[i].used && mine) {
            g_binds[i].used = false;
            count++;
        }
    }
    pthread_mutex_unlock(&g_lock);
    return count;
}

void aclemu_himpi_bind_forget_all(void)
{
    forget(-1);
}

static size_t release_bindings(int32_t device, const char *fn)
{
    size_t count = forget(device);
    if (count != 0 && aclemu_strict()) {
        aclemu_diag("%s: %zu hi_mpi binding(s) were never unbound", fn, count);
    }
    return count;
}

__attribute__((constructor)) static void register_bind_release(void)
{
    aclemu_on_release(release_bindings);
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
