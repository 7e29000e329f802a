"""aclrtGetMemUsageInfo against known allocations (and aclrtGetMemInfo), and the runtime's device
status areas: aclrtCtxGetFloatOverflowAddr (what the overflow status functions copy and reset) and
aclrtGetHardwareSyncAddr. Run in fresh processes: usage and peaks are process-wide."""

from __future__ import annotations

import textwrap

from helpers.subproc import describe, run_on_emulator

USAGE = """
from acl._backend import ffi

def usage(device, capacity=4):
    rows = ffi.new("aclrtMemUsageInfo[]", capacity)
    count, ret = acl.rt.get_mem_usage_info(device, int(ffi.cast("uintptr_t", rows)), capacity, 0)
    ok(ret, "get_mem_usage_info")
    return [(ffi.string(r.name).decode(), r.curMemSize, r.memPeakSize) for r in rows[0:count]]

def used_by_get_mem_info():
    free, total, ret = acl.rt.get_mem_info(acl.ACL_HBM_MEM)
    ok(ret, "get_mem_info")
    return total - free
"""


def test_usage_follows_mallocs_and_frees() -> None:
    result = run_on_emulator(
        USAGE
        + textwrap.dedent(
            """
        base = dict((name, (cur, peak)) for name, cur, peak in usage(0))
        assert set(base) == {"app", "dvpp"}, base
        start_app, start_dvpp = base["app"][0], base["dvpp"][0]
        a, ret = acl.rt.malloc(1000, acl.ACL_MEM_MALLOC_HUGE_FIRST)
        ok(ret, "malloc a")
        b, ret = acl.rt.malloc(3 << 20, acl.ACL_MEM_MALLOC_NORMAL_ONLY)
        ok(ret, "malloc b")
        d, ret = acl.media.dvpp_malloc(5000)
        ok(ret, "dvpp_malloc")
        def size(ptr):  # the allocation's size as the runtime tracks it (DVPP rounds up)
            base, length, ret = acl.rt.mem_get_address_range(ptr)
            ok(ret, "mem_get_address_range")
            assert base == ptr
            return length

        assert (size(a), size(b)) == (1000, 3 << 20) and size(d) >= 5000
        now = {name: (cur, peak) for name, cur, peak in usage(0)}
        assert now["app"][0] == start_app + 1000 + (3 << 20), now
        assert now["dvpp"][0] == start_dvpp + size(d), now
        assert now["app"][1] >= now["app"][0] and now["dvpp"][1] >= now["dvpp"][0]
        assert now["app"][0] + now["dvpp"][0] == used_by_get_mem_info()  # the same books
        rows = usage(0)
        assert [r[1] for r in rows] == sorted((r[1] for r in rows), reverse=True)  # largest first
        assert usage(0, capacity=1) == rows[:1]
        ok(acl.rt.free(b), "free b")
        after = {name: (cur, peak) for name, cur, peak in usage(0)}
        assert after["app"] == (start_app + 1000, now["app"][1]), after  # the peak stays
        assert usage(1) == [("app", 0, 0), ("dvpp", 0, 0)]  # nothing ever ran on device 1
        ok(acl.rt.free(a), "free a")
        ok(acl.media.dvpp_free(d), "dvpp_free")
        print("done")
        """
        )
    )
    assert result.returncode == 0, describe(result)
    assert result.stdout.split()[-1] == "done"


