"""Outs without cffi struct objects (aclgen/model/outforms.py): which functions get a packed int64 or a
result buffer, and the values that come back through them, compiled against a pretend backend:
negative and unsigned outs and returns at their limits, narrow and enum outs, himpi's unsigned
returns, missing symbols, argument errors, threads, and a signal handler calling in between."""

from __future__ import annotations

import struct
import subprocess
from pathlib import Path

import cffi
import pytest
from emit_fixture import REPO, F, P, T, c_source_of, cdef_of, run_against_backend

# isort: split
from aclgen.emit.python import emit_python
from aclgen.front.parse import parse_tree
from aclgen.model.bindings import BindingPlan, FunctionBinding, IrregularTable, build_plan
from aclgen.model.ir import Api, Enum, Typedef, TypeRef
from aclgen.model.naming import NameTable
from aclgen.model.outforms import BUFFER, PACKED, STRUCT

RT, DVPP = "acl/acl_rt.h", "acl/dvpp/hi_dvpp_sys.h"
ERR = T("aclError")


def _out(type_name: str) -> TypeRef:
    return T(f"{type_name} *", type_name, 1)


def packed_api() -> Api:
    api = Api()
    api.typedefs = [
        Typedef("aclError", T("int"), RT, 1),
        Typedef("hi_s32", T("int"), DVPP, 2),
        Typedef("hi_u32", T("unsigned int"), DVPP, 3),
    ]
    api.enums = [
        Enum("pkMode", "pkMode", [("PK_MODE_NEG", -1), ("PK_MODE_ONE", 1)], RT, 4),
        Enum("pkFlag", "pkFlag", [("PK_FLAG_LOW", 0), ("PK_FLAG_HIGH", 0x80000000)], RT, 5),
    ]
    want = [P("want", T("int32_t"), "in"), P("wantRet", ERR, "in")]
    api.functions = [
        F("aclrtPkSetNext", ERR, [P("value", T("int32_t"), "in"), P("ret", ERR, "in")]),
        F("aclrtPkDevice", ERR, [P("deviceId", _out("int32_t"), "out")]),
        F("aclrtPkSigned", ERR, [*want, P("value", _out("int32_t"), "out")]),
        F(
            "aclrtPkUnsigned",
            ERR,
            [P("want", T("uint32_t"), "in"), P("wantRet", ERR, "in"), P("value", _out("uint32_t"), "out")],
        ),
        F("aclrtPkNarrow", ERR, [*want, P("value", _out("int8_t"), "out")]),
        F("aclrtPkMode", ERR, [*want, P("mode", _out("pkMode"), "out")]),
        F("aclrtPkFlag", ERR, [*want, P("flag", _out("pkFlag"), "out")]),
        F(
            "hi_mpi_pk_count",
            T("hi_s32"),
            [
                P("want", T("hi_s32"), "in"),
                P("wantRet", T("hi_s32"), "in"),
                P("count", _out("hi_u32"), "out"),
            ],
            header=DVPP,
        ),
        F(
            "aclrtPkMixed",
            ERR,
            [
                *want,
                P("small", _out("int16_t"), "out"),
                P("big", _out("uint64_t"), "out"),
                P("ratio", _out("float"), "out"),
                P("negative", _out("bool"), "out"),
                P("handle", T("void **", "void", 2), "out"),
            ],
        ),
        F(
            "aclrtPkVersion",
            ERR,
            [P("major", _out("int32_t")), P("minor", _out("int32_t")), P("patch", _out("int32_t"))],
        ),
        F("aclrtPkOneInput", ERR, [P("want", T("int32_t"), "in"), P("size", _out("size_t"), "out")]),
        F(
            "aclrtPkNamed",
            ERR,
            [
                P("name", T("const char *", "char", 1, True), "in"),
                P("base", T("int32_t"), "in"),
                P("length", _out("int32_t"), "out"),
                P("sum", _out("int64_t"), "out"),
            ],
        ),
        F(
            "aclrtPkSlow",
            ERR,
            [
                P("id", T("int32_t"), "in"),
                P("delayUs", T("uint32_t"), "in"),
                P("idOut", _out("int32_t"), "out"),
                P("square", _out("uint64_t"), "out"),
            ],
        ),
    ]
    return api


