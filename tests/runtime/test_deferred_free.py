"""Memory freed while tasks queued before the free still use it stays mapped until those tasks end.

The runtime's aclrtFree does not wait for the device (aclrtFreeWithDevSync does), so a copy
queued before a free may still read or write the buffer. The emulator seals freed memory, so
without deferral the worker would fault and take the whole process with it. Each case holds its
stream behind aclrtValueWait on a word the host sets only after the frees, so the order of
events is fixed, not a race. Run in a child: the failure mode is a SIGSEGV.
"""

from __future__ import annotations

from helpers.subproc import describe, run_on_emulator

import acl

SIZE = 4 << 20  # a mapping of its own, which a free seals

QUEUED_THEN_FREED = f"""
import os
import signal
H2D, D2H, D2D, H2H = (acl.ACL_MEMCPY_HOST_TO_DEVICE, acl.ACL_MEMCPY_DEVICE_TO_HOST,
                      acl.ACL_MEMCPY_DEVICE_TO_DEVICE, acl.ACL_MEMCPY_HOST_TO_HOST)
SIZE = {SIZE}
pattern = bytes((i * 7 + i // 256) & 0xFF for i in range(SIZE))

def device(size):
    ptr, ret = acl.rt.malloc(size, 0)
    ok(ret, "malloc")
    return ptr

def word(value):
    return acl.util.bytes_to_ptr(value.to_bytes(8, "little"))

gate = device(64)
ok(acl.rt.memcpy(gate, 8, word(0), 8, H2D), "gate")
source, into_device, zeroed = device(SIZE), device(SIZE), device(SIZE)
ok(acl.rt.memcpy(source, SIZE, acl.util.bytes_to_ptr(pattern), SIZE, H2D), "fill source")
host, ret = acl.rt.malloc_host(SIZE)
ok(ret, "malloc_host")
ok(acl.rt.memcpy(host, SIZE, acl.util.bytes_to_ptr(pattern), SIZE, H2H), "fill host")
into_host = device(SIZE)

ok(acl.rt.value_wait(gate, 1, acl.ACL_STREAM_WAIT_VALUE_GEQ, stream), "value_wait")
copied = device(SIZE)
ok(acl.rt.memcpy_async(copied, SIZE, source, SIZE, D2D, stream), "queue d2d")
ok(acl.rt.memcpy_async(into_host, SIZE, host, SIZE, H2D, stream), "queue h2d")
ok(acl.rt.memset_async(zeroed, SIZE, 0x5A, SIZE, stream), "queue memset")

print("FREE", acl.rt.free(source), acl.rt.free_host(host), acl.rt.free(zeroed), flush=True)
# already freed for every new use, while the queued tasks may still touch it
print("REUSE", acl.rt.memcpy(copied, 8, source, 8, D2D), flush=True)
print("DOUBLE", acl.rt.free(source), acl.rt.free_host(host), flush=True)

ok(acl.rt.memcpy(gate, 8, word(1), 8, H2D), "open the gate")
ok(acl.rt.synchronize_stream(stream), "synchronize")
back, ret = acl.rt.malloc_host(SIZE)
ok(ret, "malloc_host")
for name, ptr in (("COPIED", copied), ("FROM_HOST", into_host)):
    ok(acl.rt.memcpy(back, SIZE, ptr, SIZE, D2H), "read back")
    print(name, acl.util.ptr_to_bytes(back, SIZE) == pattern, flush=True)
print("AFTER", acl.rt.memcpy(copied, 8, source, 8, D2D), flush=True)

# once the tasks have ended the freed range is sealed: touching it faults (in a child)
pid = os.fork()
if pid == 0:
    signal.signal(signal.SIGSEGV, signal.SIG_DFL)  # the plain signal, not ASan's report of it
    acl.util.ptr_to_bytes(source, 1)
    os._exit(0)
_, status = os.waitpid(pid, 0)
print("SEALED", os.WIFSIGNALED(status), flush=True)
print("DONE", flush=True)
"""


def _outcome(stdout: str) -> dict[str, list[str]]:
    return {line.split()[0]: line.split()[1:] for line in stdout.splitlines() if line.strip()}


def test_a_free_waits_for_the_tasks_queued_before_it() -> None:
    child = run_on_emulator(QUEUED_THEN_FREED)
    assert child.returncode == 0, describe(child)
    seen = _outcome(child.stdout)
    assert "DONE" in seen, describe(child)
    assert seen["FREE"] == [str(acl.ACL_SUCCESS)] * 3, describe(child)
    assert seen["REUSE"] == [str(acl.ACL_ERROR_INVALID_PARAM)], describe(child)
    assert seen["DOUBLE"] == [str(acl.ACL_ERROR_RT_MEMORY_FREE)] * 2, describe(child)
    # the queued copies read the freed buffers' bytes, unchanged
    assert seen["COPIED"] == ["True"] and seen["FROM_HOST"] == ["True"], describe(child)
    assert seen["AFTER"] == [str(acl.ACL_ERROR_INVALID_PARAM)], describe(child)
    assert seen["SEALED"] == ["True"], describe(child)


FREED_WITHOUT_TASKS = f"""
import os
import signal
SIZE = {SIZE}
buffer, ret = acl.rt.malloc(SIZE, 0)
ok(ret, "malloc")
ok(acl.rt.memset(buffer, SIZE, 1, SIZE), "memset")
ok(acl.rt.free(buffer), "free")
pid = os.fork()
if pid == 0:
    signal.signal(signal.SIGSEGV, signal.SIG_DFL)  # the plain signal, not ASan's report of it
    acl.util.ptr_to_bytes(buffer, 1)
    os._exit(0)
_, status = os.waitpid(pid, 0)
print("SEALED", os.WIFSIGNALED(status), flush=True)
"""


def test_a_free_with_nothing_queued_seals_at_once() -> None:
    child = run_on_emulator(FREED_WITHOUT_TASKS)
    assert child.returncode == 0, describe(child)
    assert _outcome(child.stdout).get("SEALED") == ["True"], describe(child)
