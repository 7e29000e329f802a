"""Feature retrieval (acl.fv) on the emulator, checked against the numpy brute force in fv_reference.py.

conftest.py selects the emulator backend and provides the module's device and context. Every pointer
argument is an int address (pyACL's form for acl.fv): numpy buffers are passed with
`array.ctypes.data` and kept alive while a handle borrows them.
"""

from __future__ import annotations

import subprocess
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest
from fv_reference import (
    FEATURE_LEN,
    ID_MAX,
    TABLE_LEN,
    FvModel,
    Hit,
    random_features,
    random_tables,
)
from helpers.compile_c import compile_c, link_emulator

import acl

ROOT = Path(__file__).resolve().parents[2]
SEED = 20240611
REPO_FEATURES = 10_000
FULL_RANGE = ((0, ID_MAX), (0, ID_MAX))
SEARCH_1_N = acl.SEARCH_1_N
SEARCH_N_M = acl.SEARCH_N_M
ACL_SUCCESS = acl.ACL_SUCCESS
INVALID_PARAM = acl.ACL_ERROR_INVALID_PARAM
FAILURE = acl.ACL_ERROR_FAILURE


def check(ret: int, what: str) -> None:
    assert ret == ACL_SUCCESS, f"{what} returned {ret}: {acl.get_recent_err_msg()}"


class Handles:
    """fv handles and the buffers they borrow, released at the end of a test."""

    def __init__(self) -> None:
        self._owned: list[tuple[Callable[[int], int], int]] = []
        self._buffers: list[np.ndarray] = []

    def keep(self, array: np.ndarray) -> int:
        self._buffers.append(array)
        return array.ctypes.data

    def own(self, handle: int, destroy: Callable[[int], int], what: str) -> int:
        assert handle != 0, f"{what} failed: {acl.get_recent_err_msg()}"
        self._owned.append((destroy, handle))
        return handle

    def release(self) -> None:
        while self._owned:
            destroy, handle = self._owned.pop()
            check(destroy(handle), f"destroying {handle:#x}")
        self._buffers.clear()


class FvSession:
    """Calls acl.fv with numpy data; mirrors successful changes in a FvModel."""

    def __init__(self, handles: Handles, model: FvModel) -> None:
        self.handles = handles
        self.model = model

    def feature_info(self, id0: int, id1: int, offset: int, features: np.ndarray) -> int:
        data = np.ascontiguousarray(features, dtype=np.uint8)
        handle = acl.fv.create_feature_info(id0, id1, offset, FEATURE_LEN, len(data), self.handles.keep(data),
                                            data.size)
        return self.handles.own(handle, acl.fv.destroy_feature_info, "create_feature_info")

    def range(self, id0_range: tuple[int, int], id1_range: tuple[int, int]) -> int:
        handle = acl.fv.create_repo_range(id0_range[0], id0_range[1], id1_range[0], id1_range[1])
        return self.handles.own(handle, acl.fv.destroy_repo_range, "create_repo_range")

    def add_1n(self, id0: int, id1: int, offset: int, features: np.ndarray) -> int:
        ret = acl.fv.repo_add(SEARCH_1_N, self.feature_info(id0, id1, offset, features))
        if ret == ACL_SUCCESS:
            self.model.add_1n(id0, id1, features)
        return ret

    def add_nm(self, features: np.ndarray) -> int:
        ret = acl.fv.repo_add(SEARCH_N_M, self.feature_info(0, 0, 0, features))
        if ret == ACL_SUCCESS:
            self.model.add_nm(features)
        return ret

    def delete(self, id0: int, id1: int, offset: int) -> int:
        ret = acl.fv.delete(self.feature_info(id0, id1, offset, np.zeros((1, FEATURE_LEN), np.uint8)))
        if ret == ACL_SUCCESS:
            self.model.delete(id0, id1, offset)
        return ret

    def modify(self, id0: int, id1: int, offset: int, feature: np.ndarray) -> int:
        ret = acl.fv.modify(self.feature_info(id0, id1, offset, feature.reshape(1, FEATURE_LEN)))
        if ret == ACL_SUCCESS:
            self.model.modify(id0, id1, offset, feature.reshape(FEATURE_LEN))
        return ret

    def repo_del_1n(self, id0_range: tuple[int, int], id1_range: tuple[int, int]) -> int:
        ret = acl.fv.repo_del(SEARCH_1_N, self.range(id0_range, id1_range))
        if ret == ACL_SUCCESS:
            self.model.repo_del_1n(id0_range, id1_range)
        return ret

    def search(self, search_type: int, tables: np.ndarray, topk: int,
               ranges: tuple[tuple[int, int], tuple[int, int]] = FULL_RANGE) -> tuple[int, list[list[Hit]]]:
        keep, own = self.handles.keep, self.handles.own
        queries = len(tables)
        table_data = np.ascontiguousarray(tables, dtype=np.float32)
        table = own(acl.fv.create_query_table(queries, TABLE_LEN, keep(table_data), queries * TABLE_LEN),
                    acl.fv.destroy_query_table, "create_query_table")
        search_input = own(acl.fv.create_search_input(table, self.range(*ranges), topk),
                           acl.fv.destroy_search_input, "create_search_input")
        slots = max(queries * topk, 1)
        result_num = np.full(queries, 0xFFFFFFFF, dtype=np.uint32)
        id0, id1, offset = (np.zeros(slots, dtype=np.uint32) for _ in range(3))
        distance = np.zeros(slots, dtype=np.float32)
        result = own(acl.fv.create_search_result(queries, keep(result_num), result_num.nbytes, keep(id0),
                                                 keep(id1), keep(offset), keep(distance), queries * topk * 4),
                     acl.fv.destroy_search_result, "create_search_result")
        ret = acl.fv.search(search_type, search_input, result)
        hits = [[Hit(int(id0[q * topk + j]), int(id1[q * topk + j]), int(offset[q * topk + j]),
                     float(distance[q * topk + j])) for j in range(int(result_num[q]))]
                for q in range(queries)] if ret == ACL_SUCCESS else []
        return ret, hits


