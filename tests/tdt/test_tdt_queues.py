"""TDT queues and bufs (acl_tdt_queue.h) on the emulator.

Bytes read back are compared with the random bytes written; order, capacity and timeouts are
checked against what the test itself put in; timings bound waits from below and generously above.
"""

from __future__ import annotations

import ctypes
import os
import threading
import time
from collections.abc import Iterator

import pytest
from helpers.runtime_support import Runtime, check

import acl
from acl._backend import lib

ACL_ERROR_INVALID_PARAM = 100000
ACL_ERROR_INVALID_QUEUE_ID = 100032
ACL_ERROR_RT_QUEUE_EMPTY = 207013
ACL_ERROR_RT_QUEUE_FULL = 207014
USER_DATA_SIZE = 96


@pytest.fixture(autouse=True)
def _device(runtime: Runtime) -> None:
    check(acl.rt.set_context(runtime.context), "acl.rt.set_context")


def make_queue(depth: int | None = None, name: bytes = b"q") -> int:
    attr = acl.tdt.create_queue_attr()
    assert attr, acl.get_recent_err_msg()
    try:
        name_buf = ctypes.create_string_buffer(name)
        ptr = ctypes.c_void_p(ctypes.addressof(name_buf))
        check(acl.tdt.set_queue_attr(attr, acl.ACL_TDT_QUEUE_NAME_PTR, 8, ctypes.addressof(ptr)), "set name")
        if depth is not None:
            value = ctypes.c_uint32(depth)
            check(acl.tdt.set_queue_attr(attr, acl.ACL_TDT_QUEUE_DEPTH_UINT32, 4, ctypes.addressof(value)),
                  "set depth")
        qid, ret = acl.tdt.create_queue(attr)
        check(ret, "acl.tdt.create_queue")
        return qid
    finally:
        check(acl.tdt.destroy_queue_attr(attr), "destroy attr")


@pytest.fixture
def queues() -> Iterator[list[int]]:
    made: list[int] = []
    yield made
    for qid in made:
        acl.tdt.destroy_queue(qid)


def new_queue(queues: list[int], depth: int | None = None) -> int:
    qid = make_queue(depth)
    queues.append(qid)
    return qid


def enqueue_bytes(qid: int, payload: bytes, user: bytes = b"", timeout: int = 0) -> int:
    data = ctypes.create_string_buffer(payload, len(payload))
    udata = ctypes.create_string_buffer(user, max(len(user), 1))
    user_ptr = ctypes.addressof(udata) if user else 0
    return acl.tdt.enqueue_data(qid, ctypes.addressof(data), len(payload), user_ptr,
                                len(user), timeout, 0)


def dequeue_bytes(qid: int, capacity: int = 4096, user_size: int = 0,
                  timeout: int = 0) -> tuple[bytes, bytes, int]:
    data = ctypes.create_string_buffer(capacity)
    udata = ctypes.create_string_buffer(max(user_size, 1))
    size, ret = acl.tdt.dequeue_data(qid, ctypes.addressof(data), capacity,
                                     ctypes.addressof(udata) if user_size else 0, user_size, timeout)
    if ret != 0:
        return b"", b"", ret
    return data.raw[:size], udata.raw[:user_size], ret


def buf_write(payload: bytes) -> int:
    buf, ret = acl.tdt.alloc_buf(len(payload), acl.ACL_TDT_NORMAL_MEM)
    check(ret, "alloc_buf")
    ptr, size, ret = acl.tdt.get_buf_data(buf)
    check(ret, "get_buf_data")
    assert size == len(payload)
    ctypes.memmove(ptr, payload, len(payload))
    check(acl.tdt.set_buf_data_len(buf, len(payload)), "set_buf_data_len")
    return buf


def buf_read(buf: int) -> bytes:
    ptr, _size, ret = acl.tdt.get_buf_data(buf)
    check(ret, "get_buf_data")
    length, ret = acl.tdt.get_buf_data_len(buf)
    check(ret, "get_buf_data_len")
    return ctypes.string_at(ptr, length)


