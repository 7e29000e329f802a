"""A structural audit of the emulator's C sources: can a function run with the GIL held?

The binding keeps the GIL around the calls listed in tools/data/keeps_gil.json. That is safe
only when such a call can neither reach Python (which would need the GIL: a callback, an executor
hook) nor wait for a thread that may be waiting for the GIL. In C terms: everything the function
calls, transitively, is an emulator function or a known library function (no call through a
pointer, which is how the emulator reaches Python), nothing waits (join, condition waits, sleeps),
and every mutex it takes is held, wherever else in the emulator it is taken, only around code that
obeys the same rules (a holder could otherwise wait for the GIL while our caller waits for the
mutex with the GIL held).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

# Library functions that return without waiting on another thread and never call back.
NON_BLOCKING_LIBRARY = frozenset({
    "malloc", "calloc", "realloc", "free", "memset", "memcpy", "memmove", "memcmp", "strlen", "strcmp",
    "strncmp", "strchr", "strrchr", "strstr", "strncpy", "strdup", "strndup", "snprintf", "vsnprintf",
    "sizeof", "pthread_mutex_lock", "pthread_mutex_unlock", "pthread_mutex_trylock", "pthread_self",
    "pthread_equal", "pthread_getspecific", "pthread_setspecific", "pthread_once", "clock_gettime",
    "getenv", "strtol", "strtoul", "strtoll", "strtoull", "abs", "labs", "llabs", "va_start", "va_end",
    "va_copy", "offsetof", "atomic_load", "atomic_store", "__atomic_load_n", "__atomic_store_n",
    "__atomic_fetch_add", "__atomic_fetch_sub", "__atomic_add_fetch", "__atomic_sub_fetch",
    "__atomic_compare_exchange_n", "__atomic_exchange_n", "__builtin_expect", "__builtin_mul_overflow",
    "__builtin_add_overflow", "assert", "isnan", "isinf", "fabs", "fabsf", "floor", "ceil", "strcpy",
    "isspace", "isdigit", "tolower", "toupper", "pthread_mutex_init", "pthread_mutex_destroy",
    "pthread_cond_init", "pthread_cond_destroy", "pthread_cond_signal", "pthread_cond_broadcast",
    "mmap", "munmap", "mprotect", "madvise", "sysconf", "fprintf", "fflush", "close", "atomic_fetch_add",
    "atomic_fetch_sub",
})
# Words that look like calls but are not.
_NOT_CALLS = frozenset({"if", "while", "for", "switch", "return", "sizeof", "defined", "_Alignof",
                        "_Static_assert", "__attribute__", "typeof", "__typeof__"})
_DEFINITION = re.compile(r"^[A-Za-z_][\w \t\*]*?\b(\w+)\s*\(([^;{}]*?)\)\s*\n?\{", re.M)
_MACRO = re.compile(r"^#define\s+(\w+)\(([^)]*)\)((?:.*\\\n)*.*)$", re.M)
_CALL = re.compile(r"\b([A-Za-z_]\w*)\s*\(")
_LOCK = re.compile(r"\bpthread_mutex_lock\s*\(\s*&?\s*([\w.>\-]+)\s*\)|\b(rt_lock)\s*\(\s*\)")
_UNLOCK = re.compile(r"\bpthread_mutex_unlock\s*\(\s*&?\s*([\w.>\-]+)\s*\)|\b(rt_unlock)\s*\(\s*\)")
_STATIC_LOCK = re.compile(r"^static pthread_mutex_t (\w+)", re.M)
_COND_WAIT = re.compile(r"\bpthread_cond_(?:timed)?wait\s*\([^,]*,\s*&?\s*([\w.>\-]+)")
_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_STRING = re.compile(r'"(?:\\.|[^"\\])*"')
# Function pointers the emulator only ever sets to its own functions: pointer -> (the function
# that receives it, argument index). Every call of that function must pass NULL or an emulator
# function's name; a call through the pointer is then audited as calls of all of those.
C_ONLY_POINTERS = {"ready": ("rt_spin_until", 0), "capture": ("aclemu_stream_set_capture", 1)}
# Calls that wait on another thread (or for time to pass).
WAITING = frozenset({"pthread_join", "pthread_cond_wait", "pthread_cond_timedwait", "sem_wait", "usleep",
                     "nanosleep", "sleep", "sched_yield", "poll", "select", "epoll_wait", "read", "write"})


def _strip(text: str) -> str:
    return _STRING.sub('""', _COMMENT.sub(" ", text))


def _body_end(text: str, start: int) -> int:
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i + 1
    return len(text)


@dataclass
class Sources:
    """Every function (and function-like macro) body of the emulator's C sources, by name."""

    bodies: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # name -> [(file, body)]
    static_locks: dict[str, set[str]] = field(default_factory=dict)  # file -> its file-scope mutexes

    @classmethod
    def read(cls, directory: Path) -> Sources:
        sources = cls()
        for path in sorted(directory.glob("*.[ch]")) + sorted(directory.glob("*.inc")):
            text = _strip(path.read_text(encoding="utf-8"))
            sources.static_locks[path.name] = set(_STATIC_LOCK.findall(text))
            for match in _DEFINITION.finditer(text):
                name = match.group(1)
                if name in _NOT_CALLS:
                    continue
                brace = match.end() - 1
                sources.bodies.setdefault(name, []).append((path.name, text[brace:_body_end(text, brace)]))
            for match in _MACRO.finditer(text):
                sources.bodies.setdefault(match.group(1), []).append((path.name, match.group(3)))
        return sources

    def lock_name(self, file: str, taken: re.Match[str]) -> str:
        """A mutex's name; a file-scope one is qualified by its file (several files reuse names)."""
        name = taken.group(1) or "core_lock"  # rt_lock() takes core_lock.c's core_lock
        file = "core_lock.c" if taken.group(1) is None else file
        return f"{file}:{name}" if name in self.static_locks.get(file, ()) else name

    def while_held(self, file: str, body: str, lock: str) -> str:
        """The parts of a body entered with `lock` held that run before it releases the lock
        (or after it takes it again)."""
        marks = sorted((m.start(), m.end(), taking)
                       for pattern, taking in ((_UNLOCK, False), (_LOCK, True))
                       for m in pattern.finditer(body) if self.lock_name(file, m) == lock)
        parts, held, position = [], True, 0
        for start, end, taking in marks:
            if held and not taking:
                parts.append(body[position:start])
            if taking and not held:
                position = end
            held = taking
        if held:
            parts.append(body[position:])
        return "\n".join(parts)

    def critical_sections(self, lock: str) -> list[tuple[str, str]]:
        """(file, code) between each taking of `lock` and its release, in every function."""
        sections = []
        for bodies in self.bodies.values():
            for file, body in bodies:
                for taken in _LOCK.finditer(body):
                    if self.lock_name(file, taken) != lock:
                        continue
                    rest = body[taken.end():]
                    released = next((m for m in _UNLOCK.finditer(rest)
                                     if self.lock_name(file, m) == lock), None)
                    sections.append((file, rest[:released.start()] if released else rest))
        return sections


