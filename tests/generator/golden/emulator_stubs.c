#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "acl/acl_base.h"
#include "acl/acl_mdl.h"
#include "acl/acl_prof.h"
#include "acl/acl_rt.h"
#include "acl/dvpp/hi_dvpp_vpc.h"

/* Deprecated API functions are defined and referenced here on purpose. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

extern aclError aclemu_not_supported(const char *fn);

static void aclemu_stub_aclAppLog(aclLogLevel a0, const char *a1, const char *a2, uint32_t a3, const char *a4, ...)
{
    (void)a0;
    (void)a1;
    (void)a2;
    (void)a3;
    (void)a4;
    aclemu_not_supported("aclAppLog");
}
void aclAppLog(aclLogLevel a0, const char *a1, const char *a2, uint32_t a3, const char *a4, ...) __attribute__((weak, alias("aclemu_stub_aclAppLog")));

static void aclemu_stub_aclDestroyTensorDesc(const aclTensorDesc *a0)
{
    (void)a0;
    aclemu_not_supported("aclDestroyTensorDesc");
}
void aclDestroyTensorDesc(const aclTensorDesc *a0) __attribute__((weak, alias("aclemu_stub_aclDestroyTensorDesc")));

static aclmdlDesc *aclemu_stub_aclmdlCreateDesc(void)
{
    aclemu_not_supported("aclmdlCreateDesc");
    return (aclmdlDesc *)0;
}
aclmdlDesc *aclmdlCreateDesc(void) __attribute__((weak, alias("aclemu_stub_aclmdlCreateDesc")));

static aclError aclemu_stub_aclmdlExecuteOp(int a0, const aclTensorDesc *const a1[])
{
    (void)a0;
    (void)a1;
    return (aclError)aclemu_not_supported("aclmdlExecuteOp");
}
aclError aclmdlExecuteOp(int a0, const aclTensorDesc *const a1[]) __attribute__((weak, alias("aclemu_stub_aclmdlExecuteOp")));

static aclError aclemu_stub_aclmdlGetInputDims(const aclmdlDesc *a0, size_t a1, aclmdlIODims *a2)
{
    (void)a0;
    (void)a1;
    (void)a2;
    return (aclError)aclemu_not_supported("aclmdlGetInputDims");
}
aclError aclmdlGetInputDims(const aclmdlDesc *a0, size_t a1, aclmdlIODims *a2) __attribute__((weak, alias("aclemu_stub_aclmdlGetInputDims")));

static aclError aclemu_stub_aclmdlGetInputDynamicDims(const aclmdlDesc *a0, size_t a1, aclmdlIODims *a2, size_t a3)
{
    (void)a0;
    (void)a1;
    (void)a2;
    (void)a3;
    return (aclError)aclemu_not_supported("aclmdlGetInputDynamicDims");
}
aclError aclmdlGetInputDynamicDims(const aclmdlDesc *a0, size_t a1, aclmdlIODims *a2, size_t a3) __attribute__((weak, alias("aclemu_stub_aclmdlGetInputDynamicDims")));

static const char *aclemu_stub_aclmdlGetInputNameByIndex(const aclmdlDesc *a0, size_t a1)
{
    (void)a0;
    (void)a1;
    aclemu_not_supported("aclmdlGetInputNameByIndex");
    return (const char *)0;
}
const char *aclmdlGetInputNameByIndex(const aclmdlDesc *a0, size_t a1) __attribute__((weak, alias("aclemu_stub_aclmdlGetInputNameByIndex")));

static size_t aclemu_stub_aclmdlGetNumInputs(aclmdlDesc *a0)
{
    (void)a0;
    return (size_t)aclemu_not_supported("aclmdlGetNumInputs");
}
size_t aclmdlGetNumInputs(aclmdlDesc *a0) __attribute__((weak, alias("aclemu_stub_aclmdlGetNumInputs")));

static aclError aclemu_stub_aclmdlLoadFromFile(const char *a0, uint32_t *a1)
{
    (void)a0;
    (void)a1;
    return (aclError)aclemu_not_supported("aclmdlLoadFromFile");
}
aclError aclmdlLoadFromFile(const char *a0, uint32_t *a1) __attribute__((weak, alias("aclemu_stub_aclmdlLoadFromFile")));

static aclError aclemu_stub_aclprofGetOpType(const void *a0, size_t a1, uint32_t a2, char *a3, size_t a4)
{
    (void)a0;
    (void)a1;
    (void)a2;
    (void)a3;
    (void)a4;
    return (aclError)aclemu_not_supported("aclprofGetOpType");
}
aclError aclprofGetOpType(const void *a0, size_t a1, uint32_t a2, char *a3, size_t a4) __attribute__((weak, alias("aclemu_stub_aclprofGetOpType")));

static aclError aclemu_stub_aclprofModelUnSubscribe(uint32_t a0)
{
    (void)a0;
    return (aclError)aclemu_not_supported("aclprofModelUnSubscribe");
}
aclError aclprofModelUnSubscribe(uint32_t a0) __attribute__((weak, alias("aclemu_stub_aclprofModelUnSubscribe")));

static aclError aclemu_stub_aclrtCreateContext(aclrtContext *a0, int32_t a1)
{
    (void)a0;
    (void)a1;
    return (aclError)aclemu_not_supported("aclrtCreateContext");
}
aclError aclrtCreateContext(aclrtContext *a0, int32_t a1) __attribute__((weak, alias("aclemu_stub_aclrtCreateContext")));

static aclError aclemu_stub_aclrtGetMemInfo(aclrtMemcpyKind a0, size_t *a1, size_t *a2)
{
    (void)a0;
    (void)a1;
    (void)a2;
    return (aclError)aclemu_not_supported("aclrtGetMemInfo");
}
aclError aclrtGetMemInfo(aclrtMemcpyKind a0, size_t *a1, size_t *a2) __attribute__((weak, alias("aclemu_stub_aclrtGetMemInfo")));

static aclError aclemu_stub_aclrtGetRunMode(aclrtRunMode *a0)
{
    (void)a0;
    return (aclError)aclemu_not_supported("aclrtGetRunMode");
}
aclError aclrtGetRunMode(aclrtRunMode *a0) __attribute__((weak, alias("aclemu_stub_aclrtGetRunMode")));

static const char *aclemu_stub_aclrtGetSocName(void)
{
    aclemu_not_supported("aclrtGetSocName");
    return (const char *)0;
}
const char *aclrtGetSocName(void) __attribute__((weak, alias("aclemu_stub_aclrtGetSocName")));

static aclError aclemu_stub_aclrtGetVersion(int32_t *a0, int32_t *a1, int32_t *a2)
{
    (void)a0;
    (void)a1;
    (void)a2;
    return (aclError)aclemu_not_supported("aclrtGetVersion");
}
aclError aclrtGetVersion(int32_t *a0, int32_t *a1, int32_t *a2) __attribute__((weak, alias("aclemu_stub_aclrtGetVersion")));

static aclError aclemu_stub_aclrtLaunchCallback(aclrtCallback a0, void *a1, uint32_t a2, aclrtStream a3)
{
    (void)a0;
    (void)a1;
    (void)a2;
    (void)a3;
    return (aclError)aclemu_not_supported("aclrtLaunchCallback");
}
aclError aclrtLaunchCallback(aclrtCallback a0, void *a1, uint32_t a2, aclrtStream a3) __attribute__((weak, alias("aclemu_stub_aclrtLaunchCallback")));

static aclError aclemu_stub_aclrtMalloc(void **a0, size_t a1, aclrtMemMallocPolicy a2)
{
    (void)a0;
    (void)a1;
    (void)a2;
    return (aclError)aclemu_not_supported("aclrtMalloc");
}
aclError aclrtMalloc(void **a0, size_t a1, aclrtMemMallocPolicy a2) __attribute__((weak, alias("aclemu_stub_aclrtMalloc")));

static aclError aclemu_stub_aclrtMemcpy(void *a0, size_t a1, const void *a2, size_t a3, aclrtMemcpyKind a4)
{
    (void)a0;
    (void)a1;
    (void)a2;
    (void)a3;
    (void)a4;
    return (aclError)aclemu_not_supported("aclrtMemcpy");
}
aclError aclrtMemcpy(void *a0, size_t a1, const void *a2, size_t a3, aclrtMemcpyKind a4) __attribute__((weak, alias("aclemu_stub_aclrtMemcpy")));

static aclError aclemu_stub_aclrtReserveSlots(uint32_t *a0, void **a1)
{
    (void)a0;
    (void)a1;
    return (aclError)aclemu_not_supported("aclrtReserveSlots");
}
aclError aclrtReserveSlots(uint32_t *a0, void **a1) __attribute__((weak, alias("aclemu_stub_aclrtReserveSlots")));

static aclError aclemu_stub_aclrtSetDevice(int32_t a0)
{
    (void)a0;
    return (aclError)aclemu_not_supported("aclrtSetDevice");
}
aclError aclrtSetDevice(int32_t a0) __attribute__((weak, alias("aclemu_stub_aclrtSetDevice")));

static aclError aclemu_stub_aclrtSynchronizeWithTimeout(float a0, bool a1)
{
    (void)a0;
    (void)a1;
    return (aclError)aclemu_not_supported("aclrtSynchronizeWithTimeout");
}
aclError aclrtSynchronizeWithTimeout(float a0, bool a1) __attribute__((weak, alias("aclemu_stub_aclrtSynchronizeWithTimeout")));

static aclError aclemu_stub_aclrtUnSubscribeReport(uint64_t a0, aclrtStream a1)
{
    (void)a0;
    (void)a1;
    return (aclError)aclemu_not_supported("aclrtUnSubscribeReport");
}
aclError aclrtUnSubscribeReport(uint64_t a0, aclrtStream a1) __attribute__((weak, alias("aclemu_stub_aclrtUnSubscribeReport")));

static hi_s32 aclemu_stub_hi_mpi_sys_init(void)
{
    return (hi_s32)aclemu_not_supported("hi_mpi_sys_init");
}
hi_s32 hi_mpi_sys_init(void) __attribute__((weak, alias("aclemu_stub_hi_mpi_sys_init")));

static hi_s32 aclemu_stub_hi_mpi_vdec_get_stream(hi_s32 a0, hi_vdec_stream *a1)
{
    (void)a0;
    (void)a1;
    return (hi_s32)aclemu_not_supported("hi_mpi_vdec_get_stream");
}
hi_s32 hi_mpi_vdec_get_stream(hi_s32 a0, hi_vdec_stream *a1) __attribute__((weak, alias("aclemu_stub_hi_mpi_vdec_get_stream")));

static hi_s32 aclemu_stub_hi_mpi_vpc_fill(hi_vpc_chn a0, hi_vpc_pic_info a1, hi_u32 *a2)
{
    (void)a0;
    (void)a1;
    (void)a2;
    return (hi_s32)aclemu_not_supported("hi_mpi_vpc_fill");
}
hi_s32 hi_mpi_vpc_fill(hi_vpc_chn a0, hi_vpc_pic_info a1, hi_u32 *a2) __attribute__((weak, alias("aclemu_stub_hi_mpi_vpc_fill")));

static hi_s32 aclemu_stub_hi_mpi_vpc_get_pic(hi_vpc_chn a0, hi_vpc_pic_info *a1)
{
    (void)a0;
    (void)a1;
    return (hi_s32)aclemu_not_supported("hi_mpi_vpc_get_pic");
}
hi_s32 hi_mpi_vpc_get_pic(hi_vpc_chn a0, hi_vpc_pic_info *a1) __attribute__((weak, alias("aclemu_stub_hi_mpi_vpc_get_pic")));

typedef void (*aclemu_fn)(void);

struct aclemu_stub_entry {
    const char *name;
    aclemu_fn stub;
    aclemu_fn bound;
};

#define ACLEMU_STUB_COUNT 27
static const struct aclemu_stub_entry aclemu_stub_table[27] = {
    {"aclAppLog", (aclemu_fn)aclemu_stub_aclAppLog, (aclemu_fn)aclAppLog},
    {"aclDestroyTensorDesc", (aclemu_fn)aclemu_stub_aclDestroyTensorDesc, (aclemu_fn)aclDestroyTensorDesc},
    {"aclmdlCreateDesc", (aclemu_fn)aclemu_stub_aclmdlCreateDesc, (aclemu_fn)aclmdlCreateDesc},
    {"aclmdlExecuteOp", (aclemu_fn)aclemu_stub_aclmdlExecuteOp, (aclemu_fn)aclmdlExecuteOp},
    {"aclmdlGetInputDims", (aclemu_fn)aclemu_stub_aclmdlGetInputDims, (aclemu_fn)aclmdlGetInputDims},
    {"aclmdlGetInputDynamicDims", (aclemu_fn)aclemu_stub_aclmdlGetInputDynamicDims, (aclemu_fn)aclmdlGetInputDynamicDims},
    {"aclmdlGetInputNameByIndex", (aclemu_fn)aclemu_stub_aclmdlGetInputNameByIndex, (aclemu_fn)aclmdlGetInputNameByIndex},
    {"aclmdlGetNumInputs", (aclemu_fn)aclemu_stub_aclmdlGetNumInputs, (aclemu_fn)aclmdlGetNumInputs},
    {"aclmdlLoadFromFile", (aclemu_fn)aclemu_stub_aclmdlLoadFromFile, (aclemu_fn)aclmdlLoadFromFile},
    {"aclprofGetOpType", (aclemu_fn)aclemu_stub_aclprofGetOpType, (aclemu_fn)aclprofGetOpType},
    {"aclprofModelUnSubscribe", (aclemu_fn)aclemu_stub_aclprofModelUnSubscribe, (aclemu_fn)aclprofModelUnSubscribe},
    {"aclrtCreateContext", (aclemu_fn)aclemu_stub_aclrtCreateContext, (aclemu_fn)aclrtCreateContext},
    {"aclrtGetMemInfo", (aclemu_fn)aclemu_stub_aclrtGetMemInfo, (aclemu_fn)aclrtGetMemInfo},
    {"aclrtGetRunMode", (aclemu_fn)aclemu_stub_aclrtGetRunMode, (aclemu_fn)aclrtGetRunMode},
    {"aclrtGetSocName", (aclemu_fn)aclemu_stub_aclrtGetSocName, (aclemu_fn)aclrtGetSocName},
    {"aclrtGetVersion", (aclemu_fn)aclemu_stub_aclrtGetVersion, (aclemu_fn)aclrtGetVersion},
    {"aclrtLaunchCallback", (aclemu_fn)aclemu_stub_aclrtLaunchCallback, (aclemu_fn)aclrtLaunchCallback},
    {"aclrtMalloc", (aclemu_fn)aclemu_stub_aclrtMalloc, (aclemu_fn)aclrtMalloc},
    {"aclrtMemcpy", (aclemu_fn)aclemu_stub_aclrtMemcpy, (aclemu_fn)aclrtMemcpy},
    {"aclrtReserveSlots", (aclemu_fn)aclemu_stub_aclrtReserveSlots, (aclemu_fn)aclrtReserveSlots},
    {"aclrtSetDevice", (aclemu_fn)aclemu_stub_aclrtSetDevice, (aclemu_fn)aclrtSetDevice},
    {"aclrtSynchronizeWithTimeout", (aclemu_fn)aclemu_stub_aclrtSynchronizeWithTimeout, (aclemu_fn)aclrtSynchronizeWithTimeout},
    {"aclrtUnSubscribeReport", (aclemu_fn)aclemu_stub_aclrtUnSubscribeReport, (aclemu_fn)aclrtUnSubscribeReport},
    {"hi_mpi_sys_init", (aclemu_fn)aclemu_stub_hi_mpi_sys_init, (aclemu_fn)hi_mpi_sys_init},
    {"hi_mpi_vdec_get_stream", (aclemu_fn)aclemu_stub_hi_mpi_vdec_get_stream, (aclemu_fn)hi_mpi_vdec_get_stream},
    {"hi_mpi_vpc_fill", (aclemu_fn)aclemu_stub_hi_mpi_vpc_fill, (aclemu_fn)hi_mpi_vpc_fill},
    {"hi_mpi_vpc_get_pic", (aclemu_fn)aclemu_stub_hi_mpi_vpc_get_pic, (aclemu_fn)hi_mpi_vpc_get_pic},
};

static int aclemu_compare_entry(const void *key, const void *entry)
{
    return strcmp((const char *)key, ((const struct aclemu_stub_entry *)entry)->name);
}

int aclemuIsImplemented(const char *name)
{
    const struct aclemu_stub_entry *hit;
    if (name == NULL) {
        return -1;
    }
    hit = (const struct aclemu_stub_entry *)bsearch(name, aclemu_stub_table, ACLEMU_STUB_COUNT,
                                                    sizeof aclemu_stub_table[0], aclemu_compare_entry);
    if (hit == NULL) {
        return -1;
    }
    return hit->bound != hit->stub;
}

int aclemuFunctionCount(void)
{
    return ACLEMU_STUB_COUNT;
}

const char *aclemuFunctionName(int i)
{
    return (i >= 0 && i < ACLEMU_STUB_COUNT) ? aclemu_stub_table[i].name : NULL;
}
