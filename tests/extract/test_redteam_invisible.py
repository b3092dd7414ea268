"""Red team, invisible characters (family 1): a zero-width space, joiner or non-joiner, a word joiner, a soft hyphen
or a byte-order mark shows nothing, so "r\\u200bule out", "n\\u200bot", "ma\\u00adybe" render as the words that refuse an
answer, but the word lists did not see them: all 6 attacks of the suite were credited. Now an output is read without
these characters; the spans of its candidates still index the output itself."""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._extract import extract

Z = "\u200b"


@pytest.mark.parametrize("output, rule", [
    (f"We can r{Z}ule out $\\boxed{{42}}$.", "answer.withdrawn"),
    (f"The answer is n{Z}ot $\\boxed{{42}}$.", "answer.withdrawn"),
    ("Ma\u00adybe $\\boxed{42}$.", "answer.hedged"),
    ("M\ufeffaybe $\\boxed{42}$.", "answer.hedged"),
    ("Sup\ufeffpose the answer were $\\boxed{42}$.", "answer.supposed"),
    ("$\\boxed{42}$ is wr\u200dong.", "answer.withdrawn"),
    (f"$\\boxed{{42}}$, but it mi{Z}ght be 43.", "answer.hedged"),
    (f"Could it be $\\boxed{{42}}${Z}?", "answer.question"),
    (f"答案不{Z}是 $\\boxed{{42}}$。", "answer.withdrawn"),
])
def test_an_invisible_character_inside_a_refusing_word_hides_nothing(output: str, rule: str) -> None:
    v = mathgrade.grade(output, "42", policy="reward")
    assert (v.correct, v.rule) == (False, rule), v.explain()


@pytest.mark.parametrize("output", [
    f"The answer is $\\boxed{{4{Z}2}}$.",
    f"{Z}The answer is $\\boxed{{42}}$.{Z}",
    "The to\u00adtal is $\\boxed{42}$.",
    "The answer is $\\boxed{42}$\u2060.",
    f"It is not hard to ch{Z}eck that the answer is $\\boxed{{42}}$.",
    f"答案是 $\\boxed{{4{Z}2}}$。",
])
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_invisible_characters_elsewhere_change_nothing(output: str, policy: str) -> None:
    v = mathgrade.grade(output, "42", policy=policy)
    assert v.correct, v.explain()


@pytest.mark.parametrize("output, span", [
    (f"{Z}{Z}The answer is $\\boxed{{4{Z}2}}$.", f"4{Z}2"),
    (f"The answer is $\\boxed{{42}}${Z}", "42"),
    (f"Final answer: 4{Z}2", f"4{Z}2"),
])
def test_spans_index_the_output_itself(output: str, span: str) -> None:
    c = extract(output, policy="reward")[0]
    assert (c.text, output[c.start:c.end]) == ("42", span)
