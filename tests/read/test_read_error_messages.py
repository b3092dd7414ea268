"""The errors of the tokenizer and the parser that no test read before (docs/testing.md: error positions and messages
were a kind of survivor in seeds 7, 17, 23, 37, 41), one input each: unclosed groups in a subscript, an exponent, a
fraction, ``\\mathbb`` and ``\\text``; unknown and mismatched environments; ragged matrices; a piecewise
definition; a prime after what is not a name; a lone backslash; and the nesting limit on both sides.

Each row asserts the error's position, its message, the place it refers to (``context``) and the sentence a user
reads (``str(error)``), so a position off by one, a message changed or a context dropped fails its row.
"""

from __future__ import annotations

from typing import Optional, Tuple

import pytest

from mathgrade._read import read
from mathgrade.limits import MAX_DEPTH

UNCLOSED = "expected '}' to close it, found the end"
BRACE = ("'{' opened", 2)

# (input, position, message, context)
ROWS = [
    ("x_{10", 5, UNCLOSED, BRACE), ("x_{1{2}", 7, UNCLOSED, BRACE), ("x^{2", 4, UNCLOSED, BRACE),
    ("\\frac{1", 7, UNCLOSED, ("'{' opened", 5)), ("\\mathbb{R", 9, UNCLOSED, ("'{' opened", 7)),
    ("x \\in \\mathbb{R", 15, UNCLOSED, ("'{' opened", 13)), ("5\\,\\text{cm", 11, UNCLOSED, ("'\\text{' opened", 3)),
    ("\\begin{foo}1\\end{foo}", 0, "unknown environment 'foo'", None),
    ("\\begin{pmatrix}1&2\\end{bmatrix}", 18, "'\\end{bmatrix}' closes it", ("'\\begin{pmatrix}' opened", 0)),
    ("\\begin{bmatrix}1&2\\end{pmatrix}", 18, "'\\end{pmatrix}' closes it", ("'\\begin{bmatrix}' opened", 0)),
    ("\\begin{pmatrix}1&2", 18, "expected '\\end{pmatrix}' to close it, found the end",
     ("'\\begin{pmatrix}' opened", 0)),
    ("\\begin{pmatrix}1&2\\\\3\\end{pmatrix}", 0, "rows of different lengths in 'pmatrix'", None),
    ("\\begin{pmatrix}1\\\\2&3\\end{pmatrix}", 0, "rows of different lengths in 'pmatrix'", None),
    ("\\begin{cases}x & x>0\\\\ 0 & x \\le 0\\end{cases}", 0, "a piecewise definition (cells separated by '&')",
     None),
    ("(x+1)'", 5, "a prime after something that is not a name", None),
    ("3'", 1, "a prime after something that is not a name", None),
    ("\\", 0, "a lone backslash", None), ("x + \\", 4, "a lone backslash", None),
    ("(" * MAX_DEPTH + "1" + ")" * MAX_DEPTH, MAX_DEPTH, f"nesting deeper than the limit of {MAX_DEPTH}", None),
]


@pytest.mark.parametrize("text, pos, message, context", ROWS, ids=[r[0][:30] for r in ROWS])
def test_each_error_by_its_position_message_and_context(text: str, pos: int, message: str,
                                                         context: Optional[Tuple[str, int]]) -> None:
    r = read(text)
    assert r.value is None and r.error is not None, (text, r.value)
    assert (r.error.pos, r.error.message, r.error.context) == (pos, message, context)
    where = f"{message} at position {pos}"
    assert str(r.error) == (f"{context[0]} at position {context[1]}: {where}" if context else where)


@pytest.mark.parametrize("text, value", [
    ("(" * (MAX_DEPTH - 1) + "1" + ")" * (MAX_DEPTH - 1), "1"),  # (one level under the limit)
    ("\\begin{cases}1\\\\2\\end{cases}", "1, 2"), ("\\begin{aligned}x &= 1\\end{aligned}", "x = 1"),
    ("x'", "x'"), ("\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}", "[1, 2; 3, 4]"),
])
def test_the_same_structures_well_formed_read(text: str, value: str) -> None:
    r = read(text)
    assert r.error is None and str(r.value) == value, (text, r.error)


def test_a_matrix_of_the_limit_of_entries_reads_and_one_more_is_an_error() -> None:
    from mathgrade.limits import MAX_MATRIX_CELLS

    def row(n: int) -> str:
        return "\\begin{pmatrix}" + "&".join(["1"] * n) + "\\end{pmatrix}"

    assert str(read(row(MAX_MATRIX_CELLS)).value).count("1") == MAX_MATRIX_CELLS
    error = read(row(MAX_MATRIX_CELLS + 1)).error
    assert error is not None and error.message == f"more than {MAX_MATRIX_CELLS} matrix entries"
    assert error.pos == len(row(MAX_MATRIX_CELLS + 1)) - len("1\\end{pmatrix}")  # (at the entry one too many)
