"""The binding plan: every fact the emitters share, computed once from an Api.

For each C function: its Python module and name, aliases, the classification of its parameters
and return (classify.py), whether it is bound directly to the compiled shim, and the reviewed
irregularity entry, if any (tools/data/irregular.json).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from aclgen.model.classify import Classification, ParamPlan, TypeFacts, classify
from aclgen.model.ir import Api, Function
from aclgen.model.naming import MODULES, Alias, NameTable, dotted_module
from aclgen.model.outforms import OutForm, choose

DEFAULT_IRREGULAR_FILE = Path(__file__).resolve().parents[2] / "data" / "irregular.json"

# himpi functions return hi_s32 codes; pyACL hands them back as unsigned 32-bit ints.
_SIGNED_32 = frozenset({"int", "signed", "signed int", "int32_t"})

# Bit width of the unsigned C integer types an `args` "mask" role may name.
_UNSIGNED_BITS = {
    "unsigned char": 8,
    "uint8_t": 8,
    "unsigned short": 16,
    "unsigned short int": 16,
    "uint16_t": 16,
    "unsigned": 32,
    "unsigned int": 32,
    "uint32_t": 32,
    "unsigned long": 64,
    "unsigned long int": 64,
    "unsigned long long": 64,
    "unsigned long long int": 64,
    "uint64_t": 64,
    "size_t": 64,
    "uintptr_t": 64,
}
MASK_ROLE = "mask"


@dataclass(frozen=True)
class Irregular:
    """A reviewed pyACL shape the generic wrapper does not produce."""

    group: str  # "dict", "list", "echo-back", "callback", "polymorphic", "string-buffer", ...
    shape: Optional[str] = None  # pyACL's call shape, e.g. "(model_desc, index) -> (dict, ret)"
    impl: Optional[str] = None  # "acl._pyacl.mdl:get_input_dims" once hand-written
    note: str = ""
    params: dict[str, str] = field(default_factory=dict)  # C parameter -> reviewed kind ("handle"/"out")
    # The reviewed pyACL shape (vocabulary: aclgen.model.pyshape; emitted by aclgen.emit.shaped):
    args: dict[str, str] = field(default_factory=dict)  # C parameter -> role ("list", "len:dims", ...)
    echo: Optional[str] = None  # C input parameter returned first, before the outs
    optional: tuple[str, ...] = ()  # C parameters pyACL lets the caller leave out (trailing)
    guards: tuple[dict[str, Any], ...] = ()  # {"param", "max", "returns" | "raises"}
    keys: Optional[str] = None  # "snake": dict keys are the snake_case of the C field names
    on_error: Optional[str] = None  # "empty": struct results are {} when the C call fails

    @property
    def shaped(self) -> bool:
        """The generator emits pyACL's shape from the reviewed description (no hand-written code).

        A `mask` role alone does not change the shape: the generic wrapper applies it.
        """
        reshaping_args = any(role != MASK_ROLE for role in self.args.values())
        return self.impl is None and bool(
            reshaping_args or self.echo or self.optional or self.guards or self.keys or self.on_error
        )


@dataclass(frozen=True)
class IrregularTable:
    functions: dict[str, Irregular]  # by C name
    extras: dict[str, Irregular]  # composite helpers by "module.python_name"
    # record key -> how its anonymous union is chosen: {"by": discriminator field, "prefix", "suffix",
    # "members": {constant name: member}} (aclgen/model/unions.py)
    unions: dict[str, dict[str, Any]] = field(default_factory=dict)
    # C functions pyACL wraps that take a `const char *`: pyACL parses those with `s`, so None is a
    # TypeError there unless the parameter is `optional`. Elsewhere None passes NULL.
    strict_strings: frozenset[str] = frozenset()
    # C functions whose pyACL function takes no arguments and never parses them: extra positional
    # arguments are accepted and ignored.
    ignores_extra_args: frozenset[str] = frozenset()

    @classmethod
    def load(cls, path: Optional[Path] = None) -> IrregularTable:
        path = path or DEFAULT_IRREGULAR_FILE
        if not path.is_file():
            return cls.empty()
        data = json.loads(path.read_text(encoding="utf-8"))

        def entries(rows: dict[str, Any]) -> dict[str, Irregular]:
            return {
                name: Irregular(
                    row["group"],
                    row.get("shape"),
                    row.get("impl"),
                    row.get("note", ""),
                    row.get("params", {}),
                    row.get("args", {}),
                    row.get("echo"),
                    tuple(row.get("optional", ())),
                    tuple(row.get("guards", ())),
                    row.get("keys"),
                    row.get("on_error"),
                )
                for name, row in rows.items()
            }

        return cls(
            entries(data.get("functions", {})),
            entries(data.get("extras", {})),
            dict(data.get("unions", {})),
            frozenset(data.get("strict_strings", ())),
            frozenset(data.get("ignores_extra_args", ())),
        )

    @classmethod
    def empty(cls) -> IrregularTable:
        return cls({}, {})


@dataclass(frozen=True)
class FunctionBinding:
    fn: Function
    module: str
    py_name: str
    aliases: tuple[Alias, ...]
    cls: Classification
    irregular: Optional[Irregular]
    unsigned_ret: bool  # mask the C return to 32 bits unsigned (pyACL's himpi convention)
    strict_strings: bool = False  # pyACL wraps it: None is no `str` (see IrregularTable.strict_strings)
    # C parameter -> bit mask applied to the Python int (reviewed `mask` role: pyACL's unchecked
    # `k`/`K`/`I` parse, kept where a negative value is documented usage such as index -1)
    masks: dict[str, int] = field(default_factory=dict)
    out_form: Optional[OutForm] = None  # how the outs reach a generic wrapper (aclgen/model/outforms.py)
    ignores_extra_args: bool = False  # pyACL accepts and ignores extra positional arguments

    @property
    def python_params(self) -> str:
        """The parameter list of the generic Python wrapper."""
        names = [p.py_name for p in self.cls.inputs]
        if self.ignores_extra_args:
            names.append("*_ignored")
        return ", ".join(names)

    @property
    def c_name(self) -> str:
        return self.fn.name

    @property
    def qualified_name(self) -> str:
        return f"{dotted_module(self.module)}.{self.py_name}"

    @property
    def bound(self) -> bool:
        return self.cls.unbound_reason is None

    def none_is_null(self, p: ParamPlan) -> bool:
        """A None for the string parameter `p` passes NULL (else it is a TypeError, as in pyACL)."""
        if not self.strict_strings:
            return True
        return self.irregular is not None and p.c_name in self.irregular.optional

    @property
    def hand_written(self) -> bool:
        return self.irregular is not None and self.irregular.impl is not None

    @property
    def shaped(self) -> bool:
        return self.irregular is not None and self.irregular.shaped

    @property
    def direct(self) -> bool:
        """Bound straight to the compiled shim: no Python frame at all."""
        c = self.cls
        return (
            self.bound
            and not self.hand_written
            and not self.shaped
            and not self.unsigned_ret
            and not self.masks
            and not self.fn.variadic
            and not c.outs
            and all(p.kind in ("scalar", "handle") for p in c.params)
            and c.ret.kind in ("void", "scalar", "handle")
        )


@dataclass
class BindingPlan:
    api: Api
    facts: TypeFacts
    functions: list[FunctionBinding]  # sorted by C name
    irregular: IrregularTable = field(default_factory=IrregularTable.empty)
    # module -> {Python name: C name} of the baseline's functions these headers lack: the generated
    # module still defines each, as a function saying so (aclgen/pipeline.py fills it)
    absent: dict[str, dict[str, str]] = field(default_factory=dict)
    # module -> {alias: Python name of `absent`}: a second name of an absent function, the same object
    absent_aliases: dict[str, dict[str, str]] = field(default_factory=dict)
    # name -> value of the baseline's constants these headers lack: the bundled emulator is built
    # from the baseline and speaks them (acl/_executor_hook.py); not exported
    baseline_only_constants: dict[str, int] = field(default_factory=dict)

    def module_functions(self, module: str) -> list[FunctionBinding]:
        return sorted((b for b in self.functions if b.module == module), key=lambda b: b.py_name)

    @property
    def bound_functions(self) -> list[FunctionBinding]:
        return [b for b in self.functions if b.bound]

    def unbound(self) -> list[tuple[str, str]]:
        """(C name, reason) of every function no generic shim exists for."""
        return [(b.c_name, b.cls.unbound_reason or "") for b in self.functions if not b.bound]

    def header_modules(self) -> dict[str, str]:
        """Header -> the Python module its constants go to.

        The module most of the header's functions belong to (ties: first in MODULES order);
        a header without functions goes to `himpi` under acl/dvpp/ or acl/media/, else to `top`.
        """
        votes: dict[str, Counter[str]] = {}
        for b in self.functions:
            votes.setdefault(b.fn.header, Counter())[b.module] += 1
        headers = {c.header for c in self.api.constants} | {e.header for e in self.api.enums}
        headers |= set(votes)
        result = {}
        for header in sorted(headers):
            counts = votes.get(header)
            if counts:
                best = max(counts.values())
                result[header] = next(m for m in MODULES if counts.get(m) == best)
            elif header.startswith(("acl/dvpp/", "acl/media/")):
                result[header] = "himpi"
            else:
                result[header] = "top"
        return result

    def manifest(self) -> list[dict[str, Any]]:
        """Per-function binding facts for api.json (a key whose value would be empty is left out)."""
        rows = []
        for b in self.functions:
            row = {
                "name": b.c_name,
                "module": dotted_module(b.module),
                "python_name": b.py_name,
                "aliases": [f"{dotted_module(a.module)}.{a.name}" for a in b.aliases],
                "direct": b.direct,
                "unbound_reason": b.cls.unbound_reason,
                "irregular": b.irregular.group if b.irregular else None,
                "params": [{"name": p.c_name, "kind": p.kind, "why": p.reason} for p in b.cls.params],
                "returns": b.cls.ret.kind,
                "out_form": b.out_form.kind if b.out_form else None,
            }
            # absent means none: no aliases, no reason, not irregular, no faster out form
            rows.append({k: v for k, v in row.items() if v is not None and v != []})
        return rows


def _unsigned_ret(module: str, cls: Classification) -> bool:
    if module != "himpi" or cls.ret.kind != "scalar":
        return False
    return " ".join(cls.ret.resolved_base.split()) in _SIGNED_32


def _masks(fn: Function, cls: Classification, entry: Optional[Irregular], facts: TypeFacts) -> dict[str, int]:
    if entry is None:
        return {}
    by_c = {plan.c_name: (plan, param) for plan, param in zip(cls.params, fn.params)}
    masks = {}
    for c_name, role in entry.args.items():
        if role != MASK_ROLE:
            continue
        if c_name not in by_c:
            raise ValueError(f"{fn.name}: irregular.json masks unknown parameter {c_name}")
        p, param = by_c[c_name]
        base = " ".join(facts.resolve(param.type).base.replace("const ", "").split())
        bits = _UNSIGNED_BITS.get(base)
        if p.kind != "scalar" or bits is None:
            raise ValueError(f"{fn.name}: the mask role needs an unsigned integer, {c_name} is {p.c_type}")
        masks[c_name] = (1 << bits) - 1
    return masks


def build_plan(
    api: Api, names: Optional[NameTable] = None, irregular: Optional[IrregularTable] = None
) -> BindingPlan:
    names = names if names is not None else NameTable.load()
    irregular = irregular if irregular is not None else IrregularTable.load()
    facts = TypeFacts(api)
    bindings = []
    for fn in sorted(api.functions, key=lambda f: f.name):
        module, py_name = names.python_name(fn.name)
        entry = irregular.functions.get(fn.name)
        cls = classify(fn, facts, entry.params if entry else None)
        generic = entry is None or (entry.impl is None and not entry.shaped)
        unsigned_ret = _unsigned_ret(module, cls)
        bindings.append(
            FunctionBinding(
                fn=fn,
                module=module,
                py_name=py_name,
                aliases=tuple(names.alias_names(fn.name)),
                cls=cls,
                irregular=entry,
                unsigned_ret=unsigned_ret,
                strict_strings=fn.name in irregular.strict_strings,
                masks=_masks(fn, cls, entry, facts),
                out_form=choose(fn, cls, facts, generic and cls.unbound_reason is None, unsigned_ret),
                ignores_extra_args=fn.name in irregular.ignores_extra_args,
            )
        )
    return BindingPlan(api, facts, bindings, irregular)
