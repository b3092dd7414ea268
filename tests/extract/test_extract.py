"""Extraction rules, one group of tests per rule, each with cases that must be taken and cases that must not."""

from __future__ import annotations

from typing import List, Optional

import pytest

from mathgrade._extract import Candidate, extract


def best(output: str, **kw: object) -> Optional[Candidate]:
    found = extract(output, **kw)  # type: ignore[arg-type]
    return found[0] if found else None


def best_text(output: str, **kw: object) -> Optional[str]:
    c = best(output, **kw)
    return None if c is None else c.text


def rules(output: str, **kw: object) -> List[str]:
    """The rules of the candidates the output commits to (refused ones, which answer nothing, left out)."""
    return [c.rule for c in extract(output, **kw) if not c.refused]  # type: ignore[arg-type]


# -- the candidate contract -------------------------------------------------------------------------------------------
def test_candidates_are_ordered_best_first_and_spans_point_at_the_text() -> None:
    out = "We get $x = 3$, so 3 + 4 = 7. The answer is $\\boxed{\\dfrac{9}{7}}$."
    found = extract(out)
    assert [c.priority for c in found] == sorted(c.priority for c in found)
    assert found[0].rule == "boxed"
    for c in found:
        if c.rule in ("boxed", "math_env", "last_number"):
            assert out[c.start:c.end] == c.text


def test_lower_rules_stay_in_the_list_for_debugging() -> None:
    out = "First $y=2$. So the answer is \\boxed{5}. We used 6 more."
    assert rules(out)[:1] == ["boxed"]
    assert "last_number" in rules(out)
    assert "math_env" in rules(out)


# -- rule 1: boxes ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "output, expected",
    [
        ("so the answer is $\\boxed{\\dfrac{9}{7}}$.", "\\dfrac{9}{7}"),
        ("\\boxed{\\frac{\\sqrt{3}}{2}}", "\\frac{\\sqrt{3}}{2}"),
        ("nested: \\boxed{\\left\\{1, 2\\right\\}}", "\\left\\{1, 2\\right\\}"),
        ("\\fbox{42}", "42"),
        ("The answer is \\boxed 5.", "5"),
        ("\\boxed{ 12 }", "12"),
        ("\\boxed{\\boxed{7}}", "\\boxed{7}"),
        ("first \\boxed{3}. Wait, that is wrong. Recomputing gives \\boxed{4}.", "4"),
        ("$\\boxed{5}$\n\nSo the final answer is $\\boxed{5}$.", "5"),
    ],
)
def test_boxed(output: str, expected: str) -> None:
    c = best(output)
    assert c is not None and c.rule == "boxed" and c.text == expected


@pytest.mark.parametrize(
    "output",
    ["\\boxed{", "\\boxed{}", "\\boxed{  }", "text \\boxedx{3}", "\\boxed{1 + {2}", "\\fbox"],
)
def test_not_a_box(output: str) -> None:
    assert "boxed" not in rules(output)


def test_unclosed_box_falls_back_to_an_earlier_closed_one() -> None:
    assert best_text("\\boxed{3} and then \\boxed{4") == "3"


def test_several_boxes_joined_by_and_are_one_multi_part_answer() -> None:
    c = best("The solutions are $\\boxed{2}$ and $\\boxed{3}$.")
    assert c is not None and c.text == "2, 3" and c.rule == "boxed.multiple" and not c.alternatives
    assert best_text("$x = \\boxed{-1}$, $x = \\boxed{4}$") == "-1, 4"


def test_repeated_identical_boxes_count_once() -> None:
    c = best("$\\boxed{7}$ and $\\boxed{7}$")
    assert c is not None and c.text == "7" and c.rule == "boxed"


def test_boxes_joined_by_or_are_ambiguous() -> None:
    c = best("The answer is $\\boxed{2}$ or $\\boxed{3}$.")
    assert c is not None and c.alternatives == ("2", "3")
    c = best("\\boxed{\\frac12} \\text{ or } \\boxed{0.5}")
    assert c is not None and c.alternatives == ("\\frac12", "0.5")  # the grader decides these are one value


def test_boxes_in_separate_statements_are_not_joined() -> None:
    c = best("\\[ \\boxed{\\text{Yes}} \\]\n\n\\[ \\boxed{4} \\]")
    assert c is not None and c.text == "4" and not c.alternatives
    c = best("Part 1 gives \\boxed{2}. After checking the second case we find \\boxed{3}.")
    assert c is not None and c.text == "3" and not c.alternatives


