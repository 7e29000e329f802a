/*
 * Emulator-private entry point describing how compute kernels run (parallel.c, blas_provider.c),
 * beyond the AscendCL API. Self-contained so that the binding's native glue can include it:
 * `python -m acl info` and the tests read it.
 */
#ifndef ACLEMU_COMPUTE_HOOKS_H
#define ACLEMU_COMPUTE_HOOKS_H

#include <stddef.h>
#include <stdint.h>

/* Writes "threads=<n> gemm=<library path>" when float32 GEMM goes to a loaded BLAS, or
 * "threads=<n> gemm=built-in[: <why no BLAS>]", NUL-terminated and truncated to `len`.
 * Returns 0, or -1 when `out` is NULL or `len` is 0. */
int32_t aclemuComputeInfo(char *out, size_t len);

#endif
