/*
 * hi_mpi_sys_*_epoll over the emulator's channel readiness (himpi.h).
 *
 * Channel fds are the emulator's own numbers (a fixed function of module and channel, so a
 * channel's fd is stable), not kernel descriptors: nothing here touches the kernel's epoll. A
 * module reports each channel's level with aclemu_himpi_ready_set; hi_mpi_sys_wait_epoll reports
 * the watched fds whose level meets the watched events, or waits on a condition variable that
 * every level change broadcasts.
 *
 * Choices where the documentation is silent (said again in the report): a wait that times out
 * with nothing ready succeeds with event_num 0, like Linux epoll_wait; HI_DVPP_EPOLL_ET reports a
 * watched event once per rising edge of the level (a level set again after being cleared);
 * closing a channel's fd drops it from every epoll set.
 */
#include "emu.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "himpi.h"

enum {
    FD_BASE = 1024,     /* channel fds: FD_BASE + module * ACLEMU_HIMPI_MAX_CHN + chn */
    EPOLL_BASE = 64,    /* epoll fds: EPOLL_BASE + slot */
    EPOLL_MAX = 128,    /* epoll sets alive at once */
    EPOLL_MAX_SIZE = 4096
};

#define READY_MASK ((uint32_t)HI_DVPP_EPOLL_IN | (uint32_t)HI_DVPP_EPOLL_OUT)
#define EPOLL_ET_BIT ((uint32_t)HI_DVPP_EPOLL_ET)

typedef struct watch {
    int32_t fd;
    uint32_t events;      /* watched mask, with HI_DVPP_EPOLL_ET possibly */
    void *data;
    uint64_t seen_edge;   /* ET: the level generation last reported */
    struct watch *next;
} watch;

typedef struct epoll_set {
    bool live;
    watch *watches;
} epoll_set;

typedef struct chn_level {
    bool fd_open;
    uint32_t events;      /* current readiness */
    uint64_t edge;        /* bumped on every rising edge of a readiness bit */
} chn_level;

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t g_changed = PTHREAD_COND_INITIALIZER;
static chn_level g_levels[ACLEMU_HIMPI_MODULES][ACLEMU_HIMPI_MAX_CHN];
static epoll_set g_sets[EPOLL_MAX];

static bool in_range(int32_t module, int32_t chn)
{
    return module >= 0 && module < ACLEMU_HIMPI_MODULES && chn >= 0 && chn < ACLEMU_HIMPI_MAX_CHN;
}

/* The level of a channel fd (caller holds g_lock), NULL when fd is no open channel fd. */
static chn_level *level_of_fd(int32_t fd)
{
    if (fd < FD_BASE || fd >= FD_BASE + ACLEMU_HIMPI_MODULES * ACLEMU_HIMPI_MAX_CHN) {
        return NULL;
    }
    int32_t index = fd - FD_BASE;
    chn_level *level = &g_levels[index / ACLEMU_HIMPI_MAX_CHN][index % ACLEMU_HIMPI_MAX_CHN];
    return level->fd_open ? level : NULL;
}

int32_t aclemu_himpi_fd_open(int32_t module, int32_t chn, int32_t *result)
{
    if (!in_range(module, chn)) {
        if (result != NULL) {
            *result = ACLEMU_HIMPI_BAD_ARG;
        }
        return -1;
    }
    pthread_mutex_lock(&g_lock);
    g_levels[module][chn].fd_open = true;
    pthread_mutex_unlock(&g_lock);
    if (result != NULL) {
        *result = ACLEMU_HIMPI_OK;
    }
    return FD_BASE + module * ACLEMU_HIMPI_MAX_CHN + chn;
}

static void drop_watches_of(int32_t fd)
{
    for (int32_t slot = 0; slot < EPOLL_MAX; slot++) {
        for (watch **link = &g_sets[slot].watches; *link != NULL;) {
            watch *w = *link;
            if (w->fd == fd) {
                *link = w->next;
                free(w);
            } else {
                link = &w->next;
            }
        }
    }
}

int32_t aclemu_himpi_fd_close(int32_t module, int32_t chn)
{
    if (!in_range(module, chn)) {
        return ACLEMU_HIMPI_BAD_ARG;
    }
    pthread_mutex_lock(&g_lock);
    chn_level *level = &g_levels[module][chn];
    int32_t result = level->fd_open ? ACLEMU_HIMPI_OK : ACLEMU_HIMPI_UNEXIST;
    if (level->fd_open) {
        drop_watches_of(FD_BASE + module * ACLEMU_HIMPI_MAX_CHN + chn);
    }
    *level = (chn_level){0};
    pthread_cond_broadcast(&g_changed);
    pthread_mutex_unlock(&g_lock);
    return result;
}

