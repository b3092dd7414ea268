"""Every way the extraction refuses a marked answer, read by the rule and the reason a user (or a trainer counting
refusals) sees: each branch of ``_commit.box_refusal``, ``_commit.phrase_refusal`` and ``_commit._before_refusal``
reached by one output, and its attack, the same output without the words that refuse it, which answers.

A kind of mutant the samples of docs/testing.md kept finding (seeds 7, 17, 23, 37, 41): a reason or a rule name no
test read. Here each refusal's full reason is asserted, so a changed or emptied reason string, a branch that
returns another refusal, or a test that no longer fires fails one row.
"""

from __future__ import annotations

from typing import List, Tuple

import pytest

import mathgrade
from mathgrade._extract._commit import REFUSAL_RULES

CUT_OFF = "the output stops in the middle of its sentence (cut off): a value being tried, not a conclusion"
SUPPOSED = "it is a supposition or a trial, not a conclusion"
HIDDEN = "its content is hidden when rendered (\\phantom, white text)"

# (output, answer shown in the reason, rule, reason, the same output with the refusing words taken out)
BOX: List[Tuple[str, str, str, str, str]] = [
    ("$\\boxed{\\phantom{7}}$", "\\phantom{7}", "answer.hidden", HIDDEN, "$\\boxed{7}$"),
    ("$\\boxed{\\color{white}{7}}$", "\\color{white}{7}", "answer.hidden", HIDDEN, "$\\boxed{\\color{red}{7}}$"),
    ("We get $\\boxed{7} + 3$ apples.", "7", "answer.partial_expression",
     "the box is a piece of a longer expression, not the whole answer", "We get $\\boxed{7}$ apples."),
    ("We get $2 \\times \\boxed{7}$ apples.", "7", "answer.partial_expression",
     "the box is a piece of a longer expression, not the whole answer", "We get $\\boxed{7}$ apples."),
    ("So $\\boxed{7}$ is wrong.", "7", "answer.withdrawn", "the text calls it wrong", "So $\\boxed{7}$ is right."),
    ("Let us try $\\boxed{7}$ first.", "7", "answer.supposed", "it is a value being tried, not a conclusion",
     "Let us take $\\boxed{7}$ first."),
    ("It is not $\\boxed{7}$.", "7", "answer.withdrawn", "the text negates it or rules it out", "It is $\\boxed{7}$."),
    ("We rule out $\\boxed{7}$.", "7", "answer.withdrawn", "the text negates it or rules it out",
     "We end with $\\boxed{7}$."),
    ("Suppose it is $\\boxed{7}$.", "7", "answer.supposed", SUPPOSED, "Hence it is $\\boxed{7}$."),
    ("Maybe it is $\\boxed{7}$.", "7", "answer.hedged", "the sentence hedges it", "Hence it is $\\boxed{7}$."),
    ("Is it $\\boxed{7}$?", "7", "answer.question", "it is asked, not stated", "It is $\\boxed{7}$."),
    ("$\\boxed{7}$ と仮定する。", "7", "answer.supposed", SUPPOSED, "$\\boxed{7}$ である。"),
    ("We get $\\boxed{7}$ if we assume that the", "7", "answer.supposed", CUT_OFF, "We get $\\boxed{7}$."),
    ("We get $\\boxed{7}$, or maybe.", "7", "answer.hedged", "a hedge follows it", "We get $\\boxed{7}$, or so we found."),
    ("We get $\\boxed{7}$, but I am not sure.", "7", "answer.hedged", "a hedge follows it",
     "We get $\\boxed{7}$, and I am sure."),
    ("We get $\\boxed{7}$ squared.", "7", "answer.partial_expression",
     "the box is a piece of a longer expression, not the whole answer", "We get $\\boxed{7}$ exactly."),
    ("The answer is twice $\\boxed{7}$.", "7", "answer.partial_expression",
     'the words before it apply an operation to it ("twice", "minus")', "The answer is then $\\boxed{7}$."),
    ("The answer is nearly $\\boxed{7}$.", "7", "answer.hedged",
     "the words before it make it a bound or an estimate, not the value", "The answer is clearly $\\boxed{7}$."),
    ("$\\boxed{7}$ (typo, I meant 9)", "7", "answer.withdrawn", "the text calls it wrong", "$\\boxed{7}$ (no typo)"),
    ("$\\boxed{7}$ would be the answer if n were even.", "7", "answer.supposed", SUPPOSED,
     "$\\boxed{7}$ is the answer since n is even."),
]

