"""Stage 2, read: turn a LaTeX or plain string into a value (see :mod:`mathgrade.values`).

``read(text)`` never raises: it returns a :class:`Reading` whose ``value`` is the value read (possibly a ``Text``
value for words) or None, with ``error`` saying where and why reading failed.

The stages, each in one module::

    _normalize  repairs on the string, one small named function each (REPAIRS)
    _tokens     hand-written tokenizer, plain functions over (src, pos)
    _parser     Pratt parser (binding powers in one table) -> a tree of tuples
    _build      tree -> values: folds rational constants, expands ±, picks tuple/interval/set shapes

Choices (the comparison stage relies on them):

- A pure rational constant folds to ``Number`` (``\\frac{9}{7}``, ``2^{10}``, ``100!``); decimals keep ``places``
  (``0.333`` has 3, ``1.2e-4`` and ``1.2\\times10^{-4}`` have 5); ``25\\%`` is ``Number(25, percent=True)``;
  ``30^\\circ`` is ``Number(30, degrees=True)``. A power is folded only when the result has at most
  ``limits.MAX_DIGITS`` digits and the exponent is at most ``limits.MAX_EXPONENT``; otherwise it stays an exact
  ``("pow", b, n)`` tree (``2^{20000}``, ``9^{9^{9^9}}`` are never evaluated).
- Radicals are ``("func", "sqrt", x)`` and ``("func", "root", x, n)``; ``\\ln`` and ``\\log`` are the natural
  ``("func", "log", x)``; ``\\log_b x`` is ``("func", "log_base", x, b)``; ``\\sin^{-1}`` is ``asin``.
- ``(a, b)`` is a ``TupleValue`` unless an endpoint is infinite (then an open ``Interval``) or it is part of a union
  (``(0,9) \\cup (9,36)``: open intervals). ``[a, b]``, ``[a, b)``, ``(a, b]`` are ``Interval``. The comparison
  stage decides whether a tuple ``(a, b)`` may match an open interval.
- ``x \\in S`` reads as ``S``. ``x = 3`` is a ``Relation``; chains ``1 < x \\le 3`` are one ``Relation``.
- A bare list (``2, 3``; ``x=2 \\text{ or } x=3``; ``2 and 3``) and a top-level ``±`` (``1 \\pm \\sqrt{2}``) are a
  ``SetValue`` with ``braces=False``; ``\\{1, 2\\}`` and ``\\emptyset`` have ``braces=True``.
- ``e`` is Euler's number and ``i`` the imaginary unit, unless subscripted or primed (``e_1``, ``i'``), which makes
  them names. Inside a subscript every letter is part of the name (``a_i``).
- ``f(x)``, ``g(n)``, ``P(x)``, ``I(0)``, ``u(t)`` (letters ``f g h F G H I P Q N u`` directly followed by ``(``)
  are one name ``"f(x)"``, not a product; ``x(x+1)`` is a product.
- Implicit multiplication binds tighter than ``/`` (``2\\pi/\\omega`` is ``(2π)/ω``; ``1/2x`` is ``1/(2x)``); a
  number never multiplies implicitly from the right (``2 3`` is an error, not 6).
- A superscript without braces takes one whole atom: ``2^10`` is 1024 (plain-text habit, not TeX's ``2^1 0``);
  ``\\frac12``, ``\\sqrt3`` take single digits as TeX does.
- Mixed numbers: ``2\\frac12``, ``1\\frac{4}{5}``, ``2 1/2`` (a whole number then a proper fraction of whole numbers).
- ``0,5`` is the list 0, 5; ``0{,}5`` is the decimal 0.5; ``1,234`` and ``1{,}234`` are 1234 (comma groups of three
  digits outside brackets: ``(2,251,252)`` stays a tuple). Two numbers joined by one comma (``1000,99``) also carry
  their decimal-comma reading (``Reading.decimal_comma``), for a caller to use where only a number can match.
- Annotations are dropped: a decimal approximation after an answer (``\\frac{\\sqrt3}{3} \\approx 0.577``; a gold
  ``\\approx 3.14`` is 3.14), a parenthetical (``x = 5 \\text{ (meters)}``), words in ``\\text{}`` after a number
  (``65 \\text{ children tickets}``) unless they change the value or join answers (``million``, ``or``).
- Programming-language math: ``x**2``, ``sqrt(2)``, ``oo``, and the calls ``factorial(n)``, ``binomial(n, k)``,
  ``Abs(x)``, ``ceiling(x)``, ``Rational(p, q)``, ``Eq(a, b)`` (and ``Ne``, ``Lt``, ``Le``, ``Gt``, ``Ge``).
- Full-width forms (``１２３``), mathematical letters (``𝑥``), superscripts (``x⁻¹``), HTML entities (``&lt;``) and a
  backslash before a number (``\\15``) are read as what they stand for.
- A single capital A–E (``B``, ``(B)``, ``B)``, ``\\text{(B)}``, ``\\textbf{B}``) is a ``Choice``; ``(B) 12`` is a
  ``Choice`` with content.
- Words are ``Text`` (lowercased, whitespace collapsed, ``\\text{}`` stripped; ``raw`` keeps the input); the
  ``Reading`` then also carries the error that made it text. A string that is neither math nor words reads as None
  with the error, which carries the input and offsets in it (the repairs' offsets are mapped back).
- Trigonometric functions of degrees are converted at once: ``\\sin 60^\\circ`` is ``sin(60·π/180)``; in a longer
  argument each degree mark converts what it marks: ``\\sin(90^\\circ - x)`` is ``sin(90·π/180 - x)``.
- ``\\sum_{k=a}^{b} body`` and ``\\prod`` are ``("func", "sum" | "prod", body, ("sym", k), a, b)``; the body binds
  tighter than ``+`` and takes products; with integer bounds at most 200 apart and a numeric body they fold.
  ``\\Gamma(x)`` is ``("func", "gamma", x)`` (``\\Gamma(5)`` folds to 24); ``\\Gamma`` alone is a name.
- Matrix arithmetic written out (``A + B``, ``A B``, ``2A``, ``-A`` of explicit matrices) is worked out into one
  ``Matrix``; shapes that do not fit are a read error.
- An unknown command without arguments (``\\zzz``) names a quantity, the symbol ``zzz``; with an argument
  (``\\zzz{1}``), or a known non-name command (``\\ldots``, ``\\forall``, ``\\lim``...), it is a read error.
- Ordinals are their number (``3^{\\text{rd}}``, ``21st``; ``12^{th}`` only with the right suffix, so ``2^{th}`` is a
  power); an ordinal then a noun and nothing else (``12^{\\mathrm{th}}\\text{ grade}``) is the number.
- A condition clause after an answer (``x = 5 \\text{ where } x>0``; ``n^2, \\text{if } n \\text{ is even}``;
  ``\\text{for }``, ``when``, ``provided``, ``unless``...) is dropped when the whole does not read otherwise, the part
  before it is math, the clause has at most three words, and a ``where``/``with`` clause holds a relation
  (``f(x)=ax+b, \\text{where } b \\text{ is an integer}`` stays text: it defines a name of the answer).
- ``or`` glued between two formulas (``W(x)=1orW(x)=-1``) separates them; words (``for``, ``order``) never split.
- Limits (``limits.MAX_ANSWER_CHARS``, ``MAX_DIGITS``, ``MAX_DEPTH``, ``MAX_MATRIX_CELLS``): over them, the value is
  None and the error names the limit.

Results are cached per process, keyed on the input string (values are immutable, so sharing them is safe): a
least-recently-used cache bounded by entries (:data:`READ_CACHE_ENTRIES`) and by the bytes its readings hold
(:data:`READ_CACHE_BYTES`; a reading over :data:`READ_CACHE_ENTRY_BYTES` is not kept), so that an RL run, where every
answer is new, does not grow the process. Nothing depends on ``PYTHONHASHSEED``. Plain integers and decimals take a
regex fast path.
"""

