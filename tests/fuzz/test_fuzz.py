"""The fuzzer: it covers the public surface, it notices crashes and hangs, and the binding passes it."""

from __future__ import annotations

import json

import pytest
from helpers.binding import binding_functions

import acl.util
from fuzz.inherent import INHERENT_LIST, inherent_crashes, short_waits, unvalidated_addresses
from fuzz.runner import Settings, fuzz
from fuzz.surface import REPO_ROOT, public_targets

# CI's run: every public function, this many tuples each, within this many seconds on 2 cores.
CI_CASES = 32
CI_BUDGET_SECONDS = 170.0


def test_every_generated_binding_and_util_helper_is_a_target() -> None:
    api = json.loads((REPO_ROOT / "acl" / "_generated" / "api.json").read_text())
    names = {t.qualname for t in public_targets()}
    expected = {f"{b['module']}.{b['python_name']}" for b in api["bindings"]}
    expected |= {f"acl.util.{name}" for name in acl.util.__all__}
    assert expected <= names
    assert len(names) >= 1300


def test_argument_kinds_follow_the_tables() -> None:
    kinds = {t.qualname: t.kinds for t in public_targets()}
    assert kinds["acl.rt.memset"] == ("handle", "int", "int", "int")
    assert kinds["acl.init"] == ("str",)
    assert kinds["acl.util.ptr_to_bytes"] == ("handle", "int")  # from pyACL's table


def test_every_reviewed_entry_names_a_public_function_and_says_why() -> None:
    kinds = {t.qualname: t.kinds for t in public_targets()}
    # A function the binding under test lacks (regenerated from another release) is public as a
    # stand-in taking anything: its arguments are those of headers/ (the reviewed list's baseline).
    api = json.loads((REPO_ROOT / "acl" / "_generated" / "api.json").read_text())
    declared = binding_functions()
    for b in api["bindings"]:
        if b["name"] not in declared:
            params = [p for p in b.get("params", ()) if p["kind"] != "out"]
            kinds[f"{b['module']}.{b['python_name']}"] = tuple(p["kind"] for p in params)
    assert inherent_crashes(), f"{INHERENT_LIST} lost its entries"
    for name, reason in inherent_crashes().items():
        assert name in kinds and len(reason) > 40, name
    for section in (unvalidated_addresses(), short_waits()):
        for name, entry in section.items():
            assert name in kinds and len(entry["reason"]) > 30, name
            assert entry["params"] and all(0 <= p < len(kinds[name]) for p in entry["params"]), name


def test_a_crash_is_found_and_attributed_to_its_arguments() -> None:
    targets = ["acl.util.ptr_to_bytes", "acl.get_version"]
    report = fuzz(targets, Settings(cases=24), jobs=1, budget_seconds=120)
    assert report.functions == 2
    (finding,) = report.findings
    assert finding.qualname == "acl.util.ptr_to_bytes" and finding.outcome.startswith("crash (signal")
    assert finding.alone and finding.case.startswith("CASE acl.util.ptr_to_bytes ")


def test_a_hang_is_found() -> None:
    # without its short_waits guard, process_report waits as long as the fuzzer's timeout says
    settings = Settings(cases=24, hang_seconds=3.0, guarded=False)
    report = fuzz(["acl.rt.process_report"], settings, jobs=1, budget_seconds=120)
    assert [f.outcome for f in report.findings] == ["hang"]


def test_no_crash_or_hang_outside_the_reviewed_list() -> None:
    targets = [t.qualname for t in public_targets()]
    report = fuzz(targets, Settings(seed=13, cases=CI_CASES), jobs=2, budget_seconds=CI_BUDGET_SECONDS)
    unexpected = "\n".join(f"{f.qualname}: {f.outcome} at {f.case}\n{f.stderr_tail[-500:]}"
                           for f in report.unexpected(inherent_crashes()))
    assert not unexpected, unexpected
    if report.functions < len(targets):
        pytest.fail(f"only {report.functions} of {len(targets)} functions fit in {CI_BUDGET_SECONDS} s")
