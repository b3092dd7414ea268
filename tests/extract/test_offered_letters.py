"""An option's letter offered beside the answer is a second value, as a number is.

Before, the words that offer a second value after an answer knew numbers and formulas only: "$\\boxed{B}$ (or C).",
"$\\boxed{B}$ or C.", "$\\boxed{B}$, though (C) is also possible." and "**Final Answer**\\nB, or maybe C" were correct
for B under the reward policy (the last: a letter under the heading was taken before any check). A letter is
taken as offered only in brackets or ending its clause: "or A better approach" offers nothing.
"""

from __future__ import annotations

from typing import List

import pytest

import mathgrade

ATTACKS: List[str] = [
    "The answer is $\\boxed{B}$ (or C).",
    "The answer is $\\boxed{B}$ or (C).",
    "The answer is $\\boxed{B}$ or C.",
    "The answer is $\\boxed{B}$, though (C) is also possible.",
    "The answer is $\\boxed{B}$, or maybe (C).",
    "**Final Answer**\nB, or maybe C",
    "**Final Answer**\n(B), or possibly (C)",
]

CONTROLS: List[str] = [
    "The answer is $\\boxed{B}$.",
    "The answer is $\\boxed{B}$ (option B).",
    "The answer is $\\boxed{B}$, or A better approach gives the same.",
    "The answer is $\\boxed{B}$. (C) is too large, so it is ruled out.",
    "**Final Answer**\nB",
    "**Final Answer**\n(B)",
]


@pytest.mark.parametrize("output", ATTACKS)
def test_a_second_letter_offered_is_not_credited(output: str) -> None:
    for gold in ("B", "C"):
        for policy in ("reward", "eval"):
            assert not mathgrade.grade(output, gold, policy=policy).correct, (gold, policy)


@pytest.mark.parametrize("output", CONTROLS)
def test_the_same_words_without_a_second_letter(output: str) -> None:
    for policy in ("reward", "eval"):
        v = mathgrade.grade(output, "B", policy=policy)
        assert v.correct, v.explain()
        assert not mathgrade.grade(output, "C", policy=policy).correct


def test_a_number_answer_with_a_capital_a_after_it() -> None:
    output = "The answer is $\\boxed{5}$ or A better approach gives the same."
    assert mathgrade.grade(output, "5", policy="reward").correct
