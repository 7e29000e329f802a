/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_ACL_OP_COMPILER_H_
#define ACL_ACL_OP_COMPILER_H_

#include <stdint.h>
#include <stddef.h>
#include "acl_base_mdl.h"
#include "acl_base_rt.h"
#include "acl_op.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum aclCompileType {
    ACL_COMPILE_SYS = 0,
    ACL_COMPILE_UNREGISTERED = 1,
} aclopCompileType;

typedef enum {
    ACL_PRECISION_MODE = 0,
    ACL_AICORE_NUM = 1,
    ACL_AUTO_TUNE_MODE = 2,
    ACL_OP_SELECT_IMPL_MODE = 3,
    ACL_OPTYPELIST_FOR_IMPLMODE = 4,
    ACL_OP_DEBUG_LEVEL = 5,
    ACL_DEBUG_DIR = 6,
    ACL_OP_COMPILER_CACHE_MODE = 7,
    ACL_OP_COMPILER_CACHE_DIR = 8,
    ACL_OP_PERFORMANCE_MODE = 9,
    ACL_OP_JIT_COMPILE = 10,
    ACL_OP_DETERMINISTIC = 11,
    ACL_CUSTOMIZE_DTYPES = 12,
    ACL_OP_PRECISION_MODE = 13,
    ACL_ALLOW_HF32 = 14,
    ACL_PRECISION_MODE_V2 = 15,
    ACL_OP_DEBUG_OPTION = 16,
} aclCompileOpt;

typedef enum aclCompileFlag {
    ACL_OP_COMPILE_DEFAULT = 0,
    ACL_OP_COMPILE_FUZZ = 1,
} aclOpCompileFlag;

typedef struct aclGraphDumpOption aclGraphDumpOption;

/**
 * Binding point for aclopCompile.
 * @param [in] opType
 * @param [in] numInputs
 * @param [in] inputDesc
 * @param [in] numOutputs
 * @param [in] outputDesc
 * @param [in] attr
 * @param [in] engineType
 * @param [in] compileFlag
 * @param [in] opPath
 */
aclError aclopCompile(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[], int numOutputs, const aclTensorDesc *const outputDesc[], const aclopAttr *attr, aclopEngineType engineType, aclopCompileType compileFlag, const char *opPath);

/**
 * Binding point for aclopCompileAndExecute.
 * @param [in] opType
 * @param [in] numInputs
 * @param [in] inputDesc
 * @param [in] inputs
 * @param [in] numOutputs
 * @param [in] outputDesc
 * @param [in] outputs
 * @param [in] attr
 * @param [in] engineType
 * @param [in] compileFlag
 * @param [in] opPath
 * @param [in] stream
 */
aclError aclopCompileAndExecute(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[], const aclDataBuffer *const inputs[], int numOutputs, const aclTensorDesc *const outputDesc[], aclDataBuffer *const outputs[], const aclopAttr *attr, aclopEngineType engineType, aclopCompileType compileFlag, const char *opPath, aclrtStream stream);

/**
 * Binding point for aclopCompileAndExecuteV2.
 * @param [in] opType
 * @param [in] numInputs
 * @param [in] inputDesc
 * @param [in] inputs
 * @param [in] numOutputs
 * @param [in,out] outputDesc
 * @param [in] outputs
 * @param [in] attr
 * @param [in] engineType
 * @param [in] compileFlag
 * @param [in] opPath
 * @param [in] stream
 */
aclError aclopCompileAndExecuteV2(const char *opType, int numInputs, aclTensorDesc *inputDesc[], aclDataBuffer *inputs[], int numOutputs, aclTensorDesc *outputDesc[], aclDataBuffer *outputs[], aclopAttr *attr, aclopEngineType engineType, aclopCompileType compileFlag, const char *opPath, aclrtStream stream);

/**
 * Binding point for aclSetCompileopt.
 * @param [in] opt (inferred)
 * @param [in] value
 */
aclError aclSetCompileopt(aclCompileOpt opt, const char *value);

/**
 * Binding point for aclGetCompileoptSize.
 * @param [in] opt (inferred)
 */
size_t aclGetCompileoptSize(aclCompileOpt opt);

/**
 * Binding point for aclGetCompileopt.
 * @param [in] opt (inferred)
 * @param [out] value
 * @param [in] length
 */
aclError aclGetCompileopt(aclCompileOpt opt, char *value, size_t length);

/**
 * Binding point for aclopSetCompileFlag.
 * @param [in] flag
 */
aclError aclopSetCompileFlag(aclOpCompileFlag flag);

/**
 * Binding point for aclGenGraphAndDumpForOp.
 * @param [in] opType
 * @param [in] numInputs
 * @param [in] inputDesc
 * @param [in] inputs
 * @param [in] numOutputs
 * @param [in] outputDesc
 * @param [in] outputs
 * @param [in] attr
 * @param [in] engineType
 * @param [in] graphDumpPath
 * @param [in] graphDumpOpt
 */
aclError aclGenGraphAndDumpForOp(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[], const aclDataBuffer *const inputs[], int numOutputs, const aclTensorDesc *const outputDesc[], aclDataBuffer *const outputs[], const aclopAttr *attr, aclopEngineType engineType, const char *graphDumpPath, const aclGraphDumpOption *graphDumpOpt);

/**
 * Binding point for aclCreateGraphDumpOpt.
 */
aclGraphDumpOption *aclCreateGraphDumpOpt();

/**
 * Binding point for aclDestroyGraphDumpOpt.
 * @param [in] graphDumpOpt
 */
aclError aclDestroyGraphDumpOpt(const aclGraphDumpOption *graphDumpOpt);

#ifdef __cplusplus
}
#endif

#endif /* ACL_ACL_OP_COMPILER_H_ */
