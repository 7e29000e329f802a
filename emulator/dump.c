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
 * operator graph); per-node intermediate tensors are not dumped yet. Of the configuration file we
 * read the string values of "dump_path" and "dump_mode"; dump_list filters are not applied.
 */
#include "model_internal.h"

#include "acl/acl_dump.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define DUMP_CHUNK_BYTES (1u << 20)
#define DUMP_CONFIG_MAX (1u << 20)

typedef int32_t (*dump_callback)(const acldumpChunk *, int32_t);

static pthread_mutex_t dump_lock = PTHREAD_MUTEX_INITIALIZER;
static bool dump_initialized;
static bool dump_enabled;
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
    dump_enabled = true;
    pthread_mutex_unlock(&dump_lock);
    return ACL_SUCCESS;
}

aclError aclmdlFinalizeDump(void)
{
    pthread_mutex_lock(&dump_lock);
    bool was = dump_initialized;
    dump_initialized = false;
    dump_enabled = false;
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
    if (dumpType != DATA_DUMP) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "acldumpGetPath: only DATA_DUMP has a path on the emulator");
        return NULL;
    }
    pthread_mutex_lock(&dump_lock);
    bool enabled = dump_enabled;
    strcpy(answer, dump_path);
    pthread_mutex_unlock(&dump_lock);
    return enabled ? answer : NULL;
}

/* ------------------------------------------------------------- writing */

static bool make_dirs(char *path)
{
    for (char *slash = strchr(path + 1, '/'); slash != NULL; slash = strchr(slash + 1, '/')) {
        *slash = '\0';
        bool ok = mkdir(path, 0755) == 0 || errno == EEXIST;
        *slash = '/';
        if (!ok) {
            return false;
        }
    }
    return mkdir(path, 0755) == 0 || errno == EEXIST;
}

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

static void dump_tensor(const char *dir, const char *kind, size_t index, const void *data, size_t size,
                        dump_callback cb, int32_t flag)
{
    char name[ACL_DUMP_MAX_FILE_PATH_LENGTH + 64];
    snprintf(name, sizeof name, "%s/%s_%zu.bin", dir, kind, index);
    FILE *file = fopen(name, "wb");
    if (file == NULL || fwrite(data, 1, size, file) != size) {
        aclemu_diag("dump: cannot write %s: %s", name, strerror(errno));
    }
    if (file != NULL) {
        fclose(file);
    }
    if (cb != NULL) {
        send_chunks(cb, flag, name, data, size);
    }
}

void model_dump_execution(emu_model *model, int32_t device, void *const *in_data, const size_t *in_sizes,
                          size_t num_in, void *const *out_data, const size_t *out_ranks, const int64_t *out_dims,
                          size_t num_out)
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
    if (!make_dirs(dir)) {
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
}
