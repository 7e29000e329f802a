#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const _aclffi_names[27] = {
    "aclAppLog",
    "aclDestroyTensorDesc",
    "aclmdlCreateDesc",
    "aclmdlExecuteOp",
    "aclmdlGetInputDims",
    "aclmdlGetInputDynamicDims",
    "aclmdlGetInputNameByIndex",
    "aclmdlGetNumInputs",
    "aclmdlLoadFromFile",
    "aclprofGetOpType",
    "aclprofModelUnSubscribe",
    "aclrtCreateContext",
    "aclrtGetMemInfo",
    "aclrtGetRunMode",
    "aclrtGetSocName",
    "aclrtGetVersion",
    "aclrtLaunchCallback",
    "aclrtMalloc",
    "aclrtMemcpy",
    "aclrtReserveSlots",
    "aclrtSetDevice",
    "aclrtSynchronizeWithTimeout",
    "aclrtUnSubscribeReport",
    "hi_mpi_sys_init",
    "hi_mpi_vdec_get_stream",
    "hi_mpi_vpc_fill",
    "hi_mpi_vpc_get_pic",
};

static pthread_mutex_t _aclffi_lock = PTHREAD_MUTEX_INITIALIZER;
static void *_aclffi_handles[32];
static int _aclffi_nhandles;
static void *_aclffi_slots[27];

static void *_aclffi_slot(int i)
{
    return __atomic_load_n(&_aclffi_slots[i], __ATOMIC_ACQUIRE);
}

static int _aclffi_compare_name(const void *key, const void *entry)
{
    return strcmp((const char *)key, *(const char *const *)entry);
}

static int _aclffi_index(const char *name)
{
    const char *const *hit;
    if (name == NULL || 27 == 0) {
        return -1;
    }
    hit = (const char *const *)bsearch(name, _aclffi_names, 27, sizeof _aclffi_names[0],
                                       _aclffi_compare_name);
    return hit == NULL ? -1 : (int)(hit - _aclffi_names);
}

int _aclffi_open(const char *path, char *err, size_t errlen)
{
    void *handle;
    int rc = 0;
    pthread_mutex_lock(&_aclffi_lock);
    if (_aclffi_nhandles >= 32) {
        if (err != NULL && errlen > 0) {
            snprintf(err, errlen, "too many libraries opened (limit 32)");
        }
        rc = -1;
    } else {
        handle = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
        if (handle == NULL) {
            const char *msg = dlerror();
            if (err != NULL && errlen > 0) {
                snprintf(err, errlen, "%s", msg != NULL ? msg : "dlopen failed");
            }
            rc = -1;
        } else {
            _aclffi_handles[_aclffi_nhandles++] = handle;
        }
    }
    pthread_mutex_unlock(&_aclffi_lock);
    return rc;
}

int _aclffi_resolve(void)
{
    int i, h, found = 0;
    pthread_mutex_lock(&_aclffi_lock);
    for (i = 0; i < 27; i++) {
        void *symbol = NULL;
        for (h = 0; h < _aclffi_nhandles && symbol == NULL; h++) {
            symbol = dlsym(_aclffi_handles[h], _aclffi_names[i]);
        }
        __atomic_store_n(&_aclffi_slots[i], symbol, __ATOMIC_RELEASE);
        found += symbol != NULL;
    }
    pthread_mutex_unlock(&_aclffi_lock);
    return found;
}

/* Handles are forgotten, not dlclose'd: a library may still run threads or hold callbacks. */
void _aclffi_close_all(void)
{
    int i;
    pthread_mutex_lock(&_aclffi_lock);
    for (i = 0; i < 27; i++) {
        __atomic_store_n(&_aclffi_slots[i], NULL, __ATOMIC_RELEASE);
    }
    _aclffi_nhandles = 0;
    pthread_mutex_unlock(&_aclffi_lock);
}

int _aclffi_has(const char *name)
{
    int i = _aclffi_index(name);
    return i >= 0 && _aclffi_slot(i) != NULL;
}

int _aclffi_count(void)
{
    return 27;
}

const char *_aclffi_name(int i)
{
    return (i >= 0 && i < 27) ? _aclffi_names[i] : NULL;
}

/* A return value in the high half, an out's 32 bits in the low half (aclgen/outforms.py). */
static int64_t _aclffi_pack(int32_t ret, uint32_t value)
{
    uint64_t bits = ((uint64_t)(uint32_t)ret << 32) | value;
    int64_t packed;
    memcpy(&packed, &bits, sizeof packed);
    return packed;
}

