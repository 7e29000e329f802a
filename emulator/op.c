/*
 * Single-operator API (acl_op.h, acl_op_compiler.h): attributes, execution on a stream,
 * operator handles, Cast, shape inference and the accepted-but-inert compile/model settings.
 *
 * An execution is checked completely when it is submitted (kernel, counts, data types,
 * shapes, buffer sizes) so that mistakes come back as the call's return code; the checked
 * call (tensor descriptions, constant data and attributes copied, buffer addresses taken)
 * then runs on the stream's worker thread.
 */
#include "emu.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl_op_compiler.h"
#include "op_kernels.h"

/* ================================================================ attributes */

static void attr_value_clear(opk_attr_value *v)
{
    free(v->name);
    free(v->string_value);
    free(v->ints);
    free(v->floats);
    free(v->list_lengths);
    if (v->strings != NULL) {
        for (size_t i = 0; i < v->count; i++) {
            free(v->strings[i]);
        }
        free(v->strings);
    }
    memset(v, 0, sizeof(*v));
}

void opk_attr_free(aclopAttr *attr)
{
    if (attr == NULL) {
        return;
    }
    for (size_t i = 0; i < attr->count; i++) {
        attr_value_clear(&attr->values[i]);
    }
    free(attr->values);
    free(attr);
}

static char *dup_string(const char *s)
{
    size_t len = strlen(s) + 1;
    char *copy = malloc(len);
    if (copy != NULL) {
        memcpy(copy, s, len);
    }
    return copy;
}

static void *dup_bytes(const void *src, size_t len)
{
    void *copy = malloc(len ? len : 1);
    if (copy != NULL && len) {
        memcpy(copy, src, len);
    }
    return copy;
}

/* total items of a LIST_LIST_INT value */
static size_t nested_total(const opk_attr_value *v)
{
    size_t total = 0;
    for (size_t i = 0; i < v->count; i++) {
        total += (size_t)v->list_lengths[i];
    }
    return total;
}

static bool attr_value_copy(opk_attr_value *dst, const opk_attr_value *src)
{
    *dst = *src;
    dst->name = NULL;
    dst->string_value = NULL;
    dst->ints = NULL;
    dst->floats = NULL;
    dst->strings = NULL;
    dst->list_lengths = NULL;
    size_t ints = src->kind == OPK_ATTR_LIST_LIST_INT ? nested_total(src) : src->count;
    bool ok = (dst->name = dup_string(src->name)) != NULL;
    if (ok && src->string_value != NULL) {
        ok = (dst->string_value = dup_string(src->string_value)) != NULL;
    }
    if (ok && src->ints != NULL) {
        ok = (dst->ints = dup_bytes(src->ints, ints * sizeof(int64_t))) != NULL;
    }
    if (ok && src->floats != NULL) {
        ok = (dst->floats = dup_bytes(src->floats, src->count * sizeof(float))) != NULL;
    }
    if (ok && src->list_lengths != NULL) {
        ok = (dst->list_lengths = dup_bytes(src->list_lengths, src->count * sizeof(int))) != NULL;
    }
    if (ok && src->strings != NULL) {
        ok = (dst->strings = calloc(src->count ? src->count : 1, sizeof(char *))) != NULL;
        for (size_t i = 0; ok && i < src->count; i++) {
            ok = (dst->strings[i] = dup_string(src->strings[i])) != NULL;
        }
    }
    if (!ok) {
        attr_value_clear(dst);
    }
    return ok;
}

aclopAttr *opk_attr_clone(const aclopAttr *src)
{
    aclopAttr *copy = calloc(1, sizeof(*copy));
    if (copy == NULL || src == NULL || src->count == 0) {
        return copy;
    }
    copy->values = calloc(src->count, sizeof(opk_attr_value));
    if (copy->values == NULL) {
        free(copy);
        return NULL;
    }
    copy->capacity = src->count;
    for (size_t i = 0; i < src->count; i++) {
        if (!attr_value_copy(&copy->values[i], &src->values[i])) {
            opk_attr_free(copy);
            return NULL;
        }
        copy->count++;
    }
    return copy;
}

aclopAttr *aclopCreateAttr(void)
{
    aclopAttr *attr = calloc(1, sizeof(*attr));
    if (attr == NULL) {
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "aclopCreateAttr: out of host memory");
        return NULL;
    }
    if (aclemu_handle_add(attr, ACLEMU_KIND_OP_ATTR) != ACL_SUCCESS) {
        free(attr);
        return NULL;
    }
    return attr;
}

void aclopDestroyAttr(const aclopAttr *attr)
{
    if (attr == NULL) {
        return;
    }
    if (!aclemu_handle_remove(attr, ACLEMU_KIND_OP_ATTR)) {
        if (aclemu_strict()) {
            aclemu_diag("aclopDestroyAttr: %p is not a live aclopAttr", (const void *)attr);
        }
        return;
    }
    opk_attr_free((aclopAttr *)attr);
}

/* Validate the common arguments of aclopSetAttr* and return a slot for `name` (an existing value
 * of that name is cleared and reused, as setting an attribute twice replaces it). */
static aclError attr_slot(const char *api, aclopAttr *attr, const char *name, opk_attr_value **slot)
{
    if (attr == NULL || name == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", api, attr == NULL ? "attr" : "attrName");
    }
    if (!aclemu_handle_is(attr, ACLEMU_KIND_OP_ATTR)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: attr is not a live aclopAttr", api);
    }
    char *name_copy = dup_string(name);
    if (name_copy == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", api);
    }
    for (size_t i = 0; i < attr->count; i++) {
        if (strcmp(attr->values[i].name, name) == 0) {
            attr_value_clear(&attr->values[i]);
            attr->values[i].name = name_copy;
            *slot = &attr->values[i];
            return ACL_SUCCESS;
        }
    }
    if (attr->count == attr->capacity) {
        size_t cap = attr->capacity ? attr->capacity * 2 : 8;
        opk_attr_value *grown = realloc(attr->values, cap * sizeof(opk_attr_value));
        if (grown == NULL) {
            free(name_copy);
            return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", api);
        }
        attr->values = grown;
        attr->capacity = cap;
    }
    *slot = &attr->values[attr->count++];
    memset(*slot, 0, sizeof(**slot));
    (*slot)->name = name_copy;
    return ACL_SUCCESS;
}

