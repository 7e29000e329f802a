"""ACL_PROF_ACL_API on the emulator: every binding call from Python is one api record under its C
name, whichever path the call takes: a C function of aclgen/emit/fastcalls.py (CPython), the
Python wrapper it hands an argument it does not take, cffi's own function of a direct binding, an
out-form variant (`_aclinto_`/`_aclpack_`) or a shaped wrapper."""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import numpy as np
import pytest
from helpers.prof_support import ProfRuntime
from helpers.runtime_support import DEVICE_ID, check

import acl

pytestmark = pytest.mark.skipif(
    sys.implementation.name == "pypy",
    reason="API timing is CPython-only: PyPy sends sys.setprofile no event for a call into a cffi function "
    "(docs/profiling.md)",
)


def _api_counts(calls: list[tuple[object, tuple[object, ...]]], out: Path) -> dict[str, int]:
    check(acl.prof.init(str(out)), "prof.init")
    config = acl.prof.create_config([DEVICE_ID], acl.ACL_AICORE_NONE, 0, acl.ACL_PROF_ACL_API)
    assert config, acl.get_recent_err_msg()
    check(acl.prof.start(config), "prof.start")
    try:
        for function, args in calls:
            function(*args)  # type: ignore[operator]
    finally:
        check(acl.prof.stop(config), "prof.stop")
        check(acl.prof.destroy_config(config), "destroy_config")
        check(acl.prof.finalize(), "prof.finalize")
    with open(out / "api_summary.csv", newline="") as f:
        return {r["name"]: int(r["count"]) for r in csv.DictReader(f)}


def test_each_call_is_one_record_under_its_c_name(rt: ProfRuntime, tmp_path: Path) -> None:
    calls: list[tuple[object, tuple[object, ...]]] = [
        (acl.rt.get_device, ()),  # a wrapper with outs: its C function on CPython
        (acl.rt.get_mem_info, (acl.ACL_HBM_MEM,)),
        (acl.rt.get_mem_info, (np.uint32(acl.ACL_HBM_MEM),)),  # not an exact int: the Python wrapper
        (acl.rt.set_device, (DEVICE_ID,)),  # a direct binding: its C function on CPython
        (acl.rt.set_device, (np.int32(DEVICE_ID),)),  # cffi's function
        (acl.rt.get_run_mode, ()),
        (acl.rt.get_run_mode, ("ignored",)),  # pyACL ignores extra arguments: the wrapper drops it
        (acl.get_soc_name, ()),  # a string result: a Python wrapper only
    ]
    counts = _api_counts(calls, tmp_path / "prof")
    assert counts == {
        "aclrtGetDevice": 1,
        "aclrtGetMemInfo": 2,
        "aclrtSetDevice": 2,
        "aclrtGetRunMode": 2,
        "aclrtGetSocName": 1,
        "aclprofStop": 1,  # timed until it stops the collection
    }
    check(acl.rt.reset_device(DEVICE_ID), "reset_device")  # the two set_device calls above
    check(acl.rt.reset_device(DEVICE_ID), "reset_device")


def test_a_refused_call_is_recorded_once_too(rt: ProfRuntime, tmp_path: Path) -> None:
    def refused() -> None:
        with pytest.raises(TypeError):
            acl.rt.get_mem_info("HBM")  # the C function hands it on; the wrapper raises TypeError

    counts = _api_counts([(refused, ()), (acl.rt.get_device, ())], tmp_path / "prof")
    # timed as the binding call it is (ended by its exception), once though two functions saw it
    assert counts == {"aclrtGetMemInfo": 1, "aclrtGetDevice": 1, "aclprofStop": 1}
