"""Under the reward policy an answer equal to a plain-number gold but written as an evaluation still to be done is
refused (``answer.unfinished_arithmetic``, :mod:`mathgrade._forms`). Each function the reader evaluates counts as
such an evaluation: before this test, ``\\lceil 41.5 \\rceil``, ``\\gcd(84, 126)``, ``max(1, 42)``, ``|42|`` and
``{5 \\choose 2}`` were credited under the reward policy (found by probing it), while ``\\binom{5}{2}`` and
``\\sqrt{1764}`` were refused: a policy asked to compute could leave the computing to the grader.

The controls are the same values written as numbers (and a unit, a degree sign, scientific notation), which stay
credited; the eval policy credits both, as benchmark graders do.
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._forms import unfinished_arithmetic
from mathgrade._read._parser import FUNCTION_NAMES

ATTACKS = [
    ("\\lceil 41.5 \\rceil", "42"), ("\\left\\lfloor 42.5 \\right\\rfloor", "42"), ("\\max(1, 42)", "42"),
    ("\\min\\left(42, 50\\right)", "42"), ("\\gcd(84, 126)", "42"), ("\\operatorname{lcm}(4, 6)", "12"),
    ("\\mathrm{lcm}(4,6)", "12"), ("5 \\choose 2", "10"), ("{5 \\choose 2}", "10"), ("|42|", "42"),
    ("\\left| 42 \\right|", "42"), ("max(1, 42)", "42"), ("gcd(84,126)", "42"), ("floor(42.5)", "42"),
    ("ceil(41.5)", "42"), ("sqrt(1764)", "42"), ("factorial(3)", "6"), ("\\sinh 0", "0"), ("abs(42)", "42"),
]
CONTROLS = [
    ("42", "42"), ("12", "12"), ("10", "10"), ("6", "6"), ("0", "0"), ("42^\\circ", "42"),
    ("42\\,\\text{cm}", "42"), ("1.5 \\times 10^{6}", "1500000"), ("-42", "-42"), ("42 \\text{ apples}", "42"),
    ("10^{3}", "1000"), ("x = 42", "42"), ("\\text{max} = 42", "42"), ("42 \\text{ (max)}", "42"),
    ("\\frac{1}{2}", "0.5"), ("3\\frac{1}{2}", "3.5"), ("42\\%", "42\\%"), ("\\$42", "42"), ("0.5", "\\frac{1}{2}"),
]


def test_as_many_controls_as_attacks() -> None:
    assert len(CONTROLS) == len(ATTACKS)


@pytest.mark.parametrize("answer, gold", ATTACKS)
def test_a_function_left_to_evaluate_is_refused_as_the_reward(answer: str, gold: str) -> None:
    output = f"The answer is $\\boxed{{{answer}}}$."
    v = mathgrade.grade(output, gold, policy="reward")
    assert (v.correct, v.rule) == (False, "answer.unfinished_arithmetic"), v.explain()
    assert mathgrade.grade(output, gold, policy="eval").correct  # (its value is the gold's)


@pytest.mark.parametrize("answer, gold", CONTROLS)
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_the_number_itself_is_credited(answer: str, gold: str, policy: str) -> None:
    v = mathgrade.grade(f"The answer is $\\boxed{{{answer}}}$.", gold, policy=policy)
    assert v.correct, v.explain()


@pytest.mark.parametrize("name", sorted(FUNCTION_NAMES))
def test_every_function_the_reader_evaluates_is_an_operation(name: str) -> None:
    # the table is the reader's own: a function added to it is an operation here too, as a command and as a call
    assert unfinished_arithmetic(f"\\{name}(42)") and unfinished_arithmetic(f"\\{name} 42")
    assert unfinished_arithmetic(f"{name}(42)")
    # a name standing alone, or glued to other letters, calls nothing
    assert not unfinished_arithmetic(f"42 \\text{{ {name}}}")
    assert not unfinished_arithmetic(f"42 x{name}")
