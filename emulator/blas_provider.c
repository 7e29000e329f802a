/*
 * The BLAS named by ACL_EMU_BLAS_LIBRARY (a shared object exporting a CBLAS sgemm: the
 * scipy-openblas32 wheel's `scipy_cblas_sgemm`, or a plain `cblas_sgemm`), opened once with
 * dlopen. The binding sets the variable when that wheel is installed; unset, empty or "none"
 * keeps the built-in kernel. The library is asked for as many threads as the emulator's own
 * kernels use (parallel.h), so ACL_EMU_THREADS governs both.
 */
#define _GNU_SOURCE
#include "blas_provider.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compute_hooks.h"
#include "emu.h"
#include "op_kernels.h"
#include "parallel.h"

/* CBLAS enumerators (fixed by the CBLAS interface) */
#define CBLAS_ROW_MAJOR 101
#define CBLAS_NO_TRANS 111
#define CBLAS_TRANS 112

typedef void (*cblas_sgemm_fn)(int order, int trans_a, int trans_b, int m, int n, int k, float alpha, const float *a,
                               int lda, const float *b, int ldb, float beta, float *c, int ldc);
typedef void (*set_threads_fn)(int threads);

/* Written once under load_once, read-only afterwards. */
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static cblas_sgemm_fn provider_sgemm;
static char provider_path[512];
static char no_provider_reason[640];

static void *first_symbol(void *library, const char *const *names)
{
    for (; *names != NULL; names++) {
        void *symbol = dlsym(library, *names);
        if (symbol != NULL) {
            return symbol;
        }
    }
    return NULL;
}

static void load_provider(void)
{
    const char *path = getenv("ACL_EMU_BLAS_LIBRARY");
    if (path == NULL || path[0] == '\0' || strcmp(path, "none") == 0) {
        snprintf(no_provider_reason, sizeof no_provider_reason, "ACL_EMU_BLAS_LIBRARY is %s",
                 path == NULL ? "unset" : path[0] == '\0' ? "empty" : "none");
        return;
    }
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(no_provider_reason, sizeof no_provider_reason, "ACL_EMU_BLAS_LIBRARY=%s cannot be loaded: %s", path,
                 why != NULL ? why : "unknown error");
        /* the user asked for it (or the binding found it): say once why compute is slower */
        fprintf(stderr, "aclemu: %s; float32 GEMM uses the built-in kernel\n", no_provider_reason);
        return;
    }
    static const char *const sgemm_names[] = {"scipy_cblas_sgemm", "cblas_sgemm", NULL};
    static const char *const thread_names[] = {"scipy_openblas_set_num_threads", "openblas_set_num_threads", NULL};
    cblas_sgemm_fn sgemm = (cblas_sgemm_fn)first_symbol(library, sgemm_names);
    if (sgemm == NULL) {
        snprintf(no_provider_reason, sizeof no_provider_reason,
                 "ACL_EMU_BLAS_LIBRARY=%s exports neither scipy_cblas_sgemm nor cblas_sgemm", path);
        fprintf(stderr, "aclemu: %s; float32 GEMM uses the built-in kernel\n", no_provider_reason);
        dlclose(library);
        return;
    }
    set_threads_fn set_threads = (set_threads_fn)first_symbol(library, thread_names);
    if (set_threads != NULL) {
        set_threads((int)aclemu_compute_threads());
    }
    snprintf(provider_path, sizeof provider_path, "%s", path);
    provider_sgemm = sgemm; /* the library stays open for the life of the process */
}

static bool fits_int(size_t v)
{
    return v <= (size_t)INT_MAX;
}

bool aclemu_provider_sgemm(bool trans_a, bool trans_b, size_t m, size_t n, size_t k, float alpha, const float *a,
                           size_t lda, const float *b, size_t ldb, float beta, float *c, size_t ldc)
{
    pthread_once(&load_once, load_provider);
    if (provider_sgemm == NULL || !fits_int(m) || !fits_int(n) || !fits_int(k) || !fits_int(lda) ||
        !fits_int(ldb) || !fits_int(ldc)) {
        return false;
    }
    /* CBLAS checks leading dimensions against the stored widths and aborts the process on a
     * violation (through its error handler), where the built-in kernel copes: leave those to it */
    size_t a_width = trans_a ? m : k, b_width = trans_b ? k : n;
    if (lda < (a_width > 0 ? a_width : 1) || ldb < (b_width > 0 ? b_width : 1) || ldc < (n > 0 ? n : 1)) {
        return false;
    }
    aclemu_all_cores_begin(); /* the library's threads may take every core */
    provider_sgemm(CBLAS_ROW_MAJOR, trans_a ? CBLAS_TRANS : CBLAS_NO_TRANS, trans_b ? CBLAS_TRANS : CBLAS_NO_TRANS,
                   (int)m, (int)n, (int)k, alpha, a, (int)lda, b, (int)ldb, beta, c, (int)ldc);
    aclemu_all_cores_end();
    return true;
}

int32_t aclemuComputeInfo(char *out, size_t len)
{
    if (out == NULL || len == 0) {
        return -1;
    }
    pthread_once(&load_once, load_provider);
    if (provider_sgemm != NULL) {
        snprintf(out, len, "threads=%u gemm=%s; int8 gemm=%s", aclemu_compute_threads(), provider_path,
                 opk_s8gemm_kernel());
    } else {
        snprintf(out, len, "threads=%u gemm=built-in: %s; int8 gemm=%s", aclemu_compute_threads(),
                 no_provider_reason, opk_s8gemm_kernel());
    }
    return 0;
}
