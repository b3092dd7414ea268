"""Numbers and expressions: exact numbers, roundings, random points, symbolic confirmation.

Order of work, cheapest first:

1. number vs number: :mod:`._numbers` (Fractions only, no sympy);
2. a written decimal vs a constant expression (``1.41`` vs ``\\sqrt2``): the rounding rule on a high-precision value;
3. expressions: free variables must agree, then both sides are evaluated at deterministic random points (exact
   rationals where possible, 50-digit mpmath otherwise); one differing point decides "different"; agreement at
   every point is confirmed with sympy (expand, cancel, trigsimp, simplify) within a share of the time limit.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any, Dict, List, Optional, Tuple, Union

from ..values import Expression, Number, SetValue, Value, render
from . import _numeric
from ._core import Ctx, Decision, bounded
from ._numbers import compare_numbers, number_candidates, rounds_to, significant_digits
from ._trees import to_tree

__all__ = ["compare_scalars", "expand_pm", "to_tree"]

Scalar = Union[Number, Expression]

_POINTS = 6
_MIN_DEFINED = 3
_MAX_TRIES = 14
_MAX_RENAMED = 5
_PI_OVER_180 = ("div", ("const", "pi"), ("num", Fraction(180)))


def expand_pm(v: Value) -> Optional[SetValue]:
    """``a ± b`` as the list ``a + b, a - b``; None for anything else."""
    if isinstance(v, Expression) and v.tree[0] == "pm":
        a, b = v.tree[1], v.tree[2]
        return SetValue((Expression(("add", a, b)), Expression(("add", a, ("neg", b)))), braces=False)
    return None


def compare_scalars(answer: Scalar, gold: Scalar, ctx: Ctx) -> Decision:
    """Compare two numbers or expressions, trying each reading of their percent and degree signs."""
    if isinstance(answer, Number) and isinstance(gold, Number):
        equal, rule, reason = compare_numbers(answer, gold, ctx.options)
        return Decision(equal, rule, reason)
    first: Optional[Decision] = None
    for a_tree, a_note in _readings(answer, gold, ctx):
        for g_tree, g_note in _readings(gold, answer, ctx):
            d = _compare_trees(answer, a_tree, gold, g_tree, ctx)
            if d.equal:
                note = a_note or g_note
                return Decision(True, d.rule, d.reason + (f" ({note})" if note else ""))
            if first is None:
                first = d
    assert first is not None
    return first


def _readings(v: Scalar, other: Scalar, ctx: Ctx) -> List[Tuple[tuple, str]]:
    """The trees ``v`` may stand for against ``other``: percent (see :mod:`._numbers`) and degrees (``45°`` is
    ``π/4`` against an expression; the sign may also simply be dropped when the degrees option is on)."""
    out: List[Tuple[tuple, str]]
    if isinstance(v, Number):
        other_number = other if isinstance(other, Number) else Number(Fraction(0))
        out = [(("num", val), note) for val, note in number_candidates(v, other_number, ctx.options)]
    else:
        out = [(v.tree, "")]
    v_deg = getattr(v, "degrees", False)
    o_deg = getattr(other, "degrees", False)
    if v_deg and not o_deg:
        radians = [(("mul", t, _PI_OVER_180), f"{v} is {render(t)}·π/180 radians") for t, _ in out]
        if not ctx.options.degrees:
            return radians
        return out + radians
    return out


def _compare_trees(answer: Scalar, a: tuple, gold: Scalar, g: tuple, ctx: Ctx) -> Decision:
    fa, fg = _numeric.free_symbols(a), _numeric.free_symbols(g)
    if not fa and not fg:
        return _compare_constants(answer, a, gold, g, ctx)
    if fa != fg:
        # a variable may cancel out (sin²x + cos²x is 1): evaluate over all the variables of both sides first
        d = _compare_at_points(a, g, fa | fg, ctx, symbolic_fallback=False)
        if d.equal:
            return d
        if ctx.options.match_variables or len(fa) != len(fg) or len(fa) > _MAX_RENAMED:
            return Decision(False, "expression.variables", _variables_reason(fa, fg))
        return _compare_renamed(a, g, fa, fg, ctx)
    return _compare_at_points(a, g, fa, ctx)


def _variables_reason(fa: frozenset, fg: frozenset) -> str:
    def names(s: frozenset) -> str:
        return ", ".join(sorted(s)) if s else "none"

    return f"the answer's variables ({names(fa)}) differ from the gold's ({names(fg)})"


def _compare_renamed(a: tuple, g: tuple, fa: frozenset, fg: frozenset, ctx: Ctx) -> Decision:
    """match_variables=False: try each one-to-one renaming of the answer's variables onto the gold's."""
    src = sorted(fa)
    for perm in itertools.permutations(sorted(fg)):
        ctx.deadline.check()
        mapping = dict(zip(src, perm))
        d = _compare_at_points(_rename(a, mapping), g, fg, ctx)
        if d.equal:
            shown = ", ".join(f"{k}→{v}" for k, v in mapping.items() if k != v)
            return Decision(True, d.rule, d.reason + f" (variables renamed: {shown})")
    return Decision(False, "expression.random_points", "no renaming of the variables makes the expressions agree")


def _rename(node: tuple, mapping: Dict[str, str]) -> tuple:
    head = node[0]
    if head == "sym":
        return ("sym", mapping.get(node[1], node[1]))
    if head in ("num", "const"):
        return node
    if head == "func":
        return node[:2] + tuple(_rename(n, mapping) for n in node[2:])
    return (head,) + tuple(_rename(n, mapping) for n in node[1:])


def _compare_constants(answer: Scalar, a: tuple, gold: Scalar, g: tuple, ctx: Ctx) -> Decision:
    """Two expressions without variables (at least one of them not a plain rational)."""
    a_val, a_err = _numeric.numeric_value(a)
    g_val, g_err = _numeric.numeric_value(g)
    for val, err, who in ((a_val, a_err, "answer"), (g_val, g_err, "gold")):
        if val is None and err.startswith("undefined") and (a_val is not None or g_val is not None):
            return Decision(False, "expression.numeric", f"the {who} {render(a if who == 'answer' else g)} has no "
                                                         f"value ({err}) and the other side has one")
    if a_val is None or g_val is None:
        return _symbolic_only(a, g, ctx, a_err or g_err)
    if not (_numeric.is_finite_number(a_val) and _numeric.is_finite_number(g_val)):
        same = a_val == g_val
        return Decision(bool(same), "expression.numeric", "infinite values " + ("agree" if same else "differ"))
    try:
        same = _numeric.same_value(a, g, {})
    except _numeric.Unsupported as exc:
        return _symbolic_only(a, g, ctx, str(exc))
    if same:
        return _confirm(a, g, ctx, "the two values agree at every precision tried")
    rounding = _rounding_rule(answer, a_val, gold, g_val, ctx)
    if rounding is not None:
        return rounding
    if same is None:
        return _symbolic_only(a, g, ctx, "a value is undefined")
    return Decision(False, "expression.numeric", f"{render(a)} ≈ {_numeric.show(a_val)} differs from "
                                                 f"{render(g)} ≈ {_numeric.show(g_val)}")


def _rounding_rule(answer: Scalar, a_val: Any, gold: Scalar, g_val: Any, ctx: Ctx) -> Optional[Decision]:
    """A written decimal against an irrational constant (``1.41`` vs ``\\sqrt2``): the rounding rule."""
    if isinstance(answer, Number) and answer.places is not None and isinstance(a_val, Fraction):
        exact = _as_fraction(g_val, answer.places)
        if exact is None:
            return None
        shown = f"{render(to_tree(gold))} ≈ {_numeric.show(g_val)}"
        if not rounds_to(exact, a_val, answer.places):
            return Decision(False, "number.rounded", f"{answer} is not {shown} rounded")
        sig = significant_digits(answer)
        if sig < ctx.options.min_significant_digits:
            return Decision(False, "number.too_few_digits",
                            f"{answer} has {sig} significant digits; at least "
                            f"{ctx.options.min_significant_digits} are needed")
        return Decision(True, "number.rounded", f"{answer} is {shown} rounded")
    if isinstance(gold, Number) and gold.places is not None and isinstance(g_val, Fraction):
        exact = _as_fraction(a_val, gold.places)
        if exact is None:
            return None
        ok = rounds_to(exact, g_val, gold.places)
        return Decision(ok, "number.rounded", f"{render(to_tree(answer))} ≈ {_numeric.show(a_val)} "
                                              f"{'rounds' if ok else 'does not round'} to the gold {gold}")
    return None


def _as_fraction(v: Any, places: int) -> Optional[Fraction]:
    """A real value as a Fraction, when it is known far beyond ``places`` decimal places; None for non-reals."""
    if places > _numeric.BASE_DIGITS - _numeric.ROUNDING_SPARE_DIGITS:
        return None
    return _numeric.as_fraction(v)


def _compare_at_points(a: tuple, g: tuple, names: frozenset, ctx: Ctx, symbolic_fallback: bool = True) -> Decision:
    """Evaluate both trees at deterministic random points; differ anywhere → different; else confirm.

    Without numeric evidence (unknown functions, too few points where both are defined) sympy decides, unless
    ``symbolic_fallback`` is False (then the result is "not shown equal")."""
    defined = 0
    try:
        for point in _numeric.random_points(names, _MAX_TRIES):
            ctx.deadline.check()
            same = _numeric.same_value(a, g, point)
            if same is None:
                continue
            if not same:
                shown = ", ".join(f"{k}={v}" for k, v in sorted(point.items()))
                return Decision(False, "expression.random_points",
                                f"{render(a)} and {render(g)} differ at {shown}")
            defined += 1
            if defined >= _POINTS:
                break
    except _numeric.Unsupported as exc:
        if not symbolic_fallback:
            return Decision(False, "expression.random_points", f"cannot evaluate: {exc}")
        return _symbolic_only(a, g, ctx, str(exc))
    if defined < _MIN_DEFINED:
        if not symbolic_fallback:
            return Decision(False, "expression.random_points", "too few points where both are defined")
        return _symbolic_only(a, g, ctx, "too few points where both are defined")
    return _confirm(a, g, ctx, f"equal at {defined} random points")


def _confirm(a: tuple, g: tuple, ctx: Ctx, evidence: str) -> Decision:
    from ._sympy import difference_is_zero

    shown = bounded(difference_is_zero, a, g, ctx=ctx)
    if shown:
        return Decision(True, "expression.symbolic", f"{render(a)} = {render(g)}: {evidence}, confirmed symbolically")
    rule = "expression.numeric" if not (_numeric.free_symbols(a) or _numeric.free_symbols(g)) \
        else "expression.random_points"
    return Decision(True, rule, f"{render(a)} = {render(g)}: {evidence} (not confirmed symbolically)")


def _canonical(node: tuple) -> tuple:
    """``node`` with the terms of every sum and the factors of every product in a fixed order (by their ``repr``,
    which depends only on the tree), so that ``F_k F_j`` and ``F_j F_k`` have one form."""
    head = node[0]
    if head in ("num", "sym", "const"):
        return node
    if head == "func":
        return node[:2] + tuple(_canonical(c) for c in node[2:])
    children = tuple(_canonical(c) for c in node[1:])
    if head in ("add", "mul"):
        children = tuple(sorted(children, key=repr))
    return (head,) + children


def _symbolic_only(a: tuple, g: tuple, ctx: Ctx, why: str) -> Decision:
    """No numeric evidence (unknown function, undefined values): equal only if sympy shows it."""
    from ._sympy import difference_is_zero

    if a == g:
        return Decision(True, "expression.structural", "the two expressions are identical")
    if _canonical(a) == _canonical(g):
        return Decision(True, "expression.structural", "the two expressions are the same up to the order of terms "
                                                       "and factors")
    shown = bounded(difference_is_zero, a, g, ctx=ctx, decisive=True)
    if shown:
        return Decision(True, "expression.symbolic", f"{render(a)} = {render(g)}, shown symbolically")
    return Decision(False, "expression.symbolic",
                    f"{render(a)} and {render(g)} could not be shown equal (no numeric check: {why})")
