"""acl.mdl: the generated module under its public name (so `import acl.mdl` works).

On the emulator, models run through onnxruntime: the executor is registered here (a no-op under
CANN; onnxruntime itself is imported only when the first model is loaded).
"""

from . import _onnx_executor as _onnx_executor
from ._generated.mdl import *  # noqa: F403

_onnx_executor.install()
