"""A live run: ask the endpoint for every sample the cache lacks, and hand every sample, in order, to scoring.

Data flows one way::

    samples in order ─▶ cache lookup ─┬─ hit ────────────────────────────────┐
                                      └─ miss ─▶ request ─▶ cache write ─────┴─▶ in order ─▶ scoring thread

Requests run on an asyncio event loop with at most ``concurrency`` in flight. Answers are written to the cache in
small batches (a few milliseconds apart) and only then released to scoring, so that every answer graded is on disk
and a killed run loses nothing it has graded. Samples are released in (problem, sample) order; the producer starts a
sample only while fewer than ``window`` samples separate it from the last one scored, which bounds the memory of the
reorder buffer and of the scoring queue whatever the run's length.

The endpoint is contacted only when the first sample missing from the cache is found: its model list is checked, then
that sample is asked alone, so that a wrong URL, model, key or request field is one clear error, not thousands of
failed requests. After that, a request that fails for good is recorded as a failed sample (status
``request_error``), unless many fail in a row, which stops the run.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from dataclasses import dataclass
from typing import Any, Dict, Iterator, List, Optional, Set, Tuple

from .cache import ResponseCache, key_prefix, prompt_digest, sample_key
from .client import Client, Completion, EndpointError, RequestFailed, Sampling, request_body
from .progress import Progress
from .prompts import Prompter
from .scoring import Sample, Scorer
from .tasks import Task

__all__ = ["fetch_and_score", "MAX_FAILURES_IN_A_ROW"]

MAX_FAILURES_IN_A_ROW = 25
"""Requests failing for good one after the other, with no success between, that stop the run."""
_LOOKUP_BLOCK = 256
"""Samples looked up in the cache at once."""
_FLUSH_EVERY = 0.01
"""Seconds answers wait to be written to the cache together (one transaction per batch)."""
_POLL = 0.005
"""Seconds between looks at the scoring thread's progress while the window is full."""
_END = object()


class _ScoringStopped(Exception):
    """The scoring thread ended early (its error is raised instead)."""


@dataclass
class _Job:
    seq: int
    sample: Sample
    key: bytes


def jobs(task: Task, n: int, prompter: Prompter, prefix: bytes) -> Iterator[_Job]:
    """Every sample of the run, in order, with its cache key (each problem's prompt is built and hashed once)."""
    seq = 0
    for position, problem in enumerate(task.problems):
        prompt = prompter.prompt(problem.problem)
        digest = prompt_digest(prompt)
        for index in range(n):
            yield _Job(seq, Sample(problem, position, index, prompt), sample_key(prefix, digest, index))
            seq += 1


