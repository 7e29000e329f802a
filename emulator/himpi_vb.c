/*
 * hi_mpi video buffer (VB) pools: create/destroy a pool of equal blocks of DVPP memory, take a
 * block, count references to it, turn its handle into its address.
 *
 * Choices where the documentation is silent (docs/himpi_vpc_ops.md, part A):
 *  - the headers define no HI_ERR_VB_* codes, so refusals use the HI_ERR_SYS_* ones; the calls
 *    returning a pool or block say HI_VB_INVALID_POOLID / HI_VB_INVALID_HANDLE (and NULL for
 *    the address) and leave the code and message in the recent error;
 *  - a pool takes all its blocks (blk_size rounded to 128 bytes each) from the current device's
 *    DVPP memory when it is created; blk_size in [1, 2^32), blk_cnt in [1, 10240], at most 256
 *    pools at a time; mmz_name and remap_mode are recorded, not used;
 *  - get_block takes the lowest free block whose size holds blk_size; it needs a pool id (the
 *    common pools of a hi_mpi_vb_set_config the API does not have here do not exist);
 *  - a block is taken with one reference; copyref adds one, release_block drops one and the
 *    block is free again at zero; destroy_pool refuses (HI_ERR_SYS_BUSY) while a block is held;
 *  - pool ids come from a counter (2^17 of them before it wraps, skipping live ones), so a stale
 *    pool id or block handle is refused rather than mistaken for a new pool's;
 *  - hi_mpi_sys_exit frees every pool with its memory; a device reset or aclFinalize forgets the
 *    pools of that device (the core frees the memory), reporting them in strict mode.
 */
#include "emu.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "himpi.h"

enum {
    VB_POOLS_MAX = 256,
    VB_BLOCKS_MAX = 10240,
    VB_BLOCK_BITS = 14,     /* handle = pool id << 14 | block index */
    VB_POOL_IDS = 1 << 17,  /* pool ids in [0, 2^17), never 0xFFFFFFFF >> 14 */
    VB_ALIGN = 128
};

typedef struct vb_pool {
    hi_vb_pool id;
    int32_t device;
    hi_u64 blk_size;
    hi_u32 blk_cnt;
    hi_vb_pool_config config;
    void **blocks;
    uint32_t *refs;
} vb_pool;

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static vb_pool *g_pools[VB_POOLS_MAX];
static hi_vb_pool g_next_id;

/* Pool of `id` (lock held), or NULL. */
static vb_pool *find_pool(hi_vb_pool id)
{
    for (int i = 0; i < VB_POOLS_MAX; i++) {
        if (g_pools[i] != NULL && g_pools[i]->id == id) {
            return g_pools[i];
        }
    }
    return NULL;
}

static void free_blocks(vb_pool *pool, hi_u32 count, bool free_memory)
{
    for (hi_u32 i = 0; free_memory && i < count; i++) {
        aclemu_mem_free(pool->blocks[i], "hi_mpi_vb_destroy_pool");
    }
    free(pool->blocks);
    free(pool->refs);
    free(pool);
}

