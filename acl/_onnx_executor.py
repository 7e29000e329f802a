"""The emulator's model executor: runs ONNX models with onnxruntime.

The emulator (C) knows nothing of ONNX; it calls the function table of emulator/model_executor.h.
Here that table is made of cffi `extern "Python"` callbacks (acl/_native/model_executor.cdef) and
registered with the emulator's `aclemuSetModelExecutor` (acl/_native/emulator.cdef), only when the emulator is
the loaded backend. onnxruntime is an optional dependency (the `[onnx]` extra): it is imported
when the first model is loaded, never at registration.

Importing this module stays cheap (it happens with `import acl.mdl`): numpy is imported when
first needed. The callbacks run on the thread that executes a model (a stream
worker for aclmdlExecuteAsync); cffi takes the GIL for them. Every callback catches its
exceptions and reports them as an aclError plus a message: an exception cannot cross into C.
"""

from __future__ import annotations

import os
import re
import threading
from typing import TYPE_CHECKING

from ._executor_hook import ExecutorHook
from ._executor_hook import emulator_constants as _c
from ._generated._acl_cffi import ffi, lib
from ._onnx_nodes import MalformedModel, OnnxNode, graph_before, graph_nodes, node_names, with_graph_outputs

# the emulator's values (built from the baseline), whatever headers the binding comes from
ACL_BOOL = _c.ACL_BOOL
ACL_DOUBLE = _c.ACL_DOUBLE
ACL_DT_UNDEFINED = _c.ACL_DT_UNDEFINED
ACL_ERROR_FEATURE_UNSUPPORTED = _c.ACL_ERROR_FEATURE_UNSUPPORTED
ACL_ERROR_GE_EXEC_MODEL_DATA_SIZE_INVALID = _c.ACL_ERROR_GE_EXEC_MODEL_DATA_SIZE_INVALID
ACL_ERROR_GE_INTERNAL_ERROR = _c.ACL_ERROR_GE_INTERNAL_ERROR
ACL_ERROR_GE_PARAM_INVALID = _c.ACL_ERROR_GE_PARAM_INVALID
ACL_ERROR_RT_MODEL_EXECUTE = _c.ACL_ERROR_RT_MODEL_EXECUTE
ACL_FLOAT = _c.ACL_FLOAT
ACL_FLOAT16 = _c.ACL_FLOAT16
ACL_FORMAT_NCHW = _c.ACL_FORMAT_NCHW
ACL_FORMAT_ND = _c.ACL_FORMAT_ND
ACL_INT8 = _c.ACL_INT8
ACL_INT16 = _c.ACL_INT16
ACL_INT32 = _c.ACL_INT32
ACL_INT64 = _c.ACL_INT64
ACL_MAX_DIM_CNT = _c.ACL_MAX_DIM_CNT
ACL_SUCCESS = _c.ACL_SUCCESS
ACL_UINT8 = _c.ACL_UINT8
ACL_UINT16 = _c.ACL_UINT16
ACL_UINT32 = _c.ACL_UINT32
ACL_UINT64 = _c.ACL_UINT64

if TYPE_CHECKING:
    from typing import Any

    import numpy as np

MAX_DIM_CNT = ACL_MAX_DIM_CNT  # dims slots per tensor in the shape arrays

# onnxruntime type string -> (aclDataType value, numpy dtype)
ORT_TYPES: dict[str, tuple[int, str]] = {
    "tensor(float)": (ACL_FLOAT, "float32"),
    "tensor(float16)": (ACL_FLOAT16, "float16"),
    "tensor(int8)": (ACL_INT8, "int8"),
    "tensor(int32)": (ACL_INT32, "int32"),
    "tensor(uint8)": (ACL_UINT8, "uint8"),
    "tensor(int16)": (ACL_INT16, "int16"),
    "tensor(uint16)": (ACL_UINT16, "uint16"),
    "tensor(uint32)": (ACL_UINT32, "uint32"),
    "tensor(int64)": (ACL_INT64, "int64"),
    "tensor(uint64)": (ACL_UINT64, "uint64"),
    "tensor(double)": (ACL_DOUBLE, "float64"),
    "tensor(bool)": (ACL_BOOL, "bool"),
}

MISSING_ONNXRUNTIME = (
    "running models on the ascendcl-cffi emulator needs onnxruntime, which is not installed: "
    'pip install "ascendcl-cffi[onnx]"'
)

