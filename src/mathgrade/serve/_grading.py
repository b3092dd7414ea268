"""Grading for the server: a request's rows go to the worker pool in chunks, a few at a time, so that the event loop
never grades anything itself, every core works on a large request, and a request whose client went away stops
sending work at once (only the chunks already taken by workers finish).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
from collections import Counter
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence, Set, Tuple

from ..options import Options
from ..verdict import Verdict
from ._metrics import Metrics

if TYPE_CHECKING:
    from ..pool import WorkerPool

__all__ = ["Grading", "make_pool"]

Pair = Tuple[Any, Any]

_MAX_CHUNK = 64
"""Most rows per task: large enough that a task's overhead (about 0.3 ms) is small next to its rows' work, small
enough that a large request is spread over every worker."""
_WINDOW_PER_WORKER = 2
"""Chunks of one request in flight per worker: enough to keep the workers busy, few enough that a cancelled request
wastes little work."""


class Grading:
    """Grades rows on ``pool`` from the event loop, counting rows graded and verdicts in ``metrics``."""

    def __init__(self, pool: "WorkerPool", metrics: Metrics) -> None:
        self.pool = pool
        self.metrics = metrics
        self.window = max(1, _WINDOW_PER_WORKER * pool.workers)

    async def grade(self, pairs: Sequence[Pair], options: Options) -> List[Verdict]:
        """One verdict per pair, in order. Cancelling the call stops sending chunks to the pool."""
        size = self._chunk_size(len(pairs))
        chunks = [pairs[i:i + size] for i in range(0, len(pairs), size)]
        results: List[Optional[List[Verdict]]] = [None] * len(chunks)
        running: Dict["asyncio.Future[List[Verdict]]", int] = {}
        pending: Set["asyncio.Future[List[Verdict]]"] = set()
        sent = 0
        try:
            while sent < len(chunks) or pending:
                while sent < len(chunks) and len(pending) < self.window:
                    task = self.pool.grade_rows(chunks[sent], options)
                    self.metrics.rows_in_flight.inc(len(chunks[sent]))
                    task.add_done_callback(functools.partial(self._count, len(chunks[sent])))
                    future = asyncio.wrap_future(task)
                    running[future] = sent
                    pending.add(future)
                    sent += 1
                done, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
                for future in done:
                    results[running.pop(future)] = future.result()
        finally:
            for future in pending:
                future.cancel()
        out = [v for chunk in results if chunk is not None for v in chunk]
        self.metrics.verdicts(dict(Counter(v.status.value for v in out)))
        return out

    def _count(self, rows: int, task: "concurrent.futures.Future[List[Verdict]]") -> None:
        """Count a chunk's rows once the pool is done with them (graded also when their request was cancelled
        meanwhile; not graded when the chunk was cancelled before a worker took it)."""
        self.metrics.rows_in_flight.dec(rows)
        if not task.cancelled() and task.exception() is None:
            self.metrics.rows_graded.inc(rows)

    def _chunk_size(self, n: int) -> int:
        """Rows per chunk: the request spread over the window, at most :data:`_MAX_CHUNK`."""
        return max(1, min(_MAX_CHUNK, -(-n // self.window)))


def make_pool(workers: Optional[int]) -> "WorkerPool":
    """The worker pool for ``workers`` processes (None: every core)."""
    from ..pool import WorkerPool

    return WorkerPool(workers)
