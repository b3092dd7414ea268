"""Batch grading: :func:`grade_many` grades a stream of rows, in input order, in constant memory.

Where the rows are graded: in the calling process, by default. The worker processes of the process-wide pool
(:mod:`mathgrade.runtime`, started once and kept warm) are used only where they pay: once the work of the input,
measured as it is graded (the CPU seconds per row so far, plus the seconds its symbolic work took in a worker; times
the rows left; when the length is unknown, the rows read so far stand for those to come), exceeds what using them
costs: starting them (:data:`_COLD_PAYS`) when none is ready, handing rows over (:data:`_WARM_PAYS`) when they are
warm. CPU time, not wall time: on a machine busy with other work, rows are not more work; and no worker is started
while other work keeps every core busy (:func:`_cores_taken`): it would only compete for the same cores. Then workers take chunks of about 50 ms of work each (sized from the time per row
measured so far: up to 1024 fast rows, down to one slow row), at most :data:`_PER_WORKER` chunks per ready worker in
flight, and the caller grades the next chunk itself whenever the next verdict in order is not ready (it never waits
idle while it could work; a caller whose rows wait for bounded symbolic work longer than they work leaves them to
the workers, which do that work themselves), unless the ready workers take every available core and rows are slow
(:data:`_FEED_ONLY`): then it only feeds them. The window of chunks is bounded, so memory stays flat however long the
input is. A chunk that runs out of time or whose worker dies is graded again one row per task
(:func:`mathgrade.rows.submit_rows`): one row that hangs or crashes costs only itself (status ``timeout`` or
``error``).

Verdicts do not depend on where a row is graded: a worker runs a row's symbolic work itself, the caller hands it to
a worker (:func:`mathgrade.runtime.run_bounded`); both run the same steps within the same budget.

What a row is, and what a row of the wrong shape or type becomes, is :mod:`mathgrade.rows`.
"""

from __future__ import annotations

import concurrent.futures
import os
import sys
import time
from collections import deque
from typing import TYPE_CHECKING, Any, Deque, Iterable, Iterator, List, Optional, Tuple

from .options import GradeOptions, Options, make_options
from .rows import BadRow, Pair, RowGrader, grade_one, grade_rows, pair_of, submit_rows
from .runtime import (PoolUnusable, WorkerPool, available_cores, batch_workers, current_pool, give_up, shared_pool,
                      waited)
from .verdict import Verdict

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["grade_many", "Row"]

Row = Any
"""A row: an ``(output, gold)`` pair, or a mapping with the output (``output`` or ``answer``) and the ``gold``."""

_CHUNK = 1024
"""Most rows per task sent to a worker (``chunk_size``). The driver spends about 0.25 ms per task (pebble's thread
hand-offs and messages): about 1 µs per row in chunks of 256 rows, a quarter of that in chunks of 1024, next to the
40 µs of a typical row."""
_CHUNK_SECONDS = 0.05
"""Chunks sent to workers are sized to take about this long, from the time per row measured so far: slow rows go in
small chunks, which stay far below a chunk's time limit (a chunk that outlives it is graded again row by row)."""
_LOCAL_SECONDS = 0.02
"""The caller's own chunks are sized to take about this long, so that it comes back often to feed the workers."""
_FIRST_CHUNK = 16
"""Rows per chunk until the time per row is known (the caller grades the first chunk: that measures it)."""
_CHUNK_CHARS = 1 << 19
"""A chunk also ends once its outputs hold this many characters, so that long outputs keep the memory in flight
bounded."""
_PER_WORKER = 2
"""Chunks in a worker's hands at once, per ready worker: one it grades, one waiting for it. Chunks done but not yet
yielded (behind a slower one in input order) do not count: the workers go on."""
_WINDOW_PER_WORKER = 8
"""Chunks per worker in the window at most (in a worker's hands, or done and waiting for their turn in input order):
how far the workers may run ahead of a slow chunk (one symbolic row can take a second, where a chunk takes 50 ms).
Each chunk holds at most :data:`_CHUNK_CHARS` characters of outputs, so the memory held stays bounded."""
_COLD_PAYS = 6.0
"""Seconds of work left (measured rate × rows left) above which starting the workers pays. Spawned, a worker's start
costs about 1.2 s of CPU (sympy, pint and the stages loaded and warmed), 2 s of wall time on a busy 2-core machine,
while the caller keeps grading; forked, the caller loads sympy and pint once (about 0.8 s, grading nothing
meanwhile) and every worker inherits them. Either way a worker's caches start empty. Measured (bench/bench_speed.py,
idle 2-core machine): 20,000 short rows, about 2.4 s of work, took 1.3× longer with the workers started at the old
threshold of 2 s than in the calling process alone; 8,000 long rows, about 11 s of work, took 0.8× as long."""
_FEED_ONLY = 0.0005
"""Seconds per row (measured) from which the caller only feeds workers that take every core, instead of grading
too. Slow rows are worth handing over whole: grading them here too takes turns with the workers on the same cores,
with caches of its own to fill (bench/bench_speed.py's 8,000 long rows, about 1 ms each, on the idle 2-core
machine, paired runs: 1.20-1.36× the rows per second of in-process with the caller feeding only, 1.09-1.21× with it
grading too). Fast rows are not: handing one over costs the caller 10-12 µs of the 40-50 µs of grading it (measured
for issue 23), which it saves on those it grades (20,000 short rows, 50 µs each, took 0.82× of in-process in a run
where the caller only fed warm workers; it grades them)."""
_WARM_PAYS = 0.1
"""Seconds of work left above which warm workers are used (handing a chunk over and back costs about 0.3 ms)."""


