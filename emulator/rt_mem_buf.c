/* Message buffers (aclrtAllocBuf and friends): refcounted shared data, a private user-data area
 * per buffer, and chains of buffers.
 *
 * An mbuf handle is a small header pointing at a shared data block. aclrtCopyBufRef makes a new
 * header on the same block (the bytes are shared, not copied), so the block lives until its last
 * header is freed. The data block is host memory that the device may use (as on boards where
 * mbufs live in memory both sides see), so it is registered with the core as mapped memory: copies
 * to and from it are bounds-checked like any device buffer.
 *
 * Choices where the documentation is silent: a new buffer's data length is 0 until
 * aclrtSetBufDataLen; the user-data area is 96 bytes, zeroed at allocation, and a reference copy
 * starts with a copy of it; a buffer appended to a chain belongs to that chain (freeing the head
 * frees the chain; freeing a member directly is refused); only a buffer that is neither a head
 * with members nor a member may be appended.
 */
#include "emu.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define MBUF_KIND (ACLEMU_KIND_AREA_FREE + 240)
#define MBUF_USER_DATA_SIZE 96u

typedef struct mbuf_data {
    unsigned char *bytes;
    size_t size;
    size_t refs; /* headers pointing here, under buf_lock */
} mbuf_data;

typedef struct mbuf {
    mbuf_data *data;
    size_t data_len;
    unsigned char user[MBUF_USER_DATA_SIZE];
    struct mbuf *next;  /* next member of this buffer's chain (heads and members) */
    struct mbuf *head;  /* the chain's head when this buffer is a member, else NULL */
} mbuf;

static pthread_mutex_t buf_lock = PTHREAD_MUTEX_INITIALIZER;

static mbuf *live_locked(const void *buf, const char *fn, const char *what, aclError *err)
{
    if (buf == NULL || !aclemu_handle_is(buf, MBUF_KIND)) {
        *err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s %p is not a live mbuf", fn, what, buf);
        return NULL;
    }
    *err = ACL_SUCCESS;
    return (mbuf *)buf;
}

/* Takes buf_lock (the caller releases it) and returns the live mbuf, or NULL with *err set when
 * `out` (the caller's output, named `out_name`) is NULL or `buf` is not a live mbuf. */
static mbuf *lock_live(const void *buf, const void *out, const char *out_name, const char *fn, const char *what,
                       aclError *err)
{
    pthread_mutex_lock(&buf_lock);
    if (out == NULL) {
        *err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", fn, out_name);
        return NULL;
    }
    return live_locked(buf, fn, what, err);
}

static mbuf *new_header_locked(mbuf_data *data, const char *fn, aclError *err)
{
    mbuf *m = calloc(1, sizeof *m);
    if (m == NULL) {
        *err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
        return NULL;
    }
    *err = aclemu_handle_add(m, MBUF_KIND);
    if (*err != ACL_SUCCESS) {
        free(m);
        return NULL;
    }
    m->data = data;
    data->refs++;
    return m;
}

static void drop_header_locked(mbuf *m)
{
    aclemu_handle_remove(m, MBUF_KIND);
    mbuf_data *data = m->data;
    free(m);
    if (--data->refs == 0) {
        aclemu_mem_remove_mapped(data->bytes);
        free(data->bytes);
        free(data);
    }
}

aclError aclrtAllocBuf(aclrtMbuf *buf, size_t size)
{
    if (buf == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: buf is NULL", __func__);
    }
    *buf = NULL;
    if (size == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: size is 0", __func__);
    }
    int32_t device = 0;
    aclError err = aclemu_require_device(__func__, &device);
    if (err != ACL_SUCCESS) {
        return err;
    }
    mbuf_data *data = calloc(1, sizeof *data);
    unsigned char *bytes = data != NULL ? calloc(1, size) : NULL;
    if (bytes == NULL) {
        free(data);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: cannot allocate %zu bytes", __func__, size);
    }
    data->bytes = bytes;
    data->size = size;
    err = aclemu_mem_add_mapped(bytes, size, device, ACLEMU_MAPPED_HOST_REGISTERED, __func__);
    if (err != ACL_SUCCESS) {
        free(bytes);
        free(data);
        return err;
    }
    pthread_mutex_lock(&buf_lock);
    mbuf *m = new_header_locked(data, __func__, &err);
    if (m == NULL) {
        aclemu_mem_remove_mapped(bytes);
        free(bytes);
        free(data);
    }
    pthread_mutex_unlock(&buf_lock);
    *buf = m;
    return err;
}

aclError aclrtFreeBuf(aclrtMbuf buf)
{
    aclError err;
    pthread_mutex_lock(&buf_lock);
    mbuf *m = live_locked(buf, __func__, "buf", &err);
    if (m != NULL && m->head != NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: buf %p is a member of the chain of %p: free the head",
                               __func__, buf, (void *)m->head);
    } else if (m != NULL) {
        while (m != NULL) {
            mbuf *next = m->next;
            drop_header_locked(m);
            m = next;
        }
    }
    pthread_mutex_unlock(&buf_lock);
    return err;
}

aclError aclrtGetBufData(const aclrtMbuf buf, void **dataPtr, size_t *size)
{
    aclError err;
    mbuf *m = lock_live(buf, dataPtr != NULL ? (const void *)size : NULL, "dataPtr or size", __func__, "buf", &err);
    if (m != NULL) {
        *dataPtr = m->data->bytes;
        *size = m->data->size;
    }
    pthread_mutex_unlock(&buf_lock);
    return err;
}