@pytest.fixture()
def handles(compute_stream: int) -> Iterator[Handles]:
    """fv calls need a current context: compute_stream (conftest.py) provides one for the module."""
    owned = Handles()
    yield owned
    owned.release()


def start_module(handles: Handles, fs_num: int = 1_000_000, top_1n: int | None = None,
                 top_nm: int | None = None) -> None:
    """aclfvInit with the given settings; aclfvRelease runs when the test's handles are released."""
    para = handles.own(acl.fv.create_init_para(fs_num), acl.fv.destroy_init_para, "create_init_para")
    if top_1n is not None:
        check(acl.fv.set_1n_top_num(para, top_1n), "set_1n_top_num")
    if top_nm is not None:
        check(acl.fv.set_nm_top_num(para, top_nm), "set_nm_top_num")
    check(acl.fv.init(para), "acl.fv.init")
    handles.own(1, lambda _: acl.fv.release(), "release")


@pytest.fixture()
def fv(handles: Handles) -> FvSession:
    start_module(handles)
    return FvSession(handles, FvModel())


@pytest.fixture()
def rng() -> np.random.Generator:
    return np.random.default_rng(SEED)


def fill_1n(fv: FvSession, rng: np.random.Generator) -> None:
    """10,000 features over four repositories, each added in uneven chunks with continuing offsets."""
    repos = [(0, 0), (0, 1), (3, 7), (ID_MAX, ID_MAX)]
    for index, (id0, id1) in enumerate(repos):
        remaining = REPO_FEATURES // len(repos)
        for chunk in (1, 999, 1500 - index):
            check(fv.add_1n(id0, id1, fv.model.next_offset(id0, id1), random_features(rng, chunk)), "add_1n")
            remaining -= chunk
        check(fv.add_1n(id0, id1, fv.model.next_offset(id0, id1), random_features(rng, remaining)), "add_1n")


# ----------------------------------------------------------------------------- C level


