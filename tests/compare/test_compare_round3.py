"""Grading kinds of the accuracy ratchet, round 3 (issue 28): one section per kind, each with answers that must be
correct and near misses that must not (a false "correct" is the costliest mistake a grader can make)."""

from __future__ import annotations

from typing import Any, Optional

import pytest

import mathgrade


def grade(output: str, gold: str, problem: Optional[str] = None, **opts: Any) -> mathgrade.Verdict:
    return mathgrade.grade(output, gold, problem=problem, **opts)


def boxed(answer: str, gold: str, **opts: Any) -> mathgrade.Verdict:
    return mathgrade.grade(f"The answer is $\\boxed{{{answer}}}$.", gold, **opts)


# ---- 1: golds we cannot read ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("answer,gold", [
    ("\\frac54", "\\frac54 \\#\\# 1.25"), ("1.25", "\\frac54 \\#\\# 1.25"), ("5/4", "5/4 ## 1.25"),
    ("1.25", "1.25 \\text{ or } \\frac{5}{4}"), ("\\frac54", "1.25 or \\frac{5}{4}"),
    ("0.75", "0. 75"), ("\\text{系统抽样}", "系统抽样"), ("系统抽样", "系统抽样"), ("20 N", "20 \\mathrm{~N}"),
    ("1, 4", "①④"), ("①④", "①④"), ("0.101_{2}", "0.101_{2}"), ("\\frac58", "0.101_{2}"),
    ("\\perp", "\\perp"), ("\\text{perpendicular}", "\\perp"), ("\\parallel", "\\parallel"),
    ("x^2", "x<sup>2</sup>"), ("a_1", "a<sub>1</sub>"), ("x^", "x^"), ("(1,2", "(1,2"), ("[0, \\infty", "[0,\\infty"),
])
def test_a_gold_we_could_not_read_is_still_compared(answer: str, gold: str) -> None:
    v = boxed(answer, gold)
    assert v.correct, v.explain()


@pytest.mark.parametrize("answer,gold", [
    ("1.3", "\\frac54 \\#\\# 1.25"), ("4", "5/4 ## 1.25"), ("1.25", "1.25 \\text{ or } \\frac{4}{5}"),
    ("0.76", "0. 75"), ("75", "0. 75"), ("\\text{分层抽样}", "系统抽样"), ("30 N", "20 \\mathrm{~N}"),
    ("1, 3", "①④"), ("1, 4, 5", "①④"), ("14", "①④"), ("0.101", "0.101_{2}"), ("0.111_{2}", "0.101_{2}"),
    ("\\parallel", "\\perp"), ("\\text{parallel}", "\\perp"), ("x^3", "x<sup>2</sup>"), ("x^", "y^"),
    ("(1,2)", "(1,2"), ("(1,3", "(1,2"),
])
def test_a_gold_we_could_not_read_rejects_a_near_miss(answer: str, gold: str) -> None:
    v = boxed(answer, gold)
    assert not v.correct, v.explain()


def test_an_or_gold_of_two_solutions_is_still_a_list() -> None:
    assert boxed("2, 3", "x = 2 \\text{ or } x = 3").correct
    assert not boxed("2", "x = 2 \\text{ or } x = 3").correct


def test_an_unreadable_gold_that_the_answer_is_not_stays_invalid() -> None:
    v = boxed("5", "x^")
    assert v.status.value == "invalid_gold" and v.rule == "read.gold"


# ---- 2: a multi-part answer taken in part ---------------------------------------------------------------------------


@pytest.mark.parametrize("output,gold", [
    ("the largest value is $\\boxed{5}$ and the smallest is $\\boxed{-2}$.", "5, -2"),
    ("the largest value is $\\boxed{5}$ and the smallest is $\\boxed{-2}$.", "(5, -2)"),
    ("So $x = 4$ and $x = -1$.", "4, -1"),
    ("So x = 4 and x = -1.", "-1, 4"),
    ("A: 11, B: 9, C: 4", "11, 9, 4"),
    ("Q: how many?\nA: 11, B: 9, C: 4", "11, 9, 4"),
    ("We find $\\boxed{35}$ cm and $\\boxed{4}$.", "\\boxed{35} ++++++ \\boxed{4}"),
])
def test_all_the_parts_the_output_ends_with_are_the_answer(output: str, gold: str) -> None:
    v = grade(output, gold)
    assert v.correct, v.explain()


