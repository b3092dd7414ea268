"""Expression trees to sympy, and the few symbolic jobs the comparison needs.

sympy is imported inside the functions, never at module import. Trees are converted by walking them and calling
sympy constructors (``Add``, ``Mul``, ``Pow``, ``Rational``, ``Symbol``, ``sin``...): no string is ever parsed.
Trees whose evaluation could explode (an exact power or factorial beyond the bounds of :mod:`mathgrade.limits`) are
refused with :class:`TooBig` before sympy sees them.

The public functions here are module level and take and return picklable objects (trees, tuples, bools), so that
:func:`mathgrade.runtime.run_bounded` may run them in a worker process that can be stopped.

**The symbolic budget.** Which sympy steps a job tries is decided before it starts, from the sizes of its inputs
(nodes of the expression trees, an upper bound of the terms of the expanded form) and the ``timeout`` option, never
from the clock: the same inputs give the same verdict *and the same rule* on an idle laptop and on a saturated
training node. Each step (:data:`STEPS`) has a size it is tried up to and the seconds it may take at that size,
measured (``bench/bench_load.py`` prints the table's measurement); it is tried only when :data:`SAFETY` times that
cost fits in the time limit, so that a machine that many times slower still finishes it. The wall-clock limit stays,
only as the last guard against a runaway. :func:`within_budget` runs a job under the budget of a time limit.
"""

from __future__ import annotations

import contextvars
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Dict, Optional, Tuple, TypeVar

from ..limits import MAX_EXPONENT

__all__ = ["TooBig", "to_sympy", "difference_is_zero", "same_real_set", "same_zero_set", "within_budget", "STEPS",
           "SAFETY", "warm"]

T = TypeVar("T")

_MAX_FACTORIAL_ARG = 1000


class TooBig(Exception):
    """The tree holds an operation too large to hand to sympy (a huge exact power or factorial)."""


def to_sympy(node: tuple, symbols: Optional[Dict[str, Any]] = None) -> Any:
    """The sympy expression for an expression tree. Variables become real ``Symbol`` objects."""
    import sympy

    if symbols is None:
        symbols = {}
    return _convert(sympy, node, symbols)


def _convert(sp: Any, node: tuple, symbols: Dict[str, Any]) -> Any:
    head = node[0]
    if head == "num":
        v = Fraction(node[1])
        return sp.Rational(v.numerator, v.denominator)
    if head == "sym":
        name = node[1]
        if name not in symbols:
            symbols[name] = sp.Symbol(name, real=True)
        return symbols[name]
    if head == "const":
        return {"pi": sp.pi, "e": sp.E, "i": sp.I, "oo": sp.oo}[node[1]]
    if head == "func":
        return _function(sp, node, symbols, _convert)
    if head == "pow":
        _check_power(node)
    args = [_convert(sp, a, symbols) for a in node[1:]]
    if head == "add":
        return sp.Add(*args)
    if head == "mul":
        return sp.Mul(*args)
    if head == "neg":
        return -args[0]
    if head == "div":
        return sp.Mul(args[0], sp.Pow(args[1], -1))
    if head == "pow":
        return sp.Pow(args[0], args[1])
    raise ValueError(f"cannot convert a {head!r} node")


def _check_power(node: tuple) -> None:
    """Refuse constant exponents beyond :data:`limits.MAX_EXPONENT` (sympy would expand ``2^{10^9}`` exactly)."""
    from ._numeric import Undefined, Unsupported, evaluate, free_symbols

    exp = node[2]
    if exp[0] == "pow" and not free_symbols(exp):  # towers: 9^(9^9)
        raise TooBig("power tower")
    if free_symbols(exp):
        return
    try:
        value = evaluate(exp, {}, 20)
    except (Undefined, Unsupported):
        return
    if abs(value) > MAX_EXPONENT:
        raise TooBig("exponent too large")


_SIMPLE = {
    "sin": "sin", "cos": "cos", "tan": "tan", "cot": "cot", "sec": "sec", "csc": "csc",
    "asin": "asin", "acos": "acos", "atan": "atan", "sinh": "sinh", "cosh": "cosh", "tanh": "tanh",
    "log": "log", "ln": "log", "exp": "exp", "sqrt": "sqrt", "abs": "Abs", "floor": "floor",
    "ceil": "ceiling", "re": "re", "im": "im", "arg": "arg", "conj": "conjugate",
}


