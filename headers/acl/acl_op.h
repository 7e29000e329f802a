/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_ACL_OP_H_
#define ACL_ACL_OP_H_

#include <stdint.h>
#include <stddef.h>
#include "acl_base_mdl.h"
#include "acl_base_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct aclopHandle aclopHandle;

typedef struct aclopAttr aclopAttr;

typedef struct aclopKernelDesc aclopKernelDesc;

typedef void (*aclDataDeallocator)(void *, size_t);

static const int ACL_COMPILE_FLAG_BIN_SELECTOR = 1;

typedef enum aclEngineType {
    ACL_ENGINE_SYS = 0,
    ACL_ENGINE_AICORE = 1,
    ACL_ENGINE_VECTOR = 2,
} aclopEngineType;

/**
 * Binding point for aclopSetModelDir.
 * @param [in] modelDir
 */
aclError aclopSetModelDir(const char *modelDir);

/**
 * Binding point for aclopLoad.
 * @param [in] model
 * @param [in] modelSize
 */
aclError aclopLoad(const void *model, size_t modelSize);

/**
 * Binding point for aclopCreateAttr.
 */
aclopAttr *aclopCreateAttr();

/**
 * Binding point for aclopDestroyAttr.
 * @param [in] attr
 */
void aclopDestroyAttr(const aclopAttr *attr);

/**
 * Binding point for aclopSetAttrBool.
 * @param [out] attr
 * @param [in] attrName
 * @param [in] attrValue
 */
aclError aclopSetAttrBool(aclopAttr *attr, const char *attrName, uint8_t attrValue);

/**
 * Binding point for aclopSetAttrInt.
 * @param [out] attr
 * @param [in] attrName
 * @param [in] attrValue
 */
aclError aclopSetAttrInt(aclopAttr *attr, const char *attrName, int64_t attrValue);

/**
 * Binding point for aclopSetAttrFloat.
 * @param [out] attr
 * @param [in] attrName
 * @param [in] attrValue
 */
aclError aclopSetAttrFloat(aclopAttr *attr, const char *attrName, float attrValue);

/**
 * Binding point for aclopSetAttrString.
 * @param [out] attr
 * @param [in] attrName
 * @param [in] attrValue
 */
aclError aclopSetAttrString(aclopAttr *attr, const char *attrName, const char *attrValue);

/**
 * Binding point for aclopSetAttrDataType.
 * @param [out] attr
 * @param [in] attrName
 * @param [in] attrValue
 */
aclError aclopSetAttrDataType(aclopAttr *attr, const char *attrName, aclDataType attrValue);

/**
 * Binding point for aclopSetAttrListDataType.
 * @param [out] attr
 * @param [in] attrName
 * @param [in] numValues
 * @param [in] values
 */
aclError aclopSetAttrListDataType(aclopAttr *attr, const char *attrName, int numValues, const aclDataType values[]);

/**
 * Binding point for aclopSetAttrListBool.
 * @param [out] attr
 * @param [in] attrName
 * @param [in] numValues
 * @param [in] values
 */
aclError aclopSetAttrListBool(aclopAttr *attr, const char *attrName, int numValues, const uint8_t *values);

/**
 * Binding point for aclopSetAttrListInt.
 * @param [out] attr
 * @param [in] attrName
 * @param [in] numValues
 * @param [in] values
 */
aclError aclopSetAttrListInt(aclopAttr *attr, const char *attrName, int numValues, const int64_t *values);

/**
 * Binding point for aclopSetAttrListFloat.
 * @param [out] attr
 * @param [in] attrName
 * @param [in] numValues
 * @param [in] values
 */
aclError aclopSetAttrListFloat(aclopAttr *attr, const char *attrName, int numValues, const float *values);

/**
 * Binding point for aclopSetAttrListString.
 * @param [out] attr
 * @param [in] attrName
 * @param [in] numValues
 * @param [in] values
 */
aclError aclopSetAttrListString(aclopAttr *attr, const char *attrName, int numValues, const char **values);

/**
 * Binding point for aclopSetAttrListListInt.
 * @param [out] attr
 * @param [in] attrName
 * @param [in] numLists
 * @param [in] numValues
 * @param [in] values
 */
aclError aclopSetAttrListListInt(aclopAttr *attr, const char *attrName, int numLists, const int *numValues, const int64_t *const values[]);

/**
 * Binding point for aclopExecute.
 * @param [in] opType
 * @param [in] numInputs
 * @param [in] inputDesc
 * @param [in] inputs
 * @param [in] numOutputs
 * @param [in] outputDesc
 * @param [out] outputs
 * @param [in] attr
 * @param [in] stream
 */
ACL_DEPRECATED aclError aclopExecute(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[], const aclDataBuffer *const inputs[], int numOutputs, const aclTensorDesc *const outputDesc[], aclDataBuffer *const outputs[], const aclopAttr *attr, aclrtStream stream);

/**
 * Binding point for aclopExecuteV2.
 * @param [in] opType
 * @param [in] numInputs
 * @param [in] inputDesc
 * @param [in] inputs
 * @param [in] numOutputs
 * @param [in,out] outputDesc
 * @param [out] outputs
 * @param [in] attr
 * @param [in] stream
 */
