/* Init, versions, devices, contexts, garbage handles, messages, buffers, descs, datasets,
 * float16. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

static void *const GARBAGE = (void *)(uintptr_t)0xdeadbeef0ULL;

static void test_init(void)
{
    CHECK_RET(aclFinalize(), ACL_ERROR_UNINITIALIZE);
    CHECK_RET(aclInit("/nonexistent/acl.json"), ACL_ERROR_INVALID_FILE);
    CHECK_MSG("/nonexistent/acl.json");
    const char *path = "basics_config.json";
    FILE *config = fopen(path, "w");
    fputs("{}\n", config);
    fclose(config);
    CHECK_OK(aclInit(path));
    CHECK_RET(aclInit(NULL), ACL_ERROR_REPEAT_INITIALIZE);
    CHECK_OK(aclFinalize());
    CHECK_RET(aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
    CHECK_OK(aclInit(""));
    remove(path);
}

static void test_versions(void)
{
    int32_t major = -1, minor = -1, patch = -1;
    CHECK_OK(aclrtGetVersion(&major, &minor, &patch));
    CHECK(major == ACL_MAJOR_VERSION && minor == ACL_MINOR_VERSION && patch == ACL_PATCH_VERSION);
    aclCANNPackageVersion version;
    CHECK_OK(aclsysGetCANNVersion(ACL_PKG_NAME_RUNTIME, &version));
    CHECK(strlen(version.version) > 0 && strncmp(version.version, version.majorVersion,
                                                 strlen(version.majorVersion)) == 0);
    char text[ACL_PKG_VERSION_MAX_SIZE];
    CHECK_OK(aclsysGetVersionStr("runtime", text));
    CHECK(strcmp(text, version.version) == 0);
    CHECK(strstr(aclrtGetSocName(), "Emulator") != NULL);
    aclrtRunMode mode = ACL_DEVICE;
    CHECK_OK(aclrtGetRunMode(&mode));
    CHECK(mode == ACL_HOST);
}

static void test_devices_and_contexts(void)
{
    uint32_t count = 0;
    CHECK_OK(aclrtGetDeviceCount(&count));
    CHECK(count == 3); /* the test sets ACL_EMU_DEVICE_COUNT=3 */
    int32_t device = -1;
    CHECK_RET(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL);
    CHECK_RET(aclrtSetDevice((int32_t)count), ACL_ERROR_RT_INVALID_DEVICEID);
    CHECK_RET(aclrtSetDevice(-1), ACL_ERROR_RT_INVALID_DEVICEID);

    CHECK_OK(aclrtSetDevice(1));
    CHECK_OK(aclrtSetDevice(1));
    CHECK_OK(aclrtGetDevice(&device));
    CHECK(device == 1);
    aclrtContext default_ctx = NULL;
    CHECK_OK(aclrtGetCurrentContext(&default_ctx));
    CHECK_RET(aclrtDestroyContext(default_ctx), ACL_ERROR_INVALID_PARAM);

    aclrtContext ctx = NULL;
    CHECK_OK(aclrtCreateContext(&ctx, 2));
    CHECK_OK(aclrtGetDevice(&device));
    CHECK(device == 2); /* a new context becomes current */
    aclrtStream stream = NULL;
    CHECK_OK(aclrtCreateStream(&stream));
    CHECK_OK(aclrtSetCurrentContext(default_ctx));
    CHECK_OK(aclrtGetDevice(&device));
    CHECK(device == 1);
    CHECK_OK(aclrtDestroyContext(ctx)); /* also destroys its stream */
    CHECK_RET(aclrtDestroyStream(stream), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclrtSetCurrentContext(ctx), ACL_ERROR_INVALID_PARAM);

    /* two references: the first reset keeps the default context */
    CHECK_OK(aclrtResetDevice(1));
    CHECK_OK(aclrtGetDevice(&device));
    CHECK_OK(aclrtResetDevice(1));
    CHECK_RET(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL);
    CHECK_RET(aclrtCreateStream(&stream), ACL_ERROR_RT_CONTEXT_NULL);

    CHECK_OK(aclrtSetDevice(0));
    CHECK_OK(aclrtSetDevice(0));
    CHECK_OK(aclrtResetDeviceForce(0));
    CHECK_RET(aclrtGetDevice(&device), ACL_ERROR_RT_CONTEXT_NULL);
}

