/*
 * Global variables of kernel binaries, and the symbol API over them.
 *
 * A binary's ELF variables (STT_OBJECT symbols with bytes in a section of the file, .bss and
 * common symbols as zeros) get a device copy the first time aclrtBinaryGetGlobal names them:
 * emulator memory initialised from the file, registered as mapped device memory, so runtime
 * copies, kernels and aclrtMemcpy reach it; it lives until the binary is unloaded and no queued
 * task needs it any more.
 *
 * A "symbol" (aclrtGetSymbolAddress, aclrtMemcpyToSymbol, ...) is the host-side identity of such
 * a variable: the device address aclrtBinaryGetGlobal returned, or, when the binary was opened as
 * a host library (aclrtRegisterCpuFunc), the address of the variable in that library. The
 * runtime's copies go to the device copy; the library's own variable is the host shadow and is
 * not changed by them.
 */
#define _GNU_SOURCE
#include "rt_kernel_internal.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

enum { GLOBAL_ALIGN = 64 };

void rt_globals_release(rt_binary *b)
{
    for (size_t i = 0; i < b->symbol_count; i++) {
        rt_symbol *s = &b->symbols[i];
        if (s->device != NULL) {
            aclemu_mem_remove_mapped(s->device);
            free(s->device);
            s->device = NULL;
        }
    }
}

void rt_globals_bind_library(rt_binary *b)
{
    for (size_t i = 0; i < b->symbol_count; i++) {
        rt_symbol *s = &b->symbols[i];
        if (s->object) {
            s->host = dlsym(b->library, s->name);
        }
    }
}

static bool usable(const rt_symbol *s)
{
    return s->object && s->size > 0 && s->size <= SIZE_MAX - GLOBAL_ALIGN && (s->has_data || s->zero_fill);
}

/* The device copy of variable `s` of binary `b`, made on first use (lock held). */
static aclError materialise_locked(const rt_binary *b, rt_symbol *s, const char *fn)
{
    if (s->device != NULL) {
        return ACL_SUCCESS;
    }
    int32_t device = 0;
    aclError err = aclemu_require_device(fn, &device);
    if (err != ACL_SUCCESS) {
        return err;
    }
    size_t rounded = ((size_t)s->size + GLOBAL_ALIGN - 1) / GLOBAL_ALIGN * GLOBAL_ALIGN;
    void *copy = aligned_alloc(GLOBAL_ALIGN, rounded);
    if (copy == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory for the %llu bytes of \"%s\"", fn,
                                (unsigned long long)s->size, s->name);
    }
    memset(copy, 0, rounded);
    if (s->has_data) {
        memcpy(copy, b->bytes + s->data_offset, (size_t)s->size);
    }
    err = aclemu_mem_add_mapped(copy, (size_t)s->size, device, ACLEMU_MAPPED_KERNEL_GLOBAL, fn);
    if (err != ACL_SUCCESS) {
        free(copy);
        return err;
    }
    s->device = copy;
    return ACL_SUCCESS;
}

