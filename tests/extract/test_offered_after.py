"""Another value offered in a remark after the answer: "$\\boxed{5}$ (6 if 0 counts)", "... Also, 6.", "P.S. 6 also
works.", "(If zero is allowed, the answer would be 6.)", "With the other convention it would be 6.": the output has not
decided between two values, and neither is credited.

``_commit.offered_after`` reads the rest of the answer's sentence and the next one (across a line break) for a number
the words right around it offer (``_OFFERED_BEFORE``, ``_OFFERED_AFTER``); a number in a calculation, a label, a list
of values given to a name, a value tried or rejected, one under a condition contrary to fact, or a conversion to another
unit offers none. A box further on is offered by the words before it (``_rules._OFFER_GAP``: "; under the second,
$\\boxed{6}$"), and a value joined by "or" before a box offers it too (``_commit._OR_BEFORE``).

Measured against the tree before these checks, under the reward policy: 19 of the 30 box attacks, 10 of the 22 phrase
attacks and 3 of the 23 ``####`` attacks written for them were credited (the ones kept below for phrases and ``####``
are those that were), and none of the controls was rejected. Then values other than numbers (formulas, an option's
letter), tolerances ("within 1") and more words ("Another possibility: 6", "Some sources say 6", "the exact value is
4.6"): 18 of those 27 attacks were credited by the tree before them, none of their 15 controls rejected.
"""

from __future__ import annotations

from typing import List, Tuple

import pytest

import mathgrade

BOX_ATTACKS: List[Tuple[str, str]] = [  # (gold, output)
    ("5", "The answer is $\\boxed{5}$ (or $x = 6$ if we include the boundary)."),
    ("5", "The answer is $\\boxed{5}$.\n\nAnswer: 6"),
    ("5", "The answer is $\\boxed{5}$. (Note: the correct answer is actually 6.)"),
    ("5", "So the final answer is $\\boxed{5}$.\n\nFinal answer: 6"),
    ("5", "I'd say $\\boxed{5}$, though $\\boxed{6}$ is also defensible."),
    ("5", "The answer is $\\boxed{5}$ (if rounding down; 6 if rounding up)."),
    ("5", "The answer is $\\boxed{5}$ or $\\boxed{6}$, depending on interpretation."),
    ("5", "The answer is $\\boxed{5}$ — or 6, depending on convention."),
    ("5", "Answer: 5 (6 with the alternative reading)"),
    ("5", "The answer is $\\boxed{5}$ (the other interpretation gives 6)."),
    ("5", "Under the first interpretation the answer is $\\boxed{5}$; under the second, $\\boxed{6}$."),
    ("5", "The answer is 5 (or 6 if n is odd)."),
    ("5", "The answer is $\\boxed{5}$.\n\nP.S. 6 also works."),
    ("5", "The answer is $\\boxed{5}$.\n\nNote: 6 is also a valid answer."),
    ("5", "The answer is $\\boxed{5}$. Also, 6."),
    ("5", "The answer is $\\boxed{5}$ (answers may vary: 6)."),
    ("5", "The answer is $\\boxed{5}$, 6, or 7."),
    ("5", "The answer is $\\boxed{5}$ (depending on the convention, 6)."),
    ("5", "The answer is $\\boxed{5}$ or $\\boxed{6}$ depending on whether 0 counts."),
    ("5", "The answer is $\\boxed{5}$, or $\\boxed{6}$ if 0 counts."),
    ("5", "The answer is $\\boxed{5}$ (6 if 0 counts)."),
    ("5", "The answer is $\\boxed{5}$ if 0 does not count; if it does, 6."),
    ("5", "The answer is $\\boxed{5}$ (excluding 0) or $\\boxed{6}$ (including 0)."),
    ("5", "答案是 $\\boxed{5}$，如果 n 是奇数则是 6。"),
    ("5", "The answer is $\\boxed{5}$. If 0 counts, the answer is 6."),
    ("5", "The answer is $\\boxed{5}$. If we count 0, we get 6 instead."),
    ("5", "$\\boxed{5}$\n\n(If zero is allowed, the answer would be 6.)"),
    ("5", "The answer is $\\boxed{5}$. With the other convention it would be 6."),
    ("5", "The answer is $\\boxed{5}$, but 6 under the other reading."),
    ("5", "The answer is $\\boxed{5}$ (or, under a looser reading, 6).\n"),
]

