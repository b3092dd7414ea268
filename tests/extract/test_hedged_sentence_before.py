"""A phrase in a sentence that hedges before it ("If x were 3, the answer is 16.") states no answer, whatever
follows that sentence; a hedge in an earlier sentence leaves the phrase its answer.

``_rules._hedged_sentence`` reads the sentence from its start (after the last ". ", "? " or line break before the
phrase) to the phrase. Seed 73 of docs/testing.md: looking for the last ". " in the rest of the output instead of
before the phrase survived: a later sentence ("But x is 2.") then hid the hedge, and the hedged phrase answered
(``If x were 3, the answer is 16. But x is 2.`` was correct for 16). Each hedged row has a committed contrast: the
same words without the hedge, or the hedge ended by a sentence before the phrase.
"""

from __future__ import annotations

from typing import List, Tuple

import pytest

import mathgrade

# (output, (text, rule) of the best candidate, whether it is correct for 16)
ROWS: List[Tuple[str, Tuple[str, str], bool]] = [
    # hedged: the phrase answers nothing, another sentence's number is read
    ("If x were 3, the answer is 16. But x is 2.", ("2", "last_number"), False),
    ("If x were 3, the answer is 16. But x is 2. Done.", ("2", "last_number"), False),
    ("Unless I erred, the answer is 16. Check it.", ("16", "last_number"), True),
    ("I wonder whether the answer is 16. It seems so.", ("16", "last_number"), True),
    ("So. If x were 3, the answer is 16. But x is 2.", ("2", "last_number"), False),
    ("If x were 3, the answer is 16.\nBut x is 2.", ("2", "last_number"), False),
    ("We check.\nIf x were 3, the answer is 16. But x is 2.", ("2", "last_number"), False),
    ("If x were 3, the answer is 16. Is x 2? Yes, x is 2.", ("2", "last_number"), False),
    # committed contrasts
    ("With x = 3, the answer is 16. But x is 2.", ("16", "answer_phrase"), True),
    ("With x = 3, the answer is 16.\nBut x is 2.", ("16", "answer_phrase"), True),
    ("We check.\nWith x = 3, the answer is 16. But x is 2.", ("16", "answer_phrase"), True),
    ("With x = 3, the answer is 16. Is x 2? Yes, x is 2.", ("16", "answer_phrase"), True),
    ("If x were 3, we would stop. The answer is 16. But x is 2.", ("16", "answer_phrase"), True),
    ("If x were 3, we would stop.\nThe answer is 16. But x is 2.", ("16", "answer_phrase"), True),
    ("Is x 3? The answer is 16. But x is 2.", ("16", "answer_phrase"), True),
    ("I checked it. The answer is 16. Check it.", ("16", "answer_phrase"), True),
]


@pytest.mark.parametrize("output, best, correct", ROWS, ids=[r[0] for r in ROWS])
def test_a_phrase_in_a_hedged_sentence_answers_nothing(output: str, best: Tuple[str, str], correct: bool) -> None:
    c = mathgrade.extract(output)[0]
    assert (c.text, c.rule) == best
    assert mathgrade.grade(output, "16").correct is correct
