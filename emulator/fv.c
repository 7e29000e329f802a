/*
 * Feature retrieval (aclfv*, acl_fv.h) on the CPU: product-quantisation search by table lookup.
 *
 * Layout fixed by the documented sizes:
 *   feature     36 bytes: bytes 0..3 are a header that must be zero, bytes 4..35 are the
 *               PQ codes c[0..31], one byte (0..255) per sub-space.
 *   query table 32,768 bytes = float32 T[32][256], sub-space major, native byte order:
 *               T[s][c] is at byte offset (s * 256 + c) * 4. A search with queryCnt
 *               queries takes queryCnt such tables back to back (table q at q * 32768).
 *
 * Formula: for query q and a stored feature f with codes c[0..31],
 *               distance(q, f) = (float) SUM_{s=0..31} (double) T_q[s][c[s]]
 *   (summed in double, s ascending, rounded once to float32).
 *
 * Order: the table holds similarity contributions, so larger distance ranks first; ties go
 *   to the smaller id0, then id1, then offset; NaN ranks last. Query q returns
 *   n_q = min(topK, maxTopNum of the search type, candidate features) hits; hit j is written
 *   to id0/id1/resultOffset/resultDistance[q * topK + j] (topK as given to
 *   aclfvCreateSearchInput) and resultNum[q] = n_q. Slots past n_q are left untouched.
 *
 * Repositories:
 *   1:N  up to 1,000,000 repositories keyed (id0, id1), ids 0..1023, each up to 1,000,000
 *        features. The offset of an addition must equal the number of slots the repository
 *        has ever received (its next offset); aclfvDel leaves a hole (offsets stay stable),
 *        aclfvModify rewrites one live feature. A search covers every repository whose id0
 *        and id1 lie in the inclusive repoRange, and exactly one query (queryCnt == 1).
 *   N:M  one repository of up to 10,000,000 features; additions need offset 0 and append;
 *        id0/id1 are ignored and reported as 0; the repoRange of a search or deletion is
 *        ignored; up to 1,024 queries per search.
 *   fsNum of aclfvCreateInitPara bounds the live features of all repositories together.
 *
 * Errors follow the runtime: argument checks made on the host give ACL_ERROR_INVALID_PARAM
 * (invalid create arguments give NULL with that code recorded); failures the device kernel
 * would report (not initialised, offset gaps, capacity, missing feature, non-zero header,
 * 1:N with queryCnt != 1) give ACL_ERROR_FAILURE; aclfvDel and aclfvModify report every failure
 * as ACL_ERROR_FAILURE, as the runtime does. Destroying NULL succeeds. The runtime's tasks run
 * on an internal stream it creates and synchronises, so these calls are synchronous here and
 * need a current context. aclfvInit after aclfvRelease is allowed (the runtime documents one
 * aclfvInit per process; tests need several).
 *
 * Locking: g_fv.lock guards the module state and the repository table; every repository has
 * its own lock for its contents. Order: module lock, then one repository lock at a time.
 */
#include "emu.h"

#include "acl/ops/acl_fv.h"
#include "fv_engine.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

enum {
    FV_ID_MAX = 1023,
    FV_ID_SPAN = FV_ID_MAX + 1,
    FV_TOPK_MAX = 4800,
    FV_TOPK_1N_MIN = 2,
    FV_TOPK_NM_MIN = 500,
    FV_TOPK_1N_DEFAULT = 4800,
    FV_TOPK_NM_DEFAULT = 500,
    FV_QUERY_MAX = 1024,
    FV_FEATURE_COUNT_MAX = 10000000, /* per aclfvFeatureInfo, and the N:M repository size */
    FV_REPO_1N_FEATURES_MAX = 1000000,
    FV_REPO_1N_MAX = 1000000
};
static const uint64_t FV_FS_NUM_MAX = 500000000u;

/* emu.h has no kind for init parameters; a private one from the area-free range. */
#define FV_KIND_INIT_PARA (ACLEMU_KIND_AREA_FREE + 40)

struct aclfvInitPara {
    uint64_t fs_num;
    uint32_t max_top_1n;
    uint32_t max_top_nm;
};

struct aclfvFeatureInfo {
    uint32_t id0;
    uint32_t id1;
    uint32_t offset;
    uint32_t feature_len;
    uint32_t feature_count;
    uint8_t *data; /* borrowed: read when the info is used, as the runtime does */
    uint32_t data_len;
};

struct aclfvRepoRange {
    uint32_t id0_min;
    uint32_t id0_max;
    uint32_t id1_min;
    uint32_t id1_max;
};

struct aclfvQueryTable {
    uint32_t query_cnt;
    uint32_t table_len;
    uint8_t *data; /* borrowed */
    uint32_t data_len;
};

