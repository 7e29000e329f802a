/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_ACL_MDL_H_
#define ACL_ACL_MDL_H_

#include <stdint.h>
#include <stddef.h>
#include "acl_base_mdl.h"
#include "acl_base_rt.h"

#define ACL_DIM_ENDPOINTS 2
#define ACL_INVALID_NODE_INDEX 4294967295U
#define ACL_MAX_BATCH_NUM 128
#define ACL_MAX_DIM_CNT 128
#define ACL_MAX_HW_NUM 128
#define ACL_MAX_SHAPE_COUNT 128
#define ACL_MAX_TENSOR_NAME_LEN 128
#define ACL_MDL_LOAD_FROM_FILE 1
#define ACL_MDL_LOAD_FROM_FILE_WITH_MEM 2
#define ACL_MDL_LOAD_FROM_FILE_WITH_Q 5
#define ACL_MDL_LOAD_FROM_MEM 3
#define ACL_MDL_LOAD_FROM_MEM_WITH_MEM 4
#define ACL_MDL_LOAD_FROM_MEM_WITH_Q 6
#define ACL_MODEL_STREAM_FLAG_DEFAULT 2147483647U
#define ACL_MODEL_STREAM_FLAG_HEAD 0U
#define ACL_WORKSPACE_MEM_OPTIMIZE_DEFAULT 0
#define ACL_WORKSPACE_MEM_OPTIMIZE_INPUTOUTPUT 1
#define ACL_ATTR_NAME_DATA_DUMP_ORIGIN_OP_NAMES "_datadump_original_op_names"
#define ACL_DYNAMIC_AIPP_NAME "ascend_dynamic_aipp_data"
#define ACL_DYNAMIC_TENSOR_NAME "ascend_mbatch_shape_data"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct aclmdlDataset aclmdlDataset;

typedef struct aclmdlDesc aclmdlDesc;

typedef struct aclmdlAIPP aclmdlAIPP;

typedef struct aclAippExtendInfo aclAippExtendInfo;

typedef struct aclmdlConfigHandle aclmdlConfigHandle;

typedef struct aclmdlExecConfigHandle aclmdlExecConfigHandle;

typedef struct aclmdlBundleQueryInfo aclmdlBundleQueryInfo;

typedef void *aclmdlModel;

typedef enum {
    ACL_YUV420SP_U8 = 1,
    ACL_XRGB8888_U8 = 2,
    ACL_RGB888_U8 = 3,
    ACL_YUV400_U8 = 4,
    ACL_NC1HWC0DI_FP16 = 5,
    ACL_NC1HWC0DI_S8 = 6,
    ACL_ARGB8888_U8 = 7,
    ACL_YUYV_U8 = 8,
    ACL_YUV422SP_U8 = 9,
    ACL_AYUV444_U8 = 10,
    ACL_RAW10 = 11,
    ACL_RAW12 = 12,
    ACL_RAW16 = 13,
    ACL_RAW24 = 14,
    ACL_AIPP_RESERVED = 65535,
} aclAippInputFormat;

typedef enum {
    ACL_MDL_PRIORITY_INT32 = 0,
    ACL_MDL_LOAD_TYPE_SIZET = 1,
    ACL_MDL_PATH_PTR = 2,
    ACL_MDL_MEM_ADDR_PTR = 3,
    ACL_MDL_MEM_SIZET = 4,
    ACL_MDL_WEIGHT_ADDR_PTR = 5,
    ACL_MDL_WEIGHT_SIZET = 6,
    ACL_MDL_WORKSPACE_ADDR_PTR = 7,
    ACL_MDL_WORKSPACE_SIZET = 8,
    ACL_MDL_INPUTQ_NUM_SIZET = 9,
    ACL_MDL_INPUTQ_ADDR_PTR = 10,
    ACL_MDL_OUTPUTQ_NUM_SIZET = 11,
    ACL_MDL_OUTPUTQ_ADDR_PTR = 12,
    ACL_MDL_WORKSPACE_MEM_OPTIMIZE = 13,
    ACL_MDL_WEIGHT_PATH_PTR = 14,
    ACL_MDL_MODEL_DESC_PTR = 15,
    ACL_MDL_MODEL_DESC_SIZET = 16,
    ACL_MDL_KERNEL_PTR = 17,
    ACL_MDL_KERNEL_SIZET = 18,
    ACL_MDL_KERNEL_ARGS_PTR = 19,
    ACL_MDL_KERNEL_ARGS_SIZET = 20,
    ACL_MDL_STATIC_TASK_PTR = 21,
    ACL_MDL_STATIC_TASK_SIZET = 22,
    ACL_MDL_DYNAMIC_TASK_PTR = 23,
    ACL_MDL_DYNAMIC_TASK_SIZET = 24,
    ACL_MDL_MEM_MALLOC_POLICY_SIZET = 25,
    ACL_MDL_FIFO_PTR = 26,
    ACL_MDL_FIFO_SIZET = 27,
    ACL_MDL_WITHOUT_GRAPH_INT32 = 28,
    ACL_NPU_PERF_MODE = 29,
    ACL_MDL_RESERVED = 65535,
} aclmdlConfigAttr;

