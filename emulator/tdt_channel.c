/*
 * TDT channels (acl_tdt.h): bounded queues of datasets between host threads.
 *
 * On a card the channel links host and device; on the emulator both ends are host threads. Every
 * handle created with the same device and name is an end of one queue, so a producer and a
 * consumer may each create their own handle or share one. Choices where the documentation is
 * silent: the default capacity is TDT_DEFAULT_CAPACITY; the queue's capacity is the one its first
 * handle asked for; a send copies the items' bytes (the sender may reuse its buffers at once); a
 * receive needs an empty dataset and fills it with items it owns; acltdtStopChannel is final for
 * the queue (every blocked and later send/receive on it fails) until all its handles are gone.
 * Timeouts: -1 waits forever, 0 fails at once on a full/empty queue, > 0 waits that many ms; a
 * full queue gives ACL_ERROR_RT_QUEUE_FULL, an empty one ACL_ERROR_RT_QUEUE_EMPTY.
 */
#include "tdt_internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TDT_DEFAULT_CAPACITY 128u
#define TDT_MIN_CAPACITY 2u
#define TDT_MAX_CAPACITY 8192u

typedef struct tdt_message {
    struct tdt_message *next;
    acltdtDataItem **items;
    size_t count;
} tdt_message;

typedef struct tdt_queue {
    struct tdt_queue *next;
    uint32_t device;
    char *name;
    size_t capacity;
    size_t refs; /* handles */
    tdt_message *head;
    tdt_message *tail;
    size_t depth;
    bool stopped;
    pthread_cond_t changed;
} tdt_queue;

struct acltdtChannelHandle {
    tdt_queue *queue;
    size_t waiters; /* threads blocked in this handle's send/receive */
    bool closing;
};

/* Guards every queue and handle of the area. */
static pthread_mutex_t tdt_lock = PTHREAD_MUTEX_INITIALIZER;
static tdt_queue *queues;

static void message_free(tdt_message *message)
{
    for (size_t i = 0; i < message->count; ++i) {
        tdt_item_free(message->items[i]);
    }
    free(message->items);
    free(message);
}

/* ------------------------------------------------------------ create/destroy */

static tdt_queue *queue_attach(uint32_t device, const char *name, size_t capacity, const char *fn)
{
    for (tdt_queue *q = queues; q != NULL; q = q->next) {
        if (q->device == device && strcmp(q->name, name) == 0) {
            ++q->refs;
            return q;
        }
    }
    tdt_queue *q = calloc(1, sizeof *q);
    char *copy = q != NULL ? malloc(strlen(name) + 1) : NULL;
    if (copy == NULL) {
        free(q);
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        return NULL;
    }
    strcpy(copy, name);
    q->device = device;
    q->name = copy;
    q->capacity = capacity;
    q->refs = 1;
    pthread_cond_init(&q->changed, NULL);
    q->next = queues;
    queues = q;
    return q;
}

static void queue_detach(tdt_queue *q)
{
    if (--q->refs > 0) {
        return;
    }
    for (tdt_queue **link = &queues; *link != NULL; link = &(*link)->next) {
        if (*link == q) {
            *link = q->next;
            break;
        }
    }
    while (q->head != NULL) {
        tdt_message *next = q->head->next;
        message_free(q->head);
        q->head = next;
    }
    pthread_cond_destroy(&q->changed);
    free(q->name);
    free(q);
}

static acltdtChannelHandle *channel_create(uint32_t device, const char *name, size_t capacity, const char *fn)
{
    if (device >= aclemu_device_count()) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: device %u does not exist (%u devices)", fn, device,
                         aclemu_device_count());
        return NULL;
    }
    if (name == NULL || name[0] == '\0') {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the channel name is NULL or empty", fn);
        return NULL;
    }
    acltdtChannelHandle *handle = calloc(1, sizeof *handle);
    if (handle == NULL) {
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        return NULL;
    }
    pthread_mutex_lock(&tdt_lock);
    handle->queue = queue_attach(device, name, capacity, fn);
    bool ok = handle->queue != NULL && aclemu_handle_add(handle, TDT_KIND_CHANNEL) == ACL_SUCCESS;
    if (!ok && handle->queue != NULL) {
        queue_detach(handle->queue);
    }
    pthread_mutex_unlock(&tdt_lock);
    if (!ok) {
        free(handle);
        return NULL;
    }
    return handle;
}

acltdtChannelHandle *acltdtCreateChannel(uint32_t deviceId, const char *name)
{
    return channel_create(deviceId, name, TDT_DEFAULT_CAPACITY, "acltdtCreateChannel");
}