/* A slot that could not be filled is removed again so no half-set value stays behind. */
static aclError attr_drop(const char *api, aclopAttr *attr, opk_attr_value *slot)
{
    attr_value_clear(slot);
    size_t index = (size_t)(slot - attr->values);
    memmove(slot, slot + 1, (attr->count - index - 1) * sizeof(*slot));
    attr->count--;
    return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", api);
}

static aclError set_scalar(const char *api, aclopAttr *attr, const char *name, opk_attr_kind kind, int64_t i,
                           float f)
{
    opk_attr_value *slot;
    aclError err = attr_slot(api, attr, name, &slot);
    if (err != ACL_SUCCESS) {
        return err;
    }
    slot->kind = kind;
    slot->int_value = i;
    slot->float_value = f;
    return ACL_SUCCESS;
}

aclError aclopSetAttrBool(aclopAttr *attr, const char *attrName, uint8_t attrValue)
{
    return set_scalar("aclopSetAttrBool", attr, attrName, OPK_ATTR_BOOL, attrValue != 0, 0.0f);
}

aclError aclopSetAttrInt(aclopAttr *attr, const char *attrName, int64_t attrValue)
{
    return set_scalar("aclopSetAttrInt", attr, attrName, OPK_ATTR_INT, attrValue, 0.0f);
}

aclError aclopSetAttrFloat(aclopAttr *attr, const char *attrName, float attrValue)
{
    return set_scalar("aclopSetAttrFloat", attr, attrName, OPK_ATTR_FLOAT, 0, attrValue);
}

aclError aclopSetAttrDataType(aclopAttr *attr, const char *attrName, aclDataType attrValue)
{
    return set_scalar("aclopSetAttrDataType", attr, attrName, OPK_ATTR_DTYPE, attrValue, 0.0f);
}

aclError aclopSetAttrString(aclopAttr *attr, const char *attrName, const char *attrValue)
{
    const char *api = "aclopSetAttrString";
    if (attrValue == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: attrValue is NULL", api);
    }
    opk_attr_value *slot;
    aclError err = attr_slot(api, attr, attrName, &slot);
    if (err != ACL_SUCCESS) {
        return err;
    }
    slot->kind = OPK_ATTR_STRING;
    if ((slot->string_value = dup_string(attrValue)) == NULL) {
        return attr_drop(api, attr, slot);
    }
    return ACL_SUCCESS;
}

static aclError check_list(const char *api, int num, const void *values)
{
    if (num < 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: numValues must not be negative (%d)", api, num);
    }
    if (num > 0 && values == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: values is NULL", api);
    }
    return ACL_SUCCESS;
}

/* Integer-valued lists: bools, ints and data types all land in `ints`. */
static aclError set_int_list(const char *api, aclopAttr *attr, const char *name, opk_attr_kind kind, int num,
                             const void *values, size_t elem, bool is_signed)
{
    aclError err = check_list(api, num, values);
    opk_attr_value *slot;
    if (err != ACL_SUCCESS || (err = attr_slot(api, attr, name, &slot)) != ACL_SUCCESS) {
        return err;
    }
    slot->kind = kind;
    slot->count = (size_t)num;
    if ((slot->ints = malloc((num ? (size_t)num : 1) * sizeof(int64_t))) == NULL) {
        return attr_drop(api, attr, slot);
    }
    for (int i = 0; i < num; i++) {
        const char *at = (const char *)values + (size_t)i * elem;
        int64_t v;
        if (elem == 1) {
            v = *(const uint8_t *)at != 0;
        } else if (elem == sizeof(int64_t)) {
            memcpy(&v, at, sizeof v);
        } else {
            int32_t v32;
            memcpy(&v32, at, sizeof v32);
            v = is_signed ? v32 : (int64_t)(uint32_t)v32;
        }
        slot->ints[i] = v;
    }
    return ACL_SUCCESS;
}

aclError aclopSetAttrListBool(aclopAttr *attr, const char *attrName, int numValues, const uint8_t *values)
{
    return set_int_list("aclopSetAttrListBool", attr, attrName, OPK_ATTR_LIST_BOOL, numValues, values, 1, false);
}

aclError aclopSetAttrListInt(aclopAttr *attr, const char *attrName, int numValues, const int64_t *values)
{
    return set_int_list("aclopSetAttrListInt", attr, attrName, OPK_ATTR_LIST_INT, numValues, values,
                        sizeof(int64_t), true);
}

aclError aclopSetAttrListDataType(aclopAttr *attr, const char *attrName, int numValues, const aclDataType values[])
{
    return set_int_list("aclopSetAttrListDataType", attr, attrName, OPK_ATTR_LIST_DTYPE, numValues, values,
                        sizeof(aclDataType), true);
}

aclError aclopSetAttrListFloat(aclopAttr *attr, const char *attrName, int numValues, const float *values)
{
    const char *api = "aclopSetAttrListFloat";
    aclError err = check_list(api, numValues, values);
    opk_attr_value *slot;
    if (err != ACL_SUCCESS || (err = attr_slot(api, attr, attrName, &slot)) != ACL_SUCCESS) {
        return err;
    }
    slot->kind = OPK_ATTR_LIST_FLOAT;
    slot->count = (size_t)numValues;
    if ((slot->floats = dup_bytes(values, (size_t)numValues * sizeof(float))) == NULL) {
        return attr_drop(api, attr, slot);
    }
    return ACL_SUCCESS;
}

