"""Numbers and expressions: exact numbers, roundings, random points, symbolic confirmation.

Order of work, cheapest first:

1. number vs number: :mod:`._numbers` (Fractions only, no sympy);
2. a written decimal vs a constant expression (``1.41`` vs ``\\sqrt2``): the rounding rule on a high-precision value;
3. expressions: free variables must agree, then both sides are evaluated at deterministic random points (exact
   rationals where possible, mpmath at a precision that grows with the magnitudes otherwise; integers too when a
   step function is involved); one differing point decides "different"; agreement at every point is confirmed
   with sympy within the symbolic budget;
4. after a difference: sides that differ only where a value is not real compare as real functions; sides that
   differ by a function of their arbitrary constants (``C``) are the same family; written decimals inside an
   expression may be roundings.
"""

from __future__ import annotations

import itertools
import re
from fractions import Fraction
from typing import Any, Dict, Iterator, List, Optional, Tuple, Union

from ..values import Expression, Number, SetValue, Value, render
from . import _numeric
from ._core import Ctx, Decision, bounded
from ._polynomials import same_polynomial
from ._sympy import STEPS, budget_allows, difference_is_zero
from ._numbers import compare_numbers, gold_min_digits, number_candidates, rounds_to, significant_digits
from ._trees import free_symbols, rename, to_tree
from ._table import (
    EXPRESSION_ARBITRARY_CONSTANT, EXPRESSION_NUMERIC, EXPRESSION_PERIODIC_FAMILY, EXPRESSION_RANDOM_POINTS,
    EXPRESSION_REAL_VALUES, EXPRESSION_ROUNDED, EXPRESSION_STRUCTURAL, EXPRESSION_SYMBOLIC, EXPRESSION_VARIABLES,
    NUMBER_ROUNDED, NUMBER_TOO_FEW_DIGITS,
)

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
    for a_scalar, a_tree, a_note in _readings(answer, gold, ctx):
        for g_scalar, g_tree, g_note in _readings(gold, answer, ctx):
            d = _compare_trees(a_scalar, a_tree, g_scalar, g_tree, ctx)
            if d.equal:
                note = a_note or g_note
                return Decision(True, d.rule, d.reason + (f" ({note})" if note else ""))
            if first is None:
                first = d
    assert first is not None
    return first


def _readings(v: Scalar, other: Scalar, ctx: Ctx) -> List[Tuple[Scalar, tuple, str]]:
    """What ``v`` may stand for against ``other``, as (the scalar, its tree, a note): percent (see
    :mod:`._numbers`: ``19.3%`` is the decimal 0.193) and degrees (``45°`` is ``π/4`` against an expression; the
    sign may also simply be dropped when the degrees option is on)."""
    out: List[Tuple[Scalar, tuple, str]]
    if isinstance(v, Number):
        other_number = other if isinstance(other, Number) else Number(Fraction(0))
        out = [(n, ("num", n.value), note) for n, note in number_candidates(v, other_number, ctx.options)]
    else:
        out = [(v, v.tree, "")]
    v_deg = getattr(v, "degrees", False)
    o_deg = getattr(other, "degrees", False)
    if v_deg and not o_deg:
        radians: List[Tuple[Scalar, tuple, str]] = [(Expression(("mul", t, _PI_OVER_180)), ("mul", t, _PI_OVER_180),
                    f"{v} is {render(t)}·π/180 radians") for _, t, _ in out]
        if not ctx.options.degrees:
            return radians
        return out + radians
    return out


