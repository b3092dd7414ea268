"""An equation whose left side restates the question in notation the reader does not evaluate reads as a name for its
right side (``_read._restated_left_side``), whatever character ends the left side just before the ``=``: a capital
letter (a random variable, ``\\mathbb{E}X=7``), a lower-case one, a digit, a closing bracket or a prime, written with
or without spaces around the sign. Each answer is graded against its right side (correct) and against another value
(the contrast, incorrect); a left side ending in a relation's own first character (``<``, ``>``, ``!``, ``:``, ``=``)
is no equation and gives no value.

Written for seed 79 (docs/testing.md): ``_top_level_equals`` testing the character before ``=`` against
``"XX<>!:=XX"`` took ``X=`` for no equals sign, so ``\\lim_{x \\to 0} X=5`` and ``\\mathbb{E}X=7`` were unreadable.
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._read import read

_LEFT_SIDES = [
    "\\lim_{x \\to 0} X", "\\mathbb{E}X", "\\mathbb{E}[X]", "\\lim_{x \\to 0} Y", "\\lim_{x \\to 0} x",
    "\\lim_{n \\to \\infty} a_n", "\\lim_{x \\to 0} 2X", "\\lim_{x \\to 0} f'", "\\lim_{x \\to 0} (X)",
]
_SIGNS = ["=", " = ", " =", "= "]


@pytest.mark.parametrize("left", _LEFT_SIDES)
@pytest.mark.parametrize("sign", _SIGNS)
def test_a_restated_left_side_names_its_right_side(left: str, sign: str) -> None:
    text = f"{left}{sign}7"
    r = read(text)
    assert r.error is None and r.value is not None, (text, r.error)
    v = mathgrade.grade(f"${text}$", "7")
    assert v.correct, v.explain()


@pytest.mark.parametrize("left", _LEFT_SIDES)
@pytest.mark.parametrize("sign", _SIGNS)
def test_a_restated_left_side_with_another_right_side_is_not_the_gold(left: str, sign: str) -> None:
    v = mathgrade.grade(f"${left}{sign}8$", "7")
    assert not v.correct, v.explain()


@pytest.mark.parametrize("sign", ["<=", ">=", "!=", ":=", "=="])
@pytest.mark.parametrize("left", ["\\lim_{x \\to 0} X", "\\mathbb{E}X"])
def test_a_relation_sign_is_no_equals_sign(left: str, sign: str) -> None:
    text = f"{left}{sign}7"
    assert read(text).value is None, text
    assert not mathgrade.grade(f"${text}$", "7").correct, text
