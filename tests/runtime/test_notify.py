"""Notifies and count notifies: one stream records, another waits, in order with memcpys."""

from __future__ import annotations

import struct
import time

import pytest
from helpers.runtime_support import Allocations, Runtime, check, pattern, read_host

import acl

MIB = 1 << 20
SLOW_COPY_SIZE = 64 * MIB
D2D = acl.ACL_MEMCPY_DEVICE_TO_DEVICE
SET = acl.ACL_RT_CNT_NOTIFY_RECORD_SET_VALUE_MODE
ADD = acl.ACL_RT_CNT_NOTIFY_RECORD_ADD_MODE
OR = acl.ACL_RT_CNT_NOTIFY_RECORD_BIT_OR_MODE
AND = acl.ACL_RT_CNT_NOTIFY_RECORD_BIT_AND_MODE
ptr = acl.util.bytes_to_ptr


def make_notify() -> int:
    notify, ret = acl.rt.create_notify(acl.ACL_NOTIFY_DEFAULT)
    check(ret, "create_notify")
    return notify


def record_info(mode: int, value: int) -> bytes:
    return struct.pack("<iI", mode, value)


def wait_info(mode: int, value: int, timeout_s: int, clear: bool) -> bytes:
    return struct.pack("<iIIB3x", mode, value, timeout_s, int(clear))


def test_wait_gates_a_copy_until_the_other_stream_records(rt: Runtime, alloc: Allocations) -> None:
    producer, consumer = alloc.stream(), alloc.stream()
    size = 4096
    payload = pattern(size, seed=21)
    staging, result, host = alloc.device(size), alloc.device(size), alloc.host(size)
    filler_source, filler_target = alloc.device(SLOW_COPY_SIZE), alloc.device(SLOW_COPY_SIZE)
    check(acl.rt.memset(result, size, 0, size), "memset")
    check(acl.rt.memcpy(staging, size, ptr(payload), size, acl.ACL_MEMCPY_HOST_TO_DEVICE), "h2d")
    notify = make_notify()
    try:
        check(acl.rt.memcpy_async(filler_target, SLOW_COPY_SIZE, filler_source, SLOW_COPY_SIZE,
                                  D2D, producer), "slow copy")
        check(acl.rt.memcpy_async(result, size, staging, size, D2D, producer), "copy")
        check(acl.rt.record_notify(notify, producer), "record_notify")
        check(acl.rt.wait_and_reset_notify(notify, consumer, 5), "wait_and_reset_notify")
        check(acl.rt.memcpy_async(host, size, result, size, acl.ACL_MEMCPY_DEVICE_TO_HOST, consumer), "d2h")
        check(acl.rt.synchronize_stream(consumer), "synchronize consumer")
        assert read_host(host, size) == payload
    finally:
        check(acl.rt.destroy_notify(notify), "destroy_notify")


def test_wait_resets_so_a_second_wait_needs_a_second_record(rt: Runtime, alloc: Allocations) -> None:
    stream = alloc.stream()
    notify = make_notify()
    try:
        check(acl.rt.record_notify(notify, stream), "record")
        check(acl.rt.wait_and_reset_notify(notify, stream, 1), "first wait")
        check(acl.rt.synchronize_stream(stream), "first wait passes")
        check(acl.rt.wait_and_reset_notify(notify, stream, 1), "second wait")
        started = time.monotonic()
        ret = acl.rt.synchronize_stream(stream)
        assert ret == acl.ACL_ERROR_RT_WAIT_TIMEOUT, acl.get_recent_err_msg()
        assert time.monotonic() - started >= 0.9
        assert "was not recorded within 1 s" in acl.get_recent_err_msg()
    finally:
        check(acl.rt.destroy_notify(notify), "destroy_notify")


