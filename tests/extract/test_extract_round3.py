"""Extraction kinds of the accuracy ratchet, round 3 (issue 28): what is taken from an output, both ways."""

from __future__ import annotations

import mathgrade


def first(output: str, **opts: object) -> str:
    found = mathgrade.extract(output, **opts)  # type: ignore[arg-type]
    assert found, output
    return found[0].text


# ---- 2: a multi-part answer taken in part ---------------------------------------------------------------------------


def test_or_glued_between_two_formulas_keeps_both() -> None:
    assert first("W(x)=1orW(x)=-1") == "W(x)=1orW(x)=-1"
    assert first("so x = floor(y) = 3") != "x = floor(y) = 3"  # a word holding "or" is no separator


def test_labelled_parts_on_the_answer_line_are_taken_together() -> None:
    assert first("Q: the three counts?\nA: 11, B: 9, C: 4") == "A: 11, B: 9, C: 4"
    assert first("Q: how many?\nA: 26") == "26"


# ---- 4: an unmarked output: the wrong span taken --------------------------------------------------------------------


def test_a_plain_text_radical_is_the_last_number() -> None:
    assert first("We leave it as √5.") == "√5"
    assert first("so it is 2√5.") == "2√5"
    assert first("so it is 5.") == "5"


# ---- 11: one-off reading faults -------------------------------------------------------------------------------------


def test_python_powers_are_not_markdown_bold() -> None:
    assert first("The answer is 2**10.") == "2**10"
    assert first("**Answer:** 2**10") == "2**10"
    assert first("The answer is **5**.") == "5"  # bold still ends at its closing stars


def test_a_repeating_decimal_in_words_is_taken_whole() -> None:
    assert first("The answer is 0.8333 repeating.") == "0.8333 repeating"
    assert first("The answer is 12 apples.") == "12"
