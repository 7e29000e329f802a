"""acl.himpi VENC stream functions whose pyACL shape is a list of pack dicts, not a C pointer."""

from __future__ import annotations

from typing import Any

from .._generated._acl_cffi import ffi, lib
from ._common import address, require

# The keys of each pack dict pyACL returns and takes back (hi_venc_pack members it exposes).
_PACK_KEYS = ("phys_addr", "input_addr", "addr", "len", "pts", "is_frame_end", "offset", "data_num")


def _pack_dict(pack: Any) -> dict[str, int]:
    return {
        "phys_addr": pack.phys_addr,
        "input_addr": pack.input_addr,
        "addr": address(pack.addr),
        "len": pack.len,
        "pts": pack.pts,
        "is_frame_end": pack.is_frame_end,
        "offset": pack.offset,
        "data_num": pack.data_num,
    }


def venc_get_stream(chn: int, stream: dict[str, Any], milli_sec: int) -> tuple[dict[str, Any], int]:
    """Hand-written: pyACL sizes the pack array from the dict's pack_cnt and returns the packs as a list;
    on failure it gives back the caller's own dict."""
    function = "acl.himpi.venc_get_stream"
    require(function, "chn", chn, int)
    require(function, "stream", stream, dict)
    require(function, "milli_sec", milli_sec, int)
    count = stream.get("pack_cnt", 0)
    require(function, "stream['pack_cnt']", count, int)
    packs = ffi.new("hi_venc_pack[]", max(count, 1))
    c_stream = ffi.new("hi_venc_stream *")
    c_stream.pack = packs
    c_stream.pack_cnt = count
    ret = lib.hi_mpi_venc_get_stream(chn, address(c_stream), milli_sec) & 0xFFFFFFFF
    if ret != 0:
        return stream, ret
    taken = [_pack_dict(packs[i]) for i in range(c_stream.pack_cnt)]
    return {"pack_cnt": c_stream.pack_cnt, "seq": c_stream.seq, "pack": taken}, ret


def venc_release_stream(chn: int, stream: dict[str, Any]) -> int:
    """Hand-written: the stream dict carries its packs as a list of dicts (as venc_get_stream returned)."""
    function = "acl.himpi.venc_release_stream"
    require(function, "chn", chn, int)
    require(function, "stream", stream, dict)
    given = stream.get("pack", [])
    require(function, "stream['pack']", given, list)
    packs = ffi.new("hi_venc_pack[]", max(len(given), 1))
    try:
        for i, pack in enumerate(given):
            require(function, "stream['pack'][i]", pack, dict)
            for key in _PACK_KEYS:
                value = pack.get(key, 0)
                if key == "addr":
                    packs[i].addr = ffi.cast("hi_u8 *", value)
                else:
                    setattr(packs[i], key, value)
        c_stream = ffi.new("hi_venc_stream *")
        c_stream.pack = packs
        c_stream.pack_cnt = stream.get("pack_cnt", len(given))
        c_stream.seq = stream.get("seq", 0)
    except (TypeError, OverflowError) as e:
        raise type(e)(f"{function}: {e}") from None
    return lib.hi_mpi_venc_release_stream(chn, address(c_stream)) & 0xFFFFFFFF
