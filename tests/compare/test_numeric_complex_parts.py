"""The parts of a number (``re``, ``im``, ``conj``, ``arg``: ``compare/_numeric._part``) of an exact rational are
exact: its real part and its conjugate are itself, its imaginary part 0, its argument 0 for a positive number and
π for a negative one (undefined at 0). The contrast of each exact row is the same part of a complex value, computed
in floating point, which differs from it. The trees are those of ``mathgrade.values`` (``conj`` is one of its
functions; the reader writes none).

Written for seed 127 (docs/testing.md): ``conj`` tested as ``"CONJ"`` gave an exact rational its argument (the
conjugate of 5 was 0, of -3 π), and the table of the parts of a complex value naming ``"ARG"`` left ``arg`` out (a
KeyError for the argument of ``1 + i``).
"""

from __future__ import annotations

from fractions import Fraction as F
from typing import Any

import mpmath
import pytest

import mathgrade
from mathgrade.compare._numeric import numeric_value


def _num(x: F) -> tuple:
    return ("num", x, None)


def _complex(re: int, im: int) -> tuple:  # re + im·i
    return ("add", _num(F(re)), ("mul", _num(F(im)), ("const", "i")))


_PI = mpmath.mpf(mpmath.pi)
# (part, the exact rational, its part)
_EXACT = [
    ("re", F(5), F(5)), ("re", F(-3), F(-3)), ("re", F(1, 2), F(1, 2)), ("re", F(0), F(0)),
    ("conj", F(5), F(5)), ("conj", F(-3), F(-3)), ("conj", F(1, 2), F(1, 2)), ("conj", F(0), F(0)),
    ("im", F(5), F(0)), ("im", F(-3), F(0)), ("im", F(0), F(0)),
    ("arg", F(5), F(0)), ("arg", F(1, 2), F(0)), ("arg", F(-3), _PI),
]
# (part, a complex value re + im·i, its part)
_COMPLEX: Any = {"re": ((2, 3), 2), "conj": ((2, 3), mpmath.mpc(2, -3)), "im": ((2, 3), 3),
                 "arg": ((0, 1), _PI / 2)}


@pytest.mark.parametrize("part, x, expected", _EXACT)
def test_the_parts_of_an_exact_rational(part: str, x: F, expected: Any) -> None:
    value, why = numeric_value(("func", part, _num(x)))
    assert why == "", why
    if isinstance(expected, F):
        assert isinstance(value, F) and value == expected, value
    else:
        assert abs(value - expected) < mpmath.mpf(10) ** -15, value
    # the contrast: the same part of a complex number, computed in floating point
    (re, im), of_complex = _COMPLEX[part]
    other, why = numeric_value(("func", part, _complex(re, im)))
    assert why == "" and abs(other - of_complex) < mpmath.mpf(10) ** -15, other
    assert abs(other - value) > 0.5, (value, other)


def test_the_argument_of_zero_is_undefined() -> None:
    assert numeric_value(("func", "arg", _num(F(0)))) == (None, "undefined (arg of 0)")
    assert numeric_value(("func", "conj", _num(F(0)))) == (F(0), "")


# (a part of a complex value as written, the gold it equals, a gold it does not)
_WRITTEN = [
    ("\\arg(1 + i)", "\\frac{\\pi}{4}", "\\frac{\\pi}{2}"),
    ("\\arg(-1 + i)", "\\frac{3\\pi}{4}", "\\frac{\\pi}{4}"),
    ("\\Re(2+3i)", "2", "3"),
    ("\\Im(2+3i)", "3", "2"),
]


@pytest.mark.parametrize("answer, right, wrong", _WRITTEN)
def test_the_parts_of_a_complex_value_as_written(answer: str, right: str, wrong: str) -> None:
    v = mathgrade.grade(f"${answer}$", right)
    assert v.correct, v.explain()
    v = mathgrade.grade(f"${answer}$", wrong)
    assert not v.correct, v.explain()
