"""The reason of ``relation.function`` names the variable of the other side, the one the function's variable is
renamed to (``f(t) = t^2`` against ``x^2``: "defines the function x^2 of x"), the relation on either side; the
contrasts are not functions of one other variable, and are decided by ``relation.assignment``. Seed 193 of
docs/testing.md: ``_relations._describe_vars`` reading no value (``value_symbols(None)``), which left the reason
"of : ...", survived.
"""

from __future__ import annotations

import pytest

import mathgrade

# (answer, gold, correct, rule, the reason's start)
ROWS = [
    ("f(t) = t^2", "x^2", True, "relation.function", "f(t) = t^2 defines the function x^2 of x: "),
    ("f(t) = t^2 + 1", "y^2 + 1", True, "relation.function",
     "f(t) = (t^2) + 1 defines the function (y^2) + 1 of y: "),
    ("g(u) = 2u", "2z", True, "relation.function", "g(u) = 2*u defines the function 2*z of z: "),
    ("x^2", "f(t) = t^2", True, "relation.function", "f(t) = t^2 defines the function x^2 of x: "),
    ("a^3 - a", "h(s) = s^3 - s", True, "relation.function",
     "h(s) = (s^3) + (-s) defines the function (a^3) + (-a) of a: "),
    # contrasts: another power, two other variables, a tuple: no renaming
    ("f(t) = t^2", "x^3", False, "relation.assignment", "f(t) = t^2 gives t^2: "),
    ("f(t) = t^2", "x^2 + y", False, "relation.assignment", "f(t) = t^2 gives t^2: "),
    ("f(t) = t^2", "(x^2, 1)", False, "relation.assignment", "f(t) = t^2 gives t^2: "),
]


@pytest.mark.parametrize("answer, gold, correct, rule, reason", ROWS, ids=[f"{r[0]} | {r[1]}" for r in ROWS])
def test_a_function_definition_names_the_variable_it_is_renamed_to(answer: str, gold: str, correct: bool, rule: str,
                                                                   reason: str) -> None:
    verdict = mathgrade.grade(answer, gold)
    assert (verdict.correct, verdict.rule) == (correct, rule), verdict
    assert verdict.reason.startswith(reason), verdict.reason
    assert (" of : " in verdict.reason) is False
