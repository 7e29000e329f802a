/*
 * Internal API of the hi_mpi_* DVPP area (acl/dvpp/hi_*.h), shared by the himpi_*.c files:
 * system/memory and epoll (himpi_sys.c, himpi_epoll.c), VPC and regions (himpi_vpc*.c,
 * himpi_region.c), and the VDEC / VENC / PNGD channels (himpi_vdec*.c, himpi_venc*.c, ...).
 *
 * hi_mpi channels are named by the user: a (module, channel number) pair. This header gives
 * each module file three shared services, all thread-safe (one private lock each, never held
 * while calling back into a module):
 *
 *  1. a channel registry: the module's own object for (module, chn), reference counted so that a
 *     channel destroyed by one thread while another thread uses it is freed only after the last
 *     user lets go;
 *  2. readiness for epoll: a module hands out a file descriptor per channel
 *     (hi_mpi_vdec_get_fd / hi_mpi_venc_get_fd) with aclemu_himpi_fd_open, and reports the
 *     channel's state with aclemu_himpi_ready_set whenever it changes (a frame became available:
 *     HI_DVPP_EPOLL_IN set; the last one taken: cleared). hi_mpi_sys_wait_epoll sees those
 *     levels and wakes on changes;
 *  3. task ids: an asynchronous operation (a VPC task) takes a pending id with
 *     aclemu_himpi_task_begin, finishes it with aclemu_himpi_task_finish, and the "get result"
 *     call waits for it with aclemu_himpi_task_wait and the runtime's timeout convention.
 *
 * Return values follow the hi_mpi convention: 0 (HI_SUCCESS) or a module's HI_ERR_* code; these
 * helpers return the neutral codes below and the caller maps them to its module's code.
 */
#ifndef ACLEMU_HIMPI_H
#define ACLEMU_HIMPI_H

#include "emu.h"

#include "acl/dvpp/hi_dvpp.h"

/* Modules that own hi_mpi channels (the registry, fd and task keys). */
typedef enum aclemu_himpi_module {
    ACLEMU_HIMPI_VPC = 0,
    ACLEMU_HIMPI_VDEC = 1,
    ACLEMU_HIMPI_VENC = 2,
    ACLEMU_HIMPI_PNGD = 3,
    ACLEMU_HIMPI_MODULES = 4
} aclemu_himpi_module;

/* Neutral results of the helpers (callers turn them into HI_ERR_<module>_* codes). */
enum aclemu_himpi_result {
    ACLEMU_HIMPI_OK = 0,
    ACLEMU_HIMPI_EXIST = 1,      /* channel already registered / fd already open */
    ACLEMU_HIMPI_UNEXIST = 2,    /* no such channel, fd or task */
    ACLEMU_HIMPI_TIMEOUT = 3,    /* the wait ran out (or 0 ms and not done yet) */
    ACLEMU_HIMPI_NO_MEM = 4,
    ACLEMU_HIMPI_BAD_ARG = 5     /* module out of range, negative channel, ... */
};

/* Channel numbers each module accepts: [0, ACLEMU_HIMPI_MAX_CHN). Chosen to cover the documented
 * ranges of every chip (VPC 256 channels, VDEC/VENC 256 on the largest ones). */
enum { ACLEMU_HIMPI_MAX_CHN = 256 };

/* ------------------------------------------------------------- channel registry */

/* Runs once per registered object, after it was unregistered and its last reference released. */
typedef void (*aclemu_himpi_chn_free_fn)(void *obj);

/* Register `obj` as (module, chn). EXIST when that channel is registered; BAD_ARG for a module or
 * chn out of range; NO_MEM. The registry does not take a reference for the caller. */
int32_t aclemu_himpi_chn_register(int32_t module, int32_t chn, void *obj, aclemu_himpi_chn_free_fn free_obj);
/* The object of (module, chn) with one more reference (release it with aclemu_himpi_chn_release),
 * or NULL when none is registered. */
void *aclemu_himpi_chn_acquire(int32_t module, int32_t chn);
/* Drop a reference taken by aclemu_himpi_chn_acquire; frees an unregistered object whose last
 * reference this was. */
void aclemu_himpi_chn_release(void *obj);
/* Unregister (module, chn): later acquires give NULL; the object is freed now if nobody holds a
 * reference, else by the last release. Also closes the channel's epoll fd. UNEXIST when not
 * registered. */
int32_t aclemu_himpi_chn_unregister(int32_t module, int32_t chn);
/* Unregister every channel of every module (hi_mpi_sys_exit, aclFinalize); returns how many. */
size_t aclemu_himpi_chn_unregister_all(void);

/* ----------------------------------------------------------- epoll readiness */

/* A file descriptor for (module, chn) that epoll can watch; the same one on every call until it is
 * closed. Numbers are the emulator's own (not kernel fds), >= 0. Returns the fd, or -1 with
 * *result set (BAD_ARG, NO_MEM). */
int32_t aclemu_himpi_fd_open(int32_t module, int32_t chn, int32_t *result);
/* Close the fd of (module, chn): epoll sets forget it. UNEXIST when none is open. */
int32_t aclemu_himpi_fd_close(int32_t module, int32_t chn);
/* Set the current readiness of (module, chn): `events` is a mask of HI_DVPP_EPOLL_IN (output ready
 * to take) and HI_DVPP_EPOLL_OUT (input can be sent). Wakes epoll waiters when it changes. Allowed
 * with no fd open (the level is kept for when one is). */
void aclemu_himpi_ready_set(int32_t module, int32_t chn, uint32_t events);

/* --------------------------------------------------------------------- tasks */

/* A new pending task of (module, chn); its id is never 0 and not reused while pending. */
uint32_t aclemu_himpi_task_begin(int32_t module, int32_t chn);
/* Mark a task done with its hi_mpi result `ret` (0 or an HI_ERR_* code); wakes waiters. */
void aclemu_himpi_task_finish(int32_t module, int32_t chn, uint32_t task_id, int32_t ret);
/* Wait for a task: milli_sec -1 waits forever, 0 only looks, > 0 waits that long. On OK *ret gets
 * the task's result and the task is forgotten (a second wait gives UNEXIST); TIMEOUT leaves it
 * pending; UNEXIST for an unknown id. */
int32_t aclemu_himpi_task_wait(int32_t module, int32_t chn, uint32_t task_id, int32_t milli_sec, int32_t *ret);
/* Forget every task of (module, chn) (channel destroyed); pending ones are dropped. */
void aclemu_himpi_task_forget_chn(int32_t module, int32_t chn);

/* ------------------------------------------------------------------ system */

/* True between hi_mpi_sys_init and hi_mpi_sys_exit. Modules refuse channel creation before. */
bool aclemu_himpi_sys_ready(void);

/* Destroy every VB pool with its memory (hi_mpi_sys_exit; himpi_vb.c). */
void aclemu_himpi_vb_release_all(void);

#endif /* ACLEMU_HIMPI_H */
