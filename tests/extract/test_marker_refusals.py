"""The answer under a "Final Answer" heading is refused as a phrase's answer is when the text around it does not
commit to it.

Before ``_rules._heading_answer``, nothing around that answer was read: "**Final Answer**\\n5, or maybe 6" was
correct for 5 under the reward policy (two values offered, the first credited), and so were "5 (placeholder)",
"- 5 (I think)", "Not 5", and "5" taken back on the next line ("Just kidding, it is 6."). Each attack has a control:
the same heading and value with words that do not bear on it, which must still be credited.
"""

from __future__ import annotations

from typing import List, Tuple

import pytest

import mathgrade

# (output, the value an attack would be credited for, the rule that refuses it under the reward policy, "" for any)
ATTACKS: List[Tuple[str, str, str]] = [
    ("**Final Answer**\n5, or maybe 6", "5", "extract.ambiguous"),
    ("**Final Answer**\n5, or maybe 6", "6", "extract.ambiguous"),
    ("## Final Answer\n$5$, possibly $6$", "5", ""),  # (read whole: two values in one answer, not the gold)
    ("**Final Answer**\n5 (placeholder)", "5", "answer.hedged"),
    ("**Final Answer**\n- 5 (I think)", "5", "answer.hedged"),
    ("**Final Answer**\n5, probably.", "5", "answer.hedged"),
    ("**Final Answer**\nProbably 5", "5", "answer.hedged"),
    ("**Final Answer**\nNot 5", "5", "answer.withdrawn"),
    ("**Final Answer**\n5\n\nJust kidding, it is 6.", "5", "answer.withdrawn"),
    ("**Final Answer**\n5, which is wrong.", "5", "answer.withdrawn"),
    ("**Final Answer**\n5 squared", "5", "answer.partial_expression"),
    ("**Final Answer**\n- 3\n- 5 (maybe)", "3, 5", "answer.hedged"),
    ("I'm not sure.\n\n**Final Answer**\n5", "5", "answer.hedged"),
    ("Q: What is 2 + 3?\nA: 5, or maybe 6", "5", "extract.ambiguous"),
    ("Q: What is 2 + 3?\nA: 5 (placeholder)", "5", "answer.hedged"),
    ("Q: What is 2 + 3?\nA: Probably 5", "5", "answer.hedged"),
    ("Q: What is 2 + 3?\nA: 5\n\nJust kidding, it is 6.", "5", "answer.withdrawn"),
    ("I'm not sure.\n\nA: 5", "5", "answer.hedged"),
    ("I'm not sure.\n#### 5", "5", "answer.hedged"),
    ("#### 5, probably.", "5", "answer.hedged"),
    ("I'm not sure.\n<answer>5</answer>", "5", "answer.hedged"),
    ("<answer>Probably 5</answer>", "5", "answer.hedged"),
    ("<answer>5</answer> (just kidding, 6)", "5", "answer.withdrawn"),
]

CONTROLS: List[Tuple[str, str]] = [
    ("**Final Answer**\n5", "5"),
    ("**Final Answer**\n$5$", "5"),
    ("**Final Answer**\n5\n\nThis matches the check 2 + 3 = 5.", "5"),
    ("**Final Answer**\n5 (2 apples and 3 pears)", "5"),
    ("**Final Answer**\n- 5", "5"),
    ("**Final Answer**\n- 3\n- 5", "3, 5"),
    ("Maybe 6 at first, but the check fails.\n\n**Final Answer**\n5", "5"),
    ("## Final Answer\nThe answer is 5.", "5"),
    ("Q: What is 2 + 3?\nA: 5", "5"),
    ("Q: What is 2 + 3?\nA: 5 (2 apples and 3 pears)", "5"),
    ("I was not sure at first, so I checked: 2 + 3 = 5.\n\nA: 5", "5"),
    ("She has 2 + 3 = <<2+3=5>>5 apples.\n#### 5", "5"),
    ("I was not sure at first, so I checked: 2 + 3 = 5.\n#### 5", "5"),
    ("<answer>5</answer>", "5"),
    ("I was not sure at first, so I checked: 2 + 3 = 5.\n<answer>5</answer>", "5"),
]


@pytest.mark.parametrize("output, credited, rule", ATTACKS)
def test_an_answer_not_committed_to_is_refused(output: str, credited: str, rule: str) -> None:
    v = mathgrade.grade(output, credited, policy="reward")
    assert not v.correct and v.rule == (rule or v.rule), v.explain()
    assert not mathgrade.grade(output, credited, policy="eval").correct or rule == "answer.withdrawn"


@pytest.mark.parametrize("output, gold", CONTROLS)
def test_an_answer_committed_to_is_credited(output: str, gold: str) -> None:
    for policy in ("reward", "eval"):
        v = mathgrade.grade(output, gold, policy=policy)
        assert v.correct, v.explain()
    assert not mathgrade.grade(output, "6", policy="reward").correct
