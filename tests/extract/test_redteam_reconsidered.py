"""Red team, an answer the output starts to reconsider (family 1). Before, each of these was credited under the reward
policy: an output that stops right after its answer as it starts to reconsider it ("$\\boxed{42}$. Wait,", "...
Hmm", "... Wait, let me double-check." with no check after it: ``_commit.RECONSIDERING_END``, ``answer.hedged``), and
one that doubts its box in the next sentence ("That can't be right.", "Hmm, that doesn't seem right.", "I think I made
a mistake.": ``answer.withdrawn``, as "That's wrong." was already). A check that is made, a remark with numbers, or
words that only start like these do not refuse the answer."""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._extract import _commit

RECONSIDERED = [
    "The answer is $\\boxed{42}$. Wait,",
    "The answer is $\\boxed{42}$. Wait",
    "The answer is \\boxed{42}. Wait...",
    "The answer is $\\boxed{42}$. Hmm",
    "The answer is $\\boxed{42}$. But",
    "The answer is $\\boxed{42}$. Actually,",
    "The answer is $\\boxed{42}$.\n\nWait, let me double-check.",
    "The answer is $\\boxed{42}$.\n\nBut wait, is that right?",
    "The answer is $\\boxed{42}$. Let me reconsider.",
    "The answer is 42. Wait,",
    "答案是 $\\boxed{42}$。等等，",
]
DOUBTED = [
    "The answer is $\\boxed{42}$. That can't be right.",
    "The answer is $\\boxed{42}$. Hmm, that doesn't seem right.",
    "The answer is $\\boxed{42}$. This doesn't make sense.",
    "The answer is $\\boxed{42}$. It doesn't add up.",
    "The answer is $\\boxed{42}$. Hmm, I think I made a mistake.",
    "The answer is $\\boxed{42}$. I must have made an error!",
    "The answer is $\\boxed{42}$. Something is wrong.",
    "答案是 $\\boxed{42}$。不对",  # ("wrong": a verdict on it, since the Chinese verdicts after an answer were read)
]
CONTROLS = [
    "The answer is $\\boxed{42}$. Let me verify: $6 \\times 7 = 42$. ✓",
    "The answer is $\\boxed{42}$. However, note it is unique among 1 to 100.",
    "The answer is $\\boxed{42}$. I made a mistake earlier in step 2, but fixed it.",
    "The answer is $\\boxed{42}$. That makes sense.",
    "The answer is $\\boxed{42}$. Waiting times are irrelevant.",
    "The answer is $\\boxed{42}$. Let me know if you have questions.",
    "The answer is $\\boxed{42}$. It can't be smaller, since 41 fails.",
    "The answer is $\\boxed{42}$. No other value works.",
    "The answer is $\\boxed{42}$. But 43 fails.",
    "The answer is $\\boxed{42}$.\n\nWait, I should double-check: $6 \\cdot 7 = 42$. Yes.",
    "Wait, let me redo this. The answer is $\\boxed{42}$.",
    "答案是 $\\boxed{42}$。验证：$6 \\times 7 = 42$。",
]


@pytest.mark.parametrize("output", RECONSIDERED)
def test_an_output_that_ends_as_it_reconsiders_its_answer_commits_to_none(output: str) -> None:
    v = mathgrade.grade(output, "42", policy="reward")
    assert (v.correct, v.rule) == (False, "answer.hedged"), v.explain()
    assert v.reason.endswith("the output ends as it starts to reconsider it"), v.reason


@pytest.mark.parametrize("output", DOUBTED)
def test_an_answer_doubted_in_the_next_sentence_is_withdrawn(output: str) -> None:
    v = mathgrade.grade(output, "42", policy="reward")
    assert (v.correct, v.rule) == (False, "answer.withdrawn"), v.explain()


@pytest.mark.parametrize("output", CONTROLS)
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_a_check_made_or_a_remark_is_no_reconsideration(output: str, policy: str) -> None:
    v = mathgrade.grade(output, "42", policy=policy)
    assert v.correct, v.explain()


def test_only_the_end_of_the_output_is_looked_at() -> None:
    text = "$\\boxed{42}$. Wait," + " " * 80
    assert _commit._reconsidering(text, text.index("$.") + 1) is False  # (more than 80 characters after it)
    assert _commit._reconsidering(text.rstrip(), text.index("$.") + 1) is True