typedef enum {
    ACL_MDL_ATTR_PRIORITY_INT32 = 0,
} aclmdlAttr;

typedef union {
    uint32_t mdlPriority;
    uint32_t reserved[8];
} aclmdlAttrValue_t;

typedef enum {
    ACL_MDL_STREAM_SYNC_TIMEOUT = 0,
    ACL_MDL_EVENT_SYNC_TIMEOUT = 1,
    ACL_MDL_WORK_ADDR_PTR = 2,
    ACL_MDL_WORK_SIZET = 3,
    ACL_MDL_MPAIMID_SIZET = 4,
    ACL_MDL_AICQOS_SIZET = 5,
    ACL_MDL_AICOST_SIZET = 6,
    ACL_MDL_MEC_TIMETHR_SIZET = 7,
    ACL_MDL_EXEC_PRIORITY_INT32 = 8,
    ACL_MDL_NPU_PERF_MODE = 9,
} aclmdlExecConfigAttr;

typedef enum {
    ACL_DATA_WITHOUT_AIPP = 0,
    ACL_DATA_WITH_STATIC_AIPP = 1,
    ACL_DATA_WITH_DYNAMIC_AIPP = 2,
    ACL_DYNAMIC_AIPP_NODE = 3,
} aclmdlInputAippType;

typedef struct aclmdlIODims {
    char name[ACL_MAX_TENSOR_NAME_LEN];
    size_t dimCount;
    int64_t dims[ACL_MAX_DIM_CNT];
} aclmdlIODims;

typedef struct aclmdlIODimsRange {
    size_t rangeCount;
    int64_t range[ACL_MAX_DIM_CNT][ACL_DIM_ENDPOINTS];
} aclmdlIODimsRange;

typedef struct aclAippDims {
    aclmdlIODims srcDims;
    size_t srcSize;
    aclmdlIODims aippOutdims;
    size_t aippOutSize;
} aclAippDims;

typedef struct aclmdlBatch {
    size_t batchCount;
    uint64_t batch[ACL_MAX_BATCH_NUM];
} aclmdlBatch;

typedef struct aclmdlHW {
    size_t hwCount;
    uint64_t hw[ACL_MAX_HW_NUM][2];
} aclmdlHW;

typedef struct aclAippInfo {
    aclAippInputFormat inputFormat;
    int32_t srcImageSizeW;
    int32_t srcImageSizeH;
    int8_t cropSwitch;
    int32_t loadStartPosW;
    int32_t loadStartPosH;
    int32_t cropSizeW;
    int32_t cropSizeH;
    int8_t resizeSwitch;
    int32_t resizeOutputW;
    int32_t resizeOutputH;
    int8_t paddingSwitch;
    int32_t leftPaddingSize;
    int32_t rightPaddingSize;
    int32_t topPaddingSize;
    int32_t bottomPaddingSize;
    int8_t cscSwitch;
    int8_t rbuvSwapSwitch;
    int8_t axSwapSwitch;
    int8_t singleLineMode;
    int32_t matrixR0C0;
    int32_t matrixR0C1;
    int32_t matrixR0C2;
    int32_t matrixR1C0;
    int32_t matrixR1C1;
    int32_t matrixR1C2;
    int32_t matrixR2C0;
    int32_t matrixR2C1;
    int32_t matrixR2C2;
    int32_t outputBias0;
    int32_t outputBias1;
    int32_t outputBias2;
    int32_t inputBias0;
    int32_t inputBias1;
    int32_t inputBias2;
    int32_t meanChn0;
    int32_t meanChn1;
    int32_t meanChn2;
    int32_t meanChn3;
    float minChn0;
    float minChn1;
    float minChn2;
    float minChn3;
    float varReciChn0;
    float varReciChn1;
    float varReciChn2;
    float varReciChn3;
    aclFormat srcFormat;
    aclDataType srcDatatype;
    size_t srcDimNum;
    size_t shapeCount;
    aclAippDims outDims[ACL_MAX_SHAPE_COUNT];
    aclAippExtendInfo *aippExtend;
} aclAippInfo;

typedef struct aclmdlExeOMDesc {
    size_t workSize;
    size_t weightSize;
    size_t modelDescSize;
    size_t kernelSize;
    size_t kernelArgsSize;
    size_t staticTaskSize;
    size_t dynamicTaskSize;
    size_t fifoTaskSize;
    size_t reserved[8];
} aclmdlExeOMDesc;

/**
 * Binding point for aclmdlCreateDesc.
 */
aclmdlDesc *aclmdlCreateDesc();

/**
 * Binding point for aclmdlDestroyDesc.
 * @param [in] modelDesc
 */
aclError aclmdlDestroyDesc(aclmdlDesc *modelDesc);

/**
 * Binding point for aclmdlGetDesc.
 * @param [out] modelDesc
 * @param [in] modelId
 */
aclError aclmdlGetDesc(aclmdlDesc *modelDesc, uint32_t modelId);

/**
 * Binding point for aclmdlGetDescFromFile.
 * @param [out] modelDesc
 * @param [in] modelPath
 */
