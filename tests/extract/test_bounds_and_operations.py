"""Words that make a marked value something other than the answer: a bound or an estimate before it ("more than
$\\boxed{5}$", "nearly 5"), an operation spoken in words around it ("twice $\\boxed{5}$", "$\\boxed{5}$ squared",
"5 minus one"), or a correction after it ("$\\boxed{5}$ (typo, I meant 6)", "5. Scratch that.", "5, just kidding").

Each was a reward for a value the output does not give (the reward policy credited every attack below before
``_commit.BOUNDS_BEFORE``, ``SPOKEN_OPERATIONS_BEFORE``/``_AFTER``, the corrections of ``WITHDRAWN_AFTER`` and the
words of ``grader._UNSAID``). One row per entry of those tables, each with its control: the same words where they
do not bear on the value, which must still be credited (a false "no answer" is a lost reward for a right answer).
"""

from __future__ import annotations

from typing import List, Tuple

import pytest

import mathgrade

HEDGED, PARTIAL, WITHDRAWN, SUPPOSED = ("answer.hedged", "answer.partial_expression", "answer.withdrawn",
                                        "answer.supposed")

# (attack, the rule that refuses it under the reward policy)
BOUNDS: List[Tuple[str, str]] = [
    (f"The answer is {words} $\\boxed{{5}}$.", HEDGED) for words in (
        "more than", "less than", "fewer than", "greater than", "smaller than", "larger than", "bigger than",
        "higher than", "lower than", "upwards of", "a multiple of", "a factor of", "a divisor of", "divisible by",
        "close to", "nearly", "almost", "on the order of", "a bit more than", "a little less than", "slightly over", "just under",
        "slightly below", "a bit above")
]
OPERATIONS_BEFORE: List[Tuple[str, str]] = [
    (f"The answer is {words} $\\boxed{{5}}$.", PARTIAL) for words in (
        "twice", "double", "triple", "thrice", "half", "half of", "one third of", "a quarter of", "a fifth of",
        "3 times", "the square of", "the cube of", "the square root of", "the cube root of", "the reciprocal of",
        "the negative of", "the opposite of", "the inverse of", "the logarithm of", "the log of", "the factorial of",
        "minus", "negative")
]
OPERATIONS_AFTER: List[Tuple[str, str]] = [
    (f"We get $\\boxed{{5}}$ {words}", PARTIAL) for words in (
        "squared.", "cubed.", "squared, which is 25.", "plus 2.", "minus one.", "times 2.", "times two.",
        "divided by 2.", "multiplied by $3$.", "more than 11.", "less than 11.", "fewer than 11.", "percent of 20.",
        "to the power of 3.", "raised to 3.", "plus a half.", "minus -2.")
]
CORRECTIONS: List[Tuple[str, str]] = [
    ("$\\boxed{5}$ (typo, I meant 6)", WITHDRAWN),
    ("$\\boxed{5}$ — I meant 6.", WITHDRAWN),
    ("$\\boxed{5}$, just kidding, it is 6.", WITHDRAWN),
    ("$\\boxed{5}$ (sorry, 6)", WITHDRAWN),
    ("$\\boxed{5}$. Correction: 6.", WITHDRAWN),
    ("$\\boxed{5}$\nErratum: 6.", WITHDRAWN),
    ("$\\boxed{5}$\nEdit: it should be 6.", WITHDRAWN),
    ("$\\boxed{5}$\n\nUpdate: the count is 6.", WITHDRAWN),
    ("$\\boxed{5}$. My bad, it is 6.", WITHDRAWN),
    ("$\\boxed{5}$. Actually, no: it is 6.", WITHDRAWN),
    ("$\\boxed{5}$. Actually nope, it is 6.", WITHDRAWN),
    ("$\\boxed{5}$ is a common mistake.", WITHDRAWN),
    ("$\\boxed{5}$, which is a classic trap.", WITHDRAWN),
    ("$\\boxed{5}$ is the tempting wrong answer.", WITHDRAWN),
    ("$\\boxed{5}$ would be a naive misconception.", WITHDRAWN),
    ("$\\boxed{5}$ would be the answer if $n$ were even.", SUPPOSED),
    ("$\\boxed{5}$ could have been the answer had we counted twice.", SUPPOSED),
    ("$\\boxed{5}$ is what I'd say if I were sure.", SUPPOSED),
    ("$\\boxed{5}$ is what we would guess.", SUPPOSED),
    ("$\\boxed{5}$, though 6 is also possible.", HEDGED),
    ("$\\boxed{5}$, but $6$ might also work.", HEDGED),
    ("$\\boxed{5}$, although the answer 6 is equally valid.", HEDGED),
]
PHRASES: List[Tuple[str, str]] = [
    ("The answer is 5, which is wrong.", WITHDRAWN),
    ("The answer is 5. Scratch that.", WITHDRAWN),
    ("The answer is 5, just kidding, it is 6.", WITHDRAWN),
    ("The answer is 5. Actually, no: it is 6.", WITHDRAWN),
    ("The answer is 5 squared.", PARTIAL),
    ("The answer is 5 minus one.", PARTIAL),
]
CHINESE: List[Tuple[str, str]] = [
    ("答案比 $\\boxed{5}$ 大。", HEDGED), ("答案大于 $\\boxed{5}$。", HEDGED), ("答案小于 $\\boxed{5}$。", HEDGED),
    ("答案超过 $\\boxed{5}$。", HEDGED), ("答案不到 $\\boxed{5}$。", HEDGED), ("答案接近 $\\boxed{5}$。", HEDGED),
    ("答案多于 $\\boxed{5}$。", HEDGED), ("答案少于 $\\boxed{5}$。", HEDGED),
    ("答案是 $\\boxed{5}$ 的两倍。", PARTIAL), ("答案是 $\\boxed{5}$ 的三倍。", PARTIAL), ("答案是 $\\boxed{5}$ 的一半。", PARTIAL),
    ("答案是 $\\boxed{5}$ 的平方。", PARTIAL), ("答案是 $\\boxed{5}$ 的立方根。", PARTIAL), ("答案是 $\\boxed{5}$ 的倒数。", PARTIAL),
    ("答案是 $\\boxed{5}$ 的相反数。", PARTIAL), ("答案是 $\\boxed{5}$ 的倍数。", PARTIAL), ("答案是 $\\boxed{5}$ 的因数。", PARTIAL),
    ("答案是 5 的两倍。", PARTIAL), ("答案是 5 的平方。", PARTIAL),
    ("答案是 $\\boxed{5}$（打错了，应该是 6）。", WITHDRAWN), ("答案是 $\\boxed{5}$，写错了，是 6。", WITHDRAWN),
    ("答案是 $\\boxed{5}$（笔误）。", WITHDRAWN), ("答案是 $\\boxed{5}$，开玩笑的，是 6。", WITHDRAWN),
    ("答案是 $\\boxed{5}$。纠正：是 6。", WITHDRAWN),
]
ATTACKS = BOUNDS + OPERATIONS_BEFORE + OPERATIONS_AFTER + CORRECTIONS + PHRASES + CHINESE