from __future__ import annotations

import os
import re
import sys
import threading
from collections import OrderedDict
from dataclasses import dataclass
from fractions import Fraction
from typing import Dict, List, Optional, Tuple

from ..limits import MAX_ANSWER_CHARS, MAX_DIGITS
from ..values import Choice, Expression, Number, Relation, Text, Value
from ._build import build
from ._normalize import OFFERED_NUMBER, OFFERED_VALUE, OFFERING, balanced, input_offset, normalize_steps, strip_text_wrappers
from ._parser import parse
from ._tokens import ParseFailure, safe_int, tokenize

__all__ = ["read", "Reading", "ReadError", "read_cache_stats", "clear_read_cache"]


class ReadError:
    """Why a string could not be read: what was wrong, where in the input ``text`` (``pos``, an offset in it), and,
    when the error is about something elsewhere, what and where that is (``context``: ``("'(' opened", 6)``).

    ``str(error)`` says it all: ``'(' opened at position 6: expected ')' to close it, found the end at position 24``.

    Read-only. The offsets of an error found in the normalized text are mapped back to the input only when ``pos``,
    ``context`` or the message is read (an alignment of the texts before and after each repair, with ``difflib``):
    most errors are never shown (an answer that reads as words, a candidate passed over), and the alignment cost a
    quarter of the time of grading answer pairs.
    """

    __slots__ = ("message", "text", "_pos", "_context", "_steps", "_mapped")

    def __init__(self, pos: int, message: str, text: str = "", context: Optional[Tuple[str, int]] = None,
                 steps: Optional[List[str]] = None) -> None:
        """``pos`` and ``context`` are offsets in ``text``, or, with ``steps`` (the texts of the normalization, see
        :func:`normalize_steps`), in ``steps[-1]``, mapped back on first use."""
        self.message, self.text = message, text
        self._pos, self._context, self._steps = pos, context, steps
        self._mapped: Optional[Tuple[int, Optional[Tuple[str, int]]]] = None if steps else (pos, context)

    @property
    def pos(self) -> int:
        return self._where()[0]

    @property
    def context(self) -> Optional[Tuple[str, int]]:
        return self._where()[1]

    def _where(self) -> Tuple[int, Optional[Tuple[str, int]]]:
        mapped = self._mapped
        if mapped is None:  # (from the raw offsets, which never change: two threads may both map, alike)
            steps, context = self._steps or [], self._context
            mapped = (input_offset(steps, self._pos),
                      None if context is None else (context[0], input_offset(steps, context[1])))
            self._mapped = mapped
        return mapped

    def __str__(self) -> str:
        where = f"{self.message} at position {self.pos}"
        if self.context is None:
            return where
        what, at = self.context
        return f"{what} at position {at}: {where}"

    def __repr__(self) -> str:
        return f"ReadError(pos={self.pos!r}, message={self.message!r}, text={self.text!r}, context={self.context!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ReadError):
            return NotImplemented
        return (self.pos, self.message, self.text, self.context) == (other.pos, other.message, other.text,
                                                                     other.context)

    def __hash__(self) -> int:
        return hash((self.pos, self.message, self.text, self.context))


