"""Many live allocations (issue 15, target 4): every inner address of every live allocation is found,
freed ones are refused, and freeing in any order costs the same per free.

The expected answers come from a model of the sequence (a dict of live bases and sizes), not from
the emulator.
"""

from __future__ import annotations

import random
import time

from helpers.runtime_support import Runtime, check, pattern, read_host

import acl

KIB = 1 << 10


def _round_trips(device: int, size: int, seed: int, host: int) -> bool:
    payload = pattern(size, seed)
    source = acl.util.bytes_to_ptr(payload)
    check(acl.rt.memcpy(device, size, source, size, acl.ACL_MEMCPY_HOST_TO_DEVICE), "h2d")
    check(acl.rt.memcpy(host, size, device, size, acl.ACL_MEMCPY_DEVICE_TO_HOST), "d2h")
    return read_host(host, size) == payload


def test_random_mallocs_and_frees_keep_every_inner_address_found(rt: Runtime) -> None:
    rng = random.Random(15)
    live: dict[int, int] = {}
    freed: list[int] = []
    host, ret = acl.rt.malloc_host(256 * KIB)
    check(ret, "malloc_host")
    try:
        for _ in range(3000):
            if live and rng.random() < 0.4:
                base = rng.choice(list(live))
                check(acl.rt.free(base), "free")
                del live[base]
                freed.append(base)
            else:
                size = rng.choice([1, 63, 64, 65, 700, 4096, 70 * KIB, 200 * KIB]) + rng.randrange(8)
                base, ret = acl.rt.malloc(size, 0)
                check(ret, "malloc")
                assert all(base + size <= b or b + s <= base for b, s in live.items()), "overlap"
                live[base] = size
        for base, size in rng.sample(sorted(live.items()), 200):
            offset = rng.randrange(size)
            room = size - offset
            # the whole rest of the allocation from an inner address is accepted, one byte more is not
            check(acl.rt.memset(base + offset, room, 0x5A, room), "memset inside")
            assert acl.rt.memset(base + offset, room + 1, 0, room + 1) == acl.ACL_ERROR_INVALID_PARAM
            assert "past the end" in acl.get_recent_err_msg()
            assert _round_trips(base, min(size, 256 * KIB), base & 0xFFFF, host)
        for base in freed[-200:]:
            if any(b <= base < b + s for b, s in live.items()):
                continue  # its addresses were handed out again
            assert acl.rt.memset(base, 1, 0, 1) == acl.ACL_ERROR_INVALID_PARAM
    finally:
        for base in live:
            acl.rt.free(base)
        acl.rt.free_host(host)


def test_freeing_oldest_first_costs_as_much_as_newest_first(rt: Runtime) -> None:
    def timed(order: str) -> float:
        made = []
        for _ in range(40000):
            ptr, ret = acl.rt.malloc(64, 0)
            check(ret, "malloc")
            made.append(ptr)
        start = time.perf_counter()
        for ptr in made if order == "oldest" else reversed(made):
            check(acl.rt.free(ptr), "free")
        return time.perf_counter() - start

    newest = timed("newest")
    oldest = timed("oldest")
    assert oldest / newest < 4, (oldest, newest)
