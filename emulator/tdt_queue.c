/*
 * TDT queues (acl_tdt_queue.h): bounded FIFO queues of bufs, addressed by queue id.
 *
 * Queues live in this process: every host thread of the program sees them, another process
 * does not. Sharing one across processes would need the queue table, the bufs' blocks and the
 * waiting itself in shared memory (a memfd or POSIX shm segment holding a ring of block offsets,
 * with process-shared mutexes and condition variables, and a registry mapping queue ids to
 * segments); acltdtGrantQueue records its grants for that but nothing outside the process can
 * attach. The creating process holds every permission, which acltdtAttachQueue reports.
 *
 * Choices where the documentation is silent: the default depth is TDT_QUEUE_DEFAULT_DEPTH and a
 * depth must lie in [TDT_QUEUE_MIN_DEPTH, TDT_QUEUE_MAX_DEPTH]; names are shorter than
 * TDT_QUEUE_NAME_MAX bytes and need not be unique; timeouts: -1 waits forever, 0 fails at once,
 * > 0 waits that many ms, a full queue giving ACL_ERROR_RT_QUEUE_FULL and an empty one
 * ACL_ERROR_RT_QUEUE_EMPTY; acltdtDestroyQueue wakes its waiters, who fail with
 * ACL_ERROR_INVALID_QUEUE_ID, frees the bufs still queued and marks the routes bound to the queue
 * abnormal; acltdtDequeueData fails without dequeuing when the buf's bytes (a chain's bytes
 * concatenated) exceed dataSize.
 */
#include "tdt_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TDT_QUEUE_DEFAULT_DEPTH 8u
#define TDT_QUEUE_MIN_DEPTH 2u
#define TDT_QUEUE_MAX_DEPTH 8192u
#define TDT_QUEUE_NAME_MAX 128u
#define TDT_QUEUE_MAX_NUM 4096u
#define TDT_ALL_PERMISSIONS                                                                                           \
    (ACL_TDT_QUEUE_PERMISSION_MANAGE | ACL_TDT_QUEUE_PERMISSION_DEQUEUE | ACL_TDT_QUEUE_PERMISSION_ENQUEUE)

struct tagMemQueueAttr {
    char name[TDT_QUEUE_NAME_MAX];
    uint32_t depth;
};

typedef struct {
    int32_t pid;
    uint32_t permission;
} tdt_grant;

typedef struct tdt_q {
    uint32_t id;
    char name[TDT_QUEUE_NAME_MAX];
    uint32_t depth;
    tdt_buf **ring;
    size_t first;
    size_t count;
    size_t waiters;
    bool destroyed;
    tdt_grant *grants;
    size_t grant_num;
} tdt_q;

static tdt_q **table; /* live queues; guarded by tdt_queue_lock */
static size_t table_num;
static uint32_t next_id;

/* ------------------------------------------------------------------ attrs */

acltdtQueueAttr *acltdtCreateQueueAttr(void)
{
    acltdtQueueAttr *attr = calloc(1, sizeof *attr);
    if (attr == NULL) {
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "acltdtCreateQueueAttr: out of memory");
        return NULL;
    }
    attr->depth = TDT_QUEUE_DEFAULT_DEPTH;
    if (aclemu_handle_add(attr, TDT_KIND_QUEUE_ATTR) != ACL_SUCCESS) {
        free(attr);
        return NULL;
    }
    return attr;
}

static aclError bad_attr(const void *attr, const char *fn)
{
    return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: attr %p is not a live queue attr", fn, attr);
}

aclError acltdtDestroyQueueAttr(const acltdtQueueAttr *attr)
{
    if (!aclemu_handle_remove(attr, TDT_KIND_QUEUE_ATTR)) {
        return bad_attr(attr, "acltdtDestroyQueueAttr");
    }
    free((void *)attr);
    return ACL_SUCCESS;
}

