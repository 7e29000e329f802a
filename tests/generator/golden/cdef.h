typedef int aclError;
typedef void *aclrtStream;
typedef void *aclrtContext;
typedef struct aclmdlDesc aclmdlDesc;
typedef struct aclTensorDesc aclTensorDesc;
typedef enum {
    ACL_MEM_MALLOC_HUGE_FIRST = 0,
    ACL_MEM_MALLOC_NORMAL_ONLY = 2
} aclrtMemMallocPolicy;
typedef enum aclrtMemcpyKind {
    ACL_MEMCPY_HOST_TO_HOST = 0,
    ACL_MEMCPY_HOST_TO_DEVICE = 1,
    ACL_MEMCPY_DEFAULT = 4
} aclrtMemcpyKind;
typedef enum aclrtRunMode {
    ACL_DEVICE = 0,
    ACL_HOST = 1
} aclrtRunMode;
typedef enum aclLogLevel {
    ACL_DEBUG = 0,
    ACL_ERROR = 3
} aclLogLevel;
typedef void (*aclrtCallback)(void *);
typedef struct aclmdlIODims {
    char name[128];
    size_t dimCount;
    int64_t dims[8];
} aclmdlIODims;
typedef int hi_s32;
typedef unsigned int hi_u32;
typedef hi_s32 hi_vpc_chn;
typedef enum {
    HI_VPC_NEG = -1,
    HI_VPC_BIG = 2147483648
} hi_vpc_flag;
typedef union {
    hi_u32 u32;
    float f32;
} hi_vpc_value;
typedef struct hi_vpc_pic_info {
    void *picture_address;
    hi_u32 width : 16;
    hi_u32 height : 16;
    hi_vpc_value value;
    union {
        uint32_t stride;
        uint32_t pitch;
    };
    hi_vpc_flag flag;
} hi_vpc_pic_info;
typedef unsigned char hi_u8;
typedef struct hi_vdec_stream {
    hi_u8 *addr;
    hi_u32 len;
    ...;
} hi_vdec_stream;
struct aclmdlDesc;
struct aclTensorDesc;

struct _aclout_aclmdlGetInputDims {
    aclmdlIODims dims;
    aclError ret;
};
struct _aclout_aclmdlLoadFromFile {
    uint32_t modelId;
    aclError ret;
};
struct _aclout_aclrtCreateContext {
    uintptr_t context;
    aclError ret;
};
struct _aclout_aclrtGetMemInfo {
    size_t free;
    size_t total;
    aclError ret;
};
struct _aclout_aclrtGetRunMode {
    aclrtRunMode runMode;
    aclError ret;
};
struct _aclout_aclrtGetVersion {
    int32_t majorVersion;
    int32_t minorVersion;
    int32_t patchVersion;
    aclError ret;
};
struct _aclout_aclrtMalloc {
    uintptr_t devPtr;
    aclError ret;
};
struct _aclout_aclrtReserveSlots {
    uint32_t count;
    uintptr_t base;
    aclError ret;
};
struct _aclout_hi_mpi_vdec_get_stream {
    hi_vdec_stream stream;
    hi_s32 ret;
};
struct _aclout_hi_mpi_vpc_fill {
    hi_u32 task_id;
    hi_s32 ret;
};
struct _aclout_hi_mpi_vpc_get_pic {
    hi_vpc_pic_info pic;
    hi_s32 ret;
};

void aclAppLog(aclLogLevel logLevel, const char *func, const char *file, uint32_t line, const char *fmt);
void aclDestroyTensorDesc(uintptr_t desc);
uintptr_t aclmdlCreateDesc(void);
aclError aclmdlExecuteOp(int numInputs, uintptr_t inputDesc);
struct _aclout_aclmdlGetInputDims aclmdlGetInputDims(uintptr_t modelDesc, size_t index);
aclError aclmdlGetInputDynamicDims(uintptr_t modelDesc, size_t index, uintptr_t dims, size_t gearCount);
const char *aclmdlGetInputNameByIndex(uintptr_t modelDesc, size_t index);
size_t aclmdlGetNumInputs(uintptr_t modelDesc);
struct _aclout_aclmdlLoadFromFile aclmdlLoadFromFile(const char *modelPath);
aclError aclprofGetOpType(uintptr_t opInfo, size_t opInfoLen, uint32_t index, uintptr_t opType, size_t opTypeLen);
aclError aclprofModelUnSubscribe(uint32_t modelId);
struct _aclout_aclrtCreateContext aclrtCreateContext(int32_t deviceId);
struct _aclout_aclrtGetMemInfo aclrtGetMemInfo(aclrtMemcpyKind attr);
struct _aclout_aclrtGetRunMode aclrtGetRunMode(void);
const char *aclrtGetSocName(void);
struct _aclout_aclrtGetVersion aclrtGetVersion(void);
aclError aclrtLaunchCallback(uintptr_t fn, uintptr_t userData, uint32_t blockType, uintptr_t stream);
struct _aclout_aclrtMalloc aclrtMalloc(size_t size, aclrtMemMallocPolicy policy);
aclError aclrtMemcpy(uintptr_t dst, size_t destMax, uintptr_t src, size_t count, aclrtMemcpyKind kind);
struct _aclout_aclrtReserveSlots aclrtReserveSlots(uint32_t count, uintptr_t base);
aclError aclrtSetDevice(int32_t deviceId);
aclError aclrtSynchronizeWithTimeout(float timeout, bool lambda);
aclError aclrtUnSubscribeReport(uint64_t threadId, uintptr_t stream);
hi_s32 hi_mpi_sys_init(void);
struct _aclout_hi_mpi_vdec_get_stream hi_mpi_vdec_get_stream(hi_s32 chn);
struct _aclout_hi_mpi_vpc_fill hi_mpi_vpc_fill(hi_vpc_chn chn, uintptr_t pic);
struct _aclout_hi_mpi_vpc_get_pic hi_mpi_vpc_get_pic(hi_vpc_chn chn);

int64_t _aclpack_aclrtGetRunMode(void);
void _aclinto_aclrtGetVersion(void *_acl_into);
void _aclinto_aclrtMalloc(size_t size, aclrtMemMallocPolicy policy, void *_acl_into);
void _aclinto_aclrtReserveSlots(uint32_t count, uintptr_t base, void *_acl_into);

int _aclffi_open(const char *path, char *err, size_t errlen);
int _aclffi_resolve(void);
void _aclffi_close_all(void);
int _aclffi_has(const char *name);
int _aclffi_count(void);
const char *_aclffi_name(int i);
