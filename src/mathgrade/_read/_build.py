"""Build values from the syntax tree: fold rational constants into ``Number``, keep the rest as ``Expression`` trees,
expand ``±``, and turn bracket shapes into tuples, intervals, sets, unions, matrices and relations.

An error points at the node it is about (the syntax tree's structures carry the position of their first token, see
:mod:`._parser`), or at the first such node inside it."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, List, Optional, Tuple, Union

from ..limits import MAX_DEPTH, MAX_DIGITS, MAX_EXPONENT, MAX_MATRIX_CELLS
from ..values import (Expression, Interval, Matrix, Node, Number, Relation, SetValue, TupleValue, Union_, Value)
from ._parser import POSITIONED
from ._tokens import ParseFailure

__all__ = ["build"]

Tree = Any
_Scalar = Union[Number, Node]
_STRUCTURES = frozenset(["list", "tuple", "set", "setop", "rel", "in", "matrix"])
_FOLD_DIGITS = MAX_DIGITS
_FOLD_BITS = int(MAX_DIGITS * 3.3219280948873626)  # 2**_FOLD_BITS < 10**MAX_DIGITS


def build(tree: Tree) -> Value:
    """The value of a whole answer (a bare list becomes an unordered ``SetValue`` with ``braces=False``)."""
    _check_depth(tree)
    values: List[Value] = []
    for item in _list_items(tree):
        values.extend(_alternatives(item))
    return values[0] if len(values) == 1 else SetValue(tuple(values), braces=False)


def _list_items(tree: Tree) -> List[Tree]:
    """The items of a bare list, flattening lists inside lists (``{1, 2}, 3`` from ``\\boxed{1,2}, 3``)."""
    if tree[0] != "list":
        return [tree]
    out: List[Tree] = []
    for item in tree[1]:
        out.extend(_list_items(item))
    return out


def _check_depth(tree: Tree) -> None:
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise ParseFailure(_where(node), f"expression nested deeper than the limit of {MAX_DEPTH}")
        for child in node[1:]:
            if isinstance(child, tuple) and child and isinstance(child[0], str):
                stack.append((child, depth + 1))
            elif isinstance(child, tuple):
                stack.extend((c, depth + 1) for c in child if isinstance(c, tuple) and c and isinstance(c[0], str))
                for c in child:  # matrix rows: tuples of trees
                    if isinstance(c, tuple) and c and isinstance(c[0], tuple):
                        stack.extend((cc, depth + 2) for cc in c)


def _where(tree: Tree) -> int:
    """The position of ``tree``: that of the first node in it (depth first) that records one, else 0."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if not isinstance(node, tuple) or not node:
            continue
        if isinstance(node[0], str):
            if node[0] in POSITIONED:
                return int(node[-1])
            node = node[1:]
        stack.extend(reversed(node))
    return 0


# ---- ± -------------------------------------------------------------------------------------------------------------

def _alternatives(tree: Tree) -> List[Value]:
    """One value per sign choice of the ``±`` in ``tree`` (all ``±`` share one sign; ``∓`` takes the other)."""
    if not _has_pm(tree):
        return [_value(tree)]
    return [_value(_choose_sign(tree, 1)), _value(_choose_sign(tree, -1))]


def _has_pm(tree: Tree) -> bool:
    """True when ``tree`` has a ``±``/``∓`` outside nested lists, tuples, sets and matrices."""
    if not isinstance(tree, tuple) or not tree or not isinstance(tree[0], str):
        return False
    if tree[0] in ("pm", "mp"):
        return True
    if tree[0] in ("list", "tuple", "set", "matrix"):
        return False  # items expand separately
    if tree[0] == "rel":
        return any(_has_pm(side) for side in tree[1])
    return any(_has_pm(c) for c in tree[1:] if isinstance(c, tuple))


