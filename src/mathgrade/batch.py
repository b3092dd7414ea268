"""Batch grading: :func:`grade_many` grades a stream of rows on every core, in input order, in constant memory.

Rows go to a pool of worker processes (pebble) in chunks of about 50 ms of work (sized from the time per row the
workers report: up to 1024 fast rows, down to one slow row), with a bounded window of chunks in flight, so that
memory stays flat however long the input is. Each chunk has a time limit; a chunk that runs out of time or whose
worker dies is graded again one row per task, so that one row that hangs or crashes costs only itself: it gets
status ``timeout`` or ``error`` and every other row its normal verdict.
"""

from __future__ import annotations

import functools
import os
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Deque, Iterable, Iterator, List, Mapping, Optional, Sequence, Tuple

from .grader import grade_with
from .options import GradeOptions, Options, make_options
from .verdict import Status, Verdict

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["grade_many", "Row"]

Row = Any
"""A row: an ``(output, gold)`` pair, or a mapping with ``output`` (or ``answer``) and ``gold``."""
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
_TIMEOUT_MARGIN = 1.0
"""Seconds past the per-row time limit before the pool kills a row's worker."""
_START_GRACE = 5.0
"""Seconds a chunk at the head of the window may wait for a worker before the driver decides the pool is stuck."""
_LOST_AFTER = 2.0
"""Seconds past a task's time limit after which the driver decides the pool lost the task."""


def grade_many(rows: Iterable[Row], *, workers: Optional[int] = None, progress: bool = False,
               total: Optional[int] = None, chunk_size: int = _CHUNK, _row_grader: Optional[RowGrader] = None,
               **options: Unpack[GradeOptions]) -> Iterator[Verdict]:
    """Grade many ``(output, gold)`` rows; yield one :class:`Verdict` per row, in input order, as they are ready.

    ``rows`` is any iterable (a list, a generator, a file being read): it is consumed lazily and memory stays flat.
    A row is an ``(output, gold)`` pair or a mapping with keys ``output`` (or ``answer``) and ``gold``.
    ``workers``: processes to use (default: every available core); 0 or 1 grades in this process.
    ``progress``: show a progress bar (tqdm, on stderr); ``total`` is its length when ``rows`` has no ``len()``.
    ``chunk_size``: the most rows sent to a worker at once (chunks are sized to about 50 ms of work each).
    Other keyword arguments are the options of :func:`mathgrade.grade` (``timeout``, ``policy``...); they are
    checked now (``ValueError`` for a bad one), before any row is read.

    Never raises for a row: a row that cannot be graded (missing gold, wrong type), runs out of time, or kills its
    worker gets a verdict with status ``invalid_gold``, ``error``, or ``timeout`` and the reason.
    """
    opts = make_options(**options)
    if workers is None:
        workers = _available_cores()
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 0:
        raise ValueError(f"workers must be a non-negative integer or None, not {workers!r}")
    if isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
        raise ValueError(f"chunk_size must be a positive integer, not {chunk_size!r}")
    if total is None and hasattr(rows, "__len__"):
        total = len(rows)  # type: ignore[arg-type]
    grader = _row_grader or _grade_row
    if workers <= 1 or (total is not None and total < _IN_PROCESS_BELOW):
        verdicts = _in_process(rows, opts, grader)
    else:
        verdicts = _pooled(rows, workers, chunk_size, opts, grader, total)
    return _with_progress(verdicts, total) if progress else verdicts


# --- one row -------------------------------------------------------------------------------------------------


def _grade_row(output: Any, gold: Any, options: Options) -> Verdict:
    """Grade one row, turning a missing or mistyped field into a verdict instead of an exception."""
    if gold is None or (isinstance(gold, str) and not gold.strip()):
        return Verdict(False, Status.INVALID_GOLD, "the gold answer is missing", "input.gold", "")
    if isinstance(gold, bool) or not isinstance(gold, (str, int, float)):
        return Verdict(False, Status.INVALID_GOLD, f"the gold answer is a {type(gold).__name__}, not text",
                       "input.gold", repr(gold)[:200])
    if output is None:
        return Verdict(False, Status.NO_ANSWER, "the output is missing", "input.output", str(gold))
    if isinstance(output, (int, float)) and not isinstance(output, bool):
        output = str(output)
    if not isinstance(output, str):
        return Verdict(False, Status.ERROR, f"the output is a {type(output).__name__}, not text", "input.output",
                       str(gold), error=f"TypeError: output is a {type(output).__name__}")
    try:
        return grade_with(output, gold, options)
    except Exception as exc:  # noqa: BLE001 - grade_with does not raise for str inputs; belt and braces
        return _error(gold, "internal error", exc)


