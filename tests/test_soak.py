"""Concurrency soak: 8 threads mixing streams, events, copies, callbacks and destroy races.

Every round of every thread sends its own random bytes host -> device -> device -> host (with a
memset over part of the way) and compares them with the same transformation done in Python;
every callback carries a unique token and must run exactly once. Alongside, threads destroy
events and streams other threads may be using at that moment: those calls may fail, with a code,
but must never crash. The soak runs in a child process (a crash fails this test, not the suite)
for a bounded time.
"""

from __future__ import annotations

import json
import os
import random
import sys
import threading
import time
from collections import Counter
from typing import Any

THREADS = 8
SOAK_SECONDS = 8.0
WAIT_MS = 30_000
FILL = 0xA5


class Soak:
    def __init__(self, acl: Any, seconds: float) -> None:
        self.acl = acl
        self.deadline = time.monotonic() + seconds
        self.lock = threading.Lock()
        self.callbacks: Counter[tuple[int, int]] = Counter()
        self.tokens: set[tuple[int, int]] = set()
        self.ran: dict[tuple[int, int], threading.Event] = {}
        self.failures: list[str] = []
        self.rounds = 0
        # destroyed by whichever thread pops them first, perhaps while another thread uses them
        self.shared_events: list[int] = []
        self.shared_streams: list[int] = []
        self.codes_seen: Counter[int] = Counter()
        self.context = 0
        self.report_thread = 0

    def fail(self, what: str) -> None:
        with self.lock:
            self.failures.append(what)

    def ok(self, ret: int, what: str) -> bool:
        if ret != self.acl.ACL_SUCCESS:
            self.fail(f"{what} returned {ret}: {self.acl.get_recent_err_msg()}")
        return ret == self.acl.ACL_SUCCESS

    def on_callback(self, token: tuple[int, int]) -> None:
        with self.lock:
            self.callbacks[token] += 1
            ran = self.ran.get(token)
        if ran is not None:
            ran.set()

    def _race(self, rng: random.Random) -> None:
        """Use and destroy events and streams that other threads may be using or destroying now."""
        rt = self.acl.rt
        event, ret = rt.create_event()
        stream, ret2 = rt.create_stream()
        if not (self.ok(ret, "create_event (shared)") and self.ok(ret2, "create_stream (shared)")):
            return
        with self.lock:
            self.shared_events.append(event)
            self.shared_streams.append(stream)
            victim_event = rng.choice(self.shared_events)
            victim_stream = rng.choice(self.shared_streams)
            doomed_event = self.shared_events.pop(rng.randrange(len(self.shared_events)))
            doomed_stream = self.shared_streams.pop(rng.randrange(len(self.shared_streams)))
        codes = [
            rt.record_event(victim_event, victim_stream),
            rt.query_event_status(victim_event)[1],
            rt.destroy_event(doomed_event),
            rt.synchronize_stream_with_timeout(victim_stream, WAIT_MS),
            rt.destroy_stream(doomed_stream),
        ]
        with self.lock:
            self.codes_seen.update(codes)

    def _round(self, index: int, round_no: int, rng: random.Random) -> None:
        acl, rt = self.acl, self.acl.rt
        size = rng.choice((1, 7, 4096, 65537))
        payload = rng.randbytes(size)
        start, length = sorted(rng.randrange(size + 1) for _ in range(2))
        expected = payload[:start] + bytes([FILL]) * (length - start) + payload[length:]
        stream, ret = rt.create_stream()
        if not self.ok(ret, "create_stream"):
            return
        self.ok(rt.subscribe_report(self.report_thread, stream), "subscribe_report")
        first, ret1 = rt.malloc(size, acl.ACL_MEM_MALLOC_HUGE_FIRST)
        second, ret2 = rt.malloc(size, acl.ACL_MEM_MALLOC_HUGE_FIRST)
        host, ret3 = rt.malloc_host(size)
        event, ret4 = rt.create_event()
        if not all(self.ok(r, "allocate") for r in (ret1, ret2, ret3, ret4)):
            return
        token = (index, round_no)
        ran = threading.Event()
        with self.lock:
            self.tokens.add(token)
            self.ran[token] = ran
        block = rng.choice((acl.ACL_CALLBACK_BLOCK, acl.ACL_CALLBACK_NO_BLOCK))
        steps = [
            (rt.memcpy_async(first, size, acl.util.bytes_to_ptr(payload), size,
                             acl.ACL_MEMCPY_HOST_TO_DEVICE, stream), "memcpy_async h2d"),
            (rt.memcpy_async(second, size, first, size, acl.ACL_MEMCPY_DEVICE_TO_DEVICE, stream),
             "memcpy_async d2d"),
            (rt.memset_async(second + start, size - start, FILL, length - start, stream)
             if length > start else 0, "memset_async"),
            (rt.launch_callback(self.on_callback, token, block, stream), "launch_callback"),
            (rt.memcpy_async(host, size, second, size, acl.ACL_MEMCPY_DEVICE_TO_HOST, stream),
             "memcpy_async d2h"),
            (rt.record_event(event, stream), "record_event"),
        ]
        for ret, what in steps:
            self.ok(ret, what)
        if rng.random() < 0.5:
            self.ok(rt.synchronize_event(event), "synchronize_event")
        else:
            self.ok(rt.synchronize_stream_with_timeout(stream, WAIT_MS), "synchronize_stream")
        got = acl.util.ptr_to_bytes(host, size)
        if got != expected:
            self.fail(f"thread {index} round {round_no}: {size} bytes came back wrong")
        self.ok(rt.synchronize_stream_with_timeout(stream, WAIT_MS), "synchronize_stream")
        # a non-blocking callback may still be queued for the report thread after the sync, and
        # unsubscribing drops what is queued: wait for it first
        if not ran.wait(WAIT_MS / 1000):
            self.fail(f"thread {index} round {round_no}: the callback never ran")
        self.ok(rt.unsubscribe_report(self.report_thread, stream), "unsubscribe_report")
        self.ok(rt.destroy_stream(stream), "destroy_stream")
        self.ok(rt.destroy_event(event), "destroy_event")
        self.ok(rt.free(first), "free")
        self.ok(rt.free(second), "free")
        self.ok(rt.free_host(host), "free_host")

    def worker(self, index: int) -> None:
        if not self.ok(self.acl.rt.set_context(self.context), "set_context"):
            return
        rng = random.Random(index)
        round_no = 0
        while time.monotonic() < self.deadline and not self.failures:
            try:
                self._round(index, round_no, rng)
                self._race(rng)
            except Exception as error:  # a thread dying silently would only show as fewer rounds
                self.fail(f"thread {index} round {round_no} raised {type(error).__name__}: {error}")
            round_no += 1
        with self.lock:
            self.rounds += round_no


