"""Numeric evaluation of expression trees: exact where possible, high-precision mpmath otherwise.

:func:`evaluate` walks a tree (see :mod:`mathgrade.values`) with the free variables bound to rationals. Rational
arithmetic stays an exact :class:`~fractions.Fraction`; anything irrational (``\\sqrt2``, ``\\pi``, ``\\sin 1``)
becomes an mpmath number at the precision asked for. mpmath is used through a private context per thread, and every
precision is scoped (:func:`working`): nothing changes a shared setting. Sizes are bounded before evaluation
(:data:`limits.MAX_EXPONENT`).

:func:`same_value` decides whether two trees have the same value at a point without ever taking a small difference
for zero: the precision grows with the magnitudes met in the evaluation (``e^{100} + 1`` against ``e^{100}`` needs
more than 44 digits), and an agreement is confirmed at a higher precision, where rounding noise shrinks and a real
difference does not.

Conventions (the same on both sides of a comparison, so they only need to be consistent):
odd roots of negative reals are real (``\\sqrt[3]{-8} = -2``, ``(-8)^{1/3} = -2``); everything else uses the
principal complex branch (``\\sqrt{-4} = 2i``, ``\\log(-1) = i\\pi``). In *real* mode (``real=True``) a value that is
not real anywhere in the evaluation makes the expression undefined at that point (``\\sqrt{x}`` at ``x = -2``).
"""

from __future__ import annotations

import contextlib
import math
import random
import threading
import zlib
from fractions import Fraction
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple, Union

from ..limits import MAX_EXPONENT
from ..values import fraction_text
from ._trees import SERIES as _SERIES
from ._trees import free_symbols, substitute

__all__ = [
    "BASE_DIGITS",
    "Undefined",
    "Unsupported",
    "evaluate",
    "free_symbols",
    "bind",
    "random_points",
    "integer_points",
    "same_value",
    "working",
    "is_finite_number",
    "is_real",
    "as_fraction",
    "show",
    "numeric_value",
]

Scalar = Union[Fraction, Any]  # a Fraction or an mpmath mpf/mpc

# ---- precisions and tolerances: every one the comparison uses, named once -------------------------------------------

BASE_DIGITS = 50
"""Significant decimal digits of a first evaluation."""
GUARD_DIGITS = 15
"""Trailing digits that rounding in the arithmetic may spoil: two values closer than ``10^GUARD_DIGITS`` times the
larger of their propagated error bounds are not told apart (the *noise floor*); values with no error bound (exact
ones) compare exactly."""
WORKING_DIGITS = 10
"""Digits mpmath carries beyond the precision asked for."""
CONFIRM_FACTOR = 2
"""An agreement at ``d`` digits is confirmed at ``CONFIRM_FACTOR * d`` digits: rounding noise shrinks with the
precision, a real difference stays."""
MAX_NUMERIC_DIGITS = 3000
"""Most digits an evaluation may use. When the magnitudes in an expression would need more (``1000000! + 1``
against ``1000000!``), there is no numeric evidence and the symbolic rules decide."""
SHOWN_DIGITS = 12
"""Significant digits of a value shown in a reason."""
ROUNDING_SPARE_DIGITS = 10
"""A value computed at :data:`BASE_DIGITS` digits is rounded (the rounding rule) at most at ``BASE_DIGITS -
ROUNDING_SPARE_DIGITS`` decimal places."""
MAX_EXACT_BITS = 60_000
"""Largest exact intermediate (in bits) before evaluation switches to floating point."""
MAX_FACTORIAL = 3_000
"""Largest integer whose factorial (or Γ) is computed exactly."""
MAX_SERIES_TERMS = 2000
"""Most terms of sums and products evaluated term by term (larger ones are left to sympy)."""
PERIODIC_MAX_BITS = 200
"""Largest argument (in bits) of a trigonometric function: reducing ``\\sin(10^{10^6})`` takes minutes."""
GROWTH_MAX_BITS = 40
"""Largest argument (in bits) of exp, sinh, cosh, of a factorial or Γ of a non-integer, and of a floating exponent:
beyond, the value is astronomically large or small and evaluating it is slow and meaningless."""

