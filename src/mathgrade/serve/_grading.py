"""Grading for the server, on the process-wide runtime (:mod:`mathgrade.runtime`).

- A request of one short row is graded on the event loop itself, with no round trip to a worker (a short row takes
  tens of microseconds; the hand-off to a worker and back costs more than that), unless it needs symbolic work: the
  loop is marked :func:`~mathgrade.runtime.no_waiting`, so the moment the row would wait for sympy it stops
  (:class:`~mathgrade.runtime.WouldBlock`) and goes to a worker whole. The event loop never waits on symbolic work.
- Other requests go to the workers in chunks, a few at a time, so that every core works on a large request and a
  request whose client went away stops sending work at once (only the chunks already taken by workers finish).
- Where no worker process can be started, rows are graded in threads of the event loop's executor.
"""

from __future__ import annotations

import asyncio
import functools
from collections import Counter
from typing import Any, Dict, List, Optional, Sequence, Set, Tuple, Union

from ..options import Options
from ..rows import grade_one, grade_rows, submit_rows
from ..runtime import WorkerPool, WouldBlock, batch_workers, no_waiting, shared_pool, warm_pool
from ..verdict import Verdict
from ._metrics import Metrics

__all__ = ["Grading", "make_pool", "Workers"]

Pair = Tuple[Any, ...]

_MAX_CHUNK = 64
"""Most rows per task: large enough that a task's overhead (about 0.3 ms) is small next to its rows' work, small
enough that a large request is spread over every worker."""
_WINDOW_PER_WORKER = 2
"""Chunks of one request in flight per worker: enough to keep the workers busy, few enough that a cancelled request
wastes little work."""
_ON_LOOP_CHARS = 4000
"""Longest output of a one-row request graded on the event loop (about 0.2 ms of extraction at most); longer ones go
to a worker."""


class Workers:
    """The server's share of the process-wide pool: ``workers`` processes (None: every core). :meth:`warm_up` grows
    the pool to them and waits until they are ready; :meth:`close` does nothing (the pool is the process's, stopped
    at exit)."""

    def __init__(self, workers: Optional[int], pool: Optional[WorkerPool] = None) -> None:
        self.workers = pool.workers if pool is not None else batch_workers(workers)
        self._own = pool
        """A pool given by the caller (tests, embedding), used instead of the process-wide one."""

    def pool(self) -> Optional[WorkerPool]:
        """The pool (the process-wide one: None where this process cannot start workers)."""
        return self._own if self._own is not None else shared_pool(self.workers)

    def warm_up(self) -> None:
        from ..grader import warm

        warm()
        if self._own is not None:
            self._own.warm_up()
            return
        self.pool()
        warm_pool()

    def close(self) -> None:
        """Nothing to do: the process-wide pool outlives the server's app and stops at exit."""


class Grading:
    """Grades rows from the event loop (see the module docstring), counting rows graded and verdicts in
    ``metrics``."""

    def __init__(self, pool: Union[Workers, WorkerPool], metrics: Metrics) -> None:
        self.pool = pool if isinstance(pool, Workers) else Workers(None, pool)
        self.metrics = metrics
        self.window = max(1, _WINDOW_PER_WORKER * pool.workers)

    async def grade(self, pairs: Sequence[Pair], options: Options, here: bool = True) -> List[Verdict]:
        """One verdict per pair, in order (``here=False``: :meth:`here` was tried already). Cancelling the call
        stops sending chunks to the pool."""
        out = self.here(pairs, options) if here else None
        if out is None:
            out = await self._in_workers(pairs, options)
            self.metrics.verdicts(dict(Counter(v.status.value for v in out)))
        return out

    def here(self, pairs: Sequence[Pair], options: Options) -> Optional[List[Verdict]]:
        """The verdicts of a request of one short row graded here, at once (counted in the metrics); None for
        any other request, and for a row that needs symbolic work: :meth:`grade` sends those to the workers."""
        if len(pairs) != 1:
            return None
        out = self._on_loop(pairs[0], options)
        if out is not None:
            self.metrics.verdicts({out[0].status.value: 1})
        return out

    def _on_loop(self, pair: Pair, options: Options) -> Optional[List[Verdict]]:
        """The row's verdict graded here, or None when it is long or needs symbolic work (a worker grades it)."""
        output = pair[0]
        if isinstance(output, str) and len(output) > _ON_LOOP_CHARS:
            return None
        try:
            with no_waiting():
                verdict = grade_one(pair, options)
        except WouldBlock:
            return None
        self.metrics.rows_graded.inc(1)
        return [verdict]

    async def _in_workers(self, pairs: Sequence[Pair], options: Options) -> List[Verdict]:
        size = self._chunk_size(len(pairs))
        chunks = [list(pairs[i:i + size]) for i in range(0, len(pairs), size)]
        results: List[Optional[List[Verdict]]] = [None] * len(chunks)
        running: Dict["asyncio.Future[Any]", int] = {}
        pending: Set["asyncio.Future[Any]"] = set()
        pool = self.pool.pool()
        loop = asyncio.get_running_loop()
        sent = 0
        try:
            while sent < len(chunks) or pending:
                while sent < len(chunks) and len(pending) < self.window:
                    rows = len(chunks[sent])
                    self.metrics.rows_in_flight.inc(rows)
                    future: "asyncio.Future[Any]"
                    if pool is not None:
                        task = submit_rows(pool, chunks[sent], options)
                        task.add_done_callback(functools.partial(self._count, rows))  # (also if the request goes)
                        future = asyncio.wrap_future(task)
                    else:
                        future = loop.run_in_executor(None, grade_rows, chunks[sent], options)
                        future.add_done_callback(functools.partial(self._count, rows))
                    running[future] = sent
                    pending.add(future)
                    sent += 1
                done, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
                for future in done:
                    results[running.pop(future)] = future.result()[1]
        finally:
            for future in pending:
                future.cancel()
        return [v for chunk in results if chunk is not None for v in chunk]

    def _count(self, rows: int, task: Any) -> None:
        """Count a chunk's rows once the pool is done with them (graded also when their request was cancelled
        meanwhile; not graded when the chunk was cancelled before a worker took it)."""
        self.metrics.rows_in_flight.dec(rows)
        if not task.cancelled() and task.exception() is None:
            self.metrics.rows_graded.inc(rows)

    def _chunk_size(self, n: int) -> int:
        """Rows per chunk: the request spread over the window, at most :data:`_MAX_CHUNK`."""
        return max(1, min(_MAX_CHUNK, -(-n // self.window)))


def make_pool(workers: Optional[int]) -> Workers:
    """The server's workers: ``workers`` processes of the process-wide pool (None: every core)."""
    return Workers(workers)
