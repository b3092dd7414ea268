"""Behaviour tests written for mutants of the extraction stage that the other tests let live (docs/testing.md).

Each test names the change it kills: a test here fails when that change is made to ``src/mathgrade/_extract/``.
"""

from __future__ import annotations

from typing import Literal

import pytest

import mathgrade
from mathgrade._extract import extract


# -- "rather than" / "instead of" make the box after them a supposition (_commit.SUPPOSED_BEFORE) ----------------------
@pytest.mark.parametrize("output", [
    "The answer is $\\boxed{8}$ rather than $\\boxed{6}$.",
    "So $\\boxed{8}$ rather than $\\boxed{6}$.",
    "We get $\\boxed{8}$, instead of $\\boxed{6}$.",
])
@pytest.mark.parametrize("policy", ["eval", "reward"])
def test_the_box_after_rather_than_or_instead_of_is_not_the_answer(output: str, policy: str) -> None:
    # the answer is the first box; the second is the value it is preferred to (killed: the two phrases removed
    # from SUPPOSED_BEFORE make the last box, 6, the answer)
    right = mathgrade.grade(output, "8", policy=policy)
    assert right.correct, right.explain()
    assert right.answer is not None and right.answer.text == "8"
    wrong = mathgrade.grade(output, "6", policy=policy)
    assert not wrong.correct, wrong.explain()


# -- bold ranks below every marked rule of the first phase, above every fallback (_table.RULES) ------------------------
def test_bold_ranks_after_the_answer_phrase_and_before_a_formula() -> None:
    # killed: bold given a priority among the first-phase rules (34 -> 21): the full list then repeats the answer
    # phrase and loses the bold candidate
    found = [(c.rule, c.text) for c in extract("Answer: 5\n\nSo **7** remains, with $3$.")]
    assert found == [("answer_phrase", "5"), ("bold", "7"), ("math_env", "3")]


def test_bold_answers_when_the_marked_answer_cannot_be_read() -> None:
    # the phrase's answer is unreadable: the grader falls back to the bold one (the same mutant makes it unparsable)
    v = mathgrade.grade("The answer is $\\frac{$.\n\nSo **7** remains.", "7")
    assert v.correct and v.answer is not None and v.answer.rule == "bold", v.explain()
    assert not mathgrade.grade("The answer is $\\frac{$.\n\nSo **7** remains.", "5").correct


def test_a_fallback_rule_reads_a_letter_as_a_choice_only_when_choices_are_expected() -> None:
    # (a sampled mutant passed ``None`` for ``choices`` to the second phase's rules, and no test noticed)
    with_choices = extract("We get $\\text{(B)}$", choices=True)[0]
    assert (with_choices.rule, with_choices.text, with_choices.choice) == ("math_env", "B", True)
    without = extract("We get $\\text{(B)}$", choices=False)[0]
    assert (without.rule, without.choice) == ("math_env", False)


def test_a_thinking_block_opened_after_the_turn_ended_is_not_this_answer_cut_off() -> None:
    # the model's turn ends at <|im_end|>; a thinking block opened in a turn it wrote after that is not its own
    after_turn = "<think>t</think> no answer here<|im_end|><|im_start|>assistant<think>more"
    assert "cut off while thinking" not in mathgrade.grade(after_turn, "5", policy="reward").reason
    cut_off = "<think>t</think> no answer here <think>more"
    assert "cut off while thinking" in mathgrade.grade(cut_off, "5", policy="reward").reason


def test_an_output_cut_off_before_its_answer_says_so() -> None:
    cut_off = "We consider the following idea. " * 120 + "\\[ x = "
    v = mathgrade.grade(cut_off, "5")
    assert v.status.value == "no_answer"
    assert v.reason.endswith("the output looks cut off before its answer (it stops mid-sentence, inside a formula, or in"
                             " a repetition loop), so no number or formula in it is taken as one")
    finished = "We consider the following idea. " * 120 + "There is none."
    assert "cut off" not in mathgrade.grade(finished, "5").reason


def test_what_iffalse_hides_ends_at_its_fi() -> None:
    # (seed 11: a mutant hid everything after a closed \iffalse, and failed on an unclosed one)
    assert [c.text for c in extract("\\iffalse \\boxed{9} \\fi so the answer is \\boxed{7}")][:1] == ["7"]
    assert extract("\\iffalse \\boxed{9} \\fi")[:1] == []
    assert [c.text for c in extract("so the answer is \\boxed{7} \\iffalse \\boxed{9}")][:1] == ["7"]
    assert extract("%\\boxed{9}\nso the answer is 7")[0].text == "7"


# -- seed 11's last survivors in _scan.py ------------------------------------------------------------------------------
@pytest.mark.parametrize("output", [
    "The answer is 5. <!-- first draft: \\boxed{3} -->",
    "The answer is 5.\n<!--\n\\boxed{3}\n-->\n",
])
def test_a_box_in_an_html_comment_is_not_the_answer(output: str) -> None:
    # what Markdown does not show is not the answer, also when the output has no % and no \iffalse (killed: the
    # early exit of hide_comments taken when the text holds "<!--", which then hid nothing: the box 3 answered)
    assert [c.text for c in extract(output)] == ["5"]
    assert mathgrade.grade(output, "5").correct
    wrong = mathgrade.grade(output, "3")
    assert not wrong.correct, wrong.explain()
    # the same box outside the comment is the answer
    assert extract(output.replace("<!--", "").replace("-->", ""))[0].text == "3"


@pytest.mark.parametrize("output, answer", [
    ("Answer: \\boxed{5}", "5"),
    ("**Answer:** \\fbox{x+1}.", "x+1"),
    ("Answer: \\boxed{\\frac{1}{2}}", "\\frac{1}{2}"),
])
def test_the_answer_after_a_phrase_drops_a_box_around_it(output: str, answer: str) -> None:
    # every rule gives the box's content, not the box (killed: _balanced's result inverted, which kept the box
    # around a balanced content and would strip one from "\boxed{1}+\boxed{2}")
    assert {c.text for c in extract(output)} == {answer}


@pytest.mark.parametrize("output", [
    "Answer: $ 12 $", "The answer is $ 12 $.", "**Final Answer:** $ 12 $", "答案是 $ 12 $",
])
def test_dollar_signs_around_a_whole_answer_are_dropped(output: str) -> None:
    # the answer a user sees is the number, not its delimiters ("$ 12 $", spaced inside, is no formula of its own
    # for the math_env rule; killed: clean_answer stripping whitespace instead of the "$" around the whole answer)
    v = mathgrade.grade(output, "12")
    assert v.correct and v.answer is not None and v.answer.text == "12", v.explain()
    assert not mathgrade.grade(output, "13").correct


def test_a_choice_keeps_its_content_without_dollar_signs() -> None:
    found = extract("\\boxed{(B) $12$}", choices=True)[0]
    assert (found.text, found.content, found.choice) == ("B", "12", True)


def test_dollar_signs_inside_an_answer_are_kept() -> None:
    # two formulas in one answer are not one formula with its delimiters: nothing is dropped
    assert extract("Answer: $ 1 $ and $ 2 $")[0].text == "$ 1 $ and $ 2 $"


# -- seed 17's survivors in _extract/_scan.py and _extract/_commit.py -------------------------------------------------
@pytest.mark.parametrize("output, answer", [
    ("The answer is $\\frac{1}{3} $, and the other one is $x$.", "\\frac{1}{3}"),
    ("We get $\\cfrac{1}{3} $ here and $y$ there.", "\\cfrac{1}{3}"),
])
def test_a_formula_closed_by_a_spaced_dollar_ends_there(output: str, answer: str) -> None:
    # "$\frac{1}{3} $": clear LaTeX closed by a dollar after a space ends at that dollar, not at the next dollar
    # that could close strictly (killed: that test made only when no strict closer follows, which ran the formula
    # on into "$, and the other one is $x")
    v = mathgrade.grade(output, "\\frac{1}{3}")
    assert v.correct and v.answer is not None and v.answer.text == answer, v.explain()
    assert not mathgrade.grade(output, "x").correct


@pytest.mark.parametrize("output", ["We find \\boxed{5}, so", "The value is \\boxed{5} because the"])
def test_a_box_in_a_sentence_cut_off_is_refused_as_a_value_being_tried(output: str) -> None:
    # the rule a user sees in the verdict is the table's "answer.supposed" (killed: the rule's name changed)
    v = mathgrade.grade(output, "5")
    assert (v.correct, v.status.value, v.rule) == (False, "no_answer", "answer.supposed"), v.explain()
    assert "cut off" in v.reason
    assert mathgrade.grade(output.rsplit(",", 1)[0].rsplit(" because", 1)[0] + ".", "5").correct


@pytest.mark.parametrize("output", [
    "So \\boxed{\\color{white}{7}}.", "The answer is \\boxed{\\textcolor{white}{7}}.",
    "The answer is $\\color{white}{7}$", "Final answer: {\\color{white} 7}", "The answer is \\textcolor{#FFFFFF}{7}.",
])
@pytest.mark.parametrize("policy", ["eval", "reward"])
def test_an_answer_hidden_when_rendered_is_not_the_answer(output: str, policy: str) -> None:
    # white text shows nothing: neither a box nor the answer after a phrase commits to it (a bug fixed: the phrase
    # rules took "The answer is $\color{white}{7}$" as 7, in both policies; killed: the box's rule name changed)
    v = mathgrade.grade(output, "7", policy=policy)
    assert not v.correct, v.explain()
    if "boxed" in output or policy == "reward":
        assert (v.status.value, v.rule) == ("no_answer", "answer.hidden"), v.explain()
    shown = mathgrade.grade(output.replace("white", "red").replace("#FFFFFF", "red"), "7", policy=policy)
    assert shown.correct, shown.explain()


@pytest.mark.parametrize("output", [
    "So \\boxed{5}, but I am not sure.", "So \\boxed{5}, this might be wrong.", "So \\boxed{5}, but it might be 6.",
    "So \\boxed{5} 但可能是 6",
])
@pytest.mark.parametrize("policy", ["eval", "reward"])
def test_a_box_followed_by_a_hedge_is_not_a_committed_answer(output: str, policy: str) -> None:
    # killed: the hedge after an answer never found (hedged_after's match made None): the box then answered 5
    v = mathgrade.grade(output, "5", policy=policy)
    assert not v.correct and v.rule == "answer.hedged", v.explain()
    assert mathgrade.grade(output.split("5")[0] + "5}.", "5", policy=policy).correct


def test_the_answer_after_a_phrase_may_start_with_a_box() -> None:
    # a box right at the start of the phrase's answer belongs to it; only a box later in the region starts another
    # answer (killed: that test made at the region's start too, which emptied the phrase's answer)
    assert [(c.rule, c.text) for c in extract("Answer: \\boxed{5}")] == [("boxed", "5"), ("answer_phrase", "5")]
    v = mathgrade.grade("The answer is \\boxed{5} + 1.", "6")
    assert v.correct and v.answer is not None and v.answer.rule == "answer_phrase", v.explain()
    assert not mathgrade.grade("The answer is \\boxed{5} + 1.", "5").correct


@pytest.mark.parametrize("output, answer", [
    ("We get \\boxed{20 %}.", "20 %"), ("The rate is 20 % so the answer is 7.", "7"),
    ("It grows by 20 % each year. \\boxed{3}", "3"),
])
def test_a_percent_sign_after_a_spaced_number_is_no_comment(output: str, answer: str) -> None:
    # "20 %" is twenty percent, not a LaTeX comment hiding the rest of the line (killed: only a tab allowed between
    # the number and the sign, which hid "%}." and the box after "20 %")
    assert extract(output)[0].text == answer


@pytest.mark.parametrize("output, gold", [("So the answer is... 42.", "42"), ("Therefore, the answer is ... 12", "12")])
def test_an_ellipsis_after_a_phrase_does_not_end_its_answer(output: str, gold: str) -> None:
    # The points of an ellipsis end no sentence: the phrase's answer is what follows them, in both policies (killed:
    # the last point of "..." taken as a sentence end, or the first one; either left the phrase no answer under the
    # reward policy)
    for policy in ("eval", "reward"):
        v = mathgrade.grade(output, gold, policy=policy)
        assert v.correct and v.answer is not None and v.answer.text == gold, (policy, v.explain())
    assert not mathgrade.grade(output, "41", policy="reward").correct


@pytest.mark.parametrize("before, after", [("{", ""), ("^", ""), ("_", ""), ("\\", ""),
                                           ("", " (see {note})"), ("", " \\quad done")])
def test_spaced_dollars_around_a_plain_number_are_currency_whatever_surrounds_them(before: str, after: str) -> None:
    # "$ 5 $" holds no LaTeX: the dollars are money, not math, so the eval policy's fallback takes the last number;
    # a LaTeX mark just before the first dollar or after the second is no part of the content (killed: the test for
    # LaTeX inside started one character before the dollar, which made "{$ 5 $}" math and answered 5; and it
    # searched on to the end of the output, which made "$ 5 $ ... {note}" math)
    output = f"The price is {before}$ 5 $, so he pays 10 in all{after}."
    v = mathgrade.grade(output, "10")
    assert v.correct and v.answer is not None and v.answer.text == "10", v.explain()


def test_a_box_after_two_code_blocks_is_outside_them() -> None:
    # Fences alternate: the 1st and 3rd open a block, the 2nd and 4th close one (killed: "inside" tested as an index
    # of 1 modulo 3, which put the box in the second block outside and the box after both blocks inside)
    output = "```\nprint(1)\n```\nThen:\n```\n\\boxed{9}\n```\nThe answer is \\boxed{7}."
    for policy in ("eval", "reward"):
        assert [c.text for c in extract(output, policy=policy)][:1] == ["7"], policy
        assert mathgrade.grade(output, "7", policy=policy).correct
        assert not mathgrade.grade(output, "9", policy=policy).correct


# -- seed 41's survivor in _extract/__init__.py ----------------------------------------------------------------------
@pytest.mark.parametrize("policy", ["eval", "reward"])
def test_the_turn_ends_at_eoa_too(policy: Literal["eval", "reward"]) -> None:
    # GAOKAO-Bench's <eoa> ends the model's turn like <|im_end|>: what follows (a new turn the model went on to write)
    # is not its answer (killed: the early exit testing for "XX<eoa>XX", which skipped the search for <eoa>)
    output = "The answer is $\\boxed{5}$.<eoa>\nUser: and now?\nThe answer is $\\boxed{7}$."
    assert mathgrade.grade(output, "5", policy=policy).correct
    assert not mathgrade.grade(output, "7", policy=policy).correct


# -- seed 47 -----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("output", ["<!-- note -->\\boxed{5}", "Answer:<!-- c -->5", "<!--x-->\\boxed{5}"])
@pytest.mark.parametrize("policy", ["eval", "reward"])
def test_an_html_comment_hides_up_to_its_end_only(output: str, policy: Literal["eval", "reward"]) -> None:
    # the character right after "-->" is shown (killed: the hidden range made one character longer, which hid the
    # backslash of \boxed, or the answer after the phrase)
    verdict = mathgrade.grade(output, "5", policy=policy)
    assert verdict.correct, verdict.explain()
    assert verdict.answer is not None and verdict.answer.text == "5"


# -- seed 53 -----------------------------------------------------------------------------------------------------------
_HALF = "Which is half?\n(A) $\\frac{1}{3}$\n(B) $\\frac{1}{2}$\n(C) $\\frac{2}{3}$"


@pytest.mark.parametrize("output", ["$\\boxed{(B) \\frac{1}{3}}$", "The answer is (B) $\\frac{1}{3}$.",
                                    "$\\boxed{\\text{(B) } \\frac{1}{3}}$"])
@pytest.mark.parametrize("policy", ["eval", "reward"])
def test_a_choice_whose_content_ends_in_a_brace_keeps_it(output: str, policy: Literal["eval", "reward"]) -> None:
    # the letter's content ends in a balanced brace, which stays: (B) written as 1/3 is not option (B), 1/2
    # (killed: a closing brace stripped when the braces balance, `>` made `>=`, which left "\frac{1}{3" unreadable
    # and the mismatch unseen: a false "correct")
    verdict = mathgrade.grade(output, "B", problem=_HALF, policy=policy)
    assert (verdict.correct, verdict.rule) == (False, "answer.option_mismatch"), verdict.explain()
    assert extract(output, choices=True)[0].content == "\\frac{1}{3}"
    assert mathgrade.grade(output.replace("{3}", "{2}"), "B", problem=_HALF, policy=policy).correct


@pytest.mark.parametrize("output", ["The answer is 7, or maybe \\boxed{8}.",
                                    "The answer is 7, but it could be \\boxed{8}."])
@pytest.mark.parametrize("policy", ["eval", "reward"])
def test_a_phrase_answer_then_a_hedged_box_commits_to_neither(output: str, policy: Literal["eval", "reward"]) -> None:
    # the phrase's answer and the box a hedge offers after it are alternatives (killed: the hedge after a phrase's
    # answer no longer looked for, which made 7 correct: a false "correct")
    for gold in ("7", "8"):
        verdict = mathgrade.grade(output, gold, policy=policy)
        assert not verdict.correct, (gold, verdict.explain())
    assert mathgrade.grade("The answer is 7, and \\boxed{7}.", "7", policy=policy).correct


@pytest.mark.parametrize("output", ["Q: Alice?\nA: 11, B: 9, C: 4 for Alice", "Q: what?\nA: x = 11, B: 9, C: Anna"])
def test_labelled_parts_after_a_label_are_taken_from_the_label(output: str) -> None:
    # "A: 11, B: 9, C: 4" is the answer in labelled parts: its span starts at the line's "A" (killed: the "A"
    # looked for in the whole text, which found the one in a later word and took "Alice" or "Anna" as the answer)
    found = extract(output)
    assert found and found[0].rule == "answer_label", found
    start = output.index("\nA:") + 1
    assert (found[0].text, found[0].start) == (output[start:], start)


@pytest.mark.parametrize("output", ["The answer is (A) or (B).", "$\\boxed{A, B}$"])
def test_an_answer_naming_several_letters_has_no_content(output: str) -> None:
    # (killed: the content of such an answer made a non-empty string, which the grader would read as the written
    # content of the last letter)
    found = extract(output, choices=True)
    assert found and found[0].choice and found[0].alternatives == ("A", "B") and found[0].content == "", found


@pytest.mark.parametrize("output", [
    "We have $$x = 1$$ so \\boxed{6} is wrong; the answer is 7. Check: $$7 + 1 = 8$$",
    "First $$a = 1$$, then \\boxed{6} is wrong. The answer is 7, since $$b = 2$$.",
])
def test_the_text_between_two_displays_is_no_formula(output: str) -> None:
    # killed: _find_envs going on from a display's inner start (it found a formula from each display's closing $$ to
    # the next one's opening: the withdrawn box's span then covered "the answer is 7", and nothing answered)
    v = mathgrade.grade(output, "7", policy="reward")
    assert v.correct, v.explain()


def test_a_spaced_formula_far_into_a_long_output_is_still_a_formula() -> None:
    # "$ \frac{1}{2} $" is math wherever it stands: its length limit is measured from its own opening dollar
    # (killed: the offset added to the closing dollar's instead of subtracted, which made every spaced formula after
    # the first 2,000 characters no formula, and the eval policy then read "and then $x" as the answer)
    for pad in ("", "We work it out step by step. " * 80):
        output = pad + "So we get $ \\frac{1}{2} $, and then $x$ is done."
        v = mathgrade.grade(output, "\\frac{1}{2}")
        assert v.correct and v.answer is not None and v.answer.rule == "math_env", v.explain()
        assert not mathgrade.grade(output, "x").correct


def test_a_hiding_command_hides_a_braced_argument_only() -> None:
    # "\phantom X{..}" hides the single token X, not the braces after it: only spaces may stand between a command and
    # the argument it hides (killed: letters skipped as well, which blanked "{\boxed{42}}")
    from mathgrade._extract import _scan
    text = "\\phantom X{\\boxed{42}} then \\phantom {7} and \\phantom\n{8}."
    hidden = _scan.hide_comments(text)
    assert hidden[:text.index(" then")] == text[:text.index(" then")]
    assert "7" not in hidden and "8" not in hidden and len(hidden) == len(text)


@pytest.mark.parametrize("policy", ["eval", "reward"])
def test_a_markdown_strike_closes_in_its_own_paragraph_only(policy: str) -> None:
    # "~~" opens a strike-through that ends in the same paragraph (GitHub's Markdown strikes over a line break): a "~~"
    # after a blank line closes nothing of it (killed: the paragraph's end looked for in an empty range, which let
    # "~~6\n\n...\boxed{42}~~" strike the answer out)
    output = "We try ~~6\n\nThe answer is $\\boxed{42}$~~."
    assert mathgrade.grade(output, "42", policy=policy).correct
    assert not mathgrade.grade("We try ~~6\nThe answer is $\\boxed{42}$~~.", "42", policy=policy).correct
    assert not mathgrade.grade("We try ~~6 and then $\\boxed{42}$~~. So 6.", "42", policy=policy).correct


@pytest.mark.parametrize("policy", ["eval", "reward"])
@pytest.mark.parametrize("quoted", ["`\\boxed{43}`", "`$\\boxed{43}$`", "``\\boxed{43}``"])
def test_a_box_in_a_code_span_on_a_line_followed_by_others_is_quoted(quoted: str, policy: str) -> None:
    # a code span is looked for from the start of its own line, wherever the lines after it end (killed: the line's
    # start looked for up to the end of the text, which began the search after the last line break and missed the
    # opening backticks: the quoted box then answered 43)
    output = f"The answer is $\\boxed{{42}}$.\nIgnore {quoted} here.\nDone."
    assert mathgrade.grade(output, "42", policy=policy).correct
    assert not mathgrade.grade(output, "43", policy=policy).correct