_LOG10_2 = math.log10(2)


class Undefined(Exception):
    """The expression has no value at this point (division by zero, a pole, log 0...)."""


class Unsupported(Exception):
    """The tree holds something that cannot be evaluated numerically (an unknown function, a ``pm`` node...)."""


# ---- the mpmath context --------------------------------------------------------------------------------------------

_local = threading.local()


def _context() -> Any:
    """This thread's private mpmath context (never mpmath's shared ``mp``)."""
    ctx = getattr(_local, "ctx", None)
    if ctx is None:
        import mpmath

        ctx = mpmath.MPContext()
        _local.ctx = ctx
    return ctx


@contextlib.contextmanager
def working(digits: int) -> Iterator[Any]:
    """This thread's mpmath context at ``digits`` (plus :data:`WORKING_DIGITS`) for the ``with`` block only."""
    ctx = _context()
    with ctx.workdps(digits + WORKING_DIGITS):
        yield ctx


def to_mp(ctx: Any, v: Scalar) -> Any:
    """``v`` as an mpmath number of ``ctx`` (a Fraction is divided out at the context's precision)."""
    if isinstance(v, Fraction):
        return ctx.mpf(v.numerator) / v.denominator
    return v


def is_real(v: Scalar) -> bool:
    """True for a Fraction, an mpf, or an mpc whose imaginary part is exactly zero."""
    return isinstance(v, Fraction) or not hasattr(v, "imag") or v.imag == 0


def is_finite_number(v: Scalar) -> bool:
    """True for a Fraction or a finite mpmath number."""
    return isinstance(v, Fraction) or bool(_context().isfinite(v))


def as_fraction(v: Scalar) -> Optional[Fraction]:
    """A real value as an exact Fraction (an mpf is exactly a binary fraction); None for an infinite value or a
    complex one whose imaginary part is above the noise of :data:`BASE_DIGITS` digits. Raises :class:`Unsupported`
    for a value whose binary exponent is past :data:`MAX_EXACT_BITS` (``10^{10^{10}}`` would be an integer of 4 GB)."""
    if isinstance(v, Fraction):
        return v
    ctx = _context()
    if not ctx.isfinite(v):
        return None
    if hasattr(v, "imag"):
        if v.imag and ctx.mag(v.imag) > ctx.mag(v) - (BASE_DIGITS - GUARD_DIGITS) / _LOG10_2:
            return None
        v = v.real
    man, exp = abs(v).man_exp  # (man_exp drops the sign)
    if abs(int(exp)) > MAX_EXACT_BITS:
        raise Unsupported(f"a value of about 2^{int(exp) + int(man).bit_length()} is beyond exact arithmetic")
    out = Fraction(int(man)) * Fraction(2) ** int(exp)
    return -out if v < 0 else out


def show(v: Scalar) -> str:
    """A value for a reason: a Fraction exactly, a float to :data:`SHOWN_DIGITS` digits."""
    if isinstance(v, Fraction):
        return fraction_text(v)
    return str(_context().nstr(v, SHOWN_DIGITS))


# ---- trees and points ----------------------------------------------------------------------------------------------


def bind(node: tuple, env: Dict[str, Fraction]) -> tuple:
    """``node`` with its free variables replaced by the rationals of ``env`` (bound variables of sums stay)."""
    return substitute(node, {k: ("num", v) for k, v in env.items()})


def random_points(names: frozenset, count: int, salt: str = "") -> Iterator[Dict[str, Fraction]]:
    """``count`` deterministic random assignments of rationals to ``names``.

    The seed depends only on the sorted names (never on ``PYTHONHASHSEED`` or on earlier calls). Values are
    non-integral rationals of both signs, away from 0 and ±1, where special cases hide.
    """
    ordered = sorted(names)
    rng = _rng(ordered, salt)
    for _ in range(count):
        point = {}
        for name in ordered:
            den = rng.randint(3, 29)
            num = rng.randint(den + 1, 7 * den)
            while num % den == 0:
                num += 1
            point[name] = Fraction(num if rng.random() < 0.7 else -num, den)
        yield point


