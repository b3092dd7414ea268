"""The pipeline end to end: extract → read → compare → :class:`Verdict`.

This module only orchestrates; each stage lives in its own package (:mod:`mathgrade._extract`,
:mod:`mathgrade._read`, :mod:`mathgrade.compare`) and data flows one way through them.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable, Dict, Iterator, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _forms, _units
from .compare import Decision, compare
from ._extract import Candidate, extract as _extract, extract_staged as _extract_staged, why_none
from ._extract._problem import listed_options
from .limits import Deadline, GradingTimeout
from .options import ExtractOptions, GradeOptions, Options, make_options
from ._read import Reading, read
from .runtime import add_worker_setup, warm_pool
from .values import Choice, Expression, Number, SetValue, Text, TupleValue, Value
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
        gold_ = _Gold(gold_text, gold_value, gold_reading.decimal_comma, letters, problem)
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
    # grade_with is looked up, not named: two functions that call each other by name make dill (the hasher of
    # Hugging Face datasets) recurse forever on any function using mathgrade (tests/integration/test_hashing.py)
    grade_row = globals()["grade_with"]
    for output, gold in _WARM_ROWS:
        try:
            grade_row(output, gold, make_options())
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
    problem: Optional[str] = None


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
    refused: Optional[Verdict] = None
    for cand in _then(candidates, more):
        answer = Answer(cand.text, cand.start, cand.end, cand.rule)
        if tried is not None:
            tried.append(answer)
        if cand.refused:  # not a committed answer: a committed one ranked below it may still answer
            refused = refused or _refusal(cand, answer, gold)
            continue
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
        value, decision = _compare(reading, gold, options, deadline, output[cand.start:cand.end])
        if decision.equal:
            marked = [c for c in candidates if c is not cand and c.priority < _FALLBACK_PRIORITY] \
                if gold.options else []
            decision = _committed(cand, value, decision, gold, options, deadline, marked)
        return _verdict(decision, answer, value, gold_text, gold.value)
    if first_unread is None:
        assert refused is not None  # (there were candidates, and every one was refused or failed to read)
        return refused
    answer, reading = first_unread
    if _same_text(answer.text, gold_text):
        return Verdict(True, Status.CORRECT, "the answer could not be read, but it is the gold answer as text",
                       "text.normalized", gold_text, answer, gold_value=gold.value)
    return Verdict(False, Status.UNPARSABLE, f"the answer could not be read: {reading.error}", "read.answer",
                   gold_text, answer, gold_value=gold.value)


def _refusal(cand: Candidate, answer: Answer, gold: _Gold) -> Verdict:
    """The verdict on a candidate the text does not commit to: ambiguous when a hedge names another value, else no
    answer; its rule is the refusal's (``answer.question``...)."""
    status = Status.AMBIGUOUS if cand.alternatives else Status.NO_ANSWER
    return Verdict(False, status, f"{cand.text!r} is not a committed answer: {cand.why}", cand.refused, gold.text,
                   answer, gold_value=gold.value)


def _compare(reading: Reading, gold: _Gold, options: Options, deadline: Deadline,
             written: str = "") -> Tuple[Value, Decision]:
    """The answer's value and the decision on it: a value that is the content of exactly one option of the problem
    is that option's letter; two numbers joined by a comma that can only match a number read with a decimal comma
    when that reading is exactly the gold (and the other way round)."""
    value = reading.value
    assert value is not None
    if gold.options and isinstance(value, (SetValue, TupleValue)) and len(value.items) > 1:
        named = {_option_of(item, gold.options, options, deadline) for item in value.items} - {None}
        if len(named) > 1:
            return value, Decision(False, "answer.all_options", f"the answer lists the contents of several options "
                                                                f"({', '.join(sorted(str(n) for n in named))}) "
                                                                "without choosing one")
    if gold.options and not isinstance(value, Choice):
        letter = _option_of(value, gold.options, options, deadline)
        if letter is not None:
            value = Choice(letter, value)
    by_unit = _unit_decision(written, value, gold, options, deadline) if written else None
    if by_unit is not None:
        return value, by_unit
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


