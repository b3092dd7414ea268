"""``==`` is no equals sign of an equation the reader splits: ``_read._top_level_equals`` finds the ``=`` signs
outside brackets but those of ``<=``, ``>=``, ``!=``, ``:=`` and both of ``==``. So an equation whose left side restates
the question (``\\lim ... \\text{ for } x \\to 0 = 1``, read as a name given the right side's value) keeps its one
equals sign when a condition after the value compares with ``==`` (``\\text{ if } n == 2``), and reads as that
equation; with a second ``=`` instead (``n = 2``) it has two, and is left unread as an equation (words).

Written for seed 163 (docs/testing.md): the test for the ``=`` after an ``=`` was made ``s[k + 2:k + 2]`` (always
empty), so the first ``=`` of ``==`` counted, and these equations were left unread.
"""

from __future__ import annotations

import pytest

from mathgrade._read import _top_level_equals, read
from mathgrade.values import Number, Relation, Text

LEFT = "\\lim_{x\\to 0} \\frac{\\sin x}{x} \\text{ for } x \\to 0 = "


@pytest.mark.parametrize("s, found", [
    ("a = b", [2]), ("a == b", []), ("a = b == c", [2]), ("a == b = c", [7]), ("a === b", []),
    ("a <= b = c", [7]), ("a != b", []), ("a := b", []), ("f(a = b) = c", [9]), ("a = b = c", [2, 6]),
    ("a =", [2]), ("= a", [0]),
])
def test_top_level_equals(s: str, found: list) -> None:
    assert _top_level_equals(s) == found


@pytest.mark.parametrize("condition", ["\\text{ if } n == 2", "\\text{ when } k == 0", "\\text{ for } m == 1"])
def test_a_double_equals_in_a_condition_leaves_one_equation(condition: str) -> None:
    r = read(LEFT + "1 " + condition)
    assert r.error is None
    assert isinstance(r.value, Relation) and r.value.ops == ("=",)
    assert r.value.sides[1] == Number(1)


@pytest.mark.parametrize("condition", ["\\text{ if } n = 2", "\\text{ when } k = 0", "\\text{ for } m = 1"])
def test_a_second_equals_sign_leaves_it_unread(condition: str) -> None:
    r = read(LEFT + "1 " + condition)
    assert not isinstance(r.value, Relation) and isinstance(r.value, Text)
    assert r.error is not None


def test_the_equation_alone_reads() -> None:
    r = read(LEFT + "1")
    assert isinstance(r.value, Relation) and r.value.sides[1] == Number(1)
