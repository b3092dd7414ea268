"""A unit word (``apples``, ``meters``, ``inches``) in the middle of an answer is dropped after a number and after
what closes a value: a bracket, a brace, a bar, a factorial (``(2+3) apples, 7``, ``\\frac{3}{4} inches + 1``,
``10! ways``). After what opens or joins a value (``(``, ``,``, ``+``, ``=``...) it is a word, and the answer is
text. Each row has that contrast: the same answer with an operator put before the unit word.

Written for seed 107 (docs/testing.md): ``_read._tokens._letters`` testing the kind of the token before the unit
against ``"OP"`` (tokens' kinds are lower case) dropped units after numbers only; ``(2) apples`` became words, and
``x = (2) apples, y = (3) apples`` was graded wrong against ``x=2, y=3``.
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._read import read

# (answer, as read, a gold it equals, a gold it does not, the contrast: an operator before the unit word)
_ROWS = [
    ("\\frac{3}{4} inches + 1", "7/4", "\\frac{7}{4}", "\\frac{3}{4}", "\\frac{3}{4} + inches + 1"),
    ("(2+3) apples, 7", "5, 7", "5, 7", "5", "(2+3), apples, 7"),
    ("10! ways, 3 ways", "3628800, 3", "3628800, 3", "3628800", "10! = ways, 3 ways"),
    ("(5) meters \\times 2", "10", "10", "5", "(5) \\times meters \\times 2"),
    ("x = (2) apples, y = (3) apples", "x = 2, y = 3", "x=2, y=3", "x=3, y=2", "x = (2) - apples, y = (3) apples"),
    ("|{-4}| meters + 1", "5", "5", "4", "|{-4}| + meters + 1"),
    ("(5) apples and (6) apples", "5, 6", "5, 6", "5", "(5) apples and (6), apples"),
]


@pytest.mark.parametrize("answer, shown, _right, _wrong, _contrast", _ROWS)
def test_a_unit_after_a_closed_value_is_dropped(answer: str, shown: str, _right: str, _wrong: str,
                                                _contrast: str) -> None:
    r = read(answer)
    assert r.error is None and str(r.value) == shown, (answer, r)


@pytest.mark.parametrize("answer, _shown, right, wrong, _contrast", _ROWS)
def test_an_answer_with_units_after_closed_values_is_graded_by_its_values(answer: str, _shown: str, right: str,
                                                                         wrong: str, _contrast: str) -> None:
    output = f"The answer is $\\boxed{{{answer}}}$."
    assert mathgrade.grade(output, right).correct, mathgrade.grade(output, right).explain()
    assert not mathgrade.grade(output, wrong).correct, mathgrade.grade(output, wrong).explain()


@pytest.mark.parametrize("_answer, _shown, right, _wrong, contrast", _ROWS)
def test_a_unit_after_an_operator_is_a_word(_answer: str, _shown: str, right: str, _wrong: str,
                                            contrast: str) -> None:
    r = read(contrast)
    assert r.error is not None and r.error.message.startswith("words"), (contrast, r)
    output = f"The answer is $\\boxed{{{contrast}}}$."
    assert not mathgrade.grade(output, right).correct, mathgrade.grade(output, right).explain()
