/* Memory pools (acl_rt_memory_soma.h): stream-ordered allocation from a per-device pool.
 *
 * aclrtMemPoolMallocAsync hands out a block at once (a free block of the pool that is large
 * enough, else new tracked device memory), usable by work queued on the stream after the call;
 * aclrtMemPoolFreeAsync queues the block's return on the stream, so it becomes reusable only
 * when the stream has run everything queued before the free. Free blocks above the pool's
 * release threshold go back to the device when a free completes; aclrtMemPoolTrimTo releases
 * free blocks down to a size.
 *
 * Choices where the documentation is silent: the release threshold starts at 0, so a completed
 * free returns its block to the device unless the program raises it; maxSize 0 means no limit
 * of the pool's own (the device budget still applies); destroying a pool with blocks still allocated is refused
 * (ACL_ERROR_INVALID_PARAM); the reuse attributes take an int32_t 0/1 and only record the
 * choice (reuse is always in stream order here); RESERVED_MEM_HIGH and USED_MEM_HIGH may only
 * be set to 0, which resets them to the current value; the other sizes are uint64_t.
 */
#include "emu.h"

#include "acl/acl_rt_memory_soma.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define POOL_KIND (ACLEMU_KIND_AREA_FREE + 97)

typedef struct pool_block {
    void *ptr;
    size_t size;
    bool in_use;
    struct pool_block *next;
} pool_block;

typedef struct mem_pool {
    int32_t device;
    size_t max_size;
    int32_t reuse[3]; /* the three ACL_RT_MEM_POOL_REUSE_* flags */
    uint64_t release_threshold;
    uint64_t reserved, reserved_high, used, used_high;
    pool_block *blocks;
    struct mem_pool *next;
} mem_pool;

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static mem_pool *pools;

static aclError check_pool_locked(const mem_pool *pool, const char *fn)
{
    if (pool == NULL || !aclemu_handle_is(pool, POOL_KIND)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live memory pool", fn, (const void *)pool);
    }
    return ACL_SUCCESS;
}

aclError aclrtMemPoolCreate(aclrtMemPool *memPool, const aclrtMemPoolProps *poolProps)
{
    aclError err = aclemu_require_init(__func__);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (memPool == NULL || poolProps == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is NULL", __func__,
                                memPool == NULL ? "memPool" : "poolProps");
    }
    if (poolProps->allocType != ACL_MEM_ALLOCATION_TYPE_PINNED) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: allocType %d is not ACL_MEM_ALLOCATION_TYPE_PINNED",
                                __func__, (int)poolProps->allocType);
    }
    if (poolProps->handleType != ACL_MEM_HANDLE_TYPE_NONE) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: handleType %d is not ACL_MEM_HANDLE_TYPE_NONE",
                                __func__, (int)poolProps->handleType);
    }
    if (poolProps->location.type != ACL_MEM_LOCATION_TYPE_DEVICE ||
        poolProps->location.id >= aclemu_device_count()) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: location (type %d, id %u) is not a device", __func__,
                                (int)poolProps->location.type, poolProps->location.id);
    }
    mem_pool *pool = calloc(1, sizeof *pool);
    if (pool == NULL || aclemu_handle_add(pool, POOL_KIND) != ACL_SUCCESS) {
        free(pool);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", __func__);
    }
    pool->device = (int32_t)poolProps->location.id;
    pool->max_size = poolProps->maxSize;
    pthread_mutex_lock(&pool_lock);
    pool->next = pools;
    pools = pool;
    pthread_mutex_unlock(&pool_lock);
    *memPool = pool;
    return ACL_SUCCESS;
}

/* Give free blocks back to the device until the pool reserves at most `keep` bytes. */
static void trim_locked(mem_pool *pool, uint64_t keep, const char *fn)
{
    for (pool_block **at = &pool->blocks; *at != NULL && pool->reserved > keep;) {
        pool_block *b = *at;
        if (b->in_use) {
            at = &b->next;
            continue;
        }
        *at = b->next;
        pool->reserved -= b->size;
        if (aclemu_mem_find(b->ptr, NULL)) { /* a device reset may have freed it already */
            aclemu_mem_free(b->ptr, fn);
        }
        free(b);
    }
}

static void destroy_locked(mem_pool *pool, const char *fn)
{
    for (mem_pool **at = &pools; *at != NULL; at = &(*at)->next) {
        if (*at == pool) {
            *at = pool->next;
            break;
        }
    }
    for (pool_block *b = pool->blocks; b != NULL; b = b->next) {
        b->in_use = false;
    }
    trim_locked(pool, 0, fn);
    aclemu_handle_remove(pool, POOL_KIND);
    free(pool);
}

