"""One row of a batch: where its output and gold are, and what a row of the wrong shape or type becomes.

A row is an ``(output, gold)`` pair, an ``(output, gold, problem)`` triple or a mapping. In a mapping the output is
under ``output_key`` (by default ``output``, else ``answer``, Math-Verify's name), the gold under ``gold_key``
(default ``gold``) and, when ``problem_key`` is given, the problem's text under it (see ``grade(problem=...)``).

Types follow :func:`mathgrade.grade` exactly: a row gets the verdict ``grade(output, gold)`` would give, and where
``grade`` raises ``TypeError`` (an output that is not a string, a gold that is not a string or a number, ``None``
for either) the row gets status ``bad_row`` with that message. Rows of the wrong shape (not a pair, or a mapping
without the fields) also get ``bad_row``: one bad row among millions never stops a batch. ``error`` stays for bugs.

Rows in a worker: :func:`submit_rows` hands a chunk of rows to a worker of the runtime's pool (:mod:`mathgrade.runtime`)
as one task; when the chunk runs out of time or its worker dies, the chunk is graded again one row per task, so that
the row at fault costs only itself (status ``timeout`` or ``error``).
"""

from __future__ import annotations

import concurrent.futures
import functools
import threading
import time
from concurrent.futures import Future
from typing import Any, Callable, List, Mapping, Optional, Sequence, Tuple

from .grader import grade_with
from .options import Options
from .runtime import PoolUnusable, WorkerPool
from .verdict import Status, Verdict

__all__ = ["BadRow", "pair_of", "grade_pair", "grade_one", "grade_rows", "submit_rows", "chunk_limit", "OUTPUT_KEYS",
           "ROW_MARGIN"]

Pair = Tuple[Any, ...]
"""A row: ``(output, gold)`` or ``(output, gold, problem)``."""
RowGrader = Callable[[Any, Any, Options], Verdict]
"""A replacement of the row grader (tests): module level, so that workers find it by name."""

OUTPUT_KEYS = ("output", "answer")
"""The keys looked for, in this order, when no ``output_key`` is given."""


class BadRow:
    """Stands for the output of a row whose shape is wrong; ``reason`` says what was wrong. Picklable."""

    __slots__ = ("reason",)

    def __init__(self, reason: str) -> None:
        self.reason = reason

    def __getstate__(self) -> str:
        return self.reason

    def __setstate__(self, state: str) -> None:
        self.reason = state

    def __repr__(self) -> str:
        return f"BadRow({self.reason!r})"


def pair_of(row: Any, output_key: Optional[str] = None, gold_key: str = "gold",
            problem_key: Optional[str] = None) -> Tuple[Any, ...]:
    """The ``(output, gold)`` of a row, or ``(output, gold, problem)``; for a row of the wrong shape,
    ``(BadRow(reason), None)``."""
    if type(row) is tuple and len(row) == 2:  # the common case, without the cost of an ABC check
        return row
    if isinstance(row, Mapping):
        if problem_key is not None:
            if problem_key not in row:
                return BadRow(_missing(row, repr(problem_key), "problem_key")), None
            return pair_of(row, output_key, gold_key) + (row[problem_key],)
        keys = OUTPUT_KEYS if output_key is None else (output_key,)
        for key in keys:
            if key in row:
                break
        else:
            return BadRow(_missing(row, " or ".join(map(repr, keys)), "output_key")), None
        if gold_key not in row:
            return BadRow(_missing(row, repr(gold_key), "gold_key")), None
        return row[key], row[gold_key]
    if isinstance(row, (tuple, list)) and len(row) in (2, 3):
        return tuple(row)
    if isinstance(row, (tuple, list)):
        return BadRow(f"the row is a {type(row).__name__} of {len(row)} items, not an (output, gold) pair or an "
                      "(output, gold, problem) triple"), None
    return BadRow(f"the row is a {type(row).__name__}, not an (output, gold) pair or a mapping"), None


def _missing(row: Mapping, wanted: str, option: str) -> str:
    found = ", ".join(repr(k) for k in list(row)[:12]) + (", ..." if len(row) > 12 else "")
    return f"the row has no key {wanted} (its keys: {found or 'none'}); name the field with {option}="


def grade_pair(output: Any, gold: Any, options: Options, problem: Any = None) -> Verdict:
    """The verdict of one row: :func:`mathgrade.grade`'s, or ``bad_row`` where grade() would raise ``TypeError``."""
    if isinstance(output, BadRow):
        return Verdict(False, Status.BAD_ROW, output.reason, "input.row", "")
    try:
        return grade_with(output, gold, options, problem=problem)
    except TypeError as exc:  # grade()'s documented type rule: a value of the wrong type, None included
        shown = str(gold) if isinstance(gold, (str, int, float)) and not isinstance(gold, bool) else ""
        return Verdict(False, Status.BAD_ROW, str(exc), "input.type", shown)


def grade_one(pair: Pair, options: Options, grader: Optional[RowGrader] = None) -> Verdict:
    """The verdict of one ``(output, gold[, problem])`` row (:func:`grade_pair`, or ``grader`` for tests)."""
    output, gold = pair[0], pair[1]
    try:
        if grader is None or isinstance(output, BadRow):
            return grade_pair(output, gold, options, pair[2] if len(pair) > 2 else None)
        return grader(output, gold, options)
    except Exception as exc:  # noqa: BLE001 - grade_pair does not raise; belt and braces: one row never stops others
        return _error(gold, "internal error", exc)


