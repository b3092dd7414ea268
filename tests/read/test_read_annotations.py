"""What follows a value in an answer is dropped as an annotation only when it cannot change the value.

``5 \\text{ apples}``, ``5 \\text{ (in simplest form)}``, ``18 \\text{ children tickets}`` read as the number. Before
``_normalize._CHANGES_VALUE`` and the operation words of ``_NOT_ANNOTATIONS``, these were dropped too, and the box
read as 5: ``\\boxed{5 \\text{ (and also 6)}}``, ``(also 6)``, ``(6 if n is odd)`` (another value offered inside the
box, credited for 5 under the reward policy) and ``5 \\text{ squared}`` (an operation). Each must now be no plain 5.
"""

from __future__ import annotations

from typing import List

import pytest

import mathgrade
from mathgrade import _read as reader
from mathgrade.values import Number

DROPPED: List[str] = [
    "5 \\text{ apples}",
    "5 \\text{ (apples)}",
    "5 \\text{ (in simplest form)}",
    "5 \\text{ (3 boxes of 6 apples)}",
    "5 \\text{ cm}",
    "5 \\text{ children tickets}",
    "5 (meters)",
]

KEPT: List[str] = [
    "5 \\text{ (and also 6)}",
    "5 \\text{ (also 6)}",
    "5 \\text{ (6 also works)}",
    "5 \\text{ (6 if n is odd)}",
    "5 \\text{ (otherwise 6)}",
    "5 \\text{ (either way)}",
    "5 \\text{ squared}",
    "5 \\text{ (squared)}",
    "5 \\text{ plus tax}",
    "5 \\text{ too}",
    "5 (squared)",
    "5 \\text{ (or 6)}",
]


@pytest.mark.parametrize("text", DROPPED)
def test_an_annotation_is_dropped(text: str) -> None:
    reading = reader.read(text)
    assert isinstance(reading.value, Number) and reading.value.value == 5, reading
    assert mathgrade.grade(f"The answer is $\\boxed{{{text}}}$.", "5", policy="reward").correct


@pytest.mark.parametrize("text", KEPT)
def test_words_that_change_the_value_are_kept(text: str) -> None:
    reading = reader.read(text)
    assert not (isinstance(reading.value, Number) and reading.value.value == 5), reading
    for policy in ("reward", "eval"):
        assert not mathgrade.grade(f"The answer is $\\boxed{{{text}}}$.", "5", policy=policy).correct, policy