_INTEGER_SCALES = ((2, 12), (12, 100), (100, 10_000), (10_000, 10**7))
"""Ranges of magnitudes :func:`integer_points` cycles through: step functions such as ``\\lfloor n/2 \\rfloor`` and
``\\lfloor \\sqrt{n-1} \\rfloor`` agree on small integers and part only further out."""


def integer_points(names: frozenset, count: int, salt: str = "") -> Iterator[Dict[str, Fraction]]:
    """``count`` deterministic random assignments of integers to ``names``, from small to very large, mostly
    positive (the seed depends only on the names, as for :func:`random_points`)."""
    ordered = sorted(names)
    rng = _rng(ordered, "integers|" + salt)
    for i in range(count):
        lo, hi = _INTEGER_SCALES[i % len(_INTEGER_SCALES)]
        yield {name: Fraction(rng.randint(lo, hi) * (1 if rng.random() < 0.8 else -1)) for name in ordered}


def _rng(ordered: List[str], salt: str) -> random.Random:
    return random.Random(zlib.crc32(("\x00".join(ordered) + "|" + salt).encode("utf-8", "surrogatepass")))


# ---- evaluation ----------------------------------------------------------------------------------------------------


class _Measured:
    """A value, its error bound, and ``spread`` (in bits): the extra precision needed for every exact ingredient to
    count: the largest gap between the terms of one sum (``e^{100} + 1``: 144 bits), or the size of an exact
    rational that enters floating arithmetic other than a product (``\\sqrt{2^{1000}+1}``: 1001 bits)."""

    __slots__ = ("value", "spread", "noise")

    def __init__(self, value: Scalar, spread: int, noise: Optional[float] = None) -> None:
        self.value, self.spread = value, spread
        self.noise = noise
        """About log2 of the absolute error of ``value`` (None when exact), propagated through every operation:
        a quotient of two huge numbers has the small error of a moderate number, not the noise of its operands."""


def evaluate(node: tuple, env: Dict[str, Fraction], digits: int = BASE_DIGITS, real: bool = False) -> Scalar:
    """The value of ``node`` with variables bound by ``env``: a Fraction when exact, else an mpmath number computed
    at ``digits`` significant digits.

    Raises :class:`Undefined` where the expression has no value (in real mode: no real value) and
    :class:`Unsupported` for what cannot be evaluated (unknown functions, unbound variables).
    """
    return _measure(node, env, digits, real).value


def _measure(node: tuple, env: Dict[str, Fraction], digits: int, real: bool) -> _Measured:
    """Evaluate ``node``; mpmath is imported and its precision set only if the value is not exact."""
    with contextlib.ExitStack() as scope:
        ev = _Evaluator(env, scope, digits, real)
        try:
            value = ev.run(node)
        except (ZeroDivisionError, OverflowError, ValueError) as exc:
            raise Undefined(str(exc) or type(exc).__name__) from None
        return _Measured(value, ev.spread, ev.last_noise)


