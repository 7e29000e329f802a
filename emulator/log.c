/* Error recording (aclGetRecentErrMsg), application logging (aclAppLog), diagnostics. */
#include "emu.h"

#include <ctype.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { MESSAGE_CAPACITY = 1024 };

/* The message lives per thread, like the real runtime's default err_msg_mode. A second
 * buffer holds what aclGetRecentErrMsg returned, so the pointer stays valid until the
 * thread's next aclGetRecentErrMsg call even if new errors are recorded meanwhile. */
static _Thread_local char recorded_message[MESSAGE_CAPACITY];
static _Thread_local char returned_message[MESSAGE_CAPACITY];
static _Thread_local aclError last_error; /* aclrtGetLastError / aclrtPeekAtLastError */

/* Writes " (error code N)" at message + used, cut to the capacity as snprintf would cut it. Every
 * failing call records a message, and a second printf for this suffix cost about as much as the
 * message itself (a failing call in a polling loop pays it each time). */
static void append_error_code(char *message, size_t used, size_t capacity, aclError code)
{
    static const char head[] = " (error code ";
    char suffix[sizeof head + 24];
    char digits[24];
    size_t length = sizeof head - 1, count = 0;
    long long value = code;
    unsigned long long magnitude = value < 0 ? 0ULL - (unsigned long long)value : (unsigned long long)value;
    memcpy(suffix, head, length);
    do {
        digits[count++] = (char)('0' + (int)(magnitude % 10U));
        magnitude /= 10U;
    } while (magnitude != 0);
    if (value < 0) {
        suffix[length++] = '-';
    }
    while (count > 0) {
        suffix[length++] = digits[--count];
    }
    suffix[length++] = ')';
    if (length > capacity - used - 1) {
        length = capacity - used - 1;
    }
    memcpy(message + used, suffix, length);
    message[used + length] = '\0';
}

aclError aclemu_set_error(aclError code, const char *fmt, ...)
{
    if (code == ACL_SUCCESS) {
        return code;
    }
    last_error = code;
    va_list args;
    va_start(args, fmt);
    int used = vsnprintf(recorded_message, sizeof recorded_message, fmt, args);
    va_end(args);
    if (used >= 0 && (size_t)used < sizeof recorded_message) {
        append_error_code(recorded_message, (size_t)used, sizeof recorded_message, code);
    }
    return code;
}

aclError aclemu_not_supported(const char *fn)
{
    return aclemu_set_error(ACL_ERROR_API_NOT_SUPPORT, "%s is not implemented by the ascendcl-cffi emulator",
                            fn ? fn : "(unknown function)");
}

const char *aclemu_peek_error(void)
{
    return recorded_message;
}

/* Returns the calling thread's latest error message and clears it; "" when there is none
 * (an empty string rather than NULL so bindings never have to special-case it). */
const char *aclGetRecentErrMsg(void)
{
    memcpy(returned_message, recorded_message, sizeof returned_message);
    recorded_message[0] = '\0';
    return returned_message;
}

void aclemu_diag(const char *fmt, ...)
{
    char line[MESSAGE_CAPACITY];
    va_list args;
    va_start(args, fmt);
    vsnprintf(line, sizeof line, fmt, args);
    va_end(args);
    fprintf(stderr, "[aclemu] %s\n", line);
    fflush(stderr);
}

/* ACL_EMU_LOG_LEVEL: a number 0..3 (aclLogLevel), or debug/info/warning/error; "none"
 * silences aclAppLog. Default: errors only. */
static int log_threshold(void)
{
    const char *text = getenv("ACL_EMU_LOG_LEVEL");
    if (text == NULL || *text == '\0') {
        return ACL_ERROR;
    }
    if (isdigit((unsigned char)text[0])) {
        return atoi(text);
    }
    static const struct {
        const char *name;
        int level;
    } names[] = {{"debug", ACL_DEBUG},     {"info", ACL_INFO},   {"warning", ACL_WARNING},
                 {"warn", ACL_WARNING},    {"error", ACL_ERROR}, {"none", ACL_ERROR + 1},
                 {"null", ACL_ERROR + 1}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i) {
        if (strcasecmp(text, names[i].name) == 0) {
            return names[i].level;
        }
    }
    return ACL_ERROR;
}

static const char *level_name(aclLogLevel level)
{
    switch (level) {
    case ACL_DEBUG:
        return "DEBUG";
    case ACL_INFO:
        return "INFO";
    case ACL_WARNING:
        return "WARNING";
    case ACL_ERROR:
        return "ERROR";
    default:
        return "LOG";
    }
}

void aclAppLog(aclLogLevel logLevel, const char *func, const char *file, uint32_t line, const char *fmt, ...)
{
    if ((int)logLevel < log_threshold() || fmt == NULL) {
        return;
    }
    char text[MESSAGE_CAPACITY];
    va_list args;
    va_start(args, fmt);
    vsnprintf(text, sizeof text, fmt, args);
    va_end(args);
    fprintf(stderr, "[%s] %s:%u %s: %s\n", level_name(logLevel), file ? file : "?", line, func ? func : "?", text);
    fflush(stderr);
}

static aclError last_error_of_thread(aclrtLastErrLevel level, bool clear, const char *fn)
{
    if (level != ACL_RT_THREAD_LEVEL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown level %d", fn, (int)level);
    }
    aclError err = last_error;
    if (clear) {
        last_error = ACL_SUCCESS;
    }
    return err;
}

aclError aclrtGetLastError(aclrtLastErrLevel level)
{
    return last_error_of_thread(level, true, "aclrtGetLastError");
}

aclError aclrtPeekAtLastError(aclrtLastErrLevel level)
{
    return last_error_of_thread(level, false, "aclrtPeekAtLastError");
}
