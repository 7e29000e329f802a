/*
 * Operator attributes of a loaded model (aclmdlGetOpAttr).
 *
 * The runtime answers one attribute, "_datadump_original_op_names": the operators the offline
 * compiler fused into the named one, as "[len]name" pieces. The emulator runs the model's graph
 * unfused, so each node was made from itself alone and its value is "[len]its name". The node names
 * come from the executor (its `nodes` function) when the model is described, and live in the
 * model_info a desc shares, so a returned value lives as long as the desc holds that info.
 */
#include "model_internal.h"

#include "acl/acl_mdl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NODES_MAX_BYTES (64u << 20)

static const char ORIGIN_OP_NAMES[] = "_datadump_original_op_names";

void model_info_free_nodes(model_info *info)
{
    for (size_t i = 0; i < info->num_nodes; ++i) {
        free(info->node_names != NULL ? info->node_names[i] : NULL);
        free(info->node_origin_attr != NULL ? info->node_origin_attr[i] : NULL);
    }
    free(info->node_names);
    free(info->node_origin_attr);
    info->node_names = NULL;
    info->node_origin_attr = NULL;
    info->num_nodes = 0;
}

static char *copy_text(const char *text, size_t len)
{
    char *copy = malloc(len + 1);
    if (copy != NULL) {
        memcpy(copy, text, len);
        copy[len] = '\0';
    }
    return copy;
}

/* "[len]name" of one node. */
static char *origin_attr(const char *name, size_t len)
{
    int prefix = snprintf(NULL, 0, "[%zu]", len);
    char *value = malloc((size_t)prefix + len + 1);
    if (value != NULL) {
        snprintf(value, (size_t)prefix + 1, "[%zu]", len);
        memcpy(value + prefix, name, len + 1);
    }
    return value;
}

static aclError keep_nodes(model_info *info, const char *list, size_t size, const char *fn)
{
    size_t count = 0;
    for (size_t i = 0; i < size; ++i) {
        count += list[i] == '\0';
    }
    info->node_names = calloc(count + 1, sizeof(char *));
    info->node_origin_attr = calloc(count + 1, sizeof(char *));
    if (info->node_names == NULL || info->node_origin_attr == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory for the model's node names", fn);
    }
    const char *name = list;
    for (size_t i = 0; i < count; ++i) {
        size_t len = strlen(name);
        info->node_names[i] = copy_text(name, len);
        info->node_origin_attr[i] = origin_attr(name, len);
        info->num_nodes = i + 1; /* what model_info_free_nodes frees */
        if (info->node_names[i] == NULL || info->node_origin_attr[i] == NULL) {
            return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory for the model's node names", fn);
        }
        name += len + 1;
    }
    return ACL_SUCCESS;
}

aclError model_info_read_nodes(const aclemu_model_executor *ops, uint64_t token, model_info *info, const char *fn)
{
    if (ops->nodes == NULL) {
        return ACL_SUCCESS; /* an executor of ABI 1 names no nodes */
    }
    size_t needed = 0;
    int32_t status = ops->nodes(token, NULL, 0, &needed);
    if (status != ACL_SUCCESS) {
        return aclemu_set_error(status, "%s: the model executor could not list the model's nodes", fn);
    }
    if (needed == 0) {
        return ACL_SUCCESS;
    }
    if (needed > NODES_MAX_BYTES) {
        return aclemu_set_error(ACL_ERROR_GE_PARAM_INVALID, "%s: the model's node names take %zu bytes (limit %u)",
                                fn, needed, NODES_MAX_BYTES);
    }
    char *list = malloc(needed);
    if (list == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory for the model's node names", fn);
    }
    size_t written = 0;
    status = ops->nodes(token, list, needed, &written);
    aclError err = ACL_SUCCESS;
    if (status != ACL_SUCCESS) {
        err = aclemu_set_error(status, "%s: the model executor could not list the model's nodes", fn);
    } else if (written != needed || list[needed - 1] != '\0') {
        err = aclemu_set_error(ACL_ERROR_GE_INTERNAL_ERROR,
                               "%s: the model executor's node list changed size (%zu, then %zu bytes) or is "
                               "not NUL-terminated", fn, needed, written);
    } else {
        err = keep_nodes(info, list, needed, fn);
    }
    free(list);
    return err;
}

const char *model_info_op_attr(const model_info *info, const char *opName, const char *attr)
{
    if (strcmp(attr, ORIGIN_OP_NAMES) != 0) {
        return ""; /* the only attribute the runtime answers; any other has no value */
    }
    for (size_t i = 0; i < info->num_nodes; ++i) {
        if (strcmp(info->node_names[i], opName) == 0) {
            return info->node_origin_attr[i];
        }
    }
    return "";
}
