/*
 * C-level run of the aclfv API against libaclemu.so: a 1:N and an N:M repository, searched and
 * compared with a brute force written here independently of the emulator (plain loops + qsort),
 * then deletion, modification and repository deletion, and the error codes of misuse.
 * Built and run by tests/compute/test_fv.py; prints "ok" and exits 0 on success.
 */
#include "acl/acl.h"
#include "acl/ops/acl_fv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { LEN = 36, CODES = 32, TABLE_FLOATS = 32 * 256, PER_REPO = 300, NM_FEATURES = 700, TOPK = 40 };

static int failures = 0;

#define EXPECT(cond, ...)                                        \
    do {                                                         \
        if (!(cond)) {                                           \
            fprintf(stderr, "FAIL line %d: ", __LINE__);         \
            fprintf(stderr, __VA_ARGS__);                        \
            fprintf(stderr, " [%s]\n", aclGetRecentErrMsg());    \
            failures++;                                          \
        }                                                        \
    } while (0)

typedef struct {
    float distance;
    uint32_t id0, id1, offset;
} expected_hit;

static uint32_t seed = 99u;

static uint32_t next_random(void)
{
    seed = seed * 1103515245u + 12345u;
    return (seed >> 9) & 0x3FFFFF;
}

static void fill_features(uint8_t *data, size_t count)
{
    memset(data, 0, count * LEN);
    for (size_t i = 0; i < count; ++i) {
        for (int s = 0; s < CODES; ++s) {
            data[i * LEN + 4 + s] = (uint8_t)next_random();
        }
    }
}

static float brute_distance(const float *table, const uint8_t *feature)
{
    double sum = 0.0;
    for (int s = 0; s < CODES; ++s) {
        sum += table[s * 256 + feature[4 + s]];
    }
    return (float)sum;
}

static int by_rank(const void *lhs, const void *rhs)
{
    const expected_hit *a = lhs, *b = rhs;
    if (a->distance != b->distance) {
        return a->distance > b->distance ? -1 : 1;
    }
    if (a->id0 != b->id0) {
        return a->id0 < b->id0 ? -1 : 1;
    }
    if (a->id1 != b->id1) {
        return a->id1 < b->id1 ? -1 : 1;
    }
    return a->offset < b->offset ? -1 : (a->offset > b->offset);
}

/* The stored state mirrored here: three 1:N repositories and the N:M one. */
static const uint32_t repo_ids[3][2] = {{0, 0}, {7, 1}, {1023, 5}};
static uint8_t repo_data[3][PER_REPO * LEN];
static int repo_alive[3][PER_REPO];
static int repo_present[3] = {1, 1, 1};
static uint8_t nm_data[NM_FEATURES * LEN];

static size_t expected_1n(const float *table, expected_hit *out)
{
    size_t n = 0;
    for (int r = 0; r < 3; ++r) {
        for (int i = 0; repo_present[r] && i < PER_REPO; ++i) {
            if (repo_alive[r][i]) {
                out[n++] = (expected_hit){brute_distance(table, repo_data[r] + i * LEN), repo_ids[r][0],
                                          repo_ids[r][1], (uint32_t)i};
            }
        }
    }
    qsort(out, n, sizeof *out, by_rank);
    return n < TOPK ? n : TOPK;
}

static aclError add(aclfvSearchType type, uint32_t id0, uint32_t id1, uint32_t offset, uint8_t *data, uint32_t n)
{
    aclfvFeatureInfo *info = aclfvCreateFeatureInfo(id0, id1, offset, LEN, n, data, n * LEN);
    aclError ret = aclfvRepoAdd(type, info);
    aclfvDestroyFeatureInfo(info);
    return ret;
}

