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
/* Strict mode: reports (stderr) and counts the streams and events left in a context. */
size_t rt_context_leftovers_locked(const rt_context *ctx, const char *fn);
/* The code and message of a strict-mode leak report naming `leaks` resources. */
aclError rt_leak_error(const char *fn, size_t leaks);

/* device_session.c: aclFinalize: tear down every device; returns leak error or ACL_SUCCESS */
aclError rt_devices_finalize(void);

#endif /* ACLEMU_CORE_LIFECYCLE_H */
