"""pyACL's callback registrars (acl/_pyacl/callbacks.py) called the way pyACL programs call them.

Report and exception-info callbacks run on the emulator (its stream workers and report queue).
The other kinds (allocator, dump, op compile, vdec/venc) are not implemented by the emulator, so
they are checked against a stand-in library (callback_backend.c) that stores the C pointers it is
given and fires them from a new native thread. Exceptions inside callbacks run in subprocesses.
"""

from __future__ import annotations

import gc
import json
import os
import threading
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Callable, Optional

import pytest

os.environ["ACL_BACKEND"] = "emulator"

from helpers.binding import binding_declares_types
from helpers.compile_c import compile_c
from helpers.runtime_support import Runtime, check
from helpers.subproc import describe, run_on_emulator, run_python

import acl

POLL_MS = 20
# What the running test set up for report callbacks, undone last first when it ends, however it
# ended: a report thread left subscribed or polling would count in later tests' report threads.
_undo: list[Callable[[], object]] = []


@pytest.fixture(autouse=True)
def _undo_report_setup() -> Iterator[None]:
    yield
    while _undo:
        _undo.pop()()  # each step tolerates the test having done it already (an error code)


@pytest.fixture(scope="module")
def runtime() -> Iterator[Runtime]:
    ret = acl.init()
    assert ret in (acl.ACL_SUCCESS, acl.ACL_ERROR_REPEAT_INITIALIZE), ret
    initialized_here = ret == acl.ACL_SUCCESS  # another test module may own the initialization
    check(acl.rt.set_device(0), "set_device")
    context, ret = acl.rt.create_context(0)
    check(ret, "create_context")
    stream, ret = acl.rt.create_stream()
    check(ret, "create_stream")
    yield Runtime(0, context, stream)
    check(acl.rt.set_context(context), "set_context")
    check(acl.rt.destroy_stream(stream), "destroy_stream")
    check(acl.rt.destroy_context(context), "destroy_context")
    check(acl.rt.reset_device(0), "reset_device")
    if initialized_here:
        check(acl.finalize(), "finalize")


@pytest.fixture()
def rt(runtime: Runtime) -> Runtime:
    check(acl.rt.set_context(runtime.context), "set_context")
    return runtime


class ReportLoop:
    """pyACL's report thread: acl.util.start_thread running process_report until stopped.

    With `gated`, the thread does not process anything until `open_gate()`, so callbacks (and
    the streams blocked behind them) wait.
    """

    def __init__(self, context: int, gated: bool = False) -> None:
        self.context = context
        self.gate = threading.Event()
        if not gated:
            self.gate.set()
        self.stop = threading.Event()
        self.results: list[int] = []
        self.finished = False
        self.thread_id, ret = acl.util.start_thread(self._loop, None)
        check(ret, "start_thread")
        _undo.append(self._close)

    def subscribe(self, stream: int) -> None:
        check(acl.rt.subscribe_report(self.thread_id, stream), "subscribe_report")
        _undo.append(lambda: acl.rt.unsubscribe_report(self.thread_id, stream))

    def _close(self) -> None:
        if not self.finished:
            self.gate.set()
            self.stop.set()
            acl.util.stop_thread(self.thread_id)

    def _loop(self) -> None:
        check(acl.rt.set_context(self.context), "set_context in the report thread")
        self.gate.wait(60)
        while not self.stop.is_set():
            self.results.append(acl.rt.process_report(POLL_MS))

    def open_gate(self) -> None:
        self.gate.set()

    def finish(self) -> None:
        self.gate.set()
        self.stop.set()
        assert acl.util.stop_thread(self.thread_id) == 0
        self.finished = True
        assert set(self.results) <= {acl.ACL_SUCCESS, acl.ACL_ERROR_RT_REPORT_TIMEOUT}, self.results


def new_stream() -> int:
    stream, ret = acl.rt.create_stream()
    check(ret, "create_stream")
    _undo.append(lambda: acl.rt.destroy_stream(stream))
    return stream


# ---- launch_callback ----


