"""The builder's depth limit (``_read/_build._check_depth``) counts a matrix's cells two levels under the matrix (its
rows are one), an item of a tuple one level under it: a chain of postfix factorials (which the parser's own limit
does not stop) reads up to the limit in each place, and one factorial more is the error. Each row is its own
contrast: the deepest chain that reads, then the same chain one deeper.

Written for seed 113 (docs/testing.md): a matrix's cells counted three levels under it refused a chain that reads
in a tuple or alone one level early.
"""

from __future__ import annotations

from typing import Callable

import pytest

from mathgrade._read import read
from mathgrade.limits import MAX_DEPTH

# (where the chain is, the text with a chain of k factorials, the most factorials that read)
_PLACES = [
    ("a matrix's one cell", lambda k: "\\begin{pmatrix}3" + "!" * k + "\\end{pmatrix}", MAX_DEPTH - 3),
    ("a cell of a 2x2 matrix", lambda k: "\\begin{pmatrix}1 & 3" + "!" * k + "\\\\ 2 & 4\\end{pmatrix}", MAX_DEPTH - 3),
    ("a bracketed matrix", lambda k: "\\begin{bmatrix}3" + "!" * k + " & 1\\end{bmatrix}", MAX_DEPTH - 3),
    ("an item of a tuple", lambda k: "(3" + "!" * k + ", 1)", MAX_DEPTH - 2),
    ("alone", lambda k: "3" + "!" * k, MAX_DEPTH - 1),
]


@pytest.mark.parametrize("_where, text, deepest", _PLACES, ids=[p[0] for p in _PLACES])
def test_a_chain_reads_up_to_the_depth_limit_in_each_place(_where: str, text: Callable[[int], str],
                                                           deepest: int) -> None:
    r = read(text(deepest))
    assert r.error is None and r.value is not None, r.error
    r = read(text(deepest + 1))
    assert r.value is None and r.error is not None, r
    assert r.error.message == f"expression nested deeper than the limit of {MAX_DEPTH}", r.error
