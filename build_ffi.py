"""Build the cffi extension and the emulator library.

`python build_ffi.py` builds both in place (acl/_generated/_acl_cffi*.so, acl/_emulator/libaclemu.so)
for development (`--werror`: the emulator's warnings are errors, as in the tests and CI);
hatch_build.py calls the same functions for wheels.

Needs a C compiler (gcc), cffi, and on Python 3.12+ setuptools; a missing one is named, not a traceback.
"""

from __future__ import annotations

import contextlib
import importlib.machinery
import importlib.util
import os
import platform
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent
GENERATED = ROOT / "acl" / "_generated"
EMULATOR_GENERATED = ROOT / "emulator" / "generated"  # the generator's part of the emulator library
NATIVE = ROOT / "acl" / "_native"  # hand-written C the generator cannot produce (callbacks, threads)
EMULATOR_SOURCES = ROOT / "emulator"
HEADERS = ROOT / "headers"
# Not dotted: cffi also registers its module in sys.modules under this name, and a dotted
# "acl...." entry would capture the import of a second copy of the package (vendoring).
MODULE_NAME = "_acl_cffi"

IS_PYPY = platform.python_implementation() == "PyPy"
KEEPS_GIL = ROOT / "tools" / "data" / "keeps_gil.json"  # reviewed: the calls that keep the GIL
NATIVE_KEEPS_GIL = ("_aclffi_address",)  # acl/_native/pointers.c: returns its argument


# A block of hand-written glue that uses types not every release declares:
#   /* needs: aclrtAllocator aclrtAllocatorBlock */ ... /* end needs */
# It is kept only when the generated headers declare every type named (shims.c's ACLFFI_HAS_<T>):
# cffi's cdef has no preprocessor, so the .cdef side cannot test the defines itself.
_NEEDS_BLOCK = re.compile(r"/\* needs: ([\w ]+?) \*/\n(.*?)/\* end needs \*/\n?", re.S)
_DECLARED_TYPE = re.compile(r"^#define ACLFFI_HAS_(\w+) 1$", re.M)


def declared_types(shims_c: str) -> frozenset[str]:
    """The type names the headers of the generated part declare (tools/aclgen/emit/csource.py)."""
    return frozenset(_DECLARED_TYPE.findall(shims_c))


def keep_declared(text: str, declared: frozenset[str]) -> str:
    """`text` without its needs-blocks whose types are not all declared."""
    def block(match: re.Match[str]) -> str:
        return match.group(2) if set(match.group(1).split()) <= declared else ""
    return _NEEDS_BLOCK.sub(block, text)


def _native_parts(suffix: str, declared: frozenset[str]) -> str:
    """Hand-written additions, one pair of files per concern: acl/_native/<name>.cdef and <name>.c."""
    return "".join(keep_declared(p.read_text(encoding="utf-8"), declared) + "\n"
                   for p in sorted(NATIVE.glob(f"*{suffix}")))


class MissingPrerequisite(RuntimeError):
    """Something the build needs is not installed; the message says what and how to get it."""


def _require_build_modules():  # -> the cffi module
    """cffi, and on Python 3.12+ setuptools (cffi compiles through it and distutils is gone)."""
    missing = []
    try:
        import cffi
    except ImportError:
        missing.append("cffi")
    if sys.version_info >= (3, 12) and importlib.util.find_spec("setuptools") is None:
        missing.append("setuptools (cffi needs it to compile on Python 3.12+)")
    if missing:
        raise MissingPrerequisite(
            "building the extension needs " + " and ".join(missing)
            + f": pip install {' '.join(name.split()[0] for name in missing)}"
        )
    return cffi


