"""Which generated wrappers also get a CPython C function, and how its arguments and results convert.

On CPython a Python wrapper costs its frame plus a cffi call, more than a pyACL-style C function
costs in all (issue 15). A wrapper whose Python arguments are all integers (scalars, enums,
handles) and whose results are all numbers gets a C function beside it (aclgen/emit/fastcalls.py)
that converts the common case itself: exact `int` arguments in the C type's range, the right
count, no keywords. Anything else is handed to the Python wrapper, so every error message, range
check and extra-argument rule stays the wrapper's by construction.

Functions bound straight to the compiled shim get one too: cffi's own function converts through
generic helpers and saves and restores errno around every call, which the C function skips (the
binding never reads `ffi.errno`), and its fallback is that cffi function.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from aclgen.model.bindings import FunctionBinding
from aclgen.model.classify import ParamPlan, TypeFacts
from aclgen.model.outforms import c_int_input, member_scalar, scalar

# How a C value becomes a Python object: "signed"/"unsigned" integers, "bool", "float".
SIGNED = "signed"
UNSIGNED = "unsigned"
BOOL = "bool"
FLOAT = "float"


@dataclass(frozen=True)
class FastArgument:
    """One Python argument: accepted in C when an exact int in [low, high] (then `& mask`, if any)."""

    py_name: str
    low: int
    high: int
    mask: Optional[int] = None


@dataclass(frozen=True)
class FastResult:
    member: str  # `struct _aclout_F` member, or "" for the shim's own return value
    kind: str  # SIGNED | UNSIGNED | BOOL | FLOAT
    bits: int = 64  # UNSIGNED: the value is cut to this width first (pyACL's unsigned himpi return)


@dataclass(frozen=True)
class FastCall:
    binding: FunctionBinding
    arguments: tuple[FastArgument, ...]
    results: tuple[FastResult, ...]  # outs in C order, then the return; one result is returned bare

    @property
    def c_function(self) -> str:
        return f"_aclfast_{self.binding.c_name}"


def _value_kind(code: str, bits: int, signed: bool) -> Optional[str]:
    if bits:
        return SIGNED if signed else UNSIGNED
    return {"?": BOOL, "f": FLOAT, "d": FLOAT}.get(code)  # "c" (char) reads as bytes: not here


def _argument(b: FunctionBinding, p: ParamPlan, facts: TypeFacts) -> Optional[FastArgument]:
    converts = c_int_input(b.fn, p, facts)
    if converts is None:
        return None
    bits, signed = converts
    mask = b.masks.get(p.c_name)
    if mask is not None:  # Python's `x & mask` of any int the C conversion below can hold
        return FastArgument(p.py_name, -(1 << 63), (1 << 64) - 1, mask)
    if signed:
        return FastArgument(p.py_name, -(1 << (bits - 1)), (1 << (bits - 1)) - 1)
    return FastArgument(p.py_name, 0, (1 << bits) - 1)


def _out(b: FunctionBinding, p: ParamPlan, facts: TypeFacts) -> Optional[FastResult]:
    value = member_scalar(b.fn, p, facts)
    if value is None:
        return None
    kind = _value_kind(value.code, value.bits, value.signed)
    return None if kind is None else FastResult(p.out_member, kind)


def _return(b: FunctionBinding, facts: TypeFacts) -> Optional[FastResult]:
    ret = b.cls.ret
    member = "ret" if b.cls.outs else ""
    if ret.kind == "handle":
        return FastResult(member, UNSIGNED)
    value = scalar(facts, ret.resolved_base)
    if value is None:
        return None
    if b.unsigned_ret and value.bits:
        return FastResult(member, UNSIGNED, 32)
    kind = _value_kind(value.code, value.bits, value.signed)
    return None if kind is None else FastResult(member, kind)


def fast_call(b: FunctionBinding, facts: TypeFacts) -> Optional[FastCall]:
    """The C function of `b`'s generated wrapper, or None when it keeps only its Python one."""
    c = b.cls
    if not b.bound or b.hand_written or b.shaped or b.fn.variadic:
        return None
    if c.ret.kind not in ("void", "scalar", "handle"):
        return None
    arguments = [_argument(b, p, facts) for p in c.inputs]
    results = [_out(b, p, facts) for p in c.outs]
    if c.ret.kind != "void":
        results.append(_return(b, facts))
    if None in arguments or None in results:
        return None
    return FastCall(b, tuple(a for a in arguments if a), tuple(r for r in results if r))
