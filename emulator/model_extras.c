/*
 * aclmdlSetExternalWeightAddress: external weight addresses are checked and kept. Graph-engine model
 * objects (aclmdlLoadFromModel) have nothing behind them on a CPU: left to the generated not-supported
 * stub and listed with its reason in acl/hardware_only.json. aclmdlCreateAndGetOpDesc: model_faults.c.
 */
#include "model_internal.h"

#include "acl/acl_mdl.h"

#include <stdlib.h>
#include <string.h>

#define WEIGHT_NAME_MAX 4096u

/* One aclmdlSetExternalWeightAddress call: the handle it configured and what it said. Entries of
 * destroyed handles are dropped at the next call. The ONNX executor reads external weights
 * itself, beside the model file, so nothing consumes the addresses yet. */
typedef struct external_weight {
    const aclmdlConfigHandle *handle;
    char name[WEIGHT_NAME_MAX];
    void *ptr;
    size_t size;
} external_weight;

static pthread_mutex_t weights_lock = PTHREAD_MUTEX_INITIALIZER;
static external_weight *weights;
static size_t weights_num;

aclError aclmdlSetExternalWeightAddress(aclmdlConfigHandle *handle, const char *weightFileName, void *devPtr,
                                        size_t size)
{
    static const char fn[] = "aclmdlSetExternalWeightAddress";
    if (!aclemu_handle_is(handle, ACLEMU_KIND_MODEL_CONFIG)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: handle is not a live aclmdlConfigHandle", fn);
    }
    if (weightFileName == NULL || weightFileName[0] == '\0' || strlen(weightFileName) >= WEIGHT_NAME_MAX) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: weightFileName is NULL, empty or too long", fn);
    }
    if (devPtr == NULL || size == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: devPtr is NULL or size is 0", fn);
    }
    aclError err = aclemu_mem_check_tracked(devPtr, size, true, fn, "devPtr");
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&weights_lock);
    size_t kept = 0;
    size_t found = SIZE_MAX;
    for (size_t i = 0; i < weights_num; ++i) {
        if (aclemu_handle_is(weights[i].handle, ACLEMU_KIND_MODEL_CONFIG)) {
            weights[kept] = weights[i];
            if (weights[kept].handle == handle && strcmp(weights[kept].name, weightFileName) == 0) {
                found = kept;
            }
            ++kept;
        }
    }
    weights_num = kept;
    if (found == SIZE_MAX) {
        external_weight *grown = realloc(weights, (weights_num + 1) * sizeof *grown);
        if (grown == NULL) {
            err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        } else {
            weights = grown;
            found = weights_num++;
            weights[found].handle = handle;
            strcpy(weights[found].name, weightFileName);
        }
    }
    if (err == ACL_SUCCESS) {
        weights[found].ptr = devPtr;
        weights[found].size = size;
    }
    pthread_mutex_unlock(&weights_lock);
    return err;
}
