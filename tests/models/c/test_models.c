/*
 * C-level tests of the emulator's model area, independent of Python and onnxruntime: a tiny
 * executor written here stands in for the real one. Its "models" are the bytes "FAKE:<kind>";
 * every model doubles a float32 input (or copies a float16 one) into its single output.
 */
#include "check.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acl/acl_mdl.h"
#include "acl/error_codes/ge_error_codes.h"
#include "model_executor.h"

enum fake_kind { FAKE_STATIC = 1, FAKE_BATCH, FAKE_HW, FAKE_DIMS, FAKE_SLOW, FAKE_FP16, FAKE_FAULT };

static atomic_int runs;
static atomic_int unloads;

static int32_t fake_load(const void *data, size_t size, uint64_t *token, size_t *num_inputs, size_t *num_outputs,
                         char *msg, size_t msg_len)
{
    static const char *const kinds[] = {"", "FAKE:static", "FAKE:batch", "FAKE:hw", "FAKE:dims", "FAKE:slow",
                                        "FAKE:fp16", "FAKE:fault"};
    for (uint64_t k = FAKE_STATIC; k <= FAKE_FAULT; ++k) {
        if (size == strlen(kinds[k]) && memcmp(data, kinds[k], size) == 0) {
            *token = k;
            *num_inputs = 1;
            *num_outputs = 1;
            return ACL_SUCCESS;
        }
    }
    snprintf(msg, msg_len, "fake executor: unknown model");
    return (int32_t)ACL_ERROR_GE_EXEC_MODEL_DATA_SIZE_INVALID;
}

static int32_t fake_describe(uint64_t token, int32_t is_output, size_t index, char *name, size_t name_len,
                             int32_t *dtype, int32_t *format, size_t *rank, int64_t *dims)
{
    (void)index;
    snprintf(name, name_len, "%s", is_output ? "y" : "x");
    *dtype = token == FAKE_FP16 ? ACL_FLOAT16 : ACL_FLOAT;
    *format = ACL_FORMAT_ND;
    switch (token) {
    case FAKE_BATCH:
        *rank = 2, dims[0] = -1, dims[1] = 3;
        break;
    case FAKE_HW:
        *rank = 4, dims[0] = 1, dims[1] = 1, dims[2] = -1, dims[3] = -1;
        *format = ACL_FORMAT_NCHW;
        break;
    case FAKE_DIMS:
        *rank = 2, dims[0] = -1, dims[1] = -1;
        break;
    case FAKE_FP16:
        *rank = 1, dims[0] = 4;
        break;
    default:
        *rank = 2, dims[0] = 2, dims[1] = 3;
        break;
    }
    return ACL_SUCCESS;
}

static int32_t fake_infer(uint64_t token, const size_t *in_ranks, const int64_t *in_dims, size_t *out_ranks,
                          int64_t *out_dims, char *msg, size_t msg_len)
{
    (void)token, (void)msg, (void)msg_len;
    out_ranks[0] = in_ranks[0];
    memcpy(out_dims, in_dims, sizeof(int64_t) * in_ranks[0]);
    return ACL_SUCCESS;
}

static int32_t fake_run(uint64_t token, void *const *in_data, const size_t *in_sizes, const size_t *in_ranks,
                        const int64_t *in_dims, void *const *out_data, const size_t *out_sizes, size_t *out_ranks,
                        int64_t *out_dims, char *msg, size_t msg_len)
{
    if (token == FAKE_FAULT) {
        snprintf(msg, msg_len, "fake executor: node '/div' divides by zero");
        return (int32_t)ACL_ERROR_RT_MODEL_EXECUTE;
    }
    if (token == FAKE_SLOW) {
        nanosleep(&(struct timespec){0, 200 * 1000 * 1000}, NULL);
    }
    if (in_sizes[0] > out_sizes[0]) {
        snprintf(msg, msg_len, "output buffer too small");
        return (int32_t)ACL_ERROR_GE_PARAM_INVALID;
    }
    if (token == FAKE_FP16) {
        memcpy(out_data[0], in_data[0], in_sizes[0]);
    } else {
        for (size_t i = 0; i < in_sizes[0] / sizeof(float); ++i) {
            ((float *)out_data[0])[i] = 2.0f * ((const float *)in_data[0])[i];
        }
    }
    out_ranks[0] = in_ranks[0];
    memcpy(out_dims, in_dims, sizeof(int64_t) * in_ranks[0]);
    atomic_fetch_add(&runs, 1);
    return ACL_SUCCESS;
}

static void fake_unload(uint64_t token)
{
    (void)token;
    atomic_fetch_add(&unloads, 1);
}

static const aclemu_model_executor fake = {ACLEMU_MODEL_EXECUTOR_ABI, fake_load, fake_describe, fake_infer,
                                           fake_run, fake_unload, NULL, NULL};

static uint32_t load(const char *text)
{
    uint32_t id = 0;
    CHECK_OK(aclmdlLoadFromMem(text, strlen(text), &id));
    return id;
}

