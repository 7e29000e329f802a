/*
 * The operator kernel registry (aclopCreateKernel, aclopRegisterCompileFunc, aclopUpdateParams and
 * the kernel descriptor setters) and kernel argument dumps (aclopStartDumpArgs/StopDumpArgs).
 *
 * The registry is real: kernels are kept per op type and kernel id, and aclopUpdateParams calls
 * the op type's compile function with the given tensor descs and attr, then checks what it
 * chose (a kernel id registered for that op type, its block dim, args and workspace sizes) and
 * keeps it as the op type's current compiled kernel. What a CPU cannot do is run the kernel: the
 * bytes are an AI Core (or vector core) binary for the NPU's instruction set, so executing an op
 * whose only implementation is such a kernel fails in the op executor, which has no CPU kernel
 * for the type. While an args dump is on, every kernel choice of aclopUpdateParams writes the
 * argument bytes to <path>/<opType>.<kernelId>.<n>.args (n counting from 0 per process), which is
 * what the runtime's args dump records for a launch.
 */
#include "emu.h"

#include "acl/acl_dump.h"
#include "acl/acl_op.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define OPREG_KIND_KERNEL_DESC (ACLEMU_KIND_AREA_FREE + 216)
#define OPREG_NAME_MAX 256u

typedef struct kernel {
    struct kernel *next;
    char op_type[OPREG_NAME_MAX];
    char kernel_id[OPREG_NAME_MAX];
    char kernel_name[OPREG_NAME_MAX];
    void *bin;
    size_t bin_size;
    aclopEngineType engine;
    aclDataDeallocator deallocator;
} kernel;

typedef struct compile_entry {
    struct compile_entry *next;
    char op_type[OPREG_NAME_MAX];
    aclopCompileFunc func;
    /* The last choice aclopUpdateParams accepted. */
    bool compiled;
    char kernel_id[OPREG_NAME_MAX];
    uint32_t block_dim;
    size_t num_workspaces;
} compile_entry;

struct aclopKernelDesc {
    char op_type[OPREG_NAME_MAX];
    bool has_args;
    char kernel_id[OPREG_NAME_MAX];
    uint32_t block_dim;
    void *args;
    uint32_t args_size;
    int num_workspaces;
    size_t *workspace_sizes;
};

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static kernel *kernels;
static compile_entry *compile_funcs;
static char *dump_path; /* args dump on when non-NULL */
static unsigned dump_count;

static aclError check_name(const char *name, const char *what, const char *fn)
{
    if (name == NULL || name[0] == '\0' || strlen(name) >= OPREG_NAME_MAX) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL, empty or not shorter than %u bytes", fn,
                                what, OPREG_NAME_MAX);
    }
    return ACL_SUCCESS;
}

static kernel *find_kernel(const char *op_type, const char *kernel_id)
{
    for (kernel *k = kernels; k != NULL; k = k->next) {
        if (strcmp(k->op_type, op_type) == 0 && strcmp(k->kernel_id, kernel_id) == 0) {
            return k;
        }
    }
    return NULL;
}

static compile_entry *find_compile(const char *op_type)
{
    for (compile_entry *e = compile_funcs; e != NULL; e = e->next) {
        if (strcmp(e->op_type, op_type) == 0) {
            return e;
        }
    }
    return NULL;
}

