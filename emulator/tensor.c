/* Tensor descriptions: every get/set of aclTensorDesc. */
#include "emu.h"

#include <stdlib.h>
#include <string.h>

enum { UNKNOWN_RANK_DIM = -2 };

static bool live_desc(const aclTensorDesc *desc, const char *fn)
{
    if (aclemu_handle_is(desc, ACLEMU_KIND_TENSOR_DESC)) {
        return true;
    }
    aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live tensor desc", fn, (const void *)desc);
    return false;
}

/* Copies `count` int64 values (NULL when count is 0); false when out of memory. */
static bool copy_int64s(int64_t **out, const int64_t *values, size_t count)
{
    *out = NULL;
    if (count == 0) {
        return true;
    }
    *out = malloc(count * sizeof **out);
    if (*out == NULL) {
        return false;
    }
    memcpy(*out, values, count * sizeof **out);
    return true;
}

static bool copy_ranges(int64_t (**out)[2], const int64_t (*ranges)[2], size_t count)
{
    *out = NULL;
    if (count == 0) {
        return true;
    }
    *out = malloc(count * sizeof **out);
    if (*out == NULL) {
        return false;
    }
    memcpy(*out, ranges, count * sizeof **out);
    return true;
}

static bool copy_text(char **out, const char *text)
{
    *out = NULL;
    if (text == NULL) {
        return true;
    }
    size_t length = strlen(text) + 1;
    *out = malloc(length);
    if (*out == NULL) {
        return false;
    }
    memcpy(*out, text, length);
    return true;
}

static void release_fields(aclTensorDesc *desc)
{
    free(desc->dims);
    free(desc->dim_ranges);
    free(desc->value_ranges);
    free(desc->origin_dims);
    free(desc->storage_dims);
    free(desc->name);
    free(desc->dynamic_input_name);
    free(desc->const_data);
}

/* A shape argument: numDims >= 0, dims given when numDims > 0. */
static aclError check_shape(int numDims, const int64_t *dims, const char *fn)
{
    if (numDims < 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: numDims %d is negative", fn, numDims);
    }
    if (numDims > 0 && dims == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dims is NULL but numDims is %d", fn, numDims);
    }
    return ACL_SUCCESS;
}

static bool shape_is_unknown_rank(size_t num_dims, const int64_t *dims)
{
    return num_dims == 1 && dims[0] == UNKNOWN_RANK_DIM;
}

/* A zeroed desc made a fresh one of that type, shape and format; false when out of memory. */
static bool init_desc(aclTensorDesc *desc, aclDataType type, size_t num_dims, const int64_t *dims, aclFormat format)
{
    if (!copy_int64s(&desc->dims, dims, num_dims)) {
        return false;
    }
    desc->type = type;
    desc->format = format;
    desc->num_dims = num_dims;
    desc->unknown_rank = num_dims > 0 && shape_is_unknown_rank(num_dims, dims);
    desc->origin_format = format;
    desc->storage_format = ACL_FORMAT_UNDEFINED;
    desc->placement = ACL_MEMTYPE_DEVICE;
    return true;
}

aclTensorDesc *aclemu_tensor_desc_new(aclDataType type, size_t num_dims, const int64_t *dims, aclFormat format)
{
    aclTensorDesc *desc = calloc(1, sizeof *desc);
    if (desc == NULL || !init_desc(desc, type, num_dims, dims, format)) {
        free(desc);
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "out of host memory creating a tensor desc");
        return NULL;
    }
    if (aclemu_handle_add(desc, ACLEMU_KIND_TENSOR_DESC) != ACL_SUCCESS) {
        release_fields(desc);
        free(desc);
        return NULL;
    }
    return desc;
}

