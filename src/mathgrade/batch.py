"""Batch grading: :func:`grade_many` grades a stream of rows on every core, in input order, in constant memory.

Rows go to a :class:`mathgrade.pool.WorkerPool` in chunks of about 50 ms of work (sized from the time per row the
workers report: up to 1024 fast rows, down to one slow row), with a bounded window of chunks in flight, so that
memory stays flat however long the input is. The pool is warmed up before the first row is sent, so no row's time
limit pays for starting a worker. A chunk that runs out of time or whose worker dies is graded again one row per
task by the pool: one row that hangs or crashes costs only itself (status ``timeout`` or ``error``).

What a row is, and what a row of the wrong shape or type becomes, is :mod:`mathgrade.rows`.
"""

from __future__ import annotations

import itertools
import sys
from collections import deque
from typing import TYPE_CHECKING, Any, Callable, Deque, Iterable, Iterator, List, Optional, Tuple

from .options import GradeOptions, Options, make_options
from .pool import PoolUnusable, WorkerPool, available_cores, grade_one
from .rows import BadRow, pair_of
from .verdict import Verdict

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["grade_many", "Row"]

Row = Any
"""A row: an ``(output, gold)`` pair, or a mapping with the output (``output`` or ``answer``) and the ``gold``."""
RowGrader = Callable[[Any, Any, Options], Verdict]

_CHUNK = 1024
"""Most rows per task sent to a worker (``chunk_size``). The driver spends about 0.25 ms per task (pebble's thread
hand-offs and messages): about 1 µs per row in chunks of 256 rows, a quarter of that in chunks of 1024, next to the
40 µs of a typical row."""
_CHUNK_SECONDS = 0.05
"""Chunks are sized to take about this long, from the time per row measured by the workers so far: slow rows go in
small chunks, which stay far below a chunk's time limit (a chunk that outlives it is graded again row by row)."""
_FIRST_CHUNK = 16
"""Rows per chunk until the first chunk's time is known."""
_CHUNK_CHARS = 1 << 19
"""A chunk also ends once its outputs hold this many characters, so that long outputs keep the memory in flight
bounded (at most ``4 × workers`` chunks)."""
_IN_PROCESS_BELOW = 64
"""Inputs of known length shorter than this are graded in-process (starting a pool costs more)."""


def grade_many(rows: Iterable[Row], *, workers: Optional[int] = None, progress: bool = False,
               total: Optional[int] = None, chunk_size: int = _CHUNK, output_key: Optional[str] = None,
               gold_key: str = "gold", problem_key: Optional[str] = None, _row_grader: Optional[RowGrader] = None,
               **options: Unpack[GradeOptions]) -> Iterator[Verdict]:
    """Grade many ``(output, gold)`` rows; yield one :class:`Verdict` per row, in input order, as they are ready.

    ``rows`` is any iterable (a list, a generator, a file being read): it is consumed lazily and memory stays flat.
    A row is an ``(output, gold)`` pair, an ``(output, gold, problem)`` triple or a mapping; in a mapping the output
    is under ``output_key`` (default: ``output``, else ``answer``), the gold under ``gold_key`` (default ``gold``)
    and, if ``problem_key`` is given, the problem's text under it (what ``grade(problem=...)`` takes: the options a
    multiple-choice problem lists).
    ``workers``: processes to use (default: every available core); 0 or 1 grades in this process.
    ``progress``: show a progress bar (tqdm, on stderr); ``total`` is its length when ``rows`` has no ``len()``.
    ``chunk_size``: the most rows sent to a worker at once (chunks are sized to about 50 ms of work each).
    Other keyword arguments are the options of :func:`mathgrade.grade` (``timeout``, ``policy``...); they are
    checked now (``ValueError`` for a bad one), before any row is read.

    Each row gets the verdict :func:`mathgrade.grade` gives it. A mistake that shows on the first row (a row that is
    not a pair or a mapping, a mapping without the output or gold key) raises ``ValueError`` naming the keys found,
    when the first verdict is asked for. Otherwise nothing raises for a row: a later row of the wrong shape, or
    whose values grade() would refuse with ``TypeError`` (an int or a list as the output, None), gets status
    ``bad_row`` with the reason; a row that runs out of time ``timeout``; a row that kills its worker ``error``.
    """
    opts = make_options(**options)
    if workers is None:
        workers = available_cores()
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 0:
        raise ValueError(f"workers must be a non-negative integer or None, not {workers!r}")
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
        raise ValueError(f"chunk_size must be a positive integer, not {chunk_size!r}")
    for name, key in (("output_key", output_key), ("gold_key", gold_key), ("problem_key", problem_key)):
        if key is not None and not isinstance(key, str):
            raise ValueError(f"{name} must be a string, not {key!r}")
    if total is None and hasattr(rows, "__len__"):
        total = len(rows)  # type: ignore[arg-type]
    pairs = _pairs(rows, output_key, gold_key, problem_key)
    if workers <= 1 or (total is not None and total < _IN_PROCESS_BELOW):
        verdicts = _in_process(pairs, opts, _row_grader)
    else:
        verdicts = _pooled(pairs, workers, chunk_size, opts, _row_grader, total)
    return _with_progress(verdicts, total) if progress else verdicts


