/* Model run instances: replaying the recorded lists for real, condition tasks, abort, and the
 * queries on instances and their tasks. */
#include "emu.h"
#include "mdl_ri_internal.h"
#include "output_files.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_NESTING = 16 };

/* One execution: what every list of it checks between steps. */
typedef struct run_state {
    ri_model *root;
    uint64_t epoch; /* root->abort_epoch when it started */
    uint64_t deadline_ns; /* 0: none */
    const char *fn;
} run_state;

static aclError run_model(ri_model *ri, const run_state *st, int depth);

static bool aborted(const run_state *st)
{
    pthread_mutex_lock(&st->root->lock);
    bool yes = st->root->abort_epoch != st->epoch;
    pthread_mutex_unlock(&st->root->lock);
    return yes;
}

static size_t find_label(ri_task *const *tasks, size_t count, uint32_t id)
{
    for (size_t i = 0; i < count; ++i) {
        if (tasks[i]->kind == RI_STEP_LABEL_SET && tasks[i]->label_id == id) {
            return i;
        }
    }
    return count;
}

/* One launch of one instance: its lists, and the lists started later by activation steps. */
typedef struct list_job list_job;
typedef struct model_run {
    ri_model *ri;
    const run_state *st;
    int depth;
    size_t count;          /* lists of the instance */
    ri_task ***lists;      /* snapshot of each list */
    size_t *lengths;
    aclrtStream *handles;
    pthread_mutex_t lock;  /* activated, error */
    list_job **activated;  /* started by aclrtActiveStream / aclrtSwitchStream steps */
    size_t activated_count, activated_capacity;
    aclError err;
    char message[256];
} model_run;

struct list_job {
    model_run *run;
    size_t list;
    pthread_t thread;
    bool started;
};

static void run_failed(model_run *mr, aclError err)
{
    pthread_mutex_lock(&mr->lock);
    if (mr->err == ACL_SUCCESS) {
        mr->err = err;
        snprintf(mr->message, sizeof mr->message, "%s", aclemu_peek_error());
    }
    pthread_mutex_unlock(&mr->lock);
}

static aclError run_list(model_run *mr, size_t list);

static void *list_thread(void *arg)
{
    list_job *job = arg;
    aclError err = run_list(job->run, job->list);
    if (err != ACL_SUCCESS) {
        run_failed(job->run, err);
    }
    return NULL;
}

/* Start the list of `stream` on its own thread (joined when the launch ends). */
static aclError activate(model_run *mr, aclrtStream stream)
{
    size_t list = 0;
    while (list < mr->count && mr->handles[list] != stream) {
        list++;
    }
    if (list == mr->count) {
        return aclemu_set_error(ACL_ERROR_RT_STREAM_MODEL,
                                "%s: the activated stream is not a stream of model run instance %u", mr->st->fn,
                                mr->ri->id);
    }
    list_job *job = calloc(1, sizeof *job);
    if (job == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", mr->st->fn);
    }
    job->run = mr;
    job->list = list;
    pthread_mutex_lock(&mr->lock);
    aclError err = ACL_SUCCESS;
    if (!ri_reserve((void **)&mr->activated, &mr->activated_capacity, mr->activated_count, sizeof *mr->activated)) {
        err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", mr->st->fn);
    } else if (pthread_create(&job->thread, NULL, list_thread, job) != 0) {
        err = aclemu_set_error(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: cannot start a thread for a stream",
                               mr->st->fn);
    } else {
        job->started = true;
        mr->activated[mr->activated_count++] = job;
    }
    pthread_mutex_unlock(&mr->lock);
    if (!job->started) {
        free(job);
    }
    return err;
}

static bool compare(const ri_task *t)
{
    int64_t left = 0, right = 0;
    if (t->dtype == ACL_RT_SWITCH_INT32) {
        int32_t l, r;
        memcpy(&l, t->left, sizeof l);
        memcpy(&r, t->right, sizeof r);
        left = l;
        right = r;
    } else {
        memcpy(&left, t->left, sizeof left);
        memcpy(&right, t->right, sizeof right);
    }
    switch (t->cond) {
    case ACL_RT_EQUAL:
        return left == right;
    case ACL_RT_NOT_EQUAL:
        return left != right;
    case ACL_RT_GREATER:
        return left > right;
    case ACL_RT_GREATER_OR_EQUAL:
        return left >= right;
    case ACL_RT_LESS:
        return left < right;
    default:
        return left <= right;
    }
}

