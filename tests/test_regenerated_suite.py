"""tools/test_regenerated.py: the suite run against a binding regenerated from another release's
headers, where a test using a name the release lacks is skipped, naming it, and nothing else is.

The release here is headers/ without its media part (acl_dvpp.h, dvpp/, media/): it lacks the
hi_mpi_* functions and the media constants; and its aclfvRepoAdd takes a stream as well (as 1.0.0's
does). The tests run are written here, one of each kind.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers.header_sets_support import release_of
from helpers.subproc import EMULATOR_LIBRARY, REPO_ROOT, clean_env, describe

# the tool regenerates the binding with tools/gen_wrappers.py
pytestmark = pytest.mark.generator

TOOL = REPO_ROOT / "tools" / "test_regenerated.py"

CASES = '''
import subprocess
import sys
import tempfile

import acl
import acl.himpi


def test_an_absent_function_in_this_process():
    acl.himpi.sys_init()


def test_an_absent_function_in_a_child():
    child = subprocess.run([sys.executable, "-c", "import acl.himpi; acl.himpi.sys_init()"],
                           capture_output=True, text=True, timeout=120, cwd=tempfile.gettempdir())
    assert child.returncode == 0, child.stderr


def test_a_present_function_runs():
    assert acl.get_version()[3] == 0


def test_a_name_no_release_declares_still_fails():
    assert acl.ACL_NO_SUCH_CONSTANT_ANYWHERE


def test_a_function_of_other_parameters_called_as_headers_declares_it():
    acl.fv.repo_add(0, 0)
'''

AT_IMPORT = '''
import acl

FRAME = acl.AACLC_SAMPLES_PER_FRAME


def test_never_collected():
    assert FRAME
'''


def media_less_headers(dest: Path) -> Path:
    include = dest / "include"
    shutil.copytree(REPO_ROOT / "headers", include)
    (include / "acl" / "ops" / "acl_dvpp.h").unlink()
    shutil.rmtree(include / "acl" / "dvpp")
    shutil.rmtree(include / "acl" / "media")
    fv = include / "acl" / "ops" / "acl_fv.h"
    declared = "aclError aclfvRepoAdd(aclfvSearchType type, aclfvFeatureInfo *featureInfo);"
    text = fv.read_text(encoding="utf-8")
    assert declared in text
    fv.write_text(text.replace(declared, declared.replace(");", ", aclrtStream stream);")), encoding="utf-8")
    return include


def test_uses_of_what_the_release_lacks_skip_naming_it_and_the_rest_runs(tmp_path: Path) -> None:
    include = media_less_headers(tmp_path)
    (tmp_path / "cases").mkdir()
    (tmp_path / "cases" / "test_cases.py").write_text(CASES, encoding="utf-8")
    (tmp_path / "cases" / "test_at_import.py").write_text(AT_IMPORT, encoding="utf-8")
    env = clean_env({"ACL_EMULATOR_LIBRARY": str(EMULATOR_LIBRARY)})
    result = subprocess.run(
        [sys.executable, str(TOOL), include, "-q", "-rfs", "-p", "no:cacheprovider",
         str(tmp_path / "cases")],
        env=env, cwd=tmp_path, capture_output=True, text=True, timeout=1200, check=False,
    )
    assert result.returncode == 1, describe(result)  # the one real failure
    out = result.stdout
    release = release_of(include)
    assert out.startswith(f"release: {release} (from {include})"), describe(result)
    assert out.count("lacks hi_mpi_sys_init") == 2, describe(result)
    assert f"{release} lacks AACLC_SAMPLES_PER_FRAME" in out, describe(result)  # at import
    assert "FAILED" in out and "test_a_name_no_release_declares_still_fails" in out, describe(result)
    assert f"{release} declares aclfvRepoAdd with other parameters than headers/" in out, describe(result)
    assert "1 failed, 1 passed, 4 skipped" in out, describe(result)


def test_newest_picks_the_release_declaring_the_highest_version(tmp_path: Path) -> None:
    """--newest compares versions as numbers (1.10 after 1.9), wherever the defines are (acl.h or
    acl_rt.h), and skips a tree declaring none; .ci/run takes its answer."""
    trees = {"old": ("acl.h", 1, 9, 3), "new": ("acl_rt.h", 1, 10, 0), "odd": ("acl.h", None, None, None)}
    for name, (header, *parts) in trees.items():
        acl_dir = tmp_path / name / "include" / "acl"
        acl_dir.mkdir(parents=True)
        defines = "".join(
            f"#define ACL_{part}_VERSION {value}\n"
            for part, value in zip(("MAJOR", "MINOR", "PATCH"), parts)
            if value is not None
        )
        (acl_dir / "acl.h").write_text('#include "acl_rt.h"\n' if header == "acl_rt.h" else defines)
        (acl_dir / "acl_rt.h").write_text(defines if header == "acl_rt.h" else "")
    def newest(sets: Path) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, str(TOOL), "--newest", str(sets)]
        env = clean_env()
        return subprocess.run(command, capture_output=True, text=True, check=False, cwd=tmp_path, env=env)

    result = newest(tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(tmp_path / "new" / "include")
    empty = newest(tmp_path / "odd")
    assert empty.returncode == 1 and "no release declared" in empty.stderr


def _tool() -> object:
    spec = importlib.util.spec_from_file_location("test_regenerated_tool", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_use_cut_short_or_of_a_private_wrapper_names_the_lacking_function() -> None:
    tool: Any = _tool()
    lacking = {"aclCreateTensorDesc", "aclmdlGetDynamicHW"}
    # pytest's repr of a list of errors cuts the binding's sentence short
    cut = ("[\"thread 0: FunctionNotAvailableError('acl.create_tensor_desc needs the C function "
           "aclCreateTensorDesc, which the head...e; regenerate')\"]")
    assert tool.lacking_name(cut, lacking) == "aclCreateTensorDesc"
    private = "AttributeError: module 'acl._generated.mdl' has no attribute '_aclmdlGetDynamicHW'"
    assert tool.lacking_name(private, lacking) == "aclmdlGetDynamicHW"
    # a function the loaded backend (not the headers) lacks is a real failure
    at_run_time = "acl.create_tensor_desc needs the C function aclCreateTensorDesc, which the loaded backend"
    assert tool.lacking_name(at_run_time, lacking) is None


def test_a_wrapper_called_with_the_baseline_s_arguments_names_the_reshaped_function() -> None:
    tool: Any = _tool()
    wrappers = tool.wrapper_names(REPO_ROOT / "acl" / "_generated" / "api.json", {"acltdtAllocBuf"})
    assert wrappers == {"alloc_buf": "acltdtAllocBuf"}
    fewer = "TypeError: alloc_buf() takes 1 positional argument but 2 were given"
    more = "TypeError: alloc_buf() missing 1 required positional argument: 'flags'"
    for text in (fewer, more):
        assert tool.lacking_name(text, set(wrappers), tool._OTHER_ARITY_WRAPPER) == "alloc_buf"
    assert tool.lacking_name("TypeError: other() takes 1 positional argument but 2 were given",
                             set(wrappers), tool._OTHER_ARITY_WRAPPER) is None
