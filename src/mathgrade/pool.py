"""The one pool of worker processes: batch grading (:func:`mathgrade.grade_many`) and bounded symbolic work
(:func:`mathgrade.limits.run_bounded`) both run on :class:`WorkerPool`.

Built on pebble's ``ProcessPool``, which already does the hard part: a task's ``timeout`` counts from the moment a
worker takes the task, pebble kills the worker when it runs out, and a worker that dies is reported
(``ProcessExpired``) and replaced. This module adds only what pebble lacks:

- **Warm workers.** Every worker imports the grading code and sympy and grades a plain and a symbolic row before it
  takes any task, then says it is ready. Starting the workers (1-2 s, 3-5 s with the cores saturated: see
  ``bench/bench_load.py``) is
  therefore never part of a task's time, and :meth:`WorkerPool.warm_up` waits until every worker is ready.
- **Rows.** :meth:`WorkerPool.grade_rows` grades a chunk of rows in one task; when the chunk runs out of time or its
  worker dies, the chunk is graded again one row per task, so that the row at fault costs only itself.
- **A new generation of workers** when pebble gives up. pebble stops the whole pool when an idle worker dies (e.g.
  killed from outside), and then never answers the tasks it had not yet handed to a worker: measured with pebble
  alone, killing both workers while thousands of small tasks flowed left most queued futures pending for ever, in
  each of 18 trials (``test_pool_recovers_when_workers_are_killed_at_random`` is the same fault here). The
  unfinished tasks go to the new generation (at most :data:`_ATTEMPTS` times each), so nothing is lost.
- **Stuck pools.** A worker that dies while it holds the lock of pebble's task channel leaves a pool where no worker
  can take a task (rare: not seen in those trials; ``test_stuck_pool_is_replaced_once`` makes the fault). The pool
  is called stuck only when a task has waited :data:`_STUCK_AFTER` seconds while a worker that is alive, ready and
  idle could have taken it: a pool whose workers are still starting is never stuck, however slow the machine, so
  pools are never replaced in a loop.

The manager thread of each pool (one thread, waking every :data:`_TICK` seconds while tasks are in flight) is the
only watchdog; it exists for these two faults.

A task's time limit therefore measures the task's own work. Waiting for a worker to start or to be replaced, or
behind other tasks, is not counted.
"""

from __future__ import annotations

import atexit
import concurrent.futures
import functools
import os
import struct
import sys
import threading
import time
import weakref
from concurrent.futures import Future
from typing import Any, Callable, Dict, List, Optional, Sequence, Set, Tuple, TypeVar

from ._stops import STEP
from .options import Options
from .rows import BadRow, grade_pair
from .verdict import Status, Verdict

__all__ = ["WorkerPool", "PoolUnusable", "available_cores"]

T = TypeVar("T")
Pair = Tuple[Any, ...]
"""A row: ``(output, gold)`` or ``(output, gold, problem)``."""
RowGrader = Callable[[Any, Any, Options], Verdict]

WORKER_MEMORY_BYTES = 4 * 1024**3
"""Address-space cap of a worker (Linux): runaway symbolic work fails instead of swapping."""
ROW_MARGIN = 1.0
"""Seconds past a row's time limit before its worker is killed. A row checks its own deadline between steps and
ends with status ``timeout`` by itself; the kill is for work that cannot stop (a long step inside sympy)."""

_READY_TIMEOUT = 300.0
"""Seconds :meth:`WorkerPool.warm_up` waits for workers that are starting (they are alive and not failing)."""
_STUCK_AFTER = 10.0
"""Seconds a task may wait while a ready, idle worker could take it before the pool is called stuck."""
_LOST_AFTER = 5.0
"""Seconds past a started task's time limit after which, with no answer from pebble, the task is called lost."""
_TICK = 0.25
"""How often the manager thread looks at the pool while tasks are in flight."""
_ATTEMPTS = 3
"""Most generations of workers one task is sent to (a task that never started is sent again, not failed)."""
_FAILED_STARTS = 2
"""Generations whose every worker failed to start, with no worker ever ready, after which the pool is unusable."""


class PoolUnusable(RuntimeError):
    """Worker processes cannot be started here (e.g. where starting processes is forbidden); work must run in the
    caller's process instead."""


def available_cores() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))  # type: ignore[attr-defined]
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


