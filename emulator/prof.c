/*
 * aclprof collection lifecycle: configs, aclprofInit / Start / Stop / Finalize, SetConfig.
 *
 * Init names the result directory; Start begins collecting, for the config's devices, the data
 * its type bits ask for (task times, API calls, msproftx marks); Stop ends that collection (the
 * binding then takes the records and writes the files); Finalize ends everything. Collections of
 * disjoint device sets may run at once, as on the runtime.
 */
#define _GNU_SOURCE /* syscall, realpath */
#include "prof_internal.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { MAX_DEVICES = 64, MAX_PATH_LEN = 4096, MAX_SETTING_LEN = 256 };

#define VALID_TYPE_BITS                                                                                          \
    (ACL_PROF_ACL_API | ACL_PROF_TASK_TIME | ACL_PROF_AICORE_METRICS | ACL_PROF_AICPU | ACL_PROF_L2CACHE |        \
     ACL_PROF_HCCL_TRACE | ACL_PROF_TRAINING_TRACE | ACL_PROF_MSPROFTX | ACL_PROF_RUNTIME_API | ACL_PROF_GE_API_L0 | \
     ACL_PROF_TASK_TIME_L0 | ACL_PROF_TASK_MEMORY | ACL_PROF_TASK_TIME_L2 | ACL_PROF_OP_ATTR |                     \
     ACL_PROF_TASK_TIME_L3 | ACL_PROF_GE_API_L1 | ACL_PROF_API_STATS | ACL_PROF_AICORE_SHAPE)

struct aclprofConfig {
    uint32_t num_devices;
    uint32_t devices[MAX_DEVICES];
    aclprofAicoreMetrics metrics;
    uint64_t types;
};

static pthread_mutex_t prof_lock = PTHREAD_MUTEX_INITIALIZER;
static bool inited;                       /* under prof_lock */
static char result_path[MAX_PATH_LEN];    /* under prof_lock */
static uint64_t device_types[MAX_DEVICES]; /* types started per device, 0 when not started */
static bool host_started;                 /* a collection with no device runs */
static uint64_t host_types;
static char settings[ACL_PROF_ARGS_MAX][MAX_SETTING_LEN];

static uint64_t active_types;  /* atomic: OR of the running collections' types */
static uint64_t active_devices; /* atomic: bit per collected device */

uint64_t prof_active_types(void)
{
    return __atomic_load_n(&active_types, __ATOMIC_RELAXED);
}

bool prof_device_collected(int32_t device)
{
    if (device < 0) {
        return prof_active_types() != 0;
    }
    return device < MAX_DEVICES && (__atomic_load_n(&active_devices, __ATOMIC_RELAXED) >> device & 1U) != 0;
}

bool prof_initialized(void)
{
    pthread_mutex_lock(&prof_lock);
    bool result = inited;
    pthread_mutex_unlock(&prof_lock);
    return result;
}

/* Recompute the published state from the per-device table; under prof_lock. */
static void publish_locked(void)
{
    uint64_t types = host_started ? host_types : 0;
    uint64_t devices = 0;
    for (uint32_t d = 0; d < MAX_DEVICES; ++d) {
        if (device_types[d] != 0) {
            types |= device_types[d];
            devices |= 1ULL << d;
        }
    }
    __atomic_store_n(&active_devices, (types & PROF_TASK_BITS) != 0 ? devices : 0, __ATOMIC_RELAXED);
    __atomic_store_n(&active_types, types, __ATOMIC_RELAXED);
    __atomic_store_n(&aclemu_trace_flag, (types & PROF_TASK_BITS) != 0 && devices != 0, __ATOMIC_RELAXED);
}

static bool valid_metrics(aclprofAicoreMetrics m)
{
    return ((int)m >= ACL_AICORE_ARITHMETIC_UTILIZATION && (int)m <= ACL_AICORE_MEMORY_ACCESS) ||
           m == ACL_AICORE_NONE;
}