# -- rule 2: phrases --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "output, expected, rule",
    [
        ("The final answer is 42.", "42", "final_answer_phrase"),
        ("Final Answer: The final answer is $\\frac{3}{4}$. I hope it is correct.", "\\frac{3}{4}",
         "final_answer_phrase"),
        ("Final answer: 17", "17", "final_answer_phrase"),
        ("So the answer is 12 apples.", "12", "answer_phrase"),
        ("The answer is 12 apples, which is more than 10.", "12", "answer_phrase"),
        ("The answer is $x = 4$.", "x = 4", "answer_phrase"),
        ("Answer: -3.5", "-3.5", "answer_phrase"),
        ("Therefore, the answer is \\dfrac{9}{7}.", "\\dfrac{9}{7}", "answer_phrase"),
        ("The answer is (B) 12.", "12", "answer_phrase"),
        ("The answer is 2, 3, and 5.", "2, 3, and 5", "answer_phrase"),
        ("The answer is $(1, 2]$.", "(1, 2]", "answer_phrase"),
        ("The answer is: \n\n $$ 3\\sqrt{2} $$", "3\\sqrt{2}", "answer_phrase"),
        ("Thus, the final answer is as follows: $T = 5$.", "T = 5", "final_answer_phrase"),
        ("The answer is Evelyn.", "Evelyn", "answer_phrase"),
        ("The answer is 3.14 because pi.", "3.14", "answer_phrase"),
        ("she makes $224 a day\nA: 224", "224", "answer_label"),
        ("Blah\n#### 18", "18", "gsm8k_hashes"),
        ("Blah\n#### $1,000", "$1,000", "gsm8k_hashes"),
        ("The result is **73**.", "73", "bold"),
        ("**Answer: 73**", "73", "answer_phrase"),
        ("**Total: \\$18**", "\\$18", "bold"),
    ],
)
def test_phrases(output: str, expected: str, rule: str) -> None:
    c = best(output)
    assert c is not None, output
    assert (c.text, c.rule) == (expected, rule)


@pytest.mark.parametrize(
    "output",
    [
        "We must check whether the answer is correct.",
        "The answer is that we cannot know.",
        "Step-by-Step Answer: Roger has some balls.",
        "Let's find the answer: first we add.",
        "the answer might be different",
        "Alternatively, perhaps the answer is 16 eV.",
    ],
)
def test_phrases_that_introduce_no_answer(output: str) -> None:
    assert not any("phrase" in r for r in rules(output))


def test_the_last_phrase_wins_and_a_final_phrase_beats_a_plain_one() -> None:
    assert best_text("The answer is 5. Hmm, no: the answer is 6.") == "6"
    assert best_text("Final answer: 7. But I think the answer is 8.") == "7"


def test_markdown_headings_are_not_gsm8k_answers() -> None:
    assert "gsm8k_hashes" not in rules("#### Step 1\nfoo\n#### 3. Compute the sum\nbar")
    assert "gsm8k_hashes" in rules("foo\n#### 3")


def test_bold_headings_are_not_answers() -> None:
    for out in ("**Step 2**: add them", "**Case 1**", "1. **Evaluate \\( x(0) \\)**: we get", "**Final Answer**"):
        assert "bold" not in rules(out), out


def test_answer_label_only_as_a_final_line() -> None:
    assert "answer_label" not in rules("A: (s,0)\n\nB: (1,2)\n\nC: 3")
    assert "answer_label" not in rules("A: 26", choices=True)


# -- hedges and ambiguity ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "output, alternatives",
    [
        ("the answer could be 1, 2, or 3", ("1", "2", "3")),
        ("The answer is either 4 or 5.", ("4", "5")),
        ("So the answer might be $x=2$ or $x=3$.", ("x=2", "x=3")),
    ],
)
def test_hedged_answers_are_ambiguous(output: str, alternatives: tuple) -> None:
    c = best(output)
    assert c is not None and c.alternatives == alternatives


def test_a_set_of_solutions_is_one_answer_not_a_hedge() -> None:
    c = best("The answer is $x=2$ or $x=3$.")
    assert c is not None and not c.alternatives and c.text == "x=2 or x=3"
    c = best("The solutions are $\\boxed{2, 3}$.")
    assert c is not None and not c.alternatives and c.text == "2, 3"


