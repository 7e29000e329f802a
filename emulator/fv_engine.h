/*
 * Scoring and top-K selection of the feature-retrieval emulation (fv.c).
 * Pure functions without global state; the formula is stated at the top of fv.c.
 */
#ifndef ACLEMU_FV_ENGINE_H
#define ACLEMU_FV_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    FV_FEATURE_LEN = 36,     /* bytes of one stored feature */
    FV_HEADER_LEN = 4,       /* leading bytes that must be zero */
    FV_SUBSPACES = 32,       /* one PQ code byte per sub-space */
    FV_CODES = 256,          /* entries per sub-space table */
    FV_TABLE_LEN = FV_SUBSPACES * FV_CODES * (int)sizeof(float) /* 32768 bytes per query */
};

/* One candidate of a search: where the feature lives and its accumulated score. */
typedef struct fv_hit {
    float distance;
    uint32_t id0;
    uint32_t id1;
    uint32_t offset;
} fv_hit;

/* Score of one feature (its FV_SUBSPACES codes) against one query table of
 * FV_SUBSPACES * FV_CODES floats: the float rounding of the double-precision sum. */
float fv_score(const float *table, const uint8_t *codes);

/* True when `a` ranks before `b`: larger distance first, then smaller id0, id1, offset.
 * NaN distances rank after every number. */
bool fv_hit_before(const fv_hit *a, const fv_hit *b);

/* Bounded selection of the best `capacity` hits seen so far. */
typedef struct fv_topk {
    fv_hit *hits;    /* heap with the worst kept hit at index 0 while collecting */
    size_t size;
    size_t capacity;
} fv_topk;

/* `storage` must hold `capacity` hits. */
void fv_topk_init(fv_topk *topk, fv_hit *storage, size_t capacity);
void fv_topk_offer(fv_topk *topk, const fv_hit *hit);
/* Sort the kept hits best first (ends collection). */
void fv_topk_finish(fv_topk *topk);

#endif /* ACLEMU_FV_ENGINE_H */