@pytest.mark.parametrize("output,gold,policy", [
    ("the largest value is $\\boxed{5}$ and the smallest is $\\boxed{-3}$.", "5, -2", "eval"),
    ("the largest value is $\\boxed{-2}$ and the smallest is $\\boxed{5}$.", "(5, -2)", "eval"),  # a tuple is ordered
    ("candidates: $\\boxed{5}$, $\\boxed{-2}$ and $\\boxed{7}$.", "5, -2", "eval"),  # more parts than the gold's
    ("the largest value is $\\boxed{5}$.", "5, -2", "eval"),  # a part is not the whole
    ("So $x = 4$ and $x = -2$.", "4, -1", "eval"),
    ("So x = 4 and x = -1.", "4, -1", "reward"),  # unmarked: the reward policy takes only boxes
    ("It is not $\\boxed{5}$; the smallest is $\\boxed{-2}$.", "5, -2", "reward"),  # a refused box is no part
    ("$\\boxed{5}$ or maybe $\\boxed{-2}$", "5, -2", "eval"),
    ("A: 11, B: 4, C: 9", "11, 9, 4", "eval"),  # labels give the order
])
def test_parts_that_do_not_match_the_gold_are_not_the_answer(output: str, gold: str, policy: str) -> None:
    v = grade(output, gold, policy=policy)
    assert not v.correct, v.explain()


# ---- 12: decimal commas by the output's language --------------------------------------------------------------------


@pytest.mark.parametrize("output,gold", [
    ("La réponse est donc $\\boxed{2,74}$.", "2.74"),
    ("Die Antwort ist also $\\boxed{2,74}$.", "2.74"),
    ("Ответ: $\\boxed{2,74}$", "2.74"),
    ("La respuesta es entonces $\\boxed{2,74}$.", "2.74"),
    ("Die Antwort ist $\\boxed{-3,0}$.", "-3"),
    ("La réponse est $\\boxed{2.74}$.", "2,74"),
    ("Soucis : 2,74 $ a..", "2.74"),
    ("The answer is $\\boxed{-3, 0}$.", "-3,0"),
])
def test_a_decimal_comma_in_a_language_that_writes_one(output: str, gold: str) -> None:
    v = grade(output, gold)
    assert v.correct, v.explain()


@pytest.mark.parametrize("output,gold", [
    ("The answer is $\\boxed{-3}$.", "-3,0"),  # a list gold: -3 is a part of it (a false positive until round 3)
    ("The answer is $\\boxed{-3,0}$.", "-3"),
    ("La réponse est donc $\\boxed{2,75}$.", "2.74"),
    ("La réponse est donc $\\boxed{2,74}$.", "274"),
    ("So the roots are $\\boxed{2,74}$ and we are done.", "2, 75"),
])
def test_a_comma_that_is_no_decimal_comma(output: str, gold: str) -> None:
    v = grade(output, gold)
    assert not v.correct, v.explain()


@pytest.mark.parametrize("gold", ["1.234", "1234"])
def test_a_thousands_group_in_a_decimal_comma_language_is_ambiguous(gold: str) -> None:
    v = grade("La réponse est donc $\\boxed{1,234}$.", gold)
    assert not v.correct and v.status.value == "ambiguous" and v.rule == "number.ambiguous_comma", v.explain()
    assert grade("The answer is $\\boxed{1,234}$.", "1234").correct  # English: a thousands comma


def test_the_language_is_told_by_its_words() -> None:
    from mathgrade._language import uses_decimal_comma

    assert uses_decimal_comma("Donc la réponse est 2,5 et nous avons fini.")
    assert uses_decimal_comma("Also ist die Antwort 2,5.")
    assert uses_decimal_comma("Следовательно, ответ 2,5.")
    assert not uses_decimal_comma("So the answer is 2,5 and we are done.")
    assert not uses_decimal_comma("$x = 2,5$")  # no prose: no language


# ---- 6: multiple choice without the problem's text ------------------------------------------------------------------


