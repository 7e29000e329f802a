/*
 * Kernel binaries and function handles; launches of host CPU functions.
 *
 * A loaded binary keeps a private copy of its bytes. When it is an ELF file, its symbol tables
 * (.symtab, else .dynsym) name its functions, so aclrtBinaryGetFunction and
 * aclrtBinaryGetFunctionByEntry resolve them; other formats load but resolve no names.
 *
 * Two kinds of function handles:
 *  - AI Core kernels (aclrtBinaryGetFunction*): device code the CPU cannot run. Their handles
 *    answer queries, and every launch returns ACL_ERROR_API_NOT_SUPPORT saying so (the launches
 *    that take a device symbol instead of a handle are generated stubs, listed in
 *    acl/hardware_only.json);
 *  - CPU kernels (aclrtRegisterCpuFunc): the binary must be a host shared object; it is opened
 *    with dlopen (from its file, or from a memfd copy of its bytes) and `funcName` looked up.
 *    A launch copies the argument block, as the runtime does, and calls
 *    `uint32_t funcName(void *args)` once per block on the stream's worker, in order with the
 *    stream's copies and events. A non-zero return fails the task with
 *    ACL_ERROR_RT_AICPU_EXCEPTION and calls the binary's exception callback, if set. The calling
 *    convention is our choice: one pointer to the argument block, the shape of AI CPU kernel
 *    entry points.
 *
 * A function's code address (aclrtGetFunctionAddr, also a "symbol" for aclrtGetFuncBySymbol) is
 * where its bytes lie in the binary's copy (AI Core) or the host function (CPU). ELF symbols do
 * not describe parameters: aclrtFunctionGetParamCount/Info read them from the binary's DWARF
 * debug info (rt_kernel_dwarf.c), so the binary must be built with -g.
 * Global variables: rt_kernel_globals.c; argument objects: rt_kernel_args.c.
 */
#define _GNU_SOURCE
#include "rt_kernel_internal.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum { MAX_BINARY_BYTES = 1 << 30 };

typedef struct binary_data { /* aclrtBinary: bytes not yet loaded */
    unsigned char *bytes;
    size_t size;
} binary_data;

pthread_mutex_t rt_kernel_lock = PTHREAD_MUTEX_INITIALIZER;
static rt_binary *loaded_binaries; /* newest first */

/* ------------------------------------------------------------ ELF symbols */

static uint64_t read_le(const unsigned char *p, size_t n)
{
    uint64_t v = 0;
    for (size_t i = n; i-- > 0;) {
        v = v << 8 | p[i];
    }
    return v;
}

static bool in_bounds(size_t total, uint64_t offset, uint64_t length)
{
    return offset <= total && length <= total - offset;
}

/* Where the bytes of symbol `s` (in section `shndx`, `size` bytes) lie in the file: a variable
 * in a .bss-like section or a common symbol starts as zeros; a symbol whose bytes fall outside
 * its section or the file gets neither flag (such a variable is not offered as a global). */
static void locate_symbol(const rt_binary *b, size_t shoff, size_t shentsize, size_t shnum, bool wide,
                            unsigned shndx, rt_symbol *s)
{
    if (shndx == 0xFFF2 /* SHN_COMMON */) {
        s->zero_fill = true;
        return;
    }
    if (shndx == 0 || shndx >= shnum) {
        return; /* undefined, absolute or a reserved index */
    }
    const unsigned char *sh = b->bytes + shoff + (size_t)shndx * shentsize;
    uint64_t type = read_le(sh + 4, 4);
    uint64_t addr = read_le(sh + (wide ? 0x10 : 0x0C), wide ? 8 : 4);
    uint64_t offset = read_le(sh + (wide ? 0x18 : 0x10), wide ? 8 : 4);
    uint64_t size = read_le(sh + (wide ? 0x20 : 0x14), wide ? 8 : 4);
    if (s->value < addr || s->value - addr > size || s->size > size - (s->value - addr)) {
        return;
    }
    if (type == 8 /* SHT_NOBITS */) {
        s->zero_fill = true;
    } else if (offset <= UINT64_MAX - (s->value - addr) && in_bounds(b->size, offset + (s->value - addr), s->size)) {
        s->has_data = true;
        s->data_offset = offset + (s->value - addr);
    }
}

/* Function and variable symbols of a little-endian ELF64 or ELF32 image; leaves the binary
 * without symbols when the image is not such a file or its tables are out of bounds. */
