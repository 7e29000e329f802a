"""aclrtValueWrite / aclrtValueWait between streams, and aclrtStreamWaitEventWithFlag."""

from __future__ import annotations

import struct

import pytest
from helpers.runtime_support import Allocations, Runtime, check, pattern, read_host

import acl

BIG = 64 << 20
D2D = acl.ACL_MEMCPY_DEVICE_TO_DEVICE


def set_word(rt: Runtime, word: int, value: int) -> None:
    data = struct.pack("<Q", value)
    check(acl.rt.memcpy(word, 8, acl.util.bytes_to_ptr(data), 8, acl.ACL_MEMCPY_HOST_TO_DEVICE), "set word")


def test_value_wait_gates_a_copy_until_another_stream_writes(rt: Runtime, alloc: Allocations) -> None:
    producer, consumer = alloc.stream(), alloc.stream()
    size = 4096
    payload = pattern(size, seed=41)
    word, staging, result, host = alloc.device(8), alloc.device(size), alloc.device(size), alloc.host(size)
    filler_a, filler_b = alloc.device(BIG), alloc.device(BIG)
    set_word(rt, word, 0)
    check(acl.rt.memset(result, size, 0, size), "memset")
    h2d = acl.ACL_MEMCPY_HOST_TO_DEVICE
    check(acl.rt.memcpy(staging, size, acl.util.bytes_to_ptr(payload), size, h2d), "h2d")
    check(acl.rt.value_wait(word, 3, acl.ACL_STREAM_WAIT_VALUE_GEQ, consumer), "value_wait")
    check(acl.rt.memcpy_async(host, size, result, size, acl.ACL_MEMCPY_DEVICE_TO_HOST, consumer), "d2h")
    check(acl.rt.memcpy_async(filler_b, BIG, filler_a, BIG, D2D, producer), "slow copy")
    check(acl.rt.memcpy_async(result, size, staging, size, D2D, producer), "copy")
    check(acl.rt.value_write(word, 3, 0, producer), "value_write")
    check(acl.rt.synchronize_stream(consumer), "synchronize consumer")
    assert read_host(host, size) == payload


@pytest.mark.parametrize(
    ("stored", "flag", "value", "met"),
    [
        (5, acl.ACL_STREAM_WAIT_VALUE_EQ, 5, True),
        (0b0100, acl.ACL_STREAM_WAIT_VALUE_AND, 0b0110, True),
        (2**64 - 1, acl.ACL_STREAM_WAIT_VALUE_NOR, 0, False),
        (7, acl.ACL_STREAM_WAIT_VALUE_GEQ, 8, False),
    ],
)
def test_wait_conditions(
    rt: Runtime, alloc: Allocations, stored: int, flag: int, value: int, met: bool
) -> None:
    stream = alloc.stream()
    word = alloc.device(8)
    set_word(rt, word, stored)
    check(acl.rt.value_wait(word, value, flag, stream), "value_wait")
    event = alloc.event()
    check(acl.rt.record_event(event, stream), "record_event")
    ret = acl.rt.synchronize_event_with_timeout(event, 300)
    if met:
        check(ret, "condition met")
    else:
        assert ret == acl.ACL_ERROR_RT_EVENT_SYNC_TIMEOUT
        other = alloc.stream()
        release = 0 if flag == acl.ACL_STREAM_WAIT_VALUE_NOR else value
        check(acl.rt.value_write(word, release, 0, other), "release")
        check(acl.rt.synchronize_stream(stream), "the write releases the wait")


def test_bad_arguments(rt: Runtime, alloc: Allocations) -> None:
    word = alloc.device(16)
    assert acl.rt.value_write(word + 4, 1, 0, 0) == acl.ACL_ERROR_INVALID_PARAM
    assert "8-byte aligned" in acl.get_recent_err_msg()
    assert acl.rt.value_write(0, 1, 0, 0) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.value_write(word, 1, 9, 0) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.value_wait(word, 1, 4, 0) == acl.ACL_ERROR_INVALID_PARAM
    assert acl.rt.value_wait(word, 1, 0, 0xBAD) == acl.ACL_ERROR_INVALID_PARAM


def test_stream_wait_event_with_flag(rt: Runtime, alloc: Allocations) -> None:
    stream, other = alloc.stream(), alloc.stream()
    event = alloc.event()
    check(acl.rt.record_event(event, other), "record_event")
    check(acl.rt.stream_wait_event_with_flag(stream, event, 0, acl.ACL_EVENT_WAIT_DEFAULT), "wait forever")
    check(acl.rt.stream_wait_event_with_flag(stream, event, 500, acl.ACL_EVENT_WAIT_EXTERNAL), "wait 500 ms")
    check(acl.rt.synchronize_stream(stream), "synchronize_stream")
    assert acl.rt.stream_wait_event_with_flag(stream, event, 0, 7) == acl.ACL_ERROR_INVALID_PARAM
