"""aclrtFunctionGetParamCount/Info: parameter lists read from the DWARF of kernels compiled with -g
(shared objects and relocatable objects, DWARF 4 and 5), checked against ctypes' layout of the same
C types; bad indexes, NULL outputs, binaries without debug info, corrupted debug sections."""

from __future__ import annotations

import ctypes
import json
import platform
import struct
from pathlib import Path

import pytest
from helpers.compile_c import compile_c
from helpers.kernel_support import load
from helpers.runtime_support import Runtime, check
from helpers.subproc import describe, run_on_emulator

import acl
from acl import _backend

SOURCE = r"""
#include <stdint.h>
struct triple { int32_t a, b, c; };
union number { float f; int16_t h; };
typedef const float *const_floats;
typedef volatile const int64_t counter;
enum colour { RED, GREEN };

uint32_t many_kernel(char c, short s, int64_t big, double d, void *p, struct triple t, const_floats f,
                     uint8_t small, float x, union number n, counter k, enum colour e,
                     const char *restrict name)
{
    return (uint32_t)(c + s + big + (int64_t)d + (p != 0) + t.a + t.b + t.c + (f != 0) + small + (int)x + n.h
                      + k + e + (name != 0));
}

uint32_t no_params(void) { return 0; }

uint32_t block_kernel(void *args) { return args != 0; }
"""


class Triple(ctypes.Structure):
    _fields_ = [("a", ctypes.c_int32), ("b", ctypes.c_int32), ("c", ctypes.c_int32)]


class Number(ctypes.Union):
    _fields_ = [("f", ctypes.c_float), ("h", ctypes.c_int16)]


class ManyArgs(ctypes.Structure):
    """many_kernel's parameters as a C struct: the independent reference for offsets and sizes."""

    _fields_ = [
        ("c", ctypes.c_char),
        ("s", ctypes.c_short),
        ("big", ctypes.c_int64),
        ("d", ctypes.c_double),
        ("p", ctypes.c_void_p),
        ("t", Triple),
        ("f", ctypes.POINTER(ctypes.c_float)),
        ("small", ctypes.c_uint8),
        ("x", ctypes.c_float),
        ("n", Number),
        ("k", ctypes.c_int64),
        ("e", ctypes.c_int),  # gcc's enum of small values is an unsigned int: same size and alignment
        ("name", ctypes.c_char_p),
    ]


def expected(layout: type[ctypes.Structure]) -> list[tuple[int, int]]:
    return [(getattr(layout, name).offset, getattr(layout, name).size) for name, _ in layout._fields_]


VARIANTS = {  # name: (flags, shared)
    "so-dwarf4": (("-gdwarf-4",), True),
    "so-dwarf5": (("-gdwarf-5",), True),
    "o-dwarf4": (("-gdwarf-4", "-c", "-fPIC"), False),
    "o-dwarf5": (("-gdwarf-5", "-c", "-fPIC"), False),
    "so-dwarf5-O0": (("-gdwarf-5", "-O0"), True),
    "so-dwarf5-64bit": (("-gdwarf-5", "-gdwarf64"), True),  # the 64-bit DWARF format
    "o-dwarf4-64bit": (("-gdwarf-4", "-gdwarf64", "-c", "-fPIC"), False),
    "so-nodebug": (("-g0",), True),
    "so-compressed": (("-g", "-gz"), True),
}
WITHOUT_PARAMETERS = ("so-nodebug", "so-compressed")


