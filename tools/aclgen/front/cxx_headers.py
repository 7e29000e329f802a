"""Find the headers of an include tree that a C parse must leave out.

A real CANN `include/` holds C++ headers (graph, ge, ...) and OS-level headers (needing libc
headers the generator does not fake) beside the C API. They are left out of the translation
unit, each reported with a reason, and so is every header that includes one.
C++ text inside `#ifdef __cplusplus` (or `#if defined(__cplusplus)`, `#if __cplusplus`) does not
count: a C compiler never sees it.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from typing import Optional

_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_CONDITIONAL = re.compile(r"^\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)$")
_CPLUSPLUS = re.compile(r"__cplusplus")
_INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
_CXX_MARKERS = (
    (re.compile(r"^\s*#\s*include\s*<(?![^>]*\.h>)[^>]+>", re.M), "includes a C++ standard header"),
    (re.compile(r"\bnamespace\b"), "declares a namespace"),
    (re.compile(r"\btemplate\s*<"), "declares a template"),
    (re.compile(r"\bclass\s+[A-Za-z_]\w*\s*[:{;]"), "declares a class"),
    (re.compile(r'\bextern\s+"C'), 'uses extern "C" outside #ifdef __cplusplus'),
    (re.compile(r"[A-Za-z_>]\s*::\s*[A-Za-z_~]"), "uses the :: scope operator"),
)


@dataclass(frozen=True)
class CxxHeader:
    header: str  # relative to the include root
    line: int
    reason: str


def c_visible_text(text: str) -> str:
    """The text with comments blanked and `__cplusplus`-only groups removed (line count kept)."""
    text = _COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    lines = text.split("\n")
    # Each open conditional: (this group is C++-only, some group of it is C++-only)
    stack: list[tuple[bool, bool]] = []
    for i, line in enumerate(lines):
        m = _CONDITIONAL.match(line)
        hidden_before = any(hidden for hidden, _ in stack)
        if m:
            keyword, condition = m.group(1), m.group(2)
            if keyword in ("if", "ifdef", "ifndef"):
                cxx = bool(_CPLUSPLUS.search(condition))
                only_cxx = cxx and keyword != "ifndef" and "!" not in condition
                excluded_first = cxx and not only_cxx  # `#ifndef __cplusplus`: the else part is C++
                stack.append((only_cxx, excluded_first))
            elif keyword in ("elif", "else") and stack:
                only_cxx, else_is_cxx = stack[-1]
                stack[-1] = (else_is_cxx, only_cxx)
            elif keyword == "endif" and stack:
                stack.pop()
            lines[i] = ""
            continue
        if hidden_before:
            lines[i] = ""
    return "\n".join(lines)


_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')


def cxx_reason(text: str) -> Optional[tuple[int, str]]:
    """(line, reason) of the first C++-only construct a C compiler would see, or None."""
    visible = c_visible_text(text)
    without_strings = _STRING.sub('""', visible)
    found: Optional[tuple[int, str]] = None
    for pattern, reason in _CXX_MARKERS:
        m = pattern.search(visible if "extern" in pattern.pattern else without_strings)
        if m:
            line = visible.count("\n", 0, m.start()) + 1
            if found is None or line < found[0]:
                found = (line, reason)
    return found


def _resolve(include: str, including: str, headers: set[str], search_dirs: tuple[str, ...]) -> Optional[str]:
    candidates = [posixpath.normpath(posixpath.join(posixpath.dirname(including), include))]
    candidates += [posixpath.normpath(posixpath.join(d, include)) for d in search_dirs]
    return next((c for c in candidates if c in headers), None)


def _missing_include(
    including: str, text: str, headers: set[str], search_dirs: tuple[str, ...], system_headers: set[str]
) -> Optional[tuple[int, str]]:
    visible = c_visible_text(text)
    for m in _INCLUDE.finditer(visible):
        name = posixpath.normpath(m.group(2))
        if name in system_headers:
            continue
        dirs = search_dirs if m.group(1) == "<" else (posixpath.dirname(including), *search_dirs)
        if not any(posixpath.normpath(posixpath.join(d, name)) in headers for d in dirs):
            line = visible.count("\n", 0, m.start()) + 1
            if m.group(1) == "<":
                return line, f"includes <{name}>, which the generator's fake libc does not provide"
            return line, f'includes "{name}", which is not in the tree'
    return None


def find_cxx_headers(
    sources: dict[str, str],
    search_dirs: tuple[str, ...] = ("",),
    system_headers: Optional[set[str]] = None,
) -> list[CxxHeader]:
    """The headers among `sources` (relative path -> text) that are C++-only or include a file
    found neither in the tree nor in `system_headers` (when given), and those that include them."""
    headers = set(sources)
    excluded: dict[str, CxxHeader] = {}
    for rel in sorted(sources):
        found = cxx_reason(sources[rel])
        if found is None and system_headers is not None:
            found = _missing_include(rel, sources[rel], headers, search_dirs, system_headers)
        if found:
            excluded[rel] = CxxHeader(rel, found[0], found[1])
    includes: dict[str, list[tuple[int, str]]] = {}
    for rel, text in sources.items():
        visible = c_visible_text(text)
        for m in _INCLUDE.finditer(visible):
            target = _resolve(m.group(2), rel, headers, search_dirs)
            if target is not None:
                includes.setdefault(rel, []).append((visible.count("\n", 0, m.start()) + 1, target))
    included_by: dict[str, list[str]] = {}
    for rel, targets in includes.items():
        for _, target in targets:
            included_by.setdefault(target, []).append(rel)
    changed = True
    while changed:
        changed = False
        for rel in sorted(headers - set(excluded)):
            upward = next(((line, t) for line, t in includes.get(rel, []) if t in excluded), None)
            if upward is not None:
                excluded[rel] = CxxHeader(rel, upward[0], f"includes {upward[1]}, which is left out")
                changed = True
            elif included_by.get(rel) and all(i in excluded for i in included_by[rel]):
                # A fragment of left-out headers is rarely complete on its own.
                excluded[rel] = CxxHeader(rel, 1, "included only by headers that are left out")
                changed = True
    return sorted(excluded.values(), key=lambda h: h.header)