def _build_and_run(tmp_path: Path, source: str, *extra: str) -> None:
    """Compile tests/compute/c_fv/<source> with `extra` inputs and run it; it prints "ok" on success."""
    source_path = ROOT / "tests/compute/c_fv" / source
    binary = compile_c([source_path, *extra], tmp_path / Path(source).stem, link=["-lm"])
    run = subprocess.run([str(binary)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr


def test_engine_c_level_checks_pass(tmp_path: Path) -> None:
    _build_and_run(tmp_path, "fv_engine_test.c", str(ROOT / "emulator/fv_engine.c"))


def test_api_c_level_run_against_the_emulator_library(tmp_path: Path) -> None:
    library = Path(acl._backend.EMULATOR_LIBRARY)  # the package under test, not the source tree
    _build_and_run(tmp_path, "fv_api_test.c", *link_emulator(library))


# ------------------------------------------------------------------ searches vs reference


def test_1n_search_matches_reference(fv: FvSession, rng: np.random.Generator) -> None:
    fill_1n(fv, rng)
    for topk in (1, 100, 4800):
        table = random_tables(rng, 1)
        ret, hits = fv.search(SEARCH_1_N, table, topk)
        check(ret, "search")
        assert hits == [fv.model.search_1n(table[0], *FULL_RANGE, topk)]
        assert len(hits[0]) == min(topk, REPO_FEATURES)


def test_1n_search_covers_only_the_repo_range(fv: FvSession, rng: np.random.Generator) -> None:
    fill_1n(fv, rng)
    table = random_tables(rng, 1)
    ranges = ((0, 3), (1, 7))  # holds (0, 1) and (3, 7), not (0, 0) nor (1023, 1023)
    ret, hits = fv.search(SEARCH_1_N, table, 300, ranges)
    check(ret, "search")
    assert hits == [fv.model.search_1n(table[0], *ranges, 300)]
    assert {(hit.id0, hit.id1) for hit in hits[0]} == {(0, 1), (3, 7)}


def test_1n_search_after_delete_modify_and_repo_delete(fv: FvSession, rng: np.random.Generator) -> None:
    fill_1n(fv, rng)
    table = random_tables(rng, 1)
    _, before = fv.search(SEARCH_1_N, table, 50)
    best = before[0][:5]
    for hit in best[:3]:  # the current leaders disappear
        check(fv.delete(hit.id0, hit.id1, hit.offset), "delete")
    for offset in rng.choice(2500, size=40, replace=False):  # others change
        check(fv.modify(3, 7, int(offset), random_features(rng, 1)[0]), "modify")
    check(fv.repo_del_1n((ID_MAX, ID_MAX), (ID_MAX, ID_MAX)), "repo_del")

    ret, after = fv.search(SEARCH_1_N, table, 500)
    check(ret, "search")
    assert after == [fv.model.search_1n(table[0], *FULL_RANGE, 500)]
    gone = {(hit.id0, hit.id1, hit.offset) for hit in best[:3]}
    assert not gone & {(hit.id0, hit.id1, hit.offset) for hit in after[0]}
    assert all(hit.id0 != ID_MAX for hit in after[0])


def test_offsets_stay_stable_after_delete_and_restart_after_repo_delete(fv: FvSession,
                                                                         rng: np.random.Generator) -> None:
    check(fv.add_1n(5, 5, 0, random_features(rng, 10)), "add")
    check(fv.delete(5, 5, 4), "delete")
    assert fv.add_1n(5, 5, 9, random_features(rng, 1)) == FAILURE  # a gap would need offset 10
    check(fv.add_1n(5, 5, 10, random_features(rng, 2)), "add continuing after the hole")
    check(fv.repo_del_1n((5, 5), (5, 5)), "repo_del")
    assert fv.add_1n(5, 5, 12, random_features(rng, 1)) == FAILURE
    check(fv.add_1n(5, 5, 0, random_features(rng, 3)), "add to the emptied repository")
    table = random_tables(rng, 1)
    _, hits = fv.search(SEARCH_1_N, table, 20)
    assert hits == [fv.model.search_1n(table[0], *FULL_RANGE, 20)]
    assert sorted(hit.offset for hit in hits[0]) == [0, 1, 2]


def test_nm_search_matches_reference(fv: FvSession, rng: np.random.Generator) -> None:
    for chunk in (4000, 1, 5999):
        check(fv.add_nm(random_features(rng, chunk)), "add_nm")
    tables = random_tables(rng, 20)
    ret, hits = fv.search(SEARCH_N_M, tables, 50)
    check(ret, "search")
    assert hits == fv.model.search_nm(tables, 50)
    assert all(len(per_query) == 50 for per_query in hits)
    assert all((hit.id0, hit.id1) == (0, 0) for per_query in hits for hit in per_query)


def test_nm_search_takes_the_full_1024_queries(fv: FvSession, rng: np.random.Generator) -> None:
    check(fv.add_nm(random_features(rng, 300)), "add_nm")
    tables = random_tables(rng, 1024)
    ret, hits = fv.search(SEARCH_N_M, tables, 3)
    check(ret, "search")
    assert hits == fv.model.search_nm(tables, 3)


def test_nm_repo_delete_empties_the_repository(fv: FvSession, rng: np.random.Generator) -> None:
    check(fv.add_nm(random_features(rng, 100)), "add_nm")
    check(acl.fv.repo_del(SEARCH_N_M, fv.range((0, 0), (0, 0))), "repo_del")
    ret, hits = fv.search(SEARCH_N_M, random_tables(rng, 2), 10)
    check(ret, "search")
    assert hits == [[], []]


def test_search_of_empty_module_returns_zero_results(fv: FvSession, rng: np.random.Generator) -> None:
    ret, hits = fv.search(SEARCH_1_N, random_tables(rng, 1), 10)
    check(ret, "search")
    assert hits == [[]]


def test_default_nm_top_number_is_500(fv: FvSession, rng: np.random.Generator) -> None:
    check(fv.add_nm(random_features(rng, 700)), "add_nm")
    _, hits = fv.search(SEARCH_N_M, random_tables(rng, 1), 600)
    assert len(hits[0]) == 500


def test_set_top_numbers_cap_the_results(handles: Handles, rng: np.random.Generator) -> None:
    start_module(handles, top_1n=10, top_nm=600)
    fv = FvSession(handles, FvModel(max_top_1n=10, max_top_nm=600))
    check(fv.add_1n(0, 0, 0, random_features(rng, 50)), "add_1n")
    check(fv.add_nm(random_features(rng, 700)), "add_nm")
    table = random_tables(rng, 1)
    _, hits_1n = fv.search(SEARCH_1_N, table, 30)
    _, hits_nm = fv.search(SEARCH_N_M, table, 650)
    assert hits_1n == [fv.model.search_1n(table[0], *FULL_RANGE, 30)] and len(hits_1n[0]) == 10
    assert len(hits_nm[0]) == 600


def test_feature_info_reads_its_buffer_when_used(fv: FvSession, rng: np.random.Generator) -> None:
    data = random_features(rng, 4)
    address = fv.handles.keep(data)
    info = fv.handles.own(acl.fv.create_feature_info(0, 0, 0, FEATURE_LEN, 4, address, data.nbytes),
                          acl.fv.destroy_feature_info, "create_feature_info")
    replacement = random_features(rng, 4)
    data[:] = replacement  # the info borrows the buffer, as the runtime does
    check(acl.fv.repo_add(SEARCH_1_N, info), "repo_add")
    fv.model.add_1n(0, 0, replacement)
    table = random_tables(rng, 1)
    _, hits = fv.search(SEARCH_1_N, table, 4)
    assert hits == [fv.model.search_1n(table[0], *FULL_RANGE, 4)]


def test_features_in_device_memory(fv: FvSession, rng: np.random.Generator) -> None:
    features = random_features(rng, 64)
    device, ret = acl.rt.malloc(features.nbytes, acl.ACL_MEM_MALLOC_HUGE_FIRST)
    check(ret, "acl.rt.malloc")
    try:
        check(acl.rt.memcpy(device, features.nbytes, features.ctypes.data, features.nbytes,
                            acl.ACL_MEMCPY_HOST_TO_DEVICE), "memcpy")
        info = fv.handles.own(acl.fv.create_feature_info(2, 3, 0, FEATURE_LEN, 64, device, features.nbytes),
                              acl.fv.destroy_feature_info, "create_feature_info")
        check(acl.fv.repo_add(SEARCH_1_N, info), "repo_add")
        fv.model.add_1n(2, 3, features)
        past_end = features.nbytes + FEATURE_LEN
        too_long = acl.fv.create_feature_info(2, 3, 64, FEATURE_LEN, 65, device, past_end)
        assert too_long == 0 and "featureData" in acl.get_recent_err_msg()
        table = random_tables(rng, 1)
        _, hits = fv.search(SEARCH_1_N, table, 64)
        assert hits == [fv.model.search_1n(table[0], *FULL_RANGE, 64)]
    finally:
        check(acl.rt.free(device), "acl.rt.free")


def test_concurrent_adds_to_separate_repositories(fv: FvSession, rng: np.random.Generator) -> None:
    context, ret = acl.rt.get_context()
    check(ret, "acl.rt.get_context")
    batches = {(id0, 0): [random_features(rng, 200) for _ in range(5)] for id0 in range(4)}
    errors: list[str] = []

    def add_all(id0: int, chunks: list[np.ndarray]) -> None:
        offset = 0
        for chunk in chunks:
            info = acl.fv.create_feature_info(id0, 0, offset, FEATURE_LEN, len(chunk), chunk.ctypes.data,
                                              chunk.nbytes)
            ret = acl.fv.repo_add(SEARCH_1_N, info)
            acl.fv.destroy_feature_info(info)
            if ret != ACL_SUCCESS:
                errors.append(f"repo {id0}: {ret} {acl.get_recent_err_msg()}")
            offset += len(chunk)

    def add_with_context(id0: int, chunks: list[np.ndarray]) -> None:
        check(acl.rt.set_context(context), "set_context in thread")
        add_all(id0, chunks)

    threads = [threading.Thread(target=add_with_context, args=(key[0], batch))
               for key, batch in batches.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    for (id0, id1), chunks in batches.items():
        for chunk in chunks:
            fv.model.add_1n(id0, id1, chunk)
    table = random_tables(rng, 1)
    _, hits = fv.search(SEARCH_1_N, table, 4000)
    assert hits == [fv.model.search_1n(table[0], *FULL_RANGE, 4000)] and len(hits[0]) == 4000


# ------------------------------------------------------------------------- limits


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda buf: acl.fv.create_query_table(1025, TABLE_LEN, buf, 1025 * TABLE_LEN), "queryCnt exceeds"),
        (lambda buf: acl.fv.create_query_table(1, TABLE_LEN - 1, buf, TABLE_LEN - 1), "tableLen must be"),
        (lambda buf: acl.fv.create_query_table(2, TABLE_LEN, buf, TABLE_LEN), "tableDataLen"),
        (lambda buf: acl.fv.create_query_table(1, TABLE_LEN, 0, TABLE_LEN), "tableData is NULL"),
        (lambda buf: acl.fv.create_feature_info(0, 0, 0, 35, 1, buf, 35), "featureLen must be 36"),
        (lambda buf: acl.fv.create_feature_info(1024, 0, 0, 36, 1, buf, 36), "[0, 1023]"),
        (lambda buf: acl.fv.create_feature_info(0, 1024, 0, 36, 1, buf, 36), "[0, 1023]"),
        (lambda buf: acl.fv.create_feature_info(0, 0, 0, 36, 10_000_001, buf, 360_000_036), "10000000"),
        (lambda buf: acl.fv.create_feature_info(0, 0, 0, 36, 2, buf, 36), "featureDataLen"),
        (lambda buf: acl.fv.create_feature_info(0, 0, 0, 36, 1, 0, 36), "featureData is NULL"),
        (lambda buf: acl.fv.create_repo_range(5, 4, 0, 0), "id0Min <= id0Max"),
        (lambda buf: acl.fv.create_repo_range(0, 1024, 0, 0), "id0Min <= id0Max <= 1023"),
        (lambda buf: acl.fv.create_repo_range(0, 0, 0, 1024), "id1Max <= 1023"),
        (lambda buf: acl.fv.create_search_result(1025, buf, 4100, buf, buf, buf, buf, 4), "queryCnt exceeds"),
        (lambda buf: acl.fv.create_search_result(2, buf, 4, buf, buf, buf, buf, 8), "resultNumDataLen"),
        (lambda buf: acl.fv.create_search_result(1, buf, 4, 0, buf, buf, buf, 4), "must not be NULL"),
        (lambda buf: acl.fv.create_init_para(0), "fsNum 0"),
        (lambda buf: acl.fv.create_init_para(500_000_001), "[1, 500000000]"),
    ],
)
def test_create_rejects_documented_limits(compute_stream: int, call: Callable[[int], int],
                                          fragment: str) -> None:
    buffer = np.zeros(64, dtype=np.uint8)
    assert call(buffer.ctypes.data) == 0
    message = acl.get_recent_err_msg()
    assert fragment in message and "aclfvCreate" in message


