"""A zero made exactly in floating point is compared exactly, whatever magnitudes were met on the way.

A product with an exact zero factor (``0 \\cdot e^{1000}``), or a function whose exact argument gives an exact zero
(``\\sin 0``, ``\\arccos 1``), is an mpmath zero with no error bound. The comparison used to give such values a noise
floor at the largest magnitude met while computing them (e^1000: 2^1443), so ``0 \\cdot e^{1000}`` was "correct"
for ``10^{-100}`` (a false "correct"; ``\\sin(0) \\cdot e^{300}`` for ``10^{-20}`` too). Now a value with no error
bound is exact: a Fraction, or such a zero (a zero factor's own error bound is not carried into the product, which
would make ``(e^{100} - e^{100}) \\cdot e^{300}`` equal to anything small).
"""

from __future__ import annotations

from typing import List, Tuple

import pytest

import mathgrade

ROWS: List[Tuple[str, str, bool]] = [
    # the attacks: an exact zero is no small number, however large the factors it multiplies
    ("0 \\cdot e^{1000}", "10^{-100}", False),
    ("\\sin(0) \\cdot e^{300}", "10^{-20}", False),
    ("\\arccos(1) \\cdot 10^{50} \\pi", "10^{-60}", False),
    ("0 \\cdot e^{100}", "10^{-10}", False),
    ("0 \\cdot \\pi", "10^{-40}", False),
    ("\\ln(1) \\cdot e^{500} + 0", "-10^{-80}", False),
    ("(e^{100} - e^{100}) \\cdot e^{300}", "10^{-20}", False),
    # and it is zero
    ("0 \\cdot e^{1000}", "0", True),
    ("\\sin(0) \\cdot e^{300}", "0", True),
    ("\\arccos(1) \\cdot 10^{50} \\pi", "0", True),
    ("(e^{100} - e^{100}) \\cdot e^{300}", "0", True),
    # a large value that is not zero is still compared within its error bound
    ("((\\pi + 10^{-200}) - \\pi) \\cdot 10^{300}", "10^{100}", True),
    ("((\\pi + 10^{-200}) - \\pi) \\cdot 10^{300}", "2 \\cdot 10^{100}", False),
]


@pytest.mark.parametrize("answer,gold,correct", ROWS)
def test_an_exact_zero_is_compared_exactly(answer: str, gold: str, correct: bool) -> None:
    for a, g in ((answer, gold), (gold, answer)):  # (either side)
        v = mathgrade.grade(f"The answer is ${a}$.", g)
        assert v.correct is correct, (a, g, v.explain())
