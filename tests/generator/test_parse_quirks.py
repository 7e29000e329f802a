"""The facts each quirk fixture must yield, stated one by one (the golden files hold the rest)."""

from __future__ import annotations

from functools import cache

from emit_fixture import REPO  # puts tools/ on sys.path

# isort: split
from aclgen.front.cxx_headers import cxx_reason
from aclgen.front.parse import parse_tree
from aclgen.model import ir

FIXTURES = REPO / "tests" / "generator" / "fixtures"


@cache
def api(name: str) -> ir.Api:
    return parse_tree(FIXTURES / name / "include")


def function(api_: ir.Api, name: str) -> ir.Function:
    return next(f for f in api_.functions if f.name == name)


def param_types(api_: ir.Api, name: str) -> dict[str, str]:
    return {p.name: p.type.text for p in function(api_, name).params}


def directions(api_: ir.Api, name: str) -> dict[str, object]:
    return {p.name: p.direction for p in function(api_, name).params}


def record(api_: ir.Api, name: str) -> ir.Record:
    return next(r for r in api_.records if name in (r.tag, r.typedef_name))


def fields(api_: ir.Api, name: str) -> dict[str, ir.Field]:
    return {str(f.name): f for f in record(api_, name).fields or []}


def test_bare_enum_tag_gets_a_typedef_and_works_as_a_type() -> None:
    a = api("bare_enum_tag")
    assert a.typedef("wgtMode").type.text == "enum wgtMode"
    assert a.typedef("wgtShape").type.text == "struct wgtShape"
    assert function(a, "wgtGetMode").return_type.text == "wgtMode"
    assert param_types(a, "wgtGetMode") == {"previous": "const wgtMode *", "shape": "wgtShape *"}
    assert a.typedef("wgtColour") is None  # its tag is only ever written with `enum`
    assert a.order.index("enum wgtMode") < a.order.index("typedef wgtMode")


def test_identical_redeclarations_are_kept_once_and_conflicts_reported() -> None:
    a = api("duplicate_typedef")
    assert [t.name for t in a.typedefs].count("dupError") == 1
    assert [r.typedef_name for r in a.records].count("dupPoint") == 1
    assert [f.name for f in a.functions].count("dupFirst") == 1
    assert a.typedef("dupClash").type.text == "int32_t"
    clash = [s for s in a.skipped if s.name == "dupClash"]
    assert [(s.kind, s.header, s.line) for s in clash] == [("typedef", "acl/second.h", 8)]


def test_enum_values_are_exact_integers() -> None:
    a = api("enum_values")
    members = dict(next(e for e in a.enums if e.typedef_name == "evCode").members)
    assert members["EV_NEGATIVE"] == -5 and members["EV_NEXT"] == -4
    assert members["EV_BIG"] == 0x80000000
    assert members["EV_CAST"] == -0x7FFFFFFF
    assert members["EV_UNSIGNED_CAST"] == 0xFFFFFFFF
    assert members["EV_FROM_MACRO"] == 0x1002 and members["EV_REF"] == 32 and members["EV_CHAR"] == 65
    flags = dict(next(e for e in a.enums if e.tag == "evFlags").members)
    assert flags == {"EV_FLAG_A": 1, "EV_FLAG_B": 2, "EV_FLAG_AB": 3}


def test_static_consts_become_constants() -> None:
    constants = {c.name: c for c in api("static_const").constants}
    assert {c.origin for c in constants.values()} == {"static_const"}
    assert (constants["SC_ERROR_PARAM"].value, constants["SC_ERROR_PARAM"].c_type) == (100000, "int")
    assert (constants["SC_ERROR_NEG"].value, constants["SC_ERROR_NEG"].c_type) == (-1, "int")
    assert (constants["SC_WRAPPED"].value, constants["SC_WRAPPED"].c_type) == (0xFFFFFFFE, "unsigned int")
    assert constants["SC_DERIVED"].value == 100007


def test_empty_parens_and_variadic() -> None:
    a = api("prototypes")
    assert function(a, "ptFinalize").empty_parens and not function(a, "ptInit").empty_parens
    assert function(a, "ptInit").params == []
    log = function(a, "ptAppLog")
    assert log.variadic and [p.name for p in log.params] == ["level", "func", "file", "line", "fmt"]
    assert function(a, "ptTable").return_type == ir.TypeRef("void **", "void", pointers=2)