static aclError check_param(size_t len, size_t need, const void *param, const char *fn)
{
    if (param == NULL || len < need) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: param is NULL or len %zu is below the %zu bytes the "
                                "type needs", fn, len, need);
    }
    return ACL_SUCCESS;
}

static aclError bad_type(int type, const char *fn)
{
    return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown attribute type %d", fn, type);
}

aclError acltdtSetQueueAttr(acltdtQueueAttr *attr, acltdtQueueAttrType type, size_t len, const void *param)
{
    static const char fn[] = "acltdtSetQueueAttr";
    if (!aclemu_handle_is(attr, TDT_KIND_QUEUE_ATTR)) {
        return bad_attr(attr, fn);
    }
    if (type == ACL_TDT_QUEUE_NAME_PTR) {
        aclError err = check_param(len, sizeof(const char *), param, fn);
        const char *name = err == ACL_SUCCESS ? *(const char *const *)param : NULL;
        if (err == ACL_SUCCESS && (name == NULL || strnlen(name, TDT_QUEUE_NAME_MAX) >= TDT_QUEUE_NAME_MAX)) {
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the name is NULL or not shorter than %u bytes", fn,
                                   TDT_QUEUE_NAME_MAX);
        }
        if (err == ACL_SUCCESS) {
            strcpy(attr->name, name);
        }
        return err;
    }
    if (type == ACL_TDT_QUEUE_DEPTH_UINT32) {
        aclError err = check_param(len, sizeof(uint32_t), param, fn);
        uint32_t depth = 0;
        if (err == ACL_SUCCESS) {
            memcpy(&depth, param, sizeof depth);
            if (depth < TDT_QUEUE_MIN_DEPTH || depth > TDT_QUEUE_MAX_DEPTH) {
                err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: depth %u is outside [%u, %u]", fn, depth,
                                       TDT_QUEUE_MIN_DEPTH, TDT_QUEUE_MAX_DEPTH);
            }
        }
        if (err == ACL_SUCCESS) {
            attr->depth = depth;
        }
        return err;
    }
    return bad_type((int)type, fn);
}

aclError acltdtGetQueueAttr(const acltdtQueueAttr *attr, acltdtQueueAttrType type, size_t len, size_t *paramRetSize,
                            void *param)
{
    static const char fn[] = "acltdtGetQueueAttr";
    if (!aclemu_handle_is(attr, TDT_KIND_QUEUE_ATTR)) {
        return bad_attr(attr, fn);
    }
    if (paramRetSize == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: paramRetSize is NULL", fn);
    }
    if (type == ACL_TDT_QUEUE_NAME_PTR) {
        aclError err = check_param(len, sizeof(const char *), param, fn);
        if (err == ACL_SUCCESS) {
            const char *name = attr->name;
            memcpy(param, &name, sizeof name);
            *paramRetSize = sizeof name;
        }
        return err;
    }
    if (type == ACL_TDT_QUEUE_DEPTH_UINT32) {
        aclError err = check_param(len, sizeof(uint32_t), param, fn);
        if (err == ACL_SUCCESS) {
            memcpy(param, &attr->depth, sizeof attr->depth);
            *paramRetSize = sizeof attr->depth;
        }
        return err;
    }
    return bad_type((int)type, fn);
}

/* ------------------------------------------------------------ the table */

static tdt_q *find(uint32_t qid)
{
    for (size_t i = 0; i < table_num; ++i) {
        if (table[i]->id == qid) {
            return table[i];
        }
    }
    return NULL;
}

bool tdt_queue_exists(uint32_t qid)
{
    return find(qid) != NULL;
}

static aclError no_queue(uint32_t qid, const char *fn)
{
    return aclemu_set_error(ACL_ERROR_INVALID_QUEUE_ID, "%s: queue %u does not exist (never created or destroyed)",
                            fn, qid);
}

static void push(tdt_q *q, tdt_buf *buf)
{
    q->ring[(q->first + q->count) % q->depth] = buf;
    ++q->count;
}

