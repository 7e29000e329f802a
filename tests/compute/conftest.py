"""Fixtures for the compute tests (single operators, BLAS) on the emulator.

`ops` gives a module-wide device, context and stream plus an `OpSession` (op_support.py) whose
device buffers, descs and attrs are released at the end of the test.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

pytest.importorskip("numpy")  # every compute test compares against numpy

import numpy as np

os.environ.setdefault("ACL_BACKEND", "emulator")

from op_support import ACL_SUCCESS, DEVICE_ID, OpSession, check

import acl


def _init() -> int:
    try:
        return acl.init()
    except TypeError:  # the generated form takes the (optional) config path explicitly
        return acl.init(None)


@pytest.fixture(scope="module")
def compute_stream() -> Iterator[int]:
    """A device, context and stream for one test module."""
    ret = _init()
    assert ret in (ACL_SUCCESS, acl.ACL_ERROR_REPEAT_INITIALIZE), acl.get_recent_err_msg()
    check(acl.rt.set_device(DEVICE_ID), "acl.rt.set_device")
    context, ret = acl.rt.create_context(DEVICE_ID)
    check(ret, "acl.rt.create_context")
    stream, ret = acl.rt.create_stream()
    check(ret, "acl.rt.create_stream")
    yield stream
    check(acl.rt.set_context(context), "acl.rt.set_context")
    check(acl.rt.destroy_stream(stream), "acl.rt.destroy_stream")
    check(acl.rt.destroy_context(context), "acl.rt.destroy_context")
    check(acl.rt.reset_device(DEVICE_ID), "acl.rt.reset_device")


@pytest.fixture()
def ops(compute_stream: int) -> Iterator[OpSession]:
    session = OpSession(compute_stream)
    yield session
    session.release()


@pytest.fixture()
def rng() -> np.random.Generator:
    return np.random.default_rng(20240607)
