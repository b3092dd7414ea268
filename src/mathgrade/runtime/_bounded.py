"""Bounded work: :func:`run_bounded` runs a function so that it cannot outlive a :class:`~mathgrade.limits.Deadline`,
in any thread, without touching signal handlers.

Where it runs:

- **In a worker of the process-wide pool** (:mod:`._shared`), normally. The work's time counts from when a worker
  takes it: starting the pool, replacing a worker, and waiting behind other work are not charged to it (the deadline
  moves later by as much). When its time runs out, pebble kills the worker running it (a new one replaces it) and
  the caller gets :class:`~mathgrade.limits.GradingTimeout` at most :data:`RESULT_GRACE` seconds later. The caller
  waits for the result's notification; nothing polls.
- **In the calling thread**, where this process cannot use worker processes (:func:`._shared.unusable`): inside a
  worker of our own pool (whose task is killed as a whole when it runs too long) directly; anywhere else (a daemonic
  process, a sandbox) under an in-process bound: a profile hook of this thread only (``sys.setprofile``) checks the
  deadline every few hundred Python calls and stops the work with :class:`~mathgrade.limits.GradingTimeout` once it
  has passed. It bounds every computation made of Python calls (all of sympy's), in any thread, at a cost of about
  2× on sympy's speed; one long step inside a C function (a huge integer power) is not interrupted, which is why
  sizes are bounded before any evaluation (:mod:`mathgrade.limits`).
- **Nowhere**, in a thread that must not wait (:func:`no_waiting`: an event loop): :class:`WouldBlock` is raised
  instead, and the caller hands the whole job to a thread or a worker.
"""

from __future__ import annotations

import concurrent.futures
import sys
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Tuple, TypeVar

from ..errors import GradingTimeout, PoolUnusable
from ..limits import Deadline
from ._pool import in_worker, run_setups_here
from ._shared import give_up, shared_pool

__all__ = ["run_bounded", "RESULT_GRACE", "WouldBlock", "no_waiting", "waited"]

T = TypeVar("T")

RESULT_GRACE = 0.25
"""Seconds past the time limit that :func:`run_bounded` waits for the pool to report the work stopped, before it
gives up on it by itself: the documented margin of every time limit."""
_CHECK_EVERY = 255
"""The in-process bound looks at the clock once per this many + 1 profile events (calls and returns)."""


class WouldBlock(BaseException):
    """Raised by :func:`run_bounded` in a thread marked with :func:`no_waiting`: the work would have to wait for a
    worker. A ``BaseException``, so that it passes through the pipeline's ``except Exception`` and reaches the code
    that marked the thread, which sends the whole job elsewhere."""


_local = threading.local()


@contextmanager
def no_waiting() -> Iterator[None]:
    """While the block runs, :func:`run_bounded` in this thread raises :class:`WouldBlock` instead of waiting for a
    worker (for an event loop, which must never block on symbolic work)."""
    previous = getattr(_local, "no_waiting", False)
    _local.no_waiting = True
    try:
        yield
    finally:
        _local.no_waiting = previous


def waited() -> float:
    """Seconds this thread has spent so far waiting in :func:`run_bounded` for work done by a worker, from when the
    work started (not the wait for a worker): a caller's rows that cost it little CPU may still cost workers much."""
    return getattr(_local, "waited", 0.0)


