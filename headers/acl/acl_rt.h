/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_ACL_RT_H_
#define ACL_ACL_RT_H_

#include <stdint.h>
#include <stddef.h>
#include <stdbool.h>
#include "acl_base_rt.h"

#define ACL_CONTINUE_ON_FAILURE 0U
#define ACL_DEVICE_FORM_FACTOR_A_K 1
#define ACL_DEVICE_FORM_FACTOR_A_X 2
#define ACL_DEVICE_FORM_FACTOR_PCIE_CARD 3
#define ACL_DEVICE_FORM_FACTOR_POD 0
#define ACL_DEV_FEATURE_NOT_SUPPORT 0
#define ACL_DEV_FEATURE_SUPPORT 1
#define ACL_EVENT_CAPTURE_STREAM_PROGRESS 2U
#define ACL_EVENT_DEVICE_USE_ONLY 16U
#define ACL_EVENT_EXTERNAL 32U
#define ACL_EVENT_IPC 64U
#define ACL_EVENT_RECORD_DEFAULT 0U
#define ACL_EVENT_RECORD_EXTERNAL 1U
#define ACL_EVENT_SYNC 1U
#define ACL_EVENT_TIME_LINE 8U
#define ACL_EVENT_WAIT_DEFAULT 0U
#define ACL_EVENT_WAIT_EXTERNAL 1U
#define ACL_HOST_DEVICE_CONNECT_TYPE_HCCS 1
#define ACL_HOST_DEVICE_CONNECT_TYPE_PCIE 0
#define ACL_HOST_DEVICE_CONNECT_TYPE_UB 2
#define ACL_HOST_REG_IOMEMORY 4UL
#define ACL_HOST_REG_MAPPED 2UL
#define ACL_HOST_REG_PINNED 268435456UL
#define ACL_HOST_REG_READONLY 8UL
#define ACL_IPC_EVENT_HANDLE_SIZE 64U
#define ACL_MAJOR_VERSION 1
#define ACL_MDLRI_DEBUG_JSON_PRINT_SUMMARY 0UL
#define ACL_MDLRI_DEBUG_JSON_PRINT_VERBOSE 1UL
#define ACL_MINOR_VERSION 17
#define ACL_NOTIFY_DEFAULT 0U
#define ACL_NOTIFY_DEVICE_USE_ONLY 1U
#define ACL_PATCH_VERSION 0
#define ACL_PKG_VERSION_MAX_SIZE 128
#define ACL_PKG_VERSION_PARTS_MAX_SIZE 64
#define ACL_RT_BINARY_MAGIC_ELF_AICORE 1129660997U
#define ACL_RT_BINARY_MAGIC_ELF_CUBE_CORE 1095320387U
#define ACL_RT_BINARY_MAGIC_ELF_VECTOR_CORE 1094799942U
#define ACL_RT_CMO_MAX_BARRIER_NUM 6U
#define ACL_RT_DEVS_TOPOLOGY_HCCS 1ULL
#define ACL_RT_DEVS_TOPOLOGY_HCCS_SW 64ULL
#define ACL_RT_DEVS_TOPOLOGY_PHB 8ULL
#define ACL_RT_DEVS_TOPOLOGY_PIB 4ULL
#define ACL_RT_DEVS_TOPOLOGY_PIX 2ULL
#define ACL_RT_DEVS_TOPOLOGY_SIO 32ULL
#define ACL_RT_DEVS_TOPOLOGY_SYS 16ULL
#define ACL_RT_IPC_MEM_ATTR_ACCESS_LINK_HCCS 1
#define ACL_RT_IPC_MEM_ATTR_ACCESS_LINK_SIO 0
#define ACL_RT_IPC_MEM_ATTR_ACCESS_LINK_UB_MULTI_PORT_PATH 3
#define ACL_RT_IPC_MEM_ATTR_ACCESS_LINK_UB_ONE_PORT_PATH 2
#define ACL_RT_IPC_MEM_EXPORT_FLAG_DEFAULT 0UL
#define ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION 1UL
#define ACL_RT_IPC_MEM_IMPORT_FLAG_DEFAULT 0UL
#define ACL_RT_IPC_MEM_IMPORT_FLAG_ENABLE_PEER_ACCESS 1UL
#define ACL_RT_MAX_RECORD_PA_NUM_PER_DEV 20U
#define ACL_RT_MEM_ATTACH_GLOBAL 1U
#define ACL_RT_MEM_LINK_IDX_0 0U
#define ACL_RT_MEM_LINK_IDX_1 1U
#define ACL_RT_MEM_TYPE_DEV 2U
#define ACL_RT_MEM_TYPE_DVPP 8U
#define ACL_RT_MEM_TYPE_RSVD 16U
#define ACL_RT_MEM_UCE_INFO_MAX_NUM 20
#define ACL_RT_NOTIFY_EXPORT_FLAG_DEFAULT 0UL
#define ACL_RT_NOTIFY_EXPORT_FLAG_DISABLE_PID_VALIDATION 2UL
#define ACL_RT_NOTIFY_IMPORT_FLAG_DEFAULT 0UL
#define ACL_RT_NOTIFY_IMPORT_FLAG_ENABLE_PEER_ACCESS 2UL
#define ACL_RT_VMM_EXPORT_FLAG_DEFAULT 0UL
#define ACL_RT_VMM_EXPORT_FLAG_DISABLE_PID_VALIDATION 1UL
#define ACL_STOP_ON_FAILURE 1U
#define ACL_STREAM_CPU_SCHEDULE 16U
#define ACL_STREAM_DEVICE_USE_ONLY 32U
#define ACL_STREAM_FAST_LAUNCH 1U
#define ACL_STREAM_FAST_SYNC 2U
#define ACL_STREAM_HUGE 8U
#define ACL_STREAM_PERSISTENT 4U
#define ACL_STREAM_WAIT_VALUE_AND 2U
#define ACL_STREAM_WAIT_VALUE_EQ 1U
#define ACL_STREAM_WAIT_VALUE_GEQ 0U
#define ACL_STREAM_WAIT_VALUE_NOR 3U
#define MAX_MEM_UCE_INFO_ARRAY_SIZE 128
#define UCE_INFO_RESERVED_SIZE 14

