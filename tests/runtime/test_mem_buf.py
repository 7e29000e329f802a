"""Message buffers: shared refcounted data, user data, chains, and their argument errors."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from helpers.device_bytes import read_device, write_device
from helpers.runtime_support import Allocations, Runtime, check, pattern, refused

import acl
from acl._backend import ffi, lib


@pytest.fixture()
def bufs(rt: Runtime) -> Iterator[list[int]]:
    """Heads allocated by a test, freed at its end (members go with their head)."""
    heads: list[int] = []
    yield heads
    for head in heads:
        check(acl.rt.free_buf(head), "free_buf")


def _alloc(heads: list[int], size: int) -> int:
    buf, ret = acl.rt.alloc_buf(size)
    check(ret, "alloc_buf")
    heads.append(buf)
    return buf


def test_functions_are_implemented() -> None:
    for name in ("aclrtAllocBuf", "aclrtFreeBuf", "aclrtGetBufData", "aclrtGetBufDataLen",
                 "aclrtSetBufDataLen", "aclrtGetBufUserData", "aclrtSetBufUserData", "aclrtCopyBufRef",
                 "aclrtAppendBufChain", "aclrtGetBufChainNum", "aclrtGetBufFromChain"):
        assert lib._aclemu_IsImplemented(name.encode()) == 1, name


def test_data_is_device_usable_and_shared_by_reference_copies(bufs: list[int], alloc: Allocations) -> None:
    buf = _alloc(bufs, 300)
    data, size, ret = acl.rt.get_buf_data(buf)
    check(ret, "get_buf_data")
    assert size == 300 and data != 0
    payload = pattern(300, seed=3)
    write_device(data, payload)
    ref, ret = acl.rt.copy_buf_ref(buf)
    check(ret, "copy_buf_ref")
    bufs.append(ref)
    ref_data, ref_size, ret = acl.rt.get_buf_data(ref)
    check(ret, "get_buf_data")
    assert (ref_data, ref_size) == (data, 300)
    # the bytes outlive the first header: the reference still reads them
    check(acl.rt.free_buf(bufs.pop(0)), "free_buf")
    assert read_device(ref_data, 300) == payload
    dev = alloc.device(300)
    check(acl.rt.memcpy(dev, 300, ref_data, 300, acl.ACL_MEMCPY_DEVICE_TO_DEVICE), "memcpy d2d")
    assert read_device(dev, 300) == payload
    # a copy running past the buffer's end is refused like any device buffer overrun
    refused(acl.rt.memcpy(dev, 300, ref_data + 1, 300, acl.ACL_MEMCPY_DEVICE_TO_DEVICE))


def test_data_length(bufs: list[int]) -> None:
    buf = _alloc(bufs, 64)
    length, ret = acl.rt.get_buf_data_len(buf)
    check(ret, "get_buf_data_len")
    assert length == 0
    check(acl.rt.set_buf_data_len(buf, 40), "set_buf_data_len")
    assert acl.rt.get_buf_data_len(buf) == (40, acl.ACL_SUCCESS)
    check(acl.rt.set_buf_data_len(buf, 64), "set_buf_data_len")
    refused(acl.rt.set_buf_data_len(buf, 65), "exceeds")
    assert acl.rt.get_buf_data_len(buf) == (64, acl.ACL_SUCCESS)


def test_user_data_round_trip_and_private_per_header(bufs: list[int]) -> None:
    buf = _alloc(bufs, 16)
    blob = pattern(96, seed=5)
    source = ffi.from_buffer(blob)
    check(acl.rt.set_buf_user_data(buf, int(ffi.cast("uintptr_t", source)), 96, 0), "set_buf_user_data")
    out = ffi.new("unsigned char[]", 96)
    check(acl.rt.get_buf_user_data(buf, int(ffi.cast("uintptr_t", out)), 20, 30), "get_buf_user_data")
    assert bytes(out[0:20]) == blob[30:50]
    ref, ret = acl.rt.copy_buf_ref(buf)
    check(ret, "copy_buf_ref")
    bufs.append(ref)
    zeros = ffi.new("unsigned char[]", 8)
    check(acl.rt.set_buf_user_data(ref, int(ffi.cast("uintptr_t", zeros)), 8, 0), "set_buf_user_data")
    check(acl.rt.get_buf_user_data(buf, int(ffi.cast("uintptr_t", out)), 96, 0), "get_buf_user_data")
    assert bytes(out) == blob  # the original's user data is untouched by the copy's write
    check(acl.rt.get_buf_user_data(ref, int(ffi.cast("uintptr_t", out)), 96, 0), "get_buf_user_data")
    assert bytes(out) == bytes(8) + blob[8:]
    address = int(ffi.cast("uintptr_t", out))
    refused(acl.rt.get_buf_user_data(buf, address, 1, 96), "user data area")
    refused(acl.rt.get_buf_user_data(buf, address, 97, 0), "user data area")
    refused(acl.rt.set_buf_user_data(buf, address, 0, 0), "user data area")
    refused(acl.rt.set_buf_user_data(buf, 0, 4, 0), "dataPtr is NULL")


def test_chains(bufs: list[int]) -> None:
    head = _alloc(bufs, 8)
    members = []
    for size in (16, 24, 32):
        member, ret = acl.rt.alloc_buf(size)
        check(ret, "alloc_buf")
        check(acl.rt.append_buf_chain(head, member), "append_buf_chain")
        members.append(member)
    assert acl.rt.get_buf_chain_num(head) == (4, acl.ACL_SUCCESS)
    for index, expected in enumerate([head, *members]):
        assert acl.rt.get_buf_from_chain(head, index) == (expected, acl.ACL_SUCCESS)
    for index, size in enumerate((8, 16, 24, 32)):
        buf, _ = acl.rt.get_buf_from_chain(head, index)
        assert acl.rt.get_buf_data(buf)[1] == size
    buf, ret = acl.rt.get_buf_from_chain(head, 4)
    refused(ret, "past the chain")
    refused(acl.rt.append_buf_chain(head, members[1]), "already belongs")
    refused(acl.rt.append_buf_chain(members[0], head), "already belongs")
    refused(acl.rt.free_buf(members[2]), "free the head")
    other = _alloc(bufs, 8)
    refused(acl.rt.append_buf_chain(members[0], other), "member of another chain")
    refused(acl.rt.get_buf_chain_num(members[0])[1], "not a head")
    # freeing the head frees the members: their handles are dead afterwards
    check(acl.rt.free_buf(bufs.pop(0)), "free_buf")
    for member in members:
        refused(acl.rt.get_buf_data_len(member)[1], "not a live mbuf")


def test_bad_handles_and_sizes(rt: Runtime) -> None:
    refused(acl.rt.alloc_buf(0)[1], "size is 0")
    refused(acl.rt.free_buf(0), "not a live mbuf")
    refused(acl.rt.free_buf(0xDEAD0000), "not a live mbuf")
    refused(acl.rt.get_buf_data(rt.stream)[2], "not a live mbuf")
    buf, ret = acl.rt.alloc_buf(4)
    check(ret, "alloc_buf")
    check(acl.rt.free_buf(buf), "free_buf")
    refused(acl.rt.free_buf(buf), "not a live mbuf")  # double free
