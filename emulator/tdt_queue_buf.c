/*
 * TDT bufs (acltdtAllocBuf and friends of acl_tdt_queue.h): the mbufs queues carry.
 *
 * A buf is a view of a block of bytes: its valid length, TDT_BUF_USER_DATA_SIZE bytes of user
 * data, and, for a head, the chain of bufs appended to it. acltdtCopyBufRef makes a new head
 * sharing the blocks (a write through one is seen through the other); a block is freed with its
 * last buf. Choices where the documentation is silent: a new buf's valid length is 0 (the writer
 * sets it); acltdtGetBufData reports the capacity; a chain member is freed with its head and
 * cannot be freed, enqueued or chained on its own; a buf handed to a queue stops being a live
 * handle until it is dequeued, so a use after enqueue is an error and not a race.
 */
#include "tdt_internal.h"

#include <stdlib.h>
#include <string.h>

pthread_mutex_t tdt_queue_lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t tdt_queue_changed = PTHREAD_COND_INITIALIZER;

static aclError no_memory(const char *fn)
{
    return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
}

static void block_release(tdt_block *block)
{
    if (--block->refs > 0) {
        return;
    }
    if (block->dvpp) {
        aclemu_mem_free(block->data, "acltdtFreeBuf");
    } else {
        free(block->data);
    }
    free(block);
}

aclError tdt_buf_new(size_t size, bool dvpp, tdt_buf **out, const char *fn)
{
    tdt_buf *buf = calloc(1, sizeof *buf);
    tdt_block *block = buf != NULL ? calloc(1, sizeof *block) : NULL;
    /* One byte at least, so that every buf has an address to report. */
    size_t bytes = size > 0 ? size : 1;
    aclError err = block != NULL ? ACL_SUCCESS : no_memory(fn);
    if (err == ACL_SUCCESS && dvpp) {
        err = aclemu_mem_alloc_dvpp(&block->data, bytes, (bytes + 127u) / 128u * 128u, fn);
    } else if (err == ACL_SUCCESS) {
        block->data = calloc(1, bytes);
        err = block->data != NULL ? ACL_SUCCESS : no_memory(fn);
    }
    if (err != ACL_SUCCESS) {
        free(block);
        free(buf);
        return err;
    }
    block->refs = 1;
    block->capacity = size;
    block->dvpp = dvpp;
    buf->block = block;
    *out = buf;
    return ACL_SUCCESS;
}

static tdt_buf *buf_share(const tdt_buf *src, const char *fn)
{
    tdt_buf *buf = calloc(1, sizeof *buf);
    if (buf == NULL) {
        no_memory(fn);
        return NULL;
    }
    buf->block = src->block;
    ++buf->block->refs;
    buf->len = src->len;
    memcpy(buf->user, src->user, sizeof buf->user);
    return buf;
}

static aclError chain_append(tdt_buf *head, tdt_buf *buf, const char *fn)
{
    if (head->chain_num == head->chain_cap) {
        size_t cap = head->chain_cap > 0 ? head->chain_cap * 2 : 4;
        tdt_buf **grown = realloc(head->chain, cap * sizeof *grown);
        if (grown == NULL) {
            return no_memory(fn);
        }
        head->chain = grown;
        head->chain_cap = cap;
    }
    head->chain[head->chain_num++] = buf;
    buf->head = head;
    return ACL_SUCCESS;
}

void tdt_buf_free(tdt_buf *buf)
{
    for (size_t i = 0; i < buf->chain_num; ++i) {
        block_release(buf->chain[i]->block);
        free(buf->chain[i]);
    }
    free(buf->chain);
    block_release(buf->block);
    free(buf);
}

tdt_buf *tdt_buf_ref_copy(const tdt_buf *src, const char *fn)
{
    tdt_buf *head = buf_share(src, fn);
    for (size_t i = 0; head != NULL && i < src->chain_num; ++i) {
        tdt_buf *member = buf_share(src->chain[i], fn);
        if (member == NULL || chain_append(head, member, fn) != ACL_SUCCESS) {
            if (member != NULL) {
                block_release(member->block);
                free(member);
            }
            tdt_buf_free(head);
            head = NULL;
        }
    }
    return head;
}

void tdt_buf_unregister(tdt_buf *buf)
{
    aclemu_handle_remove(buf, TDT_KIND_BUF);
    for (size_t i = 0; i < buf->chain_num; ++i) {
        aclemu_handle_remove(buf->chain[i], TDT_KIND_BUF);
    }
}

