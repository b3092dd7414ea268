"""The reward semantics, shared by every adapter: which part of a response counts, how a verdict becomes a number.

A batch is rewarded in two steps so that the grading in between can run anywhere (in this process for the training
libraries' adapters, on the server's worker pool for ``mathgrade serve``): :meth:`Reward.plan` decides what each row
needs (most rows: grading its answer part with the ``reward`` policy; a row cut off while thinking: nothing, it gets
``no_answer`` at once), and :meth:`Plan.results` turns the verdicts into :class:`Scored` rows.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

from .._extract import THINKING_TAGS, answer_part
from ..options import Options, make_options
from ..verdict import Status, Verdict

__all__ = ["Reward", "Scored", "Plan", "make_reward", "answer_part", "marks_answer", "THINKING_TAGS"]

_FORMATTED_STATUSES = frozenset({Status.INCORRECT, Status.UNPARSABLE})
"""Statuses of a response that marked one final answer which is wrong (or unreadable): the ``formatted`` value."""


def marks_answer(response: Optional[str]) -> bool:
    """True when ``response`` marks one final answer the way the ``reward`` policy requires (a ``\\boxed{}``, "the
    answer is"...), after any thinking, whether the answer is right or wrong: what the format reward pays for.
    Several answers offered as alternatives (``\\boxed{2} or \\boxed{3}``) are not one answer."""
    from ..grader import extract

    text = answer_part(response or "")
    if text is None:
        return False
    candidates = extract(text, policy="reward")
    return bool(candidates) and not candidates[0].alternatives


class Scored(NamedTuple):
    """One rewarded response: the ``reward`` (None when the gold answer cannot be read: such a row teaches nothing,
    and TRL skips it) and the :class:`~mathgrade.Verdict` that decided it."""

    reward: Optional[float]
    verdict: Verdict


@dataclass(frozen=True)
class Reward:
    """How responses are rewarded: the values paid and the grading options (see :func:`make_reward`).

    correct:
        Paid when the marked final answer equals the gold answer.
    incorrect:
        Paid for everything else: no marked answer, a wrong answer, several different answers, a response cut off
        while thinking, a grading timeout or error.
    formatted:
        If set, paid instead of ``incorrect`` when the response marked one final answer that is wrong (statuses
        ``incorrect`` and ``unparsable``), as verl's ``format_score``: a small reward for the format alone.
    options:
        The grading options (:class:`mathgrade.Options`); the policy is ``reward`` unless set otherwise.
    """

    correct: float = 1.0
    incorrect: float = 0.0
    formatted: Optional[float] = None
    options: Options = field(default_factory=lambda: make_options(policy="reward"))

    def value(self, verdict: Verdict) -> Optional[float]:
        """The reward a verdict earns (None for an unreadable gold answer)."""
        status = verdict.status
        if status is Status.CORRECT:
            return self.correct
        if status is Status.INVALID_GOLD:
            return None
        if self.formatted is not None and status in _FORMATTED_STATUSES:
            return self.formatted
        return self.incorrect

    def plan(self, responses: Sequence[Optional[str]], golds: Sequence[Any]) -> "Plan":
        """What grading a batch needs (see :class:`Plan`). ``responses`` and ``golds`` have the same length; a
        response that is None counts as empty."""
        if len(responses) != len(golds):
            raise ValueError(f"{len(responses)} responses but {len(golds)} gold answers: they must pair up")
        pairs: List[Tuple[str, Any]] = []
        steps: List[Union[int, Verdict]] = []
        for response, gold in zip(responses, golds):
            text = answer_part(response or "")
            problem = _gold_problem(gold)
            if problem is not None:
                steps.append(Verdict(False, Status.INVALID_GOLD, problem, "input.gold", _text(gold)))
            elif text is None:
                steps.append(_cut_off(gold))
            else:
                steps.append(len(pairs))
                pairs.append((text, gold))
        return Plan(self, pairs, steps)

    def score(self, responses: Sequence[Optional[str]], golds: Sequence[Any]) -> List[Scored]:
        """Reward a batch, grading in this process (safe in any thread; symbolic work that runs away is stopped by
        mathgrade's time limit, which needs no signal)."""
        from ..batch import grade_many

        plan = self.plan(responses, golds)
        return plan.results(list(grade_many(plan.pairs, workers=0, **self.grade_options())))

    def grade_options(self) -> Dict[str, Any]:
        """The grading options as keyword arguments of :func:`mathgrade.grade`."""
        return asdict(self.options)


@dataclass(frozen=True)
class Plan:
    """A batch prepared for grading: ``pairs`` are the (answer part, gold) rows to grade, in order; once they are
    graded, :meth:`results` gives every row of the batch its :class:`Scored`."""

    reward: Reward
    pairs: List[Tuple[str, Any]]
    steps: List[Union[int, Verdict]]
    """Per row of the batch: the index of its pair, or the verdict decided without grading."""

    def results(self, verdicts: Sequence[Verdict]) -> List[Scored]:
        """Every row's :class:`Scored`, given one verdict per pair (in the order of :attr:`pairs`)."""
        if len(verdicts) != len(self.pairs):
            raise ValueError(f"{len(verdicts)} verdicts for {len(self.pairs)} graded rows")
        value = self.reward.value
        out = []
        for step in self.steps:
            verdict = verdicts[step] if isinstance(step, int) else step
            out.append(Scored(value(verdict), verdict))
        return out


def _cut_off(gold: Any) -> Verdict:
    return Verdict(False, Status.NO_ANSWER, "the response was cut off while thinking: it gave no final answer",
                   "reward.cut_off", _text(gold))


def _gold_problem(gold: Any) -> Optional[str]:
    """Why ``gold`` cannot be a gold answer (missing, empty, not text or a number), or None."""
    if gold is None or (isinstance(gold, str) and not gold.strip()):
        return "the gold answer is missing"
    if isinstance(gold, bool) or not isinstance(gold, (str, int, float)):
        return f"the gold answer is a {type(gold).__name__}, not text"
    return None


def _text(gold: Any) -> str:
    return "" if gold is None else str(gold)[:200]


def make_reward(*, correct: float = 1.0, incorrect: float = 0.0, formatted: Optional[float] = None,
                **options: Any) -> Reward:
    """A :class:`Reward`, checked: the values are finite numbers; ``options`` are those of :func:`mathgrade.grade`
    (``timeout``, ``min_significant_digits``...; ``policy`` defaults to ``"reward"``). Raises ``ValueError`` naming
    what is wrong."""
    for name, value in (("correct", correct), ("incorrect", incorrect), ("formatted", formatted)):
        if value is None and name == "formatted":
            continue
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise ValueError(f"{name} must be a finite number, not {value!r}")
    options.setdefault("policy", "reward")
    return Reward(float(correct), float(incorrect), None if formatted is None else float(formatted),
                  make_options(**options))