# -- rule 4: program output -------------------------------------------------------------------------------------------
def test_code_output_block() -> None:
    out = "```python\nprint(6*3)\n```\n```output\n18\n```\nSo Janet makes that much."
    c = best(out)
    assert c is not None and (c.text, c.rule) == ("18", "code_output")
    assert out[c.start:c.end] == "18"


def test_code_output_is_below_a_box_and_unclosed_blocks_are_skipped() -> None:
    out = "```output\n3.0\n```\nA robe takes $\\boxed{3}$ bolts."
    assert rules(out)[:2] == ["boxed", "code_output"]
    assert "code_output" not in rules("```output\n18\n")
    assert "code_output" not in rules("```python\nprint(1)\n```")


# -- rule 5: formulas and numbers ------------------------------------------------------------------------------------
def test_last_math_environment() -> None:
    assert best_text("We find $x$ equals $\\frac{1}{2}$.") == "\\frac{1}{2}"
    assert best_text("\\[ 60 \\cdot 7 = 420 \\]") == "420"
    assert best_text("so \\(y = 2x + 1\\) where \\(x\\) is free") == "y = 2x + 1"
    assert best(r"\[ \frac{1}{2} \]").rule == "math_env"  # type: ignore[union-attr]


def test_currency_dollars_are_not_math() -> None:
    c = best("It costs $5 and then $10 more, so 15 total.")
    assert c is not None and (c.text, c.rule) == ("15", "last_number")


def test_undelimited_latex_near_the_end() -> None:
    assert best_text("so x equals \\dfrac{9}{7}") == "\\dfrac{9}{7}"
    assert best_text("Hence 1 - \\sqrt{2}.") == "1 - \\sqrt{2}"
    assert "latex" not in rules("no latex here, only 3 words")


@pytest.mark.parametrize(
    "output, expected",
    [
        ("She has 16 - 3 = 13 eggs", "13"),
        ("the temperature is -5 degrees", "-5"),
        ("it is 3.75 m", "3.75"),
        ("a total of 1,234,567 people", "1,234,567"),
        ("half is 1/2", "1/2"),
        ("we need 2 1/2 cups", "2 1/2"),
        ("we get x5 - 4", "4"),
        ("He got 10.", "10"),
    ],
)
def test_last_number(output: str, expected: str) -> None:
    c = best(output)
    assert c is not None and (c.text, c.rule) == (expected, "last_number")


def test_no_number_no_answer() -> None:
    assert extract("I do not know.") == []
    assert extract("") == []
    assert extract("   \n\t ") == []


# -- the reward policy ------------------------------------------------------------------------------------------------
def test_reward_policy_uses_only_marked_answers() -> None:
    unmarked = "We compute $2+2$ and get 4, and \\frac{1}{2} too.\n```output\n4\n```"
    assert extract(unmarked, policy="reward") == []
    assert extract(unmarked)  # eval falls back
    marked = "blah 5 \\boxed{4} then 7"
    assert [c.rule for c in extract(marked, policy="reward")] == ["boxed"]
    assert [c.text for c in extract("So the answer is 9. It took 10 steps.", policy="reward")] == ["9"]
    assert extract("The result is **73**.", policy="reward") == []  # emphasis is not a mark of the final answer
    assert [c.text for c in extract("The result is **73**.")] == ["73"]
    assert [c.text for c in extract("#### 18", policy="reward")] == ["18"]
    assert [c.rule for c in extract("答案是 5", policy="reward")] == ["answer_phrase_i18n:zh"]


# -- multiple choice ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "output, letter",
    [
        ("\\boxed{B}", "B"),
        ("\\boxed{(C)}", "C"),
        ("\\boxed{\\text{(D)}}", "D"),
        ("\\boxed{\\textbf{(A)}\\ 12}", "A"),
        ("The answer is (B) 12.", "B"),
        ("The answer is B.", "B"),
        ("Answer: C", "C"),
        ("Thus option B is correct.", "B"),
        ("(E) is the correct answer.", "E"),
        ("We choose (A).", "A"),
        ("long reasoning\n\n**D**", "D"),
        ("long reasoning\n\n(B)", "B"),
    ],
)
def test_committed_letters(output: str, letter: str) -> None:
    c = best(output, choices=True)
    assert c is not None and c.choice and c.text == letter, extract(output, choices=True)


def test_choice_keeps_the_content() -> None:
    c = best("The answer is (B) 12.", choices=True)
    assert c is not None and (c.text, c.content) == ("B", "12")


