"""aclrtCacheLastTaskOpInfo / aclrtCacheLastTaskExtendInfo: the caller's info lands on the last task it
captured into a model run instance (read back with aclmdlRIDebugJsonPrint); aclrtProfTrace: the
user's bytes appear in the profiling trace, in stream order."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from helpers.runtime_support import Allocations, Runtime, check
from helpers.subproc import describe, run_on_emulator

import acl
from acl._backend import ffi

pytest.importorskip("numpy")  # ri_support moves numpy arrays
pytestmark = pytest.mark.numpy

from helpers.ri_support import captured, copy_async  # noqa: E402

VERBOSE = acl.ACL_MDLRI_DEBUG_JSON_PRINT_VERBOSE


def cache_op_info(payload: bytes) -> int:
    data = ffi.new("char[]", payload)
    return acl.rt.cache_last_task_op_info(int(ffi.cast("uintptr_t", data)), len(payload))


def cache_extend_info(text: str) -> int:
    return acl.rt.cache_last_task_extend_info(text, len(text.encode()))


def recorded_tasks(ri: int, path: Path) -> list[dict]:
    check(acl.mdl.ri_debug_json_print(ri, str(path), VERBOSE), "ri_debug_json_print")
    (stream,) = json.loads(path.read_text())["streams"]
    return stream["tasks"]


def test_info_lands_on_the_last_captured_task(rt: Runtime, alloc: Allocations, tmp_path: Path) -> None:
    stream = alloc.stream()
    a, b = alloc.device(64), alloc.device(64)
    op_info = bytes([0, 1, 2, 0xFE, 0xFF]) + b"Conv2D\0tail"
    with captured(stream) as holder:
        copy_async(b, a, 64, stream)
        check(cache_op_info(b"replaced below"), "op info")
        check(cache_op_info(op_info), "op info again")  # the same task: replaced
        copy_async(a, b, 64, stream)
        check(cache_extend_info('kernel="add";blocks=8\0ignored'), "extend info")
        copy_async(b, a, 64, stream)
    ri = holder[0]
    try:
        first, second, third = recorded_tasks(ri, tmp_path / "ri.json")
        assert bytes.fromhex(first["op_info"]) == op_info and "extend_info" not in first
        assert second["extend_info"] == 'kernel="add";blocks=8' and "op_info" not in second
        assert "op_info" not in third and "extend_info" not in third
    finally:
        check(acl.mdl.ri_destroy(ri), "ri_destroy")


def test_info_needs_a_captured_last_task(rt: Runtime, alloc: Allocations) -> None:
    stream = alloc.stream()
    a, b = alloc.device(64), alloc.device(64)
    check(acl.rt.memcpy_async(b, 64, a, 64, acl.ACL_MEMCPY_DEVICE_TO_DEVICE, stream), "an ordinary task")
    check(acl.rt.synchronize_stream(stream), "sync")
    assert cache_op_info(b"x") == acl.ACL_ERROR_RT_STREAM_MODEL
    assert cache_extend_info("x") == acl.ACL_ERROR_RT_STREAM_MODEL
    codes: list[int] = []
    fresh = threading.Thread(target=lambda: codes.append(cache_op_info(b"x")))  # launched nothing at all
    fresh.start()
    fresh.join()
    assert codes == [acl.ACL_ERROR_RT_STREAM_MODEL]
    with captured(stream) as holder:
        assert cache_op_info(b"x") == acl.ACL_ERROR_RT_STREAM_MODEL  # the capture has no task yet
        copy_async(b, a, 64, stream)
        assert acl.rt.cache_last_task_op_info(0, 4) == acl.ACL_ERROR_INVALID_PARAM
        assert cache_op_info(b"") == acl.ACL_ERROR_INVALID_PARAM
        assert acl.rt.cache_last_task_extend_info(None, 4) == acl.ACL_ERROR_INVALID_PARAM
        small = alloc.device(8)
        assert acl.rt.cache_last_task_op_info(small, 9) == acl.ACL_ERROR_INVALID_PARAM  # past its end
    check(acl.mdl.ri_destroy(holder[0]), "ri_destroy")
    assert cache_op_info(b"x") == acl.ACL_ERROR_RT_STREAM_MODEL  # the capture ended


def test_prof_trace_records_the_bytes_in_stream_order(tmp_path: Path) -> None:
    out = tmp_path / "prof"
    result = run_on_emulator(
        f"""
        import json
        from acl._backend import ffi
        config = acl.prof.create_config([0], acl.ACL_AICORE_NONE, 0, acl.ACL_PROF_TASK_TIME)
        ok(acl.prof.init({str(out)!r}), "prof init")
        ok(acl.prof.start(config), "prof start")
        a, ret = acl.rt.malloc(64, acl.ACL_MEM_MALLOC_HUGE_FIRST)
        ok(ret, "malloc")
        payload = ffi.new("unsigned char[]", bytes(range(100)))
        ok(acl.rt.memset_async(a, 64, 1, 64, stream), "memset_async")
        ok(acl.rt.prof_trace(int(ffi.cast("uintptr_t", payload)), 100, stream), "prof_trace")
        ok(acl.rt.memset_async(a, 64, 2, 64, stream), "memset_async")
        ok(acl.rt.synchronize_stream(stream), "sync")
        ok(acl.prof.stop(config), "prof stop")
        ok(acl.prof.finalize(), "prof finalize")
        acl.prof.destroy_config(config)
        """
    )
    assert result.returncode == 0, describe(result)
    events = [e for e in json.loads((out / "trace.json").read_text())["traceEvents"] if e.get("ph") == "X"]
    (trace,) = [e for e in events if e["name"] == "aclrtProfTrace"]
    assert trace["cat"] == "user"
    assert trace["args"]["length"] in (100, "100")
    assert trace["args"]["data"] == bytes(range(64)).hex()  # the first 64 bytes
    same_lane = [e for e in events if (e["pid"], e["tid"]) == (trace["pid"], trace["tid"])]
    lane = sorted(same_lane, key=lambda e: e["ts"])
    position = lane.index(trace)
    assert 0 < position < len(lane) - 1  # between the two memsets of its stream


def test_prof_trace_bad_arguments() -> None:
    result = run_on_emulator(
        """
        from acl._backend import ffi
        buf = ffi.new("char[8]")
        data = int(ffi.cast("uintptr_t", buf))
        small, ret = acl.rt.malloc(8, acl.ACL_MEM_MALLOC_HUGE_FIRST)
        ok(ret, "malloc")
        codes = [acl.rt.prof_trace(0, 8, 0), acl.rt.prof_trace(data, 0, 0), acl.rt.prof_trace(data, -5, 0),
                 acl.rt.prof_trace(data, 8, 0xDEAD0000), acl.rt.prof_trace(small, 9, 0)]
        assert codes == [acl.ACL_ERROR_INVALID_PARAM] * 5, codes
        ok(acl.rt.prof_trace(data, 8, 0), "no collection: accepted, nothing recorded")
        ok(acl.rt.synchronize_stream(0), "sync the default stream")
        print("done")
        """
    )
    assert result.returncode == 0, describe(result)
    assert result.stdout.split()[-1] == "done"
