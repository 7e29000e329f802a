"""Regression tests of issue 13's defects: each once crashed the interpreter, leaked silently or
gave a misleading result. Every case runs in its own interpreter, so a crash fails one test only.

Expected codes are the runtime's documented values written out here (ACL_ERROR_INVALID_PARAM
100000, ACL_ERROR_RT_MEMORY_ALLOCATION 207001, ACL_ERROR_RELATIVE_RESOURCE_NOT_CLEARED 148051,
HI_ERR_SYS_ILLEGAL_PARAM 0xA0028003), never read back from the emulator.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from helpers.repo import REPO_ROOT
from helpers.subproc import describe, run_command, run_on_emulator

INVALID_PARAM = 100000
RT_MEMORY_ALLOCATION = 207001
RESOURCE_NOT_CLEARED = 148051
HI_ERR_SYS_ILLEGAL_PARAM = 0xA0028003


def _expect_lines(body: str, env: dict[str, str] | None = None, timeout: float = 60.0) -> list[str]:
    result = run_on_emulator(body, env, timeout=timeout)
    assert result.returncode == 0, describe(result)
    return result.stdout.split()


# ----------------------------------------------------------------- 1: struct-by-value NULL


@pytest.mark.parametrize(
    "call",
    [
        "acl.rt.mem_managed_advise(0, 0, 0, 0)",
        "acl.rt.mem_managed_prefetch_async(0, 0, 0, 0, stream)",
        "acl.rt.launch_simt_kernel_with_args_array(0, 0, 0, 0, stream, 0, 0)",
        "acl.rt.launch_simt_kernel_with_host_args(0, 0, 0, 0, stream, 0, 0, 0, 0, 0)",
        "acl.rt.ipc_open_event_handle(0)[-1]",
        "acl.mdl.ri_add_cond_task(0, 0, 0)",
    ],
)
def test_struct_by_value_at_address_zero_is_invalid_param(call: str) -> None:
    lines = _expect_lines(f"print({call})")
    assert lines == [str(INVALID_PARAM)]


# ----------------------------------------------------------------- 2: memset


@pytest.mark.parametrize("strict", ["0", "1"])
@pytest.mark.parametrize("function", ["memset", "memset_async"])
def test_memset_refuses_untracked_addresses(function: str, strict: str) -> None:
    tail = ", stream" if function == "memset_async" else ""
    lines = _expect_lines(
        f"""
        print(acl.rt.{function}(0xdeadbeef, 64, 0, 64{tail}))
        victim, ret = acl.rt.create_stream()
        print(acl.rt.{function}(victim, 64, 0, 64{tail}))
        print(acl.rt.synchronize_stream(stream))
        print(acl.rt.destroy_stream(victim))
        """,
        {"ACL_EMU_STRICT": strict},
    )
    assert lines == [str(INVALID_PARAM), str(INVALID_PARAM), "0", "0"]


def test_memset_still_fills_device_and_pinned_host_memory() -> None:
    lines = _expect_lines(
        """
        import ctypes
        for alloc in (lambda: acl.rt.malloc(64, 0), lambda: acl.rt.malloc_host(64)):
            p, ret = alloc()
            print(acl.rt.memset(p, 64, 0x5A, 64))
            print(ctypes.string_at(p, 64) == bytes([0x5A]) * 64)
        """
    )
    assert lines == ["0", "True", "0", "True"]


# ----------------------------------------------------------------- 3: memcpy device side


# (kind, dst, src): the untracked address 0xdeadbeef on a device side; the other side valid
UNTRACKED_DEVICE_SIDES = [
    (1, "0xdeadbeef", "host_address"),  # H2D destination
    (2, "host_address", "0xdeadbeef"),  # D2H source
    (3, "0xdeadbeef", "dev"),  # D2D destination
    (3, "dev", "0xdeadbeef"),  # D2D source
]


@pytest.mark.parametrize("function", ["memcpy", "memcpy_async"])
@pytest.mark.parametrize("kind, dst, src", UNTRACKED_DEVICE_SIDES)
def test_memcpy_refuses_untracked_device_side(function: str, kind: int, dst: str, src: str) -> None:
    tail = ", stream" if function == "memcpy_async" else ""
    lines = _expect_lines(
        f"""
        import ctypes
        dev, ret = acl.rt.malloc(64, 0)
        host = ctypes.create_string_buffer(64)
        host_address = ctypes.addressof(host)
        print(acl.rt.{function}({dst}, 64, {src}, 64, {kind}{tail}))
        """
    )
    assert lines == [str(INVALID_PARAM)]


def test_memcpy_host_side_stays_unchecked() -> None:
    lines = _expect_lines(
        """
        import ctypes
        dev, ret = acl.rt.malloc(16, 0)
        src = ctypes.create_string_buffer(bytes(range(16)), 16)
        dst = ctypes.create_string_buffer(16)
        print(acl.rt.memcpy(dev, 16, ctypes.addressof(src), 16, 1))
        print(acl.rt.memcpy(ctypes.addressof(dst), 16, dev, 16, 2))
        print(dst.raw == bytes(range(16)))
        """
    )
    assert lines == ["0", "0", "True"]


@pytest.mark.parametrize("strict", ["0", "1"])
def test_blas_operands_must_be_tracked_memory(strict: str) -> None:
    """Found by the fuzzer (seed 8): a GEMM's operands are read later on the stream's worker, so an
    untracked address (here a live ctypes buffer, and 0xdeadbeef) is refused at the call."""
    lines = _expect_lines(
        """
        import ctypes
        host = ctypes.create_string_buffer(64)
        h = ctypes.addressof(host)
        d, ret = acl.rt.malloc(64, 0)
        pinned, ret = acl.rt.malloc_host(64)
        def hgemm(alpha, a, c, size=1):
            return acl.blas.hgemm(0, 0, 0, size, size, size, alpha, a, -1, d, -1, d, c, -1, 0, stream)
        print(hgemm(h, d, d + 8))
        print(hgemm(d, h, d + 8))
        print(hgemm(d, d, h))
        print(hgemm(0xdeadbeef, d, d + 8, size=0))
        print(hgemm(pinned, d, d + 8))
        print(acl.rt.synchronize_stream(stream))
        """,
        {"ACL_EMU_STRICT": strict},
    )
    assert lines == [str(INVALID_PARAM)] * 4 + ["0", "0"]


# ----------------------------------------------------------------- 4: (pointer, length) pairs


@pytest.mark.parametrize(
    "call",
    [
        "acl.set_tensor_const(desc, d, 2**31)",
        "acl.mdl.query_size_from_mem(d, 2**31)[-1]",
        "acl.mdl.get_desc_from_mem(mdesc, d, 2**31)",
    ],
)
def test_lengths_past_a_tracked_allocation_are_refused(call: str) -> None:
    lines = _expect_lines(
        f"""
        d, ret = acl.rt.malloc(64, 0)
        desc = acl.create_tensor_desc(0, [4], 0)
        mdesc = acl.mdl.create_desc()
        print({call})
        """
    )
    assert lines == [str(INVALID_PARAM)]


def test_a_range_wrapping_around_the_address_space_is_refused() -> None:
    """Found by the fuzzer: no buffer, tracked or not, can end past the top of the address space."""
    lines = _expect_lines(
        """
        import ctypes
        host = ctypes.create_string_buffer(64)
        print(acl.mdl.load_from_mem_with_mem(2**64 - 1, 2**63 - 1, 0, 0, 0, 0)[-1])
        print(acl.mdl.query_size_from_mem(ctypes.addressof(host), 2**64 - 1)[-1])
        """
    )
    assert lines == [str(INVALID_PARAM)] * 2


# ----------------------------------------------------------------- 5: gen_wrappers --root


def _generate(root: Path) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, str(REPO_ROOT / "tools" / "gen_wrappers.py"), "--root", str(root)]
    return run_command(argv, timeout=300)


@pytest.mark.generator
def test_generator_refuses_a_directory_with_foreign_files_and_removes_only_its_own(tmp_path: Path) -> None:
    first = _generate(tmp_path)
    assert first.returncode == 0, describe(first)
    out = tmp_path / "acl" / "_generated"
    notes = out / "notes.txt"
    notes.write_text("mine")
    refused = _generate(tmp_path)
    assert refused.returncode == 2, describe(refused)
    assert "notes.txt" in refused.stderr
    assert notes.read_text() == "mine"
    notes.unlink()
    stale = out / "stale.py"
    stale.write_text((out / "top.py").read_text().splitlines()[0] + "\n")  # stamped as the generator's
    build_product = out / "_acl_cffi.c"
    build_product.write_text("/* a build product */\n")
    again = _generate(tmp_path)
    assert again.returncode == 0, describe(again)
    assert not stale.exists()
    assert build_product.exists()


# ----------------------------------------------------------------- 6: O(1) destroy


@pytest.mark.parametrize("kind", ["stream", "event"])
def test_destroying_oldest_first_costs_as_much_as_newest_first(kind: str) -> None:
    lines = _expect_lines(
        f"""
        import time
        def timed(order):
            made = [acl.rt.create_{kind}()[0] for _ in range(40000)]
            start = time.perf_counter()
            for h in (made if order == "oldest" else reversed(made)):
                assert acl.rt.destroy_{kind}(h) == 0
            return time.perf_counter() - start
        newest = timed("newest")
        oldest = timed("oldest")
        print(oldest / newest < 4)
        """,
        timeout=120,
    )
    assert lines == ["True"]


# ----------------------------------------------------------------- 7: sys_wait_epoll


def test_sys_wait_epoll_is_bounded() -> None:
    lines = _expect_lines(
        """
        import resource
        events, count, ret = acl.himpi.sys_wait_epoll(0, 10**7, 0)
        print(events, count, ret)
        events, count, ret = acl.himpi.sys_wait_epoll(0, 16, 0)
        print(len(events) == max(0, min(count, 16)))
        print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss < 1024 * 1024)
        """
    )
    assert lines == ["[]", "0", str(HI_ERR_SYS_ILLEGAL_PARAM), "True", "True"]


# ----------------------------------------------------------------- 8: strict context leaks


def test_strict_mode_reports_streams_and_events_left_in_a_user_context() -> None:
    result = run_on_emulator(
        """
        user, ret = acl.rt.create_context(0)
        s, ret = acl.rt.create_stream()
        e, ret = acl.rt.create_event()
        print(acl.rt.destroy_context(user))
        clean, ret = acl.rt.create_context(0)
        print(acl.rt.destroy_context(clean))
        """,
        {"ACL_EMU_STRICT": "1"},
    )
    assert result.returncode == 0, describe(result)
    assert result.stdout.split() == [str(RESOURCE_NOT_CLEARED), "0"]
    assert "leak: stream" in result.stderr and "leak: event" in result.stderr


# ----------------------------------------------------------------- 9: host allocation failure


def test_host_allocation_failure_has_one_code() -> None:
    lines = _expect_lines(
        """
        print(acl.rt.malloc_host(2**64 - 1)[1])
        print(acl.rt.malloc_host(2**40)[1])
        """
    )
    assert lines == [str(RT_MEMORY_ALLOCATION)] * 2


# ----------------------------------------------------------------- 10: error messages


def test_parameter_named_type_does_not_shadow_the_builtin() -> None:
    lines = _expect_lines(
        """
        try:
            acl.rt.host_register("x", 16, 0)
        except TypeError as e:
            print(str(e).startswith("acl.rt.host_register:"), "not callable" in str(e))
        """
    )
    assert lines == ["True", "False"]


def test_venc_get_channel_desc_param_names_itself() -> None:
    result = run_on_emulator(
        """
        try:
            acl.media.venc_get_channel_desc_param(0, acl.ACL_VENC_CALLBACK_PTR)
        except Exception as e:
            print(e)
        """
    )
    assert result.returncode == 0, describe(result)
    assert "acl.media.venc_get_channel_desc_param" in result.stdout
    assert "venc_get_channel_desc_callback" not in result.stdout


@pytest.mark.generator
def test_generator_names_an_unknown_type(tmp_path: Path) -> None:
    include = tmp_path / "include" / "acl"
    include.mkdir(parents=True)
    (include / "acl.h").write_text("int aclFoo(mysteryType_t value);\n")
    result = run_command(
        [
            sys.executable,
            str(REPO_ROOT / "tools" / "gen_wrappers.py"),
            "--include",
            str(tmp_path / "include"),
            "--root",
            str(tmp_path / "out"),
        ],
        timeout=120,
    )
    assert result.returncode != 0
    assert "mysteryType_t" in result.stderr, describe(result)


def test_copy_check_benchmark_runs() -> None:
    """No timing asserted (a shared machine): the benchmark runs and reports its ratios."""
    code = (
        f"import sys; sys.path.append({str(REPO_ROOT)!r}); "
        "from benchmarks.bench_copy_check import main; sys.exit(main(['--many', '10', '--calls', '10']))"
    )
    result = run_command([sys.executable, "-c", code], {"ACL_BACKEND": "emulator"})
    assert result.returncode == 0, describe(result)
    assert "ratio device/host" in result.stdout
