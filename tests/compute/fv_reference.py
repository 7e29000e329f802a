"""Brute-force numpy model of the emulator's feature retrieval (the formula is at the top of emulator/fv.c).

A feature is 36 bytes: a 4-byte zero header, then 32 PQ codes. A query table is float32 T[32][256];
distance = float32(sum over s of float64(T[s][code[s]])). Hits rank by larger distance, then smaller
id0, id1, offset.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

FEATURE_LEN = 36
HEADER_LEN = 4
SUBSPACES = 32
CODES = 256
TABLE_LEN = SUBSPACES * CODES * 4  # 32768 bytes
ID_MAX = 1023


def random_features(rng: np.random.Generator, count: int) -> np.ndarray:
    """`count` features as a (count, 36) uint8 array with zero headers."""
    features = np.zeros((count, FEATURE_LEN), dtype=np.uint8)
    features[:, HEADER_LEN:] = rng.integers(0, CODES, size=(count, SUBSPACES), dtype=np.uint8)
    return features


def random_tables(rng: np.random.Generator, queries: int) -> np.ndarray:
    """`queries` tables as a (queries, 32, 256) float32 array, values in the range the vendor sample uses."""
    return rng.uniform(1e-4, 0.19, size=(queries, SUBSPACES, CODES)).astype(np.float32)


def distances(table: np.ndarray, codes: np.ndarray) -> np.ndarray:
    """Distances of features (n, 32 codes) to one (32, 256) table, as float32."""
    if len(codes) == 0:
        return np.zeros(0, dtype=np.float32)
    gathered = table.astype(np.float64)[np.arange(SUBSPACES), codes.astype(np.intp)]
    return gathered.sum(axis=1).astype(np.float32)


@dataclass(frozen=True)
class Hit:
    id0: int
    id1: int
    offset: int
    distance: float


def rank(table: np.ndarray, id0: np.ndarray, id1: np.ndarray, offsets: np.ndarray, codes: np.ndarray,
         k: int) -> list[Hit]:
    """The best `k` candidates for one table."""
    dist = distances(table, codes)
    order = np.lexsort((offsets, id1, id0, -dist.astype(np.float64)))[:k]
    return [Hit(int(id0[i]), int(id1[i]), int(offsets[i]), float(dist[i])) for i in order]


@dataclass
class FvModel:
    """What the repositories should hold after a sequence of operations."""

    max_top_1n: int = 4800
    max_top_nm: int = 500
    repos: dict[tuple[int, int], list[np.ndarray | None]] = field(default_factory=dict)
    nm: list[np.ndarray] = field(default_factory=list)

    def add_1n(self, id0: int, id1: int, features: np.ndarray) -> None:
        self.repos.setdefault((id0, id1), []).extend(row[HEADER_LEN:].copy() for row in features)

    def next_offset(self, id0: int, id1: int) -> int:
        return len(self.repos.get((id0, id1), []))

    def add_nm(self, features: np.ndarray) -> None:
        self.nm.extend(row[HEADER_LEN:].copy() for row in features)

    def delete(self, id0: int, id1: int, offset: int) -> None:
        self.repos[(id0, id1)][offset] = None

    def modify(self, id0: int, id1: int, offset: int, feature: np.ndarray) -> None:
        self.repos[(id0, id1)][offset] = feature[HEADER_LEN:].copy()

    def repo_del_1n(self, id0_range: tuple[int, int], id1_range: tuple[int, int]) -> None:
        for key in [key for key in self.repos if _inside(key, id0_range, id1_range)]:
            del self.repos[key]

    def search_1n(self, table: np.ndarray, id0_range: tuple[int, int], id1_range: tuple[int, int],
                  topk: int) -> list[Hit]:
        rows = [(key[0], key[1], offset, codes)
                for key, slots in self.repos.items() if _inside(key, id0_range, id1_range)
                for offset, codes in enumerate(slots) if codes is not None]
        return _rank_rows(table, rows, min(topk, self.max_top_1n))

    def search_nm(self, tables: np.ndarray, topk: int) -> list[list[Hit]]:
        rows = [(0, 0, offset, codes) for offset, codes in enumerate(self.nm)]
        return [_rank_rows(table, rows, min(topk, self.max_top_nm)) for table in tables]


def _inside(key: tuple[int, int], id0_range: tuple[int, int], id1_range: tuple[int, int]) -> bool:
    return id0_range[0] <= key[0] <= id0_range[1] and id1_range[0] <= key[1] <= id1_range[1]


def _rank_rows(table: np.ndarray, rows: list[tuple[int, int, int, np.ndarray]], k: int) -> list[Hit]:
    if not rows:
        return []
    id0, id1, offsets = (np.array([row[i] for row in rows], dtype=np.int64) for i in range(3))
    codes = np.stack([row[3] for row in rows])
    return rank(table, id0, id1, offsets, codes, k)
