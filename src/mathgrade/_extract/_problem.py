"""The options a multiple-choice problem lists (``(A) 12 (B) 96``, ``A. 12`` lines, AMC's ``\\textbf{(A) }12``): what
a letter stands for, so that an answer given as an option's content (``\\boxed{96}``) can be read as its letter."""

from __future__ import annotations

import re
from typing import Dict, List, Tuple

__all__ = ["listed_options"]

_FONT_LABEL = re.compile(r"\\(?:textbf|mathrm|text|mathbf|textrm)\s*\{\s*\(\s*([A-J])\s*\)\s*\}")
_SPACING = re.compile(r"\\q?quad(?![A-Za-z])|\\[,;:! ]|~")
_PAREN_LABEL = re.compile(r"[(（]\s*([A-J])\s*[)）]")
_LINE_LABEL = re.compile(r"^[ \t]*([A-J])[ \t]*[.)：:．][ \t]*", re.M)
_CONTENT_TRIM = " \t\r\n$.,;:"


def listed_options(problem: str) -> Dict[str, str]:
    """Letter → the text of its option, for the options ``problem`` lists in order from ``A`` (at least two); an
    empty dict when it lists none."""
    text = _SPACING.sub(" ", _FONT_LABEL.sub(r"(\1)", problem))
    for pattern in (_PAREN_LABEL, _LINE_LABEL):
        labels = _consecutive([(m.group(1), m.start(), m.end()) for m in pattern.finditer(text)])
        if len(labels) >= 2:
            options = {}
            for k, (letter, _start, end) in enumerate(labels):
                stop = labels[k + 1][1] if k + 1 < len(labels) else _line_end(text, end)
                content = text[end:stop].strip(_CONTENT_TRIM)
                if content:
                    options[letter] = content
            if len(options) >= 2:
                return options
    return {}


def _consecutive(labels: List[Tuple[str, int, int]]) -> List[Tuple[str, int, int]]:
    """The last run of labels ``A, B, C, ...`` in order (a problem may mention "(A)" before listing its options)."""
    best: List[Tuple[str, int, int]] = []
    run: List[Tuple[str, int, int]] = []
    for label in labels:
        if label[0] == "A":
            run = [label]
        elif run and ord(label[0]) == ord(run[-1][0]) + 1:
            run.append(label)
        else:
            continue
        if len(run) >= 2:
            best = list(run)
    return best


def _line_end(text: str, pos: int) -> int:
    nl = text.find("\n", pos)
    return nl if nl >= 0 else len(text)
