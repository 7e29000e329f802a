"""Runtime tests through the binding, on the emulator.

The backend is chosen when `acl` is first imported, so ACL_BACKEND is set here before any test
module imports it. One session-wide device/context/stream serves the in-process tests; cases that
need other emulator settings, or that could crash the interpreter, run in subprocesses.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

os.environ["ACL_BACKEND"] = "emulator"

from helpers.runtime_support import DEVICE_ID, Allocations, Runtime, check

import acl


@pytest.fixture(scope="session")
def runtime() -> Iterator[Runtime]:
    ret = acl.init()
    owns_init = ret != acl.ACL_ERROR_REPEAT_INITIALIZE  # a test module run earlier may hold the runtime
    if owns_init:
        check(ret, "acl.init")
    check(acl.rt.set_device(DEVICE_ID), "acl.rt.set_device")
    context, ret = acl.rt.create_context(DEVICE_ID)
    check(ret, "acl.rt.create_context")
    stream, ret = acl.rt.create_stream()
    check(ret, "acl.rt.create_stream")
    yield Runtime(DEVICE_ID, context, stream)
    check(acl.rt.set_context(context), "acl.rt.set_context")
    check(acl.rt.destroy_stream(stream), "acl.rt.destroy_stream")
    check(acl.rt.destroy_context(context), "acl.rt.destroy_context")
    check(acl.rt.reset_device(DEVICE_ID), "acl.rt.reset_device")
    if owns_init:
        check(acl.finalize(), "acl.finalize")


@pytest.fixture()
def rt(runtime: Runtime) -> Runtime:
    """The session runtime, made current again (a test may have switched contexts)."""
    check(acl.rt.set_context(runtime.context), "acl.rt.set_context")
    return runtime


@pytest.fixture()
def alloc(rt: Runtime) -> Iterator[Allocations]:
    allocations = Allocations()
    yield allocations
    check(acl.rt.synchronize_stream(rt.stream), "acl.rt.synchronize_stream")
    allocations.release()
