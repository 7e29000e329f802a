"""cffi releases the GIL around every C call but the reviewed host-side ones of tools/data/keeps_gil.json
(tests/test_keeps_gil.py); pyACL releases it for only 14 calls (PYACL.md §8).

Proof for the blocking waits: one thread sits in acl.rt.synchronize_stream (or synchronize_event)
on a stream held up by a blocking callback that nobody has processed yet, while other Python
threads keep running. Were the GIL held, the main thread could never call process_report to
release the stream: the child process would hang and the timeout fail the test.
"""

from __future__ import annotations

import json
import subprocess

import pytest
from helpers.subproc import describe, run_on_emulator

HANG_TIMEOUT_S = 60

BLOCKED_WAIT = """
import json, threading, time

WAIT = {wait!r}
blocked, _ = acl.rt.create_stream()
event, _ = acl.rt.create_event()
# This thread subscribes itself: the blocking callback runs only when it calls process_report.
ok(acl.rt.subscribe_report(threading.get_ident(), blocked), "subscribe_report")
ok(acl.rt.launch_callback(lambda _: None, None, acl.ACL_CALLBACK_BLOCK, blocked), "launch_callback")
ok(acl.rt.record_event(event, blocked), "record_event")

waiter_result = []
def waiter():
    acl.rt.set_context(context)
    if WAIT == "stream":
        waiter_result.append(acl.rt.synchronize_stream(blocked))
    else:
        waiter_result.append(acl.rt.synchronize_event(event))
waiting = threading.Thread(target=waiter)
waiting.start()

spins = [0]
def spin():
    end = time.monotonic() + 0.3
    while time.monotonic() < end:
        spins[0] += 1
spinner = threading.Thread(target=spin)
spinner.start()
spinner.join()
still_blocked = waiting.is_alive()
ok(acl.rt.process_report(5000), "process_report")
waiting.join(30)
ok(acl.rt.unsubscribe_report(threading.get_ident(), blocked), "unsubscribe_report")
print(json.dumps({{"still_blocked": still_blocked, "spins": spins[0], "waiter": waiter_result,
                   "waiter_alive": waiting.is_alive()}}))
"""


@pytest.mark.parametrize("wait", ["stream", "event"])
def test_a_thread_blocked_in_a_synchronize_call_lets_other_python_threads_run(wait: str) -> None:
    try:
        result = run_on_emulator(BLOCKED_WAIT.format(wait=wait), timeout=HANG_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        pytest.fail(f"synchronize_{wait} kept the GIL: the process hung for {HANG_TIMEOUT_S} s")
    assert result.returncode == 0, describe(result)
    outcome = json.loads(result.stdout.strip().splitlines()[-1])
    assert outcome["still_blocked"], "the waiter returned before the stream was released: nothing was proven"
    assert outcome["spins"] > 1000, outcome
    assert outcome["waiter"] == [0]
    assert not outcome["waiter_alive"]