def test_the_classic_report_loop_runs_each_callback_on_the_report_thread(rt: Runtime) -> None:
    loop = ReportLoop(rt.context)
    loop.subscribe(rt.stream)
    results: list[tuple[int, int, int]] = []
    for i in range(20):
        block = acl.ACL_CALLBACK_BLOCK if i % 2 else acl.ACL_CALLBACK_NO_BLOCK

        def square(n: int) -> None:
            results.append((n, n * n, threading.get_ident()))

        check(acl.rt.launch_callback(square, i, block, rt.stream), f"launch_callback {i}")
    # The last callback blocks the stream, so after the sync every callback has run.
    check(acl.rt.synchronize_stream(rt.stream), "synchronize_stream")
    check(acl.rt.unsubscribe_report(loop.thread_id, rt.stream), "unsubscribe_report")
    loop.finish()
    assert [(n, sq) for n, sq, _ in results] == [(i, i * i) for i in range(20)]
    assert {thread for _, _, thread in results} == {loop.thread_id}


class Token:
    """A user_data object that only the pending launch refers to."""


def test_user_data_stays_alive_until_the_callback_has_run_then_is_released(rt: Runtime) -> None:
    stream = new_stream()
    loop = ReportLoop(rt.context, gated=True)
    loop.subscribe(stream)
    received: list[int] = []
    token = Token()
    alive = weakref.ref(token)

    def receive(data: Any) -> None:
        received.append(id(data))

    check(acl.rt.launch_callback(receive, token, acl.ACL_CALLBACK_BLOCK, stream), "launch_callback")
    expected_id = id(token)
    del token
    gc.collect()
    assert alive() is not None, "user_data was released before its callback ran"
    loop.open_gate()
    check(acl.rt.synchronize_stream(stream), "synchronize_stream")
    check(acl.rt.unsubscribe_report(loop.thread_id, stream), "unsubscribe_report")
    loop.finish()
    check(acl.rt.destroy_stream(stream), "destroy_stream")
    assert received == [expected_id]
    gc.collect()
    assert alive() is None, "user_data is still referenced after its callback ran"


def test_a_refused_launch_returns_the_error_and_keeps_nothing(rt: Runtime) -> None:
    stream = new_stream()  # nobody subscribed
    token = Token()
    alive = weakref.ref(token)
    ret = acl.rt.launch_callback(lambda _: None, token, acl.ACL_CALLBACK_BLOCK, stream)
    check(acl.rt.destroy_stream(stream), "destroy_stream")
    assert ret == acl.ACL_ERROR_RT_STREAM_NO_CB_REG
    del token
    gc.collect()
    assert alive() is None


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda s: acl.rt.launch_callback(42, None, acl.ACL_CALLBACK_BLOCK, s), "parameter must be callable"),
        (lambda s: acl.rt.launch_callback(print, None, acl.ACL_CALLBACK_BLOCK, "stream"), "launch_callback"),
        (lambda s: acl.rt.set_exception_info_callback("not callable"), "parameter must be callable"),
        (lambda s: acl.op.register_compile_func(b"Add", print), "op_type must be str"),
        (lambda s: acl.op.register_compile_func("Add", None), "parameter must be callable"),
        (lambda s: acl.media.vdec_set_channel_desc_callback(s, 3), "parameter must be callable"),
        (lambda s: acl.media.venc_set_channel_desc_callback("desc", print), "must be an int"),
    ],
)
def test_registrars_reject_what_pyacl_rejects_with_type_error(
    rt: Runtime, call: Callable[[int], Any], error: str
) -> None:
    with pytest.raises(TypeError, match=error):
        call(rt.stream)


# ---- set_exception_info_callback ----


def fail_one_task(rt: Runtime) -> int:
    """Make a task of a fresh stream fail asynchronously; return that stream's synchronize result.

    Stream `blocked` sits behind a blocking callback nobody processes yet, so an event recorded on
    it stays pending, and a wait with a 10 ms timeout on `failing` times out on its worker thread.
    """
    blocked, failing = new_stream(), new_stream()
    event, ret = acl.rt.create_event()
    check(ret, "create_event")
    _undo.append(lambda: acl.rt.destroy_event(event))
    loop = ReportLoop(rt.context, gated=True)
    loop.subscribe(blocked)
    check(acl.rt.launch_callback(lambda _: None, None, acl.ACL_CALLBACK_BLOCK, blocked), "launch_callback")
    check(acl.rt.record_event(event, blocked), "record_event")
    check(acl.rt.stream_wait_event_with_timeout(failing, event, 10), "stream_wait_event_with_timeout")
    result = acl.rt.synchronize_stream(failing)
    loop.open_gate()
    check(acl.rt.synchronize_stream(blocked), "synchronize_stream")
    check(acl.rt.unsubscribe_report(loop.thread_id, blocked), "unsubscribe_report")
    loop.finish()
    for stream in (blocked, failing):
        check(acl.rt.destroy_stream(stream), "destroy_stream")
    check(acl.rt.destroy_event(event), "destroy_event")
    return result


