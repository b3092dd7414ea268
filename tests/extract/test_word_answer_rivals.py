"""A word answer's rival offered after it ("`\\boxed{\\text{even}}` (or odd)") makes two answers, as a second number
does; the rival denied ("(not odd)") or the same word again does not. Every pair of the table is tried."""
import pytest

import mathgrade
from mathgrade._extract._commit import WORD_ANSWERS

PAIRS = [(w, r) for group in WORD_ANSWERS for w in group for r in group if r != w]


def _box(word: str) -> str:
    return "$\\boxed{\\text{%s}}$" % word


@pytest.mark.parametrize("word,rival", PAIRS)
@pytest.mark.parametrize("policy", ["reward", "eval"])
def test_a_rival_offered_after_the_answer_is_two_answers(word: str, rival: str, policy: str) -> None:
    offers = (f" (or {rival})", f", maybe {rival}.", f". {rival.capitalize()} is also possible.") if word.isascii() \
        else (f"（或{rival}）", f"，也可能是{rival}", f"；或者{rival}。")
    for remark in offers:
        verdict = mathgrade.grade(_box(word) + remark, word, policy=policy)
        assert not verdict.correct, remark


@pytest.mark.parametrize("word,rival", [(w, r) for w, r in PAIRS if r != "positive"])  # ("not positive": not sure)
def test_a_rival_denied_or_the_answer_repeated_keeps_the_answer(word: str, rival: str) -> None:
    kept = (f" (not {rival})", f" (or, equivalently, not {rival})", f" (or {word})", ".") if word.isascii() \
        else (f"（不是{rival}）", f"（或{word}）", "。", f"，不可能是{rival}。")
    for remark in kept:
        verdict = mathgrade.grade(_box(word) + remark, word, policy="reward")
        assert verdict.correct, (remark, verdict.rule)


@pytest.mark.parametrize("output,correct", [
    ("$\\boxed{\\text{Alice}}$ (or Bob)", False),
    ("$\\boxed{\\text{Alice}}$. It could also be Bob.", False),
    ("$\\boxed{\\text{Alice}}$, or perhaps Bob.", False),
    ("$\\boxed{\\text{Alice}}$ (or Alice's team)", True),
    ("$\\boxed{\\text{Alice}}$. Or, in short, Alice.", True),
    ("$\\boxed{\\text{Alice}}$, as Bob predicted.", True),
    ("$\\boxed{\\text{Alice}}$. Hence Alice, not Bob.", True),
])
def test_another_name_after_a_name(output: str, correct: bool) -> None:
    assert mathgrade.grade(output, "Alice", policy="reward").correct is correct


@pytest.mark.parametrize("content,gold,correct", [
    ("C?", "C", False), ("\\text{C?}", "C", False), ("\\text{(C)?}", "C", False), ("\\text{Yes?}", "Yes", False),
    ("42 \\text{ (?)}", "42", False), ("C", "C", True), ("\\text{Yes}", "Yes", True), ("\\text{(C)}", "C", True),
    ("42 \\text{ (!)}", "42", True),
])
def test_a_question_mark_ending_the_box_asks(content: str, gold: str, correct: bool) -> None:
    verdict = mathgrade.grade("$\\boxed{%s}$" % content, gold, policy="reward")
    assert verdict.correct is correct
    if not correct:
        assert verdict.rule in ("answer.question", "kind.mismatch")


@pytest.mark.parametrize("inside,correct", [
    ("Yes (probably)", False), ("Yes, probably", False), ("Yes (I think)", False), ("Yes (not sure)", False),
    ("Yes (unverified)", False), ("Yes (guess)", False), ("Yes, maybe", False),
    ("Yes (it is possible)", True), ("Yes, certainly", True), ("Yes (I checked)", True), ("Yes, for sure", True),
    ("Yes (verified)", True), ("Yes, it is possible", True),
])
def test_a_doubt_inside_a_yes(inside: str, correct: bool) -> None:
    for policy in ("reward", "eval"):
        assert mathgrade.grade("$\\boxed{\\text{%s}}$" % inside, "Yes", policy=policy).correct is correct


@pytest.mark.parametrize("output,correct", [
    ("$\\boxed{42 \\text{ (probably)}}$", False), ("$\\boxed{42 \\text{ likely}}$", False),
    ("$\\boxed{42 \\text{ (roughly)}}$", False), ("$\\boxed{42 \\text{ (est.)}}$", False),
    ("**Answer: 42 (probably)**", False), ("**Answer: 42 (I guess)**", False),
    ("$\\boxed{42 \\text{ (exact)}}$", True), ("$\\boxed{42 \\text{ apples}}$", True),
    ("$\\boxed{42 \\text{ (apples)}}$", True), ("**Answer: 42 (apples)**", True),
    ("**Answer: 42 (all checked)**", True),
])
def test_a_doubt_inside_the_answer_is_no_annotation(output: str, correct: bool) -> None:
    assert mathgrade.grade(output, "42", policy="reward").correct is correct