aclError aclmdlGetDescFromFile(aclmdlDesc *modelDesc, const char *modelPath);

/**
 * Binding point for aclmdlGetDescFromMem.
 * @param [out] modelDesc
 * @param [in] model
 * @param [in] modelSize
 */
aclError aclmdlGetDescFromMem(aclmdlDesc *modelDesc, const void *model, size_t modelSize);

/**
 * Binding point for aclmdlGetNumInputs.
 * @param [in] modelDesc
 */
size_t aclmdlGetNumInputs(aclmdlDesc *modelDesc);

/**
 * Binding point for aclmdlGetNumOutputs.
 * @param [in] modelDesc
 */
size_t aclmdlGetNumOutputs(aclmdlDesc *modelDesc);

/**
 * Binding point for aclmdlGetInputSizeByIndex.
 * @param [in] modelDesc
 * @param [in] index
 */
size_t aclmdlGetInputSizeByIndex(aclmdlDesc *modelDesc, size_t index);

/**
 * Binding point for aclmdlGetOutputSizeByIndex.
 * @param [in] modelDesc
 * @param [in] index
 */
size_t aclmdlGetOutputSizeByIndex(aclmdlDesc *modelDesc, size_t index);

/**
 * Binding point for aclmdlCreateExecConfigHandle.
 */
aclmdlExecConfigHandle *aclmdlCreateExecConfigHandle();

/**
 * Binding point for aclmdlDestroyExecConfigHandle.
 * @param [in] handle
 */
aclError aclmdlDestroyExecConfigHandle(const aclmdlExecConfigHandle *handle);

/**
 * Binding point for aclmdlCreateDataset.
 */
aclmdlDataset *aclmdlCreateDataset();

/**
 * Binding point for aclmdlDestroyDataset.
 * @param [in] dataset
 */
aclError aclmdlDestroyDataset(const aclmdlDataset *dataset);

/**
 * Binding point for aclmdlAddDatasetBuffer.
 * @param [out] dataset
 * @param [in] dataBuffer
 */
aclError aclmdlAddDatasetBuffer(aclmdlDataset *dataset, aclDataBuffer *dataBuffer);

/**
 * Binding point for aclmdlSetDatasetTensorDesc.
 * @param [out] dataset
 * @param [in] tensorDesc
 * @param [in] index
 */
aclError aclmdlSetDatasetTensorDesc(aclmdlDataset *dataset, aclTensorDesc *tensorDesc, size_t index);

/**
 * Binding point for aclmdlGetDatasetTensorDesc.
 * @param [in] dataset
 * @param [in] index
 */
aclTensorDesc *aclmdlGetDatasetTensorDesc(const aclmdlDataset *dataset, size_t index);

/**
 * Binding point for aclmdlGetDatasetNumBuffers.
 * @param [in] dataset
 */
size_t aclmdlGetDatasetNumBuffers(const aclmdlDataset *dataset);

/**
 * Binding point for aclmdlGetDatasetBuffer.
 * @param [in] dataset
 * @param [in] index
 */
aclDataBuffer *aclmdlGetDatasetBuffer(const aclmdlDataset *dataset, size_t index);

/**
 * Binding point for aclmdlLoadFromFile.
 * @param [in] modelPath
 * @param [out] modelId
 */
aclError aclmdlLoadFromFile(const char *modelPath, uint32_t *modelId);

/**
 * Binding point for aclmdlBundleLoadFromFile.
 * @param [in] modelPath
 * @param [out] bundleId
 */
aclError aclmdlBundleLoadFromFile(const char *modelPath, uint32_t *bundleId);

/**
 * Binding point for aclmdlBundleLoadFromMem.
 * @param [in] model
 * @param [in] modelSize
 * @param [out] bundleId
 */
aclError aclmdlBundleLoadFromMem(const void *model, size_t modelSize, uint32_t *bundleId);

/**
 * Binding point for aclmdlBundleUnload.
 * @param [in] bundleId
 */
aclError aclmdlBundleUnload(uint32_t bundleId);

/**
 * Binding point for aclmdlBundleGetModelNum.
 * @param [in] bundleId
 * @param [out] modelNum
 */
aclError aclmdlBundleGetModelNum(uint32_t bundleId, size_t *modelNum);

/**
 * Binding point for aclmdlBundleGetModelId.
 * @param [in] bundleId
 * @param [in] index
 * @param [out] modelId
 */
aclError aclmdlBundleGetModelId(uint32_t bundleId, size_t index, uint32_t *modelId);

/**
 * Binding point for aclmdlBundleCreateQueryInfo.
 */
aclmdlBundleQueryInfo *aclmdlBundleCreateQueryInfo();

/**
 * Binding point for aclmdlBundleDestroyQueryInfo.
 * @param [in] queryInfo (inferred)
 */
aclError aclmdlBundleDestroyQueryInfo(aclmdlBundleQueryInfo *queryInfo);

/**
 * Binding point for aclmdlBundleQueryInfoFromFile.
 * @param [in] fileName
 * @param [out] queryInfo
 */
aclError aclmdlBundleQueryInfoFromFile(const char *fileName, aclmdlBundleQueryInfo *queryInfo);