struct aclfvSearchInput {
    struct aclfvQueryTable table; /* copies: the input outlives the table and range handles */
    struct aclfvRepoRange range;
    uint32_t topk;
};

struct aclfvSearchResult {
    uint32_t query_cnt;
    uint32_t *result_num;
    uint32_t result_num_len;
    uint32_t *id0;
    uint32_t *id1;
    uint32_t *offset;
    float *distance;
    uint32_t data_len;
};

typedef struct fv_repo {
    pthread_rwlock_t lock; /* guards everything below except the ids */
    uint32_t id0;
    uint32_t id1;
    uint32_t count; /* slots ever appended: the offset the next addition must give */
    uint32_t live;  /* slots not deleted */
    uint32_t capacity;
    uint8_t *codes; /* count * FV_SUBSPACES */
    uint8_t *alive; /* count flags */
} fv_repo;

static struct {
    pthread_rwlock_t lock; /* guards the fields below; repository contents have their own locks */
    bool initialized;
    uint64_t capacity; /* fsNum */
    uint32_t max_top_1n;
    uint32_t max_top_nm;
    fv_repo **repos; /* FV_ID_SPAN * FV_ID_SPAN slots, index id0 * FV_ID_SPAN + id1 */
    uint32_t repo_count;
    fv_repo *repo_nm;
    atomic_uint_fast64_t stored; /* live features in all repositories */
} g_fv = {.lock = PTHREAD_RWLOCK_INITIALIZER};

/* ------------------------------------------------------------------ helpers */

/* A registered heap copy of `value`; NULL with the error recorded on failure. */
static void *new_handle(const void *value, size_t size, int kind, const char *fn)
{
    void *handle = malloc(size);
    if (handle == NULL) {
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        return NULL;
    }
    memcpy(handle, value, size);
    if (aclemu_handle_add(handle, kind) != ACL_SUCCESS) {
        free(handle);
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: cannot register the new handle", fn);
        return NULL;
    }
    return handle;
}

static aclError destroy_handle(void *handle, int kind, const char *fn, const char *what)
{
    if (handle == NULL) {
        return ACL_SUCCESS; /* the runtime accepts NULL */
    }
    if (!aclemu_handle_remove(handle, kind)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s %p is not a live handle", fn, what, handle);
    }
    free(handle);
    return ACL_SUCCESS;
}

static aclError check_type(aclfvSearchType type, const char *fn)
{
    if (type != SEARCH_1_N && type != SEARCH_N_M) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: type %d is neither SEARCH_1_N (0) nor SEARCH_N_M (1)",
                                fn, (int)type);
    }
    return ACL_SUCCESS;
}

static aclError not_initialized(const char *fn)
{
    return aclemu_set_error(ACL_ERROR_FAILURE, "%s: feature retrieval is not initialized (call aclfvInit first)", fn);
}

static aclError check_headers(const aclfvFeatureInfo *info, const char *fn)
{
    for (uint32_t i = 0; i < info->feature_count; ++i) {
        const uint8_t *header = info->data + (size_t)i * FV_FEATURE_LEN;
        if (header[0] | header[1] | header[2] | header[3]) {
            return aclemu_set_error(ACL_ERROR_FAILURE,
                                    "%s: feature %u of featureData has a non-zero header (the first 4 bytes of "
                                    "every 36-byte feature must be 0)",
                                    fn, i);
        }
    }
    return ACL_SUCCESS;
}

static void lock_module(bool exclusive)
{
    if (exclusive) {
        pthread_rwlock_wrlock(&g_fv.lock);
    } else {
        pthread_rwlock_rdlock(&g_fv.lock);
    }
}

static size_t repo_slot(uint32_t id0, uint32_t id1)
{
    return (size_t)id0 * FV_ID_SPAN + id1;
}

/* ------------------------------------------------------------- repositories */

static fv_repo *repo_new(uint32_t id0, uint32_t id1)
{
    fv_repo *repo = calloc(1, sizeof *repo);
    if (repo == NULL) {
        return NULL;
    }
    if (pthread_rwlock_init(&repo->lock, NULL) != 0) {
        free(repo);
        return NULL;
    }
    repo->id0 = id0;
    repo->id1 = id1;
    return repo;
}

/* Frees the repository and returns its live features to the module capacity. */
static void repo_drop(fv_repo *repo)
{
    if (repo == NULL) {
        return;
    }
    atomic_fetch_sub(&g_fv.stored, repo->live);
    pthread_rwlock_destroy(&repo->lock);
    free(repo->codes);
    free(repo->alive);
    free(repo);
}

