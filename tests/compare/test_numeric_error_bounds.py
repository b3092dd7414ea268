"""The error bound the numeric evaluator carries with each value (``compare._numeric``: ``_propagated`` for
arithmetic, ``_function_noise`` for functions) is sound and not loose, for every arithmetic operation and every
function of its table, one row each.

The samples of docs/testing.md kept finding mutants of these bounds (seeds 19 and 31: 9 of 13 survivors in
``compare/_numeric.py``): the bound decides how small a difference may be called noise, so a bound made too loose
lets a wrong answer that differs in a far digit pass, and one made too tight calls rounding a difference. Each row
evaluates a constant at the first precision the comparison uses (``BASE_DIGITS``) and again at four times the
digits, and checks that

- the difference of the two values lies under the bound (sound), and
- the bound lies at most ``slack`` bits above the value's last digit at that precision (not loose): 12 bits for a
  well-conditioned value (one bit per operation, two per function, the rounding of the arguments), plus what the
  condition of the function adds by design (its docstring): the magnitude of the argument of a periodic function
  or an exponential (its absolute error becomes the value's), of the exponent of a power, and up to 64 bits for a
  root of a large number.

This is a coarse check: it catches a bound off by several bits or by a sign, not one off by a bit or two (the
tests of seeds 19 and 31 pin those few with pairs that differ just above the bound).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, List, Tuple

import mpmath
import pytest

from mathgrade import read
from mathgrade.compare._numeric import _FUNCS, BASE_DIGITS, _measure

WELL = 12.0
"""The bits a well-conditioned value's bound may lie above its last digit."""

# (a constant, the slack in bits of its bound above its last digit, the function or operation it exercises)
ROWS: List[Tuple[str, float, str]] = [
    ("\\pi + e", WELL, "add"), ("\\pi \\cdot e", WELL, "mul"), ("\\frac{\\pi}{e}", WELL, "div"),
    ("\\frac{1}{\\pi \\cdot 10^{30}}", WELL, "div"), ("\\frac{\\pi}{10^{30}}", WELL, "div"),
    ("e^{100} \\cdot \\pi", WELL + 7, "mul"), ("\\pi \\cdot e^{-100}", WELL + 7, "mul"),
    ("\\pi \\cdot 10^{30} + e", WELL, "add"),
    ("\\pi^{e}", WELL, "pow"), ("(\\pi/10)^{100}", WELL + 7, "pow"), ("-\\pi \\cdot e", WELL, "neg"),
    ("\\sqrt{\\pi}", WELL, "sqrt"), ("\\sqrt{10^{40}\\pi}", WELL + 64, "sqrt"), ("\\sqrt[3]{\\pi}", WELL, "root"),
    ("\\sin(\\pi/7)", WELL, "sin"), ("\\cos(\\pi/7)", WELL, "cos"), ("\\tan(\\pi/7)", WELL, "tan"),
    ("\\cot(\\pi/7)", WELL, "cot"), ("\\sec(\\pi/7)", WELL, "sec"), ("\\csc(\\pi/7)", WELL, "csc"),
    ("\\sin(10^{20}\\pi/7)", WELL + 67, "sin"), ("\\arcsin(1/\\pi)", WELL, "asin"), ("\\arccos(1/\\pi)", WELL, "acos"),
    ("\\arctan(\\pi)", WELL, "atan"), ("\\sinh(\\pi)", WELL, "sinh"), ("\\cosh(\\pi)", WELL, "cosh"),
    ("\\tanh(\\pi)", WELL, "tanh"), ("\\ln(\\pi)", WELL, "ln"), ("\\log(\\pi)", WELL, "log"),
    ("\\ln(10^{40}\\pi)", WELL, "ln"), ("\\log_2(\\pi)", WELL, "log_base"), ("e^{\\pi}", WELL, "pow"),
    ("\\exp(10\\pi)", WELL + 5, "exp"), ("|\\pi - 4|", WELL, "abs"), ("\\Gamma(\\pi)", WELL, "gamma"),
    ("\\max(\\pi, e)", WELL, "max"), ("\\min(\\pi, e)", WELL, "min"), ("\\lfloor 10\\pi \\rfloor", WELL, "floor"),
    ("\\lceil 10\\pi \\rceil", WELL, "ceil"), ("\\sum_{k=1}^{5} \\sqrt{k}", WELL, "sum"),
    ("\\prod_{k=1}^{5} \\sqrt{k}", WELL, "prod"),
]


def _mp(value: Any) -> Any:
    if isinstance(value, Fraction):
        return mpmath.mpf(value.numerator) / value.denominator
    return mpmath.mpf(value)


@pytest.mark.parametrize("text, slack, what", ROWS, ids=[r[0] for r in ROWS])
def test_each_error_bound_is_sound_and_not_loose(text: str, slack: float, what: str) -> None:
    tree = getattr(read(text).value, "tree", None)
    assert tree is not None, text
    low = _measure(tree, {}, BASE_DIGITS, False)
    high = _measure(tree, {}, 4 * BASE_DIGITS, False)
    if isinstance(low.value, Fraction):  # (a floor or ceiling of a value far from an integer: exact)
        assert low.noise is None and low.value == high.value
        return
    assert low.noise is not None, (text, "an inexact value without an error bound")
    with mpmath.workprec(2000):
        a, b = _mp(low.value), _mp(high.value)
        error = abs(a - b)
        last_digit = float(mpmath.log(abs(b), 2)) - BASE_DIGITS / math.log10(2)
        assert error <= mpmath.ldexp(1, int(math.floor(low.noise))), (text, low.noise, float(mpmath.log(error, 2)))
    assert low.noise <= last_digit + slack, (text, low.noise - last_digit, slack)


def test_the_rows_cover_every_operation_and_every_function_that_rounds() -> None:
    exact_only = {"factorial", "binom", "gcd", "lcm", "re", "im", "arg", "conj"}  # (exact, or complex parts)
    covered = {r[2] for r in ROWS}
    assert {"add", "mul", "div", "pow", "neg", "sum", "prod"} <= covered
    assert set(_FUNCS) - exact_only <= covered, sorted(set(_FUNCS) - exact_only - covered)