# struct aclemu_model_executor member -> the extern "Python" callback (acl/_native/model_executor.cdef)
CALLBACKS = {
    "load": "_aclffi_model_load",
    "describe": "_aclffi_model_describe",
    "infer": "_aclffi_model_infer",
    "run": "_aclffi_model_run",
    "unload": "_aclffi_model_unload",
    "nodes": "_aclffi_model_nodes",
    "node_tensors": "_aclffi_model_node_tensors",
}


class _Tensor:
    __slots__ = ("acl_dtype", "dims", "name", "np_dtype")

    def __init__(self, name: str, acl_dtype: int, np_dtype: str | None, dims: tuple[int, ...]) -> None:
        self.name = name
        self.acl_dtype = acl_dtype
        self.np_dtype = np_dtype  # None: a type the emulator cannot exchange
        self.dims = dims  # -1 where the model leaves the dim symbolic


class _Model:
    __slots__ = (
        "data", "dump_lock", "dump_session", "inferred", "inputs", "node_list", "nodes", "outputs", "session",
    )

    def __init__(self, session: Any, inputs: list[_Tensor], outputs: list[_Tensor], data: bytes) -> None:
        self.session = session  # onnxruntime.InferenceSession
        self.data = data  # the model, for a profiling session (aclprof)
        self.inputs = inputs
        self.outputs = outputs
        self.nodes = _graph_nodes(data)
        # the names as the executor table's `nodes` hands them over: each NUL-terminated
        self.node_list = b"".join(name.encode() + b"\0" for name in node_names(self.nodes))
        self.dump_session: Any = None  # made by the first dumped execution (_dump_session)
        self.dump_lock = threading.Lock()
        self.inferred: dict[tuple[tuple[int, ...], ...], list[tuple[int, ...]]] = {}


_models: dict[int, _Model] = {}
_models_lock = threading.Lock()
_last_token = 0


# ----------------------------------------------------------------- helpers


def _graph_nodes(data: bytes) -> list[OnnxNode]:
    try:
        return graph_nodes(data)
    except MalformedModel:
        return []  # onnxruntime read the model; whatever this reader cannot follow, no nodes


def _write_message(msg: Any, msg_len: int, text: str) -> None:
    if msg == ffi.NULL or msg_len == 0:
        return
    data = text.encode("utf-8", errors="replace")[: msg_len - 1]
    ffi.memmove(msg, data + b"\0", len(data) + 1)


def _tensor(arg: Any) -> _Tensor:
    acl_dtype, np_name = ORT_TYPES.get(arg.type, (ACL_DT_UNDEFINED, None))
    dims = tuple(d if isinstance(d, int) and d >= 0 else -1 for d in (arg.shape or []))
    return _Tensor(arg.name, acl_dtype, np_name, dims)


def _shapes(ranks: Any, dims: Any, count: int) -> list[tuple[int, ...]]:
    return [tuple(int(dims[i * MAX_DIM_CNT + d]) for d in range(ranks[i])) for i in range(count)]


def _store_shapes(shapes: list[tuple[int, ...]], ranks: Any, dims: Any) -> None:
    for i, shape in enumerate(shapes):
        ranks[i] = len(shape)
        for d, value in enumerate(shape):
            dims[i * MAX_DIM_CNT + d] = value


def _model(token: int) -> _Model:
    with _models_lock:
        return _models[token]


def _open_session(data: bytes, profile_prefix: str | None = None, optimize: bool = True) -> Any:
    import onnxruntime  # optional dependency: only needed once a model is loaded

    options = onnxruntime.SessionOptions()
    options.log_severity_level = 3  # errors only: the emulator reports its own
    options.intra_op_num_threads = int(os.environ.get("ACL_EMU_ONNX_THREADS", "1"))
    if not optimize:
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_DISABLE_ALL
    if profile_prefix is not None:
        options.enable_profiling = True
        options.profile_file_prefix = profile_prefix
    return onnxruntime.InferenceSession(data, sess_options=options, providers=["CPUExecutionProvider"])


