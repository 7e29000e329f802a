/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_ACL_PROF_H_
#define ACL_ACL_PROF_H_

#include <stdint.h>
#include <stddef.h>
#include "acl_base_rt.h"

#define ACL_PROF_ACL_API 1ULL
#define ACL_PROF_AICORE_METRICS 4ULL
#define ACL_PROF_AICORE_SHAPE 34359738368ULL
#define ACL_PROF_AICPU 8ULL
#define ACL_PROF_API_STATS 17179869184ULL
#define ACL_PROF_EVENT_ATTR_VERSION 1
#define ACL_PROF_GE_API_L0 512ULL
#define ACL_PROF_GE_API_L1 16777216ULL
#define ACL_PROF_HCCL_TRACE 32ULL
#define ACL_PROF_L2CACHE 16ULL
#define ACL_PROF_MAX_OP_NAME_LEN 257
#define ACL_PROF_MAX_OP_TYPE_LEN 65
#define ACL_PROF_MSPROFTX 128ULL
#define ACL_PROF_OP_ATTR 16384ULL
#define ACL_PROF_RUNTIME_API 256ULL
#define ACL_PROF_TASK_MEMORY 4096ULL
#define ACL_PROF_TASK_TIME 2ULL
#define ACL_PROF_TASK_TIME_L0 2048ULL
#define ACL_PROF_TASK_TIME_L2 8192ULL
#define ACL_PROF_TASK_TIME_L3 32768ULL
#define ACL_PROF_TENSOR_DATA_SHAPE_LEN 8
#define ACL_PROF_TRAINING_TRACE 64ULL
#define ACL_PROF_TENSOR_INFO_DEFINED
#define MSVP_PROF_API __attribute__((visibility("default")))

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    ACL_AICORE_ARITHMETIC_UTILIZATION = 0,
    ACL_AICORE_PIPE_UTILIZATION = 1,
    ACL_AICORE_MEMORY_BANDWIDTH = 2,
    ACL_AICORE_L0B_AND_WIDTH = 3,
    ACL_AICORE_RESOURCE_CONFLICT_RATIO = 4,
    ACL_AICORE_MEMORY_UB = 5,
    ACL_AICORE_L2_CACHE = 6,
    ACL_AICORE_PIPE_EXECUTE_UTILIZATION = 7,
    ACL_AICORE_MEMORY_ACCESS = 8,
    ACL_AICORE_NONE = 255,
} aclprofAicoreMetrics;

typedef enum {
    ACL_STEP_START = 0,
    ACL_STEP_END = 1,
} aclprofStepTag;

typedef enum {
    ACL_SUBSCRIBE_OP = 0,
    ACL_SUBSCRIBE_SUBGRAPH = 1,
    ACL_SUBSCRIBE_OP_THREAD = 2,
    ACL_SUBSCRIBE_NONE = 255,
} aclprofSubscribeOpFlag;

typedef enum {
    ACL_SUBSCRIBE_ATTRI_THREADID = 0,
    ACL_SUBSCRIBE_ATTRI_NONE = 1,
} aclprofSubscribeOpAttri;

typedef enum {
    ACL_PROF_ARGS_MIN = 0,
    ACL_PROF_STORAGE_LIMIT = 1,
    ACL_PROF_SYS_HARDWARE_MEM_FREQ = 3,
    ACL_PROF_LLC_MODE = 4,
    ACL_PROF_SYS_IO_FREQ = 5,
    ACL_PROF_SYS_INTERCONNECTION_FREQ = 6,
    ACL_PROF_DVPP_FREQ = 7,
    ACL_PROF_HOST_SYS = 8,
    ACL_PROF_HOST_SYS_USAGE = 9,
    ACL_PROF_HOST_SYS_USAGE_FREQ = 10,
    ACL_PROF_LOW_POWER_FREQ = 11,
    ACL_PROF_SYS_MEM_SERVICEFLOW = 12,
    ACL_PROF_SYS_CPU_FREQ = 13,
    ACL_PROF_OPTYPE = 14,
    ACL_PROF_NTS_METRICS = 15,
    ACL_PROF_PATH = 16,
    ACL_PROF_ARGS_MAX = 17,
} aclprofConfigType;

typedef enum {
    ACL_PROF_MESSAGE_TYPE_TENSOR_INFO = 0,
} aclprofMessageType;

typedef struct aclprofConfig aclprofConfig;

typedef struct aclprofStopConfig aclprofStopConfig;

typedef struct aclprofAicoreEvents aclprofAicoreEvents;

typedef struct aclprofSubscribeConfig aclprofSubscribeConfig;

typedef struct aclprofStepInfo aclprofStepInfo;