aclprofConfig *aclprofCreateConfig(uint32_t *deviceIdList, uint32_t deviceNums, aclprofAicoreMetrics aicoreMetrics,
                                   const aclprofAicoreEvents *aicoreEvents, uint64_t dataTypeConfig)
{
    static const char fn[] = "aclprofCreateConfig";
    uint32_t count = aclemu_device_count();
    if (deviceNums > count || deviceNums > MAX_DEVICES) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: deviceNums %u is more than the %u devices", fn, deviceNums,
                         count);
        return NULL;
    }
    if (deviceNums > 0 && deviceIdList == NULL) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: deviceIdList is NULL with deviceNums %u", fn, deviceNums);
        return NULL;
    }
    if (!valid_metrics(aicoreMetrics)) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: aicoreMetrics %d is not an aclprofAicoreMetrics value", fn,
                         (int)aicoreMetrics);
        return NULL;
    }
    if (aicoreEvents != NULL) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: aicoreEvents is reserved and must be NULL", fn);
        return NULL;
    }
    if ((dataTypeConfig & ~(uint64_t)VALID_TYPE_BITS) != 0) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dataTypeConfig 0x%llx has unknown bits 0x%llx", fn,
                         (unsigned long long)dataTypeConfig,
                         (unsigned long long)(dataTypeConfig & ~(uint64_t)VALID_TYPE_BITS));
        return NULL;
    }
    aclprofConfig *config = calloc(1, sizeof *config);
    if (config == NULL) {
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
        return NULL;
    }
    for (uint32_t i = 0; i < deviceNums; ++i) {
        uint32_t d = deviceIdList[i];
        bool repeated = false;
        for (uint32_t j = 0; j < i; ++j) {
            repeated = repeated || deviceIdList[j] == d;
        }
        if (d >= count || repeated) {
            aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: device id %u %s", fn, d,
                             repeated ? "is listed twice" : "does not exist");
            free(config);
            return NULL;
        }
        config->devices[i] = d;
    }
    config->num_devices = deviceNums;
    config->metrics = aicoreMetrics;
    config->types = dataTypeConfig;
    if (aclemu_handle_add(config, PROF_KIND_CONFIG) != ACL_SUCCESS) {
        free(config);
        return NULL;
    }
    return config;
}

static aclError check_config(const aclprofConfig *config, const char *fn)
{
    if (!aclemu_handle_is(config, PROF_KIND_CONFIG)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: profilerConfig %p is not a live aclprofConfig", fn,
                                (const void *)config);
    }
    return ACL_SUCCESS;
}

aclError aclprofDestroyConfig(const aclprofConfig *profilerConfig)
{
    aclError err = check_config(profilerConfig, __func__);
    if (err != ACL_SUCCESS) {
        return err;
    }
    aclemu_handle_remove(profilerConfig, PROF_KIND_CONFIG);
    free((void *)profilerConfig);
    return ACL_SUCCESS;
}

static aclError make_directory(const char *path, const char *fn)
{
    char buf[MAX_PATH_LEN];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p != '\0'; ++p) {
        if (*p == '/') {
            *p = '\0';
            if (mkdir(buf, 0755) != 0 && errno != EEXIST) {
                return aclemu_set_error(ACL_ERROR_INVALID_FILE, "%s: cannot create %s: %s", fn, buf, strerror(errno));
            }
            *p = '/';
        }
    }
    if (mkdir(buf, 0755) != 0 && errno != EEXIST) {
        return aclemu_set_error(ACL_ERROR_INVALID_FILE, "%s: cannot create %s: %s", fn, buf, strerror(errno));
    }
    struct stat st;
    if (stat(buf, &st) != 0 || !S_ISDIR(st.st_mode)) {
        return aclemu_set_error(ACL_ERROR_INVALID_FILE, "%s: %s is not a directory", fn, buf);
    }
    return ACL_SUCCESS;
}