aclTensorDesc *aclemu_tensor_desc_clone(const aclTensorDesc *src)
{
    aclTensorDesc *desc = calloc(1, sizeof *desc);
    if (desc == NULL) {
        return NULL;
    }
    *desc = *src;
    desc->array_len = 0; /* a copy is a desc of its own */
    desc->array_member = false;
    desc->array_release = NULL;
    desc->array_arg = NULL;
    bool ok = copy_int64s(&desc->dims, src->dims, src->num_dims) &&
              copy_ranges(&desc->dim_ranges, (const int64_t(*)[2])src->dim_ranges, src->num_dim_ranges) &&
              copy_ranges(&desc->value_ranges, (const int64_t(*)[2])src->value_ranges, src->num_value_ranges) &&
              copy_int64s(&desc->origin_dims, src->origin_dims, src->num_origin_dims) &&
              copy_int64s(&desc->storage_dims, src->storage_dims, src->num_storage_dims) &&
              copy_text(&desc->name, src->name) && copy_text(&desc->dynamic_input_name, src->dynamic_input_name);
    desc->const_data = NULL;
    if (ok && src->const_data != NULL) {
        desc->const_data = malloc(src->const_len ? src->const_len : 1);
        ok = desc->const_data != NULL;
        if (ok) {
            memcpy(desc->const_data, src->const_data, src->const_len);
        }
    }
    if (!ok || aclemu_handle_add(desc, ACLEMU_KIND_TENSOR_DESC) != ACL_SUCCESS) {
        /* fields not yet copied still point into src: clear them before releasing */
        if (!ok) {
            aclemu_set_error(ACL_ERROR_BAD_ALLOC, "out of host memory copying a tensor desc");
        }
        aclTensorDesc cleanup = {0};
        cleanup.dims = desc->dims != src->dims ? desc->dims : NULL;
        cleanup.dim_ranges = desc->dim_ranges != src->dim_ranges ? desc->dim_ranges : NULL;
        cleanup.value_ranges = desc->value_ranges != src->value_ranges ? desc->value_ranges : NULL;
        cleanup.origin_dims = desc->origin_dims != src->origin_dims ? desc->origin_dims : NULL;
        cleanup.storage_dims = desc->storage_dims != src->storage_dims ? desc->storage_dims : NULL;
        cleanup.name = desc->name != src->name ? desc->name : NULL;
        cleanup.dynamic_input_name = desc->dynamic_input_name != src->dynamic_input_name ? desc->dynamic_input_name
                                                                                        : NULL;
        cleanup.const_data = desc->const_data;
        release_fields(&cleanup);
        free(desc);
        return NULL;
    }
    return desc;
}

void aclemu_tensor_desc_free(const aclTensorDesc *desc)
{
    if (!aclemu_handle_remove(desc, ACLEMU_KIND_TENSOR_DESC)) {
        return;
    }
    release_fields((aclTensorDesc *)desc);
    free((void *)desc);
}

size_t aclemu_tensor_desc_elements(const aclTensorDesc *desc)
{
    if (desc->unknown_rank) {
        return 0;
    }
    size_t count = 1;
    for (size_t i = 0; i < desc->num_dims; ++i) {
        if (desc->dims[i] < 0) {
            return 0;
        }
        count *= (size_t)desc->dims[i];
    }
    return count;
}

aclTensorDesc *aclCreateTensorDesc(aclDataType dataType, int numDims, const int64_t *dims, aclFormat format)
{
    if (check_shape(numDims, dims, "aclCreateTensorDesc") != ACL_SUCCESS) {
        return NULL;
    }
    return aclemu_tensor_desc_new(dataType, (size_t)numDims, dims, format);
}

aclTensorDesc *aclemu_tensor_desc_array_new(const aclemu_desc_spec *specs, size_t count, void (*release)(void *),
                                            void *arg)
{
    aclTensorDesc *array = calloc(count, sizeof *array);
    size_t made = 0;
    for (; array != NULL && made < count; ++made) {
        aclTensorDesc *desc = &array[made];
        if (!init_desc(desc, specs[made].type, specs[made].num_dims, specs[made].dims, specs[made].format)) {
            break;
        }
        desc->address = specs[made].address;
        desc->array_member = made > 0;
        if (aclemu_handle_add(desc, ACLEMU_KIND_TENSOR_DESC) != ACL_SUCCESS) {
            free(desc->dims);
            break;
        }
    }
    if (array == NULL || made < count) {
        while (array != NULL && made-- > 0) {
            aclemu_handle_remove(&array[made], ACLEMU_KIND_TENSOR_DESC);
            free(array[made].dims);
        }
        free(array);
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "out of host memory creating a tensor desc array");
        return NULL;
    }
    array->array_len = count;
    array->array_release = release;
    array->array_arg = arg;
    return array;
}

/* The head of a desc array frees the whole array; its other elements are not the user's to free. */
void aclDestroyTensorDesc(const aclTensorDesc *desc)
{
    const char *fn = "aclDestroyTensorDesc";
    if (!live_desc(desc, fn)) {
        return;
    }
    if (desc->array_member) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is an element of a desc array: destroy its first "
                         "element, which frees the whole array", fn, (const void *)desc);
        return;
    }
    size_t count = desc->array_len;
    if (count == 0) {
        aclemu_tensor_desc_free(desc);
        return;
    }
    aclTensorDesc *array = (aclTensorDesc *)desc;
    for (size_t i = 0; i < count; ++i) {
        if (aclemu_handle_remove(&array[i], ACLEMU_KIND_TENSOR_DESC)) {
            release_fields(&array[i]);
        }
    }
    if (array->array_release != NULL) {
        array->array_release(array->array_arg);
    }
    free(array);
}

