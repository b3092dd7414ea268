"""A phrase's answer followed by a second case (``The answer is $42$ if n is even, $43$ in other cases.``) commits to
neither value: the extraction reads one ``hedged_answer_phrase`` candidate with both as alternatives
(``_rules._OTHER_CASE_AFTER``), and the grade credits neither. Each row's contrast, the same answer with its
condition and no second case, is credited.

Written for seed 131 (docs/testing.md): that check made never to match (``case = None``) left the rows below
answering their first value, 42, under both policies (the refusals read before it catch the plainer forms, ``42 if
n is even, 43 otherwise``, but not an answer in dollars, ``\\(...\\)`` or bold, nor ``in other cases`` after a
plain one).
"""

from __future__ import annotations

import pytest

import mathgrade

# (the first case, the condition and separator, the second case and its ending)
_CASES = [
    ("$42$", " if n is even, ", "$43$ in other cases."),
    ("$42$", " when n is even but ", "$43$ in other cases."),
    ("\\(42\\)", " if n is even, ", "\\(43\\) otherwise."),
    ("\\(42\\)", " whenever n is even; ", "\\(43\\) else."),
    ("\\(42\\)", " when n is even and ", "\\(43\\) in all other cases."),
    ("**42**", " if n is even, ", "43 in other cases."),
    ("**42**", " provided n is even,  ", "43 in other cases."),
    ("**42**", " when n is even and ", "43 , otherwise."),
    ("42", " when n is even; ", "43 in other cases."),
    ("42", " when n is even and ", "43  , else."),
    ("42 apples", " when n is even, ", "43 apples otherwise."),
    ("42 apples", " when n is even but ", "43 apples in all other cases."),
]
_HEADS = ["The answer is ", "Answer: ", "The final answer is "]
_ROWS = [(h + a + c + b, h + a + c.rstrip(" ,;").replace(" and", "").replace(" but", "") + ".")
         for h in _HEADS for a, c, b in _CASES]


@pytest.mark.parametrize("policy", ["reward", "eval"])
@pytest.mark.parametrize("output, one_case", _ROWS, ids=[r[0] for r in _ROWS])
def test_an_answer_with_a_second_case_credits_neither(output: str, one_case: str, policy: str) -> None:
    for gold in ("42", "43"):
        v = mathgrade.grade(output, gold, policy=policy)
        assert not v.correct, v.explain()
    # the contrast: the first case alone, with its condition, is the answer
    v = mathgrade.grade(one_case, "42", policy=policy)
    assert v.correct, (one_case, v.explain())


@pytest.mark.parametrize("output", [r[0] for r in _ROWS[:12]])
def test_the_second_case_is_an_alternative_of_the_phrases_answer(output: str) -> None:
    best = mathgrade.extract(output)[0]
    assert best.rule == "hedged_answer_phrase", best
    assert len(best.alternatives) == 2 and "42" in best.alternatives[0] and "43" in best.alternatives[1], best
    span = output[best.start:best.end]
    assert "42" in span and "43" in span, (span, best)  # the span runs from the first case to the second
