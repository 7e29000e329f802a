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

void rt_event_wait_locked(const struct timespec *deadline, bool *timed_out)
{
    *timed_out = false;
    if (deadline == NULL) {
        pthread_cond_wait(&event_changed, &core_lock);
    } else if (pthread_cond_timedwait(&event_changed, &core_lock, deadline) != 0) {
        *timed_out = true;
    }
}

void rt_event_broadcast_locked(void)
{
    pthread_cond_broadcast(&event_changed);
}