@pytest.fixture(scope="module")
def binaries(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("params")
    source = folder / "params.c"
    source.write_text(SOURCE)
    return {
        name: compile_c([source], folder / (f"lib{name}.so" if shared else f"{name}.o"), shared=shared,
                        flags=flags)
        for name, (flags, shared) in VARIANTS.items()
    }


def params(func: int) -> list[tuple[int, int]]:
    count, ret = acl.rt.function_get_param_count(func)
    check(ret, f"function_get_param_count: {acl.get_recent_err_msg()}")
    out = []
    for index in range(count):
        offset, size, ret = acl.rt.function_get_param_info(func, index)
        check(ret, "function_get_param_info")
        out.append((offset, size))
    return out


@pytest.mark.parametrize("variant", [v for v in VARIANTS if v not in WITHOUT_PARAMETERS])
def test_parameters_match_the_c_layout(rt: Runtime, binaries: dict[str, Path], variant: str) -> None:
    handle = load(binaries[variant])
    try:
        func, ret = acl.rt.binary_get_function(handle, "many_kernel")
        check(ret, "binary_get_function")
        assert params(func) == expected(ManyArgs)
        none, ret = acl.rt.binary_get_function(handle, "no_params")
        check(ret, "binary_get_function")
        assert acl.rt.function_get_param_count(none) == (0, acl.ACL_SUCCESS)
        assert acl.rt.function_get_param_info(none, 0)[2] == acl.ACL_ERROR_INVALID_PARAM
        # the code address is a symbol of the same function
        aic, _, ret = acl.rt.get_function_addr(func)
        check(ret, "get_function_addr")
        assert params(aic) == expected(ManyArgs)
        if variant.startswith("so"):  # a CPU function of the same shared object
            cpu, ret = acl.rt.register_cpu_func(handle, "block_kernel", "Block")
            check(ret, "register_cpu_func")
            assert params(cpu) == [(0, ctypes.sizeof(ctypes.c_void_p))]
    finally:
        check(acl.rt.binary_unload(handle), "binary_unload")


def test_bad_index_null_outputs_and_unknown_handles(rt: Runtime, binaries: dict[str, Path]) -> None:
    handle = load(binaries["so-dwarf5"])
    try:
        func, ret = acl.rt.binary_get_function(handle, "many_kernel")
        check(ret, "binary_get_function")
        count = len(ManyArgs._fields_)
        assert acl.rt.function_get_param_info(func, count)[2] == acl.ACL_ERROR_INVALID_PARAM
        assert f"has {count} parameters" in acl.get_recent_err_msg()
        assert acl.rt.function_get_param_info(func, 2**63)[2] == acl.ACL_ERROR_INVALID_PARAM
        # the C functions themselves, for NULL outputs (the Python wrappers always pass them)
        emulator = ctypes.CDLL(_backend.current().libraries[0])
        count_fn, info_fn = emulator.aclrtFunctionGetParamCount, emulator.aclrtFunctionGetParamInfo
        count_fn.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_size_t)]
        info_fn.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t),
                            ctypes.POINTER(ctypes.c_size_t)]
        size = ctypes.c_size_t(0)
        assert count_fn(func, None) == acl.ACL_ERROR_INVALID_PARAM
        assert info_fn(func, 0, None, ctypes.byref(size)) == acl.ACL_ERROR_INVALID_PARAM
        assert info_fn(func, 0, ctypes.byref(size), None) == acl.ACL_ERROR_INVALID_PARAM
        assert count_fn(None, ctypes.byref(size)) == acl.ACL_ERROR_INVALID_PARAM
        assert info_fn(func, 1, ctypes.byref(size), ctypes.byref(size)) == acl.ACL_SUCCESS
        assert size.value == ManyArgs.s.size
        assert acl.rt.function_get_param_count(0xDEAD0)[1] == acl.ACL_ERROR_RT_SYMBOL_NOT_FOUND
    finally:
        check(acl.rt.binary_unload(handle), "binary_unload")
    assert acl.rt.function_get_param_count(func)[1] == acl.ACL_ERROR_RT_SYMBOL_NOT_FOUND  # unloaded


def test_binary_without_debug_info_says_compile_with_g(rt: Runtime, binaries: dict[str, Path]) -> None:
    handle = load(binaries["so-nodebug"])
    try:
        func, ret = acl.rt.binary_get_function(handle, "many_kernel")
        check(ret, "binary_get_function")
        assert acl.rt.function_get_param_count(func)[1] == acl.ACL_ERROR_RT_FEATURE_NOT_SUPPORT
        message = acl.get_recent_err_msg()
        assert "many_kernel" in message and ".debug_info" in message and "-g" in message
        assert acl.rt.function_get_param_info(func, 0)[2] == acl.ACL_ERROR_RT_FEATURE_NOT_SUPPORT
    finally:
        check(acl.rt.binary_unload(handle), "binary_unload")


CXX_SOURCE = r"""
#include <cstdint>
namespace kern {
struct pair { double x; char tag; };
std::uint32_t scale(int count, double &factor, pair p, const pair *q)
{
    return count + (int)factor + p.tag + (q != 0);
}
}
"""


class Pair(ctypes.Structure):
    _fields_ = [("x", ctypes.c_double), ("tag", ctypes.c_char)]


class ScaleArgs(ctypes.Structure):
    _fields_ = [("count", ctypes.c_int), ("factor", ctypes.c_void_p), ("p", Pair), ("q", ctypes.c_void_p)]