/* A dataset of `count` device buffers of the given sizes. */
static aclmdlDataset *dataset_of(size_t count, const size_t *sizes)
{
    aclmdlDataset *ds = aclmdlCreateDataset();
    for (size_t i = 0; i < count; ++i) {
        void *p = NULL;
        CHECK_OK(aclrtMalloc(&p, sizes[i], ACL_MEM_MALLOC_HUGE_FIRST));
        CHECK_OK(aclmdlAddDatasetBuffer(ds, aclCreateDataBuffer(p, sizes[i])));
    }
    return ds;
}

static void dataset_free(aclmdlDataset *ds)
{
    for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(ds); ++i) {
        aclDataBuffer *b = aclmdlGetDatasetBuffer(ds, i);
        aclrtFree(aclGetDataBufferAddr(b));
        aclDestroyDataBuffer(b);
    }
    aclmdlDestroyDataset(ds);
}

static float *buffer_floats(aclmdlDataset *ds, size_t i)
{
    return aclGetDataBufferAddr(aclmdlGetDatasetBuffer(ds, i));
}

static void test_without_executor(void)
{
    uint32_t id = 0;
    CHECK_RET(aclmdlLoadFromMem("FAKE:static", 11, &id), ACL_ERROR_FEATURE_UNSUPPORTED);
    CHECK_MSG("no model executor");
    static const char om[] = "IMOD\1\0\0\0";
    CHECK_OK(aclemuSetModelExecutor(&fake));
    CHECK_RET(aclmdlLoadFromMem(om, sizeof om, &id), ACL_ERROR_INVALID_FILE);
    CHECK_MSG("ONNX model it was converted from");
    aclemu_model_executor wrong = fake;
    wrong.abi_version = 99;
    CHECK_RET(aclemuSetModelExecutor(&wrong), ACL_ERROR_INVALID_PARAM);
}

/* Node lists for the executor's `nodes`: "Add_1" and "/blk/Mul", or one that grows between calls. */
static atomic_int nodes_calls;

static int32_t fake_nodes(uint64_t token, char *buf, size_t buf_len, size_t *needed)
{
    (void)token;
    static const char list[] = "Add_1\0/blk/Mul"; /* sizeof counts the final NUL */
    *needed = sizeof list;
    if (buf != NULL && buf_len >= sizeof list) {
        memcpy(buf, list, sizeof list);
    }
    return ACL_SUCCESS;
}

static int32_t growing_nodes(uint64_t token, char *buf, size_t buf_len, size_t *needed)
{
    (void)token;
    (void)buf_len;
    *needed = (size_t)atomic_fetch_add(&nodes_calls, 1) + 4;
    if (buf != NULL) {
        memset(buf, 'x', 3);
        buf[3] = '\0';
    }
    return ACL_SUCCESS;
}

static const char *op_attr_of(uint32_t id, const char *op)
{
    aclmdlDesc *desc = aclmdlCreateDesc();
    CHECK_OK(aclmdlGetDesc(desc, id));
    static char value[64];
    const char *got = aclmdlGetOpAttr(desc, op, "_datadump_original_op_names");
    snprintf(value, sizeof value, "%s", got == NULL ? "(null)" : got);
    CHECK_OK(aclmdlDestroyDesc(desc));
    return value;
}

static void test_executor_node_names(void)
{
    aclemu_model_executor with_nodes = fake;
    with_nodes.nodes = fake_nodes;
    CHECK_OK(aclemuSetModelExecutor(&with_nodes));
    uint32_t id = load("FAKE:static");
    CHECK_RET(strcmp(op_attr_of(id, "/blk/Mul"), "[8]/blk/Mul"), 0);
    CHECK_RET(strcmp(op_attr_of(id, "Add_1"), "[5]Add_1"), 0);
    CHECK_RET(strcmp(op_attr_of(id, "Add"), ""), 0);
    CHECK_OK(aclmdlUnload(id));

    /* a table of ABI 1 ends before `nodes`: whatever follows it in memory is not read */
    aclemu_model_executor abi1 = with_nodes;
    abi1.abi_version = 1;
    abi1.nodes = (int32_t (*)(uint64_t, char *, size_t, size_t *))(uintptr_t)1;
    CHECK_OK(aclemuSetModelExecutor(&abi1));
    id = load("FAKE:static");
    CHECK_RET(strcmp(op_attr_of(id, "Add_1"), ""), 0);
    CHECK_OK(aclmdlUnload(id));

    aclemu_model_executor growing = fake;
    growing.nodes = growing_nodes;
    CHECK_OK(aclemuSetModelExecutor(&growing));
    CHECK_RET(aclmdlLoadFromMem("FAKE:static", 11, &id), ACL_ERROR_GE_INTERNAL_ERROR);
    CHECK_MSG("node list changed size");
    CHECK_OK(aclemuSetModelExecutor(&fake));
}