/* Descs created as an array by another area (one registration per element) are walked
 * by index; anything else past the first element is not a desc. */
aclTensorDesc *aclGetTensorDescByIndex(aclTensorDesc *desc, size_t index)
{
    const char *fn = "aclGetTensorDescByIndex";
    if (!live_desc(desc, fn)) {
        return NULL;
    }
    aclTensorDesc *element = desc + index;
    if (!aclemu_handle_is(element, ACLEMU_KIND_TENSOR_DESC)) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: index %zu is past the end of the desc array", fn, index);
        return NULL;
    }
    return element;
}

void *aclGetTensorDescAddress(const aclTensorDesc *desc)
{
    return live_desc(desc, "aclGetTensorDescAddress") ? desc->address : NULL;
}

aclDataType aclGetTensorDescType(const aclTensorDesc *desc)
{
    return live_desc(desc, "aclGetTensorDescType") ? desc->type : ACL_DT_UNDEFINED;
}

aclFormat aclGetTensorDescFormat(const aclTensorDesc *desc)
{
    return live_desc(desc, "aclGetTensorDescFormat") ? desc->format : ACL_FORMAT_UNDEFINED;
}

size_t aclGetTensorDescNumDims(const aclTensorDesc *desc)
{
    if (!live_desc(desc, "aclGetTensorDescNumDims")) {
        return 0;
    }
    return desc->unknown_rank ? (size_t)ACL_UNKNOWN_RANK : desc->num_dims;
}

static aclError dim_at(const aclTensorDesc *desc, size_t index, int64_t *dim, const char *fn)
{
    if (!live_desc(desc, fn)) {
        return ACL_ERROR_INVALID_PARAM;
    }
    if (desc->unknown_rank || index >= desc->num_dims) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: index %zu is out of range (%zu dims)", fn, index,
                                desc->unknown_rank ? (size_t)0 : desc->num_dims);
    }
    *dim = desc->dims[index];
    return ACL_SUCCESS;
}

int64_t aclGetTensorDescDim(const aclTensorDesc *desc, size_t index)
{
    int64_t dim = -1;
    return dim_at(desc, index, &dim, "aclGetTensorDescDim") == ACL_SUCCESS ? dim : -1;
}

aclError aclGetTensorDescDimV2(const aclTensorDesc *desc, size_t index, int64_t *dimSize)
{
    if (dimSize == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclGetTensorDescDimV2: dimSize is NULL");
    }
    return dim_at(desc, index, dimSize, "aclGetTensorDescDimV2");
}

/* [min, max] of one dim: the range set by aclSetTensorShapeRange, else the static dim. */
aclError aclGetTensorDescDimRange(const aclTensorDesc *desc, size_t index, size_t dimRangeNum, int64_t *dimRange)
{
    const char *fn = "aclGetTensorDescDimRange";
    int64_t dim = 0;
    aclError err = dim_at(desc, index, &dim, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (dimRange == NULL || dimRangeNum < ACL_TENSOR_SHAPE_RANGE_NUM) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dimRange must hold %d values", fn,
                                ACL_TENSOR_SHAPE_RANGE_NUM);
    }
    if (index < desc->num_dim_ranges) {
        dimRange[0] = desc->dim_ranges[index][0];
        dimRange[1] = desc->dim_ranges[index][1];
    } else {
        dimRange[0] = dim;
        dimRange[1] = dim;
    }
    return ACL_SUCCESS;
}

size_t aclGetTensorDescElementCount(const aclTensorDesc *desc)
{
    return live_desc(desc, "aclGetTensorDescElementCount") ? aclemu_tensor_desc_elements(desc) : 0;
}

size_t aclGetTensorDescSize(const aclTensorDesc *desc)
{
    if (!live_desc(desc, "aclGetTensorDescSize")) {
        return 0;
    }
    return aclemu_tensor_desc_elements(desc) * aclemu_dtype_size(desc->type);
}

/* "" when no name is set (never NULL, so callers can print it). */
const char *aclGetTensorDescName(aclTensorDesc *desc)
{
    if (!live_desc(desc, "aclGetTensorDescName")) {
        return "";
    }
    return desc->name ? desc->name : "";
}

