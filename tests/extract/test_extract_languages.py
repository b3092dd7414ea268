"""Final-answer phrases in other languages: each language finds its answer, and the table is well formed."""

from __future__ import annotations

import pytest

from mathgrade._extract import extract
from mathgrade._extract._phrases import LANGUAGES

CASES = [
    ("zh", "所以答案是 42。", "42"),
    ("zh", "最终答案：$\\frac{1}{2}$", "\\frac{1}{2}"),
    ("zh", "因此，答案为12个苹果。", "12"),
    ("ja", "したがって、答えは 7 です。", "7"),
    ("ja", "最終的な答えは $x=3$ です。", "x=3"),
    ("ko", "따라서 정답은 15입니다.", "15"),
    ("ko", "최종 답: 8", "8"),
    ("ru", "Ответ: 7", "7"),
    ("ru", "Итак, окончательный ответ: $-3$.", "-3"),
    ("fr", "Donc la réponse est 12.", "12"),
    ("fr", "Réponse : 3,5", "3,5"),
    ("de", "Die Antwort ist 19.", "19"),
    ("de", "Endgültige Antwort: 2", "2"),
    ("es", "Por lo tanto, la respuesta es 30.", "30"),
    ("es", "Respuesta final: $\\sqrt{2}$", "\\sqrt{2}"),
    ("pt", "Portanto, a resposta é 8.", "8"),
    ("it", "Quindi la risposta è 64.", "64"),
    ("ar", "الإجابة هي 25", "25"),
    ("ar", "الجواب النهائي هو 9", "9"),
    ("hi", "अंतिम उत्तर है 11", "11"),
    ("hi", "उत्तर: 6", "6"),
    ("tr", "Cevap: 14", "14"),
    ("tr", "Son cevap: 20", "20"),
    ("vi", "Vậy đáp án là 5.", "5"),
    ("vi", "Câu trả lời là $\\frac{3}{4}$.", "\\frac{3}{4}"),
    ("id", "Jadi jawabannya adalah 40.", "40"),
    ("id", "Jawaban akhir: 13", "13"),
    ("nl", "Het antwoord is 21.", "21"),
    ("pl", "Odpowiedź: 17", "17"),
    ("bn", "উত্তর হল 18", "18"),
    ("th", "คำตอบคือ 24", "24"),
    ("sw", "Jibu ni 35.", "35"),
    ("te", "సమాధానం: 9", "9"),
]


@pytest.mark.parametrize("code, output, expected", CASES)
def test_phrase_in_language(code: str, output: str, expected: str) -> None:
    # a distracting number after the answer proves the phrase, not the last number, was used
    found = extract(output + "\n(checked with 999)")
    assert found, output
    assert found[0].text == expected
    assert found[0].rule.endswith(":" + code)
    assert found[0].rule.startswith(("answer_phrase_i18n", "final_answer_phrase_i18n"))


def test_every_language_is_tested() -> None:
    assert {c for c, _, _ in CASES} == {lang.code for lang in LANGUAGES if lang.code != "en"}
    assert len(LANGUAGES) >= 13


def test_final_phrases_outrank_plain_ones_in_a_language() -> None:
    found = extract("最终答案是 3。答案是 4")
    assert found[0].text == "3" and found[0].rule == "final_answer_phrase_i18n:zh"


def test_english_outranks_other_languages() -> None:
    assert extract("Ответ: 7. The final answer is 8.")[0].text == "8"


@pytest.mark.parametrize(
    "output",
    [
        "solution: réanswer: 5",  # inside a longer word, for languages with spaces
        "Der Antwortbogen ist leer.",  # "antwort" without "ist"/":" directly after it
        "La respuesta depende de x.",
    ],
)
def test_non_phrases(output: str) -> None:
    assert not any("phrase" in c.rule for c in extract(output))


def test_table_is_well_formed() -> None:
    codes = [lang.code for lang in LANGUAGES]
    assert len(codes) == len(set(codes))
    for lang in LANGUAGES:
        assert lang.final and lang.answer, lang.code
        for phrase in lang.final + lang.answer:
            assert phrase == phrase.strip() and phrase.lower() == phrase.lower().strip(), phrase
            # a phrase must end where the answer starts: with a verb or a colon, never a bare noun like "answer"
            assert not phrase.lower().endswith(("answer", "the answer")), phrase


def test_phrases_are_found_when_lower_casing_changes_offsets() -> None:
    out = "İstanbul İzmir: the answer is 5."  # "İ".lower() is two characters
    assert len(out.lower()) != len(out)
    found = extract(out)
    assert found[0].text == "5" and out[found[0].start:found[0].end] == "5"


def test_only_the_last_phrases_are_examined() -> None:
    out = "The answer is 1. " + "Then we note the answer is correct. " * 500 + "So the answer is 2."
    assert extract(out)[0].text == "2"