static tdt_buf *pop(tdt_q *q)
{
    tdt_buf *buf = q->ring[q->first];
    q->first = (q->first + 1) % q->depth;
    --q->count;
    return buf;
}

aclError acltdtCreateQueue(const acltdtQueueAttr *attr, uint32_t *qid)
{
    static const char fn[] = "acltdtCreateQueue";
    aclError err = aclemu_require_init(fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (!aclemu_handle_is(attr, TDT_KIND_QUEUE_ATTR)) {
        return bad_attr(attr, fn);
    }
    if (qid == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: qid is NULL", fn);
    }
    tdt_q *q = calloc(1, sizeof *q);
    if (q != NULL) {
        q->depth = attr->depth;
        q->ring = calloc(q->depth, sizeof *q->ring);
        strcpy(q->name, attr->name);
    }
    if (q == NULL || q->ring == NULL) {
        free(q);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    pthread_mutex_lock(&tdt_queue_lock);
    tdt_q **grown = table_num < TDT_QUEUE_MAX_NUM ? realloc(table, (table_num + 1) * sizeof *grown) : NULL;
    if (grown == NULL) {
        err = table_num < TDT_QUEUE_MAX_NUM
                  ? aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn)
                  : aclemu_set_error(ACL_ERROR_FAILURE, "%s: %u queues exist already", fn, TDT_QUEUE_MAX_NUM);
    } else {
        table = grown;
        while (find(next_id) != NULL) {
            ++next_id;
        }
        q->id = next_id++;
        table[table_num++] = q;
        *qid = q->id;
    }
    pthread_mutex_unlock(&tdt_queue_lock);
    if (err != ACL_SUCCESS) {
        free(q->ring);
        free(q);
    }
    return err;
}

aclError acltdtDestroyQueue(uint32_t qid)
{
    pthread_mutex_lock(&tdt_queue_lock);
    tdt_q *q = find(qid);
    if (q == NULL) {
        aclError err = no_queue(qid, "acltdtDestroyQueue");
        pthread_mutex_unlock(&tdt_queue_lock);
        return err;
    }
    for (size_t i = 0; i < table_num; ++i) {
        if (table[i] == q) {
            table[i] = table[--table_num];
            break;
        }
    }
    tdt_routes_queue_gone(qid);
    q->destroyed = true;
    pthread_cond_broadcast(&tdt_queue_changed);
    while (q->waiters > 0) {
        pthread_cond_wait(&tdt_queue_changed, &tdt_queue_lock);
    }
    pthread_mutex_unlock(&tdt_queue_lock);
    while (q->count > 0) {
        tdt_buf_free(pop(q));
    }
    free(q->ring);
    free(q->grants);
    free(q);
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------- routing */

void tdt_queue_pump(void)
{
    uint32_t dst[64];
    bool moved = true;
    while (moved) {
        moved = false;
        for (size_t i = 0; i < table_num; ++i) {
            tdt_q *src = table[i];
            size_t n = src->count > 0 ? tdt_routes_from(src->id, dst, 64) : 0;
            if (n == 0 || n > 64) {
                continue;
            }
            tdt_q *to[64];
            bool room = true;
            for (size_t k = 0; k < n && room; ++k) {
                to[k] = find(dst[k]);
                room = to[k] != NULL && to[k]->count < to[k]->depth;
            }
            tdt_buf *copies[64];
            size_t made = 1;
            for (; room && made < n; ++made) {
                copies[made] = tdt_buf_ref_copy(src->ring[src->first], "acltdtEnqueue");
                if (copies[made] == NULL) {
                    break;
                }
            }
            if (!room || made < n) {
                for (size_t k = 1; k < made; ++k) {
                    tdt_buf_free(copies[k]);
                }
                continue;
            }
            copies[0] = pop(src);
            for (size_t k = 0; k < n; ++k) {
                push(to[k], copies[k]);
            }
            moved = true;
        }
    }
    pthread_cond_broadcast(&tdt_queue_changed);
}

/* --------------------------------------------------- enqueue / dequeue */

/* With the lock held: the live queue `qid` once it has room (enqueue) or a buf (dequeue). */
static aclError wait_ready(uint32_t qid, bool enqueue, int32_t timeout, tdt_q **out, const char *fn)
{
    tdt_q *q = find(qid);
    if (q == NULL) {
        return no_queue(qid, fn);
    }
    struct timespec deadline;
    if (timeout > 0) {
        aclemu_deadline(&deadline, timeout);
    }
    aclError err = ACL_SUCCESS;
    ++q->waiters;
    for (;;) {
        if (q->destroyed) {
            err = aclemu_set_error(ACL_ERROR_INVALID_QUEUE_ID, "%s: queue %u was destroyed while waiting", fn, qid);
            break;
        }
        if (enqueue ? q->count < q->depth : q->count > 0) {
            break;
        }
        int waited = 0;
        if (timeout < 0) {
            pthread_cond_wait(&tdt_queue_changed, &tdt_queue_lock);
        } else if (timeout > 0) {
            waited = pthread_cond_timedwait(&tdt_queue_changed, &tdt_queue_lock, &deadline);
        }
        if (timeout == 0 || waited == ETIMEDOUT) {
            if (!q->destroyed && (enqueue ? q->count < q->depth : q->count > 0)) {
                break;
            }
            if (!q->destroyed) {
                err = aclemu_set_error(enqueue ? ACL_ERROR_RT_QUEUE_FULL : ACL_ERROR_RT_QUEUE_EMPTY,
                                       "%s: queue %u is %s (depth %u) after %d ms", fn, qid,
                                       enqueue ? "full" : "empty", q->depth, (int)timeout);
                break;
            }
        }
    }
    if (--q->waiters == 0 && q->destroyed) {
        pthread_cond_broadcast(&tdt_queue_changed); /* the destroyer waits for the last waiter */
    }
    *out = q;
    return err;
}

static aclError check_timeout(int32_t timeout, const char *fn)
{
    if (timeout < -1) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: timeout %d is below -1", fn, (int)timeout);
    }
    return ACL_SUCCESS;
}

/* Put an unregistered buf into the queue (taking it) or leave it to the caller on failure. */
static aclError enqueue_buf(uint32_t qid, tdt_buf *buf, int32_t timeout, const char *fn)
{
    tdt_q *q = NULL;
    aclError err = wait_ready(qid, true, timeout, &q, fn);
    if (err == ACL_SUCCESS) {
        push(q, buf);
        tdt_queue_pump();
    }
    return err;
}

aclError acltdtEnqueue(uint32_t qid, acltdtBuf buf, int32_t timeout)
{
    static const char fn[] = "acltdtEnqueue";
    aclError err = check_timeout(timeout, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&tdt_queue_lock);
    err = tdt_buf_check_head(buf, fn);
    if (err == ACL_SUCCESS) {
        /* Unregistered while waiting, so no other thread frees or enqueues it meanwhile. */
        tdt_buf_unregister(buf);
        err = enqueue_buf(qid, buf, timeout, fn);
        if (err != ACL_SUCCESS && tdt_buf_register(buf) != ACL_SUCCESS) {
            tdt_buf_free(buf); /* cannot hand it back: the registry is out of memory */
        }
    }
    pthread_mutex_unlock(&tdt_queue_lock);
    return err;
}

aclError acltdtDequeue(uint32_t qid, acltdtBuf *buf, int32_t timeout)
{
    static const char fn[] = "acltdtDequeue";
    aclError err = check_timeout(timeout, fn);
    if (err == ACL_SUCCESS && buf == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: buf is NULL", fn);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&tdt_queue_lock);
    tdt_q *q = NULL;
    err = wait_ready(qid, false, timeout, &q, fn);
    if (err == ACL_SUCCESS) {
        tdt_buf *got = q->ring[q->first];
        err = tdt_buf_register(got);
        if (err == ACL_SUCCESS) {
            pop(q);
            *buf = got;
            tdt_queue_pump();
        }
    }
    pthread_mutex_unlock(&tdt_queue_lock);
    return err;
}

static aclError check_user(const void *userData, size_t userDataSize, const char *fn)
{
    if (userDataSize > TDT_BUF_USER_DATA_SIZE || (userData == NULL && userDataSize > 0)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: user data of %zu bytes (at %p) exceeds %u bytes or "
                                "is NULL", fn, userDataSize, userData, TDT_BUF_USER_DATA_SIZE);
    }
    return ACL_SUCCESS;
}

aclError acltdtEnqueueData(uint32_t qid, const void *data, size_t dataSize, const void *userData,
                           size_t userDataSize, int32_t timeout, uint32_t rsv)
{
    static const char fn[] = "acltdtEnqueueData";
    (void)rsv; /* reserved by the API */
    aclError err = check_timeout(timeout, fn);
    if (err == ACL_SUCCESS && data == NULL && dataSize > 0) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: data is NULL", fn);
    }
    if (err == ACL_SUCCESS) {
        err = check_user(userData, userDataSize, fn);
    }
    if (err == ACL_SUCCESS) {
        /* Before the bytes are read: an unknown queue is the likelier mistake. */
        pthread_mutex_lock(&tdt_queue_lock);
        err = find(qid) != NULL ? ACL_SUCCESS : no_queue(qid, fn);
        pthread_mutex_unlock(&tdt_queue_lock);
    }
    tdt_buf *buf = NULL;
    if (err == ACL_SUCCESS) {
        err = tdt_buf_new(dataSize, false, &buf, fn);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (dataSize > 0) {
        memcpy(buf->block->data, data, dataSize);
    }
    buf->len = dataSize;
    if (userDataSize > 0) {
        memcpy(buf->user, userData, userDataSize);
    }
    err = tdt_queue_put(qid, buf, timeout, fn);
    if (err != ACL_SUCCESS) {
        tdt_buf_free(buf);
    }
    return err;
}

static size_t chain_bytes(const tdt_buf *buf)
{
    size_t total = buf->len;
    for (size_t i = 0; i < buf->chain_num; ++i) {
        total += buf->chain[i]->len;
    }
    return total;
}

aclError acltdtDequeueData(uint32_t qid, void *data, size_t dataSize, size_t *retDataSize, void *userData,
                           size_t userDataSize, int32_t timeout)
{
    static const char fn[] = "acltdtDequeueData";
    aclError err = check_timeout(timeout, fn);
    if (err == ACL_SUCCESS && (retDataSize == NULL || (data == NULL && dataSize > 0))) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: retDataSize or data is NULL", fn);
    }
    if (err == ACL_SUCCESS) {
        err = check_user(userData, userDataSize, fn);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&tdt_queue_lock);
    tdt_q *q = NULL;
    tdt_buf *got = NULL;
    err = wait_ready(qid, false, timeout, &q, fn);
    if (err == ACL_SUCCESS) {
        size_t need = chain_bytes(q->ring[q->first]);
        if (need > dataSize) {
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the next buf of queue %u holds %zu bytes, more than "
                                   "dataSize %zu; it stays queued", fn, qid, need, dataSize);
        } else {
            got = pop(q);
            tdt_queue_pump();
        }
    }
    pthread_mutex_unlock(&tdt_queue_lock);
    if (got == NULL) {
        return err;
    }
    size_t at = 0;
    for (size_t i = 0; i <= got->chain_num; ++i) {
        const tdt_buf *part = i == 0 ? got : got->chain[i - 1];
        if (part->len > 0) {
            memcpy((unsigned char *)data + at, part->block->data, part->len);
        }
        at += part->len;
    }
    *retDataSize = at;
    if (userDataSize > 0) {
        memcpy(userData, got->user, userDataSize);
    }
    tdt_buf_free(got);
    return ACL_SUCCESS;
}

