"""An inequality between constants whose right side is a series the reader keeps as a tree (more than 200 terms:
``\\sum_{k=1}^{300} k``, 45,150) is decided by evaluating both sides (``compare/_relations._holds``): true or false,
never an internal error. The contrasts: the series on the left side.

Written for seed 157 (docs/testing.md): the right side evaluated with no environment (``None`` for ``{}``) raised
inside the series (its bound variable is added to the environment), "internal error while comparing".
"""

from __future__ import annotations

import pytest

import mathgrade

S = "\\sum_{k=1}^{300} k"

# (answer, gold, correct, rule)
ROWS = [
    (f"46000 < {S}", "5", False, "relation.false"),
    (f"45000 < {S}", "5", False, "relation.true_chain"),
    (f"45000 < {S}", "45150", True, "relation.true_chain"),
    (f"x < {S}", "x > 45150", False, "relation.same_solutions"),
    (f"x < {S}", "x < 45150", True, "relation.same_solutions"),
    # the contrasts: the series on the left
    (f"{S} > 46000", "5", False, "relation.false"),
    (f"{S} > 45000", "45000", True, "relation.true_chain"), (f"{S} > 45000", "45150", False, "relation.true_chain"),
]


@pytest.mark.parametrize("answer, gold, correct, rule", ROWS, ids=[f"{r[0]} vs {r[1]}" for r in ROWS])
def test_a_series_side_is_evaluated(answer: str, gold: str, correct: bool, rule: str) -> None:
    v = mathgrade.grade(f"$\\boxed{{{answer}}}$", gold)
    assert (v.correct, v.rule) == (correct, rule), v.explain()
