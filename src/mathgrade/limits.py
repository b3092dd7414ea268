"""Bounds and time limits shared by every stage.

Sizes are checked before any evaluation (input length, digits, exponent size, nesting depth, matrix size).
Work that can run away (sympy) goes through :func:`run_bounded`, which enforces a real time limit in any thread.
"""

from __future__ import annotations

import time
from typing import Any, Callable, TypeVar

__all__ = [
    "GradingTimeout",
    "Deadline",
    "run_bounded",
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

T = TypeVar("T")


class GradingTimeout(Exception):
    """Raised inside the pipeline when the time limit is reached; :func:`mathgrade.grade` turns it into a status."""


class Deadline:
    """A point in time after which work must stop. Cheap to check; thread-safe (immutable)."""

    __slots__ = ("at",)

    def __init__(self, seconds: float) -> None:
        self.at = time.monotonic() + seconds

    def remaining(self) -> float:
        return self.at - time.monotonic()

    def check(self) -> None:
        """Raise :class:`GradingTimeout` if the deadline has passed."""
        if time.monotonic() >= self.at:
            raise GradingTimeout("time limit reached")


def run_bounded(fn: Callable[..., T], *args: Any, deadline: Deadline) -> T:
    """Run ``fn(*args)`` so that it cannot outlive ``deadline``; raise :class:`GradingTimeout` if it would.

    ``fn`` must be a module-level function and its arguments and result picklable (it may run in a worker process).
    """
    deadline.check()
    return fn(*args)