aclError tdt_buf_register(tdt_buf *buf)
{
    aclError err = aclemu_handle_add(buf, TDT_KIND_BUF);
    for (size_t i = 0; err == ACL_SUCCESS && i < buf->chain_num; ++i) {
        err = aclemu_handle_add(buf->chain[i], TDT_KIND_BUF);
    }
    if (err != ACL_SUCCESS) {
        tdt_buf_unregister(buf);
    }
    return err;
}

static aclError bad_buf(const void *buf, const char *fn)
{
    return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: buf %p is not a live TDT buf (freed, never allocated, "
                            "or handed to a queue)", fn, buf);
}

aclError tdt_buf_check_head(const void *buf, const char *fn)
{
    if (!aclemu_handle_is(buf, TDT_KIND_BUF)) {
        return bad_buf(buf, fn);
    }
    if (((const tdt_buf *)buf)->head != NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: buf %p belongs to the chain of buf %p; use the head",
                                fn, buf, (void *)((const tdt_buf *)buf)->head);
    }
    return ACL_SUCCESS;
}

/* ------------------------------------------------------------------- API */

aclError acltdtAllocBuf(size_t size, uint32_t type, acltdtBuf *buf)
{
    static const char fn[] = "acltdtAllocBuf";
    aclError err = aclemu_require_init(fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (buf == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: buf is NULL", fn);
    }
    if (type != ACL_TDT_NORMAL_MEM && type != ACL_TDT_DVPP_MEM) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: type %u is neither ACL_TDT_NORMAL_MEM nor "
                                "ACL_TDT_DVPP_MEM", fn, type);
    }
    tdt_buf *made = NULL;
    err = tdt_buf_new(size, type == ACL_TDT_DVPP_MEM, &made, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    err = tdt_buf_register(made);
    if (err != ACL_SUCCESS) {
        tdt_buf_free(made);
        return err;
    }
    *buf = made;
    return ACL_SUCCESS;
}

aclError acltdtFreeBuf(acltdtBuf buf)
{
    static const char fn[] = "acltdtFreeBuf";
    pthread_mutex_lock(&tdt_queue_lock);
    aclError err = tdt_buf_check_head(buf, fn);
    if (err == ACL_SUCCESS) {
        tdt_buf_unregister(buf);
    }
    pthread_mutex_unlock(&tdt_queue_lock);
    if (err == ACL_SUCCESS) {
        tdt_buf_free(buf);
    }
    return err;
}

/* Run `op` on a live buf under the lock. */
static aclError with_buf(const void *buf, const char *fn, aclError (*op)(tdt_buf *, void *), void *arg)
{
    pthread_mutex_lock(&tdt_queue_lock);
    aclError err = aclemu_handle_is(buf, TDT_KIND_BUF) ? op((tdt_buf *)buf, arg) : bad_buf(buf, fn);
    pthread_mutex_unlock(&tdt_queue_lock);
    return err;
}

typedef struct {
    void **data;
    size_t *size;
} data_out;

static aclError read_data(tdt_buf *buf, void *arg)
{
    data_out *out = arg;
    *out->data = buf->block->data;
    *out->size = buf->block->capacity;
    return ACL_SUCCESS;
}

aclError acltdtGetBufData(const acltdtBuf buf, void **dataPtr, size_t *size)
{
    if (dataPtr == NULL || size == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "acltdtGetBufData: dataPtr or size is NULL");
    }
    data_out out = {dataPtr, size};
    return with_buf(buf, "acltdtGetBufData", read_data, &out);
}

static aclError write_len(tdt_buf *buf, void *arg)
{
    size_t len = *(size_t *)arg;
    if (len > buf->block->capacity) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "acltdtSetBufDataLen: length %zu exceeds the buf's %zu "
                                "bytes", len, buf->block->capacity);
    }
    buf->len = len;
    return ACL_SUCCESS;
}

aclError acltdtSetBufDataLen(acltdtBuf buf, size_t len)
{
    return with_buf(buf, "acltdtSetBufDataLen", write_len, &len);
}

static aclError read_len(tdt_buf *buf, void *arg)
{
    *(size_t *)arg = buf->len;
    return ACL_SUCCESS;
}

aclError acltdtGetBufDataLen(acltdtBuf buf, size_t *len)
{
    if (len == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "acltdtGetBufDataLen: len is NULL");
    }
    return with_buf(buf, "acltdtGetBufDataLen", read_len, len);
}

