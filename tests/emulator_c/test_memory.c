/* Tracked memory: copies of every kind, bounds errors, bad frees, the device budget,
 * queries, freed addresses never aliasing the program's buffers; run with argument "strict"
 * (and ACL_EMU_STRICT=1) for the strict-mode checks. */
#define _POSIX_C_SOURCE 200809L /* fork, waitpid */

#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

enum { SIZE = 256 };

static void test_allocation(void)
{
    void *dev = NULL;
    CHECK_RET(aclrtMalloc(&dev, SIZE, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_CONTEXT_NULL);
    CHECK_OK(aclrtSetDevice(0));
    CHECK_RET(aclrtMalloc(NULL, SIZE, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclrtMalloc(&dev, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclrtMalloc(&dev, SIZE, (aclrtMemMallocPolicy)77), ACL_ERROR_INVALID_PARAM);
    static const aclrtMemMallocPolicy policies[] = {
        ACL_MEM_MALLOC_HUGE_FIRST,     ACL_MEM_MALLOC_HUGE_ONLY,       ACL_MEM_MALLOC_NORMAL_ONLY,
        ACL_MEM_MALLOC_HUGE_FIRST_P2P, ACL_MEM_MALLOC_HUGE_ONLY_P2P,   ACL_MEM_MALLOC_NORMAL_ONLY_P2P,
        ACL_MEM_MALLOC_HUGE1G_ONLY,    ACL_MEM_MALLOC_HUGE1G_ONLY_P2P,
        (aclrtMemMallocPolicy)(ACL_MEM_MALLOC_HUGE_FIRST | ACL_MEM_TYPE_HIGH_BAND_WIDTH)};
    for (size_t i = 0; i < sizeof policies / sizeof policies[0]; ++i) {
        void *p = NULL;
        CHECK_OK(aclrtMalloc(&p, SIZE, policies[i]));
        CHECK(p != NULL && ((uintptr_t)p % 32) == 0);
        CHECK_OK(aclrtFree(p));
    }
    CHECK_OK(aclrtMallocCached(&dev, SIZE, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtFree(dev));
    CHECK_OK(aclrtMallocAlign32(&dev, SIZE, ACL_MEM_MALLOC_NORMAL_ONLY));
    CHECK_OK(aclrtFree(dev));

    /* the device budget comes from ACL_EMU_DEVICE_MEMORY (the test sets 1 MiB) */
    size_t free_bytes = 0, total = 0;
    CHECK_OK(aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, &total));
    CHECK(total == 1024 * 1024 && free_bytes == total);
    void *big = NULL, *more = NULL;
    CHECK_OK(aclrtMalloc(&big, 700 * 1024, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, &total));
    CHECK(free_bytes == total - 700 * 1024);
    CHECK_RET(aclrtMalloc(&more, 400 * 1024, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_RT_MEMORY_ALLOCATION);
    CHECK_MSG("out of device memory");
    CHECK_OK(aclrtFree(big));
    CHECK_OK(aclrtMalloc(&more, 400 * 1024, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtFree(more));
}

static void test_frees(void)
{
    void *dev = NULL, *host = NULL;
    CHECK_OK(aclrtMalloc(&dev, SIZE, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMallocHost(&host, SIZE));
    int local = 0;
    CHECK_RET(aclrtFree(NULL), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclrtFree(&local), ACL_ERROR_RT_MEMORY_FREE);
    CHECK_MSG("was not allocated by aclrtMalloc");
    CHECK_RET(aclrtFree((char *)dev + 8), ACL_ERROR_RT_MEMORY_FREE);
    CHECK_MSG("not its start");
    CHECK_RET(aclrtFree(host), ACL_ERROR_RT_MEMORY_FREE);
    CHECK_MSG("aclrtFreeHost");
    CHECK_RET(aclrtFreeHost(dev), ACL_ERROR_RT_MEMORY_FREE);
    CHECK_OK(aclrtFree(dev));
    CHECK_RET(aclrtFree(dev), ACL_ERROR_RT_MEMORY_FREE);
    CHECK_MSG("double free");
    CHECK_OK(aclrtFreeHost(host));
    CHECK_RET(aclrtFreeHost(host), ACL_ERROR_RT_MEMORY_FREE);
}

static void test_copies(void)
{
    unsigned char *dev = NULL, *dev2 = NULL;
    CHECK_OK(aclrtMalloc((void **)&dev, SIZE, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc((void **)&dev2, SIZE, ACL_MEM_MALLOC_HUGE_FIRST));
    unsigned char host[SIZE], back[SIZE];
    for (int i = 0; i < SIZE; ++i) {
        host[i] = (unsigned char)i;
    }
    CHECK_OK(aclrtMemcpy(dev, SIZE, host, SIZE, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_OK(aclrtMemcpy(dev2, SIZE, dev, SIZE, ACL_MEMCPY_DEVICE_TO_DEVICE));
    memset(back, 0, sizeof back);
    CHECK_OK(aclrtMemcpy(back, SIZE, dev2, SIZE, ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK(memcmp(back, host, SIZE) == 0);
    memset(back, 0, sizeof back);
    CHECK_OK(aclrtMemcpy(back, SIZE, dev, SIZE, ACL_MEMCPY_DEFAULT));
    CHECK(memcmp(back, host, SIZE) == 0);
    CHECK_OK(aclrtMemcpy(back, SIZE, host, 0, ACL_MEMCPY_HOST_TO_HOST));

    /* bounds: the copy may not run past the allocation */
    CHECK_RET(aclrtMemcpy(dev + 200, SIZE, host, 100, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    CHECK_MSG("past the end");
    CHECK_RET(aclrtMemcpy(back, SIZE, dev2 + 1, SIZE, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclrtMemcpy(dev, 10, host, 20, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    CHECK_MSG("exceeds destMax");
    CHECK_RET(aclrtMemcpy(dev, SIZE, NULL, 4, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclrtMemcpy(dev, SIZE, host, 4, (aclrtMemcpyKind)99), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclrtMemcpyAsync(dev + 250, SIZE, host, 10, ACL_MEMCPY_HOST_TO_DEVICE, NULL), ACL_ERROR_INVALID_PARAM);

    /* memset */
    CHECK_OK(aclrtMemset(dev, SIZE, 0x5a, SIZE));
    CHECK_OK(aclrtMemcpy(back, SIZE, dev, SIZE, ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK(back[0] == 0x5a && back[SIZE - 1] == 0x5a);
    CHECK_RET(aclrtMemset(dev, SIZE, 0, SIZE + 1), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclrtMemset(dev + 1, SIZE, 0, SIZE), ACL_ERROR_INVALID_PARAM);
    aclrtStream stream = NULL;
    CHECK_OK(aclrtCreateStream(&stream));
    CHECK_OK(aclrtMemsetAsync(dev, SIZE, 0x11, 16, stream));
    CHECK_OK(aclrtMemcpyAsync(back, SIZE, dev, 16, ACL_MEMCPY_DEVICE_TO_HOST, stream));
    CHECK_OK(aclrtSynchronizeStream(stream));
    CHECK(back[0] == 0x11 && back[15] == 0x11);

    /* 2-D: copy a 4x8 block out of rows of 16 bytes */
    unsigned char rows[4 * 16];
    for (int i = 0; i < 4 * 16; ++i) {
        rows[i] = (unsigned char)i;
    }
    CHECK_OK(aclrtMemcpy2d(dev, 8, rows, 16, 8, 4, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_OK(aclrtMemcpy(back, SIZE, dev, 32, ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK(back[0] == 0 && back[7] == 7 && back[8] == 16 && back[31] == 55);
    CHECK_RET(aclrtMemcpy2d(dev, 4, rows, 16, 8, 4, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclrtMemcpy2d(dev + 200, 16, rows, 16, 16, 4, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    memset(back, 0, sizeof back);
    CHECK_OK(aclrtMemcpy2dAsync(back, 16, dev, 8, 8, 4, ACL_MEMCPY_DEVICE_TO_HOST, stream));
    CHECK_OK(aclrtSynchronizeStream(stream));
    CHECK(back[16] == 16 && back[8] == 0);
    CHECK_OK(aclrtDestroyStream(stream));

    /* attributes and ranges */
    aclrtPtrAttributes attributes;
    CHECK_OK(aclrtPointerGetAttributes(dev + 10, &attributes));
    CHECK(attributes.location.type == ACL_MEM_LOCATION_TYPE_DEVICE && attributes.location.id == 0);
    CHECK_OK(aclrtPointerGetAttributes(host, &attributes));
    CHECK(attributes.location.type == ACL_MEM_LOCATION_TYPE_UNREGISTERED);
    void *base = NULL;
    size_t size = 0;
    CHECK_OK(aclrtMemGetAddressRange(dev + 10, &base, &size));
    CHECK(base == dev && size == SIZE);
    CHECK_OK(aclrtFree(dev));
    CHECK_OK(aclrtFree(dev2));
}

/* Lenient: kinds are not enforced; strict: every misuse is reported. */
static void test_strictness(int strict)
{
    unsigned char *dev = NULL;
    void *pinned = NULL;
    unsigned char host[SIZE];
    memset(host, 1, sizeof host);
    CHECK_OK(aclrtMalloc((void **)&dev, SIZE, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMallocHost(&pinned, SIZE));
    aclError want = strict ? ACL_ERROR_INVALID_PARAM : ACL_SUCCESS;
    /* reversed: the device-side destination is no allocation, refused in both modes (issue 13) */
    CHECK_RET(aclrtMemcpy(host, SIZE, dev, SIZE, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    CHECK_RET(aclrtMemcpy(dev, SIZE, host, SIZE, ACL_MEMCPY_HOST_TO_HOST), want);
    CHECK_RET(aclrtMemcpy(pinned, SIZE, host, SIZE, ACL_MEMCPY_HOST_TO_DEVICE), want);
    if (strict) {
        CHECK_MSG("aclrtMallocHost");
    }
    CHECK_OK(aclrtMemcpy(dev, SIZE, pinned, SIZE, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_OK(aclrtMemset(pinned, SIZE, 0, SIZE)); /* memset takes host memory in both modes */
    CHECK_OK(aclrtMemcpy(dev, SIZE, host, SIZE, ACL_MEMCPY_DEFAULT));
    CHECK_OK(aclrtFree(dev));
    /* use after free: refused in both modes where the kind says device memory */
    CHECK_RET(aclrtMemcpy(host, SIZE, dev, 16, ACL_MEMCPY_DEVICE_TO_HOST), ACL_ERROR_INVALID_PARAM);
    CHECK_MSG("use after free");
    if (strict) { /* and in strict mode whatever the kind */
        CHECK_RET(aclrtMemcpy(host, SIZE, dev, 16, ACL_MEMCPY_DEFAULT), ACL_ERROR_INVALID_PARAM);
    }
    CHECK_OK(aclrtFreeHost(pinned));

    /* leaks: reported by the last aclrtResetDevice in strict mode, silently freed otherwise */
    void *leaked = NULL;
    aclrtStream stream = NULL;
    CHECK_OK(aclrtMalloc(&leaked, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtCreateStream(&stream));
    CHECK_RET(aclrtResetDevice(0), strict ? ACL_ERROR_RELATIVE_RESOURCE_NOT_CLEARED : ACL_SUCCESS);
    if (strict) {
        CHECK_MSG("2 resource(s)");
    }
    CHECK_RET(aclrtFree(leaked), ACL_ERROR_RT_MEMORY_FREE); /* released with the device */
    void *host_leak = NULL;
    CHECK_OK(aclrtMallocHost(&host_leak, 32));
    CHECK_RET(aclFinalize(), strict ? ACL_ERROR_RELATIVE_RESOURCE_NOT_CLEARED : ACL_SUCCESS);
}

/* A freed allocation is refused in every position and both modes; strict mode
 * refuses it as a host-side pointer too (lenient mode would touch it: a sealed one faults). */
static void check_still_freed(unsigned char *freed, void *dev)
{
    unsigned char byte = 0;
    CHECK_RET(aclrtMemcpy(dev, 1, freed, 1, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_ERROR_INVALID_PARAM);
    CHECK_MSG("use after free");
    /* From a host position too, in both modes: the range is sealed, so a copy would crash. */
    CHECK_RET(aclrtMemcpy(&byte, 1, freed, 1, ACL_MEMCPY_DEFAULT), ACL_ERROR_INVALID_PARAM);
    CHECK_MSG("use after free");
    CHECK_RET(aclrtMemcpy(&byte, 1, freed, 1, ACL_MEMCPY_HOST_TO_HOST), ACL_ERROR_INVALID_PARAM);
    CHECK_MSG("use after free");
}

/* Every 64 bytes of a live host buffer pass as the host side of a copy (strict mode
 * checked them against recent frees); returns the number refused. */
static int count_refused_host_positions(const unsigned char *buffer, size_t size, void *dev)
{
    int refused = 0;
    for (size_t offset = 0; offset < size; offset += 64) {
        if (aclrtMemcpy(dev, 1, buffer + offset, 1, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS ||
            aclrtMemcpy(dev, 1, buffer + offset, 1, ACL_MEMCPY_DEFAULT) != ACL_SUCCESS) {
            fprintf(stderr, "host buffer %p + %zu refused: %s\n", (const void *)buffer, offset, aclGetRecentErrMsg());
            ++refused;
        }
    }
    return refused;
}

enum { REUSE_TRIES = 8 };

/* After aclrtFree / aclrtFreeHost, libc (which used to hand the same addresses out again) and
 * aclrtMallocHost give buffers that are never taken for use after free, while the freed
 * pointer itself still is. Sizes cover the slab classes and allocations mapped on their own. */
static void test_freed_addresses_stay_reserved(void)
{
    static const size_t sizes[] = {64, SIZE, 4000, 65536, 65537, 200000, 600000};
    void *dev = NULL;
    CHECK_OK(aclrtMalloc(&dev, 16, ACL_MEM_MALLOC_HUGE_FIRST));
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
        size_t size = sizes[s];
        unsigned char *freed_dev = NULL, *freed_host = NULL;
        CHECK_OK(aclrtMalloc((void **)&freed_dev, size, ACL_MEM_MALLOC_HUGE_FIRST));
        CHECK_OK(aclrtMallocHost((void **)&freed_host, size));
        CHECK_OK(aclrtMemset(freed_dev, size, 0x77, size));
        CHECK_OK(aclrtFree(freed_dev));
        CHECK_OK(aclrtFreeHost(freed_host));
        /* the sizes libc saw before (the old emulator over-allocated by 63 bytes) and neighbours */
        unsigned char *mine[REUSE_TRIES * 3] = {0};
        void *pinned[REUSE_TRIES] = {0};
        for (int i = 0; i < REUSE_TRIES; ++i) {
            mine[3 * i] = malloc(size);
            mine[3 * i + 1] = malloc(size + 63);
            mine[3 * i + 2] = calloc(1, size + 16 * (size_t)i);
            CHECK_OK(aclrtMallocHost(&pinned[i], size));
        }
        int refused = 0;
        for (int i = 0; i < REUSE_TRIES * 3; ++i) {
            CHECK(mine[i] != NULL);
            if (mine[i] != NULL) {
                refused += count_refused_host_positions(mine[i], size, dev);
            }
        }
        for (int i = 0; i < REUSE_TRIES; ++i) {
            refused += count_refused_host_positions(pinned[i], size, dev);
            CHECK_RET(aclrtMemcpy(pinned[i], 1, dev, 1, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
        }
        CHECK(refused == 0);
        check_still_freed(freed_dev, dev);
        check_still_freed(freed_dev + size - 1, dev);
        check_still_freed(freed_host, dev);
        CHECK_RET(aclrtFree(freed_dev), ACL_ERROR_RT_MEMORY_FREE);
        CHECK_MSG("double free");
        CHECK_RET(aclrtFreeHost(freed_host), ACL_ERROR_RT_MEMORY_FREE);
        CHECK_MSG("double free");
        for (int i = 0; i < REUSE_TRIES * 3; ++i) {
            free(mine[i]);
        }
        for (int i = 0; i < REUSE_TRIES; ++i) {
            CHECK_OK(aclrtFreeHost(pinned[i]));
        }
    }
    CHECK_OK(aclrtFree(dev));
}

/* A large freed allocation keeps its addresses but not its pages: touching it faults. */
static void test_freed_large_allocation_is_sealed(void)
{
    volatile unsigned char *freed = NULL;
    CHECK_OK(aclrtMalloc((void **)&freed, 300000, ACL_MEM_MALLOC_HUGE_FIRST));
    freed[0] = 1;
    CHECK_OK(aclrtFree((void *)freed));
    fflush(NULL);
    pid_t child = fork();
    if (child == 0) {
        /* the plain signal, not a sanitizer's report of it (ASan handles SIGSEGV itself) */
        struct sigaction plain;
        memset(&plain, 0, sizeof plain);
        plain.sa_handler = SIG_DFL;
        sigaction(SIGSEGV, &plain, NULL);
        unsigned char value = freed[0];
        _exit(value == 0xEE ? 3 : 0); /* reached only if the read did not fault */
    }
    int status = 0;
    CHECK(child > 0 && waitpid(child, &status, 0) == child);
    CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV);
}

/* The quarantine is bounded: after 256 later frees the oldest is forgotten (and its room is
 * used again, cleared). */
static void test_quarantine_forgets_the_oldest(void)
{
    unsigned char *oldest = NULL, *dev = NULL;
    unsigned char back[SIZE];
    CHECK_OK(aclrtMalloc((void **)&dev, SIZE, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc((void **)&oldest, SIZE, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMemset(oldest, SIZE, 0x5a, SIZE));
    CHECK_OK(aclrtFree(oldest));
    for (int i = 0; i < 255; ++i) {
        void *churn = NULL;
        CHECK_OK(aclrtMalloc(&churn, 100, ACL_MEM_MALLOC_HUGE_FIRST)); /* another size class */
        CHECK_OK(aclrtFree(churn));
    }
    check_still_freed(oldest, dev); /* 255 later frees: still remembered */
    void *last = NULL;
    CHECK_OK(aclrtMalloc(&last, 100, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtFree(last));
    CHECK_OK(aclrtMemcpy(back, SIZE, oldest, 1, ACL_MEMCPY_DEFAULT)); /* forgotten even when strict */
    CHECK_RET(aclrtFree(oldest), ACL_ERROR_RT_MEMORY_FREE);
    CHECK_MSG("was not allocated by aclrtMalloc");
    unsigned char *again[4] = {0};
    for (int i = 0; i < 4; ++i) {
        CHECK_OK(aclrtMalloc((void **)&again[i], SIZE, ACL_MEM_MALLOC_HUGE_FIRST));
        memset(back, 1, sizeof back);
        CHECK_OK(aclrtMemcpy(back, SIZE, again[i], SIZE, ACL_MEMCPY_DEVICE_TO_HOST));
        int zero = 1;
        for (int j = 0; j < SIZE; ++j) {
            zero &= back[j] == 0;
        }
        CHECK(zero);
    }
    for (int i = 0; i < 4; ++i) {
        CHECK_OK(aclrtFree(again[i]));
    }
    CHECK_OK(aclrtFree(dev));
}

/* at most 4 x 3 x 70000 bytes live: within the 1 MiB budget of the lenient run */
enum { LARGE = 600000, PROTECTED_BYTES = 32 * 1024 * 1024, LARGE_CYCLES = 120 };

/* A large freed allocation keeps its addresses for at least the next 32 MiB of large frees, is
 * reported as freed until it is handed out again, and comes back cleared. Only strict mode keeps
 * the pages of large frees for reuse; the default mode maps afresh and keeps the freed range
 * reserved (reported as freed) for the whole run. */
static void test_large_frees_are_reused_only_after_newer_frees(int strict)
{
    unsigned char *dev = NULL, *first = NULL;
    static unsigned char back[LARGE];
    CHECK_OK(aclrtMalloc((void **)&dev, 16, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc((void **)&first, LARGE, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMemset(first, LARGE, 0x33, LARGE));
    CHECK_OK(aclrtFree(first));
    size_t freed_after_first = 0;
    int reused_at = -1;
    for (int cycle = 0; cycle < LARGE_CYCLES && reused_at < 0; ++cycle) {
        unsigned char *next = NULL;
        CHECK_OK(aclrtMalloc((void **)&next, LARGE, ACL_MEM_MALLOC_HUGE_FIRST));
        if (next == first) {
            reused_at = cycle;
            CHECK(freed_after_first >= PROTECTED_BYTES);
            CHECK_OK(aclrtMemcpy(back, LARGE, next, LARGE, ACL_MEMCPY_DEVICE_TO_HOST));
            CHECK(back[0] == 0 && back[LARGE / 2] == 0 && back[LARGE - 1] == 0);
        } else {
            check_still_freed(first, dev);
        }
        CHECK_OK(aclrtMemset(next, LARGE, 0x44, LARGE));
        CHECK_OK(aclrtFree(next));
        freed_after_first += LARGE;
    }
    CHECK(strict ? reused_at >= 0 : reused_at < 0);
    CHECK_OK(aclrtFree(dev));
}

enum { CHURN_THREADS = 4, CHURN_ROUNDS = 2000, CHURN_LIVE = 3, CHURN_MAX = 70000 };

static int churn_errors[CHURN_THREADS];

/* Each thread keeps a few live allocations of changing sizes, stamped with its own byte,
 * and checks that no other thread's allocation ever overwrote them. */
static void *churn_worker(void *arg)
{
    int index = (int)(intptr_t)arg;
    unsigned char stamp = (unsigned char)(0xA0 + index);
    unsigned char *live[CHURN_LIVE] = {0};
    size_t sizes[CHURN_LIVE] = {0};
    unsigned char *back = malloc(CHURN_MAX);
    if (back == NULL || aclrtSetDevice(0) != ACL_SUCCESS) {
        ++churn_errors[index];
        free(back);
        return NULL;
    }
    for (int round = 0; round < CHURN_ROUNDS; ++round) {
        int slot = round % CHURN_LIVE;
        if (live[slot] != NULL) {
            if (aclrtMemcpy(back, sizes[slot], live[slot], sizes[slot], ACL_MEMCPY_DEVICE_TO_HOST) != ACL_SUCCESS ||
                back[0] != stamp || back[sizes[slot] - 1] != stamp || aclrtFree(live[slot]) != ACL_SUCCESS) {
                ++churn_errors[index];
            }
        }
        sizes[slot] = 1 + (size_t)((round * 7919 + index * 104729) % CHURN_MAX);
        if (aclrtMalloc((void **)&live[slot], sizes[slot], ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS ||
            aclrtMemset(live[slot], sizes[slot], stamp, sizes[slot]) != ACL_SUCCESS) {
            ++churn_errors[index];
            live[slot] = NULL;
        }
    }
    for (int slot = 0; slot < CHURN_LIVE; ++slot) {
        if (live[slot] != NULL && aclrtFree(live[slot]) != ACL_SUCCESS) {
            ++churn_errors[index];
        }
    }
    free(back);
    if (aclrtResetDevice(0) != ACL_SUCCESS) {
        ++churn_errors[index];
    }
    return NULL;
}

static void test_concurrent_churn(void)
{
    pthread_t threads[CHURN_THREADS];
    for (int i = 0; i < CHURN_THREADS; ++i) {
        CHECK(pthread_create(&threads[i], NULL, churn_worker, (void *)(intptr_t)i) == 0);
    }
    for (int i = 0; i < CHURN_THREADS; ++i) {
        pthread_join(threads[i], NULL);
        CHECK(churn_errors[i] == 0);
    }
}

int main(int argc, char **argv)
{
    int strict = argc > 1 && strcmp(argv[1], "strict") == 0;
    CHECK_OK(aclInit(NULL));
    if (!strict) {
        test_allocation();
        test_frees();
        test_copies();
    } else {
        CHECK_OK(aclrtSetDevice(0));
    }
    test_freed_addresses_stay_reserved();
    test_quarantine_forgets_the_oldest();
    test_large_frees_are_reused_only_after_newer_frees(strict);
    if (!strict) {
        test_freed_large_allocation_is_sealed();
        test_concurrent_churn();
    }
    test_strictness(strict);
    return finish(strict ? "test_memory strict" : "test_memory");
}
