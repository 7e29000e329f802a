/*
 * Model data dump (aclmdlInitDump / aclmdlSetDump / aclmdlFinalizeDump, acldumpRegCallback).
 *
 * While a dump is configured, every successful model execution writes the model's inputs and/or
 * outputs (dump_mode "input", "output" (the default) or "all") as raw bytes, one file per tensor:
 *
 *   <dump_path>/<device>/model_<id>/<iteration>/input_<i>.bin, output_<i>.bin
 *
 * where <iteration> counts the dumped executions of that model load from 0. Registered dump
 * callbacks receive the same bytes as chunks of at most DUMP_CHUNK_BYTES, named by that path.
 * This layout is our own (the runtime's per-operator protobuf dump files need the device's
 * operator graph); each node's tensors follow under nodes/ (dump_nodes.c). Of the configuration file we
 * read the string values of "dump_path", "dump_mode" and "dump_scene"; dump_list filters are not
 * applied.
 *
 * Exception dump: a "dump_scene" of "aic_err_brief_dump", "aic_err_norm_dump" or
 * "aic_err_detail_dump" turns the exception dump on instead of the data dump (acldumpGetPath of the
 * matching acldumpType then answers dump_path). Its root for the current device is
 *
 *   <dump_path>/extra-info/data-dump/<device>/        (acldumpGetExceptionInfoPath)
 *
 * and acldumpSaveExceptionInfo(fileName, userTag, tensors, n) writes one file there,
 * <root><fileName>.custom.<YYYYMMDDhhmmssmmm> (local time; "-1", "-2", ... appended when two saves
 * meet in one millisecond), in our own layout (the runtime's is a protobuf of its dump format):
 *
 *   8 bytes   "ACLEXCD1"
 *   4 bytes   header length H, unsigned little-endian
 *   H bytes   JSON header: {"file": the file's name, "user_tag": userTag ("" for NULL),
 *             "device": id, "tensors": [{"type": "input"|"output"|"workspace", "format": n,
 *             "data_type": n, "size": bytes, "shape": [...], "origin_shape": [...],
 *             "offset": where its bytes start in the data}]}
 *   data      the tensors' bytes, one after the other, copied from their device addresses.
 * As on the runtime, a tensor must be ACL_DUMP_ADDR_RAW (tensorAddr is the data) and
 * ACL_DUMP_PLACEMENT_DEVICE; here its bytes must lie in live device memory.
 */
#include "model_internal.h"
#include "output_files.h"

#include "acl/acl_dump.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define DUMP_CHUNK_BYTES (1u << 20)
#define DUMP_CONFIG_MAX (1u << 20)

static pthread_mutex_t dump_lock = PTHREAD_MUTEX_INITIALIZER;
static bool dump_initialized;
static bool dump_enabled;
static acldumpType exception_scene; /* 0: no exception dump, else the AIC_ERR_* type configured */
static bool dump_inputs;
static bool dump_outputs;
static char dump_path[ACL_DUMP_MAX_FILE_PATH_LENGTH];
static dump_callback callback;
static int32_t callback_flag;

/* The string value of "key" in a JSON text (no escapes inside the value); false when absent. */
static bool json_string(const char *text, const char *key, char *out, size_t out_len)
{
    char quoted[64];
    snprintf(quoted, sizeof quoted, "\"%s\"", key);
    const char *at = strstr(text, quoted);
    if (at == NULL) {
        return false;
    }
    at += strlen(quoted);
    while (*at == ' ' || *at == '\t' || *at == '\n' || *at == '\r' || *at == ':') {
        ++at;
    }
    const char *end = *at == '"' ? strchr(at + 1, '"') : NULL;
    if (end == NULL || (size_t)(end - at - 1) >= out_len) {
        return false;
    }
    memcpy(out, at + 1, (size_t)(end - at - 1));
    out[end - at - 1] = '\0';
    return true;
}