@dataclass(frozen=True)
class Reading:
    """The result of :func:`read`: the ``value`` (None when unreadable) and the first ``error`` met, if any.

    ``decimal_comma`` is the other reading of two numbers joined by one comma (``1000,99``, ``2,74``): the value is
    the list 1000, 99 and the decimal-comma reading 1000.99, for a caller to use where only a number can match.
    """

    value: Optional[Value]
    error: Optional[ReadError] = None
    decimal_comma: Optional[Number] = None


# ---- the cache ---------------------------------------------------------------------------------------------------

READ_CACHE_BYTES = 32 * 1024 * 1024
"""Most memory (bytes, as counted by :func:`_footprint`) the readings kept by the cache may hold, per process."""
READ_CACHE_ENTRIES = 65_536
"""Most readings the cache keeps."""
READ_CACHE_ENTRY_BYTES = 64 * 1024
"""A reading bigger than this is not kept: a long answer (an expression of more than about 2,000 characters) is
read once per grading and seldom again, and keeping it would only push out the short ones that do repeat (gold
answers, common answers)."""


class _Cache:
    """A least-recently-used cache of readings, bounded by entries and by bytes. Thread-safe (one lock, held only to
    look up and to insert); readings are immutable, so one may be shared by every caller."""

    def __init__(self, max_entries: int, max_bytes: int, max_entry_bytes: int) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self.max_entry_bytes = max_entry_bytes
        self._data: "OrderedDict[str, Tuple[Reading, int]]" = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = self.misses = self.refused = 0

    def get(self, text: str) -> Optional[Reading]:
        with self._lock:
            item = self._data.get(text)
            if item is None:
                self.misses += 1
                return None
            self._data.move_to_end(text)
            self.hits += 1
            return item[0]

    def put(self, text: str, reading: Reading) -> None:
        size = _footprint(text, reading)
        if size > self.max_entry_bytes:
            self.refused += 1
            return
        with self._lock:
            if text in self._data:
                return
            self._data[text] = (reading, size)
            self._bytes += size
            while self._bytes > self.max_bytes or len(self._data) > self.max_entries:
                _, (_, dropped) = self._data.popitem(last=False)
                self._bytes -= dropped

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
            self._bytes = 0
            self.hits = self.misses = self.refused = 0

    def stats(self) -> Dict[str, int]:
        with self._lock:
            return {"entries": len(self._data), "bytes": self._bytes, "max_entries": self.max_entries,
                    "max_bytes": self.max_bytes, "max_entry_bytes": self.max_entry_bytes, "hits": self.hits,
                    "misses": self.misses, "refused": self.refused}

    def _after_fork(self) -> None:
        self._lock = threading.Lock()  # another thread may have held it at the fork