def _compare_trees(answer: Scalar, a: tuple, gold: Scalar, g: tuple, ctx: Ctx) -> Decision:
    fa, fg = free_symbols(a), free_symbols(g)
    if fa == fg:
        same = _structurally_same(a, g)
        if same is not None:
            return same
    if not fa and not fg:
        return _compare_constants(answer, a, gold, g, ctx)
    if fa != fg:
        renamed = _constants_renamed(a, fa, fg)  # c_1 e^t + c_2 against C_1 e^t + C_2
        if renamed is not None:
            d = _compare_trees(answer, renamed, gold, g, ctx)
            return Decision(d.equal, d.rule, d.reason + " (arbitrary constants named alike)")
        family = _renamed_parameter(a, g, fa, fg)  # 2nπ against 2kπ: the integer parameter of a family renamed
        if family is not None:
            d = _compare_trees(answer, family, gold, g, ctx)
            if d.equal:
                return Decision(True, d.rule, d.reason + f" (the integer parameter {next(iter(fa))} renamed "
                                                         f"{next(iter(fg))})")
        # a variable may cancel out (sin²x + cos²x is 1): evaluate over all the variables of both sides first
        d = _compare_at_points(a, g, fa | fg, ctx, symbolic_fallback=False)
        if d.equal:
            return d
        if ctx.options.match_variables or len(fa) != len(fg) or len(fa) > _MAX_RENAMED:
            return Decision(False, EXPRESSION_VARIABLES, _variables_reason(fa, fg))
        return _compare_renamed(a, g, fa, fg, ctx)
    d = _compare_at_points(a, g, fa, ctx)
    if not d.equal and d.rule == EXPRESSION_RANDOM_POINTS:
        for rule in (_up_to_constants, _rounded_decimals, _same_family):
            found = rule(a, g, fa, ctx)
            if found is not None:
                return found
    return d


# ---- decimals inside expressions --------------------------------------------------------------------------------------


def _rounded_decimals(a: tuple, g: tuple, names: frozenset, ctx: Ctx) -> Optional[Decision]:
    """The rounding rule for decimals written inside an expression (``x + 1.414i`` ~ ``x + \\sqrt2 i``).

    When one side holds written decimals and the other none, the decimals may stand for any values they are
    roundings of: at every point, the difference of the two sides must be within what moving each decimal by half
    a unit of its last digit can change (to first order). As for whole numbers, a decimal of the model's needs
    ``min_significant_digits`` (shorter ones are taken as exact); a decimal gold is a rounding whatever its digits.
    """
    if _has_decimal(a) == _has_decimal(g):
        return None
    rounded, exact, least = (a, g, ctx.options.min_significant_digits) if _has_decimal(a) else (g, a, 1)
    nudged = _nudged(rounded, least)
    if not nudged:
        return None
    points = _numeric.random_points(names, _MAX_TRIES, salt="rounded") if names else iter([{}])
    need = _POINTS if names else 1
    agreed = 0
    try:
        for point in points:
            ctx.deadline.check()
            try:
                values = [_numeric.evaluate(t, point) for t in (rounded, exact, *nudged)]
            except _numeric.Undefined:
                continue
            with _numeric.working(_numeric.BASE_DIGITS) as mp:
                r, e, *moved = (_numeric.to_mp(mp, v) for v in values)
                if abs(r - e) > sum(abs(m - r) for m in moved):
                    return None
            agreed += 1
            if agreed >= need:
                break
    except _numeric.Unsupported:
        return None
    if agreed < min(need, _MIN_DEFINED):
        return None
    which = "answer's" if rounded is a else "gold's"
    return Decision(True, EXPRESSION_ROUNDED, f"{render(a)} and {render(g)} agree within the rounding of the "
                                                f"{which} decimals" + (f" at {agreed} random points" if names else ""))


def _has_decimal(node: tuple) -> bool:
    """True when a decimal as written (a ``("num", value, places)`` leaf) is in the tree."""
    head = node[0]
    if head == "num":
        return len(node) > 2 and node[2] is not None
    if head in ("sym", "const"):
        return False
    return any(_has_decimal(c) for c in node[(2 if head == "func" else 1):])


def _nudged(node: tuple, least: int) -> List[tuple]:
    """One tree per written decimal with at least ``least`` significant digits: that decimal moved up by half a
    unit of its last digit."""
    head = node[0]
    if head == "num":
        if len(node) > 2 and node[2] is not None and significant_digits(Number(node[1], node[2])) >= least:
            return [("num", node[1] + Fraction(1, 2) / Fraction(10) ** node[2])]
        return []
    if head in ("sym", "const"):
        return []
    out: List[tuple] = []
    for i in range(2 if head == "func" else 1, len(node)):
        out.extend(node[:i] + (moved,) + node[i + 1:] for moved in _nudged(node[i], least))
    return out