class _Evaluator:
    def __init__(self, env: Dict[str, Fraction], scope: contextlib.ExitStack, digits: int, real: bool) -> None:
        self.env = env
        self._scope = scope
        self._ctx: Any = None
        self.dps = digits
        self.real = real
        self.series_terms = 0  # terms of sums and products evaluated so far (nested ones multiply)
        self.spread = 0
        self.last_noise: Optional[float] = None
        """The error bound (log2) of the value the last :meth:`run` returned (None: exact)."""
        self.bits = digits / _LOG10_2

    @property
    def ctx(self) -> Any:
        """This thread's mpmath context at the evaluation's precision, entered on first use (exact arithmetic never
        needs it)."""
        if self._ctx is None:
            self._ctx = self._scope.enter_context(working(self.dps))
        return self._ctx

    def mp(self, v: Scalar) -> Any:
        return to_mp(self.ctx, v)

    def run(self, node: tuple) -> Scalar:
        value = self._node(node)
        self._note(value)
        return value

    def _note(self, v: Scalar) -> None:
        """In real mode, refuse a value that is not real."""
        bits = self._magnitude(v)
        if bits is None:
            return
        if self.real and not is_real(v) and self.ctx.mag(v.imag) > bits - (self.dps - GUARD_DIGITS) / _LOG10_2:
            raise Undefined("a value that is not real")

    def _inexact(self, v: Scalar) -> Scalar:
        """An exact operand about to enter a sum, a power or a function in floating point: its digits must count."""
        if isinstance(v, Fraction):
            self.spread = max(self.spread, _bits(v))
        return v

    def _magnitude(self, v: Scalar) -> Optional[int]:
        """About log2 |v| for a finite non-zero value; None for 0 and infinities."""
        if isinstance(v, Fraction):
            return v.numerator.bit_length() - v.denominator.bit_length() if v else None
        if not self.ctx.isfinite(v) or not v:
            return None
        return int(self.ctx.mag(v))

    def _node(self, node: tuple) -> Scalar:
        head = node[0]
        if head == "num":
            self.last_noise = None
            return Fraction(node[1])
        if head == "sym":
            if node[1] not in self.env:
                raise Unsupported(f"unbound variable {node[1]}")
            self.last_noise = None
            return self.env[node[1]]
        if head == "const":
            value = self._const(node[1])
            self.last_noise = self._rounding(value)
            return value
        if head == "neg":
            return -self.run(node[1])  # (the child's error bound stays)
        if head in ("add", "mul", "div", "pow"):
            vals, noises = self._run_all(node[1:])
            vals = self._finite(vals)
            if head == "add":
                out = self._sum(vals)
            elif head == "mul":
                out = self._product(vals)
            elif head == "div":
                out = self._div(vals[0], vals[1])
            else:
                out = self._pow(vals[0], vals[1])
            self.last_noise = self._propagated(head, vals, noises, out)
            return out
        if head == "func" and node[1] in _SERIES:
            return self._series(node)
        if head == "func":
            return self._func(node[1], node[2:])
        raise Unsupported(f"cannot evaluate a {head!r} node")

    def _run_all(self, nodes: tuple) -> Tuple[List[Scalar], List[Optional[float]]]:
        """Each node's value and error bound."""
        vals: List[Scalar] = []
        noises: List[Optional[float]] = []
        for n in nodes:
            vals.append(self.run(n))
            noises.append(self.last_noise)
        return vals, noises

    # -- error bounds (log2 of an absolute error; None for an exact value) ------------------------------------------
    def _rounding(self, v: Scalar) -> Optional[float]:
        """The rounding error of ``v`` at the working precision (None for an exact value or zero)."""
        if isinstance(v, Fraction):
            return None
        m = self._magnitude(v)
        return None if m is None else m - self.bits

    def _operand(self, v: Scalar, noise: Optional[float]) -> Optional[float]:
        """The error an operand brings into floating arithmetic: its own, or its rounding when it is converted."""
        if noise is not None:
            return noise
        m = self._magnitude(v)
        return None if m is None or (isinstance(v, Fraction) and _bits(v) <= self.bits) else m - self.bits

    def _propagated(self, head: str, vals: List[Scalar], noises: List[Optional[float]], out: Scalar) -> Optional[float]:
        """The error bound of ``out = head(vals)`` from those of the operands (first-order propagation, one bit of
        slack per operation)."""
        if isinstance(out, Fraction):
            return None
        mags = [self._magnitude(v) for v in vals]
        errs = [self._operand(v, n) for v, n in zip(vals, noises)]
        bounds: List[float] = []
        if head == "add":
            bounds = [e for e in errs if e is not None]
        elif head == "mul":
            if any(m is None for m in mags):
                bounds = []  # a factor is zero: so is the product
            else:
                total = sum(m for m in mags if m is not None)
                bounds = [e + total - m for e, m in zip(errs, mags) if e is not None and m is not None]
        elif head == "div":
            (ea, eb), (ma, mb) = errs, mags
            if mb is not None:
                if ea is not None:
                    bounds.append(ea - mb)
                if eb is not None and ma is not None:
                    bounds.append(eb + ma - 2 * mb)
        else:  # pow: relative errors grow with the exponent and with log |base|
            mo = self._magnitude(out)
            if mo is not None:
                (eb, ee), (mb, me) = errs, mags
                rel = [eb - mb + max(me or 0, 0) + 1 if eb is not None and mb is not None else None,
                       ee + math.log2(abs(mb or 0) + 2) + 1 if ee is not None else None]
                bounds = [mo + r for r in rel if r is not None]
        own = self._rounding(out)
        if own is not None:
            bounds.append(own)
        return max(bounds) + 1 + math.log2(len(vals)) if bounds else None

    def _function_noise(self, name: str, vals: List[Scalar], noises: List[Optional[float]],
                        out: Scalar) -> Optional[float]:
        """The error bound of a function's value: its own rounding, plus what its arguments' errors become through
        it: an absolute error stays absolute (sin, floor), becomes relative (exp) or comes from a relative one (log);
        for the others, a relative error grows by a condition number of at most 2^64."""
        if isinstance(out, Fraction):
            return None
        mo = self._magnitude(out)
        bounds: List[float] = []
        for v, n in zip(vals, noises):
            e, m = self._operand(v, n), self._magnitude(v)
            if e is None or m is None:
                continue
            if name in _ABSOLUTE_ERROR:
                bounds.append(e + 2)
            elif name in _EXPONENTIAL:
                if mo is not None:
                    bounds.append(mo + e + 2)
            elif name in _LOGARITHMIC:
                bounds.append(e - m + 2)
            elif mo is not None:
                bounds.append(mo + (e - m) + min(max(m, 0), 64) + 2)
        own = self._rounding(out)
        if own is not None:
            bounds.append(own)
        return max(bounds) + 1 if bounds else None

    def _series(self, node: tuple) -> Scalar:
        """``("func", "sum" | "prod", body, ("sym", k), lo, hi)`` with integer bounds at most
        :data:`MAX_SERIES_TERMS` apart, term by term; other bounds are :class:`Unsupported`."""
        name, body, var, lo_t, hi_t = node[1:]
        lo, hi = _as_int(self.run(lo_t)), _as_int(self.run(hi_t))
        if lo is None or hi is None:
            raise Unsupported(f"a {name} whose bounds are not integers")
        self.series_terms += max(0, hi - lo + 1)
        if self.series_terms > MAX_SERIES_TERMS:
            raise Unsupported(f"sums and products of more than {MAX_SERIES_TERMS} terms in all")
        saved = self.env
        terms: List[Scalar] = []
        noises: List[Optional[float]] = []
        try:
            for k in range(lo, hi + 1):
                self.env = {**saved, var[1]: Fraction(k)}
                terms.append(self.run(body))
                noises.append(self.last_noise)
        finally:
            self.env = saved
        out = self._sum(terms) if name == "sum" else self._product(terms)
        self.last_noise = self._propagated("add" if name == "sum" else "mul", terms, noises, out) if terms else None
        return out

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
        mags = [m for m in map(self._magnitude, vals) if m is not None]
        if len(mags) > 1:
            self.spread = max(self.spread, max(mags) - min(mags))
        exact = [v for v in vals if isinstance(v, Fraction)]
        rest = [v for v in vals if not isinstance(v, Fraction)]
        total: Scalar = sum(exact, Fraction(0))
        if rest:
            self._inexact(total)
        for v in rest:
            total = self.mp(total) + v
        return self._check(total)

    def _product(self, vals: List[Scalar]) -> Scalar:
        out: Scalar = Fraction(1)
        for v in vals:
            if isinstance(out, Fraction) and isinstance(v, Fraction):
                if _bits(out) + _bits(v) > MAX_EXACT_BITS:
                    # (the exact product is rounded: its digits must count, as an exact operand's do when it enters
                    # floating arithmetic; two products that differ past the digits computed never "agree")
                    self.spread = max(self.spread, _bits(out) + _bits(v))
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

    def _growth_guard(self, b: Any, e: Any) -> None:
        """Refuse ``b ** e`` whose result's exponent would need more than :data:`GROWTH_MAX_BITS` bits (also for the
        real odd root of a negative number: ``\\sqrt[10^{-6629}]{-7.5 \\times 10^{-5}}`` is a power 10^6629, which
        mpmath took minutes over in the calling process, found by the fuzz target)."""
        ctx = self.ctx
        if ctx.isfinite(e) and ctx.isfinite(b) and ctx.mag(e) + max(ctx.mag(ctx.mag(b) + 1), 0) > GROWTH_MAX_BITS + 8:
            raise Unsupported("power too large to evaluate")

    def _pow(self, base: Scalar, exp: Scalar) -> Scalar:
        if isinstance(base, Fraction) and isinstance(exp, Fraction):
            exact = _exact_pow(base, exp)
            if exact is not None:
                return exact
            if base < 0 and exp.denominator % 2 == 1:  # real odd root of a negative number
                self._inexact(base)
                self._inexact(exp)
                self._growth_guard(self.mp(-base), self.mp(exp))
                mag = self.ctx.power(self.mp(-base), self.mp(exp))
                return self._check(mag if exp.numerator % 2 == 0 else -mag)
        if _is_zero(base):
            if _real_part_positive(exp, self):  # (a zero in floating point, as a cancellation makes, stays inexact)
                return Fraction(0) if isinstance(base, Fraction) else base
            raise Undefined("0 to a non-positive power")
        b, e = self.mp(self._inexact(base)), self.mp(self._inexact(exp))
        self._growth_guard(b, e)
        ctx = self.ctx
        return self._check(ctx.power(b, e))

    def _finite(self, vals: List[Scalar]) -> List[Scalar]:
        r"""Operands of arithmetic must be finite: ∞ is only a value on its own (an interval's end), ``∞ - ∞`` or
        ``\sin\infty`` are undefined."""
        for v in vals:
            if not isinstance(v, Fraction) and not self.ctx.isfinite(v):
                raise Undefined("arithmetic with infinity")
        return vals

    def _func(self, name: str, args: tuple) -> Scalar:
        raw, noises = self._run_all(args)
        vals = [self._inexact(v) for v in self._finite(raw)]
        fn = _FUNCS.get(name)
        if fn is None:
            raise Unsupported(f"unknown function {name}")
        try:
            out = fn(self, *vals)
        except (ZeroDivisionError, ValueError) as exc:
            raise Undefined(str(exc)) from None
        except TypeError:
            raise Unsupported(f"bad arguments for {name}") from None
        out = self._check(out)
        self.last_noise = self._function_noise(name, vals, noises, out)
        return out

    def _check(self, v: Scalar) -> Scalar:
        if isinstance(v, Fraction):
            return v
        if self.ctx.isnan(v):
            raise Undefined("not a number")
        return v