def _footprint(*objects: object) -> int:
    """Bytes held by ``objects`` and everything they reach (strings, ints, tuples, fractions, the fields of values
    and readings), each object counted once: what keeping them in the cache costs."""
    seen = set()
    total = 0
    stack = list(objects)
    while stack:
        obj = stack.pop()
        if obj is None or obj is True or obj is False or id(obj) in seen:
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        if isinstance(obj, (str, int, float)):
            continue
        if isinstance(obj, tuple):
            stack.extend(obj)
        elif isinstance(obj, Fraction):
            stack.append(obj.numerator)
            stack.append(obj.denominator)
        else:
            fields = getattr(obj, "__dict__", None)
            if fields is not None:
                total += sys.getsizeof(fields)
                stack.extend(fields.values())
    return total


_CACHE = _Cache(READ_CACHE_ENTRIES, READ_CACHE_BYTES, READ_CACHE_ENTRY_BYTES)
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_CACHE._after_fork)


def read_cache_stats() -> Dict[str, int]:
    """The reader cache's size and bounds: ``entries``, ``bytes`` (see :func:`_footprint`), ``max_entries``,
    ``max_bytes``, ``max_entry_bytes``, and counts of ``hits``, ``misses`` and readings ``refused`` (too big)."""
    return _CACHE.stats()


def clear_read_cache() -> None:
    """Empty the reader cache (for tests and benchmarks)."""
    _CACHE.clear()


_PLAIN_NUMBER = re.compile(r"\s*\$?\s*(-?)(\d{1,4000})(?:\.(\d{0,4000}))?\s*\$?\s*", re.ASCII)
_CHOICE = re.compile(r"\(?\s*([A-E])\s*\)?")
_CHOICE_TEXT = re.compile(r"\\text\s*\{\s*\(?\s*([A-E])\s*\)?\s*\}")
_CHOICE_WITH_CONTENT = re.compile(r"(?:\\text\s*\{\s*)?\(([A-E])\)\s*\}?\s*(.+)|([A-E])\)\s*(.+)")
_WORDY = re.compile(r"(?<![\\A-Za-z])[A-Za-z]{4,}|\\text\s*\{[^{}]*[A-Za-z]{3,}")
_CONDITION = re.compile(r"(?:,\s*)?(?:\\text\s*\{\s*|(?<![A-Za-z\\]))(for|where|if|when|whenever|provided|"
                        r"assuming|unless|with)(?![A-Za-z])")
