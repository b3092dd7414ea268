"""Kinds of answers from issue 15 that reading (and the grader around it) must get right: malformed LaTeX, gold answers
that carry words, annotations after an answer, programming-language math, decimal commas, and multiple-choice answers
given as an option's content. Positive and negative cases for each; the examples are written for the tests."""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._read import read


def _correct(output: str, gold: str, **kw: object) -> bool:
    return mathgrade.grade(output, gold, **kw).correct  # type: ignore[arg-type]


# -- 7. malformed LaTeX that models write ----------------------------------------------------------------------------
@pytest.mark.parametrize("output, gold, correct", [
    ("\\boxed{\\15}", "15", True),
    ("\\boxed{\\15}", "16", False),
    ("The answer is \\$15.", "15", True),
    ("The answer is $x &lt; 3$", "x<3", True),
    ("The answer is $x &lt; 3$", "x>3", False),
    ("\\boxed{5 &times; 3}", "15", True),
    ("\\boxed{−5}", "-5", True),
    ("\\boxed{−5}", "5", False),
    ("\\boxed{x²}", "x^2", True),
    ("\\boxed{x⁻¹}", "\\frac{1}{x}", True),
    ("\\boxed{x³ + 1}", "x^3+1", True),
    ("\\boxed{x³ + 1}", "x^2+1", False),
    ("\\boxed{{{5}}}", "5", True),
])
def test_malformed_latex(output: str, gold: str, correct: bool) -> None:
    assert _correct(output, gold) is correct


def test_a_line_break_before_a_number_is_not_dropped() -> None:
    assert str(read("\\begin{pmatrix} 1 \\\\2 \\end{pmatrix}").value) == "[1; 2]"


# -- 5. gold answers that carry words ------------------------------------------------------------------------------
@pytest.mark.parametrize("gold, output, correct", [
    ("65 \\text{ children tickets}", "\\boxed{65}", True),
    ("65 \\text{ children tickets}", "\\boxed{66}", False),
    ("\\approx 3.14", "\\boxed{3.14}", True),
    ("\\approx 3.14", "\\boxed{3.15}", False),
    ("x = 5 \\text{ (meters)}", "\\boxed{5}", True),
    ("x = 5 \\text{ (meters)}", "\\boxed{6}", False),
    ("So the total number of apples she has is 42.", "\\boxed{42}", True),
    ("So the total number of apples she has is 42.", "\\boxed{24}", False),
    ("\\text{Evelyn}", "\\boxed{\\text{Evelyn}}", True),  # words that are the answer stay words
    ("\\text{Evelyn}", "\\boxed{\\text{Bob}}", False),
])
def test_gold_answers_that_carry_words(gold: str, output: str, correct: bool) -> None:
    assert _correct(output, gold) is correct


# -- 11. an answer followed by an annotation -----------------------------------------------------------------------
@pytest.mark.parametrize("output, gold, correct", [
    ("\\boxed{\\frac{\\sqrt3}{3} \\approx 0.577}", "\\frac{\\sqrt{3}}{3}", True),
    ("\\boxed{\\frac{\\sqrt3}{3} \\approx 0.577}", "\\frac{1}{2}", False),
    ("\\boxed{17 \\text{ (any words)}}", "17", True),
    ("\\boxed{17 \\text{ (any words)}}", "18", False),
    ("\\boxed{\\mathcal{B}}", "B", True),
    ("\\boxed{\\mathcal{B}}", "C", False),
    ("\\boxed{\\textbf{B}}", "B", True),
    ("The answer is C. x = 42", "C", True),
    ("The answer is C. x = 42", "B", False),
])
def test_annotations_after_an_answer(output: str, gold: str, correct: bool) -> None:
    assert _correct(output, gold) is correct


def test_an_unknown_and_its_approximation_stay_a_relation() -> None:
    assert str(read("x \\approx 0.577").value) == "x approx 0.577"
    assert str(read("\\pi \\approx 3.14").value) == "π"


