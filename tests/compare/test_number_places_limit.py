"""A written decimal is taken as a rounding of an exact value at up to ``limits.MAX_EXPONENT`` (20,000) places, and
no further (``compare/_numbers._compare_values``: no rounding at absurd positions). The reader refuses exponents
over 5,000, so such decimals are built here as the reader's values are, ``Number(value, places, ...)``, and compared
by ``compare_numbers``: at 20,000 places ``0.33...3`` is 1/3 rounded; at 20,001 it only differs; either way round.

Written for seed 137 (docs/testing.md): the limit tested as ``abs(p) >= MAX_EXPONENT`` refused the decimal at
exactly 20,000 places.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from mathgrade.compare._numbers import compare_numbers
from mathgrade.limits import MAX_EXPONENT
from mathgrade.options import Options
from mathgrade.values import Number


def _thirds(places: int) -> Number:
    """``0.33...3`` with ``places`` threes, as written."""
    return Number(Fraction(10 ** places // 3, 10 ** places), places, False, False)


def test_the_limit_is_20000() -> None:
    assert MAX_EXPONENT == 20_000


@pytest.mark.parametrize("places", [MAX_EXPONENT - 1, MAX_EXPONENT])
def test_a_decimal_up_to_the_limit_is_a_rounding(places: int) -> None:
    third = Number(Fraction(1, 3), None, False, False)
    ok, rule, reason = compare_numbers(_thirds(places), third, Options())
    assert (ok, rule) == (True, "number.rounded"), reason
    ok, rule, reason = compare_numbers(third, _thirds(places), Options())
    assert (ok, rule) == (True, "number.rounded"), reason
    # the contrast: one digit changed is no rounding
    wrong = Number(_thirds(places).value + Fraction(1, 10 ** places), places, False, False)
    assert compare_numbers(wrong, third, Options())[0] is False


@pytest.mark.parametrize("places", [MAX_EXPONENT + 1, MAX_EXPONENT + 2])
def test_a_decimal_past_the_limit_only_differs(places: int) -> None:
    third = Number(Fraction(1, 3), None, False, False)
    ok, rule, reason = compare_numbers(_thirds(places), third, Options())
    assert (ok, rule) == (False, "number.exact") and "differs from" in reason, reason
    ok, rule, reason = compare_numbers(third, _thirds(places), Options())
    assert (ok, rule) == (False, "number.exact") and "differs from" in reason, reason
