"""Every test here runs the generator: marked `generator` (see pyproject), so an interpreter that
cannot have pycparser 3 (PyPy 3.9) deselects them with -m "not generator"."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.generator)
