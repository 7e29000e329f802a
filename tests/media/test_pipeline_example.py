"""examples/jpeg_resize_classify.py runs end to end on the emulator and agrees with Pillow + onnxruntime."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from example_run import run_example
from helpers.subproc import REPO_ROOT, describe, run_command

pytest.importorskip("av")
pytest.importorskip("onnx")
pytest.importorskip("onnxruntime")
pytest.importorskip("PIL")

pytestmark = pytest.mark.numpy

EXAMPLE = REPO_ROOT / "examples" / "jpeg_resize_classify.py"


@pytest.mark.parametrize("strict", ["0", "1"])
def test_jpeg_resize_classify_matches_the_reference(strict: str) -> None:
    result, lines = run_example(EXAMPLE.name, strict)
    assert any(line.startswith("jpeg: ") and "500x374, 3 components" in line for line in lines), lines
    assert any(line.startswith("decoded: 500x374, strides ") for line in lines), describe(result)
    assert sum(line.startswith("top-") for line in lines) == 5, describe(result)
    assert lines[-1].startswith("jpeg -> resize -> classify OK: top-5 ["), describe(result)
    # Everything the example creates is released: strict mode has nothing to report.
    assert "[aclemu]" not in result.stderr, describe(result)


def test_jpeg_resize_classify_takes_the_users_picture(tmp_path: Path) -> None:
    from PIL import Image

    # A progressive grayscale JPEG: the decoder gives neutral chroma, the reference path does the same.
    picture = tmp_path / "gray.jpg"
    Image.linear_gradient("L").resize((320, 240)).save(picture, "JPEG", quality=92, progressive=True)
    env = {"ACL_BACKEND": "emulator"}
    result = run_command([sys.executable, str(EXAMPLE), str(picture)], env, timeout=300)
    assert result.returncode == 0, describe(result)
    assert "320x240, 1 components" in result.stdout, describe(result)


def test_jpeg_resize_classify_fails_loudly_when_a_call_fails() -> None:
    result = run_command(
        [sys.executable, str(EXAMPLE)], {"ACL_BACKEND": "emulator", "ACL_DEVICE_ID": "99"}, timeout=300
    )
    assert result.returncode != 0
    assert "acl.rt.set_device failed with error" in result.stderr, describe(result)
