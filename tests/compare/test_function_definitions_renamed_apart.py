"""Two definitions of a function whose answer uses, free, a variable the gold binds (``f(y) = y^2 + x`` against
``f(x) = x^2 + x``): both bodies are renamed apart (``compare/_relations._same_function``) before they are compared,
so the answer's free ``x`` is not taken for the gold's bound one. Such pairs are graded wrong, by the function rule
(not an internal error); the contrasts, the same definitions without a free variable, are right.

Written for seed 157 (docs/testing.md): the renaming apart made with no body, or with a mapping built from one list
(``dict(zip(fresh))``), raised inside the comparison: "internal error while comparing".
"""

from __future__ import annotations

import pytest

import mathgrade

# (answer, gold, correct)
ROWS = [
    ("f(y) = y^2 + x", "f(x) = x^2 + x", False), ("f(y) = y^2 + y", "f(x) = x^2 + x", True),
    ("f(y) = x y", "f(x) = x^2", False), ("f(y) = y y", "f(x) = x^2", True),
    ("g(t) = t + x", "f(x) = 2x", False), ("g(t) = t + t", "f(x) = 2x", True),
    ("f(y) = x", "f(x) = x", False), ("f(y) = y", "f(x) = x", True),
    ("f(a, b) = a + b + x", "f(x, y) = x + y + x", False), ("f(a, b) = a + b + a", "f(x, y) = x + y + x", True),
]


@pytest.mark.parametrize("answer, gold, correct", ROWS, ids=[f"{r[0]} vs {r[1]}" for r in ROWS])
def test_a_free_variable_the_gold_binds(answer: str, gold: str, correct: bool) -> None:
    v = mathgrade.grade(f"$\\boxed{{{answer}}}$", gold)
    assert (v.correct, v.rule) == (correct, "relation.function"), v.explain()
    assert " define functions of " in v.reason, v.reason
