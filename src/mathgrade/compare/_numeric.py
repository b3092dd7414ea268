"""Numeric evaluation of expression trees: exact where possible, high-precision mpmath otherwise.

:func:`evaluate` walks a tree (see :mod:`mathgrade.values`) with the free variables bound to rationals. Rational
arithmetic stays an exact :class:`~fractions.Fraction`; anything irrational (``\\sqrt2``, ``\\pi``, ``\\sin 1``)
becomes an mpmath number at the precision asked for. mpmath is used through a private context per thread, so
precision settings never leak between threads. Sizes are bounded before evaluation (:data:`limits.MAX_EXPONENT`).

Conventions (the same on both sides of a comparison, so they only need to be consistent):
odd roots of negative reals are real (``\\sqrt[3]{-8} = -2``, ``(-8)^{1/3} = -2``); everything else uses the
principal complex branch (``\\sqrt{-4} = 2i``, ``\\log(-1) = i\\pi``).
"""

from __future__ import annotations

import math
import random
import threading
import zlib
from fractions import Fraction
from typing import Any, Dict, Iterator, List, Optional, Tuple, Union

from ..limits import MAX_EXPONENT

__all__ = [
    "Undefined",
    "Unsupported",
    "evaluate",
    "free_symbols",
    "random_points",
    "same_value",
    "context",
    "is_finite_number",
]

Scalar = Union[Fraction, Any]  # a Fraction or an mpmath mpf/mpc

_MAX_EXACT_BITS = 60_000
"""Largest exact intermediate (in bits) before evaluation switches to floating point."""
_MAX_FACTORIAL = 3_000


class Undefined(Exception):
    """The expression has no value at this point (division by zero, a pole, log 0...)."""


class Unsupported(Exception):
    """The tree holds something that cannot be evaluated numerically (an unknown function, a ``pm`` node...)."""


_local = threading.local()


def context(dps: int) -> Any:
    """This thread's private mpmath context, set to ``dps`` decimal digits."""
    ctx = getattr(_local, "ctx", None)
    if ctx is None:
        import mpmath

        ctx = mpmath.MPContext()
        _local.ctx = ctx
    ctx.dps = dps
    return ctx


def free_symbols(node: tuple) -> frozenset:
    """Names of the free variables in a tree."""
    out: set = set()
    stack = [node]
    while stack:
        n = stack.pop()
        head = n[0]
        if head == "sym":
            out.add(n[1])
        elif head == "func" and n[1] in _SERIES:
            out |= free_symbols(n[2]) - {n[3][1]}
            stack.extend(n[4:])
        elif head == "func":
            stack.extend(n[2:])
        elif head not in ("num", "const"):
            stack.extend(n[1:])
    return frozenset(out)


def random_points(names: frozenset, count: int, salt: str = "") -> Iterator[Dict[str, Fraction]]:
    """``count`` deterministic random assignments of rationals to ``names``.

    The seed depends only on the sorted names (never on ``PYTHONHASHSEED`` or on earlier calls). Values are
    non-integral rationals of both signs, away from 0 and ±1, where special cases hide.
    """
    ordered = sorted(names)
    rng = random.Random(zlib.crc32(("\x00".join(ordered) + "|" + salt).encode("utf-8")))
    for _ in range(count):
        point = {}
        for name in ordered:
            den = rng.randint(3, 29)
            num = rng.randint(den + 1, 7 * den)
            while num % den == 0:
                num += 1
            point[name] = Fraction(num if rng.random() < 0.7 else -num, den)
        yield point


def is_finite_number(v: Scalar) -> bool:
    """True for a Fraction or a finite mpmath number."""
    if isinstance(v, Fraction):
        return True
    try:
        import mpmath

        return bool(mpmath.isfinite(v))
    except (TypeError, ValueError):
        return False


