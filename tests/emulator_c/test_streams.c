/* Streams run tasks asynchronously and in order; events, timeouts, task failures with the
 * exception callback, forced destruction, and host callbacks through aclrtProcessReport. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <time.h>

#include "check.h"
#include "core_base.h"
#include "emu.h"
#include "parallel.h"

static void sleep_ms(long ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* ---- order and asynchrony */

static int order_log[8];
static atomic_int order_count;

static void append_after_sleep(void *arg)
{
    sleep_ms(100);
    order_log[atomic_fetch_add(&order_count, 1)] = (int)(intptr_t)arg;
}

static void append(void *arg)
{
    order_log[atomic_fetch_add(&order_count, 1)] = (int)(intptr_t)arg;
}

static void sleep_task(void *arg)
{
    sleep_ms((long)(intptr_t)arg);
}

static void test_async_in_order(void)
{
    aclrtStream stream = NULL;
    CHECK_OK(aclrtCreateStream(&stream));
    double start = now_ms();
    CHECK_OK(aclrtLaunchHostFunc(stream, append_after_sleep, (void *)(intptr_t)1));
    CHECK_OK(aclrtLaunchHostFunc(stream, append, (void *)(intptr_t)2));
    CHECK_OK(aclrtLaunchHostFunc(stream, append, (void *)(intptr_t)3));
    CHECK(now_ms() - start < 50); /* submission does not wait for the 100 ms task */
    aclrtStreamStatus status = ACL_STREAM_STATUS_COMPLETE;
    CHECK_OK(aclrtStreamQuery(stream, &status));
    CHECK(status == ACL_STREAM_STATUS_NOT_READY);
    CHECK(atomic_load(&order_count) == 0);
    CHECK_OK(aclrtSynchronizeStream(stream));
    CHECK(now_ms() - start >= 95);
    CHECK(atomic_load(&order_count) == 3 && order_log[0] == 1 && order_log[1] == 2 && order_log[2] == 3);
    CHECK_OK(aclrtStreamQuery(stream, &status));
    CHECK(status == ACL_STREAM_STATUS_COMPLETE);

    /* an async copy lands only when the stream reaches it */
    int src = 42, dst = 0;
    CHECK_OK(aclrtLaunchHostFunc(stream, sleep_task, (void *)(intptr_t)50));
    CHECK_OK(aclrtMemcpyAsync(&dst, sizeof dst, &src, sizeof src, ACL_MEMCPY_HOST_TO_HOST, stream));
    CHECK(dst == 0);
    CHECK_OK(aclrtSynchronizeStream(stream));
    CHECK(dst == 42);

    /* NULL is the default stream of the current context */
    dst = 0;
    CHECK_OK(aclrtMemcpyAsync(&dst, sizeof dst, &src, sizeof src, ACL_MEMCPY_DEFAULT, NULL));
    CHECK_OK(aclrtSynchronizeStream(NULL));
    CHECK(dst == 42);
    aclrtStream default_stream = NULL;
    CHECK_OK(aclrtCtxGetCurrentDefaultStream(&default_stream));
    CHECK(default_stream != NULL);
    CHECK_RET(aclrtDestroyStream(default_stream), ACL_ERROR_INVALID_PARAM);
    CHECK_OK(aclrtDestroyStream(stream));
}

/* ---- events */

static atomic_int flag;
static int seen_flag = -1;

static void set_flag_after_sleep(void *arg)
{
    (void)arg;
    sleep_ms(80);
    atomic_store(&flag, 1);
}

static void read_flag(void *arg)
{
    (void)arg;
    seen_flag = atomic_load(&flag);
}

