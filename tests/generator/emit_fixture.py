"""A small hand-built Api covering every classification and type-emission case (emitter tests)."""

from __future__ import annotations

import difflib
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Optional

REPO = Path(__file__).resolve().parents[2]
if str(REPO / "tools") not in sys.path:
    sys.path.insert(0, str(REPO / "tools"))

from aclgen.model.bindings import BindingPlan, Irregular, IrregularTable, build_plan  # noqa: E402
from aclgen.model.ir import Api, Constant, Enum, Field, Function, Param, Record, Typedef, TypeRef  # noqa: E402
from aclgen.model.naming import NameTable  # noqa: E402
from helpers.repo import REPO_ROOT  # noqa: E402, F401 (puts the repository root on the path)

# isort: split
import build_ffi  # noqa: E402


def cdef_of(api: Api, plan: BindingPlan) -> str:
    """The cffi cdef the build makes of types.h and cdef.h."""
    from aclgen.emit.cdef import emit_cdef, emit_types_h

    return build_ffi.cdef_text(emit_types_h(api, plan), emit_cdef(api, plan))


def c_source_of(api: Api, plan: BindingPlan) -> str:
    """The C source the build makes of types.h and shims.c."""
    from aclgen.emit.cdef import emit_types_h
    from aclgen.emit.csource import emit_csource

    return build_ffi.c_source(emit_types_h(api, plan), emit_csource(api, plan))


def types_header(api: Api, plan: BindingPlan) -> str:
    """types.h as test C includes it: the standard headers it needs first."""
    from aclgen.emit.cdef import emit_types_h

    return build_ffi.TYPES_C_PRELUDE + emit_types_h(api, plan)

# acl._missing of a throwaway package: a function the backend lacks becomes a marker string
MISSING = """
from acl._generated._acl_cffi import lib

def bind(namespace, functions):
    for python_name, c_name in functions.items():
        if not lib._aclffi_has(c_name.encode()):
            namespace[python_name] = "missing:" + c_name
"""


def run_against_backend(
    tmp_path: Path, api: Api, plan: BindingPlan, modules: dict[str, str], backend: str, script: str
) -> subprocess.CompletedProcess:
    """Run `script` (its argv[1]: the backend library) in a child over a throwaway `acl` package:
    the generated `modules`, the extension built from the plan's cdef and shims.c, and a backend
    library compiled from `backend` (C that includes types.h)."""
    import cffi
    from aclgen.emit.constants import emit_constants

    package = tmp_path / "acl"
    generated = package / "_generated"
    generated.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "_missing.py").write_text(MISSING)
    # the hand-written helpers the generated modules import, as they are
    (package / "_pyacl").mkdir()
    for helper in ("_wrapper_support.py", "_pyacl/__init__.py", "_pyacl/_common.py"):
        shutil.copyfile(REPO / "acl" / helper, package / helper)
    (generated / "__init__.py").write_text("")
    (generated / "constants.py").write_text(emit_constants(api, plan))  # the modules import from it
    for name, text in modules.items():
        (generated / name).write_text(text)
    (tmp_path / "types.h").write_text(types_header(api, plan))
    (tmp_path / "backend.c").write_text(backend)
    cc = ["gcc", "-std=c11", "-D_DEFAULT_SOURCE", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC"]
    subprocess.run([*cc, "-o", "libfake.so", "backend.c"], cwd=tmp_path, check=True)
    ffi = cffi.FFI()
    ffi.cdef(cdef_of(api, plan))
    ffi.set_source(
        "acl._generated._acl_cffi", c_source_of(api, plan), libraries=["dl"], extra_compile_args=["-O0"]
    )
    ffi.compile(tmpdir=str(tmp_path))
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script), str(tmp_path / "libfake.so")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


def T(
    text: str,
    base: Optional[str] = None,
    ptr: int = 0,
    const: bool = False,
    dims: tuple = (),
    fn: bool = False,
) -> TypeRef:
    return TypeRef(
        text=text, base=base or text, pointers=ptr, const_pointee=const, array_dims=dims, function=fn
    )


def P(name: str, t: TypeRef, direction: Optional[str] = None) -> Param:
    return Param(name, t, direction)


def F(name: str, ret: TypeRef, params: list[Param], header: str = "acl/acl_rt.h", **kw: bool) -> Function:
    return Function(name=name, header=header, line=1, return_type=ret, params=params, **kw)


ERR = T("aclError")
VOID = T("void")
STR = T("const char *", "char", 1, True)
VOIDP = T("void *", "void", 1)
CVOIDP = T("const void *", "void", 1, True)
SIZE = T("size_t")
U32 = T("uint32_t")
I32 = T("int32_t")


