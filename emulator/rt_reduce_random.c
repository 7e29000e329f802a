/* aclrtReduceAsync (the SDMA reduce-copy) and aclrtRandomNumAsync (the random-number task).
 *
 * Reduce: dst[i] = op(dst[i], src[i]) over count BYTES of elements of the given type, as the copy
 * engine's reduction does when it writes into memory. Integers wrap (two's complement); half and
 * bfloat16 are computed in float and rounded to nearest even. EQUAL is documented as not supported
 * yet: ACL_ERROR_RT_FEATURE_NOT_SUPPORT.
 *
 * Random: Philox4x32-10, a counter-based generator, so the output depends only on the seed and the
 * counter. The counter starts at the 128-bit value at randomCounterAddr (0 when that is NULL) and is
 * advanced there by the blocks consumed, so consecutive tasks continue one stream of numbers.
 * Uniform: min + u * (max - min), u in [0, 1) (integers: floor into [min, max)). Normal: Box-Muller.
 * Truncated normal: values more than two standard deviations from the mean are redrawn. Dropout
 * bitmask: bit i (LSB first in each byte) is 1 (keep) with probability 1 - ratio. A parameter either
 * holds its value inline (little-endian in valueOrAddr, `size` bytes) or, with isAddr, the device
 * address of that value, read when the task runs. A parameter's value has the task's data type
 * (2-byte float parameters of a bfloat16 task are bfloat16); the seed and count are integers.
 */
#include "emu.h"
#include "mdl_ri_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ reduce */

typedef struct reduce_task {
    void *dst;
    const void *src;
    size_t count; /* elements */
    aclrtReduceKind kind;
    aclDataType type;
} reduce_task;

static double reduce_pick(double a, double b, aclrtReduceKind kind)
{
    if (kind == ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM) {
        return a + b;
    }
    if (isnan(a) || isnan(b)) {
        return NAN;
    }
    return kind == ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX ? (a > b ? a : b) : (a < b ? a : b);
}

#define REDUCE_INT(T, U)                                                                                     \
    do {                                                                                                     \
        T a, b;                                                                                              \
        memcpy(&a, d, sizeof a);                                                                             \
        memcpy(&b, s, sizeof b);                                                                             \
        T r = kind == ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM ? (T)(U)((U)a + (U)b)                                  \
              : kind == ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX ? (a > b ? a : b) : (a < b ? a : b);                \
        memcpy(d, &r, sizeof r);                                                                             \
    } while (0)

static aclError run_reduce(void *arg)
{
    const reduce_task *t = arg;
    size_t width = aclemu_dtype_size(t->type);
    aclrtReduceKind kind = t->kind;
    for (size_t i = 0; i < t->count; i++) {
        unsigned char *d = (unsigned char *)t->dst + i * width;
        const unsigned char *s = (const unsigned char *)t->src + i * width;
        switch (t->type) {
        case ACL_INT8: REDUCE_INT(int8_t, uint8_t); break;
        case ACL_INT16: REDUCE_INT(int16_t, uint16_t); break;
        case ACL_INT32: REDUCE_INT(int32_t, uint32_t); break;
        case ACL_UINT32: REDUCE_INT(uint32_t, uint32_t); break;
        case ACL_FLOAT: {
            float a, b;
            memcpy(&a, d, 4);
            memcpy(&b, s, 4);
            float r = (float)reduce_pick(a, b, kind);
            memcpy(d, &r, 4);
            break;
        }
        default: { /* ACL_FLOAT16, ACL_BF16 */
            uint16_t a, b;
            memcpy(&a, d, 2);
            memcpy(&b, s, 2);
            bool half = t->type == ACL_FLOAT16;
            float fa = half ? aclemu_f16_to_f32(a) : aclemu_bf16_to_f32(a);
            float fb = half ? aclemu_f16_to_f32(b) : aclemu_bf16_to_f32(b);
            float r = (float)reduce_pick(fa, fb, kind);
            uint16_t out = half ? aclemu_f32_to_f16(r) : aclemu_f32_to_bf16(r);
            memcpy(d, &out, 2);
            break;
        }
        }
    }
    return ACL_SUCCESS;
}

static void free_plain(void *arg, bool ran)
{
    (void)ran;
    free(arg);
}

