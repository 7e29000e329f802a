/* User allocators (aclrtAllocator*) and the device workspace of stream tasks.
 *
 * A desc collects the user's allocator object and functions; aclrtAllocatorRegister copies them
 * into the stream's registration. Task bodies that need scratch device memory (operators, BLAS)
 * bracket their work with aclemu_workspace_begin/end (emu.h): inside, aclemu_workspace_alloc takes
 * a block from the stream's registered allocator (alloc, or alloc-advise when no alloc function is
 * set, hinted with the end of the task's previous block), turns it into an address with
 * get-addr-from-block (checked to be tracked device memory of the size asked), and every block goes
 * back through the free function when the task's work is done. Without a registration the
 * workspace is plain host memory, as before.
 *
 * Unregistering (or registering another allocator, or destroying the stream) waits until no task
 * still uses the old registration, so no callback of it runs after the call returns; a callback
 * that unregisters its own stream does not wait for itself. See docs/runtime-allocators.md. */
#include "emu.h"

#include "acl/acl_rt_allocator.h"

#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KIND_ALLOCATOR_DESC ((aclemu_kind)(ACLEMU_KIND_AREA_FREE + 340))

typedef struct allocator_desc {
    aclrtAllocator obj;
    aclrtAllocatorAllocFunc alloc;
    aclrtAllocatorFreeFunc free_block;
    aclrtAllocatorAllocAdviseFunc alloc_advise;
    aclrtAllocatorGetAddrFromBlockFunc get_addr;
} allocator_desc;

typedef struct registration {
    struct registration *next;
    aclrtStream stream;
    aclrtAllocatorDesc desc; /* as registered, for aclrtAllocatorGetByStream */
    allocator_desc fns;      /* copied at registration */
    int users;               /* workspace scopes using it */
    bool removed;            /* unlinked: freed by its remover, or by the last user when nobody waits */
    bool awaited;            /* the remover waits for the users and frees it */
} registration;

static pthread_mutex_t alloc_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t users_changed = PTHREAD_COND_INITIALIZER;
static registration *registrations;

typedef struct block {
    struct block *next;
    aclrtAllocatorBlock handle; /* NULL for host scratch */
    void *addr;
    size_t bytes;
} block;

typedef struct scope {
    struct scope *outer;
    registration *reg; /* NULL: host scratch */
    pthread_mutex_t lock; /* blocks and err: a kernel's helper threads share the scope */
    block *blocks;
    aclError err;      /* first failure of the user allocator */
    char message[256]; /* its message, recorded again at the end (the kernel records its own) */
} scope;

static _Thread_local scope *current;

/* ------------------------------------------------------------------ descs */

aclrtAllocatorDesc aclrtAllocatorCreateDesc(void)
{
    allocator_desc *d = calloc(1, sizeof *d);
    if (d == NULL) {
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "aclrtAllocatorCreateDesc: out of host memory");
        return NULL;
    }
    if (aclemu_handle_add(d, KIND_ALLOCATOR_DESC) != ACL_SUCCESS) {
        free(d);
        return NULL;
    }
    return (aclrtAllocatorDesc)d;
}

static aclError get_desc(aclrtAllocatorDesc desc, const char *fn, allocator_desc **out)
{
    if (desc == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: allocatorDesc is NULL", fn);
    }
    if (!aclemu_handle_is(desc, KIND_ALLOCATOR_DESC)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live allocator desc", fn, desc);
    }
    *out = (allocator_desc *)desc;
    return ACL_SUCCESS;
}

aclError aclrtAllocatorDestroyDesc(aclrtAllocatorDesc allocatorDesc)
{
    allocator_desc *d = NULL;
    aclError err = get_desc(allocatorDesc, __func__, &d);
    if (err != ACL_SUCCESS) {
        return err;
    }
    aclemu_handle_remove(d, KIND_ALLOCATOR_DESC);
    free(d);
    return ACL_SUCCESS;
}

