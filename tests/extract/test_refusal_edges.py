"""Edges of the refusal checks of ``_extract/_commit.py`` that no row of tests/extract/test_refusal_reasons.py
reached (found from the mutants of seed 67, docs/testing.md):

- a hedge adverb at the end of a phrase's answer ("The answer is 7, probably.") refuses it as hedged, with no other
  value: the answer is not turned into a pair of alternatives;
- a hedge between two boxes joins them as alternatives however the whitespace between is laid out
  (``hedge_joins`` reads a copy with its whitespace loosened, from its first character);
- the sentence before an answer goes back over one blank line at most (``sentence_before``).
"""

from __future__ import annotations

from typing import List, Literal, Tuple

import pytest

import mathgrade
from mathgrade._extract._commit import hedge_joins, sentence_before

# (output, the answer shown in the reason): each refused as hedged by the sentence, naming no other value
HEDGED_TAILS: List[Tuple[str, str]] = [
    ("The answer is 7, probably.", "7,"),
    ("The answer is most likely 7.", "most likely 7"),
    ("The answer is 7 (probably).", "7 (probably)"),
]


@pytest.mark.parametrize("output,shown", HEDGED_TAILS)
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_a_hedge_adverb_in_a_phrase_answer_refuses_it_and_names_no_other_value(
        output: str, shown: str, policy: Literal["eval", "reward"]) -> None:
    v = mathgrade.grade(output, "7", policy=policy)
    assert (v.status.value, v.rule) == ("no_answer", "answer.hedged"), v.explain()
    assert v.reason == f"{shown!r} is not a committed answer: the sentence hedges it"
    assert mathgrade.grade("The answer is 7.", "7", policy=policy).correct  # (the attack: without the hedge)


# (text, whether the hedge after the first box offers the second as an alternative)
JOINS: List[Tuple[str, bool]] = [
    ("\\boxed{7} or maybe \\boxed{9}", True),
    ("\\boxed{7}or maybe \\boxed{9}", True),        # the hedge starts right at the box's end
    ("\\boxed{7}or\nmaybe \\boxed{9}", True),       # a line break inside it
    ("\\boxed{7}or  maybe \\boxed{9}", True),       # a run of spaces inside it
    ("\\boxed{7}or\tmaybe \\boxed{9}", True),
    ("\\boxed{7}ou\npeut-être \\boxed{9}", True),
    ("\\boxed{7}, o\nquizás \\boxed{9}", True),
    ("\\boxed{7}\n\nAnd \\boxed{9}", False),        # no hedge
    ("\\boxed{7}\nSo \\boxed{9}", False),
    ("\\boxed{7}, so\n\\boxed{9}", False),
]


@pytest.mark.parametrize("text,joined", JOINS)
def test_a_hedge_joins_two_boxes_however_its_whitespace_is_laid_out(text: str, joined: bool) -> None:
    assert hedge_joins(text, text.index("}") + 1, text.rindex("\\boxed")) is joined


# (what comes before the answer, the sentence before it that the refusal checks read)
BEFORE: List[Tuple[str, str]] = [
    ("Maybe,\nthe answer is ", "Maybe, the answer is "),        # a line that goes on
    ("Maybe,\n\nthe answer is ", "Maybe, the answer is "),      # over one blank line
    ("Maybe,\n\n\nthe answer is ", "the answer is "),           # not over two
    ("Maybe,\n \n\t\nthe answer is ", "the answer is "),        # (blank lines holding spaces or tabs)
    ("Maybe,\n \nthe answer is ", "Maybe, the answer is "),
    ("We are done.\nthe answer is ", "the answer is "),          # a line that ended its sentence
]


@pytest.mark.parametrize("before,sentence", BEFORE)
def test_the_sentence_before_an_answer_goes_back_over_one_blank_line_at_most(before: str, sentence: str) -> None:
    assert sentence_before(before, len(before)) == sentence
