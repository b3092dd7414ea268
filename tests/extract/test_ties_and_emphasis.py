"""Two marks around an answer that are not part of it, each with its contrast.

- ``~~`` after a letter or a digit is a LaTeX tie (a non-breaking space: "let $a~~b$"), not the opening of a Markdown
  strike-through: what follows it up to the next ``~~`` is shown, and a box there answers. After a space it opens a
  strike-through that hides the box. (The CI step's seed 29 drew ``_Hider.end_of`` made to ignore the character
  before the mark: it survived.)
- An answer in single-asterisk emphasis, ``*7*``, reads 7: the region after a phrase drops the closing ``*`` it
  opened with. A region of one character and ``**7**`` (bold, closed by ``**``) are read as before. (Seed 29 drew
  the test of the region's length made one longer: it survived.)
"""

from __future__ import annotations

from typing import List, Optional, Tuple

import pytest

import mathgrade

# (output, credited for 42 under the reward policy)
TIES: List[Tuple[str, bool]] = [
    ("Let a~~b. The answer is $\\boxed{42}$~~.", True),
    ("Thus x~~so the answer is $\\boxed{42}$~~", True),
    ("We get 5~~ and the answer is $\\boxed{42}$~~ indeed.", True),
    ("$x~~=~~42$, so the answer is $\\boxed{42}$", True),
    # contrasts: after a space, ~~ strikes through what follows, the box with it
    ("Let a ~~b. The answer is $\\boxed{42}$~~.", False),
    ("Thus ~~so the answer is $\\boxed{42}$~~", False),
]

# (output, what the answer reads as under the reward policy, or None when it does not read as a number)
EMPHASIS: List[Tuple[str, Optional[str]]] = [
    ("The answer is *7*.", "7"),
    ("Answer: *7*", "7"),
    ("Answer: *12*, since 5 + 7 = 12.", "12"),
    ("The answer is **7**.", "7"),
    ("Answer: * 7", "7"),
    ("Answer: *7", "7"),
]


@pytest.mark.parametrize("output, credited", TIES)
def test_a_tie_is_no_strike_through(output: str, credited: bool) -> None:
    v = mathgrade.grade(output, "42", policy="reward")
    assert v.correct is credited, v.explain()


@pytest.mark.parametrize("output, value", EMPHASIS)
def test_emphasis_around_an_answer_is_not_read(output: str, value: Optional[str]) -> None:
    v = mathgrade.grade(output, value or "7", policy="reward")
    assert v.correct, v.explain()
    assert v.answer is not None and "*" not in v.answer.text
    assert not mathgrade.grade(output, "8", policy="reward").correct
