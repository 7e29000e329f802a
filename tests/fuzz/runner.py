"""The parent side: a pool of restarting worker processes, and the findings they leave.

A worker that dies or stays silent past the hang limit while calling a function is a finding for
that function; the function is then run again alone in a fresh worker, to tell a crash the
function causes by itself from one that needs the state earlier functions left.
"""

from __future__ import annotations

import json
import os
import queue
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from .inherent import guards
from .worker import RESTART_STATUS

TESTS_DIR = Path(__file__).resolve().parents[1]
_STEERING = ("ACL_BACKEND", "ACL_LIBRARY_PATH", "ACL_EMULATOR_LIBRARY", "ACL_EMU_STRICT")


@dataclass(frozen=True)
class Settings:
    seed: int = 13
    cases: int = 24  # argument tuples per function
    hang_seconds: float = 20.0  # silence that counts as a hang
    guarded: bool = True  # honour inherent.json's restricted positions (off only to test the runner)


@dataclass
class Finding:
    qualname: str
    outcome: str  # "crash (signal 11)", "exit status 1", "hang"
    case: str  # the last CASE line: the argument tuple being called
    alone: bool | None = None  # reproduced in a fresh worker running only this function
    stderr_tail: str = ""


@dataclass
class Report:
    functions: int = 0
    calls: int = 0
    seconds: float = 0.0
    findings: list[Finding] = field(default_factory=list)

    def unexpected(self, inherent: dict[str, str]) -> list[Finding]:
        return [f for f in self.findings if f.qualname not in inherent]


def _child_env() -> dict[str, str]:
    import acl

    package_parent = str(Path(acl.__file__).resolve().parents[1])
    env = {k: v for k, v in os.environ.items() if k not in _STEERING}
    env["ACL_BACKEND"] = "emulator"
    env["PYTHONPATH"] = os.pathsep.join([package_parent, str(TESTS_DIR)])
    return env


class Worker:
    """One child process fed function names; restarted by the caller after it dies."""

    def __init__(self) -> None:
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 - closed in stop()
        self._proc = subprocess.Popen(
            [sys.executable, "-c", "from fuzz.worker import main; main()"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr,
            env=_child_env(), text=True, bufsize=1,
            cwd=TESTS_DIR,  # never the repository root: `-c` puts the cwd first on sys.path
        )
        self._buffer = b""
        self.ready = self._line(60.0) == "READY"

    def _line(self, timeout: float) -> str | None:
        """The next protocol line, or None when the child dies or stays silent for `timeout` s."""
        assert self._proc.stdout is not None
        fd = self._proc.stdout.fileno()
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
                return None
            chunk = os.read(fd, 65536)
            if not chunk:
                return None
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode(errors="replace")

    def run(self, qualname: str, settings: Settings) -> tuple[int, Finding | None]:
        """(calls made, the finding if the child died or hung)."""
        assert self._proc.stdin is not None
        job = {"name": qualname, "seed": settings.seed, "cases": settings.cases,
               **(guards(qualname) if settings.guarded else {"tracked_only": [], "short_waits": []})}
        self._proc.stdin.write(json.dumps(job) + "\n")
        self._proc.stdin.flush()
        last_case, calls = "", 0
        while True:
            line = self._line(settings.hang_seconds)
            if line is None:
                return calls, self._failure(qualname, last_case)
            if line.startswith("CASE "):
                last_case, calls = line, calls + 1
            elif line.startswith("DONE "):
                return calls, None

    def _failure(self, qualname: str, last_case: str) -> Finding | None:
        try:
            status = self._proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
            return Finding(qualname, "hang", last_case, stderr_tail=self._stderr_tail())
        if status == RESTART_STATUS:
            return None
        outcome = f"crash (signal {-status})" if status < 0 else f"exit status {status}"
        return Finding(qualname, outcome, last_case, stderr_tail=self._stderr_tail())

    def _stderr_tail(self) -> str:
        self._stderr.seek(0, os.SEEK_END)
        self._stderr.seek(max(0, self._stderr.tell() - 1500))
        return self._stderr.read().decode(errors="replace")

    @property
    def alive(self) -> bool:
        return self._proc.poll() is None

    def stop(self) -> None:
        if self._proc.poll() is None:
            self._proc.send_signal(signal.SIGKILL)
        self._proc.wait()
        self._stderr.close()


def _drive(todo: queue.Queue[str], report: Report, settings: Settings, deadline: float,
           lock: threading.Lock) -> None:
    worker: Worker | None = None
    while time.monotonic() < deadline:
        try:
            qualname = todo.get_nowait()
        except queue.Empty:
            break
        if worker is None or not worker.alive:
            worker = Worker()
        calls, finding = worker.run(qualname, settings)
        if not worker.alive:
            worker.stop()
            worker = None
        if finding is not None:
            alone = Worker()
            finding.alone = alone.run(qualname, settings)[1] is not None
            alone.stop()
        with lock:
            report.functions += 1
            report.calls += calls
            if finding is not None:
                report.findings.append(finding)
    if worker is not None:
        worker.stop()


def fuzz(qualnames: list[str], settings: Settings, jobs: int, budget_seconds: float) -> Report:
    """Fuzz `qualnames` with `jobs` workers; functions not started within the budget are skipped."""
    started = time.monotonic()
    todo: queue.Queue[str] = queue.Queue()
    for name in qualnames:
        todo.put(name)
    report, lock = Report(), threading.Lock()
    threads = [
        threading.Thread(target=_drive, args=(todo, report, settings, started + budget_seconds, lock))
        for _ in range(jobs)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    report.seconds = time.monotonic() - started
    report.findings.sort(key=lambda f: f.qualname)
    return report
