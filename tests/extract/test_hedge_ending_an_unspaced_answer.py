"""An answer after a phrase in a language written without spaces whose sentence ends in a hedge naming no other value
(Thai ``คำตอบคือ 42 แต่อาจจะ``, "the answer is 42, but maybe"; a Japanese ``ですが、かも`` after a value) is one refused
candidate (``answer.hedged``) spanning the answer as written from its first character; the contrasts, the same
answers with no hedge, are committed and credited. Seed 191 of docs/testing.md: ``_rules._phrase_answer`` building
that refused candidate with the start ``None`` survived (the rows tried then were refused earlier, by
``phrase_refusal``; these reach the line, and the mutant made ``extract`` raise).
"""

from __future__ import annotations

from typing import Tuple

import pytest

import mathgrade

# (output, (text, rule, start, end, refused) of the only candidate)
ROWS = [
    ("คำตอบคือ 42 แต่อาจจะ", ("42 แต่อาจจะ", "answer_phrase_i18n:th", 9, 20, "answer.hedged")),
    ("คำตอบคือ 42 แต่อาจจะ。", ("42 แต่อาจจะ", "answer_phrase_i18n:th", 9, 20, "answer.hedged")),
    ("So: คำตอบคือ 42 แต่อาจจะ", ("42 แต่อาจจะ", "answer_phrase_i18n:th", 13, 24, "answer.hedged")),
    ("答えは 42ですが、かも", ("42ですが、かも", "answer_phrase_i18n:ja", 4, 12, "answer.hedged")),
    ("答案是 42 左右吧。", ("42", "answer_phrase_i18n:zh", 4, 10, "answer.hedged")),
    # contrasts: no hedge
    ("คำตอบคือ 42", ("42", "answer_phrase_i18n:th", 9, 11, "")),
    ("So: คำตอบคือ 42", ("42", "answer_phrase_i18n:th", 13, 15, "")),
    ("答えは 42", ("42", "answer_phrase_i18n:ja", 4, 6, "")),
    ("答案是 42。", ("42", "answer_phrase_i18n:zh", 4, 6, "")),
]


@pytest.mark.parametrize("output, best", ROWS, ids=[r[0] for r in ROWS])
def test_a_hedge_ending_an_unspaced_answer_refuses_it_in_place(output: str,
                                                               best: Tuple[str, str, int, int, str]) -> None:
    candidates = mathgrade.extract(output)
    assert [(c.text, c.rule, c.start, c.end, c.refused) for c in candidates] == [best]
    assert output[best[2]:].startswith(best[0])  # (the span starts at the answer)


@pytest.mark.parametrize("output, best", ROWS, ids=[r[0] for r in ROWS])
def test_only_the_unhedged_answer_is_credited(output: str, best: Tuple[str, str, int, int, str]) -> None:
    for policy in ("eval", "reward"):
        verdict = mathgrade.grade(output, "42", policy=policy)
        assert verdict.correct is (best[4] == ""), (policy, verdict)