typedef void (*_aclfn_aclAppLog)(aclLogLevel, const char *, const char *, uint32_t, const char *, ...);
static void aclAppLog(aclLogLevel logLevel, const char *func, const char *file, uint32_t line, const char *fmt)
{
    _aclfn_aclAppLog _acl_fn = (_aclfn_aclAppLog)_aclffi_slot(0);
    if (_acl_fn == NULL) {
        return;
    }
    _acl_fn(logLevel, (const char *)func, (const char *)file, line, "%s", (const char *)fmt);
}

typedef void (*_aclfn_aclDestroyTensorDesc)(const aclTensorDesc *);
static void aclDestroyTensorDesc(uintptr_t desc)
{
    _aclfn_aclDestroyTensorDesc _acl_fn = (_aclfn_aclDestroyTensorDesc)_aclffi_slot(1);
    if (_acl_fn == NULL) {
        return;
    }
    _acl_fn((const aclTensorDesc *)desc);
}

typedef aclmdlDesc *(*_aclfn_aclmdlCreateDesc)(void);
static uintptr_t aclmdlCreateDesc(void)
{
    _aclfn_aclmdlCreateDesc _acl_fn = (_aclfn_aclmdlCreateDesc)_aclffi_slot(2);
    if (_acl_fn == NULL) {
        return 0;
    }
    return (uintptr_t)_acl_fn();
}

typedef aclError (*_aclfn_aclmdlExecuteOp)(int, const aclTensorDesc *const (*));
static aclError aclmdlExecuteOp(int numInputs, uintptr_t inputDesc)
{
    _aclfn_aclmdlExecuteOp _acl_fn = (_aclfn_aclmdlExecuteOp)_aclffi_slot(3);
    if (_acl_fn == NULL) {
        return (aclError)200001;
    }
    return _acl_fn(numInputs, (const aclTensorDesc *const (*))inputDesc);
}

typedef aclError (*_aclfn_aclmdlGetInputDims)(const aclmdlDesc *, size_t, aclmdlIODims *);
static struct _aclout_aclmdlGetInputDims aclmdlGetInputDims(uintptr_t modelDesc, size_t index)
{
    _aclfn_aclmdlGetInputDims _acl_fn = (_aclfn_aclmdlGetInputDims)_aclffi_slot(4);
    struct _aclout_aclmdlGetInputDims _acl_out;
    memset(&_acl_out, 0, sizeof _acl_out);
    if (_acl_fn == NULL) {
        _acl_out.ret = (aclError)200001;
        return _acl_out;
    }
    _acl_out.ret = _acl_fn((const aclmdlDesc *)modelDesc, index, (aclmdlIODims *)&_acl_out.dims);
    return _acl_out;
}

typedef aclError (*_aclfn_aclmdlGetInputDynamicDims)(const aclmdlDesc *, size_t, aclmdlIODims *, size_t);
static aclError aclmdlGetInputDynamicDims(uintptr_t modelDesc, size_t index, uintptr_t dims, size_t gearCount)
{
    _aclfn_aclmdlGetInputDynamicDims _acl_fn = (_aclfn_aclmdlGetInputDynamicDims)_aclffi_slot(5);
    if (_acl_fn == NULL) {
        return (aclError)200001;
    }
    return _acl_fn((const aclmdlDesc *)modelDesc, index, (aclmdlIODims *)dims, gearCount);
}

typedef const char *(*_aclfn_aclmdlGetInputNameByIndex)(const aclmdlDesc *, size_t);
static const char *aclmdlGetInputNameByIndex(uintptr_t modelDesc, size_t index)
{
    _aclfn_aclmdlGetInputNameByIndex _acl_fn = (_aclfn_aclmdlGetInputNameByIndex)_aclffi_slot(6);
    if (_acl_fn == NULL) {
        return NULL;
    }
    return _acl_fn((const aclmdlDesc *)modelDesc, index);
}

typedef size_t (*_aclfn_aclmdlGetNumInputs)(aclmdlDesc *);
static size_t aclmdlGetNumInputs(uintptr_t modelDesc)
{
    _aclfn_aclmdlGetNumInputs _acl_fn = (_aclfn_aclmdlGetNumInputs)_aclffi_slot(7);
    if (_acl_fn == NULL) {
        return (size_t)200001;
    }
    return _acl_fn((aclmdlDesc *)modelDesc);
}

