"""The numbers the remark after an answer is read for (``_commit._REMARK_NUMBER``): a word of a script written without
spaces (kana, CJK ideographs, Hangul) may touch a number ("是43", "43일", "43かも"); a Latin letter, a point, a script or
a fraction mark may not (that number is part of a word, a decimal, ``x_3`` or ``3/4``)."""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._extract._commit import _REMARK_NUMBER


@pytest.mark.parametrize("text, numbers", [
    ("是43。", ["43"]), ("43일", ["43"]), ("かも43かも", ["43"]), ("为-43，", ["-43"]), ("共 4.5 个", ["4.5"]),
    ("a43", []), ("43b", []), ("x_3", []), ("2^4", []), ("{3}", []), ("/4", []), ("1.5.2", []), ("é43", []),
    ("43 and 44", ["43", "44"]),
])
def test_numbers_touching_words(text: str, numbers: list) -> None:
    assert _REMARK_NUMBER.findall(text) == numbers


@pytest.mark.parametrize("remark", ["如果包括0的话是43。", "若不含0，则为43。", "43かもしれません。", "43일 수도 있습니다."])
def test_a_value_touching_its_words_is_offered(remark: str) -> None:
    output = f"答案是 $\\boxed{{42}}$。{remark}"
    for policy in ("reward", "eval"):
        assert not mathgrade.grade(output, "42", policy=policy).correct


@pytest.mark.parametrize("remark", ["共42个。", "第2步已验证。", "43일 후에 다시 확인했습니다.", "6×7=42。"])
def test_a_number_touching_other_words_offers_nothing(remark: str) -> None:
    output = f"答案是 $\\boxed{{42}}$。{remark}"
    for policy in ("reward", "eval"):
        assert mathgrade.grade(output, "42", policy=policy).correct


@pytest.mark.parametrize("sentence, offered", [
    ("With zero: 43.", True), ("Counting zero, 43.", True), ("Not counting zero: 43.", True),
    ("For positive integers only, 43.", True), ("Under the strict reading, 43.", True),
    ("Balancing with fractions, 43.", False),  # (the condition does not open the sentence)
    ("For each box, 6 apples.", False),  # (a count with its unit)
    ("With 6 boxes of 7: 42.", False), ("In total, 42.", False),
])
def test_a_condition_opening_the_sentence_offers_its_value(sentence: str, offered: bool) -> None:
    output = f"The answer is $\\boxed{{42}}$. {sentence}"
    for policy in ("reward", "eval"):
        assert mathgrade.grade(output, "42", policy=policy).correct is not offered
