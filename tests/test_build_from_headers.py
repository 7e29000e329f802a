"""`ACL_INCLUDE=<a CANN include tree> pip install <this project>`: one command gives a binding of
exactly that release (README "Regenerating for another CANN release").

Installed into a fresh venv from a header tree: a copy of our headers/ without the media headers
(acl_dvpp.h, dvpp/, media/) and with another version number, and, when $ACL_TEST_HEADER_SETS holds
real CANN trees, the one of fewest headers. The venv sees the test interpreter's packages through a .pth
line (pip, hatchling, cffi: no network); its own site-packages comes first, so its `acl` is the one built.
"""

from __future__ import annotations

import ctypes
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from helpers.header_sets_support import HEADER_SETS, SETS, release_of
from helpers.subproc import REPO_ROOT, describe

# the install regenerates the binding with tools/gen_wrappers.py
pytestmark = pytest.mark.generator

# the real tree of fewest headers: the quickest build
REAL_SETS = sorted(SETS, key=lambda name: len(list((HEADER_SETS / name / "include").rglob("*.h"))))
TRIMMED_VERSION = (7, 31, 5)  # not the baseline's: the installed binding must say it came from this tree
# Variables that would make the venv import another acl or steer the backend.
_DROPPED = ("PYTHONPATH", "ACL_BACKEND", "ACL_LIBRARY_PATH", "ACL_EMULATOR_LIBRARY", "ACL_INCLUDE",
            "ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME", "PIP_REQUIRE_VIRTUALENV")


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in _DROPPED}
    env.update(PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1", **extra)
    return env


def _run(argv: list[str | Path], timeout: float = 900, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in argv], env=_env(**env), capture_output=True, text=True,
                          timeout=timeout, cwd=Path(argv[0]).parent, check=False)


def trimmed_tree(dest: Path) -> Path:
    """headers/ less its media part, declaring TRIMMED_VERSION; returns the include root."""
    include = dest / "include"
    shutil.copytree(REPO_ROOT / "headers", include)
    (include / "acl" / "ops" / "acl_dvpp.h").unlink()
    shutil.rmtree(include / "acl" / "dvpp")
    shutil.rmtree(include / "acl" / "media")
    rt = include / "acl" / "acl_rt.h"
    text = rt.read_text(encoding="utf-8")
    for part, value in zip(("MAJOR", "MINOR", "PATCH"), TRIMMED_VERSION):
        text, count = re.subn(rf"(#define ACL_{part}_VERSION) \d+", rf"\g<1> {value}", text)
        assert count == 1, f"acl_rt.h no longer defines ACL_{part}_VERSION"
    rt.write_text(text, encoding="utf-8")
    return include


def _venv(dest: Path) -> Path:
    """A venv without pip of its own that sees this interpreter's packages after its own."""
    made = subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(dest)], capture_output=True,
                          text=True, timeout=300, check=False)
    assert made.returncode == 0, describe(made)
    python = dest / "bin" / "python"
    purelib = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    outer = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    Path(purelib, "outer.pth").write_text("".join(f"{p}\n" for p in sorted(outer)), encoding="utf-8")
    return python


def _pip_install(python: Path, include: Path) -> subprocess.CompletedProcess[str]:
    return _run([python, "-m", "pip", "install", "--no-build-isolation", "--no-deps", "--no-index",
                 "--ignore-installed", REPO_ROOT], ACL_INCLUDE=str(include))


@pytest.fixture(scope="module", params=["trimmed-headers", *REAL_SETS[:1]])
def installed(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(venv python, include tree) after `ACL_INCLUDE=tree pip install .` into that venv."""
    root = tmp_path_factory.mktemp("from-headers")
    if request.param == "trimmed-headers":
        include = trimmed_tree(root)
    else:
        include = HEADER_SETS / request.param / "include"
    python = _venv(root / "venv")
    result = _pip_install(python, include)
    assert result.returncode == 0, describe(result)
    return python, include


_REPORT = """
import json, acl
from acl._generated import libraries
print(json.dumps({"file": acl.__file__, "release": libraries.HEADERS_RELEASE}))
"""


def test_the_installed_binding_is_the_one_of_the_given_headers(installed: tuple[Path, Path],
                                                               tmp_path: Path) -> None:
    python, include = installed
    result = _run([python, "-c", _REPORT], ACL_BACKEND="emulator")
    assert result.returncode == 0, describe(result)
    assert f'"release": "{release_of(include)}"' in result.stdout, describe(result)
    assert str(python.parent.parent) in result.stdout  # the venv's own acl, not the one under test
    # The installed Python part is exactly what the generator makes of that tree.
    gen = _run([sys.executable, REPO_ROOT / "tools" / "gen_wrappers.py", "--include", include,
                "--root", tmp_path])
    assert gen.returncode == 0, describe(gen)
    site = Path(result.stdout.split('"file": "', 1)[1].split('"', 1)[0]).parent / "_generated"
    made = sorted(p.name for p in (tmp_path / "acl" / "_generated").glob("*.py*"))
    assert made == sorted(p.name for p in site.glob("*.py*"))
    for name in made:
        assert (site / name).read_bytes() == (tmp_path / "acl" / "_generated" / name).read_bytes(), name


def test_the_installed_binding_runs_the_runtime_example(installed: tuple[Path, Path]) -> None:
    python, _ = installed
    result = _run([python, REPO_ROOT / "examples" / "runtime_flow.py"], ACL_BACKEND="emulator")
    assert result.returncode == 0, describe(result)
    assert result.stdout.splitlines()[-1] == "runtime flow OK: all bytes came back intact", describe(result)


_CALL_ABSENT = """
import acl, acl.himpi

print(acl.__file__)
try:
    acl.himpi.sys_init()
except acl.FunctionNotAvailableError as exc:
    print(exc)
"""


def test_what_the_headers_lack_is_named_and_the_emulator_is_the_baseline(
    installed: tuple[Path, Path],
) -> None:
    python, include = installed
    declared = "".join(h.read_text(encoding="utf-8", errors="replace") for h in include.rglob("*.h"))
    assert "hi_mpi_sys_init" not in declared, f"{include} declares hi_mpi_sys_init: pick a tree without it"
    result = _run([python, "-c", _CALL_ABSENT], ACL_BACKEND="emulator")
    assert result.returncode == 0, describe(result)
    package, message = result.stdout.split("\n", 1)
    assert message.startswith("acl.himpi.sys_init needs the C function hi_mpi_sys_init"), describe(result)
    assert f"({release_of(include)}) do not declare" in message, describe(result)
    # the bundled emulator is built from headers/, media part included
    emulator = ctypes.CDLL(str(Path(package).parent / "_emulator" / "libaclemu.so"))
    assert hasattr(emulator, "acldvppCreateChannelDesc") and hasattr(emulator, "hi_mpi_sys_init")


def test_an_include_that_is_not_an_include_root_fails_the_install_naming_it(tmp_path: Path) -> None:
    tree = tmp_path / "toolkit"
    (tree / "include" / "acl").mkdir(parents=True)
    (tree / "include" / "acl" / "acl.h").write_text("int aclInit(const char *p);\n", encoding="utf-8")
    python = _venv(tmp_path / "venv")
    result = _pip_install(python, tree)
    assert result.returncode != 0, describe(result)
    output = result.stdout + result.stderr
    assert f"ACL_INCLUDE={tree}" in output and f"use --include {tree / 'include'}" in output, output
