"""Parameter directions from the doxygen comment above a prototype in the raw header text.

Preprocessing removes comments, so this works on the file as written. Accepted tag forms:
`@param x [IN]`, `[OUT]`, `[IN|OUT]`, `[IN/OUT]`, `@param [in] x`, `@param [in,out] x`,
`[in, out]`; names match case-insensitively.
"""

from __future__ import annotations

import bisect
import re
from typing import Optional

_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
_PARAM_TAG = re.compile(
    r"[@\\]param\b[ \t]*(?:\[(?P<before>[^\]\n]*)\])?[ \t]*:?[ \t]*(?P<name>[A-Za-z_]\w*)"
    r"(?:[^\[\n]*?\[(?P<after>[^\]\n]*)\])?"
)
_DIRECTIONS = {"in": "in", "out": "out", "inout": "inout"}


def normalise_direction(text: Optional[str]) -> Optional[str]:
    """'IN' -> 'in', 'in, out' / 'IN|OUT' / 'in/out' -> 'inout'; None for anything else."""
    if text is None:
        return None
    squeezed = re.sub(r"[\s|/,_&+-]", "", text.lower())
    return _DIRECTIONS.get(squeezed)


class SourceComments:
    """The comments of one raw header, for finding the one documenting a declaration."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.comments = [(m.start(), m.end()) for m in _COMMENT.finditer(text)]
        self.comment_ends = [end for _, end in self.comments]

    def comment_above(self, line: int) -> Optional[str]:
        """The comment block directly above the declaration whose name is on `line` (1-based).

        Only the lines before `line` count: the text between the comment and that line may hold
        specifiers and preprocessor lines, but no `;`, `{` or `}` (those end another declaration).
        A `//` comment block made of consecutive lines is taken whole.
        """
        if line < 1 or line > len(self.line_starts):
            return None
        limit = self.line_starts[line - 1]
        index = bisect.bisect_right(self.comment_ends, limit) - 1
        if index < 0:
            return None
        start, end = self.comments[index]
        between = self.text[end:limit]
        if any(c in between for c in ";{}"):
            return None
        line_head = self.text[self.text.rfind("\n", 0, start) + 1 : start]
        if line_head.strip():
            return None  # a trailing comment of the code on that line
        if self.text.startswith("//", start):
            first = index
            while first > 0 and self._adjacent_line_comments(first - 1, first):
                first -= 1
            start = self.comments[first][0]
        return self.text[start:end]

    def _adjacent_line_comments(self, earlier: int, later: int) -> bool:
        e_start, e_end = self.comments[earlier]
        l_start, _ = self.comments[later]
        return self.text.startswith("//", e_start) and not self.text[e_end:l_start].strip()


def param_tags(comment: str) -> list[tuple[str, str]]:
    """(lower-case name, direction) for every `@param` tag carrying a direction, in order."""
    tags = []
    for m in _PARAM_TAG.finditer(comment):
        direction = normalise_direction(m.group("before")) or normalise_direction(m.group("after"))
        if direction is not None:
            tags.append((m.group("name").lower(), direction))
    return tags


def combine_directions(tags: list[str], writable: bool) -> Optional[str]:
    """One direction from every tag naming a parameter.

    An `in` tag plus an `out` tag mean `inout`, unless nothing can be written through the
    parameter (by value, pointer to const): then the second tag documents a differently named
    parameter and the first one wins.
    """
    if not tags:
        return None
    reads = any(t in ("in", "inout") for t in tags)
    writes = any(t in ("out", "inout") for t in tags)
    if len(set(tags)) > 1 and reads and writes:
        return "inout" if writable else tags[0]
    return tags[0]
