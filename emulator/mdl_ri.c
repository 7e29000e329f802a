/* Model run instances: recording stream work (capture or explicit build), the instance's
 * objects and queries. Execution lives in mdl_ri_run.c. */
#include "emu.h"
#include "mdl_ri_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Instance ids and the list of live instances (aclmdlRIGetTasksByStream searches it). */
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static uint32_t next_id;
static ri_model **live;
static size_t live_count, live_capacity;

static _Thread_local aclmdlRICaptureMode thread_mode = ACL_MODEL_RI_CAPTURE_MODE_GLOBAL;

bool ri_reserve(void **array, size_t *capacity, size_t count, size_t size)
{
    if (count < *capacity) {
        return true;
    }
    size_t grown = *capacity ? *capacity * 2 : 8;
    void *p = realloc(*array, grown * size);
    if (p == NULL) {
        return false;
    }
    *array = p;
    *capacity = grown;
    return true;
}

ri_model *ri_get(aclmdlRI handle, const char *fn)
{
    pthread_mutex_lock(&registry_lock);
    ri_model *ri = NULL;
    if (handle != NULL && aclemu_handle_is(handle, RI_KIND_MODEL)) {
        ri = handle;
        pthread_mutex_lock(&ri->lock);
        ri->refs++;
        pthread_mutex_unlock(&ri->lock);
    }
    pthread_mutex_unlock(&registry_lock);
    if (ri == NULL) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live model run instance", fn, handle);
    }
    return ri;
}

void ri_task_free(ri_task *t, bool ran)
{
    aclemu_handle_remove(t, RI_KIND_TASK);
    if (t->free_arg != NULL) {
        t->free_arg(t->arg, ran);
    }
    for (uint32_t i = 0; i < t->branch_count; ++i) {
        ri_put(t->branches[i]);
    }
    free(t->branches);
    free(t->target_ids);
    free(t->op_info);
    free(t->extend_info);
    free(t);
}

static void free_model(ri_model *ri)
{
    bool ran = ri->executions > 0;
    for (size_t i = 0; i < ri->stream_count; ++i) {
        ri_stream *rs = ri->streams[i];
        for (size_t j = 0; j < rs->count; ++j) {
            ri_task_free(rs->tasks[j], ran);
        }
        free(rs->tasks);
        free(rs);
    }
    for (size_t i = 0; i < ri->group_count; ++i) {
        ri_group *g = ri->groups[i];
        for (size_t j = 0; j < g->pending_count; ++j) {
            ri_task_free(g->pending[j], false);
        }
        aclemu_handle_remove(g, RI_KIND_GROUP);
        free(g->pending);
        free(g);
    }
    for (size_t i = 0; i < ri->cond_count; ++i) {
        aclemu_handle_remove(ri->conds[i], RI_KIND_COND);
        aclemu_mem_free(ri->conds[i]->value, "aclmdlRIDestroy");
        free(ri->conds[i]);
    }
    free(ri->streams);
    free(ri->groups);
    free(ri->conds);
    pthread_mutex_destroy(&ri->run_lock);
    pthread_mutex_destroy(&ri->lock);
    free(ri);
}

void ri_put(ri_model *ri)
{
    pthread_mutex_lock(&ri->lock);
    bool last = --ri->refs == 0;
    pthread_mutex_unlock(&ri->lock);
    if (last) {
        free_model(ri);
    }
}

static ri_model *new_model(ri_state state, const char *fn)
{
    ri_model *ri = calloc(1, sizeof *ri);
    if (ri == NULL) {
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
        return NULL;
    }
    pthread_mutex_init(&ri->lock, NULL);
    pthread_mutex_init(&ri->run_lock, NULL);
    ri->refs = 1;
    ri->state = state;
    pthread_mutex_lock(&registry_lock);
    bool room = ri_reserve((void **)&live, &live_capacity, live_count, sizeof *live);
    aclError err = room ? aclemu_handle_add(ri, RI_KIND_MODEL) : ACL_ERROR_BAD_ALLOC;
    if (err == ACL_SUCCESS) {
        ri->id = next_id++;
        live[live_count++] = ri;
    }
    pthread_mutex_unlock(&registry_lock);
    if (err != ACL_SUCCESS) {
        free_model(ri);
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
        return NULL;
    }
    return ri;
}

