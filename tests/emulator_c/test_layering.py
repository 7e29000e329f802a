"""The emulator's runtime core keeps its layers: no file includes a higher layer's header or calls
a function defined in a higher layer, and areas reach the core only through emu.h.

The layers are read from the table in emulator/README.md, so the documentation and the check
cannot drift apart. The checker itself is exercised on small synthetic trees, so a checker that
stopped seeing violations would fail here too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

EMULATOR = Path(__file__).resolve().parents[2] / "emulator"

_ROW = re.compile(r"^\|\s*(\d+)\s+\w+\s*\|(.*)\|(.*)\|\s*$")
_NAME = re.compile(r"`([^`]+)`")
_INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)
_COMMENT_OR_STRING = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'', re.DOTALL)
# a function definition at file scope: not static, name, parameters, then the body's brace
_DEFINITION = re.compile(r"^(?!static\b)[A-Za-z_][\w \t*]*?\b(\w+)\s*\([^;{}]*\)\s*\{", re.MULTILINE)
_CALL = re.compile(r"\b([A-Za-z_]\w*)\s*\(")


@dataclass(frozen=True)
class Layers:
    file_layer: dict[str, int]
    header_layer: dict[str, int]


def read_layers(readme: Path) -> Layers:
    """The layer table of emulator/README.md: rows `| <n> <name> | files | headers |`."""
    file_layer: dict[str, int] = {}
    header_layer: dict[str, int] = {}
    for line in readme.read_text(encoding="utf-8").splitlines():
        row = _ROW.match(line)
        if row is None:
            continue
        layer = int(row.group(1))
        file_layer.update((name, layer) for name in _NAME.findall(row.group(2)))
        header_layer.update((name, layer) for name in _NAME.findall(row.group(3)))
    return Layers(file_layer, header_layer)


def _code_only(text: str) -> str:
    """Source without comments and string literals (a name in a message is not a call)."""
    return _COMMENT_OR_STRING.sub(" ", text)


def layering_violations(directory: Path, layers: Layers) -> list[str]:
    paths = sorted(p for p in directory.iterdir() if p.suffix in (".c", ".h"))
    sources = {p.name: p.read_text(encoding="utf-8") for p in paths}
    problems: list[str] = []
    defined_in: dict[str, str] = {}
    for name, text in sources.items():
        if name in layers.file_layer and name.endswith(".c"):
            for match in _DEFINITION.finditer(_code_only(text)):
                defined_in.setdefault(match.group(1), name)
    for name, text in sources.items():
        own = layers.file_layer.get(name, layers.header_layer.get(name))
        for header in _INCLUDE.findall(text):
            target = layers.header_layer.get(header)
            if target is None:
                continue
            if own is None and header != "emu.h":
                problems.append(f"{name} is an area file but includes the core header {header}")
            elif own is not None and target > own:
                problems.append(f"{name} (layer {own}) includes {header} (layer {target})")
        if own is None or not name.endswith(".c"):
            continue
        for callee in sorted(set(_CALL.findall(_code_only(text)))):
            home = defined_in.get(callee)
            higher = layers.file_layer[home] if home is not None else -1
            if higher > own:
                problems.append(f"{name} (layer {own}) calls {callee} of {home} (layer {higher})")
    return problems


def test_readme_table_names_every_core_file() -> None:
    layers = read_layers(EMULATOR / "README.md")
    assert set(layers.file_layer.values()) == {0, 1, 2, 3, 4}
    missing = [name for name in [*layers.file_layer, *layers.header_layer] if not (EMULATOR / name).is_file()]
    assert missing == []


def test_core_headers_are_used_only_by_listed_files() -> None:
    """A new .c file that includes a core layer header must be placed in the table."""
    layers = read_layers(EMULATOR / "README.md")
    core_headers = set(layers.header_layer) - {"emu.h"}
    includes = {p.name: set(_INCLUDE.findall(p.read_text(encoding="utf-8"))) for p in EMULATOR.glob("*.c")}
    listed = set(layers.file_layer)
    unlisted = [name for name, found in includes.items() if name not in listed and found & core_headers]
    assert unlisted == []


def test_emulator_sources_keep_their_layers() -> None:
    assert layering_violations(EMULATOR, read_layers(EMULATOR / "README.md")) == []


SYNTHETIC = Layers(
    file_layer={"low.c": 0, "high.c": 1},
    header_layer={"emu.h": 0, "low.h": 0, "high.h": 1},
)


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


CLEAN = {
    "low.h": "int low_value(void);\n",
    "high.h": '#include "low.h"\nint high_value(void);\n',
    "low.c": '#include "low.h"\nint low_value(void)\n{\n    return 1; /* not high_value() */\n}\n',
    "high.c": '#include "high.h"\nint high_value(void)\n{\n    return low_value() + 1;\n}\n',
    "area.c": '#include "emu.h"\nint area(void)\n{\n    return high_value();\n}\n',
}


def test_checker_accepts_a_clean_tree(tmp_path: Path) -> None:
    assert layering_violations(_tree(tmp_path, CLEAN), SYNTHETIC) == []


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("low.c", '#include "high.h"\n', "low.c (layer 0) includes high.h (layer 1)"),
        ("low.c", "static int f(void)\n{\n    return high_value();\n}\n", "low.c (layer 0) calls high_value"),
        ("low.h", '#include "high.h"\n', "low.h (layer 0) includes high.h (layer 1)"),
        ("area.c", '#include "low.h"\n', "area.c is an area file but includes the core header low.h"),
    ],
)
def test_checker_reports_upward_use(tmp_path: Path, name: str, text: str, expected: str) -> None:
    files = dict(CLEAN)
    files[name] = files[name] + text
    problems = layering_violations(_tree(tmp_path, files), SYNTHETIC)
    assert any(p.startswith(expected) for p in problems), problems
