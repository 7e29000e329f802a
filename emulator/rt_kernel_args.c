/*
 * Kernel argument objects (aclrtKernelArgs*) and aclrtLaunchKernelWithConfig.
 *
 * An argument object holds the bytes of a function's argument block, built by appending
 * parameters in order. Each parameter is placed at its natural alignment (its size rounded down
 * to a power of two, at most 8 bytes), so a block of scalars and pointers has the layout of the C
 * struct with the same members, which is what a CPU function `uint32_t f(void *args)` reads.
 * A placeholder is an 8-byte pointer slot; the host buffer aclrtKernelArgsGetPlaceHolderBuffer
 * hands out for it is copied with the block at launch, and the slot then holds the address of
 * that copy. A parameter handle is the address of the parameter's record inside its object.
 *
 * aclrtKernelArgsInit objects own their memory and grow; aclrtKernelArgsInitByUserMem builds the
 * object in the caller's handle memory (aclrtKernelArgsGetHandleMemSize bytes) and the block in
 * the caller's buffer of aclrtKernelArgsGetMemSize(userArgsSize) bytes: the parameters from its
 * start, placeholder data from its end. Objects die with their function's binary (unload).
 * A launch copies the block, so later updates (aclrtKernelArgsParaUpdate) affect later launches only.
 */
#include "rt_kernel_internal.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_PARAMS = 128, SLOT_BYTES = 8, BLOCK_ALIGN = 8, MIN_CAPACITY = 64 };

typedef struct param_record {
    size_t offset;
    size_t size;
    bool placeholder;
    void *buffer; /* placeholder data, once asked for */
    size_t buffer_size;
} param_record;

typedef struct rt_kernel_args {
    rt_function *func;
    bool owned;     /* from aclrtKernelArgsInit (else in the caller's memory) */
    bool finalized;
    unsigned char *data;
    size_t capacity;
    size_t used;    /* parameter bytes, from the start of data */
    size_t tail;    /* placeholder bytes carved from the end of a caller's buffer */
    size_t count;
    param_record params[MAX_PARAMS];
} rt_kernel_args;

static size_t round_up(size_t value, size_t align)
{
    return (value + align - 1) / align * align;
}

static size_t natural_align(size_t size)
{
    size_t align = 1;
    while (align < BLOCK_ALIGN && align * 2 <= size) {
        align *= 2;
    }
    return align;
}

static void release_one(rt_args_ref ref)
{
    aclemu_handle_remove(ref.args, RT_KIND_KERNEL_ARGS);
    if (ref.owned) {
        for (size_t i = 0; i < ref.args->count; i++) {
            free(ref.args->params[i].buffer);
        }
        free(ref.args->data);
        free(ref.args);
    }
}

void rt_kernel_args_release_all(rt_binary *b)
{
    for (size_t i = 0; i < b->args_count; i++) {
        release_one(b->args[i]);
    }
    free(b->args);
    b->args = NULL;
    b->args_count = b->args_capacity = 0;
}

static rt_kernel_args *live_args(aclrtArgsHandle handle, const char *fn)
{
    if (!aclemu_handle_is(handle, RT_KIND_KERNEL_ARGS)) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a kernel argument object", fn, handle);
        return NULL;
    }
    return handle;
}

static param_record *live_param(rt_kernel_args *a, aclrtParamHandle handle, const char *fn)
{
    uintptr_t p = (uintptr_t)handle, first = (uintptr_t)&a->params[0];
    if (p < first || (p - first) % sizeof a->params[0] != 0 || (p - first) / sizeof a->params[0] >= a->count) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a parameter of this argument object", fn, handle);
        return NULL;
    }
    return &a->params[(p - first) / sizeof a->params[0]];
}

/* Registers `a` with its function's binary (lock held). */
static aclError attach_locked(rt_kernel_args *a, bool owned, const char *fn)
{
    rt_binary *b = a->func->owner;
    if (b->args_count == b->args_capacity) {
        size_t capacity = b->args_capacity ? b->args_capacity * 2 : 8;
        rt_args_ref *grown = realloc(b->args, capacity * sizeof *grown);
        if (grown == NULL) {
            return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
        }
        b->args = grown;
        b->args_capacity = capacity;
    }
    aclError err = aclemu_handle_add(a, RT_KIND_KERNEL_ARGS);
    if (err != ACL_SUCCESS) {
        return aclemu_set_error(err, "%s: cannot register the argument object", fn);
    }
    b->args[b->args_count++] = (rt_args_ref){a, owned};
    return ACL_SUCCESS;
}

