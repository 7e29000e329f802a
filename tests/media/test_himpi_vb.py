"""acl.himpi VB pools: blocks of real DVPP memory (written and read back through acl.rt.memcpy),
reference counting, refusals with the HI_ERR_SYS_* codes, and pools released by hi_mpi_sys_exit."""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Iterator

import pytest
from helpers.runtime_support import check
from helpers.subproc import describe, run_command

import acl

INVALID = 0xFFFFFFFF  # HI_VB_INVALID_POOLID / HI_VB_INVALID_HANDLE as unsigned handles
HOST_TO_DEVICE, DEVICE_TO_HOST = 1, 2


class PoolConfig(ctypes.Structure):
    _fields_ = [
        ("blk_size", ctypes.c_uint64),
        ("blk_cnt", ctypes.c_uint32),
        ("remap_mode", ctypes.c_int),
        ("mmz_name", ctypes.c_char * 32),
    ]


def create_pool(blk_size: int, blk_cnt: int) -> int:
    config = PoolConfig(blk_size, blk_cnt, 0, b"")
    return acl.himpi.vb_create_pool(ctypes.addressof(config))


@pytest.fixture(scope="module")
def himpi(media_stream: int) -> Iterator[None]:
    check(acl.himpi.sys_init(), "sys_init")
    yield
    check(acl.himpi.sys_exit(), "sys_exit")


def roundtrip(addr: int, data: bytes) -> bytes:
    check(acl.rt.memcpy(addr, len(data), acl.util.bytes_to_ptr(data), len(data), HOST_TO_DEVICE), "upload")
    back = bytes(len(data))
    check(acl.rt.memcpy(acl.util.bytes_to_ptr(back), len(back), addr, len(back), DEVICE_TO_HOST), "download")
    return back


def test_blocks_are_distinct_dvpp_memory(himpi: None) -> None:
    pool = create_pool(1000, 3)
    assert pool != INVALID, acl.get_recent_err_msg()
    blocks = [acl.himpi.vb_get_block(pool, 1000, None) for _ in range(3)]
    assert INVALID not in blocks and len(set(blocks)) == 3
    addrs = [acl.himpi.vb_handle_to_addr(b) for b in blocks]
    assert all(a % 128 == 0 for a in addrs)
    starts = sorted(addrs)
    assert all(b - a >= 1000 for a, b in zip(starts, starts[1:]))  # no overlap
    payloads = [bytes([i + 1]) * 1000 for i in range(3)]
    for addr, data in zip(addrs, payloads):
        assert roundtrip(addr, data) == data
    for addr, data in zip(addrs, payloads):  # writing one block left the others alone
        back = bytes(1000)
        check(acl.rt.memcpy(acl.util.bytes_to_ptr(back), 1000, addr, 1000, DEVICE_TO_HOST), "download")
        assert back == data
    assert acl.himpi.vb_get_block(pool, 10, None) == INVALID  # all three held
    assert "every block of pool" in acl.get_recent_err_msg()
    for b in blocks:
        assert acl.himpi.vb_release_block(b) == 0
    assert acl.himpi.vb_destroy_pool(pool) == 0


def test_reference_counting(himpi: None) -> None:
    pool = create_pool(256, 1)
    block = acl.himpi.vb_get_block(pool, 128, "anything")
    assert block != INVALID
    assert acl.himpi.vb_block_copyref(block) == 0
    assert acl.himpi.vb_release_block(block) == 0
    assert acl.himpi.vb_handle_to_addr(block) != 0  # one reference left
    assert acl.himpi.vb_destroy_pool(pool) == acl.HI_ERR_SYS_BUSY
    assert acl.himpi.vb_get_block(pool, 128, None) == INVALID  # the only block is held
    assert acl.himpi.vb_release_block(block) == 0
    assert acl.himpi.vb_handle_to_addr(block) == 0  # free again: not an address any more
    assert acl.himpi.vb_release_block(block) == acl.HI_ERR_SYS_ILLEGAL_PARAM
    assert acl.himpi.vb_block_copyref(block) == acl.HI_ERR_SYS_ILLEGAL_PARAM
    again = acl.himpi.vb_get_block(pool, 256, None)
    assert again == block  # the lowest free block of the pool
    assert acl.himpi.vb_release_block(again) == 0
    assert acl.himpi.vb_destroy_pool(pool) == 0
    assert acl.himpi.vb_destroy_pool(pool) == acl.HI_ERR_SYS_UNEXIST
    assert acl.himpi.vb_get_block(pool, 1, None) == INVALID  # stale pool id
    assert acl.himpi.vb_handle_to_addr(block) == 0


