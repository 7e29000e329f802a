"""VDEC/VENC given bad input return the runtime's error codes and never crash: wrong or destroyed
descs, channels never created, NULL/garbage stream and pic descs, a desc destroyed while its
channel lives, bad typed parameters. Run in a child process (a crash fails the test, not the run)."""

from __future__ import annotations

import json

import pytest
from helpers.subproc import RUNTIME_PRELUDE, describe, run_python

pytest.importorskip("av")

CHILD = (
    RUNTIME_PRELUDE
    + """
import json, threading
m = acl.media
INVALID = acl.ACL_ERROR_INVALID_PARAM
results = {}
GARBAGE = 0xDEADBEEF

stop = threading.Event()
ident = []
def loop():
    acl.rt.set_context(context)
    ident.append(threading.get_ident())
    while not stop.is_set():
        acl.rt.process_report(20)
t = threading.Thread(target=loop, daemon=True)
t.start()
while not ident:
    pass

desc = m.vdec_create_channel_desc()
results["create without callback"] = m.vdec_create_channel(desc)
m.vdec_set_channel_desc_callback(desc, lambda i, o, u: None)
m.vdec_set_channel_desc_thread_id(desc, ident[0])
results["send before create"] = m.vdec_send_frame(desc, 0, 0, 0, None)
results["destroy never created"] = m.vdec_destroy_channel(desc)
ok(m.vdec_create_channel(desc), "create")
results["create twice"] = m.vdec_create_channel(desc)
results["destroy desc with channel"] = m.vdec_destroy_channel_desc(desc)
results["NULL input"] = m.vdec_send_frame(desc, 0, 0, 0, None)
results["garbage input"] = m.vdec_send_frame(desc, GARBAGE, 0, 0, None)
stream_desc = m.dvpp_create_stream_desc()
results["input without data"] = m.vdec_send_frame(desc, stream_desc, 0, 0, None)
buf, ret = m.dvpp_malloc(64)
m.dvpp_set_stream_desc_data(stream_desc, buf)
m.dvpp_set_stream_desc_size(stream_desc, 64)
results["NULL output"] = m.vdec_send_frame(desc, stream_desc, 0, 0, None)
results["garbage output"] = m.vdec_send_frame(desc, stream_desc, GARBAGE, 0, None)
results["garbage frame config"] = m.vdec_send_skipped_frame(desc, stream_desc, GARBAGE, None)
calls = []
m.vdec_destroy_channel(desc)
m.vdec_set_channel_desc_callback(desc, lambda i, o, u: calls.append((o, m.dvpp_get_stream_desc_ret_code(i))))
ok(m.vdec_create_channel(desc), "create again")
results["garbage bytes decoded"] = m.vdec_send_skipped_frame(desc, stream_desc, 0, "x")
results["destroy"] = m.vdec_destroy_channel(desc)
results["garbage callback"] = [o for o, _ in calls] == [0] and calls[0][1] != 0
results["destroy desc"] = m.vdec_destroy_channel_desc(desc)
results["destroy desc twice"] = m.vdec_destroy_channel_desc(desc)
results["getter of destroyed"] = m.vdec_get_channel_desc_channel_id(desc)
results["destroy garbage channel"] = m.vdec_destroy_channel(GARBAGE)

venc = m.venc_create_channel_desc()
m.venc_set_channel_desc_callback(venc, lambda i, o, u: None)
results["venc create without size"] = m.venc_create_channel(venc)
results["venc send before create"] = m.venc_send_frame(venc, 0, 0, 0, None)
m.venc_set_channel_desc_thread_id(venc, ident[0])
m.venc_set_channel_desc_pic_width(venc, 128)
m.venc_set_channel_desc_pic_height(venc, 128)
ok(m.venc_create_channel(venc), "venc create")
results["venc NULL input"] = m.venc_send_frame(venc, 0, 0, 0, None)
pic = m.dvpp_create_pic_desc()
m.dvpp_set_pic_desc_format(pic, acl.PIXEL_FORMAT_YUV_SEMIPLANAR_420)
m.dvpp_set_pic_desc_width(pic, 128)
m.dvpp_set_pic_desc_height(pic, 128)
m.dvpp_set_pic_desc_width_stride(pic, 128)
m.dvpp_set_pic_desc_height_stride(pic, 128)
m.dvpp_set_pic_desc_data(pic, buf)
m.dvpp_set_pic_desc_size(pic, 64)
results["venc undersized input"] = m.venc_send_frame(venc, pic, 0, 0, None)
m.dvpp_set_pic_desc_width(pic, 130)
results["venc wrong size"] = m.venc_send_frame(venc, pic, 0, 0, None)
results["venc garbage config"] = m.venc_send_frame(venc, pic, 0, GARBAGE, None)
results["venc destroy"] = m.venc_destroy_channel(venc)
results["venc destroy desc"] = m.venc_destroy_channel_desc(venc)
stop.set()
t.join()
print(json.dumps(results))
"""
)

EXPECTED = {
    "create without callback": "INVALID",
    "send before create": "INVALID",
    "destroy never created": "INVALID",
    "create twice": "INVALID",
    "destroy desc with channel": "INVALID",
    "NULL input": "INVALID",
    "garbage input": "INVALID",
    "input without data": "INVALID",
    "NULL output": "INVALID",
    "garbage output": "INVALID",
    "garbage frame config": "INVALID",
    "garbage bytes decoded": 0,
    "destroy": 0,
    "garbage callback": True,
    "destroy desc": 0,
    "destroy desc twice": "INVALID",
    "getter of destroyed": 0,
    "destroy garbage channel": "INVALID",
    "venc create without size": "INVALID",
    "venc send before create": "INVALID",
    "venc NULL input": "INVALID",
    "venc undersized input": "INVALID",
    "venc wrong size": "INVALID",
    "venc garbage config": "INVALID",
    "venc destroy": 0,
    "venc destroy desc": 0,
}


def test_bad_input_gives_codes_never_a_crash() -> None:
    import acl

    result = run_python(CHILD, env={"ACL_BACKEND": "emulator"}, timeout=120)
    assert result.returncode == 0, describe(result)
    results = json.loads(result.stdout.strip().splitlines()[-1])
    expected = {k: acl.ACL_ERROR_INVALID_PARAM if v == "INVALID" else v for k, v in EXPECTED.items()}
    assert results == expected