#ifdef __cplusplus
extern "C" {
#endif

typedef enum aclrtRunMode {
    ACL_DEVICE = 0,
    ACL_HOST = 1,
} aclrtRunMode;

typedef enum aclrtTsId {
    ACL_TS_ID_AICORE = 0,
    ACL_TS_ID_AIVECTOR = 1,
    ACL_TS_ID_RESERVED = 2,
} aclrtTsId;

typedef enum aclrtEventStatus {
    ACL_EVENT_STATUS_COMPLETE = 0,
    ACL_EVENT_STATUS_NOT_READY = 1,
    ACL_EVENT_STATUS_RESERVED = 2,
} aclrtEventStatus;

typedef enum aclrtEventRecordedStatus {
    ACL_EVENT_RECORDED_STATUS_NOT_READY = 0,
    ACL_EVENT_RECORDED_STATUS_COMPLETE = 1,
} aclrtEventRecordedStatus;

typedef enum aclrtEventWaitStatus {
    ACL_EVENT_WAIT_STATUS_COMPLETE = 0,
    ACL_EVENT_WAIT_STATUS_NOT_READY = 1,
    ACL_EVENT_WAIT_STATUS_RESERVED = 65535,
} aclrtEventWaitStatus;

typedef enum aclrtStreamStatus {
    ACL_STREAM_STATUS_COMPLETE = 0,
    ACL_STREAM_STATUS_NOT_READY = 1,
    ACL_STREAM_STATUS_RESERVED = 65535,
} aclrtStreamStatus;

typedef enum aclrtCallbackBlockType {
    ACL_CALLBACK_NO_BLOCK = 0,
    ACL_CALLBACK_BLOCK = 1,
} aclrtCallbackBlockType;

typedef enum aclrtMemcpyKind {
    ACL_MEMCPY_HOST_TO_HOST = 0,
    ACL_MEMCPY_HOST_TO_DEVICE = 1,
    ACL_MEMCPY_DEVICE_TO_HOST = 2,
    ACL_MEMCPY_DEVICE_TO_DEVICE = 3,
    ACL_MEMCPY_DEFAULT = 4,
    ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE = 5,
    ACL_MEMCPY_INNER_DEVICE_TO_DEVICE = 6,
    ACL_MEMCPY_INTER_DEVICE_TO_DEVICE = 7,
} aclrtMemcpyKind;

typedef enum aclrtMemManagedAdviseType {
    ACL_MEM_ADVISE_SET_READ_MOSTLY = 0,
    ACL_MEM_ADVISE_UNSET_READ_MOSTLY = 1,
    ACL_MEM_ADVISE_SET_PREFERRED_LOCATION = 2,
    ACL_MEM_ADVISE_UNSET_PREFERRED_LOCATION = 3,
    ACL_MEM_ADVISE_SET_ACCESSED_BY = 4,
    ACL_MEM_ADVISE_UNSET_ACCESSED_BY = 5,
} aclrtMemManagedAdviseType;

typedef enum aclrtMemManagedLocationType {
    ACL_MEM_LOCATIONTYPE_INVALID = 0,
    ACL_MEM_LOCATIONTYPE_DEVICE = 1,
    ACL_MEM_LOCATIONTYPE_HOST = 2,
    ACL_MEM_LOCATIONTYPE_HOST_NUMA = 3,
    ACL_MEM_LOCATIONTYPE_HOST_NUMA_CURRENT = 4,
} aclrtMemManagedLocationType;

typedef struct aclrtMemManagedLocation {
    aclrtMemManagedLocationType type;
    int32_t id;
} aclrtMemManagedLocation;

typedef enum aclrtMemMallocPolicy {
    ACL_MEM_MALLOC_HUGE_FIRST = 0,
    ACL_MEM_MALLOC_HUGE_ONLY = 1,
    ACL_MEM_MALLOC_NORMAL_ONLY = 2,
    ACL_MEM_MALLOC_HUGE_FIRST_P2P = 3,
    ACL_MEM_MALLOC_HUGE_ONLY_P2P = 4,
    ACL_MEM_MALLOC_NORMAL_ONLY_P2P = 5,
    ACL_MEM_MALLOC_HUGE1G_ONLY = 6,
    ACL_MEM_MALLOC_HUGE1G_ONLY_P2P = 7,
    ACL_MEM_TYPE_LOW_BAND_WIDTH = 256,
    ACL_MEM_TYPE_HIGH_BAND_WIDTH = 4096,
    ACL_MEM_ACCESS_USER_SPACE_READONLY = 1048576,
} aclrtMemMallocPolicy;

typedef enum {
    ACL_HOST_REGISTER_MAPPED = 0,
    ACL_HOST_REGISTER_IOMEMORY = 4,
    ACL_HOST_REGISTER_READONLY = 8,
} aclrtHostRegisterType;

typedef enum {
    ACL_RT_MEM_ATTR_RSV = 0,
    ACL_RT_MEM_ATTR_MODULE_ID = 1,
    ACL_RT_MEM_ATTR_DEVICE_ID = 2,
    ACL_RT_MEM_ATTR_VA_FLAG = 3,
} aclrtMallocAttrType;

typedef union {
    uint16_t moduleId;
    uint32_t deviceId;
    uint32_t vaFlag;
    uint8_t rsv[8];
} aclrtMallocAttrValue;

typedef struct {
    aclrtMallocAttrType attr;
    aclrtMallocAttrValue value;
} aclrtMallocAttribute;

typedef struct {
    aclrtMallocAttribute *attrs;
    size_t numAttrs;
} aclrtMallocConfig;

typedef struct {
    uint32_t sdid;
    int32_t *pid;
    size_t num;
} aclrtServerPid;

typedef enum aclrtMemAttr {
    ACL_DDR_MEM = 0,
    ACL_HBM_MEM = 1,
    ACL_DDR_MEM_HUGE = 2,
    ACL_DDR_MEM_NORMAL = 3,
    ACL_HBM_MEM_HUGE = 4,
    ACL_HBM_MEM_NORMAL = 5,
    ACL_DDR_MEM_P2P_HUGE = 6,
    ACL_DDR_MEM_P2P_NORMAL = 7,
    ACL_HBM_MEM_P2P_HUGE = 8,
    ACL_HBM_MEM_P2P_NORMAL = 9,
    ACL_HBM_MEM_HUGE1G = 10,
    ACL_HBM_MEM_P2P_HUGE1G = 11,
    ACL_MEM_NORMAL = 12,
    ACL_MEM_HUGE = 13,
    ACL_MEM_HUGE1G = 14,
    ACL_MEM_P2P_NORMAL = 15,
    ACL_MEM_P2P_HUGE = 16,
    ACL_MEM_P2P_HUGE1G = 17,
} aclrtMemAttr;

enum aclrtMemPgType {
    NORMAL_PAGE_TYPE = 0,
    HUGE_PAGE_TYPE = 1,
    HUGE1G_PAGE_TYPE = 2,
};

enum aclrtMemType {
    HBM_TYPE = 0,
    DDR_TYPE = 1,
    P2P_HBM_TYPE = 2,
    P2P_DDR_TYPE = 3,
};

typedef enum {
    ACL_RT_IPC_MEM_ATTR_ACCESS_LINK = 0,
} aclrtIpcMemAttrType;

typedef enum aclrtGroupAttr {
    ACL_GROUP_AICORE_INT = 0,
    ACL_GROUP_AIV_INT = 1,
    ACL_GROUP_AIC_INT = 2,
    ACL_GROUP_SDMANUM_INT = 3,
    ACL_GROUP_ASQNUM_INT = 4,
    ACL_GROUP_GROUPID_INT = 5,
} aclrtGroupAttr;

typedef enum aclrtFloatOverflowMode {
    ACL_RT_OVERFLOW_MODE_SATURATION = 0,
    ACL_RT_OVERFLOW_MODE_INFNAN = 1,
    ACL_RT_OVERFLOW_MODE_UNDEF = 2,
} aclrtFloatOverflowMode;

typedef enum {
    ACL_RT_STREAM_WORK_ADDR_PTR = 0,
    ACL_RT_STREAM_WORK_SIZE = 1,
    ACL_RT_STREAM_FLAG = 2,
    ACL_RT_STREAM_PRIORITY = 3,
} aclrtStreamConfigAttr;

typedef struct aclrtStreamConfigHandle {
    void *workptr;
    size_t workSize;
    size_t flag;
    uint32_t priority;
} aclrtStreamConfigHandle;

typedef struct aclrtUtilizationExtendInfo aclrtUtilizationExtendInfo;

typedef struct aclrtUtilizationInfo {
    int32_t cubeUtilization;
    int32_t vectorUtilization;
    int32_t aicpuUtilization;
    int32_t memoryUtilization;
    aclrtUtilizationExtendInfo *utilizationExtend;
} aclrtUtilizationInfo;

typedef struct tagRtGroupInfo aclrtGroupInfo;

typedef struct rtExceptionInfo aclrtExceptionInfo;

typedef enum aclrtMemLocationType {
    ACL_MEM_LOCATION_TYPE_HOST = 0,
    ACL_MEM_LOCATION_TYPE_DEVICE = 1,
    ACL_MEM_LOCATION_TYPE_UNREGISTERED = 2,
    ACL_MEM_LOCATION_TYPE_MANAGED = 3,
    ACL_MEM_LOCATION_TYPE_HOST_NUMA = 4,
} aclrtMemLocationType;

typedef struct aclrtMemLocation {
    uint32_t id;
    aclrtMemLocationType type;
} aclrtMemLocation;

typedef struct aclrtPtrAttributes {
    aclrtMemLocation location;
    uint32_t pageSize;
    uint32_t rsv[4];
} aclrtPtrAttributes;

typedef struct aclrtMemUsageInfo {
    char name[32];
    uint64_t curMemSize;
    uint64_t memPeakSize;
    size_t reserved[8];
} aclrtMemUsageInfo;

typedef enum aclrtMemManagedRangeAttribute {
    ACL_MEM_RANGE_ATTRIBUTE_READ_MOSTLY = 1,
    ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION = 2,
    ACL_MEM_RANGE_ATTRIBUTE_ACCESSED_BY = 3,
    ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE = 4,
    ACL_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_ID = 5,
    ACL_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION = 6,
    ACL_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_TYPE = 7,
    ACL_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION_ID = 8,
} aclrtMemManagedRangeAttribute;

typedef enum aclrtMemAllocationType {
    ACL_MEM_ALLOCATION_TYPE_PINNED = 0,
} aclrtMemAllocationType;

typedef enum aclrtMemHandleType {
    ACL_MEM_HANDLE_TYPE_NONE = 0,
    ACL_MEM_HANDLE_TYPE_POSIX = 2,
} aclrtMemHandleType;

typedef enum aclrtMemSharedHandleType {
    ACL_MEM_SHARE_HANDLE_TYPE_DEFAULT = 1,
    ACL_MEM_SHARE_HANDLE_TYPE_FABRIC = 2,
} aclrtMemSharedHandleType;

typedef struct aclrtMemFabricHandle {
    uint8_t data[128];
} aclrtMemFabricHandle;

typedef struct aclrtPhysicalMemProp {
    aclrtMemHandleType handleType;
    aclrtMemAllocationType allocationType;
    aclrtMemAttr memAttr;
    aclrtMemLocation location;
    uint64_t reserve;
} aclrtPhysicalMemProp;

typedef enum aclrtMemGranularityOptions {
    ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM = 0,
    ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED = 1,
    ACL_RT_MEM_ALLOC_GRANULARITY_UNDEF = 65535,
} aclrtMemGranularityOptions;

typedef void *aclrtDrvMemHandle;

typedef void (*aclrtCallback)(void *);

typedef void (*aclrtHostFunc)(void *);

typedef void (*aclrtExceptionInfoCallback)(aclrtExceptionInfo *);

typedef void (*aclrtOpExceptionCallback)(aclrtExceptionInfo *, void *);

typedef enum aclrtDeviceStatus {
    ACL_RT_DEVICE_STATUS_NORMAL = 0,
    ACL_RT_DEVICE_STATUS_ABNORMAL = 1,
    ACL_RT_DEVICE_STATUS_END = 65535,
} aclrtDeviceStatus;

typedef void *aclrtBinary;

typedef void *aclrtBinHandle;

typedef void *aclrtFuncHandle;

typedef void *aclrtArgsHandle;

typedef void *aclrtParamHandle;

typedef void *aclmdlRI;

typedef enum {
    ACL_MODEL_RI_CAPTURE_MODE_GLOBAL = 0,
    ACL_MODEL_RI_CAPTURE_MODE_THREAD_LOCAL = 1,
    ACL_MODEL_RI_CAPTURE_MODE_RELAXED = 2,
} aclmdlRICaptureMode;

typedef enum {
    ACL_MODEL_RI_CAPTURE_STATUS_NONE = 0,
    ACL_MODEL_RI_CAPTURE_STATUS_ACTIVE = 1,
    ACL_MODEL_RI_CAPTURE_STATUS_INVALIDATED = 2,
} aclmdlRICaptureStatus;

typedef struct aclrtMemUceInfo {
    void *addr;
    size_t len;
    size_t reserved[UCE_INFO_RESERVED_SIZE];
} aclrtMemUceInfo;

typedef enum {
    ACL_RT_NO_ERROR = 0,
    ACL_RT_ERROR_MEMORY = 1,
    ACL_RT_ERROR_L2 = 2,
    ACL_RT_ERROR_AICORE = 3,
    ACL_RT_ERROR_LINK = 4,
    ACL_RT_ERROR_L3_PORT = 5,
    ACL_RT_ERROR_OTHERS = 65535,
} aclrtErrorType;

typedef enum aclrtAicoreErrorType {
    ACL_RT_AICORE_ERROR_UNKNOWN = 0,
    ACL_RT_AICORE_ERROR_SW = 1,
    ACL_RT_AICORE_ERROR_HW_LOCAL = 2,
} aclrtAicoreErrorType;

typedef struct {
    size_t arraySize;
    aclrtMemUceInfo memUceInfoArray[ACL_RT_MEM_UCE_INFO_MAX_NUM];
} aclrtMemUceInfoArray;

typedef union aclrtErrorInfoDetail {
    aclrtMemUceInfoArray uceInfo;
    aclrtAicoreErrorType aicoreErrType;
} aclrtErrorInfoDetail;

typedef struct aclrtErrorInfo {
    uint8_t tryRepair;
    uint8_t hasDetail;
    uint8_t reserved[2];
    aclrtErrorType errorType;
    aclrtErrorInfoDetail detail;
} aclrtErrorInfo;

typedef enum aclrtCmoType {
    ACL_RT_CMO_TYPE_PREFETCH = 0,
    ACL_RT_CMO_TYPE_WRITEBACK = 1,
    ACL_RT_CMO_TYPE_INVALID = 2,
    ACL_RT_CMO_TYPE_FLUSH = 3,
} aclrtCmoType;

typedef enum aclrtLastErrLevel {
    ACL_RT_THREAD_LEVEL = 0,
} aclrtLastErrLevel;

typedef enum aclrtBinaryLoadOptionType {
    ACL_RT_BINARY_LOAD_OPT_LAZY_LOAD = 1,
    ACL_RT_BINARY_LOAD_OPT_LAZY_MAGIC = 2,
    ACL_RT_BINARY_LOAD_OPT_MAGIC = 2,
    ACL_RT_BINARY_LOAD_OPT_CPU_KERNEL_MODE = 3,
} aclrtBinaryLoadOptionType;

typedef union aclrtBinaryLoadOptionValue {
    uint32_t isLazyLoad;
    uint32_t magic;
    int32_t cpuKernelMode;
    uint32_t rsv[4];
} aclrtBinaryLoadOptionValue;

typedef struct {
    aclrtBinaryLoadOptionType type;
    aclrtBinaryLoadOptionValue value;
} aclrtBinaryLoadOption;

typedef struct aclrtBinaryLoadOptions {
    aclrtBinaryLoadOption *options;
    size_t numOpt;
} aclrtBinaryLoadOptions;

typedef enum {
    ACL_RT_ENGINE_TYPE_AIC = 0,
    ACL_RT_ENGINE_TYPE_AIV = 1,
} aclrtEngineType;

typedef struct dim3 {
    uint32_t x;
    uint32_t y;
    uint32_t z;
} dim3;

typedef enum aclrtLaunchKernelAttrId {
    ACL_RT_LAUNCH_KERNEL_ATTR_SCHEM_MODE = 1,
    ACL_RT_LAUNCH_KERNEL_ATTR_LOCAL_MEMORY_SIZE = 2,  /* deprecated */
    ACL_RT_LAUNCH_KERNEL_ATTR_DYN_UBUF_SIZE = 2,
    ACL_RT_LAUNCH_KERNEL_ATTR_ENGINE_TYPE = 3,
    ACL_RT_LAUNCH_KERNEL_ATTR_BLOCKDIM_OFFSET = 4,
    ACL_RT_LAUNCH_KERNEL_ATTR_BLOCK_TASK_PREFETCH = 5,
    ACL_RT_LAUNCH_KERNEL_ATTR_DATA_DUMP = 6,
    ACL_RT_LAUNCH_KERNEL_ATTR_TIMEOUT = 7,
    ACL_RT_LAUNCH_KERNEL_ATTR_TIMEOUT_US = 8,
    ACL_RT_LAUNCH_KERNEL_ATTR_ENABLE_PROFILING = 9,
} aclrtLaunchKernelAttrId;

typedef struct {
    uint32_t timeoutLow;
    uint32_t timeoutHigh;
} aclrtTimeoutUs;

typedef union aclrtLaunchKernelAttrValue {
    uint8_t schemMode;
    uint32_t localMemorySize;  /* deprecated */
    uint32_t dynUBufSize;
    aclrtEngineType engineType;
    uint32_t blockDimOffset;
    uint8_t isBlockTaskPrefetch;
    uint8_t isDataDump;
    uint16_t timeout;
    aclrtTimeoutUs timeoutUs;
    uint8_t enableProfiling;
    uint32_t rsv[4];
} aclrtLaunchKernelAttrValue;

typedef struct aclrtLaunchKernelAttr {
    aclrtLaunchKernelAttrId id;
    aclrtLaunchKernelAttrValue value;
} aclrtLaunchKernelAttr;

typedef struct aclrtLaunchKernelCfg {
    aclrtLaunchKernelAttr *attrs;
    size_t numAttrs;
} aclrtLaunchKernelCfg;

typedef enum {
    ACL_STREAM_ATTR_FAILURE_MODE = 1,
    ACL_STREAM_ATTR_FLOAT_OVERFLOW_CHECK = 2,
    ACL_STREAM_ATTR_USER_CUSTOM_TAG = 3,
    ACL_STREAM_ATTR_CACHE_OP_INFO = 4,
    ACL_STREAM_ATTR_PRIORITY = 5,
} aclrtStreamAttr;

typedef union {
    uint64_t failureMode;
    uint32_t overflowSwitch;
    uint32_t userCustomTag;
    uint32_t cacheOpInfoSwitch;
    uint32_t streamPriority;
    uint32_t reserve[4];
} aclrtStreamAttrValue;

typedef enum aclmdlRITaskType {
    ACL_MODEL_RI_TASK_DEFAULT = 0,
    ACL_MODEL_RI_TASK_KERNEL = 1,
    ACL_MODEL_RI_TASK_EVENT_RECORD = 2,
    ACL_MODEL_RI_TASK_EVENT_WAIT = 3,
    ACL_MODEL_RI_TASK_EVENT_RESET = 4,
    ACL_MODEL_RI_TASK_VALUE_WRITE = 5,
    ACL_MODEL_RI_TASK_VALUE_WAIT = 6,
} aclmdlRITaskType;

typedef struct aclmdlRIKernelTaskParams {
    aclrtFuncHandle funcHandle;
    aclrtLaunchKernelCfg *cfg;
    void *args;
    uint32_t isHostArgs;
    size_t argsSize;
    uint32_t numBlocks;
    uint32_t rsv[10];
} aclmdlRIKernelTaskParams;

typedef struct aclmdlRIEventRecordTaskParams {
    aclrtEvent event;
    uint32_t eventFlag;
    uint32_t recordFlag;
} aclmdlRIEventRecordTaskParams;

typedef struct aclmdlRIEventWaitTaskParams {
    aclrtEvent event;
    uint32_t eventFlag;
    uint32_t waitFlag;
} aclmdlRIEventWaitTaskParams;

typedef struct aclmdlRIEventResetTaskParams {
    aclrtEvent event;
    uint32_t eventFlag;
    uint32_t resetFlag;
} aclmdlRIEventResetTaskParams;

typedef struct aclmdlRIValueWriteTaskParams {
    void *devAddr;
    uint64_t value;
} aclmdlRIValueWriteTaskParams;

typedef struct aclmdlRIValueWaitTaskParams {
    void *devAddr;
    uint64_t value;
    uint32_t flag;
} aclmdlRIValueWaitTaskParams;

typedef struct aclmdlRITaskParams {
    aclmdlRITaskType type;
    uint32_t rsv0[3];
    aclrtTaskGrp taskGrp;
    void *opInfoPtr;
    size_t opInfoSize;
    uint8_t rsv1[32];
    union {
        uint8_t rsv2[128];
        struct aclmdlRIKernelTaskParams kernelTaskParams;
        struct aclmdlRIEventRecordTaskParams eventRecordTaskParams;
        struct aclmdlRIEventWaitTaskParams eventWaitTaskParams;
        struct aclmdlRIEventResetTaskParams eventResetTaskParams;
        struct aclmdlRIValueWriteTaskParams valueWriteTaskParams;
        struct aclmdlRIValueWaitTaskParams valueWaitTaskParams;
    };
} aclmdlRITaskParams;

typedef enum {
    ACL_DEV_ATTR_AICPU_CORE_NUM = 1,
    ACL_DEV_ATTR_AICORE_CORE_NUM = 101,
    ACL_DEV_ATTR_CUBE_CORE_NUM = 102,
    ACL_DEV_ATTR_VECTOR_CORE_NUM = 201,
    ACL_DEV_ATTR_WARP_SIZE = 202,
    ACL_DEV_ATTR_MAX_THREAD_PER_VECTOR_CORE = 203,
    ACL_DEV_ATTR_LOCAL_MEM_PER_VECTOR_CORE = 204,  /* deprecated */
    ACL_DEV_ATTR_UBUF_PER_VECTOR_CORE = 204,
    ACL_DEV_ATTR_MAX_GRID_DIM_X = 205,
    ACL_DEV_ATTR_MAX_GRID_DIM_Y = 206,
    ACL_DEV_ATTR_MAX_GRID_DIM_Z = 207,
    ACL_DEV_ATTR_MAX_BLOCK_PER_GRID = 208,
    ACL_DEV_ATTR_MAX_THREADS_PER_BLOCK = 209,
    ACL_DEV_ATTR_MAX_BLOCK_DIM_X = 210,
    ACL_DEV_ATTR_MAX_BLOCK_DIM_Y = 211,
    ACL_DEV_ATTR_MAX_BLOCK_DIM_Z = 212,
    ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE = 301,
    ACL_DEV_ATTR_L2_CACHE_SIZE = 302,
    ACL_DEV_ATTR_SMP_ID = 401,
    ACL_DEV_ATTR_PHY_CHIP_ID = 402,
    ACL_DEV_ATTR_SUPER_POD_DEVIDE_ID = 403,
    ACL_DEV_ATTR_SUPER_POD_DEVICE_ID = 403,
    ACL_DEV_ATTR_SUPER_POD_SERVER_ID = 404,
    ACL_DEV_ATTR_SUPER_POD_ID = 405,
    ACL_DEV_ATTR_CUST_OP_PRIVILEGE = 406,
    ACL_DEV_ATTR_MAINBOARD_ID = 407,
    ACL_DEV_ATTR_HD_CONNECT_TYPE = 408,
    ACL_DEV_ATTR_DEVICE_FORM_FACTOR = 409,
    ACL_DEV_ATTR_IS_VIRTUAL = 501,
    ACL_DEV_ATTR_NPU_ARCH = 601,
} aclrtDevAttr;

typedef enum {
    ACL_FEATURE_TSCPU_TASK_UPDATE_SUPPORT_AIC_AIV = 1,
    ACL_FEATURE_SYSTEM_MEMQ_EVENT_CROSS_DEV = 21,
} aclrtDevFeatureType;

typedef enum {
    ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM = 10,
    ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX = 11,
    ACL_RT_MEMCPY_SDMA_AUTOMATIC_MIN = 12,
    ACL_RT_MEMCPY_SDMA_AUTOMATIC_EQUAL = 13,
} aclrtReduceKind;

typedef enum {
    ACL_RT_DEV_RES_CUBE_CORE = 0,
    ACL_RT_DEV_RES_VECTOR_CORE = 1,
} aclrtDevResLimitType;

typedef enum {
    ACL_RT_EQUAL = 0,
    ACL_RT_NOT_EQUAL = 1,
    ACL_RT_GREATER = 2,
    ACL_RT_GREATER_OR_EQUAL = 3,
    ACL_RT_LESS = 4,
    ACL_RT_LESS_OR_EQUAL = 5,
} aclrtCondition;

typedef enum {
    ACL_RT_SWITCH_INT32 = 0,
    ACL_RT_SWITCH_INT64 = 1,
} aclrtCompareDataType;

typedef struct {
    aclrtCmoType cmoType;
    uint32_t barrierId;
} aclrtBarrierCmoInfo;

typedef struct {
    size_t barrierNum;
    aclrtBarrierCmoInfo cmoInfo[ACL_RT_CMO_MAX_BARRIER_NUM];
} aclrtBarrierTaskInfo;

typedef struct {
    aclrtMemLocation dstLoc;
    aclrtMemLocation srcLoc;
    uint8_t rsv[16];
} aclrtMemcpyBatchAttr;

typedef struct {
    uint32_t addrOffset;
    uint32_t dataOffset;
} aclrtPlaceHolderInfo;

typedef struct {
    uint8_t isAddr;
    uint8_t valueOrAddr[8];
    uint8_t size;
    uint8_t rsv[6];
} aclrtRandomParaInfo;

typedef struct {
    aclrtRandomParaInfo dropoutRation;
} aclrtDropoutBitmaskInfo;

typedef struct {
    aclrtRandomParaInfo min;
    aclrtRandomParaInfo max;
} aclrtUniformDisInfo;

typedef struct {
    aclrtRandomParaInfo mean;
    aclrtRandomParaInfo stddev;
} aclrtNormalDisInfo;

typedef enum {
    ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK = 0,
    ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS = 1,
    ACL_RT_RANDOM_NUM_FUNC_TYPE_NORMAL_DIS = 2,
    ACL_RT_RANDOM_NUM_FUNC_TYPE_TRUNCATED_NORMAL_DIS = 3,
} aclrtRandomNumFuncType;

typedef struct {
    aclrtRandomNumFuncType funcType;
    union {
        aclrtDropoutBitmaskInfo dropoutBitmaskInfo;
        aclrtUniformDisInfo uniformDisInfo;
        aclrtNormalDisInfo normalDisInfo;
    } paramInfo;
} aclrtRandomNumFuncParaInfo;

typedef struct {
    aclDataType dataType;
    aclrtRandomNumFuncParaInfo randomNumFuncParaInfo;
    void *randomParaAddr;
    void *randomResultAddr;
    void *randomCounterAddr;
    aclrtRandomParaInfo randomSeed;
    aclrtRandomParaInfo randomNum;
    uint8_t rsv[8];
} aclrtRandomNumTaskInfo;

typedef enum {
    ACL_RT_DEVICE_TASK_ABORT_PRE = 0,
    ACL_RT_DEVICE_TASK_ABORT_POST = 1,
} aclrtDeviceTaskAbortStage;

typedef enum {
    ACL_RT_UPDATE_RANDOM_TASK = 1,
    ACL_RT_UPDATE_AIC_AIV_TASK = 2,
} aclrtUpdateTaskAttrId;

typedef struct {
    void *srcAddr;
    size_t size;
    uint32_t rsv[4];
} aclrtRandomTaskUpdateAttr;

typedef struct {
    void *binHandle;
    void *funcEntryAddr;
    void *blockDimAddr;
    uint32_t rsv[4];
} aclrtAicAivTaskUpdateAttr;

typedef union {
    aclrtRandomTaskUpdateAttr randomTaskAttr;
    aclrtAicAivTaskUpdateAttr aicAivTaskAttr;
} aclrtUpdateTaskAttrVal;

typedef struct {
    aclrtUpdateTaskAttrId id;
    aclrtUpdateTaskAttrVal val;
} aclrtTaskUpdateInfo;

typedef enum {
    ACL_RT_DEVICE_STATE_SET_PRE = 0,
    ACL_RT_DEVICE_STATE_SET_POST = 1,
    ACL_RT_DEVICE_STATE_RESET_PRE = 2,
    ACL_RT_DEVICE_STATE_RESET_POST = 3,
} aclrtDeviceState;

typedef void (*aclrtDeviceStateCallback)(int32_t, aclrtDeviceState, void *);

typedef enum {
    ACL_RT_SNAPSHOT_LOCK_PRE = 0,
    ACL_RT_SNAPSHOT_BACKUP_PRE = 1,
    ACL_RT_SNAPSHOT_BACKUP_POST = 2,
    ACL_RT_SNAPSHOT_RESTORE_PRE = 3,
    ACL_RT_SNAPSHOT_RESTORE_POST = 4,
    ACL_RT_SNAPSHOT_UNLOCK_POST = 5,
} aclrtSnapShotStage;

typedef uint32_t (*aclrtSnapShotCallBack)(int32_t, void *);

typedef struct aclrtSnapShotBackupArgs {
    uint32_t backupFlags;
    char reserved[60];
} aclrtSnapShotBackupArgs;

typedef struct aclrtSnapShotRestoreArgs {
    uint32_t restoreFlags;
    char reserved[60];
} aclrtSnapShotRestoreArgs;

typedef struct aclrtUuid {
    char bytes[16];
} aclrtUuid;

typedef enum {
    ACL_RT_STREAM_STATE_CREATE_POST = 1,
    ACL_RT_STREAM_STATE_DESTROY_PRE = 2,
} aclrtStreamState;

typedef void (*aclrtStreamStateCallback)(aclrtStream, aclrtStreamState, void *);

typedef int32_t (*aclrtDeviceTaskAbortCallback)(int32_t, aclrtDeviceTaskAbortStage, uint32_t, void *);

typedef enum {
    ACL_FUNC_ATTR_KERNEL_TYPE = 1,
    ACL_FUNC_ATTR_KERNEL_RATIO = 2,
    ACL_FUNC_ATTR_KERNEL_SCHED_MODE = 3,
} aclrtFuncAttribute;

typedef enum {
    ACL_KERNEL_TYPE_AICORE = 0,
    ACL_KERNEL_TYPE_CUBE = 1,
    ACL_KERNEL_TYPE_VECTOR = 2,
    ACL_KERNEL_TYPE_MIX = 3,
    ACL_KERNEL_TYPE_AICPU = 100,
} aclrtKernelType;

typedef enum {
    ACL_RT_CNT_NOTIFY_RECORD_SET_VALUE_MODE = 0,
    ACL_RT_CNT_NOTIFY_RECORD_ADD_MODE = 1,
    ACL_RT_CNT_NOTIFY_RECORD_BIT_OR_MODE = 2,
    ACL_RT_CNT_NOTIFY_RECORD_BIT_AND_MODE = 4,
} aclrtCntNotifyRecordMode;

typedef struct {
    aclrtCntNotifyRecordMode mode;
    uint32_t value;
} aclrtCntNotifyRecordInfo;

typedef enum {
    ACL_RT_CNT_NOTIFY_WAIT_LESS_MODE = 0,
    ACL_RT_CNT_NOTIFY_WAIT_EQUAL_MODE = 1,
    ACL_RT_CNT_NOTIFY_WAIT_BIGGER_MODE = 2,
    ACL_RT_CNT_NOTIFY_WAIT_BIGGER_OR_EQUAL_MODE = 3,
    ACL_RT_CNT_NOTIFY_WAIT_EQUAL_WITH_BITMASK_MODE = 4,
} aclrtCntNotifyWaitMode;

typedef struct {
    aclrtCntNotifyWaitMode mode;
    uint32_t value;
    uint32_t timeout;
    uint8_t isClear;
    uint8_t rsv[3];
} aclrtCntNotifyWaitInfo;

typedef enum {
    ACL_RT_MEM_ACCESS_FLAGS_NONE = 0,
    ACL_RT_MEM_ACCESS_FLAGS_READ = 1,
    ACL_RT_MEM_ACCESS_FLAGS_READWRITE = 3,
} aclrtMemAccessFlags;

typedef struct {
    aclrtMemAccessFlags flags;
    aclrtMemLocation location;
    uint8_t rsv[12];
} aclrtMemAccessDesc;

typedef enum aclCANNPackageName {
    ACL_PKG_NAME_CANN = 0,
    ACL_PKG_NAME_RUNTIME = 1,
    ACL_PKG_NAME_COMPILER = 2,
    ACL_PKG_NAME_HCCL = 3,
    ACL_PKG_NAME_TOOLKIT = 4,
    ACL_PKG_NAME_OPP = 5,
    ACL_PKG_NAME_OPP_KERNEL = 6,
    ACL_PKG_NAME_DRIVER = 7,
} aclCANNPackageName;

typedef struct aclCANNPackageVersion {
    char version[ACL_PKG_VERSION_MAX_SIZE];
    char majorVersion[ACL_PKG_VERSION_PARTS_MAX_SIZE];
    char minorVersion[ACL_PKG_VERSION_PARTS_MAX_SIZE];
    char releaseVersion[ACL_PKG_VERSION_PARTS_MAX_SIZE];
    char patchVersion[ACL_PKG_VERSION_PARTS_MAX_SIZE];
    char reserved[ACL_PKG_VERSION_MAX_SIZE];
} aclCANNPackageVersion;

typedef enum {
    ACL_RT_HAC_TYPE_STARS = 0,
    ACL_RT_HAC_TYPE_AICPU = 1,
    ACL_RT_HAC_TYPE_AIC = 2,
    ACL_RT_HAC_TYPE_AIV = 3,
    ACL_RT_HAC_TYPE_PCIEDMA = 4,
    ACL_RT_HAC_TYPE_RDMA = 5,
    ACL_RT_HAC_TYPE_SDMA = 6,
    ACL_RT_HAC_TYPE_DVPP = 7,
    ACL_RT_HAC_TYPE_UDMA = 8,
    ACL_RT_HAC_TYPE_CCU = 9,
} aclrtHacType;

typedef enum {
    ACL_RT_HOST_MEM_MAP_NOT_SUPPORTED = 0,
    ACL_RT_HOST_MEM_MAP_SUPPORTED = 1,
} aclrtHostMemMapCapability;

typedef enum {
    ACL_RT_MEM_ACCESS_LINK_SIO = 0,
    ACL_RT_MEM_ACCESS_LINK_HCCS = 1,
    ACL_RT_MEM_ACCESS_UB_ONE_PORT_PATH = 2,
    ACL_RT_MEM_ACCESS_UB_MULTI_PORT_PATH = 3,
} aclrtMemLinkType;

typedef struct aclrtIpcEventHandle {
    char reserved[ACL_IPC_EVENT_HANDLE_SIZE];
} aclrtIpcEventHandle;

struct MemAttrMapping {
    uint32_t pgType;
    uint32_t memType;
    bool isHostAlloc;
    aclrtMemAttr memAttr;
};

typedef enum aclrtAtomicOperationCapability {
    ACL_RT_ATOMIC_CAPABILITY_SIGNED = 1,
    ACL_RT_ATOMIC_CAPABILITY_UNSIGNED = 2,
    ACL_RT_ATOMIC_CAPABILITY_REDUCATION = 4,
    ACL_RT_ATOMIC_CAPABILITY_REDUCTION = 4,
    ACL_RT_ATOMIC_CAPABILITY_SCALAR8 = 8,
    ACL_RT_ATOMIC_CAPABILITY_SCALAR16 = 16,
    ACL_RT_ATOMIC_CAPABILITY_SCALAR32 = 32,
    ACL_RT_ATOMIC_CAPABILITY_SCALAR64 = 64,
    ACL_RT_ATOMIC_CAPABILITY_SCALAR128 = 128,
    ACL_RT_ATOMIC_CAPABILITY_VECTOR32X4 = 256,
} aclrtAtomicOperationCapability;

typedef enum aclrtAtomicOperation {
    ACL_RT_ATOMIC_OPERATION_INTEGER_ADD = 0,
    ACL_RT_ATOMIC_OPERATION_INTEGER_MIN = 1,
    ACL_RT_ATOMIC_OPERATION_INTEGER_MAX = 2,
    ACL_RT_ATOMIC_OPERATION_INTEGER_INCREMENT = 3,
    ACL_RT_ATOMIC_OPERATION_INTEGER_DECREMENT = 4,
    ACL_RT_ATOMIC_OPERATION_AND = 5,
    ACL_RT_ATOMIC_OPERATION_OR = 6,
    ACL_RT_ATOMIC_OPERATION_XOR = 7,
    ACL_RT_ATOMIC_OPERATION_EXCHANGE = 8,
    ACL_RT_ATOMIC_OPERATION_CAS = 9,
    ACL_RT_ATOMIC_OPERATION_FLOAT_ADD = 10,
    ACL_RT_ATOMIC_OPERATION_FLOAT_MIN = 11,
    ACL_RT_ATOMIC_OPERATION_FLOAT_MAX = 12,
    ACL_RT_ATOMIC_OPERATION_DMA_ADD = 30,
    ACL_RT_ATOMIC_OPERATION_DMA_MIN = 31,
    ACL_RT_ATOMIC_OPERATION_DMA_MAX = 32,
    ACL_RT_ATOMIC_OPERATION_SIMD_SCALAR_ADD = 40,
    ACL_RT_ATOMIC_OPERATION_SIMD_SCALAR_MIN = 41,
    ACL_RT_ATOMIC_OPERATION_SIMD_SCALAR_MAX = 42,
    ACL_RT_ATOMIC_OPERATION_SIMD_SCALAR_CAS = 43,
    ACL_RT_ATOMIC_OPERATION_SIMD_SCALAR_EXCH = 44,
} aclrtAtomicOperation;

typedef void *aclmdlRICondHandle;

typedef enum {
    ACL_MODEL_RI_COND_HANDLE_ASSIGN_DEFAULT = 1,
} aclmdlRICondHandleFlag;

typedef enum {
    ACL_MODEL_RI_COND_TYPE_IF = 0,
    ACL_MODEL_RI_COND_TYPE_WHILE = 1,
    ACL_MODEL_RI_COND_TYPE_SWITCH = 2,
} aclmdlRICondTaskType;

typedef struct tagAclmdlRICondTaskParams {
    aclmdlRICondHandle handle;
    aclmdlRICondTaskType type;
    uint32_t size;
    aclmdlRI *modelRIArray;
} aclmdlRICondTaskParams;

/**
 * Binding point for aclInit.
 * @param [in] configPath
 */
aclError aclInit(const char *configPath);

/**
 * Binding point for aclFinalize.
 */
aclError aclFinalize();

/**
 * Binding point for aclFinalizeReference.
 * @param [in,out] refCount
 */
aclError aclFinalizeReference(uint64_t *refCount);

/**
 * Binding point for aclGetRecentErrMsg.
 */
const char *aclGetRecentErrMsg();

/**
 * Binding point for aclsysGetCANNVersion.
 * @param [in] name
 * @param [out] version
 */
ACL_DEPRECATED aclError aclsysGetCANNVersion(aclCANNPackageName name, aclCANNPackageVersion *version);

/**
 * Binding point for aclsysGetVersionStr.
 * @param [in] pkgName
 * @param [out] versionStr
 */
aclError aclsysGetVersionStr(char *pkgName, char *versionStr);

/**
 * Binding point for aclsysGetVersionNum.
 * @param [in] pkgName
 * @param [out] versionNum
 */
aclError aclsysGetVersionNum(char *pkgName, int32_t *versionNum);

/**
 * Binding point for aclrtPeekAtLastError.
 * @param [in] level
 */
aclError aclrtPeekAtLastError(aclrtLastErrLevel level);

/**
 * Binding point for aclrtGetLastError.
 * @param [in] level
 */
aclError aclrtGetLastError(aclrtLastErrLevel level);

/**
 * Binding point for aclrtSetExceptionInfoCallback.
 * @param [in] callback
 */
ACL_DEPRECATED aclError aclrtSetExceptionInfoCallback(aclrtExceptionInfoCallback callback);

/**
 * Binding point for aclrtExceptionInfoCallbackRegister.
 * @param [in] callback
 */
aclError aclrtExceptionInfoCallbackRegister(aclrtExceptionInfoCallback callback);

/**
 * Binding point for aclrtExceptionInfoCallbackUnregister.
 * @param [in] callback
 */
aclError aclrtExceptionInfoCallbackUnregister(aclrtExceptionInfoCallback callback);

/**
 * Binding point for aclrtGetTaskIdFromExceptionInfo.
 * @param [in] info
 */
uint32_t aclrtGetTaskIdFromExceptionInfo(const aclrtExceptionInfo *info);

/**
 * Binding point for aclrtGetStreamIdFromExceptionInfo.
 * @param [in] info
 */
uint32_t aclrtGetStreamIdFromExceptionInfo(const aclrtExceptionInfo *info);

/**
 * Binding point for aclrtGetThreadIdFromExceptionInfo.
 * @param [in] info
 */
uint32_t aclrtGetThreadIdFromExceptionInfo(const aclrtExceptionInfo *info);

/**
 * Binding point for aclrtGetDeviceIdFromExceptionInfo.
 * @param [in] info
 */
uint32_t aclrtGetDeviceIdFromExceptionInfo(const aclrtExceptionInfo *info);

/**
 * Binding point for aclrtGetErrorCodeFromExceptionInfo.
 * @param [in] info
 */
uint32_t aclrtGetErrorCodeFromExceptionInfo(const aclrtExceptionInfo *info);

/**
 * Binding point for aclrtGetArgsFromExceptionInfo.
 * @param [in] info
 * @param [out] devArgsPtr (inferred)
 * @param [out] devArgsLen (inferred)
 */
aclError aclrtGetArgsFromExceptionInfo(const aclrtExceptionInfo *info, void **devArgsPtr, uint32_t *devArgsLen);

/**
 * Binding point for aclrtGetFuncHandleFromExceptionInfo.
 * @param [in] info
 * @param [out] func (inferred)
 */
aclError aclrtGetFuncHandleFromExceptionInfo(const aclrtExceptionInfo *info, aclrtFuncHandle *func);

/**
 * Binding point for aclrtBinarySetExceptionCallback.
 * @param [in] binHandle (inferred)
 * @param [in] callback (inferred)
 * @param [in] userData (inferred)
 */
aclError aclrtBinarySetExceptionCallback(aclrtBinHandle binHandle, aclrtOpExceptionCallback callback, void *userData);

/**
 * Binding point for aclrtSubscribeReport.
 * @param [in] threadId
 * @param [in] stream
 */
aclError aclrtSubscribeReport(uint64_t threadId, aclrtStream stream);

/**
 * Binding point for aclrtLaunchCallback.
 * @param [in] fn
 * @param [in] userData
 * @param [in] blockType
 * @param [in] stream
 */
aclError aclrtLaunchCallback(aclrtCallback fn, void *userData, aclrtCallbackBlockType blockType, aclrtStream stream);

/**
 * Binding point for aclrtProcessReport.
 * @param [in] timeout
 */
aclError aclrtProcessReport(int32_t timeout);

/**
 * Binding point for aclrtUnSubscribeReport.
 * @param [in] threadId
 * @param [in] stream
 */
aclError aclrtUnSubscribeReport(uint64_t threadId, aclrtStream stream);

/**
 * Binding point for aclrtCreateContext.
 * @param [out] context
 * @param [in] deviceId
 */
aclError aclrtCreateContext(aclrtContext *context, int32_t deviceId);

/**
 * Binding point for aclrtDestroyContext.
 * @param [in] context
 */
aclError aclrtDestroyContext(aclrtContext context);

/**
 * Binding point for aclrtSetCurrentContext.
 * @param [in] context
 */
aclError aclrtSetCurrentContext(aclrtContext context);

/**
 * Binding point for aclrtGetCurrentContext.
 * @param [out] context
 */
aclError aclrtGetCurrentContext(aclrtContext *context);

/**
 * Binding point for aclrtCtxGetSysParamOpt.
 * @param [in] opt
 * @param [out] value
 */
aclError aclrtCtxGetSysParamOpt(aclSysParamOpt opt, int64_t *value);

/**
 * Binding point for aclrtCtxSetSysParamOpt.
 * @param [in] opt
 * @param [in] value
 */
aclError aclrtCtxSetSysParamOpt(aclSysParamOpt opt, int64_t value);

/**
 * Binding point for aclrtGetSysParamOpt.
 * @param [in] opt
 * @param [out] value
 */
aclError aclrtGetSysParamOpt(aclSysParamOpt opt, int64_t *value);

/**
 * Binding point for aclrtSetSysParamOpt.
 * @param [in] opt
 * @param [in] value
 */
aclError aclrtSetSysParamOpt(aclSysParamOpt opt, int64_t value);

/**
 * Binding point for aclrtSetDevice.
 * @param [in] deviceId
 */
aclError aclrtSetDevice(int32_t deviceId);

/**
 * Binding point for aclrtResetDevice.
 * @param [in] deviceId
 */
aclError aclrtResetDevice(int32_t deviceId);

/**
 * Binding point for aclrtResetDeviceForce.
 * @param [in] deviceId
 */
aclError aclrtResetDeviceForce(int32_t deviceId);

/**
 * Binding point for aclrtGetDevice.
 * @param [out] deviceId
 */
aclError aclrtGetDevice(int32_t *deviceId);

/**
 * Binding point for aclrtSetStreamFailureMode.
 * @param [in] stream
 * @param [in] mode
 */
aclError aclrtSetStreamFailureMode(aclrtStream stream, uint64_t mode);

/**
 * Binding point for aclrtGetRunMode.
 * @param [out] runMode
 */
aclError aclrtGetRunMode(aclrtRunMode *runMode);

/**
 * Binding point for aclrtSynchronizeDevice.
 */
aclError aclrtSynchronizeDevice(void);

/**
 * Binding point for aclrtSynchronizeDeviceWithTimeout.
 * @param [in] timeout (inferred)
 */
aclError aclrtSynchronizeDeviceWithTimeout(int32_t timeout);

/**
 * Binding point for aclrtSetTsDevice.
 * @param [in] tsId
 */
aclError aclrtSetTsDevice(aclrtTsId tsId);

/**
 * Binding point for aclrtGetDeviceUtilizationRate.
 * @param [in] deviceId
 * @param [out] utilizationInfo
 */
aclError aclrtGetDeviceUtilizationRate(int32_t deviceId, aclrtUtilizationInfo *utilizationInfo);

/**
 * Binding point for aclrtGetDeviceCount.
 * @param [out] count
 */
aclError aclrtGetDeviceCount(uint32_t *count);

/**
 * Binding point for aclrtCreateEvent.
 * @param [out] event
 */
aclError aclrtCreateEvent(aclrtEvent *event);

/**
 * Binding point for aclrtCreateEventWithFlag.
 * @param [out] event
 * @param [in] flag
 */
aclError aclrtCreateEventWithFlag(aclrtEvent *event, uint32_t flag);

/**
 * Binding point for aclrtCreateEventExWithFlag.
 * @param [out] event
 * @param [in] flag
 */
aclError aclrtCreateEventExWithFlag(aclrtEvent *event, uint32_t flag);

/**
 * Binding point for aclrtDestroyEvent.
 * @param [in] event
 */
aclError aclrtDestroyEvent(aclrtEvent event);

/**
 * Binding point for aclrtRecordEvent.
 * @param [in] event
 * @param [in] stream
 */
aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream);