aclError aclopCreateKernel(const char *opType, const char *kernelId, const char *kernelName, void *binData,
                           int binSize, aclopEngineType enginetype, aclDataDeallocator deallocator)
{
    static const char fn[] = "aclopCreateKernel";
    aclError err = check_name(opType, "opType", fn);
    if (err == ACL_SUCCESS) {
        err = check_name(kernelId, "kernelId", fn);
    }
    if (err == ACL_SUCCESS) {
        err = check_name(kernelName, "kernelName", fn);
    }
    if (err == ACL_SUCCESS && (binData == NULL || binSize <= 0)) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: binData is NULL or binSize %d is not positive", fn,
                               binSize);
    }
    if (err == ACL_SUCCESS && enginetype != ACL_ENGINE_SYS && enginetype != ACL_ENGINE_AICORE &&
        enginetype != ACL_ENGINE_VECTOR) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown engine type %d", fn, (int)enginetype);
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check(binData, (size_t)binSize, false, fn, "binData");
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&registry_lock);
    if (find_kernel(opType, kernelId) != NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: op type '%s' has a kernel '%s' already", fn, opType,
                               kernelId);
    } else {
        kernel *k = calloc(1, sizeof *k);
        if (k == NULL) {
            err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        } else {
            strcpy(k->op_type, opType);
            strcpy(k->kernel_id, kernelId);
            strcpy(k->kernel_name, kernelName);
            k->bin = binData;
            k->bin_size = (size_t)binSize;
            k->engine = enginetype;
            k->deallocator = deallocator;
            k->next = kernels;
            kernels = k;
        }
    }
    pthread_mutex_unlock(&registry_lock);
    return err;
}

aclError aclopRegisterCompileFunc(const char *opType, aclopCompileFunc func)
{
    static const char fn[] = "aclopRegisterCompileFunc";
    aclError err = check_name(opType, "opType", fn);
    if (err == ACL_SUCCESS && func == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: func is NULL", fn);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&registry_lock);
    compile_entry *e = find_compile(opType);
    if (e == NULL) {
        e = calloc(1, sizeof *e);
        if (e != NULL) {
            strcpy(e->op_type, opType);
            e->next = compile_funcs;
            compile_funcs = e;
        }
    }
    if (e == NULL) {
        err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    } else {
        e->func = func; /* registering again replaces the function */
        e->compiled = false;
    }
    pthread_mutex_unlock(&registry_lock);
    return err;
}

aclError aclopUnregisterCompileFunc(const char *opType)
{
    static const char fn[] = "aclopUnregisterCompileFunc";
    aclError err = check_name(opType, "opType", fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&registry_lock);
    compile_entry **link = &compile_funcs;
    while (*link != NULL && strcmp((*link)->op_type, opType) != 0) {
        link = &(*link)->next;
    }
    compile_entry *gone = *link;
    if (gone == NULL) {
        err = aclemu_set_error(ACL_ERROR_OP_NOT_FOUND, "%s: no compile function is registered for '%s'", fn, opType);
    } else {
        *link = gone->next;
    }
    pthread_mutex_unlock(&registry_lock);
    free(gone);
    return err;
}

/* ---------------------------------------------------------- kernel descs */

static aclError bad_desc(const void *desc, const char *fn)
{
    return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not the kernel desc of a running compile function",
                            fn, desc);
}

aclError aclopSetKernelArgs(aclopKernelDesc *kernelDesc, const char *kernelId, uint32_t blockDim, const void *args,
                            uint32_t argSize)
{
    static const char fn[] = "aclopSetKernelArgs";
    if (!aclemu_handle_is(kernelDesc, OPREG_KIND_KERNEL_DESC)) {
        return bad_desc(kernelDesc, fn);
    }
    aclError err = check_name(kernelId, "kernelId", fn);
    if (err == ACL_SUCCESS && (blockDim == 0 || (args == NULL && argSize > 0))) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: blockDim is 0 or args is NULL", fn);
    }
    void *copy = NULL;
    if (err == ACL_SUCCESS && argSize > 0) {
        copy = malloc(argSize);
        if (copy == NULL) {
            err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        } else {
            memcpy(copy, args, argSize);
        }
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    free(kernelDesc->args);
    strcpy(kernelDesc->kernel_id, kernelId);
    kernelDesc->block_dim = blockDim;
    kernelDesc->args = copy;
    kernelDesc->args_size = argSize;
    kernelDesc->has_args = true;
    return ACL_SUCCESS;
}

