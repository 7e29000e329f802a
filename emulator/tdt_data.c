/*
 * TDT data items and datasets (acl_tdt.h): the host-side containers of tensors that channels carry.
 *
 * An item the user creates points at the caller's bytes (the runtime copies them only when they
 * are sent); an item filled by acltdtReceiveTensor owns a copy and belongs to its dataset, which
 * frees it. Destroying such an item first is allowed too (samples do both): it leaves an empty
 * slot in its dataset.
 */
#include "tdt_internal.h"

#include <stdlib.h>
#include <string.h>

static aclError item_bad(const acltdtDataItem *item, const char *fn)
{
    return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dataItem %p is not a live TDT data item", fn,
                            (const void *)item);
}

acltdtDataItem *tdt_item_new(acltdtTensorType type, const int64_t *dims, size_t dim_num, aclDataType dtype,
                             const void *data, size_t size, bool copy, const char *fn)
{
    acltdtDataItem *item = calloc(1, sizeof *item);
    if (item == NULL) {
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        return NULL;
    }
    item->tensor_type = type;
    item->dtype = dtype;
    item->dim_num = dim_num;
    item->size = size;
    item->dims = dim_num > 0 ? malloc(dim_num * sizeof *item->dims) : NULL;
    item->owns_data = copy;
    item->slice_num = 1; /* the emulator never splits a tensor: one slice, index 0 */
    item->data = copy && size > 0 ? malloc(size) : (void *)data;
    if ((dim_num > 0 && item->dims == NULL) || (copy && size > 0 && item->data == NULL)) {
        tdt_item_free(item);
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory for an item of %zu bytes", fn, size);
        return NULL;
    }
    if (dim_num > 0) {
        memcpy(item->dims, dims, dim_num * sizeof *item->dims);
    }
    if (copy && size > 0) {
        memcpy(item->data, data, size);
    }
    return item;
}

void tdt_item_free(acltdtDataItem *item)
{
    if (item != NULL) {
        if (item->owns_data) {
            free(item->data);
        }
        free(item->dims);
        free(item);
    }
}

acltdtDataItem *acltdtCreateDataItem(acltdtTensorType tdtType, const int64_t *dims, size_t dimNum,
                                     aclDataType dataType, void *data, size_t size)
{
    static const char fn[] = "acltdtCreateDataItem";
    if (tdtType < ACL_TENSOR_DATA_TENSOR || tdtType > ACL_TENSOR_DATA_END_TENSOR) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: tdtType %d is not a tensor type", fn, (int)tdtType);
        return NULL;
    }
    if ((dimNum > 0 && dims == NULL) || dimNum > ACL_MAX_DIM_CNT || (size > 0 && data == NULL)) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                         "%s: dims must hold dimNum (%zu, at most %d) values and data size (%zu) bytes", fn, dimNum,
                         ACL_MAX_DIM_CNT, size);
        return NULL;
    }
    for (size_t i = 0; i < dimNum; ++i) {
        if (dims[i] < 0) {
            aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dims[%zu] is %lld", fn, i, (long long)dims[i]);
            return NULL;
        }
    }
    acltdtDataItem *item = tdt_item_new(tdtType, dims, dimNum, dataType, data, size, false, fn);
    if (item != NULL && aclemu_handle_add(item, TDT_KIND_ITEM) != ACL_SUCCESS) {
        tdt_item_free(item);
        return NULL;
    }
    return item;
}

aclError acltdtDestroyDataItem(acltdtDataItem *dataItem)
{
    static const char fn[] = "acltdtDestroyDataItem";
    if (!aclemu_handle_remove(dataItem, TDT_KIND_ITEM)) {
        return item_bad(dataItem, fn);
    }
    acltdtDataset *owner = dataItem->owner;
    if (owner != NULL && aclemu_handle_is(owner, TDT_KIND_DATASET)) {
        for (size_t i = 0; i < owner->count; ++i) {
            if (owner->items[i] == dataItem) {
                owner->items[i] = NULL;
            }
        }
    }
    tdt_item_free(dataItem);
    return ACL_SUCCESS;
}

/* Queries answer the runtime's "nothing" value for a bad item, with the error recorded. */
static bool item_ok(const acltdtDataItem *item, const char *fn)
{
    if (aclemu_handle_is(item, TDT_KIND_ITEM)) {
        return true;
    }
    item_bad(item, fn);
    return false;
}

acltdtTensorType acltdtGetTensorTypeFromItem(const acltdtDataItem *dataItem)
{
    return item_ok(dataItem, __func__) ? dataItem->tensor_type : ACL_TENSOR_DATA_UNDEFINED;
}

aclDataType acltdtGetDataTypeFromItem(const acltdtDataItem *dataItem)
{
    return item_ok(dataItem, __func__) ? dataItem->dtype : ACL_DT_UNDEFINED;
}