/**
 * Binding point for aclrtRecordEventWithFlag.
 * @param [in] event
 * @param [in] stream
 * @param [in] flag
 */
aclError aclrtRecordEventWithFlag(aclrtEvent event, aclrtStream stream, uint32_t flag);

/**
 * Binding point for aclrtResetEvent.
 * @param [in] event
 * @param [in] stream
 */
aclError aclrtResetEvent(aclrtEvent event, aclrtStream stream);

/**
 * Binding point for aclrtQueryEvent.
 * @param [in] event
 * @param [out] status
 */
ACL_DEPRECATED aclError aclrtQueryEvent(aclrtEvent event, aclrtEventStatus *status);

/**
 * Binding point for aclrtQueryEventStatus.
 * @param [in] event
 * @param [out] status
 */
aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus *status);

/**
 * Binding point for aclrtQueryEventWaitStatus.
 * @param [in] event
 * @param [out] status
 */
aclError aclrtQueryEventWaitStatus(aclrtEvent event, aclrtEventWaitStatus *status);

/**
 * Binding point for aclrtSynchronizeEvent.
 * @param [in] event
 */
aclError aclrtSynchronizeEvent(aclrtEvent event);

/**
 * Binding point for aclrtSynchronizeEventWithTimeout.
 * @param [in] event
 * @param [in] timeout
 */