typedef aclError (*_aclfn_aclmdlLoadFromFile)(const char *, uint32_t *);
static struct _aclout_aclmdlLoadFromFile aclmdlLoadFromFile(const char *modelPath)
{
    _aclfn_aclmdlLoadFromFile _acl_fn = (_aclfn_aclmdlLoadFromFile)_aclffi_slot(8);
    struct _aclout_aclmdlLoadFromFile _acl_out;
    memset(&_acl_out, 0, sizeof _acl_out);
    if (_acl_fn == NULL) {
        _acl_out.ret = (aclError)200001;
        return _acl_out;
    }
    _acl_out.ret = _acl_fn((const char *)modelPath, (uint32_t *)&_acl_out.modelId);
    return _acl_out;
}

typedef aclError (*_aclfn_aclprofGetOpType)(const void *, size_t, uint32_t, char *, size_t);
static aclError aclprofGetOpType(uintptr_t opInfo, size_t opInfoLen, uint32_t index, uintptr_t opType, size_t opTypeLen)
{
    _aclfn_aclprofGetOpType _acl_fn = (_aclfn_aclprofGetOpType)_aclffi_slot(9);
    if (_acl_fn == NULL) {
        return (aclError)200001;
    }
    return _acl_fn((const void *)opInfo, opInfoLen, index, (char *)opType, opTypeLen);
}

typedef aclError (*_aclfn_aclprofModelUnSubscribe)(uint32_t);
static aclError aclprofModelUnSubscribe(uint32_t modelId)
{
    _aclfn_aclprofModelUnSubscribe _acl_fn = (_aclfn_aclprofModelUnSubscribe)_aclffi_slot(10);
    if (_acl_fn == NULL) {
        return (aclError)200001;
    }
    return _acl_fn(modelId);
}

typedef aclError (*_aclfn_aclrtCreateContext)(aclrtContext *, int32_t);
static struct _aclout_aclrtCreateContext aclrtCreateContext(int32_t deviceId)
{
    _aclfn_aclrtCreateContext _acl_fn = (_aclfn_aclrtCreateContext)_aclffi_slot(11);
    struct _aclout_aclrtCreateContext _acl_out;
    aclrtContext _acl_h_context = 0;
    memset(&_acl_out, 0, sizeof _acl_out);
    if (_acl_fn == NULL) {
        _acl_out.ret = (aclError)200001;
        return _acl_out;
    }
    _acl_out.ret = _acl_fn((aclrtContext *)&_acl_h_context, deviceId);
    _acl_out.context = (uintptr_t)_acl_h_context;
    return _acl_out;
}

typedef aclError (*_aclfn_aclrtGetMemInfo)(aclrtMemcpyKind, size_t *, size_t *);
static struct _aclout_aclrtGetMemInfo aclrtGetMemInfo(aclrtMemcpyKind attr)
{
    _aclfn_aclrtGetMemInfo _acl_fn = (_aclfn_aclrtGetMemInfo)_aclffi_slot(12);
    struct _aclout_aclrtGetMemInfo _acl_out;
    memset(&_acl_out, 0, sizeof _acl_out);
    if (_acl_fn == NULL) {
        _acl_out.ret = (aclError)200001;
        return _acl_out;
    }
    _acl_out.ret = _acl_fn(attr, (size_t *)&_acl_out.free, (size_t *)&_acl_out.total);
    return _acl_out;
}

typedef aclError (*_aclfn_aclrtGetRunMode)(aclrtRunMode *);
static struct _aclout_aclrtGetRunMode aclrtGetRunMode(void)
{
    _aclfn_aclrtGetRunMode _acl_fn = (_aclfn_aclrtGetRunMode)_aclffi_slot(13);
    struct _aclout_aclrtGetRunMode _acl_out;
    memset(&_acl_out, 0, sizeof _acl_out);
    if (_acl_fn == NULL) {
        _acl_out.ret = (aclError)200001;
        return _acl_out;
    }
    _acl_out.ret = _acl_fn((aclrtRunMode *)&_acl_out.runMode);
    return _acl_out;
}

static int64_t _aclpack_aclrtGetRunMode(void)
{
    struct _aclout_aclrtGetRunMode _acl_r = aclrtGetRunMode();
    return _aclffi_pack((int32_t)_acl_r.ret, (uint32_t)_acl_r.runMode);
}

typedef const char *(*_aclfn_aclrtGetSocName)(void);
static const char *aclrtGetSocName(void)
{
    _aclfn_aclrtGetSocName _acl_fn = (_aclfn_aclrtGetSocName)_aclffi_slot(14);
    if (_acl_fn == NULL) {
        return NULL;
    }
    return _acl_fn();
}

