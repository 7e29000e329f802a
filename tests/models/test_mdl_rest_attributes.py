"""Model attributes and the part sizes of an offline model file (aclmdlQueryExeOMDesc)."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")
pytest.importorskip("onnxruntime")
pytest.importorskip("onnx")

import numpy as np
import onnx_builders as build
from helpers.runtime_support import check
from mdl_harness import ModelHarness
from test_om_files import om_bytes

import acl

pytestmark = pytest.mark.numpy

ACL_ERROR_INVALID_PARAM = 100000
ACL_ERROR_GE_EXEC_MODEL_ID_INVALID = 145003


def test_priority_is_kept_per_model(harness: ModelHarness) -> None:
    first = harness.load(build.mlp()[0])
    second = harness.load(build.two_in_two_out())
    value = np.zeros(8, dtype=np.uint32)  # aclmdlAttrValue_t: a union of uint32 fields
    value[0] = 5
    ret = acl.mdl.set_attribute(first, acl.ACL_MDL_ATTR_PRIORITY_INT32, value.ctypes.data)
    check(ret, "acl.mdl.set_attribute")
    read, ret = acl.mdl.get_attribute(first, acl.ACL_MDL_ATTR_PRIORITY_INT32)
    check(ret, "acl.mdl.get_attribute")
    assert read["mdlPriority"] == 5
    assert acl.mdl.set_attribute(first, acl.ACL_MDL_ATTR_PRIORITY_INT32, 0) == ACL_ERROR_INVALID_PARAM
    value, ret = acl.mdl.get_attribute(second, acl.ACL_MDL_ATTR_PRIORITY_INT32)
    check(ret, "acl.mdl.get_attribute")
    assert value["mdlPriority"] == 0
    _, ret = acl.mdl.get_attribute(999999, acl.ACL_MDL_ATTR_PRIORITY_INT32)
    assert ret == ACL_ERROR_GE_EXEC_MODEL_ID_INVALID
    _, ret = acl.mdl.get_attribute(first, 7)
    assert ret == ACL_ERROR_INVALID_PARAM


def test_exe_om_desc_sums_the_partitions(harness: ModelHarness) -> None:
    data, _ = build.mlp()
    harness.write(data, "sized.onnx")
    om_path = harness.write(om_bytes("sized", ((0, b"d" * 11), (1, b"w" * 40), (2, b"t" * 5), (3, b"k" * 3),
                                               (4, b"c" * 2))), "sized.om")
    desc, ret = acl.mdl.query_exe_om_desc(om_path)
    check(ret, "acl.mdl.query_exe_om_desc")
    assert desc["workSize"] == 4 * (2 * 8 + 2 * 4)
    parts = (desc["modelDescSize"], desc["weightSize"], desc["staticTaskSize"], desc["kernelSize"])
    assert parts == (11, 40, 5, 5)
    onnx_desc, ret = acl.mdl.query_exe_om_desc(harness.write(data, "plain.onnx"))
    check(ret, "acl.mdl.query_exe_om_desc")
    assert onnx_desc["weightSize"] == len(data) and onnx_desc["modelDescSize"] == 0
    _, ret = acl.mdl.query_exe_om_desc(om_path + ".gone")
    assert ret != 0
