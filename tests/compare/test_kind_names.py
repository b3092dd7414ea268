"""The name of each kind of value as a reason shows it (``compare/_core.a_kind_name``), with its article, read from
the reason of a pair whose kinds cannot match: every kind the reader makes, on the answer's side and the gold's.
("an union" was shown until this test: "union" is the one kind whose first letter is a vowel but sounds as "yoo".)
"""

from __future__ import annotations

import pytest

import mathgrade

KINDS = [
    ("\\{1, 2\\}", "a set"), ("1, 2", "a list"), ("(1, 2, 3)", "a tuple"), ("[1, 2]", "an interval"),
    ("(1, 2) \\cup (3, 4)", "a union"), ("(1, 2) \\cap (3, 4)", "an intersection"),
    ("\\begin{pmatrix}1&2\\end{pmatrix}", "a matrix"), ("x + 1", "an expression"), ("5", "a number"),
]


@pytest.mark.parametrize("value, name", KINDS)
def test_the_kind_named_against_text(value: str, name: str) -> None:
    verdict = mathgrade.grade(value, "\\text{apple pie}")
    assert (verdict.rule, verdict.reason) == (
        "kind.mismatch", f"the gold is text ('apple pie') and the other side is {name}"), verdict.reason


@pytest.mark.parametrize("value, name", [k for k in KINDS if k[1] not in ("a set", "a list", "an interval",
                                                                           "a union", "an intersection")])
def test_the_kind_named_against_a_set(value: str, name: str) -> None:
    verdict = mathgrade.grade("\\{7, 8\\}", value)
    assert (verdict.rule, verdict.reason) == (
        "kind.mismatch", f"the answer is a set and the gold is {name}: they cannot match"), verdict.reason