_ABOUT_THE_ANSWER = re.compile(r"\s*(?:it(?![A-Za-z])|it's|the\s+(?:answer|result|value)(?![A-Za-z])|not(?![A-Za-z])|"
                                r"otherwise|else)", re.I)
"""The start of a clause that speaks of the answer itself (what the answer is, or is not) instead of a condition."""
_OTHER_CASE = re.compile(r"(?<![A-Za-z])(?:otherwise|else|elsewhere)(?![A-Za-z])", re.I)
"""A word of a clause that gives the answer for the other cases: the answer is piecewise."""
_TAIL_WORDS = re.compile(r"(?<![A-Za-z\\])[A-Za-z]{2,}")
_RELATION_SIGN = re.compile(r"[=<>]|\\(?:neq?|leq?|geq?|in|notin|lt|gt)(?![A-Za-z])")
"""The start of a condition clause after an answer (see :func:`_before_condition`)."""
_DECIMAL_COMMA = re.compile(r"-?([0-9]{1,12}),([0-9]{1,12})")
_COMMANDS = re.compile(r"\\(?:begin|end)\s*\{[^{}]*\}|\\(?!text)[A-Za-z]+")


def read(text: str) -> Reading:
    """Read ``text`` into a value; never raises (see the module docstring for what each spelling becomes)."""
    if not isinstance(text, str):
        return Reading(None, ReadError(0, f"expected a string, not {type(text).__name__}"))
    if len(text) > MAX_ANSWER_CHARS:
        return Reading(None, ReadError(MAX_ANSWER_CHARS, f"answer longer than the limit of {MAX_ANSWER_CHARS}"
                                                         " characters", text))
    return _read_cached(text)


_TOO_DEEP = "input nested too deeply"
"""The error of a reading that ran out of Python's stack (``RecursionError``): the reader's own limits
(``MAX_DEPTH``) stop deep input first, so this happens when the caller itself was deep in its stack; such a reading
is not kept by the cache, since the same text read from a shallower caller is read."""


def _read_cached(text: str) -> Reading:
    """:func:`read` of a string within the length limit, through the cache."""
    reading = _CACHE.get(text)
    if reading is None:
        reading = _read_uncached(text)
        if reading.error is None or reading.error.message != _TOO_DEEP:
            _CACHE.put(text, reading)  # (Python's stack ran out: that depends on the caller, not only on the text)
    return reading


def _read_uncached(text: str) -> Reading:
    fast = _fast_number(text)
    if fast is not None:
        return Reading(fast)
    try:
        return _read(text)
    except RecursionError:
        return Reading(None, ReadError(0, _TOO_DEEP, text))
    except (ValueError, TypeError, IndexError, KeyError, AttributeError, ZeroDivisionError,
            OverflowError) as exc:  # a safety net: reading never raises; such an error is a bug to report
        return Reading(None, ReadError(0, f"internal reader error ({type(exc).__name__}: {exc})", text))


def _fast_number(text: str) -> Optional[Number]:
    """Plain integers and decimals, without the tokenizer."""
    m = _PLAIN_NUMBER.fullmatch(text)
    if m is None:
        return None
    sign, whole, frac = m.groups()
    if len(whole) + len(frac or "") > MAX_DIGITS:
        return None  # the tokenizer reports the limit
    value = Fraction(safe_int(whole + (frac or "")), 10 ** len(frac or ""))
    return Number(-value if sign else value, len(frac) if frac else None)


