"""The pipeline end to end: extract → read → compare → :class:`Verdict`.

This module only orchestrates; each stage lives in its own package (:mod:`mathgrade._extract`,
:mod:`mathgrade._read`, :mod:`mathgrade.compare`) and data flows one way through them.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable, Dict, Iterator, List, NamedTuple, Optional, Tuple, Union

from .compare import Decision, compare
from ._extract import Candidate, extract as _extract, extract_staged as _extract_staged, why_none
from ._extract._problem import listed_options
from .limits import Deadline, GradingTimeout
from .options import ExtractOptions, GradeOptions, Options, make_options
from ._read import Reading, read
from .runtime import add_worker_setup, warm_pool
from .values import Choice, Number, Text, Value
from .verdict import Answer, Status, Verdict

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["grade", "grade_with", "extract", "warm_up"]

GoldLike = Union[str, int, float]


def grade(output: str, gold: GoldLike, *, problem: Optional[str] = None,
          **options: Unpack[GradeOptions]) -> Verdict:
    """Grade a model ``output`` (a whole output or a bare answer) against a ``gold`` answer.

    ``gold`` is a gold answer as benchmarks write it (``\\frac{9}{7}``, ``70``, ``(1,2]``, ``\\text{Evelyn}``, ``B``),
    with or without ``$...$`` or ``\\boxed{}``; an int or float is accepted too (for the output as well).
    ``problem`` (optional) is the problem's text: when the gold is a multiple-choice letter and the problem lists its
    options (``(A) 12 (B) 96``), an answer given as the content of exactly one option (``\\boxed{96}``) is read as
    its letter. Options are keyword-only (see :class:`mathgrade.Options`): ``policy``, ``timeout``,
    ``min_significant_digits``, ``percent``, ``degrees``, ``match_variables``, ``allow_interval_as_inequality``. An
    unknown option or a bad value raises ``ValueError``; an ``output``, ``gold`` or ``problem`` of another type (None
    included, but for ``problem``) raises ``TypeError``. Nothing else raises: every failure inside is a status.

    >>> grade("so the answer is $\\\\boxed{\\\\dfrac{9}{7}}$.", "\\\\frac{9}{7}").correct
    True
    """
    return grade_with(output, gold, make_options(**options), problem=problem)


def grade_with(output: str, gold: GoldLike, options: Options, problem: Optional[str] = None) -> Verdict:
    """:func:`grade` with an already validated :class:`Options` (what batch grading calls for each row)."""
    if not _warmed:
        warm()  # the first call's time limit does not pay for loading the stages
    if not isinstance(output, str):
        if isinstance(output, bool) or not isinstance(output, (int, float)):
            raise TypeError(f"output must be a str (or a number), not {type(output).__name__}")
        output = _gold_text(output)  # a number is read as its text, as a gold number is
    if problem is not None and not isinstance(problem, str):
        raise TypeError(f"problem must be a str, not {type(problem).__name__}")
    gold_text = _gold_text(gold)
    deadline = Deadline(options.timeout)
    stage = "reading the gold answer"
    gold_value: Optional[Value] = None
    tried: List[Answer] = []  # the candidates taken so far: a verdict cut short by the time limit keeps the last
    try:
        gold_reading = _read_gold(gold_text)
        if gold_reading.value is None:
            reason = f"the gold answer could not be read: {gold_reading.error}"
            return Verdict(False, Status.INVALID_GOLD, reason, "read.gold", gold_text)
        gold_value = gold_reading.value
        letters = listed_options(problem) if problem and isinstance(gold_value, Choice) else {}
        gold_ = _Gold(gold_text, gold_value, gold_reading.decimal_comma, letters)
        stage = "extracting the answer"
        candidates, fallbacks = _extract_staged(output, policy=options.policy, choices=isinstance(gold_value, Choice))
        stage = "comparing"

        def more() -> List[Candidate]:  # the fallback candidates, found only if no marked one can be read
            nonlocal stage
            stage = "extracting the answer"
            found = fallbacks()
            stage = "comparing"
            return found

        return _decide(output, candidates, gold_, options, deadline, more, tried)
    except GradingTimeout as exc:
        return Verdict(False, Status.TIMEOUT, f"time limit of {options.timeout:g} s reached while {stage}"
                       + (f" ({exc.step})" if exc.step else ""),
                       "limit.timeout", gold_text, tried[-1] if tried else None, gold_value=gold_value)
    except RecursionError:
        return Verdict(False, Status.ERROR, f"input nested too deeply while {stage}", "limit.depth", gold_text,
                       error="RecursionError")
    except Exception as exc:  # noqa: BLE001 - grading never raises; the error is recorded in the verdict
        return Verdict(False, Status.ERROR, f"internal error while {stage}", "error", gold_text,
                       error=f"{type(exc).__name__}: {exc}")


_WARM_ROWS = (("So the answer is $\\boxed{\\frac{1}{2}}$.", "0.5"), ("The answer is $1.41$.", "\\sqrt{2}"))
"""Rows whose grading loads every stage's lazy tables and mpmath, without sympy (no worker is started)."""
_warmed = False


def warm() -> None:
    """Grade :data:`_WARM_ROWS` once in this process (about 50 ms), so that no call's time limit pays for loading
    the stages. Called by the first :func:`grade_with`; starts no thread and no process."""
    global _warmed
    if _warmed:
        return
    _warmed = True
    for output, gold in _WARM_ROWS:
        try:
            grade_with(output, gold, make_options())
        except Exception:  # noqa: BLE001 - only a warm-up
            pass


add_worker_setup(warm, before_fork=True)  # every worker loads the stages before its first task