def c_compiler(cc: str | None = None) -> str:
    """The C compiler command to use: `cc`, $CC, Python's own, else `cc`; it must be installed."""
    compiler = (cc or os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        raise MissingPrerequisite(f"no C compiler: {compiler!r} is not on PATH (install gcc, or set CC)")
    return compiler


def include_dirs() -> list[Path]:
    """Where the emulator's (and C tests') includes resolve."""
    # acl/dvpp and acl/media headers include their neighbours by bare name, as in CANN.
    return [HEADERS, HEADERS / "acl" / "dvpp", HEADERS / "acl" / "media", EMULATOR_SOURCES]


# types.h is C and cdef text at once; these are the two things that differ (tools/aclgen/emit_cdef.py).
TYPES_C_PRELUDE = "#include <stdbool.h>\n#include <stddef.h>\n#include <stdint.h>\n"
_FLEXIBLE_LAYOUT_MARK = "/*...;*/"  # cffi's `...;`: a record whose alignment cffi cannot express


# A member's `_Alignas(N)`: its record also carries the mark above, so cffi takes the layout from
# the compiler; PyPy's bundled cffi (1.15) cannot parse the specifier, newer ones ignore it.
_ALIGNAS = re.compile(r"_Alignas\(\d+\) ")


def cdef_text(types_h: str, cdef_h: str) -> str:
    """The cffi cdef of the generated part: the types, then the shim prototypes."""
    return _ALIGNAS.sub("", types_h.replace(_FLEXIBLE_LAYOUT_MARK, "...;")) + "\n" + cdef_h


def c_source(types_h: str, shims_c: str) -> str:
    """The C source of the generated part: the types, then the shims."""
    return TYPES_C_PRELUDE + types_h + "\n" + shims_c


def keeps_gil_functions() -> list[str]:
    """The C functions whose binding keeps the GIL on CPython (tools/data/keeps_gil.json)."""
    import json

    return json.loads(KEEPS_GIL.read_text(encoding="utf-8"))["functions"]


def keep_gil_marks(functions: list[str]) -> str:
    """`#define _ACLFFI_KEEPS_GIL_<name> 1` per listed function, for the generated C functions of
    aclgen/emit/fastcalls.py, which release the GIL around every other call."""
    return "".join(f"#define _ACLFFI_KEEPS_GIL_{name} 1\n" for name in functions)


def keep_gil_source(functions: list[str]) -> str:
    """C that makes cffi's wrapper of each listed function keep the GIL around its call.

    cffi wraps every call in Py_BEGIN/END_ALLOW_THREADS; this source comes after Python.h, so it
    redefines the two to test the enclosing wrapper's name (`__func__`, _cffi_f_<cdef name>: the
    C name, or the shim's _aclpack_/_aclinto_ name), a test gcc folds to a constant; a compiler
    that does not fold it runs it once per wrapper (cached in a static, written with the GIL held). Written
    here, not generated: it rewrites cffi's output, not the binding's API. PyPy compiles no such
    wrappers (it calls the C functions directly), so this is CPython only."""
    tests = " || \\\n    ".join(f'__builtin_strcmp(f, "_cffi_f_{prefix}{name}") == 0'
                                  for name in functions for prefix in ("", "_aclpack_", "_aclinto_"))
    tests += "".join(f' || \\\n    __builtin_strcmp(f, "_cffi_f_{name}") == 0' for name in NATIVE_KEEPS_GIL)
    return (
        "#ifndef PYPY_VERSION\n"
        f"#define _ACLFFI_KEEPS_GIL(f) (0 || \\\n    {tests})\n"
        "#undef Py_BEGIN_ALLOW_THREADS\n#undef Py_END_ALLOW_THREADS\n"
        "#define Py_BEGIN_ALLOW_THREADS \\\n"
        "    { static signed char _aclffi_keeps = -1; PyThreadState *_save; \\\n"
        "    if (_aclffi_keeps < 0) _aclffi_keeps = (signed char)_ACLFFI_KEEPS_GIL(__func__); \\\n"
        "    _save = _aclffi_keeps ? NULL : PyEval_SaveThread();\n"
        "#define Py_END_ALLOW_THREADS \\\n    if (_save != NULL) PyEval_RestoreThread(_save); }\n"
        "#endif\n"
    )


def make_ffi(generated: Path = GENERATED):  # -> cffi.FFI (cffi is imported lazily: a build-time need)
    """The extension of the generated part in `generated` (acl/_generated/, or a regenerated copy)."""
    cffi = _require_build_modules()
    c_compiler()

    def read(name: str) -> str:
        return (generated / name).read_text(encoding="utf-8")

    ffi = cffi.FFI()
    types_h, shims_c = read("types.h"), read("shims.c")
    declared = declared_types(shims_c)
    ffi.cdef(cdef_text(types_h, read("cdef.h")) + _native_parts(".cdef", declared))
    keeps_gil = keeps_gil_functions()
    source = keep_gil_marks(keeps_gil) + c_source(types_h, shims_c) + _native_parts(".c", declared)
    source += keep_gil_source(keeps_gil)
    ffi.set_source(
        MODULE_NAME,
        source,
        libraries=["dl"],
        include_dirs=[str(EMULATOR_SOURCES)],  # acl/_native/emulator.c includes model_executor.h
        # generated code; -O1 keeps a 1,300-function build quick; no debug info and a stripped
        # link keep the wheel small (debug info was 4 of the extension's 5 MB)
        extra_compile_args=["-O1", "-w", "-g0"],
        extra_link_args=["-s"],
        py_limited_api=not IS_PYPY,
    )
    return ffi


# An -rpath in the interpreter's own link command (pyenv-style builds put their lib/ there).
_RPATH_OPTION = re.compile(r"\s+-Wl,-(?:rpath|R)[,=]\S+")


@contextlib.contextmanager
def _link_without_runpath() -> Iterator[None]:
    """Link the extension without the build interpreter's -rpath: a wheel must not search the
    build machine's directories (CI checks its libraries with readelf -d). $LDSHARED, when set, rules."""
    ldshared = sysconfig.get_config_var("LDSHARED") or ""
    cleaned = _RPATH_OPTION.sub("", ldshared)
    if "LDSHARED" in os.environ or cleaned == ldshared:
        yield
        return
    cc, env_cc = sysconfig.get_config_var("CC") or "", os.environ.get("CC")
    if env_cc and cc and cleaned.startswith(cc):  # distutils' rule: $CC also links
        cleaned = env_cc + cleaned[len(cc):]
    os.environ["LDSHARED"] = cleaned  # distutils reads it when it sets up the compiler
    try:
        yield
    finally:
        del os.environ["LDSHARED"]


def build_extension(out_dir: Path, generated: Path = GENERATED) -> Path:
    """Compile the extension of `generated`'s C part; return the path of the .so placed in out_dir."""
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="acl-cffi-build-") as tmp:
        verbose = bool(os.environ.get("ACL_BUILD_VERBOSE"))
        with _link_without_runpath():
            built = Path(make_ffi(generated).compile(tmpdir=tmp, verbose=verbose))
        target = out_dir / built.name
        # Remove only what this interpreter could import instead (another interpreter's build stays:
        # a vendored copy holds a CPython and a PyPy extension side by side).
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            (out_dir / f"_acl_cffi{suffix}").unlink(missing_ok=True)
        shutil.copy2(built, target)
    return target


