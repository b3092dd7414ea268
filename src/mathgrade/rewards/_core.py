"""The reward semantics, shared by every adapter: which part of a response counts, how a verdict becomes a number.

A batch is rewarded in two steps so that the grading in between can run anywhere (in this process for the training
libraries' adapters, on the server's worker pool for ``mathgrade serve``): :meth:`Reward.plan` decides what each row
needs (most rows: grading its answer part with the ``reward`` policy; a row cut off while thinking: nothing, it gets
``no_answer`` at once), and :meth:`Plan.results` turns the verdicts into :class:`Scored` rows.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from collections import Counter
from typing import Any, Dict, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

from .._extract import THINKING_TAGS, answer_part
from ..options import Options, make_options
from ..verdict import Status, Verdict

__all__ = ["Reward", "Scored", "Plan", "make_reward", "answer_part", "marks_answer", "THINKING_TAGS", "refusal", "refusals",
           "problem_of", "REFUSAL_PREFIXES", "PROBLEM_KEYS"]

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

    def plan(self, responses: Sequence[Optional[str]], golds: Sequence[Any],
             problems: Optional[Sequence[Optional[str]]] = None,
             decided: Optional[Sequence[Optional[Verdict]]] = None) -> "Plan":
        """What grading a batch needs (see :class:`Plan`). ``responses`` and ``golds`` have the same length; a
        response that is None counts as empty. ``problems`` (optional, one per row, None where unknown) are the
        problems' texts, passed on to :func:`mathgrade.grade` (they decide answers that restate the problem, units
        the problem asks for, multiple-choice contents). ``decided`` (optional) gives rows a verdict without
        grading them (the adapter knows already, e.g. a query that does not contain its prompt)."""
        n = len(responses)
        for name, other in (("gold answers", golds), ("problems", problems), ("decided verdicts", decided)):
            if other is not None and len(other) != n:
                raise ValueError(f"{n} responses but {len(other)} {name}: they must pair up")
        pairs: List[Tuple[Any, ...]] = []
        steps: List[Union[int, Verdict]] = []
        for i, (response, gold) in enumerate(zip(responses, golds)):
            given = decided[i] if decided is not None else None
            problem = _problem_text(problems[i]) if problems is not None else None
            text = answer_part(response or "")
            gold_problem = _gold_problem(gold)
            if given is not None:
                steps.append(given)
            elif gold_problem is not None:
                steps.append(Verdict(False, Status.INVALID_GOLD, gold_problem, "input.gold", _text(gold)))
            elif text is None:
                steps.append(_cut_off(gold))
            else:
                steps.append(len(pairs))
                pairs.append((text, gold) if problem is None else (text, gold, problem))
        return Plan(self, pairs, steps)

    def score(self, responses: Sequence[Optional[str]], golds: Sequence[Any],
              problems: Optional[Sequence[Optional[str]]] = None,
              decided: Optional[Sequence[Optional[Verdict]]] = None) -> List[Scored]:
        """Reward a batch, grading in this process (safe in any thread; symbolic work that runs away is stopped by
        mathgrade's time limit, which needs no signal). Arguments as for :meth:`plan`."""
        from ..batch import grade_many

        plan = self.plan(responses, golds, problems, decided)
        return plan.results(list(grade_many(plan.pairs, workers=0, **self.grade_options())))

    def grade_options(self) -> Dict[str, Any]:
        """The grading options as keyword arguments of :func:`mathgrade.grade`."""
        return asdict(self.options)


@dataclass(frozen=True)
class Plan:
    """A batch prepared for grading: ``pairs`` are the (answer part, gold) rows to grade, in order; once they are
    graded, :meth:`results` gives every row of the batch its :class:`Scored`."""

    reward: Reward
    pairs: List[Tuple[Any, ...]]
    """The rows to grade: (answer part, gold) or (answer part, gold, problem)."""
    steps: List[Union[int, Verdict]]
    """Per row of the batch: the index of its pair, or the verdict decided without grading."""

    @property
    def decided(self) -> List[Verdict]:
        """The verdicts of the rows decided without grading."""
        return [step for step in self.steps if not isinstance(step, int)]

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


REFUSAL_PREFIXES = ("answer.", "unit.")
"""A verdict that is not correct and whose rule starts with one of these was *refused*: an answer was marked, but it
does not commit to a value (withdrawn, asked, hedged, part of a longer expression, a restatement of the problem) or
its unit disagrees with the gold's. Counted by rule name (:func:`refusal`), so that a trainer sees the attempts."""


def refusal(verdict: Verdict) -> Optional[str]:
    """The rule that refused this verdict's reward (see :data:`REFUSAL_PREFIXES`), or None."""
    if not verdict.correct and verdict.rule.startswith(REFUSAL_PREFIXES):
        return verdict.rule
    return None


def refusals(verdicts: Iterable[Verdict]) -> Dict[str, int]:
    """How many of ``verdicts`` were refused, by rule name (sorted by name)."""
    counts = Counter(rule for rule in map(refusal, verdicts) if rule is not None)
    return dict(sorted(counts.items()))


PROBLEM_KEYS = ("problem", "question", "prompt")
"""Where adapters look for the problem's text when the host hands over a row's fields (a dataset's columns, verl's
``extra_info``), in this order."""


def problem_of(fields: Any) -> Optional[str]:
    """The problem's text among a row's ``fields`` (a mapping: the first of :data:`PROBLEM_KEYS` holding text), or
    None."""
    if not isinstance(fields, Mapping):
        return None
    for key in PROBLEM_KEYS:
        text = _problem_text(fields.get(key))
        if text is not None:
            return text
    return None


def _problem_text(value: Any) -> Optional[str]:
    """A problem's text: a non-empty string, or the content of the last user message of a conversation; else None."""
    if isinstance(value, str):
        return value if value.strip() else None
    if isinstance(value, (list, tuple)):
        for message in reversed(value):
            if isinstance(message, Mapping) and message.get("role") == "user" and isinstance(message.get("content"), str):
                return _problem_text(message["content"])
    return None


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