aclError aclmdlInitDump(void)
{
    static const char fn[] = "aclmdlInitDump";
    aclError err = aclemu_require_init(fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&dump_lock);
    bool again = dump_initialized;
    dump_initialized = true;
    pthread_mutex_unlock(&dump_lock);
    return again ? aclemu_set_error(ACL_ERROR_DUMP_ALREADY_RUN, "%s: the dump is already initialised", fn)
                 : ACL_SUCCESS;
}

static aclError read_config(const char *path, char **text, const char *fn)
{
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_FILE, "%s: cannot open dump configuration '%s': %s", fn, path,
                                strerror(errno));
    }
    char *buffer = malloc(DUMP_CONFIG_MAX + 1);
    size_t length = buffer != NULL ? fread(buffer, 1, DUMP_CONFIG_MAX, file) : 0;
    fclose(file);
    if (buffer == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    buffer[length] = '\0';
    *text = buffer;
    return ACL_SUCCESS;
}

aclError aclmdlSetDump(const char *dumpCfgPath)
{
    static const char fn[] = "aclmdlSetDump";
    if (dumpCfgPath == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dumpCfgPath is NULL", fn);
    }
    pthread_mutex_lock(&dump_lock);
    bool initialized = dump_initialized;
    pthread_mutex_unlock(&dump_lock);
    if (!initialized) {
        return aclemu_set_error(ACL_ERROR_DUMP_NOT_RUN, "%s: call aclmdlInitDump first", fn);
    }
    char *text = NULL;
    aclError err = read_config(dumpCfgPath, &text, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    char path[ACL_DUMP_MAX_FILE_PATH_LENGTH];
    char mode[16] = "output";
    char scene[32] = "";
    acldumpType exception = (acldumpType)0;
    if (json_string(text, "dump_scene", scene, sizeof scene) && scene[0] != '\0') {
        exception = strcmp(scene, "aic_err_brief_dump") == 0    ? AIC_ERR_BRIEF_DUMP
                    : strcmp(scene, "aic_err_norm_dump") == 0   ? AIC_ERR_NORM_DUMP
                    : strcmp(scene, "aic_err_detail_dump") == 0 ? AIC_ERR_DETAIL_DUMP
                                                                : (acldumpType)0;
        if (exception == 0) {
            free(text);
            return aclemu_set_error(ACL_ERROR_INVALID_DUMP_CONFIG,
                                    "%s: dump_scene '%s' is none of \"aic_err_brief_dump\", \"aic_err_norm_dump\", "
                                    "\"aic_err_detail_dump\"",
                                    fn, scene);
        }
    }
    if (!json_string(text, "dump_path", path, sizeof path) || path[0] == '\0') {
        err = aclemu_set_error(ACL_ERROR_INVALID_DUMP_CONFIG, "%s: '%s' names no \"dump_path\"", fn, dumpCfgPath);
    } else if (json_string(text, "dump_mode", mode, sizeof mode) && strcmp(mode, "input") != 0 &&
               strcmp(mode, "output") != 0 && strcmp(mode, "all") != 0) {
        err = aclemu_set_error(ACL_ERROR_INVALID_DUMP_CONFIG,
                               "%s: dump_mode '%s' is none of \"input\", \"output\", \"all\"", fn, mode);
    }
    free(text);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&dump_lock);
    strcpy(dump_path, path);
    dump_inputs = strcmp(mode, "output") != 0;
    dump_outputs = strcmp(mode, "input") != 0;
    dump_enabled = exception == 0; /* an exception scene replaces the data dump */
    exception_scene = exception;
    pthread_mutex_unlock(&dump_lock);
    return ACL_SUCCESS;
}

