"""Digits a space apart in a math font are one number: OlympiadBench's solutions set their answers in bold that way
(``\\mathbf{1 1}``, 190 times in its bundled solutions), and TeX shows no space in math. They did not read before
(an error: the whole answer unread). Outside a math font, or with more than single digits, nothing changes."""

from __future__ import annotations

from typing import List, Tuple

import pytest

import mathgrade
from mathgrade import _read as reader

ONE_NUMBER: List[Tuple[str, str]] = [
    ("\\mathbf{1 1}", "11"),
    ("\\mathbf{2 0 1 6}", "2016"),
    ("\\boldsymbol{1 0}", "10"),
    ("\\mathbf{-1 2}", "-12"),
    ("x=\\mathbf{1 0}", "x = 10"),
]
UNCHANGED: List[str] = [
    "\\textbf{1 1}",  # (text: the space is shown)
    "1 1",
    "\\mathbf{12 34}",
]


@pytest.mark.parametrize("text, value", ONE_NUMBER)
def test_spaced_digits_in_a_math_font_are_one_number(text: str, value: str) -> None:
    reading = reader.read(text)
    assert str(reading.value) == value, reading
    gold = value.split("=")[-1].strip()
    output = f"Thus there are ${text}$ distinct such triangles."
    assert mathgrade.grade(output, gold).correct
    assert not mathgrade.grade(output, gold[:-1] or "1").correct  # (not its first digits)


@pytest.mark.parametrize("text", UNCHANGED)
def test_other_spaced_digits_do_not_join(text: str) -> None:
    assert reader.read(text).value is None
