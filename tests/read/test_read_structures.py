"""Reader: tuples, sets, intervals, unions, matrices, relations and chains, lists, ±, cases."""

from fractions import Fraction as F

import pytest

from mathgrade._read import read
from mathgrade.values import (Expression, Interval, Matrix, Number, Relation, SetValue, TupleValue, Union_)


def val(text):
    r = read(text)
    assert r.value is not None, r.error
    return r.value


def n(q):
    return Number(F(q))


OO, NEG_OO = Expression(("const", "oo")), Expression(("neg", ("const", "oo")))
X = Expression(("sym", "x"))


def test_tuples_and_points():
    assert val("(1,2)") == TupleValue((n(1), n(2)))
    assert val("\\left( 3, \\frac{\\pi}{2} \\right)") == TupleValue((n(3), Expression(("div", ("const", "pi"), ("num", F(2))))))
    assert val("(6,31,-1)") == TupleValue((n(6), n(31), n(-1)))
    assert val("(1,2)") != val("(2,1)")
    assert val("\\langle 1, 2 \\rangle") == TupleValue((n(1), n(2)))


def test_parentheses_around_one_item_only_group():
    assert val("(5)") == n(5)
    assert val("[5]") == n(5)


@pytest.mark.parametrize("text, left, right, lc, rc", [
    ("[1,2]", n(1), n(2), True, True), ("[1,2)", n(1), n(2), True, False), ("(1,2]", n(1), n(2), False, True),
    ("(2,\\infty)", n(2), OO, False, False), ("(-\\infty, 0]", NEG_OO, n(0), False, True),
    ("\\left[ 1, 2 \\right)", n(1), n(2), True, False), ("(-∞, 5)", NEG_OO, n(5), False, False),
])
def test_intervals(text, left, right, lc, rc):
    assert val(text) == Interval(left, right, lc, rc)


def test_interval_brackets_matter():
    assert val("[1,2]") != val("[1,2)")
    assert val("(1,2]") != val("[1,2]")
    assert isinstance(val("(1,2)"), TupleValue)  # the comparison stage decides about open intervals


def test_unions_and_intersections():
    u = val("(-\\infty, 2) \\cup (3, \\infty)")
    assert u == Union_((Interval(NEG_OO, n(2), False, False), Interval(n(3), OO, False, False)), "cup")
    assert val("(0,9) \\cup (9,36)") == Union_((Interval(n(0), n(9), False, False),
                                                Interval(n(9), n(36), False, False)), "cup")
    three = val("[1,2] \\cup [3,4] \\cup [5,6]")
    assert isinstance(three, Union_) and len(three.parts) == 3
    assert val("[1,3] \\cap [2,4]").op == "cap"
    assert val("(-\\infty, 0) \\cup\\{1\\}") == Union_((Interval(NEG_OO, n(0), False, False),
                                                        SetValue((n(1),), True)), "cup")
    assert val("[1,2] ∪ [3,4]") == val("[1,2] \\cup [3,4]")


def test_sets():
    assert val("\\{1,2\\}") == SetValue((n(1), n(2)), True)
    assert val("\\emptyset") == SetValue((), True)
    assert val("\\varnothing") == SetValue((), True)
    assert val("\\{\\}") == SetValue((), True)
    assert val("\\{1\\pm\\sqrt{5},-2\\}").items[2] == n(-2)
    assert len(val("\\{1\\pm\\sqrt{5},-2\\}").items) == 3
    assert val("\\{1,2\\}") != val("1, 2")  # braces are recorded


def test_bare_lists():
    assert val("2, 3") == SetValue((n(2), n(3)), False)
    assert val("2 and 3") == SetValue((n(2), n(3)), False)
    assert val("1,3,5") == SetValue((n(1), n(3), n(5)), False)
    assert val("$69$,$84$") == SetValue((n(69), n(84)), False)
    two = val("x=2 \\text{ or } x=3")
    assert two == SetValue((Relation((X, n(2)), ("=",)), Relation((X, n(3)), ("=",))), False)
    assert val("x=2 \\text{ or } x=3") == val("x = 2 or x = 3")
    assert val("(1,2), (3,4)") == SetValue((TupleValue((n(1), n(2))), TupleValue((n(3), n(4)))), False)


