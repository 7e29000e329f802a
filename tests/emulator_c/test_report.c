/* The report area's lifecycles: every launched callback runs once or is reported to the discard
 * hook once (unsubscribe, stream destroyed, forced destroy); per-thread queues go away with their
 * last use. Exception callbacks: the info names the OS thread that ran the failing task, and
 * unregistering returns only once no call of the callback is left. */
#define _DEFAULT_SOURCE /* syscall() */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "emu.h"
#include "report_hooks.h"

static void sleep_ms(long ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

static uint32_t os_thread_id(void)
{
    return (uint32_t)syscall(SYS_gettid);
}

static uint64_t self_id(void)
{
    return (uint64_t)pthread_self();
}

/* ---- what the discard hook and the callbacks saw */

enum { MAX_EVENTS = 64 };
static pthread_mutex_t seen_lock = PTHREAD_MUTEX_INITIALIZER;
static intptr_t discarded[MAX_EVENTS];
static int discarded_count;
static intptr_t ran[MAX_EVENTS];
static int ran_count;

static void record(intptr_t *log, int *count, void *user_data)
{
    pthread_mutex_lock(&seen_lock);
    if (*count < MAX_EVENTS) {
        log[(*count)++] = (intptr_t)user_data;
    }
    pthread_mutex_unlock(&seen_lock);
}

static void callback(void *user_data)
{
    record(ran, &ran_count, user_data);
}

static void other_callback(void *user_data)
{
    (void)user_data;
}

static void on_discarded(aclrtCallback fn, void *user_data)
{
    if (fn == callback) {
        record(discarded, &discarded_count, user_data);
    }
}

static void reset_seen(void)
{
    pthread_mutex_lock(&seen_lock);
    discarded_count = ran_count = 0;
    pthread_mutex_unlock(&seen_lock);
}

static int seen(const int *count)
{
    pthread_mutex_lock(&seen_lock);
    int value = *count;
    pthread_mutex_unlock(&seen_lock);
    return value;
}

static void sleep_task(void *arg)
{
    sleep_ms((long)(intptr_t)arg);
}

/* ---- exception info: thread id */

static atomic_uint reported_thread_id;
static atomic_uint callback_thread_id;

static void on_exception(aclrtExceptionInfo *info)
{
    atomic_store(&reported_thread_id, aclrtGetThreadIdFromExceptionInfo(info));
    atomic_store(&callback_thread_id, os_thread_id());
}

static aclError failing_task(void *arg)
{
    (void)arg;
    return aclemu_set_error(ACL_ERROR_RT_AICORE_EXCEPTION, "failing on purpose");
}

static void test_exception_thread_id_is_the_os_id_of_the_launcher(void)
{
    aclrtStream stream = NULL;
    CHECK_OK(aclrtCreateStream(&stream));
    CHECK_OK(aclrtSetExceptionInfoCallback(on_exception));
    CHECK_OK(aclemu_stream_submit(stream, failing_task, NULL, NULL, "test"));
    CHECK_RET(aclrtSynchronizeStream(stream), ACL_ERROR_RT_AICORE_EXCEPTION);
    CHECK_OK(aclrtSetExceptionInfoCallback(NULL));
    uint32_t reported = atomic_load(&reported_thread_id);
    CHECK(reported != 0 && reported != 0xFFFFFFFFu);
    CHECK(reported == os_thread_id()); /* the thread that queued the task */
    CHECK(reported != atomic_load(&callback_thread_id)); /* not the stream's worker */
    CHECK_OK(aclrtDestroyStream(stream));
}

static atomic_int slow_callback_state; /* 1 started, 2 finished */

static void slow_exception_callback(aclrtExceptionInfo *info)
{
    (void)info;
    atomic_store(&slow_callback_state, 1);
    sleep_ms(100);
    atomic_store(&slow_callback_state, 2);
}

static void test_unregistering_waits_for_a_running_exception_callback(void)
{
    aclrtStream stream = NULL;
    CHECK_OK(aclrtCreateStream(&stream));
    CHECK_OK(aclrtExceptionInfoCallbackRegister(slow_exception_callback));
    CHECK_OK(aclemu_stream_submit(stream, failing_task, NULL, NULL, "test"));
    for (int i = 0; i < 400 && atomic_load(&slow_callback_state) == 0; ++i) {
        sleep_ms(5);
    }
    CHECK(atomic_load(&slow_callback_state) == 1);
    CHECK_OK(aclrtExceptionInfoCallbackUnregister(slow_exception_callback));
    CHECK(atomic_load(&slow_callback_state) == 2); /* what it used may be freed now */
    CHECK_RET(aclrtSynchronizeStream(stream), ACL_ERROR_RT_AICORE_EXCEPTION);
    CHECK_OK(aclrtDestroyStream(stream));
}

static atomic_int self_removals;

static void self_removing_exception_callback(aclrtExceptionInfo *info)
{
    (void)info;
    if (aclrtExceptionInfoCallbackUnregister(self_removing_exception_callback) == ACL_SUCCESS) {
        atomic_fetch_add(&self_removals, 1);
    }
}

static void test_an_exception_callback_may_unregister_itself(void)
{
    aclrtStream stream = NULL;
    CHECK_OK(aclrtCreateStream(&stream));
    CHECK_OK(aclrtExceptionInfoCallbackRegister(self_removing_exception_callback));
    CHECK_OK(aclemu_stream_submit(stream, failing_task, NULL, NULL, "test"));
    CHECK_RET(aclrtSynchronizeStream(stream), ACL_ERROR_RT_AICORE_EXCEPTION);
    CHECK_OK(aclemu_stream_submit(stream, failing_task, NULL, NULL, "test"));
    CHECK_RET(aclrtSynchronizeStream(stream), ACL_ERROR_RT_AICORE_EXCEPTION);
    CHECK(atomic_load(&self_removals) == 1); /* called once, then gone */
    CHECK_OK(aclrtDestroyStream(stream));
}

/* ---- per-thread queues */

static void *poll_once(void *arg)
{
    *(aclError *)arg = aclrtProcessReport(10);
    return NULL;
}

static void test_threads_that_only_poll_leave_nothing(void)
{
    CHECK(aclemuReportThreadCount() == 0);
    enum { THREADS = 16 };
    pthread_t threads[THREADS];
    aclError results[THREADS];
    for (int i = 0; i < THREADS; ++i) {
        pthread_create(&threads[i], NULL, poll_once, &results[i]);
    }
    for (int i = 0; i < THREADS; ++i) {
        pthread_join(threads[i], NULL);
        CHECK_RET(results[i], ACL_ERROR_RT_REPORT_TIMEOUT);
    }
    CHECK(aclemuReportThreadCount() == 0);
    CHECK_RET(aclrtProcessReport(5), ACL_ERROR_RT_REPORT_TIMEOUT);
    CHECK(aclemuReportThreadCount() == 0);
}

static void test_queue_lives_as_long_as_a_subscription(void)
{
    aclrtStream first = NULL, second = NULL;
    CHECK_OK(aclrtCreateStream(&first));
    CHECK_OK(aclrtCreateStream(&second));
    CHECK_OK(aclrtSubscribeReport(self_id(), first));
    CHECK_OK(aclrtSubscribeReport(self_id(), second));
    CHECK(aclemuReportThreadCount() == 1);
    CHECK_OK(aclrtUnSubscribeReport(self_id(), first));
    CHECK(aclemuReportThreadCount() == 1);
    CHECK_RET(aclrtProcessReport(5), ACL_ERROR_RT_REPORT_TIMEOUT); /* still subscribed through `second` */
    CHECK(aclemuReportThreadCount() == 1);
    CHECK_OK(aclrtUnSubscribeReport(self_id(), second));
    CHECK(aclemuReportThreadCount() == 0);
    CHECK_RET(aclrtUnSubscribeReport(self_id(), second), ACL_ERROR_STREAM_NOT_SUBSCRIBE);
    CHECK(aclemuReportThreadCount() == 0);

    /* a stream destroyed while subscribed takes its subscription along */
    CHECK_OK(aclrtSubscribeReport(self_id(), first));
    CHECK_OK(aclrtDestroyStream(first));
    CHECK(aclemuReportThreadCount() == 0);
    CHECK_OK(aclrtDestroyStream(second));
}

typedef struct waiter {
    aclrtStream stream;
    aclError result;
} waiter;

/* A thread that waits forever, is subscribed while it waits, and gets one callback. */
static void *wait_for_a_callback(void *arg)
{
    waiter *w = arg;
    w->result = aclrtProcessReport(-1);
    return NULL;
}

static void test_a_waiting_thread_keeps_its_queue_until_it_returns(void)
{
    reset_seen();
    waiter w = {NULL, -1};
    CHECK_OK(aclrtCreateStream(&w.stream));
    pthread_t thread;
    pthread_create(&thread, NULL, wait_for_a_callback, &w);
    for (int i = 0; i < 200 && aclemuReportThreadCount() == 0; ++i) {
        sleep_ms(5);
    }
    CHECK(aclemuReportThreadCount() == 1);
    CHECK_OK(aclrtSubscribeReport((uint64_t)thread, w.stream));
    CHECK_OK(aclrtUnSubscribeReport((uint64_t)thread, w.stream));
    CHECK(aclemuReportThreadCount() == 1); /* still waiting */
    CHECK_OK(aclrtSubscribeReport((uint64_t)thread, w.stream));
    CHECK_OK(aclrtLaunchCallback(callback, (void *)(intptr_t)7, ACL_CALLBACK_BLOCK, w.stream));
    CHECK_OK(aclrtSynchronizeStream(w.stream));
    pthread_join(thread, NULL);
    CHECK_OK(w.result);
    CHECK(seen(&ran_count) == 1 && ran[0] == 7);
    CHECK(aclemuReportThreadCount() == 1); /* subscribed */
    CHECK_OK(aclrtUnSubscribeReport((uint64_t)thread, w.stream));
    CHECK(aclemuReportThreadCount() == 0);
    CHECK_OK(aclrtDestroyStream(w.stream));
}

/* ---- callbacks that will never run are reported once */

/* A new stream this thread subscribes to (and never processes), with a clean record. */
static aclrtStream fresh_subscribed_stream(void)
{
    reset_seen();
    aclrtStream stream = NULL;
    CHECK_OK(aclrtCreateStream(&stream));
    CHECK_OK(aclrtSubscribeReport(self_id(), stream));
    return stream;
}

static void launch(aclrtStream stream, intptr_t user_data, aclrtCallbackBlockType block_type)
{
    CHECK_OK(aclrtLaunchCallback(callback, (void *)user_data, block_type, stream));
}

static void test_unsubscribe_drops_taken_over_callbacks(void)
{
    aclrtStream stream = fresh_subscribed_stream();
    for (intptr_t i = 1; i <= 3; ++i) {
        launch(stream, i, ACL_CALLBACK_NO_BLOCK);
    }
    CHECK_OK(aclrtLaunchCallback(other_callback, NULL, ACL_CALLBACK_NO_BLOCK, stream));
    CHECK_OK(aclrtSynchronizeStream(stream)); /* all handed to this thread's queue */
    CHECK_OK(aclrtUnSubscribeReport(self_id(), stream));
    CHECK(seen(&discarded_count) == 3);
    CHECK(discarded[0] == 1 && discarded[1] == 2 && discarded[2] == 3);
    CHECK(seen(&ran_count) == 0);
    CHECK_RET(aclrtProcessReport(5), ACL_ERROR_RT_REPORT_TIMEOUT); /* nothing left for this thread */
    CHECK(seen(&ran_count) == 0);
    CHECK(aclemuReportThreadCount() == 0);
    CHECK_OK(aclrtDestroyStream(stream));
}

static void test_unsubscribe_releases_a_blocked_stream(void)
{
    aclrtStream stream = fresh_subscribed_stream();
    launch(stream, 11, ACL_CALLBACK_BLOCK);
    CHECK_OK(aclrtLaunchHostFunc(stream, sleep_task, (void *)(intptr_t)1));
    /* the stream waits for a callback nobody processes */
    CHECK_RET(aclrtSynchronizeStreamWithTimeout(stream, 50), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT);
    CHECK_OK(aclrtUnSubscribeReport(self_id(), stream));
    CHECK_RET(aclrtSynchronizeStreamWithTimeout(stream, 10000), ACL_SUCCESS);
    CHECK(seen(&discarded_count) == 1 && discarded[0] == 11);
    CHECK(seen(&ran_count) == 0);
    CHECK_OK(aclrtDestroyStream(stream));
}

static void test_callbacks_reached_after_unsubscribe_are_dropped(void)
{
    aclrtStream stream = fresh_subscribed_stream();
    CHECK_OK(aclrtLaunchHostFunc(stream, sleep_task, (void *)(intptr_t)100));
    launch(stream, 21, ACL_CALLBACK_NO_BLOCK);
    launch(stream, 22, ACL_CALLBACK_BLOCK);
    CHECK_OK(aclrtUnSubscribeReport(self_id(), stream));
    CHECK(seen(&discarded_count) == 0); /* not reached yet */
    CHECK_RET(aclrtSynchronizeStream(stream), ACL_ERROR_STREAM_NOT_SUBSCRIBE);
    CHECK(seen(&discarded_count) == 2 && discarded[0] == 21 && discarded[1] == 22);
    CHECK(seen(&ran_count) == 0);
    CHECK_OK(aclrtDestroyStream(stream));
}

static void test_destroying_a_subscribed_stream_drops_each_callback_once(void)
{
    aclrtStream stream = fresh_subscribed_stream();
    launch(stream, 31, ACL_CALLBACK_NO_BLOCK);
    launch(stream, 32, ACL_CALLBACK_BLOCK);
    launch(stream, 33, ACL_CALLBACK_NO_BLOCK);
    CHECK_RET(aclrtSynchronizeStreamWithTimeout(stream, 50), ACL_ERROR_RT_STREAM_SYNC_TIMEOUT);
    CHECK_OK(aclrtDestroyStream(stream)); /* drains: must not wait for the blocking callback */
    CHECK(seen(&discarded_count) == 3);
    CHECK(seen(&ran_count) == 0);
    CHECK(aclemuReportThreadCount() == 0);

    /* forced: the queued launch is thrown away without being reached */
    stream = fresh_subscribed_stream();
    CHECK_OK(aclrtLaunchHostFunc(stream, sleep_task, (void *)(intptr_t)100));
    launch(stream, 41, ACL_CALLBACK_NO_BLOCK);
    sleep_ms(20); /* the sleeping task is running */
    CHECK_OK(aclrtDestroyStreamForce(stream));
    CHECK(seen(&discarded_count) == 1 && discarded[0] == 41);
    CHECK(seen(&ran_count) == 0);
    CHECK(aclemuReportThreadCount() == 0);
}

static void test_processed_and_refused_callbacks_are_not_reported(void)
{
    reset_seen();
    aclrtStream stream = NULL;
    CHECK_OK(aclrtCreateStream(&stream));
    CHECK_RET(aclrtLaunchCallback(callback, (void *)(intptr_t)51, ACL_CALLBACK_NO_BLOCK, stream),
              ACL_ERROR_RT_STREAM_NO_CB_REG);
    CHECK_OK(aclrtSubscribeReport(self_id(), stream));
    launch(stream, 52, ACL_CALLBACK_NO_BLOCK);
    CHECK_OK(aclrtProcessReport(2000));
    CHECK_OK(aclrtUnSubscribeReport(self_id(), stream));
    CHECK_OK(aclrtDestroyStream(stream));
    CHECK(seen(&ran_count) == 1 && ran[0] == 52);
    CHECK(seen(&discarded_count) == 0);
    CHECK(aclemuReportThreadCount() == 0);
}

static atomic_int destroyed_from_callback = -1;

static void destroy_own_stream(void *stream)
{
    atomic_store(&destroyed_from_callback, aclrtDestroyStream(stream));
}

static void test_a_blocking_callback_may_destroy_its_own_stream(void)
{
    reset_seen();
    aclrtStream stream = NULL;
    CHECK_OK(aclrtCreateStream(&stream));
    CHECK_OK(aclrtSubscribeReport(self_id(), stream));
    CHECK_OK(aclrtLaunchCallback(destroy_own_stream, stream, ACL_CALLBACK_BLOCK, stream));
    CHECK_OK(aclrtLaunchCallback(callback, (void *)(intptr_t)61, ACL_CALLBACK_NO_BLOCK, stream));
    CHECK_OK(aclrtProcessReport(2000)); /* would wait forever for the worker, which waits for it */
    CHECK(atomic_load(&destroyed_from_callback) == ACL_SUCCESS);
    CHECK(seen(&discarded_count) == 1 && discarded[0] == 61); /* queued behind, never reached */
    CHECK(seen(&ran_count) == 0);
    CHECK(aclemuReportThreadCount() == 0);
}

int main(void)
{
    CHECK_OK(aclInit(NULL));
    CHECK_OK(aclrtSetDevice(0));
    aclemuSetDiscardedCallbackHook(on_discarded);
    test_exception_thread_id_is_the_os_id_of_the_launcher();
    test_unregistering_waits_for_a_running_exception_callback();
    test_an_exception_callback_may_unregister_itself();
    test_threads_that_only_poll_leave_nothing();
    test_queue_lives_as_long_as_a_subscription();
    test_a_waiting_thread_keeps_its_queue_until_it_returns();
    test_unsubscribe_drops_taken_over_callbacks();
    test_unsubscribe_releases_a_blocked_stream();
    test_callbacks_reached_after_unsubscribe_are_dropped();
    test_destroying_a_subscribed_stream_drops_each_callback_once();
    test_processed_and_refused_callbacks_are_not_reported();
    test_a_blocking_callback_may_destroy_its_own_stream();
    aclemuSetDiscardedCallbackHook(NULL);
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclFinalize());
    return finish("test_report");
}