def _choose_sign(tree: Tree, sign: int) -> Tree:
    """``tree`` with every ``±`` taking ``sign`` (and every ``∓`` the other)."""
    if not isinstance(tree, tuple) or not tree or not isinstance(tree[0], str):
        return tree
    head = tree[0]
    if head in ("pm", "mp"):
        s = sign if head == "pm" else -sign
        left = _choose_sign(tree[1], sign) if tree[1] is not None else None
        right = _choose_sign(tree[2], sign)
        term = right if s > 0 else ("neg", right)
        return term if left is None else ("add", left, term)
    if head in ("list", "tuple", "set", "matrix", "num"):
        return tree
    if head == "rel":
        return ("rel", tuple(_choose_sign(c, sign) for c in tree[1]), tree[2], tree[3])
    return (head,) + tuple(_choose_sign(c, sign) if isinstance(c, tuple) else c for c in tree[1:])


# ---- structures --------------------------------------------------------------------------------------------------

def _value(tree: Tree) -> Value:
    """The value of one list item (already free of ``±``)."""
    head = tree[0]
    if head == "tuple":
        return _bracketed(tree)
    if head == "set":
        items: List[Value] = []
        for item in tree[1]:
            items.extend(_alternatives(item))
        return SetValue(tuple(items), braces=True)
    if head == "setop":
        return _setop(tree)
    if head == "rel":
        return Relation(tuple(_single(s) for s in tree[1]), tuple(tree[2]))
    if head == "in":
        if tree[1][0] in ("rel", "in"):  # t \neq x \in S: the set, or the relation?
            raise ParseFailure(tree[1][-1], "a relation said to be in a set")
        return _single(tree[2])
    if head == "matrix":
        return Matrix(tuple(tuple(_single(c) for c in row) for row in tree[1]))
    if head in ("add", "mul", "neg") and _has_matrix(tree):
        rows = _matrix_rows(tree)
        assert rows is not None  # a matrix is inside
        return Matrix(tuple(tuple(_single(c) for c in row) for row in rows))
    if head == "list":
        raise ParseFailure(tree[2], "a list inside an expression")
    return _scalar(tree)


def _has_matrix(tree: Tree) -> bool:
    """True when a matrix is an operand of the sums, products and negations at the top of ``tree``."""
    if tree[0] == "matrix":
        return True
    return tree[0] in ("add", "mul", "neg") and any(_has_matrix(c) for c in tree[1:])


_Rows = Tuple[Tuple[Tree, ...], ...]


def _matrix_rows(tree: Tree) -> Optional[_Rows]:
    """Matrix arithmetic written out (``A + B``, ``A B``, ``2A``, ``-A``): the rows of the result, as trees of
    its entries; None for a scalar. Shapes must agree (a read error otherwise); a matrix anywhere else in
    arithmetic (``\\frac{A}{2}``, ``A^2``) stays an error of :func:`_fold`."""
    head = tree[0]
    if head == "matrix":
        return tuple(tuple(row) for row in tree[1])
    if head == "neg":
        rows = _matrix_rows(tree[1])
        return None if rows is None else tuple(tuple(("neg", c) for c in row) for row in rows)
    if head == "add":
        found = [_matrix_rows(p) for p in tree[1:]]
        matrices = [rows for rows in found if rows is not None]
        if not matrices:
            return None
        if len(matrices) < len(found):
            raise ParseFailure(_where(tree), "a matrix plus a scalar")
        shape = _shape(matrices[0])
        if any(_shape(m) != shape for m in matrices):
            raise ParseFailure(_where(tree), "a sum of matrices of different shapes")
        return tuple(tuple(("add",) + tuple(m[r][c] for m in matrices) for c in range(shape[1]))
                     for r in range(shape[0]))
    if head == "mul":
        acc: Any = None  # a matrix (rows) or a scalar tree
        for factor in tree[1:]:
            rows = _matrix_rows(factor)
            acc = factor if acc is None and rows is None else rows if acc is None else _times(acc, rows, factor)
        return acc if isinstance(acc, tuple) and acc and isinstance(acc[0], tuple) and \
            not isinstance(acc[0][0], str) else None
    return None


def _shape(rows: _Rows) -> Tuple[int, int]:
    return len(rows), len(rows[0])