def test_array_struct_and_function_pointer_parameters() -> None:
    a = api("parameters")
    arrays = {p.name: p.type for p in function(a, "prUseArrays").params}
    assert arrays["inputDesc"] == ir.TypeRef(
        "const prTensorDesc *const []", "prTensorDesc", pointers=1, const_pointee=True, array_dims=(None,)
    )
    assert arrays["range"] == ir.TypeRef("int64_t [][2]", "int64_t", array_dims=(None, 2))
    assert arrays["key"].array_dims == (16,)
    assert param_types(a, "prScale") == {"size": "prSize", "chunk": "struct prChunk"}
    launch = {p.name: p.type for p in function(a, "prLaunch").params}
    assert launch["fn"] == ir.TypeRef("void (*const)(void *)", "void", pointers=1, function=True)
    assert launch["onChunk"].text == "int32_t (*const)(const prChunk *, int32_t)"
    assert param_types(a, "prRegister") == {
        "cb": "prCallback",
        "names": "char *const *",
        "flag": "volatile uint32_t *",
    }
    assert a.typedef("prCallback").type.function


def test_record_members() -> None:
    a = api("records")
    packet = record(a, "rcPacket")
    anonymous = packet.fields[1]
    assert (anonymous.name, anonymous.kind) == (None, "union")
    assert [f.name for f in anonymous.fields] == ["whole", None]
    assert [f.name for f in anonymous.fields[1].fields] == ["low", "high"]
    named = fields(a, "rcPacket")
    assert named["value"].kind == "union" and [f.name for f in named["value"].fields] == ["i", "f"]
    assert named["inner"].type.text == "struct rcInner" and record(a, "rcInner").fields is not None
    assert (named["enabled"].bitfield_width, named["level"].bitfield_width) == (1, 3)
    assert packet.fields[6].name is None and packet.fields[6].bitfield_width == 4
    assert named["dims"].type.array_dims == (8,)
    assert named["grid"].type == ir.TypeRef("int64_t [3][4]", "int64_t", array_dims=(3, 4))
    assert named["payload"].type.array_dims == (None,)
    assert named["notify"].type.text == "void (*)(struct rcPacket *)"
    assert fields(a, "rcList")["items"].type.text == "rcPacket *[2]"
    assert record(a, "rcValue").kind == "union"
    assert a.order.index("struct rcInner") < a.order.index("struct rcPacket")


def test_cplusplus_parts_vanish_bom_and_missing_includes_are_harmless() -> None:
    a = api("cplusplus_bom_stdint")
    assert sorted(f.name for f in a.functions) == ["cxCount", "cxInit"]
    assert param_types(a, "cxCount") == {"mask": "uint64_t", "length": "size_t", "strict": "bool"}
    assert function(a, "cxInit").line == 7
    assert a.typedefs == [] and a.records == []  # nothing of the fake libc leaks in


def test_hi_types_and_dvpp_include_paths() -> None:
    a = api("hi_types")
    assert param_types(a, "hi_mpi_thing_start") == {"chn": "hi_u32", "block": "hi_bool", "arg": "void *"}
    stop = function(a, "hi_mpi_thing_stop")
    assert stop.return_type.text == "void" and stop.params == [] and not stop.empty_parens
    assert function(a, "hi_mpi_media_ready").header == "acl/media/hi_media_thing.h"
    assert [s.reason for s in a.skipped if s.name == "hi_void"] == ["stands for the type void"]


def test_defines_are_evaluated_or_skipped_with_a_reason() -> None:
    a = api("defines")
    constants = {c.name: (c.value, c.c_type) for c in a.constants}
    assert constants["DF_HEX_BIG"] == (0x80000000, "unsigned int")
    assert constants["DF_DEC_BIG"] == (0x80000000, "long")
    assert constants["DF_UL_MIX"] == (2**64 - 1, "unsigned long")
    assert constants["DF_FROM_ENUM"] == (7, "int")
    skipped = {s.name: s.reason for s in a.skipped if s.kind in ("define", "function_macro")}
    assert skipped["DF_STRING"] == "a string"
    assert skipped["DF_SIZEOF"] == skipped["DF_IOCTL"] == "uses sizeof"
    assert "DF_NOT_DEFINED_ANYWHERE" in skipped["DF_UNKNOWN"]
    assert skipped["DF_MAX"] == "function-like macro"
    assert {"DF_FLOAT", "DF_TYPE", "DF_EMPTY"} <= set(skipped)
    assert "DEFS_H" not in skipped and "DEFS_H" not in constants  # include guards are not API
    defined_in_fixture = {
        "DF_" + n for n in ("STRING", "SIZEOF", "IOCTL", "UNKNOWN", "FLOAT", "TYPE", "EMPTY")
    }
    assert defined_in_fixture.isdisjoint(constants)


