/*
 * aclmdlCreateAndGetOpDesc: the operator of a model execution that failed on a stream.
 *
 * When a model's task fails on its stream worker, model_fault_capture (failure path only) asks the
 * executor to run the model again up to the failing node (node_tensors reports that node's input
 * tensors when a node fails) and notes what it got for the exception report that follows
 * (exception.c), which files it here under the report's device, stream id and task id. The last
 * FAULTS_KEPT failures are kept. aclmdlCreateAndGetOpDesc gives the caller a desc array of the
 * node's inputs (each pointing at a copy of the input's values, in runtime-owned device memory that
 * lives as long as the array) and one of its outputs (type and shape as inferred, no memory: the
 * node never produced them). Synchronous aclmdlExecute has no stream task and raises no callback.
 * A failing single-operator task (op_exec.c) notes its op type and tensors the same way.
 */
#include "model_internal.h"

#include "acl/acl_mdl.h"

#include <stdlib.h>
#include <string.h>

enum { FAULTS_KEPT = 64, FAULT_ALIGN = 64, MAX_SLOTS = 1024 /* tensors per side of one node */ };

typedef struct fault_tensor {
    int32_t dtype;
    size_t rank;
    int64_t dims[ACL_MAX_DIM_CNT];
    void *data; /* malloc'd copy, NULL when none */
    size_t size;
} fault_tensor;

typedef struct model_fault {
    int32_t device;
    int32_t stream_id;
    uint32_t task_id;
    char *name;
    size_t node_index;
    bool have_node;
    bool mixed; /* tensors of more than one node came: the run did not stop at one node */
    size_t num[2]; /* inputs, outputs */
    fault_tensor *tensors[2];
} model_fault;

static pthread_mutex_t faults_lock = PTHREAD_MUTEX_INITIALIZER;
static model_fault *faults[FAULTS_KEPT]; /* a ring, oldest overwritten */
static size_t faults_next;

static void fault_free(void *record)
{
    model_fault *fault = record;
    if (fault == NULL) {
        return;
    }
    for (int k = 0; k < 2; ++k) {
        for (size_t i = 0; i < fault->num[k]; ++i) {
            free(fault->tensors[k][i].data);
        }
        free(fault->tensors[k]);
    }
    free(fault->name);
    free(fault);
}

/* node_tensors sink: keeps the tensors of the one node the run stopped at, by slot. */
static void collect(void *ctx, size_t node_index, const char *node_name, const char *op_type, int32_t is_output,
                    size_t slot, int32_t dtype, size_t rank, const int64_t *dims, const void *data, size_t size)
{
    model_fault *fault = ctx;
    if (fault->mixed) {
        return;
    }
    if (!fault->have_node) {
        const char *name = node_name != NULL && node_name[0] ? node_name : op_type != NULL ? op_type : "";
        fault->name = strdup(name);
        fault->node_index = node_index;
        fault->have_node = true;
    } else if (fault->node_index != node_index) {
        fault->mixed = true;
        return;
    }
    int k = is_output ? 1 : 0;
    if (slot >= MAX_SLOTS || rank > ACL_MAX_DIM_CNT) {
        fault->mixed = true; /* not an operator a desc array can describe */
        return;
    }
    if (slot >= fault->num[k]) {
        fault_tensor *grown = realloc(fault->tensors[k], (slot + 1) * sizeof *grown);
        if (grown == NULL) {
            fault->mixed = true;
            return;
        }
        memset(&grown[fault->num[k]], 0, (slot + 1 - fault->num[k]) * sizeof *grown);
        for (size_t i = fault->num[k]; i <= slot; ++i) {
            grown[i].dtype = ACL_DT_UNDEFINED; /* an omitted optional tensor */
        }
        fault->tensors[k] = grown;
        fault->num[k] = slot + 1;
    }
    fault_tensor *t = &fault->tensors[k][slot];
    t->dtype = dtype;
    t->rank = rank;
    if (rank > 0) {
        memcpy(t->dims, dims, rank * sizeof *dims);
    }
    if (data != NULL && size > 0) {
        t->data = malloc(size);
        if (t->data == NULL) {
            fault->mixed = true;
            return;
        }
        memcpy(t->data, data, size);
        t->size = size;
    }
}