aclError aclopSetAttrListString(aclopAttr *attr, const char *attrName, int numValues, const char **values)
{
    const char *api = "aclopSetAttrListString";
    aclError err = check_list(api, numValues, values);
    for (int i = 0; err == ACL_SUCCESS && i < numValues; i++) {
        if (values[i] == NULL) {
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: values[%d] is NULL", api, i);
        }
    }
    opk_attr_value *slot;
    if (err != ACL_SUCCESS || (err = attr_slot(api, attr, attrName, &slot)) != ACL_SUCCESS) {
        return err;
    }
    slot->kind = OPK_ATTR_LIST_STRING;
    if ((slot->strings = calloc(numValues ? (size_t)numValues : 1, sizeof(char *))) == NULL) {
        return attr_drop(api, attr, slot);
    }
    for (int i = 0; i < numValues; i++) {
        slot->count = (size_t)i; /* so that a failed copy frees exactly what was copied */
        if ((slot->strings[i] = dup_string(values[i])) == NULL) {
            return attr_drop(api, attr, slot);
        }
    }
    slot->count = (size_t)numValues;
    return ACL_SUCCESS;
}

aclError aclopSetAttrListListInt(aclopAttr *attr, const char *attrName, int numLists, const int *numValues,
                                 const int64_t *const values[])
{
    const char *api = "aclopSetAttrListListInt";
    aclError err = check_list(api, numLists, numValues);
    if (err == ACL_SUCCESS) {
        err = check_list(api, numLists, values);
    }
    size_t total = 0;
    for (int i = 0; err == ACL_SUCCESS && i < numLists; i++) {
        err = check_list(api, numValues[i], values[i]);
        total += numValues[i] > 0 ? (size_t)numValues[i] : 0;
    }
    opk_attr_value *slot;
    if (err != ACL_SUCCESS || (err = attr_slot(api, attr, attrName, &slot)) != ACL_SUCCESS) {
        return err;
    }
    slot->kind = OPK_ATTR_LIST_LIST_INT;
    slot->count = (size_t)numLists;
    slot->list_lengths = dup_bytes(numValues, (size_t)numLists * sizeof(int));
    slot->ints = malloc((total ? total : 1) * sizeof(int64_t));
    if (slot->list_lengths == NULL || slot->ints == NULL) {
        return attr_drop(api, attr, slot);
    }
    size_t at = 0;
    for (int i = 0; i < numLists; i++) {
        if (numValues[i] > 0) {
            memcpy(slot->ints + at, values[i], (size_t)numValues[i] * sizeof(int64_t));
        }
        at += (size_t)numValues[i];
    }
    return ACL_SUCCESS;
}

/* ============================================================ call checking */

/* Buffers are described by address and size; the tensors own copies of their constant data. */
static void tensors_free(opk_tensor *tensors, int count)
{
    if (tensors == NULL) {
        return;
    }
    for (int i = 0; i < count; i++) {
        free((void *)tensors[i].const_data);
    }
    free(tensors);
}

static opk_tensor *tensors_copy(const opk_tensor *src, int count)
{
    opk_tensor *copy = calloc(count > 0 ? (size_t)count : 1, sizeof(opk_tensor));
    if (copy == NULL) {
        return NULL;
    }
    for (int i = 0; i < count; i++) {
        copy[i] = src[i];
        copy[i].const_data = NULL;
        if (src[i].const_data != NULL) {
            if ((copy[i].const_data = dup_bytes(src[i].const_data, src[i].const_len)) == NULL) {
                tensors_free(copy, i);
                return NULL;
            }
        }
    }
    return copy;
}

static aclError check_counts(const char *api, const opk_kernel *kernel, const char *op_type, int num_inputs,
                             int num_outputs)
{
    if (num_inputs < kernel->min_inputs || (kernel->max_inputs >= 0 && num_inputs > kernel->max_inputs)) {
        if (kernel->max_inputs == kernel->min_inputs) {
            return aclemu_set_error(ACL_ERROR_OP_INPUT_NOT_MATCH, "%s: %s takes %d inputs, got %d", api, op_type,
                                    kernel->min_inputs, num_inputs);
        }
        return aclemu_set_error(ACL_ERROR_OP_INPUT_NOT_MATCH, "%s: %s takes %d to %d inputs, got %d", api, op_type,
                                kernel->min_inputs, kernel->max_inputs, num_inputs);
    }
    if (num_outputs != kernel->num_outputs) {
        return aclemu_set_error(ACL_ERROR_OP_OUTPUT_NOT_MATCH, "%s: %s has %d output(s), got %d", api, op_type,
                                kernel->num_outputs, num_outputs);
    }
    return ACL_SUCCESS;
}

static aclError find_kernel(const char *api, const char *op_type, int num_inputs, int num_outputs,
                            const opk_kernel **kernel)
{
    if (op_type == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: opType is NULL", api);
    }
    if (num_inputs < 0 || num_outputs < 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: numInputs/numOutputs must not be negative", api);
    }
    *kernel = opk_find(op_type);
    if (*kernel == NULL) {
        return aclemu_set_error(ACL_ERROR_OP_NOT_FOUND, "%s: operator type '%s' is not implemented by the emulator",
                                api, op_type);
    }
    return check_counts(api, *kernel, op_type, num_inputs, num_outputs);
}

static aclError check_attr(const char *api, const aclopAttr *attr)
{
    if (attr != NULL && !aclemu_handle_is(attr, ACLEMU_KIND_OP_ATTR)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: attr is not a live aclopAttr", api);
    }
    return ACL_SUCCESS;
}