def test_an_option_list_without_a_choice_is_ambiguous() -> None:
    c = best("(A) 1\n(B) 2\n(C) 3\n(D) 4", choices=True)
    assert c is not None and c.rule == "option_list" and c.alternatives == ("A", "B", "C", "D")
    c = best("A. 1\nB. 2\nC. 3", choices=True)
    assert c is not None and c.alternatives == ("A", "B", "C")


def test_an_option_list_with_a_choice_is_answered() -> None:
    c = best("(A) 1 (B) 2 (C) 3\nThe answer is (C).", choices=True)
    assert c is not None and (c.text, c.choice) == ("C", True)
    assert "option_list" not in rules("(A) 1 (B) 2 (C) 3\nThe answer is (C).", choices=True)


def test_letters_are_not_choices_when_the_gold_is_not_a_letter() -> None:
    assert not any(c.choice for c in extract("\\boxed{B}\n(A) 1 (B) 2"))
    assert "choice_phrase" not in rules("Thus option B is correct.")
    assert best_text("\\boxed{Bob}", choices=True) == "Bob"
    assert not best("\\boxed{Bob}", choices=True).choice  # type: ignore[union-attr]


def test_a_number_in_a_later_sentence_beats_an_earlier_formula() -> None:
    out = "Mean: \\( 54 / 6 = 9 \\), an increase.\n\nEverything checks out.\n\nSo, the mean is 7."
    c = best(out)
    assert c is not None and (c.text, c.rule) == ("7", "last_number")
    # in the same sentence the formula stays first
    c = best("Thus \\(x = \\frac{1}{2}\\) for all 3 cases.")
    assert c is not None and c.rule == "math_env"
    # and a marked answer is never overtaken
    assert best_text("The answer is $5$.\n\nWe used 3 steps.") == "5"


def test_a_closing_is_number_beats_a_formula_in_the_same_sentence() -> None:
    out = "The modulus of \\( z = 1 + \\sqrt{3}i \\) is 2."
    c = best(out)
    assert c is not None and (c.text, c.rule) == ("2", "last_number")
    # not when words follow the number, and not inside a formula cut off by the end of the output
    assert best("The modulus of \\( z = 1 + \\sqrt{3}i \\) is 2 in all cases.").rule == "math_env"  # type: ignore
    cut_off = "So \\[ q = \\frac{1}{2} \\]\n\nWait, earlier I thought \\( q_7 = \\frac{3}{"
    assert best(cut_off).rule == "math_env"  # type: ignore[union-attr]


def test_a_chain_keeps_its_variable_and_its_last_value() -> None:
    assert best_text("\\[ q_7 = \\frac{1}{4} \\cdot 2 = \\frac{1}{2} \\]") == "q_7 = \\frac{1}{2}"


def test_a_final_answer_phrase_after_the_last_box_wins() -> None:
    out = ("so $0.05 \\cdot 10,200 / 2 = \\boxed{255}$ ... Final Answer: The final answer is $10,455$. "
           "I hope it is correct.")
    c = best(out)
    assert c is not None and c.text == "10,455" and c.rule == "final_answer_phrase"
    # a final-answer phrase before the box does not
    assert best_text("The final answer is 7. Checking again, \\boxed{8}.") == "8"
    # a plain "the answer is" after the box does not either
    assert best_text("\\boxed{8}. Let me see if the answer is 9 instead") == "8"


def test_dollars_with_inner_spaces_around_latex() -> None:
    assert best_text("$\\cfrac{1}{3} $") == "\\cfrac{1}{3}"
    matrix = "\\begin{pmatrix}1 & 0 \\\\ 0 & 1\\end{pmatrix}"
    assert best_text(f"The identity matrix is $ {matrix} $") == matrix
    c = best("It costs $ 5 and $ 10 more, so 15.")
    assert c is not None and (c.text, c.rule) == ("15", "last_number")


def test_numbers_at_a_sentence_end_and_other_forms() -> None:
    assert best_text("the probability that Alice wins is 2/3. <|im_start|>user") == "2/3"
    assert best_text("about .4 of them") == ".4"
    assert best_text("population 1 000 000 people") == "1 000 000"
    assert best_text("it is 1000,99") == "1000,99"  # a decimal comma or a list: the reader decides
    assert best_text("we have x.5 units") is None


def test_a_number_inside_a_better_candidate_is_not_a_fallback() -> None:
    texts = [c.text for c in extract("We get $\\frac{10}{9}$")]
    assert "9" not in texts and "10" not in texts
    texts = [c.text for c in extract("\\boxed{\\weird{7}}")]
    assert texts == ["\\weird{7}"]