# ---- periodic families --------------------------------------------------------------------------------------------

_INTEGER_PARAMETER = re.compile(r"^[nkmjl](?:_\w+)?$")
"""Names of the integer parameter of a family of solutions (``2k\\pi``, ``\\frac{\\pi}{4} + n\\pi``)."""


def _periodic(node: tuple) -> bool:
    """True when ``node`` holds π: a family of angles (``2k\\pi``), where the parameter stands for any integer."""
    head = node[0]
    if head == "const":
        return bool(node[1] == "pi")
    if head in ("num", "sym"):
        return False
    return any(_periodic(c) for c in node[(2 if head == "func" else 1):])


def _renamed_parameter(a: tuple, g: tuple, fa: frozenset, fg: frozenset) -> Optional[tuple]:
    """``a`` with its one integer parameter renamed to the gold's, when each side is a family of angles in one
    integer parameter of another name (``2n\\pi`` against ``2k\\pi``); else None."""
    if len(fa) != 1 or len(fg) != 1 or not (_periodic(a) and _periodic(g)):
        return None
    (p,), (q,) = tuple(fa), tuple(fg)
    if not (_INTEGER_PARAMETER.match(p) and _INTEGER_PARAMETER.match(q)):
        return None
    return rename(a, {p: q})


def _same_family(a: tuple, g: tuple, names: frozenset, ctx: Ctx) -> Optional[Decision]:
    """Two families of angles linear in one integer parameter k, ``a₀ + b·k`` and ``g₀ + d·k``, that are the same
    set of values: ``b = ±d`` and ``(g₀ - a₀)/b`` an integer (``-\\frac{\\pi}{4} + k\\pi`` and
    ``\\frac{3\\pi}{4} + k\\pi``, one period apart). Checked exactly where possible, else at high precision."""
    if len(names) != 1 or not (_periodic(a) and _periodic(g)):
        return None
    (k,) = tuple(names)
    if not _INTEGER_PARAMETER.match(k):
        return None
    try:
        terms = []
        for tree in (a, g):
            at = [_numeric.bind(tree, {k: Fraction(n)}) for n in (0, 1, 2, 5)]
            step = ("add", at[1], ("neg", at[0]))
            if not (_numeric.same_value(("add", at[2], ("neg", at[1])), step, {})
                    and _numeric.same_value(("add", at[3], ("neg", at[0])), ("mul", ("num", Fraction(5)), step), {})):
                return None  # not linear in k
            terms.append((at[0], step))
        (a0, b), (g0, d) = terms
        if not (_numeric.same_value(b, d, {}) or _numeric.same_value(b, ("neg", d), {})):
            return None
        shift = ("div", ("add", g0, ("neg", a0)), b)
        value = _numeric.evaluate(shift, {})
        with _numeric.working(_numeric.BASE_DIGITS) as mp:
            nearest = int(mp.nint(mp.re(_numeric.to_mp(mp, value))))
        if not _numeric.same_value(shift, ("num", Fraction(nearest)), {}):
            return None
    except (_numeric.Unsupported, _numeric.Undefined, ZeroDivisionError, TypeError, ValueError):
        return None
    ctx.deadline.check()
    steps = f"{nearest} step{'s' * (abs(nearest) != 1)}"
    return Decision(True, EXPRESSION_PERIODIC_FAMILY, f"{render(a)} and {render(g)} are the same family over the "
                                                      f"integers {k}: {steps} apart")


# ---- arbitrary constants --------------------------------------------------------------------------------------------

_CONSTANT_NAME = re.compile(r"^(?:C|[Cc]_\w+)$")
"""Names of arbitrary constants (of integration, of a general solution): ``C``, ``C_1``, ``c_2``."""


def _arbitrary_constants(names: frozenset) -> frozenset:
    """The names in ``names`` that stand for arbitrary constants: only when every other variable has a lowercase
    name (``2x^3 + C``, ``c_1 e^t``), so that the angles ``A``, ``B``, ``C`` of a triangle are never constants."""
    constants = frozenset(n for n in names if _CONSTANT_NAME.match(n))
    others = names - constants
    if not constants or not others or not all(n[:1].islower() for n in others):
        return frozenset()
    return constants


