"""A box whose content was withdrawn elsewhere in the output (``$\\boxed{6}$ is wrong``) is refused wherever it comes
again, and the other boxes stay answers: ``First $\\boxed{6}$ is wrong. Then $\\boxed{8}$. Also $\\boxed{6}$.``
answers 8. Each row has its contrast: no other box (the withdrawn answer is all there is: refused), or no repeat.
Seed 71 of docs/testing.md: dropping every box when one repeats a withdrawn answer (``boxes = None``) survived.
"""

from __future__ import annotations

from typing import Tuple

import pytest

import mathgrade

# (output, (text, rule, start, end, refused) of the best candidate, status for the gold 8)
ROWS = [
    ("First $\\boxed{6}$ is wrong. Then $\\boxed{8}$. Also $\\boxed{6}$.", ("8", "boxed", 41, 42, ""), "correct"),
    ("We get $\\boxed{8}$. Then $\\boxed{6}$. But $\\boxed{6}$ is wrong.", ("8", "boxed", 15, 16, ""), "correct"),
    ("So $\\boxed{6}$. Hmm, $\\boxed{6}$ is wrong. The answer is $\\boxed{8}$.",
     ("8", "boxed", 65, 66, ""), "correct"),
    ("$\\boxed{6}$ is wrong, so $\\boxed{8}$.", ("8", "boxed", 33, 34, ""), "correct"),  # no repeat
    # contrasts: the withdrawn answer is the only one boxed
    ("First $\\boxed{6}$ is wrong. Also $\\boxed{6}$.", ("6", "boxed", 41, 42, "answer.withdrawn"), "no_answer"),
    ("So $\\boxed{6}$. Hmm, $\\boxed{6}$ is wrong.", ("6", "boxed", 29, 30, "answer.withdrawn"), "no_answer"),
]


@pytest.mark.parametrize("output, best, status", ROWS, ids=[r[0] for r in ROWS])
def test_a_withdrawn_answer_boxed_again_leaves_the_other_boxes(output: str, best: Tuple[str, str, int, int, str],
                                                               status: str) -> None:
    c = mathgrade.extract(output)[0]
    assert (c.text, c.rule, c.start, c.end, c.refused) == best
    assert mathgrade.grade(output, "8").status.value == status
    assert mathgrade.grade(output, "6").status.value != "correct"

