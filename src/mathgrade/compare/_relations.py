"""Equations, inequalities and chains.

* An assignment (``x = 3``, ``f(x) = 1``, ``(p, q) = (3, 2)``, a chain ``x = 5+5+1 = 11``) answers its last side;
  ``x ≈ 11`` answers 11, and in ``x = 1/3 ≈ 0.33`` the trailing approximation is dropped.
* Two relations are the same when their atoms (``a < b``, ``b <= c``... of a chain) pair up with the same
  solutions: after moving everything to one side, ``f₁ = c·f₂`` for a constant c (c > 0 for inequalities, which
  makes ``x < 1`` and ``-x > -1`` equal and ``x < 1`` and ``x > -1`` different). Decided at random points, then
  confirmed with sympy.
* A solved inequality (``x > 3``, ``2 <= x < 5``, ``x != 3``) answers the interval it describes, and one in a single
  variable that is not solved (``1 <= |z| <= 3/2``) is solved with sympy (option ``allow_interval_as_inequality``).
* A false statement without variables (``7 = 5``) answers nothing, and neither does an answer chain that equates two
  different constants (``x = 7 = 6``).
* Functions: ``f(z) = z`` defines the function ``f(x) = x`` (variables are bound), and ``y = 2x + 3`` defines
  ``f(x) = 2x + 3``.
* An answer equation whose left side restates the question (``(x+y)^2 = 81``) answers its right side.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Dict, List, Optional, Sequence, Tuple

from ..values import Expression, Interval, Matrix, Number, Relation, TupleValue, Union_, Value, render
from . import _numeric
from ._core import Ctx, Decision, a_kind_name, bounded
from ._sympy import same_real_set, same_zero_set
from ._trees import (free_symbols, function_name, is_scalar, plain_head, rename, scalar_trees, set_description,
                     to_tree, value_symbols)
from ._table import (
    IDENTICAL, KIND_MISMATCH, RELATION_ASSIGNMENT, RELATION_FALSE, RELATION_FUNCTION, RELATION_INTERVAL,
    RELATION_RESTATED, RELATION_SAME_SOLUTIONS, RELATION_SOLVED, RELATION_TRUE_CHAIN,
)

__all__ = ["compare_relations", "assignment", "solved_interval"]

_FLIP = {">": "<", ">=": "<="}
_POINTS = 6
_MIN_DEFINED = 3
_MAX_TRIES = 14
_INEQ = ("<", "<=", ">", ">=")
_OO = Expression(("const", "oo"))
_MINUS_OO = Expression(("neg", ("const", "oo")))


def compare_relations(answer: Value, gold: Value, ctx: Ctx) -> Decision:
    """At least one side is a :class:`Relation`."""
    for who, v in (("answer", answer), ("gold", gold)):
        if isinstance(v, Relation) and _truth(v, ctx) is False:
            return Decision(False, RELATION_FALSE, f"the {who} {v} is a false statement: it answers nothing")
    if isinstance(answer, Relation) and (_contradicts(answer, ctx) or _chain_differs(answer, ctx)):
        return Decision(False, RELATION_FALSE, f"the answer {answer} equates two different values: it answers "
                                                 "nothing")
    if isinstance(answer, Relation) and isinstance(gold, Relation):
        if answer == gold:
            return Decision(True, IDENTICAL, "the two relations are identical")
        return _both_relations(answer, gold, ctx)
    rel, other = (answer, gold) if isinstance(answer, Relation) else (gold, answer)
    assert isinstance(rel, Relation)
    asg = assignment(rel)
    if asg is not None:
        d = _assigned(rel, asg, other, rel is answer, ctx)
        if d.equal or rel is answer:
            return d
        solved = _solved_for(rel, other, ctx)
        return solved if solved is not None else d
    if rel is gold:
        solved = _solved_for(rel, other, ctx)
        if solved is not None:
            return solved
    inequality = any(op in _INEQ or op == "!=" for op in rel.ops)
    if isinstance(other, TupleValue) and _open_pair(other) and inequality \
            and ctx.options.allow_interval_as_inequality:
        other = Interval(other.items[0], other.items[1], False, False)
    if isinstance(other, (Interval, Union_)) and ctx.options.allow_interval_as_inequality:
        return _relation_vs_set(rel, other, answer_is_relation=rel is answer, ctx=ctx)
    if _truth(rel, ctx) is True:
        last = rel.sides[-1]
        d = ctx.compare(last, other) if rel is answer else ctx.compare(other, last)
        return Decision(d.equal, RELATION_TRUE_CHAIN, f"{rel} is true and ends in {last}: {d.reason}")
    if rel is answer:
        restated = _restated(rel, other, ctx)
        if restated is not None:
            return restated
    return Decision(False, KIND_MISMATCH,
                    f"the {'answer' if rel is answer else 'gold'} is a relation ({rel}) that does not state a value, "
                    f"and the other side is {a_kind_name(other)}")


def _assigned(rel: Relation, asg: Tuple[Value, Value], other: Value, rel_is_answer: bool, ctx: Ctx) -> Decision:
    """An assignment against a value: its value answers (``x = 3`` ~ ``3``). A function's variable is bound: with
    one variable, ``f(t) = t^2`` answers ``x^2`` when that names one other variable."""
    name, value = asg
    d = ctx.compare(value, other) if rel_is_answer else ctx.compare(other, value)
    if not d.equal:
        renamed = _rebound(name, value, other)
        if renamed is not None:
            d2 = ctx.compare(renamed, other) if rel_is_answer else ctx.compare(other, renamed)
            if d2.equal:
                return Decision(True, RELATION_FUNCTION, f"{rel} defines the function {renamed} of "
                                                           f"{_describe_vars(other)}: {d2.reason}")
    return Decision(d.equal, d.rule if d.rule.startswith("relation.") else RELATION_ASSIGNMENT,
                    f"{rel} gives {value}: {d.reason}")


def _solved_for(gold: Relation, answer: Value, ctx: Ctx) -> Optional[Decision]:
    """An answer that is a gold equation solved for one of its variables (``\\frac{10}{x}`` for ``xy = 10``): the
    gold's variables are the answer's and one more, v, and ``v = answer`` has the gold's solutions. None when the
    answer is not such an expression, does not solve the gold, or is one of its sides (a restatement)."""
    if not is_scalar(answer) or any(op != "=" for op in gold.ops):
        return None
    have = value_symbols(answer)
    wanted = value_symbols(gold)
    if not have or wanted is None or not have < wanted or len(wanted - have) != 1:
        return None
    (v,) = tuple(wanted - have)
    if any(ctx.compare_items(answer, side).equal for side in gold.sides):
        return None  # one side of the gold written again (m\\ddot x + kx for m\\ddot x + kx = F) solves nothing
    as_relation = Relation((Expression(("sym", v)), answer), ("=",))
    d = _both_relations(as_relation, gold, ctx)
    if not d.equal:
        return None
    return Decision(True, RELATION_SOLVED, f"{answer} is the gold {gold} solved for {v}: {d.reason}")


def _describe_vars(v: Value) -> str:
    names = value_symbols(v) or frozenset()
    return ", ".join(sorted(names))


def _rebound(name: Value, value: Value, other: Value) -> Optional[Value]:
    """``value`` with the one variable of the function ``name`` renamed to the one variable of ``other``, when the
    value holds no other variable (``f(t) = t^2`` against ``x^2``); else None."""
    fn = function_name(name)
    if fn is None or len(fn[1]) != 1 or not isinstance(value, Expression):
        return None
    var = fn[1][0]
    others = value_symbols(other)
    if others is None or len(others) != 1 or var in others or not free_symbols(value.tree) <= {var}:
        return None
    return Expression(rename(value.tree, {var: next(iter(others))}), value.degrees)


def _restated(rel: Relation, other: Value, ctx: Ctx) -> Optional[Decision]:
    """An answer equation whose left side restates the question (``(x+y)^2 = 81``, ``\\sum_{i=1}^n i =
    \\frac{n(n+1)}{2}``): its right side is the answer when the left side holds no variable the gold names, or
    has the same value as the right side. An equation in standard form, ``5x - 7y + 11z + 4 = 0``, states a
    condition on its variables, not a value: its 0 answers nothing."""
    sides, ops = _exact_part(rel)
    trees = scalar_trees(sides)
    wanted = value_symbols(other)
    if any(op != "=" for op in ops) or trees is None or wanted is None:
        return None
    value, left = sides[-1], sides[:-1]
    if isinstance(value, Number) and value.value == 0 and any(free_symbols(t) for t in trees[:-1]):
        return None
    if any(free_symbols(t) & wanted for t in trees[:-1]):
        if not all(ctx.compare(s, value).equal for s in left):
            return None
        why = f"{rel} states an identity"
    elif not any(free_symbols(t) for t in trees[:-1]):
        # constant left sides (6/0 = 5/9, 0.5 = 1/3): the statement must be true, else it answers nothing
        if not all(ctx.compare(s, value).equal for s in left):
            return Decision(False, RELATION_FALSE, f"{rel} is not a true statement (its left side is not its "
                                                     "right side): it answers nothing")
        why = f"{rel} is a true statement"
    else:
        why = f"the left side of {rel} holds no variable of the gold"
    d = ctx.compare(value, other)
    return Decision(d.equal, RELATION_RESTATED, f"{why}; its right side {value} answers: {d.reason}")


def _open_pair(v: Value) -> bool:
    """``(a, b)`` with constant ends, which may be an open interval."""
    return isinstance(v, TupleValue) and len(v.items) == 2 and all(is_scalar(x) for x in v.items)


# ---------------------------------------------------------------------------------------------------- assignments


def _is_name(v: Value) -> bool:
    """A name is what a value is assigned to: ``x``, ``a_3``, ``f(x)``, ``|AB|``, ``NO/BO``, ``a+b``, ``(p, q)``."""
    if isinstance(v, TupleValue):
        return bool(v.items) and all(_is_name(x) for x in v.items)
    return isinstance(v, Expression) and _name_tree(v.tree)


def _name_tree(node: tuple) -> bool:
    head = node[0]
    if head == "sym":
        return True
    if head in ("mul", "div", "add", "neg"):  # AB, NO/BO, a+b (no numbers: a + 3z is an equation, not a name)
        return all(_name_tree(n) for n in node[1:])
    if head == "func":
        return node[1] not in ("sqrt", "root", "exp", "log", "ln", "log_base") and all(_name_tree(n) for n in node[2:])
    return False


def _exact_part(rel: Relation) -> Tuple[Tuple[Value, ...], Tuple[str, ...]]:
    """Drop trailing ``≈`` sides after an exact ``=`` (``x = 1/3 ≈ 0.33`` → ``x = 1/3``); ``≈`` alone is ``=``."""
    sides, ops = rel.sides, rel.ops
    if "=" in ops:
        last = max(i for i, op in enumerate(ops) if op == "=")
        return sides[: last + 2], ops[: last + 1]
    return sides, tuple("=" if op == "approx" else op for op in ops)


def assignment(rel: Relation) -> Optional[Tuple[Value, Value]]:
    """(name, value) when ``rel`` assigns a value to a name, else None.

    Only chains of ``=`` (and ``≈``) qualify. The value is the last side; the name is the first side, or the side
    just before the last (``1 = y = x = 0`` assigns 0 to x). ``3 = x`` assigns 3 to x; ``y = x`` assigns x to the
    single name y (``mv' + bv = f`` and ``p + q = p - q`` assign nothing). A single name never occurs in its value:
    ``x = 2x + 3`` is an equation, not an assignment.
    """
    if any(op not in ("=", "approx") for op in rel.ops):
        return None
    sides, _ = _exact_part(rel)
    if len(sides) < 2:
        return None
    found: Optional[Tuple[Value, Value]] = None
    if isinstance(sides[0], Matrix) and len(sides) == 2 and is_scalar(sides[1]):
        return sides[0], sides[1]  # a determinant (vmatrix) = its value: the matrix is read, the bars are not
    if _is_name(sides[0]) and not _is_name(sides[-1]):
        found = sides[0], sides[-1]
    elif _is_name(sides[-2]) and not _is_name(sides[-1]):
        found = sides[-2], sides[-1]
    elif len(sides) == 2 and _is_name(sides[1]) and not _is_name(sides[0]):
        found = sides[1], sides[0]
    elif len(sides) == 2 and _is_single_name(sides[0]) and _is_name(sides[1]):
        found = sides[0], sides[1]  # y = x: still a statement about y
    if found is None or _is_single_name(found[0]) and _shared_variables(*found):
        return None
    return found


def _is_single_name(v: Value) -> bool:
    """One variable or function value: ``y``, ``f(x)``."""
    return isinstance(v, Expression) and v.tree[0] == "sym"


def _shared_variables(name: Value, value: Value) -> bool:
    a, b = value_symbols(name), value_symbols(value)
    return bool(a and b and a & b)


def _truth(rel: Relation, ctx: Ctx) -> Optional[bool]:
    """True/False for a relation between constants (``7 = 5``); None when it has variables or is not numeric."""
    sides, ops = _exact_part(rel)
    trees = scalar_trees(sides)
    if trees is None or any(free_symbols(t) for t in trees):
        return None
    for (l, op, r) in zip(trees, ops, trees[1:]):
        ctx.deadline.check()
        try:
            if op == "=":
                same = _numeric.same_value(l, r, {})
                if same is None:
                    return None
                if not same:
                    return False
            elif op in _INEQ:
                holds = _holds(l, op, r)
                if holds is None:
                    return None
                if not holds:
                    return False
            else:
                return None
        except _numeric.Unsupported:
            return None
    return True


def _contradicts(rel: Relation, ctx: Ctx) -> bool:
    """True for a chain of ``=`` that equates two different constants, whatever its variables: ``x = 7 = 6``,
    ``7 = x = 6`` (each says 7 = 6)."""
    sides, ops = _exact_part(rel)
    if any(op != "=" for op in ops):
        return False
    trees = [to_tree(s) for s in sides if is_scalar(s)]
    constants = [t for t in trees if not free_symbols(t)]
    for left, right in zip(constants, constants[1:]):
        ctx.deadline.check()
        try:
            if _numeric.same_value(left, right, {}) is False:
                return True
        except _numeric.Unsupported:
            continue
    return False


def _chain_differs(rel: Relation, ctx: Ctx) -> bool:
    """A chain of ``=`` whose sides after a name are not all the same value: ``x = 3a+b = 2a+b`` says 3a+b = 2a+b,
    which is false (a step that changed the value is not an answer)."""
    sides, ops = _exact_part(rel)
    if len(sides) < 3 or any(op != "=" for op in ops) or not all(is_scalar(s) for s in sides):
        return False
    values = list(sides[1:] if _is_name(sides[0]) else sides)
    return any(not ctx.compare_items(a, b).equal for a, b in zip(values, values[1:]))


def _holds(l: tuple, op: str, r: tuple) -> Optional[bool]:
    """Whether ``l op r`` holds between two constant trees (None when undefined, not real, or too close to call)."""
    same = _numeric.same_value(l, r, {})
    if same is None:
        return None
    if same:
        return op in ("<=", ">=")
    x, y = _numeric.as_fraction(_numeric.evaluate(l, {})), _numeric.as_fraction(_numeric.evaluate(r, {}))
    if x is None or y is None or x == y:
        return None  # (different, yet equal at the evaluator's first precision: too close to call here)
    return bool({"<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y}[op])


# ------------------------------------------------------------------------------------------- relation vs relation


def _both_relations(answer: Relation, gold: Relation, ctx: Ctx) -> Decision:
    aa, ag = assignment(answer), assignment(gold)
    if aa is not None and ag is not None and aa[0] == ag[0]:
        d = ctx.compare(aa[1], ag[1])
        return Decision(d.equal, RELATION_ASSIGNMENT, f"both assign {aa[0]}: {d.reason}")
    same_function = _same_function(aa, ag) if aa is not None and ag is not None else None
    if same_function is not None:
        a_body, g_body, how = same_function
        d = ctx.compare(a_body, g_body)
        return Decision(d.equal, RELATION_FUNCTION, f"{how}: {d.reason}")
    atoms_a, atoms_g = _atoms(answer), _atoms(gold)
    if atoms_a is not None and atoms_g is not None and len(atoms_a) == len(atoms_g):
        same = _atoms_match(atoms_a, atoms_g, ctx)
        if same:
            return Decision(True, RELATION_SAME_SOLUTIONS, f"{answer} and {gold} have the same solutions "
                                                             "(one is a constant multiple of the other)")
    if atoms_a is not None and atoms_g is not None and len(atoms_a) == len(atoms_g) == 1 \
            and atoms_a[0][1] == atoms_g[0][1] == "=":
        if bounded(same_zero_set, atoms_a[0][0], atoms_g[0][0], ctx=ctx, decisive=True):
            return Decision(True, RELATION_SAME_SOLUTIONS, f"{answer} and {gold} have the same solutions "
                                                             "(after clearing denominators and repeated factors)")
    if any(op in _INEQ for op in answer.ops + gold.ops) and ctx.options.allow_interval_as_inequality:
        da, dg = _univariate(answer), _univariate(gold)
        if da is not None and dg is not None and da[1] == dg[1]:
            witness = _truth_differs(da, dg, ctx)
            if witness is not None:
                return Decision(False, RELATION_SAME_SOLUTIONS, f"{answer} and {gold} do not have the same "
                                                                  f"solutions: one holds at {witness}, the other not")
            if bounded(same_real_set, da, dg, ctx=ctx, decisive=True):
                return Decision(True, RELATION_SAME_SOLUTIONS,
                                f"{answer} and {gold} have the same real solutions in {da[1]}")
    return Decision(False, RELATION_SAME_SOLUTIONS, f"{answer} and {gold} do not have the same solutions")


def _same_function(aa: Tuple[Value, Value], ag: Tuple[Value, Value]) -> Optional[Tuple[Value, Value, str]]:
    """Two definitions of a function compared as functions: the variables are bound, so ``f(z) = z`` defines the
    function ``f(x) = x``; a one-letter function name may differ (``g(x) = x^2`` is ``f(x) = x^2``), and
    ``y = 2x + 3`` defines the function ``f(x) = 2x + 3``. Returns the two bodies to compare (the answer's
    variables renamed to the gold's) and how they were matched; None when the two are not both functions."""
    (a_name, a_body), (g_name, g_body) = aa, ag
    fa, fg = function_name(a_name), function_name(g_name)
    if fa is not None and fg is not None:
        (a_head, a_vars), (g_head, g_vars) = fa, fg
        if len(a_vars) != len(g_vars) or a_head != g_head and not (plain_head(a_head) and plain_head(g_head)):
            return None
        if not isinstance(a_body, (Expression, Number)):
            return None
        mapping = dict(zip(a_vars, g_vars))
        body_vars = value_symbols(a_body) or frozenset()
        if (body_vars - set(a_vars)) & set(g_vars):  # a gold variable is free in the answer: rename both apart
            fresh = [f"#{i}" for i in range(len(g_vars))]
            a_body = _renamed(a_body, dict(zip(a_vars, fresh)))
            g_body = _renamed(g_body, dict(zip(g_vars, fresh)))
        else:
            a_body = _renamed(a_body, mapping)
        return a_body, g_body, f"{a_name} and {g_name} define functions of {', '.join(g_vars)}"
    for fn, other in ((fa, g_name), (fg, a_name)):  # y = 2x + 3 against f(x) = 2x + 3 (or f(t) = 2t + 3)
        if fn is not None and _is_single_name(other) and plain_head(str(other)) and str(other) not in fn[1]:
            how = f"{a_name} and {g_name} define functions of {', '.join(fn[1])}"
            plain_body = g_body if fn is fa else a_body
            body_vars = value_symbols(plain_body) or frozenset()
            if len(fn[1]) == 1 and len(body_vars) == 1 and fn[1][0] not in body_vars:
                plain_body = _renamed(plain_body, {next(iter(body_vars)): fn[1][0]})
            return (a_body, plain_body, how) if fn is fa else (plain_body, g_body, how)
    return None


def _renamed(v: Value, mapping: Dict[str, str]) -> Value:
    if isinstance(v, Expression):
        return Expression(rename(v.tree, mapping), v.degrees)
    return v


Atom = Tuple[tuple, str]


def _atoms(rel: Relation) -> Optional[List[Atom]]:
    """Each link of the chain as ``(f, op)`` meaning ``f op 0``, with op among ``=``, ``!=``, ``<``, ``<=``."""
    sides, ops = _exact_part(rel)
    trees = scalar_trees(sides)
    if trees is None:
        return None
    out: List[Atom] = []
    for lt, op, rt in zip(trees, ops, trees[1:]):
        if op in _FLIP:
            out.append((("add", rt, ("neg", lt)), _FLIP[op]))
        elif op in ("=", "!=", "<", "<="):
            out.append((("add", lt, ("neg", rt)), op))
        else:
            return None
    return out


def _atoms_match(a: Sequence[Atom], g: Sequence[Atom], ctx: Ctx) -> bool:
    if len(a) > 4:
        return all(_proportional(x, y, ctx) for x, y in zip(a, g))
    return any(all(_proportional(x, y, ctx) for x, y in zip(perm, g)) for perm in itertools.permutations(a))


def _proportional(a: Atom, g: Atom, ctx: Ctx) -> bool:
    """``f_a = c·f_g`` for one constant c at every random point (c > 0 for inequalities, c != 0 otherwise).

    With p₀ the first point where both are non-zero, each other point p must satisfy
    ``f_a(p)·f_g(p₀) = f_g(p)·f_a(p₀)`` (decided by :func:`._numeric.same_value`, so exactly or at a precision that
    sees small differences); at a point where one side is zero, the other must be zero too."""
    (fa, op_a), (fg, op_g) = a, g
    if op_a != op_g:
        return False
    names = free_symbols(fa) | free_symbols(fg)
    if not names or free_symbols(fa) != free_symbols(fg):
        return False
    zero = ("num", Fraction(0))
    first: Optional[Tuple[tuple, tuple]] = None
    agreeing = 0
    try:
        for point in _numeric.random_points(names, _MAX_TRIES, salt="relation"):
            ctx.deadline.check()
            pa, pg = _numeric.bind(fa, point), _numeric.bind(fg, point)
            a_zero, g_zero = _numeric.same_value(pa, zero, {}), _numeric.same_value(pg, zero, {})
            if a_zero is None or g_zero is None:
                continue  # undefined here
            if a_zero or g_zero:
                if not (a_zero and g_zero):
                    return False
                continue
            if first is None:
                first = (pa, pg)
                if op_a in ("<", "<=") and not _positive(("div", pa, pg)):
                    return False
            elif not _numeric.same_value(("mul", pa, first[1]), ("mul", pg, first[0]), {}):
                return False
            agreeing += 1
            if agreeing >= _POINTS:
                break
    except _numeric.Unsupported:
        return False
    return agreeing >= _MIN_DEFINED


def _positive(tree: tuple) -> bool:
    """True when a constant tree is a positive real."""
    try:
        value = _numeric.as_fraction(_numeric.evaluate(tree, {}))
    except _numeric.Undefined:
        return False
    return value is not None and value > 0


# ------------------------------------------------------------------------------------------ relation vs interval


def solved_interval(rel: Relation) -> Optional[Tuple[str, Value]]:
    """(variable, interval or union) for a solved inequality: ``x > 3``, ``3 < x``, ``2 <= x < 5``, ``x != 3``."""
    sides, ops = rel.sides, rel.ops
    trees = scalar_trees(sides)
    if trees is None:
        return None
    varying = [i for i, t in enumerate(trees) if free_symbols(t)]
    if len(varying) != 1 or not _is_name(sides[varying[0]]):
        return None
    k = varying[0]
    var = render(trees[k])
    if ops == ("!=",):
        c = sides[1 - k]
        return var, Union_((Interval(_MINUS_OO, c, False, False), Interval(c, _OO, False, False)))
    if not all(op in _INEQ for op in ops):
        return None
    if all(op in ("<", "<=") for op in ops):
        norm_sides, norm_ops = list(sides), list(ops)
    elif all(op in (">", ">=") for op in ops):
        norm_sides, norm_ops = list(reversed(sides)), [_FLIP[op] for op in reversed(ops)]
        k = len(sides) - 1 - k
    else:
        return None
    lo: Value = norm_sides[k - 1] if k > 0 else _MINUS_OO
    hi: Value = norm_sides[k + 1] if k + 1 < len(norm_sides) else _OO
    lo_closed = k > 0 and norm_ops[k - 1] == "<="
    hi_closed = k + 1 < len(norm_sides) and norm_ops[k] == "<="
    if len(norm_sides) > 3:
        return None
    return var, Interval(lo, hi, lo_closed, hi_closed)


def _univariate(rel: Relation) -> Optional[tuple]:
    """A description of a relation in one variable for :func:`._sympy.same_real_set`: ("relation", var, atoms)."""
    sides, ops = _exact_part(rel)
    trees = scalar_trees(sides)
    if trees is None:
        return None
    names = frozenset().union(*(free_symbols(t) for t in trees))
    if len(names) != 1 or any(op not in ("=", "!=") + _INEQ for op in ops):
        return None
    atoms = tuple((l, op, r) for l, op, r in zip(trees, ops, trees[1:]))
    return ("relation", next(iter(names))) + atoms


def _truth_differs(da: tuple, dg: tuple, ctx: Ctx) -> Optional[str]:
    """A value of the variable (``x = 7``) at which one of two one-variable relations (descriptions made by
    :func:`_univariate`) holds and the other does not, found at random rationals and integers; else None.
    Cheap evidence before solving the two with sympy."""
    var = da[1]
    names = frozenset({var})
    points = itertools.chain(_numeric.random_points(names, _MAX_TRIES, salt="truth"),
                             _numeric.integer_points(names, _MAX_TRIES, salt="truth"))
    for point in points:
        ctx.deadline.check()
        truths = [_holds_at(d[2:], point) for d in (da, dg)]
        if None not in truths and truths[0] != truths[1]:
            return f"{var} = {point[var]}"
    return None


def _holds_at(atoms: Sequence[tuple], point: Dict[str, Fraction]) -> Optional[bool]:
    """Whether every atom ``(lhs, op, rhs)`` holds at ``point``; None when that cannot be told there."""
    try:
        for lhs, op, rhs in atoms:
            l, r = _numeric.bind(lhs, point), _numeric.bind(rhs, point)
            if op in ("=", "!="):
                same = _numeric.same_value(l, r, {})
                holds = None if same is None else same == (op == "=")
            else:
                holds = _holds(l, op, r)
            if holds is None:
                return None
            if not holds:
                return False
    except (_numeric.Unsupported, _numeric.Undefined):
        return None
    return True


def _relation_vs_set(rel: Relation, other: Value, answer_is_relation: bool, ctx: Ctx) -> Decision:
    solved = solved_interval(rel)
    if solved is not None:
        var, iv = solved
        d = ctx.compare(iv, other) if answer_is_relation else ctx.compare(other, iv)
        if d.equal:
            return Decision(True, RELATION_INTERVAL, f"{rel} describes {iv}: {d.reason}")
    desc = _univariate(rel)
    if desc is not None:
        other_desc = set_description(other)
        same: Optional[bool] = None
        if other_desc is not None:
            same = bounded(same_real_set, desc, other_desc, ctx=ctx, decisive=True)
        if same:
            return Decision(True, RELATION_INTERVAL, f"the solutions of {rel} are {other}")
    return Decision(False, RELATION_INTERVAL, f"{rel} does not describe {other}")
