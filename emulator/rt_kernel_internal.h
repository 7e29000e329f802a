/* Kernel binaries shared by rt_kernel.c (binaries, functions, launches), rt_kernel_globals.c
 * (global variables and symbol copies) and rt_kernel_args.c (argument objects). Every field
 * below is read and written with rt_kernel_lock held. */
#ifndef ACLEMU_RT_KERNEL_INTERNAL_H
#define ACLEMU_RT_KERNEL_INTERNAL_H

#include "emu.h"

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RT_KIND_BINARY_DATA (ACLEMU_KIND_AREA_FREE + 92)
#define RT_KIND_BINARY (ACLEMU_KIND_AREA_FREE + 93)
#define RT_KIND_FUNCTION (ACLEMU_KIND_AREA_FREE + 94)
#define RT_KIND_KERNEL_ARGS (ACLEMU_KIND_AREA_FREE + 320)

typedef struct rt_symbol {
    char *name;
    uint64_t value;
    uint64_t size;
    bool object;          /* STT_OBJECT (a global variable), else STT_FUNC */
    bool zero_fill;       /* variable in .bss / a common symbol: starts as zeros */
    bool has_data;        /* variable whose initial bytes lie in the file at data_offset */
    uint64_t data_offset;
    void *device;         /* the variable's device copy once aclrtBinaryGetGlobal asked for it */
    void *host;           /* its address in the opened host library, if any */
} rt_symbol;

struct rt_function;
struct rt_kernel_args;

typedef struct rt_args_ref { /* an argument object made for one of the binary's functions */
    struct rt_kernel_args *args;
    bool owned; /* allocated by aclrtKernelArgsInit; else it lives in the caller's memory */
} rt_args_ref;

typedef struct rt_binary { /* aclrtBinHandle */
    unsigned char *bytes;
    size_t size;
    char *path;           /* file it came from, NULL when loaded from memory */
    rt_symbol *symbols;
    size_t symbol_count;
    void *library;        /* dlopen handle once a CPU function was registered */
    struct rt_function **functions; /* handles resolved from it, released at unload */
    size_t function_count, function_capacity;
    rt_args_ref *args;    /* argument objects of its functions, released at unload */
    size_t args_count, args_capacity;
    aclrtOpExceptionCallback exception_callback;
    void *exception_user_data;
    struct rt_binary *next; /* list of loaded binaries (symbol look-ups) */
    bool loaded;
    unsigned refs;        /* 1 while loaded + 1 per queued task (keeps code and globals alive) */
} rt_binary;

typedef uint32_t (*rt_cpu_kernel_fn)(void *args);

typedef struct rt_param { /* one parameter's place in the argument block */
    uint64_t offset, size;
} rt_param;

typedef struct rt_function { /* aclrtFuncHandle */
    rt_binary *owner;
    char *name;
    uint64_t entry;
    uint64_t size;
    rt_cpu_kernel_fn cpu; /* NULL for AI Core kernels */
    void *code;           /* its code: in the binary's copy (AI Core), or the host function (CPU) */
    char *symbol;         /* the library's name of a CPU function (funcName); NULL: `name` is the symbol */
    rt_param *params;     /* its parameters, once read from the binary's DWARF */
    size_t param_count;
    bool params_read;
} rt_function;

extern pthread_mutex_t rt_kernel_lock;

/* Live handles (lock held), else NULL with ACL_ERROR_INVALID_PARAM recorded naming `fn`. */
rt_binary *rt_live_binary(aclrtBinHandle handle, const char *fn);
rt_function *rt_live_function(aclrtFuncHandle handle, const char *fn);
/* Drops one reference (lock held); the last one frees the binary, its functions and globals. */
void rt_binary_put_locked(rt_binary *b);
/* Loaded binaries, newest first (lock held). */
rt_binary *rt_binaries_locked(void);

/* Queue a launch of `funcHandle` on `stream` with the argument block `block` (malloc'd; owned by
 * the launch from this call on, freed on every path). */
aclError rt_kernel_submit(aclrtFuncHandle funcHandle, uint32_t numBlocks, void *block,
                          const aclrtLaunchKernelCfg *cfg, aclrtStream stream, const char *fn);
/* ACL_ERROR_INVALID_PARAM for a launch config with unknown attribute ids or a NULL list; NULL is fine.
 * The attributes are kept with the launch for aclmdlRIKernelTaskGetAttribute. */
aclError rt_kernel_check_cfg(const aclrtLaunchKernelCfg *cfg, const char *fn);

/* rt_kernel_dwarf.c: the parameters of function `name` described by the DWARF debug info of the
 * ELF image `bytes` (a malloc'd array in *params, *count entries), laid out as a C struct of them;
 * else an error code with a message naming `fn` and why (no debug info, malformed data, ...). */
aclError rt_dwarf_parameters(const unsigned char *bytes, size_t size, const char *name, rt_param **params,
                             size_t *count, const char *fn);

/* rt_kernel_globals.c: release a binary's global variables (lock held, binary being freed). */
void rt_globals_release(rt_binary *b);
/* Record the host library addresses of the binary's variables once it is opened (lock held). */
void rt_globals_bind_library(rt_binary *b);
/* rt_kernel_args.c: unregister the binary's argument objects and free those it owns (lock held,
 * at unload: launches copied their blocks, so no queued task needs them). */
void rt_kernel_args_release_all(rt_binary *b);

#endif
