"""The pipeline end to end: extract → read → compare → :class:`Verdict`.

This module only orchestrates; each stage lives in its own package (:mod:`mathgrade.extract`,
:mod:`mathgrade.read`, :mod:`mathgrade.compare`) and data flows one way through them.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, List, Optional, Tuple, Union

from .compare import Decision, compare
from .extract import Candidate, extract as _extract, extract_staged as _extract_staged
from .limits import Deadline, GradingTimeout
from .options import Options, make_options
from .read import Reading, read
from .values import Choice, Text, Value
from .verdict import Answer, Status, Verdict

__all__ = ["grade", "grade_with", "extract"]

GoldLike = Union[str, int, float]


def grade(output: str, gold: GoldLike, **options: Any) -> Verdict:
    """Grade a model ``output`` (a whole output or a bare answer) against a ``gold`` answer.

    ``gold`` is a gold answer as benchmarks write it (``\\frac{9}{7}``, ``70``, ``(1,2]``, ``\\text{Evelyn}``, ``B``),
    with or without ``$...$`` or ``\\boxed{}``; an int or float is accepted too. Options are keyword-only (see
    :class:`mathgrade.Options`): ``policy``, ``timeout``, ``min_significant_digits``, ``percent``, ``degrees``,
    ``match_variables``, ``allow_interval_as_inequality``. An unknown option or a bad value raises ``ValueError``;
    a non-string ``output`` raises ``TypeError``. Nothing else raises: every failure inside is a status.

    >>> grade("so the answer is $\\\\boxed{\\\\dfrac{9}{7}}$.", "\\\\frac{9}{7}").correct
    True
    """
    return grade_with(output, gold, make_options(**options))


def grade_with(output: str, gold: GoldLike, options: Options) -> Verdict:
    """:func:`grade` with an already validated :class:`Options` (what batch grading calls for each row)."""
    if not isinstance(output, str):
        raise TypeError(f"output must be a str, not {type(output).__name__}")
    gold_text = _gold_text(gold)
    deadline = Deadline(options.timeout)
    stage = "reading the gold answer"
    try:
        gold_reading = _read_gold(gold_text)
        if gold_reading.value is None:
            reason = f"the gold answer could not be read: {gold_reading.error}"
            return Verdict(False, Status.INVALID_GOLD, reason, "read.gold", gold_text)
        gold_value = gold_reading.value
        stage = "extracting the answer"
        candidates, fallbacks = _extract_staged(output, policy=options.policy, choices=isinstance(gold_value, Choice))
        stage = "comparing"

        def more() -> List[Candidate]:  # the fallback candidates, found only if no marked one can be read
            nonlocal stage
            stage = "extracting the answer"
            found = fallbacks()
            stage = "comparing"
            return found

        return _decide(candidates, gold_text, gold_value, options, deadline, more)
    except GradingTimeout:
        return Verdict(False, Status.TIMEOUT, f"time limit of {options.timeout:g} s reached while {stage}",
                       "limit.timeout", gold_text)
    except RecursionError:
        return Verdict(False, Status.ERROR, f"input nested too deeply while {stage}", "limit.depth", gold_text,
                       error="RecursionError")
    except Exception as exc:  # noqa: BLE001 - grading never raises; the error is recorded in the verdict
        return Verdict(False, Status.ERROR, f"internal error while {stage}", "error", gold_text,
                       error=f"{type(exc).__name__}: {exc}")


def extract(output: str, **options: Any) -> List[Candidate]:
    """All candidate final answers in ``output``, best first, each with its text, span and rule.

    Accepts the same options as :func:`grade` (``policy`` matters here) plus ``choices=True`` to look for
    multiple-choice letters.
    """
    choices = bool(options.pop("choices", False))
    opts = make_options(**options)
    if not isinstance(output, str):
        raise TypeError(f"output must be a str, not {type(output).__name__}")
    return _extract(output, policy=opts.policy, choices=choices)


def _gold_text(gold: GoldLike) -> str:
    if isinstance(gold, bool) or not isinstance(gold, (str, int, float)):
        raise TypeError(f"gold must be a str (or a number), not {type(gold).__name__}")
    if isinstance(gold, float) and gold.is_integer():
        return str(int(gold))
    return str(gold)


def _read_gold(gold_text: str) -> Reading:
    """Read a gold answer. A gold that is a whole solution (MATH's ``solution`` field, a reference output ending in
    "The final answer is ...") or that holds several boxes gives its marked answer instead."""
    reading = read(gold_text)
    several_boxes = gold_text.count("\\boxed") + gold_text.count("\\fbox") > 1
    if not several_boxes and not isinstance(reading.value, (Text, type(None))):
        return reading
    marked = _extract(gold_text, policy="reward")
    if marked and not marked[0].alternatives:
        answer = read(marked[0].text)
        if answer.value is not None:
            return answer
    return reading


def _decide(candidates: List[Candidate], gold_text: str, gold: Value, options: Options,
            deadline: Deadline, more: Callable[[], List[Candidate]] = list) -> Verdict:
    """The verdict on the first candidate that can be read (``candidates``, then ``more()`` if needed)."""
    if not candidates:
        return Verdict(False, Status.NO_ANSWER, "no final answer found in the output", "extract.none", gold_text,
                       gold_value=gold)
    first_unread: Optional[Tuple[Answer, Reading]] = None
    for cand in _then(candidates, more):
        answer = Answer(cand.text, cand.start, cand.end, cand.rule)
        if cand.alternatives:
            conflict = _conflicting(cand.alternatives, options, deadline)
            if conflict is not None:
                return Verdict(False, Status.AMBIGUOUS, conflict, "extract.ambiguous", gold_text, answer,
                               gold_value=gold)
        reading = read(cand.text)
        if reading.value is None:
            if first_unread is None:
                first_unread = (answer, reading)
            continue
        decision = compare(reading.value, gold, options, deadline)
        return _verdict(decision, answer, reading.value, gold_text, gold)
    assert first_unread is not None  # (there were candidates, and every one failed to read)
    answer, reading = first_unread
    if _same_text(answer.text, gold_text):
        return Verdict(True, Status.CORRECT, "the answer could not be read, but it is the gold answer as text",
                       "text.normalized", gold_text, answer, gold_value=gold)
    return Verdict(False, Status.UNPARSABLE, f"the answer could not be read: {reading.error}", "read.answer",
                   gold_text, answer, gold_value=gold)


def _then(candidates: List[Candidate], more: Callable[[], List[Candidate]]) -> Iterator[Candidate]:
    yield from candidates
    yield from more()


def _verdict(decision: Decision, answer: Answer, value: Value, gold_text: str, gold: Value) -> Verdict:
    status = Status.CORRECT if decision.equal else Status.INCORRECT
    return Verdict(decision.equal, status, decision.reason, decision.rule, gold_text, answer, value, gold)


def _conflicting(texts: Tuple[str, ...], options: Options, deadline: Deadline) -> Optional[str]:
    """None when all alternative answers are the same answer; else a reason naming two that differ."""
    values = []
    for t in texts:
        r = read(t)
        values.append((t, r.value if r.value is not None else Text(" ".join(t.split()))))
    first_text, first = values[0]
    for t, v in values[1:]:
        if not compare(v, first, options, deadline).equal:
            return f"the output commits to different answers: {first_text!r} and {t!r}"
    return None


def _same_text(a: str, b: str) -> bool:
    def norm(s: str) -> str:
        return "".join(s.split()).strip("$.").lower()

    return norm(a) == norm(b)