aclError aclrtSynchronizeEventWithTimeout(aclrtEvent event, int32_t timeout);

/**
 * Binding point for aclrtEventElapsedTime.
 * @param [out] ms
 * @param [in] startEvent (inferred)
 * @param [in] endEvent (inferred)
 */
aclError aclrtEventElapsedTime(float *ms, aclrtEvent startEvent, aclrtEvent endEvent);

/**
 * Binding point for aclrtEventGetTimestamp.
 * @param [in] event
 * @param [out] timestamp
 */
aclError aclrtEventGetTimestamp(aclrtEvent event, uint64_t *timestamp);

/**
 * Binding point for aclrtMalloc.
 * @param [out] devPtr
 * @param [in] size
 * @param [in] policy
 */
aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy);

/**
 * Binding point for aclrtMallocAlign32.
 * @param [out] devPtr
 * @param [in] size
 * @param [in] policy
 */
aclError aclrtMallocAlign32(void **devPtr, size_t size, aclrtMemMallocPolicy policy);

/**
 * Binding point for aclrtMallocCached.
 * @param [out] devPtr
 * @param [in] size
 * @param [in] policy
 */
aclError aclrtMallocCached(void **devPtr, size_t size, aclrtMemMallocPolicy policy);

/**
 * Binding point for aclrtMallocWithCfg.
 * @param [out] devPtr
 * @param [in] size
 * @param [in] policy
 * @param [in] cfg
 */
aclError aclrtMallocWithCfg(void **devPtr, size_t size, aclrtMemMallocPolicy policy, aclrtMallocConfig *cfg);

/**
 * Binding point for aclrtMallocForTaskScheduler.
 * @param [out] devPtr
 * @param [in] size
 * @param [in] policy
 * @param [in] cfg
 */
aclError aclrtMallocForTaskScheduler(void **devPtr, size_t size, aclrtMemMallocPolicy policy, aclrtMallocConfig *cfg);

/**
 * Binding point for aclrtMallocHostWithCfg.
 * @param [out] ptr
 * @param [in] size
 * @param [in] cfg
 */
aclError aclrtMallocHostWithCfg(void **ptr, uint64_t size, aclrtMallocConfig *cfg);

/**
 * Binding point for aclrtPointerGetAttributes.
 * @param [in] ptr
 * @param [out] attributes
 */
aclError aclrtPointerGetAttributes(const void *ptr, aclrtPtrAttributes *attributes);

/**
 * Binding point for aclrtMemManagedGetAttr.
 * @param [in] attribute
 * @param [in] ptr
 * @param [in] size
 * @param [out] data
 * @param [in] dataSize
 */
aclError aclrtMemManagedGetAttr(aclrtMemManagedRangeAttribute attribute, const void *ptr, size_t size, void *data, size_t dataSize);

/**
 * Binding point for aclrtMemManagedGetAttrs.
 * @param [in] attributes
 * @param [in] numAttributes
 * @param [in] ptr
 * @param [in] size
 * @param [out] data
 * @param [in] dataSizes
 */
aclError aclrtMemManagedGetAttrs(aclrtMemManagedRangeAttribute *attributes, size_t numAttributes, const void *ptr, size_t size, void **data, size_t *dataSizes);

/**
 * Binding point for aclrtHostRegister.
 * @param [in,out] ptr
 * @param [in] size
 * @param [in] type
 * @param [out] devPtr (inferred)
 */
aclError aclrtHostRegister(void *ptr, uint64_t size, aclrtHostRegisterType type, void **devPtr);

/**
 * Binding point for aclrtHostRegisterV2.
 * @param [in] ptr
 * @param [in] size
 * @param [in] flag
 */
aclError aclrtHostRegisterV2(void *ptr, uint64_t size, uint32_t flag);

/**
 * Binding point for aclrtHostGetDevicePointer.
 * @param [in] pHost
 * @param [out] pDevice
 * @param [in] flag
 */
aclError aclrtHostGetDevicePointer(void *pHost, void **pDevice, uint32_t flag);

/**
 * Binding point for aclrtHostUnregister.
 * @param [in] ptr
 */
aclError aclrtHostUnregister(void *ptr);

/**
 * Binding point for aclrtHostMemMapCapabilities.
 * @param [in] deviceId
 * @param [in] hacType
 * @param [out] capabilities
 */
aclError aclrtHostMemMapCapabilities(uint32_t deviceId, aclrtHacType hacType, aclrtHostMemMapCapability *capabilities);

/**
 * Binding point for aclrtGetThreadLastTaskId.
 * @param [out] taskId
 */
aclError aclrtGetThreadLastTaskId(uint32_t *taskId);

/**
 * Binding point for aclrtStreamGetId.
 * @param [in] stream
 * @param [out] streamId
 */
aclError aclrtStreamGetId(aclrtStream stream, int32_t *streamId);

/**
 * Binding point for aclrtMemFlush.
 * @param [in] devPtr
 * @param [in] size
 */
aclError aclrtMemFlush(void *devPtr, size_t size);

/**
 * Binding point for aclrtMemInvalidate.
 * @param [in] devPtr
 * @param [in] size
 */
aclError aclrtMemInvalidate(void *devPtr, size_t size);

/**
 * Binding point for aclrtFree.
 * @param [in] devPtr
 */
aclError aclrtFree(void *devPtr);

/**
 * Binding point for aclrtMallocHost.
 * @param [out] hostPtr
 * @param [in] size
 */
aclError aclrtMallocHost(void **hostPtr, size_t size);

/**
 * Binding point for aclrtMemAllocManaged.
 * @param [out] ptr
 * @param [in] size
 * @param [in] flag
 */
aclError aclrtMemAllocManaged(void **ptr, uint64_t size, uint32_t flag);

/**
 * Binding point for aclrtFreeHost.
 * @param [in] hostPtr
 */
aclError aclrtFreeHost(void *hostPtr);

/**
 * Binding point for aclrtFreeWithDevSync.
 * @param [in] devPtr
 */
aclError aclrtFreeWithDevSync(void *devPtr);

/**
 * Binding point for aclrtFreeHostWithDevSync.
 * @param [in] hostPtr
 */
aclError aclrtFreeHostWithDevSync(void *hostPtr);

/**
 * Binding point for aclrtMemcpy.
 * @param [in] dst
 * @param [in] destMax
 * @param [in] src
 * @param [in] count
 * @param [in] kind
 */
aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind);

/**
 * Binding point for aclrtMemset.
 * @param [in] devPtr
 * @param [in] maxCount
 * @param [in] value
 * @param [in] count
 */
aclError aclrtMemset(void *devPtr, size_t maxCount, int32_t value, size_t count);

/**
 * Binding point for aclrtMemcpyAsync.
 * @param [in] dst
 * @param [in] destMax
 * @param [in] src
 * @param [in] count
 * @param [in] kind
 * @param [in] stream
 */
aclError aclrtMemcpyAsync(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind, aclrtStream stream);

/**
 * Binding point for aclrtMemsetD32.
 * @param [in] ptr
 * @param [in] memSize
 * @param [in] value
 * @param [in] N
 */
aclError aclrtMemsetD32(void *ptr, size_t memSize, uint32_t value, size_t N);

/**
 * Binding point for aclrtMemsetD32Async.
 * @param [in] ptr
 * @param [in] memSize
 * @param [in] value
 * @param [in] N
 * @param [in] stream
 */
aclError aclrtMemsetD32Async(void *ptr, size_t memSize, uint32_t value, size_t N, aclrtStream stream);

/**
 * Binding point for aclrtMemcpyAsyncWithCondition.
 * @param [in] dst
 * @param [in] destMax
 * @param [in] src
 * @param [in] count
 * @param [in] kind
 * @param [in] stream
 */
ACL_DEPRECATED aclError aclrtMemcpyAsyncWithCondition(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind, aclrtStream stream);

/**
 * Binding point for aclrtMemcpy2d.
 * @param [in] dst
 * @param [in] dpitch
 * @param [in] src
 * @param [in] spitch
 * @param [in] width
 * @param [in] height
 * @param [in] kind
 */
aclError aclrtMemcpy2d(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, aclrtMemcpyKind kind);

/**
 * Binding point for aclrtMemcpy2dAsync.
 * @param [in] dst
 * @param [in] dpitch
 * @param [in] src
 * @param [in] spitch
 * @param [in] width
 * @param [in] height
 * @param [in] kind
 * @param [in] stream
 */
aclError aclrtMemcpy2dAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, aclrtMemcpyKind kind, aclrtStream stream);

/**
 * Binding point for aclrtGetSymbolAddress.
 * @param [in] symbol
 * @param [out] devPtr
 */
aclError aclrtGetSymbolAddress(const void *symbol, void **devPtr);

/**
 * Binding point for aclrtGetSymbolSize.
 * @param [in] symbol
 * @param [out] size
 */
aclError aclrtGetSymbolSize(const void *symbol, size_t *size);

/**
 * Binding point for aclrtMemcpyFromSymbol.
 * @param [in] dst
 * @param [in] dstMax
 * @param [in] symbol
 * @param [in] count
 * @param [in] offset
 * @param [in] kind
 */
aclError aclrtMemcpyFromSymbol(void *dst, size_t dstMax, const void *symbol, size_t count, size_t offset, aclrtMemcpyKind kind);

/**
 * Binding point for aclrtMemcpyFromSymbolAsync.
 * @param [in] dst
 * @param [in] dstMax
 * @param [in] symbol
 * @param [in] count
 * @param [in] offset
 * @param [in] kind
 * @param [in] stream
 */
aclError aclrtMemcpyFromSymbolAsync(void *dst, size_t dstMax, const void *symbol, size_t count, size_t offset, aclrtMemcpyKind kind, aclrtStream stream);

/**
 * Binding point for aclrtMemcpyToSymbol.
 * @param [in] symbol
 * @param [in] src
 * @param [in] count
 * @param [in] offset
 * @param [in] kind
 */
aclError aclrtMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset, aclrtMemcpyKind kind);

/**
 * Binding point for aclrtMemcpyToSymbolAsync.
 * @param [in] symbol
 * @param [in] src
 * @param [in] count
 * @param [in] offset
 * @param [in] kind
 * @param [in] stream
 */
aclError aclrtMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count, size_t offset, aclrtMemcpyKind kind, aclrtStream stream);

/**
 * Binding point for aclrtMemsetAsync.
 * @param [in] devPtr
 * @param [in] maxCount
 * @param [in] value
 * @param [in] count
 * @param [in] stream
 */
aclError aclrtMemsetAsync(void *devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream);

/**
 * Binding point for aclrtMemManagedAdvise.
 * @param [in] ptr
 * @param [in] size
 * @param [in] advise
 * @param [in] location
 */
aclError aclrtMemManagedAdvise(const void *const ptr, uint64_t size, aclrtMemManagedAdviseType advise, aclrtMemManagedLocation location);

/**
 * Binding point for aclrtReserveMemAddress.
 * @param [out] virPtr
 * @param [in] size
 * @param [in] alignment
 * @param [in] expectPtr
 * @param [in] flags
 */
aclError aclrtReserveMemAddress(void **virPtr, size_t size, size_t alignment, void *expectPtr, uint64_t flags);

/**
 * Binding point for aclrtReleaseMemAddress.
 * @param [in] virPtr
 */
aclError aclrtReleaseMemAddress(void *virPtr);

/**
 * Binding point for aclrtMallocPhysical.
 * @param [out] handle
 * @param [in] size
 * @param [in] prop
 * @param [in] flags
 */
aclError aclrtMallocPhysical(aclrtDrvMemHandle *handle, size_t size, const aclrtPhysicalMemProp *prop, uint64_t flags);

/**
 * Binding point for aclrtFreePhysical.
 * @param [in] handle
 */
aclError aclrtFreePhysical(aclrtDrvMemHandle handle);

/**
 * Binding point for aclrtMapMem.
 * @param [in] virPtr
 * @param [in] size
 * @param [in] offset
 * @param [in] handle
 * @param [in] flags
 */
aclError aclrtMapMem(void *virPtr, size_t size, size_t offset, aclrtDrvMemHandle handle, uint64_t flags);

/**
 * Binding point for aclrtUnmapMem.
 * @param [in] virPtr
 */
aclError aclrtUnmapMem(void *virPtr);

/**
 * Binding point for aclrtMemMapNoAccess.
 * @param [in] virPtr
 * @param [in] size
 * @param [in] offset
 * @param [in] handle
 * @param [in] flags
 */
aclError aclrtMemMapNoAccess(void *virPtr, size_t size, size_t offset, aclrtDrvMemHandle handle, uint64_t flags);

/**
 * Binding point for aclrtCreateStreamConfigHandle.
 */
aclrtStreamConfigHandle *aclrtCreateStreamConfigHandle(void);

/**
 * Binding point for aclrtDestroyStreamConfigHandle.
 * @param [in] handle
 */
aclError aclrtDestroyStreamConfigHandle(aclrtStreamConfigHandle *handle);

/**
 * Binding point for aclrtSetStreamConfigOpt.
 * @param [out] handle
 * @param [in] attr
 * @param [in] attrValue
 * @param [in] valueSize
 */
aclError aclrtSetStreamConfigOpt(aclrtStreamConfigHandle *handle, aclrtStreamConfigAttr attr, const void *attrValue, size_t valueSize);

/**
 * Binding point for aclrtCreateStream.
 * @param [out] stream
 */
aclError aclrtCreateStream(aclrtStream *stream);

/**
 * Binding point for aclrtCreateStreamV2.
 * @param [out] stream
 * @param [in] handle
 */
aclError aclrtCreateStreamV2(aclrtStream *stream, const aclrtStreamConfigHandle *handle);

/**
 * Binding point for aclrtCreateStreamWithConfig.
 * @param [out] stream
 * @param [in] priority
 * @param [in] flag
 */
aclError aclrtCreateStreamWithConfig(aclrtStream *stream, uint32_t priority, uint32_t flag);

/**
 * Binding point for aclrtDestroyStream.
 * @param [in] stream
 */
aclError aclrtDestroyStream(aclrtStream stream);

/**
 * Binding point for aclrtDestroyStreamForce.
 * @param [in] stream
 */
aclError aclrtDestroyStreamForce(aclrtStream stream);