def fixture_api() -> Api:
    rt, mdl, base, dvpp = "acl/acl_rt.h", "acl/acl_mdl.h", "acl/acl_base.h", "acl/dvpp/hi_dvpp_vpc.h"
    api = Api()
    api.typedefs = [
        Typedef("aclError", T("int"), base, 1),
        Typedef("aclrtStream", VOIDP, base, 2),
        Typedef("aclrtContext", VOIDP, base, 3),
        Typedef("aclmdlDesc", T("struct aclmdlDesc"), mdl, 4),
        Typedef("aclTensorDesc", T("struct aclTensorDesc"), base, 5),
        Typedef("aclrtCallback", T("void (*)(void *)", "void", 1, fn=True), rt, 6),
        Typedef("hi_s32", T("int"), dvpp, 7),
        Typedef("hi_u32", T("unsigned int"), dvpp, 8),
        Typedef("hi_vpc_chn", T("hi_s32"), dvpp, 9),
    ]
    api.enums = [
        Enum(
            None,
            "aclrtMemMallocPolicy",
            [("ACL_MEM_MALLOC_HUGE_FIRST", 0), ("ACL_MEM_MALLOC_NORMAL_ONLY", 2)],
            rt,
            10,
        ),
        Enum(
            "aclrtMemcpyKind",
            "aclrtMemcpyKind",
            [("ACL_MEMCPY_HOST_TO_HOST", 0), ("ACL_MEMCPY_HOST_TO_DEVICE", 1), ("ACL_MEMCPY_DEFAULT", 4)],
            rt,
            11,
        ),
        Enum("aclrtRunMode", "aclrtRunMode", [("ACL_DEVICE", 0), ("ACL_HOST", 1)], rt, 12),
        Enum("aclLogLevel", "aclLogLevel", [("ACL_DEBUG", 0), ("ACL_ERROR", 3)], base, 13),
        Enum(None, "hi_vpc_flag", [("HI_VPC_NEG", -1), ("HI_VPC_BIG", 0x80000000)], dvpp, 14),
    ]
    api.records = [
        Record("aclmdlDesc", None, "struct", None, mdl, 20),
        Record("aclTensorDesc", None, "struct", None, base, 21),
        Record(
            "aclmdlIODims",
            "aclmdlIODims",
            "struct",
            [
                Field("name", T("char [128]", "char", dims=(128,))),
                Field("dimCount", SIZE),
                Field("dims", T("int64_t [8]", "int64_t", dims=(8,))),
            ],
            mdl,
            22,
        ),
        Record(
            None,
            "hi_vpc_value",
            "union",
            [
                Field("u32", T("hi_u32")),
                Field("f32", T("float")),
            ],
            dvpp,
            23,
        ),
        Record(
            "hi_vpc_pic_info",
            "hi_vpc_pic_info",
            "struct",
            [
                Field("picture_address", VOIDP),
                Field("width", T("hi_u32"), bitfield_width=16),
                Field("height", T("hi_u32"), bitfield_width=16),
                Field("value", T("hi_vpc_value")),
                Field(None, T(""), kind="union", fields=[Field("stride", U32), Field("pitch", U32)]),
                Field("flag", T("hi_vpc_flag")),
            ],
            dvpp,
            24,
        ),
    ]
    api.records.append(
        Record(
            "hi_vdec_stream",
            "hi_vdec_stream",
            "struct",
            [Field("addr", T("hi_u8 *", "hi_u8", 1), aligned=8), Field("len", T("hi_u32"))],
            dvpp,
            25,
        )
    )
    api.typedefs.append(Typedef("hi_u8", T("unsigned char"), dvpp, 26))
    api.order = [
        "typedef aclError",
        "typedef aclrtStream",
        "typedef aclrtContext",
        "typedef aclmdlDesc",
        "typedef aclTensorDesc",
        "typedef aclrtMemMallocPolicy",
        "enum aclrtMemcpyKind",
        "enum aclrtRunMode",
        "enum aclLogLevel",
        "typedef aclrtCallback",
        "struct aclmdlIODims",
        "typedef hi_s32",
        "typedef hi_u32",
        "typedef hi_vpc_chn",
        "typedef hi_vpc_flag",
        "typedef hi_vpc_value",
        "struct hi_vpc_pic_info",
        "typedef hi_u8",
        "struct hi_vdec_stream",
    ]
    api.constants = [
        Constant("ACL_SUCCESS", 0, "int", "static_const", base),
        Constant("ACL_ERROR_API_NOT_SUPPORT", 200001, "int", "static_const", base),
        Constant("ACL_MAX_DIM_CNT", 128, "int", "define", mdl),
        Constant("HI_ERR_VPC_NULL_PTR", -1610317818, "int", "define", dvpp),
    ]
    tensor_desc_p = T("const aclTensorDesc *", "struct aclTensorDesc", 1, True)
    api.functions = [
        F("aclrtSetDevice", ERR, [P("deviceId", I32, "in")]),
        F(
            "aclrtCreateContext",
            ERR,
            [P("context", T("aclrtContext *", "aclrtContext", 1), "out"), P("deviceId", I32, "in")],
        ),
        F(
            "aclrtMalloc",
            ERR,
            [
                P("devPtr", T("void **", "void", 2), "out"),
                P("size", SIZE, "in"),
                P("policy", T("aclrtMemMallocPolicy"), "in"),
            ],
        ),
        F(
            "aclrtMemcpy",
            ERR,
            [
                P("dst", VOIDP, "in"),
                P("destMax", SIZE, "in"),
                P("src", CVOIDP, "in"),
                P("count", SIZE, "in"),
                P("kind", T("aclrtMemcpyKind"), "in"),
            ],
        ),
        F(
            "aclrtGetMemInfo",
            ERR,
            [
                P("attr", T("aclrtMemcpyKind"), "in"),
                P("free", T("size_t *", "size_t", 1), "out"),
                P("total", T("size_t *", "size_t", 1), "out"),
            ],
        ),
        F("aclrtGetRunMode", ERR, [P("runMode", T("aclrtRunMode *", "aclrtRunMode", 1), "out")]),
        F(
            "aclrtGetVersion",
            ERR,
            [
                P("majorVersion", T("int32_t *", "int32_t", 1)),
                P("minorVersion", T("int32_t *", "int32_t", 1)),
                P("patchVersion", T("int32_t *", "int32_t", 1)),
            ],
        ),
        F(
            "aclrtLaunchCallback",
            ERR,
            [
                P("fn", T("aclrtCallback"), "in"),
                P("userData", VOIDP, "in"),
                P("blockType", U32, "in"),
                P("stream", T("aclrtStream"), "in"),
            ],
        ),
        F("aclrtGetSocName", STR, [], empty_parens=True),
        F("aclrtSynchronizeWithTimeout", ERR, [P("timeout", T("float"), "in"), P("lambda", T("bool"), "in")]),
        F(
            "aclrtUnSubscribeReport",
            ERR,
            [P("threadId", T("uint64_t"), "in"), P("stream", T("aclrtStream"), "in")],
        ),
        F(
            "aclrtReserveSlots",
            ERR,
            [
                P("count", T("uint32_t *", "uint32_t", 1), "inout"),
                P("base", T("void **", "void", 2), "inout"),
            ],
        ),
        F(
            "aclmdlLoadFromFile",
            ERR,
            [P("modelPath", STR, "in"), P("modelId", T("uint32_t *", "uint32_t", 1), "out")],
            header=mdl,
        ),
        F("aclmdlCreateDesc", T("aclmdlDesc *", "struct aclmdlDesc", 1), [], header=mdl),
        F(
            "aclmdlGetNumInputs",
            SIZE,
            [P("modelDesc", T("aclmdlDesc *", "struct aclmdlDesc", 1), "in")],
            header=mdl,
        ),
        F(
            "aclmdlGetInputNameByIndex",
            STR,
            [
                P("modelDesc", T("const aclmdlDesc *", "struct aclmdlDesc", 1, True), "in"),
                P("index", SIZE, "in"),
            ],
            header=mdl,
        ),
        F(
            "aclmdlGetInputDims",
            ERR,
            [
                P("modelDesc", T("const aclmdlDesc *", "struct aclmdlDesc", 1, True), "in"),
                P("index", SIZE, "in"),
                P("dims", T("aclmdlIODims *", "aclmdlIODims", 1), "out"),
            ],
            header=mdl,
        ),
        F(
            "aclmdlGetInputDynamicDims",
            ERR,
            [
                P("modelDesc", T("const aclmdlDesc *", "struct aclmdlDesc", 1, True), "in"),
                P("index", SIZE, "in"),
                P("dims", T("aclmdlIODims *", "aclmdlIODims", 1), "out"),
                P("gearCount", SIZE, "in"),
            ],
            header=mdl,
        ),
        F(
            "aclmdlExecuteOp",
            ERR,
            [
                P("numInputs", T("int")),
                P(
                    "inputDesc",
                    T("const aclTensorDesc *const []", "struct aclTensorDesc", 1, True, dims=(None,)),
                    "in",
                ),
            ],
            header=mdl,
        ),
        F("aclDestroyTensorDesc", VOID, [P("desc", tensor_desc_p, "in")], header=base),
        F(
            "aclAppLog",
            VOID,
            [
                P("logLevel", T("aclLogLevel"), "in"),
                P("func", STR, "in"),
                P("file", STR, "in"),
                P("line", U32, "in"),
                P("fmt", STR, "in"),
            ],
            header=base,
            variadic=True,
        ),
        F(
            "aclprofGetOpType",
            ERR,
            [
                P("opInfo", CVOIDP, "in"),
                P("opInfoLen", SIZE, "in"),
                P("index", U32, "in"),
                P("opType", T("char *", "char", 1), "out"),
                P("opTypeLen", SIZE, "in"),
            ],
            header="acl/acl_prof.h",
        ),
        F("aclprofModelUnSubscribe", ERR, [P("modelId", U32, "in")], header="acl/acl_prof.h"),
        F("hi_mpi_sys_init", T("hi_s32"), [], header=dvpp),
        F(
            "hi_mpi_vpc_fill",
            T("hi_s32"),
            [
                P("chn", T("hi_vpc_chn"), "in"),
                P("pic", T("hi_vpc_pic_info"), "in"),
                P("task_id", T("hi_u32 *", "hi_u32", 1), "out"),
            ],
            header=dvpp,
        ),
        F(
            "hi_mpi_vpc_get_pic",
            T("hi_s32"),
            [P("chn", T("hi_vpc_chn"), "in"), P("pic", T("hi_vpc_pic_info *", "hi_vpc_pic_info", 1), "out")],
            header=dvpp,
        ),
    ]
    api.functions.append(
        F(
            "hi_mpi_vdec_get_stream",
            T("hi_s32"),
            [P("chn", T("hi_s32"), "in"), P("stream", T("hi_vdec_stream *", "hi_vdec_stream", 1), "out")],
            header=dvpp,
        )
    )
    return api


