"""A spacing command right after a row break (``\\\\\\,``, ``\\\\\\;``, ``\\\\\\quad``...: normalization leaves a
spacing command after a backslash alone) is read as a space by the tokenizer (``_read._tokens._command``): the
number after it is read whole, so each matrix or set below reads as its version with a plain space.

Written for seed 173 (docs/testing.md): the spacing commands made to announce a digit argument (``return pos, 1``,
as ``\\frac`` does for ``\\frac12``) split the number after them (``34`` read as 3 then 4).
"""

from __future__ import annotations

import pytest

from mathgrade._read import read
from mathgrade.values import Matrix, Number, SetValue

SPACES = ["\\,", "\\;", "\\:", "\\ ", "\\quad ", "\\qquad ", "\\!"]
MATRICES = ["\\begin{pmatrix} 12 \\\\{SP}34 \\end{pmatrix}", "\\begin{bmatrix} 1 & 2 \\\\{SP}30 & 45 \\end{bmatrix}",
            "\\begin{pmatrix} 1.5 \\\\{SP}250 \\end{pmatrix}"]


@pytest.mark.parametrize("space", SPACES)
@pytest.mark.parametrize("template", MATRICES)
def test_a_spacing_command_after_a_row_break_in_a_matrix(template: str, space: str) -> None:
    spaced, plain = read(template.replace("{SP}", space)), read(template.replace("{SP}", " "))
    assert spaced.error is None and isinstance(spaced.value, Matrix), (space, spaced.value, spaced.error)
    assert spaced.value == plain.value


@pytest.mark.parametrize("space", SPACES[:4])
def test_a_spacing_command_after_a_row_break_in_a_set(space: str) -> None:
    r = read("\\{12 \\\\" + space + "34\\}")
    assert r.error is None and isinstance(r.value, SetValue)
    assert set(r.value.items) == {Number(12), Number(34)}


def test_the_matrix_values() -> None:
    r = read("\\begin{bmatrix} 1 & 2 \\\\\\,30 & 45 \\end{bmatrix}")
    assert isinstance(r.value, Matrix)
    assert r.value.rows == ((Number(1), Number(2)), (Number(30), Number(45)))
