"""A constant whose value is lost in its rounding noise (``\\frac{1}{\\sin \\pi}``, ``\\ln(\\sin \\pi)``: the sine of
pi is a rounding error at every precision, so the quotient and the logarithm have no digit right) gives no numeric
evidence (``compare/_numeric.same_value`` returns None, as for an undefined value): sympy decides, and these are no
number. The contrasts: a value that is a small rounding error compared with 0 (``\\sin \\pi = 0``), constants with
digits (``\\frac{1}{\\sin(\\pi/6)} = 2``, ``\\frac{1}{e^{-200}} = e^{200}``), and the same tree on both sides.

Found from seed 179's survivor in ``_scalars._compare_constants`` (``_symbolic_only(a, None, ...)`` for "a value is
undefined", a branch no test reached): a false "correct", fixed in ``same_value``. The noise floor of such a value
(``10^GUARD_DIGITS`` times its error bound) is far above the value itself and above every number, so any number
agreed with it "at every precision tried": ``\\frac{1}{\\sin \\pi}`` was correct for 1, ``\\frac{1}{\\cos(\\pi/2)}``
for 5, ``\\ln(\\sin \\pi)`` for 1 (both policies; the gold may be the bad side too). Now an agreement within a floor
larger than both values and than 1 is no evidence.
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade import Status

LOST = ["\\frac{1}{\\sin(\\pi)}", "\\frac{1}{\\cos(\\frac{\\pi}{2})}", "\\ln(\\sin \\pi)", "(\\sin \\pi)^{-1}",
        "\\frac{\\sin \\pi}{\\sin \\pi}", "\\frac{1}{e^{i\\pi} + 1}", "\\frac{3}{\\sin(2\\pi)} + 3",
        "\\frac{1}{\\tan \\pi}"]
NUMBERS = ["1", "-115", "10^{50}"]


@pytest.mark.parametrize("number", NUMBERS)
@pytest.mark.parametrize("lost", LOST)
def test_a_value_lost_in_noise_equals_no_number(lost: str, number: str) -> None:
    for answer, gold in ((lost, number), (number, lost)):
        verdict = mathgrade.grade(answer, gold)
        assert verdict.status == Status.INCORRECT, (answer, gold, verdict.status, verdict.rule, verdict.reason)
        assert verdict.rule.startswith("expression."), verdict.rule
    assert not mathgrade.grade("The answer is $\\boxed{" + lost + "}$.", number, policy="reward").correct


def test_the_reason_says_there_is_no_numeric_check() -> None:
    verdict = mathgrade.grade("\\frac{1}{\\sin(\\pi)}", "1")
    assert verdict.rule == "expression.symbolic"
    assert verdict.reason.endswith("could not be shown equal (no numeric check: a value is undefined)"), verdict.reason


# (answer, gold): the contrasts, each correct
CONTRASTS = [
    ("\\sin \\pi", "0"), ("\\sin(\\pi) \\cdot 10^{40}", "0"), ("\\frac{1}{\\sin(\\frac{\\pi}{6})}", "2"),
    ("\\frac{1}{e^{-200}}", "e^{200}"), ("\\ln(\\sin(\\frac{\\pi}{2}))", "0"), ("e^{100} + 1 - e^{100}", "1"),
    ("\\frac{1}{\\sin(\\pi)}", "\\frac{1}{\\sin(\\pi)}"), ("\\frac{1}{\\sqrt{2}}", "\\frac{\\sqrt{2}}{2}"),
]


@pytest.mark.parametrize("answer, gold", CONTRASTS)
def test_values_with_digits_still_agree(answer: str, gold: str) -> None:
    verdict = mathgrade.grade(answer, gold)
    assert verdict.correct, (answer, gold, verdict.rule, verdict.reason)