@dataclass
class Verdict:
    problems: list[str] = field(default_factory=list)
    locks: set[str] = field(default_factory=set)
    functions: set[str] = field(default_factory=set)


def audit(sources: Sources, entry: str) -> Verdict:
    """Everything `entry` reaches; problems name what could reach Python or wait."""
    verdict = Verdict()
    if entry not in sources.bodies:
        verdict.problems.append(f"{entry}: no definition in the emulator")
        return verdict
    _walk_code(sources, [entry], verdict, via=entry)
    checked_locks: set[str] = set()
    while verdict.locks - checked_locks:
        lock = sorted(verdict.locks - checked_locks)[0]
        checked_locks.add(lock)
        for file, section in sources.critical_sections(lock):
            _walk_text(sources, file, section, verdict, via=f"while holding {lock}", held=lock)
    return verdict


def _walk_code(sources: Sources, names: list[str], verdict: Verdict, via: str, held: str = "") -> None:
    pending = list(names)
    while pending:
        name = pending.pop()
        if name in verdict.functions:
            continue
        verdict.functions.add(name)
        for file, body in sources.bodies[name]:
            code = sources.while_held(file, body, held) if held else body
            pending.extend(_calls(sources, file, code, verdict, f"{via} -> {name}", held))


def _walk_text(sources: Sources, file: str, text: str, verdict: Verdict, via: str, held: str) -> None:
    _walk_code(sources, _calls(sources, file, text, verdict, via, held), verdict, via, held)


