/* Bounded spinning before a sleep: a thread about to wait for another looks at the condition
 * for a short while, yielding the CPU between looks, and only then blocks on its condition
 * variable. A wake-up through a condition variable costs 10-50 us on a VM; a handoff seen while
 * spinning costs a yield. The bound keeps an idle thread from burning a core.
 *
 * A yield gives the CPU to any runnable thread, and on a busy machine another program's may keep
 * it for a whole time slice (milliseconds). When one yield was away that long, spinning stops for
 * a while (every spin of the process then sleeps at once), so a loaded machine pays that at most
 * once per back-off period. */
#include "core_base.h"

#include <sched.h>

static const uint64_t YIELD_LOST_NS = 100000; /* a yield away this long: the CPU went elsewhere */
static const uint64_t BACKOFF_NS = 20000000;  /* then no spinning for this long */
static uint64_t spin_backoff_until;           /* aclemu_now_ns() value; atomic */
static unsigned all_cores_users;              /* kernels using every core now; atomic */

void aclemu_all_cores_begin(void)
{
    __atomic_add_fetch(&all_cores_users, 1, __ATOMIC_RELAXED);
}

void aclemu_all_cores_end(void)
{
    __atomic_sub_fetch(&all_cores_users, 1, __ATOMIC_RELAXED);
}

static bool cores_taken(void)
{
    return __atomic_load_n(&all_cores_users, __ATOMIC_RELAXED) != 0;
}

bool rt_spin_until(bool (*ready)(const void *), const void *arg, uint64_t budget_ns)
{
    if (ready(arg)) {
        return true;
    }
    uint64_t start = aclemu_now_ns();
    if (start < __atomic_load_n(&spin_backoff_until, __ATOMIC_RELAXED) || cores_taken()) {
        return false;
    }
    for (uint64_t before = start;;) {
        /* yield rather than pause: with one CPU (or a busy machine) the thread we wait for
         * needs this one's CPU to make progress */
        sched_yield();
        if (ready(arg)) {
            return true;
        }
        if (cores_taken()) {
            return false;
        }
        uint64_t now = aclemu_now_ns();
        if (now - before >= YIELD_LOST_NS) {
            __atomic_store_n(&spin_backoff_until, now + BACKOFF_NS, __ATOMIC_RELAXED);
            return false;
        }
        if (now - start >= budget_ns) {
            return false;
        }
        before = now;
    }
}
