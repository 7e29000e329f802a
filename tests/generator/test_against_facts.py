"""parse_tree(headers/) against the API facts: every function, enum, record and constant."""

from __future__ import annotations

import json
import re
import time
from typing import Any, Optional

import pytest
from emit_fixture import REPO  # puts tools/ on sys.path

# isort: split
from aclgen import ir
from aclgen.doctags import SourceComments
from aclgen.parse import parse_tree

FACTS = REPO.parent / "shared" / "api" / "ascendcl-api.json"
HEADERS = REPO / "headers"


@pytest.fixture(scope="module")
def facts() -> dict[str, Any]:
    return json.loads(FACTS.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def parsed() -> tuple[ir.Api, float]:
    start = time.perf_counter()
    api = parse_tree(HEADERS)
    return api, time.perf_counter() - start


def report(kind: str, diffs: list[str]) -> None:
    for line in diffs[:200]:
        print(f"{kind}: {line}")
    assert not diffs, f"{len(diffs)} {kind} differences (printed above)"


def _inferred_tag(api_header_text: str, line: int, param: str) -> bool:
    comment = SourceComments(api_header_text).comment_above(line) or ""
    pattern = rf"@param\b[^\n]*\b{re.escape(param)}\b[^\n]*\(inferred\)"
    return re.search(pattern, comment, re.IGNORECASE) is not None


def test_functions(facts: dict[str, Any], parsed: tuple[ir.Api, float]) -> None:
    api, _ = parsed
    functions = {f.name: f for f in api.functions}
    sources: dict[str, str] = {}
    diffs: list[str] = []
    for module in facts["modules"].values():
        for expected in module["functions"]:
            name = expected["name"]
            got = functions.get(name)
            if got is None:
                diffs.append(f"{name}: missing")
                continue
            if got.return_type.text != expected["return_type_expanded"]:
                diffs.append(
                    f"{name}: returns {got.return_type.text!r}, facts {expected['return_type_expanded']!r}"
                )
            for flag in ("variadic", "deprecated", "empty_parens"):
                if getattr(got, flag) != expected[flag]:
                    diffs.append(f"{name}: {flag} {getattr(got, flag)}, facts {expected[flag]}")
            got_names = [p.name for p in got.params]
            expected_names = [p["name"] for p in expected["params"]]
            if got_names != expected_names:
                diffs.append(f"{name}: parameters {got_names}, facts {expected_names}")
                continue
            for param, fact in zip(got.params, expected["params"]):
                if param.type.text != fact["type_expanded"]:
                    diffs.append(
                        f"{name}({param.name}): type {param.type.text!r}, facts {fact['type_expanded']!r}"
                    )
                if param.direction == fact["direction"]:
                    continue
                if fact["direction"] is None and param.direction is not None:
                    text = sources.setdefault(got.header, (HEADERS / got.header).read_text(encoding="utf-8"))
                    if _inferred_tag(text, got.line, param.name):
                        continue
                diffs.append(f"{name}({param.name}): direction {param.direction}, facts {fact['direction']}")
    report("function", diffs)


def _enum_key(tag: Optional[str], typedef_name: Optional[str]) -> str:
    return tag or typedef_name or ""


def test_enums(facts: dict[str, Any], parsed: tuple[ir.Api, float]) -> None:
    api, _ = parsed
    enums = {_enum_key(e.tag, e.typedef_name): e for e in api.enums}
    diffs: list[str] = []
    for expected in facts["types"]["enums"]:
        key = _enum_key(expected["name"], expected["typedef_name"])
        got = enums.get(key)
        if got is None:
            diffs.append(f"{key}: missing")
        elif [list(m) for m in got.members] != expected["members"]:
            diffs.append(f"{key}: members {got.members}, facts {expected['members']}")
    report("enum", diffs)


def _field_type_text(field: ir.Field) -> str:
    """The facts write a field's type without its array dimensions."""
    text = field.type.text
    return text[: text.index("[")].rstrip() if field.type.array_dims else text


def _compare_fields(
    path: str, got: Optional[list[ir.Field]], expected: Optional[list[dict]], diffs: list[str]
) -> None:
    if got is None or expected is None:
        if (got is None) != (expected is None):
            diffs.append(f"{path}: fields {'absent' if got is None else 'present'} here, not in the facts")
        return
    got_names = [f.name for f in got]
    expected_names = [f["name"] for f in expected]
    if got_names != expected_names:
        diffs.append(f"{path}: fields {got_names}, facts {expected_names}")
        return
    for field, fact in zip(got, expected):
        where = f"{path}.{field.name}"
        dims = list(field.type.array_dims) or None
        if dims != fact["array_dims"]:
            diffs.append(f"{where}: dims {dims}, facts {fact['array_dims']}")
        if field.bitfield_width != fact["bitfield_width"]:
            diffs.append(f"{where}: bit-field width {field.bitfield_width}, facts {fact['bitfield_width']}")
        aligned = [a for a in fact.get("attributes", []) if a.startswith("aligned")]
        expected_aligned = int(aligned[0][len("aligned(") : -1]) if aligned else None
        if field.aligned != expected_aligned:
            diffs.append(f"{where}: aligned {field.aligned}, facts {expected_aligned}")
        if fact.get("kind"):
            if field.kind != fact["kind"]:
                diffs.append(f"{where}: kind {field.kind}, facts {fact['kind']}")
            _compare_fields(where, field.fields, fact["fields"], diffs)
        elif _field_type_text(field) != fact["type_expanded"]:
            diffs.append(f"{where}: type {_field_type_text(field)!r}, facts {fact['type_expanded']!r}")


def test_records(facts: dict[str, Any], parsed: tuple[ir.Api, float]) -> None:
    api, _ = parsed
    records = {(r.tag or r.typedef_name): r for r in api.records}
    diffs: list[str] = []
    for expected in facts["types"]["structs"]:
        key = expected["name"] or expected["typedef_name"]
        got = records.get(key)
        if got is None:
            diffs.append(f"{key}: missing")
            continue
        if got.kind != expected["kind"]:
            diffs.append(f"{key}: kind {got.kind}, facts {expected['kind']}")
        _compare_fields(key, got.fields, expected["fields"], diffs)
    report("record", diffs)


def test_typedefs(facts: dict[str, Any], parsed: tuple[ir.Api, float]) -> None:
    api, _ = parsed
    typedefs = {t.name: t for t in api.typedefs}
    inline_names = {r.typedef_name for r in api.records} | {e.typedef_name for e in api.enums}
    diffs: list[str] = []
    for expected in facts["types"]["typedefs"]:
        got = typedefs.get(expected["name"])
        if got is None:
            if expected["name"] not in inline_names:
                diffs.append(f"{expected['name']}: missing")
        elif got.type.text != expected["type_expanded"]:
            diffs.append(f"{expected['name']}: {got.type.text!r}, facts {expected['type_expanded']!r}")
    report("typedef", diffs)


def test_constants(facts: dict[str, Any], parsed: tuple[ir.Api, float]) -> None:
    api, _ = parsed
    constants = {c.name: c for c in api.constants}
    skipped = {s.name: s for s in api.skipped}
    diffs: list[str] = []
    for origin, table in (("define", "defines"), ("static_const", "static_consts")):
        for expected in facts["constants"][table]:
            got = constants.get(expected["name"])
            if got is None:
                why = skipped[expected["name"]].reason if expected["name"] in skipped else "absent"
                diffs.append(f"{expected['name']}: missing ({why})")
            elif (got.value, got.c_type, got.origin) != (expected["value"], expected["c_type"], origin):
                diffs.append(
                    f"{got.name}: {got.value} {got.c_type} {got.origin}, "
                    f"facts {expected['value']} {expected['c_type']} {origin}"
                )
    for unevaluated in facts["constants"]["defines_unevaluated"]:
        if unevaluated["name"] in constants:
            diffs.append(f"{unevaluated['name']}: evaluated, but the facts say it is not an integer constant")
        elif unevaluated["name"] not in skipped:
            diffs.append(f"{unevaluated['name']}: neither a constant nor reported as skipped")
    report("constant", diffs)
