"""TDT queue tests through the binding, on the emulator (ACL_BACKEND is set before `acl` loads)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

os.environ["ACL_BACKEND"] = "emulator"

from helpers.runtime_support import DEVICE_ID, Runtime, check

import acl


@pytest.fixture(scope="module")
def runtime() -> Iterator[Runtime]:
    ret = acl.init()
    owns_init = ret != acl.ACL_ERROR_REPEAT_INITIALIZE  # another test module may hold the runtime
    if owns_init:
        check(ret, "acl.init")
    check(acl.rt.set_device(DEVICE_ID), "acl.rt.set_device")
    context, ret = acl.rt.create_context(DEVICE_ID)
    check(ret, "acl.rt.create_context")
    yield Runtime(DEVICE_ID, context, 0)
    check(acl.rt.set_context(context), "acl.rt.set_context")
    check(acl.rt.destroy_context(context), "acl.rt.destroy_context")
    check(acl.rt.reset_device(DEVICE_ID), "acl.rt.reset_device")
    if owns_init:
        check(acl.finalize(), "acl.finalize")
