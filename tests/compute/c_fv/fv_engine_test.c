/*
 * C-level checks of emulator/fv_engine.c: the bounded top-K selection must equal a full sort for
 * every capacity, with ties, NaN and duplicates; fv_score must be the double sum of the looked-up
 * table entries. Built and run by tests/compute/test_fv.py; prints "ok" and exits 0 on success.
 */
#include "fv_engine.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

#define EXPECT(cond, ...)                                   \
    do {                                                    \
        if (!(cond)) {                                      \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                   \
            fprintf(stderr, "\n");                          \
            failures++;                                     \
        }                                                   \
    } while (0)

static uint32_t lcg_state = 12345u;

static uint32_t next_random(void)
{
    lcg_state = lcg_state * 1664525u + 1013904223u;
    return lcg_state >> 8;
}

static int compare_for_sort(const void *lhs, const void *rhs)
{
    const fv_hit *a = lhs;
    const fv_hit *b = rhs;
    return fv_hit_before(a, b) ? -1 : (fv_hit_before(b, a) ? 1 : 0);
}

static void check_topk_matches_sort(size_t count, size_t capacity, uint32_t distinct_distances)
{
    fv_hit *all = malloc(count * sizeof *all);
    fv_hit *kept = malloc((capacity ? capacity : 1) * sizeof *kept);
    fv_topk topk;
    fv_topk_init(&topk, kept, capacity);
    for (size_t i = 0; i < count; ++i) {
        uint32_t r = next_random();
        all[i].distance = (r % 97 == 0) ? NAN : (float)(r % distinct_distances) * 0.5f;
        all[i].id0 = next_random() % 3;
        all[i].id1 = next_random() % 3;
        all[i].offset = (uint32_t)i;
        fv_topk_offer(&topk, &all[i]);
    }
    fv_topk_finish(&topk);
    qsort(all, count, sizeof *all, compare_for_sort);
    size_t expected = count < capacity ? count : capacity;
    EXPECT(topk.size == expected, "size %zu, expected %zu (count %zu, capacity %zu)", topk.size, expected, count,
           capacity);
    for (size_t i = 0; i < topk.size && i < expected; ++i) {
        EXPECT(memcmp(&kept[i], &all[i], sizeof(fv_hit)) == 0 ||
                   (isnan(kept[i].distance) && isnan(all[i].distance) && kept[i].id0 == all[i].id0 &&
                    kept[i].id1 == all[i].id1 && kept[i].offset == all[i].offset),
               "rank %zu differs (count %zu, capacity %zu)", i, count, capacity);
    }
    free(all);
    free(kept);
}

static void check_order_rules(void)
{
    fv_hit high = {2.0f, 5, 5, 5};
    fv_hit low = {1.0f, 0, 0, 0};
    fv_hit nan_hit = {NAN, 0, 0, 0};
    fv_hit tie_smaller_id0 = {2.0f, 4, 9, 9};
    fv_hit tie_smaller_offset = {2.0f, 5, 5, 4};
    EXPECT(fv_hit_before(&high, &low), "larger distance must rank first");
    EXPECT(!fv_hit_before(&low, &high), "smaller distance must rank after");
    EXPECT(fv_hit_before(&low, &nan_hit), "NaN must rank after numbers");
    EXPECT(!fv_hit_before(&nan_hit, &low), "NaN must not rank before numbers");
    EXPECT(fv_hit_before(&tie_smaller_id0, &high), "ties go to the smaller id0");
    EXPECT(fv_hit_before(&tie_smaller_offset, &high), "ties go to the smaller offset");
    EXPECT(!fv_hit_before(&high, &high), "a hit does not rank before itself");
}

static void check_score(void)
{
    static float table[FV_SUBSPACES * FV_CODES];
    uint8_t codes[FV_SUBSPACES];
    double expected = 0.0;
    for (int i = 0; i < FV_SUBSPACES * FV_CODES; ++i) {
        table[i] = (float)(next_random() % 1900 + 1) / 10000.0f;
    }
    for (int s = 0; s < FV_SUBSPACES; ++s) {
        codes[s] = (uint8_t)(next_random() & 0xFF);
        expected += (double)table[s * FV_CODES + codes[s]];
    }
    EXPECT(fv_score(table, codes) == (float)expected, "score %.9g, expected %.9g", (double)fv_score(table, codes),
           expected);
    EXPECT(FV_TABLE_LEN == 32768, "table length %d", (int)FV_TABLE_LEN);
}

int main(void)
{
    check_order_rules();
    check_score();
    const size_t counts[] = {0, 1, 2, 7, 100, 5000};
    const size_t capacities[] = {0, 1, 2, 5, 99, 100, 101, 4800};
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; ++c) {
        for (size_t k = 0; k < sizeof capacities / sizeof capacities[0]; ++k) {
            check_topk_matches_sort(counts[c], capacities[k], 7);
            check_topk_matches_sort(counts[c], capacities[k], 100000);
        }
    }
    if (failures) {
        fprintf(stderr, "%d failures\n", failures);
        return 1;
    }
    puts("ok");
    return 0;
}