def test_exception_info_callback_reports_a_failed_async_task_until_unregistered(rt: Runtime) -> None:
    reports: list[dict[str, int]] = []

    def on_exception(info: int) -> None:
        reports.append(
            {
                "error_code": acl.rt.get_error_code_from_exception_info(info),
                "device_id": acl.rt.get_device_id_from_exception_info(info),
                "thread": threading.get_ident(),
            }
        )

    check(acl.rt.set_exception_info_callback(on_exception), "set_exception_info_callback")
    try:
        assert fail_one_task(rt) == acl.ACL_ERROR_RT_EVENT_SYNC_TIMEOUT
    finally:
        unregistered = acl.rt.set_exception_info_callback()
    assert reports and reports[0]["error_code"] == acl.ACL_ERROR_RT_EVENT_SYNC_TIMEOUT
    assert reports[0]["device_id"] == rt.device
    assert reports[0]["thread"] != threading.get_ident()  # the failing stream's worker
    assert len(reports) == 1
    check(unregistered, "set_exception_info_callback()")
    assert fail_one_task(rt) == acl.ACL_ERROR_RT_EVENT_SYNC_TIMEOUT
    assert len(reports) == 1, "the callback still ran after set_exception_info_callback()"


def test_exception_info_callback_none_unregisters_too(rt: Runtime) -> None:
    reports: list[int] = []
    check(acl.rt.set_exception_info_callback(reports.append), "set_exception_info_callback")
    check(acl.rt.set_exception_info_callback(None), "set_exception_info_callback(None)")
    assert fail_one_task(rt) == acl.ACL_ERROR_RT_EVENT_SYNC_TIMEOUT
    assert reports == []


# ---- exceptions raised by user callbacks (subprocess: a crash must fail one test only) ----

RAISING_CALLBACKS = """
import json, threading

reported = []
def hook(args):
    reported.append({"type": args.exc_type.__name__, "message": str(args.exc_value), "where": args.err_msg})
sys.unraisablehook = hook

stop = threading.Event()
def loop():
    while not stop.is_set():
        acl.rt.process_report(20)
tid, ret = acl.util.start_thread(loop, None)
ok(acl.rt.subscribe_report(tid, stream), "subscribe_report")
after = []
def boom(data):
    raise ValueError(f"report callback failed on {data}")
ok(acl.rt.launch_callback(boom, "first", acl.ACL_CALLBACK_BLOCK, stream), "launch boom")
ok(acl.rt.launch_callback(after.append, "second", acl.ACL_CALLBACK_BLOCK, stream), "launch after")
ok(acl.rt.synchronize_stream(stream), "synchronize_stream")
ok(acl.rt.unsubscribe_report(tid, stream), "unsubscribe_report")
stop.set()
ok(acl.util.stop_thread(tid), "stop_thread")

def raising_exception_handler(info):
    raise KeyError("exception callback failed")
ok(acl.rt.set_exception_info_callback(raising_exception_handler), "set_exception_info_callback")
blocked, _ = acl.rt.create_stream()
failing, _ = acl.rt.create_stream()
event, _ = acl.rt.create_event()
ok(acl.rt.subscribe_report(threading.get_ident(), blocked), "subscribe self")
ok(acl.rt.launch_callback(lambda _: None, None, acl.ACL_CALLBACK_BLOCK, blocked), "launch")
ok(acl.rt.record_event(event, blocked), "record_event")
ok(acl.rt.stream_wait_event_with_timeout(failing, event, 10), "wait with timeout")
sync_failing = acl.rt.synchronize_stream(failing)
ok(acl.rt.process_report(5000), "process_report")
ok(acl.rt.synchronize_stream(blocked), "synchronize blocked")
print(json.dumps({"reported": reported, "after": after, "sync_failing": sync_failing}))
"""


