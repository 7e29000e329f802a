"""What the aclprof tests share (kept out of conftest.py: a test module importing `conftest` gets
whichever conftest pytest loaded last when several test directories are collected together)."""

from __future__ import annotations

from typing import Any


class ProfRuntime:
    def __init__(self, context: int, streams: list[int]) -> None:
        self.context = context
        self.streams = streams


def validate_trace(trace: Any) -> None:
    """Strict checks of the Chrome trace event format as Perfetto and chrome://tracing read it."""
    assert isinstance(trace, dict) and isinstance(trace["traceEvents"], list)
    open_b: dict[tuple[int, int], list[dict[str, Any]]] = {}
    flows: dict[int, list[dict[str, Any]]] = {}
    slices: dict[tuple[int, int], list[tuple[float, float]]] = {}
    for e in trace["traceEvents"]:
        assert isinstance(e.get("ph"), str) and e["ph"] in "XBEiMsf", e
        assert isinstance(e.get("pid"), int) and isinstance(e.get("tid"), int), e
        assert isinstance(e.get("name"), str) and e["name"], e
        if e["ph"] == "M":
            assert e["name"] in ("process_name", "thread_name", "process_sort_index"), e
            assert isinstance(e["args"], dict)
            continue
        assert isinstance(e.get("ts"), (int, float)) and e["ts"] >= 0, e
        key = (e["pid"], e["tid"])
        if e["ph"] == "X":
            assert isinstance(e.get("dur"), (int, float)) and e["dur"] >= 0, e
            slices.setdefault(key, []).append((e["ts"], e["ts"] + e["dur"]))
        elif e["ph"] == "B":
            open_b.setdefault(key, []).append(e)
        elif e["ph"] == "E":
            assert open_b.get(key), f"E without B: {e}"
            assert open_b[key].pop()["ts"] <= e["ts"]
        elif e["ph"] == "i":
            assert e.get("s") in ("t", "p", "g"), e
        else:
            assert isinstance(e.get("id"), int), e
            flows.setdefault(e["id"], []).append(e)
    assert all(not stack for stack in open_b.values()), "unmatched B events"
    for fid, pair in flows.items():
        assert [p["ph"] for p in pair] == ["s", "f"], (fid, pair)
        assert pair[0]["ts"] <= pair[1]["ts"] + 1e-3, pair
    # slices on one thread nest or follow each other: never a partial overlap
    eps = 1e-3
    for key, spans in slices.items():
        stack: list[float] = []
        for start, end in sorted(spans, key=lambda s: (s[0], -s[1])):
            while stack and stack[-1] <= start + eps:
                stack.pop()
            assert not stack or end <= stack[-1] + eps, f"partial overlap on {key}: {start}-{end}"
            stack.append(end)
