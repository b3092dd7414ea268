"""An environment's name is read whole: ``\\begin{pmatrix*}`` is ``pmatrix`` (a starred variant: the star is dropped,
``_read/_tokens._environment``), and any other character after the name makes another environment, which the
reader does not know (``\\begin{pmatrixX}``: no matrix). Every printable ASCII character is tried after the name;
a matrix is read only for the star and for what the input's normalization removes before the name is read (blanks,
``$``, ``~``).

Written for seed 151 (docs/testing.md): the characters dropped from the end of the name were ``"XX*XX"``, so
``\\begin{pmatrixX}...\\end{pmatrixX}`` read as a matrix.
"""

from __future__ import annotations

import string

import pytest

from mathgrade._read import read
from mathgrade.values import Matrix

_CHARS = sorted(set(string.printable) - set("\r\x0b\x0c"))
_READ_AS_THE_NAME = set("*$~ \t\n")


@pytest.mark.parametrize("env", ["pmatrix", "bmatrix"])
@pytest.mark.parametrize("ch", _CHARS, ids=repr)
def test_only_a_star_may_follow_an_environment_name(env: str, ch: str) -> None:
    r = read(f"\\begin{{{env}{ch}}}1 & 2\\end{{{env}{ch}}}")
    assert isinstance(r.value, Matrix) is (ch in _READ_AS_THE_NAME), (ch, r.value, r.error)
    if ch in _READ_AS_THE_NAME:
        assert str(r.value) == "[1, 2]"
