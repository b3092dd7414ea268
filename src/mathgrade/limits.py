"""Bounds and time limits shared by every stage: sizes checked before any evaluation (input length, digits,
exponent size, nesting depth, matrix size), and the :class:`Deadline` of one call.

Work that can run away (sympy) goes through :func:`mathgrade.runtime.run_bounded`, which enforces a real time limit in
any thread (in a worker process that can be stopped).
"""

from __future__ import annotations

import time
from typing import Optional

__all__ = [
    "GradingTimeout",
    "Deadline",
    "MAX_INPUT_CHARS",
    "MAX_ANSWER_CHARS",
    "MAX_DIGITS",
    "MAX_EXPONENT",
    "MAX_DEPTH",
    "MAX_MATRIX_CELLS",
]

MAX_INPUT_CHARS = 2_000_000
"""Longest model output looked at (longer outputs are cut from the front: the answer is at the end)."""
MAX_ANSWER_CHARS = 4_000
"""Longest answer text the reader will parse."""
MAX_DIGITS = 5_000
"""Most digits in one numeral, and in any exact integer the reader builds."""
MAX_EXPONENT = 20_000
"""Largest integer exponent evaluated exactly (``2^{20000}`` is exact; ``9^{9^{9^9}}`` is never evaluated)."""
MAX_DEPTH = 100
"""Deepest nesting of brackets and operators the reader accepts."""
MAX_MATRIX_CELLS = 400
"""Most entries in a matrix."""

class GradingTimeout(Exception):
    """Raised inside the pipeline when the time limit is reached; :func:`mathgrade.grade` turns it into a status.
    ``step`` names the step that was stopped, where one was (the verdict's reason names it)."""

    step: Optional[str] = None


class Deadline:
    """A point in time after which work must stop. Cheap to check. One belongs to one call (one thread): only
    :func:`mathgrade.runtime.run_bounded` moves it, by the time spent waiting for a worker, which is not the call's
    own work."""

    __slots__ = ("at",)

    def __init__(self, seconds: float) -> None:
        self.at = time.monotonic() + seconds

    def extend(self, seconds: float) -> None:
        """Move the deadline ``seconds`` later."""
        self.at += seconds

    def remaining(self) -> float:
        return self.at - time.monotonic()

    def check(self) -> None:
        """Raise :class:`GradingTimeout` if the deadline has passed."""
        if time.monotonic() >= self.at:
            raise GradingTimeout("time limit reached")
