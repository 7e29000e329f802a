/* Minimal checking helpers for the emulator's C tests: every failed check is printed with
 * its place, and finish() turns the count into the exit status. */
#ifndef EMULATOR_C_CHECK_H
#define EMULATOR_C_CHECK_H

#include <stdio.h>
#include <string.h>

#include "acl/acl.h"
#include "acl/error_codes/rt_error_codes.h"

static int check_failures;

#define CHECK(cond)                                                                                            \
    do {                                                                                                       \
        if (!(cond)) {                                                                                         \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);                        \
            check_failures++;                                                                                  \
        }                                                                                                      \
    } while (0)

/* `expr` returns `code`; on mismatch print the emulator's message too. */
#define CHECK_RET(expr, code)                                                                                  \
    do {                                                                                                       \
        long got_ = (long)(expr);                                                                              \
        long want_ = (long)(code);                                                                             \
        if (got_ != want_) {                                                                                   \
            fprintf(stderr, "%s:%d: %s returned %ld, expected %ld [%s]\n", __FILE__, __LINE__, #expr, got_,   \
                    want_, aclGetRecentErrMsg());                                                              \
            check_failures++;                                                                                  \
        }                                                                                                      \
    } while (0)

#define CHECK_OK(expr) CHECK_RET(expr, ACL_SUCCESS)

/* The latest error message (consumed) contains `needle`. */
#define CHECK_MSG(needle)                                                                                      \
    do {                                                                                                       \
        const char *msg_ = aclGetRecentErrMsg();                                                               \
        if (msg_ == NULL || strstr(msg_, (needle)) == NULL) {                                                  \
            fprintf(stderr, "%s:%d: message '%s' lacks '%s'\n", __FILE__, __LINE__, msg_ ? msg_ : "(null)",   \
                    (needle));                                                                                 \
            check_failures++;                                                                                  \
        }                                                                                                      \
    } while (0)

static int finish(const char *name)
{
    if (check_failures == 0) {
        printf("%s: all checks passed\n", name);
        return 0;
    }
    printf("%s: %d check(s) failed\n", name, check_failures);
    return 1;
}

#endif