def _constants_renamed(a: tuple, fa: frozenset, fg: frozenset) -> Optional[tuple]:
    """``a`` with its arbitrary constants renamed to the gold's when they differ only in case (``c_1`` → ``C_1``)
    and that makes the variables the same; else None."""
    ca, cg = _arbitrary_constants(fa), _arbitrary_constants(fg)
    by_case = {n.upper(): n for n in cg - fa}
    mapping = {n: by_case[n.upper()] for n in ca - fg if n.upper() in by_case}
    if not mapping or {mapping.get(n, n) for n in fa} != fg:
        return None
    return rename(a, mapping)


def _up_to_constants(a: tuple, g: tuple, names: frozenset, ctx: Ctx) -> Optional[Decision]:
    """Expressions that differ by a function of their arbitrary constants alone are the same family of answers
    (``-2x^3 + C`` is ``-(2x^3 + C)`` with another C): their difference must not depend on the other variables."""
    constants = _arbitrary_constants(names)
    if not constants:
        return None
    diff = ("add", a, ("neg", g))
    points = _numeric.random_points(names, _MAX_TRIES, salt="constants")
    fixed = {k: v for k, v in next(points).items() if k in constants}
    base: Optional[tuple] = None
    agreed = 0
    try:
        for point in points:
            ctx.deadline.check()
            here = _numeric.bind(diff, {**point, **fixed})
            if base is None:
                base = here
                continue
            same = _numeric.same_value(here, base, {})
            if same is None:
                continue
            if not same:
                return None
            agreed += 1
            if agreed >= _POINTS:
                break
    except _numeric.Unsupported:
        return None
    if agreed < _MIN_DEFINED:
        return None
    shown = ", ".join(sorted(constants))
    return Decision(True, EXPRESSION_ARBITRARY_CONSTANT, f"{render(a)} and {render(g)} differ only by a function "
                                                          f"of the arbitrary constant{'s' * (len(constants) > 1)} "
                                                          f"{shown}")


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
        d = _compare_at_points(rename(a, mapping), g, fg, ctx)
        if d.equal:
            shown = ", ".join(f"{k}→{v}" for k, v in mapping.items() if k != v)
            return Decision(True, d.rule, d.reason + f" (variables renamed: {shown})")
    return Decision(False, EXPRESSION_RANDOM_POINTS, "no renaming of the variables makes the expressions agree")


def _compare_constants(answer: Scalar, a: tuple, gold: Scalar, g: tuple, ctx: Ctx) -> Decision:
    """Two expressions without variables (at least one of them not a plain rational)."""
    a_val, a_err = _numeric.numeric_value(a)
    g_val, g_err = _numeric.numeric_value(g)
    for val, err, who in ((a_val, a_err, "answer"), (g_val, g_err, "gold")):
        if val is None and err.startswith("undefined") and (a_val is not None or g_val is not None):
            return Decision(False, EXPRESSION_NUMERIC, f"the {who} {render(a if who == 'answer' else g)} has no "
                                                         f"value ({err}) and the other side has one")
    if a_val is None or g_val is None:
        return _symbolic_only(a, g, ctx, a_err or g_err)
    if not (_numeric.is_finite_number(a_val) and _numeric.is_finite_number(g_val)):
        same = a_val == g_val
        return Decision(bool(same), EXPRESSION_NUMERIC, "infinite values " + ("agree" if same else "differ"))
    try:
        same = _numeric.same_value(a, g, {})
    except _numeric.Unsupported as exc:
        return _symbolic_only(a, g, ctx, str(exc))
    if same:
        return _confirm(a, g, ctx, "the two values agree at every precision tried")
    rounding = _rounding_rule(answer, a_val, gold, g_val, ctx)
    if rounding is None:
        rounding = _rounded_decimals(a, g, frozenset(), ctx)
    if rounding is not None:
        return rounding
    if same is None:
        return _symbolic_only(a, g, ctx, "a value is undefined")
    return Decision(False, EXPRESSION_NUMERIC, f"{render(a)} ≈ {_numeric.show(a_val)} differs from "
                                                 f"{render(g)} ≈ {_numeric.show(g_val)}")


