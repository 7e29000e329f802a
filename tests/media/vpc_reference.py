"""numpy references for the VPC tests, written from the formulas stated in the emulator sources
(emulator/dvpp_vpc.h, emulator/dvpp_formats.c), in floating point, independent of the C code.

Pictures are handled as component planes: {"Y", "U", "V"} for YUV formats (chroma at its own
subsampled size) or {"R", "G", "B", "A"} for RGB formats. `pack` lays planes out in a DVPP buffer
the way the runtime defines each format; `unpack` reads them back.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import acl


@dataclass(frozen=True)
class Layout:
    name: str
    kind: str  # "sp" semi-planar, "p422" packed 4:2:2, "p444" packed 4:4:4, "rgb"
    order: str  # chroma pair order (sp), byte order of a pixel pair/pixel (packed, rgb)
    shift_x: int = 0
    shift_y: int = 0

    @property
    def value(self) -> int:
        return int(getattr(acl, "PIXEL_FORMAT_" + self.name))

    @property
    def is_yuv(self) -> bool:
        return self.kind != "rgb"

    @property
    def bytes_per_pixel(self) -> int:
        return {"sp": 1, "p422": 2, "p444": 3}.get(self.kind, len(self.order))

    def components(self) -> tuple[str, ...]:
        if self.is_yuv:
            return ("Y",) if self.order == "" else ("Y", "U", "V")
        return tuple(c for c in "RGBA" if c in self.order)

    def chroma_size(self, w: int, h: int) -> tuple[int, int]:
        return -(-w // (1 << self.shift_x)), -(-h // (1 << self.shift_y))

    def buffer_size(self, ws: int, hs: int) -> int:
        if self.kind != "sp" or self.order == "":
            return ws * hs
        return ws * hs + 2 * ws * hs // (1 << (self.shift_x + self.shift_y))


FORMATS = {
    f.name: f
    for f in [
        Layout("YUV_400", "sp", ""),
        Layout("YUV_SEMIPLANAR_420", "sp", "UV", 1, 1),
        Layout("YVU_SEMIPLANAR_420", "sp", "VU", 1, 1),
        Layout("YUV_SEMIPLANAR_422", "sp", "UV", 1, 0),
        Layout("YVU_SEMIPLANAR_422", "sp", "VU", 1, 0),
        Layout("YUV_SEMIPLANAR_444", "sp", "UV"),
        Layout("YVU_SEMIPLANAR_444", "sp", "VU"),
        Layout("YUYV_PACKED_422", "p422", "YUYV", 1, 0),
        Layout("UYVY_PACKED_422", "p422", "UYVY", 1, 0),
        Layout("YVYU_PACKED_422", "p422", "YVYU", 1, 0),
        Layout("VYUY_PACKED_422", "p422", "VYUY", 1, 0),
        Layout("YUV_PACKED_444", "p444", "YUV"),
        Layout("RGB_888", "rgb", "RGB"),
        Layout("BGR_888", "rgb", "BGR"),
        Layout("ARGB_8888", "rgb", "ARGB"),
        Layout("ABGR_8888", "rgb", "ABGR"),
        Layout("RGBA_8888", "rgb", "RGBA"),
        Layout("BGRA_8888", "rgb", "BGRA"),
    ]
}


def aligned(n: int, a: int) -> int:
    return -(-n // a) * a


def strides(fmt: Layout, w: int, h: int, extra_w: int = 0, extra_h: int = 0) -> tuple[int, int]:
    """The smallest VPC strides (width stride 16-aligned and at least 32, in bytes; height stride even),
    plus extra."""
    return max(32, aligned(w * fmt.bytes_per_pixel, 16)) + extra_w, aligned(h, 2) + extra_h


def random_planes(fmt: Layout, w: int, h: int, rng: np.random.Generator) -> dict[str, np.ndarray]:
    planes = {}
    for comp in fmt.components():
        shape = (h, w) if comp in "YRGBA" else fmt.chroma_size(w, h)[::-1]
        planes[comp] = rng.integers(0, 256, size=shape, dtype=np.uint8)
    return planes


def pack(fmt: Layout, planes: dict[str, np.ndarray], ws: int, hs: int, fill: int = 0) -> np.ndarray:
    buf = np.full(fmt.buffer_size(ws, hs), fill, dtype=np.uint8)
    _planes_io(fmt, buf, planes, ws, hs, write=True)
    return buf


def unpack(fmt: Layout, buf: np.ndarray, w: int, h: int, ws: int, hs: int) -> dict[str, np.ndarray]:
    planes = {c: np.zeros((h, w), np.uint8) for c in fmt.components()}
    if fmt.is_yuv and fmt.order:
        cw, ch = fmt.chroma_size(w, h)
        planes["U"] = np.zeros((ch, cw), np.uint8)
        planes["V"] = np.zeros((ch, cw), np.uint8)
    _planes_io(fmt, buf, planes, ws, hs, write=False)
    return planes


def _move(dst_view: np.ndarray, plane: np.ndarray, write: bool) -> None:
    if write:
        dst_view[...] = plane
    else:
        plane[...] = dst_view


def _planes_io(
    fmt: Layout, buf: np.ndarray, planes: dict[str, np.ndarray], ws: int, hs: int, write: bool
) -> None:
    first = buf[: ws * hs].reshape(hs, ws)
    h, w = planes[fmt.components()[0]].shape
    if fmt.kind == "sp":
        _move(first[:h, :w], planes["Y"], write)
        if not fmt.order:
            return
        chroma_stride = 2 * ws >> fmt.shift_x
        chroma = buf[ws * hs :].reshape(-1, chroma_stride)
        ch, cw = planes["U"].shape
        for i, comp in enumerate(fmt.order):
            _move(chroma[:ch, i : 2 * cw : 2], planes[comp], write)
    elif fmt.kind == "p422":
        ys = [i for i, c in enumerate(fmt.order) if c == "Y"]
        pairs = first[:h, : 2 * w]
        y_plane = planes["Y"]
        _move(pairs[:, ys[0] :: 4][:, : -(-w // 2)], y_plane[:, 0::2], write)
        _move(pairs[:, ys[1] :: 4][:, : w // 2], y_plane[:, 1::2], write)
        for comp in "UV":
            _move(pairs[:, fmt.order.index(comp) :: 4], planes[comp], write)
    else:
        n = fmt.bytes_per_pixel
        pixels = first[:h, : n * w]
        for i, comp in enumerate(fmt.order):
            _move(pixels[:, i::n], planes[comp], write)


# ------------------------------------------------------------------ resampling


def _taps(src_n: int, dst_n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    pos = (np.arange(dst_n) + 0.5) * src_n / dst_n - 0.5
    pos = np.clip(pos, 0, src_n - 1)
    i0 = np.floor(pos).astype(int)
    i1 = np.minimum(i0 + 1, src_n - 1)
    return i0, i1, pos - i0


def resize_bilinear(plane: np.ndarray, out_w: int, out_h: int) -> np.ndarray:
    """Sample-centre bilinear: source position (x + 0.5) * in / out - 0.5, clamped, real weights."""
    a = plane.astype(np.float64)
    x0, x1, fx = _taps(a.shape[1], out_w)
    y0, y1, fy = _taps(a.shape[0], out_h)
    rows = a[:, x0] * (1 - fx) + a[:, x1] * fx
    out = rows[y0] * (1 - fy)[:, None] + rows[y1] * fy[:, None]
    return np.floor(out + 0.5)


def resize_nearest(plane: np.ndarray, out_w: int, out_h: int) -> np.ndarray:
    """OpenCV's INTER_NEAREST: source index floor(x * in / out), no half-sample shift."""
    in_h, in_w = plane.shape
    xs = np.minimum((np.arange(out_w) * in_w) // out_w, in_w - 1)
    ys = np.minimum((np.arange(out_h) * in_h) // out_h, in_h - 1)
    return plane[ys][:, xs].astype(np.float64)


# ------------------------------------------------------------------------- CSC

KR_KB = {"601": (0.299, 0.114), "709": (0.2126, 0.0722), "2020": (0.2627, 0.0593)}
MATRIX_NAMES = {
    0: ("601", False),
    1: ("601", True),
    2: ("709", False),
    3: ("709", True),
    4: ("2020", False),
    5: ("2020", True),
}


def _clip_round(x: np.ndarray) -> np.ndarray:
    return np.clip(np.floor(x + 0.5), 0, 255)


def rgb_to_yuv(r: np.ndarray, g: np.ndarray, b: np.ndarray, matrix: int) -> tuple[np.ndarray, ...]:
    std, narrow = MATRIX_NAMES[matrix]
    kr, kb = KR_KB[std]
    kg = 1 - kr - kb
    r, g, b = (c.astype(np.float64) for c in (r, g, b))
    luma = kr * r + kg * g + kb * b
    ys, cs = (219 / 255, 224 / 255) if narrow else (1.0, 1.0)
    y = (16 if narrow else 0) + ys * luma
    u = 128 + cs * (b - luma) / (2 * (1 - kb))
    v = 128 + cs * (r - luma) / (2 * (1 - kr))
    return _clip_round(y), _clip_round(u), _clip_round(v)


def yuv_to_rgb(y: np.ndarray, u: np.ndarray, v: np.ndarray, matrix: int) -> tuple[np.ndarray, ...]:
    std, narrow = MATRIX_NAMES[matrix]
    kr, kb = KR_KB[std]
    kg = 1 - kr - kb
    y, u, v = (c.astype(np.float64) for c in (y, u, v))
    if narrow:
        yp, up, vp = (y - 16) * 255 / 219, (u - 128) * 255 / 224, (v - 128) * 255 / 224
    else:
        yp, up, vp = y, u - 128, v - 128
    r = yp + 2 * (1 - kr) * vp
    g = yp - 2 * kb * (1 - kb) / kg * up - 2 * kr * (1 - kr) / kg * vp
    b = yp + 2 * (1 - kb) * up
    return _clip_round(r), _clip_round(g), _clip_round(b)


def convert(planes: dict[str, np.ndarray], src: Layout, dst: Layout, matrix: int) -> dict[str, np.ndarray]:
    """Picture conversion as stated in dvpp_formats.h: chroma resampled bilinearly, CSC at full size."""
    h, w = planes["Y" if src.is_yuv else "R"].shape
    if src.is_yuv:
        u = planes.get("U", np.full(src.chroma_size(w, h)[::-1], 128, np.uint8))
        v = planes.get("V", np.full(src.chroma_size(w, h)[::-1], 128, np.uint8))
    if src.is_yuv and dst.is_yuv:
        cw, ch = dst.chroma_size(w, h)
        return {
            "Y": planes["Y"].astype(np.float64),
            "U": resize_bilinear(u, cw, ch),
            "V": resize_bilinear(v, cw, ch),
        }
    if not src.is_yuv and not dst.is_yuv:
        out = {c: planes[c].astype(np.float64) for c in "RGB"}
        out["A"] = planes["A"].astype(np.float64) if "A" in planes else np.full((h, w), 255.0)
        return out
    if src.is_yuv:
        full_u, full_v = resize_bilinear(u, w, h), resize_bilinear(v, w, h)
        r, g, b = yuv_to_rgb(planes["Y"], full_u, full_v, matrix)
        return {"R": r, "G": g, "B": b, "A": np.full((h, w), 255.0)}
    y, u, v = rgb_to_yuv(planes["R"], planes["G"], planes["B"], matrix)
    cw, ch = dst.chroma_size(w, h)
    return {"Y": y, "U": resize_bilinear(u, cw, ch), "V": resize_bilinear(v, cw, ch)}


# ----------------------------------------------------------- borders, pyramid

BORDER_NUMPY_MODES = {0: "constant", 1: "edge", 2: "symmetric", 3: "reflect"}


def make_border(
    plane: np.ndarray, top: int, bottom: int, left: int, right: int, kind: int, value: int
) -> np.ndarray:
    mode = BORDER_NUMPY_MODES[kind]
    pad = ((top, bottom), (left, right))
    if mode == "constant":
        return np.pad(plane, pad, mode="constant", constant_values=value)
    return np.pad(plane, pad, mode=mode)


def pyr_down(plane: np.ndarray, out_w: int, out_h: int) -> np.ndarray:
    """Binomial 5x5 filter ([1 4 6 4 1] / 16 per axis), borders mirrored without the edge, step 2."""
    k = np.array([1, 4, 6, 4, 1], dtype=np.float64)
    a = np.pad(plane.astype(np.float64), 2, mode="reflect")
    rows = sum(k[i] * a[i : i + plane.shape[0]] for i in range(5))
    full = sum(k[i] * rows[:, i : i + plane.shape[1]] for i in range(5))
    return np.floor(full[0 : 2 * out_h : 2, 0 : 2 * out_w : 2] / 256 + 0.5)


def expand_420(fmt: Layout, planes: dict[str, np.ndarray]) -> list[np.ndarray]:
    """A YUV420SP picture at full resolution as the hi_mpi filters / drawings see it (their rule in
    docs/himpi_vpc_filters.md): [Y, first chroma byte, second chroma byte] (memory order: U, V for
    NV12, V, U for NV21), each chroma sample repeated over its 2x2 block."""
    h, w = planes["Y"].shape
    full = [planes[c].repeat(2, axis=0).repeat(2, axis=1)[:h, :w] for c in fmt.order]
    return [planes["Y"], *full]


def reduce_420(fmt: Layout, channels: list[np.ndarray]) -> dict[str, np.ndarray]:
    """The inverse step: luma kept, each 2x2 chroma block (cut at odd edges) its mean rounded half up."""
    h, w = channels[0].shape
    cw, ch = fmt.chroma_size(w, h)
    out = {"Y": channels[0].astype(np.uint8)}
    for name, plane in zip(fmt.order, channels[1:]):
        p = plane.astype(np.int64)
        total = np.zeros((ch, cw), np.int64)
        count = np.zeros((ch, cw), np.int64)
        for dy in (0, 1):
            for dx in (0, 1):
                part = p[dy::2, dx::2]
                total[: part.shape[0], : part.shape[1]] += part
                count[: part.shape[0], : part.shape[1]] += 1
        out[name] = ((2 * total + count) // (2 * count)).astype(np.uint8)
    return out