def test_queue_attr_defaults_and_round_trip() -> None:
    attr = acl.tdt.create_queue_attr()
    try:
        depth = ctypes.c_uint32(0)
        size, ret = acl.tdt.get_queue_attr(attr, acl.ACL_TDT_QUEUE_DEPTH_UINT32, 4, ctypes.addressof(depth))
        check(ret, "get depth")
        assert (size, depth.value) == (4, 8)
        name = ctypes.create_string_buffer(b"frames-in")
        ptr = ctypes.c_void_p(ctypes.addressof(name))
        check(acl.tdt.set_queue_attr(attr, acl.ACL_TDT_QUEUE_NAME_PTR, 8, ctypes.addressof(ptr)), "set name")
        name.value = b"changed"  # the attr keeps its own copy
        out = ctypes.c_void_p(0)
        size, ret = acl.tdt.get_queue_attr(attr, acl.ACL_TDT_QUEUE_NAME_PTR, 8, ctypes.addressof(out))
        check(ret, "get name")
        assert size == 8 and ctypes.string_at(out.value) == b"frames-in"
        for bad in (0, 1, 8193):
            value = ctypes.c_uint32(bad)
            assert acl.tdt.set_queue_attr(attr, acl.ACL_TDT_QUEUE_DEPTH_UINT32, 4,
                                          ctypes.addressof(value)) == ACL_ERROR_INVALID_PARAM
        long_name = ctypes.create_string_buffer(b"x" * 128)
        ptr = ctypes.c_void_p(ctypes.addressof(long_name))
        assert acl.tdt.set_queue_attr(attr, acl.ACL_TDT_QUEUE_NAME_PTR, 8,
                                      ctypes.addressof(ptr)) == ACL_ERROR_INVALID_PARAM
        assert acl.tdt.get_queue_attr(attr, acl.ACL_TDT_QUEUE_DEPTH_UINT32, 2,
                                      ctypes.addressof(depth))[1] == ACL_ERROR_INVALID_PARAM
    finally:
        check(acl.tdt.destroy_queue_attr(attr), "destroy attr")
    assert acl.tdt.destroy_queue_attr(attr) == ACL_ERROR_INVALID_PARAM


def test_enqueue_data_is_fifo_with_user_data(queues: list[int]) -> None:
    qid = new_queue(queues, depth=4)
    payloads = [os.urandom(n) for n in (1, 100, 4000)]
    users = [os.urandom(USER_DATA_SIZE), os.urandom(10), b""]
    for payload, user in zip(payloads, users):
        check(enqueue_bytes(qid, payload, user), "enqueue_data")
    for payload, user in zip(payloads, users):
        data, udata, ret = dequeue_bytes(qid, user_size=len(user))
        check(ret, "dequeue_data")
        assert data == payload and udata == user
    assert dequeue_bytes(qid)[2] == ACL_ERROR_RT_QUEUE_EMPTY


def test_capacity_full_and_too_small_buffer(queues: list[int]) -> None:
    qid = new_queue(queues, depth=2)
    check(enqueue_bytes(qid, b"a" * 64), "first")
    check(enqueue_bytes(qid, b"b" * 8), "second")
    assert enqueue_bytes(qid, b"c") == ACL_ERROR_RT_QUEUE_FULL
    # A too-small buffer leaves the buf queued.
    assert dequeue_bytes(qid, capacity=63)[2] == ACL_ERROR_INVALID_PARAM
    assert dequeue_bytes(qid, capacity=64)[0] == b"a" * 64
    too_much_user_data = os.urandom(USER_DATA_SIZE + 1)
    assert enqueue_bytes(qid, b"d", too_much_user_data) == ACL_ERROR_INVALID_PARAM


