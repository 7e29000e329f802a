"""PNGD on the emulator against Pillow, exactly: RGB, RGBA, gray, gray + alpha, palette (with and
without transparency), 16-bit; image info and predicted sizes from the documented formula."""

from __future__ import annotations

import io
from typing import Any

import pytest

pytestmark = pytest.mark.numpy
np = pytest.importorskip("numpy")
Image = pytest.importorskip("PIL.Image")
pytest.importorskip("av")

import acl  # noqa: E402

RGB888 = acl.PIXEL_FORMAT_RGB_888
RGBA8888 = acl.PIXEL_FORMAT_RGBA_8888


def align(value: int, to: int) -> int:
    return (value + to - 1) // to * to


def png_bytes(image: Any, **options: Any) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", **options)
    return out.getvalue()


def random_image(mode: str, w: int, h: int, seed: int = 0) -> Any:
    rng = np.random.default_rng(seed)
    if mode in ("RGB", "RGBA"):
        return Image.fromarray(rng.integers(0, 256, (h, w, len(mode)), dtype=np.uint8), mode)
    if mode == "LA":
        return Image.fromarray(rng.integers(0, 256, (h, w, 2), dtype=np.uint8), "LA")
    if mode == "L":
        return Image.fromarray(rng.integers(0, 256, (h, w), dtype=np.uint8), "L")
    if mode == "P":
        return Image.fromarray(rng.integers(0, 256, (h, w, 3), dtype=np.uint8), "RGB").quantize(37)
    raise AssertionError(mode)


def reference_rgba(data: bytes) -> np.ndarray:
    """Pillow's decode as RGBA (alpha 255 where the PNG has none)."""
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGBA"))


def decode(dvpp: Any, data: bytes, fmt: int) -> tuple[dict[str, int], np.ndarray]:
    ptr = acl.util.bytes_to_ptr(data)
    size, ret = acl.media.dvpp_png_predict_dec_size(ptr, len(data), fmt)
    assert ret == acl.ACL_SUCCESS, acl.get_recent_err_msg()
    source = dvpp.upload(data)
    out = dvpp.malloc(size)
    desc = dvpp.pic_desc(out, size, fmt)
    assert dvpp.media.dvpp_png_decode_async(dvpp.channel, source, len(data), desc, dvpp.stream) == 0
    assert dvpp.sync() == acl.ACL_SUCCESS, acl.get_recent_err_msg()
    pic = dvpp.pic(desc)
    bpp = 4 if pic["format"] == RGBA8888 else 3
    assert size == pic["width_stride"] * pic["height_stride"]
    raw = np.frombuffer(dvpp.download(out, size), np.uint8).reshape(pic["height_stride"], pic["width_stride"])
    return pic, raw[: pic["height"], : pic["width"] * bpp].reshape(pic["height"], pic["width"], bpp)


@pytest.mark.parametrize(("mode", "components"), [("RGB", 3), ("RGBA", 4), ("L", 1), ("LA", 2), ("P", 3)])
def test_image_info(mode: str, components: int) -> None:
    data = png_bytes(random_image(mode, 45, 33))
    info = acl.media.dvpp_png_get_image_info(acl.util.bytes_to_ptr(data), len(data))
    assert info == (45, 33, components, acl.ACL_SUCCESS)


def test_image_info_of_palette_with_transparency_has_alpha() -> None:
    data = png_bytes(random_image("P", 40, 40), transparency=3)
    info = acl.media.dvpp_png_get_image_info(acl.util.bytes_to_ptr(data), len(data))
    assert info == (40, 40, 4, acl.ACL_SUCCESS)


def test_image_info_refuses_non_png() -> None:
    data = b"\xff\xd8\xff" + bytes(64)
    *_, ret = acl.media.dvpp_png_get_image_info(acl.util.bytes_to_ptr(data), len(data))
    assert ret == acl.ACL_ERROR_INVALID_PARAM


@pytest.mark.parametrize(("fmt", "bpp"), [(RGB888, 3), (RGBA8888, 4)])
def test_predicted_size_formula(fmt: int, bpp: int) -> None:
    data = png_bytes(random_image("RGB", 45, 33))
    size, ret = acl.media.dvpp_png_predict_dec_size(acl.util.bytes_to_ptr(data), len(data), fmt)
    assert (size, ret) == (align(45, 128) * bpp * align(33, 16), acl.ACL_SUCCESS)


