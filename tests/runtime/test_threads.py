"""Several Python threads, each with its own context and stream, copying concurrently."""

from __future__ import annotations

import threading

from helpers.runtime_support import Runtime, check, pattern, read_host

import acl

THREADS = 4
COPIES_PER_THREAD = 1000
CHUNK = 512


def _copy_many(worker: int, device_id: int, report: dict[int, str]) -> None:
    """Queue COPIES_PER_THREAD distinct chunks host->device, read the whole buffer back, compare."""
    context, ret = acl.rt.create_context(device_id)
    check(ret, f"worker {worker}: create_context")
    try:
        current, ret = acl.rt.get_context()
        check(ret, f"worker {worker}: get_context")
        assert current == context, f"worker {worker}: current context {current:#x} is not its own"
        stream, ret = acl.rt.create_stream()
        check(ret, f"worker {worker}: create_stream")
        total = COPIES_PER_THREAD * CHUNK
        device, ret = acl.rt.malloc(total, acl.ACL_MEM_MALLOC_NORMAL_ONLY)
        check(ret, f"worker {worker}: malloc")
        host, ret = acl.rt.malloc_host(total)
        check(ret, f"worker {worker}: malloc_host")
        # The chunks must stay alive until the stream has copied them.
        chunks = [pattern(CHUNK, seed=worker * COPIES_PER_THREAD + i) for i in range(COPIES_PER_THREAD)]
        for i, chunk in enumerate(chunks):
            offset = i * CHUNK
            check(acl.rt.memcpy_async(device + offset, total - offset, acl.util.bytes_to_ptr(chunk), CHUNK,
                                      acl.ACL_MEMCPY_HOST_TO_DEVICE, stream), f"worker {worker}: copy {i}")
        check(acl.rt.memcpy_async(host, total, device, total, acl.ACL_MEMCPY_DEVICE_TO_HOST, stream),
              f"worker {worker}: read back")
        check(acl.rt.synchronize_stream(stream), f"worker {worker}: synchronize_stream")
        data = read_host(host, total)
        wrong = [i for i, chunk in enumerate(chunks) if data[i * CHUNK:(i + 1) * CHUNK] != chunk]
        assert not wrong, f"worker {worker}: {len(wrong)} chunks differ, first at copy {wrong[0]}"
        check(acl.rt.free(device), f"worker {worker}: free")
        check(acl.rt.free_host(host), f"worker {worker}: free_host")
        check(acl.rt.destroy_stream(stream), f"worker {worker}: destroy_stream")
        report[worker] = "ok"
    finally:
        check(acl.rt.destroy_context(context), f"worker {worker}: destroy_context")


def test_threads_with_own_contexts_and_streams_copy_correctly(rt: Runtime) -> None:
    report: dict[int, str] = {}
    errors: list[BaseException] = []

    def run(worker: int) -> None:
        try:
            _copy_many(worker, rt.device, report)
        except BaseException as exc:  # handed to the main thread, which fails the test
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(w,), name=f"copier-{w}") for w in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "a copier thread hung"
    if errors:
        raise errors[0]
    assert sorted(report) == list(range(THREADS))
    current, ret = acl.rt.get_context()
    check(ret, "get_context in the main thread")
    assert current == rt.context, "another thread's context leaked into the main thread"
