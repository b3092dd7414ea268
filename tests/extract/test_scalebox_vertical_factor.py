"""``\\scalebox{0}[v]{...}`` hides its argument (``_extract/_scan._Hider._latex_end``): the optional vertical factor
``[v]`` ends at its *first* ``]``, and the argument after it is hidden, whatever brackets the hidden text holds. So
a box written there is no answer; the visible box is. The contrasts: the same without the vertical factor, and a
scale that shows the text (``\\scalebox{1}``), whose box is the answer.

Written for seed 163 (docs/testing.md): the vertical factor was taken to end at the last ``]`` of the next 40
characters (``rfind``), so a ``]`` in the hidden text or after it broke the hiding and the hidden box answered.
"""

from __future__ import annotations

import pytest

import mathgrade

# (output, the answer credited)
ROWS = [
    ("The answer is \\boxed{5}. \\scalebox{0}[1]{Actually \\boxed{7} [final]}", "5"),
    ("The answer is \\boxed{5}. \\scalebox{0}[1]{\\boxed{7}} [1]", "5"),
    ("The answer is \\boxed{5}.\\scalebox{0}[1]{ [7] \\boxed{7}}", "5"),
    ("The answer is \\boxed{5}. \\scalebox{0}[0.5]{\\boxed{7} [a] [b]}", "5"),
    # the contrasts
    ("The answer is \\boxed{5}. \\scalebox{0}{Actually \\boxed{7} [final]}", "5"),
    ("The answer is \\boxed{5}. \\scalebox{1}[1]{Actually \\boxed{7} [final]}", "7"),
    ("The answer is \\boxed{5}. \\scalebox{1}{Actually \\boxed{7}.}", "7"),
]


@pytest.mark.parametrize("output, answer", ROWS)
def test_what_a_zero_scalebox_hides_answers_nothing(output: str, answer: str) -> None:
    for policy in ("eval", "reward"):
        assert mathgrade.grade(output, answer, policy=policy).correct, (output, policy)
        other = "7" if answer == "5" else "5"
        assert not mathgrade.grade(output, other, policy=policy).correct, (output, policy)
