/*
 * Emulator-private entry points of the host-callback area (report.c), beyond the AscendCL API.
 *
 * A callback accepted by aclrtLaunchCallback either runs once (in aclrtProcessReport) or, when
 * it never will, is reported once to the discard hook: its stream was unsubscribed or destroyed
 * before the subscribed thread took it, or a forced destroy dropped it. Bindings that keep the
 * user data alive until the callback runs (the Python package) release it there.
 */
#ifndef ACLEMU_REPORT_HOOKS_H
#define ACLEMU_REPORT_HOOKS_H

#include <stddef.h>

#include "acl/acl.h"

/* Called without any emulator lock held, on whichever thread dropped the callback (the
 * unsubscribing or destroying thread, or the stream's worker). */
typedef void (*aclemuDiscardedCallbackHook)(aclrtCallback fn, void *userData);

/* Install the one discard hook (NULL removes it); callbacks dropped before it is set are lost. */
void aclemuSetDiscardedCallbackHook(aclemuDiscardedCallbackHook hook);

/* Threads the report area keeps a queue for: subscribed ones plus those inside
 * aclrtProcessReport (leak checks). */
size_t aclemuReportThreadCount(void);

#endif /* ACLEMU_REPORT_HOOKS_H */
