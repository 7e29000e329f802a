/* Shared between the model area files (model*.c): what a loaded model looks like. */
#ifndef ACLEMU_MODEL_INTERNAL_H
#define ACLEMU_MODEL_INTERNAL_H

#include "emu.h"
#include "model_executor.h"

#include "acl/acl_dump.h"

#include <pthread.h>
#include <stdatomic.h>

/* Handle kinds of this area that emu.h does not name. */
#define ACLEMU_KIND_MODEL_EXEC_CONFIG (ACLEMU_KIND_AREA_FREE + 16)

#define MODEL_MSG_LEN 512

typedef enum model_dynamic_kind {
    MODEL_STATIC = 0,
    MODEL_DYNAMIC_BATCH, /* every symbolic dim is dim 0 of its input */
    MODEL_DYNAMIC_HW,    /* one 4-D input, symbolic exactly in H and W */
    MODEL_DYNAMIC_DIMS   /* anything else: one gear value per symbolic dim */
} model_dynamic_kind;

typedef struct model_tensor_info {
    char name[ACL_MAX_TENSOR_NAME_LEN];
    aclDataType dtype;
    aclFormat format;
    size_t rank;
    int64_t dims[ACL_MAX_DIM_CNT];     /* -1 where the gear decides */
    int64_t max_dims[ACL_MAX_DIM_CNT]; /* dims at the gear giving this tensor its largest size */
    size_t max_size;                   /* bytes at that gear */
} model_tensor_info;

/* Immutable once built; shared by the model and every desc filled from it. */
typedef struct model_info {
    atomic_int refs;
    size_t num_inputs; /* counts the gear input of a dynamic model (always the last one) */
    size_t num_outputs;
    bool symbolic_outputs; /* some output shape is only known after a run */
    model_tensor_info *inputs;
    model_tensor_info *outputs;
    model_dynamic_kind kind;
    size_t num_symbolic; /* symbolic dims over all model inputs, in input then dim order */
    size_t *symbolic_input;
    size_t *symbolic_dim;
    size_t gear_len;  /* values per gear: 1 (batch), 2 (H, W) or num_symbolic */
    size_t num_gears;
    uint64_t *gears;  /* num_gears * gear_len */
    size_t num_nodes;         /* operator nodes the executor named (model_op_attr.c) */
    char **node_names;        /* num_nodes names */
    char **node_origin_attr;  /* each node's "_datadump_original_op_names" value */
} model_info;

/* A loaded model. `refs` counts the registry entry plus every execution in flight, so an
 * unload during an asynchronous execution frees it only when that execution is done. */
typedef struct emu_model {
    atomic_int refs;
    uint32_t id;
    aclemu_model_executor ops;
    uint64_t token;
    model_info *info;
    pthread_mutex_t cur_lock; /* guards cur_ranks/cur_dims */
    size_t *cur_ranks;        /* output shapes of the last execution (num_outputs) */
    int64_t *cur_dims;        /* num_outputs * ACL_MAX_DIM_CNT */
    bool has_run;
    int32_t device;               /* current device at load: dump files go under it */
    atomic_uint dump_iteration;   /* executions dumped so far */
    atomic_uint priority;         /* aclmdlSetAttribute: kept, no effect on scheduling */
} emu_model;

struct aclmdlDesc {
    uint32_t model_id;
    model_info *info; /* NULL until filled */
};

/* model_faults.c: on the failure path of a model's stream task, before it returns the error: note the failing
 * node (if the executor can tell it) for the exception report that follows (aclmdlCreateAndGetOpDesc). */
void model_fault_capture(const emu_model *model, void *const *in_data, const size_t *in_sizes,
                         const size_t *in_ranks, const int64_t *in_dims);

/* model_info.c */
/* Describe the model behind `token` through `ops`, choose its gears and sizes into *out.
 * The error is recorded (naming fn) on failure. */
aclError model_info_build(const aclemu_model_executor *ops, uint64_t token, size_t num_inputs,
                          size_t num_outputs, const char *fn, model_info **out);
model_info *model_info_ref(model_info *info);
void model_info_unref(model_info *info);
/* Bytes of a tensor of `dtype` and the given dims (0 when a dim is negative or the dtype has
 * no byte size); sets *overflow when the product does not fit. */
size_t model_tensor_bytes(aclDataType dtype, size_t rank, const int64_t *dims, bool *overflow);
/* Concrete shapes of the real inputs for gear `gear` (gear_len values): fills ranks/dims for
 * inputs 0..n-1 where n excludes the gear input. */
void model_info_shapes_for_gear(const model_info *info, const uint64_t *gear, size_t *ranks, int64_t *dims);
/* Index of the gear matching `values`, or -1. */
long model_info_find_gear(const model_info *info, const uint64_t *values);
/* Number of real (user data) inputs. */
size_t model_info_data_inputs(const model_info *info);