def test_create_search_input_rejects_topk_above_4800(handles: Handles) -> None:
    table_data = np.zeros(TABLE_LEN, dtype=np.uint8)
    table = handles.own(acl.fv.create_query_table(1, TABLE_LEN, handles.keep(table_data), TABLE_LEN),
                        acl.fv.destroy_query_table, "create_query_table")
    repo_range = handles.own(acl.fv.create_repo_range(0, 0, 0, 0), acl.fv.destroy_repo_range, "repo range")
    assert acl.fv.create_search_input(table, repo_range, 4801) == 0
    assert "topk 4801 exceeds 4800" in acl.get_recent_err_msg()
    assert acl.fv.create_search_input(table, 0, 10) == 0
    assert "repoRange" in acl.get_recent_err_msg()
    handles.own(acl.fv.create_search_input(table, repo_range, 4800), acl.fv.destroy_search_input, "topk 4800")


@pytest.mark.parametrize(
    ("setter", "value", "accepted"),
    [
        ("set_1n_top_num", 1, False), ("set_1n_top_num", 2, True), ("set_1n_top_num", 4800, True),
        ("set_1n_top_num", 4801, False), ("set_nm_top_num", 499, False), ("set_nm_top_num", 500, True),
        ("set_nm_top_num", 4800, True), ("set_nm_top_num", 4801, False),
    ],
)
def test_top_number_ranges(handles: Handles, setter: str, value: int, accepted: bool) -> None:
    para = handles.own(acl.fv.create_init_para(10), acl.fv.destroy_init_para, "create_init_para")
    ret = getattr(acl.fv, setter)(para, value)
    assert ret == (ACL_SUCCESS if accepted else INVALID_PARAM), acl.get_recent_err_msg()


