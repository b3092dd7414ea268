"""What the numeric evaluator says when a function cannot be evaluated (``compare/_numeric._Evaluator._func``): a
function it does not know is refused by name (``unknown function det``), and an error mpmath raises inside a
function (``gamma function pole``) becomes :class:`Undefined` with mpmath's own message. Both reach a verdict's
reason: ``(no numeric check: unknown function det)``, ``has no value (undefined (gamma function pole))``. Each row
has its contrast, the same expression where it evaluates.

Also exact zero to an inexact positive power (``_Evaluator._pow``): the exact ``Fraction(0)``, so that
``0^{\\pi}`` equals ``0`` without a tolerance; to a non-positive power it is undefined; an inexact zero (a
cancellation) stays inexact.

Written for seed 149 (docs/testing.md): both messages made ``None`` (the reasons then read ``None``), and the exact
zero made ``Fraction(None)`` (a ``TypeError`` for every ``0^{\\pi}``), survived every test.
"""

from __future__ import annotations

from fractions import Fraction as F
from typing import Any

import mpmath
import pytest

import mathgrade
from mathgrade import read
from mathgrade.compare._numeric import Undefined, Unsupported, evaluate
from mathgrade.values import Expression


def _tree(text: str) -> tuple:
    value = read(text).value
    assert isinstance(value, Expression), (text, value)
    return value.tree


def _pole_message() -> str:
    with pytest.raises(ValueError) as raised:
        mpmath.gamma(mpmath.mpf(-1))
    return str(raised.value)


X = ("sym", "x")


@pytest.mark.parametrize("name", ["det", "foo", "sgn", "erf", "sinc", "log10"])
def test_an_unknown_function_is_refused_by_its_name(name: str) -> None:
    with pytest.raises(Unsupported) as raised:
        evaluate(("func", name, X), {"x": F(2)})
    assert str(raised.value) == f"unknown function {name}"
    assert evaluate(("func", "abs", X), {"x": F(-2)}) == 2  # the contrast: a known one


def test_the_unknown_function_reaches_the_reason() -> None:
    v = mathgrade.grade("$\\boxed{\\det(2)}$", "2")
    assert not v.correct
    assert v.reason.endswith("(no numeric check: unknown function det)"), v.reason
    assert mathgrade.grade("$\\boxed{\\lg 100}$", "2").correct  # (the contrast: a function it knows)


# (expression of x, x where mpmath raises, x where it evaluates)
POLES = [
    ("(x + \\pi - \\pi)!", -1, F(1, 2)), ("(x + \\pi - \\pi)!", -2, 3),
    ("\\Gamma(x + \\pi - \\pi)", 0, F(1, 2)), ("\\Gamma(x + \\pi - \\pi)", -1, 2),
    ("\\Gamma(x + \\pi - \\pi)", -3, F(-1, 2)),
]


@pytest.mark.parametrize("text, pole, fine", POLES)
def test_an_error_inside_a_function_is_undefined_with_its_message(text: str, pole: int, fine: F) -> None:
    with pytest.raises(Undefined) as raised:
        evaluate(_tree(text), {"x": F(pole)})
    assert str(raised.value) == _pole_message()
    value: Any = evaluate(_tree(text), {"x": fine})
    assert mpmath.isfinite(value)


@pytest.mark.parametrize("answer", ["\\Gamma(\\pi - \\pi)", "(\\pi - \\pi - 1)!"])
def test_the_message_reaches_the_reason(answer: str) -> None:
    v = mathgrade.grade(f"$\\boxed{{{answer}}}$", "1")
    assert (v.correct, v.rule) == (False, "expression.numeric"), v.explain()
    assert f"has no value (undefined ({_pole_message()})) and the other side has one" in v.reason, v.reason
    fine = mathgrade.grade("$\\boxed{\\Gamma(\\pi - \\pi + 1)}$", "1")  # the contrast: Γ(1) = 1
    assert fine.correct, fine.explain()


# (expression of x, its value at x = 0: exact zero, or the error's message)
ZERO_POWERS = [
    ("x^{\\pi}", F(0)), ("x^{\\sqrt{2}}", F(0)), ("x^{\\pi - 3}", F(0)), ("x^{\\ln 2}", F(0)), ("x^{2\\pi}", F(0)),
    ("x^{1+i}", F(0)),
    ("x^{-\\pi}", "0 to a non-positive power"), ("x^{3 - \\pi}", "0 to a non-positive power"),
    ("x^{i}", "0 to a non-positive power"),
]


@pytest.mark.parametrize("text, value", ZERO_POWERS)
def test_exact_zero_to_an_inexact_power(text: str, value: Any) -> None:
    if isinstance(value, str):
        with pytest.raises(Undefined) as raised:
            evaluate(_tree(text), {"x": F(0)})
        assert str(raised.value) == value
    else:
        got = evaluate(_tree(text), {"x": F(0)})
        assert isinstance(got, F) and got == value, got
    # the contrasts: the same power of a non-zero base is inexact, and not zero
    other = evaluate(_tree(text), {"x": F(1, 2)})
    assert not isinstance(other, F) and other != 0


def test_an_inexact_zero_to_a_power_stays_inexact() -> None:
    got = evaluate(_tree("(x + \\pi - \\pi)^{\\pi}"), {"x": F(0)})
    assert not isinstance(got, F) and got == 0


@pytest.mark.parametrize("answer, gold, correct", [
    ("0^{\\pi}", "0", True), ("0^{\\sqrt{2}}", "0", True), ("0^{\\pi} + 1", "1", True),
    ("0^{\\pi}", "1", False), ("0^{\\sqrt{2}}", "1", False), ("0^{\\pi} + 1", "0", False),
])
def test_zero_to_an_inexact_power_graded(answer: str, gold: str, correct: bool) -> None:
    v = mathgrade.grade(f"$\\boxed{{{answer}}}$", gold)
    assert v.correct is correct, v.explain()