static bool stored_reserve(uint64_t n)
{
    uint_fast64_t current = atomic_load(&g_fv.stored);
    do {
        if (current > g_fv.capacity || n > g_fv.capacity - current) {
            return false;
        }
    } while (!atomic_compare_exchange_weak(&g_fv.stored, &current, current + n));
    return true;
}

static bool repo_grow(fv_repo *repo, uint32_t needed)
{
    if (needed <= repo->capacity) {
        return true;
    }
    uint32_t capacity = repo->capacity ? repo->capacity : 1024;
    while (capacity < needed) {
        capacity = capacity > UINT32_MAX / 2 ? needed : capacity * 2;
    }
    uint8_t *codes = realloc(repo->codes, (size_t)capacity * FV_SUBSPACES);
    if (codes == NULL) {
        return false;
    }
    repo->codes = codes;
    uint8_t *alive = realloc(repo->alive, capacity);
    if (alive == NULL) {
        return false;
    }
    repo->alive = alive;
    repo->capacity = capacity;
    return true;
}

/* Append the features of `info` (caller holds the module lock). */
static aclError repo_append(fv_repo *repo, const aclfvFeatureInfo *info, bool check_offset, uint32_t limit,
                            const char *fn)
{
    aclError err = ACL_SUCCESS;
    uint32_t n = info->feature_count;
    pthread_rwlock_wrlock(&repo->lock);
    if (check_offset && info->offset != repo->count) {
        err = aclemu_set_error(ACL_ERROR_FAILURE,
                               "%s: offset %u does not continue repository (id0 %u, id1 %u), whose next offset is %u",
                               fn, info->offset, repo->id0, repo->id1, repo->count);
    } else if (n > limit - repo->count) {
        err = aclemu_set_error(ACL_ERROR_FAILURE, "%s: repository would exceed %u features (holds %u, adding %u)", fn,
                               limit, repo->count, n);
    } else if (!stored_reserve(n)) {
        err = aclemu_set_error(ACL_ERROR_FAILURE,
                               "%s: adding %u features exceeds the fsNum capacity %llu given to aclfvInit", fn, n,
                               (unsigned long long)g_fv.capacity);
    } else if (!repo_grow(repo, repo->count + n)) {
        atomic_fetch_sub(&g_fv.stored, n);
        err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory for %u features", fn, n);
    } else {
        for (uint32_t i = 0; i < n; ++i) {
            memcpy(repo->codes + (size_t)(repo->count + i) * FV_SUBSPACES,
                   info->data + (size_t)i * FV_FEATURE_LEN + FV_HEADER_LEN, FV_SUBSPACES);
        }
        memset(repo->alive + repo->count, 1, n);
        repo->count += n;
        repo->live += n;
    }
    pthread_rwlock_unlock(&repo->lock);
    return err;
}

static aclError add_1n(const aclfvFeatureInfo *info, const char *fn)
{
    if (info->feature_count > FV_REPO_1N_FEATURES_MAX) {
        return aclemu_set_error(ACL_ERROR_FAILURE, "%s: a 1:N addition takes at most %d features (got %u)", fn,
                                FV_REPO_1N_FEATURES_MAX, info->feature_count);
    }
    size_t slot = repo_slot(info->id0, info->id1);
    bool exclusive = false;
    for (;;) {
        lock_module(exclusive);
        if (!g_fv.initialized) {
            pthread_rwlock_unlock(&g_fv.lock);
            return not_initialized(fn);
        }
        fv_repo *repo = g_fv.repos[slot];
        bool created = false;
        if (repo == NULL) {
            if (info->offset != 0) {
                pthread_rwlock_unlock(&g_fv.lock);
                return aclemu_set_error(ACL_ERROR_FAILURE,
                                        "%s: repository (id0 %u, id1 %u) is empty, so the offset must be 0 (got %u)",
                                        fn, info->id0, info->id1, info->offset);
            }
            if (!exclusive) { /* creating a repository changes the table: retry holding it exclusively */
                pthread_rwlock_unlock(&g_fv.lock);
                exclusive = true;
                continue;
            }
            if (g_fv.repo_count >= FV_REPO_1N_MAX) {
                pthread_rwlock_unlock(&g_fv.lock);
                return aclemu_set_error(ACL_ERROR_FAILURE, "%s: 1:N already holds the maximum of %d repositories", fn,
                                        FV_REPO_1N_MAX);
            }
            repo = repo_new(info->id0, info->id1);
            if (repo == NULL) {
                pthread_rwlock_unlock(&g_fv.lock);
                return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory for a repository", fn);
            }
            g_fv.repos[slot] = repo;
            g_fv.repo_count++;
            created = true;
        }
        aclError err = repo_append(repo, info, true, FV_REPO_1N_FEATURES_MAX, fn);
        if (err != ACL_SUCCESS && created) {
            g_fv.repos[slot] = NULL;
            g_fv.repo_count--;
            repo_drop(repo);
        }
        pthread_rwlock_unlock(&g_fv.lock);
        return err;
    }
}

