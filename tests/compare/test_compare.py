"""Tests of stage 3 (compare), on values built directly (independent of the reader).

Every rule has positive cases and negative cases (things that must NOT match).
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest

import mathgrade
from mathgrade.compare import Decision, compare
from mathgrade.errors import GradingTimeout
from mathgrade.limits import Deadline
from mathgrade.options import Options, make_options
from mathgrade.values import (
    Choice,
    Expression,
    Interval,
    Matrix,
    Number,
    Relation,
    SetValue,
    Text,
    TupleValue,
    Union_,
)

# ------------------------------------------------------------------------------------------------ tiny builders


def N(v: Any, places: Any = None, **kw: Any) -> Number:
    """An exact number, or a decimal when ``v`` is a string such as "0.333" (places counted from the string)."""
    if isinstance(v, str):
        places = -int(Decimal(v).as_tuple().exponent)
        return Number(Fraction(v), places, **kw)
    return Number(Fraction(v), places, **kw)


def num(v: Any) -> tuple:
    return ("num", Fraction(v))


def sym(name: str) -> tuple:
    return ("sym", name)


PI, E_, I_, OO = ("const", "pi"), ("const", "e"), ("const", "i"), ("const", "oo")


def add(*a: tuple) -> tuple:
    return ("add",) + a


def mul(*a: tuple) -> tuple:
    return ("mul",) + a


def div(a: tuple, b: tuple) -> tuple:
    return ("div", a, b)


def pow_(a: tuple, b: tuple) -> tuple:
    return ("pow", a, b)


def neg(a: tuple) -> tuple:
    return ("neg", a)


def fn(name: str, *a: tuple) -> tuple:
    return ("func", name) + a


def X(tree: tuple, **kw: Any) -> Expression:
    return Expression(tree, **kw)


def rel(*parts: Any) -> Relation:
    """rel(a, "<", b, "<=", c) with scalars given as values or trees."""
    sides = tuple(p if not isinstance(p, tuple) else X(p) for p in parts[0::2])
    return Relation(sides, tuple(parts[1::2]))


x, y = sym("x"), sym("y")


def cmp(a: Any, g: Any, **opts: Any) -> Decision:
    return compare(a, g, make_options(**opts), Deadline(10))


def same(a: Any, g: Any, **opts: Any) -> bool:
    d = cmp(a, g, **opts)
    assert isinstance(d.rule, str) and d.rule and isinstance(d.reason, str) and d.reason
    return d.equal


# ------------------------------------------------------------------------------------------------------ numbers


def test_exact_numbers() -> None:
    d = cmp(N(Fraction(10, 9)), N(Fraction(20, 18)))
    assert d.equal and d.rule in ("number.exact", "identical")
    assert not same(N(100000), N(100001))
    assert not same(N(-5), N(5))
    assert cmp(N(3), N(Fraction(1, 3))).rule == "number.exact"


def test_written_decimal_equal_to_exact_value_is_exact() -> None:
    d = cmp(N("1000.0"), N(1000))
    assert d.equal and d.rule == "number.exact"
    assert same(N("0.5"), N(Fraction(1, 2)))
    assert same(N("0.0000001"), N(Fraction(1, 10**7)))  # exact, so no digit count needed


def test_decimal_rounding_needs_three_significant_digits() -> None:
    d = cmp(N("0.333"), N(Fraction(1, 3)))
    assert d.equal and d.rule == "number.rounded"
    d = cmp(N("0.3"), N(Fraction(1, 3)))
    assert not d.equal and d.rule == "number.too_few_digits"
    assert not same(N("0.33"), N(Fraction(1, 3)))
    assert same(N("0.0833333333333333"), N(Fraction(1, 12)))
    assert same(N("2.6667"), N(Fraction(8, 3)))
    assert not same(N("2.6666"), N(Fraction(8, 3)))  # truncated, not rounded
    assert not same(N("0.334"), N(Fraction(1, 3)))


def test_min_significant_digits_option() -> None:
    assert same(N("0.33"), N(Fraction(1, 3)), min_significant_digits=2)
    assert not same(N("0.333"), N(Fraction(1, 3)), min_significant_digits=4)


def test_decimal_gold_matches_exact_answer_that_rounds_to_it() -> None:
    d = cmp(N(Fraction(1, 3)), N("0.33"))
    assert d.equal and d.rule == "number.rounded"
    assert not same(N(Fraction(1, 2)), N("0.33"))
    assert not same(N(8), N("7.78"))


def test_both_decimals() -> None:
    assert same(N("2.6667"), N("2.667"))
    assert same(N("16386.2"), N("16386.16"))
    assert not same(N("16386.1"), N("16386.16"))
    assert not same(N("1.23"), N("1.24"))
    # a written decimal stands for an interval; it must round to the gold wherever in it the true value lies
    assert same(N("0.1476"), N("0.15"))
    assert same(N("3.275e12"), N("3.3e12"))
    assert not same(N("0.0215"), N("0.022"))  # 0.02145...0.02155 may round to 0.021
    assert not same(N("0.0325"), N("0.033"))


def test_tiny_and_huge_numbers_are_never_close_enough() -> None:
    assert not same(N("0.0000001"), N("0.0000002"))
    assert not same(N(Fraction(1, 10**7)), N(Fraction(2, 10**7)))
    assert not same(N(10**30), N(10**30 + 1))
    assert not same(N(Fraction(1, 10**50)), N(0))


def test_percent() -> None:
    half = N("0.5")
    assert same(N(50, percent=True), half)
    assert same(N(50, percent=True), N(50))
    assert same(N(50), N(50, percent=True))
    assert same(N(28, percent=True), N(28, percent=True))
    assert not same(half, N(50))  # no silent ×100
    assert not same(N(28), N(Fraction(28, 100)))
    assert not same(N(50, percent=True), N("0.5", percent=True))  # both percent: compare as written


def test_percent_option_off() -> None:
    assert same(N(50, percent=True), N("0.5"), percent=False)
    assert not same(N(50, percent=True), N(50), percent=False)


def test_degrees() -> None:
    quarter_pi = X(div(PI, num(4)))
    assert same(N(45, degrees=True), quarter_pi)
    assert same(quarter_pi, N(45, degrees=True))
    assert same(N(30), N(30, degrees=True))
    assert not same(N(45, degrees=True), X(div(PI, num(3))))
    assert not same(N(45), quarter_pi)  # no degree sign: 45 is not π/4


def test_degrees_option_off() -> None:
    assert not same(N(30), N(30, degrees=True), degrees=False)
    assert same(N(30, degrees=True), N(30, degrees=True), degrees=False)


# -------------------------------------------------------------------------------------------------- constants


def test_decimal_against_irrational_constant() -> None:
    sqrt2 = X(fn("sqrt", num(2)))
    d = cmp(N("1.41"), sqrt2)
    assert d.equal and d.rule == "number.rounded"
    assert cmp(N("1.4"), sqrt2).rule == "number.too_few_digits"
    assert not same(N("1.42"), sqrt2)
    assert same(N("4.123105625617661"), X(fn("sqrt", num(17))))
    assert not same(N("4.123105625617662"), X(fn("sqrt", num(17))))


def test_decimal_gold_against_irrational_answer() -> None:
    assert same(X(fn("sqrt", num(2))), N("1.41"))
    assert not same(X(fn("sqrt", num(3))), N("1.41"))
    minus = X(neg(mul(num(Fraction(5, 2)), fn("log_base", num(5), num(10)))))  # -2.5 log10 5 = -1.7474...
    assert same(minus, N("-1.75"))
    assert not same(minus, N("1.75"))  # the sign counts
    assert same(N("-1.747"), minus)
    assert not same(N("1.747"), minus)


def test_exact_constants() -> None:
    assert same(N(Fraction(1, 2)), X(fn("sin", div(PI, num(6)))))
    assert not same(N(Fraction(1, 2)), X(fn("cos", div(PI, num(6)))))
    assert same(X(mul(num(3), fn("sqrt", num(13)))), X(fn("sqrt", num(117))))
    assert not same(X(mul(num(4), fn("sqrt", num(2)))), N(4))
    assert not same(X(div(add(num(1), fn("sqrt", num(5))), num(2))), N(2))
    assert same(X(fn("root", num(-8), num(3))), N(-2))


def test_complex_numbers() -> None:
    assert same(X(pow_(add(num(1), I_), num(2))), X(mul(num(2), I_)))
    assert same(X(pow_(E_, mul(I_, PI))), N(-1))
    assert not same(X(pow_(add(num(1), I_), num(2))), X(mul(num(-2), I_)))
    assert not same(X(I_), N(1))


def test_constants_are_not_variables() -> None:
    assert not same(X(E_), X(sym("e_1")))
    assert same(N("3.14"), X(PI))  # π rounds to 3.14, which has three significant digits
    assert not same(N("3.15"), X(PI))
    assert not same(N("3.1"), X(PI))


def test_nested_radicals() -> None:
    a = div(fn("sqrt", add(fn("sqrt", num(11)), fn("sqrt", num(194)))),
            add(num(15), mul(num(2), fn("sqrt", num(33)))))
    b = div(fn("sqrt", add(fn("sqrt", num(11)), fn("sqrt", num(194)))),
            add(mul(num(2), fn("sqrt", num(33))), num(15)))
    assert same(X(a), X(b))
    assert not same(X(a), X(div(fn("sqrt", add(fn("sqrt", num(11)), fn("sqrt", num(195)))),
                                add(mul(num(2), fn("sqrt", num(33))), num(15)))))


def test_huge_exponent_is_not_evaluated_exactly() -> None:
    d = cmp(X(pow_(num(9), pow_(num(9), num(9)))), X(pow_(num(9), pow_(num(9), num(9)))))
    assert d.equal
    assert not same(X(pow_(num(2), num(10**9))), X(pow_(num(2), add(num(10**9), num(1)))))


# ------------------------------------------------------------------------------------------------ expressions


def test_expressions_at_random_points() -> None:
    d = cmp(X(add(div(x, num(7)), div(num(2), num(7)))), X(div(add(x, num(2)), num(7))))
    assert d.equal and d.rule in ("expression.symbolic", "expression.random_points")
    d = cmp(X(add(pow_(x, num(2)), mul(num(2), x), num(1))), X(pow_(add(x, num(2)), num(2))))
    assert not d.equal and d.rule == "expression.random_points"


def test_trig_identity() -> None:
    assert same(X(add(pow_(fn("tan", y), num(2)), num(1))), X(pow_(fn("sec", y), num(2))))
    assert same(X(mul(num(2), fn("sin", sym("b")), fn("cos", sym("a")))),
                X(add(fn("sin", add(sym("a"), sym("b"))), neg(fn("sin", add(sym("a"), neg(sym("b"))))))))
    assert not same(X(add(pow_(fn("tan", y), num(2)), num(1))), X(pow_(fn("csc", y), num(2))))


def test_free_variables_must_match_by_name() -> None:
    a = X(add(pow_(x, num(2)), mul(num(2), x), num(1)))
    b = X(add(pow_(y, num(2)), mul(num(2), y), num(1)))
    d = cmp(a, b)
    assert not d.equal and d.rule == "expression.variables"
    assert same(a, b, match_variables=False)
    assert not same(a, X(add(pow_(y, num(2)), mul(num(3), y), num(1))), match_variables=False)
    assert not same(X(add(x, mul(num(2), sym("n")), num(1))), X(add(x, num(1))))


def test_number_against_expression_with_variables() -> None:
    assert not same(N(2), X(mul(num(2), x)))
    assert not same(X(x), N(1))


def test_radical_conventions() -> None:
    # the same function written two ways: x^{2/3} and (x^{1/3})^2
    a = X(div(num(1), mul(num(3), pow_(fn("root", x, num(3)), num(2)))))
    b = X(div(num(1), mul(num(3), pow_(x, num(Fraction(2, 3))))))
    assert same(a, b)
    assert not same(X(fn("abs", x)), X(x))
    assert not same(X(fn("sqrt", pow_(x, num(2)))), X(x))


def test_unknown_function_compares_structurally_or_symbolically() -> None:
    fx = X(fn("f", x))
    assert same(fx, X(fn("f", x)))
    assert not same(fx, X(fn("f", y)))
    assert not same(fx, X(fn("g", x)))


def test_pm_expands_to_a_list() -> None:
    pm = X(("pm", num(1), fn("sqrt", num(19))))
    both = SetValue((X(add(num(1), fn("sqrt", num(19)))), X(add(num(1), neg(fn("sqrt", num(19)))))), braces=False)
    assert same(pm, both)
    assert same(X(("pm", num(0), num(2021))), SetValue((N(-2021), N(2021))))
    assert not same(X(("pm", num(0), num(2021))), N(2021))  # a partial answer


# --------------------------------------------------------------------------------------------------- relations


def test_equations_with_the_same_solutions() -> None:
    assert same(rel(add(x, num(2)), "=", num(0)), rel(add(mul(num(2), x), num(4)), "=", num(0)))
    line = rel(add(mul(num(2), x), mul(num(3), y)), "=", num(6))
    solved = rel(y, "=", add(mul(num(Fraction(-2, 3)), x), num(2)))
    d = cmp(line, solved)
    assert d.equal and d.rule == "relation.same_solutions"
    assert not same(line, rel(y, "=", add(mul(num(Fraction(-2, 3)), x), num(3))))
    assert not same(rel(add(x, num(2)), "=", num(0)), rel(add(y, num(2)), "=", num(0)))


def test_plane_with_opposite_signs() -> None:
    z = sym("z")
    a = rel(add(mul(num(34), x), mul(num(45), y), neg(mul(num(20), z)), num(100)), "=", num(0))
    b = rel(add(mul(num(-34), x), neg(mul(num(45), y)), mul(num(20), z), num(-100)), "=", num(0))
    assert same(a, b)
    c = rel(add(mul(num(-34), x), neg(mul(num(45), y)), mul(num(20), z), num(100)), "=", num(0))
    assert not same(a, c)


def test_ellipse_scaled() -> None:
    a = rel(add(div(pow_(x, num(2)), num(4)), div(pow_(y, num(2)), num(3))), "=", num(1))
    b = rel(add(div(pow_(x, num(2)), num(16)), div(pow_(y, num(2)), num(12))), "=", num(Fraction(1, 4)))
    assert same(a, b)
    assert not same(a, rel(add(div(pow_(x, num(2)), num(16)), div(pow_(y, num(2)), num(12))), "=", num(1)))


def test_assignment_answers_its_value() -> None:
    d = cmp(rel(x, "=", num(3)), N(3))
    assert d.equal and d.rule == "relation.assignment"
    assert same(N(3), rel(sym("k"), "=", num(3)))
    assert same(rel(num(3), "=", x), N(3))
    assert not same(rel(x, "=", num(3)), N(4))
    # not assignments: a left side with numbers is an equation, not a name
    assert not same(N(0), rel(add(sym("a"), mul(num(3), sym("z"))), "=", num(0)))
    assert not same(N(1), rel(add(mul(num(2), x), sym("z")), "=", num(1)))
    assert not same(X(add(mul(num(11), sym("a")), sym("c"))), rel(num(7), "=", add(mul(num(11), sym("a")), sym("c"))))


def test_assignment_to_names() -> None:
    ab = X(fn("abs", mul(sym("A"), sym("B"))))
    assert same(N(1), rel(ab, "=", num(1)))
    assert same(N(1), rel(mul(sym("f"), x), "=", num(1)))
    ratio = X(div(sym("NO"), sym("BO")))
    assert same(X(div(num(1), fn("sqrt", num(6)))), rel(ratio, "=", div(num(1), fn("sqrt", num(6)))))
    pq = TupleValue((X(sym("p")), X(sym("q"))))
    assert same(TupleValue((N(3), N(2))), Relation((pq, TupleValue((N(3), N(2)))), ("=",)))
    assert not same(TupleValue((N(2), N(3))), Relation((pq, TupleValue((N(3), N(2)))), ("=",)))


def test_chains() -> None:
    chain = rel(x, "=", add(num(5), num(5), num(1)), "=", num(11))
    assert same(chain, N(11))
    assert same(chain, rel(x, "=", num(11)))
    assert not same(chain, N(10))
    approx = rel(x, "=", num(Fraction(1, 3)), "approx", N("0.33"))
    assert same(approx, N(Fraction(1, 3)))
    assert same(rel(x, "approx", num(11)), N(11))
    gold_chain = rel(num(1), "=", sym("w"), "=", x, "=", num(0))
    assert same(N(0), gold_chain)  # a gold chain gives its last side (Math-Verify's reading of its own test)
    d = cmp(gold_chain, N(0))  # an answer that equates 1 and 0 answers nothing (issue 15, kind 19)
    assert not d.equal and d.rule == "relation.false"
    both = rel(sym("z"), "=", add(num(1), num(1)), "=", num(2))
    assert same(both, rel(sym("z"), "=", num(2)))
    assert not same(rel(sym("z"), "=", add(num(3), num(3)), "=", num(2)), both)  # says 6 = 2: answers nothing


def test_false_statement_answers_nothing() -> None:
    d = cmp(rel(num(7), "=", num(5)), N(5))
    assert not d.equal and d.rule == "relation.false"
    assert not same(rel(num(7), "=", num(5)), rel(num(7), "=", num(5)))
    assert same(rel(add(num(2), num(3)), "=", num(5)), N(5))  # a true statement ends in its value


def test_inequalities() -> None:
    assert same(rel(x, "<", num(1)), rel(neg(x), ">", num(-1)))
    assert same(rel(x, "<=", num(1)), rel(neg(x), ">=", num(-1)))
    assert not same(rel(x, "<", num(1)), rel(x, ">", num(-1)))
    assert same(rel(x, "<=", num(5)), rel(num(5), ">=", x))
    assert same(rel(sym("a"), "<", num(2)), rel(num(2), ">", sym("a")))
    assert not same(rel(x, ">=", num(5)), rel(x, "<=", num(5)))
    assert not same(rel(x, "<", num(5)), rel(x, "<=", num(5)))
    assert same(rel(x, "!=", num(3)), rel(x, "!=", num(3)))
    assert same(rel(num(2), "<", x, "<", num(5)), rel(num(5), ">", x, ">", num(2)))
    assert not same(rel(num(2), "<", x, "<", num(5)), rel(num(2), "<", x, "<=", num(5)))


def test_inequality_as_interval() -> None:
    d = cmp(rel(x, ">", num(3)), Interval(N(3), X(OO), False, False))
    assert d.equal and d.rule == "relation.interval"
    assert same(rel(num(2), "<=", x, "<", num(5)), Interval(N(2), N(5), True, False))
    assert same(Interval(N(2), N(5), True, False), rel(num(5), ">", x, ">=", num(2)))
    assert not same(rel(num(2), "<=", x, "<", num(5)), Interval(N(2), N(5), True, True))
    assert not same(rel(x, ">", num(3)), Interval(N(3), X(OO), True, False))
    assert same(rel(num(-793), "<", sym("a"), "<", num(10)), Interval(N(-793), N(10), False, False))
    ne = rel(x, "!=", num(3))
    assert same(ne, Union_((Interval(X(neg(OO)), N(3), False, False), Interval(N(3), X(OO), False, False))))


def test_inequality_as_interval_option_off() -> None:
    assert not same(rel(x, ">", num(3)), Interval(N(3), X(OO), False, False), allow_interval_as_inequality=False)


def test_unsolved_inequality_against_union() -> None:
    z = sym("z")
    r = rel(num(1), "<=", fn("abs", z), "<=", num(Fraction(3, 2)))
    u = Union_((Interval(N(Fraction(-3, 2)), N(-1), True, True), Interval(N(1), N(Fraction(3, 2)), True, True)))
    assert same(u, r)
    u_wrong = Union_((Interval(N(Fraction(-3, 2)), N(-1), True, True), Interval(N(1), N(2), True, True)))
    assert not same(u_wrong, r)


# ------------------------------------------------------------------------------------------ sets, lists, tuples


def test_sets_are_unordered_and_complete() -> None:
    a = SetValue((N(1), N(2), N(3)))
    assert cmp(SetValue((N(3), N(1), N(2))), a).rule == "set.elementwise"
    assert same(SetValue((N(3), N(1), N(2))), a)
    assert same(SetValue((N(3), N(1), N(2)), braces=False), a)
    d = cmp(SetValue((N(1), N(2))), a)
    assert not d.equal and d.rule == "set.size"
    assert not same(SetValue((N(1), N(2), N(4))), a)


def test_multisets() -> None:
    assert same(SetValue((N(2), N(2), N(3)), braces=False), SetValue((N(2), N(3), N(2)), braces=False))
    assert not same(SetValue((N(2), N(2), N(3)), braces=False), SetValue((N(2), N(3), N(3)), braces=False))


def test_sets_of_tuples_and_assignments() -> None:
    t = TupleValue
    gold = SetValue((t((N(37), N(3))), t((N(3), N(17)))), braces=False)
    assert same(SetValue((t((N(3), N(17))), t((N(37), N(3)))), braces=False), gold)
    assert not same(SetValue((t((N(17), N(3))), t((N(37), N(3)))), braces=False), gold)
    asg = SetValue((rel(sym("AB"), "=", num(4)), rel(sym("CD"), "=", num(5))), braces=False)
    assert same(SetValue((N(4), N(5)), braces=False), asg)
    assert not same(SetValue((N(4), N(6)), braces=False), asg)


def test_set_items_use_item_rules() -> None:
    gold = SetValue((N(Fraction(1, 3)), X(fn("sqrt", num(2)))))
    assert same(SetValue((N("1.41"), N("0.333"))), gold)
    assert not same(SetValue((N("1.4"), N("0.333"))), gold)


def test_tuples_are_ordered() -> None:
    assert same(TupleValue((N(1), N("4.5"))), TupleValue((N(1), N(Fraction(9, 2)))))
    assert not same(TupleValue((N(3), N(1))), TupleValue((N(1), N(3))))
    assert not same(TupleValue((N(1), N(3), N(0))), TupleValue((N(1), N(3))))


def test_bare_list_against_tuple_is_ordered() -> None:
    d = cmp(SetValue((N(1), N(3)), braces=False), TupleValue((N(1), N(3))))
    assert d.equal and d.rule == "tuple.as_list"
    assert not same(SetValue((N(1), N(3)), braces=False), TupleValue((N(3), N(1))))
    assert not same(SetValue((N(1), N(3))), TupleValue((N(1), N(3))))  # a set with braces is not a tuple


def test_one_element_set_against_element() -> None:
    assert same(SetValue((N(5),)), N(5))
    assert not same(SetValue((N(5),)), N(6))
    assert not same(SetValue((N(5), N(6))), N(5))


# ------------------------------------------------------------------------------------------- intervals, unions


def test_intervals() -> None:
    a = Interval(N(0), N(1), True, False)
    assert same(a, Interval(N(0), N(1), True, False))
    d = cmp(Interval(N(0), N(1), True, False), Interval(N(0), N(9), True, False))
    assert not d.equal and d.rule == "interval.endpoints"
    d = cmp(Interval(N(0), N(9), True, False), Interval(N(0), N(9), False, False))
    assert not d.equal and d.rule == "interval.brackets"
    assert same(Interval(N("0.6"), N("2.6667"), False, True), Interval(N(Fraction(3, 5)), N(Fraction(8, 3)), False, True))
    assert same(Interval(N(1), X(OO), False, False), Interval(N(1), X(OO), False, False))
    assert not same(Interval(N(1), X(OO), False, False), Interval(N(1), X(neg(OO)), False, False))


def test_open_interval_against_pair() -> None:
    d = cmp(Interval(N(-6), N(10), False, False), TupleValue((N(-6), N(10))))
    assert d.equal and d.rule == "interval.as_tuple"
    assert same(TupleValue((N(-6), N(10))), Interval(N(-6), N(10), False, False))
    assert not same(Interval(N(-6), N(10), True, False), TupleValue((N(-6), N(10))))
    assert not same(Interval(N(10), N(-6), False, False), TupleValue((N(-6), N(10))))


def test_unions() -> None:
    half = N(Fraction(-1, 2))
    parts = (Interval(N(-1), half, True, False), Interval(half, N(0), False, False), Interval(N(1), X(OO), False, False))
    assert same(Union_(parts), Union_(tuple(reversed(parts))))
    assert not same(Union_(parts), Union_(parts[:2]))
    merged = Union_((Interval(N(1), N(2), False, True), Interval(N(2), N(3), False, False)))
    assert same(merged, Interval(N(1), N(3), False, False))
    assert not same(merged, Interval(N(1), N(3), False, True))
    with_point = Union_((SetValue((N(-1),)), Interval(N(0), N(7), True, False)))
    assert same(with_point, Union_((Interval(N(0), N(7), True, False), SetValue((N(-1),)))))
    assert not same(with_point, Interval(N(0), N(7), True, False))


# ---------------------------------------------------------------------------------------------------- matrices


def test_matrices() -> None:
    m = Matrix(((N(1), N(2)), (N(3), N(4))))
    assert cmp(m, Matrix(((N(1), N(2)), (N(3), N(4))))).equal
    d = cmp(Matrix(((N(1), N(2)), (N(3), N(5)))), m)
    assert not d.equal and d.rule == "matrix.entrywise"
    d = cmp(Matrix(((N(1), N(2), N(3)),)), m)
    assert not d.equal and d.rule == "matrix.shape"
    assert not same(Matrix(((N(1), N(3)), (N(2), N(4)))), m)  # transposed


def test_matrix_entries_use_item_rules() -> None:
    col = Matrix(((N(Fraction(1, 3)),), (N(Fraction(1, 5)),)))
    assert same(Matrix(((N("0.333"),), (N("0.2"),))), col)
    assert not same(Matrix(((N("0.33"),), (N("0.2"),))), col)  # two significant digits only
    a = Matrix(((X(div(num(1), mul(num(3), pow_(fn("root", x, num(3)), num(2))))), N(0)),))
    b = Matrix(((X(div(num(1), mul(num(3), pow_(x, num(Fraction(2, 3)))))), N(0)),))
    assert same(a, b)


def test_vector_against_tuple() -> None:
    col = Matrix(((N(1),), (N(2),), (N(3),)))
    assert same(col, TupleValue((N(1), N(2), N(3))))
    assert not same(col, TupleValue((N(1), N(3), N(2))))
    assert same(col, Matrix(((N(1), N(2), N(3)),)))  # row against column vector


# -------------------------------------------------------------------------------------------- text and choices


def test_text() -> None:
    d = cmp(Text("No solution"), Text("\\text{no solution}"))
    assert d.equal and d.rule == "text.normalized"
    assert same(Text("the midpoints form a regular hexagon"), Text("The midpoints form  a regular hexagon."))
    assert not same(Text("yes"), Text("no"))
    assert not same(Text("evelyn"), Text("briana"))


def test_text_against_word_read_as_letters() -> None:
    assert same(mul_word("odd"), Text("odd"))
    assert same(Text("\\text{Even}"), mul_word("Even"))
    assert not same(mul_word("odd"), Text("even"))
    assert not same(Text("odd"), N(1))


def mul_word(word: str) -> Expression:
    parts = tuple(("const", ch) if ch in "e" else ("sym", ch) for ch in word)
    return X(("mul",) + parts)


def test_choices() -> None:
    d = cmp(Choice("C"), Choice("C"))
    assert d.equal
    assert cmp(Text("(c)"), Choice("C")).rule == "choice.letter"
    assert same(Text("(c)"), Choice("C"))
    assert same(X(sym("E")), Choice("E"))
    assert not same(Choice("D"), Choice("E"))
    assert not same(X(sym("d")), Choice("E"))
    assert same(Choice("B", N(5)), N(5))
    assert not same(Choice("B", N(5)), N(6))


# ---------------------------------------------------------------------------------------------------- kinds


@pytest.mark.parametrize("a,g", [
    (SetValue((N(1), N(2))), N(1)),
    (Matrix(((N(1),),)), Text("one")),
    (Interval(N(0), N(1), True, True), N(1)),
    (TupleValue((N(1), N(2))), Matrix(((N(1), N(2)), (N(3), N(4))))),
    (Text("yes"), TupleValue((N(1), N(2)))),
])
def test_kinds_that_cannot_match(a: Any, g: Any) -> None:
    d = cmp(a, g)
    assert not d.equal and d.reason


def test_kind_mismatch_reason_names_both_kinds() -> None:
    d = cmp(SetValue((N(1), N(2))), Interval(N(0), N(1), True, True))
    assert not d.equal
    d = cmp(Matrix(((N(1),), (N(2),))), Text("x"))
    assert not d.equal and d.rule == "kind.mismatch" and "matrix" in d.reason and "text" in d.reason
    reason = mathgrade.grade("\\boxed{(1, 2]}", "\\begin{pmatrix}1 \\\\ 2\\end{pmatrix}").reason
    assert "the answer is an interval and the gold is a matrix" in reason, reason
    reason = mathgrade.grade("\\boxed{\\infty}", "\\text{no maximum}").reason
    assert "the other side is an expression" in reason, reason


# -------------------------------------------------------------------------------------------- limits, safety


def test_deadline_passed_raises_timeout() -> None:
    with pytest.raises(GradingTimeout):
        compare(N(1), N(2), Options(), Deadline(-1))


def test_decisions_do_not_depend_on_call_order() -> None:
    a, g = X(add(pow_(x, num(2)), num(1))), X(add(pow_(x, num(2)), num(2)))
    first = cmp(a, g)
    cmp(X(fn("sin", x)), X(fn("cos", x)))
    assert cmp(a, g) == first


def test_number_comparison_does_not_import_sympy() -> None:
    import subprocess
    import sys

    code = ("import sys; from fractions import Fraction as F; from mathgrade.compare import compare; "
            "from mathgrade.options import Options; from mathgrade.limits import Deadline; "
            "from mathgrade.values import Number; "
            "assert compare(Number(F(1,3)), Number(F(333,1000), 3), Options(), Deadline(5)).equal; "
            "print('sympy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_repeated_answer_items_against_a_gold_without_repeats() -> None:
    t = TupleValue
    gold = SetValue((t((N(3), N(17))), t((N(37), N(3)))), braces=False)
    repeated = SetValue((t((N(3), N(17))), t((N(37), N(3))), t((N(3), N(17)))), braces=False)
    assert same(repeated, gold)
    # but a gold that repeats an item (a double root) needs it twice
    assert not same(SetValue((N(2), N(3)), braces=False), SetValue((N(2), N(2), N(3)), braces=False))
    assert not same(SetValue((N(2), N(3), N(3)), braces=False), SetValue((N(2), N(2), N(3)), braces=False))
    assert not same(SetValue((t((N(3), N(17))), t((N(3), N(17))), t((N(3), N(17)))), braces=False), gold)


def test_flattened_assignments_group_into_solutions() -> None:
    p, q = sym("p"), sym("q")
    flat = SetValue((rel(p, "=", num(5)), rel(q, "=", num(2)), rel(p, "=", num(7)), rel(q, "=", num(2))),
                    braces=False)
    pairs = SetValue((TupleValue((N(5), N(2))), TupleValue((N(7), N(2)))), braces=False)
    assert same(pairs, flat)
    assert same(SetValue((TupleValue((N(7), N(2))), TupleValue((N(5), N(2)))), braces=False), flat)
    assert not same(SetValue((TupleValue((N(2), N(5))), TupleValue((N(2), N(7)))), braces=False), flat)
    assert not same(SetValue((N(5), N(2)), braces=False), flat)


def test_inequality_chain_against_an_open_pair() -> None:
    f = sym("f(x)")
    assert same(TupleValue((N(0), N(1))), rel(num(0), "<", f, "<", num(1)))
    assert same(TupleValue((N(-793), N(10))), rel(num(-793), "<", sym("a"), "<", num(10)))
    assert not same(TupleValue((N(0), N(1))), rel(num(0), "<=", f, "<", num(1)))
    assert not same(TupleValue((N(0), N(2))), rel(num(0), "<", f, "<", num(1)))
    assert not same(TupleValue((N(0), N(1))), rel(num(0), "<", f, "<", num(1)), allow_interval_as_inequality=False)


def test_list_of_inequalities_against_union() -> None:
    either = SetValue((rel(x, "<", num(2)), rel(x, ">", num(3))), braces=False)
    union = Union_((Interval(X(neg(OO)), N(2), False, False), Interval(N(3), X(OO), False, False)))
    assert same(either, union)
    assert same(union, either)
    assert not same(either, Union_((Interval(X(neg(OO)), N(2), False, True), Interval(N(3), X(OO), False, False))))
    assert not same(either, union, allow_interval_as_inequality=False)


def test_empty_set_and_no_solution() -> None:
    empty = SetValue((), braces=True)
    assert same(Text("No solution"), empty)
    assert same(empty, Text("there are no solutions"))
    assert not same(Text("all real numbers"), empty)
    assert not same(SetValue((N(1),)), empty)


def test_exponent_hidden_in_a_product_is_bounded() -> None:
    big = X(pow_(num(2), mul(num(10**5), num(10**5))))
    assert not same(big, X(pow_(num(2), add(mul(num(10**5), num(10**5)), num(1)))))
    assert same(big, X(pow_(num(4), mul(num(5 * 10**4), num(10**5)))))


def test_threads_agree_with_sequential_results() -> None:
    from concurrent.futures import ThreadPoolExecutor

    cases = [
        (N("0.333"), N(Fraction(1, 3))),
        (X(fn("sqrt", num(8))), X(mul(num(2), fn("sqrt", num(2))))),
        (X(add(pow_(x, num(2)), num(1))), X(add(pow_(x, num(2)), num(2)))),
        (N("1.41"), X(fn("sqrt", num(2)))),
        (X(fn("sin", x)), X(fn("cos", add(x, neg(div(PI, num(2))))))),
    ] * 4
    expected = [cmp(a, g).equal for a, g in cases]
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(lambda ag: cmp(*ag).equal, cases))
    assert got == expected
    assert expected[:5] == [True, True, False, True, True]


def test_random_points_do_not_depend_on_hash_seed() -> None:
    import os
    import subprocess
    import sys

    code = ("from fractions import Fraction as F; from mathgrade.compare import compare; "
            "from mathgrade.options import Options; from mathgrade.limits import Deadline; "
            "from mathgrade.values import Expression as X; "
            "a = X(('add', ('pow', ('sym', 'x'), ('num', F(2))), ('sym', 'y'))); "
            "b = X(('add', ('pow', ('sym', 'y'), ('num', F(2))), ('sym', 'x'))); "
            "print(compare(a, b, Options(), Deadline(5)).reason)")
    outs = set()
    for seed in ("1", "2", "3"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        outs.add(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                                env=env).stdout)
    assert len(outs) == 1 and "differ at" in outs.pop()


def test_hostile_sizes_are_refused_quickly() -> None:
    # each would take minutes (or unbounded memory) if evaluated naively; they must be decided, and not as equal
    assert not same(X(fn("sin", pow_(num(10), num(10**6)))), N(0))
    assert not same(X(fn("floor", pow_(num(10), pow_(num(10), num(10))))), N(1))
    assert not same(X(fn("factorial", num(10**9))), X(fn("factorial", num(10**9 + 1))))
    assert not same(X(fn("exp", pow_(num(10), num(100)))), X(fn("exp", add(pow_(num(10), num(100)), num(1)))))
    assert not same(N(Fraction(1, 10**6)), Number(Fraction(2, 10**6), 10**7))


def test_equations_equal_after_clearing_denominators() -> None:
    assert same(rel(div(x, y), "=", num(2)), rel(x, "=", mul(num(2), y)))
    assert same(rel(pow_(add(x, num(-1)), num(2)), "=", num(0)), rel(x, "=", num(1)))
    assert not same(rel(div(x, y), "=", num(2)), rel(x, "=", mul(num(3), y)))
    assert not same(rel(pow_(x, num(2)), "=", pow_(y, num(2))), rel(x, "=", y))
    assert not same(rel(pow_(x, num(2)), "=", num(4)), rel(x, "=", num(2)))


def test_unsolved_inequality_against_solved_chain() -> None:
    assert same(rel(pow_(x, num(2)), "<", num(4)), rel(num(-2), "<", x, "<", num(2)))
    assert not same(rel(pow_(x, num(2)), "<", num(4)), rel(num(-2), "<=", x, "<", num(2)))
    assert not same(rel(pow_(x, num(2)), "<", num(4)), rel(num(0), "<", x, "<", num(2)))
    assert not same(rel(pow_(x, num(2)), "<", num(4)), rel(num(-2), "<", x, "<", num(2)), allow_interval_as_inequality=False)


def test_a_variable_that_cancels_out() -> None:
    one = X(add(pow_(fn("sin", x), num(2)), pow_(fn("cos", x), num(2))))
    assert same(one, N(1))
    assert same(X(add(x, neg(x), num(2))), N(2))
    d = cmp(X(add(pow_(fn("sin", x), num(2)), num(1))), N(1))
    assert not d.equal and d.rule == "expression.variables"


def test_sum_of_names_is_a_name() -> None:
    assert cmp(rel(add(sym("a"), sym("b")), "=", num(1)), N(1)).rule == "relation.assignment"
    # a left side with numbers is not a name; it restates the question, so its right side answers (kind 10)
    d = cmp(rel(add(sym("a"), mul(num(3), sym("b"))), "=", num(1)), N(1))
    assert d.equal and d.rule == "relation.restated"
    assert not same(rel(add(sym("a"), mul(num(3), sym("b"))), "=", num(1)), N(2))
    assert not same(rel(add(pow_(sym("a"), num(2)), sym("b")), "=", num(0)), X(sym("b")))


def test_undefined_constants() -> None:
    d = cmp(X(div(num(1), add(num(2), num(-2)))), N(0))
    assert not d.equal and d.rule == "expression.numeric"
    assert not same(X(add(OO, neg(OO))), N(0))
    assert not same(X(fn("sin", OO)), N(0))
    assert not same(X(fn("log", num(0))), N(0))


def _random_tree(rng: Any, depth: int) -> tuple:
    if depth <= 0 or rng.random() < 0.3:
        c = rng.random()
        if c < 0.5:
            return num(Fraction(rng.randint(-20, 20), rng.choice([1, 2, 3, 7])))
        if c < 0.8:
            return sym(rng.choice("xy"))
        return (PI, E_, I_)[rng.randrange(3)]
    k = rng.random()
    if k < 0.25:
        return add(_random_tree(rng, depth - 1), _random_tree(rng, depth - 1))
    if k < 0.5:
        return mul(_random_tree(rng, depth - 1), _random_tree(rng, depth - 1))
    if k < 0.6:
        return div(_random_tree(rng, depth - 1), _random_tree(rng, depth - 1))
    if k < 0.75:
        return pow_(_random_tree(rng, depth - 1), num(rng.randint(-3, 3)))
    return fn(rng.choice(["sin", "cos", "exp", "log", "sqrt", "abs", "atan"]), _random_tree(rng, depth - 1))


def test_random_expressions_never_raise_and_a_rewrite_is_equal() -> None:
    import random

    rng = random.Random(7)
    for _ in range(150):
        a, b = _random_tree(rng, 3), _random_tree(rng, 3)
        cmp(X(a), X(b))  # must decide without raising
        # the same expression written differently (terms swapped, times one) is equal to itself
        rewritten = mul(num(1), add(num(0), a))
        d = cmp(X(rewritten), X(a))
        assert d.equal or "defined" in d.reason or "no value" in d.reason, (a, d)


def test_short_decimal_exactly_equal_to_a_constant_expression() -> None:
    assert same(N("0.5"), X(fn("sin", div(PI, num(6)))))  # exact: no digit minimum
    assert same(X(fn("cos", div(PI, num(3)))), N("0.5"))
    assert not same(N("0.5"), X(fn("sin", div(PI, num(5)))))


# ------------------------------------------------------------------------------------------------ sums, products, Γ


def series(name: str, body: tuple, var: str, lo: tuple, hi: tuple) -> tuple:
    return ("func", name, body, sym(var), lo, hi)


k, n = sym("k"), sym("n")


def test_sums_with_symbolic_bounds() -> None:
    s0 = series("sum", k, "k", num(0), n)
    s1 = series("sum", k, "k", num(1), n)
    squares = series("sum", pow_(k, num(2)), "k", num(0), n)
    assert same(X(s0), X(s1))  # the k = 0 term is zero
    assert same(X(s1), X(div(mul(n, add(n, num(1))), num(2))))
    assert not same(X(squares), X(s1))
    assert not same(X(series("sum", k, "k", num(2), n)), X(s1))  # drops the k = 1 term


def test_sum_bodies_compare_up_to_commutativity() -> None:
    fk, fnk = sym("F_k"), sym("F_n-k-1")
    hi = add(n, num(-1))
    a = series("sum", mul(fk, fnk), "k", num(0), hi)
    b = series("sum", mul(fnk, fk), "k", num(0), hi)
    c = series("sum", mul(fk, fk), "k", num(0), hi)
    assert same(X(a), X(b))
    assert not same(X(a), X(c))


def test_the_bound_variable_is_not_free() -> None:
    s = series("sum", mul(k, x), "k", num(1), num(3))  # 6x
    assert same(X(s), X(mul(num(6), x)))
    assert not same(X(s), X(mul(num(6), k)))
    assert not same(X(s), X(mul(num(5), x)))


def test_products_with_integer_bounds() -> None:
    p = series("prod", k, "k", num(1), num(5))
    assert same(X(p), N(120))
    assert not same(X(p), N(24))
    assert same(X(series("prod", k, "k", num(1), n)), X(fn("factorial", n)))


def test_gamma_function() -> None:
    assert same(X(fn("gamma", num(5))), N(24))
    assert not same(X(fn("gamma", num(5))), N(120))
    assert same(X(fn("gamma", div(num(1), num(2)))), X(fn("sqrt", PI)))
    assert same(X(fn("gamma", add(x, num(1)))), X(fn("factorial", x)))
    assert not same(X(fn("gamma", x)), X(fn("factorial", x)))
    assert not same(X(fn("gamma", num(0))), N(0))  # a pole has no value


def test_series_evaluation_has_a_budget() -> None:
    from mathgrade.compare import _numeric

    inner = series("sum", mul(sym("a"), k), "k", num(1), num(1500))
    nested = series("sum", inner, "a", num(1), num(1500))  # 2.25 million terms: refused, not evaluated
    with pytest.raises(_numeric.Unsupported):
        _numeric.evaluate(nested, {})
    assert _numeric.evaluate(series("sum", k, "k", num(1), num(1500)), {}) == Fraction(1500 * 1501, 2)


def test_order_of_terms_and_factors_without_numeric_evidence() -> None:
    from mathgrade.compare._scalars import _canonical

    fk, fj = sym("F_k"), sym("F_j")
    a = series("sum", mul(fk, fj, n), "k", num(0), n)
    b = series("sum", mul(n, fj, fk), "k", num(0), n)
    assert _canonical(a) == _canonical(b)
    assert _canonical(series("sum", add(fk, num(1)), "k", num(0), n)) == \
        _canonical(series("sum", add(num(1), fk), "k", num(0), n))
    assert _canonical(series("sum", pow_(fk, fj), "k", num(0), n)) != \
        _canonical(series("sum", pow_(fj, fk), "k", num(0), n))  # a power is not commutative
    assert _canonical(div(fk, fj)) != _canonical(div(fj, fk))
    d = cmp(X(a), X(b))
    assert d.equal and d.rule == "expression.structural"
    assert not same(X(a), X(series("sum", mul(n, fj, fj), "k", num(0), n)))