def test_top_number_setters_reject_garbage_handles(compute_stream: int) -> None:
    assert acl.fv.set_1n_top_num(0, 10) == INVALID_PARAM
    assert acl.fv.set_nm_top_num(0xDEAD0, 600) == INVALID_PARAM


# --------------------------------------------------------------- operation errors


def test_operations_before_init_fail(handles: Handles, rng: np.random.Generator) -> None:
    fv = FvSession(handles, FvModel())
    assert fv.add_1n(0, 0, 0, random_features(rng, 1)) == FAILURE
    assert "aclfvInit" in acl.get_recent_err_msg()
    assert fv.repo_del_1n((0, 0), (0, 0)) == FAILURE
    assert fv.delete(0, 0, 0) == FAILURE
    assert fv.search(SEARCH_1_N, random_tables(rng, 1), 5)[0] == FAILURE
    assert acl.fv.release() == FAILURE


def test_init_twice_fails_and_release_allows_a_new_init(handles: Handles) -> None:
    start_module(handles)
    para = handles.own(acl.fv.create_init_para(5), acl.fv.destroy_init_para, "create_init_para")
    assert acl.fv.init(para) == FAILURE
    assert "already initialized" in acl.get_recent_err_msg()
    assert acl.fv.init(0) == INVALID_PARAM