static aclError run_cond(const ri_task *t, const run_state *st, int depth)
{
    uint64_t value = *t->cond_value->value;
    switch (t->cond_type) {
    case ACL_MODEL_RI_COND_TYPE_IF:
        if (value != 0) {
            return run_model(t->branches[0], st, depth + 1);
        }
        return t->branch_count > 1 ? run_model(t->branches[1], st, depth + 1) : ACL_SUCCESS;
    case ACL_MODEL_RI_COND_TYPE_WHILE:
        while (*t->cond_value->value != 0) {
            aclError err = run_model(t->branches[0], st, depth + 1);
            if (err != ACL_SUCCESS) {
                return err;
            }
            if (aborted(st)) {
                return aclemu_set_error(ACL_ERROR_RT_MODEL_ABORT_NORMAL, "%s: model run instance %u was aborted",
                                        st->fn, st->root->id);
            }
        }
        return ACL_SUCCESS;
    default: /* switch: a value past the last branch runs none */
        return value < t->branch_count ? run_model(t->branches[value], st, depth + 1) : ACL_SUCCESS;
    }
}

/* Where a label switch goes: the step after the label, or `count` when the index selects none. */
static aclError switch_target(const ri_task *t, ri_task *const *tasks, size_t count, const run_state *st,
                              size_t *pc)
{
    uint32_t index = *t->index;
    if (index >= t->max_value || index >= t->target_count) {
        return ACL_SUCCESS; /* out of range: go on with the next step */
    }
    size_t at = find_label(tasks, count, t->target_ids[index]);
    if (at == count) {
        return aclemu_set_error(ACL_ERROR_RT_LABEL_CONTEXT, "%s: label %u is not set in the switching stream's list",
                                st->fn, t->target_ids[index]);
    }
    *pc = at + 1;
    return ACL_SUCCESS;
}

/* Interpret one stream's list: tasks in order, label switches jump, activations start lists. */
static aclError run_list(model_run *mr, size_t list)
{
    const run_state *st = mr->st;
    ri_task *const *tasks = mr->lists[list];
    size_t count = mr->lengths[list];
    size_t pc = 0;
    while (pc < count) {
        if (aborted(st)) {
            return aclemu_set_error(ACL_ERROR_RT_MODEL_ABORT_NORMAL, "%s: model run instance %u was aborted", st->fn,
                                    st->root->id);
        }
        if (st->deadline_ns != 0 && aclemu_now_ns() > st->deadline_ns) {
            return aclemu_set_error(ACL_ERROR_RT_STREAM_SYNC_TIMEOUT,
                                    "%s: model run instance %u did not finish within its timeout", st->fn,
                                    st->root->id);
        }
        const ri_task *t = tasks[pc++];
        pthread_mutex_lock(&t->ri->lock);
        bool disabled = t->disabled;
        pthread_mutex_unlock(&t->ri->lock);
        if (disabled) {
            continue;
        }
        aclError err = ACL_SUCCESS;
        switch (t->kind) {
        case RI_STEP_TASK:
            err = t->run(t->arg);
            break;
        case RI_STEP_COND:
            err = run_cond(t, st, mr->depth);
            break;
        case RI_STEP_END:
            return ACL_SUCCESS;
        case RI_STEP_LABEL_SET:
            break;
        case RI_STEP_LABEL_SWITCH:
            err = switch_target(t, tasks, count, st, &pc);
            break;
        case RI_STEP_ACTIVATE:
            err = activate(mr, t->targets[0]);
            break;
        case RI_STEP_SWITCH_STREAM: {
            aclrtStream target = compare(t) ? t->targets[0] : t->targets[1];
            err = target != NULL ? activate(mr, target) : ACL_SUCCESS;
            break;
        }
        }
        if (err != ACL_SUCCESS) {
            return err;
        }
    }
    return ACL_SUCCESS;
}

static void reset_conds(ri_model *ri)
{
    pthread_mutex_lock(&ri->lock);
    for (size_t i = 0; i < ri->cond_count; ++i) {
        *ri->conds[i]->value = ri->conds[i]->default_value;
    }
    pthread_mutex_unlock(&ri->lock);
}

