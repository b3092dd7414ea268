"""Doubts, estimates and tentative picks around a boxed answer that the word lists did not hold: "(best guess)",
"[unverified]", "(needs double-checking)", "(confidence: 0.5)", "(I could be off by one)", "(ish)", "Somewhere near",
"In the ballpark of", "My gut says", "If I had to pick:", "Without checking:", "... for now".

Each attack below was credited under the reward policy by the tree before these words were added (18 of the 31 written
for them; the other 13 were already refused and are not repeated here). Each has controls: the same words where they
do not doubt the answer ("Without loss of generality", "a number near 5;", "If I had to pick a method, ...", "(p = 5
is prime)"). "Roughly" and "Around" before a box are kept, as "about" and "approximately" are: they may say a rounding.
"""

from __future__ import annotations

from typing import List

import pytest

import mathgrade

ATTACKS: List[str] = [
    "$\\boxed{5}$ ← my best guess",
    "$\\boxed{5}$ (best guess)",
    "$\\boxed{5}$ (educated guess)",
    "$\\boxed{5}$ [unverified]",
    "$\\boxed{5}$ (needs double-checking)",
    "$\\boxed{5}$ (confidence: 0.5)",
    "$\\boxed{5}$ (p = 0.6)",
    "$\\boxed{5}$ (I could be off by one)",
    "$\\boxed{5}$ (possibly off by one)",
    "$\\boxed{5}$ (might be off by one)",
    "$\\boxed{5}$ (ish)",
    "Somewhere near $\\boxed{5}$.",
    "In the ballpark of $\\boxed{5}$.",
    "My gut says $\\boxed{5}$.",
    "Going with $\\boxed{5}$ for now.",
    "If I had to pick: $\\boxed{5}$.",
    "Without checking: $\\boxed{5}$.",
    "Quick answer (unchecked): $\\boxed{5}$.\n",
]

CONTROLS: List[str] = [
    "$\\boxed{5}$ (verified twice)",
    "The answer is $\\boxed{5}$; the estimate from before was 6, but the exact count is 5.",
    "Near the end we find $x = \\boxed{5}$.\n",
    "Without loss of generality, let a = 1. Then the answer is $\\boxed{5}$.",
    "I checked it twice; the answer is $\\boxed{5}$.",
    "The answer, verified by substitution, is $\\boxed{5}$.",
    "$\\boxed{5}$ (checked by substitution)",
    "$\\boxed{5}$ (p = 5 is prime)",
    "Around the circle there are $\\boxed{5}$ points.",
    "$\\boxed{5}$ (unique)",
    "The gut feeling was 6, but the computation gives $\\boxed{5}$.",
    "The problem asks for a number near 5; we get $\\boxed{5}$.",
    "We need the integer nearest to 4.6, which is $\\boxed{5}$.",
    "For now, note that 2 + 3 = 5, so the answer is $\\boxed{5}$.",
    "$\\boxed{5}$, which we verified above (it is not unchecked).",
    "If I had to pick a method, I would use substitution: the answer is $\\boxed{5}$.",
    "The answer is $\\boxed{5}$, and I am confident (confidence: high).\n",
]


@pytest.mark.parametrize("output", ATTACKS)
def test_a_doubted_or_estimated_answer_is_not_credited(output: str) -> None:
    v = mathgrade.grade(output, "5", policy="reward")
    assert not v.correct and v.rule.startswith("answer."), v.explain()


@pytest.mark.parametrize("output", CONTROLS)
def test_the_same_words_that_do_not_doubt_it_leave_it_credited(output: str) -> None:
    for policy in ("reward", "eval"):
        v = mathgrade.grade(output, "5", policy=policy)
        assert v.correct, (policy, v.explain())
