"""The generated Python modules, run: the fixture's cdef + shims.c built with cffi, a pretend
backend loaded, and each shape of wrapper called (in a subprocess, away from the real `acl`)."""

from __future__ import annotations

import ast
from pathlib import Path

from emit_fixture import REPO, fixture_plan, run_against_backend

# isort: split
from aclgen.emit.python import emit_python
from aclgen.emit.stubs import emit_stubs
from aclgen.front.parse import parse_tree
from aclgen.model.bindings import build_plan

BACKEND = r"""
#include <stdio.h>
#include <string.h>
#include "types.h"
aclError aclrtCreateContext(aclrtContext *context, int32_t deviceId)
{
    *context = (aclrtContext)(uintptr_t)(0x1000 + deviceId);
    return 0;
}
aclError aclrtGetVersion(int32_t *major, int32_t *minor, int32_t *patch)
{
    *major = 1; *minor = 2; *patch = 3;
    return 0;
}
aclError aclmdlLoadFromFile(const char *path, uint32_t *modelId)
{
    *modelId = (uint32_t)strlen(path);
    return 0;
}
const char *aclrtGetSocName(void) { return "Ascend-emu"; }
aclError aclrtSetDevice(int32_t deviceId) { return deviceId == 0 ? 0 : 107001; }
hi_s32 hi_mpi_sys_init(void) { return -1; }
hi_s32 hi_mpi_vdec_get_stream(hi_s32 chn, hi_vdec_stream *stream)
{
    stream->addr = (hi_u8 *)(uintptr_t)0x4000;
    stream->len = (hi_u32)chn;
    return 0;
}
aclError aclprofModelUnSubscribe(uint32_t modelId) { return (aclError)modelId; }
aclError aclmdlExecuteOp(int numInputs, const aclTensorDesc *const inputDesc[])
{
    return numInputs * 1000 + (int)(uintptr_t)inputDesc[numInputs - 1];
}
hi_s32 hi_mpi_vpc_fill(hi_vpc_chn chn, hi_vpc_pic_info pic, hi_u32 *task_id)
{
    *task_id = (hi_u32)chn + pic.width + pic.value.u32 + (hi_u32)(uintptr_t)pic.picture_address;
    return 0;
}
aclError aclprofGetOpType(const void *opInfo, size_t opInfoLen, uint32_t index, char *opType, size_t len)
{
    (void)opInfo; (void)opInfoLen; (void)index;
    snprintf(opType, len, "Conv2D");
    return 0;
}
aclError aclrtGetMemInfo(aclrtMemcpyKind attr, size_t *free, size_t *total)
{
    *free = 10; *total = 20 + (size_t)attr;
    return 0;
}
"""

SCRIPT = """
import sys
from acl._generated._acl_cffi import ffi, lib
err = ffi.new("char[256]")
assert lib._aclffi_open(sys.argv[1].encode(), err, 256) == 0, ffi.string(err)
assert lib._aclffi_resolve() == 12
from acl._generated import himpi, mdl, prof, rt, top

assert rt.create_context(7) == (0x1007, 0)
assert top.get_version() == (1, 2, 3, 0)
assert mdl.load_from_file("model.om") == (8, 0)
# reviewed pyACL shapes (aclgen/model/pyshape.py): list -> array + count, dict -> struct by value,
# string buffer out, echo of an input, size guard
assert mdl.execute_op([5, 7]) == 2007
assert himpi.vpc_fill(1, {"width": 10, "value": {"u32": 100}, "picture_address": 1000, "x": ""}) == (1111, 0)
assert himpi.vpc_fill(1, {"width": "wrong type is ignored"}) == (1, 0)
assert prof.get_op_type(0, 0, 0, 64) == ("Conv2D", 0)
assert prof.get_op_type(0, 0, 0, 3) == ("Co", 0)
assert prof.get_op_type(0, 0, 0, 5000) == ("", 100000)
assert rt.get_mem_info(2) == (2, 10, 22, 0)
assert top.get_soc_name() == "Ascend-emu"
# a direct binding; on CPython a C function (aclgen/emit/fastcalls.py) stands in front of it
assert lib.aclrtSetDevice in (rt.set_device, getattr(rt.set_device, "__self__", None))
assert rt.set_device(1) == 107001
assert himpi.sys_init() == 0xFFFFFFFF
assert himpi.vdec_get_stream(5) == ({"addr": 0x4000, "len": 5}, 0)
assert prof.model_un_subscribe(4) == prof.model_unsubscribe(4) == 4
assert rt.malloc == "missing:aclrtMalloc"
assert rt.ACL_MEMCPY_HOST_TO_DEVICE == 1 and "ACL_MEMCPY_HOST_TO_DEVICE" in rt.__all__
for call, kind, text in [
    (lambda: mdl.load_from_file(b"x"), TypeError, "acl.mdl.load_from_file: argument model_path must be str"),
    (lambda: mdl.execute_op((5, 7)), TypeError, "acl.mdl.execute_op: argument input_desc must be a list"),
    (lambda: mdl.execute_op([None]), TypeError, "acl.mdl.execute_op: "),
    (lambda: himpi.vpc_fill(1, [1]), TypeError, "acl.himpi.vpc_fill: argument pic must be a dict"),
    (lambda: himpi.vpc_fill(1, {"value": 3}), TypeError, "acl.himpi.vpc_fill: the value argument is not"),
    (lambda: rt.create_context("x"), TypeError, "acl.rt.create_context: "),
    (lambda: rt.create_context(2**40), OverflowError, "acl.rt.create_context: "),
]:
    try:
        call()
    except kind as e:
        assert str(e).startswith(text), str(e)
    else:
        raise AssertionError(text)
print("ok")
"""


def _hand_written_free(files: dict[str, str]) -> dict[str, str]:
    """The fixture names hand-written modules that do not exist here: drop those imports."""
    return {
        name: "\n".join(line for line in text.splitlines() if not line.startswith("from .._pyacl."))
        .replace('    ("get_input_dims", "aclmdlGetInputDims"),\n', "")
        .replace('    ("get_op_type_v2", "aclprofGetOpType"),\n', "")
        for name, text in files.items()
    }


def test_generated_modules_run_against_a_backend(tmp_path: Path) -> None:
    api, plan = fixture_plan()
    modules = _hand_written_free(emit_python(api, plan))
    run = run_against_backend(tmp_path, api, plan, modules, BACKEND, SCRIPT)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stdout + run.stderr


def test_real_api_modules_are_valid_python_and_export_unique_names() -> None:
    api = parse_tree(REPO / "headers")
    plan = build_plan(api)
    files = {**emit_python(api, plan), **emit_stubs(api, plan)}
    for name, text in files.items():
        tree = ast.parse(text, name)
        if name.endswith(".py") and name != "_structs.py":
            public = next(
                ast.literal_eval(node.value)
                for node in tree.body
                if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "_PUBLIC"
            )
            exported = [py_name for py_name, _ in public]
            assert len(exported) == len(set(exported)), name
    assert files["rt.py"].count("\ndef ") > 100
