"""Backend selection (ACL_BACKEND) and a CANN library that lacks most symbols.

The backend is chosen once, at `import acl`, so every case runs in a fresh interpreter.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.partial_cann import (
    DEVICE_COUNT,
    EXPORTED,
    SOC_NAME,
    VERSION,
    build_partial_cann,
    exported_and_bound,
)
from helpers.subproc import EMULATOR_LIBRARY, describe, run_python

NOTICE = "using the ascendcl-cffi CPU emulator"

REPORT_BACKEND = """
import json, sys
import acl
from acl import _backend
print(json.dumps({"backend": acl.backend(), "missing": _backend.missing_functions()}))
"""


def _json_output(code: str, env: dict[str, str]) -> dict:
    result = run_python(code, env)
    assert result.returncode == 0, describe(result)
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def partial_cann_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("partial-cann") / "lib64"
    build_partial_cann(directory)
    return directory


@pytest.fixture()
def empty_dir(tmp_path: Path) -> Path:
    """A directory with no CANN library, to point every search variable at."""
    directory = tmp_path / "no-cann-here"
    directory.mkdir()
    return directory


def _no_cann_env(empty_dir: Path, backend: str) -> dict[str, str]:
    return {"ACL_BACKEND": backend, "ACL_LIBRARY_PATH": str(empty_dir), "LD_LIBRARY_PATH": str(empty_dir)}


def test_emulator_backend_loads_the_bundled_library_silently(empty_dir: Path) -> None:
    result = run_python(REPORT_BACKEND, _no_cann_env(empty_dir, "emulator"))
    assert result.returncode == 0, describe(result)
    assert result.stderr == "", describe(result)
    report = json.loads(result.stdout)
    backend = report["backend"]
    assert backend["name"] == "emulator"
    assert [Path(p) for p in backend["libraries"]] == [EMULATOR_LIBRARY]
    assert backend["functions_total"] > 0
    assert backend["functions_available"] == backend["functions_total"]
    assert report["missing"] == []


def test_backend_name_is_case_and_space_insensitive(empty_dir: Path) -> None:
    report = _json_output(REPORT_BACKEND, _no_cann_env(empty_dir, " Emulator "))
    assert report["backend"]["name"] == "emulator"


def test_auto_without_cann_falls_back_to_the_emulator_with_one_notice(empty_dir: Path) -> None:
    result = run_python(
        """
        import acl
        import acl.rt
        assert acl.init() == 0
        import acl
        print(acl.backend()["name"])
        """,
        _no_cann_env(empty_dir, "auto"),
    )
    assert result.returncode == 0, describe(result)
    assert result.stdout.strip() == "emulator"
    assert result.stderr.count(NOTICE) == 1, describe(result)
    assert "ACL_BACKEND=emulator" in result.stderr  # tells how to silence it


def test_auto_is_the_default(empty_dir: Path) -> None:
    env = _no_cann_env(empty_dir, "auto")
    del env["ACL_BACKEND"]
    result = run_python(REPORT_BACKEND, env)
    assert result.returncode == 0, describe(result)
    assert NOTICE in result.stderr
    assert json.loads(result.stdout)["backend"]["name"] == "emulator"


def test_auto_prefers_a_cann_library_when_one_is_found(partial_cann_dir: Path) -> None:
    result = run_python(REPORT_BACKEND, {"ACL_BACKEND": "auto", "ACL_LIBRARY_PATH": str(partial_cann_dir)})
    assert result.returncode == 0, describe(result)
    assert NOTICE not in result.stderr
    backend = json.loads(result.stdout)["backend"]
    assert backend["name"] == "cann"
    assert backend["libraries"] == [str(partial_cann_dir / "libascendcl.so")]


def test_cann_without_a_library_fails_listing_where_it_looked(empty_dir: Path, tmp_path: Path) -> None:
    home = tmp_path / "ascend-home"
    env = {**_no_cann_env(empty_dir, "cann"), "ASCEND_HOME_PATH": str(home)}
    result = run_python(
        """
        try:
            import acl
        except ImportError as exc:
            print(type(exc).__name__)
            print(exc)
        else:
            print("imported with backend", acl.backend())
        """,
        env,
    )
    assert result.returncode == 0, describe(result)
    kind, message = result.stdout.split("\n", 1)
    assert kind == "BackendError"
    assert "libascendcl.so" in message
    for place in (str(empty_dir), str(home / "lib64"), "/usr/local/Ascend/ascend-toolkit/latest/lib64"):
        assert place in message, f"{place} missing from: {message}"


def test_unknown_backend_name_is_refused(empty_dir: Path) -> None:
    result = run_python(
        """
        try:
            import acl
        except ImportError as exc:
            print(type(exc).__name__, exc)
        """,
        _no_cann_env(empty_dir, "garbage"),
    )
    assert result.returncode == 0, describe(result)
    assert result.stdout.startswith("BackendError "), describe(result)
    for word in ("garbage", "auto", "cann", "emulator"):
        assert word in result.stdout


def test_missing_emulator_library_is_reported(empty_dir: Path) -> None:
    absent = empty_dir / "libaclemu.so"
    result = run_python(
        """
        try:
            import acl
        except ImportError as exc:
            print(type(exc).__name__, exc)
        """,
        {**_no_cann_env(empty_dir, "emulator"), "ACL_EMULATOR_LIBRARY": str(absent)},
    )
    assert result.returncode == 0, describe(result)
    assert result.stdout.startswith("BackendError "), describe(result)
    assert str(absent) in result.stdout


PARTIAL_BACKEND_PROGRAM = """
import json
import acl
from acl import _backend