static aclError descs_to_tensors(const char *api, const char *what, int count, const aclTensorDesc *const descs[],
                                 opk_tensor *tensors)
{
    if (count > 0 && descs == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s array is NULL", api, what);
    }
    for (int i = 0; i < count; i++) {
        char name[48];
        snprintf(name, sizeof name, "%s[%d]", what, i);
        aclError err = opk_tensor_from_desc(api, name, descs[i], &tensors[i]);
        if (err != ACL_SUCCESS) {
            return err;
        }
    }
    return ACL_SUCCESS;
}

static aclError buffers_to_tensors(const char *api, const char *what, int count, const aclDataBuffer *const bufs[],
                                   opk_tensor *tensors)
{
    if (count > 0 && bufs == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s array is NULL", api, what);
    }
    for (int i = 0; i < count; i++) {
        if (bufs[i] == NULL) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s[%d] is NULL", api, what, i);
        }
        if (!aclemu_handle_is(bufs[i], ACLEMU_KIND_DATA_BUFFER)) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s[%d] is not a live aclDataBuffer", api, what, i);
        }
        tensors[i].data = bufs[i]->data;
        tensors[i].size = bufs[i]->size;
    }
    return ACL_SUCCESS;
}

static aclError check_buffer(const opk_call *call, const char *what, int index, const opk_tensor *t)
{
    size_t need = opk_shape_elements(&t->shape) * opk_dtype_size(t->dtype);
    if (t->size < need) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s %s[%d] buffer holds %zu bytes, %zu needed",
                                call->api, call->op_type, what, index, t->size, need);
    }
    if (need > 0 && t->data == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s %s[%d] buffer address is NULL", call->api,
                                call->op_type, what, index);
    }
    char name[48];
    snprintf(name, sizeof name, "%s[%d]", what, index);
    return aclemu_mem_check(t->data, need, false, call->api, name);
}

/* Run the kernel's inference and bring the output tensors in line with it; OPK_DEFERRED when an
 * input value is not known yet (submit time). Output data types must agree with the descs unless
 * `adopt_dtypes` (shape inference fills them in). */
static aclError infer_outputs(opk_call *call, const opk_kernel *kernel, bool adopt_dtypes)
{
    aclDataType dtypes[8];
    opk_shape shapes[8];
    for (int j = 0; j < call->num_outputs; j++) {
        dtypes[j] = call->out[j].dtype;
        shapes[j].ndim = 0;
    }
    aclError err = kernel->infer(call, dtypes, shapes);
    if (err != ACL_SUCCESS) {
        return err;
    }
    for (int j = 0; j < call->num_outputs; j++) {
        opk_tensor *t = &call->out[j];
        if (t->dtype != dtypes[j] && !adopt_dtypes) {
            return aclemu_set_error(ACL_ERROR_UNSUPPORTED_DATA_TYPE,
                                    "%s: %s produces %s for output %d, the output desc says %s", call->api,
                                    call->op_type, opk_dtype_name(dtypes[j]), j, opk_dtype_name(t->dtype));
        }
        if (!t->dynamic && !opk_shape_equal(&t->shape, &shapes[j])) {
            char want[160], got[160];
            return aclemu_set_error(ACL_ERROR_OP_OUTPUT_NOT_MATCH,
                                    "%s: %s output %d has shape %s, the output desc says %s", call->api, call->op_type,
                                    j, opk_shape_str(&shapes[j], want, sizeof want),
                                    opk_shape_str(&t->shape, got, sizeof got));
        }
        t->dtype = dtypes[j];
        t->shape = shapes[j];
        t->dynamic = false;
    }
    return ACL_SUCCESS;
}

static aclError check_all_buffers(const opk_call *call)
{
    aclError err = ACL_SUCCESS;
    for (int i = 0; err == ACL_SUCCESS && i < call->num_inputs; i++) {
        if (!call->in[i].dynamic) {
            err = check_buffer(call, "input", i, &call->in[i]);
        }
    }
    for (int j = 0; err == ACL_SUCCESS && j < call->num_outputs; j++) {
        err = check_buffer(call, "output", j, &call->out[j]);
    }
    return err;
}

/* Write inferred shapes back into the caller's output descs (the V2 APIs update them). */
static aclError update_desc(const char *api, aclTensorDesc *desc, const opk_tensor *t)
{
    if (!desc->unknown_rank && desc->num_dims == (size_t)t->shape.ndim) {
        memcpy(desc->dims, t->shape.dims, (size_t)t->shape.ndim * sizeof(int64_t));
        return ACL_SUCCESS;
    }
    int64_t *dims = t->shape.ndim ? realloc(desc->dims, (size_t)t->shape.ndim * sizeof(int64_t)) : NULL;
    if (t->shape.ndim && dims == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", api);
    }
    if (!t->shape.ndim) {
        free(desc->dims);
    }
    if (dims != NULL) {
        memcpy(dims, t->shape.dims, (size_t)t->shape.ndim * sizeof(int64_t));
    }
    desc->dims = dims;
    desc->num_dims = (size_t)t->shape.ndim;
    desc->unknown_rank = false;
    return ACL_SUCCESS;
}

/* ================================================================ stream tasks */

typedef struct op_task {
    const opk_kernel *kernel;
    opk_call call;
    opk_tensor *tensors;   /* inputs then outputs */
    aclopAttr *attr;
    char *op_type;
    bool deferred;         /* inference waits for input values */
} op_task;

static void task_free(void *arg, bool ran)
{
    (void)ran;
    op_task *task = arg;
    tensors_free(task->tensors, task->call.num_inputs + task->call.num_outputs);
    opk_attr_free(task->attr);
    free(task->op_type);
    free(task);
}

