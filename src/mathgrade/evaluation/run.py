"""An evaluation run end to end: :func:`evaluate` asks a model (live), :func:`rescore` scores a predictions file;
both write the same run directory (``config.json``, ``samples.jsonl``, ``results.json``; see docs/eval.md)."""

from __future__ import annotations

import asyncio
import dataclasses
import datetime
import os
import signal
import time
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Dict, List, Optional, Tuple

from .. import __version__
from .._check import Check, check, integer, url
from ..errors import ConfigError
from ..options import Options, make_options
from .cache import ResponseCache
from .client import Client, RetryPolicy, Sampling, request_body
from .live import fetch_and_score
from .predictions import PredictionFields, Predictions
from .progress import Progress
from .prompts import Prompter, config_fields
from .rundir import CACHE, RESULTS, RunDir
from .scoring import Scorer
from .tasks import Task

__all__ = ["EvalSettings", "RunOutcome", "evaluate", "rescore", "options_from_config", "preview"]


@dataclass(frozen=True)
class EvalSettings:
    """Everything that defines a live run.

    ``task`` (cut to its first ``limit`` problems) is asked of ``model`` at ``base_url`` (an OpenAI-compatible
    endpoint ending in ``/v1``), ``n`` samples per problem, with the prompts of ``prompter`` and the ``sampling``
    parameters. Answers are graded with ``options`` (:class:`mathgrade.Options`) on ``workers`` processes (None:
    every core; 0: in this process).
    The client keeps at most ``concurrency`` requests in flight, each attempt limited to ``request_timeout`` seconds,
    retried as ``retry`` says. ``api_key_env`` names the environment variable that holds the API key (the key itself
    is never stored). ``task_source`` describes where the task came from, for ``config.json`` and ``--resume``.
    """

    task: Task
    model: str
    base_url: str
    prompter: Prompter
    sampling: Sampling = Sampling()
    n: int = 1
    limit: Optional[int] = None
    options: Options = Options()
    concurrency: int = 64
    request_timeout: float = 1200.0
    retry: RetryPolicy = RetryPolicy()
    api_key_env: Optional[str] = None
    workers: Optional[int] = None
    task_source: Dict[str, Any] = field(default_factory=lambda: {"kind": "bundled"})

    def __post_init__(self) -> None:
        check(self, _CHECKS)
        if not isinstance(self.options, Options):
            raise ConfigError("options", f"must be a mathgrade.Options, not {type(self.options).__name__}")

    def config(self, started_at: str) -> Dict[str, Any]:
        """The ``config.json`` object of this run (no secret in it: only the name of the key's variable)."""
        return {
            "task": self.task.name, "task_source": self.task_source, "model": self.model,
            "base_url": self.base_url, **config_fields(self.prompter), "n": self.n, **self.sampling.config(),
            "limit": self.limit, **asdict(self.options), "concurrency": self.concurrency,
            "request_timeout": self.request_timeout, "max_retries": self.retry.max_retries,
            "api_key_env": self.api_key_env, "predictions": None, "workers": self.workers,
            "mathgrade_version": __version__, "started_at": started_at,
        }


_CHECKS: Dict[str, Check] = {"n": integer(1), "concurrency": integer(1), "base_url": url}


def options_from_config(config: Dict[str, Any]) -> Options:
    """The grading options a ``config.json`` records (its keys named like the fields of :class:`Options`)."""
    return make_options(**{f.name: config[f.name] for f in fields(Options) if config.get(f.name) is not None})


@dataclass
class RunOutcome:
    """What a run did: its ``results`` (the ``results.json`` object; None when it was interrupted), whether it
    finished (``complete``: every sample scored), where it wrote, and the requests it sent. ``reused``: the
    directory held this very run, finished, and nothing was asked or written; ``kept``: the files of an earlier
    finished run there, renamed with the time it started (see :meth:`RunDir.begin`)."""

    out_dir: str
    results: Optional[Dict[str, Any]]
    complete: bool
    scored: int
    total: int
    requests: int = 0
    notes: Tuple[str, ...] = ()
    """What a person should know about how the input was read (a rescored file's filter, its coverage)."""
    reused: bool = False
    kept: List[str] = field(default_factory=list)


