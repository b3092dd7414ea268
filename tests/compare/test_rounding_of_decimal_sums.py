"""A written decimal stands for every value within half its last unit (``1.34``: 1.335 to 1.345), and it matches a
coarser gold only when each of those values rounds to the gold (``compare/_numbers._surely_rounds_to``: no double
rounding). A sum of a decimal and an exact fraction keeps the decimal's places (``1.34 + \\frac{1}{500}`` is 1.342 to
2 places, standing for 1.337 to 1.347), so its value is no multiple of its unit, and the half unit is then what
decides: 1.342 to 2 places is a safe 1.3 (1.347 rounds to 1.3), 1.35 to 2 places is not (1.355 does not).

Written for seed 167 (docs/testing.md): the half unit made a whole unit (``Fraction(2, 2)``) changes nothing for a
plain decimal (its value is a multiple of its unit, and the bounds fall the same way), but refused these sums.
"""

from __future__ import annotations

import pytest

import mathgrade

# (answer, gold, correct)
ROWS = [
    ("1.34 + \\frac{1}{500}", "1.3", True), ("1.34 + \\frac{1}{1000}", "1.3", True),
    ("1.34 + \\frac{1}{250}", "1.3", True), ("1.26 - \\frac{1}{250}", "1.3", True),
    ("2.5 + \\frac{1}{30}", "2", False), ("12.34 + \\frac{1}{500}", "12.3", True),
    ("-1.34 - \\frac{1}{500}", "-1.3", True),
    # the contrasts: values whose range reaches past the gold's half unit
    ("1.34 + \\frac{1}{100}", "1.3", False), ("1.34 + \\frac{3}{500}", "1.3", False),
    ("1.26 - \\frac{3}{500}", "1.3", False), ("1.35", "1.3", False), ("1.34", "1.3", True),
    ("1.342", "1.3", True), ("1.347", "1.3", True),
]


@pytest.mark.parametrize("answer, gold, correct", ROWS)
def test_a_decimal_sum_against_a_coarser_gold(answer: str, gold: str, correct: bool) -> None:
    verdict = mathgrade.grade(answer, gold)
    assert verdict.correct is correct, (answer, gold, verdict.rule, verdict.reason)
    if correct:
        assert verdict.rule == "number.rounded", verdict.rule