static aclError task_run(void *arg)
{
    op_task *task = arg;
    task->call.at_run = true;
    if (task->deferred) {
        aclError err = infer_outputs(&task->call, task->kernel, false);
        if (err == ACL_SUCCESS) {
            err = check_all_buffers(&task->call);
        }
        if (err != ACL_SUCCESS) {
            return err;
        }
    }
    return task->kernel->run(&task->call);
}

/* Build, check and queue one operator call. `tensors` (inputs then outputs, buffers set) are
 * copied; when out_descs is given the inferred output shapes are written into them. */
static aclError submit_call(const char *api, const opk_kernel *kernel, const char *op_type, int num_inputs,
                            int num_outputs, const opk_tensor *tensors, const aclopAttr *attr,
                            aclTensorDesc *const out_descs[], aclrtStream stream)
{
    aclError err = aclemu_stream_check(stream, api);
    if (err != ACL_SUCCESS) {
        return err;
    }
    op_task *task = calloc(1, sizeof(*task));
    if (task == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", api);
    }
    task->kernel = kernel;
    task->tensors = tensors_copy(tensors, num_inputs + num_outputs);
    task->attr = opk_attr_clone(attr);
    task->op_type = dup_string(op_type);
    if (task->tensors == NULL || task->attr == NULL || task->op_type == NULL) {
        task_free(task, false);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", api);
    }
    task->call = (opk_call){
        .api = api, /* API names are string literals: valid for the life of the task */
        .op_type = task->op_type,
        .num_inputs = num_inputs,
        .num_outputs = num_outputs,
        .in = task->tensors,
        .out = task->tensors + num_inputs,
        .attr = task->attr,
        .at_run = false,
    };
    err = infer_outputs(&task->call, kernel, false);
    if (err == OPK_DEFERRED) {
        task->deferred = true;
        err = ACL_SUCCESS;
    } else if (err == ACL_SUCCESS) {
        err = check_all_buffers(&task->call);
        for (int j = 0; err == ACL_SUCCESS && out_descs != NULL && j < num_outputs; j++) {
            err = update_desc(api, out_descs[j], &task->call.out[j]);
        }
    }
    if (err != ACL_SUCCESS) {
        task_free(task, false);
        return err;
    }
    return aclemu_stream_submit(stream, task_run, task, task_free, api);
}

/* Kernel lookup, attribute check and tensors (inputs then outputs) from the descs; the caller
 * frees *tensors_out. Constant data is referenced from the descs, not copied. */
static aclError prepare_call(const char *api, const char *op_type, int num_inputs, const aclTensorDesc *const in_descs[],
                             int num_outputs, const aclTensorDesc *const out_descs[], const aclopAttr *attr,
                             const opk_kernel **kernel, opk_tensor **tensors_out)
{
    aclError err = find_kernel(api, op_type, num_inputs, num_outputs, kernel);
    if (err == ACL_SUCCESS) {
        err = check_attr(api, attr);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    opk_tensor *tensors = calloc((size_t)(num_inputs + num_outputs) + 1, sizeof(opk_tensor));
    if (tensors == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", api);
    }
    err = descs_to_tensors(api, "inputDesc", num_inputs, in_descs, tensors);
    if (err == ACL_SUCCESS) {
        err = descs_to_tensors(api, "outputDesc", num_outputs, out_descs, tensors + num_inputs);
    }
    if (err != ACL_SUCCESS) {
        free(tensors);
        return err;
    }
    *tensors_out = tensors;
    return ACL_SUCCESS;
}

/* The descs-and-buffers form shared by the execute APIs. */
static aclError execute_descs(const char *api, const char *op_type, int num_inputs, const aclTensorDesc *const in_descs[],
                              const aclDataBuffer *const inputs[], int num_outputs,
                              const aclTensorDesc *const out_descs[], const aclDataBuffer *const outputs[],
                              const aclopAttr *attr, aclrtStream stream, bool update_descs)
{
    const opk_kernel *kernel = NULL;
    opk_tensor *tensors = NULL;
    aclError err = prepare_call(api, op_type, num_inputs, in_descs, num_outputs, out_descs, attr, &kernel, &tensors);
    if (err != ACL_SUCCESS) {
        return err;
    }
    err = buffers_to_tensors(api, "inputs", num_inputs, inputs, tensors);
    if (err == ACL_SUCCESS) {
        err = buffers_to_tensors(api, "outputs", num_outputs, outputs, tensors + num_inputs);
    }
    if (err == ACL_SUCCESS) {
        /* const data is referenced from the descs here; submit_call copies it */
        err = submit_call(api, kernel, op_type, num_inputs, num_outputs, tensors, attr,
                          update_descs ? (aclTensorDesc *const *)out_descs : NULL, stream);
    }
    free(tensors);
    return err;
}

aclError aclopExecute(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[],
                      const aclDataBuffer *const inputs[], int numOutputs, const aclTensorDesc *const outputDesc[],
                      aclDataBuffer *const outputs[], const aclopAttr *attr, aclrtStream stream)
{
    return execute_descs("aclopExecute", opType, numInputs, inputDesc, inputs, numOutputs, outputDesc,
                         (const aclDataBuffer *const *)outputs, attr, stream, false);
}

aclError aclopExecuteV2(const char *opType, int numInputs, aclTensorDesc *inputDesc[], aclDataBuffer *inputs[],
                        int numOutputs, aclTensorDesc *outputDesc[], aclDataBuffer *outputs[], aclopAttr *attr,
                        aclrtStream stream)
{
    return execute_descs("aclopExecuteV2", opType, numInputs, (const aclTensorDesc *const *)inputDesc,
                         (const aclDataBuffer *const *)inputs, numOutputs, (const aclTensorDesc *const *)outputDesc,
                         (const aclDataBuffer *const *)outputs, attr, stream, true);
}

static aclError check_engine(const char *api, aclopEngineType engine, aclopCompileType compile_flag)
{
    if (engine != ACL_ENGINE_SYS && engine != ACL_ENGINE_AICORE && engine != ACL_ENGINE_VECTOR) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown engine type %d", api, (int)engine);
    }
    if (compile_flag != ACL_COMPILE_SYS && compile_flag != ACL_COMPILE_UNREGISTERED) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown compile type %d", api, (int)compile_flag);
    }
    return ACL_SUCCESS;
}