def _times(acc: Any, rows: Optional[_Rows], factor: Tree) -> Any:
    """One step of a product: scalar·scalar, scalar·matrix, matrix·scalar or matrix·matrix (shapes checked)."""
    acc_is_matrix = isinstance(acc, tuple) and acc and isinstance(acc[0], tuple) and not isinstance(acc[0][0], str)
    if not acc_is_matrix:
        if rows is None:
            return ("mul", acc, factor)
        return tuple(tuple(("mul", acc, c) for c in row) for row in rows)
    if rows is None:
        return tuple(tuple(("mul", c, factor) for c in row) for row in acc)
    (n, p), (q, m) = _shape(acc), _shape(rows)
    if p != q:
        raise ParseFailure(_where(factor), f"a product of a {n}×{p} matrix and a {q}×{m} matrix")
    if n * m * p > MAX_MATRIX_CELLS:
        raise ParseFailure(_where(factor), f"a matrix product of more than {MAX_MATRIX_CELLS} terms")
    return tuple(tuple(_compact(("add",) + tuple(("mul", acc[r][k], rows[k][c]) for k in range(p)), _where(factor))
                       for c in range(m)) for r in range(n))


_MAX_CELL_NODES = 2000


def _compact(cell: Tree, pos: int) -> Tree:
    """An entry of a matrix product folded back to a numeral when it is a plain rational (so a chain of products
    stays small); entries with variables are kept, and their size is bounded by :data:`_MAX_CELL_NODES`."""
    folded = _fold(cell, _Context())
    if isinstance(folded, Number) and not (folded.percent or folded.degrees):
        return ("num", folded.value, folded.places)
    if _size(cell) > _MAX_CELL_NODES:
        raise ParseFailure(pos, "a matrix product whose entries grow too large")
    return cell


def _size(t: Tree) -> int:
    """The number of nodes of a syntax tree (stops counting past :data:`_MAX_CELL_NODES`)."""
    count, stack = 0, [t]
    while stack and count <= _MAX_CELL_NODES:
        node = stack.pop()
        count += 1
        stack.extend(c for c in node[1:] if isinstance(c, tuple) and c and isinstance(c[0], str))
    return count


def _single(tree: Tree) -> Value:
    """A value that must not be a ± pair (a tuple item, a matrix entry, a side of a relation)."""
    values = _alternatives(tree)
    if len(values) != 1:
        raise ParseFailure(_where(tree), "'\\pm' inside a tuple, a matrix or a relation")
    return values[0]


def _is_infinite(v: Value) -> bool:
    if not isinstance(v, Expression):
        return False
    t = v.tree
    return t == ("const", "oo") or t == ("neg", ("const", "oo"))


def _bracketed(tree: Tree) -> Value:
    """``(a, b)`` is a tuple unless an endpoint is infinite; ``[a, b]``, ``[a, b)``, ``(a, b]`` are intervals."""
    _head, items, opener, closer, pos = tree
    values = [_single(t) for t in items]
    if opener == "<":
        return TupleValue(tuple(values))
    if len(values) == 2 and (opener + closer != "()" or any(_is_infinite(v) for v in values)):
        return Interval(values[0], values[1], opener == "[", closer == "]")
    if opener + closer in ("()", "[]"):
        return TupleValue(tuple(values))
    raise ParseFailure(pos, f"an interval '{opener}...{closer}' with {len(values)} endpoints")


def _set_part(tree: Tree) -> Value:
    if tree[0] == "tuple" and tree[2:4] == ("(", ")") and len(tree[1]) == 2:
        left, right = _single(tree[1][0]), _single(tree[1][1])
        return Interval(left, right, False, False)  # inside a union, (a, b) is an open interval
    if tree[0] == "setop":
        return _setop(tree)
    return _value(tree)


def _setop(tree: Tree) -> Value:
    """A union or intersection, flattened: ``A ∪ B ∪ C`` has three parts."""
    _head, op, left, right, pos = tree
    if op == "setminus":
        raise ParseFailure(pos, "a set difference")
    parts: List[Value] = []
    for side in (left, right):
        v = _set_part(side)
        if isinstance(v, Union_) and v.op == op:
            parts.extend(v.parts)
        else:
            parts.append(v)
    return Union_(tuple(parts), op)


