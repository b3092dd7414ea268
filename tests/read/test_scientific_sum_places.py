"""A multiple of a power of ten written as such (``4.1 \\times 10^{3}``) is read as a value rounded to its digits; an
integer added to it (``2.5 \\times 10^{3} + 1``, ``10^{800} + 4 \\cdot 10^{400} + 4``) shows the units are exact. Read
as rounded, such a gold took any answer within half a power of ten: 2500 for 2501, or
``(10^{400}+1)(10^{400}+3)`` for ``10^{800}+4\\cdot 10^{400}+4``."""
import pytest

import mathgrade
from mathgrade._read import read


@pytest.mark.parametrize("text,places", [
    ("4.1 \\times 10^{3}", -2), ("4 \\times 10^{3}", -3), ("2.5 \\times 10^{3} + 1", 0),
    ("10^{800}+4\\cdot 10^{400}+4", 0), ("4 \\times 10^{3} + 5", 0), ("1.25 + 3", 2), ("1000 + 5", None),
])
def test_places_of_a_sum(text: str, places: object) -> None:
    assert read(text).value.places == places


@pytest.mark.parametrize("answer,gold,correct", [
    ("2500", "2.5 \\times 10^{3} + 1", False), ("2501", "2.5 \\times 10^{3} + 1", True),
    ("(10^{400}+1)(10^{400}+3)", "10^{800}+4\\cdot 10^{400}+4", False),
    ("(10^{400}+1)(10^{400}+3)", "10^{800}+4\\cdot 10^{400}+3", True),
    ("4000", "4 \\times 10^{3} + 5", False), ("4005", "4 \\times 10^{3} + 5", True),
    ("4140", "4.1 \\times 10^{3}", True),  # (a gold in scientific notation alone is a rounding: 4140 rounds to it)
])
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_an_integer_term_makes_the_gold_exact(answer: str, gold: str, correct: bool, policy: str) -> None:
    assert mathgrade.grade("$\\boxed{%s}$" % answer, gold, policy=policy).correct is correct
