"""The reviewed table of board-hardware APIs (acl/hardware_only.json): it covers exactly the functions
of headers/acl/media/, none of them is emulated, and README and `python -m acl info` show it."""

from __future__ import annotations

import json
import sys
from collections import defaultdict

from helpers.binding import binding_functions
from helpers.repo import REPO_ROOT
from helpers.subproc import describe, run_command

TABLE = REPO_ROOT / "acl" / "hardware_only.json"


def _table() -> dict[str, tuple[str, list[str]]]:
    rows = json.loads(TABLE.read_text(encoding="utf-8"))["headers"]
    return {row["header"]: (row["reason"], row["functions"]) for row in rows}


def _media_functions() -> dict[str, list[str]]:
    """header -> functions, from the generator's record of the parsed headers."""
    api = json.loads((REPO_ROOT / "acl" / "_generated" / "api.json").read_text(encoding="utf-8"))
    found: dict[str, list[str]] = defaultdict(list)
    for function in api["functions"]:
        if function["header"].startswith("acl/media/"):
            found[function["header"]].append(function["name"])
    return {header: sorted(names) for header, names in found.items()}


def test_table_covers_exactly_the_media_headers() -> None:
    table = _table()
    assert {header: names for header, (_, names) in table.items()} == _media_functions()


def test_every_row_has_a_one_line_reason() -> None:
    for header, (reason, _) in _table().items():
        assert reason.strip() and "\n" not in reason and len(reason) <= 100, header


def test_no_listed_function_is_emulated() -> None:
    from acl._generated._acl_cffi import lib

    emulated = [
        name for _, names in _table().values() for name in names if lib._aclemu_IsImplemented(name.encode())
    ]
    assert emulated == []


def test_a_listed_function_returns_api_not_support() -> None:
    import acl

    assert acl.himpi.tde_open() == acl.ACL_ERROR_API_NOT_SUPPORT


def test_readme_shows_the_table() -> None:
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    total = sum(len(names) for _, names in _table().values())
    assert f"for all {total} of them" in readme
    for header, (reason, names) in _table().items():
        assert f"| `{header}` | {len(names)} | {reason} |" in readme


def test_info_counts_and_explains_them() -> None:
    """info counts the table's functions the binding under test declares (a release may lack some)."""
    result = run_command([sys.executable, "-m", "acl", "info", "--missing"], {"ACL_BACKEND": "emulator"})
    assert result.returncode == 0, describe(result)
    lines = result.stdout.splitlines()
    declared = binding_functions()
    total = sum(len(declared.intersection(names)) for _, names in _table().values())
    assert (
        f"hardware:   {total} of them are board-hardware APIs (ISP, VI, VO, audio, HDMI, ...), "
        "not emulated by design" in lines
    )
    for header, (reason, names) in _table().items():
        assert f"hardware only: {header} ({len(declared.intersection(names))}): {reason}" in lines


def _declared_single_functions() -> dict[str, str]:
    """The table's single functions the binding under test declares: info reports only those."""
    rows = json.loads(TABLE.read_text(encoding="utf-8")).get("functions", [])
    declared = binding_functions()
    return {row["function"]: row["reason"] for row in rows if row["function"] in declared}


def test_single_functions_are_declared_and_not_emulated() -> None:
    from acl._generated._acl_cffi import lib

    api = json.loads((REPO_ROOT / "acl" / "_generated" / "api.json").read_text(encoding="utf-8"))
    headers = {function["name"]: function["header"] for function in api["functions"]}
    rows = json.loads(TABLE.read_text(encoding="utf-8"))["functions"]
    for row in rows:
        assert headers.get(row["function"]) == row["header"], row
        assert not row["header"].startswith("acl/media/"), row  # those belong to a header row
        assert row["reason"].strip() and "\n" not in row["reason"] and len(row["reason"]) <= 100, row
        assert not lib._aclemu_IsImplemented(row["function"].encode()), row


def test_info_counts_the_single_functions() -> None:
    result = run_command([sys.executable, "-m", "acl", "info", "--missing"], {"ACL_BACKEND": "emulator"})
    assert result.returncode == 0, describe(result)
    lines = result.stdout.splitlines()
    singles = _declared_single_functions()
    assert (
        f"needs CANN: {len(singles)} of them need a part of CANN or of the device the emulator does not have"
        in lines
    )
    for name, reason in singles.items():
        assert f"not emulated by design: {name}: {reason}" in lines
        assert f"not emulated: {name}" in lines
