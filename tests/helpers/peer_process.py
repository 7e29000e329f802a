"""A second emulator process for the IPC tests: a spawned interpreter running a script.

The script starts with PEER_PROLOGUE (acl.init, device 0, its pid printed on the first line),
then reads one line (a key or handle) from stdin; what it prints is returned line by line.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

PEER_PROLOGUE = """
import os, sys
import acl

def check(ret, what):
    if ret != 0:
        print(f"FAIL {what} {ret} {acl.get_recent_err_msg()}", flush=True)
        sys.exit(1)

check(acl.init(), "init")
check(acl.rt.set_device(0), "set_device")
print(os.getpid(), flush=True)
"""


def spawn_peer(body: str, *args: str) -> tuple[subprocess.Popen[str], int]:
    """Start the peer; returns it and its pid once it has initialised."""
    # `-c` puts the working directory first on sys.path: start outside the repository, so the peer
    # imports the acl under test (CI runs the installed wheel from an unbuilt source tree)
    peer = subprocess.Popen([sys.executable, "-c", PEER_PROLOGUE + body, *args], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env=dict(os.environ, ACL_BACKEND="emulator"),
                            cwd=tempfile.gettempdir())
    assert peer.stdout is not None
    line = peer.stdout.readline()
    assert line.strip().isdigit(), line
    return peer, int(line)


def finish_peer(peer: subprocess.Popen[str], line: str) -> list[str]:
    """Send `line`, wait for the peer to end cleanly, return what it printed after its pid."""
    out, _ = peer.communicate(f"{line}\n", timeout=120)
    assert peer.returncode == 0, out
    return out.splitlines()