def run_bounded(fn: Callable[..., T], *args: Any, deadline: Deadline) -> T:
    """Run ``fn(*args)`` so that it cannot outlive ``deadline``; raise :class:`~mathgrade.limits.GradingTimeout` if
    it would (see the module docstring for where it runs).

    ``fn`` must be a module-level function and its arguments and result picklable (it runs in a worker process).
    An exception raised by ``fn`` is raised here; a worker that dies (crash, memory cap) raises ``RuntimeError``.
    The time spent waiting for a worker (starting the pool, a replacement, other work) moves ``deadline`` later by
    as much: it is not this work's time.
    """
    deadline.check()
    if in_worker():  # (the task running this is killed if it runs far too long)
        result = fn(*args)
        deadline.check()  # work that ended past the deadline is out of time here too, as in a worker it is stopped
        return result
    if getattr(_local, "no_waiting", False):
        raise WouldBlock()
    pool = shared_pool()
    if pool is None:
        return _bounded_here(fn, args, deadline)
    from pebble import ProcessExpired

    submitted = time.monotonic()
    limit = deadline.remaining()
    try:
        job = pool.submit(_started, fn, args, timeout=limit)
    except PoolUnusable as exc:
        give_up(exc)
        return _bounded_here(fn, args, deadline)
    started = submitted
    try:
        started, result = _wait(job, limit)
    except concurrent.futures.TimeoutError:  # pebble stopped it at its limit, or it is past its time
        job.cancel()
        raise GradingTimeout("time limit reached in bounded work") from None
    except concurrent.futures.CancelledError:
        raise GradingTimeout("bounded work was cancelled") from None
    except ProcessExpired as exc:
        raise RuntimeError(f"the worker process running bounded work died ({exc})") from None
    except PoolUnusable as exc:
        give_up(exc)
        return _bounded_here(fn, args, deadline)
    finally:  # (the work's own time: waiting for a worker to start, or behind other work, is no work)
        _local.waited = waited() + time.monotonic() - started
    deadline.extend(max(0.0, started - submitted))  # (one clock for every process: CLOCK_MONOTONIC)
    return result


def _started(fn: Callable[..., T], args: Tuple[Any, ...]) -> Tuple[float, T]:
    """Worker task: when the work started, and its result."""
    return time.monotonic(), fn(*args)


def _wait(job: "concurrent.futures.Future[Tuple[float, T]]", limit: float) -> Tuple[float, T]:
    """The job's outcome, told by its future (no polling). A job still waiting for a worker is waited for as long as
    it waits (that time is not its own); one that has started is stopped by pebble at its limit, so the wait gives up
    at most ``limit`` + :data:`RESULT_GRACE` after it was first seen running."""
    patience = max(limit, 0.0) + RESULT_GRACE
    while True:
        try:
            return job.result(timeout=patience)
        except concurrent.futures.TimeoutError:
            if job.done():  # pebble's own verdict: the work ran past its limit
                raise
            if job.running():  # started at most `patience` ago: its limit ends within `patience`
                return job.result(timeout=patience)
            # still queued behind other work, or waiting for a worker to start: not its time


class _OutOfTime(BaseException):
    """Raised by the in-process bound's profile hook (a ``BaseException``: no ``except Exception`` in the bounded
    code keeps it from stopping the work)."""


def _importing(frame: Any) -> bool:
    """A module is being imported somewhere up the stack of ``frame``. The bound never stops work there: stopped in
    the middle, an import leaves its package half made (``sympy`` without ``sympy.polys``) and every later call in
    the process fails. The work is stopped at the bound's first look after the import ends."""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False


def _bounded_here(fn: Callable[..., T], args: Tuple[Any, ...], deadline: Deadline) -> T:
    """``fn(*args)`` in this thread, stopped by a profile hook once ``deadline`` has passed (see the module
    docstring). Work that takes longer than the deadline gives :class:`~mathgrade.limits.GradingTimeout`."""
    run_setups_here()  # (once per process: sympy loaded before the first bounded work, charged to none)
    at = deadline.due
    clock = time.monotonic
    count = 0

    def hook(frame: Any, event: str, arg: Any) -> None:
        nonlocal count
        count += 1
        if count & _CHECK_EVERY == 0 and clock() >= at and not _importing(frame):
            raise _OutOfTime

    previous = sys.getprofile()
    sys.setprofile(hook)
    try:
        result = fn(*args)
    except _OutOfTime:
        raise GradingTimeout("time limit reached in bounded work (run in this process)") from None
    finally:
        sys.setprofile(previous)
    deadline.check()  # (work that ended past the deadline between two looks at the clock)
    return result