def evaluate(node: tuple, env: Dict[str, Fraction], dps: int = 50) -> Scalar:
    """The value of ``node`` with variables bound by ``env``: a Fraction when exact, else an mpmath number.

    Raises :class:`Undefined` where the expression has no value and :class:`Unsupported` for what cannot be
    evaluated (unknown functions, unbound variables).
    """
    try:
        return _Evaluator(env, dps).run(node)
    except (ZeroDivisionError, OverflowError, ValueError) as exc:
        raise Undefined(str(exc) or type(exc).__name__) from None


class _Evaluator:
    def __init__(self, env: Dict[str, Fraction], dps: int) -> None:
        self.env = env
        self.dps = dps
        self._ctx: Any = None
        self.series_terms = 0  # terms of sums and products evaluated so far (nested ones multiply)

    @property
    def ctx(self) -> Any:
        if self._ctx is None:
            self._ctx = context(self.dps + 10)
        return self._ctx

    def mp(self, v: Scalar) -> Any:
        if isinstance(v, Fraction):
            return self.ctx.mpf(v.numerator) / v.denominator
        return v

    def run(self, node: tuple) -> Scalar:
        head = node[0]
        if head == "num":
            return Fraction(node[1])
        if head == "sym":
            if node[1] not in self.env:
                raise Unsupported(f"unbound variable {node[1]}")
            return self.env[node[1]]
        if head == "const":
            return self._const(node[1])
        if head == "neg":
            return -self.run(node[1])
        if head in ("add", "mul", "div", "pow"):
            vals = self._finite([self.run(a) for a in node[1:]])
            if head == "add":
                return self._sum(vals)
            if head == "mul":
                return self._product(vals)
            if head == "div":
                return self._div(vals[0], vals[1])
            return self._pow(vals[0], vals[1])
        if head == "func" and node[1] in _SERIES:
            return self._series(node)
        if head == "func":
            return self._func(node[1], node[2:])
        raise Unsupported(f"cannot evaluate a {head!r} node")

    def _series(self, node: tuple) -> Scalar:
        """``("func", "sum" | "prod", body, ("sym", k), lo, hi)`` with integer bounds at most
        :data:`_MAX_SERIES_TERMS` apart, term by term; other bounds are :class:`Unsupported`."""
        name, body, var, lo_t, hi_t = node[1:]
        lo, hi = _as_int(self.run(lo_t)), _as_int(self.run(hi_t))
        if lo is None or hi is None:
            raise Unsupported(f"a {name} whose bounds are not integers")
        self.series_terms += max(0, hi - lo + 1)
        if self.series_terms > _MAX_SERIES_TERMS:
            raise Unsupported(f"sums and products of more than {_MAX_SERIES_TERMS} terms in all")
        saved = self.env
        terms = []
        try:
            for k in range(lo, hi + 1):
                self.env = {**saved, var[1]: Fraction(k)}
                terms.append(self.run(body))
        finally:
            self.env = saved
        return self._sum(terms) if name == "sum" else self._product(terms)

    def _const(self, name: str) -> Scalar:
        ctx = self.ctx
        if name == "pi":
            return +ctx.pi
        if name == "e":
            return ctx.e + 0
        if name == "i":
            return ctx.mpc(0, 1)
        if name == "oo":
            return ctx.inf
        raise Unsupported(f"unknown constant {name}")

    def _sum(self, vals: List[Scalar]) -> Scalar:
        exact = [v for v in vals if isinstance(v, Fraction)]
        rest = [v for v in vals if not isinstance(v, Fraction)]
        total: Scalar = sum(exact, Fraction(0))
        for v in rest:
            total = self.mp(total) + v
        return self._check(total)

    def _product(self, vals: List[Scalar]) -> Scalar:
        out: Scalar = Fraction(1)
        for v in vals:
            if isinstance(out, Fraction) and isinstance(v, Fraction):
                if _bits(out) + _bits(v) > _MAX_EXACT_BITS:
                    out = self.mp(out) * self.mp(v)
                else:
                    out = out * v
            else:
                out = self.mp(out) * self.mp(v)
        return self._check(out)

    def _div(self, a: Scalar, b: Scalar) -> Scalar:
        if _is_zero(b):
            raise Undefined("division by zero")
        if isinstance(a, Fraction) and isinstance(b, Fraction):
            return a / b
        return self._check(self.mp(a) / self.mp(b))

    def _pow(self, base: Scalar, exp: Scalar) -> Scalar:
        if isinstance(base, Fraction) and isinstance(exp, Fraction):
            exact = _exact_pow(base, exp)
            if exact is not None:
                return exact
            if base < 0 and exp.denominator % 2 == 1:  # real odd root of a negative number
                mag = self.ctx.power(self.mp(-base), self.mp(exp))
                return self._check(mag if exp.numerator % 2 == 0 else -mag)
        if _is_zero(base):
            if _real_part_positive(exp, self):
                return Fraction(0)
            raise Undefined("0 to a non-positive power")
        b, e = self.mp(base), self.mp(exp)
        ctx = self.ctx
        if ctx.isfinite(e) and ctx.isfinite(b) and ctx.mag(e) + max(ctx.mag(ctx.mag(b) + 1), 0) > _GROWTH_MAX_BITS + 8:
            raise Unsupported("power too large to evaluate")
        return self._check(ctx.power(b, e))

    def _finite(self, vals: List[Scalar]) -> List[Scalar]:
        r"""Operands of arithmetic must be finite: ∞ is only a value on its own (an interval's end), ``∞ - ∞`` or
        ``\sin\infty`` are undefined."""
        for v in vals:
            if not isinstance(v, Fraction) and not self.ctx.isfinite(v):
                raise Undefined("arithmetic with infinity")
        return vals

    def _func(self, name: str, args: tuple) -> Scalar:
        vals = self._finite([self.run(a) for a in args])
        fn = _FUNCS.get(name)
        if fn is None:
            raise Unsupported(f"unknown function {name}")
        try:
            out = fn(self, *vals)
        except (ZeroDivisionError, ValueError) as exc:
            raise Undefined(str(exc)) from None
        except TypeError:
            raise Unsupported(f"bad arguments for {name}") from None
        return self._check(out)

    def _check(self, v: Scalar) -> Scalar:
        if isinstance(v, Fraction):
            return v
        ctx = self.ctx
        if ctx.isnan(v):
            raise Undefined("not a number")
        return v


