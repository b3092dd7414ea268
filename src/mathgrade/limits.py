"""Bounds and time limits shared by every stage: sizes checked before any evaluation (input length, digits,
exponent size, nesting depth, matrix size), and the :class:`Deadline` of one call.

Work that can run away (sympy) goes through :func:`mathgrade.runtime.run_bounded`, which enforces a real time limit in
any thread (in a worker process that can be stopped).
"""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from typing import Iterator

from .errors import GradingTimeout

__all__ = [
    "Deadline",
    "not_charged",
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

_NOT_CHARGED = [0.0]
"""Seconds this process has spent, in any thread, on work no call's time limit pays for (see :func:`not_charged`)."""
_NOT_CHARGED_LOCK = threading.Lock()
_IN_BLOCK = threading.local()
"""How deep this thread is in :func:`not_charged` blocks (``depth``): only the outermost one counts."""


@contextmanager
def not_charged() -> Iterator[None]:
    """Time spent in the block is given back to every :class:`Deadline` running meanwhile: for loading a library
    (pint's unit registry, once per process) in the middle of a call, which is not that call's work. A block inside
    another (in the same thread) gives nothing more back: its time is the outer block's already."""
    depth = getattr(_IN_BLOCK, "depth", 0)
    _IN_BLOCK.depth = depth + 1
    started = time.monotonic()
    try:
        yield
    finally:
        _IN_BLOCK.depth = depth
        if not depth:
            with _NOT_CHARGED_LOCK:
                _NOT_CHARGED[0] += time.monotonic() - started


class Deadline:
    """A point in time after which work must stop. Cheap to check. One belongs to one call (one thread): only
    :func:`mathgrade.runtime.run_bounded` moves it, by the time spent waiting for a worker, which is not the call's
    own work; time spent in :func:`not_charged` blocks moves it too."""

    __slots__ = ("at", "_given")

    def __init__(self, seconds: float) -> None:
        self.at = time.monotonic() + seconds
        self._given = _NOT_CHARGED[0]

    def extend(self, seconds: float) -> None:
        """Move the deadline ``seconds`` later."""
        self.at += seconds

    @property
    def due(self) -> float:
        """The deadline on the ``time.monotonic()`` clock, time not charged included."""
        return self.at + (_NOT_CHARGED[0] - self._given)

    def remaining(self) -> float:
        return self.due - time.monotonic()

    def check(self) -> None:
        """Raise :class:`~mathgrade.errors.GradingTimeout` if the deadline has passed."""
        if time.monotonic() >= self.due:
            raise GradingTimeout("time limit reached")