/**
 * Binding point for aclmdlBundleQueryInfoFromMem.
 * @param [in] model
 * @param [in] modelSize
 * @param [out] queryInfo
 */
aclError aclmdlBundleQueryInfoFromMem(const void *model, size_t modelSize, aclmdlBundleQueryInfo *queryInfo);

/**
 * Binding point for aclmdlBundleGetQueryModelNum.
 * @param [in] queryInfo
 * @param [out] modelNum
 */
aclError aclmdlBundleGetQueryModelNum(const aclmdlBundleQueryInfo *queryInfo, size_t *modelNum);

/**
 * Binding point for aclmdlBundleGetVarWeightSize.
 * @param [in] queryInfo
 * @param [out] variableWeightSize
 */
aclError aclmdlBundleGetVarWeightSize(const aclmdlBundleQueryInfo *queryInfo, size_t *variableWeightSize);

/**
 * Binding point for aclmdlBundleGetSize.
 * @param [in] queryInfo
 * @param [in] index
 * @param [out] workSize
 * @param [out] constWeightSize
 */
aclError aclmdlBundleGetSize(const aclmdlBundleQueryInfo *queryInfo, size_t index, size_t *workSize, size_t *constWeightSize);

/**
 * Binding point for aclmdlBundleInitFromFile.
 * @param [in] modelPath
 * @param [in] varWeightPtr
 * @param [in] varWeightSize
 * @param [out] bundleId
 */
aclError aclmdlBundleInitFromFile(const char *modelPath, void *varWeightPtr, size_t varWeightSize, uint32_t *bundleId);

/**
 * Binding point for aclmdlBundleInitFromMem.
 * @param [in] model
 * @param [in] modelSize
 * @param [in] varWeightPtr
 * @param [in] varWeightSize
 * @param [out] bundleId
 */
aclError aclmdlBundleInitFromMem(const void *model, size_t modelSize, void *varWeightPtr, size_t varWeightSize, uint32_t *bundleId);

/**
 * Binding point for aclmdlBundleLoadModel.
 * @param [in] bundleId
 * @param [in] index
 * @param [out] modelId
 */
aclError aclmdlBundleLoadModel(uint32_t bundleId, size_t index, uint32_t *modelId);

/**
 * Binding point for aclmdlBundleLoadModelWithMem.
 * @param [in] bundleId
 * @param [in] index
 * @param [in] workPtr
 * @param [in] workSize
 * @param [in] weightPtr
 * @param [in] weightSize
 * @param [out] modelId
 */
aclError aclmdlBundleLoadModelWithMem(uint32_t bundleId, size_t index, void *workPtr, size_t workSize, void *weightPtr, size_t weightSize, uint32_t *modelId);

/**
 * Binding point for aclmdlBundleLoadModelWithConfig.
 * @param [in] bundleId
 * @param [in] index
 * @param [in] handle
 * @param [out] modelId
 */
aclError aclmdlBundleLoadModelWithConfig(uint32_t bundleId, size_t index, aclmdlConfigHandle *handle, uint32_t *modelId);

/**
 * Binding point for aclmdlBundleUnloadModel.
 * @param [in] bundleId
 * @param [in] modelId
 */
aclError aclmdlBundleUnloadModel(uint32_t bundleId, uint32_t modelId);

/**
 * Binding point for aclmdlLoadFromMem.
 * @param [in] model
 * @param [in] modelSize
 * @param [out] modelId
 */
aclError aclmdlLoadFromMem(const void *model, size_t modelSize, uint32_t *modelId);

/**
 * Binding point for aclmdlLoadFromFileWithMem.
 * @param [in] modelPath
 * @param [out] modelId
 * @param [in] workPtr
 * @param [in] workSize
 * @param [in] weightPtr
 * @param [in] weightSize
 */
aclError aclmdlLoadFromFileWithMem(const char *modelPath, uint32_t *modelId, void *workPtr, size_t workSize, void *weightPtr, size_t weightSize);

/**
 * Binding point for aclmdlLoadFromMemWithMem.
 * @param [in] model
 * @param [in] modelSize
 * @param [out] modelId
 * @param [in] workPtr
 * @param [in] workSize
 * @param [in] weightPtr
 * @param [in] weightSize
 */
aclError aclmdlLoadFromMemWithMem(const void *model, size_t modelSize, uint32_t *modelId, void *workPtr, size_t workSize, void *weightPtr, size_t weightSize);

/**
 * Binding point for aclmdlLoadFromFileWithQ.
 * @param [in] modelPath
 * @param [out] modelId
 * @param [in] inputQ
 * @param [in] inputQNum
 * @param [in] outputQ
 * @param [in] outputQNum
 */
aclError aclmdlLoadFromFileWithQ(const char *modelPath, uint32_t *modelId, const uint32_t *inputQ, size_t inputQNum, const uint32_t *outputQ, size_t outputQNum);

/**
 * Binding point for aclmdlLoadFromMemWithQ.
 * @param [in] model
 * @param [in] modelSize
 * @param [out] modelId
 * @param [in] inputQ
 * @param [in] inputQNum
 * @param [in] outputQ
 * @param [in] outputQNum
 */
