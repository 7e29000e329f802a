"""The DWARF reader behind aclrtFunctionGetParamCount/Info on hand-built images: every attribute
form (skipped by its size), DWARF 2 to 5 in the 32- and 64-bit formats, references across units,
concrete instances of abstract subprograms, type loops. Expected layouts come from ctypes."""

from __future__ import annotations

import ctypes
import struct

import pytest
from helpers.dwarf_image import END, Ref, UnitSpec, build_debug, elf_image
from helpers.runtime_support import Runtime, check

import acl

# tags and attributes (DWARF 5, section 7.5)
CU, SUBPROGRAM, PARAM, BASE, POINTER, TYPEDEF = 0x11, 0x2E, 0x05, 0x24, 0x0F, 0x16
CONST, STRUCT, MEMBER, ARRAY, SUBRANGE, ENUM = 0x26, 0x13, 0x0D, 0x01, 0x21, 0x04
VARIABLE, BLOCK, SUBROUTINE_TYPE = 0x34, 0x0B, 0x15
NAME, BYTE_SIZE, TYPE, COUNT, DECLARATION, ORIGIN, STR_OFFSETS_BASE = 0x03, 0x0B, 0x49, 0x37, 0x3C, 0x31, 0x72

STRINGS = [b"", b"short", b"many", b"unused"]
DEBUG_STR = b"\0".join(STRINGS) + b"\0"
STR_AT = {s.decode(): DEBUG_STR.index(s + b"\0") for s in STRINGS}


def str_offsets(offset_size: int) -> tuple[bytes, int]:
    """A DWARF 5 .debug_str_offsets table of every string, and its base (after the header)."""
    entries = b"".join(STR_AT[s.decode()].to_bytes(offset_size, "little") for s in STRINGS)
    if offset_size == 4:
        return struct.pack("<IHH", len(entries) + 4, 5, 0) + entries, 8
    return struct.pack("<IQHH", 0xFFFFFFFF, len(entries) + 4, 5, 0) + entries, 16


def extra_forms() -> list[tuple[int, int, object]]:
    """An attribute of every form, under attribute numbers the reader does not know."""
    values = [
        (0x01, 0x1234), (0x0A, b"ab"), (0x03, b"abc"), (0x04, b"abcd"), (0x09, b"xyz"), (0x18, b"\x9c"),
        (0x0B, 1), (0x05, 2), (0x06, 3), (0x07, 4), (0x1E, 5), (0x0D, -5), (0x0F, 300), (0x0C, 1),
        (0x19, None), (0x08, "skipped"), (0x0E, STR_AT["unused"]), (0x1F, 0), (0x17, 0), (0x10, Ref("int")),
        (0x11, Ref("int")),
        (0x12, Ref("int")), (0x13, Ref("int")), (0x14, Ref("int")), (0x15, Ref("int")), (0x20, 0x1122),
        (0x1C, 1), (0x24, 1), (0x1A, 3), (0x25, 3), (0x26, 3), (0x27, 3), (0x28, 3), (0x1B, 1), (0x29, 1),
        (0x2A, 1), (0x2B, 1), (0x2C, 1), (0x22, 2), (0x23, 3), (0x1D, 0), (0x1F20, 0), (0x1F21, 0),
        (0x1F01, 4), (0x1F02, 5), (0x21, 7), (0x16, (0x0B, 9)),
    ]
    return [(0x2100 + i, form, value) for i, (form, value) in enumerate(values)]