_Function = Callable[..., Scalar]
"""A numeric function: ``fn(evaluator, *arguments)``."""


_ABSOLUTE_ERROR = frozenset({"sin", "cos", "floor", "ceil", "abs", "re", "im", "conj", "arg", "max", "min"})
"""Functions whose value moves by at most what their argument moves (a floor is exact unless its argument's error
bound crosses an integer, which the error bound of the argument already shows)."""
_EXPONENTIAL = frozenset({"exp", "sinh", "cosh"})
"""Functions whose relative error is their argument's absolute error."""
_LOGARITHMIC = frozenset({"log", "ln", "log_base"})
"""Functions whose absolute error is their argument's relative error."""


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
        if abs(e) > MAX_EXPONENT or _bits(base) * abs(e) > MAX_EXACT_BITS:
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
    # (a float's root is a few units off at most while that has at most 50 bits, not always within 1: 1/q and the
    # power are rounded; the steps below move it to the floor of the root. A float holds n below 2^1024)
    r = round(n ** (1.0 / q)) if n.bit_length() < min(1000, 50 * q) else _newton_root(n, q)
    while r > 0 and r**q > n:
        r -= 1
    while (r + 1) ** q <= n:
        r += 1
    return r if r**q == n else None


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
    if not ev.ctx.isfinite(v) or abs(v) > ev.ctx.mpf(2) ** MAX_EXACT_BITS:
        return v
    return Fraction(int(v))


