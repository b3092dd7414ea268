"""The pool of warm worker processes beneath everything: :class:`WorkerPool` runs the functions it is handed, each
under a time limit it cannot outlive. It knows nothing about grading.

Built on pebble's ``ProcessPool``, which already does the hard part: a task's ``timeout`` counts from the moment a
worker takes the task, pebble kills the worker when it runs out, and a worker that dies is reported
(``ProcessExpired``) and replaced. This module adds only what pebble lacks:

- **Warm workers.** Every worker runs the setup functions registered with :func:`add_worker_setup` (the layers
  above register theirs: load the grading code, import sympy and what it loads lazily, load pint's registry) before
  it takes any task, then says it is ready. Workers forked from this process find most of it loaded already: the
  setups run here first, once, and each worker inherits what they loaded (about 0.8 s of CPU saved per worker).
  Starting the workers (1-2 s, 3-5 s with the cores saturated: see ``bench/bench_load.py``) is therefore never part
  of a task's time, and :meth:`WorkerPool.warm_up` waits until every worker is ready;
  :meth:`WorkerPool.start` starts them without waiting, and :meth:`WorkerPool.ready` says how many are ready.
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
- **Growing.** :meth:`WorkerPool.grow` raises the number of workers: the next generation has more, the current one
  finishes the tasks it holds and stops (the process-wide pool starts small, for bounded work, and grows to the
  cores when batch work asks for them).

The manager thread of each pool (one thread, waking every :data:`_TICK` seconds while tasks are in flight) is the
only watchdog; it exists for these two faults.

A task's time limit therefore measures the task's own work. Waiting for a worker to start or to be replaced, or
behind other tasks, is not counted.
"""

from __future__ import annotations

import atexit
import concurrent.futures
import os
import struct
import sys
import threading
import time
import weakref
from concurrent.futures import Future
from typing import Any, Callable, Dict, List, Optional, Sequence, Set, Tuple, TypeVar

from ..errors import PoolUnusable
from ..limits import not_charged
from ._stops import STEP

__all__ = ["WorkerPool", "PoolUnusable", "available_cores", "add_worker_setup", "wait_stopped", "in_worker",
           "run_setups_here"]

T = TypeVar("T")
Setup = Tuple[Callable[[], Any], bool]
"""A worker setup function (module level, so that it pickles by name) and whether it also runs in this process
before workers are forked (so that they inherit what it loads)."""

WORKER_MEMORY_BYTES = 4 * 1024**3
"""Address-space cap of a worker (Linux): runaway symbolic work fails instead of swapping."""

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

_setups: List[Setup] = []
"""What every new worker runs before it says it is ready (:func:`add_worker_setup`), in order."""
_in_worker = False
"""True inside a worker of a :class:`WorkerPool` (whose tasks are killed when they run too long)."""


def add_worker_setup(fn: Callable[[], Any], before_fork: bool = False) -> None:
    """Have every worker started from now on run ``fn()`` before it takes a task (once; a failing setup is only
    skipped). ``fn`` must be a module-level function. With ``before_fork``, ``fn`` also runs in this process before
    workers are forked from it, so that they inherit what it loads (loaded once, instead of once per worker; the time
    is charged to no call's time limit): only for setups that start no thread."""
    entry = (fn, before_fork)
    if entry not in _setups:
        _setups.append(entry)


_ran_here: List[Setup] = []
_ran_here_lock = threading.RLock()  # (a setup may grade, and grading may run bounded work)


def run_setups_here() -> None:
    """Run here, once each, the worker setups not run in this process yet (a failing one is skipped), with the
    time they take given back to every running deadline: for a process that cannot start workers and does the
    symbolic work itself (a daemonic process), which must load what a worker loads before its first task (sympy)
    without charging it to a call's time limit, nor be stopped in the middle of it."""
    with _ran_here_lock, not_charged():
        for entry in list(_setups):
            if entry in _ran_here:
                continue
            _ran_here.append(entry)
            try:
                entry[0]()
            except Exception:  # noqa: BLE001 - a setup only loads; the work itself will say what fails
                pass


def in_worker() -> bool:
    """Whether this process is a worker of a :class:`WorkerPool`."""
    return _in_worker


def available_cores() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))  # type: ignore[attr-defined]
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


