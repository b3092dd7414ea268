"""A product of exact numbers too large to multiply exactly (over ``MAX_EXACT_BITS`` bits: five factors of 4,000
digits) is rounded to floating point, and then its digits count as those of any exact number that enters floating
arithmetic do (``compare/_numeric._Evaluator._product``): two such products that differ only past the digits the
numeric check may use (``MAX_NUMERIC_DIGITS``) give no numeric evidence, and sympy, which multiplies exactly, decides.

Found from seed 181's survivor in ``_product`` (the rounded product made a quotient: ``/`` for ``*``; no test reached
that branch): a false "correct". The product was rounded without a word, and the noise floor of the rounded values
then took products 10^-4000 apart in relative terms for equal: ``(10^{4000}+1)(10^{4000}+3) \\cdots (10^{4000}+11)``
was correct for ``10^{20000}`` and for the same product with ``10^{4000}+2`` for ``10^{4000}+1``, "the two values agree
at every precision tried".
"""

from __future__ import annotations

import pytest

import mathgrade

FACTORS = ["(10^{4000}+1)", "(10^{4000}+3)", "(10^{4000}+7)", "(10^{4000}+9)", "(10^{4000}+11)"]
P = "".join(FACTORS)

# (answer, gold, correct)
ROWS = [
    (P, "".join(reversed(FACTORS)), True), (P, P.replace("+1)", "+2)"), False), (P, "10^{20000}", False),
    (P, "".join(reversed(FACTORS)).replace("+11)", "+13)"), False), (FACTORS[0] * 5, FACTORS[0] + "^5", True),
    (P, "1.00 \\times 10^{20000}", False),
]


@pytest.mark.parametrize("answer, gold, correct", ROWS)
def test_a_huge_exact_product(answer: str, gold: str, correct: bool) -> None:
    verdict = mathgrade.grade(answer, gold)
    assert verdict.correct is correct, (verdict.rule, verdict.reason[-120:])
    if not correct:
        assert verdict.rule == "expression.symbolic", verdict.rule
        assert verdict.reason.endswith("(no numeric check: the magnitudes would need more than 3000 digits to tell "
                                       "the values apart)"), verdict.reason[-120:]
