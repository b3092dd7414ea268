"""``~~`` strikes text out in Markdown, but right after a letter, a digit, ``_``, a backslash or another ``~`` it is
a LaTeX tie (``x~~=~~5``, ``is~~\\boxed{5}``), which hides nothing (``_extract/_scan._Hider.end_of``). Each row puts
a box between two ``~~`` after such a character: the box answers. Its contrast has a space before the first ``~~``:
the box is struck out, and the box after it answers.

Written for seed 101 (docs/testing.md): the character before the mark read as ``text[s + 1: s]`` (always empty)
took every tie for a strike: ``The answer is~~$\\boxed{5}$~~.`` was withdrawn.
"""

from __future__ import annotations

import pytest

import mathgrade

_BEFORE = ["is", "is 7", "is_", "is\\", "is~", "x"]


@pytest.mark.parametrize("policy", ["reward", "eval"])
@pytest.mark.parametrize("before", _BEFORE)
def test_a_tie_after_a_word_character_strikes_nothing(before: str, policy: str) -> None:
    output = f"The answer {before}~~$\\boxed{{5}}$~~."
    v = mathgrade.grade(output, "5", policy=policy)
    assert v.correct, v.explain()
    assert not mathgrade.grade(output, "6", policy=policy).correct


@pytest.mark.parametrize("policy", ["reward", "eval"])
@pytest.mark.parametrize("output", ["The answer is ~~$\\boxed{5}$~~ $\\boxed{6}$.", "~~$\\boxed{5}$~~ $\\boxed{6}$"])
def test_a_mark_after_a_space_strikes_the_box_out(output: str, policy: str) -> None:
    assert mathgrade.grade(output, "6", policy=policy).correct
    assert not mathgrade.grade(output, "5", policy=policy).correct
