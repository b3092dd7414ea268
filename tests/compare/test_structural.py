"""The checks before random points and sympy: the same tree up to the order of terms and factors
(``expression.structural``), and polynomial identities shown by expanding both sides without sympy (the rule sympy's
``expand`` would give, ``expression.symbolic``). Each accepting case has attacks that must not pass it."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import List, Tuple

import pytest

import mathgrade
from mathgrade.compare._polynomials import expanded, same_polynomial


def _poly(coefficients: List[int], order: List[int]) -> str:
    text = ""
    for i in order:
        c = coefficients[i]
        power = "" if i == 0 else ("x" if i == 1 else f"x^{{{i}}}")
        coef = str(abs(c)) if abs(c) != 1 or not power else ""
        text += ("-" if c < 0 else ("+" if text else "")) + coef + power
    return text


def _reordered(terms: int, seed: int) -> Tuple[str, str, List[int]]:
    rng = random.Random(seed)
    coefficients = [rng.choice([n for n in range(-40, 41) if n]) for _ in range(terms)]
    order = list(range(terms))
    rng.shuffle(order)
    return _poly(coefficients, order), _poly(coefficients, list(range(terms))), coefficients


@pytest.mark.parametrize("seed", range(5))
def test_a_reordered_30_term_polynomial_is_equal_by_structure(seed: int) -> None:
    answer, gold, coefficients = _reordered(30, seed)
    v = mathgrade.grade(f"$\\boxed{{{answer}}}$", gold)
    assert v.correct and v.rule == "expression.structural"
    # Attacks: one coefficient off by one, one term dropped: the structure differs and the values too.
    wrong = list(coefficients)
    wrong[seed + 3] += 1
    off = mathgrade.grade(f"$\\boxed{{{_poly(wrong, list(range(30)))}}}$", gold)
    assert off.status == mathgrade.Status.INCORRECT and off.rule == "expression.random_points"
    dropped = mathgrade.grade(f"$\\boxed{{{_poly(coefficients, list(range(29)))}}}$", gold)
    assert dropped.status == mathgrade.Status.INCORRECT


@pytest.mark.parametrize("answer, gold", [
    ("x - y", "y - x"),                      # a sum's terms may move, not the signs between them
    ("x^y", "y^x"),                          # nor a power's base and exponent
    ("\\frac{x}{y}", "\\frac{y}{x}"),        # nor a fraction's parts
    ("\\sin(x) y", "\\sin(y) x"),            # nor a function's argument
    ("2x + 3y", "3x + 2y"),                  # nor a coefficient from its variable
])
def test_what_order_does_not_change_is_all_the_structural_rule_ignores(answer: str, gold: str) -> None:
    v = mathgrade.grade(f"$\\boxed{{{answer}}}$", gold)
    assert not v.correct and v.rule != "expression.structural"


def test_products_reordered_are_equal_by_structure() -> None:
    v = mathgrade.grade("$\\boxed{(x+3)(x-1)(2x+5)}$", "(2x+5)(x-1)(x+3)")
    assert v.correct and v.rule == "expression.structural"
    assert not mathgrade.grade("$\\boxed{(x+3)(x-1)(2x+5)}$", "(2x+5)(x+1)(x+3)").correct


def test_polynomial_identities_are_shown_without_sympy_with_sympys_rule() -> None:
    for answer, gold in (("(x+1)^2", "x^2+2x+1"), ("(x-2)(x+2)", "x^2-4"), ("(a+b)^3", "a^3+3a^2b+3ab^2+b^3"),
                         ("\\frac{x^2}{2} + \\frac{x}{3}", "\\frac{3x^2 + 2x}{6}")):
        v = mathgrade.grade(f"$\\boxed{{{answer}}}$", gold, timeout=1.0)
        assert v.correct and v.rule == "expression.symbolic", (answer, v.rule)
    for answer, gold in (("(x+1)^2", "x^2+1"), ("(x-2)(x+2)", "x^2+4"), ("(a+b)^3", "a^3+b^3")):
        assert not mathgrade.grade(f"$\\boxed{{{answer}}}$", gold, timeout=1.0).correct


def _tree(text: str) -> tuple:
    value = mathgrade.read(text).value
    assert value is not None
    return getattr(value, "tree", ("num", getattr(value, "value", None)))


def test_expanded_forms() -> None:
    assert expanded(_tree("(x+1)^2"), 100) == {(("x", 2),): 1, (("x", 1),): 2, (): 1}
    assert expanded(_tree("x y - y x"), 100) == {}
    assert expanded(_tree("\\frac{x}{2}"), 100) == {(("x", 1),): Fraction(1, 2)}
    # Not polynomials (or too large): None, and sympy decides as before.
    for text in ("\\frac{1}{x}", "\\sqrt{x}", "\\sin x", "\\pi x", "x^{-1}", "x^{\\frac12}", "x^{100}", "x^y"):
        assert expanded(_tree(text), 2000) is None, text
    assert expanded(_tree("(x+y+z)^{10}"), 50) is None  # 66 terms: past the size allowed
    assert same_polynomial(_tree("(x+y)^2"), _tree("x^2+2xy+y^2"), 100)
    assert not same_polynomial(_tree("(x+y)^2"), _tree("x^2+xy+y^2"), 100)
    assert not same_polynomial(_tree("\\frac{1}{x}"), _tree("\\frac{1}{x}"), 100)  # (not a polynomial: no answer)