def test_cxx_function_found_by_its_linkage_name(rt: Runtime, tmp_path: Path) -> None:
    source = tmp_path / "scale.cpp"
    source.write_text(CXX_SOURCE)
    library = compile_c([source], tmp_path / "libscale.so", shared=True, flags=("-g", "-fPIC"), cxx=True)
    handle = load(library)
    try:
        # Itanium mangling of kern::scale(int, double&, kern::pair, kern::pair const*)
        func, ret = acl.rt.binary_get_function(handle, "_ZN4kern5scaleEiRdNS_4pairEPKS1_")
        check(ret, "binary_get_function")
        assert params(func) == expected(ScaleArgs)
    finally:
        check(acl.rt.binary_unload(handle), "binary_unload")


def test_compressed_debug_sections_say_build_without_gz(rt: Runtime, binaries: dict[str, Path]) -> None:
    handle = load(binaries["so-compressed"])
    try:
        func, ret = acl.rt.binary_get_function(handle, "many_kernel")
        check(ret, "binary_get_function")
        assert acl.rt.function_get_param_count(func)[1] == acl.ACL_ERROR_RT_FEATURE_NOT_SUPPORT
        assert "without -gz" in acl.get_recent_err_msg()
    finally:
        check(acl.rt.binary_unload(handle), "binary_unload")


# ------------------------------------------------------------ corrupted images