static void test_events(void)
{
    aclrtStream a = NULL, b = NULL;
    CHECK_OK(aclrtCreateStream(&a));
    CHECK_OK(aclrtCreateStreamWithConfig(&b, 3, ACL_STREAM_FAST_LAUNCH));
    uint32_t priority = 0;
    CHECK_OK(aclrtStreamGetPriority(b, &priority));
    CHECK(priority == 3);
    CHECK_RET(aclrtCreateStreamWithConfig(&b, 99, 0), ACL_ERROR_INVALID_PARAM);

    aclrtEvent start = NULL, end = NULL;
    CHECK_OK(aclrtCreateEvent(&start));
    CHECK_OK(aclrtCreateEventWithFlag(&end, ACL_EVENT_TIME_LINE));
    CHECK_RET(aclrtCreateEventWithFlag(&end, 0x80000000u), ACL_ERROR_INVALID_PARAM);
    aclrtEventRecordedStatus recorded = ACL_EVENT_RECORDED_STATUS_COMPLETE;
    CHECK_OK(aclrtQueryEventStatus(start, &recorded));
    CHECK(recorded == ACL_EVENT_RECORDED_STATUS_NOT_READY);
    float ms = 0;
    CHECK_RET(aclrtEventElapsedTime(&ms, start, end), ACL_ERROR_INVALID_PARAM);
    CHECK_MSG("never recorded");

    CHECK_OK(aclrtRecordEvent(start, a));
    CHECK_OK(aclrtLaunchHostFunc(a, sleep_task, (void *)(intptr_t)60));
    CHECK_OK(aclrtRecordEvent(end, a));
    CHECK_OK(aclrtQueryEventStatus(end, &recorded));
    CHECK(recorded == ACL_EVENT_RECORDED_STATUS_NOT_READY);
    CHECK_RET(aclrtEventElapsedTime(&ms, start, end), ACL_ERROR_RT_EVENT_NOT_COMPLETE);
    CHECK_OK(aclrtSynchronizeEvent(end));
    CHECK_OK(aclrtQueryEventStatus(end, &recorded));
    CHECK(recorded == ACL_EVENT_RECORDED_STATUS_COMPLETE);
    aclrtEventWaitStatus wait_status = ACL_EVENT_WAIT_STATUS_NOT_READY;
    CHECK_OK(aclrtQueryEventWaitStatus(end, &wait_status));
    CHECK(wait_status == ACL_EVENT_WAIT_STATUS_COMPLETE);
    CHECK_OK(aclrtEventElapsedTime(&ms, start, end));
    CHECK(ms >= 55.0f && ms < 2000.0f);
    CHECK_RET(aclrtEventElapsedTime(&ms, end, start), ACL_ERROR_RT_EVENT_TIMESTAMP_REVERSAL);
    uint64_t stamp_start = 0, stamp_end = 0;
    CHECK_OK(aclrtEventGetTimestamp(start, &stamp_start));
    CHECK_OK(aclrtEventGetTimestamp(end, &stamp_end));
    CHECK(stamp_end - stamp_start >= 55000);

    /* stream b waits for an event recorded after a slow task on stream a */
    atomic_store(&flag, 0);
    CHECK_OK(aclrtLaunchHostFunc(a, set_flag_after_sleep, NULL));
    CHECK_OK(aclrtRecordEvent(end, a));
    CHECK_OK(aclrtStreamWaitEvent(b, end));
    CHECK_OK(aclrtLaunchHostFunc(b, read_flag, NULL));
    CHECK_OK(aclrtSynchronizeStream(b));
    CHECK(seen_flag == 1);

    /* reset makes the event not ready until it is recorded again */
    CHECK_OK(aclrtResetEvent(end, a));
    CHECK_OK(aclrtSynchronizeStream(a));
    CHECK_OK(aclrtQueryEventStatus(end, &recorded));
    CHECK(recorded == ACL_EVENT_RECORDED_STATUS_NOT_READY);

    /* timeouts */
    CHECK_OK(aclrtLaunchHostFunc(a, sleep_task, (void *)(intptr_t)300));
    CHECK_OK(aclrtRecordEvent(end, a));
    double before = now_ms();
    CHECK_RET(aclrtSynchronizeStreamWithTimeout(a, 30), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT);
    CHECK(now_ms() - before < 250);
    CHECK_RET(aclrtSynchronizeEventWithTimeout(end, 30), ACL_ERROR_RT_EVENT_SYNC_TIMEOUT);
    CHECK_RET(aclrtSynchronizeStreamWithTimeout(a, -7), ACL_ERROR_INVALID_PARAM);
    CHECK_OK(aclrtSynchronizeStreamWithTimeout(a, 5000));
    CHECK_OK(aclrtSynchronizeDeviceWithTimeout(5000));
    CHECK_OK(aclrtSynchronizeDevice());

    CHECK_OK(aclrtDestroyEvent(start));
    CHECK_OK(aclrtDestroyEvent(end));
    CHECK_OK(aclrtDestroyStream(a));
    CHECK_OK(aclrtDestroyStream(b));
}