def _bits(v: Fraction) -> int:
    return v.numerator.bit_length() + v.denominator.bit_length()


def _is_zero(v: Scalar) -> bool:
    return v == 0


def _real_part_positive(v: Scalar, ev: _Evaluator) -> bool:
    if isinstance(v, Fraction):
        return v > 0
    return bool(ev.ctx.re(v) > 0)


def _exact_pow(base: Fraction, exp: Fraction) -> Optional[Fraction]:
    """``base ** exp`` as a Fraction when it is rational and small enough; else None."""
    if exp.denominator == 1:
        e = exp.numerator
        if abs(e) > MAX_EXPONENT or _bits(base) * abs(e) > _MAX_EXACT_BITS:
            return None
        if base == 0 and e < 0:
            raise Undefined("division by zero")
        return base**e
    q = exp.denominator
    if base < 0 and q % 2 == 0:
        return None
    root_num = _int_root(abs(base.numerator), q)
    root_den = _int_root(base.denominator, q)
    if root_num is None or root_den is None:
        return None
    root = Fraction(root_num, root_den) * (-1 if base < 0 else 1)
    return _exact_pow(root, Fraction(exp.numerator))


def _int_root(n: int, q: int) -> Optional[int]:
    """The exact integer q-th root of n >= 0, or None."""
    if n < 2:
        return n
    if q > n.bit_length():
        return None
    r = round(n ** (1.0 / q)) if n.bit_length() < 1000 else _newton_root(n, q)
    for cand in (r - 1, r, r + 1):
        if cand >= 0 and cand**q == n:
            return cand
    return None


