/*
 * Operator attributes (aclopAttr): creation, the typed setters, deep copies for queued calls.
 * Setting a name twice replaces the earlier value, whatever its kind.
 */
#include "op_internal.h"

#include <stdlib.h>
#include <string.h>

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

aclopAttr *opk_attr_share(aclopAttr *attr)
{
    __atomic_add_fetch(&attr->shares, 1, __ATOMIC_RELAXED);
    return attr;
}

void opk_attr_free(aclopAttr *attr)
{
    /* a holder among several only drops its share; the last (shares was 0) frees */
    if (attr == NULL || __atomic_fetch_sub(&attr->shares, 1, __ATOMIC_ACQ_REL) != 0) {
        return;
    }
    for (size_t i = 0; i < attr->count; i++) {
        attr_value_clear(&attr->values[i]);
    }
    free(attr->values);
    free(attr);
}

char *op_dup_string(const char *s)
{
    size_t len = strlen(s) + 1;
    char *copy = malloc(len);
    if (copy != NULL) {
        memcpy(copy, s, len);
    }
    return copy;
}

void *op_dup_bytes(const void *src, size_t len)
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
    bool ok = (dst->name = op_dup_string(src->name)) != NULL;
    if (ok && src->string_value != NULL) {
        ok = (dst->string_value = op_dup_string(src->string_value)) != NULL;
    }
    if (ok && src->ints != NULL) {
        ok = (dst->ints = op_dup_bytes(src->ints, ints * sizeof(int64_t))) != NULL;
    }
    if (ok && src->floats != NULL) {
        ok = (dst->floats = op_dup_bytes(src->floats, src->count * sizeof(float))) != NULL;
    }
    if (ok && src->list_lengths != NULL) {
        ok = (dst->list_lengths = op_dup_bytes(src->list_lengths, src->count * sizeof(int))) != NULL;
    }
    if (ok && src->strings != NULL) {
        ok = (dst->strings = calloc(src->count ? src->count : 1, sizeof(char *))) != NULL;
        for (size_t i = 0; ok && i < src->count; i++) {
            ok = (dst->strings[i] = op_dup_string(src->strings[i])) != NULL;
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
    char *name_copy = op_dup_string(name);
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
    if ((slot->string_value = op_dup_string(attrValue)) == NULL) {
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
    if ((slot->floats = op_dup_bytes(values, (size_t)numValues * sizeof(float))) == NULL) {
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
        if ((slot->strings[i] = op_dup_string(values[i])) == NULL) {
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
    slot->list_lengths = op_dup_bytes(numValues, (size_t)numLists * sizeof(int));
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