aclError aclopCompileAndExecute(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[],
                                const aclDataBuffer *const inputs[], int numOutputs,
                                const aclTensorDesc *const outputDesc[], aclDataBuffer *const outputs[],
                                const aclopAttr *attr, aclopEngineType engineType, aclopCompileType compileFlag,
                                const char *opPath, aclrtStream stream)
{
    (void)opPath; /* kernels are built in: there is nothing to load from a path */
    const char *api = "aclopCompileAndExecute";
    aclError err = aclemu_require_init(api);
    if (err == ACL_SUCCESS) {
        err = check_engine(api, engineType, compileFlag);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    return execute_descs(api, opType, numInputs, inputDesc, inputs, numOutputs, outputDesc,
                         (const aclDataBuffer *const *)outputs, attr, stream, false);
}

aclError aclopCompileAndExecuteV2(const char *opType, int numInputs, aclTensorDesc *inputDesc[],
                                  aclDataBuffer *inputs[], int numOutputs, aclTensorDesc *outputDesc[],
                                  aclDataBuffer *outputs[], aclopAttr *attr, aclopEngineType engineType,
                                  aclopCompileType compileFlag, const char *opPath, aclrtStream stream)
{
    (void)opPath;
    const char *api = "aclopCompileAndExecuteV2";
    aclError err = aclemu_require_init(api);
    if (err == ACL_SUCCESS) {
        err = check_engine(api, engineType, compileFlag);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    return execute_descs(api, opType, numInputs, (const aclTensorDesc *const *)inputDesc,
                         (const aclDataBuffer *const *)inputs, numOutputs, (const aclTensorDesc *const *)outputDesc,
                         (const aclDataBuffer *const *)outputs, attr, stream, true);
}

/* ======================================================= compile-time checks */

/* Check an operator description without buffers (compile, handles). */
static aclError check_descs(const char *api, const char *op_type, int num_inputs, const aclTensorDesc *const in_descs[],
                            int num_outputs, const aclTensorDesc *const out_descs[], const aclopAttr *attr,
                            const opk_kernel **kernel, opk_tensor **tensors_out)
{
    opk_tensor *tensors = NULL;
    aclError err = prepare_call(api, op_type, num_inputs, in_descs, num_outputs, out_descs, attr, kernel, &tensors);
    if (err != ACL_SUCCESS) {
        return err;
    }
    aclopAttr empty = {0};
    opk_call call = {api, op_type, num_inputs, num_outputs, tensors, tensors + num_inputs,
                     attr != NULL ? attr : &empty, false};
    err = infer_outputs(&call, *kernel, false);
    if (err == OPK_DEFERRED) {
        err = ACL_SUCCESS;
    }
    if (err != ACL_SUCCESS || tensors_out == NULL) {
        free(tensors);
        return err;
    }
    *tensors_out = tensors;
    return ACL_SUCCESS;
}

aclError aclopCompile(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[], int numOutputs,
                      const aclTensorDesc *const outputDesc[], const aclopAttr *attr, aclopEngineType engineType,
                      aclopCompileType compileFlag, const char *opPath)
{
    (void)opPath;
    const char *api = "aclopCompile";
    const opk_kernel *kernel = NULL;
    aclError err = aclemu_require_init(api);
    if (err == ACL_SUCCESS) {
        err = check_engine(api, engineType, compileFlag);
    }
    if (err == ACL_SUCCESS) {
        err = check_descs(api, opType, numInputs, inputDesc, numOutputs, outputDesc, attr, &kernel, NULL);
    }
    return err;
}

aclError aclopInferShape(const char *opType, int numInputs, aclTensorDesc *inputDesc[], aclDataBuffer *inputs[],
                         int numOutputs, aclTensorDesc *outputDesc[], aclopAttr *attr)
{
    const char *api = "aclopInferShape";
    const opk_kernel *kernel = NULL;
    opk_tensor *tensors = NULL;
    aclError err = prepare_call(api, opType, numInputs, (const aclTensorDesc *const *)inputDesc, numOutputs,
                                (const aclTensorDesc *const *)outputDesc, attr, &kernel, &tensors);
    if (err != ACL_SUCCESS) {
        return err;
    }
    for (int j = 0; j < numOutputs; j++) {
        tensors[numInputs + j].dynamic = true; /* the output descs are filled in, whatever shape they had */
    }
    /* Shape inference is a host-side call: input values (Slice offsets...) may be read now. */
    for (int i = 0; inputs != NULL && i < numInputs; i++) {
        if (inputs[i] != NULL && aclemu_handle_is(inputs[i], ACLEMU_KIND_DATA_BUFFER)) {
            tensors[i].data = inputs[i]->data;
            tensors[i].size = inputs[i]->size;
        }
    }
    aclopAttr empty = {0};
    opk_call call = {api, opType, numInputs, numOutputs, tensors, tensors + numInputs, attr != NULL ? attr : &empty,
                     inputs != NULL};
    err = infer_outputs(&call, kernel, true);
    if (err == OPK_DEFERRED) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                               "%s: %s needs the values of its shape inputs (constant descs or input buffers)", api,
                               opType);
    }
    for (int j = 0; err == ACL_SUCCESS && j < numOutputs; j++) {
        outputDesc[j]->type = tensors[numInputs + j].dtype;
        err = update_desc(api, outputDesc[j], &tensors[numInputs + j]);
    }
    free(tensors);
    return err;
}

/* ================================================================ handles */