def test_exceptions_in_callbacks_go_to_unraisablehook_and_the_program_goes_on() -> None:
    result = run_on_emulator(RAISING_CALLBACKS, timeout=120)
    assert result.returncode == 0, describe(result)
    outcome = json.loads(result.stdout.strip().splitlines()[-1])
    assert outcome["after"] == ["second"]
    assert outcome["sync_failing"] == acl.ACL_ERROR_RT_EVENT_SYNC_TIMEOUT
    kinds = [(r["type"], r["message"]) for r in outcome["reported"]]
    assert kinds == [
        ("ValueError", "report callback failed on first"),
        ("KeyError", "'exception callback failed'"),
    ]
    assert all("callback" in r["where"] for r in outcome["reported"])


def test_an_exception_in_a_report_callback_is_printed_by_the_default_hook() -> None:
    body = """
    stop = __import__("threading").Event()
    def loop():
        while not stop.is_set():
            acl.rt.process_report(20)
    tid, _ = acl.util.start_thread(loop, None)
    ok(acl.rt.subscribe_report(tid, stream), "subscribe_report")
    def boom(_):
        raise RuntimeError("visible in stderr")
    ok(acl.rt.launch_callback(boom, None, acl.ACL_CALLBACK_BLOCK, stream), "launch")
    ok(acl.rt.synchronize_stream(stream), "synchronize_stream")
    ok(acl.rt.unsubscribe_report(tid, stream), "unsubscribe_report")
    stop.set()
    ok(acl.util.stop_thread(tid), "stop_thread")
    print("still running")
    """
    result = run_on_emulator(body, timeout=120)
    assert result.returncode == 0, describe(result)
    assert result.stdout.strip() == "still running"
    assert "RuntimeError: visible in stderr" in result.stderr


# ---- allocator, dump, op compile, vdec/venc: against the stand-in library ----


