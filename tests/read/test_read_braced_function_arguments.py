"""A braced argument is the whole argument of a function (``_read._parser._Parser.function``): ``\\sin{x}y`` is
``\\sin(x) \\cdot y``, ``\\sin{x}^2`` is ``(\\sin x)^2``, ``\\sin{2}\\pi`` is ``\\sin(2) \\cdot \\pi``, as LaTeX
shows them; an argument without braces runs on as before (``\\sin x^2`` is ``\\sin(x^2)``).

Written for seed 181 (docs/testing.md): the test for the brace made never to match (``at_op(None)``) read the brace
as the start of an unbraced argument, which ran on: ``\\sin{x}y`` became ``\\sin(xy)``.
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._read import read

SIN_X = ("func", "sin", ("sym", "x"))
# (input, its tree)
ROWS = [
    ("\\sin{x}y", ("mul", SIN_X, ("sym", "y"))), ("\\sin{x} y", ("mul", SIN_X, ("sym", "y"))),
    ("\\sin{x}^2", ("pow", SIN_X, ("num", 2))), ("\\sin{x}^{2}", ("pow", SIN_X, ("num", 2))),
    ("\\sin{\\pi}x", ("mul", ("func", "sin", ("const", "pi")), ("sym", "x"))),
    ("\\exp{x}y", ("mul", ("func", "exp", ("sym", "x")), ("sym", "y"))),
    ("\\sin{x}!", ("func", "factorial", SIN_X)), ("\\sin{x}(y)", ("mul", SIN_X, ("sym", "y"))),
    ("\\sin{x}{y}", ("mul", SIN_X, ("sym", "y"))), ("2\\sin{x}y", ("mul", ("num", 2), SIN_X, ("sym", "y"))),
    ("\\sin{x}y^2", ("mul", SIN_X, ("pow", ("sym", "y"), ("num", 2)))),
    # the contrasts: arguments without braces
    ("\\sin x", SIN_X), ("\\sin(x) y", ("mul", SIN_X, ("sym", "y"))),
]


def _plain(tree):
    """The tree with each number's Fraction as an int when whole (for writing the rows)."""
    if isinstance(tree, tuple):
        if tree and tree[0] == "num" and tree[1].denominator == 1:
            return ("num", int(tree[1]))
        return tuple(_plain(t) for t in tree)
    return tree


@pytest.mark.parametrize("s, tree", ROWS)
def test_a_braced_argument_ends_at_its_brace(s: str, tree: tuple) -> None:
    r = read(s)
    assert r.error is None, (s, r.error)
    assert _plain(r.value.tree) == tree, (s, r.value)  # type: ignore[union-attr]


# (answer, gold, correct)
GRADES = [("\\sin{x}^2", "\\sin^2 x", True), ("\\sin{x}^2", "\\sin(x^2)", False), ("\\sin{x}y", "y\\sin x", True),
          ("\\sin{x}y", "\\sin(xy)", False), ("\\sin{2}\\pi", "\\pi \\sin 2", True), ("\\sin{2}\\pi", "0", False)]


@pytest.mark.parametrize("answer, gold, correct", GRADES)
def test_graded_as_shown(answer: str, gold: str, correct: bool) -> None:
    assert mathgrade.grade(answer, gold).correct is correct, (answer, gold)