/* ---- task failure, exception callback, forced destroy */

static uint32_t exception_code, exception_stream;
static atomic_int exception_calls;

static void on_exception(aclrtExceptionInfo *info)
{
    exception_code = aclrtGetErrorCodeFromExceptionInfo(info);
    exception_stream = aclrtGetStreamIdFromExceptionInfo(info);
    atomic_fetch_add(&exception_calls, 1);
}

static aclError failing_task(void *arg)
{
    (void)arg;
    return aclemu_set_error(ACL_ERROR_RT_AICORE_EXCEPTION, "kernel exploded on purpose");
}

static atomic_int ran_tasks;

static void count_task(void *arg)
{
    (void)arg;
    atomic_fetch_add(&ran_tasks, 1);
}

static void test_failures(void)
{
    aclrtStream stream = NULL;
    CHECK_OK(aclrtCreateStream(&stream));
    int32_t stream_id = -1;
    CHECK_OK(aclrtStreamGetId(stream, &stream_id));
    CHECK_OK(aclrtSetExceptionInfoCallback(on_exception));
    CHECK_OK(aclemu_stream_submit(stream, failing_task, NULL, NULL, "test"));
    CHECK_RET(aclrtSynchronizeStream(stream), ACL_ERROR_RT_AICORE_EXCEPTION);
    CHECK_MSG("kernel exploded on purpose");
    CHECK_OK(aclrtSynchronizeStream(stream)); /* reported once */
    CHECK(atomic_load(&exception_calls) == 1);
    CHECK(exception_code == (uint32_t)ACL_ERROR_RT_AICORE_EXCEPTION && exception_stream == (uint32_t)stream_id);
    CHECK_OK(aclrtSetExceptionInfoCallback(NULL));

    CHECK_OK(aclrtLaunchHostFunc(stream, sleep_task, (void *)(intptr_t)150));
    for (int i = 0; i < 5; ++i) {
        CHECK_OK(aclrtLaunchHostFunc(stream, count_task, NULL));
    }
    sleep_ms(20); /* the sleeping task is running */
    CHECK_OK(aclrtDestroyStreamForce(stream));
    CHECK(atomic_load(&ran_tasks) == 0);
    CHECK_RET(aclrtLaunchHostFunc(stream, count_task, NULL), ACL_ERROR_INVALID_PARAM);

    CHECK_OK(aclrtCreateStream(&stream));
    for (int i = 0; i < 5; ++i) {
        CHECK_OK(aclrtLaunchHostFunc(stream, count_task, NULL));
    }
    CHECK_OK(aclrtDestroyStream(stream)); /* drains */
    CHECK(atomic_load(&ran_tasks) == 5);
}

/* ---- host callbacks through aclrtProcessReport */

static atomic_int stop_reporting;
static pthread_t reporter;
static atomic_int callbacks_on_reporter;
static atomic_int callback_sequence;
static atomic_int first_callback_position = -1;
static int after_position = -1;

static void *report_loop(void *arg)
{
    aclrtContext ctx = arg;
    aclrtSetCurrentContext(ctx);
    while (!atomic_load(&stop_reporting)) {
        aclError err = aclrtProcessReport(20);
        if (err != ACL_SUCCESS && err != ACL_ERROR_RT_REPORT_TIMEOUT) {
            fprintf(stderr, "aclrtProcessReport returned %d\n", err);
        }
    }
    return NULL;
}

