"""Call-overhead and throughput benchmarks of the `acl` binding (run: python -m benchmarks).

`render_markdown(results)` turns a results dict (benchmarks/results.json) into the README tables.
"""

from __future__ import annotations

from benchmarks.report import render_markdown

__all__ = ["render_markdown"]