/* Queue run() on a heap copy of the `size` bytes at `arg` (the caller's struct dies on return). */
static aclError submit_copy(aclrtStream stream, aclemu_task_fn run, const void *arg, size_t size, const char *fn)
{
    void *task = malloc(size);
    if (task == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    memcpy(task, arg, size);
    return aclemu_stream_submit(stream, run, task, free_plain, fn);
}

aclError aclrtReduceAsync(void *dst, const void *src, uint64_t count, aclrtReduceKind kind, aclDataType type,
                          aclrtStream stream, void *reserve)
{
    (void)reserve;
    if (kind == ACL_RT_MEMCPY_SDMA_AUTOMATIC_EQUAL) {
        return aclemu_set_error(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "%s: the EQUAL reduction is not supported",
                                __func__);
    }
    if (kind != ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM && kind != ACL_RT_MEMCPY_SDMA_AUTOMATIC_MAX &&
        kind != ACL_RT_MEMCPY_SDMA_AUTOMATIC_MIN) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: kind %d is not a reduce kind", __func__, (int)kind);
    }
    if (type != ACL_INT8 && type != ACL_INT16 && type != ACL_INT32 && type != ACL_UINT32 && type != ACL_FLOAT16 &&
        type != ACL_FLOAT && type != ACL_BF16) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: data type %d cannot be reduced (int8, int16, int32, "
                                "uint32, float16, float, bf16)", __func__, (int)type);
    }
    size_t width = aclemu_dtype_size(type);
    if (dst == NULL || src == NULL || count == 0 || count > SIZE_MAX || count % width != 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: dst and src must be set and count (%llu bytes) a "
                                "non-zero multiple of the element size %zu", __func__, (unsigned long long)count,
                                width);
    }
    aclError err = aclemu_mem_check_tracked(dst, (size_t)count, true, __func__, "dst");
    if (err == ACL_SUCCESS) {
        err = aclemu_mem_check_tracked(src, (size_t)count, true, __func__, "src");
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    reduce_task task = {dst, src, (size_t)count / width, kind, type};
    return submit_copy(stream, run_reduce, &task, sizeof task, __func__);
}

/* ------------------------------------------------------------------ random */

typedef struct philox {
    uint32_t key[2];
    uint32_t ctr[4];
    uint32_t out[4];
    unsigned used; /* words of out consumed; 4 = draw a new block */
    uint64_t blocks;
} philox;

static void philox_block(philox *g)
{
    uint32_t c[4] = {g->ctr[0], g->ctr[1], g->ctr[2], g->ctr[3]};
    uint32_t k0 = g->key[0], k1 = g->key[1];
    for (int round = 0; round < 10; round++) {
        uint64_t p0 = (uint64_t)0xD2511F53u * c[0];
        uint64_t p1 = (uint64_t)0xCD9E8D57u * c[2];
        uint32_t n0 = (uint32_t)(p1 >> 32) ^ c[1] ^ k0;
        uint32_t n2 = (uint32_t)(p0 >> 32) ^ c[3] ^ k1;
        c[0] = n0;
        c[1] = (uint32_t)p1;
        c[2] = n2;
        c[3] = (uint32_t)p0;
        k0 += 0x9E3779B9u;
        k1 += 0xBB67AE85u;
    }
    memcpy(g->out, c, sizeof c);
    for (int i = 0; i < 4 && ++g->ctr[i] == 0; i++) {
    }
    g->used = 0;
    g->blocks++;
}

static uint32_t philox_u32(philox *g)
{
    if (g->used == 4) {
        philox_block(g);
    }
    return g->out[g->used++];
}

/* Uniform in [0, 1) with 53 random bits. */
static double philox_unit(philox *g)
{
    uint64_t hi = philox_u32(g) >> 5, lo = philox_u32(g) >> 6;
    return (double)(hi * 67108864u + lo) / 9007199254740992.0;
}