static void read_elf_symbols(rt_binary *b)
{
    const unsigned char *e = b->bytes;
    if (b->size < 52 || memcmp(e, "\x7f" "ELF", 4) != 0 || e[5] != 1 /* little endian */) {
        return;
    }
    bool wide = e[4] == 2;
    if (wide && b->size < 64) {
        return; /* an ELF64 header is 64 bytes */
    }
    size_t shoff = read_le(e + (wide ? 0x28 : 0x20), wide ? 8 : 4);
    size_t shentsize = read_le(e + (wide ? 0x3A : 0x2E), 2);
    size_t shnum = read_le(e + (wide ? 0x3C : 0x30), 2);
    size_t need_entry = wide ? 64 : 40;
    if (shentsize < need_entry || !in_bounds(b->size, shoff, (uint64_t)shentsize * shnum)) {
        return;
    }
    for (int wanted = 2 /* SHT_SYMTAB */; wanted >= 2; wanted = wanted == 2 ? 11 /* SHT_DYNSYM */ : 0) {
        for (size_t i = 0; i < shnum; i++) {
            const unsigned char *sh = e + shoff + i * shentsize;
            if (read_le(sh + 4, 4) != (uint64_t)wanted) {
                continue;
            }
            uint64_t off = read_le(sh + (wide ? 0x18 : 0x10), wide ? 8 : 4);
            uint64_t size = read_le(sh + (wide ? 0x20 : 0x14), wide ? 8 : 4);
            uint64_t link = read_le(sh + (wide ? 0x28 : 0x18), 4);
            uint64_t entsize = read_le(sh + (wide ? 0x38 : 0x24), wide ? 8 : 4);
            if (link >= shnum || entsize < (wide ? 24u : 16u) || !in_bounds(b->size, off, size)) {
                return;
            }
            const unsigned char *strsh = e + shoff + link * shentsize;
            uint64_t stroff = read_le(strsh + (wide ? 0x18 : 0x10), wide ? 8 : 4);
            uint64_t strsize = read_le(strsh + (wide ? 0x20 : 0x14), wide ? 8 : 4);
            if (!in_bounds(b->size, stroff, strsize)) {
                return;
            }
            size_t count = size / entsize;
            b->symbols = calloc(count ? count : 1, sizeof *b->symbols);
            if (b->symbols == NULL) {
                return;
            }
            for (size_t k = 0; k < count; k++) {
                const unsigned char *s = e + off + k * entsize;
                uint64_t name = read_le(s, 4);
                unsigned info = wide ? s[4] : s[12];
                uint64_t value = read_le(s + (wide ? 8 : 4), wide ? 8 : 4);
                uint64_t ssize = read_le(s + (wide ? 16 : 8), wide ? 8 : 4);
                unsigned shndx = (unsigned)read_le(s + (wide ? 6 : 14), 2);
                bool object = (info & 0xF) == 1 /* STT_OBJECT */;
                if (((info & 0xF) != 2 /* STT_FUNC */ && !object) || name == 0 || name >= strsize) {
                    continue;
                }
                const char *text = (const char *)e + stroff + name;
                size_t len = strnlen(text, strsize - name);
                if (len == strsize - name) {
                    continue; /* not terminated inside the table */
                }
                rt_symbol *out = &b->symbols[b->symbol_count];
                out->name = strndup(text, len);
                if (out->name != NULL) {
                    out->value = value;
                    out->size = ssize;
                    out->object = object;
                    locate_symbol(b, shoff, shentsize, shnum, wide, shndx, out);
                    b->symbol_count++;
                }
            }
            return;
        }
    }
}

/* ------------------------------------------------------------ binaries */

static void binary_free(rt_binary *b)
{
    for (size_t i = 0; i < b->function_count; i++) {
        aclemu_handle_remove(b->functions[i], RT_KIND_FUNCTION);
        free(b->functions[i]->name);
        free(b->functions[i]->params);
        free(b->functions[i]->symbol);
        free(b->functions[i]);
    }
    free(b->functions);
    rt_kernel_args_release_all(b);
    rt_globals_release(b);
    for (size_t i = 0; i < b->symbol_count; i++) {
        free(b->symbols[i].name);
    }
    if (b->library != NULL) {
        dlclose(b->library);
    }
    free(b->symbols);
    free(b->bytes);
    free(b->path);
    free(b);
}

static aclError load_bytes(const void *data, size_t length, const char *path, aclrtBinHandle *out, const char *fn)
{
    if (out == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: binHandle output pointer is NULL", fn);
    }
    if (data == NULL || length == 0 || length > MAX_BINARY_BYTES) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: needs 1 to %d bytes of binary data", fn,
                                MAX_BINARY_BYTES);
    }
    rt_binary *b = calloc(1, sizeof *b);
    if (b != NULL) {
        b->refs = 1;
        b->bytes = malloc(length);
        b->path = path != NULL ? strdup(path) : NULL;
    }
    if (b == NULL || b->bytes == NULL || (path != NULL && b->path == NULL)) {
        if (b != NULL) {
            binary_free(b);
        }
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    memcpy(b->bytes, data, length);
    b->size = length;
    read_elf_symbols(b);
    pthread_mutex_lock(&rt_kernel_lock);
    aclError err = aclemu_handle_add(b, RT_KIND_BINARY);
    if (err == ACL_SUCCESS) {
        b->loaded = true;
        b->next = loaded_binaries;
        loaded_binaries = b;
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    if (err != ACL_SUCCESS) {
        binary_free(b);
        return aclemu_set_error(err, "%s: cannot register the binary", fn);
    }
    *out = b;
    return ACL_SUCCESS;
}

static aclError check_options(const aclrtBinaryLoadOptions *options, const char *fn)
{
    if (options == NULL) {
        return ACL_SUCCESS;
    }
    if (options->numOpt > 0 && options->options == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %zu options but options->options is NULL", fn,
                                options->numOpt);
    }
    for (size_t i = 0; i < options->numOpt; i++) {
        aclrtBinaryLoadOptionType type = options->options[i].type;
        if (type != ACL_RT_BINARY_LOAD_OPT_LAZY_LOAD && type != ACL_RT_BINARY_LOAD_OPT_MAGIC &&
            type != ACL_RT_BINARY_LOAD_OPT_CPU_KERNEL_MODE) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: option %zu has unknown type %d", fn, i, (int)type);
        }
    }
    return ACL_SUCCESS;
}

