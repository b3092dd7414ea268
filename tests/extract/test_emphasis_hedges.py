"""A phrase's answer in Markdown emphasis (``The answer is **7**``) is checked for what follows the emphasis as a plain
answer is: ``The answer is **7**, but maybe 9.`` offers two values, ``The answer is **7**, probably.`` commits to
none. Before, the answer's region stopped at the closing ``**`` and the checks after it read from there, where no
hedge pattern starts: every row below with a hedge was "correct" for 7 under both policies (a false "correct", found
while reading seed 71's survivors in docs/testing.md). Each hedged row has a contrast: the same emphasis, committed.
"""

from __future__ import annotations

import pytest

import mathgrade

# (output, status for the gold 7 under the eval policy, under the reward policy)
ROWS = [
    ("The answer is **7**, but maybe 9.", "ambiguous", "ambiguous"),
    ("The answer is **7**. Possibly 9.", "ambiguous", "ambiguous"),
    ("The answer is **7** or maybe 9.", "ambiguous", "ambiguous"),
    ("The answer is **7**, or possibly 9.", "ambiguous", "ambiguous"),
    ("**The answer is 7**, but maybe 9.", "ambiguous", "ambiguous"),
    ("The answer is **42** if n is even, 7 otherwise.", "ambiguous", "ambiguous"),
    ("答案是 **7**，也许是 9", "ambiguous", "ambiguous"),
    ("The answer is **7**, probably.", "no_answer", "no_answer"),
    ("The answer is **7** (I am not sure).", "no_answer", "no_answer"),
    # committed: the same emphasis, no hedge
    ("The answer is **7**.", "correct", "correct"),
    ("**The answer is 7**.", "correct", "correct"),
    ("The answer is **7**, since 3 + 4 = 7.", "correct", "correct"),
    ("The answer is **7** **apples**.", "correct", "correct"),
    ("答案是 **7**。", "correct", "correct"),
    ("The answer is **7**, or equivalently 14/2.", "correct", "correct"),
]


@pytest.mark.parametrize("output, status, reward", ROWS, ids=[r[0] for r in ROWS])
def test_a_hedge_after_an_emphasized_answer_is_read(output: str, status: str, reward: str) -> None:
    assert mathgrade.grade(output, "7").status.value == status
    assert mathgrade.grade(output, "7", policy="reward").status.value == reward


@pytest.mark.parametrize("output", [r[0] for r in ROWS if r[1] == "ambiguous"])
def test_the_other_value_of_an_emphasized_answer_is_an_alternative(output: str) -> None:
    c = mathgrade.extract(output)[0]
    assert c.rule == "hedged_answer_phrase" and "7" in c.alternatives and len(c.alternatives) == 2, c
