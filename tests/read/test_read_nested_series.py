"""A sum or product whose body holds another sum or product stays a tree (``_read/_build._fold_series``: folding
nested series would multiply the work, 200 terms by 200), wherever the inner one stands in the body: the first or
the second operand of a sum or a product, under a minus sign, a power, a root or a fraction (``_has_series`` looks
at every child). The contrasts: a body without an inner series folds to its number. Either way the value is right.

Written for seed 151 (docs/testing.md): ``_has_series`` skipped the first child of each node, so an inner sum as the
first operand (``\\sum_k (\\sum_j j + k)``) or under a minus sign was folded term by term.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import mathgrade
from mathgrade._read import read
from mathgrade.values import Expression, Number

# (the body of \sum_{k=1}^{3}, its value)
NESTED = [
    ("(\\sum_{j=1}^{k} j + k)", 16), ("(k + \\sum_{j=1}^{k} j)", 16), ("\\sum_{j=1}^{k} j", 10),
    ("(-\\sum_{j=1}^{k} j)", -10), ("(\\sum_{j=1}^{k} j)^2", 46), ("2^{\\sum_{j=1}^{k} j}", 74),
    ("(\\prod_{j=1}^{k} j) k", 23), ("k \\prod_{j=1}^{k} j", 23), ("\\frac{\\sum_{j=1}^{k} j}{k}", Fraction(9, 2)),
    ("\\sqrt{\\sum_{j=1}^{k} 4j^3}", 20), ("(\\sum_{j=1}^{k} j) (\\sum_{j=1}^{k} 1)", 25),
]
FLAT = [("(k + k^2)", 20), ("k", 6), ("(-k)", -6), ("k^2", 14), ("2^{k}", 14), ("\\frac{k}{2}", 3)]


@pytest.mark.parametrize("body, value", NESTED)
def test_a_series_inside_a_series_stays_a_tree(body: str, value: Fraction) -> None:
    text = f"\\sum_{{k=1}}^{{3}} {body}"
    assert isinstance(read(text).value, Expression), read(text).value
    assert mathgrade.grade(f"$\\boxed{{{text}}}$", str(Fraction(value))).correct
    assert not mathgrade.grade(f"$\\boxed{{{text}}}$", str(Fraction(value) + 1)).correct


@pytest.mark.parametrize("body, value", FLAT)
def test_a_series_of_plain_terms_folds_to_its_number(body: str, value: int) -> None:
    got = read(f"\\sum_{{k=1}}^{{3}} {body}").value
    assert isinstance(got, Number) and got.value == value, got