typedef struct aclprofTensor {
    uint32_t type;
    uint32_t format;
    uint32_t dataType;
    uint32_t shapeDim;
    uint32_t shape[ACL_PROF_TENSOR_DATA_SHAPE_LEN];
} aclprofTensor;

typedef struct aclprofTensorInfo {
    uint64_t opNameId;
    uint64_t opTypeId;
    uint32_t resv;
    uint32_t tensorNum;
    uint32_t kernelType;
    uint32_t blockNums;
    void *stream;
    aclprofTensor *tensors;
} aclprofTensorInfo;

typedef struct aclprofEventAttributes {
    uint16_t version;
    uint16_t size;
    uint32_t messageType;
    union Message {
        aclprofTensorInfo *tensorInfo;
    } message;
} aclprofEventAttributes;

/**
 * Binding point for aclprofInit.
 * @param [in] profilerResultPath
 * @param [in] length
 */
aclError aclprofInit(const char *profilerResultPath, size_t length);

/**
 * Binding point for aclprofFinalize.
 */
aclError aclprofFinalize();

/**
 * Binding point for aclprofStart.
 * @param [in] profilerConfig
 */
aclError aclprofStart(const aclprofConfig *profilerConfig);

/**
 * Binding point for aclprofCreateConfig.
 * @param [in] deviceIdList
 * @param [in] deviceNums
 * @param [in] aicoreMetrics
 * @param [in] aicoreEvents
 * @param [in] dataTypeConfig
 */
aclprofConfig *aclprofCreateConfig(uint32_t *deviceIdList, uint32_t deviceNums, aclprofAicoreMetrics aicoreMetrics, const aclprofAicoreEvents *aicoreEvents, uint64_t dataTypeConfig);

/**
 * Binding point for aclprofDestroyConfig.
 * @param [in] profilerConfig
 */
aclError aclprofDestroyConfig(const aclprofConfig *profilerConfig);

/**
 * Binding point for aclprofStop.
 * @param [in] profilerConfig
 */
aclError aclprofStop(const aclprofConfig *profilerConfig);

/**
 * Binding point for aclprofSetConfig.
 * @param [in] configType
 * @param [in] config (inferred)
 * @param [in] configLength (inferred)
 */
aclError aclprofSetConfig(aclprofConfigType configType, const char *config, size_t configLength);

/**
 * Binding point for aclprofModelSubscribe.
 * @param [in] modelId
 * @param [in] profSubscribeConfig
 */
aclError aclprofModelSubscribe(uint32_t modelId, const aclprofSubscribeConfig *profSubscribeConfig);

/**
 * Binding point for aclprofModelUnSubscribe.
 * @param [in] modelId
 */
aclError aclprofModelUnSubscribe(uint32_t modelId);

/**
 * Binding point for aclprofCreateSubscribeConfig.
 * @param [in] timeInfoSwitch
 * @param [in] aicoreMetrics
 * @param [in] fd
 */
aclprofSubscribeConfig *aclprofCreateSubscribeConfig(int8_t timeInfoSwitch, aclprofAicoreMetrics aicoreMetrics, void *fd);

/**
 * Binding point for aclprofDestroySubscribeConfig.
 * @param [in] profSubscribeConfig
 */
aclError aclprofDestroySubscribeConfig(const aclprofSubscribeConfig *profSubscribeConfig);

/**
 * Binding point for aclprofGetOpDescSize.
 * @param [out] opDescSize
 */
aclError aclprofGetOpDescSize(size_t *opDescSize);

/**
 * Binding point for aclprofGetOpNum.
 * @param [in] opInfo
 * @param [in] opInfoLen
 * @param [out] opNumber
 */
aclError aclprofGetOpNum(const void *opInfo, size_t opInfoLen, uint32_t *opNumber);

/**
 * Binding point for aclprofGetOpTypeLen.
 * @param [in] opInfo
 * @param [in] opInfoLen
 * @param [in] index
 * @param [out] opTypeLen
 */
aclError aclprofGetOpTypeLen(const void *opInfo, size_t opInfoLen, uint32_t index, size_t *opTypeLen);

/**
 * Binding point for aclprofGetOpType.
 * @param [in] opInfo
 * @param [in] opInfoLen
 * @param [in] index
 * @param [out] opType
 * @param [in] opTypeLen
 */
aclError aclprofGetOpType(const void *opInfo, size_t opInfoLen, uint32_t index, char *opType, size_t opTypeLen);

/**
 * Binding point for aclprofGetOpNameLen.
 * @param [in] opInfo
 * @param [in] opInfoLen
 * @param [in] index
 * @param [out] opNameLen
 */
