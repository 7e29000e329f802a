/*
 * Runtime core, layer 1 (devices): the device table (device.c) and the list of live contexts
 * with each thread's current context (context_current.c). Creating and destroying contexts is
 * layer 3 (core_lifecycle.h); here they are only looked up, linked and unlinked.
 */
#ifndef ACLEMU_CORE_DEVICES_H
#define ACLEMU_CORE_DEVICES_H

#include "core_base.h"

typedef struct rt_stream rt_stream;
typedef struct rt_context rt_context;
typedef struct rt_event rt_event;

struct rt_context {
    uint64_t serial;
    int32_t device;
    bool is_default;
    rt_stream *default_stream;
    rt_stream *streams; /* includes the default stream */
    rt_event *events;
    rt_context *next; /* in the global list */
};

typedef struct rt_device {
    int32_t set_count;        /* aclrtSetDevice references */
    int32_t user_contexts;    /* live aclrtCreateContext contexts */
    rt_context *default_ctx;  /* created by the first aclrtSetDevice */
} rt_device;

/* device.c */
rt_device *rt_device_locked(int32_t device); /* NULL when out of range */
/* Records and returns ACL_ERROR_RT_INVALID_DEVICEID naming `fn`. */
aclError rt_invalid_device(const char *fn, int32_t deviceId);
/* Forget every device's references and default context (aclFinalize); when `report_set`, writes a
 * leak line naming `fn` for each device still set. Returns the number of devices still set. */
size_t rt_devices_clear_locked(bool report_set, const char *fn);

/* context_current.c */
rt_context *rt_current_context_locked(void); /* NULL when none or destroyed */
void rt_set_current_context(rt_context *ctx);
rt_context *rt_contexts_locked(void); /* head of the global list */
/* Give a new context its serial number and put it in the global list. */
void rt_context_link_locked(rt_context *ctx);
/* Take it out again; threads whose current context it was have none from then on. */
void rt_context_unlink_locked(rt_context *ctx);

#endif /* ACLEMU_CORE_DEVICES_H */