def test_timeouts_wait_at_least_as_asked(queues: list[int]) -> None:
    qid = new_queue(queues, depth=2)
    start = time.monotonic()
    assert dequeue_bytes(qid, timeout=150)[2] == ACL_ERROR_RT_QUEUE_EMPTY
    assert 0.14 <= time.monotonic() - start < 5
    check(enqueue_bytes(qid, b"1"), "fill")
    check(enqueue_bytes(qid, b"2"), "fill")
    start = time.monotonic()
    assert enqueue_bytes(qid, b"3", timeout=120) == ACL_ERROR_RT_QUEUE_FULL
    assert 0.11 <= time.monotonic() - start < 5
    assert enqueue_bytes(qid, b"3", timeout=-2) == ACL_ERROR_INVALID_PARAM


def test_blocking_dequeue_wakes_on_enqueue_from_another_thread(queues: list[int]) -> None:
    qid = new_queue(queues, depth=3)
    payloads = [os.urandom(256) for _ in range(20)]
    got: list[bytes] = []

    def consume() -> None:
        for _ in payloads:
            data, _, ret = dequeue_bytes(qid, timeout=-1)
            assert ret == 0
            got.append(data)

    consumer = threading.Thread(target=consume)
    consumer.start()
    for payload in payloads:
        check(enqueue_bytes(qid, payload, timeout=5000), "enqueue_data")
    consumer.join(10)
    assert not consumer.is_alive()
    assert got == payloads


def test_destroy_wakes_a_blocked_dequeue() -> None:
    qid = make_queue()
    result: list[int] = []
    waiter = threading.Thread(target=lambda: result.append(dequeue_bytes(qid, timeout=-1)[2]))
    waiter.start()
    time.sleep(0.1)
    check(acl.tdt.destroy_queue(qid), "destroy_queue")
    waiter.join(5)
    assert result == [ACL_ERROR_INVALID_QUEUE_ID]
    assert acl.tdt.destroy_queue(qid) == ACL_ERROR_INVALID_QUEUE_ID
    assert enqueue_bytes(qid, b"x") == ACL_ERROR_INVALID_QUEUE_ID


def test_bufs_move_through_a_queue_and_become_handles_again(queues: list[int]) -> None:
    qid = new_queue(queues)
    payload = os.urandom(300)
    buf = buf_write(payload)
    user = os.urandom(16)
    src = ctypes.create_string_buffer(user)
    check(acl.tdt.set_buf_user_data(buf, ctypes.addressof(src), 16, 80), "set_buf_user_data")
    check(acl.tdt.enqueue(qid, buf, 0), "enqueue")
    # Handed to the queue: no longer the caller's.
    assert acl.tdt.get_buf_data_len(buf)[1] == ACL_ERROR_INVALID_PARAM
    assert acl.tdt.free_buf(buf) == ACL_ERROR_INVALID_PARAM
    out, ret = acl.tdt.dequeue(qid, 0)
    check(ret, "dequeue")
    assert buf_read(out) == payload
    dst = ctypes.create_string_buffer(16)
    check(acl.tdt.get_buf_user_data(out, ctypes.addressof(dst), 16, 80), "get_buf_user_data")
    assert dst.raw == user
    assert acl.tdt.get_buf_user_data(out, ctypes.addressof(dst), 16, 81) == ACL_ERROR_INVALID_PARAM
    check(acl.tdt.free_buf(out), "free_buf")
    assert acl.tdt.dequeue(qid, 0)[1] == ACL_ERROR_RT_QUEUE_EMPTY