aclError aclrtGetBufDataLen(aclrtMbuf buf, size_t *len)
{
    aclError err;
    mbuf *m = lock_live(buf, len, "len", __func__, "buf", &err);
    if (m != NULL) {
        *len = m->data_len;
    }
    pthread_mutex_unlock(&buf_lock);
    return err;
}

aclError aclrtSetBufDataLen(aclrtMbuf buf, size_t len)
{
    aclError err;
    pthread_mutex_lock(&buf_lock);
    mbuf *m = live_locked(buf, __func__, "buf", &err);
    if (m != NULL && len > m->data->size) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: len %zu exceeds the buffer's %zu bytes", __func__, len,
                               m->data->size);
    } else if (m != NULL) {
        m->data_len = len;
    }
    pthread_mutex_unlock(&buf_lock);
    return err;
}

static aclError check_user_range(const void *dataPtr, size_t size, size_t offset, const char *fn)
{
    if (dataPtr == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dataPtr is NULL", fn);
    }
    if (size == 0 || offset > MBUF_USER_DATA_SIZE || size > MBUF_USER_DATA_SIZE - offset) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: size %zu at offset %zu is outside the %u-byte user "
                                "data area", fn, size, offset, MBUF_USER_DATA_SIZE);
    }
    return aclemu_mem_check(dataPtr, size, false, fn, "dataPtr");
}

/* Copies between the caller's bytes and the user-data area, in the direction `to_user` says. */
static aclError user_data_io(const void *buf, unsigned char *caller, size_t size, size_t offset, bool to_user,
                             const char *fn)
{
    aclError err = check_user_range(caller, size, offset, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    mbuf *m = lock_live(buf, caller, "dataPtr", fn, "buf", &err);
    if (m != NULL && to_user) {
        memcpy(m->user + offset, caller, size);
    } else if (m != NULL) {
        memcpy(caller, m->user + offset, size);
    }
    pthread_mutex_unlock(&buf_lock);
    return err;
}

aclError aclrtGetBufUserData(const aclrtMbuf buf, void *dataPtr, size_t size, size_t offset)
{
    return user_data_io(buf, dataPtr, size, offset, false, __func__);
}

aclError aclrtSetBufUserData(aclrtMbuf buf, const void *dataPtr, size_t size, size_t offset)
{
    return user_data_io(buf, (unsigned char *)(uintptr_t)dataPtr, size, offset, true, __func__);
}

aclError aclrtCopyBufRef(const aclrtMbuf buf, aclrtMbuf *newBuf)
{
    if (newBuf == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: newBuf is NULL", __func__);
    }
    *newBuf = NULL;
    aclError err;
    pthread_mutex_lock(&buf_lock);
    mbuf *m = live_locked(buf, __func__, "buf", &err);
    mbuf *copy = m != NULL ? new_header_locked(m->data, __func__, &err) : NULL;
    if (copy != NULL) {
        copy->data_len = m->data_len;
        memcpy(copy->user, m->user, sizeof copy->user);
    }
    pthread_mutex_unlock(&buf_lock);
    *newBuf = copy;
    return err;
}

aclError aclrtAppendBufChain(aclrtMbuf headBuf, aclrtMbuf buf)
{
    aclError err;
    pthread_mutex_lock(&buf_lock);
    mbuf *head = live_locked(headBuf, __func__, "headBuf", &err);
    mbuf *m = head != NULL ? live_locked(buf, __func__, "buf", &err) : NULL;
    if (m != NULL && (m == head || m->head != NULL || m->next != NULL)) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: buf %p already belongs to a chain", __func__, buf);
    } else if (m != NULL && head->head != NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: headBuf %p is a member of another chain", __func__,
                               headBuf);
    } else if (m != NULL) {
        mbuf *tail = head;
        while (tail->next != NULL) {
            tail = tail->next;
        }
        tail->next = m;
        m->head = head;
    }
    pthread_mutex_unlock(&buf_lock);
    return err;
}

aclError aclrtGetBufChainNum(aclrtMbuf headBuf, uint32_t *num)
{
    aclError err;
    mbuf *head = lock_live(headBuf, num, "num", __func__, "headBuf", &err);
    if (head != NULL && head->head != NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is a chain member, not a head", __func__, headBuf);
    } else if (head != NULL) {
        uint32_t count = 0;
        for (mbuf *m = head; m != NULL; m = m->next) {
            count++;
        }
        *num = count;
    }
    pthread_mutex_unlock(&buf_lock);
    return err;
}

aclError aclrtGetBufFromChain(aclrtMbuf headBuf, uint32_t index, aclrtMbuf *buf)
{
    if (buf == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: buf is NULL", __func__);
    }
    *buf = NULL;
    aclError err;
    pthread_mutex_lock(&buf_lock);
    mbuf *m = live_locked(headBuf, __func__, "headBuf", &err);
    if (m != NULL && m->head != NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is a chain member, not a head", __func__, headBuf);
        m = NULL;
    }
    uint32_t at = 0;
    while (m != NULL && at < index) {
        m = m->next;
        at++;
    }
    if (err == ACL_SUCCESS && m == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: index %u is past the chain's %u buffers", __func__, index,
                               at);
    }
    *buf = m;
    pthread_mutex_unlock(&buf_lock);
    return err;
}