def _profiled_run(model: _Model, feeds: dict[str, Any]) -> list[Any]:
    """Run once in a session of its own with onnxruntime's profiler on and hand each node's time to
    the emulator (aclprof collection or model subscription). onnxruntime profiles a session from its
    creation until end_profiling, for good, hence the separate session."""
    import json
    import tempfile
    import time

    with tempfile.TemporaryDirectory(prefix="acl-prof-onnx-") as tmp:
        session = _open_session(model.data, os.path.join(tmp, "run"))
        started = time.monotonic_ns()
        results = session.run(None, feeds)
        ended = time.monotonic_ns()
        with open(session.end_profiling(), encoding="utf-8") as f:
            events = json.load(f)
    runs = [e for e in events if e.get("name") == "model_run"]
    # onnxruntime's clock starts at session creation; align its model_run with the measured run.
    origin = started - int(runs[-1]["ts"]) * 1000 if runs else started
    for e in events:
        if e.get("cat") != "Node" or not str(e.get("name", "")).endswith("_kernel_time"):
            continue
        begin = max(started, origin + int(e["ts"]) * 1000)
        end = min(ended, max(begin, begin + int(e.get("dur", 0)) * 1000))
        node = str(e["name"])[: -len("_kernel_time")]
        op_type = str(e.get("args", {}).get("op_name", "Unknown"))
        lib._aclemu_TraceNode(node.encode(), op_type.encode(), begin, end)
    return results


def _zeros_for(model: _Model, shapes: list[tuple[int, ...]]) -> dict[str, np.ndarray]:
    import numpy as np

    return {t.name: np.zeros(shape, dtype=t.np_dtype) for t, shape in zip(model.inputs, shapes)}


# --------------------------------------------------------------- callbacks


@ffi.def_extern(name="_aclffi_model_load", error=ACL_ERROR_GE_INTERNAL_ERROR)
def _load(data: Any, size: int, token: Any, num_inputs: Any, num_outputs: Any, msg: Any, msg_len: int) -> int:
    try:
        raw = bytes(ffi.buffer(ffi.cast("char *", data), size))
        session = _open_session(raw)
    except ImportError:
        _write_message(msg, msg_len, MISSING_ONNXRUNTIME)
        return ACL_ERROR_FEATURE_UNSUPPORTED
    except Exception as exc:  # onnxruntime raises its own exception types for bad models
        _write_message(msg, msg_len, f"not an ONNX model onnxruntime can run: {exc}")
        return ACL_ERROR_GE_EXEC_MODEL_DATA_SIZE_INVALID
    inputs = [_tensor(a) for a in session.get_inputs()]
    model = _Model(session, inputs, [_tensor(a) for a in session.get_outputs()], raw)
    unusable = [t for t in model.inputs + model.outputs if t.np_dtype is None]
    if unusable:
        _write_message(msg, msg_len, f"tensor '{unusable[0].name}' has a type the emulator cannot exchange")
        return ACL_ERROR_GE_EXEC_MODEL_DATA_SIZE_INVALID
    global _last_token
    with _models_lock:
        _last_token += 1
        key = _last_token
        _models[key] = model
    token[0] = key
    num_inputs[0] = len(model.inputs)
    num_outputs[0] = len(model.outputs)
    return ACL_SUCCESS


@ffi.def_extern(name="_aclffi_model_describe", error=ACL_ERROR_GE_INTERNAL_ERROR)
def _describe(
    token: int,
    is_output: int,
    index: int,
    name: Any,
    name_len: int,
    dtype: Any,
    fmt: Any,
    rank: Any,
    dims: Any,
) -> int:
    model = _model(token)
    tensor = (model.outputs if is_output else model.inputs)[index]
    _write_message(name, name_len, tensor.name)
    dtype[0] = tensor.acl_dtype
    fmt[0] = ACL_FORMAT_NCHW if len(tensor.dims) == 4 else ACL_FORMAT_ND
    if len(tensor.dims) > MAX_DIM_CNT:
        return ACL_ERROR_GE_PARAM_INVALID
    rank[0] = len(tensor.dims)
    for d, value in enumerate(tensor.dims):
        dims[d] = value
    return ACL_SUCCESS


@ffi.def_extern(name="_aclffi_model_infer", error=ACL_ERROR_GE_INTERNAL_ERROR)
def _infer(
    token: int, in_ranks: Any, in_dims: Any, out_ranks: Any, out_dims: Any, msg: Any, msg_len: int
) -> int:
    """Output shapes for concrete input shapes: one run on zeros, remembered per input shapes."""
    try:
        model = _model(token)
        shapes = tuple(_shapes(in_ranks, in_dims, len(model.inputs)))
        outputs = model.inferred.get(shapes)
        if outputs is None:
            results = model.session.run(None, _zeros_for(model, list(shapes)))
            outputs = [tuple(r.shape) for r in results]
            model.inferred[shapes] = outputs
        _store_shapes(outputs, out_ranks, out_dims)
        return ACL_SUCCESS
    except Exception as exc:
        _write_message(msg, msg_len, f"{type(exc).__name__}: {exc}")
        return ACL_ERROR_RT_MODEL_EXECUTE


