"""DVPP memory: the documented alignment (start 128-byte aligned; usable size rounded up to 32 plus
32 bytes), use as ordinary device memory, frees, and the strict-mode checks (run in subprocesses)."""

from __future__ import annotations

import pytest

import acl

media = acl.media
OK = acl.ACL_SUCCESS
H2D, D2H = acl.ACL_MEMCPY_HOST_TO_DEVICE, acl.ACL_MEMCPY_DEVICE_TO_HOST


def usable(size: int) -> int:
    return (size + 31) // 32 * 32 + 32


@pytest.mark.parametrize("size", [1, 31, 100, 129, 193, 1000, 4096, 65_537, 3 << 20])
def test_alignment_and_usable_size(media_stream: int, size: int) -> None:
    ptr, ret = media.dvpp_malloc(size)
    assert ret == OK
    try:
        assert ptr % 128 == 0
        host = bytes(usable(size) + 1)
        host_ptr = acl.util.bytes_to_ptr(host)
        assert acl.rt.memcpy(ptr, usable(size), host_ptr, usable(size), H2D) == OK
        past_end = acl.rt.memcpy(ptr, usable(size) + 1, host_ptr, usable(size) + 1, H2D)
        assert past_end == acl.ACL_ERROR_INVALID_PARAM
    finally:
        assert media.dvpp_free(ptr) == OK


def test_dvpp_memory_is_device_memory(media_stream: int) -> None:
    data = bytes(range(256)) * 16
    ptr, ret = media.dvpp_malloc(len(data))
    assert ret == OK
    try:
        assert acl.rt.memcpy(ptr, len(data), acl.util.bytes_to_ptr(data), len(data), H2D) == OK
        back = bytes(len(data))
        assert acl.rt.memcpy(acl.util.bytes_to_ptr(back), len(data), ptr, len(data), D2H) == OK
        assert back == data
        assert acl.util.ptr_to_bytes(ptr, 16) == data[:16]
        assert acl.rt.memset(ptr, len(data), 7, 32) == OK
        assert acl.util.ptr_to_bytes(ptr, 33) == bytes([7]) * 32 + data[32:33]
        attributes, ret = acl.rt.pointer_get_attributes(ptr)
        assert ret == OK
        assert attributes["location"]["type"] == acl.ACL_MEM_LOCATION_TYPE_DEVICE
    finally:
        assert media.dvpp_free(ptr) == OK


def test_malloc_with_cfg(media_stream: int) -> None:
    ptr, ret = media.dvpp_malloc_with_cfg(1000, acl.ACL_MEM_MALLOC_HUGE_FIRST, {})
    assert ret == OK and ptr % 128 == 0
    assert media.dvpp_free(ptr) == OK
    assert media.dvpp_malloc_with_cfg(1000, 0x7777, {})[1] == acl.ACL_ERROR_INVALID_PARAM


def test_bad_sizes_and_frees(media_stream: int) -> None:
    assert media.dvpp_malloc(0)[1] == acl.ACL_ERROR_INVALID_PARAM
    assert media.dvpp_free(0) == acl.ACL_ERROR_INVALID_PARAM
    ptr, _ = media.dvpp_malloc(64)
    assert media.dvpp_free(ptr + 64) == acl.ACL_ERROR_RT_MEMORY_FREE  # inside, not the start
    assert media.dvpp_free(ptr) == OK
    assert media.dvpp_free(ptr) == acl.ACL_ERROR_RT_MEMORY_FREE
    assert "double free" in acl.get_recent_err_msg()


def test_aclrt_free_releases_dvpp_memory(media_stream: int) -> None:
    ptr, _ = media.dvpp_malloc(64)
    assert acl.rt.free(ptr) == OK
    assert media.dvpp_free(ptr) == acl.ACL_ERROR_RT_MEMORY_FREE


def test_malloc_needs_a_device() -> None:
    from helpers.subproc import describe, run_python

    result = run_python(
        """
        import acl
        acl.init()
        print(acl.media.dvpp_malloc(64)[1])
        """,
        {"ACL_BACKEND": "emulator"},
    )
    assert result.returncode == 0, describe(result)
    assert int(result.stdout.split()[0]) == acl.ACL_ERROR_RT_CONTEXT_NULL


# ---------------------------------------------------------------- strict mode

STRICT = {"ACL_EMU_STRICT": "1"}


def test_strict_mode_refuses_dvpp_free_of_aclrt_malloc_memory() -> None:
    from helpers.subproc import describe, run_on_emulator

    result = run_on_emulator(
        """
        ptr, ret = acl.rt.malloc(64, acl.ACL_MEM_MALLOC_HUGE_FIRST)
        print(acl.media.dvpp_free(ptr), acl.rt.free(ptr))
        print(acl.get_recent_err_msg())
        """,
        STRICT,
    )
    assert result.returncode == 0, describe(result)
    codes = result.stdout.split("\n")[0].split()
    assert codes == [str(acl.ACL_ERROR_RT_MEMORY_FREE), "0"]


def test_strict_mode_wants_dvpp_memory_for_codec_buffers() -> None:
    from helpers.subproc import describe, run_on_emulator

    body = """
        media = acl.media
        channel = media.dvpp_create_channel_desc(); ok(media.dvpp_create_channel(channel), "channel")
        source, _ = acl.rt.malloc(4096, acl.ACL_MEM_MALLOC_HUGE_FIRST)  # device, but not DVPP, memory
        out, _ = media.dvpp_malloc(4096)
        desc = media.dvpp_create_pic_desc()
        media.dvpp_set_pic_desc_data(desc, out); media.dvpp_set_pic_desc_size(desc, 4096)
        print(media.dvpp_jpeg_decode_async(channel, source, 4096, desc, stream))
        print(acl.get_recent_err_msg())
        """
    strict = run_on_emulator(body, STRICT)
    assert strict.returncode == 0, describe(strict)
    code, message = strict.stdout.splitlines()[:2]
    assert int(code) == acl.ACL_ERROR_INVALID_PARAM
    assert "not DVPP memory" in message
    relaxed = run_on_emulator(body)
    assert relaxed.returncode == 0, describe(relaxed)
    assert int(relaxed.stdout.splitlines()[0]) == OK


@pytest.mark.parametrize(("strict", "expected"), [(True, "RELATIVE"), (False, "0")])
def test_channels_left_at_reset_are_reported_in_strict_mode(strict: bool, expected: str) -> None:
    from helpers.subproc import describe, run_on_emulator

    result = run_on_emulator(
        """
        channel = acl.media.dvpp_create_channel_desc()
        ok(acl.media.dvpp_create_channel(channel), "create channel")
        ok(acl.rt.destroy_stream(stream), "destroy stream")
        ok(acl.rt.destroy_context(context), "destroy context")
        ret = acl.rt.reset_device(0)
        print("RELATIVE" if ret == acl.ACL_ERROR_RELATIVE_RESOURCE_NOT_CLEARED else ret)
        print(acl.media.dvpp_destroy_channel(channel))  # forgotten at reset
        """,
        STRICT if strict else {},
    )
    assert result.returncode == 0, describe(result)
    lines = result.stdout.split()
    assert lines == [expected, str(acl.ACL_ERROR_INVALID_PARAM)]
    assert ("leak: DVPP channel" in result.stderr) == strict
