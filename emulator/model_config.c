/* Load configuration (aclmdlConfigHandle, aclmdlLoadWithConfig) and execution configuration
 * (aclmdlExecConfigHandle): options are validated by size and stored; the emulator acts on
 * the load type, the model path or memory, and ignores tuning options. */
#include "model_internal.h"

#include <stdlib.h>
#include <string.h>

#define CONFIG_ATTRS 32

typedef enum value_kind { VALUE_INT32, VALUE_SIZE, VALUE_PTR, VALUE_ANY } value_kind;

struct aclmdlConfigHandle {
    bool set[CONFIG_ATTRS];
    uint64_t value[CONFIG_ATTRS]; /* int32/size_t values and pointers */
    char *path;                   /* own copy of ACL_MDL_PATH_PTR */
};

struct aclmdlExecConfigHandle {
    bool set[CONFIG_ATTRS];
    uint64_t value[CONFIG_ATTRS];
};

static value_kind load_attr_kind(aclmdlConfigAttr attr)
{
    switch (attr) {
    case ACL_MDL_PRIORITY_INT32:
    case ACL_MDL_WITHOUT_GRAPH_INT32:
        return VALUE_INT32;
    case ACL_MDL_LOAD_TYPE_SIZET:
    case ACL_MDL_MEM_SIZET:
    case ACL_MDL_WEIGHT_SIZET:
    case ACL_MDL_WORKSPACE_SIZET:
    case ACL_MDL_INPUTQ_NUM_SIZET:
    case ACL_MDL_OUTPUTQ_NUM_SIZET:
    case ACL_MDL_WORKSPACE_MEM_OPTIMIZE:
    case ACL_MDL_MODEL_DESC_SIZET:
    case ACL_MDL_KERNEL_SIZET:
    case ACL_MDL_KERNEL_ARGS_SIZET:
    case ACL_MDL_STATIC_TASK_SIZET:
    case ACL_MDL_DYNAMIC_TASK_SIZET:
    case ACL_MDL_MEM_MALLOC_POLICY_SIZET:
    case ACL_MDL_FIFO_SIZET:
        return VALUE_SIZE;
    case ACL_NPU_PERF_MODE:
        return VALUE_ANY;
    default:
        return VALUE_PTR;
    }
}

static value_kind exec_attr_kind(aclmdlExecConfigAttr attr)
{
    switch (attr) {
    case ACL_MDL_STREAM_SYNC_TIMEOUT:
    case ACL_MDL_EVENT_SYNC_TIMEOUT:
    case ACL_MDL_EXEC_PRIORITY_INT32:
        return VALUE_INT32;
    case ACL_MDL_WORK_ADDR_PTR:
        return VALUE_PTR;
    case ACL_MDL_NPU_PERF_MODE:
        return VALUE_ANY;
    default:
        return VALUE_SIZE;
    }
}

/* Read a value of `kind` from value/size into *out. */
static aclError read_value(value_kind kind, const void *value, size_t size, uint64_t *out, const char *fn)
{
    static const size_t sizes[] = {sizeof(int32_t), sizeof(size_t), sizeof(void *)};
    if (value == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: attrValue is NULL", fn);
    }
    if (kind != VALUE_ANY && size != sizes[kind]) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: valueSize is %zu, this option takes %zu bytes", fn,
                                size, sizes[kind]);
    }
    *out = 0;
    if (kind == VALUE_INT32) {
        int32_t v;
        memcpy(&v, value, sizeof v);
        *out = (uint64_t)(int64_t)v;
    } else if (kind == VALUE_SIZE) {
        size_t v;
        memcpy(&v, value, sizeof v);
        *out = v;
    } else if (kind == VALUE_PTR) {
        void *v;
        memcpy(&v, value, sizeof v);
        *out = (uint64_t)(uintptr_t)v;
    } else {
        memcpy(out, value, size < sizeof *out ? size : sizeof *out);
    }
    return ACL_SUCCESS;
}

