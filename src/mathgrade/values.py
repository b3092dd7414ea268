"""The value model: what an answer *is*, once read.

Every reader output and every comparison input is one of the small, immutable, hashable classes below. Each has a
``kind`` (a :class:`Kind`). Values never hold sympy objects: symbolic expressions are kept as a tree of plain tuples
(see :data:`Node`) and converted to sympy lazily, inside the comparison stage, only when they are needed. That keeps
``import mathgrade`` and the common path (plain numbers) free of sympy.

Expression trees
----------------
A :data:`Node` is a tuple whose first element names the operation::

    ("num", Fraction)            a rational constant
    ("num", Fraction, places)    a decimal as written, read exactly; ``places`` as for :class:`Number` (the
                                 comparison may take it for a rounding: ``x + 1.414i`` ~ ``x + \\sqrt2 i``)
    ("sym", "x")                 a free variable (names are LaTeX-free: "x", "a_1", "theta", "x'")
    ("const", "pi" | "e" | "i" | "oo")
    ("add", a, b, ...)           n-ary sum
    ("mul", a, b, ...)           n-ary product
    ("neg", a)                   unary minus
    ("div", a, b)                a / b
    ("pow", a, b)                a ** b
    ("func", name, a, ...)       a named function: sin cos tan cot sec csc asin acos atan sinh cosh tanh
                                 log (natural) ln exp sqrt abs floor ceil factorial binom root (root: x, n)
                                 log_base (x, base) gcd lcm max min re im arg conj gamma
    ("func", "sum" | "prod", body, ("sym", k), lo, hi)   a sum or product over the integers k = lo..hi
    ("pm", a, b)                 a ± b (only ever at the top of a list item; the reader expands it)

Trees are compared structurally only for hashing; equivalence is decided by :mod:`mathgrade.compare`.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Optional, Tuple, Union

__all__ = [
    "Kind",
    "Node",
    "Number",
    "Expression",
    "TupleValue",
    "SetValue",
    "Interval",
    "Union_",
    "Matrix",
    "Relation",
    "Choice",
    "Text",
    "Value",
    "digit_count",
    "int_text",
    "fraction_text",
    "printable",
    "replaced",
    "has_surrogate",
]

Node = Tuple[Any, ...]  # see the module docstring for the shapes


class Kind(str, enum.Enum):
    """The kind of a value; comparison dispatches on the kinds of the two sides."""

    NUMBER = "number"
    EXPRESSION = "expression"
    TUPLE = "tuple"
    SET = "set"
    INTERVAL = "interval"
    UNION = "union"
    MATRIX = "matrix"
    RELATION = "relation"
    CHOICE = "choice"
    TEXT = "text"

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.value


@dataclass(frozen=True)
class Number:
    """An exact real number as written.

    ``value`` is exact. ``places`` is None for an exact numeral (``3``, ``\\frac{1}{3}``, ``0.\\overline{3}``) and,
    for a decimal the author wrote, the power of ten of its last written digit, negated: ``0.333`` has places 3,
    ``1.2e-4`` has places 5, ``1.20`` has places 2, ``1.2e5`` has places -4. Comparison uses it to decide whether the
    decimal is a rounding of an exact value.

    ``percent`` is True when the number was written with a percent sign (``value`` is then the written numeral, so
    ``25\\%`` has value 25); ``degrees`` when it was written with a degree sign.
    """

    value: Fraction
    places: Optional[int] = None
    percent: bool = False
    degrees: bool = False

    kind = Kind.NUMBER

    @property
    def is_decimal(self) -> bool:
        """True when the number was written as a finite decimal (so it may be a rounding)."""
        return self.places is not None

    def __reduce__(self) -> Tuple[Any, ...]:
        # Pickled as integers: a Fraction pickles as its text and is parsed back, which made sending a verdict
        # between processes cost more than grading a short answer.
        v = self.value
        return (_number, (v.numerator, v.denominator, self.places, self.percent, self.degrees))

    def __str__(self) -> str:
        v = self.value
        if self.places is not None and self.places > 0 and v.denominator != 1:
            text = _decimal_str(v, self.places)
        else:
            text = fraction_text(v)
        if self.percent:
            text += "%"
        if self.degrees:
            text += "°"
        return text

    def __repr__(self) -> str:
        # (the dataclass's repr would print the Fraction's digits with str(), which Python refuses past 4,300)
        return (f"Number(value={_fraction_repr(self.value)}, places={self.places!r}, percent={self.percent!r}, "
                f"degrees={self.degrees!r})")


def _number(numerator: int, denominator: int, places: Optional[int], percent: bool, degrees: bool) -> Number:
    """A :class:`Number` from its pickled parts."""
    return Number(Fraction(numerator, denominator), places, percent, degrees)


# ---- printing numbers and text -----------------------------------------------------------------------------------
# Python refuses to convert an int of more than 4,300 digits to text (sys.set_int_max_str_digits: the host program's
# setting, which may be as low as 640, and which mathgrade never changes). Values are printed without meeting it: an
# integer is converted in pieces of at most _CHUNK_DIGITS digits, and one of more than EXACT_DIGITS digits is shown
# by its first and last digits and its length. Deciding never converts a number to text.

EXACT_DIGITS = 10_000
"""Integers of at most this many digits print in full (every numeral the reader accepts: ``MAX_DIGITS`` digits
times a power of ten of at most ``MAX_DIGITS``); longer ones print as
``123456789012…890123456789 (12,345 digits)``."""
_CHUNK_DIGITS = 600  # str() of an int below 10**600 never meets the limit (its lowest setting is 640)
_CHUNK_BITS = 1993  # 2**1993 < 10**600
_SHOWN_ENDS = 12  # digits shown at each end of an abbreviated integer
_LOG10_2 = 0.30102999566398120


def digit_count(n: int) -> int:
    """How many decimal digits ``abs(n)`` has (1 for 0), without converting it to text."""
    n = abs(n)
    if n.bit_length() <= _CHUNK_BITS:
        return len(str(n))
    d = int(n.bit_length() * _LOG10_2)  # 10**(d-1) <= n < 10**(d+1)
    return d + 1 if n >= 10 ** d else d


def int_text(n: int) -> str:
    """``str(n)`` whatever the size of ``n`` and Python's int/str conversion limit: exact up to
    :data:`EXACT_DIGITS` digits, else the first and last digits and the count (``1000000000…0000000000
    (4,301 digits)``)."""
    if n.bit_length() <= _CHUNK_BITS:
        return str(n)
    sign, n = ("-", -n) if n < 0 else ("", n)
    d = digit_count(n)
    if d <= EXACT_DIGITS:
        return sign + _exact_digits(n, d)
    head = n // 10 ** (d - _SHOWN_ENDS)
    tail = str(n % 10 ** _SHOWN_ENDS).rjust(_SHOWN_ENDS, "0")
    return f"{sign}{head}…{tail} ({d:,} digits)"


def _exact_digits(n: int, d: int) -> str:
    """The decimal digits of ``n >= 0``, which has ``d`` digits, in pieces small enough for ``str``."""
    if d <= _CHUNK_DIGITS:
        return str(n)
    low = d // 2
    high_part, low_part = divmod(n, 10 ** low)
    return _exact_digits(high_part, d - low) + _exact_digits(low_part, low).rjust(low, "0")


def fraction_text(v: Fraction) -> str:
    """``3``, ``-9/7``: a rational as text, at any size (see :func:`int_text`)."""
    return int_text(v.numerator) if v.denominator == 1 else f"{int_text(v.numerator)}/{int_text(v.denominator)}"


def _fraction_repr(v: Fraction) -> str:
    return f"Fraction({int_text(v.numerator)}, {int_text(v.denominator)})"


def printable(text: str) -> str:
    """``text`` with each lone surrogate (text that is not valid Unicode: ``"\\udcff"``, as a JSON escape or a
    ``surrogateescape`` decoding gives it) written as its escape ``\\udcff``, so that it can be encoded and
    written anywhere; valid text is returned as it is."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    return text


