#include "fv_engine.h"

#include <math.h>
#include <stdlib.h>

float fv_score(const float *table, const uint8_t *codes)
{
    /* Double accumulation makes the result independent of summation order for the
     * table value ranges used in practice, so a numpy reference reproduces it bit for bit. */
    double sum = 0.0;
    for (int s = 0; s < FV_SUBSPACES; ++s) {
        sum += (double)table[s * FV_CODES + codes[s]];
    }
    return (float)sum;
}

bool fv_hit_before(const fv_hit *a, const fv_hit *b)
{
    bool a_nan = isnan(a->distance);
    bool b_nan = isnan(b->distance);
    if (a_nan != b_nan) {
        return b_nan;
    }
    if (!a_nan && a->distance != b->distance) {
        return a->distance > b->distance;
    }
    if (a->id0 != b->id0) {
        return a->id0 < b->id0;
    }
    if (a->id1 != b->id1) {
        return a->id1 < b->id1;
    }
    return a->offset < b->offset;
}

void fv_topk_init(fv_topk *topk, fv_hit *storage, size_t capacity)
{
    topk->hits = storage;
    topk->size = 0;
    topk->capacity = capacity;
}

static void swap_hits(fv_hit *a, fv_hit *b)
{
    fv_hit tmp = *a;
    *a = *b;
    *b = tmp;
}

/* Heap order: a parent ranks after (is worse than) its children. */
static void sift_up(fv_hit *heap, size_t i)
{
    while (i > 0) {
        size_t parent = (i - 1) / 2;
        if (!fv_hit_before(&heap[parent], &heap[i])) {
            break;
        }
        swap_hits(&heap[parent], &heap[i]);
        i = parent;
    }
}

static void sift_down(fv_hit *heap, size_t size, size_t i)
{
    for (;;) {
        size_t worst = i;
        size_t left = 2 * i + 1;
        size_t right = left + 1;
        if (left < size && fv_hit_before(&heap[worst], &heap[left])) {
            worst = left;
        }
        if (right < size && fv_hit_before(&heap[worst], &heap[right])) {
            worst = right;
        }
        if (worst == i) {
            return;
        }
        swap_hits(&heap[i], &heap[worst]);
        i = worst;
    }
}

void fv_topk_offer(fv_topk *topk, const fv_hit *hit)
{
    if (topk->capacity == 0) {
        return;
    }
    if (topk->size < topk->capacity) {
        topk->hits[topk->size] = *hit;
        sift_up(topk->hits, topk->size);
        topk->size++;
        return;
    }
    if (fv_hit_before(hit, &topk->hits[0])) {
        topk->hits[0] = *hit;
        sift_down(topk->hits, topk->size, 0);
    }
}

static int compare_hits(const void *lhs, const void *rhs)
{
    const fv_hit *a = lhs;
    const fv_hit *b = rhs;
    if (fv_hit_before(a, b)) {
        return -1;
    }
    return fv_hit_before(b, a) ? 1 : 0;
}

void fv_topk_finish(fv_topk *topk)
{
    qsort(topk->hits, topk->size, sizeof(fv_hit), compare_hits);
}