# -- 12. programming-language math, read by our own parser ---------------------------------------------------------
@pytest.mark.parametrize("output, gold, correct", [
    ("x**2", "x^2", True),
    ("x**3", "x^2", False),
    ("factorial(n)/factorial(n+1)", "\\frac{1}{n+1}", True),
    ("factorial(n)/factorial(n+1)", "\\frac{1}{n}", False),
    ("sqrt(2)", "\\sqrt{2}", True),
    ("sin(x)**2", "\\sin^2 x", True),
    ("Eq(a, b)", "a = b", True),
    ("Eq(y, 2*x + 1)", "y = 2x+1", True),
    ("Eq(y, 2*x + 1)", "y = 2x-1", False),
    ("oo", "\\infty", True),
    ("Rational(1, 3)", "\\frac13", True),
    ("binomial(5, 2)", "10", True),
    ("Abs(-3)", "3", True),
])
def test_programming_language_math(output: str, gold: str, correct: bool) -> None:
    assert _correct(output, gold) is correct


def test_program_names_are_calls_only() -> None:
    assert str(read("Eq").value) != "="  # a name without a call is letters
    assert read("Eq(1, 2, 3)").value is None and "3 arguments" in str(read("Eq(1, 2, 3)").error)


# -- 9. decimal commas where nothing else fits ---------------------------------------------------------------------
@pytest.mark.parametrize("output, gold, correct", [
    ("1000,99", "1000.99", True),
    ("Soucis : 2,74 $ a..", "2.74", True),
    ("1.22", "1,22", True),
    ("1,22", "1, 22", True),  # a list against a list stays a list
    ("1,22", "22, 1", True),
    ("1000,98", "1000.99", False),
    ("1,2", "1.20", True),  # exactly the gold's value
    ("1,22", "1.2", False),  # not a rounding
    ("1.22", "1, 22", False),  # a number never matches a list gold through a comma
])
def test_decimal_commas(output: str, gold: str, correct: bool) -> None:
    assert _correct(output, gold) is correct


def test_the_decimal_comma_reading_is_offered_only_for_two_numbers_and_one_comma() -> None:
    assert read("1000,99").decimal_comma is not None and str(read("1000,99").decimal_comma) == "1000.99"
    assert read("1, 22").decimal_comma is None
    assert read("1,2,3").decimal_comma is None
    assert read("1,234").decimal_comma is None  # a thousands separator: the number 1234


# -- 2. a multiple-choice answer given as the option's content ----------------------------------------------------
PROBLEM = "Which number is the largest?\n(A) 12 (B) 96 (C) 7 (D) $\\frac{1}{2}$"
AMC = "How many? $\\textbf{(A) }12\\qquad\\textbf{(B) }96\\qquad\\textbf{(C) }100\\qquad\\textbf{(D) }7$"


@pytest.mark.parametrize("output, gold, problem, correct", [
    ("\\boxed{96}", "B", PROBLEM, True),
    ("\\boxed{96}", "A", PROBLEM, False),
    ("\\boxed{95}", "B", PROBLEM, False),  # matches no option
    ("\\boxed{0.5}", "D", PROBLEM, True),
    ("\\boxed{96}", "B", AMC, True),
    ("\\boxed{100}", "B", AMC, False),
    ("\\boxed{12}", "A", "(A) 12 (B) 12.0 (C) 3", False),  # matches several options
    ("The answer is (C) X+Y=Z", "C", "", True),
    ("\\boxed{96}", "B", "", False),  # without the problem a number is not a letter
])
def test_an_option_content_answers_its_letter(output: str, gold: str, problem: str, correct: bool) -> None:
    assert _correct(output, gold, problem=problem) is correct


@pytest.mark.parametrize("output, gold, correct", [
    ("D. Because it is the largest of them.", "D", True),
    ("(D) is the largest.", "D", True),
    ("Comparing all of them, it must be (D).", "D", True),
    ("D. Because it is the largest of them.", "C", False),
    ("A. 12 is too small. B. 96 is the largest.", "A", False),  # options discussed one by one
])
def test_a_lone_letter_at_the_start_or_the_end_is_committed(output: str, gold: str, correct: bool) -> None:
    assert _correct(output, gold) is correct


def test_problem_must_be_text() -> None:
    with pytest.raises(TypeError):
        mathgrade.grade("\\boxed{96}", "B", problem=5)  # type: ignore[arg-type]