/**
 * Binding point for aclrtSynchronizeStream.
 * @param [in] stream
 */
aclError aclrtSynchronizeStream(aclrtStream stream);

/**
 * Binding point for aclrtSynchronizeStreamWithTimeout.
 * @param [in] stream
 * @param [in] timeout
 */
aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout);

/**
 * Binding point for aclrtStreamQuery.
 * @param [in] stream
 * @param [out] status
 */
aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus *status);

/**
 * Binding point for aclrtStreamGetPriority.
 * @param [in] stream
 * @param [out] priority
 */
aclError aclrtStreamGetPriority(aclrtStream stream, uint32_t *priority);

/**
 * Binding point for aclrtStreamGetFlags.
 * @param [in] stream
 * @param [out] flags
 */
aclError aclrtStreamGetFlags(aclrtStream stream, uint32_t *flags);

/**
 * Binding point for aclrtStreamWaitEvent.
 * @param [in] stream
 * @param [in] event
 */
aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event);

/**
 * Binding point for aclrtStreamWaitEventWithFlag.
 * @param [in] stream
 * @param [in] event
 * @param [in] timeout
 * @param [in] flag
 */
aclError aclrtStreamWaitEventWithFlag(aclrtStream stream, aclrtEvent event, uint32_t timeout, uint32_t flag);

/**
 * Binding point for aclrtStreamWaitEventWithTimeout.
 * @param [in] stream
 * @param [in] event
 * @param [in] timeout
 */
aclError aclrtStreamWaitEventWithTimeout(aclrtStream stream, aclrtEvent event, int32_t timeout);

/**
 * Binding point for aclrtSetGroup.
 * @param [in] groupId
 */
aclError aclrtSetGroup(int32_t groupId);

/**
 * Binding point for aclrtGetGroupCount.
 * @param [out] count
 */
aclError aclrtGetGroupCount(uint32_t *count);

/**
 * Binding point for aclrtCreateGroupInfo.
 */
aclrtGroupInfo *aclrtCreateGroupInfo();

/**
 * Binding point for aclrtDestroyGroupInfo.
 * @param [in] groupInfo
 */
aclError aclrtDestroyGroupInfo(aclrtGroupInfo *groupInfo);

/**
 * Binding point for aclrtGetAllGroupInfo.
 * @param [out] groupInfo
 */
aclError aclrtGetAllGroupInfo(aclrtGroupInfo *groupInfo);

/**
 * Binding point for aclrtGetGroupInfoDetail.
 * @param [in] groupInfo
 * @param [in] groupIndex
 * @param [in] attr
 * @param [out] attrValue
 * @param [in] valueLen
 * @param [out] paramRetSize
 */
aclError aclrtGetGroupInfoDetail(const aclrtGroupInfo *groupInfo, int32_t groupIndex, aclrtGroupAttr attr, void *attrValue, size_t valueLen, size_t *paramRetSize);

/**
 * Binding point for aclrtDeviceCanAccessPeer.
 * @param [out] canAccessPeer
 * @param [in] deviceId
 * @param [in] peerDeviceId
 */
aclError aclrtDeviceCanAccessPeer(int32_t *canAccessPeer, int32_t deviceId, int32_t peerDeviceId);

/**
 * Binding point for aclrtDeviceEnablePeerAccess.
 * @param [in] peerDeviceId
 * @param [in] flags
 */
aclError aclrtDeviceEnablePeerAccess(int32_t peerDeviceId, uint32_t flags);

/**
 * Binding point for aclrtDeviceDisablePeerAccess.
 * @param [in] peerDeviceId
 */
aclError aclrtDeviceDisablePeerAccess(int32_t peerDeviceId);

/**
 * Binding point for aclrtGetMemInfo.
 * @param [in] attr
 * @param [out] free
 * @param [out] total
 */
aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t *free, size_t *total);

/**
 * Binding point for aclrtGetMemUsageInfo.
 * @param [in] deviceId
 * @param [in,out] memUsageInfo
 * @param [in] inputNum
 * @param [in,out] outputNum
 */
aclError aclrtGetMemUsageInfo(int32_t deviceId, aclrtMemUsageInfo *memUsageInfo, size_t inputNum, size_t *outputNum);

/**
 * Binding point for aclrtSetOpWaitTimeout.
 * @param [in] timeout
 */
aclError aclrtSetOpWaitTimeout(uint32_t timeout);

/**
 * Binding point for aclrtSetOpExecuteTimeOut.
 * @param [in] timeout
 */
aclError aclrtSetOpExecuteTimeOut(uint32_t timeout);

/**
 * Binding point for aclrtSetOpExecuteTimeOutWithMs.
 * @param [in] timeout
 */
aclError aclrtSetOpExecuteTimeOutWithMs(uint32_t timeout);

/**
 * Binding point for aclrtSetOpExecuteTimeOutV2.
 * @param [in] timeout
 * @param [out] actualTimeout
 */
aclError aclrtSetOpExecuteTimeOutV2(uint64_t timeout, uint64_t *actualTimeout);

/**
 * Binding point for aclrtGetOpTimeOutInterval.
 * @param [out] interval
 */
aclError aclrtGetOpTimeOutInterval(uint64_t *interval);

/**
 * Binding point for aclrtSetStreamOverflowSwitch.
 * @param [in] stream
 * @param [in] flag
 */
aclError aclrtSetStreamOverflowSwitch(aclrtStream stream, uint32_t flag);

/**
 * Binding point for aclrtGetStreamOverflowSwitch.
 * @param [in] stream
 * @param [out] flag
 */
aclError aclrtGetStreamOverflowSwitch(aclrtStream stream, uint32_t *flag);

/**
 * Binding point for aclrtSetDeviceSatMode.
 * @param [in] mode
 */
aclError aclrtSetDeviceSatMode(aclrtFloatOverflowMode mode);

/**
 * Binding point for aclrtGetDeviceSatMode.
 * @param [out] mode
 */
aclError aclrtGetDeviceSatMode(aclrtFloatOverflowMode *mode);

/**
 * Binding point for aclrtGetOverflowStatus.
 * @param [in,out] outputAddr
 * @param [in] outputSize
 * @param [in] stream (inferred)
 */
aclError aclrtGetOverflowStatus(void *outputAddr, size_t outputSize, aclrtStream stream);

/**
 * Binding point for aclrtResetOverflowStatus.
 * @param [in] stream (inferred)
 */
aclError aclrtResetOverflowStatus(aclrtStream stream);

/**
 * Binding point for aclrtSubscribeHostFunc.
 * @param [in] hostFuncThreadId
 * @param [in] exeStream
 */
aclError aclrtSubscribeHostFunc(uint64_t hostFuncThreadId, aclrtStream exeStream);

/**
 * Binding point for aclrtProcessHostFunc.
 * @param [in] timeout
 */
aclError aclrtProcessHostFunc(int32_t timeout);

/**
 * Binding point for aclrtUnSubscribeHostFunc.
 * @param [in] hostFuncThreadId
 * @param [in] exeStream
 */
aclError aclrtUnSubscribeHostFunc(uint64_t hostFuncThreadId, aclrtStream exeStream);

/**
 * Binding point for aclrtQueryDeviceStatus.
 * @param [in] deviceId
 * @param [out] deviceStatus
 */
aclError aclrtQueryDeviceStatus(int32_t deviceId, aclrtDeviceStatus *deviceStatus);

/**
 * Binding point for aclrtCreateBinary.
 * @param [in] data
 * @param [in] dataLen
 */
aclrtBinary aclrtCreateBinary(const void *data, size_t dataLen);

/**
 * Binding point for aclrtDestroyBinary.
 * @param [in] binary (inferred)
 */
aclError aclrtDestroyBinary(aclrtBinary binary);

/**
 * Binding point for aclrtBinaryLoad.
 * @param [in] binary
 * @param [out] binHandle
 */
aclError aclrtBinaryLoad(const aclrtBinary binary, aclrtBinHandle *binHandle);

/**
 * Binding point for aclrtBinaryUnLoad.
 * @param [in] binHandle
 */
aclError aclrtBinaryUnLoad(aclrtBinHandle binHandle);

/**
 * Binding point for aclrtBinaryGetFunction.
 * @param [in] binHandle
 * @param [in] kernelName
 * @param [out] funcHandle
 */
aclError aclrtBinaryGetFunction(const aclrtBinHandle binHandle, const char *kernelName, aclrtFuncHandle *funcHandle);

/**
 * Binding point for aclrtLaunchKernel.
 * @param [in] funcHandle
 * @param [in] numBlocks
 * @param [in] argsData
 * @param [in] argsSize
 * @param [in] stream
 */
aclError aclrtLaunchKernel(aclrtFuncHandle funcHandle, uint32_t numBlocks, const void *argsData, size_t argsSize, aclrtStream stream);

/**
 * Binding point for aclrtMemExportToShareableHandle.
 * @param [in] handle
 * @param [in] handleType
 * @param [in] flags
 * @param [out] shareableHandle
 */
aclError aclrtMemExportToShareableHandle(aclrtDrvMemHandle handle, aclrtMemHandleType handleType, uint64_t flags, uint64_t *shareableHandle);

/**
 * Binding point for aclrtMemExportToShareableHandleV2.
 * @param [in] handle
 * @param [in] flags
 * @param [in] shareType
 * @param [out] shareableHandle
 */
aclError aclrtMemExportToShareableHandleV2(aclrtDrvMemHandle handle, uint64_t flags, aclrtMemSharedHandleType shareType, void *shareableHandle);

/**
 * Binding point for aclrtMemImportFromShareableHandle.
 * @param [in] shareableHandle
 * @param [in] deviceId
 * @param [out] handle
 */
aclError aclrtMemImportFromShareableHandle(uint64_t shareableHandle, int32_t deviceId, aclrtDrvMemHandle *handle);

/**
 * Binding point for aclrtMemImportFromShareableHandleV2.
 * @param [in] shareableHandle
 * @param [in] shareType
 * @param [in] flags
 * @param [out] handle
 */
aclError aclrtMemImportFromShareableHandleV2(void *shareableHandle, aclrtMemSharedHandleType shareType, uint64_t flags, aclrtDrvMemHandle *handle);

/**
 * Binding point for aclrtMemSetPidToShareableHandle.
 * @param [in] shareableHandle
 * @param [in] pid (inferred)
 * @param [in] pidNum (inferred)
 */
aclError aclrtMemSetPidToShareableHandle(uint64_t shareableHandle, int32_t *pid, size_t pidNum);

/**
 * Binding point for aclrtMemSetPidToShareableHandleV2.
 * @param [in] shareableHandle
 * @param [in] shareType
 * @param [in] pid
 * @param [in] pidNum
 */
aclError aclrtMemSetPidToShareableHandleV2(void *shareableHandle, aclrtMemSharedHandleType shareType, int32_t *pid, size_t pidNum);

/**
 * Binding point for aclrtMemGetAllocationGranularity.
 * @param [in] prop
 * @param [in] option
 * @param [out] granularity
 */
aclError aclrtMemGetAllocationGranularity(aclrtPhysicalMemProp *prop, aclrtMemGranularityOptions option, size_t *granularity);

/**
 * Binding point for aclrtDeviceGetBareTgid.
 * @param [out] pid
 */
aclError aclrtDeviceGetBareTgid(int32_t *pid);

/**
 * Binding point for aclrtCmoAsync.
 * @param [in] src
 * @param [in] size
 * @param [in] cmoType
 * @param [in] stream
 */
aclError aclrtCmoAsync(void *src, size_t size, aclrtCmoType cmoType, aclrtStream stream);

/**
 * Binding point for aclrtGetMemUceInfo.
 * @param [in] deviceId
 * @param [in,out] memUceInfoArray
 * @param [in] arraySize
 * @param [out] retSize
 */
aclError aclrtGetMemUceInfo(int32_t deviceId, aclrtMemUceInfo *memUceInfoArray, size_t arraySize, size_t *retSize);

/**
 * Binding point for aclrtDeviceTaskAbort.
 * @param [in] deviceId
 * @param [in] timeout
 */
aclError aclrtDeviceTaskAbort(int32_t deviceId, uint32_t timeout);

/**
 * Binding point for aclrtMemUceRepair.
 * @param [in] deviceId
 * @param [in,out] memUceInfoArray
 * @param [in] arraySize
 */
aclError aclrtMemUceRepair(int32_t deviceId, aclrtMemUceInfo *memUceInfoArray, size_t arraySize);

/**
 * Binding point for aclrtStreamAbort.
 * @param [in] stream
 */
aclError aclrtStreamAbort(aclrtStream stream);

/**
 * Binding point for aclrtBinaryLoadFromFile.
 * @param [in] binPath
 * @param [in] options
 * @param [out] binHandle
 */
aclError aclrtBinaryLoadFromFile(const char *binPath, aclrtBinaryLoadOptions *options, aclrtBinHandle *binHandle);

/**
 * Binding point for aclrtBinaryGetDevAddress.
 * @param [in] binHandle
 * @param [out] binAddr
 * @param [out] binSize
 */
aclError aclrtBinaryGetDevAddress(const aclrtBinHandle binHandle, void **binAddr, size_t *binSize);

/**
 * Binding point for aclrtBinaryGetFunctionByEntry.
 * @param [in] binHandle
 * @param [in] funcEntry
 * @param [out] funcHandle
 */
aclError aclrtBinaryGetFunctionByEntry(aclrtBinHandle binHandle, uint64_t funcEntry, aclrtFuncHandle *funcHandle);

/**
 * Binding point for aclrtBinaryGetGlobal.
 * @param [in] binHandle
 * @param [in] name
 * @param [out] dptr
 * @param [out] size
 */
aclError aclrtBinaryGetGlobal(aclrtBinHandle binHandle, const char *name, void **dptr, size_t *size);

/**
 * Binding point for aclrtGetFuncBySymbol.
 * @param [in] symbol
 * @param [out] funcHandle
 */
aclError aclrtGetFuncBySymbol(const void *symbol, aclrtFuncHandle *funcHandle);

/**
 * Binding point for aclrtGetFunctionAddr.
 * @param [in] funcHandle
 * @param [out] aicAddr
 * @param [out] aivAddr
 */
aclError aclrtGetFunctionAddr(aclrtFuncHandle funcHandle, void **aicAddr, void **aivAddr);

/**
 * Binding point for aclrtGetFunctionSize.
 * @param [in] funcHandle
 * @param [out] aicSize
 * @param [out] aivSize
 */
aclError aclrtGetFunctionSize(aclrtFuncHandle funcHandle, size_t *aicSize, size_t *aivSize);

/**
 * Binding point for aclrtGetMemcpyDescSize.
 * @param [in] kind
 * @param [out] descSize
 */
aclError aclrtGetMemcpyDescSize(aclrtMemcpyKind kind, size_t *descSize);

/**
 * Binding point for aclrtSetMemcpyDesc.
 * @param [out] desc
 * @param [in] kind
 * @param [in] srcAddr
 * @param [in] dstAddr
 * @param [in] count
 * @param [in] config
 */
aclError aclrtSetMemcpyDesc(void *desc, aclrtMemcpyKind kind, void *srcAddr, void *dstAddr, size_t count, void *config);

/**
 * Binding point for aclrtMemcpyAsyncWithOffset.
 * @param [in] dst
 * @param [in] destMax
 * @param [in] dstDataOffset
 * @param [in] src
 * @param [in] count
 * @param [in] srcDataOffset (inferred)
 * @param [in] kind
 * @param [in] stream
 */
aclError aclrtMemcpyAsyncWithOffset(void **dst, size_t destMax, size_t dstDataOffset, const void **src, size_t count, size_t srcDataOffset, aclrtMemcpyKind kind, aclrtStream stream);

/**
 * Binding point for aclrtMemcpyAsyncWithDesc.
 * @param [in] desc
 * @param [in] kind
 * @param [in] stream
 */
aclError aclrtMemcpyAsyncWithDesc(void *desc, aclrtMemcpyKind kind, aclrtStream stream);

/**
 * Binding point for aclrtKernelArgsGetHandleMemSize.
 * @param [in] funcHandle
 * @param [out] memSize
 */
aclError aclrtKernelArgsGetHandleMemSize(aclrtFuncHandle funcHandle, size_t *memSize);

/**
 * Binding point for aclrtKernelArgsGetMemSize.
 * @param [in] funcHandle
 * @param [in] userArgsSize
 * @param [out] actualArgsSize
 */
aclError aclrtKernelArgsGetMemSize(aclrtFuncHandle funcHandle, size_t userArgsSize, size_t *actualArgsSize);

/**
 * Binding point for aclrtKernelArgsInit.
 * @param [in] funcHandle
 * @param [out] argsHandle
 */
aclError aclrtKernelArgsInit(aclrtFuncHandle funcHandle, aclrtArgsHandle *argsHandle);

/**
 * Binding point for aclrtKernelArgsInitByUserMem.
 * @param [in] funcHandle
 * @param [out] argsHandle
 * @param [in] userHostMem
 * @param [in] actualArgsSize
 */
aclError aclrtKernelArgsInitByUserMem(aclrtFuncHandle funcHandle, aclrtArgsHandle argsHandle, void *userHostMem, size_t actualArgsSize);

/**
 * Binding point for aclrtKernelArgsAppend.
 * @param [in] argsHandle
 * @param [in] param
 * @param [in] paramSize
 * @param [out] paramHandle
 */
aclError aclrtKernelArgsAppend(aclrtArgsHandle argsHandle, void *param, size_t paramSize, aclrtParamHandle *paramHandle);

