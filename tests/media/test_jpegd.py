"""JPEGD on the emulator against Pillow: image info, predicted sizes, decoded planes, orientation,
corrupt data.

The JPEGs are made here with Pillow; decoded planes are compared with Pillow's own YCbCr decode of
the same file (libjpeg, a different decoder from FFmpeg's) by PSNR. Pillow upsamples chroma to full
size; the reference NV12 chroma is its 2x2 average.
"""

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
PSNR_MIN = 40.0
EXIF_ORIENTATION = 0x0112


def psnr(a: np.ndarray, b: np.ndarray) -> float:
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return float("inf") if mse == 0 else 10 * np.log10(255.0**2 / mse)


def smooth_image(w: int, h: int, mode: str = "RGB", seed: int = 0) -> Any:
    """A photo-like picture: smooth gradients plus mild noise (JPEG's usual material)."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w].astype(np.float64)
    channels = [
        128 + 100 * np.sin(x / 7.0 + k) * np.cos(y / 11.0 - k) + rng.normal(0, 4, (h, w)) for k in range(3)
    ]
    rgb = np.clip(np.stack(channels, axis=-1), 0, 255).astype(np.uint8)
    return Image.fromarray(rgb).convert(mode)


def jpeg_bytes(image: Any, **options: Any) -> bytes:
    out = io.BytesIO()
    image.save(out, "JPEG", quality=options.pop("quality", 95), **options)
    return out.getvalue()


def reference_ycbcr(data: bytes) -> np.ndarray:
    """Pillow's decode (EXIF orientation applied), as full-size Y, Cb, Cr planes."""
    from PIL import ImageOps

    image = ImageOps.exif_transpose(Image.open(io.BytesIO(data)))
    if image.mode == "L":
        y = np.asarray(image)
        return np.stack([y, np.full_like(y, 128), np.full_like(y, 128)], axis=-1)
    return np.asarray(image.convert("YCbCr"))


def decode(dvpp: Any, data: bytes, fmt: int = NV12, room: int = 0) -> tuple[dict[str, int], bytes, int]:
    """Decode through acldvppJpegDecodeAsync into a buffer of the predicted size (+ room)."""
    media = dvpp.media
    size, ret = media.dvpp_jpeg_predict_dec_size(acl.util.bytes_to_ptr(data), len(data), fmt)
    assert ret == acl.ACL_SUCCESS, acl.get_recent_err_msg()
    source = dvpp.upload(data)
    out = dvpp.malloc(size + room)
    desc = dvpp.pic_desc(out, size, fmt)
    assert media.dvpp_jpeg_decode_async(dvpp.channel, source, len(data), desc, dvpp.stream) == acl.ACL_SUCCESS
    assert dvpp.sync() == acl.ACL_SUCCESS, acl.get_recent_err_msg()
    return dvpp.pic(desc), dvpp.download(out, size + room), size


