"""Stage 1, extract: find the final answer(s) in a model output, with spans and the rule that found each."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import List, Tuple

__all__ = ["extract", "Candidate"]


@dataclass(frozen=True)
class Candidate:
    """A possible final answer: ``output[start:end] == text`` (after trimming), found by ``rule``.

    ``priority`` orders candidates (lower is better). ``alternatives`` is non-empty when this region commits to
    several answers (e.g. ``\\boxed{2} or \\boxed{3}``): the texts of each, for the grader to compare among
    themselves. ``choice`` is True when the text is a multiple-choice letter found by a choice rule.
    """

    text: str
    start: int
    end: int
    rule: str
    priority: int
    alternatives: Tuple[str, ...] = ()
    choice: bool = False


_NUMBER = re.compile(r"-?\d[\d,]*(?:\.\d+)?")


def extract(output: str, *, policy: str = "eval", choices: bool = False) -> List[Candidate]:
    """Placeholder: last number (replaced by the real extractor)."""
    found = list(_NUMBER.finditer(output))
    if not found:
        return []
    m = found[-1]
    return [Candidate(m.group(), m.start(), m.end(), "last_number", 90)]
