/*
 * Single-op graph dumps: aclCreateGraphDumpOpt, aclDestroyGraphDumpOpt, aclGenGraphAndDumpForOp.
 *
 * aclGenGraphAndDumpForOp checks the op as aclopCompile does (the op type must have a kernel, the
 * descs and attributes must fit it; same error codes), then writes the one-op graph it would run
 * as JSON, in our own layout (the runtime's is the graph engine's protobuf text):
 *
 *   {"graph": "<opType>_graph", "op_type": ..., "engine": "sys"|"aicore"|"vector",
 *    "nodes": [
 *      {"name": "input_<i>", "type": "Data", "index": i, "output_desc": [DESC]},        per input
 *      {"name": "<opType>_0", "type": opType, "inputs": ["input_<i>:0", ...],
 *       "attrs": {name: value, ...}, "input_desc": [DESC, ...], "output_desc": [DESC, ...]},
 *      {"name": "NetOutput", "type": "NetOutput", "inputs": ["<opType>_0:<j>", ...]}]}
 *
 *   DESC = {"data_type": aclDataType, "format": aclFormat, "shape": [dims], "buffer_size": bytes of the
 *           data buffer given for it, or null when none was given}
 *
 * Attribute values keep their kind: bools as true/false, ints and data types as numbers, floats
 * as numbers (non-finite ones as the strings "inf", "-inf", "nan"), strings as strings, lists as
 * arrays. graphDumpPath names the file, or a directory (an existing one, or a path ending in '/')
 * where the file is "<opType>_graph.json"; missing parent directories are created. A graph dump
 * option has no settings on this release of the headers: NULL and a live option both mean the
 * defaults.
 */
#include "op_internal.h"
#include "output_files.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define GRAPH_DUMP_OPT_KIND (ACLEMU_KIND_AREA_FREE + 360)

struct aclGraphDumpOption {
    int unused; /* no settings exist yet */
};

aclGraphDumpOption *aclCreateGraphDumpOpt(void)
{
    aclGraphDumpOption *opt = calloc(1, sizeof *opt);
    if (opt == NULL) {
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "aclCreateGraphDumpOpt: out of memory");
        return NULL;
    }
    if (aclemu_handle_add(opt, GRAPH_DUMP_OPT_KIND) != ACL_SUCCESS) {
        free(opt);
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "aclCreateGraphDumpOpt: out of memory");
        return NULL;
    }
    return opt;
}

aclError aclDestroyGraphDumpOpt(const aclGraphDumpOption *graphDumpOpt)
{
    if (!aclemu_handle_remove(graphDumpOpt, GRAPH_DUMP_OPT_KIND)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclDestroyGraphDumpOpt: %p is not a live graph dump option",
                                (const void *)graphDumpOpt);
    }
    free((void *)graphDumpOpt);
    return ACL_SUCCESS;
}

static void json_float(FILE *out, float value)
{
    if (isnan(value)) {
        fputs("\"nan\"", out);
    } else if (isinf(value)) {
        fputs(value > 0 ? "\"inf\"" : "\"-inf\"", out);
    } else {
        fprintf(out, "%.9g", (double)value);
    }
}

static void json_desc(FILE *out, const aclTensorDesc *desc, const aclDataBuffer *buffer)
{
    fprintf(out, "{\"data_type\": %d, \"format\": %d, \"shape\": [", (int)desc->type, (int)desc->format);
    if (desc->unknown_rank) {
        fputs("-2", out);
    }
    for (size_t d = 0; !desc->unknown_rank && d < desc->num_dims; ++d) {
        fprintf(out, "%s%lld", d ? ", " : "", (long long)desc->dims[d]);
    }
    fputs("], \"buffer_size\": ", out);
    if (buffer != NULL) {
        fprintf(out, "%zu}", buffer->size);
    } else {
        fputs("null}", out);
    }
}

