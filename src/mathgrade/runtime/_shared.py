"""The one process-wide pool: started lazily, kept warm between calls, stopped at exit, forgotten after a fork.

Every user of worker processes in the process (bounded symbolic work, batch grading, the command line, eval, the
server) takes its workers from :func:`shared_pool`; no call starts or stops a pool of its own. The pool starts with
:data:`BOUNDED_WORKERS` workers (what bounded work needs) and grows, once, to the number of workers batch work asks
for (at most the available cores); it never shrinks.

Where worker processes cannot be started, :func:`shared_pool` returns None and says why in :func:`unusable`:

- inside a worker of our own pool (its tasks are killed when they run too long: work runs there directly);
- inside a daemonic process (a ``multiprocessing.Pool`` worker, ``Process(daemon=True)``, which is where
  ``datasets.map(num_proc=...)`` runs): Python forbids it children, so the work runs in the calling process, bounded
  in time by :func:`mathgrade.runtime.run_bounded`'s in-process bound;
- where starting processes failed (a sandbox): said once, as a ``RuntimeWarning``.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import warnings
from typing import Optional

from ..errors import PoolUnusable
from ._pool import WorkerPool, available_cores, in_worker, run_setups_here

__all__ = ["shared_pool", "current_pool", "warm_pool", "give_up", "unusable", "batch_workers", "BOUNDED_WORKERS"]

BOUNDED_WORKERS = 2
"""Workers the process-wide pool starts with, for bounded work (each holds an imported sympy, about 60 MB)."""

_lock = threading.Lock()
_pool: Optional[WorkerPool] = None
_gave_up: Optional[str] = None
"""Why worker processes could not be started in this process, once that was found; else None."""


def unusable() -> Optional[str]:
    """Why this process runs its bounded and batch work itself (see the module docstring); None when it can use
    worker processes."""
    if _gave_up is not None:
        return _gave_up
    if in_worker():
        return "this process is a worker of mathgrade's pool"
    if multiprocessing.current_process().daemon:
        return "this is a daemonic process, which Python does not let start processes"
    return None


def batch_workers(limit: Optional[int]) -> int:
    """The workers batch work may use: ``limit`` (None: every available core), at most the cores available, at
    least :data:`BOUNDED_WORKERS` (the pool never has fewer)."""
    cores = available_cores()
    wanted = cores if limit is None else min(limit, max(cores, BOUNDED_WORKERS))
    return max(wanted, BOUNDED_WORKERS)


def shared_pool(workers: int = BOUNDED_WORKERS, start: bool = True) -> Optional[WorkerPool]:
    """The process-wide pool, with at least ``workers`` workers from now on, its workers started (with ``start``;
    without waiting for them); None where this process cannot use worker processes (:func:`unusable`)."""
    global _pool
    if unusable() is not None:
        return None
    with _lock:
        if _pool is None:
            _pool = WorkerPool(max(workers, BOUNDED_WORKERS))
        pool = _pool
    pool.grow(workers)
    if start:
        try:
            pool.start()
        except PoolUnusable as exc:
            give_up(exc)
            return None
    return pool


def current_pool() -> Optional[WorkerPool]:
    """The process-wide pool if it was made (its workers may still be starting), else None; starts nothing."""
    return _pool


def warm_pool() -> None:
    """Start the process-wide pool and wait until its workers are ready; nothing where this process cannot use
    worker processes (then the work runs in it). Never raises :class:`PoolUnusable`: it gives up instead."""
    pool = shared_pool()
    if pool is None:
        if not in_worker():  # (the work runs here: load now what a worker would load)
            run_setups_here()
        return
    try:
        pool.warm_up()
    except PoolUnusable as exc:
        give_up(exc)
        run_setups_here()


def give_up(exc: BaseException) -> None:
    """Worker processes cannot start here (e.g. the sandbox forbids it): from now on the work runs in this process.
    Said once, as a ``RuntimeWarning``."""
    global _gave_up, _pool
    with _lock:
        if _gave_up is not None:
            return
        reason = str(exc) or type(exc).__name__
        _gave_up = f"worker processes could not be started here ({reason})"
        pool, _pool = _pool, None
    warnings.warn(f"mathgrade could not start worker processes ({reason}); grading and symbolic work now run in this "
                  "process, where symbolic work is stopped by a time limit checked as it runs. Where workers are "
                  "started with multiprocessing's 'spawn', which re-imports the main script, run from a file with "
                  "the `if __name__ == '__main__':` guard.", RuntimeWarning, stacklevel=3)
    if pool is not None:
        pool.close(wait=False)


def _shutdown() -> None:
    """Stop the process-wide pool now (tests; at exit it stops by itself). The next use starts it again."""
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