def _read(text: str) -> Reading:
    """Normalize, detect a choice letter, then tokenize, parse and build; words become Text."""
    steps = normalize_steps(text)
    s = steps[-1]
    if not s:
        return Reading(None, ReadError(0, "empty answer", text))
    choice = _choice(s)
    if choice is not None:
        return Reading(choice)
    approximated = _before_approximation(s)
    if approximated is not None:
        return approximated
    offered = _offered_value(s)
    if offered is not None:
        return offered
    try:
        tokens = tokenize(s)
        value = build(parse(tokens, s))
        comma = _DECIMAL_COMMA.fullmatch(s)
        if comma is not None:
            whole, fraction = comma.group(1), comma.group(2)
            decimal = Number(Fraction(safe_int(whole + fraction), 10 ** len(fraction)) * (-1 if s[0] == "-" else 1),
                             len(fraction))
            return Reading(value, decimal_comma=decimal)
        return Reading(value)
    except ParseFailure as exc:
        error = _error(exc, steps)
        head = _before_condition(s) or _restated_left_side(s, exc)
        if head is not None:
            return head
        if exc.words or _WORDY.search(_COMMANDS.sub(" ", s)):
            return Reading(_text_value(s, text), error)
        return Reading(None, error)


def _error(failure: ParseFailure, steps: List[str]) -> ReadError:
    """The error of a failure to read the normalized ``steps[-1]``, its offsets mapped back to the input (when they
    are first read)."""
    return ReadError(failure.pos, failure.message, steps[0], failure.context, steps)


_OFFERED_AFTER = re.compile(r"(.+?)\s*(?:\\text\s*\{\s*" + OFFERED_VALUE + r"\s*\}|\\text\s*\{\s*\(\s*" + OFFERING
                            + r"[\s,]*\}\s*" + OFFERED_NUMBER + r"\s*\))\s*")


def _offered_value(s: str) -> Optional[Reading]:
    """An answer followed by another value in parentheses (``42 \\text{ (or 43)}``, ``\\frac12 \\text{ (i.e. 0.5)}``,
    ``42 \\text{ (43)}``): the answer when both are the same number (a restatement); else a read error naming the two
    values (the output offers two answers, neither committed)."""
    if "(" not in s:
        return None
    m = _OFFERED_AFTER.fullmatch(s)
    if m is None:
        return None
    offered = (m.group(2) or m.group(3)).replace(" ", "")
    head, other = read(m.group(1)), read(offered)
    a, b = head.value, other.value
    if isinstance(a, Number) and isinstance(b, Number) and a.value == b.value and a.percent == b.percent:
        return head
    return Reading(None, ReadError(m.start(2) if m.group(2) else m.start(3),
                                   f"two values: {m.group(1).strip()!r}, then {offered!r} offered beside it", s))


_APPROXIMATION = re.compile(r"(.*?)\s*(?:\\approx|\\simeq|\\sim)\s*(-?[0-9]+(?:\.[0-9]+)?\s*%?)")


def _before_approximation(s: str) -> Optional[Reading]:
    """An answer followed by its decimal approximation (``\\frac{\\sqrt3}{3} \\approx 0.577``): the answer; a gold
    that is only an approximation (``\\approx 3.14``): the decimal. ``x \\approx 0.577`` stays a relation."""
    if "\\approx" not in s and "\\sim" not in s:
        return None
    m = _APPROXIMATION.fullmatch(s)
    if m is None:
        return None
    reading = read(m.group(1) or m.group(2))
    value = reading.value
    if value is None or isinstance(value, (Text, Relation)) or (isinstance(value, Expression)
                                                                and value.tree[0] == "sym"):
        return None  # (an unknown and its approximate value is a relation)
    if m.group(1) and isinstance(value, Number) and not _approximates(value, read(m.group(2)).value):
        return Reading(None, ReadError(m.start(2), f"{m.group(2).strip()!r} does not approximate "
                                       f"{m.group(1).strip()!r}: two values", s))
    return reading


def _approximates(exact: Number, approximation: Optional[Value]) -> bool:
    """The decimal ``approximation`` written after a number (``\\approx``) is the number rounded (half up) or
    truncated to its places (``\\frac{2}{3} \\approx 0.67`` or ``0.66``, ``4.5 \\approx 5``; not ``\\frac{1}{3}
    \\approx 0.4``, nor ``5 \\approx 6``: two values). A percent against a plain number is not judged here."""
    if not isinstance(approximation, Number) or approximation.percent != exact.percent:
        return True
    scale = Fraction(10) ** (approximation.places or 0)
    scaled = abs(exact.value) * scale
    sign = -1 if exact.value < 0 else 1
    candidates = {sign * Fraction(int(scaled)) / scale, sign * Fraction(int(scaled + Fraction(1, 2))) / scale}
    return approximation.value in candidates


