/*
 * Runtime core, layer 3 (lifecycle): creating and destroying contexts (context.c) and using
 * devices (device_session.c: aclrtSetDevice/aclrtResetDevice, device-wide sync, teardown).
 * Layer 4, init.c, calls rt_devices_finalize from aclFinalize.
 */
#ifndef ACLEMU_CORE_LIFECYCLE_H
#define ACLEMU_CORE_LIFECYCLE_H

#include "core_work.h"

/* context.c */
rt_context *rt_context_create_locked(int32_t device, bool is_default, aclError *err);
/* Unlink a context and everything it owns; returns a list to finish with
 * rt_context_finish() outside the core lock. */
void rt_context_detach_locked(rt_context *ctx);
void rt_context_finish(rt_context *ctx, bool force);

/* device_session.c: aclFinalize: tear down every device; returns leak error or ACL_SUCCESS */
aclError rt_devices_finalize(void);

#endif /* ACLEMU_CORE_LIFECYCLE_H */
