"""The exception dump (acldumpGetExceptionInfoPath, acldumpSaveExceptionInfo) and single-op graph dumps
(aclCreateGraphDumpOpt, aclDestroyGraphDumpOpt, aclGenGraphAndDumpForOp): the files they write, read
back in the layouts emulator/dump.c and emulator/op_graph_dump.c document and compared with what
was given. Each case runs in a fresh process: the dump configuration is process-wide."""

from __future__ import annotations

import json
import struct
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from helpers.subproc import RUNTIME_PRELUDE, clean_env

np = pytest.importorskip("numpy")
pytestmark = pytest.mark.numpy

SETUP = """
import json, sys
from acl._backend import ffi, lib
dump_dir, config_path = sys.argv[1], sys.argv[2]

def address(cdata):
    return int(ffi.cast("uintptr_t", cdata))

def exception_dump(scene):
    with open(config_path, "w") as f:
        json.dump({"dump": {"dump_path": dump_dir, "dump_scene": scene}}, f)
    ok(acl.mdl.init_dump(), "init_dump")
    ok(acl.mdl.set_dump(config_path), "set_dump")

def root():
    out = ffi.new("char[4096]")
    ok(acl.mdl.dump_get_exception_info_path(address(out), 4096), "get_exception_info_path")
    return ffi.string(out).decode()
"""


def run_with_args(tmp_path: Path, body: str, head: str = "") -> tuple[int, str, str]:
    """RUNTIME_PRELUDE, SETUP, `head`, `body` in a fresh emulator process (argv: dump dir, config path)."""
    dump_dir = tmp_path / "dumps"
    code = RUNTIME_PRELUDE + textwrap.dedent(SETUP) + textwrap.dedent(head) + textwrap.dedent(body)
    result = subprocess.run(
        [sys.executable, "-c", code, str(dump_dir), str(tmp_path / "acl.json")],
        env=clean_env({"ACL_BACKEND": "emulator"}), cwd=str(tmp_path), capture_output=True, text=True,
        timeout=120, check=False)
    return result.returncode, result.stdout, result.stderr


def read_exception_file(path: Path) -> tuple[dict, bytes]:
    raw = path.read_bytes()
    assert raw[:8] == b"ACLEXCD1"
    (length,) = struct.unpack("<I", raw[8:12])
    return json.loads(raw[12:12 + length]), raw[12 + length:]


def test_saved_exception_info_holds_the_device_bytes(tmp_path: Path) -> None:
    a = np.arange(24, dtype=np.float32).reshape(2, 3, 4) * 0.5
    b = np.arange(-8, 8, dtype=np.int16)
    code, out, err = run_with_args(tmp_path, f"""
        import numpy as np
        a = np.array({a.tolist()}, dtype=np.float32)
        b = np.array({b.tolist()}, dtype=np.int16)
        assert acl.mdl.dump_get_path(acl.AIC_ERR_BRIEF_DUMP) is None  # no exception dump yet
        exception_dump("aic_err_brief_dump")
        assert acl.mdl.dump_get_path(acl.AIC_ERR_BRIEF_DUMP) == dump_dir
        assert acl.mdl.dump_get_path(acl.DATA_DUMP) is None  # the exception scene replaces the data dump
        ptrs = []
        for array in (a, b):
            ptr, ret = acl.rt.malloc(array.nbytes, acl.ACL_MEM_MALLOC_HUGE_FIRST)
            ok(ret, "malloc")
            H2D = acl.ACL_MEMCPY_HOST_TO_DEVICE
            ok(acl.rt.memcpy(ptr, array.nbytes, array.ctypes.data, array.nbytes, H2D), "h2d")
            ptrs.append(ptr)
        tensors = ffi.new("acldumpTensorInfo[2]")
        kinds = (acl.ACL_DUMP_TENSOR_INPUT, acl.ACL_DUMP_TENSOR_OUTPUT)
        for t, ptr, array, kind, dtype in zip(tensors, ptrs, (a, b), kinds, (acl.ACL_FLOAT, acl.ACL_INT16)):
            t.type = kind
            t.tensorSize = array.nbytes
            t.format = acl.ACL_FORMAT_ND
            t.dataType = dtype
            t.tensorAddr = ffi.cast("int64_t *", ptr)
            t.addrType = acl.ACL_DUMP_ADDR_RAW
            t.placement = acl.ACL_DUMP_PLACEMENT_DEVICE
            t.shapeNum = array.ndim
            t.originShapeNum = 1
            t.originShape[0] = array.size
            for i, d in enumerate(array.shape):
                t.shape[i] = d
        ok(acl.mdl.dump_save_exception_info("sub/custom_info", 'tag "one"', address(tensors), 2), "save")
        ok(acl.mdl.dump_save_exception_info("sub/custom_info", None, address(tensors), 1), "save again")
        print(root())
    """)
    assert code == 0, out + err
    root = Path(out.split()[-1])
    assert root == tmp_path / "dumps" / "extra-info" / "data-dump" / "0"
    files = sorted((root / "sub").iterdir())
    assert len(files) == 2, files
    for f in files:
        assert f.name.startswith("custom_info.custom.") and f.name[len("custom_info.custom."):][:17].isdigit()
    headers = [read_exception_file(f) for f in files]
    by_tag = {h["user_tag"]: (h, data) for h, data in headers}
    header, data = by_tag['tag "one"']
    assert header["device"] == 0 and header["file"] in {f.name for f in files}
    first, second = header["tensors"]
    assert (first["type"], first["data_type"], first["shape"]) == ("input", 0, [2, 3, 4])
    assert first["origin_shape"] == [24]
    assert (second["type"], second["data_type"], second["shape"]) == ("output", 6, [16])
    assert second["size"] == b.nbytes
    got = np.frombuffer(data, np.float32, a.size, first["offset"])
    np.testing.assert_array_equal(got.reshape(a.shape), a)
    np.testing.assert_array_equal(np.frombuffer(data, np.int16, b.size, second["offset"]), b)
    assert len(data) == a.nbytes + b.nbytes
    header, data = by_tag[""]
    assert len(header["tensors"]) == 1 and data == a.tobytes()