aclError opk_handle_create(const char *api, const char *op_type, int num_inputs, const opk_tensor *inputs,
                           int num_outputs, const opk_tensor *outputs, const aclopAttr *attr, aclopHandle **handle)
{
    if (handle == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: handle is NULL", api);
    }
    for (int j = 0; j < num_outputs; j++) {
        if (outputs[j].dynamic) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: output %d of a handle needs a fixed shape", api, j);
        }
    }
    aclopHandle *h = calloc(1, sizeof(*h));
    opk_tensor *all = calloc((size_t)(num_inputs + num_outputs) + 1, sizeof(opk_tensor));
    if (h == NULL || all == NULL) {
        free(h);
        free(all);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", api);
    }
    memcpy(all, inputs, (size_t)num_inputs * sizeof(opk_tensor));
    memcpy(all + num_inputs, outputs, (size_t)num_outputs * sizeof(opk_tensor));
    h->op_type = dup_string(op_type);
    h->num_inputs = num_inputs;
    h->num_outputs = num_outputs;
    h->tensors = tensors_copy(all, num_inputs + num_outputs);
    h->attr = opk_attr_clone(attr);
    free(all);
    if (h->op_type == NULL || h->tensors == NULL || h->attr == NULL ||
        aclemu_handle_add(h, ACLEMU_KIND_OP_HANDLE) != ACL_SUCCESS) {
        free(h->op_type);
        tensors_free(h->tensors, num_inputs + num_outputs);
        opk_attr_free(h->attr);
        free(h);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", api);
    }
    *handle = h;
    return ACL_SUCCESS;
}

aclError aclopCreateHandle(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[], int numOutputs,
                           const aclTensorDesc *const outputDesc[], const aclopAttr *opAttr, aclopHandle **handle)
{
    const char *api = "aclopCreateHandle";
    const opk_kernel *kernel = NULL;
    opk_tensor *tensors = NULL;
    if (handle == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: handle is NULL", api);
    }
    aclError err = check_descs(api, opType, numInputs, inputDesc, numOutputs, outputDesc, opAttr, &kernel, &tensors);
    if (err == ACL_SUCCESS) {
        err = opk_handle_create(api, opType, numInputs, tensors, numOutputs, tensors + numInputs, opAttr, handle);
    }
    free(tensors);
    return err;
}

void aclopDestroyHandle(aclopHandle *handle)
{
    if (handle == NULL) {
        return;
    }
    if (!aclemu_handle_remove(handle, ACLEMU_KIND_OP_HANDLE)) {
        if (aclemu_strict()) {
            aclemu_diag("aclopDestroyHandle: %p is not a live aclopHandle", (void *)handle);
        }
        return;
    }
    free(handle->op_type);
    tensors_free(handle->tensors, handle->num_inputs + handle->num_outputs);
    opk_attr_free(handle->attr);
    free(handle);
}

aclError aclopExecWithHandle(aclopHandle *handle, int numInputs, const aclDataBuffer *const inputs[], int numOutputs,
                             aclDataBuffer *const outputs[], aclrtStream stream)
{
    const char *api = "aclopExecWithHandle";
    if (handle == NULL || !aclemu_handle_is(handle, ACLEMU_KIND_OP_HANDLE)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: handle is %s", api,
                                handle == NULL ? "NULL" : "not a live aclopHandle");
    }
    if (numInputs != handle->num_inputs || numOutputs != handle->num_outputs) {
        return aclemu_set_error(numInputs != handle->num_inputs ? ACL_ERROR_OP_INPUT_NOT_MATCH
                                                                : ACL_ERROR_OP_OUTPUT_NOT_MATCH,
                                "%s: the %s handle takes %d inputs and %d outputs, got %d and %d", api,
                                handle->op_type, handle->num_inputs, handle->num_outputs, numInputs, numOutputs);
    }
    int total = numInputs + numOutputs;
    opk_tensor *tensors = calloc((size_t)total + 1, sizeof(opk_tensor));
    if (tensors == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", api);
    }
    memcpy(tensors, handle->tensors, (size_t)total * sizeof(opk_tensor));
    aclError err = buffers_to_tensors(api, "inputs", numInputs, inputs, tensors);
    if (err == ACL_SUCCESS) {
        err = buffers_to_tensors(api, "outputs", numOutputs, (const aclDataBuffer *const *)outputs,
                                 tensors + numInputs);
    }
    if (err == ACL_SUCCESS) {
        err = submit_call(api, opk_find(handle->op_type), handle->op_type, numInputs, numOutputs, tensors,
                          handle->attr, NULL, stream);
    }
    free(tensors);
    return err;
}

/* ====================================================================== Cast */

/* The attribute set of a Cast to dst's type, in caller storage (never freed). */
static void cast_attr(aclopAttr *attr, opk_attr_value *value, const aclTensorDesc *dst)
{
    *value = (opk_attr_value){.name = (char *)"dst_type", .kind = OPK_ATTR_INT, .int_value = dst->type};
    *attr = (aclopAttr){.count = 1, .capacity = 1, .values = value};
}