static void commit(void *record, int32_t device, int32_t stream_id, uint32_t task_id)
{
    model_fault *fault = record;
    fault->device = device;
    fault->stream_id = stream_id;
    fault->task_id = task_id;
    pthread_mutex_lock(&faults_lock);
    model_fault *old = faults[faults_next];
    faults[faults_next] = fault;
    faults_next = (faults_next + 1) % FAULTS_KEPT;
    pthread_mutex_unlock(&faults_lock);
    fault_free(old);
}

void model_fault_capture(const emu_model *model, void *const *in_data, const size_t *in_sizes,
                         const size_t *in_ranks, const int64_t *in_dims)
{
    if (model->ops.node_tensors == NULL) {
        return;
    }
    model_fault *fault = calloc(1, sizeof *fault);
    if (fault == NULL) {
        return;
    }
    char msg[MODEL_MSG_LEN] = "";
    int32_t rc = model->ops.node_tensors(model->token, in_data, in_sizes, in_ranks, in_dims, 1, 1, collect, fault,
                                         msg, sizeof msg);
    /* Only a run that failed inside one node names an operator. */
    if (rc == ACL_SUCCESS || !fault->have_node || fault->mixed || fault->name == NULL) {
        fault_free(fault);
        return;
    }
    aclemu_exception_note_task(commit, fault_free, fault);
}

void aclemu_fault_note_op(const char *name, const aclemu_fault_tensor *inputs, size_t num_inputs,
                          const aclemu_fault_tensor *outputs, size_t num_outputs)
{
    model_fault *fault = calloc(1, sizeof *fault);
    if (fault == NULL) {
        return;
    }
    const aclemu_fault_tensor *groups[2] = {inputs, outputs};
    size_t counts[2] = {num_inputs, num_outputs};
    for (int k = 0; k < 2; ++k) {
        for (size_t i = 0; i < counts[k]; ++i) {
            const aclemu_fault_tensor *t = &groups[k][i];
            collect(fault, 0, name, name, k, i, t->dtype, t->rank, t->dims, t->data, t->size);
        }
    }
    if (!fault->have_node || fault->mixed || fault->name == NULL) {
        fault_free(fault);
        return;
    }
    aclemu_exception_note_task(commit, fault_free, fault);
}

/* ------------------------------------------------------------------ query */

typedef struct fault_block {
    void *base; /* registered as runtime-owned device memory */
} fault_block;

static void block_release(void *arg)
{
    fault_block *block = arg;
    if (block != NULL) {
        aclemu_mem_remove_mapped(block->base);
        free(block->base);
        free(block);
    }
}

static aclFormat format_for(size_t rank)
{
    return rank == 4 ? ACL_FORMAT_NCHW : ACL_FORMAT_ND;
}

/* A desc array of `count` tensors (NULL when count is 0); with_data: each points at a copy of its
 * values in one runtime-owned block that the array releases. */
