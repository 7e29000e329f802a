/* C-level checks of the op and BLAS APIs for arguments Python cannot easily pass (NULL arrays,
 * negative counts, NULL handles), run against libaclemu.so. Prints "ok" when every check passed. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "acl/acl.h"
#include "acl/acl_op_compiler.h"
#include "acl/ops/acl_cblas.h"

static int failures;

#define EXPECT(expr, code)                                                                                   \
    do {                                                                                                     \
        long got_ = (long)(expr);                                                                            \
        if (got_ != (long)(code)) {                                                                          \
            fprintf(stderr, "%s:%d: %s gave %ld, expected %ld [%s]\n", __FILE__, __LINE__, #expr, got_,    \
                    (long)(code), aclGetRecentErrMsg());                                                     \
            failures++;                                                                                      \
        }                                                                                                    \
    } while (0)

int main(void)
{
    EXPECT(aclInit(NULL), ACL_SUCCESS);
    EXPECT(aclrtSetDevice(0), ACL_SUCCESS);
    aclrtContext context = NULL;
    EXPECT(aclrtCreateContext(&context, 0), ACL_SUCCESS);
    aclrtStream stream = NULL;
    EXPECT(aclrtCreateStream(&stream), ACL_SUCCESS);

    int64_t dims[1] = {4};
    aclTensorDesc *desc = aclCreateTensorDesc(ACL_FLOAT, 1, dims, ACL_FORMAT_ND);
    float x[4] = {1, -2, 3, -4}, y[4] = {0};
    aclDataBuffer *in = aclCreateDataBuffer(x, sizeof x);
    aclDataBuffer *out = aclCreateDataBuffer(y, sizeof y);
    aclTensorDesc *descs[1] = {desc};
    aclDataBuffer *ins[1] = {in}, *outs[1] = {out};

    /* a working call first, so that the failures below are about their one bad argument */
    EXPECT(aclopExecuteV2("Abs", 1, descs, ins, 1, descs, outs, NULL, stream), ACL_SUCCESS);
    EXPECT(aclrtSynchronizeStream(stream), ACL_SUCCESS);
    if (y[0] != 1 || y[1] != 2 || y[2] != 3 || y[3] != 4) {
        fprintf(stderr, "Abs gave %g %g %g %g\n", y[0], y[1], y[2], y[3]);
        failures++;
    }

    EXPECT(aclopExecuteV2(NULL, 1, descs, ins, 1, descs, outs, NULL, stream), ACL_ERROR_INVALID_PARAM);
    EXPECT(aclopExecuteV2("Abs", 1, NULL, ins, 1, descs, outs, NULL, stream), ACL_ERROR_INVALID_PARAM);
    EXPECT(aclopExecuteV2("Abs", 1, descs, NULL, 1, descs, outs, NULL, stream), ACL_ERROR_INVALID_PARAM);
    EXPECT(aclopExecuteV2("Abs", 1, descs, ins, 1, descs, NULL, NULL, stream), ACL_ERROR_INVALID_PARAM);
    EXPECT(aclopExecuteV2("Abs", -1, descs, ins, 1, descs, outs, NULL, stream), ACL_ERROR_INVALID_PARAM);
    EXPECT(aclopExecuteV2("Abs", 1, descs, ins, 2, descs, outs, NULL, stream), ACL_ERROR_OP_OUTPUT_NOT_MATCH);
    EXPECT(aclopExecuteV2("Abs", 1, descs, ins, 1, descs, outs, (aclopAttr *)x, stream), ACL_ERROR_INVALID_PARAM);
    if (strstr(aclGetRecentErrMsg(), "aclopAttr") == NULL) {
        fprintf(stderr, "garbage attr message: %s\n", aclGetRecentErrMsg());
        failures++;
    }

    aclopAttr *attr = aclopCreateAttr();
    const int64_t first[2] = {1, 2};
    const int64_t *lists[2] = {first, NULL};
    int lengths[2] = {2, 1};
    EXPECT(aclopSetAttrListListInt(attr, "nested", 2, lengths, lists), ACL_ERROR_INVALID_PARAM); /* NULL inner */
    lengths[1] = 0;
    EXPECT(aclopSetAttrListListInt(attr, "nested", 2, lengths, lists), ACL_SUCCESS);
    EXPECT(aclopSetAttrListInt(attr, "ints", 3, NULL), ACL_ERROR_INVALID_PARAM);
    EXPECT(aclopSetAttrListInt(attr, "ints", -1, first), ACL_ERROR_INVALID_PARAM);
    EXPECT(aclopSetAttrString(attr, "s", NULL), ACL_ERROR_INVALID_PARAM);
    const char *strings[2] = {"a", NULL};
    EXPECT(aclopSetAttrListString(attr, "strings", 2, strings), ACL_ERROR_INVALID_PARAM);
    aclopDestroyAttr(attr);
    aclopDestroyAttr(NULL);

    aclopHandle *handle = NULL;
    EXPECT(aclopCreateHandle("Abs", 1, (const aclTensorDesc *const *)descs, 1, (const aclTensorDesc *const *)descs,
                             NULL, NULL),
           ACL_ERROR_INVALID_PARAM);
    EXPECT(aclopCreateHandle("Abs", 1, (const aclTensorDesc *const *)descs, 1, (const aclTensorDesc *const *)descs,
                             NULL, &handle),
           ACL_SUCCESS);
    EXPECT(aclopExecWithHandle(handle, 1, NULL, 1, outs, stream), ACL_ERROR_INVALID_PARAM);
    aclopDestroyHandle(handle);
    aclopDestroyHandle(NULL);
    EXPECT(aclopExecWithHandle(handle, 1, (const aclDataBuffer *const *)ins, 1, outs, stream), ACL_ERROR_INVALID_PARAM);

    EXPECT(aclopCast(NULL, in, desc, out, 0, stream), ACL_ERROR_INVALID_PARAM);
    EXPECT(aclopCast(desc, in, NULL, out, 0, stream), ACL_ERROR_INVALID_PARAM);
    EXPECT(aclopCreateHandleForCast(desc, desc, 0, NULL), ACL_ERROR_INVALID_PARAM);

    float one = 1.0f;
    EXPECT(aclblasGemmEx(ACL_TRANS_N, ACL_TRANS_N, ACL_TRANS_N, 2, 2, 1, NULL, x, -1, ACL_FLOAT, x, -1, ACL_FLOAT, &one,
                         y, -1, ACL_FLOAT, ACL_COMPUTE_HIGH_PRECISION, stream),
           ACL_ERROR_INVALID_PARAM);
    EXPECT(aclblasCreateHandleForGemmEx(ACL_TRANS_N, ACL_TRANS_N, ACL_TRANS_N, 2, 2, 1, ACL_FLOAT, ACL_FLOAT,
                                        ACL_FLOAT, ACL_COMPUTE_HIGH_PRECISION, NULL),
           ACL_ERROR_INVALID_PARAM);

    EXPECT(aclSetCompileopt(ACL_PRECISION_MODE, "allow_fp32_to_fp16"), ACL_SUCCESS);
    char value[64];
    EXPECT(aclGetCompileoptSize(ACL_PRECISION_MODE), strlen("allow_fp32_to_fp16") + 1);
    EXPECT(aclGetCompileopt(ACL_PRECISION_MODE, value, sizeof value), ACL_SUCCESS);
    EXPECT(strcmp(value, "allow_fp32_to_fp16"), 0);
    EXPECT(aclGetCompileopt(ACL_PRECISION_MODE, value, 4), ACL_ERROR_INVALID_PARAM);
    EXPECT(aclopSetCompileFlag(ACL_OP_COMPILE_FUZZ), ACL_SUCCESS);

    EXPECT(aclrtSynchronizeStream(stream), ACL_SUCCESS);
    aclDestroyDataBuffer(in);
    aclDestroyDataBuffer(out);
    aclDestroyTensorDesc(desc);
    EXPECT(aclrtDestroyStream(stream), ACL_SUCCESS);
    EXPECT(aclrtDestroyContext(context), ACL_SUCCESS);
    EXPECT(aclrtResetDevice(0), ACL_SUCCESS);
    EXPECT(aclFinalize(), ACL_SUCCESS);
    if (failures == 0) {
        printf("ok\n");
    }
    return failures == 0 ? 0 : 1;
}