static void test_load_errors(void)
{
    uint32_t id = 0;
    CHECK_RET(aclmdlLoadFromMem("garbage", 7, &id), ACL_ERROR_GE_EXEC_MODEL_DATA_SIZE_INVALID);
    CHECK_MSG("unknown model");
    CHECK_RET(aclmdlLoadFromMem("FAKE:static", 0, &id), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclmdlLoadFromMem(NULL, 4, &id), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclmdlLoadFromFile("/nonexistent/model.onnx", &id), ACL_ERROR_GE_EXEC_MODEL_PATH_INVALID);
    CHECK_RET(aclmdlUnload(987654), ACL_ERROR_GE_EXEC_MODEL_ID_INVALID);
    aclmdlDesc *desc = aclmdlCreateDesc();
    CHECK_RET(aclmdlGetDesc(desc, 987654), ACL_ERROR_GE_EXEC_MODEL_ID_INVALID);
    CHECK_RET(aclmdlGetNumInputs(desc), 0); /* not filled */
    CHECK_OK(aclmdlDestroyDesc(desc));
    CHECK_RET(aclmdlDestroyDesc(desc), ACL_ERROR_INVALID_PARAM);
}

static void test_static_model(void)
{
    uint32_t id = load("FAKE:static");
    aclmdlDesc *desc = aclmdlCreateDesc();
    CHECK_OK(aclmdlGetDesc(desc, id));
    CHECK_RET(aclmdlGetNumInputs(desc), 1);
    CHECK_RET(aclmdlGetNumOutputs(desc), 1);
    CHECK_RET(aclmdlGetInputSizeByIndex(desc, 0), 24);
    CHECK_RET(aclmdlGetOutputSizeByIndex(desc, 0), 24);
    CHECK_RET(aclmdlGetInputSizeByIndex(desc, 1), 0);
    CHECK(strcmp(aclmdlGetInputNameByIndex(desc, 0), "x") == 0);
    CHECK(strcmp(aclmdlGetOutputNameByIndex(desc, 0), "y") == 0);
    CHECK(strcmp(aclmdlGetInputNameByIndex(desc, 5), "") == 0);
    CHECK_RET(aclmdlGetInputDataType(desc, 0), ACL_FLOAT);
    CHECK_RET(aclmdlGetInputFormat(desc, 0), ACL_FORMAT_ND);
    size_t index = 99;
    CHECK_OK(aclmdlGetOutputIndexByName(desc, "y", &index));
    CHECK_RET(index, 0);
    CHECK_RET(aclmdlGetInputIndexByName(desc, "nope", &index), ACL_ERROR_INVALID_PARAM);
    aclmdlIODims dims;
    CHECK_OK(aclmdlGetInputDims(desc, 0, &dims));
    CHECK(dims.dimCount == 2 && dims.dims[0] == 2 && dims.dims[1] == 3 && strcmp(dims.name, "x") == 0);
    CHECK_RET(aclmdlGetInputDims(desc, 3, &dims), ACL_ERROR_INVALID_PARAM);
    aclmdlBatch batch;
    CHECK_OK(aclmdlGetDynamicBatch(desc, &batch));
    CHECK_RET(batch.batchCount, 0);

    size_t size24[] = {24};
    aclmdlDataset *in = dataset_of(1, size24);
    aclmdlDataset *out = dataset_of(1, size24);
    for (int i = 0; i < 6; ++i) {
        buffer_floats(in, 0)[i] = (float)i;
    }
    CHECK_OK(aclmdlExecute(id, in, out));
    CHECK(buffer_floats(out, 0)[5] == 10.0f);
    CHECK(aclmdlGetDatasetTensorDesc(out, 0) == NULL); /* static outputs: nothing to report */

    /* Too small an input (float16-sized data for a float32 input) and too small an output. */
    size_t size12[] = {12};
    aclmdlDataset *half = dataset_of(1, size12);
    CHECK_RET(aclmdlExecute(id, half, out), ACL_ERROR_GE_PARAM_INVALID);
    CHECK_MSG("float16");
    CHECK_RET(aclmdlExecute(id, in, half), ACL_ERROR_GE_PARAM_INVALID);
    CHECK_RET(aclmdlExecute(id + 1000, in, out), ACL_ERROR_GE_EXEC_MODEL_ID_INVALID);
    aclmdlDataset *empty = aclmdlCreateDataset();
    CHECK_RET(aclmdlExecute(id, empty, out), ACL_ERROR_GE_PARAM_INVALID);
    CHECK_RET(aclmdlExecute(id, NULL, out), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclmdlExecute(id, (aclmdlDataset *)((char *)in + 8), out), ACL_ERROR_INVALID_PARAM);

    /* Asynchronous execution, then V2 forms. */
    aclrtStream stream = NULL;
    CHECK_OK(aclrtCreateStream(&stream));
    buffer_floats(in, 0)[0] = 7.0f;
    CHECK_OK(aclmdlExecuteAsync(id, in, out, stream));
    CHECK_OK(aclrtSynchronizeStream(stream));
    CHECK(buffer_floats(out, 0)[0] == 14.0f);
    CHECK_RET(aclmdlExecuteAsync(id, half, out, stream), ACL_ERROR_GE_PARAM_INVALID);
    aclmdlExecConfigHandle *config = aclmdlCreateExecConfigHandle();
    int32_t timeout = 1000;
    CHECK_OK(aclmdlSetExecConfigOpt(config, ACL_MDL_STREAM_SYNC_TIMEOUT, &timeout, sizeof timeout));
    CHECK_RET(aclmdlSetExecConfigOpt(config, ACL_MDL_STREAM_SYNC_TIMEOUT, &timeout, 8), ACL_ERROR_INVALID_PARAM);
    buffer_floats(in, 0)[0] = 1.5f;
    CHECK_OK(aclmdlExecuteV2(id, in, out, stream, config));
    CHECK(buffer_floats(out, 0)[0] == 3.0f);
    CHECK_RET(aclmdlExecuteV2(id, in, out, stream, (aclmdlExecConfigHandle *)desc), ACL_ERROR_INVALID_PARAM);
    CHECK_OK(aclmdlExecuteAsyncV2(id, in, out, stream, NULL));
    CHECK_OK(aclrtSynchronizeStream(stream));
    CHECK_OK(aclmdlDestroyExecConfigHandle(config));

    CHECK_OK(aclmdlUnload(id));
    CHECK_RET(aclmdlUnload(id), ACL_ERROR_GE_EXEC_MODEL_ID_INVALID);
    CHECK_RET(aclmdlExecute(id, in, out), ACL_ERROR_GE_EXEC_MODEL_ID_INVALID);
    CHECK_RET(aclmdlGetNumInputs(desc), 1); /* a desc is a snapshot: it outlives the model */
    CHECK_OK(aclmdlDestroyDesc(desc));
    CHECK_OK(aclrtDestroyStream(stream));
    dataset_free(in);
    dataset_free(out);
    dataset_free(half);
    aclmdlDestroyDataset(empty);
}

