/*
 * C-level checks of the hi_mpi area's shared services (emulator/himpi.h) that the VDEC/VENC/VPC
 * files build on: epoll readiness (levels, edges, blocking waits woken by another thread,
 * timeouts), task ids with the get-result timeout convention, and the reference-counted channel
 * registry. Prints "ok" and exits 0 when every check passed.
 */
#include "himpi.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int g_failures;

#define CHECK(cond)                                                           \
    do {                                                                      \
        if (!(cond)) {                                                        \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            g_failures++;                                                     \
        }                                                                     \
    } while (0)

static void sleep_ms(long ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

static double elapsed_ms(uint64_t since_ns)
{
    return (double)(aclemu_now_ns() - since_ns) / 1e6;
}

typedef struct {
    int32_t module, chn;
    long delay_ms;
    uint32_t task_id;
} delayed;

static void *set_ready_later(void *arg)
{
    delayed *d = arg;
    sleep_ms(d->delay_ms);
    aclemu_himpi_ready_set(d->module, d->chn, HI_DVPP_EPOLL_IN);
    return NULL;
}

static void *finish_later(void *arg)
{
    delayed *d = arg;
    sleep_ms(d->delay_ms);
    aclemu_himpi_task_finish(d->module, d->chn, d->task_id, 1234);
    return NULL;
}

static void check_epoll_levels(void)
{
    int32_t result = -1;
    int32_t fd = aclemu_himpi_fd_open(ACLEMU_HIMPI_VDEC, 3, &result);
    CHECK(fd >= 0 && result == ACLEMU_HIMPI_OK);
    CHECK(aclemu_himpi_fd_open(ACLEMU_HIMPI_VDEC, 3, NULL) == fd); /* stable per channel */
    CHECK(aclemu_himpi_fd_open(ACLEMU_HIMPI_VDEC, 4, NULL) != fd);
    CHECK(aclemu_himpi_fd_open(ACLEMU_HIMPI_MODULES, 0, &result) == -1 && result == ACLEMU_HIMPI_BAD_ARG);

    hi_s32 ep = -1;
    CHECK(hi_mpi_sys_create_epoll(8, &ep) == HI_SUCCESS);
    hi_dvpp_epoll_event watch = {.events = HI_DVPP_EPOLL_IN, .data = (void *)0x1234};
    CHECK(hi_mpi_sys_ctl_epoll(ep, HI_DVPP_EPOLL_CTL_ADD, fd, &watch) == HI_SUCCESS);
    CHECK(hi_mpi_sys_ctl_epoll(ep, HI_DVPP_EPOLL_CTL_ADD, fd, &watch) == (hi_s32)HI_ERR_SYS_EXIST);

    hi_dvpp_epoll_event got[4];
    hi_s32 count = -1;
    CHECK(hi_mpi_sys_wait_epoll(ep, got, 4, 0, &count) == HI_SUCCESS && count == 0);
    aclemu_himpi_ready_set(ACLEMU_HIMPI_VDEC, 3, HI_DVPP_EPOLL_OUT); /* not watched */
    CHECK(hi_mpi_sys_wait_epoll(ep, got, 4, 0, &count) == HI_SUCCESS && count == 0);
    aclemu_himpi_ready_set(ACLEMU_HIMPI_VDEC, 3, HI_DVPP_EPOLL_IN | HI_DVPP_EPOLL_OUT);
    /* level-triggered: reported on every wait while the level holds */
    for (int i = 0; i < 2; i++) {
        CHECK(hi_mpi_sys_wait_epoll(ep, got, 4, 0, &count) == HI_SUCCESS && count == 1);
        CHECK(got[0].events == HI_DVPP_EPOLL_IN && got[0].data == (void *)0x1234);
    }
    aclemu_himpi_ready_set(ACLEMU_HIMPI_VDEC, 3, 0);
    CHECK(hi_mpi_sys_wait_epoll(ep, got, 4, 0, &count) == HI_SUCCESS && count == 0);

    /* a timed wait with nothing ready returns after the timeout with no event */
    uint64_t start = aclemu_now_ns();
    CHECK(hi_mpi_sys_wait_epoll(ep, got, 4, 120, &count) == HI_SUCCESS && count == 0);
    CHECK(elapsed_ms(start) >= 110);

    /* a blocking wait is woken by a channel becoming ready on another thread */
    delayed d = {ACLEMU_HIMPI_VDEC, 3, 80, 0};
    pthread_t thread;
    pthread_create(&thread, NULL, set_ready_later, &d);
    start = aclemu_now_ns();
    CHECK(hi_mpi_sys_wait_epoll(ep, got, 4, -1, &count) == HI_SUCCESS && count == 1);
    CHECK(elapsed_ms(start) >= 70);
    pthread_join(thread, NULL);

    /* edge-triggered: once per rising edge */
    int32_t fd2 = aclemu_himpi_fd_open(ACLEMU_HIMPI_VENC, 0, NULL);
    hi_dvpp_epoll_event edge = {.events = HI_DVPP_EPOLL_IN | HI_DVPP_EPOLL_ET, .data = (void *)0x99};
    CHECK(hi_mpi_sys_ctl_epoll(ep, HI_DVPP_EPOLL_CTL_ADD, fd2, &edge) == HI_SUCCESS);
    CHECK(hi_mpi_sys_ctl_epoll(ep, HI_DVPP_EPOLL_CTL_DEL, fd, NULL) == HI_SUCCESS);
    CHECK(hi_mpi_sys_ctl_epoll(ep, HI_DVPP_EPOLL_CTL_DEL, fd, NULL) == (hi_s32)HI_ERR_SYS_UNEXIST);
    aclemu_himpi_ready_set(ACLEMU_HIMPI_VENC, 0, HI_DVPP_EPOLL_IN);
    CHECK(hi_mpi_sys_wait_epoll(ep, got, 4, 0, &count) == HI_SUCCESS && count == 1 && got[0].data == (void *)0x99);
    CHECK(hi_mpi_sys_wait_epoll(ep, got, 4, 0, &count) == HI_SUCCESS && count == 0);
    aclemu_himpi_ready_set(ACLEMU_HIMPI_VENC, 0, 0);
    aclemu_himpi_ready_set(ACLEMU_HIMPI_VENC, 0, HI_DVPP_EPOLL_IN);
    CHECK(hi_mpi_sys_wait_epoll(ep, got, 4, 0, &count) == HI_SUCCESS && count == 1);

    /* MOD changes what is watched; closing the channel fd drops it from the set */
    hi_dvpp_epoll_event out_only = {.events = HI_DVPP_EPOLL_OUT, .data = NULL};
    CHECK(hi_mpi_sys_ctl_epoll(ep, HI_DVPP_EPOLL_CTL_MOD, fd2, &out_only) == HI_SUCCESS);
    CHECK(hi_mpi_sys_wait_epoll(ep, got, 4, 0, &count) == HI_SUCCESS && count == 0);
    CHECK(hi_mpi_sys_ctl_epoll(ep, HI_DVPP_EPOLL_CTL_MOD, fd2, &edge) == HI_SUCCESS);
    CHECK(aclemu_himpi_fd_close(ACLEMU_HIMPI_VENC, 0) == ACLEMU_HIMPI_OK);
    CHECK(aclemu_himpi_fd_close(ACLEMU_HIMPI_VENC, 0) == ACLEMU_HIMPI_UNEXIST);
    CHECK(hi_mpi_sys_wait_epoll(ep, got, 4, 0, &count) == HI_SUCCESS && count == 0);
    CHECK(hi_mpi_sys_ctl_epoll(ep, HI_DVPP_EPOLL_CTL_DEL, fd2, NULL) == (hi_s32)HI_ERR_SYS_ILLEGAL_PARAM);

    /* more events ready than max_events: only max_events reported */
    int32_t fds[3];
    for (int32_t i = 0; i < 3; i++) {
        fds[i] = aclemu_himpi_fd_open(ACLEMU_HIMPI_PNGD, 10 + i, NULL);
        CHECK(hi_mpi_sys_ctl_epoll(ep, HI_DVPP_EPOLL_CTL_ADD, fds[i], &watch) == HI_SUCCESS);
        aclemu_himpi_ready_set(ACLEMU_HIMPI_PNGD, 10 + i, HI_DVPP_EPOLL_IN);
    }
    CHECK(hi_mpi_sys_wait_epoll(ep, got, 2, 0, &count) == HI_SUCCESS && count == 2);
    CHECK(hi_mpi_sys_close_epoll(ep) == HI_SUCCESS);
    CHECK(hi_mpi_sys_close_epoll(ep) == (hi_s32)HI_ERR_SYS_UNEXIST);
    CHECK(hi_mpi_sys_wait_epoll(ep, got, 2, 0, &count) == (hi_s32)HI_ERR_SYS_UNEXIST);
    for (int32_t i = 0; i < 3; i++) {
        aclemu_himpi_fd_close(ACLEMU_HIMPI_PNGD, 10 + i);
    }
    aclemu_himpi_fd_close(ACLEMU_HIMPI_VDEC, 3);
    aclemu_himpi_fd_close(ACLEMU_HIMPI_VDEC, 4);
}

static void check_tasks(void)
{
    uint32_t a = aclemu_himpi_task_begin(ACLEMU_HIMPI_VPC, 1);
    uint32_t b = aclemu_himpi_task_begin(ACLEMU_HIMPI_VPC, 1);
    CHECK(a != 0 && b != 0 && a != b);
    int32_t ret = -1;
    CHECK(aclemu_himpi_task_wait(ACLEMU_HIMPI_VPC, 1, a, 0, &ret) == ACLEMU_HIMPI_TIMEOUT);
    uint64_t start = aclemu_now_ns();
    CHECK(aclemu_himpi_task_wait(ACLEMU_HIMPI_VPC, 1, a, 60, &ret) == ACLEMU_HIMPI_TIMEOUT);
    CHECK(elapsed_ms(start) >= 50);
    CHECK(aclemu_himpi_task_wait(ACLEMU_HIMPI_VPC, 2, a, 0, &ret) == ACLEMU_HIMPI_UNEXIST); /* other channel */
    aclemu_himpi_task_finish(ACLEMU_HIMPI_VPC, 1, a, 7);
    CHECK(aclemu_himpi_task_wait(ACLEMU_HIMPI_VPC, 1, a, 0, &ret) == ACLEMU_HIMPI_OK && ret == 7);
    CHECK(aclemu_himpi_task_wait(ACLEMU_HIMPI_VPC, 1, a, 0, &ret) == ACLEMU_HIMPI_UNEXIST); /* taken */

    delayed d = {ACLEMU_HIMPI_VPC, 1, 60, b};
    pthread_t thread;
    pthread_create(&thread, NULL, finish_later, &d);
    CHECK(aclemu_himpi_task_wait(ACLEMU_HIMPI_VPC, 1, b, -1, &ret) == ACLEMU_HIMPI_OK && ret == 1234);
    pthread_join(thread, NULL);

    uint32_t c = aclemu_himpi_task_begin(ACLEMU_HIMPI_VPC, 1);
    aclemu_himpi_task_forget_chn(ACLEMU_HIMPI_VPC, 1);
    CHECK(aclemu_himpi_task_wait(ACLEMU_HIMPI_VPC, 1, c, -1, &ret) == ACLEMU_HIMPI_UNEXIST);
}

static int g_freed;
static void count_free(void *obj)
{
    (void)obj;
    g_freed++;
}

static void check_registry(void)
{
    static int obj_a, obj_b;
    CHECK(aclemu_himpi_chn_register(ACLEMU_HIMPI_VENC, 5, &obj_a, count_free) == ACLEMU_HIMPI_OK);
    CHECK(aclemu_himpi_chn_register(ACLEMU_HIMPI_VENC, 5, &obj_b, count_free) == ACLEMU_HIMPI_EXIST);
    CHECK(aclemu_himpi_chn_register(ACLEMU_HIMPI_VENC, ACLEMU_HIMPI_MAX_CHN, &obj_b, count_free) ==
          ACLEMU_HIMPI_BAD_ARG);
    CHECK(aclemu_himpi_chn_register(ACLEMU_HIMPI_VENC, -1, &obj_b, count_free) == ACLEMU_HIMPI_BAD_ARG);
    CHECK(aclemu_himpi_chn_acquire(ACLEMU_HIMPI_VENC, 6) == NULL);
    void *held = aclemu_himpi_chn_acquire(ACLEMU_HIMPI_VENC, 5);
    CHECK(held == &obj_a);
    CHECK(aclemu_himpi_chn_unregister(ACLEMU_HIMPI_VENC, 5) == ACLEMU_HIMPI_OK);
    CHECK(aclemu_himpi_chn_unregister(ACLEMU_HIMPI_VENC, 5) == ACLEMU_HIMPI_UNEXIST);
    CHECK(aclemu_himpi_chn_acquire(ACLEMU_HIMPI_VENC, 5) == NULL);
    CHECK(g_freed == 0); /* still held */
    /* the number can be reused while the old object is still held */
    CHECK(aclemu_himpi_chn_register(ACLEMU_HIMPI_VENC, 5, &obj_b, count_free) == ACLEMU_HIMPI_OK);
    aclemu_himpi_chn_release(held);
    CHECK(g_freed == 1);
    CHECK(aclemu_himpi_chn_unregister_all() == 1);
    CHECK(g_freed == 2);
}

int main(void)
{
    check_epoll_levels();
    check_tasks();
    check_registry();
    if (g_failures != 0) {
        fprintf(stderr, "%d checks failed\n", g_failures);
        return 1;
    }
    puts("ok");
    return 0;
}
