/*
 * Queue-fed models (aclmdlLoadFromFileWithQ / aclmdlLoadFromMemWithQ).
 *
 * Such a model runs by itself: a worker thread of the model waits for one buf on every input
 * queue, runs the model on their bytes, and enqueues one buf per output on the output queues
 * (each output buf carries the first input buf's user data). It stops once the model is unloaded
 * (aclmdlUnload), checking every QMODEL_POLL_MS. A buf holding fewer bytes than its input needs
 * is dropped with a diagnostic (the run has no caller to return an error to), as is a run the
 * executor fails. Only models with static shapes can be fed this way: a gear (dynamic) input or
 * an output shape known only after the run has no queue to come from or fixed buf size.
 */
#include "model_internal.h"
#include "tdt_internal.h"

#include "acl/acl_mdl.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define QMODEL_POLL_MS 20

typedef struct qmodel {
    uint32_t model_id;
    size_t num_in;
    size_t num_out;
    uint32_t *in_q;
    uint32_t *out_q;
    tdt_buf **held; /* inputs taken so far for the next run */
} qmodel;

static const char worker_fn[] = "aclmdlLoadFromFileWithQ (worker)";

static void qmodel_free(qmodel *qm)
{
    for (size_t i = 0; i < qm->num_in; ++i) {
        if (qm->held[i] != NULL) {
            tdt_buf_free(qm->held[i]);
        }
    }
    free(qm->held);
    free(qm->in_q);
    free(qm->out_q);
    free(qm);
}

static void pause_poll(void)
{
    struct timespec ts = {0, QMODEL_POLL_MS * 1000000L};
    nanosleep(&ts, NULL);
}

/* The bytes of a buf (a chain's concatenated) in one piece: the head's own when it has no chain. */
static unsigned char *flat_bytes(const tdt_buf *buf, size_t *len, bool *copied)
{
    size_t total = buf->len;
    for (size_t i = 0; i < buf->chain_num; ++i) {
        total += buf->chain[i]->len;
    }
    *len = total;
    *copied = buf->chain_num > 0;
    if (!*copied) {
        return buf->block->data;
    }
    unsigned char *out = malloc(total > 0 ? total : 1);
    size_t at = 0;
    for (size_t i = 0; out != NULL && i <= buf->chain_num; ++i) {
        const tdt_buf *part = i == 0 ? buf : buf->chain[i - 1];
        memcpy(out + at, part->block->data, part->len);
        at += part->len;
    }
    return out;
}

/* Enqueue, retrying while the model is loaded; the buf is freed when it cannot be placed. */
static void deliver(const qmodel *qm, uint32_t qid, tdt_buf *buf)
{
    for (;;) {
        aclError err = tdt_queue_put(qid, buf, QMODEL_POLL_MS, worker_fn);
        if (err == ACL_SUCCESS) {
            return;
        }
        emu_model *alive = emu_model_find(qm->model_id);
        if (alive == NULL || err != ACL_ERROR_RT_QUEUE_FULL) {
            if (alive != NULL) {
                emu_model_release(alive);
            }
            aclemu_diag("model %u: an output buf for queue %u was dropped (queue gone or model unloaded)",
                        qm->model_id, qid);
            tdt_buf_free(buf);
            return;
        }
        emu_model_release(alive);
    }
}

