"""How the onnxruntime executor reaches the emulator, and the ResNet-like example, in fresh processes."""

from __future__ import annotations

import sys

import pytest
from helpers.subproc import REPO_ROOT, describe, run_command, run_python

EMULATOR = {"ACL_BACKEND": "emulator"}
EXAMPLE = REPO_ROOT / "examples" / "resnet_like_inference.py"


def test_importing_acl_mdl_registers_the_executor_without_importing_onnxruntime() -> None:
    result = run_python(
        """
        import sys
        import acl, acl.mdl
        from acl import _onnx_executor
        assert _onnx_executor.installed(), "acl.mdl did not register the model executor"
        assert "onnxruntime" not in sys.modules, "onnxruntime was imported before any model was loaded"
        print("registered lazily")
        """,
        EMULATOR,
    )
    assert result.returncode == 0, describe(result)
    assert "registered lazily" in result.stdout


def test_missing_onnxruntime_names_the_extra(tmp_path) -> None:
    model = tmp_path / "m.onnx"
    model.write_bytes(b"\x08\x08")  # never parsed: the import fails first
    result = run_python(
        f"""
        import sys
        sys.modules["onnxruntime"] = None  # as if the [onnx] extra were not installed
        import acl, acl.mdl
        from acl import _onnx_executor
        _onnx_executor.install()
        assert acl.init() == 0 and acl.rt.set_device(0) == 0
        model_id, ret = acl.mdl.load_from_file({str(model)!r})
        print(ret)
        print(acl.get_recent_err_msg())
        """,
        EMULATOR,
    )
    assert result.returncode == 0, describe(result)
    code, message = result.stdout.splitlines()[:2]
    assert int(code) == 200006  # ACL_ERROR_FEATURE_UNSUPPORTED
    assert "ascendcl-cffi[onnx]" in message and "aclmdlLoadFromFile" in message


def test_install_is_a_no_op_for_the_same_emulator_twice() -> None:
    result = run_python(
        """
        import acl
        from acl import _onnx_executor
        assert _onnx_executor.install() and _onnx_executor.install() and _onnx_executor.installed()
        """,
        EMULATOR,
    )
    assert result.returncode == 0, describe(result)


@pytest.mark.onnx
@pytest.mark.parametrize("strict", ["0", "1"])
def test_resnet_like_example_matches_onnxruntime(strict: str) -> None:
    pytest.importorskip("onnxruntime")
    pytest.importorskip("onnx")
    result = run_command([sys.executable, str(EXAMPLE)], {**EMULATOR, "ACL_EMU_STRICT": strict}, timeout=300)
    assert result.returncode == 0, describe(result)
    lines = result.stdout.splitlines()
    assert lines[0] == "model 1: inputs [301056] bytes, outputs [4000] bytes", describe(result)
    assert sum(line.startswith("top-") for line in lines) == 5
    assert lines[-1].startswith("resnet-like inference OK: top-5 ["), describe(result)
    assert "[aclemu]" not in result.stderr, describe(result)  # everything created was released