aclError aclprofGetOpNameLen(const void *opInfo, size_t opInfoLen, uint32_t index, size_t *opNameLen);

/**
 * Binding point for aclprofGetOpName.
 * @param [in] opInfo
 * @param [in] opInfoLen
 * @param [in] index
 * @param [out] opName
 * @param [in] opNameLen
 */
aclError aclprofGetOpName(const void *opInfo, size_t opInfoLen, uint32_t index, char *opName, size_t opNameLen);

/**
 * Binding point for aclprofGetOpStart.
 * @param [in] opInfo
 * @param [in] opInfoLen
 * @param [in] index
 */
uint64_t aclprofGetOpStart(const void *opInfo, size_t opInfoLen, uint32_t index);

/**
 * Binding point for aclprofGetOpEnd.
 * @param [in] opInfo
 * @param [in] opInfoLen
 * @param [in] index
 */
uint64_t aclprofGetOpEnd(const void *opInfo, size_t opInfoLen, uint32_t index);

/**
 * Binding point for aclprofGetOpDuration.
 * @param [in] opInfo
 * @param [in] opInfoLen
 * @param [in] index
 */
uint64_t aclprofGetOpDuration(const void *opInfo, size_t opInfoLen, uint32_t index);

/**
 * Binding point for aclprofGetModelId.
 * @param [in] opInfo
 * @param [in] opInfoLen
 * @param [in] index (inferred)
 */
size_t aclprofGetModelId(const void *opInfo, size_t opInfoLen, uint32_t index);

/**
 * Binding point for aclprofGetOpFlag.
 * @param [in] opInfo
 * @param [in] opInfoLen
 * @param [in] index
 */
aclprofSubscribeOpFlag aclprofGetOpFlag(const void *opInfo, size_t opInfoLen, uint32_t index);

/**
 * Binding point for aclprofGetOpAttriValue.
 * @param [in] opInfo
 * @param [in] opInfoLen
 * @param [in] index
 * @param [in] attri
 */
const char *aclprofGetOpAttriValue(const void *opInfo, size_t opInfoLen, uint32_t index, aclprofSubscribeOpAttri attri);

/**
 * Binding point for aclprofGetStepTimestamp.
 * @param [in] stepInfo
 * @param [in] tag (inferred)
 * @param [in] stream
 */
aclError aclprofGetStepTimestamp(aclprofStepInfo *stepInfo, aclprofStepTag tag, aclrtStream stream);

/**
 * Binding point for aclprofCreateStepInfo.
 */
aclprofStepInfo *aclprofCreateStepInfo();

/**
 * Binding point for aclprofDestroyStepInfo.
 * @param [in] stepinfo
 */
void aclprofDestroyStepInfo(aclprofStepInfo *stepinfo);

/**
 * Binding point for aclprofCreateStamp.
 */
void *aclprofCreateStamp();

/**
 * Binding point for aclprofDestroyStamp.
 * @param [in] stamp
 */
void aclprofDestroyStamp(void *stamp);

/**
 * Binding point for aclprofPush.
 * @param [in] stamp
 */
aclError aclprofPush(void *stamp);

/**
 * Binding point for aclprofPop.
 */
aclError aclprofPop();

/**
 * Binding point for aclprofRangeStart.
 * @param [in] stamp
 * @param [out] rangeId
 */
aclError aclprofRangeStart(void *stamp, uint32_t *rangeId);

/**
 * Binding point for aclprofRangeStop.
 * @param [in] rangeId
 */
aclError aclprofRangeStop(uint32_t rangeId);

/**
 * Binding point for aclprofSetStampTraceMessage.
 * @param [in] stamp
 * @param [in] msg
 * @param [in] msgLen
 */
aclError aclprofSetStampTraceMessage(void *stamp, const char *msg, uint32_t msgLen);

/**
 * Binding point for aclprofMark.
 * @param [in] stamp
 */
aclError aclprofMark(void *stamp);

/**
 * Binding point for aclprofMarkEx.
 * @param [in] msg
 * @param [in] msgLen
 * @param [in] stream
 */
aclError aclprofMarkEx(const char *msg, size_t msgLen, aclrtStream stream);

/**
 * Binding point for aclprofStr2Id.
 * @param [in] message
 */
uint64_t aclprofStr2Id(const char *message);

/**
 * Binding point for aclprofRangePushEx.
 * @param [in] attr
 */
aclError aclprofRangePushEx(aclprofEventAttributes *attr);

/**
 * Binding point for aclprofRangePop.
 */
aclError aclprofRangePop();

#ifdef __cplusplus
}
#endif

#endif /* ACL_ACL_PROF_H_ */