static double philox_normal(philox *g)
{
    double u1 = 1.0 - philox_unit(g); /* (0, 1]: log is finite */
    double u2 = philox_unit(g);
    return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

typedef struct random_task {
    aclrtRandomNumTaskInfo info;
} random_task;

static const void *para_bytes(const aclrtRandomParaInfo *p)
{
    if (!p->isAddr) {
        return p->valueOrAddr;
    }
    void *addr;
    memcpy(&addr, p->valueOrAddr, sizeof addr);
    return addr;
}

static uint64_t para_uint(const aclrtRandomParaInfo *p)
{
    uint64_t v = 0;
    memcpy(&v, para_bytes(p), p->size); /* little-endian host */
    return v;
}

static double para_number(const aclrtRandomParaInfo *p, aclDataType type)
{
    const void *b = para_bytes(p);
    bool is_float = type == ACL_FLOAT || type == ACL_FLOAT16 || type == ACL_BF16 || type == ACL_DOUBLE;
    if (is_float) {
        if (p->size == 8) {
            double d;
            memcpy(&d, b, 8);
            return d;
        }
        if (p->size == 4) {
            float f;
            memcpy(&f, b, 4);
            return f;
        }
        uint16_t h;
        memcpy(&h, b, 2);
        return type == ACL_BF16 ? aclemu_bf16_to_f32(h) : aclemu_f16_to_f32(h);
    }
    uint64_t raw = para_uint(p);
    unsigned bits = 8u * p->size;
    if (bits < 64 && (raw >> (bits - 1)) & 1u) {
        raw |= ~(uint64_t)0 << bits; /* sign-extend */
    }
    return (double)(int64_t)raw;
}

static void store_value(void *out, size_t i, aclDataType type, double v)
{
    switch (type) {
    case ACL_FLOAT: ((float *)out)[i] = (float)v; break;
    case ACL_DOUBLE: ((double *)out)[i] = v; break;
    case ACL_FLOAT16: ((uint16_t *)out)[i] = aclemu_f32_to_f16((float)v); break;
    case ACL_BF16: ((uint16_t *)out)[i] = aclemu_f32_to_bf16((float)v); break;
    case ACL_INT32: ((int32_t *)out)[i] = (int32_t)floor(v); break;
    default: ((int64_t *)out)[i] = (int64_t)floor(v); break; /* ACL_INT64 */
    }
}

static aclError run_random(void *arg)
{
    const aclrtRandomNumTaskInfo *info = &((random_task *)arg)->info;
    const aclrtRandomNumFuncParaInfo *fp = &info->randomNumFuncParaInfo;
    uint64_t seed = para_uint(&info->randomSeed), n = para_uint(&info->randomNum);
    philox g = {{(uint32_t)seed, (uint32_t)(seed >> 32)}, {0, 0, 0, 0}, {0}, 4, 0};
    if (info->randomCounterAddr != NULL) {
        memcpy(g.ctr, info->randomCounterAddr, sizeof g.ctr);
    }
    aclDataType type = info->dataType;
    void *out = info->randomResultAddr;
    if (fp->funcType == ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK) {
        double ratio = para_number(&fp->paramInfo.dropoutBitmaskInfo.dropoutRation, ACL_FLOAT);
        unsigned char *bits = out;
        memset(bits, 0, (size_t)((n + 7) / 8));
        for (uint64_t i = 0; i < n; i++) {
            if (philox_unit(&g) >= ratio) {
                bits[i / 8] |= (unsigned char)(1u << (i % 8));
            }
        }
    } else if (fp->funcType == ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS) {
        double lo = para_number(&fp->paramInfo.uniformDisInfo.min, type);
        double hi = para_number(&fp->paramInfo.uniformDisInfo.max, type);
        for (uint64_t i = 0; i < n; i++) {
            store_value(out, (size_t)i, type, lo + philox_unit(&g) * (hi - lo));
        }
    } else {
        double mean = para_number(&fp->paramInfo.normalDisInfo.mean, type);
        double sd = para_number(&fp->paramInfo.normalDisInfo.stddev, type);
        bool truncated = fp->funcType == ACL_RT_RANDOM_NUM_FUNC_TYPE_TRUNCATED_NORMAL_DIS;
        for (uint64_t i = 0; i < n; i++) {
            double z = philox_normal(&g);
            while (truncated && fabs(z) > 2.0) {
                z = philox_normal(&g);
            }
            store_value(out, (size_t)i, type, mean + sd * z);
        }
    }
    if (info->randomCounterAddr != NULL) {
        memcpy(info->randomCounterAddr, g.ctr, sizeof g.ctr);
    }
    return ACL_SUCCESS;
}

/* A parameter's declared size must suit what it holds, and an address must be readable device memory. */
static aclError check_para(const aclrtRandomParaInfo *p, bool integer, const char *what, const char *fn)
{
    bool size_ok = integer ? (p->size == 1 || p->size == 2 || p->size == 4 || p->size == 8)
                           : (p->size == 2 || p->size == 4 || p->size == 8);
    if (!size_ok || p->isAddr > 1) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s has size %u (isAddr %u): expected 1, 2, 4 or 8 "
                                "bytes (2, 4 or 8 for a float)", fn, what, p->size, p->isAddr);
    }
    if (p->isAddr) {
        void *addr;
        memcpy(&addr, p->valueOrAddr, sizeof addr);
        if (addr == NULL) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %s is an address but NULL", fn, what);
        }
        return aclemu_mem_check_tracked(addr, p->size, true, fn, what);
    }
    return ACL_SUCCESS;
}

