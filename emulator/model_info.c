/*
 * What a loaded model looks like to aclmdl*: its inputs and outputs as the executor describes
 * them, plus the "gears" of a model with symbolic dimensions.
 *
 * A device model compiled for dynamic shapes only accepts a fixed list of shapes (gears) and
 * gets one extra input, ACL_DYNAMIC_TENSOR_NAME, through which aclmdlSetDynamicBatchSize and
 * friends select the gear. An ONNX model only says "this dim is symbolic", so the emulator
 * picks the gears with this rule (environment variables override the defaults):
 *
 *  - every symbolic dim is dim 0 of its input: dynamic batch, gears ACL_EMU_MODEL_BATCH_GEARS
 *    (comma-separated, default "1,2,4,8");
 *  - exactly H and W of one 4-D input are symbolic: dynamic HW, gears ACL_EMU_MODEL_HW_GEARS
 *    ("HxW,HxW,...", default "224x224,448x448");
 *  - otherwise: dynamic dims, gears ACL_EMU_MODEL_DIMS_GEARS ("a,b;c,d": one value per symbolic
 *    dim, in input order), default every batch gear value repeated for each symbolic dim.
 *
 * Sizes by index are those of the gear giving the tensor its largest size, like the static
 * allocation a device model reports.
 */
#include "model_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_BATCH_GEARS "1,2,4,8"
#define DEFAULT_HW_GEARS "224x224,448x448"
#define MAX_GEARS 128

size_t model_tensor_bytes(aclDataType dtype, size_t rank, const int64_t *dims, bool *overflow)
{
    size_t bytes = aclemu_dtype_size(dtype);
    for (size_t d = 0; d < rank; ++d) {
        if (dims[d] < 0) {
            return 0;
        }
        if (dims[d] != 0 && bytes > SIZE_MAX / (size_t)dims[d]) {
            if (overflow != NULL) {
                *overflow = true;
            }
            return 0;
        }
        bytes *= (size_t)dims[d];
    }
    return bytes;
}

size_t model_info_data_inputs(const model_info *info)
{
    return info->kind == MODEL_STATIC ? info->num_inputs : info->num_inputs - 1;
}

model_info *model_info_ref(model_info *info)
{
    if (info != NULL) {
        atomic_fetch_add(&info->refs, 1);
    }
    return info;
}

void model_info_unref(model_info *info)
{
    if (info == NULL || atomic_fetch_sub(&info->refs, 1) != 1) {
        return;
    }
    free(info->inputs);
    free(info->outputs);
    free(info->symbolic_input);
    free(info->symbolic_dim);
    free(info->gears);
    model_info_free_nodes(info);
    free(info);
}

/* ------------------------------------------------------------------ gear lists */

/* Parse up to `max_values` unsigned values separated by any of `separators`; 0 on error. */
static size_t parse_values(const char *text, const char *separators, uint64_t *values, size_t max_values)
{
    size_t count = 0;
    const char *p = text;
    while (*p != '\0') {
        char *end = NULL;
        errno = 0;
        unsigned long long v = strtoull(p, &end, 10);
        if (end == p || errno != 0 || v == 0 || count == max_values) {
            return 0;
        }
        values[count++] = v;
        p = end;
        if (*p == '\0') {
            break;
        }
        if (strchr(separators, *p) == NULL) {
            return 0;
        }
        ++p;
    }
    return count;
}

static size_t batch_gears(uint64_t *values)
{
    const char *text = getenv("ACL_EMU_MODEL_BATCH_GEARS");
    if (text != NULL && *text != '\0') {
        size_t n = parse_values(text, ",", values, MAX_GEARS);
        if (n > 0) {
            return n;
        }
        aclemu_diag("ACL_EMU_MODEL_BATCH_GEARS=%s is not a comma-separated list of positive integers; "
                    "using " DEFAULT_BATCH_GEARS, text);
    }
    return parse_values(DEFAULT_BATCH_GEARS, ",", values, MAX_GEARS);
}

