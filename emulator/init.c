/* aclInit/aclFinalize, version and platform queries. */
#include "core_lifecycle.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The CANN release the emulator presents itself as (the baseline of our headers). */
#define EMU_CANN_MAJOR "8"
#define EMU_CANN_MINOR "5"
#define EMU_CANN_RELEASE "0"
#define EMU_CANN_PATCH "0"
#define EMU_CANN_VERSION EMU_CANN_MAJOR "." EMU_CANN_MINOR "." EMU_CANN_RELEASE

static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
static bool initialized;
static bool finalized_once;
static uint64_t init_references; /* aclInit calls (repeats included) not yet matched by aclFinalizeReference */
static aclemu_lifecycle_fn lifecycle_hook;

void aclemu_set_lifecycle_hook(aclemu_lifecycle_fn hook)
{
    pthread_mutex_lock(&init_lock);
    lifecycle_hook = hook;
    pthread_mutex_unlock(&init_lock);
}

bool aclemu_initialized(void)
{
    pthread_mutex_lock(&init_lock);
    bool value = initialized;
    pthread_mutex_unlock(&init_lock);
    return value;
}

aclError aclemu_require_init(const char *fn)
{
    if (aclemu_initialized()) {
        return ACL_SUCCESS;
    }
    return aclemu_set_error(ACL_ERROR_UNINITIALIZE, "%s: aclInit has not been called", fn);
}

/* The real runtime reads JSON options (dump, profiling, err_msg_mode...). None of them
 * changes the emulator, but the file must exist and look like a JSON object. */
static aclError check_config_file(const char *path)
{
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_FILE, "aclInit: cannot open config file '%s': %s", path,
                                strerror(errno));
    }
    int c;
    do {
        c = fgetc(file);
    } while (c != EOF && isspace(c));
    fclose(file);
    if (c != EOF && c != '{') {
        return aclemu_set_error(ACL_ERROR_PARSE_FILE, "aclInit: config file '%s' is not a JSON object", path);
    }
    return ACL_SUCCESS;
}

aclError aclInit(const char *configPath)
{
    pthread_mutex_lock(&init_lock);
    if (initialized) {
        init_references++;
        pthread_mutex_unlock(&init_lock);
        return aclemu_set_error(ACL_ERROR_REPEAT_INITIALIZE, "aclInit: already initialized");
    }
    aclError soc_err = aclemu_soc_select("aclInit");
    if (soc_err != ACL_SUCCESS) {
        pthread_mutex_unlock(&init_lock);
        return soc_err;
    }
    if (configPath != NULL && configPath[0] != '\0') {
        aclError err = check_config_file(configPath);
        if (err != ACL_SUCCESS) {
            pthread_mutex_unlock(&init_lock);
            return err;
        }
    }
    aclemu_env_refresh();
    initialized = true;
    init_references = 1;
    aclemu_lifecycle_fn hook = lifecycle_hook;
    pthread_mutex_unlock(&init_lock);
    aclError err = hook != NULL ? hook(true, configPath) : ACL_SUCCESS;
    if (err != ACL_SUCCESS) {
        pthread_mutex_lock(&init_lock);
        initialized = false;
        init_references = 0;
        pthread_mutex_unlock(&init_lock);
    }
    return err;
}

/* Releases every device, context, stream and allocation; a later aclInit starts afresh
 * (the emulator allows re-initialization so one process can run many programs/tests). */
aclError aclFinalize(void)
{
    pthread_mutex_lock(&init_lock);
    if (!initialized) {
        bool repeated = finalized_once;
        pthread_mutex_unlock(&init_lock);
        if (repeated) {
            return aclemu_set_error(ACL_ERROR_REPEAT_FINALIZE, "aclFinalize: already finalized");
        }
        return aclemu_set_error(ACL_ERROR_UNINITIALIZE, "aclFinalize: aclInit has not been called");
    }
    initialized = false;
    finalized_once = true;
    init_references = 0;
    aclemu_lifecycle_fn hook = lifecycle_hook;
    pthread_mutex_unlock(&init_lock);
    aclError hook_err = hook != NULL ? hook(false, NULL) : ACL_SUCCESS;
    aclError err = rt_devices_finalize();
    return err != ACL_SUCCESS ? err : hook_err;
}

/* Each aclInit (a repeated one too) takes a reference; the last one released finalizes. */
aclError aclFinalizeReference(uint64_t *refCount)
{
    pthread_mutex_lock(&init_lock);
    if (!initialized) {
        pthread_mutex_unlock(&init_lock);
        return aclemu_set_error(ACL_ERROR_UNINITIALIZE, "aclFinalizeReference: aclInit has not been called");
    }
    uint64_t left = --init_references;
    pthread_mutex_unlock(&init_lock);
    if (refCount != NULL) {
        *refCount = left;
    }
    return left == 0 ? aclFinalize() : ACL_SUCCESS;
}

