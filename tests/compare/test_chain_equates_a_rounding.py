"""A chain of ``=`` that equates two different constants answers nothing (``relation.false``,
``compare/_relations._contradicts``), even when one is a rounding of the other (``x = \\frac13 = 0.333``,
``x = \\pi = 3.14``): the comparison of items would take the decimal as the rounding, so only this check refuses
them. The contrasts: ``\\approx`` in place of the second ``=``, or two equal constants (``x = \\frac12 = 0.5``).

Written for seed 157 (docs/testing.md): the check made to answer "no contradiction" left the chains of a constant
and its rounding to the comparison of items, which credited them.
"""

from __future__ import annotations

import pytest

import mathgrade

# (answer, gold, correct)
ROWS = [
    ("x = \\pi = 3.14", "3.14", False), ("x = \\pi = 3.14", "\\pi", False),
    ("x = \\frac{1}{3} = 0.333", "0.333", False), ("x = \\frac{1}{3} = 0.333", "\\frac13", False),
    ("x = 0.333 = \\frac{1}{3}", "\\frac13", False), ("x = \\sqrt{2} = 1.414", "\\sqrt2", False),
    # the contrasts
    ("x = \\frac{1}{3} \\approx 0.333", "\\frac13", True), ("x = \\pi \\approx 3.14", "\\pi", True),
    ("x = \\frac{1}{2} = 0.5", "0.5", True), ("x = 2 = 2.0", "2", True),
]


@pytest.mark.parametrize("answer, gold, correct", ROWS, ids=[f"{r[0]} vs {r[1]}" for r in ROWS])
def test_a_constant_equated_to_its_rounding_answers_nothing(answer: str, gold: str, correct: bool) -> None:
    v = mathgrade.grade(f"$\\boxed{{{answer}}}$", gold)
    assert v.correct is correct, v.explain()
    if not correct:
        assert v.rule == "relation.false" and v.reason.endswith("equates two different values: it answers nothing")
