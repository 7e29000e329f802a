"""acl.prof: the generated module under its public name (so `import acl.prof` works).

On the emulator, start/stop/finalize also drive the output files (acl/_prof_output.py): the
C functions collect, these write trace.json and the summaries when a collection ends.
"""

from __future__ import annotations

from . import _prof_output
from ._generated import prof as _gen
from ._generated._acl_cffi import lib as _lib
from ._generated.prof import *  # noqa: F403


def _emulated() -> bool:
    return bool(_lib._aclemu_has(b"aclemuProfActiveTypes"))


def start(profiler_config: int) -> int:
    """aclprofStart; on the emulator also times host API calls when the config asks for them."""
    ret = _gen.start(profiler_config)
    if ret == 0 and _emulated() and _prof_output.active_types() & _prof_output.API_BITS:
        _prof_output.start_api_tracing()
    return ret


def stop(profiler_config: int) -> int:
    """aclprofStop; on the emulator then writes the collection's files into the aclprofInit directory."""
    emulated = _emulated()
    types = _prof_output.active_types() if emulated else 0
    ret = _gen.stop(profiler_config)
    if ret == 0 and emulated and _prof_output.active_types() == 0:
        _prof_output.flush(_prof_output.result_path(), types)
    return ret


def finalize(*_ignored: object) -> int:
    """aclprofFinalize; on the emulator a collection still running is written first. Extra
    positional arguments are ignored, as pyACL's acl.prof.finalize ignores them."""
    emulated = _emulated()
    types = _prof_output.active_types() if emulated else 0
    path = _prof_output.result_path() if emulated else ""
    ret = _gen.finalize()
    if ret == 0 and emulated and types:
        _prof_output.flush(path, types)
    return ret