def warm_up() -> None:
    """Get grading ready before timing anything: load the grading code in this process, start the process-wide
    worker processes (bounded symbolic work) and wait until each has loaded it too (sympy included).

    Optional (the first call that needs the workers starts them, and that wait is never charged to its time
    limit), but a program that measures or logs the time per row, or serves requests, should call it first.
    Idempotent; cheap once done. Never raises where processes cannot be started (a daemonic process): there the
    symbolic work runs in the calling process, under an in-process time bound (:mod:`mathgrade.runtime`).
    """
    warm()
    warm_pool()


def extract(output: str, **options: Unpack[ExtractOptions]) -> List[Candidate]:
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


class _Gold(NamedTuple):
    """The gold answer as grading uses it: its text, its value, its decimal-comma reading (see :class:`Reading`),
    and the options of the problem by letter (when the gold is a letter and the problem lists them)."""

    text: str
    value: Value
    decimal_comma: Optional[Number] = None
    options: Dict[str, str] = {}


def _read_gold(gold_text: str) -> Reading:
    """Read a gold answer. A gold that is a whole solution (MATH's ``solution`` field, a reference output ending in
    "The final answer is ...") or that holds several boxes gives its marked answer instead; a gold that is a
    sentence ending in its value ("So the total number of apples is 42.") gives that value."""
    reading = read(gold_text)
    several_boxes = gold_text.count("\\boxed") + gold_text.count("\\fbox") > 1
    if not several_boxes and not isinstance(reading.value, (Text, type(None))):
        return reading
    marked = _extract(gold_text, policy="reward")
    if marked and not marked[0].alternatives:
        answer = read(marked[0].text)
        if answer.value is not None:
            return answer
    stated = _STATED_VALUE.search(gold_text) if isinstance(reading.value, Text) else None
    if stated is not None:
        answer = read(stated.group(1))
        if answer.value is not None and not isinstance(answer.value, Text):
            return answer
    return reading


_STATED_VALUE = re.compile(r"(?:\b(?:is|are|was|were|equals|be)|=)\s+([^\s=]+?)\s*[.!]?\s*$")
"""The value at the end of a sentence: "... she has is 42." """


def _decide(output: str, candidates: List[Candidate], gold: _Gold, options: Options, deadline: Deadline,
            more: Callable[[], List[Candidate]] = list, tried: Optional[List[Answer]] = None) -> Verdict:
    """The verdict on the first candidate that can be read (``candidates``, then ``more()`` if needed), found in
    ``output``. Each candidate's :class:`Answer` is appended to ``tried`` before it is read."""
    gold_text = gold.text
    if not candidates:
        why = why_none(output, policy=options.policy)
        return Verdict(False, Status.NO_ANSWER, "no final answer found in the output" + (f": {why}" if why else ""),
                       "extract.none", gold_text, gold_value=gold.value)
    first_unread: Optional[Tuple[Answer, Reading]] = None
    for cand in _then(candidates, more):
        answer = Answer(cand.text, cand.start, cand.end, cand.rule)
        if tried is not None:
            tried.append(answer)
        if cand.alternatives:
            conflict = _conflicting(cand.alternatives, options, deadline)
            if conflict is not None:
                return Verdict(False, Status.AMBIGUOUS, conflict, "extract.ambiguous", gold_text, answer,
                               gold_value=gold.value)
        reading = read(cand.text)
        if reading.value is None:
            if first_unread is None:
                first_unread = (answer, reading)
            continue
        value, decision = _compare(reading, gold, options, deadline)
        return _verdict(decision, answer, value, gold_text, gold.value)
    assert first_unread is not None  # (there were candidates, and every one failed to read)
    answer, reading = first_unread
    if _same_text(answer.text, gold_text):
        return Verdict(True, Status.CORRECT, "the answer could not be read, but it is the gold answer as text",
                       "text.normalized", gold_text, answer, gold_value=gold.value)
    return Verdict(False, Status.UNPARSABLE, f"the answer could not be read: {reading.error}", "read.answer",
                   gold_text, answer, gold_value=gold.value)


def _compare(reading: Reading, gold: _Gold, options: Options, deadline: Deadline) -> Tuple[Value, Decision]:
    """The answer's value and the decision on it: a value that is the content of exactly one option of the problem
    is that option's letter; two numbers joined by a comma that can only match a number read with a decimal comma
    when that reading is exactly the gold (and the other way round)."""
    value = reading.value
    assert value is not None
    if gold.options and not isinstance(value, Choice):
        letter = _option_of(value, gold.options, options, deadline)
        if letter is not None:
            value = Choice(letter, value)
    decision = compare(value, gold.value, options, deadline)
    if decision.equal:
        return value, decision
    if reading.decimal_comma is not None and isinstance(gold.value, Number) and \
            reading.decimal_comma.value == gold.value.value:
        return reading.decimal_comma, Decision(True, "number.decimal_comma",
                                               f"{reading.decimal_comma} (read with a decimal comma) equals the gold")
    if gold.decimal_comma is not None and isinstance(value, Number) and value.value == gold.decimal_comma.value:
        return value, Decision(True, "number.decimal_comma",
                               f"{value} equals the gold read with a decimal comma ({gold.decimal_comma})")
    return value, decision


def _option_of(value: Value, letters: Dict[str, str], options: Options, deadline: Deadline) -> Optional[str]:
    """The letter of the one option whose content is ``value``; None when no option or several match."""
    matches = []
    for letter, content in letters.items():
        option = read(content).value
        if option is not None and compare(value, option, options, deadline).equal:
            matches.append(letter)
    return matches[0] if len(matches) == 1 else None


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
