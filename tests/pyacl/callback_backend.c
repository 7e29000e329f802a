/*
 * A stand-in libascendcl.so that accepts every callback registration the emulator does not
 * implement (allocator, dump, op compile, vdec/venc) and lets a test fire the stored C function
 * pointers. Each `fake_fire_*` entry point calls the callback on a new pthread, as a runtime's own
 * threads would, and returns what the callback returned. Loaded as the "cann" backend by
 * tests/pyacl/test_callbacks.py; the fake_* functions are reached with ctypes.
 */
#include "acl/acl.h"
#include "acl/acl_dump.h"
#include "acl/acl_rt_allocator.h"
#include "acl/ops/acl_dvpp.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_KEYS = 8 };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static aclrtAllocatorAllocFunc alloc_fn;
static aclrtAllocatorFreeFunc free_fn;
static aclrtAllocatorAllocAdviseFunc alloc_advise_fn;
static aclrtAllocatorGetAddrFromBlockFunc get_addr_fn;
static int32_t (*dump_fn)(const acldumpChunk *, int32_t);
static int32_t dump_flag;

typedef struct keyed {
    const void *key; /* channel desc, or a strdup'ed op type */
    void *fn;
} keyed;
static keyed op_compile_fns[MAX_KEYS];
static keyed vdec_fns[MAX_KEYS];
static keyed venc_fns[MAX_KEYS];

static int allocator_desc_storage;
static int channel_desc_storage[MAX_KEYS];

static const char *copy_string(const char *text)
{
    size_t size = strlen(text) + 1;
    char *copy = malloc(size);
    return copy == NULL ? NULL : memcpy(copy, text, size);
}

static aclError store_keyed(keyed *table, const void *key, void *fn, int by_string)
{
    aclError err = ACL_ERROR_INVALID_PARAM;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < MAX_KEYS; ++i) {
        int same = table[i].key != NULL
                   && (by_string ? strcmp(table[i].key, key) == 0 : table[i].key == key);
        if (same || table[i].key == NULL) {
            if (table[i].key == NULL) {
                table[i].key = by_string ? copy_string(key) : key;
            }
            table[i].fn = fn;
            err = ACL_SUCCESS;
            break;
        }
    }
    pthread_mutex_unlock(&lock);
    return err;
}

static void *find_keyed(const keyed *table, const void *key, int by_string)
{
    void *fn = NULL;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < MAX_KEYS && table[i].key != NULL; ++i) {
        if (by_string ? strcmp(table[i].key, key) == 0 : table[i].key == key) {
            fn = table[i].fn;
        }
    }
    pthread_mutex_unlock(&lock);
    return fn;
}

aclrtAllocatorDesc aclrtAllocatorCreateDesc(void)
{
    return &allocator_desc_storage;
}

#define SET_ALLOCATOR_FUNCTION(api, type, slot)                 \
    aclError api(aclrtAllocatorDesc desc, type fn)              \
    {                                                           \
        if (desc != &allocator_desc_storage) {                  \
            return ACL_ERROR_INVALID_PARAM;                     \
        }                                                       \
        pthread_mutex_lock(&lock);                              \
        slot = fn;                                              \
        pthread_mutex_unlock(&lock);                            \
        return ACL_SUCCESS;                                     \
    }
SET_ALLOCATOR_FUNCTION(aclrtAllocatorSetAllocFuncToDesc, aclrtAllocatorAllocFunc, alloc_fn)
SET_ALLOCATOR_FUNCTION(aclrtAllocatorSetFreeFuncToDesc, aclrtAllocatorFreeFunc, free_fn)
SET_ALLOCATOR_FUNCTION(aclrtAllocatorSetAllocAdviseFuncToDesc, aclrtAllocatorAllocAdviseFunc, alloc_advise_fn)
SET_ALLOCATOR_FUNCTION(aclrtAllocatorSetGetAddrFromBlockFuncToDesc, aclrtAllocatorGetAddrFromBlockFunc, get_addr_fn)

aclError acldumpRegCallback(int32_t (*const messageCallback)(const acldumpChunk *, int32_t), int32_t flag)
{
    pthread_mutex_lock(&lock);
    dump_fn = messageCallback;
    dump_flag = flag;
    pthread_mutex_unlock(&lock);
    return ACL_SUCCESS;
}

