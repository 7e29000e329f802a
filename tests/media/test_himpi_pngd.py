"""hi_mpi PNGD channels against Pillow: decoded pictures (exact), image info, queue timeouts, errors."""

from __future__ import annotations

import io
from typing import Any

import pytest

pytestmark = pytest.mark.numpy
np = pytest.importorskip("numpy")
Image = pytest.importorskip("PIL.Image")
pytest.importorskip("av")

from himpi_session import HiSession, hi_check, himpi_fixture  # noqa: E402, F401

import acl  # noqa: E402

RGB888 = acl.HI_PIXEL_FORMAT_RGB_888
RGBA8888 = acl.HI_PIXEL_FORMAT_RGBA_8888
UNKNOWN = acl.HI_PIXEL_FORMAT_UNKNOWN
CHN = 2


def align(value: int, to: int) -> int:
    return (value + to - 1) // to * to


def png(mode: str, w: int, h: int, seed: int = 0) -> bytes:
    rgba = np.random.default_rng(seed).integers(0, 256, (h, w, 4), dtype=np.uint8)
    out = io.BytesIO()
    Image.fromarray(rgba, "RGBA").convert(mode).save(out, "PNG")
    return out.getvalue()


def img_stream(addr: int, length: int, pts: int = 0) -> dict[str, Any]:
    return {"type": acl.HI_PT_PNG, "addr": addr, "len": length, "pts": pts, "reserved": [0, 0]}


def pic_info(addr: int, size: int, fmt: int) -> dict[str, Any]:
    return {
        "picture_address": addr,
        "picture_buffer_size": size,
        "picture_width": 0,
        "picture_height": 0,
        "picture_width_stride": 0,
        "picture_height_stride": 0,
        "picture_format": fmt,
    }


@pytest.fixture()
def channel(himpi: HiSession) -> Any:
    hi_check(
        acl.himpi.pngd_create_chn(CHN, {"stream_que_cnt": 2, "reserved": [0, 0, 0, 0]}), "pngd_create_chn"
    )
    yield himpi
    hi_check(acl.himpi.pngd_destroy_chn(CHN), "pngd_destroy_chn")


@pytest.mark.parametrize(
    ("mode", "fmt", "channels"),
    [("RGB", RGB888, 3), ("RGBA", RGBA8888, 4), ("RGBA", UNKNOWN, 4), ("LA", UNKNOWN, 4), ("L", RGB888, 3)],
)
def test_decode_equals_pillow(channel: HiSession, mode: str, fmt: int, channels: int) -> None:
    w, h = 77, 40
    data = png(mode, w, h)
    ws, hs = align(w, 128) * channels, align(h, 16)
    source, out = channel.upload(data), channel.malloc(ws * hs)
    hi_check(
        acl.himpi.pngd_send_stream(CHN, img_stream(source, len(data), 9), pic_info(out, ws * hs, fmt), -1),
        "send",
    )
    info, stream, ret = acl.himpi.pngd_get_image_data(CHN, 1000)
    hi_check(ret, "pngd_get_image_data")
    assert stream["addr"] == source and stream["len"] == len(data) and stream["pts"] == 9
    assert (info["picture_width"], info["picture_height"]) == (w, h)
    assert (info["picture_width_stride"], info["picture_height_stride"]) == (ws, hs)
    assert info["picture_format"] == (RGBA8888 if channels == 4 else RGB888)
    raw = np.frombuffer(channel.download(out, ws * hs), np.uint8).reshape(hs, ws)
    got = raw[:h, : w * channels].reshape(h, w, channels)
    expected = np.asarray(Image.open(io.BytesIO(data)).convert("RGBA" if channels == 4 else "RGB"))
    np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize(("mode", "color", "bpp"), [("RGB", 2, 3), ("RGBA", 6, 4), ("L", 0, 3), ("LA", 4, 4)])
def test_image_info(himpi: HiSession, mode: str, color: int, bpp: int) -> None:
    data = png(mode, 50, 40)
    info, ret = acl.himpi.png_get_image_info(img_stream(himpi.upload(data), len(data)))
    hi_check(ret, "png_get_image_info")
    assert (info["width"], info["height"], info["pixel_format"]) == (50, 40, color)
    assert (info["width_stride"], info["height_stride"]) == (128 * bpp, 48)
    assert info["img_buf_size"] == 128 * bpp * 48


