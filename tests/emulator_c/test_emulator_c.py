"""Build libaclemu.so and run the C-level tests of the emulator's runtime core against it.

The library is compiled by the package's own recipe (build_ffi.build_emulator, with -Werror);
each C program then runs in its own process with the environment it needs, and must exit 0
after printing that all its checks passed.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from helpers.compile_c import build_test_emulator, compile_c, link_emulator

import build_ffi

HERE = Path(__file__).resolve().parent
PROGRAMS = ["test_basics", "test_streams", "test_memory", "test_threads", "test_not_supported", "test_report"]


# CI's sanitizer jobs set this to a -fsanitize= list ("address,undefined", "thread"): the library
# and the test programs are then built with it, and any report makes the program fail.
SANITIZE = os.environ.get("ACL_TEST_SANITIZE") or None


@pytest.fixture(scope="module")
def build_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("emulator_c")
    # the package's recipe (generated stubs included), -Werror
    library = build_test_emulator(out, sanitize=SANITIZE)
    for program in PROGRAMS:
        compile_c(
            [HERE / f"{program}.c"],
            out / program,
            flags=["-Wno-deprecated-declarations", f"-I{HERE}",
                   *(build_ffi.sanitizer_flags(SANITIZE) if SANITIZE else [])],
            link=link_emulator(library),
        )
    return out


def _run(build_dir: Path, program: str, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("ACL_EMU_")}
    clean.update(env)
    command = [str(build_dir / program), *args]
    result = subprocess.run(command, cwd=build_dir, env=clean, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, f"{program} failed:\n{result.stdout}\n{result.stderr}"
    # a sanitizer that was told to carry on still fails the test with what it printed
    assert "Sanitizer" not in result.stderr and "runtime error:" not in result.stderr, result.stderr
    assert "all checks passed" in result.stdout
    return result


def test_init_devices_contexts_handles_descs(build_dir: Path) -> None:
    _run(build_dir, "test_basics", ACL_EMU_DEVICE_COUNT="3")


def test_streams_events_callbacks(build_dir: Path) -> None:
    _run(build_dir, "test_streams", ACL_EMU_THREADS="2")


def test_memory_lenient(build_dir: Path) -> None:
    result = _run(build_dir, "test_memory", ACL_EMU_DEVICE_MEMORY=str(1024 * 1024))
    assert "leak" not in result.stderr


def test_memory_strict_reports_misuse_and_leaks(build_dir: Path) -> None:
    result = _run(build_dir, "test_memory", "strict", ACL_EMU_STRICT="1")
    assert "leak: stream" in result.stderr
    assert "leak: 64 bytes of device memory" in result.stderr
    assert "leak: 32 bytes of host memory" in result.stderr


def test_four_threads_own_context_and_stream(build_dir: Path) -> None:
    _run(build_dir, "test_threads")


def test_report_callbacks_run_or_are_discarded_once_and_queues_do_not_leak(build_dir: Path) -> None:
    _run(build_dir, "test_report")


def test_not_supported_message(build_dir: Path) -> None:
    _run(build_dir, "test_not_supported")