void aclemu_himpi_ready_set(int32_t module, int32_t chn, uint32_t events)
{
    if (!in_range(module, chn)) {
        return;
    }
    pthread_mutex_lock(&g_lock);
    chn_level *level = &g_levels[module][chn];
    uint32_t now = events & READY_MASK;
    if ((now & ~level->events) != 0) {
        level->edge++;
    }
    if (now != level->events) {
        level->events = now;
        pthread_cond_broadcast(&g_changed);
    }
    pthread_mutex_unlock(&g_lock);
}

/* The epoll set of epoll_fd (caller holds g_lock), NULL when it is not a live one. */
static epoll_set *set_of(int32_t epoll_fd)
{
    if (epoll_fd < EPOLL_BASE || epoll_fd >= EPOLL_BASE + EPOLL_MAX) {
        return NULL;
    }
    epoll_set *set = &g_sets[epoll_fd - EPOLL_BASE];
    return set->live ? set : NULL;
}

hi_s32 hi_mpi_sys_create_epoll(hi_s32 size, hi_s32 *epoll_fd)
{
    if (epoll_fd == NULL) {
        return aclemu_set_error((aclError)HI_ERR_SYS_NULL_PTR, "hi_mpi_sys_create_epoll: epoll_fd is NULL");
    }
    if (size <= 0 || size > EPOLL_MAX_SIZE) {
        return aclemu_set_error((aclError)HI_ERR_SYS_ILLEGAL_PARAM,
                                "hi_mpi_sys_create_epoll: size %d is outside [1, %d]", size, EPOLL_MAX_SIZE);
    }
    pthread_mutex_lock(&g_lock);
    int32_t found = -1;
    for (int32_t slot = 0; slot < EPOLL_MAX && found < 0; slot++) {
        if (!g_sets[slot].live) {
            g_sets[slot].live = true;
            found = slot;
        }
    }
    pthread_mutex_unlock(&g_lock);
    if (found < 0) {
        return aclemu_set_error((aclError)HI_ERR_SYS_NO_MEM, "hi_mpi_sys_create_epoll: all %d epoll sets are in use",
                                EPOLL_MAX);
    }
    *epoll_fd = EPOLL_BASE + found;
    return HI_SUCCESS;
}

static watch *find_watch(epoll_set *set, int32_t fd, watch ***link_out)
{
    for (watch **link = &set->watches; *link != NULL; link = &(*link)->next) {
        if ((*link)->fd == fd) {
            *link_out = link;
            return *link;
        }
    }
    return NULL;
}

/* ctl on a live set and an open channel fd (caller holds g_lock). */
static hi_s32 ctl_locked(epoll_set *set, hi_s32 operation, hi_s32 fd, const hi_dvpp_epoll_event *event,
                         const chn_level *level)
{
    watch **link = NULL;
    watch *existing = find_watch(set, fd, &link);
    switch (operation) {
    case HI_DVPP_EPOLL_CTL_ADD: {
        if (existing != NULL) {
            return aclemu_set_error((aclError)HI_ERR_SYS_EXIST, "hi_mpi_sys_ctl_epoll: fd %d is already watched", fd);
        }
        watch *w = calloc(1, sizeof *w);
        if (w == NULL) {
            return aclemu_set_error((aclError)HI_ERR_SYS_NO_MEM, "hi_mpi_sys_ctl_epoll: out of memory");
        }
        *w = (watch){.fd = fd, .events = event->events, .data = event->data, .seen_edge = level->edge - 1,
                     .next = set->watches};
        set->watches = w;
        return HI_SUCCESS;
    }
    case HI_DVPP_EPOLL_CTL_MOD:
        if (existing == NULL) {
            return aclemu_set_error((aclError)HI_ERR_SYS_UNEXIST, "hi_mpi_sys_ctl_epoll: fd %d is not watched", fd);
        }
        existing->events = event->events;
        existing->data = event->data;
        existing->seen_edge = level->edge - 1;
        return HI_SUCCESS;
    default: /* HI_DVPP_EPOLL_CTL_DEL, checked by the caller */
        if (existing == NULL) {
            return aclemu_set_error((aclError)HI_ERR_SYS_UNEXIST, "hi_mpi_sys_ctl_epoll: fd %d is not watched", fd);
        }
        *link = existing->next;
        free(existing);
        return HI_SUCCESS;
    }
}

