"""Build libaclemu.so and run the C-level tests of the emulator's runtime core against it.

The library is compiled exactly as the package build does it (every emulator/*.c, plus the
generated weak stubs when present); each C program then runs in its own process with the
environment it needs, and must exit 0 after printing that all its checks passed.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
LIBRARY_FLAGS = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-O2", "-fPIC", "-shared", "-pthread"]
# as build_ffi.py: the dvpp and media headers include their neighbours by bare name
LIBRARY_INCLUDES = ["-I", "headers", "-I", "headers/acl/dvpp", "-I", "headers/acl/media", "-I", "emulator"]
TEST_FLAGS = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-Wno-deprecated-declarations", "-O1", "-pthread"]
PROGRAMS = ["test_basics", "test_streams", "test_memory", "test_threads", "test_not_supported", "test_report"]


def _compile(command: list[str], cwd: Path) -> None:
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    assert result.returncode == 0, f"{' '.join(command)}\n{result.stderr}"


@pytest.fixture(scope="module")
def build_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("emulator_c")
    sources = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "emulator").glob("*.c"))
    stubs = ROOT / "acl" / "_generated" / "emulator_stubs.c"
    if stubs.exists():
        sources.append(str(stubs.relative_to(ROOT)))
    library = out / "libaclemu.so"
    _compile(["gcc", *LIBRARY_FLAGS, *LIBRARY_INCLUDES, "-o", str(library), *sources, "-ldl", "-lm"], ROOT)
    includes = ["-I", "headers", "-I", "emulator", "-I", str(HERE)]
    link = ["-L", str(out), "-laclemu", f"-Wl,-rpath,{out}", "-lm"]
    for program in PROGRAMS:
        source = str(HERE / f"{program}.c")
        _compile(["gcc", *TEST_FLAGS, *includes, "-o", str(out / program), source, *link], ROOT)
    return out


def _run(build_dir: Path, program: str, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("ACL_EMU_")}
    clean.update(env)
    command = [str(build_dir / program), *args]
    result = subprocess.run(command, cwd=build_dir, env=clean, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, f"{program} failed:\n{result.stdout}\n{result.stderr}"
    assert "all checks passed" in result.stdout
    return result


def test_init_devices_contexts_handles_descs(build_dir: Path) -> None:
    _run(build_dir, "test_basics", ACL_EMU_DEVICE_COUNT="3")


def test_streams_events_callbacks(build_dir: Path) -> None:
    _run(build_dir, "test_streams")


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
