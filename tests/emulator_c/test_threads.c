/* 4 threads, each with its own context and stream, each doing 1000 async round trips
 * host -> device -> host, checking every byte. Then aclrtGetDevice/aclrtGetMemInfo (which do not
 * take the core lock) while other threads create and destroy contexts, the caller's own among them. */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

enum { THREADS = 4, ROUNDS = 1000, BYTES = 512 };

static int thread_errors[THREADS];

static void *worker(void *arg)
{
    int index = (int)(intptr_t)arg;
    int *errors = &thread_errors[index];
    aclrtContext ctx = NULL;
    aclrtStream stream = NULL;
    void *dev = NULL;
    unsigned char in[BYTES], out[BYTES];
    if (aclrtCreateContext(&ctx, index % 2) != ACL_SUCCESS || aclrtCreateStream(&stream) != ACL_SUCCESS ||
        aclrtMalloc(&dev, BYTES, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
        ++*errors;
        return NULL;
    }
    for (int round = 0; round < ROUNDS; ++round) {
        for (int i = 0; i < BYTES; ++i) {
            in[i] = (unsigned char)(i * 7 + round + index * 31);
        }
        memset(out, 0, sizeof out);
        if (aclrtMemcpyAsync(dev, BYTES, in, BYTES, ACL_MEMCPY_HOST_TO_DEVICE, stream) != ACL_SUCCESS ||
            aclrtMemcpyAsync(out, BYTES, dev, BYTES, ACL_MEMCPY_DEVICE_TO_HOST, stream) != ACL_SUCCESS ||
            aclrtSynchronizeStream(stream) != ACL_SUCCESS || memcmp(in, out, BYTES) != 0) {
            ++*errors;
        }
    }
    int32_t device = -1;
    if (aclrtGetDevice(&device) != ACL_SUCCESS || device != index % 2) {
        ++*errors;
    }
    if (aclrtFree(dev) != ACL_SUCCESS || aclrtDestroyStream(stream) != ACL_SUCCESS ||
        aclrtDestroyContext(ctx) != ACL_SUCCESS) {
        ++*errors;
    }
    return NULL;
}

enum { QUERIES = 20000, CHURN = 300 };
static aclrtContext shared_ctx;
static atomic_int phase; /* 1: querier checked the live context; 2: main destroyed it */
static atomic_int query_errors;

static void *querier(void *arg)
{
    (void)arg;
    int32_t device = -1;
    size_t free_bytes = 0, total = 0;
    if (aclrtSetCurrentContext(shared_ctx) != ACL_SUCCESS) {
        ++query_errors;
    }
    for (int i = 0; i < QUERIES; ++i) { /* main creates and destroys other contexts meanwhile */
        if (aclrtGetDevice(&device) != ACL_SUCCESS || device != 1 ||
            aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, &total) != ACL_SUCCESS || free_bytes > total) {
            ++query_errors;
        }
    }
    atomic_store(&phase, 1);
    while (atomic_load(&phase) != 2) {
        sched_yield();
    }
    /* our current context was destroyed by another thread */
    if (aclrtGetDevice(&device) != ACL_ERROR_RT_CONTEXT_NULL ||
        aclrtGetMemInfo(ACL_HBM_MEM, &free_bytes, &total) != ACL_ERROR_RT_CONTEXT_NULL) {
        ++query_errors;
    }
    return NULL;
}

static void queries_during_context_churn(void)
{
    CHECK_OK(aclrtCreateContext(&shared_ctx, 1));
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, querier, NULL) == 0);
    for (int i = 0; i < CHURN && atomic_load(&phase) == 0; ++i) {
        aclrtContext other = NULL;
        void *dev = NULL;
        CHECK_OK(aclrtCreateContext(&other, i % 2));
        CHECK_OK(aclrtMalloc(&dev, 4096, ACL_MEM_MALLOC_HUGE_FIRST));
        CHECK_OK(aclrtFree(dev));
        CHECK_OK(aclrtDestroyContext(other));
    }
    while (atomic_load(&phase) != 1) {
        sched_yield();
    }
    CHECK_OK(aclrtDestroyContext(shared_ctx));
    atomic_store(&phase, 2);
    pthread_join(thread, NULL);
    CHECK(atomic_load(&query_errors) == 0);
}

int main(void)
{
    CHECK_OK(aclInit(NULL));
    pthread_t threads[THREADS];
    for (int i = 0; i < THREADS; ++i) {
        CHECK(pthread_create(&threads[i], NULL, worker, (void *)(intptr_t)i) == 0);
    }
    for (int i = 0; i < THREADS; ++i) {
        pthread_join(threads[i], NULL);
        CHECK(thread_errors[i] == 0);
    }
    queries_during_context_churn();
    CHECK_OK(aclFinalize());
    return finish("test_threads");
}
