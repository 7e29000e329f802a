/* Persistent streams: aclrtPersistentTaskClean and aclrtTaskUpdateAsync.
 *
 * A stream bound to a model run instance (aclmdlRIBindStream) keeps the tasks submitted to it in
 * the instance's list for that stream, so every execution re-runs them (mdl_ri*.c). Cleaning a
 * stream created with ACL_STREAM_PERSISTENT empties that list once the instance is built and not
 * executing; the stream then records again (up to a new aclmdlRIEndTask) and the instance runs
 * the new list. Task ids restart from 1 after a clean, as the runtime resets the stream's queue.
 *
 * aclrtTaskUpdateAsync(taskStream, taskId, info, execStream) queues on execStream a task that,
 * when it runs, reads an aclrtRandomNumTaskInfo from device memory at info's srcAddr and replaces
 * the recorded random-number task's randomParaAddr, randomResultAddr, randomCounterAddr,
 * randomSeed and randomNum with it; later executions generate with the new values. As on the
 * runtime, every update of one task must come from the same srcAddr. Error codes follow the
 * runtime's checks: a NULL stream or info address, a wrong size, a stream bound to no instance, an
 * unknown task id or a task that is not a random-number task give ACL_ERROR_RT_PARAM_INVALID; an
 * execStream that is bound gives ACL_ERROR_RT_PARAM_INVALID and one being captured
 * ACL_ERROR_RT_STREAM_CAPTURED; cleaning a stream that is not persistent, bound to no built
 * instance or whose instance is executing gives ACL_ERROR_RT_INTERNAL_ERROR (the runtime's
 * "stream invalid"). AI Core task updates (ACL_RT_UPDATE_AIC_AIV_TASK) change device binaries'
 * entries, which cannot run here: ACL_ERROR_API_NOT_SUPPORT.
 */
#include "emu.h"
#include "mdl_ri_internal.h"

#include <stdlib.h>
#include <string.h>

/* The bound list of `stream` with its instance referenced, or NULL with *err set to `code`. */
static ri_stream *bound_list(aclrtStream stream, aclError code, const char *fn, aclError *err)
{
    ri_stream *rs = ri_stream_of(stream);
    if (rs == NULL) {
        *err = aclemu_set_error(code, "%s: the stream is bound to no model run instance (aclmdlRIBindStream)", fn);
        return NULL;
    }
    pthread_mutex_lock(&rs->ri->lock);
    bool captured = rs->ri->state == RI_CAPTURING;
    pthread_mutex_unlock(&rs->ri->lock);
    if (captured) {
        *err = aclemu_set_error(code, "%s: the stream is being captured, not bound to a model run instance", fn);
        ri_put(rs->ri);
        return NULL;
    }
    *err = ACL_SUCCESS;
    return rs;
}