static void blocking_callback(void *arg)
{
    (void)arg;
    sleep_ms(50);
    if (pthread_equal(pthread_self(), reporter)) {
        atomic_fetch_add(&callbacks_on_reporter, 1);
    }
    int position = atomic_fetch_add(&callback_sequence, 1);
    int unset = -1;
    atomic_compare_exchange_strong(&first_callback_position, &unset, position);
}

static void after_callback(void *arg)
{
    (void)arg;
    after_position = atomic_fetch_add(&callback_sequence, 1);
}

static void test_report(void)
{
    aclrtContext ctx = NULL;
    CHECK_OK(aclrtGetCurrentContext(&ctx));
    aclrtStream stream = NULL;
    CHECK_OK(aclrtCreateStream(&stream));
    CHECK_RET(aclrtLaunchCallback(blocking_callback, NULL, ACL_CALLBACK_BLOCK, stream),
              ACL_ERROR_RT_STREAM_NO_CB_REG);
    CHECK_RET(aclrtProcessReport(10), ACL_ERROR_RT_REPORT_TIMEOUT); /* not subscribed (yet): nothing comes */

    pthread_create(&reporter, NULL, report_loop, ctx);
    CHECK_OK(aclrtSubscribeReport((uint64_t)reporter, stream));
    CHECK_RET(aclrtSubscribeReport((uint64_t)reporter, stream), ACL_ERROR_REPEAT_SUBSCRIBE);
    CHECK_OK(aclrtLaunchCallback(blocking_callback, NULL, ACL_CALLBACK_BLOCK, stream));
    CHECK_OK(aclrtLaunchHostFunc(stream, after_callback, NULL));
    CHECK_OK(aclrtLaunchCallback(blocking_callback, NULL, ACL_CALLBACK_NO_BLOCK, stream));
    CHECK_OK(aclrtSynchronizeStream(stream));
    CHECK(atomic_load(&first_callback_position) == 0);
    CHECK(after_position == 1); /* the stream waited for the blocking callback */
    sleep_ms(150);              /* the non-blocking one finishes on the reporter */
    CHECK(atomic_load(&callbacks_on_reporter) == 2);
    CHECK_OK(aclrtUnSubscribeReport((uint64_t)reporter, stream));
    CHECK_RET(aclrtUnSubscribeReport((uint64_t)reporter, stream), ACL_ERROR_STREAM_NOT_SUBSCRIBE);
    atomic_store(&stop_reporting, 1);
    pthread_join(reporter, NULL);

    /* the calling thread subscribed but nothing arrives: timeout */
    CHECK_OK(aclrtSubscribeReport((uint64_t)pthread_self(), stream));
    double before = now_ms();
    CHECK_RET(aclrtProcessReport(30), ACL_ERROR_RT_REPORT_TIMEOUT);
    CHECK(now_ms() - before >= 25);
    /* a callback the thread processes itself */
    callback_sequence = 0;
    CHECK_OK(aclrtLaunchCallback(after_callback, NULL, ACL_CALLBACK_NO_BLOCK, stream));
    CHECK_OK(aclrtProcessReport(2000));
    CHECK(after_position == 0);
    CHECK_OK(aclrtDestroyStream(stream)); /* forgets the subscription */
}

/* ---- many tiny tasks: order kept while task records are reused, hand-offs with a worker
 * that is busy, spinning or asleep */

enum { TINY_ROUNDS = 3000 };
static unsigned char tiny_log[TINY_ROUNDS];

