"""JPEGE on the emulator: YUV pictures in DVPP memory -> JPEG, decoded again with Pillow (libjpeg)
and compared with the input by PSNR; predicted sizes, levels, the documented input constraints."""

from __future__ import annotations

import io
from typing import Any

import pytest

pytestmark = pytest.mark.numpy
np = pytest.importorskip("numpy")
Image = pytest.importorskip("PIL.Image")
pytest.importorskip("av")

import acl  # noqa: E402

NV12 = acl.PIXEL_FORMAT_YUV_SEMIPLANAR_420
NV21 = acl.PIXEL_FORMAT_YVU_SEMIPLANAR_420
YUYV = acl.PIXEL_FORMAT_YUYV_PACKED_422
UYVY = acl.PIXEL_FORMAT_UYVY_PACKED_422


def psnr(a: np.ndarray, b: np.ndarray) -> float:
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return float("inf") if mse == 0 else 10 * np.log10(255.0**2 / mse)


def smooth_ycbcr(w: int, h: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w].astype(np.float64)
    channels = [
        128 + 90 * np.sin(x / 9.0 + k) * np.cos(y / 13.0 - k) + rng.normal(0, 3, (h, w)) for k in range(3)
    ]
    rgb = np.clip(np.stack(channels, axis=-1), 0, 255).astype(np.uint8)
    return np.asarray(Image.fromarray(rgb).convert("YCbCr"))


