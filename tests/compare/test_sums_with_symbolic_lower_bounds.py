"""Sums and products whose lower bound holds a variable (``\\sum_{k=m}^{n} k``, ``\\sum_{k=a}^{\\infty} 2^{-k}``):
the evaluator cannot sum them at random points, and sympy decides, with the bound's variable the same symbol as the
closed form's. Each right closed form has a contrast that is off by a term or a factor, graded wrong. Seed 199 of
docs/testing.md: ``_sympy._function`` converting the lower bound with no symbol table (``None``) survived: sympy's
conversion then failed, and every right closed form below was graded wrong.
"""

from __future__ import annotations

import pytest

import mathgrade

# (answer, right closed form, a wrong one)
ROWS = [
    ("\\sum_{k=m}^{n} k", "\\frac{(n+m)(n-m+1)}{2}", "\\frac{(n+m)(n-m+2)}{2}"),
    ("\\sum_{k=a}^{a+2} k", "3a+3", "3a+4"),
    ("\\sum_{k=m}^{n} 1", "n-m+1", "n-m"),
    ("\\sum_{k=a}^{\\infty} 2^{-k}", "2^{1-a}", "2^{-a}"),
    ("\\prod_{k=a}^{a+1} k", "a^2+a", "a^2"),
    ("\\sum_{k=n}^{2n} k", "\\frac{3n(n+1)}{2}", "\\frac{3n(n+1)}{4}"),
]


@pytest.mark.parametrize("answer, right, wrong", ROWS, ids=[r[0] for r in ROWS])
def test_a_sum_from_a_variable_is_decided_symbolically(answer: str, right: str, wrong: str) -> None:
    verdict = mathgrade.grade(answer, right, timeout=60)
    assert verdict.status.value == "correct", verdict
    assert verdict.rule == "expression.symbolic", verdict
    assert not mathgrade.grade(answer, wrong, timeout=60).correct
    assert mathgrade.grade(right, answer, timeout=60).correct  # (the sum as the gold)
