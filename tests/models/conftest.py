"""Model tests through the binding, on the emulator.

ACL_BACKEND is set before anything imports `acl`; the binding itself is imported only by the
fixtures, so the C-level model tests run even where the binding is not built.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

os.environ["ACL_BACKEND"] = "emulator"


@pytest.fixture(scope="module")
def model_runtime() -> Iterator[Any]:
    """An initialised runtime with a device, context and stream, and the onnxruntime executor."""
    from helpers.runtime_support import DEVICE_ID, Runtime, check

    import acl
    from acl import _onnx_executor

    try:
        ret = acl.init()
    except TypeError:  # the config path is optional in pyACL; bindings still making it so take None
        ret = acl.init(None)
    owns_init = ret != acl.ACL_ERROR_REPEAT_INITIALIZE  # another test module may hold the runtime
    if owns_init:
        check(ret, "acl.init")
    check(acl.rt.set_device(DEVICE_ID), "acl.rt.set_device")
    context, ret = acl.rt.create_context(DEVICE_ID)
    check(ret, "acl.rt.create_context")
    stream, ret = acl.rt.create_stream()
    check(ret, "acl.rt.create_stream")
    assert _onnx_executor.install()
    yield Runtime(DEVICE_ID, context, stream)
    check(acl.rt.set_context(context), "acl.rt.set_context")
    check(acl.rt.destroy_stream(stream), "acl.rt.destroy_stream")
    check(acl.rt.destroy_context(context), "acl.rt.destroy_context")
    check(acl.rt.reset_device(DEVICE_ID), "acl.rt.reset_device")
    if owns_init:
        check(acl.finalize(), "acl.finalize")


@pytest.fixture()
def harness(model_runtime: Any) -> Iterator[Any]:
    from helpers.runtime_support import check
    from mdl_harness import ModelHarness

    import acl

    check(acl.rt.set_context(model_runtime.context), "acl.rt.set_context")
    h = ModelHarness(model_runtime.stream)
    yield h
    h.release()


@pytest.fixture()
def dumping(harness: Any) -> Iterator[None]:
    """The model dump initialised for one test and ended after it, whatever the test left."""
    from helpers.runtime_support import check

    import acl

    check(acl.mdl.init_dump(), "acl.mdl.init_dump")
    yield
    try:
        acl.mdl.dump_unreg_callback()  # raises on a release without it: the dump still ends
    finally:
        acl.mdl.finalize_dump()