aclError aclmdlLoadFromMemWithQ(const void *model, size_t modelSize, uint32_t *modelId, const uint32_t *inputQ, size_t inputQNum, const uint32_t *outputQ, size_t outputQNum);

/**
 * Binding point for aclmdlExecute.
 * @param [in] modelId
 * @param [in] input
 * @param [out] output
 */
aclError aclmdlExecute(uint32_t modelId, const aclmdlDataset *input, aclmdlDataset *output);

/**
 * Binding point for aclmdlExecuteV2.
 * @param [in] modelId
 * @param [in] input
 * @param [out] output
 * @param [in] stream
 * @param [in] handle
 */
aclError aclmdlExecuteV2(uint32_t modelId, const aclmdlDataset *input, aclmdlDataset *output, aclrtStream stream, const aclmdlExecConfigHandle *handle);

/**
 * Binding point for aclmdlExecuteAsyncV2.
 * @param [in] modelId
 * @param [in] input
 * @param [out] output
 * @param [in] stream
 * @param [in] handle
 */
aclError aclmdlExecuteAsyncV2(uint32_t modelId, const aclmdlDataset *input, aclmdlDataset *output, aclrtStream stream, const aclmdlExecConfigHandle *handle);

/**
 * Binding point for aclmdlExecuteAsync.
 * @param [in] modelId
 * @param [in] input
 * @param [out] output
 * @param [in] stream
 */
aclError aclmdlExecuteAsync(uint32_t modelId, const aclmdlDataset *input, aclmdlDataset *output, aclrtStream stream);

/**
 * Binding point for aclmdlUnload.
 * @param [in] modelId
 */
aclError aclmdlUnload(uint32_t modelId);

/**
 * Binding point for aclmdlSetAttribute.
 * @param [in] modelId
 * @param [in] attr
 * @param [in] attrValue
 */
aclError aclmdlSetAttribute(uint32_t modelId, aclmdlAttr attr, aclmdlAttrValue_t *attrValue);

/**
 * Binding point for aclmdlGetAttribute.
 * @param [in] modelId
 * @param [in] attr
 * @param [out] attrValue
 */
aclError aclmdlGetAttribute(uint32_t modelId, aclmdlAttr attr, aclmdlAttrValue_t *attrValue);

/**
 * Binding point for aclmdlQuerySize.
 * @param [in] fileName
 * @param [out] workSize
 * @param [out] weightSize
 */
aclError aclmdlQuerySize(const char *fileName, size_t *workSize, size_t *weightSize);

/**
 * Binding point for aclmdlQueryExeOMDesc.
 * @param [in] fileName
 * @param [out] mdlPartitionSize (inferred)
 */
aclError aclmdlQueryExeOMDesc(const char *fileName, aclmdlExeOMDesc *mdlPartitionSize);

/**
 * Binding point for aclmdlQuerySizeFromMem.
 * @param [in] model
 * @param [in] modelSize
 * @param [out] workSize
 * @param [out] weightSize
 */
aclError aclmdlQuerySizeFromMem(const void *model, size_t modelSize, size_t *workSize, size_t *weightSize);

/**
 * Binding point for aclmdlSetDynamicBatchSize.
 * @param [in] modelId
 * @param [in,out] dataset
 * @param [in] index
 * @param [in] batchSize
 */
aclError aclmdlSetDynamicBatchSize(uint32_t modelId, aclmdlDataset *dataset, size_t index, uint64_t batchSize);

/**
 * Binding point for aclmdlSetDynamicHWSize.
 * @param [in] modelId
 * @param [in,out] dataset
 * @param [in] index
 * @param [in] height
 * @param [in] width
 */
aclError aclmdlSetDynamicHWSize(uint32_t modelId, aclmdlDataset *dataset, size_t index, uint64_t height, uint64_t width);

/**
 * Binding point for aclmdlSetInputDynamicDims.
 * @param [in] modelId
 * @param [in,out] dataset
 * @param [in] index
 * @param [in] dims
 */
aclError aclmdlSetInputDynamicDims(uint32_t modelId, aclmdlDataset *dataset, size_t index, const aclmdlIODims *dims);

/**
 * Binding point for aclmdlGetInputDims.
 * @param [in] modelDesc
 * @param [in] index
 * @param [out] dims
 */
aclError aclmdlGetInputDims(const aclmdlDesc *modelDesc, size_t index, aclmdlIODims *dims);

/**
 * Binding point for aclmdlGetInputDimsV2.
 * @param [in] modelDesc
 * @param [in] index
 * @param [out] dims
 */
aclError aclmdlGetInputDimsV2(const aclmdlDesc *modelDesc, size_t index, aclmdlIODims *dims);

/**
 * Binding point for aclmdlGetInputDimsRange.
 * @param [in] modelDesc
 * @param [in] index
 * @param [out] dimsRange
 */
aclError aclmdlGetInputDimsRange(const aclmdlDesc *modelDesc, size_t index, aclmdlIODimsRange *dimsRange);