def _function(sp: Any, node: tuple, symbols: Dict[str, Any], convert: Callable[..., Any]) -> Any:
    # ``convert`` (:func:`_convert`) is passed in, not named: two functions that call each other by name make dill (the
    # hasher of Hugging Face datasets) recurse forever on any function that uses mathgrade
    # (tests/integration/test_hashing.py)
    name = node[1]
    if name in ("sum", "prod") and len(node) == 6:  # (body, ("sym", k), lo, hi): k is an integer
        var = node[3][1]
        saved = symbols.get(var)
        symbols[var] = sp.Symbol(var, integer=True)
        body = convert(sp, node[2], symbols)
        k = symbols[var]
        if saved is None:
            del symbols[var]
        else:
            symbols[var] = saved
        lo, hi = convert(sp, node[4], symbols), convert(sp, node[5], symbols)
        return (sp.Sum if name == "sum" else sp.Product)(body, (k, lo, hi))
    args = [convert(sp, a, symbols) for a in node[2:]]
    if name in _SIMPLE and len(args) == 1:
        return getattr(sp, _SIMPLE[name])(args[0])
    if name == "factorial" and len(args) == 1:
        if args[0].is_number and abs(args[0]) > _MAX_FACTORIAL_ARG:
            raise TooBig("factorial argument too large")
        return sp.factorial(args[0])
    if name == "binom" and len(args) == 2:
        if args[0].is_number and abs(args[0]) > _MAX_FACTORIAL_ARG:
            raise TooBig("binomial argument too large")
        return sp.binomial(args[0], args[1])
    if name == "gamma" and len(args) == 1:
        if args[0].is_number and abs(args[0]) > _MAX_FACTORIAL_ARG:
            raise TooBig("gamma argument too large")
        return sp.gamma(args[0])
    if name == "root" and len(args) == 2:
        return sp.root(args[0], args[1])
    if name == "log_base" and len(args) == 2:
        return sp.log(args[0], args[1])
    if name in ("gcd", "lcm") and len(args) >= 2:
        if not all(a.is_Integer for a in args):  # sympy's are of polynomials: gcd(n, 6) is 1 and lcm(n, 6) is 6n
            return sp.Function(name)(*sorted(args, key=sp.default_sort_key))  # (both commute)
        fn = sp.gcd if name == "gcd" else sp.lcm
        out = args[0]
        for a in args[1:]:
            out = fn(out, a)
        return out
    if name in ("max", "min") and args:
        return (sp.Max if name == "max" else sp.Min)(*args)
    return sp.Function(name)(*args)  # an unknown function stays an undefined function of its arguments


