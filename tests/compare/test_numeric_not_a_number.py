"""A value that is not a number in floating point (``0 \\cdot \\infty``, reached inside a product of sums, whose
terms the evaluator does not check for infinity one by one) is undefined, and the reason says why: "not a number"
(``compare/_numeric._Evaluator._check``). Each row has its contrast: the same product without its zero term, which
is infinite and equals ``\\infty``.

Written for seed 127 (docs/testing.md): the message made ``"XXnot a numberXX"``; no test read it.
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._read import read
from mathgrade.compare._numeric import numeric_value
from mathgrade.compare._trees import to_tree

# (a product with an empty sum (0) and an infinite sum among its terms, the same product from k = 1: infinite)
_ROWS = [
    ("\\prod_{k=0}^{1} \\sum_{j=1}^{k} \\infty", "\\prod_{k=1}^{2} \\sum_{j=1}^{k} \\infty"),
    ("\\prod_{k=0}^{2} \\sum_{j=1}^{k} \\infty", "\\prod_{k=1}^{3} \\sum_{j=1}^{k} \\infty"),
    ("\\prod_{k=0}^{1} \\sum_{j=1}^{k} (-\\infty)", "\\prod_{k=1}^{2} \\sum_{j=1}^{k} (-\\infty)"),
]


def _value(text: str) -> tuple:
    r = read(text)
    assert r.error is None, r.error
    return numeric_value(to_tree(r.value))


@pytest.mark.parametrize("nan, _infinite", _ROWS)
def test_not_a_number_is_undefined_and_says_so(nan: str, _infinite: str) -> None:
    assert _value(nan) == (None, "undefined (not a number)")
    for gold in ("0", "1", "\\infty"):
        v = mathgrade.grade(f"${nan}$", gold)
        assert not v.correct and v.rule == "expression.numeric", v.explain()
        assert "has no value (undefined (not a number))" in v.reason, v.reason


@pytest.mark.parametrize("_nan, infinite", _ROWS)
def test_the_product_without_its_zero_term_is_infinite(_nan: str, infinite: str) -> None:
    value, why = _value(infinite)
    assert why == "" and value is not None and abs(value) == float("inf"), (value, why)
    v = mathgrade.grade(f"${infinite}$", "0")
    assert not v.correct and "not a number" not in v.reason, v.explain()
