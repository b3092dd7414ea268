"""Reader: the string repairs (normalization) that models need."""

from fractions import Fraction as F

import pytest

from mathgrade._read import read
from mathgrade._read._normalize import REPAIRS, normalize
from mathgrade.values import Expression, Number


def val(text):
    r = read(text)
    assert r.value is not None, r.error
    return r.value


@pytest.mark.parametrize("messy, clean", [
    ("\\left( 1, 2 \\right)", "(1,2)"),
    ("\\left[ 1, 2 \\right)", "[1,2)"),
    ("\\frac{1}{2}\\!", "\\frac12"),
    ("1\\,000", "1000"),
    ("\\displaystyle \\frac{1}{2}", "\\frac12"),
    ("\\boxed{\\frac{9}{7}}", "\\frac97"),
    ("x = \\boxed{5}", "x=5"),
    ("$\\frac{9}{7}$", "\\frac97"),
    ("$$5$$", "5"),
    ("\\(5\\)", "5"),
    ("\\[5\\]", "5"),
    ("5.", "5"),
    ("\\frac{9}{7}.", "\\frac97"),
    ("5 \\text{ cm}", "5"),
    ("5\\text{ cm}^2", "5"),
    ("864 \\mbox{ inches}^2", "864"),
    ("15\\mbox{ cm}^2", "15"),
    ("12 apples", "12"),
    ("5.4 \\text{ cents}", "5.4"),
    ("125\\textnormal{ miles}", "125"),
    ("\\$10", "10"),
    ("\\dfrac{1}{2}", "\\frac12"),
    ("\\tfrac12", "\\frac12"),
    ("\\bigl( 1, 2 \\bigr)", "(1,2)"),
    ("x\\quad", "x"),
    ("\\\\frac{1}{2}", "\\frac12"),
])
def test_repairs_give_the_clean_reading(messy, clean):
    assert read(messy).value == read(clean).value, messy


def test_single_letters_are_never_units():
    assert val("5 m") == Expression(("mul", ("num", F(5)), ("sym", "m")))
    assert val("\\frac{37}{4} m") != val("\\frac{37}{4}")
    assert val("5 \\text{ m}") != val("5")


def test_units_only_at_the_end_and_only_known_words():
    assert val("5 \\text{ cm}") == Number(F(5))
    assert read("5 flurbs").value != Number(F(5))  # a plain word: a unit only when it is a known one


def test_words_in_text_after_a_number_annotate_it():
    # (issue 15, kind 5: a gold that carries words commits to its value)
    assert val("65 \\text{ children tickets}") == Number(F(65))
    assert val("5 \\text{ flurbs}") == Number(F(5))
    assert val("x = 5 \\text{ (meters)}") == val("x = 5")
    # words that change the value, connectives and single letters are not annotations
    for text in ("3 \\text{ million}", "2 \\text{ dozen}", "5 \\text{ more than } x", "5 \\text{ m}"):
        assert read(text).value != Number(F(int(text[0]))), text
    assert str(val("2 \\text{ or } 3")) == "2, 3"


def test_repairs_are_named_functions():
    names = [name for name, _fn in REPAIRS]
    assert len(names) == len(set(names))
    assert all(callable(fn) for _n, fn in REPAIRS)
    assert normalize("\\left( x \\right)") == "( x )"


def test_stray_dollars_and_boxed_inside():
    assert val("$5$ $+$ $1$") == Number(F(6))
    assert val("\\boxed{1,2}") == val("1, 2")
    assert val("$\\boxed{(7,11),\\ (11,7)}$") == val("(7,11), (11,7)")


def test_literal_newline_escapes():
    assert val("\\n\\n\\[ \\boxed{p = -1} \\]") == val("p = -1")


@pytest.mark.parametrize("messy, clean", [
    ("\\frac{600}{7} \\mathrm{~km} / \\mathrm{h}", "\\frac{600}{7}"),
    ("6 \\times 10^{-3} \\text{ m/s²}", "6 \\times 10^{-3}"),
    ("4.5 \\times 10^{35} \\text{ ergs/s}", "4.5 \\times 10^{35}"),
    ("7.724 \\times 10^{37} \\text{ erg s}^{-1}", "7.724 \\times 10^{37}"),
    ("6631.6 \\text{ Å}", "6631.6"),
    ("700°C", "700"),
    ("12^{\\mathrm{th}}", "12"),
    ("21st", "21"),
])
def test_physics_units_temperatures_and_ordinals(messy, clean):
    assert read(messy).value == read(clean).value, messy


def test_letters_that_look_like_units_stay_variables():
    assert read("2 n k").value != read("2").value
    assert read("3 m/s").value != read("3").value  # outside \\text{}, single letters are variables
    assert read("3 \\text{ m/s}").value == read("3").value


def test_a_name_applied_to_a_variable_left_of_equals_is_a_function():
    assert read("x(t) = 2t").value.sides[0] == Expression(("sym", "x(t)"))
    assert read("\\omega(r) = r").value.sides[0] == Expression(("sym", "omega(r)"))
    assert read("x(t)").value == Expression(("mul", ("sym", "x"), ("sym", "t")))
