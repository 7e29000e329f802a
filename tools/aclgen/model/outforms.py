"""How the results of a function with out-parameters reach its generated wrapper cheaply.

cffi turns a returned struct into a new cdata object and every member read into another lookup:
on CPython about 80 ns for the struct plus 90 ns per member, on PyPy a raw allocation per call.
So beside the struct-returning shim `F` (docs/internals.md, "The C boundary"), which stays for
hand-written code, a generic wrapper calls one of two variants of it when its results allow:

- "packed": one integer out of at most 32 bits and a signed return of at most 32 bits.
  `int64_t _aclpack_F(inputs)` returns the return value in the high half and the out's 32 bits in
  the low half. Python reads the pair with integer operations; in the common case (return 0, out
  not negative) the packed value is the out itself and a range test is the whole decoding.
- "buffer": every out a scalar or a handle, a scalar return (or void), and not exactly one input.
  `void _aclinto_F(inputs, void *out)` copies `struct _aclout_F` into a buffer the wrapper owns
  for the duration of the call, and a `struct` module format of that layout unpacks it into the
  result tuple in one step. Buffers are recycled through one free list in `_structs.py`: a call
  takes one out of it, so neither another thread nor a re-entrant call (a signal handler) can
  share it.
  With one input the buffer is a second argument, and CPython's cffi calls a function of two
  arguments through a slower path than one of one (about 110 ns more, more than the struct reads
  it saves). So a lone input keeps the struct where CPython runs the wrapper itself (a `str` or
  float input); where CPython calls the C function of aclgen/model/fastcall.py instead (ints,
  enums, handles), the wrapper serves PyPy, whose struct return allocates (`get_mem_info`: 119 ns
  with the struct, about 25 ns through a buffer), and CPython's rare fallback.

Everything else (struct outs, shaped and hand-written functions, variadic ones) keeps the struct.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from aclgen.model.classify import Classification, ParamPlan, TypeFacts
from aclgen.model.ir import Enum, Function, Param

PACKED = "packed"
BUFFER = "buffer"
STRUCT = "struct"

# `struct` module codes (native sizes and alignment, as the C compiler lays the struct out) of the
# integer types, with their width in bits and signedness; `char` reads as bytes, as cffi reads it.
_INTEGER_CODES: dict[str, tuple[str, int, bool]] = {
    "signed char": ("b", 8, True),
    "int8_t": ("b", 8, True),
    "unsigned char": ("B", 8, False),
    "uint8_t": ("B", 8, False),
    "short": ("h", 16, True),
    "short int": ("h", 16, True),
    "signed short": ("h", 16, True),
    "int16_t": ("h", 16, True),
    "unsigned short": ("H", 16, False),
    "unsigned short int": ("H", 16, False),
    "uint16_t": ("H", 16, False),
    "int": ("i", 32, True),
    "signed": ("i", 32, True),
    "signed int": ("i", 32, True),
    "int32_t": ("i", 32, True),
    "pid_t": ("i", 32, True),
    "unsigned": ("I", 32, False),
    "unsigned int": ("I", 32, False),
    "uint32_t": ("I", 32, False),
    "long": ("l", 64, True),
    "long int": ("l", 64, True),
    "signed long": ("l", 64, True),
    "unsigned long": ("L", 64, False),
    "unsigned long int": ("L", 64, False),
    "long long": ("q", 64, True),
    "long long int": ("q", 64, True),
    "int64_t": ("q", 64, True),
    "unsigned long long": ("Q", 64, False),
    "unsigned long long int": ("Q", 64, False),
    "uint64_t": ("Q", 64, False),
    "size_t": ("N", 64, False),
    "uintptr_t": ("N", 64, False),
    "ssize_t": ("n", 64, True),
    "intptr_t": ("n", 64, True),
    "ptrdiff_t": ("n", 64, True),
    "off_t": ("q", 64, True),
}
_OTHER_CODES = {"char": "c", "bool": "?", "_Bool": "?", "float": "f", "double": "d"}
HANDLE_CODE = "N"  # handles travel as uintptr_t


@dataclass(frozen=True)
class OutForm:
    kind: str  # PACKED | BUFFER | STRUCT
    signed_out: bool = False  # PACKED: the out is a signed type (its low 32 bits sign-extend)
    layout: str = ""  # BUFFER: `struct` format of `struct _aclout_F`, outs in C order then `ret`


@dataclass(frozen=True)
class _Scalar:
    code: str
    bits: int  # 0 for a non-integer (bool, float, char)
    signed: bool


def _clean(base: str) -> str:
    return " ".join(base.replace("const ", "").replace("volatile ", "").split())


def _enum(facts: TypeFacts, base: str) -> Optional[Enum]:
    for enum in facts.api.enums:
        if base in (enum.typedef_name, f"enum {enum.tag}" if enum.tag else None):
            return enum
    return None


def _enum_scalar(enum: Enum) -> Optional[_Scalar]:
    """An enum's C type as the compiler picks it: int with a negative member, else unsigned int."""
    values = [value for _, value in enum.members] or [0]
    if min(values) < 0:
        return _Scalar("i", 32, True) if min(values) >= -(1 << 31) and max(values) < (1 << 31) else None
    return _Scalar("I", 32, False) if max(values) < (1 << 32) else None