def sections(image: bytes) -> dict[str, tuple[int, int, int]]:
    """name -> (header offset, data offset, size) of a little-endian ELF64 image."""
    shoff, = struct.unpack_from("<Q", image, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", image, 0x3A)
    names_at = struct.unpack_from("<Q", image, shoff + shstrndx * shentsize + 0x18)[0]
    out = {}
    for i in range(shnum):
        header = shoff + i * shentsize
        name, = struct.unpack_from("<I", image, header)
        offset, size = struct.unpack_from("<QQ", image, header + 0x18)
        text = image[names_at + name:image.index(b"\0", names_at + name)].decode()
        out[text] = (header, offset, size)
    return out


CORRUPT_CHILD = r"""
import json, os, random
spec = json.loads(os.environ["PARAM_CORRUPTIONS"])
image = open(spec["path"], "rb").read()
cases = spec["cases"]
results = {}
for name, patches in cases.items():
    data = bytearray(image)
    for at, value in patches:
        data[at:at + len(value)] = bytes(value)
    blob = bytes(data)
    handle, ret = acl.rt.binary_load_from_data(acl.util.bytes_to_ptr(blob), len(blob), [])
    ok(ret, "load")
    func, ret = acl.rt.binary_get_function(handle, "many_kernel")
    count, got = acl.rt.function_get_param_count(func) if ret == 0 else (0, ret)
    results[name] = [got, acl.get_recent_err_msg() if got else ""]
    ok(acl.rt.binary_unload(handle), "unload")
rng = random.Random(12)
survived = 0
outcomes = {}
for trial in range(spec["trials"]):  # random bytes over the debug sections: any answer, never a crash
    data = bytearray(image)
    lo, hi = spec["span"]
    for _ in range(rng.randint(1, 8)):
        data[rng.randrange(lo, hi)] = rng.randrange(256)
    blob = bytes(data)
    handle, ret = acl.rt.binary_load_from_data(acl.util.bytes_to_ptr(blob), len(blob), [])
    ok(ret, "load")
    func, ret = acl.rt.binary_get_function(handle, "many_kernel")
    if ret == 0:
        count, ret = acl.rt.function_get_param_count(func)
        outcomes[str(ret)] = outcomes.get(str(ret), 0) + 1
        for index in range(min(count, 64) if ret == 0 else 0):
            acl.rt.function_get_param_info(func, index)
    ok(acl.rt.binary_unload(handle), "unload")
    survived += 1
results["survived"] = survived
results["outcomes"] = outcomes
print(json.dumps(results))
"""


def run_corruptions(path: Path, cases: dict[str, list], trials: int, span: tuple[int, int]) -> dict:
    spec = {"path": str(path), "cases": cases, "trials": trials, "span": span}
    result = run_on_emulator(CORRUPT_CHILD, {"PARAM_CORRUPTIONS": json.dumps(spec)}, timeout=300)
    assert result.returncode == 0, describe(result)
    return json.loads(result.stdout.splitlines()[-1])


@pytest.mark.parametrize("variant", ["so-dwarf4", "o-dwarf5"])
def test_corrupted_debug_sections_are_refused(binaries: dict[str, Path], variant: str) -> None:
    image = binaries[variant].read_bytes()
    found = sections(image)
    info_header, info, info_size = found[".debug_info"]
    abbrev_header, abbrev, abbrev_size = found[".debug_abbrev"]
    cases = {
        "unit_length_past_end": [(info, list(struct.pack("<I", 0xFFFFFF00)))],
        "reserved_unit_length": [(info, list(struct.pack("<I", 0xFFFFFFF5)))],
        "bad_version": [(info + 4, [9, 0])],
        "section_past_file": [(info_header + 0x20, list(struct.pack("<Q", len(image))))],
        "unknown_form": [(abbrev + 3, [0x03, 0x7f])],  # first abbreviation's first attribute: a bogus form
        "truncated_debug_info": [(info_header + 0x20, list(struct.pack("<Q", info_size // 2)))],
        "truncated_debug_abbrev": [(abbrev_header + 0x20, list(struct.pack("<Q", abbrev_size // 2)))],
    }
    if variant.startswith("so"):  # an object file's unit header offsets are relocations, not patched bytes
        at = info + (8 if variant.endswith("5") else 6)
        cases["abbrev_offset_past_end"] = [(at, list(struct.pack("<I", abbrev_size + 100)))]
    results = run_corruptions(binaries[variant], cases, 300, (min(info, abbrev), max(info + info_size,
                                                                                      abbrev + abbrev_size)))
    assert results.pop("survived") == 300
    outcomes = results.pop("outcomes")
    refusals = {str(acl.ACL_ERROR_INVALID_FILE), str(acl.ACL_ERROR_RT_FEATURE_NOT_SUPPORT)}
    assert set(outcomes) <= {"0", *refusals}, outcomes
    # the random bytes reached the parser
    assert outcomes.get(str(acl.ACL_ERROR_INVALID_FILE), 0) > 0, outcomes
    for name, (code, message) in results.items():
        assert code == acl.ACL_ERROR_INVALID_FILE, (name, code, message)
        assert "malformed debug info" in message and "many_kernel" in message, (name, message)
    assert "unknown DWARF attribute form 0x7f" in results["unknown_form"][1]


@pytest.mark.skipif(platform.machine() not in ("x86_64", "AMD64"), reason="rewrites x86-64 relocations")
@pytest.mark.parametrize("variant", ["o-dwarf4", "o-dwarf5"])
def test_aarch64_absolute_relocations_are_applied(
    rt: Runtime, binaries: dict[str, Path], variant: str
) -> None:
    """The object file relabelled as AArch64: R_X86_64_64/_32 become R_AARCH64_ABS64/ABS32 (same effect)."""
    image = bytearray(binaries[variant].read_bytes())
    image[0x12:0x14] = struct.pack("<H", 183)  # EM_AARCH64
    renamed = {1: 257, 10: 258}
    for name, (_, offset, size) in sections(bytes(image)).items():
        for at in range(offset, offset + size, 24) if name.startswith(".rela.debug") else ():
            kind, = struct.unpack_from("<I", image, at + 8)
            image[at + 8:at + 12] = struct.pack("<I", renamed.get(kind, kind))
    patched = binaries[variant].with_name(f"aarch64-{variant}.o")
    patched.write_bytes(bytes(image))
    handle = load(patched)
    try:
        func, ret = acl.rt.binary_get_function(handle, "many_kernel")
        check(ret, "binary_get_function")
        assert params(func) == expected(ManyArgs)
    finally:
        check(acl.rt.binary_unload(handle), "binary_unload")


@pytest.mark.skipif(platform.machine() not in ("x86_64", "AMD64"), reason="patches an x86-64 relocation type")
def test_unsupported_relocation_is_refused(binaries: dict[str, Path]) -> None:
    image = bytearray(binaries["o-dwarf4"].read_bytes())
    _, rela, size = sections(bytes(image))[".rela.debug_info"]
    assert size >= 24
    image[rela + 8:rela + 12] = struct.pack("<I", 2)  # R_X86_64_PC32: relative, not applied
    patched = binaries["o-dwarf4"].with_name("pc32.o")
    patched.write_bytes(bytes(image))
    results = run_corruptions(patched, {"pc32": [(0, [image[0]])]}, 0, (0, 1))
    code, message = results["pc32"]
    assert code == acl.ACL_ERROR_RT_FEATURE_NOT_SUPPORT and "relocation type 2" in message
