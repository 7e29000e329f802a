/* Datasets: ordered lists of data buffers with optional tensor descs (model inputs and
 * outputs). The dataset does not own its buffers; it owns copies of the descs. */
#include "emu.h"

#include <stdlib.h>

aclmdlDataset *aclmdlCreateDataset(void)
{
    aclmdlDataset *dataset = calloc(1, sizeof *dataset);
    if (dataset == NULL) {
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "aclmdlCreateDataset: out of host memory");
        return NULL;
    }
    if (aclemu_handle_add(dataset, ACLEMU_KIND_DATASET) != ACL_SUCCESS) {
        free(dataset);
        return NULL;
    }
    return dataset;
}

static bool live_dataset(const aclmdlDataset *dataset, const char *fn)
{
    if (aclemu_handle_is(dataset, ACLEMU_KIND_DATASET)) {
        return true;
    }
    aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live dataset", fn, (const void *)dataset);
    return false;
}

/* A live dataset with a buffer at `index`. */
static bool valid_index(const aclmdlDataset *dataset, size_t index, const char *fn)
{
    if (!live_dataset(dataset, fn)) {
        return false;
    }
    if (index >= dataset->count) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: index %zu is out of range (%zu buffers)", fn, index,
                         dataset->count);
        return false;
    }
    return true;
}

aclError aclmdlDestroyDataset(const aclmdlDataset *dataset)
{
    if (!live_dataset(dataset, "aclmdlDestroyDataset")) {
        return ACL_ERROR_INVALID_PARAM;
    }
    aclemu_handle_remove(dataset, ACLEMU_KIND_DATASET);
    for (size_t i = 0; i < dataset->count; ++i) {
        if (dataset->descs[i] != NULL) {
            aclemu_tensor_desc_free(dataset->descs[i]);
        }
    }
    free(dataset->buffers);
    free(dataset->descs);
    free((void *)dataset);
    return ACL_SUCCESS;
}

aclError aclmdlAddDatasetBuffer(aclmdlDataset *dataset, aclDataBuffer *dataBuffer)
{
    const char *fn = "aclmdlAddDatasetBuffer";
    if (!live_dataset(dataset, fn)) {
        return ACL_ERROR_INVALID_PARAM;
    }
    if (!aclemu_handle_is(dataBuffer, ACLEMU_KIND_DATA_BUFFER)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live data buffer", fn, (void *)dataBuffer);
    }
    if (dataset->count == dataset->capacity) {
        size_t capacity = dataset->capacity ? dataset->capacity * 2 : 8;
        aclDataBuffer **buffers = realloc(dataset->buffers, capacity * sizeof *buffers);
        if (buffers == NULL) {
            return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
        }
        dataset->buffers = buffers;
        aclTensorDesc **descs = realloc(dataset->descs, capacity * sizeof *descs);
        if (descs == NULL) {
            return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
        }
        dataset->descs = descs;
        dataset->capacity = capacity;
    }
    dataset->buffers[dataset->count] = dataBuffer;
    dataset->descs[dataset->count] = NULL;
    dataset->count++;
    return ACL_SUCCESS;
}

size_t aclmdlGetDatasetNumBuffers(const aclmdlDataset *dataset)
{
    return live_dataset(dataset, "aclmdlGetDatasetNumBuffers") ? dataset->count : 0;
}

aclDataBuffer *aclmdlGetDatasetBuffer(const aclmdlDataset *dataset, size_t index)
{
    return valid_index(dataset, index, "aclmdlGetDatasetBuffer") ? dataset->buffers[index] : NULL;
}

aclError aclmdlSetDatasetTensorDesc(aclmdlDataset *dataset, aclTensorDesc *tensorDesc, size_t index)
{
    const char *fn = "aclmdlSetDatasetTensorDesc";
    if (!valid_index(dataset, index, fn)) {
        return ACL_ERROR_INVALID_PARAM;
    }
    if (!aclemu_handle_is(tensorDesc, ACLEMU_KIND_TENSOR_DESC)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live tensor desc", fn, (void *)tensorDesc);
    }
    aclTensorDesc *copy = aclemu_tensor_desc_clone(tensorDesc);
    if (copy == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    if (dataset->descs[index] != NULL) {
        aclemu_tensor_desc_free(dataset->descs[index]);
    }
    dataset->descs[index] = copy;
    return ACL_SUCCESS;
}

aclTensorDesc *aclmdlGetDatasetTensorDesc(const aclmdlDataset *dataset, size_t index)
{
    return valid_index(dataset, index, "aclmdlGetDatasetTensorDesc") ? dataset->descs[index] : NULL;
}