static void test_unload_while_running(void)
{
    uint32_t id = load("FAKE:slow");
    size_t size24[] = {24};
    aclmdlDataset *in = dataset_of(1, size24);
    aclmdlDataset *out = dataset_of(1, size24);
    buffer_floats(in, 0)[2] = 4.0f;
    aclrtStream stream = NULL;
    CHECK_OK(aclrtCreateStream(&stream));
    int before = atomic_load(&unloads);
    CHECK_OK(aclmdlExecuteAsync(id, in, out, stream));
    CHECK_OK(aclmdlExecuteAsync(id, in, out, stream));
    CHECK_OK(aclmdlUnload(id)); /* the id goes now; the model when both executions are done */
    CHECK_RET(aclmdlExecuteAsync(id, in, out, stream), ACL_ERROR_GE_EXEC_MODEL_ID_INVALID);
    CHECK_RET(atomic_load(&unloads), before);
    CHECK_OK(aclrtSynchronizeStream(stream));
    CHECK_RET(atomic_load(&unloads), before + 1);
    CHECK(buffer_floats(out, 0)[2] == 8.0f);
    CHECK_OK(aclrtDestroyStream(stream));
    dataset_free(in);
    dataset_free(out);
}

static void test_dynamic_batch(void)
{
    uint32_t id = load("FAKE:batch");
    aclmdlDesc *desc = aclmdlCreateDesc();
    CHECK_OK(aclmdlGetDesc(desc, id));
    CHECK_RET(aclmdlGetNumInputs(desc), 2);
    size_t gear_index = 0;
    CHECK_OK(aclmdlGetInputIndexByName(desc, ACL_DYNAMIC_TENSOR_NAME, &gear_index));
    CHECK_RET(gear_index, 1);
    aclmdlBatch batch;
    CHECK_OK(aclmdlGetDynamicBatch(desc, &batch));
    CHECK(batch.batchCount == 3 && batch.batch[0] == 1 && batch.batch[1] == 2 && batch.batch[2] == 5);
    CHECK_RET(aclmdlGetInputSizeByIndex(desc, 0), 5 * 3 * 4);
    CHECK_RET(aclmdlGetOutputSizeByIndex(desc, 0), 5 * 3 * 4);
    aclmdlIODims dims;
    CHECK_OK(aclmdlGetInputDims(desc, 0, &dims));
    CHECK(dims.dimCount == 2 && dims.dims[0] == -1 && dims.dims[1] == 3);
    CHECK_OK(aclmdlGetOutputDims(desc, 0, &dims));
    CHECK(dims.dimCount == 2 && dims.dims[0] == 5);
    aclmdlIODimsRange range;
    CHECK_OK(aclmdlGetInputDimsRange(desc, 0, &range));
    CHECK(range.rangeCount == 2 && range.range[0][0] == 1 && range.range[0][1] == 5 && range.range[1][0] == 3);

    size_t sizes[] = {60, aclmdlGetInputSizeByIndex(desc, 1)};
    aclmdlDataset *in = dataset_of(2, sizes);
    aclmdlDataset *out = dataset_of(1, sizes);
    CHECK_RET(aclmdlExecute(id, in, out), ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID); /* no gear chosen yet */
    CHECK_RET(aclmdlSetDynamicBatchSize(id, in, 1, 3), ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID);
    CHECK_RET(aclmdlSetDynamicBatchSize(id, in, 0, 2), ACL_ERROR_INVALID_PARAM); /* not the gear input */
    CHECK_RET(aclmdlSetDynamicBatchSize(id, in, 1, 0), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclmdlSetDynamicHWSize(id, in, 1, 2, 2), ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID);
    CHECK_OK(aclmdlSetDynamicBatchSize(id, in, 1, 2));
    for (int i = 0; i < 6; ++i) {
        buffer_floats(in, 0)[i] = (float)(i + 1);
    }
    buffer_floats(out, 0)[6] = -1.0f;
    CHECK_OK(aclmdlExecute(id, in, out));
    CHECK(buffer_floats(out, 0)[5] == 12.0f && buffer_floats(out, 0)[6] == -1.0f);
    CHECK_OK(aclmdlGetCurOutputDims(desc, 0, &dims));
    CHECK(dims.dimCount == 2 && dims.dims[0] == 2 && dims.dims[1] == 3);
    const aclTensorDesc *produced = aclmdlGetDatasetTensorDesc(out, 0);
    CHECK(produced != NULL && aclGetTensorDescNumDims(produced) == 2);
    int64_t produced_batch = 0;
    CHECK_OK(aclGetTensorDescDimV2(produced, 0, &produced_batch));
    CHECK_RET(produced_batch, 2);
    /* The same through aclmdlSetInputDynamicDims: full shape of the inputs. */
    aclmdlIODims wanted = {.dimCount = 2, .dims = {5, 3}};
    CHECK_OK(aclmdlSetInputDynamicDims(id, in, 1, &wanted));
    CHECK_OK(aclmdlExecute(id, in, out));
    CHECK_OK(aclmdlGetCurOutputDims(desc, 0, &dims));
    CHECK(dims.dims[0] == 5);
    CHECK_OK(aclmdlUnload(id));
    CHECK_OK(aclmdlDestroyDesc(desc));
    dataset_free(in);
    dataset_free(out);
}

