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
            text = _int_str(v.numerator) if v.denominator == 1 else f"{_int_str(v.numerator)}/{_int_str(v.denominator)}"
        if self.percent:
            text += "%"
        if self.degrees:
            text += "°"
        return text


_MAX_STR_BITS = 14_000  # about 4,200 decimal digits: safely under Python's int/str conversion limit


def _number(numerator: int, denominator: int, places: Optional[int], percent: bool, degrees: bool) -> Number:
    """A :class:`Number` from its pickled parts."""
    return Number(Fraction(numerator, denominator), places, percent, degrees)


def _int_str(n: int) -> str:
    """``str(n)``, or a short description for integers too long to print (Python refuses past 4,300 digits)."""
    if n.bit_length() <= _MAX_STR_BITS:
        return str(n)
    return f"{'-' if n < 0 else ''}<integer of {int(n.bit_length() * 0.30103) + 1} digits>"


def _decimal_str(v: Fraction, places: int) -> str:
    scaled = v * 10**places
    n = scaled.numerator // scaled.denominator
    sign = "-" if n < 0 else ""
    digits = str(abs(n)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


@dataclass(frozen=True)
class Expression:
    """A symbolic expression (anything with a variable, a function, a radical, π, ...), as a tree of tuples."""

    tree: Node
    degrees: bool = False

    kind = Kind.EXPRESSION

    def __str__(self) -> str:
        return render(self.tree)


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
        return self.text


Value = Union[Number, Expression, TupleValue, SetValue, Interval, Union_, Matrix, Relation, Choice, Text]


_BINARY = {"add": " + ", "mul": "*", "div": "/", "pow": "^"}


def render(node: Node) -> str:
    """A compact, unambiguous plain-text rendering of an expression tree (for explanations, not for parsing)."""
    head = node[0]
    if head == "num":
        v = node[1]
        if len(node) > 2 and node[2] is not None and node[2] > 0 and v.denominator != 1:
            return _decimal_str(v, node[2])
        return _int_str(v.numerator) if v.denominator == 1 else f"{_int_str(v.numerator)}/{_int_str(v.denominator)}"
    if head in ("sym", "const"):
        return str({"pi": "π", "oo": "∞"}.get(node[1], node[1]))
    if head == "neg":
        return "-" + _wrap(node[1], render)
    if head == "pm":
        return f"{_wrap(node[1], render)} ± {_wrap(node[2], render)}"
    if head == "func":
        return f"{node[1]}(" + ", ".join(render(a) for a in node[2:]) + ")"
    if head in _BINARY:
        return _BINARY[head].join(_wrap(a, render) for a in node[1:])
    return repr(node)  # pragma: no cover - unknown node


def _wrap(node: Node, render: Callable[[Node], str]) -> str:
    # ``render`` is passed in, not named: two functions that call each other by name make dill (the hasher of
    # Hugging Face datasets) recurse forever on any function that uses mathgrade (tests/integration/test_hashing.py)
    text = render(node)
    compound = node[0] in ("add", "mul", "div", "pow", "pm", "neg")
    fraction = node[0] == "num" and (node[1].denominator != 1 and len(node) == 2 or node[1] < 0)
    return f"({text})" if compound or fraction else text