# ---- numbers and expressions -------------------------------------------------------------------------------------

class _Context:
    """What folding one scalar learned (``degrees``: a degree mark was used up in it) and where it is (``angle``:
    inside a trigonometric function's argument, where a degree mark turns its number into radians where it stands:
    ``\\sin(90^\\circ - x)`` is ``\\sin(\\pi/2 - x)``)."""

    __slots__ = ("degrees", "angle")

    def __init__(self, angle: bool = False) -> None:
        self.degrees = False
        self.angle = angle


def _scalar(tree: Tree) -> Value:
    ctx = _Context()
    folded = _fold(tree, ctx)
    if isinstance(folded, Number):
        return folded
    return Expression(folded, degrees=ctx.degrees)


def _node(x: _Scalar, ctx: _Context) -> Node:
    if isinstance(x, Number):
        if x.degrees:
            if ctx.angle:
                return _degrees_to_radians(x, ctx)
            ctx.degrees = True
        if x.percent:
            return ("num", x.value / 100)
        return ("num", x.value) if x.places is None else ("num", x.value, x.places)  # a decimal keeps its places
    return x


def _plain(x: Number) -> Fraction:
    return x.value / 100 if x.percent else x.value


_NAMES = {"list": "list", "tuple": "tuple or interval", "set": "set", "setop": "union", "rel": "relation",
          "in": "membership", "matrix": "matrix", "pm": "'\\pm'", "mp": "'\\mp'"}
_TRIG = frozenset("sin cos tan cot sec csc".split())


def _fold(t: Tree, ctx: _Context) -> _Scalar:
    """Fold a syntax tree: a ``Number`` when it is a rational constant, else a values-model tree."""
    head = t[0]
    if head == "num":
        return Number(t[1], t[2])
    if head in ("sym", "const"):
        return (head, t[1])
    if head in _STRUCTURES or head in ("pm", "mp"):
        raise ParseFailure(t[-1], f"a {_NAMES.get(head, head)} inside arithmetic")
    if head == "neg":
        x = _fold(t[1], ctx)
        if isinstance(x, Number):
            return Number(-x.value, x.places, x.percent, x.degrees)
        return ("neg", x)
    if head == "add":
        return _fold_add([_fold(a, ctx) for a in t[1:]], ctx)
    if head == "mul":
        sci = _scientific(t)
        if sci is not None:
            return sci
        return _fold_mul([_fold(a, ctx) for a in t[1:]], ctx)
    if head == "div":
        return _fold_div(_fold(t[1], ctx), _fold(t[2], ctx), ctx)
    if head == "ratio":
        a, b = _fold(t[1], ctx), _fold(t[2], ctx)
        if isinstance(b, Number) and b.value == 0:
            raise ParseFailure(t[3], "a ratio or time with a zero second part", words=True)
        return _fold_div(a, b, ctx)
    if head == "pow":
        return _fold_pow(_fold(t[1], ctx), _fold(t[2], ctx), ctx)
    if head == "func":
        if t[1] in _TRIG and len(t) == 3:
            arg = _fold(t[2], _Context(angle=True))  # (folded once: folding again at each level is exponential)
            if isinstance(arg, Number) and arg.degrees:  # \sin 30^\circ, \cos(30^\circ + 15^\circ)
                return _fold_func(t[1], [_degrees_to_radians(arg, ctx)], ctx)
            return _fold_func(t[1], [arg], ctx)
        if t[1] in ("sum", "prod"):
            return _fold_series(t, ctx)
        return _fold_func(t[1], [_fold(a, ctx) for a in t[2:]], ctx)
    if head == "percent":
        x = _fold(t[1], ctx)
        if isinstance(x, Number) and not x.percent:
            return Number(x.value, x.places, True, x.degrees)
        return ("div", _node(x, ctx), ("num", Fraction(100)))
    if head == "deg":
        x = _fold(t[1], ctx)
        if isinstance(x, Number):
            return Number(x.value, x.places, x.percent, True)
        if ctx.angle:  # \sin(x^\circ)
            return _degrees_to_radians(x, ctx)
        ctx.degrees = True
        return x
    raise ParseFailure(0, f"unexpected {head!r}")  # pragma: no cover - parser and builder agree


