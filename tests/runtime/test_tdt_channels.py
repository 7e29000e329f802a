"""TDT channels on the emulator: datasets carried between host threads, capacity, timeouts, stop.

Bytes are compared with the numpy arrays they were sent from; timings only bound waits from
below (a timed-out call returned no sooner than asked) and from above generously.
"""

from __future__ import annotations

import ctypes
import threading
import time
from collections.abc import Iterator

import pytest

pytest.importorskip("numpy")

import numpy as np

import acl

pytestmark = pytest.mark.numpy

ACL_ERROR_INVALID_PARAM = 100000
ACL_ERROR_FAILURE = 500001
ACL_ERROR_RT_QUEUE_EMPTY = 207013
ACL_ERROR_RT_QUEUE_FULL = 207014
TENSOR = 0  # ACL_TENSOR_DATA_TENSOR
END_OF_SEQUENCE = 1


class Items:
    """Data items and datasets of one test, destroyed at its end; keeps the source arrays alive."""

    def __init__(self) -> None:
        self.arrays: list[np.ndarray] = []
        self.items: list[int] = []
        self.datasets: list[int] = []

    def item(self, array: np.ndarray, kind: int = TENSOR) -> int:
        dims = np.array(array.shape, dtype=np.int64)
        self.arrays += [array, dims]
        item = acl.tdt.create_data_item(kind, dims.ctypes.data, dims.size, acl.ACL_FLOAT, array.ctypes.data,
                                        array.nbytes)
        assert item, acl.get_recent_err_msg()
        self.items.append(item)
        return item

    def dataset(self, *arrays: np.ndarray) -> int:
        dataset = self.empty()
        for array in arrays:
            assert acl.tdt.add_data_item(dataset, self.item(array)) == 0
        return dataset

    def empty(self) -> int:
        dataset = acl.tdt.create_dataset()
        assert dataset
        self.datasets.append(dataset)
        return dataset

    def release(self) -> None:
        for dataset in self.datasets:
            assert acl.tdt.destroy_dataset(dataset) == 0  # frees the items a receive put there
        for item in self.items:
            assert acl.tdt.destroy_data_item(item) == 0


@pytest.fixture()
def items() -> Iterator[Items]:
    made = Items()
    yield made
    made.release()


@pytest.fixture()
def channel() -> Iterator[int]:
    handle = acl.tdt.create_channel_with_capacity(0, "t3-test", 2)
    assert handle, acl.get_recent_err_msg()
    yield handle
    assert acl.tdt.destroy_channel(handle) == 0


def received_array(dataset: int, index: int) -> np.ndarray:
    item = acl.tdt.get_data_item(dataset, index)
    assert item
    dims = np.zeros(acl.tdt.get_dim_num_from_item(item), dtype=np.int64)
    assert acl.tdt.get_dims_from_item(item, dims.ctypes.data, dims.size) == 0
    size = acl.tdt.get_data_size_from_item(item)
    raw = ctypes.string_at(acl.tdt.get_data_addr_from_item(item), size)
    return np.frombuffer(raw, dtype=np.float32).reshape(tuple(dims))


def test_producer_and_consumer_threads_carry_every_dataset_in_order(channel: int, items: Items) -> None:
    sent = [np.arange(6, dtype=np.float32).reshape(2, 3) * k for k in range(12)]
    datasets = [items.dataset(array, array[:1] + 0.5) for array in sent]
    errors: list[int] = []

    def produce() -> None:
        errors.extend(ret for ret in (acl.tdt.send_tensor(channel, d, -1) for d in datasets) if ret)

    producer = threading.Thread(target=produce)
    producer.start()
    for k, array in enumerate(sent):
        out = items.empty()
        assert acl.tdt.receive_tensor(channel, out, 5000) == 0, acl.get_recent_err_msg()
        assert acl.tdt.get_dataset_size(out) == 2
        assert acl.tdt.get_dataset_name(out) == "t3-test"
        np.testing.assert_array_equal(received_array(out, 0), array)
        np.testing.assert_array_equal(received_array(out, 1), array[:1] + 0.5)
        item = acl.tdt.get_data_item(out, 0)
        assert acl.tdt.get_tensor_type_from_item(item) == TENSOR
        assert acl.tdt.get_data_type_from_item(item) == acl.ACL_FLOAT
        assert acl.tdt.get_slice_info_from_item(item) == (1, 0, 0)
        assert k < 10 or acl.tdt.query_channel_size(channel)[0] <= 2
    producer.join(5)
    assert not producer.is_alive() and errors == []


