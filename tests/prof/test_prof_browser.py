"""The HTML page of `python -m acl prof --html` opened in headless Chromium and screenshotted: the
timeline's task colours must be on the rendered image (the SVG drew), and the page must need no
network. Skipped when Chromium is absent, unless ACL_TEST_REQUIRE_BROWSER=1 (CI) makes that a
failure."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.prof_support import ProfRuntime
from helpers.runtime_support import check
from helpers.subproc import describe, run_command

import acl

pytestmark = [pytest.mark.browser, pytest.mark.numpy]


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    if os.environ.get("ACL_TEST_REQUIRE_BROWSER") == "1":
        pytest.fail("ACL_TEST_REQUIRE_BROWSER=1 but no Chromium is installed")
    pytest.skip("Chromium is not installed")


def _profile(rt: ProfRuntime, out: Path) -> None:
    """A short two-stream program profiled into `out`; undone however it ends (profiling left
    initialized would refuse every later aclprofInit)."""
    np = pytest.importorskip("numpy")
    a_stream, b_stream = rt.streams
    host = np.arange(1 << 18, dtype=np.float32)
    with contextlib.ExitStack() as undo:
        dev, ret = acl.rt.malloc(host.nbytes, 0)
        check(ret, "malloc")
        undo.callback(lambda: check(acl.rt.free(dev), "free"))
        event, ret = acl.rt.create_event()
        check(ret, "create_event")
        undo.callback(lambda: check(acl.rt.destroy_event(event), "destroy_event"))
        config = acl.prof.create_config(
            [0], acl.ACL_AICORE_NONE, 0, acl.ACL_PROF_TASK_TIME | acl.ACL_PROF_ACL_API
        )
        undo.callback(acl.prof.destroy_config, config)
        check(acl.prof.init(str(out)), "init")
        undo.callback(lambda: check(acl.prof.finalize(), "finalize"))
        check(acl.prof.start(config), "start")
        undo.callback(lambda: check(acl.prof.stop(config), "stop"))
        for _ in range(5):
            check(acl.rt.memcpy_async(dev, host.nbytes, host.ctypes.data, host.nbytes, 1, a_stream), "H2D")
        check(acl.rt.record_event(event, a_stream), "record")
        check(acl.rt.stream_wait_event(b_stream, event), "wait")
        check(acl.rt.memcpy_async(host.ctypes.data, host.nbytes, dev, host.nbytes, 2, b_stream), "D2H")
        check(acl.rt.synchronize_stream(b_stream), "sync")
        check(acl.rt.synchronize_stream(a_stream), "sync")


def test_html_timeline_renders_in_chromium(rt: ProfRuntime, tmp_path: Path) -> None:
    browser = _chromium()
    image_mod = pytest.importorskip("PIL.Image")
    out = tmp_path / "result"
    _profile(rt, out)
    page = tmp_path / "page.html"
    proc = run_command(
        [sys.executable, "-m", "acl", "prof", str(out), "--html", str(page)], {"ACL_BACKEND": "emulator"}
    )
    assert proc.returncode == 0, describe(proc)
    shot = tmp_path / "shot.png"
    run = subprocess.run(
        [
            browser,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--hide-scrollbars",
            f"--user-data-dir={tmp_path / 'profile'}",
            "--window-size=1300,700",
            f"--screenshot={shot}",
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert run.returncode == 0 and shot.is_file(), run.stderr[-2000:]
    with image_mod.open(shot) as img:
        assert img.size == (1300, 700)
        colours = {c for _, c in img.convert("RGB").getcolors(1300 * 700)}
    memcpy = (0x4E, 0x79, 0xA7)  # _prof_report's memcpy colour: the task bars were drawn
    wait = (0x9C, 0x75, 0x5F)
    assert memcpy in colours and wait in colours
    assert len(colours) > 20  # text and bars, not a blank page