aclError tdt_queue_take(uint32_t qid, int32_t timeout, tdt_buf **out, const char *fn)
{
    pthread_mutex_lock(&tdt_queue_lock);
    tdt_q *q = NULL;
    aclError err = wait_ready(qid, false, timeout, &q, fn);
    if (err == ACL_SUCCESS) {
        *out = pop(q);
        tdt_queue_pump();
    }
    pthread_mutex_unlock(&tdt_queue_lock);
    return err;
}

aclError tdt_queue_put(uint32_t qid, tdt_buf *buf, int32_t timeout, const char *fn)
{
    pthread_mutex_lock(&tdt_queue_lock);
    aclError err = enqueue_buf(qid, buf, timeout, fn);
    pthread_mutex_unlock(&tdt_queue_lock);
    return err;
}

/* ------------------------------------------------------- permissions */

aclError acltdtGrantQueue(uint32_t qid, int32_t pid, uint32_t permission, int32_t timeout)
{
    static const char fn[] = "acltdtGrantQueue";
    aclError err = check_timeout(timeout, fn);
    if (err == ACL_SUCCESS && pid <= 0) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: pid %d is not a process id", fn, (int)pid);
    }
    if (err == ACL_SUCCESS && (permission == 0 || (permission & ~(uint32_t)TDT_ALL_PERMISSIONS) != 0)) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: permission 0x%x is not a combination of "
                               "ACL_TDT_QUEUE_PERMISSION_*", fn, permission);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&tdt_queue_lock);
    tdt_q *q = find(qid);
    if (q == NULL) {
        err = no_queue(qid, fn);
    } else {
        size_t i = 0;
        while (i < q->grant_num && q->grants[i].pid != pid) {
            ++i;
        }
        if (i == q->grant_num) {
            tdt_grant *grown = realloc(q->grants, (q->grant_num + 1) * sizeof *grown);
            if (grown == NULL) {
                err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
            } else {
                q->grants = grown;
                q->grants[q->grant_num++] = (tdt_grant){pid, 0};
            }
        }
        if (err == ACL_SUCCESS) {
            q->grants[i].permission |= permission;
        }
    }
    pthread_mutex_unlock(&tdt_queue_lock);
    return err;
}