def test_alignment_deprecation_and_visibility_attributes() -> None:
    a = api("attributes")
    stream = fields(a, "atStream")
    assert {name: f.aligned for name, f in stream.items()} == {
        "len": None,
        "addr": 8,
        "phys": 8,
        "first": 16,
        "plain": None,
    }
    assert stream["addr"].type.text == "uint8_t *"
    assert {f.name: f.deprecated for f in a.functions} == {
        "atBuildSystemExport": False,
        "atCurrent": False,
        "atOld": True,
        "atOlder": True,
    }
    whole = [s for s in a.skipped if s.kind == "attribute"]
    assert [(s.name, s.line) for s in whole] == [("aligned(4)", 24)]


def test_extra_defines_select_the_windows_branch_and_declspec_is_understood() -> None:
    windows = parse_tree(FIXTURES / "attributes" / "include", extra_defines={"_WIN32": "1"})
    assert {f.name: f.deprecated for f in windows.functions} == {
        "atBuildSystemExport": False,
        "atCurrent": False,
        "atOld": True,
        "atOlder": True,
    }
    visibility = next(s for s in windows.skipped if s.name == "AT_FUNC_VISIBILITY")
    assert visibility.line == 7  # the _WIN32 definition


def test_directions_from_doxygen_tags() -> None:
    a = api("directions")
    both = {"desc": "in", "size": "out", "both": "inout", "other": "inout"}
    assert directions(a, "drSuffix") == {**both, "lower": "in"}
    assert directions(a, "drPrefix") == {**both, "undocumented": None}
    assert directions(a, "drTwice") == {
        "buf": "inout",
        "count": "in",
        "name": "out",
        "inferred": "out",
        "size": "in",
    }
    assert directions(a, "drNoComment") == {"value": None}
    assert directions(a, "drAcrossLines") == {"value": "out"}
    assert directions(a, "drSeparated") == {"value": None}
    assert directions(a, "drLineComment") == {"value": "out"}


def test_declaration_order() -> None:
    a = api("order")
    assert a.order == [
        "struct orOpaque",
        "typedef orOpaque",
        "typedef orForwardType",
        "typedef orKind",
        "struct orForward",
        "enum orTag",
        "union orBits",
        "static_const OR_CODE",
        "typedef orBitsAlias",
        "typedef orOuter",
    ]
    assert record(a, "orOpaque").fields is None
    assert record(a, "orForward").line == 8


def test_headers_a_c_parse_cannot_read_are_left_out_with_a_reason() -> None:
    a = api("left_out_headers")
    assert sorted(f.name for f in a.functions) == ["loAfterInline", "loGood"]
    left_out = {s.name: (s.line, s.reason) for s in a.skipped if s.kind == "header"}
    assert left_out == {
        "graph/cxx_types.h": (3, "includes a C++ standard header"),
        "graph/uses_cxx.h": (3, "includes graph/cxx_types.h, which is left out"),
        "acl/missing_quote.h": (3, 'includes "toolchain/not_shipped.h", which is not in the tree'),
        "acl/os_level.h": (3, "includes <errno.h>, which the generator's fake libc does not provide"),
        "acl/os_fragment.h": (1, "included only by headers that are left out"),
    }
    inline = [s for s in a.skipped if s.name == "loInlineHelper"]
    assert [(s.kind, s.line) for s in inline] == [("function", 5)]


def test_cplusplus_conditionals_decide_what_a_c_compiler_sees() -> None:
    guarded = "#ifdef __cplusplus\nnamespace a {}\n#else\nint f(void);\n#endif\n"
    assert cxx_reason(guarded) is None
    inverted = "#ifndef __cplusplus\nint f(void);\n#else\nnamespace a {}\n#endif\n"
    assert cxx_reason(inverted) is None
    exposed = "#ifndef __cplusplus\nnamespace a {}\n#endif\n"
    assert cxx_reason(exposed) == (2, "declares a namespace")
    assert cxx_reason('#define SEP "a::b"\nint f(void); /* std::thing */\n') is None
