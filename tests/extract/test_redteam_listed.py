"""Red team, boxed values listed as the items of a list (family 9): "1. $\\boxed{42}$\\n2. $\\boxed{43}$", "- ..",
"* ..", "1) ..", a loose list with blank lines. Before, each line was a separate statement and the last box was taken
(credited against 43), and a box after "- " or "* " at a line's start was read as the right side of a subtraction or
a product (the earlier item was refused as a piece of an expression). Now the items of one list, with nothing but
list markers, line breaks and blank lines between them, are one answer in parts, as boxes on consecutive lines were
already: a two-part gold is credited, one of the values is not. Two displays apart by a blank line alone stay
separate statements (the later is the answer)."""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._extract import _rules

LISTS = [
    "The answer is one of:\n1. $\\boxed{42}$\n2. $\\boxed{43}$",
    "The answer is one of:\n- $\\boxed{42}$\n- $\\boxed{43}$",
    "Possible answers:\n* $\\boxed{42}$\n* $\\boxed{43}$",
    "Possible answers:\n+ \\boxed{42}\n+ \\boxed{43}",
    "Final answer:\n\n- $\\boxed{42}$\n\n- $\\boxed{43}$",
    "1) \\boxed{42}\n2) \\boxed{43}",
    "(1) \\boxed{42}\n(2) \\boxed{43}",
    "  - $$\\boxed{42}$$\n  - $$\\boxed{43}$$",
    "答案如下：\n- $\\boxed{42}$\n- $\\boxed{43}$",
]


@pytest.mark.parametrize("output", LISTS)
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_boxes_listed_as_items_are_one_answer_in_parts(output: str, policy: str) -> None:
    for gold in ("42", "43"):
        v = mathgrade.grade(output, gold, policy=policy)
        assert not v.correct, v.explain()
    v = mathgrade.grade(output, "42, 43", policy=policy)
    assert v.correct, v.explain()


@pytest.mark.parametrize("output, gold", [
    ("Answer:\n- $\\boxed{43}$\n- checked by substitution", "43"),
    ("1. First we get $\\boxed{12}$ apples.\n2. Then the total is $\\boxed{43}$.", "43"),
    ("\\[ \\boxed{\\text{Yes}} \\]\n\n\\[ \\boxed{43} \\]", "43"),
    ("We get $\\boxed{12}$.\n\nSo the answer is $\\boxed{43}$.", "43"),
    ("$\\boxed{43}$\n- $\\boxed{43}$", "43"),
])
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_boxes_with_words_between_them_or_apart_by_a_blank_line_are_separate(output: str, gold: str,
                                                                             policy: str) -> None:
    v = mathgrade.grade(output, gold, policy=policy)
    assert v.correct, v.explain()


@pytest.mark.parametrize("gap, kind", [
    ("$\n- $", "join"), ("\n\n1. ", "join"), ("$\n\n* $", "join"), ("\n(2) ", "join"), ("\n\n", None),
    (" - ", None), ("\n- so ", None), ("\n" + " " * 90 + "- ", None), ("\n", "join"),
])
def test_the_gap_between_two_listed_boxes(gap: str, kind: object) -> None:
    assert _rules._gap_kind(gap) == kind


@pytest.mark.parametrize("output, rule", [
    ("Maybe:\n- $\\boxed{42}$\n- $\\boxed{43}$", "answer.hedged"),
    ("Maybe:\n- $\\boxed{41}$\n- $\\boxed{42}$\n- $\\boxed{43}$", "answer.hedged"),
    ("假设答案是：\n- $\\boxed{42}$\n- $\\boxed{43}$", "answer.supposed"),
])
def test_words_that_refuse_the_first_item_of_a_list_refuse_every_item(output: str, rule: str) -> None:
    # (before, the hedge reached the first item only, and the last was credited: "Maybe:\n- 42\n- 43" answered 43)
    v = mathgrade.grade(output, "43", policy="reward")
    assert (v.correct, v.rule) == (False, rule), v.explain()


@pytest.mark.parametrize("output", [
    "Suppose the answer were:\n- $\\boxed{42}$\n- $\\boxed{40}$\nSo the answer is $\\boxed{43}$.",
    "$2 \\times \\boxed{6}$\n$\\boxed{43}$",  # (a piece of an expression does not reach the next line's box)
    "Maybe $\\boxed{42}$.\n\nChecking every case, the answer is $\\boxed{43}$.",
])
def test_a_refusal_reaches_no_box_after_the_list(output: str) -> None:
    v = mathgrade.grade(output, "43", policy="reward")
    assert v.correct, v.explain()