static void json_attr(FILE *out, const opk_attr_value *v)
{
    switch (v->kind) {
    case OPK_ATTR_BOOL:
        fputs(v->int_value ? "true" : "false", out);
        return;
    case OPK_ATTR_INT:
    case OPK_ATTR_DTYPE:
        fprintf(out, "%lld", (long long)v->int_value);
        return;
    case OPK_ATTR_FLOAT:
        json_float(out, v->float_value);
        return;
    case OPK_ATTR_STRING:
        aclemu_json_string(out, v->string_value);
        return;
    default:
        break;
    }
    fputc('[', out);
    size_t flat = 0;
    for (size_t i = 0; i < v->count; ++i) {
        fputs(i ? ", " : "", out);
        switch (v->kind) {
        case OPK_ATTR_LIST_BOOL:
            fputs(v->ints[i] ? "true" : "false", out);
            break;
        case OPK_ATTR_LIST_FLOAT:
            json_float(out, v->floats[i]);
            break;
        case OPK_ATTR_LIST_STRING:
            aclemu_json_string(out, v->strings[i]);
            break;
        case OPK_ATTR_LIST_LIST_INT:
            fputc('[', out);
            for (int k = 0; k < v->list_lengths[i]; ++k) {
                fprintf(out, "%s%lld", k ? ", " : "", (long long)v->ints[flat++]);
            }
            fputc(']', out);
            break;
        default: /* LIST_INT, LIST_DTYPE */
            fprintf(out, "%lld", (long long)v->ints[i]);
            break;
        }
    }
    fputc(']', out);
}

static const char *engine_name(aclopEngineType engine)
{
    return engine == ACL_ENGINE_AICORE ? "aicore" : engine == ACL_ENGINE_VECTOR ? "vector" : "sys";
}

static void write_graph(FILE *out, const char *opType, int numInputs, const aclTensorDesc *const inputDesc[],
                        const aclDataBuffer *const inputs[], int numOutputs, const aclTensorDesc *const outputDesc[],
                        aclDataBuffer *const outputs[], const aclopAttr *attr, aclopEngineType engineType)
{
    fputs("{\"graph\": ", out);
    char graph[300];
    snprintf(graph, sizeof graph, "%s_graph", opType);
    aclemu_json_string(out, graph);
    fputs(", \"op_type\": ", out);
    aclemu_json_string(out, opType);
    fprintf(out, ", \"engine\": \"%s\",\n \"nodes\": [\n", engine_name(engineType));
    for (int i = 0; i < numInputs; ++i) {
        fprintf(out, "  {\"name\": \"input_%d\", \"type\": \"Data\", \"index\": %d, \"output_desc\": [", i, i);
        json_desc(out, inputDesc[i], inputs != NULL ? inputs[i] : NULL);
        fputs("]},\n", out);
    }
    char node[300];
    snprintf(node, sizeof node, "%s_0", opType);
    fputs("  {\"name\": ", out);
    aclemu_json_string(out, node);
    fputs(", \"type\": ", out);
    aclemu_json_string(out, opType);
    fputs(", \"inputs\": [", out);
    for (int i = 0; i < numInputs; ++i) {
        fprintf(out, "%s\"input_%d:0\"", i ? ", " : "", i);
    }
    fputs("], \"attrs\": {", out);
    for (size_t a = 0; attr != NULL && a < attr->count; ++a) {
        fputs(a ? ", " : "", out);
        aclemu_json_string(out, attr->values[a].name);
        fputs(": ", out);
        json_attr(out, &attr->values[a]);
    }
    fputs("}, \"input_desc\": [", out);
    for (int i = 0; i < numInputs; ++i) {
        fputs(i ? ", " : "", out);
        json_desc(out, inputDesc[i], inputs != NULL ? inputs[i] : NULL);
    }
    fputs("], \"output_desc\": [", out);
    for (int j = 0; j < numOutputs; ++j) {
        fputs(j ? ", " : "", out);
        json_desc(out, outputDesc[j], outputs != NULL ? outputs[j] : NULL);
    }
    fputs("]},\n  {\"name\": \"NetOutput\", \"type\": \"NetOutput\", \"inputs\": [", out);
    for (int j = 0; j < numOutputs; ++j) {
        fputs(j ? ", " : "", out);
        char edge[320];
        snprintf(edge, sizeof edge, "%s:%d", node, j);
        aclemu_json_string(out, edge);
    }
    fputs("]}\n ]}\n", out);
}

