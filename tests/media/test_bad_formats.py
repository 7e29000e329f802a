"""Every acldvppPixelFormat value, and every pair of them, through each image operation: a refusal is
an error code with a message, an acceptance runs to a clean sync, nothing crashes.

Pictures are 64x64 with strides and buffers large enough for any format (width stride 256 bytes,
buffer 3 x 256 x 64), so a refusal can only come from the formats. Each operation runs in its own
child process, which names the pair it is working on before each call: a crash fails that
operation's test with the pair that caused it.
"""

from __future__ import annotations

import io
import json

import pytest
from helpers.subproc import REPO_ROOT, RUNTIME_PRELUDE, describe, run_python

import acl

pytest.importorskip("av")
Image = pytest.importorskip("PIL.Image")

MANIFEST = REPO_ROOT / "acl" / "_generated" / "api.json"


def _pixel_formats() -> list[int]:
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    enum = next(e for e in manifest["enums"] if e["tag"] == "acldvppPixelFormat")
    return sorted({value for _, value in enum["members"]} | {9999})  # and one value outside the enum


FORMATS = _pixel_formats()

# operation -> call made for each (source format, destination format); `pics[f]` / `small[f]` are
# pic descs of format f at 64x64 / 32x32, `codes[f]` a pic desc of format f to decode into.
PAIR_CALLS = {
    "resize": "m.dvpp_vpc_resize_async(channel, pics[a], pics2[b], resize, stream)",
    "crop": "m.dvpp_vpc_crop_async(channel, pics[a], small[b], roi, stream)",
    "crop_and_paste": "m.dvpp_vpc_crop_and_paste_async(channel, pics[a], pics2[b], roi, paste, stream)",
    "convert_color": "m.dvpp_vpc_convert_color_async(channel, pics[a], pics2[b], stream)",
    "make_border": "m.dvpp_vpc_make_border_async(channel, pics[a], pics2[b], border, stream)",
    "pyr_down": "m.dvpp_vpc_pyr_down_async(channel, pics[a], small[b], 0, stream)",
    "equalize_hist": "m.dvpp_vpc_equalize_hist_async(channel, pics[a], pics2[b], lut, stream)",
}
SINGLE_CALLS = {
    "calc_hist": "m.dvpp_vpc_calc_hist_async(channel, pics[a], hist, 0, stream)",
    "jpeg_decode": "m.dvpp_jpeg_decode_async(channel, jpeg_dev, len(JPEG), codes[a], stream)",
    "png_decode": "m.dvpp_png_decode_async(channel, png_dev, len(PNG), codes[a], stream)",
    "jpeg_encode": "m.dvpp_jpeg_encode_async(channel, pics[a], out_dev, size_ptr, jpege, stream)",
    "jpeg_predict_dec_size": "m.dvpp_jpeg_predict_dec_size(jpeg_dev, len(JPEG), a)[-1]",
    "png_predict_dec_size": "m.dvpp_png_predict_dec_size(png_dev, len(PNG), a)[-1]",
    "jpeg_predict_enc_size": "m.dvpp_jpeg_predict_enc_size(pics[a], jpege)[-1]",
}

