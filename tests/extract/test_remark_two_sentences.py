"""The remark after an answer that may offer another value (``_commit.offered_after``) is the rest of the answer's
sentence and the next sentence, as its docstring says: "6 also works" there makes the answer ambiguous (neither 5
nor 6 credited), and one sentence later it is not read (5 credited). Sentences end at ``.``, ``!``, ``?``, ``;`` and
line breaks (not before a word in lower case); "$." or the "P" of "P.S." makes no sentence.

Written for seed 167 (docs/testing.md): ``offered_after`` made to find no sentence break (``m = None``) read the
whole 250 characters after the answer, and offered values of later sentences.
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._extract._commit import offered_after

ANSWER = "The answer is $\\boxed{5}$"
OFFER = "Note that 6 also works."
# (the text between the answer and the offer, the offer read?)
ROWS = [
    (". ", True), (". It is nice. ", True), (". It is nice! ", True), (". It is nice? ", True),
    (". It is nice; ", True), (".\nIt is nice.\n", True), (".\nP.S. ", True),
    (". We are done. That was easy. ", False), (". We are done! That was easy! ", False),
    (". We are done; that was easy; ", False), (".\nWe are done.\nThat was easy.\n", False),
    (".\nWe are done\nThat was easy\n", False), (". We are done? Yes. ", False),
    # a line break before a word in lower case goes on with its sentence
    (". We are done\nand that was easy. ", True),
]


@pytest.mark.parametrize("between, read", ROWS)
def test_the_remark_is_two_sentences(between: str, read: bool) -> None:
    out = ANSWER + between + OFFER
    end = out.index("}") + 1
    assert offered_after(out, end, "5") == ("6" if read else ""), out
    for policy in ("eval", "reward"):
        assert mathgrade.grade(out, "5", policy=policy).correct is not read, (out, policy)
        assert not mathgrade.grade(out, "6", policy=policy).correct, (out, policy)