def scalar(facts: TypeFacts, base: str) -> Optional[_Scalar]:
    """The `struct` code of a resolved scalar base type, or None when it has none."""
    base = _clean(base)
    if base in _INTEGER_CODES:
        code, bits, signed = _INTEGER_CODES[base]
        return _Scalar(code, bits, signed)
    if base in _OTHER_CODES:
        return _Scalar(_OTHER_CODES[base], 0, False)
    if facts.category(base) == "enum":
        enum = _enum(facts, base)
        return _enum_scalar(enum) if enum is not None else None
    return None


def _c_param(fn: Function, p: ParamPlan) -> Param:
    """The C parameter `p` plans (unnamed ones are arg<i>)."""
    return next(q for i, q in enumerate(fn.params) if (q.name or f"arg{i}") == p.c_name)


def member_scalar(fn: Function, p: ParamPlan, facts: TypeFacts) -> Optional[_Scalar]:
    if p.out_kind == "handle":
        return _Scalar(HANDLE_CODE, 64, False)
    if p.out_kind != "scalar":
        return None
    param = _c_param(fn, p)
    return scalar(facts, facts.resolve(param.type).base)


def c_int_input(fn: Function, p: ParamPlan, facts: TypeFacts) -> Optional[tuple[int, bool]]:
    """(bits, signed) of an input that the CPython C functions of aclgen/model/fastcall.py convert
    themselves (an integer, an enum or a handle), or None for one only a Python wrapper takes."""
    if p.kind == "handle" or (p.kind == "inout" and p.out_kind == "handle"):
        return 64, False
    if p.kind not in ("scalar", "inout"):
        return None
    param = _c_param(fn, p)
    resolved = facts.resolve(param.type)
    if p.kind == "scalar" and (resolved.pointers or resolved.array_dims):
        return None
    value = scalar(facts, resolved.base)
    if value is None or not value.bits:
        return None  # bool, float, char: cffi's own conversions, not worth copying
    return value.bits, value.signed


def choose(
    fn: Function, cls: Classification, facts: TypeFacts, generic: bool, unsigned_ret: bool
) -> Optional[OutForm]:
    """The form of a function with outs (None without outs); `generic`: its wrapper is generated
    by the generic rule (not shaped, not hand-written), the only one calling a variant."""
    outs = cls.outs
    if not outs:
        return None
    ret = cls.ret
    if not generic or fn.variadic or ret.kind not in ("scalar", "void"):
        return OutForm(STRUCT)
    members = [member_scalar(fn, p, facts) for p in outs]
    ret_scalar = scalar(facts, ret.resolved_base) if ret.kind == "scalar" else None
    if any(m is None for m in members) or (ret.kind == "scalar" and ret_scalar is None):
        return OutForm(STRUCT)
    value = members[0]
    assert value is not None
    if (
        len(members) == 1
        and 0 < value.bits <= 32
        and ret_scalar is not None
        and ret_scalar.signed
        and 0 < ret_scalar.bits <= 32
    ):
        return OutForm(PACKED, signed_out=value.signed)
    if len(cls.inputs) == 1 and c_int_input(fn, cls.inputs[0], facts) is None:
        return OutForm(STRUCT)
    codes = [m.code for m in members if m is not None]
    if ret_scalar is not None:
        # pyACL's himpi convention reads the signed return as unsigned 32 bits: the format does it
        codes.append("I" if unsigned_ret and ret_scalar.code == "i" else ret_scalar.code)
    return OutForm(BUFFER, layout="@" + "".join(codes))