def test_buf_chain_and_copy_ref(queues: list[int]) -> None:
    parts = [os.urandom(n) for n in (10, 20, 30)]
    head = buf_write(parts[0])
    members = [buf_write(p) for p in parts[1:]]
    for member in members:
        check(acl.tdt.append_buf_chain(head, member), "append_buf_chain")
    assert acl.tdt.append_buf_chain(head, head) == ACL_ERROR_INVALID_PARAM
    num, ret = acl.tdt.get_buf_chain_num(head)
    check(ret, "get_buf_chain_num")
    assert num == 3
    for index, part in enumerate(parts):
        buf, ret = acl.tdt.get_buf_from_chain(head, index)
        check(ret, "get_buf_from_chain")
        assert buf_read(buf) == part
    assert acl.tdt.get_buf_from_chain(head, 3)[1] == ACL_ERROR_INVALID_PARAM
    assert acl.tdt.free_buf(members[0]) == ACL_ERROR_INVALID_PARAM  # freed with its head
    copy, ret = acl.tdt.copy_buf_ref(head)
    check(ret, "copy_buf_ref")
    ptr, _, _ = acl.tdt.get_buf_data(copy)
    ctypes.memmove(ptr, b"\xff", 1)  # the copy shares the head's bytes
    assert buf_read(head)[:1] == b"\xff"
    check(acl.tdt.free_buf(head), "free head")
    assert buf_read(copy) == b"\xff" + parts[0][1:]  # still alive through the copy
    # A chain dequeued as data comes out concatenated.
    qid = new_queue(queues)
    check(acl.tdt.enqueue(qid, copy, 0), "enqueue chain")
    data, _, ret = dequeue_bytes(qid)
    check(ret, "dequeue_data")
    assert data == b"\xff" + parts[0][1:] + parts[1] + parts[2]


def test_buf_argument_errors() -> None:
    assert acl.tdt.alloc_buf(16, 7)[1] == ACL_ERROR_INVALID_PARAM
    buf, ret = acl.tdt.alloc_buf(16, acl.ACL_TDT_NORMAL_MEM)
    check(ret, "alloc_buf")
    assert acl.tdt.get_buf_data_len(buf) == (0, 0)
    assert acl.tdt.set_buf_data_len(buf, 17) == ACL_ERROR_INVALID_PARAM
    check(acl.tdt.free_buf(buf), "free_buf")
    for call in (lambda: acl.tdt.free_buf(buf), lambda: acl.tdt.get_buf_data(12345)[2],
                 lambda: acl.tdt.enqueue(0, 0, 0)):
        assert call() == ACL_ERROR_INVALID_PARAM
    dvpp, ret = acl.tdt.alloc_buf(1000, acl.ACL_TDT_DVPP_MEM)
    check(ret, "alloc_buf dvpp")
    ptr, size, ret = acl.tdt.get_buf_data(dvpp)
    assert ret == 0 and size == 1000 and ptr % 128 == 0
    check(acl.tdt.free_buf(dvpp), "free dvpp buf")


def test_grant_and_attach(queues: list[int]) -> None:
    qid = new_queue(queues)
    check(acl.tdt.grant_queue(qid, os.getpid(), acl.ACL_TDT_QUEUE_PERMISSION_DEQUEUE, 0), "grant")
    assert acl.tdt.grant_queue(qid, 0, 1, 0) == ACL_ERROR_INVALID_PARAM
    assert acl.tdt.grant_queue(qid, 1, 8, 0) == ACL_ERROR_INVALID_PARAM
    permission, ret = acl.tdt.attach_queue(qid, 0)
    check(ret, "attach")
    assert permission == (acl.ACL_TDT_QUEUE_PERMISSION_MANAGE | acl.ACL_TDT_QUEUE_PERMISSION_DEQUEUE
                          | acl.ACL_TDT_QUEUE_PERMISSION_ENQUEUE)
    assert acl.tdt.attach_queue(0xFFFFFF, 0)[1] == ACL_ERROR_INVALID_QUEUE_ID


def route_values(route: int) -> tuple[int, int, int]:
    values = []
    for kind in (acl.ACL_TDT_QUEUE_ROUTE_SRC_UINT32, acl.ACL_TDT_QUEUE_ROUTE_DST_UINT32,
                 acl.ACL_TDT_QUEUE_ROUTE_STATUS_INT32):
        value = ctypes.c_int32(0)
        size, ret = acl.tdt.get_queue_route_param(route, kind, 4, ctypes.addressof(value))
        check(ret, "get_queue_route_param")
        assert size == 4
        values.append(value.value)
    return values[0], values[1], values[2]


