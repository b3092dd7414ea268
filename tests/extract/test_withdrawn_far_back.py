"""A box withdrawn far back (before the last boxes, which are examined first) still withdraws the same answer boxed
at the end, spaces aside; the look that decides whether to examine the boxes further back (``_boxed_before``) never
misses such a box."""

from __future__ import annotations

from typing import List

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mathgrade
from mathgrade._extract import _rules
from mathgrade._extract._scan import Scan

_FILLER = " ".join(f"Step {i}: we get $\\boxed{{{i + 100}}}$." for i in range(40))
"""40 boxes of other values: more than the boxes examined first."""


@pytest.mark.parametrize("early, last", [
    ("6", "6"), ("x + 1", "x+1"), ("x\t+1", "x + 1"), ("x\u00a0+ 1", "x+1"), ("\\frac{1}{2}", "\\frac{1}{2}"),
    ("\\frac{1}{2}", "\\frac {1}{2}"), ("7 ", " 7"),
])
def test_an_answer_withdrawn_far_back_stays_withdrawn(early: str, last: str) -> None:
    output = f"First try: $\\boxed{{{early}}}$ is wrong. {_FILLER} So the answer is $\\boxed{{{last}}}$."
    for policy in ("reward", "eval"):
        verdict = mathgrade.grade(output, last, policy=policy)
        assert not verdict.correct, (policy, verdict)


@pytest.mark.parametrize("early", ["6", "x + 1", "\\frac{1}{3}", "\\text{no}"])
def test_another_answer_withdrawn_far_back_leaves_the_last_box(early: str) -> None:
    output = f"First try: $\\boxed{{{early}}}$ is wrong. {_FILLER} So the answer is $\\boxed{{8}}$."
    for policy in ("reward", "eval"):
        verdict = mathgrade.grade(output, "8", policy=policy)
        assert verdict.correct, (policy, verdict)


def test_a_bare_box_withdrawn_far_back_stays_withdrawn() -> None:
    output = f"First try: $\\boxed 6$ is wrong. {_FILLER} So the answer is $\\boxed{{6}}$."
    assert not mathgrade.grade(output, "6").correct


_PIECES = ["\\boxed{6}", "\\boxed{ 6}", "\\boxed{7}", "\\fbox{6 }", "\\boxed{\\frac{1}{2}}", "\\boxed 6", "\\boxed{}",
           "\\boxed{x\ty}", "\\boxed{xy}", " and ", "\\boxedx{6}", "`\\boxed{6}`", "{", "}", "\n"]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=10), st.lists(st.sampled_from(_PIECES[:10]), min_size=1,
                                                                  max_size=4))
def test_boxed_before_never_misses_a_box_of_the_same_answer(before: List[str], last: List[str]) -> None:
    text = "".join(before) + " then " + " ".join(last)
    scan = Scan(text)
    boxes, _ = _rules._find_boxes(Scan(text), 0)
    first = len("".join(before)) + len(" then ")
    examined = [b for b in boxes if b[0] >= first]
    if not examined:
        return
    answers = {"".join(text[b[2]:b[3]].split()) for b in examined}
    prefix = Scan(text[:first])
    kept = [(b[2], b[3]) for b in _rules._find_boxes(prefix, 0)[0]]
    refused = [(r.content_start, r.content_end) for r in prefix.refused or ()]
    earlier = {"".join(text[s:e].split()) for s, e in kept + refused}
    if answers & earlier:
        assert _rules._boxed_before(scan.text, examined)