class WorkerPool:
    """A pool of warm worker processes that grades rows, and runs functions under a time limit that they cannot
    outlive.

    ``workers``: processes (default: every available core). ``start_method``: ``"fork"`` (start in milliseconds;
    safe only while the process has a single thread), ``"spawn"``, or None: ``fork`` on Linux when this is the only
    thread when the first workers start, else ``spawn`` (whose workers never re-run the caller's main script, see
    :mod:`mathgrade._spawn`). Workers start on first use or with :meth:`warm_up`. Thread-safe; a context manager.
    """

    def __init__(self, workers: Optional[int] = None, *, start_method: Optional[str] = None,
                 memory_bytes: int = WORKER_MEMORY_BYTES) -> None:
        if workers is None:
            workers = available_cores()
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise ValueError(f"workers must be a positive integer or None, not {workers!r}")
        if start_method not in (None, "fork", "spawn"):
            raise ValueError(f"start_method must be 'fork', 'spawn' or None, not {start_method!r}")
        self.workers = workers
        self._start_method = start_method
        self._memory_bytes = memory_bytes
        self._lock = threading.RLock()
        self._gen: Optional[_Generation] = None
        self._jobs: Set[_Job] = set()
        self._requeued: List[_Job] = []
        self._closed = False
        self._ever_ready = False
        self._failed_starts = 0
        self._generations = 0
        self._unusable: Optional[str] = None
        self._wake = threading.Event()
        self._manager: Optional[threading.Thread] = None
        self._pid = os.getpid()

    # --- public -----------------------------------------------------------------------------------------------

    def warm_up(self, timeout: float = _READY_TIMEOUT) -> None:
        """Start every worker and wait until each has imported the grading code (and sympy) and is ready.

        Idempotent and cheap once the workers are ready. Raises :class:`PoolUnusable` when workers cannot start
        here, and ``TimeoutError`` when they are still not ready after ``timeout`` seconds.
        """
        give_up = time.monotonic() + timeout
        while True:
            with self._lock:
                gen = self._generation()
                gen.drain_ready()
                if gen.live_ready() >= self.workers:
                    self._ever_ready = True
                    return
                if not gen.alive():
                    self._replace(gen, "its workers failed to start")
                    continue
            if time.monotonic() > give_up:
                raise TimeoutError(f"the {self.workers} worker processes were not ready after {timeout:g} s")
            gen.wait_ready(0.05)

    def submit(self, fn: Callable[..., T], *args: Any, timeout: float) -> "Future[T]":
        """Run ``fn(*args)`` in a worker; it is stopped after ``timeout`` seconds of running.

        ``fn`` must be a module-level function and its arguments and result picklable. The future's ``running()``
        says whether a worker has taken the task (its time counts from then). It fails with ``TimeoutError``
        when the time ran out, ``pebble.ProcessExpired`` when the worker died, :class:`PoolUnusable`, or ``fn``'s
        own exception. ``cancel()`` stops the task even while it runs.
        """
        job = _Job(fn, args, timeout)
        self._schedule(job)
        return job

    def grade_rows(self, pairs: Sequence[Pair], options: Options) -> "Future[List[Verdict]]":
        """Grade ``(output, gold)`` rows in a worker: a future of one :class:`Verdict` per row, in order.

        Never fails because of a row: a row that runs out of time gets status ``timeout``, a row whose worker
        dies ``error`` (the reason says so), a row of the wrong type ``bad_row``; the other rows get their normal
        verdicts. Fails only when the pool is closed or unusable (:class:`PoolUnusable`).
        """
        out: "Future[List[Verdict]]" = Future()
        timed = self.grade_rows_timed(pairs, options)
        timed.add_done_callback(lambda f: _relay(f, out, lambda r: r[1]))
        return out

    def grade_rows_timed(self, pairs: Sequence[Pair], options: Options,
                         grader: Optional[RowGrader] = None) -> "Future[Tuple[float, List[Verdict]]]":
        """:meth:`grade_rows`, also giving the seconds the rows took in the worker (for sizing chunks).
        ``grader`` replaces the row grader (tests); it must be a module-level function."""
        return _RowsTask(self, list(pairs), options, grader).future

    def close(self, wait: bool = True) -> None:
        """Stop the workers. Tasks not finished fail with ``CancelledError``. With ``wait=False`` the workers are
        stopped on a background thread (the next pool started with ``start_method=None`` waits for it)."""
        with STEP:  # (not cut in two by a second stop)
            with self._lock:
                if self._closed:
                    return
                self._closed = True
                gen, self._gen = self._gen, None
                jobs, self._jobs = list(self._jobs) + self._requeued, set()
                self._requeued = []
            self._wake.set()
            for job in jobs:
                job.cancel()
            if gen is not None:
                gen.stop(wait)

    def __enter__(self) -> "WorkerPool":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # --- generations ------------------------------------------------------------------------------------------

    def _generation(self) -> "_Generation":
        """The current generation, started if needed (call with the lock held)."""
        if self._closed:
            raise RuntimeError("the worker pool is closed")
        if self._pid != os.getpid():
            raise RuntimeError("a WorkerPool cannot be used in a process forked from the one that made it")
        if self._unusable is not None:
            raise PoolUnusable(self._unusable)
        if self._gen is None:
            self._gen = _Generation(self.workers, _context(self._start_method), self._memory_bytes)
            self._generations += 1
            _close_at_exit(self)
            self._start_manager()
        return self._gen

    def _replace(self, gen: "_Generation", why: str) -> None:
        """Stop ``gen`` and send its unfinished tasks to the next generation (call with the lock held)."""
        if self._gen is not gen:
            return
        gen.drain_ready()
        if gen.ready:
            self._ever_ready = True
        elif not self._ever_ready:
            self._failed_starts += 1
        self._gen = None
        moved = [job for job in self._jobs if job.gen is gen]
        for job in moved:
            job.detach()
        gen.stop(wait=False)
        if not self._ever_ready and self._failed_starts >= _FAILED_STARTS:
            self._unusable = f"worker processes could not start ({why})"
            for job in moved + self._requeued:
                self._finish(job, exception=PoolUnusable(self._unusable))
            self._requeued = []
            return
        self._requeued.extend(moved)
        self._wake.set()

    # --- jobs -------------------------------------------------------------------------------------------------

    def _schedule(self, job: "_Job") -> None:
        """Send ``job`` to the current generation, or leave it to the manager thread when that must start one."""
        with STEP:  # (a stop raised inside pebble's hand-off to its scheduler thread can lose its wake-up)
            with self._lock:
                if job.done():
                    return
                gen = self._generation()
                job.attempts += 1
                if job.attempts > _ATTEMPTS:
                    self._finish(job, exception=RuntimeError(
                        f"the worker pool lost this task {_ATTEMPTS} times (its workers kept dying or getting stuck)"))
                    return
                try:
                    inner = gen.pool.schedule(_run, args=(job.fn, job.args), timeout=job.timeout)
                except RuntimeError:  # pebble gave up on this generation (an idle worker died): the next one
                    job.attempts -= 1
                    self._replace(gen, "the pool broke")
                    if self._unusable is not None:
                        raise PoolUnusable(self._unusable) from None
                    self._requeued.append(job)
                    return
                job.attach(inner, gen)
                self._jobs.add(job)
                if len(self._jobs) == 1:
                    self._wake.set()  # the manager looks at the pool every _TICK while jobs are in flight
            inner.add_done_callback(lambda f: self._inner_done(job, f))

    def _inner_done(self, job: "_Job", inner: Any) -> None:
        """A pebble task ended (in one of pebble's threads): pass its outcome on, or send the job again."""
        from concurrent.futures.process import BrokenProcessPool

        with self._lock:
            if job.inner is not inner:
                return  # an earlier attempt, already replaced
            gen = job.gen
            if gen is not None:
                gen.progress = time.monotonic()
            if inner.cancelled():
                exc: Optional[BaseException] = concurrent.futures.CancelledError()
            else:
                exc = inner.exception()
            if isinstance(exc, BrokenProcessPool) and not self._closed and gen is not None:
                job.detach()
                self._requeued.append(job)
                self._replace(gen, f"the pool broke: {exc}")
                return
            self._jobs.discard(job)
            job.detach()
        if exc is None:
            self._finish(job, result=inner.result())
        else:
            self._finish(job, exception=exc)

    def _finish(self, job: "_Job", result: Any = None, exception: Optional[BaseException] = None) -> None:
        with self._lock:
            self._jobs.discard(job)
        try:
            if exception is None:
                job.set_result(result)
            else:
                job.set_exception(exception)
        except concurrent.futures.InvalidStateError:  # cancelled by its caller meanwhile
            pass

    # --- the manager thread -----------------------------------------------------------------------------------

    def _start_manager(self) -> None:
        if self._manager is None or not self._manager.is_alive():
            self._manager = threading.Thread(target=self._manage, name="mathgrade-pool-manager", daemon=True)
            self._manager.start()

    def _manage(self) -> None:
        """Send requeued jobs to a new generation; notice a stuck pool or a lost task. Runs until :meth:`close`."""
        while True:
            with self._lock:
                busy = bool(self._jobs or self._requeued)
            self._wake.wait(_TICK if busy else 5.0)
            self._wake.clear()
            with self._lock:
                if self._closed:
                    return
                try:
                    self._look()
                except Exception as exc:  # noqa: BLE001 - never let the watchdog die: fail what it cannot place
                    for job in list(self._jobs) + self._requeued:
                        self._finish(job, exception=RuntimeError(f"the worker pool failed: {exc!r}"))
                    self._requeued = []

    def _look(self) -> None:
        """One round of the manager (lock held)."""
        if self._requeued:
            jobs, self._requeued = self._requeued, []
            for job in jobs:
                try:
                    self._schedule(job)
                except PoolUnusable as exc:
                    self._finish(job, exception=exc)
        gen = self._gen
        if gen is None or not (self._jobs or self._requeued):
            return
        now = time.monotonic()
        gen.drain_ready()
        if not gen.alive():
            self._replace(gen, "pebble stopped it")
            return
        running = waiting = 0
        lost = []
        oldest_wait = now
        for job in self._jobs:
            if job.gen is not gen:
                continue
            if job.running():
                if job.started_at is None:
                    job.started_at = now
                    gen.progress = now
                running += 1
                if now - job.started_at > job.timeout + _LOST_AFTER:
                    lost.append(job)
            elif not job.done():
                waiting += 1
                oldest_wait = min(oldest_wait, job.queued_at)
        idle_ready = gen.live_ready() - running
        stuck = waiting and idle_ready > 0 and now - max(oldest_wait, gen.progress) > _STUCK_AFTER
        if lost or stuck:
            for job in lost:  # it ran past its limit and pebble could not stop it: a timeout
                job.detach()
                self._finish(job, exception=concurrent.futures.TimeoutError("the task ran out of time"))
            self._replace(gen, "stuck")