def packed_plan() -> tuple[Api, BindingPlan]:
    api = packed_api()
    return api, build_plan(api, NameTable.empty(), IrregularTable.empty())


def _forms(plan: BindingPlan) -> dict[str, tuple[str, bool, str]]:
    return {
        b.c_name: (b.out_form.kind, b.out_form.signed_out, b.out_form.layout)
        for b in plan.functions
        if b.out_form is not None
    }


def test_fixture_forms() -> None:
    _, plan = packed_plan()
    assert _forms(plan) == {
        "aclrtPkDevice": (PACKED, True, ""),
        "aclrtPkSigned": (PACKED, True, ""),
        "aclrtPkUnsigned": (PACKED, False, ""),
        "aclrtPkNarrow": (PACKED, True, ""),
        "aclrtPkMode": (PACKED, True, ""),  # a negative member: the compiler makes it an int
        "aclrtPkFlag": (PACKED, False, ""),  # no negative member: unsigned int
        "hi_mpi_pk_count": (PACKED, False, ""),
        "aclrtPkMixed": (BUFFER, False, "@hQf?Ni"),
        "aclrtPkVersion": (BUFFER, False, "@iiii"),
        # one int input: CPython calls the C function of fastcall.py; the wrapper serves PyPy
        "aclrtPkOneInput": (BUFFER, False, "@Ni"),
        "aclrtPkNamed": (BUFFER, False, "@iqi"),
        "aclrtPkSlow": (BUFFER, False, "@iQi"),
    }


@pytest.fixture(scope="module")
def real_plan() -> tuple[Api, BindingPlan]:
    api = parse_tree(REPO / "headers")
    return api, build_plan(api)


def test_real_api_forms(real_plan: tuple[Api, BindingPlan]) -> None:
    forms = _forms(real_plan[1])
    assert forms["aclrtGetDevice"] == (PACKED, True, "")
    assert forms["aclrtGetDeviceCount"] == (PACKED, False, "")
    assert forms["aclrtGetRunMode"] == (PACKED, False, "")
    assert forms["aclrtGetVersion"] == (BUFFER, False, "@iiii")
    assert forms["aclrtCreateStream"] == (BUFFER, False, "@Ni")
    assert forms["aclrtGetMemInfo"] == (BUFFER, False, "@NNi")  # one int input: see outforms.py
    # a lone str input: CPython runs the wrapper itself, where a buffer argument costs more
    assert forms["aclmdlQuerySize"] == (STRUCT, False, "")
    assert forms["aclmdlGetAttribute"] == (STRUCT, False, "")  # a struct out
    assert forms["hi_mpi_dvpp_malloc"] == (BUFFER, False, "@NI")  # himpi: the return read unsigned
    assert "aclrtSetDevice" not in forms


def test_only_generic_wrappers_use_a_variant(real_plan: tuple[Api, BindingPlan]) -> None:
    """Shaped and hand-written code reads the struct of `F`; a variant is for generic wrappers only."""
    for b in real_plan[1].bound_functions:
        if b.out_form is not None and (b.hand_written or b.shaped or b.fn.variadic):
            assert b.out_form.kind == STRUCT, b.c_name


def _member_offsets(ffi: cffi.FFI, b: FunctionBinding) -> list[int]:
    names = [p.out_member for p in b.cls.outs] + (["ret"] if b.cls.ret.kind != "void" else [])
    return [ffi.offsetof(f"struct _aclout_{b.c_name}", name) for name in names]


def _format_offsets(layout: str) -> list[int]:
    codes = layout[1:]
    return [struct.calcsize("@" + codes[:i] + "0" + code) for i, code in enumerate(codes)]


def test_buffer_layouts_match_the_out_structs(real_plan: tuple[Api, BindingPlan]) -> None:
    api, plan = real_plan
    ffi = cffi.FFI()
    ffi.cdef(cdef_of(api, plan))
    buffered = [b for b in plan.bound_functions if b.out_form is not None and b.out_form.kind == BUFFER]
    assert len(buffered) > 50
    for b in buffered:
        assert b.out_form is not None
        layout = b.out_form.layout
        assert _format_offsets(layout) == _member_offsets(ffi, b), b.c_name
        size = ffi.sizeof(f"struct _aclout_{b.c_name}")
        assert struct.calcsize(layout) <= size <= 8 * (len(b.cls.outs) + 1), b.c_name


