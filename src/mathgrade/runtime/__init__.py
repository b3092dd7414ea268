"""The runtime beneath the pipeline: one warm pool of worker processes per process, bounded runs, stops, spawn.

It runs the functions it is handed and knows nothing about grading: the stages above hand it their work
(:func:`run_bounded`: symbolic work that must be stoppable), batch grading hands it chunks of rows
(:meth:`WorkerPool.submit` on :func:`shared_pool`), and each layer registers what a new worker should load
(:func:`add_worker_setup`). Nothing here imports the stages, the grader, the rows or the batch code (a test reads
the import graph).

- :mod:`._pool`: :class:`WorkerPool`, warm workers that run functions under a time limit they cannot outlive.
- :mod:`._shared`: the process-wide pool, started lazily, grown once, stopped at exit and forgotten after a fork;
  none where processes cannot be started (a daemonic process, a worker of ours, a sandbox).
- :mod:`._bounded`: :func:`run_bounded`, in a worker or, where there is none, in this thread under an in-process
  time bound.
- :mod:`._stops`: stops (Ctrl-C, SIGTERM) that land between steps; :mod:`._spawn`: workers that never re-run the
  caller's main script.
"""

from ..limits import GradingTimeout
from ._bounded import RESULT_GRACE, WouldBlock, no_waiting, run_bounded, waited
from ._pool import PoolUnusable, WorkerPool, add_worker_setup, available_cores, in_worker, wait_stopped
from ._shared import BOUNDED_WORKERS, batch_workers, current_pool, give_up, shared_pool, unusable, warm_pool
from ._stops import STEP, stopping_on

__all__ = [
    "GradingTimeout",
    "run_bounded",
    "RESULT_GRACE",
    "WouldBlock",
    "no_waiting",
    "waited",
    "WorkerPool",
    "PoolUnusable",
    "add_worker_setup",
    "available_cores",
    "in_worker",
    "wait_stopped",
    "shared_pool",
    "current_pool",
    "give_up",
    "warm_pool",
    "batch_workers",
    "unusable",
    "BOUNDED_WORKERS",
    "STEP",
    "stopping_on",
]
