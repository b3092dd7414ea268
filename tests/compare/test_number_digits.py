"""The digit arithmetic the number rules stand on (``compare/_numbers.py``): the significant digits of a written
decimal, rounding at a number of places (ties both ways, negative places), and the no-double-rounding test, each
with rows on both sides of its edge.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from mathgrade._read import read
from mathgrade.compare._numbers import _surely_rounds_to, rounds_to, significant_digits
from mathgrade.values import Number


def _number(text: str) -> Number:
    value = read(text).value
    assert isinstance(value, Number), (text, value)
    return value


@pytest.mark.parametrize("text, digits", [
    ("0.333", 3), ("1.20", 3), ("0.000", 0), ("0.0012", 2), ("120", 0), ("1.2 \\times 10^{3}", 2),
    ("1.20 \\times 10^{3}", 3), ("-4.50", 3), ("12345.6", 6), ("0.5", 1), ("1.", 0), ("10.0", 3),
])
def test_significant_digits(text: str, digits: int) -> None:
    assert significant_digits(_number(text)) == digits


@pytest.mark.parametrize("exact, decimal, places, rounds", [
    (F(1, 3), F("0.333"), 3, True), (F(1, 3), F("0.334"), 3, False), (F(2, 3), F("0.667"), 3, True),
    (F(2, 3), F("0.666"), 3, False),
    (F("0.1125"), F("0.113"), 3, True), (F("0.1125"), F("0.112"), 3, True),  # a tie, both ways
    (F("0.11251"), F("0.112"), 3, False), (F("0.11249"), F("0.113"), 3, False),
    (F(1234), F(1200), -2, True), (F(1250), F(1300), -2, True), (F(1251), F(1200), -2, False),
    (F(7, 2), F(4), 0, True), (F(7, 2), F(3), 0, True), (F(37, 10), F(3), 0, False),
])
def test_rounds_to(exact: F, decimal: F, places: int, rounds: bool) -> None:
    assert rounds_to(exact, decimal, places) is rounds


@pytest.mark.parametrize("text, target, places, sure", [
    ("0.0215", F("0.022"), 3, False),  # 0.02145 .. 0.02155: not all round to 0.022 (no double rounding)
    ("0.02150", F("0.022"), 3, False), ("0.0218", F("0.022"), 3, True), ("0.0222", F("0.022"), 3, True),
    ("0.0225", F("0.022"), 3, False), ("1/3", F("0.333"), 3, True), ("1/3", F("0.334"), 3, False),
    ("0.02175", F("0.022"), 3, True), ("0.02249", F("0.022"), 3, True),
])
def test_surely_rounds_to(text: str, target: F, places: int, sure: bool) -> None:
    assert _surely_rounds_to(_number(text), target, places) is sure