/**
 * Binding point for aclrtKernelArgsAppendPlaceHolder.
 * @param [in] argsHandle
 * @param [out] paramHandle
 */
aclError aclrtKernelArgsAppendPlaceHolder(aclrtArgsHandle argsHandle, aclrtParamHandle *paramHandle);

/**
 * Binding point for aclrtKernelArgsGetPlaceHolderBuffer.
 * @param [in] argsHandle
 * @param [in] paramHandle
 * @param [in] dataSize
 * @param [out] bufferAddr
 */
aclError aclrtKernelArgsGetPlaceHolderBuffer(aclrtArgsHandle argsHandle, aclrtParamHandle paramHandle, size_t dataSize, void **bufferAddr);

/**
 * Binding point for aclrtKernelArgsParaUpdate.
 * @param [in] argsHandle
 * @param [in] paramHandle
 * @param [in] param
 * @param [in] paramSize
 */
aclError aclrtKernelArgsParaUpdate(aclrtArgsHandle argsHandle, aclrtParamHandle paramHandle, void *param, size_t paramSize);

/**
 * Binding point for aclrtLaunchKernelWithConfig.
 * @param [in] funcHandle
 * @param [in] numBlocks
 * @param [in] stream
 * @param [in] cfg
 * @param [in] argsHandle
 * @param [in] reserve
 */
aclError aclrtLaunchKernelWithConfig(aclrtFuncHandle funcHandle, uint32_t numBlocks, aclrtStream stream, aclrtLaunchKernelCfg *cfg, aclrtArgsHandle argsHandle, void *reserve);

/**
 * Binding point for aclmdlRITaskGetParams.
 * @param [in] task
 * @param [out] params
 */
aclError aclmdlRITaskGetParams(aclmdlRITask task, aclmdlRITaskParams *params);

/**
 * Binding point for aclmdlRITaskSetParams.
 * @param [in] task
 * @param [in] params
 */
aclError aclmdlRITaskSetParams(aclmdlRITask task, aclmdlRITaskParams *params);

/**
 * Binding point for aclmdlRIKernelTaskGetAttribute.
 * @param [in] task
 * @param [in] attrId
 * @param [out] attrValue
 */
aclError aclmdlRIKernelTaskGetAttribute(aclmdlRITask task, aclrtLaunchKernelAttrId attrId, aclrtLaunchKernelAttrValue *attrValue);

/**
 * Binding point for aclmdlRIUpdate.
 * @param [in] modelRI
 */
aclError aclmdlRIUpdate(aclmdlRI modelRI);

/**
 * Binding point for aclmdlRITaskDisable.
 * @param [in] task
 */
aclError aclmdlRITaskDisable(aclmdlRITask task);

/**
 * Binding point for aclrtKernelArgsFinalize.
 * @param [in] argsHandle
 */
aclError aclrtKernelArgsFinalize(aclrtArgsHandle argsHandle);

/**
 * Binding point for aclrtValueWrite.
 * @param [in] devAddr
 * @param [in] value
 * @param [in] flag
 * @param [in] stream
 */
aclError aclrtValueWrite(void *devAddr, uint64_t value, uint32_t flag, aclrtStream stream);

/**
 * Binding point for aclrtValueWait.
 * @param [in] devAddr
 * @param [in] value
 * @param [in] flag
 * @param [in] stream
 */
aclError aclrtValueWait(void *devAddr, uint64_t value, uint32_t flag, aclrtStream stream);

/**
 * Binding point for aclrtGetStreamAvailableNum.
 * @param [out] streamCount
 */
aclError aclrtGetStreamAvailableNum(uint32_t *streamCount);

/**
 * Binding point for aclrtSetStreamAttribute.
 * @param [in] stream
 * @param [in] stmAttrType
 * @param [in] value
 */
aclError aclrtSetStreamAttribute(aclrtStream stream, aclrtStreamAttr stmAttrType, aclrtStreamAttrValue *value);

/**
 * Binding point for aclrtGetStreamAttribute.
 * @param [in] stream
 * @param [in] stmAttrType
 * @param [out] value
 */
aclError aclrtGetStreamAttribute(aclrtStream stream, aclrtStreamAttr stmAttrType, aclrtStreamAttrValue *value);

/**
 * Binding point for aclrtCreateNotify.
 * @param [out] notify
 * @param [in] flag
 */
aclError aclrtCreateNotify(aclrtNotify *notify, uint64_t flag);

/**
 * Binding point for aclrtDestroyNotify.
 * @param [in] notify
 */
aclError aclrtDestroyNotify(aclrtNotify notify);

/**
 * Binding point for aclrtCntNotifyCreate.
 * @param [out] cntNotify
 * @param [in] flag
 */
aclError aclrtCntNotifyCreate(aclrtCntNotify *cntNotify, uint64_t flag);

/**
 * Binding point for aclrtCntNotifyDestroy.
 * @param [in] cntNotify
 */
aclError aclrtCntNotifyDestroy(aclrtCntNotify cntNotify);

/**
 * Binding point for aclrtRecordNotify.
 * @param [in] notify
 * @param [in] stream
 */
aclError aclrtRecordNotify(aclrtNotify notify, aclrtStream stream);

/**
 * Binding point for aclrtWaitAndResetNotify.
 * @param [in] notify
 * @param [in] stream
 * @param [in] timeout
 */
aclError aclrtWaitAndResetNotify(aclrtNotify notify, aclrtStream stream, uint32_t timeout);

/**
 * Binding point for aclrtGetNotifyId.
 * @param [in] notify
 * @param [out] notifyId
 */
aclError aclrtGetNotifyId(aclrtNotify notify, uint32_t *notifyId);

/**
 * Binding point for aclrtGetEventId.
 * @param [in] event
 * @param [out] eventId
 */
aclError aclrtGetEventId(aclrtEvent event, uint32_t *eventId);

/**
 * Binding point for aclrtGetEventAvailNum.
 * @param [out] eventCount
 */
aclError aclrtGetEventAvailNum(uint32_t *eventCount);

/**
 * Binding point for aclrtGetDeviceInfo.
 * @param [in] deviceId
 * @param [in] attr
 * @param [out] value
 */
aclError aclrtGetDeviceInfo(uint32_t deviceId, aclrtDevAttr attr, int64_t *value);

/**
 * Binding point for aclrtDeviceGetStreamPriorityRange.
 * @param [out] leastPriority
 * @param [out] greatestPriority
 */
aclError aclrtDeviceGetStreamPriorityRange(int32_t *leastPriority, int32_t *greatestPriority);

/**
 * Binding point for aclrtGetDeviceCapability.
 * @param [in] deviceId
 * @param [in] devFeatureType
 * @param [out] value
 */
aclError aclrtGetDeviceCapability(int32_t deviceId, aclrtDevFeatureType devFeatureType, int32_t *value);

/**
 * Binding point for aclrtDeviceGetUuid.
 * @param [in] deviceId
 * @param [out] uuid
 */
aclError aclrtDeviceGetUuid(int32_t deviceId, aclrtUuid *uuid);

typedef enum aclrtDeviceLimit {
    ACL_RT_DEV_LIMIT_SIMT_STACK_SIZE = 0,
    ACL_RT_DEV_LIMIT_SIMT_DVG_WARP_STACK_SIZE = 1,
    ACL_RT_DEV_LIMIT_SIMD_STACK_SIZE = 2,
    ACL_RT_DEV_LIMIT_SIMD_PRINTF_FIFO_SIZE_PER_CORE = 3,
    ACL_RT_DEV_LIMIT_SIMT_PRINTF_FIFO_SIZE = 4,
} aclrtDeviceLimit;

/**
 * Binding point for aclrtDeviceSetLimit.
 * @param [in] limit
 * @param [in] value
 */
aclError aclrtDeviceSetLimit(aclrtDeviceLimit limit, size_t value);

/**
 * Binding point for aclrtDeviceGetLimit.
 * @param [in] limit
 * @param [out] value
 */
aclError aclrtDeviceGetLimit(aclrtDeviceLimit limit, size_t *value);

/**
 * Binding point for aclrtDeviceGetPCIBusId.
 * @param [in] deviceId
 * @param [out] pciBusId
 * @param [in] len
 */
aclError aclrtDeviceGetPCIBusId(int32_t deviceId, char *pciBusId, int32_t len);

/**
 * Binding point for aclrtDeviceGetByPCIBusId.
 * @param [in] pciBusId
 * @param [out] deviceId
 */
aclError aclrtDeviceGetByPCIBusId(const char *pciBusId, int32_t *deviceId);

/**
 * Binding point for aclrtDeviceGetHostAtomicCapabilities.
 * @param [out] capabilities
 * @param [in] operations
 * @param [in] count
 * @param [in] deviceId
 */
aclError aclrtDeviceGetHostAtomicCapabilities(uint32_t *capabilities, const aclrtAtomicOperation *operations, const uint32_t count, int32_t deviceId);

/**
 * Binding point for aclrtDeviceGetP2PAtomicCapabilities.
 * @param [out] capabilities
 * @param [in] operations
 * @param [in] count
 * @param [in] srcDeviceId
 * @param [in] dstDeviceId
 */
aclError aclrtDeviceGetP2PAtomicCapabilities(uint32_t *capabilities, const aclrtAtomicOperation *operations, const uint32_t count, int32_t srcDeviceId, int32_t dstDeviceId);

/**
 * Binding point for aclrtCtxGetCurrentDefaultStream.
 * @param [out] stream
 */
aclError aclrtCtxGetCurrentDefaultStream(aclrtStream *stream);

/**
 * Binding point for aclrtGetPrimaryCtxState.
 * @param [in] deviceId
 * @param [out] flags
 * @param [out] active
 */
aclError aclrtGetPrimaryCtxState(int32_t deviceId, uint32_t *flags, int32_t *active);

/**
 * Binding point for aclrtReduceAsync.
 * @param [in] dst
 * @param [in] src
 * @param [in] count
 * @param [in] kind
 * @param [in] type
 * @param [in] stream
 * @param [in] reserve
 */
aclError aclrtReduceAsync(void *dst, const void *src, uint64_t count, aclrtReduceKind kind, aclDataType type, aclrtStream stream, void *reserve);

/**
 * Binding point for aclrtGetDeviceResLimit.
 * @param [in] deviceId
 * @param [in] type
 * @param [out] value
 */
aclError aclrtGetDeviceResLimit(int32_t deviceId, aclrtDevResLimitType type, uint32_t *value);

/**
 * Binding point for aclrtSetDeviceResLimit.
 * @param [in] deviceId
 * @param [in] type
 * @param [in] value
 */
aclError aclrtSetDeviceResLimit(int32_t deviceId, aclrtDevResLimitType type, uint32_t value);

/**
 * Binding point for aclrtResetDeviceResLimit.
 * @param [in] deviceId
 */
aclError aclrtResetDeviceResLimit(int32_t deviceId);

/**
 * Binding point for aclrtGetStreamResLimit.
 * @param [in] stream
 * @param [in] type
 * @param [out] value
 */
aclError aclrtGetStreamResLimit(aclrtStream stream, aclrtDevResLimitType type, uint32_t *value);

/**
 * Binding point for aclrtSetStreamResLimit.
 * @param [in] stream
 * @param [in] type
 * @param [in] value
 */
aclError aclrtSetStreamResLimit(aclrtStream stream, aclrtDevResLimitType type, uint32_t value);

/**
 * Binding point for aclrtResetStreamResLimit.
 * @param [in] stream
 */
aclError aclrtResetStreamResLimit(aclrtStream stream);

/**
 * Binding point for aclrtUseStreamResInCurrentThread.
 * @param [in] stream
 */
aclError aclrtUseStreamResInCurrentThread(aclrtStream stream);

/**
 * Binding point for aclrtUnuseStreamResInCurrentThread.
 * @param [in] stream
 */
aclError aclrtUnuseStreamResInCurrentThread(aclrtStream stream);

/**
 * Binding point for aclrtGetResInCurrentThread.
 * @param [in] type
 * @param [out] value
 */
aclError aclrtGetResInCurrentThread(aclrtDevResLimitType type, uint32_t *value);

/**
 * Binding point for aclrtCreateLabel.
 * @param [out] label
 */
aclError aclrtCreateLabel(aclrtLabel *label);

/**
 * Binding point for aclrtSetLabel.
 * @param [in] label
 * @param [in] stream
 */
aclError aclrtSetLabel(aclrtLabel label, aclrtStream stream);

/**
 * Binding point for aclrtDestroyLabel.
 * @param [in] label
 */
aclError aclrtDestroyLabel(aclrtLabel label);

/**
 * Binding point for aclrtCreateLabelList.
 * @param [in] labels
 * @param [in] num
 * @param [out] labelList
 */
aclError aclrtCreateLabelList(aclrtLabel *labels, size_t num, aclrtLabelList *labelList);

/**
 * Binding point for aclrtDestroyLabelList.
 * @param [in] labelList
 */
aclError aclrtDestroyLabelList(aclrtLabelList labelList);

/**
 * Binding point for aclrtSwitchLabelByIndex.
 * @param [in] ptr
 * @param [in] maxValue
 * @param [in] labelList
 * @param [in] stream
 */
aclError aclrtSwitchLabelByIndex(void *ptr, uint32_t maxValue, aclrtLabelList labelList, aclrtStream stream);

/**
 * Binding point for aclrtActiveStream.
 * @param [in] activeStream
 * @param [in] stream
 */
aclError aclrtActiveStream(aclrtStream activeStream, aclrtStream stream);

/**
 * Binding point for aclrtSwitchStream.
 * @param [in] leftValue
 * @param [in] cond
 * @param [in] rightValue
 * @param [in] dataType
 * @param [in] trueStream
 * @param [in] falseStream
 * @param [in] stream
 */
aclError aclrtSwitchStream(void *leftValue, aclrtCondition cond, void *rightValue, aclrtCompareDataType dataType, aclrtStream trueStream, aclrtStream falseStream, aclrtStream stream);

/**
 * Binding point for aclrtGetFunctionName.
 * @param [in] funcHandle
 * @param [in] maxLen
 * @param [out] name
 */
aclError aclrtGetFunctionName(aclrtFuncHandle funcHandle, uint32_t maxLen, char *name);

/**
 * Binding point for aclrtGetBufFromChain.
 * @param [in] headBuf
 * @param [in] index
 * @param [out] buf
 */
aclError aclrtGetBufFromChain(aclrtMbuf headBuf, uint32_t index, aclrtMbuf *buf);

/**
 * Binding point for aclrtGetBufChainNum.
 * @param [in] headBuf
 * @param [out] num
 */
aclError aclrtGetBufChainNum(aclrtMbuf headBuf, uint32_t *num);

/**
 * Binding point for aclrtAppendBufChain.
 * @param [in] headBuf
 * @param [in] buf
 */
aclError aclrtAppendBufChain(aclrtMbuf headBuf, aclrtMbuf buf);

/**
 * Binding point for aclrtCopyBufRef.
 * @param [in] buf
 * @param [out] newBuf
 */
aclError aclrtCopyBufRef(const aclrtMbuf buf, aclrtMbuf *newBuf);

/**
 * Binding point for aclrtGetBufUserData.
 * @param [in] buf
 * @param [out] dataPtr
 * @param [in] size
 * @param [in] offset
 */
aclError aclrtGetBufUserData(const aclrtMbuf buf, void *dataPtr, size_t size, size_t offset);

/**
 * Binding point for aclrtSetBufUserData.
 * @param [out] buf
 * @param [in] dataPtr
 * @param [in] size
 * @param [in] offset
 */
aclError aclrtSetBufUserData(aclrtMbuf buf, const void *dataPtr, size_t size, size_t offset);

/**
 * Binding point for aclrtGetBufData.
 * @param [in] buf
 * @param [out] dataPtr
 * @param [out] size
 */
aclError aclrtGetBufData(const aclrtMbuf buf, void **dataPtr, size_t *size);

/**
 * Binding point for aclrtGetBufDataLen.
 * @param [in] buf
 * @param [out] len
 */
aclError aclrtGetBufDataLen(aclrtMbuf buf, size_t *len);

/**
 * Binding point for aclrtSetBufDataLen.
 * @param [in] buf
 * @param [in] len
 */
aclError aclrtSetBufDataLen(aclrtMbuf buf, size_t len);

/**
 * Binding point for aclrtFreeBuf.
 * @param [in] buf
 */
aclError aclrtFreeBuf(aclrtMbuf buf);

/**
 * Binding point for aclrtAllocBuf.
 * @param [out] buf
 * @param [in] size
 */
aclError aclrtAllocBuf(aclrtMbuf *buf, size_t size);

/**
 * Binding point for aclrtBinaryLoadFromData.
 * @param [in] data
 * @param [in] length
 * @param [in] options
 * @param [out] binHandle
 */
aclError aclrtBinaryLoadFromData(const void *data, size_t length, const aclrtBinaryLoadOptions *options, aclrtBinHandle *binHandle);

/**
 * Binding point for aclrtRegisterCpuFunc.
 * @param [in] handle
 * @param [in] funcName
 * @param [in] kernelName
 * @param [out] funcHandle
 */
aclError aclrtRegisterCpuFunc(const aclrtBinHandle handle, const char *funcName, const char *kernelName, aclrtFuncHandle *funcHandle);

/**
 * Binding point for aclrtCmoAsyncWithBarrier.
 * @param [in] src
 * @param [in] size
 * @param [in] cmoType
 * @param [in] barrierId
 * @param [in] stream
 */