def soak(seconds: float) -> dict[str, Any]:
    import acl

    state = Soak(acl, seconds)
    assert acl.init() == 0 and acl.rt.set_device(0) == 0
    state.context, ret = acl.rt.create_context(0)
    assert ret == 0
    stop = threading.Event()

    def poll(_: Any) -> None:
        acl.rt.set_context(state.context)
        while not stop.is_set():
            acl.rt.process_report(20)

    state.report_thread, ret = acl.util.start_thread(poll, 0)
    assert ret == 0
    threads = [threading.Thread(target=state.worker, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stop.set()
    acl.util.stop_thread(state.report_thread)
    leftovers = [acl.rt.destroy_event(e) for e in state.shared_events]
    leftovers += [acl.rt.destroy_stream(s) for s in state.shared_streams]
    return {
        "rounds": state.rounds,
        "failures": state.failures,
        "missing_callbacks": sorted(t for t in state.tokens if state.callbacks[t] == 0),
        "repeated_callbacks": sorted(t for t, n in state.callbacks.items() if n > 1),
        "unknown_callbacks": sorted(t for t in state.callbacks if t not in state.tokens),
        "race_codes": sorted(state.codes_seen),
        "expected_race_codes": [acl.ACL_SUCCESS, acl.ACL_ERROR_INVALID_PARAM],
        "leftovers_released": all(code == acl.ACL_SUCCESS for code in leftovers),
        "reset": acl.rt.destroy_context(state.context),
    }


def test_eight_threads_every_byte_and_every_callback_exactly_once() -> None:
    from helpers.subproc import describe, run_command

    started = time.monotonic()
    result = run_command([sys.executable, os.path.abspath(__file__), str(SOAK_SECONDS)],
                         {"ACL_BACKEND": "emulator"}, timeout=120)
    assert result.returncode == 0, describe(result)
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["failures"] == [], "\n".join(summary["failures"])
    assert summary["rounds"] >= THREADS, summary  # every thread got through at least one round
    assert summary["missing_callbacks"] == [] and summary["repeated_callbacks"] == [], summary
    assert summary["unknown_callbacks"] == []
    assert set(summary["race_codes"]) <= set(summary["expected_race_codes"]), summary
    assert summary["leftovers_released"] and summary["reset"] == 0
    assert time.monotonic() - started < 60


if __name__ == "__main__":
    print(json.dumps(soak(float(sys.argv[1]))), flush=True)