static void test_dynamic_hw_and_dims(void)
{
    uint32_t hw_id = load("FAKE:hw");
    aclmdlDesc *desc = aclmdlCreateDesc();
    CHECK_OK(aclmdlGetDesc(desc, hw_id));
    aclmdlHW hw;
    CHECK_OK(aclmdlGetDynamicHW(desc, (size_t)-1, &hw));
    CHECK(hw.hwCount == 2 && hw.hw[0][0] == 4 && hw.hw[0][1] == 6 && hw.hw[1][0] == 8 && hw.hw[1][1] == 2);
    CHECK_RET(aclmdlGetInputSizeByIndex(desc, 0), 4 * 6 * 4);
    size_t sizes[] = {96, 16};
    aclmdlDataset *in = dataset_of(2, sizes);
    aclmdlDataset *out = dataset_of(1, sizes);
    CHECK_RET(aclmdlSetDynamicHWSize(hw_id, in, 1, 4, 4), ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID);
    CHECK_OK(aclmdlSetDynamicHWSize(hw_id, in, 1, 8, 2));
    buffer_floats(in, 0)[15] = 0.25f;
    CHECK_OK(aclmdlExecute(hw_id, in, out));
    CHECK(buffer_floats(out, 0)[15] == 0.5f);
    CHECK_OK(aclmdlUnload(hw_id));

    uint32_t dims_id = load("FAKE:dims");
    CHECK_OK(aclmdlGetDesc(desc, dims_id));
    size_t gears = 0;
    CHECK_OK(aclmdlGetInputDynamicGearCount(desc, (size_t)-1, &gears));
    CHECK_RET(gears, 2);
    aclmdlIODims all[2];
    CHECK_RET(aclmdlGetInputDynamicDims(desc, (size_t)-1, all, 1), ACL_ERROR_INVALID_PARAM);
    CHECK_OK(aclmdlGetInputDynamicDims(desc, (size_t)-1, all, 2));
    CHECK(all[0].dimCount == 2 && all[0].dims[0] == 1 && all[0].dims[1] == 2);
    CHECK(all[1].dims[0] == 3 && all[1].dims[1] == 4);
    CHECK_RET(aclmdlGetInputSizeByIndex(desc, 0), 12 * 4);
    aclmdlIODims wanted = {.dimCount = 2, .dims = {3, 4}};
    CHECK_OK(aclmdlSetInputDynamicDims(dims_id, in, 1, &wanted));
    wanted.dims[1] = 5;
    CHECK_RET(aclmdlSetInputDynamicDims(dims_id, in, 1, &wanted), ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID);
    CHECK_OK(aclmdlExecute(dims_id, in, out));
    CHECK_OK(aclmdlUnload(dims_id));
    CHECK_OK(aclmdlDestroyDesc(desc));
    dataset_free(in);
    dataset_free(out);
}