aclError aclrtGetVersion(int32_t *majorVersion, int32_t *minorVersion, int32_t *patchVersion)
{
    if (majorVersion == NULL || minorVersion == NULL || patchVersion == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtGetVersion: an output pointer is NULL");
    }
    *majorVersion = ACL_MAJOR_VERSION;
    *minorVersion = ACL_MINOR_VERSION;
    *patchVersion = ACL_PATCH_VERSION;
    return ACL_SUCCESS;
}

static void copy_text(char *dst, size_t capacity, const char *src)
{
    snprintf(dst, capacity, "%s", src);
}

aclError aclsysGetCANNVersion(aclCANNPackageName name, aclCANNPackageVersion *version)
{
    if (version == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclsysGetCANNVersion: version is NULL");
    }
    if ((int)name < (int)ACL_PKG_NAME_CANN || (int)name > (int)ACL_PKG_NAME_DRIVER) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclsysGetCANNVersion: unknown package name %d",
                                (int)name);
    }
    memset(version, 0, sizeof *version);
    copy_text(version->version, sizeof version->version, EMU_CANN_VERSION);
    copy_text(version->majorVersion, sizeof version->majorVersion, EMU_CANN_MAJOR);
    copy_text(version->minorVersion, sizeof version->minorVersion, EMU_CANN_MINOR);
    copy_text(version->releaseVersion, sizeof version->releaseVersion, EMU_CANN_RELEASE);
    copy_text(version->patchVersion, sizeof version->patchVersion, EMU_CANN_PATCH);
    return ACL_SUCCESS;
}

/* versionStr is assumed to hold ACL_PKG_VERSION_MAX_SIZE bytes, like the version field
 * of aclCANNPackageVersion. */
aclError aclsysGetVersionStr(char *pkgName, char *versionStr)
{
    if (pkgName == NULL || versionStr == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclsysGetVersionStr: pkgName or versionStr is NULL");
    }
    copy_text(versionStr, ACL_PKG_VERSION_MAX_SIZE, EMU_CANN_VERSION);
    return ACL_SUCCESS;
}

/* The number of a version string "X.Y.Z[suffix]", as the runtime computes it:
 * X * 10000000 + Y * 100000 + Z * 1000, minus 300 / 200 / 100 for an alpha / beta / rc suffix
 * plus that suffix's number ("8.5.0.alpha002": 80500000 - 300 + 2). -1 when malformed. */
static long long version_number(const char *text)
{
    static const struct {
        const char *word;
        int weight;
    } stages[] = {{"alpha", 300}, {"beta", 200}, {"rc", 100}};
    long long parts[3];
    const char *at = text;
    for (int i = 0; i < 3; ++i) {
        if (!isdigit((unsigned char)*at)) {
            return -1;
        }
        char *end = NULL;
        parts[i] = strtoll(at, &end, 10);
        if (parts[i] > 99 || (i < 2 && *end != '.')) {
            return -1;
        }
        at = i < 2 ? end + 1 : end;
    }
    long long number = parts[0] * 10000000 + parts[1] * 100000 + parts[2] * 1000;
    if (*at == '\0') {
        return number;
    }
    at += *at == '.' || *at == '-' || *at == '_';
    for (size_t i = 0; i < sizeof stages / sizeof stages[0]; ++i) {
        size_t len = strlen(stages[i].word);
        if (strncasecmp(at, stages[i].word, len) == 0) {
            char *end = NULL;
            long long n = isdigit((unsigned char)at[len]) ? strtoll(at + len, &end, 10) : -1;
            return n >= 0 && n < stages[i].weight && *end == '\0' ? number - stages[i].weight + n : -1;
        }
    }
    return -1;
}

/* Every package reports the emulator's one version (as aclsysGetVersionStr does). */
aclError aclsysGetVersionNum(char *pkgName, int32_t *versionNum)
{
    if (pkgName == NULL || versionNum == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclsysGetVersionNum: pkgName or versionNum is NULL");
    }
    long long number = version_number(EMU_CANN_VERSION);
    if (number < 0 || number > INT32_MAX) {
        return aclemu_set_error(ACL_ERROR_INVALID_FILE, "aclsysGetVersionNum: version '%s' has no number",
                                EMU_CANN_VERSION);
    }
    *versionNum = (int32_t)number;
    return ACL_SUCCESS;
}

const char *aclrtGetSocName(void)
{
    return aclemu_soc_name();
}

aclError aclrtGetRunMode(aclrtRunMode *runMode)
{
    if (runMode == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtGetRunMode: runMode is NULL");
    }
    *runMode = ACL_HOST;
    return ACL_SUCCESS;
}
