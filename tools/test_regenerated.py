#!/usr/bin/env python3
"""Run the test suite against a binding regenerated from a CANN release's headers.

    python tools/test_regenerated.py [--keep DIR] INCLUDE [PYTEST ARGS...]
    python tools/test_regenerated.py --newest SETS_DIR

INCLUDE     the release's include root (holding acl/acl.h), as for gen_wrappers.py --include
--keep DIR  build the binding into DIR and leave it there (default: a scratch directory, removed)
--newest SETS_DIR
            print the include root <name>/include under SETS_DIR whose headers declare the newest
            release (ACL_*_VERSION), and exit (1 if there is none)

The binding is generated from INCLUDE (tools/gen_wrappers.py) into a copy of the `acl` package in
a scratch directory, its extension compiled there. The emulator is built from headers/ whatever
the release: $ACL_EMULATOR_LIBRARY, else the one of the `acl` this interpreter imports, else this
repository's `python build_ffi.py` build. pytest then runs in this repository (PYTEST ARGS, default
`tests`) with that copy first on sys.path and the source tree not on it.

A test, or a test module at import, that fails on a C name headers/ declares and the release does
not (a function: the binding's acl.FunctionNotAvailableError; a constant; a type in an ffi
expression), in this process or in a child interpreter whose output the failure shows, is reported
skipped, naming it. So is one calling a function the release declares with another number of
parameters than headers/ (cffi's "expected N arguments", or Python's "takes N positional
arguments" of its generated wrapper): the tests are written to headers/.
Anything else that fails is a finding.
Exit status: pytest's, or 2 if the binding could not be made.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Optional

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parent
_INNER = "--run-pytest"  # how the script re-runs itself as the pytest process

# How a use of a name the binding lacks fails (group 1: the name). The binding's own
# message for a function (acl/_missing.py; pytest's repr of a list of them cuts the rest of the
# sentence), an attribute of a module (a constant, a record of _structs, a generated module's
# `_<C name>` wrapper), a function of the cffi library, a type in an ffi.new/cast expression.
_LACKING_USES = (
    re.compile(r"acl[\w.]* needs the C function (\w+), which the h"),
    re.compile(r"module '(?:acl|acl\.\w+|acl\._generated\.\w+)' has no attribute '_?(\w+)'"),
    re.compile(r"cffi library '_acl_cffi' has no function, constant or global variable named '(\w+)'"),
    re.compile(r"undefined type name\s+(?:(?:struct|union|enum)\s+)?(\w+)"),
)
# How a call to a function of another arity fails (group 1: the C name), bound directly by cffi.
_OTHER_ARITY = (re.compile(r"\b(\w+) expected \d+ arguments?, got \d+"),)
# The same through a generated Python wrapper (group 1: its Python name).
_OTHER_ARITY_WRAPPER = (re.compile(r"\b(\w+)\(\) (?:takes \d+ positional arguments? but \d+ (?:was|were) "
                                   r"given|missing \d+ required positional)"),)


def declared_names(api_json: Path) -> set[str]:
    """The C names a binding declares: functions, constants, enumerators, records and typedefs
    (its acl/_generated/api.json, the generator's record of what it bound)."""
    api = json.loads(api_json.read_text(encoding="utf-8"))
    names = {entry["name"] for part in ("functions", "constants", "typedefs") for entry in api[part]}
    for enum in api["enums"]:
        names.update(member for member, _ in enum["members"])
        names.update(n for n in (enum["tag"], enum["typedef_name"]) if n)
    names.update(n for record in api["records"] for n in (record["tag"], record["typedef_name"]) if n)
    return names


def arities(api_json: Path) -> dict[str, int]:
    """C function -> its number of parameters, from a binding's api.json."""
    api = json.loads(api_json.read_text(encoding="utf-8"))
    return {function["name"]: len(function.get("params", ())) for function in api["functions"]}


def wrapper_names(api_json: Path, c_names: set[str]) -> dict[str, str]:
    """Python name -> C name of the generated wrappers of `c_names`, from a binding's api.json."""
    api = json.loads(api_json.read_text(encoding="utf-8"))
    bindings = api["bindings"]
    return {b["python_name"]: b["name"] for b in bindings if b["name"] in c_names and b.get("python_name")}


def lacking_name(
    text: str, lacking: set[str], patterns: tuple[re.Pattern[str], ...] = _LACKING_USES
) -> Optional[str]:
    """The first name of `lacking` whose use the failure text reports (by `patterns`), else None."""
    for pattern in patterns:
        for found in pattern.finditer(text):
            if found.group(1) in lacking:
                return found.group(1)
    return None


def _failure_text(exc: Optional[BaseException]) -> str:
    """The messages of an exception and of those it was raised from or during. A child
    interpreter's traceback shows in the message of the assertion that checked its exit status."""
    parts: list[str] = []
    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        parts.append(str(exc))
        exc = exc.__cause__ or exc.__context__
    return "\n".join(parts)


def _plugin(lacking: set[str], reshaped: set[str], wrappers: dict[str, str], release: str) -> object:
    """The pytest plugin of this mode (pytest is imported only in the pytest process)."""
    import pytest

    def reason(text: str) -> Optional[str]:
        name = lacking_name(text, lacking)
        if name is not None:
            return f"Skipped: {release} lacks {name}"
        name = lacking_name(text, reshaped, _OTHER_ARITY)
        wrapper = lacking_name(text, set(wrappers), _OTHER_ARITY_WRAPPER)
        if name is not None or wrapper is not None:
            reshaped_name = name or wrappers[str(wrapper)]
            return f"Skipped: {release} declares {reshaped_name} with other parameters than headers/"
        return None

    class LackingAsSkip:
        """A test (or a test module, at import) failing on a C name the release lacks and the
        baseline (headers/) declares is reported skipped, naming it."""

        def pytest_report_header(self) -> str:
            import acl

            return (f"regenerated binding: {release}, acl from {Path(acl.__file__).parent}; "
                    f"{len(lacking)} names of headers/ it lacks skip the tests using them")

        @pytest.hookimpl(hookwrapper=True)
        def pytest_runtest_makereport(self, item: Any, call: Any) -> Iterator[None]:
            outcome = yield
            report = outcome.get_result()
            if not report.failed or call.excinfo is None:
                return
            why = reason(_failure_text(call.excinfo.value))
            if why is not None:
                path, line, _ = item.location
                report.outcome = "skipped"
                report.longrepr = (path, (line or 0) + 1, why)

        @pytest.hookimpl(hookwrapper=True)
        def pytest_make_collect_report(self, collector: Any) -> Iterator[None]:
            outcome = yield
            report = outcome.get_result()
            if not report.failed:
                return
            why = reason(str(report.longrepr))
            if why is not None:
                report.outcome = "skipped"
                report.longrepr = (str(collector.path), 0, why)

    return LackingAsSkip()


def _run_pytest(args: list[str]) -> int:
    """The pytest process: `acl` must come from PYTHONPATH (the regenerated copy), never the cwd."""
    import importlib.util

    import pytest

    spec = importlib.util.find_spec("acl")
    assert spec is not None and spec.origin is not None
    generated = Path(spec.origin).parent / "_generated"
    baseline_api = ROOT / "acl" / "_generated" / "api.json"
    lacking = declared_names(baseline_api) - declared_names(generated / "api.json")
    before = arities(baseline_api)
    reshaped = {name for name, n in arities(generated / "api.json").items() if before.get(name, n) != n}
    libraries = (generated / "libraries.py").read_text(encoding="utf-8")
    release = re.search(r"HEADERS_RELEASE = '([^']*)'", libraries)
    wrappers = wrapper_names(generated / "api.json", reshaped)
    plugin = _plugin(lacking, reshaped, wrappers, release.group(1) if release else "the release")
    return int(pytest.main(args, plugins=[plugin]))


def _emulator() -> Path:
    """The emulator to run on: $ACL_EMULATOR_LIBRARY, else the one of the `acl` this interpreter
    imports (an installed wheel, or the source tree on PYTHONPATH), else this repository's build."""
    import importlib.util

    spec = importlib.util.find_spec("acl")  # sys.path[0] is tools/: never the cwd's source tree
    candidates = [os.environ.get("ACL_EMULATOR_LIBRARY", "")]
    if spec is not None and spec.origin is not None:
        candidates.append(str(Path(spec.origin).parent / "_emulator" / "libaclemu.so"))
    candidates.append(str(ROOT / "acl" / "_emulator" / "libaclemu.so"))
    for candidate in filter(None, candidates):
        if Path(candidate).is_file():
            return Path(candidate)
    raise SystemExit("test_regenerated: no emulator library: run `python build_ffi.py` first")


def make_binding(include: Path, dest: Path) -> Path:
    """A copy of the `acl` package in dest/ with the binding of `include`; returns dest."""
    emulator = _emulator()
    generated = dest / "regenerated"
    made = subprocess.run([sys.executable, str(TOOLS / "gen_wrappers.py"), "--include", str(include),
                           "--root", str(generated), "--report"], capture_output=True, text=True, check=False)
    if made.returncode != 0:
        sys.stderr.write(made.stderr)
        raise SystemExit(2)
    print(made.stdout.splitlines()[0], flush=True)  # release: AscendCL x.y.z (from ...)
    package = dest / "acl"
    shutil.rmtree(package, ignore_errors=True)
    shutil.copytree(ROOT / "acl", package, ignore=shutil.ignore_patterns(
        "__pycache__", "_generated", "_emulator", "*.so"))
    shutil.copytree(generated / "acl" / "_generated", package / "_generated")
    (package / "_emulator").mkdir()
    shutil.copy2(emulator, package / "_emulator" / emulator.name)
    sys.path.insert(0, str(ROOT))
    import build_ffi

    print(f"building the extension in {package / '_generated'}", flush=True)
    try:
        build_ffi.build_extension(package / "_generated", package / "_generated")
    except build_ffi.MissingPrerequisite as missing:
        raise SystemExit(f"test_regenerated: {missing}") from None
    return dest


def main(argv: Optional[list[str]] = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == [_INNER]:
        return _run_pytest(argv[1:])
    if argv[:1] == ["--newest"] and len(argv) == 2:
        sys.path.insert(0, str(TOOLS))
        from aclgen.front.include_root import newest_include_root

        newest = newest_include_root(Path(argv[1]))
        if newest is None:
            print(f"test_regenerated: no release declared under {argv[1]}", file=sys.stderr)
            return 1
        print(newest)
        return 0
    keep: Optional[Path] = None
    if argv[:1] == ["--keep"] and len(argv) > 1:
        keep, argv = Path(argv[1]), argv[2:]
    if not argv or argv[0].startswith("-"):  # pytest's options follow the include root, untouched
        print(__doc__, file=sys.stderr)
        return 2
    include, pytest_args = Path(argv[0]), argv[1:]
    scratch = None
    if keep is None:
        scratch = tempfile.mkdtemp(prefix="acl-regenerated-")
    dest = (keep or Path(scratch or "")).resolve()
    try:
        make_binding(include.resolve(), dest)
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(dest), env.get("PYTHONPATH", "")) if p)
        env.setdefault("ACL_BACKEND", "emulator")
        env.pop("ACL_EMULATOR_LIBRARY", None)  # the copy's own, the repository's emulator
        # Run as a script: sys.path[0] is tools/, not the cwd (the source tree's `acl` must not win).
        command = [sys.executable, str(Path(__file__).resolve()), _INNER, *(pytest_args or ["tests"])]
        return subprocess.run(command, cwd=ROOT, env=env, check=False).returncode
    finally:
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