def main_unit(version: int, offset_size: int, base: int) -> UnitSpec:
    return UnitSpec(version, offset_size, [
        ("cu", CU, True, [(STR_OFFSETS_BASE, 0x17, base), (NAME, 0x08, "unit.c")]),
        ("short", BASE, False, [(NAME, 0x0E, STR_AT["short"]), (BYTE_SIZE, 0x0B, 2)]),
        ("int", BASE, False, [(NAME, 0x08, "int"), (BYTE_SIZE, 0x0F, 4)]),
        ("double", BASE, False, [(BYTE_SIZE, 0x0D, 8)]),
        ("char", BASE, False, [(BYTE_SIZE, 0x21, 1)]),
        ("ptr", POINTER, False, [(TYPE, 0x13, Ref("short"))]),  # no size: the unit's address size
        ("triple", STRUCT, True, [(BYTE_SIZE, 0x05, 12)]),
        ("a", MEMBER, False, [(TYPE, 0x15, Ref("int"))]),
        ("b", MEMBER, False, [(TYPE, 0x13, Ref("int"))]),
        ("c", MEMBER, False, [(TYPE, 0x10, Ref("int"))]),
        END,
        ("const_triple", CONST, False, [(TYPE, 0x10, Ref("triple"))]),
        ("triple_t", TYPEDEF, False, [(NAME, 0x08, "triple_t"), (TYPE, 0x12, Ref("const_triple"))]),
        ("doubles", ARRAY, True, [(TYPE, 0x14, Ref("double"))]),
        ("range", SUBRANGE, False, [(COUNT, 0x0B, 3)]),
        END,
        ("colour", ENUM, False, [(BYTE_SIZE, 0x06, 1), (TYPE, 0x13, Ref("char"))]),
        # a declaration with another parameter list comes first: the definition wins
        ("decl", SUBPROGRAM, True, [(NAME, 0x08, "many"), (DECLARATION, 0x19, None)]),
        ("decl_p", PARAM, False, [(TYPE, 0x13, Ref("char"))]),
        END,
        ("fn", SUBPROGRAM, True, [(NAME, 0x25, 2), *extra_forms()]),  # name: strx1 index 2 ("many")
        ("p1", PARAM, False, [(TYPE, 0x15, Ref("short")), (NAME, 0x08, "a")]),
        ("p2", PARAM, False, [(TYPE, 0x13, Ref("ptr"))]),
        ("p3", PARAM, False, [(TYPE, 0x13, Ref("triple_t"))]),
        ("p4", PARAM, False, [(TYPE, 0x13, Ref("doubles"))]),
        ("p5", PARAM, False, [(TYPE, 0x16, (0x13, Ref("colour")))]),  # DW_FORM_indirect
        ("local", VARIABLE, False, [(TYPE, 0x13, Ref("int"))]),  # not a parameter
        ("scope", BLOCK, True, []),
        ("inner", VARIABLE, False, [(TYPE, 0x13, Ref("int"))]),
        END,
        END,
        END,
    ])


class Triple(ctypes.Structure):
    _fields_ = [("a", ctypes.c_int), ("b", ctypes.c_int), ("c", ctypes.c_int)]


class ManyArgs(ctypes.Structure):
    _fields_ = [("a", ctypes.c_short), ("p", ctypes.c_void_p), ("t", Triple), ("d", ctypes.c_double * 3),
                ("e", ctypes.c_uint8)]


def expected(layout: type[ctypes.Structure]) -> list[tuple[int, int]]:
    return [(getattr(layout, name).offset, getattr(layout, name).size) for name, _ in layout._fields_]


def image(units: list[UnitSpec], offset_size: int = 4, functions: tuple[str, ...] = ("many",)) -> bytes:
    info, abbrev = build_debug(units)
    offsets, _ = str_offsets(offset_size)
    return elf_image({".debug_info": info, ".debug_abbrev": abbrev, ".debug_str": DEBUG_STR,
                      ".debug_line_str": b"\0", ".debug_str_offsets": offsets}, list(functions))


def query(data: bytes, name: str = "many") -> tuple[int, list[tuple[int, int]], str]:
    """(error code, parameters, message) of `name` in the image `data`."""
    handle, ret = acl.rt.binary_load_from_data(acl.util.bytes_to_ptr(data), len(data), [])
    check(ret, "binary_load_from_data")
    try:
        func, ret = acl.rt.binary_get_function(handle, name)
        check(ret, "binary_get_function")
        count, ret = acl.rt.function_get_param_count(func)
        if ret != acl.ACL_SUCCESS:
            return ret, [], acl.get_recent_err_msg()
        found = []
        for index in range(count):
            offset, size, ret = acl.rt.function_get_param_info(func, index)
            check(ret, "function_get_param_info")
            found.append((offset, size))
        return acl.ACL_SUCCESS, found, ""
    finally:
        check(acl.rt.binary_unload(handle), "binary_unload")


@pytest.mark.parametrize("version", [2, 3, 4, 5])
@pytest.mark.parametrize("offset_size", [4, 8])
def test_every_form_version_and_offset_size(rt: Runtime, version: int, offset_size: int) -> None:
    _, base = str_offsets(offset_size)
    code, found, message = query(image([main_unit(version, offset_size, base)], offset_size))
    assert code == acl.ACL_SUCCESS, message
    assert found == expected(ManyArgs)