def grade_many(rows: Iterable[Row], *, workers: Optional[int] = None, progress: bool = False,
               total: Optional[int] = None, chunk_size: int = _CHUNK, output_key: Optional[str] = None,
               gold_key: str = "gold", problem_key: Optional[str] = None, _row_grader: Optional[RowGrader] = None,
               _pool_only: bool = False, **options: Unpack[GradeOptions]) -> Iterator[Verdict]:
    """Grade many ``(output, gold)`` rows; yield one :class:`Verdict` per row, in input order, as they are ready.

    ``rows`` is any iterable (a list, a generator, a file being read): it is consumed lazily and memory stays flat.
    A row is an ``(output, gold)`` pair, an ``(output, gold, problem)`` triple or a mapping; in a mapping the output
    is under ``output_key`` (default: ``output``, else ``answer``), the gold under ``gold_key`` (default ``gold``)
    and, if ``problem_key`` is given, the problem's text under it (what ``grade(problem=...)`` takes: the options a
    multiple-choice problem lists).
    ``workers``: the most worker processes to use besides this one (default: every available core); 0 or 1 grades
    in this process only. Rows are graded in this process until the measured work left is worth the workers (see
    the module docstring): small inputs never start them. The workers are the process-wide pool's: started once,
    kept warm for the next call, stopped at exit.
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
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 0):
        raise ValueError(f"workers must be a non-negative integer or None, not {workers!r}")
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
        raise ValueError(f"chunk_size must be a positive integer, not {chunk_size!r}")
    for name, key in (("output_key", output_key), ("gold_key", gold_key), ("problem_key", problem_key)):
        if key is not None and not isinstance(key, str):
            raise ValueError(f"{name} must be a string, not {key!r}")
    if total is None and hasattr(rows, "__len__"):
        total = len(rows)  # type: ignore[arg-type]
    pairs = _pairs(rows, output_key, gold_key, problem_key)
    if workers is not None and workers <= 1:
        verdicts = _in_process(pairs, opts, _row_grader)
    else:
        verdicts = _Driver(pairs, batch_workers(workers), chunk_size, opts, _row_grader, total, _pool_only).run()
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
        self.per_row: Optional[float] = None
        """Seconds per row, measured (a running average over chunks); None until a chunk was graded."""

    def observe(self, seconds: float, rows: int) -> None:
        """A chunk of ``rows`` rows took ``seconds``."""
        per_row = seconds / max(1, rows)
        self.per_row = per_row if self.per_row is None else (self.per_row + per_row) / 2
        self.size = max(1, min(self.limit, int(_CHUNK_SECONDS / max(self.per_row, 1e-7))))


def _cores_taken() -> bool:
    """Whether other work already keeps every core busy (the load average over the last minute, less this process,
    is at least the cores available): then new workers would only compete with it for the same cores, and their
    start (about 1.2 s of CPU each) would be lost time."""
    try:
        load = os.getloadavg()[0]
    except OSError:  # pragma: no cover - not available here
        return False
    return load - 1 >= available_cores()


# --- drivers ---------------------------------------------------------------------------------------------------


def _in_process(pairs: Iterable[Pair], options: Options, grader: Optional[RowGrader]) -> Iterator[Verdict]:
    for pair in pairs:
        yield grade_one(pair, options, grader)


class _Chunk:
    """Rows taken together from the input, in order: graded here (``verdicts`` set at once) or in a worker
    (``future``)."""

    __slots__ = ("pairs", "future", "verdicts")

    def __init__(self, pairs: List[Pair], future: "Optional[concurrent.futures.Future[Any]]" = None,
                 verdicts: Optional[List[Verdict]] = None) -> None:
        self.pairs, self.future, self.verdicts = pairs, future, verdicts

    def ready(self) -> bool:
        return self.verdicts is not None or (self.future is not None and self.future.done())


class _Driver:
    """One :func:`grade_many` call with workers allowed (see the module docstring)."""

    def __init__(self, pairs: Iterator[Pair], workers: int, chunk_size: int, options: Options,
                 grader: Optional[RowGrader], total: Optional[int], pool_only: bool) -> None:
        self.input, self.workers, self.options, self.grader = pairs, workers, options, grader
        self.total, self.pool_only = total, pool_only
        self.sizer = _Sizer(chunk_size)
        self.limit = chunk_size
        self.window: Deque[_Chunk] = deque()
        self.most = _WINDOW_PER_WORKER * workers + 4
        """Chunks in the window at most (in a worker, and graded but not yet yielded): a slow chunk at its head holds
        back the ones done after it, and the workers go on with new ones until the window is full."""
        self.taken = 0
        self.exhausted = False
        self.pool: Optional[WorkerPool] = None
        self.cores = available_cores()
        self.no_pool = False
        self.here_rows = 0
        self.here_cpu = self.here_wait = 0.0
        """Rows graded here, the CPU seconds they took here, and the seconds they waited for bounded work."""

    def run(self) -> Iterator[Verdict]:
        from .grader import warm

        warm()  # (loading the stages is not the rows' cost: the first chunk measures it)
        window = self.window
        try:
            while True:
                while window and window[0].ready():
                    yield from self._finish(window.popleft())
                if self.exhausted and not window:
                    return
                if self.pool is None and not self.no_pool and not self.exhausted:
                    self._maybe_use_workers()
                if self.pool is not None:
                    self._feed()
                if window and window[0].ready():
                    continue
                if self._here_too() and not self.exhausted and len(window) < self.most:
                    chunk = self._take(self._here_size())
                    if chunk:
                        window.append(self._grade_here(chunk))
                    continue
                if window:
                    self._wait()
                elif self.pool is not None and not self.exhausted:
                    self._wait_for_workers()
        finally:
            for left in window:
                if left.future is not None:
                    left.future.cancel()

    # --- the rows -------------------------------------------------------------------------------------------------

    def _take(self, size: int) -> List[Pair]:
        """Up to ``size`` more rows (fewer once their outputs hold :data:`_CHUNK_CHARS` characters)."""
        chunk: List[Pair] = []
        chars = 0
        try:
            while len(chunk) < size and chars < _CHUNK_CHARS:
                pair = next(self.input)
                chunk.append(pair)
                if type(pair[0]) is str:
                    chars += len(pair[0])
        except StopIteration:
            self.exhausted = True
        self.taken += len(chunk)
        return chunk

    def _grade_here(self, pairs: List[Pair]) -> _Chunk:
        cpu, wait = time.thread_time(), waited()
        seconds, verdicts = grade_rows(pairs, self.options, self.grader)
        self.here_cpu += time.thread_time() - cpu
        self.here_wait += waited() - wait
        self.here_rows += len(pairs)
        self.sizer.observe(seconds, len(pairs))
        return _Chunk(pairs, verdicts=verdicts)

    def _finish(self, chunk: _Chunk) -> List[Verdict]:
        if chunk.verdicts is not None:
            return chunk.verdicts
        assert chunk.future is not None
        try:
            seconds, verdicts = chunk.future.result()
        except (PoolUnusable, concurrent.futures.CancelledError) as exc:  # the pool went away: grade here now
            self._no_workers(exc)
            seconds, verdicts = grade_rows(chunk.pairs, self.options, self.grader)
        self.sizer.observe(seconds, len(chunk.pairs))
        return verdicts

    # --- the workers ----------------------------------------------------------------------------------------------

    def _maybe_use_workers(self) -> None:
        """Start using the process-wide pool when the work left pays for it (measured, see the module docstring)."""
        if not self.pool_only:
            if not self.here_rows:
                return  # nothing measured yet: the caller grades the first chunk
            per_row = (self.here_cpu + self.here_wait) / self.here_rows
            left = self.taken if self.total is None else self.total - self.taken
            current = current_pool()
            warm = current is not None and current.ready() > 0
            if per_row * left <= (_WARM_PAYS if warm else _COLD_PAYS):
                return
            if not warm and _cores_taken():
                return
        self.pool = shared_pool(self.workers)
        if self.pool is None:
            self.no_pool = True

    def _feed(self) -> None:
        """Send chunks to the ready workers, up to :data:`_PER_WORKER` each."""
        assert self.pool is not None
        room = _PER_WORKER * self.pool.ready() - sum(1 for c in self.window if c.future is not None
                                                     and not c.future.done())
        while room > 0 and not self.exhausted and len(self.window) < self.most:
            chunk = self._take(self._worker_size())
            if not chunk:
                break
            try:
                future = submit_rows(self.pool, chunk, self.options, self.grader)
            except (PoolUnusable, RuntimeError) as exc:  # (RuntimeError: the pool was closed)
                self._no_workers(exc)
                self.window.append(self._grade_here(chunk))
                return
            self.window.append(_Chunk(chunk, future=future))
            room -= 1

    def _here_too(self) -> bool:
        """Whether the caller grades a chunk now: always without workers; with them, unless it is only a driver
        (tests), the ready workers take every available core and rows are slow (:data:`_FEED_ONLY`), or its rows wait
        for bounded work in the workers longer than they work here."""
        if self.pool is None:
            return True
        if self.pool_only:
            return False
        if self.pool.ready() >= self.cores and (self.sizer.per_row or 0.0) >= _FEED_ONLY:
            return False  # (see _FEED_ONLY)
        return self.here_wait <= self.here_cpu

    def _here_size(self) -> int:
        per_row = self.sizer.per_row
        if per_row is None:
            return min(self.limit, _FIRST_CHUNK)
        return max(1, min(self.limit, int(_LOCAL_SECONDS / max(per_row, 1e-7))))

    def _worker_size(self) -> int:
        """The sizer's size; when the number of rows is known, the last chunks shrink (each at most a quarter of
        the rows left per worker), so that the workers finish together instead of one waiting on the other's last
        large chunk."""
        size = self.sizer.size
        if self.total is None:
            return size
        return min(size, max(_FIRST_CHUNK, -(-(self.total - self.taken) // (4 * self.workers))))

    def _wait(self) -> None:
        """Wait until the next chunk in order, or any chunk in a worker, is done (notified; while workers are still
        starting, at most 50 ms, to feed the ones that become ready)."""
        futures = [c.future for c in self.window if c.future is not None and not c.future.done()]
        if not futures:  # (the head is done, or graded here: nothing to wait for)
            return
        starting = self.pool is not None and self.pool.ready() < self.workers
        concurrent.futures.wait(futures, timeout=0.05 if starting else None,
                                return_when=concurrent.futures.FIRST_COMPLETED)

    def _wait_for_workers(self) -> None:
        """Nothing in flight and the caller does not grade (tests' ``_pool_only``): wait for a worker to be ready."""
        assert self.pool is not None
        try:
            self.pool.warm_up()
        except (PoolUnusable, RuntimeError) as exc:  # (RuntimeError: the pool was closed)
            self._no_workers(exc)

    def _no_workers(self, exc: BaseException) -> None:
        """The workers went away (closed) or cannot start here: the rest is graded in this process."""
        self.pool, self.no_pool = None, True
        if isinstance(exc, PoolUnusable):
            give_up(exc)


def _with_progress(verdicts: Iterator[Verdict], total: Optional[int]) -> Iterator[Verdict]:
    """Yield ``verdicts`` with a tqdm bar on stderr (rows/s, ETA when ``total`` is known).

    The first verdict is taken before the bar exists, so that a run that fails on its first row shows no bar.
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
