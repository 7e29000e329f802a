"""Evaluate C integer constant expressions in Python with the semantics gcc has on x86_64 (LP64).

Used for the expanded text of object-like macros, enumerator values and static const
initialisers. A value carries its C type; literals get their type from suffix and magnitude,
operators apply the integer promotions and the usual arithmetic conversions, casts wrap.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Callable, Optional

from aclgen.model.c_integers import _RANK, INTEGER_TYPES, promote

_SPECIFIER_WORDS = {"signed", "unsigned", "char", "short", "int", "long", "_Bool", "const", "volatile"}


class NotConstant(Exception):
    """The text is not an integer constant expression we can evaluate; str() is the reason."""


@dataclass(frozen=True)
class Value:
    value: int
    c_type: str


def canonical_integer_type(words: list[str]) -> Optional[str]:
    """`['unsigned']` -> 'unsigned int', `['long', 'int']` -> 'long'; None if not an integer type."""
    words = [w for w in words if w not in ("const", "volatile")]
    if not words or any(w not in _SPECIFIER_WORDS for w in words):
        return None
    if words == ["_Bool"]:
        return "_Bool"
    unsigned = "unsigned" in words
    longs = words.count("long")
    if "char" in words:
        if unsigned:
            return "unsigned char"
        return "signed char" if "signed" in words else "char"
    if "short" in words:
        base = "short"
    elif longs >= 2:
        base = "long long"
    elif longs == 1:
        base = "long"
    else:
        base = "int"
    return f"unsigned {base}" if unsigned else base


def wrap(value: int, c_type: str) -> int:
    bits, signed = INTEGER_TYPES[c_type]
    value &= (1 << bits) - 1
    if signed and value >= 1 << (bits - 1):
        value -= 1 << bits
    return value


def _fits(value: int, c_type: str) -> bool:
    bits, signed = INTEGER_TYPES[c_type]
    if signed:
        return -(1 << (bits - 1)) <= value < (1 << (bits - 1))
    return 0 <= value < (1 << bits)


def common_type(a: str, b: str) -> str:
    """The usual arithmetic conversions for two integer types."""
    a, b = promote(a), promote(b)
    if a == b:
        return a
    a_signed, b_signed = INTEGER_TYPES[a][1], INTEGER_TYPES[b][1]
    a_base, b_base = a.replace("unsigned ", ""), b.replace("unsigned ", "")
    if a_signed == b_signed:
        return a if _RANK[a_base] >= _RANK[b_base] else b
    unsigned, signed = (a, b) if not a_signed else (b, a)
    if _RANK[unsigned.replace("unsigned ", "")] >= _RANK[signed]:
        return unsigned
    if INTEGER_TYPES[signed][0] > INTEGER_TYPES[unsigned][0]:
        return signed
    return f"unsigned {signed}"


_LITERAL = re.compile(r"(0[xX][0-9a-fA-F]+|0[bB][01]+|[0-9]+)([uUlL]*)$")


def literal(text: str) -> Value:
    m = _LITERAL.match(text)
    if not m:
        raise NotConstant(f"not an integer literal: {text}")
    digits, suffix = m.group(1), m.group(2).lower()
    if digits[:2].lower() == "0x":
        value, decimal = int(digits, 16), False
    elif digits[:2].lower() == "0b":
        value, decimal = int(digits[2:], 2), False
    elif len(digits) > 1 and digits[0] == "0":
        value, decimal = int(digits, 8), False
    else:
        value, decimal = int(digits), True
    unsigned = "u" in suffix
    longs = suffix.count("l")
    if suffix.replace("u", "") not in ("", "l", "ll"):
        raise NotConstant(f"bad integer suffix: {text}")
    candidates = ["int", "long", "long long"][min(longs, 2) :]
    ordered: list[str] = []
    for base in candidates:
        if unsigned:
            ordered.append(f"unsigned {base}")
        else:
            ordered.append(base)
            if not decimal:
                ordered.append(f"unsigned {base}")
    for c_type in ordered:
        if _fits(value, c_type):
            return Value(value, c_type)
    if not unsigned and _fits(value, "unsigned long long"):
        return Value(value, "unsigned long long")  # gcc's extension, with a warning
    raise NotConstant(f"integer literal too large: {text}")


_CHAR_ESCAPES = {
    "n": 10,
    "t": 9,
    "r": 13,
    "0": 0,
    "\\": 92,
    "'": 39,
    '"': 34,
    "a": 7,
    "b": 8,
    "f": 12,
    "v": 11,
}


def char_literal(text: str) -> Value:
    body = text[1:-1]
    if len(body) == 1:
        return Value(wrap(ord(body), "char"), "int")
    if body.startswith("\\") and len(body) == 2 and body[1] in _CHAR_ESCAPES:
        return Value(_CHAR_ESCAPES[body[1]], "int")
    if body.startswith("\\x"):
        return Value(wrap(int(body[2:], 16), "char"), "int")
    if body.startswith("\\") and body[1:].isdigit():
        return Value(wrap(int(body[1:], 8), "char"), "int")
    raise NotConstant(f"unsupported character literal {text}")


_TOKEN = re.compile(
    r"\s*(?:(?P<num>(?:0[xX][0-9a-fA-F]+|[0-9]+)[uUlL]*)(?![\w.])"
    r"|(?P<char>'(?:[^'\\]|\\.)+')"
    r"|(?P<str>\"(?:[^\"\\]|\\.)*\")"
    r"|(?P<float>[0-9]*\.[0-9]+(?:[eE][-+]?[0-9]+)?[fFlL]?|[0-9]+(?:\.[0-9]*)?[eE][-+]?[0-9]+[fFlL]?|[0-9]+\.[fFlL]?)"
    r"|(?P<id>[A-Za-z_]\w*)"
    r"|(?P<op><<|>>|<=|>=|==|!=|&&|\|\||[-+*/%()~!<>&|^?:,]))"
)


def tokenize(text: str) -> list[tuple[str, str]]:
    tokens: list[tuple[str, str]] = []
    pos = 0
    text = text.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise NotConstant(f"unexpected text {text[pos : pos + 20]!r}")
        kind = m.lastgroup or ""
        tokens.append((kind, m.group(kind)))
        pos = m.end()
        while pos < len(text) and text[pos].isspace():
            pos += 1
    return tokens


# Precedence climbing: operator -> (precedence, function of two Values)
_BINARY_PRECEDENCE = {
    "*": 10, "/": 10, "%": 10,
    "+": 9, "-": 9,
    "<<": 8, ">>": 8,
    "<": 7, ">": 7, "<=": 7, ">=": 7,
    "==": 6, "!=": 6,
    "&": 5, "^": 4, "|": 3, "&&": 2, "||": 1,
}  # fmt: skip


class Evaluator:
    """Evaluates one expression.

    `typedefs` maps a typedef name to its integer C type ('unsigned int'...) or to None when the
    name is a typedef of a non-integer type. `identifiers` gives the values of enumerators and
    other named constants.
    """

    def __init__(
        self,
        typedefs: Mapping[str, Optional[str]],
        identifiers: Callable[[str], Optional[Value]],
    ) -> None:
        self.typedefs = typedefs
        self.identifiers = identifiers
        self.tokens: list[tuple[str, str]] = []
        self.pos = 0

    def evaluate(self, text: str) -> Value:
        if not text.strip():
            raise NotConstant("empty")
        self.tokens = tokenize(text)
        self.pos = 0
        for kind, tok in self.tokens:
            if kind == "str":
                raise NotConstant("a string")
            if kind == "float":
                raise NotConstant("a floating-point value")
            if tok == "sizeof" or tok == "_Alignof":
                raise NotConstant("uses sizeof")
        value = self._conditional()
        if self.pos != len(self.tokens):
            raise NotConstant(f"unexpected {self.tokens[self.pos][1]!r}")
        return value

    def _peek(self) -> Optional[str]:
        return self.tokens[self.pos][1] if self.pos < len(self.tokens) else None

    def _take(self, expected: Optional[str] = None) -> str:
        if self.pos >= len(self.tokens):
            raise NotConstant("unexpected end of expression")
        tok = self.tokens[self.pos][1]
        if expected is not None and tok != expected:
            raise NotConstant(f"expected {expected!r}, found {tok!r}")
        self.pos += 1
        return tok

    def _conditional(self) -> Value:
        cond = self._binary(1)
        if self._peek() != "?":
            return cond
        self._take("?")
        when_true = self._conditional()
        self._take(":")
        when_false = self._conditional()
        c_type = common_type(when_true.c_type, when_false.c_type)
        chosen = when_true if cond.value else when_false
        return Value(wrap(chosen.value, c_type), c_type)

    def _binary(self, min_precedence: int) -> Value:
        left = self._unary()
        while True:
            op = self._peek()
            if op is None or self.tokens[self.pos][0] != "op" or op not in _BINARY_PRECEDENCE:
                return left
            precedence = _BINARY_PRECEDENCE[op]
            if precedence < min_precedence:
                return left
            self._take()
            right = self._binary(precedence + 1)
            left = apply_binary(op, left, right)

    def _cast_type(self) -> Optional[str]:
        """If the tokens after '(' spell a type name followed by ')', consume them and return it."""
        start = self.pos
        words: list[str] = []
        while self.pos < len(self.tokens) and self.tokens[self.pos][0] == "id":
            words.append(self.tokens[self.pos][1])
            self.pos += 1
        if words and self._peek() == ")":
            plain = [w for w in words if w not in ("const", "volatile")]
            c_type = canonical_integer_type(plain)
            if c_type is None and len(plain) == 1 and plain[0] in self.typedefs:
                c_type = self.typedefs[plain[0]]
                if c_type is None:
                    raise NotConstant(f"cast to non-integer type {plain[0]}")
            if c_type is not None:
                self._take(")")
                return c_type
        if words and self._peek() == "*":
            raise NotConstant("cast to a pointer type")
        self.pos = start
        return None

    def _unary(self) -> Value:
        tok = self._peek()
        if tok is None:
            raise NotConstant("unexpected end of expression")
        kind = self.tokens[self.pos][0]
        if kind == "op" and tok in ("-", "+", "~", "!"):
            self._take()
            return apply_unary(tok, self._unary())
        if tok == "(":
            self._take()
            cast = self._cast_type()
            if cast is not None:
                operand = self._unary()
                return Value(wrap(operand.value, cast), cast)
            inner = self._conditional()
            self._take(")")
            return inner
        self._take()
        if kind == "num":
            return literal(tok)
        if kind == "char":
            return char_literal(tok)
        if kind == "id":
            known = self.identifiers(tok)
            if known is None:
                raise NotConstant(f"names {tok}, which no header defines as a constant")
            return known
        raise NotConstant(f"unexpected {tok!r}")


def apply_unary(op: str, operand: Value) -> Value:
    if op == "!":
        return Value(int(operand.value == 0), "int")
    c_type = promote(operand.c_type)
    if op == "-":
        return Value(wrap(-operand.value, c_type), c_type)
    if op == "~":
        return Value(wrap(~operand.value, c_type), c_type)
    return Value(operand.value, c_type)


def _truncating_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def apply_binary(op: str, left: Value, right: Value) -> Value:
    if op in ("&&", "||"):
        truth = (
            (left.value != 0 and right.value != 0) if op == "&&" else (left.value != 0 or right.value != 0)
        )
        return Value(int(truth), "int")
    if op in ("<<", ">>"):
        c_type = promote(left.c_type)
        shift = right.value
        if shift < 0 or shift >= INTEGER_TYPES[c_type][0]:
            raise NotConstant("shift count out of range")
        result = left.value << shift if op == "<<" else left.value >> shift
        return Value(wrap(result, c_type), c_type)
    c_type = common_type(left.c_type, right.c_type)
    a, b = wrap(left.value, c_type), wrap(right.value, c_type)
    if op in ("<", ">", "<=", ">=", "==", "!="):
        truth = {"<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b, "==": a == b, "!=": a != b}[op]
        return Value(int(truth), "int")
    if op in ("/", "%") and b == 0:
        raise NotConstant("division by zero")
    if op == "+":
        result = a + b
    elif op == "-":
        result = a - b
    elif op == "*":
        result = a * b
    elif op == "/":
        result = _truncating_div(a, b)
    elif op == "%":
        result = a - _truncating_div(a, b) * b
    elif op == "&":
        result = a & b
    elif op == "|":
        result = a | b
    elif op == "^":
        result = a ^ b
    else:
        raise NotConstant(f"unsupported operator {op}")
    return Value(wrap(result, c_type), c_type)