def _newton_root(n: int, q: int) -> int:
    x = 1 << ((n.bit_length() + q - 1) // q)
    while True:
        y = ((q - 1) * x + n // x ** (q - 1)) // q
        if y >= x:
            return x
        x = y


def _as_int(v: Scalar) -> Optional[int]:
    if isinstance(v, Fraction) and v.denominator == 1:
        return v.numerator
    return None


def _real(ev: _Evaluator, v: Scalar) -> Any:
    """v as a real mpf (raises Undefined for a non-real value)."""
    if isinstance(v, Fraction):
        return ev.mp(v)
    ctx = ev.ctx
    if isinstance(v, ctx.mpc):
        if abs(v.imag) > abs(v) * ctx.mpf(10) ** (-ev.dps + 5):
            raise Undefined("a real argument was expected")
        return v.real
    return v


def _sqrt(ev: _Evaluator, x: Scalar) -> Scalar:
    return ev._pow(x, Fraction(1, 2))


def _root(ev: _Evaluator, x: Scalar, n: Scalar) -> Scalar:
    if _is_zero(n):
        raise Undefined("zeroth root")
    return ev._pow(x, Fraction(1) / n if isinstance(n, Fraction) else 1 / n)


def _abs(ev: _Evaluator, x: Scalar) -> Scalar:
    return abs(x) if isinstance(x, Fraction) else ev.ctx.mpf(abs(x))


def _floor(ev: _Evaluator, x: Scalar) -> Scalar:
    if isinstance(x, Fraction):
        return Fraction(x.numerator // x.denominator)
    return _small_int(ev, ev.ctx.floor(_real(ev, x)))


def _ceil(ev: _Evaluator, x: Scalar) -> Scalar:
    if isinstance(x, Fraction):
        return Fraction(-((-x.numerator) // x.denominator))
    return _small_int(ev, ev.ctx.ceil(_real(ev, x)))


def _small_int(ev: _Evaluator, v: Any) -> Scalar:
    """An integral mpf as an exact Fraction when it is of reasonable size (never builds a gigantic int)."""
    if not ev.ctx.isfinite(v) or abs(v) > ev.ctx.mpf(2) ** _MAX_EXACT_BITS:
        return v
    return Fraction(int(v))


def _factorial(ev: _Evaluator, x: Scalar) -> Scalar:
    n = _as_int(x)
    if n is not None and 0 <= n <= _MAX_FACTORIAL:
        import math

        return Fraction(math.factorial(n))
    if n is not None and n < 0:
        raise Undefined("factorial of a negative integer")
    v = ev.mp(x)
    if ev.ctx.isfinite(v) and ev.ctx.mag(v) > _GROWTH_MAX_BITS:
        raise Unsupported("factorial argument too large to evaluate")
    return ev.ctx.gamma(v + 1)


def _binom(ev: _Evaluator, n: Scalar, k: Scalar) -> Scalar:
    ni, ki = _as_int(n), _as_int(k)
    if ni is not None and ki is not None and 0 <= ni <= _MAX_FACTORIAL:
        import math

        return Fraction(math.comb(ni, ki) if ki >= 0 else 0)
    n_mp, k_mp = ev.mp(n), ev.mp(k)
    if any(ev.ctx.isfinite(v) and ev.ctx.mag(v) > _GROWTH_MAX_BITS for v in (n_mp, k_mp)):
        raise Unsupported("binomial argument too large to evaluate")
    return ev.ctx.binomial(n_mp, k_mp)


def _gcd_lcm(which: str):
    def fn(ev: _Evaluator, *xs: Scalar) -> Scalar:
        import math

        ints = [_as_int(x) for x in xs]
        if any(i is None for i in ints) or not ints:
            raise Undefined(f"{which} of non-integers")
        f = math.gcd if which == "gcd" else math.lcm
        return Fraction(f(*ints))  # type: ignore[arg-type]

    return fn


def _extremum(which: str):
    def fn(ev: _Evaluator, *xs: Scalar) -> Scalar:
        if not xs:
            raise Undefined(f"{which} of nothing")
        if all(isinstance(x, Fraction) for x in xs):
            return max(xs) if which == "max" else min(xs)  # type: ignore[type-var]
        reals = [_real(ev, x) for x in xs]
        return max(reals) if which == "max" else min(reals)

    return fn


def _log(ev: _Evaluator, x: Scalar) -> Scalar:
    if x == 1:
        return Fraction(0)
    if _is_zero(x):
        raise Undefined("log of 0")
    return ev.ctx.log(ev.mp(x))


def _log_base(ev: _Evaluator, x: Scalar, base: Scalar) -> Scalar:
    num, den = _log(ev, x), _log(ev, base)
    if _is_zero(den):
        raise Undefined("log to base 1")
    return ev._div(num, den)


def _exp(ev: _Evaluator, x: Scalar) -> Scalar:
    if _is_zero(x):
        return Fraction(1)
    return ev.ctx.exp(_bounded_arg(ev, "exp", x))


_SERIES = frozenset({"sum", "prod"})
_MAX_SERIES_TERMS = 2000
"""Most terms of a sum or product evaluated term by term (larger ones are left to sympy)."""


def _gamma(ev: _Evaluator, x: Scalar) -> Scalar:
    """Γ(x): exact (a factorial) at small positive integers; undefined at 0 and the negative integers."""
    n = _as_int(x)
    if n is not None and n <= 0:
        raise Undefined("gamma at a pole")
    if n is not None and n <= _MAX_FACTORIAL:
        return Fraction(math.factorial(n - 1))
    v = ev.mp(x)
    if ev.ctx.isfinite(v) and ev.ctx.mag(v) > _GROWTH_MAX_BITS:
        raise Unsupported("argument of gamma too large to evaluate")
    return ev.ctx.gamma(v)


_PERIODIC_MAX_BITS = 200
r"""Largest argument (in bits) of a trigonometric function: reducing ``\sin(10^{10^6})`` takes minutes."""
_GROWTH_MAX_BITS = 40
"""Largest argument (in bits) of exp, sinh, cosh and of a floating exponent: beyond, the value is astronomically
large or small and evaluating it is slow and meaningless."""

_PERIODIC = frozenset({"sin", "cos", "tan", "cot", "sec", "csc"})
_GROWING = frozenset({"exp", "sinh", "cosh", "tanh"})


def _bounded_arg(ev: _Evaluator, name: str, x: Any) -> Any:
    """``x`` as an mpmath number, after refusing an argument too large to evaluate quickly."""
    v = ev.mp(x)
    limit = _PERIODIC_MAX_BITS if name in _PERIODIC else _GROWTH_MAX_BITS if name in _GROWING else None
    if limit is not None and ev.ctx.isfinite(v) and ev.ctx.mag(v) > limit:
        raise Unsupported(f"argument of {name} too large to evaluate")
    return v


def _mpfunc(name: str, zero_at_zero: bool = False):
    def fn(ev: _Evaluator, x: Scalar) -> Scalar:
        if zero_at_zero and _is_zero(x):
            return Fraction(0)
        return getattr(ev.ctx, name)(_bounded_arg(ev, name, x))

    return fn


def _reciprocal(name: str):
    def fn(ev: _Evaluator, x: Scalar) -> Scalar:
        return ev._div(Fraction(1), getattr(ev.ctx, name)(_bounded_arg(ev, name, x)))

    return fn


def _tan(ev: _Evaluator, x: Scalar) -> Scalar:
    if _is_zero(x):
        return Fraction(0)
    x = _bounded_arg(ev, "tan", x)
    c = ev.ctx.cos(ev.mp(x))
    if abs(c) < ev.ctx.mpf(10) ** (-ev.dps):
        raise Undefined("tan at a pole")
    return ev.ctx.sin(ev.mp(x)) / c


def _cot(ev: _Evaluator, x: Scalar) -> Scalar:
    x = _bounded_arg(ev, "cot", x)
    s = ev.ctx.sin(ev.mp(x))
    if abs(s) < ev.ctx.mpf(10) ** (-ev.dps):
        raise Undefined("cot at a pole")
    return ev.ctx.cos(ev.mp(x)) / s


def _part(name: str):
    def fn(ev: _Evaluator, x: Scalar) -> Scalar:
        if isinstance(x, Fraction):
            if name in ("re", "conj"):
                return x
            if name == "im":
                return Fraction(0)
            if x == 0:
                raise Undefined("arg of 0")
            return Fraction(0) if x > 0 else ev.ctx.pi + 0
        ctx = ev.ctx
        return {"re": ctx.re, "im": ctx.im, "conj": ctx.conj, "arg": ctx.arg}[name](x)

    return fn


_FUNCS: Dict[str, Any] = {
    "sin": _mpfunc("sin", True),
    "cos": _mpfunc("cos"),
    "tan": _tan,
    "cot": _cot,
    "sec": _reciprocal("cos"),
    "csc": _reciprocal("sin"),
    "asin": _mpfunc("asin", True),
    "acos": _mpfunc("acos"),
    "atan": _mpfunc("atan", True),
    "sinh": _mpfunc("sinh", True),
    "cosh": _mpfunc("cosh"),
    "tanh": _mpfunc("tanh", True),
    "log": _log,
    "ln": _log,
    "exp": _exp,
    "sqrt": _sqrt,
    "root": _root,
    "abs": _abs,
    "floor": _floor,
    "ceil": _ceil,
    "factorial": _factorial,
    "gamma": _gamma,
    "binom": _binom,
    "log_base": _log_base,
    "gcd": _gcd_lcm("gcd"),
    "lcm": _gcd_lcm("lcm"),
    "max": _extremum("max"),
    "min": _extremum("min"),
    "re": _part("re"),
    "im": _part("im"),
    "arg": _part("arg"),
    "conj": _part("conj"),
}


def same_value(a_tree: tuple, b_tree: tuple, env: Dict[str, Fraction], dps: int = 50) -> Optional[bool]:
    """Whether two trees have the same value at ``env``: True, False, or None when undefined there.

    Exact values compare exactly. Floating values compare to ``dps - 15`` relative digits; a difference that is
    tiny in absolute terms is re-evaluated at higher precision, and counts as zero only if it shrinks with the
    precision (the signature of rounding noise, as in ``\\sin\\pi - 0``), never because it is merely small.
    Raises :class:`Unsupported` when a tree cannot be evaluated.
    """
    diffs = []
    for level in (dps, 2 * dps, 4 * dps):
        try:
            x, y = evaluate(a_tree, env, level), evaluate(b_tree, env, level)
        except Undefined:
            return None
        verdict = close(x, y, level)
        if verdict is not None:
            return verdict
        if level > dps:  # how the difference shrinks between the higher precisions tells noise from a real gap
            ctx = context(level + 10)
            diffs.append(abs(_to_mp(ctx, x) - _to_mp(ctx, y)))
    ctx = context(4 * dps + 10)
    return bool(diffs[1] <= diffs[0] * ctx.mpf(10) ** (-dps))


def close(a: Scalar, b: Scalar, dps: int) -> Optional[bool]:
    """True/False when two values are clearly equal/different at ``dps`` digits; None when a difference is so
    small that it may be rounding noise."""
    if isinstance(a, Fraction) and isinstance(b, Fraction):
        return a == b
    ctx = context(dps + 10)
    x, y = _to_mp(ctx, a), _to_mp(ctx, b)
    if ctx.isinf(x) or ctx.isinf(y):
        return bool(x == y)
    diff = abs(x - y)
    if diff == 0:
        return True
    scale = max(abs(x), abs(y))
    if diff <= scale * ctx.mpf(10) ** (-(dps - 15)):
        return True
    if diff < ctx.mpf(10) ** (-(dps - 25)):
        return None
    return False


def _to_mp(ctx: Any, v: Scalar) -> Any:
    if isinstance(v, Fraction):
        return ctx.mpf(v.numerator) / v.denominator
    return v


def numeric_value(tree: tuple, dps: int = 50) -> Tuple[Optional[Scalar], str]:
    """The value of a constant tree (no free variables), or (None, why)."""
    try:
        return evaluate(tree, {}, dps), ""
    except Undefined as exc:
        return None, f"undefined ({exc})"
    except Unsupported as exc:
        return None, str(exc)
