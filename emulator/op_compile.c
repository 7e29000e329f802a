/*
 * The op compiler API: compilation is a check of the description (kernels are built in), shape
 * inference, and settings that are accepted (and read back) but change nothing.
 */
#include "op_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

aclError op_check_engine(const char *api, aclopEngineType engine, aclopCompileType compile_flag)
{
    if (engine != ACL_ENGINE_SYS && engine != ACL_ENGINE_AICORE && engine != ACL_ENGINE_VECTOR) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown engine type %d", api, (int)engine);
    }
    if (compile_flag != ACL_COMPILE_SYS && compile_flag != ACL_COMPILE_UNREGISTERED) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown compile type %d", api, (int)compile_flag);
    }
    return ACL_SUCCESS;
}

aclError aclopCompile(const char *opType, int numInputs, const aclTensorDesc *const inputDesc[], int numOutputs,
                      const aclTensorDesc *const outputDesc[], const aclopAttr *attr, aclopEngineType engineType,
                      aclopCompileType compileFlag, const char *opPath)
{
    (void)opPath;
    const char *api = "aclopCompile";
    const opk_kernel *kernel = NULL;
    aclError err = aclemu_require_init(api);
    if (err == ACL_SUCCESS) {
        err = op_check_engine(api, engineType, compileFlag);
    }
    if (err == ACL_SUCCESS) {
        err = op_check_descs(api, opType, numInputs, inputDesc, numOutputs, outputDesc, attr, &kernel, NULL);
    }
    return err;
}

aclError aclopInferShape(const char *opType, int numInputs, aclTensorDesc *inputDesc[], aclDataBuffer *inputs[],
                         int numOutputs, aclTensorDesc *outputDesc[], aclopAttr *attr)
{
    const char *api = "aclopInferShape";
    const opk_kernel *kernel = NULL;
    opk_tensor *tensors = NULL;
    aclError err = op_prepare_call(api, opType, numInputs, (const aclTensorDesc *const *)inputDesc, numOutputs,
                                   (const aclTensorDesc *const *)outputDesc, attr, &kernel, &tensors);
    if (err != ACL_SUCCESS) {
        return err;
    }
    for (int j = 0; j < numOutputs; j++) {
        tensors[numInputs + j].dynamic = true; /* the output descs are filled in, whatever shape they had */
    }
    /* Shape inference is a host-side call: input values (Slice offsets...) may be read now. */
    for (int i = 0; inputs != NULL && i < numInputs; i++) {
        if (inputs[i] != NULL && aclemu_handle_is(inputs[i], ACLEMU_KIND_DATA_BUFFER)) {
            tensors[i].data = inputs[i]->data;
            tensors[i].size = inputs[i]->size;
        }
    }
    aclopAttr empty = {0};
    opk_call call = {api, opType, numInputs, numOutputs, tensors, tensors + numInputs, attr != NULL ? attr : &empty,
                     inputs != NULL};
    err = op_infer_outputs(&call, kernel, true);
    if (err == OPK_DEFERRED) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                               "%s: %s needs the values of its shape inputs (constant descs or input buffers)", api,
                               opType);
    }
    for (int j = 0; err == ACL_SUCCESS && j < numOutputs; j++) {
        outputDesc[j]->type = tensors[numInputs + j].dtype;
        err = op_update_desc(api, outputDesc[j], &tensors[numInputs + j]);
    }
    free(tensors);
    return err;
}

aclError aclopSetModelDir(const char *modelDir)
{
    if (modelDir == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclopSetModelDir: modelDir is NULL");
    }
    return ACL_SUCCESS; /* operator models are not needed: kernels are built in */
}

aclError aclopLoad(const void *model, size_t modelSize)
{
    if (model == NULL || modelSize == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclopLoad: model is %s",
                                model == NULL ? "NULL" : "empty (modelSize is 0)");
    }
    return ACL_SUCCESS;
}

aclError aclopSetMaxOpQueueNum(uint64_t maxOpNum)
{
    if (maxOpNum == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclopSetMaxOpQueueNum: maxOpNum must be positive");
    }
    return ACL_SUCCESS;
}

aclError aclopSetCompileFlag(aclOpCompileFlag flag)
{
    if (flag != ACL_OP_COMPILE_DEFAULT && flag != ACL_OP_COMPILE_FUZZ) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclopSetCompileFlag: unknown flag %d", (int)flag);
    }
    return ACL_SUCCESS;
}

/* Compile options are remembered (and read back) but change nothing. */
#define COMPILE_OPT_COUNT 17
static pthread_mutex_t compile_opt_lock = PTHREAD_MUTEX_INITIALIZER;
static char *compile_opts[COMPILE_OPT_COUNT];

static bool compile_opt_valid(aclCompileOpt opt)
{
    return (int)opt >= 0 && (int)opt < COMPILE_OPT_COUNT;
}

aclError aclSetCompileopt(aclCompileOpt opt, const char *value)
{
    if (!compile_opt_valid(opt) || value == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclSetCompileopt: %s",
                                value == NULL ? "value is NULL" : "unknown option");
    }
    char *copy = op_dup_string(value);
    if (copy == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "aclSetCompileopt: out of host memory");
    }
    pthread_mutex_lock(&compile_opt_lock);
    free(compile_opts[opt]);
    compile_opts[opt] = copy;
    pthread_mutex_unlock(&compile_opt_lock);
    return ACL_SUCCESS;
}

size_t aclGetCompileoptSize(aclCompileOpt opt)
{
    if (!compile_opt_valid(opt)) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclGetCompileoptSize: unknown option %d", (int)opt);
        return 0;
    }
    pthread_mutex_lock(&compile_opt_lock);
    size_t size = compile_opts[opt] != NULL ? strlen(compile_opts[opt]) + 1 : 1;
    pthread_mutex_unlock(&compile_opt_lock);
    return size;
}

aclError aclGetCompileopt(aclCompileOpt opt, char *value, size_t length)
{
    if (!compile_opt_valid(opt) || value == NULL || length == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclGetCompileopt: %s",
                                !compile_opt_valid(opt) ? "unknown option" : "value buffer is NULL or empty");
    }
    aclError err = ACL_SUCCESS;
    pthread_mutex_lock(&compile_opt_lock);
    const char *stored = compile_opts[opt] != NULL ? compile_opts[opt] : "";
    if (strlen(stored) + 1 > length) {
        err = ACL_ERROR_INVALID_PARAM;
    } else {
        memcpy(value, stored, strlen(stored) + 1);
    }
    pthread_mutex_unlock(&compile_opt_lock);
    if (err != ACL_SUCCESS) {
        return aclemu_set_error(err, "aclGetCompileopt: value buffer of %zu bytes is too small", length);
    }
    return ACL_SUCCESS;
}