def test_a_phrase_answer_that_is_a_sentence_gives_what_follows_is() -> None:
    assert best_text("Final Answer: The largest $n$ is 34.") == "34"
    assert best_text("The final answer: the volume of the cube is 120 cubic units.") == "120"
    # not when the subject already holds the answer; a condition ends the answer
    assert best_text("The answer is 7 and n is 3.") != "3"
    assert best_text("The answer is 5 if n is even.") == "5"


def test_a_display_formula_ends_its_sentence() -> None:
    out = "$$\\frac{\\Delta x'}{\\Delta x} \\geq \\frac{2}{1}.$$ Therefore, the error increases by 100%."
    c = best(out)
    assert c is not None and c.text == "100%" and c.rule == "last_number"  # (the percent sign is kept)


def test_chains_equations_and_lists_in_a_formula() -> None:
    assert best_text("$x^2/16 + y^2/12 = 1/4$") == "x^2/16 + y^2/12 = 1/4"
    assert best_text("$p=-1,p=\\frac{15}{8}$") == "p=-1,p=\\frac{15}{8}"
    assert best_text("$\\frac{54}{6} = 9$") == "9"
    assert best_text("so $P(A) = \\frac{1}{2}$") == "P(A) = \\frac{1}{2}"


def test_a_lone_variable_is_an_answer_only_at_the_end() -> None:
    assert best_text("$e$") == "e"
    assert best_text("where $x$ is the count of 4 things") == "4"


def test_boxes_joined_by_part_labels_are_one_answer() -> None:
    c = best("$$\\boxed{(3, 3)} \\text{ for part (a) and } \\boxed{(1, 1)}$$")
    assert c is not None and c.text == "(3, 3), (1, 1)"
    assert best_text("\\boxed{3} \\text{ is wrong, so } \\boxed{4}") == "4"


def test_a_phrase_answer_stops_at_the_next_box() -> None:
    found = extract("final answer is $9999$, \\boxed{1}")
    assert [c.text for c in found if c.rule == "final_answer_phrase"] == ["9999"]


def test_option_words_before_a_letter() -> None:
    c = best("The answer is option B.", choices=True)
    assert c is not None and (c.text, c.choice) == ("B", True)
    c = best("The answer is choice (D) 7", choices=True)
    assert c is not None and (c.text, c.content) == ("D", "7")
    assert best("The answer is option B.") is None  # without choices it is not a value


def test_final_answer_heading() -> None:
    for out in ("blah\n\n**Final Answer**\n\n42\n", "blah\n## Final Answer:\n$x = 3$", "### Final answer\n\\(7\\)"):
        c = best(out + "\n(12 checks)") if "42" in out else best(out)
        assert c is not None and c.rule.startswith("final_answer") and c.text in ("42", "x = 3", "7"), out
    assert "final_answer_heading" not in rules("The final answer section follows\n5")
    assert "final_answer_heading" not in rules("**Final Answer**\n\nLet me explain the steps first.")


def test_final_answer_heading_over_a_sentence_or_a_list_is_not_taken() -> None:
    assert "final_answer_heading" not in rules("**Final Answers**\n\nSubproblem 0: \\( 1 + i \\)\n\nSubproblem 1: 2")
    out = "**Final Answer**\n\nThe natural frequency \\(\\omega_n\\) is \\(100\\) rad/s, and the ratio is \\(0.05\\)."
    assert "final_answer_heading" not in rules(out)


@pytest.mark.parametrize(
    "output, alternatives",
    [
        ("\\boxed{2} or maybe \\boxed{3}", ("2", "3")),
        ("\\boxed{2}, but maybe \\boxed{3}", ("2", "3")),
        ("The answer is 2, but maybe 3.", ("2", "3")),
        ("The answer is $x = 4$, or perhaps $x = 5$.", ("x = 4", "x = 5")),
    ],
)
def test_second_thoughts_are_ambiguous(output: str, alternatives: tuple) -> None:
    c = best(output)
    assert c is not None and c.alternatives == alternatives, extract(output)


def test_second_thoughts_that_repeat_the_answer_are_not() -> None:
    c = best("The answer is 2, but maybe 2.")
    assert c is not None and c.text == "2" and not c.alternatives
    assert best_text("The answer is 2, but we must check it.") == "2"