/* Lists that an activation step starts do not start with the launch. */
static bool activated_later(const model_run *mr, aclrtStream stream)
{
    for (size_t i = 0; i < mr->count; ++i) {
        for (size_t j = 0; j < mr->lengths[i]; ++j) {
            const ri_task *t = mr->lists[i][j];
            if ((t->kind == RI_STEP_ACTIVATE || t->kind == RI_STEP_SWITCH_STREAM) &&
                (t->targets[0] == stream || t->targets[1] == stream)) {
                return true;
            }
        }
    }
    return false;
}

static void free_run(model_run *mr)
{
    for (size_t i = 0; i < mr->count; ++i) {
        free(mr->lists[i]);
    }
    free(mr->lists);
    free(mr->lengths);
    free(mr->handles);
    free(mr->activated);
    pthread_mutex_destroy(&mr->lock);
}

/* Snapshot the lists under the instance lock: recording may grow them meanwhile. */
static bool snapshot(model_run *mr)
{
    ri_model *ri = mr->ri;
    pthread_mutex_lock(&ri->lock);
    size_t n = ri->stream_count;
    mr->count = n;
    mr->lists = calloc(n ? n : 1, sizeof *mr->lists);
    mr->lengths = calloc(n ? n : 1, sizeof *mr->lengths);
    mr->handles = calloc(n ? n : 1, sizeof *mr->handles);
    bool ok = mr->lists != NULL && mr->lengths != NULL && mr->handles != NULL;
    for (size_t i = 0; ok && i < n; ++i) {
        ri_stream *s = ri->streams[i];
        mr->handles[i] = s->handle;
        mr->lengths[i] = s->count;
        mr->lists[i] = malloc((s->count ? s->count : 1) * sizeof *s->tasks);
        ok = mr->lists[i] != NULL;
        if (ok && s->count > 0) {
            memcpy(mr->lists[i], s->tasks, s->count * sizeof *s->tasks);
        }
    }
    ri->executions++;
    pthread_mutex_unlock(&ri->lock);
    if (!ok) {
        mr->count = mr->lists != NULL ? n : 0;
    }
    return ok;
}

/* Every list of `ri` that starts with the launch: the first on this thread, the others on
 * helper threads, so that lists waiting on one another's events make progress as on separate
 * streams; then every list activated meanwhile. */
static aclError run_model(ri_model *ri, const run_state *st, int depth)
{
    if (depth > MAX_NESTING) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: condition tasks nest deeper than %d instances", st->fn,
                                MAX_NESTING);
    }
    reset_conds(ri);
    model_run mr = {.ri = ri, .st = st, .depth = depth};
    pthread_mutex_init(&mr.lock, NULL);
    if (!snapshot(&mr)) {
        free_run(&mr);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", st->fn);
    }
    list_job *jobs = calloc(mr.count ? mr.count : 1, sizeof *jobs);
    if (jobs == NULL) {
        free_run(&mr);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", st->fn);
    }
    size_t inline_list = mr.count;
    for (size_t i = 0; i < mr.count; ++i) {
        jobs[i].run = &mr;
        jobs[i].list = i;
        if (activated_later(&mr, mr.handles[i])) {
            continue;
        }
        if (inline_list == mr.count) {
            inline_list = i;
        } else if (pthread_create(&jobs[i].thread, NULL, list_thread, &jobs[i]) == 0) {
            jobs[i].started = true;
        } else {
            run_failed(&mr, aclemu_set_error(ACL_ERROR_RT_RESOURCE_ALLOC_FAIL, "%s: cannot start a thread", st->fn));
        }
    }
    if (inline_list < mr.count) {
        list_thread(&jobs[inline_list]);
    }
    for (size_t i = 0; i < mr.count; ++i) {
        if (jobs[i].started) {
            pthread_join(jobs[i].thread, NULL);
        }
    }
    /* activated lists may activate more: join until none is left */
    for (;;) {
        pthread_mutex_lock(&mr.lock);
        list_job *job = mr.activated_count > 0 ? mr.activated[--mr.activated_count] : NULL;
        pthread_mutex_unlock(&mr.lock);
        if (job == NULL) {
            break;
        }
        pthread_join(job->thread, NULL);
        free(job);
    }
    free(jobs);
    aclError err = mr.err;
    if (err != ACL_SUCCESS) {
        aclemu_set_error(err, "%s", mr.message);
    }
    free_run(&mr);
    return err;
}

