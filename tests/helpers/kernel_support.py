"""Kernel binaries for the runtime tests: C sources built with gcc at test time, plain memory access."""

from __future__ import annotations

import ctypes
from pathlib import Path

import acl
from helpers.compile_c import compile_c
from helpers.runtime_support import check

# Variables in .data, .bss and .rodata, and CPU functions that read their arguments as C structs.
KERNEL_SOURCE = r"""
#include <stdint.h>
int32_t table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
double zeros[16];
const char banner[] = "emulated runtime";

struct sum_args { const int32_t *data; uint64_t count; int64_t *out; };
uint32_t sum_kernel(void *args)
{
    struct sum_args *a = args;
    int64_t total = 0;
    for (uint64_t i = 0; i < a->count; i++) {
        total += a->data[i];
    }
    *a->out += total;
    return 0;
}

struct mixed_args { uint8_t tag; uint32_t count; int64_t *out; int64_t scale; const int32_t *values; };
uint32_t mixed_kernel(void *args)
{
    struct mixed_args *a = args;
    int64_t total = 0;
    for (uint32_t i = 0; i < a->count; i++) {
        total += a->values[i];
    }
    a->out[0] = a->tag;
    a->out[1] = a->count;
    a->out[2] = total * a->scale;
    return 0;
}

uint32_t failing_kernel(void *args) { (void)args; return 3; }
"""

TABLE = [3, 1, 4, 1, 5, 9, 2, 6]
BANNER = b"emulated runtime\0"


def build_kernels(folder: Path) -> tuple[Path, Path]:
    """The kernel source as a host shared library and as a relocatable object."""
    source = folder / "kernels.c"
    source.write_text(KERNEL_SOURCE)
    shared = compile_c([source], folder / "libkernels.so", shared=True)
    relocatable = compile_c([source], folder / "kernels.o", flags=("-c", "-fPIC"))
    return shared, relocatable


def load(path: Path) -> int:
    handle, ret = acl.rt.binary_load_from_file(str(path), [])
    check(ret, "binary_load_from_file")
    return handle


def write_host(address: int, data: bytes) -> None:
    """Store `data` at a host address the runtime handed out."""
    ctypes.memmove(address, data, len(data))

