"""The emitted C: cffi accepts the cdef, shims.c compiles warning-free and calls a backend through
its slots, and the emulator stubs lose to strong definitions."""

from __future__ import annotations

import subprocess
import sysconfig
from pathlib import Path

import cffi
import pytest
from emit_fixture import REPO, build_ffi, c_source_of, cdef_of, fixture_plan, types_header

# isort: split
from aclgen.emit.emulator_stubs import emit_emulator_stubs
from aclgen.front.parse import parse_tree
from aclgen.model.bindings import build_plan

CFLAGS = ["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pthread"]
HEADER_FLAGS = [f"-I{REPO / 'headers'}", f"-I{REPO / 'headers/acl/dvpp'}", f"-I{REPO / 'headers/acl/media'}"]

# A pretend backend: three functions, with the real prototypes.
FAKE_BACKEND = r"""
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "types.h"
aclError aclrtCreateContext(aclrtContext *context, int32_t deviceId)
{
    *context = (aclrtContext)(uintptr_t)(0x1000 + deviceId);
    return 0;
}
aclError aclrtReserveSlots(uint32_t *count, void **base)
{
    *count += 1;
    *base = (char *)*base + 16;
    return 7;
}
char last_log[64];
void aclAppLog(aclLogLevel level, const char *func, const char *file, uint32_t line, const char *fmt, ...)
{
    va_list ap;
    (void)level; (void)func; (void)file; (void)line;
    va_start(ap, fmt);
    vsnprintf(last_log, sizeof last_log, fmt, ap);
    va_end(ap);
}
aclError aclmdlGetInputDims(const aclmdlDesc *desc, size_t index, aclmdlIODims *dims)
{
    (void)desc;
    strcpy(dims->name, "input");
    dims->dimCount = 2;
    dims->dims[0] = (int64_t)index;
    dims->dims[1] = 3;
    return 0;
}
"""

DRIVER = r"""
#include <stdio.h>
int main(int argc, char **argv)
{
    char err[256];
    const char *last_log;
    struct _aclout_aclrtCreateContext ctx;
    struct _aclout_aclrtReserveSlots slots;
    struct _aclout_aclmdlGetInputDims dims;
    (void)argc;
    ctx = aclrtCreateContext(5);
    if (ctx.ret != 200001 || ctx.context != 0) return 10;      /* empty slot */
    if (_aclffi_open("/nonexistent/lib.so", err, sizeof err) != -1 || err[0] == 0) return 11;
    if (_aclffi_open(argv[1], err, sizeof err) != 0) { puts(err); return 12; }
    if (_aclffi_resolve() != 4) return 13;
    if (!_aclffi_has("aclrtCreateContext") || _aclffi_has("aclrtSetDevice") || _aclffi_has("nope")) return 14;
    ctx = aclrtCreateContext(5);
    if (ctx.ret != 0 || ctx.context != 0x1005) return 15;
    slots = aclrtReserveSlots(41, 100);
    if (slots.ret != 7 || slots.count != 42 || slots.base != 116) return 16;
    last_log = (const char *)dlsym(dlopen(argv[1], RTLD_NOW), "last_log");
    aclAppLog(ACL_ERROR, "f", "file", 1, "100%s");
    if (strcmp(last_log, "100%s") != 0) return 17;               /* the message is data, not a format */
    dims = aclmdlGetInputDims(0, 9);
    if (dims.ret != 0 || dims.dims.dimCount != 2 || dims.dims.dims[0] != 9) return 18;
    if (aclrtSetDevice(0) != 200001) return 19;
    if (strcmp(_aclffi_name(0), "aclAppLog") != 0 || _aclffi_name(_aclffi_count()) != NULL) return 20;
    _aclffi_close_all();
    if (_aclffi_has("aclrtCreateContext")) return 21;
    return 0;
}
"""


