/* The emulator's private entry points (declared in emulator.cdef), looked up by name in the
 * libraries _aclffi_open opened. This file and the generated shims are one translation unit, so
 * the loader's handle table and lock are in scope. */
#include <dlfcn.h>

#include "compute_hooks.h"
#include "media_executor.h"
#include "model_executor.h"
#include "trace_hooks.h"
/* As in emulator/report_hooks.h, which cannot be included here: it pulls in acl/acl.h, whose types
 * the generated part already defines. tests/test_native_emulator.py checks the two agree. */
/* needs: aclrtCallback */
typedef void (*aclemuDiscardedCallbackHook)(aclrtCallback fn, void *userData);
/* end needs */

static void *_aclemu_symbol(const char *name)
{
    void *symbol = NULL;
    int h;
    pthread_mutex_lock(&_aclffi_lock);
    for (h = 0; h < _aclffi_nhandles && symbol == NULL; h++) {
        symbol = dlsym(_aclffi_handles[h], name);
    }
    pthread_mutex_unlock(&_aclffi_lock);
    return symbol;
}

int _aclemu_has(const char *name)
{
    return name != NULL && _aclemu_symbol(name) != NULL;
}

/* _aclemu_<name>(params): calls aclemu<name>(args), or gives `absent` when the backend lacks it.
 * Looked up on every call: these are rare calls, and the backend may be reloaded in between. */
#define ACLEMU_ENTRY(ret, name, params, args, absent)                   \
    ret _aclemu_##name params                                           \
    {                                                                   \
        ret(*entry) params = (ret(*) params)_aclemu_symbol("aclemu" #name); \
        return entry != NULL ? entry args : absent;                     \
    }
/* The same for an entry point returning nothing: a lacking backend makes the call a no-op. */
#define ACLEMU_VOID_ENTRY(name, params, args)                           \
    void _aclemu_##name params                                          \
    {                                                                   \
        void(*entry) params = (void(*) params)_aclemu_symbol("aclemu" #name); \
        if (entry != NULL) {                                            \
            entry args;                                                 \
        }                                                               \
    }

ACLEMU_ENTRY(int32_t, SetModelExecutor, (const aclemu_model_executor *ops), (ops), -1)
ACLEMU_ENTRY(int32_t, SetMediaExecutor, (const aclemu_media_executor *ops), (ops), -1)
/* needs: aclrtCallback */
ACLEMU_VOID_ENTRY(SetDiscardedCallbackHook, (aclemuDiscardedCallbackHook hook), (hook))
/* end needs */
ACLEMU_ENTRY(size_t, ReportThreadCount, (void), (), 0)
ACLEMU_ENTRY(int, IsImplemented, (const char *name), (name), -1)
ACLEMU_ENTRY(int, FunctionCount, (void), (), 0)
ACLEMU_ENTRY(const char *, FunctionName, (int i), (i), NULL)
ACLEMU_ENTRY(uint64_t, ProfActiveTypes, (void), (), 0)
ACLEMU_ENTRY(int32_t, ProfResultPath, (char *out, size_t len), (out, len), -1)
ACLEMU_ENTRY(size_t, TraceTake, (aclemu_trace_record *out, size_t max, uint64_t *dropped), (out, max, dropped), 0)
ACLEMU_ENTRY(int32_t, TraceAdd, (const aclemu_trace_record *record), (record), -1)
ACLEMU_ENTRY(int32_t, TraceNodesWanted, (void), (), 0)
ACLEMU_VOID_ENTRY(TraceNode, (const char *name, const char *op_type, uint64_t start_ns, uint64_t end_ns),
                  (name, op_type, start_ns, end_ns))
ACLEMU_ENTRY(int32_t, ProfIdString, (uint64_t id, char *out, size_t len), (id, out, len), -1)
ACLEMU_ENTRY(int32_t, ComputeInfo, (char *out, size_t len), (out, len), -1)