/* HxW pairs: values holds h0, w0, h1, w1, ... Returns the number of pairs. */
static size_t hw_gears(uint64_t *values)
{
    const char *text = getenv("ACL_EMU_MODEL_HW_GEARS");
    if (text != NULL && *text != '\0') {
        size_t n = parse_values(text, ",xX", values, 2 * MAX_GEARS);
        if (n > 0 && n % 2 == 0) {
            return n / 2;
        }
        aclemu_diag("ACL_EMU_MODEL_HW_GEARS=%s is not a list like 224x224,448x448; using " DEFAULT_HW_GEARS,
                    text);
    }
    return parse_values(DEFAULT_HW_GEARS, ",xX", values, 2 * MAX_GEARS) / 2;
}

/* Gears of `width` values each into `values` (room for MAX_GEARS gears); returns the count. */
static size_t dims_gears(size_t width, uint64_t *values)
{
    const char *text = getenv("ACL_EMU_MODEL_DIMS_GEARS");
    if (text != NULL && *text != '\0') {
        size_t n = parse_values(text, ",;", values, width * MAX_GEARS);
        if (n > 0 && n % width == 0) {
            return n / width;
        }
        aclemu_diag("ACL_EMU_MODEL_DIMS_GEARS=%s does not hold %zu values per gear; using the batch gears",
                    text, width);
    }
    uint64_t batch[MAX_GEARS];
    size_t n = batch_gears(batch);
    for (size_t g = 0; g < n; ++g) {
        for (size_t k = 0; k < width; ++k) {
            values[g * width + k] = batch[g];
        }
    }
    return n;
}

/* -------------------------------------------------------------- shapes per gear */

void model_info_shapes_for_gear(const model_info *info, const uint64_t *gear, size_t *ranks, int64_t *dims)
{
    size_t n = model_info_data_inputs(info);
    for (size_t i = 0; i < n; ++i) {
        ranks[i] = info->inputs[i].rank;
        memcpy(&dims[i * ACL_MAX_DIM_CNT], info->inputs[i].dims, sizeof(int64_t) * info->inputs[i].rank);
    }
    for (size_t k = 0; k < info->num_symbolic; ++k) {
        uint64_t value = info->kind == MODEL_DYNAMIC_BATCH ? gear[0] : gear[k];
        dims[info->symbolic_input[k] * ACL_MAX_DIM_CNT + info->symbolic_dim[k]] = (int64_t)value;
    }
}

long model_info_find_gear(const model_info *info, const uint64_t *values)
{
    for (size_t g = 0; g < info->num_gears; ++g) {
        if (memcmp(&info->gears[g * info->gear_len], values, sizeof(uint64_t) * info->gear_len) == 0) {
            return (long)g;
        }
    }
    return -1;
}

/* ------------------------------------------------------------------------ build */

static aclError describe_all(const aclemu_model_executor *ops, uint64_t token, bool outputs,
                             model_tensor_info *tensors, size_t count, const char *fn)
{
    for (size_t i = 0; i < count; ++i) {
        model_tensor_info *t = &tensors[i];
        int32_t dtype = ACL_DT_UNDEFINED;
        int32_t format = ACL_FORMAT_UNDEFINED;
        int32_t err = ops->describe(token, outputs ? 1 : 0, i, t->name, sizeof t->name, &dtype, &format,
                                    &t->rank, t->dims);
        t->name[sizeof t->name - 1] = '\0';
        if (err != ACL_SUCCESS || t->rank > ACL_MAX_DIM_CNT) {
            return aclemu_set_error(err != ACL_SUCCESS ? (aclError)err : (aclError)ACL_ERROR_GE_PARAM_INVALID,
                                    "%s: the model executor could not describe %s %zu", fn,
                                    outputs ? "output" : "input", i);
        }
        t->dtype = (aclDataType)dtype;
        t->format = (aclFormat)format;
        if (aclemu_dtype_size(t->dtype) == 0) {
            return aclemu_set_error(ACL_ERROR_GE_DATATYPE_INVALID,
                                    "%s: %s '%s' has a data type (%d) the emulator cannot size", fn,
                                    outputs ? "output" : "input", t->name, dtype);
        }
    }
    return ACL_SUCCESS;
}