@ffi.def_extern(name="_aclffi_model_run", error=ACL_ERROR_GE_INTERNAL_ERROR)
def _run(
    token: int,
    in_data: Any,
    in_sizes: Any,
    in_ranks: Any,
    in_dims: Any,
    out_data: Any,
    out_sizes: Any,
    out_ranks: Any,
    out_dims: Any,
    msg: Any,
    msg_len: int,
) -> int:
    try:
        model = _model(token)
        feeds = _feeds(model, in_data, in_sizes, _shapes(in_ranks, in_dims, len(model.inputs)))
        if lib._aclemu_TraceNodesWanted():
            results = _profiled_run(model, feeds)
        else:
            results = model.session.run(None, feeds)
    except Exception as exc:
        _write_message(msg, msg_len, f"onnxruntime: {type(exc).__name__}: {exc}")
        return ACL_ERROR_RT_MODEL_EXECUTE
    import numpy as np

    for o, (tensor, result) in enumerate(zip(model.outputs, results)):
        array = np.ascontiguousarray(result, dtype=tensor.np_dtype)
        if array.nbytes > out_sizes[o]:
            _write_message(
                msg,
                msg_len,
                f"output {o} ('{tensor.name}', shape {list(array.shape)}) needs {array.nbytes} bytes "
                f"but its buffer holds {out_sizes[o]}",
            )
            return ACL_ERROR_GE_PARAM_INVALID
        if array.nbytes:
            ffi.memmove(ffi.cast("char *", out_data[o]), array, array.nbytes)
    _store_shapes([tuple(r.shape) for r in results], out_ranks, out_dims)
    return ACL_SUCCESS


def _feeds(model: _Model, in_data: Any, in_sizes: Any, shapes: list[tuple[int, ...]]) -> dict[str, Any]:
    """The inputs as arrays over the caller's memory (no copy)."""
    import numpy as np

    feeds = {}
    for i, (tensor, shape) in enumerate(zip(model.inputs, shapes)):
        if in_sizes[i] == 0:
            feeds[tensor.name] = np.empty(shape, dtype=tensor.np_dtype)
            continue
        raw = ffi.buffer(ffi.cast("char *", in_data[i]), in_sizes[i])
        feeds[tensor.name] = np.frombuffer(raw, dtype=tensor.np_dtype).reshape(shape)
    return feeds


@ffi.def_extern(name="_aclffi_model_nodes", error=ACL_ERROR_GE_INTERNAL_ERROR)
def _nodes(token: int, buf: Any, buf_len: int, needed: Any) -> int:
    listed = _model(token).node_list
    needed[0] = len(listed)
    if buf != ffi.NULL and buf_len >= len(listed):
        ffi.memmove(buf, listed, len(listed))
    return ACL_SUCCESS


def _dump_session(model: _Model) -> Any:
    """A session of the model with every node's tensors as graph outputs, unoptimised so each
    node keeps its own tensors; made once per model."""
    with model.dump_lock:
        if model.dump_session is None:
            exposed = {o.name for o in model.outputs} | {i.name for i in model.inputs}
            wanted = [n for node in model.nodes for n in node.inputs + node.outputs if n and n not in exposed]
            data = with_graph_outputs(model.data, list(dict.fromkeys(wanted)))
            model.dump_session = _open_session(data, optimize=False)
        return model.dump_session


def _acl_dtype(np_dtype: Any) -> int | None:
    for acl_dtype, name in ORT_TYPES.values():
        if np_dtype == name:
            return acl_dtype
    return None


def _send_tensor(
    sink: Any, ctx: Any, index: int, node: OnnxNode, is_output: int, slot: int, value: Any
) -> None:
    """One node tensor to the emulator's sink; skipped when it is not an array of a type ACL names
    (an omitted optional tensor, a sequence or map)."""
    import numpy as np

    dtype = _acl_dtype(value.dtype) if isinstance(value, np.ndarray) else None
    if dtype is None:
        return
    array = np.require(value, requirements="C")
    dims = ffi.new("int64_t[]", list(array.shape) or [0])
    data = ffi.from_buffer(array) if array.nbytes else ffi.NULL
    name, op_type = node.name.encode(), node.op_type.encode()
    sink(ctx, index, name, op_type, is_output, slot, dtype, array.ndim, dims, data, array.nbytes)