acltdtChannelHandle *acltdtCreateChannelWithCapacity(uint32_t deviceId, const char *name, size_t capacity)
{
    static const char fn[] = "acltdtCreateChannelWithCapacity";
    if (capacity < TDT_MIN_CAPACITY || capacity > TDT_MAX_CAPACITY) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: capacity %zu is outside [%u, %u]", fn, capacity,
                         TDT_MIN_CAPACITY, TDT_MAX_CAPACITY);
        return NULL;
    }
    return channel_create(deviceId, name, capacity, fn);
}

static aclError bad_channel(const acltdtChannelHandle *handle, const char *fn)
{
    return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: handle %p is not a live TDT channel", fn,
                            (const void *)handle);
}

aclError acltdtDestroyChannel(acltdtChannelHandle *handle)
{
    pthread_mutex_lock(&tdt_lock);
    if (!aclemu_handle_remove(handle, TDT_KIND_CHANNEL)) {
        pthread_mutex_unlock(&tdt_lock);
        return bad_channel(handle, "acltdtDestroyChannel");
    }
    /* Threads still blocked on this handle fail and leave before it is freed. */
    handle->closing = true;
    pthread_cond_broadcast(&handle->queue->changed);
    while (handle->waiters > 0) {
        pthread_cond_wait(&handle->queue->changed, &tdt_lock);
    }
    queue_detach(handle->queue);
    pthread_mutex_unlock(&tdt_lock);
    free(handle);
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------------ control */

/* Run `op` on the live channel's queue under the lock. */
static aclError with_queue(const acltdtChannelHandle *handle, const char *fn, void (*op)(tdt_queue *, void *),
                           void *arg)
{
    pthread_mutex_lock(&tdt_lock);
    if (!aclemu_handle_is(handle, TDT_KIND_CHANNEL)) {
        pthread_mutex_unlock(&tdt_lock);
        return bad_channel(handle, fn);
    }
    op(handle->queue, arg);
    pthread_mutex_unlock(&tdt_lock);
    return ACL_SUCCESS;
}

static void stop_queue(tdt_queue *q, void *arg)
{
    (void)arg;
    q->stopped = true;
    pthread_cond_broadcast(&q->changed);
}

static void clean_queue(tdt_queue *q, void *arg)
{
    (void)arg;
    while (q->head != NULL) {
        tdt_message *next = q->head->next;
        message_free(q->head);
        q->head = next;
    }
    q->tail = NULL;
    q->depth = 0;
    pthread_cond_broadcast(&q->changed);
}

static void read_depth(tdt_queue *q, void *arg)
{
    *(size_t *)arg = q->depth;
}

aclError acltdtStopChannel(acltdtChannelHandle *handle)
{
    return with_queue(handle, "acltdtStopChannel", stop_queue, NULL);
}

aclError acltdtCleanChannel(acltdtChannelHandle *handle)
{
    return with_queue(handle, "acltdtCleanChannel", clean_queue, NULL);
}

aclError acltdtQueryChannelSize(const acltdtChannelHandle *handle, size_t *size)
{
    if (size == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "acltdtQueryChannelSize: size is NULL");
    }
    return with_queue(handle, "acltdtQueryChannelSize", read_depth, size);
}

/* ---------------------------------------------------------- send / receive */

/* With the lock held: wait until the queue has room (sending) or a message (receiving). */
static aclError wait_ready(acltdtChannelHandle *handle, bool sending, int32_t timeout, const char *fn)
{
    tdt_queue *q = handle->queue;
    struct timespec deadline;
    if (timeout > 0) {
        aclemu_deadline(&deadline, timeout);
    }
    aclError err = ACL_SUCCESS;
    ++handle->waiters;
    for (;;) {
        if (q->stopped || handle->closing) {
            err = aclemu_set_error(ACL_ERROR_FAILURE, "%s: channel '%s' was %s", fn, q->name,
                                   q->stopped ? "stopped (acltdtStopChannel)" : "destroyed");
            break;
        }
        if (sending ? q->depth < q->capacity : q->depth > 0) {
            break;
        }
        int waited = 0;
        if (timeout < 0) {
            pthread_cond_wait(&q->changed, &tdt_lock);
        } else if (timeout > 0) {
            waited = pthread_cond_timedwait(&q->changed, &tdt_lock, &deadline);
        }
        if (timeout == 0 || (waited == ETIMEDOUT && (sending ? q->depth >= q->capacity : q->depth == 0))) {
            err = aclemu_set_error(sending ? ACL_ERROR_RT_QUEUE_FULL : ACL_ERROR_RT_QUEUE_EMPTY,
                                   "%s: channel '%s' is %s (capacity %zu) after %d ms", fn, q->name,
                                   sending ? "full" : "empty", q->capacity, timeout);
            break;
        }
    }
    if (--handle->waiters == 0 && handle->closing) {
        pthread_cond_broadcast(&q->changed); /* the destroyer waits for the last waiter */
    }
    return err;
}