/* The instance's list for `stream`, created on first use; under ri->lock. */
static ri_stream *stream_list_locked(ri_model *ri, aclrtStream stream)
{
    for (size_t i = 0; i < ri->stream_count; ++i) {
        if (ri->streams[i]->handle == stream) {
            return ri->streams[i];
        }
    }
    if (!ri_reserve((void **)&ri->streams, &ri->stream_capacity, ri->stream_count, sizeof *ri->streams)) {
        return NULL;
    }
    ri_stream *rs = calloc(1, sizeof *rs);
    if (rs == NULL) {
        return NULL;
    }
    rs->tag = RI_OWNER_STREAM;
    rs->ri = ri;
    rs->handle = stream;
    int32_t id = -1;
    (void)aclrtStreamGetId(stream, &id);
    rs->stream_id = id;
    ri->streams[ri->stream_count++] = rs;
    return rs;
}

static aclmdlRITaskType type_of(const char *api)
{
    if (strncmp(api, "aclrtRecordEvent", 16) == 0) {
        return ACL_MODEL_RI_TASK_EVENT_RECORD;
    }
    if (strncmp(api, "aclrtStreamWaitEvent", 20) == 0) {
        return ACL_MODEL_RI_TASK_EVENT_WAIT;
    }
    if (strcmp(api, "aclrtResetEvent") == 0) {
        return ACL_MODEL_RI_TASK_EVENT_RESET;
    }
    if (strncmp(api, "aclrtValueWrite", 15) == 0) {
        return ACL_MODEL_RI_TASK_VALUE_WRITE;
    }
    if (strncmp(api, "aclrtValueWait", 14) == 0) {
        return ACL_MODEL_RI_TASK_VALUE_WAIT;
    }
    if (strncmp(api, "aclrtLaunchKernel", 17) == 0 || strncmp(api, "aclop", 5) == 0 ||
        strncmp(api, "aclblas", 7) == 0 || strncmp(api, "aclrtLaunchCpu", 14) == 0) {
        return ACL_MODEL_RI_TASK_KERNEL;
    }
    return ACL_MODEL_RI_TASK_DEFAULT;
}

static ri_task *new_task_locked(ri_model *ri, ri_step_kind kind, const char *api)
{
    ri_task *t = calloc(1, sizeof *t);
    if (t == NULL) {
        return NULL;
    }
    if (aclemu_handle_add(t, RI_KIND_TASK) != ACL_SUCCESS) {
        free(t);
        return NULL;
    }
    t->ri = ri;
    t->kind = kind;
    t->type = kind == RI_STEP_TASK ? type_of(api) : ACL_MODEL_RI_TASK_DEFAULT;
    t->seq = ri->next_seq++;
    snprintf(t->api, sizeof t->api, "%s", api);
    return t;
}

static aclError append_locked(ri_stream *rs, ri_task *t, const char *fn)
{
    ri_model *ri = rs->ri;
    if (!ri_reserve((void **)&rs->tasks, &rs->capacity, rs->count, sizeof *rs->tasks)) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    if (ri->open_group != NULL && ri->open_group->stream == rs) {
        t->group = ri->open_group;
        ri->open_group->count++;
    }
    rs->tasks[rs->count++] = t;
    return ACL_SUCCESS;
}

static aclError recordable_locked(const ri_stream *rs, const char *fn)
{
    if (rs->ri->state == RI_READY && !rs->cleaned) {
        return aclemu_set_error(ACL_ERROR_RT_STREAM_MODEL,
                                "%s: stream %d is bound to a built model run instance; unbind it to run work on it",
                                fn, rs->stream_id);
    }
    if (rs->ended) {
        return aclemu_set_error(ACL_ERROR_RT_STREAM_MODEL,
                                "%s: stream %d's task list in model run instance %u was ended by aclmdlRIEndTask", fn,
                                rs->stream_id, rs->ri->id);
    }
    return ACL_SUCCESS;
}

/* The capture hook of recording streams (called with the stream's lock held). */
static aclError record_hook(void *owner, aclemu_task_fn run, void *arg, aclemu_task_free_fn free_arg, const char *fn)
{
    ri_stream *rs = owner;
    ri_model *ri = rs->ri;
    pthread_mutex_lock(&ri->lock);
    aclError err = recordable_locked(rs, fn);
    ri_task *t = NULL;
    if (err == ACL_SUCCESS) {
        t = new_task_locked(ri, RI_STEP_TASK, fn);
        err = t == NULL ? aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn) : append_locked(rs, t, fn);
    }
    if (err == ACL_SUCCESS) {
        t->run = run;
        t->arg = arg;
        t->free_arg = free_arg;
        t->task_id = ++rs->next_task_id;
        aclemu_stream_note_task_id(t->task_id);
    } else if (t != NULL) {
        ri_task_free(t, false);
    }
    pthread_mutex_unlock(&ri->lock);
    return err;
}