static void test_device_properties(void)
{
    int64_t value = 0;
    CHECK_OK(aclrtGetDeviceInfo(2, ACL_DEV_ATTR_AICORE_CORE_NUM, &value));
    CHECK(value > 0);
    CHECK_OK(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE, &value));
    CHECK(value == 8LL * 1024 * 1024 * 1024);
    CHECK_RET(aclrtGetDeviceInfo(3, ACL_DEV_ATTR_AICORE_CORE_NUM, &value), ACL_ERROR_RT_INVALID_DEVICEID);
    CHECK_RET(aclrtGetDeviceInfo(0, (aclrtDevAttr)12345, &value), ACL_ERROR_INVALID_PARAM);
    CHECK_OK(aclGetDeviceCapability(0, ACL_DEVICE_INFO_L2_SIZE, &value));
    CHECK(value > 0);
    CHECK_OK(aclrtSetOpExecuteTimeOut(3));
    uint32_t timeout_ms = 0;
    CHECK_OK(aclrtGetOpExecuteTimeout(&timeout_ms));
    CHECK(timeout_ms == 3000);
    aclrtFloatOverflowMode mode = ACL_RT_OVERFLOW_MODE_UNDEF;
    CHECK_OK(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION));
    CHECK_OK(aclrtGetDeviceSatMode(&mode));
    CHECK(mode == ACL_RT_OVERFLOW_MODE_SATURATION);
    CHECK_RET(aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_UNDEF), ACL_ERROR_INVALID_PARAM);

    /* the thread's last error code: peek keeps it, get clears it */
    CHECK_RET(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_WARP_SIZE, NULL), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclrtPeekAtLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclrtGetLastError(ACL_RT_THREAD_LEVEL), ACL_ERROR_INVALID_PARAM);
    CHECK_OK(aclrtGetLastError(ACL_RT_THREAD_LEVEL));
}

static void test_garbage_handles(void)
{
    CHECK_OK(aclrtSetDevice(0));
    CHECK_RET(aclrtDestroyStream(GARBAGE), ACL_ERROR_INVALID_PARAM);
    CHECK_MSG("not a live stream");
    CHECK_RET(aclrtSynchronizeStream(GARBAGE), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclrtDestroyEvent(GARBAGE), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclrtRecordEvent(GARBAGE, NULL), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclrtSynchronizeEvent(NULL), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclrtDestroyContext(GARBAGE), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclrtSetCurrentContext(NULL), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclDestroyDataBuffer(GARBAGE), ACL_ERROR_INVALID_PARAM);
    CHECK(aclGetDataBufferAddr(GARBAGE) == NULL);
    CHECK(aclGetDataBufferSizeV2(NULL) == 0);
    CHECK(aclGetTensorDescNumDims(GARBAGE) == 0);
    CHECK(aclGetTensorDescType(GARBAGE) == ACL_DT_UNDEFINED);
    aclDestroyTensorDesc(GARBAGE);
    CHECK_RET(aclmdlDestroyDataset(GARBAGE), ACL_ERROR_INVALID_PARAM);
    CHECK(aclmdlGetDatasetNumBuffers(GARBAGE) == 0);
    CHECK(aclrtGetTaskIdFromExceptionInfo(GARBAGE) == 0xFFFFFFFFu);
    aclrtStreamStatus status;
    CHECK_RET(aclrtStreamQuery(GARBAGE, &status), ACL_ERROR_INVALID_PARAM);
    /* a destroyed handle is garbage too */
    aclrtEvent event = NULL;
    CHECK_OK(aclrtCreateEvent(&event));
    CHECK_OK(aclrtDestroyEvent(event));
    CHECK_RET(aclrtDestroyEvent(event), ACL_ERROR_INVALID_PARAM);
    CHECK_OK(aclrtResetDevice(0));
}

static void test_messages(void)
{
    CHECK_RET(aclrtSetDevice(-5), ACL_ERROR_RT_INVALID_DEVICEID);
    CHECK_MSG("aclrtSetDevice: invalid device id -5");
    CHECK(strcmp(aclGetRecentErrMsg(), "") == 0); /* reading clears it */
    CHECK_RET(aclrtGetDeviceCount(NULL), ACL_ERROR_INVALID_PARAM);
    const char *first = aclGetRecentErrMsg();
    CHECK(strstr(first, "aclrtGetDeviceCount") != NULL);
    CHECK(strstr(first, "100000") != NULL);
    CHECK(aclrtGetDeviceCount(NULL) == ACL_ERROR_INVALID_PARAM && strcmp(first, "") != 0);
}