class _Job(Future[Any]):
    """One task of a :class:`WorkerPool`, as its caller sees it: a future that outlives the pebble tasks (one per
    attempt) that carry it."""

    def __init__(self, fn: Callable[..., Any], args: Tuple[Any, ...], timeout: float) -> None:
        super().__init__()
        self.fn, self.args, self.timeout = fn, args, max(float(timeout), 0.001)
        self.attempts = 0
        self.inner: Any = None
        self.gen: Optional[_Generation] = None
        self.queued_at = time.monotonic()
        self.started_at: Optional[float] = None

    def attach(self, inner: Any, gen: "_Generation") -> None:
        self.inner, self.gen = inner, gen
        self.queued_at, self.started_at = time.monotonic(), None

    def detach(self) -> None:
        """Forget the current pebble task (it ended, or its generation is being replaced: then it is cancelled)."""
        inner, self.inner, self.gen = self.inner, None, None
        if inner is not None and not inner.done():
            inner.cancel()

    def running(self) -> bool:
        inner = self.inner
        return super().running() or (inner is not None and inner.running())

    def cancel(self) -> bool:
        inner = self.inner
        if not super().cancel():
            return False
        if inner is not None:
            inner.cancel()  # pebble stops the worker if the task is running
        return True


def _run(fn: Callable[..., Any], args: Tuple[Any, ...]) -> Any:
    """Worker task: ``fn(*args)`` (a level of indirection, so that one pebble signature serves every job)."""
    return fn(*args)