def test_exception_dump_refusals(tmp_path: Path) -> None:
    code, out, err = run_with_args(tmp_path, """
        INVALID, FAILURE = acl.ACL_ERROR_INVALID_PARAM, acl.ACL_ERROR_FAILURE
        ptr, ret = acl.rt.malloc(64, acl.ACL_MEM_MALLOC_HUGE_FIRST)
        ok(ret, "malloc")
        t = ffi.new("acldumpTensorInfo[1]")
        t[0].type = acl.ACL_DUMP_TENSOR_INPUT
        t[0].tensorSize = 64
        t[0].tensorAddr = ffi.cast("int64_t *", ptr)
        buf = ffi.new("char[4096]")
        path, tensors = address(buf), address(t)
        get_path, save = acl.mdl.dump_get_exception_info_path, acl.mdl.dump_save_exception_info
        codes = [
            (get_path(path, 4096), FAILURE),  # not enabled
            (save("x", "", tensors, 1), FAILURE),
        ]
        exception_dump("aic_err_detail_dump")
        r = root()
        codes += [
            (get_path(path, len(r)), INVALID),  # no room for the NUL
            (get_path(path, len(r) + 1), acl.ACL_SUCCESS),
            (get_path(0, 64), INVALID),
            (get_path(path, 1), INVALID),
            (save(None, "", tensors, 1), INVALID),
            (save("", "", tensors, 1), INVALID),
            (save("a/../../b", "", tensors, 1), INVALID),
            (save("/etc/x", "", tensors, 1), INVALID),
            (save("x", "", 0, 1), INVALID),
            (save("x", "", tensors, 0), INVALID),
        ]
        t[0].tensorSize = 65  # past the allocation
        codes.append((save("x", "", tensors, 1), INVALID))
        t[0].tensorSize = 64
        t[0].addrType = acl.ACL_DUMP_ADDR_PTR
        codes.append((save("x", "", tensors, 1), INVALID))
        t[0].addrType = acl.ACL_DUMP_ADDR_RAW
        t[0].placement = acl.ACL_DUMP_PLACEMENT_HOST
        codes.append((save("x", "", tensors, 1), INVALID))
        t[0].placement = acl.ACL_DUMP_PLACEMENT_DEVICE
        t[0].shapeNum = 26
        codes.append((save("x", "", tensors, 1), INVALID))
        t[0].shapeNum = 0
        t[0].tensorAddr = ffi.cast("int64_t *", 0x1000)  # not device memory
        codes.append((save("x", "", tensors, 1), INVALID))
        assert [got for got, _ in codes] == [want for _, want in codes], codes
        with open(config_path, "w") as f:
            json.dump({"dump": {"dump_path": dump_dir, "dump_scene": "aic_err_everything"}}, f)
        assert acl.mdl.set_dump(config_path) == acl.ACL_ERROR_INVALID_DUMP_CONFIG
        ok(acl.mdl.finalize_dump(), "finalize_dump")
        assert get_path(path, 4096) == FAILURE  # off again
        print("done")
    """)
    assert code == 0, out + err
    assert out.split()[-1] == "done"
    assert not (tmp_path / "dumps" / "extra-info" / "data-dump" / "0" / "x").exists()