static aclError make_descs(const fault_tensor *tensors, size_t count, int32_t device, bool with_data,
                           aclTensorDesc **out, const char *fn)
{
    *out = NULL;
    if (count == 0) {
        return ACL_SUCCESS;
    }
    size_t total = 0;
    for (size_t i = 0; with_data && i < count; ++i) {
        total += (tensors[i].size + FAULT_ALIGN - 1) / FAULT_ALIGN * FAULT_ALIGN;
    }
    fault_block *block = NULL;
    if (total > 0) {
        block = calloc(1, sizeof *block);
        if (block != NULL && (block->base = aligned_alloc(FAULT_ALIGN, total)) == NULL) {
            free(block);
            block = NULL;
        }
        if (block == NULL) {
            return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        }
        aclError err = aclemu_mem_add_mapped(block->base, total, device, ACLEMU_MAPPED_RUNTIME, fn);
        if (err != ACL_SUCCESS) {
            free(block->base);
            free(block);
            return err;
        }
    }
    aclemu_desc_spec *specs = calloc(count, sizeof *specs);
    if (specs == NULL) {
        block_release(block);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    size_t offset = 0;
    for (size_t i = 0; i < count; ++i) {
        const fault_tensor *t = &tensors[i];
        specs[i] = (aclemu_desc_spec){(aclDataType)t->dtype, format_for(t->rank), t->rank, t->dims, NULL};
        if (block != NULL && t->data != NULL) {
            specs[i].address = (char *)block->base + offset;
            memcpy(specs[i].address, t->data, t->size);
            offset += (t->size + FAULT_ALIGN - 1) / FAULT_ALIGN * FAULT_ALIGN;
        }
    }
    *out = aclemu_tensor_desc_array_new(specs, count, block_release, block);
    free(specs);
    if (*out == NULL) {
        block_release(block);
        return ACL_ERROR_BAD_ALLOC;
    }
    return ACL_SUCCESS;
}

static const model_fault *find_locked(uint32_t device, uint32_t stream_id, uint32_t task_id)
{
    for (size_t n = 1; n <= FAULTS_KEPT; ++n) { /* newest first */
        const model_fault *fault = faults[(faults_next + FAULTS_KEPT - n) % FAULTS_KEPT];
        if (fault != NULL && (uint32_t)fault->device == device && (uint32_t)fault->stream_id == stream_id &&
            fault->task_id == task_id) {
            return fault;
        }
    }
    return NULL;
}

aclError aclmdlCreateAndGetOpDesc(uint32_t deviceId, uint32_t streamId, uint32_t taskId, char *opName,
                                  size_t opNameLen, aclTensorDesc **inputDesc, size_t *numInputs,
                                  aclTensorDesc **outputDesc, size_t *numOutputs)
{
    static const char fn[] = "aclmdlCreateAndGetOpDesc";
    if (opName == NULL || inputDesc == NULL || numInputs == NULL || outputDesc == NULL || numOutputs == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: an output (opName, inputDesc, numInputs, outputDesc "
                                "or numOutputs) is NULL", fn);
    }
    aclError err = ACL_SUCCESS;
    pthread_mutex_lock(&faults_lock);
    const model_fault *fault = find_locked(deviceId, streamId, taskId);
    if (fault == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: no failed operator is known for device %u, stream %u, "
                               "task %u (the last %d failed model tasks are kept)", fn, deviceId, streamId, taskId,
                               FAULTS_KEPT);
    } else if (strlen(fault->name) >= opNameLen) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: opNameLen %zu is too short for the name '%s' (%zu "
                               "bytes with its NUL)", fn, opNameLen, fault->name, strlen(fault->name) + 1);
    }
    aclTensorDesc *inputs = NULL;
    aclTensorDesc *outputs = NULL;
    if (err == ACL_SUCCESS) {
        err = make_descs(fault->tensors[0], fault->num[0], fault->device, true, &inputs, fn);
    }
    if (err == ACL_SUCCESS) {
        err = make_descs(fault->tensors[1], fault->num[1], fault->device, false, &outputs, fn);
    }
    if (err == ACL_SUCCESS) {
        memcpy(opName, fault->name, strlen(fault->name) + 1);
        *inputDesc = inputs;
        *numInputs = fault->num[0];
        *outputDesc = outputs;
        *numOutputs = fault->num[1];
    } else if (inputs != NULL) {
        aclDestroyTensorDesc(inputs);
    }
    pthread_mutex_unlock(&faults_lock);
    return err;
}
