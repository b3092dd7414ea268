"""Kinds of answers from issue 15 that extraction must find, or must not: each kind with answers that are right
(credited) and answers that are wrong or not committed (not credited). The examples are written for the tests."""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade import Status

_CUT = "Let me think about the geometry of this problem once more. " * 60  # a long output (over 3,000 characters)


def _grade(output: str, gold: str, **options: object) -> mathgrade.Verdict:
    return mathgrade.grade(output, gold, **options)  # type: ignore[arg-type]


# -- 1. Chinese exam answer markers --------------------------------------------------------------------------------
@pytest.mark.parametrize("output, gold", [
    ("【解析】因为 x>0 ... <eoe>\n【答案】: A <eoa>", "A"),
    ("【答案】C", "C"),
    ("【解析】略\n【答案】乙去过的城市为 A", "A"),
    ("由此可知，所以选C.", "C"),
    ("综上，故选：B", "B"),
    ("所以答案为 D <eoe>", "D"),
    ("【答案】（Ｂ）", "B"),
    ("解：由题意得 a=2，故选 Ｄ．", "D"),
    ("【答案】 3 <eoa>", "3"),
    ("因为 2x=6，所以 x 的值为 3。\n【答案】x的值为3", "3"),
])
def test_chinese_exam_markers_are_marked_answers(output: str, gold: str) -> None:
    for policy in ("eval", "reward"):
        assert _grade(output, gold, policy=policy).correct, (output, policy)


@pytest.mark.parametrize("output, gold", [
    ("综上，故选：B", "C"),
    ("【答案】C", "D"),
    ("【答案】 3 <eoa>", "4"),
    ("【解析】略\n【答案】乙去过的城市为 A", "B"),
    ("若选A则矛盾，故选：B", "A"),  # the last marker is the answer
])
def test_chinese_exam_markers_do_not_credit_another_answer(output: str, gold: str) -> None:
    assert not _grade(output, gold).correct


def test_the_answer_stops_at_the_end_of_answer_tag() -> None:
    c = mathgrade.extract("【答案】 12 <eoa> 后面的内容 99")[0]
    assert c.text == "12"


# -- 15. an output cut off before any final answer -----------------------------------------------------------------
@pytest.mark.parametrize("ending", [
    "So the angular resolution is about 10^{-5} radians, but this seems too small compared to the angular",
    "We get x = 5, and then we",
    "Now the total is \\[ x = 5 + ",
    "The value we need is y = 7 and therefore \\[\n\\frac{7}{2} + 3",
    "Therefore z =",
])
def test_a_cut_off_output_is_not_credited_through_a_number_in_its_working(ending: str) -> None:
    v = _grade(_CUT + ending, "5" if "5" in ending else "7")
    assert not v.correct and v.status == Status.NO_ANSWER, v


def test_a_cut_off_output_keeps_its_marked_answer() -> None:
    assert _grade(_CUT + "The answer is $\\boxed{5}$. Now let me double-check the", "5").correct


def test_a_long_finished_output_keeps_its_last_number() -> None:
    assert _grade(_CUT + "So the total is 42.", "42").correct
    assert _grade(_CUT + "So the total is 42", "42").correct  # no period, but a number on the last line


# -- 25. the plain final line; powers side by side; full-width digits; mathematical letters -----------------------
@pytest.mark.parametrize("output, gold, correct", [
    ("So the result is\n2.88e16", "2.88e16", True),
    ("So the result is\n2.88e16", "2.88", False),
    ("The roots are\n1,-2", "1, -2", True),
    ("The roots are\n1,-2", "-2", False),
    ("The plane is\n5x-7y+11z+4=0", "5x-7y+11z+4=0", True),
    ("The plane is\n5x-7y+11z+4=0", "0", False),
    ("We find the answer\n(1, 2)", "(1,2)", True),
    ("We find the answer\n(1, 2)", "2", False),
    ("The mass is 3.2e-5 kg.", "3.2e-5", True),
    ("\\boxed{2^{k} 2^{-n}}", "2^{k-n}", True),
    ("\\boxed{2^{k} 2^{-n}}", "2^{k+n}", False),
    ("\\boxed{2^6 3^5 5^4}", "2^6 \\cdot 3^5 \\cdot 5^4", True),
    ("\\boxed{１２３}", "123", True),
    ("\\boxed{１２３}", "124", False),
    ("\\boxed{𝑥+1}", "x+1", True),
    ("\\boxed{𝑥+1}", "x+2", False),
])
def test_final_lines_and_unusual_characters(output: str, gold: str, correct: bool) -> None:
    assert _grade(output, gold).correct is correct


def test_a_final_line_is_not_taken_when_it_is_an_unfinished_step() -> None:
    assert mathgrade.extract("Plug in s:\n\nt = 240 - 9 / s = 240 - 36")[0].rule != "final_line"
    assert mathgrade.extract("(A) 1\n(B) 2", choices=True)[0].rule == "option_list"


def test_a_number_after_a_number_still_does_not_multiply() -> None:
    assert mathgrade.read("2 3").value is None
    assert mathgrade.read("2^{3} 4").value is None  # only a power beside a power multiplies