BACKEND = r"""
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include "types.h"
static _Thread_local int32_t next_value;
static _Thread_local aclError next_ret;
aclError aclrtPkSetNext(int32_t value, aclError ret) { next_value = value; next_ret = ret; return 0; }
aclError aclrtPkDevice(int32_t *deviceId) { *deviceId = next_value; return next_ret; }
aclError aclrtPkSigned(int32_t want, aclError wantRet, int32_t *value) { *value = want; return wantRet; }
aclError aclrtPkUnsigned(uint32_t want, aclError wantRet, uint32_t *value) { *value = want; return wantRet; }
aclError aclrtPkNarrow(int32_t want, aclError wantRet, int8_t *value)
{
    *value = (int8_t)want;
    return wantRet;
}
aclError aclrtPkMode(int32_t want, aclError wantRet, pkMode *mode) { *mode = (pkMode)want; return wantRet; }
aclError aclrtPkFlag(int32_t want, aclError wantRet, pkFlag *flag) { *flag = (pkFlag)want; return wantRet; }
hi_s32 hi_mpi_pk_count(hi_s32 want, hi_s32 wantRet, hi_u32 *count) { *count = (hi_u32)want; return wantRet; }
aclError aclrtPkMixed(int32_t want, aclError wantRet, int16_t *small, uint64_t *big, float *ratio,
                      bool *negative, void **handle)
{
    *small = (int16_t)want;
    *big = (uint64_t)(int64_t)want;
    *ratio = (float)want / 4.0f;
    *negative = want < 0;
    *handle = (void *)(uintptr_t)(uint32_t)want;
    return wantRet;
}
aclError aclrtPkVersion(int32_t *major, int32_t *minor, int32_t *patch)
{
    *major = next_value; *minor = ~next_value; *patch = 7;
    return next_ret;
}
aclError aclrtPkOneInput(int32_t want, size_t *size) { *size = (size_t)(int64_t)want; return 1; }
aclError aclrtPkNamed(const char *name, int32_t base, int32_t *length, int64_t *sum)
{
    *length = name == NULL ? -1 : (int32_t)strlen(name);
    *sum = (int64_t)base * 4294967296LL + *length;
    return 0;
}
aclError aclrtPkSlow(int32_t id, uint32_t delayUs, int32_t *idOut, uint64_t *square)
{
    if (delayUs > 0) {
        usleep(delayUs);
    }
    *idOut = id;
    *square = (uint64_t)id * (uint64_t)id;
    return id % 7;
}
"""

