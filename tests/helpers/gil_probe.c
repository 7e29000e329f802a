/*
 * A stand-in libascendcl.so whose functions report whether the calling thread holds the GIL
 * (CPython's PyGILState_Check, looked up in the process), so a test loading it as the "cann"
 * backend sees, through the binding's own return values, which calls keep the GIL.
 * -1 means the interpreter has no PyGILState_Check.
 */
#include "acl/acl.h"

#include <dlfcn.h>
#include <stdint.h>

static int32_t gil_held(void)
{
    int (*check)(void) = (int (*)(void))dlsym(RTLD_DEFAULT, "PyGILState_Check");
    return check != NULL ? check() : -1;
}

aclError aclInit(const char *configPath)
{
    (void)configPath;
    return ACL_SUCCESS;
}

aclError aclFinalize(void)
{
    return ACL_SUCCESS;
}

/* listed in tools/data/keeps_gil.json: bound directly (a pointer, an error code, a size) */
aclDataBuffer *aclCreateDataBuffer(void *data, size_t size)
{
    (void)data;
    (void)size;
    return (aclDataBuffer *)(uintptr_t)(0x1000 + gil_held());
}

aclError aclDestroyDataBuffer(const aclDataBuffer *dataBuffer)
{
    (void)dataBuffer;
    return gil_held();
}

size_t aclmdlGetNumInputs(aclmdlDesc *modelDesc)
{
    (void)modelDesc;
    return (size_t)gil_held();
}

/* listed: out-parameters, through the generated _aclinto_ shim */
aclError aclrtGetVersion(int32_t *majorVersion, int32_t *minorVersion, int32_t *patchVersion)
{
    *majorVersion = *minorVersion = *patchVersion = gil_held();
    return ACL_SUCCESS;
}

/* not listed: an out-parameter through the _aclpack_ shim, and a direct call */
aclError aclrtGetDevice(int32_t *deviceId)
{
    *deviceId = gil_held();
    return ACL_SUCCESS;
}

aclError aclrtSynchronizeStream(aclrtStream stream)
{
    (void)stream;
    return gil_held();
}