aclError aclrtBinaryLoadFromData(const void *data, size_t length, const aclrtBinaryLoadOptions *options,
                                 aclrtBinHandle *binHandle)
{
    aclError err = check_options(options, __func__);
    if (err == ACL_SUCCESS) {
        /* the data is the caller's host buffer: only a tracked one's length can be checked */
        err = aclemu_mem_check(data, length, false, __func__, "data");
    }
    return err != ACL_SUCCESS ? err : load_bytes(data, length, NULL, binHandle, __func__);
}

aclError aclrtBinaryLoadFromFile(const char *binPath, aclrtBinaryLoadOptions *options, aclrtBinHandle *binHandle)
{
    if (binPath == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: binPath is NULL", __func__);
    }
    aclError err = check_options(options, __func__);
    if (err != ACL_SUCCESS) {
        return err;
    }
    FILE *file = fopen(binPath, "rb");
    if (file == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_FILE, "%s: cannot open \"%s\"", __func__, binPath);
    }
    unsigned char *bytes = NULL;
    size_t size = 0;
    long end = -1;
    if (fseek(file, 0, SEEK_END) == 0 && (end = ftell(file)) > 0 && end <= MAX_BINARY_BYTES &&
        fseek(file, 0, SEEK_SET) == 0) {
        bytes = malloc((size_t)end);
        if (bytes != NULL) {
            size = fread(bytes, 1, (size_t)end, file);
        }
    }
    fclose(file);
    if (bytes == NULL || size != (size_t)end) {
        free(bytes);
        return aclemu_set_error(ACL_ERROR_INVALID_FILE, "%s: cannot read \"%s\" (empty, unreadable or over %d bytes)",
                                __func__, binPath, MAX_BINARY_BYTES);
    }
    err = load_bytes(bytes, size, binPath, binHandle, __func__);
    free(bytes);
    return err;
}

aclrtBinary aclrtCreateBinary(const void *data, size_t dataLen)
{
    if (data == NULL || dataLen == 0 || dataLen > MAX_BINARY_BYTES) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: needs 1 to %d bytes of binary data", __func__,
                         MAX_BINARY_BYTES);
        return NULL;
    }
    if (aclemu_mem_check(data, dataLen, false, __func__, "data") != ACL_SUCCESS) {
        return NULL;
    }
    binary_data *d = calloc(1, sizeof *d);
    if (d != NULL && (d->bytes = malloc(dataLen)) != NULL) {
        memcpy(d->bytes, data, dataLen);
        d->size = dataLen;
        if (aclemu_handle_add(d, RT_KIND_BINARY_DATA) == ACL_SUCCESS) {
            return d;
        }
    }
    if (d != NULL) {
        free(d->bytes);
    }
    free(d);
    aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", __func__);
    return NULL;
}

aclError aclrtDestroyBinary(aclrtBinary handle)
{
    if (!aclemu_handle_remove(handle, RT_KIND_BINARY_DATA)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live aclrtBinary", __func__, handle);
    }
    binary_data *d = handle;
    free(d->bytes);
    free(d);
    return ACL_SUCCESS;
}

aclError aclrtBinaryLoad(const aclrtBinary handle, aclrtBinHandle *binHandle)
{
    if (!aclemu_handle_is(handle, RT_KIND_BINARY_DATA)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live aclrtBinary", __func__, handle);
    }
    const binary_data *d = handle;
    return load_bytes(d->bytes, d->size, NULL, binHandle, __func__);
}

rt_binary *rt_binaries_locked(void)
{
    return loaded_binaries;
}

rt_binary *rt_live_binary(aclrtBinHandle handle, const char *fn)
{
    if (!aclemu_handle_is(handle, RT_KIND_BINARY)) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a loaded binary", fn, handle);
        return NULL;
    }
    return handle;
}

/* Drops one reference (kernel lock held); the last one frees the binary and its functions. */
void rt_binary_put_locked(rt_binary *b)
{
    if (--b->refs == 0) {
        binary_free(b);
    }
}

