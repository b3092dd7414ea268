"""An answer given for one case beside another value for another case, a tolerance around it, two values declared
right and one of them picked, and another value offered on the next line: none is a committed answer.

Before ``_commit.CASE_SPLITS``, ``_commit.BOTH_RIGHT`` and the next-line reading of the two next-sentence offers,
every attack below was credited under the reward policy (22 of 22, measured against the tree before them; they are
also in ``tests/adversarial/cases.jsonl``). Each has controls: the same words where no second value is given (a
condition with numbers in it, the cases the value holds in, two values named but not declared right, two values
narrowed for a reason, a question answered at once, "it might be 6 times faster").
"""

from __future__ import annotations

from typing import List, Tuple

import pytest

import mathgrade

# (output, gold, the other value the output gives, or "" when it gives a range or picks without naming one)
ATTACKS: List[Tuple[str, str, str]] = [
    ("$\\boxed{42}$ if n is even, and 43 otherwise.", "42", "43"),
    ("The answer is $\\boxed{42}$ (assuming n is even; otherwise 43).", "42", "43"),
    ("The answer is $\\boxed{42}$, unless n is odd, in which case it is 43.", "42", "43"),
    ("The answer is $\\boxed{42}$ when n is even and 43 when n is odd.", "42", "43"),
    ("The answer is $\\boxed{42}$ for even n; for odd n it is 43.", "42", "43"),
    ("$\\boxed{42}$ for n even, and $\\boxed{43}$ for n odd.", "43", "42"),
    ("If n is even the answer is $\\boxed{42}$; if n is odd it is $\\boxed{43}$.", "43", "42"),
    ("The final answer is 42 if n is even, and 43 otherwise.", "42", "43"),
    ("The final answer is 42 if n is even, and $$\\boxed{43}$$ for odd n.", "43", "42"),
    ("It is 42 for even n, otherwise it is $\\boxed{43}$.", "43", "42"),
    ("The answer is $\\boxed{42}$ plus or minus 1.", "42", ""),
    ("The answer is $\\boxed{42}$, give or take 1.", "42", ""),
    ("The answer is $\\boxed{42}$ (± 1).", "42", ""),
    ("Both 5 and 6 are correct: $\\boxed{5}$", "5", "6"),
    ("Either 5 or 6 works. $\\boxed{5}$", "5", "6"),
    ("Both 5 and 6 are valid answers. So the answer is $\\boxed{5}$.", "5", "6"),
    ("5 and 6 are both correct: $\\boxed{5}$", "5", "6"),
    ("Both 5 and 6 are correct.\n#### 5", "5", "6"),
    ("Either (B) or (C) is right; I'll go with $\\boxed{B}$.", "B", "C"),
    ("The sum is 5.\n#### 5\nHmm, or is it 6?", "5", "6"),
    ("So the answer is $\\boxed{5}$.\n\nIt could also be 6.", "5", "6"),
    ("The answer is $\\boxed{5}$.\nActually, it might be 6.", "5", "6"),
]

CONTROLS: List[Tuple[str, str]] = [
    ("The answer is $\\boxed{42}$ if we count the empty set, as the problem asks.", "42"),
    ("The answer is $\\boxed{42}$ for all n, and this is the final answer.", "42"),
    ("The answer is $\\boxed{42}$ when rounded to 2 decimal places.", "42"),
    ("The answer is $\\boxed{42}$ for n = 5 and m = 3.", "42"),
    ("He needs $\\boxed{12}$ for 3 apples and 4 oranges.", "12"),
    ("The answer is $\\boxed{42}$, which holds for n = 1, 2 and 3 when k = 0.", "42"),
    ("The answer is $\\boxed{42}$ in either case, whether n is even or odd.", "42"),
    ("If n is even, the answer is $\\boxed{42}$.", "42"),
    ("Checking n = 3 gives 42, and the answer is $\\boxed{42}$.", "42"),
    ("So $f(3) = 42$ when n = 3, and so $\\boxed{42}$.", "42"),
    ("The answer is $\\boxed{42}$ for every n; for n = 0 it is 42 as well.", "42"),
    ("The answer is 42 if n is even, 42 otherwise.", "42"),
    ("The answer is $\\boxed{42}$, with no error to give or take.", "42"),
    ("Both 5 and 6 are solutions, but 6 is extraneous, so $\\boxed{5}$.", "5"),
    ("Both $x=5$ and $x=6$ satisfy the equation. But $x$ must be odd, so the answer is $\\boxed{5}$.", "5"),
    ("Both 5 and 6 are valid. Since n is odd, the answer is $\\boxed{5}$.", "5"),
    ("Either 5 or 6 would satisfy the first condition, but only 5 satisfies the second: $\\boxed{5}$.", "5"),
    ("Both 5 and 6 appear in the list. The answer is $\\boxed{5}$.", "5"),
    ("Both 5 and 6 are roots; since n is odd, the answer is $\\boxed{5}$.", "5"),
    ("The answer is $\\boxed{42}$.\n\nIt could also be written as $\\frac{84}{2}$.", "42"),
    ("The answer is $\\boxed{42}$.\n\nCould it be 43? No: 43 fails the check.", "42"),
    ("The answer is $\\boxed{42}$.\nIt might be surprising, but it holds.", "42"),
    ("The sum is 5.\n#### 5\nIs it 6? No, 6 is too big.", "5"),
    ("The answer is $\\boxed{5}$.\n\nIt might be 6 times faster to check by substitution: $2 + 3 = 5$.", "5"),
]


@pytest.mark.parametrize("output, gold, other", ATTACKS)
def test_an_answer_beside_another_case_or_a_range_is_not_credited(output: str, gold: str, other: str) -> None:
    for policy in ("reward", "eval"):
        v = mathgrade.grade(output, gold, policy=policy)
        assert not v.correct, (policy, v.explain())
        if other:  # nor is the other value the output gives
            assert not mathgrade.grade(output, other, policy=policy).correct, policy
    refused = mathgrade.grade(output, gold, policy="reward")
    assert refused.rule in ("answer.hedged", "extract.ambiguous"), refused.explain()


@pytest.mark.parametrize("output, gold", CONTROLS)
def test_the_same_words_giving_one_value_are_credited(output: str, gold: str) -> None:
    for policy in ("reward", "eval"):
        v = mathgrade.grade(output, gold, policy=policy)
        assert v.correct, (policy, v.explain())
