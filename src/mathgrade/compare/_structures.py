"""Containers: sets and lists (unordered, multiset-aware), tuples (ordered), intervals and unions, matrices.

Items are compared with :meth:`._core.Ctx.compare`, so every item rule (rounding, random points...) applies inside.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

from ..limits import MAX_MATRIX_CELLS
from ..values import Expression, Interval, Matrix, Relation, SetValue, TupleValue, Union_, Value
from ._core import Ctx, Decision, a_kind_name, bounded
from ._relations import assignment, solved_interval
from ._sympy import same_real_set
from ._trees import free_symbols, is_scalar, set_description, to_tree
from ._table import (
    INTERVAL_AS_TUPLE, INTERVAL_BRACKETS, INTERVAL_ENDPOINTS, KIND_MISMATCH, MATRIX_ENTRYWISE, MATRIX_SHAPE,
    MATRIX_SIZE, MATRIX_VECTOR, MATRIX_VECTOR_AS_TUPLE, RELATION_INTERVAL, SET_ELEMENTWISE, SET_PARTS, SET_SINGLE,
    SET_SIZE, TUPLE_AS_LIST, TUPLE_ELEMENTWISE, UNION_AS_SETS, UNION_PARTS,
)

__all__ = ["compare_structures", "match_unordered", "set_description"]

_MAX_ITEMS = 400


def compare_structures(answer: Value, gold: Value, ctx: Ctx) -> Decision:
    """Dispatch on the pair of container kinds."""
    if isinstance(answer, SetValue) and isinstance(gold, SetValue):
        return _sets(answer, gold, ctx)
    if isinstance(answer, SetValue) or isinstance(gold, SetValue):
        return _set_vs_other(answer, gold, ctx)
    if isinstance(answer, TupleValue) and isinstance(gold, TupleValue):
        return _ordered(answer.items, gold.items, ctx, TUPLE_ELEMENTWISE, "tuple")
    if isinstance(answer, Matrix) and isinstance(gold, Matrix):
        return _matrices(answer, gold, ctx)
    if {type(answer), type(gold)} == {Matrix, TupleValue}:
        return _vector_vs_tuple(answer, gold, ctx)
    if {type(answer), type(gold)} == {Interval, TupleValue}:
        return _interval_vs_tuple(answer, gold, ctx)
    if isinstance(answer, (Interval, Union_)) and isinstance(gold, (Interval, Union_)):
        return _real_sets(answer, gold, ctx)
    return _kinds_differ(answer, gold)


def _kinds_differ(answer: Value, gold: Value) -> Decision:
    return Decision(False, KIND_MISMATCH,
                    f"the answer is {a_kind_name(answer)} and the gold is {a_kind_name(gold)}: they cannot match")


def _sets(answer: SetValue, gold: SetValue, ctx: Ctx) -> Decision:
    for parts, plain in ((_parts_of(answer), gold), (_parts_of(gold), answer)):
        if parts is not None and not plain.braces and len(parts[0]) == len(plain.items) \
                and not any(isinstance(v, Relation) for v in plain.items):
            return _parts_in_order(parts, plain.items, ctx, parts_are_answer=plain is gold)
    a, g = group_assignments(answer.items), group_assignments(gold.items)
    if len(a) > len(g) and len(set(g)) == len(g):
        a = tuple(dict.fromkeys(a))  # the gold repeats nothing: an answer repeating itself is the same set
    if len(a) != len(g):
        return Decision(False, SET_SIZE, f"the answer has {len(a)} element{'s' * (len(a) != 1)}, the gold "
                                           f"{len(g)}: {'a partial answer' if len(a) < len(g) else 'extra elements'}")
    missing = match_unordered(a, g, ctx)
    if missing is None:
        return Decision(True, SET_ELEMENTWISE, f"all {len(g)} elements match, in some order")
    return Decision(False, SET_ELEMENTWISE, f"no element of the answer matches the gold's {missing}")


def _parts_of(s: SetValue) -> Optional[Tuple[Tuple[Value, ...], Tuple[str, ...]]]:
    """(values, names) of the parts of a multi-part answer: a bare list of assignments to names with different
    letters (``a = -2, b = -2``), in the order written; None otherwise (``x_1 = 2, x_2 = 3`` are roots, unordered)."""
    if s.braces or len(s.items) < 2:
        return None
    found = [assignment(v) if isinstance(v, Relation) else None for v in s.items]
    names = [str(p[0]) for p in found if p is not None and isinstance(p[0], Expression) and p[0].tree[0] == "sym"]
    if len(names) != len(s.items) or len({n.split("_")[0].split("(")[0] for n in names}) != len(names):
        return None
    return tuple(p[1] for p in found if p is not None), tuple(names)


def _parts_in_order(parts: Tuple[Tuple[Value, ...], Tuple[str, ...]], plain: Sequence[Value], ctx: Ctx,
                    parts_are_answer: bool) -> Decision:
    """The parts of a multi-part answer (or gold) against a list of values: in the order written, or else in the
    order of their names (``b = 3, a = 2`` answers ``2, 3``)."""
    values, names = parts

    def ordered(items: Sequence[Value]) -> Decision:
        a, g = (items, plain) if parts_are_answer else (plain, items)
        return _ordered(a, g, ctx, SET_PARTS, "list of parts")

    d = ordered(values)
    if d.equal:
        return d
    by_name = tuple(v for _, v in sorted(zip(names, values), key=lambda nv: nv[0]))
    if by_name != values:
        d2 = ordered(by_name)
        if d2.equal:
            return Decision(True, d2.rule, d2.reason + " (in the order of the names)")
    return Decision(False, d.rule, f"the parts {', '.join(names)} do not match the other list in order: {d.reason}")


def group_assignments(items: Sequence[Value]) -> Tuple[Value, ...]:
    """``p = 5, q = 2, p = 7, q = 2`` (several solutions flattened into one list of assignments) as the list of
    tuples ``(5, 2), (7, 2)``: only when the names cycle in the same order at least twice; else unchanged."""
    found = [assignment(v) if isinstance(v, Relation) else None for v in items]
    pairs = [p for p in found if p is not None]
    if len(items) < 4 or len(pairs) != len(items):
        return tuple(items)
    names = [p[0] for p in pairs]
    width = names[1:].index(names[0]) + 1 if names[0] in names[1:] else 0
    if width < 2 or len(names) % width or len(set(names[:width])) != width:
        return tuple(items)
    if any(names[i] != names[i % width] for i in range(len(names))):
        return tuple(items)
    values = [p[1] for p in pairs]
    return tuple(TupleValue(tuple(values[i:i + width])) for i in range(0, len(values), width))


def match_unordered(a: Sequence[Value], g: Sequence[Value], ctx: Ctx) -> Optional[Value]:
    """None when the items of ``a`` and ``g`` pair up one to one (a perfect bipartite matching, so repeated items
    count: ``2, 2, 3`` is not ``2, 3, 3``); else a gold item left without a partner."""
    if len(a) > _MAX_ITEMS:
        return g[0]
    match_of_answer: Dict[int, int] = {}
    cache: Dict[Tuple[int, int], bool] = {}

    def equal(i: int, j: int) -> bool:
        if (i, j) not in cache:
            cache[(i, j)] = ctx.compare_items(a[i], g[j]).equal
        return cache[(i, j)]

    def augment(j: int, seen: set) -> bool:
        for i in range(len(a)):
            if i in seen or not equal(i, j):
                continue
            seen.add(i)
            if i not in match_of_answer or augment(match_of_answer[i], seen):
                match_of_answer[i] = j
                return True
        return False

    for j in range(len(g)):
        if not augment(j, set()):
            return g[j]
    return None


def _set_vs_other(answer: Value, gold: Value, ctx: Ctx) -> Decision:
    s, other = (answer, gold) if isinstance(answer, SetValue) else (gold, answer)
    assert isinstance(s, SetValue)
    if isinstance(other, TupleValue) and not s.braces:
        # a bare list answering a tuple (or a tuple answering a bare list) is read in the order written
        a_items = answer.items if isinstance(answer, (SetValue, TupleValue)) else ()
        g_items = gold.items if isinstance(gold, (SetValue, TupleValue)) else ()
        return _ordered(a_items, g_items, ctx, TUPLE_AS_LIST, "list")
    if len(s.items) == 1:
        d = ctx.compare(s.items[0] if s is answer else answer, s.items[0] if s is gold else gold)
        return Decision(d.equal, SET_SINGLE, f"a one-element set against its element: {d.reason}")
    if isinstance(other, (Interval, Union_)):
        union = _inequalities_as_union(s) if ctx.options.allow_interval_as_inequality else None
        if union is not None:
            d = ctx.compare(union, gold) if s is answer else ctx.compare(answer, union)
            return Decision(d.equal, RELATION_INTERVAL, f"{s} describes {union}: {d.reason}")
        return _real_sets(answer, gold, ctx)
    return _kinds_differ(answer, gold)


def _inequalities_as_union(s: SetValue) -> Optional[Union_]:
    """``x < 2 or x > 3`` (a bare list of solved inequalities in one variable) as ``(-∞, 2) ∪ (3, ∞)``."""
    if s.braces:
        return None
    found = [solved_interval(v) or _point(v) if isinstance(v, Relation) else None for v in s.items]
    solved = [x for x in found if x is not None]
    if len(solved) != len(s.items) or len({name for name, _ in solved}) != 1:
        return None
    parts: List[Value] = []
    for _, part in solved:
        parts.extend(part.parts if isinstance(part, Union_) else (part,))
    return Union_(tuple(parts))


def _point(rel: Relation) -> Optional[Tuple[str, Value]]:
    """(variable, {c}) for ``a = c`` with a constant c: one point of a solution set (``a \\ge 3 \\text{ or } a = 0``)."""
    asg = assignment(rel)
    if asg is None or len(rel.sides) != 2 or not isinstance(asg[0], Expression) or asg[0].tree[0] != "sym":
        return None
    if not is_scalar(asg[1]) or free_symbols(to_tree(asg[1])):
        return None
    return asg[0].tree[1], SetValue((asg[1],), braces=True)


def _ordered(a: Sequence[Value], g: Sequence[Value], ctx: Ctx, rule: str, what: str) -> Decision:
    if len(a) != len(g):
        return Decision(False, rule, f"the answer's {what} has {len(a)} items, the gold's {len(g)}")
    for pos, (x, y) in enumerate(zip(a, g), 1):
        d = ctx.compare_items(x, y)
        if not d.equal:
            return Decision(False, rule, f"item {pos} differs: {d.reason}")
    return Decision(True, rule, f"all {len(g)} items match in order")


def _matrices(answer: Matrix, gold: Matrix, ctx: Ctx) -> Decision:
    if answer.shape != gold.shape:
        a_shape, g_shape = answer.shape, gold.shape
        if sorted(a_shape) == sorted(g_shape) and 1 in a_shape:  # a row vector against a column vector
            return _ordered(_cells(answer), _cells(gold), ctx, MATRIX_VECTOR, "vector")
        return Decision(False, MATRIX_SHAPE, f"shapes differ: {a_shape[0]}×{a_shape[1]} vs {g_shape[0]}×{g_shape[1]}")
    if len(_cells(gold)) > MAX_MATRIX_CELLS:
        return Decision(False, MATRIX_SIZE, "the matrix is too large to compare")
    for r, (row_a, row_g) in enumerate(zip(answer.rows, gold.rows), 1):
        for c, (x, y) in enumerate(zip(row_a, row_g), 1):
            d = ctx.compare_items(x, y)
            if not d.equal:
                return Decision(False, MATRIX_ENTRYWISE, f"entry ({r},{c}) differs: {d.reason}")
    return Decision(True, MATRIX_ENTRYWISE, f"same shape {gold.shape[0]}×{gold.shape[1]} and every entry matches")


def _cells(m: Matrix) -> Tuple[Value, ...]:
    return tuple(x for row in m.rows for x in row)


def _entries(v: Value) -> Tuple[Value, ...]:
    """The entries of a matrix (row by row) or the items of a tuple."""
    if isinstance(v, Matrix):
        return _cells(v)
    return v.items if isinstance(v, TupleValue) else (v,)


def _vector_vs_tuple(answer: Value, gold: Value, ctx: Ctx) -> Decision:
    """A row or column vector against a tuple of the same entries (``(1,2,3)`` for a vector)."""
    m = answer if isinstance(answer, Matrix) else gold
    assert isinstance(m, Matrix)
    if 1 not in m.shape:
        return _kinds_differ(answer, gold)
    a_items, g_items = _entries(answer), _entries(gold)
    return _ordered(a_items, g_items, ctx, MATRIX_VECTOR_AS_TUPLE, "vector")


def _interval_vs_tuple(answer: Value, gold: Value, ctx: Ctx) -> Decision:
    """``(a, b)`` is both an open interval and a pair: an open interval matches the pair with the same ends."""
    iv = answer if isinstance(answer, Interval) else gold
    tp = gold if iv is answer else answer
    assert isinstance(iv, Interval) and isinstance(tp, TupleValue)
    if len(tp.items) != 2 or iv.left_closed or iv.right_closed:
        return _kinds_differ(answer, gold)
    ends = (iv.left, iv.right)
    a_items, g_items = (ends, tp.items) if iv is answer else (tp.items, ends)
    return _ordered(a_items, g_items, ctx, INTERVAL_AS_TUPLE, "pair")


def _intervals(answer: Interval, gold: Interval, ctx: Ctx) -> Decision:
    if (answer.left_closed, answer.right_closed) != (gold.left_closed, gold.right_closed):
        return Decision(False, INTERVAL_BRACKETS, f"bracket types differ: {answer} vs {gold}")
    for side, x, y in (("left", answer.left, gold.left), ("right", answer.right, gold.right)):
        d = ctx.compare_items(x, y)
        if not d.equal:
            return Decision(False, INTERVAL_ENDPOINTS, f"{side} endpoints differ: {d.reason}")
    return Decision(True, INTERVAL_ENDPOINTS, "same endpoints and same brackets")


def _parts(v: Value) -> Optional[Tuple[Value, ...]]:
    if isinstance(v, Union_) and v.op == "cup":
        return v.parts
    if isinstance(v, (Interval, SetValue)):
        return (v,)
    return None


def _real_sets(answer: Value, gold: Value, ctx: Ctx) -> Decision:
    """Intervals, unions and sets of reals: part by part first, then as sets of reals (sympy)."""
    if isinstance(answer, Interval) and isinstance(gold, Interval):
        return _intervals(answer, gold, ctx)
    pa, pg = _parts(answer), _parts(gold)
    if pa is not None and pg is not None and len(pa) == len(pg) and len(pa) > 1:
        if match_unordered(pa, pg, ctx) is None:
            return Decision(True, UNION_PARTS, f"the {len(pg)} parts match, in some order")
    da, dg = set_description(answer), set_description(gold)
    if da is None or dg is None:
        return Decision(False, UNION_PARTS, f"{answer} and {gold} are not the same set")
    same = bounded(same_real_set, da, dg, ctx=ctx, decisive=True)
    if same:
        return Decision(True, UNION_AS_SETS, f"{answer} and {gold} are the same set of reals")
    return Decision(False, UNION_AS_SETS, f"{answer} and {gold} are not the same set of reals")
