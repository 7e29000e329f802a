/* Shared declarations of the profiling area: prof.c (collection state), trace.c (the recorder),
 * prof_subscribe.c (model subscriptions), prof_tx.c (stamps, marks, ranges, steps). */
#ifndef ACLEMU_PROF_INTERNAL_H
#define ACLEMU_PROF_INTERNAL_H

#include "emu.h"
#include "acl/acl_prof.h"
#include "trace_hooks.h"

#include <pthread.h>

enum {
    PROF_KIND_CONFIG = ACLEMU_KIND_AREA_FREE + 200,
    PROF_KIND_SUBSCRIBE = ACLEMU_KIND_AREA_FREE + 201,
    PROF_KIND_STAMP = ACLEMU_KIND_AREA_FREE + 202,
    PROF_KIND_STEP = ACLEMU_KIND_AREA_FREE + 203
};

/* Any of these data-type bits asks for the device tasks' times. */
#define PROF_TASK_BITS (ACL_PROF_TASK_TIME | ACL_PROF_TASK_TIME_L0 | ACL_PROF_TASK_TIME_L2 | ACL_PROF_TASK_TIME_L3)

/* prof.c: data-type bits of the running collections (0 when none). */
uint64_t prof_active_types(void);
/* True when records of `device` are collected (host records, device -1, always are). */
bool prof_device_collected(int32_t device);
/* True while aclprofInit is in effect (subscriptions conflict with it). */
bool prof_initialized(void);

/* trace.c */
uint32_t prof_thread_id(void);
/* Append a record when collecting (task bits for device records, msproftx for marks...). */
void trace_append(const aclemu_trace_record *record);
void trace_clear(void);
/* Fill the common fields of a host record of the calling thread. */
void trace_host_record(aclemu_trace_record *r, int kind, const char *name, const char *cat);
/* True when the calling thread runs a task being recorded; its device and stream then. */
bool trace_current(int32_t *device, int32_t *stream);

/* prof_subscribe.c: true while some model is subscribed. */
bool prof_any_subscription(void);
/* Drop every subscription (aclFinalize); returns how many there were. */
size_t prof_forget_subscriptions(void);

#endif /* ACLEMU_PROF_INTERNAL_H */