hi_s32 hi_mpi_sys_ctl_epoll(hi_s32 epoll_fd, hi_s32 operation, hi_s32 fd, hi_dvpp_epoll_event *event)
{
    if (operation != HI_DVPP_EPOLL_CTL_ADD && operation != HI_DVPP_EPOLL_CTL_MOD &&
        operation != HI_DVPP_EPOLL_CTL_DEL) {
        return aclemu_set_error((aclError)HI_ERR_SYS_ILLEGAL_PARAM, "hi_mpi_sys_ctl_epoll: operation %d is not ADD, MOD or DEL",
                                operation);
    }
    if (event == NULL && operation != HI_DVPP_EPOLL_CTL_DEL) {
        return aclemu_set_error((aclError)HI_ERR_SYS_NULL_PTR, "hi_mpi_sys_ctl_epoll: event is NULL");
    }
    if (event != NULL && (event->events & ~(READY_MASK | EPOLL_ET_BIT)) != 0) {
        return aclemu_set_error((aclError)HI_ERR_SYS_ILLEGAL_PARAM,
                                "hi_mpi_sys_ctl_epoll: events 0x%x has bits other than IN, OUT and ET", event->events);
    }
    pthread_mutex_lock(&g_lock);
    epoll_set *set = set_of(epoll_fd);
    chn_level *level = level_of_fd(fd);
    hi_s32 ret;
    if (set == NULL) {
        ret = aclemu_set_error((aclError)HI_ERR_SYS_UNEXIST, "hi_mpi_sys_ctl_epoll: %d is not an open epoll fd", epoll_fd);
    } else if (level == NULL) {
        ret = aclemu_set_error((aclError)HI_ERR_SYS_ILLEGAL_PARAM,
                               "hi_mpi_sys_ctl_epoll: %d is not an open channel fd (hi_mpi_vdec_get_fd / hi_mpi_venc_get_fd)", fd);
    } else {
        ret = ctl_locked(set, operation, fd, event, level);
    }
    pthread_mutex_unlock(&g_lock);
    return ret;
}

/* Fill events[] with what is ready now (caller holds g_lock); returns the count. */
static hi_s32 collect_locked(epoll_set *set, hi_dvpp_epoll_event *events, hi_s32 max_events)
{
    hi_s32 count = 0;
    for (watch *w = set->watches; w != NULL && count < max_events; w = w->next) {
        const chn_level *level = level_of_fd(w->fd);
        uint32_t ready = level == NULL ? 0 : level->events & w->events & READY_MASK;
        if (ready == 0) {
            continue;
        }
        if ((w->events & EPOLL_ET_BIT) != 0) {
            if (w->seen_edge == level->edge) {
                continue;
            }
            w->seen_edge = level->edge;
        }
        events[count++] = (hi_dvpp_epoll_event){.events = ready, .data = w->data};
    }
    return count;
}

hi_s32 hi_mpi_sys_wait_epoll(hi_s32 epoll_fd, hi_dvpp_epoll_event *events, hi_s32 max_events, hi_s32 timeout,
                             hi_s32 *event_num)
{
    if (events == NULL || event_num == NULL) {
        return aclemu_set_error((aclError)HI_ERR_SYS_NULL_PTR, "hi_mpi_sys_wait_epoll: %s is NULL",
                                events == NULL ? "events" : "event_num");
    }
    if (max_events <= 0) {
        return aclemu_set_error((aclError)HI_ERR_SYS_ILLEGAL_PARAM, "hi_mpi_sys_wait_epoll: max_events %d is not positive",
                                max_events);
    }
    if (timeout < -1) {
        return aclemu_set_error((aclError)HI_ERR_SYS_ILLEGAL_PARAM,
                                "hi_mpi_sys_wait_epoll: timeout %d (-1 waits forever, 0 polls, > 0 milliseconds)", timeout);
    }
    struct timespec deadline;
    if (timeout > 0) {
        aclemu_deadline(&deadline, timeout);
    }
    hi_s32 ret = HI_SUCCESS;
    pthread_mutex_lock(&g_lock);
    for (;;) {
        epoll_set *set = set_of(epoll_fd);
        if (set == NULL) {
            ret = aclemu_set_error((aclError)HI_ERR_SYS_UNEXIST, "hi_mpi_sys_wait_epoll: %d is not an open epoll fd",
                                   epoll_fd);
            break;
        }
        hi_s32 count = collect_locked(set, events, max_events);
        if (count > 0 || timeout == 0) {
            *event_num = count;
            break;
        }
        if (timeout < 0) {
            pthread_cond_wait(&g_changed, &g_lock);
        } else if (pthread_cond_timedwait(&g_changed, &g_lock, &deadline) == ETIMEDOUT) {
            timeout = 0; /* one last look, then report what is there */
        }
    }
    pthread_mutex_unlock(&g_lock);
    return ret;
}

hi_s32 hi_mpi_sys_close_epoll(hi_s32 epoll_fd)
{
    pthread_mutex_lock(&g_lock);
    epoll_set *set = set_of(epoll_fd);
    if (set != NULL) {
        while (set->watches != NULL) {
            watch *w = set->watches;
            set->watches = w->next;
            free(w);
        }
        set->live = false;
        pthread_cond_broadcast(&g_changed); /* waiters on it return UNEXIST */
    }
    pthread_mutex_unlock(&g_lock);
    if (set == NULL) {
        return aclemu_set_error((aclError)HI_ERR_SYS_UNEXIST, "hi_mpi_sys_close_epoll: %d is not an open epoll fd", epoll_fd);
    }
    return HI_SUCCESS;
}
