"""A supposition after an answer (``_extract/_commit._supposed_after``: "would be the answer if", "is what I'd
guess", Japanese と仮定, Korean 라고 가정) makes it a trial only within its own sentence: after a point, an
exclamation mark, a semicolon, a line break or a full-width point, the next sentence's supposition is about another
value, and the box stands. Each row has its contrast, the supposition in the box's own sentence, which refuses it.

Written for seed 97 (docs/testing.md): the sentence's end ignored (``stop is not None`` made ``... and False``) read
the next sentence's supposition as the box's, refused the box, and the output answered the next sentence's number.
"""

from __future__ import annotations

import pytest

import mathgrade

# (the box, then a supposition in the next sentence; the box with the supposition in its own sentence)
_ROWS = [
    ("The answer is $\\boxed{5}$. Note 6 would be the answer if n were odd.",
     "The answer is $\\boxed{5}$, which would be the answer if n were odd."),
    ("The answer is $\\boxed{5}$! 6 would be the answer if n were odd.",
     "The answer is $\\boxed{5}$ would be the answer if n were odd!"),
    ("The answer is $\\boxed{5}$\n6 would be the answer if n were odd.",
     "The answer is $\\boxed{5}$ would be the answer if n were odd\n"),
    ("The answer is $\\boxed{5}$; 6 would be the answer if n were odd.",
     "$\\boxed{5}$ would be the answer if n were even; so we check."),
    ("The answer is $\\boxed{5}$. Also, 6 is what I'd guess for odd n.", "$\\boxed{5}$ is what I'd guess."),
    ("答えは $\\boxed{5}$ です。次に x = 3 と仮定すると 6。", "答えは $\\boxed{5}$ と仮定する。"),
    ("정답은 $\\boxed{5}$ 입니다. 다음은 6이라고 가정하면", "정답은 $\\boxed{5}$이라고 가정하면"),
]


@pytest.mark.parametrize("policy", ["reward", "eval"])
@pytest.mark.parametrize("output, _contrast", _ROWS)
def test_a_supposition_in_the_next_sentence_leaves_the_box(output: str, _contrast: str, policy: str) -> None:
    v = mathgrade.grade(output, "5", policy=policy)
    assert v.correct, v.explain()
    assert not mathgrade.grade(output, "6", policy=policy).correct


@pytest.mark.parametrize("policy", ["reward", "eval"])
@pytest.mark.parametrize("_output, contrast", _ROWS)
def test_a_supposition_in_the_box_sentence_refuses_it(_output: str, contrast: str, policy: str) -> None:
    v = mathgrade.grade(contrast, "5", policy=policy)
    assert not v.correct and v.rule == "answer.supposed", v.explain()