static aclError add_nm(const aclfvFeatureInfo *info, const char *fn)
{
    bool exclusive = false;
    for (;;) {
        lock_module(exclusive);
        if (!g_fv.initialized) {
            pthread_rwlock_unlock(&g_fv.lock);
            return not_initialized(fn);
        }
        fv_repo *repo = g_fv.repo_nm;
        if (repo == NULL) {
            if (!exclusive) {
                pthread_rwlock_unlock(&g_fv.lock);
                exclusive = true;
                continue;
            }
            repo = repo_new(0, 0);
            if (repo == NULL) {
                pthread_rwlock_unlock(&g_fv.lock);
                return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory for a repository", fn);
            }
            g_fv.repo_nm = repo;
        }
        aclError err = repo_append(repo, info, false, FV_FEATURE_COUNT_MAX, fn);
        pthread_rwlock_unlock(&g_fv.lock);
        return err;
    }
}

/* ---------------------------------------------------------- init parameters */

aclfvInitPara *aclfvCreateInitPara(uint64_t fsNum)
{
    static const char fn[] = "aclfvCreateInitPara";
    if (fsNum == 0 || fsNum > FV_FS_NUM_MAX) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: fsNum %llu is outside [1, %llu]", fn, (unsigned long long)fsNum,
                         (unsigned long long)FV_FS_NUM_MAX);
        return NULL;
    }
    aclfvInitPara para = {fsNum, FV_TOPK_1N_DEFAULT, FV_TOPK_NM_DEFAULT};
    return new_handle(&para, sizeof para, FV_KIND_INIT_PARA, fn);
}

aclError aclfvDestroyInitPara(aclfvInitPara *initPara)
{
    return destroy_handle(initPara, FV_KIND_INIT_PARA, "aclfvDestroyInitPara", "initPara");
}

static aclError check_top_num(const aclfvInitPara *para, uint32_t value, uint32_t min, const char *fn,
                              const char *what)
{
    if (!aclemu_handle_is(para, FV_KIND_INIT_PARA)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: initPara %p is not a live aclfvInitPara", fn,
                                (void *)para);
    }
    if (value < min || value > FV_TOPK_MAX) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s %u is outside [%u, %d]", fn, what, value, min,
                                FV_TOPK_MAX);
    }
    return ACL_SUCCESS;
}

aclError aclfvSet1NTopNum(aclfvInitPara *initPara, uint32_t maxTopNumFor1N)
{
    aclError err = check_top_num(initPara, maxTopNumFor1N, FV_TOPK_1N_MIN, "aclfvSet1NTopNum", "maxTopNumFor1N");
    if (err == ACL_SUCCESS) {
        initPara->max_top_1n = maxTopNumFor1N;
    }
    return err;
}

aclError aclfvSetNMTopNum(aclfvInitPara *initPara, uint32_t maxTopNumForNM)
{
    aclError err = check_top_num(initPara, maxTopNumForNM, FV_TOPK_NM_MIN, "aclfvSetNMTopNum", "maxTopNumForNM");
    if (err == ACL_SUCCESS) {
        initPara->max_top_nm = maxTopNumForNM;
    }
    return err;
}

/* -------------------------------------------------------------- descriptions */

aclfvFeatureInfo *aclfvCreateFeatureInfo(uint32_t id0, uint32_t id1, uint32_t offset, uint32_t featureLen,
                                         uint32_t featureCount, uint8_t *featureData, uint32_t featureDataLen)
{
    static const char fn[] = "aclfvCreateFeatureInfo";
    const char *problem = NULL;
    if (featureData == NULL) {
        problem = "featureData is NULL";
    } else if (id0 > FV_ID_MAX || id1 > FV_ID_MAX) {
        problem = "id0 and id1 must lie in [0, 1023]";
    } else if (featureLen != FV_FEATURE_LEN) {
        problem = "featureLen must be 36";
    } else if (featureCount > FV_FEATURE_COUNT_MAX) {
        problem = "featureCount exceeds 10000000";
    } else if ((uint64_t)featureDataLen != (uint64_t)featureLen * featureCount) {
        problem = "featureDataLen must equal featureLen * featureCount";
    }
    if (problem != NULL) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                         "%s: %s (id0 %u, id1 %u, featureLen %u, featureCount %u, featureDataLen %u)", fn, problem,
                         id0, id1, featureLen, featureCount, featureDataLen);
        return NULL;
    }
    if (aclemu_mem_check(featureData, featureDataLen, false, fn, "featureData") != ACL_SUCCESS) {
        return NULL;
    }
    aclfvFeatureInfo info = {id0, id1, offset, featureLen, featureCount, featureData, featureDataLen};
    return new_handle(&info, sizeof info, ACLEMU_KIND_FV_FEATURE_INFO, fn);
}

