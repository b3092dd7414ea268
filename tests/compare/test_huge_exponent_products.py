"""A power whose exponent is a product of exact integers too large to multiply exactly (over ``MAX_EXACT_BITS``) is
refused as too large to evaluate, at once: the product is rounded, not lost. Before sympy is given a power, its
exponent is evaluated to see that it is not too large; a product rounded wrongly there (a quotient of its factors,
about 1) let sympy try ``2^{(10^{10000}+1)(10^{10000}+3)}`` until the time limit."""
import pytest

import mathgrade

BIG = "(10^{10000}+1)(10^{10000}+3)"


@pytest.mark.parametrize("answer,gold", [
    (f"2^{{{BIG}}}", "2"),
    (f"3^{{{BIG}}}", "3^{2}"),
    (f"2^{{{BIG}}} + 1", "2"),
])
def test_a_power_of_a_huge_exact_product_is_refused_at_once(answer: str, gold: str) -> None:
    verdict = mathgrade.grade("$\\boxed{%s}$" % answer, gold)
    assert verdict.status.value == "incorrect", verdict.explain()  # (not "timeout")
    assert "too large" in verdict.reason, verdict.reason


def test_the_same_power_written_twice_is_equal() -> None:
    assert mathgrade.grade("$\\boxed{2^{%s}}$" % BIG, "2^{%s}" % BIG).correct