def _rounding_rule(answer: Scalar, a_val: Any, gold: Scalar, g_val: Any, ctx: Ctx) -> Optional[Decision]:
    """A written decimal against an irrational constant (``1.41`` vs ``\\sqrt2``): the rounding rule."""
    if isinstance(answer, Number) and answer.places is not None and isinstance(a_val, Fraction):
        exact = _as_fraction(g_val, answer.places)
        if exact is None:
            return None
        shown = f"{render(to_tree(gold))} ≈ {_numeric.show(g_val)}"
        if not rounds_to(exact, a_val, answer.places):
            return Decision(False, NUMBER_ROUNDED, f"{answer} is not {shown} rounded")
        sig = significant_digits(answer)
        if sig < ctx.options.min_significant_digits:
            return Decision(False, NUMBER_TOO_FEW_DIGITS,
                            f"{answer} has {sig} significant digits; at least "
                            f"{ctx.options.min_significant_digits} are needed")
        return Decision(True, NUMBER_ROUNDED, f"{answer} is {shown} rounded")
    if isinstance(gold, Number) and gold.places is not None and isinstance(g_val, Fraction):
        exact = _as_fraction(a_val, gold.places)
        if exact is None:
            return None
        ok = rounds_to(exact, g_val, gold.places)
        sig = significant_digits(gold)
        if ok and sig < gold_min_digits(ctx.options):  # a one-digit gold is exact: 0.3 does not stand for 1/√10
            return Decision(False, NUMBER_TOO_FEW_DIGITS,
                            f"the gold {gold} has {sig} significant digit; at least "
                            f"{gold_min_digits(ctx.options)} are needed to stand for {render(to_tree(answer))}")
        return Decision(ok, NUMBER_ROUNDED, f"{render(to_tree(answer))} ≈ {_numeric.show(a_val)} "
                                              f"{'rounds' if ok else 'does not round'} to the gold {gold}")
    return None


def _as_fraction(v: Any, places: int) -> Optional[Fraction]:
    """A real value as a Fraction, when it is known far beyond ``places`` decimal places; None for non-reals."""
    if places > _numeric.BASE_DIGITS - _numeric.ROUNDING_SPARE_DIGITS:
        return None
    try:
        return _numeric.as_fraction(v)
    except _numeric.Unsupported:  # beyond 2^±60000: no written decimal is its rounding (a tiny one: see the rules
        return None               # that follow)


class _Sample:
    """What evaluation at a set of points showed: how many agreed, the first point where the two sides differ, and
    the points where they differ only because a value is not real (``\\sqrt{1/n}`` and ``1/\\sqrt n`` at n < 0)."""

    __slots__ = ("agreed", "differ", "not_real")

    def __init__(self) -> None:
        self.agreed = 0
        self.differ: Optional[Dict[str, Fraction]] = None
        self.not_real: List[Dict[str, Fraction]] = []


def _sample(a: tuple, g: tuple, points: Iterator[Dict[str, Fraction]], need: int, ctx: Ctx, real: bool = False,
            skip_unsupported: bool = False) -> _Sample:
    """Compare ``a`` and ``g`` at ``points`` until ``need`` agree or one differs (points where either is undefined
    are skipped). Raises :class:`._numeric.Unsupported` unless ``skip_unsupported`` (then such points are skipped)."""
    out = _Sample()
    for point in points:
        ctx.deadline.check()
        try:
            same = _numeric.same_value(a, g, point, real=real)
        except _numeric.Unsupported:
            if not skip_unsupported:
                raise
            continue
        if same is None:
            continue
        if same:
            out.agreed += 1
            if out.agreed >= need:
                break
        elif not real and not _both_real(a, g, point):
            out.not_real.append(point)
        else:
            out.differ = point
            break
    return out


def _both_real(a: tuple, g: tuple, point: Dict[str, Fraction]) -> bool:
    try:
        return all(_numeric.as_fraction(_numeric.evaluate(t, point)) is not None for t in (a, g))
    except _numeric.Unsupported:  # a real value too large to hold exactly: real (the sides then differ)
        return True