def _factorial(ev: _Evaluator, x: Scalar) -> Scalar:
    n = _as_int(x)
    if n is not None and 0 <= n <= MAX_FACTORIAL:
        return Fraction(math.factorial(n))
    if n is not None and n < 0:
        raise Undefined("factorial of a negative integer")
    v = ev.mp(x)
    if ev.ctx.isfinite(v) and ev.ctx.mag(v) > GROWTH_MAX_BITS:
        raise Unsupported("factorial argument too large to evaluate")
    return ev.ctx.gamma(v + 1)


def _binom(ev: _Evaluator, n: Scalar, k: Scalar) -> Scalar:
    ni, ki = _as_int(n), _as_int(k)
    if ni is not None and ki is not None and 0 <= ni <= MAX_FACTORIAL:
        return Fraction(math.comb(ni, ki) if ki >= 0 else 0)
    n_mp, k_mp = ev.mp(n), ev.mp(k)
    if any(ev.ctx.isfinite(v) and ev.ctx.mag(v) > GROWTH_MAX_BITS for v in (n_mp, k_mp)):
        raise Unsupported("binomial argument too large to evaluate")
    return ev.ctx.binomial(n_mp, k_mp)


def _gcd_lcm(which: str) -> _Function:
    def fn(ev: _Evaluator, *xs: Scalar) -> Scalar:
        ints = [_as_int(x) for x in xs]
        if any(i is None for i in ints) or not ints:
            raise Undefined(f"{which} of non-integers")
        f = math.gcd if which == "gcd" else math.lcm
        return Fraction(f(*(i for i in ints if i is not None)))

    return fn