# the same words where they do not make the value something else: each must be credited
CONTROLS: List[str] = [
    "Jane must score at least $\\boxed{5}$ points to pass.",  # (a minimum stated: "at least" is no bound here)
    "The largest is at most 9, and the answer is $\\boxed{5}$.",
    "Alice has $\\boxed{5}$ more apples than Bob.",
    "It is more than 3, so the answer is $\\boxed{5}$.",
    "Twice the number is 10, so the number is $\\boxed{5}$.",
    "The number of halves is $\\boxed{5}$.",
    "Half of 10 is $\\boxed{5}$.",
    "The side of the square is $\\boxed{5}$.",
    "The difference 11 minus 6 is $\\boxed{5}$.",
    "He jumped $\\boxed{5}$ times.",
    "She ran $\\boxed{5}$ times in 2 minutes.",
    "The area is $\\boxed{5}$ square units.",
    "The answer is $\\boxed{5}$, since 5 squared is 25.",
    "We get $\\boxed{5}$ plus tax in the store.",
    "We get $\\boxed{5}$. Sorry for the long derivation!",
    "We get $\\boxed{5}$ (no typo: it is 5).",
    "We get $\\boxed{5}$\nEditing note: every step was checked.",
    "We get $\\boxed{5}$\n\nActually, no other value works.",
    "We get $\\boxed{5}$; 6 is a common mistake.",
    "We get $\\boxed{5}$, though 6 is also a divisor of 30.",
    "We get $\\boxed{5}$, and this also works for the second case.",
    "We get $\\boxed{5}$, which is the answer if we count as the problem says.",
    "The answer is 5, which is right.",
    "The answer is 5. Scratch paper confirms it.",
    "The answer is 5, no kidding.",
    "The answer is 5 square units.",
    "The answer is 5 times.",
    "The answer is: Alice has 5 more apples than Bob.",
    "Nearly every case gives the same count: $\\boxed{5}$.",
    "The closest integer to 4.8 is $\\boxed{5}$.",
    "他比我多 $\\boxed{5}$ 个苹果。",
    "至少需要 $\\boxed{5}$ 个。",
    "面积是 $\\boxed{5}$ 平方米。",
    "答案是 5 平方米。",
    "答案是 5 倍。",
    "10 的一半是 $\\boxed{5}$。",
    "答案是 $\\boxed{5}$，它是 10 的因数。",
    "答案是 $\\boxed{5}$（没有打错）。",
]


@pytest.mark.parametrize("output, rule", ATTACKS, ids=[a[0][:48] for a in ATTACKS])
def test_the_value_is_not_the_answer(output: str, rule: str) -> None:
    verdict = mathgrade.grade(output, "5", policy="reward")
    assert not verdict.correct, verdict.explain()
    assert verdict.rule == rule, verdict.explain()


@pytest.mark.parametrize("output", CONTROLS)
def test_the_same_words_elsewhere_leave_the_answer_standing(output: str) -> None:
    for policy in ("reward", "eval"):
        verdict = mathgrade.grade(output, "5", policy=policy)
        assert verdict.correct, (policy, verdict.explain())


@pytest.mark.parametrize("answer", ["twice 5", "double 5", "triple 5", "thrice 5", "half 5", "5 squared",
                                    "5 cubed", "the square root of 5", "the cube of 5", "the reciprocal of 5",
                                    "a multiple of 5", "a factor of 5", "a divisor of 5", "divisible by 5",
                                    "nearly 5", "almost 5", "close to 5", "on the order of 5", "more than 5", "fewer than $5$",
                                    "5 plus one", "5 minus two", "5 times three",
                                    "5 divided by a half", "5 multiplied by ten", "5, just kidding", "5, I meant it"])
def test_a_sentence_does_not_state_a_number_it_operates_on(answer: str) -> None:
    # (grader._UNSAID: an answer read as a sentence gives its one number only when nothing in it bears on it)
    for policy in ("reward", "eval"):
        verdict = mathgrade.grade(f"Answer: {answer}", "5", policy=policy)
        assert not verdict.correct, (policy, verdict.explain())
    assert mathgrade.grade("Answer: 5 in all", "5", policy="reward").correct
