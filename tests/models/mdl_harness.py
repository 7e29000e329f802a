"""The classic pyACL inference steps (load, desc, datasets of device buffers, copies), for tests.

Every handle a test creates is released at its end, even when it fails.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import numpy as np
from helpers.runtime_support import Allocations, check

import acl


def ret_of(result: Any) -> int:
    """The aclError of a call that pyACL shapes either as `ret` or as `(..., ret)`."""
    return result[-1] if isinstance(result, tuple) else result


class ModelHarness:
    def __init__(self, stream: int) -> None:
        self.stream = stream
        self.memory = Allocations()
        self._tmp = tempfile.TemporaryDirectory(prefix="acl-models-")
        self._models: list[int] = []
        self._descs: list[int] = []
        self._datasets: list[int] = []
        self._buffers: list[int] = []

    # ---------------------------------------------------------------- models

    def write(self, data: bytes, name: str = "model.onnx") -> str:
        path = Path(self._tmp.name) / name
        path.write_bytes(data)
        return str(path)

    def load(self, data: bytes) -> int:
        model_id, ret = acl.mdl.load_from_file(self.write(data))
        check(ret, "acl.mdl.load_from_file")
        self._models.append(model_id)
        return model_id

    def unload(self, model_id: int) -> int:
        ret = acl.mdl.unload(model_id)
        if ret == acl.ACL_SUCCESS:
            self._models.remove(model_id)
        return ret

    def desc(self, model_id: int) -> int:
        desc = acl.mdl.create_desc()
        assert desc
        self._descs.append(desc)
        check(acl.mdl.get_desc(desc, model_id), "acl.mdl.get_desc")
        return desc

    # -------------------------------------------------------------- datasets

    def dataset(self, sizes: list[int]) -> int:
        dataset = acl.mdl.create_dataset()
        assert dataset
        self._datasets.append(dataset)
        for size in sizes:
            buffer = acl.create_data_buffer(self.memory.device(size) if size else 0, size)
            assert buffer
            self._buffers.append(buffer)
            check(ret_of(acl.mdl.add_dataset_buffer(dataset, buffer)), "acl.mdl.add_dataset_buffer")
        return dataset

    def io_datasets(self, desc: int) -> tuple[int, int]:
        """Input and output datasets sized by the model description (the sample code's way)."""
        inputs = [acl.mdl.get_input_size_by_index(desc, i) for i in range(acl.mdl.get_num_inputs(desc))]
        outputs = [acl.mdl.get_output_size_by_index(desc, i) for i in range(acl.mdl.get_num_outputs(desc))]
        return self.dataset(inputs), self.dataset(outputs)

    @staticmethod
    def address(dataset: int, index: int) -> int:
        return acl.get_data_buffer_addr(acl.mdl.get_dataset_buffer(dataset, index))

    def put(self, dataset: int, index: int, array: np.ndarray) -> None:
        array = np.ascontiguousarray(array)
        check(
            acl.rt.memcpy(
                self.address(dataset, index),
                array.nbytes,
                array.ctypes.data,
                array.nbytes,
                acl.ACL_MEMCPY_HOST_TO_DEVICE,
            ),
            "acl.rt.memcpy",
        )

    def get(self, dataset: int, index: int, shape: tuple[int, ...], dtype: Any) -> np.ndarray:
        out = np.empty(shape, dtype=dtype)
        check(
            acl.rt.memcpy(
                out.ctypes.data,
                out.nbytes,
                self.address(dataset, index),
                out.nbytes,
                acl.ACL_MEMCPY_DEVICE_TO_HOST,
            ),
            "acl.rt.memcpy",
        )
        return out

    # --------------------------------------------------------------- cleanup

    def release(self) -> None:
        check(acl.rt.synchronize_stream(self.stream), "acl.rt.synchronize_stream")
        for model_id in self._models:
            check(acl.mdl.unload(model_id), "acl.mdl.unload")
        for desc in self._descs:
            check(acl.mdl.destroy_desc(desc), "acl.mdl.destroy_desc")
        for dataset in self._datasets:
            check(acl.mdl.destroy_dataset(dataset), "acl.mdl.destroy_dataset")
        for buffer in self._buffers:
            check(acl.destroy_data_buffer(buffer), "acl.destroy_data_buffer")
        self.memory.release()
        self._tmp.cleanup()
