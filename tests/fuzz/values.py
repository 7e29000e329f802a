"""Argument tuples for one function: seeded, drawn per argument family.

The first cases change one argument at a time away from a plausible base tuple (so a check on a
later argument is reached), then whole tuples are drawn at random, then the arity is wrong.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterator, Mapping, Sequence

EDGE_INTS = (
    0, 1, -1, 2, 7, 255, 256, 4096, 2**31 - 1, 2**31, -(2**31), -(2**31) - 1, 2**32 - 1, 2**32,
    2**63 - 1, 2**63, -(2**63), 2**64 - 1, 2**64, -(2**64), 10**7, 10**30,
)
WRONG_TYPES: tuple[object, ...] = (None, "x", 1.5, float("nan"), b"\x00", [], {}, (), object(), True)
BAD_STRINGS = ("", "x", "\x00", "a\x00b", "\u00e9\u4e2d", "a" * 5000, "/nonexistent/file.om", ".", "%s%n%x")
SHORT_WAITS: tuple[object, ...] = (0, 1, 10, None, "x", 1.5)
RAW_ADDRESSES = (0xDEADBEEF, 0x1000, 2**47 - 8, 2**64 - 1, 2**64)


def _dicts(ints: Sequence[int]) -> list[object]:
    return [{}, {"x": 1}, {"width": ints[0], "height": ints[1]}, {0: 0}, {"x": None}]


class ArgumentSpace:
    """Values per family; `handles` maps a handle kind ("stream", "freed event", ...) to a live value."""

    def __init__(self, rng: random.Random, handles: Mapping[str, int]) -> None:
        self._rng = rng
        self._handles = list(handles.values())
        self._handles_by_kind = dict(handles)

    def _int(self) -> object:
        roll = self._rng.random()
        if roll < 0.7:
            return self._rng.choice(EDGE_INTS)
        if roll < 0.9:
            return self._rng.randrange(-(2**64), 2**64)
        return self._rng.choice(WRONG_TYPES)

    def _handle(self) -> object:
        roll = self._rng.random()
        if roll < 0.6:
            return self._rng.choice(self._handles)
        if roll < 0.8:
            return self._rng.choice((*RAW_ADDRESSES, 0, -1))
        if roll < 0.9:
            return self._rng.randrange(0, 2**48) & ~7
        return self._rng.choice(WRONG_TYPES)

    def _string(self) -> object:
        return self._rng.choice(BAD_STRINGS) if self._rng.random() < 0.8 else self._rng.choice(WRONG_TYPES)

    def _list(self) -> object:
        roll = self._rng.random()
        if roll < 0.3:
            return []
        if roll < 0.8:
            return [self.draw(self._rng.choice(("int", "handle"))) for _ in range(self._rng.randrange(1, 6))]
        return self._rng.choice((None, 0, "x", {}, [[]], list(range(300))))

    def _dict(self) -> object:
        if self._rng.random() < 0.8:
            return self._rng.choice(_dicts([self._rng.choice(EDGE_INTS) for _ in range(2)]))
        return self._rng.choice(WRONG_TYPES)

    def _float(self) -> object:
        return self._rng.choice((0.0, -1.0, 1e308, float("inf"), float("nan"), 2**64, None, "x"))

    def draw(self, family: str) -> object:
        draws = {
            "int": self._int, "handle": self._handle, "str": self._string, "list": self._list,
            "dict": self._dict, "float": self._float,
        }
        if family in draws:
            return draws[family]()
        return draws[self._rng.choice(sorted(draws))]()

    def tracked_address(self) -> object:
        """NULL, a live allocation the runtime tracks (or a place inside one), or not an int at all.

        For parameters C cannot validate (a raw host buffer, a code pointer): an untracked address
        there may crash by nature, so only the checkable part of the input space is drawn.
        """
        live = self._handles_by_kind
        tracked = [live[kind] for kind in ("host memory", "device memory") if kind in live]
        choices: list[object] = [0, *tracked, *(a + 8 for a in tracked), None, "x", 1.5]
        return self._rng.choice(choices)

    def base(self, family: str) -> object:
        """A plausible value, so that checks after this argument are reached."""
        plausible: dict[str, object] = {"int": 0, "str": "x", "list": [], "dict": {}, "float": 0.0}
        if family == "handle":
            return self._rng.choice(self._handles)
        return plausible.get(family, 0)


def argument_tuples(kinds: Sequence[str], space: ArgumentSpace, count: int, rng: random.Random,
                    tracked_only: Collection[int] = (), short_waits: Collection[int] = (),
                    ) -> Iterator[tuple[object, ...]]:
    """`count` tuples for a function taking `kinds`; the last few have the wrong arity.

    Positions in `tracked_only` get only NULL, tracked allocations or non-integers; positions in
    `short_waits` (a timeout the function honours by waiting) only short timeouts.
    """
    for args in _argument_tuples(kinds, space, count, rng):
        yield tuple(
            space.tracked_address() if i in tracked_only
            else rng.choice(SHORT_WAITS) if i in short_waits
            else a
            for i, a in enumerate(args)
        )


def _argument_tuples(kinds: Sequence[str], space: ArgumentSpace, count: int,
                     rng: random.Random) -> Iterator[tuple[object, ...]]:
    arity_cases = [(), (*tuple(space.base(k) for k in kinds), 0)]
    if kinds:
        arity_cases.append(tuple(space.base(k) for k in kinds[:-1]))
    body = max(count - len(arity_cases), 1)
    for i in range(body):
        if kinds and i < body // 2:
            args = [space.base(k) for k in kinds]
            position = rng.randrange(len(kinds))
            args[position] = space.draw(kinds[position])
            yield tuple(args)
        else:
            yield tuple(space.draw(k) for k in kinds)
    yield from arity_cases
