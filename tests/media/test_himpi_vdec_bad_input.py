# ruff: noqa: E501  (the child-process snippets are code inside strings, kept one call per line)
"""Bad input to the hi_mpi VDEC, VENC and PNGD channels, each group in its own interpreter: wrong
channel ids, channels not created, destroyed or not started, undersized or freed buffers, bad dicts.
Every call gives the module's error code with a message naming the function; nothing crashes."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from helpers.compile_c import compile_c, link_emulator
from helpers.subproc import EMULATOR_LIBRARY, describe, run_on_emulator

pytestmark = pytest.mark.numpy
pytest.importorskip("av")
pytest.importorskip("PIL")

PRELUDE = """
import io
import numpy as np
from PIL import Image

def expect(got, code, fn):
    got = got[-1] if isinstance(got, tuple) else got
    message = acl.get_recent_err_msg()
    if got != code:
        sys.exit(f"{fn}: expected {code:#x}, got {got:#x}: {message}")
    if fn not in message:
        sys.exit(f"{fn}: the message does not name the function: {message!r}")

def upload(data):
    ptr, ret = acl.media.dvpp_malloc(len(data))
    ok(ret, "dvpp_malloc")
    ok(acl.rt.memcpy(ptr, len(data), acl.util.bytes_to_ptr(data), len(data), 1), "memcpy")
    return ptr

def jpeg(w, h):
    out = io.BytesIO()
    Image.fromarray(np.full((h, w, 3), 90, np.uint8)).save(out, "JPEG")
    return out.getvalue()

if acl.himpi.sys_init() != 0:
    sys.exit("sys_init: " + acl.get_recent_err_msg())