def query(mode: int, src: int | None = None, dst: int | None = None) -> list[tuple[int, int, int]]:
    info = acl.tdt.create_queue_route_query_info()
    routes = acl.tdt.create_queue_route_list()
    probe = acl.tdt.create_queue_route(0, 0)
    try:
        for kind, value in ((acl.ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM, mode),
                            (acl.ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32, src),
                            (acl.ACL_TDT_QUEUE_ROUTE_QUERY_DST_ID_UINT32, dst)):
            if value is not None:
                v = ctypes.c_uint32(value)
                check(acl.tdt.set_queue_route_query_info(info, kind, 4, ctypes.addressof(v)), "set query")
        check(acl.tdt.query_queue_routes(info, routes), "query_queue_routes")
        found = []
        for index in range(acl.tdt.get_queue_route_num(routes)):
            check(acl.tdt.get_queue_route(routes, index, probe), "get_queue_route")
            found.append(route_values(probe))
        return sorted(found)
    finally:
        acl.tdt.destroy_queue_route(probe)
        acl.tdt.destroy_queue_route_list(routes)
        acl.tdt.destroy_queue_route_query_info(info)


def test_routes_forward_and_fan_out(queues: list[int]) -> None:
    src, dst1, dst2 = (new_queue(queues, depth=4) for _ in range(3))
    routes = acl.tdt.create_queue_route_list()
    made = [acl.tdt.create_queue_route(src, dst1), acl.tdt.create_queue_route(src, dst2)]
    try:
        for route, dst in zip(made, (dst1, dst2)):
            assert route_values(route) == (src, dst, acl.ACL_TDT_QUEUE_ROUTE_UNBIND)
            check(acl.tdt.add_queue_route(routes, route), "add_queue_route")
        assert acl.tdt.get_queue_route_num(routes) == 2
        check(enqueue_bytes(src, b"before-bind"), "enqueue")
        check(acl.tdt.bind_queue_routes(routes), "bind")
        assert acl.tdt.bind_queue_routes(routes) == ACL_ERROR_INVALID_PARAM  # already bound
        bound = [(src, dst1, 1), (src, dst2, 1)]
        assert query(acl.ACL_TDT_QUEUE_ROUTE_QUERY_SRC, src=src) == sorted(bound)
        assert query(acl.ACL_TDT_QUEUE_ROUTE_QUERY_DST, dst=dst2) == [(src, dst2, 1)]
        assert query(acl.ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST, src=dst1, dst=src) == []
        payload = os.urandom(500)
        check(enqueue_bytes(src, payload), "enqueue after bind")
        for dst in (dst1, dst2):
            assert dequeue_bytes(dst)[0] == b"before-bind"
            assert dequeue_bytes(dst)[0] == payload
        assert dequeue_bytes(src)[2] == ACL_ERROR_RT_QUEUE_EMPTY
        check(acl.tdt.unbind_queue_routes(routes), "unbind")
        assert query(acl.ACL_TDT_QUEUE_ROUTE_QUERY_SRC, src=src) == []
        check(enqueue_bytes(src, b"stays"), "enqueue after unbind")
        assert dequeue_bytes(dst1)[2] == ACL_ERROR_RT_QUEUE_EMPTY
        assert dequeue_bytes(src)[0] == b"stays"
    finally:
        for route in made:
            acl.tdt.destroy_queue_route(route)
        acl.tdt.destroy_queue_route_list(routes)