def _pair(row: Row) -> Tuple[Any, Any]:
    """The (output, gold) of a row; a row of another shape becomes (_BAD_ROW, row) and is reported as such."""
    if type(row) is tuple and len(row) == 2:  # the common case, without the cost of an ABC check
        return row
    if isinstance(row, Mapping):
        output = row.get("output", row.get("answer"))
        return output, row.get("gold")
    if isinstance(row, (tuple, list)) and len(row) == 2:
        return row[0], row[1]
    return _BAD_ROW, row


class _BadRow:
    """Marker for an input row that is neither a pair nor a mapping."""


_BAD_ROW = _BadRow()


def _grade_pair(pair: Tuple[Any, Any], options: Options, grader: RowGrader) -> Verdict:
    output, gold = pair
    if isinstance(output, _BadRow):
        return Verdict(False, Status.ERROR, f"a row must be an (output, gold) pair or a mapping, not "
                       f"{type(gold).__name__}", "input.row", "", error="TypeError: bad row")
    try:
        return grader(output, gold, options)
    except Exception as exc:  # noqa: BLE001 - one row never stops the batch
        return _error(gold, "internal error", exc)


def _grade_chunk(pairs: Sequence[Tuple[Any, Any]], options: Options, grader: RowGrader) -> List[Verdict]:
    """Worker task: grade a chunk of rows."""
    return [_grade_pair(p, options, grader) for p in pairs]


def _grade_timed_chunk(pairs: Sequence[Tuple[Any, Any]], options: Options,
                       grader: RowGrader) -> Tuple[float, List[Verdict]]:
    """Worker task: grade a chunk of rows; also say how many seconds it took."""
    start = time.perf_counter()
    verdicts = [_grade_pair(p, options, grader) for p in pairs]
    return time.perf_counter() - start, verdicts


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


def _error(gold: Any, what: str, exc: BaseException) -> Verdict:
    text = str(exc) or type(exc).__name__
    return Verdict(False, Status.ERROR, f"{what}: {text}", "error", _gold_str(gold),
                   error=f"{type(exc).__name__}: {text}")


def _gold_str(gold: Any) -> str:
    return gold if isinstance(gold, str) else ("" if gold is None else str(gold))


# --- in-process and pooled drivers ------------------------------------------------------------------------------


def _in_process(rows: Iterable[Row], options: Options, grader: RowGrader) -> Iterator[Verdict]:
    for row in rows:
        yield _grade_pair(_pair(row), options, grader)


@dataclass(frozen=True)
class _Limits:
    """Time limits of the pooled driver, from the per-row ``timeout``."""

    chunk: float
    """The pool kills a chunk's worker after this long (then the chunk's rows are graded one per task)."""
    row: float
    """The pool kills a single row's worker after this long: the row's status is ``timeout``."""
    watch: float
    """The driver gives up waiting on a chunk after this long at the head of the window: the pool lost it."""

    @staticmethod
    def of(timeout: float) -> "_Limits":
        chunk = max(2 * timeout, timeout + 2 * _TIMEOUT_MARGIN)
        return _Limits(chunk=chunk, row=timeout + _TIMEOUT_MARGIN, watch=chunk + _LOST_AFTER)