def _fold_div(a: _Scalar, b: _Scalar, ctx: _Context) -> _Scalar:
    """``a / b`` of two folded sides: a ``Number`` when both are rational constants (and ``b`` is not zero)."""
    if isinstance(a, Number) and isinstance(b, Number) and b.value != 0:
        q = _plain(a) / _plain(b)
        if _foldable(q):
            return Number(q, degrees=a.degrees)
    return ("div", _node(a, ctx), _node(b, ctx))


def _foldable(q: Fraction) -> bool:
    """True when the numerator and denominator of ``q`` have at most ``MAX_DIGITS`` digits: a rational constant that
    would be bigger stays a tree (compare evaluates it exactly within its own bounds), so that what one answer
    holds stays small and every folded number is one a numeral could have written."""
    return q.numerator.bit_length() <= _FOLD_BITS and q.denominator.bit_length() <= _FOLD_BITS


_MAX_FOLDED_TERMS = 200


def _degrees_to_radians(x: _Scalar, ctx: _Context) -> Node:
    """The argument of a trigonometric function written in degrees (``\\sin 60^\\circ``,
    ``\\cos(30^\\circ + 15^\\circ)``): ``x·π/180``; the degrees are used up (the value is not in degrees)."""
    if isinstance(x, Number):
        x = Number(x.value, x.places, x.percent, False)
    return ("div", ("mul", _node(x, ctx), ("const", "pi")), ("num", Fraction(180)))


def _fold_series(t: Tree, ctx: _Context) -> _Scalar:
    """``("func", "sum" | "prod", body, ("sym", k), lo, hi)``: folded to a Number when the bounds are integers at
    most :data:`_MAX_FOLDED_TERMS` apart and every term folds to a number; else kept as a tree."""
    name, body, var, lo_t, hi_t = t[1:]
    lo, hi = _fold(lo_t, ctx), _fold(hi_t, ctx)
    if (isinstance(lo, Number) and isinstance(hi, Number) and _plain(lo).denominator == 1
            and _plain(hi).denominator == 1 and _plain(hi) - _plain(lo) < _MAX_FOLDED_TERMS
            and not _has_series(body)):  # nested sums stay trees: folding them would multiply the work
        terms = [_fold(_substitute(body, var[1], ("num", Fraction(k), None)), ctx)
                 for k in range(int(_plain(lo)), int(_plain(hi)) + 1)]
        if all(isinstance(x, Number) for x in terms):
            return _fold_add(terms, ctx) if name == "sum" else _fold_mul(terms, ctx)
    return ("func", name, _node(_fold(body, ctx), ctx), var, _node(lo, ctx), _node(hi, ctx))


def _has_series(t: Tree) -> bool:
    """True when a sum or product is inside the syntax tree ``t``."""
    if not isinstance(t, tuple) or not t:
        return False
    if t[0] == "func" and t[1] in ("sum", "prod"):
        return True
    return any(_has_series(c) for c in t[1:] if isinstance(c, tuple))


def _substitute(t: Tree, name: str, value: Tree) -> Tree:
    """``t`` with the variable ``name`` replaced by ``value`` (a bound variable of an inner sum is left alone)."""
    if not isinstance(t, tuple) or not t or not isinstance(t[0], str):
        return t
    if t[0] == "sym":
        return value if t[1] == name else t
    if t[0] in ("num", "const"):
        return t
    if t[0] == "func" and t[1] in ("sum", "prod") and t[3] == ("sym", name):
        return t[:5] + (_substitute(t[5], name, value),)
    return (t[0],) + tuple(_substitute(c, name, value) for c in t[1:])