def _before_condition(s: str) -> Optional[Reading]:
    """An answer followed by a condition clause (``x = 5 \\text{ where } x>0``, ``n^2, \\text{if } n \\text{ is
    even}``, ``A = \\frac{1}{4-\\omega^2}, \\text{for } \\omega^2 \\neq 4``): the reading of the part before the
    clause, when that part is math (not words); None otherwise."""
    m = _CONDITION.search(s)
    if m is None or m.start() == 0:
        return None
    tail = strip_text_wrappers(s[m.end():])
    if len(_TAIL_WORDS.findall(tail)) > 3:
        return None  # prose ("where b is an arbitrary integer and a is ..."), not a condition
    if _ABOUT_THE_ANSWER.match(tail):
        return None  # "42, unless it is 43", "7 if not 9": another value for the answer itself, not a condition
    if _OTHER_CASE.search(tail):
        return None  # "42 if n is even, 43 otherwise": a piecewise answer, not one answer and its condition
    if m.group(1) in ("where", "with") and not _RELATION_SIGN.search(tail):
        return None  # "where b is an integer" defines a name of the answer: the whole answer is words
    head = s[:m.start()].rstrip(" ,;")
    if not head:
        return None
    reading = read(head)
    if reading.value is None or isinstance(reading.value, Text):
        return None
    return reading


def _restated_left_side(s: str, failure: ParseFailure) -> Optional[Reading]:
    """``\\lim_{x\\to 0} \\frac{\\sin x}{x} = 1``, ``\\det\\begin{pmatrix}...\\end{pmatrix} = 3``: an equation whose
    left side restates the question in notation this reader does not evaluate (it failed there), and whose right side
    reads. The left side becomes a name (as ``E(2020,1993)`` is one), so that the equation is compared as any named
    value is: by its right side. Only for one ``=`` outside brackets, a failure left of it, and a right side that is
    math (not words)."""
    equals = _top_level_equals(s)
    if len(equals) != 1 or failure.pos >= equals[0]:
        return None
    left, right = s[:equals[0]].strip(), s[equals[0] + 1:].strip()
    if not left or not right or _RELATION_SIGN.search(left):
        return None  # (a left side holding a relation, "\\neq x = 5", restates nothing: it is not read)
    value = read(right).value
    if value is None or isinstance(value, (Text, Relation)):
        return None
    return Reading(Relation((Expression(("sym", " ".join(left.split()))), value), ("=",)))


def _top_level_equals(s: str) -> List[int]:
    """Offsets of the ``=`` signs of ``s`` outside brackets (not ``<=``, ``>=``, ``!=``, ``:=``, ``==``)."""
    found, depth = [], 0
    for k, c in enumerate(s):
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "=" and depth == 0 and (k == 0 or s[k - 1] not in "<>!:=") and s[k + 1:k + 2] != "=":
            found.append(k)
    return found


def _choice(s: str) -> Optional[Choice]:
    """A multiple-choice letter: ``B``, ``(B)``, ``B)``, ``\\text{(B)}``, ``\\text{B}``, ``(B) 12``."""
    while s.startswith("{") and s.endswith("}") and balanced(s[1:-1]):
        s = s[1:-1].strip()
    m = _CHOICE.fullmatch(s) or _CHOICE_TEXT.fullmatch(s)
    if m is not None:
        return Choice(m.group(1))
    m = _CHOICE_WITH_CONTENT.fullmatch(s)
    if m is not None:
        letter = m.group(1) or m.group(3)
        rest = (m.group(2) or m.group(4)).strip()
        content = read(rest).value
        return Choice(letter, content)
    return None


def _text_value(s: str, raw: str) -> Text:
    words = strip_text_wrappers(s).replace("\\", " ")
    return Text(" ".join(words.lower().split()).strip(" .,;:"), raw=raw)
