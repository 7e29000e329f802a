"""What an offline model (.om) file is, for `python -m acl info MODEL.om`.

Reads the same header fields as the emulator (emulator/model_om.c, where the layout is
documented) without loading any library, so it works on any backend.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

MAGIC = b"IMOD"
FIELDS_END = 184
MAX_PARTITIONS = 16
PARTITION_NAMES = ("model def", "weights", "task info", "TBE kernels", "custom AI CPU kernels")


class OmFormatError(ValueError):
    """The bytes are not a readable offline model header."""


@dataclass(frozen=True)
class Partition:
    kind: int
    offset: int
    size: int

    @property
    def name(self) -> str:
        return PARTITION_NAMES[self.kind] if self.kind < len(PARTITION_NAMES) else "unknown"


@dataclass(frozen=True)
class OmHeader:
    version: int
    header_size: int
    length: int
    encrypted: bool
    model_type: int
    name: str
    ir_version: int
    model_count: int
    platform_version: str
    platform_type: int
    partitions: list[Partition] = field(default_factory=list)


def _text(raw: bytes) -> str:
    return raw.split(b"\0", 1)[0].decode("utf-8", "replace")


def parse(data: bytes) -> OmHeader:
    if len(data) < FIELDS_END or not data.startswith(MAGIC):
        raise OmFormatError(
            f"offline model header is missing or truncated ({len(data)} bytes, need {FIELDS_END})"
        )
    header_size, version = struct.unpack_from("<II", data, 4)
    (length,) = struct.unpack_from("<I", data, 76)
    encrypted, _, model_type = data[80], data[81], data[82]
    ir_version, model_count = struct.unpack_from("<II", data, 152)
    if not FIELDS_END <= header_size <= len(data) - 4:
        raise OmFormatError(f"header size {header_size} is outside [{FIELDS_END}, {len(data) - 4}]")
    (count,) = struct.unpack_from("<I", data, header_size)
    table_end = header_size + 4 + 12 * count
    if count > MAX_PARTITIONS or table_end > len(data):
        raise OmFormatError(f"partition table of {count} entries does not fit in {len(data)} bytes")
    partitions = []
    for index in range(count):
        part = Partition(*struct.unpack_from("<III", data, header_size + 4 + 12 * index))
        if table_end + part.offset + part.size > len(data):
            raise OmFormatError(f"partition {index} ({part.name}) runs past the end of the file")
        partitions.append(part)
    return OmHeader(version, header_size, length, bool(encrypted), model_type, _text(data[84:116]),
                    ir_version, model_count, _text(data[160:180]), data[180], partitions)


def describe(path: str) -> list[str]:
    """Lines telling what the file is (raises OSError or OmFormatError)."""
    with open(path, "rb") as file:
        header = parse(file.read())
    lines = [
        f"model:      {path}",
        f"name:       {header.name or '(none)'}",
        f"format:     version {header.version}, IR version {header.ir_version}, "
        f"header {header.header_size} bytes",
        f"platform:   {header.platform_version or '(none)'} (type {header.platform_type})",
        f"encrypted:  {'yes' if header.encrypted else 'no'}",
    ]
    lines += [f"partition:  {p.name}, {p.size} bytes at {p.offset}" for p in header.partitions]
    return lines
