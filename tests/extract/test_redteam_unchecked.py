"""Red team, an answer left provisional or unchecked right after it (family 1): "(provisional)", "(not final)",
"(needs checking)", ", if I'm not mistaken", "(if my arithmetic is right)", ", assuming no errors", "with 60%
confidence", ", but I haven't verified it", ", but don't quote me on that", "— or close to it", "（待验证）". Each was
credited before under the reward policy (the doubts of ``_commit.DOUBTS`` did not name them); now they are
``_commit.UNCHECKED`` and hedge the answer (``answer.hedged``)."""

from __future__ import annotations

import re

import pytest

import mathgrade
from mathgrade._extract import _commit

UNCHECKED = [
    " (provisional).", " (not final).", " (needs checking).", " (if my arithmetic is right).",
    ", if I'm not mistaken.", ", assuming no errors.", " with 60% confidence.", ", but I haven't verified it.",
    ", but don't quote me on that.", ", though we did not double-check the answer.", " (unconfirmed).",
    " (not yet verified).", " (needs review).", " (TBD).", " (to be determined).", " (draft).", " — draft answer.",
    ". Please verify.", ". (This is a guess.)", ", that's just my guess.",
    ", if I'm right.", " (if that's wrong, try 43).", ", if I got it right.", ", assuming my arithmetic is right.",
    " (subject to change).", " (subject to verification).", ". This needs verification.",
    ". I may have made an arithmetic error.", ". The last step may contain an error.", ". Take this with a grain of salt.",
    ". Treat this as a first pass.", ". I ran out of time to check.", ". Partially verified.", ". Caveat: untested.",
    ". Not fully verified.", ", assuming I read the problem right.", ", if we understood the question correctly.",
    ", with a 60% chance.", " with 50% probability.",
]


@pytest.mark.parametrize("doubt", UNCHECKED)
def test_a_box_left_unchecked_is_refused_under_reward(doubt: str) -> None:
    v = mathgrade.grade("The sum is $\\boxed{42}$" + doubt, "42", policy="reward")
    assert (v.status.value, v.rule) == ("no_answer", "answer.hedged"), v.explain()


@pytest.mark.parametrize("output", [
    "The answer is 42 (provisional).", "The answer is 42 (needs checking).", "The answer is $\\boxed{42}$ — or close to it.",
    "答案是 $\\boxed{42}$（待验证）。", "答案是 $\\boxed{42}$（不确定）。",
])
def test_a_phrase_answer_or_an_estimate_left_unchecked_is_refused(output: str) -> None:
    v = mathgrade.grade(output, "42", policy="reward")
    assert (v.status.value, v.rule) == ("no_answer", "answer.hedged"), v.explain()


def test_every_phrase_of_the_table_is_exercised() -> None:
    for pattern in _commit.UNCHECKED:
        assert any(re.search(pattern, d, re.I) for d in UNCHECKED), pattern


@pytest.mark.parametrize("output", [
    "The answer is $\\boxed{42}$. I haven't verified the other case, but it is symmetric.",
    "The answer is $\\boxed{42}$, assuming no two people share a birthday.",
    "The answer is $\\boxed{42}$ (final).",
    "The answer is $\\boxed{42}$, which needs no checking.",
    "The answer is $\\boxed{42}$, closer to 42 than 41.",
    "The answer is $\\boxed{42}$; we checked it twice.",
    "答案是 $\\boxed{42}$（已验证）。",
    "The answer is $\\boxed{42}$ (verified).",
    "The answer is $\\boxed{42}$. The draft was checked twice.",
    "The answer is $\\boxed{42}$. Please see the steps above.",
    "The answer is $\\boxed{42}$. This is a guessing game no longer.",
    "The answer is $\\boxed{42}$; if that's the number of apples, the cost is 84 cents.",
    "The answer is $\\boxed{42}$ (the rate is subject to change in later years, but not here).",
    "The answer is $\\boxed{42}$, if we include the teacher as the problem says.",
])
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_an_answer_checked_or_a_remark_about_something_else_is_credited(output: str, policy: str) -> None:
    v = mathgrade.grade(output, "42", policy=policy)
    assert v.correct, v.explain()
