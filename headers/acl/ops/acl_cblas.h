/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_OPS_ACL_CBLAS_H_
#define ACL_OPS_ACL_CBLAS_H_

#include <stdint.h>
#include <stddef.h>
#include "acl/acl_base_rt.h"
#include "acl/acl_op.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum aclTransType {
    ACL_TRANS_N = 0,
    ACL_TRANS_T = 1,
    ACL_TRANS_NZ = 2,
    ACL_TRANS_NZ_T = 3,
} aclTransType;

typedef enum aclComputeType {
    ACL_COMPUTE_HIGH_PRECISION = 0,
    ACL_COMPUTE_LOW_PRECISION = 1,
} aclComputeType;

/**
 * Binding point for aclblasGemvEx.
 * @param [in] transA
 * @param [in] m
 * @param [in] n
 * @param [in] alpha
 * @param [in] a
 * @param [in] lda
 * @param [in] dataTypeA
 * @param [in] x
 * @param [in] incx
 * @param [in] dataTypeX
 * @param [in] beta
 * @param [in,out] y
 * @param [in] incy
 * @param [in] dataTypeY
 * @param [in] type
 * @param [in] stream
 */
aclError aclblasGemvEx(aclTransType transA, int m, int n, const void *alpha, const void *a, int lda, aclDataType dataTypeA, const void *x, int incx, aclDataType dataTypeX, const void *beta, void *y, int incy, aclDataType dataTypeY, aclComputeType type, aclrtStream stream);

/**
 * Binding point for aclblasCreateHandleForGemvEx.
 * @param [in] transA
 * @param [in] m
 * @param [in] n
 * @param [in] dataTypeA
 * @param [in] dataTypeX
 * @param [in] dataTypeY
 * @param [in] type
 * @param [out] handle
 */
aclError aclblasCreateHandleForGemvEx(aclTransType transA, int m, int n, aclDataType dataTypeA, aclDataType dataTypeX, aclDataType dataTypeY, aclComputeType type, aclopHandle **handle);

/**
 * Binding point for aclblasHgemv.
 * @param [in] transA
 * @param [in] m
 * @param [in] n
 * @param [in] alpha
 * @param [in] a
 * @param [in] lda
 * @param [in] x
 * @param [in] incx
 * @param [in] beta
 * @param [in,out] y
 * @param [in] incy
 * @param [in] type
 * @param [in] stream
 */
aclError aclblasHgemv(aclTransType transA, int m, int n, const aclFloat16 *alpha, const aclFloat16 *a, int lda, const aclFloat16 *x, int incx, const aclFloat16 *beta, aclFloat16 *y, int incy, aclComputeType type, aclrtStream stream);

/**
 * Binding point for aclblasCreateHandleForHgemv.
 * @param [in] transA
 * @param [in] m
 * @param [in] n
 * @param [in] type
 * @param [out] handle
 */
aclError aclblasCreateHandleForHgemv(aclTransType transA, int m, int n, aclComputeType type, aclopHandle **handle);

/**
 * Binding point for aclblasS8gemv.
 * @param [in] transA
 * @param [in] m
 * @param [in] n
 * @param [in] alpha
 * @param [in] a
 * @param [in] lda
 * @param [in] x
 * @param [in] incx
 * @param [in] beta
 * @param [in,out] y
 * @param [in] incy
 * @param [in] type
 * @param [in] stream
 */
aclError aclblasS8gemv(aclTransType transA, int m, int n, const int32_t *alpha, const int8_t *a, int lda, const int8_t *x, int incx, const int32_t *beta, int32_t *y, int incy, aclComputeType type, aclrtStream stream);

/**
 * Binding point for aclblasCreateHandleForS8gemv.
 * @param [in] transA
 * @param [in] m
 * @param [in] n
 * @param [in] type
 * @param [out] handle
 */
aclError aclblasCreateHandleForS8gemv(aclTransType transA, int m, int n, aclComputeType type, aclopHandle **handle);

