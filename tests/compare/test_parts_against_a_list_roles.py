"""Named parts against a plain list (``a = \\frac13, b = 2`` against ``0.33, 2``) keep who is the answer and who the
gold (``compare/_structures._parts_in_order``): the answer's coarse decimal is too few digits for the gold's exact
value (an answer needs 3 significant digits, a gold 2), whichever side holds the names. So ``0.33, 2`` does not
answer ``a = \\frac13, b = 2``, and the gold's ``0.33`` is answered by ``\\frac13``.

Written for seed 157 (docs/testing.md): the parts were always taken as the answer, so an answer list against a
gold's parts swapped the roles: ``0.33, 2`` was credited for ``a = \\frac13, b = 2`` (a false "correct").
"""

from __future__ import annotations

import pytest

import mathgrade

# (answer, gold, correct)
ROWS = [
    # the gold holds the names
    ("0.33, 2", "a = \\frac13, b = 2", False), ("0.333, 2", "a = \\frac13, b = 2", True),
    ("2, 0.33", "b = 2, a = \\frac13", False), ("2, 0.333", "b = 2, a = \\frac13", True),
    ("1.4, 3", "x = \\sqrt2, y = 3", False), ("1.414, 3", "x = \\sqrt2, y = 3", True),
    ("\\frac13, 2", "a = 0.33, b = 2", True), ("\\frac14, 2", "a = 0.33, b = 2", False),
    # the answer holds the names
    ("a = 0.33, b = 2", "\\frac13, 2", False), ("a = 0.333, b = 2", "\\frac13, 2", True),
    ("a = \\frac13, b = 2", "0.33, 2", True), ("a = \\frac14, b = 2", "0.33, 2", False),
]


@pytest.mark.parametrize("answer, gold, correct", ROWS, ids=[f"{r[0]} vs {r[1]}" for r in ROWS])
def test_the_answer_stays_the_answer(answer: str, gold: str, correct: bool) -> None:
    v = mathgrade.grade(f"$\\boxed{{{answer}}}$", gold)
    assert (v.correct, v.rule) == (correct, "set.parts"), v.explain()
    if not correct and ("0.33" in answer or answer.startswith("1.4,")):
        assert "significant digits; at least 3 are needed" in v.reason, v.reason
