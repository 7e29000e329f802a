"""pyACL's functions that take no arguments never parse them: extra positional ones are ignored.

pyacl.json marks those rows `ignores_extra_args`. Ours must accept and ignore them for exactly
those functions, answer as the call without them does, and still refuse keyword arguments (pyACL
has none). Calls run in a child process: some of them finalize or release things.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from helpers.subproc import REPO_ROOT, describe, run_on_emulator

PYACL_ROWS = REPO_ROOT / "tools" / "data" / "pyacl.json"
IRREGULAR = REPO_ROOT / "tools" / "data" / "irregular.json"


def _rows() -> list[dict[str, Any]]:
    return [row for row in json.loads(Path(PYACL_ROWS).read_text())["rows"] if row["ignores_extra_args"]]


def test_the_generator_data_lists_exactly_the_pyacl_rows() -> None:
    listed = json.loads(Path(IRREGULAR).read_text())["ignores_extra_args"]
    assert sorted(listed) == sorted({row["c_function"] for row in _rows()})
    assert len(_rows()) == 53


# Finalizing calls run last, so the others have a live runtime.
CALLS = """
import importlib, json
rows = json.loads(ROWS)
last = ("finalize", "sys_exit", "finalize_dump", "release")
rows.sort(key=lambda row: row["name"] in last)
def shape(value):
    if isinstance(value, tuple):
        return ("tuple", len(value), tuple(type(v).__name__ for v in value))
    return (type(value).__name__,)
for row in rows:
    module = importlib.import_module(row["module"]) if row["module"] != "acl" else acl
    fn = getattr(module, row["name"])
    plain = shape(fn())
    try:
        extra = shape(fn(0, "ignored"))
    except TypeError as e:
        extra = ("TypeError", str(e))
    try:
        fn(extra_keyword=1)
        keyword = "accepted"
    except TypeError:
        keyword = "refused"
    print("ROW", json.dumps([row["module"], row["name"], plain, extra, keyword]), flush=True)
print("DONE", flush=True)
"""


def test_every_marked_function_ignores_extra_positional_arguments() -> None:
    rows = _rows()
    child = run_on_emulator(f"ROWS = {json.dumps(json.dumps(rows))}\n" + CALLS, timeout=120)
    assert child.returncode == 0 and "DONE" in child.stdout, describe(child)
    seen = [json.loads(line[4:]) for line in child.stdout.splitlines() if line.startswith("ROW ")]
    assert len(seen) == len(rows), describe(child)
    wrong = [f"{module}.{name}: with extra arguments {extra}, without {plain}"
             for module, name, plain, extra, _ in seen if extra != plain]
    assert not wrong, "\n".join(wrong)
    assert [f"{module}.{name}" for module, name, *_, keyword in seen if keyword != "refused"] == []


def test_functions_with_parameters_still_refuse_extra_arguments() -> None:
    child = run_on_emulator(
        """
        for call in (lambda: acl.rt.set_device(0, 1), lambda: acl.rt.free(0, 1)):
            try:
                call()
                print("ACCEPTED")
            except TypeError:
                print("REFUSED")
        """
    )
    assert child.stdout.split() == ["REFUSED", "REFUSED"], describe(child)