def test_a_sentence_with_one_number_after_a_phrase_gives_the_number() -> None:
    assert best_text("Final answer: Jane started growing Sphere 3 hours ago.") == "3"
    assert best_text("Final answer: Jane has 2 apples and 3 pears.") == "Jane has 2 apples and 3 pears"
    assert best_text("Final answer: we get \\frac{1}{2} in 3 steps") != "3"


def test_a_cut_off_output_gives_no_guessed_answer() -> None:
    body = "We compute things step by step. " * 100
    cut = body + "So far $x = 5$ and the count is 12, but wait, perhaps I can consider the problem in"
    assert extract(cut) == []
    assert extract(body + "Suppose I have F(A,") == []
    # a complete output of the same length keeps its fallbacks; a marked answer is kept even when cut off
    assert best_text(body + "So far $x = 5$ and the count is 12.") == "12"
    assert best_text(body + "The answer is 7. Let me check the") == "7"
    # a short output is never suspected
    assert best_text("the count is 12 and the") == "12"


def test_the_answer_after_the_thinking_wins() -> None:
    out = "<think>Maybe \\boxed{4}? No.</think>\n\nThe answer is 5."
    c = best(out)
    assert c is not None and c.text == "5" and out[c.start:c.end] == "5"
    # when the part after the thinking has no answer, the thinking is searched
    c = best("<think>So it is \\boxed{4}.</think>\n\n")
    assert c is not None and c.text == "4"
    c = best("<|begin_of_thought|> \\boxed{1} <|end_of_thought|> <|begin_of_solution|> \\boxed{2} <|end_of_solution|>")
    assert c is not None and c.text == "2"


def test_a_new_turn_after_the_answer_is_not_the_answer() -> None:
    out = "Therefore, the probability that Alice wins is 2/3. <|im_end|>\n<|im_start|>user\nNow solve 7 + 8 = ?"
    c = best(out)
    assert c is not None and c.text == "2/3"
    assert best_text("<|im_start|>assistant\nThe answer is 6.<|im_end|>") == "6"
    assert best_text("The answer is 6.<|endoftext|>Human: the answer is 7") == "6"
    assert "7" in str(best_text("The answer is <s>6</s> 7."))  # HTML strike-through is not an end of turn


def test_an_aside_number_after_a_formula_does_not_win() -> None:
    assert best_text("So \\[ x = 5 \\]\n\nThis took 3 steps.") == "x = 5"
    assert best_text("So \\[ x = 5 \\]\n\nThe error increases by 100%.") == "100%"  # (the percent sign is kept)


def test_a_lead_in_sentence_ending_with_a_colon_gives_the_formula_after_it() -> None:
    out = ("### Final Answer\n\nThe general solution is:\n\n$$x(t) = c_1 e^t + \\frac{1}{15} e^{-2t}$$\n\n"
           "where $c_1$ is an arbitrary constant.")
    c = best(out)
    assert c is not None and c.text == "x(t) = c_1 e^t + \\frac{1}{15} e^{-2t}" and c.rule == "final_answer_heading"
    assert best_text("Final Answer: the sum is:\n\\[ 60 \\cdot 7 = 420 \\]") == "420"
    # a colon after math is not a lead-in
    assert best_text("The answer is $x = 2$: done") == "x = 2"


# -- a bare answer: the whole output ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "output, expected",
    [
        ("x^2+2x+1", "x^2+2x+1"),
        ("\\text{Evelyn}", "\\text{Evelyn}"),
        ("Evelyn", "Evelyn"),
        ("no solution", "no solution"),
        ("(B)", "(B)"),
        ("2, 3", "2, 3"),
        ("x = 2 \\text{ or } x = 3", "x = 2 \\text{ or } x = 3"),
        ("$x = 2$ or $x = 3$", "x = 2 or x = 3"),
        ("1 \\pm \\sqrt{2}", "1 \\pm \\sqrt{2}"),
        ("\\frac{9}{7}", "\\frac{9}{7}"),
        ("[1, 2)", "[1, 2)"),
        ("12 apples", "12"),
        ("  -7.5 \n", "-7.5"),
        (".4", ".4"),
        ("60 \\cdot 7 = 420", "420"),
    ],
)
def test_a_bare_answer_is_the_whole_output(output: str, expected: str) -> None:
    c = best(output)
    assert c is not None and (c.text, c.rule) == (expected, "bare_answer")
    assert output[c.start:c.end] == output.strip()


