/*
 * Memory-value synchronisation between streams (aclrtValueWrite / aclrtValueWait) and
 * aclrtStreamWaitEventWithFlag.
 *
 * A value write stores a 64-bit word in device memory as a stream task; a value wait blocks its
 * stream until the word meets the condition. The worker polls (every 20 us, our choice) because
 * any writer may change the word: another stream, a copy, or the host. Between polls it checks
 * the word still lies in a live allocation, so freeing it under a waiting stream fails that
 * stream instead of reading freed memory. Words are read and written with atomic 64-bit accesses.
 */
#include "emu.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

enum { POLL_NS = 20 * 1000 };

typedef struct value_task {
    _Atomic uint64_t *word;
    uint64_t value;
    uint32_t flag;
    bool write;
} value_task;

static bool condition_met(uint64_t current, uint64_t value, uint32_t flag)
{
    switch (flag) {
    case ACL_STREAM_WAIT_VALUE_EQ:
        return current == value;
    case ACL_STREAM_WAIT_VALUE_AND:
        return (current & value) != 0;
    case ACL_STREAM_WAIT_VALUE_NOR:
        return ~(current | value) != 0;
    case ACL_STREAM_WAIT_VALUE_GEQ:
    default:
        return current >= value;
    }
}

static aclError run_value_task(void *arg)
{
    value_task *task = arg;
    if (task->write) {
        atomic_store(task->word, task->value);
        return ACL_SUCCESS;
    }
    const struct timespec pause = {0, POLL_NS};
    while (!condition_met(atomic_load(task->word), task->value, task->flag)) {
        nanosleep(&pause, NULL);
        if (!aclemu_mem_find((const void *)task->word, NULL)) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclrtValueWait: the memory at %p was freed while a "
                                    "stream waited on it", (void *)task->word);
        }
    }
    return ACL_SUCCESS;
}

static void free_value_task(void *arg, bool ran)
{
    (void)ran;
    free(arg);
}

aclError aclemu_value_task_build(void *devAddr, uint64_t value, uint32_t flag, bool write, aclemu_task_fn *run,
                                 void **arg, aclemu_task_free_fn *free_arg, const char *fn)
{
    if (((uintptr_t)devAddr & 7u) != 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: devAddr %p is not 8-byte aligned", fn, devAddr);
    }
    aclError err = aclemu_mem_check_tracked(devAddr, sizeof(uint64_t), true, fn, "devAddr");
    if (err == ACL_SUCCESS && devAddr == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: devAddr is NULL", fn);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    value_task *task = malloc(sizeof *task);
    if (task == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    task->word = devAddr;
    task->value = value;
    task->flag = flag;
    task->write = write;
    *run = run_value_task;
    *arg = task;
    *free_arg = free_value_task;
    return ACL_SUCCESS;
}

static aclError submit_value_task(void *devAddr, uint64_t value, uint32_t flag, bool write, aclrtStream stream,
                                  const char *fn)
{
    aclError err = aclemu_stream_check(stream, fn);
    aclemu_task_fn run = NULL;
    void *arg = NULL;
    aclemu_task_free_fn free_arg = NULL;
    if (err == ACL_SUCCESS) {
        err = aclemu_value_task_build(devAddr, value, flag, write, &run, &arg, &free_arg, fn);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    return aclemu_stream_submit(stream, run, arg, free_arg, fn);
}

aclError aclrtValueWrite(void *devAddr, uint64_t value, uint32_t flag, aclrtStream stream)
{
    if (flag != 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: flag must be 0, not %u", __func__, flag);
    }
    return submit_value_task(devAddr, value, flag, true, stream, __func__);
}

aclError aclrtValueWait(void *devAddr, uint64_t value, uint32_t flag, aclrtStream stream)
{
    if (flag > ACL_STREAM_WAIT_VALUE_NOR) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: flag %u is not an ACL_STREAM_WAIT_VALUE_* condition",
                                __func__, flag);
    }
    return submit_value_task(devAddr, value, flag, false, stream, __func__);
}

aclError aclrtStreamWaitEventWithFlag(aclrtStream stream, aclrtEvent event, uint32_t timeout, uint32_t flag)
{
    if (flag != ACL_EVENT_WAIT_DEFAULT && flag != ACL_EVENT_WAIT_EXTERNAL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: flag %u is not ACL_EVENT_WAIT_DEFAULT or "
                                "ACL_EVENT_WAIT_EXTERNAL", __func__, flag);
    }
    if (timeout > INT32_MAX) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: timeout %u ms is too long", __func__, timeout);
    }
    /* choice: timeout in ms, 0 waits forever; an external event waits like a local one */
    return timeout == 0 ? aclrtStreamWaitEvent(stream, event)
                        : aclrtStreamWaitEventWithTimeout(stream, event, (int32_t)timeout);
}