aclError aclopSetKernelWorkspaceSizes(aclopKernelDesc *kernelDesc, int numWorkspaces, size_t *workspaceSizes)
{
    static const char fn[] = "aclopSetKernelWorkspaceSizes";
    if (!aclemu_handle_is(kernelDesc, OPREG_KIND_KERNEL_DESC)) {
        return bad_desc(kernelDesc, fn);
    }
    if (numWorkspaces < 0 || (numWorkspaces > 0 && workspaceSizes == NULL)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: numWorkspaces %d is negative or workspaceSizes is NULL",
                                fn, numWorkspaces);
    }
    size_t *copy = NULL;
    if (numWorkspaces > 0) {
        copy = malloc((size_t)numWorkspaces * sizeof *copy);
        if (copy == NULL) {
            return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        }
        memcpy(copy, workspaceSizes, (size_t)numWorkspaces * sizeof *copy);
    }
    free(kernelDesc->workspace_sizes);
    kernelDesc->workspace_sizes = copy;
    kernelDesc->num_workspaces = numWorkspaces;
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------ compiling */

static void dump_args(const aclopKernelDesc *desc, const char *fn)
{
    pthread_mutex_lock(&registry_lock);
    char path[ACL_DUMP_MAX_FILE_PATH_LENGTH + 2 * OPREG_NAME_MAX + 32];
    bool on = dump_path != NULL;
    if (on) {
        snprintf(path, sizeof path, "%s/%s.%s.%u.args", dump_path, desc->op_type, desc->kernel_id, dump_count++);
    }
    pthread_mutex_unlock(&registry_lock);
    if (!on) {
        return;
    }
    FILE *file = fopen(path, "wb");
    if (file == NULL || (desc->args_size > 0 && fwrite(desc->args, 1, desc->args_size, file) != desc->args_size)) {
        aclemu_diag("%s: cannot write the args dump '%s': %s", fn, path, strerror(errno));
    }
    if (file != NULL) {
        fclose(file);
    }
}

static aclError check_descs(int num, const aclTensorDesc *const descs[], const char *what, const char *fn)
{
    if (num < 0 || (num > 0 && descs == NULL)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the %s count %d is negative or the array NULL", fn, what,
                                num);
    }
    for (int i = 0; i < num; ++i) {
        if (!aclemu_handle_is(descs[i], ACLEMU_KIND_TENSOR_DESC)) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s desc %d is not a live aclTensorDesc", fn, what, i);
        }
    }
    return ACL_SUCCESS;
}

/* After the compile function: it must have chosen a kernel of this op type. */
static aclError accept_choice(const aclopKernelDesc *desc, const char *fn)
{
    pthread_mutex_lock(&registry_lock);
    aclError err = ACL_SUCCESS;
    compile_entry *e = find_compile(desc->op_type);
    if (!desc->has_args) {
        err = aclemu_set_error(ACL_ERROR_KERNEL_NOT_FOUND, "%s: the compile function of '%s' chose no kernel "
                               "(aclopSetKernelArgs)", fn, desc->op_type);
    } else if (find_kernel(desc->op_type, desc->kernel_id) == NULL) {
        err = aclemu_set_error(ACL_ERROR_KERNEL_NOT_FOUND, "%s: kernel '%s' of op type '%s' was never created "
                               "(aclopCreateKernel)", fn, desc->kernel_id, desc->op_type);
    } else if (e != NULL) {
        e->compiled = true;
        strcpy(e->kernel_id, desc->kernel_id);
        e->block_dim = desc->block_dim;
        e->num_workspaces = (size_t)desc->num_workspaces;
    }
    pthread_mutex_unlock(&registry_lock);
    return err;
}

