"""The fuzzing child: reads one JSON job per line, calls the function, reports progress.

Progress goes to the pipe that was stdout (fd 1 is pointed at stderr, so C code that prints does
not corrupt the protocol): `CASE <qualname> <index> <args>` before each call, `DONE <qualname>
<calls>` after the function. The parent reads a death or silence after CASE as a crash or hang.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import resource
import sys
import warnings
from typing import Callable, TextIO

from .surface import public_targets_by_name, resolve
from .values import ArgumentSpace, argument_tuples

# A runaway allocation fails with MemoryError instead of taking the machine's memory.
ADDRESS_SPACE_LIMIT = 4 * 2**30
# The child exits with this status when the runtime is no longer usable (after acl.finalize, say):
# the parent starts a fresh child, which is not a finding.
RESTART_STATUS = 3


def _attempt(make: Callable[[], object]) -> object:
    try:
        return make()
    except Exception:  # a fixture that cannot be made is left out
        return None


class Fixtures:
    """Live, freed and wrong-kind handles, made fresh for every function."""

    def __init__(self, acl: object) -> None:
        self._acl = acl
        self.handles: dict[str, int] = {}
        self._releases: list[Callable[[], object]] = []

    def _keep(self, kind: str, made: object, release: Callable[[int], object] | None) -> None:
        value = made[0] if isinstance(made, tuple) else made
        if isinstance(value, int) and value:
            self.handles[kind] = value
            if release is not None:
                self._releases.append(lambda: release(value))

    def _freed(self, kind: str, make: Callable[[], object], release: Callable[[int], object]) -> None:
        made = _attempt(make)
        value = made[0] if isinstance(made, tuple) else made
        if isinstance(value, int) and value:
            _attempt(lambda: release(value))
            self.handles[f"freed {kind}"] = value

    def make(self) -> bool:
        acl = self._acl
        rt = acl.rt  # type: ignore[attr-defined]
        _attempt(lambda: acl.init())  # type: ignore[attr-defined]
        if _attempt(lambda: rt.set_device(0)) != 0:
            return False
        self._keep("context", _attempt(lambda: rt.create_context(0)), rt.destroy_context)
        self._keep("stream", _attempt(rt.create_stream), rt.destroy_stream)
        self._keep("event", _attempt(rt.create_event), rt.destroy_event)
        self._keep("device memory", _attempt(lambda: rt.malloc(256, 0)), rt.free)
        self._keep("host memory", _attempt(lambda: rt.malloc_host(256)), rt.free_host)
        if "device memory" in self.handles:
            device = self.handles["device memory"]
            self._keep("data buffer", _attempt(lambda: acl.create_data_buffer(device, 256)),  # type: ignore[attr-defined]
                       acl.destroy_data_buffer)  # type: ignore[attr-defined]
        self._keep("tensor desc", _attempt(lambda: acl.create_tensor_desc(0, [2, 3], 0)),  # type: ignore[attr-defined]
                   acl.destroy_tensor_desc)  # type: ignore[attr-defined]
        self._keep("dataset", _attempt(acl.mdl.create_dataset), acl.mdl.destroy_dataset)  # type: ignore[attr-defined]
        self._keep("model desc", _attempt(acl.mdl.create_desc), acl.mdl.destroy_desc)  # type: ignore[attr-defined]
        self._freed("stream", rt.create_stream, rt.destroy_stream)
        self._freed("event", rt.create_event, rt.destroy_event)
        self._freed("device memory", lambda: rt.malloc(256, 0), rt.free)
        self._freed("host memory", lambda: rt.malloc_host(256), rt.free_host)
        return "stream" in self.handles and "device memory" in self.handles

    def release(self) -> None:
        for release in reversed(self._releases):
            _attempt(release)


def fuzz_one(acl: object, job: dict, progress: TextIO) -> int:
    """Call job["name"] with job["cases"] argument tuples; returns the number of calls made."""
    qualname = job["name"]
    fixtures = Fixtures(acl)
    if not fixtures.make():
        sys.exit(RESTART_STATUS)
    rng = random.Random(f"{job['seed']}:{qualname}")
    space = ArgumentSpace(rng, fixtures.handles)
    fn = resolve(qualname)
    tuples = argument_tuples(public_targets_by_name()[qualname], space, job["cases"], rng,
                             tracked_only=job["tracked_only"], short_waits=job["short_waits"])
    calls = 0
    for index, args in enumerate(tuples):
        progress.write(f"CASE {qualname} {index} {repr(args)[:400]}\n")
        progress.flush()
        with contextlib.suppress(BaseException):  # any Python-level outcome is acceptable
            fn(*args)  # type: ignore[operator]
        calls += 1
    fixtures.release()
    return calls


def main() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE_LIMIT, ADDRESS_SPACE_LIMIT))
    progress = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    warnings.simplefilter("ignore")
    import acl

    progress.write("READY\n")
    progress.flush()
    for line in sys.stdin:
        job = json.loads(line)
        calls = fuzz_one(acl, job, progress)
        progress.write(f"DONE {job['name']} {calls}\n")
        progress.flush()


if __name__ == "__main__":
    main()