aclError aclfvDestroyFeatureInfo(aclfvFeatureInfo *featureInfo)
{
    return destroy_handle(featureInfo, ACLEMU_KIND_FV_FEATURE_INFO, "aclfvDestroyFeatureInfo", "featureInfo");
}

aclfvRepoRange *aclfvCreateRepoRange(uint32_t id0Min, uint32_t id0Max, uint32_t id1Min, uint32_t id1Max)
{
    static const char fn[] = "aclfvCreateRepoRange";
    if (id0Min > id0Max || id0Max > FV_ID_MAX || id1Min > id1Max || id1Max > FV_ID_MAX) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                         "%s: need id0Min <= id0Max <= 1023 and id1Min <= id1Max <= 1023 (got id0 [%u, %u], "
                         "id1 [%u, %u])",
                         fn, id0Min, id0Max, id1Min, id1Max);
        return NULL;
    }
    aclfvRepoRange range = {id0Min, id0Max, id1Min, id1Max};
    return new_handle(&range, sizeof range, ACLEMU_KIND_FV_REPO_RANGE, fn);
}

aclError aclfvDestroyRepoRange(aclfvRepoRange *repoRange)
{
    return destroy_handle(repoRange, ACLEMU_KIND_FV_REPO_RANGE, "aclfvDestroyRepoRange", "repoRange");
}

aclfvQueryTable *aclfvCreateQueryTable(uint32_t queryCnt, uint32_t tableLen, uint8_t *tableData, uint32_t tableDataLen)
{
    static const char fn[] = "aclfvCreateQueryTable";
    const char *problem = NULL;
    if (tableData == NULL) {
        problem = "tableData is NULL";
    } else if (tableLen != FV_TABLE_LEN) {
        problem = "tableLen must be 32768";
    } else if (queryCnt > FV_QUERY_MAX) {
        problem = "queryCnt exceeds 1024";
    } else if ((uint64_t)tableDataLen != (uint64_t)queryCnt * tableLen) {
        problem = "tableDataLen must equal queryCnt * tableLen";
    }
    if (problem != NULL) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s (queryCnt %u, tableLen %u, tableDataLen %u)", fn, problem,
                         queryCnt, tableLen, tableDataLen);
        return NULL;
    }
    if (aclemu_mem_check(tableData, tableDataLen, false, fn, "tableData") != ACL_SUCCESS) {
        return NULL;
    }
    aclfvQueryTable table = {queryCnt, tableLen, tableData, tableDataLen};
    return new_handle(&table, sizeof table, ACLEMU_KIND_FV_QUERY_TABLE, fn);
}

aclError aclfvDestroyQueryTable(aclfvQueryTable *queryTable)
{
    return destroy_handle(queryTable, ACLEMU_KIND_FV_QUERY_TABLE, "aclfvDestroyQueryTable", "queryTable");
}

aclfvSearchInput *aclfvCreateSearchInput(aclfvQueryTable *queryTable, aclfvRepoRange *repoRange, uint32_t topk)
{
    static const char fn[] = "aclfvCreateSearchInput";
    if (!aclemu_handle_is(queryTable, ACLEMU_KIND_FV_QUERY_TABLE)) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: queryTable %p is not a live aclfvQueryTable", fn,
                         (void *)queryTable);
        return NULL;
    }
    if (!aclemu_handle_is(repoRange, ACLEMU_KIND_FV_REPO_RANGE)) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: repoRange %p is not a live aclfvRepoRange", fn,
                         (void *)repoRange);
        return NULL;
    }
    if (topk > FV_TOPK_MAX) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: topk %u exceeds %d", fn, topk, FV_TOPK_MAX);
        return NULL;
    }
    aclfvSearchInput input = {*queryTable, *repoRange, topk};
    return new_handle(&input, sizeof input, ACLEMU_KIND_FV_SEARCH_INPUT, fn);
}

aclError aclfvDestroySearchInput(aclfvSearchInput *searchInput)
{
    return destroy_handle(searchInput, ACLEMU_KIND_FV_SEARCH_INPUT, "aclfvDestroySearchInput", "searchInput");
}

