/*
 * Model bundles (aclmdlBundle*): one file or buffer holding several models.
 *
 * The runtime's bundles are offline-model containers the emulator cannot read; the emulator
 * reads its own documented container instead (docs/model_bundles.md):
 *
 *   bytes 0..7    magic "ACLEMUB1"
 *   bytes 8..11   model count n, uint32 little-endian, 1..BUNDLE_MAX_MODELS
 *   bytes 12..15  zero (reserved)
 *   16 + 8*i      size of model i, uint64 little-endian
 *   then the n models back to back, each an ONNX model (or an .om model with an ONNX stand-in,
 *   exactly as aclmdlLoadFromMem accepts)
 *
 * aclmdlBundleLoadFrom* loads every model at once; aclmdlBundleInitFrom* keeps the bytes and lets
 * aclmdlBundleLoadModel* load models one at a time. The models of a bundle are ordinary loaded
 * models (aclmdlExecute runs them). ONNX models have no variable weights shared between the
 * models of a bundle, so the variable weight size is 0 and a variable-weight buffer given to
 * aclmdlBundleInitFrom* is checked and kept, not used.
 */
#include "model_internal.h"

#include "acl/acl_mdl.h"

#include <stdlib.h>
#include <string.h>

#define BUNDLE_MAGIC "ACLEMUB1"
#define BUNDLE_HEADER 16u
#define BUNDLE_MAX_MODELS 1024u
#define BUNDLE_KIND_QUERY_INFO (ACLEMU_KIND_AREA_FREE + 215)

typedef struct bundle_layout {
    size_t num;
    size_t *offset;
    size_t *size;
} bundle_layout;

typedef struct bundle {
    uint32_t id;
    unsigned char *bytes;
    bundle_layout layout;
    uint32_t *model_of; /* the model loaded from each index, 0 when none */
} bundle;

struct aclmdlBundleQueryInfo {
    bool filled;
    size_t num;
    size_t *work;
    size_t *weight;
};

static pthread_mutex_t bundles_lock = PTHREAD_MUTEX_INITIALIZER;
static bundle **bundles;
static size_t bundles_num;
static uint32_t next_bundle_id = 1;

/* ------------------------------------------------------------- container */

static uint64_t read_le(const unsigned char *p, size_t n)
{
    uint64_t v = 0;
    for (size_t i = n; i-- > 0;) {
        v = v << 8 | p[i];
    }
    return v;
}

static void layout_free(bundle_layout *layout)
{
    free(layout->offset);
    free(layout->size);
}

static aclError bad_bundle(const char *fn, const char *why)
{
    return aclemu_set_error(ACL_ERROR_GE_EXEC_MODEL_DATA_SIZE_INVALID,
                            "%s: not an emulator model bundle (docs/model_bundles.md): %s", fn, why);
}

