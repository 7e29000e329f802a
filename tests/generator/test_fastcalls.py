"""Which wrappers get a CPython C function (aclgen/model/fastcall.py) and what it accepts in C."""

from __future__ import annotations

import pytest
from emit_fixture import REPO

# isort: split
from aclgen.emit.fastcalls import emit_fastcalls, fast_calls
from aclgen.front.parse import parse_tree
from aclgen.model.bindings import build_plan
from aclgen.model.fastcall import SIGNED, UNSIGNED, fast_call


@pytest.fixture(scope="module")
def real_plan():
    return build_plan(parse_tree(REPO / "headers"))


def _by_c_name(plan):
    return {b.c_name: b for b in plan.functions}


def test_numeric_wrappers_get_one_and_the_rest_do_not(real_plan) -> None:
    b = _by_c_name(real_plan)
    fast = {name for name in b if fast_call(b[name], real_plan.facts) is not None}
    # outs and returns that are numbers or handles, inputs that are ints, enums or handles
    assert {"aclrtGetDevice", "aclrtGetMemInfo", "aclrtGetVersion", "aclrtCreateStream",
            "aclrtMalloc"} <= fast
    # bound straight to the cffi shim: the C function skips cffi's generic conversions and errno
    assert b["aclrtSetDevice"].direct and "aclrtSetDevice" in fast
    # a string argument, a struct out, a reviewed shape, hand-written code
    assert "aclrtGetSocName" not in fast and "aclmdlLoadFromFile" not in fast
    assert all(not b[name].shaped and not b[name].hand_written for name in fast)
    assert all(not b[name].fn.variadic for name in fast)
    # an extra-argument-ignoring wrapper over a direct shim has a frame only to drop them
    assert b["aclFinalize"].direct and b["aclFinalize"].ignores_extra_args and "aclFinalize" in fast


def test_argument_ranges_follow_the_c_types(real_plan) -> None:
    b = _by_c_name(real_plan)
    capability = fast_call(b["aclrtGetDeviceCapability"], real_plan.facts)
    assert capability is not None
    device, feature = capability.arguments
    assert (device.low, device.high, device.mask) == (-(2**31), 2**31 - 1, None)  # int32_t
    assert (feature.low, feature.high) == (0, 2**32 - 1)  # an enum without negative members: unsigned int
    timestamp = fast_call(b["aclrtEventGetTimestamp"], real_plan.facts)
    assert timestamp is not None
    assert (timestamp.arguments[0].low, timestamp.arguments[0].high) == (0, 2**64 - 1)  # a handle
    every = [c for calls in fast_calls(real_plan).values() for c in calls]
    masked = [c for c in every if any(a.mask is not None for a in c.arguments)]
    assert masked  # reviewed masks reach the C side, which takes any 64-bit int and masks it
    for call in masked:
        for argument in call.arguments:
            if argument.mask is not None:
                assert (argument.low, argument.high) == (-(2**63), 2**64 - 1)


def test_results_in_pyacl_order_with_the_c_signedness(real_plan) -> None:
    b = _by_c_name(real_plan)
    mem = fast_call(b["aclrtGetMemInfo"], real_plan.facts)
    assert mem is not None
    members = [(r.member, r.kind) for r in mem.results]
    assert members == [("free", UNSIGNED), ("total", UNSIGNED), ("ret", SIGNED)]
    version = fast_call(b["aclrtGetVersion"], real_plan.facts)
    assert version is not None
    assert [r.kind for r in version.results] == [SIGNED, SIGNED, SIGNED, SIGNED]
    stream = fast_call(b["aclrtCreateStream"], real_plan.facts)
    assert stream is not None and [r.kind for r in stream.results] == [UNSIGNED, SIGNED]
    himpi = [c for c in fast_calls(real_plan).get("himpi", []) if c.binding.unsigned_ret]
    # pyACL's himpi functions give the signed hi_s32 return as unsigned 32 bits
    assert himpi and all(c.results[-1].kind == UNSIGNED and c.results[-1].bits == 32 for c in himpi)


def test_every_fast_call_is_in_its_modules_table(real_plan) -> None:
    text = emit_fastcalls(real_plan)
    for module, calls in fast_calls(real_plan).items():
        assert f'{{"{module}", _aclfast_defs_{module}}}' in text
        for call in calls:
            assert f"static PyObject *{call.c_function}(" in text
            assert f'{{"{call.binding.py_name}", (PyCFunction)(void (*)(void)){call.c_function},' in text
            assert f"#ifdef _ACLFFI_KEEPS_GIL_{call.binding.c_name}\n" in text
