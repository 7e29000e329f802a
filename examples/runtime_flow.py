"""The classic pyACL runtime flow, checked end to end.

init -> set_device -> create_context -> create_stream -> malloc / malloc_host -> memcpy both ways
-> async copies ordered by events, with elapsed time -> synchronize -> free -> destroy -> reset ->
finalize. Every call's return code is checked and the bytes that come back are compared.
Runs on a real NPU or, without one, on the bundled emulator.
"""

from __future__ import annotations

import os
import sys

import acl

ACL_SUCCESS = 0
DEVICE_ID = int(os.environ.get("ACL_DEVICE_ID", "0"))


def check(ret: int, what: str) -> None:
    if ret != ACL_SUCCESS:
        raise SystemExit(f"{what} failed with error {ret}: {acl.get_recent_err_msg()}")


def main() -> int:
    check(acl.init(), "acl.init")
    check(acl.rt.set_device(DEVICE_ID), "acl.rt.set_device")
    context, ret = acl.rt.create_context(DEVICE_ID)
    check(ret, "acl.rt.create_context")
    stream, ret = acl.rt.create_stream()
    check(ret, "acl.rt.create_stream")
    run_mode, ret = acl.rt.get_run_mode()
    check(ret, "acl.rt.get_run_mode")
    try:
        soc = acl.get_soc_name()
    except acl.FunctionNotAvailableError:  # a binding of a release before aclrtGetSocName (2020)
        soc = "unknown"
    print(f"backend {acl.backend()['name']}, soc {soc}, run mode {run_mode}")

    size = 1 << 20
    payload = bytes((i * 7 + 3) % 251 for i in range(size))
    src = acl.util.bytes_to_ptr(payload)

    dev_a, ret = acl.rt.malloc(size, acl.ACL_MEM_MALLOC_HUGE_FIRST)
    check(ret, "acl.rt.malloc")
    dev_b, ret = acl.rt.malloc(size, acl.ACL_MEM_MALLOC_NORMAL_ONLY)
    check(ret, "acl.rt.malloc")
    host, ret = acl.rt.malloc_host(size)
    check(ret, "acl.rt.malloc_host")

    # Synchronous copies: host -> device, device -> host.
    check(acl.rt.memcpy(dev_a, size, src, size, acl.ACL_MEMCPY_HOST_TO_DEVICE), "acl.rt.memcpy h2d")
    check(acl.rt.memcpy(host, size, dev_a, size, acl.ACL_MEMCPY_DEVICE_TO_HOST), "acl.rt.memcpy d2h")
    assert acl.util.ptr_to_bytes(host, size) == payload, "synchronous round trip corrupted the data"

    # Asynchronous copies on the stream, bracketed by events to time them.
    start, ret = acl.rt.create_event()
    check(ret, "acl.rt.create_event")
    end, ret = acl.rt.create_event()
    check(ret, "acl.rt.create_event")
    check(acl.rt.memset(host, size, 0, size), "acl.rt.memset")
    check(acl.rt.record_event(start, stream), "acl.rt.record_event")
    check(acl.rt.memcpy_async(dev_b, size, dev_a, size, acl.ACL_MEMCPY_DEVICE_TO_DEVICE, stream),
          "acl.rt.memcpy_async d2d")
    check(acl.rt.memcpy_async(host, size, dev_b, size, acl.ACL_MEMCPY_DEVICE_TO_HOST, stream),
          "acl.rt.memcpy_async d2h")
    check(acl.rt.record_event(end, stream), "acl.rt.record_event")
    check(acl.rt.synchronize_stream(stream), "acl.rt.synchronize_stream")
    elapsed_ms, ret = acl.rt.event_elapsed_time(start, end)
    check(ret, "acl.rt.event_elapsed_time")
    assert acl.util.ptr_to_bytes(host, size) == payload, "asynchronous copies corrupted the data"
    print(f"copied {size} bytes device->device->host asynchronously in {elapsed_ms:.3f} ms")

    check(acl.rt.destroy_event(start), "acl.rt.destroy_event")
    check(acl.rt.destroy_event(end), "acl.rt.destroy_event")
    check(acl.rt.free(dev_a), "acl.rt.free")
    check(acl.rt.free(dev_b), "acl.rt.free")
    check(acl.rt.free_host(host), "acl.rt.free_host")
    check(acl.rt.destroy_stream(stream), "acl.rt.destroy_stream")
    check(acl.rt.destroy_context(context), "acl.rt.destroy_context")
    check(acl.rt.reset_device(DEVICE_ID), "acl.rt.reset_device")
    check(acl.finalize(), "acl.finalize")
    print("runtime flow OK: all bytes came back intact")
    return 0


if __name__ == "__main__":
    sys.exit(main())
