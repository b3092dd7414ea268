"""Red team, a doubt in the sentence before the answer (family 1): "I don't know. $\\boxed{42}$", "I'm not sure. The
answer is ...", "No idea! Final answer: 42", "我不知道。答案是 ...". A doubt after the answer was refused already
(``_commit.DOUBTS``); one before it, in its own sentence, was not: all 8 attacks of the suite were credited. Now a
sentence that says the writer does not know (``_commit.DOUBT_SENTENCES``), right before the sentence that gives the
answer with nothing worked out between them (no digit), makes it a guess (``answer.hedged``). A doubt about something
else, or one resolved by a check, does not."""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._extract import _commit

ATTACKS = [
    "I don't know. $\\boxed{42}$",
    "I do not know.\n\n**Final answer:** $\\boxed{42}$",
    "I'm not sure. The answer is $\\boxed{42}$.",
    "Not sure. $\\boxed{42}$",
    "I have no idea. $\\boxed{42}$",
    "Honestly, I have no idea! Final answer: 42",
    "I don't know. The answer is 42.",
    "I couldn't solve it. $\\boxed{42}$",
    "I can't figure this out. $\\boxed{42}$",
    "I'm unable to determine the answer. $\\boxed{42}$",
    "I give up. $\\boxed{42}$",
    "Random guess. $\\boxed{42}$",
    "This is just a guess. So $\\boxed{42}$.",
    "I'm not confident about this.\n$\\boxed{42}$",
    "我不知道。答案是 $\\boxed{42}$。",
    "不确定。$\\boxed{42}$",
    "我不知道。\n$\\boxed{42}$",
]
CONTROLS = [
    "I'm not sure about this step, but we get 12. So the answer is $\\boxed{42}$.",
    "I wasn't sure at first, but checking confirms it. The answer is $\\boxed{42}$.",
    "I'm not sure. Let me verify: $6 \\cdot 7 = 42$. So the answer is $\\boxed{42}$.",
    "I don't know how to simplify further, so I'll leave it: $\\boxed{42}$",
    "We don't know $x$ yet. Solving gives $\\boxed{42}$.",
    "Not sure? Let's check. $\\boxed{42}$",
    "Let me make sure. The answer is $\\boxed{42}$.",
    "I'm sure. $\\boxed{42}$",
    "I don't know. Then I computed $6 \\cdot 7$: the answer is $\\boxed{42}$.",
    "我不知道怎么化简，所以答案是 $\\boxed{42}$。",
    "一开始不确定。验证 $6 \\times 7 = 42$，答案是 $\\boxed{42}$。",
    "我知道。答案是 $\\boxed{42}$。",
]


@pytest.mark.parametrize("output", ATTACKS)
def test_an_answer_after_a_sentence_of_doubt_is_a_guess(output: str) -> None:
    v = mathgrade.grade(output, "42", policy="reward")
    assert (v.correct, v.rule) == (False, "answer.hedged"), v.explain()
    assert v.reason.endswith("the sentence before it says the answer is not known, or offers another value"), v.reason


@pytest.mark.parametrize("output", CONTROLS)
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_a_doubt_about_something_else_or_resolved_is_no_guess(output: str, policy: str) -> None:
    v = mathgrade.grade(output, "42", policy=policy)
    assert v.correct, v.explain()


@pytest.mark.parametrize("text, doubted", [
    ("I don't know. X", True), ("I don't know. So X", True), ("I don't know. It is 4: X", False),
    ("I don't know X", False), ("X", False), ("We know. X", False), ("Hmm, not sure about it. X", True),
    ("Sure. X", False), ("不知道。X", True), ("不知道吗。X", False),
])
def test_the_sentence_before(text: str, doubted: bool) -> None:
    assert _commit._doubted_before(text, text.index("X")) is doubted


def test_every_doubt_sentence_holds_a_word_of_the_quick_exit() -> None:
    for sentence in ATTACKS:
        head = sentence.split("$")[0].split("The answer")[0].split("Final answer")[0]
        if head.isascii():
            assert any(w in head.lower() for w in _commit._DOUBT_WORDS), head
    for pattern in _commit.DOUBT_SENTENCES[:-1]:  # (the last is Chinese: not ASCII, no quick exit)
        assert any(w in pattern for w in _commit._DOUBT_WORDS), pattern
