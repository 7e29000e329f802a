"""The sanitizer flags CI builds the emulator with make every report fatal.

CI runs the emulator's C tests and tests/runtime on builds made with build_ffi.sanitizer_flags and
relies on a report failing the run; these programs have one bug each, and must die of it.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from helpers.compile_c import compile_c

import build_ffi

BUGS = {
    "address": "#include <stdlib.h>\nint main(void) { char *p = malloc(8); p[8] = 1; free(p); return 0; }\n",
    "undefined": "#include <limits.h>\nint main(int argc, char **argv) { (void)argv;"
                 " volatile int x = INT_MAX; int y = x + argc; return y == 0; }\n",
    "thread": "#include <pthread.h>\nstatic int shared;\nstatic void *bump(void *a) { (void)a; shared++;"
              " return NULL; }\nint main(void) { pthread_t t; pthread_create(&t, NULL, bump, NULL);"
              " shared++; pthread_join(t, NULL); return 0; }\n",
}
REPORTS = {"address": "AddressSanitizer", "undefined": "runtime error", "thread": "ThreadSanitizer"}


@pytest.mark.parametrize("sanitizer", sorted(BUGS))
def test_a_report_fails_the_program(tmp_path: Path, sanitizer: str) -> None:
    source = tmp_path / f"{sanitizer}.c"
    source.write_text(BUGS[sanitizer])
    program = compile_c([source], tmp_path / sanitizer, flags=[*build_ffi.sanitizer_flags(sanitizer), "-O0"])
    result = subprocess.run([str(program)], capture_output=True, text=True, timeout=60,
                            env={"TSAN_OPTIONS": "halt_on_error=1"})
    assert result.returncode != 0, result.stderr
    assert REPORTS[sanitizer] in result.stderr
