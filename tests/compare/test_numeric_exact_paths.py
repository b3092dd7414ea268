"""The exact paths of the numeric evaluator (``compare._numeric``), one row per branch: which operations of rational
values give an exact ``Fraction``, at each bound of each (the largest exact factorial, binomial and Γ, the exact
roots of rationals, the signs of odd roots), which fall back to mpmath (and to what value), and which are undefined
or refused, by their message.

An exact value matters: the comparison decides exact values without a tolerance, and an inexact one only within
its error bound. The samples of docs/testing.md found mutants here that no test saw (seed 31: ``\\binom`` and ``0!``
left to mpmath, ``\\gcd`` reading no argument; seed 19: the sign of an odd root). The reader folds rational
constants itself (``5!`` is read as 120), so each row evaluates a tree with a variable ``x`` bound to a rational.
"""

from __future__ import annotations

import math
from fractions import Fraction as F
from typing import Any, Union

import mpmath
import pytest

from mathgrade import read
from mathgrade.compare._numeric import MAX_FACTORIAL, Undefined, Unsupported, evaluate
from mathgrade.values import Expression

Q = Union[int, F]


def _evaluate(text: str, x: Q) -> Any:
    value = read(text).value
    assert isinstance(value, Expression), (text, value)
    return evaluate(value.tree, {"x": F(x)})


EXACT = [
    ("x!", 0, 1), ("x!", 5, 120),
    ("\\binom{x}{2}", 5, 10), ("\\binom{x}{0}", 5, 1), ("\\binom{5}{x}", -1, 0), ("\\binom{x}{7}", 5, 0),
    ("\\binom{x}{1}", MAX_FACTORIAL, 3000),
    ("\\Gamma(x)", 1, 1), ("\\Gamma(x)", 5, 24),
    ("\\gcd(x, 4)", 6, 2), ("\\operatorname{lcm}(x, 4)", 6, 12), ("\\gcd(x, 4, 10)", 6, 2),
    ("\\max(x, 2)", 3, 3), ("\\min(x, 2)", 3, 2), ("\\max(x, 2)", -3, 2), ("\\min(x, 2)", -3, -3),
    ("\\ln x", 1, 0), ("\\exp(x)", 0, 1), ("\\sin(x)", 0, 0), ("\\tan(x)", 0, 0),
    ("x^{1/2}", 4, 2), ("x^{1/2}", F(9, 4), F(3, 2)), ("x^{1/3}", -8, -2), ("x^{2/3}", -8, 4),
    ("x^{-2/3}", -8, F(1, 4)),
    ("0^x", 2, 0), ("0^x", 0, 1), ("x^{2}", F(2, 3), F(4, 9)), ("x^{-2}", F(2, 3), F(9, 4)), ("x^{3}", -2, -8),
    ("\\sqrt{x}", 16, 4), ("\\sqrt[x]{8}", 3, 2), ("\\sqrt[3]{x}", 1, 1), ("\\sqrt[3]{x}", 0, 0),
    ("\\sqrt[3]{x}", F(-27, 8), F(-3, 2)),
    ("\\lfloor x \\rfloor", F(-7, 2), -4), ("\\lceil x \\rceil", F(-7, 2), -3), ("\\lceil x \\rceil", 3, 3),
    ("\\lfloor \\pi x \\rfloor", 1, 3), ("\\lceil \\pi x \\rceil", 1, 4), ("\\lfloor -\\pi x \\rfloor", 1, -4),
    ("|x|", -3, 3), ("x \\cdot 2", F(1, 3), F(2, 3)), ("\\frac{x}{4}", 2, F(1, 2)), ("x - 3", F(1, 2), F(-5, 2)),
    ("\\sum_{k=1}^{x} k", 4, 10), ("\\prod_{k=1}^{x} k", 4, 24), ("\\sum_{k=x}^{3} k", 4, 0),
]

INEXACT = [  # (the value mpmath gives, to 12 digits)
    ("x!", F(1, 2), mpmath.sqrt(mpmath.pi) / 2), ("\\binom{x}{2}", F(1, 2), -0.125),
    ("\\Gamma(x)", F(1, 2), mpmath.sqrt(mpmath.pi)), ("\\max(x, \\pi)", 3, mpmath.pi), ("\\min(x, \\pi)", 3, 3),
    ("\\log_2 x", 8, 3), ("e^x", 0, 1), ("x^{1/3}", 2, mpmath.cbrt(2)), ("x^{1/3}", -2, -mpmath.cbrt(2)),
    ("x^{2/3}", -2, mpmath.cbrt(4)), ("x^{-1/3}", -2, -1 / mpmath.cbrt(2)), ("\\sqrt{x}", 2, mpmath.sqrt(2)),
    ("\\sqrt[100]{x}", 3, mpmath.root(3, 100)), ("|x \\pi|", -1, mpmath.pi), ("x + \\pi - \\pi", 1, 1),
    ("\\cos(x)", 0, 1), ("x^{1/2}", -4, mpmath.mpc(0, 2)),
]