_STEPS = frozenset({"floor", "ceil"})
_INTEGER_NAME = re.compile(r"^[nmkjlNMK](?:_\w+)?$")
_INTEGER_POINTS = 12
"""Integer points that must agree when a step function is involved (they range from 2 to 10^7)."""


def _point_sets(a: tuple, g: tuple, names: frozenset) -> List[Tuple[Iterator[Dict[str, Fraction]], int, bool]]:
    """(points, how many must agree, integers?) for each set of points the two sides must agree on.

    Non-integral rationals find most differences. Step functions (floor, ceiling) also need integers over a wide
    range: ``\\lfloor n/2 \\rfloor`` and ``\\lfloor \\sqrt{n-1} \\rfloor`` agree on small ones; when every variable
    has an integer's name (n, m, k, j, l) only integers are used (``\\lceil n/2 \\rceil`` = ``\\lfloor (n+1)/2
    \\rfloor`` for integers n)."""
    rationals = (_numeric.random_points(names, _MAX_TRIES), _POINTS, False)
    if not (_has_function(a, _STEPS) or _has_function(g, _STEPS)):
        return [rationals]
    integers = (_numeric.integer_points(names, 2 * _INTEGER_POINTS), _INTEGER_POINTS, True)
    if all(_INTEGER_NAME.match(n) for n in names):
        return [integers]
    return [rationals, integers]


def _has_function(node: tuple, names: frozenset) -> bool:
    head = node[0]
    if head in ("num", "sym", "const"):
        return False
    if head == "func":
        return node[1] in names or any(_has_function(c, names) for c in node[2:])
    return any(_has_function(c, names) for c in node[1:])


def _compare_at_points(a: tuple, g: tuple, names: frozenset, ctx: Ctx, symbolic_fallback: bool = True) -> Decision:
    """Evaluate both trees at deterministic random points; differ anywhere → different; else confirm.

    Two sides that differ only where a value is not real (``\\sqrt{1/n}`` and ``1/\\sqrt n``) are compared as real
    functions: equal when they agree wherever both are real. Without numeric evidence (unknown functions, too few
    points where both are defined) sympy decides, unless ``symbolic_fallback`` is False (then the result is "not
    shown equal")."""
    agreed = 0
    try:
        for points, need, integers in _point_sets(a, g, names):
            sample = _sample(a, g, points, need, ctx, skip_unsupported=integers)
            if sample.differ is None and sample.not_real:
                real = _sample(a, g, _real_points(names), _POINTS, ctx, real=True)
                if real.differ is None and real.agreed >= _MIN_DEFINED:
                    return Decision(True, EXPRESSION_REAL_VALUES,
                                    f"{render(a)} = {render(g)} wherever both are real (at {real.agreed} points); "
                                    f"they differ only where a value is not real ({_show_point(sample.not_real[0])})")
                sample.differ = real.differ or sample.not_real[0]
            if sample.differ is not None:
                return Decision(False, EXPRESSION_RANDOM_POINTS,
                                f"{render(a)} and {render(g)} differ at {_show_point(sample.differ)}")
            if sample.agreed < _MIN_DEFINED:
                agreed = 0
                break
            agreed += sample.agreed
    except _numeric.Unsupported as exc:
        if not symbolic_fallback:
            return Decision(False, EXPRESSION_RANDOM_POINTS, f"cannot evaluate: {exc}")
        return _symbolic_only(a, g, ctx, str(exc))
    if agreed < _MIN_DEFINED:
        if not symbolic_fallback:
            return Decision(False, EXPRESSION_RANDOM_POINTS, "too few points where both are defined")
        return _symbolic_only(a, g, ctx, "too few points where both are defined")
    return _confirm(a, g, ctx, f"equal at {agreed} random points")


