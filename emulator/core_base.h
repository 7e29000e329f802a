/*
 * Runtime core, layer 0 (base): what every core file may use. Implemented by log.c (errors),
 * registry.c (handles), env.c (ACL_EMU_* configuration, clocks), soc_version.c, core_lock.c, spin.c and exception.c;
 * the parts compute areas use too are declared in emu.h. Layers: see README.md.
 *
 * Locking: one core lock guards the device table, contexts, stream/event lists and event
 * state; each stream has its own lock for its task queue. Order: core lock, then a stream
 * lock. Never wait for a stream (drain, join) while holding the core lock.
 */
#ifndef ACLEMU_CORE_BASE_H
#define ACLEMU_CORE_BASE_H

#include "emu.h"

#include <pthread.h>

enum { RT_MAX_DEVICES = 64, RT_ERROR_MESSAGE_CAPACITY = 512 };

/* core_lock.c: the core lock, and a condition broadcast whenever event state changes */
void rt_lock(void);
void rt_unlock(void);
void rt_event_wait_locked(const struct timespec *deadline, bool *timed_out);
void rt_event_broadcast_locked(void);

/* env.c: env ACL_EMU_DEVICE_MEMORY, default 8 GiB */
size_t rt_device_memory_budget(void);
/* Read ACL_EMU_STRICT and ACL_EMU_DEVICE_MEMORY again (aclInit); they are cached in between. */
void aclemu_env_refresh(void);

/* soc_version.c: the emulated SoC. aclemu_soc_select (aclInit) reads ACL_EMU_SOC_VERSION once and
 * refuses an unknown name; the default is "Ascend-Emulator" with NPU arch 0. */
aclError aclemu_soc_select(const char *fn);
const char *aclemu_soc_name(void);
int64_t aclemu_soc_npu_arch(void);

/* exception.c: report a failed stream task to the registered exception callback. */
void rt_exception_raise(int32_t device, int32_t stream_id, uint32_t task_id, uint32_t thread_id, aclError code);
/* OS thread id (gettid) of the calling thread (cached per thread; reset in a fork child). */
uint32_t rt_os_thread_id(void);

/* spin.c: look at ready(arg) again and again, yielding the CPU in between, for at most
 * budget_ns; true as soon as it holds. Callers then sleep on their condition variable. */
bool rt_spin_until(bool (*ready)(const void *), const void *arg, uint64_t budget_ns);

/* registry.c: call every release function areas registered (aclemu_on_release); returns the
 * sum of what they report. */
size_t rt_release_area_resources(int32_t device, const char *fn);

#endif /* ACLEMU_CORE_BASE_H */
