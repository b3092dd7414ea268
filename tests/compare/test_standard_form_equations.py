"""An answer equation in standard form (``x^2 - 4 = 0``, ``5x - 7y + 11z + 4 = 0``) states a condition on its
variables, not a value: its 0 answers nothing, against a gold 0 or any other, and is graded wrong as a kind mismatch.
The contrasts restate a question with a right side that is not 0 (``x^2 - 4 = 5``: its 5 answers), or assign 0 to a
name (``x + y = 0``). Seed 197 of docs/testing.md: ``_relations._restated``'s test for free variables on the left of
a 0 made to fail (``any(None)``) survived: each standard-form row became an internal error.
"""

from __future__ import annotations

import pytest

import mathgrade

# (answer, gold, correct, rule)
ROWS = [
    ("x^2 - 4 = 0", "0", False, "kind.mismatch"),
    ("5x - 7y + 11z + 4 = 0", "0", False, "kind.mismatch"),
    ("2x - 6 = 0", "3", False, "kind.mismatch"),
    ("x^2 - 4 = 0", "x", False, "kind.mismatch"),
    ("\\sum_{k=1}^{n} k - \\frac{n(n+1)}{2} = 0", "0", False, "kind.mismatch"),
    # contrasts: a right side that is not 0 answers; a name is assigned its 0
    ("x^2 - 4 = 5", "5", True, "relation.restated"),
    ("(x+y)^2 = 81", "81", True, "relation.restated"),
    ("2x - 6 = 1", "1", True, "relation.restated"),
    ("x + y = 0", "0", True, "relation.assignment"),
]


@pytest.mark.parametrize("answer, gold, correct, rule", ROWS, ids=[f"{r[0]} | {r[1]}" for r in ROWS])
def test_an_equation_in_standard_form_answers_nothing(answer: str, gold: str, correct: bool, rule: str) -> None:
    verdict = mathgrade.grade(answer, gold)
    assert verdict.status.value == ("correct" if correct else "incorrect"), verdict
    assert verdict.rule == rule, verdict
