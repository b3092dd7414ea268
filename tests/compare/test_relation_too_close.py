"""An inequality between two constants that differ by less than the evaluator's first precision is decided by the
precision that told them apart, never read as false at the first one (``compare._relations._holds``: equal fractions
there are "too close to call").

Before, ``\\pi + 10^{-100} > \\pi`` was "a false statement", and ``x\\pi + 10^{-100} > x\\pi`` (true for every x)
"differed" from ``x = x`` (true for every x): wrong "incorrect" verdicts. The contrast rows are false everywhere and
stay incorrect.
"""

from __future__ import annotations

import pytest

import mathgrade

ROWS = [  # (answer, gold, correct)
    ("$\\boxed{x\\pi + 10^{-100} > x\\pi}$", "x = x", True),
    ("$\\boxed{x + 10^{-100} > x}$", "x = x", True),
    ("$\\boxed{x\\pi + 10^{-100} < x\\pi}$", "x = x", False),
    ("$\\boxed{x + 10^{-100} < x}$", "x = x", False),
    ("$\\boxed{x\\pi + 10^{-100} > x\\pi}$", "x > 0", False),
]


@pytest.mark.parametrize("answer, gold, correct", ROWS)
def test_an_inequality_too_close_for_the_first_precision(answer: str, gold: str, correct: bool) -> None:
    v = mathgrade.grade(answer, gold)
    assert v.correct is correct, v.explain()


@pytest.mark.parametrize("answer", ["$\\boxed{\\pi + 10^{-100} > \\pi}$", "$\\boxed{\\pi < \\pi + 10^{-100}}$"])
def test_a_true_inequality_of_constants_is_not_a_false_statement(answer: str) -> None:
    assert mathgrade.grade(answer, "1").rule != "relation.false"


@pytest.mark.parametrize("answer", ["$\\boxed{\\pi + 1 < \\pi}$", "$\\boxed{\\pi > \\pi + 10^{-3}}$"])
def test_a_false_inequality_of_constants_apart_at_the_first_precision_is_one(answer: str) -> None:
    assert mathgrade.grade(answer, "1").rule == "relation.false"