# --- the budget ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One symbolic step and its budget: tried on trees of at most ``nodes`` nodes whose expanded form has at most
    ``terms`` terms, where it takes at most ``seconds`` (measured on the project's benchmark machine, with room)."""

    name: str
    nodes: int
    terms: int
    seconds: float


STEPS = {
    "doit": Step("doit", 40, 50, 0.5),          # closed forms of sums and products
    "expand": Step("expand", 400, 2000, 0.05),
    "cancel": Step("cancel", 200, 500, 0.1),
    "trigsimp": Step("trigsimp", 60, 200, 0.2),
    "simplify": Step("simplify", 40, 100, 0.5),
    "sets": Step("sets", 80, 200, 0.2),        # solveset and set differences (same_real_set, same_zero_set)
}
"""The symbolic steps, cheapest first. Measured worst times at these sizes, cold caches, on the 200 rows of
``tests/data/symbolic_rows.jsonl`` plus every symbolic job of the labeled sets (2-core machine, busy): expand 11 ms,
cancel 29 ms, trigsimp 76 ms, simplify 217 ms (up to 480 ms in a fresh process), sets 69 ms; the budget doubles
them or more."""

SAFETY = 4.0
"""A step is tried only when this many times its cost fits in the time limit (default 5 s: every step; 1 s: all but
sums and simplify)."""

_limit: "contextvars.ContextVar[float]" = contextvars.ContextVar("mathgrade_symbolic_limit", default=5.0)


def within_budget(fn: Callable[..., T], args: Tuple[Any, ...], timeout: float) -> T:
    """``fn(*args)`` with the steps allowed by a time limit of ``timeout`` seconds (module level: it runs in workers)."""
    token = _limit.set(timeout)
    try:
        return fn(*args)
    finally:
        _limit.reset(token)


def allowed(name: str, *trees: Any) -> bool:
    """Whether step ``name`` is within the budget for these trees (deterministic: sizes and the time limit)."""
    return budget_allows(name, _limit.get(), *trees)


def budget_allows(name: str, timeout: float, *trees: Any) -> bool:
    """Whether step ``name`` is within the budget of a time limit of ``timeout`` seconds for these trees."""
    step = STEPS[name]
    if SAFETY * step.seconds > timeout:
        return False
    return sum(map(tree_nodes, trees)) <= step.nodes and sum(map(expanded_terms, trees)) <= step.terms


def tree_nodes(node: Any) -> int:
    """Nodes of a tree (or of a set description): every tuple is one node."""
    if not isinstance(node, tuple):
        return 0
    return 1 + sum(tree_nodes(child) for child in node[1:])


_TERMS_CAP = 10**9


def expanded_terms(node: Any) -> int:
    """An upper bound of the number of terms of the fully expanded form of a tree (capped), before expanding it."""
    if not isinstance(node, tuple) or not node or not isinstance(node[0], str):
        return 0
    head = node[0]
    if head in ("num", "sym", "const"):
        return 1
    if head == "func":
        return min(_TERMS_CAP, 1 + sum(expanded_terms(c) for c in node[2:]))
    kids = [expanded_terms(c) for c in node[1:]]
    if head in ("mul", "div"):
        out = 1
        for k in kids:
            out = min(_TERMS_CAP, out * max(k, 1))
        return out
    if head == "pow" and len(node) == 3:
        base, exp = kids[0], node[2]
        if exp[0] == "num" and Fraction(exp[1]).denominator == 1:
            return _monomials(base, abs(int(Fraction(exp[1]))))
        return min(_TERMS_CAP, base * max(kids[1], 1))
    return min(_TERMS_CAP, sum(kids))  # add, neg, pm, and the shapes of set descriptions


def _monomials(k: int, n: int) -> int:
    """Terms of a sum of ``k`` terms raised to the power ``n``: C(k + n - 1, n), computed only up to the cap."""
    if k <= 1 or n == 0:
        return 1
    r, out = min(n, k - 1), 1
    for i in range(1, r + 1):
        out = out * (k + n - 1 - r + i) // i
        if out >= _TERMS_CAP:
            return _TERMS_CAP
    return out


def difference_is_zero(a: tuple, b: tuple) -> bool:
    """True when sympy shows ``a - b`` is zero (expand, cancel, trigsimp, then simplify, each within the budget);
    False when it cannot."""
    import sympy

    symbols: Dict[str, Any] = {}
    try:
        diff = to_sympy(a, symbols) - to_sympy(b, symbols)
    except TooBig:
        return False
    if diff == 0:
        return True
    steps = [("expand", sympy.expand), ("cancel", sympy.cancel), ("trigsimp", sympy.trigsimp),
             ("simplify", sympy.simplify)]
    if diff.has(sympy.Sum, sympy.Product):  # sums and products are first worked out where sympy can
        steps.insert(0, ("doit", _doit))
    from sympy.functions.elementary.hyperbolic import HyperbolicFunction
    from sympy.functions.elementary.trigonometric import TrigonometricFunction

    for name, step in steps:
        if name == "trigsimp" and not diff.has(TrigonometricFunction, HyperbolicFunction):
            continue  # nothing for it to do
        if not allowed(name, a, b):
            continue
        try:
            diff = step(diff)
        except Exception:  # noqa: BLE001 - a sympy failure only means "not shown"
            continue
        if diff == 0:
            return True
    return False


_WARM_JOBS = (
    ("difference_is_zero", (("add", ("pow", ("func", "sin", ("sym", "x")), ("num", 2)),
                                     ("pow", ("func", "cos", ("sym", "x")), ("num", 2))), ("num", 1))),
    ("difference_is_zero", (("div", ("add", ("pow", ("sym", "x"), ("num", 2)), ("num", -1)),
                                     ("add", ("sym", "x"), ("num", -1))),
                            ("add", ("sym", "x"), ("num", 1)))),
    ("same_real_set", (("relation", "x", (("pow", ("sym", "x"), ("num", 2)), "<", ("num", 4))),
                       ("interval", ("num", -2), ("num", 2), False, False))),
    ("same_zero_set", (("add", ("sym", "x"), ("num", -1)), ("pow", ("add", ("sym", "x"), ("num", -1)), ("num", 2)))),
)
"""One small job of each kind, run by :func:`warm`: they reach every sympy function the jobs use."""


def warm() -> None:
    """Import sympy and run one small job of each kind (expand, cancel, trigsimp, simplify, solveset, sqf_part), so
    that what sympy loads lazily on first use is loaded: a worker's first real job pays no import (a third of the
    samples of a cold worker's profile were imports). Run once in every worker before it takes a task."""
    import sympy
    from sympy.core.cache import clear_cache

    jobs = {"difference_is_zero": difference_is_zero, "same_real_set": same_real_set, "same_zero_set": same_zero_set}
    for name, args in _WARM_JOBS:
        within_budget(jobs[name], args, 60.0)
    sympy.simplify(sympy.Sum(sympy.Symbol("k", integer=True), (sympy.Symbol("k", integer=True), 1, 3)).doit())
    clear_cache()  # (the warm-up's own expressions are of no use to the real jobs)


def _doit(e: Any) -> Any:
    """Evaluate the sums and products in ``e`` (closed forms where sympy knows them)."""
    return e.doit()


def _real_set(sp: Any, part: tuple, symbols: Dict[str, Any]) -> Any:
    """A picklable set description → a sympy set. Shapes: ("interval", lo, hi, lclosed, rclosed),
    ("points", tree, ...), ("union", part, ...), ("intersection", part, ...)."""
    head = part[0]
    if head == "interval":
        lo, hi = to_sympy(part[1], symbols), to_sympy(part[2], symbols)
        return sp.Interval(lo, hi, not part[3], not part[4])
    if head == "points":
        return sp.FiniteSet(*(to_sympy(t, symbols) for t in part[1:]))
    if head == "union":
        return sp.Union(*(_real_set(sp, p, symbols) for p in part[1:]))
    if head == "intersection":
        return sp.Intersection(*(_real_set(sp, p, symbols) for p in part[1:]))
    if head == "relation":
        return _solve(sp, part, symbols)
    raise ValueError(f"unknown set shape {head!r}")


def same_real_set(a: tuple, b: tuple) -> Optional[bool]:
    """Whether two set descriptions (see :func:`_real_set`) are the same subset of the reals; None if unknown."""
    import sympy

    if not allowed("sets", a, b):
        return None
    symbols: Dict[str, Any] = {}
    try:
        sa, sb = _real_set(sympy, a, symbols), _real_set(sympy, b, symbols)
    except (TooBig, ValueError, TypeError, NotImplementedError):
        return None
    if sa == sb:
        return True
    try:
        left, right = sympy.Complement(sa, sb), sympy.Complement(sb, sa)
    except Exception:  # noqa: BLE001
        return None
    if left == sympy.EmptySet and right == sympy.EmptySet:
        return True
    if _is_nonempty(sympy, left) or _is_nonempty(sympy, right):
        return False
    return None


def _is_nonempty(sp: Any, s: Any) -> bool:
    if isinstance(s, (sp.Interval, sp.FiniteSet)) and s != sp.EmptySet:
        return s.is_empty is False
    if isinstance(s, sp.Union):
        return any(_is_nonempty(sp, p) for p in s.args)
    return False


_OPS = {"<": "Lt", "<=": "Le", ">": "Gt", ">=": "Ge", "=": "Eq", "!=": "Ne"}


def _solve(sp: Any, part: tuple, symbols: Dict[str, Any]) -> Any:
    """("relation", var, (lhs, op, rhs), ...) → the set of real values of var satisfying every atom."""
    var = part[1]
    x = symbols.setdefault(var, sp.Symbol(var, real=True))
    out = sp.S.Reals
    for lhs, op, rhs in part[2:]:
        rel = getattr(sp, _OPS[op])(to_sympy(lhs, symbols), to_sympy(rhs, symbols))
        out = sp.Intersection(out, sp.solveset(rel, x, domain=sp.S.Reals))
    return out


def same_zero_set(a: tuple, b: tuple) -> bool:
    """True when the equations ``a = 0`` and ``b = 0`` have the same solutions because the square-free parts of
    their numerators (over a common denominator) are constant multiples of each other: ``x/y - 2`` and ``x - 2y``,
    ``(x-1)^2`` and ``x - 1``. False when that cannot be shown."""
    import sympy

    if not allowed("sets", a, b):
        return False
    symbols: Dict[str, Any] = {}
    try:
        fa, fb = to_sympy(a, symbols), to_sympy(b, symbols)
        na, nb = sympy.numer(sympy.together(fa)), sympy.numer(sympy.together(fb))
        if not na.free_symbols or na.free_symbols != nb.free_symbols:
            return False
        na, nb = _squarefree(sympy, na), _squarefree(sympy, nb)
        ratio = sympy.cancel(na / nb)
    except (TooBig, ValueError, TypeError, ZeroDivisionError, sympy.PolynomialError):
        return False
    return not ratio.free_symbols and ratio.is_zero is False and ratio.is_finite is True


def _squarefree(sp: Any, e: Any) -> Any:
    try:
        return sp.sqf_part(e)
    except (sp.PolynomialError, ValueError, TypeError):
        return e
