"""A function's variable as the reader names it (``compare/_trees._variable_name``), seen through the grade of two
definitions of one function: the argument written in the answer must name the same variable as its body does, or
renaming the answer's variable to the gold's leaves the body unrenamed.

The reader drops ``var`` from five Greek variants (``\\varphi`` is ``phi``) and keeps any other name as written
(``\\varx`` is ``varx``, ``\\var`` is ``var``, ``\\varpi`` is ``varpi``). Each row is graded against the gold with the
right body and with wrong ones (the contrasts, which must not pass).

Written for seed 79 (docs/testing.md): ``len(name) > 4`` made ``>= 4`` read the argument ``\\varx`` as ``x``, and the
right answer ``f(\\varx) = \\varx^2 + 1`` was graded wrong. Probing it found the same fault in the code itself, fixed:
any name of five letters or more starting with ``var`` lost them (``\\varpi``, ``\\varkappa``, ``\\varxy``), where the
reader keeps them, so ``f(\\varpi) = \\varpi^2 + 1`` was graded wrong against ``f(t) = t^2 + 1``.
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._read import read
from mathgrade.compare._trees import function_name

# (the variable as written, the name function_name gives it)
_NAMES = [
    ("\\varx", "varx"),  # four characters after the backslash: kept (seed 79's mutant read "x")
    ("\\vars", "vars"),
    ("\\var", "var"),
    ("\\varphi", "phi"),
    ("\\varphi_{1}", "phi_1"),
    ("\\varphi'", "phi'"),
    ("\\varsigma", "sigma"),
    ("\\varepsilon", "epsilon"),
    ("\\varpi", "varpi"),  # not one of the reader's variants: kept (it was read "pi", and f(\varpi) = \varpi^2 + 1
    ("\\varxy", "varxy"),  # was graded wrong against f(t) = t^2 + 1)
    ("\\varkappa", "varkappa"),
    ("\\varrho", "rho"),
    ("\\vartheta", "theta"),
    ("t", "t"),
]


@pytest.mark.parametrize("written, name", _NAMES)
def test_the_argument_is_named_as_the_reader_names_it(written: str, name: str) -> None:
    value = read(f"f({written})").value
    assert value is not None
    assert function_name(value) == ("f", (name,))


@pytest.mark.parametrize("written, _name", _NAMES)
@pytest.mark.parametrize("gold", ["f(t) = t^2 + 1", "g(y) = y^2 + 1"])
def test_a_definition_in_that_variable_is_the_same_function(written: str, _name: str, gold: str) -> None:
    v = mathgrade.grade(f"${written.join(['f(', ') = ', '^2 + 1'])}$", gold)
    assert v.correct, v.explain()


@pytest.mark.parametrize("written, _name", _NAMES)
@pytest.mark.parametrize("gold", ["f(t) = t^2 + 1", "g(y) = y^2 + 1"])
def test_a_definition_with_another_body_is_not(written: str, _name: str, gold: str) -> None:
    v = mathgrade.grade(f"${written.join(['f(', ') = ', '^2 + 2'])}$", gold)
    assert not v.correct, v.explain()
    v = mathgrade.grade(f"${written.join(['f(', ') = ', '^3 + 1'])}$", gold)
    assert not v.correct, v.explain()
