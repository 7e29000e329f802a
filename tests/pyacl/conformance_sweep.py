"""Child process of test_conformance.py: call every pyACL row's function with arguments of its kinds.

Usage: python conformance_sweep.py ROWS_JSON START PROGRESS_FILE

For each row from START on, writes a `{"i": n, "phase": "start"}` line before the call and the
outcome line after it, flushed, so the parent can tell which row crashed or hung the interpreter
and restart after it. Runs on the emulator with device 0, a context and a stream current, so a 0
handle means "the default" where the API allows that and an error code elsewhere.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import sys
import warnings
from typing import Any, Callable, Optional

os.environ["ACL_BACKEND"] = "emulator"

import acl


def noop(*_args: Any) -> None:
    """Callable passed wherever pyACL expects a Python object (callbacks, user data)."""


def _numpy_array() -> Any:
    import numpy

    return numpy.zeros(4, dtype=numpy.float32)


# One value per argument kind of pyacl-api.json: the neutral value of each type.
VALUE_BY_KIND: dict[str, Callable[[], Any]] = {
    **dict.fromkeys(("handle", "int", "uint", "uint64", "int8", "int16", "int64", "uint8", "uint16"), int),
    "float": lambda: 0.0,
    "double": lambda: 0.0,
    "str": lambda: "",
    "str?": lambda: "",
    "dict": dict,
    "list": list,
    "tuple": lambda: (0,),
    "bytes": lambda: b"",
    "numpy": _numpy_array,
    "object?": lambda: noop,  # only set_exception_info_callback's optional callable
}


def object_value(row: dict[str, Any]) -> Any:
    """pyACL's `O` arguments: a callable for callback registrars and start_thread, an int for values
    polymorphic by an enum argument (the 0 member takes an int), else None, which the remaining
    rows document as accepted (user_data of any type, an optional filter list)."""
    if row["callback"] or row["module"] == "acl.util":
        return noop
    if (row.get("notes") or "").startswith("POLYMORPHIC"):
        return 0
    return None


def argument_values(row: dict[str, Any], kinds: list[str]) -> list[Any]:
    return [object_value(row) if kind == "object" else VALUE_BY_KIND[kind]() for kind in kinds]


def _started_thread_id() -> int:
    thread_id, _ = acl.util.start_thread(noop, None)
    return thread_id


# Rows whose neutral values have no defined meaning in pyACL itself (it would pass them to
# pthread_join), given a meaningful argument instead. Argument choice only: the outcome is judged
# like any other row.
MEANINGFUL_ARGUMENTS: dict[tuple[str, str], Callable[[], list[Any]]] = {
    ("acl.util", "stop_thread"): lambda: [_started_thread_id()],
}

NUMERIC_VALUES = {"handle", "uint", "uint64", "int", "uint8", "fd", "uint16", "int64", "err"}


def value_shape_ok(returns: str, result: Any) -> bool:
    """A bare value of the documented type (pyACL gives None for a NULL C string)."""
    if isinstance(result, tuple):
        return False
    if returns in NUMERIC_VALUES:
        return isinstance(result, int) and not isinstance(result, bool)
    if returns in ("float", "double"):
        return isinstance(result, (int, float)) and not isinstance(result, bool)
    if returns.endswith("str"):
        return result is None or isinstance(result, str)
    if returns == "callable":
        return callable(result)
    if returns == "bytes":
        return isinstance(result, bytes)
    if returns == "ndarray":
        return type(result).__name__ == "ndarray"
    return True


def element_ok(name: str, value: Any) -> bool:
    """One element of a documented tuple, by its name in pyacl-api.json `returns`.

    Dicts, lists and strings may be None (or an empty dict) where pyACL documents that for failures.
    """
    if name.endswith("dict"):
        return value is None or isinstance(value, dict)
    if name == "list":
        return value is None or isinstance(value, list)
    if name in ("str", "op_name") or name.endswith("_str"):
        return value is None or isinstance(value, str)
    if name == "ndarray":
        return type(value).__name__ == "ndarray"
    if name == "ms_float":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if name == "value":  # polymorphic by an enum argument
        return True
    return isinstance(value, int) and not isinstance(value, bool)


def shape_ok(row: dict[str, Any], result: Any) -> bool:
    kind = row["returns_kind"]
    if kind == "ret":
        return isinstance(result, int) and not isinstance(result, bool)
    if kind == "none":
        return result is None
    if kind == "tuple":
        names = [part.strip() for part in row["returns"].strip("()").split(",")]
        return (
            isinstance(result, tuple)
            and len(result) == row["tuple_len"] == len(names)
            and all(element_ok(name, value) for name, value in zip(names, result))
        )
    return value_shape_ok(row["returns"], result)


def _describe(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def call_row(row: dict[str, Any]) -> dict[str, Any]:
    module = importlib.import_module(row["module"])
    fn = getattr(module, row["name"], None)
    outcome: dict[str, Any] = {"present": callable(fn), "accepts": False, "shape_ok": False, "detail": ""}
    if fn is None:
        outcome["detail"] = "missing"
        return outcome
    make_args = MEANINGFUL_ARGUMENTS.get((row["module"], row["name"]))
    args = make_args() if make_args else argument_values(row, row["args"])
    try:
        result = fn(*args)
    except TypeError as exc:
        outcome["detail"] = f"TypeError: {exc}"
        return outcome
    except Exception as exc:
        outcome["accepts"] = True
        documented = type(exc).__name__ in row["documented"]
        outcome["shape_ok"] = documented
        outcome["detail"] = f"{'documented ' if documented else ''}{type(exc).__name__}: {exc}"
        return outcome
    outcome["accepts"] = True
    outcome["shape_ok"] = shape_ok(row, result)
    if not outcome["shape_ok"]:
        outcome["detail"] = f"returned {_describe(result)}, pyACL: {row['returns']}"
    outcome["optional_omitted_ok"] = _optional_omitted(fn, row)
    if row["ignores_extra_args"]:
        outcome["extra_args_accepted"] = _accepts_extra(fn, args)
    return outcome


def _optional_omitted(fn: Callable[..., Any], row: dict[str, Any]) -> Optional[bool]:
    """For `str?`/`object?` rows: does the call work with the optional argument left out?"""
    required = [kind for kind in row["args"] if not kind.endswith("?")]
    if len(required) == len(row["args"]):
        return None
    try:
        return shape_ok(row, fn(*argument_values(row, required)))
    except Exception:
        return False


def _accepts_extra(fn: Callable[..., Any], args: list[Any]) -> bool:
    try:
        fn(*args, 0)
    except TypeError:
        return False
    except Exception:
        return True
    return True


def prepare_runtime() -> None:
    acl.init()
    acl.rt.set_device(0)
    acl.rt.create_context(0)
    acl.rt.create_stream()


def add_documentation(rows: list[dict[str, Any]]) -> None:
    """row["documented"]: its notes, plus those of the row it refers to ("same callback rules as X")."""
    notes_by_name = {(row["module"], row["name"]): row.get("notes") or "" for row in rows}
    for row in rows:
        notes = row.get("notes") or ""
        referred = re.search(r"same \w+ rules as (\w+)", notes)
        if referred:
            notes += " " + notes_by_name.get((row["module"], referred.group(1)), "")
        row["documented"] = notes


def main(rows_file: str, start: int, progress_file: str) -> int:
    warnings.simplefilter("ignore")  # util functions warn by design; the sweep checks shapes
    with open(rows_file, encoding="utf-8") as source:
        rows = json.load(source)
    add_documentation(rows)
    prepare_runtime()
    with open(progress_file, "a", encoding="utf-8") as progress:
        for i in range(start, len(rows)):
            progress.write(json.dumps({"i": i, "phase": "start"}) + "\n")
            progress.flush()
            outcome = call_row(rows[i])
            progress.write(json.dumps({"i": i, "phase": "done", **outcome}) + "\n")
            progress.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2]), sys.argv[3]))