def replaced(text: str) -> str:
    """``text`` with each lone surrogate replaced by U+FFFD (one character for one, so offsets into ``text``
    still hold); valid text is returned as it is."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE.sub("\ufffd", text)
    return text


_SURROGATE = re.compile("[\ud800-\udfff]")


def has_surrogate(text: str) -> bool:
    """Whether ``text`` holds a lone surrogate: text that is not valid Unicode and cannot be encoded as it is."""
    return not text.isascii() and _SURROGATE.search(text) is not None


def _decimal_str(v: Fraction, places: int) -> str:
    scaled = v * 10**places
    n = scaled.numerator // scaled.denominator
    if digit_count(n) > EXACT_DIGITS:
        return fraction_text(v)
    sign = "-" if n < 0 else ""
    digits = int_text(abs(n)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


@dataclass(frozen=True)
class Expression:
    """A symbolic expression (anything with a variable, a function, a radical, π, ...), as a tree of tuples."""

    tree: Node
    degrees: bool = False

    kind = Kind.EXPRESSION

    def __str__(self) -> str:
        return render(self.tree)

    def __repr__(self) -> str:
        return f"Expression(tree={_tree_repr(self.tree)}, degrees={self.degrees!r})"


@dataclass(frozen=True)
class TupleValue:
    """An ordered tuple or point: ``(1, 2)``. Order matters."""

    items: Tuple["Value", ...]

    kind = Kind.TUPLE

    def __str__(self) -> str:
        return "(" + ", ".join(map(str, self.items)) + ")"


@dataclass(frozen=True)
class SetValue:
    """An unordered collection: a set ``\\{1, 2\\}``, a bare list ``2, 3``, ``x = 2 or x = 3``, or ``±2``.

    ``braces`` is True when it was written as a set with braces (``\\{...\\}``, ``\\emptyset``); False for a
    bare list of answers. Items keep the order written (for display); comparison is multiset-aware.
    """

    items: Tuple["Value", ...]
    braces: bool = True

    kind = Kind.SET

    def __str__(self) -> str:
        inner = ", ".join(map(str, self.items))
        return "{" + inner + "}" if self.braces else inner


@dataclass(frozen=True)
class Interval:
    """A real interval; the endpoints are values (``Number`` or ``Expression``, ``∞`` as the const ``oo``)."""

    left: "Value"
    right: "Value"
    left_closed: bool
    right_closed: bool

    kind = Kind.INTERVAL

    def __str__(self) -> str:
        return f"{'[' if self.left_closed else '('}{self.left}, {self.right}{']' if self.right_closed else ')'}"


@dataclass(frozen=True)
class Union_:
    """A union (``op == "cup"``) or intersection (``op == "cap"``) of intervals or sets."""

    parts: Tuple["Value", ...]
    op: str = "cup"

    kind = Kind.UNION

    def __str__(self) -> str:
        sep = " ∪ " if self.op == "cup" else " ∩ "
        return sep.join(map(str, self.parts))


@dataclass(frozen=True)
class Matrix:
    """A matrix or vector, row-major. A column vector has one item per row."""

    rows: Tuple[Tuple["Value", ...], ...]

    kind = Kind.MATRIX

    @property
    def shape(self) -> Tuple[int, int]:
        return (len(self.rows), len(self.rows[0]) if self.rows else 0)

    def __str__(self) -> str:
        return "[" + "; ".join(", ".join(map(str, r)) for r in self.rows) + "]"


@dataclass(frozen=True)
class Relation:
    """An equation, inequality or chain: ``sides[0] ops[0] sides[1] ops[1] sides[2] ...``.

    ``ops`` are among ``"=", "!=", "<", "<=", ">", ">="`` (and ``"approx"`` for ``≈``). A chain such as
    ``1 < x <= 3`` has two ops and three sides.
    """

    sides: Tuple["Value", ...]
    ops: Tuple[str, ...]

    kind = Kind.RELATION

    def __str__(self) -> str:
        out = str(self.sides[0])
        for op, side in zip(self.ops, self.sides[1:]):
            out += f" {op} {side}"
        return out


@dataclass(frozen=True)
class Choice:
    """A multiple-choice letter (``B``, ``(B)``, ``\\text{(B)}``), optionally with the content the model gave."""

    letter: str
    content: Optional["Value"] = None

    kind = Kind.CHOICE

    def __str__(self) -> str:
        return f"({self.letter})" + (f" {self.content}" if self.content is not None else "")


@dataclass(frozen=True)
class Text:
    """Words that are not mathematics (``\\text{Evelyn}``, ``no solution``), normalized for comparison."""

    text: str
    raw: str = field(default="", compare=False)

    kind = Kind.TEXT

    def __str__(self) -> str:
        return printable(self.text)


Value = Union[Number, Expression, TupleValue, SetValue, Interval, Union_, Matrix, Relation, Choice, Text]


_BINARY = {"add": " + ", "mul": "*", "div": "/", "pow": "^"}


def render(node: Node) -> str:
    """A compact, unambiguous plain-text rendering of an expression tree (for explanations, not for parsing)."""
    head = node[0]
    if head == "num":
        v = node[1]
        if len(node) > 2 and node[2] is not None and node[2] > 0 and v.denominator != 1:
            return _decimal_str(v, node[2])
        return fraction_text(v)
    if head in ("sym", "const"):
        return printable(str({"pi": "π", "oo": "∞"}.get(node[1], node[1])))
    if head == "neg":
        return "-" + _wrap(node[1], render)
    if head == "pm":
        return f"{_wrap(node[1], render)} ± {_wrap(node[2], render)}"
    if head == "func":
        return f"{node[1]}(" + ", ".join(render(a) for a in node[2:]) + ")"
    if head in _BINARY:
        return _BINARY[head].join(_wrap(a, render) for a in node[1:])
    return _tree_repr(node)  # pragma: no cover - unknown node


def _tree_repr(node: Any) -> str:
    """``repr(node)`` of an expression tree, with its rationals printed at any size (see :func:`int_text`)."""
    if isinstance(node, tuple):
        inner = ", ".join(_tree_repr(c) for c in node)
        return f"({inner},)" if len(node) == 1 else f"({inner})"
    if isinstance(node, Fraction):
        return _fraction_repr(node)
    if isinstance(node, int) and not isinstance(node, bool):
        return int_text(node)
    return repr(node)


def _wrap(node: Node, render: Callable[[Node], str]) -> str:
    # ``render`` is passed in, not named: two functions that call each other by name make dill (the hasher of
    # Hugging Face datasets) recurse forever on any function that uses mathgrade (tests/integration/test_hashing.py)
    text = render(node)
    compound = node[0] in ("add", "mul", "div", "pow", "pm", "neg")
    fraction = node[0] == "num" and (node[1].denominator != 1 and len(node) == 2 or node[1] < 0)
    return f"({text})" if compound or fraction else text
