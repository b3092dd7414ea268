"""A separator left before a bracket's closer (``(1, 2,)``, ``\\{1, 2,\\}``, ``[1, 2;]``, ``(1, 2,;)``) is dropped: the
items read as without it. The contrasts: a separator between items is no trailing one (``(1, 2, 3)`` has three
items), and a bracket left open is still an error.

Written for seed 139 (docs/testing.md): ``_Parser.parse_items`` no longer dropping a trailing comma
(``at_op(None)`` for ``at_op(",")``) left ``(1, 2,)`` unreadable ("expected ')' to close it, found ','").
"""

from __future__ import annotations

import pytest

from mathgrade._read import read

# (written with trailing separators, the same without them, a third item where the separator was)
_ROWS = [("(1, 2,)", "(1, 2)", "(1, 2, 3)"), ("(1, 2, )", "(1, 2)", "(1, 2, 3)"),
         ("\\{1, 2,\\}", "\\{1, 2\\}", "\\{1, 2, 3\\}"), ("[1, 2,]", "[1, 2]", "(1, 2, 3)"),
         ("(1, 2;)", "(1, 2)", "(1, 2; 3)"), ("(1, 2,;)", "(1, 2)", "(1, 2, 3)"), ("(1, 2;,)", "(1, 2)", "(1, 2; 3)"),
         ("(x, y,)", "(x, y)", "(x, y, z)")]


@pytest.mark.parametrize("written, plain, three", _ROWS)
def test_a_trailing_separator_is_dropped(written: str, plain: str, three: str) -> None:
    reading, expected = read(written), read(plain)
    assert reading.error is None, reading.error
    assert reading.value == expected.value and expected.value is not None
    assert read(three).value != expected.value and read(three).value is not None  # the contrast


def test_a_bracket_left_open_after_a_separator_is_still_an_error() -> None:
    reading = read("(1, 2,")
    assert reading.value is None and reading.error is not None
