"""A power carries the error bound of its base and of its exponent, and a base that is zero only in floating point
(a cancellation: ``(\\pi + 10^{-200}) - \\pi`` at 50 digits) is no exact zero.

Seed 73 of docs/testing.md: ``_propagated`` giving a power no bound from its operands (only its own rounding)
survived. A power of a base whose digits a cancellation spoiled (``(e^{100} + \\pi - e^{100})^2``) then looked
exact at its first precision, and a right answer was graded wrong. Probing it found a false "correct", fixed in
``compare/_numeric._Evaluator._pow``: a floating zero raised to a positive power became the exact zero, so
``((\\pi + 10^{-200}) - \\pi)^{2} \\cdot 10^{400}`` (which is 1) was "correct" for 0 and "incorrect" for 1: the
comparison returned at once for two exact values, before it raised the digits to see the 10^{-200}.
Each row has its contrast: a value just off, or the zero the cancellation showed at the first precision.
"""

from __future__ import annotations

from typing import List, Tuple

import pytest

import mathgrade

ROWS: List[Tuple[str, str, bool]] = [
    # the base's error bound: its digits were spoiled by a cancellation, the power is still the value
    ("(e^{100} + \\pi - e^{100})^{2}", "\\pi^{2}", True),
    ("(e^{100} + \\pi - e^{100})^{2}", "\\pi^{2} + 10^{-40}", False),
    ("(e^{100} + \\pi - e^{100})^{3}", "\\pi^{3}", True),
    ("(e^{100} + \\pi - e^{100})^{3}", "\\pi^{3} - 10^{-40}", False),
    ("((\\pi + 10^{-50}) - \\pi)^{2} \\cdot 10^{100}", "1", True),
    ("((\\pi + 10^{-50}) - \\pi)^{2} \\cdot 10^{100}", "1 + 10^{-30}", False),
    # the exponent's error bound
    ("2^{(e^{100} + \\pi - e^{100})}", "2^{\\pi}", True),
    ("2^{(e^{100} + \\pi - e^{100})}", "2^{\\pi} + 10^{-40}", False),
    # a base that is zero only at the first precision: the power is not the exact zero
    ("((\\pi + 10^{-200}) - \\pi)^{2} \\cdot 10^{400}", "1", True),
    ("((\\pi + 10^{-200}) - \\pi)^{2} \\cdot 10^{400}", "0", False),
    ("((\\sqrt{2} + 10^{-300}) - \\sqrt{2})^{3} \\cdot 10^{900}", "1", True),
    ("((\\sqrt{2} + 10^{-300}) - \\sqrt{2})^{3} \\cdot 10^{900}", "0", False),
    ("((\\pi + 10^{-200}) - \\pi)^{2}", "10^{-400}", True),
    ("((\\pi + 10^{-200}) - \\pi)^{2}", "0", False),
    # a zero made exactly stays exact: it equals 0 and no small number
    ("(\\pi - \\pi)^{2}", "0", True),
    ("(\\pi - \\pi)^{2}", "10^{-100}", False),
    ("(e^{100} - e^{100})^{3} \\cdot e^{300}", "0", True),
    ("(e^{100} - e^{100})^{3} \\cdot e^{300}", "10^{-20}", False),
]


@pytest.mark.parametrize("answer,gold,correct", ROWS)
def test_a_power_keeps_the_error_of_its_operands(answer: str, gold: str, correct: bool) -> None:
    for a, g in ((answer, gold), (gold, answer)):  # (either side)
        v = mathgrade.grade(f"The answer is ${a}$.", g)
        assert v.correct is correct, (a, g, v.explain())
