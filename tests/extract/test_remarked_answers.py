"""A final-answer phrase whose value is followed by a remark on it, and a box followed by a question about it.

- "Answer: 18 (3 boxes of 6 apples)", "The final answer is 5, more than the 3 we had before.": the sentence states its
  value first and then remarks on it. Before ``grader._remarked``, the whole region was read: as text with several
  numbers (no value: a right answer graded wrong) or, worse, as a product ("18 (3 boxes × 6 apples)" read 324).
  The value is taken only when the remark offers no other value, hedges nothing and does not change what the value
  means (``grader._REMARK_OFFERS``, ``extraction.NOT_STATED``); each attack below must not be credited.
- "$\\boxed{5}$. Is that right? Yes: 2 + 3 = 5.": a question about the answer answered at once is no hedge (the
  reward policy refused it); left unanswered it still is ("Is that right?", "Is that right? Let me check.").
- "Answer: 18 (placeholder)", "Answer: 18 (squared)": the hedges and spoken operations that refuse a box followed by
  them refuse a phrase's answer holding them in its region too (they were credited under both policies).
"""

from __future__ import annotations

from typing import List, Tuple

import pytest

import mathgrade

# (output, gold): the value stated first is the answer
REMARKED: List[Tuple[str, str]] = [
    ("Answer: 18 (3 boxes of 6 apples)", "18"),
    ("**Answer:** 18 (since 2 * 9 = 18)", "18"),
    ("Answer: 18 (from 3 boxes of 6 each)", "18"),
    ("The answer is 18 (3 boxes × 6 apples).", "18"),
    ("The answer is $18$ (3 boxes of 6 apples).", "18"),
    ("Answer: 18 dollars (2 hours at 9 dollars an hour)", "18"),
    ("Final answer: 18, obtained from 3 boxes of 6.", "18"),
    ("Answer: 18 — that is, 3 boxes of 6.", "18"),
    ("Answer: 5 (the sum of 2 and 3)", "5"),
    ("The final answer is 5, more than the 3 we had before.", "5"),
    ("The answer is -4 (from x^2 + 3x - 4 = 0 and x < 0)", "-4"),
    ("Answer: 2.5 km (5 km walked in 2 hours)", "2.5"),
]

# (output, gold): no committed value may be credited; each is the remark rule's attack or a control of its limits
NOT_CREDITED: List[Tuple[str, str]] = [
    ("Answer: 18 (possibly 19)", "18"),
    ("Answer: 18 (possibly 19)", "19"),
    ("Answer: 18 (but 19 is also possible)", "18"),
    ("Answer: 18 (but 19 is also possible)", "19"),
    ("The answer is 42, though arguably 43.", "42"),
    ("The answer is 42, though likely 43.", "43"),
    ("Answer: 18 (not the answer)", "18"),
    ("Answer: 18 (if x is positive; otherwise 19)", "18"),
    ("Answer: 18 (if x is positive; otherwise 19)", "19"),
    ("Answer: 18 (the other solution is 19)", "18"),
    ("Answer: 18 (also 19)", "18"),
    ("Answer: 18 (in base 9)", "18"),
    ("Answer: 18 (in base 9)", "17"),
    ("Answer: 18 (times 2)", "18"),
    ("Answer: 18 (times 2)", "36"),
    ("Answer: 18 (squared)", "18"),
    ("Answer: 18 (squared)", "324"),
    ("Answer: 18 (placeholder)", "18"),
    ("#### 18 (placeholder)", "18"),
    ("Answer: 18 (a guess)", "18"),
    ("Answer: 18 (I'm not sure)", "18"),
    ("Answer: 18 — unverified", "18"),
    ("Answer: 18, or 19 (not sure)", "18"),
    ("Answer: 18, nineteen", "19"),
    ("Answer: 18 (hmm, or is it 19?)", "18"),
    ("Answer: more than 18 (since 2 * 9 = 18)", "18"),
    ("The answer is $\\boxed{18}$ (squared).", "18"),
]

# (output, gold): a product, not a value and a remark ("2 (x+1)"): read whole, as before
PRODUCTS: List[Tuple[str, str]] = [
    ("Answer: 2 (x+1)", "2x+2"),
    ("Answer: 3 (a + b)", "3a+3b"),
]

ANSWERED_QUESTIONS: List[str] = [
    "The answer is $\\boxed{5}$. Is that right? Yes: 2 + 3 = 5.",
    "So we get $\\boxed{5}$. Is that right? Let me check: 2+3 = 5. Correct.",
    "So we get $\\boxed{5}$. Is that right? It is: 2 + 3 = 5.",
    "So we get $\\boxed{5}$. Is that right? Indeed, 2 + 3 = 5.",
    "So we get $\\boxed{5}$. Or is it? Checking: 2 + 3 = 5.",
]
UNANSWERED_QUESTIONS: List[str] = [
    "So we get $\\boxed{5}$. Is that right?",
    "So we get $\\boxed{5}$. Is that right? Let me check.",
    "So we get $\\boxed{5}$. Is that right? Not sure.",
    "So we get $\\boxed{5}$. Is that right? Yesterday I got 6.",
    "So we get $\\boxed{5}$. Is that right? No, it is 6.",
    "So we get $\\boxed{5}$. Or is it? Let me verify later.",
]


@pytest.mark.parametrize("policy", ["reward", "eval"])
@pytest.mark.parametrize("output, gold", REMARKED)
def test_the_value_before_a_remark_is_the_answer(output: str, gold: str, policy: str) -> None:
    v = mathgrade.grade(output, gold, policy=policy)
    assert v.correct, v.explain()
    assert v.answer is not None and v.answer.text.replace("$", "").split()[0] == gold.split()[0]
    assert output[v.answer.start:v.answer.end].strip("$") == v.answer.text  # (the span is the value's own)


@pytest.mark.parametrize("output, gold", REMARKED)
def test_another_gold_is_not_credited_by_the_remark(output: str, gold: str) -> None:
    for other in ("6", "3", "324", "9"):  # numbers of the remarks, and their products
        if other != gold:
            assert not mathgrade.grade(output, other, policy="reward").correct, (output, other)


@pytest.mark.parametrize("policy", ["reward", "eval"])
@pytest.mark.parametrize("output, gold", NOT_CREDITED)
def test_a_remark_that_offers_hedges_or_operates_is_not_credited(output: str, gold: str, policy: str) -> None:
    assert not mathgrade.grade(output, gold, policy=policy).correct, output


@pytest.mark.parametrize("output, gold", PRODUCTS)
def test_a_product_is_read_whole(output: str, gold: str) -> None:
    v = mathgrade.grade(output, gold, policy="reward")
    assert v.correct, v.explain()
    assert not mathgrade.grade(output, output.split()[1], policy="reward").correct  # (not its first factor)


@pytest.mark.parametrize("output", ANSWERED_QUESTIONS)
def test_a_question_answered_at_once_is_no_hedge(output: str) -> None:
    v = mathgrade.grade(output, "5", policy="reward")
    assert v.correct, v.explain()


@pytest.mark.parametrize("output", UNANSWERED_QUESTIONS)
def test_a_question_left_unanswered_is_a_hedge(output: str) -> None:
    v = mathgrade.grade(output, "5", policy="reward")
    assert not v.correct and v.rule == "answer.hedged", v.explain()