class _Fetcher:
    """Fills in the answer of every sample (from the cache, or by asking) and releases the samples in order."""

    def __init__(self, client: Client, cache: ResponseCache, model: str, sampling: Sampling, progress: Progress,
                 handoff: "queue.Queue[Any]", window: int, scoring: threading.Thread) -> None:
        self.client = client
        self.cache = cache
        self.model = model
        self.sampling = sampling
        self.progress = progress
        self.handoff = handoff
        self.window = window
        self.scoring = scoring
        self._slots = asyncio.Semaphore(client.concurrency)
        self._tasks: Set["asyncio.Task[None]"] = set()
        self._to_write: List[Tuple[_Job, Completion]] = []
        self._flushing: Optional["asyncio.Task[None]"] = None
        self._held: Dict[int, Sample] = {}
        self._next = 0
        self._checked = False
        self._any_cached = False
        self._failures_in_a_row = 0
        self._fatal: Optional[BaseException] = None

    async def run(self, todo: Iterator[_Job]) -> None:
        block: List[_Job] = []
        for job in todo:
            block.append(job)
            if len(block) == _LOOKUP_BLOCK:
                await self._block(block)
                block = []
        await self._block(block)
        while self._tasks:
            await asyncio.wait(set(self._tasks))
            self._raise_fatal()
        await self.flush()

    async def _block(self, block: List[_Job]) -> None:
        found = self.cache.get_many([j.key for j in block])
        self._any_cached = self._any_cached or bool(found)
        for job in block:
            while job.seq - self.progress.graded >= self.window:
                self._raise_fatal()
                if not self.scoring.is_alive():
                    raise _ScoringStopped()
                await asyncio.sleep(_POLL)
            self._raise_fatal()
            hit = found.get(job.key)
            if hit is not None:
                job.sample.completion = hit
                job.sample.cached = True
                self._release(job.seq, job.sample)
            elif not self._checked:
                await self.client.check_model(self.model)
                # the first request is a check of the endpoint, unless this run has answers cached already
                await self._ask(job, first=not self._any_cached, slot=False)
                self._checked = True
                self._raise_fatal()
            else:
                await self._slots.acquire()
                task = asyncio.get_running_loop().create_task(self._ask(job))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _ask(self, job: _Job, first: bool = False, slot: bool = True) -> None:
        """Ask for one sample's answer. ``first``: the endpoint's check, whose failure stops the run; ``slot``: the
        request holds one of the concurrency slots (released here)."""
        p = self.progress
        p.in_flight += 1
        try:
            body = request_body(self.model, job.sample.prompt, self.sampling, job.sample.index)
            completion = await self.client.complete(body)
        except RequestFailed as exc:
            if first:
                raise EndpointError(f"the first request to {self.client.base_url} failed: {exc}") from None
            self._failed(job, str(exc))
            return
        except EndpointError as exc:
            if first:
                raise
            self._fatal = exc
            return
        finally:
            p.in_flight -= 1
            if slot:
                self._slots.release()
        self._failures_in_a_row = 0
        p.requests += 1
        p.tokens += completion.completion_tokens or 0
        self._to_write.append((job, completion))
        if self._flushing is None:
            self._flushing = asyncio.get_running_loop().create_task(self._flush_soon())

    def _failed(self, job: _Job, message: str) -> None:
        self.progress.failed += 1
        self._failures_in_a_row += 1
        job.sample.error = message
        self._release(job.seq, job.sample)
        if self._failures_in_a_row >= MAX_FAILURES_IN_A_ROW and self._fatal is None:
            self._fatal = EndpointError(f"{self._failures_in_a_row} requests in a row to {self.client.base_url} "
                                        f"failed; the last: {message}")

    async def _flush_soon(self) -> None:
        await asyncio.sleep(_FLUSH_EVERY)
        self._flushing = None
        try:
            self._write()
        except Exception as exc:  # noqa: BLE001 - e.g. a full disk: the producer stops the run with it
            if self._fatal is None:
                self._fatal = exc

    async def flush(self) -> None:
        """Write every answer received to the cache now (also when the run stops early)."""
        if self._flushing is not None:
            self._flushing.cancel()
            self._flushing = None
        self._write()

    def _write(self) -> None:
        batch, self._to_write = self._to_write, []
        if not batch:
            return
        self.cache.put_many([(job.key, job.sample.problem.id, job.sample.index, completion)
                             for job, completion in batch])
        for job, completion in batch:
            job.sample.completion = completion
            self._release(job.seq, job.sample)

    def _release(self, seq: int, sample: Sample) -> None:
        """A sample's answer is in hand (or failed for good): pass it on once every sample before it has been."""
        self.progress.done += 1
        self._held[seq] = sample
        while self._next in self._held:
            self.handoff.put(self._held.pop(self._next))
            self._next += 1

    def _raise_fatal(self) -> None:
        if self._fatal is not None:
            raise self._fatal

    async def stop(self) -> None:
        """Cancel the requests in flight (their samples stay missing: the next run asks for them)."""
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)


async def fetch_and_score(task: Task, n: int, prompter: Prompter, model: str, base_url: str, sampling: Sampling,
                          client: Client, cache: ResponseCache, scorer: Scorer, progress: Progress,
                          window: int) -> bool:
    """Run the whole live pipeline; return True when every sample was scored, False when the run was cancelled
    (Ctrl-C, SIGTERM). Answers received before a stop are written to the cache; an :class:`EndpointError` is raised
    after that."""
    handoff: "queue.Queue[Any]" = queue.Queue()
    problem = {}

    def score() -> None:
        try:
            scorer.run(iter(handoff.get, _END))
        except BaseException as exc:  # noqa: BLE001 - reported by the event loop's side
            problem["error"] = exc
            while handoff.get() is not _END:  # keep draining so that the producer never blocks
                pass

    thread = threading.Thread(target=score, name="mathgrade-eval-scoring", daemon=True)
    thread.start()
    prefix = key_prefix(base_url, {"model": model, "mode": prompter.mode, **sampling.config()})
    fetcher = _Fetcher(client, cache, model, sampling, progress, handoff, window, thread)
    refresher = asyncio.get_running_loop().create_task(_refresh(progress))
    finished = False
    try:
        await fetcher.run(jobs(task, n, prompter, prefix))
        finished = True
    except (asyncio.CancelledError, _ScoringStopped):
        pass
    finally:
        refresher.cancel()
        await fetcher.stop()
        try:
            await fetcher.flush()  # may fail again (a full disk): scoring is stopped all the same
        finally:
            handoff.put(_END)
            await asyncio.get_running_loop().run_in_executor(None, thread.join)
            progress.refresh()
    if "error" in problem:
        raise problem["error"]
    return finished


async def _refresh(progress: Progress) -> None:
    while True:
        progress.refresh()
        await asyncio.sleep(0.25)