def test_add_errors(fv: FvSession, rng: np.random.Generator) -> None:
    assert fv.add_1n(0, 0, 1, random_features(rng, 1)) == FAILURE  # first addition must use offset 0
    assert "offset must be 0" in acl.get_recent_err_msg()
    check(fv.add_1n(0, 0, 0, random_features(rng, 3)), "add")
    assert fv.add_1n(0, 0, 2, random_features(rng, 1)) == FAILURE
    assert "next offset is 3" in acl.get_recent_err_msg()
    bad_header = random_features(rng, 2)
    bad_header[1, 2] = 7
    assert fv.add_1n(0, 0, 3, bad_header) == FAILURE
    message = acl.get_recent_err_msg()  # reading the message clears it
    assert "feature 1" in message and "header" in message
    info = fv.feature_info(0, 0, 5, random_features(rng, 1))
    assert acl.fv.repo_add(SEARCH_N_M, info) == INVALID_PARAM  # N:M additions need offset 0
    assert acl.fv.repo_add(2, info) == INVALID_PARAM
    assert acl.fv.repo_add(SEARCH_1_N, 0) == INVALID_PARAM
    assert acl.fv.repo_add(SEARCH_1_N, 0x1234560) == INVALID_PARAM


def test_capacity_is_bounded_by_fs_num(handles: Handles, rng: np.random.Generator) -> None:
    start_module(handles, fs_num=100)
    fv = FvSession(handles, FvModel())
    check(fv.add_1n(0, 0, 0, random_features(rng, 60)), "add")
    check(fv.add_nm(random_features(rng, 40)), "add_nm")
    assert fv.add_1n(1, 1, 0, random_features(rng, 1)) == FAILURE
    assert "fsNum capacity 100" in acl.get_recent_err_msg()
    check(fv.delete(0, 0, 7), "delete frees one slot")
    check(fv.add_1n(1, 1, 0, random_features(rng, 1)), "add into the freed slot")


