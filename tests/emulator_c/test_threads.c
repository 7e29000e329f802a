/* 4 threads, each with its own context and stream, each doing 1000 async round trips
 * host -> device -> host, checking every byte. */
#include <pthread.h>
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
    CHECK_OK(aclFinalize());
    return finish("test_threads");
}