def _committed(cand: Candidate, value: Value, decision: Decision, gold: _Gold, options: Options,
               deadline: Deadline, others: Sequence[Candidate] = ()) -> Decision:
    """``decision`` (an equality) unless the answer's form refuses it (see :mod:`mathgrade._forms`): the problem's
    own expression restated, arithmetic left undone (reward policy), a decimal gold the problem does not say is
    rounded matched by a rounding, a list in another order than the problem asks, a letter whose content is another
    option's."""
    reward = options.policy == "reward"
    if _forms.restates_problem(cand.text, gold.text, gold.problem):
        return Decision(False, "answer.restates_problem", f"{cand.text} is the problem's own expression, not "
                                                          f"evaluated (the gold is {gold.text})")
    if reward and not decision.rule.endswith(".rounded") and isinstance(gold.value, Number) and \
            isinstance(value, (Number, Expression)) and \
            _forms.plain_number(gold.text) and _forms.unfinished_arithmetic(cand.text):
        # (equal to a plain number exactly, the answer is rational: its operations can be carried out)
        return Decision(False, "answer.unfinished_arithmetic", f"{cand.text} leaves arithmetic undone; the gold is "
                                                               f"the number {gold.text}")
    if reward and isinstance(value, Number) and isinstance(gold.value, Number) and \
            value.percent != gold.value.percent and value.value != gold.value.value:
        return Decision(False, "unit.percent", f"{value} matches the gold {gold.value} only by moving a percent sign "
                                               "by a factor of 100")
    if decision.rule.endswith(".rounded") and isinstance(gold.value, Number) and gold.value.places is not None \
            and _rounded_to_gold(value, gold.value) and (reward or gold.problem is not None) \
            and not _gold_is_rounded(gold.text, gold.problem):
        return Decision(False, "number.exact_gold", f"the gold {gold.text} is an exact decimal (nothing says it is "
                                                    f"rounded), and {value} is not exactly it")
    if gold.problem is not None and isinstance(value, (SetValue, TupleValue)) and \
            isinstance(gold.value, (SetValue, TupleValue)) and _forms.problem_asks_order(gold.problem):
        if len(value.items) == len(gold.value.items) and not all(
                compare(a, g, options, deadline).equal for a, g in zip(value.items, gold.value.items)):
            return Decision(False, "list.order", "the problem asks for the answers in an order, and these are in "
                                                 "another one")
    if isinstance(value, Choice) and gold.options.get(value.letter) is not None:
        content = value.content if value.content is not None else (read(cand.content).value if cand.content
                                                                    else None)
        option = read(gold.options[value.letter]).value
        if content is not None and option is not None and not compare(content, option, options, deadline).equal:
            return Decision(False, "answer.option_mismatch", f"the answer names ({value.letter}) but writes "
                                                             f"{content}, which is not that option "
                                                             f"({gold.options[value.letter]})")
    if gold.options and others:
        letters = {_letter_of(c, gold, options, deadline) for c in others} - {None}
        if isinstance(value, Choice):
            letters.discard(value.letter)
        if letters:
            return Decision(False, "answer.conflicting", f"the output also marks option "
                                                         f"{', '.join(sorted(str(x) for x in letters))} as its answer")
    return decision


def _letter_of(cand: Candidate, gold: _Gold, options: Options, deadline: Deadline) -> Optional[str]:
    """The option letter a marked candidate names: its letter, or the one option its value is the content of."""
    if cand.refused:
        return None
    if cand.choice:
        return cand.text
    value = read(cand.text).value
    if value is None:
        return None
    if isinstance(value, Choice):
        return value.letter
    return _option_of(value, gold.options, options, deadline)