/**
 * Binding point for aclmdlGetOutputDims.
 * @param [in] modelDesc
 * @param [in] index
 * @param [out] dims
 */
aclError aclmdlGetOutputDims(const aclmdlDesc *modelDesc, size_t index, aclmdlIODims *dims);

/**
 * Binding point for aclmdlGetCurOutputDims.
 * @param [in] modelDesc
 * @param [in] index
 * @param [out] dims
 */
aclError aclmdlGetCurOutputDims(const aclmdlDesc *modelDesc, size_t index, aclmdlIODims *dims);

/**
 * Binding point for aclmdlGetOpAttr.
 * @param [in] modelDesc
 * @param [in] opName
 * @param [in] attr
 */
const char *aclmdlGetOpAttr(aclmdlDesc *modelDesc, const char *opName, const char *attr);

/**
 * Binding point for aclmdlGetInputNameByIndex.
 * @param [in] modelDesc
 * @param [in] index
 */
const char *aclmdlGetInputNameByIndex(const aclmdlDesc *modelDesc, size_t index);

/**
 * Binding point for aclmdlGetOutputNameByIndex.
 * @param [in] modelDesc
 * @param [in] index
 */
const char *aclmdlGetOutputNameByIndex(const aclmdlDesc *modelDesc, size_t index);

/**
 * Binding point for aclmdlGetInputFormat.
 * @param [in] modelDesc
 * @param [in] index
 */
aclFormat aclmdlGetInputFormat(const aclmdlDesc *modelDesc, size_t index);

/**
 * Binding point for aclmdlGetOutputFormat.
 * @param [in] modelDesc
 * @param [in] index
 */
aclFormat aclmdlGetOutputFormat(const aclmdlDesc *modelDesc, size_t index);

/**
 * Binding point for aclmdlGetInputDataType.
 * @param [in] modelDesc
 * @param [in] index
 */
aclDataType aclmdlGetInputDataType(const aclmdlDesc *modelDesc, size_t index);

/**
 * Binding point for aclmdlGetOutputDataType.
 * @param [in] modelDesc
 * @param [in] index
 */
aclDataType aclmdlGetOutputDataType(const aclmdlDesc *modelDesc, size_t index);

/**
 * Binding point for aclmdlGetInputIndexByName.
 * @param [in] modelDesc
 * @param [in] name
 * @param [out] index
 */
aclError aclmdlGetInputIndexByName(const aclmdlDesc *modelDesc, const char *name, size_t *index);

/**
 * Binding point for aclmdlGetOutputIndexByName.
 * @param [in] modelDesc
 * @param [in] name
 * @param [out] index
 */
aclError aclmdlGetOutputIndexByName(const aclmdlDesc *modelDesc, const char *name, size_t *index);

/**
 * Binding point for aclmdlGetDynamicBatch.
 * @param [in] modelDesc
 * @param [out] batch
 */
aclError aclmdlGetDynamicBatch(const aclmdlDesc *modelDesc, aclmdlBatch *batch);

/**
 * Binding point for aclmdlGetDynamicHW.
 * @param [in] modelDesc
 * @param [in] index
 * @param [out] hw
 */
aclError aclmdlGetDynamicHW(const aclmdlDesc *modelDesc, size_t index, aclmdlHW *hw);

/**
 * Binding point for aclmdlGetInputDynamicGearCount.
 * @param [in] modelDesc
 * @param [in] index
 * @param [out] gearCount
 */
aclError aclmdlGetInputDynamicGearCount(const aclmdlDesc *modelDesc, size_t index, size_t *gearCount);

/**
 * Binding point for aclmdlGetInputDynamicDims.
 * @param [in] modelDesc
 * @param [in] index
 * @param [out] dims
 * @param [in] gearCount
 */
aclError aclmdlGetInputDynamicDims(const aclmdlDesc *modelDesc, size_t index, aclmdlIODims *dims, size_t gearCount);

/**
 * Binding point for aclmdlCreateAIPP.
 * @param [in] batchSize
 */
aclmdlAIPP *aclmdlCreateAIPP(uint64_t batchSize);

/**
 * Binding point for aclmdlDestroyAIPP.
 * @param [in] aippParmsSet
 */
aclError aclmdlDestroyAIPP(const aclmdlAIPP *aippParmsSet);

/**
 * Binding point for aclmdlGetAippDataSize.
 * @param [in] batchSize
 * @param [out] size
 */
aclError aclmdlGetAippDataSize(uint64_t batchSize, size_t *size);

/**
 * Binding point for aclmdlSetAIPPInputFormat.
 * @param [out] aippParmsSet
 * @param [in] inputFormat
 */
aclError aclmdlSetAIPPInputFormat(aclmdlAIPP *aippParmsSet, aclAippInputFormat inputFormat);

/**
 * Binding point for aclmdlSetAIPPCscParams.
 * @param [out] aippParmsSet
 * @param [in] cscSwitch (inferred)
 * @param [in] cscMatrixR0C0
 * @param [in] cscMatrixR0C1
 * @param [in] cscMatrixR0C2
 * @param [in] cscMatrixR1C0
 * @param [in] cscMatrixR1C1
 * @param [in] cscMatrixR1C2
 * @param [in] cscMatrixR2C0
 * @param [in] cscMatrixR2C1
 * @param [in] cscMatrixR2C2
 * @param [in] cscOutputBiasR0
 * @param [in] cscOutputBiasR1
 * @param [in] cscOutputBiasR2
 * @param [in] cscInputBiasR0
 * @param [in] cscInputBiasR1
 * @param [in] cscInputBiasR2
 */