static void test_buffers(void)
{
    char storage[16];
    aclDataBuffer *buffer = aclCreateDataBuffer(storage, sizeof storage);
    CHECK(buffer != NULL);
    CHECK(aclGetDataBufferAddr(buffer) == storage);
    CHECK(aclGetDataBufferSizeV2(buffer) == sizeof storage);
    CHECK(aclGetDataBufferSize(buffer) == sizeof storage);
    CHECK_OK(aclUpdateDataBuffer(buffer, storage + 4, 8));
    CHECK(aclGetDataBufferAddr(buffer) == storage + 4 && aclGetDataBufferSizeV2(buffer) == 8);
    aclDataBuffer *empty = aclCreateDataBuffer(NULL, 0);
    CHECK(empty != NULL);

    aclmdlDataset *dataset = aclmdlCreateDataset();
    CHECK_OK(aclmdlAddDatasetBuffer(dataset, buffer));
    CHECK_OK(aclmdlAddDatasetBuffer(dataset, empty));
    CHECK_RET(aclmdlAddDatasetBuffer(dataset, GARBAGE), ACL_ERROR_INVALID_PARAM);
    CHECK(aclmdlGetDatasetNumBuffers(dataset) == 2);
    CHECK(aclmdlGetDatasetBuffer(dataset, 1) == empty);
    CHECK(aclmdlGetDatasetBuffer(dataset, 2) == NULL);
    CHECK(aclmdlGetDatasetTensorDesc(dataset, 0) == NULL);
    int64_t dims[2] = {2, 3};
    aclTensorDesc *desc = aclCreateTensorDesc(ACL_FLOAT, 2, dims, ACL_FORMAT_ND);
    CHECK_OK(aclmdlSetDatasetTensorDesc(dataset, desc, 0));
    CHECK_RET(aclmdlSetDatasetTensorDesc(dataset, desc, 5), ACL_ERROR_INVALID_PARAM);
    aclDestroyTensorDesc(desc); /* the dataset keeps its own copy */
    aclTensorDesc *kept = aclmdlGetDatasetTensorDesc(dataset, 0);
    CHECK(kept != NULL && aclGetTensorDescSize(kept) == 24);
    CHECK_OK(aclmdlDestroyDataset(dataset));
    CHECK(aclGetDataBufferAddr(buffer) == storage + 4); /* buffers are not owned */
    CHECK_OK(aclDestroyDataBuffer(buffer));
    CHECK_RET(aclDestroyDataBuffer(buffer), ACL_ERROR_INVALID_PARAM);
    CHECK_OK(aclDestroyDataBuffer(empty));

    CHECK(aclDataTypeSize(ACL_FLOAT16) == 2 && aclDataTypeSize(ACL_INT64) == 8 && aclDataTypeSize(ACL_BOOL) == 1);
    CHECK(aclDataTypeSize(ACL_COMPLEX128) == 16 && aclDataTypeSize(ACL_STRING) == 0);
}