static void test_config_and_aipp(void)
{
    aclmdlConfigHandle *config = aclmdlCreateConfigHandle();
    uint32_t id = 0;
    CHECK_RET(aclmdlLoadWithConfig(config, &id), ACL_ERROR_INVALID_PARAM);
    size_t type = ACL_MDL_LOAD_FROM_MEM;
    const void *mem = "FAKE:fp16";
    size_t mem_size = 9;
    CHECK_OK(aclmdlSetConfigOpt(config, ACL_MDL_LOAD_TYPE_SIZET, &type, sizeof type));
    CHECK_RET(aclmdlSetConfigOpt(config, ACL_MDL_LOAD_TYPE_SIZET, &type, 4), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclmdlLoadWithConfig(config, &id), ACL_ERROR_INVALID_PARAM);
    CHECK_MSG("ACL_MDL_MEM_ADDR_PTR");
    CHECK_OK(aclmdlSetConfigOpt(config, ACL_MDL_MEM_ADDR_PTR, &mem, sizeof mem));
    CHECK_OK(aclmdlSetConfigOpt(config, ACL_MDL_MEM_SIZET, &mem_size, sizeof mem_size));
    CHECK_OK(aclmdlLoadWithConfig(config, &id));
    CHECK_OK(aclmdlDestroyConfigHandle(config));

    size_t size8[] = {8};
    aclmdlDataset *in = dataset_of(1, size8);
    aclmdlDataset *out = dataset_of(1, size8);
    uint16_t *half = (uint16_t *)buffer_floats(in, 0);
    half[3] = 0x3c00; /* 1.0 */
    CHECK_OK(aclmdlExecute(id, in, out));
    CHECK(((uint16_t *)buffer_floats(out, 0))[3] == 0x3c00);

    aclmdlAIPP *aipp = aclmdlCreateAIPP(2);
    CHECK(aclmdlCreateAIPP(0) == NULL);
    CHECK_OK(aclmdlSetAIPPInputFormat(aipp, ACL_RGB888_U8));
    CHECK_RET(aclmdlSetAIPPInputFormat(aipp, (aclAippInputFormat)99), ACL_ERROR_INVALID_PARAM);
    CHECK_OK(aclmdlSetAIPPSrcImageSize(aipp, 224, 224));
    CHECK_RET(aclmdlSetAIPPSrcImageSize(aipp, 1, 224), ACL_ERROR_INVALID_PARAM);
    CHECK_OK(aclmdlSetAIPPCropParams(aipp, 1, 0, 0, 100, 100, 1));
    CHECK_RET(aclmdlSetAIPPCropParams(aipp, 1, 0, 0, 100, 100, 2), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclmdlSetAIPPPaddingParams(aipp, 1, 33, 0, 0, 0, 0), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclmdlSetAIPPRbuvSwapSwitch(aipp, 2), ACL_ERROR_INVALID_PARAM);
    CHECK_OK(aclmdlSetAIPPAxSwapSwitch(aipp, 1));
    CHECK_RET(aclmdlSetAIPPScfParams(aipp, 1, 224, 224, 2000, 224, 0), ACL_ERROR_INVALID_PARAM);
    CHECK_OK(aclmdlSetAIPPDtcPixelMean(aipp, 104, 117, 123, 0, 0));
    CHECK_RET(aclmdlSetAIPPDtcPixelMin(aipp, 0.0f, 0.0f, 300.0f, 0.0f, 0), ACL_ERROR_INVALID_PARAM);
    CHECK_OK(aclmdlSetAIPPPixelVarReci(aipp, 1.0f, 1.0f, 1.0f, 1.0f, 1));
    size_t aipp_size = 0;
    CHECK_OK(aclmdlGetAippDataSize(2, &aipp_size));
    CHECK_RET(aipp_size, 64 + 2 * 96);
    CHECK_RET(aclmdlSetInputAIPP(id, in, 0, aipp), ACL_ERROR_GE_AIPP_NOT_EXIST);
    aclmdlInputAippType aipp_type = ACL_DYNAMIC_AIPP_NODE;
    size_t attached = 0;
    CHECK_OK(aclmdlGetAippType(id, 0, &aipp_type, &attached));
    CHECK(aipp_type == ACL_DATA_WITHOUT_AIPP && attached == ACL_INVALID_NODE_INDEX);
    CHECK_OK(aclmdlDestroyAIPP(aipp));
    CHECK_RET(aclmdlDestroyAIPP(aipp), ACL_ERROR_INVALID_PARAM);
    CHECK_OK(aclmdlUnload(id));
    dataset_free(in);
    dataset_free(out);
}

/* ---------------------------------------------------- aclmdlCreateAndGetOpDesc */

/* The fault model's second node "/div" (index 1) fails: its inputs are x + 1 (float32 [2, 3]) and a
 * scalar int32 7; its output's shape is unknown. With `mixed`, tensors of two nodes come (no single
 * failing node). */
static atomic_int fault_mixed;