aclError acltdtAttachQueue(uint32_t qid, int32_t timeout, uint32_t *permission)
{
    static const char fn[] = "acltdtAttachQueue";
    aclError err = check_timeout(timeout, fn);
    if (err == ACL_SUCCESS && permission == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: permission is NULL", fn);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&tdt_queue_lock);
    if (find(qid) == NULL) {
        err = no_queue(qid, fn);
    } else {
        *permission = TDT_ALL_PERMISSIONS; /* only the creating process can see the queue */
    }
    pthread_mutex_unlock(&tdt_queue_lock);
    return err;
}

/* ------------------------------------------------------------- teardown */

/* At aclFinalize every queue goes, waking its waiters, as its device side would. */
static size_t release_queues(int32_t device, const char *fn)
{
    if (device != -1) {
        return 0;
    }
    size_t released = 0;
    for (;;) {
        pthread_mutex_lock(&tdt_queue_lock);
        bool any = table_num > 0;
        uint32_t qid = any ? table[0]->id : 0;
        pthread_mutex_unlock(&tdt_queue_lock);
        if (!any) {
            break;
        }
        if (aclemu_strict()) {
            aclemu_diag("%s: TDT queue %u was never destroyed", fn, qid);
        }
        acltdtDestroyQueue(qid);
        ++released;
    }
    return released;
}

__attribute__((constructor)) static void register_queue_release(void)
{
    aclemu_on_release(release_queues);
}
