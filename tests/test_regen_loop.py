"""The regeneration loop a user follows for their CANN release: generate from its include tree,
build, import, run the runtime example (README "Regenerating for another CANN release").

Real CANN header trees are read from $ACL_TEST_HEADER_SETS (default ../shared/header-sets beside
the repository; each holds <name>/include/acl/acl.h); without them those tests skip. The rest use
small trees written here: the include-root check, the release in --report, the guards of the
hand-written native glue, and the functions a release lacks.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.header_sets_support import HEADER_SETS, SETS, release_of
from helpers.subproc import EMULATOR_LIBRARY, REPO_ROOT, describe, run_command, run_python

pytestmark = pytest.mark.generator

GEN = REPO_ROOT / "tools" / "gen_wrappers.py"
# What a copy of the repository leaves out: build products and caches (the build makes its own).
_NOT_COPIED = shutil.ignore_patterns(".git", "__pycache__", "*.so", "_acl_cffi.c", ".ruff_cache", "_build")

sys.path.insert(0, str(REPO_ROOT))
import build_ffi  # noqa: E402


def gen(*args: str | Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return run_command([sys.executable, str(GEN), *map(str, args)], timeout=timeout)


def write_tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


# A release of three functions: aclInit, aclFinalize and aclrtSetDevice; version 3.4.5.
TINY_RELEASE = {
    "acl/acl.h": '#include "acl_rt.h"\n'
    "#define ACL_MAJOR_VERSION 3\n#define ACL_MINOR_VERSION 4\n#define ACL_PATCH_VERSION 5\n"
    "/**\n * @param [in] configPath\n */\nint aclInit(const char *configPath);\nint aclFinalize(void);\n",
    "acl/acl_rt.h": "#include <stdint.h>\ntypedef int aclError;\ntypedef void *aclrtStream;\n"
    "/**\n * @param [in] deviceId\n */\naclError aclrtSetDevice(int32_t deviceId);\n",
}


# ---------------------------------------------------------------- the include root


@pytest.mark.parametrize(
    ("given", "suggested"),
    [("", "include"), ("include/acl", "include"), ("toolkit", "toolkit/latest/include")],
)
def test_an_include_that_is_not_the_root_is_refused_naming_the_right_one(
    tmp_path: Path, given: str, suggested: str
) -> None:
    write_tree(tmp_path / "include", TINY_RELEASE)
    write_tree(tmp_path / "toolkit" / "latest" / "include", TINY_RELEASE)
    result = gen("--include", tmp_path / given, "--root", tmp_path / "out")
    assert result.returncode == 2, describe(result)
    assert f"use --include {tmp_path / suggested}" in result.stderr, describe(result)
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


def test_a_tree_without_acl_h_is_refused(tmp_path: Path) -> None:
    write_tree(tmp_path / "inc", {"acl/acl_rt.h": TINY_RELEASE["acl/acl_rt.h"]})
    result = gen("--include", tmp_path / "inc", "--root", tmp_path / "out")
    assert result.returncode == 2
    assert "holds no acl/acl.h (1 headers found)" in result.stderr, describe(result)


def test_report_names_the_release_and_survives_a_closed_pipe(tmp_path: Path) -> None:
    tree = write_tree(tmp_path / "include", TINY_RELEASE)
    result = gen("--include", tree, "--root", tmp_path / "out", "--report")
    assert result.returncode == 0, describe(result)
    assert result.stdout.splitlines()[0] == f"release: AscendCL 3.4.5 (from {tree})"
    # `--report | head -1`: the reader goes away after one line; no BrokenPipeError traceback.
    reader = subprocess.Popen(["head", "-c", "1"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    writer = subprocess.run(
        [sys.executable, str(GEN), "--report", "--root", str(tmp_path / "out2")],
        stdout=reader.stdin, stderr=subprocess.PIPE, text=True, timeout=600, check=False,
    )
    reader.stdin.close()
    reader.wait(timeout=60)
    assert "Traceback" not in writer.stderr and "BrokenPipe" not in writer.stderr, writer.stderr


# ---------------------------------------------------------------- the guards of native glue


def test_needs_blocks_are_kept_only_when_every_type_is_declared() -> None:
    text = (
        "int a;\n/* needs: T1 T2 */\nint uses_t1_t2;\n/* end needs */\nint b;\n"
        "/* needs: T3 */\nint uses_t3;\n/* end needs */\n"
    )
    assert build_ffi.keep_declared(text, frozenset({"T1", "T2", "T3"})) == (
        "int a;\nint uses_t1_t2;\nint b;\nint uses_t3;\n"
    )
    assert build_ffi.keep_declared(text, frozenset({"T1", "T3"})) == "int a;\nint b;\nint uses_t3;\n"
    assert build_ffi.keep_declared(text, frozenset()) == "int a;\nint b;\n"


def test_the_generated_shims_declare_exactly_the_headers_typedefs(tmp_path: Path) -> None:
    tree = write_tree(tmp_path / "include", TINY_RELEASE)
    assert gen("--include", tree, "--root", tmp_path).returncode == 0
    shims = (tmp_path / "acl" / "_generated" / "shims.c").read_text(encoding="utf-8")
    assert build_ffi.declared_types(shims) == {"aclError", "aclrtStream"}


def test_native_glue_of_types_a_release_lacks_is_left_out() -> None:
    """Each type the glue needs, once missing, takes out of the cdef every line naming it."""
    raw = "".join(p.read_text(encoding="utf-8") for p in sorted(build_ffi.NATIVE.glob("*.cdef")))
    names = {name for group in re.findall(r"/\* needs: ([\w ]+?) \*/", raw) for name in group.split()}
    assert {"aclrtAllocator", "acldumpChunk", "acldvppStreamDesc", "aclrtCallback"} <= names
    for name in names:
        left = build_ffi._native_parts(".cdef", frozenset(names - {name}))
        code = re.sub(r"/\*.*?\*/", "", left, flags=re.S)
        assert not re.search(rf"\b{name}\b", code), name
    # every type declared: all the glue, less the marker lines
    marker = re.compile(r"/\* (needs: [\w ]+?|end needs) \*/\n")
    files = sorted(build_ffi.NATIVE.glob("*.cdef"))
    unmarked = "".join(marker.sub("", p.read_text(encoding="utf-8")) + "\n" for p in files)
    assert build_ffi._native_parts(".cdef", frozenset(names)) == unmarked


# ---------------------------------------------------------------- what a release lacks


def test_functions_of_the_baseline_a_release_lacks_are_named_with_the_release(tmp_path: Path) -> None:
    tree = write_tree(tmp_path / "include", TINY_RELEASE)
    assert gen("--include", tree, "--root", tmp_path).returncode == 0
    generated = tmp_path / "acl" / "_generated"
    rt = (generated / "rt.py").read_text(encoding="utf-8")
    top = (generated / "top.py").read_text(encoding="utf-8")
    # aclrtCreateContext and aclrtGetSocName are in headers/, not in this release
    assert '"create_context": "aclrtCreateContext",' in rt.split("_ABSENT = {", 1)[1]
    assert '"get_soc_name": "aclrtGetSocName",' in top.split("_ABSENT = {", 1)[1]
    assert '"set_device"' not in rt.split("_ABSENT = {", 1)[1]
    assert "HEADERS_RELEASE = 'AscendCL 3.4.5'" in (generated / "libraries.py").read_text(encoding="utf-8")
    # the emulator is built from the baseline, whatever the binding is generated from
    ours = (REPO_ROOT / "emulator" / "generated" / "emulator_stubs.c").read_text(encoding="utf-8")
    assert (tmp_path / "emulator" / "generated" / "emulator_stubs.c").read_text(encoding="utf-8") == ours


# ---------------------------------------------------------------- real releases, end to end


def _declared_functions(include: Path) -> set[str]:
    names: set[str] = set()
    for header in include.rglob("*.h"):
        text = header.read_text(encoding="utf-8", errors="replace")
        names.update(re.findall(r"\b(acl\w+|hi_mpi_\w+)\s*\(", text))
    return names


@pytest.fixture(scope="module", params=SETS or [pytest.param(None, marks=pytest.mark.skip(
    reason=f"no CANN header sets under {HEADER_SETS} (set ACL_TEST_HEADER_SETS)"))])
def regenerated(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, Path]:
    """A copy of the repository regenerated from one header set, its extension built."""
    include = HEADER_SETS / request.param / "include"
    copy = tmp_path_factory.mktemp("regen") / "repo"
    shutil.copytree(REPO_ROOT, copy, ignore=_NOT_COPIED)
    result = gen("--include", include, "--root", copy)
    assert result.returncode == 0, describe(result)
    build = run_command(
        [sys.executable, "-c", "import sys, build_ffi; build_ffi.build_extension(build_ffi.GENERATED)"],
        {"PYTHONPATH": str(copy)}, timeout=1800,
    )
    # run_command runs in the temporary directory; build_ffi is imported from the copy
    assert build.returncode == 0, describe(build)
    return include, copy


def _in_copy(copy: Path) -> dict[str, str]:
    # The emulator does not depend on the headers a binding comes from: the one under test serves.
    return {"PYTHONPATH": str(copy), "ACL_BACKEND": "emulator", "ACL_EMULATOR_LIBRARY": str(EMULATOR_LIBRARY)}


def test_the_runtime_example_runs_on_a_regenerated_binding(regenerated: tuple[Path, Path]) -> None:
    _, copy = regenerated
    example = copy / "examples" / "runtime_flow.py"
    result = run_command([sys.executable, str(example)], _in_copy(copy), timeout=300)
    assert result.returncode == 0, describe(result)
    assert result.stdout.splitlines()[-1] == "runtime flow OK: all bytes came back intact", describe(result)


_PUBLIC_OF_LACKING = """
    import importlib, json, sys
    lacking = set(json.loads(sys.argv[1]))
    public = {}
    for module in ("top", "rt", "mdl", "op", "blas", "fv", "media", "himpi", "prof", "tdt"):
        generated = importlib.import_module(f"acl._generated.{module}")
        public[module] = {py: c for py, c in generated._PUBLIC if c in lacking}
    print(json.dumps(public))
    """

_CALL_EACH = """
    import importlib, json, sys
    import acl
    outcome = {}
    for module, names in json.loads(sys.argv[1]).items():
        public = acl if module == "top" else importlib.import_module(f"acl.{module}")
        for name, c_name in names.items():
            try:
                getattr(public, name)()
                outcome[f"{module}.{name}"] = "returned"
            except acl.FunctionNotAvailableError as exc:
                outcome[f"{module}.{name}"] = str(exc)
            except Exception as exc:
                outcome[f"{module}.{name}"] = f"{type(exc).__name__}: {exc}"
    print(json.dumps(outcome))
    """


def test_a_regenerated_binding_names_what_its_release_lacks(regenerated: tuple[Path, Path]) -> None:
    """Every public function of our binding whose C function the release does not declare is still
    there after regeneration, and calling it raises FunctionNotAvailableError naming the release."""
    include, copy = regenerated
    lacking = sorted(_declared_functions(REPO_ROOT / "headers") - _declared_functions(include))
    baseline = run_python(_PUBLIC_OF_LACKING, {"ACL_BACKEND": "emulator"}, args=(json.dumps(lacking),))
    assert baseline.returncode == 0, describe(baseline)
    expected = json.loads(baseline.stdout)
    assert any(expected.values()), "the header set has every baseline function; nothing to check"
    result = run_python(_CALL_EACH, _in_copy(copy), args=(json.dumps(expected),), timeout=300)
    assert result.returncode == 0, describe(result)
    outcome = json.loads(result.stdout)
    release = release_of(include)
    for module, names in expected.items():
        for name, c_name in names.items():
            message = outcome[f"{module}.{name}"]
            assert c_name in message and f"({release})" in message, f"{module}.{name}: {message}"


# ---------------------------------------------------------------- --verify-against in C's terms

ALIASING = {
    "acl/acl.h": "typedef enum { OT_MODE_PACK = 0, OT_MODE_STREAM = 1 } ot_mode;\n"
    "#define HI_MODE_STREAM OT_MODE_STREAM\n"  # a macro naming an enumerator: `int` in C
    "#define IOC_TYPE_CODEC 'A'\n"  # a character literal: `int` in C, `char` in C++
    "#define BIG_LIMIT 0x80000000UL\n",
}


def test_verify_compares_constants_as_c_does(tmp_path: Path) -> None:
    tree = write_tree(tmp_path / "include", ALIASING)
    same = gen("--include", tree, "--verify-against", tree)
    assert same.returncode == 0, describe(same)
    assert "OK" in same.stdout
    other = write_tree(tmp_path / "other", {"acl/acl.h": ALIASING["acl/acl.h"].replace("'A'", "'B'")})
    changed = gen("--include", tree, "--verify-against", other)
    assert changed.returncode == 1, describe(changed)
    assert "1 problems" in changed.stdout
    assert "constant IOC_TYPE_CODEC" in changed.stderr
