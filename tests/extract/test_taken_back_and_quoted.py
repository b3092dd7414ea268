"""A box the text takes back right after it ("— no, that's wrong", "Wait, that's not right.", "Scratch that.",
"(incorrect)", "✗"), or one given as an example, a format, a common mistake or what someone else might say ("e.g.
$\\boxed{42}$", "Write your answer as $\\boxed{42}$", "A common mistake is to answer $\\boxed{42}$", "Had we used
$\\boxed{42}$"), is not the output's answer. Each attack was credited before (found by probing the reward policy).
The controls: a contrastive turn to the answer ("Initially I thought 40, but the answer is $\\boxed{42}$", refused
as a supposition before), words of agreement after the box, a box the text corrects with a later one."""

from __future__ import annotations

import pytest

import mathgrade

TAKEN_BACK = [" — no, that's wrong.", ". Hmm, no.", ". Wait, that's not right.", ". Scratch that.", ". Never mind.",
              ". Oops.", " (incorrect)", " ✗", " ❌", ", which is wrong.", ". No, wait.", ". Actually, it's wrong."]
QUOTED = ["e.g. $\\boxed{42}$", "The answer, e.g. $\\boxed{42}$, is only a form.", "Write your answer as $\\boxed{42}$.",
          "An example answer would be $\\boxed{42}$.", "A sample output: $\\boxed{42}$", "Placeholder: $\\boxed{42}$",
          "Answer format: $\\boxed{42}$", "Had we used $\\boxed{42}$, it would fail.",
          "A common mistake is to answer $\\boxed{42}$.", "Someone might say $\\boxed{42}$.",
          "Many students answer $\\boxed{42}$."]


@pytest.mark.parametrize("after", TAKEN_BACK)
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_a_box_taken_back_is_not_credited(after: str, policy: str) -> None:
    v = mathgrade.grade("So the sum is $\\boxed{42}$" + after, "42", policy=policy)
    assert not v.correct, v.explain()
    if policy == "reward":
        assert (v.status.value, v.rule) == ("no_answer", "answer.withdrawn"), v.explain()


@pytest.mark.parametrize("output", QUOTED)
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_a_box_given_as_an_example_or_a_mistake_is_not_credited(output: str, policy: str) -> None:
    v = mathgrade.grade(output, "42", policy=policy)
    assert not v.correct, v.explain()


@pytest.mark.parametrize("output", [
    "Initially I thought 40, but the answer is $\\boxed{42}$.",
    "A common mistake gives 40, but the correct answer is $\\boxed{42}$.",
    "Many students answer 40, but the answer is $\\boxed{42}$.",
    "Maybe 40, but actually the answer is $\\boxed{42}$.",
    "So the sum is $\\boxed{42}$. That is correct.", "So the sum is $\\boxed{42}$. It's not hard to check.",
    "So the sum is $\\boxed{42}$ ✓", "So the sum is $\\boxed{42}$, which is the correct answer.",
    "So the sum is $\\boxed{42}$. This is the sample mean.",
    "So the sum is $\\boxed{40}$. Wait, that's not right. The sum is $\\boxed{42}$.",
])
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_the_answer_after_a_turn_or_with_agreement_is_credited(output: str, policy: str) -> None:
    v = mathgrade.grade(output, "42", policy=policy)
    assert v.correct, v.explain()


@pytest.mark.parametrize("output", ["Suppose the answer is $\\boxed{42}$.",
                                    "Suppose x = 3, but then the answer would be $\\boxed{42}$.",
                                    "Suppose we try 40, but then the answer is $\\boxed{42}$."])
def test_a_turn_that_stays_hypothetical_is_still_a_supposition(output: str) -> None:
    assert not mathgrade.grade(output, "42", policy="reward").correct


@pytest.mark.parametrize("output", ["We can rule out $x = \\boxed{6}$.", "It is not $x = \\boxed{6}$, the value is unclear",
                                    "We cannot have $x = \\boxed{6}$.", "The answer is not $n = \\boxed{6}$.",
                                    "We can rule out $a_1 = \\boxed{6}$."])
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_a_negated_box_given_to_a_name_is_not_credited(output: str, policy: str) -> None:
    # (the negation's anchor stopped at "x =": the box answered 6 under both policies)
    v = mathgrade.grade(output, "6", policy=policy)
    assert not v.correct, v.explain()


@pytest.mark.parametrize("output", ["So $x = \\boxed{6}$.", "Thus $x = \\boxed{6}$, not 7.", "We get $a_1 = \\boxed{6}$.",
                                    "It is not hard to see that $x = \\boxed{6}$."])
def test_a_box_given_to_a_name_stays_credited(output: str) -> None:
    assert mathgrade.grade(output, "6", policy="reward").correct
