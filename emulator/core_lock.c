/* The core lock and the condition broadcast whenever event state changes (see core_base.h). */
#include "core_base.h"

static pthread_mutex_t core_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t event_changed = PTHREAD_COND_INITIALIZER;

void rt_lock(void)
{
    pthread_mutex_lock(&core_lock);
}

void rt_unlock(void)
{
    pthread_mutex_unlock(&core_lock);
}

/* Bumped (under the core lock) by every broadcast, so a waiter can spin on it without the lock. */
static uint64_t event_generation;
static const uint64_t EVENT_SPIN_NS = 50000;

static bool generation_moved(const void *arg)
{
    return __atomic_load_n(&event_generation, __ATOMIC_ACQUIRE) != *(const uint64_t *)arg;
}

void rt_event_wait_locked(const struct timespec *deadline, bool *timed_out)
{
    *timed_out = false;
    /* spin a little first (spin.c); a broadcast meanwhile is seen as a change, like a wake-up */
    uint64_t seen = event_generation;
    pthread_mutex_unlock(&core_lock);
    bool moved = rt_spin_until(generation_moved, &seen, EVENT_SPIN_NS);
    pthread_mutex_lock(&core_lock);
    if (moved || event_generation != seen) {
        return;
    }
    if (deadline == NULL) {
        pthread_cond_wait(&event_changed, &core_lock);
    } else if (pthread_cond_timedwait(&event_changed, &core_lock, deadline) != 0) {
        *timed_out = true;
    }
}

void rt_event_broadcast_locked(void)
{
    __atomic_store_n(&event_generation, event_generation + 1, __ATOMIC_RELEASE);
    pthread_cond_broadcast(&event_changed);
}
