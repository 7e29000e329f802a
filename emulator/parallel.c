/* Per-call worker threads for compute kernels (parallel.h). */
#define _GNU_SOURCE
#include "parallel.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>

#include "emu.h"

#define MAX_THREADS 64

static unsigned thread_count = 1;
static pthread_once_t thread_count_once = PTHREAD_ONCE_INIT;

static void read_thread_count(void)
{
    long long wanted = aclemu_env_ll("ACL_EMU_THREADS", 0);
    if (wanted < 1) {
        cpu_set_t cpus;
        wanted = sched_getaffinity(0, sizeof cpus, &cpus) == 0 ? CPU_COUNT(&cpus) : 1;
    }
    thread_count = wanted < 1 ? 1 : wanted > MAX_THREADS ? MAX_THREADS : (unsigned)wanted;
}

unsigned aclemu_compute_threads(void)
{
    pthread_once(&thread_count_once, read_thread_count);
    return thread_count;
}

typedef struct part {
    void (*body)(void *ctx, size_t begin, size_t end);
    void *ctx;
    size_t begin, end;
    void *workspace; /* the caller's (aclemu_workspace_share): scratch comes from the same place */
} part;

static void *run_part(void *arg)
{
    part *p = arg;
    aclemu_workspace_join(p->workspace);
    p->body(p->ctx, p->begin, p->end);
    aclemu_workspace_join(NULL);
    return NULL;
}

void aclemu_parallel_for(size_t count, size_t grain, void (*body)(void *ctx, size_t begin, size_t end), void *ctx)
{
    if (count == 0) {
        return;
    }
    size_t parts = aclemu_compute_threads();
    if (grain == 0) {
        grain = 1;
    }
    if (parts > count / grain) {
        parts = count / grain > 0 ? count / grain : 1;
    }
    if (parts == 1) {
        body(ctx, 0, count);
        return;
    }
    part work[MAX_THREADS];
    pthread_t threads[MAX_THREADS];
    bool started[MAX_THREADS] = {false};
    size_t step = (count + parts - 1) / parts;
    void *workspace = aclemu_workspace_share();
    for (size_t i = 0; i < parts; i++) {
        size_t begin = i * step;
        work[i] = (part){body, ctx, begin, begin + step < count ? begin + step : count, workspace};
    }
    aclemu_all_cores_begin();
    /* part 0 runs on the caller, after the others have been handed out */
    for (size_t i = 1; i < parts; i++) {
        started[i] = work[i].begin < work[i].end && pthread_create(&threads[i], NULL, run_part, &work[i]) == 0;
    }
    work[0].body(ctx, work[0].begin, work[0].end);
    for (size_t i = 1; i < parts; i++) {
        if (started[i]) {
            pthread_join(threads[i], NULL);
        } else if (work[i].begin < work[i].end) {
            work[i].body(ctx, work[i].begin, work[i].end); /* on the caller, in its own scope */
        }
    }
    aclemu_all_cores_end();
}