aclfvSearchResult *aclfvCreateSearchResult(uint32_t queryCnt, uint32_t *resultNum, uint32_t resultNumDataLen,
                                           uint32_t *id0, uint32_t *id1, uint32_t *resultOffset,
                                           float *resultDistance, uint32_t dataLen)
{
    static const char fn[] = "aclfvCreateSearchResult";
    const char *problem = NULL;
    if (resultNum == NULL || id0 == NULL || id1 == NULL || resultOffset == NULL || resultDistance == NULL) {
        problem = "resultNum, id0, id1, resultOffset and resultDistance must not be NULL";
    } else if (queryCnt > FV_QUERY_MAX) {
        problem = "queryCnt exceeds 1024";
    } else if ((uint64_t)resultNumDataLen != (uint64_t)queryCnt * sizeof(uint32_t)) {
        problem = "resultNumDataLen must equal queryCnt * 4";
    }
    if (problem != NULL) {
        aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s (queryCnt %u, resultNumDataLen %u, dataLen %u)", fn,
                         problem, queryCnt, resultNumDataLen, dataLen);
        return NULL;
    }
    aclfvSearchResult result = {queryCnt, resultNum, resultNumDataLen, id0, id1, resultOffset, resultDistance, dataLen};
    return new_handle(&result, sizeof result, ACLEMU_KIND_FV_SEARCH_RESULT, fn);
}

aclError aclfvDestroySearchResult(aclfvSearchResult *searchResult)
{
    return destroy_handle(searchResult, ACLEMU_KIND_FV_SEARCH_RESULT, "aclfvDestroySearchResult", "searchResult");
}

/* ----------------------------------------------------------------- life cycle */

aclError aclfvInit(aclfvInitPara *initPara)
{
    static const char fn[] = "aclfvInit";
    if (!aclemu_handle_is(initPara, FV_KIND_INIT_PARA)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: initPara %p is not a live aclfvInitPara", fn,
                                (void *)initPara);
    }
    int32_t device = -1;
    aclError err = aclemu_require_device(fn, &device);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_rwlock_wrlock(&g_fv.lock);
    if (g_fv.initialized) {
        err = aclemu_set_error(ACL_ERROR_FAILURE, "%s: already initialized (call aclfvRelease first)", fn);
    } else {
        g_fv.repos = calloc((size_t)FV_ID_SPAN * FV_ID_SPAN, sizeof *g_fv.repos);
        if (g_fv.repos == NULL) {
            err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory for the repository table", fn);
        } else {
            g_fv.capacity = initPara->fs_num;
            g_fv.max_top_1n = initPara->max_top_1n;
            g_fv.max_top_nm = initPara->max_top_nm;
            g_fv.repo_count = 0;
            g_fv.repo_nm = NULL;
            atomic_store(&g_fv.stored, 0);
            g_fv.initialized = true;
        }
    }
    pthread_rwlock_unlock(&g_fv.lock);
    return err;
}

aclError aclfvRelease(void)
{
    static const char fn[] = "aclfvRelease";
    int32_t device = -1;
    aclError err = aclemu_require_device(fn, &device);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_rwlock_wrlock(&g_fv.lock);
    if (!g_fv.initialized) {
        pthread_rwlock_unlock(&g_fv.lock);
        return not_initialized(fn);
    }
    for (size_t slot = 0; slot < (size_t)FV_ID_SPAN * FV_ID_SPAN; ++slot) {
        repo_drop(g_fv.repos[slot]);
    }
    free(g_fv.repos);
    g_fv.repos = NULL;
    g_fv.repo_count = 0;
    repo_drop(g_fv.repo_nm);
    g_fv.repo_nm = NULL;
    g_fv.initialized = false;
    pthread_rwlock_unlock(&g_fv.lock);
    return ACL_SUCCESS;
}

/* -------------------------------------------------------------- repositories */

aclError aclfvRepoAdd(aclfvSearchType type, aclfvFeatureInfo *featureInfo)
{
    static const char fn[] = "aclfvRepoAdd";
    aclError err = check_type(type, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (!aclemu_handle_is(featureInfo, ACLEMU_KIND_FV_FEATURE_INFO)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: featureInfo %p is not a live aclfvFeatureInfo", fn,
                                (void *)featureInfo);
    }
    if (type == SEARCH_N_M && featureInfo->offset != 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: an N:M addition needs offset 0 (got %u)", fn,
                                featureInfo->offset);
    }
    int32_t device = -1;
    err = aclemu_require_device(fn, &device);
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check(featureInfo->data, featureInfo->data_len, false, fn, "featureData");
    }
    if (err == ACL_SUCCESS) {
        err = check_headers(featureInfo, fn);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    return type == SEARCH_1_N ? add_1n(featureInfo, fn) : add_nm(featureInfo, fn);
}

