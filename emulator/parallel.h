/* Data parallelism for compute kernels: split a range over the machine's cores. */
#ifndef ACLEMU_PARALLEL_H
#define ACLEMU_PARALLEL_H

#include <stddef.h>

/* Threads a kernel may use: ACL_EMU_THREADS when set (>= 1), else the CPUs this process may run
 * on (its affinity mask, so `taskset` is honoured). Read once. */
unsigned aclemu_compute_threads(void);

/* Calls body(ctx, begin, end) over disjoint sub-ranges covering [0, count), each at least `grain`
 * long (except a last, shorter one), on up to aclemu_compute_threads() threads including the
 * caller, and returns when all have finished. A sub-range whose thread cannot be started runs on
 * the caller, so the work is always done. Threads are started per call: kernels worth splitting
 * run for far longer than a thread start, and nothing survives a fork. */
void aclemu_parallel_for(size_t count, size_t grain, void (*body)(void *ctx, size_t begin, size_t end), void *ctx);

#endif
