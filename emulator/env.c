/* Configuration read from the environment (ACL_EMU_*) and clock helpers. */
#include "core_base.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <time.h>

static const long long DEFAULT_DEVICE_MEMORY = 8LL * 1024 * 1024 * 1024;

long long aclemu_env_ll(const char *name, long long fallback)
{
    const char *text = getenv(name);
    if (text == NULL || *text == '\0') {
        return fallback;
    }
    char *end = NULL;
    errno = 0;
    long long value = strtoll(text, &end, 0);
    while (end != NULL && isspace((unsigned char)*end)) {
        ++end;
    }
    if (errno != 0 || end == text || (end != NULL && *end != '\0')) {
        return fallback;
    }
    return value;
}

/* The settings read on every task (buffer checks, allocations): read once, then again at each
 * aclInit (aclemu_env_refresh), since getenv walks the whole environment. Atomics, as any thread
 * may read them first; a race only makes two threads read the same variable. */
static int strict_cached = -1; /* -1: not read yet */
static long long budget_cached = -1;

static long long read_budget(void)
{
    long long budget = aclemu_env_ll("ACL_EMU_DEVICE_MEMORY", DEFAULT_DEVICE_MEMORY);
    return budget > 0 ? budget : 0;
}

void aclemu_env_refresh(void)
{
    __atomic_store_n(&strict_cached, aclemu_env_ll("ACL_EMU_STRICT", 0) != 0, __ATOMIC_RELAXED);
    __atomic_store_n(&budget_cached, read_budget(), __ATOMIC_RELAXED);
}

bool aclemu_strict(void)
{
    int strict = __atomic_load_n(&strict_cached, __ATOMIC_RELAXED);
    if (strict < 0) {
        strict = aclemu_env_ll("ACL_EMU_STRICT", 0) != 0;
        __atomic_store_n(&strict_cached, strict, __ATOMIC_RELAXED);
    }
    return strict != 0;
}

size_t rt_device_memory_budget(void)
{
    long long budget = __atomic_load_n(&budget_cached, __ATOMIC_RELAXED);
    if (budget < 0) {
        budget = read_budget();
        __atomic_store_n(&budget_cached, budget, __ATOMIC_RELAXED);
    }
    return (size_t)budget;
}

uint64_t aclemu_now_ns(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000ULL + (uint64_t)now.tv_nsec;
}

void aclemu_deadline(struct timespec *out, int64_t timeout_ms)
{
    clock_gettime(CLOCK_REALTIME, out);
    if (timeout_ms < 0) {
        timeout_ms = 0;
    }
    out->tv_sec += (time_t)(timeout_ms / 1000);
    out->tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (out->tv_nsec >= 1000000000L) {
        out->tv_sec += 1;
        out->tv_nsec -= 1000000000L;
    }
}
