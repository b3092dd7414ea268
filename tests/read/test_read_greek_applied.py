"""A Greek letter applied to parentheses that touch it, left of ``=``, names a function (``\\omega(r) = r^2``:
``_read._parser.defines_function``); with a space before the parenthesis it is a product (``\\omega (r)`` is
``omega*r``), as for a Latin letter (``x (t)``). Each row reads both ways.

Written for seed 103 (docs/testing.md): the test of the token after the name (``kind == "op" and text == "("``)
made ``or`` took any operator, and the parenthesis's space was no longer read: ``\\omega (r) = r^2`` became a
function definition.
"""

from __future__ import annotations

import pytest

from mathgrade._read import read

# (the letter, as the reader names it)
_LETTERS = [("\\omega", "omega"), ("\\theta", "theta"), ("\\alpha", "alpha"), ("\\varphi", "phi"), ("x", "x")]


@pytest.mark.parametrize("letter, name", _LETTERS)
def test_a_letter_touching_its_parenthesis_names_a_function(letter: str, name: str) -> None:
    r = read(f"{letter}(r) = r^2")
    assert r.error is None and str(r.value) == f"{name}(r) = r^2", r


@pytest.mark.parametrize("letter, name", _LETTERS)
def test_a_letter_spaced_from_its_parenthesis_is_a_factor(letter: str, name: str) -> None:
    r = read(f"{letter} (r) = r^2")
    assert r.error is None and str(r.value) == f"{name}*r = r^2", r
