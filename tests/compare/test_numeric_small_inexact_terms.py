"""A sum of a moderate irrational and a tiny inexact term (``\\sqrt{2} + 10^{-90}\\pi``) is evaluated with the digits
the gap between their magnitudes needs (``compare/_numeric._Evaluator._sum``: the spread is the largest magnitude
less the smallest), so the tiny term is seen even where the confirming precision alone (twice 50 digits) would not
see it: the sum is not the moderate term alone. Each row has its contrast: the same sum written the other way round,
which is correct.

Written for seed 127 (docs/testing.md): the spread made the magnitudes' sum (``max + min``), which is negative for a
tiny term, so no digits were added: ``\\sqrt{2} + 10^{-90}\\pi`` was correct for ``\\sqrt{2}``, and ``e +
\\frac{\\pi}{10^{120}}`` for ``e`` (a false "correct" under that mutant). An exact tiny term (``\\sqrt{2} +
10^{-90}``) adds its own digits when it enters the sum, and was seen either way.
"""

from __future__ import annotations

import pytest

import mathgrade

# (the sum, the moderate term alone: a different value, the same sum written otherwise)
_SUMS = [
    ("\\sqrt{2} + 10^{-90}\\pi", "\\sqrt{2}", "\\pi \\cdot 10^{-90} + \\sqrt{2}"),
    ("\\pi + 10^{-200}\\sqrt{2}", "\\pi", "\\sqrt{2} \\cdot 10^{-200} + \\pi"),
    ("e + \\frac{\\pi}{10^{120}}", "e", "\\frac{\\pi}{10^{120}} + e"),
    ("\\sqrt{3} - 10^{-95} e", "\\sqrt{3}", "-e \\cdot 10^{-95} + \\sqrt{3}"),
    ("(\\sqrt{2} + 10^{-90}\\pi) x", "\\sqrt{2} x", "x \\sqrt{2} + 10^{-90} \\pi x"),
]


@pytest.mark.parametrize("total, moderate, _same", _SUMS)
def test_a_tiny_inexact_term_is_seen(total: str, moderate: str, _same: str) -> None:
    for answer, gold in ((total, moderate), (moderate, total)):
        v = mathgrade.grade(f"${answer}$", gold)
        assert not v.correct, v.explain()


@pytest.mark.parametrize("total, _moderate, same", _SUMS)
def test_the_same_sum_written_otherwise_is_correct(total: str, _moderate: str, same: str) -> None:
    v = mathgrade.grade(f"${total}$", same)
    assert v.correct, v.explain()
