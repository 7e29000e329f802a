"""C function name -> (python module, python name).

The rule: the C prefix picks the module and is removed, the rest is converted to snake_case.
Media names keep their sub-prefix (`acldvppCreatePicDesc` -> `acl.media.dvpp_create_pic_desc`).
What the rule gets wrong for pyACL compatibility is reviewed data in `tools/data/pyacl_names.json`:
`overrides` (C name -> module and name) and `aliases` (extra python names for a C function).

Modules are named by their generated file stem: "top" is the `acl` package itself.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

MODULES = ("top", "rt", "mdl", "op", "blas", "fv", "media", "himpi", "prof", "tdt")

DEFAULT_NAMES_FILE = Path(__file__).resolve().parents[2] / "data" / "pyacl_names.json"

# (C prefix, module, prefix kept in the python name). Longest prefixes first: the first match wins.
_PREFIXES: tuple[tuple[str, str, str], ...] = (
    ("hi_mpi_", "himpi", ""),
    ("hi_", "himpi", ""),
    ("aclblas", "blas", ""),
    ("acldvpp", "media", "dvpp_"),
    ("aclvdec", "media", "vdec_"),
    ("aclvenc", "media", "venc_"),
    ("acldump", "mdl", "dump_"),
    ("aclsys", "top", ""),
    ("aclprof", "prof", ""),
    ("aclmdl", "mdl", ""),
    ("acltdt", "tdt", ""),
    ("aclrt", "rt", ""),
    ("aclop", "op", ""),
    ("aclfv", "fv", ""),
    ("acl", "top", ""),
)

# a digit inside an acronym (the 2 of P2P) does not end a word; one ending an acronym (L2Cache) does
_LOWER_OR_DIGIT_THEN_UPPER = re.compile(
    r"(?<=[a-z])(?=[A-Z])|(?<=[a-z0-9][0-9])(?=[A-Z])|(?<=[A-Z][0-9])(?=[A-Z](?![A-Z]))"
)
_ACRONYM_END = re.compile(r"(?<=[A-Z])(?=[A-Z][a-z])")


def dotted_module(module: str) -> str:
    """ "top" -> "acl", "rt" -> "acl.rt"."""
    return "acl" if module == "top" else f"acl.{module}"


def snake_case(name: str) -> str:
    """Split before a capital that follows a lowercase letter or digit, and before the last capital
    of an acronym run that starts a word: `SetDynamicHWSize` -> `set_dynamic_hw_size`,
    `GetP2PAtomicCapabilities` -> `get_p2p_atomic_capabilities`."""
    if "_" in name and name == name.lower():
        return name
    name = _LOWER_OR_DIGIT_THEN_UPPER.sub("_", name)
    name = _ACRONYM_END.sub("_", name)
    return name.lower()


def rule_name(c_name: str) -> tuple[str, str]:
    """The mechanical (module, python name) of a C function, ignoring the override table.

    A function with none of the AscendCL prefixes (a vendor addition in some release) is bound
    at top level under its whole name, so nothing a user's headers declare is left out.
    """
    for prefix, module, keep in _PREFIXES:
        if c_name.startswith(prefix) and len(c_name) > len(prefix):
            return module, keep + snake_case(c_name[len(prefix) :])
    return "top", snake_case(c_name)


@dataclass(frozen=True)
class Alias:
    """An extra python name for a C function: kind "alias" is the same wrapper under a second name,
    kind "composite" a hand-written helper built on that function."""

    c_function: str
    module: str
    name: str
    kind: str


@dataclass(frozen=True)
class NameTable:
    """The reviewed exceptions to the naming rule."""

    overrides: dict[str, tuple[str, str]]
    aliases: dict[str, list[Alias]]

    @classmethod
    def load(cls, path: Optional[Path] = None) -> NameTable:
        data = json.loads((path or DEFAULT_NAMES_FILE).read_text(encoding="utf-8"))
        overrides = {c: (row["module"], row["name"]) for c, row in data.get("overrides", {}).items()}
        aliases: dict[str, list[Alias]] = {}
        for row in data.get("aliases", []):
            alias = Alias(row["c_function"], row["module"], row["name"], row["kind"])
            if alias.kind not in ("alias", "composite"):
                raise ValueError(f"{path}: alias {alias.name!r} has unknown kind {alias.kind!r}")
            aliases.setdefault(alias.c_function, []).append(alias)
        modules = [m for m, _ in overrides.values()] + [a.module for rows in aliases.values() for a in rows]
        for module in modules:
            if module not in MODULES:
                raise ValueError(f"{path}: unknown module {module!r}")
        return cls(overrides, aliases)

    @classmethod
    def empty(cls) -> NameTable:
        return cls({}, {})

    def python_name(self, c_name: str) -> tuple[str, str]:
        return self.overrides.get(c_name) or rule_name(c_name)

    def alias_names(self, c_name: str) -> list[Alias]:
        return list(self.aliases.get(c_name, ()))


def find_collisions(c_names: list[str], table: NameTable) -> dict[tuple[str, str], list[str]]:
    """Python names that more than one C function would get (aliases included)."""
    owners: dict[tuple[str, str], list[str]] = {}
    for c_name in sorted(c_names):
        aliases = [(a.module, a.name) for a in table.alias_names(c_name)]
        for key in [table.python_name(c_name), *aliases]:
            owners.setdefault(key, []).append(c_name)
    return {key: names for key, names in owners.items() if len(names) > 1}
