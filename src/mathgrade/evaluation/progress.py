"""The progress display of an evaluation: a tqdm bar on stderr with samples done (answered or taken from the
cache) out of all, and requests in flight, failed and retried, requests/s and tokens/s of this run, the ETA, and the
running accuracy of the samples graded so far."""

from __future__ import annotations

import sys
import time
from typing import Any, Optional

__all__ = ["Progress"]

_EVERY = 0.25
"""Seconds between two redraws of the bar."""


class Progress:
    """Counters of a run, shown by :meth:`refresh` (call it a few times a second) when ``enabled``.

    The counters are plain integers, updated by the thread that owns each (the event loop: ``done``, ``in_flight``,
    ``failed``, ``retries``, ``requests``, ``tokens``; the scoring thread: ``graded``, ``correct``).
    """

    def __init__(self, total: int, enabled: bool) -> None:
        self.total = total
        self.done = 0
        self.in_flight = 0
        self.failed = 0
        self.retries = 0
        self.requests = 0
        self.tokens = 0
        self.graded = 0
        self.correct = 0
        self._started = self._shown = time.monotonic()
        self._bar: Any = None
        if enabled:
            from tqdm import tqdm

            self._bar = tqdm(total=total, unit=" samples", file=sys.stderr, dynamic_ncols=True, smoothing=0.05,
                             mininterval=0.25, bar_format="{l_bar}{bar}| {n_fmt}/{total_fmt} [{elapsed}<{remaining}"
                                                          "{postfix}]")

    def graded_now(self, graded: int, correct: int) -> None:
        """The scoring thread's running counts (a live run)."""
        self.graded = graded
        self.correct = correct

    def scored(self, graded: int, correct: int) -> None:
        """The running counts of a rescoring, where a sample is done once scored (shown a few times a second)."""
        self.graded = self.done = graded
        self.correct = correct
        now = time.monotonic()
        if now - self._shown >= _EVERY:
            self._shown = now
            self.refresh()

    def retried(self, reason: str) -> None:
        """A request is being sent again."""
        self.retries += 1

    def refresh(self) -> None:
        if self._bar is None:
            return
        self._bar.n = self.done
        self._bar.set_postfix_str(self.postfix(), refresh=False)
        self._bar.refresh()

    def postfix(self) -> str:
        seconds = max(time.monotonic() - self._started, 1e-9)
        accuracy = f"{self.correct / self.graded:.3f}" if self.graded else "-"
        return (f"in flight {self.in_flight}, failed {self.failed}, retries {self.retries}, "
                f"{self.requests / seconds:.1f} req/s, {self.tokens / seconds:.0f} tok/s, acc {accuracy}")

    def close(self) -> None:
        if self._bar is not None:
            self.refresh()
            self._bar.close()
            self._bar = None

    @property
    def accuracy(self) -> Optional[float]:
        return self.correct / self.graded if self.graded else None
