"""Bounds and time limits shared by every stage.

Sizes are checked before any evaluation (input length, digits, exponent size, nesting depth, matrix size).
Work that can run away (sympy) goes through :func:`run_bounded`, which enforces a real time limit in any thread.

How the limit is enforced: :func:`run_bounded` sends the work to a small pool of worker processes (created on first
use, started with ``spawn`` so that it is safe in threaded programs). When the deadline passes, the worker running
the work is killed and replaced, and the caller gets :class:`GradingTimeout`. Nothing here touches signal handlers,
so it works in every thread, and the pool is re-created in a forked child. Inside a worker of
:func:`mathgrade.grade_many` (which already kills a row that runs too long) the work runs in-process instead.
"""

from __future__ import annotations

import atexit
import os
import threading
import time
from typing import Any, Callable, Optional, TypeVar

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
    "BOUNDED_WORKERS",
    "WORKER_MEMORY_BYTES",
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
BOUNDED_WORKERS = 2
"""Worker processes kept for :func:`run_bounded` (each holds an imported sympy, about 60 MB)."""
WORKER_MEMORY_BYTES = 4 * 1024**3
"""Address-space cap of a :func:`run_bounded` worker (Linux): runaway symbolic work fails instead of swapping."""

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
    An exception raised by ``fn`` is raised here; a worker that dies (crash, memory cap) raises ``RuntimeError``.
    """
    deadline.check()
    if _inline or _unusable is not None:
        return fn(*args)
    import concurrent.futures
    from concurrent.futures.process import BrokenProcessPool

    remaining = deadline.remaining()
    try:
        future = _submit(fn, args, remaining)
    except RuntimeError as exc:  # no pool can be started here
        _pool_failed(exc)
        return fn(*args)
    try:
        # The pool's own timeout counts from when a worker starts the task; this wait also covers queueing.
        return future.result(timeout=max(remaining, 0.0) + _RESULT_GRACE)
    except concurrent.futures.TimeoutError:
        started = future.running() or future.done()
        future.cancel()  # a running task's worker is killed and replaced; a queued one is dropped
        if not started:
            _check_stuck()
        raise GradingTimeout("time limit reached in bounded work") from None
    except concurrent.futures.CancelledError:
        raise GradingTimeout("bounded work was cancelled") from None
    except _process_expired() as exc:
        raise RuntimeError(f"the worker process running bounded work died ({exc})") from None
    except BrokenProcessPool as exc:  # every worker died before taking the task
        if _worked:  # a transient failure of a pool that works here: the next call gets a new pool
            raise RuntimeError(f"the worker pool for bounded work broke ({exc})") from None
        _pool_failed(exc)
        return fn(*args)


# --- the pool --------------------------------------------------------------------------------------------------

_RESULT_GRACE = 0.25
"""Extra seconds the caller waits past the deadline for the pool to report its own timeout."""

_inline = False
"""True inside a process whose every task is already killed on timeout (a grade_many or run_bounded worker)."""

_lock = threading.Lock()
_pool: Any = None
_pool_pid: Optional[int] = None


_STUCK_AFTER = 10.0
"""Seconds without any finished task (while tasks wait) after which the pool is considered stuck and replaced."""
_last_done = 0.0
"""When a task of the shared pool last finished (monotonic); also set when the pool is created."""
_stuck = False


def _submit(fn: Callable[..., Any], args: tuple, timeout: float) -> Any:
    """Schedule ``fn(*args)`` on the shared pool, re-creating the pool once if it is broken, stopped or stuck."""
    global _stuck
    for attempt in (1, 2):
        fresh = attempt == 2 or _stuck
        _stuck = False
        pool = _get_pool(fresh=fresh)
        try:
            future = pool.schedule(fn, args=args, timeout=max(timeout, 0.001))
        except RuntimeError:  # pool broken or closed (e.g. by shutdown at exit in another thread)
            if attempt == 2:
                raise
            continue
        _note_submitted()
        future.add_done_callback(_note_done)
        return future
    raise AssertionError("unreachable")  # pragma: no cover


_pending = 0
"""Tasks submitted to the shared pool and not finished yet."""
_pending_lock = threading.Lock()


def _note_submitted() -> None:
    """Count a new task; on an idle pool, restart the clock of :func:`_check_stuck` (idle time is not stuck)."""
    global _pending, _last_done
    with _pending_lock:
        if _pending == 0:
            _last_done = time.monotonic()
        _pending += 1


def _note_done(future: Any) -> None:
    """Done-callback of every task: a task that ran to its end shows that the pool makes progress."""
    global _last_done, _worked, _failures, _pending
    if future is None:  # a new pool
        _last_done = time.monotonic()
        return
    with _pending_lock:
        _pending = max(0, _pending - 1)
    if future.cancelled():
        return  # cancelled by its caller (timeout): no sign of progress
    _last_done = time.monotonic()
    if future.exception() is None:
        _worked, _failures = True, 0


_POOL_FAILURES_BEFORE_GIVING_UP = 2
_worked = False
"""True once a task of the shared pool has finished in this process: the pool can start here."""
_failures = 0
_unusable: Optional[str] = None
"""Why worker processes cannot be used in this process (then bounded work runs in-process), or None."""


def _pool_failed(exc: BaseException) -> bool:
    """Note that a pool that never worked here broke; True when bounded work must now always run in-process.

    Workers that die at start (e.g. where the sandbox forbids starting processes) would otherwise be
    started again and again. Then the time limit is only the deadline checks between steps, and we say so once.
    """
    global _failures, _unusable
    if _worked:
        return False
    _failures += 1
    if _failures < _POOL_FAILURES_BEFORE_GIVING_UP:
        return False
    _unusable = f"{type(exc).__name__}: {exc}"
    import warnings

    warnings.warn("mathgrade could not start worker processes for symbolic work "
                  f"({_unusable}); it now runs in this process, where a runaway computation cannot be stopped.",
                  RuntimeWarning, stacklevel=3)
    _shutdown()
    return True


def _check_stuck() -> None:
    """A task timed out without ever starting: if no task has finished for a long time, the pool is stuck.

    That happens when a worker is killed from outside (e.g. by the OOM killer) while it holds the lock of the
    pool's task channel; the next call then replaces the pool.
    """
    global _stuck
    if time.monotonic() - _last_done > _STUCK_AFTER:
        _stuck = True


def _get_pool(fresh: bool = False) -> Any:
    """The process-wide pool, created on first use (and again after a fork, or when ``fresh``)."""
    global _pool, _pool_pid
    pid = os.getpid()
    pool = _pool
    if pool is not None and _pool_pid == pid and not fresh:
        return pool
    with _lock:
        if _pool is not None and _pool_pid == pid and not (fresh and _pool is pool):
            return _pool
        if _pool is not None and _pool_pid == pid:
            _stop(_pool)
        from pebble import ProcessPool

        from . import _spawn

        _pool = ProcessPool(max_workers=BOUNDED_WORKERS, initializer=_worker_init, context=_spawn.context())
        _register_shutdown()
        _pool_pid = pid
        _note_done(None)
        return _pool


def _worker_init() -> None:
    """Set up a run_bounded worker: work runs in-process here, memory is capped, sympy is imported once."""
    global _inline
    _inline = True
    _cap_memory(WORKER_MEMORY_BYTES)
    try:
        import sympy  # noqa: F401  - paid once per worker, not per task
    except ImportError:  # pragma: no cover - sympy is a dependency
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


def _process_expired() -> type:
    from pebble import ProcessExpired

    return ProcessExpired


def _stop(pool: Any) -> None:
    try:
        pool.stop()
        pool.join(timeout=5)
    except Exception:  # noqa: BLE001 - best effort at shutdown
        pass


def _mark_worker() -> None:
    """Called in a process whose tasks are killed on timeout by their pool: run bounded work in-process."""
    global _inline
    _inline = True


def _shutdown() -> None:
    """Stop the shared pool (at exit, and for tests). It is created again on the next use."""
    global _pool, _pool_pid
    with _lock:
        pool, pid = _pool, _pool_pid
        _pool, _pool_pid = None, None
    if pool is not None and pid == os.getpid():
        _stop(pool)


_shutdown_registered = False
_finalizer_pid: Optional[int] = None


def _register_shutdown() -> None:
    """Stop the pool at exit. Registered when the first pool starts, after multiprocessing's own exit handler, so
    that it runs first (atexit is last-in, first-out): that handler joins every live child process and would wait
    for the pool's workers forever. A process started by multiprocessing (a worker of the caller's own pool) runs no
    atexit handler when it ends, only that exit handler: there the shutdown runs as one of its finalizers, which
    come before the join."""
    global _shutdown_registered, _finalizer_pid
    if not _shutdown_registered:
        atexit.register(_shutdown)
        _shutdown_registered = True
    if _finalizer_pid != os.getpid():
        from multiprocessing import util

        util.Finalize(None, _shutdown, exitpriority=100)
        _finalizer_pid = os.getpid()


def _after_fork_in_child() -> None:
    """A forked child starts with no pool (the parent's belongs to the parent) and a fresh lock."""
    global _lock, _pool, _pool_pid, _failures, _pending, _pending_lock
    _lock = threading.Lock()
    _pending, _pending_lock = 0, threading.Lock()
    _pool, _pool_pid = None, None
    _failures = 0


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)