/* model_op_attr.c */
/* Ask the executor for the model's node names (nothing when it cannot tell); the error is recorded. */
aclError model_info_read_nodes(const aclemu_model_executor *ops, uint64_t token, model_info *info, const char *fn);
void model_info_free_nodes(model_info *info);
/* aclmdlGetOpAttr's answer from a filled desc's info: a value it keeps, or "" for none. */
const char *model_info_op_attr(const model_info *info, const char *opName, const char *attr);

/* model_om.c: offline (.om) model files (header layout in model_om.c) */
#define OM_MAX_PARTITIONS 16

typedef struct om_partition {
    uint32_t type; /* 0 model def, 1 weights, 2 task info, 3 TBE kernels, 4 custom AI CPU kernels */
    uint32_t offset;
    uint32_t size;
} om_partition;

typedef struct om_header {
    uint32_t header_size;
    uint32_t version;
    uint32_t length;
    bool encrypted;
    uint8_t model_type;
    char name[33];
    uint32_t ir_version;
    uint32_t model_count;
    char platform_version[21];
    uint8_t platform_type;
    size_t num_partitions;
    om_partition partitions[OM_MAX_PARTITIONS];
} om_header;

/* True when the bytes start with the offline model magic. */
bool model_om_is(const void *data, size_t size);
const char *model_om_partition_name(uint32_t type);
/* Parse the header and partition table; records the error naming fn when malformed. */
aclError model_om_parse(const void *data, size_t size, om_header *out, const char *fn);
/* The ONNX model standing in for the offline model `data` (read from `om_path`, NULL for a
 * model in memory): `x.onnx` beside it, else its entry in the ACL_EMU_MODEL_MAP file. The
 * bytes are malloc'd (caller frees); a one-time notice names the file used. */
aclError model_om_stand_in(const char *om_path, const void *data, size_t size, void **onnx, size_t *onnx_size,
                           const char *fn);

/* dump.c */
typedef int32_t (*dump_callback)(const acldumpChunk *, int32_t);
/* After a successful execution: write the tensors (the model's, then its nodes') and feed the dump
 * callback if a dump is set. The inputs are as the executor's `run` took them. */
void model_dump_execution(emu_model *model, int32_t device, void *const *in_data, const size_t *in_sizes,
                          const size_t *in_ranks, const int64_t *in_dims, size_t num_in, void *const *out_data,
                          const size_t *out_ranks, const int64_t *out_dims, size_t num_out);
/* Write one dump file at `path` and hand its bytes to cb (if any); false (diagnosed) if not written. */
bool model_dump_file(const char *path, const void *data, size_t size, dump_callback cb, int32_t flag);

/* dump_nodes.c */
/* The per-node part of a dump into the iteration directory `dir` (see dump_nodes.c). */
void model_dump_nodes(emu_model *model, const char *dir, bool inputs, bool outputs, dump_callback cb, int32_t flag,
                      void *const *in_data, const size_t *in_sizes, const size_t *in_ranks, const int64_t *in_dims);

/* model.c */
/* A zeroed object of `size` bytes registered as a handle of `kind`; NULL (error recorded) on failure. */
void *model_handle_new(size_t size, int kind, const char *fn);
/* Look a loaded model up and take a reference (release with emu_model_release). NULL and
 * ACL_ERROR_GE_EXEC_MODEL_ID_INVALID recorded, naming fn, when the id is unknown. */
emu_model *emu_model_acquire(uint32_t model_id, const char *fn);
void emu_model_release(emu_model *model);
/* Like emu_model_acquire but records nothing when the id is unknown. */
emu_model *emu_model_find(uint32_t model_id);
/* Read a whole file into memory as it is (caller frees). Records the error naming fn. */
aclError model_read_plain_file(const char *path, void **data, size_t *size, const char *fn);
/* Read a model file (caller frees): an offline model is replaced by its ONNX stand-in. */
aclError model_read_file(const char *path, void **data, size_t *size, const char *fn);
/* The checks of aclmdlLoadFromFile / aclmdlLoadFromMem (init, context, arguments), then the load. */
aclError model_load_file(const char *path, uint32_t *model_id, const char *fn);
aclError model_load_mem(const void *data, size_t size, uint32_t *model_id, const char *fn);
/* Load model bytes: the common part of every aclmdlLoad* variant. */
aclError model_load_bytes(const void *data, size_t size, uint32_t *model_id, const char *fn);
/* aclmdlQuerySizeFromMem without its argument checks: loads the bytes once to measure them. */
aclError model_query_sizes(const void *data, size_t size, size_t *work_size, size_t *weight_size, const char *fn);

#endif /* ACLEMU_MODEL_INTERNAL_H */