def test_queue_timeouts_and_order(channel: HiSession) -> None:
    _, _, ret = acl.himpi.pngd_get_image_data(CHN, 0)
    assert ret == acl.HI_ERR_PNGD_BUF_EMPTY
    _, _, ret = acl.himpi.pngd_get_image_data(CHN, 60)
    assert ret == acl.HI_ERR_PNGD_BUF_EMPTY
    data = png("RGB", 32, 32)
    size = 128 * 3 * 32
    source = channel.upload(data)
    for pts in (1, 2):
        out = channel.malloc(size)
        hi_check(
            acl.himpi.pngd_send_stream(
                CHN, img_stream(source, len(data), pts), pic_info(out, size, RGB888), 0
            ),
            "send",
        )
    spare = pic_info(channel.malloc(size), size, RGB888)
    assert (
        acl.himpi.pngd_send_stream(CHN, img_stream(source, len(data), 3), spare, 0)
        == acl.HI_ERR_PNGD_BUF_FULL
    )
    assert (
        acl.himpi.pngd_send_stream(CHN, img_stream(source, len(data), 3), spare, 30)
        == acl.HI_ERR_PNGD_BUF_FULL
    )
    assert [acl.himpi.pngd_get_image_data(CHN, 0)[1]["pts"] for _ in range(2)] == [1, 2]


def test_errors(channel: HiSession) -> None:
    data = png("RGB", 32, 32)
    source = channel.upload(data)
    small = channel.malloc(100)
    ret = acl.himpi.pngd_send_stream(CHN, img_stream(source, len(data)), pic_info(small, 100, RGB888), 0)
    assert ret == acl.HI_ERR_PNGD_ILLEGAL_PARAM
    assert "needs" in acl.get_recent_err_msg()
    out = channel.malloc(128 * 3 * 32)
    ret = acl.himpi.pngd_send_stream(
        CHN,
        img_stream(source, len(data)),
        pic_info(out, 128 * 3 * 32, acl.HI_PIXEL_FORMAT_YUV_SEMIPLANAR_420),
        0,
    )
    assert ret == acl.HI_ERR_PNGD_ILLEGAL_PARAM
    junk = channel.upload(b"\x89PNG\r\n\x1a\n" + bytes(100))
    # a stream that is not a PNG is taken; its failure comes back with it from get_image_data
    hi_check(
        acl.himpi.pngd_send_stream(CHN, img_stream(junk, 108), pic_info(out, 128 * 3 * 32, RGB888), 0), "send"
    )
    _, stream, ret = acl.himpi.pngd_get_image_data(CHN, 0)
    assert ret == acl.HI_ERR_PNGD_ILLEGAL_PARAM and stream["addr"] == junk
    _, ret = acl.himpi.png_get_image_info(img_stream(junk, 108))
    assert ret == acl.HI_ERR_PNGD_ILLEGAL_PARAM and "hi_mpi_png_get_image_info" in acl.get_recent_err_msg()
    tiny = png("RGB", 50, 20)  # below PNGD's 32 x 32
    _, ret = acl.himpi.png_get_image_info(img_stream(channel.upload(tiny), len(tiny)))
    assert ret == acl.HI_ERR_PNGD_ILLEGAL_PARAM and "outside" in acl.get_recent_err_msg()
    assert acl.himpi.pngd_send_stream(
        CHN + 1, img_stream(source, len(data)), pic_info(out, 100, RGB888), 0
    ) == (acl.HI_ERR_PNGD_UNEXIST)
    assert acl.himpi.pngd_create_chn(CHN, {"stream_que_cnt": 1}) == acl.HI_ERR_PNGD_EXIST
    assert acl.himpi.pngd_create_chn(-1, {"stream_que_cnt": 1}) == acl.HI_ERR_PNGD_INVALID_CHN_ID
    assert acl.himpi.pngd_destroy_chn(acl.PNGD_MAX_CHN_NUM) == acl.HI_ERR_PNGD_INVALID_CHN_ID
