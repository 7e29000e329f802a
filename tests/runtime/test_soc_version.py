"""ACL_EMU_SOC_VERSION: the emulated SoC's name and NPU arch, agreeing across aclrtGetSocName,
aclrtGetDeviceInfo(ACL_DEV_ATTR_NPU_ARCH) and the platform queries; read once by aclInit."""

from __future__ import annotations

import json

import pytest
from helpers.subproc import describe, run_python

import acl

# Written from Huawei's public Ascend C documentation (the __NPU_ARCH__ table per product family),
# independently of the emulator's table: one or two SoC names of each family.
DOCUMENTED_ARCH = {
    "Ascend910A": 1001,       # Atlas training series
    "Ascend310P3": 2002,      # Atlas inference series
    "Ascend910B2": 2201,      # Atlas A2 series
    "Ascend910B4-1": 2201,
    "Ascend910_9391": 2201,   # Atlas A3 series
    "Ascend310B1": 3002,      # Atlas 200I/500 A2
    "Ascend950PR": 3510,      # Ascend 950
}

QUERY = """
import json, os, sys
import acl
from acl._backend import ffi

def platform(kind):
    out = ffi.new("char[64]")
    ret = acl.platform_get_device_info(kind, int(ffi.cast("uintptr_t", out)), 64)
    return ffi.string(out).decode(), ret

def snapshot():
    return {
        "name": acl.get_soc_name(),
        "arch": acl.rt.get_device_info(0, acl.ACL_DEV_ATTR_NPU_ARCH),
        "platform_arch": platform(acl.ACL_PLATFORM_NPU_ARCH),
        "platform_soc": platform(acl.ACL_PLATFORM_SOC_VERSION),
    }

results = []
for wanted in sys.argv[1:]:
    os.environ["ACL_EMU_SOC_VERSION"] = wanted
    ret = acl.init()
    entry = {"wanted": wanted, "init": ret}
    if ret == acl.ACL_SUCCESS:
        os.environ["ACL_EMU_SOC_VERSION"] = "Ascend310P1"  # read once: a later change is not seen
        entry.update(snapshot())
        entry["compatible"] = acl.rt.check_arch_compatibility(entry["name"])
        acl.finalize()
    else:
        entry["message"] = acl.get_recent_err_msg()
    results.append(entry)
print(json.dumps(results))
"""


def run_socs(*names: str) -> list[dict]:
    result = run_python(QUERY, {"ACL_BACKEND": "emulator"}, args=names)
    assert result.returncode == 0, describe(result)
    return json.loads(result.stdout.splitlines()[-1])


def test_named_socs_agree_everywhere() -> None:
    names = sorted(DOCUMENTED_ARCH)
    for entry, name in zip(run_socs(*names), names):
        arch = DOCUMENTED_ARCH[name]
        assert entry["init"] == acl.ACL_SUCCESS, entry
        assert entry["name"] == name
        assert entry["arch"] == [arch, acl.ACL_SUCCESS]
        assert entry["platform_arch"] == [str(arch), acl.ACL_SUCCESS]
        assert entry["platform_soc"] == [name, acl.ACL_SUCCESS]
        assert entry["compatible"] == [1, acl.ACL_SUCCESS]


def test_default_is_the_emulator_with_arch_zero() -> None:
    (entry,) = run_socs("")
    assert entry["init"] == acl.ACL_SUCCESS, entry
    assert entry["name"] == "Ascend-Emulator"
    assert entry["arch"] == [0, acl.ACL_SUCCESS]
    assert entry["platform_arch"] == ["0", acl.ACL_SUCCESS]
    assert entry["platform_soc"] == ["Ascend-Emulator", acl.ACL_SUCCESS]


def test_names_match_without_case_and_report_the_canonical_spelling() -> None:
    (entry,) = run_socs("ascend910b3")
    assert entry["init"] == acl.ACL_SUCCESS, entry
    assert (entry["name"], entry["arch"][0]) == ("Ascend910B3", 2201)


@pytest.mark.parametrize("name", ["Ascend999", "Ascend910B", "Ascend-Emulator2", "x" * 300])
def test_unknown_soc_refused_at_init(name: str) -> None:
    refused, after = run_socs(name, "Ascend310B4")
    assert refused["init"] == acl.ACL_ERROR_INVALID_PARAM
    assert "ACL_EMU_SOC_VERSION" in refused["message"] and "Ascend910B1" in refused["message"]
    assert after["init"] == acl.ACL_SUCCESS  # a refused init leaves the runtime uninitialised, not broken
    assert (after["name"], after["arch"][0]) == ("Ascend310B4", 3002)


def test_chosen_soc_is_read_once_per_init() -> None:
    first, second = run_socs("Ascend910B1", "")
    # each snapshot was taken after the variable changed to Ascend310P1: the init's choice held
    assert (first["name"], first["arch"][0]) == ("Ascend910B1", 2201)
    assert (second["name"], second["arch"][0]) == ("Ascend-Emulator", 0)


def test_readers_racing_repeated_inits_see_whole_choices() -> None:
    result = run_python(
        """
        import json, os, sys, threading
        import acl

        sys.setswitchinterval(1e-5)  # let the readers interleave with the inits
        names = ["Ascend910B1", "Ascend310P3"]
        seen, stop = set(), threading.Event()

        def reader():
            while not stop.is_set():
                seen.add(acl.get_soc_name())

        threads = [threading.Thread(target=reader) for _ in range(3)]
        for thread in threads:
            thread.start()
        codes = []
        for cycle in range(40):
            os.environ["ACL_EMU_SOC_VERSION"] = names[cycle % 2]
            codes.append(acl.init())
            codes.append(acl.finalize())
        stop.set()
        for thread in threads:
            thread.join()
        final = acl.get_soc_name()  # the last init's choice outlives its aclFinalize
        print(json.dumps({"seen": sorted(seen), "codes": sorted(set(codes)), "final": final}))
        """,
        {"ACL_BACKEND": "emulator"},
    )
    assert result.returncode == 0, describe(result)
    answer = json.loads(result.stdout.splitlines()[-1])
    assert answer["codes"] == [acl.ACL_SUCCESS]
    assert set(answer["seen"]) <= {"Ascend-Emulator", "Ascend910B1", "Ascend310P3"}
    assert answer["final"] == "Ascend310P3"
