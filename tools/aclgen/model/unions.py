"""Unions chosen by a discriminator field of the enclosing struct (reviewed in irregular.json `unions`).

pyACL fills and reports only the union member the discriminator names (`rc_mode`, `gop_mode`,
`mod_type`, the payload `type`); a dict holding several members (one read back from C) would
otherwise be filled member after member, the last one overwriting the others.
A member is named by the discriminator's enum constant: the constant minus `prefix`, lowercased,
plus `suffix` (HI_VENC_RC_MODE_H264_CBR -> h264_cbr), or explicitly in `members`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from aclgen.model.ir import Api, Record


@dataclass(frozen=True)
class UnionChoice:
    by: str  # the discriminator field of the struct
    members: dict[int, str]  # discriminator value -> union member name
    names: tuple[str, ...]  # every member of the union


def union_members(record: Record) -> tuple[str, ...]:
    """Members of the record's anonymous inline union."""
    for fld in record.fields or []:
        if fld.fields is not None and fld.name is None and fld.kind == "union":
            return tuple(m.name for m in fld.fields if m.name)
    return ()


def resolve_unions(
    api: Api, specs: dict[str, dict[str, Any]], records: dict[str, Record]
) -> dict[str, UnionChoice]:
    constants: dict[str, int] = {}
    for enum in api.enums:
        constants.update(dict(enum.members))
    constants.update({c.name: c.value for c in api.constants})
    result = {}
    for key, spec in specs.items():
        record = records.get(key)
        if record is None or record.fields is None:
            continue  # headers without that struct (an older release, a test fixture)
        names = union_members(record)
        if not names:
            raise ValueError(f"irregular.json unions: {key} has no anonymous union")
        prefix, suffix = spec.get("prefix", ""), spec.get("suffix", "")
        members: dict[int, str] = {}
        if prefix:
            for name, value in constants.items():
                member = name[len(prefix) :].lower() + suffix
                if name.startswith(prefix) and member in names:
                    members.setdefault(value, member)
        for name, member in spec.get("members", {}).items():
            if member not in names or name not in constants:
                raise ValueError(f"irregular.json unions: {key}: {name} -> {member} names nothing")
            members[constants[name]] = member
        result[key] = UnionChoice(spec["by"], members, names)
    return result
