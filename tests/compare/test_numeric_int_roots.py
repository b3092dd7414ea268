"""The exact integer root of a perfect power (``compare/_numeric._int_root``) is found whatever its size: from a
float's root up to 50 bits, which may be one or two units off for a root of 46 to 50 bits (``1/q`` and the power are
rounded: the rows below were found off by -2, -1, +1 and +2), and from Newton's method above. The evaluator then
gives the root as an exact rational. Each row has its contrasts: the power plus or minus one, which has no integer
root, and whose root stays inexact.

Written for seed 127 (docs/testing.md): the candidates ``r - 1, r, r + 1`` made ``r - 2, r, r + 1`` missed the root
of ``315520818003356^5``, whose float root is one too high. Probing it found the float root two units off (below and
above), a fault, fixed: ``866722395342518^3`` and ``964868019462109^5`` had no exact root, so their roots were left
to mpmath (no verdict found changed: the values still agreed at every precision tried).
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from mathgrade.compare._numeric import _int_root, numeric_value

# (root, degree): the float root of root**degree is off by the amount noted
_ROOTS = [
    (866722395342518, 3),  # -2
    (546905313022514, 3),  # -1
    (315520818003356, 5),  # +1
    (964868019462109, 5),  # +2
    (1036365089951221, 15),  # -1
    (833397042210341, 10),  # +2
    (12345, 3),
    (2, 60),
    ((1 << 60) + 3, 3),  # Newton's method
    (10**75 + 7, 2),  # Newton's method
]


def _root_tree(n: int, q: int) -> tuple:
    return ("func", "root", ("num", F(n), None), ("num", F(q), None))


@pytest.mark.parametrize("m, q", _ROOTS)
def test_the_root_of_a_perfect_power_is_exact(m: int, q: int) -> None:
    assert _int_root(m**q, q) == m
    value, why = numeric_value(_root_tree(m**q, q))
    assert why == "" and isinstance(value, F) and value == m, (value, why)


@pytest.mark.parametrize("m, q", _ROOTS)
def test_a_power_plus_or_minus_one_has_no_integer_root(m: int, q: int) -> None:
    for n in (m**q + 1, m**q - 1):
        assert _int_root(n, q) is None, n
        value, why = numeric_value(_root_tree(n, q))
        assert why == "" and value is not None and not isinstance(value, F), (value, why)
