"""Expression trees (see :mod:`mathgrade.values`): the small helpers every comparison module shares.

A leaf module: it imports nothing from the rest of the comparison stage, so any module may import it at its top.
"""

from __future__ import annotations

import re
from typing import Dict, List, Mapping, Optional, Sequence, Tuple, TypeGuard, Union

from ..values import Expression, Interval, Matrix, Number, Relation, SetValue, TupleValue, Union_, Value

__all__ = [
    "SERIES", "Scalar", "is_scalar", "to_tree", "free_symbols", "substitute", "rename", "value_symbols",
    "function_name", "plain_head", "set_description", "scalar_trees",
]

SERIES = frozenset({"sum", "prod"})
"""Functions that bind a variable: ``("func", "sum" | "prod", body, ("sym", k), lo, hi)``."""

Scalar = Union[Number, Expression]


def is_scalar(v: Value) -> TypeGuard[Scalar]:
    """Numbers and expressions: the values compared by value rather than by structure."""
    return isinstance(v, (Number, Expression))


def to_tree(v: Scalar) -> tuple:
    """The expression tree of a number or an expression (percent and degree signs are not applied)."""
    if isinstance(v, Number):
        return ("num", v.value)
    return v.tree


def free_symbols(node: tuple) -> frozenset:
    """Names of the free variables in a tree (the index of a sum or product is bound, not free)."""
    out: set = set()
    stack = [node]
    while stack:
        n = stack.pop()
        head = n[0]
        if head == "sym":
            out.add(n[1])
        elif head == "func" and n[1] in SERIES:
            out |= free_symbols(n[2]) - {n[3][1]}
            stack.extend(n[4:])
        elif head == "func":
            stack.extend(n[2:])
        elif head not in ("num", "const"):
            stack.extend(n[1:])
    return frozenset(out)


def substitute(node: tuple, mapping: Mapping[str, tuple]) -> tuple:
    """``node`` with each free variable named in ``mapping`` replaced by its tree (bound variables of sums and
    products are left alone; the replacement is simultaneous, so ``x→y, y→x`` swaps)."""
    head = node[0]
    if head == "sym":
        return mapping.get(node[1], node)
    if head in ("num", "const"):
        return node
    if head == "func" and node[1] in SERIES:
        inner = {k: v for k, v in mapping.items() if k != node[3][1]}
        return node[:2] + (substitute(node[2], inner), node[3]) + tuple(substitute(n, mapping) for n in node[4:])
    if head == "func":
        return node[:2] + tuple(substitute(n, mapping) for n in node[2:])
    return (head,) + tuple(substitute(n, mapping) for n in node[1:])


def value_symbols(v: Value) -> Optional[frozenset]:
    """The free variables of any value (items of containers, sides of relations); None for text and choices."""
    if isinstance(v, (Number, Expression)):
        return free_symbols(to_tree(v))
    parts: Tuple[Value, ...]
    if isinstance(v, (TupleValue, SetValue)):
        parts = v.items
    elif isinstance(v, Relation):
        parts = v.sides
    elif isinstance(v, Union_):
        parts = v.parts
    elif isinstance(v, Matrix):
        parts = tuple(x for row in v.rows for x in row)
    elif isinstance(v, Interval):
        parts = (v.left, v.right)
    else:
        return None
    out: frozenset = frozenset()
    for p in parts:
        s = value_symbols(p)
        if s is None:
            return None
        out |= s
    return out


_APPLIED = re.compile(r"^(?P<head>[^()]+)\((?P<args>[^()]*)\)$")
_VARIABLE = re.compile(r"^[A-Za-z]+(?:_[A-Za-z0-9]+)?'*$")
_PLAIN_HEAD = re.compile(r"^[A-Za-z]$")


def function_name(v: Value) -> Optional[Tuple[str, Tuple[str, ...]]]:
    """``(head, variables)`` when ``v`` is a function applied to distinct variables, as the reader keeps it (one
    name such as ``"f(x)"``, ``"E(a,b)"``, ``"f(x_{1})"``); None otherwise (``f(2)`` is a value, not a function)."""
    if not (isinstance(v, Expression) and v.tree[0] == "sym"):
        return None
    m = _APPLIED.match(v.tree[1])
    if m is None:
        return None
    args = tuple(_variable_name(a) for a in m.group("args").split(","))
    if not all(_VARIABLE.match(a) for a in args) or len(set(args)) != len(args):
        return None
    return m.group("head"), args


_GREEK_VARIANTS = ("varepsilon", "vartheta", "varrho", "varsigma", "varphi")
"""The variants the reader names by their letter (``\\varphi`` is ``phi``); ``\\varpi``, ``\\varx`` keep their name."""


def _variable_name(text: str) -> str:
    """An argument as written (``x_{1}``, ``\\theta``, ``\\varphi``) as the reader names the variable."""
    name = "".join(ch for ch in text if ch not in "\\{} ")
    return name[3:] if re.sub(r"(?s)[^A-Za-z].*", "", name) in _GREEK_VARIANTS else name


def plain_head(head: str) -> bool:
    """A function name that is a single letter (``f``, ``g``, ``y``): such names may differ between two answers
    that define the same function; a primed or subscripted one (``f'``, ``f_1``) names a different function."""
    return bool(_PLAIN_HEAD.match(head))


def rename(node: tuple, mapping: Dict[str, str]) -> tuple:
    """``node`` with free variables renamed (simultaneously)."""
    return substitute(node, {k: ("sym", v) for k, v in mapping.items()})


def set_description(v: Value) -> Optional[tuple]:
    """A picklable description of a set of reals for :func:`._sympy.same_real_set`; None if ``v`` is not one
    (or depends on variables)."""
    if isinstance(v, Interval):
        lo, hi = _constant(v.left), _constant(v.right)
        if lo is None or hi is None:
            return None
        return ("interval", lo, hi, v.left_closed, v.right_closed)
    if isinstance(v, Union_):
        return _described("union" if v.op == "cup" else "intersection", [set_description(p) for p in v.parts])
    if isinstance(v, SetValue):
        return _described("points", [_constant(x) for x in v.items])
    if is_scalar(v):
        return _described("points", [_constant(v)])
    return None


def _described(head: str, parts: List[Optional[tuple]]) -> Optional[tuple]:
    out: List[tuple] = []
    for part in parts:
        if part is None:
            return None
        out.append(part)
    return (head, *out)


def scalar_trees(values: Sequence[Value]) -> Optional[List[tuple]]:
    """The trees of ``values`` when every one is a number or an expression; else None."""
    out: List[tuple] = []
    for v in values:
        if not is_scalar(v):
            return None
        out.append(to_tree(v))
    return out


def _constant(x: Value) -> Optional[tuple]:
    """The tree of a number or expression without variables; None for anything else."""
    if not is_scalar(x):
        return None
    tree = to_tree(x)
    return None if free_symbols(tree) else tree
