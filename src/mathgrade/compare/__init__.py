"""Stage 3, compare: decide whether two values are the same answer, and which rule decided."""

from __future__ import annotations

from dataclasses import dataclass

from ..limits import Deadline
from ..options import Options
from ..values import Value

__all__ = ["compare", "Decision"]


@dataclass(frozen=True)
class Decision:
    """The outcome of a comparison: ``equal``, the ``rule`` that decided (``number.exact``, ...) and a one-line
    ``reason``."""

    equal: bool
    rule: str
    reason: str


def compare(answer: Value, gold: Value, options: Options, deadline: Deadline) -> Decision:
    """Placeholder: structural equality (replaced by the real comparison rules)."""
    if answer == gold:
        return Decision(True, "structural", "the values are identical")
    return Decision(False, "structural", f"{answer} differs from {gold}")