out = {"backend": acl.backend(), "missing": _backend.missing_functions()}
out["init"] = acl.init()
out["soc"] = acl.get_soc_name()
out["version"] = list(acl.get_version())
out["device_count"] = list(acl.rt.get_device_count())
for name, call in (("set_device", lambda: acl.rt.set_device(0)),
                   ("malloc", lambda: acl.rt.malloc(16, 0)),
                   ("dvpp_malloc", lambda: acl.media.dvpp_malloc(16))):
    try:
        call()
    except acl.FunctionNotAvailableError as exc:
        out[name] = {"type": type(exc).__name__, "runtime_error": isinstance(exc, RuntimeError),
                     "message": str(exc)}
    else:
        out[name] = "no error"
out["finalize"] = acl.finalize()
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def partial_backend_run(partial_cann_dir: Path) -> dict:
    env = {"ACL_BACKEND": "cann", "ACL_LIBRARY_PATH": str(partial_cann_dir)}
    return _json_output(PARTIAL_BACKEND_PROGRAM, env)


def test_partial_cann_library_imports_and_counts_what_it_exports(partial_backend_run: dict,
                                                                 partial_cann_dir: Path) -> None:
    backend = partial_backend_run["backend"]
    assert backend["name"] == "cann"
    assert backend["libraries"] == [str(partial_cann_dir / "libascendcl.so")]
    assert backend["functions_available"] == len(exported_and_bound())
    missing = partial_backend_run["missing"]
    assert len(missing) == backend["functions_total"] - len(exported_and_bound())
    assert not set(EXPORTED) & set(missing)
    assert "aclrtSetDevice" in missing


def test_partial_cann_library_serves_the_functions_it_has(partial_backend_run: dict) -> None:
    assert partial_backend_run["init"] == 0
    assert partial_backend_run["soc"] == SOC_NAME
    assert partial_backend_run["version"] == [*VERSION, 0]
    assert partial_backend_run["device_count"] == [DEVICE_COUNT, 0]
    assert partial_backend_run["finalize"] == 0


@pytest.mark.parametrize(
    ("python_name", "qualified", "c_name", "library"),
    [
        ("set_device", "acl.rt.set_device", "aclrtSetDevice", "libascendcl.so"),
        ("malloc", "acl.rt.malloc", "aclrtMalloc", "libascendcl.so"),
        ("dvpp_malloc", "acl.media.dvpp_malloc", "acldvppMalloc", "libacl_dvpp.so"),
    ],
)
def test_calling_an_absent_function_names_function_backend_and_library(
    partial_backend_run: dict, partial_cann_dir: Path, python_name: str, qualified: str, c_name: str,
    library: str,
) -> None:
    error = partial_backend_run[python_name]
    assert error != "no error", f"{qualified} did not raise"
    assert error["type"] == "FunctionNotAvailableError" and error["runtime_error"]
    message = error["message"]
    for part in (qualified, c_name, "'cann'", str(partial_cann_dir / "libascendcl.so"), library):
        assert part in message, f"{part!r} missing from: {message}"


def test_cann_found_through_the_dynamic_loaders_own_path(partial_cann_dir: Path) -> None:
    """No directory variable names the library, but the loader can find it (its path is fixed at
    process start, like an ld.so.cache entry): the bare-name dlopen finds it."""
    program = (
        "import os\n"
        "os.environ.pop('LD_LIBRARY_PATH')  # hidden from the directory scan, still seen by ld.so\n"
        + REPORT_BACKEND
    )
    result = run_python(program, {"ACL_BACKEND": "cann", "LD_LIBRARY_PATH": str(partial_cann_dir)})
    assert result.returncode == 0, describe(result)
    backend = json.loads(result.stdout.strip().splitlines()[-1])["backend"]
    assert backend["name"] == "cann"
    assert backend["libraries"] == ["libascendcl.so"]
    assert backend["functions_available"] == len(exported_and_bound())