aclError aclrtMemPoolDestroy(const aclrtMemPool memPool)
{
    mem_pool *pool = memPool;
    pthread_mutex_lock(&pool_lock);
    aclError err = check_pool_locked(pool, __func__);
    if (err == ACL_SUCCESS && pool->used > 0) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %llu bytes of the pool are still allocated", __func__,
                               (unsigned long long)pool->used);
    }
    if (err == ACL_SUCCESS) {
        destroy_locked(pool, __func__);
    }
    pthread_mutex_unlock(&pool_lock);
    return err;
}

static uint64_t *size_attr(mem_pool *pool, aclrtMemPoolAttr attr)
{
    switch (attr) {
    case ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD:
        return &pool->release_threshold;
    case ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_CURRENT:
        return &pool->reserved;
    case ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_HIGH:
        return &pool->reserved_high;
    case ACL_RT_MEM_POOL_ATTR_USED_MEM_CURRENT:
        return &pool->used;
    case ACL_RT_MEM_POOL_ATTR_USED_MEM_HIGH:
        return &pool->used_high;
    default:
        return NULL;
    }
}

static aclError pool_attr(aclrtMemPool memPool, aclrtMemPoolAttr attr, void *value, bool set, const char *fn)
{
    mem_pool *pool = memPool;
    if (value == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: value is NULL", fn);
    }
    pthread_mutex_lock(&pool_lock);
    aclError err = check_pool_locked(pool, fn);
    if (err == ACL_SUCCESS) {
        if (attr >= ACL_RT_MEM_POOL_REUSE_FOLLOW_EVENT_DEPENDENCIES &&
            attr <= ACL_RT_MEM_POOL_REUSE_ALLOW_INTERNAL_DEPENDENCIES) {
            int32_t *flag = &pool->reuse[attr - ACL_RT_MEM_POOL_REUSE_FOLLOW_EVENT_DEPENDENCIES];
            if (!set) {
                *(int32_t *)value = *flag;
            } else if (*(int32_t *)value != 0 && *(int32_t *)value != 1) {
                err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: reuse attribute %d takes 0 or 1, not %d", fn,
                                       (int)attr, *(int32_t *)value);
            } else {
                *flag = *(int32_t *)value;
            }
        } else if (size_attr(pool, attr) == NULL) {
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: attr %d is not an aclrtMemPoolAttr", fn, (int)attr);
        } else if (!set) {
            memcpy(value, size_attr(pool, attr), sizeof(uint64_t));
        } else if (attr == ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD) {
            memcpy(&pool->release_threshold, value, sizeof(uint64_t));
        } else if ((attr == ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_HIGH || attr == ACL_RT_MEM_POOL_ATTR_USED_MEM_HIGH) &&
                   *(uint64_t *)value == 0) {
            *size_attr(pool, attr) = attr == ACL_RT_MEM_POOL_ATTR_USED_MEM_HIGH ? pool->used : pool->reserved;
        } else {
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: attr %d is read-only (the high marks take only 0)",
                                   fn, (int)attr);
        }
    }
    pthread_mutex_unlock(&pool_lock);
    return err;
}

aclError aclrtMemPoolSetAttr(aclrtMemPool memPool, aclrtMemPoolAttr attr, void *value)
{
    return pool_attr(memPool, attr, value, true, __func__);
}

aclError aclrtMemPoolGetAttr(aclrtMemPool memPool, aclrtMemPoolAttr attr, void *value)
{
    return pool_attr(memPool, attr, value, false, __func__);
}

static pool_block *take_free_locked(mem_pool *pool, size_t size)
{
    pool_block *best = NULL;
    for (pool_block *b = pool->blocks; b != NULL; b = b->next) {
        if (!b->in_use && b->size >= size && (best == NULL || b->size < best->size)) {
            best = b;
        }
    }
    return best;
}