void *acltdtGetDataAddrFromItem(const acltdtDataItem *dataItem)
{
    return item_ok(dataItem, __func__) ? dataItem->data : NULL;
}

size_t acltdtGetDataSizeFromItem(const acltdtDataItem *dataItem)
{
    return item_ok(dataItem, __func__) ? dataItem->size : 0;
}

size_t acltdtGetDimNumFromItem(const acltdtDataItem *dataItem)
{
    return item_ok(dataItem, __func__) ? dataItem->dim_num : 0;
}

aclError acltdtGetDimsFromItem(const acltdtDataItem *dataItem, int64_t *dims, size_t dimNum)
{
    static const char fn[] = "acltdtGetDimsFromItem";
    if (!item_ok(dataItem, fn)) {
        return ACL_ERROR_INVALID_PARAM;
    }
    if (dimNum < dataItem->dim_num || (dataItem->dim_num > 0 && dims == NULL)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: room for %zu dims, the item has %zu", fn, dimNum,
                                dataItem->dim_num);
    }
    if (dataItem->dim_num > 0) {
        memcpy(dims, dataItem->dims, dataItem->dim_num * sizeof *dims);
    }
    return ACL_SUCCESS;
}

aclError acltdtGetSliceInfoFromItem(const acltdtDataItem *dataItem, size_t *sliceNum, size_t *sliceId)
{
    static const char fn[] = "acltdtGetSliceInfoFromItem";
    if (!item_ok(dataItem, fn)) {
        return ACL_ERROR_INVALID_PARAM;
    }
    if (sliceNum == NULL || sliceId == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: sliceNum or sliceId is NULL", fn);
    }
    *sliceNum = dataItem->slice_num;
    *sliceId = dataItem->slice_id;
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------------ datasets */

static bool dataset_ok(const acltdtDataset *dataset, const char *fn)
{
    if (aclemu_handle_is(dataset, TDT_KIND_DATASET)) {
        return true;
    }
    aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dataset %p is not a live TDT dataset", fn, (const void *)dataset);
    return false;
}

acltdtDataset *acltdtCreateDataset(void)
{
    acltdtDataset *dataset = calloc(1, sizeof *dataset);
    if (dataset == NULL) {
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "acltdtCreateDataset: out of memory");
        return NULL;
    }
    if (aclemu_handle_add(dataset, TDT_KIND_DATASET) != ACL_SUCCESS) {
        free(dataset);
        return NULL;
    }
    return dataset;
}

aclError acltdtDestroyDataset(acltdtDataset *dataset)
{
    if (!aclemu_handle_remove(dataset, TDT_KIND_DATASET)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "acltdtDestroyDataset: dataset %p is not a live TDT dataset",
                                (void *)dataset);
    }
    for (size_t i = 0; i < dataset->count; ++i) {
        acltdtDataItem *item = dataset->items[i];
        if (item != NULL && item->owner == dataset && aclemu_handle_remove(item, TDT_KIND_ITEM)) {
            tdt_item_free(item);
        }
    }
    free(dataset->items);
    free(dataset->name);
    free(dataset);
    return ACL_SUCCESS;
}

aclError tdt_dataset_append(acltdtDataset *dataset, acltdtDataItem *item, const char *fn)
{
    if (dataset->count == dataset->capacity) {
        size_t capacity = dataset->capacity ? dataset->capacity * 2 : 4;
        acltdtDataItem **grown = realloc(dataset->items, capacity * sizeof *grown);
        if (grown == NULL) {
            return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        }
        dataset->items = grown;
        dataset->capacity = capacity;
    }
    dataset->items[dataset->count++] = item;
    return ACL_SUCCESS;
}

aclError acltdtAddDataItem(acltdtDataset *dataset, acltdtDataItem *dataItem)
{
    static const char fn[] = "acltdtAddDataItem";
    if (!dataset_ok(dataset, fn) || !item_ok(dataItem, fn)) {
        return ACL_ERROR_INVALID_PARAM;
    }
    return tdt_dataset_append(dataset, dataItem, fn);
}

acltdtDataItem *acltdtGetDataItem(const acltdtDataset *dataset, size_t index)
{
    static const char fn[] = "acltdtGetDataItem";
    if (!dataset_ok(dataset, fn)) {
        return NULL;
    }
    if (index >= dataset->count) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: index %zu is past the %zu items", fn, index, dataset->count);
        return NULL;
    }
    return dataset->items[index];
}

size_t acltdtGetDatasetSize(const acltdtDataset *dataset)
{
    if (!dataset_ok(dataset, __func__)) {
        return 0;
    }
    return dataset->count;
}

const char *acltdtGetDatasetName(const acltdtDataset *dataset)
{
    if (!dataset_ok(dataset, __func__)) {
        return NULL;
    }
    /* A dataset filled by acltdtReceiveTensor carries the channel's name; others have none. */
    return dataset->name != NULL ? dataset->name : "";
}