typedef aclError (*_aclfn_aclrtGetVersion)(int32_t *, int32_t *, int32_t *);
static struct _aclout_aclrtGetVersion aclrtGetVersion(void)
{
    _aclfn_aclrtGetVersion _acl_fn = (_aclfn_aclrtGetVersion)_aclffi_slot(15);
    struct _aclout_aclrtGetVersion _acl_out;
    memset(&_acl_out, 0, sizeof _acl_out);
    if (_acl_fn == NULL) {
        _acl_out.ret = (aclError)200001;
        return _acl_out;
    }
    _acl_out.ret = _acl_fn((int32_t *)&_acl_out.majorVersion, (int32_t *)&_acl_out.minorVersion, (int32_t *)&_acl_out.patchVersion);
    return _acl_out;
}

static void _aclinto_aclrtGetVersion(void *_acl_into)
{
    struct _aclout_aclrtGetVersion _acl_r = aclrtGetVersion();
    memcpy(_acl_into, &_acl_r, sizeof _acl_r);
}

typedef aclError (*_aclfn_aclrtLaunchCallback)(aclrtCallback, void *, uint32_t, aclrtStream);
static aclError aclrtLaunchCallback(uintptr_t fn, uintptr_t userData, uint32_t blockType, uintptr_t stream)
{
    _aclfn_aclrtLaunchCallback _acl_fn = (_aclfn_aclrtLaunchCallback)_aclffi_slot(16);
    if (_acl_fn == NULL) {
        return (aclError)200001;
    }
    return _acl_fn((aclrtCallback)fn, (void *)userData, blockType, (aclrtStream)stream);
}

typedef aclError (*_aclfn_aclrtMalloc)(void **, size_t, aclrtMemMallocPolicy);
static struct _aclout_aclrtMalloc aclrtMalloc(size_t size, aclrtMemMallocPolicy policy)
{
    _aclfn_aclrtMalloc _acl_fn = (_aclfn_aclrtMalloc)_aclffi_slot(17);
    struct _aclout_aclrtMalloc _acl_out;
    void *_acl_h_devPtr = 0;
    memset(&_acl_out, 0, sizeof _acl_out);
    if (_acl_fn == NULL) {
        _acl_out.ret = (aclError)200001;
        return _acl_out;
    }
    _acl_out.ret = _acl_fn((void **)&_acl_h_devPtr, size, policy);
    _acl_out.devPtr = (uintptr_t)_acl_h_devPtr;
    return _acl_out;
}

static void _aclinto_aclrtMalloc(size_t size, aclrtMemMallocPolicy policy, void *_acl_into)
{
    struct _aclout_aclrtMalloc _acl_r = aclrtMalloc(size, policy);
    memcpy(_acl_into, &_acl_r, sizeof _acl_r);
}

typedef aclError (*_aclfn_aclrtMemcpy)(void *, size_t, const void *, size_t, aclrtMemcpyKind);
static aclError aclrtMemcpy(uintptr_t dst, size_t destMax, uintptr_t src, size_t count, aclrtMemcpyKind kind)
{
    _aclfn_aclrtMemcpy _acl_fn = (_aclfn_aclrtMemcpy)_aclffi_slot(18);
    if (_acl_fn == NULL) {
        return (aclError)200001;
    }
    return _acl_fn((void *)dst, destMax, (const void *)src, count, kind);
}

typedef aclError (*_aclfn_aclrtReserveSlots)(uint32_t *, void **);
static struct _aclout_aclrtReserveSlots aclrtReserveSlots(uint32_t count, uintptr_t base)
{
    _aclfn_aclrtReserveSlots _acl_fn = (_aclfn_aclrtReserveSlots)_aclffi_slot(19);
    struct _aclout_aclrtReserveSlots _acl_out;
    void *_acl_h_base = (void *)base;
    memset(&_acl_out, 0, sizeof _acl_out);
    _acl_out.count = count;
    if (_acl_fn == NULL) {
        _acl_out.ret = (aclError)200001;
        return _acl_out;
    }
    _acl_out.ret = _acl_fn((uint32_t *)&_acl_out.count, (void **)&_acl_h_base);
    _acl_out.base = (uintptr_t)_acl_h_base;
    return _acl_out;
}

