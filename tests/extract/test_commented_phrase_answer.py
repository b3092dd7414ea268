"""What a final-answer phrase leaves when its answer is hidden, by the kind of mark that hides it: an answer in a
comment (``<!-- 7 -->``, ``% 7``, ``\\iffalse 7 \\fi``, a Markdown comment line) is not shown and not offered, so the
phrase gives no candidate at all; an answer struck out (``~~7~~``, ``\\sout{7}``, ``<del>``) is shown, withdrawn: a
refused candidate (``answer.withdrawn``); one not shown when rendered (``\\phantom``, white text) is refused as
``answer.hidden``. Seed 193 of docs/testing.md: ``_scan._kind`` calling every unshown span struck (a comment then
gave a withdrawn candidate holding the comment's mark) survived.
"""

from __future__ import annotations

from typing import Optional, Tuple

import pytest

import mathgrade

# (output, (rule, refused) of the only candidate, or None when there is none)
ROWS = [
    # comments: no candidate
    ("The answer is <!-- 7 -->.", None),
    ("The final answer is <!-- 7 -->", None),
    ("The answer is % 7\n", None),
    ("The answer is \\iffalse 7 \\fi.", None),
    ("The answer is \\begin{comment} 7 \\end{comment}.", None),
    # struck out: withdrawn
    ("The answer is ~~7~~.", ("answer_phrase", "answer.withdrawn")),
    ("The final answer is ~~7~~", ("final_answer_phrase", "answer.withdrawn")),
    ("The answer is <del>7</del>.", ("answer_phrase", "answer.withdrawn")),
    ("The answer is $\\sout{7}$.", ("answer_phrase", "answer.withdrawn")),
    # not shown when rendered: hidden
    ("The answer is $\\phantom{7}$.", ("answer_phrase", "answer.hidden")),
    ("The answer is $\\color{white}{7}$.", ("answer_phrase", "answer.hidden")),
    # shown: committed
    ("The answer is 7.", ("answer_phrase", "")),
    ("The final answer is 7", ("final_answer_phrase", "")),
]


@pytest.mark.parametrize("output, expected", ROWS, ids=[r[0] for r in ROWS])
def test_a_phrase_answer_is_refused_or_dropped_by_the_kind_of_mark(
        output: str, expected: Optional[Tuple[str, str]]) -> None:
    found = [(c.rule, c.refused) for c in mathgrade.extract(output)]
    assert found == ([] if expected is None else [expected])


@pytest.mark.parametrize("output", [r[0] for r in ROWS if r[1] is None or r[1][1]])
def test_a_hidden_phrase_answer_is_never_credited(output: str) -> None:
    for policy in ("eval", "reward"):
        verdict = mathgrade.grade(output, "7", policy=policy)
        assert not verdict.correct, (policy, verdict)
        assert verdict.status.value == "no_answer", (policy, verdict)


@pytest.mark.parametrize("output", [r[0] for r in ROWS if r[1] is not None and not r[1][1]])
def test_a_shown_phrase_answer_is_credited(output: str) -> None:
    for policy in ("eval", "reward"):
        assert mathgrade.grade(output, "7", policy=policy).correct, policy
