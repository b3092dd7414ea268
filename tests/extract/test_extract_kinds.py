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
    "Given that at \\( y = 7 \\), \\( q_d",  # stops inside an inline formula it opened
])
def test_a_cut_off_output_is_not_credited_through_a_number_in_its_working(ending: str) -> None:
    v = _grade(_CUT + ending, "5" if "5" in ending else "7")
    assert not v.correct and v.status == Status.NO_ANSWER, v
    assert "the output looks cut off before its answer" in v.reason, v.reason


def test_a_no_answer_verdict_says_why_when_it_can() -> None:
    assert _grade("Nothing here.", "5").reason == "no final answer found in the output"
    assert _grade(_CUT + "Nothing here.", "5").reason == "no final answer found in the output"  # finished
    assert "cut off while thinking" in _grade("<think>So it is 5", "5", policy="reward").reason
    assert "takes only an answer marked as final" in _grade("So it is 5.", "5", policy="reward").reason


def test_a_cut_off_output_keeps_its_marked_answer() -> None:
    assert _grade(_CUT + "The answer is $\\boxed{5}$. Now let me double-check the", "5").correct


def test_a_long_finished_output_keeps_its_last_number() -> None:
    assert _grade(_CUT + "So the total is 42.", "42").correct
    assert _grade(_CUT + "So the total is 42", "42").correct  # no period, but a number on the last line
    assert _grade(_CUT + "So the total is \\( 42 \\).", "42").correct  # inline formulas, all closed


_LOOP = ("But the problem asks for the mass of the nucleus itself, so the electrons must be taken away.\n\n"
         "However, if I add the masses of the protons and neutrons, I get 4.031882 amu instead.\n\n"
         "So the mass should be the atomic mass minus the two electrons, which is 4.001505 amu.\n\n")


def test_an_output_caught_in_a_repetition_loop_is_not_credited_through_its_last_number() -> None:
    looping = _CUT + "\n\n" + _LOOP * 4 + "Therefore, I should use 4.031882 amu"
    for gold in ("4.031882", "4.001505"):
        v = _grade(looping, gold)
        assert not v.correct and v.status == Status.NO_ANSWER and "repetition loop" in v.reason, v
    # a marked answer is kept; a block of paragraphs said twice is not a loop
    assert _grade(looping + ".\n\nThe answer is $\\boxed{4.031882}$.", "4.031882").correct
    said_twice = _CUT + "\n\n" + _LOOP + "Let me check once more.\n\n" + _LOOP + "So the mass is 4.001505 amu."
    assert _grade(said_twice, "4.001505").correct


_THOUGHT = "<|begin_of_thought|>\n" + _CUT + "So there are 6 such intervals.\n\n**Final Answer**\n\\[ \\boxed{6} \\]\n" \
    "<|end_of_thought|>\n\n<|begin_of_solution|>\n\nWe look at the sign on each interval:\n"


@pytest.mark.parametrize("write_up, answer", [
    ("- For \\( 8 < x < 9 \\): negative.\n- For \\( 9 < x < 10 \\): \\( p(x)", "6"),  # cut off, mid-formula
    ("- For \\( 8 < x < 9 \\): negative.\n- For \\( 9 < x < 10 \\): positive.", "6"),  # cut off, mid-list
    ("Counting them, the answer is \\(\\boxed{5}\\).\n<|end_of_solution|>", "5"),  # the write-up's own mark
    ("There are 11 intervals, and the answer is 5.\n<|end_of_solution|>", "5"),  # a final-answer phrase marks it
])
def test_a_write_up_without_its_marked_answer_falls_back_to_the_one_marked_at_the_end_of_the_thinking(
        write_up: str, answer: str) -> None:
    for gold in ("6", "5", "11"):
        v = _grade(_THOUGHT + write_up, gold)
        assert v.correct == (gold == answer), (gold, v)
    # the reward policy takes nothing from the thinking: only the write-up's own marked answer counts
    v = _grade(_THOUGHT + write_up, answer, policy="reward")
    assert v.correct == (answer != "6"), v


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


# -- 14. <answer>...</answer> after a <think> block ----------------------------------------------------------------
@pytest.mark.parametrize("output, gold, correct", [
    ("<think>the answer is 5, no wait</think> Let me write it: \\boxed{3} <answer>7</answer>", "7", True),
    ("<think>the answer is 5, no wait</think> Let me write it: \\boxed{3} <answer>7</answer>", "3", False),
    ("<think>x</think><answer>\\frac{1}{2}</answer>", "0.5", True),
    ("<think>x</think><answer>The answer is $\\boxed{12}$.</answer>", "12", True),
    ("<think>... \\boxed{7} </think> <answer>5</answer>", "7", False),
    ("<think>... \\boxed{7} </think> <answer>5</answer>", "5", True),
    ("<answer>(B)</answer>", "B", True),
    ("<answer>(B)</answer>", "C", False),
])
def test_an_answer_tag_is_the_marked_answer(output: str, gold: str, correct: bool) -> None:
    for policy in ("eval", "reward"):
        assert _grade(output, gold, policy=policy).correct is correct, policy


