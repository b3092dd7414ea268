"""``or`` glued between two formulas (``1orx=2``: ``_read._tokens._joined_or``) separates them, after a number, a
closing bracket, or a letter token (one letter in ``\\text{x}`` is math, seed 37); with a space before it, or glued
into a longer run, it is letters. Each separated row has its contrast, the same text with a space before ``or``.

Written for seed 103 (docs/testing.md): the letter token's kind tested as ``"IDENT"`` read ``\\text{x}orx=2`` as the
product ``x*o*r*x = 2``.
"""

from __future__ import annotations

import pytest

from mathgrade._read import read

# (text, as read; the text with a space before "or", as read)
_ROWS = [
    ("\\text{x}orx=2", "x, x = 2", "\\text{x} orx=2", "x*o*r*x = 2"),
    ("\\text{y}ory=3", "y, y = 3", "\\text{y} ory=3", "y*o*r*y = 3"),
    ("1orx=2", "1, x = 2", "1 orx=2", "1*o*r*x = 2"),
    ("(1)orx=2", "1, x = 2", "(1) orx=2", "1*o*r*x = 2"),
    ("x_{a}orx=2", "x_a, x = 2", "x_{a} orx=2", "x_a*o*r*x = 2"),
]


@pytest.mark.parametrize("text, shown, _spaced, _spaced_shown", _ROWS)
def test_or_glued_after_a_formula_separates_two(text: str, shown: str, _spaced: str, _spaced_shown: str) -> None:
    r = read(text)
    assert r.error is None and str(r.value) == shown, (text, r)


@pytest.mark.parametrize("_text, _shown, spaced, spaced_shown", _ROWS)
def test_or_after_a_space_is_letters(_text: str, _shown: str, spaced: str, spaced_shown: str) -> None:
    r = read(spaced)
    assert r.error is None and str(r.value) == spaced_shown, (spaced, r)