void aclSetTensorDescName(aclTensorDesc *desc, const char *name)
{
    if (!live_desc(desc, "aclSetTensorDescName")) {
        return;
    }
    char *copy = NULL;
    if (!copy_text(&copy, name)) {
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "aclSetTensorDescName: out of host memory");
        return;
    }
    free(desc->name);
    desc->name = copy;
}

aclError aclSetTensorDynamicInput(aclTensorDesc *desc, const char *dynamicInputName)
{
    const char *fn = "aclSetTensorDynamicInput";
    if (!live_desc(desc, fn)) {
        return ACL_ERROR_INVALID_PARAM;
    }
    if (dynamicInputName == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dynamicInputName is NULL", fn);
    }
    char *copy = NULL;
    if (!copy_text(&copy, dynamicInputName)) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    free(desc->dynamic_input_name);
    desc->dynamic_input_name = copy;
    return ACL_SUCCESS;
}

static aclError set_format(aclTensorDesc *desc, aclFormat format, aclFormat *field, const char *fn)
{
    if (!live_desc(desc, fn)) {
        return ACL_ERROR_INVALID_PARAM;
    }
    *field = format;
    return ACL_SUCCESS;
}

aclError aclSetTensorFormat(aclTensorDesc *desc, aclFormat format)
{
    return set_format(desc, format, desc ? &desc->format : NULL, "aclSetTensorFormat");
}

aclError aclSetTensorOriginFormat(aclTensorDesc *desc, aclFormat format)
{
    return set_format(desc, format, desc ? &desc->origin_format : NULL, "aclSetTensorOriginFormat");
}

aclError aclSetTensorStorageFormat(aclTensorDesc *desc, aclFormat format)
{
    return set_format(desc, format, desc ? &desc->storage_format : NULL, "aclSetTensorStorageFormat");
}

/* Replaces one of the desc's shapes; `which` is 0 (shape), 1 (origin), 2 (storage). */
static aclError set_shape(aclTensorDesc *desc, int numDims, const int64_t *dims, int which, const char *fn)
{
    if (!live_desc(desc, fn)) {
        return ACL_ERROR_INVALID_PARAM;
    }
    aclError err = check_shape(numDims, dims, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    int64_t *copy = NULL;
    if (!copy_int64s(&copy, dims, (size_t)numDims)) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    size_t count = (size_t)numDims;
    if (which == 0) {
        free(desc->dims);
        desc->dims = copy;
        desc->num_dims = count;
        desc->unknown_rank = count > 0 && shape_is_unknown_rank(count, copy);
    } else if (which == 1) {
        free(desc->origin_dims);
        desc->origin_dims = copy;
        desc->num_origin_dims = count;
        desc->has_origin_shape = true;
    } else {
        free(desc->storage_dims);
        desc->storage_dims = copy;
        desc->num_storage_dims = count;
        desc->has_storage_shape = true;
    }
    return ACL_SUCCESS;
}

aclError aclSetTensorShape(aclTensorDesc *desc, int numDims, const int64_t *dims)
{
    return set_shape(desc, numDims, dims, 0, "aclSetTensorShape");
}

aclError aclSetTensorOriginShape(aclTensorDesc *desc, int numDims, const int64_t *dims)
{
    return set_shape(desc, numDims, dims, 1, "aclSetTensorOriginShape");
}

aclError aclSetTensorStorageShape(aclTensorDesc *desc, int numDims, const int64_t *dims)
{
    return set_shape(desc, numDims, dims, 2, "aclSetTensorStorageShape");
}

static aclError set_ranges(aclTensorDesc *desc, size_t count, int64_t ranges[][2], bool value_ranges, const char *fn)
{
    if (!live_desc(desc, fn)) {
        return ACL_ERROR_INVALID_PARAM;
    }
    if (count > 0 && ranges == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: ranges are NULL but the count is %zu", fn, count);
    }
    for (size_t i = 0; i < count && !value_ranges; ++i) {
        /* -1 as the upper bound means unbounded */
        if (ranges[i][0] < 0 || (ranges[i][1] != -1 && ranges[i][1] < ranges[i][0])) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: range %zu [%lld, %lld] is invalid", fn, i,
                                    (long long)ranges[i][0], (long long)ranges[i][1]);
        }
    }
    int64_t(*copy)[2] = NULL;
    if (!copy_ranges(&copy, (const int64_t(*)[2])ranges, count)) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    if (value_ranges) {
        free(desc->value_ranges);
        desc->value_ranges = copy;
        desc->num_value_ranges = count;
    } else {
        free(desc->dim_ranges);
        desc->dim_ranges = copy;
        desc->num_dim_ranges = count;
    }
    return ACL_SUCCESS;
}