static void test_tensor_desc(void)
{
    int64_t dims[4] = {1, 3, 4, 5};
    aclTensorDesc *desc = aclCreateTensorDesc(ACL_FLOAT16, 4, dims, ACL_FORMAT_NCHW);
    CHECK(desc != NULL);
    CHECK(aclCreateTensorDesc(ACL_FLOAT, 2, NULL, ACL_FORMAT_ND) == NULL);
    CHECK(aclGetTensorDescType(desc) == ACL_FLOAT16);
    CHECK(aclGetTensorDescFormat(desc) == ACL_FORMAT_NCHW);
    CHECK(aclGetTensorDescNumDims(desc) == 4);
    CHECK(aclGetTensorDescElementCount(desc) == 60);
    CHECK(aclGetTensorDescSize(desc) == 120);
    int64_t dim = 0;
    CHECK_OK(aclGetTensorDescDimV2(desc, 2, &dim));
    CHECK(dim == 4);
    CHECK_RET(aclGetTensorDescDimV2(desc, 4, &dim), ACL_ERROR_INVALID_PARAM);
    int64_t range[2] = {0, 0};
    CHECK_OK(aclGetTensorDescDimRange(desc, 3, 2, range));
    CHECK(range[0] == 5 && range[1] == 5);
    int64_t ranges[4][2] = {{1, 1}, {3, 3}, {1, 16}, {1, -1}};
    CHECK_OK(aclSetTensorShapeRange(desc, 4, ranges));
    CHECK_OK(aclGetTensorDescDimRange(desc, 2, 2, range));
    CHECK(range[0] == 1 && range[1] == 16);
    CHECK_OK(aclSetTensorValueRange(desc, 1, ranges));

    CHECK(strcmp(aclGetTensorDescName(desc), "") == 0);
    aclSetTensorDescName(desc, "input0");
    CHECK(strcmp(aclGetTensorDescName(desc), "input0") == 0);
    CHECK_OK(aclSetTensorDynamicInput(desc, "x"));
    CHECK_OK(aclSetTensorFormat(desc, ACL_FORMAT_NHWC));
    CHECK(aclGetTensorDescFormat(desc) == ACL_FORMAT_NHWC);
    CHECK_OK(aclSetTensorFormat(desc, ACL_FORMAT_NCHW));
    CHECK_OK(aclSetTensorOriginFormat(desc, ACL_FORMAT_NCHW));
    CHECK_OK(aclSetTensorOriginShape(desc, 4, dims));
    CHECK_OK(aclSetTensorPlaceMent(desc, ACL_MEMTYPE_HOST));
    CHECK_RET(aclSetTensorPlaceMent(desc, (aclMemType)9), ACL_ERROR_INVALID_PARAM);
    float constant[2] = {1.0f, 2.0f};
    CHECK_OK(aclSetTensorConst(desc, constant, sizeof constant));
    CHECK(aclGetTensorDescAddress(desc) == NULL);
    CHECK(aclGetTensorDescByIndex(desc, 0) == desc);
    CHECK(aclGetTensorDescByIndex(desc, 1) == NULL);

    aclTensorDesc *nhwc = NULL;
    CHECK_OK(aclTransTensorDescFormat(desc, ACL_FORMAT_NHWC, &nhwc));
    CHECK(aclGetTensorDescFormat(nhwc) == ACL_FORMAT_NHWC);
    CHECK_OK(aclGetTensorDescDimV2(nhwc, 3, &dim));
    CHECK(dim == 3); /* C moved last */
    CHECK_OK(aclGetTensorDescDimV2(nhwc, 1, &dim));
    CHECK(dim == 4);
    CHECK(strcmp(aclGetTensorDescName(nhwc), "input0") == 0);
    aclTensorDesc *fractal = NULL;
    CHECK_RET(aclTransTensorDescFormat(desc, ACL_FORMAT_FRACTAL_NZ, &fractal), ACL_ERROR_FORMAT_NOT_MATCH);

    int64_t new_dims[2] = {7, -1};
    CHECK_OK(aclSetTensorShape(desc, 2, new_dims));
    CHECK(aclGetTensorDescNumDims(desc) == 2);
    CHECK(aclGetTensorDescElementCount(desc) == 0); /* dynamic dim */
    int64_t unknown[1] = {-2};
    CHECK_OK(aclSetTensorShape(desc, 1, unknown));
    CHECK(aclGetTensorDescNumDims(desc) == ACL_UNKNOWN_RANK);
    aclTensorDesc *scalar = aclCreateTensorDesc(ACL_INT32, 0, NULL, ACL_FORMAT_ND);
    CHECK(aclGetTensorDescNumDims(scalar) == 0 && aclGetTensorDescSize(scalar) == 4);
    aclDestroyTensorDesc(scalar);
    aclDestroyTensorDesc(nhwc);
    aclDestroyTensorDesc(desc);
    CHECK(aclGetTensorDescNumDims(desc) == 0);
}

static void test_float16(void)
{
    CHECK(aclFloatToFloat16(1.0f) == 0x3c00);
    CHECK(aclFloatToFloat16(-2.0f) == 0xc000);
    CHECK(aclFloatToFloat16(65504.0f) == 0x7bff);
    CHECK(aclFloatToFloat16(65520.0f) == 0x7c00);       /* rounds to infinity */
    CHECK(aclFloatToFloat16(1.0f + 0x1p-11f) == 0x3c00); /* tie to even: down */
    CHECK(aclFloatToFloat16(1.0f + 3 * 0x1p-11f) == 0x3c02); /* tie to even: up */
    CHECK(aclFloatToFloat16(0x1p-24f) == 0x0001);        /* smallest subnormal */
    CHECK(aclFloatToFloat16(0x1p-25f) == 0x0000);        /* tie to even: zero */
    CHECK(aclFloatToFloat16(0x1.8p-25f) == 0x0001);
    CHECK(aclFloatToFloat16(INFINITY) == 0x7c00);
    CHECK((aclFloatToFloat16(NAN) & 0x7c00) == 0x7c00 && (aclFloatToFloat16(NAN) & 0x03ff) != 0);
    CHECK(aclFloat16ToFloat(0x3c00) == 1.0f);
    CHECK(aclFloat16ToFloat(0x0001) == 0x1p-24f);
    CHECK(aclFloat16ToFloat(0xfbff) == -65504.0f);
    CHECK(isnan(aclFloat16ToFloat(0x7e00)));
    /* every finite half survives a round trip */
    for (uint32_t h = 0; h < 0x10000; ++h) {
        if ((h & 0x7c00) == 0x7c00) {
            continue;
        }
        if (aclFloatToFloat16(aclFloat16ToFloat((aclFloat16)h)) != h) {
            fprintf(stderr, "round trip of half 0x%04x failed\n", h);
            check_failures++;
            break;
        }
    }
}

int main(void)
{
    test_init();
    test_versions();
    test_devices_and_contexts();
    test_device_properties();
    test_garbage_handles();
    test_messages();
    test_buffers();
    test_tensor_desc();
    test_float16();
    CHECK_OK(aclFinalize());
    return finish("test_basics");
}