SCRIPT = r"""
import signal
import sys
import threading

from acl._generated._acl_cffi import ffi, lib

# an empty slot: the variants report ACL_ERROR_API_NOT_SUPPORT with zeroed outs
assert lib._aclpack_aclrtPkSigned(5, 0) == 200001 << 32
out = ffi.new("uint64_t[4]")
lib._aclinto_aclrtPkVersion(out)
assert list(ffi.cast("int32_t *", out)[0:4]) == [0, 0, 0, 200001]

err = ffi.new("char[256]")
assert lib._aclffi_open(sys.argv[1].encode(), err, 256) == 0, ffi.string(err)
assert lib._aclffi_resolve() == 13
from acl import _wrapper_support
from acl._generated import himpi, rt

assert rt._aclrtPkSigned is lib._aclpack_aclrtPkSigned and rt._aclrtPkMixed is lib._aclinto_aclrtPkMixed
INT32 = [0, 1, 2**31 - 1, -1, -2, -(2**31)]
RETS = [0, 1, 107002, 2**31 - 1, -1, -(2**31)]


def struct_result(c_name, *args):
    r = getattr(lib, c_name)(*args)
    return tuple(getattr(r, name) for name, _ in ffi.typeof(r).fields)


for ret in RETS:
    for value in INT32:
        assert rt.pk_signed(value, ret) == (value, ret) == struct_result("aclrtPkSigned", value, ret)
        assert rt.pk_narrow(value, ret) == struct_result("aclrtPkNarrow", value, ret)
        assert rt.pk_mode(value, ret) == (value, ret) == struct_result("aclrtPkMode", value, ret)
        assert rt.pk_flag(value, ret) == (value % 2**32, ret) == struct_result("aclrtPkFlag", value, ret)
        assert himpi.pk_count(value, ret) == (value % 2**32, ret % 2**32)
        lib.aclrtPkSetNext(value, ret)
        assert rt.pk_device() == (value, ret)
        assert rt.pk_version() == (value, ~value, 7, ret)
        assert rt.pk_version() == struct_result("aclrtPkVersion")
        expected = struct_result("aclrtPkMixed", value, ret)
        assert rt.pk_mixed(value, ret) == expected
        assert expected[1] == value % 2**64 and expected[3] == (value < 0) and expected[4] == value % 2**32
    for value in [0, 1, 2**31 - 1, 2**31, 2**32 - 1]:
        assert rt.pk_unsigned(value, ret) == (value, ret) == struct_result("aclrtPkUnsigned", value, ret)
assert rt.pk_narrow(-128, 0) == (-128, 0) and rt.pk_narrow(127, -5) == (127, -5)
assert rt.pk_narrow(200, 0) == (-56, 0)
assert rt.pk_mixed(-6, 3) == (-6, 2**64 - 6, -1.5, True, 2**32 - 6, 3)
assert rt.pk_one_input(-3) == (2**64 - 3, 1)
assert rt.pk_named("four", 2) == (4, 2 * 2**32 + 4, 0) and rt.pk_named(None, -1) == (-1, -(2**32) - 1, 0)

for call, kind, text in [
    (lambda: rt.pk_signed("x", 0), TypeError, "acl.rt.pk_signed: "),
    (lambda: rt.pk_signed(2**31, 0), OverflowError, "acl.rt.pk_signed: "),
    (lambda: rt.pk_unsigned(-1, 0), OverflowError, "acl.rt.pk_unsigned: "),
    (lambda: rt.pk_mixed(0, 2**40), OverflowError, "acl.rt.pk_mixed: "),
    (lambda: rt.pk_mixed(0.5, 0), TypeError, "acl.rt.pk_mixed: "),
    (lambda: rt.pk_named(b"x", 1), TypeError, "acl.rt.pk_named: argument name must be str or None"),
]:
    try:
        call()
    except kind as e:
        assert str(e).startswith(text), str(e)
    else:
        raise AssertionError(text)

# threads: the GIL is released around each call, so calls overlap; each reads its own buffer
failures = []


def worker(slow, ident):
    for _ in range(100):
        if slow(ident, 200) != (ident, ident * ident, ident % 7):
            failures.append(ident)


# on CPython pk_slow is the C function of aclgen/emit/fastcalls.py; its Python wrapper is __self__
python_slow = getattr(rt.pk_slow, "__self__", rt.pk_slow)
assert (python_slow is rt.pk_slow) == (sys.implementation.name == "pypy")
for slow in (rt.pk_slow, python_slow):
    threads = [threading.Thread(target=worker, args=(slow, i)) for i in range(1, 9)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures, failures
assert len(_wrapper_support._spare_outs) > 1  # overlapping calls held buffers at the same time

# a signal handler runs between a C call's return and the read of its results: it gets its own buffer
seen = []


def handler(signum, frame):
    seen.append(python_slow(-3, 0))


signal.signal(signal.SIGALRM, handler)
signal.setitimer(signal.ITIMER_REAL, 0.001, 0.001)
for i in range(3000):
    assert python_slow(i, 20) == (i, i * i, i % 7), i
signal.setitimer(signal.ITIMER_REAL, 0, 0)
assert len(seen) > 10 and set(seen) == {(-3, 9, -3)}, seen[:3]
print("ok")
"""


def test_packed_and_buffered_results_through_a_compiled_fixture(tmp_path: Path) -> None:
    api, plan = packed_plan()
    run = run_against_backend(tmp_path, api, plan, emit_python(api, plan), BACKEND, SCRIPT)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stdout + run.stderr


def test_emitted_shims_compile_warning_free(tmp_path: Path) -> None:
    api, plan = packed_plan()
    (tmp_path / "shims.c").write_text(c_source_of(api, plan))
    flags = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-Wno-unused-function", "-fsyntax-only"]
    run = subprocess.run(["gcc", *flags, "shims.c"], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