aclError aclSetTensorShapeRange(aclTensorDesc *desc, size_t dimsCount, int64_t dimsRange[][ACL_TENSOR_SHAPE_RANGE_NUM])
{
    return set_ranges(desc, dimsCount, dimsRange, false, "aclSetTensorShapeRange");
}

aclError aclSetTensorValueRange(aclTensorDesc *desc, size_t valueCount,
                                int64_t valueRange[][ACL_TENSOR_VALUE_RANGE_NUM])
{
    return set_ranges(desc, valueCount, valueRange, true, "aclSetTensorValueRange");
}

aclError aclSetTensorPlaceMent(aclTensorDesc *desc, aclMemType memType)
{
    const char *fn = "aclSetTensorPlaceMent";
    if (!live_desc(desc, fn)) {
        return ACL_ERROR_INVALID_PARAM;
    }
    if ((int)memType < (int)ACL_MEMTYPE_DEVICE || (int)memType > (int)ACL_MEMTYPE_HOST_COMPILE_INDEPENDENT) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown memory type %d", fn, (int)memType);
    }
    desc->placement = memType;
    return ACL_SUCCESS;
}

/* The desc keeps its own copy of the constant's bytes. */
aclError aclSetTensorConst(aclTensorDesc *desc, void *dataBuffer, size_t length)
{
    const char *fn = "aclSetTensorConst";
    if (!live_desc(desc, fn)) {
        return ACL_ERROR_INVALID_PARAM;
    }
    if (dataBuffer == NULL || length == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dataBuffer is NULL or length is 0", fn);
    }
    if (aclemu_mem_check(dataBuffer, length, false, fn, "dataBuffer") != ACL_SUCCESS) {
        return ACL_ERROR_INVALID_PARAM;
    }
    void *copy = malloc(length);
    if (copy == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    memcpy(copy, dataBuffer, length);
    free(desc->const_data);
    desc->const_data = copy;
    desc->const_len = length;
    return ACL_SUCCESS;
}

/* Position of N, C, H, W in a 4-D layout, or NULL for layouts we cannot permute. */
static const int *axes_of(aclFormat format)
{
    static const int nchw[4] = {0, 1, 2, 3};
    static const int nhwc[4] = {0, 3, 1, 2};
    static const int hwcn[4] = {3, 2, 0, 1};
    switch (format) {
    case ACL_FORMAT_NCHW:
        return nchw;
    case ACL_FORMAT_NHWC:
        return nhwc;
    case ACL_FORMAT_HWCN:
        return hwcn;
    default:
        return NULL;
    }
}

/* Layout changes between NCHW, NHWC and HWCN permute the dims; ND maps to anything of the
 * same rank unchanged. Other (fractal) layouts need real data rearrangement we do not do. */
aclError aclTransTensorDescFormat(const aclTensorDesc *srcDesc, aclFormat dstFormat, aclTensorDesc **dstDesc)
{
    const char *fn = "aclTransTensorDescFormat";
    if (!live_desc(srcDesc, fn)) {
        return ACL_ERROR_INVALID_PARAM;
    }
    if (dstDesc == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dstDesc is NULL", fn);
    }
    int64_t dims[4] = {0};
    const int64_t *new_dims = srcDesc->dims;
    if (srcDesc->format != dstFormat && srcDesc->format != ACL_FORMAT_ND && dstFormat != ACL_FORMAT_ND) {
        const int *from = axes_of(srcDesc->format);
        const int *to = axes_of(dstFormat);
        if (from == NULL || to == NULL || srcDesc->num_dims != 4) {
            return aclemu_set_error(ACL_ERROR_FORMAT_NOT_MATCH, "%s: cannot convert format %d to %d", fn,
                                    (int)srcDesc->format, (int)dstFormat);
        }
        for (int axis = 0; axis < 4; ++axis) {
            dims[to[axis]] = srcDesc->dims[from[axis]];
        }
        new_dims = dims;
    }
    aclTensorDesc *desc = aclemu_tensor_desc_clone(srcDesc);
    if (desc == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    if (desc->num_dims > 0) {
        memcpy(desc->dims, new_dims, desc->num_dims * sizeof *desc->dims);
    }
    desc->format = dstFormat;
    *dstDesc = desc;
    return ACL_SUCCESS;
}
