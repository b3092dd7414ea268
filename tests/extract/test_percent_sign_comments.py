"""A ``%`` right after a number, a closing bracket or brace, or a point is a percent sign (``5%``, ``(5)%``,
``\\frac{1}{2}%``, ``10^{2}%``); after a letter, or after a space not preceded by a digit, it starts a LaTeX comment
that hides the rest of its line (``_extract/_scan._percent_sign``). Each row puts a box after the ``%`` on the same
line: after a percent sign the box answers; after a comment's ``%`` (the contrasts) it is hidden and nothing
answers 7.

Written for seed 109 (docs/testing.md): the closing brace tested as ``"XX}XX"`` made ``\\frac{1}{2}%`` a comment,
which hid the box after it.
"""

from __future__ import annotations

import pytest

import mathgrade

_PERCENT = ["\\frac{1}{2}", "10^{2}", "\\sqrt{2}", "{5}", "x^{2}", "(5)", "5", "5 ", "5.", "0.5"]
_COMMENT = ["x", "n", "x ", "\\frac{1}{2} ", "(5) ", ", "]


def _output(before: str) -> str:
    return f"We take {before}% of it, so the answer is $\\boxed{{7}}$."


@pytest.mark.parametrize("policy", ["reward", "eval"])
@pytest.mark.parametrize("before", _PERCENT)
def test_a_percent_sign_hides_nothing_after_it(before: str, policy: str) -> None:
    v = mathgrade.grade(_output(before), "7", policy=policy)
    assert v.correct, v.explain()
    assert not mathgrade.grade(_output(before), "8", policy=policy).correct


@pytest.mark.parametrize("policy", ["reward", "eval"])
@pytest.mark.parametrize("before", _COMMENT)
def test_a_comments_percent_hides_the_rest_of_its_line(before: str, policy: str) -> None:
    v = mathgrade.grade(_output(before), "7", policy=policy)
    assert not v.correct, v.explain()
    assert mathgrade.grade(_output(before) + "\nSo $\\boxed{7}$.", "7", policy=policy).correct
