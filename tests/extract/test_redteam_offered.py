"""Red team, a second value offered right after the box (family 9): "$\\boxed{42}$ or 43", "(or 43)", "or rather 43",
"vs 43", "或 43", "o 43" give two values, and "$\\boxed{42}$ or more", "or so", "give or take" a bound or an estimate.
Each was credited before under both policies (the box alone was read). Now a value offered so is an alternative of
the box, and the output commits to one answer only when they are equal ("$\\boxed{0.5}$, or $\\frac12$", "or 42
ways"); a bound or an estimate after it is a hedge (``answer.hedged``)."""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._extract import _rules

TWO_VALUES = [
    "The answer is $\\boxed{42}$ or 43.",
    "$\\boxed{42}$, or 43",
    "\\boxed{42} or 43",
    "The answer is $\\boxed{42}$ (or 43).",
    "The answer is $\\boxed{42}$, or $x = 43$.",
    "The answer is $\\boxed{42}$ or \\(43\\).",
    "The answer is $\\boxed{42}$ or rather 43.",
    "The answer is $\\boxed{42}$ or, equivalently, 43.",
    "The answer is $\\boxed{42}$ vs 43.",
    "The answer is $\\boxed{42}$ vs. 43.",
    "The answer is $\\boxed{42}$; or 43.",
    "答案是 $\\boxed{42}$ 或 43。",
    "答案是 $\\boxed{42}$，或者 43。",
    "La respuesta es $\\boxed{42}$ o 43.",
    "La réponse est $\\boxed{42}$ ou 43.",
    "Die Antwort ist $\\boxed{42}$ oder 43.",
    "Ответ: $\\boxed{42}$ или 43.",
    "The length is $\\boxed{42}$ or 43 \\text{ cm}.",
]
BOUNDS = [
    "The answer is $\\boxed{42}$ or more.",
    "The answer is $\\boxed{42}$ or less",
    "The answer is $\\boxed{42}$ or fewer!",
    "The answer is $\\boxed{42}$ (or so).",
    "The answer is $\\boxed{42}$, give or take.",
    "The answer is $\\boxed{42}$, more or less.",
    "The answer is $\\boxed{42}$-ish.",
    "$\\boxed{42}$ or thereabouts",
]
CONTROLS = [
    ("The number of ways is $\\boxed{42}$, or 42 ways.", "42"),
    ("The answer is $\\boxed{0.5}$, or $\\frac{1}{2}$.", "0.5"),
    ("The probability is $\\boxed{0.5}$, or 50%.", "0.5"),
    ("The answer is $\\boxed{\\frac{1}{4}}$ (or $0.25$).", "\\frac{1}{4}"),
    ("The answer is $\\boxed{42}$. Or we could check 43 too, which fails.", "42"),
    ("The probability is $\\boxed{\\frac{1}{3}}$, or about 0.33.", "\\frac{1}{3}"),
    ("The answer is $\\boxed{42}$, or more precisely $42$ apples.", "42"),
    ("The answer is $\\boxed{42}$ or so-called 42.", "42"),
    ("The answer is $\\boxed{42}$. More or less than 40 would fail.", "42"),
    ("Therefore $\\boxed{3}$ of 5 balls are red.", "3"),
    ("The answer is $\\boxed{42}$ orders of 43 items.", "42"),
    ("The smallest is $\\boxed{2}$, or 1 + 1.", "2"),
    ("The answer is $\\boxed{6}$, or 3 \\times 2.", "6"),
    ("The answer is $\\boxed{0.5}$, or 50\\%.", "0.5"),
    ("答案是 $\\boxed{42}$ 或 $42$。", "42"),
    ("La respuesta es $\\boxed{42}$ o 42 formas.", "42"),
]


@pytest.mark.parametrize("output", TWO_VALUES)
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_a_second_value_offered_after_the_box_makes_it_ambiguous(output: str, policy: str) -> None:
    v = mathgrade.grade(output, "42", policy=policy)
    assert (v.correct, v.status.value) == (False, "ambiguous"), v.explain()
    assert not mathgrade.grade(output, "43", policy=policy).correct


@pytest.mark.parametrize("output", BOUNDS)
def test_a_bound_or_an_estimate_after_the_box_is_a_hedge(output: str) -> None:
    v = mathgrade.grade(output, "42", policy="reward")
    assert (v.correct, v.rule) == (False, "answer.hedged"), v.explain()


@pytest.mark.parametrize("output, gold", CONTROLS)
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_the_same_value_offered_again_or_words_that_offer_none_are_credited(output: str, gold: str,
                                                                            policy: str) -> None:
    v = mathgrade.grade(output, gold, policy=policy)
    assert v.correct, v.explain()


@pytest.mark.parametrize("text, value", [
    (" or 43.", "43"), (", or $x = 43$", "x = 43"), (" (or \\(4/3\\))", "4/3"), ("或43", "43"), (" or 4.5%", "4.5%"),
    (" or -1,000", "-1,000"), ("$ or 43", "43"), (" orders 43", ""), (" or more", ""), (". Or 43", ""), ("", ""),
    ("\nor 43", "43"), ("\n\nor 43", ""), (" ou\t43", "43"),
])
def test_the_value_offered_after_a_box(text: str, value: str) -> None:
    assert _rules._value_offered_after("\\boxed{42}" + text, len("\\boxed{42}")) == value
