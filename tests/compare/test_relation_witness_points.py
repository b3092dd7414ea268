"""Two relations in one variable with different solutions, one of them an equation or a ``\\ne``: the reason names a
point at which one holds and the other does not (``compare/_relations._truth_differs``, which evaluates each atom,
``=`` and ``!=`` included, at random points: ``_holds_at``), and that point does tell them apart. The contrasts: two
equations whose solutions no random point meets (``x^2 = 4`` against ``x = 2``) are decided without a point.

Written for seed 137 (docs/testing.md): ``_holds_at`` made to give no truth for ``=`` and ``!=`` atoms; the
verdicts stood (sympy decided them) but every such reason lost its point.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Callable

import pytest

import mathgrade

_WITNESS = re.compile(r"(.*) do not have the same solutions: one holds at x = (-?\d+(?:/\d+)?), the other not")

# (answer, gold, the answer's truth at x, the gold's)
_ROWS = [
    ("x \\neq 1", "x > 1", lambda x: x != 1, lambda x: x > 1),
    ("x = 1", "x \\ge 1", lambda x: x == 1, lambda x: x >= 1),
    ("x = 2", "x \\le 2", lambda x: x == 2, lambda x: x <= 2),
    ("x \\ne 0", "x \\ge 0", lambda x: x != 0, lambda x: x >= 0),
    ("x > 3", "x \\ne 3", lambda x: x > 3, lambda x: x != 3),
]


@pytest.mark.parametrize("answer, gold, holds_a, holds_g", _ROWS, ids=[r[0] + " vs " + r[1] for r in _ROWS])
def test_the_reason_names_a_point_that_tells_them_apart(answer: str, gold: str, holds_a: Callable,
                                                        holds_g: Callable) -> None:
    v = mathgrade.grade(f"$\\boxed{{{answer}}}$", gold)
    assert (v.correct, v.rule) == (False, "relation.same_solutions"), v.explain()
    m = _WITNESS.fullmatch(v.reason)
    assert m is not None, v.reason
    x = Fraction(m.group(2))
    assert holds_a(x) != holds_g(x), (v.reason, x)


@pytest.mark.parametrize("answer, gold", [("x^2 = 4", "x = 2"), ("x^2 = 1", "x = 1"), ("x + 1 = 3", "x = 3")])
def test_equations_no_random_point_meets_are_decided_without_one(answer: str, gold: str) -> None:
    v = mathgrade.grade(f"$\\boxed{{{answer}}}$", gold)
    assert (v.correct, v.rule) == (False, "relation.same_solutions"), v.explain()
    assert v.reason.endswith("do not have the same solutions"), v.reason