def sanitizer_flags(sanitize: str) -> list[str]:
    """Compiler and linker flags of a sanitized build: every report is fatal, stacks are readable."""
    return [f"-fsanitize={sanitize}", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer", "-O1", "-g"]


def build_emulator(out_dir: Path, cc: str | None = None, werror: bool = False,
                   sanitize: str | None = None) -> Path:
    """Compile emulator/*.c and emulator/generated/*.c (the not-supported stubs) into libaclemu.so.

    `werror`: warnings are errors (the tests and CI build it so; a user's build does not fail on
    a new compiler's new warning).
    `sanitize`: a -fsanitize= list ("address,undefined", "thread") for CI's sanitizer jobs; such a
    build keeps its symbols and stops at the first report.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / "libaclemu.so"
    sources = sorted(str(p) for p in EMULATOR_SOURCES.glob("*.c"))
    sources += sorted(str(p) for p in EMULATOR_GENERATED.glob("*.c"))
    cmd = [
        c_compiler(cc),
        "-std=c11", "-fPIC", "-shared", "-pthread", "-Wall", "-Wextra",
        "-Wl,-Bsymbolic",  # a vendored copy loaded beside an installed one binds to its own symbols
        *(sanitizer_flags(sanitize) if sanitize else ["-O2", "-fvect-cost-model=cheap", "-g0", "-s"]),
        *(["-Werror"] if werror else []),
        *(f"-I{d}" for d in include_dirs()),
        "-o", str(target), *sources, "-ldl", "-lm",
    ]
    subprocess.run(cmd, check=True)
    return target


def main() -> int:
    try:
        ext = build_extension(GENERATED)
        emu = build_emulator(ROOT / "acl" / "_emulator", werror="--werror" in sys.argv[1:])
    except MissingPrerequisite as missing:
        print(f"build_ffi.py: {missing}", file=sys.stderr)
        return 1
    print(f"built {ext.relative_to(ROOT)} and {emu.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
