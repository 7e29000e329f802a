"""examples/video_decode_infer.py runs end to end on the emulator and agrees with PyAV + numpy +
onnxruntime frame by frame."""

from __future__ import annotations

import pytest
from example_run import run_example
from helpers.subproc import describe

pytest.importorskip("av")
pytest.importorskip("onnx")
pytest.importorskip("onnxruntime")

pytestmark = pytest.mark.numpy


@pytest.mark.parametrize("strict", ["0", "1"])
def test_video_decode_infer_matches_the_reference(strict: str) -> None:
    result, lines = run_example("video_decode_infer.py", strict)
    assert any(line.startswith("h264: ") and "24 access units, 320x240" in line for line in lines), lines
    assert sum(line.startswith("frame ") for line in lines) == 24, describe(result)
    assert lines[-1] == "h264 -> vdec -> resize -> classify OK: 24 frames match PyAV + numpy + onnxruntime"
    # Everything the example creates is released: strict mode has nothing to report.
    assert "[aclemu]" not in result.stderr, describe(result)