def _run(cmd: list[str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=False)


def test_fixture_cdef_is_accepted_by_cffi() -> None:
    api, plan = fixture_plan()
    ffi = cffi.FFI()
    ffi.cdef(cdef_of(api, plan))
    assert ffi.sizeof("struct _aclout_aclrtCreateContext") >= ffi.sizeof("uintptr_t") + ffi.sizeof("int")


def test_shims_compile_and_call_through_slots(tmp_path: Path) -> None:
    api, plan = fixture_plan()
    (tmp_path / "types.h").write_text(types_header(api, plan))
    (tmp_path / "backend.c").write_text(FAKE_BACKEND)
    (tmp_path / "prog.c").write_text(c_source_of(api, plan) + DRIVER)
    lib = _run([*CFLAGS, "-shared", "-fPIC", "-o", "libfake.so", "backend.c"], tmp_path)
    assert lib.returncode == 0, lib.stderr
    # every shim not called by the driver would be an unused static: allow that one warning only
    prog = _run([*CFLAGS, "-Wno-unused-function", "-o", "prog", "prog.c", "-ldl"], tmp_path)
    assert prog.returncode == 0, prog.stderr
    run = _run(["./prog", str(tmp_path / "libfake.so")], tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr


STRONG = r"""
#include "acl/acl.h"
int recorded;
aclError aclemu_not_supported(const char *fn) { (void)fn; recorded++; return 200001; }
aclError aclrtSetDevice(int32_t deviceId) { return deviceId == 3 ? 0 : 1; }
"""

STUB_DRIVER = r"""
#include "acl/acl.h"
extern int recorded;
int aclemuIsImplemented(const char *name);
int aclemuFunctionCount(void);
const char *aclemuFunctionName(int i);
int main(void)
{
    int32_t count = 0;
    if (aclrtSetDevice(3) != 0) return 10;                      /* the strong definition won */
    if (aclrtGetDeviceCount((uint32_t *)&count) != 200001 || recorded != 1) return 11;
    if (aclrtResetDevice(0) != 200001 || recorded != 2) return 12;
    if (aclemuIsImplemented("aclrtSetDevice") != 1 || aclemuIsImplemented("aclrtResetDevice") != 0) return 13;
    if (aclemuIsImplemented("notAFunction") != -1) return 14;
    if (aclemuFunctionCount() < 1000 || aclemuFunctionName(aclemuFunctionCount()) != 0) return 15;
    return 0;
}
"""


@pytest.fixture(scope="module")
def real_plan():
    api = parse_tree(REPO / "headers")
    return api, build_plan(api)


def test_real_cdef_is_accepted_by_cffi(real_plan) -> None:
    api, plan = real_plan
    cffi.FFI().cdef(cdef_of(api, plan))


def test_real_shims_compile_without_warnings(real_plan, tmp_path: Path) -> None:
    api, plan = real_plan
    (tmp_path / "shims.c").write_text(c_source_of(api, plan))
    result = _run([*CFLAGS, "-Wno-unused-function", "-fsyntax-only", "shims.c"], tmp_path)
    assert result.returncode == 0, result.stderr[:3000]


@pytest.mark.parametrize("limited_api", ["-DPy_LIMITED_API=0x03090000", "-UPy_LIMITED_API"])
def test_real_fast_calls_compile_without_warnings_under_python_h(
    real_plan, tmp_path: Path, limited_api: str
) -> None:
    # the extension compiles generated code with -w; this is where its CPython C functions
    # (aclgen/emit/fastcalls.py) are held to -Wall -Wextra, under the abi3 wheel's limited API too
    api, plan = real_plan
    marks = build_ffi.keep_gil_marks(build_ffi.keeps_gil_functions())
    (tmp_path / "shims.c").write_text("#include <Python.h>\n" + marks + c_source_of(api, plan))
    include = sysconfig.get_paths()["include"]
    result = _run([*CFLAGS, limited_api, f"-I{include}", "-Wno-unused-function", "-fsyntax-only", "shims.c"],
                  tmp_path)
    assert result.returncode == 0, result.stderr[:3000]
    assert "_aclfast_aclrtGetMemInfo" in (tmp_path / "shims.c").read_text()


def test_emulator_stubs_lose_to_strong_definitions(real_plan, tmp_path: Path) -> None:
    api, plan = real_plan
    (tmp_path / "stubs.c").write_text(emit_emulator_stubs(api, plan))
    (tmp_path / "strong.c").write_text(STRONG)
    (tmp_path / "main.c").write_text(STUB_DRIVER)
    lib = _run(
        [*CFLAGS, "-shared", "-fPIC", *HEADER_FLAGS, "-o", "libemu.so", "stubs.c", "strong.c"], tmp_path
    )
    assert lib.returncode == 0, lib.stderr[:3000]
    prog = _run(
        [*CFLAGS, *HEADER_FLAGS, "-o", "main", "main.c", "-L.", "-lemu", "-Wl,-rpath,$ORIGIN"], tmp_path
    )
    assert prog.returncode == 0, prog.stderr
    run = _run(["./main"], tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