hi_vb_pool hi_mpi_vb_create_pool(const hi_vb_pool_config *vb_pool_cfg)
{
    static const char fn[] = "hi_mpi_vb_create_pool";
    if (vb_pool_cfg == NULL) {
        aclemu_set_error((aclError)HI_ERR_SYS_NULL_PTR, "%s: vb_pool_cfg is NULL", fn);
        return (hi_vb_pool)HI_VB_INVALID_POOLID;
    }
    hi_u64 size = vb_pool_cfg->blk_size;
    hi_u32 count = vb_pool_cfg->blk_cnt;
    if (size == 0 || size > UINT32_MAX || count == 0 || count > VB_BLOCKS_MAX) {
        aclemu_set_error((aclError)HI_ERR_SYS_ILLEGAL_PARAM, "%s: blk_size %llu (1 .. 2^32 - 1) or blk_cnt %u (1 .. %d)",
                         fn, (unsigned long long)size, count, VB_BLOCKS_MAX);
        return (hi_vb_pool)HI_VB_INVALID_POOLID;
    }
    int32_t device = -1;
    if (aclemu_require_device(fn, &device) != ACL_SUCCESS) {
        aclemu_set_error((aclError)HI_ERR_SYS_NOT_READY, "%s: no device is set for this thread", fn);
        return (hi_vb_pool)HI_VB_INVALID_POOLID;
    }
    vb_pool *pool = calloc(1, sizeof *pool);
    void **blocks = calloc(count, sizeof *blocks);
    uint32_t *refs = calloc(count, sizeof *refs);
    if (pool == NULL || blocks == NULL || refs == NULL) {
        free(pool);
        free(blocks);
        free(refs);
        aclemu_set_error((aclError)HI_ERR_SYS_NO_MEM, "%s: out of memory", fn);
        return (hi_vb_pool)HI_VB_INVALID_POOLID;
    }
    *pool = (vb_pool){.device = device, .blk_size = size, .blk_cnt = count, .config = *vb_pool_cfg,
                      .blocks = blocks, .refs = refs};
    size_t reserve = ((size_t)size + VB_ALIGN - 1) / VB_ALIGN * VB_ALIGN;
    for (hi_u32 i = 0; i < count; i++) {
        if (aclemu_mem_alloc_dvpp(&blocks[i], (size_t)size, reserve, fn) != ACL_SUCCESS) {
            free_blocks(pool, i, true);
            aclemu_set_error((aclError)HI_ERR_SYS_NO_MEM, "%s: no DVPP memory for block %u of %u (%llu bytes each)", fn,
                             i, count, (unsigned long long)size);
            return (hi_vb_pool)HI_VB_INVALID_POOLID;
        }
    }
    pthread_mutex_lock(&g_lock);
    int slot = -1;
    for (int i = 0; i < VB_POOLS_MAX && slot < 0; i++) {
        slot = g_pools[i] == NULL ? i : -1;
    }
    while (slot >= 0 && find_pool(g_next_id) != NULL) {
        g_next_id = (g_next_id + 1) % VB_POOL_IDS;
    }
    if (slot >= 0) {
        pool->id = g_next_id;
        g_next_id = (g_next_id + 1) % VB_POOL_IDS;
        g_pools[slot] = pool;
    }
    pthread_mutex_unlock(&g_lock);
    if (slot < 0) {
        free_blocks(pool, count, true);
        aclemu_set_error((aclError)HI_ERR_SYS_NO_MEM, "%s: %d pools exist already", fn, VB_POOLS_MAX);
        return (hi_vb_pool)HI_VB_INVALID_POOLID;
    }
    return pool->id;
}

hi_s32 hi_mpi_vb_destroy_pool(hi_vb_pool pool_id)
{
    static const char fn[] = "hi_mpi_vb_destroy_pool";
    pthread_mutex_lock(&g_lock);
    vb_pool *pool = find_pool(pool_id);
    hi_u32 held = 0;
    for (hi_u32 i = 0; pool != NULL && i < pool->blk_cnt; i++) {
        held += pool->refs[i] != 0;
    }
    if (pool != NULL && held == 0) {
        for (int i = 0; i < VB_POOLS_MAX; i++) {
            g_pools[i] = g_pools[i] == pool ? NULL : g_pools[i];
        }
    }
    pthread_mutex_unlock(&g_lock);
    if (pool == NULL) {
        return aclemu_set_error((aclError)HI_ERR_SYS_UNEXIST, "%s: pool %u does not exist", fn, pool_id);
    }
    if (held != 0) {
        return aclemu_set_error((aclError)HI_ERR_SYS_BUSY, "%s: %u block(s) of pool %u are still held", fn, held,
                                pool_id);
    }
    free_blocks(pool, pool->blk_cnt, true);
    return HI_SUCCESS;
}

hi_vb_blk hi_mpi_vb_get_block(hi_vb_pool pool_id, hi_u64 blk_size, const hi_char *mmz_name)
{
    static const char fn[] = "hi_mpi_vb_get_block";
    (void)mmz_name; /* the pool's blocks are all in one zone */
    pthread_mutex_lock(&g_lock);
    vb_pool *pool = find_pool(pool_id);
    hi_vb_blk handle = (hi_vb_blk)HI_VB_INVALID_HANDLE;
    bool fits = pool != NULL && blk_size != 0 && blk_size <= pool->blk_size;
    for (hi_u32 i = 0; fits && i < pool->blk_cnt; i++) {
        if (pool->refs[i] == 0) {
            pool->refs[i] = 1;
            handle = (hi_vb_blk)(pool->id << VB_BLOCK_BITS | i);
            break;
        }
    }
    pthread_mutex_unlock(&g_lock);
    if (pool == NULL) {
        aclemu_set_error((aclError)HI_ERR_SYS_UNEXIST, "%s: pool %u does not exist", fn, pool_id);
    } else if (!fits) {
        aclemu_set_error((aclError)HI_ERR_SYS_ILLEGAL_PARAM, "%s: blk_size %llu is outside 1 .. the pool's %llu", fn,
                         (unsigned long long)blk_size, (unsigned long long)pool->blk_size);
    } else if (handle == (hi_vb_blk)HI_VB_INVALID_HANDLE) {
        aclemu_set_error((aclError)HI_ERR_SYS_NO_MEM, "%s: every block of pool %u is held", fn, pool_id);
    }
    return handle;
}

