"""Ordering on one stream, and events gating one stream on another."""

from __future__ import annotations

from helpers.runtime_support import Allocations, Runtime, check, pattern, read_host

import acl

MIB = 1 << 20
# Big enough that a copy this size takes milliseconds: a task that overtook it would be caught.
SLOW_COPY_SIZE = 64 * MIB


def test_memcpy_async_after_memset_async_sees_the_memset(rt: Runtime, alloc: Allocations) -> None:
    size = 16 * MIB
    device = alloc.device(size)
    snapshots = [alloc.host(size) for _ in range(3)]
    for host in snapshots:
        check(acl.rt.memset(host, size, 0xEE, size), "memset host")
    # Alternate fills and read-backs: each read-back must see exactly the fill queued before it.
    for value, host in zip((0x01, 0x02, 0x03), snapshots):
        check(acl.rt.memset_async(device, size, value, size, rt.stream), "memset_async")
        check(acl.rt.memcpy_async(host, size, device, size, acl.ACL_MEMCPY_DEVICE_TO_HOST, rt.stream),
              "memcpy_async d2h")
    check(acl.rt.synchronize_stream(rt.stream), "synchronize_stream")
    for value, host in zip((0x01, 0x02, 0x03), snapshots):
        data = read_host(host, size)
        assert data.count(value) == size, f"read-back of fill {value:#x} saw other bytes"


def test_async_host_to_device_then_device_to_host_round_trip(rt: Runtime, alloc: Allocations) -> None:
    size = 5 * MIB + 3
    payload = pattern(size, seed=11)
    device = alloc.device(size)
    host = alloc.host(size)
    check(acl.rt.memcpy_async(device, size, acl.util.bytes_to_ptr(payload), size,
                              acl.ACL_MEMCPY_HOST_TO_DEVICE, rt.stream), "memcpy_async h2d")
    check(acl.rt.memcpy_async(host, size, device, size, acl.ACL_MEMCPY_DEVICE_TO_HOST, rt.stream),
          "memcpy_async d2h")
    check(acl.rt.synchronize_stream(rt.stream), "synchronize_stream")
    assert read_host(host, size) == payload


def test_event_recorded_on_one_stream_gates_another(rt: Runtime, alloc: Allocations) -> None:
    producer_stream, consumer_stream = alloc.stream(), alloc.stream()
    size = 4096
    payload = pattern(size, seed=12)
    staging, result, host = alloc.device(size), alloc.device(size), alloc.host(size)
    filler_source, filler_target = alloc.device(SLOW_COPY_SIZE), alloc.device(SLOW_COPY_SIZE)
    check(acl.rt.memset(result, size, 0, size), "memset")
    source = acl.util.bytes_to_ptr(payload)
    check(acl.rt.memcpy(staging, size, source, size, acl.ACL_MEMCPY_HOST_TO_DEVICE), "h2d")
    produced = alloc.event()

    # Producer: a slow unrelated copy, then the small write the consumer needs, then the event.
    # Without the wait the consumer would read `result` long before the producer writes it.
    check(acl.rt.memcpy_async(filler_target, SLOW_COPY_SIZE, filler_source, SLOW_COPY_SIZE,
                              acl.ACL_MEMCPY_DEVICE_TO_DEVICE, producer_stream), "slow memcpy_async")
    check(acl.rt.memcpy_async(result, size, staging, size, acl.ACL_MEMCPY_DEVICE_TO_DEVICE, producer_stream),
          "memcpy_async of the result")
    check(acl.rt.record_event(produced, producer_stream), "record_event")
    check(acl.rt.stream_wait_event(consumer_stream, produced), "stream_wait_event")
    check(acl.rt.memcpy_async(host, size, result, size, acl.ACL_MEMCPY_DEVICE_TO_HOST, consumer_stream),
          "memcpy_async d2h")

    check(acl.rt.synchronize_stream(consumer_stream), "synchronize_stream consumer")
    assert read_host(host, size) == payload
    status, ret = acl.rt.query_event_status(produced)
    check(ret, "query_event_status")
    assert status == acl.ACL_EVENT_RECORDED_STATUS_COMPLETE


def test_waiting_for_a_never_recorded_event_does_not_block(rt: Runtime, alloc: Allocations) -> None:
    # Like the real runtime, a wait targets the records submitted before it; with none it is a no-op.
    never_recorded = alloc.event()
    stream = alloc.stream()
    check(acl.rt.stream_wait_event(stream, never_recorded), "stream_wait_event")
    check(acl.rt.synchronize_stream_with_timeout(stream, 30_000), "synchronize_stream_with_timeout")


def test_synchronize_event_waits_for_the_work_before_the_record(rt: Runtime, alloc: Allocations) -> None:
    payload = pattern(SLOW_COPY_SIZE, seed=13)
    device = alloc.device(SLOW_COPY_SIZE)
    host = alloc.host(SLOW_COPY_SIZE)
    done = alloc.event()
    check(acl.rt.memcpy_async(device, SLOW_COPY_SIZE, acl.util.bytes_to_ptr(payload), SLOW_COPY_SIZE,
                              acl.ACL_MEMCPY_HOST_TO_DEVICE, rt.stream), "memcpy_async h2d")
    check(acl.rt.memcpy_async(host, SLOW_COPY_SIZE, device, SLOW_COPY_SIZE,
                              acl.ACL_MEMCPY_DEVICE_TO_HOST, rt.stream), "memcpy_async d2h")
    check(acl.rt.record_event(done, rt.stream), "record_event")
    check(acl.rt.synchronize_event(done), "synchronize_event")
    assert read_host(host, SLOW_COPY_SIZE) == payload


def test_event_elapsed_time_covers_the_work_between_the_records(rt: Runtime, alloc: Allocations) -> None:
    size = SLOW_COPY_SIZE
    device, host = alloc.device(size), alloc.host(size)
    start, end = alloc.event(), alloc.event()
    check(acl.rt.record_event(start, rt.stream), "record_event start")
    check(acl.rt.memcpy_async(host, size, device, size, acl.ACL_MEMCPY_DEVICE_TO_HOST, rt.stream), "d2h")
    check(acl.rt.record_event(end, rt.stream), "record_event end")
    check(acl.rt.synchronize_stream(rt.stream), "synchronize_stream")
    elapsed_ms, ret = acl.rt.event_elapsed_time(start, end)
    check(ret, "event_elapsed_time")
    # A 64 MiB copy on a CPU takes well over a microsecond and far less than a minute.
    assert 0.001 < elapsed_ms < 60_000.0
