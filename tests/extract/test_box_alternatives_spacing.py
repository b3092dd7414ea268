"""Alternatives in one box that differ only in spacing are one answer (``_extract/_rules._dedupe``: "texts that
differ only in spacing are one"): ``\\boxed{1,2 \\text{ or } 1, 2}`` is the box's answer as written (rule ``boxed``, no
alternatives), not two alternatives; the contrast, two different lists, gives both as alternatives.

Written for seed 191 (docs/testing.md): the key joined with ``"XXXX"`` instead of ``""`` told ``1,2`` and ``1, 2``
apart, and the box became two alternatives (rule ``boxed.alternatives``).
"""

from __future__ import annotations

import pytest

from mathgrade._extract import extract


@pytest.mark.parametrize("first, second", [("1,2", "1, 2"), ("1,2", "1,  2"), ("1, 2, 3", "1,2,3"),
                                           ("a,b", "a , b")])
def test_alternatives_that_differ_in_spacing_are_one(first: str, second: str) -> None:
    out = "The answer is $\\boxed{" + first + " \\text{ or } " + second + "}$."
    for policy in ("eval", "reward"):
        box = extract(out, policy=policy)[0]
        assert box.rule == "boxed" and box.alternatives == (), (out, box)


@pytest.mark.parametrize("first, second", [("1,2", "1,3"), ("1, 2, 3", "1, 2")])
def test_different_lists_are_alternatives(first: str, second: str) -> None:
    out = "The answer is $\\boxed{" + first + " \\text{ or } " + second + "}$."
    box = extract(out, policy="reward")[0]
    assert box.rule == "boxed.alternatives" and box.alternatives == (first, second), (out, box)
