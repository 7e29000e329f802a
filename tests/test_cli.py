"""`python -m acl info [--missing]`."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from helpers.compile_c import compile_c
from helpers.partial_cann import (
    DEVICE_COUNT,
    EXPORTED,
    SOC_NAME,
    VERSION,
    build_partial_cann,
    exported_and_bound,
)
from helpers.subproc import EMULATOR_LIBRARY, describe, run_command


def _info(env: dict[str, str], *flags: str) -> list[str]:
    result = run_command([sys.executable, "-m", "acl", "info", *flags], env)
    assert result.returncode == 0, describe(result)
    return result.stdout.splitlines()


def _value(lines: list[str], key: str) -> str:
    values = [line.split(":", 1)[1].strip() for line in lines if line.startswith(key + ":")]
    assert len(values) == 1, f"expected one {key!r} line in:\n" + "\n".join(lines)
    return values[0]


def _function_counts(lines: list[str]) -> tuple[int, int, int]:
    match = re.fullmatch(r"(\d+) available, (\d+) missing of (\d+)", _value(lines, "functions"))
    assert match, lines
    available, missing, total = map(int, match.groups())
    return available, missing, total


def _emulated_counts(lines: list[str]) -> tuple[int, int]:
    """(implemented, stubbed) from the emulator's `emulated:` line."""
    text = _value(lines, "emulated")
    match = re.fullmatch(r"(\d+) implemented, (\d+) return ACL_ERROR_API_NOT_SUPPORT", text)
    assert match, lines
    return int(match.group(1)), int(match.group(2))


@pytest.fixture(scope="module")
def partial_cann_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("partial-cann-cli")
    build_partial_cann(directory)
    return directory


def test_info_on_the_emulator() -> None:
    lines = _info({"ACL_BACKEND": "emulator", "ACL_EMU_DEVICE_COUNT": "3"})
    assert _value(lines, "backend") == "emulator"
    assert Path(_value(lines, "library")) == EMULATOR_LIBRARY
    assert re.fullmatch(r"\d+\.\d+\.\d+", _value(lines, "version"))
    assert _value(lines, "soc")
    assert _value(lines, "devices") == "3"
    available, missing, total = _function_counts(lines)
    assert (available, missing) == (total, 0)
    emulated = _emulated_counts(lines)
    assert sum(emulated) == total
    assert emulated[0] > 0


def test_info_missing_on_the_emulator_lists_only_unemulated_functions() -> None:
    lines = _info({"ACL_BACKEND": "emulator"}, "--missing")
    assert not [line for line in lines if line.startswith("missing:")]
    not_emulated = [line.split(":", 1)[1].strip() for line in lines if line.startswith("not emulated:")]
    emulated = _emulated_counts(lines)
    assert len(not_emulated) == emulated[1]
    # The core runtime is emulated, so it never shows up as missing.
    for core in ("aclInit", "aclrtSetDevice", "aclrtMalloc", "aclrtMemcpy", "aclrtCreateStream"):
        assert core not in not_emulated


def test_info_on_a_partial_cann_library(partial_cann_dir: Path) -> None:
    lines = _info({"ACL_BACKEND": "cann", "ACL_LIBRARY_PATH": str(partial_cann_dir)})
    assert _value(lines, "backend") == "cann"
    assert _value(lines, "library") == str(partial_cann_dir / "libascendcl.so")
    assert _value(lines, "version") == ".".join(map(str, VERSION))
    bound = exported_and_bound()
    soc = SOC_NAME if "aclrtGetSocName" in bound else "unknown (aclrtGetSocName is not exported)"
    assert _value(lines, "soc") == soc
    assert _value(lines, "devices") == str(DEVICE_COUNT)
    available, missing, total = _function_counts(lines)
    assert available == len(bound)
    assert missing == total - len(bound)
    assert not [line for line in lines if line.startswith("emulated:")]


def test_info_missing_on_a_partial_cann_library_lists_every_absent_function(partial_cann_dir: Path) -> None:
    lines = _info({"ACL_BACKEND": "cann", "ACL_LIBRARY_PATH": str(partial_cann_dir)}, "--missing")
    _, missing_count, _ = _function_counts(lines)
    listed = [line.split(":", 1)[1].strip() for line in lines if line.startswith("missing:")]
    assert len(listed) == len(set(listed)) == missing_count
    assert "aclrtSetDevice" in listed
    assert not set(EXPORTED) & set(listed)


def test_info_requires_a_command() -> None:
    result = run_command([sys.executable, "-m", "acl"], {"ACL_BACKEND": "emulator"})
    assert result.returncode == 2
    assert "usage:" in result.stderr


def test_info_on_a_library_lacking_the_queries_it_prints(tmp_path: Path) -> None:
    """A release without the version/SoC/device queries still gets a report, never a traceback."""
    source = tmp_path / "bare.c"
    source.write_text(
        "int aclInit(const char *p) { (void)p; return 0; }\nint aclFinalize(void) { return 0; }\n"
    )
    compile_c([source], tmp_path / "libascendcl.so", shared=True)
    lines = _info({"ACL_BACKEND": "cann", "ACL_LIBRARY_PATH": str(tmp_path)})
    assert _value(lines, "version") == "unknown (aclrtGetVersion is not exported)"
    assert _value(lines, "soc") == "unknown (aclrtGetSocName is not exported)"
    assert _value(lines, "devices") == "unknown (aclrtGetDeviceCount is not exported)"
    available, missing, total = _function_counts(lines)
    assert (available, missing) == (2, total - 2)


def test_readme_states_the_emulated_count_info_reports() -> None:
    """README's "emulated" count is the baseline's (whoever adds a family updates it), and `python -m acl
    info` prints that count for the functions of the binding under test (a regenerated one has others)."""
    from acl._generated._acl_cffi import lib
    from helpers.binding import baseline_functions, binding_functions
    from helpers.subproc import REPO_ROOT

    def counts(names: frozenset[str]) -> tuple[int, int]:
        return sum(1 for name in names if lib._aclemu_IsImplemented(name.encode())), len(names)

    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    stated = re.search(r"Today it reports (\d+) of the baseline's ([\d,]+) functions implemented", readme)
    assert stated, "README no longer states the emulated count"
    assert (int(stated[1]), int(stated[2].replace(",", ""))) == counts(baseline_functions())
    implemented, stubbed = _emulated_counts(_info({"ACL_BACKEND": "emulator"}))
    assert (implemented, implemented + stubbed) == counts(binding_functions())