PHRASE: List[Tuple[str, str, str, str, str]] = [
    ("The answer is $\\color{white}{7}$.", "\\color{white}{7}", "answer.hidden", HIDDEN, "The answer is $7$."),
    ("The wrong answer is 7.", "7", "answer.withdrawn", "the phrase labels it wrong", "The right answer is 7."),
    ("The answer is not 7.", "not 7", "answer.withdrawn", "the text negates it", "The answer is 7."),
    ("Die Antwort ist nicht 7.", "nicht 7", "answer.withdrawn", "the text negates it", "Die Antwort ist 7."),
    ("The answer is 7?", "7", "answer.question", "it is asked, not stated", "The answer is 7."),
    ("Suppose the answer is 7.", "7", "answer.supposed", SUPPOSED, "Hence the answer is 7."),
    ("Maybe the answer is 7.", "7", "answer.hedged", "the sentence hedges it", "Hence the answer is 7."),
    # (a language written without spaces: the answer region runs on to the verb that makes it a supposition;
    # these two were graded correct under the reward policy until phrase_refusal searched from the answer's start)
    ("答えは 7 と仮定する。", "7", "answer.supposed", SUPPOSED, "答えは 7 である。"),
    ("정답은 7이라고 가정하면 다음과 같다.", "7", "answer.supposed", SUPPOSED, "정답은 7입니다."),
    ("The answer is 7 if we assume that the", "7", "answer.supposed", CUT_OFF, "The answer is 7."),
    ("The answer is 7, but I am not sure.", "7", "answer.hedged", "a hedge follows it",
     "The answer is 7, and I am sure."),
    ("The answer is 7 squared.", "7", "answer.partial_expression", "the words after it apply an operation to it",
     "The answer is 7 exactly."),
    ("The answer is 7, which is wrong.", "7", "answer.withdrawn", "the text calls it wrong",
     "The answer is 7, which is right."),
    ("The answer is 7, just kidding.", "7,", "answer.withdrawn", "the text calls it wrong",
     "The answer is 7, no kidding."),
]


def _ids(rows: List[Tuple[str, str, str, str, str]]) -> List[str]:
    return [f"{r[2]}:{r[0][:28]}" for r in rows]


@pytest.mark.parametrize("output, shown, rule, why, attack", BOX + PHRASE, ids=_ids(BOX + PHRASE))
def test_each_refusal_names_its_rule_and_reason(output: str, shown: str, rule: str, why: str, attack: str) -> None:
    refused = mathgrade.grade(output, "7", policy="reward")
    assert (refused.status, refused.rule) == ("no_answer", rule), refused.explain()
    assert refused.reason == f"{shown!r} is not a committed answer: {why}"
    assert not refused.correct
    # the attack: without the words that refuse it, the same answer is committed and right
    taken = mathgrade.grade(attack, "7", policy="reward")
    assert taken.correct, (attack, taken.explain())


def test_a_hedge_naming_another_value_makes_the_output_ambiguous_and_names_it() -> None:
    verdict = mathgrade.grade("We get $\\boxed{7}$, or maybe $9$ instead.", "7", policy="reward")
    assert (verdict.status, verdict.rule) == ("ambiguous", "answer.hedged"), verdict.explain()
    assert verdict.reason == "'7' is not a committed answer: a hedge follows it naming another value (9)"
    assert not mathgrade.grade("We get $\\boxed{7}$, or maybe $9$ instead.", "9", policy="reward").correct


def test_every_refusal_rule_is_reached_by_a_row() -> None:
    assert {r[2] for r in BOX} == set(REFUSAL_RULES)
    assert {r[2] for r in PHRASE} == set(REFUSAL_RULES)


def test_a_supposition_after_a_phrase_answer_is_found_whatever_whitespace_follows() -> None:
    # (the same bug: "答えは 7 と仮定する。  次に進む。" was credited under the reward policy)
    v = mathgrade.grade("答えは 7 と仮定する。  次に進む。", "7", policy="reward")
    assert (v.status.value, v.rule) == ("no_answer", "answer.supposed"), v.explain()
