"""aclprof tests on the emulator: a runtime with a device, a context and two streams."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from helpers.prof_support import ProfRuntime

os.environ["ACL_BACKEND"] = "emulator"


@pytest.fixture(scope="module")
def prof_rt() -> Iterator[ProfRuntime]:
    from helpers.runtime_support import DEVICE_ID, check

    import acl

    ret = acl.init()
    owns_init = ret != acl.ACL_ERROR_REPEAT_INITIALIZE
    if owns_init:
        check(ret, "acl.init")
    check(acl.rt.set_device(DEVICE_ID), "set_device")
    context, ret = acl.rt.create_context(DEVICE_ID)
    check(ret, "create_context")
    streams = []
    for _ in range(2):
        stream, ret = acl.rt.create_stream()
        check(ret, "create_stream")
        streams.append(stream)
    yield ProfRuntime(context, streams)
    check(acl.rt.set_context(context), "set_context")
    for stream in streams:
        check(acl.rt.destroy_stream(stream), "destroy_stream")
    check(acl.rt.destroy_context(context), "destroy_context")
    check(acl.rt.reset_device(DEVICE_ID), "reset_device")
    if owns_init:
        check(acl.finalize(), "acl.finalize")


@pytest.fixture()
def rt(prof_rt: ProfRuntime) -> ProfRuntime:
    from helpers.runtime_support import check

    import acl

    check(acl.rt.set_context(prof_rt.context), "set_context")
    return prof_rt


@pytest.fixture()
def prof_subscriptions() -> Iterator[list[int]]:
    """The models a test subscribes (it appends each id before subscribing): unsubscribed at teardown
    however the test ended, as a model left subscribed makes every later aclprofInit fail."""
    import acl

    model_ids: list[int] = []
    yield model_ids
    for model_id in model_ids:
        acl.prof.model_unsubscribe(model_id)  # ACL_ERROR_INVALID_MODEL_ID once the test did it