def assert_same_as_golden(name: str, expected: str, got: str) -> None:
    """Fail with a unified diff of the golden text against what was emitted."""
    if got != expected:
        diff = difflib.unified_diff(expected.splitlines(), got.splitlines(), "golden", "emitted", lineterm="")
        raise AssertionError(
            f"{name} differs from its golden file (ACLGEN_UPDATE_GOLDEN=1 to accept):\n" + "\n".join(diff)
        )


def fixture_irregular() -> IrregularTable:
    """A small reviewed table: one hand-written function, one composite helper."""
    return IrregularTable(
        functions={
            "aclmdlGetInputDims": Irregular(
                "dict", "(handle, uint64) -> (dict, ret)", "acl._pyacl.mdl:get_input_dims"
            ),
            "aclprofGetOpType": Irregular(
                "string-buffer",
                "(handle, uint64, uint, uint64) -> (str, ret)",
                args={"opType": "strbuf:opTypeLen"},
                guards=({"param": "opTypeLen", "max": 4096, "returns": ["", 100000]},),
            ),
            # reviewed pyACL shapes the generator emits (aclgen/model/pyshape.py)
            "aclmdlExecuteOp": Irregular("list", args={"inputDesc": "list", "numInputs": "len:inputDesc"}),
            "aclmdlGetInputDynamicDims": Irregular(
                "list",
                args={"dims": "out_list:gearCount"},
                guards=({"param": "gearCount", "max": 4096, "returns": [None, 100000]},),
            ),
            "hi_mpi_vpc_fill": Irregular("dict", args={"pic": "dict"}),
            "hi_mpi_vpc_get_pic": Irregular("dict", keys="snake", on_error="empty"),
            "aclrtGetMemInfo": Irregular("echo-back", echo="attr"),
            "aclmdlLoadFromFile": Irregular("shape", optional=("modelPath",)),
        },
        unions={
            "hi_vpc_pic_info": {"by": "flag", "members": {"HI_VPC_NEG": "stride", "HI_VPC_BIG": "pitch"}}
        },
        extras={
            "prof.get_op_type_v2": Irregular(
                "composite", "(handle, uint64, uint) -> (str, ret)", "acl._pyacl.prof:op_type_v2"
            )
        },
    )


def fixture_plan() -> tuple[Api, BindingPlan]:
    api = fixture_api()
    return api, build_plan(api, NameTable.load(), fixture_irregular())