static void classify(model_info *info)
{
    bool all_dim0 = true;
    for (size_t k = 0; k < info->num_symbolic; ++k) {
        all_dim0 = all_dim0 && info->symbolic_dim[k] == 0;
    }
    if (info->num_symbolic == 0) {
        info->kind = MODEL_STATIC;
    } else if (all_dim0) {
        info->kind = MODEL_DYNAMIC_BATCH;
    } else if (info->num_symbolic == 2 && info->symbolic_input[0] == info->symbolic_input[1] &&
               info->inputs[info->symbolic_input[0]].rank == 4 &&
               ((info->symbolic_dim[0] == 2 && info->symbolic_dim[1] == 3) ||
                (info->symbolic_dim[0] == 1 && info->symbolic_dim[1] == 2))) {
        info->kind = MODEL_DYNAMIC_HW;
    } else {
        info->kind = MODEL_DYNAMIC_DIMS;
    }
}

static aclError choose_gears(model_info *info, const char *fn)
{
    uint64_t *values = malloc(sizeof(uint64_t) * MAX_GEARS * (info->num_symbolic + 2));
    if (values == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    switch (info->kind) {
    case MODEL_DYNAMIC_BATCH:
        info->gear_len = 1;
        info->num_gears = batch_gears(values);
        break;
    case MODEL_DYNAMIC_HW:
        info->gear_len = 2;
        info->num_gears = hw_gears(values);
        break;
    default:
        info->gear_len = info->num_symbolic;
        info->num_gears = dims_gears(info->num_symbolic, values);
        break;
    }
    info->gears = values;
    return ACL_SUCCESS;
}

/* The control input through which the gear is chosen (a device model's extra input). */
static void add_gear_input(model_info *info)
{
    model_tensor_info *t = &info->inputs[info->num_inputs - 1];
    memset(t, 0, sizeof *t);
    snprintf(t->name, sizeof t->name, "%s", ACL_DYNAMIC_TENSOR_NAME);
    t->dtype = ACL_INT64;
    t->format = ACL_FORMAT_ND;
    t->rank = 1;
    t->dims[0] = (int64_t)info->gear_len;
    t->max_dims[0] = t->dims[0];
    t->max_size = sizeof(uint64_t) * info->gear_len;
}

static void keep_if_larger(model_tensor_info *t, size_t rank, const int64_t *dims)
{
    bool overflow = false;
    size_t bytes = model_tensor_bytes(t->dtype, rank, dims, &overflow);
    if (!overflow && (bytes > t->max_size || t->max_size == 0)) {
        t->max_size = bytes;
        t->rank = rank;
        memcpy(t->max_dims, dims, sizeof(int64_t) * rank);
    }
}

/* Sizes at every gear: inputs from the gear values, outputs from the executor's inference. */
static aclError size_tensors(const aclemu_model_executor *ops, uint64_t token, model_info *info, const char *fn)
{
    size_t data_inputs = model_info_data_inputs(info);
    bool outputs_static = true;
    for (size_t o = 0; o < info->num_outputs; ++o) {
        model_tensor_info *t = &info->outputs[o];
        for (size_t d = 0; d < t->rank; ++d) {
            outputs_static = outputs_static && t->dims[d] >= 0;
        }
    }
    info->symbolic_outputs = !outputs_static;
    size_t gears = info->kind == MODEL_STATIC ? 1 : info->num_gears;
    size_t *in_ranks = calloc(data_inputs + 1, sizeof(size_t));
    int64_t *in_dims = calloc((data_inputs + 1) * ACL_MAX_DIM_CNT, sizeof(int64_t));
    size_t *out_ranks = calloc(info->num_outputs + 1, sizeof(size_t));
    int64_t *out_dims = calloc((info->num_outputs + 1) * ACL_MAX_DIM_CNT, sizeof(int64_t));
    aclError err = ACL_SUCCESS;
    if (in_ranks == NULL || in_dims == NULL || out_ranks == NULL || out_dims == NULL) {
        err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    for (size_t g = 0; g < gears && err == ACL_SUCCESS; ++g) {
        model_info_shapes_for_gear(info, info->kind == MODEL_STATIC ? NULL : &info->gears[g * info->gear_len],
                                   in_ranks, in_dims);
        for (size_t i = 0; i < data_inputs; ++i) {
            keep_if_larger(&info->inputs[i], in_ranks[i], &in_dims[i * ACL_MAX_DIM_CNT]);
        }
        if (outputs_static) {
            continue;
        }
        char msg[MODEL_MSG_LEN] = "";
        int32_t rc = ops->infer(token, in_ranks, in_dims, out_ranks, out_dims, msg, sizeof msg);
        if (rc != ACL_SUCCESS) {
            err = aclemu_set_error(rc, "%s: cannot infer the output shapes of the model: %s", fn, msg);
            break;
        }
        for (size_t o = 0; o < info->num_outputs; ++o) {
            keep_if_larger(&info->outputs[o], out_ranks[o], &out_dims[o * ACL_MAX_DIM_CNT]);
        }
    }
    if (outputs_static) {
        for (size_t o = 0; o < info->num_outputs; ++o) {
            keep_if_larger(&info->outputs[o], info->outputs[o].rank, info->outputs[o].dims);
        }
    }
    free(in_ranks);
    free(in_dims);
    free(out_ranks);
    free(out_dims);
    return err;
}

aclError model_info_build(const aclemu_model_executor *ops, uint64_t token, size_t num_inputs,
                          size_t num_outputs, const char *fn, model_info **out)
{
    *out = NULL;
    model_info *info = calloc(1, sizeof *info);
    if (info == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    atomic_init(&info->refs, 1);
    info->inputs = calloc(num_inputs + 1, sizeof(model_tensor_info));
    info->outputs = calloc(num_outputs + 1, sizeof(model_tensor_info));
    info->symbolic_input = calloc(num_inputs * ACL_MAX_DIM_CNT + 1, sizeof(size_t));
    info->symbolic_dim = calloc(num_inputs * ACL_MAX_DIM_CNT + 1, sizeof(size_t));
    aclError err = ACL_SUCCESS;
    if (info->inputs == NULL || info->outputs == NULL || info->symbolic_input == NULL ||
        info->symbolic_dim == NULL) {
        err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    info->num_inputs = num_inputs;
    info->num_outputs = num_outputs;
    if (err == ACL_SUCCESS) {
        err = describe_all(ops, token, false, info->inputs, num_inputs, fn);
    }
    if (err == ACL_SUCCESS) {
        err = describe_all(ops, token, true, info->outputs, num_outputs, fn);
    }
    if (err != ACL_SUCCESS) {
        model_info_unref(info);
        return err;
    }
    for (size_t i = 0; i < num_inputs; ++i) {
        for (size_t d = 0; d < info->inputs[i].rank; ++d) {
            if (info->inputs[i].dims[d] < 0) {
                info->symbolic_input[info->num_symbolic] = i;
                info->symbolic_dim[info->num_symbolic] = d;
                info->num_symbolic++;
            }
        }
    }
    classify(info);
    if (info->kind != MODEL_STATIC) {
        err = choose_gears(info, fn);
        if (err == ACL_SUCCESS) {
            info->num_inputs = num_inputs + 1;
            add_gear_input(info);
        }
    }
    if (err == ACL_SUCCESS) {
        err = size_tensors(ops, token, info, fn);
    }
    if (err == ACL_SUCCESS) {
        err = model_info_read_nodes(ops, token, info, fn);
    }
    if (err != ACL_SUCCESS) {
        model_info_unref(info);
        return err;
    }
    *out = info;
    return ACL_SUCCESS;
}