aclError aclrtCmoAsyncWithBarrier(void *src, size_t size, aclrtCmoType cmoType, uint32_t barrierId, aclrtStream stream);

/**
 * Binding point for aclrtCmoWaitBarrier.
 * @param [in] taskInfo
 * @param [in] stream
 * @param [in] flag
 */
aclError aclrtCmoWaitBarrier(aclrtBarrierTaskInfo *taskInfo, aclrtStream stream, uint32_t flag);

/**
 * Binding point for aclrtGetDevicesTopo.
 * @param [in] deviceId
 * @param [in] otherDeviceId
 * @param [out] value
 */
aclError aclrtGetDevicesTopo(uint32_t deviceId, uint32_t otherDeviceId, uint64_t *value);

/**
 * Binding point for aclrtMemcpyBatch.
 * @param [in] dsts
 * @param [in] destMaxs
 * @param [in] srcs
 * @param [in] sizes
 * @param [in] numBatches
 * @param [in] attrs
 * @param [in] attrsIndexes
 * @param [in] numAttrs
 * @param [out] failIndex
 */
aclError aclrtMemcpyBatch(void **dsts, size_t *destMaxs, void **srcs, size_t *sizes, size_t numBatches, aclrtMemcpyBatchAttr *attrs, size_t *attrsIndexes, size_t numAttrs, size_t *failIndex);

/**
 * Binding point for aclrtMemcpyBatchV2.
 * @param [in] dsts
 * @param [in] destMaxs
 * @param [in] srcs
 * @param [in] sizes
 * @param [in] numBatches
 * @param [in] attrs
 * @param [in] attrsIndexes
 * @param [in] numAttrs
 */
aclError aclrtMemcpyBatchV2(void **dsts, size_t *destMaxs, void **srcs, size_t *sizes, size_t numBatches, aclrtMemcpyBatchAttr *attrs, size_t *attrsIndexes, size_t numAttrs);

/**
 * Binding point for aclrtMemcpyBatchAsync.
 * @param [in] dsts
 * @param [in] destMaxs
 * @param [in] srcs
 * @param [in] sizes
 * @param [in] numBatches
 * @param [in] attrs
 * @param [in] attrsIndexes
 * @param [in] numAttrs
 * @param [out] failIndex
 * @param [in] stream
 */
aclError aclrtMemcpyBatchAsync(void **dsts, size_t *destMaxs, void **srcs, size_t *sizes, size_t numBatches, aclrtMemcpyBatchAttr *attrs, size_t *attrsIndexes, size_t numAttrs, size_t *failIndex, aclrtStream stream);

/**
 * Binding point for aclrtMemcpyBatchAsyncV2.
 * @param [in] dsts
 * @param [in] destMaxs
 * @param [in] srcs
 * @param [in] sizes
 * @param [in] numBatches
 * @param [in] attrs
 * @param [in] attrsIndexes
 * @param [in] numAttrs
 * @param [in] stream
 */
aclError aclrtMemcpyBatchAsyncV2(void **dsts, size_t *destMaxs, void **srcs, size_t *sizes, size_t numBatches, aclrtMemcpyBatchAttr *attrs, size_t *attrsIndexes, size_t numAttrs, aclrtStream stream);

/**
 * Binding point for aclrtIpcMemGetExportKey.
 * @param [in] devPtr
 * @param [in] size
 * @param [out] key
 * @param [in] len
 * @param [in] flags
 */
aclError aclrtIpcMemGetExportKey(void *devPtr, size_t size, char *key, size_t len, uint64_t flags);

/**
 * Binding point for aclrtIpcMemClose.
 * @param [in] key
 */
aclError aclrtIpcMemClose(const char *key);

/**
 * Binding point for aclrtIpcMemImportByKey.
 * @param [out] devPtr
 * @param [in] key
 * @param [in] flags
 */
aclError aclrtIpcMemImportByKey(void **devPtr, const char *key, uint64_t flags);

/**
 * Binding point for aclrtIpcMemSetImportPid.
 * @param [in] key
 * @param [in] pid
 * @param [in] num
 */
aclError aclrtIpcMemSetImportPid(const char *key, int32_t *pid, size_t num);

/**
 * Binding point for aclrtIpcMemSetAttr.
 * @param [in] key
 * @param [in] type
 * @param [in] attr
 */
aclError aclrtIpcMemSetAttr(const char *key, aclrtIpcMemAttrType type, uint64_t attr);

/**
 * Binding point for aclrtIpcMemImportPidInterServer.
 * @param [in] key
 * @param [in] serverPids
 * @param [in] num
 */
aclError aclrtIpcMemImportPidInterServer(const char *key, aclrtServerPid *serverPids, size_t num);

/**
 * Binding point for aclrtNotifyBatchReset.
 * @param [in] notifies
 * @param [in] num
 */
aclError aclrtNotifyBatchReset(aclrtNotify *notifies, size_t num);

/**
 * Binding point for aclrtNotifyGetExportKey.
 * @param [in] notify
 * @param [out] key
 * @param [in] len
 * @param [in] flags
 */
aclError aclrtNotifyGetExportKey(aclrtNotify notify, char *key, size_t len, uint64_t flags);

/**
 * Binding point for aclrtNotifyImportByKey.
 * @param [out] notify
 * @param [in] key
 * @param [in] flags
 */
aclError aclrtNotifyImportByKey(aclrtNotify *notify, const char *key, uint64_t flags);

/**
 * Binding point for aclrtNotifySetImportPid.
 * @param [in] notify
 * @param [in] pid
 * @param [in] num
 */
aclError aclrtNotifySetImportPid(aclrtNotify notify, int32_t *pid, size_t num);

/**
 * Binding point for aclrtNotifySetImportPidInterServer.
 * @param [in] notify
 * @param [in] serverPids
 * @param [in] num
 */
aclError aclrtNotifySetImportPidInterServer(aclrtNotify notify, aclrtServerPid *serverPids, size_t num);

/**
 * Binding point for aclmdlRICaptureBegin.
 * @param [in] stream
 * @param [in] mode
 */
aclError aclmdlRICaptureBegin(aclrtStream stream, aclmdlRICaptureMode mode);

/**
 * Binding point for aclmdlRICaptureGetInfo.
 * @param [in] stream
 * @param [out] status
 * @param [out] modelRI
 */
aclError aclmdlRICaptureGetInfo(aclrtStream stream, aclmdlRICaptureStatus *status, aclmdlRI *modelRI);

/**
 * Binding point for aclmdlRICaptureEnd.
 * @param [in] stream
 * @param [out] modelRI
 */
aclError aclmdlRICaptureEnd(aclrtStream stream, aclmdlRI *modelRI);

/**
 * Binding point for aclmdlRIDebugPrint.
 * @param [in] modelRI
 */
ACL_DEPRECATED aclError aclmdlRIDebugPrint(aclmdlRI modelRI);

/**
 * Binding point for aclmdlRIDebugJsonPrint.
 * @param [in] modelRI
 * @param [in] path
 * @param [in] flags
 */
aclError aclmdlRIDebugJsonPrint(aclmdlRI modelRI, const char *path, uint32_t flags);

/**
 * Binding point for aclmdlRICaptureThreadExchangeMode.
 * @param [in,out] mode
 */
aclError aclmdlRICaptureThreadExchangeMode(aclmdlRICaptureMode *mode);

/**
 * Binding point for aclmdlRIExecuteAsync.
 * @param [in] modelRI
 * @param [in] stream
 */
aclError aclmdlRIExecuteAsync(aclmdlRI modelRI, aclrtStream stream);

/**
 * Binding point for aclmdlRIExecute.
 * @param [in] modelRI
 * @param [in] timeout
 */
aclError aclmdlRIExecute(aclmdlRI modelRI, int32_t timeout);

/**
 * Binding point for aclmdlRIDestroy.
 * @param [in] modelRI
 */
aclError aclmdlRIDestroy(aclmdlRI modelRI);

/**
 * Binding point for aclmdlRICaptureTaskGrpBegin.
 * @param [in] stream
 */
aclError aclmdlRICaptureTaskGrpBegin(aclrtStream stream);

/**
 * Binding point for aclmdlRICaptureTaskGrpEnd.
 * @param [in] stream
 * @param [out] handle
 */
aclError aclmdlRICaptureTaskGrpEnd(aclrtStream stream, aclrtTaskGrp *handle);

/**
 * Binding point for aclmdlRICaptureTaskUpdateBegin.
 * @param [in] stream
 * @param [in] handle
 */
aclError aclmdlRICaptureTaskUpdateBegin(aclrtStream stream, aclrtTaskGrp handle);

/**
 * Binding point for aclmdlRICaptureTaskUpdateEnd.
 * @param [in] stream
 */
aclError aclmdlRICaptureTaskUpdateEnd(aclrtStream stream);

/**
 * Binding point for aclmdlRIBuildBegin.
 * @param [in] modelRI
 * @param [in] flag
 */
aclError aclmdlRIBuildBegin(aclmdlRI *modelRI, uint32_t flag);

/**
 * Binding point for aclmdlRIBindStream.
 * @param [in] modelRI
 * @param [in] stream
 * @param [in] flag
 */
aclError aclmdlRIBindStream(aclmdlRI modelRI, aclrtStream stream, uint32_t flag);

/**
 * Binding point for aclmdlRIEndTask.
 * @param [in] modelRI
 * @param [in] stream
 */
aclError aclmdlRIEndTask(aclmdlRI modelRI, aclrtStream stream);

/**
 * Binding point for aclmdlRIBuildEnd.
 * @param [in] modelRI
 * @param [in] reserve
 */
aclError aclmdlRIBuildEnd(aclmdlRI modelRI, void *reserve);

/**
 * Binding point for aclmdlRIUnbindStream.
 * @param [in] modelRI
 * @param [in] stream
 */
aclError aclmdlRIUnbindStream(aclmdlRI modelRI, aclrtStream stream);

/**
 * Binding point for aclmdlRISetName.
 * @param [in] modelRI
 * @param [in] name
 */
aclError aclmdlRISetName(aclmdlRI modelRI, const char *name);

/**
 * Binding point for aclmdlRIGetName.
 * @param [in] modelRI
 * @param [in] maxLen
 * @param [out] name
 */
aclError aclmdlRIGetName(aclmdlRI modelRI, uint32_t maxLen, char *name);

/**
 * Binding point for aclmdlRIGetId.
 * @param [in] modelRI
 * @param [out] modelRIId
 */
aclError aclmdlRIGetId(aclmdlRI modelRI, uint32_t *modelRIId);

/**
 * Binding point for aclmdlRIDestroyRegisterCallback.
 * @param [in] modelRI
 * @param [in] func
 * @param [in] userData (inferred)
 */
aclError aclmdlRIDestroyRegisterCallback(aclmdlRI modelRI, aclrtCallback func, void *userData);

/**
 * Binding point for aclmdlRIDestroyUnregisterCallback.
 * @param [in] modelRI
 * @param [in] func
 */
aclError aclmdlRIDestroyUnregisterCallback(aclmdlRI modelRI, aclrtCallback func);

/**
 * Binding point for aclmdlInitDump.
 */
aclError aclmdlInitDump();

/**
 * Binding point for aclmdlSetDump.
 * @param [in] dumpCfgPath
 */
aclError aclmdlSetDump(const char *dumpCfgPath);

/**
 * Binding point for aclmdlFinalizeDump.
 */
aclError aclmdlFinalizeDump();

/**
 * Binding point for aclmdlRIGetStreams.
 * @param [in] modelRI
 * @param [in,out] streams
 * @param [in,out] numStreams
 */
aclError aclmdlRIGetStreams(aclmdlRI modelRI, aclrtStream *streams, uint32_t *numStreams);

/**
 * Binding point for aclmdlRIGetTasksByStream.
 * @param [in] stream
 * @param [in,out] tasks
 * @param [in,out] numTasks
 */
aclError aclmdlRIGetTasksByStream(aclrtStream stream, aclmdlRITask *tasks, uint32_t *numTasks);

/**
 * Binding point for aclmdlRITaskGetType.
 * @param [in] task
 * @param [in,out] type
 */
aclError aclmdlRITaskGetType(aclmdlRITask task, aclmdlRITaskType *type);

/**
 * Binding point for aclmdlRITaskGetSeqId.
 * @param [in] task
 * @param [out] id
 */
aclError aclmdlRITaskGetSeqId(aclmdlRITask task, uint32_t *id);

/**
 * Binding point for aclrtGetVersion.
 * @param [out] majorVersion
 * @param [out] minorVersion
 * @param [out] patchVersion
 */
ACL_DEPRECATED aclError aclrtGetVersion(int32_t *majorVersion, int32_t *minorVersion, int32_t *patchVersion);

typedef enum aclRegisterCallbackType {
    ACL_REG_TYPE_ACL_MODEL = 0,
    ACL_REG_TYPE_ACL_OP_EXECUTOR = 1,
    ACL_REG_TYPE_ACL_OP_CBLAS = 2,
    ACL_REG_TYPE_ACL_OP_COMPILER = 3,
    ACL_REG_TYPE_ACL_TDT_CHANNEL = 4,
    ACL_REG_TYPE_ACL_TDT_QUEUE = 5,
    ACL_REG_TYPE_ACL_DVPP = 6,
    ACL_REG_TYPE_ACL_RETR = 7,
    ACL_REG_TYPE_OTHER = 65535,
} aclRegisterCallbackType;

typedef aclError (*aclInitCallbackFunc)(const char *, size_t, void *);

typedef aclError (*aclFinalizeCallbackFunc)(void *);

/**
 * Binding point for aclInitCallbackRegister.
 * @param [in] type
 * @param [in] cbFunc (inferred)
 * @param [in] userData
 */
aclError aclInitCallbackRegister(aclRegisterCallbackType type, aclInitCallbackFunc cbFunc, void *userData);

/**
 * Binding point for aclInitCallbackUnRegister.
 * @param [in] type
 * @param [in] cbFunc (inferred)
 */
aclError aclInitCallbackUnRegister(aclRegisterCallbackType type, aclInitCallbackFunc cbFunc);

/**
 * Binding point for aclFinalizeCallbackRegister.
 * @param [in] type
 * @param [in] cbFunc (inferred)
 * @param [in] userData
 */
aclError aclFinalizeCallbackRegister(aclRegisterCallbackType type, aclFinalizeCallbackFunc cbFunc, void *userData);

/**
 * Binding point for aclFinalizeCallbackUnRegister.
 * @param [in] type
 * @param [in] cbFunc (inferred)
 */
aclError aclFinalizeCallbackUnRegister(aclRegisterCallbackType type, aclFinalizeCallbackFunc cbFunc);

/**
 * Binding point for aclrtCheckMemType.
 * @param [in] addrList
 * @param [in] size
 * @param [in] memType
 * @param [out] checkResult
 * @param [in] reserve
 */
aclError aclrtCheckMemType(void **addrList, uint32_t size, uint32_t memType, uint32_t *checkResult, uint32_t reserve);

/**
 * Binding point for aclrtGetLogicDevIdByUserDevId.
 * @param [in] userDevid
 * @param [out] logicDevId
 */
aclError aclrtGetLogicDevIdByUserDevId(const int32_t userDevid, int32_t *const logicDevId);

/**
 * Binding point for aclrtGetUserDevIdByLogicDevId.
 * @param [in] logicDevId
 * @param [out] userDevid
 */
aclError aclrtGetUserDevIdByLogicDevId(const int32_t logicDevId, int32_t *const userDevid);

/**
 * Binding point for aclrtGetLogicDevIdByPhyDevId.
 * @param [in] phyDevId
 * @param [out] logicDevId
 */
aclError aclrtGetLogicDevIdByPhyDevId(const int32_t phyDevId, int32_t *const logicDevId);

/**
 * Binding point for aclrtGetPhyDevIdByLogicDevId.
 * @param [in] logicDevId
 * @param [out] phyDevId
 */
aclError aclrtGetPhyDevIdByLogicDevId(const int32_t logicDevId, int32_t *const phyDevId);

/**
 * Binding point for aclrtGetUserDevIdByPhyDevId.
 * @param [in] phyDevId
 * @param [out] userDevId
 */
aclError aclrtGetUserDevIdByPhyDevId(const int32_t phyDevId, int32_t *const userDevId);

/**
 * Binding point for aclrtGetPhyDevIdByUserDevId.
 * @param [in] userDevId
 * @param [out] phyDevId
 */
aclError aclrtGetPhyDevIdByUserDevId(const int32_t userDevId, int32_t *const phyDevId);

/**
 * Binding point for aclrtProfTrace.
 * @param [in] userdata
 * @param [in] length
 * @param [in] stream
 */
aclError aclrtProfTrace(void *userdata, int32_t length, aclrtStream stream);

/**
 * Binding point for aclrtLaunchKernelV2.
 * @param [in] funcHandle
 * @param [in] numBlocks
 * @param [in] argsData
 * @param [in] argsSize
 * @param [in] cfg
 * @param [in] stream
 */
aclError aclrtLaunchKernelV2(aclrtFuncHandle funcHandle, uint32_t numBlocks, const void *argsData, size_t argsSize, aclrtLaunchKernelCfg *cfg, aclrtStream stream);

/**
 * Binding point for aclrtLaunchKernelWithHostArgs.
 * @param [in] funcHandle
 * @param [in] numBlocks
 * @param [in] stream
 * @param [in] cfg
 * @param [in] hostArgs
 * @param [in] argsSize
 * @param [in] placeHolderArray
 * @param [in] placeHolderNum
 */
