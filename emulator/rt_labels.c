/* Labels and stream activation: control steps that exist only inside a model run instance (the
 * runtime accepts them on streams bound to, or captured into, a model). mdl_ri_run.c runs them. */
#include "emu.h"
#include "mdl_ri_internal.h"

#include <stdlib.h>
#include <string.h>

static pthread_mutex_t label_lock = PTHREAD_MUTEX_INITIALIZER;
static uint32_t next_label_id;

aclError aclrtCreateLabel(aclrtLabel *label)
{
    if (label == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: label is NULL", __func__);
    }
    ri_label *l = calloc(1, sizeof *l);
    if (l == NULL || aclemu_handle_add(l, RI_KIND_LABEL) != ACL_SUCCESS) {
        free(l);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", __func__);
    }
    pthread_mutex_lock(&label_lock);
    l->id = next_label_id++;
    pthread_mutex_unlock(&label_lock);
    *label = l;
    return ACL_SUCCESS;
}

aclError aclrtDestroyLabel(aclrtLabel label)
{
    if (label == NULL || !aclemu_handle_remove(label, RI_KIND_LABEL)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live label", __func__, label);
    }
    free(label);
    return ACL_SUCCESS;
}

aclError aclrtSetLabel(aclrtLabel label, aclrtStream stream)
{
    if (label == NULL || !aclemu_handle_is(label, RI_KIND_LABEL)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live label", __func__, label);
    }
    ri_step_desc desc = {.kind = RI_STEP_LABEL_SET, .label_id = ((ri_label *)label)->id};
    return ri_append_step(stream, &desc, __func__);
}

aclError aclrtCreateLabelList(aclrtLabel *labels, size_t num, aclrtLabelList *labelList)
{
    const char *fn = __func__;
    if (labels == NULL || labelList == NULL || num == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: labels and labelList must not be NULL, num > 0", fn);
    }
    for (size_t i = 0; i < num; ++i) {
        if (labels[i] == NULL || !aclemu_handle_is(labels[i], RI_KIND_LABEL)) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: labels[%zu] is not a live label", fn, i);
        }
    }
    ri_label_list *list = calloc(1, sizeof *list);
    ri_label **copy = calloc(num, sizeof *copy);
    if (list == NULL || copy == NULL || aclemu_handle_add(list, RI_KIND_LABEL_LIST) != ACL_SUCCESS) {
        free(list);
        free(copy);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    memcpy(copy, labels, num * sizeof *copy);
    list->labels = copy;
    list->count = num;
    *labelList = list;
    return ACL_SUCCESS;
}

aclError aclrtDestroyLabelList(aclrtLabelList labelList)
{
    if (labelList == NULL || !aclemu_handle_remove(labelList, RI_KIND_LABEL_LIST)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live label list", __func__, labelList);
    }
    ri_label_list *list = labelList;
    free(list->labels);
    free(list);
    return ACL_SUCCESS;
}

aclError aclrtSwitchLabelByIndex(void *ptr, uint32_t maxValue, aclrtLabelList labelList, aclrtStream stream)
{
    const char *fn = __func__;
    if (labelList == NULL || !aclemu_handle_is(labelList, RI_KIND_LABEL_LIST)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live label list", fn, labelList);
    }
    ri_label_list *list = labelList;
    if (maxValue == 0 || maxValue > list->count) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: maxValue must be 1 to %zu (the list's size), got %u", fn,
                                list->count, maxValue);
    }
    aclError err = aclemu_mem_check_tracked(ptr, sizeof(uint32_t), true, fn, "ptr");
    if (err != ACL_SUCCESS) {
        return err;
    }
    uint32_t *ids = calloc(list->count, sizeof *ids);
    if (ids == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    for (size_t i = 0; i < list->count; ++i) {
        if (!aclemu_handle_is(list->labels[i], RI_KIND_LABEL)) {
            free(ids);
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: label %zu of the list was destroyed", fn, i);
        }
        ids[i] = list->labels[i]->id;
    }
    ri_step_desc desc = {.kind = RI_STEP_LABEL_SWITCH,
                         .index = ptr,
                         .max_value = maxValue,
                         .target_ids = ids,
                         .target_count = list->count};
    err = ri_append_step(stream, &desc, fn);
    free(ids);
    return err;
}

aclError aclrtActiveStream(aclrtStream activeStream, aclrtStream stream)
{
    const char *fn = __func__;
    aclError err = aclemu_stream_check(activeStream, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (activeStream == NULL || activeStream == stream) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: activeStream must be another, non-default stream", fn);
    }
    ri_step_desc desc = {.kind = RI_STEP_ACTIVATE, .targets = {activeStream, NULL}};
    return ri_append_step(stream, &desc, fn);
}

aclError aclrtSwitchStream(void *leftValue, aclrtCondition cond, void *rightValue, aclrtCompareDataType dataType,
                           aclrtStream trueStream, aclrtStream falseStream, aclrtStream stream)
{
    const char *fn = __func__;
    if ((int)cond < ACL_RT_EQUAL || cond > ACL_RT_LESS_OR_EQUAL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown condition %d", fn, (int)cond);
    }
    if (dataType != ACL_RT_SWITCH_INT32 && dataType != ACL_RT_SWITCH_INT64) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown data type %d", fn, (int)dataType);
    }
    size_t width = dataType == ACL_RT_SWITCH_INT32 ? 4 : 8;
    aclError err = aclemu_mem_check_tracked(leftValue, width, true, fn, "leftValue");
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check_tracked(rightValue, width, true, fn, "rightValue");
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_stream_check(trueStream, fn);
    }
    if (err == ACL_SUCCESS && falseStream != NULL) {
        err = aclemu_stream_check(falseStream, fn);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (trueStream == NULL || trueStream == stream || falseStream == stream) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the activated streams must be other, non-default streams",
                                fn);
    }
    ri_step_desc desc = {.kind = RI_STEP_SWITCH_STREAM,
                         .targets = {trueStream, falseStream},
                         .left = leftValue,
                         .right = rightValue,
                         .cond = (int)cond,
                         .dtype = (int)dataType};
    return ri_append_step(stream, &desc, fn);
}
