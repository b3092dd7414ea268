"""A box holding two lists joined by "or" (``\\boxed{a, 1 \\text{ or } a, 2}``) gives those two lists as alternatives
(``_extract/_rules._merged_alternatives``, split outside brackets by ``_split_top_level``), whatever letters they
hold: only brackets change the depth of the split. Each letter of the alphabet, in both cases, is tried; the
contrast, two tuples in brackets joined by "or", is one answer.

Written for seed 191 (docs/testing.md): the closing brackets made ``"XX)]}XX"`` took an ``X`` for a closing bracket,
so ``\\boxed{X, 1 \\text{ or } Y, 2}`` was split inside its ``\\text{...}``.
"""

from __future__ import annotations

import string

import pytest

import mathgrade
from mathgrade._extract import extract


@pytest.mark.parametrize("letter", list(string.ascii_letters))
def test_two_lists_joined_by_or_are_alternatives(letter: str) -> None:
    out = "The answer is $\\boxed{" + letter + ", 1 \\text{ or } " + letter + ", 2}$."
    first = extract(out, policy="reward")[0]
    assert first.alternatives == (letter + ", 1", letter + ", 2"), (letter, first)
    for policy in ("eval", "reward"):
        assert mathgrade.grade(out, letter + ", 1", policy=policy).rule == "extract.ambiguous"


def test_two_tuples_joined_by_or_are_one_answer() -> None:
    out = "The answer is $\\boxed{(1, X) \\text{ or } (2, Y)}$."
    first = extract(out, policy="reward")[0]
    assert first.alternatives == () and first.text == "(1, X) \\text{ or } (2, Y)", first