@pytest.mark.parametrize("output,policy", [
    ("The answer is (B): $\\boxed{2\\pi(5-\\sqrt3)}$", "eval"),
    ("The answer is (B): $\\boxed{2\\pi(5-\\sqrt3)}$", "reward"),
    ("So the answer is $\\boxed{2\\pi(5-\\sqrt3)}$, which is option (B).", "eval"),
])
def test_a_boxed_value_named_with_a_letter_answers_a_letter_gold(output: str, policy: str) -> None:
    v = grade(output, "B", policy=policy)
    assert v.correct and v.rule == "choice.letter", v.explain()


@pytest.mark.parametrize("output,policy", [
    ("The answer is (C): $\\boxed{2\\pi(5-\\sqrt3)}$", "eval"),
    ("So the answer is $\\boxed{2\\pi(5-\\sqrt3)}$, which is option (B).", "reward"),  # an unmarked letter
    ("(A) or (B)? $\\boxed{7}$", "eval"),  # several letters named
    ("The fixed points A and B lie on the circle, so $\\boxed{5}$.", "eval"),  # letters that are points
    ("The answer is not (B): $\\boxed{7}$", "reward"),
])
def test_a_boxed_value_without_one_committed_letter_does_not_answer_a_letter(output: str, policy: str) -> None:
    v = grade(output, "B", policy=policy)
    assert not v.correct, v.explain()


# ---- 3: a text gold against a short or reworded answer --------------------------------------------------------------


@pytest.mark.parametrize("answer,gold", [
    ("\\text{X}", "\\text{X will receive the last token}"),
    ("X", "\\text{X will receive the last token}"),
    ("\\text{Evelyn}", "\\text{Evelyn has the highest average speed}"),
    ("\\text{Evelyn has the highest speed}", "\\text{Evelyn has the highest average speed}"),
    ("\\text{irrational}", "\\text{not a rational number}"),
    ("\\text{not rational}", "\\text{irrational}"),
    ("\\text{none}", "\\text{no solution}"),
    ("\\text{no real solutions}", "\\text{none}"),
    ("\\text{DNE}", "\\text{does not exist}"),
    ("\\text{infinitely many}", "\\text{infinite}"),
    ("B", "\\text{B will win the game}"),
])
def test_a_short_answer_that_is_the_key_of_a_text_gold(answer: str, gold: str) -> None:
    v = boxed(answer, gold)
    assert v.correct, v.explain()


@pytest.mark.parametrize("answer,gold", [
    ("\\text{Y}", "\\text{X will receive the last token}"),
    ("\\text{the last token}", "\\text{X will receive the last token}"),  # the name asked for is missing
    ("\\text{X and Y}", "\\text{X will receive the last token}"),  # a name the gold does not say
    ("\\text{Alice}", "\\text{Alice and Bob tie}"),  # a part of the gold's names
    ("\\text{not Evelyn}", "\\text{Evelyn has the highest average speed}"),  # a negation the gold does not say
    ("\\text{Evelyn}", "\\text{Evelyn does not have the highest speed}"),  # the gold negates
    ("\\text{Evelyn has the lowest speed}", "\\text{Evelyn has the highest average speed}"),  # a word it contradicts
    ("\\text{rational}", "\\text{not a rational number}"),
    ("\\text{yes}", "\\text{false}"),
    ("\\text{increasing}", "\\text{The function is increasing on (0,1) and decreasing elsewhere}"),
    ("B", "\\text{A will win the game}"),
    ("\\text{player}", "\\text{Player A wins}"),
])
def test_a_short_answer_that_is_not_what_the_text_gold_says(answer: str, gold: str) -> None:
    v = boxed(answer, gold)
    assert not v.correct, v.explain()


# ---- 5: a gold that is itself an approximation ----------------------------------------------------------------------


@pytest.mark.parametrize("answer,gold", [
    ("4.81 s", "4.8 s"), ("4.812 \\mathrm{s}", "4.812"), ("4.812", "4.812 \\mathrm{s}"),
    ("3.24 \\times 10^{21}", "3.2 \\times 10^{21}"), ("3.0 \\times 10^{21}", "3 \\times 10^{21}"),
    ("3.031", "3\\frac{1}{32}"), ("3.03125", "3\\frac{1}{32}"),
    ("1.2676506002282294e+30", "1267650600228229401496703205376"),
])
def test_an_answer_that_rounds_to_an_approximate_gold(answer: str, gold: str) -> None:
    v = boxed(answer, gold)
    assert v.correct, v.explain()