aclError aclrtLaunchKernelWithHostArgs(aclrtFuncHandle funcHandle, uint32_t numBlocks, aclrtStream stream, aclrtLaunchKernelCfg *cfg, void *hostArgs, size_t argsSize, aclrtPlaceHolderInfo *placeHolderArray, size_t placeHolderNum);

/**
 * Binding point for aclrtLaunchKernelWithArgsArray.
 * @param [in] func
 * @param [in] numBlocks
 * @param [in] stream
 * @param [in] cfg
 * @param [in] args
 */
aclError aclrtLaunchKernelWithArgsArray(void *func, uint32_t numBlocks, aclrtStream stream, aclrtLaunchKernelCfg *cfg, void **args);

/**
 * Binding point for aclrtLaunchSIMTKernelWithArgsArray.
 * @param [in] func
 * @param [in] gridDim
 * @param [in] blockDim
 * @param [in] dynUbufSize
 * @param [in] stream
 * @param [in] cfg
 * @param [in] args
 */
aclError aclrtLaunchSIMTKernelWithArgsArray(void *func, dim3 gridDim, dim3 blockDim, size_t dynUbufSize, aclrtStream stream, aclrtLaunchKernelCfg *cfg, void **args);

/**
 * Binding point for aclrtLaunchSIMTKernelWithHostArgs.
 * @param [in] func
 * @param [in] gridDim
 * @param [in] blockDim
 * @param [in] dynUbufSize
 * @param [in] stream
 * @param [in] cfg
 * @param [in] hostArgs
 * @param [in] argsSize
 * @param [in] placeHolderArray
 * @param [in] placeHolderNum
 */
aclError aclrtLaunchSIMTKernelWithHostArgs(void *func, dim3 gridDim, dim3 blockDim, size_t dynUbufSize, aclrtStream stream, aclrtLaunchKernelCfg *cfg, void *hostArgs, size_t argsSize, aclrtPlaceHolderInfo *placeHolderArray, size_t placeHolderNum);

/**
 * Binding point for aclrtCtxGetFloatOverflowAddr.
 * @param [out] overflowAddr
 */
aclError aclrtCtxGetFloatOverflowAddr(void **overflowAddr);

/**
 * Binding point for aclrtGetFloatOverflowStatus.
 * @param [in] outputAddr
 * @param [in] outputSize
 * @param [in] stream
 */
aclError aclrtGetFloatOverflowStatus(void *outputAddr, uint64_t outputSize, aclrtStream stream);

/**
 * Binding point for aclrtResetFloatOverflowStatus.
 * @param [in] stream
 */
aclError aclrtResetFloatOverflowStatus(aclrtStream stream);

/**
 * Binding point for aclrtNpuGetFloatOverFlowStatus.
 * @param [in] outputAddr
 * @param [in] outputSize
 * @param [in] checkMode
 * @param [in] stream
 */
aclError aclrtNpuGetFloatOverFlowStatus(void *outputAddr, uint64_t outputSize, uint32_t checkMode, aclrtStream stream);

/**
 * Binding point for aclrtNpuClearFloatOverFlowStatus.
 * @param [in] checkMode
 * @param [in] stream
 */
aclError aclrtNpuClearFloatOverFlowStatus(uint32_t checkMode, aclrtStream stream);

/**
 * Binding point for aclrtLaunchHostFunc.
 * @param [in] stream
 * @param [in] fn
 * @param [in] args
 */
aclError aclrtLaunchHostFunc(aclrtStream stream, aclrtHostFunc fn, void *args);

/**
 * Binding point for aclrtGetHardwareSyncAddr.
 * @param [out] addr
 */
aclError aclrtGetHardwareSyncAddr(void **addr);

/**
 * Binding point for aclrtRandomNumAsync.
 * @param [in] taskInfo
 * @param [in] stream
 * @param [in] reserve
 */
aclError aclrtRandomNumAsync(const aclrtRandomNumTaskInfo *taskInfo, const aclrtStream stream, void *reserve);

/**
 * Binding point for aclrtRegStreamStateCallback.
 * @param [in] regName
 * @param [in] callback
 * @param [in] args
 */
aclError aclrtRegStreamStateCallback(const char *regName, aclrtStreamStateCallback callback, void *args);

/**
 * Binding point for aclrtRegDeviceStateCallback.
 * @param [in] regName
 * @param [in] callback
 * @param [in] args (inferred)
 */
aclError aclrtRegDeviceStateCallback(const char *regName, aclrtDeviceStateCallback callback, void *args);

/**
 * Binding point for aclrtSetDeviceTaskAbortCallback.
 * @param [in] regName
 * @param [in] callback
 * @param [in] args
 */
aclError aclrtSetDeviceTaskAbortCallback(const char *regName, aclrtDeviceTaskAbortCallback callback, void *args);

/**
 * Binding point for aclrtGetOpExecuteTimeout.
 * @param [out] timeoutMs
 */
aclError aclrtGetOpExecuteTimeout(uint32_t *const timeoutMs);

/**
 * Binding point for aclrtDevicePeerAccessStatus.
 * @param [in] deviceId
 * @param [in] peerDeviceId
 * @param [in,out] status
 */
aclError aclrtDevicePeerAccessStatus(int32_t deviceId, int32_t peerDeviceId, int32_t *status);

/**
 * Binding point for aclrtStreamStop.
 * @param [in] stream
 */
aclError aclrtStreamStop(aclrtStream stream);

/**
 * Binding point for aclrtTaskUpdateAsync.
 * @param [in] taskStream
 * @param [in] taskId
 * @param [in] info
 * @param [in] execStream
 */
aclError aclrtTaskUpdateAsync(aclrtStream taskStream, uint32_t taskId, aclrtTaskUpdateInfo *info, aclrtStream execStream);

/**
 * Binding point for aclrtCmoGetDescSize.
 * @param [out] size
 */
aclError aclrtCmoGetDescSize(size_t *size);

/**
 * Binding point for aclrtCmoSetDesc.
 * @param [in] cmoDesc
 * @param [in] src
 * @param [in] size
 */
aclError aclrtCmoSetDesc(void *cmoDesc, void *src, size_t size);

/**
 * Binding point for aclrtCmoAsyncWithDesc.
 * @param [in] cmoDesc
 * @param [in] cmoType
 * @param [in] stream
 * @param [in] reserve
 */
aclError aclrtCmoAsyncWithDesc(void *cmoDesc, aclrtCmoType cmoType, aclrtStream stream, const void *reserve);

/**
 * Binding point for aclrtCheckArchCompatibility.
 * @param [in] socVersion
 * @param [out] canCompatible
 */
aclError aclrtCheckArchCompatibility(const char *socVersion, int32_t *canCompatible);

/**
 * Binding point for aclmdlRIAbort.
 * @param [in] modelRI
 */
aclError aclmdlRIAbort(aclmdlRI modelRI);

/**
 * Binding point for aclmdlRICondHandleCreate.
 * @param [in] modelRI
 * @param [in] defaultLaunchValue
 * @param [in] flag
 * @param [out] handle
 */
aclError aclmdlRICondHandleCreate(aclmdlRI modelRI, uint32_t defaultLaunchValue, aclmdlRICondHandleFlag flag, aclmdlRICondHandle *handle);

/**
 * Binding point for aclmdlRICondHandleGetCondPtr.
 * @param [in] handle
 * @param [out] ptr
 */
aclError aclmdlRICondHandleGetCondPtr(aclmdlRICondHandle handle, uint64_t **ptr);

/**
 * Binding point for aclmdlRIAddCondTask.
 * @param [in] params
 * @param [in] stream
 * @param [in] flags
 */
aclError aclmdlRIAddCondTask(aclmdlRICondTaskParams params, aclrtStream stream, uint32_t flags);

/**
 * Binding point for aclmdlRICaptureToModelRIBegin.
 * @param [in] stream
 * @param [in] modelRI
 * @param [in] mode
 */
aclError aclmdlRICaptureToModelRIBegin(aclrtStream stream, aclmdlRI modelRI, aclmdlRICaptureMode mode);

/**
 * Binding point for aclrtCntNotifyRecord.
 * @param [in] cntNotify
 * @param [in] stream
 * @param [in] info (inferred)
 */
aclError aclrtCntNotifyRecord(aclrtCntNotify cntNotify, aclrtStream stream, aclrtCntNotifyRecordInfo *info);

/**
 * Binding point for aclrtCntNotifyWaitWithTimeout.
 * @param [in] cntNotify
 * @param [in] stream
 * @param [in] info (inferred)
 */
aclError aclrtCntNotifyWaitWithTimeout(aclrtCntNotify cntNotify, aclrtStream stream, aclrtCntNotifyWaitInfo *info);

/**
 * Binding point for aclrtCntNotifyReset.
 * @param [in] cntNotify
 * @param [in] stream
 */
aclError aclrtCntNotifyReset(aclrtCntNotify cntNotify, aclrtStream stream);

/**
 * Binding point for aclrtCntNotifyGetId.
 * @param [in] cntNotify
 * @param [out] notifyId (inferred)
 */
aclError aclrtCntNotifyGetId(aclrtCntNotify cntNotify, uint32_t *notifyId);

/**
 * Binding point for aclrtPersistentTaskClean.
 * @param [in] stream
 */
aclError aclrtPersistentTaskClean(aclrtStream stream);

/**
 * Binding point for aclrtGetErrorVerbose.
 * @param [in] deviceId
 * @param [out] errorInfo
 */
aclError aclrtGetErrorVerbose(int32_t deviceId, aclrtErrorInfo *errorInfo);

/**
 * Binding point for aclrtRepairError.
 * @param [in] deviceId
 * @param [in] errorInfo
 */
aclError aclrtRepairError(int32_t deviceId, const aclrtErrorInfo *errorInfo);

/**
 * Binding point for aclrtMemSetAccess.
 * @param [in] virPtr
 * @param [in] size
 * @param [in] desc
 * @param [in] count
 */
aclError aclrtMemSetAccess(void *virPtr, size_t size, aclrtMemAccessDesc *desc, size_t count);

/**
 * Binding point for aclrtMemGetAccess.
 * @param [in] virPtr
 * @param [in] location
 * @param [in] flag
 */
aclError aclrtMemGetAccess(void *virPtr, aclrtMemLocation *location, uint64_t *flag);

typedef enum aclrtProcessState {
    ACL_RT_PROCESS_STATE_RUNNING = 0,
    ACL_RT_PROCESS_STATE_LOCKED = 1,
} aclrtProcessState;

/**
 * Binding point for aclrtSnapShotProcessLock.
 * @param [in] pid (inferred)
 * @param [in] reserve (inferred)
 */
aclError aclrtSnapShotProcessLock(int pid, void *reserve);

/**
 * Binding point for aclrtSnapShotProcessUnlock.
 * @param [in] pid (inferred)
 * @param [in] reserve (inferred)
 */
aclError aclrtSnapShotProcessUnlock(int pid, void *reserve);

/**
 * Binding point for aclrtSnapShotProcessBackup.
 * @param [in] pid (inferred)
 * @param [in] args (inferred)
 */
aclError aclrtSnapShotProcessBackup(int pid, aclrtSnapShotBackupArgs *args);

/**
 * Binding point for aclrtSnapShotProcessRestore.
 * @param [in] pid (inferred)
 * @param [in] args (inferred)
 */
aclError aclrtSnapShotProcessRestore(int pid, aclrtSnapShotRestoreArgs *args);

/**
 * Binding point for aclrtSnapShotCallbackRegister.
 * @param [in] stage
 * @param [in] callback
 * @param [in] args
 */
aclError aclrtSnapShotCallbackRegister(aclrtSnapShotStage stage, aclrtSnapShotCallBack callback, void *args);

/**
 * Binding point for aclrtSnapShotCallbackUnregister.
 * @param [in] stage
 * @param [in] callback
 */
aclError aclrtSnapShotCallbackUnregister(aclrtSnapShotStage stage, aclrtSnapShotCallBack callback);

/**
 * Binding point for aclrtCacheLastTaskOpInfo.
 * @param [in] infoPtr
 * @param [in] infoSize
 */
aclError aclrtCacheLastTaskOpInfo(const void *const infoPtr, const size_t infoSize);

/**
 * Binding point for aclrtCacheLastTaskExtendInfo.
 * @param [in] extendInfoPtr
 * @param [in] infoSize
 */
aclError aclrtCacheLastTaskExtendInfo(const char *const extendInfoPtr, const size_t infoSize);

/**
 * Binding point for aclrtGetFunctionAttribute.
 * @param [in] funcHandle
 * @param [in] attrType
 * @param [out] attrValue
 */
aclError aclrtGetFunctionAttribute(aclrtFuncHandle funcHandle, aclrtFuncAttribute attrType, int64_t *attrValue);

/**
 * Binding point for aclrtFunctionGetBinary.
 * @param [in] funcHandle
 * @param [out] binHandle
 */
aclError aclrtFunctionGetBinary(const aclrtFuncHandle funcHandle, aclrtBinHandle *binHandle);

/**
 * Binding point for aclrtFunctionGetParamCount.
 * @param [in] func
 * @param [out] paramCount
 */
aclError aclrtFunctionGetParamCount(const void *func, size_t *paramCount);

/**
 * Binding point for aclrtFunctionGetParamInfo.
 * @param [in] func
 * @param [in] paramIndex
 * @param [out] paramOffset
 * @param [out] paramSize
 */
aclError aclrtFunctionGetParamInfo(const void *func, size_t paramIndex, size_t *paramOffset, size_t *paramSize);

/**
 * Binding point for aclrtFunctionGetAvailDynUbufPerBlock.
 * @param [in] func
 * @param [in] flags
 * @param [out] dynamicUbufSize
 */
aclError aclrtFunctionGetAvailDynUbufPerBlock(void *func, uint32_t flags, size_t *dynamicUbufSize);

/**
 * Binding point for aclrtIpcGetEventHandle.
 * @param [in] event
 * @param [out] handle
 */
aclError aclrtIpcGetEventHandle(aclrtEvent event, aclrtIpcEventHandle *handle);

/**
 * Binding point for aclrtIpcOpenEventHandle.
 * @param [in] handle
 * @param [out] event
 */
aclError aclrtIpcOpenEventHandle(aclrtIpcEventHandle handle, aclrtEvent *event);

/**
 * Binding point for aclrtMemRetainAllocationHandle.
 * @param [in] virPtr
 * @param [out] handle
 */
aclError aclrtMemRetainAllocationHandle(void *virPtr, aclrtDrvMemHandle *handle);

/**
 * Binding point for aclrtMemGetAllocationPropertiesFromHandle.
 * @param [in] handle
 * @param [out] prop
 */
aclError aclrtMemGetAllocationPropertiesFromHandle(aclrtDrvMemHandle handle, aclrtPhysicalMemProp *prop);

/**
 * Binding point for aclrtReserveMemAddressNoUCMemory.
 * @param [out] virPtr
 * @param [in] size
 * @param [in] alignment
 * @param [in] expectPtr
 * @param [in] flags
 */
aclError aclrtReserveMemAddressNoUCMemory(void **virPtr, size_t size, size_t alignment, void *expectPtr, uint64_t flags);

/**
 * Binding point for aclrtMemGetAddressRange.
 * @param [in] ptr
 * @param [out] pbase
 * @param [out] psize
 */
aclError aclrtMemGetAddressRange(void *ptr, void **pbase, size_t *psize);

/**
 * Binding point for aclrtMemP2PMap.
 * @param [in] devPtr
 * @param [in] size
 * @param [in] dstDevId
 * @param [in] flags
 */
aclError aclrtMemP2PMap(void *devPtr, size_t size, int32_t dstDevId, uint64_t flags);

/**
 * Binding point for aclrtMemManagedPrefetchAsync.
 * @param [in] ptr
 * @param [in] size
 * @param [in] location
 * @param [in] flags
 * @param [in] stream
 */
aclError aclrtMemManagedPrefetchAsync(const void *ptr, size_t size, aclrtMemManagedLocation location, uint32_t flags, aclrtStream stream);

/**
 * Binding point for aclrtMemManagedPrefetchBatchAsync.
 * @param [in] ptrs
 * @param [in] sizes
 * @param [in] count
 * @param [in] prefetchLocs
 * @param [in] prefetchLocIdxs
 * @param [in] numPrefetchLocs
 * @param [in] flags
 * @param [in] stream
 */
aclError aclrtMemManagedPrefetchBatchAsync(const void **ptrs, size_t *sizes, size_t count, aclrtMemManagedLocation *prefetchLocs, size_t *prefetchLocIdxs, size_t numPrefetchLocs, uint64_t flags, aclrtStream stream);

/**
 * Binding point for aclrtMemMapSelectedLink.
 * @param [in] virPtrDst
 * @param [in] size
 * @param [in] virPtrSrc
 * @param [in] linkIdx
 */
aclError aclrtMemMapSelectedLink(void *virPtrDst, size_t size, void *virPtrSrc, uint32_t linkIdx);

/**
 * Binding point for aclrtDeviceL2CacheFlush.
 * @param [in] rsv
 */
aclError aclrtDeviceL2CacheFlush(void *rsv);

/**
 * Binding point for aclrtMemMapSetLink.
 * @param [in] handle
 * @param [in] adviceLink
 */
aclError aclrtMemMapSetLink(aclrtDrvMemHandle handle, aclrtMemLinkType adviceLink);

#ifdef __cplusplus
}
#endif

#endif /* ACL_ACL_RT_H_ */