def _real_points(names: frozenset) -> Iterator[Dict[str, Fraction]]:
    """Points for comparing two sides as real functions: positive ones first (where such formulas are meant),
    then the same points negated (``\\sqrt{-1/x}`` is real only there), then with their signs."""
    for point in _numeric.random_points(names, _MAX_TRIES, salt="real"):
        yield {k: abs(v) for k, v in point.items()}
    for point in _numeric.random_points(names, _MAX_TRIES, salt="real"):
        yield {k: -abs(v) for k, v in point.items()}
    yield from _numeric.random_points(names, _MAX_TRIES, salt="real")


def _show_point(point: Dict[str, Fraction]) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(point.items()))


def _structurally_same(a: tuple, g: tuple) -> Optional[Decision]:
    """The cheapest check, before random points and sympy: the same tree, or the same up to the order of terms and
    factors (a 30-term polynomial written in another order); None otherwise."""
    if a == g:
        return Decision(True, EXPRESSION_STRUCTURAL, "the two expressions are identical")
    if _canonical(a) == _canonical(g):
        return Decision(True, EXPRESSION_STRUCTURAL, "the two expressions are the same up to the order of terms "
                                                       "and factors")
    return None


def _shown_zero(a: tuple, g: tuple, ctx: Ctx, decisive: bool = False) -> Optional[bool]:
    """Whether ``a - g`` is shown to be zero: sympy's answer (:func:`difference_is_zero`, in a worker), found without
    sympy when both sides are polynomials that sympy's first step (``expand``) would be allowed to expand: then their
    expanded forms, compared here, are what that step compares (the same answer, rule and budget)."""
    if budget_allows("expand", ctx.options.timeout, a, g) and same_polynomial(a, g, STEPS["expand"].terms):
        return True
    return bounded(difference_is_zero, a, g, ctx=ctx, decisive=decisive)


def _confirm(a: tuple, g: tuple, ctx: Ctx, evidence: str) -> Decision:
    shown = _shown_zero(a, g, ctx) if ctx.confirm else None
    if shown:
        return Decision(True, EXPRESSION_SYMBOLIC, f"{render(a)} = {render(g)}: {evidence}, confirmed symbolically")
    rule = EXPRESSION_NUMERIC if not (free_symbols(a) or free_symbols(g)) \
        else EXPRESSION_RANDOM_POINTS
    return Decision(True, rule, f"{render(a)} = {render(g)}: {evidence} (not confirmed symbolically)")


def _canonical(node: tuple) -> tuple:
    """``node`` with the terms of every sum and the factors of every product in a fixed order (by
    :func:`_order_key`, which depends only on the tree), so that ``F_k F_j`` and ``F_j F_k`` have one form."""
    head = node[0]
    if head == "num":
        return node[:2]  # a decimal as written is its exact value
    if head in ("sym", "const"):
        return node
    if head == "func":
        return node[:2] + tuple(_canonical(c) for c in node[2:])
    children = tuple(_canonical(c) for c in node[1:])
    if head in ("add", "mul"):
        children = tuple(sorted(children, key=_order_key))
    return (head,) + children


def _order_key(leaf: Any) -> tuple:
    """A sort key of a tree that depends only on the tree: each part tagged by its type, so that parts of different
    types never meet in a comparison, and numbers compared as integers (never turned into text: a 6,000-digit
    integer cannot be, where the host lowered Python's int/str limit)."""
    if isinstance(leaf, tuple):
        return ("t",) + tuple(_order_key(part) for part in leaf)
    if isinstance(leaf, Fraction):
        return ("q", leaf.numerator, leaf.denominator)
    if isinstance(leaf, bool) or leaf is None:
        return ("b", leaf is True)
    if isinstance(leaf, int):
        return ("q", leaf, 1)
    return ("s", str(leaf))


def _symbolic_only(a: tuple, g: tuple, ctx: Ctx, why: str) -> Decision:
    """No numeric evidence (unknown function, undefined values): equal only if sympy shows it."""
    same = _structurally_same(a, g)
    if same is not None:
        return same
    shown = _shown_zero(a, g, ctx, decisive=True)
    if shown:
        return Decision(True, EXPRESSION_SYMBOLIC, f"{render(a)} = {render(g)}, shown symbolically")
    return Decision(False, EXPRESSION_SYMBOLIC,
                    f"{render(a)} and {render(g)} could not be shown equal (no numeric check: {why})")