@pytest.mark.parametrize("answer,gold", [
    ("4.9 s", "4.8 s"), ("4.81 m", "4.812 \\mathrm{s}"), ("3.2 \\times 10^{21}", "3 \\times 10^{21}"),
    ("3.26 \\times 10^{21}", "3.2 \\times 10^{21}"), ("3.032", "3\\frac{1}{32}"), ("3.0", "3\\frac{1}{32}"),
    ("1.2676506002282295e+30", "1267650600228229401496703205376"),  # the 17th digit is wrong
    ("1.26765e+30", "1267650600228229401496703205376"),  # too few digits to be a float's print-out
    ("1.2676506002282294e+29", "1267650600228229401496703205376"),  # another magnitude
])
def test_an_answer_that_does_not_round_to_an_approximate_gold(answer: str, gold: str) -> None:
    v = boxed(answer, gold)
    assert not v.correct, v.explain()


# ---- 8: free parameters and periodic families -----------------------------------------------------------------------


@pytest.mark.parametrize("answer,gold", [
    ("2n\\pi", "x = 2k\\pi"), ("x = 2n\\pi", "2k\\pi"), ("-\\frac{\\pi}{4} + k\\pi", "\\frac{3\\pi}{4} + k\\pi"),
    ("-\\frac{\\pi}{4} + n\\pi", "\\frac{3\\pi}{4} + k\\pi"), ("\\frac{\\pi}{2} - 2k\\pi", "\\frac{\\pi}{2} + 2k\\pi"),
    ("x = 2k\\pi, k \\in \\mathbb{Z}", "2k\\pi"),
    ("\\frac{\\pi}{6} + 2k\\pi, k\\in\\mathbb{Z}", "\\frac{\\pi}{6} + 2n\\pi"),
    ("\\frac{7\\pi}{4} + 2k\\pi", "-\\frac{\\pi}{4} + 2k\\pi"),
])
def test_the_same_family_of_angles(answer: str, gold: str) -> None:
    v = boxed(answer, gold)
    assert v.correct, v.explain()


@pytest.mark.parametrize("answer,gold", [
    ("n\\pi", "x = 2k\\pi"), ("\\frac{\\pi}{4} + k\\pi", "\\frac{3\\pi}{4} + k\\pi"),
    ("\\frac{\\pi}{2} + k\\pi", "\\frac{\\pi}{2} + 2k\\pi"), ("\\frac{3\\pi}{4} + 2k\\pi", "-\\frac{\\pi}{4} + 2k\\pi"),
    ("2x\\pi", "2k\\pi"),  # x is no integer parameter
    ("n^2", "k^2"),  # no angle: the variable's name matters
    ("k^2\\pi", "(k+1)^2\\pi"),  # not linear in k
])
def test_another_family_of_angles(answer: str, gold: str) -> None:
    v = boxed(answer, gold)
    assert not v.correct, v.explain()


# ---- 7: equation and inequality golds -------------------------------------------------------------------------------


@pytest.mark.parametrize("answer,gold", [
    ("\\frac{10}{x}", "xy = 10"), ("y = \\frac{10}{x}", "xy = 10"), ("\\frac{6 - 2x}{3}", "2x + 3y = 6"),
    ("3 - \\frac{3y}{2}", "2x + 3y = 6"),
    ("g(\\tfrac12) < g(b^2+1)", "g(\\frac{1}{2}) < g(b^2+1)"),
    ("g\\left(\\frac12\\right) < g\\left(b^{2}+1\\right)", "g(\\frac{1}{2}) < g(b^2+1)"),
    ("\\begin{vmatrix}1&2\\\\3&4\\end{vmatrix} = 5", "5"),
    ("[3,\\infty) \\cup \\{0\\}", "a \\geq 3 \\text{ or } a = 0"),
    ("\\{0\\} \\cup [3,\\infty)", "a = 0 \\text{ or } a \\geq 3"),
])
def test_an_answer_to_an_equation_or_inequality_gold(answer: str, gold: str) -> None:
    v = boxed(answer, gold)
    assert v.correct, v.explain()


@pytest.mark.parametrize("answer,gold", [
    ("\\frac{11}{x}", "xy = 10"), ("\\frac{10}{z}", "xy = 10"), ("\\frac{6 - 2x}{2}", "2x + 3y = 6"),
    ("x^2", "x^2 + y^2 + z = 1"),  # two variables missing: not one equation solved for one
    ("g(\\tfrac12) > g(b^2+1)", "g(\\frac{1}{2}) < g(b^2+1)"), ("g(\\frac{12}{5}) < g(2)", "g(\\frac{1}{25}) < g(2)"),
    ("\\begin{vmatrix}1&2\\\\3&4\\end{vmatrix} = 6", "5"),
    ("[3,\\infty)", "a \\geq 3 \\text{ or } a = 0"), ("(3,\\infty) \\cup \\{0\\}", "a \\geq 3 \\text{ or } a = 0"),
    ("[3,\\infty) \\cup \\{1\\}", "a \\geq 3 \\text{ or } a = 0"),
])
def test_a_near_miss_of_an_equation_or_inequality_gold(answer: str, gold: str) -> None:
    v = boxed(answer, gold)
    assert not v.correct, v.explain()


def test_a_side_of_the_gold_equation_written_again_solves_nothing() -> None:
    for policy in ("eval", "reward"):
        assert not boxed("m\\ddot x + kx", "m\\ddot x + kx = F", policy=policy).correct


# ---- 4: an unmarked output: the wrong span taken --------------------------------------------------------------------

MACHINES = "A machine fills 30 boxes an hour. How many machines are needed to fill 360 boxes in an hour?"


def test_the_number_of_what_the_problem_asks_for() -> None:
    assert grade("Therefore, 12 machines are needed to fill 360/N boxes.", "12", problem=MACHINES).correct
    assert not grade("Therefore, 13 machines are needed to fill 360/N boxes.", "12", problem=MACHINES).correct
    assert not grade("Therefore, 12 machines are needed to fill 360/N boxes.", "360", problem=MACHINES).correct
    assert not grade("We need 12 workers and 360 machines.", "12", problem=MACHINES).correct


PHASE_STEP = ("So $\\tan\\phi = -\\sqrt3$; let me consider both cases.\n\n"
              "Therefore, the correct choice is $\\cos\\phi = -\\frac12$ and $\\sin\\phi = \\frac{\\sqrt3}{2}$.\n\n"
              "Now, going back to the first equation, $A\\cos\\phi = 1$ gives $A = -2$.\n\n"
              "The amplitude is negative, so the sign must be kept.\n\n"
              "Therefore, the function can be rewritten as $%s$.\n\nI think this is the correct form.")
PHASE_GOLD = "2 \\cos (\\pi t+\\pi / 3)"


def test_an_answer_phrase_that_was_a_step_yields_to_the_conclusion() -> None:
    v = grade(PHASE_STEP % "-2 \\cos\\left(\\pi t - \\frac{2\\pi}{3}\\right)", PHASE_GOLD)
    assert v.correct and v.answer is not None and v.answer.rule == "math_env", v.explain()
    # a conclusion of another value is that value; the reward policy takes only what the model marked
    assert not grade(PHASE_STEP % "2 \\cos\\left(\\pi t - \\frac{2\\pi}{3}\\right)", PHASE_GOLD).correct
    assert not grade(PHASE_STEP % "-2 \\cos\\left(\\pi t - \\frac{2\\pi}{3}\\right)", PHASE_GOLD,
                     policy="reward").correct


@pytest.mark.parametrize("output", [
    # the answer restated in the next paragraph: the phrase is the answer
    "The answer is $7$.\n\nTherefore, $x = 3$.",
    # a last formula after the phrase that is no conclusion
    "The answer is $7$.\n\nWe check it.\n\nIt works.\n\nFor comparison, let us also compute $x = 3$.",
    # a conclusion, then a formula after it: the conclusion is not the end of the work
    "The answer is $7$.\n\nWe check it.\n\nIt works.\n\nTherefore, the area is $3$.\n\nAs a check, $1 + 2$.",
])
def test_an_answer_phrase_that_no_conclusion_supersedes_stays_the_answer(output: str) -> None:
    assert not grade(output, "3").correct
    assert grade(output, "7").correct


def test_a_chosen_letter_is_never_a_step() -> None:
    output = ("Let us analyze the options.\n\nThe correct option is (B).\n\nLet me verify this.\n\n"
              "The speed doubles.\n\nTherefore, the speed is $5$ m/s.")
    v = grade(output, "B")
    assert v.correct and v.answer is not None and v.answer.rule == "answer_phrase", v.explain()
    assert not grade(output, "A").correct


SUBPROBLEMS = ("Subproblem 0: In the balanced equation for the reaction between $\\mathrm{CO}$ and $\\mathrm{O}_{2}$ "
               "to form $\\mathrm{CO}_{2}$, what is the coefficient of $\\mathrm{CO}$?\n\nSolution: \\boxed{1}.\n\n"
               "Subproblem 1: In the balanced equation for the reaction between $\\mathrm{CO}$ and $\\mathrm{O}_{2}$ "
               "to form $\\mathrm{CO}_{2}$, what is the coefficient of $\\mathrm{%s}$ (in decimal form)?")
LABELLED = ("In subproblem 0 the coefficient of CO is 1, and the answer is 1.\n\nBalancing with fractions, "
            "$\\text{CO} + \\frac12 \\text{O}_2 \\rightarrow \\text{CO}_2$.\n\nBoth sides have 1 C and 2 O.\n\n"
            "So, the answers are:\n\n- Coefficient of CO: 1\n\n- Coefficient of O2: 0.5\n\n"
            "- Coefficient of CO2: 1.0\n\nI think that's what the subproblems are looking for.")


def test_labelled_values_answer_with_the_label_the_problem_asks_for() -> None:
    # without the problem's text, the last value listed (the phrase "the answer is 1" was a step)
    v = grade(LABELLED, "1")
    assert v.correct and v.answer is not None and v.answer.text == "1.0", v.explain()
    assert grade(LABELLED, "0.5", problem=SUBPROBLEMS % "O}_{2").correct
    assert grade(LABELLED, "1", problem=SUBPROBLEMS % "CO}_{2").correct
    # near misses: the labelled value of another subproblem is not the answer to this one
    assert not grade(LABELLED, "1", problem=SUBPROBLEMS % "O}_{2").correct
    assert not grade(LABELLED, "0.5", problem=SUBPROBLEMS % "CO}_{2").correct
    # a label the problem does not ask for leaves the last number (no label is guessed)
    assert not grade(LABELLED, "0.5", problem="What is the mass of CO2 formed?").correct


@pytest.mark.parametrize("output,gold,correct", [
    ("Thus the winner is Alice, who scored 95 points in 2019.", "\\text{Alice}", True),
    ("So the winner is Alice, with 95 points in March 2019.", "Alice", True),
    ("Therefore New York had 12 inches of snow in 2019.", "\\text{New York}", True),
    ("So Evelyn has the highest average speed, 12 km/h.", "\\text{Evelyn has the highest average speed}", True),
    ("Thus the winner is Alice, who scored 95 points in 2019.", "2019", True),  # a number gold: the number
    # near misses: another name, two names, a name the sentence does not conclude with or says loses
    ("Thus the winner is Bob, who scored 95 points in 2019.", "\\text{Alice}", False),
    ("So Alice scored 95 points and Bob scored 97.", "\\text{Alice}", False),
    ("So the winner is not Alice: she scored 95.", "\\text{Alice}", False),
    ("So Alice loses, with 12.", "\\text{Alice}", False),
    ("Alice played too, and the winner scored 12.", "\\text{Alice}", False),
    ("Thus the winner is Alice, who scored 95 points in 2019.", "\\text{Bob}", False),
])
def test_a_name_answer_is_not_its_sentences_year_or_score(output: str, gold: str, correct: bool) -> None:
    v = grade(output, gold)
    assert v.correct is correct, v.explain()


def test_a_plain_text_radical_is_a_value() -> None:
    assert grade("We leave it as √5.", "\\sqrt5").correct
    assert not grade("We leave it as √6.", "\\sqrt5").correct
    assert not grade("We leave it as √5.", "5").correct


# ---- 9: sets described by a rule or with annotations ----------------------------------------------------------------

TRIPLES = "(1,0,\\sqrt3),(1,0,-\\sqrt3),(-1,0,\\sqrt3),(-1,0,-\\sqrt3)"
OUTCOMES = "E_{1} \\text{ with probability } \\frac{1}{3}, \\text{ and } E_{%s} \\text{ with probability } \\frac{2}{3}"


def test_sets_described_by_a_rule_or_with_annotations() -> None:
    assert boxed("(\\pm 1, 0, \\pm\\sqrt3)", TRIPLES).correct
    assert not boxed("(\\pm 1, 0, \\pm\\sqrt3)", "(1,0,\\sqrt3),(-1,0,-\\sqrt3)").correct
    assert not boxed("(\\pm 1, 0, \\sqrt3)", TRIPLES).correct
    assert boxed(OUTCOMES % "2", "E_{1},E_{2}").correct
    assert not boxed(OUTCOMES % "3", "E_{1},E_{2}").correct
    assert boxed("\\{x \\mid x > 2\\}", "(2,\\infty)").correct
    assert not boxed("\\{x \\mid x \\geq 2\\}", "(2,\\infty)").correct


# ---- 10: answers in a sentence --------------------------------------------------------------------------------------


@pytest.mark.parametrize("output,gold,correct", [
    ("**Answer:** He paid $12.50 in total.", "12.5", True),
    ("**Answer:** He paid $12.60 in total.", "12.5", False),
    ("**Answer:** He paid $12.50 for 3 books.", "12.5", False),  # two numbers: which one is the answer?
    ("Final answer: the area of the region is $\\pi \\cdot 961/16$.", "\\frac{961\\pi}{16}", True),
    ("Final answer: the area of the region is $\\pi \\cdot 962/16$.", "\\frac{961\\pi}{16}", False),
])
def test_the_value_an_answer_sentence_gives(output: str, gold: str, correct: bool) -> None:
    v = grade(output, gold)
    assert v.correct is correct, v.explain()


# ---- 11: one-off reading faults -------------------------------------------------------------------------------------


@pytest.mark.parametrize("output,gold,correct", [
    ("The answer is 2**10.", "1024", True), ("The answer is 2**11.", "1024", False),
    ("$\\boxed{x**2 + 1}$", "x^2+1", True), ("$\\boxed{5!}$", "120", True), ("$\\boxed{5!}$", "5", False),
    ("$\\boxed{35°17'}$", "35^\\circ 17'", True), ("$\\boxed{35°17'}$", "17", False),
    ("The answer is 0.8333 repeating.", "\\frac56", True), ("The answer is 0.8333 repeating.", "\\frac{5}{7}", False),
    ("$\\boxed{\\{\\{1,2\\},\\{3\\}\\}}$", "\\{1,2\\},\\{3\\}", True),
    ("$\\boxed{\\{\\{1,2\\},\\{4\\}\\}}$", "\\{1,2\\},\\{3\\}", False),
    ("$\\boxed{\\{\\{1,2,3\\}\\}}$", "\\{1,2\\},\\{3\\}", False),  # one set is not the two
    ("$\\boxed{\\{\\{1\\},\\{2,3\\}\\}}$", "\\{1,2\\},\\{3\\}", False),  # grouped otherwise
    # "fixed points A and B": letters that are points are no choice (the negative is in kind 6)
    ("The fixed points A and B lie on the circle, so the answer is $\\boxed{B}$.", "B", True),
])
def test_one_off_reading_faults(output: str, gold: str, correct: bool) -> None:
    v = grade(output, gold)
    assert v.correct is correct, v.explain()


def test_python_powers_leave_arithmetic_undone_for_the_reward_policy() -> None:
    assert not grade("The answer is $\\boxed{2**10}$.", "1024", policy="reward").correct


@pytest.mark.parametrize("output", [
    "$\\boxed{7 \\text{ is wrong}}$", "**Answer:** it is not 7.", "**Answer:** maybe 7, or 8.", "Answer: is it 7?",
])
def test_a_sentence_that_does_not_state_its_number_gives_none(output: str) -> None:
    for policy in ("eval", "reward"):
        assert not grade(output, "7", policy=policy).correct, output


# ---- 1 (continued): units typeset with a tie, as OCR'd golds write them ----------------------------------------------


@pytest.mark.parametrize("answer,correct", [
    ("20", True), ("20 \\mathrm{~N}", True), ("20 \\text{ N}", True), ("20\\,\\mathrm{N}", True),
    ("21", False), ("21 \\text{ N}", False), ("20 \\text{ kg}", False), ("20\\,\\text{cm}", False),
])
def test_a_unit_typeset_with_a_tie(answer: str, correct: bool) -> None:
    v = boxed(answer, "20 \\mathrm{~N}")
    assert v.correct is correct, v.explain()


def test_a_letter_is_a_unit_only_when_it_is_the_golds_unit_symbol() -> None:
    assert boxed("20 N", "20 \\mathrm{~N}").correct
    assert not boxed("21 N", "20 \\mathrm{~N}").correct
    assert not boxed("20 x", "20 \\mathrm{~N}").correct
    assert not boxed("20 m", "20 \\mathrm{~N}").correct


@pytest.mark.parametrize("answer,gold,correct", [
    ("\\text{Yes, it is possible.}", "Yes", True), ("\\text{No, it is not possible.}", "No", True),
    ("\\text{No, it is not possible.}", "Yes", False), ("\\text{Yes and no}", "Yes", False),
    ("\\text{Yes, but no in general}", "Yes", False), ("\\text{yes}", "\\text{No}", False),
    ("\\text{No}", "\\text{No, it is not possible}", True), ("\\text{Yes}", "\\text{No, it is not possible}", False),
])
def test_a_yes_or_no_gold_is_answered_by_the_first_word(answer: str, gold: str, correct: bool) -> None:
    v = boxed(answer, gold)
    assert v.correct is correct, v.explain()


# ---- the problem's text: what it asks for ---------------------------------------------------------------------------

LIST_OF_SQUARES = ("For some real numbers $m$ and $n$, the list $3 n^{2}, m^{2}, 2(n+1)^{2}$ consists of three "
                   "consecutive integers written in increasing order. Determine all possible values of $m$.")


@pytest.mark.parametrize("answer,gold,problem,correct", [
    # order words that describe the problem ask for no order: a list answer is compared unordered
    ("-7, -1, 1, 7", "1,-1,7,-7", LIST_OF_SQUARES, True),
    ("-2, -1, 0, 1, 2, 10, 11, 12, 13, 14", "10,11,12,13,14,-2,-1,0,1,2",
     "There are two increasing sequences of five consecutive integers, each with the sum of the squares of the "
     "first three integers in the sequence equal to the sum of the squares of the last two. Determine them.", True),
    ("-7, -1, 1", "1,-1,7,-7", LIST_OF_SQUARES, False),
    # order words in a sentence that asks: in order
    ("3, 1", "1, 3", "List the roots in increasing order.", False),
    ("3, 1", "1, 3", "What are the roots, in increasing order?", False),
    ("2, 1", "1, 2", "Let $a < b$ be the roots. Find $a$ and $b$, respectively.", False),
    ("1, 2", "1, 2", "Let $a < b$ be the roots. Find $a$ and $b$, respectively.", True),
])
def test_an_order_is_asked_only_by_a_sentence_that_asks(answer: str, gold: str, problem: str, correct: bool) -> None:
    v = boxed(answer, gold, problem=problem)
    assert v.correct is correct, v.explain()


SUN = "Find the gravitational acceleration due to the Sun at 1 AU. Give your answer in meters per second squared."


@pytest.mark.parametrize("answer,problem,correct", [
    ("6 \\times 10^{-3} \\text{ m/s^2}", SUN, True),
    ("6 \\times 10^{-3} \\text{ m/s²}", SUN, True),
    ("0.6 \\text{ cm/s^2}", SUN, True),  # converted
    ("6 \\times 10^{-3} \\text{ m/s}", SUN, False),  # a speed, not an acceleration
    ("6 \\times 10^{-3} \\text{ m/s^2}", "What is its speed? Give your answer in meters per second.", False),
])
def test_a_unit_asked_per_second_squared(answer: str, problem: str, correct: bool) -> None:
    v = boxed(answer, "0.006", problem=problem)
    assert v.correct is correct, v.explain()