static void _aclinto_aclrtReserveSlots(uint32_t count, uintptr_t base, void *_acl_into)
{
    struct _aclout_aclrtReserveSlots _acl_r = aclrtReserveSlots(count, base);
    memcpy(_acl_into, &_acl_r, sizeof _acl_r);
}

typedef aclError (*_aclfn_aclrtSetDevice)(int32_t);
static aclError aclrtSetDevice(int32_t deviceId)
{
    _aclfn_aclrtSetDevice _acl_fn = (_aclfn_aclrtSetDevice)_aclffi_slot(20);
    if (_acl_fn == NULL) {
        return (aclError)200001;
    }
    return _acl_fn(deviceId);
}

typedef aclError (*_aclfn_aclrtSynchronizeWithTimeout)(float, bool);
static aclError aclrtSynchronizeWithTimeout(float timeout, bool lambda)
{
    _aclfn_aclrtSynchronizeWithTimeout _acl_fn = (_aclfn_aclrtSynchronizeWithTimeout)_aclffi_slot(21);
    if (_acl_fn == NULL) {
        return (aclError)200001;
    }
    return _acl_fn(timeout, lambda);
}

typedef aclError (*_aclfn_aclrtUnSubscribeReport)(uint64_t, aclrtStream);
static aclError aclrtUnSubscribeReport(uint64_t threadId, uintptr_t stream)
{
    _aclfn_aclrtUnSubscribeReport _acl_fn = (_aclfn_aclrtUnSubscribeReport)_aclffi_slot(22);
    if (_acl_fn == NULL) {
        return (aclError)200001;
    }
    return _acl_fn(threadId, (aclrtStream)stream);
}

typedef hi_s32 (*_aclfn_hi_mpi_sys_init)(void);
static hi_s32 hi_mpi_sys_init(void)
{
    _aclfn_hi_mpi_sys_init _acl_fn = (_aclfn_hi_mpi_sys_init)_aclffi_slot(23);
    if (_acl_fn == NULL) {
        return (hi_s32)200001;
    }
    return _acl_fn();
}

typedef hi_s32 (*_aclfn_hi_mpi_vdec_get_stream)(hi_s32, hi_vdec_stream *);
static struct _aclout_hi_mpi_vdec_get_stream hi_mpi_vdec_get_stream(hi_s32 chn)
{
    _aclfn_hi_mpi_vdec_get_stream _acl_fn = (_aclfn_hi_mpi_vdec_get_stream)_aclffi_slot(24);
    struct _aclout_hi_mpi_vdec_get_stream _acl_out;
    memset(&_acl_out, 0, sizeof _acl_out);
    if (_acl_fn == NULL) {
        _acl_out.ret = (hi_s32)200001;
        return _acl_out;
    }
    _acl_out.ret = _acl_fn(chn, (hi_vdec_stream *)&_acl_out.stream);
    return _acl_out;
}

typedef hi_s32 (*_aclfn_hi_mpi_vpc_fill)(hi_vpc_chn, hi_vpc_pic_info, hi_u32 *);
static struct _aclout_hi_mpi_vpc_fill hi_mpi_vpc_fill(hi_vpc_chn chn, uintptr_t pic)
{
    _aclfn_hi_mpi_vpc_fill _acl_fn = (_aclfn_hi_mpi_vpc_fill)_aclffi_slot(25);
    struct _aclout_hi_mpi_vpc_fill _acl_out;
    memset(&_acl_out, 0, sizeof _acl_out);
    if (_acl_fn == NULL) {
        _acl_out.ret = (hi_s32)200001;
        return _acl_out;
    }
    _acl_out.ret = _acl_fn(chn, *(hi_vpc_pic_info *)pic, (hi_u32 *)&_acl_out.task_id);
    return _acl_out;
}

typedef hi_s32 (*_aclfn_hi_mpi_vpc_get_pic)(hi_vpc_chn, hi_vpc_pic_info *);
static struct _aclout_hi_mpi_vpc_get_pic hi_mpi_vpc_get_pic(hi_vpc_chn chn)
{
    _aclfn_hi_mpi_vpc_get_pic _acl_fn = (_aclfn_hi_mpi_vpc_get_pic)_aclffi_slot(26);
    struct _aclout_hi_mpi_vpc_get_pic _acl_out;
    memset(&_acl_out, 0, sizeof _acl_out);
    if (_acl_fn == NULL) {
        _acl_out.ret = (hi_s32)200001;
        return _acl_out;
    }
    _acl_out.ret = _acl_fn(chn, (hi_vpc_pic_info *)&_acl_out.pic);
    return _acl_out;
}