def test_a_single_formula_is_taken_whole_by_the_math_env_rule() -> None:
    c = best("$\\frac{9}{7}$")
    assert c is not None and (c.text, c.rule) == ("\\frac{9}{7}", "math_env")
    assert "bare_answer" not in rules("$\\frac{9}{7}$")


@pytest.mark.parametrize(
    "output",
    [
        "We have 3 apples and 4 pears, so 7.",
        "Hence 1 - \\sqrt{2}",
        "population 1 000 000 people",
        "approximately 3.5",
        "I think 5",
        "It is 5",
        "3. Then 4",
        "Is it 5?",
        "3\n4",
        "\\boxed{",
        "1 + {2",
        "```output",
        "答案是",
        "x^2 + " + "+ ".join("x" for _ in range(120)),
    ],
)
def test_prose_and_broken_outputs_are_not_bare_answers(output: str) -> None:
    assert "bare_answer" not in rules(output)
    assert "bare_answer" not in rules(output, choices=True)


def test_a_marked_answer_beats_the_bare_answer_and_hides_it() -> None:
    assert rules("\\boxed{5}") == ["boxed"]
    assert rules("Answer: 5") == ["answer_phrase"]
    assert rules("**73**")[0] == "bold" and "bare_answer" not in rules("**73**")
    c = best("(A) 1 (B) 2 (C) 3", choices=True)
    assert c is not None and c.rule == "option_list" and c.alternatives == ("A", "B", "C")
    assert "bare_answer" not in rules("(A) 1 (B) 2 (C) 3", choices=True)


def test_a_bare_answer_beats_its_own_last_number_and_keeps_it_as_a_fallback() -> None:
    assert rules("x^2+2x+1") == ["bare_answer", "last_number"]
    assert best_text("\\frac{10}{9}") == "\\frac{10}{9}"


def test_a_bare_letter_is_a_choice_only_when_choices_are_expected() -> None:
    c = best("(B)", choices=True)
    assert c is not None and c.choice and c.text == "B"
    c = best("B", choices=True)
    assert c is not None and c.choice and c.text == "B"
    c = best("(B)")
    assert c is not None and not c.choice


def test_the_reward_policy_does_not_take_a_bare_answer() -> None:
    assert extract("42", policy="reward") == []
    assert extract("x^2+2x+1", policy="reward") == []
    assert [c.text for c in extract("\\boxed{42}", policy="reward")] == ["42"]


def test_a_bare_answer_after_the_thinking() -> None:
    c = best("<think>Maybe 7? Let me check: 6 * 7 = 42.</think>\n\n42")
    assert c is not None and (c.text, c.rule) == ("42", "bare_answer")
    c = best("<think>Maybe 7? Let me check.</think>\n\nWe have 3 apples and 4 pears, so 7 apples in all.")
    assert c is not None and c.rule != "bare_answer"


def test_a_leading_decimal_point_is_kept() -> None:
    assert best_text("The answer is .5") == ".5"
    assert best_text("The answer is: .5.") == ".5"
    assert best_text("The answer is 5.") == "5"
    assert best_text("The answer is 2.5.") == "2.5"


def test_statements_joined_by_or_or_and_are_not_a_chain() -> None:
    assert best_text("We get $x = 2 \\text{ or } x = 3$") == "x = 2 \\text{ or } x = 3"
    assert best_text("We get $x = 1 \\text{ and } y = 2$") == "x = 1 \\text{ and } y = 2"
    assert best_text("We get $x = 2 + 3 = 5$") == "x = 5"


def test_grading_a_bare_answer_end_to_end() -> None:
    import mathgrade

    v = mathgrade.grade("x^2+2x+1", "(x+1)^2")
    assert v.correct and v.answer is not None and v.answer.rule == "bare_answer"
    assert not mathgrade.grade("x^2+2x+2", "(x+1)^2").correct
    assert not mathgrade.grade("x^2+2x+1", "1").correct  # the last number of a bare formula is not its answer
    assert mathgrade.grade("12 apples", "12").correct
    assert not mathgrade.grade("I think 5", "I think 6").correct