FAILS = [
    ("x!", -1, Undefined, "factorial of a negative integer"), ("\\Gamma(x)", 0, Undefined, "gamma at a pole"),
    ("\\Gamma(x)", -2, Undefined, "gamma at a pole"), ("\\gcd(x, 4)", F(1, 2), Undefined, "gcd of non-integers"),
    ("\\operatorname{lcm}(x, 4)", F(1, 2), Undefined, "lcm of non-integers"),
    ("\\ln x", 0, Undefined, "log of 0"), ("\\log_x 8", 1, Undefined, "log to base 1"),
    ("0^x", -1, Undefined, "division by zero"), ("x^{-1}", 0, Undefined, "division by zero"),
    ("\\frac{1}{x}", 0, Undefined, "division by zero"), ("\\sqrt[x]{8}", 0, Undefined, "zeroth root"),
    ("0^{x \\pi}", -1, Undefined, "0 to a non-positive power"),
    ("0^{x \\pi}", 0, Undefined, "0 to a non-positive power"),
    ("\\sum_{k=1}^{x} k", F(1, 2), Unsupported, "a sum whose bounds are not integers"),
]


@pytest.mark.parametrize("text, x, value", EXACT)
def test_exact_paths_give_an_exact_fraction(text: str, x: Q, value: Q) -> None:
    got = _evaluate(text, x)
    assert isinstance(got, F) and got == value, (text, x, got)


@pytest.mark.parametrize("text, x, value", INEXACT)
def test_paths_left_to_mpmath_give_its_value(text: str, x: Q, value: Any) -> None:
    got = _evaluate(text, x)
    assert not isinstance(got, F), (text, x, got)
    assert abs(mpmath.mpmathify(got) - value) <= mpmath.mpf(10) ** -12 * max(1, abs(value)), (text, x, got)


@pytest.mark.parametrize("text, x, error, message", FAILS)
def test_undefined_and_refused_operations(text: str, x: Q, error: type, message: str) -> None:
    with pytest.raises(error) as raised:
        _evaluate(text, x)
    assert str(raised.value) == message


def test_the_largest_exact_factorial_binomial_and_gamma() -> None:
    """At ``MAX_FACTORIAL`` each is exact; one above it, mpmath's (the same value, rounded)."""
    big = math.factorial(MAX_FACTORIAL)
    assert _evaluate("x!", MAX_FACTORIAL) == big and isinstance(_evaluate("x!", MAX_FACTORIAL), F)
    assert _evaluate("\\Gamma(x)", MAX_FACTORIAL) == math.factorial(MAX_FACTORIAL - 1)
    above = _evaluate("x!", MAX_FACTORIAL + 1)
    assert not isinstance(above, F)
    assert abs(mpmath.mpf(above) / (big * (MAX_FACTORIAL + 1)) - 1) < mpmath.mpf(10) ** -12
    gamma = _evaluate("\\Gamma(x)", MAX_FACTORIAL + 1)
    assert not isinstance(gamma, F) and abs(mpmath.mpf(gamma) / big - 1) < mpmath.mpf(10) ** -12
    binom = _evaluate("\\binom{x}{1}", MAX_FACTORIAL + 1)
    assert not isinstance(binom, F) and abs(binom - (MAX_FACTORIAL + 1)) < 1e-9


def test_an_exact_root_of_a_number_of_a_thousand_bits_and_more() -> None:
    """Roots of integers of 1,000 bits and more are found by Newton's method, not a float: still exact."""
    assert _evaluate("\\sqrt{x}", 10 ** 800) == 10 ** 400 and isinstance(_evaluate("\\sqrt{x}", 10 ** 800), F)
    assert _evaluate("\\sqrt[3]{x}", 7 ** 999) == 7 ** 333
    assert not isinstance(_evaluate("\\sqrt{x}", 10 ** 800 + 1), F)
    assert _evaluate("x^{1/2}", F(1, 10 ** 800)) == F(1, 10 ** 400)


@pytest.mark.parametrize("root, q", [(10 ** 15 + 37, 2), (10 ** 75 + 7, 2), (3 ** 100, 3), (10 ** 30 + 1, 7),
                                     (2 ** 52 + 1, 2), (2 ** 53 + 1, 3)])
def test_an_exact_root_of_any_size_below_a_thousand_bits(root: int, q: int) -> None:
    """A float holds 53 bits: the q-th root of a perfect power whose root has more than about 50 bits is found by
    Newton's method (it was left to mpmath up to 1,000 bits, then decided by sympy, not exactly)."""
    n = root ** q
    assert _evaluate(f"\\sqrt[{q}]{{x}}", n) == root and isinstance(_evaluate(f"\\sqrt[{q}]{{x}}", n), F)
    assert _evaluate(f"\\sqrt[{q}]{{x}}", F(1, n)) == F(1, root)
    assert not isinstance(_evaluate(f"\\sqrt[{q}]{{x}}", n + 1), F)
