"""`python -m acl prof DIR [--top N] [--html OUT]`: the top ops and APIs of an aclprof result directory
(summary.json), and a self-contained HTML page: the timeline of trace.json drawn as inline SVG plus
the summary tables, with no scripts or resources from the network.

Reads only files; it needs neither the binding nor a backend.
"""

from __future__ import annotations

import html
import json
import os
from typing import Any

_COLUMNS = ("name", "category", "count", "total_us", "mean_us", "min_us", "max_us")
_COLOURS = {
    "memcpy": "#4e79a7",
    "memset": "#76b7b2",
    "op": "#f28e2b",
    "model": "#e15759",
    "node": "#ff9d9a",
    "callback": "#59a14f",
    "event_record": "#b07aa1",
    "event_wait": "#9c755f",
    "api": "#bab0ac",
    "range": "#edc948",
    "blas": "#8cd17d",
    "media": "#499894",
}


def load(directory: str) -> tuple[dict[str, Any], dict[str, Any]]:
    with open(os.path.join(directory, "summary.json"), encoding="utf-8") as f:
        summary = json.load(f)
    with open(os.path.join(directory, "trace.json"), encoding="utf-8") as f:
        trace = json.load(f)
    return summary, trace


def table(title: str, rows: list[dict[str, Any]], top: int) -> str:
    shown = rows[:top]
    cells = [[str(row[c]) for c in _COLUMNS] for row in shown]
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(_COLUMNS)]
    lines = [f"{title} (top {len(shown)} of {len(rows)} by total time)"]
    lines.append(
        "  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(_COLUMNS, widths)))
    )
    for r in cells:
        lines.append(
            "  ".join(v.ljust(w) if i < 2 else v.rjust(w) for i, (v, w) in enumerate(zip(r, widths)))
        )
    if not shown:
        lines.append("  (none recorded)")
    return "\n".join(lines)


def text_report(summary: dict[str, Any], top: int) -> str:
    head = (
        f"aclprof result: {summary['records']} records over {summary['wall_us']:.1f} us, "
        f"devices {summary['devices']}, {len(summary['marks'])} marks"
        + (f", {summary['dropped']} dropped" if summary.get("dropped") else "")
    )
    return "\n\n".join(
        [head, table("Ops and tasks", summary["ops"], top), table("APIs", summary["apis"], top)]
    )


# ------------------------------------------------------------------ HTML


def _lanes(trace: dict[str, Any]) -> tuple[list[tuple[int, int]], dict[tuple[int, int], str], dict[int, str]]:
    threads: dict[tuple[int, int], str] = {}
    processes: dict[int, str] = {}
    lanes: list[tuple[int, int]] = []
    for e in trace["traceEvents"]:
        if e["ph"] == "M" and e["name"] == "thread_name":
            threads[(e["pid"], e["tid"])] = e["args"]["name"]
        elif e["ph"] == "M" and e["name"] == "process_name":
            processes[e["pid"]] = e["args"]["name"]
        elif e["ph"] in ("X", "i") and (e["pid"], e["tid"]) not in lanes:
            lanes.append((e["pid"], e["tid"]))
    lanes.sort()
    return lanes, threads, processes


def timeline_svg(trace: dict[str, Any], width: int = 1200) -> str:
    lanes, threads, processes = _lanes(trace)
    spans = [e for e in trace["traceEvents"] if e["ph"] in ("X", "i")]
    end = max([e["ts"] + e.get("dur", 0.0) for e in spans] + [1.0])
    label_w, lane_h = 260, 26
    scale = (width - label_w - 10) / end
    height = 30 + lane_h * len(lanes)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    for k in range(11):
        x = label_w + k * (width - label_w - 10) / 10
        out.append(f'<line x1="{x:.1f}" y1="18" x2="{x:.1f}" y2="{height}" stroke="#e0e0e0"/>')
        out.append(f'<text x="{x:.1f}" y="12" text-anchor="middle">{end * k / 10:.0f} us</text>')
    index = {lane: i for i, lane in enumerate(lanes)}
    for lane, i in index.items():
        y = 24 + i * lane_h
        label = (
            f"{processes.get(lane[0], 'pid ' + str(lane[0]))} / {threads.get(lane, 'tid ' + str(lane[1]))}"
        )
        out.append(f'<text x="4" y="{y + 15}">{html.escape(label)}</text>')
    for e in spans:
        y = 24 + index[(e["pid"], e["tid"])] * lane_h
        x = label_w + e["ts"] * scale
        colour = _COLOURS.get(e.get("cat", ""), "#79706e")
        title = html.escape(f"{e['name']} ({e.get('cat', '')}) {e.get('dur', 0.0):.1f} us")
        if e["ph"] == "i":
            out.append(
                f'<path d="M{x:.1f},{y + 2} l5,9 l-5,9 l-5,-9 z" fill="#000000"><title>{title}</title></path>'
            )
        else:
            w = max(1.0, e["dur"] * scale)
            nested = e.get("cat") == "node"
            top = y + (9 if nested else 2)
            h = 11 if nested else 20
            out.append(
                f'<rect x="{x:.1f}" y="{top}" width="{w:.1f}" height="{h}" fill="{colour}" '
                f'stroke="#333333" stroke-width="0.3"><title>{title}</title></rect>'
            )
    out.append("</svg>")
    return "\n".join(out)


def _html_table(title: str, rows: list[dict[str, Any]]) -> str:
    head = "".join(f"<th>{c}</th>" for c in _COLUMNS)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(r[c]))}</td>" for c in _COLUMNS) + "</tr>" for r in rows
    )
    return f"<h2>{html.escape(title)}</h2><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def html_report(summary: dict[str, Any], trace: dict[str, Any]) -> str:
    style = (
        "body{font-family:sans-serif;margin:16px}table{border-collapse:collapse;margin-bottom:16px}"
        "th,td{border:1px solid #bbb;padding:2px 8px;text-align:right}"
        "td:first-child,th:first-child{text-align:left}"
    )
    legend = " ".join(
        f'<span style="background:{c};padding:0 6px;margin-right:4px">{html.escape(k)}</span>'
        for k, c in _COLOURS.items()
    )
    return (
        '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>aclprof timeline</title>'
        f"<style>{style}</style></head><body>"
        f"<h1>aclprof timeline</h1><p>{summary['records']} records over {summary['wall_us']:.1f} us; "
        f"devices {html.escape(str(summary['devices']))}</p><p>{legend}</p>"
        f'<div id="timeline">{timeline_svg(trace)}</div>'
        f"{_html_table('Ops and tasks', summary['ops'])}{_html_table('APIs', summary['apis'])}"
        "</body></html>\n"
    )


def main(directory: str, top: int, html_out: str | None) -> int:
    try:
        summary, trace = load(directory)
    except (OSError, ValueError, KeyError) as exc:
        print(f"python -m acl prof: cannot read an aclprof result in {directory}: {exc}")
        return 1
    print(text_report(summary, top))
    if html_out:
        with open(html_out, "w", encoding="utf-8") as f:
            f.write(html_report(summary, trace))
        print(f"\nwrote {html_out}")
    return 0