/* Search with `queries` tables and compare every query with the brute force. */
static void search_and_compare(aclfvSearchType type, float *tables, uint32_t queries, const char *what)
{
    static uint32_t result_num[8], id0[8 * TOPK], id1[8 * TOPK], offset[8 * TOPK];
    static float distance[8 * TOPK];
    static expected_hit expected[3 * PER_REPO + NM_FEATURES];
    aclfvQueryTable *table = aclfvCreateQueryTable(queries, 32768, (uint8_t *)tables, queries * 32768);
    aclfvRepoRange *range = aclfvCreateRepoRange(0, 1023, 0, 1023);
    aclfvSearchInput *input = aclfvCreateSearchInput(table, range, TOPK);
    aclfvSearchResult *result = aclfvCreateSearchResult(queries, result_num, queries * 4, id0, id1, offset, distance,
                                                        queries * TOPK * 4);
    EXPECT(aclfvSearch(type, input, result) == ACL_SUCCESS, "%s: search", what);
    for (uint32_t q = 0; q < queries; ++q) {
        const float *t = tables + (size_t)q * TABLE_FLOATS;
        size_t n = 0;
        if (type == SEARCH_1_N) {
            n = expected_1n(t, expected);
        } else {
            for (int i = 0; i < NM_FEATURES; ++i) {
                expected[i] = (expected_hit){brute_distance(t, nm_data + i * LEN), 0, 0, (uint32_t)i};
            }
            qsort(expected, NM_FEATURES, sizeof *expected, by_rank);
            n = TOPK;
        }
        EXPECT(result_num[q] == n, "%s: query %u has %u results, expected %zu", what, q, result_num[q], n);
        for (size_t j = 0; j < n && j < result_num[q]; ++j) {
            size_t at = q * TOPK + j;
            EXPECT(distance[at] == expected[j].distance && id0[at] == expected[j].id0 && id1[at] == expected[j].id1 &&
                       offset[at] == expected[j].offset,
                   "%s: query %u rank %zu is (%u, %u, %u, %g), expected (%u, %u, %u, %g)", what, q, j, id0[at],
                   id1[at], offset[at], (double)distance[at], expected[j].id0, expected[j].id1, expected[j].offset,
                   (double)expected[j].distance);
        }
    }
    aclfvDestroySearchResult(result);
    aclfvDestroySearchInput(input);
    aclfvDestroyRepoRange(range);
    aclfvDestroyQueryTable(table);
}

static void fill_tables(float *tables, uint32_t queries)
{
    for (size_t i = 0; i < (size_t)queries * TABLE_FLOATS; ++i) {
        tables[i] = (float)(next_random() % 1900 + 1) / 10000.0f;
    }
}

static void check_errors(void)
{
    uint8_t feature[LEN] = {0};
    EXPECT(aclfvCreateQueryTable(1025, 32768, feature, 1025u * 32768u) == NULL, "1025 queries accepted");
    EXPECT(aclfvCreateQueryTable(1, 16384, feature, 16384) == NULL, "a 16 KB table accepted");
    EXPECT(aclfvCreateFeatureInfo(0, 0, 0, 32, 1, feature, 32) == NULL, "featureLen 32 accepted");
    EXPECT(aclfvCreateRepoRange(0, 1024, 0, 0) == NULL, "id0Max 1024 accepted");
    EXPECT(aclfvCreateInitPara(0) == NULL, "fsNum 0 accepted");
    EXPECT(add(SEARCH_1_N, 0, 0, PER_REPO + 1, feature, 1) == ACL_ERROR_FAILURE, "offset gap accepted");
    EXPECT(add(SEARCH_N_M, 0, 0, 3, feature, 1) == ACL_ERROR_INVALID_PARAM, "N:M offset 3 accepted");
    EXPECT(aclfvRepoAdd((aclfvSearchType)2, NULL) == ACL_ERROR_INVALID_PARAM, "type 2 accepted");
    EXPECT(aclfvDel(NULL) == ACL_ERROR_FAILURE, "aclfvDel(NULL)");
    EXPECT(aclfvSearch(SEARCH_1_N, NULL, NULL) == ACL_ERROR_INVALID_PARAM, "aclfvSearch(NULL)");
    EXPECT(aclfvDestroyQueryTable(NULL) == ACL_SUCCESS, "destroying NULL");
}