/* The hook while aclmdlRICaptureTaskUpdateBegin records replacements of a task group. */
static aclError update_hook(void *owner, aclemu_task_fn run, void *arg, aclemu_task_free_fn free_arg, const char *fn)
{
    ri_group *g = owner;
    ri_model *ri = g->ri;
    pthread_mutex_lock(&ri->lock);
    aclError err = ACL_SUCCESS;
    ri_task *t = new_task_locked(ri, RI_STEP_TASK, fn);
    if (t == NULL ||
        !ri_reserve((void **)&g->pending, &g->pending_capacity, g->pending_count, sizeof *g->pending)) {
        err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
        if (t != NULL) {
            ri_task_free(t, false);
        }
    } else {
        t->run = run;
        t->arg = arg;
        t->free_arg = free_arg;
        t->group = g;
        g->pending[g->pending_count++] = t;
    }
    pthread_mutex_unlock(&ri->lock);
    return err;
}

aclError ri_append_step(aclrtStream stream, const ri_step_desc *desc, const char *fn)
{
    ri_stream *rs = aclemu_stream_capture_owner(stream);
    if (rs == NULL || rs->tag != RI_OWNER_STREAM) {
        aclError err = aclemu_stream_check(stream, fn);
        if (err != ACL_SUCCESS) {
            return err;
        }
        return aclemu_set_error(ACL_ERROR_RT_STREAM_MODEL,
                                "%s: the stream records for no model run instance (capture or bind it first)", fn);
    }
    ri_model *ri = rs->ri;
    pthread_mutex_lock(&ri->lock);
    aclError err = recordable_locked(rs, fn);
    ri_task *t = NULL;
    if (err == ACL_SUCCESS) {
        t = new_task_locked(ri, desc->kind, fn);
        if (t == NULL) {
            err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
        }
    }
    if (err == ACL_SUCCESS) {
        t->label_id = desc->label_id;
        t->index = desc->index;
        t->max_value = desc->max_value;
        t->targets[0] = desc->targets[0];
        t->targets[1] = desc->targets[1];
        t->left = desc->left;
        t->right = desc->right;
        t->cond = desc->cond;
        t->dtype = desc->dtype;
        t->cond_value = desc->cond_value;
        t->cond_type = (aclmdlRICondTaskType)desc->cond_type;
        if (desc->target_count > 0) {
            t->target_ids = malloc(desc->target_count * sizeof *t->target_ids);
            if (t->target_ids == NULL) {
                err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
            } else {
                memcpy(t->target_ids, desc->target_ids, desc->target_count * sizeof *t->target_ids);
                t->target_count = desc->target_count;
            }
        }
    }
    if (err == ACL_SUCCESS) {
        err = append_locked(rs, t, fn);
    }
    if (err != ACL_SUCCESS && t != NULL) {
        ri_task_free(t, false);
    } else if (err == ACL_SUCCESS) {
        t->branches = desc->branches; /* set last: on failure the caller still owns them */
        t->branch_count = desc->branch_count;
        rs->ended = desc->kind == RI_STEP_END;
    }
    pthread_mutex_unlock(&ri->lock);
    return err;
}

/* ------------------------------------------------------------------ capture */

static aclError capture_into(aclrtStream stream, ri_model *ri, aclmdlRICaptureMode mode, const char *fn)
{
    if ((int)mode < ACL_MODEL_RI_CAPTURE_MODE_GLOBAL || mode > ACL_MODEL_RI_CAPTURE_MODE_RELAXED) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown capture mode %d", fn, (int)mode);
    }
    pthread_mutex_lock(&ri->lock);
    ri_stream *rs = stream_list_locked(ri, stream);
    if (rs == NULL) {
        pthread_mutex_unlock(&ri->lock);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    ri_state before = ri->state;
    ri->state = RI_CAPTURING;
    ri->from_capture = true;
    ri->mode = mode;
    ri->capture_thread = (uint64_t)pthread_self();
    rs->ended = false;
    pthread_mutex_unlock(&ri->lock);
    aclError err = aclemu_stream_set_capture(stream, record_hook, rs, fn);
    pthread_mutex_lock(&ri->lock);
    if (err == ACL_SUCCESS) {
        rs->attached = true;
    } else {
        ri->state = before;
    }
    pthread_mutex_unlock(&ri->lock);
    return err;
}