def _calls(sources: Sources, file: str, text: str, verdict: Verdict, via: str, held: str = "") -> list[str]:
    """The emulator functions `text` calls; records locks taken and anything not allowed.

    A condition wait that releases `held`, the mutex whose critical section `text` is, does not
    keep it from another thread."""
    for taken in _LOCK.finditer(text):
        verdict.locks.add(sources.lock_name(file, taken))
    releasing = sum(1 for m in _COND_WAIT.finditer(text)
                    if held and sources.lock_name(file, _Named(m.group(1))) == held)
    found = []
    for call in _CALL.finditer(text):
        name = call.group(1)
        if name in _NOT_CALLS or name in NON_BLOCKING_LIBRARY:
            continue
        if name in WAITING:
            if name.startswith("pthread_cond_") and releasing:
                releasing -= 1
                continue
            verdict.problems.append(f"{via}: calls {name}, which waits")
        elif name in C_ONLY_POINTERS:
            found.extend(_pointer_targets(sources, name))
        elif name in sources.bodies:
            found.append(name)
        elif not _is_type_or_cast(text, call):
            verdict.problems.append(f"{via}: calls {name}, not an emulator or known library function "
                                    "(a function pointer could reach Python)")
    return found


def _pointer_targets(sources: Sources, pointer: str) -> list[str]:
    """The emulator functions a C_ONLY_POINTERS pointer can hold (AssertionError if anything else)."""
    setter, index = C_ONLY_POINTERS[pointer]
    targets = []
    for bodies in sources.bodies.values():
        for _, body in bodies:
            for call in re.finditer(rf"\b{setter}\s*\(", body):
                argument = _arguments(body, call.end())[index]
                if argument != "NULL" and argument not in sources.bodies:
                    raise AssertionError(f"{setter} is given {argument!r}, not an emulator function")
                targets += [argument] if argument != "NULL" else []
    return targets


def _arguments(text: str, start: int) -> list[str]:
    """The comma-separated arguments of the call whose '(' ends just before `start`."""
    depth, current, out = 0, [], []
    for ch in text[start:]:
        if ch == ")" and depth == 0:
            break
        if ch == "," and depth == 0:
            out.append("".join(current).strip())
            current = []
            continue
        depth += (ch in "([{") - (ch in ")]}")
        current.append(ch)
    return [*out, "".join(current).strip()]


def _is_type_or_cast(text: str, call: re.Match[str]) -> bool:
    """`(type)(x)`-style casts and declarations of function-pointer types are not calls."""
    before = text[:call.start()].rstrip()
    after = text[call.end():].lstrip()
    if call.group(1).endswith("_t") and (before.endswith("(") or after.startswith("*")):  # int64_t (*p)[2]
        return True
    return before.endswith("(") and after.startswith("*")


class _Named:
    """A stand-in match for Sources.lock_name, from a mutex name found in a condition wait."""

    def __init__(self, name: str) -> None:
        self._name = name

    def group(self, index: int) -> str:
        return self._name
