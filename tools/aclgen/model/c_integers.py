"""The C integer types as gcc has them on x86_64 (LP64), and the integer promotions: facts of the
language that both the constant evaluator (front) and the C++ cross-check (verify) apply."""

from __future__ import annotations

# C type name -> (bits, signed). `char` is signed on x86_64.
INTEGER_TYPES: dict[str, tuple[int, bool]] = {
    "_Bool": (8, False),
    "char": (8, True),
    "signed char": (8, True),
    "unsigned char": (8, False),
    "short": (16, True),
    "unsigned short": (16, False),
    "int": (32, True),
    "unsigned int": (32, False),
    "long": (64, True),
    "unsigned long": (64, False),
    "long long": (64, True),
    "unsigned long long": (64, False),
}
_RANK = {"int": 1, "long": 2, "long long": 3}


def promote(c_type: str) -> str:
    """The type an operand of `c_type` has after the integer promotions."""
    bits, _ = INTEGER_TYPES[c_type]
    return "int" if bits < 32 else c_type