def _extremum(which: str) -> _Function:
    def fn(ev: _Evaluator, *xs: Scalar) -> Scalar:
        if not xs:
            raise Undefined(f"{which} of nothing")
        exact = [x for x in xs if isinstance(x, Fraction)]
        if len(exact) == len(xs):
            return max(exact) if which == "max" else min(exact)
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




def _gamma(ev: _Evaluator, x: Scalar) -> Scalar:
    """Γ(x): exact (a factorial) at small positive integers; undefined at 0 and the negative integers."""
    n = _as_int(x)
    if n is not None and n <= 0:
        raise Undefined("gamma at a pole")
    if n is not None and n <= MAX_FACTORIAL:
        return Fraction(math.factorial(n - 1))
    v = ev.mp(x)
    if ev.ctx.isfinite(v) and ev.ctx.mag(v) > GROWTH_MAX_BITS:
        raise Unsupported("argument of gamma too large to evaluate")
    return ev.ctx.gamma(v)


_PERIODIC = frozenset({"sin", "cos", "tan", "cot", "sec", "csc"})
_GROWING = frozenset({"exp", "sinh", "cosh", "tanh"})


def _bounded_arg(ev: _Evaluator, name: str, x: Any) -> Any:
    """``x`` as an mpmath number, after refusing an argument too large to evaluate quickly."""
    v = ev.mp(x)
    limit = PERIODIC_MAX_BITS if name in _PERIODIC else GROWTH_MAX_BITS if name in _GROWING else None
    if limit is not None and ev.ctx.isfinite(v) and ev.ctx.mag(v) > limit:
        raise Unsupported(f"argument of {name} too large to evaluate")
    return v


def _mpfunc(name: str, zero_at_zero: bool = False) -> _Function:
    def fn(ev: _Evaluator, x: Scalar) -> Scalar:
        if zero_at_zero and _is_zero(x):
            return Fraction(0)
        return getattr(ev.ctx, name)(_bounded_arg(ev, name, x))

    return fn


