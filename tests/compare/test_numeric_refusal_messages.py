"""Every refusal of the numeric evaluator by its message: the errors no test read before (seed 67 of
docs/testing.md found the factorial's growth guard's message changed with no test failing). The message reaches a
user as the reason there is no numeric evidence; each row is one ``raise`` of ``compare/_numeric.py``, with its
contrast, the same expression at a value it evaluates.
"""

from __future__ import annotations

from fractions import Fraction as F
from typing import List, Tuple

import pytest

from mathgrade import read
from mathgrade.compare._numeric import Undefined, Unsupported, evaluate
from mathgrade.values import Expression

# (expression of x, x refused, real mode, error, message, x evaluated)
ROWS: List[Tuple[str, int, bool, type, str, int]] = [
    ("\\sqrt{x}", -1, True, Undefined, "a value that is not real", 4),
    ("\\pi^{x}", 10 ** 30, False, Unsupported, "power too large to evaluate", 30),
    ("(x \\pi)!", 10 ** 20, False, Unsupported, "factorial argument too large to evaluate", 3),
    ("\\binom{x \\pi}{2}", 10 ** 20, False, Unsupported, "binomial argument too large to evaluate", 3),
    ("\\binom{x}{2}", 10 ** 20, False, Unsupported, "binomial argument too large to evaluate", 10 ** 3),
    ("\\Gamma(x \\pi)", 10 ** 20, False, Unsupported, "argument of gamma too large to evaluate", 3),
    ("\\tan(\\frac{\\pi}{2} x)", 1, False, Undefined, "tan at a pole", 2),
    ("\\cot(x)", 0, False, Undefined, "cot at a pole", 1),
    ("\\arg(x)", 0, False, Undefined, "arg of 0", -1),
    ("\\lfloor \\sqrt{x} \\rfloor", -1, False, Undefined, "a real argument was expected", 5),
    ("\\infty + x", 1, False, Undefined, "arithmetic with infinity", 1),
]


def _evaluate(text: str, x: int, real: bool) -> object:
    value = read(text).value
    assert isinstance(value, Expression), (text, value)
    return evaluate(value.tree, {"x": F(x)}, real=real)


@pytest.mark.parametrize("text, x, real, error, message, fine", [r for r in ROWS if r[0] != "\\infty + x"])
def test_each_refusal_has_its_message_and_its_contrast_evaluates(text: str, x: int, real: bool, error: type,
                                                                  message: str, fine: int) -> None:
    with pytest.raises(error) as raised:
        _evaluate(text, x, real)
    assert str(raised.value) == message
    assert _evaluate(text, fine, real) is not None


def test_arithmetic_with_infinity_is_refused_by_its_message() -> None:
    with pytest.raises(Undefined) as raised:
        _evaluate("\\infty + x", 1, False)
    assert str(raised.value) == "arithmetic with infinity"
    assert _evaluate("\\infty", 1, False) is not None  # (infinity alone is a value)
