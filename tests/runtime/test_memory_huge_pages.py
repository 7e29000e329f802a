"""Large allocations start on a 2 MiB boundary and are advised for transparent huge pages (as numpy
does for its own large arrays), so kernels streaming through them do not pay 4 KiB TLB misses."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.runtime_support import Allocations, check, pattern, read_host

import acl

HUGE_PAGE = 2 << 20
THP_SETTING = Path("/sys/kernel/mm/transparent_hugepage/enabled")


def _mapping_flags(address: int) -> dict[str, str]:
    """The /proc/self/smaps fields of the mapping holding `address`."""
    fields: dict[str, str] = {}
    inside = False
    for line in Path("/proc/self/smaps").read_text().splitlines():
        head = line.split()[0]
        if "-" in head and not head.endswith(":"):
            start, end = (int(part, 16) for part in head.split("-"))
            inside = start <= address < end
        elif inside:
            name, _, value = line.partition(":")
            fields[name] = value.strip()
    return fields


@pytest.mark.parametrize("size", [4 << 20, (9 << 20) + 123])
def test_large_allocations_start_on_a_huge_page_boundary_and_keep_their_bytes(
    alloc: Allocations, size: int
) -> None:
    ptr = alloc.device(size)
    assert ptr % HUGE_PAGE == 0, hex(ptr)
    data = pattern(size, seed=5)
    source = acl.util.bytes_to_ptr(data)
    check(acl.rt.memcpy(ptr, size, source, size, acl.ACL_MEMCPY_HOST_TO_DEVICE), "memcpy")
    back = alloc.host(size)
    check(acl.rt.memcpy(back, size, ptr, size, acl.ACL_MEMCPY_DEVICE_TO_HOST), "memcpy")
    assert read_host(back, size) == data


@pytest.mark.skipif(not THP_SETTING.exists(), reason="the kernel has no transparent huge pages")
def test_large_allocations_are_advised_for_transparent_huge_pages(alloc: Allocations) -> None:
    flags = _mapping_flags(alloc.device(8 << 20))
    assert "hg" in flags["VmFlags"].split(), flags  # MADV_HUGEPAGE
    if "[never]" not in THP_SETTING.read_text():
        assert flags["THPeligible"] == "1", flags


@pytest.mark.skipif(not THP_SETTING.exists(), reason="the kernel has no transparent huge pages")
def test_allocations_under_4_mib_are_left_to_normal_pages(alloc: Allocations) -> None:
    flags = _mapping_flags(alloc.device(1 << 20))
    assert "hg" not in flags["VmFlags"].split(), flags