@pytest.mark.parametrize(
    ("mode", "options", "expected_format"),
    [
        ("RGB", {}, RGB888),
        ("RGBA", {}, RGBA8888),
        ("L", {}, RGB888),
        ("LA", {}, RGBA8888),
        ("P", {}, RGB888),
        ("P", {"transparency": 5}, RGBA8888),
    ],
)
def test_source_format_decode_matches_pillow_exactly(
    dvpp: Any, mode: str, options: dict[str, int], expected_format: int
) -> None:
    data = png_bytes(random_image(mode, 45, 33), **options)
    pic, pixels = decode(dvpp, data, acl.PIXEL_FORMAT_UNKNOWN)
    assert pic["format"] == expected_format
    assert (pic["width"], pic["height"], pic["ret_code"]) == (45, 33, 0)
    ref = reference_rgba(data)
    np.testing.assert_array_equal(pixels, ref[..., : pixels.shape[2]])


def test_rgba_output_of_rgb_source_has_opaque_alpha(dvpp: Any) -> None:
    data = png_bytes(random_image("RGB", 64, 40))
    _, pixels = decode(dvpp, data, RGBA8888)
    np.testing.assert_array_equal(pixels, reference_rgba(data))


def test_rgb_output_of_rgba_source_drops_alpha(dvpp: Any) -> None:
    data = png_bytes(random_image("RGBA", 64, 40))
    _, pixels = decode(dvpp, data, RGB888)
    np.testing.assert_array_equal(pixels, reference_rgba(data)[..., :3])


@pytest.mark.parametrize("channels", [1, 3, 4])
def test_16_bit_samples_keep_their_high_byte(dvpp: Any, channels: int) -> None:
    """16-bit PNGs, written with PyAV (Pillow writes 16-bit gray only); expected: sample >> 8."""
    av = pytest.importorskip("av")
    rng = np.random.default_rng(channels)
    wide = rng.integers(0, 65536, (36, 40, channels), dtype=np.uint16)
    pix_fmt = {1: "gray16be", 3: "rgb48be", 4: "rgba64be"}[channels]
    frame = av.VideoFrame.from_ndarray(wide[..., 0] if channels == 1 else wide, format=pix_fmt)
    encoder = av.CodecContext.create("png", "w")
    encoder.width, encoder.height, encoder.pix_fmt = 40, 36, pix_fmt
    packets = [*encoder.encode(frame), *encoder.encode(None)]
    data = b"".join(bytes(p) for p in packets)
    _, pixels = decode(dvpp, data, acl.PIXEL_FORMAT_UNKNOWN)
    narrow = (wide >> 8).astype(np.uint8)
    if channels == 1:
        narrow = np.repeat(narrow, 3, axis=2)
    np.testing.assert_array_equal(pixels, narrow)
    if channels == 1:  # Pillow reads 16-bit gray too: same high bytes
        ref = np.asarray(Image.open(io.BytesIO(data)), dtype=np.uint16) >> 8
        np.testing.assert_array_equal(pixels[..., 0], ref.astype(np.uint8))


def test_corrupt_png_fails_the_task(dvpp: Any) -> None:
    good = png_bytes(random_image("RGB", 64, 64))
    data = good[: len(good) // 2]
    size = 128 * 3 * 64
    canary = bytes([0x5A]) * 1024
    out = dvpp.malloc(size + len(canary))
    dvpp.fill(out + size, canary)
    desc = dvpp.pic_desc(out, size, RGB888)
    source = dvpp.upload(data)
    assert dvpp.media.dvpp_png_decode_async(dvpp.channel, source, len(data), desc, dvpp.stream) == 0
    assert dvpp.sync() == acl.ACL_ERROR_RT_AICPU_EXCEPTION
    assert dvpp.pic(desc)["ret_code"] == acl.ACL_ERROR_RT_AICPU_EXCEPTION
    assert dvpp.download(out + size, len(canary)) == canary


def test_yuv_output_is_refused(dvpp: Any) -> None:
    data = png_bytes(random_image("RGB", 64, 64))
    source = dvpp.upload(data)
    out = dvpp.malloc(128 * 64 * 3)
    desc = dvpp.pic_desc(out, 128 * 64 * 3, acl.PIXEL_FORMAT_YUV_SEMIPLANAR_420)
    ret = dvpp.media.dvpp_png_decode_async(dvpp.channel, source, len(data), desc, dvpp.stream)
    assert ret == acl.ACL_ERROR_INVALID_PARAM