aclError ri_run(ri_model *ri, int64_t timeout_ms, const char *fn)
{
    pthread_mutex_lock(&ri->run_lock);
    pthread_mutex_lock(&ri->lock);
    run_state st = {.root = ri, .epoch = ri->abort_epoch, .fn = fn};
    pthread_mutex_unlock(&ri->lock);
    if (timeout_ms > 0) {
        st.deadline_ns = aclemu_now_ns() + (uint64_t)timeout_ms * 1000000ULL;
    }
    aclError err = run_model(ri, &st, 0);
    pthread_mutex_unlock(&ri->run_lock);
    return err;
}

static aclError require_ready(ri_model *ri, const char *fn)
{
    pthread_mutex_lock(&ri->lock);
    ri_state state = ri->state;
    pthread_mutex_unlock(&ri->lock);
    if (state != RI_READY) {
        return aclemu_set_error(ACL_ERROR_RT_MODEL_CAPTURED,
                                "%s: model run instance %u is still being %s", fn, ri->id,
                                state == RI_CAPTURING ? "captured" : "built");
    }
    return ACL_SUCCESS;
}

aclError aclmdlRIExecute(aclmdlRI modelRI, int32_t timeout)
{
    const char *fn = __func__;
    if (timeout < -1) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: timeout must be -1 (forever) or >= 0, got %d", fn,
                                timeout);
    }
    ri_model *ri = ri_get(modelRI, fn);
    if (ri == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    aclError err = require_ready(ri, fn);
    if (err == ACL_SUCCESS) {
        err = ri_run(ri, timeout, fn);
    }
    ri_put(ri);
    return err;
}

static aclError run_async(void *arg)
{
    return ri_run(arg, -1, "aclmdlRIExecuteAsync");
}

static void free_async(void *arg, bool ran)
{
    (void)ran;
    ri_put(arg);
}

aclError aclmdlRIExecuteAsync(aclmdlRI modelRI, aclrtStream stream)
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
    err = require_ready(ri, fn);
    if (err != ACL_SUCCESS) {
        ri_put(ri);
        return err;
    }
    /* the queued execution keeps the reference taken above */
    return aclemu_stream_submit(stream, run_async, ri, free_async, fn);
}

