"""Comparison kinds of the accuracy ratchet (issue 15): one section per kind, each with answers that must match and
answers that must not (a false "correct" is the costliest mistake a grader can make).

Where the reader already reads both sides, the cases go through :func:`mathgrade.grade` (with the answer boxed, so
that extraction takes all of it); otherwise through values built directly.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

import mathgrade
from mathgrade.compare import Decision, compare
from mathgrade.limits import Deadline
from mathgrade.options import make_options


def cmp(a: Any, g: Any, **opts: Any) -> Decision:
    return compare(a, g, make_options(**opts), Deadline(30))


def boxed(answer: str, gold: str, **opts: Any) -> mathgrade.Verdict:
    return mathgrade.grade(f"The answer is $\\boxed{{{answer}}}$.", gold, **opts)


# ---- 21: tiny differences never count as zero ------------------------------------------------------------------------

@pytest.mark.parametrize("answer, gold", [
    ("\\sqrt{2}+10^{-40}", "\\sqrt{2}"),
    ("\\sqrt{2}+10^{-100}", "\\sqrt{2}"),
    ("\\pi + 10^{-60}", "\\pi"),
    ("e^{100}+1", "e^{100}"),
    ("e^{200}-1", "e^{200}"),
    ("1000000!+1", "1000000!"),
    ("\\sqrt{2^{1000}+1}", "2^{500}"),
    ("2^{10^{-60}}", "1"),
    ("e^{\\pi\\sqrt{163}}", "640320^3+744"),
])
def test_tiny_differences_are_differences(answer: str, gold: str) -> None:
    v = boxed(answer, gold)
    assert not v.correct, v.explain()


@pytest.mark.parametrize("answer, gold", [
    ("(e^{100}+1)-e^{100}", "1"),
    ("\\sin(\\pi)", "0"),
    ("10^{50}\\sin(\\pi)", "0"),
    ("e^{100} e^{-100}", "1"),
    ("(1+\\sqrt{2})^{2}", "3+2\\sqrt{2}"),
    ("\\sqrt{2^{1000}}", "2^{500}"),
    ("2^{\\frac{1}{2}} \\cdot 10^{-200}", "\\frac{\\sqrt{2}}{10^{200}}"),
    ("\\frac{\\sqrt{2}}{10^{40}} + \\sqrt{3}", "\\sqrt{3} + 10^{-40}\\sqrt{2}"),
])
def test_equal_values_with_extreme_magnitudes_stay_equal(answer: str, gold: str) -> None:
    v = boxed(answer, gold)
    assert v.correct, v.explain()


def test_same_value_precision_grows_with_the_spread_of_a_sum() -> None:
    from mathgrade.compare import _numeric

    e100 = ("pow", ("const", "e"), ("num", Fraction(100)))
    assert _numeric.same_value(("add", e100, ("num", Fraction(1))), e100, {}) is False
    assert _numeric.same_value(("add", e100, ("num", Fraction(1)), ("neg", e100)), ("num", Fraction(1)), {}) is True
    huge = ("func", "factorial", ("num", Fraction(10**6)))
    with pytest.raises(_numeric.Unsupported):  # more digits than MAX_NUMERIC_DIGITS: no numeric evidence
        _numeric.same_value(("add", huge, ("num", Fraction(1))), huge, {})


# ---- 22: scientific notation against an exact integer gold -------------------------------------------------------------

@pytest.mark.parametrize("answer, gold, correct", [
    ("3.16 \\times 10^{3}", "3159", False),
    ("3.16e3", "3159", False),
    ("1.00 \\times 10^{6}", "1000001", False),
    ("3.2 \\times 10^{3}", "3159", False),
    ("7.00001", "7", False),
    ("3.16 \\times 10^{3}", "3160", True),
    ("1.00 \\times 10^{6}", "1000000", True),
    ("3159.0", "3159", True),
    ("7.0", "7", True),
    ("3159", "3.16 \\times 10^{3}", True),  # a decimal gold is a rounded value: the exact answer rounds to it
    ("3.162 \\times 10^{3}", "1000\\sqrt{10}", True),  # the rounding rule still holds for non-integers
    ("3.17 \\times 10^{3}", "1000\\sqrt{10}", False),
    ("0.333", "\\frac{1}{3}", True),
    ("2.6667", "\\frac{8}{3}", True),
])
def test_an_integer_gold_is_exact(answer: str, gold: str, correct: bool) -> None:
    v = boxed(answer, gold)
    assert v.correct is correct, v.explain()


# ---- 3: functions and named expressions ---------------------------------------------------------------------------

@pytest.mark.parametrize("answer, gold, correct", [
    ("f(z)=z", "f(x)=x", True),
    ("f(t) = t^2 + 1", "f(x) = x^2 + 1", True),
    ("g(x)=x^2", "f(x)=x^2", True),  # a one-letter function name may differ
    ("y = 2x+3", "f(x) = 2x+3", True),
    ("f(x) = 2x+3", "y = 2x+3", True),
    ("y = 2t+3", "f(x) = 2x+3", True),
    ("f(t) = t^2", "x^2", True),
    ("W(x)=1 \\text{ or } W(x)=-1", "W(n)=1 \\text{ and } W(n)=-1", True),
    ("f(x)=2x+4", "f(x) = 2x+3", False),
    ("f(z)=z^2", "f(x)=x", False),
    ("f'(x) = 2x", "f(x) = 2x", False),  # a primed name is another function
    ("f(y)=y^2+x", "f(x)=x^2+y", False),  # renaming never captures a free variable
    ("y = 2x+4", "f(x) = 2x+3", False),
    ("f(t) = t^2 + a", "x^2 + a", False),
    ("f(2) = 5", "f(3) = 5", False),  # values of a function, not definitions
    ("E(2020,1993) = 76", "76", True),  # a named value answers its value
    ("E(2020, 1993) = 76", "77", False),
    ("a_{5,3} = 10", "10", True),
])
def test_functions_compare_as_functions(answer: str, gold: str, correct: bool) -> None:
    v = boxed(answer, gold)
    assert v.correct is correct, v.explain()


def test_function_of_several_variables_binds_them_in_order() -> None:
    from mathgrade.values import Expression, Relation

    def define(name: str, body: tuple) -> Relation:
        return Relation((Expression(("sym", name)), Expression(body)), ("=",))

    a, b, x, y = (("sym", n) for n in "abxy")
    assert cmp(define("f(a,b)", ("add", a, ("neg", b))), define("f(x,y)", ("add", x, ("neg", y)))).equal
    assert not cmp(define("f(a,b)", ("add", b, ("neg", a))), define("f(x,y)", ("add", x, ("neg", y)))).equal
    assert not cmp(define("f(a)", a), define("f(x,y)", x)).equal


def test_a_named_value_answers_its_value() -> None:
    from mathgrade.values import Expression, Number, Relation

    named = Relation((Expression(("sym", "E(2020,1993)")), Number(Fraction(76))), ("=",))
    assert cmp(named, Number(Fraction(76))).equal
    assert not cmp(named, Number(Fraction(77))).equal


# ---- 10: an equation whose left side restates the question ------------------------------------------------------------

@pytest.mark.parametrize("answer, gold, correct", [
    ("(x+y)^2 = 81", "81", True),
    ("\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}", "\\frac{n(n+1)}{2}", True),
    ("(x+1)^2 = x^2+2x+1", "x^2+2x+1", True),
    ("|z|^2 = 5", "5", True),
    ("(x+y)^2 = 81", "9", False),
    ("\\sum_{i=1}^{n} i = \\frac{n(n-1)}{2}", "\\frac{n(n-1)}{2}", False),  # not an identity, and shares n
    ("x + 1 = 2x - 3", "2x - 3", False),
    ("x^2 = 4", "2", False),
    ("5x - 7y + 11z + 4 = 0", "0", False),  # an equation in standard form states a condition, not the value 0
    ("x^2 - 5x + 6 = 0", "0", False),
    ("2 + 3 - 5 = 0", "0", True),  # without variables, a true statement gives its last side
    # a left side in notation the reader does not evaluate (a limit, an integral, a determinant) names the right side
    ("\\lim_{x\\to 0} \\frac{\\sin x}{x} = 1", "1", True),
    ("\\lim_{x\\to 0} \\frac{\\sin x}{x} = 1", "0", False),
    ("\\det\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix} = -2", "-2", True),
    ("\\det\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix} = -2", "2", False),
    ("\\int x\\,dx = \\frac{x^2}{2} + C", "\\frac{x^2}{2} + C", True),
    ("\\int x\\,dx = \\frac{x^2}{2} + C", "x^2 + C", False),
    ("\\int_0^1 x\\,dx = \\frac{1}{2} = 1", "1", False),  # two = signs: a chain, not a restatement
])
def test_a_restated_left_side_gives_the_right_side(answer: str, gold: str, correct: bool) -> None:
    v = boxed(answer, gold)
    assert v.correct is correct, v.explain()


# ---- 16, 19: false statements, and chains that hold one, answer nothing ------------------------------------------------

@pytest.mark.parametrize("answer, gold, correct", [
    ("7 = 5", "5", False),
    ("7 = 5", "7", False),
    ("x = 7 = 6", "6", False),
    ("7 = x = 6", "6", False),
    ("x = 7 = 6", "7", False),
    ("p + q = p - q", "p - q", False),
    ("p + q = p - q", "p + q", False),
    ("-m \\approx m", "m", False),
    ("-m \\approx m", "-m", False),
    ("x = 2x + 3", "2x + 3", False),  # an equation, not an assignment
    ("2 + 3 = 5", "5", True),
    ("x = 2 + 3 = 5", "5", True),
    ("x = 3 = 3.0", "3", True),
    ("x \\approx 3.14", "3.14", True),
    ("t \\neq x \\in [-2,7]", "[-2,7]", False),  # a relation said to be in a set: which side answers?
    ("x \\in [-2,7]", "[-2,7]", True),
    ("(x, y) \\in \\{(1, 2)\\}", "(1, 2)", True),
])
def test_false_chains_answer_nothing(answer: str, gold: str, correct: bool) -> None:
    v = boxed(answer, gold)
    assert v.correct is correct, v.explain()


def test_a_gold_chain_still_gives_its_last_side() -> None:
    assert mathgrade.grade("0", "1 = \\zzz = x = 0").correct  # Math-Verify's reading of its own test
    assert not mathgrade.grade("1", "1 = \\zzz = x = 0").correct


# ---- 23: an equation gold is not answered by one side or one term ------------------------------------------------------

@pytest.mark.parametrize("answer, gold, correct", [
    ("0", "m v' + b v = f", False),
    ("f", "m v' + b v = f", False),
    ("m v'", "m v' + b v = f", False),
    ("m v' + b v", "m v' + b v = f", False),
    ("m v' + b v = f", "m v' + b v = f", True),
    ("f = m v' + b v", "m v' + b v = f", True),
    ("2m v' + 2b v = 2f", "m v' + b v = f", True),
    ("5", "x = 5", True),  # an assignment gold still gives its value
    ("2x+3", "y=2x+3", True),
    ("x", "y = x", True),
])
def test_an_equation_gold_needs_the_equation(answer: str, gold: str, correct: bool) -> None:
    v = boxed(answer, gold)
    assert v.correct is correct, v.explain()


# ---- 8: identities the comparison missed ---------------------------------------------------------------------------

@pytest.mark.parametrize("answer, gold, correct", [
    ("\\sqrt{1/n}", "\\frac{1}{\\sqrt{n}}", True),  # differ only where both are not real (n < 0)
    ("\\sqrt{\\frac{a}{b}}", "\\frac{\\sqrt{a}}{\\sqrt{b}}", True),
    ("\\ln(x^2)", "2\\ln x", True),
    ("\\sqrt{5+2\\sqrt{6}}", "\\sqrt{2}+\\sqrt{3}", True),
    ("\\sqrt{x^2}", "x", False),  # both real at x < 0, and different
    ("|x|", "x", False),
    ("\\sqrt{x-1}", "\\sqrt{1-x}", False),  # never both real
    ("\\ln(-x)", "\\ln x", False),
    ("ix", "-ix", False),
    ("x + 1.414 i", "x + \\sqrt{2} i", True),  # a rounded decimal inside an expression
    ("1.414x", "\\sqrt{2} x", True),
    ("0.333x+1", "\\frac{x}{3}+1", True),
    ("1.732 + 1.414i", "\\sqrt{3} + \\sqrt{2} i", True),
    ("x + \\sqrt{2} i", "x + 1.41 i", True),  # a decimal gold is a rounding
    ("x + 1.4 i", "x + \\sqrt{2} i", False),  # too few digits
    ("x + 1.415 i", "x + \\sqrt{2} i", False),  # not a rounding of sqrt 2
    ("0.33x+1", "\\frac{x}{3}+1", False),
    ("0.333x+2", "\\frac{x}{3}+1", False),
    ("1.414x + 1.7", "\\sqrt{2} x + \\sqrt{3}", False),  # 1.7 has two digits: exact, and wrong
    ("\\sin(90^\\circ - x)", "\\cos x", True),  # a degree mark turns its own number into radians
    ("\\sin(90^\\circ - x)", "\\sin x", False),
    ("\\sin(2x + 30^\\circ)", "\\sin(2x + \\frac{\\pi}{6})", True),
    ("\\sin(2x + 30^\\circ)", "\\sin(2x + 30)", False),
    ("\\cos(30^\\circ + 15^\\circ)", "\\frac{\\sqrt{2}}{2}", True),
    ("\\sin(x^\\circ)", "\\sin x", False),  # x degrees
    ("i(2-i)", "1+2i", True),  # i( is a product, unless i(t) = ... defines a function
    ("i(2-i)", "1-2i", False),
    ("e(1-e)", "e - e^2", True),
])
def test_identities(answer: str, gold: str, correct: bool) -> None:
    v = boxed(answer, gold)
    assert v.correct is correct, v.explain()


# ---- 13: ± against alternatives, and arbitrary constants ------------------------------------------------------------

@pytest.mark.parametrize("answer, gold, correct", [
    ("g(x)=2x^3+C \\text{ or } g(x)=-2x^3+C", "\\pm(2x^3 + C)", True),
    ("2x^3+C \\text{ or } -2x^3+C", "\\pm(2x^3 + C)", True),
    ("-x^2 + C", "-(x^2 + C)", True),  # C stands for any constant
    ("\\ln|2x| + C", "\\ln|x| + C", True),
    ("c_1 e^t + c_2 e^{-t}", "C_1 e^{t} + C_2 e^{-t}", True),
    ("g(x)=2x^3+C", "\\pm(2x^3 + C)", False),  # a partial answer
    ("2x^3+C \\text{ or } -2x^3+5x+C", "\\pm(2x^3 + C)", False),
    ("-x^2 + C", "x^2 + C", False),
    ("x^2", "x^2 + C", False),  # the constant is missing
    ("c_1 e^t + c_2 e^{t}", "C_1 e^{t} + C_2 e^{-t}", False),
    ("180 - B + C", "180 - B - C", False),  # capital letters are angles, not arbitrary constants
])
def test_arbitrary_constants(answer: str, gold: str, correct: bool) -> None:
    v = boxed(answer, gold)
    assert v.correct is correct, v.explain()


# ---- 18: floor and ceiling are compared at integers over a wide range ------------------------------------------------

@pytest.mark.parametrize("answer, gold, correct", [
    ("\\lfloor n/2 \\rfloor", "\\lfloor \\sqrt{n-1} \\rfloor", False),
    ("\\lfloor x \\rfloor + 1", "\\lceil x \\rceil", False),  # equal except at integers
    ("\\lfloor n/3 \\rfloor", "\\lfloor (n+1)/3 \\rfloor", False),
    ("\\lfloor \\log_2 n \\rfloor", "\\lfloor \\log_3 n \\rfloor", False),
    ("\\lceil n/2 \\rceil", "\\lfloor (n+1)/2 \\rfloor", True),  # n names an integer
    ("\\lfloor n/2 \\rfloor + \\lceil n/2 \\rceil", "n", True),
    ("\\lfloor x \\rfloor", "-\\lceil -x \\rceil", True),
])
def test_step_functions(answer: str, gold: str, correct: bool) -> None:
    v = boxed(answer, gold)
    assert v.correct is correct, v.explain()


# ---- 4: multi-part answers against an ordered gold list -----------------------------------------------------------------

@pytest.mark.parametrize("answer, gold, correct", [
    ("a=-2 \\text{ and } b=-2", "-2, -2", True),
    ("a=-2, b=-3", "-2, -3", True),
    ("b=-3, a=-2", "-2, -3", True),  # in the order of the names
    ("-2, -3", "a=-2, b=-3", True),
    ("x_1 = 3, x_2 = 2", "2, 3", True),  # roots are unordered
    ("a=-3, b=-2", "-2, -3", False),
    ("-3, -2", "a=-2, b=-3", False),
    ("a=-2", "-2, -2", False),
    ("a=-2, b=-2, c=1", "-2, -2", False),
])
def test_parts_in_order(answer: str, gold: str, correct: bool) -> None:
    v = boxed(answer, gold)
    assert v.correct is correct, v.explain()


def test_different_inequalities_are_told_apart_without_solving() -> None:
    d = boxed("x < 5", "x > 5")
    assert not d.correct and "holds at" in d.reason
    assert not boxed("x > -1", "x < 1").correct
    assert boxed("x^2 < 4", "-2 < x < 2").correct  # equal ones are still solved


def test_exact_comparisons_never_import_mpmath() -> None:
    """The comparison itself never needs mpmath for exact values. (The grader's one-time warm-up loads mpmath on
    purpose, so that no call's time limit pays for the import; it is skipped here to see the comparison alone.)"""
    import subprocess
    import sys

    code = ("import sys, mathgrade, mathgrade.grader as g; g._warmed = True; mathgrade.grade('$\\\\boxed{x < 5}$', 'x > 5'); "
            "mathgrade.grade('$\\\\boxed{x^2+1}$', 'x^2+2'); print('mpmath' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "False", out.stderr


# ---- written decimals: a percent keeps its digits; a one-digit decimal gold is exact ----------------------------

@pytest.mark.parametrize("answer, gold, correct", [
    ("19.2\\%", "0.192", True),
    ("19.3\\%", "0.192", False),  # 19.3% is 0.193 to 3 places, not a rounding of 0.192 to 1 place
    ("19.1\\%", "0.192", False),
    ("31.4\\%", "\\frac{\\pi}{10}", True),
    ("31.1\\%", "\\frac{\\pi}{10}", False),
    ("33.3\\%", "\\frac13", True),
    ("33\\%", "\\frac13", False),  # two significant digits are too few for an answer
    ("0.533", "0.53", True),  # a two-digit gold is a rounding (Minerva's golds)
    ("\\frac13", "0.33", True),
    ("\\sqrt2", "1.4", True),
    ("\\frac14", "0.3", False),  # a one-digit gold is exact: 0.3 would take 0.25 to 0.35
    ("0.28", "0.3", False),
    ("\\frac{1}{\\sqrt{10}}", "0.3", False),
    ("\\frac{3}{10}", "0.3", True),
])
def test_written_decimals_keep_their_digits(answer: str, gold: str, correct: bool) -> None:
    v = boxed(answer, gold)
    assert v.correct is correct, v.explain()