static aclError check_random(const aclrtRandomNumTaskInfo *info, const char *fn)
{
    const aclrtRandomNumFuncParaInfo *fp = &info->randomNumFuncParaInfo;
    aclDataType type = info->dataType;
    aclError err = check_para(&info->randomSeed, true, "randomSeed", fn);
    if (err == ACL_SUCCESS) {
        err = check_para(&info->randomNum, true, "randomNum", fn);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    bool integer_out = type == ACL_INT32 || type == ACL_INT64;
    bool float_out = type == ACL_FLOAT || type == ACL_FLOAT16 || type == ACL_BF16 || type == ACL_DOUBLE;
    switch (fp->funcType) {
    case ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK:
        err = check_para(&fp->paramInfo.dropoutBitmaskInfo.dropoutRation, false, "dropoutRation", fn);
        break;
    case ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS:
        if (!integer_out && !float_out) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: data type %d has no uniform distribution here "
                                    "(float, float16, bf16, double, int32, int64)", fn, (int)type);
        }
        err = check_para(&fp->paramInfo.uniformDisInfo.min, integer_out, "min", fn);
        if (err == ACL_SUCCESS) {
            err = check_para(&fp->paramInfo.uniformDisInfo.max, integer_out, "max", fn);
        }
        break;
    case ACL_RT_RANDOM_NUM_FUNC_TYPE_NORMAL_DIS:
    case ACL_RT_RANDOM_NUM_FUNC_TYPE_TRUNCATED_NORMAL_DIS:
        if (!float_out) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: a normal distribution needs a float data type, "
                                    "not %d", fn, (int)type);
        }
        err = check_para(&fp->paramInfo.normalDisInfo.mean, false, "mean", fn);
        if (err == ACL_SUCCESS) {
            err = check_para(&fp->paramInfo.normalDisInfo.stddev, false, "stddev", fn);
        }
        break;
    default:
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: funcType %d is not a random function", fn,
                                (int)fp->funcType);
    }
    return err;
}

/* The result (and counter) buffers must hold what an inline count asks for. */
static aclError check_output(const aclrtRandomNumTaskInfo *info, const char *fn)
{
    uint64_t n = para_uint(&info->randomNum);
    bool bits = info->randomNumFuncParaInfo.funcType == ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK;
    size_t width = bits ? 0 : aclemu_dtype_size(info->dataType);
    uint64_t bytes = bits ? (n + 7) / 8 : n * width;
    if (n == 0 || (!bits && (width == 0 || n > UINT64_MAX / width)) || bytes > SIZE_MAX ||
        info->randomResultAddr == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: randomNum %llu or randomResultAddr is invalid", fn,
                                (unsigned long long)n);
    }
    aclError err = aclemu_mem_check_tracked(info->randomResultAddr, (size_t)bytes, true, fn, "randomResultAddr");
    if (err == ACL_SUCCESS && info->randomCounterAddr != NULL) {
        err = aclemu_mem_check_tracked(info->randomCounterAddr, 16, true, fn, "randomCounterAddr");
    }
    return err;
}

bool aclemu_random_is_task(aclemu_task_fn run)
{
    return run == run_random;
}

aclError aclemu_random_update(void *arg, const aclrtRandomNumTaskInfo *src, const char *fn)
{
    random_task *task = arg;
    aclrtRandomNumTaskInfo next = task->info;
    next.randomParaAddr = src->randomParaAddr;
    next.randomResultAddr = src->randomResultAddr;
    next.randomCounterAddr = src->randomCounterAddr;
    next.randomSeed = src->randomSeed;
    next.randomNum = src->randomNum;
    aclError err = check_random(&next, fn);
    if (err == ACL_SUCCESS && next.randomNum.isAddr) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: randomNum must be an inline value", fn);
    }
    if (err == ACL_SUCCESS) {
        err = check_output(&next, fn);
    }
    if (err == ACL_SUCCESS) {
        task->info = next;
    }
    return err;
}

aclError aclrtRandomNumAsync(const aclrtRandomNumTaskInfo *taskInfo, const aclrtStream stream, void *reserve)
{
    (void)reserve;
    if (taskInfo == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: taskInfo is NULL", __func__);
    }
    aclError err = aclemu_mem_check(taskInfo, sizeof *taskInfo, false, __func__, "taskInfo");
    if (err == ACL_SUCCESS) {
        err = check_random(taskInfo, __func__);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    /* the count is known now only when inline; an address-held count is bounded when the task runs */
    if (taskInfo->randomNum.isAddr) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: randomNum must be an inline value here (the output "
                                "size is checked before the task is queued)", __func__);
    }
    err = check_output(taskInfo, __func__);
    if (err != ACL_SUCCESS) {
        return err;
    }
    random_task task = {*taskInfo};
    return submit_copy(stream, run_random, &task, sizeof task, __func__);
}
