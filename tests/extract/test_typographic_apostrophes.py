"""Typographic apostrophes (’, U+2019; ʼ, U+02BC) read as ``'`` by every rule.

The word lists that refuse an answer are written with ``'`` ("isn't", "doesn't", "I'm not sure"). Before the
extraction read ’ as ``'``, each attack below was credited under the reward policy: the same words with the
apostrophe most word processors and many models write. Each has a control with the same apostrophe that must stay
credited. Also: "not positive" is a doubt in any text (it was one only where the sentence had a non-ASCII character:
the two tests of the doubt words disagreed).
"""

from __future__ import annotations

from typing import List, Tuple

import pytest

import mathgrade

ATTACKS: List[Tuple[str, str]] = [
    ("The answer isn’t $\\boxed{5}$.", "answer.withdrawn"),
    ("The answer isnʼt $\\boxed{5}$.", "answer.withdrawn"),
    ("$\\boxed{5}$ doesn’t satisfy the equation.", "answer.withdrawn"),
    ("The answer is 5. That’s wrong.", "answer.withdrawn"),
    ("I’m not sure. The answer is $\\boxed{5}$.", "answer.hedged"),
    ("$\\boxed{5}$, but I’m not sure.", "answer.hedged"),
    ("I’m not positive. The answer is $\\boxed{5}$.", "answer.hedged"),
    ("I am not positive. The answer is $\\boxed{5}$.", "answer.hedged"),
    ("Q: What is 2 + 3?\nA: 5, but I’m not sure.", "answer.hedged"),
]

CONTROLS: List[str] = [
    "Let’s compute: 2 + 3 = 5. The answer is $\\boxed{5}$.",
    "It’s $\\boxed{5}$.",
    "We can’t have 6, since 6 fails. The answer is $\\boxed{5}$.",
    "I’m sure: the answer is $\\boxed{5}$.",
    "I am positive. The answer is $\\boxed{5}$.",
    "Q: What is 2 + 3?\nA: 5, and that’s it.",
]


@pytest.mark.parametrize("output, rule", ATTACKS)
def test_a_refusal_written_with_a_typographic_apostrophe(output: str, rule: str) -> None:
    v = mathgrade.grade(output, "5", policy="reward")
    assert not v.correct and v.rule == rule, v.explain()
    straight = output.replace("’", "'").replace("ʼ", "'")
    assert mathgrade.grade(straight, "5", policy="reward").rule == rule  # (the same as with ')


@pytest.mark.parametrize("output", CONTROLS)
def test_a_typographic_apostrophe_elsewhere_changes_nothing(output: str) -> None:
    for policy in ("reward", "eval"):
        v = mathgrade.grade(output, "5", policy=policy)
        assert v.correct, v.explain()
    assert not mathgrade.grade(output, "6", policy="reward").correct


def test_an_answer_keeps_its_offsets() -> None:
    output = "It’s done: the answer is $\\boxed{5}$."
    v = mathgrade.grade(output, "5", policy="reward")
    assert v.answer is not None and output[v.answer.start:v.answer.end] in ("5", "\\boxed{5}")