aclError aclopExecuteV2(const char *opType, int numInputs, aclTensorDesc *inputDesc[], aclDataBuffer *inputs[], int numOutputs, aclTensorDesc *outputDesc[], aclDataBuffer *outputs[], aclopAttr *attr, aclrtStream stream);

/**
 * Binding point for aclopCreateHandle.
 * @param [in] opType
 * @param [in] numInputs
 * @param [in] inputDesc
 * @param [in] numOutputs
 * @param [in] outputDesc
 * @param [in] opAttr
 * @param [out] handle
 */
aclError aclopCreateHandle(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[], int numOutputs, const aclTensorDesc *const outputDesc[], const aclopAttr *opAttr, aclopHandle **handle);

/**
 * Binding point for aclopDestroyHandle.
 * @param [in] handle
 */
void aclopDestroyHandle(aclopHandle *handle);

/**
 * Binding point for aclopExecWithHandle.
 * @param [in] handle
 * @param [in] numInputs
 * @param [in] inputs
 * @param [in] numOutputs
 * @param [out] outputs
 * @param [in] stream
 */
aclError aclopExecWithHandle(aclopHandle *handle, int numInputs, const aclDataBuffer *const inputs[], int numOutputs, aclDataBuffer *const outputs[], aclrtStream stream);

/**
 * Binding point for aclopCast.
 * @param [in] srcDesc
 * @param [in] srcBuffer
 * @param [in] dstDesc
 * @param [out] dstBuffer
 * @param [in] truncate
 * @param [in] stream
 */
aclError aclopCast(const aclTensorDesc *srcDesc, const aclDataBuffer *srcBuffer, const aclTensorDesc *dstDesc, aclDataBuffer *dstBuffer, uint8_t truncate, aclrtStream stream);

/**
 * Binding point for aclopCreateHandleForCast.
 * @param [in] srcDesc
 * @param [in] dstDesc
 * @param [in] truncate
 * @param [out] handle
 */
aclError aclopCreateHandleForCast(aclTensorDesc *srcDesc, aclTensorDesc *dstDesc, uint8_t truncate, aclopHandle **handle);

/**
 * Binding point for aclopCreateKernel.
 * @param [in] opType
 * @param [in] kernelId
 * @param [in] kernelName
 * @param [in] binData
 * @param [in] binSize
 * @param [in] enginetype
 * @param [in] deallocator
 */
aclError aclopCreateKernel(const char *opType, const char *kernelId, const char *kernelName, void *binData, int binSize, aclopEngineType enginetype, aclDataDeallocator deallocator);

typedef aclError (*aclopCompileFunc)(int, const aclTensorDesc *const [], int, const aclTensorDesc *const [], const aclopAttr *, aclopKernelDesc *);

/**
 * Binding point for aclopRegisterCompileFunc.
 * @param [in] opType
 * @param [in] func
 */
aclError aclopRegisterCompileFunc(const char *opType, aclopCompileFunc func);

/**
 * Binding point for aclopUnregisterCompileFunc.
 * @param [in] opType
 */
aclError aclopUnregisterCompileFunc(const char *opType);

/**
 * Binding point for aclopSetKernelArgs.
 * @param [in] kernelDesc
 * @param [in] kernelId
 * @param [in] blockDim
 * @param [in] args
 * @param [in] argSize
 */
aclError aclopSetKernelArgs(aclopKernelDesc *kernelDesc, const char *kernelId, uint32_t blockDim, const void *args, uint32_t argSize);

/**
 * Binding point for aclopSetKernelWorkspaceSizes.
 * @param [in] kernelDesc
 * @param [in] numWorkspaces
 * @param [in] workspaceSizes
 */
aclError aclopSetKernelWorkspaceSizes(aclopKernelDesc *kernelDesc, int numWorkspaces, size_t *workspaceSizes);

/**
 * Binding point for aclopUpdateParams.
 * @param [in] opType
 * @param [in] numInputs
 * @param [in] inputDesc
 * @param [in] numOutputs
 * @param [in] outputDesc
 * @param [in] attr
 */
aclError aclopUpdateParams(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[], int numOutputs, const aclTensorDesc *const outputDesc[], const aclopAttr *attr);

/**
 * Binding point for aclopSetMaxOpQueueNum.
 * @param [in] maxOpNum
 */
aclError aclopSetMaxOpQueueNum(uint64_t maxOpNum);

/**
 * Binding point for aclopInferShape.
 * @param [in] opType
 * @param [in] numInputs
 * @param [in] inputDesc
 * @param [in] inputs
 * @param [in] numOutputs
 * @param [out] outputDesc
 * @param [in] attr
 */
aclError aclopInferShape(const char *opType, int numInputs, aclTensorDesc *inputDesc[], aclDataBuffer *inputs[], int numOutputs, aclTensorDesc *outputDesc[], aclopAttr *attr);

#ifdef __cplusplus
}
#endif

#endif /* ACL_ACL_OP_H_ */
