/*
 * Offline (.om) models: read the header, find the ONNX stand-in the user provides.
 *
 * The emulator cannot run a device model, but programs load "model/x.om". We run the ONNX model
 * it was converted from: `x.onnx` beside the file, or the one named for it in the file that
 * ACL_EMU_MODEL_MAP points at. The runtime does not document its header; the layout read here
 * is our own reading of the format (README's ".om models" repeats it), all little-endian:
 *
 *   offset size field                      offset size field
 *        0    4 magic "IMOD"                   116    4 op count
 *        4    4 header size (>= 184)           120   32 user-defined info
 *        8    4 format version                 152    4 IR version
 *       12   64 checksum                       156    4 model count
 *       76    4 length after the header        160   20 platform version (NUL-padded)
 *       80    1 encrypted flag                 180    1 platform type
 *       81    1 checksum flag                  181    3 reserved
 *       82    1 model type
 *       83    1 generation mode
 *       84   32 model name (NUL-padded)
 *
 * At `header size` follows the partition table: a u32 count (at most OM_MAX_PARTITIONS), then
 * per partition u32 type (0 model def, 1 weights, 2 task info, 3 TBE kernels, 4 custom AI CPU
 * kernels), u32 offset (from the end of the table) and u32 size. The runtime's real header has
 * more reserved bytes; we read only the fields above, so a real file parses as well.
 */
#include "model_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OM_FIELDS_END 184u
#define OM_MAP_LINE 4096

static const unsigned char OM_MAGIC[4] = {'I', 'M', 'O', 'D'};

static pthread_mutex_t notice_lock = PTHREAD_MUTEX_INITIALIZER;
/* Stand-ins already announced (one notice per .om key and stand-in for the process). */
typedef struct om_notice {
    struct om_notice *next;
    char text[];
} om_notice;
static om_notice *notices;

static uint32_t read_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void copy_padded(char *dst, const unsigned char *src, size_t len)
{
    memcpy(dst, src, len);
    dst[len] = '\0';
}

bool model_om_is(const void *data, size_t size)
{
    return data != NULL && size >= sizeof OM_MAGIC && memcmp(data, OM_MAGIC, sizeof OM_MAGIC) == 0;
}

const char *model_om_partition_name(uint32_t type)
{
    static const char *const names[] = {"model def", "weights", "task info", "TBE kernels", "custom AI CPU kernels"};
    return type < sizeof names / sizeof names[0] ? names[type] : "unknown";
}