/* The pool and index of a block handle that is held (lock held), or NULL. */
static vb_pool *held_block(hi_vb_blk handle, hi_u32 *index)
{
    vb_pool *pool = find_pool(handle >> VB_BLOCK_BITS);
    *index = handle & ((1u << VB_BLOCK_BITS) - 1);
    return pool != NULL && *index < pool->blk_cnt && pool->refs[*index] != 0 ? pool : NULL;
}

/* Add `delta` (+1 or -1) references to a held block. */
static hi_s32 change_ref(hi_vb_blk vb_blk, int delta, const char *fn)
{
    pthread_mutex_lock(&g_lock);
    hi_u32 index = 0;
    vb_pool *pool = held_block(vb_blk, &index);
    bool full = pool != NULL && delta > 0 && pool->refs[index] == UINT32_MAX;
    if (pool != NULL && !full) {
        pool->refs[index] += (uint32_t)delta;
    }
    pthread_mutex_unlock(&g_lock);
    if (pool == NULL) {
        return aclemu_set_error((aclError)HI_ERR_SYS_ILLEGAL_PARAM, "%s: block %u is not a held block", fn, vb_blk);
    }
    if (full) {
        return aclemu_set_error((aclError)HI_ERR_SYS_NOT_PERM, "%s: block %u has too many references", fn, vb_blk);
    }
    return HI_SUCCESS;
}

hi_s32 hi_mpi_vb_release_block(hi_vb_blk vb_blk)
{
    return change_ref(vb_blk, -1, "hi_mpi_vb_release_block");
}

hi_s32 hi_mpi_vb_block_copyref(hi_vb_blk vb_blk)
{
    return change_ref(vb_blk, 1, "hi_mpi_vb_block_copyref");
}

hi_void *hi_mpi_vb_handle_to_addr(hi_vb_blk vb_blk)
{
    pthread_mutex_lock(&g_lock);
    hi_u32 index = 0;
    vb_pool *pool = held_block(vb_blk, &index);
    void *addr = pool != NULL ? pool->blocks[index] : NULL;
    pthread_mutex_unlock(&g_lock);
    if (addr == NULL) {
        aclemu_set_error((aclError)HI_ERR_SYS_ILLEGAL_PARAM, "hi_mpi_vb_handle_to_addr: block %u is not a held block",
                         vb_blk);
    }
    return addr;
}

/* Take the pools of `device` (-1: all) out of the table; returns how many, in *taken. */
static size_t take_pools(int32_t device, vb_pool *taken[VB_POOLS_MAX])
{
    size_t count = 0;
    pthread_mutex_lock(&g_lock);
    for (int i = 0; i < VB_POOLS_MAX; i++) {
        if (g_pools[i] != NULL && (device == -1 || g_pools[i]->device == device)) {
            taken[count++] = g_pools[i];
            g_pools[i] = NULL;
        }
    }
    pthread_mutex_unlock(&g_lock);
    return count;
}

void aclemu_himpi_vb_release_all(void)
{
    vb_pool *taken[VB_POOLS_MAX];
    size_t count = take_pools(-1, taken);
    for (size_t i = 0; i < count; i++) {
        free_blocks(taken[i], taken[i]->blk_cnt, true);
    }
}

static size_t release_pools(int32_t device, const char *fn)
{
    vb_pool *taken[VB_POOLS_MAX];
    size_t count = take_pools(device, taken);
    for (size_t i = 0; i < count; i++) {
        free_blocks(taken[i], 0, false); /* the core has freed the device's memory */
    }
    if (count != 0 && aclemu_strict()) {
        aclemu_diag("%s: %zu hi_mpi VB pool(s) were never destroyed", fn, count);
    }
    return count;
}

__attribute__((constructor)) static void register_vb_release(void)
{
    aclemu_on_release(release_pools);
}