void acldumpUnregCallback(void)
{
    pthread_mutex_lock(&lock);
    dump_fn = NULL;
    pthread_mutex_unlock(&lock);
}

aclError aclopRegisterCompileFunc(const char *opType, aclopCompileFunc func)
{
    return opType == NULL ? ACL_ERROR_INVALID_PARAM : store_keyed(op_compile_fns, opType, (void *)func, 1);
}

aclvdecChannelDesc *aclvdecCreateChannelDesc(void)
{
    static int next;
    pthread_mutex_lock(&lock);
    aclvdecChannelDesc *desc = next < MAX_KEYS ? (aclvdecChannelDesc *)&channel_desc_storage[next++] : NULL;
    pthread_mutex_unlock(&lock);
    return desc;
}

aclError aclvdecSetChannelDescCallback(aclvdecChannelDesc *channelDesc, aclvdecCallback callback)
{
    return channelDesc == NULL ? ACL_ERROR_INVALID_PARAM : store_keyed(vdec_fns, channelDesc, (void *)callback, 0);
}

aclError aclvencSetChannelDescCallback(aclvencChannelDesc *channelDesc, aclvencCallback callback)
{
    return channelDesc == NULL ? ACL_ERROR_INVALID_PARAM : store_keyed(venc_fns, channelDesc, (void *)callback, 0);
}

/* Exported because a real libacl_dvpp.so exports them; acl.media's getters are pure Python helpers. */
aclvdecCallback aclvdecGetChannelDescCallback(const aclvdecChannelDesc *channelDesc)
{
    return (aclvdecCallback)find_keyed(vdec_fns, channelDesc, 0);
}

aclvencCallback aclvencGetChannelDescCallback(const aclvencChannelDesc *channelDesc)
{
    return (aclvencCallback)find_keyed(venc_fns, channelDesc, 0);
}

/* Frames are "decoded"/"encoded" at once: the channel's callback runs on a new thread, as DVPP's
 * own threads would call it, before the send returns. A NULL input is refused. */
typedef struct frame_call {
    void *fn;
    int encode;
    void *input, *output, *user_data;
} frame_call;

static void *run_frame_callback(void *arg)
{
    frame_call *call = arg;
    if (call->encode) {
        ((aclvencCallback)call->fn)(call->input, call->output, call->user_data);
    } else {
        ((aclvdecCallback)call->fn)(call->input, call->output, call->user_data);
    }
    return NULL;
}

static aclError send_frame(const keyed *table, const void *channel, int encode, void *input, void *user_data)
{
    void *fn = find_keyed(table, channel, 0);
    if (fn == NULL || input == NULL) {
        return ACL_ERROR_INVALID_PARAM;
    }
    frame_call call = {fn, encode, input, (void *)((uintptr_t)input + 1), user_data};
    pthread_t thread;
    if (pthread_create(&thread, NULL, run_frame_callback, &call) != 0) {
        return ACL_ERROR_FAILURE;
    }
    pthread_join(thread, NULL);
    return ACL_SUCCESS;
}

aclError aclvdecSendFrame(aclvdecChannelDesc *channelDesc, acldvppStreamDesc *input, acldvppPicDesc *output,
                          aclvdecFrameConfig *config, void *userData)
{
    (void)output;
    (void)config;
    return send_frame(vdec_fns, channelDesc, 0, input, userData);
}

aclError aclvdecSendSkippedFrame(aclvdecChannelDesc *channelDesc, acldvppStreamDesc *input,
                                 aclvdecFrameConfig *config, void *userData)
{
    (void)config;
    return send_frame(vdec_fns, channelDesc, 0, input, userData);
}

aclError aclvencSendFrame(aclvencChannelDesc *channelDesc, acldvppPicDesc *input, void *reserve,
                          aclvencFrameConfig *config, void *userdata)
{
    (void)reserve;
    (void)config;
    return send_frame(venc_fns, channelDesc, 1, input, userdata);
}

/* ---- test entry points: run one stored callback on a new thread ---- */

typedef struct firing {
    int kind;
    uintptr_t a, b, c;
    const void *key;
    int32_t count_in, count_out;
    uintptr_t result;
    int found;
} firing;