aclError model_om_parse(const void *data, size_t size, om_header *out, const char *fn)
{
    const unsigned char *bytes = data;
    memset(out, 0, sizeof *out);
    if (!model_om_is(data, size) || size < OM_FIELDS_END) {
        return aclemu_set_error(ACL_ERROR_INVALID_FILE, "%s: offline model header is truncated (%zu bytes, need %u)",
                                fn, size, OM_FIELDS_END);
    }
    out->header_size = read_u32(bytes + 4);
    out->version = read_u32(bytes + 8);
    out->length = read_u32(bytes + 76);
    out->encrypted = bytes[80] != 0;
    out->model_type = bytes[82];
    copy_padded(out->name, bytes + 84, 32);
    out->ir_version = read_u32(bytes + 152);
    out->model_count = read_u32(bytes + 156);
    copy_padded(out->platform_version, bytes + 160, 20);
    out->platform_type = bytes[180];
    if (out->header_size < OM_FIELDS_END || out->header_size > size - 4) {
        return aclemu_set_error(ACL_ERROR_INVALID_FILE,
                                "%s: offline model header size %u is outside [%u, %zu] (file of %zu bytes)", fn,
                                out->header_size, OM_FIELDS_END, size - 4, size);
    }
    uint32_t count = read_u32(bytes + out->header_size);
    size_t table_end = (size_t)out->header_size + 4 + (size_t)count * 12;
    if (count > OM_MAX_PARTITIONS || table_end > size) {
        return aclemu_set_error(ACL_ERROR_INVALID_FILE,
                                "%s: offline model partition table of %u entries does not fit (at most %d, file of "
                                "%zu bytes)",
                                fn, count, OM_MAX_PARTITIONS, size);
    }
    out->num_partitions = count;
    for (uint32_t i = 0; i < count; ++i) {
        const unsigned char *entry = bytes + out->header_size + 4 + (size_t)i * 12;
        om_partition *part = &out->partitions[i];
        part->type = read_u32(entry);
        part->offset = read_u32(entry + 4);
        part->size = read_u32(entry + 8);
        if ((uint64_t)table_end + part->offset + part->size > size) {
            return aclemu_set_error(ACL_ERROR_INVALID_FILE,
                                    "%s: offline model partition %u (%s) ends at byte %llu, past the end of the "
                                    "%zu-byte file",
                                    fn, i, model_om_partition_name(part->type),
                                    (unsigned long long)table_end + part->offset + part->size, size);
        }
    }
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------ the stand-in */

static char *strip(char *text)
{
    while (*text == ' ' || *text == '\t') {
        ++text;
    }
    size_t len = strlen(text);
    while (len > 0 && strchr(" \t\r\n", text[len - 1]) != NULL) {
        text[--len] = '\0';
    }
    return text;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash != NULL ? slash + 1 : path;
}

/* Look `om_path` (may be NULL), its base name, or the header's model name up in the map file.
 * Relative ONNX paths are taken from the map file's directory. Returns a malloc'd path or NULL. */
static char *map_lookup(const char *map_path, const char *om_path, const char *model_name)
{
    FILE *file = fopen(map_path, "r");
    if (file == NULL) {
        return NULL;
    }
    char line[OM_MAP_LINE];
    char *found = NULL;
    while (found == NULL && fgets(line, sizeof line, file) != NULL) {
        char *eq = strchr(line, '=');
        if (line[0] == '#' || eq == NULL) {
            continue;
        }
        *eq = '\0';
        const char *key = strip(line);
        const char *value = strip(eq + 1);
        bool match = (om_path != NULL && (strcmp(key, om_path) == 0 || strcmp(key, base_name(om_path)) == 0)) ||
                     (model_name[0] != '\0' && strcmp(key, model_name) == 0);
        if (!match || value[0] == '\0') {
            continue;
        }
        size_t dir_len = value[0] == '/' ? 0 : (size_t)(base_name(map_path) - map_path);
        found = malloc(dir_len + strlen(value) + 1);
        if (found != NULL) {
            memcpy(found, map_path, dir_len);
            strcpy(found + dir_len, value);
        }
    }
    fclose(file);
    return found;
}

/* `x.om` -> `x.onnx` (any other name gets ".onnx" appended). */
static char *sibling_path(const char *om_path)
{
    size_t len = strlen(om_path);
    size_t stem = len >= 3 && strcmp(om_path + len - 3, ".om") == 0 ? len - 3 : len;
    char *path = malloc(stem + sizeof ".onnx");
    if (path != NULL) {
        memcpy(path, om_path, stem);
        strcpy(path + stem, ".onnx");
    }
    return path;
}

static bool readable(const char *path)
{
    FILE *file = fopen(path, "rb");
    if (file != NULL) {
        fclose(file);
    }
    return file != NULL;
}

static void notice_once(const char *om_key, const om_header *header, const char *stand_in)
{
    char text[1024];
    int used = snprintf(text, sizeof text, "%s -> %s", om_key, stand_in);
    if (used < 0) {
        return;
    }
    pthread_mutex_lock(&notice_lock);
    bool seen = false;
    for (const om_notice *n = notices; n != NULL && !seen; n = n->next) {
        seen = strcmp(n->text, text) == 0;
    }
    om_notice *entry = seen ? NULL : malloc(sizeof *entry + strlen(text) + 1);
    if (entry != NULL) {
        strcpy(entry->text, text);
        entry->next = notices;
        notices = entry;
    }
    pthread_mutex_unlock(&notice_lock);
    if (entry != NULL) {
        aclemu_diag("offline model %s (model '%s', format version %u, %zu partitions, platform '%s') cannot run on "
                    "the emulator; running its ONNX stand-in %s",
                    om_key, header->name, header->version, header->num_partitions, header->platform_version,
                    stand_in);
    }
}

aclError model_om_stand_in(const char *om_path, const void *data, size_t size, void **onnx, size_t *onnx_size,
                           const char *fn)
{
    /* A damaged header does not stop the stand-in from running: the header only informs. */
    om_header header;
    char header_problem[MODEL_MSG_LEN] = "";
    if (model_om_parse(data, size, &header, fn) != ACL_SUCCESS) {
        snprintf(header_problem, sizeof header_problem, "; its header is unreadable (%s)", aclemu_peek_error());
    }
    aclError err = ACL_SUCCESS;
    char *sibling = om_path != NULL ? sibling_path(om_path) : NULL;
    const char *map_path = getenv("ACL_EMU_MODEL_MAP");
    char *chosen = NULL;
    if (sibling != NULL && readable(sibling)) {
        chosen = sibling;
        sibling = NULL;
    } else if (map_path != NULL && map_path[0] != '\0') {
        chosen = map_lookup(map_path, om_path, header.name);
    }
    if (chosen == NULL) {
        err = aclemu_set_error(
            ACL_ERROR_INVALID_FILE,
            "%s: %s is an offline model (.om, model '%s') for a real Ascend device; the emulator runs the ONNX "
            "model it was converted from instead: place it beside the .om as '%s', or map '%s' to it in the file "
            "named by ACL_EMU_MODEL_MAP (lines 'name.om = path/to/model.onnx'%s)%s",
            fn, om_path != NULL ? om_path : "the model in memory", header.name,
            sibling != NULL ? sibling : "<name>.onnx", om_path != NULL ? base_name(om_path) : header.name,
            map_path != NULL && map_path[0] != '\0' ? "; it has no such entry" : "; the variable is not set",
            header_problem);
        free(sibling);
        return err;
    }
    free(sibling);
    /* The stand-in's own read must not resolve again: an ONNX file never starts with the magic. */
    err = model_read_plain_file(chosen, onnx, onnx_size, fn);
    if (err == ACL_SUCCESS && model_om_is(*onnx, *onnx_size)) {
        free(*onnx);
        *onnx = NULL;
        err = aclemu_set_error(ACL_ERROR_INVALID_FILE, "%s: the stand-in '%s' is itself an offline model", fn,
                               chosen);
    }
    if (err == ACL_SUCCESS) {
        notice_once(om_path != NULL ? om_path : header.name, &header, chosen);
    }
    free(chosen);
    return err;
}