def _scientific(t: Tree) -> Optional[Number]:
    """``1.2 \\times 10^{-4}`` (a numeral times a power of ten, as written): a decimal with places 5."""
    if len(t) != 3:
        return None
    mant, power = t[1], t[2]
    if mant[0] != "num" or power[0] != "pow" or power[1][0] != "num" or power[1][1] != 10 or power[1][2] is not None:
        return None
    exp = power[2]
    sign = 1
    if exp[0] == "neg":
        sign, exp = -1, exp[1]
    if exp[0] != "num" or exp[2] is not None or exp[1].denominator != 1 or exp[1] > MAX_DIGITS:
        return None
    k = sign * int(exp[1])
    return Number(mant[1] * Fraction(10) ** k, (mant[2] or 0) - k)


def _fold_add(parts: List[_Scalar], ctx: _Context) -> _Scalar:
    nums = [p for p in parts if isinstance(p, Number)]
    if len(nums) == len(parts):
        places = [n.places for n in nums if n.places is not None]
        if places and max(places) < 0 and any(n.places is None for n in nums):
            places.append(0)  # (an integer added to a multiple of a power of ten: "4 \cdot 10^{400} + 4" is exact to
            # its units, not a value rounded to 10^400)
        total = sum((_plain(n) for n in nums), Fraction(0))
        if _foldable(total):
            return Number(total, max(places) if places else None, degrees=any(n.degrees for n in nums))
    return ("add",) + tuple(_node(p, ctx) for p in parts)


def _fold_mul(parts: List[_Scalar], ctx: _Context) -> _Scalar:
    nums = [p for p in parts if isinstance(p, Number)]
    if len(nums) == len(parts):
        value = Fraction(1)
        for n in nums:
            value *= _plain(n)
            if not _foldable(value):
                break
        else:
            return Number(value, degrees=any(n.degrees for n in nums))
    return ("mul",) + tuple(_node(p, ctx) for p in parts)


def _digits(q: Fraction) -> float:
    """log10 of the larger of numerator and denominator: the digits one power of ``q`` adds."""
    return max(math.log10(abs(q.numerator)), math.log10(q.denominator))


def _fold_pow(base: _Scalar, exp: _Scalar, ctx: _Context) -> _Scalar:
    """Fold ``b^n`` for rational ``b`` and integer ``n`` when the result stays within the digit limits."""
    if isinstance(base, Number) and isinstance(exp, Number) and _plain(exp).denominator == 1:
        b, n = _plain(base), int(_plain(exp))
        if b in (0, 1) and n >= 0 or b == 1:
            return Number(b ** n if b else Fraction(0 if n else 1))
        if b == -1:
            return Number(Fraction(-1 if n % 2 else 1))
        if b != 0 and abs(n) <= MAX_EXPONENT and _digits(b) * abs(n) < _FOLD_DIGITS:
            return Number(b ** n)
    return ("pow", _node(base, ctx), _node(exp, ctx))


def _fold_func(name: str, args: List[_Scalar], ctx: _Context) -> _Scalar:
    """Fold the functions of rational arguments whose value is rational: factorial, binom, abs, floor, ceil."""
    numbers = [a for a in args if isinstance(a, Number)]
    if args and len(numbers) == len(args):
        vals = [_plain(a) for a in numbers]
        if name == "factorial" and vals[0].denominator == 1 and 0 <= vals[0] <= 1400:
            return Number(Fraction(math.factorial(int(vals[0]))))
        if name == "binom" and all(v.denominator == 1 for v in vals) and 0 <= vals[0] <= 4000:
            return Number(Fraction(math.comb(int(vals[0]), int(vals[1])) if vals[1] >= 0 else 0))
        if name == "gamma" and len(vals) == 1 and vals[0].denominator == 1 and 1 <= vals[0] <= 1401:
            return Number(Fraction(math.factorial(int(vals[0]) - 1)))
        if name == "abs":
            return Number(abs(vals[0]))
        if name in ("floor", "ceil"):
            v = vals[0]
            down = v.numerator // v.denominator
            return Number(Fraction(down if name == "floor" or v.denominator == 1 else down + 1))
    return ("func", name) + tuple(_node(a, ctx) for a in args)

