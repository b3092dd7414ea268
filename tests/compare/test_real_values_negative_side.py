"""Two sides real only for negative values of their variable (``\\sqrt{-1/y}`` and ``\\frac{1}{\\sqrt{-y}}``) are
compared as real functions (``compare/_scalars._real_points``): the positive points, where neither is real, are
passed over, and the signed points of the comparison's own draw (salt ``"real"``) decide, equal where both are real.
Each row has a contrast that differs where both are real and must not pass.

Written for seed 101 (docs/testing.md): the signed points drawn without their salt (the main sample's points again)
found too few negative values for ``y``, and the pair was graded wrong. The rows use variables whose draw holds at
least three negative points; see docs/testing.md for ``x``, whose draw holds one (a right answer graded wrong,
left to the owner of ``compare/_scalars.py``).
"""

from __future__ import annotations

import pytest

import mathgrade

# (answer, gold equal wherever both are real, gold that differs where both are real)
_ROWS = [
    ("\\sqrt{-1/y}", "\\frac{1}{\\sqrt{-y}}", "\\frac{2}{\\sqrt{-y}}"),
    ("\\sqrt{\\frac{-1}{y}}", "\\frac{1}{\\sqrt{-y}}", "\\frac{1}{\\sqrt{-2y}}"),
    ("\\sqrt{-1/c}", "\\frac{1}{\\sqrt{-c}}", "\\frac{1}{\\sqrt{-c}} + 1"),
    ("3\\sqrt{-4/y}", "\\frac{6}{\\sqrt{-y}}", "\\frac{3}{\\sqrt{-y}}"),
]


@pytest.mark.parametrize("answer, gold, _other", _ROWS)
def test_sides_real_for_negative_values_are_equal_where_both_are_real(answer: str, gold: str, _other: str) -> None:
    v = mathgrade.grade(f"${answer}$", gold)
    assert v.correct and v.rule == "expression.real_values", v.explain()


@pytest.mark.parametrize("answer, _gold, other", _ROWS)
def test_sides_that_differ_where_both_are_real_are_not(answer: str, _gold: str, other: str) -> None:
    v = mathgrade.grade(f"${answer}$", other)
    assert not v.correct, v.explain()
