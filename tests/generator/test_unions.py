"""Discriminated unions of irregular.json `unions`, resolved against the real headers."""

from __future__ import annotations

from emit_fixture import REPO

# isort: split
from aclgen.front.parse import parse_tree
from aclgen.model.bindings import IrregularTable
from aclgen.model.classify import TypeFacts
from aclgen.model.unions import resolve_unions


def test_every_reviewed_union_resolves_and_names_members_by_constant() -> None:
    api = parse_tree(REPO / "headers")
    table = IrregularTable.load()
    choices = resolve_unions(api, table.unions, TypeFacts(api).records)
    assert sorted(choices) == sorted(table.unions)
    for key, choice in choices.items():
        assert choice.members, key
        assert set(choice.members.values()) <= set(choice.names)
    constants = {name: value for enum in api.enums for name, value in enum.members}
    rc = choices["hi_venc_rc_attr"]
    assert rc.by == "rc_mode"
    assert rc.members[constants["HI_VENC_RC_MODE_H265_VBR"]] == "h265_vbr"
    assert choices["hi_venc_attr"].members[constants["HI_PT_H264"]] == "h264_attr"
    assert choices["hi_vdec_chn_param"].members[constants["HI_PT_JPEG"]] == "pic_param"
