"""LaTeX reads its names case-sensitively: ``\\iffalse ... \\fi`` and ``\\begin{comment} ... \\end{comment}`` hide
what they hold, ``\\IFFALSE``, ``\\Iffalse``, ``\\BEGIN{comment}``, ``\\Begin{comment}`` and ``\\begin{Comment}``
hide nothing (an undefined command, an unknown environment: the text after them is shown). So the box after such a
mark is the output's last answer, whether or not the output holds another LaTeX mark (``\\begin{align}``,
``\\phantom``) that sends :func:`mathgrade._extract._scan.hide_comments` from its fast path to the full one.

Written for seed 163 (docs/testing.md): `hide_comments`' fast-path test made ``"\\\\" not in text and ...`` sent
these outputs to the full path, which read ``\\iffalse`` and ``\\begin{comment}`` in any case (the pattern of hiding
marks is case-insensitive for HTML), so ``\\IFFALSE`` hid the rest of the output. The same fault, without the mutant,
gave the outputs holding another LaTeX mark a false "correct": the earlier box was credited and the final one hidden.
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._extract._scan import hidden_spans, hide_comments

NOT_MARKS = ["\\IFFALSE", "\\Iffalse", "\\IfFalse", "\\BEGIN{comment}", "\\Begin{comment}", "\\begin{Comment}",
             "\\begin{COMMENT}", "\\BEGIN {COMMENT}"]
"""Not hiding marks: each shows the text after it."""
MARKS = ["\\iffalse", "\\begin{comment}", "\\begin {comment}"]
"""Hiding marks: each hides the text after it, to its end (none is closed in these outputs)."""
BEFORE = ["", "$\\begin{aligned} x &= 5 \\end{aligned}$ ", "$x = \\frac{10}{2}$ ", "Note 50% of it. "]
"""What the output holds before its answer: nothing, LaTeX marks that take the full path or not, a percent sign."""


def _output(before: str, mark: str) -> str:
    return before + "So the answer is $\\boxed{5}$. " + mark + " Wait: the answer is $\\boxed{6}$."


@pytest.mark.parametrize("before", BEFORE)
@pytest.mark.parametrize("mark", NOT_MARKS)
def test_a_mark_in_other_case_hides_nothing(before: str, mark: str) -> None:
    out = _output(before, mark)
    assert hide_comments(out) == out
    assert list(hidden_spans(out)) == []
    for policy in ("eval", "reward"):
        assert mathgrade.grade(out, "6", policy=policy).correct, (out, policy)
        assert not mathgrade.grade(out, "5", policy=policy).correct, (out, policy)


@pytest.mark.parametrize("before", BEFORE)
@pytest.mark.parametrize("mark", MARKS)
def test_a_mark_in_lower_case_hides_the_rest(before: str, mark: str) -> None:
    out = _output(before, mark)
    hidden = hide_comments(out)
    assert len(hidden) == len(out) and "\\boxed{6}" not in hidden and "\\boxed{5}" in hidden
    for policy in ("eval", "reward"):
        assert mathgrade.grade(out, "5", policy=policy).correct, (out, policy)
        assert not mathgrade.grade(out, "6", policy=policy).correct, (out, policy)


@pytest.mark.parametrize("before", BEFORE)
def test_iffalse_hides_to_its_fi_only(before: str) -> None:
    out = before + "So the answer is $\\boxed{5}$. \\iffalse the answer is $\\boxed{7}$ \\fi Still $\\boxed{5}$."
    assert "\\boxed{7}" not in hide_comments(out)
    assert mathgrade.grade(out, "5").correct and not mathgrade.grade(out, "7").correct
    upper = out.replace("\\iffalse", "\\IFFALSE")
    assert hide_comments(upper) == upper