static int32_t fault_node_tensors(uint64_t token, void *const *in_data, const size_t *in_sizes,
                                  const size_t *in_ranks, const int64_t *in_dims, int32_t want_inputs,
                                  int32_t want_outputs, aclemu_node_tensor_sink sink, void *ctx, char *msg,
                                  size_t msg_len)
{
    (void)token, (void)in_ranks, (void)in_dims, (void)want_inputs, (void)want_outputs;
    float shifted[6];
    for (size_t i = 0; i < 6 && i < in_sizes[0] / sizeof(float); ++i) {
        shifted[i] = ((const float *)in_data[0])[i] + 1.0f;
    }
    const int64_t dims[] = {2, 3};
    const int64_t unknown[] = {-2};
    const int32_t seven = 7;
    if (atomic_load(&fault_mixed)) {
        sink(ctx, 0, "/add", "Add", 1, 0, ACL_FLOAT, 2, dims, shifted, sizeof shifted);
    }
    sink(ctx, 1, "/div", "Div", 0, 0, ACL_FLOAT, 2, dims, shifted, sizeof shifted);
    sink(ctx, 1, "/div", "Div", 0, 1, ACL_INT32, 0, dims, &seven, sizeof seven);
    sink(ctx, 1, "/div", "Div", 1, 0, ACL_DT_UNDEFINED, 1, unknown, NULL, 0);
    snprintf(msg, msg_len, "fake executor: node '/div' divides by zero");
    return (int32_t)ACL_ERROR_RT_MODEL_EXECUTE;
}

typedef struct fault_seen {
    int calls;
    uint32_t ids[3];
    uint32_t first_ids[3]; /* of the first call since calls was reset */
    aclError ret, null_ret, short_ret, unknown_ret;
    char name[32];
    aclTensorDesc *in, *out;
    size_t n_in, n_out;
} fault_seen;
static fault_seen seen;

static void on_fault(aclrtExceptionInfo *info)
{
    seen.calls++;
    uint32_t dev = aclrtGetDeviceIdFromExceptionInfo(info);
    uint32_t str = aclrtGetStreamIdFromExceptionInfo(info);
    uint32_t task = aclrtGetTaskIdFromExceptionInfo(info);
    seen.ids[0] = dev, seen.ids[1] = str, seen.ids[2] = task;
    if (seen.calls == 1) {
        memcpy(seen.first_ids, seen.ids, sizeof seen.ids);
    }
    char name[32];
    aclTensorDesc *in = NULL, *out = NULL;
    size_t n_in = 0, n_out = 0;
    seen.null_ret = aclmdlCreateAndGetOpDesc(dev, str, task, name, sizeof name, NULL, &n_in, &out, &n_out);
    seen.short_ret = aclmdlCreateAndGetOpDesc(dev, str, task, name, 4, &in, &n_in, &out, &n_out);
    seen.unknown_ret = aclmdlCreateAndGetOpDesc(dev, str + 100, task, name, sizeof name, &in, &n_in, &out, &n_out);
    seen.ret = aclmdlCreateAndGetOpDesc(dev, str, task, seen.name, sizeof seen.name, &seen.in, &seen.n_in,
                                        &seen.out, &seen.n_out);
}

