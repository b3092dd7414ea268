"""A second value offered inside the answer, or an answer given by cases, commits to no single value: a parenthetical
after a box's number (``42 \\text{ (or 43)}``, ``(i.e. 43)``, ``(43)``), a second case (``42 \\text{ if } n
\\text{ even, } 43 \\text{ otherwise}``, "The answer is 42 if n is even, 43 otherwise"), two boxes set side by side
as options (``|``, ``\\mid``, "vs") or joined by ``\\&``. Each attack was credited for its first value before (found
by probing the reward policy). The controls: a parenthetical that restates the same number, or only annotates it
(a unit, a base, a remark), and one answer with its condition."""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._read import read

OFFERED = ["42 \\text{ (or 43)}", "42 \\text{ (i.e. 43)}", "42 \\text{ (approx. 43)}", "42 \\text{ (43)}",
           "42 \\text{ (or } 43)", "42 \\text{ (that is, 43)}", "42 \\text{ (about 43)}", "42 \\text{ (or 43\\%)}",
           "42 \\text{ (or 43/2)}"]


@pytest.mark.parametrize("inside", OFFERED)
@pytest.mark.parametrize("gold", ["42", "43"])
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_a_box_offering_a_second_value_is_not_credited(inside: str, gold: str, policy: str) -> None:
    v = mathgrade.grade(f"The answer is $\\boxed{{{inside}}}$.", gold, policy=policy)
    assert not v.correct, v.explain()


def test_the_reader_names_both_values() -> None:
    reading = read("42 \\text{ (or 43)}")
    assert reading.value is None and reading.error is not None
    assert "two values" in str(reading.error) and "'43'" in str(reading.error)


@pytest.mark.parametrize(("inside", "gold"), [
    ("\\frac12 \\text{ (or 0.5)}", "0.5"), ("42 \\text{ (or 42.0)}", "42"), ("42 \\text{ (i.e. 42)}", "42"),
    ("17 \\text{ (meters)}", "17"), ("1010 \\text{ (in base 2)}", "1010"), ("42 \\text{ (the number of ways)}", "42"),
    ("n^2, \\text{if } n \\text{ is even}", "n^2"), ("42 \\text{ for } n > 2", "42"),
])
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_a_restatement_or_an_annotation_stays_credited(inside: str, gold: str, policy: str) -> None:
    v = mathgrade.grade(f"The answer is $\\boxed{{{inside}}}$.", gold, policy=policy)
    assert v.correct, v.explain()


@pytest.mark.parametrize("output", [
    "$\\boxed{42 \\text{ if } n \\text{ even, } 43 \\text{ otherwise}}$",
    "$\\boxed{42, \\text{ otherwise } 43}$",
    "The answer is 42 if n is even, 43 otherwise.",
    "The answer is 42 if n is even and 43 otherwise.",
    "The answer is $42$ when $n$ is even, and $43$ otherwise.",
    "The answer is 42 if we count the empty set, 41 in all other cases.",
])
@pytest.mark.parametrize("gold", ["42", "43", "41"])
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_an_answer_by_cases_is_not_credited_for_one_case(output: str, gold: str, policy: str) -> None:
    assert not mathgrade.grade(output, gold, policy=policy).correct


@pytest.mark.parametrize("output", [
    "The answer is 42 if n is even.", "The answer is 42 for every n, otherwise the sum diverges.",
    "The answer is 42, since otherwise the sum would exceed 100.", "The answer is $\\boxed{42}$, for $n > 2$.",
])
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_one_answer_with_its_condition_stays_credited(output: str, policy: str) -> None:
    v = mathgrade.grade(output, "42", policy=policy)
    assert v.correct, v.explain()


@pytest.mark.parametrize("gap", [" | ", " \\mid ", " vs ", " vs. ", " versus ", " \\vert "])
@pytest.mark.parametrize("gold", ["42", "43"])
def test_two_boxes_set_side_by_side_as_options_are_ambiguous(gap: str, gold: str) -> None:
    v = mathgrade.grade(f"$\\boxed{{42}}${gap}$\\boxed{{43}}$", gold, policy="reward")
    assert (v.status.value, v.correct) == ("ambiguous", False), v.explain()


def test_two_boxes_joined_by_an_escaped_ampersand_are_one_answer_in_two_parts() -> None:
    assert mathgrade.grade("$\\boxed{2}$ \\& $\\boxed{3}$", "2, 3", policy="reward").correct
    assert not mathgrade.grade("$\\boxed{2}$ \\& $\\boxed{3}$", "3", policy="reward").correct


@pytest.mark.parametrize("inside", [
    "42 \\text{ at most}", "42 \\text{ at least}", "42 \\text{ (lower bound)}", "42 \\text{ (estimate)}",
    "42 \\text{ (approximately)}", "42 \\text{ (at most)}", "42 \\text{ or more}", "42 \\text{ and above}",
])
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_a_bound_or_an_estimate_is_not_the_value(inside: str, policy: str) -> None:
    # (the words were dropped as an annotation of the number before: "42 at most" was credited for 42)
    v = mathgrade.grade(f"The answer is $\\boxed{{{inside}}}$.", "42", policy=policy)
    assert not v.correct, v.explain()


@pytest.mark.parametrize("inside", ["42 \\text{ apples}", "42 \\text{ (apples)}", "42\\text{ cm}",
                                    "42 \\text{ (minimum)}", "42 \\text{ ways}"])
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_a_count_noun_or_a_unit_after_the_value_stays_credited(inside: str, policy: str) -> None:
    v = mathgrade.grade(f"The answer is $\\boxed{{{inside}}}$.", "42", policy=policy)
    assert v.correct, v.explain()