def _relay(source: "Future[Any]", target: "Future[Any]", convert: Callable[[Any], Any]) -> None:
    """Copy the outcome of ``source`` to ``target`` (through ``convert`` for a result)."""
    try:
        if source.cancelled():
            target.cancel()
        elif source.exception() is not None:
            target.set_exception(source.exception())
        else:
            target.set_result(convert(source.result()))
    except concurrent.futures.InvalidStateError:
        pass


# --- generations of workers -------------------------------------------------------------------------------------


class _Generation:
    """One pebble pool and the pipe on which its workers say they are ready."""

    def __init__(self, workers: int, context: Any, memory_bytes: int) -> None:
        from pebble import ProcessPool

        self.reader, self._writer = context.Pipe(duplex=False)
        self.pool = ProcessPool(max_workers=workers, context=context, initializer=_start_worker,
                                initargs=(self._writer, memory_bytes))
        self.ready: Dict[int, float] = {}
        self.progress = time.monotonic()
        self._read_lock = threading.Lock()
        _ = self.pool.active  # starts the workers now (pebble would on the first task)

    def alive(self) -> bool:
        """False once pebble has given up on this pool."""
        return bool(self.pool.active)

    def drain_ready(self) -> None:
        """Note the workers that have said they are ready."""
        with self._read_lock:
            try:
                while self.reader.poll(0):
                    (pid,) = struct.unpack("q", self.reader.recv_bytes())
                    self.ready[pid] = self.progress = time.monotonic()
            except (OSError, EOFError):  # the pipe is closed: the generation is being stopped
                pass

    def wait_ready(self, seconds: float) -> None:
        try:
            self.reader.poll(seconds)
        except (OSError, EOFError):
            time.sleep(seconds)

    def live_ready(self) -> int:
        """Workers alive and ready. (``active_children`` also reaps the children that have ended.)"""
        import multiprocessing

        alive = {p.pid for p in multiprocessing.active_children()}
        return sum(pid in alive for pid in self.ready)

    def stop(self, wait: bool = True) -> None:
        """Stop the workers on a background thread; with ``wait``, wait for it and for any other pool being stopped
        (:func:`wait_stopped`: at most :data:`STOP_WAIT` seconds)."""
        thread = threading.Thread(target=self._stop, name="mathgrade-pool-stop", daemon=True)
        with _stoppers_lock:
            _stoppers.append(thread)
        thread.start()
        if wait:
            wait_stopped()

    def _stop(self) -> None:
        self.pool.stop()
        try:
            self.pool.join(timeout=10)
        except Exception:  # noqa: BLE001 - best effort: join kills the workers, or gives up
            pass
        for end in (self.reader, self._writer):
            try:
                end.close()
            except OSError:
                pass


