/*
 * The model executor: how the emulator runs a model without knowing its format.
 *
 * The emulator itself stays free of any ML runtime. Whoever embeds it (the Python package,
 * with onnxruntime) registers a table of C function pointers with aclemuSetModelExecutor();
 * aclmdlLoad* hands the model bytes to `load`, aclmdlExecute* call `run`.
 *
 * Every function may be called from any thread (stream workers included), never with an
 * emulator lock held. Functions returning int32_t return an aclError (0 on success) and, on
 * failure, write a NUL-terminated explanation into msg[msg_len].
 *
 * Tensor shapes cross the boundary as `rank` arrays plus `dims` arrays holding
 * ACL_MAX_DIM_CNT int64 slots per tensor (tensor i uses dims[i * ACL_MAX_DIM_CNT ...]).
 */
#ifndef ACLEMU_MODEL_EXECUTOR_H
#define ACLEMU_MODEL_EXECUTOR_H

#include <stddef.h>
#include <stdint.h>

/* 2 added `nodes` and `node_tensors`; a table of ABI 1 ends after `unload` and is still accepted. */
#define ACLEMU_MODEL_EXECUTOR_ABI 2u

/* Receives one tensor of one node from `node_tensors` (node_index counts the graph's nodes from 0;
 * node_name may be "" for an unnamed node); dims and data are valid during the call only. */
typedef void (*aclemu_node_tensor_sink)(void *ctx, size_t node_index, const char *node_name, const char *op_type,
                                        int32_t is_output, size_t slot, int32_t dtype, size_t rank,
                                        const int64_t *dims, const void *data, size_t size);

typedef struct aclemu_model_executor {
    uint32_t abi_version; /* ACLEMU_MODEL_EXECUTOR_ABI */
    /* Parse a model. On success *token names it until unload, and the counts are set. */
    int32_t (*load)(const void *data, size_t size, uint64_t *token, size_t *num_inputs, size_t *num_outputs,
                    char *msg, size_t msg_len);
    /* Input (is_output 0) or output `index`: name, aclDataType, aclFormat, rank and dims
     * (-1 for a dimension the model leaves symbolic). */
    int32_t (*describe)(uint64_t token, int32_t is_output, size_t index, char *name, size_t name_len,
                        int32_t *dtype, int32_t *format, size_t *rank, int64_t *dims);
    /* Output shapes the model produces for the given concrete input shapes. */
    int32_t (*infer)(uint64_t token, const size_t *in_ranks, const int64_t *in_dims, size_t *out_ranks,
                     int64_t *out_dims, char *msg, size_t msg_len);
    /* Run once. Inputs hold exactly the bytes of their shapes; outputs give capacities and
     * receive the produced shapes (out_ranks/out_dims) and bytes. */
    int32_t (*run)(uint64_t token, void *const *in_data, const size_t *in_sizes, const size_t *in_ranks,
                   const int64_t *in_dims, void *const *out_data, const size_t *out_sizes, size_t *out_ranks,
                   int64_t *out_dims, char *msg, size_t msg_len);
    void (*unload)(uint64_t token);
    /* ABI 2, may be NULL: the names of the model's operator nodes, each NUL-terminated, one after
     * another, into buf[buf_len]; *needed gets the bytes the whole list takes (the call succeeds
     * with a short buf, which the caller then grows to *needed). */
    int32_t (*nodes)(uint64_t token, char *buf, size_t buf_len, size_t *needed);
    /* ABI 2, may be NULL: run once more on the inputs of a run (as `run` takes them) and hand every
     * node's input (want_inputs) and/or output (want_outputs) tensors to sink, node by node in graph
     * order (the data dump). When the run fails inside a node, the call fails and hands only that node's
 * tensors, if the executor can tell the node: its inputs with their values and its outputs with no data
 * (data NULL, size 0; dtype and shape as inferred, ACL_DT_UNDEFINED and [-2] when unknown). */
    int32_t (*node_tensors)(uint64_t token, void *const *in_data, const size_t *in_sizes, const size_t *in_ranks,
                            const int64_t *in_dims, int32_t want_inputs, int32_t want_outputs,
                            aclemu_node_tensor_sink sink, void *ctx, char *msg, size_t msg_len);
} aclemu_model_executor;

/* Exported. Copies *ops, as much of it as its ABI has (NULL clears the registration). Models already loaded keep the
 * executor they were loaded with. Returns ACL_ERROR_INVALID_PARAM for an unknown abi_version. */
int32_t aclemuSetModelExecutor(const aclemu_model_executor *ops);

#endif /* ACLEMU_MODEL_EXECUTOR_H */