def grade_rows(pairs: Sequence[Pair], options: Options, grader: Optional[RowGrader] = None) -> Tuple[float, List[Verdict]]:
    """Grade rows here (a worker's task, or the caller's share of a batch); also say how many seconds they took."""
    start = time.perf_counter()
    verdicts = [grade_one(pair, options, grader) for pair in pairs]
    return time.perf_counter() - start, verdicts


# --- rows in a worker ---------------------------------------------------------------------------------------------

ROW_MARGIN = 1.0
"""Seconds past a row's time limit before its worker is killed. A row checks its own deadline between steps and
ends with status ``timeout`` by itself; the kill is for work that cannot stop (a long step inside sympy)."""


def chunk_limit(timeout: float) -> float:
    """Seconds a chunk of rows may run in a worker before it is stopped and graded again row by row: far above the
    time a chunk is sized to take (50 ms), so that only a row that hangs gets there."""
    return max(2 * timeout, timeout + 2 * ROW_MARGIN)


def submit_rows(pool: WorkerPool, pairs: Sequence[Pair], options: Options,
                grader: Optional[RowGrader] = None) -> "Future[Tuple[float, List[Verdict]]]":
    """Grade rows in a worker of ``pool``: a future of (seconds they took, one :class:`Verdict` per row in order).

    Never fails because of a row: a row that runs out of time gets status ``timeout``, a row whose worker dies
    ``error`` (the reason says so), a row of the wrong type ``bad_row``; the other rows get their normal verdicts.
    Fails only when the pool is closed or unusable (:class:`~mathgrade.runtime.PoolUnusable`), or cancelled.
    """
    return _RowsTask(pool, list(pairs), options, grader).future


class _RowsTask:
    """The grading of one chunk: one task for the chunk, and one per row if the chunk fails."""

    def __init__(self, pool: WorkerPool, pairs: List[Pair], options: Options, grader: Optional[RowGrader]) -> None:
        self.pool, self.pairs, self.options, self.grader = pool, pairs, options, grader
        self.future: "Future[Tuple[float, List[Verdict]]]" = Future()
        self.verdicts: List[Optional[Verdict]] = []
        self.left = 0
        self.left_lock = threading.Lock()
        job = pool.submit(grade_rows, pairs, options, grader, timeout=chunk_limit(options.timeout))
        job.add_done_callback(self._chunk_done)

    def _chunk_done(self, job: "Future[Tuple[float, List[Verdict]]]") -> None:
        exc = _exception(job)
        if exc is None:
            self._set(job.result())
        elif isinstance(exc, (PoolUnusable, concurrent.futures.CancelledError)):
            self._set(exception=exc)
        else:  # out of time, a dead worker, a row that cannot be sent...: row by row
            self._singles()

    def _singles(self) -> None:
        self.verdicts = [None] * len(self.pairs)
        self.left = len(self.pairs)
        limit = self.options.timeout + ROW_MARGIN
        for i, pair in enumerate(self.pairs):
            try:
                job = self.pool.submit(grade_rows, [pair], self.options, self.grader, timeout=limit)
            except Exception as exc:  # noqa: BLE001 - the pool was closed or is unusable meanwhile
                self._set(exception=exc)
                return
            job.add_done_callback(functools.partial(self._single_done, i))

    def _single_done(self, i: int, job: "Future[Tuple[float, List[Verdict]]]") -> None:
        exc = _exception(job)
        if isinstance(exc, (PoolUnusable, concurrent.futures.CancelledError)):
            self._set(exception=exc)
            return
        self.verdicts[i] = job.result()[1][0] if exc is None else _failed_row(self.pairs[i][1], exc, self.options)
        with self.left_lock:
            self.left -= 1
            last = self.left == 0
        if last:
            self._set((chunk_limit(self.options.timeout), [v for v in self.verdicts if v is not None]))

    def _set(self, result: Any = None, exception: Optional[BaseException] = None) -> None:
        try:
            if exception is None:
                self.future.set_result(result)
            else:
                self.future.set_exception(exception)
        except concurrent.futures.InvalidStateError:
            pass


def _exception(job: "Future[Any]") -> Optional[BaseException]:
    if job.cancelled():
        return concurrent.futures.CancelledError()
    return job.exception()


def _failed_row(gold: Any, exc: BaseException, options: Options) -> Verdict:
    """The verdict of a row whose own task failed."""
    from pebble import ProcessExpired

    if isinstance(exc, concurrent.futures.TimeoutError):
        return Verdict(False, Status.TIMEOUT, f"time limit of {options.timeout:g} s reached; the row was stopped",
                       "limit.timeout", _gold_str(gold))
    if isinstance(exc, ProcessExpired):
        code = getattr(exc, "exitcode", None)
        return Verdict(False, Status.ERROR, f"the worker process died while grading this row (exit code {code})",
                       "error.worker", _gold_str(gold), error=f"ProcessExpired: {exc} (exit code {code})")
    return _error(gold, "the row could not be graded in a worker", exc, rule="error.worker")


def _error(gold: Any, what: str, exc: BaseException, rule: str = "error") -> Verdict:
    text = str(exc) or type(exc).__name__
    return Verdict(False, Status.ERROR, f"{what}: {text}", rule, _gold_str(gold),
                   error=f"{type(exc).__name__}: {text}")


def _gold_str(gold: Any) -> str:
    return gold if isinstance(gold, str) else ("" if gold is None else str(gold))