GRAPH = """
def desc(dtype, dims):
    d = acl.create_tensor_desc(dtype, dims, acl.ACL_FORMAT_ND)
    assert d
    return d

ins = [desc(acl.ACL_FLOAT, [2, 3]), desc(acl.ACL_FLOAT, [2, 3])]
outs = [desc(acl.ACL_FLOAT, [2, 3])]
ptr, ret = acl.rt.malloc(24, acl.ACL_MEM_MALLOC_HUGE_FIRST)
ok(ret, "malloc")
buf = acl.create_data_buffer(ptr, 24)
keep = [ffi.new("uintptr_t[]", ins), ffi.new("uintptr_t[]", outs), ffi.new("uintptr_t[]", [buf, 0])]
in_descs, out_descs, in_bufs = (address(k) for k in keep)
attr = acl.op.create_attr()
ok(acl.op.set_attr_int(attr, "axis", -1), "int")
ok(acl.op.set_attr_float(attr, "alpha", 0.25), "float")
ok(acl.op.set_attr_bool(attr, "flag", True), "bool")
ok(acl.op.set_attr_string(attr, "mode", 'say "hi"'), "string")
ok(acl.op.set_attr_list_int(attr, "perm", [1, 0]), "list int")
opt = acl.create_graph_dump_opt()
assert opt
gen = acl.gen_graph_and_dump_for_op
"""


def test_graph_dump_describes_the_op(tmp_path: Path) -> None:
    code, out, err = run_with_args(tmp_path, head=GRAPH, body="""
        target = dump_dir + "/graphs/"
        ok(gen("Add", 2, in_descs, in_bufs, 1, out_descs, 0, attr, acl.ACL_ENGINE_SYS, target, opt),
           "gen graph (directory)")
        one = dump_dir + "/one/add.json"
        ok(gen("Add", 2, in_descs, 0, 1, out_descs, 0, 0, acl.ACL_ENGINE_VECTOR, one, 0), "gen graph (file)")
        ok(acl.destroy_graph_dump_opt(opt), "destroy")
        print("done")
    """)
    assert code == 0, out + err
    graph = json.loads((tmp_path / "dumps" / "graphs" / "Add_graph.json").read_text())
    assert graph["op_type"] == "Add" and graph["engine"] == "sys" and graph["graph"] == "Add_graph"
    data0, data1, op, net = graph["nodes"]
    assert (data0["type"], data0["index"], data1["index"]) == ("Data", 0, 1)
    assert data0["output_desc"] == [{"data_type": 0, "format": 2, "shape": [2, 3], "buffer_size": 24}]
    assert data1["output_desc"][0]["buffer_size"] is None
    assert op["type"] == "Add" and op["inputs"] == ["input_0:0", "input_1:0"]
    assert op["attrs"] == {"axis": -1, "alpha": 0.25, "flag": True, "mode": 'say "hi"', "perm": [1, 0]}
    assert [d["shape"] for d in op["input_desc"] + op["output_desc"]] == [[2, 3]] * 3
    assert net == {"name": "NetOutput", "type": "NetOutput", "inputs": [op["name"] + ":0"]}
    second = json.loads((tmp_path / "dumps" / "one" / "add.json").read_text())
    assert second["engine"] == "vector" and second["nodes"][2]["attrs"] == {}


def test_graph_dump_refusals(tmp_path: Path) -> None:
    code, out, err = run_with_args(tmp_path, head=GRAPH, body="""
        INVALID = acl.ACL_ERROR_INVALID_PARAM
        SYS = acl.ACL_ENGINE_SYS
        path = dump_dir + "/g.json"
        garbage = ffi.new("uintptr_t[]", [0x2000, 0])
        garbage_bufs = address(garbage)
        compiled = lib.aclopCompile(b"Add", 1, in_descs, 1, out_descs, 0, SYS, acl.ACL_COMPILE_SYS, ffi.NULL)
        codes = [
            (gen("NoSuchOp", 2, in_descs, 0, 1, out_descs, 0, 0, SYS, path, opt), acl.ACL_ERROR_OP_NOT_FOUND),
            (gen("Add", 1, in_descs, 0, 1, out_descs, 0, 0, SYS, path, opt), compiled),  # as compile says
            (gen(None, 2, in_descs, 0, 1, out_descs, 0, 0, SYS, path, opt), INVALID),
            (gen("Add", 2, in_descs, 0, 1, out_descs, 0, 0, SYS, None, opt), INVALID),
            (gen("Add", 2, in_descs, 0, 1, out_descs, 0, 0, SYS, "", opt), INVALID),
            (gen("Add", 2, in_descs, 0, 1, out_descs, 0, 0, 9, path, opt), INVALID),
            (gen("Add", 2, in_descs, 0, 1, out_descs, 0, 0, SYS, path, 0x1000), INVALID),
            (gen("Add", 2, in_descs, garbage_bufs, 1, out_descs, 0, 0, SYS, path, opt), INVALID),
            (gen("Add", 2, in_descs, 0, 1, out_descs, 0, 0x3000, SYS, path, opt), INVALID),
            (acl.destroy_graph_dump_opt(0), INVALID),
            (acl.destroy_graph_dump_opt(0x1000), INVALID),
            (acl.destroy_graph_dump_opt(opt), acl.ACL_SUCCESS),
            (acl.destroy_graph_dump_opt(opt), INVALID),  # twice
        ]
        assert compiled != acl.ACL_SUCCESS
        assert [got for got, _ in codes] == [want for _, want in codes], codes
        print("done")
    """)
    assert code == 0, out + err
    assert out.split()[-1] == "done"
    assert not (tmp_path / "dumps" / "g.json").exists()