aclError aclrtPersistentTaskClean(aclrtStream stream)
{
    const char *fn = __func__;
    if (stream == NULL) {
        return aclemu_set_error(ACL_ERROR_RT_PARAM_INVALID, "%s: stream is NULL", fn);
    }
    uint32_t flags = 0;
    aclError err = aclemu_stream_check(stream, fn);
    if (err == ACL_SUCCESS) {
        err = aclrtStreamGetFlags(stream, &flags);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    if ((flags & ACL_STREAM_PERSISTENT) == 0) {
        return aclemu_set_error(ACL_ERROR_RT_INTERNAL_ERROR,
                                "%s: the stream was not created with ACL_STREAM_PERSISTENT (flags %#x)", fn, flags);
    }
    ri_stream *rs = bound_list(stream, ACL_ERROR_RT_INTERNAL_ERROR, fn, &err);
    if (rs == NULL) {
        return err;
    }
    ri_model *ri = rs->ri;
    if (pthread_mutex_trylock(&ri->run_lock) != 0) {
        ri_put(ri);
        return aclemu_set_error(ACL_ERROR_RT_INTERNAL_ERROR,
                                "%s: model run instance %u is executing; clean its streams when it is idle", fn,
                                ri->id);
    }
    pthread_mutex_lock(&ri->lock);
    if (ri->state != RI_READY) {
        err = aclemu_set_error(ACL_ERROR_RT_INTERNAL_ERROR,
                               "%s: model run instance %u is not built yet (aclmdlRIBuildEnd)", fn, ri->id);
    } else {
        bool ran = ri->executions > 0;
        for (size_t i = 0; i < rs->count; ++i) {
            ri_task_free(rs->tasks[i], ran);
        }
        rs->count = 0;
        rs->next_task_id = 0;
        rs->ended = false;
        rs->cleaned = true;
        for (size_t i = 0; i < ri->group_count; ++i) {
            if (ri->groups[i]->stream == rs) {
                ri->groups[i]->first = 0;
                ri->groups[i]->count = 0;
            }
        }
    }
    pthread_mutex_unlock(&ri->lock);
    pthread_mutex_unlock(&ri->run_lock);
    ri_put(ri);
    return err;
}

/* ------------------------------------------------------------------ task update */

typedef struct update_task {
    ri_stream *rs; /* its instance is referenced until the task is freed */
    uint32_t task_id;
    const aclrtRandomNumTaskInfo *src;
} update_task;

/* The recorded task `task_id` of `rs` (under rs->ri->lock), or NULL. */
static ri_task *find_locked(const ri_stream *rs, uint32_t task_id)
{
    for (size_t i = 0; i < rs->count; ++i) {
        if (rs->tasks[i]->kind == RI_STEP_TASK && rs->tasks[i]->task_id == task_id) {
            return rs->tasks[i];
        }
    }
    return NULL;
}

static aclError run_update(void *arg)
{
    const update_task *u = arg;
    ri_model *ri = u->rs->ri;
    aclrtRandomNumTaskInfo info;
    memcpy(&info, u->src, sizeof info);
    /* not while an execution runs the lists */
    pthread_mutex_lock(&ri->run_lock);
    pthread_mutex_lock(&ri->lock);
    ri_task *t = find_locked(u->rs, u->task_id);
    aclError err = t == NULL ? aclemu_set_error(ACL_ERROR_RT_PARAM_INVALID,
                                                "aclrtTaskUpdateAsync: task %u left its stream before the update ran",
                                                u->task_id)
                             : aclemu_random_update(t->arg, &info, "aclrtTaskUpdateAsync");
    pthread_mutex_unlock(&ri->lock);
    pthread_mutex_unlock(&ri->run_lock);
    return err;
}

static void free_update(void *arg, bool ran)
{
    (void)ran;
    update_task *u = arg;
    ri_put(u->rs->ri);
    free(u);
}

/* execStream (NULL: the default stream) must run work now: not bound, not being captured. */
static aclError check_exec_stream(aclrtStream stream, const char *fn)
{
    aclError err = aclemu_stream_check(stream, fn);
    if (err != ACL_SUCCESS || stream == NULL) {
        return err;
    }
    ri_stream *rs = ri_stream_of(stream);
    if (rs != NULL) {
        pthread_mutex_lock(&rs->ri->lock);
        bool captured = rs->ri->state == RI_CAPTURING;
        pthread_mutex_unlock(&rs->ri->lock);
        ri_put(rs->ri);
        return captured ? aclemu_set_error(ACL_ERROR_RT_STREAM_CAPTURED,
                                           "%s: execStream is being captured; the update must run now", fn)
                        : aclemu_set_error(ACL_ERROR_RT_PARAM_INVALID,
                                           "%s: execStream is bound to a model run instance", fn);
    }
    return aclemu_stream_capture_owner(stream) != NULL
               ? aclemu_set_error(ACL_ERROR_RT_STREAM_CAPTURED, "%s: execStream is recording an update", fn)
               : ACL_SUCCESS;
}

aclError aclrtTaskUpdateAsync(aclrtStream taskStream, uint32_t taskId, aclrtTaskUpdateInfo *info,
                              aclrtStream execStream)
{
    const char *fn = __func__;
    if (info == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: info is NULL", fn);
    }
    aclError err = aclemu_mem_check(info, sizeof *info, false, fn, "info");
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (info->id == ACL_RT_UPDATE_AIC_AIV_TASK) {
        return aclemu_set_error(ACL_ERROR_API_NOT_SUPPORT,
                                "%s: AI Core tasks run device binaries, which the emulator cannot run or update", fn);
    }
    if (info->id != ACL_RT_UPDATE_RANDOM_TASK) {
        return aclemu_set_error(ACL_ERROR_RT_PARAM_INVALID, "%s: info->id %d is not an aclrtUpdateTaskAttrId", fn,
                                (int)info->id);
    }
    const aclrtRandomTaskUpdateAttr *attr = &info->val.randomTaskAttr;
    if (taskStream == NULL) {
        return aclemu_set_error(ACL_ERROR_RT_PARAM_INVALID, "%s: taskStream is NULL", fn);
    }
    err = aclemu_stream_check(taskStream, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (attr->srcAddr == NULL) {
        return aclemu_set_error(ACL_ERROR_RT_PARAM_INVALID, "%s: srcAddr is NULL", fn);
    }
    if (attr->size != sizeof(aclrtRandomNumTaskInfo)) {
        return aclemu_set_error(ACL_ERROR_RT_PARAM_INVALID,
                                "%s: size is %zu; an aclrtRandomNumTaskInfo takes %zu bytes", fn, attr->size,
                                sizeof(aclrtRandomNumTaskInfo));
    }
    err = aclemu_mem_check_tracked(attr->srcAddr, attr->size, true, fn, "srcAddr");
    if (err == ACL_SUCCESS) {
        err = check_exec_stream(execStream, fn);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    ri_stream *rs = bound_list(taskStream, ACL_ERROR_RT_PARAM_INVALID, fn, &err);
    if (rs == NULL) {
        return err;
    }
    ri_model *ri = rs->ri;
    pthread_mutex_lock(&ri->lock);
    ri_task *t = find_locked(rs, taskId);
    if (t == NULL) {
        err = aclemu_set_error(ACL_ERROR_RT_PARAM_INVALID, "%s: stream %d has no task %u", fn, rs->stream_id, taskId);
    } else if (!aclemu_random_is_task(t->run)) {
        err = aclemu_set_error(ACL_ERROR_RT_PARAM_INVALID,
                               "%s: task %u of stream %d is a %s task; only random-number tasks update", fn, taskId,
                               rs->stream_id, t->api);
    } else if (t->update_src != NULL && t->update_src != attr->srcAddr) {
        err = aclemu_set_error(ACL_ERROR_RT_PARAM_INVALID,
                               "%s: task %u was updated from %p before; every update must use the same srcAddr", fn,
                               taskId, t->update_src);
    } else {
        t->update_src = attr->srcAddr;
    }
    pthread_mutex_unlock(&ri->lock);
    update_task *u = err == ACL_SUCCESS ? malloc(sizeof *u) : NULL;
    if (err == ACL_SUCCESS && u == NULL) {
        err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    if (err != ACL_SUCCESS) {
        ri_put(ri);
        return err;
    }
    u->rs = rs;
    u->task_id = taskId;
    u->src = attr->srcAddr;
    return aclemu_stream_submit(execStream, run_update, u, free_update, fn); /* frees u on failure */
}
