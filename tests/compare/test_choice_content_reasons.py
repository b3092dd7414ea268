"""A gold that is a lettered option with its content (``(B) 12``) against an answer without a letter: the answer is
compared with the option's content, by the rule ``choice.content``, and the reason says so before the content's own
reason. Each row has its contrast, the same gold against a wrong content. Letters against letters compare as
letters, by ``choice.letter``.

Written for seed 137 (docs/testing.md): ``_text._choices`` building that decision without its rule (the reason was
passed as the rule) was read by no test.
"""

from __future__ import annotations

import pytest

import mathgrade

# (answer, gold, correct, the reason exactly)
_ROWS = [
    ("12", "(B) 12", True, "the gold option's content: the two values are identical"),
    ("13", "(B) 12", False, "the gold option's content: 13 differs from the exact integer 12"),
    ("\\frac{1}{2}", "B) 0.5", True, "the gold option's content: 1/2 equals 1/2"),
    ("\\frac{1}{3}", "B) 0.5", False, "the gold option's content: 1/3 differs from 1/2"),
    ("x+1", "(C)\\ x+1", True, "the gold option's content: the two values are identical"),
]


@pytest.mark.parametrize("answer, gold, correct, reason", _ROWS)
def test_an_answer_against_a_gold_options_content(answer: str, gold: str, correct: bool, reason: str) -> None:
    v = mathgrade.grade(f"$\\boxed{{{answer}}}$", gold)
    assert (v.correct, v.rule, v.reason) == (correct, "choice.content", reason), v.explain()


@pytest.mark.parametrize("answer, gold, correct, reason", [
    ("B", "(B) 12", True, "choice B is choice B"), ("A", "(B) 12", False, "choice A is not choice B"),
])
def test_a_letter_against_an_option_compares_letters(answer: str, gold: str, correct: bool, reason: str) -> None:
    v = mathgrade.grade(f"$\\boxed{{{answer}}}$", gold)
    assert (v.correct, v.rule, v.reason) == (correct, "choice.letter", reason), v.explain()
