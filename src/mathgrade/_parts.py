"""A multi-part answer taken in part: when the gold has several parts and the answer taken is one of them, the
answer is all the parts the output commits to at its end.

"the largest value is $\\boxed{5}$ and the smallest is $\\boxed{-2}$" (several boxes in the final paragraph), "So
$x = 4$ and $x = -1$." (the math of the final sentence), "So x = 4 and x = -1" (its assignments): :func:`final_parts`
returns them as one bare list (``5, -2``), which the grader compares with the gold part by part (unordered against
a list, in the order written against a tuple). Only exactly as many parts as the gold has count, so that a list of
candidates never passes for an answer; under the reward policy only boxes count (an answer must be marked).

Each scan looks at the last paragraph of the output only (at most :data:`_WINDOW` characters before the answer).
"""

from __future__ import annotations

import re
from typing import List, Optional, Sequence, Tuple

from ._extract._commit import box_refusal, hedged_after

__all__ = ["final_parts", "boxes"]

_WINDOW = 800
_BOX = re.compile(r"\\(?:boxed|fbox)\s*\{")
_MATH = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$|\\\((.+?)\\\)", re.S)
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n")
_ASSIGNMENT = re.compile(r"(?<![A-Za-z\\])[A-Za-z](?:_\{?\w+\}?)?\s*=\s*[-+]?"
                         r"(?:\\frac\{[^{}]*\}\{[^{}]*\}|\\sqrt\{[^{}]*\}|[0-9A-Za-z./^\\{}()]+)")


def final_parts(output: str, start: int, count: int, marked_only: bool,
                refused: Sequence[Tuple[int, int]] = ()) -> Optional[str]:
    """The parts of the answer at ``start`` in ``output`` as one bare list (``a, b``), when the output's end commits
    to exactly ``count`` of them; else None. ``refused`` are spans of answers the output does not commit to."""
    begin = max(output.rfind("\n\n", max(0, start - _WINDOW), start), max(0, start - _WINDOW))
    if any(begin <= s for s, _ in refused):
        return None
    spans = box_spans(output, begin)
    if any(box_refusal(output, *span) or hedged_after(output, span[1]) for span in spans):
        return None  # (a box the output does not commit to is no part of its answer)
    found_boxes = [output[c:d].strip() for _, _, c, d in spans]
    if len(found_boxes) == count:
        return ", ".join(found_boxes)
    if marked_only or found_boxes:
        return None
    sentence = _sentence(output, start)
    math = [next(g for g in m.groups() if g is not None).strip() for m in _MATH.finditer(sentence)]
    if len(math) == count and all(math):
        return ", ".join(math)
    if math:
        return None
    found = [m.group().strip() for m in _ASSIGNMENT.finditer(sentence)]
    return ", ".join(found) if len(found) == count else None


def box_spans(text: str, begin: int = 0) -> List[Tuple[int, int, int, int]]:
    """(start, end, content start, content end) of each box of ``text`` from ``begin`` on, in order."""
    out = []
    for m in _BOX.finditer(text, begin):
        depth, k = 1, m.end()
        while k < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[k], 0)
            k += 1
        if depth:
            break
        out.append((m.start(), k, m.end(), k - 1))
    return out


def boxes(text: str) -> List[str]:
    """The contents of the boxes in ``text``, in order."""
    return [text[c:d].strip() for _, _, c, d in box_spans(text)]


def _sentence(output: str, start: int) -> str:
    """The sentence of ``output`` that holds the offset ``start``."""
    before = [m.end() for m in _SENTENCE_END.finditer(output, max(0, start - _WINDOW), start)]
    after = _SENTENCE_END.search(output, start)
    return output[before[-1] if before else max(0, start - _WINDOW):after.start() if after else len(output)]