stream_dict = {"end_of_frame": 1, "end_of_stream": 0, "need_display": 1, "pts": 0, "private_data": 0}
"""

CASES = {
    "vdec channel ids": """
        E = acl.HI_ERR_VDEC_INVALID_CHN_ID
        attr = {"type": acl.HI_PT_JPEG, "mode": acl.HI_VDEC_SEND_MODE_FRAME}
        for chn in (-1, acl.VDEC_MAX_CHN_NUM, 1 << 30):
            expect(acl.himpi.vdec_create_chn(chn, attr), E, "hi_mpi_vdec_create_chn")
            expect(acl.himpi.vdec_destroy_chn(chn), E, "hi_mpi_vdec_destroy_chn")
            expect(acl.himpi.vdec_start_recv_stream(chn), E, "hi_mpi_vdec_start_recv_stream")
            expect(acl.himpi.vdec_get_frame(chn, 0), E, "hi_mpi_vdec_get_frame")
            expect(acl.himpi.vdec_query_status(chn), E, "hi_mpi_vdec_query_status")
            expect(acl.himpi.vdec_get_chn_param(chn), E, "hi_mpi_vdec_get_chn_param")
            expect(acl.himpi.vdec_get_fd(chn), E, "hi_mpi_vdec_get_fd")
        U = acl.HI_ERR_VDEC_UNEXIST
        expect(acl.himpi.vdec_send_stream(7, {**stream_dict, "addr": 0, "len": 0}, {}, 0), U,
               "hi_mpi_vdec_send_stream")
        expect(acl.himpi.vdec_reset_chn(7), U, "hi_mpi_vdec_reset_chn")
        expect(acl.himpi.vdec_release_frame(7, {"v_frame": {}}), U, "hi_mpi_vdec_release_frame")
        expect(acl.himpi.vdec_set_display_mode(7, 0), U, "hi_mpi_vdec_set_display_mode")
        expect(acl.himpi.vdec_create_chn(7, {"type": acl.HI_PT_MP3}), acl.HI_ERR_VDEC_NOT_SUPPORT,
               "hi_mpi_vdec_create_chn")
        expect(acl.himpi.vdec_create_chn(7, {"type": acl.HI_PT_H264, "mode": acl.HI_VDEC_SEND_MODE_STREAM}),
               acl.HI_ERR_VDEC_NOT_SUPPORT, "hi_mpi_vdec_create_chn")
        expect(acl.himpi.vdec_create_chn(7, {"type": acl.HI_PT_JPEG, "mode": 9}), acl.HI_ERR_VDEC_ILLEGAL_PARAM,
               "hi_mpi_vdec_create_chn")
        ok(acl.himpi.vdec_create_chn(7, attr), "create")
        expect(acl.himpi.vdec_create_chn(7, attr), acl.HI_ERR_VDEC_EXIST, "hi_mpi_vdec_create_chn")
        expect(acl.himpi.vdec_set_chn_attr(7, {**attr, "type": acl.HI_PT_PNG}), acl.HI_ERR_VDEC_ILLEGAL_PARAM,
               "hi_mpi_vdec_set_chn_attr")
        expect(acl.himpi.vdec_set_protocol_param(7, {"type": acl.HI_PT_JPEG}), acl.HI_ERR_VDEC_ILLEGAL_PARAM,
               "hi_mpi_vdec_set_protocol_param")
        expect(acl.himpi.vdec_set_display_mode(7, 5), acl.HI_ERR_VDEC_ILLEGAL_PARAM, "hi_mpi_vdec_set_display_mode")
        expect(acl.himpi.vdec_set_jpegd_precision_mode(7, 9), acl.HI_ERR_VDEC_ILLEGAL_PARAM,
               "hi_mpi_vdec_set_jpegd_precision_mode")
        expect(acl.himpi.vdec_close_fd(7), acl.HI_ERR_VDEC_ILLEGAL_PARAM, "hi_mpi_vdec_close_fd")
        ok(acl.himpi.vdec_destroy_chn(7), "destroy")
        expect(acl.himpi.vdec_destroy_chn(7), U, "hi_mpi_vdec_destroy_chn")
        print("ok")
    """,
    "vdec streams and buffers": """
        data = jpeg(64, 64)
        source = upload(data)
        size = 128 * 64 * 3 // 2
        out, ret = acl.media.dvpp_malloc(size)
        pic = {"pixel_format": acl.HI_PIXEL_FORMAT_YUV_SEMIPLANAR_420, "vir_addr": out, "buffer_size": size}
        stream = {**stream_dict, "addr": source, "len": len(data)}
        ok(acl.himpi.vdec_create_chn(1, {"type": acl.HI_PT_JPEG, "mode": acl.HI_VDEC_SEND_MODE_FRAME}), "create")
        F = "hi_mpi_vdec_send_stream"
        expect(acl.himpi.vdec_send_stream(1, stream, pic, 0), acl.HI_ERR_VDEC_NOT_PERM, F)  # not started
        ok(acl.himpi.vdec_start_recv_stream(1), "start")
        expect(acl.himpi.vdec_send_stream(1, {**stream, "len": 0}, pic, 0), acl.HI_ERR_VDEC_ILLEGAL_PARAM, F)
        expect(acl.himpi.vdec_send_stream(1, {**stream, "addr": 0}, pic, 0), acl.HI_ERR_VDEC_ILLEGAL_PARAM, F)
        expect(acl.himpi.vdec_send_stream(1, stream, {**pic, "buffer_size": 100}, 0), acl.HI_ERR_VDEC_ILLEGAL_PARAM, F)
        expect(acl.himpi.vdec_send_stream(1, stream, {**pic, "vir_addr": 0}, 0), acl.HI_ERR_VDEC_ILLEGAL_PARAM, F)
        expect(acl.himpi.vdec_send_stream(1, stream, {**pic, "pixel_format": acl.HI_PIXEL_FORMAT_RGB_888}, 0),
               acl.HI_ERR_VDEC_ILLEGAL_PARAM, F)
        # a buffer_size larger than the allocation, and a freed stream buffer
        expect(acl.himpi.vdec_send_stream(1, stream, {**pic, "buffer_size": size * 4}, 0), acl.HI_ERR_VDEC_BAD_ADDR, F)
        freed = upload(data)
        ok(acl.media.dvpp_free(freed), "free")
        expect(acl.himpi.vdec_send_stream(1, {**stream, "addr": freed}, pic, 0), acl.HI_ERR_VDEC_BAD_ADDR, F)
        # the same picture buffer twice in a row is fine; release of a frame never given is refused
        expect(acl.himpi.vdec_release_frame(1, {"v_frame": {"phys_addr": [out, 0, 0]}}),
               acl.HI_ERR_VDEC_ILLEGAL_PARAM, "hi_mpi_vdec_release_frame")
        try:
            acl.himpi.vdec_send_stream(1, "not a dict", pic, 0)
            sys.exit("a str stream was taken")
        except TypeError as e:
            assert "vdec_send_stream" in str(e), e
        try:
            acl.himpi.vdec_create_chn(2, ["type"])
            sys.exit("a list attr was taken")
        except TypeError:
            pass
        ok(acl.himpi.vdec_stop_recv_stream(1), "stop")
        expect(acl.himpi.vdec_send_stream(1, stream, pic, 0), acl.HI_ERR_VDEC_NOT_PERM, F)
        ok(acl.himpi.vdec_destroy_chn(1), "destroy")
        expect(acl.himpi.dvpp_get_image_info(acl.HI_PT_JPEG, {"addr": 0, "len": 10}), acl.HI_ERR_VDEC_ILLEGAL_PARAM,
               "hi_mpi_dvpp_get_image_info")
        expect(acl.himpi.vdec_get_jpegd_output_info({"addr": source, "len": len(data)}, acl.HI_PIXEL_FORMAT_RGB_888),
               acl.HI_ERR_VDEC_ILLEGAL_PARAM, "hi_mpi_vdec_get_jpegd_output_info")
        expect(acl.himpi.vdec_get_jpegd_output_info({"addr": source, "len": 20}, acl.HI_PIXEL_FORMAT_YUV_SEMIPLANAR_420),
               acl.HI_ERR_VDEC_ILLEGAL_PARAM, "hi_mpi_vdec_get_jpegd_output_info")
        print("ok")
    """,
    "venc": """
        E = acl.HI_ERR_VENC_INVALID_CHN_ID
        for chn in (-1, 256, 1 << 30):
            expect(acl.himpi.venc_destroy_chn(chn), E, "hi_mpi_venc_destroy_chn")
            expect(acl.himpi.venc_start_chn(chn, {"recv_pic_num": -1}), E, "hi_mpi_venc_start_chn")
            expect(acl.himpi.venc_get_stream(chn, {"pack_cnt": 1}, 0), E, "hi_mpi_venc_get_stream")
            expect(acl.himpi.venc_query_status(chn), E, "hi_mpi_venc_query_status")
            expect(acl.himpi.venc_request_idr(chn, 1), E, "hi_mpi_venc_request_idr")
            expect(acl.himpi.venc_get_rc_param(chn, 1), E, "hi_mpi_venc_get_rc_param")
        U = acl.HI_ERR_VENC_UNEXIST
        expect(acl.himpi.venc_send_frame(3, {"v_frame": {}}, 0), U, "hi_mpi_venc_send_frame")
        expect(acl.himpi.venc_get_ref_param(3), U, "hi_mpi_venc_get_ref_param")
        attr = {"venc_attr": {"type": acl.HI_PT_H264, "pic_width": 64, "pic_height": 48}}
        expect(acl.himpi.venc_create_chn(3, {"venc_attr": {"type": acl.HI_PT_MP3, "pic_width": 64, "pic_height": 48}}),
               acl.HI_ERR_VENC_NOT_SUPPORT, "hi_mpi_venc_create_chn")
        expect(acl.himpi.venc_create_chn(3, {"venc_attr": {"type": acl.HI_PT_H264, "pic_width": 63, "pic_height": 48}}),
               acl.HI_ERR_VENC_ILLEGAL_PARAM, "hi_mpi_venc_create_chn")
        ok(acl.himpi.venc_create_chn(3, attr), "create")
        expect(acl.himpi.venc_create_chn(3, attr), acl.HI_ERR_VENC_EXIST, "hi_mpi_venc_create_chn")
        expect(acl.himpi.venc_start_chn(3, {"recv_pic_num": 0}), acl.HI_ERR_VENC_ILLEGAL_PARAM, "hi_mpi_venc_start_chn")
        expect(acl.himpi.venc_get_stream(3, {"pack_cnt": 0}, 0), acl.HI_ERR_VENC_ILLEGAL_PARAM, "hi_mpi_venc_get_stream")
        ok(acl.himpi.venc_start_chn(3, {"recv_pic_num": -1}), "start")
        expect(acl.himpi.venc_set_chn_attr(3, attr), acl.HI_ERR_VENC_NOT_PERM, "hi_mpi_venc_set_chn_attr")
        small, _ = acl.media.dvpp_malloc(100)
        frame = {"v_frame": {"width": 64, "height": 48, "pixel_format": acl.HI_PIXEL_FORMAT_YUV_SEMIPLANAR_420,
                             "width_stride": [64, 64, 0], "height_stride": [48, 48, 0], "phys_addr": [small, 0, 0]}}
        expect(acl.himpi.venc_send_frame(3, frame, 0), acl.HI_ERR_VENC_ILLEGAL_PARAM, "hi_mpi_venc_send_frame")
        frame["v_frame"]["phys_addr"] = [0, 0, 0]
        expect(acl.himpi.venc_send_frame(3, frame, 0), acl.HI_ERR_VENC_ILLEGAL_PARAM, "hi_mpi_venc_send_frame")
        frame["v_frame"]["width_stride"] = [10, 10, 0]
        expect(acl.himpi.venc_send_frame(3, frame, 0), acl.HI_ERR_VENC_ILLEGAL_PARAM, "hi_mpi_venc_send_frame")
        expect(acl.himpi.venc_set_roi_attr(3, {"idx": 8}), acl.HI_ERR_VENC_ILLEGAL_PARAM, "hi_mpi_venc_set_roi_attr")
        expect(acl.himpi.venc_set_scene_mode(3, 7), acl.HI_ERR_VENC_ILLEGAL_PARAM, "hi_mpi_venc_set_scene_mode")
        expect(acl.himpi.venc_send_jpege_frame(3, frame, {"addr": 0, "len": 0}, 0), acl.HI_ERR_VENC_ILLEGAL_PARAM,
               "hi_mpi_venc_send_jpege_frame")
        expect(acl.himpi.venc_set_mod_param({"mod_type": 0}), acl.HI_ERR_VENC_ILLEGAL_PARAM, "hi_mpi_venc_set_mod_param")
        expect(acl.himpi.venc_release_stream(3, {"pack_cnt": 0, "pack": []}), acl.HI_ERR_VENC_NULL_PTR,
               "hi_mpi_venc_release_stream")
        try:
            acl.himpi.venc_get_stream(3, {"pack_cnt": "one"}, 0)
            sys.exit("a str pack_cnt was taken")
        except TypeError:
            pass
        ok(acl.himpi.venc_destroy_chn(3), "destroy while started")
        print("ok")
    """,
    "pngd": """
        E = acl.HI_ERR_PNGD_INVALID_CHN_ID
        for chn in (-1, acl.PNGD_MAX_CHN_NUM):
            expect(acl.himpi.pngd_create_chn(chn, {"stream_que_cnt": 1}), E, "hi_mpi_pngd_create_chn")
            expect(acl.himpi.pngd_get_image_data(chn, 0), E, "hi_mpi_pngd_get_image_data")
        expect(acl.himpi.pngd_destroy_chn(5), acl.HI_ERR_PNGD_UNEXIST, "hi_mpi_pngd_destroy_chn")
        expect(acl.himpi.pngd_send_stream(5, {"addr": 0, "len": 0}, {}, 0), acl.HI_ERR_PNGD_UNEXIST,
               "hi_mpi_pngd_send_stream")
        ok(acl.himpi.pngd_create_chn(5, {"stream_que_cnt": 1}), "create")
        expect(acl.himpi.pngd_send_stream(5, {"addr": 0, "len": 0}, {}, 0), acl.HI_ERR_PNGD_ILLEGAL_PARAM,
               "hi_mpi_pngd_send_stream")
        junk = upload(bytes(64))
        out, _ = acl.media.dvpp_malloc(64)
        pic = {"picture_address": out, "picture_buffer_size": 64 * 8, "picture_format": acl.HI_PIXEL_FORMAT_RGB_888}
        expect(acl.himpi.pngd_send_stream(5, {"addr": junk, "len": 64}, pic, 0), acl.HI_ERR_PNGD_BAD_ADDR,
               "hi_mpi_pngd_send_stream")
        expect(acl.himpi.png_get_image_info({"addr": junk, "len": 64}), acl.HI_ERR_PNGD_ILLEGAL_PARAM,
               "hi_mpi_png_get_image_info")
        expect(acl.himpi.pngd_get_image_data(5, 0), acl.HI_ERR_PNGD_BUF_EMPTY, "hi_mpi_pngd_get_image_data")
        ok(acl.himpi.pngd_destroy_chn(5), "destroy")
        print("ok")
    """,
    "no sys_init": """
        ok(acl.himpi.sys_exit(), "sys_exit")
        expect(acl.himpi.vdec_create_chn(0, {"type": acl.HI_PT_JPEG, "mode": 1}), acl.HI_ERR_VDEC_SYS_NOT_READY,
               "hi_mpi_vdec_create_chn")
        expect(acl.himpi.venc_create_chn(0, {"venc_attr": {"type": acl.HI_PT_H264, "pic_width": 64,
                                                            "pic_height": 48}}),
               acl.HI_ERR_VENC_SYS_NOT_READY, "hi_mpi_venc_create_chn")
        expect(acl.himpi.pngd_create_chn(0, {"stream_que_cnt": 1}), acl.HI_ERR_PNGD_SYS_NOT_READY,
               "hi_mpi_pngd_create_chn")
        print("ok")
    """,
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_input_gives_codes_never_a_crash(case: str) -> None:
    import textwrap

    result = run_on_emulator(PRELUDE + textwrap.dedent(CASES[case]), timeout=120)
    assert result.returncode == 0 and result.stdout.strip().endswith("ok"), describe(result)


def test_null_pointers_in_c(tmp_path: Path) -> None:
    """Every pointer argument NULL, called from C (Python always passes a struct)."""
    assert EMULATOR_LIBRARY.is_file(), "build the emulator first (build_ffi.py)"
    source = Path(__file__).resolve().parent / "himpi_vdec_null_check.c"
    program = compile_c([source], tmp_path / "himpi_vdec_null_check", link=link_emulator(EMULATOR_LIBRARY))
    result = subprocess.run([str(program)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr
