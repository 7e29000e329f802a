"""The calls of tools/data/keeps_gil.json keep the GIL on CPython; every other call releases it.

Safety of the list: a structural audit of the emulator (tests/helpers/gil_audit.py) and a run with
Python callbacks on a stream calling listed functions while the main thread calls them too.
What is kept: a probe library loaded as the cann backend reports PyGILState_Check() back through
the binding's own return values.
"""

from __future__ import annotations

import json
import platform
import sys
from pathlib import Path

import pytest
from helpers.compile_c import compile_c
from helpers.gil_audit import Sources, audit
from helpers.subproc import describe, run_command, run_on_emulator

ROOT = Path(__file__).resolve().parent.parent
LISTED = json.loads((ROOT / "tools" / "data" / "keeps_gil.json").read_text(encoding="utf-8"))["functions"]
IS_PYPY = platform.python_implementation() == "PyPy"


@pytest.fixture(scope="module")
def emulator_sources() -> Sources:
    return Sources.read(ROOT / "emulator")


def test_the_list_is_sorted_unique_and_names_bound_functions() -> None:
    api = json.loads((ROOT / "acl" / "_generated" / "api.json").read_text(encoding="utf-8"))
    bound = {f["name"] for f in api["functions"]}
    assert sorted(set(LISTED)) == LISTED
    assert [name for name in LISTED if name not in bound] == []


@pytest.mark.parametrize("function", LISTED)
def test_listed_function_cannot_reach_python_or_wait(emulator_sources: Sources, function: str) -> None:
    verdict = audit(emulator_sources, function)
    assert verdict.problems == [], "\n".join(verdict.problems)


@pytest.mark.parametrize("function", ["aclrtSynchronizeStream", "aclrtDestroyStream", "aclrtLaunchCallback",
                                      "aclrtCreateStream", "aclmdlExecute", "aclrtGetCurrentContext"])
def test_the_audit_rejects_functions_that_wait_or_call_back(emulator_sources: Sources, function: str) -> None:
    # each waits on a worker, runs or registers a Python-reachable hook, or takes the runtime's
    # core lock (held around waits): they must keep releasing the GIL
    assert function not in LISTED
    assert audit(emulator_sources, function).problems


_PROBE = """
import acl
print(acl.create_data_buffer(0, 16) - 0x1000, acl.destroy_data_buffer(1), acl.mdl.get_num_inputs(1),
      acl.get_version()[0], acl.rt.get_device()[0], acl.rt.synchronize_stream(0))
"""


@pytest.mark.skipif(IS_PYPY, reason="PyPy's cffi releases the GIL itself around every call; the list is "
                    "for CPython's wrappers (PyPy's results are checked by the callback test)")
def test_listed_calls_keep_the_gil_and_others_release_it(tmp_path: Path) -> None:
    compile_c([ROOT / "tests" / "helpers" / "gil_probe.c"], tmp_path / "libascendcl.so", shared=True,
              link=["-ldl"])
    result = run_command([sys.executable, "-c", _PROBE],
                         {"ACL_BACKEND": "cann", "ACL_LIBRARY_PATH": str(tmp_path)})
    assert result.returncode == 0, describe(result)
    kept = [int(v) for v in result.stdout.split()]
    # create_data_buffer, destroy_data_buffer, get_num_inputs, get_version, get_device (its context is
    # checked without the core lock): held (1); synchronize_stream: released (0)
    assert kept == [1, 1, 1, 1, 1, 0], describe(result)


_CALLBACKS = """
    import threading
    import numpy as np

    check = ok
    host = np.arange(64, dtype=np.uint8)
    address = host.ctypes.data
    count = 200
    seen = []
    done = threading.Event()
    stop = threading.Event()

    def listed_calls():
        buffer = acl.create_data_buffer(address, host.nbytes)
        dataset = acl.mdl.create_dataset()
        acl.mdl.add_dataset_buffer(dataset, buffer)
        ok = (acl.get_data_buffer_addr(buffer) == address and acl.mdl.get_dataset_num_buffers(dataset) == 1
              and acl.get_data_buffer_size_v2(buffer) == host.nbytes)
        check(acl.mdl.destroy_dataset(dataset), "destroy_dataset")
        check(acl.destroy_data_buffer(buffer), "destroy_data_buffer")
        return ok

    def callback(i):
        seen.append((i, listed_calls()))
        if len(seen) == count:
            done.set()

    def poll():
        check(acl.rt.set_context(context), "set_context")
        while not stop.is_set():
            acl.rt.process_report(20)

    # once before any thread or callback exists: a call that fails (a release lacking a function)
    # ends the program here instead of leaving the poller running and the child hanging
    assert listed_calls()
    poller = threading.Thread(target=poll)
    poller.start()
    check(acl.rt.subscribe_report(poller.ident, stream), "subscribe_report")
    for i in range(count):
        check(acl.rt.launch_callback(callback, i, acl.ACL_CALLBACK_BLOCK, stream), "launch_callback")
    calls = 0
    while not done.is_set():
        assert listed_calls()
        calls += 1
    check(acl.rt.synchronize_stream(stream), "synchronize_stream")
    check(acl.rt.unsubscribe_report(poller.ident, stream), "unsubscribe_report")
    stop.set()
    poller.join()
    check(acl.rt.destroy_stream(stream), "destroy_stream")
    assert seen == [(i, True) for i in range(count)], seen[:5]
    print("ok", calls)
"""


def test_python_callbacks_and_listed_calls_run_together_without_deadlock() -> None:
    # in a child: a deadlock would hang the interpreter with the GIL held; the timeout turns it into a failure
    result = run_on_emulator(_CALLBACKS, timeout=120)
    assert result.returncode == 0 and result.stdout.startswith("ok "), describe(result)


_PREDICATE_PROGRAM = """
#include <stdio.h>
%s
static int _cffi_f_aclCreateDataBuffer(void) { return _ACLFFI_KEEPS_GIL(__func__); }
static int _cffi_f__aclinto_aclrtGetVersion(void) { return _ACLFFI_KEEPS_GIL(__func__); }
static int _cffi_f__aclffi_address(void) { return _ACLFFI_KEEPS_GIL(__func__); }
static int _cffi_f__aclpack_aclrtGetDevice(void) { return _ACLFFI_KEEPS_GIL(__func__); }
static int _cffi_f__aclpack_aclrtGetCurrentContext(void) { return _ACLFFI_KEEPS_GIL(__func__); }
static int _cffi_f_aclrtSynchronizeStream(void) { return _ACLFFI_KEEPS_GIL(__func__); }
int main(void)
{
    printf("%%d %%d %%d %%d %%d %%d\\n", _cffi_f_aclCreateDataBuffer(), _cffi_f__aclinto_aclrtGetVersion(),
           _cffi_f__aclffi_address(), _cffi_f__aclpack_aclrtGetDevice(),
           _cffi_f__aclpack_aclrtGetCurrentContext(), _cffi_f_aclrtSynchronizeStream());
    return 0;
}
"""


@pytest.mark.parametrize("optimization", ["-O0", "-O2"])
def test_the_wrapper_name_test_picks_exactly_the_listed_functions(tmp_path: Path, optimization: str) -> None:
    # folded to a constant when optimizing, a run-time test otherwise: the same answer
    import build_ffi

    source = build_ffi.keep_gil_source(LISTED)
    predicate = source[source.index("#define _ACLFFI_KEEPS_GIL"):source.index("#undef")]
    program = tmp_path / "predicate.c"
    program.write_text(_PREDICATE_PROGRAM % predicate, encoding="utf-8")
    binary = compile_c([program], tmp_path / "predicate", flags=[optimization])
    result = run_command([str(binary)])
    assert result.returncode == 0, describe(result)
    assert result.stdout.split() == ["1", "1", "1", "1", "0", "0"]
    assert source.startswith("#ifndef PYPY_VERSION\n") and source.endswith("#endif\n")