def test_refusals(himpi: None) -> None:
    assert acl.himpi.vb_create_pool(0) == INVALID
    assert "vb_pool_cfg is NULL" in acl.get_recent_err_msg()
    for size, count in [(0, 1), (64, 0), (64, 10241), (1 << 33, 1)]:
        assert create_pool(size, count) == INVALID, (size, count)
        assert "blk_size" in acl.get_recent_err_msg()
    pool = create_pool(64, 2)
    assert acl.himpi.vb_get_block(pool, 65, None) == INVALID  # larger than the pool's blocks
    assert "outside 1 .. the pool's 64" in acl.get_recent_err_msg()
    assert acl.himpi.vb_get_block(pool, 0, None) == INVALID
    assert acl.himpi.vb_get_block(pool + 1000, 8, None) == INVALID
    assert "does not exist" in acl.get_recent_err_msg()
    assert acl.himpi.vb_release_block(INVALID) == acl.HI_ERR_SYS_ILLEGAL_PARAM
    assert acl.himpi.vb_handle_to_addr(12345678) == 0
    assert acl.himpi.vb_destroy_pool(pool) == 0


_SYS_EXIT = """
import ctypes
import acl
class PoolConfig(ctypes.Structure):
    _fields_ = [("blk_size", ctypes.c_uint64), ("blk_cnt", ctypes.c_uint32), ("remap_mode", ctypes.c_int),
                ("mmz_name", ctypes.c_char * 32)]
acl.init(); acl.rt.set_device(0)
acl.himpi.sys_init()
config = PoolConfig(4096, 2, 0, b"")
pool = acl.himpi.vb_create_pool(ctypes.addressof(config))
block = acl.himpi.vb_get_block(pool, 4096, None)
addr = acl.himpi.vb_handle_to_addr(block)
print(acl.himpi.sys_exit())
print(acl.himpi.vb_handle_to_addr(block), acl.himpi.vb_destroy_pool(pool))
print(acl.rt.free(addr))  # the pool's memory went with it
pool = acl.himpi.vb_create_pool(ctypes.addressof(config))
print(pool != 0xFFFFFFFF)
acl.rt.reset_device(0)
print(acl.finalize())
"""


def test_sys_exit_and_finalize_release_pools() -> None:
    result = run_command(
        [sys.executable, "-c", _SYS_EXIT], {"ACL_BACKEND": "emulator", "ACL_EMU_STRICT": "1"}
    )
    assert result.returncode == 0, describe(result)
    lines = result.stdout.split("\n")
    assert lines[0] == "0"
    assert lines[1] == f"0 {acl.HI_ERR_SYS_UNEXIST}"
    assert lines[2] != "0"
    assert lines[3] == "True"
    assert "hi_mpi VB pool(s) were never destroyed" in result.stderr


def test_threads_never_share_a_block(himpi: None) -> None:
    import threading

    pool = create_pool(64, 8)
    taken: list[int] = []
    lock = threading.Lock()
    errors: list[str] = []

    def worker() -> None:
        for _ in range(200):
            block = acl.himpi.vb_get_block(pool, 64, None)
            if block == INVALID:
                continue
            with lock:
                if block in taken:
                    errors.append(f"block {block} handed out twice")
                taken.append(block)
            with lock:
                taken.remove(block)
            if acl.himpi.vb_release_block(block) != 0:
                errors.append("release failed")

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert acl.himpi.vb_destroy_pool(pool) == 0  # every block was given back
