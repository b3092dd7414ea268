"""A number followed by its decimal approximation (``\\frac{2}{3} \\approx 0.67``) reads as the number, only when the
decimal is the number rounded (half up) or truncated to its places: ``5 \\approx 6`` or ``\\frac{1}{3} \\approx
0.4`` give two values, and answer neither.

Before ``_read._approximates``, the part after ``\\approx`` (or ``\\sim``, ``\\simeq``) was dropped whatever it said:
``\\boxed{5 \\approx 6}`` was credited for 5 under the reward policy.
"""

from __future__ import annotations

from typing import List, Tuple

import pytest

import mathgrade
from mathgrade import read

# (written, the value it reads as, or None when it is two values)
ROWS: List[Tuple[str, object]] = [
    ("\\frac{2}{3} \\approx 0.67", "2/3"),
    ("\\frac{2}{3} \\approx 0.66", "2/3"),
    ("\\frac{2}{3} \\approx 0.7", "2/3"),
    ("-\\frac{2}{3} \\approx -0.67", "-2/3"),
    ("4.5 \\approx 5", "9/2"),
    ("4.5 \\approx 4", "9/2"),
    ("12 \\approx 12.0", "12"),
    ("\\frac{1}{3} \\simeq 0.333", "1/3"),
    ("5 \\approx 6", None),
    ("5 \\sim 6", None),
    ("\\frac{1}{3} \\approx 0.4", None),
    ("\\frac{2}{3} \\approx 0.68", None),
    ("4.5 \\approx 6", None),
    ("-\\frac{2}{3} \\approx 0.67", None),
]


@pytest.mark.parametrize("written, value", ROWS)
def test_an_approximation_after_a_number_must_approximate_it(written: str, value: object) -> None:
    reading = read(written)
    if value is None:
        assert reading.value is None, reading
        assert "does not approximate" in str(reading.error)
    else:
        from fractions import Fraction
        assert reading.value is not None and reading.value.value == Fraction(str(value)), reading


@pytest.mark.parametrize("first, second", [("5", "6"), ("\\frac{1}{3}", "0.4")])
def test_two_values_joined_by_approx_are_credited_for_neither(first: str, second: str) -> None:
    output = f"The answer is $\\boxed{{{first} \\approx {second}}}$."
    for gold in (first, second):
        for policy in ("reward", "eval"):
            assert not mathgrade.grade(output, gold, policy=policy).correct, (gold, policy)
    assert mathgrade.grade("The answer is $\\boxed{\\frac{1}{3} \\approx 0.33}$.", "1/3", policy="reward").correct