aclError aclrtKernelArgsGetHandleMemSize(aclrtFuncHandle funcHandle, size_t *memSize)
{
    if (memSize == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: memSize is NULL", __func__);
    }
    pthread_mutex_lock(&rt_kernel_lock);
    rt_function *f = rt_live_function(funcHandle, __func__);
    if (f != NULL) {
        *memSize = sizeof(rt_kernel_args);
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    return f == NULL ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
}

aclError aclrtKernelArgsGetMemSize(aclrtFuncHandle funcHandle, size_t userArgsSize, size_t *actualArgsSize)
{
    if (actualArgsSize == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: actualArgsSize is NULL", __func__);
    }
    if (userArgsSize > SIZE_MAX - BLOCK_ALIGN) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: userArgsSize %zu is too large", __func__, userArgsSize);
    }
    pthread_mutex_lock(&rt_kernel_lock);
    rt_function *f = rt_live_function(funcHandle, __func__);
    if (f != NULL) {
        /* the parameters with their padding plus the placeholder data, in 8-byte units */
        *actualArgsSize = round_up(userArgsSize, BLOCK_ALIGN);
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    return f == NULL ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
}

aclError aclrtKernelArgsInit(aclrtFuncHandle funcHandle, aclrtArgsHandle *argsHandle)
{
    if (argsHandle == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: argsHandle is NULL", __func__);
    }
    rt_kernel_args *a = calloc(1, sizeof *a);
    if (a == NULL || (a->data = calloc(1, MIN_CAPACITY)) == NULL) {
        free(a);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", __func__);
    }
    a->capacity = MIN_CAPACITY;
    a->owned = true;
    pthread_mutex_lock(&rt_kernel_lock);
    a->func = rt_live_function(funcHandle, __func__);
    aclError err = a->func == NULL ? ACL_ERROR_INVALID_PARAM : attach_locked(a, true, __func__);
    pthread_mutex_unlock(&rt_kernel_lock);
    if (err != ACL_SUCCESS) {
        free(a->data);
        free(a);
        return err;
    }
    *argsHandle = a;
    return ACL_SUCCESS;
}

/* Forgets a live object about to be rebuilt in the same memory (lock held). */
static void detach_locked(rt_kernel_args *a)
{
    rt_binary *b = a->func->owner;
    for (size_t i = 0; i < b->args_count; i++) {
        if (b->args[i].args == a) {
            release_one(b->args[i]);
            b->args[i] = b->args[--b->args_count];
            return;
        }
    }
}

aclError aclrtKernelArgsInitByUserMem(aclrtFuncHandle funcHandle, aclrtArgsHandle argsHandle, void *userHostMem,
                                      size_t actualArgsSize)
{
    if (argsHandle == NULL || userHostMem == NULL || actualArgsSize == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: argsHandle and userHostMem must not be NULL and "
                                "actualArgsSize not 0", __func__);
    }
    if ((uintptr_t)argsHandle % _Alignof(rt_kernel_args) != 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: argsHandle %p is not aligned to %zu bytes", __func__,
                                argsHandle, (size_t)_Alignof(rt_kernel_args));
    }
    aclError err = aclemu_mem_check(argsHandle, sizeof(rt_kernel_args), false, __func__, "argsHandle");
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check(userHostMem, actualArgsSize, false, __func__, "userHostMem");
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    uintptr_t handle_at = (uintptr_t)argsHandle, data_at = (uintptr_t)userHostMem;
    if (handle_at < data_at + actualArgsSize && data_at < handle_at + sizeof(rt_kernel_args)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: argsHandle and userHostMem overlap", __func__);
    }
    pthread_mutex_lock(&rt_kernel_lock);
    rt_function *f = rt_live_function(funcHandle, __func__);
    err = f == NULL ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
    if (f != NULL) {
        rt_kernel_args *a = argsHandle;
        if (aclemu_handle_is(a, RT_KIND_KERNEL_ARGS)) {
            detach_locked(a);
        }
        memset(a, 0, sizeof *a);
        a->func = f;
        a->data = userHostMem;
        a->capacity = actualArgsSize;
        err = attach_locked(a, false, __func__);
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    return err;
}

