"""The tree helpers of ``compare/_trees.py``, one value per branch: the free variables of every kind of value (a
sum's index is bound, a function's name is one variable, text has none), a function applied to distinct variables
(and what is not one), the description of a set of reals for sympy (intervals, unions, intersections, points; none
with a variable), and simultaneous renaming that leaves a sum's bound index alone.
"""

from __future__ import annotations

from fractions import Fraction as F
from typing import Optional, Tuple

import pytest

from mathgrade._read import read
from mathgrade.compare._trees import function_name, rename, set_description, value_symbols
from mathgrade.values import Expression, Value


def _value(text: str) -> Value:
    value = read(text).value
    assert value is not None, text
    return value

ONE, TWO = ("num", F(1)), ("num", F(2))


@pytest.mark.parametrize("text, symbols", [
    ("x + y", {"x", "y"}), ("\\sum_{k=1}^{n} k x", {"n", "x"}), ("\\sum_{k=1}^{3} k", set()),
    ("\\sum_{k=a}^{3} k", {"a"}), ("\\sin(x) + \\pi", {"x"}), ("f(x)", {"f(x)"}), ("(x, 2)", {"x"}),
    ("x = y + 1", {"x", "y"}),
    ("[a, 2]", {"a"}), ("\\begin{pmatrix}a & 1\\end{pmatrix}", {"a"}), ("(1, 2) \\cup (z, 4)", {"z"}),
    ("\\{1, w\\}", {"w"}), ("5", set()), ("\\text{abc}", None), ("\\{1, \\text{abc}\\}", None),
])
def test_value_symbols(text: str, symbols: Optional[set]) -> None:
    got = value_symbols(_value(text))
    assert (None if got is None else set(got)) == symbols


@pytest.mark.parametrize("text, name", [
    ("f(x)", ("f", ("x",))), ("f(x, y)", ("f", ("x", "y"))), ("f(x_{1})", ("f", ("x_1",))),
    ("f(\\theta)", ("f", ("theta",))), ("f(\\varphi)", ("f", ("phi",))), ("f(\\varpi)", ("f", ("varpi",))),
    ("f(\\var)", ("f", ("var",))),
    ("f(x, x)", None), ("f(2)", None), ("x + y", None), ("5", None),
])
def test_function_name(text: str, name: Optional[Tuple[str, Tuple[str, ...]]]) -> None:
    assert function_name(_value(text)) == name


@pytest.mark.parametrize("text, description", [
    ("[1, 2)", ("interval", ONE, TWO, True, False)), ("(1, \\infty)", ("interval", ONE, ("const", "oo"), False, False)),
    ("(1, 2) \\cup [3, 4]", ("union", ("interval", ONE, TWO, False, False),
                              ("interval", ("num", F(3)), ("num", F(4)), True, True))),
    ("(1, 2) \\cap (0, 3)", ("intersection", ("interval", ONE, TWO, False, False),
                              ("interval", ("num", F(0)), ("num", F(3)), False, False))),
    ("\\{1, 2\\}", ("points", ONE, TWO)), ("5", ("points", ("num", F(5)))), ("\\pi", ("points", ("const", "pi"))),
    ("(1, 2) \\cup (z, 4)", None), ("[z, 4]", None), ("x", None), ("\\{1, x\\}", None), ("(1, 2)", None),
])
def test_set_description(text: str, description: Optional[tuple]) -> None:
    assert set_description(_value(text)) == description


def test_renaming_is_simultaneous_and_leaves_a_bound_index_alone() -> None:
    def tree(text: str) -> tuple:
        value = read(text).value
        assert isinstance(value, Expression)
        return value.tree

    assert rename(tree("x + 2y"), {"x": "y", "y": "x"}) == tree("y + 2x")
    assert rename(tree("\\sum_{k=1}^{n} k x + k"), {"k": "j", "x": "y", "n": "m"}) == (
        "add", ("func", "sum", ("mul", ("sym", "k"), ("sym", "y")), ("sym", "k"), ONE, ("sym", "m")), ("sym", "j"))