def _pooled(rows: Iterable[Row], workers: int, chunk_size: int, options: Options, grader: RowGrader,
            total: Optional[int] = None) -> Iterator[Verdict]:
    """Grade on a process pool, keeping at most a few chunks per worker in flight, yielding in input order.

    When the number of rows (``total``) is known, the last chunks shrink (each at most a quarter of the rows left
    per worker), so that the workers finish together instead of one waiting on the other's last large chunk."""
    try:
        pool = _Pool(workers)
    except _PoolUnusable as exc:
        import warnings

        warnings.warn(f"mathgrade could not start worker processes ({exc}); grading in this process instead. "
                      "Workers are started with multiprocessing's 'spawn' here, which re-imports the main script: "
                      "run from a file, with the `if __name__ == '__main__':` guard.", RuntimeWarning, stacklevel=3)
        yield from _in_process(rows, options, grader)
        return
    limits = _Limits.of(options.timeout)
    sizer = _Sizer(chunk_size)
    window: Deque[List[Any]] = deque()  # [chunk, future] in input order
    in_flight = 4 * workers

    def next_size(done: int) -> int:
        if total is None:
            return sizer.size
        return min(sizer.size, max(_FIRST_CHUNK, -(-(total - done) // (4 * workers))))

    try:
        for chunk in _chunks(rows, next_size):
            window.append([chunk, pool.schedule(_grade_timed_chunk, (chunk, options, grader), limits.chunk)])
            if len(window) >= in_flight:
                yield from _next_verdicts(pool, window, options, grader, limits, sizer)
        while window:
            yield from _next_verdicts(pool, window, options, grader, limits, sizer)
    finally:
        pool.stop(wait=False)


def _next_verdicts(pool: "_Pool", window: Deque[List[Any]], options: Options, grader: RowGrader,
                   limits: _Limits, sizer: _Sizer) -> List[Verdict]:
    """The verdicts of the chunk at the head of the window.

    A chunk that timed out, whose worker died, or that could not be sent is graded again one row per task. A chunk
    the pool lost track of (its worker was killed from outside just as it took the chunk) is noticed by a watchdog:
    the pool is started again and every chunk in flight is sent again.
    """
    import concurrent.futures

    for attempt in range(3):
        chunk, future = window[0]
        try:
            seconds, verdicts = _head_result(future, limits)
        except concurrent.futures.TimeoutError:
            if future.done() or attempt == 2:
                break  # the pool's own time limit (or lost twice): row by row
            pool.restart()
            for entry in window:
                entry[1] = pool.schedule(_grade_timed_chunk, (entry[0], options, grader), limits.chunk)
            continue
        except Exception:  # noqa: BLE001 - dead worker, broken pool, unpicklable row...: row by row
            break
        window.popleft()
        sizer.observe(seconds, len(chunk))
        return verdicts
    chunk, _ = window.popleft()
    sizer.observe(limits.chunk, len(chunk))  # as slow as the time limit, as far as we know: smaller chunks
    singles = [pool.schedule(_grade_chunk, ([pair], options, grader), limits.row) for pair in chunk]
    # Singles queue behind the chunks still in flight: wait for those too before calling a single lost.
    patience = limits.row + _LOST_AFTER + len(window) * limits.chunk / max(1, pool.workers)
    return [_single_result(f, pair, options, patience) for f, pair in zip(singles, chunk)]


def _head_result(future: Any, limits: _Limits) -> Any:
    """The result of the chunk at the head of the window; ``TimeoutError`` with the future not done if it is lost.

    Every task ahead of the head is finished, so a worker takes it at once: if none has after ``_START_GRACE``
    seconds, the pool is stuck (a worker killed from outside while holding the task channel's lock).
    """
    import concurrent.futures

    give_up = time.monotonic() + _START_GRACE
    while not (future.running() or future.done()):
        if time.monotonic() > give_up:
            raise concurrent.futures.TimeoutError("the pool did not start the task")
        concurrent.futures.wait([future], timeout=0.05)
    return future.result(timeout=limits.watch)


class _PoolUnusable(Exception):
    """Worker processes cannot be started in this process."""


_PROBE_TIMEOUT = 30.0
"""Seconds a spawned pool has to run its first trivial task."""


class _Pool:
    """A pebble process pool that can be started again (pebble gives up when an idle worker dies)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool = self._start(probe=True)

    def _start(self, probe: bool = False) -> Any:
        """A new pool. With ``probe``, a spawned pool must first run a trivial task: workers that cannot start
        (``spawn`` re-imports the main script, which fails for a script read from stdin) raise
        :class:`_PoolUnusable` instead of being started again and again."""
        from pebble import ProcessPool

        from . import limits

        if sys.platform.startswith("linux") and threading.active_count() == 1:
            _warm_up()  # before the workers are forked, so that they start warm
        context = _mp_context()
        for attempt in (1, 2):
            pool = ProcessPool(max_workers=self.workers, context=context,
                               initializer=functools.partial(_init_worker, limits._mark_worker))
            if not probe or context.get_start_method() == "fork":
                return pool
            try:
                pool.schedule(os.getpid).result(timeout=_PROBE_TIMEOUT)
                return pool
            except Exception as exc:  # noqa: BLE001 - BrokenProcessPool, timeout...
                pool.stop()
                if attempt == 2:
                    raise _PoolUnusable(f"{type(exc).__name__}: {exc}") from None
        raise AssertionError("unreachable")  # pragma: no cover

    def schedule(self, fn: Callable[..., Any], args: Tuple[Any, ...], timeout: float) -> Any:
        try:
            return self._pool.schedule(fn, args=args, timeout=timeout)
        except RuntimeError:  # the pool is broken: its pending futures fail and are retried row by row
            self.restart()
            return self._pool.schedule(fn, args=args, timeout=timeout)

    def restart(self) -> None:
        self.stop()
        self._pool = self._start()

    def stop(self, wait: bool = True) -> None:
        """Stop the workers. With ``wait=False`` this happens on a background thread: pebble takes up to 0.1 s
        to notice (its manager thread sleeps), and the caller has every verdict already. The next pool waits for
        it (see :func:`_mp_context`), and so does the interpreter at exit (the thread is not a daemon)."""
        if wait:
            _stop_pool(self._pool)
            return
        thread = threading.Thread(target=_stop_pool, args=(self._pool,), name="mathgrade-pool-stop")
        with _stoppers_lock:
            _stoppers.append(thread)
        thread.start()


def _stop_pool(pool: Any) -> None:
    pool.stop()
    try:
        pool.join(timeout=10)
    except Exception:  # noqa: BLE001 - best effort: join kills the workers, or gives up after 10 s
        pass


_stoppers: List[threading.Thread] = []
"""Threads stopping finished pools in the background."""
_stoppers_lock = threading.Lock()


def _join_stoppers() -> None:
    """Wait until every pool stopped in the background has stopped (so that its threads are gone)."""
    with _stoppers_lock:
        pending = list(_stoppers)
        del _stoppers[:]
    for thread in pending:
        thread.join()


_warmed = False


def _warm_up() -> None:
    """Grade one plain row in this process, once: workers forked afterwards start with the grading code imported and
    its lazy tables built. Otherwise every worker, and every replacement of a worker killed on a time limit, spends
    about 90 ms of its own on that. Plain numbers only: nothing here starts a thread or a process."""
    global _warmed
    if _warmed:
        return
    _warmed = True
    try:
        grade_with("So the answer is $\\boxed{\\frac{1}{2}}$.", "0.5", make_options())
    except Exception:  # noqa: BLE001 - only a warm-up
        pass


def _init_worker(mark_worker: Callable[[], None]) -> None:
    """Start a worker: ``mark_worker`` (bounded work runs in-process, the pool kills it on timeout), then freeze
    the objects inherited from the parent, so that the worker's garbage collector never walks (nor, in a forked
    worker, copies the pages of) the caller's data."""
    import gc

    mark_worker()
    gc.freeze()


def _mp_context() -> Any:
    """How to start workers: ``fork`` when that is safe and cheap (Linux, no other Python thread running, so no
    lock can be held by a thread that the child would not have), else ``spawn``.

    Forked workers start in milliseconds with mathgrade already imported; spawned ones take a few hundred.
    """
    import multiprocessing

    _join_stoppers()
    if sys.platform.startswith("linux") and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    from . import _spawn

    return _spawn.context()


def _single_result(future: Any, pair: Tuple[Any, Any], options: Options, patience: float) -> Verdict:
    import concurrent.futures

    from pebble import ProcessExpired

    gold = pair[1]
    try:
        return future.result(timeout=patience)[0]
    except concurrent.futures.TimeoutError:
        if not future.done():
            future.cancel()
            return Verdict(False, Status.ERROR, "the row was lost by the worker pool", "error.worker",
                           _gold_str(gold), error="the worker pool lost the task")
        return Verdict(False, Status.TIMEOUT, f"time limit of {options.timeout:g} s reached; the row was stopped",
                       "limit.timeout", _gold_str(gold))
    except ProcessExpired as exc:
        code = getattr(exc, "exitcode", None)
        return Verdict(False, Status.ERROR, f"the worker process died while grading this row (exit code {code})",
                       "error.worker", _gold_str(gold), error=f"ProcessExpired: {exc} (exit code {code})")
    except Exception as exc:  # noqa: BLE001 - e.g. a row that cannot be sent to a worker
        return _error(gold, "the row could not be graded in a worker", exc)


def _chunks(rows: Iterable[Row], size: Callable[[int], int]) -> Iterator[List[Tuple[Any, Any]]]:
    """The rows as (output, gold) pairs, ``size(rows chunked so far)`` at a time (asked at the start of each chunk),
    or fewer when their text passes ``_CHUNK_CHARS``."""
    chunk: List[Tuple[Any, Any]] = []
    chars = done = 0
    limit = size(0)
    for row in rows:
        pair = _pair(row)
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
    which can therefore fork its workers from a single-threaded process (see :func:`_mp_context`).
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


def _available_cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))  # type: ignore[attr-defined]
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)