/**
 * Binding point for aclblasGemmEx.
 * @param [in] transA
 * @param [in] transB
 * @param [in] transC
 * @param [in] m
 * @param [in] n
 * @param [in] k
 * @param [in] alpha
 * @param [in] matrixA
 * @param [in] lda
 * @param [in] dataTypeA
 * @param [in] matrixB
 * @param [in] ldb
 * @param [in] dataTypeB
 * @param [in] beta
 * @param [in,out] matrixC
 * @param [in] ldc
 * @param [in] dataTypeC
 * @param [in] type
 * @param [in] stream
 */
aclError aclblasGemmEx(aclTransType transA, aclTransType transB, aclTransType transC, int m, int n, int k, const void *alpha, const void *matrixA, int lda, aclDataType dataTypeA, const void *matrixB, int ldb, aclDataType dataTypeB, const void *beta, void *matrixC, int ldc, aclDataType dataTypeC, aclComputeType type, aclrtStream stream);

/**
 * Binding point for aclblasCreateHandleForGemmEx.
 * @param [in] transA
 * @param [in] transB
 * @param [in] transC
 * @param [in] m
 * @param [in] n
 * @param [in] k
 * @param [in] dataTypeA
 * @param [in] dataTypeB
 * @param [in] dataTypeC
 * @param [in] type
 * @param [out] handle
 */
aclError aclblasCreateHandleForGemmEx(aclTransType transA, aclTransType transB, aclTransType transC, int m, int n, int k, aclDataType dataTypeA, aclDataType dataTypeB, aclDataType dataTypeC, aclComputeType type, aclopHandle **handle);

/**
 * Binding point for aclblasHgemm.
 * @param [in] transA
 * @param [in] transB
 * @param [in] transC
 * @param [in] m
 * @param [in] n
 * @param [in] k
 * @param [in] alpha
 * @param [in] matrixA
 * @param [in] lda
 * @param [in] matrixB
 * @param [in] ldb
 * @param [in] beta
 * @param [in,out] matrixC
 * @param [in] ldc
 * @param [in] type
 * @param [in] stream
 */
aclError aclblasHgemm(aclTransType transA, aclTransType transB, aclTransType transC, int m, int n, int k, const aclFloat16 *alpha, const aclFloat16 *matrixA, int lda, const aclFloat16 *matrixB, int ldb, const aclFloat16 *beta, aclFloat16 *matrixC, int ldc, aclComputeType type, aclrtStream stream);

/**
 * Binding point for aclblasCreateHandleForHgemm.
 * @param [in] transA
 * @param [in] transB
 * @param [in] transC
 * @param [in] m
 * @param [in] n
 * @param [in] k
 * @param [in] type
 * @param [out] handle
 */
aclError aclblasCreateHandleForHgemm(aclTransType transA, aclTransType transB, aclTransType transC, int m, int n, int k, aclComputeType type, aclopHandle **handle);

/**
 * Binding point for aclblasS8gemm.
 * @param [in] transA
 * @param [in] transB
 * @param [in] transC
 * @param [in] m
 * @param [in] n
 * @param [in] k
 * @param [in] alpha
 * @param [in] matrixA
 * @param [in] lda
 * @param [in] matrixB
 * @param [in] ldb
 * @param [in] beta
 * @param [in,out] matrixC
 * @param [in] ldc
 * @param [in] type
 * @param [in] stream
 */
aclError aclblasS8gemm(aclTransType transA, aclTransType transB, aclTransType transC, int m, int n, int k, const int32_t *alpha, const int8_t *matrixA, int lda, const int8_t *matrixB, int ldb, const int32_t *beta, int32_t *matrixC, int ldc, aclComputeType type, aclrtStream stream);

/**
 * Binding point for aclblasCreateHandleForS8gemm.
 * @param [in] transA
 * @param [in] transB
 * @param [in] transC
 * @param [in] m
 * @param [in] n
 * @param [in] k
 * @param [in] type
 * @param [out] handle
 */
aclError aclblasCreateHandleForS8gemm(aclTransType transA, aclTransType transB, aclTransType transC, int m, int n, int k, aclComputeType type, aclopHandle **handle);

#ifdef __cplusplus
}
#endif

#endif /* ACL_OPS_ACL_CBLAS_H_ */