@ffi.def_extern(name="_aclffi_model_node_tensors", error=ACL_ERROR_GE_INTERNAL_ERROR)
def _node_tensors(
    token: int,
    in_data: Any,
    in_sizes: Any,
    in_ranks: Any,
    in_dims: Any,
    want_inputs: int,
    want_outputs: int,
    sink: Any,
    ctx: Any,
    msg: Any,
    msg_len: int,
) -> int:
    session = None
    try:
        model = _model(token)
        feeds = _feeds(model, in_data, in_sizes, _shapes(in_ranks, in_dims, len(model.inputs)))
        session = _dump_session(model)
        values = dict(feeds)
        values.update(zip((o.name for o in session.get_outputs()), session.run(None, feeds)))
    except Exception as exc:
        _write_message(msg, msg_len, f"onnxruntime: {type(exc).__name__}: {exc}")
        if session is not None:  # the run itself failed
            _failed_node_tensors(model, session, feeds, str(exc), sink, ctx)
        return ACL_ERROR_RT_MODEL_EXECUTE
    for index, node in enumerate(model.nodes):
        groups = ((0, node.inputs if want_inputs else ()), (1, node.outputs if want_outputs else ()))
        for is_output, tensor_names in groups:
            for slot, tensor_name in enumerate(tensor_names):
                _send_tensor(sink, ctx, index, node, is_output, slot, values.get(tensor_name))
    return ACL_SUCCESS


# onnxruntime names the node a run failed in: "... running Gather node. Name:'/g' Status Message: ..."
_FAILED_NODE = re.compile(r"running \S+ node\. Name:'([^']*)'")


def _failed_node_tensors(
    model: _Model, session: Any, feeds: dict[str, Any], error: str, sink: Any, ctx: Any
) -> None:
    """After a failed run: the inputs of the node it failed in (computed by a model cut before that
    node) and the types and shapes inferred for its outputs (no values; [-2], unknown rank, when not
    inferred), so that aclmdlCreateAndGetOpDesc can describe the operator. Nothing is handed when the
    node cannot be told."""
    match = _FAILED_NODE.search(error)
    nodes = model.nodes
    failed = match.group(1) if match else ""
    index = next((i for i, n in enumerate(nodes) if failed and n.name == failed), None)
    if index is None:
        return
    node = nodes[index]
    try:
        wanted = list(dict.fromkeys(n for n in node.inputs if n and n not in feeds))
        values = dict(feeds)
        if wanted:
            cut = _open_session(graph_before(model.data, index, wanted))
            values.update(zip(wanted, cut.run(wanted, feeds)))
    except Exception:  # the tensors before the node cannot be had either: no operator to describe
        return
    for slot, tensor_name in enumerate(node.inputs):
        _send_tensor(sink, ctx, index, node, 0, slot, values.get(tensor_name))
    name, op_type = node.name.encode(), node.op_type.encode()
    inferred = {o.name: o for o in session.get_outputs()}
    for slot, tensor_name in enumerate(node.outputs):
        arg = inferred.get(tensor_name)
        dtype = ORT_TYPES.get(arg.type, (ACL_DT_UNDEFINED, None))[0] if arg is not None else ACL_DT_UNDEFINED
        shape = arg.shape if arg is not None else None
        shape = [d if isinstance(d, int) and d >= 0 else -1 for d in shape] if shape is not None else [-2]
        dims = ffi.new("int64_t[]", shape or [0])
        sink(ctx, index, name, op_type, 1, slot, dtype, len(shape), dims, ffi.NULL, 0)


@ffi.def_extern(name="_aclffi_model_unload")
def _unload(token: int) -> None:
    with _models_lock:
        _models.pop(token, None)


# ------------------------------------------------------------ registration


_hook = ExecutorHook(
    "_aclemu_SetModelExecutor", "aclemu_model_executor", lib.ACLEMU_MODEL_EXECUTOR_ABI, CALLBACKS
)


def install() -> bool:
    """Register the executor with the emulator, once; False (nothing done) under another backend."""
    return _hook.install()


def installed() -> bool:
    return _hook.installed


def loaded_models() -> int:
    """Models the executor holds (tests: an unload must release the onnxruntime session)."""
    with _models_lock:
        return len(_models)
