/* What the hi_mpi VDEC, VENC and PNGD channel files share: channel lookup with the module's error
 * codes, the epoll descriptors of hi_mpi_*_get_fd / close_fd, the hi_mpi wait convention, and
 * re-coding an acl-level failure as a hi_mpi one. */
#include "himpi_vdec.h"

#include <errno.h>
#include <stdio.h>
#include <time.h>

const aclemu_himpi_codes ACLEMU_HIMPI_VDEC_CODES = {ACLEMU_HIMPI_VDEC, VDEC_MAX_CHN_NUM, "VDEC",
                                                    HI_ERR_VDEC_INVALID_CHN_ID, HI_ERR_VDEC_UNEXIST,
                                                    HI_ERR_VDEC_NO_MEM, HI_ERR_VDEC_ILLEGAL_PARAM};
/* the header declares no VENC channel limit: the registry's, the documented 256 */
const aclemu_himpi_codes ACLEMU_HIMPI_VENC_CODES = {ACLEMU_HIMPI_VENC, ACLEMU_HIMPI_MAX_CHN, "VENC",
                                                    HI_ERR_VENC_INVALID_CHN_ID, HI_ERR_VENC_UNEXIST,
                                                    HI_ERR_VENC_NO_MEM, HI_ERR_VENC_ILLEGAL_PARAM};
const aclemu_himpi_codes ACLEMU_HIMPI_PNGD_CODES = {ACLEMU_HIMPI_PNGD, PNGD_MAX_CHN_NUM, "PNGD",
                                                    HI_ERR_PNGD_INVALID_CHN_ID, HI_ERR_PNGD_UNEXIST,
                                                    HI_ERR_PNGD_NO_MEM, HI_ERR_PNGD_ILLEGAL_PARAM};

hi_s32 aclemu_himpi_check_chn(const aclemu_himpi_codes *m, int32_t chn, const char *fn)
{
    if (chn < 0 || chn >= m->max_chn) {
        return ACLEMU_HI_ERR(m->invalid_chn, "%s: channel %d is outside 0 .. %d", fn, chn, m->max_chn - 1);
    }
    return HI_SUCCESS;
}

void *aclemu_himpi_acquire(const aclemu_himpi_codes *m, int32_t chn, const char *fn, hi_s32 *err)
{
    *err = aclemu_himpi_check_chn(m, chn, fn);
    if (*err != HI_SUCCESS) {
        return NULL;
    }
    void *c = aclemu_himpi_chn_acquire(m->module, chn);
    if (c == NULL) {
        *err = ACLEMU_HI_ERR(m->unexist, "%s: %s channel %d is not created", fn, m->name, chn);
    }
    return c;
}

hi_s32 aclemu_himpi_register(const aclemu_himpi_codes *m, hi_u32 exist, int32_t chn, void *obj,
                             aclemu_himpi_chn_free_fn free_obj, const char *fn)
{
    int32_t result = aclemu_himpi_chn_register(m->module, chn, obj, free_obj);
    if (result == ACLEMU_HIMPI_OK) {
        return HI_SUCCESS;
    }
    free_obj(obj);
    return result == ACLEMU_HIMPI_EXIST ? ACLEMU_HI_ERR(exist, "%s: %s channel %d already exists", fn, m->name, chn)
                                        : ACLEMU_HI_ERR(m->no_mem, "%s: cannot register channel %d", fn, chn);
}

hi_s32 aclemu_himpi_get_fd(const aclemu_himpi_codes *m, int32_t chn, const char *fn)
{
    hi_s32 err;
    void *c = aclemu_himpi_acquire(m, chn, fn, &err);
    if (c == NULL) {
        return err;
    }
    aclemu_himpi_chn_release(c);
    int32_t result = ACLEMU_HIMPI_OK;
    int32_t fd = aclemu_himpi_fd_open(m->module, chn, &result);
    return fd >= 0 ? fd : ACLEMU_HI_ERR(m->no_mem, "%s: cannot open a descriptor for channel %d", fn, chn);
}

hi_s32 aclemu_himpi_close_fd(const aclemu_himpi_codes *m, int32_t chn, const char *fn)
{
    hi_s32 err;
    void *c = aclemu_himpi_acquire(m, chn, fn, &err);
    if (c == NULL) {
        return err;
    }
    aclemu_himpi_chn_release(c);
    if (aclemu_himpi_fd_close(m->module, chn) != ACLEMU_HIMPI_OK) {
        return ACLEMU_HI_ERR(m->illegal, "%s: channel %d has no open descriptor", fn, chn);
    }
    return HI_SUCCESS;
}

hi_s32 aclemu_himpi_recode(hi_u32 code)
{
    char message[512];
    snprintf(message, sizeof message, "%s", aclemu_peek_error());
    return ACLEMU_HI_ERR(code, "%s", message);
}

bool aclemu_himpi_wait_for(pthread_cond_t *cond, pthread_mutex_t *lock, bool (*ready)(const void *),
                           const void *obj, const bool *gone, hi_s32 milli_sec)
{
    struct timespec deadline;
    if (milli_sec > 0) {
        aclemu_deadline(&deadline, milli_sec);
    }
    while (!ready(obj) && !*gone) {
        if (milli_sec == 0) {
            return false;
        }
        if (milli_sec < 0) {
            pthread_cond_wait(cond, lock);
        } else if (pthread_cond_timedwait(cond, lock, &deadline) == ETIMEDOUT) {
            return ready(obj) && !*gone;
        }
    }
    return !*gone;
}