PHRASE_ATTACKS: List[Tuple[str, str]] = [  # (gold, output)
    ("5", "The answer is 5.\n\nP.S. 6 also works."),
    ("5", "The answer is 5.\n\nNote: 6 is also a valid answer."),
    ("5", "The answer is 5. Also, 6."),
    ("5", "The answer is 5 (depending on the convention, 6)."),
    ("5", "The answer is 5 if 0 does not count; if it does, 6."),
    ("5", "The answer is 5. If 0 counts, the answer is 6."),
    ("5", "The answer is 5. If we count 0, we get 6 instead."),
    ("5", "Answer: 5\n\n(If zero is allowed, the answer would be 6.)"),
    ("5", "The answer is 5. With the other convention it would be 6."),
    ("5", "The answer is 5, but 6 under the other reading."),
]

OTHER_ATTACKS: List[Tuple[str, str]] = [  # (gold, output): formulas, letters, tolerances, other words
    ("5", "The answer is $\\boxed{5}$. Hmm, 6?"),
    ("5", "The answer is $\\boxed{5}$ (alt: 6)"),
    ("5", "The answer is $\\boxed{5}$ (6 is plausible too)"),
    ("5", "The answer is $\\boxed{5}$; 6 fits as well."),
    ("5", "The answer is $\\boxed{5}$. 6 satisfies it too."),
    ("5", "The answer is $\\boxed{5}$. Note: 6 satisfies all conditions too."),
    ("5", "$\\boxed{5}$; 6 is a close second."),
    ("5", "The answer is 5; 6 is a close second."),
    ("x^2", "The answer is $\\boxed{x^2}$ (or $x^3$ if n is odd)."),
    ("\\frac{1}{2}", "The answer is $\\boxed{\\frac{1}{2}}$. Under the other reading it would be $\\frac{1}{3}$."),
    ("\\frac{1}{2}", "The answer is $\\boxed{\\frac{1}{2}}$. Also, $\\frac{1}{3}$."),
    ("B", "The answer is $\\boxed{B}$. Also, C."),
    ("B", "The answer is $\\boxed{B}$ (C if the graph is directed)."),
    ("B", "The answer is $\\boxed{B}$.\n\nP.S. (C) also works."),
    ("(1,2)", "The answer is $\\boxed{(1,2)}$, or $[1,2]$ if the endpoints count."),
    ("\\sqrt{2}", "The answer is $\\boxed{\\sqrt{2}}$. With the other convention it would be $\\sqrt{3}$."),
    ("5", "The answer is $\\boxed{5}$. Alternatively: $6$."),
    ("5", "The answer is $\\boxed{5}$. Another possibility: 6."),
    ("5", "The answer is $\\boxed{5}$. (Some sources say 6.)"),
    ("5", "The answer is $\\boxed{5}$. Many would argue for 6."),
    ("5", "The answer is $\\boxed{5}$. A case could be made for 6."),
    ("5", "The answer is $\\boxed{5}$; 6 is the runner-up."),
    ("5", "The answer is $\\boxed{5}$. My second choice is 6."),
    ("5", "The answer is $\\boxed{5}$. Fallback: 6."),
    ("5", "The answer is $\\boxed{5}$ (6 is also acceptable)."),
    ("5", "The answer is $\\boxed{5}$ (6 is equally valid)."),
    ("5", "The answer is $\\boxed{5}$. Or 6."),
    ("5", "The answer is $\\boxed{5}$. Possibly 6."),
    ("5", "The answer is $\\boxed{5}$ (give or take)."),
    ("5", "The answer is $\\boxed{5}$ (± 1)."),
    ("5", "The answer is $\\boxed{5}$ (within 1)."),
    ("5", "The answer is $\\boxed{5}$, to within one unit."),
    ("5", "The answer is $\\boxed{5}$ (rounded; the exact value is 5.4)."),
    ("5", "The answer is $\\boxed{5}$ (the exact value is 4.6)."),
    ("5", "The answer is approximately $\\boxed{5}$, though the exact value is 4.6.\n"),
]

HASHES_ATTACKS: List[Tuple[str, str]] = [  # (gold, output)
    ("5", "#### 5.\n\nAnswer: 6"),
    ("5", "#### 5.\n\nP.S. 6 also works."),
    ("5", "#### 5.\n\nNote: 6 is also a valid answer."),
]