def test_batch_reset_clears_a_record_before_the_wait_runs(rt: Runtime, alloc: Allocations) -> None:
    stream = alloc.stream()
    notifies = [make_notify(), make_notify()]
    try:
        for notify in notifies:
            check(acl.rt.record_notify(notify, stream), "record")
        check(acl.rt.synchronize_stream(stream), "records ran")
        check(acl.rt.notify_batch_reset(notifies[:1]), "notify_batch_reset")
        check(acl.rt.wait_and_reset_notify(notifies[1], stream, 1), "wait on the kept record")
        check(acl.rt.synchronize_stream(stream), "kept record satisfies the wait")
        check(acl.rt.wait_and_reset_notify(notifies[0], stream, 1), "wait on the reset one")
        assert acl.rt.synchronize_stream(stream) == acl.ACL_ERROR_RT_WAIT_TIMEOUT
    finally:
        for notify in notifies:
            check(acl.rt.destroy_notify(notify), "destroy_notify")


def test_destroying_a_notify_wakes_a_stream_waiting_forever(rt: Runtime, alloc: Allocations) -> None:
    stream = alloc.stream()
    notify = make_notify()
    check(acl.rt.wait_and_reset_notify(notify, stream, 0), "wait forever")
    time.sleep(0.05)
    check(acl.rt.destroy_notify(notify), "destroy_notify")
    assert acl.rt.synchronize_stream(stream) == acl.ACL_ERROR_INVALID_PARAM
    assert "destroyed while a stream waited" in acl.get_recent_err_msg()


def test_notify_ids_are_distinct(rt: Runtime) -> None:
    notifies = [make_notify() for _ in range(3)]
    cnt, ret = acl.rt.cnt_notify_create(0)
    check(ret, "cnt_notify_create")
    try:
        ids = []
        for notify in notifies:
            notify_id, ret = acl.rt.get_notify_id(notify)
            check(ret, "get_notify_id")
            ids.append(notify_id)
        cnt_id, ret = acl.rt.cnt_notify_get_id(cnt)
        check(ret, "cnt_notify_get_id")
        assert len({*ids, cnt_id}) == 4
    finally:
        for notify in notifies:
            check(acl.rt.destroy_notify(notify), "destroy_notify")
        check(acl.rt.cnt_notify_destroy(cnt), "cnt_notify_destroy")


@pytest.mark.parametrize(
    ("records", "wait_mode", "wait_value", "satisfied"),
    [
        ([(ADD, 2), (ADD, 3)],
         acl.ACL_RT_CNT_NOTIFY_WAIT_EQUAL_MODE, 5, True),
        ([(SET, 7)], acl.ACL_RT_CNT_NOTIFY_WAIT_BIGGER_MODE, 7, False),
        ([(SET, 7)], acl.ACL_RT_CNT_NOTIFY_WAIT_BIGGER_OR_EQUAL_MODE, 7,
         True),
        ([(SET, 3)], acl.ACL_RT_CNT_NOTIFY_WAIT_LESS_MODE, 4, True),
        ([(OR, 0b0101), (OR, 0b0010)],
         acl.ACL_RT_CNT_NOTIFY_WAIT_EQUAL_WITH_BITMASK_MODE, 0b0111, True),
        ([(SET, 0b1111), (AND, 0b0011)],
         acl.ACL_RT_CNT_NOTIFY_WAIT_EQUAL_MODE, 0b0011, True),
    ],
)
def test_count_notify_record_modes_and_wait_conditions(
    rt: Runtime, alloc: Allocations, records: list[tuple[int, int]], wait_mode: int, wait_value: int,
    satisfied: bool,
) -> None:
    stream = alloc.stream()
    cnt, ret = acl.rt.cnt_notify_create(0)
    check(ret, "cnt_notify_create")
    try:
        keep = []
        for mode, value in records:
            info = record_info(mode, value)
            keep.append(info)
            check(acl.rt.cnt_notify_record(cnt, stream, ptr(info)), "cnt_notify_record")
        info = wait_info(wait_mode, wait_value, 1, clear=False)
        check(acl.rt.cnt_notify_wait_with_timeout(cnt, stream, ptr(info)), "cnt wait")
        expected = acl.ACL_SUCCESS if satisfied else acl.ACL_ERROR_RT_WAIT_TIMEOUT
        assert acl.rt.synchronize_stream(stream) == expected, acl.get_recent_err_msg()
    finally:
        check(acl.rt.cnt_notify_destroy(cnt), "cnt_notify_destroy")