/* Check a handle of `kind` and option number `attr`, then read its value. */
static aclError read_option(const void *handle, int kind, int attr, value_kind value_kind, const void *value,
                            size_t size, uint64_t *out, const char *fn)
{
    if (!aclemu_handle_is(handle, kind)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: handle is not a live configuration handle", fn);
    }
    if (attr < 0 || attr >= CONFIG_ATTRS) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown option %d", fn, attr);
    }
    return read_value(value_kind, value, size, out, fn);
}

aclmdlConfigHandle *aclmdlCreateConfigHandle(void)
{
    return model_handle_new(sizeof(aclmdlConfigHandle), ACLEMU_KIND_MODEL_CONFIG, "aclmdlCreateConfigHandle");
}

aclError aclmdlDestroyConfigHandle(aclmdlConfigHandle *handle)
{
    if (!aclemu_handle_remove(handle, ACLEMU_KIND_MODEL_CONFIG)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclmdlDestroyConfigHandle: handle is not a live "
                                                         "aclmdlConfigHandle");
    }
    free(handle->path);
    free(handle);
    return ACL_SUCCESS;
}

aclError aclmdlSetConfigOpt(aclmdlConfigHandle *handle, aclmdlConfigAttr attr, const void *attrValue,
                            size_t valueSize)
{
    static const char fn[] = "aclmdlSetConfigOpt";
    uint64_t value = 0;
    aclError err = read_option(handle, ACLEMU_KIND_MODEL_CONFIG, (int)attr, load_attr_kind(attr), attrValue,
                               valueSize, &value, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (attr == ACL_MDL_PATH_PTR) {
        const char *path = (const char *)(uintptr_t)value;
        char *copy = path == NULL ? NULL : strdup(path);
        if (copy == NULL) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the model path is NULL", fn);
        }
        free(handle->path);
        handle->path = copy;
    }
    handle->set[attr] = true;
    handle->value[attr] = value;
    return ACL_SUCCESS;
}

static aclError require(const aclmdlConfigHandle *handle, aclmdlConfigAttr attr, const char *name, const char *fn)
{
    if (!handle->set[attr]) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the load type needs option %s", fn, name);
    }
    return ACL_SUCCESS;
}