static aclError check_buffers(const char *fn, const char *what, int count, const aclDataBuffer *const buffers[])
{
    for (int i = 0; buffers != NULL && i < count; ++i) {
        if (buffers[i] != NULL && !aclemu_handle_is(buffers[i], ACLEMU_KIND_DATA_BUFFER)) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s[%d] is not a live aclDataBuffer", fn, what, i);
        }
    }
    return ACL_SUCCESS;
}

/* The four caller arrays hold their counts of pointers (a tracked allocation must be long enough). */
static aclError check_arrays(const char *fn, int numInputs, const aclTensorDesc *const inputDesc[],
                             const aclDataBuffer *const inputs[], int numOutputs, const aclTensorDesc *const outputDesc[],
                             aclDataBuffer *const outputs[])
{
    size_t in = numInputs > 0 ? (size_t)numInputs * sizeof(void *) : 0;
    size_t out = numOutputs > 0 ? (size_t)numOutputs * sizeof(void *) : 0;
    aclError err = in > 0 ? aclemu_mem_check(inputDesc, in, false, fn, "inputDesc") : ACL_SUCCESS;
    if (err == ACL_SUCCESS && in > 0 && inputs != NULL) {
        err = aclemu_mem_check(inputs, in, false, fn, "inputs");
    }
    if (err == ACL_SUCCESS && out > 0) {
        err = aclemu_mem_check(outputDesc, out, false, fn, "outputDesc");
    }
    if (err == ACL_SUCCESS && out > 0 && outputs != NULL) {
        err = aclemu_mem_check(outputs, out, false, fn, "outputs");
    }
    return err;
}

aclError aclGenGraphAndDumpForOp(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[],
                                 const aclDataBuffer *const inputs[], int numOutputs,
                                 const aclTensorDesc *const outputDesc[], aclDataBuffer *const outputs[],
                                 const aclopAttr *attr, aclopEngineType engineType, const char *graphDumpPath,
                                 const aclGraphDumpOption *graphDumpOpt)
{
    static const char fn[] = "aclGenGraphAndDumpForOp";
    if (graphDumpPath == NULL || graphDumpPath[0] == '\0') {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: graphDumpPath is NULL or empty", fn);
    }
    if (graphDumpOpt != NULL && !aclemu_handle_is(graphDumpOpt, GRAPH_DUMP_OPT_KIND)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: graphDumpOpt is not a live graph dump option", fn);
    }
    const opk_kernel *kernel = NULL;
    aclError err = aclemu_require_init(fn);
    if (err == ACL_SUCCESS) {
        err = op_check_engine(fn, engineType, ACL_COMPILE_SYS);
    }
    if (err == ACL_SUCCESS) {
        err = check_arrays(fn, numInputs, inputDesc, inputs, numOutputs, outputDesc, outputs);
    }
    if (err == ACL_SUCCESS) {
        err = op_check_descs(fn, opType, numInputs, inputDesc, numOutputs, outputDesc, attr, &kernel, NULL);
    }
    if (err == ACL_SUCCESS) {
        err = check_buffers(fn, "inputs", numInputs, inputs);
    }
    if (err == ACL_SUCCESS) {
        err = check_buffers(fn, "outputs", numOutputs, (const aclDataBuffer *const *)outputs);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    size_t len = strlen(graphDumpPath);
    struct stat info;
    bool is_dir = graphDumpPath[len - 1] == '/' || (stat(graphDumpPath, &info) == 0 && S_ISDIR(info.st_mode));
    char *path = malloc(len + strlen(opType) + 16);
    if (path == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    if (is_dir) {
        sprintf(path, "%s%s%s_graph.json", graphDumpPath, graphDumpPath[len - 1] == '/' ? "" : "/", opType);
    } else {
        strcpy(path, graphDumpPath);
    }
    FILE *out = aclemu_make_dirs(path, false) ? fopen(path, "w") : NULL;
    if (out == NULL) {
        err = aclemu_set_error(ACL_ERROR_WRITE_FILE, "%s: cannot write '%s': %s", fn, path, strerror(errno));
        free(path);
        return err;
    }
    write_graph(out, opType, numInputs, inputDesc, inputs, numOutputs, outputDesc, outputs, attr, engineType);
    if (fclose(out) != 0) {
        err = aclemu_set_error(ACL_ERROR_WRITE_FILE, "%s: cannot write '%s': %s", fn, path, strerror(errno));
    }
    free(path);
    return err;
}