static void test_tiny_tasks(void)
{
    aclrtStream stream = NULL;
    CHECK_OK(aclrtCreateStream(&stream));
    void *cell = NULL;
    CHECK_OK(aclrtMalloc(&cell, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    /* more tasks queued at once than a stream keeps spare records for */
    for (int i = 0; i < TINY_ROUNDS; ++i) {
        CHECK_OK(aclrtMemsetAsync(cell, 64, (i * 7 + 3) & 0xff, 64, stream));
        CHECK_OK(aclrtMemcpyAsync(&tiny_log[i], 1, (unsigned char *)cell + (i % 64), 1, ACL_MEMCPY_DEVICE_TO_HOST,
                                  stream));
    }
    CHECK_OK(aclrtSynchronizeStream(stream));
    int wrong = 0;
    for (int i = 0; i < TINY_ROUNDS; ++i) {
        wrong += tiny_log[i] != (unsigned char)((i * 7 + 3) & 0xff);
    }
    CHECK(wrong == 0);

    /* round trips: each copy is there when the synchronize returns; every few rounds the
     * submitter pauses long enough for the worker to stop spinning and sleep */
    aclrtEvent event = NULL;
    CHECK_OK(aclrtCreateEvent(&event));
    unsigned char host = 0;
    for (int i = 0; i < 400; ++i) {
        if (i % 50 == 0) {
            sleep_ms(2);
        }
        unsigned char value = (unsigned char)(i & 0xff);
        CHECK_OK(aclrtMemsetAsync(cell, 64, value, 1, stream));
        CHECK_OK(aclrtMemcpyAsync(&host, 1, cell, 1, ACL_MEMCPY_DEVICE_TO_HOST, stream));
        if (i % 2 == 0) {
            CHECK_OK(aclrtSynchronizeStream(stream));
        } else {
            CHECK_OK(aclrtRecordEvent(event, stream));
            CHECK_OK(aclrtSynchronizeEvent(event));
            aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_NOT_READY;
            CHECK_OK(aclrtQueryEventStatus(event, &status));
            CHECK(status == ACL_EVENT_RECORDED_STATUS_COMPLETE);
        }
        wrong += host != value;
    }
    CHECK(wrong == 0);
    CHECK_OK(aclrtDestroyEvent(event));
    CHECK_OK(aclrtFree(cell));
    CHECK_OK(aclrtDestroyStream(stream));
}

/* ---- a waiter stops spinning while a kernel keeps every core busy (its spin would take a core
 * the kernel's threads need): it looks at its condition once and goes to sleep */

static bool never_ready(const void *arg)
{
    atomic_int *looks = (atomic_int *)(uintptr_t)arg;
    atomic_fetch_add(looks, 1);
    return false;
}

/* How many times a spin of up to 5 ms looked at its condition. It starts after the 20 ms for which
 * an earlier spin's lost yield (a busy machine) stops all spinning, which would end it unlooked. */
static int looks_of_one_spin(void)
{
    sleep_ms(25);
    atomic_int looks = 0;
    CHECK(!rt_spin_until(never_ready, (const void *)&looks, 5000000ull));
    return atomic_load(&looks);
}

static atomic_int looks_in_band;

static void spin_in_band(void *ctx, size_t begin, size_t end)
{
    (void)ctx, (void)end;
    if (begin == 0) {
        atomic_store(&looks_in_band, looks_of_one_spin());
    }
}

static void test_spinning_gives_way_to_kernels(void)
{
    CHECK(looks_of_one_spin() >= 2); /* no kernel: it yields and looks again */
    aclemu_all_cores_begin();
    CHECK(looks_of_one_spin() == 1);
    aclemu_all_cores_begin(); /* nested */
    aclemu_all_cores_end();
    CHECK(looks_of_one_spin() == 1);
    aclemu_all_cores_end();
    /* a split kernel says so by itself (ACL_EMU_THREADS=2 for this program) */
    CHECK(aclemu_compute_threads() == 2);
    aclemu_parallel_for(2, 1, spin_in_band, NULL);
    CHECK(atomic_load(&looks_in_band) == 1);
}

int main(void)
{
    CHECK_OK(aclInit(NULL));
    CHECK_OK(aclrtSetDevice(0));
    test_async_in_order();
    test_events();
    test_failures();
    test_report();
    test_tiny_tasks();
    test_spinning_gives_way_to_kernels();
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclFinalize());
    return finish("test_streams");
}
