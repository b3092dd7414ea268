"""Two sides real only for negative values of their variable (``\\sqrt{-1/x}`` and ``\\frac{1}{\\sqrt{-x}}``), or
only where two variables have opposite signs (``\\sqrt{-1/(vy)}``), are compared as real functions
(``compare/_scalars._real_points``): the points where neither is real are passed over, and the points of the
comparison's own draw (salt ``"real"``) decide, equal where both are real, whatever the variable's name. Each row
has a contrast that differs where both are real and must not pass.

Written for seed 101 (docs/testing.md): the signed points drawn without their salt (the main sample's points again)
found too few negative values for ``y``, and the pair was graded wrong. Probing it found the same fault in the code
itself, fixed: the draw's signed points were the only negative ones, and for ``x`` they hold one, so
``\\sqrt{-1/x}`` was graded wrong against ``\\frac{1}{\\sqrt{-x}}`` (and right with ``y``); the positive points are
now followed by the same points negated. The rows in two variables need the signed points, which the fix leaves.
"""

from __future__ import annotations

import pytest

import mathgrade

# (answer, gold equal wherever both are real, gold that differs where both are real)
_ROWS = [
    ("\\sqrt{-1/x}", "\\frac{1}{\\sqrt{-x}}", "\\frac{2}{\\sqrt{-x}}"),
    ("\\sqrt{-1/v}", "\\frac{1}{\\sqrt{-v}}", "\\frac{1}{\\sqrt{-v}} + 1"),
    ("\\sqrt{-1/y}", "\\frac{1}{\\sqrt{-y}}", "\\frac{2}{\\sqrt{-y}}"),
    ("\\sqrt{\\frac{-1}{y}}", "\\frac{1}{\\sqrt{-y}}", "\\frac{1}{\\sqrt{-2y}}"),
    ("\\sqrt{-1/c}", "\\frac{1}{\\sqrt{-c}}", "\\frac{1}{\\sqrt{-c}} + 1"),
    ("3\\sqrt{-4/x}", "\\frac{6}{\\sqrt{-x}}", "\\frac{3}{\\sqrt{-x}}"),
    ("\\sqrt{-1/(vy)}", "\\frac{1}{\\sqrt{-vy}}", "\\frac{2}{\\sqrt{-vy}}"),
    ("\\sqrt{\\frac{-1}{su}}", "\\frac{1}{\\sqrt{-su}}", "\\frac{1}{\\sqrt{-2su}}"),
]


@pytest.mark.parametrize("answer, gold, _other", _ROWS)
def test_sides_real_for_negative_values_are_equal_where_both_are_real(answer: str, gold: str, _other: str) -> None:
    v = mathgrade.grade(f"${answer}$", gold)
    assert v.correct and v.rule == "expression.real_values", v.explain()


@pytest.mark.parametrize("answer, _gold, other", _ROWS)
def test_sides_that_differ_where_both_are_real_are_not(answer: str, _gold: str, other: str) -> None:
    v = mathgrade.grade(f"${answer}$", other)
    assert not v.correct, v.explain()
