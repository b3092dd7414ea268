"""A TeX group holding several items (``{1, 2}``) is a bare list (``_read._parser._Parser.group``): alone it reads as
the set of its items; inside arithmetic or an expression it is refused with an error that says so, at the group's
position.

Written for seed 181 (docs/testing.md): the list built from ``tuple(None)`` raised a TypeError, so each of these
became an internal reader error at position 0, and ``{1, 2}`` was graded wrong against ``\\{1, 2\\}``.
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._read import read
from mathgrade.values import Number, SetValue


@pytest.mark.parametrize("s, items", [("{1, 2}", [1, 2]), ("{1,2,3}", [1, 2, 3]), ("{1; 2}", [1, 2]),
                                      ("{ 5 , -3 }", [5, -3])])
def test_a_bare_list_alone_is_a_set(s: str, items: list) -> None:
    r = read(s)
    assert r.error is None and isinstance(r.value, SetValue), (s, r.value, r.error)
    assert sorted(n.value for n in r.value.items) == sorted(items)  # type: ignore[union-attr]
    assert all(isinstance(n, Number) for n in r.value.items)  # type: ignore[union-attr]
    gold = "\\{" + ", ".join(str(i) for i in items) + "\\}"
    assert mathgrade.grade(s, gold).correct
    assert not mathgrade.grade(s, "\\{" + str(items[0]) + "\\}").correct


# (input, message, position)
ERRORS = [
    ("x^{1,2}", "a list inside arithmetic", 2), ("{1, 2} + 3", "a list inside arithmetic", 0),
    ("\\max{1, 2}", "a list inside arithmetic", 4), ("\\frac{1,2}{3}", "a list inside arithmetic", 5),
    ("\\sqrt{1, 2}", "a list inside arithmetic", 5), ("(1, {2, 3})", "a list inside an expression", 4),
    ("x = {1, 2}", "a list inside an expression", 4), ("\\{{1, 2}\\}", "a list inside an expression", 2),
]


@pytest.mark.parametrize("s, message, pos", ERRORS)
def test_a_bare_list_inside_is_refused(s: str, message: str, pos: int) -> None:
    r = read(s)
    assert r.value is None and r.error is not None, (s, r.value)
    assert r.error.message == message and r.error.pos == pos, (s, str(r.error))
