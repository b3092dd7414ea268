"""The progress display of an evaluation, on stderr: a tqdm bar on a terminal, or a line every few seconds in a log
(``log_every``), showing the same numbers: samples done (answered or taken from the cache) out of all, the time
spent and left, requests in flight, failed and retried, requests/s and tokens/s of this run, and the running
accuracy of the samples graded so far."""

from __future__ import annotations

import sys
import time
from typing import IO, Any, Optional

__all__ = ["Progress", "LOG_EVERY"]

_EVERY = 0.25
"""Seconds between two redraws of the bar."""
LOG_EVERY = 10.0
"""Seconds between two progress lines when stderr is not a terminal (``--progress-interval``)."""


class Progress:
    """Counters of a run, shown by :meth:`refresh` (call it a few times a second): as a bar when ``enabled``, else
    as a line every ``log_every`` seconds (and one at the end) when that is given, else not at all. ``label`` names
    the run in each line (a benchmark, a seed).

    The counters are plain integers, updated by the thread that owns each (the event loop: ``done``, ``in_flight``,
    ``failed``, ``retries``, ``requests``, ``tokens``; the scoring thread: ``graded``, ``correct``).
    """

    def __init__(self, total: int, enabled: bool, *, log_every: Optional[float] = None, label: str = "",
                 stream: Optional[IO[str]] = None) -> None:
        self.total = total
        self.done = 0
        self.in_flight = 0
        self.failed = 0
        self.retries = 0
        self.requests = 0
        self.tokens = 0
        self.graded = 0
        self.correct = 0
        self.label = label
        self._stream = stream
        self._log_every = None if enabled else log_every
        self._started = self._shown = self._logged = time.monotonic()
        self._logged_counts: Any = None
        self._bar: Any = None
        if enabled:
            from tqdm import tqdm

            self._bar = tqdm(total=total, unit=" samples", file=self._out(), dynamic_ncols=True, mininterval=0.25,
                             desc=label or None, bar_format="{l_bar}{bar}| {n_fmt}/{total_fmt}{postfix}")  # (", " + postfix)

    def _out(self) -> IO[str]:
        return self._stream if self._stream is not None else sys.stderr

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
        if self._bar is not None:
            self._bar.n = self.done
            self._bar.set_postfix_str(self.postfix(), refresh=False)
            self._bar.refresh()
        elif self._log_every is not None:
            now = time.monotonic()
            if now - self._logged >= self._log_every:
                self._logged = now
                self._line()

    def _line(self) -> None:
        self._logged_counts = self._counts()
        share = f" ({100 * self.done / self.total:.1f}%)" if self.total else ""
        where = f"{self.label}: " if self.label else ""
        print(f"mathgrade eval: {where}{self.done}/{self.total} samples{share}, {self.postfix()}", file=self._out(),
              flush=True)

    def _counts(self) -> Any:
        return (self.done, self.graded, self.correct, self.failed, self.retries, self.requests)

    def postfix(self) -> str:
        """The numbers after the count, in the bar and in each line: elapsed time, time left, requests, rates and
        the accuracy so far."""
        seconds = max(time.monotonic() - self._started, 1e-9)
        accuracy = f"{self.correct / self.graded:.3f}" if self.graded else "-"
        left = self.total - self.done
        eta = _clock(left * seconds / self.done) if self.done and left > 0 else ("00:00" if left <= 0 else "?")
        return (f"elapsed {_clock(seconds)}, ETA {eta}, in flight {self.in_flight}, failed {self.failed}, "
                f"retries {self.retries}, {self.requests / seconds:.1f} req/s, {self.tokens / seconds:.0f} tok/s, "
                f"acc {accuracy}")

    def close(self) -> None:
        """Show the last numbers (the bar's last state, or a last line) and stop."""
        if self._bar is not None:
            self.refresh()
            self._bar.close()
            self._bar = None
        elif self._log_every is not None:
            if self._logged_counts != self._counts():  # (not the line just written again)
                self._line()
            self._log_every = None

    @property
    def accuracy(self) -> Optional[float]:
        return self.correct / self.graded if self.graded else None


def _clock(seconds: float) -> str:
    """``MM:SS``, or ``H:MM:SS`` from an hour."""
    s = int(round(seconds))
    hours, rest = divmod(s, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60:02d}:{rest % 60:02d}"