static void test_failed_operator_desc(void)
{
    aclemu_model_executor with_tensors = fake;
    with_tensors.node_tensors = fault_node_tensors;
    CHECK_OK(aclemuSetModelExecutor(&with_tensors));
    uint32_t id = load("FAKE:fault");
    size_t size24[] = {24};
    aclmdlDataset *in = dataset_of(1, size24);
    aclmdlDataset *out = dataset_of(1, size24);
    for (int i = 0; i < 6; ++i) {
        buffer_floats(in, 0)[i] = (float)i * 0.5f;
    }
    aclrtStream stream = NULL;
    CHECK_OK(aclrtCreateStream(&stream));
    CHECK_OK(aclrtExceptionInfoCallbackRegister(on_fault));
    CHECK_OK(aclmdlExecuteAsync(id, in, out, stream));
    CHECK_RET(aclrtSynchronizeStream(stream), ACL_ERROR_RT_MODEL_EXECUTE);
    CHECK_RET(seen.calls, 1);
    CHECK_OK(seen.ret);
    CHECK_RET(seen.null_ret, ACL_ERROR_INVALID_PARAM);
    CHECK_RET(seen.short_ret, ACL_ERROR_INVALID_PARAM);
    CHECK_RET(seen.unknown_ret, ACL_ERROR_INVALID_PARAM);
    CHECK_RET(strcmp(seen.name, "/div"), 0);
    CHECK_RET((int)seen.n_in, 2);
    CHECK_RET((int)seen.n_out, 1);
    aclTensorDesc *x = aclGetTensorDescByIndex(seen.in, 0);
    aclTensorDesc *k = aclGetTensorDescByIndex(seen.in, 1);
    CHECK(x == seen.in && k != NULL && aclGetTensorDescByIndex(seen.in, 2) == NULL);
    CHECK_RET(aclGetTensorDescType(x), ACL_FLOAT);
    CHECK_RET(aclGetTensorDescFormat(x), ACL_FORMAT_ND);
    CHECK_RET((int)aclGetTensorDescNumDims(x), 2);
    int64_t dim = 0;
    CHECK_OK(aclGetTensorDescDimV2(x, 1, &dim));
    CHECK_RET((int)dim, 3);
    float back[6];
    CHECK_OK(aclrtMemcpy(back, sizeof back, aclGetTensorDescAddress(x), sizeof back, ACL_MEMCPY_DEVICE_TO_HOST));
    for (int i = 0; i < 6; ++i) {
        CHECK(back[i] == (float)i * 0.5f + 1.0f);
    }
    CHECK_RET(aclGetTensorDescType(k), ACL_INT32);
    CHECK_RET((int)aclGetTensorDescNumDims(k), 0);
    CHECK_RET(*(const int32_t *)aclGetTensorDescAddress(k), 7);
    aclTensorDesc *y = aclGetTensorDescByIndex(seen.out, 0);
    CHECK_RET(aclGetTensorDescType(y), ACL_DT_UNDEFINED);
    CHECK(aclGetTensorDescAddress(y) == NULL);
    CHECK(aclGetTensorDescNumDims(y) == (size_t)ACL_UNKNOWN_RANK); /* the shape [-2] */
    /* asked again after the callback: a second array of its own */
    char name[8];
    aclTensorDesc *again = NULL, *again_out = NULL;
    size_t n_in = 0, n_out = 0;
    CHECK_OK(aclmdlCreateAndGetOpDesc(seen.ids[0], seen.ids[1], seen.ids[2], name, sizeof name, &again, &n_in,
                                      &again_out, &n_out));
    CHECK(again != seen.in && aclGetTensorDescAddress(again) != aclGetTensorDescAddress(x));
    aclDestroyTensorDesc(k); /* not the array's head: refused */
    CHECK_MSG("destroy its first element");
    CHECK_RET(aclGetTensorDescType(k), ACL_INT32);
    void *address = aclGetTensorDescAddress(x);
    aclDestroyTensorDesc(seen.in);
    aclDestroyTensorDesc(seen.out);
    aclDestroyTensorDesc(again);
    aclDestroyTensorDesc(again_out);
    CHECK(aclGetTensorDescByIndex(seen.in, 0) == NULL);
    CHECK_RET(aclrtMemcpy(back, 4, address, 4, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_INVALID_PARAM);

    /* tensors of more than one node: no operator to name */
    atomic_store(&fault_mixed, 1);
    seen.calls = 0;
    CHECK_OK(aclmdlExecuteAsync(id, in, out, stream));
    CHECK_RET(aclrtSynchronizeStream(stream), ACL_ERROR_RT_MODEL_EXECUTE);
    CHECK_RET(seen.calls, 1);
    CHECK_RET(seen.ret, ACL_ERROR_INVALID_PARAM);
    atomic_store(&fault_mixed, 0);

    /* the last 64 failures are kept */
    seen.calls = 0;
    for (int i = 0; i < 65; ++i) {
        CHECK_OK(aclmdlExecuteAsync(id, in, out, stream));
        CHECK_RET(aclrtSynchronizeStream(stream), ACL_ERROR_RT_MODEL_EXECUTE);
        aclDestroyTensorDesc(seen.in);
        aclDestroyTensorDesc(seen.out);
    }
    CHECK_RET(seen.calls, 65);
    CHECK_RET(aclmdlCreateAndGetOpDesc(seen.first_ids[0], seen.first_ids[1], seen.first_ids[2], name, sizeof name,
                                       &again, &n_in, &again_out, &n_out), ACL_ERROR_INVALID_PARAM);
    CHECK_OK(aclmdlCreateAndGetOpDesc(seen.ids[0], seen.ids[1], seen.ids[2], name, sizeof name, &again, &n_in,
                                      &again_out, &n_out));
    aclDestroyTensorDesc(again);
    aclDestroyTensorDesc(again_out);

    /* synchronous execution: no stream task, no callback */
    seen.calls = 0;
    CHECK_RET(aclmdlExecute(id, in, out), ACL_ERROR_RT_MODEL_EXECUTE);
    CHECK_RET(seen.calls, 0);
    CHECK_OK(aclrtExceptionInfoCallbackUnregister(on_fault));
    CHECK_OK(aclrtDestroyStream(stream));
    CHECK_OK(aclmdlUnload(id));
    dataset_free(in);
    dataset_free(out);
    CHECK_OK(aclemuSetModelExecutor(&fake));
}

int main(void)
{
    uint32_t id = 0;
    CHECK_RET(aclmdlLoadFromMem("FAKE:static", 11, &id), ACL_ERROR_UNINITIALIZE);
    CHECK_OK(aclInit(NULL));
    CHECK_RET(aclmdlLoadFromMem("FAKE:static", 11, &id), ACL_ERROR_RT_CONTEXT_NULL);
    CHECK_OK(aclrtSetDevice(0));
    test_without_executor();
    test_load_errors();
    test_executor_node_names();
    test_static_model();
    test_unload_while_running();
    test_dynamic_batch();
    test_dynamic_hw_and_dims();
    test_config_and_aipp();
    test_failed_operator_desc();
    CHECK_RET(atomic_load(&runs) > 0, 1);
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclFinalize());
    return finish("test_models");
}
