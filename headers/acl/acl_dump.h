/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_ACL_DUMP_H_
#define ACL_ACL_DUMP_H_

#include <stdint.h>
#include <stddef.h>
#include "acl_base_rt.h"

#define ACL_DUMP_MAX_FILE_PATH_LENGTH 4096
#define ACL_DUMP_MAX_SHAPE_NUM 25
#define ACL_OP_DUMP_OP_AICORE_ARGS 1U
#define ACL_DUMP_API __attribute__((visibility("default")))
#define ACL_DUMP_WEAK __attribute__((weak))

#ifdef __cplusplus
extern "C" {
#endif

typedef struct acldumpChunk {
    char fileName[ACL_DUMP_MAX_FILE_PATH_LENGTH];
    uint32_t bufLen;
    uint32_t isLastChunk;
    int64_t offset;
    int32_t flag;
    uint8_t dataBuf[0];
} acldumpChunk;

/**
 * Binding point for acldumpRegCallback.
 * @param [in] messageCallback (inferred)
 * @param [in] flag (inferred)
 */
aclError acldumpRegCallback(int32_t (*const messageCallback)(const acldumpChunk *, int32_t), int32_t flag);

/**
 * Binding point for acldumpUnregCallback.
 */
void acldumpUnregCallback();

/**
 * Binding point for aclopStartDumpArgs.
 * @param [in] dumpType
 * @param [in] path
 */
aclError aclopStartDumpArgs(uint32_t dumpType, const char *path);

/**
 * Binding point for aclopStopDumpArgs.
 * @param [in] dumpType
 */
aclError aclopStopDumpArgs(uint32_t dumpType);

typedef enum acldumpType {
    AIC_ERR_BRIEF_DUMP = 1,
    AIC_ERR_NORM_DUMP = 2,
    AIC_ERR_DETAIL_DUMP = 3,
    DATA_DUMP = 4,
    OVERFLOW_DUMP = 5,
} acldumpType;

/**
 * Binding point for acldumpGetPath.
 * @param [in] dumpType
 */
const char *acldumpGetPath(acldumpType dumpType);

typedef enum acldumpTensorType {
    ACL_DUMP_TENSOR_INPUT = 0,
    ACL_DUMP_TENSOR_OUTPUT = 1,
    ACL_DUMP_TENSOR_WORKSPACE = 2,
} acldumpTensorType;

typedef enum acldumpTensorAddressType {
    ACL_DUMP_ADDR_PTR = 0,
    ACL_DUMP_ADDR_PTR_PTR = 1,
    ACL_DUMP_ADDR_RAW = 2,
} acldumpTensorAddressType;

typedef enum acldumpTensorPlacement {
    ACL_DUMP_PLACEMENT_DEVICE = 0,
    ACL_DUMP_PLACEMENT_HOST = 1,
    ACL_DUMP_PLACEMENT_END = 2,
} acldumpTensorPlacement;

typedef struct acldumpTensorInfo {
    acldumpTensorType type;
    size_t tensorSize;
    int32_t format;
    int32_t dataType;
    int64_t *tensorAddr;
    acldumpTensorAddressType addrType;
    acldumpTensorPlacement placement;
    uint32_t argsOffset;
    uint32_t shapeNum;
    uint32_t originShapeNum;
    uint64_t shape[ACL_DUMP_MAX_SHAPE_NUM];
    uint64_t originShape[ACL_DUMP_MAX_SHAPE_NUM];
} acldumpTensorInfo;

/**
 * Binding point for acldumpSaveExceptionInfo.
 * @param [in] fileName
 * @param [in] userTag
 * @param [in] tensors
 * @param [in] tensorCount
 */
aclError acldumpSaveExceptionInfo(const char *fileName, const char *userTag, const acldumpTensorInfo *tensors, size_t tensorCount);

/**
 * Binding point for acldumpGetExceptionInfoPath.
 * @param [out] path
 * @param [in] maxLen
 */
aclError acldumpGetExceptionInfoPath(char *path, size_t maxLen);

#ifdef __cplusplus
}
#endif

#endif /* ACL_ACL_DUMP_H_ */
