/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_ACL_BASE_MDL_H_
#define ACL_ACL_BASE_MDL_H_

#include <stdint.h>
#include <stddef.h>
#include "acl_base_rt.h"

#define ACL_TENSOR_SHAPE_RANGE_NUM 2
#define ACL_TENSOR_VALUE_RANGE_NUM 2
#define ACL_UNKNOWN_RANK 18446744073709551614UL

#ifdef __cplusplus
extern "C" {
#endif

typedef struct aclTensorDesc aclTensorDesc;

/**
 * Binding point for aclCreateTensorDesc.
 * @param [in] dataType
 * @param [in] numDims
 * @param [in] dims
 * @param [in] format
 */
aclTensorDesc *aclCreateTensorDesc(aclDataType dataType, int numDims, const int64_t *dims, aclFormat format);

/**
 * Binding point for aclDestroyTensorDesc.
 * @param [in] desc
 */
void aclDestroyTensorDesc(const aclTensorDesc *desc);

/**
 * Binding point for aclSetTensorShapeRange.
 * @param [out] desc
 * @param [in] dimsCount
 * @param [in] dimsRange
 */
aclError aclSetTensorShapeRange(aclTensorDesc *desc, size_t dimsCount, int64_t dimsRange[][2]);

/**
 * Binding point for aclSetTensorValueRange.
 * @param [out] desc
 * @param [in] valueCount
 * @param [in] valueRange
 */
aclError aclSetTensorValueRange(aclTensorDesc *desc, size_t valueCount, int64_t valueRange[][2]);

/**
 * Binding point for aclGetTensorDescType.
 * @param [in] desc
 */
aclDataType aclGetTensorDescType(const aclTensorDesc *desc);

/**
 * Binding point for aclGetTensorDescFormat.
 * @param [in] desc
 */
aclFormat aclGetTensorDescFormat(const aclTensorDesc *desc);

/**
 * Binding point for aclGetTensorDescSize.
 * @param [in] desc
 */
size_t aclGetTensorDescSize(const aclTensorDesc *desc);

/**
 * Binding point for aclGetTensorDescElementCount.
 * @param [in] desc
 */
size_t aclGetTensorDescElementCount(const aclTensorDesc *desc);

/**
 * Binding point for aclGetTensorDescNumDims.
 * @param [in] desc
 */
size_t aclGetTensorDescNumDims(const aclTensorDesc *desc);

/**
 * Binding point for aclGetTensorDescDim.
 * @param [in] desc
 * @param [in] index
 */
ACL_DEPRECATED int64_t aclGetTensorDescDim(const aclTensorDesc *desc, size_t index);

/**
 * Binding point for aclGetTensorDescDimV2.
 * @param [in] desc
 * @param [in] index
 * @param [out] dimSize
 */
aclError aclGetTensorDescDimV2(const aclTensorDesc *desc, size_t index, int64_t *dimSize);

/**
 * Binding point for aclGetTensorDescDimRange.
 * @param [in] desc
 * @param [in] index
 * @param [in] dimRangeNum
 * @param [out] dimRange
 */
aclError aclGetTensorDescDimRange(const aclTensorDesc *desc, size_t index, size_t dimRangeNum, int64_t *dimRange);

/**
 * Binding point for aclSetTensorDescName.
 * @param [out] desc
 * @param [in] name
 */
void aclSetTensorDescName(aclTensorDesc *desc, const char *name);

/**
 * Binding point for aclGetTensorDescName.
 * @param [in] desc
 */
const char *aclGetTensorDescName(aclTensorDesc *desc);

/**
 * Binding point for aclTransTensorDescFormat.
 * @param [in] srcDesc
 * @param [in] dstFormat
 * @param [out] dstDesc
 */
aclError aclTransTensorDescFormat(const aclTensorDesc *srcDesc, aclFormat dstFormat, aclTensorDesc **dstDesc);

/**
 * Binding point for aclSetTensorStorageFormat.
 * @param [out] desc
 * @param [in] format
 */
ACL_DEPRECATED aclError aclSetTensorStorageFormat(aclTensorDesc *desc, aclFormat format);

/**
 * Binding point for aclSetTensorStorageShape.
 * @param [out] desc
 * @param [in] numDims
 * @param [in] dims
 */
ACL_DEPRECATED aclError aclSetTensorStorageShape(aclTensorDesc *desc, int numDims, const int64_t *dims);

/**
 * Binding point for aclSetTensorFormat.
 * @param [out] desc
 * @param [in] format
 */
aclError aclSetTensorFormat(aclTensorDesc *desc, aclFormat format);

/**
 * Binding point for aclSetTensorShape.
 * @param [out] desc
 * @param [in] numDims
 * @param [in] dims
 */
aclError aclSetTensorShape(aclTensorDesc *desc, int numDims, const int64_t *dims);

/**
 * Binding point for aclSetTensorOriginFormat.
 * @param [out] desc
 * @param [in] format
 */
aclError aclSetTensorOriginFormat(aclTensorDesc *desc, aclFormat format);

/**
 * Binding point for aclSetTensorOriginShape.
 * @param [out] desc
 * @param [in] numDims
 * @param [in] dims
 */
aclError aclSetTensorOriginShape(aclTensorDesc *desc, int numDims, const int64_t *dims);

/**
 * Binding point for aclGetTensorDescByIndex.
 * @param [in] desc
 * @param [in] index
 */
aclTensorDesc *aclGetTensorDescByIndex(aclTensorDesc *desc, size_t index);

/**
 * Binding point for aclGetTensorDescAddress.
 * @param [in] desc
 */
void *aclGetTensorDescAddress(const aclTensorDesc *desc);

/**
 * Binding point for aclSetTensorDynamicInput.
 * @param [out] desc
 * @param [in] dynamicInputName
 */
aclError aclSetTensorDynamicInput(aclTensorDesc *desc, const char *dynamicInputName);

/**
 * Binding point for aclSetTensorConst.
 * @param [out] desc
 * @param [in] dataBuffer
 * @param [in] length
 */
aclError aclSetTensorConst(aclTensorDesc *desc, void *dataBuffer, size_t length);

/**
 * Binding point for aclSetTensorPlaceMent.
 * @param [out] desc
 * @param [in] memType
 */
aclError aclSetTensorPlaceMent(aclTensorDesc *desc, aclMemType memType);

#ifdef __cplusplus
}
#endif

#endif /* ACL_ACL_BASE_MDL_H_ */
