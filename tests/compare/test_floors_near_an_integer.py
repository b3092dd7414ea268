"""The floor and ceiling of a value within 10^-50 of an integer, and on the other side of it: the evaluator works at
50 digits first, where ``10 + e^{-200}`` is 10, and a floor or a ceiling is an exact integer whatever it was taken
from, so the exact comparison must wait for the digits the value needs (those of its smallest term). Each row is
graded both ways round (the expression as the answer and as the gold), with its contrast, the integer on the other
side, graded wrong. Found from seed 181's survivor in ``_numeric._Evaluator._product`` (docs/testing.md): before
the fix in ``_numeric.same_value`` (the exact comparison came before the digits were raised), each contrast below
was credited and each right integer graded wrong by ``expression.numeric`` (a false "correct":
``\\lfloor 1 - \\frac{\\pi}{10^{100}} \\rfloor`` was 1); and before the fix in ``_numeric.numeric_value`` (the
value the rounding rules read was taken at 50 digits), the contrast written as a decimal (``10.0``) was credited by
``number.rounded``.
"""

from __future__ import annotations

import pytest

import mathgrade

TEN60 = 10 ** 60

# (expression, its value, the integer next to it on the other side)
ROWS = [
    ("\\lceil 10 + e^{-200} \\rceil", "11", "10"),
    ("\\lfloor 10 - e^{-200} \\rfloor", "9", "10"),
    ("\\lfloor 1 - \\frac{\\pi}{10^{100}} \\rfloor", "0", "1"),
    ("\\lceil 5 + \\frac{\\sqrt{2}}{10^{80}} \\rceil", "6", "5"),
    ("\\lceil \\sqrt{10^{120}+1} \\rceil", str(TEN60 + 1), str(TEN60)),
    ("\\lfloor \\sqrt{10^{120}-1} \\rfloor", str(TEN60 - 1), str(TEN60)),
    # within the first 50 digits: decided as before
    ("\\lfloor 10 - e^{-100} \\rfloor", "9", "10"),
    ("\\lceil 10 + e^{-100} \\rceil", "11", "10"),
]


@pytest.mark.parametrize("expression, value, other", ROWS, ids=[r[0] for r in ROWS])
def test_a_floor_near_an_integer_is_taken_with_the_digits_it_needs(expression: str, value: str, other: str) -> None:
    for answer, gold in ((expression, value), (value, expression)):
        verdict = mathgrade.grade(answer, gold, timeout=60)
        assert verdict.status.value == "correct", (answer, gold, verdict)
    for answer, gold in ((expression, other), (other, expression)):
        verdict = mathgrade.grade(answer, gold, timeout=60)
        assert verdict.status.value == "incorrect", (answer, gold, verdict)


@pytest.mark.parametrize("expression, wrong", [
    ("\\lceil 10 + 10^{-30000} \\rceil", "10"),
    ("\\lfloor 10 - 10^{-30000} \\rfloor", "10"),
])
def test_a_floor_past_the_digits_the_evaluator_may_use_is_never_credited_wrongly(expression: str, wrong: str) -> None:
    verdict = mathgrade.grade(expression, wrong, timeout=60)
    assert not verdict.correct, verdict


@pytest.mark.parametrize("expression, value, other", ROWS[:4], ids=[r[0] for r in ROWS[:4]])
def test_a_floor_near_an_integer_is_rounded_from_the_digits_it_needs(expression: str, value: str, other: str) -> None:
    for answer, gold in ((expression, other + ".0"), (other + ".0", expression)):
        verdict = mathgrade.grade(answer, gold, timeout=60)
        assert verdict.status.value == "incorrect", (answer, gold, verdict)
    for answer, gold in ((expression, value + ".0"), (value + ".0", expression)):
        verdict = mathgrade.grade(answer, gold, timeout=60)
        assert verdict.status.value == "correct", (answer, gold, verdict)
