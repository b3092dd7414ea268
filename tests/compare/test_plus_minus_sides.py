"""A value ``a ± b`` (an ``Expression`` whose tree is ``("pm", a, b)``, as a caller of ``compare`` may build it; the
reader expands ``±`` itself) stands for the list ``a + b, a - b`` on either side of the comparison
(``compare/_dispatch._plus_minus``): the list, in any order, equals it both ways round; the contrast, one of the two
values alone (a partial answer), or a list with one value changed, does not.

Written for seed 127 (docs/testing.md): the gold's ``±`` not looked at (``_has_pm(None)``) left a gold ``1 ± \\sqrt{19}``
an expression that no list could equal ("the answer is a list and the gold is an expression").
"""

from __future__ import annotations

from fractions import Fraction as F
from typing import Tuple

import pytest

from mathgrade.compare import compare
from mathgrade.limits import Deadline
from mathgrade.options import make_options
from mathgrade.values import Expression, Number, SetValue, Value


def _num(v: int) -> tuple:
    return ("num", F(v))


def _x(tree: tuple) -> Expression:
    return Expression(tree)


_ROOT19 = ("func", "sqrt", _num(19))
# (a ± b, the list it stands for, one value alone, the list with one value changed)
_ROWS = [
    (_x(("pm", _num(1), _ROOT19)),
     SetValue((_x(("add", _num(1), _ROOT19)), _x(("add", _num(1), ("neg", _ROOT19)))), braces=False),
     _x(("add", _num(1), _ROOT19)),
     SetValue((_x(("add", _num(1), _ROOT19)), _x(("add", _num(2), ("neg", _ROOT19)))), braces=False)),
    (_x(("pm", _num(0), _num(2021))),
     SetValue((Number(F(2021)), Number(F(-2021))), braces=False),
     Number(F(2021)),
     SetValue((Number(F(2021)), Number(F(-2020))), braces=False)),
    (_x(("pm", ("sym", "x"), _num(3))),
     SetValue((_x(("add", _num(-3), ("sym", "x"))), _x(("add", ("sym", "x"), _num(3)))), braces=False),
     _x(("add", ("sym", "x"), _num(3))),
     SetValue((_x(("add", _num(-3), ("sym", "x"))), _x(("add", ("sym", "x"), _num(4)))), braces=False)),
]


def _equal(answer: Value, gold: Value) -> Tuple[bool, str]:
    d = compare(answer, gold, make_options(), Deadline(30))
    return d.equal, d.reason


@pytest.mark.parametrize("pm, listed, _one, _changed", _ROWS)
def test_plus_minus_is_its_list_on_either_side(pm: Value, listed: Value, _one: Value, _changed: Value) -> None:
    assert _equal(listed, pm)[0], _equal(listed, pm)
    assert _equal(pm, listed)[0], _equal(pm, listed)


@pytest.mark.parametrize("pm, _listed, one, changed", _ROWS)
def test_one_value_or_a_changed_list_is_not_plus_minus(pm: Value, _listed: Value, one: Value, changed: Value) -> None:
    for other in (one, changed):
        assert not _equal(other, pm)[0], _equal(other, pm)
        assert not _equal(pm, other)[0], _equal(pm, other)
