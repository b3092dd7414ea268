"""The argument of a function as written, named as the reader names the variable: ``\\varphi``, ``\\vartheta``,
``\\varepsilon``, ``\\varrho``, ``\\varsigma`` are the letters ``phi``, ``theta``... (with a subscript or a prime
kept); only the whole run of letters is compared with those variants, so ``\\varphiA`` or ``\\varthetaB`` (a
letter of either case after the variant's name) is not ``phiA`` but keeps its name, as ``\\varpi`` does. Seed 199 of
docs/testing.md: ``_trees._variable_name`` reading only lower-case letters as letters (``[^a-za-z]``) survived: it
cut ``varphiA`` at the ``A`` and named it ``phiA``.
"""

from __future__ import annotations

from typing import Tuple

import pytest

from mathgrade._read import read
from mathgrade.compare._trees import function_name


@pytest.mark.parametrize("text, name", [
    ("f(\\varphi)", ("f", ("phi",))),
    ("f(\\vartheta)", ("f", ("theta",))),
    ("f(\\varepsilon, x)", ("f", ("epsilon", "x"))),
    ("f(\\varphi_A)", ("f", ("phi_A",))),
    ("f(\\varphi_{1})", ("f", ("phi_1",))),
    # contrasts: more letters after the variant's name, or no variant at all
    ("f(\\varphiA)", ("f", ("varphiA",))),
    ("f(\\varphiab)", ("f", ("varphiab",))),
    ("g(\\varthetaB, x)", ("g", ("varthetaB", "x"))),
    ("f(\\varpi)", ("f", ("varpi",))),
    ("f(\\phi)", ("f", ("phi",))),
])
def test_a_greek_variant_is_its_letter_only_as_a_whole_name(text: str, name: Tuple[str, Tuple[str, ...]]) -> None:
    value = read(text).value
    assert value is not None
    assert function_name(value) == name