aclError aclprofInit(const char *profilerResultPath, size_t length)
{
    static const char fn[] = "aclprofInit";
    aclError err = aclemu_require_init(fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (profilerResultPath == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: profilerResultPath is NULL", fn);
    }
    size_t actual = strnlen(profilerResultPath, MAX_PATH_LEN);
    if (length == 0 || actual == 0 || actual >= MAX_PATH_LEN || (length != actual && length != actual + 1)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: length %zu does not match the path (%zu characters, at most %d)", fn, length,
                                actual, MAX_PATH_LEN - 1);
    }
    if (prof_any_subscription()) {
        return aclemu_set_error(ACL_ERROR_PROF_API_CONFLICT,
                                "%s: a model is subscribed (aclprofModelSubscribe); unsubscribe it first", fn);
    }
    pthread_mutex_lock(&prof_lock);
    if (inited) {
        pthread_mutex_unlock(&prof_lock);
        return aclemu_set_error(ACL_ERROR_REPEAT_INITIALIZE, "%s: profiling is already initialized", fn);
    }
    err = make_directory(profilerResultPath, fn);
    char resolved[PATH_MAX];
    if (err == ACL_SUCCESS && realpath(profilerResultPath, resolved) == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_FILE, "%s: cannot resolve %s", fn, profilerResultPath);
    }
    if (err == ACL_SUCCESS) {
        snprintf(result_path, sizeof result_path, "%s", resolved);
        inited = true;
    }
    pthread_mutex_unlock(&prof_lock);
    return err;
}

static void stop_all_locked(void)
{
    memset(device_types, 0, sizeof device_types);
    host_started = false;
    host_types = 0;
    publish_locked();
}

static void end_locked(void)
{
    stop_all_locked();
    inited = false;
    memset(settings, 0, sizeof settings);
}

aclError aclprofFinalize(void)
{
    pthread_mutex_lock(&prof_lock);
    if (!inited) {
        pthread_mutex_unlock(&prof_lock);
        return aclemu_set_error(ACL_ERROR_UNINITIALIZE, "aclprofFinalize: aclprofInit was not called");
    }
    /* Like the runtime, a collection still running ends here; its records stay for the binding. */
    end_locked();
    pthread_mutex_unlock(&prof_lock);
    return ACL_SUCCESS;
}

aclError aclprofStart(const aclprofConfig *profilerConfig)
{
    static const char fn[] = "aclprofStart";
    aclError err = check_config(profilerConfig, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&prof_lock);
    if (!inited) {
        pthread_mutex_unlock(&prof_lock);
        return aclemu_set_error(ACL_ERROR_UNINITIALIZE, "%s: aclprofInit was not called", fn);
    }
    bool running = prof_active_types() != 0;
    for (uint32_t i = 0; i < profilerConfig->num_devices; ++i) {
        if (device_types[profilerConfig->devices[i]] != 0) {
            pthread_mutex_unlock(&prof_lock);
            return aclemu_set_error(ACL_ERROR_PROF_ALREADY_RUN, "%s: device %u is already being profiled", fn,
                                    profilerConfig->devices[i]);
        }
    }
    if (profilerConfig->num_devices == 0 && host_started) {
        pthread_mutex_unlock(&prof_lock);
        return aclemu_set_error(ACL_ERROR_PROF_ALREADY_RUN, "%s: a host-only collection is already running", fn);
    }
    if (!running) {
        trace_clear(); /* a new collection starts with an empty recorder */
    }
    /* Zero type bits still mark the device as started (nothing is collected for it). */
    uint64_t types = profilerConfig->types | (1ULL << 63);
    for (uint32_t i = 0; i < profilerConfig->num_devices; ++i) {
        device_types[profilerConfig->devices[i]] = types;
    }
    if (profilerConfig->num_devices == 0) {
        host_started = true;
        host_types = types;
    }
    publish_locked();
    pthread_mutex_unlock(&prof_lock);
    return ACL_SUCCESS;
}

