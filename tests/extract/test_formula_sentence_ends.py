"""Two shapes of MATH's own solutions that the reward policy refused, and the attacks each fix must still refuse.

- A sentence that ends with a point inside its formula ("we can take $z = 1.$  Hence, the minimum value is
  $\\boxed{2}.$"): the sentence before the answer was taken to run on over it, and "For example, we can take ..."
  made the answer a trial (``answer.supposed``). ``.$ `` now ends a sentence as ``. `` does.
- A box given a name at the end of its formula ("$36 - 7 - 2 - 10 = \\boxed{17} = x$"): the ``= x`` was read as an
  operation on the box (``answer.partial_expression``). A name alone, closing the formula, now states its value; any
  operation after the name, or a value in its place, still makes the box a piece of a longer expression.
"""

from __future__ import annotations

from typing import List, Tuple

import pytest

import mathgrade

CREDITED: List[Tuple[str, str]] = [
    ("For example, we can take $x = 1,$ $y = \\sqrt{2} - 1,$ and $z = 1.$  Hence, the minimum value is $\\boxed{2}.$",
     "2"),
    ("Suppose $x = 2.$ Then we get $\\boxed{2}$.", "2"),
    ("Let's try $n = 4.$ It works, so the answer is $\\boxed{4}$.", "4"),
    ("Maybe $x$ is larger than $1.$ Checking, $x = 3$ works: $\\boxed{3}$.", "3"),
    ("Then we simply subtract: $36 - 7 - 2 - 10 = \\boxed{17} = x$.", "17"),
    ("So $36 - 7 - 2 - 10 = \\boxed{17} = x.$", "17"),
    ("$\\boxed{17} = n_1$", "17"),
    ("$$2 + 15 = \\boxed{17} = N$$", "17"),
]

REFUSED: List[Tuple[str, str, str]] = [
    # the sentence before still reaches the answer when no sentence ends between
    ("Suppose $x = 2$, then we get $\\boxed{2}$.", "2", "answer.supposed"),
    ("Maybe it is $\\boxed{3}$.", "3", "answer.hedged"),
    ("For example, we can take $z = 1$ and get $\\boxed{2}$.", "2", "answer.supposed"),
    # a point inside a formula that ends no sentence
    ("Suppose $x = 2.5$ then we get $\\boxed{2}$.", "2", "answer.supposed"),
    # something other than a name after the box
    ("$\\boxed{17} = x + 1$", "17", "answer.partial_expression"),
    ("$\\boxed{17} = 2$", "17", "answer.partial_expression"),
    ("$\\boxed{17} = x^2$", "17", "answer.partial_expression"),
    ("$\\boxed{17} = x_1 + 3$", "17", "answer.partial_expression"),
    ("$\\boxed{17} + x$", "17", "answer.partial_expression"),
    ("$\\boxed{17} = x - 1.$", "17", "answer.partial_expression"),
]


@pytest.mark.parametrize("policy", ["reward", "eval"])
@pytest.mark.parametrize("output, gold", CREDITED)
def test_credited(output: str, gold: str, policy: str) -> None:
    v = mathgrade.grade(output, gold, policy=policy)
    assert v.correct, v.explain()
    assert not mathgrade.grade(output, str(int(gold) + 1), policy=policy).correct


@pytest.mark.parametrize("output, gold, rule", REFUSED)
def test_refused(output: str, gold: str, rule: str) -> None:
    v = mathgrade.grade(output, gold, policy="reward")
    assert not v.correct and v.rule == rule, v.explain()