aclError aclmdlRIAbort(aclmdlRI modelRI)
{
    ri_model *ri = ri_get(modelRI, __func__);
    if (ri == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    pthread_mutex_lock(&ri->lock);
    ri->abort_epoch++;
    pthread_mutex_unlock(&ri->lock);
    ri_put(ri);
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------ condition tasks */

aclError aclmdlRICondHandleCreate(aclmdlRI modelRI, uint32_t defaultLaunchValue, aclmdlRICondHandleFlag flag,
                                  aclmdlRICondHandle *handle)
{
    const char *fn = __func__;
    if (handle == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: handle is NULL", fn);
    }
    if (flag != ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown flag %d", fn, (int)flag);
    }
    ri_model *ri = ri_get(modelRI, fn);
    if (ri == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    ri_cond *c = calloc(1, sizeof *c);
    void *value = NULL;
    aclError err = c == NULL ? aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn)
                             : aclrtMalloc(&value, sizeof(uint64_t), ACL_MEM_MALLOC_HUGE_FIRST);
    if (err == ACL_SUCCESS) {
        c->ri = ri;
        c->value = value;
        c->default_value = defaultLaunchValue;
        *c->value = defaultLaunchValue;
        pthread_mutex_lock(&ri->lock);
        if (!ri_reserve((void **)&ri->conds, &ri->cond_capacity, ri->cond_count, sizeof *ri->conds) ||
            aclemu_handle_add(c, RI_KIND_COND) != ACL_SUCCESS) {
            err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
        } else {
            ri->conds[ri->cond_count++] = c;
        }
        pthread_mutex_unlock(&ri->lock);
    }
    if (err != ACL_SUCCESS) {
        if (value != NULL) {
            aclemu_mem_free(value, fn);
        }
        free(c);
    } else {
        *handle = c;
    }
    ri_put(ri);
    return err;
}

aclError aclmdlRICondHandleGetCondPtr(aclmdlRICondHandle handle, uint64_t **ptr)
{
    if (ptr == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: ptr is NULL", __func__);
    }
    if (handle == NULL || !aclemu_handle_is(handle, RI_KIND_COND)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live condition handle", __func__, handle);
    }
    *ptr = ((ri_cond *)handle)->value;
    return ACL_SUCCESS;
}

aclError aclmdlRIAddCondTask(aclmdlRICondTaskParams params, aclrtStream stream, uint32_t flags)
{
    const char *fn = __func__;
    if (flags != 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: flags must be 0, got %u", fn, flags);
    }
    if (params.handle == NULL || !aclemu_handle_is(params.handle, RI_KIND_COND)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: params.handle is not a live condition handle", fn);
    }
    uint32_t most = params.type == ACL_MODEL_RI_COND_TYPE_IF ? 2 : params.type == ACL_MODEL_RI_COND_TYPE_WHILE ? 1
                                                                                                             : 1024;
    if ((int)params.type < ACL_MODEL_RI_COND_TYPE_IF || params.type > ACL_MODEL_RI_COND_TYPE_SWITCH) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown condition type %d", fn, (int)params.type);
    }
    if (params.size == 0 || params.size > most || params.modelRIArray == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: a type %d condition takes 1 to %u instances, got %u%s",
                                fn, (int)params.type, most, params.size,
                                params.modelRIArray == NULL ? " (modelRIArray is NULL)" : "");
    }
    ri_model **branches = calloc(params.size, sizeof *branches);
    if (branches == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    aclError err = ACL_SUCCESS;
    uint32_t held = 0; /* the step keeps a reference on each branch until it is freed */
    for (; err == ACL_SUCCESS && held < params.size; ++held) {
        ri_model *b = ri_get(params.modelRIArray[held], fn);
        if (b == NULL) {
            err = ACL_ERROR_INVALID_PARAM;
            break;
        }
        branches[held] = b;
        err = require_ready(b, fn);
    }
    if (err == ACL_SUCCESS) {
        ri_step_desc desc = {.kind = RI_STEP_COND,
                             .cond_value = params.handle,
                             .cond_type = (int)params.type,
                             .branch_count = params.size,
                             .branches = branches};
        err = ri_append_step(stream, &desc, fn);
    }
    if (err != ACL_SUCCESS) {
        for (uint32_t i = 0; i < held && branches[i] != NULL; ++i) {
            ri_put(branches[i]);
        }
        free(branches);
    }
    return err;
}

/* ----------------------------------------------------------------- queries */

aclError aclmdlRISetName(aclmdlRI modelRI, const char *name)
{
    if (name == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: name is NULL", __func__);
    }
    ri_model *ri = ri_get(modelRI, __func__);
    if (ri == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    aclError err = ACL_SUCCESS;
    if (strlen(name) >= sizeof ri->name) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: name is longer than %zu bytes", __func__,
                               sizeof ri->name - 1);
    } else {
        pthread_mutex_lock(&ri->lock);
        snprintf(ri->name, sizeof ri->name, "%s", name);
        pthread_mutex_unlock(&ri->lock);
    }
    ri_put(ri);
    return err;
}

aclError aclmdlRIGetName(aclmdlRI modelRI, uint32_t maxLen, char *name)
{
    if (name == NULL || maxLen == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: name is NULL or maxLen is 0", __func__);
    }
    ri_model *ri = ri_get(modelRI, __func__);
    if (ri == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    aclError err = ACL_SUCCESS;
    pthread_mutex_lock(&ri->lock);
    if (strlen(ri->name) >= maxLen) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the name needs %zu bytes, maxLen is %u", __func__,
                               strlen(ri->name) + 1, maxLen);
    } else {
        memcpy(name, ri->name, strlen(ri->name) + 1);
    }
    pthread_mutex_unlock(&ri->lock);
    ri_put(ri);
    return err;
}