static aclError check_call(const acltdtChannelHandle *handle, const acltdtDataset *dataset, int32_t timeout,
                           const char *fn)
{
    if (!aclemu_handle_is(handle, TDT_KIND_CHANNEL)) {
        return bad_channel(handle, fn);
    }
    if (!aclemu_handle_is(dataset, TDT_KIND_DATASET)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dataset %p is not a live TDT dataset", fn,
                                (const void *)dataset);
    }
    if (timeout < -1) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: timeout %d is below -1", fn, (int)timeout);
    }
    return ACL_SUCCESS;
}

/* A deep copy of the dataset's items (empty slots skipped). */
static tdt_message *message_copy(const acltdtDataset *dataset, const char *fn)
{
    tdt_message *message = calloc(1, sizeof *message);
    if (message != NULL && dataset->count > 0) {
        message->items = calloc(dataset->count, sizeof *message->items);
    }
    if (message == NULL || (dataset->count > 0 && message->items == NULL)) {
        free(message);
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        return NULL;
    }
    for (size_t i = 0; i < dataset->count; ++i) {
        const acltdtDataItem *item = dataset->items[i];
        if (item == NULL) {
            continue;
        }
        acltdtDataItem *copy = tdt_item_new(item->tensor_type, item->dims, item->dim_num, item->dtype, item->data,
                                            item->size, true, fn);
        if (copy == NULL) {
            message_free(message);
            return NULL;
        }
        message->items[message->count++] = copy;
    }
    return message;
}

aclError acltdtSendTensor(const acltdtChannelHandle *handle, const acltdtDataset *dataset, int32_t timeout)
{
    static const char fn[] = "acltdtSendTensor";
    aclError err = check_call(handle, dataset, timeout, fn);
    tdt_message *message = err == ACL_SUCCESS ? message_copy(dataset, fn) : NULL;
    if (message == NULL) {
        return err != ACL_SUCCESS ? err : ACL_ERROR_BAD_ALLOC;
    }
    pthread_mutex_lock(&tdt_lock);
    /* The handle may have been destroyed while the bytes were copied. */
    if (!aclemu_handle_is(handle, TDT_KIND_CHANNEL)) {
        err = bad_channel(handle, fn);
    } else {
        err = wait_ready((acltdtChannelHandle *)handle, true, timeout, fn);
    }
    if (err == ACL_SUCCESS) {
        tdt_queue *q = handle->queue;
        if (q->tail != NULL) {
            q->tail->next = message;
        } else {
            q->head = message;
        }
        q->tail = message;
        ++q->depth;
        pthread_cond_broadcast(&q->changed);
        message = NULL;
    }
    pthread_mutex_unlock(&tdt_lock);
    if (message != NULL) {
        message_free(message);
    }
    return err;
}

/* Hand the message's items to the dataset, which owns them from now on. */
static aclError deliver(tdt_message *message, acltdtDataset *dataset, const char *name, const char *fn)
{
    char *copy = malloc(strlen(name) + 1);
    if (copy == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    strcpy(copy, name);
    free(dataset->name);
    dataset->name = copy;
    for (size_t i = 0; i < message->count; ++i) {
        acltdtDataItem *item = message->items[i];
        aclError err = aclemu_handle_add(item, TDT_KIND_ITEM);
        if (err == ACL_SUCCESS) {
            err = tdt_dataset_append(dataset, item, fn);
            if (err != ACL_SUCCESS) {
                aclemu_handle_remove(item, TDT_KIND_ITEM);
            }
        }
        if (err != ACL_SUCCESS) {
            return err; /* the rest stays in the message and is freed with it */
        }
        item->owner = dataset;
        message->items[i] = NULL;
    }
    return ACL_SUCCESS;
}

aclError acltdtReceiveTensor(const acltdtChannelHandle *handle, acltdtDataset *dataset, int32_t timeout)
{
    static const char fn[] = "acltdtReceiveTensor";
    pthread_mutex_lock(&tdt_lock);
    aclError err = check_call(handle, dataset, timeout, fn);
    if (err == ACL_SUCCESS && dataset->count > 0) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the dataset already holds %zu items; receive into "
                               "an empty one", fn, dataset->count);
    }
    if (err == ACL_SUCCESS) {
        err = wait_ready((acltdtChannelHandle *)handle, false, timeout, fn);
    }
    tdt_message *message = NULL;
    char *name = NULL;
    if (err == ACL_SUCCESS) {
        tdt_queue *q = handle->queue;
        message = q->head;
        q->head = message->next;
        if (q->head == NULL) {
            q->tail = NULL;
        }
        --q->depth;
        pthread_cond_broadcast(&q->changed);
        name = q->name; /* stays valid: this handle keeps the queue */
        err = deliver(message, dataset, name, fn);
    }
    pthread_mutex_unlock(&tdt_lock);
    if (message != NULL) {
        message_free(message);
    }
    return err;
}