static void run_once(qmodel *qm, emu_model *model)
{
    const model_info *info = model->info;
    size_t n_in = qm->num_in;
    size_t n_out = qm->num_out;
    void **in_data = calloc(n_in + 1, sizeof *in_data);
    size_t *in_sizes = calloc(n_in + 1, sizeof *in_sizes);
    size_t *in_ranks = calloc(n_in + 1, sizeof *in_ranks);
    int64_t *in_dims = calloc((n_in + 1) * ACL_MAX_DIM_CNT, sizeof *in_dims);
    bool *copied = calloc(n_in + 1, sizeof *copied);
    tdt_buf **outs = calloc(n_out + 1, sizeof *outs);
    void **out_data = calloc(n_out + 1, sizeof *out_data);
    size_t *out_sizes = calloc(n_out + 1, sizeof *out_sizes);
    size_t *out_ranks = calloc(n_out + 1, sizeof *out_ranks);
    int64_t *out_dims = calloc((n_out + 1) * ACL_MAX_DIM_CNT, sizeof *out_dims);
    bool ok = in_data && in_sizes && in_ranks && in_dims && copied && outs && out_data && out_sizes && out_ranks &&
              out_dims;
    for (size_t i = 0; ok && i < n_in; ++i) {
        const model_tensor_info *t = &info->inputs[i];
        size_t len = 0;
        in_data[i] = flat_bytes(qm->held[i], &len, &copied[i]);
        if (in_data[i] == NULL || len < t->max_size) {
            aclemu_diag("model %u: the buf from queue %u holds %zu bytes, input %zu ('%s') needs %zu; the inputs "
                        "are dropped", qm->model_id, qm->in_q[i], len, i, t->name, t->max_size);
            ok = false;
            break;
        }
        in_sizes[i] = t->max_size;
        in_ranks[i] = t->rank;
        memcpy(&in_dims[i * ACL_MAX_DIM_CNT], t->dims, t->rank * sizeof *t->dims);
    }
    for (size_t o = 0; ok && o < n_out; ++o) {
        ok = tdt_buf_new(info->outputs[o].max_size, false, &outs[o], worker_fn) == ACL_SUCCESS;
        if (ok) {
            out_data[o] = outs[o]->block->data;
            out_sizes[o] = info->outputs[o].max_size;
        }
    }
    if (ok) {
        char msg[MODEL_MSG_LEN] = "";
        int32_t rc = model->ops.run(model->token, in_data, in_sizes, in_ranks, in_dims, out_data, out_sizes,
                                    out_ranks, out_dims, msg, sizeof msg);
        msg[sizeof msg - 1] = '\0';
        if (rc != ACL_SUCCESS) {
            aclemu_diag("model %u: a queue-fed run failed (%d): %s", qm->model_id, (int)rc, msg);
            ok = false;
        }
    }
    for (size_t o = 0; ok && o < n_out; ++o) {
        outs[o]->len = model_tensor_bytes(info->outputs[o].dtype, out_ranks[o], &out_dims[o * ACL_MAX_DIM_CNT], NULL);
        memcpy(outs[o]->user, qm->held[0]->user, sizeof outs[o]->user);
        deliver(qm, qm->out_q[o], outs[o]);
        outs[o] = NULL;
    }
    for (size_t o = 0; outs != NULL && o < n_out; ++o) {
        if (outs[o] != NULL) {
            tdt_buf_free(outs[o]);
        }
    }
    for (size_t i = 0; i < n_in; ++i) {
        if (copied != NULL && copied[i]) {
            free(in_data[i]);
        }
        tdt_buf_free(qm->held[i]);
        qm->held[i] = NULL;
    }
    free(in_data);
    free(in_sizes);
    free(in_ranks);
    free(in_dims);
    free(copied);
    free(outs);
    free(out_data);
    free(out_sizes);
    free(out_ranks);
    free(out_dims);
}

static void *worker(void *arg)
{
    qmodel *qm = arg;
    for (;;) {
        emu_model *model = emu_model_find(qm->model_id);
        if (model == NULL) {
            break;
        }
        bool all = true;
        for (size_t i = 0; i < qm->num_in; ++i) {
            if (qm->held[i] != NULL) {
                continue;
            }
            aclError err = tdt_queue_take(qm->in_q[i], QMODEL_POLL_MS, &qm->held[i], worker_fn);
            if (err != ACL_SUCCESS) {
                qm->held[i] = NULL;
                all = false;
                if (err != ACL_ERROR_RT_QUEUE_EMPTY) {
                    pause_poll(); /* the queue is gone: wait for the unload */
                }
                break;
            }
        }
        if (all) {
            run_once(qm, model);
        }
        emu_model_release(model);
    }
    qmodel_free(qm);
    return NULL;
}

/* ------------------------------------------------------------------ loads */

static aclError check_queues(const uint32_t *ids, size_t num, const char *what, const char *fn)
{
    if (ids == NULL || num == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL or its count 0", fn, what);
    }
    pthread_mutex_lock(&tdt_queue_lock);
    size_t bad = num;
    for (size_t i = 0; i < num && bad == num; ++i) {
        if (!tdt_queue_exists(ids[i])) {
            bad = i;
        }
    }
    pthread_mutex_unlock(&tdt_queue_lock);
    if (bad < num) {
        return aclemu_set_error(ACL_ERROR_GE_EXEC_MODEL_QUEUE_ID_INVALID, "%s: %s[%zu] = %u is not a live TDT queue",
                                fn, what, bad, ids[bad]);
    }
    return ACL_SUCCESS;
}