CHILD = """
import json
m = acl.media
FORMATS = json.loads(sys.argv[1])
CALL = sys.argv[2]
PAIRS = sys.argv[3] == "pairs"

def dvpp(size, data=b""):
    dev, ret = m.dvpp_malloc(size)
    ok(ret, "dvpp_malloc")
    if data:
        host = acl.util.bytes_to_ptr(data)
        ok(acl.rt.memcpy(dev, size, host, len(data), acl.ACL_MEMCPY_HOST_TO_DEVICE), "copy")
    return dev

def pic(fmt, side, size=3 * 256 * 64):
    desc = m.dvpp_create_pic_desc()
    for name, value in (("data", dvpp(size)), ("size", size), ("format", fmt), ("width", side),
                        ("height", side), ("width_stride", 256), ("height_stride", side)):
        ok(getattr(m, "dvpp_set_pic_desc_" + name)(desc, value), name)
    return desc

channel = m.dvpp_create_channel_desc()
ok(m.dvpp_create_channel(channel), "create_channel")
pics = {f: pic(f, 64) for f in FORMATS}
pics2 = {f: pic(f, 64) for f in FORMATS}
small = {f: pic(f, 32) for f in FORMATS}
codes = {}
for f in FORMATS:
    codes[f] = m.dvpp_create_pic_desc()
    ok(m.dvpp_set_pic_desc_data(codes[f], dvpp(1 << 18)), "data")
    ok(m.dvpp_set_pic_desc_size(codes[f], 1 << 18), "size")
    ok(m.dvpp_set_pic_desc_format(codes[f], f), "format")
roi = m.dvpp_create_roi_config(0, 31, 0, 31)
paste = m.dvpp_create_roi_config(16, 47, 0, 31)
resize = m.dvpp_create_resize_config()
border = m.dvpp_create_border_config()
lut = m.dvpp_create_lut_map()
hist = m.dvpp_create_hist()
jpege = m.dvpp_create_jpege_config()
jpeg_dev, png_dev = dvpp(len(JPEG), JPEG), dvpp(len(PNG), PNG)
out_dev = dvpp(1 << 18)
size_ptr, ret = acl.rt.malloc_host(4)
ok(ret, "malloc_host")

def run(a, b):
    print("START", a, b, flush=True)
    if CALL.startswith("m.dvpp_jpeg_encode_async"):
        ok(acl.rt.memcpy(size_ptr, 4, acl.util.bytes_to_ptr((1 << 18).to_bytes(4, sys.byteorder)), 4,
                         acl.ACL_MEMCPY_HOST_TO_HOST), "size")
    acl.get_recent_err_msg()
    ret = eval(CALL)
    message = acl.get_recent_err_msg() if ret else ""
    synced = acl.rt.synchronize_stream(stream) if ret == 0 and "_async" in CALL else 0
    sync_message = acl.get_recent_err_msg() if synced else ""
    return [a, b, ret, bool(message), synced, bool(sync_message)]

results = [run(a, b) for a in FORMATS for b in (FORMATS if PAIRS else [None])]
print("RESULTS", json.dumps(results), flush=True)
"""


def _pictures() -> tuple[bytes, bytes]:
    gradient = Image.linear_gradient("L").resize((64, 64))
    rgb = Image.merge("RGB", (gradient, gradient.transpose(Image.Transpose.FLIP_LEFT_RIGHT), gradient))
    jpeg, png = io.BytesIO(), io.BytesIO()
    rgb.save(jpeg, "JPEG", quality=90)
    rgb.save(png, "PNG")
    return jpeg.getvalue(), png.getvalue()


def _run(call: str, pairs: bool) -> list[list]:  # type: ignore[type-arg]
    jpeg, png = _pictures()
    program = RUNTIME_PRELUDE + f"JPEG = {jpeg!r}\nPNG = {png!r}\n" + CHILD
    arguments = (json.dumps(FORMATS), call, "pairs" if pairs else "single")
    child = run_python(program, {"ACL_BACKEND": "emulator"}, args=arguments, timeout=600)
    lines = child.stdout.splitlines()
    results = [line for line in lines if line.startswith("RESULTS ")]
    if not results:
        started = [line for line in lines if line.startswith("START ")]
        where = started[-1] if started else "its set-up"
        pytest.fail(f"the child died at {where}\n{describe(child)[-3000:]}")
    return json.loads(results[0][len("RESULTS "):])


def _check(results: list[list]) -> None:  # type: ignore[type-arg]
    refused = [r for r in results if r[2] != 0]
    accepted = [r for r in results if r[2] == 0]
    silent = [r[:2] for r in refused if not r[3]]
    assert not silent, f"refused without a message: {silent[:10]}"
    not_supported = [r[:2] for r in refused if r[2] == acl.ACL_ERROR_API_NOT_SUPPORT]
    assert not not_supported, f"ACL_ERROR_API_NOT_SUPPORT for {not_supported[:10]}"
    failed_tasks = [[*r[:2], r[4]] for r in accepted if r[4] != 0]
    assert not failed_tasks, f"accepted, then the task failed (pairs, sync code): {failed_tasks[:10]}"
    assert refused and accepted, "every operation accepts some formats and refuses others"


@pytest.mark.parametrize("operation", list(PAIR_CALLS))
def test_every_format_pair(operation: str) -> None:
    _check(_run(PAIR_CALLS[operation], pairs=True))


@pytest.mark.parametrize("operation", list(SINGLE_CALLS))
def test_every_format(operation: str) -> None:
    results = _run(SINGLE_CALLS[operation], pairs=False)
    if operation in ("jpeg_decode", "png_decode"):
        # Formats these decoders cannot produce from this picture fail the task, as data errors
        # do; what must hold is a code and a message either way.
        refused_late = [r for r in results if r[2] == 0 and r[4] != 0]
        assert all(r[5] for r in refused_late), refused_late[:10]
        results = [r for r in results if not (r[2] == 0 and r[4] != 0)]
    _check(results)