_open_pools: "weakref.WeakSet[WorkerPool]" = weakref.WeakSet()
_exit_hook = False


def _close_at_exit(pool: WorkerPool) -> None:
    """Close ``pool`` at exit if its owner did not. The hook is registered when the first workers start, after
    multiprocessing's own exit handler, so that it runs first (atexit is last-in, first-out): that handler joins
    every live child process and would wait for the workers forever. A process started by multiprocessing (a worker
    of the caller's own process pool) runs no atexit hook when it ends, only that exit handler: there the pools are
    closed by one of its finalizers, which run before the join."""
    global _exit_hook, _finalizer_pid
    _open_pools.add(pool)
    if not _exit_hook:
        atexit.register(_close_open_pools)
        _exit_hook = True
    if _finalizer_pid != os.getpid():
        from multiprocessing import util

        util.Finalize(None, _close_open_pools, exitpriority=100)
        _finalizer_pid = os.getpid()


_finalizer_pid: Optional[int] = None
"""The process in which the multiprocessing finalizer of :func:`_close_at_exit` is registered."""


def _close_open_pools() -> None:
    for pool in list(_open_pools):
        pool.close(wait=False)
    wait_stopped()  # (also the pools closed before: their stopping threads are daemons, not waited for at exit)


_stoppers: List[threading.Thread] = []
"""Threads stopping generations in the background."""
_stoppers_lock = threading.Lock()
STOP_WAIT = 30.0
"""Seconds :func:`wait_stopped` waits for the threads that stop pools. pebble kills the workers first, then joins
its own threads; a thread that never wakes up (the exception of a signal landed inside a hand-off to it, see
:mod:`mathgrade._stops`) must not keep the process from exiting, so the stopping threads are daemons and the wait is
bounded."""


def wait_stopped() -> None:
    """Wait until every pool stopped in the background has stopped: its workers have exited and their CPU time is
    counted (``grade_many`` stops its workers in the background when it ends). Before a program that may exit within
    a second of starting a pool returns, call this, or workers still starting print tracebacks as it exits. Waits at
    most :data:`STOP_WAIT` seconds in all."""
    with _stoppers_lock:
        pending = list(_stoppers)
        del _stoppers[:]
    give_up = time.monotonic() + STOP_WAIT
    for thread in pending:
        thread.join(max(0.0, give_up - time.monotonic()))


def _context(start_method: Optional[str]) -> Any:
    """How to start workers: ``fork`` when asked, or when nothing asks and that is safe and cheap (Linux, no other
    Python thread, so no lock can be held by a thread the child would not have); else ``spawn``."""
    import multiprocessing

    from . import _spawn

    if start_method is None:
        wait_stopped()
        single = threading.active_count() == 1
        start_method = "fork" if sys.platform.startswith("linux") and single else "spawn"
    if start_method == "fork":
        warm_here()  # forked workers inherit what this process has loaded
        return multiprocessing.get_context("fork")
    return _spawn.context()