static aclError parse(const unsigned char *data, size_t size, bundle_layout *out, const char *fn)
{
    if (size < BUNDLE_HEADER || memcmp(data, BUNDLE_MAGIC, 8) != 0) {
        return bad_bundle(fn, "the magic ACLEMUB1 is missing");
    }
    uint64_t num = read_le(data + 8, 4);
    if (num == 0 || num > BUNDLE_MAX_MODELS || read_le(data + 12, 4) != 0) {
        return bad_bundle(fn, "the model count is 0, above 1024, or the reserved word is not 0");
    }
    if (size - BUNDLE_HEADER < num * 8) {
        return bad_bundle(fn, "the size table is truncated");
    }
    out->num = (size_t)num;
    out->offset = calloc(out->num, sizeof *out->offset);
    out->size = calloc(out->num, sizeof *out->size);
    if (out->offset == NULL || out->size == NULL) {
        layout_free(out);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    size_t at = BUNDLE_HEADER + out->num * 8;
    for (size_t i = 0; i < out->num; ++i) {
        uint64_t len = read_le(data + BUNDLE_HEADER + i * 8, 8);
        if (len == 0 || len > size - at) {
            layout_free(out);
            return bad_bundle(fn, "a model size is 0 or runs past the end");
        }
        out->offset[i] = at;
        out->size[i] = (size_t)len;
        at += (size_t)len;
    }
    if (at != size) {
        layout_free(out);
        return bad_bundle(fn, "bytes follow the last model");
    }
    return ACL_SUCCESS;
}

/* The bytes of a bundle file or buffer, copied (caller frees). */
static aclError read_source(const char *path, const void *mem, size_t mem_size, unsigned char **data, size_t *size,
                            const char *fn)
{
    if (path != NULL) {
        return model_read_plain_file(path, (void **)data, size, fn);
    }
    if (mem == NULL || mem_size == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the model buffer is NULL or its size 0", fn);
    }
    aclError err = aclemu_mem_check(mem, mem_size, false, fn, "model");
    if (err != ACL_SUCCESS) {
        return err;
    }
    *data = malloc(mem_size);
    if (*data == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    memcpy(*data, mem, mem_size);
    *size = mem_size;
    return ACL_SUCCESS;
}

/* ---------------------------------------------------------------- bundles */

static void bundle_free(bundle *b)
{
    free(b->bytes);
    layout_free(&b->layout);
    free(b->model_of);
    free(b);
}

static aclError bundle_open(const char *path, const void *mem, size_t mem_size, bundle **out, const char *fn)
{
    aclError err = aclemu_require_init(fn);
    int32_t device = -1;
    if (err == ACL_SUCCESS) {
        err = aclemu_require_device(fn, &device);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    bundle *b = calloc(1, sizeof *b);
    if (b == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    size_t size = 0;
    err = read_source(path, mem, mem_size, &b->bytes, &size, fn);
    if (err == ACL_SUCCESS) {
        err = parse(b->bytes, size, &b->layout, fn);
        if (err != ACL_SUCCESS) {
            free(b->bytes);
            free(b);
            return err;
        }
    } else {
        free(b);
        return err;
    }
    b->model_of = calloc(b->layout.num, sizeof *b->model_of);
    if (b->model_of == NULL) {
        bundle_free(b);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    *out = b;
    return ACL_SUCCESS;
}

static aclError bundle_register(bundle *b, uint32_t *bundle_id, const char *fn)
{
    pthread_mutex_lock(&bundles_lock);
    bundle **grown = realloc(bundles, (bundles_num + 1) * sizeof *grown);
    aclError err = ACL_SUCCESS;
    if (grown == NULL) {
        err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    } else {
        bundles = grown;
        b->id = next_bundle_id++;
        bundles[bundles_num++] = b;
        *bundle_id = b->id;
    }
    pthread_mutex_unlock(&bundles_lock);
    return err;
}

static void unload_models(bundle *b)
{
    for (size_t i = 0; i < b->layout.num; ++i) {
        if (b->model_of[i] != 0) {
            aclmdlUnload(b->model_of[i]);
            b->model_of[i] = 0;
        }
    }
}

static aclError load_index(bundle *b, size_t index, uint32_t *model_id, const char *fn)
{
    uint32_t id = 0;
    aclError err = model_load_bytes(b->bytes + b->layout.offset[index], b->layout.size[index], &id, fn);
    if (err == ACL_SUCCESS) {
        b->model_of[index] = id;
        *model_id = id;
    }
    return err;
}

static aclError load_all(const char *path, const void *mem, size_t mem_size, uint32_t *bundle_id, const char *fn)
{
    if (bundle_id == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: bundleId is NULL", fn);
    }
    bundle *b = NULL;
    aclError err = bundle_open(path, mem, mem_size, &b, fn);
    for (size_t i = 0; err == ACL_SUCCESS && i < b->layout.num; ++i) {
        uint32_t ignored = 0;
        err = load_index(b, i, &ignored, fn);
    }
    if (err == ACL_SUCCESS) {
        err = bundle_register(b, bundle_id, fn);
    }
    if (err != ACL_SUCCESS && b != NULL) {
        unload_models(b);
        bundle_free(b);
    }
    return err;
}

static aclError init_only(const char *path, const void *mem, size_t mem_size, void *var_weight,
                          size_t var_weight_size, uint32_t *bundle_id, const char *fn)
{
    if (bundle_id == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: bundleId is NULL", fn);
    }
    if (var_weight != NULL || var_weight_size != 0) {
        aclError err = aclemu_mem_check(var_weight, var_weight_size, true, fn, "varWeightPtr");
        if (err != ACL_SUCCESS) {
            return err;
        }
    }
    bundle *b = NULL;
    aclError err = bundle_open(path, mem, mem_size, &b, fn);
    if (err == ACL_SUCCESS) {
        err = bundle_register(b, bundle_id, fn);
        if (err != ACL_SUCCESS) {
            bundle_free(b);
        }
    }
    return err;
}

/* With bundles_lock held: the live bundle `id`, or NULL with the error recorded. */
static bundle *find_bundle(uint32_t id, const char *fn)
{
    for (size_t i = 0; i < bundles_num; ++i) {
        if (bundles[i]->id == id) {
            return bundles[i];
        }
    }
    aclemu_set_error(ACL_ERROR_GE_EXEC_MODEL_ID_INVALID, "%s: bundle id %u is not loaded", fn, id);
    return NULL;
}

aclError aclmdlBundleLoadFromFile(const char *modelPath, uint32_t *bundleId)
{
    static const char fn[] = "aclmdlBundleLoadFromFile";
    if (modelPath == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: modelPath is NULL", fn);
    }
    return load_all(modelPath, NULL, 0, bundleId, fn);
}

aclError aclmdlBundleLoadFromMem(const void *model, size_t modelSize, uint32_t *bundleId)
{
    return load_all(NULL, model, modelSize, bundleId, "aclmdlBundleLoadFromMem");
}

aclError aclmdlBundleInitFromFile(const char *modelPath, void *varWeightPtr, size_t varWeightSize, uint32_t *bundleId)
{
    static const char fn[] = "aclmdlBundleInitFromFile";
    if (modelPath == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: modelPath is NULL", fn);
    }
    return init_only(modelPath, NULL, 0, varWeightPtr, varWeightSize, bundleId, fn);
}

aclError aclmdlBundleInitFromMem(const void *model, size_t modelSize, void *varWeightPtr, size_t varWeightSize,
                                 uint32_t *bundleId)
{
    return init_only(NULL, model, modelSize, varWeightPtr, varWeightSize, bundleId, "aclmdlBundleInitFromMem");
}

aclError aclmdlBundleUnload(uint32_t bundleId)
{
    pthread_mutex_lock(&bundles_lock);
    bundle *b = find_bundle(bundleId, "aclmdlBundleUnload");
    for (size_t i = 0; b != NULL && i < bundles_num; ++i) {
        if (bundles[i] == b) {
            bundles[i] = bundles[--bundles_num];
            break;
        }
    }
    pthread_mutex_unlock(&bundles_lock);
    if (b == NULL) {
        return ACL_ERROR_GE_EXEC_MODEL_ID_INVALID;
    }
    unload_models(b);
    bundle_free(b);
    return ACL_SUCCESS;
}

aclError aclmdlBundleGetModelNum(uint32_t bundleId, size_t *modelNum)
{
    static const char fn[] = "aclmdlBundleGetModelNum";
    if (modelNum == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: modelNum is NULL", fn);
    }
    pthread_mutex_lock(&bundles_lock);
    bundle *b = find_bundle(bundleId, fn);
    if (b != NULL) {
        *modelNum = b->layout.num;
    }
    pthread_mutex_unlock(&bundles_lock);
    return b != NULL ? ACL_SUCCESS : ACL_ERROR_GE_EXEC_MODEL_ID_INVALID;
}

/* With bundles_lock held: the bundle and a valid model index, or the error. */
static aclError bundle_index(uint32_t bundle_id, size_t index, bundle **out, const char *fn)
{
    bundle *b = find_bundle(bundle_id, fn);
    if (b == NULL) {
        return ACL_ERROR_GE_EXEC_MODEL_ID_INVALID;
    }
    if (index >= b->layout.num) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: index %zu is outside the bundle's %zu models", fn,
                                index, b->layout.num);
    }
    *out = b;
    return ACL_SUCCESS;
}

aclError aclmdlBundleGetModelId(uint32_t bundleId, size_t index, uint32_t *modelId)
{
    static const char fn[] = "aclmdlBundleGetModelId";
    if (modelId == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: modelId is NULL", fn);
    }
    pthread_mutex_lock(&bundles_lock);
    bundle *b = NULL;
    aclError err = bundle_index(bundleId, index, &b, fn);
    if (err == ACL_SUCCESS && b->model_of[index] == 0) {
        err = aclemu_set_error(ACL_ERROR_GE_EXEC_MODEL_ID_INVALID, "%s: model %zu of bundle %u is not loaded "
                               "(aclmdlBundleLoadModel loads it)", fn, index, bundleId);
    }
    if (err == ACL_SUCCESS) {
        *modelId = b->model_of[index];
    }
    pthread_mutex_unlock(&bundles_lock);
    return err;
}

/* Load model `index` of the bundle, after the caller's own checks. */
static aclError load_model(uint32_t bundle_id, size_t index, uint32_t *model_id, const char *fn)
{
    if (model_id == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: modelId is NULL", fn);
    }
    pthread_mutex_lock(&bundles_lock);
    bundle *b = NULL;
    aclError err = bundle_index(bundle_id, index, &b, fn);
    if (err == ACL_SUCCESS && b->model_of[index] != 0) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: model %zu of bundle %u is loaded already (model %u)",
                               fn, index, bundle_id, b->model_of[index]);
    }
    if (err == ACL_SUCCESS) {
        err = load_index(b, index, model_id, fn);
    }
    pthread_mutex_unlock(&bundles_lock);
    return err;
}

aclError aclmdlBundleLoadModel(uint32_t bundleId, size_t index, uint32_t *modelId)
{
    return load_model(bundleId, index, modelId, "aclmdlBundleLoadModel");
}

aclError aclmdlBundleLoadModelWithMem(uint32_t bundleId, size_t index, void *workPtr, size_t workSize,
                                      void *weightPtr, size_t weightSize, uint32_t *modelId)
{
    static const char fn[] = "aclmdlBundleLoadModelWithMem";
    /* The executor keeps its own memory; the ranges given must still be valid device memory. */
    aclError err = ACL_SUCCESS;
    if (workPtr != NULL || workSize != 0) {
        err = aclemu_mem_check(workPtr, workSize, true, fn, "workPtr");
    }
    if (err == ACL_SUCCESS && (weightPtr != NULL || weightSize != 0)) {
        err = aclemu_mem_check(weightPtr, weightSize, true, fn, "weightPtr");
    }
    return err != ACL_SUCCESS ? err : load_model(bundleId, index, modelId, fn);
}

aclError aclmdlBundleLoadModelWithConfig(uint32_t bundleId, size_t index, aclmdlConfigHandle *handle,
                                         uint32_t *modelId)
{
    static const char fn[] = "aclmdlBundleLoadModelWithConfig";
    if (!aclemu_handle_is(handle, ACLEMU_KIND_MODEL_CONFIG)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: handle is not a live aclmdlConfigHandle", fn);
    }
    return load_model(bundleId, index, modelId, fn);
}

aclError aclmdlBundleUnloadModel(uint32_t bundleId, uint32_t modelId)
{
    static const char fn[] = "aclmdlBundleUnloadModel";
    pthread_mutex_lock(&bundles_lock);
    bundle *b = find_bundle(bundleId, fn);
    aclError err = b != NULL ? ACL_SUCCESS : ACL_ERROR_GE_EXEC_MODEL_ID_INVALID;
    size_t index = 0;
    while (b != NULL && index < b->layout.num && b->model_of[index] != modelId) {
        ++index;
    }
    if (b != NULL && (modelId == 0 || index == b->layout.num)) {
        err = aclemu_set_error(ACL_ERROR_GE_EXEC_MODEL_ID_INVALID, "%s: model %u is not a loaded model of bundle %u",
                               fn, modelId, bundleId);
    }
    if (err == ACL_SUCCESS) {
        b->model_of[index] = 0;
    }
    pthread_mutex_unlock(&bundles_lock);
    return err != ACL_SUCCESS ? err : aclmdlUnload(modelId);
}

/* ------------------------------------------------------------- queries */

aclmdlBundleQueryInfo *aclmdlBundleCreateQueryInfo(void)
{
    return model_handle_new(sizeof(aclmdlBundleQueryInfo), BUNDLE_KIND_QUERY_INFO, "aclmdlBundleCreateQueryInfo");
}

static aclError bad_info(const void *info, const char *fn)
{
    return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live aclmdlBundleQueryInfo", fn, info);
}

aclError aclmdlBundleDestroyQueryInfo(aclmdlBundleQueryInfo *queryInfo)
{
    if (!aclemu_handle_remove(queryInfo, BUNDLE_KIND_QUERY_INFO)) {
        return bad_info(queryInfo, "aclmdlBundleDestroyQueryInfo");
    }
    free(queryInfo->work);
    free(queryInfo->weight);
    free(queryInfo);
    return ACL_SUCCESS;
}

static aclError query(const char *path, const void *mem, size_t mem_size, aclmdlBundleQueryInfo *info,
                      const char *fn)
{
    if (!aclemu_handle_is(info, BUNDLE_KIND_QUERY_INFO)) {
        return bad_info(info, fn);
    }
    bundle *b = NULL;
    aclError err = bundle_open(path, mem, mem_size, &b, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    size_t *work = calloc(b->layout.num, sizeof *work);
    size_t *weight = calloc(b->layout.num, sizeof *weight);
    if (work == NULL || weight == NULL) {
        err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    for (size_t i = 0; err == ACL_SUCCESS && i < b->layout.num; ++i) {
        err = model_query_sizes(b->bytes + b->layout.offset[i], b->layout.size[i], &work[i], &weight[i], fn);
    }
    if (err == ACL_SUCCESS) {
        free(info->work);
        free(info->weight);
        info->work = work;
        info->weight = weight;
        info->num = b->layout.num;
        info->filled = true;
    } else {
        free(work);
        free(weight);
    }
    bundle_free(b);
    return err;
}

aclError aclmdlBundleQueryInfoFromFile(const char *fileName, aclmdlBundleQueryInfo *queryInfo)
{
    static const char fn[] = "aclmdlBundleQueryInfoFromFile";
    if (fileName == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: fileName is NULL", fn);
    }
    return query(fileName, NULL, 0, queryInfo, fn);
}

aclError aclmdlBundleQueryInfoFromMem(const void *model, size_t modelSize, aclmdlBundleQueryInfo *queryInfo)
{
    return query(NULL, model, modelSize, queryInfo, "aclmdlBundleQueryInfoFromMem");
}

static aclError filled_info(const aclmdlBundleQueryInfo *info, const void *out, const char *fn)
{
    if (!aclemu_handle_is(info, BUNDLE_KIND_QUERY_INFO)) {
        return bad_info(info, fn);
    }
    if (out == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: an output pointer is NULL", fn);
    }
    if (!info->filled) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the query info was never filled "
                                "(aclmdlBundleQueryInfoFromFile/FromMem)", fn);
    }
    return ACL_SUCCESS;
}

aclError aclmdlBundleGetQueryModelNum(const aclmdlBundleQueryInfo *queryInfo, size_t *modelNum)
{
    aclError err = filled_info(queryInfo, modelNum, "aclmdlBundleGetQueryModelNum");
    if (err == ACL_SUCCESS) {
        *modelNum = queryInfo->num;
    }
    return err;
}

aclError aclmdlBundleGetVarWeightSize(const aclmdlBundleQueryInfo *queryInfo, size_t *variableWeightSize)
{
    aclError err = filled_info(queryInfo, variableWeightSize, "aclmdlBundleGetVarWeightSize");
    if (err == ACL_SUCCESS) {
        *variableWeightSize = 0; /* ONNX models share no variable weights */
    }
    return err;
}

aclError aclmdlBundleGetSize(const aclmdlBundleQueryInfo *queryInfo, size_t index, size_t *workSize,
                             size_t *constWeightSize)
{
    static const char fn[] = "aclmdlBundleGetSize";
    aclError err = filled_info(queryInfo, workSize, fn);
    if (err == ACL_SUCCESS && constWeightSize == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: constWeightSize is NULL", fn);
    }
    if (err == ACL_SUCCESS && index >= queryInfo->num) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: index %zu is outside the bundle's %zu models", fn, index,
                               queryInfo->num);
    }
    if (err == ACL_SUCCESS) {
        *workSize = queryInfo->work[index];
        *constWeightSize = queryInfo->weight[index];
    }
    return err;
}