# -- boxes with the words of one sentence between them --------------------------------------------------------------
@pytest.mark.parametrize(
    "output, expected",
    [
        ("\\boxed{1} papers and \\boxed{2} bins", "1, 2"),
        ("So $\\boxed{1}$ papers and $\\boxed{2}$ bins are needed.", "1, 2"),
        ("\\boxed{12} cm, \\boxed{5} cm", "12, 5"),
        ("\\boxed{1} red balls and \\boxed{2} blue balls", "1, 2"),
        ("\\boxed{3} apples, and \\boxed{4} pears", "3, 4"),
    ],
)
def test_boxes_with_unit_words_in_one_sentence_are_one_answer(output: str, expected: str) -> None:
    c = best(output)
    assert c is not None and (c.text, c.rule) == (expected, "boxed.multiple") and not c.alternatives
    assert output.index("\\boxed") <= c.start and c.end == output.rindex("}") + 1


@pytest.mark.parametrize(
    "output",
    [
        "\\boxed{1} papers or \\boxed{2} papers",
        "\\boxed{1} papers but maybe \\boxed{2}",
        "\\boxed{1} papers, or \\boxed{2}",
    ],
)
def test_boxes_with_words_and_or_are_ambiguous(output: str) -> None:
    c = best(output)
    assert c is not None and c.alternatives == ("1", "2")


@pytest.mark.parametrize(
    "output, expected",
    [
        ("\\boxed{3} is wrong, and \\boxed{4}", "4"),
        ("\\boxed{5} minutes, and then \\boxed{6}", "6"),
        ("First \\boxed{1} papers.\n\nThen \\boxed{2} bins", "2"),
        ("We need \\boxed{1} papers. And \\boxed{2} bins", "2"),
        ("\\boxed{1} papers\nand \\boxed{2} bins", "2"),
        ("\\boxed{1} so and \\boxed{2}", "2"),
        ("\\boxed{1} papers and some more bins and \\boxed{2}", "2"),
        ("Part 1 gives \\boxed{2} papers. After checking the second case we find \\boxed{3}.", "3"),
    ],
)
def test_boxes_in_different_sentences_or_with_prose_between_keep_the_last(output: str, expected: str) -> None:
    c = best(output)
    assert c is not None and (c.text, c.rule) == (expected, "boxed") and not c.alternatives


def test_a_gold_of_boxes_with_unit_words_is_the_two_part_answer() -> None:
    import mathgrade

    assert mathgrade.grade("$\\boxed{1,2}$", "\\boxed{1} papers and \\boxed{2} bins").correct
    assert not mathgrade.grade("$\\boxed{2}$", "\\boxed{1} papers and \\boxed{2} bins").correct


def test_connectives_between_boxes_are_prose_not_units() -> None:
    c = best("\\boxed{1} and and and or thus but \\boxed{2} and \\boxed{3}")
    assert c is not None and (c.text, c.rule) == ("2, 3", "boxed.multiple")
    assert best_text("\\boxed{1} hence, \\boxed{2}") == "2"


# Gold answers of MATH-500 and OlympiadBench (see tests/data/SOURCES.md), each graded as a whole output against
# itself and against its last part: before the bare-answer rule the last number or formula was taken.
_REAL_BARE_GOLDS = [
    ("$(-6,6)$, $(2,6)$", "(2,6)"),
    ("$-1$,$2$,$-2$", "-2"),
    ("$f(x)=-1$,$f(x)=x+1$", "f(x)=x+1"),
    ("$a=2$, $a=-6-4 \\sqrt{2}$", "a=-6-4 \\sqrt{2}"),
    ("(-7,-1)", "-1"),
    ("(0,9) \\cup (9,36)", "(9,36)"),
    ("(3,4]", "(3,4)"),
    ("(a+5)(b+2)", "b+2"),
    ("-13x+3", "3"),
    ("-2 + 7i", "7"),
]


@pytest.mark.parametrize("gold, part", _REAL_BARE_GOLDS)
def test_a_gold_answer_given_as_the_whole_output_matches_itself_not_its_last_part(gold: str, part: str) -> None:
    import mathgrade

    assert mathgrade.grade(gold, gold).correct
    assert not mathgrade.grade(gold, part).correct
    assert not mathgrade.grade(part, gold).correct


@pytest.mark.parametrize(
    "output, expected",
    [
        ("so the total is 1{,}000 dollars", "1{,}000"),
        ("so the total is 1{,}000.", "1{,}000"),
        ("It costs 12{,}345{,}678.5 in all", "12{,}345{,}678.5"),
        ("not a separator: 1{,}00", "00"),  # a group of two digits is no thousands group
    ],
)
def test_last_number_with_latex_thousands_separator(output: str, expected: str) -> None:
    best = extract(output)[0]
    assert best.rule == "last_number" and best.text == expected
    assert output[best.start:best.end] == expected