def subsample(plane: np.ndarray, fy: int, fx: int) -> np.ndarray:
    h, w = plane.shape
    return plane.reshape(h // fy, fy, w // fx, fx).mean(axis=(1, 3)).round().astype(np.uint8)


def semiplanar(ycc: np.ndarray, ws: int, hs: int, v_first: bool) -> bytes:
    h, w, _ = ycc.shape
    buf = np.zeros(ws * hs * 3 // 2, np.uint8)
    buf[: ws * hs].reshape(hs, ws)[:h, :w] = ycc[..., 0]
    u, v = subsample(ycc[..., 1], 2, 2), subsample(ycc[..., 2], 2, 2)
    pair = np.stack([v, u] if v_first else [u, v], axis=-1).reshape(h // 2, w)
    buf[ws * hs :].reshape(hs // 2, ws)[: h // 2, :w] = pair
    return buf.tobytes()


def packed422(ycc: np.ndarray, ws: int, hs: int, order: str) -> bytes:
    h, w, _ = ycc.shape
    y = ycc[..., 0]
    u, v = subsample(ycc[..., 1], 1, 2), subsample(ycc[..., 2], 1, 2)
    samples = {"Y0": y[:, 0::2], "Y1": y[:, 1::2], "U": u, "V": v}
    line = np.stack([samples[name] for name in order.split()], axis=-1).reshape(h, w * 2)
    buf = np.zeros(ws * hs, np.uint8)
    buf.reshape(hs, ws)[:h, : w * 2] = line
    return buf.tobytes()


def encode(dvpp: Any, pixels: bytes, fmt: int, w: int, h: int, ws: int, hs: int, level: int = 100) -> bytes:
    media = dvpp.media
    source = dvpp.upload(pixels)
    desc = dvpp.pic_desc(source, len(pixels), fmt, width=w, height=h, width_stride=ws, height_stride=hs)
    config = media.dvpp_create_jpege_config()
    try:
        assert media.dvpp_set_jpege_config_level(config, level) == acl.ACL_SUCCESS
        predicted, ret = media.dvpp_jpeg_predict_enc_size(desc, config)
        assert ret == acl.ACL_SUCCESS, acl.get_recent_err_msg()
        out = dvpp.malloc(predicted)
        size = np.array([predicted], dtype=np.uint32)
        size_ptr = size.ctypes.data
        ret = media.dvpp_jpeg_encode_async(dvpp.channel, desc, out, size_ptr, config, dvpp.stream)
        assert ret == acl.ACL_SUCCESS, acl.get_recent_err_msg()
        assert dvpp.sync() == acl.ACL_SUCCESS, acl.get_recent_err_msg()
        written = int(size[0])
        assert 0 < written <= predicted
        return dvpp.download(out, written)
    finally:
        media.dvpp_destroy_jpege_config(config)


def decoded_ycbcr(jpeg: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(jpeg)).convert("YCbCr"))


@pytest.mark.parametrize(
    ("fmt", "w", "h"), [(NV12, 64, 48), (NV21, 96, 64), (NV12, 640, 360), (NV12, 34, 32)]
)
def test_semiplanar_round_trip(dvpp: Any, fmt: int, w: int, h: int) -> None:
    ycc = smooth_ycbcr(w, h)
    ws, hs = (w + 15) // 16 * 16, h
    jpeg = encode(dvpp, semiplanar(ycc, ws, hs, fmt == NV21), fmt, w, h, ws, hs)
    image = Image.open(io.BytesIO(jpeg))
    assert image.size == (w, h)
    back = decoded_ycbcr(jpeg)
    assert psnr(back[..., 0], ycc[..., 0]) >= 35
    for c in (1, 2):
        assert psnr(subsample(back[..., c], 2, 2), subsample(ycc[..., c], 2, 2)) >= 35


@pytest.mark.parametrize(("fmt", "order"), [(YUYV, "Y0 U Y1 V"), (UYVY, "U Y0 V Y1")])
def test_packed422_round_trip(dvpp: Any, fmt: int, order: str) -> None:
    w, h = 80, 45
    ycc = smooth_ycbcr(w, h, seed=1)
    ws = (w * 2 + 15) // 16 * 16
    jpeg = encode(dvpp, packed422(ycc, ws, h, order), fmt, w, h, ws, h)
    back = decoded_ycbcr(jpeg)
    assert psnr(back[..., 0], ycc[..., 0]) >= 35
    for c in (1, 2):
        assert psnr(subsample(back[..., c], 1, 2), subsample(ycc[..., c], 1, 2)) >= 35


def test_lower_level_gives_smaller_file_and_lower_quality(dvpp: Any) -> None:
    w, h = 128, 96
    ycc = smooth_ycbcr(w, h, seed=2)
    pixels = semiplanar(ycc, w, h, False)
    fine = encode(dvpp, pixels, NV12, w, h, w, h, level=100)
    coarse = encode(dvpp, pixels, NV12, w, h, w, h, level=10)
    assert len(coarse) < len(fine)
    assert psnr(decoded_ycbcr(coarse)[..., 0], ycc[..., 0]) < psnr(decoded_ycbcr(fine)[..., 0], ycc[..., 0])


def test_predicted_size_covers_noise(dvpp: Any) -> None:
    """Pure noise is the worst case for the entropy coder; the prediction must still hold it."""
    w, h = 96, 64
    rng = np.random.default_rng(7)
    ycc = rng.integers(0, 256, (h, w, 3), dtype=np.uint8)
    jpeg = encode(dvpp, semiplanar(ycc, w, h, False), NV12, w, h, w, h)  # asserts written <= predicted
    assert Image.open(io.BytesIO(jpeg)).size == (w, h)


def test_output_buffer_too_small_fails_the_task(dvpp: Any) -> None:
    media = dvpp.media
    w, h = 64, 64
    pixels = semiplanar(smooth_ycbcr(w, h), w, h, False)
    source = dvpp.upload(pixels)
    desc = dvpp.pic_desc(source, len(pixels), NV12, width=w, height=h, width_stride=w, height_stride=h)
    config = media.dvpp_create_jpege_config()
    out = dvpp.malloc(64)
    size = np.array([64], dtype=np.uint32)
    try:
        ret = media.dvpp_jpeg_encode_async(dvpp.channel, desc, out, size.ctypes.data, config, dvpp.stream)
        assert ret == acl.ACL_SUCCESS
        assert dvpp.sync() == acl.ACL_ERROR_RT_AICPU_EXCEPTION
        assert "bytes" in acl.get_recent_err_msg()
    finally:
        media.dvpp_destroy_jpege_config(config)


@pytest.mark.parametrize(
    ("fmt", "w", "h", "ws", "hs"),
    [
        (acl.PIXEL_FORMAT_RGB_888, 64, 64, 192, 64),  # not a JPEGE input format
        (NV12, 63, 64, 64, 64),  # odd width
        (NV12, 64, 63, 64, 64),  # odd height for 4:2:0
        (NV12, 64, 64, 72, 64),  # stride not a multiple of 16
        (NV12, 64, 64, 64, 60),  # height stride below the height
        (YUYV, 64, 64, 64, 64),  # packed stride below twice the width
        (NV12, 16, 16, 16, 16),  # below 32x32
    ],
)
def test_input_constraints(dvpp: Any, fmt: int, w: int, h: int, ws: int, hs: int) -> None:
    media = dvpp.media
    data = dvpp.malloc(ws * hs * 3)
    desc = dvpp.pic_desc(data, ws * hs * 3, fmt, width=w, height=h, width_stride=ws, height_stride=hs)
    config = media.dvpp_create_jpege_config()
    out = dvpp.malloc(4096)
    size = np.array([4096], dtype=np.uint32)
    try:
        ret = media.dvpp_jpeg_encode_async(dvpp.channel, desc, out, size.ctypes.data, config, dvpp.stream)
        assert ret == acl.ACL_ERROR_INVALID_PARAM
        assert "acldvppJpegEncodeAsync" in acl.get_recent_err_msg()
        assert media.dvpp_jpeg_predict_enc_size(desc, config)[1] == acl.ACL_ERROR_INVALID_PARAM
    finally:
        media.dvpp_destroy_jpege_config(config)