def test_a_send_copies_the_bytes(channel: int, items: Items) -> None:
    array = np.full((4,), 7.0, dtype=np.float32)
    assert acl.tdt.send_tensor(channel, items.dataset(array), 0) == 0
    array[:] = -1.0  # the sender reuses its buffer at once
    out = items.empty()
    assert acl.tdt.receive_tensor(channel, out, 0) == 0
    np.testing.assert_array_equal(received_array(out, 0), np.full((4,), 7.0, dtype=np.float32))


def test_capacity_and_timeouts(channel: int, items: Items) -> None:
    out = items.empty()
    assert acl.tdt.receive_tensor(channel, out, 0) == ACL_ERROR_RT_QUEUE_EMPTY
    start = time.monotonic()
    assert acl.tdt.receive_tensor(channel, out, 150) == ACL_ERROR_RT_QUEUE_EMPTY
    assert 0.14 <= time.monotonic() - start < 5
    assert "empty" in acl.get_recent_err_msg()
    dataset = items.dataset(np.zeros(3, dtype=np.float32))
    assert acl.tdt.send_tensor(channel, dataset, 0) == 0
    assert acl.tdt.send_tensor(channel, dataset, 0) == 0
    assert acl.tdt.query_channel_size(channel) == (2, 0)
    assert acl.tdt.send_tensor(channel, dataset, 0) == ACL_ERROR_RT_QUEUE_FULL
    start = time.monotonic()
    assert acl.tdt.send_tensor(channel, dataset, 120) == ACL_ERROR_RT_QUEUE_FULL
    assert 0.11 <= time.monotonic() - start < 5
    # A receive in another thread makes room for a blocked send.
    threading.Timer(0.1, lambda: acl.tdt.receive_tensor(channel, items.empty(), -1)).start()
    assert acl.tdt.send_tensor(channel, dataset, 5000) == 0
    assert acl.tdt.clean_channel(channel) == 0
    assert acl.tdt.query_channel_size(channel) == (0, 0)


def test_handles_with_one_name_share_the_queue(channel: int, items: Items) -> None:
    other = acl.tdt.create_channel(0, "t3-test")
    assert other
    try:
        assert acl.tdt.send_tensor(other, items.dataset(np.ones(2, dtype=np.float32)), 0) == 0
        assert acl.tdt.query_channel_size(channel) == (1, 0)
        out = items.empty()
        assert acl.tdt.receive_tensor(channel, out, 0) == 0
        np.testing.assert_array_equal(received_array(out, 0), np.ones(2, dtype=np.float32))
    finally:
        assert acl.tdt.destroy_channel(other) == 0
    elsewhere = acl.tdt.create_channel(1, "t3-test")  # another device: another queue
    assert acl.tdt.query_channel_size(elsewhere) == (0, 0)
    assert acl.tdt.destroy_channel(elsewhere) == 0


def blocked_receive(handle: int, dataset: int) -> tuple[threading.Thread, list[int]]:
    result: list[int] = []
    thread = threading.Thread(target=lambda: result.append(acl.tdt.receive_tensor(handle, dataset, -1)))
    thread.start()
    time.sleep(0.2)
    assert thread.is_alive() and result == []  # really blocked
    return thread, result


def test_stop_wakes_a_blocked_receiver_and_stays_stopped(channel: int, items: Items) -> None:
    thread, result = blocked_receive(channel, items.empty())
    assert acl.tdt.stop_channel(channel) == 0
    thread.join(5)
    assert result == [ACL_ERROR_FAILURE]
    assert acl.tdt.send_tensor(channel, items.dataset(np.ones(1, dtype=np.float32)), -1) == ACL_ERROR_FAILURE
    assert "stopped" in acl.get_recent_err_msg()


