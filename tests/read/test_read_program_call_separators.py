"""A relation or a fraction written as a program's call (``Eq(x, 2)``, ``Ne``, ``Lt``, ``Rational(1, 3)``: sympy's
spelling) takes a trailing separator before its closing bracket as any bracket does (``_read._parser._Parser
.program_call``): ``Eq(x, 2,)`` is ``x = 2``, ``Rational(1, 3,)`` is 1/3. A third argument, or a missing second, is an
error that counts them.

Written for seed 181 (docs/testing.md): the closer passed to the items made ``"XX)XX"`` read the bracket after the
trailing comma as another item ("unexpected ')'").
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from mathgrade._read import read
from mathgrade.values import Number, Relation


@pytest.mark.parametrize("s, op", [("Eq(x, 2,)", "="), ("Eq(x, 2)", "="), ("Ne(x, 2;)", "!="), ("Lt(x, 2 ,  )", "<"),
                                   ("Ge(x, 2, ;)", ">=")])
def test_a_relation_call_with_a_trailing_separator(s: str, op: str) -> None:
    r = read(s)
    assert r.error is None and isinstance(r.value, Relation), (s, r.value, r.error)
    assert r.value.ops == (op,) and r.value.sides[1] == Number(2), (s, r.value)


@pytest.mark.parametrize("s", ["Rational(1, 3,)", "Rational(1, 3)", "Rational(1,3;)"])
def test_a_rational_call_with_a_trailing_separator(s: str) -> None:
    assert read(s).value == Number(Fraction(1, 3))


@pytest.mark.parametrize("s, count", [("Eq(x, 2, 3)", 3), ("Eq(x,)", 1), ("Rational(1, 2, 3,)", 3)])
def test_the_arguments_are_counted(s: str, count: int) -> None:
    r = read(s)
    assert not isinstance(r.value, (Number, Relation)) and r.error is not None, (s, r.value)
    assert r.error.message == f"'{s.split('(')[0]}' with {count} arguments instead of 2", str(r.error)