aclError aclmdlRIGetId(aclmdlRI modelRI, uint32_t *modelRIId)
{
    if (modelRIId == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: modelRIId is NULL", __func__);
    }
    ri_model *ri = ri_get(modelRI, __func__);
    if (ri == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    *modelRIId = ri->id;
    ri_put(ri);
    return ACL_SUCCESS;
}

aclError aclmdlRIGetStreams(aclmdlRI modelRI, aclrtStream *streams, uint32_t *numStreams)
{
    const char *fn = __func__;
    if (numStreams == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: numStreams is NULL", fn);
    }
    ri_model *ri = ri_get(modelRI, fn);
    if (ri == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    aclError err = ACL_SUCCESS;
    pthread_mutex_lock(&ri->lock);
    uint32_t count = (uint32_t)ri->stream_count;
    if (streams != NULL && *numStreams < count) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the instance has %u streams, room for %u", fn, count,
                               *numStreams);
    } else {
        for (uint32_t i = 0; streams != NULL && i < count; ++i) {
            streams[i] = ri->streams[i]->handle;
        }
        *numStreams = count;
    }
    pthread_mutex_unlock(&ri->lock);
    ri_put(ri);
    return err;
}

aclError aclmdlRIGetTasksByStream(aclrtStream stream, aclmdlRITask *tasks, uint32_t *numTasks)
{
    const char *fn = __func__;
    if (numTasks == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: numTasks is NULL", fn);
    }
    aclError err = aclemu_stream_check(stream, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    ri_stream *owner = aclemu_stream_capture_owner(stream);
    if (owner == NULL || owner->tag != RI_OWNER_STREAM) {
        return aclemu_set_error(ACL_ERROR_RT_STREAM_MODEL,
                                "%s: the stream records for no model run instance (query it while captured or bound)",
                                fn);
    }
    ri_model *ri = owner->ri;
    pthread_mutex_lock(&ri->lock);
    uint32_t count = (uint32_t)owner->count;
    if (tasks != NULL && *numTasks < count) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the stream has %u tasks, room for %u", fn, count,
                               *numTasks);
    } else {
        for (uint32_t i = 0; tasks != NULL && i < count; ++i) {
            tasks[i] = owner->tasks[i];
        }
        *numTasks = count;
    }
    pthread_mutex_unlock(&ri->lock);
    return err;
}

static ri_task *live_task(aclmdlRITask task, const char *fn)
{
    if (task == NULL || !aclemu_handle_is(task, RI_KIND_TASK)) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live model run instance task", fn, task);
        return NULL;
    }
    return task;
}

