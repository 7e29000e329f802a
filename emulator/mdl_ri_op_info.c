/*
 * aclrtCacheLastTaskOpInfo and aclrtCacheLastTaskExtendInfo: attach a caller's description to the
 * last task the calling thread launched, which must have been captured into a model run instance
 * (a recording stream, or a task group being updated). The instance keeps a copy with that task:
 * the op info as bytes, the extend info as text (infoSize bytes, up to a NUL); a later call for the
 * same task replaces it. aclmdlRIDebugJsonPrint (verbose) and aclmdlRIDebugPrint show them as
 * "op_info" (hex) and "extend_info" on the task. A thread whose last task ran on an ordinary
 * stream gets ACL_ERROR_RT_STREAM_MODEL, as the runtime refuses a stream bound to no model.
 */
#include "mdl_ri_internal.h"

#include <stdlib.h>
#include <string.h>

/* The last task recorded on the calling thread's last stream, with its instance locked; NULL (and
 * the error recorded) when that stream records nothing. */
static ri_task *last_task_locked(ri_model **locked, const char *fn)
{
    aclrtStream stream = aclemu_thread_last_stream();
    const int *tag = stream != NULL ? aclemu_stream_capture_owner(stream) : NULL;
    if (tag == NULL) {
        aclemu_set_error(ACL_ERROR_RT_STREAM_MODEL,
                         "%s: the last task this thread launched was not captured into a model run instance", fn);
        return NULL;
    }
    ri_task **tasks = NULL;
    size_t count = 0;
    ri_model *ri = NULL;
    if (*tag == RI_OWNER_STREAM) {
        ri_stream *rs = (ri_stream *)tag;
        ri = rs->ri;
        pthread_mutex_lock(&ri->lock);
        tasks = rs->tasks;
        count = rs->count;
    } else {
        ri_group *g = (ri_group *)tag;
        ri = g->ri;
        pthread_mutex_lock(&ri->lock);
        tasks = g->pending;
        count = g->pending_count;
    }
    if (count == 0) {
        pthread_mutex_unlock(&ri->lock);
        aclemu_set_error(ACL_ERROR_RT_STREAM_MODEL, "%s: the capturing stream has recorded no task yet", fn);
        return NULL;
    }
    *locked = ri;
    return tasks[count - 1];
}

static aclError cache_info(const void *data, size_t size, bool text, const char *fn)
{
    if (data == NULL || size == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the info is NULL or its size is 0", fn);
    }
    ri_model *ri = NULL;
    ri_task *t = last_task_locked(&ri, fn);
    if (t == NULL) {
        return ACL_ERROR_RT_STREAM_MODEL;
    }
    size_t keep = text ? strnlen(data, size) : size;
    aclError err = aclemu_mem_check(data, keep, false, fn, text ? "extendInfoPtr" : "infoPtr");
    unsigned char *copy = err == ACL_SUCCESS ? malloc(keep + 1) : NULL;
    if (err == ACL_SUCCESS && copy == NULL) {
        err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    if (err == ACL_SUCCESS) {
        memcpy(copy, data, keep);
        copy[keep] = '\0';
        if (text) {
            free(t->extend_info);
            t->extend_info = (char *)copy;
        } else {
            free(t->op_info);
            t->op_info = copy;
            t->op_info_size = keep;
        }
    }
    pthread_mutex_unlock(&ri->lock);
    return err;
}

aclError aclrtCacheLastTaskOpInfo(const void *const infoPtr, const size_t infoSize)
{
    return cache_info(infoPtr, infoSize, false, __func__);
}

aclError aclrtCacheLastTaskExtendInfo(const char *const extendInfoPtr, const size_t infoSize)
{
    return cache_info(extendInfoPtr, infoSize, true, __func__);
}
