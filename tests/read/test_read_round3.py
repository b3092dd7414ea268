"""Reader: the repairs of the accuracy ratchet, round 3 (issue 28), one section per kind, each read both ways (what
it must read as, and a near miss that must stay different)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mathgrade._read import read
from mathgrade.values import Number


def value(text: str) -> object:
    r = read(text)
    assert r.value is not None, r.error
    return r.value


# ---- 1: golds we could not read -------------------------------------------------------------------------------------


@pytest.mark.parametrize("text,number", [
    ("0.101_{2}", Fraction(5, 8)), ("(1011)_2", Fraction(11)), ("FF_{16}", Fraction(255)), ("12_{3}", Fraction(5)),
    ("1011_{(2)}", Fraction(11)),
])
def test_a_number_in_another_base_is_its_value(text: str, number: Fraction) -> None:
    v = value(text)
    assert isinstance(v, Number) and v.value == number


@pytest.mark.parametrize("text", ["5_1", "AB_{12}", "a_{12}", "x_2", "19_{8}"])
def test_a_subscript_that_is_not_a_base_stays_a_subscript(text: str) -> None:
    v = read(text).value
    assert not (isinstance(v, Number) and v.places is None and v.value in (5, 131, 12, 2, 17))


def test_circled_numerals_are_numbers_and_a_run_of_them_a_list() -> None:
    assert value("①④") == value("1, 4")
    assert value("①、③") == value("1, 3")
    assert value("②") == value("2")
    assert value("①④") != value("1, 3")


def test_html_superscripts_and_subscripts() -> None:
    assert value("x<sup>2</sup>") == value("x^2")
    assert value("a<sub>1</sub>") == value("a_1")
    assert value("x<sup>3</sup>") != value("x^2")
    assert value("<b>5</b>") == value("5")


# ---- 5: a unit after a decimal is a unit ----------------------------------------------------------------------------


@pytest.mark.parametrize("text,number", [
    ("4.812 \\mathrm{s}", Fraction(4812, 1000)), ("4.8 s", Fraction(48, 10)), ("9.8\\,\\text{m}", Fraction(98, 10)),
    ("3.5\\,\\mathrm{m}^2", Fraction(35, 10)), ("0.25 \\mathrm{~N}", Fraction(1, 4)),
])
def test_a_unit_symbol_after_a_decimal_is_dropped(text: str, number: Fraction) -> None:
    v = value(text)
    assert isinstance(v, Number) and v.value == number


@pytest.mark.parametrize("text", ["0.5 x", "4 s", "5 \\text{ m}", "2.5\\mathrm{e}", "0.5 s + 1"])
def test_a_letter_that_may_be_a_variable_stays_one(text: str) -> None:
    assert not isinstance(value(text), Number)


# ---- 8: the domain of a family's parameter --------------------------------------------------------------------------


@pytest.mark.parametrize("text,bare", [
    ("2k\\pi, k \\in \\mathbb{Z}", "2k\\pi"), ("x = 2k\\pi, k \\in \\mathbb{Z}", "x = 2k\\pi"),
    ("\\frac{\\pi}{6} + n\\pi \\text{ where } n \\text{ is an integer}", "\\frac{\\pi}{6} + n\\pi"),
    ("\\frac{\\pi}{6} + 2k\\pi \\ (k \\in \\mathbb{Z})", "\\frac{\\pi}{6} + 2k\\pi"), ("k\\pi, k\\in Z", "k\\pi"),
])
def test_the_domain_of_a_parameter_is_dropped(text: str, bare: str) -> None:
    assert value(text) == value(bare)


def test_a_membership_that_is_the_answer_stays() -> None:
    assert read("x \\in \\mathbb{Z}").value != read("x").value
    assert value("2, 3") != value("2, 3, k")


# ---- 9: sets described by a rule or with annotations ----------------------------------------------------------------


def test_tuples_with_plus_minus_entries_are_every_tuple_they_stand_for() -> None:
    assert value("(\\pm 1, 0, \\pm\\sqrt3)") == value("(1,0,\\sqrt3),(1,0,-\\sqrt3),(-1,0,\\sqrt3),(-1,0,-\\sqrt3)")
    assert value("(\\pm 2, 1)") == value("(2, 1), (-2, 1)")
    assert value("(\\pm 2, 1)") != value("(2, 1)")
    assert read("(\\pm 1+x, 0)").value is None  # the sign's reach is not plain: not expanded


def test_probabilities_attached_to_outcomes_are_dropped() -> None:
    text = "E_1 \\text{ with probability } \\frac{1}{3}, \\text{ and } E_2 \\text{ with probability } \\frac{2}{3}"
    assert value(text) == value("E_1, E_2")
    assert value("H \\text{ with probability } 0.5") == value("H")


# ---- 11: one-off reading faults -------------------------------------------------------------------------------------


@pytest.mark.parametrize("text,same", [
    ("0.8333 repeating", "\\frac56"), ("0.142857 repeating", "\\frac17"), ("1.0666 repeating", "\\frac{16}{15}"),
    ("35°17'", "\\frac{2117}{60}^\\circ"), ("35^\\circ 17'", "\\frac{2117}{60}^\\circ"), ("2**10", "1024"),
])
def test_one_off_notations(text: str, same: str) -> None:
    assert value(text) == value(same)


def test_one_off_notations_near_misses() -> None:
    assert value("0.8333") != value("\\frac56")  # without "repeating" a decimal is what it says
    assert value("35°17'") != value("35^\\circ")
    assert value("35°17'") != value("17")


def test_a_unit_typeset_with_a_tie_is_dropped() -> None:
    assert value("20 \\mathrm{~N}") == value("20")
    assert value("5 \\mathrm{~cm}^{2}") == value("5")
    assert value("x \\mathrm{~N}") != value("x")  # after a letter: not a number's unit
    assert value("5 \\text{ m}") != value("5")  # without the tie a single letter stays a variable