aclError aclmdlRITaskGetType(aclmdlRITask task, aclmdlRITaskType *type)
{
    if (type == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: type is NULL", __func__);
    }
    ri_task *t = live_task(task, __func__);
    if (t == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    *type = t->type;
    return ACL_SUCCESS;
}

aclError aclmdlRITaskGetSeqId(aclmdlRITask task, uint32_t *id)
{
    if (id == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: id is NULL", __func__);
    }
    ri_task *t = live_task(task, __func__);
    if (t == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    *id = t->seq;
    return ACL_SUCCESS;
}

aclError aclmdlRITaskGetParams(aclmdlRITask task, aclmdlRITaskParams *params)
{
    if (params == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: params is NULL", __func__);
    }
    ri_task *t = live_task(task, __func__);
    if (t == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    pthread_mutex_lock(&t->ri->lock);
    if (t->has_params) {
        *params = t->params;
    } else {
        memset(params, 0, sizeof *params);
    }
    params->type = t->type;
    params->taskGrp = t->group;
    pthread_mutex_unlock(&t->ri->lock);
    return ACL_SUCCESS;
}

/* A launch attribute of a recorded kernel task (aclop*, aclblas*, aclrtLaunchKernel* of CPU
 * functions): as its launch's cfg gave it, zero when not given. */
aclError aclmdlRIKernelTaskGetAttribute(aclmdlRITask task, aclrtLaunchKernelAttrId attrId,
                                        aclrtLaunchKernelAttrValue *attrValue)
{
    const char *fn = __func__;
    if (attrValue == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: attrValue is NULL", fn);
    }
    ri_task *t = live_task(task, fn);
    if (t == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    if (t->kind != RI_STEP_TASK || t->type != ACL_MODEL_RI_TASK_KERNEL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the task (type %d, recorded by %s) is not a kernel task",
                                fn, (int)t->type, t->api);
    }
    pthread_mutex_lock(&t->ri->lock);
    aclError err = aclemu_kernel_task_attribute(t->run, t->arg, (int)attrId, attrValue, fn);
    pthread_mutex_unlock(&t->ri->lock);
    return err;
}

/* The task the recording API would have submitted with these parameters. */
static aclError rebuild_task(const aclmdlRITaskParams *p, aclemu_task_fn *run, void **arg,
                             aclemu_task_free_fn *free_arg, const char *fn)
{
    switch (p->type) {
    case ACL_MODEL_RI_TASK_EVENT_RECORD:
        if (p->eventRecordTaskParams.recordFlag != ACL_EVENT_RECORD_DEFAULT &&
            p->eventRecordTaskParams.recordFlag != ACL_EVENT_RECORD_EXTERNAL) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown recordFlag %u", fn,
                                    p->eventRecordTaskParams.recordFlag);
        }
        return aclemu_event_task_build(ACLEMU_EVENT_TASK_RECORD, p->eventRecordTaskParams.event, run, arg, free_arg,
                                       fn);
    case ACL_MODEL_RI_TASK_EVENT_WAIT:
        if (p->eventWaitTaskParams.waitFlag != 0) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: waitFlag must be 0, not %u", fn,
                                    p->eventWaitTaskParams.waitFlag);
        }
        return aclemu_event_task_build(ACLEMU_EVENT_TASK_WAIT, p->eventWaitTaskParams.event, run, arg, free_arg, fn);
    case ACL_MODEL_RI_TASK_EVENT_RESET:
        if (p->eventResetTaskParams.resetFlag != 0) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: resetFlag must be 0, not %u", fn,
                                    p->eventResetTaskParams.resetFlag);
        }
        return aclemu_event_task_build(ACLEMU_EVENT_TASK_RESET, p->eventResetTaskParams.event, run, arg, free_arg,
                                       fn);
    case ACL_MODEL_RI_TASK_VALUE_WRITE:
        return aclemu_value_task_build(p->valueWriteTaskParams.devAddr, p->valueWriteTaskParams.value, 0, true, run,
                                       arg, free_arg, fn);
    case ACL_MODEL_RI_TASK_VALUE_WAIT:
        if (p->valueWaitTaskParams.flag > ACL_STREAM_WAIT_VALUE_NOR) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: flag %u is not an ACL_STREAM_WAIT_VALUE_* condition",
                                    fn, p->valueWaitTaskParams.flag);
        }
        return aclemu_value_task_build(p->valueWaitTaskParams.devAddr, p->valueWaitTaskParams.value,
                                       p->valueWaitTaskParams.flag, false, run, arg, free_arg, fn);
    default:
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: the parameters of a task of type %d cannot be set (event record/wait/reset and "
                                "value write/wait tasks can)",
                                fn, (int)p->type);
    }
}

/* Rebuild the task from new parameters of its own type; the instance's next launches run the new
 * one. Waits for a launch in progress (as aclmdlRIUpdate does). */
aclError aclmdlRITaskSetParams(aclmdlRITask task, aclmdlRITaskParams *params)
{
    const char *fn = __func__;
    if (params == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: params is NULL", fn);
    }
    ri_task *t = live_task(task, fn);
    if (t == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    if (t->kind != RI_STEP_TASK || params->type != t->type) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: params->type %d is not the task's type %d", fn,
                                (int)params->type, (int)t->type);
    }
    aclemu_task_fn run = NULL;
    void *arg = NULL;
    aclemu_task_free_fn free_arg = NULL;
    aclError err = rebuild_task(params, &run, &arg, &free_arg, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    ri_model *ri = t->ri;
    pthread_mutex_lock(&ri->run_lock);
    pthread_mutex_lock(&ri->lock);
    void *old_arg = t->arg;
    aclemu_task_free_fn old_free = t->free_arg;
    t->run = run;
    t->arg = arg;
    t->free_arg = free_arg;
    t->params = *params;
    t->has_params = true;
    bool ran = ri->executions > 0;
    pthread_mutex_unlock(&ri->lock);
    pthread_mutex_unlock(&ri->run_lock);
    if (old_free != NULL) {
        old_free(old_arg, ran);
    }
    return ACL_SUCCESS;
}