def test_plus_minus_expands_to_two_answers():
    v = val("1 \\pm \\sqrt{2}")
    root2 = ("func", "sqrt", ("num", F(2)))
    assert v == SetValue((Expression(("add", ("num", F(1)), root2)),
                          Expression(("add", ("num", F(1)), ("neg", root2)))), False)
    assert val("\\pm 2") == SetValue((n(2), n(-2)), False)
    assert len(val("\\frac{-1\\pm\\sqrt{5}}{2}").items) == 2
    assert len(val("x = \\frac{1}{2}, x = \\frac{-1 \\pm \\sqrt{13}}{4}").items) == 3
    assert val("\\mp 2") == SetValue((n(-2), n(2)), False)
    assert val("1 \\pm 2") != val("1 + 2")


def test_matrices_and_vectors():
    m = val("\\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}")
    assert m == Matrix(((n(1), n(2)), (n(3), n(4))))
    assert val("\\begin{bmatrix} 1 & 2 \\\\ 3 & 4 \\end{bmatrix}") == m
    assert val("\\begin{matrix} 1 & 2 \\\\ 3 & 4 \\end{matrix}") == m
    assert val("\\begin{vmatrix} 1 & 2 \\\\ 3 & 4 \\end{vmatrix}") == m
    assert val("\\left[\\begin{array}{cc} 1 & 2 \\\\ 3 & 4 \\end{array}\\right]") == m
    col = val("\\begin{pmatrix} -1/3 \\\\ 2/3 \\\\ 5/3 \\end{pmatrix}")
    assert col == Matrix(((n(F(-1, 3)),), (n(F(2, 3)),), (n(F(5, 3)),)))
    assert col.shape == (3, 1)
    assert m != Matrix(((n(1), n(3)), (n(2), n(4))))
    assert read("\\begin{pmatrix} 1 & 2 \\\\ 3 \\end{pmatrix}").value is None  # ragged rows


def test_relations_and_chains():
    assert val("x = 3") == Relation((X, n(3)), ("=",))
    assert val("1<x\\le 3") == Relation((n(1), X, n(3)), ("<", "<="))
    assert val("x \\geq 2").ops == (">=",)
    assert val("x \\geqslant 2").ops == (">=",)
    assert val("x \\neq 2").ops == ("!=",)
    assert val("x >= 2").ops == (">=",)
    assert val("x \\approx 2").ops == ("approx",)
    assert val("y = 2x + 3") != val("y = 2x - 3")
    assert val("x < 3") != val("x > 3")


def test_membership_reads_as_the_set():
    assert val("x \\in [-2,7]") == Interval(n(-2), n(7), True, True)


def test_cases_and_aligned_are_lists():
    v = val("\\begin{cases} x = 1 \\\\ y = 2 \\end{cases}")
    assert v == SetValue((Relation((X, n(1)), ("=",)), Relation((Expression(("sym", "y")), n(2)), ("=",))), False)
    w = val("\\begin{aligned} x &= 1 \\\\ y &= 2 \\end{aligned}")
    assert w == v


def test_ratio():
    assert val("7:32") == n(F(7, 32))
    assert not isinstance(read("12:00").value, Number)  # a time, not a ratio: text
    assert read("12:00").value == read("12:00").value


def test_real_line_and_set_builder():
    assert val("\\mathbb{R}") == Interval(NEG_OO, OO, False, False)
    assert val("x \\in \\mathbb{R}") == val("(-\\infty, \\infty)")
    assert val("\\{x \\mid x > 0\\}") == Relation((X, n(0)), (">",))
    assert val("\\{x : 1 < x \\le 3\\}") == val("1 < x \\le 3")
    assert read("\\mathbb{Z}").value is None
