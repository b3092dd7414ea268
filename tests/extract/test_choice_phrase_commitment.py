"""A choice phrase ("(C) is correct", "choose B") is checked as a phrase's answer is: hedged, it is not committed;
joined to another option's letter, it picks none.

Before these checks (``_rules.choice_phrase`` took its letter as it stood), each attack below was credited under both
policies (5 of 5, measured against the tree before them; they are also in ``tests/adversarial/cases.jsonl``). Each
has controls: the same phrase alone, with a reason, or after two letters compared and one chosen.
"""

from __future__ import annotations

from typing import List, Tuple

import pytest

import mathgrade

ATTACKS: List[Tuple[str, str]] = [  # (output, the letter it names first)
    ("Choose B or C.", "B"),
    ("Option B or option C is correct.", "C"),
    ("(C) is correct, or maybe (D).", "C"),
    ("Probably (C) is the answer.", "C"),
    ("Either (B) or (C) is right.", "C"),
    ("Either (B) or (C) is right; I'll go with $\\boxed{B}$.", "B"),
    ("We pick A and B.", "A"),
]

CONTROLS: List[Tuple[str, str]] = [
    ("So (C) is correct.", "C"),
    ("We choose B.", "B"),
    ("Between A and B, we choose B.", "B"),
    ("(C) is correct because 2 + 2 = 4.", "C"),
    ("Option (C) is the answer.", "C"),
    ("Checking each option, (D) is the answer.", "D"),
]


@pytest.mark.parametrize("output, letter", ATTACKS)
def test_a_hedged_or_joined_choice_phrase_is_not_credited(output: str, letter: str) -> None:
    for gold in sorted({letter, "B", "C"}):
        for policy in ("reward", "eval"):
            v = mathgrade.grade(output, gold, policy=policy)
            assert not v.correct, (gold, policy, v.explain())


@pytest.mark.parametrize("output, letter", CONTROLS)
def test_a_committed_choice_phrase_is_credited_for_its_letter_only(output: str, letter: str) -> None:
    for policy in ("reward", "eval"):
        assert mathgrade.grade(output, letter, policy=policy).correct, policy
        other = "A" if letter != "A" else "E"
        assert not mathgrade.grade(output, other, policy=policy).correct, policy