aclError aclrtMemPoolMallocAsync(void **ptr, size_t size, aclrtMemPool memPool, aclrtStream stream)
{
    int32_t device;
    aclError err = aclemu_require_device(__func__, &device);
    if (err == ACL_SUCCESS) {
        err = aclemu_stream_check(stream, __func__);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (ptr == NULL || size == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: ptr is NULL or size is 0", __func__);
    }
    mem_pool *pool = memPool;
    pthread_mutex_lock(&pool_lock);
    err = check_pool_locked(pool, __func__);
    if (err == ACL_SUCCESS && pool->device != device) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the pool is on device %d, the current device is %d",
                               __func__, pool->device, device);
    }
    pool_block *block = err == ACL_SUCCESS ? take_free_locked(pool, size) : NULL;
    if (err == ACL_SUCCESS && block == NULL) {
        if (pool->max_size != 0 && size > pool->max_size - (pool->reserved < pool->max_size ? pool->reserved
                                                                                              : pool->max_size)) {
            err = aclemu_set_error(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: %zu bytes exceed the pool's maxSize %zu "
                                   "(%llu reserved)", __func__, size, pool->max_size,
                                   (unsigned long long)pool->reserved);
        } else if ((block = calloc(1, sizeof *block)) == NULL) {
            err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", __func__);
        } else if ((err = aclrtMalloc(&block->ptr, size, ACL_MEM_MALLOC_HUGE_FIRST)) != ACL_SUCCESS) {
            free(block);
            block = NULL;
        } else {
            block->size = size;
            block->next = pool->blocks;
            pool->blocks = block;
            pool->reserved += size;
            pool->reserved_high = pool->reserved > pool->reserved_high ? pool->reserved : pool->reserved_high;
        }
    }
    if (block != NULL) {
        block->in_use = true;
        pool->used += block->size;
        pool->used_high = pool->used > pool->used_high ? pool->used : pool->used_high;
        *ptr = block->ptr;
    }
    pthread_mutex_unlock(&pool_lock);
    return err;
}

/* The pool and block holding the start of a live pool allocation. */
static pool_block *find_in_use_locked(void *ptr, mem_pool **owner)
{
    for (mem_pool *pool = pools; pool != NULL; pool = pool->next) {
        for (pool_block *b = pool->blocks; b != NULL; b = b->next) {
            if (b->ptr == ptr && b->in_use) {
                *owner = pool;
                return b;
            }
        }
    }
    return NULL;
}

typedef struct free_task {
    void *ptr;
} free_task;

static aclError run_free(void *arg)
{
    free_task *task = arg;
    pthread_mutex_lock(&pool_lock);
    mem_pool *pool = NULL;
    pool_block *block = find_in_use_locked(task->ptr, &pool);
    if (block != NULL) {
        block->in_use = false;
        pool->used -= block->size;
        trim_locked(pool, pool->release_threshold, "aclrtMemPoolFreeAsync");
    }
    pthread_mutex_unlock(&pool_lock);
    return ACL_SUCCESS;
}

static void free_free_task(void *arg, bool ran)
{
    if (!ran) {
        run_free(arg); /* the stream was torn down: the block still goes back */
    }
    free(arg);
}

aclError aclrtMemPoolFreeAsync(void *ptr, aclrtStream stream)
{
    aclError err = aclemu_stream_check(stream, __func__);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&pool_lock);
    mem_pool *pool = NULL;
    bool found = find_in_use_locked(ptr, &pool) != NULL;
    pthread_mutex_unlock(&pool_lock);
    if (!found) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not memory allocated from a pool (or was freed)",
                                __func__, ptr);
    }
    free_task *task = malloc(sizeof *task);
    if (task == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", __func__);
    }
    task->ptr = ptr;
    return aclemu_stream_submit(stream, run_free, task, free_free_task, __func__);
}

aclError aclrtMemPoolTrimTo(aclrtMemPool memPool, size_t minBytesToKeep)
{
    mem_pool *pool = memPool;
    pthread_mutex_lock(&pool_lock);
    aclError err = check_pool_locked(pool, __func__);
    if (err == ACL_SUCCESS) {
        trim_locked(pool, minBytesToKeep, __func__);
    }
    pthread_mutex_unlock(&pool_lock);
    return err;
}

/* Pools hold device memory: a device reset forgets that device's pools (their memory went with
 * it), aclFinalize all of them. */
static size_t release_pools(int32_t device, const char *fn)
{
    size_t count = 0;
    pthread_mutex_lock(&pool_lock);
    for (mem_pool **at = &pools; *at != NULL;) {
        mem_pool *pool = *at;
        if (device >= 0 && pool->device != device) {
            at = &pool->next;
            continue;
        }
        destroy_locked(pool, fn);
        count++;
    }
    pthread_mutex_unlock(&pool_lock);
    if (count > 0 && aclemu_strict()) {
        aclemu_diag("%s: %zu memory pools were never destroyed", fn, count);
    }
    return count;
}

__attribute__((constructor)) static void register_pool_release(void)
{
    aclemu_on_release(release_pools);
}