/* Room for `size` more bytes at `offset` (lock held): grows an owned block, else refuses. */
static aclError reserve(rt_kernel_args *a, size_t offset, size_t size, const char *fn)
{
    if (offset > SIZE_MAX / 2 || size > SIZE_MAX / 2 - offset) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: parameter of %zu bytes is too large", fn, size);
    }
    size_t end = offset + size;
    if (end <= a->capacity - a->tail) {
        return ACL_SUCCESS;
    }
    if (!a->owned) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the block needs %zu bytes but the buffer given to "
                                "aclrtKernelArgsInitByUserMem holds %zu (%zu of them placeholder data)", fn,
                                end + a->tail, a->capacity, a->tail);
    }
    size_t capacity = a->capacity;
    while (capacity < end) {
        capacity *= 2;
    }
    unsigned char *grown = realloc(a->data, capacity);
    if (grown == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    memset(grown + a->capacity, 0, capacity - a->capacity);
    a->data = grown;
    a->capacity = capacity;
    return ACL_SUCCESS;
}

/* Appends a parameter of `size` bytes (a placeholder slot when `param` is NULL). */
static aclError append(aclrtArgsHandle argsHandle, const void *param, size_t size, aclrtParamHandle *paramHandle,
                       const char *fn)
{
    if (paramHandle == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: paramHandle is NULL", fn);
    }
    pthread_mutex_lock(&rt_kernel_lock);
    rt_kernel_args *a = live_args(argsHandle, fn);
    aclError err = a == NULL ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
    if (a != NULL && a->finalized) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the argument object is finalized", fn);
    } else if (a != NULL && a->count == MAX_PARAMS) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: an argument object holds at most %d parameters", fn,
                               MAX_PARAMS);
    }
    size_t offset = 0;
    if (err == ACL_SUCCESS) {
        offset = round_up(a->used, natural_align(size));
        err = reserve(a, offset, size, fn);
    }
    if (err == ACL_SUCCESS) {
        param_record *r = &a->params[a->count++];
        *r = (param_record){offset, size, param == NULL, NULL, 0};
        if (param != NULL) {
            memcpy(a->data + offset, param, size);
        } else {
            memset(a->data + offset, 0, size);
        }
        a->used = offset + size;
        *paramHandle = r;
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    return err;
}

aclError aclrtKernelArgsAppend(aclrtArgsHandle argsHandle, void *param, size_t paramSize, aclrtParamHandle *paramHandle)
{
    if (param == NULL || paramSize == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: param must not be NULL nor paramSize 0", __func__);
    }
    aclError err = aclemu_mem_check(param, paramSize, false, __func__, "param");
    return err != ACL_SUCCESS ? err : append(argsHandle, param, paramSize, paramHandle, __func__);
}

aclError aclrtKernelArgsAppendPlaceHolder(aclrtArgsHandle argsHandle, aclrtParamHandle *paramHandle)
{
    return append(argsHandle, NULL, SLOT_BYTES, paramHandle, __func__);
}

aclError aclrtKernelArgsGetPlaceHolderBuffer(aclrtArgsHandle argsHandle, aclrtParamHandle paramHandle, size_t dataSize,
                                             void **bufferAddr)
{
    if (bufferAddr == NULL || dataSize == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: bufferAddr must not be NULL nor dataSize 0", __func__);
    }
    pthread_mutex_lock(&rt_kernel_lock);
    rt_kernel_args *a = live_args(argsHandle, __func__);
    param_record *r = a != NULL ? live_param(a, paramHandle, __func__) : NULL;
    aclError err = r == NULL ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
    if (r != NULL && !r->placeholder) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: that parameter is not a placeholder", __func__);
    } else if (r != NULL && r->buffer != NULL && dataSize > r->buffer_size) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the placeholder already has a buffer of %zu bytes; "
                               "%zu asked", __func__, r->buffer_size, dataSize);
    } else if (r != NULL && r->buffer == NULL) {
        size_t need = dataSize <= SIZE_MAX - BLOCK_ALIGN ? round_up(dataSize, BLOCK_ALIGN) : SIZE_MAX;
        if (a->owned) {
            r->buffer = need != SIZE_MAX ? calloc(1, need) : NULL;
            if (r->buffer == NULL) {
                err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory for %zu bytes", __func__, dataSize);
            }
        } else if (need > a->capacity - a->tail - a->used) {
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %zu bytes of placeholder data do not fit the %zu "
                                   "left in the buffer given to aclrtKernelArgsInitByUserMem", __func__, dataSize,
                                   a->capacity - a->tail - a->used);
        } else {
            a->tail += need;
            r->buffer = a->data + a->capacity - a->tail;
            memset(r->buffer, 0, need);
        }
        if (r->buffer != NULL) {
            r->buffer_size = dataSize;
        }
    }
    if (err == ACL_SUCCESS) {
        *bufferAddr = r->buffer;
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    return err;
}