enum { FIRE_ALLOC, FIRE_FREE, FIRE_ADVISE, FIRE_GET_ADDR, FIRE_DUMP, FIRE_COMPILE, FIRE_VDEC, FIRE_VENC };

static void fire_compile(firing *f, aclopCompileFunc fn)
{
    const aclTensorDesc *inputs[4], *outputs[4];
    for (int i = 0; i < 4; ++i) {
        inputs[i] = (const aclTensorDesc *)(f->a + (uintptr_t)i);
        outputs[i] = (const aclTensorDesc *)(f->b + (uintptr_t)i);
    }
    f->result = (uintptr_t)(uint32_t)fn(f->count_in, inputs, f->count_out, outputs,
                                        (const aclopAttr *)f->c, (aclopKernelDesc *)(f->c + 1));
}

static void fire_dump(firing *f, int32_t (*fn)(const acldumpChunk *, int32_t))
{
    const char *name = f->key;
    acldumpChunk *chunk = calloc(1, sizeof *chunk + (size_t)f->b);
    if (chunk == NULL) {
        return;
    }
    strncpy(chunk->fileName, name, sizeof chunk->fileName - 1);
    chunk->bufLen = (uint32_t)f->b;
    chunk->isLastChunk = 1;
    chunk->offset = (int64_t)f->c;
    chunk->flag = dump_flag;
    memcpy(chunk->dataBuf, (const void *)f->a, (size_t)f->b);
    f->result = (uintptr_t)(uint32_t)fn(chunk, (int32_t)(sizeof *chunk + (size_t)f->b));
    free(chunk);
}

static void *fire_on_thread(void *arg)
{
    firing *f = arg;
    pthread_mutex_lock(&lock);
    void *fns[] = {(void *)alloc_fn, (void *)free_fn, (void *)alloc_advise_fn, (void *)get_addr_fn, (void *)dump_fn};
    pthread_mutex_unlock(&lock);
    void *fn = f->kind <= FIRE_DUMP ? fns[f->kind]
               : f->kind == FIRE_COMPILE ? find_keyed(op_compile_fns, f->key, 1)
               : find_keyed(f->kind == FIRE_VDEC ? vdec_fns : venc_fns, f->key, 0);
    f->found = fn != NULL;
    if (fn == NULL) {
        return NULL;
    }
    switch (f->kind) {
    case FIRE_ALLOC:
        f->result = (uintptr_t)((aclrtAllocatorAllocFunc)fn)((aclrtAllocator)f->a, (size_t)f->b);
        break;
    case FIRE_FREE:
        ((aclrtAllocatorFreeFunc)fn)((aclrtAllocator)f->a, (aclrtAllocatorBlock)f->b);
        break;
    case FIRE_ADVISE:
        f->result = (uintptr_t)((aclrtAllocatorAllocAdviseFunc)fn)((aclrtAllocator)f->a, (size_t)f->b,
                                                                  (aclrtAllocatorAddr)f->c);
        break;
    case FIRE_GET_ADDR:
        f->result = (uintptr_t)((aclrtAllocatorGetAddrFromBlockFunc)fn)((aclrtAllocatorBlock)f->a);
        break;
    case FIRE_DUMP:
        fire_dump(f, (int32_t(*)(const acldumpChunk *, int32_t))fn);
        break;
    case FIRE_COMPILE:
        fire_compile(f, (aclopCompileFunc)fn);
        break;
    case FIRE_VDEC:
        ((aclvdecCallback)fn)((acldvppStreamDesc *)f->a, (acldvppPicDesc *)f->b, (void *)f->c);
        break;
    default:
        ((aclvencCallback)fn)((acldvppPicDesc *)f->a, (acldvppStreamDesc *)f->b, (void *)f->c);
        break;
    }
    return NULL;
}

/* Returns the callback's result; *found says whether a callback was registered at all. */
uintptr_t fake_fire(int kind, const void *key, uintptr_t a, uintptr_t b, uintptr_t c, int32_t count_in,
                    int32_t count_out, int *found)
{
    firing f = {kind, a, b, c, key, count_in, count_out, 0, 0};
    pthread_t thread;
    if (pthread_create(&thread, NULL, fire_on_thread, &f) != 0) {
        *found = -1;
        return 0;
    }
    pthread_join(thread, NULL);
    *found = f.found;
    return f.result;
}