int main(void)
{
    static float tables[4 * TABLE_FLOATS];
    aclrtContext context = NULL;
    EXPECT(aclInit(NULL) == ACL_SUCCESS, "aclInit");
    EXPECT(aclrtSetDevice(0) == ACL_SUCCESS, "aclrtSetDevice");
    EXPECT(aclrtCreateContext(&context, 0) == ACL_SUCCESS, "aclrtCreateContext");
    aclfvInitPara *para = aclfvCreateInitPara(100000);
    EXPECT(aclfvSet1NTopNum(para, 100) == ACL_SUCCESS, "aclfvSet1NTopNum");
    EXPECT(aclfvInit(para) == ACL_SUCCESS, "aclfvInit");

    for (int r = 0; r < 3; ++r) {
        fill_features(repo_data[r], PER_REPO);
        for (int i = 0; i < PER_REPO; ++i) {
            repo_alive[r][i] = 1;
        }
        EXPECT(add(SEARCH_1_N, repo_ids[r][0], repo_ids[r][1], 0, repo_data[r], 100) == ACL_SUCCESS, "add");
        EXPECT(add(SEARCH_1_N, repo_ids[r][0], repo_ids[r][1], 100, repo_data[r] + 100 * LEN, PER_REPO - 100) ==
                   ACL_SUCCESS,
               "add more");
    }
    fill_features(nm_data, NM_FEATURES);
    EXPECT(add(SEARCH_N_M, 0, 0, 0, nm_data, NM_FEATURES) == ACL_SUCCESS, "add N:M");

    fill_tables(tables, 4);
    search_and_compare(SEARCH_1_N, tables, 1, "1:N");
    search_and_compare(SEARCH_N_M, tables, 4, "N:M");

    for (int i = 0; i < PER_REPO; i += 3) { /* delete every third feature of repository 1 */
        aclfvFeatureInfo *info = aclfvCreateFeatureInfo(7, 1, (uint32_t)i, LEN, 1, repo_data[1], LEN);
        EXPECT(aclfvDel(info) == ACL_SUCCESS, "delete %d", i);
        aclfvDestroyFeatureInfo(info);
        repo_alive[1][i] = 0;
    }
    for (int i = 1; i < PER_REPO; i += 5) { /* rewrite some of repository 0 */
        uint8_t *feature = repo_data[0] + i * LEN;
        fill_features(feature, 1);
        aclfvFeatureInfo *info = aclfvCreateFeatureInfo(0, 0, (uint32_t)i, LEN, 1, feature, LEN);
        EXPECT(aclfvModify(info) == ACL_SUCCESS, "modify %d", i);
        aclfvDestroyFeatureInfo(info);
    }
    search_and_compare(SEARCH_1_N, tables + TABLE_FLOATS, 1, "1:N after delete/modify");

    aclfvRepoRange *range = aclfvCreateRepoRange(1000, 1023, 0, 1023);
    EXPECT(aclfvRepoDel(SEARCH_1_N, range) == ACL_SUCCESS, "repo del");
    aclfvDestroyRepoRange(range);
    repo_present[2] = 0;
    search_and_compare(SEARCH_1_N, tables + 2 * TABLE_FLOATS, 1, "1:N after repo del");

    check_errors();
    EXPECT(aclfvRelease() == ACL_SUCCESS, "aclfvRelease");
    EXPECT(aclfvRelease() == ACL_ERROR_FAILURE, "second aclfvRelease");
    EXPECT(aclfvDestroyInitPara(para) == ACL_SUCCESS, "aclfvDestroyInitPara");
    EXPECT(aclrtDestroyContext(context) == ACL_SUCCESS, "aclrtDestroyContext");
    EXPECT(aclrtResetDevice(0) == ACL_SUCCESS, "aclrtResetDevice");
    EXPECT(aclFinalize() == ACL_SUCCESS, "aclFinalize");
    if (failures) {
        fprintf(stderr, "%d failures\n", failures);
        return 1;
    }
    puts("ok");
    return 0;
}