@pytest.fixture(scope="module")
def callback_backend(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("callback-backend")
    compile_c([Path(__file__).with_name("callback_backend.c")], directory / "libascendcl.so", shared=True)
    return directory


FIRE_PRELUDE = """
import ctypes, json, sys
import acl

reported = []
sys.unraisablehook = lambda args: reported.append(args.exc_type.__name__)
fake = ctypes.CDLL(acl.backend()["libraries"][0])
fake.fake_fire.restype = ctypes.c_size_t
fake.fake_fire.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_size_t,
                           ctypes.c_int32, ctypes.c_int32, ctypes.POINTER(ctypes.c_int)]
ALLOC, FREE, ADVISE, GET_ADDR, DUMP, COMPILE, VDEC, VENC = range(8)

def fire(kind, key=None, a=0, b=0, c=0, count_in=0, count_out=0):
    found = ctypes.c_int()
    result = fake.fake_fire(kind, key, a, b, c, count_in, count_out, ctypes.byref(found))
    assert found.value == 1, f"no callback of kind {kind} reached the library"
    return result

out = {}
"""


def run_against_callback_backend(directory: Path, body: str) -> dict[str, Any]:
    import textwrap

    result = run_python(
        FIRE_PRELUDE + textwrap.dedent(body) + "\nprint(json.dumps(out))\n",
        {"ACL_BACKEND": "cann", "ACL_LIBRARY_PATH": str(directory)},
        timeout=120,
    )
    assert result.returncode == 0, describe(result)
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_allocator_callbacks_are_kept_per_kind_and_called_from_native_threads(callback_backend: Path) -> None:
    out = run_against_callback_backend(
        callback_backend,
        """
    calls = []
    def alloc(allocator, size):
        calls.append(("alloc", allocator, size))
        return 0x1000 + size
    def free(allocator, block):
        calls.append(("free", allocator, block))
    def alloc_advise(allocator, size, addr):
        calls.append(("advise", allocator, size, addr))
        return addr + size
    def get_addr(block):
        calls.append(("addr", block))
        return "not an int"
    desc = acl.rt.allocator_create_desc()
    out["rets"] = [
        acl.rt.allocator_set_alloc_func_to_desc(desc, alloc),
        acl.rt.allocator_set_free_func_to_desc(desc, free),
        acl.rt.allocator_set_alloc_advise_func_to_desc(desc, alloc_advise),
        acl.rt.allocator_set_get_addr_from_block_func_to_desc(desc, get_addr),
        acl.rt.allocator_set_alloc_func_to_desc(0, print),  # refused by the library: the stored one stays
    ]
    out["results"] = [fire(ALLOC, a=0x77, b=64), fire(FREE, a=0x77, b=0x1040),
                      fire(ADVISE, a=0x77, b=16, c=0x9000), fire(GET_ADDR, a=0x1040)]
    out["calls"] = calls
    out["reported"] = reported
    """,
    )
    assert out["rets"] == [0, 0, 0, 0, acl.ACL_ERROR_INVALID_PARAM]
    assert out["calls"] == [
        ["alloc", 0x77, 64],
        ["free", 0x77, 0x1040],
        ["advise", 0x77, 16, 0x9000],
        ["addr", 0x1040],
    ]
    # int results reach C as addresses, anything else as NULL
    assert out["results"] == [0x1040, 0, 0x9010, 0]
    assert out["reported"] == []


def test_an_exception_in_an_allocator_callback_gives_c_null_and_is_reported(callback_backend: Path) -> None:
    out = run_against_callback_backend(
        callback_backend,
        """
    desc = acl.rt.allocator_create_desc()
    acl.rt.allocator_set_alloc_func_to_desc(desc, lambda alloc, size: 1 / 0)
    out["result"] = fire(ALLOC, a=1, b=8)
    out["reported"] = reported
    """,
    )
    assert out == {"result": 0, "reported": ["ZeroDivisionError"]}


def test_dump_callback_gets_each_chunk_as_a_dict_until_unregistered(callback_backend: Path) -> None:
    out = run_against_callback_backend(
        callback_backend,
        """
    chunks = []
    def on_chunk(chunk):
        chunk = dict(chunk)
        chunk["data"] = acl.util.ptr_to_bytes(chunk.pop("data_buf"), chunk["buf_len"]).decode()
        chunks.append(chunk)
        return 0
    payload = b"dumped tensor bytes"
    buffer = ctypes.create_string_buffer(payload, len(payload))
    out["ret"] = acl.mdl.dump_reg_callback(on_chunk, 5)
    out["result"] = fire(DUMP, key=b"model/op.0.dump", a=ctypes.addressof(buffer), b=len(payload), c=4096)
    out["chunks"] = chunks
    acl.mdl.dump_reg_callback(lambda chunk: 1 / 0, 5)
    out["raising"] = ctypes.c_int32(fire(DUMP, key=b"x", a=ctypes.addressof(buffer), b=1)).value
    out["unreg"] = acl.mdl.dump_unreg_callback()
    found = ctypes.c_int()
    fake.fake_fire(DUMP, b"x", 0, 0, 0, 0, 0, ctypes.byref(found))
    out["found_after_unreg"] = found.value
    out["reported"] = reported
    """,
    )
    assert out["ret"] == 0
    assert out["result"] == 0
    chunk = {"file_name": "model/op.0.dump", "buf_len": 19, "is_last_chunk": 1, "offset": 4096, "flag": 5}
    assert out["chunks"] == [{**chunk, "data": "dumped tensor bytes"}]
    assert out["raising"] == -1
    assert out["unreg"] is None
    assert out["found_after_unreg"] == 0
    assert out["reported"] == ["ZeroDivisionError"]


def test_compile_functions_are_kept_per_op_type(callback_backend: Path) -> None:
    out = run_against_callback_backend(
        callback_backend,
        """
    calls = []
    def compiler(name, result):
        def compile_op(num_in, inputs, num_out, outputs, attr, kernel):
            calls.append([name, num_in, inputs, num_out, outputs, attr, kernel])
            return result
        return compile_op
    out["rets"] = [acl.op.register_compile_func("Add", compiler("add", 0)),
                   acl.op.register_compile_func("Mul", compiler("mul", 7)),
                   acl.op.register_compile_func("Add", compiler("add again", None))]
    out["results"] = [fire(COMPILE, key=b"Mul", a=0x100, b=0x200, c=0x300, count_in=2, count_out=1),
                      fire(COMPILE, key=b"Add", a=0x10, b=0x20, c=0x30, count_in=1, count_out=2)]
    acl.op.register_compile_func("Sub", lambda *args: 1 / 0)
    out["raising"] = fire(COMPILE, key=b"Sub", a=1, b=2, c=3)
    out["calls"] = calls
    out["reported"] = reported
    """,
    )
    assert out["rets"] == [0, 0, 0]
    assert out["calls"] == [
        ["mul", 2, [0x100, 0x101], 1, [0x200], 0x300, 0x301],
        ["add again", 1, [0x10], 2, [0x20, 0x21], 0x30, 0x31],
    ]
    assert out["results"] == [7, 0]  # an int result is the aclError; None counts as success
    assert out["raising"] == acl.ACL_ERROR_FAILURE
    assert out["reported"] == ["ZeroDivisionError"]


def test_vdec_and_venc_callbacks_are_kept_per_channel_desc(callback_backend: Path) -> None:
    out = run_against_callback_backend(
        callback_backend,
        """
    calls = []
    first, second = acl.media.vdec_create_channel_desc(), acl.media.vdec_create_channel_desc()
    on_first = lambda i, o, u: calls.append(["vdec first", i, o, u])
    on_second = lambda i, o, u: calls.append(["vdec second", i, o, u])
    on_encode = lambda i, o, u: calls.append(["venc", i, o, u])
    out["rets"] = [acl.media.vdec_set_channel_desc_callback(first, on_first),
                   acl.media.vdec_set_channel_desc_callback(second, on_second),
                   acl.media.venc_set_channel_desc_callback(first, on_encode),
                   acl.media.vdec_set_channel_desc_callback(0, on_first)]
    fire(VDEC, key=second, a=11, b=12, c=13)
    fire(VDEC, key=first, a=21, b=22, c=23)
    fire(VENC, key=first, a=31, b=32, c=33)
    out["calls"] = calls
    out["getters"] = [acl.media.vdec_get_channel_desc_callback(first) is on_first,
                      acl.media.vdec_get_channel_desc_callback(second) is on_second,
                      acl.media.venc_get_channel_desc_callback(first) is on_encode]
    try:
        acl.media.venc_get_channel_desc_callback(second)
    except RuntimeError as exc:
        out["missing"] = str(exc)
    try:
        acl.media.vdec_get_channel_desc_callback(0)
    except RuntimeError as exc:
        out["refused"] = str(exc)
    out["reported"] = reported
    """,
    )
    assert out["rets"] == [0, 0, 0, acl.ACL_ERROR_INVALID_PARAM]
    # user_data that did not come from a send_frame call of this binding arrives as None
    assert out["calls"] == [["vdec second", 11, 12, None], ["vdec first", 21, 22, None],
                            ["venc", 31, 32, None]]
    assert out["getters"] == [True, True, True]
    assert "did not set callback" in out["missing"]
    assert "did not set callback" in out["refused"]  # a refused registration is not stored
    assert out["reported"] == []


def test_the_emulator_refuses_a_bad_desc_and_nothing_is_stored(rt: Runtime) -> None:
    from acl._pyacl import callbacks

    def before() -> Optional[Any]:
        return callbacks._allocator_alloc.fn

    stored = before()
    assert acl.rt.allocator_set_alloc_func_to_desc(0, print) == acl.ACL_ERROR_INVALID_PARAM  # NULL desc
    assert before() is stored
    assert acl.media.vdec_set_channel_desc_callback(12345, print) == acl.ACL_ERROR_INVALID_PARAM  # not a desc
    with pytest.raises(RuntimeError, match="did not set callback"):
        acl.media.vdec_get_channel_desc_callback(12345)


def test_frames_carry_any_python_user_data_to_the_channel_callback(callback_backend: Path) -> None:
    out = run_against_callback_backend(
        callback_backend,
        """
    import gc, weakref
    class Frame:
        def __init__(self, n):
            self.n = n
    calls = []
    decoder, encoder, silent = (acl.media.vdec_create_channel_desc() for _ in range(3))
    acl.media.vdec_set_channel_desc_callback(decoder, lambda i, o, u: calls.append(["vdec", i, o, u.n]))
    acl.media.venc_set_channel_desc_callback(encoder, lambda i, o, u: calls.append(["venc", i, o, u]))
    out["rets"] = [acl.media.vdec_send_frame(decoder, 0x40, 0, 0, Frame(1)),
                   acl.media.vdec_send_skipped_frame(decoder, 0x50, 0, Frame(2)),
                   acl.media.venc_send_frame(encoder, 0x60, 0, 0, {"frame": 3})]
    refused = Frame(4)
    alive = weakref.ref(refused)
    out["refused_ret"] = acl.media.vdec_send_frame(decoder, 0, 0, 0, refused)  # NULL input
    del refused
    gc.collect()
    out["refused_released"] = alive() is None
    try:
        acl.media.vdec_send_frame(silent, 0x70, 0, 0, None)
    except RuntimeError as exc:
        out["no_callback"] = str(exc)
    out["calls"] = calls
    out["reported"] = reported
    """,
    )
    assert out["rets"] == [0, 0, 0]
    assert out["calls"] == [
        ["vdec", 0x40, 0x41, 1],
        ["vdec", 0x50, 0x51, 2],
        ["venc", 0x60, 0x61, {"frame": 3}],
    ]
    assert out["refused_ret"] == acl.ACL_ERROR_INVALID_PARAM
    assert out["refused_released"]
    assert "did not set callback" in out["no_callback"]
    assert out["reported"] == []


# ---- the slot tables behind op compile and vdec/venc callbacks ----


def test_each_slot_has_its_own_trampoline_and_out_of_range_slots_have_none() -> None:
    from acl._generated._acl_cffi import lib

    count = lib._aclcb_slot_count()
    # build_ffi keeps a kind's trampolines exactly when the headers declare the types they need
    # (acl/_native/callbacks.c `needs:`): all three for headers/, fewer for some releases
    needs = {
        "_aclcb_op_compile_trampoline": ("aclopCompileFunc", "aclTensorDesc", "aclopAttr", "aclopKernelDesc"),
        "_aclcb_vdec_trampoline": ("aclvdecCallback", "acldvppStreamDesc", "acldvppPicDesc"),
        "_aclcb_venc_trampoline": ("aclvencCallback", "acldvppStreamDesc", "acldvppPicDesc"),
    }
    built = {name: binding_declares_types(*types) for name, types in needs.items()}
    assert {name: hasattr(lib, name) for name in needs} == built
    kinds = [getattr(lib, name) for name, present in built.items() if present]
    every_address: set[int] = set()
    for trampoline in kinds:
        addresses = {trampoline(slot) for slot in range(count)}
        assert len(addresses) == count and 0 not in addresses
        assert trampoline(-1) == trampoline(count) == 0
        every_address |= addresses
    assert len(every_address) == len(kinds) * count


def test_channel_slots_are_recycled_least_recently_registered_first() -> None:
    from acl._pyacl.callbacks import _SlotTable

    given: list[int] = []

    def accept(address: int) -> int:
        given.append(address)
        return acl.ACL_SUCCESS

    table = _SlotTable(lambda slot: 1000 + slot, recycle=True)
    count = len(table._callables)
    for key in range(count):
        table.register(key, f"fn{key}", accept)
    assert sorted(given) == [1000 + slot for slot in range(count)]
    table.register(0, "fn0 again", accept)  # same key: same slot, now the most recent
    assert given[-1] == given[0]
    table.register("new channel", "new fn", accept)
    assert given[-1] == given[1]  # key 1's slot: the least recently registered
    assert table.get(1) is None
    assert (table.get(0), table.get("new channel"), table.get(2)) == ("fn0 again", "new fn", "fn2")


def test_op_type_slots_are_not_recycled_and_a_refused_registration_frees_its_slot() -> None:
    from acl._pyacl.callbacks import _SlotTable

    table = _SlotTable(lambda slot: 1000 + slot, recycle=False)
    given: list[int] = []
    def refuse(address: int) -> int:
        given.append(address)
        return acl.ACL_ERROR_INVALID_PARAM

    assert table.register("Refused", "fn", refuse) == acl.ACL_ERROR_INVALID_PARAM
    assert table.get("Refused") is None
    for key in range(len(table._callables)):
        table.register(f"Op{key}", "fn", lambda address: given.append(address) or acl.ACL_SUCCESS)
    assert given[0] == given[1]  # the refused registration's slot went back to the free list
    with pytest.raises(RuntimeError, match="slots are in use"):
        table.register("OneTooMany", "fn", lambda address: acl.ACL_SUCCESS)
    assert table.get("Op0") == "fn"
