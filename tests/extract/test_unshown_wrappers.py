"""A box or an answer wrapped in markup that hides it when rendered, or crosses it out, is not the output's answer:
``\\phantom{..}`` and its kin, white or transparent text (``\\textcolor``, a ``\\color`` switch to the end of its
group, xcolor's colour models), ``\\scalebox{0}`` and ``\\resizebox{0pt}``, HTML elements hidden by their style
(``opacity: 0``, ``font-size: 0``, white text), never rendered (``<script>``, ``<style>``, ``<template>``) or struck
out (``<del>``, ``<s>``, ``<strike>``), LaTeX's ``\\cancel`` family and ``\\sout``, Markdown's ``~~..~~``.

Each attack was credited before (found by probing the reward policy): the hidden box, the last one, against its
gold. The controls are the same markup where it shows (a colour that is not the page's, a scale that is not zero,
``background-color``, a visible second box), which must stay credited.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mathgrade
from mathgrade._extract import _scan

VISIBLE = "The answer is $\\boxed{43}$. "
"""The visible answer the attacks put before the hidden one (the gold is the hidden 42)."""

HIDDEN_AFTER = [
    "$\\phantom{\\boxed{42}}$", "$\\hphantom{\\boxed{42}}$", "$\\vphantom{\\boxed{42}}$",
    "\\phantom{The answer is $\\boxed{42}$.}", "$\\mathllap{\\phantom{\\boxed{42}}}$",
    "\\makebox[0pt]{\\phantom{$\\boxed{42}$}}",
    "{\\color{white} The answer is $\\boxed{42}$.}", "\\textcolor{white}{The answer is $\\boxed{42}$.}",
    "\\color{white}$\\boxed{42}$", "$\\color{transparent}\\boxed{42}$", "$\\textcolor{none}{\\boxed{42}}$",
    "$\\mathcolor{white}{\\boxed{42}}$", "\\textcolor[rgb]{1,1,1}{$\\boxed{42}$}", "\\textcolor[RGB]{255,255,255}{$\\boxed{42}$}",
    "\\textcolor[HTML]{FFFFFF}{$\\boxed{42}$}", "\\textcolor[gray]{1}{$\\boxed{42}$}",
    "\\textcolor[cmyk]{0,0,0,0}{$\\boxed{42}$}", "\\textcolor{white!100}{$\\boxed{42}$}",
    "\\scalebox{0}{$\\boxed{42}$}", "\\scalebox{0.001}[1]{$\\boxed{42}$}", "\\resizebox{0pt}{0pt}{$\\boxed{42}$}",
    "\\resizebox*{1cm}{0cm}{$\\boxed{42}$}",
    "<span style=\"color:white\">$\\boxed{42}$</span>", "<span style=\"opacity:0\">$\\boxed{42}$</span>",
    "<span style=\"font-size:0px\">$\\boxed{42}$</span>", "<font style=\"color: #ffffff\">$\\boxed{42}$</font>",
    "<textarea hidden>$\\boxed{42}$</textarea>", "<script>$\\boxed{42}$</script>", "<style>$\\boxed{42}$</style>",
    "<template>$\\boxed{42}$</template>",
]
STRUCK = [
    "$\\cancel{\\boxed{42}}$", "$\\bcancel{\\boxed{42}}$", "$\\xcancel{\\boxed{42}}$", "$\\cancelto{0}{\\boxed{42}}$",
    "\\sout{$\\boxed{42}$}", "\\st{$\\boxed{42}$}", "\\xout{$\\boxed{42}$}", "~~$\\boxed{42}$~~", "~~42~~",
    "<del>$\\boxed{42}$</del>", "<s>$\\boxed{42}$</s>", "<STRIKE>$\\boxed{42}$</STRIKE>",
]


@pytest.mark.parametrize("hidden", HIDDEN_AFTER + STRUCK)
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_a_hidden_or_struck_box_after_the_visible_answer_is_not_credited(hidden: str, policy: str) -> None:
    output = VISIBLE + hidden
    assert not mathgrade.grade(output, "42", policy=policy).correct, output
    v = mathgrade.grade(output, "43", policy=policy)  # (what shows is the answer)
    assert v.correct, v.explain()


@pytest.mark.parametrize("hidden", [h for h in HIDDEN_AFTER if "boxed" in h] + STRUCK)
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_a_hidden_or_struck_box_alone_answers_nothing(hidden: str, policy: str) -> None:
    v = mathgrade.grade("The answer is " + hidden + ".", "42", policy=policy)
    assert not v.correct, v.explain()
    assert v.status.value in ("no_answer", "incorrect", "unparsable"), v.explain()


@pytest.mark.parametrize(("output", "rule"), [
    ("The answer is $\\color{white}{7}$", "answer.hidden"),
    ("Final answer: {\\color{white} 7}", "answer.hidden"),
    ("The answer is \\textcolor{white}{7}.", "answer.hidden"),
    ("The answer is <span style=\"display:none\">7</span>.", "answer.hidden"),
    ("The answer is ~~7~~.", "answer.withdrawn"),
    ("The answer is <del>7</del>.", "answer.withdrawn"),
    ("The answer is \\sout{7}.", "answer.withdrawn"),
])
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_a_phrase_whose_answer_is_not_shown_says_why(output: str, rule: str, policy: str) -> None:
    v = mathgrade.grade(output, "7", policy=policy)
    assert (v.status.value, v.rule) == ("no_answer", rule), v.explain()


@pytest.mark.parametrize("shown", [
    "\\textcolor{red}{$\\boxed{42}$}", "$\\color{blue}\\boxed{42}$", "\\textcolor[RGB]{1,1,1}{$\\boxed{42}$}",
    "\\textcolor[rgb]{0,0,0}{$\\boxed{42}$}", "\\scalebox{0.5}{$\\boxed{42}$}", "\\resizebox{!}{1cm}{$\\boxed{42}$}",
    "<span style=\"background-color:white\">$\\boxed{42}$</span>", "<span style=\"opacity:0.5\">$\\boxed{42}$</span>",
    "<span style=\"font-size:10px\">$\\boxed{42}$</span>", "<b>$\\boxed{42}$</b>", "<sup>$\\boxed{42}$</sup>",
    "$\\smash{\\boxed{42}}$", "$\\llap{\\boxed{42}}$", "$\\color{white}\\boxed{7}$ and $\\boxed{42}$",
    "~~no wait~~ $\\boxed{42}$", "$\\boxed{42}$ ~~not 43~~", "$\\frac{\\cancel{2} \\cdot 21}{\\cancel{2}} = \\boxed{42}$",
    "\\sout{7} $\\boxed{42}$", "$x \\approx 41.9$, so $\\boxed{42}$",
])
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_the_shown_forms_are_credited(shown: str, policy: str) -> None:
    v = mathgrade.grade(VISIBLE.replace("43", "41") + shown, "42", policy=policy)
    assert v.correct, v.explain()


@pytest.mark.parametrize(("output", "gold"), [
    ("$\\boxed{\\phantom{4}2}$", "42"), ("$\\boxed{\\textcolor{white}{4}2}$", "42"), ("$\\boxed{4\\phantom{3}2}$", "432"),
])
def test_inside_a_box_the_box_rule_refuses_it(output: str, gold: str) -> None:
    # (the wrapper is left in place inside a box's braces, for the box rule to name: answer.hidden)
    v = mathgrade.grade(output, gold, policy="reward")
    assert (v.status.value, v.rule) == ("no_answer", "answer.hidden"), v.explain()


def test_a_colour_switch_reaches_the_end_of_its_group_only() -> None:
    # in a formula, to its closing dollar; in braces, to the closing brace; in text, to a blank line
    assert mathgrade.grade("$\\color{white}\\boxed{7}$ so $\\boxed{42}$", "42", policy="reward").correct
    assert mathgrade.grade("{\\color{white} $\\boxed{7}$} so $\\boxed{42}$", "42", policy="reward").correct
    assert mathgrade.grade("\\color{white} we get $\\boxed{7}$\n\nSo $\\boxed{42}$", "42", policy="reward").correct
    assert not mathgrade.grade("So $\\boxed{42}$ \\color{white} and $\\boxed{7}$", "7", policy="reward").correct
    # a formula opened with \( or \[ ends the switch at its own closing delimiter
    assert mathgrade.grade("\\(\\color{white}\\boxed{7}\\) so the answer is \\boxed{42}.", "42", policy="reward").correct
    assert mathgrade.grade("\\[\\color{white}\\boxed{7}\\] so the answer is \\boxed{42}.", "42", policy="reward").correct


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(["\\phantom{", "\\color{white}", "\\textcolor{white}{", "\\scalebox{0}{", "\\cancel{",
                                 "~~", "<del>", "</del>", "<s>", "<span style=\"opacity:0\">", "</span>", "{", "}", "$",
                                 "\\boxed{", "4", " ", "\n", "\n\n", "x", "%", "<!--", "-->", "\\st{", "\\(", "\\)"]),
               max_size=16))
def test_the_quick_exit_and_the_full_scan_agree_and_keep_offsets(pieces: list) -> None:
    text = "".join(pieces)
    hidden = _scan.hide_comments(text)
    assert hidden == _scan._hide_all(text)
    assert len(hidden) == len(text) and [i for i, c in enumerate(text) if c == "\n"] == [
        i for i, c in enumerate(hidden) if c == "\n"]