aclError aclmdlSetAIPPCscParams(aclmdlAIPP *aippParmsSet, int8_t cscSwitch, int16_t cscMatrixR0C0, int16_t cscMatrixR0C1, int16_t cscMatrixR0C2, int16_t cscMatrixR1C0, int16_t cscMatrixR1C1, int16_t cscMatrixR1C2, int16_t cscMatrixR2C0, int16_t cscMatrixR2C1, int16_t cscMatrixR2C2, uint8_t cscOutputBiasR0, uint8_t cscOutputBiasR1, uint8_t cscOutputBiasR2, uint8_t cscInputBiasR0, uint8_t cscInputBiasR1, uint8_t cscInputBiasR2);

/**
 * Binding point for aclmdlSetAIPPRbuvSwapSwitch.
 * @param [out] aippParmsSet
 * @param [in] rbuvSwapSwitch
 */
aclError aclmdlSetAIPPRbuvSwapSwitch(aclmdlAIPP *aippParmsSet, int8_t rbuvSwapSwitch);

/**
 * Binding point for aclmdlSetAIPPAxSwapSwitch.
 * @param [out] aippParmsSet
 * @param [in] axSwapSwitch
 */
aclError aclmdlSetAIPPAxSwapSwitch(aclmdlAIPP *aippParmsSet, int8_t axSwapSwitch);

/**
 * Binding point for aclmdlSetAIPPSrcImageSize.
 * @param [out] aippParmsSet
 * @param [in] srcImageSizeW
 * @param [in] srcImageSizeH
 */
aclError aclmdlSetAIPPSrcImageSize(aclmdlAIPP *aippParmsSet, int32_t srcImageSizeW, int32_t srcImageSizeH);

/**
 * Binding point for aclmdlSetAIPPScfParams.
 * @param [out] aippParmsSet
 * @param [in] scfSwitch
 * @param [in] scfInputSizeW
 * @param [in] scfInputSizeH
 * @param [in] scfOutputSizeW
 * @param [in] scfOutputSizeH
 * @param [in] batchIndex
 */
aclError aclmdlSetAIPPScfParams(aclmdlAIPP *aippParmsSet, int8_t scfSwitch, int32_t scfInputSizeW, int32_t scfInputSizeH, int32_t scfOutputSizeW, int32_t scfOutputSizeH, uint64_t batchIndex);

/**
 * Binding point for aclmdlSetAIPPCropParams.
 * @param [out] aippParmsSet
 * @param [in] cropSwitch
 * @param [in] cropStartPosW
 * @param [in] cropStartPosH
 * @param [in] cropSizeW
 * @param [in] cropSizeH
 * @param [in] batchIndex
 */
aclError aclmdlSetAIPPCropParams(aclmdlAIPP *aippParmsSet, int8_t cropSwitch, int32_t cropStartPosW, int32_t cropStartPosH, int32_t cropSizeW, int32_t cropSizeH, uint64_t batchIndex);

/**
 * Binding point for aclmdlSetAIPPPaddingParams.
 * @param [out] aippParmsSet
 * @param [in] paddingSwitch
 * @param [in] paddingSizeTop
 * @param [in] paddingSizeBottom
 * @param [in] paddingSizeLeft
 * @param [in] paddingSizeRight
 * @param [in] batchIndex
 */
aclError aclmdlSetAIPPPaddingParams(aclmdlAIPP *aippParmsSet, int8_t paddingSwitch, int32_t paddingSizeTop, int32_t paddingSizeBottom, int32_t paddingSizeLeft, int32_t paddingSizeRight, uint64_t batchIndex);

/**
 * Binding point for aclmdlSetAIPPDtcPixelMean.
 * @param [out] aippParmsSet
 * @param [in] dtcPixelMeanChn0
 * @param [in] dtcPixelMeanChn1
 * @param [in] dtcPixelMeanChn2
 * @param [in] dtcPixelMeanChn3
 * @param [in] batchIndex
 */
aclError aclmdlSetAIPPDtcPixelMean(aclmdlAIPP *aippParmsSet, int16_t dtcPixelMeanChn0, int16_t dtcPixelMeanChn1, int16_t dtcPixelMeanChn2, int16_t dtcPixelMeanChn3, uint64_t batchIndex);

/**
 * Binding point for aclmdlSetAIPPDtcPixelMin.
 * @param [out] aippParmsSet
 * @param [in] dtcPixelMinChn0
 * @param [in] dtcPixelMinChn1
 * @param [in] dtcPixelMinChn2
 * @param [in] dtcPixelMinChn3
 * @param [in] batchIndex
 */