class WorkerPool:
    """A pool of warm worker processes that runs functions under a time limit that they cannot outlive.

    ``workers``: processes (default: every available core). ``start_method``: ``"fork"`` (start in milliseconds;
    safe only while the process has a single thread), ``"spawn"``, or None: ``fork`` on Linux when this is the only
    thread when the first workers start, else ``spawn`` (whose workers never re-run the caller's main script, see
    :mod:`mathgrade.runtime._spawn`). Workers start on first use, with :meth:`start` or with :meth:`warm_up`.
    Thread-safe; a context manager.
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
        """Start every worker and wait until each has run the worker setups (:func:`add_worker_setup`) and is ready.

        Idempotent and cheap once the workers are ready. Raises :class:`PoolUnusable` when workers cannot start
        here, and ``TimeoutError`` when they are still not ready after ``timeout`` seconds.
        """
        give_up = time.monotonic() + timeout
        while True:
            with self._lock:
                gen = self._generation()
                gen.drain_ready()
                if gen.live_ready() >= gen.size:
                    self._ever_ready = True
                    return
                if not gen.alive():
                    self._replace(gen, "its workers failed to start")
                    continue
            if time.monotonic() > give_up:
                raise TimeoutError(f"the {self.workers} worker processes were not ready after {timeout:g} s")
            gen.wait_ready(0.05)

    def start(self) -> None:
        """Start the workers, without waiting for them (:meth:`ready` says how many are ready). Raises
        :class:`PoolUnusable` when workers cannot start here."""
        with self._lock:
            self._generation()

    def ready(self) -> int:
        """How many workers are alive and ready now (0 when none was started). Never starts or waits for any."""
        with self._lock:
            gen = self._gen
            if gen is None or self._closed:
                return 0
            gen.drain_ready()
            count = gen.live_ready()
            if count:
                self._ever_ready = True
            return count

    def grow(self, workers: int) -> None:
        """Have at least ``workers`` workers from now on. The current generation, if smaller, finishes the tasks it
        holds and stops; the next one (started on the next task, :meth:`start` or :meth:`warm_up`) has them all."""
        with self._lock:
            if workers <= self.workers:
                return
            self.workers = workers
            gen, self._gen = self._gen, None
            if gen is not None:
                gen.retire()

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
            self._gen = _Generation(self.workers, _context(self._start_method), self._memory_bytes, list(_setups))
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


# --- generations of workers -------------------------------------------------------------------------------------


class _Generation:
    """One pebble pool and the pipe on which its workers say they are ready."""

    def __init__(self, workers: int, context: Any, memory_bytes: int, setups: List[Setup]) -> None:
        from pebble import ProcessPool

        self.size = workers
        self.reader, self._writer = context.Pipe(duplex=False)
        self.pool = ProcessPool(max_workers=workers, context=context, initializer=_start_worker,
                                initargs=(self._writer, memory_bytes, [fn for fn, _ in setups]))
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

    def retire(self) -> None:
        """Take no more tasks; finish those held, then stop (on a background thread, waited for by
        :func:`wait_stopped`)."""
        thread = threading.Thread(target=self._stop, args=(True,), name="mathgrade-pool-stop", daemon=True)
        with _stoppers_lock:
            _stoppers.append(thread)
        thread.start()

    def _stop(self, finish: bool = False) -> None:
        if finish:
            self.pool.close()
            try:
                self.pool.join(timeout=STOP_WAIT)
            except TimeoutError:  # a task that will not end: stopped below
                pass
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
:mod:`mathgrade.runtime._stops`) must not keep the process from exiting, so the stopping threads are daemons and the wait is
bounded."""


def wait_stopped() -> None:
    """Wait until every pool stopped in the background has stopped: its workers have exited and their CPU time is
    counted (a pool that grows stops its smaller generation in the background). Before a program that may exit within
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
        single = threading.active_count() == 1
        start_method = "fork" if sys.platform.startswith("linux") and single else "spawn"
    if start_method == "fork":
        with not_charged():  # (forked workers inherit what this process has loaded: loaded once, not per worker)
            for fn, before_fork in list(_setups):
                if before_fork:
                    _try(fn)
        return multiprocessing.get_context("fork")
    return _spawn.context()


# --- in the worker ----------------------------------------------------------------------------------------------


def _start_worker(ready: Any, memory_bytes: int, setups: Sequence[Callable[[], Any]]) -> None:
    """Initializer of every worker: mark the process as a worker (bounded work runs in it directly: the pool kills a
    task that runs too long), cap memory, run the setups, freeze what is loaded for the garbage collector (so that it
    never walks, nor in a forked worker copies, those objects), then tell the pool this worker is ready."""
    import gc

    global _in_worker
    _in_worker = True
    _cap_memory(memory_bytes)
    for fn in setups:
        _try(fn)
    gc.freeze()
    ready.send_bytes(struct.pack("q", os.getpid()))  # one write of 12 bytes: atomic on a pipe, no lock needed


def _try(fn: Callable[[], Any]) -> None:
    try:
        fn()
    except Exception:  # noqa: BLE001 - a setup only warms things up; the tasks report real failures
        pass


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
