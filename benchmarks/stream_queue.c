/* The baseline of bench_stream.py: a plain C submit/wait queue (one worker thread, a mutex and
 * condition variables), the way a C programmer hands a task to another thread and waits for it.
 * Called through ctypes: q_submit queues one empty task, q_wait returns once all have run. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct queue {
    pthread_mutex_t lock;
    pthread_cond_t work, done;
    uint64_t submitted, finished;
    int stopping;
    pthread_t worker;
} queue;

static void *worker(void *arg)
{
    queue *q = arg;
    pthread_mutex_lock(&q->lock);
    for (;;) {
        while (q->finished == q->submitted && !q->stopping) {
            pthread_cond_wait(&q->work, &q->lock);
        }
        if (q->finished == q->submitted) {
            break;
        }
        q->finished++;
        pthread_cond_broadcast(&q->done);
    }
    pthread_mutex_unlock(&q->lock);
    return NULL;
}

void *q_create(void)
{
    queue *q = calloc(1, sizeof *q);
    if (q == NULL) {
        return NULL;
    }
    pthread_mutex_init(&q->lock, NULL);
    pthread_cond_init(&q->work, NULL);
    pthread_cond_init(&q->done, NULL);
    if (pthread_create(&q->worker, NULL, worker, q) != 0) {
        free(q);
        return NULL;
    }
    return q;
}

int q_submit(void *handle)
{
    queue *q = handle;
    pthread_mutex_lock(&q->lock);
    q->submitted++;
    pthread_cond_signal(&q->work);
    pthread_mutex_unlock(&q->lock);
    return 0;
}

int q_wait(void *handle)
{
    queue *q = handle;
    pthread_mutex_lock(&q->lock);
    while (q->finished < q->submitted) {
        pthread_cond_wait(&q->done, &q->lock);
    }
    pthread_mutex_unlock(&q->lock);
    return 0;
}

void q_destroy(void *handle)
{
    queue *q = handle;
    pthread_mutex_lock(&q->lock);
    q->stopping = 1;
    pthread_cond_signal(&q->work);
    pthread_mutex_unlock(&q->lock);
    pthread_join(q->worker, NULL);
    free(q);
}

/* n tiny tasks (64-byte memset_async) queued on one stream from C, then one synchronize: the
 * stream's own task rate, without the Python call in front of every task. */
typedef int (*memset_async_fn)(void *, size_t, int32_t, size_t, void *);
typedef int (*sync_fn)(void *);

int flood(void *memset_async, void *sync, void *buf, void *stream, long n)
{
    memset_async_fn queue_one = (memset_async_fn)(uintptr_t)memset_async;
    for (long i = 0; i < n; ++i) {
        int ret = queue_one(buf, 64, (int32_t)(i & 0x7f), 64, stream);
        if (ret != 0) {
            return ret;
        }
    }
    return ((sync_fn)(uintptr_t)sync)(stream);
}