aclError aclmdlFinalizeDump(void)
{
    pthread_mutex_lock(&dump_lock);
    bool was = dump_initialized;
    dump_initialized = false;
    dump_enabled = false;
    exception_scene = (acldumpType)0;
    pthread_mutex_unlock(&dump_lock);
    return was ? ACL_SUCCESS
               : aclemu_set_error(ACL_ERROR_DUMP_NOT_RUN, "aclmdlFinalizeDump: the dump was not initialised");
}

aclError acldumpRegCallback(int32_t (*const messageCallback)(const acldumpChunk *, int32_t), int32_t flag)
{
    if (messageCallback == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "acldumpRegCallback: messageCallback is NULL");
    }
    pthread_mutex_lock(&dump_lock);
    callback = messageCallback;
    callback_flag = flag;
    pthread_mutex_unlock(&dump_lock);
    return ACL_SUCCESS;
}

void acldumpUnregCallback(void)
{
    pthread_mutex_lock(&dump_lock);
    callback = NULL;
    pthread_mutex_unlock(&dump_lock);
}

const char *acldumpGetPath(acldumpType dumpType)
{
    static _Thread_local char answer[ACL_DUMP_MAX_FILE_PATH_LENGTH];
    if (dumpType != DATA_DUMP && dumpType != AIC_ERR_BRIEF_DUMP && dumpType != AIC_ERR_NORM_DUMP &&
        dumpType != AIC_ERR_DETAIL_DUMP) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                         "acldumpGetPath: only DATA_DUMP and the AIC_ERR_* dumps have a path on the emulator");
        return NULL;
    }
    pthread_mutex_lock(&dump_lock);
    bool enabled = dumpType == DATA_DUMP ? dump_enabled : exception_scene == dumpType;
    strcpy(answer, dump_path);
    pthread_mutex_unlock(&dump_lock);
    return enabled ? answer : NULL;
}

/* ------------------------------------------------------------- writing */

static void send_chunks(dump_callback cb, int32_t flag, const char *name, const unsigned char *data, size_t size)
{
    acldumpChunk *chunk = malloc(sizeof *chunk + (size < DUMP_CHUNK_BYTES ? size : DUMP_CHUNK_BYTES));
    if (chunk == NULL) {
        return;
    }
    size_t offset = 0;
    do {
        size_t part = size - offset < DUMP_CHUNK_BYTES ? size - offset : DUMP_CHUNK_BYTES;
        memset(chunk, 0, sizeof *chunk);
        size_t name_len = strlen(name) < sizeof chunk->fileName ? strlen(name) : sizeof chunk->fileName - 1;
        memcpy(chunk->fileName, name, name_len); /* the rest stays zero */
        chunk->bufLen = (uint32_t)part;
        chunk->isLastChunk = offset + part == size;
        chunk->offset = (int64_t)offset;
        chunk->flag = flag;
        memcpy(chunk->dataBuf, data + offset, part);
        cb(chunk, (int32_t)(sizeof *chunk + part));
        offset += part;
    } while (offset < size);
    free(chunk);
}

bool model_dump_file(const char *path, const void *data, size_t size, dump_callback cb, int32_t flag)
{
    FILE *file = fopen(path, "wb");
    bool written = file != NULL && fwrite(data, 1, size, file) == size;
    if (!written) {
        aclemu_diag("dump: cannot write %s: %s", path, strerror(errno));
    }
    if (file != NULL && fclose(file) != 0 && written) {
        aclemu_diag("dump: cannot write %s: %s", path, strerror(errno));
        written = false;
    }
    if (cb != NULL) {
        send_chunks(cb, flag, path, data, size);
    }
    return written;
}

static void dump_tensor(const char *dir, const char *kind, size_t index, const void *data, size_t size,
                        dump_callback cb, int32_t flag)
{
    char name[ACL_DUMP_MAX_FILE_PATH_LENGTH + 128];
    snprintf(name, sizeof name, "%s/%s_%zu.bin", dir, kind, index);
    model_dump_file(name, data, size, cb, flag);
}