def test_route_waits_for_room_and_goes_abnormal_when_a_queue_dies(queues: list[int]) -> None:
    src = new_queue(queues, depth=4)
    dst = make_queue(depth=2)
    routes = acl.tdt.create_queue_route_list()
    route = acl.tdt.create_queue_route(src, dst)
    try:
        check(acl.tdt.add_queue_route(routes, route), "add")
        check(acl.tdt.bind_queue_routes(routes), "bind")
        for n in range(4):
            check(enqueue_bytes(src, bytes([n])), "enqueue")
        # The destination holds 2; the rest wait in the source and move as room appears.
        assert dequeue_bytes(dst)[0] == b"\x00"
        assert dequeue_bytes(dst)[0] == b"\x01"
        assert dequeue_bytes(dst)[0] == b"\x02"
        check(acl.tdt.destroy_queue(dst), "destroy dst")
        abnormal = acl.ACL_TDT_QUEUE_ROUTE_BIND_ABNORMAL
        assert query(acl.ACL_TDT_QUEUE_ROUTE_QUERY_ABNORMAL) == [(src, dst, abnormal)]
        assert dequeue_bytes(src)[2] == ACL_ERROR_RT_QUEUE_EMPTY  # \x03 had moved already
        check(acl.tdt.unbind_queue_routes(routes), "unbind abnormal")
        assert query(acl.ACL_TDT_QUEUE_ROUTE_QUERY_ABNORMAL) == []
        bad = acl.tdt.create_queue_route(src, src)
        check(acl.tdt.add_queue_route(routes, bad), "add")
        assert acl.tdt.bind_queue_routes(routes) == ACL_ERROR_INVALID_PARAM
        acl.tdt.destroy_queue_route(bad)
    finally:
        acl.tdt.destroy_queue_route(route)
        acl.tdt.destroy_queue_route_list(routes)


def test_query_needs_its_ids() -> None:
    info = acl.tdt.create_queue_route_query_info()
    routes = acl.tdt.create_queue_route_list()
    try:
        assert acl.tdt.query_queue_routes(info, routes) == ACL_ERROR_INVALID_PARAM  # no mode
        mode = ctypes.c_uint32(acl.ACL_TDT_QUEUE_ROUTE_QUERY_SRC)
        check(acl.tdt.set_queue_route_query_info(info, acl.ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM, 4,
                                                 ctypes.addressof(mode)), "set mode")
        assert acl.tdt.query_queue_routes(info, routes) == ACL_ERROR_INVALID_PARAM  # no source id
        mode = ctypes.c_uint32(7)
        assert acl.tdt.set_queue_route_query_info(info, acl.ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM, 4,
                                                  ctypes.addressof(mode)) == ACL_ERROR_INVALID_PARAM
        assert acl.tdt.get_queue_route_num(12345) == 0
    finally:
        check(acl.tdt.destroy_queue_route_list(routes), "destroy list")
        check(acl.tdt.destroy_queue_route_query_info(info), "destroy info")


def test_queue_functions_are_no_longer_stubs() -> None:
    for name in ("acltdtCreateQueue", "acltdtEnqueue", "acltdtDequeueData", "acltdtBindQueueRoutes",
                 "acltdtCopyBufRef", "acltdtQueryQueueRoutes", "acltdtGrantQueue"):
        assert lib._aclemu_IsImplemented(name.encode()) == 1, name


def test_finalize_destroys_queues_and_wakes_waiters() -> None:
    from helpers.subproc import describe, run_python

    result = run_python(
        """
        import threading, acl
        assert acl.init() == 0
        attr = acl.tdt.create_queue_attr()
        qid, ret = acl.tdt.create_queue(attr)
        assert ret == 0
        got = []
        waiter = threading.Thread(target=lambda: got.append(acl.tdt.dequeue(qid, -1)[1]))
        waiter.start()
        import time; time.sleep(0.1)
        assert acl.finalize() == 0
        waiter.join(5)
        assert got == [acl.ACL_ERROR_INVALID_QUEUE_ID], got
        assert acl.init() == 0
        assert acl.tdt.destroy_queue(qid) == acl.ACL_ERROR_INVALID_QUEUE_ID
        print("ok")
        """,
        env={"ACL_BACKEND": "emulator"},
    )
    assert result.returncode == 0 and result.stdout.strip() == "ok", describe(result)