aclError aclmdlRICaptureBegin(aclrtStream stream, aclmdlRICaptureMode mode)
{
    const char *fn = __func__;
    aclError err = aclemu_stream_check(stream, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (aclemu_stream_capture_owner(stream) != NULL) {
        return aclemu_set_error(ACL_ERROR_RT_STREAM_CAPTURED, "%s: the stream is already being captured", fn);
    }
    ri_model *ri = new_model(RI_CAPTURING, fn);
    if (ri == NULL) {
        return ACL_ERROR_BAD_ALLOC;
    }
    err = capture_into(stream, ri, mode, fn);
    if (err != ACL_SUCCESS) {
        (void)aclmdlRIDestroy(ri);
        return aclemu_set_error(err, "%s: %s", fn, "the stream cannot be captured");
    }
    return ACL_SUCCESS;
}

aclError aclmdlRICaptureToModelRIBegin(aclrtStream stream, aclmdlRI modelRI, aclmdlRICaptureMode mode)
{
    const char *fn = __func__;
    aclError err = aclemu_stream_check(stream, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    ri_model *ri = ri_get(modelRI, fn);
    if (ri == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    pthread_mutex_lock(&ri->lock);
    bool capturing = ri->state == RI_CAPTURING;
    pthread_mutex_unlock(&ri->lock);
    err = capturing ? aclemu_set_error(ACL_ERROR_RT_MODEL_CAPTURED, "%s: model run instance %u is being captured",
                                       fn, ri->id)
                    : capture_into(stream, ri, mode, fn);
    ri_put(ri);
    return err;
}

/* The instance capturing `stream` with a reference, or NULL (*err set when the stream is bad). */
static ri_model *capturing_model(aclrtStream stream, ri_stream **out, const char *fn, aclError *err)
{
    *err = aclemu_stream_check(stream, fn);
    if (*err != ACL_SUCCESS) {
        return NULL;
    }
    pthread_mutex_lock(&registry_lock);
    ri_stream *rs = aclemu_stream_capture_owner(stream);
    ri_model *ri = NULL;
    if (rs != NULL && rs->tag == RI_OWNER_STREAM) {
        ri_model *m = rs->ri;
        pthread_mutex_lock(&m->lock);
        if (m->state == RI_CAPTURING) {
            m->refs++;
            ri = m;
        }
        pthread_mutex_unlock(&m->lock);
    }
    pthread_mutex_unlock(&registry_lock);
    if (out != NULL) {
        *out = ri != NULL ? rs : NULL;
    }
    return ri;
}

aclError aclmdlRICaptureGetInfo(aclrtStream stream, aclmdlRICaptureStatus *status, aclmdlRI *modelRI)
{
    const char *fn = __func__;
    if (status == NULL || modelRI == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: status and modelRI must not be NULL", fn);
    }
    aclError err = ACL_SUCCESS;
    ri_model *ri = capturing_model(stream, NULL, fn, &err);
    if (err != ACL_SUCCESS) {
        return err;
    }
    *status = ri != NULL ? ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE : ACL_MODEL_RI_CAPTURE_STATUS_NONE;
    *modelRI = ri;
    if (ri != NULL) {
        ri_put(ri);
    }
    return ACL_SUCCESS;
}

aclError aclmdlRICaptureEnd(aclrtStream stream, aclmdlRI *modelRI)
{
    const char *fn = __func__;
    if (modelRI == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: modelRI is NULL", fn);
    }
    aclError err = ACL_SUCCESS;
    ri_stream *rs = NULL;
    ri_model *ri = capturing_model(stream, &rs, fn, &err);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (ri == NULL) {
        return aclemu_set_error(ACL_ERROR_RT_STREAM_NOT_CAPTURED, "%s: the stream is not being captured", fn);
    }
    if (ri->mode == ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL && ri->capture_thread != (uint64_t)pthread_self()) {
        ri_put(ri);
        return aclemu_set_error(ACL_ERROR_RT_STREAM_CAPTURE_WRONG_THREAD,
                                "%s: a thread-local capture must end on the thread that began it", fn);
    }
    err = aclemu_stream_set_capture(stream, NULL, rs, fn);
    if (err == ACL_SUCCESS) {
        pthread_mutex_lock(&ri->lock);
        rs->attached = false;
        ri->open_group = NULL;
        bool others = false;
        for (size_t i = 0; i < ri->stream_count; ++i) {
            others = others || ri->streams[i]->attached;
        }
        if (!others) {
            ri->state = RI_READY;
        }
        pthread_mutex_unlock(&ri->lock);
        *modelRI = ri;
    }
    ri_put(ri);
    return err;
}

aclError aclmdlRICaptureThreadExchangeMode(aclmdlRICaptureMode *mode)
{
    if (mode == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: mode is NULL", __func__);
    }
    if ((int)*mode < ACL_MODEL_RI_CAPTURE_MODE_GLOBAL || *mode > ACL_MODEL_RI_CAPTURE_MODE_RELAXED) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown capture mode %d", __func__, (int)*mode);
    }
    aclmdlRICaptureMode previous = thread_mode;
    thread_mode = *mode;
    *mode = previous;
    return ACL_SUCCESS;
}

aclError aclmdlRICaptureTaskGrpBegin(aclrtStream stream)
{
    const char *fn = __func__;
    aclError err = ACL_SUCCESS;
    ri_stream *rs = NULL;
    ri_model *ri = capturing_model(stream, &rs, fn, &err);
    if (ri == NULL) {
        return err != ACL_SUCCESS ? err
                                  : aclemu_set_error(ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                                                     "%s: the stream is not being captured", fn);
    }
    pthread_mutex_lock(&ri->lock);
    ri_group *g = NULL;
    if (ri->open_group != NULL) {
        err = aclemu_set_error(ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED, "%s: a task group is already open", fn);
    } else if ((g = calloc(1, sizeof *g)) == NULL ||
               !ri_reserve((void **)&ri->groups, &ri->group_capacity, ri->group_count, sizeof *ri->groups) ||
               aclemu_handle_add(g, RI_KIND_GROUP) != ACL_SUCCESS) {
        free(g);
        err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    } else {
        g->ri = ri;
        g->stream = rs;
        g->first = rs->count;
        ri->groups[ri->group_count++] = g;
        ri->open_group = g;
    }
    pthread_mutex_unlock(&ri->lock);
    ri_put(ri);
    return err;
}

aclError aclmdlRICaptureTaskGrpEnd(aclrtStream stream, aclrtTaskGrp *handle)
{
    const char *fn = __func__;
    if (handle == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: handle is NULL", fn);
    }
    aclError err = ACL_SUCCESS;
    ri_stream *rs = NULL;
    ri_model *ri = capturing_model(stream, &rs, fn, &err);
    if (ri == NULL) {
        return err != ACL_SUCCESS ? err
                                  : aclemu_set_error(ACL_ERROR_RT_STREAM_NOT_CAPTURED,
                                                     "%s: the stream is not being captured", fn);
    }
    pthread_mutex_lock(&ri->lock);
    if (ri->open_group == NULL || ri->open_group->stream != rs) {
        err = aclemu_set_error(ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED,
                               "%s: no task group was begun on this stream", fn);
    } else {
        ri->open_group->closed = true;
        *handle = ri->open_group;
        ri->open_group = NULL;
    }
    pthread_mutex_unlock(&ri->lock);
    ri_put(ri);
    return err;
}

/* A closed group of a live instance, with a reference on the instance. */
static ri_group *live_group(aclrtTaskGrp handle, const char *fn)
{
    pthread_mutex_lock(&registry_lock);
    ri_group *g = NULL;
    if (handle != NULL && aclemu_handle_is(handle, RI_KIND_GROUP)) {
        g = handle;
        pthread_mutex_lock(&g->ri->lock);
        g->ri->refs++;
        pthread_mutex_unlock(&g->ri->lock);
    }
    pthread_mutex_unlock(&registry_lock);
    if (g == NULL) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live task group", fn, handle);
    }
    return g;
}

aclError aclmdlRICaptureTaskUpdateBegin(aclrtStream stream, aclrtTaskGrp handle)
{
    const char *fn = __func__;
    aclError err = aclemu_stream_check(stream, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    ri_group *g = live_group(handle, fn);
    if (g == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    ri_model *ri = g->ri;
    pthread_mutex_lock(&ri->lock);
    if (ri->state != RI_READY || !g->closed) {
        err = aclemu_set_error(ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED,
                               "%s: the task group's instance is not captured completely yet", fn);
    } else if (g->update_stream != NULL) {
        err = aclemu_set_error(ACL_ERROR_RT_STREAM_CAPTURED, "%s: the task group is already being updated", fn);
    } else {
        for (size_t i = 0; i < g->pending_count; ++i) {
            ri_task_free(g->pending[i], false);
        }
        g->pending_count = 0;
        g->ready = false;
        g->tag = RI_OWNER_UPDATE;
        g->update_stream = stream;
    }
    pthread_mutex_unlock(&ri->lock);
    if (err == ACL_SUCCESS) {
        err = aclemu_stream_set_capture(stream, update_hook, g, fn);
        if (err != ACL_SUCCESS) {
            pthread_mutex_lock(&ri->lock);
            g->update_stream = NULL;
            pthread_mutex_unlock(&ri->lock);
        }
    }
    ri_put(ri);
    return err;
}

aclError aclmdlRICaptureTaskUpdateEnd(aclrtStream stream)
{
    const char *fn = __func__;
    aclError err = aclemu_stream_check(stream, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&registry_lock);
    ri_group *g = aclemu_stream_capture_owner(stream);
    if (g != NULL && g->tag == RI_OWNER_UPDATE) {
        pthread_mutex_lock(&g->ri->lock);
        g->ri->refs++;
        pthread_mutex_unlock(&g->ri->lock);
    } else {
        g = NULL;
    }
    pthread_mutex_unlock(&registry_lock);
    if (g == NULL) {
        return aclemu_set_error(ACL_ERROR_RT_STREAM_CAPTURE_UNMATCHED,
                                "%s: no aclmdlRICaptureTaskUpdateBegin is active on this stream", fn);
    }
    ri_model *ri = g->ri;
    err = aclemu_stream_set_capture(stream, NULL, g, fn);
    pthread_mutex_lock(&ri->lock);
    g->update_stream = NULL;
    if (err == ACL_SUCCESS && g->pending_count != g->count) {
        err = aclemu_set_error(ACL_ERROR_RT_MODEL_UPDATE_FAILED,
                               "%s: the task group holds %zu task(s) but the update submitted %zu", fn, g->count,
                               g->pending_count);
        for (size_t i = 0; i < g->pending_count; ++i) {
            ri_task_free(g->pending[i], false);
        }
        g->pending_count = 0;
    }
    g->ready = err == ACL_SUCCESS;
    pthread_mutex_unlock(&ri->lock);
    ri_put(ri);
    return err;
}

aclError aclmdlRIUpdate(aclmdlRI modelRI)
{
    const char *fn = __func__;
    ri_model *ri = ri_get(modelRI, fn);
    if (ri == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    pthread_mutex_lock(&ri->run_lock);
    pthread_mutex_lock(&ri->lock);
    aclError err = ACL_SUCCESS;
    if (ri->state != RI_READY) {
        err = aclemu_set_error(ACL_ERROR_RT_MODEL_CAPTURED, "%s: model run instance %u is not built yet", fn, ri->id);
    }
    bool ran = ri->executions > 0;
    for (size_t i = 0; err == ACL_SUCCESS && i < ri->group_count; ++i) {
        ri_group *g = ri->groups[i];
        if (!g->ready) {
            continue;
        }
        for (size_t j = 0; j < g->count; ++j) {
            ri_task *old = g->stream->tasks[g->first + j];
            ri_task *fresh = g->pending[j];
            fresh->seq = old->seq;
            fresh->disabled = old->disabled;
            g->stream->tasks[g->first + j] = fresh;
            ri_task_free(old, ran);
        }
        g->pending_count = 0;
        g->ready = false;
    }
    pthread_mutex_unlock(&ri->lock);
    pthread_mutex_unlock(&ri->run_lock);
    ri_put(ri);
    return err;
}

/* -------------------------------------------------------------------- build */

aclError aclmdlRIBuildBegin(aclmdlRI *modelRI, uint32_t flag)
{
    if (modelRI == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: modelRI is NULL", __func__);
    }
    if (flag != 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: flag must be 0, got %u", __func__, flag);
    }
    ri_model *ri = new_model(RI_BUILDING, __func__);
    if (ri == NULL) {
        return ACL_ERROR_BAD_ALLOC;
    }
    *modelRI = ri;
    return ACL_SUCCESS;
}

aclError aclmdlRIBindStream(aclmdlRI modelRI, aclrtStream stream, uint32_t flag)
{
    const char *fn = __func__;
    aclError err = aclemu_stream_check(stream, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (flag != ACL_MODEL_STREAM_FLAG_HEAD && flag != ACL_MODEL_STREAM_FLAG_DEFAULT) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown flag %u", fn, flag);
    }
    ri_model *ri = ri_get(modelRI, fn);
    if (ri == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    pthread_mutex_lock(&ri->lock);
    ri_stream *rs = NULL;
    if (ri->state != RI_BUILDING) {
        err = aclemu_set_error(ACL_ERROR_RT_STREAM_MODEL,
                               "%s: model run instance %u is not being built (aclmdlRIBuildBegin)", fn, ri->id);
    } else if ((rs = stream_list_locked(ri, stream)) == NULL) {
        err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    pthread_mutex_unlock(&ri->lock);
    if (err == ACL_SUCCESS) {
        err = aclemu_stream_set_capture(stream, record_hook, rs, fn);
        if (err == ACL_ERROR_RT_STREAM_CAPTURED) {
            err = aclemu_set_error(ACL_ERROR_RT_STREAM_MODEL, "%s: the stream already records for an instance", fn);
        }
    }
    if (err == ACL_SUCCESS) {
        pthread_mutex_lock(&ri->lock);
        rs->attached = true;
        pthread_mutex_unlock(&ri->lock);
    }
    ri_put(ri);
    return err;
}

ri_stream *ri_stream_of(aclrtStream stream)
{
    pthread_mutex_lock(&registry_lock);
    ri_stream *rs = aclemu_stream_capture_owner(stream);
    if (rs != NULL && rs->tag == RI_OWNER_STREAM) {
        pthread_mutex_lock(&rs->ri->lock);
        rs->ri->refs++;
        pthread_mutex_unlock(&rs->ri->lock);
    } else {
        rs = NULL;
    }
    pthread_mutex_unlock(&registry_lock);
    return rs;
}

/* The list `stream` records into for `ri`, when it is attached. */
static ri_stream *bound_stream(ri_model *ri, aclrtStream stream, const char *fn, aclError *err)
{
    *err = aclemu_stream_check(stream, fn);
    if (*err != ACL_SUCCESS) {
        return NULL;
    }
    ri_stream *rs = aclemu_stream_capture_owner(stream);
    if (rs == NULL || rs->tag != RI_OWNER_STREAM || rs->ri != ri) {
        *err = aclemu_set_error(ACL_ERROR_RT_STREAM_MODEL, "%s: the stream is not bound to model run instance %u", fn,
                                ri->id);
        return NULL;
    }
    return rs;
}

aclError aclmdlRIEndTask(aclmdlRI modelRI, aclrtStream stream)
{
    const char *fn = __func__;
    ri_model *ri = ri_get(modelRI, fn);
    if (ri == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    aclError err = ACL_SUCCESS;
    if (bound_stream(ri, stream, fn, &err) != NULL) {
        ri_step_desc end = {.kind = RI_STEP_END};
        err = ri_append_step(stream, &end, fn);
    }
    ri_put(ri);
    return err;
}

aclError aclmdlRIBuildEnd(aclmdlRI modelRI, void *reserve)
{
    const char *fn = __func__;
    if (reserve != NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: reserve must be NULL", fn);
    }
    ri_model *ri = ri_get(modelRI, fn);
    if (ri == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    pthread_mutex_lock(&ri->lock);
    aclError err = ACL_SUCCESS;
    if (ri->state != RI_BUILDING) {
        err = aclemu_set_error(ACL_ERROR_RT_STREAM_MODEL, "%s: model run instance %u is not being built", fn, ri->id);
    } else {
        ri->state = RI_READY;
    }
    pthread_mutex_unlock(&ri->lock);
    ri_put(ri);
    return err;
}

aclError aclmdlRIUnbindStream(aclmdlRI modelRI, aclrtStream stream)
{
    const char *fn = __func__;
    ri_model *ri = ri_get(modelRI, fn);
    if (ri == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    aclError err = ACL_SUCCESS;
    ri_stream *rs = bound_stream(ri, stream, fn, &err);
    if (rs != NULL) {
        err = aclemu_stream_set_capture(stream, NULL, rs, fn);
        if (err == ACL_SUCCESS) {
            pthread_mutex_lock(&ri->lock);
            rs->attached = false;
            pthread_mutex_unlock(&ri->lock);
        }
    }
    ri_put(ri);
    return err;
}

/* ------------------------------------------------------------------ destroy */

aclError aclmdlRIDestroy(aclmdlRI modelRI)
{
    const char *fn = __func__;
    pthread_mutex_lock(&registry_lock);
    bool ok = modelRI != NULL && aclemu_handle_remove(modelRI, RI_KIND_MODEL);
    if (ok) {
        for (size_t i = 0; i < live_count; ++i) {
            if (live[i] == modelRI) {
                live[i] = live[--live_count];
                break;
            }
        }
    }
    pthread_mutex_unlock(&registry_lock);
    if (!ok) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live model run instance", fn, modelRI);
    }
    ri_model *ri = modelRI;
    /* detach from streams still recording; a stream destroyed meanwhile needs nothing */
    pthread_mutex_lock(&ri->lock);
    size_t n = ri->stream_count + ri->group_count;
    aclrtStream *handles = calloc(n ? n : 1, sizeof *handles);
    void **owners = calloc(n ? n : 1, sizeof *owners);
    size_t k = 0;
    for (size_t i = 0; handles != NULL && owners != NULL && i < ri->stream_count; ++i) {
        if (ri->streams[i]->attached) {
            handles[k] = ri->streams[i]->handle;
            owners[k++] = ri->streams[i];
            ri->streams[i]->attached = false;
        }
    }
    for (size_t i = 0; handles != NULL && owners != NULL && i < ri->group_count; ++i) {
        if (ri->groups[i]->update_stream != NULL) {
            handles[k] = ri->groups[i]->update_stream;
            owners[k++] = ri->groups[i];
            ri->groups[i]->update_stream = NULL;
        }
    }
    ri_destroy_cb callbacks[16];
    size_t callback_count = ri->callback_count;
    memcpy(callbacks, ri->callbacks, sizeof callbacks);
    pthread_mutex_unlock(&ri->lock);
    for (size_t i = 0; i < k; ++i) {
        if (aclemu_stream_capture_owner(handles[i]) == owners[i]) {
            (void)aclemu_stream_set_capture(handles[i], NULL, owners[i], fn);
        }
    }
    free(handles);
    free(owners);
    for (size_t i = 0; i < callback_count; ++i) {
        callbacks[i].func(callbacks[i].user_data);
    }
    ri_put(ri);
    return ACL_SUCCESS;
}

aclError aclmdlRIDestroyRegisterCallback(aclmdlRI modelRI, aclrtCallback func, void *userData)
{
    const char *fn = __func__;
    if (func == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: func is NULL", fn);
    }
    ri_model *ri = ri_get(modelRI, fn);
    if (ri == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    aclError err = ACL_SUCCESS;
    pthread_mutex_lock(&ri->lock);
    size_t cap = sizeof ri->callbacks / sizeof ri->callbacks[0];
    for (size_t i = 0; i < ri->callback_count; ++i) {
        if (ri->callbacks[i].func == func) {
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the callback is already registered", fn);
        }
    }
    if (err == ACL_SUCCESS && ri->callback_count == cap) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: at most %zu destroy callbacks", fn, cap);
    }
    if (err == ACL_SUCCESS) {
        ri->callbacks[ri->callback_count].func = func;
        ri->callbacks[ri->callback_count++].user_data = userData;
    }
    pthread_mutex_unlock(&ri->lock);
    ri_put(ri);
    return err;
}

aclError aclmdlRIDestroyUnregisterCallback(aclmdlRI modelRI, aclrtCallback func)
{
    const char *fn = __func__;
    ri_model *ri = ri_get(modelRI, fn);
    if (ri == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    aclError err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the callback is not registered", fn);
    pthread_mutex_lock(&ri->lock);
    for (size_t i = 0; i < ri->callback_count; ++i) {
        if (ri->callbacks[i].func == func) {
            memmove(&ri->callbacks[i], &ri->callbacks[i + 1], (ri->callback_count - i - 1) * sizeof ri->callbacks[0]);
            ri->callback_count--;
            err = ACL_SUCCESS;
            break;
        }
    }
    pthread_mutex_unlock(&ri->lock);
    ri_put(ri);
    return err;
}