void model_dump_execution(emu_model *model, int32_t device, void *const *in_data, const size_t *in_sizes,
                          const size_t *in_ranks, const int64_t *in_dims, size_t num_in, void *const *out_data,
                          const size_t *out_ranks, const int64_t *out_dims, size_t num_out)
{
    pthread_mutex_lock(&dump_lock);
    bool enabled = dump_enabled;
    bool inputs = dump_inputs;
    bool outputs = dump_outputs;
    char dir[ACL_DUMP_MAX_FILE_PATH_LENGTH + 64];
    snprintf(dir, sizeof dir, "%s/%d/model_%u/%u", dump_path, (int)device, model->id,
             enabled ? atomic_fetch_add(&model->dump_iteration, 1) : 0u);
    dump_callback cb = callback;
    int32_t flag = callback_flag;
    pthread_mutex_unlock(&dump_lock);
    if (!enabled) {
        return;
    }
    if (!aclemu_make_dirs(dir, true)) {
        aclemu_diag("dump: cannot create %s: %s", dir, strerror(errno));
        return;
    }
    for (size_t i = 0; inputs && i < num_in; ++i) {
        dump_tensor(dir, "input", i, in_data[i], in_sizes[i], cb, flag);
    }
    for (size_t o = 0; outputs && o < num_out; ++o) {
        bool overflow = false;
        size_t bytes = model_tensor_bytes(model->info->outputs[o].dtype, out_ranks[o], &out_dims[o * ACL_MAX_DIM_CNT],
                                          &overflow);
        dump_tensor(dir, "output", o, out_data[o], overflow ? 0 : bytes, cb, flag);
    }
    model_dump_nodes(model, dir, inputs, outputs, cb, flag, in_data, in_sizes, in_ranks, in_dims);
}

/* ------------------------------------------------------------- exception dump */

#define EXCEPTION_MAGIC "ACLEXCD1"

/* The exception dump root of the current device ("<dump_path>/extra-info/data-dump/<device>/"). */
static aclError exception_root(char *root, size_t len, const char *fn)
{
    pthread_mutex_lock(&dump_lock);
    bool enabled = exception_scene != 0;
    char base[ACL_DUMP_MAX_FILE_PATH_LENGTH];
    strcpy(base, dump_path);
    pthread_mutex_unlock(&dump_lock);
    if (!enabled) {
        return aclemu_set_error(ACL_ERROR_FAILURE,
                                "%s: the exception dump is off (aclmdlSetDump with a dump_scene of aic_err_*_dump)", fn);
    }
    int32_t device = aclemu_current_device();
    if (device < 0) {
        return aclemu_set_error(ACL_ERROR_FAILURE, "%s: no device is current (aclrtSetDevice first)", fn);
    }
    size_t base_len = strlen(base);
    while (base_len > 1 && base[base_len - 1] == '/') {
        base[--base_len] = '\0';
    }
    int n = snprintf(root, len, "%s/extra-info/data-dump/%d/", base, (int)device);
    if (n < 0 || (size_t)n >= len) {
        return aclemu_set_error(ACL_ERROR_FAILURE, "%s: the exception dump path is too long", fn);
    }
    return ACL_SUCCESS;
}

aclError acldumpGetExceptionInfoPath(char *path, size_t maxLen)
{
    static const char fn[] = "acldumpGetExceptionInfoPath";
    if (path == NULL || maxLen <= 1) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: path is NULL or maxLen (%zu) is not above 1", fn,
                                maxLen);
    }
    char root[ACL_DUMP_MAX_FILE_PATH_LENGTH + 64];
    aclError err = exception_root(root, sizeof root, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    size_t need = strlen(root) + 1;
    if (need > maxLen) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the path needs %zu bytes, maxLen is %zu", fn, need,
                                maxLen);
    }
    err = aclemu_mem_check(path, need, false, fn, "path");
    if (err != ACL_SUCCESS) {
        return err;
    }
    memcpy(path, root, need);
    return ACL_SUCCESS;
}