/* One setter: lock-free because a desc belongs to its creator until it is registered (copied). */
#define DESC_SETTER(api, field, type, what)                                                                  \
    aclError api(aclrtAllocatorDesc allocatorDesc, type value)                                              \
    {                                                                                                        \
        allocator_desc *d = NULL;                                                                            \
        aclError err = get_desc(allocatorDesc, #api, &d);                                                    \
        if (err != ACL_SUCCESS) {                                                                            \
            return err;                                                                                      \
        }                                                                                                    \
        if (value == NULL) {                                                                                 \
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", #api, what);                  \
        }                                                                                                    \
        d->field = value;                                                                                    \
        return ACL_SUCCESS;                                                                                  \
    }

DESC_SETTER(aclrtAllocatorSetObjToDesc, obj, aclrtAllocator, "allocator")
DESC_SETTER(aclrtAllocatorSetAllocFuncToDesc, alloc, aclrtAllocatorAllocFunc, "func")
DESC_SETTER(aclrtAllocatorSetFreeFuncToDesc, free_block, aclrtAllocatorFreeFunc, "func")
DESC_SETTER(aclrtAllocatorSetAllocAdviseFuncToDesc, alloc_advise, aclrtAllocatorAllocAdviseFunc, "func")
DESC_SETTER(aclrtAllocatorSetGetAddrFromBlockFuncToDesc, get_addr, aclrtAllocatorGetAddrFromBlockFunc, "func")

/* ---------------------------------------------------------- registrations */

static registration **find_locked(aclrtStream stream)
{
    for (registration **link = &registrations; *link != NULL; link = &(*link)->next) {
        if ((*link)->stream == stream) {
            return link;
        }
    }
    return NULL;
}

static bool used_by_this_thread(const registration *reg)
{
    for (const scope *s = current; s != NULL; s = s->outer) {
        if (s->reg == reg) {
            return true;
        }
    }
    return false;
}

/* Unlink *link and wait until the tasks using it are done (the last one frees it). */
static void remove_locked(registration **link)
{
    registration *reg = *link;
    *link = reg->next;
    reg->removed = true;
    if (!used_by_this_thread(reg)) {
        reg->awaited = true;
        while (reg->users > 0) {
            pthread_cond_wait(&users_changed, &alloc_lock);
        }
    }
    if (reg->users == 0) {
        free(reg);
    }
}

static aclError check_stream(aclrtStream stream, const char *fn)
{
    if (stream == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: stream is NULL (an allocator is registered on a stream the user created)", fn);
    }
    return aclemu_stream_check(stream, fn);
}

aclError aclrtAllocatorRegister(aclrtStream stream, aclrtAllocatorDesc allocatorDesc)
{
    const char *fn = "aclrtAllocatorRegister";
    aclError err = check_stream(stream, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    allocator_desc *d = NULL;
    err = get_desc(allocatorDesc, fn, &d);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if ((d->alloc == NULL && d->alloc_advise == NULL) || d->free_block == NULL || d->get_addr == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: the desc needs an alloc (or alloc-advise), a free and a get-addr-from-block "
                                "function",
                                fn);
    }
    registration *reg = calloc(1, sizeof *reg);
    if (reg == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    reg->stream = stream;
    reg->desc = allocatorDesc;
    reg->fns = *d;
    pthread_mutex_lock(&alloc_lock);
    registration **old = find_locked(stream);
    if (old != NULL) {
        remove_locked(old);
    }
    reg->next = registrations;
    registrations = reg;
    pthread_mutex_unlock(&alloc_lock);
    return ACL_SUCCESS;
}

aclError aclrtAllocatorUnregister(aclrtStream stream)
{
    const char *fn = "aclrtAllocatorUnregister";
    aclError err = check_stream(stream, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&alloc_lock);
    registration **link = find_locked(stream);
    if (link == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: no allocator is registered on stream %p", fn, stream);
    } else {
        remove_locked(link);
    }
    pthread_mutex_unlock(&alloc_lock);
    return err;
}

aclError aclrtAllocatorGetByStream(aclrtStream stream, aclrtAllocatorDesc *allocatorDesc, aclrtAllocator *allocator,
                                   aclrtAllocatorAllocFunc *allocFunc, aclrtAllocatorFreeFunc *freeFunc,
                                   aclrtAllocatorAllocAdviseFunc *allocAdviseFunc,
                                   aclrtAllocatorGetAddrFromBlockFunc *getAddrFromBlockFunc)
{
    const char *fn = "aclrtAllocatorGetByStream";
    aclError err = check_stream(stream, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (allocatorDesc == NULL || allocator == NULL || allocFunc == NULL || freeFunc == NULL ||
        allocAdviseFunc == NULL || getAddrFromBlockFunc == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: an output pointer is NULL", fn);
    }
    pthread_mutex_lock(&alloc_lock);
    registration **link = find_locked(stream);
    if (link == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: no allocator is registered on stream %p", fn, stream);
    } else {
        const registration *reg = *link;
        *allocatorDesc = reg->desc;
        *allocator = reg->fns.obj;
        *allocFunc = reg->fns.alloc;
        *freeFunc = reg->fns.free_block;
        *allocAdviseFunc = reg->fns.alloc_advise;
        *getAddrFromBlockFunc = reg->fns.get_addr;
    }
    pthread_mutex_unlock(&alloc_lock);
    return err;
}

void aclemu_allocator_forget_stream(aclrtStream stream)
{
    pthread_mutex_lock(&alloc_lock);
    registration **link = find_locked(stream);
    if (link != NULL) {
        remove_locked(link);
    }
    pthread_mutex_unlock(&alloc_lock);
}

/* -------------------------------------------------------------- workspace */

void aclemu_workspace_begin(aclrtStream stream)
{
    scope *s = calloc(1, sizeof *s);
    if (s == NULL) {
        /* no scope: workspace_alloc falls back to host memory, workspace_end has nothing to undo */
        return;
    }
    pthread_mutex_init(&s->lock, NULL);
    pthread_mutex_lock(&alloc_lock);
    registration **link = stream != NULL ? find_locked(stream) : NULL;
    if (link != NULL) {
        s->reg = *link;
        s->reg->users++;
    }
    pthread_mutex_unlock(&alloc_lock);
    s->outer = current;
    current = s;
}

/* Record the failure (code and message) for this thread and for the scope's end. */
static void fail(scope *s, aclError err, const char *fmt, ...) ACLEMU_PRINTF(3, 4);
static void fail(scope *s, aclError err, const char *fmt, ...)
{
    char text[sizeof s->message];
    va_list args;
    va_start(args, fmt);
    vsnprintf(text, sizeof text, fmt, args);
    va_end(args);
    aclemu_set_error(err, "%s", text);
    pthread_mutex_lock(&s->lock);
    if (s->err == ACL_SUCCESS) {
        s->err = err;
        memcpy(s->message, text, sizeof text);
    }
    pthread_mutex_unlock(&s->lock);
}

/* The user's functions are called without any lock held. */
static void *user_block(scope *s, size_t bytes, block *b)
{
    const allocator_desc *f = &s->reg->fns;
    if (f->alloc != NULL) {
        b->handle = f->alloc(f->obj, bytes);
    } else {
        pthread_mutex_lock(&s->lock);
        const block *last = s->blocks;
        aclrtAllocatorAddr hint = last != NULL && last->addr != NULL ? (char *)last->addr + last->bytes : NULL;
        pthread_mutex_unlock(&s->lock);
        b->handle = f->alloc_advise(f->obj, bytes, hint);
    }
    if (b->handle == NULL) {
        fail(s, ACL_ERROR_BAD_ALLOC, "the stream's allocator gave no block for %zu bytes", bytes);
        return NULL;
    }
    b->addr = f->get_addr(b->handle);
    if (b->addr == NULL) {
        fail(s, ACL_ERROR_BAD_ALLOC, "the stream's allocator gave no address for block %p", b->handle);
        return NULL;
    }
    aclError err = aclemu_mem_check_tracked(b->addr, bytes, true, "the stream's allocator",
                                            "the address of a block");
    if (err != ACL_SUCCESS) {
        fail(s, err, "the stream's allocator gave %p for %zu bytes, which is not device memory of that size",
             b->addr, bytes);
        b->addr = NULL;
        return NULL;
    }
    return b->addr;
}

/* ------------------------------------------------------------------ host scratch */

/* Host scratch blocks of HOST_KEEP_MIN bytes or more are kept by the thread that frees them (at
 * most HOST_KEEP_BLOCKS blocks, HOST_KEEP_BYTES in all) and handed out again to its next tasks:
 * glibc gives blocks that large back to the kernel when they are freed (munmap, or trimming the
 * thread's arena), and faulting the 3 MiB of a 512 x 512 float16 GEMM's scratch in again took about
 * 1 ms, more than the product itself. A thread's blocks go at its exit. */
#define HOST_KEEP_MIN ((size_t)64 << 10)
#define HOST_KEEP_BLOCKS 4
#define HOST_KEEP_BYTES ((size_t)32 << 20)

typedef struct kept_blocks {
    void *base[HOST_KEEP_BLOCKS]; /* oldest first */
    size_t capacity[HOST_KEEP_BLOCKS];
    size_t count, bytes;
} kept_blocks;

/* Every host block starts with its capacity, in a header that keeps the scratch max-aligned. */
typedef union host_header {
    size_t capacity;
    max_align_t align;
} host_header;

static pthread_once_t kept_once = PTHREAD_ONCE_INIT;
static pthread_key_t kept_key;
static bool kept_key_ok;

static void free_kept(void *arg)
{
    kept_blocks *k = arg;
    for (size_t i = 0; i < k->count; i++) {
        free(k->base[i]);
    }
    free(k);
}

static void make_kept_key(void)
{
    kept_key_ok = pthread_key_create(&kept_key, free_kept) == 0;
}

/* This thread's kept blocks, created when `create`; NULL when there are none (or no key). */
static kept_blocks *kept_for_thread(bool create)
{
    pthread_once(&kept_once, make_kept_key);
    if (!kept_key_ok) {
        return NULL;
    }
    kept_blocks *k = pthread_getspecific(kept_key);
    if (k == NULL && create) {
        k = calloc(1, sizeof *k);
        if (k != NULL && pthread_setspecific(kept_key, k) != 0) {
            free(k);
            k = NULL;
        }
    }
    return k;
}

static void drop_kept(kept_blocks *k, size_t index)
{
    k->bytes -= k->capacity[index];
    k->count--;
    memmove(k->base + index, k->base + index + 1, (k->count - index) * sizeof *k->base);
    memmove(k->capacity + index, k->capacity + index + 1, (k->count - index) * sizeof *k->capacity);
}

static void *host_scratch(size_t bytes)
{
    kept_blocks *k = bytes >= HOST_KEEP_MIN ? kept_for_thread(false) : NULL;
    if (k != NULL) {
        size_t best = k->count;
        for (size_t i = 0; i < k->count; i++) {
            if (k->capacity[i] >= bytes && (best == k->count || k->capacity[i] < k->capacity[best])) {
                best = i;
            }
        }
        if (best < k->count) {
            host_header *h = k->base[best];
            drop_kept(k, best);
            return h + 1;
        }
    }
    if (bytes > SIZE_MAX - sizeof(host_header)) {
        return NULL;
    }
    host_header *h = malloc(sizeof *h + bytes);
    if (h == NULL) {
        return NULL;
    }
    h->capacity = bytes;
    return h + 1;
}

static void host_scratch_free(void *p)
{
    if (p == NULL) {
        return;
    }
    host_header *h = (host_header *)p - 1;
    size_t capacity = h->capacity;
    kept_blocks *k = capacity >= HOST_KEEP_MIN && capacity <= HOST_KEEP_BYTES ? kept_for_thread(true) : NULL;
    if (k == NULL) {
        free(h);
        return;
    }
    while (k->count == HOST_KEEP_BLOCKS || k->bytes + capacity > HOST_KEEP_BYTES) {
        free(k->base[0]); /* the oldest makes room */
        drop_kept(k, 0);
    }
    k->base[k->count] = h;
    k->capacity[k->count] = capacity;
    k->count++;
    k->bytes += capacity;
}

void *aclemu_workspace_alloc(size_t bytes)
{
    scope *s = current;
    if (s == NULL || s->reg == NULL) {
        return host_scratch(bytes ? bytes : 1);
    }
    pthread_mutex_lock(&s->lock);
    bool failed = s->err != ACL_SUCCESS;
    pthread_mutex_unlock(&s->lock);
    if (failed) {
        return NULL;
    }
    block *b = calloc(1, sizeof *b);
    if (b == NULL) {
        return NULL;
    }
    b->bytes = bytes;
    void *addr = user_block(s, bytes ? bytes : 1, b);
    if (b->handle == NULL) {
        free(b);
        return NULL;
    }
    pthread_mutex_lock(&s->lock);
    b->next = s->blocks; /* a block without a usable address is still given back at the end */
    s->blocks = b;
    pthread_mutex_unlock(&s->lock);
    return addr;
}

void aclemu_workspace_free(void *p)
{
    const scope *s = current;
    if (s == NULL || s->reg == NULL) {
        host_scratch_free(p);
    }
    /* user blocks go back together at aclemu_workspace_end */
}

void *aclemu_workspace_share(void)
{
    return current;
}

void aclemu_workspace_join(void *shared)
{
    current = shared; /* a helper thread has no scope of its own: it never ends this one */
}

aclError aclemu_workspace_end(void)
{
    scope *s = current;
    if (s == NULL) {
        return ACL_SUCCESS;
    }
    current = s->outer;
    aclError err = s->err;
    if (err != ACL_SUCCESS) {
        aclemu_set_error(err, "%s", s->message);
    }
    while (s->blocks != NULL) {
        block *b = s->blocks;
        s->blocks = b->next;
        s->reg->fns.free_block(s->reg->fns.obj, b->handle);
        free(b);
    }
    if (s->reg != NULL) {
        pthread_mutex_lock(&alloc_lock);
        bool last = --s->reg->users == 0 && s->reg->removed && !s->reg->awaited;
        pthread_cond_broadcast(&users_changed);
        pthread_mutex_unlock(&alloc_lock);
        if (last) {
            free(s->reg);
        }
    }
    pthread_mutex_destroy(&s->lock);
    free(s);
    return err;
}
