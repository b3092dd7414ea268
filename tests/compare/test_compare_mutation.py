"""Behaviour tests written for mutants of the comparison stage that the other tests let live (docs/testing.md).

Each test names the change it kills: a test here fails when that change is made to ``src/mathgrade/compare/``.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import mathgrade
from mathgrade.compare._numbers import rounds_to


# -- rounding: a tie counts either way (compare._numbers.rounds_to) ----------------------------------------------------
@pytest.mark.parametrize("answer", ["0.113", "0.112"])
def test_a_tie_rounds_either_way(answer: str) -> None:
    # 9/80 = 0.1125 exactly: half-up gives 0.113, half-even 0.112 (killed: `<=` made `<` in rounds_to)
    v = mathgrade.grade(f"${answer}$", "\\frac{9}{80}")
    assert v.correct and v.rule == "number.rounded", v.explain()


@pytest.mark.parametrize("answer", ["0.114", "0.111", "0.11"])
def test_a_tie_does_not_stretch_to_the_next_digit(answer: str) -> None:
    v = mathgrade.grade(f"${answer}$", "\\frac{9}{80}")
    assert not v.correct, v.explain()


def test_rounds_to_at_the_tie_and_just_past_it() -> None:
    assert rounds_to(Fraction(9, 80), Fraction(113, 1000), 3)
    assert rounds_to(Fraction(9, 80), Fraction(112, 1000), 3)
    assert not rounds_to(Fraction(9, 80) + Fraction(1, 10**9), Fraction(112, 1000), 3)
    assert not rounds_to(Fraction(9, 80) - Fraction(1, 10**9), Fraction(113, 1000), 3)
    assert rounds_to(Fraction(150), Fraction(200), -2) and rounds_to(Fraction(150), Fraction(100), -2)
    assert not rounds_to(Fraction(151), Fraction(100), -2)


# -- the numeric noise floor (compare._numeric.GUARD_DIGITS) -----------------------------------------------------------
def _sqrt2_convergent(digits: int) -> Fraction:
    """A convergent p/q of √2 with q of ``digits`` digits: |p/q - √2| is about 1/(2.8 q²)."""
    p, q = 1, 1
    while q < 10 ** (digits - 1):
        p, q = p + 2 * q, p + q
    return Fraction(p, q)


@pytest.mark.parametrize("answer", ["\\sqrt{2}", "2^{1/2}", "\\sqrt{8}/2"])
def test_a_fraction_within_1e_60_of_an_irrational_is_not_it(answer: str) -> None:
    # killed: GUARD_DIGITS raised to 45 (the noise floor at the confirming precision rises above 1e-60: the two
    # "agree"). The fraction is exact, the root irrational: no precision makes them equal.
    near = _sqrt2_convergent(31)
    assert abs(float(near) - 2 ** 0.5) < 1e-15
    v = mathgrade.grade(f"$\\boxed{{{answer}}}$", f"\\frac{{{near.numerator}}}{{{near.denominator}}}")
    assert not v.correct, v.explain()
    assert mathgrade.grade(f"$\\boxed{{{answer}}}$", "\\sqrt{2}").correct


def test_only_a_negation_is_expanded_as_minus_its_operand() -> None:
    # (a sampled mutant expanded every two-element node as a negation: a one-factor product became its opposite)
    from mathgrade.compare._polynomials import expanded

    x = ("sym", "x")
    assert expanded(("mul", x), 10) == expanded(x, 10) == {(("x", 1),): 1}
    assert expanded(("neg", x), 10) == {(("x", 1),): -1}
    assert expanded(("set", x), 10) is None  # not a polynomial at all
    assert expanded(("func", "sin", x), 10) is None


# -- seed 13's survivors in compare/_relations.py ---------------------------------------------------------------------
@pytest.mark.parametrize("answer, gold", [
    ("2x + 2y \\le 4", "x + y \\le 2"), ("0 < 2x+2y < 2", "0 < x+y < 1"), ("-x - y \\ge -2", "x + y \\le 2"),
    ("4 \\ge 2x+2y", "x+y \\le 2"),
])
def test_an_inequality_in_two_variables_times_a_constant_has_the_same_solutions(answer: str, gold: str) -> None:
    # two variables: no interval to compare, only the constant multiple (killed: that test made only when the
    # gold has no atoms, which it always has here)
    v = mathgrade.grade(f"${answer}$", gold)
    assert v.correct and v.rule == "relation.same_solutions", v.explain()


@pytest.mark.parametrize("answer, gold", [
    ("-x - y \\le -2", "x + y \\le 2"), ("2x + 2y \\le 5", "x + y \\le 2"), ("2x + 2y < 4", "x + y \\le 2"),
    ("x + 2y \\le 2", "x + y \\le 2"),
])
def test_an_inequality_times_a_negative_or_another_constant_is_not_the_same(answer: str, gold: str) -> None:
    v = mathgrade.grade(f"${answer}$", gold)
    assert not v.correct, v.explain()


@pytest.mark.parametrize("answer, gold", [
    ("x = 3a+b = 2a+b", "2a+b"), ("x = 3a+b = 2a+b", "x = 2a+b"), ("x = 3a+b = 2a+b", "3a+b"),
    ("x = 3 = 4", "4"), ("x = 2+1 = 4", "4"),
])
def test_a_boxed_chain_whose_values_differ_answers_nothing(answer: str, gold: str) -> None:
    # after a name, every side of a chain of "=" must be the same value: "x = 3a+b = 2a+b" says 3a+b = 2a+b
    # (killed: the first value after the name skipped, which let it answer 2a+b; a chain of numbers is also
    # caught as a contradiction)
    v = mathgrade.grade(f"\\boxed{{{answer}}}", gold)
    assert not v.correct and v.rule == "relation.false", v.explain()


@pytest.mark.parametrize("answer, gold", [("x = 1+3 = 4", "4"), ("x = 2 \\cdot 2 = 4", "4"), ("x = a + a = 2a", "2a")])
def test_a_boxed_chain_of_equal_values_answers_its_value(answer: str, gold: str) -> None:
    v = mathgrade.grade(f"\\boxed{{{answer}}}", gold)
    assert v.correct, v.explain()


# -- seed 17's survivors in compare/_trees.py -------------------------------------------------------------------------
@pytest.mark.parametrize("answer, gold, correct", [
    ("f(m) = \\sum_{k=1}^{m} k", "f(n) = \\sum_{k=1}^{n} k", True),
    ("g(n) = \\sum_{k=1}^{n} k^2", "f(n) = \\sum_{k=1}^{n} k^2", True),
    ("f(m) = \\sum_{k=1}^{m} k", "f(n) = \\sum_{k=1}^{n} k^2", False),
])
def test_functions_defined_by_a_sum_compare_after_renaming_their_variable(answer: str, gold: str,
                                                                          correct: bool) -> None:
    # renaming the answer's variable goes through the sum's body, leaving its index alone (killed: the sum's node
    # rebuilt with "-" for "+", an internal error)
    v = mathgrade.grade(f"${answer}$", gold)
    assert v.status.value != "error" and v.correct is correct, v.explain()


@pytest.mark.parametrize("answer, gold, correct", [
    ("[0,2] \\cap [1,3]", "[1,2]", True), ("[1,2]", "[0,2] \\cap [1,3]", True),
    ("(-\\infty, 2] \\cap [1, \\infty)", "[1,2]", True), ("[0,2] \\cap [1,3]", "[1,3]", False),
    ("[0,2] \\cap [1,3]", "[0,3]", False),
])
def test_an_intersection_of_intervals_is_the_set_it_describes(answer: str, gold: str, correct: bool) -> None:
    # killed: an intersection described to sympy under a name it does not know (no decision, so "not the same")
    v = mathgrade.grade(f"${answer}$", gold)
    assert v.correct is correct, v.explain()


@pytest.mark.parametrize("answer, gold, correct", [
    ("S = [0,1] \\cup [2,3]", "[0,1] \\cup [2,3]", True),
    ("D = (-\\infty, 0) \\cup (0, \\infty)", "(-\\infty,0)\\cup(0,\\infty)", True),
    ("y = [a, b] \\cup [c, d]", "[a,b] \\cup [c,d]", True), ("S = [0,1] \\cup [2,3]", "[0,1] \\cup [2,4]", False),
])
def test_a_named_union_of_intervals_gives_its_union(answer: str, gold: str, correct: bool) -> None:
    # the variables of a union are those of its parts (killed: a union's parts taken as None, an internal error)
    v = mathgrade.grade(f"${answer}$", gold)
    assert v.status.value != "error" and v.correct is correct, v.explain()


# -- seed 19's survivors in compare/_numeric.py -----------------------------------------------------------------------
def test_the_ceiling_of_an_irrational_is_evaluated_numerically() -> None:
    # killed: the evaluator not passed to _real (the numeric check then failed, and only sympy could decide)
    wrong = mathgrade.grade("$\\lceil \\sqrt{2} \\rceil$", "1")
    assert not wrong.correct and wrong.rule == "expression.numeric", wrong.explain()
    assert mathgrade.grade("$\\lceil \\sqrt{2} \\rceil$", "2").correct
    assert mathgrade.grade("$\\lceil \\pi \\rceil$", "4").correct


@pytest.mark.parametrize("gold, correct", [("11x", True), ("13x", False)])
def test_a_binomial_with_a_negative_lower_index_is_zero(gold: str, correct: bool) -> None:
    # the reader folds a constant \binom{4}{-1} to 0 itself; inside a sum over a variable expression the evaluator
    # computes each term (killed: 1 for a negative lower index, which made the sum 13x)
    v = mathgrade.grade("$\\sum_{k=-2}^{2} \\binom{4}{k} x$", gold)
    assert v.correct is correct, v.explain()


# the error bounds the evaluator propagates (compare._numeric._Evaluator): a bound too loose lets a near miss through
@pytest.mark.parametrize("answer, gold", [
    ("\\frac{1}{\\pi \\cdot 10^{29}}", "\\frac{1}{\\pi \\cdot 10^{30}}"),
    ("\\frac{2}{\\sqrt{2} \\cdot 10^{30}}", "\\frac{1}{\\sqrt{2} \\cdot 10^{30}}"),
])
def test_a_quotient_by_a_large_irrational_is_told_from_ten_or_two_times_it(answer: str, gold: str) -> None:
    # the error a denominator b brings into a/b is |a| e_b / b^2 (killed: `- 2 * mb` made `+ 2 * mb` in _propagated,
    # which raised the bound by four times b's magnitude in bits: values off by a factor of 10 or 2 then "agreed")
    v = mathgrade.grade(f"${answer}$", gold)
    assert not v.correct and v.rule == "expression.numeric", v.explain()
    assert mathgrade.grade("$\\frac{\\sqrt{2}}{2 \\cdot 10^{30}}$", "\\frac{1}{\\sqrt{2} \\cdot 10^{30}}").correct


def test_a_relative_difference_of_1e_65_after_the_root_of_a_large_number_is_seen() -> None:
    # The bound of a root's value counts the argument's relative error times a condition number of at most 2^64
    # (min(m, 64) for an argument of m bits: 10^40 pi has 134). At the confirming precision (102 digits) the
    # difference of (1 + 10^-65) times the root, 2^-148.7, lies between that noise floor (2^-149.2) and twice it,
    # so it is told apart (killed: the cap 64 made 65, which doubles the floor and made the two "agree"). The floor
    # is a fixed number of bits above the rounding of the working precision, so this pins it within a factor of 2.
    gold = "\\sqrt{10^{40}\\pi}"
    v = mathgrade.grade(f"$(1 + 10^{{-65}}){gold}$", gold)
    assert not v.correct and v.rule == "expression.numeric", v.explain()
    assert mathgrade.grade(f"$(1 + 10^{{-65}}){gold}$", f"(1 + 10^{{-65}}){gold}").correct
    assert mathgrade.grade(f"$(1 + 10^{{-30}}){gold}$", gold).correct is False


# -- seed 23's survivors in compare/_numbers.py -----------------------------------------------------------------------
@pytest.mark.parametrize("answer, min_digits, correct", [
    ("0.32", 2, True), ("\\frac{1}{3}", 2, True), ("0.36", 2, False), ("0.32", 3, False),
])
def test_a_one_digit_gold_stands_for_a_rounding_when_the_option_asks_two_digits(answer: str, min_digits: int,
                                                                                 correct: bool) -> None:
    # a gold needs one significant digit fewer than an answer, and at least 1 (killed: at least 2, which made the
    # gold 0.3 exact under min_significant_digits=2)
    v = mathgrade.grade(f"${answer}$", "0.3", min_significant_digits=min_digits)
    assert v.correct is correct, v.explain()


# -- seed 31's survivors in compare/_numeric.py -----------------------------------------------------------------------
# A gcd, an lcm, a binomial or a factorial inside a sum over k with a variable factor is computed by the numeric
# evaluator term by term; when it cannot, the comparison falls back to sympy, which does not decide these sums.
@pytest.mark.parametrize("answer, gold, correct", [
    ("\\sum_{k=1}^{4} \\gcd(k, 4) x", "8x", True),  # killed: _gcd_lcm reading every argument as None
    ("\\sum_{k=1}^{4} \\gcd(k, 4) x", "7x", False),
    ("\\sum_{k=1}^{4} \\operatorname{lcm}(k, 4) x", "24x", True),
    ("\\sum_{k=1}^{3} \\gcd(\\binom{4}{k}, 4) x", "10x", True),  # killed: _binom's exact value made Fraction(None)
    ("\\sum_{k=1}^{3} \\gcd(\\binom{4}{k}, 4) x", "12x", False),
    ("\\sum_{k=0}^{2} \\gcd(\\binom{0}{k}, 4) x", "9x", True),  # killed: \binom{0}{k} left to mpmath (`1 <= ni`)
    ("\\sum_{k=0}^{2} \\gcd(\\binom{0}{k}, 4) x", "x", False),
    ("\\sum_{k=0}^{2} \\gcd(k!, 4) x", "4x", True),  # killed: 0! left to Γ (`0 < n`), not an exact integer
    ("\\sum_{k=0}^{2} \\gcd(k!, 4) x", "3x", False),
])
def test_integer_functions_in_a_sum_are_evaluated_exactly(answer: str, gold: str, correct: bool) -> None:
    v = mathgrade.grade(f"${answer}$", gold)
    assert v.correct is correct and v.rule == "expression.random_points", v.explain()


def test_zero_to_the_power_zero_is_not_zero() -> None:
    # \arccos 1 is a floating zero; 0 to the power 0 has no numeric value (killed: `v > 0` made `v >= 0` in
    # _real_part_positive, which made (\arccos 1)^0 the value 0: "correct" against 0, "incorrect" against 1)
    assert not mathgrade.grade("$(\\arccos 1)^{0}$", "0").correct
    assert not mathgrade.grade("$(\\arccos 1)^{0} + x$", "x").correct
    assert mathgrade.grade("$(\\arccos 1)^{0} + x$", "x + 1").correct


@pytest.mark.parametrize("gold, correct", [("0", True), ("1", False)])
def test_a_floating_zero_compares_with_an_exact_one(gold: str, correct: bool) -> None:
    # \arccos 1 is an mpmath 0 with no error bound: the noise floor is then the rounding at the magnitudes met
    # (killed: that floor made None, an internal error)
    v = mathgrade.grade("$\\arccos 1$", gold)
    assert v.status.value != "error" and v.correct is correct, v.explain()


def test_a_relative_difference_of_1e_70_after_a_logarithm_is_seen() -> None:
    # A logarithm's absolute error is its argument's relative error: the bound of \ln(10^{40}\pi) is about that of
    # its argument less its magnitude (killed: `name in _LOGARITHMIC` made `not in`, which gave the logarithm the
    # bound of the other functions, some 70 bits looser, and made (1 + 10^-70) times it "agree")
    gold = "\\ln(10^{40}\\pi)"
    v = mathgrade.grade(f"$(1 + 10^{{-70}}){gold}$", gold)
    assert not v.correct and v.rule == "expression.numeric", v.explain()
    assert mathgrade.grade("$\\ln(10^{40}) + \\ln \\pi$", gold).correct


@pytest.mark.parametrize("answer, correct", [
    ("\\sum_{k=2}^{21} 10^{20}\\sqrt{k}", False),
    ("1.0001 \\cdot \\sum_{k=1}^{20} 10^{20}\\sqrt{k}", False),
    ("\\sum_{k=1}^{20} 10^{20}\\sqrt{k} + 1", False),
    ("10^{20} \\sum_{k=1}^{20} \\sqrt{k}", True),
])
def test_a_sum_of_large_irrational_terms_is_told_from_its_near_misses(answer: str, correct: bool) -> None:
    # a sum's error bound is the largest of its terms' (killed: the bound of a "sum" series taken as a product's,
    # the terms' magnitudes added up: 20 terms of 2^70 made it so loose that the sum over 2..21 "agreed")
    v = mathgrade.grade(f"${answer}$", "\\sum_{k=1}^{20} 10^{20}\\sqrt{k}")
    assert v.correct is correct, v.explain()


def test_a_large_power_of_a_number_below_one_is_evaluated() -> None:
    # (pi/10)^(2*10^14): the exponent has 48 bits and the base's magnitude is 2^-1, within GROWTH_MAX_BITS + 8
    # (killed: `mag(b) + 1` made `mag(b) + 2` in _growth_guard, which refused it; sympy then did not see the two
    # powers agree)
    v = mathgrade.grade("$(\\frac{\\pi}{10})^{2 \\cdot 10^{14}}$",
                        "(\\frac{\\pi}{10})^{10^{14}} (\\frac{\\pi}{10})^{10^{14}}")
    assert v.correct and v.rule == "expression.numeric", v.explain()
    v = mathgrade.grade("$(\\frac{\\pi}{10})^{2 \\cdot 10^{14}}$", "(\\frac{\\pi}{10})^{2 \\cdot 10^{14} + 1}")
    assert not v.correct, v.explain()


# -- seed 37's survivor in compare/_numbers.py ------------------------------------------------------------------------
def test_too_few_digits_names_the_value_they_stand_for() -> None:
    # killed: the exact value left out of the reason (it said "to stand for None")
    v = mathgrade.grade("$0.3$", "\\frac{1}{3}")
    assert not v.correct and v.rule == "number.too_few_digits", v.explain()
    assert v.reason == "0.3 has 1 significant digit; at least 3 are needed to stand for 1/3"


# -- seed 41's survivors in compare/_text.py, _structures.py, _relations.py ------------------------------------------
@pytest.mark.parametrize("answer, gold, correct", [
    ("\\text{Alice}", "\\text{Alice wins. The last token then goes to Bob.}", False),
    ("\\text{Alice and Bob}", "\\text{Alice wins. The last token then goes to Bob.}", True),
    ("\\text{Bob}", "\\text{The winner is Bob.}", True),
])
def test_the_names_of_a_gold_sentence_are_read_past_a_common_first_word(answer: str, gold: str, correct: bool) -> None:
    # a capitalized common word that starts a sentence ("The") is no name, and the names after it still count
    # (killed: `continue` made `break` in _names, which dropped Bob: "Alice" then named all the gold says)
    v = mathgrade.grade(f"${answer}$", gold)
    assert v.correct is correct, v.explain()


@pytest.mark.parametrize("answer, gold, correct", [
    ("a = 1, b = 2, c = 3, d = 4", "d = 4, c = 3, b = 2, a = 1", True),
    ("\\{a = 1, b = 2, c = 3, d = 4\\}", "\\{d = 4, c = 3, b = 2, a = 1\\}", True),
    ("a = 1, b = 2, c = 3, d = 4", "a = 1, b = 2, c = 3, d = 5", False),
])
def test_four_assignments_to_different_names_are_not_grouped(answer: str, gold: str, correct: bool) -> None:
    # no name repeats, so there is no cycle to group by (killed: `width < 2 or ...` made `and`, which took the
    # remainder by a width of 0: an internal error)
    v = mathgrade.grade(f"${answer}$", gold)
    assert v.status.value != "error" and v.correct is correct, v.explain()


@pytest.mark.parametrize("gold, correct", [
    ("0 < 2a < 2b < 2c < 2d < 2e", True), ("0 < a < b < c < d < 2e", False),
    ("0 < 2x < 2 < 2y < 4 < 2z", False), ("0 < x < 1 < y < 2 < 2e", False),
])
def test_chains_of_more_than_four_links_are_matched_link_by_link(gold: str, correct: bool) -> None:
    # five links or more are matched in order, each a positive multiple of the other's (killed: the gold's link left
    # out of the call, an internal error)
    v = mathgrade.grade("$0 < a < b < c < d < e$", gold)
    assert v.status.value != "error" and v.correct is correct, v.explain()


def test_the_reasons_of_false_chains_sets_and_spelled_words() -> None:
    # killed: "nothing" changed in the reason of a chain that equates two values, the plural of "element" tested
    # against 2, and the answer's text left out of (or made None in) the reason of a word spelled by letters
    v = mathgrade.grade("$\\boxed{x = 7 = 6}$", "6")
    assert v.reason == "the answer x = 7 = 6 equates two different values: it answers nothing", v.explain()
    assert mathgrade.grade("$1, 2$", "1, 2, 3").reason == "the answer has 2 elements, the gold 3: a partial answer"
    assert mathgrade.grade("$\\{7\\}$", "\\{7, 8\\}").reason == "the answer has 1 element, the gold 2: a partial answer"
    assert mathgrade.grade("$\\text{abc}$", "xyz").reason == "x*y*z spelled as a word is 'xyz', not 'abc'"


# -- seed 47 -----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("answer", ["(0, a) \\cup (2, 3)", "(0, 1) \\cup (2, a)", "(a, 1) \\cup (2, 3)"])
def test_a_union_with_a_variable_end_is_not_compared_as_a_set_of_reals(answer: str) -> None:
    # an interval with one end that is not a constant has no description as a set of reals: the union is decided by
    # its parts (killed: `lo is None or hi is None` made `and`, which described it with a missing end and sent it to
    # sympy's comparison of sets of reals)
    v = mathgrade.grade(f"$\\boxed{{{answer}}}$", "(0, 1) \\cup (2, 3)")
    assert (v.correct, v.rule) == (False, "union.parts"), v.explain()
    assert v.reason.endswith("are not the same set"), v.reason
    assert mathgrade.grade(f"$\\boxed{{{answer}}}$", answer).correct