/* A relative path without a ".." segment. */
static bool relative_without_parent(const char *name)
{
    if (name[0] == '/') {
        return false;
    }
    for (const char *seg = name; *seg != '\0';) {
        size_t len = strcspn(seg, "/");
        if (len == 2 && seg[0] == '.' && seg[1] == '.') {
            return false;
        }
        seg += len + (seg[len] == '/');
    }
    return true;
}

static aclError check_exception_tensor(const acldumpTensorInfo *t, size_t i, const char *fn)
{
    char what[48];
    snprintf(what, sizeof what, "tensors[%zu].tensorAddr", i);
    if (t->type != ACL_DUMP_TENSOR_INPUT && t->type != ACL_DUMP_TENSOR_OUTPUT && t->type != ACL_DUMP_TENSOR_WORKSPACE) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: tensors[%zu].type %d is not an acldumpTensorType", fn, i,
                                (int)t->type);
    }
    if (t->addrType != ACL_DUMP_ADDR_RAW || t->placement != ACL_DUMP_PLACEMENT_DEVICE) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: tensors[%zu] must be ACL_DUMP_ADDR_RAW and ACL_DUMP_PLACEMENT_DEVICE", fn, i);
    }
    if (t->shapeNum > ACL_DUMP_MAX_SHAPE_NUM || t->originShapeNum > ACL_DUMP_MAX_SHAPE_NUM) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: tensors[%zu] has more than %d dims", fn, i,
                                ACL_DUMP_MAX_SHAPE_NUM);
    }
    if (t->tensorAddr == NULL || t->tensorSize == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: tensors[%zu] has no address or a size of 0", fn, i);
    }
    return aclemu_mem_check_tracked(t->tensorAddr, t->tensorSize, true, fn, what);
}

static void json_dims(FILE *out, const uint64_t *dims, uint32_t count)
{
    fputc('[', out);
    for (uint32_t d = 0; d < count; ++d) {
        fprintf(out, "%s%llu", d ? ", " : "", (unsigned long long)dims[d]);
    }
    fputc(']', out);
}