aclError aclprofStop(const aclprofConfig *profilerConfig)
{
    static const char fn[] = "aclprofStop";
    aclError err = check_config(profilerConfig, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&prof_lock);
    if (!inited) {
        pthread_mutex_unlock(&prof_lock);
        return aclemu_set_error(ACL_ERROR_UNINITIALIZE, "%s: aclprofInit was not called", fn);
    }
    uint64_t types = profilerConfig->types | (1ULL << 63);
    for (uint32_t i = 0; i < profilerConfig->num_devices; ++i) {
        uint64_t started = device_types[profilerConfig->devices[i]];
        if (started == 0) {
            pthread_mutex_unlock(&prof_lock);
            return aclemu_set_error(ACL_ERROR_PROF_NOT_RUN, "%s: device %u is not being profiled", fn,
                                    profilerConfig->devices[i]);
        }
        if (started != types) {
            pthread_mutex_unlock(&prof_lock);
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                    "%s: the config's data types differ from those device %u was started with", fn,
                                    profilerConfig->devices[i]);
        }
    }
    if (profilerConfig->num_devices == 0) {
        if (!host_started) {
            pthread_mutex_unlock(&prof_lock);
            return aclemu_set_error(ACL_ERROR_PROF_NOT_RUN, "%s: no host-only collection is running", fn);
        }
        host_started = false;
        host_types = 0;
    }
    for (uint32_t i = 0; i < profilerConfig->num_devices; ++i) {
        device_types[profilerConfig->devices[i]] = 0;
    }
    publish_locked();
    pthread_mutex_unlock(&prof_lock);
    return ACL_SUCCESS;
}

static aclError check_setting(aclprofConfigType type, const char *value, const char *fn)
{
    if (type == ACL_PROF_STORAGE_LIMIT) {
        char *end = NULL;
        unsigned long long mb = strtoull(value, &end, 10);
        if (end == value || strcmp(end, "MB") != 0 || mb < 200 || mb > UINT32_MAX) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                    "%s: ACL_PROF_STORAGE_LIMIT takes \"<N>MB\" with N from 200 to 4294967295, not \"%s\"",
                                    fn, value);
        }
    }
    return ACL_SUCCESS;
}

aclError aclprofSetConfig(aclprofConfigType configType, const char *config, size_t configLength)
{
    static const char fn[] = "aclprofSetConfig";
    if ((int)configType <= ACL_PROF_ARGS_MIN || (int)configType >= ACL_PROF_ARGS_MAX || (int)configType == 2) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: configType %d is not an aclprofConfigType", fn,
                                (int)configType);
    }
    if (config == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: config is NULL", fn);
    }
    size_t actual = strnlen(config, MAX_SETTING_LEN);
    if (configLength == 0 || actual == 0 || actual >= MAX_SETTING_LEN ||
        (configLength != actual && configLength != actual + 1)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: configLength %zu does not match the value (%zu characters, at most %d)", fn,
                                configLength, actual, MAX_SETTING_LEN - 1);
    }
    aclError err = check_setting(configType, config, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&prof_lock);
    if (prof_active_types() != 0) {
        pthread_mutex_unlock(&prof_lock);
        return aclemu_set_error(ACL_ERROR_PROF_ALREADY_RUN, "%s: set options before aclprofStart", fn);
    }
    snprintf(settings[configType], sizeof settings[configType], "%s", config);
    pthread_mutex_unlock(&prof_lock);
    return ACL_SUCCESS;
}

/* ---------------------------------------------------- binding entry points */

uint64_t aclemuProfActiveTypes(void)
{
    return prof_active_types();
}

int32_t aclemuProfResultPath(char *out, size_t len)
{
    if (out == NULL || len == 0) {
        return -1;
    }
    pthread_mutex_lock(&prof_lock);
    snprintf(out, len, "%s", inited ? result_path : "");
    pthread_mutex_unlock(&prof_lock);
    return 0;
}

/* aclFinalize ends profiling: a collection or subscription left running would otherwise outlive
 * the runtime and refuse the next aclprofInit. */
static size_t release_at_finalize(int32_t device, const char *fn)
{
    if (device >= 0) {
        return 0;
    }
    pthread_mutex_lock(&prof_lock);
    size_t left = prof_active_types() != 0 ? 1 : 0;
    end_locked();
    pthread_mutex_unlock(&prof_lock);
    left += prof_forget_subscriptions();
    if (aclemu_strict() && left > 0) {
        aclemu_diag("%s: profiling (%zu collection or subscriptions) was still running", fn, left);
    }
    return left;
}

__attribute__((constructor)) static void register_prof_release(void)
{
    aclemu_on_release(release_at_finalize);
}