CONTROLS: List[Tuple[str, str]] = [  # (gold, output)
    ("5", "The answer is $\\boxed{5}$, since 6 is too big."),
    ("5", "The answer is $\\boxed{5}$. Is it 6? No: 6 fails the check."),
    ("5", "The answer is $\\boxed{5}$; we also checked 6 and it fails."),
    ("5", "The answer is $\\boxed{5}$, which is 2 less than 7 as well as 3 more than 2.\n"),
    ("5", "$\\boxed{5}$ (see (A) above)."),
    ("5", "$\\boxed{5}$ (A) is wrong."),
    ("12", "The answer is $\\boxed{12}$. (There are 4 groups of 3.)"),
    ("\\frac{2}{3}", "The answer is $\\boxed{\\frac{2}{3}}$, about $0.667$."),
    ("B", "The answer is $\\boxed{B}$. The other options (A, C, D) do not satisfy the condition."),
    ("5", "The answer is $\\boxed{5}$. For comparison, the naive estimate was 8."),
    ("5", "The answer is $\\boxed{5}$ (compare Problem 6)."),
    ("24", "The answer is $\\boxed{24}$. Note that 4! = 24."),
    ("7", "The answer is $\\boxed{7}$. This agrees with the 3 cases checked above.\n"),
    ("\\frac{1}{2}", "The answer is $\\boxed{\\frac{1}{2}}$, or $0.5$."),
    ("x^2+1", "The answer is $\\boxed{x^2+1}$, which at $x = 1$ gives $2$."),
    ("B", "The answer is $\\boxed{B}$. I checked each option."),
    ("B", "The answer is $\\boxed{B}$. Option A is too small and C is too large."),
    ("B", "The answer is $\\boxed{B}$, since A fails."),
    ("B", "The answer is $\\boxed{B}$ (12 cm)."),
    ("\\sqrt{2}", "The answer is $\\boxed{\\sqrt{2}}$, which is about $1.414$."),
    ("2\\pi", "The answer is $\\boxed{2\\pi}$, or $6.28$ to two decimals."),
    ("\\frac{1}{2}", "The answer is $\\boxed{\\frac{1}{2}}$. Also, note $\\frac{1}{2} = 0.5$."),
    ("3", "The answer is $\\boxed{x=3}$. Plugging $x=3$ back in works."),
    ("x^2", "The answer is $\\boxed{x^2}$, where $x$ is the side length."),
    ("(1,2)", "The answer is $\\boxed{(1,2)}$, that is, the set of $x$ with $1 < x < 2$."),
    ("B", "The answer is $\\boxed{B}$ because $f(2) = 4$ is the only match."),
    ("\\frac{3}{4}", "The answer is $\\boxed{\\frac{3}{4}}$; in lowest terms, $\\frac{3}{4}$."),
    ("C", "The answer is (C). Choices A and B fail the test.\n"),
    ("5", "The answer is 5. It took 3 steps to get there."),
    ("5", "#### 5\nShe has 2 cats and 3 dogs."),
    ("5", "Answer: 5 (since 2 + 3 = 5)"),
    ("18", "The answer is 18, because 3 boxes hold 6 each."),
    ("5", "The answer is $\\boxed{5}$. Also, note that 6 would overcount the corner."),
    ("5", "The answer is $\\boxed{5}$, or five in words."),
    ("5", "The answer is $\\boxed{5}$. If we had counted the corner, we would get 6."),
    ("5", "The answer is $\\boxed{5}$. The alternative reading gives 6, which the problem rules out."),
    ("5", "The answer is $\\boxed{5}$. (Problem 6 uses the same idea.)"),
    ("5", "The final answer is 5. Checking 6 instead fails the second condition."),
    ("12", "The answer is $\\boxed{12}$ cm, that is, 120 mm."),
    ("5", "The answer is $\\boxed{5}$. Step 6: we are done."),
    ("100", "The answer is $\\boxed{100}$ (about 10% of the 1000 tickets)."),
    ("5", "The answer is 5. The other 6 cases were ruled out above.\n"),
    ("12", "The answer is $\\boxed{12}$ hours, or 720 minutes."),
    ("5", "The answer is $\\boxed{5}$ apples. She started with 8 and gave away 3."),
    ("5", "The answer is $\\boxed{5}$. Note that 6 would not work because 6 is even."),
    ("5", "The answer is $\\boxed{5}$, which is 1 more than 4."),
    ("5", "The answer is $\\boxed{5}$ (that is, 2 + 3)."),
    ("5", "The answer is $\\boxed{5}$. It is the only answer greater than 4."),
    ("0.25", "The answer is $\\boxed{0.25}$, or 25%."),
    ("0.75", "The answer is $\\boxed{\\frac{3}{4}}$, or 0.75."),
    ("1", "The answer is $\\boxed{1}$. Also, if n = 2, the formula gives 1 as well."),
    ("7", "The answer is $\\boxed{7}$\n\nStep 8: Done."),
    ("7", "The answer is $\\boxed{7}$ days. After 7 days, the snail reaches 10 feet."),
    ("5", "$\\boxed{5}$\n\nVerification: if x = 5, then 2x + 1 = 11, which checks out."),
    ("5", "$\\boxed{5}$\n\nTo double-check: with 3 red and 2 blue, we get 5 marbles total."),
    ("5", "The answer is $\\boxed{5}$. If we had included 0, we would get 6, but 0 is not allowed."),
    ("5", "The answer is $\\boxed{5}$. If zero were allowed, the answer would be 6, but it is not."),
    ("5", "The answer is $\\boxed{5}$, not 6."),
    ("5", "The answer is $\\boxed{5}$. Checking 6 instead gives a contradiction."),
    ("70", "The total is $\\boxed{70}$ dollars, or 7000 cents."),
    ("5", "The answer is $\\boxed{5}$. Among the 6 candidates, only this one works."),
    ("5", "The answer is $\\boxed{5}$. There are 6 cases in all, and 5 of them work."),
    ("3", "The answer is $\\boxed{3}$. (We get 3 from 12 / 4.)\n"),
    ("7", "First, $a = \\boxed{3}$. Also, $b = \\boxed{4}$. So the answer is $\\boxed{7}$."),
    ("5", "We get $\\boxed{5}$. Also, $\\boxed{5}$ is the smallest such number."),
    ("5", "So $x = \\boxed{5}$, and we need 2 or more of them, so the answer is $\\boxed{5}$."),
    ("5", "The answer is $\\boxed{5}$, since 6 or more would exceed the budget."),
    ("5", "The answer is $\\boxed{5}$. In other words, 5 of the 6 students passed."),
    ("5", "The answer is $\\boxed{5}$, which is the number of primes below 12."),
    ("5", "The answer is $\\boxed{5}$. Remember that 1 is not a prime."),
    ("5", "The answer is $\\boxed{5}$ (the 3rd prime), as expected."),
    ("120", "The answer is $\\boxed{120}$, which is 5!."),
    ("10", "The answer is $\\boxed{10}$. This matches the answer key, which also says 10."),
    ("10", "The answer is $\\boxed{10}$. The probability is therefore 10 out of 36, or about 28%.\n"),
]



@pytest.mark.parametrize("gold, output", BOX_ATTACKS + PHRASE_ATTACKS + HASHES_ATTACKS + OTHER_ATTACKS)
def test_an_answer_with_another_value_offered_after_it_is_not_credited(gold: str, output: str) -> None:
    for policy in ("reward", "eval"):
        v = mathgrade.grade(output, gold, policy=policy)
        assert not v.correct, (policy, v.explain())


@pytest.mark.parametrize("gold, output", [(g, o) for g, o in BOX_ATTACKS if "nswer: 6" not in o])
def test_nor_is_the_value_offered_after_a_box(gold: str, output: str) -> None:
    # (not when a later answer phrase states it, "Final answer: 6": the rules rank the marked answers, and the last
    # one given as final is taken; the box is not credited either way)
    v = mathgrade.grade(output, "6", policy="reward")
    assert not v.correct, v.explain()


@pytest.mark.parametrize("gold, output", CONTROLS)
def test_a_remark_that_offers_no_other_value_leaves_the_answer_credited(gold: str, output: str) -> None:
    for policy in ("reward", "eval"):
        v = mathgrade.grade(output, gold, policy=policy)
        assert v.correct, (policy, v.explain())
