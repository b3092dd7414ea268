"""Comparison kinds of the accuracy ratchet (issue 15): one section per kind, each with answers that must match and
answers that must not (a false "correct" is the costliest mistake a grader can make).

Where the reader already reads both sides, the cases go through :func:`mathgrade.grade` (with the answer boxed, so
that extraction takes all of it); otherwise through values built directly.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

import mathgrade
from mathgrade.compare import Decision, compare
from mathgrade.limits import Deadline
from mathgrade.options import make_options


def cmp(a: Any, g: Any, **opts: Any) -> Decision:
    return compare(a, g, make_options(**opts), Deadline(30))


def boxed(answer: str, gold: str, **opts: Any) -> mathgrade.Verdict:
    return mathgrade.grade(f"The answer is $\\boxed{{{answer}}}$.", gold, **opts)


# ---- 21: tiny differences never count as zero ------------------------------------------------------------------------

@pytest.mark.parametrize("answer, gold", [
    ("\\sqrt{2}+10^{-40}", "\\sqrt{2}"),
    ("\\sqrt{2}+10^{-100}", "\\sqrt{2}"),
    ("\\pi + 10^{-60}", "\\pi"),
    ("e^{100}+1", "e^{100}"),
    ("e^{200}-1", "e^{200}"),
    ("1000000!+1", "1000000!"),
    ("\\sqrt{2^{1000}+1}", "2^{500}"),
    ("2^{10^{-60}}", "1"),
    ("e^{\\pi\\sqrt{163}}", "640320^3+744"),
])
def test_tiny_differences_are_differences(answer: str, gold: str) -> None:
    v = boxed(answer, gold)
    assert not v.correct, v.explain()


@pytest.mark.parametrize("answer, gold", [
    ("(e^{100}+1)-e^{100}", "1"),
    ("\\sin(\\pi)", "0"),
    ("10^{50}\\sin(\\pi)", "0"),
    ("e^{100} e^{-100}", "1"),
    ("(1+\\sqrt{2})^{2}", "3+2\\sqrt{2}"),
    ("\\sqrt{2^{1000}}", "2^{500}"),
    ("2^{\\frac{1}{2}} \\cdot 10^{-200}", "\\frac{\\sqrt{2}}{10^{200}}"),
    ("\\frac{\\sqrt{2}}{10^{40}} + \\sqrt{3}", "\\sqrt{3} + 10^{-40}\\sqrt{2}"),
])
def test_equal_values_with_extreme_magnitudes_stay_equal(answer: str, gold: str) -> None:
    v = boxed(answer, gold)
    assert v.correct, v.explain()


def test_same_value_precision_grows_with_the_spread_of_a_sum() -> None:
    from mathgrade.compare import _numeric

    e100 = ("pow", ("const", "e"), ("num", Fraction(100)))
    assert _numeric.same_value(("add", e100, ("num", Fraction(1))), e100, {}) is False
    assert _numeric.same_value(("add", e100, ("num", Fraction(1)), ("neg", e100)), ("num", Fraction(1)), {}) is True
    huge = ("func", "factorial", ("num", Fraction(10**6)))
    with pytest.raises(_numeric.Unsupported):  # more digits than MAX_NUMERIC_DIGITS: no numeric evidence
        _numeric.same_value(("add", huge, ("num", Fraction(1))), huge, {})


# ---- 22: scientific notation against an exact integer gold -------------------------------------------------------------

@pytest.mark.parametrize("answer, gold, correct", [
    ("3.16 \\times 10^{3}", "3159", False),
    ("3.16e3", "3159", False),
    ("1.00 \\times 10^{6}", "1000001", False),
    ("3.2 \\times 10^{3}", "3159", False),
    ("7.00001", "7", False),
    ("3.16 \\times 10^{3}", "3160", True),
    ("1.00 \\times 10^{6}", "1000000", True),
    ("3159.0", "3159", True),
    ("7.0", "7", True),
    ("3159", "3.16 \\times 10^{3}", True),  # a decimal gold is a rounded value: the exact answer rounds to it
    ("3.162 \\times 10^{3}", "1000\\sqrt{10}", True),  # the rounding rule still holds for non-integers
    ("3.17 \\times 10^{3}", "1000\\sqrt{10}", False),
    ("0.333", "\\frac{1}{3}", True),
    ("2.6667", "\\frac{8}{3}", True),
])
def test_an_integer_gold_is_exact(answer: str, gold: str, correct: bool) -> None:
    v = boxed(answer, gold)
    assert v.correct is correct, v.explain()