def nv12_planes(pic: dict[str, int], raw: bytes, v_first: bool = False) -> tuple[np.ndarray, ...]:
    ws, hs, w, h = pic["width_stride"], pic["height_stride"], pic["width"], pic["height"]
    buf = np.frombuffer(raw, np.uint8)
    y = buf[: ws * hs].reshape(hs, ws)[:h, :w]
    uv = buf[ws * hs : ws * hs * 3 // 2].reshape(hs // 2, ws)[: h // 2, :w].reshape(h // 2, w // 2, 2)
    u, v = (uv[..., 1], uv[..., 0]) if v_first else (uv[..., 0], uv[..., 1])
    return y, u, v


def average_2x2(plane: np.ndarray) -> np.ndarray:
    h, w = plane.shape[0] // 2 * 2, plane.shape[1] // 2 * 2
    p = plane[:h, :w].astype(np.float64)
    return (p[0::2, 0::2] + p[1::2, 0::2] + p[0::2, 1::2] + p[1::2, 1::2]) / 4


def average_pairs(plane: np.ndarray) -> np.ndarray:
    """Horizontal 2:1 average (4:2:2 chroma from full-size chroma)."""
    return (plane[:, 0::2].astype(np.float64) + plane[:, 1::2]) / 2


def assert_matches_pillow(pic: dict[str, int], raw: bytes, data: bytes, v_first: bool = False) -> None:
    ref = reference_ycbcr(data)
    y, u, v = nv12_planes(pic, raw, v_first)
    h, w = y.shape
    assert psnr(y, ref[:h, :w, 0]) >= PSNR_MIN
    assert psnr(u, average_2x2(ref[:h, :w, 1])) >= PSNR_MIN
    assert psnr(v, average_2x2(ref[:h, :w, 2])) >= PSNR_MIN


def align(value: int, to: int) -> int:
    return (value + to - 1) // to * to


# ------------------------------------------------------------------ image info


@pytest.mark.parametrize(
    ("mode", "subsampling", "components", "css"),
    [
        ("RGB", 0, 3, acl.ACL_JPEG_CSS_444),
        ("RGB", 1, 3, acl.ACL_JPEG_CSS_422),
        ("RGB", 2, 3, acl.ACL_JPEG_CSS_420),
        ("L", -1, 1, acl.ACL_JPEG_CSS_GRAY),
    ],
)
def test_image_info_reads_size_components_and_subsampling(
    mode: str, subsampling: int, components: int, css: int
) -> None:
    options = {"subsampling": subsampling} if subsampling >= 0 else {}
    data = jpeg_bytes(smooth_image(67, 45, mode), **options)
    ptr = acl.util.bytes_to_ptr(data)
    assert acl.media.dvpp_jpeg_get_image_info(ptr, len(data)) == (67, 45, components, acl.ACL_SUCCESS)
    assert acl.media.dvpp_jpeg_get_image_info_v2(ptr, len(data)) == (67, 45, components, css, acl.ACL_SUCCESS)


def test_image_info_of_progressive_jpeg() -> None:
    data = jpeg_bytes(smooth_image(80, 60), progressive=True, subsampling=2)
    info = acl.media.dvpp_jpeg_get_image_info_v2(acl.util.bytes_to_ptr(data), len(data))
    assert info == (80, 60, 3, acl.ACL_JPEG_CSS_420, acl.ACL_SUCCESS)


def test_image_info_refuses_non_jpeg_data() -> None:
    data = b"\x89PNG\r\n\x1a\n" + bytes(64)
    *_, ret = acl.media.dvpp_jpeg_get_image_info(acl.util.bytes_to_ptr(data), len(data))
    assert ret == acl.ACL_ERROR_INVALID_PARAM
    assert "JPEG" in acl.get_recent_err_msg()


def test_image_info_refuses_headers_cut_short() -> None:
    data = jpeg_bytes(smooth_image(64, 64))[:40]
    *_, ret = acl.media.dvpp_jpeg_get_image_info(acl.util.bytes_to_ptr(data), len(data))
    assert ret == acl.ACL_ERROR_INVALID_PARAM


def test_unknown_sampling_reports_the_unknown_format() -> None:
    """Cb sampled 2x2 and Cr 1x1: no acldvppJpegFormat describes it."""
    data = bytearray(jpeg_bytes(smooth_image(64, 64), subsampling=0))
    sof = data.index(b"\xff\xc0")
    # frame header: marker, length(2), precision, height(2), width(2), count, then 3 bytes per component
    data[sof + 10 + 3 * 1 + 1] = 0x22
    *_, fmt, ret = acl.media.dvpp_jpeg_get_image_info_v2(acl.util.bytes_to_ptr(bytes(data)), len(data))
    assert ret == acl.ACL_SUCCESS
    assert fmt == acl.ACL_JPEG_CSS_UNKNOWN == 1000  # the value the header documents


def patched_frame_header(offset: int, value: int, marker: bytes = b"\xff\xc0") -> bytes:
    data = bytearray(jpeg_bytes(smooth_image(64, 64)))
    data[data.index(marker) + offset] = value
    return bytes(data)


@pytest.mark.parametrize(
    "data",
    [
        patched_frame_header(1, 0xC3),  # lossless frame marker
        patched_frame_header(1, 0xC9),  # arithmetic coding
        patched_frame_header(4, 12),  # 12-bit samples
    ],
    ids=["lossless", "arithmetic", "12-bit"],
)
def test_streams_jpegd_cannot_decode_are_unsupported_jpeg(data: bytes) -> None:
    ptr = acl.util.bytes_to_ptr(data)
    assert acl.media.dvpp_jpeg_get_image_info(ptr, len(data))[-1] == acl.ACL_ERROR_UNSUPPORTED_JPEG
    assert acl.media.dvpp_jpeg_get_image_info_v2(ptr, len(data))[-1] == acl.ACL_ERROR_UNSUPPORTED_JPEG
    assert acl.media.dvpp_jpeg_predict_dec_size(ptr, len(data), NV12)[-1] == acl.ACL_ERROR_UNSUPPORTED_JPEG


def test_cmyk_jpeg_is_unsupported() -> None:
    data = jpeg_bytes(smooth_image(64, 64, "CMYK"))
    ret = acl.media.dvpp_jpeg_get_image_info(acl.util.bytes_to_ptr(data), len(data))[-1]
    assert ret == acl.ACL_ERROR_UNSUPPORTED_JPEG


# ------------------------------------------------------------- predicted size


@pytest.mark.parametrize(("w", "h"), [(64, 64), (67, 45), (1920, 1080), (33, 200)])
def test_predicted_size_is_the_aligned_nv12_size(w: int, h: int) -> None:
    data = jpeg_bytes(smooth_image(w, h))
    size, ret = acl.media.dvpp_jpeg_predict_dec_size(acl.util.bytes_to_ptr(data), len(data), NV12)
    assert ret == acl.ACL_SUCCESS
    assert size == align(w, 128) * align(h, 16) * 3 // 2


def test_predicted_size_of_source_layout_444() -> None:
    data = jpeg_bytes(smooth_image(64, 48), subsampling=0)
    ptr = acl.util.bytes_to_ptr(data)
    size, ret = acl.media.dvpp_jpeg_predict_dec_size(ptr, len(data), acl.PIXEL_FORMAT_UNKNOWN)
    assert (size, ret) == (128 * 48 * 3, acl.ACL_SUCCESS)


def test_predicted_size_refuses_rgb_output() -> None:
    data = jpeg_bytes(smooth_image(64, 48))
    *_, ret = acl.media.dvpp_jpeg_predict_dec_size(
        acl.util.bytes_to_ptr(data), len(data), acl.PIXEL_FORMAT_RGB_888
    )
    assert ret == acl.ACL_ERROR_INVALID_PARAM


# ------------------------------------------------------------------- decoding


@pytest.mark.parametrize(
    ("w", "h", "subsampling", "progressive"),
    [
        (64, 48, 2, False),  # 4:2:0
        (96, 64, 1, False),  # 4:2:2
        (80, 48, 0, False),  # 4:4:4
        (67, 45, 2, False),  # odd sizes
        (51, 37, 0, False),
        (120, 72, 2, True),  # progressive
    ],
)
def test_decode_to_nv12_matches_pillow(
    dvpp: Any, w: int, h: int, subsampling: int, progressive: bool
) -> None:
    data = jpeg_bytes(smooth_image(w, h), subsampling=subsampling, progressive=progressive)
    pic, raw, size = decode(dvpp, data)
    assert pic["format"] == NV12
    assert (pic["width"], pic["height"]) == (w // 2 * 2, h // 2 * 2)  # YUV420SP needs even sizes
    assert (pic["width_stride"], pic["height_stride"]) == (align(w, 128), align(h, 16))
    assert pic["ret_code"] == 0
    assert pic["width_stride"] * pic["height_stride"] * 3 // 2 <= size
    assert_matches_pillow(pic, raw, data)


def test_decode_to_nv21_swaps_chroma(dvpp: Any) -> None:
    data = jpeg_bytes(smooth_image(64, 64), subsampling=2)
    pic, raw, _ = decode(dvpp, data, NV21)
    assert pic["format"] == NV21
    assert_matches_pillow(pic, raw, data, v_first=True)


def test_decode_gray_gives_neutral_chroma(dvpp: Any) -> None:
    data = jpeg_bytes(smooth_image(64, 40, "L"))
    pic, raw, _ = decode(dvpp, data)
    y, u, v = nv12_planes(pic, raw)
    assert psnr(y, reference_ycbcr(data)[:, :, 0]) >= PSNR_MIN
    assert (u == 128).all() and (v == 128).all()


def test_decode_gray_in_source_layout_is_yuv400(dvpp: Any) -> None:
    data = jpeg_bytes(smooth_image(64, 40, "L"))
    pic, raw, size = decode(dvpp, data, acl.PIXEL_FORMAT_UNKNOWN)
    assert pic["format"] == acl.PIXEL_FORMAT_YUV_400
    assert size == 128 * 48
    y = np.frombuffer(raw, np.uint8)[: 128 * 40].reshape(40, 128)[:, :64]
    assert psnr(y, reference_ycbcr(data)[:, :, 0]) >= PSNR_MIN


def test_decode_444_in_source_layout_keeps_full_chroma(dvpp: Any) -> None:
    data = jpeg_bytes(smooth_image(64, 48), subsampling=0)
    pic, raw, _ = decode(dvpp, data, acl.PIXEL_FORMAT_YUV_SEMIPLANAR_444)
    assert pic["format"] == acl.PIXEL_FORMAT_YUV_SEMIPLANAR_444
    ws, hs = pic["width_stride"], pic["height_stride"]
    buf = np.frombuffer(raw, np.uint8)
    ref = reference_ycbcr(data)
    uv = buf[ws * hs : ws * hs * 3].reshape(hs, ws * 2)[:48, : 64 * 2].reshape(48, 64, 2)
    assert psnr(uv[..., 0], ref[..., 1]) >= PSNR_MIN
    assert psnr(uv[..., 1], ref[..., 2]) >= PSNR_MIN


def test_an_unset_output_format_decodes_to_nv12(dvpp: Any) -> None:
    """A fresh pic desc's format is 0 (YUV400): the decoder writes NV12, as the 310 does."""
    data = jpeg_bytes(smooth_image(64, 64))
    size, _ = acl.media.dvpp_jpeg_predict_dec_size(acl.util.bytes_to_ptr(data), len(data), NV12)
    out = dvpp.malloc(size)
    desc = dvpp.pic_desc(out, size)
    source = dvpp.upload(data)
    assert dvpp.media.dvpp_jpeg_decode_async(dvpp.channel, source, len(data), desc, dvpp.stream) == 0
    assert dvpp.sync() == acl.ACL_SUCCESS
    assert dvpp.pic(desc)["format"] == NV12


@pytest.mark.parametrize("orientation", [2, 3, 4, 5, 6, 7, 8])
def test_exif_orientation_is_applied(dvpp: Any, orientation: int) -> None:
    exif = Image.Exif()
    exif[EXIF_ORIENTATION] = orientation
    data = jpeg_bytes(smooth_image(96, 64), subsampling=2, exif=exif.tobytes())
    info = acl.media.dvpp_jpeg_get_image_info(acl.util.bytes_to_ptr(data), len(data))
    assert info[:2] == (96, 64)  # the coded size, as written in the frame header
    pic, raw, _ = decode(dvpp, data)
    turned = orientation >= 5
    assert (pic["width"], pic["height"]) == ((64, 96) if turned else (96, 64))
    assert_matches_pillow(pic, raw, data)


# ------------------------------------------------------------ corrupt input


def submit(dvpp: Any, data: bytes, out_size: int, desc_size: int | None = None) -> tuple[int, int, bytes]:
    """Decode into a buffer with a 4 KiB canary after `out_size`; returns (sync, retCode, canary)."""
    canary = bytes([0xA5]) * 4096
    out = dvpp.malloc(out_size + len(canary))
    dvpp.fill(out + out_size, canary)
    desc = dvpp.pic_desc(out, desc_size if desc_size is not None else out_size, NV12)
    source = dvpp.upload(data)
    ret = dvpp.media.dvpp_jpeg_decode_async(dvpp.channel, source, len(data), desc, dvpp.stream)
    assert ret == acl.ACL_SUCCESS, acl.get_recent_err_msg()
    return dvpp.sync(), dvpp.pic(desc)["ret_code"], dvpp.download(out + out_size, len(canary))


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d[: len(d) // 2],  # truncated inside the scan
        lambda d: d[:100],  # truncated inside the headers
        lambda d: d[:2] + bytes(64),  # SOI then garbage
        lambda d: b"not a jpeg" * 20,
    ],
)
def test_corrupt_jpeg_fails_the_task_without_writing_past_the_buffer(dvpp: Any, damage: Any) -> None:
    good = jpeg_bytes(smooth_image(64, 64))
    size = 128 * 64 * 3 // 2
    sync, ret_code, canary = submit(dvpp, damage(good), size)
    assert sync == acl.ACL_ERROR_RT_AICPU_EXCEPTION
    assert ret_code == sync
    assert canary == bytes([0xA5]) * 4096


def test_garbage_instead_of_jpeg_fails_with_a_message(dvpp: Any) -> None:
    sync, ret_code, _ = submit(dvpp, b"\xff\xd8" + bytes(200), 128 * 64 * 3 // 2)
    assert sync == acl.ACL_ERROR_RT_AICPU_EXCEPTION
    assert ret_code == acl.ACL_ERROR_RT_AICPU_EXCEPTION
    assert "acldvppJpegDecodeAsync" in acl.get_recent_err_msg()


def test_output_buffer_too_small_fails_and_writes_nothing(dvpp: Any) -> None:
    data = jpeg_bytes(smooth_image(256, 128))
    need = 256 * 128 * 3 // 2
    sync, ret_code, canary = submit(dvpp, data, 1024, desc_size=1024)
    assert sync == acl.ACL_ERROR_RT_AICPU_EXCEPTION and ret_code == sync
    assert canary == bytes([0xA5]) * 4096
    assert str(need) in acl.get_recent_err_msg()


def test_too_small_picture_is_refused(dvpp: Any) -> None:
    data = jpeg_bytes(smooth_image(16, 16))
    sync, ret_code, _ = submit(dvpp, data, 128 * 16 * 3 // 2)
    assert sync == acl.ACL_ERROR_RT_AICPU_EXCEPTION and ret_code == sync


# ---------------------------------------------------------- synchronous checks


def test_decode_refuses_bad_arguments_synchronously(dvpp: Any) -> None:
    media = dvpp.media
    data = jpeg_bytes(smooth_image(64, 64))
    source = dvpp.upload(data)
    out = dvpp.malloc(128 * 64 * 3 // 2)
    desc = dvpp.pic_desc(out, 128 * 64 * 3 // 2, NV12)
    rgb = dvpp.pic_desc(out, 128 * 64 * 3 // 2, acl.PIXEL_FORMAT_RGB_888)
    assert (
        media.dvpp_jpeg_decode_async(dvpp.channel, 0, len(data), desc, dvpp.stream)
        == acl.ACL_ERROR_INVALID_PARAM
    )
    assert (
        media.dvpp_jpeg_decode_async(dvpp.channel, source, 0, desc, dvpp.stream)
        == acl.ACL_ERROR_INVALID_PARAM
    )
    assert (
        media.dvpp_jpeg_decode_async(dvpp.channel, source, len(data), 0, dvpp.stream)
        == acl.ACL_ERROR_INVALID_PARAM
    )
    assert (
        media.dvpp_jpeg_decode_async(dvpp.channel, source, len(data), rgb, dvpp.stream)
        == acl.ACL_ERROR_INVALID_PARAM
    )
    assert (
        media.dvpp_jpeg_decode_async(0, source, len(data), desc, dvpp.stream) == acl.ACL_ERROR_INVALID_PARAM
    )


def test_channel_without_jpegd_mode_is_refused(dvpp: Any) -> None:
    media = dvpp.media
    channel = media.dvpp_create_channel_desc()
    try:
        assert media.dvpp_set_channel_desc_mode(channel, acl.DVPP_CHNMODE_VPC) == acl.ACL_SUCCESS
        assert media.dvpp_create_channel(channel) == acl.ACL_SUCCESS
        data = jpeg_bytes(smooth_image(64, 64))
        source = dvpp.upload(data)
        out = dvpp.malloc(128 * 64 * 3 // 2)
        desc = dvpp.pic_desc(out, 128 * 64 * 3 // 2, NV12)
        ret = media.dvpp_jpeg_decode_async(channel, source, len(data), desc, dvpp.stream)
        assert ret == acl.ACL_ERROR_INVALID_PARAM
        assert "mode" in acl.get_recent_err_msg()
    finally:
        media.dvpp_destroy_channel(channel)
        media.dvpp_destroy_channel_desc(channel)


def test_without_pyav_the_decode_says_how_to_install_it() -> None:
    from helpers.subproc import describe, run_on_emulator

    result = run_on_emulator(
        """
        import io
        sys.modules["av"] = None  # PyAV not installed
        from PIL import Image
        image = Image.new("RGB", (64, 64), (200, 30, 30))
        out = io.BytesIO(); image.save(out, "JPEG"); data = out.getvalue()
        media = acl.media
        channel = media.dvpp_create_channel_desc(); ok(media.dvpp_create_channel(channel), "channel")
        source, ret = media.dvpp_malloc(len(data)); ok(ret, "malloc")
        ok(acl.rt.memcpy(source, len(data), acl.util.bytes_to_ptr(data), len(data), 1), "memcpy")
        out_size = 128 * 64 * 3 // 2
        buf, ret = media.dvpp_malloc(out_size); ok(ret, "malloc")
        desc = media.dvpp_create_pic_desc()
        media.dvpp_set_pic_desc_data(desc, buf); media.dvpp_set_pic_desc_size(desc, out_size)
        ok(media.dvpp_jpeg_decode_async(channel, source, len(data), desc, stream), "decode")
        print(acl.rt.synchronize_stream(stream), media.dvpp_get_pic_desc_ret_code(desc))
        print(acl.get_recent_err_msg())
        """
    )
    assert result.returncode == 0, describe(result)
    codes, message = result.stdout.splitlines()[:2]
    assert codes.split() == [str(acl.ACL_ERROR_API_NOT_SUPPORT)] * 2
    assert "pip install 'ascendcl-cffi[media]'" in message


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # cffi reports the escape
def test_executor_raising_fails_the_task_and_the_runtime_survives(dvpp: Any, monkeypatch: Any) -> None:
    """An exception escaping a callback becomes an error code; the session is still closed."""
    from acl import _media_executor

    data = jpeg_bytes(smooth_image(64, 64))
    original = _media_executor._session
    calls = []

    def session_then_break(token: int) -> Any:
        calls.append(token)
        if len(calls) == 2:  # the receive_frame call, after open and send_packet
            raise RuntimeError("executor bug")
        return original(token)

    monkeypatch.setattr(_media_executor, "_session", session_then_break)
    sync, ret_code, _ = submit(dvpp, data, 128 * 64 * 3 // 2)
    assert sync == acl.ACL_ERROR_RT_AICPU_EXCEPTION and ret_code == sync
    monkeypatch.setattr(_media_executor, "_session", original)
    assert _media_executor.open_sessions() == 0
    pic, raw, _ = decode(dvpp, data)  # the executor still works afterwards
    assert_matches_pillow(pic, raw, data)


def test_decode_422_to_yuv422sp(dvpp: Any) -> None:
    data = jpeg_bytes(smooth_image(96, 40), subsampling=1)
    pic, raw, size = decode(dvpp, data, acl.PIXEL_FORMAT_YUV_SEMIPLANAR_422)
    ws, hs = pic["width_stride"], pic["height_stride"]
    assert (pic["format"], pic["width"], pic["height"]) == (acl.PIXEL_FORMAT_YUV_SEMIPLANAR_422, 96, 40)
    assert size == ws * hs * 2
    buf = np.frombuffer(raw, np.uint8)
    ref = reference_ycbcr(data)
    uv = buf[ws * hs : ws * hs * 2].reshape(hs, ws)[:40, :96].reshape(40, 48, 2)
    assert psnr(buf[: ws * hs].reshape(hs, ws)[:40, :96], ref[..., 0]) >= PSNR_MIN
    assert psnr(uv[..., 0], average_pairs(ref[..., 1])) >= PSNR_MIN
    assert psnr(uv[..., 1], average_pairs(ref[..., 2])) >= PSNR_MIN


def test_yuv422sp_from_a_420_jpeg_fails_the_task(dvpp: Any) -> None:
    data = jpeg_bytes(smooth_image(64, 64), subsampling=2)
    out = dvpp.malloc(128 * 64 * 2)
    desc = dvpp.pic_desc(out, 128 * 64 * 2, acl.PIXEL_FORMAT_YUV_SEMIPLANAR_422)
    source = dvpp.upload(data)
    assert dvpp.media.dvpp_jpeg_decode_async(dvpp.channel, source, len(data), desc, dvpp.stream) == 0
    assert dvpp.sync() == acl.ACL_ERROR_RT_AICPU_EXCEPTION
    assert "PIXEL_FORMAT_YUV_SEMIPLANAR_422" in acl.get_recent_err_msg()


def test_decodes_on_two_streams_at_once(dvpp: Any) -> None:
    """Two stream workers calling into the Python executor concurrently: no deadlock, right results."""
    media = dvpp.media
    second, ret = acl.rt.create_stream()
    assert ret == acl.ACL_SUCCESS
    try:
        jobs = []
        for i in range(6):
            data = jpeg_bytes(smooth_image(64 + 16 * i, 48))
            size = align(64 + 16 * i, 128) * 48 * 3 // 2
            out = dvpp.malloc(size)
            desc = dvpp.pic_desc(out, size, NV12)
            stream = dvpp.stream if i % 2 else second
            assert media.dvpp_jpeg_decode_async(dvpp.channel, dvpp.upload(data), len(data), desc, stream) == 0
            jobs.append((data, desc, out, size))
        assert acl.rt.synchronize_stream(second) == acl.ACL_SUCCESS
        assert dvpp.sync() == acl.ACL_SUCCESS
        for data, desc, out, size in jobs:
            assert_matches_pillow(dvpp.pic(desc), dvpp.download(out, size), data)
    finally:
        assert acl.rt.destroy_stream(second) == acl.ACL_SUCCESS


def test_executor_registration_abi_and_unregistered_executor() -> None:
    from helpers.subproc import describe, run_on_emulator

    result = run_on_emulator(
        """
        import ctypes, io
        from PIL import Image
        media = acl.media  # registers the executor
        emulator = ctypes.CDLL(acl.backend()["libraries"][0])
        class Table(ctypes.Structure):
            _fields_ = [("abi_version", ctypes.c_uint32)] + [(f"f{i}", ctypes.c_void_p) for i in range(6)]
        emulator.aclemuSetMediaExecutor.restype = ctypes.c_int32
        print(emulator.aclemuSetMediaExecutor(ctypes.byref(Table(99))))  # unknown ABI: refused
        print(emulator.aclemuSetMediaExecutor(None))  # clears the registration
        out = io.BytesIO(); Image.new("RGB", (64, 64)).save(out, "JPEG"); data = out.getvalue()
        channel = media.dvpp_create_channel_desc(); ok(media.dvpp_create_channel(channel), "channel")
        source, _ = media.dvpp_malloc(len(data))
        ok(acl.rt.memcpy(source, len(data), acl.util.bytes_to_ptr(data), len(data), 1), "memcpy")
        buf, _ = media.dvpp_malloc(128 * 64 * 3 // 2)
        desc = media.dvpp_create_pic_desc()
        media.dvpp_set_pic_desc_data(desc, buf); media.dvpp_set_pic_desc_size(desc, 128 * 64 * 3 // 2)
        ok(media.dvpp_jpeg_decode_async(channel, source, len(data), desc, stream), "decode")
        print(acl.rt.synchronize_stream(stream))
        print(acl.get_recent_err_msg())
        """
    )
    assert result.returncode == 0, describe(result)
    refused, cleared, sync, message = result.stdout.splitlines()[:4]
    assert (int(refused), int(cleared), int(sync)) == (
        acl.ACL_ERROR_INVALID_PARAM,
        acl.ACL_SUCCESS,
        acl.ACL_ERROR_API_NOT_SUPPORT,
    )
    assert "no media executor is registered" in message


@pytest.mark.parametrize(("mode", "size"), [(None, (66, 44)), (acl.ACL_YUVOUT_ALIGN_UP, (68, 46))])
def test_precision_mode_rounds_odd_sizes(dvpp: Any, mode: int | None, size: tuple[int, int]) -> None:
    """Odd pictures to NV12: rounded down by default (ALIGN_DOWN_COMPAT), up with ALIGN_UP, where
    the added column and row repeat the last ones."""
    media = dvpp.media
    channel = media.dvpp_create_channel_desc()
    try:
        _, default, _ = media.dvpp_get_channel_desc_param(channel, acl.ACL_DVPP_JPEGD_PRECISION_MODE_ENUM)
        assert default == acl.ACL_YUVOUT_ALIGN_DOWN_COMPAT
        if mode is not None:
            ret = media.dvpp_set_channel_desc_param(channel, acl.ACL_DVPP_JPEGD_PRECISION_MODE_ENUM, mode)[1]
            assert ret == acl.ACL_SUCCESS
        assert media.dvpp_create_channel(channel) == acl.ACL_SUCCESS
        data = jpeg_bytes(smooth_image(67, 45), subsampling=2)
        out_size = 128 * 48 * 3 // 2
        out = dvpp.malloc(out_size)
        desc = dvpp.pic_desc(out, out_size, NV12)
        assert media.dvpp_jpeg_decode_async(channel, dvpp.upload(data), len(data), desc, dvpp.stream) == 0
        assert dvpp.sync() == acl.ACL_SUCCESS, acl.get_recent_err_msg()
        pic = dvpp.pic(desc)
        assert (pic["width"], pic["height"]) == size
        y, _, _ = nv12_planes(pic, dvpp.download(out, out_size))
        ref = reference_ycbcr(data)[..., 0]
        assert psnr(y[:44, :66], ref[:44, :66]) >= PSNR_MIN
        if mode == acl.ACL_YUVOUT_ALIGN_UP:
            np.testing.assert_array_equal(y[:45, 67], y[:45, 66])
            np.testing.assert_array_equal(y[45, :], y[44, :])
    finally:
        media.dvpp_destroy_channel(channel)
        media.dvpp_destroy_channel_desc(channel)