def _pairs(rows: Iterable[Row], output_key: Optional[str], gold_key: str,
           problem_key: Optional[str]) -> Iterator[Tuple[Any, ...]]:
    """The rows as (output, gold[, problem]) tuples; raise for a first row of the wrong shape (see
    :func:`grade_many`)."""
    it = iter(rows)
    for first in it:
        pair = pair_of(first, output_key, gold_key, problem_key)
        if isinstance(pair[0], BadRow):
            raise ValueError(f"grade_many: the first row is not a row of (output, gold): {pair[0].reason}")
        yield pair
        break
    if output_key is None and gold_key == "gold" and problem_key is None:
        for row in it:
            yield row if type(row) is tuple and len(row) == 2 else pair_of(row)
    else:
        for row in it:
            yield pair_of(row, output_key, gold_key, problem_key)


class _Sizer:
    """Chooses the size of the next chunk: about ``_CHUNK_SECONDS`` of work at the time per row seen so far, between
    one row and ``limit``. Short chunks keep the end of a batch short too (the last chunks finish together)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = min(limit, _FIRST_CHUNK)
        self._per_row: Optional[float] = None

    def observe(self, seconds: float, rows: int) -> None:
        """A chunk of ``rows`` rows took ``seconds``."""
        per_row = seconds / max(1, rows)
        self._per_row = per_row if self._per_row is None else (self._per_row + per_row) / 2
        self.size = max(1, min(self.limit, int(_CHUNK_SECONDS / max(self._per_row, 1e-7))))


# --- in-process and pooled drivers ------------------------------------------------------------------------------


def _in_process(pairs: Iterable[Tuple[Any, ...]], options: Options,
                grader: Optional[RowGrader]) -> Iterator[Verdict]:
    for pair in pairs:
        yield grade_one(pair, options, grader)


def _pooled(pairs: Iterator[Tuple[Any, ...]], workers: int, chunk_size: int, options: Options,
            grader: Optional[RowGrader], total: Optional[int] = None) -> Iterator[Verdict]:
    """Grade on a worker pool, keeping at most a few chunks per worker in flight, yielding in input order.

    When the number of rows (``total``) is known, the last chunks shrink (each at most a quarter of the rows left
    per worker), so that the workers finish together instead of one waiting on the other's last large chunk."""
    first = list(itertools.islice(pairs, 1))  # a first row of the wrong shape raises here, before workers start
    pairs = itertools.chain(first, pairs)
    pool = WorkerPool(workers)
    try:
        pool.warm_up()
    except PoolUnusable as exc:
        pool.close()
        import warnings

        warnings.warn(f"mathgrade could not start worker processes ({exc}); grading in this process instead. "
                      "Workers are started with multiprocessing's 'spawn' here, which re-imports the main script: "
                      "run from a file, with the `if __name__ == '__main__':` guard.", RuntimeWarning, stacklevel=3)
        yield from _in_process(pairs, options, grader)
        return
    sizer = _Sizer(chunk_size)
    window: Deque[Tuple[int, Any]] = deque()  # (rows, future of (seconds, verdicts)) in input order
    in_flight = 4 * workers

    def next_size(done: int) -> int:
        if total is None:
            return sizer.size
        return min(sizer.size, max(_FIRST_CHUNK, -(-(total - done) // (4 * workers))))

    def head() -> List[Verdict]:
        rows, future = window.popleft()
        seconds, verdicts = future.result()
        sizer.observe(seconds, rows)
        return verdicts

    try:
        for chunk in _chunks(pairs, next_size):
            window.append((len(chunk), pool.grade_rows_timed(chunk, options, grader)))
            if len(window) >= in_flight:
                yield from head()
        while window:
            yield from head()
    finally:
        pool.close(wait=False)  # the caller has every verdict: the workers stop on a background thread


def _chunks(pairs: Iterable[Tuple[Any, ...]], size: Callable[[int], int]) -> Iterator[List[Tuple[Any, ...]]]:
    """The pairs, ``size(pairs chunked so far)`` at a time (asked at the start of each chunk), or fewer when their
    text passes ``_CHUNK_CHARS``."""
    chunk: List[Tuple[Any, ...]] = []
    chars = done = 0
    limit = size(0)
    for pair in pairs:
        chunk.append(pair)
        output = pair[0]
        if type(output) is str:
            chars += len(output)
        if len(chunk) >= limit or chars >= _CHUNK_CHARS:
            done += len(chunk)
            yield chunk
            chunk, chars = [], 0
            limit = size(done)
    if chunk:
        yield chunk


def _with_progress(verdicts: Iterator[Verdict], total: Optional[int]) -> Iterator[Verdict]:
    """Yield ``verdicts`` with a tqdm bar on stderr (rows/s, ETA when ``total`` is known).

    The first verdict is taken before the bar exists: the bar's monitor thread then starts after the worker pool,
    which can therefore fork its workers from a single-threaded process (see :func:`mathgrade.pool.WorkerPool`).
    """
    from tqdm import tqdm

    bar = None
    try:
        for v in verdicts:
            if bar is None:
                bar = tqdm(total=total, unit=" rows", file=sys.stderr, dynamic_ncols=True, smoothing=0.1,
                           mininterval=0.25)
            bar.update(1)
            yield v
    finally:
        if bar is not None:
            bar.close()
        close = getattr(verdicts, "close", None)
        if close is not None:
            close()
