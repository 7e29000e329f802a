"""pyACL's callback registrars: Python callables handed to the C API through cffi.

Hand-written because a C function pointer cannot be generated from a Python callable: each
registrar stores the callable where pyACL does (one global slot, a map keyed by op type or channel
desc, or one entry per launch) and gives C the address of an `extern "Python"` function declared in
acl/_native/callbacks.cdef. cffi takes the GIL when C calls back, from any native thread; an
exception raised by a user callback goes to sys.unraisablehook and C gets the kind's error value.

Difference from pyACL, on purpose: an int returned by an allocator, dump or compile callback is
handed back to C (pyACL drops every result).
"""

from __future__ import annotations

import itertools
import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any, Callable, Optional

from .._generated._acl_cffi import ffi, lib
from .._generated.constants import ACL_ERROR_FAILURE, ACL_SUCCESS
from ._common import address

__all__ = [
    "allocator_set_alloc_advise_func_to_desc",
    "allocator_set_alloc_func_to_desc",
    "allocator_set_free_func_to_desc",
    "allocator_set_get_addr_from_block_func_to_desc",
    "dump_reg_callback",
    "dump_unreg_callback",
    "launch_callback",
    "register_compile_func",
    "set_exception_info_callback",
    "vdec_get_channel_desc_callback",
    "vdec_send_frame",
    "vdec_send_skipped_frame",
    "vdec_set_channel_desc_callback",
    "venc_get_channel_desc_callback",
    "venc_send_frame",
    "venc_set_channel_desc_callback",
]


def _pointer_result(result: Any) -> Any:
    """C's view of what an allocator callback returned: an int is an address, anything else NULL."""
    return ffi.cast("void *", result) if isinstance(result, int) else ffi.NULL


def _int_result(result: Any) -> int:
    return result if isinstance(result, int) else ACL_SUCCESS


def _call_c(qualified_name: str, c_function: Callable[..., int], *args: Any) -> int:
    """Call a C registrar; argument conversion errors name the Python function, like generated wrappers."""
    try:
        return c_function(*args)
    except (TypeError, OverflowError) as exc:
        raise type(exc)(f"{qualified_name}: {exc}") from None


def _require_handle(qualified_name: str, handle: Any) -> None:
    if not isinstance(handle, int):
        raise TypeError(f"{qualified_name}: the channel desc must be an int, not {type(handle).__name__}")


def _require_callable(qualified_name: str, fn: Any) -> None:
    if not callable(fn):
        raise TypeError(f"{qualified_name}: parameter must be callable")


