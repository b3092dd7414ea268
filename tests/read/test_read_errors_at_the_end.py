"""A formula that stops before it is complete is a read error at the end of the input, by its message: ``unexpected
end`` after an operator, ``expected ')' to close it, found the end`` for an open bracket, and, for a subscript with
nothing after ``_``, the end token shown as ``''`` (its text is empty). Each contrast, the formula completed, reads.

Written for seed 151 (docs/testing.md): the end token's text made ``"XXXX"`` changed only the subscript's message,
which no test read.
"""

from __future__ import annotations

import pytest

from mathgrade._read import read

# (input, message, position, the input completed)
ROWS = [
    ("x_", "unexpected '' in a subscript", 2, "x_1"),
    ("a_", "unexpected '' in a subscript", 2, "a_n"),
    ("x + y_", "unexpected '' in a subscript", 6, "x + y_2"),
    ("x_{1", "expected '}' to close it, found the end", 4, "x_{1}"),
    ("a^", "unexpected end", 2, "a^2"),
    ("1+", "unexpected end", 2, "1+2"),
    ("x =", "unexpected end", 3, "x = 1"),
    ("\\sin", "unexpected end", 4, "\\sin x"),
    ("(1,", "expected ')' to close it, found the end", 3, "(1, 2)"),
    ("|x", "expected '|' to close it, found the end", 2, "|x|"),
    ("\\{1", "expected '\\}' to close it, found the end", 3, "\\{1\\}"),
    ("\\begin{pmatrix}1", "expected '\\end{pmatrix}' to close it, found the end", 16,
     "\\begin{pmatrix}1\\end{pmatrix}"),
]


@pytest.mark.parametrize("text, message, pos, whole", ROWS, ids=[r[0] for r in ROWS])
def test_a_formula_cut_short_is_an_error_at_its_end(text: str, message: str, pos: int, whole: str) -> None:
    r = read(text)
    assert r.value is None and r.error is not None
    assert (r.error.message, r.error.pos) == (message, pos)
    assert pos == len(text)
    done = read(whole)
    assert done.value is not None and done.error is None, done.error
