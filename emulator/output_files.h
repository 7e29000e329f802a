/* Helpers of the areas that write files for the user (dumps, graph dumps, debug prints): JSON
 * string literals and directory creation. Header-only, so any area may include it beside its own
 * area header; it reaches nothing of the runtime core. */
#ifndef ACLEMU_OUTPUT_FILES_H
#define ACLEMU_OUTPUT_FILES_H

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* `text` as a JSON string literal: quotes, backslashes and control characters escaped; NULL is "". */
static inline void aclemu_json_string(FILE *out, const char *text)
{
    fputc('"', out);
    for (const unsigned char *c = (const unsigned char *)(text != NULL ? text : ""); *c != '\0'; ++c) {
        if (*c == '"' || *c == '\\') {
            fprintf(out, "\\%c", *c);
        } else if (*c < 0x20) {
            fprintf(out, "\\u%04x", *c);
        } else {
            fputc(*c, out);
        }
    }
    fputc('"', out);
}

/* Create each missing directory of `path` (mode 0755), the last component too when `last`;
 * `path` is restored before returning. False (errno set) when one cannot be created. */
static inline bool aclemu_make_dirs(char *path, bool last)
{
    for (char *slash = strchr(path + 1, '/'); slash != NULL; slash = strchr(slash + 1, '/')) {
        *slash = '\0';
        bool ok = mkdir(path, 0755) == 0 || errno == EEXIST;
        *slash = '/';
        if (!ok) {
            return false;
        }
    }
    return !last || mkdir(path, 0755) == 0 || errno == EEXIST;
}

#endif /* ACLEMU_OUTPUT_FILES_H */
