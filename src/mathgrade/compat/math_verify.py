"""A drop-in for Hugging Face Math-Verify's API (``parse``, ``verify``, ``math_metric`` and the extraction configs),
built on mathgrade's own pipeline (:mod:`mathgrade._extract`, :mod:`mathgrade._read`, :mod:`mathgrade.compare`).

Switch with one line::

    # from math_verify import parse, verify, LatexExtractionConfig, ExprExtractionConfig
    from mathgrade.compat.math_verify import parse, verify, LatexExtractionConfig, ExprExtractionConfig

    gold = parse("$\\\\frac{1}{2}$")
    answer = parse("... so the answer is $\\\\boxed{0.5}$.")
    verify(gold, answer)          # True

Signatures and argument meanings are Math-Verify 0.9.0's. What ``parse`` returns differs in type: a list holding a
:class:`ParsedAnswer` (the mathgrade value, the text it was read from and the extraction rule) and, with
``fallback_mode="first_match"``, the extracted text as a ``str``, where Math-Verify returns a sympy object and a
``str``. ``verify`` accepts these lists (and plain numbers, strings, mathgrade values and sympy objects).

Deliberate differences from Math-Verify (see ``docs/migration.md``): time limits work in any thread (no
``signal.alarm``); decimals match exact values by mathgrade's rounding rule rather than by rounding both sides to
``float_rounding`` places; an output that commits to several different answers matches none of them; a partial
list of answers is wrong; ``numeric_precision`` and ``normalization_config`` are accepted and ignored.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from typing import Any, Callable, List, Optional, Sequence, Tuple, Union

from ..compare import compare
from .._language import uses_decimal_comma
from .._extract import Candidate, extract as _extract
from ..errors import GradingTimeout
from ..limits import MAX_ANSWER_CHARS, Deadline
from ..options import Options, make_options
from .._read import read
from ..values import (
    Choice,
    Expression,
    Interval,
    Matrix,
    Number,
    Relation,
    SetValue,
    Text,
    TupleValue,
    Union_,
    Value,
)

__all__ = [
    "parse",
    "verify",
    "math_metric",
    "LatexExtractionConfig",
    "ExprExtractionConfig",
    "StringExtractionConfig",
    "NormalizationConfig",
    "LatexNormalizationConfig",
    "ExtractionTarget",
    "ParsedAnswer",
    "TimeoutException",
]

logger = logging.getLogger(__name__)

TimeoutException = GradingTimeout
"""What ``parse``/``verify`` raise on a time limit when ``raise_on_error=True`` (Math-Verify's name for it)."""

_NO_LIMIT = 1e9
"""Seconds used when a Math-Verify caller disables the time limit (``None`` or ``<= 0``)."""

_VALUE_TYPES = (Number, Expression, TupleValue, SetValue, Interval, Union_, Matrix, Relation, Choice, Text)


# --------------------------------------------------------------------------------------------------------------------
# Configs: the same names and fields as Math-Verify's


@dataclass(frozen=True)
class NormalizationConfig:
    """LaTeX normalization switches, accepted for compatibility and ignored: mathgrade always repairs what models
    write (``\\dfrac``, ``\\frac12``, ``\\left(``, units, ...) in its reader."""

    basic_latex: bool = True
    units: bool = True
    malformed_operators: bool = True
    nits: bool = True
    boxed: Union[bool, str] = "all"
    equations: bool = False


LatexNormalizationConfig = NormalizationConfig


@dataclass(frozen=True)
class LatexExtractionConfig:
    """Look for LaTeX answers (``\\boxed{}``, ``$...$``, ``\\[...\\]``, "final answer is $...$").

    try_extract_without_anchor:
        False: only answers marked as final count (mathgrade's ``reward`` policy).
    boxed_match_priority:
        ``-1`` ignores ``\\boxed{}``; a value above 50 prefers a "final answer is ..." phrase to a box; otherwise
        boxed answers come first (as in mathgrade).
    normalization_config:
        Accepted and ignored (see :class:`NormalizationConfig`).
    """

    try_extract_without_anchor: bool = True
    boxed_match_priority: int = 50
    normalization_config: NormalizationConfig = field(default_factory=NormalizationConfig)


@dataclass(frozen=True)
class ExprExtractionConfig:
    """Look for plain-text answers (``1/2``, ``1,000.5``, ``28%``).

    try_extract_without_anchor:
        False: only answers marked as final count (mathgrade's ``reward`` policy).
    """

    try_extract_without_anchor: bool = True


@dataclass(frozen=True)
class StringExtractionConfig:
    """Look for one of ``strings`` (by default the multiple-choice letters A to D).

    ``parse`` returns the string found (lowercased when ``lowercase``) and, with ``fallback_mode="first_match"``,
    the string as written.
    """

    strings: Tuple[str, ...] = ("A", "B", "C", "D")
    try_extract_without_anchor: bool = True
    lowercase: bool = True


ExtractionTarget = Union[LatexExtractionConfig, ExprExtractionConfig, StringExtractionConfig]

_DEFAULT_TARGETS: Tuple[ExtractionTarget, ...] = (LatexExtractionConfig(), ExprExtractionConfig())


@dataclass(frozen=True)
class ParsedAnswer:
    """A math answer found by :func:`parse`.

    ``value`` is the mathgrade value read from ``text``; ``rule`` is the extraction rule that found it (``whole``
    when the input itself was a bare answer). ``conflicts`` is non-empty when the text commits to several different
    answers (e.g. two different boxes): such an answer verifies against nothing.
    """

    value: Value
    text: str
    rule: str
    conflicts: Tuple[str, ...] = ()

    def __str__(self) -> str:
        return str(self.value)


Item = Union[ParsedAnswer, str]


# --------------------------------------------------------------------------------------------------------------------
# parse


def parse(
    pred: str,
    extraction_config: Sequence[ExtractionTarget] = _DEFAULT_TARGETS,
    fallback_mode: str = "first_match",
    extraction_mode: str = "any_match",
    parsing_timeout: Optional[float] = 5,
    raise_on_error: bool = False,
) -> List[Item]:
    """Find the final answer in ``pred`` and read it; Math-Verify's ``parse`` with the same arguments.

    Returns ``[]`` when nothing was found (or on an error, unless ``raise_on_error``); otherwise a list whose first
    item is a :class:`ParsedAnswer` (or, for :class:`StringExtractionConfig`, the string found) followed, when
    ``fallback_mode="first_match"``, by the first extracted text as a ``str``. With ``extraction_mode="first_match"``
    only the best-placed candidate is tried; with ``"any_match"`` later candidates are tried until one can be read.
    ``parsing_timeout`` (seconds; ``None`` or ``<= 0`` for none) works in any thread.
    """
    if fallback_mode not in ("first_match", "no_fallback"):
        raise ValueError(f"fallback_mode must be 'first_match' or 'no_fallback', not {fallback_mode!r}")
    if extraction_mode not in ("first_match", "any_match"):
        raise ValueError(f"extraction_mode must be 'first_match' or 'any_match', not {extraction_mode!r}")
    try:
        if not isinstance(pred, str):
            raise TypeError(f"pred must be a str, not {type(pred).__name__}")
        deadline = Deadline(_seconds(parsing_timeout))
        return _parse_with(pred, tuple(extraction_config), fallback_mode == "first_match",
                           extraction_mode == "any_match", deadline)
    except GradingTimeout:
        if raise_on_error:
            raise
        logger.warning("Timeout during parsing")
        return []
    except Exception:  # noqa: BLE001 - Math-Verify's contract: return [] unless raise_on_error
        if raise_on_error:
            raise
        logger.debug("Error during parsing", exc_info=True)
        return []


def _parse_with(pred: str, targets: Tuple[ExtractionTarget, ...], fallback: bool, any_match: bool,
                deadline: Deadline) -> List[Item]:
    """Try the targets in the order given (all math targets together, where the first of them stands)."""
    math_targets = [t for t in targets if isinstance(t, (LatexExtractionConfig, ExprExtractionConfig))]
    done_math = False
    for target in targets:
        if isinstance(target, StringExtractionConfig):
            found = _parse_strings(pred, target, fallback)
        elif isinstance(target, (LatexExtractionConfig, ExprExtractionConfig)):
            if done_math:
                continue
            done_math = True
            found = _parse_math(pred, math_targets, fallback, any_match, deadline)
        else:
            raise TypeError(f"unknown extraction config: {target!r}")
        if found:
            return found
    return []


def _parse_math(pred: str, targets: List[Union[LatexExtractionConfig, ExprExtractionConfig]], fallback: bool,
                any_match: bool, deadline: Deadline) -> List[Item]:
    """Read the candidates best first; the first that reads is the answer (``any_match``), or only the first."""
    cands = _math_candidates(pred, targets)
    first_text: Optional[str] = None
    unread: List[Candidate] = []
    words: Optional[ParsedAnswer] = None
    for i, cand in enumerate(cands):
        deadline.check()
        if any(_inside(cand, bad) for bad in unread):
            continue  # a number inside a formula that could not be read is not the answer
        parsed = _read_candidate(cand, deadline, pred)
        if cand.rule == "whole" and (parsed is None or isinstance(parsed.value, Text)):
            if parsed is not None and _short_line(cand.text):
                words = parsed  # a short text answer ("\text{Evelyn}"), if nothing else is found
            continue  # the input is not a bare math answer: leave it to extraction
        if first_text is None:
            first_text = _unwrap_math(cand.text)
        if parsed is None:
            if not any_match:
                break
            unread.append(cand)
            continue
        if any_match and isinstance(parsed.value, Text):
            parsed = _math_inside(cand, cands[i + 1:], deadline) or parsed
        if parsed.conflicts:
            return [parsed]  # no fallback text: the text of one alternative must not match on its own
        return [parsed, first_text] if fallback else [parsed]
    if words is not None and first_text is None:
        return [words, _unwrap_math(words.text)] if fallback else [words]
    return [first_text] if fallback and first_text else []


_SHORT_ANSWER_CHARS = 60


def _short_line(text: str) -> bool:
    """One short line: what a text answer ("Evelyn", ``\\text{east}``) looks like, unlike a sentence of prose."""
    return "\n" not in text and len(text) <= _SHORT_ANSWER_CHARS


def _math_inside(outer: Candidate, later: List[Candidate], deadline: Deadline) -> Optional[ParsedAnswer]:
    """The last math answer inside the words of ``outer`` ("Final Answer: the volume of $V$ is 120" gives 120)."""
    best: Optional[Tuple[int, ParsedAnswer]] = None
    for cand in later:
        if _inside(cand, outer) and (best is None or cand.end > best[0]):
            parsed = _read_candidate(cand, deadline)
            if parsed is not None and not isinstance(parsed.value, Text):
                best = (cand.end, parsed)
    return best[1] if best else None


def _inside(cand: Candidate, outer: Candidate) -> bool:
    return outer.start <= cand.start and cand.end <= outer.end and (cand.start, cand.end) != (outer.start, outer.end)


_WEAK_PRIORITY = 50
"""Candidates from this priority on (the last formula, the last number) rank below the whole input read as is."""


def _math_candidates(pred: str, targets: List[Union[LatexExtractionConfig, ExprExtractionConfig]]) -> List[Candidate]:
    """The candidates to try, best first: marked answers, then the whole input when it is a bare answer, then the
    last formula and the last number."""
    policy = "eval" if any(t.try_extract_without_anchor for t in targets) else "reward"
    cands = _extract(pred, policy=policy)
    bare = pred.strip()
    if policy == "eval" and _looks_bare(bare):
        at = next((i for i, c in enumerate(cands) if c.priority >= _WEAK_PRIORITY), len(cands))
        start = pred.find(bare)
        cands.insert(at, Candidate(bare, start, start + len(bare), "whole", _WEAK_PRIORITY - 1))
    latex = [t for t in targets if isinstance(t, LatexExtractionConfig)]
    if not latex:
        return [c for c in cands if "\\" not in c.text]
    boxes = [c for c in cands if _is_boxed(c)]
    if all(t.boxed_match_priority < 0 for t in latex):
        return [c for c in cands if not _is_boxed(c) and "\\boxed" not in c.text
                and not any(_inside(c, b) for b in boxes)]
    if min(t.boxed_match_priority for t in latex if t.boxed_match_priority >= 0) > 50:
        return [c for c in cands if not _is_boxed(c)] + boxes
    return cands


_MATH_DELIMS = (("$$", "$$"), ("\\[", "\\]"), ("\\(", "\\)"), ("$", "$"))


def _unwrap_math(text: str) -> str:
    """``text`` trimmed, without the math delimiters around it (the fallback string ``parse`` returns)."""
    s = text.strip()
    for left, right in _MATH_DELIMS:
        if len(s) >= len(left) + len(right) and s.startswith(left) and s.endswith(right):
            return s[len(left):len(s) - len(right)].strip()
    return s


def _is_boxed(cand: Candidate) -> bool:
    return "boxed" in cand.rule or "fbox" in cand.rule


def _looks_bare(text: str) -> bool:
    """True when ``text`` is short enough to be an answer on its own, so it is worth reading whole (prose reads as
    words and is then left to extraction)."""
    return bool(text) and len(text) <= MAX_ANSWER_CHARS


def _read_candidate(cand: Candidate, deadline: Deadline, pred: str = "") -> Optional[ParsedAnswer]:
    """The candidate read into a :class:`ParsedAnswer`, or None when it cannot be read; ``2,74`` is a decimal when
    the text ``pred`` it is found in is in a language that writes decimals with a comma."""
    reading = read(cand.text)
    value = reading.value
    if reading.decimal_comma is not None and pred and uses_decimal_comma(pred):
        value = reading.decimal_comma
    if value is None:
        return None
    conflicts = _conflicts(cand.alternatives, deadline) if cand.alternatives else ()
    return ParsedAnswer(value, cand.text, cand.rule, conflicts)


def _conflicts(texts: Tuple[str, ...], deadline: Deadline) -> Tuple[str, ...]:
    """``texts`` when they are different answers, else ``()``."""
    values = [read(t).value for t in texts]
    if any(v is None for v in values):
        return tuple(texts)
    first = values[0]
    options = make_options()
    for v in values[1:]:
        if not compare(v, first, options, deadline).equal:  # type: ignore[arg-type]
            return tuple(texts)
    return ()


# String targets ------------------------------------------------------------------------------------------------------


def _parse_strings(pred: str, target: StringExtractionConfig, fallback: bool) -> List[Item]:
    found = _find_string(pred, target)
    if found is None:
        return []
    parsed = found.lower() if target.lowercase else found
    return [parsed, found] if fallback else [parsed]


def _find_string(pred: str, target: StringExtractionConfig) -> Optional[str]:
    """The option string the output chooses: a choice mathgrade's extractor finds, else the one after the last
    "answer", else one that opens the output, else the last one standing alone as a word."""
    wanted = {s: s for s in target.strings}
    policy = "eval" if target.try_extract_without_anchor else "reward"
    for cand in _extract(pred, policy=policy, choices=True):
        letter = cand.text.strip().strip("()*.:$").strip()
        if cand.choice and letter in wanted:
            return wanted[letter]
    if not target.strings:
        return None
    alts = "|".join(re.escape(s) for s in sorted(target.strings, key=len, reverse=True))
    word = rf"(?<![A-Za-z0-9])(?:\*\*)?({alts})(?:\*\*)?(?![A-Za-z0-9])"
    anchored = list(re.finditer(rf"(?i:answer)[^\n]{{0,50}}?{word}", pred))
    if anchored:
        return anchored[-1].group(1)
    if not target.try_extract_without_anchor:
        return None
    opening = re.match(rf"\s*{word}", pred)
    if opening:
        return opening.group(1)
    plain = list(re.finditer(word, pred))
    return plain[-1].group(1) if plain else None


# --------------------------------------------------------------------------------------------------------------------
# verify


def verify(
    gold: Any,
    target: Any,
    float_rounding: int = 6,
    numeric_precision: int = 15,
    strict: bool = True,
    allow_set_relation_comp: bool = False,
    timeout_seconds: Optional[float] = 5,
    raise_on_error: bool = False,
) -> bool:
    """True when some item of ``target`` answers some item of ``gold``; Math-Verify's ``verify``.

    ``gold`` and ``target`` are what :func:`parse` returns (or single items: a :class:`ParsedAnswer`, a ``str``, a
    mathgrade value, an ``int``/``float``, a sympy object). Math answers are compared by mathgrade's rules; two
    ``str`` items are equal when they are the same non-empty text after trimming; a math answer never equals a
    ``str``.

    float_rounding:
        Below 3, lowers the significant digits a decimal needs to match an exact value (``0.33`` ~ ``1/3`` with
        ``float_rounding=2``). mathgrade never rounds the gold answer.
    numeric_precision:
        Accepted and ignored: mathgrade compares exactly.
    strict:
        False: free variables match up to a consistent renaming (``f(x)`` ~ ``f(y)``).
    allow_set_relation_comp:
        An inequality in the gold may always be answered by the interval it describes. The reverse (an interval
        gold answered by an inequality) is allowed only when this is True.
    timeout_seconds:
        Limit for each comparison (``None`` or ``<= 0``: none). Works in any thread.
    raise_on_error:
        True: an error or a timeout is raised instead of counting as "not equal".
    """
    options = _verify_options(float_rounding, strict, timeout_seconds)
    golds = gold if isinstance(gold, list) else [gold]
    targets = target if isinstance(target, list) else [target]
    for g in golds:
        for t in targets:
            try:
                if _verify_one(g, t, options, allow_set_relation_comp):
                    return True
            except GradingTimeout:
                if raise_on_error:
                    raise
                logger.warning("Timeout during comparison")
            except Exception:  # noqa: BLE001 - Math-Verify's contract: False unless raise_on_error
                if raise_on_error:
                    raise
                logger.debug("Error during comparison", exc_info=True)
    return False


def _verify_options(float_rounding: int, strict: bool, timeout_seconds: Optional[float]) -> Options:
    if isinstance(float_rounding, bool) or not isinstance(float_rounding, int) or float_rounding < 0:
        raise ValueError(f"float_rounding must be a non-negative integer, not {float_rounding!r}")
    return make_options(
        timeout=_seconds(timeout_seconds),
        min_significant_digits=max(1, min(3, float_rounding)),
        match_variables=bool(strict),
    )


def _verify_one(gold: Any, target: Any, options: Options, allow_set_relation_comp: bool) -> bool:
    g, t = _as_item(gold), _as_item(target)
    if isinstance(g, str) and isinstance(t, str):
        g, t = g.strip(), t.strip()
        return bool(g) and g == t
    if not isinstance(g, ParsedAnswer) or not isinstance(t, ParsedAnswer):
        return False
    if g.conflicts or t.conflicts:
        return False
    if not allow_set_relation_comp and _is_set_like(g.value) and isinstance(t.value, Relation):
        options = _replace(options, allow_interval_as_inequality=False)
    return compare(t.value, g.value, options, Deadline(options.timeout)).equal


def _replace(options: Options, **changes: Any) -> Options:
    fields = {name: getattr(options, name) for name in options.__dataclass_fields__}
    fields.update(changes)
    return make_options(**fields)


def _is_set_like(value: Value) -> bool:
    return isinstance(value, (Interval, Union_, SetValue))


def _as_item(x: Any) -> Item:
    """A gold or target item as :func:`verify` compares it."""
    if isinstance(x, (ParsedAnswer, str)):
        return x
    if isinstance(x, _VALUE_TYPES):
        return ParsedAnswer(x, str(x), "value")
    if isinstance(x, bool):
        raise TypeError("cannot verify a bool")
    if isinstance(x, (int, float)):
        return _read_item(repr(x), "number")
    if type(x).__module__.split(".")[0] == "sympy":
        import sympy  # lazily: only a caller holding sympy objects pays for it

        return _read_item(sympy.latex(x), "sympy")
    raise TypeError(f"cannot verify a {type(x).__name__}")


def _read_item(text: str, rule: str) -> Item:
    value = read(text).value
    if value is None:
        return text
    return ParsedAnswer(value, text, rule)


def _seconds(limit: Optional[float]) -> float:
    if limit is None or limit <= 0:
        return _NO_LIMIT
    return float(limit)


# --------------------------------------------------------------------------------------------------------------------
# math_metric


def math_metric(
    gold_extraction_target: Sequence[ExtractionTarget] = (ExprExtractionConfig(),),
    pred_extraction_target: Sequence[ExtractionTarget] = (ExprExtractionConfig(),),
    aggregation_function: Callable[[List[float]], float] = max,
    precision: int = 6,
) -> Callable[[List[str], List[str]], Tuple[float, Optional[Tuple[List[str], List[str]]]]]:
    """A sample-level metric like Math-Verify's: ``fn(golds, predictions) -> (score, (gold_texts, pred_texts))``.

    Each prediction scores 1.0 when it answers any gold, else 0.0; the scores are combined by
    ``aggregation_function``. A gold from which nothing can be extracted raises ``ValueError``.
    """

    def sample_level_fn(golds: List[str], predictions: List[str]
                        ) -> Tuple[float, Optional[Tuple[List[str], List[str]]]]:
        extracted_golds = [parse(g, gold_extraction_target) for g in golds]
        extracted_preds = [parse(p, pred_extraction_target) for p in predictions]
        if any(not g for g in extracted_golds):
            raise ValueError(f"No gold targets found for at least one gold. Gold: {golds}, Pred: {predictions}")
        if extracted_preds and all(not p for p in extracted_preds):
            logger.warning("No prediction could be extracted. Gold: %s, Pred: %s", golds, predictions)
        scores = [
            1.0 if any(verify(g, p, precision) for g in extracted_golds) else 0.0 for p in extracted_preds
        ]
        texts = ([str(x) for g in extracted_golds for x in g], [str(x) for p in extracted_preds for x in p])
        return aggregation_function(scores), texts

    return sample_level_fn