# --- in the worker ----------------------------------------------------------------------------------------------


def _start_worker(ready: Any, memory_bytes: int) -> None:
    """Initializer of every worker: run bounded work in-process (the pool kills a task that runs too long), cap
    memory, load everything grading needs, freeze what is loaded for the garbage collector (so that it never walks,
    nor in a forked worker copies, those objects), then tell the pool this worker is ready."""
    import gc

    from . import limits

    limits._mark_worker()
    _cap_memory(memory_bytes)
    warm_here(symbolic=True)
    gc.freeze()
    ready.send_bytes(struct.pack("q", os.getpid()))  # one write of 12 bytes: atomic on a pipe, no lock needed


def _cap_memory(limit: int) -> None:
    try:
        import resource
    except ImportError:  # pragma: no cover - not on Windows
        return
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        if soft == resource.RLIM_INFINITY or soft > limit:
            resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ValueError, OSError):  # pragma: no cover - not allowed here; run without the cap
        pass


_warmed = False
_warm_lock = threading.Lock()

_SYMBOLIC_ROW = ("So the answer is $\\boxed{\\sin^2 x + \\cos^2 x + (x+1)^2}$.", "x^2+2x+2")
"""Graded once in a worker to import sympy and the simplification code it uses (expand, cancel, trigsimp)."""


def warm_here(symbolic: bool = False) -> None:
    """Load the grading code in this process (:func:`mathgrade.grader.warm`); with ``symbolic``, also grade one
    symbolic row, once. Starts no thread and no process unless ``symbolic`` is set outside a worker."""
    global _warmed
    from .grader import grade_with, warm
    from .options import make_options

    warm()
    if not symbolic:
        return
    with _warm_lock:
        if _warmed:
            return
        _warmed = True
    try:
        grade_with(*_SYMBOLIC_ROW, make_options(timeout=60.0))
    except Exception:  # noqa: BLE001 - only a warm-up
        pass


# --- rows -------------------------------------------------------------------------------------------------------


def _grade_chunk(pairs: Sequence[Pair], options: Options,
                 grader: Optional[RowGrader]) -> Tuple[float, List[Verdict]]:
    """Worker task: grade rows; also say how many seconds they took."""
    start = time.perf_counter()
    verdicts = [grade_one(pair, options, grader) for pair in pairs]
    return time.perf_counter() - start, verdicts


def grade_one(pair: Pair, options: Options, grader: Optional[RowGrader] = None) -> Verdict:
    """The verdict of one ``(output, gold[, problem])`` row (:func:`mathgrade.rows.grade_pair`, or ``grader`` for
    tests)."""
    output, gold = pair[0], pair[1]
    try:
        if grader is None or isinstance(output, BadRow):
            return grade_pair(output, gold, options, pair[2] if len(pair) > 2 else None)
        return grader(output, gold, options)
    except Exception as exc:  # noqa: BLE001 - grade_pair does not raise; belt and braces: one row never stops others
        return _error(gold, "internal error", exc)


def _error(gold: Any, what: str, exc: BaseException, rule: str = "error") -> Verdict:
    text = str(exc) or type(exc).__name__
    return Verdict(False, Status.ERROR, f"{what}: {text}", rule, _gold_str(gold),
                   error=f"{type(exc).__name__}: {text}")


def _gold_str(gold: Any) -> str:
    return gold if isinstance(gold, str) else ("" if gold is None else str(gold))


def chunk_limit(timeout: float) -> float:
    """Seconds a chunk of rows may run before it is stopped and graded again row by row: far above the time a
    chunk is sized to take (50 ms), so that only a row that hangs gets there."""
    return max(2 * timeout, timeout + 2 * ROW_MARGIN)


class _RowsTask:
    """The grading of one chunk: one task for the chunk, and one per row if the chunk fails."""

    def __init__(self, pool: WorkerPool, pairs: List[Pair], options: Options, grader: Optional[RowGrader]) -> None:
        self.pool, self.pairs, self.options, self.grader = pool, pairs, options, grader
        self.future: "Future[Tuple[float, List[Verdict]]]" = Future()
        self.verdicts: List[Optional[Verdict]] = []
        self.left = 0
        self.left_lock = threading.Lock()
        job = pool.submit(_grade_chunk, pairs, options, grader, timeout=chunk_limit(options.timeout))
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
                job = self.pool.submit(_grade_chunk, [pair], self.options, self.grader, timeout=limit)
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