aclError aclopUpdateParams(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[], int numOutputs,
                           const aclTensorDesc *const outputDesc[], const aclopAttr *attr)
{
    static const char fn[] = "aclopUpdateParams";
    aclError err = check_name(opType, "opType", fn);
    if (err == ACL_SUCCESS) {
        err = check_descs(numInputs, inputDesc, "input", fn);
    }
    if (err == ACL_SUCCESS) {
        err = check_descs(numOutputs, outputDesc, "output", fn);
    }
    if (err == ACL_SUCCESS && attr != NULL && !aclemu_handle_is(attr, ACLEMU_KIND_OP_ATTR)) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: attr is not a live aclopAttr", fn);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&registry_lock);
    compile_entry *e = find_compile(opType);
    aclopCompileFunc func = e != NULL ? e->func : NULL;
    pthread_mutex_unlock(&registry_lock);
    if (func == NULL) {
        return aclemu_set_error(ACL_ERROR_OP_NOT_FOUND, "%s: no compile function is registered for '%s'", fn, opType);
    }
    aclopKernelDesc *desc = calloc(1, sizeof *desc);
    if (desc == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    strcpy(desc->op_type, opType);
    err = aclemu_handle_add(desc, OPREG_KIND_KERNEL_DESC);
    if (err == ACL_SUCCESS) {
        /* Called without locks: the function calls back into the setters. */
        aclError rc = func(numInputs, inputDesc, numOutputs, outputDesc, attr, desc);
        aclemu_handle_remove(desc, OPREG_KIND_KERNEL_DESC);
        if (rc != ACL_SUCCESS) {
            err = aclemu_set_error(rc, "%s: the compile function of '%s' returned %d", fn, opType, (int)rc);
        } else {
            err = accept_choice(desc, fn);
        }
    }
    if (err == ACL_SUCCESS) {
        dump_args(desc, fn);
    }
    free(desc->args);
    free(desc->workspace_sizes);
    free(desc);
    return err;
}

/* ------------------------------------------------------------ args dump */

/* Takes `path` (malloc'd, or NULL to stop dumping). */
static void set_dump_path(char *path)
{
    pthread_mutex_lock(&registry_lock);
    char *old = dump_path;
    dump_path = path;
    pthread_mutex_unlock(&registry_lock);
    free(old);
}

aclError aclopStartDumpArgs(uint32_t dumpType, const char *path)
{
    static const char fn[] = "aclopStartDumpArgs";
    if (dumpType != ACL_OP_DUMP_OP_AICORE_ARGS) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dumpType %u is not ACL_OP_DUMP_OP_AICORE_ARGS", fn,
                                dumpType);
    }
    if (path == NULL || path[0] == '\0' || strlen(path) >= ACL_DUMP_MAX_FILE_PATH_LENGTH) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: path is NULL, empty or too long", fn);
    }
    if (mkdir(path, 0755) != 0 && errno != EEXIST) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: cannot create '%s': %s", fn, path, strerror(errno));
    }
    char *copy = malloc(strlen(path) + 1);
    if (copy == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    strcpy(copy, path);
    set_dump_path(copy);
    return ACL_SUCCESS;
}

aclError aclopStopDumpArgs(uint32_t dumpType)
{
    if (dumpType != ACL_OP_DUMP_OP_AICORE_ARGS) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclopStopDumpArgs: dumpType %u is not "
                                "ACL_OP_DUMP_OP_AICORE_ARGS", dumpType);
    }
    set_dump_path(NULL);
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------- teardown */

/* At aclFinalize the kernels go, their binaries through the deallocator they came with. */
static size_t release_kernels(int32_t device, const char *fn)
{
    (void)fn;
    if (device != -1) {
        return 0;
    }
    pthread_mutex_lock(&registry_lock);
    kernel *list = kernels;
    kernels = NULL;
    pthread_mutex_unlock(&registry_lock);
    while (list != NULL) {
        kernel *next = list->next;
        if (list->deallocator != NULL) {
            list->deallocator(list->bin, list->bin_size);
        }
        free(list);
        list = next;
    }
    return 0;
}

__attribute__((constructor)) static void register_kernel_release(void)
{
    aclemu_on_release(release_kernels);
}