def test_overflow_area_is_device_memory_the_status_functions_read_and_reset() -> None:
    result = run_on_emulator(
        """
        from acl._backend import ffi
        H2D, D2H = acl.ACL_MEMCPY_HOST_TO_DEVICE, acl.ACL_MEMCPY_DEVICE_TO_HOST

        def get_addr(fn):
            addr, ret = fn()
            ok(ret, fn.__name__)
            return addr

        def read(ptr, size):
            host = ffi.new("unsigned char[]", size)
            ok(acl.rt.memcpy(int(ffi.cast("uintptr_t", host)), size, ptr, size, D2H), "memcpy d2h")
            return bytes(host)

        area = get_addr(acl.rt.ctx_get_float_overflow_addr)
        assert area and area == get_addr(acl.rt.ctx_get_float_overflow_addr)
        assert read(area, 64) == bytes(64)  # nothing overflowed yet
        flag = bytes(range(1, 65))
        src = ffi.new("unsigned char[]", flag)
        ok(acl.rt.memcpy(area, 64, int(ffi.cast("uintptr_t", src)), 64, H2D), "a kernel sets the flag")
        out, ret = acl.rt.malloc(128, acl.ACL_MEM_MALLOC_HUGE_FIRST)
        ok(ret, "malloc")
        ok(acl.rt.memset(out, 128, 0xAB, 128), "memset")
        ok(acl.rt.get_float_overflow_status(out, 128, stream), "get status")
        ok(acl.rt.synchronize_stream(stream), "sync")
        assert read(out, 128) == flag + bytes(64)  # the area, zero beyond it
        ok(acl.rt.npu_get_float_over_flow_status(out, 16, 0, stream), "npu get")
        ok(acl.rt.synchronize_stream(stream), "sync")
        assert read(out, 16) == flag[:16]
        ok(acl.rt.reset_float_overflow_status(stream), "reset")
        ok(acl.rt.synchronize_stream(stream), "sync")
        assert read(area, 64) == bytes(64)
        ok(acl.rt.memcpy(area, 64, int(ffi.cast("uintptr_t", src)), 64, H2D), "flag again")
        ok(acl.rt.npu_clear_float_over_flow_status(0, stream), "npu clear")
        ok(acl.rt.synchronize_stream(stream), "sync")
        ok(acl.rt.get_overflow_status(out, 64, stream), "get status")
        ok(acl.rt.synchronize_stream(stream), "sync")
        assert read(out, 64) == bytes(64)
        # the area is 64 bytes of device memory: a copy past its end is refused
        big = ffi.new("unsigned char[]", 65)
        big_addr = int(ffi.cast("uintptr_t", big))
        assert acl.rt.memcpy(big_addr, 65, area, 65, D2H) == acl.ACL_ERROR_INVALID_PARAM
        # device 1 has its own area
        ok(acl.rt.set_device(1), "set_device 1")
        other = get_addr(acl.rt.ctx_get_float_overflow_addr)
        assert other != area and read(other, 64) == bytes(64)
        sync = get_addr(acl.rt.get_hardware_sync_addr)
        assert sync not in (area, other) and read(sync, 1024) == bytes(1024)
        ok(acl.rt.set_context(context), "back to device 0")
        sync0 = get_addr(acl.rt.get_hardware_sync_addr)
        assert sync0 != sync
        ok(acl.rt.memset(sync0, 1024, 7, 1024), "the sync block is writable device memory")
        assert read(sync0, 1024) == bytes([7]) * 1024
        print("done")
        """
    )
    assert result.returncode == 0, describe(result)
    assert result.stdout.split()[-1] == "done"


def test_bad_arguments_give_codes_not_crashes() -> None:
    result = run_on_emulator(
        USAGE
        + textwrap.dedent(
            """
        INVALID = acl.ACL_ERROR_INVALID_PARAM
        rows = int(ffi.cast("uintptr_t", ffi.new("aclrtMemUsageInfo[2]")))
        small, ret = acl.rt.malloc(16, acl.ACL_MEM_MALLOC_HUGE_FIRST)
        ok(ret, "malloc")
        codes = [
            (acl.rt.get_mem_usage_info(0, 0, 2, 0)[1], INVALID),
            (acl.rt.get_mem_usage_info(0, rows, 0, 0)[1], INVALID),
            (acl.rt.get_mem_usage_info(7, rows, 2, 0)[1], acl.ACL_ERROR_RT_INVALID_DEVICEID),
            (acl.rt.get_mem_usage_info(-3, rows, 2, 0)[1], acl.ACL_ERROR_RT_INVALID_DEVICEID),
            (acl.rt.get_float_overflow_status(0, 64, 0), INVALID),
            (acl.rt.get_float_overflow_status(0x1000, 64, 0), INVALID),  # not device memory
            (acl.rt.get_float_overflow_status(small, 64, 0), INVALID),  # past its end
            (acl.rt.reset_float_overflow_status(0xDEAD0000), INVALID),
        ]
        assert [got for got, _ in codes] == [want for _, want in codes], codes
        ok(acl.rt.free(small), "free")
        ok(acl.rt.destroy_stream(stream), "destroy_stream")
        ok(acl.rt.destroy_context(context), "destroy_context")
        ok(acl.rt.reset_device(0), "reset_device")
        # no device is current
        assert acl.rt.ctx_get_float_overflow_addr()[1] == acl.ACL_ERROR_RT_CONTEXT_NULL
        assert acl.rt.get_hardware_sync_addr()[1] == acl.ACL_ERROR_RT_CONTEXT_NULL
        print("done")
        """
        )
    )
    assert result.returncode == 0, describe(result)
    assert result.stdout.split()[-1] == "done"
