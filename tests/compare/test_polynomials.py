"""The expanded forms of ``compare/_polynomials.py``, one expression per branch: each node kind, what is not a
polynomial (division by a variable, powers that are not small non-negative integers, constants, a variable
exponent), the largest power expanded and one more, and the limit on the number of terms, both sides. A polynomial
identity shown here is never sent to sympy, so an expansion made wrong would call two different answers equal.
"""

from __future__ import annotations

from fractions import Fraction as F
from typing import Dict, Optional, Tuple

import pytest

import mathgrade
from mathgrade._read import read
from mathgrade.compare._polynomials import expanded, same_polynomial
from mathgrade.values import Expression

X, Y, Z = (("x", 1),), (("y", 1),), (("z", 1),)
Poly = Optional[Dict[Tuple[Tuple[str, int], ...], F]]


def _tree(text: str) -> tuple:
    value = read(text).value
    assert isinstance(value, Expression), (text, value)
    return value.tree


ROWS = [
    ("x^2 + 2x + 1", 10, {(("x", 2),): F(1), X: F(2), (): F(1)}),
    ("(x+1)^2", 10, {(("x", 2),): F(1), X: F(2), (): F(1)}),
    ("(x - 1)(x + 1)", 10, {(("x", 2),): F(1), (): F(-1)}),
    ("x - x", 10, {}), ("\\frac{x}{2}", 10, {X: F(1, 2)}), ("\\frac{x+1}{\\frac{1}{2}}", 10, {X: F(2), (): F(2)}),
    ("-(x+y)", 10, {X: F(-1), Y: F(-1)}), ("x y \\cdot y x", 10, {(("x", 2), ("y", 2)): F(1)}),
    ("y x^2", 10, {(("x", 2), ("y", 1)): F(1)}), ("x^0", 10, {(): F(1)}), ("x^{64}", 100, {(("x", 64),): F(1)}),
    ("x^{65}", 100, None), ("x^{-1}", 10, None), ("x^{1/2}", 10, None), ("x^{y}", 10, None),
    ("\\frac{2}{x}", 10, None), ("\\frac{x}{2y}", 10, None), ("\\pi x", 10, None), ("\\frac{x}{0}", 10, None),
    ("(x+y)^2", 3, {(("x", 2),): F(1), (("x", 1), ("y", 1)): F(2), (("y", 2),): F(1)}), ("(x+y)^2", 2, None),
    ("x + y + z", 3, {X: F(1), Y: F(1), Z: F(1)}), ("x + y + z", 2, None),
]


@pytest.mark.parametrize("text, terms, poly", ROWS)
def test_expanded(text: str, terms: int, poly: Poly) -> None:
    assert expanded(_tree(text), terms) == poly


@pytest.mark.parametrize("a, b, same", [
    ("(x+1)^2", "x^2 + 2x + 1", True), ("(x+1)^2", "x^2 + x + 1", False), ("x y", "y x", True),
    ("(x-y)(x+y)", "x^2 - y^2", True), ("(x-y)(x+y)", "x^2 + y^2", False), ("\\frac{1}{x}", "\\frac{1}{x}", False),
])
def test_same_polynomial_and_the_verdict(a: str, b: str, same: bool) -> None:
    assert same_polynomial(_tree(a), _tree(b), 100) is same
    if same or "frac" not in a:
        assert mathgrade.grade(a, b).correct is same
