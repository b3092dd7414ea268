"""Bounds and time limits shared by every stage.

Sizes are checked before any evaluation (input length, digits, exponent size, nesting depth, matrix size).
Work that can run away (sympy) goes through :func:`run_bounded`, which enforces a real time limit in any thread.

How the limit is enforced: :func:`run_bounded` sends the work to a process-wide :class:`mathgrade.pool.WorkerPool` of
:data:`BOUNDED_WORKERS` processes (started with ``spawn``, so that it is safe in threaded programs). The work's time
counts from when a worker takes it: starting the pool (:func:`warm_up`, or the first call), replacing a worker, and
waiting behind other threads' work are not charged to it. When its time runs out, the worker running it is killed
and replaced, and the caller gets :class:`GradingTimeout` at most :data:`RESULT_GRACE` seconds later. Nothing here
touches signal handlers, so it works in every thread; a forked child starts a pool of its own. Inside a worker
(whose tasks are already killed when they run too long) the work runs in-process instead.
"""

from __future__ import annotations

import concurrent.futures
import os
import threading
import time
from typing import TYPE_CHECKING, Any, Callable, Optional, TypeVar

if TYPE_CHECKING:  # pragma: no cover
    from .pool import WorkerPool

__all__ = [
    "GradingTimeout",
    "Deadline",
    "run_bounded",
    "warm_up",
    "MAX_INPUT_CHARS",
    "MAX_ANSWER_CHARS",
    "MAX_DIGITS",
    "MAX_EXPONENT",
    "MAX_DEPTH",
    "MAX_MATRIX_CELLS",
    "BOUNDED_WORKERS",
    "RESULT_GRACE",
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
RESULT_GRACE = 0.25
"""Seconds past the time limit that :func:`run_bounded` waits for the pool to report the work stopped, before it
gives up on it by itself: the documented margin of every time limit."""

T = TypeVar("T")


class GradingTimeout(Exception):
    """Raised inside the pipeline when the time limit is reached; :func:`mathgrade.grade` turns it into a status."""


class Deadline:
    """A point in time after which work must stop. Cheap to check. One belongs to one call (one thread): only
    :func:`run_bounded` moves it, by the time spent waiting for a worker, which is not the call's own work."""

    __slots__ = ("at",)

    def __init__(self, seconds: float) -> None:
        self.at = time.monotonic() + seconds

    def extend(self, seconds: float) -> None:
        """Move the deadline ``seconds`` later."""
        self.at += seconds

    def remaining(self) -> float:
        return self.at - time.monotonic()

    def check(self) -> None:
        """Raise :class:`GradingTimeout` if the deadline has passed."""
        if time.monotonic() >= self.at:
            raise GradingTimeout("time limit reached")


def run_bounded(fn: Callable[..., T], *args: Any, deadline: Deadline) -> T:
    """Run ``fn(*args)`` so that it cannot outlive ``deadline``; raise :class:`GradingTimeout` if it would.

    ``fn`` must be a module-level function and its arguments and result picklable (it runs in a worker process).
    An exception raised by ``fn`` is raised here; a worker that dies (crash, memory cap) raises ``RuntimeError``.
    The time spent waiting for a worker (starting the pool, a replacement, other threads' work) moves ``deadline``
    later by as much: it is not this work's time.
    """
    from pebble import ProcessExpired

    from .pool import PoolUnusable

    deadline.check()
    pool = None if _inline else _shared_pool()
    if pool is None:
        return fn(*args)
    waiting = time.monotonic()
    try:
        job = pool.submit(fn, *args, timeout=deadline.remaining())
        while not (job.running() or job.done()):
            concurrent.futures.wait([job], timeout=0.005)
    except PoolUnusable as exc:
        _give_up(exc)
        return fn(*args)
    finally:
        deadline.extend(time.monotonic() - waiting)
    try:
        return job.result(timeout=max(deadline.remaining(), 0.0) + RESULT_GRACE)
    except concurrent.futures.TimeoutError:  # pebble stopped it, or it is about to: it is past its time
        job.cancel()
        raise GradingTimeout("time limit reached in bounded work") from None
    except concurrent.futures.CancelledError:
        raise GradingTimeout("bounded work was cancelled") from None
    except ProcessExpired as exc:
        raise RuntimeError(f"the worker process running bounded work died ({exc})") from None
    except PoolUnusable as exc:
        _give_up(exc)
        return fn(*args)


def warm_up() -> None:
    """Get grading ready before timing anything: load the grading code in this process, start the worker processes
    for bounded symbolic work and wait until each has loaded it too (sympy included).

    Optional (the first call that needs the workers starts them, and that wait is never charged to its time
    limit), but a program that measures or logs the time per row, or serves requests, should call it first.
    Idempotent; cheap once done. :func:`mathgrade.grade_many` and the command line call it themselves.
    """
    from .pool import PoolUnusable, warm_here

    warm_here()
    pool = None if _inline else _shared_pool()
    if pool is not None:
        try:
            pool.warm_up()
        except PoolUnusable as exc:
            _give_up(exc)


# --- the process-wide pool ------------------------------------------------------------------------------------

_inline = False
"""True inside a process whose every task is already killed on timeout (a worker of a WorkerPool)."""
_unusable: Optional[str] = None
"""Why worker processes cannot be used in this process (then bounded work runs in-process), or None."""

_lock = threading.Lock()
_pool: "Optional[WorkerPool]" = None


def _shared_pool() -> "Optional[WorkerPool]":
    """The process-wide pool for bounded work (made on first use, again in a forked child); None if unusable."""
    global _pool
    if _unusable is not None:
        return None
    pool = _pool
    if pool is None:
        with _lock:
            if _pool is None:
                from .pool import WorkerPool

                _pool = WorkerPool(BOUNDED_WORKERS, start_method="spawn")
            pool = _pool
    return pool


def _give_up(exc: BaseException) -> None:
    """Worker processes cannot start here (e.g. the sandbox forbids it): from now on bounded work runs in-process,
    where the time limit is only the deadline checks between steps. Said once."""
    global _unusable
    with _lock:
        if _unusable is not None:
            return
        _unusable = str(exc) or type(exc).__name__
    import warnings

    warnings.warn("mathgrade could not start worker processes for symbolic work "
                  f"({_unusable}); it now runs in this process, where a runaway computation cannot be stopped.",
                  RuntimeWarning, stacklevel=3)
    _shutdown()


def _mark_worker() -> None:
    """Called in a process whose tasks are killed on timeout by their pool: run bounded work in-process."""
    global _inline
    _inline = True


def _shutdown() -> None:
    """Stop the process-wide pool (for tests; at exit the pool closes itself). It is made again on the next use."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        try:
            pool.close()
        except RuntimeError:  # made in the parent of this forked process: nothing of it runs here
            pass


def _after_fork_in_child() -> None:
    """A forked child starts with no pool (the parent's belongs to the parent) and a fresh lock."""
    global _lock, _pool
    _lock = threading.Lock()
    _pool = None


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)
