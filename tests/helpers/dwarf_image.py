"""Hand-built ELF64 images with DWARF debug info, for tests of the emulator's DWARF reader.

Compilers emit only some forms, versions and layouts; these images carry any of them, so a test
can put every form, every DWARF version, both offset sizes and odd graphs (loops, references
across units) in front of the reader. DIEs are written from a flat list: ("label", tag, children,
[(attribute, form, value)]) entries and END markers; a value may be Ref("label"), resolved to the
form's kind of reference (unit-relative, or a section offset for DW_FORM_ref_addr).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Any, Union

END = "END"
ADDRESS_SIZE = 8


@dataclass(frozen=True)
class Ref:
    label: str


def uleb(value: int, width: int = 0) -> bytes:
    """ULEB128 of `value`, padded with continuation bytes to `width` bytes when asked."""
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            break
    while len(out) < width:
        out[-1] |= 0x80
        out.append(0)
    return bytes(out)


def sleb(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        done = (value == 0 and not byte & 0x40) or (value == -1 and byte & 0x40)
        out.append(byte | (0 if done else 0x80))
        if done:
            return bytes(out)


Die = Union[str, tuple[str, int, bool, list[tuple[int, int, Any]]]]


@dataclass
class UnitSpec:
    version: int
    offset_size: int
    dies: list[Die]


def _value(form: int, value: Any, unit: UnitSpec, unit_start: int, labels: dict[str, int]) -> bytes:
    o = unit.offset_size
    if isinstance(value, Ref):
        target = labels.get(value.label, unit_start)  # first pass: any in-range placeholder
        value = target if form == 0x10 else target - unit_start
    fixed = {0x0B: 1, 0x05: 2, 0x06: 4, 0x07: 8, 0x11: 1, 0x12: 2, 0x13: 4, 0x14: 8, 0x0C: 1,
             0x25: 1, 0x26: 2, 0x27: 3, 0x28: 4, 0x29: 1, 0x2A: 2, 0x2B: 3, 0x2C: 4,
             0x20: 8, 0x1C: 4, 0x24: 8, 0x01: ADDRESS_SIZE, 0x1E: 16}
    if form in fixed:
        return int(value).to_bytes(fixed[form], "little")
    if form in (0x0E, 0x1F, 0x17, 0x1D, 0x1F20, 0x1F21):
        return int(value).to_bytes(o, "little")
    if form == 0x10:
        return int(value).to_bytes(ADDRESS_SIZE if unit.version == 2 else o, "little")
    if form == 0x15:
        return uleb(value, 4)  # padded, so the layout does not depend on the value
    if form in (0x0F, 0x1A, 0x1B, 0x22, 0x23, 0x1F01, 0x1F02):
        return uleb(value)
    if form == 0x0D:
        return sleb(value)
    if form == 0x08:
        return value.encode() + b"\0"
    if form in (0x09, 0x18):
        return uleb(len(value)) + value
    if form in (0x0A, 0x03, 0x04):
        width = {0x0A: 1, 0x03: 2, 0x04: 4}[form]
        return len(value).to_bytes(width, "little") + value
    if form in (0x19, 0x21):
        return b""
    if form == 0x16:
        actual, inner = value
        return uleb(actual) + _value(actual, inner, unit, unit_start, labels)
    raise ValueError(f"form {form:#x}")


def build_debug(units: list[UnitSpec]) -> tuple[bytes, bytes]:
    """(.debug_info, .debug_abbrev) for `units`; each unit has its own abbreviation table."""
    labels: dict[str, int] = {}
    for _ in range(2):  # the second pass sees every label's offset
        info, abbrev = bytearray(), bytearray()
        for unit in units:
            abbrev_offset = len(abbrev)
            code = 0
            body = bytearray()
            start = len(info)
            length_size = 12 if unit.offset_size == 8 else 4
            header_size = length_size + 2 + (2 if unit.version == 5 else 1) + unit.offset_size
            for die in unit.dies:
                if die == END:
                    body.append(0)
                    continue
                label, tag, children, attrs = die
                labels[label] = start + header_size + len(body)
                code += 1
                abbrev += uleb(code) + uleb(tag) + bytes([1 if children else 0])
                for attr, form, value in attrs:
                    abbrev += uleb(attr) + uleb(form) + (sleb(value) if form == 0x21 else b"")
                abbrev += b"\0\0"
                body += uleb(code)
                for _attr, form, value in attrs:
                    body += _value(form, value, unit, start, labels)
            abbrev += b"\0"
            where = abbrev_offset.to_bytes(unit.offset_size, "little")
            if unit.version == 5:
                rest = struct.pack("<HBB", 5, 1, ADDRESS_SIZE) + where
            else:
                rest = struct.pack("<H", unit.version) + where + bytes([ADDRESS_SIZE])
            length = len(rest) + len(body)
            if unit.offset_size == 4:
                head = struct.pack("<I", length)
            else:
                head = struct.pack("<IQ", 0xFFFFFFFF, length)
            info += head + rest + body
    return bytes(info), bytes(abbrev)


def elf_image(sections: dict[str, bytes], functions: list[str]) -> bytes:
    """A little-endian x86-64 ELF64 shared object holding `sections` and a symbol table naming
    `functions` (undefined function symbols: enough for aclrtBinaryGetFunction)."""
    strtab = b"\0" + b"".join(name.encode() + b"\0" for name in functions)
    symtab = bytearray(24)
    at = 1
    for name in functions:
        symtab += struct.pack("<IBBHQQ", at, 0x12, 0, 0, 0, 0)
        at += len(name) + 1
    named = [(".strtab", 3, strtab, 0, 0), (".symtab", 2, bytes(symtab), 2, 24)]
    named += [(name, 1, data, 0, 0) for name, data in sections.items()]
    shstrtab = bytearray(b"\0")
    name_at = []
    for name in [".shstrtab"] + [n for n, *_ in named]:
        name_at.append(len(shstrtab))
        shstrtab += name.encode() + b"\0"
    blobs = [(".shstrtab", 3, bytes(shstrtab), 0, 0), *named]
    body = bytearray()
    offsets = []
    for _, _, data, _, _ in blobs:
        offsets.append(64 + len(body))
        body += data
    shoff = 64 + len(body)
    headers = bytearray(64)  # the null section
    for index, (_, kind, data, link, entsize) in enumerate(blobs):
        headers += struct.pack("<IIQQQQIIQQ", name_at[index], kind, 0, 0, offsets[index], len(data), link, 0,
                               1, entsize)
    ident = b"\x7fELF\x02\x01\x01" + bytes(9)
    header = ident + struct.pack("<HHIQQQIHHHHHH", 3, 62, 1, 0, 0, shoff, 0, 64, 0, 0, 64, len(blobs) + 1, 1)
    return header + bytes(body) + bytes(headers)
