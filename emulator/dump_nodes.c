/*
 * Per-node data dump: while a dump is set, a model execution that succeeded also has the executor
 * run the model once more with every node's tensors exposed (its `node_tensors` function), and each
 * node's inputs and/or outputs (the dump_mode) are written beside the model's own files:
 *
 *   <iteration dir>/nodes/<index>_<name>/input_<slot>.bin, output_<slot>.bin
 *   <iteration dir>/nodes.json
 *
 * <index> is the node's position in the graph (4 digits or more), <name> its name with every byte
 * outside [A-Za-z0-9._-] replaced by '_' (its op type when unnamed). nodes.json lists every file
 * written: [{"node": name, "op_type": type, "index": n, "kind": "input"|"output", "slot": n,
 * "data_type": aclDataType, "shape": [...], "file": path relative to the iteration dir}, ...].
 * Registered dump callbacks receive each file's bytes as for the model's own tensors. A node whose
 * tensors the executor cannot hand over is left out; the dump never fails an execution.
 */
#include "model_internal.h"
#include "output_files.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NODE_DIR_NAME_MAX 96u

typedef struct node_dump {
    const char *dir; /* the iteration's directory */
    FILE *index;     /* nodes.json */
    bool first;      /* no entry written to the index yet */
    size_t made_dir; /* 1 + the index of the node whose directory exists (0: none yet) */
    dump_callback cb;
    int32_t flag;
} node_dump;

static void directory_name(char *out, size_t out_len, size_t index, const char *name, const char *op_type)
{
    const char *base = name[0] != '\0' ? name : op_type[0] != '\0' ? op_type : "node";
    int n = snprintf(out, out_len, "%04zu_", index);
    size_t at = n > 0 ? (size_t)n : 0;
    for (const char *c = base; *c != '\0' && at + 1 < out_len && c - base < (ptrdiff_t)NODE_DIR_NAME_MAX; ++c) {
        bool keep = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
                    *c == '.' || *c == '_' || *c == '-';
        out[at++] = keep ? *c : '_';
    }
    out[at] = '\0';
}

static void index_entry(node_dump *d, const char *name, const char *op_type, size_t node_index, bool output,
                        size_t slot, int32_t dtype, size_t rank, const int64_t *dims, const char *file)
{
    fputs(d->first ? "\n" : ",\n", d->index);
    d->first = false;
    fputs(" {\"node\": ", d->index);
    aclemu_json_string(d->index, name);
    fputs(", \"op_type\": ", d->index);
    aclemu_json_string(d->index, op_type);
    fprintf(d->index, ", \"index\": %zu, \"kind\": \"%s\", \"slot\": %zu, \"data_type\": %d, \"shape\": [", node_index,
            output ? "output" : "input", slot, (int)dtype);
    for (size_t i = 0; i < rank; ++i) {
        fprintf(d->index, i == 0 ? "%lld" : ", %lld", (long long)dims[i]);
    }
    fputs("], \"file\": ", d->index);
    aclemu_json_string(d->index, file);
    fputc('}', d->index);
}

static void write_node_tensor(void *ctx, size_t node_index, const char *node_name, const char *op_type,
                              int32_t is_output, size_t slot, int32_t dtype, size_t rank, const int64_t *dims,
                              const void *data, size_t size)
{
    node_dump *d = ctx;
    char node_dir[NODE_DIR_NAME_MAX + 32];
    directory_name(node_dir, sizeof node_dir, node_index, node_name, op_type);
    char relative[sizeof node_dir + 64];
    snprintf(relative, sizeof relative, "nodes/%s/%s_%zu.bin", node_dir, is_output ? "output" : "input", slot);
    char path[ACL_DUMP_MAX_FILE_PATH_LENGTH + sizeof relative + 64];
    if (d->made_dir != node_index + 1) { /* a node's tensors come one after another */
        snprintf(path, sizeof path, "%s/nodes/%s", d->dir, node_dir);
        if (!aclemu_make_dirs(path, true)) {
            aclemu_diag("dump: cannot create %s: %s", path, strerror(errno));
            return;
        }
        d->made_dir = node_index + 1;
    }
    snprintf(path, sizeof path, "%s/%s", d->dir, relative);
    if (model_dump_file(path, data, size, d->cb, d->flag)) {
        index_entry(d, node_name, op_type, node_index, is_output != 0, slot, dtype, rank, dims, relative);
    }
}

void model_dump_nodes(emu_model *model, const char *dir, bool inputs, bool outputs, dump_callback cb, int32_t flag,
                      void *const *in_data, const size_t *in_sizes, const size_t *in_ranks, const int64_t *in_dims)
{
    if (model->ops.node_tensors == NULL) {
        return; /* an executor of ABI 1 cannot expose its nodes */
    }
    char path[ACL_DUMP_MAX_FILE_PATH_LENGTH + 64];
    snprintf(path, sizeof path, "%s/nodes.json", dir);
    node_dump d = {dir, fopen(path, "w"), true, 0, cb, flag};
    if (d.index == NULL) {
        aclemu_diag("dump: cannot write %s: %s", path, strerror(errno));
        return;
    }
    fputc('[', d.index);
    char msg[MODEL_MSG_LEN] = "";
    int32_t rc = model->ops.node_tensors(model->token, in_data, in_sizes, in_ranks, in_dims, inputs, outputs,
                                         write_node_tensor, &d, msg, sizeof msg);
    fputs(d.first ? "]\n" : "\n]\n", d.index);
    fclose(d.index);
    if (rc != ACL_SUCCESS) {
        msg[sizeof msg - 1] = '\0';
        aclemu_diag("dump: model %u: the executor could not hand over its node tensors (error %d): %s", model->id,
                    (int)rc, msg[0] != '\0' ? msg : "no message");
    }
}
