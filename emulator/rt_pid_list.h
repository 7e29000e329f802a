/* Pid allow-lists of what is shared between processes (rt_vmm.c shareable handles, rt_ipc.c keys,
 * rt_notify.c notify keys).
 * The list lives in a page shared with the importing processes; only the exporting process
 * writes it, under its area's lock; importers read it without a lock, so the count is published
 * after the entries it covers. */
#ifndef ACLEMU_RT_PID_LIST_H
#define ACLEMU_RT_PID_LIST_H

#include "emu.h"

enum { RT_PID_LIST_MAX = 64 };

typedef struct rt_pid_list {
    uint32_t validate; /* 0: every process may import (the export flag disabled validation) */
    int32_t owner;     /* the exporting process, always admitted */
    uint32_t count;
    int32_t pids[RT_PID_LIST_MAX];
} rt_pid_list;

static inline bool rt_pid_list_admits(const rt_pid_list *list, int32_t pid)
{
    if (list->validate == 0 || list->owner == pid) {
        return true;
    }
    uint32_t count = __atomic_load_n(&list->count, __ATOMIC_ACQUIRE);
    for (uint32_t i = 0; i < count && i < RT_PID_LIST_MAX; i++) {
        if (list->pids[i] == pid) {
            return true;
        }
    }
    return false;
}

static inline aclError rt_pid_list_add(rt_pid_list *list, const int32_t *pids, size_t num, const char *fn)
{
    if (num > RT_PID_LIST_MAX - list->count) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: at most %d pids per export (has %u, adding %zu)", fn,
                                RT_PID_LIST_MAX, list->count, num);
    }
    for (size_t i = 0; i < num; i++) {
        list->pids[list->count + i] = pids[i];
    }
    __atomic_store_n(&list->count, list->count + (uint32_t)num, __ATOMIC_RELEASE);
    return ACL_SUCCESS;
}

/* A caller's host array of pids: only a tracked one's length can be checked. */
static inline aclError rt_pid_array_check(const int32_t *pids, size_t num, const char *fn, const char *what)
{
    if (num > SIZE_MAX / sizeof *pids) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %zu pids are more than any array holds", fn, num);
    }
    return aclemu_mem_check(pids, num * sizeof *pids, false, fn, what);
}

/* The inter-server form: every entry must name at least one pid (server ids are not checked:
 * every emulated process runs on this host). */
static inline aclError rt_server_pids_check(const aclrtServerPid *serverPids, size_t num, const char *fn)
{
    if (serverPids == NULL || num == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: serverPids is NULL or num is 0", fn);
    }
    if (num > SIZE_MAX / sizeof *serverPids) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %zu entries are more than any array holds", fn, num);
    }
    aclError err = aclemu_mem_check(serverPids, num * sizeof *serverPids, false, fn, "serverPids");
    for (size_t i = 0; i < num && err == ACL_SUCCESS; i++) {
        if (serverPids[i].pid == NULL || serverPids[i].num == 0) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: serverPids[%zu] has no pids", fn, i);
        }
        err = rt_pid_array_check(serverPids[i].pid, serverPids[i].num, fn, "serverPids[].pid");
    }
    return err;
}

#endif /* ACLEMU_RT_PID_LIST_H */