def test_an_unclosed_answer_tag_is_not_an_answer_tag() -> None:
    assert all(c.rule != "answer_tag" for c in mathgrade.extract("<answer>7 and then"))


# -- 24. a box the text withdraws: neither policy credits it -------------------------------------------------------
@pytest.mark.parametrize("output", [
    "Suppose the answer were $\\boxed{6}$. Then the sum is odd, a contradiction.",
    "It is definitely not $\\boxed{6}$.",
    "We first guessed $\\boxed{6}$, but $\\boxed{6}$ is wrong.",
    "Assuming $x = \\boxed{6}$, we get a contradiction.",
    "Here is the LaTeX:\n```latex\n\\boxed{6}\n```",
])
def test_a_withdrawn_box_is_credited_by_no_policy(output: str) -> None:
    for policy in ("eval", "reward"):
        assert not _grade(output, "6", policy=policy).correct, policy


def test_the_answer_the_text_commits_to_after_a_withdrawn_box() -> None:
    out = "Suppose the answer were $\\boxed{6}$. Then the sum is odd, a contradiction, so the answer is $7$."
    for policy in ("eval", "reward"):
        assert _grade(out, "7", policy=policy).correct
    assert _grade("It is not $\\boxed{6}$ but $\\boxed{7}$.", "7").correct


def test_boxes_that_are_not_withdrawn_still_count() -> None:
    assert _grade("If $n = 5$, the sum is $\\boxed{15}$.", "15").correct  # a condition of the problem
    assert _grade("This is not hard: the answer is $\\boxed{6}$.", "6").correct
    assert _grade("```python\nprint(6)\n```\n```output\n6\n```\nSo the answer is $\\boxed{6}$.", "6").correct


def test_a_number_in_a_program_is_no_answer_but_its_output_is() -> None:
    assert not _grade("```python\nx = 6\nprint(x)\n```", "6").correct
    assert _grade("```python\nprint(2 * 3)\n```\n```output\n6\n```", "6").correct


# -- 20. alternatives merged into one answer; 17. several letters for one -----------------------------------------
@pytest.mark.parametrize("output, gold", [
    ("\\boxed{\\text{(B)} \\text{ or } \\text{(A)}}", "B"),
    ("\\boxed{1,2,3 \\text{ or } 1,2}", "1,2,3"),
    ("\\boxed{1,2,3 \\text{ or } 1,2}", "1,2"),
    ("$\\boxed{1,2}$, $\\boxed{2}$", "1,2"),
    ("\\boxed{(A), (C), (E)}", "C"),
    ("The answers are (A), (C) and (E).", "C"),
])
def test_alternatives_in_one_answer_are_not_credited(output: str, gold: str) -> None:
    for policy in ("eval", "reward"):
        assert not _grade(output, gold, policy=policy).correct, policy


def test_one_answer_in_several_parts_still_counts() -> None:
    assert _grade("\\boxed{x = 2 \\text{ or } x = 3}", "2, 3").correct  # the solutions of an equation
    assert _grade("the sequences are $\\boxed{-2, -1, 0}$ and $\\boxed{10, 11, 12}$", "-2,-1,0,10,11,12").correct
    assert _grade("\\boxed{(B)}", "B").correct


# -- 26. percent in prose -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("output, gold, correct", [
    ("So the probability is 25%.", "\\frac14", True),
    ("So the probability is 25 percent.", "\\frac14", True),
    ("So the probability is 25 per cent.", "0.25", True),
    ("The answer is 25 percent.", "\\frac14", True),
    ("So the probability is 25%.", "25", True),  # a percent sign may be dropped
    ("So the probability is 25%.", "\\frac13", False),
    ("So the probability is 25 percent.", "\\frac{3}{10}", False),
    ("So the probability is 0.25.", "25", False),  # no silent ×100
])
def test_a_percent_in_prose_keeps_its_sign(output: str, gold: str, correct: bool) -> None:
    assert _grade(output, gold).correct is correct


# -- 6. a final answer only in prose (eval policy) -----------------------------------------------------------------
def test_the_last_sentence_states_the_answer_after_a_formula() -> None:
    out = "Each item costs $\\frac{26}{2} = 13$ dollars.\n\nSo she gets $7.00 in change."
    assert _grade(out, "7").correct
    assert not _grade(out, "13").correct
    assert not _grade(out, "7", policy="reward").correct  # nothing is marked


# -- 4. multi-part answers -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("output, gold, correct", [
    ("$\\boxed{a=-2}$ and $\\boxed{b=-2}$", "-2, -2", True),
    ("So $a = -2$ and $b = -2$.", "-2, -2", True),
    ("Thus x = 3, y = 4.", "3, 4", True),
    ("So a = -2 and b = -2.", "-2", False),
    ("$\\boxed{a=-2}$ and $\\boxed{b=3}$", "-2, -2", False),
    ("So $a = -2$ and $b = 3$.", "-2, -2", False),
])
def test_several_unknowns_answer_the_list_of_their_values(output: str, gold: str, correct: bool) -> None:
    assert _grade(output, gold).correct is correct
