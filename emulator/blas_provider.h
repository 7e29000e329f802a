/* A real BLAS, loaded at run time, for the float32 GEMM of operators and aclblas*. */
#ifndef ACLEMU_BLAS_PROVIDER_H
#define ACLEMU_BLAS_PROVIDER_H

#include <stdbool.h>
#include <stddef.h>

/* C = alpha * op(A) op(B) + beta * C (row-major) through the loaded library, honouring BLAS's
 * rule that beta == 0 ignores what C held. False, with nothing written, when no library is
 * loaded or a size does not fit its 32-bit integers: the caller then uses its own kernel. */
bool aclemu_provider_sgemm(bool trans_a, bool trans_b, size_t m, size_t n, size_t k, float alpha, const float *a,
                           size_t lda, const float *b, size_t ldb, float beta, float *c, size_t ldc);

#endif