#define REQUIRE(attr)                                                                                             \
    do {                                                                                                          \
        aclError required_ = require(handle, attr, #attr, fn);                                                    \
        if (required_ != ACL_SUCCESS) {                                                                           \
            return required_;                                                                                     \
        }                                                                                                         \
    } while (0)

aclError aclmdlLoadWithConfig(const aclmdlConfigHandle *handle, uint32_t *modelId)
{
    static const char fn[] = "aclmdlLoadWithConfig";
    if (!aclemu_handle_is(handle, ACLEMU_KIND_MODEL_CONFIG)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: handle is not a live aclmdlConfigHandle", fn);
    }
    REQUIRE(ACL_MDL_LOAD_TYPE_SIZET);
    void *mem = (void *)(uintptr_t)handle->value[ACL_MDL_MEM_ADDR_PTR];
    size_t mem_size = (size_t)handle->value[ACL_MDL_MEM_SIZET];
    void *work = (void *)(uintptr_t)handle->value[ACL_MDL_WORKSPACE_ADDR_PTR];
    size_t work_size = (size_t)handle->value[ACL_MDL_WORKSPACE_SIZET];
    void *weight = (void *)(uintptr_t)handle->value[ACL_MDL_WEIGHT_ADDR_PTR];
    size_t weight_size = (size_t)handle->value[ACL_MDL_WEIGHT_SIZET];
    switch (handle->value[ACL_MDL_LOAD_TYPE_SIZET]) {
    case ACL_MDL_LOAD_FROM_FILE:
        REQUIRE(ACL_MDL_PATH_PTR);
        return model_load_file(handle->path, modelId, fn);
    case ACL_MDL_LOAD_FROM_FILE_WITH_MEM:
        REQUIRE(ACL_MDL_PATH_PTR);
        return aclmdlLoadFromFileWithMem(handle->path, modelId, work, work_size, weight, weight_size);
    case ACL_MDL_LOAD_FROM_MEM:
        REQUIRE(ACL_MDL_MEM_ADDR_PTR);
        REQUIRE(ACL_MDL_MEM_SIZET);
        return model_load_mem(mem, mem_size, modelId, fn);
    case ACL_MDL_LOAD_FROM_MEM_WITH_MEM:
        REQUIRE(ACL_MDL_MEM_ADDR_PTR);
        REQUIRE(ACL_MDL_MEM_SIZET);
        return aclmdlLoadFromMemWithMem(mem, mem_size, modelId, work, work_size, weight, weight_size);
    case ACL_MDL_LOAD_FROM_FILE_WITH_Q:
        REQUIRE(ACL_MDL_PATH_PTR);
        REQUIRE(ACL_MDL_INPUTQ_ADDR_PTR);
        REQUIRE(ACL_MDL_INPUTQ_NUM_SIZET);
        REQUIRE(ACL_MDL_OUTPUTQ_ADDR_PTR);
        REQUIRE(ACL_MDL_OUTPUTQ_NUM_SIZET);
        return aclmdlLoadFromFileWithQ(handle->path, modelId,
                                       (const uint32_t *)(uintptr_t)handle->value[ACL_MDL_INPUTQ_ADDR_PTR],
                                       (size_t)handle->value[ACL_MDL_INPUTQ_NUM_SIZET],
                                       (const uint32_t *)(uintptr_t)handle->value[ACL_MDL_OUTPUTQ_ADDR_PTR],
                                       (size_t)handle->value[ACL_MDL_OUTPUTQ_NUM_SIZET]);
    case ACL_MDL_LOAD_FROM_MEM_WITH_Q:
        REQUIRE(ACL_MDL_MEM_ADDR_PTR);
        REQUIRE(ACL_MDL_MEM_SIZET);
        REQUIRE(ACL_MDL_INPUTQ_ADDR_PTR);
        REQUIRE(ACL_MDL_INPUTQ_NUM_SIZET);
        REQUIRE(ACL_MDL_OUTPUTQ_ADDR_PTR);
        REQUIRE(ACL_MDL_OUTPUTQ_NUM_SIZET);
        return aclmdlLoadFromMemWithQ(mem, mem_size, modelId,
                                      (const uint32_t *)(uintptr_t)handle->value[ACL_MDL_INPUTQ_ADDR_PTR],
                                      (size_t)handle->value[ACL_MDL_INPUTQ_NUM_SIZET],
                                      (const uint32_t *)(uintptr_t)handle->value[ACL_MDL_OUTPUTQ_ADDR_PTR],
                                      (size_t)handle->value[ACL_MDL_OUTPUTQ_NUM_SIZET]);
    default:
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown load type %llu", fn,
                                (unsigned long long)handle->value[ACL_MDL_LOAD_TYPE_SIZET]);
    }
}

/* ------------------------------------------------------------ exec config */

aclmdlExecConfigHandle *aclmdlCreateExecConfigHandle(void)
{
    return model_handle_new(sizeof(aclmdlExecConfigHandle), ACLEMU_KIND_MODEL_EXEC_CONFIG,
                            "aclmdlCreateExecConfigHandle");
}

aclError aclmdlDestroyExecConfigHandle(const aclmdlExecConfigHandle *handle)
{
    if (!aclemu_handle_remove(handle, ACLEMU_KIND_MODEL_EXEC_CONFIG)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclmdlDestroyExecConfigHandle: handle is not a live "
                                                         "aclmdlExecConfigHandle");
    }
    free((void *)handle);
    return ACL_SUCCESS;
}

aclError aclmdlSetExecConfigOpt(aclmdlExecConfigHandle *handle, aclmdlExecConfigAttr attr, const void *attrValue,
                                size_t valueSize)
{
    static const char fn[] = "aclmdlSetExecConfigOpt";
    uint64_t value = 0;
    aclError err = read_option(handle, ACLEMU_KIND_MODEL_EXEC_CONFIG, (int)attr, exec_attr_kind(attr), attrValue,
                               valueSize, &value, fn);
    if (err == ACL_SUCCESS) {
        handle->set[attr] = true;
        handle->value[attr] = value;
    }
    return err;
}
