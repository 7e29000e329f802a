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
    _Alignas(8) hi_u8 *addr;
    hi_u32 len;
    /*...;*/
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