def _extern(**options: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """ffi.def_extern() for a callback the build declared. Glue whose types the headers of this
    binding lack is left out of the build (acl/_native/callbacks.cdef), so is its callback here."""

    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        return ffi.def_extern(**options)(fn) if hasattr(lib, fn.__name__) else fn

    return register


def _trampolines(kind: str) -> Callable[[int], int]:
    """The trampoline lookup of a slotted callback kind, or, when the headers lack its types, one
    that says so (no registrar of that kind is bound then, so this is only a safeguard)."""
    found = getattr(lib, f"_aclcb_{kind}_trampoline", None)
    if found is not None:
        return found

    def absent(slot: int) -> int:
        raise RuntimeError(f"this binding was generated from headers without the {kind} callback types")

    return absent


class _GlobalSlot:
    """One registered callable per kind; pyACL keeps a single global for each of these callbacks."""

    def __init__(self) -> None:
        self.fn: Any = None
        self._registering = threading.Lock()  # one at a time, so a refusal restores the right callable

    def register(self, fn: Any, register_in_c: Callable[[], int]) -> int:
        """Store `fn` before C can call back, and keep the previous callable if C refuses."""
        with self._registering:
            previous, self.fn = self.fn, fn
            ret = -1
            try:
                ret = register_in_c()
            finally:
                if ret != ACL_SUCCESS:
                    self.fn = previous
            return ret


# ---- acl.rt.launch_callback: one entry per launch, alive until the callback has run or is dropped ----

_pending_reports: dict[int, tuple[Callable[[Any], Any], Any]] = {}
_report_keys = itertools.count(1)  # next() on a count is atomic under the GIL


@_extern()
def _aclcb_report(user_data: Any) -> None:
    fn, data = _pending_reports.pop(address(user_data))
    fn(data)


_REPORT_ADDRESS = address(lib._aclcb_report)  # launches can be frequent: computed once

# The emulator tells which launched callbacks will never run (their stream was unsubscribed or
# destroyed first): their entries are dropped here. A CANN runtime gives no such notice, so there
# an entry stays until its callback runs, as pyACL keeps it.
_discard_watch_checked = False
_discard_watch_lock = threading.Lock()


@_extern()
def _aclcb_discarded(fn: Any, user_data: Any) -> None:
    if address(fn) == _REPORT_ADDRESS:
        _pending_reports.pop(address(user_data), None)


def _watch_dropped_reports() -> None:
    global _discard_watch_checked
    from .. import _backend

    with _discard_watch_lock:
        watchable = hasattr(lib, "_aclemu_SetDiscardedCallbackHook")
        if not _discard_watch_checked and watchable and _backend.current().name == "emulator":
            lib._aclemu_SetDiscardedCallbackHook(lib._aclcb_discarded)
        _discard_watch_checked = True


def launch_callback(fn: Callable[[Any], Any], user_data: Any, block_type: int, stream: int) -> int:
    """Queue fn(user_data) on `stream`; the thread subscribed to it runs the call in process_report."""
    name = "acl.rt.launch_callback"
    _require_callable(name, fn)
    if not _discard_watch_checked:
        _watch_dropped_reports()
    key = next(_report_keys)
    _pending_reports[key] = (fn, user_data)
    ret = -1
    try:
        ret = _call_c(name, lib.aclrtLaunchCallback, _REPORT_ADDRESS, key, block_type, stream)
    finally:
        if ret != ACL_SUCCESS:  # never queued: nothing will call back
            _pending_reports.pop(key, None)
    return ret


# ---- acl.rt.set_exception_info_callback: one global ----

_exception_info = _GlobalSlot()


@_extern()
def _aclcb_exception_info(info: Any) -> None:
    fn = _exception_info.fn
    if fn is not None:
        fn(address(info))


def set_exception_info_callback(fn: Optional[Callable[[int], Any]] = None) -> int:
    """fn(exception_info_ptr) is called when a task fails; None (or no argument) unregisters."""
    name = "acl.rt.set_exception_info_callback"
    if fn is None:
        return _exception_info.register(None, lambda: _call_c(name, lib.aclrtSetExceptionInfoCallback, 0))
    _require_callable(name, fn)
    fn_address = address(lib._aclcb_exception_info)
    return _exception_info.register(fn, lambda: _call_c(name, lib.aclrtSetExceptionInfoCallback, fn_address))


# ---- acl.rt.allocator_set_*_func_to_desc: one global per kind, whatever the desc ----

_allocator_alloc = _GlobalSlot()
_allocator_free = _GlobalSlot()
_allocator_alloc_advise = _GlobalSlot()
_allocator_get_addr_from_block = _GlobalSlot()


@_extern()
def _aclcb_allocator_alloc(allocator: Any, size: int) -> Any:
    return _pointer_result(_allocator_alloc.fn(address(allocator), size))


@_extern()
def _aclcb_allocator_free(allocator: Any, block: Any) -> None:
    _allocator_free.fn(address(allocator), address(block))


@_extern()
def _aclcb_allocator_alloc_advise(allocator: Any, size: int, addr: Any) -> Any:
    return _pointer_result(_allocator_alloc_advise.fn(address(allocator), size, address(addr)))


@_extern()
def _aclcb_allocator_get_addr_from_block(block: Any) -> Any:
    return _pointer_result(_allocator_get_addr_from_block.fn(address(block)))


def _set_allocator_function(
    slot: _GlobalSlot, name: str, c_setter: Callable[..., int], trampoline: Any, desc: int, fn: Any
) -> int:
    # pyACL does not check that fn is callable here; a bad fn fails when the runtime calls it.
    fn_address = address(trampoline)
    return slot.register(fn, lambda: _call_c(name, c_setter, desc, fn_address))


def allocator_set_alloc_func_to_desc(desc: int, fn: Callable[[int, int], Any]) -> int:
    """fn(allocator, size) -> block address (int) for allocators registered with this desc."""
    return _set_allocator_function(
        _allocator_alloc,
        "acl.rt.allocator_set_alloc_func_to_desc",
        lib.aclrtAllocatorSetAllocFuncToDesc,
        lib._aclcb_allocator_alloc,
        desc,
        fn,
    )


def allocator_set_free_func_to_desc(desc: int, fn: Callable[[int, int], Any]) -> int:
    """fn(allocator, block) releases a block."""
    return _set_allocator_function(
        _allocator_free,
        "acl.rt.allocator_set_free_func_to_desc",
        lib.aclrtAllocatorSetFreeFuncToDesc,
        lib._aclcb_allocator_free,
        desc,
        fn,
    )


def allocator_set_alloc_advise_func_to_desc(desc: int, fn: Callable[[int, int, int], Any]) -> int:
    """fn(allocator, size, addr) -> block address (int), allocating near `addr`."""
    return _set_allocator_function(
        _allocator_alloc_advise,
        "acl.rt.allocator_set_alloc_advise_func_to_desc",
        lib.aclrtAllocatorSetAllocAdviseFuncToDesc,
        lib._aclcb_allocator_alloc_advise,
        desc,
        fn,
    )


def allocator_set_get_addr_from_block_func_to_desc(desc: int, fn: Callable[[int], Any]) -> int:
    """fn(block) -> device address (int) of a block."""
    return _set_allocator_function(
        _allocator_get_addr_from_block,
        "acl.rt.allocator_set_get_addr_from_block_func_to_desc",
        lib.aclrtAllocatorSetGetAddrFromBlockFuncToDesc,
        lib._aclcb_allocator_get_addr_from_block,
        desc,
        fn,
    )


# ---- acl.mdl.dump_reg_callback: one global ----

_dump = _GlobalSlot()


@_extern(error=-1)
def _aclcb_dump(chunk: Any, length: int) -> int:
    fn = _dump.fn
    if fn is None:
        return ACL_SUCCESS
    return _int_result(
        fn(
            {
                "file_name": ffi.string(chunk.fileName).decode("utf-8", "replace"),
                "data_buf": address(chunk.dataBuf),
                "buf_len": chunk.bufLen,
                "is_last_chunk": chunk.isLastChunk,
                "offset": chunk.offset,
                "flag": chunk.flag,
            }
        )
    )


def dump_reg_callback(fn: Callable[[dict[str, Any]], Any], flag: int) -> int:
    """fn(chunk_dict) receives dump data chunk by chunk; an exception gives the runtime -1."""
    name = "acl.mdl.dump_reg_callback"
    fn_address = address(lib._aclcb_dump)
    return _dump.register(fn, lambda: _call_c(name, lib.acldumpRegCallback, fn_address, flag))


def dump_unreg_callback(*_ignored: Any) -> None:
    """Unregister the dump callback. Like pyACL's (which parses no arguments), extra arguments are ignored."""
    lib.acldumpUnregCallback()
    _dump.fn = None


# ---- slotted callbacks: op compile functions by op type, vdec/venc callbacks by channel desc ----


class _SlotTable:
    """Keys bound to the fixed set of C trampolines of one callback kind (acl/_native/callbacks.c)."""

    def __init__(self, trampoline_address: Callable[[int], int], recycle: bool) -> None:
        self._trampoline_address = trampoline_address
        self._recycle = recycle  # when full, reuse the least recently registered key's slot
        count = lib._aclcb_slot_count()
        self._callables: list[Any] = [None] * count
        self._slot_by_key: OrderedDict[Hashable, int] = OrderedDict()
        self._free = list(range(count - 1, -1, -1))
        self._lock = threading.Lock()

    def callable_at(self, slot: int) -> Any:
        return self._callables[slot]

    def get(self, key: Hashable) -> Any:
        with self._lock:
            slot = self._slot_by_key.get(key)
            return None if slot is None else self._callables[slot]

    def register(self, key: Hashable, fn: Any, register_in_c: Callable[[int], int]) -> int:
        """Bind fn to key's slot, then give C that slot's trampoline; undo if C refuses.

        Raises RuntimeError when every slot is taken and the table does not recycle.
        """
        with self._lock:
            slot, previous, was_new = self._reserve(key)
            self._callables[slot] = fn
        ret = -1
        try:
            ret = register_in_c(self._trampoline_address(slot))
        finally:
            if ret != ACL_SUCCESS:
                with self._lock:
                    self._callables[slot] = previous
                    if was_new and self._slot_by_key.get(key) == slot:
                        del self._slot_by_key[key]
                        self._free.append(slot)
        return ret

    def _reserve(self, key: Hashable) -> tuple[int, Any, bool]:
        slot = self._slot_by_key.get(key)
        if slot is not None:
            self._slot_by_key.move_to_end(key)
            return slot, self._callables[slot], False
        if self._free:
            slot = self._free.pop()
        elif self._recycle:
            _, slot = self._slot_by_key.popitem(last=False)
        else:
            raise RuntimeError(f"all {len(self._callables)} callback slots are in use")
        self._slot_by_key[key] = slot
        return slot, None, True


_op_compile = _SlotTable(_trampolines("op_compile"), recycle=False)
# A program may create and destroy many channels; the slot of a channel registered 256 channels
# ago is reused (pyACL frees the entry in vdec/venc_destroy_channel, which is generated here).
_vdec = _SlotTable(_trampolines("vdec"), recycle=True)
_venc = _SlotTable(_trampolines("venc"), recycle=True)


def _pointer_list(array: Any, count: int) -> list[int]:
    return [address(array[i]) for i in range(count)]


@_extern(error=ACL_ERROR_FAILURE)  # what the runtime gets when a compile function raises
def _aclcb_op_compile(
    slot: int, num_inputs: int, inputs: Any, num_outputs: int, outputs: Any, attr: int, kernel_desc: int
) -> int:
    fn = _op_compile.callable_at(slot)
    return _int_result(
        fn(
            num_inputs,
            _pointer_list(inputs, num_inputs),
            num_outputs,
            _pointer_list(outputs, num_outputs),
            attr,
            kernel_desc,
        )
    )


def register_compile_func(op_type: str, fn: Callable[..., Any]) -> int:
    """fn(num_inputs, input_descs, num_outputs, output_descs, op_attr, kernel_desc) compiles op_type."""
    name = "acl.op.register_compile_func"
    if not isinstance(op_type, str):
        raise TypeError(f"{name}: op_type must be str, not {type(op_type).__name__}")
    _require_callable(name, fn)
    encoded = op_type.encode()
    try:
        return _op_compile.register(
            op_type, fn, lambda address: _call_c(name, lib.aclopRegisterCompileFunc, encoded, address)
        )
    except RuntimeError as exc:
        raise RuntimeError(f"{name}: {exc}; op types cannot be unregistered from a slot") from None


# user_data of vdec/venc frames: any Python object, kept until the frame's callback receives it.
_frame_user_data: dict[int, Any] = {}
_frame_keys = itertools.count(1)


def _take_user_data(key: int) -> Any:
    return _frame_user_data.pop(key, None)


@_extern()
def _aclcb_vdec(slot: int, input_stream_desc: int, output_pic_desc: int, user_data: int) -> None:
    _vdec.callable_at(slot)(input_stream_desc, output_pic_desc, _take_user_data(user_data))


@_extern()
def _aclcb_venc(slot: int, input_pic_desc: int, output_stream_desc: int, user_data: int) -> None:
    _venc.callable_at(slot)(input_pic_desc, output_stream_desc, _take_user_data(user_data))


def _send_frame(
    table: _SlotTable, name: str, c_send: Callable[..., int], channel_desc: int, *args: Any, eos: bool = False
) -> int:
    """Call c_send(channel_desc, *handles, key) with user_data (the last arg) stored under key.

    An end-of-stream frame gets no callback, so its user_data is not kept (key 0)."""
    _require_handle(name, channel_desc)
    if table.get(channel_desc) is None:
        raise RuntimeError(f"{name}: did not set callback, failed (set the channel desc callback first)")
    *handles, user_data = args
    if eos:
        return _call_c(name, c_send, channel_desc, *handles, 0)
    key = next(_frame_keys)
    _frame_user_data[key] = user_data
    ret = -1
    try:
        ret = _call_c(name, c_send, channel_desc, *handles, key)
    finally:
        if ret != ACL_SUCCESS:  # the frame was not accepted: no callback will take it
            _frame_user_data.pop(key, None)
    return ret


def vdec_send_frame(
    channel_desc: int, input_stream_desc: int, output_pic_desc: int, frame_config: int, user_data: Any
) -> int:
    """Decode one frame; the channel's callback later gets user_data (any object) for it."""
    return _send_frame(
        _vdec,
        "acl.media.vdec_send_frame",
        lib.aclvdecSendFrame,
        channel_desc,
        input_stream_desc,
        output_pic_desc,
        frame_config,
        user_data,
        eos=_is_eos_stream(input_stream_desc),
    )


def _is_eos_stream(stream_desc: Any) -> bool:
    """A stream desc marked end-of-stream (a wrong argument is left for the C call to refuse)."""
    return (
        isinstance(stream_desc, int)
        and stream_desc != 0
        and lib._aclffi_has(b"acldvppGetStreamDescEos") == 1
        and lib.acldvppGetStreamDescEos(stream_desc) == 1
    )


def _is_eos_config(frame_config: Any) -> bool:
    return (
        isinstance(frame_config, int)
        and frame_config != 0
        and lib._aclffi_has(b"aclvencGetFrameConfigEos") == 1
        and lib.aclvencGetFrameConfigEos(frame_config) == 1
    )


def vdec_send_skipped_frame(
    channel_desc: int, input_stream_desc: int, frame_config: int, user_data: Any
) -> int:
    """Send a frame that is decoded but not output; the callback still gets user_data."""
    return _send_frame(
        _vdec,
        "acl.media.vdec_send_skipped_frame",
        lib.aclvdecSendSkippedFrame,
        channel_desc,
        input_stream_desc,
        frame_config,
        user_data,
    )


def venc_send_frame(
    channel_desc: int, input_pic_desc: int, reserve: int, frame_config: int, user_data: Any
) -> int:
    """Encode one picture; the channel's callback later gets user_data (any object) for it."""
    return _send_frame(
        _venc,
        "acl.media.venc_send_frame",
        lib.aclvencSendFrame,
        channel_desc,
        input_pic_desc,
        reserve,
        frame_config,
        user_data,
        eos=_is_eos_config(frame_config),
    )


def vdec_set_channel_desc_callback(channel_desc: int, fn: Callable[[int, int, int], Any]) -> int:
    """fn(input_stream_desc, output_pic_desc, user_data) is called for each decoded frame."""
    name = "acl.media.vdec_set_channel_desc_callback"
    _require_handle(name, channel_desc)
    _require_callable(name, fn)
    setter = lib.aclvdecSetChannelDescCallback
    return _vdec.register(channel_desc, fn, lambda address: _call_c(name, setter, channel_desc, address))


def venc_set_channel_desc_callback(channel_desc: int, fn: Callable[[int, int, int], Any]) -> int:
    """fn(input_pic_desc, output_stream_desc, user_data) is called for each encoded frame."""
    name = "acl.media.venc_set_channel_desc_callback"
    _require_handle(name, channel_desc)
    _require_callable(name, fn)
    setter = lib.aclvencSetChannelDescCallback
    return _venc.register(channel_desc, fn, lambda address: _call_c(name, setter, channel_desc, address))


def _stored_callback(table: _SlotTable, name: str, channel_desc: int) -> Callable[..., Any]:
    _require_handle(name, channel_desc)
    fn = table.get(channel_desc)
    if fn is None:
        raise RuntimeError(f"{name}: did not set callback, failed (none for channel desc {channel_desc})")
    return fn


def vdec_get_channel_desc_callback(channel_desc: int) -> Callable[..., Any]:
    """The Python callable registered for this channel desc (no C call, as in pyACL)."""
    return _stored_callback(_vdec, "acl.media.vdec_get_channel_desc_callback", channel_desc)


def venc_get_channel_desc_callback(channel_desc: int) -> Callable[..., Any]:
    """The Python callable registered for this channel desc (no C call, as in pyACL)."""
    return venc_stored_callback(channel_desc, "acl.media.venc_get_channel_desc_callback")


def venc_stored_callback(channel_desc: int, function: str) -> Callable[..., Any]:
    """The callable registered for this channel desc; errors name `function`, the public caller."""
    return _stored_callback(_venc, function, channel_desc)