aclError aclrtBinaryUnLoad(aclrtBinHandle binHandle)
{
    pthread_mutex_lock(&rt_kernel_lock);
    rt_binary *b = rt_live_binary(binHandle, __func__);
    if (b != NULL) {
        /* the handles die now; code a queued launch still needs stays mapped until it ran */
        aclemu_handle_remove(b, RT_KIND_BINARY);
        for (size_t i = 0; i < b->function_count; i++) {
            aclemu_handle_remove(b->functions[i], RT_KIND_FUNCTION);
        }
        for (rt_binary **at = &loaded_binaries; *at != NULL; at = &(*at)->next) {
            if (*at == b) {
                *at = b->next;
                break;
            }
        }
        b->loaded = false;
        rt_kernel_args_release_all(b);
        rt_binary_put_locked(b);
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    return b == NULL ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
}

aclError aclrtBinaryGetDevAddress(const aclrtBinHandle binHandle, void **binAddr, size_t *binSize)
{
    if (binAddr == NULL || binSize == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: binAddr and binSize must not be NULL", __func__);
    }
    pthread_mutex_lock(&rt_kernel_lock);
    rt_binary *b = rt_live_binary(binHandle, __func__);
    if (b != NULL) {
        *binAddr = b->bytes;
        *binSize = b->size;
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    return b == NULL ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
}

/* ------------------------------------------------------------ function handles */

static aclError new_function(rt_binary *b, const char *name, uint64_t entry, uint64_t size, rt_cpu_kernel_fn cpu,
                             aclrtFuncHandle *out, const char *fn)
{
    if (b->function_count == b->function_capacity) {
        size_t capacity = b->function_capacity ? b->function_capacity * 2 : 8;
        struct rt_function **grown = realloc(b->functions, capacity * sizeof *grown);
        if (grown == NULL) {
            return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
        }
        b->functions = grown;
        b->function_capacity = capacity;
    }
    rt_function *f = calloc(1, sizeof *f);
    if (f == NULL || (f->name = strdup(name)) == NULL) {
        free(f);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    f->owner = b;
    f->entry = entry;
    f->size = size;
    f->cpu = cpu;
    aclError err = aclemu_handle_add(f, RT_KIND_FUNCTION);
    if (err != ACL_SUCCESS) {
        free(f->name);
        free(f);
        return aclemu_set_error(err, "%s: cannot register the function", fn);
    }
    b->functions[b->function_count++] = f;
    *out = f;
    return ACL_SUCCESS;
}

/* Looks a function symbol up by name (name != NULL) or entry address. */
static aclError find_kernel(aclrtBinHandle binHandle, const char *name, uint64_t entry, aclrtFuncHandle *out,
                            const char *fn)
{
    if (out == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: funcHandle output pointer is NULL", fn);
    }
    pthread_mutex_lock(&rt_kernel_lock);
    rt_binary *b = rt_live_binary(binHandle, fn);
    aclError err = b == NULL ? ACL_ERROR_INVALID_PARAM : ACL_ERROR_RT_KERNEL_LOOKUP;
    for (size_t i = 0; b != NULL && i < b->symbol_count; i++) {
        const rt_symbol *s = &b->symbols[i];
        if (!s->object && (name != NULL ? strcmp(s->name, name) == 0 : s->value == entry)) {
            err = new_function(b, s->name, s->value, s->size, NULL, out, fn);
            if (err == ACL_SUCCESS && s->has_data) {
                ((rt_function *)*out)->code = b->bytes + s->data_offset;
            }
            break;
        }
    }
    bool has_symbols = b != NULL && b->symbol_count > 0;
    pthread_mutex_unlock(&rt_kernel_lock);
    if (err == ACL_ERROR_RT_KERNEL_LOOKUP) {
        if (!has_symbols) {
            return aclemu_set_error(err, "%s: the binary is not an ELF file with function symbols, so the emulator "
                                    "cannot resolve kernels in it", fn);
        }
        if (name != NULL) {
            return aclemu_set_error(err, "%s: the binary has no function named \"%s\"", fn, name);
        }
        return aclemu_set_error(err, "%s: the binary has no function at entry %#llx", fn, (unsigned long long)entry);
    }
    return err;
}

aclError aclrtBinaryGetFunction(const aclrtBinHandle binHandle, const char *kernelName, aclrtFuncHandle *funcHandle)
{
    if (kernelName == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: kernelName is NULL", __func__);
    }
    return find_kernel(binHandle, kernelName, 0, funcHandle, __func__);
}

aclError aclrtBinaryGetFunctionByEntry(aclrtBinHandle binHandle, uint64_t funcEntry, aclrtFuncHandle *funcHandle)
{
    return find_kernel(binHandle, NULL, funcEntry, funcHandle, __func__);
}

/* dlopen of the binary: its file when it came from one, else a memfd copy of its bytes. */
static void *open_library(rt_binary *b, const char *fn)
{
    if (b->library != NULL) {
        return b->library;
    }
    char path[64];
    const char *target = b->path;
    int fd = -1;
    if (target == NULL) {
        fd = memfd_create("aclemu-cpu-kernel", MFD_CLOEXEC);
        if (fd < 0 || write(fd, b->bytes, b->size) != (ssize_t)b->size) {
            if (fd >= 0) {
                close(fd);
            }
            aclemu_set_error(ACL_ERROR_RT_KERNEL_LOOKUP, "%s: cannot stage the binary for loading", fn);
            return NULL;
        }
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
        target = path;
    }
    b->library = dlopen(target, RTLD_NOW | RTLD_LOCAL);
    if (fd >= 0) {
        close(fd);
    }
    if (b->library != NULL) {
        rt_globals_bind_library(b);
    }
    if (b->library == NULL) {
        const char *why = dlerror();
        aclemu_set_error(ACL_ERROR_RT_KERNEL_LOOKUP, "%s: the binary is not a host shared library the emulator can "
                         "load (%.200s)", fn, why != NULL ? why : "unknown reason");
    }
    return b->library;
}

aclError aclrtRegisterCpuFunc(const aclrtBinHandle handle, const char *funcName, const char *kernelName,
                              aclrtFuncHandle *funcHandle)
{
    if (funcName == NULL || kernelName == NULL || funcHandle == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: funcName, kernelName and funcHandle must not be NULL",
                                __func__);
    }
    pthread_mutex_lock(&rt_kernel_lock);
    rt_binary *b = rt_live_binary(handle, __func__);
    aclError err = b == NULL ? ACL_ERROR_INVALID_PARAM : ACL_ERROR_RT_KERNEL_LOOKUP;
    void *library = b != NULL ? open_library(b, __func__) : NULL;
    if (library != NULL) {
        void *entry = dlsym(library, funcName);
        if (entry == NULL) {
            aclemu_set_error(err, "%s: the library has no function \"%s\"", __func__, funcName);
        } else {
            rt_cpu_kernel_fn cpu;
            memcpy(&cpu, &entry, sizeof cpu); /* object to function pointer, as POSIX allows */
            err = new_function(b, kernelName, (uint64_t)(uintptr_t)entry, 0, cpu, funcHandle, __func__);
            if (err == ACL_SUCCESS) {
                rt_function *f = *funcHandle;
                f->code = entry;
                f->symbol = strdup(funcName); /* if this fails, the parameter look-up names kernelName */
            }
        }
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    return err;
}

rt_function *rt_live_function(aclrtFuncHandle handle, const char *fn)
{
    if (!aclemu_handle_is(handle, RT_KIND_FUNCTION)) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a function handle", fn, handle);
        return NULL;
    }
    return handle;
}

aclError aclrtGetFunctionName(aclrtFuncHandle funcHandle, uint32_t maxLen, char *name)
{
    if (name == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: name is NULL", __func__);
    }
    pthread_mutex_lock(&rt_kernel_lock);
    rt_function *f = rt_live_function(funcHandle, __func__);
    aclError err = f == NULL ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
    if (f != NULL) {
        size_t len = strlen(f->name);
        if (len >= maxLen) {
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: maxLen %u is too small for \"%s\" (needs %zu)",
                                   __func__, maxLen, f->name, len + 1);
        } else {
            memcpy(name, f->name, len + 1);
        }
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    return err;
}

aclError aclrtFunctionGetBinary(const aclrtFuncHandle funcHandle, aclrtBinHandle *binHandle)
{
    if (binHandle == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: binHandle is NULL", __func__);
    }
    pthread_mutex_lock(&rt_kernel_lock);
    rt_function *f = rt_live_function(funcHandle, __func__);
    if (f != NULL) {
        *binHandle = f->owner;
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    return f == NULL ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
}

aclError aclrtGetFunctionSize(aclrtFuncHandle funcHandle, size_t *aicSize, size_t *aivSize)
{
    if (aicSize == NULL || aivSize == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: aicSize and aivSize must not be NULL", __func__);
    }
    pthread_mutex_lock(&rt_kernel_lock);
    rt_function *f = rt_live_function(funcHandle, __func__);
    if (f != NULL) {
        *aicSize = (size_t)f->size; /* the ELF symbol's size; the emulator keeps no separate AIV part */
        *aivSize = 0;
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    return f == NULL ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
}

/* ------------------------------------------------------------ launches */

enum { ATTR_IDS = ACL_RT_LAUNCH_KERNEL_ATTR_ENABLE_PROFILING + 1 };

typedef struct cpu_launch {
    rt_binary *owner; /* referenced until the task is freed */
    rt_function *function; /* kept while its binary is referenced */
    rt_cpu_kernel_fn run;
    uint32_t blocks;
    void *args;
    char name[64];
    aclrtLaunchKernelAttrValue attrs[ATTR_IDS]; /* by id, as launched (zero: not given) */
} cpu_launch;

static aclError run_cpu_launch(void *arg)
{
    cpu_launch *launch = arg;
    for (uint32_t block = 0; block < launch->blocks; block++) {
        uint32_t status = launch->run(launch->args);
        if (status != 0) {
            pthread_mutex_lock(&rt_kernel_lock);
            aclemu_exception_note_kernel((aclrtFuncHandle)launch->function, launch->owner->exception_callback,
                                     launch->owner->exception_user_data);
            pthread_mutex_unlock(&rt_kernel_lock);
            return aclemu_set_error(ACL_ERROR_RT_AICPU_EXCEPTION, "aclrtLaunchKernel: CPU kernel \"%s\" returned %u "
                                    "in block %u", launch->name, status, block);
        }
    }
    return ACL_SUCCESS;
}

static void free_cpu_launch(void *arg, bool ran)
{
    (void)ran;
    cpu_launch *launch = arg;
    if (launch->owner != NULL) {
        pthread_mutex_lock(&rt_kernel_lock);
        rt_binary_put_locked(launch->owner);
        pthread_mutex_unlock(&rt_kernel_lock);
    }
    free(launch->args);
    free(launch);
}

/* Launch attributes do not change a CPU call; they are kept for aclmdlRIKernelTaskGetAttribute. */
aclError rt_kernel_check_cfg(const aclrtLaunchKernelCfg *cfg, const char *fn)
{
    if (cfg == NULL) {
        return ACL_SUCCESS;
    }
    if (cfg->numAttrs > 0 && cfg->attrs == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: cfg has %zu attributes but attrs is NULL", fn,
                                cfg->numAttrs);
    }
    for (size_t i = 0; i < cfg->numAttrs; ++i) {
        int id = (int)cfg->attrs[i].id;
        if (id < ACL_RT_LAUNCH_KERNEL_ATTR_SCHEM_MODE || id >= ATTR_IDS) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: cfg attribute %zu has unknown id %d", fn, i, id);
        }
    }
    return ACL_SUCCESS;
}

aclError rt_kernel_submit(aclrtFuncHandle funcHandle, uint32_t numBlocks, void *block,
                          const aclrtLaunchKernelCfg *cfg, aclrtStream stream, const char *fn)
{
    aclError err = ACL_SUCCESS;
    if (numBlocks == 0) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: numBlocks is 0", fn);
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_stream_check(stream, fn);
    }
    cpu_launch *task = err == ACL_SUCCESS ? calloc(1, sizeof *task) : NULL;
    if (err == ACL_SUCCESS && task == NULL) {
        err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    if (err != ACL_SUCCESS) {
        free(block);
        return err;
    }
    task->args = block;
    pthread_mutex_lock(&rt_kernel_lock);
    rt_function *f = rt_live_function(funcHandle, fn);
    err = f == NULL ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
    if (f != NULL && f->cpu == NULL) {
        err = aclemu_set_error(ACL_ERROR_API_NOT_SUPPORT, "%s: \"%s\" is an AI Core kernel; the emulator runs on the "
                               "CPU and cannot execute device binaries (register a host function with "
                               "aclrtRegisterCpuFunc instead)", fn, f->name);
    } else if (f != NULL) {
        task->function = f;
        task->run = f->cpu;
        task->owner = f->owner;
        f->owner->refs++;
        snprintf(task->name, sizeof task->name, "%s", f->name);
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    if (err != ACL_SUCCESS) {
        free_cpu_launch(task, false);
        return err;
    }
    for (size_t i = 0; cfg != NULL && i < cfg->numAttrs; ++i) {
        task->attrs[cfg->attrs[i].id] = cfg->attrs[i].value; /* ids checked by rt_kernel_check_cfg */
    }
    task->blocks = numBlocks;
    return aclemu_stream_submit(stream, run_cpu_launch, task, free_cpu_launch, fn);
}

/* The checks a launch makes before it reads the caller's argument block: a garbage handle or
 * stream is reported without touching the block. rt_kernel_submit checks the function again. */
static aclError launch_precheck(aclrtFuncHandle funcHandle, uint32_t numBlocks, aclrtStream stream, const char *fn)
{
    if (numBlocks == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: numBlocks is 0", fn);
    }
    aclError err = aclemu_stream_check(stream, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&rt_kernel_lock);
    rt_function *f = rt_live_function(funcHandle, fn);
    err = f == NULL ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
    if (f != NULL && f->cpu == NULL) {
        err = aclemu_set_error(ACL_ERROR_API_NOT_SUPPORT, "%s: \"%s\" is an AI Core kernel; the emulator runs on the "
                               "CPU and cannot execute device binaries (register a host function with "
                               "aclrtRegisterCpuFunc instead)", fn, f->name);
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    return err;
}

/* The checks of the caller's argument block that read none of it: NULL with a size, or a range past
 * a tracked allocation. */
static aclError check_args(const void *argsData, size_t argsSize, const char *fn)
{
    if (argsData == NULL && argsSize > 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: argsData is NULL with argsSize %zu", fn, argsSize);
    }
    return aclemu_mem_check(argsData, argsSize, false, fn, "argsData");
}

/* Copies a block check_args accepted (the runtime's own copy, so the caller may reuse it). */
static aclError copy_args(const void *argsData, size_t argsSize, void **block, const char *fn)
{
    *block = malloc(argsSize > 0 ? argsSize : 1);
    if (*block == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    if (argsSize > 0) {
        memcpy(*block, argsData, argsSize);
    }
    return ACL_SUCCESS;
}

static aclError launch(aclrtFuncHandle funcHandle, uint32_t numBlocks, const void *argsData, size_t argsSize,
                       const aclrtLaunchKernelCfg *cfg, aclrtStream stream, const char *fn)
{
    void *block = NULL;
    aclError err = rt_kernel_check_cfg(cfg, fn);
    /* the argument range is checked before the handles (the check reads none of it), so a block
     * past its buffer is reported whatever else is wrong */
    if (err == ACL_SUCCESS) {
        err = check_args(argsData, argsSize, fn);
    }
    if (err == ACL_SUCCESS) {
        err = launch_precheck(funcHandle, numBlocks, stream, fn);
    }
    if (err == ACL_SUCCESS) {
        err = copy_args(argsData, argsSize, &block, fn);
    }
    return err != ACL_SUCCESS ? err : rt_kernel_submit(funcHandle, numBlocks, block, cfg, stream, fn);
}

aclError aclrtLaunchKernel(aclrtFuncHandle funcHandle, uint32_t numBlocks, const void *argsData, size_t argsSize,
                           aclrtStream stream)
{
    return launch(funcHandle, numBlocks, argsData, argsSize, NULL, stream, __func__);
}

aclError aclrtLaunchKernelV2(aclrtFuncHandle funcHandle, uint32_t numBlocks, const void *argsData, size_t argsSize,
                             aclrtLaunchKernelCfg *cfg, aclrtStream stream)
{
    return launch(funcHandle, numBlocks, argsData, argsSize, cfg, stream, __func__);
}

aclError aclrtLaunchKernelWithHostArgs(aclrtFuncHandle funcHandle, uint32_t numBlocks, aclrtStream stream,
                                       aclrtLaunchKernelCfg *cfg, void *hostArgs, size_t argsSize,
                                       aclrtPlaceHolderInfo *placeHolderArray, size_t placeHolderNum)
{
    aclError err = rt_kernel_check_cfg(cfg, __func__);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (placeHolderNum > 0 && placeHolderArray == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %zu placeholders but placeHolderArray is NULL",
                                __func__, placeHolderNum);
    }
    if (placeHolderNum > argsSize / sizeof(void *)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %zu placeholders cannot fit %zu bytes of arguments",
                                __func__, placeHolderNum, argsSize);
    }
    err = launch_precheck(funcHandle, numBlocks, stream, __func__);
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check(placeHolderArray, placeHolderNum * sizeof *placeHolderArray, false, __func__,
                               "placeHolderArray");
    }
    for (size_t i = 0; err == ACL_SUCCESS && i < placeHolderNum; i++) {
        const aclrtPlaceHolderInfo *p = &placeHolderArray[i];
        if (p->addrOffset % sizeof(void *) != 0 || p->addrOffset > argsSize - sizeof(void *) ||
            p->dataOffset > argsSize) {
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: placeholder %zu (address at %u, data at %u) lies "
                                   "outside the %zu-byte block or is not pointer-aligned", __func__, i,
                                   p->addrOffset, p->dataOffset, argsSize);
        }
    }
    void *block = NULL;
    if (err == ACL_SUCCESS) {
        err = check_args(hostArgs, argsSize, __func__);
    }
    if (err == ACL_SUCCESS) {
        err = copy_args(hostArgs, argsSize, &block, __func__);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    /* the runtime's copy of the block holds the data; each address slot then points into it */
    for (size_t i = 0; i < placeHolderNum; i++) {
        void *data = (unsigned char *)block + placeHolderArray[i].dataOffset;
        memcpy((unsigned char *)block + placeHolderArray[i].addrOffset, &data, sizeof data);
    }
    return rt_kernel_submit(funcHandle, numBlocks, block, cfg, stream, __func__);
}

aclError aclemu_kernel_task_attribute(aclemu_task_fn run, const void *arg, int attr_id,
                                      aclrtLaunchKernelAttrValue *value, const char *fn)
{
    if (attr_id < ACL_RT_LAUNCH_KERNEL_ATTR_SCHEM_MODE || attr_id >= ATTR_IDS) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown launch attribute id %d", fn, attr_id);
    }
    memset(value, 0, sizeof *value);
    if (run == run_cpu_launch) {
        *value = ((const cpu_launch *)arg)->attrs[attr_id];
    }
    return ACL_SUCCESS;
}

/* aclrtLaunchKernelWithArgsArray and the SIMT launches take a device function symbol, code compiled
 * for the AI Core that no CPU can run: they are left to the generated not-supported stubs and listed
 * with that reason in acl/hardware_only.json. */

/* ------------------------------------------------------------ queries */

aclError aclrtGetFunctionAddr(aclrtFuncHandle funcHandle, void **aicAddr, void **aivAddr)
{
    if (aicAddr == NULL || aivAddr == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: aicAddr and aivAddr must not be NULL", __func__);
    }
    pthread_mutex_lock(&rt_kernel_lock);
    rt_function *f = rt_live_function(funcHandle, __func__);
    aclError err = f == NULL ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
    if (f != NULL && f->code == NULL) {
        err = aclemu_set_error(ACL_ERROR_RT_KERNEL_LOOKUP, "%s: the code of \"%s\" lies outside the binary's sections",
                               __func__, f->name);
    } else if (f != NULL) {
        *aicAddr = f->code; /* the emulator keeps no separate AIV part */
        *aivAddr = NULL;
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    return err;
}

aclError aclrtGetFunctionAttribute(aclrtFuncHandle funcHandle, aclrtFuncAttribute attrType, int64_t *attrValue)
{
    if (attrValue == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: attrValue is NULL", __func__);
    }
    pthread_mutex_lock(&rt_kernel_lock);
    rt_function *f = rt_live_function(funcHandle, __func__);
    aclError err = f == NULL ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
    if (f != NULL) {
        switch (attrType) {
        case ACL_FUNC_ATTR_KERNEL_TYPE:
            *attrValue = f->cpu != NULL ? ACL_KERNEL_TYPE_AICPU : ACL_KERNEL_TYPE_AICORE;
            break;
        case ACL_FUNC_ATTR_KERNEL_RATIO:
            *attrValue = 0; /* a cube:vector ratio exists only for mix kernels, which the emulator has none of */
            break;
        case ACL_FUNC_ATTR_KERNEL_SCHED_MODE:
            *attrValue = 0; /* the default (normal) scheduling */
            break;
        default:
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown attribute %d", __func__, (int)attrType);
            break;
        }
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    return err;
}

/* The function `symbol` names (lock held): a function handle itself, the host function of a
 * registered CPU kernel, or the code address of a function symbol of a loaded binary (made into
 * a handle on first use). */
static aclError function_of_symbol_locked(const void *symbol, rt_function **out, const char *fn)
{
    if (symbol == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the function symbol is NULL", fn);
    }
    if (aclemu_handle_is(symbol, RT_KIND_FUNCTION)) {
        *out = (rt_function *)(uintptr_t)symbol;
        return ACL_SUCCESS;
    }
    for (rt_binary *b = loaded_binaries; b != NULL; b = b->next) {
        for (size_t i = 0; i < b->function_count; i++) {
            if (b->functions[i]->code == symbol) {
                *out = b->functions[i];
                return ACL_SUCCESS;
            }
        }
    }
    for (rt_binary *b = loaded_binaries; b != NULL; b = b->next) {
        for (size_t i = 0; i < b->symbol_count; i++) {
            const rt_symbol *s = &b->symbols[i];
            if (!s->object && s->has_data && b->bytes + s->data_offset == symbol) {
                aclrtFuncHandle handle = NULL;
                aclError err = new_function(b, s->name, s->value, s->size, NULL, &handle, fn);
                if (err == ACL_SUCCESS) {
                    *out = handle;
                    (*out)->code = b->bytes + s->data_offset;
                }
                return err;
            }
        }
    }
    return aclemu_set_error(ACL_ERROR_RT_SYMBOL_NOT_FOUND, "%s: %p is not a function of a loaded binary", fn, symbol);
}

aclError aclrtGetFuncBySymbol(const void *symbol, aclrtFuncHandle *funcHandle)
{
    if (funcHandle == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: funcHandle is NULL", __func__);
    }
    pthread_mutex_lock(&rt_kernel_lock);
    rt_function *f = NULL;
    aclError err = function_of_symbol_locked(symbol, &f, __func__);
    if (err == ACL_SUCCESS) {
        *funcHandle = f;
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    return err;
}

/* The parameters of function `func` (lock held), read from its binary's DWARF on first use. */
static aclError parameters_locked(const void *func, rt_function **out, const char *fn)
{
    aclError err = function_of_symbol_locked(func, out, fn);
    rt_function *f = *out;
    if (err != ACL_SUCCESS || f->params_read) {
        return err;
    }
    const char *symbol = f->symbol != NULL ? f->symbol : f->name;
    err = rt_dwarf_parameters(f->owner->bytes, f->owner->size, symbol, &f->params, &f->param_count, fn);
    f->params_read = err == ACL_SUCCESS;
    return err;
}

aclError aclrtFunctionGetParamCount(const void *func, size_t *paramCount)
{
    if (paramCount == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: paramCount is NULL", __func__);
    }
    pthread_mutex_lock(&rt_kernel_lock);
    rt_function *f = NULL;
    aclError err = parameters_locked(func, &f, __func__);
    if (err == ACL_SUCCESS) {
        *paramCount = f->param_count;
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    return err;
}

aclError aclrtFunctionGetParamInfo(const void *func, size_t paramIndex, size_t *paramOffset, size_t *paramSize)
{
    if (paramOffset == NULL || paramSize == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: paramOffset and paramSize must not be NULL", __func__);
    }
    pthread_mutex_lock(&rt_kernel_lock);
    rt_function *f = NULL;
    aclError err = parameters_locked(func, &f, __func__);
    if (err == ACL_SUCCESS && paramIndex >= f->param_count) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: paramIndex %zu, but \"%s\" has %zu parameters",
                               __func__, paramIndex, f->name, f->param_count);
    } else if (err == ACL_SUCCESS) {
        *paramOffset = (size_t)f->params[paramIndex].offset;
        *paramSize = (size_t)f->params[paramIndex].size;
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    return err;
}

aclError aclrtFunctionGetAvailDynUbufPerBlock(void *func, uint32_t flags, size_t *dynamicUbufSize)
{
    (void)flags;
    if (dynamicUbufSize == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dynamicUbufSize is NULL", __func__);
    }
    int64_t ubuf = 0;
    int32_t device = aclemu_current_device();
    aclError err = aclrtGetDeviceInfo(device < 0 ? 0 : (uint32_t)device, ACL_DEV_ATTR_LOCAL_MEM_PER_VECTOR_CORE, &ubuf);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&rt_kernel_lock);
    rt_function *f = NULL;
    err = function_of_symbol_locked(func, &f, __func__);
    if (err == ACL_SUCCESS) {
        /* no function of the emulator uses static unified buffer: all of a core's is available */
        *dynamicUbufSize = (size_t)ubuf;
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    return err;
}

aclError aclrtCheckArchCompatibility(const char *socVersion, int32_t *canCompatible)
{
    if (socVersion == NULL || canCompatible == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: socVersion and canCompatible must not be NULL",
                                __func__);
    }
    /* binaries built for the emulated SoC run; any other architecture's do not */
    *canCompatible = strcmp(socVersion, aclrtGetSocName()) == 0 ? 1 : 0;
    return ACL_SUCCESS;
}

aclError aclrtBinarySetExceptionCallback(aclrtBinHandle binHandle, aclrtOpExceptionCallback callback, void *userData)
{
    pthread_mutex_lock(&rt_kernel_lock);
    rt_binary *b = rt_live_binary(binHandle, __func__);
    if (b != NULL) {
        b->exception_callback = callback; /* NULL removes it */
        b->exception_user_data = userData;
    }
    pthread_mutex_unlock(&rt_kernel_lock);
    return b == NULL ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
}
