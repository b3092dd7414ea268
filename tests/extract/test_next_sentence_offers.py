"""Another value offered right after the answer, in the next sentence, with a modal or as a question.

Before the two entries of ``_commit._EN_HEDGED_AFTER`` for them, each attack below was correct for 5 under the
reward policy: the output gives 5, then says it might be 6 ("Actually, it might be 6.", "It could also be 6.") or
asks whether it is ("Hmm, or is it 6?", "Could it be 6?"), or that 6 works too ("and 6 works too", "6 is correct as
well"). Each has a control: the same words where they offer no
other value, or a question answered at once ("Could it be 6? No: 6 fails the check."). The two offers of the next
sentence are read on the next line and in the next paragraph too (up to two line breaks away: see
``tests/extract/test_case_splits.py``); other checks after an answer stop at a line break that ends its sentence.
"""

from __future__ import annotations

from typing import List

import pytest

import mathgrade

ATTACKS: List[str] = [
    "The answer is $\\boxed{5}$. Hmm, wait. Actually, it might be 6.",
    "The answer is $\\boxed{5}$. Actually, it might be 6.",
    "The answer is $\\boxed{5}$. It might be 6, though.",
    "The answer is $\\boxed{5}$. It could also be 6.",
    "The answer is $\\boxed{5}$. Then again, the answer may be $6$.",
    "The answer is 5. It could also be 6.",
    "The answer is $\\boxed{5}$. Hmm, or is it 6?",
    "The answer is $\\boxed{5}$. Hmm, is it 6?",
    "The answer is $\\boxed{5}$. Could it be 6?",
    "The final answer is 5. Hmm, or is it 6?",
    # beside it: "works too", "is correct as well"
    "The answer is $\\boxed{5}$, and 6 works too.",
    "The answer is $\\boxed{5}$, though 6 is correct as well.",
    "The answer is 5, and 6 works as well.",
]

CONTROLS: List[str] = [
    "The answer is $\\boxed{5}$. Could it be 6? No: 6 fails the check.",
    "The answer is $\\boxed{5}$. It might be surprising, but it works.",
    "The answer is $\\boxed{5}$. It may be checked by substitution: 2 + 3 = 5.",
    "The answer is $\\boxed{5}$. That could be verified easily.",
    "Could it be 6? No, 6 fails. The answer is $\\boxed{5}$.",
    "It might be 6 at first sight, but the check fails. The answer is $\\boxed{5}$.",
    "The answer is $\\boxed{5}$, and it works too.",
    "The answer is $\\boxed{5}$: 2 + 3 = 5 works as well as any check.",
]


@pytest.mark.parametrize("output", ATTACKS)
def test_another_value_offered_next_is_not_credited(output: str) -> None:
    v = mathgrade.grade(output, "5", policy="reward")
    assert not v.correct and v.rule in ("answer.hedged", "extract.ambiguous"), v.explain()
    assert not mathgrade.grade(output, "6", policy="reward").correct


@pytest.mark.parametrize("output", CONTROLS)
def test_the_same_words_offering_nothing_are_credited(output: str) -> None:
    for policy in ("reward", "eval"):
        v = mathgrade.grade(output, "5", policy=policy)
        assert v.correct, v.explain()