def test_1n_limits_per_addition(fv: FvSession) -> None:
    too_many = np.zeros((1_000_001, FEATURE_LEN), dtype=np.uint8)
    assert fv.add_1n(0, 0, 0, too_many) == FAILURE
    assert "at most 1000000" in acl.get_recent_err_msg()


def test_delete_and_modify_errors_are_failures(fv: FvSession, rng: np.random.Generator) -> None:
    check(fv.add_1n(1, 2, 0, random_features(rng, 5)), "add")
    assert fv.delete(1, 2, 5) == FAILURE
    assert fv.delete(2, 2, 0) == FAILURE
    assert "does not exist" in acl.get_recent_err_msg()
    check(fv.delete(1, 2, 1), "delete")
    assert fv.delete(1, 2, 1) == FAILURE  # already deleted
    assert fv.modify(1, 2, 1, random_features(rng, 1)[0]) == FAILURE
    bad = random_features(rng, 1)[0]
    bad[0] = 1
    assert fv.modify(1, 2, 2, bad) == FAILURE
    two = fv.feature_info(1, 2, 0, random_features(rng, 2))
    assert acl.fv.delete(two) == FAILURE and "exactly one feature" in acl.get_recent_err_msg()
    assert acl.fv.modify(0) == FAILURE
    assert acl.fv.delete(0xBAD0) == FAILURE


def test_search_argument_errors(fv: FvSession, rng: np.random.Generator) -> None:
    handles = fv.handles
    check(fv.add_1n(0, 0, 0, random_features(rng, 10)), "add")
    tables = np.ascontiguousarray(random_tables(rng, 2))
    table = handles.own(acl.fv.create_query_table(2, TABLE_LEN, handles.keep(tables), 2 * TABLE_LEN),
                        acl.fv.destroy_query_table, "create_query_table")
    search_input = handles.own(acl.fv.create_search_input(table, fv.range(*FULL_RANGE), 5),
                               acl.fv.destroy_search_input, "create_search_input")
    buf = handles.keep(np.zeros(64, dtype=np.uint32))

    def result(queries: int, data_len: int) -> int:
        created = acl.fv.create_search_result(queries, buf, queries * 4, buf, buf, buf, buf, data_len)
        return handles.own(created, acl.fv.destroy_search_result, "create_search_result")

    assert acl.fv.search(SEARCH_N_M, search_input, result(1, 20)) == INVALID_PARAM
    assert "differ" in acl.get_recent_err_msg()
    assert acl.fv.search(SEARCH_N_M, search_input, result(2, 39)) == INVALID_PARAM
    assert "dataLen 39" in acl.get_recent_err_msg()
    assert acl.fv.search(SEARCH_1_N, search_input, result(2, 40)) == FAILURE  # 1:N takes one query
    assert "exactly one query" in acl.get_recent_err_msg()
    assert acl.fv.search(5, search_input, result(2, 40)) == INVALID_PARAM
    assert acl.fv.search(SEARCH_N_M, 0, result(2, 40)) == INVALID_PARAM
    assert acl.fv.search(SEARCH_N_M, search_input, 0) == INVALID_PARAM
    check(acl.fv.search(SEARCH_N_M, search_input, result(2, 40)), "valid N:M search")


def test_destroy_accepts_null_and_rejects_garbage(compute_stream: int) -> None:
    destroyers = [acl.fv.destroy_init_para, acl.fv.destroy_feature_info, acl.fv.destroy_repo_range,
                  acl.fv.destroy_query_table, acl.fv.destroy_search_input, acl.fv.destroy_search_result]
    for destroy in destroyers:
        assert destroy(0) == ACL_SUCCESS
        assert destroy(0xABCDE0) == INVALID_PARAM
    repo_range = acl.fv.create_repo_range(0, 0, 0, 0)
    check(acl.fv.destroy_repo_range(repo_range), "destroy")
    assert acl.fv.destroy_repo_range(repo_range) == INVALID_PARAM  # twice
    other_kind = acl.fv.create_repo_range(1, 1, 1, 1)
    assert acl.fv.destroy_feature_info(other_kind) == INVALID_PARAM
    check(acl.fv.destroy_repo_range(other_kind), "destroy with the right kind")