aclError aclrtBinaryGetGlobal(aclrtBinHandle binHandle, const char *name, void **dptr, size_t *size)
{
    if (name == NULL || dptr == NULL || size == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: name, dptr and size must not be NULL", __func__);
    }
    pthread_mutex_lock(&rt_kernel_lock);
    rt_binary *b = rt_live_binary(binHandle, __func__);
    aclError err = b == NULL ? ACL_ERROR_INVALID_PARAM : ACL_ERROR_RT_SYMBOL_NOT_FOUND;
    rt_symbol *found = NULL;
    for (size_t i = 0; b != NULL && i < b->symbol_count && found == NULL; i++) {
        if (usable(&b->symbols[i]) && strcmp(b->symbols[i].name, name) == 0) {
            found = &b->symbols[i];
        }
    }
    if (found != NULL) {
        err = materialise_locked(b, found, __func__);
        if (err == ACL_SUCCESS) {
            *dptr = found->device;
            *size = (size_t)found->size;
        }
    } else if (b != NULL) {
        aclemu_set_error(err, "%s: the binary has no global variable named \"%s\" (an ELF data or bss symbol "
                         "with a size)", __func__, name);
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    return err;
}

/* The variable `symbol` names (lock held): its binary and symbol, else ACL_ERROR_RT_SYMBOL_NOT_FOUND. */
static aclError find_symbol_locked(const void *symbol, rt_binary **owner, rt_symbol **out, const char *fn)
{
    if (symbol == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: symbol is NULL", fn);
    }
    for (rt_binary *b = rt_binaries_locked(); b != NULL; b = b->next) {
        for (size_t i = 0; i < b->symbol_count; i++) {
            rt_symbol *s = &b->symbols[i];
            if (usable(s) && ((s->device != NULL && s->device == symbol) || (s->host != NULL && s->host == symbol))) {
                aclError err = materialise_locked(b, s, fn);
                if (err == ACL_SUCCESS) {
                    *owner = b;
                    *out = s;
                }
                return err;
            }
        }
    }
    return aclemu_set_error(ACL_ERROR_RT_SYMBOL_NOT_FOUND, "%s: %p is not a global variable of a loaded binary "
                            "(pass what aclrtBinaryGetGlobal returned, or the variable's address in a binary "
                            "opened for aclrtRegisterCpuFunc)", fn, symbol);
}

/* The device address and size of the variable `symbol` names; either output may be NULL. */
static aclError symbol_query(const void *symbol, void **address, size_t *size, const char *fn)
{
    pthread_mutex_lock(&rt_kernel_lock);
    rt_binary *b = NULL;
    rt_symbol *s = NULL;
    aclError err = find_symbol_locked(symbol, &b, &s, fn);
    if (err == ACL_SUCCESS && address != NULL) {
        *address = s->device;
    }
    if (err == ACL_SUCCESS && size != NULL) {
        *size = (size_t)s->size;
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    return err;
}

aclError aclrtGetSymbolAddress(const void *symbol, void **devPtr)
{
    if (devPtr == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: devPtr is NULL", __func__);
    }
    return symbol_query(symbol, devPtr, NULL, __func__);
}

aclError aclrtGetSymbolSize(const void *symbol, size_t *size)
{
    if (size == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: size is NULL", __func__);
    }
    return symbol_query(symbol, NULL, size, __func__);
}

/* ------------------------------------------------------------ copies */

typedef struct symbol_copy {
    rt_binary *owner; /* referenced while the copy is pending: the variable stays allocated */
    void *dst;
    const void *src;
    size_t count;
} symbol_copy;

static aclError run_symbol_copy(void *arg)
{
    const symbol_copy *copy = arg;
    aclemu_trace_copy(copy->dst, copy->src, copy->count);
    memmove(copy->dst, copy->src, copy->count);
    return ACL_SUCCESS;
}

static void free_symbol_copy(void *arg, bool ran)
{
    (void)ran;
    symbol_copy *copy = arg;
    pthread_mutex_lock(&rt_kernel_lock);
    rt_binary_put_locked(copy->owner);
    pthread_mutex_unlock(&rt_kernel_lock);
    free(copy);
}

/* One copy between variable `symbol` (bytes [offset, offset + count)) and `other`, the caller's
 * side: `to_symbol` says which way. `stream` NULL with `async` false copies now. */
static aclError symbol_copy_run(const void *symbol, void *other, size_t otherMax, size_t count, size_t offset,
                                aclrtMemcpyKind kind, bool to_symbol, bool async, aclrtStream stream,
                                const char *fn)
{
    bool other_on_device = kind == ACL_MEMCPY_DEVICE_TO_DEVICE;
    bool kind_ok = other_on_device || kind == (to_symbol ? ACL_MEMCPY_HOST_TO_DEVICE : ACL_MEMCPY_DEVICE_TO_HOST);
    if (!kind_ok) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: copy kind %d cannot %s a device variable (use %s or "
                                "ACL_MEMCPY_DEVICE_TO_DEVICE)", fn, (int)kind, to_symbol ? "fill" : "read",
                                to_symbol ? "ACL_MEMCPY_HOST_TO_DEVICE" : "ACL_MEMCPY_DEVICE_TO_HOST");
    }
    if (count > otherMax) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: count %zu exceeds dstMax %zu", fn, count, otherMax);
    }
    if (other == NULL && count > 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, to_symbol ? "src" : "dst");
    }
    const char *what = to_symbol ? "src" : "dst";
    aclError err = other_on_device ? aclemu_mem_check_tracked(other, count, true, fn, what)
                                   : aclemu_mem_check(other, count, false, fn, what);
    if (err == ACL_SUCCESS && async) {
        err = aclemu_stream_check(stream, fn);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    symbol_copy *copy = calloc(1, sizeof *copy);
    if (copy == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    pthread_mutex_lock(&rt_kernel_lock);
    rt_binary *b = NULL;
    rt_symbol *s = NULL;
    err = find_symbol_locked(symbol, &b, &s, fn);
    if (err == ACL_SUCCESS && (offset > s->size || count > s->size - offset)) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: bytes [%zu, %zu + %zu) lie outside \"%s\" (%llu bytes)",
                               fn, offset, offset, count, s->name, (unsigned long long)s->size);
    }
    if (err == ACL_SUCCESS) {
        b->refs++;
        copy->owner = b;
        unsigned char *at = (unsigned char *)s->device + offset;
        copy->dst = to_symbol ? (void *)at : other;
        copy->src = to_symbol ? (const void *)other : at;
        copy->count = count;
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    if (err != ACL_SUCCESS) {
        free(copy);
        return err;
    }
    if (async) {
        return aclemu_stream_submit(stream, run_symbol_copy, copy, free_symbol_copy, fn);
    }
    if (count > 0) {
        memmove(copy->dst, copy->src, count);
    }
    free_symbol_copy(copy, true);
    return ACL_SUCCESS;
}

aclError aclrtMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset, aclrtMemcpyKind kind)
{
    return symbol_copy_run(symbol, (void *)(uintptr_t)src, count, count, offset, kind, true, false, NULL, __func__);
}

aclError aclrtMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count, size_t offset,
                                  aclrtMemcpyKind kind, aclrtStream stream)
{
    return symbol_copy_run(symbol, (void *)(uintptr_t)src, count, count, offset, kind, true, true, stream, __func__);
}

aclError aclrtMemcpyFromSymbol(void *dst, size_t dstMax, const void *symbol, size_t count, size_t offset,
                               aclrtMemcpyKind kind)
{
    return symbol_copy_run(symbol, dst, dstMax, count, offset, kind, false, false, NULL, __func__);
}

aclError aclrtMemcpyFromSymbolAsync(void *dst, size_t dstMax, const void *symbol, size_t count, size_t offset,
                                    aclrtMemcpyKind kind, aclrtStream stream)
{
    return symbol_copy_run(symbol, dst, dstMax, count, offset, kind, false, true, stream, __func__);
}