/* Check the loaded model fits the queues and start its worker; unloads it on failure. */
static aclError start(uint32_t model_id, const uint32_t *in_q, size_t num_in, const uint32_t *out_q, size_t num_out,
                      const char *fn)
{
    emu_model *model = emu_model_acquire(model_id, fn);
    if (model == NULL) {
        return ACL_ERROR_GE_EXEC_MODEL_ID_INVALID;
    }
    const model_info *info = model->info;
    aclError err = ACL_SUCCESS;
    if (info->kind != MODEL_STATIC || info->symbolic_outputs) {
        err = aclemu_set_error(ACL_ERROR_GE_PARAM_INVALID, "%s: the model has dynamic shapes; a queue-fed model needs "
                               "static ones (its bufs carry no gear and outputs need a fixed size)", fn);
    } else if (num_in != info->num_inputs || num_out != info->num_outputs) {
        err = aclemu_set_error(ACL_ERROR_GE_EXEC_MODEL_QUEUE_ID_INVALID, "%s: the model has %zu inputs and %zu outputs "
                               "but %zu input and %zu output queues were given", fn, info->num_inputs,
                               info->num_outputs, num_in, num_out);
    }
    emu_model_release(model);
    qmodel *qm = err == ACL_SUCCESS ? calloc(1, sizeof *qm) : NULL;
    if (qm != NULL) {
        qm->model_id = model_id;
        qm->num_in = num_in;
        qm->num_out = num_out;
        qm->in_q = malloc(num_in * sizeof *qm->in_q);
        qm->out_q = malloc(num_out * sizeof *qm->out_q);
        qm->held = calloc(num_in, sizeof *qm->held);
        if (qm->in_q == NULL || qm->out_q == NULL || qm->held == NULL) {
            qmodel_free(qm);
            qm = NULL;
        } else {
            memcpy(qm->in_q, in_q, num_in * sizeof *in_q);
            memcpy(qm->out_q, out_q, num_out * sizeof *out_q);
        }
    }
    pthread_t thread;
    if (err == ACL_SUCCESS && (qm == NULL || pthread_create(&thread, NULL, worker, qm) != 0)) {
        if (qm != NULL) {
            qmodel_free(qm);
        }
        err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: cannot start the model's worker", fn);
    }
    if (err != ACL_SUCCESS) {
        aclmdlUnload(model_id);
        return err;
    }
    pthread_detach(thread);
    return ACL_SUCCESS;
}

aclError aclmdlLoadFromFileWithQ(const char *modelPath, uint32_t *modelId, const uint32_t *inputQ, size_t inputQNum,
                                 const uint32_t *outputQ, size_t outputQNum)
{
    static const char fn[] = "aclmdlLoadFromFileWithQ";
    aclError err = check_queues(inputQ, inputQNum, "inputQ", fn);
    if (err == ACL_SUCCESS) {
        err = check_queues(outputQ, outputQNum, "outputQ", fn);
    }
    if (err == ACL_SUCCESS) {
        err = model_load_file(modelPath, modelId, fn);
    }
    return err != ACL_SUCCESS ? err : start(*modelId, inputQ, inputQNum, outputQ, outputQNum, fn);
}

aclError aclmdlLoadFromMemWithQ(const void *model, size_t modelSize, uint32_t *modelId, const uint32_t *inputQ,
                                size_t inputQNum, const uint32_t *outputQ, size_t outputQNum)
{
    static const char fn[] = "aclmdlLoadFromMemWithQ";
    aclError err = check_queues(inputQ, inputQNum, "inputQ", fn);
    if (err == ACL_SUCCESS) {
        err = check_queues(outputQ, outputQNum, "outputQ", fn);
    }
    if (err == ACL_SUCCESS) {
        err = model_load_mem(model, modelSize, modelId, fn);
    }
    return err != ACL_SUCCESS ? err : start(*modelId, inputQ, inputQNum, outputQ, outputQNum, fn);
}