def _reciprocal(name: str) -> _Function:
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


def _part(name: str) -> _Function:
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


_FUNCS: Dict[str, _Function] = {
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


def same_value(a_tree: tuple, b_tree: tuple, env: Dict[str, Fraction], real: bool = False) -> Optional[bool]:
    """Whether two trees have the same value at ``env``: True, False, or None when either is undefined there (or lost
    in its rounding noise: they agree within a noise floor larger than both values and than 1).

    Exact values compare exactly. Otherwise a small difference never counts as zero: the trees are evaluated at
    :data:`BASE_DIGITS` digits plus the largest spread of the terms of a sum (``e^{100} + 1`` or
    ``\\sqrt2 + 10^{-40}`` are evaluated with enough digits to see the 1 or the 10^-40); a
    difference above the noise floor (see :data:`GUARD_DIGITS`) decides "different"; an agreement is confirmed at
    :data:`CONFIRM_FACTOR` times the digits, where the difference must fall under the new, lower floor.
    Raises :class:`Unsupported` when a tree cannot be evaluated, or would need more than
    :data:`MAX_NUMERIC_DIGITS` digits.
    """
    digits, confirming = BASE_DIGITS, False
    while True:
        try:
            x, y = _measure(a_tree, env, digits, real), _measure(b_tree, env, digits, real)
        except Undefined:
            return None
        needed = _digits_needed(x, y)
        if needed > digits and not confirming:
            digits = needed
            continue
        if isinstance(x.value, Fraction) and isinstance(y.value, Fraction):
            # (after the digits: an exact value made from a rounded one, as a floor or a ceiling is, holds what the
            # rounding lost: the ceiling of 10 + e^{-200} is 11, but 10 at 50 digits)
            return x.value == y.value
        with working(digits) as ctx:
            a, b = to_mp(ctx, x.value), to_mp(ctx, y.value)
            if not (ctx.isfinite(a) and ctx.isfinite(b)):
                return bool(a == b)
            bounds = [n for n in (x.noise, y.noise) if n is not None]
            if bounds:  # the propagated error bounds, with GUARD_DIGITS of margin
                noise = ctx.ldexp(ctx.mpf(10) ** GUARD_DIGITS, int(math.ceil(max(bounds))))
            else:  # no error bound on either side: each is a Fraction or a zero made exactly (a product with a
                noise = 0  # zero factor, \sin 0): 0 \cdot e^{1000} is no 10^{-100}, whatever magnitudes were met
            if abs(a - b) > noise:
                return False
            if confirming:
                # (an agreement within a floor above both values and above 1 is no evidence: a value lost in its
                # noise, as 1/sin(pi) or log(sin(pi)) are, agreed with any number; then there is none, as undefined)
                return None if noise > max(abs(a), abs(b), 1) else True
        digits, confirming = _checked(digits * CONFIRM_FACTOR), True


def _digits_needed(x: _Measured, y: _Measured) -> int:
    """Digits for the smallest term of every sum in either evaluation to count."""
    return _checked(BASE_DIGITS + math.ceil(max(x.spread, y.spread) * _LOG10_2))


def _checked(digits: int) -> int:
    if digits > MAX_NUMERIC_DIGITS:
        raise Unsupported(f"the magnitudes would need more than {MAX_NUMERIC_DIGITS} digits to tell the values apart")
    return digits


def numeric_value(tree: tuple) -> Tuple[Optional[Scalar], str]:
    """The value of a constant tree (no free variables) at :data:`BASE_DIGITS` digits, or at the digits its smallest
    term needs when more (a floor of ``10 + e^{-200}`` is 10 at 50 digits), or (None, why)."""
    try:
        measured = _measure(tree, {}, BASE_DIGITS, False)
        needed = _digits_needed(measured, measured)
        return (_measure(tree, {}, needed, False) if needed > BASE_DIGITS else measured).value, ""
    except Undefined as exc:
        return None, f"undefined ({exc})"
    except Unsupported as exc:
        return None, str(exc)