aclError aclfvRepoDel(aclfvSearchType type, aclfvRepoRange *repoRange)
{
    static const char fn[] = "aclfvRepoDel";
    aclError err = check_type(type, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (!aclemu_handle_is(repoRange, ACLEMU_KIND_FV_REPO_RANGE)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: repoRange %p is not a live aclfvRepoRange", fn,
                                (void *)repoRange);
    }
    int32_t device = -1;
    err = aclemu_require_device(fn, &device);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_rwlock_wrlock(&g_fv.lock);
    if (!g_fv.initialized) {
        pthread_rwlock_unlock(&g_fv.lock);
        return not_initialized(fn);
    }
    if (type == SEARCH_N_M) {
        repo_drop(g_fv.repo_nm);
        g_fv.repo_nm = NULL;
    } else {
        for (uint32_t id0 = repoRange->id0_min; id0 <= repoRange->id0_max; ++id0) {
            for (uint32_t id1 = repoRange->id1_min; id1 <= repoRange->id1_max; ++id1) {
                size_t slot = repo_slot(id0, id1);
                if (g_fv.repos[slot] != NULL) {
                    repo_drop(g_fv.repos[slot]);
                    g_fv.repos[slot] = NULL;
                    g_fv.repo_count--;
                }
            }
        }
    }
    pthread_rwlock_unlock(&g_fv.lock);
    return ACL_SUCCESS;
}

/* aclfvDel and aclfvModify: one feature of a 1:N repository, addressed by (id0, id1, offset). */
static aclError accurate_change(aclfvFeatureInfo *featureInfo, bool remove, const char *fn)
{
    if (!aclemu_handle_is(featureInfo, ACLEMU_KIND_FV_FEATURE_INFO)) {
        return aclemu_set_error(ACL_ERROR_FAILURE, "%s: featureInfo %p is not a live aclfvFeatureInfo", fn,
                                (void *)featureInfo);
    }
    const aclfvFeatureInfo *info = featureInfo;
    if (info->feature_count != 1) {
        return aclemu_set_error(ACL_ERROR_FAILURE, "%s: changes exactly one feature (featureCount is %u)", fn,
                                info->feature_count);
    }
    int32_t device = -1;
    aclError err = aclemu_require_device(fn, &device);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (!remove) {
        if (aclemu_mem_check(info->data, FV_FEATURE_LEN, false, fn, "featureData") != ACL_SUCCESS) {
            return aclemu_set_error(ACL_ERROR_FAILURE, "%s: %s", fn, aclemu_peek_error());
        }
        err = check_headers(info, fn);
        if (err != ACL_SUCCESS) {
            return err;
        }
    }
    pthread_rwlock_rdlock(&g_fv.lock);
    if (!g_fv.initialized) {
        pthread_rwlock_unlock(&g_fv.lock);
        return not_initialized(fn);
    }
    fv_repo *repo = g_fv.repos[repo_slot(info->id0, info->id1)];
    if (repo == NULL) {
        err = aclemu_set_error(ACL_ERROR_FAILURE, "%s: 1:N repository (id0 %u, id1 %u) does not exist", fn, info->id0,
                               info->id1);
    } else {
        pthread_rwlock_wrlock(&repo->lock);
        if (info->offset >= repo->count || !repo->alive[info->offset]) {
            err = aclemu_set_error(ACL_ERROR_FAILURE, "%s: no feature at offset %u of repository (id0 %u, id1 %u)", fn,
                                   info->offset, info->id0, info->id1);
        } else if (remove) {
            repo->alive[info->offset] = 0;
            repo->live--;
            atomic_fetch_sub(&g_fv.stored, 1);
        } else {
            memcpy(repo->codes + (size_t)info->offset * FV_SUBSPACES, info->data + FV_HEADER_LEN, FV_SUBSPACES);
        }
        pthread_rwlock_unlock(&repo->lock);
    }
    pthread_rwlock_unlock(&g_fv.lock);
    return err;
}

aclError aclfvDel(aclfvFeatureInfo *featureInfo)
{
    return accurate_change(featureInfo, true, "aclfvDel");
}

aclError aclfvModify(aclfvFeatureInfo *featureInfo)
{
    return accurate_change(featureInfo, false, "aclfvModify");
}

/* -------------------------------------------------------------------- search */

static void scan_repo(fv_repo *repo, const float *table, bool report_ids, fv_topk *topk)
{
    pthread_rwlock_rdlock(&repo->lock);
    fv_hit hit = {0.0f, report_ids ? repo->id0 : 0, report_ids ? repo->id1 : 0, 0};
    for (uint32_t i = 0; i < repo->count; ++i) {
        if (repo->alive[i]) {
            hit.distance = fv_score(table, repo->codes + (size_t)i * FV_SUBSPACES);
            hit.offset = i;
            fv_topk_offer(topk, &hit);
        }
    }
    pthread_rwlock_unlock(&repo->lock);
}

