"""``2 1/3`` is the mixed number 7/3 (``_read._parser._Parser.mixed_fraction``), but not when a power, a factorial or
a subscript follows the denominator (``2 1/3!``, ``2 1/3^2``): there the reader reads no mixed number, and the input
is left unread (the number after the space is unexpected).

Written for seed 181 (docs/testing.md): the factorial dropped from that test (``"XX!XX"``) read ``2 1/3!`` as
``(7/3)!``.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from mathgrade._read import read
from mathgrade.values import Number


@pytest.mark.parametrize("s", ["2 1/3!", "2 3/4!", "1 2/5!", "3 1/4! + 1", "2 1/3^2", "1 2/5^{3}"])
def test_no_mixed_number_before_a_factorial_or_a_power(s: str) -> None:
    r = read(s)
    assert r.value is None and r.error is not None, (s, r.value)
    assert r.error.pos == 2 and r.error.message == f"unexpected '{s[2]}'", (s, str(r.error))


@pytest.mark.parametrize("s, value", [("2 1/3", Fraction(7, 3)), ("2 3/4", Fraction(11, 4)), ("1 2/5", Fraction(7, 5)),
                                      ("10 1/2", Fraction(21, 2))])
def test_a_mixed_number_alone(s: str, value: Fraction) -> None:
    assert read(s).value == Number(value)