aclError aclrtKernelArgsParaUpdate(aclrtArgsHandle argsHandle, aclrtParamHandle paramHandle, void *param,
                                   size_t paramSize)
{
    if (param == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: param is NULL", __func__);
    }
    aclError err = aclemu_mem_check(param, paramSize, false, __func__, "param");
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&rt_kernel_lock);
    rt_kernel_args *a = live_args(argsHandle, __func__);
    param_record *r = a != NULL ? live_param(a, paramHandle, __func__) : NULL;
    err = r == NULL ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
    if (r != NULL && r->placeholder) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: a placeholder is updated through its buffer "
                               "(aclrtKernelArgsGetPlaceHolderBuffer)", __func__);
    } else if (r != NULL && paramSize != r->size) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the parameter has %zu bytes, not %zu", __func__, r->size,
                               paramSize);
    } else if (r != NULL) {
        memcpy(a->data + r->offset, param, paramSize);
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    return err;
}

aclError aclrtKernelArgsFinalize(aclrtArgsHandle argsHandle)
{
    pthread_mutex_lock(&rt_kernel_lock);
    rt_kernel_args *a = live_args(argsHandle, __func__);
    if (a != NULL) {
        a->finalized = true;
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    return a == NULL ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
}

/* The launch block of `a` (lock held): the parameters, then each placeholder's data at an
 * 8-byte boundary with its slot pointing there. */
static aclError build_block(const rt_kernel_args *a, void **block, const char *fn)
{
    size_t total = round_up(a->used, BLOCK_ALIGN);
    for (size_t i = 0; i < a->count; i++) {
        const param_record *r = &a->params[i];
        if (r->placeholder && r->buffer == NULL) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: placeholder parameter %zu has no buffer (call "
                                    "aclrtKernelArgsGetPlaceHolderBuffer)", fn, i);
        }
        if (r->placeholder) {
            total += round_up(r->buffer_size, BLOCK_ALIGN);
        }
    }
    unsigned char *out = calloc(1, total > 0 ? total : 1);
    if (out == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    memcpy(out, a->data, a->used);
    size_t cursor = round_up(a->used, BLOCK_ALIGN);
    for (size_t i = 0; i < a->count; i++) {
        const param_record *r = &a->params[i];
        if (r->placeholder) {
            memcpy(out + cursor, r->buffer, r->buffer_size);
            void *address = out + cursor;
            memcpy(out + r->offset, &address, sizeof address);
            cursor += round_up(r->buffer_size, BLOCK_ALIGN);
        }
    }
    *block = out;
    return ACL_SUCCESS;
}

aclError aclrtLaunchKernelWithConfig(aclrtFuncHandle funcHandle, uint32_t numBlocks, aclrtStream stream,
                                     aclrtLaunchKernelCfg *cfg, aclrtArgsHandle argsHandle, void *reserve)
{
    (void)reserve;
    aclError cfg_err = rt_kernel_check_cfg(cfg, __func__);
    if (cfg_err != ACL_SUCCESS) {
        return cfg_err;
    }
    void *block = NULL;
    pthread_mutex_lock(&rt_kernel_lock);
    rt_kernel_args *a = live_args(argsHandle, __func__);
    aclError err = a == NULL ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
    if (a != NULL && !a->finalized) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the argument object is not finalized "
                               "(aclrtKernelArgsFinalize)", __func__);
    } else if (a != NULL && a->func != funcHandle) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the argument object was made for another function",
                               __func__);
    } else if (a != NULL) {
        err = build_block(a, &block, __func__);
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    if (err != ACL_SUCCESS) {
        return err;
    }
    return rt_kernel_submit(funcHandle, numBlocks, block, cfg, stream, __func__);
}