def evaluate(settings: EvalSettings, out_dir: str, *, progress: bool = False, log_every: Optional[float] = None,
             label: str = "") -> RunOutcome:
    """Run ``settings`` live, writing the run directory ``out_dir``; samples already in its cache are not asked
    again, and a finished run of the same settings there is not run again (its results are returned). Raises
    :class:`~mathgrade.evaluation.client.EndpointError` when the endpoint cannot serve the run (after writing every
    answer received to the cache), :class:`~mathgrade.evaluation.rundir.UnfinishedRun` when ``out_dir`` holds an
    unfinished run of other settings.

    ``progress``: a bar on stderr; else ``log_every``: a line on stderr every that many seconds (and at the end),
    named by ``label``."""
    api_key = _api_key(settings.api_key_env)
    options = settings.options
    task = settings.task.head(settings.limit)
    total = len(task) * settings.n
    started = time.perf_counter()
    workers = settings.workers if settings.workers is not None else _cores()
    window = max(2048, 4 * settings.concurrency)
    # the scorer's grading reads ahead at most 4 chunks per worker: keep that well inside the producer's window
    chunk = max(1, min(1024, window // (8 * max(1, workers))))
    with RunDir(out_dir) as run_dir:
        done = run_dir.begin(settings.config(_now()))
        if done is not None:
            return RunOutcome(run_dir.path, done, True, done.get("samples", 0), total, 0, reused=True)
        shown = Progress(total, progress, log_every=log_every, label=label)
        try:
            with run_dir.open_samples() as out:
                scorer = Scorer(task.name, options, out, workers=workers, chunk_size=chunk, total=total,
                                on_graded=shown.graded_now)
                client = Client(settings.base_url, api_key=api_key, concurrency=settings.concurrency,
                                timeout=settings.request_timeout, retry=settings.retry, on_retry=shown.retried)
                finished = _run_coroutine(_live(settings, task, client, run_dir.file(CACHE), scorer, shown, window))
        finally:
            shown.close()
        return _finish(run_dir, scorer, task.name, settings.model, finished, total, started, shown.requests)


def preview(settings: EvalSettings, count: int) -> List[Tuple[str, Dict[str, Any]]]:
    """The requests of the first ``count`` problems' first samples, exactly as a run would send them: each as the
    URL it goes to and its JSON body. Nothing is asked."""
    task = settings.task.head(settings.limit)
    path = "/completions" if settings.prompter.mode == "completion" else "/chat/completions"
    url = settings.base_url.rstrip("/") + path
    return [(url, request_body(settings.model, settings.prompter.prompt(p.problem), settings.sampling, 0))
            for p in task.problems[:count]]


async def _live(settings: EvalSettings, task: Task, client: Client, cache_path: str, scorer: Scorer,
                progress: Progress, window: int) -> bool:
    """The live pipeline on this thread's event loop (the cache is opened here: SQLite keeps to one thread)."""
    loop = asyncio.get_running_loop()
    current = asyncio.current_task()
    try:  # SIGTERM stops cleanly, like Ctrl-C (only possible from the main thread)
        if current is not None:
            loop.add_signal_handler(signal.SIGTERM, current.cancel)
    except (NotImplementedError, RuntimeError, ValueError):
        pass
    try:
        with ResponseCache(cache_path) as cache:
            async with client:
                return await fetch_and_score(task, settings.n, settings.prompter, settings.model, settings.base_url,
                                             settings.sampling, client, cache, scorer, progress, window)
    finally:
        try:
            loop.remove_signal_handler(signal.SIGTERM)
        except (NotImplementedError, RuntimeError, ValueError):
            pass


def _run_coroutine(coro: Any) -> Any:
    """Run ``coro`` to its end with ``asyncio.run``; from a thread whose event loop is running already (a notebook),
    in a thread of its own."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="mathgrade-eval") as executor:
        return executor.submit(asyncio.run, coro).result()


def rescore(predictions: str, out_dir: str, *, task: Optional[Task] = None,
            fields: PredictionFields = PredictionFields(), options: Options = Options(),
            workers: Optional[int] = None, limit: Optional[int] = None, model: Optional[str] = None,
            fmt: Optional[str] = None, progress: bool = False, log_every: Optional[float] = None) -> RunOutcome:
    """Score the generations in the file ``predictions`` (against ``task``, or the file's own gold answers), writing
    the run directory ``out_dir`` like a live run, graded with ``options`` (a finished run there keeps its files
    under new names; see :meth:`RunDir.begin`)."""
    started = time.perf_counter()
    with RunDir(out_dir) as run_dir:
        with Predictions(predictions, task, fields, run_dir.path, fmt=fmt, limit=limit) as preds:
            scored_task = preds.task
            run_dir.begin(_rescore_config(scored_task, predictions, fields, options, limit, model, workers),
                          reuse=False)
            shown = Progress(preds.samples, progress, log_every=log_every)
            finished = False
            try:
                with run_dir.open_samples() as out:
                    scorer = Scorer(scored_task.name, options, out, workers=workers, total=preds.samples,
                                    on_graded=shown.scored)
                    scorer.run(preds)
                    finished = True
            except KeyboardInterrupt:
                pass
            finally:
                shown.close()
            notes = tuple(preds.notes)
        outcome = _finish(run_dir, scorer, scored_task.name, model, finished, preds.samples, started, 0)
        return dataclasses.replace(outcome, notes=notes)


def _finish(run_dir: RunDir, scorer: Scorer, task: str, model: Optional[str], finished: bool, total: int,
            started: float, requests: int) -> RunOutcome:
    results = None
    if finished:
        results = scorer.scoreboard.results(task, model, round(time.perf_counter() - started, 3))
        run_dir.write_json(RESULTS, results)
    return RunOutcome(run_dir.path, results, finished, scorer.graded, total, requests, kept=run_dir.kept)


def _rescore_config(task: Task, predictions: str, fields: PredictionFields, options: Options, limit: Optional[int],
                    model: Optional[str], workers: Optional[int]) -> Dict[str, Any]:
    return {
        "task": task.name, "task_source": {"kind": "predictions" if task.source == predictions else "given",
                                           "path": task.source},
        "model": model, "base_url": None, "mode": None, "system": None, "prompt_template": None, "num_fewshot": None,
        "n": None,
        "temperature": None, "top_p": None, "max_tokens": None, "seed": None, "stop": None, "extra": None,
        "limit": limit, **asdict(options), "concurrency": None,
        "request_timeout": None, "max_retries": None, "api_key_env": None,
        "predictions": {"path": predictions, "response_field": fields.response, "key_field": fields.key,
                        "match_by": fields.match_by, "gold_field": fields.gold},
        "workers": workers, "mathgrade_version": __version__, "started_at": _now(),
    }


def _api_key(variable: Optional[str]) -> Optional[str]:
    if variable is None:
        return None
    value = os.environ.get(variable)
    if not value:
        raise ConfigError("api_key_env", f"names the environment variable {variable}, which is not set or empty")
    return value


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def _cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)
