"""The pipeline end to end: extract → read → compare → :class:`Verdict`.

This module only orchestrates; each stage lives in its own package (:mod:`mathgrade._extract`,
:mod:`mathgrade._read`, :mod:`mathgrade.compare`) and data flows one way through them.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Dict, Iterator, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _extract as extraction
from . import _conclusion, _forms, _golds, _language, _parts, _units
from . import _read as reader
from . import compare as comparison
from ._extract import Candidate, _problem
from .compare import Decision
from .compare._table import (
    ANSWER_ALL_OPTIONS, ANSWER_CONFLICTING, ANSWER_HEDGED, ANSWER_OPTION_MISMATCH, ANSWER_RESTATES_PROBLEM,
    ANSWER_UNFINISHED_ARITHMETIC, CHOICE_LETTER, ERROR, EXPRESSION_ROUNDED, EXTRACT_AMBIGUOUS, EXTRACT_NONE,
    LIMIT_DEPTH, LIMIT_TIMEOUT, LIST_ORDER, NUMBER_AMBIGUOUS_COMMA, NUMBER_DECIMAL_COMMA, NUMBER_EXACT_GOLD,
    NUMBER_ROUNDED, READ_ANSWER, READ_GOLD, TEXT_NORMALIZED, UNIT_CONVERTED, UNIT_MISMATCH, UNIT_PERCENT,
)
from .errors import GradingTimeout
from .limits import Deadline
from .options import ExtractOptions, GradeOptions, Options, make_options
from ._read import Reading
from .runtime import add_worker_setup, warm_pool
from .values import Choice, Expression, Number, SetValue, Text, TupleValue, Value
from .verdict import Answer, Status, Verdict

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["grade", "grade_with", "extract", "read", "warm_up"]

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
        gold_reading, alternatives = _golds.gold_forms(gold_text)
        if gold_reading.value is None:
            stage = "extracting the answer"
            return _unreadable_gold(output, gold_text, gold_reading, options)
        gold_value = gold_reading.value
        letters = _problem.listed_options(problem) if problem and isinstance(gold_value, Choice) else {}
        gold_ = _Gold(gold_text, gold_value, gold_reading.decimal_comma, letters, problem, alternatives)
        stage = "extracting the answer"
        candidates, fallbacks = extraction.extract_staged(output, policy=options.policy, choices=isinstance(gold_value, Choice))
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
                       LIMIT_TIMEOUT, gold_text, tried[-1] if tried else None, gold_value=gold_value)
    except RecursionError:
        return Verdict(False, Status.ERROR, f"input nested too deeply while {stage}", LIMIT_DEPTH, gold_text,
                       error="RecursionError")
    except Exception as exc:  # noqa: BLE001 - grading never raises; the error is recorded in the verdict
        return Verdict(False, Status.ERROR, f"internal error while {stage}", ERROR, gold_text,
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
    return extraction.extract(output, policy=opts.policy, choices=choices)


def read(text: str) -> Reading:
    """Read ``text`` (an answer or a gold answer: LaTeX or plain) into a value, as grading reads it; never raises.

    ``read(r"\\frac{9}{7}").value`` is the number 9/7; ``.value`` is None when the text cannot be read, and
    ``.error`` then says where and why."""
    return reader.read(text)


# The public functions above reach the stages through their modules (``reader.read``, not a name imported from
# them): dill's ``recurse`` mode, which Hugging Face datasets uses to hash a ``map`` function, walks from a function
# through every function it names, and stops at a module. The stages are recursive by nature (a parser), so a walk
# that entered them by name would never end (tests/integration/test_hashing.py).


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
    alternatives: Tuple[Value, ...] = ()
    """Equivalent forms the gold lists (``\\frac54 \\#\\# 1.25``): any of them is the answer."""


def _unreadable_gold(output: str, gold_text: str, reading: Reading, options: Options) -> Verdict:
    """A gold that cannot be read as math is still compared, as text (:func:`._golds.same_text`): an answer that is
    the gold's text is correct; otherwise the gold is ``invalid_gold``, with the reason it could not be read."""
    for cand in extraction.extract(output, policy=options.policy):
        if not cand.refused and not cand.alternatives and _golds.same_text(cand.text, gold_text):
            answer = Answer(cand.text, cand.start, cand.end, cand.rule)
            return Verdict(True, Status.CORRECT, "the gold could not be read as math, and the answer is the same text",
                           TEXT_NORMALIZED, gold_text, answer)
        break  # (only the best candidate is the answer)
    reason = f"the gold answer could not be read: {reading.error}"
    return Verdict(False, Status.INVALID_GOLD, reason, READ_GOLD, gold_text)


def _decide(output: str, candidates: List[Candidate], gold: _Gold, options: Options, deadline: Deadline,
            more: Callable[[], List[Candidate]] = list, tried: Optional[List[Answer]] = None) -> Verdict:
    """The verdict on the first candidate that can be read (``candidates``, then ``more()`` if needed), found in
    ``output``. Each candidate's :class:`Answer` is appended to ``tried`` before it is read."""
    gold_text = gold.text
    if not candidates:
        why = extraction.why_none(output, policy=options.policy)
        return Verdict(False, Status.NO_ANSWER, "no final answer found in the output" + (f": {why}" if why else ""),
                       EXTRACT_NONE, gold_text, gold_value=gold.value)
    first_unread: Optional[Tuple[Answer, Reading]] = None
    refused: Optional[Verdict] = None
    if options.policy == "eval" and candidates[0].rule == "answer_phrase" and not candidates[0].refused \
            and not candidates[0].alternatives and not candidates[0].choice:  # (a chosen letter is never a step)
        candidates, more = _after_a_step(output, candidates, more)
    for cand in _then(candidates, more):
        answer = Answer(cand.text, cand.start, cand.end, cand.rule)
        if tried is not None:
            tried.append(answer)
        if cand.refused and not (cand.refused == ANSWER_HEDGED and cand.alternatives
                                 and _conflicting(cand.alternatives, options, deadline) is None):
            # not a committed answer: a committed one ranked below it may still answer (a hedge naming the same
            # value in another form, "$\\boxed{42}$ (alternatively, 42.0)", leaves one answer: it is graded)
            refused = refused or _refusal(cand, answer, gold)
            continue
        if cand.rule == "last_number" and gold.problem:
            cand = _asked_quantity(output, cand, gold.problem)  # "12 machines are needed to fill 360 boxes"
            cand = _asked_label(output, cand, gold.problem)  # "- Coefficient of CO2: 1.0" to "what is the coef..."
            answer = Answer(cand.text, cand.start, cand.end, cand.rule)
        offered_at = extraction.offered_as_another(output, cand.start, cand.end) \
            if cand.rule == "boxed" and not cand.alternatives else -1
        if offered_at > 0:
            # ("The answer is 43. Alternatively, $\\boxed{42}$.": two answers)
            earlier = _stated_before(output[:offered_at], options)
            if earlier is not None:
                cand = Candidate(cand.text, cand.start, cand.end, cand.rule, cand.priority, (earlier.text, cand.text))
        if cand.alternatives:
            conflict = _conflicting(cand.alternatives, options, deadline)
            if conflict is not None:
                return Verdict(False, Status.AMBIGUOUS, conflict, EXTRACT_AMBIGUOUS, gold_text, answer,
                               gold_value=gold.value)
        reading = reader.read(cand.text)
        if isinstance(gold.value, Text) and isinstance(reading.value, Number) \
                and cand.priority >= _FALLBACK_PRIORITY:  # "So the winner is Alice, with 95 points in 2019."
            name = _conclusion.sentence_name(output, cand.start)
            if name is not None:
                cand = Candidate(output[name[0]:name[1]], name[0], name[1], "sentence_name", cand.priority)
                answer = Answer(cand.text, cand.start, cand.end, cand.rule)
                reading = reader.read(f"\\text{{{cand.text}}}")
        if not isinstance(gold.value, (Text, Choice)) and cand.rule.startswith(_SENTENCE_RULES):
            remarked = _remarked(output, cand)  # "Answer: 18 (3 boxes of 6 apples)": the value, then a remark
            if remarked is not None:
                cand, reading = remarked
                answer = Answer(cand.text, cand.start, cand.end, cand.rule)
            elif isinstance(reading.value, Text):
                stated = _value_in_sentence(cand.text)  # "He paid $12.50 in total.": the value the sentence gives
                if stated is not None:
                    reading = stated
        if reading.value is None:
            if first_unread is None:
                first_unread = (answer, reading)
            continue
        value, decision = _compare(reading, gold, options, deadline, extraction.squeezed(output[cand.start:cand.end]),
                                   output)
        if not decision.equal and isinstance(gold.value, Choice) and not isinstance(value, Choice):
            named = _named_letter(cand, candidates, more, options)
            if named is not None:
                answer, value = Answer(named.text, named.start, named.end, named.rule), Choice(named.text)
                d = comparison.compare(value, gold.value, options, deadline)
                decision = Decision(d.equal, CHOICE_LETTER, f"the output names option ({named.text}) with its answer "
                                                     f"{cand.text}: {d.reason}")
        if not decision.equal and _parts_expected(gold.value, value):
            found = _in_parts(output, cand, candidates, gold, options, deadline)
            if found is not None:
                answer, value, decision = found
        if decision.equal:
            marked = [c for c in candidates if c is not cand and c.priority < _FALLBACK_PRIORITY] \
                if gold.options else []
            decision = _committed(cand, value, decision, gold, options, deadline, marked)
        return _verdict(decision, answer, value, gold_text, gold.value)
    if first_unread is None:
        assert refused is not None  # (there were candidates, and every one was refused or failed to read)
        return refused
    answer, reading = first_unread
    if _golds.same_text(answer.text, gold_text):
        return Verdict(True, Status.CORRECT, "the answer could not be read, but it is the gold answer as text",
                       TEXT_NORMALIZED, gold_text, answer, gold_value=gold.value)
    return Verdict(False, Status.UNPARSABLE, f"the answer could not be read: {reading.error}", READ_ANSWER,
                   gold_text, answer, gold_value=gold.value)


def _named_letter(cand: Candidate, candidates: List[Candidate], more: Callable[[], List[Candidate]],
                  options: Options) -> Optional[Candidate]:
    """The one option letter an output names besides its answer ``cand`` when that is not a letter ("The answer is
    (B): $\\boxed{2\\pi(5-\\sqrt3)}$" against a letter gold); None when it names none or several. The reward
    policy counts only letters the output marks as its answer."""
    found = candidates if any(c.choice for c in candidates) else candidates + more()
    letters = [c for c in found if c.choice and c is not cand and not c.refused and not c.alternatives
               and (options.policy != "reward" or c.priority < _FALLBACK_PRIORITY)]
    return letters[0] if letters and len({c.text for c in letters}) == 1 else None


_HOW_MANY = re.compile(r"\bhow\s+many\s+([a-z]+)", re.I)
_LAST_SENTENCE = re.compile(r"[^.!?\n]*(?:[.!?](?=\s|$)|\n|$)")


def _asked_quantity(output: str, cand: Candidate, problem: str) -> Candidate:
    """For an unmarked output whose last number is taken (``cand``): when the problem asks "how many X" and the
    output's last sentence gives a number of X ("Therefore, 12 machines are needed to fill 360 boxes."), that
    number; else ``cand``."""
    asked = _HOW_MANY.findall(problem)
    if not asked:
        return cand
    noun = asked[-1].lower()
    stem = noun[:-1] if noun.endswith("s") and len(noun) > 3 else noun
    begin = max(output.rfind(". ", 0, cand.start), output.rfind("\n", 0, cand.start)) + 1
    sentence = output[begin:]
    found = list(re.finditer(r"(?<![\w.])(\d[\d,]*(?:\.\d+)?)\s+(?:[a-z]+\s+)?" + re.escape(stem) + r"(?:e?s)?\b",
                             sentence, re.I))
    if len(found) != 1:
        return cand
    start, end = begin + found[0].start(1), begin + found[0].end(1)
    return cand if (start, end) == (cand.start, cand.end) else Candidate(
        output[start:end], start, end, "last_number", cand.priority)


def _asked_label(output: str, cand: Candidate, problem: str) -> Candidate:
    """For an unmarked output whose last number is taken (``cand``) from a list of labelled values ("Coefficient of
    CO: 1", "Coefficient of CO2: 1.0"): the value of the label the problem asks for by name ("what is the
    coefficient of CO2?"), when exactly one label is it; else ``cand``."""
    span = _conclusion.asked_label(output, cand.start, problem)
    if span is None or span == (cand.start, cand.end):
        return cand
    return Candidate(output[span[0]:span[1]], span[0], span[1], "last_number", cand.priority)


def _after_a_step(output: str, candidates: List[Candidate],
                  more: Callable[[], List[Candidate]]) -> Tuple[List[Candidate], Callable[[], List[Candidate]]]:
    """The candidates when the best one, an answer phrase ("the answer is", "the correct choice is"), was a step:
    when the output goes on for paragraphs to a concluding sentence ("Therefore, the function can be rewritten as
    $...$.") and the best fallback candidate lies in it, that candidate comes first (see :mod:`._conclusion`). The
    fallbacks are found only when the output concludes after the phrase."""
    span = _conclusion.conclusion_span(output, candidates[0].end)
    if span is None:
        return candidates, more
    rest = more()
    if not rest or not span[0] <= rest[0].start < rest[0].end <= span[1]:
        return candidates + rest, list
    return [rest[0]] + candidates + rest[1:], list


_SENTENCE_MATH = re.compile(r"\$\$(.+?)\$\$|\$([^$]+?)\$|\\\((.+?)\\\)")
_SENTENCE_NUMBER = re.compile(r"(?<![\w.\\^_])[-−]?\$?\d[\d,]*(?:\.\d+)?%?(?![\w^_]|\.\d)")
_MAX_SENTENCE_WORDS = 30
_SENTENCE_RULES = ("answer_phrase", "final_answer_phrase", "final_answer_heading", "answer_label")
"""Extraction rules whose answer may be a sentence ("**Answer:** He paid $12.50 in total.")."""


_REMARKED = re.compile(
    r"[ \t]*(?P<value>\$[^$\n]+\$|[-−]?\d[\d,]*(?:\.\d+)?%?)(?P<unit>(?:[ \t]+[A-Za-z]+){0,2})"
    r"(?:[ \t]*\((?=[^()]*(?<![\\A-Za-z])"
    r"(?!(?:sin|cos|tan|cot|sec|csc|log|exp|sqrt|arc[a-z]+|sinh|cosh|tanh)\b)[A-Za-z]{3})[^()]*\)"
    r"|(?:[ \t]*[,;—–]|[ \t]+-)[ \t]*(?!(?:or|and|nor|plus|minus|times|over|one|two|three|four|five|six|seven|eight|"
    r"nine|ten|eleven|twelve|hundred|thousand|million|billion)\b)[A-Za-z]{3}(?s:.*))[ \t.]*")
"""A sentence answer that states its value first and then remarks on it: in brackets holding a word ("18 (3 boxes
of 6 apples)", "18 dollars (2 hours at 9 dollars)"; not "2 (x+1)", "2 (sin x + 1)"), or after a comma or a dash
("18, obtained from 3 boxes of 6", "18 — that is, 3 boxes of 6"; not a list or an operation: "18, or 19", "18,
minus one", "18, nineteen")."""


_REMARK_OFFERS = re.compile(r"\b(?:" + "|".join(w.replace(" ", r"[ \t]+") for w in extraction.HEDGE_WORDS)
                            + r"|other|another|also|alternatives?|else|either|answers?|"
                            r"solutions?|roots?|results?|values?|base|mod(?:ulo)?|options?|choices?|times|plus|"
                            r"minus|squared|cubed|over|divided|multiplied|power|percent|per[ \t]+cent|dozens?|"
                            r"hundreds?|thousands?|millions?|billions?|trillions?)\b", re.I)
"""Words by which a remark offers another value or changes what the value means ("18 (also 19)", "18, though
arguably 19", "18 (in base 9)", "18 (times 2)", "18 (in thousands)"): then the answer is not cut to its first value."""


def _remarked(output: str, cand: Candidate) -> Optional[Tuple[Candidate, Reading]]:
    """The candidate cut to the value a sentence answer states before a remark on it (:data:`_REMARKED`), and its
    reading, when it reads as a value that is not text, and neither a word of :data:`mathgrade._extract.NOT_STATED`
    (negation, hedge, operation, bound) nor one of :data:`_REMARK_OFFERS` is in the answer; else None."""
    m = _REMARKED.fullmatch(cand.text)
    if m is None:
        return None
    if extraction.NOT_STATED.search(cand.text) or _REMARK_OFFERS.search(cand.text, m.end("unit")):
        return None
    stated = cand.text[m.start("value"): m.end("unit")]
    reading = reader.read(stated.replace("$", "").replace("−", "-"))
    if reading.value is None or isinstance(reading.value, Text):
        return None
    start = output.find(stated, cand.start, cand.end)  # (its text may be cleaned: "$18$ (...)" as "18 (...)")
    span = (start, start + len(stated)) if start >= 0 else (cand.start, cand.end)
    return Candidate(stated, span[0], span[1], cand.rule, cand.priority), reading


def _value_in_sentence(text: str) -> Optional[Reading]:
    """The value an answer sentence gives ("He paid $12.50 in total." gives 12.50): its one formula, or else its
    one number; None when it gives none or several, or is no short sentence."""
    if len(text.split()) > _MAX_SENTENCE_WORDS or extraction.NOT_STATED.search(text):
        return None
    math = [next(g for g in m.groups() if g is not None) for m in _SENTENCE_MATH.finditer(text)]
    found = math if math else [m.group() for m in _SENTENCE_NUMBER.finditer(text)]
    if len(found) != 1:
        return None
    reading = reader.read(found[0].replace("$", "").replace("−", "-"))
    return reading if reading.value is not None and not isinstance(reading.value, Text) else None


def _parts_expected(gold: Value, value: Value) -> bool:
    """The gold has several parts (a bare list or a tuple) and the answer is not a list of as many."""
    if not (isinstance(gold, TupleValue) or isinstance(gold, SetValue) and not gold.braces) or len(gold.items) < 2:
        return False
    return not (isinstance(value, (SetValue, TupleValue)) and len(value.items) == len(gold.items))


def _in_parts(output: str, cand: Candidate, candidates: List[Candidate], gold: _Gold, options: Options,
              deadline: Deadline) -> Optional[Tuple[Answer, Value, Decision]]:
    """The answer, its value and the decision when the output commits at its end to as many parts as the gold has
    and they match it (see :mod:`mathgrade._parts`); None otherwise."""
    assert isinstance(gold.value, (SetValue, TupleValue))
    refused = [(c.start, c.end) for c in candidates if c.refused or c.alternatives]
    text = _parts.final_parts(output, cand.start, len(gold.value.items), options.policy == "reward", refused)
    if text is None:
        return None
    reading = reader.read(text)
    if reading.value is None or not isinstance(reading.value, SetValue):
        return None
    value, decision = _compare(reading, gold, options, deadline)
    if not decision.equal:
        return None
    return Answer(text, cand.start, cand.end, "final_parts"), value, Decision(
        True, decision.rule, f"the parts the output ends with: {decision.reason}")


def _refusal(cand: Candidate, answer: Answer, gold: _Gold) -> Verdict:
    """The verdict on a candidate the text does not commit to: ambiguous when a hedge names another value, else no
    answer; its rule is the refusal's (``answer.question``...)."""
    status = Status.AMBIGUOUS if cand.alternatives else Status.NO_ANSWER
    return Verdict(False, status, f"{cand.text!r} is not a committed answer: {cand.why}", cand.refused, gold.text,
                   answer, gold_value=gold.value)


def _compare(reading: Reading, gold: _Gold, options: Options, deadline: Deadline,
             written: str = "", output: str = "") -> Tuple[Value, Decision]:
    """The answer's value and the decision on it: a value that is the content of exactly one option of the problem
    is that option's letter; two numbers joined by a comma (``2,74``) match a number read with a decimal comma when
    that reading is exactly the gold (and the other way round), by the convention of the output's language (see
    :func:`_decimal_comma`)."""
    value = reading.value
    assert value is not None
    if gold.options and isinstance(value, (SetValue, TupleValue)) and len(value.items) > 1:
        named = {_option_of(item, gold.options, options, deadline) for item in value.items} - {None}
        if len(named) > 1:
            return value, Decision(False, ANSWER_ALL_OPTIONS, f"the answer lists the contents of several options "
                                                                f"({', '.join(sorted(str(n) for n in named))}) "
                                                                "without choosing one")
    if gold.options and not isinstance(value, Choice):
        letter = _option_of(value, gold.options, options, deadline)
        if letter is not None:
            value = Choice(letter, value)
    by_unit = _unit_decision(written, value, gold, options, deadline) if written else None
    if by_unit is not None:
        return value, by_unit
    if "," in written and isinstance(value, Number) and isinstance(gold.value, Number) \
            and _THOUSANDS_COMMA.fullmatch(written.strip(" $.")) and _language.uses_decimal_comma(output):
        decimal = Number(value.value / 1000, 3)
        if gold.value.value in (value.value, decimal.value):
            return value, Decision(False, NUMBER_AMBIGUOUS_COMMA, f"{written.strip(' $.')} is {value} with a "
                                   f"thousands comma or {decimal} with a decimal comma, and the output's language "
                                   "writes decimals with a comma: it is ambiguous")
    decision = comparison.compare(value, gold.value, options, deadline)
    if decision.equal:
        return value, decision
    for alternative in gold.alternatives:
        d = comparison.compare(value, alternative, options, deadline)
        if d.equal:
            return value, Decision(True, d.rule, f"{d.reason} (the gold lists equivalent forms; this is one)")
    if reading.decimal_comma is not None and isinstance(gold.value, Number) and \
            reading.decimal_comma.value == gold.value.value and _decimal_comma(reading.decimal_comma, output):
        return reading.decimal_comma, Decision(True, NUMBER_DECIMAL_COMMA,
                                               f"{reading.decimal_comma} (read with a decimal comma) equals the gold")
    if gold.decimal_comma is not None and isinstance(value, Number) and value.value == gold.decimal_comma.value \
            and _decimal_comma(gold.decimal_comma, output):
        return value, Decision(True, NUMBER_DECIMAL_COMMA,
                               f"{value} equals the gold read with a decimal comma ({gold.decimal_comma})")
    return value, decision


_THOUSANDS_COMMA = re.compile(r"-?[1-9][0-9]{0,2},[0-9]{3}")
"""A number with one comma before three digits: thousands in English, a decimal in French (``1,234``)."""


def _decimal_comma(number: Number, output: str) -> bool:
    """Whether a number written with a comma (``2,74``, the decimal reading ``number``) is a decimal: always when
    the output's language writes decimals with a comma; otherwise only when nothing else fits, i.e. not when its
    decimals end in 0 (``-3,0`` is the list -3, 0: nobody writes 3.0 for 3 in a comma-free language)."""
    if _language.uses_decimal_comma(output):
        return True
    scaled = number.value * Fraction(10) ** (number.places or 0)
    return scaled.denominator == 1 and scaled.numerator % 10 != 0


def _committed(cand: Candidate, value: Value, decision: Decision, gold: _Gold, options: Options,
               deadline: Deadline, others: Sequence[Candidate] = ()) -> Decision:
    """``decision`` (an equality) unless the answer's form refuses it (see :mod:`mathgrade._forms`): the problem's
    own expression restated, arithmetic left undone (reward policy), a decimal gold the problem does not say is
    rounded matched by a rounding, a list in another order than the problem asks, a letter whose content is another
    option's."""
    reward = options.policy == "reward"
    if _forms.restates_problem(cand.text, gold.text, gold.problem):
        return Decision(False, ANSWER_RESTATES_PROBLEM, f"{cand.text} is the problem's own expression, not "
                                                          f"evaluated (the gold is {gold.text})")
    if reward and decision.rule not in _ROUNDED and isinstance(gold.value, Number) and \
            isinstance(value, (Number, Expression)) and \
            _forms.plain_number(gold.text) and _forms.unfinished_arithmetic(cand.text):
        # (equal to a plain number exactly, the answer is rational: its operations can be carried out)
        return Decision(False, ANSWER_UNFINISHED_ARITHMETIC, f"{cand.text} leaves arithmetic undone; the gold is "
                                                               f"the number {gold.text}")
    if reward and isinstance(value, Number) and isinstance(gold.value, Number) and \
            value.percent != gold.value.percent and value.value != gold.value.value:
        return Decision(False, UNIT_PERCENT, f"{value} matches the gold {gold.value} only by moving a percent sign "
                                               "by a factor of 100")
    if decision.rule in _ROUNDED and isinstance(gold.value, Number) and gold.value.places is not None \
            and _rounded_to_gold(value, gold.value) and (reward or gold.problem is not None) \
            and not _gold_is_rounded(gold.text, gold.problem):
        return Decision(False, NUMBER_EXACT_GOLD, f"the gold {gold.text} is an exact decimal (nothing says it is "
                                                    f"rounded), and {value} is not exactly it")
    if gold.problem is not None and isinstance(value, (SetValue, TupleValue)) and \
            isinstance(gold.value, (SetValue, TupleValue)) and _forms.problem_asks_order(gold.problem):
        if len(value.items) == len(gold.value.items) and not all(
                comparison.compare(a, g, options, deadline).equal for a, g in zip(value.items, gold.value.items)):
            return Decision(False, LIST_ORDER, "the problem asks for the answers in an order, and these are in "
                                                 "another one")
    if isinstance(value, Choice) and gold.options.get(value.letter) is not None:
        content = value.content if value.content is not None else (reader.read(cand.content).value if cand.content
                                                                    else None)
        option = reader.read(gold.options[value.letter]).value
        if content is not None and option is not None and not comparison.compare(content, option, options, deadline).equal:
            return Decision(False, ANSWER_OPTION_MISMATCH, f"the answer names ({value.letter}) but writes "
                                                             f"{content}, which is not that option "
                                                             f"({gold.options[value.letter]})")
    if gold.options and others:
        letters = {_letter_of(c, gold, options, deadline) for c in others} - {None}
        if isinstance(value, Choice):
            letters.discard(value.letter)
        if letters:
            return Decision(False, ANSWER_CONFLICTING, f"the output also marks option "
                                                         f"{', '.join(sorted(str(x) for x in letters))} as its answer")
    return decision


def _letter_of(cand: Candidate, gold: _Gold, options: Options, deadline: Deadline) -> Optional[str]:
    """The option letter a marked candidate names: its letter, or the one option its value is the content of."""
    if cand.refused:
        return None
    if cand.choice:
        return cand.text
    value = reader.read(cand.text).value
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
    answer_unit = _units.written_unit(written)
    if answer_unit is None:
        return _gold_unit_letter(written, value, gold, options, deadline)
    gold_unit = _units.written_unit(gold.text) or _units.asked_unit(gold.problem)
    if gold_unit is None:
        return None
    how, factor = _units.relate(answer_unit, gold_unit)
    if how == "same":
        # the same unit on both sides: the numbers decide, however each side's unit was read (20 \text{ N} reads as
        # a product, 20 \mathrm{~N} as 20)
        answer_number, gold_number = _number_of(value, written), _number_of(gold.value, gold.text)
        if answer_number is None or gold_number is None or (value == answer_number) == (gold.value == gold_number):
            return None
        d = comparison.compare(answer_number, gold_number, options, deadline)
        return Decision(True, d.rule, f"{d.reason} (both in {answer_unit[1]})") if d.equal else None
    shown_a, shown_g = answer_unit[1].replace("**", "^"), gold_unit[1].replace("**", "^")
    where = "the gold's" if _units.written_unit(gold.text) else "the unit the problem asks for"
    if how == "angle":
        if isinstance(value, Number) and isinstance(gold.value, Number) and value.value == gold.value.value == 0:
            return None
        return Decision(False, UNIT_MISMATCH, f"the answer is in {shown_a}s and {where} is {shown_g}s")
    if how == "mismatch" or factor is None:
        return Decision(False, UNIT_MISMATCH, f"the answer's unit ({shown_a}) does not convert to {where} "
                                                f"({shown_g})")
    answer_number, gold_number = _number_of(value, written), _number_of(gold.value, gold.text)
    if answer_number is None or gold_number is None:
        return None
    converted = Number(answer_number.value * factor)
    d = comparison.compare(converted, gold_number, options, deadline)
    if d.equal:
        return Decision(True, UNIT_CONVERTED, f"{answer_number} {shown_a} is {converted} {shown_g}: {d.reason}")
    return Decision(False, UNIT_MISMATCH, f"{answer_number} {shown_a} is {converted} {shown_g}, not "
                                            f"{gold_number} ({where} unit)")


def _gold_unit_letter(written: str, value: Value, gold: _Gold, options: Options,
                      deadline: Deadline) -> Optional[Decision]:
    """``20 N`` against the gold ``20 \\mathrm{~N}``: a single letter after the answer's number is a variable, unless
    it is the very unit symbol the gold is written in; then the numbers decide (an equality only)."""
    gold_unit = _units.written_unit(gold.text)
    if gold_unit is None or gold_unit[0] != "pint":
        return None
    m = _NUMBER_THEN_LETTER.fullmatch(written.strip("$ "))
    if m is None or m.group(2) != gold_unit[1].strip("~ "):
        return None
    answer_number, gold_number = reader.read(m.group(1)).value, _number_of(gold.value, gold.text)
    if not isinstance(answer_number, Number) or gold_number is None:
        return None
    d = comparison.compare(answer_number, gold_number, options, deadline)
    return Decision(True, d.rule, f"{d.reason} (both in {m.group(2)})") if d.equal else None


_NUMBER_THEN_LETTER = re.compile(r"(-?[0-9]+(?:\.[0-9]+)?)\s+([A-Za-z])")


def _number_of(value: Value, text: str) -> Optional[Number]:
    """The number of a quantity: ``value`` when it is one, else the reading of ``text`` without its unit (``1500
    \\text{ m}`` reads as the product 1500·m: a single letter is never dropped as a unit)."""
    if isinstance(value, Number):
        return value
    head = _units.number_text(text)
    found = reader.read(head).value if head else None
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
        option = reader.read(content).value
        if option is not None and comparison.compare(value, option, options, deadline).equal:
            matches.append(letter)
    return matches[0] if len(matches) == 1 else None


def _then(candidates: List[Candidate], more: Callable[[], List[Candidate]]) -> Iterator[Candidate]:
    yield from candidates
    yield from more()


_FALLBACK_PRIORITY = 40
"""Candidates ranked at or below this are guesses (code output, bare answers, formulas, numbers), not marked."""
_AMBIGUOUS_RULES = frozenset({ANSWER_ALL_OPTIONS, ANSWER_CONFLICTING, NUMBER_AMBIGUOUS_COMMA})
_ROUNDED = (NUMBER_ROUNDED, EXPRESSION_ROUNDED)
"""The rules that accept a rounding."""
"""Rules whose refusal means the output commits to several answers (status ``ambiguous``, not ``incorrect``)."""


def _verdict(decision: Decision, answer: Answer, value: Value, gold_text: str, gold: Value) -> Verdict:
    status = Status.CORRECT if decision.equal else (
        Status.AMBIGUOUS if decision.rule in _AMBIGUOUS_RULES else Status.INCORRECT)
    return Verdict(decision.equal, status, decision.reason, decision.rule, gold_text, answer, value, gold)


_JOINING_MARKS = ",;:—–("
_JOINING_WORDS = ("and", "but", "so", "then", "while")
"""What may end the text before words that offer a box as another answer, with whitespace ("43, and a second answer
is ..."): cut, so that the text is not read as cut off in the middle of its sentence."""


def _without_joining_end(head: str) -> str:
    """``head`` without the whitespace, marks and joining words it ends with (read backwards once, linear in their
    length: a regex anchored at the end tried every start in a long run of them)."""
    end = len(head)
    while True:
        while end and (head[end - 1].isspace() or head[end - 1] in _JOINING_MARKS):
            end -= 1
        for word in _JOINING_WORDS:
            start = end - len(word)
            if start >= 0 and head[start:end].lower() == word and \
                    not (start and (head[start - 1].isalnum() or head[start - 1] == "_")):
                end = start
                break
        else:
            return head[:end]


def _stated_before(head: str, options: Options) -> Optional[Candidate]:
    """The answer the part of an output before a sentence (``head``) marks as final (a box, a phrase's, a tag's,
    ``#### N``), or None."""
    first, more = extraction.extract_staged(_without_joining_end(head) + ".", policy=options.policy)  # (ended: not
    # cut off); the best candidate is the first marked one, and the fallbacks are read only when there is none
    found = first or more()
    best = found[0] if found else None
    return best if best is not None and best.priority < _FALLBACK_PRIORITY and not best.refused else None


def _conflicting(texts: Tuple[str, ...], options: Options, deadline: Deadline) -> Optional[str]:
    """None when all alternative answers are the same answer; else a reason naming two that differ."""
    values = []
    for t in texts:
        r = reader.read(t)
        values.append((t, r.value if r.value is not None else Text(" ".join(t.split()))))
    first_text, first = values[0]
    for t, v in values[1:]:
        if not comparison.compare(v, first, options, deadline).equal:
            return f"the output commits to different answers: {first_text!r} and {t!r}"
    return None
