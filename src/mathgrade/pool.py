"""Moved: the pool of worker processes is :mod:`mathgrade.runtime` (the layer beneath the pipeline), and the grading
of rows in it is :mod:`mathgrade.rows`. These names stay importable from here for existing code."""

from .runtime import PoolUnusable, WorkerPool, available_cores, wait_stopped

__all__ = ["WorkerPool", "PoolUnusable", "available_cores", "wait_stopped"]