aclError aclmdlSetAIPPDtcPixelMin(aclmdlAIPP *aippParmsSet, float dtcPixelMinChn0, float dtcPixelMinChn1, float dtcPixelMinChn2, float dtcPixelMinChn3, uint64_t batchIndex);

/**
 * Binding point for aclmdlSetAIPPPixelVarReci.
 * @param [out] aippParmsSet
 * @param [in] dtcPixelVarReciChn0
 * @param [in] dtcPixelVarReciChn1
 * @param [in] dtcPixelVarReciChn2
 * @param [in] dtcPixelVarReciChn3
 * @param [in] batchIndex
 */
aclError aclmdlSetAIPPPixelVarReci(aclmdlAIPP *aippParmsSet, float dtcPixelVarReciChn0, float dtcPixelVarReciChn1, float dtcPixelVarReciChn2, float dtcPixelVarReciChn3, uint64_t batchIndex);

/**
 * Binding point for aclmdlSetInputAIPP.
 * @param [in] modelId
 * @param [in] dataset
 * @param [in] index
 * @param [in] aippParmsSet
 */
aclError aclmdlSetInputAIPP(uint32_t modelId, aclmdlDataset *dataset, size_t index, const aclmdlAIPP *aippParmsSet);

/**
 * Binding point for aclmdlSetAIPPByInputIndex.
 * @param [in] modelId
 * @param [in] dataset
 * @param [in] index
 * @param [in] aippParmsSet
 */
aclError aclmdlSetAIPPByInputIndex(uint32_t modelId, aclmdlDataset *dataset, size_t index, const aclmdlAIPP *aippParmsSet);

/**
 * Binding point for aclmdlGetAippType.
 * @param [in] modelId
 * @param [in] index
 * @param [out] type
 * @param [out] dynamicAttachedDataIndex
 */
aclError aclmdlGetAippType(uint32_t modelId, size_t index, aclmdlInputAippType *type, size_t *dynamicAttachedDataIndex);

/**
 * Binding point for aclmdlGetFirstAippInfo.
 * @param [in] modelId
 * @param [in] index
 * @param [out] aippInfo
 */
aclError aclmdlGetFirstAippInfo(uint32_t modelId, size_t index, aclAippInfo *aippInfo);

/**
 * Binding point for aclmdlCreateAndGetOpDesc.
 * @param [in] deviceId
 * @param [in] streamId
 * @param [in] taskId
 * @param [out] opName
 * @param [in] opNameLen
 * @param [out] inputDesc
 * @param [out] numInputs
 * @param [out] outputDesc
 * @param [out] numOutputs
 */
aclError aclmdlCreateAndGetOpDesc(uint32_t deviceId, uint32_t streamId, uint32_t taskId, char *opName, size_t opNameLen, aclTensorDesc **inputDesc, size_t *numInputs, aclTensorDesc **outputDesc, size_t *numOutputs);

/**
 * Binding point for aclmdlLoadWithConfig.
 * @param [in] handle
 * @param [out] modelId
 */
aclError aclmdlLoadWithConfig(const aclmdlConfigHandle *handle, uint32_t *modelId);

/**
 * Binding point for aclmdlCreateConfigHandle.
 */
aclmdlConfigHandle *aclmdlCreateConfigHandle();

/**
 * Binding point for aclmdlDestroyConfigHandle.
 * @param [in] handle
 */
aclError aclmdlDestroyConfigHandle(aclmdlConfigHandle *handle);

/**
 * Binding point for aclmdlSetConfigOpt.
 * @param [out] handle
 * @param [in] attr
 * @param [in] attrValue
 * @param [in] valueSize
 */
aclError aclmdlSetConfigOpt(aclmdlConfigHandle *handle, aclmdlConfigAttr attr, const void *attrValue, size_t valueSize);

/**
 * Binding point for aclmdlSetExecConfigOpt.
 * @param [out] handle
 * @param [in] attr
 * @param [in] attrValue
 * @param [in] valueSize
 */
aclError aclmdlSetExecConfigOpt(aclmdlExecConfigHandle *handle, aclmdlExecConfigAttr attr, const void *attrValue, size_t valueSize);

/**
 * Binding point for aclmdlSetExternalWeightAddress.
 * @param [in] handle
 * @param [in] weightFileName
 * @param [in] devPtr
 * @param [in] size
 */
aclError aclmdlSetExternalWeightAddress(aclmdlConfigHandle *handle, const char *weightFileName, void *devPtr, size_t size);

/**
 * Binding point for aclmdlGetTensorRealName.
 * @param [in] modelDesc
 * @param [in] name
 */
const char *aclmdlGetTensorRealName(const aclmdlDesc *modelDesc, const char *name);

/**
 * Binding point for aclRecoverAllHcclTasks.
 * @param [in] deviceId
 */
aclError aclRecoverAllHcclTasks(int32_t deviceId);

/**
 * Binding point for aclmdlLoadFromModel.
 * @param [in] model
 * @param [in] handle
 * @param [in] modelId
 */
aclError aclmdlLoadFromModel(const aclmdlModel *model, const aclmdlConfigHandle *handle, uint32_t *modelId);

#ifdef __cplusplus
}
#endif

#endif /* ACL_ACL_MDL_H_ */
