/*
 * A stand-in libascendcl.so from an imaginary CANN release that exports only five functions.
 * Tests load it as the "cann" backend to check that the binding imports, calls what exists, and
 * reports the absent functions by name when they are called.
 */
#include "acl/acl.h"

#include <stddef.h>

/* The values it reports come from the build command (tests/helpers/partial_cann.py), so the
 * tests compare against one source of truth. */
#if !defined(PARTIAL_SOC_NAME) || !defined(PARTIAL_DEVICE_COUNT) || !defined(PARTIAL_VERSION_MAJOR) \
    || !defined(PARTIAL_VERSION_MINOR) || !defined(PARTIAL_VERSION_PATCH)
#error "build with -DPARTIAL_SOC_NAME=... -DPARTIAL_DEVICE_COUNT=... -DPARTIAL_VERSION_{MAJOR,MINOR,PATCH}=..."
#endif

/* Stateless on purpose: the tests only need the calls to reach this library. */
aclError aclInit(const char *configPath)
{
    (void)configPath;
    return ACL_SUCCESS;
}

aclError aclFinalize(void)
{
    return ACL_SUCCESS;
}

aclError aclrtGetVersion(int32_t *majorVersion, int32_t *minorVersion, int32_t *patchVersion)
{
    if (majorVersion == NULL || minorVersion == NULL || patchVersion == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    *majorVersion = PARTIAL_VERSION_MAJOR;
    *minorVersion = PARTIAL_VERSION_MINOR;
    *patchVersion = PARTIAL_VERSION_PATCH;
    return ACL_SUCCESS;
}

const char *aclrtGetSocName(void)
{
    return PARTIAL_SOC_NAME;
}

aclError aclrtGetDeviceCount(uint32_t *count)
{
    if (count == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    *count = (uint32_t)PARTIAL_DEVICE_COUNT;
    return ACL_SUCCESS;
}