def test_count_notify_clear_and_reset(rt: Runtime, alloc: Allocations) -> None:
    stream = alloc.stream()
    cnt, ret = acl.rt.cnt_notify_create(0)
    check(ret, "cnt_notify_create")
    try:
        add = record_info(ADD, 4)
        check(acl.rt.cnt_notify_record(cnt, stream, ptr(add)), "record")
        clearing = wait_info(acl.ACL_RT_CNT_NOTIFY_WAIT_EQUAL_MODE, 4, 1, clear=True)
        check(acl.rt.cnt_notify_wait_with_timeout(cnt, stream, ptr(clearing)), "clear")
        zero = wait_info(acl.ACL_RT_CNT_NOTIFY_WAIT_EQUAL_MODE, 0, 1, clear=False)
        check(acl.rt.cnt_notify_wait_with_timeout(cnt, stream, ptr(zero)), "is 0")
        check(acl.rt.cnt_notify_record(cnt, stream, ptr(add)), "record again")
        check(acl.rt.cnt_notify_reset(cnt, stream), "reset")
        check(acl.rt.cnt_notify_wait_with_timeout(cnt, stream, ptr(zero)), "reset to 0")
        check(acl.rt.synchronize_stream(stream), "synchronize")
    finally:
        check(acl.rt.cnt_notify_destroy(cnt), "cnt_notify_destroy")


def test_bad_arguments_give_codes_and_messages(rt: Runtime) -> None:
    _, ret = acl.rt.create_notify(5)
    assert ret == acl.ACL_ERROR_INVALID_PARAM
    assert "flag 5" in acl.get_recent_err_msg()
    for call in (lambda: acl.rt.destroy_notify(0), lambda: acl.rt.record_notify(12345, 0),
                 lambda: acl.rt.wait_and_reset_notify(0, 0, 1), lambda: acl.rt.get_notify_id(0)[1],
                 lambda: acl.rt.cnt_notify_destroy(0), lambda: acl.rt.cnt_notify_reset(8, 0)):
        assert call() == acl.ACL_ERROR_INVALID_PARAM
        assert "is not a live" in acl.get_recent_err_msg()
    notify = make_notify()
    check(acl.rt.destroy_notify(notify), "destroy")
    assert acl.rt.destroy_notify(notify) == acl.ACL_ERROR_INVALID_PARAM  # twice
    assert acl.rt.notify_batch_reset([notify]) == acl.ACL_ERROR_INVALID_PARAM
    cnt, ret = acl.rt.cnt_notify_create(0)
    check(ret, "cnt_notify_create")
    try:
        assert acl.rt.cnt_notify_record(cnt, 0, 0) == acl.ACL_ERROR_INVALID_PARAM
        bad_mode = record_info(3, 1)
        ret = acl.rt.cnt_notify_record(cnt, 0, ptr(bad_mode))
        assert ret == acl.ACL_ERROR_INVALID_PARAM
        bad_wait = wait_info(9, 1, 1, clear=False)
        ret = acl.rt.cnt_notify_wait_with_timeout(cnt, 0, ptr(bad_wait))
        assert ret == acl.ACL_ERROR_INVALID_PARAM
        assert acl.rt.get_notify_id(cnt)[1] == acl.ACL_ERROR_INVALID_PARAM  # wrong kind
    finally:
        check(acl.rt.cnt_notify_destroy(cnt), "cnt_notify_destroy")