def test_destroy_wakes_a_waiter_on_that_handle(items: Items) -> None:
    handle = acl.tdt.create_channel(0, "t3-destroyed")
    thread, result = blocked_receive(handle, items.empty())
    assert acl.tdt.destroy_channel(handle) == 0
    thread.join(5)
    assert result == [ACL_ERROR_FAILURE]
    assert acl.tdt.destroy_channel(handle) == ACL_ERROR_INVALID_PARAM


def test_a_received_item_may_be_destroyed_before_its_dataset(channel: int, items: Items) -> None:
    assert acl.tdt.send_tensor(channel, items.dataset(np.ones(2, dtype=np.float32)), 0) == 0
    out = items.empty()
    assert acl.tdt.receive_tensor(channel, out, 0) == 0
    assert acl.tdt.destroy_data_item(acl.tdt.get_data_item(out, 0)) == 0
    assert acl.tdt.get_data_item(out, 0) == 0  # an empty slot, not a dangling item


def test_bad_input_gives_codes(channel: int, items: Items) -> None:
    assert acl.tdt.create_channel_with_capacity(0, "t3-bad", 1) == 0
    assert acl.tdt.create_channel_with_capacity(0, "t3-bad", 9000) == 0
    assert acl.tdt.create_channel(99, "t3-bad") == 0
    assert "device 99" in acl.get_recent_err_msg()
    assert acl.tdt.create_channel(0, "") == 0
    dataset = items.dataset(np.ones(2, dtype=np.float32))
    assert acl.tdt.send_tensor(0, dataset, 0) == ACL_ERROR_INVALID_PARAM
    assert acl.tdt.send_tensor(channel, 12345, 0) == ACL_ERROR_INVALID_PARAM
    assert acl.tdt.send_tensor(channel, dataset, -2) == ACL_ERROR_INVALID_PARAM
    assert acl.tdt.receive_tensor(channel, dataset, 0) == ACL_ERROR_INVALID_PARAM  # not empty
    assert "empty one" in acl.get_recent_err_msg()
    assert acl.tdt.stop_channel(0) == ACL_ERROR_INVALID_PARAM
    assert acl.tdt.clean_channel(0) == ACL_ERROR_INVALID_PARAM
    assert acl.tdt.query_channel_size(0)[-1] == ACL_ERROR_INVALID_PARAM
    item = acl.tdt.get_data_item(dataset, 0)
    dims = np.zeros(1, dtype=np.int64)
    assert acl.tdt.get_dims_from_item(item, dims.ctypes.data, 0) == ACL_ERROR_INVALID_PARAM
    assert acl.tdt.get_data_item(dataset, 5) == 0
    assert acl.tdt.get_tensor_type_from_item(0) == -1
    assert acl.tdt.get_dataset_size(0) == 0
    assert acl.tdt.add_data_item(dataset, 0) == ACL_ERROR_INVALID_PARAM
    assert acl.tdt.create_data_item(9, 0, 0, acl.ACL_FLOAT, 0, 0) == 0
    negative = np.array([-1], dtype=np.int64)
    assert acl.tdt.create_data_item(TENSOR, negative.ctypes.data, 1, acl.ACL_FLOAT, 0, 0) == 0
    assert acl.tdt.create_data_item(TENSOR, 0, 1, acl.ACL_FLOAT, 0, 0) == 0  # dims NULL
    assert acl.tdt.destroy_dataset(0) == ACL_ERROR_INVALID_PARAM
    assert acl.tdt.destroy_data_item(0) == ACL_ERROR_INVALID_PARAM
    end = acl.tdt.create_data_item(END_OF_SEQUENCE, 0, 0, acl.ACL_FLOAT, 0, 0)
    assert end and acl.tdt.get_data_size_from_item(end) == 0
    assert acl.tdt.destroy_data_item(end) == 0