aclError aclopCast(const aclTensorDesc *srcDesc, const aclDataBuffer *srcBuffer, const aclTensorDesc *dstDesc,
                   aclDataBuffer *dstBuffer, uint8_t truncate, aclrtStream stream)
{
    (void)truncate; /* float-to-integer conversion always truncates toward zero */
    const char *api = "aclopCast";
    if (dstDesc == NULL || !aclemu_handle_is(dstDesc, ACLEMU_KIND_TENSOR_DESC)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dstDesc is %s", api,
                                dstDesc == NULL ? "NULL" : "not a live aclTensorDesc");
    }
    opk_attr_value value;
    aclopAttr attr;
    cast_attr(&attr, &value, dstDesc);
    const aclTensorDesc *in_descs[1] = {srcDesc};
    const aclTensorDesc *out_descs[1] = {dstDesc};
    const aclDataBuffer *in_bufs[1] = {srcBuffer};
    const aclDataBuffer *out_bufs[1] = {dstBuffer};
    const opk_kernel *kernel = NULL;
    aclError err = find_kernel(api, "Cast", 1, 1, &kernel);
    opk_tensor tensors[2];
    if (err == ACL_SUCCESS) {
        err = descs_to_tensors(api, "srcDesc", 1, in_descs, tensors);
    }
    if (err == ACL_SUCCESS) {
        err = descs_to_tensors(api, "dstDesc", 1, out_descs, tensors + 1);
    }
    if (err == ACL_SUCCESS) {
        err = buffers_to_tensors(api, "srcBuffer", 1, in_bufs, tensors);
    }
    if (err == ACL_SUCCESS) {
        err = buffers_to_tensors(api, "dstBuffer", 1, out_bufs, tensors + 1);
    }
    if (err == ACL_SUCCESS) {
        err = submit_call(api, kernel, "Cast", 1, 1, tensors, &attr, NULL, stream);
    }
    return err;
}

aclError aclopCreateHandleForCast(aclTensorDesc *srcDesc, aclTensorDesc *dstDesc, uint8_t truncate,
                                  aclopHandle **handle)
{
    (void)truncate;
    const char *api = "aclopCreateHandleForCast";
    if (handle == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: handle is NULL", api);
    }
    if (dstDesc == NULL || !aclemu_handle_is(dstDesc, ACLEMU_KIND_TENSOR_DESC)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dstDesc is %s", api,
                                dstDesc == NULL ? "NULL" : "not a live aclTensorDesc");
    }
    opk_attr_value value;
    aclopAttr attr;
    cast_attr(&attr, &value, dstDesc);
    const aclTensorDesc *in_descs[1] = {srcDesc};
    const aclTensorDesc *out_descs[1] = {dstDesc};
    const opk_kernel *kernel = NULL;
    opk_tensor *tensors = NULL;
    aclError err = check_descs(api, "Cast", 1, in_descs, 1, out_descs, NULL, &kernel, &tensors);
    if (err == ACL_SUCCESS) {
        err = opk_handle_create(api, "Cast", 1, tensors, 1, tensors + 1, &attr, handle);
    }
    free(tensors);
    return err;
}

/* ============================================ inert settings of the op compiler */

aclError aclopSetModelDir(const char *modelDir)
{
    if (modelDir == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclopSetModelDir: modelDir is NULL");
    }
    return ACL_SUCCESS; /* operator models are not needed: kernels are built in */
}

aclError aclopLoad(const void *model, size_t modelSize)
{
    if (model == NULL || modelSize == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclopLoad: model is %s",
                                model == NULL ? "NULL" : "empty (modelSize is 0)");
    }
    return ACL_SUCCESS;
}

aclError aclopSetMaxOpQueueNum(uint64_t maxOpNum)
{
    if (maxOpNum == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclopSetMaxOpQueueNum: maxOpNum must be positive");
    }
    return ACL_SUCCESS;
}

aclError aclopSetCompileFlag(aclOpCompileFlag flag)
{
    if (flag != ACL_OP_COMPILE_DEFAULT && flag != ACL_OP_COMPILE_FUZZ) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclopSetCompileFlag: unknown flag %d", (int)flag);
    }
    return ACL_SUCCESS;
}

/* Compile options are remembered (and read back) but change nothing. */
#define COMPILE_OPT_COUNT 17
static pthread_mutex_t compile_opt_lock = PTHREAD_MUTEX_INITIALIZER;
static char *compile_opts[COMPILE_OPT_COUNT];

static bool compile_opt_valid(aclCompileOpt opt)
{
    return (int)opt >= 0 && (int)opt < COMPILE_OPT_COUNT;
}

aclError aclSetCompileopt(aclCompileOpt opt, const char *value)
{
    if (!compile_opt_valid(opt) || value == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclSetCompileopt: %s",
                                value == NULL ? "value is NULL" : "unknown option");
    }
    char *copy = dup_string(value);
    if (copy == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "aclSetCompileopt: out of host memory");
    }
    pthread_mutex_lock(&compile_opt_lock);
    free(compile_opts[opt]);
    compile_opts[opt] = copy;
    pthread_mutex_unlock(&compile_opt_lock);
    return ACL_SUCCESS;
}

size_t aclGetCompileoptSize(aclCompileOpt opt)
{
    if (!compile_opt_valid(opt)) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclGetCompileoptSize: unknown option %d", (int)opt);
        return 0;
    }
    pthread_mutex_lock(&compile_opt_lock);
    size_t size = compile_opts[opt] != NULL ? strlen(compile_opts[opt]) + 1 : 1;
    pthread_mutex_unlock(&compile_opt_lock);
    return size;
}

aclError aclGetCompileopt(aclCompileOpt opt, char *value, size_t length)
{
    if (!compile_opt_valid(opt) || value == NULL || length == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclGetCompileopt: %s",
                                !compile_opt_valid(opt) ? "unknown option" : "value buffer is NULL or empty");
    }
    aclError err = ACL_SUCCESS;
    pthread_mutex_lock(&compile_opt_lock);
    const char *stored = compile_opts[opt] != NULL ? compile_opts[opt] : "";
    if (strlen(stored) + 1 > length) {
        err = ACL_ERROR_INVALID_PARAM;
    } else {
        memcpy(value, stored, strlen(stored) + 1);
    }
    pthread_mutex_unlock(&compile_opt_lock);
    if (err != ACL_SUCCESS) {
        return aclemu_set_error(err, "aclGetCompileopt: value buffer of %zu bytes is too small", length);
    }
    return ACL_SUCCESS;
}