static aclError check_search_buffers(const aclfvSearchInput *in, const aclfvSearchResult *out, const char *fn)
{
    size_t queries = in->table.query_cnt;
    size_t hit_bytes = queries * in->topk * sizeof(uint32_t);
    aclError err = aclemu_mem_check(in->table.data, queries * FV_TABLE_LEN, false, fn, "tableData");
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check(out->result_num, queries * sizeof(uint32_t), false, fn, "resultNum");
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check(out->id0, hit_bytes, false, fn, "id0");
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check(out->id1, hit_bytes, false, fn, "id1");
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check(out->offset, hit_bytes, false, fn, "resultOffset");
    }
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check(out->distance, hit_bytes, false, fn, "resultDistance");
    }
    return err;
}

/* Runs the queries; caller holds the module lock with the module initialized. */
static aclError run_search(aclfvSearchType type, const aclfvSearchInput *in, aclfvSearchResult *out, const char *fn)
{
    uint32_t max_top = type == SEARCH_1_N ? g_fv.max_top_1n : g_fv.max_top_nm;
    size_t k = in->topk < max_top ? in->topk : max_top;
    float *table = malloc(FV_TABLE_LEN);
    fv_hit *hits = malloc((k ? k : 1) * sizeof *hits);
    if (table == NULL || hits == NULL) {
        free(table);
        free(hits);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    const aclfvRepoRange *range = &in->range;
    for (uint32_t q = 0; q < in->table.query_cnt; ++q) {
        memcpy(table, in->table.data + (size_t)q * FV_TABLE_LEN, FV_TABLE_LEN);
        fv_topk topk;
        fv_topk_init(&topk, hits, k);
        if (type == SEARCH_N_M) {
            if (g_fv.repo_nm != NULL) {
                scan_repo(g_fv.repo_nm, table, false, &topk);
            }
        } else {
            for (uint32_t id0 = range->id0_min; id0 <= range->id0_max; ++id0) {
                for (uint32_t id1 = range->id1_min; id1 <= range->id1_max; ++id1) {
                    fv_repo *repo = g_fv.repos[repo_slot(id0, id1)];
                    if (repo != NULL) {
                        scan_repo(repo, table, true, &topk);
                    }
                }
            }
        }
        fv_topk_finish(&topk);
        size_t base = (size_t)q * in->topk;
        for (size_t j = 0; j < topk.size; ++j) {
            out->id0[base + j] = hits[j].id0;
            out->id1[base + j] = hits[j].id1;
            out->offset[base + j] = hits[j].offset;
            out->distance[base + j] = hits[j].distance;
        }
        out->result_num[q] = (uint32_t)topk.size;
    }
    free(table);
    free(hits);
    return ACL_SUCCESS;
}

aclError aclfvSearch(aclfvSearchType type, aclfvSearchInput *searchInput, aclfvSearchResult *searchRst)
{
    static const char fn[] = "aclfvSearch";
    aclError err = check_type(type, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (!aclemu_handle_is(searchInput, ACLEMU_KIND_FV_SEARCH_INPUT)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: searchInput %p is not a live aclfvSearchInput", fn,
                                (void *)searchInput);
    }
    if (!aclemu_handle_is(searchRst, ACLEMU_KIND_FV_SEARCH_RESULT)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: searchRst %p is not a live aclfvSearchResult", fn,
                                (void *)searchRst);
    }
    const aclfvSearchInput *in = searchInput;
    if (in->table.query_cnt != searchRst->query_cnt) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: queryCnt of the input (%u) and the result (%u) differ",
                                fn, in->table.query_cnt, searchRst->query_cnt);
    }
    uint64_t needed = (uint64_t)in->table.query_cnt * in->topk * sizeof(uint32_t);
    if (searchRst->data_len < needed) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dataLen %u of the result is below queryCnt * topk * 4 = %llu",
                                fn, searchRst->data_len, (unsigned long long)needed);
    }
    int32_t device = -1;
    err = aclemu_require_device(fn, &device);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (type == SEARCH_1_N && in->table.query_cnt != 1) {
        return aclemu_set_error(ACL_ERROR_FAILURE, "%s: a 1:N search takes exactly one query (queryCnt is %u)", fn,
                                in->table.query_cnt);
    }
    err = check_search_buffers(in, searchRst, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_rwlock_rdlock(&g_fv.lock);
    err = g_fv.initialized ? run_search(type, in, searchRst, fn) : not_initialized(fn);
    pthread_rwlock_unlock(&g_fv.lock);
    return err;
}