aclError aclmdlRITaskDisable(aclmdlRITask task)
{
    ri_task *t = live_task(task, __func__);
    if (t == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    pthread_mutex_lock(&t->ri->lock);
    t->disabled = true;
    pthread_mutex_unlock(&t->ri->lock);
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------- debug print */

static const char *step_name(const ri_task *t)
{
    static const char *const kinds[] = {"task", "cond", "end", "label", "label_switch", "activate", "switch_stream"};
    static const char *const types[] = {"DEFAULT",      "KERNEL",      "EVENT_RECORD", "EVENT_WAIT",
                                        "EVENT_RESET",  "VALUE_WRITE", "VALUE_WAIT"};
    return t->kind == RI_STEP_TASK ? types[t->type] : kinds[t->kind];
}

/* A task's cached op info (hex) and extend info (text), aclrtCacheLastTask*Info. */
static void write_cached_info(const ri_task *t, FILE *out)
{
    if (t->op_info != NULL) {
        fprintf(out, ", \"op_info\": \"");
        for (size_t k = 0; k < t->op_info_size; ++k) {
            fprintf(out, "%02x", t->op_info[k]);
        }
        fputc('"', out);
    }
    if (t->extend_info != NULL) {
        fprintf(out, ", \"extend_info\": ");
        aclemu_json_string(out, t->extend_info);
    }
}

static void write_json(ri_model *ri, FILE *out, bool verbose)
{
    fprintf(out, "{\"id\": %u, \"name\": \"", ri->id);
    for (const char *c = ri->name; *c != '\0'; ++c) {
        if (*c == '"' || *c == '\\') {
            fputc('\\', out);
        }
        fputc((unsigned char)*c < 0x20 ? '?' : *c, out);
    }
    fprintf(out, "\", \"state\": \"%s\", \"streams\": [",
            ri->state == RI_READY ? "ready" : ri->state == RI_CAPTURING ? "capturing" : "building");
    for (size_t i = 0; i < ri->stream_count; ++i) {
        const ri_stream *rs = ri->streams[i];
        fprintf(out, "%s{\"stream_id\": %d, \"task_count\": %zu", i ? ", " : "", rs->stream_id, rs->count);
        if (verbose) {
            fprintf(out, ", \"tasks\": [");
            for (size_t j = 0; j < rs->count; ++j) {
                const ri_task *t = rs->tasks[j];
                fprintf(out, "%s{\"seq\": %u, \"type\": \"%s\", \"api\": \"%s\", \"disabled\": %s", j ? ", " : "",
                        t->seq, step_name(t), t->api, t->disabled ? "true" : "false");
                write_cached_info(t, out);
                fputc('}', out);
            }
            fprintf(out, "]");
        }
        fprintf(out, "}");
    }
    fprintf(out, "]}\n");
}

aclError aclmdlRIDebugJsonPrint(aclmdlRI modelRI, const char *path, uint32_t flags)
{
    const char *fn = __func__;
    if (path == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: path is NULL", fn);
    }
    if (flags != ACL_MDLRI_DEBUG_JSON_PRINT_SUMMARY && flags != ACL_MDLRI_DEBUG_JSON_PRINT_VERBOSE) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown flags %u", fn, flags);
    }
    ri_model *ri = ri_get(modelRI, fn);
    if (ri == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    FILE *out = fopen(path, "w");
    aclError err = ACL_SUCCESS;
    if (out == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_FILE, "%s: cannot write %s", fn, path);
    } else {
        pthread_mutex_lock(&ri->lock);
        write_json(ri, out, flags == ACL_MDLRI_DEBUG_JSON_PRINT_VERBOSE);
        pthread_mutex_unlock(&ri->lock);
        if (fclose(out) != 0) {
            err = aclemu_set_error(ACL_ERROR_WRITE_FILE, "%s: writing %s failed", fn, path);
        }
    }
    ri_put(ri);
    return err;
}

aclError aclmdlRIDebugPrint(aclmdlRI modelRI)
{
    ri_model *ri = ri_get(modelRI, __func__);
    if (ri == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    pthread_mutex_lock(&ri->lock);
    write_json(ri, stdout, true);
    pthread_mutex_unlock(&ri->lock);
    fflush(stdout);
    ri_put(ri);
    return ACL_SUCCESS;
}
