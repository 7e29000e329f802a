"""The naming rule plus tools/data/pyacl_names.json against pyACL's method tables."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from emit_fixture import REPO  # puts tools/ on sys.path
from helpers.pyacl_table import pyacl_rows

# isort: split
from aclgen.front.parse import parse_tree
from aclgen.model.naming import NameTable, dotted_module, find_collisions, rule_name, snake_case


@pytest.fixture(scope="module")
def table() -> NameTable:
    return NameTable.load()


@pytest.mark.parametrize(
    ("camel", "snake"),
    [
        ("SetDynamicHWSize", "set_dynamic_hw_size"),
        ("CreateAIPP", "create_aipp"),
        ("SetNMTopNum", "set_nm_top_num"),
        ("ForceIFrame", "force_i_frame"),
        ("SetTensorPlaceMent", "set_tensor_place_ment"),
        ("Memcpy2dAsync", "memcpy2d_async"),
        ("GetCANNVersion", "get_cann_version"),
        ("DeviceGetP2PAtomicCapabilities", "device_get_p2p_atomic_capabilities"),
        ("MemP2PMap", "mem_p2p_map"),
        ("DeviceL2CacheFlush", "device_l2_cache_flush"),
        ("SetH264Vui", "set_h264_vui"),
        ("already_snake", "already_snake"),
    ],
)
def test_snake_case_splits_words_and_acronyms(camel: str, snake: str) -> None:
    assert snake_case(camel) == snake


@pytest.mark.parametrize(
    ("c_name", "expected"),
    [
        ("aclrtSetDevice", ("rt", "set_device")),
        ("aclmdlExecute", ("mdl", "execute")),
        ("aclopCompileAndExecute", ("op", "compile_and_execute")),
        ("aclblasGemmEx", ("blas", "gemm_ex")),
        ("aclfvCreateInitPara", ("fv", "create_init_para")),
        ("aclprofStart", ("prof", "start")),
        ("acltdtCreateChannel", ("tdt", "create_channel")),
        ("acldvppCreatePicDesc", ("media", "dvpp_create_pic_desc")),
        ("aclvdecCreateChannel", ("media", "vdec_create_channel")),
        ("aclvencSendFrame", ("media", "venc_send_frame")),
        ("hi_mpi_vpc_crop", ("himpi", "vpc_crop")),
        ("hi_tde_open", ("himpi", "tde_open")),
        ("acldumpGetPath", ("mdl", "dump_get_path")),
        ("aclsysGetVersionNum", ("top", "get_version_num")),
        ("aclCreateDataBuffer", ("top", "create_data_buffer")),
    ],
)
def test_prefix_picks_module(c_name: str, expected: tuple[str, str]) -> None:
    assert rule_name(c_name) == expected


def test_unknown_prefix_binds_at_top_level_under_the_whole_name() -> None:
    assert rule_name("vendorExtraCall") == ("top", "vendor_extra_call")


def _pyacl_rows() -> list[dict]:
    return [r for r in pyacl_rows() if r["c_function"]]


def test_every_pyacl_row_is_reproduced(table: NameTable) -> None:
    wrong = []
    for row in _pyacl_rows():
        c_name = row["c_function"]
        names = [table.python_name(c_name)] + [(a.module, a.name) for a in table.alias_names(c_name)]
        if row["module"] not in [dotted_module(m) for m, n in names if n == row["name"]]:
            wrong.append((c_name, row["module"], row["name"], names))
    assert wrong == []


def test_every_override_is_needed(table: NameTable) -> None:
    redundant = [c for c, name in table.overrides.items() if rule_name(c) == name]
    assert redundant == []


def test_no_two_c_functions_share_a_python_name(table: NameTable) -> None:
    c_names = [f.name for f in parse_tree(REPO / "headers").functions]
    assert len(c_names) > 1000
    assert find_collisions(c_names, table) == {}


def test_collisions_are_found() -> None:
    table = NameTable({"aclrtFoo": ("rt", "bar")}, {})
    assert find_collisions(["aclrtFoo", "aclrtBar"], table) == {("rt", "bar"): ["aclrtBar", "aclrtFoo"]}


def test_names_file_rejects_unknown_module(tmp_path: Path) -> None:
    bad = tmp_path / "names.json"
    bad.write_text(json.dumps({"overrides": {"aclrtFoo": {"module": "nope", "name": "foo"}}}))
    with pytest.raises(ValueError, match="unknown module"):
        NameTable.load(bad)