def test_types_in_another_unit(rt: Runtime) -> None:
    types = UnitSpec(4, 4, [("cu1", CU, True, []), ("long", BASE, False, [(BYTE_SIZE, 0x0B, 8)]), END])
    user = UnitSpec(5, 4, [
        ("cu2", CU, True, []),
        ("f", SUBPROGRAM, True, [(NAME, 0x08, "many")]),
        ("x", PARAM, False, [(TYPE, 0x10, Ref("long"))]),  # ref_addr into the first unit
        ("y", PARAM, False, [(TYPE, 0x13, Ref("u8"))]),
        END,
        ("u8", BASE, False, [(BYTE_SIZE, 0x0B, 1)]),
        END,
    ])

    class Args(ctypes.Structure):
        _fields_ = [("x", ctypes.c_int64), ("y", ctypes.c_uint8)]

    code, found, message = query(image([types, user]))
    assert code == acl.ACL_SUCCESS, message
    assert found == expected(Args)


def test_concrete_instance_of_an_abstract_subprogram(rt: Runtime) -> None:
    unit = UnitSpec(5, 4, [
        ("cu", CU, True, []),
        ("u16", BASE, False, [(BYTE_SIZE, 0x0B, 2)]),
        ("f64", BASE, False, [(BYTE_SIZE, 0x0B, 8)]),
        ("abstract", SUBPROGRAM, True, [(NAME, 0x08, "many"), (0x20, 0x0B, 3)]),  # DW_AT_inline
        ("ap1", PARAM, False, [(TYPE, 0x13, Ref("u16"))]),
        ("ap2", PARAM, False, [(TYPE, 0x13, Ref("f64"))]),
        END,
        ("concrete", SUBPROGRAM, True, [(ORIGIN, 0x13, Ref("abstract")), (0x11, 0x01, 0x1000)]),
        ("cp1", PARAM, False, [(ORIGIN, 0x13, Ref("ap1"))]),
        ("cp2", PARAM, False, [(ORIGIN, 0x13, Ref("ap2"))]),
        END,
        END,
    ])

    class Args(ctypes.Structure):
        _fields_ = [("a", ctypes.c_uint16), ("b", ctypes.c_double)]

    code, found, message = query(image([unit]))
    assert code == acl.ACL_SUCCESS, message
    assert found == expected(Args)


def function_with_param_type(*type_dies: tuple) -> bytes:
    unit = UnitSpec(5, 4, [
        ("cu", CU, True, []),
        *type_dies,
        ("f", SUBPROGRAM, True, [(NAME, 0x08, "many")]),
        ("p", PARAM, False, [(TYPE, 0x13, Ref(type_dies[0][0]))]),
        END,
        END,
    ])
    return image([unit])


def test_a_type_loop_is_refused(rt: Runtime) -> None:
    data = function_with_param_type(("loop", TYPEDEF, False, [(TYPE, 0x13, Ref("again"))]),
                                    ("again", CONST, False, [(TYPE, 0x13, Ref("loop"))]))
    code, _, message = query(data)
    assert code == acl.ACL_ERROR_INVALID_FILE and "loops" in message


def test_a_reference_outside_the_section_is_refused(rt: Runtime) -> None:
    data = function_with_param_type(("far", TYPEDEF, False, [(TYPE, 0x10, 1 << 30)]))
    code, _, message = query(data)
    assert code == acl.ACL_ERROR_INVALID_FILE and "outside" in message


def test_a_type_without_a_size_is_refused(rt: Runtime) -> None:
    code, _, message = query(function_with_param_type(("fn_type", SUBROUTINE_TYPE, False, [])))
    assert code == acl.ACL_ERROR_RT_FEATURE_NOT_SUPPORT and "no size" in message


def test_a_function_the_debug_info_does_not_describe(rt: Runtime) -> None:
    data = image([UnitSpec(5, 4, [("cu", CU, True, []), END])], functions=("many", "other"))
    code, _, message = query(data, "other")
    assert code == acl.ACL_ERROR_RT_FEATURE_NOT_SUPPORT and "does not describe" in message and "-g" in message