def _unit_decision(written: str, value: Value, gold: _Gold, options: Options,
                   deadline: Deadline) -> Optional[Decision]:
    """The decision when the answer (``written``: its text in the output) carries a unit that differs from the
    gold's, or from the unit the problem asks for (see :mod:`mathgrade._units`); None when the units agree or
    either side has none (then the numbers are compared as usual)."""
    if not _UNIT_HINT.search(written):
        return None  # (no letter, currency, percent or degree sign: no unit; most answers stop here)
    loaded = _units.load_seconds()
    answer_unit = _units.written_unit(written)
    if answer_unit is None:
        return None
    gold_unit = _units.written_unit(gold.text) or _units.asked_unit(gold.problem)
    if gold_unit is None:
        return None
    how, factor = _units.relate(answer_unit, gold_unit)
    if not loaded and _units.load_seconds():
        deadline.extend(_units.load_seconds())  # (loading pint, once per process, is not this row's work)
    if how == "same":
        return None
    shown_a, shown_g = answer_unit[1].replace("**", "^"), gold_unit[1].replace("**", "^")
    where = "the gold's" if _units.written_unit(gold.text) else "the unit the problem asks for"
    if how == "angle":
        if isinstance(value, Number) and isinstance(gold.value, Number) and value.value == gold.value.value == 0:
            return None
        return Decision(False, "unit.mismatch", f"the answer is in {shown_a}s and {where} is {shown_g}s")
    if how == "mismatch" or factor is None:
        return Decision(False, "unit.mismatch", f"the answer's unit ({shown_a}) does not convert to {where} "
                                                f"({shown_g})")
    answer_number, gold_number = _number_of(value, written), _number_of(gold.value, gold.text)
    if answer_number is None or gold_number is None:
        return None
    converted = Number(answer_number.value * factor)
    d = compare(converted, gold_number, options, deadline)
    if d.equal:
        return Decision(True, "unit.converted", f"{answer_number} {shown_a} is {converted} {shown_g}: {d.reason}")
    return Decision(False, "unit.mismatch", f"{answer_number} {shown_a} is {converted} {shown_g}, not "
                                            f"{gold_number} ({where} unit)")


def _number_of(value: Value, text: str) -> Optional[Number]:
    """The number of a quantity: ``value`` when it is one, else the reading of ``text`` without its unit (``1500
    \\text{ m}`` reads as the product 1500·m: a single letter is never dropped as a unit)."""
    if isinstance(value, Number):
        return value
    head = _units.number_text(text)
    found = read(head).value if head else None
    return found if isinstance(found, Number) else None


_UNIT_HINT = re.compile(r"[A-Za-z%$°€£¥一-鿿]")


def _rounded_to_gold(value: Value, gold: Number) -> bool:
    """The answer stands for more digits than the decimal gold has (a longer decimal, an exact fraction or an
    expression): the gold was taken as its rounding."""
    if isinstance(value, Number):
        return value.value != gold.value and (value.places is None or gold.places is None or
                                              value.places > gold.places)
    return True


_SCIENTIFIC = re.compile(r"\\times\s*10\s*\^|\d[eE][-+]?\d|\\cdot\s*10\s*\^")


def _gold_is_rounded(gold_text: str, problem: Optional[str]) -> bool:
    """A decimal gold stands for a rounded value when the problem says so ("to the nearest hundredth",
    "approximately") or its own form does (scientific notation, as physics answers are written: ``3.3e12``)."""
    return _forms.problem_says_rounded(problem) or _SCIENTIFIC.search(gold_text) is not None


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


_FALLBACK_PRIORITY = 40
"""Candidates ranked at or below this are guesses (code output, bare answers, formulas, numbers), not marked."""
_AMBIGUOUS_RULES = frozenset({"answer.all_options", "answer.conflicting"})
"""Rules whose refusal means the output commits to several answers (status ``ambiguous``, not ``incorrect``)."""


def _verdict(decision: Decision, answer: Answer, value: Value, gold_text: str, gold: Value) -> Verdict:
    status = Status.CORRECT if decision.equal else (
        Status.AMBIGUOUS if decision.rule in _AMBIGUOUS_RULES else Status.INCORRECT)
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
