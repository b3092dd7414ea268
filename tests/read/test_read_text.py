"""Reader: text answers, multiple-choice letters, words inside math."""

from fractions import Fraction as F

import pytest

from mathgrade._read import read
from mathgrade.values import Choice, Expression, Number, Text


def val(text):
    r = read(text)
    assert r.value is not None, r.error
    return r.value


@pytest.mark.parametrize("text, words", [
    ("\\text{Evelyn}", "evelyn"), ("\\text{east}", "east"), ("\\textbf{Even}", "even"), ("\\mbox{ellipse}", "ellipse"),
    ("no solution", "no solution"), ("No  Solution.", "no solution"), ("\\text{no real solutions}", "no real solutions"),
    ("\\mathrm{odd}", "odd"), ("odd", "odd"), ("$\\text{Navin}$", "navin"),
])
def test_words_are_text(text, words):
    v = val(text)
    assert isinstance(v, Text) and v.text == words
    assert v.raw == text


def test_text_compares_by_normalized_words_only():
    assert val("\\text{Evelyn}") == val("Evelyn")
    assert val("\\text{Evelyn}") != val("\\text{Navin}")


def test_text_reading_carries_the_reason():
    r = read("\\text{Evelyn}")
    assert r.error is not None and "words" in r.error.message


@pytest.mark.parametrize("text, letter", [
    ("B", "B"), ("(B)", "B"), ("B)", "B"), ("\\text{(B)}", "B"), ("\\textbf{B}", "B"), ("\\text{B}", "B"),
    ("(E)", "E"), ("\\mathrm{(C)}", "C"), ("$\\textbf{(A)}$", "A"), (" ( D ) ", "D"),
])
def test_choice_letters(text, letter):
    assert val(text) == Choice(letter)


def test_choice_with_content():
    assert val("(B) 12") == Choice("B", Number(F(12)))
    assert val("\\text{(C)} \\frac{1}{2}") == Choice("C", Number(F(1, 2)))


@pytest.mark.parametrize("text", ["F", "b", "(F)", "x", "AB", "BC"])
def test_not_choice_letters(text):
    assert not isinstance(val(text), Choice)


def test_single_letters_are_variables_not_words():
    assert val("x") == Expression(("sym", "x"))
    assert val("R") == Expression(("sym", "R"))
    assert val("MR") == Expression(("mul", ("sym", "M"), ("sym", "R")))


def test_words_inside_an_answer_make_it_text():
    v = val("f(x)=ax+b, where b is an integer")
    assert isinstance(v, Text)
    assert "where" in v.text


def test_connectives_join_items_instead_of_making_text():
    assert not isinstance(val("2 \\text{ and } 3"), Text)
    assert not isinstance(val("x=1 or x=2"), Text)


def test_unreadable_non_words_are_none_with_an_error():
    r = read("1 + ")
    assert r.value is None and r.error is not None
    r = read("@@")
    assert r.value is None and "unexpected character" in r.error.message