/* The JSON header in a malloc'ed buffer (*len bytes); NULL when out of memory. */
static char *exception_header(const char *file, const char *tag, int32_t device, const acldumpTensorInfo *tensors,
                              size_t count, size_t *len)
{
    static const char *const kinds[] = {"input", "output", "workspace"};
    char *text = NULL;
    FILE *out = open_memstream(&text, len);
    if (out == NULL) {
        return NULL;
    }
    fputs("{\"file\": ", out);
    aclemu_json_string(out, file);
    fputs(", \"user_tag\": ", out);
    aclemu_json_string(out, tag);
    fprintf(out, ", \"device\": %d, \"tensors\": [", (int)device);
    uint64_t offset = 0;
    for (size_t i = 0; i < count; ++i) {
        const acldumpTensorInfo *t = &tensors[i];
        fprintf(out, "%s{\"type\": \"%s\", \"format\": %d, \"data_type\": %d, \"size\": %zu, \"shape\": ",
                i ? ", " : "", kinds[t->type], (int)t->format, (int)t->dataType, t->tensorSize);
        json_dims(out, t->shape, t->shapeNum);
        fputs(", \"origin_shape\": ", out);
        json_dims(out, t->originShape, t->originShapeNum);
        fprintf(out, ", \"offset\": %llu}", (unsigned long long)offset);
        offset += t->tensorSize;
    }
    fputs("]}", out);
    if (fclose(out) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

/* Create `path` + ".custom.<ms time>" (+ "-n" when taken) exclusively; the name goes to `name`. */
static FILE *create_exception_file(const char *path, char *name, size_t len)
{
    struct timespec now;
    struct tm local;
    clock_gettime(CLOCK_REALTIME, &now);
    localtime_r(&now.tv_sec, &local);
    char stamp[96];
    snprintf(stamp, sizeof stamp, "%04d%02d%02d%02d%02d%02d%03d", local.tm_year + 1900, local.tm_mon + 1,
             local.tm_mday, local.tm_hour, local.tm_min, local.tm_sec, (int)(now.tv_nsec / 1000000L) % 1000);
    for (int attempt = 0; attempt < 1000; ++attempt) {
        int n = attempt == 0 ? snprintf(name, len, "%s.custom.%s", path, stamp)
                             : snprintf(name, len, "%s.custom.%s-%d", path, stamp, attempt);
        if (n < 0 || (size_t)n >= len) {
            errno = ENAMETOOLONG;
            return NULL;
        }
        int fd = open(name, O_WRONLY | O_CREAT | O_EXCL, 0644);
        if (fd >= 0) {
            FILE *file = fdopen(fd, "wb");
            if (file == NULL) {
                close(fd);
            }
            return file;
        }
        if (errno != EEXIST) {
            return NULL;
        }
    }
    return NULL;
}

aclError acldumpSaveExceptionInfo(const char *fileName, const char *userTag, const acldumpTensorInfo *tensors,
                                  size_t tensorCount)
{
    static const char fn[] = "acldumpSaveExceptionInfo";
    if (fileName == NULL || fileName[0] == '\0' || !relative_without_parent(fileName)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: fileName must be a non-empty relative path without '..'",
                                fn);
    }
    if (tensors == NULL || tensorCount == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: tensors is NULL or tensorCount is 0", fn);
    }
    char root[ACL_DUMP_MAX_FILE_PATH_LENGTH + 64];
    aclError err = exception_root(root, sizeof root, fn);
    if (err == ACL_SUCCESS && tensorCount > SIZE_MAX / sizeof *tensors) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: tensorCount %zu is too large", fn, tensorCount);
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check(tensors, tensorCount * sizeof *tensors, false, fn, "tensors");
    }
    for (size_t i = 0; err == ACL_SUCCESS && i < tensorCount; ++i) {
        err = check_exception_tensor(&tensors[i], i, fn);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    char path[2 * ACL_DUMP_MAX_FILE_PATH_LENGTH + 64];
    char name[sizeof path + 64];
    int n = snprintf(path, sizeof path, "%s%s", root, fileName);
    if (n < 0 || (size_t)n >= sizeof path) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: fileName is too long", fn);
    }
    FILE *file = aclemu_make_dirs(path, false) ? create_exception_file(path, name, sizeof name) : NULL;
    if (file == NULL) {
        return aclemu_set_error(ACL_ERROR_FAILURE, "%s: cannot create '%s': %s", fn, path, strerror(errno));
    }
    size_t header_len = 0;
    const char *base = strrchr(name, '/') + 1;
    char *header = exception_header(base, userTag != NULL ? userTag : "", aclemu_current_device(), tensors,
                                    tensorCount, &header_len);
    unsigned char length[4] = {(unsigned char)header_len, (unsigned char)(header_len >> 8),
                               (unsigned char)(header_len >> 16), (unsigned char)(header_len >> 24)};
    bool ok = header != NULL && header_len <= UINT32_MAX && fwrite(EXCEPTION_MAGIC, 1, 8, file) == 8 &&
              fwrite(length, 1, 4, file) == 4 && fwrite(header, 1, header_len, file) == header_len;
    for (size_t i = 0; ok && i < tensorCount; ++i) {
        ok = fwrite(tensors[i].tensorAddr, 1, tensors[i].tensorSize, file) == tensors[i].tensorSize;
    }
    free(header);
    ok = fclose(file) == 0 && ok;
    if (!ok) {
        remove(name);
        return aclemu_set_error(ACL_ERROR_FAILURE, "%s: cannot write '%s'", fn, name);
    }
    return ACL_SUCCESS;
}
