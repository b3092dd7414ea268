"""Behaviour tests written for mutants of the comparison stage that the other tests let live (docs/testing.md).

Each test names the change it kills: a test here fails when that change is made to ``src/mathgrade/compare/``.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import mathgrade
from mathgrade.compare._numbers import rounds_to


# -- rounding: a tie counts either way (compare._numbers.rounds_to) ----------------------------------------------------
@pytest.mark.parametrize("answer", ["0.113", "0.112"])
def test_a_tie_rounds_either_way(answer: str) -> None:
    # 9/80 = 0.1125 exactly: half-up gives 0.113, half-even 0.112 (killed: `<=` made `<` in rounds_to)
    v = mathgrade.grade(f"${answer}$", "\\frac{9}{80}")
    assert v.correct and v.rule == "number.rounded", v.explain()


@pytest.mark.parametrize("answer", ["0.114", "0.111", "0.11"])
def test_a_tie_does_not_stretch_to_the_next_digit(answer: str) -> None:
    v = mathgrade.grade(f"${answer}$", "\\frac{9}{80}")
    assert not v.correct, v.explain()


def test_rounds_to_at_the_tie_and_just_past_it() -> None:
    assert rounds_to(Fraction(9, 80), Fraction(113, 1000), 3)
    assert rounds_to(Fraction(9, 80), Fraction(112, 1000), 3)
    assert not rounds_to(Fraction(9, 80) + Fraction(1, 10**9), Fraction(112, 1000), 3)
    assert not rounds_to(Fraction(9, 80) - Fraction(1, 10**9), Fraction(113, 1000), 3)
    assert rounds_to(Fraction(150), Fraction(200), -2) and rounds_to(Fraction(150), Fraction(100), -2)
    assert not rounds_to(Fraction(151), Fraction(100), -2)