aclError acltdtAppendBufChain(acltdtBuf headBuf, acltdtBuf buf)
{
    static const char fn[] = "acltdtAppendBufChain";
    pthread_mutex_lock(&tdt_queue_lock);
    aclError err = tdt_buf_check_head(headBuf, fn);
    if (err == ACL_SUCCESS) {
        err = tdt_buf_check_head(buf, fn);
    }
    if (err == ACL_SUCCESS && (headBuf == buf || ((tdt_buf *)buf)->chain_num > 0)) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: buf %p %s", fn, buf,
                               headBuf == buf ? "cannot be appended to itself" : "heads a chain of its own");
    }
    if (err == ACL_SUCCESS) {
        err = chain_append(headBuf, buf, fn);
    }
    pthread_mutex_unlock(&tdt_queue_lock);
    return err;
}

static aclError read_chain_num(tdt_buf *buf, void *arg)
{
    if (buf->head != NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "acltdtGetBufChainNum: buf %p is a chain member, not a head",
                                (void *)buf);
    }
    *(uint32_t *)arg = (uint32_t)(buf->chain_num + 1);
    return ACL_SUCCESS;
}

aclError acltdtGetBufChainNum(acltdtBuf headBuf, uint32_t *num)
{
    if (num == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "acltdtGetBufChainNum: num is NULL");
    }
    return with_buf(headBuf, "acltdtGetBufChainNum", read_chain_num, num);
}

aclError acltdtGetBufFromChain(acltdtBuf headBuf, uint32_t index, acltdtBuf *buf)
{
    static const char fn[] = "acltdtGetBufFromChain";
    if (buf == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: buf is NULL", fn);
    }
    pthread_mutex_lock(&tdt_queue_lock);
    aclError err = tdt_buf_check_head(headBuf, fn);
    if (err == ACL_SUCCESS) {
        const tdt_buf *head = headBuf;
        if (index > head->chain_num) {
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: index %u is outside the chain of %zu bufs", fn,
                                   index, head->chain_num + 1);
        } else {
            *buf = index == 0 ? headBuf : (void *)head->chain[index - 1];
        }
    }
    pthread_mutex_unlock(&tdt_queue_lock);
    return err;
}

typedef struct {
    void *to;
    const void *from;
    size_t size;
    size_t offset;
    const char *fn;
} user_copy;

static aclError check_user_range(const user_copy *c)
{
    if (c->size == 0 || c->offset > TDT_BUF_USER_DATA_SIZE || c->size > TDT_BUF_USER_DATA_SIZE - c->offset) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %zu bytes at offset %zu do not fit the %u bytes of "
                                "user data (or size is 0)", c->fn, c->size, c->offset, TDT_BUF_USER_DATA_SIZE);
    }
    return ACL_SUCCESS;
}

static aclError read_user(tdt_buf *buf, void *arg)
{
    user_copy *c = arg;
    memcpy(c->to, buf->user + c->offset, c->size);
    return ACL_SUCCESS;
}

static aclError write_user(tdt_buf *buf, void *arg)
{
    user_copy *c = arg;
    memcpy(buf->user + c->offset, c->from, c->size);
    return ACL_SUCCESS;
}

aclError acltdtGetBufUserData(const acltdtBuf buf, void *dataPtr, size_t size, size_t offset)
{
    user_copy c = {dataPtr, NULL, size, offset, "acltdtGetBufUserData"};
    if (dataPtr == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dataPtr is NULL", c.fn);
    }
    aclError err = check_user_range(&c);
    return err != ACL_SUCCESS ? err : with_buf(buf, c.fn, read_user, &c);
}

aclError acltdtSetBufUserData(acltdtBuf buf, const void *dataPtr, size_t size, size_t offset)
{
    user_copy c = {NULL, dataPtr, size, offset, "acltdtSetBufUserData"};
    if (dataPtr == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dataPtr is NULL", c.fn);
    }
    aclError err = check_user_range(&c);
    return err != ACL_SUCCESS ? err : with_buf(buf, c.fn, write_user, &c);
}

aclError acltdtCopyBufRef(const acltdtBuf buf, acltdtBuf *newBuf)
{
    static const char fn[] = "acltdtCopyBufRef";
    if (newBuf == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: newBuf is NULL", fn);
    }
    pthread_mutex_lock(&tdt_queue_lock);
    aclError err = tdt_buf_check_head(buf, fn);
    tdt_buf *copy = err == ACL_SUCCESS ? tdt_buf_ref_copy(buf, fn) : NULL;
    if (err == ACL_SUCCESS && copy == NULL) {
        err = ACL_ERROR_BAD_ALLOC;
    }
    if (copy != NULL) {
        err = tdt_buf_register(copy);
        if (err != ACL_SUCCESS) {
            tdt_buf_free(copy);
        } else {
            *newBuf = copy;
        }
    }
    pthread_mutex_unlock(&tdt_queue_lock);
    return err;
}
