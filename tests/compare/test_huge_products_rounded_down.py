"""The floor and ceiling of a quotient of a product of exact numbers too large to multiply exactly (over
``MAX_EXACT_BITS``, so that the evaluator rounds the product to floating point): ``\\lfloor
(10^{10000}+1)(10^{10000}+3) / 10^{19999} \\rfloor`` is 10 and the ceiling 11; each row has its contrasts, the
integers next to it, graded wrong. Written for seed 181's survivor in ``_numeric._Evaluator._product`` (the rounded
product made a quotient; docs/testing.md): the floor rows killed it, and the ceiling rows failed on the code then
(the ceiling was 10, a false "correct": the floor or ceiling of a rounded value was compared exactly before the digits
it needs were known). With that fixed in ``_numeric.same_value``, such a value needs more than
``MAX_NUMERIC_DIGITS`` digits, the numeric check gives no evidence, and sympy decides: the rows no longer depend on
the rounded product, and the mutant is left open.
"""

from __future__ import annotations

import pytest

import mathgrade

P = "(10^{10000}+1)(10^{10000}+3)"

# (answer, gold, correct)
ROWS = [
    (f"\\lfloor \\frac{{{P}}}{{10^{{19999}}}} \\rfloor", "10", True),
    (f"\\lfloor \\frac{{{P}}}{{10^{{19999}}}} \\rfloor", "11", False),
    (f"\\lfloor \\frac{{{P}}}{{10^{{19999}}}} \\rfloor", "0", False),
    (f"\\lceil \\frac{{{P}}}{{10^{{19999}}}} \\rceil", "11", True),
    (f"\\lceil \\frac{{{P}}}{{10^{{19999}}}} \\rceil", "10", False),
    (f"\\lceil \\frac{{{P}}}{{10^{{19999}}}} \\rceil", "1", False),
]


@pytest.mark.parametrize("answer, gold, correct", ROWS, ids=[f"{r[0][:8]} {r[1]}" for r in ROWS])
def test_the_floor_of_a_huge_exact_product_is_exact(answer: str, gold: str, correct: bool) -> None:
    verdict = mathgrade.grade(answer, gold, timeout=60)
    assert verdict.status.value == ("correct" if correct else "incorrect"), verdict
