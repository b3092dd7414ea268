"""Scoring: grade a stream of samples (in problem order, then sample order), cluster each problem's answers, write
every sample's row to ``samples.jsonl`` and feed the :class:`Scoreboard`.

The same code scores a live run (samples arrive from the endpoint or the cache) and a rescoring of a predictions
file. Grading goes through :func:`mathgrade.grade_many` (worker processes, input order kept), so the thread that
drives it spends its time on clustering and writing only.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable, Deque, Dict, Iterable, Iterator, List, Optional, Protocol, Tuple

from ..batch import grade_many
from ..options import Options
from ..verdict import Verdict
from .client import Completion
from .metrics import REQUEST_ERROR, AnswerClusters, SampleOutcome, Scoreboard
from .prompts import Prompt
from .tasks import Problem

__all__ = ["Sample", "Scorer", "sample_row", "SAMPLE_KEYS"]

SAMPLE_KEYS = ("task", "problem_id", "sample_index", "prompt", "response", "finish_reason", "prompt_tokens",
               "completion_tokens", "latency_s", "gold", "extracted", "extracted_start", "extracted_end",
               "extraction_rule", "status", "correct", "rule", "reason", "answer_value", "gold_value", "cluster",
               "subject", "level", "meta", "reasoning")
"""The keys of every ``samples.jsonl`` object, in order (documented in docs/eval.md)."""


class TextSink(Protocol):
    """Where sample rows go (``samples.jsonl``): anything with ``write(text)``."""

    def write(self, text: str) -> Any: ...


@dataclass
class Sample:
    """One sample on its way to scoring: which problem (and its position in the task), which sample, the prompt sent,
    and the model's answer (``completion``), or the ``error`` that kept it from being had."""

    problem: Problem
    position: int
    index: int
    prompt: Optional[Prompt]
    completion: Optional[Completion] = None
    error: Optional[str] = None
    cached: bool = False


def sample_row(task: str, sample: Sample, verdict: Verdict, cluster: Optional[int]) -> Dict[str, Any]:
    """The ``samples.jsonl`` object of a graded sample."""
    c = sample.completion
    p = sample.problem
    a = verdict.answer
    return {
        "task": task,
        "problem_id": p.id,
        "sample_index": sample.index,
        "prompt": sample.prompt,
        "response": c.text if c else None,
        "finish_reason": c.finish_reason if c else None,
        "prompt_tokens": c.prompt_tokens if c else None,
        "completion_tokens": c.completion_tokens if c else None,
        "latency_s": c.latency_s if c else None,
        "gold": p.answer,
        "extracted": a.text if a else None,
        "extracted_start": a.start if a else None,
        "extracted_end": a.end if a else None,
        "extraction_rule": a.rule if a else None,
        "status": verdict.status.value if c else REQUEST_ERROR,
        "correct": verdict.correct if c else False,
        "rule": verdict.rule if c else "request.failed",
        "reason": verdict.to_row()["reason"] if c else (sample.error or "the request failed"),
        "answer_value": None if verdict.answer_value is None else str(verdict.answer_value),
        "gold_value": None if verdict.gold_value is None else str(verdict.gold_value),
        "cluster": cluster,
        "subject": p.subject,
        "level": p.level,
        "meta": dict(p.meta),
        "reasoning": c.reasoning if c else None,
    }


class Scorer:
    """Grades samples and writes their rows to ``out`` (a text file), problem by problem, into ``scoreboard``.

    ``on_graded(graded, correct)`` is called after each sample with the running counts (for progress and for the
    producer's window). ``workers`` and ``chunk_size`` go to :func:`mathgrade.grade_many`; ``total`` is the number
    of samples expected, when known.
    """

    def __init__(self, task: str, options: Options, out: TextSink, *, workers: Optional[int] = None,
                 chunk_size: int = 1024, total: Optional[int] = None,
                 on_graded: Optional[Callable[[int, int], None]] = None) -> None:
        self.task = task
        self.options = options
        self.out = out
        self.workers = workers
        self.chunk_size = chunk_size
        self.total = total
        self.on_graded = on_graded
        self.scoreboard = Scoreboard()
        self.graded = 0
        self.correct = 0
        self._problem: Optional[Problem] = None
        self._position = -1
        self._outcomes: List[SampleOutcome] = []
        self._clusters = AnswerClusters(options)

    def run(self, samples: Iterable[Sample]) -> Scoreboard:
        """Score every sample of ``samples`` (in problem order, then sample order) and return the scoreboard."""
        pending: Deque[Sample] = deque()

        def pairs() -> Iterator[Tuple[Optional[str], str, str]]:  # the problem: an option named by its content
            for s in samples:
                pending.append(s)
                yield (None if s.completion is None else s.completion.text), s.problem.answer, s.problem.problem

        verdicts = grade_many(pairs(), workers=self.workers, total=self.total, chunk_size=self.chunk_size,
                              policy=self.options.policy, timeout=self.options.timeout)
        try:
            for verdict in verdicts:
                self._take(pending.popleft(), verdict)
        finally:
            verdicts.close()  # type: ignore[attr-defined]
        self._close_problem()
        return self.scoreboard

    def _take(self, sample: Sample, verdict: Verdict) -> None:
        if sample.position != self._position:
            self._close_problem()
            self._problem, self._position = sample.problem, sample.position
            self._clusters = AnswerClusters(self.options)
        failed = sample.completion is None
        cluster = None if failed else self._clusters.add(verdict)
        row = sample_row(self.task, sample, verdict, cluster)
        self.out.write(json.dumps(row, ensure_ascii=False, default=str) + "\n")
        c = sample.completion
        self._outcomes.append(SampleOutcome(
            row["status"], bool(row["correct"]), cluster,
            c.finish_reason if c else None, c.prompt_tokens if c else None, c.completion_tokens if c else None,
            c.latency_s if c else None, sample.cached))
        self.graded += 1
        if row["correct"]:
            self.correct += 1
        if self.on_graded is not None:
            self.on_graded(self.graded, self.correct)

    def _close_problem(self) -> None:
        if self._problem is not None and self._outcomes:
            self.scoreboard.add_problem(self._outcomes, self._problem.subject, self._problem.level)
        self._outcomes = []

