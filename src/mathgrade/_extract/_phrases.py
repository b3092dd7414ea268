"""Final-answer phrases, by language: data only. Add a language by adding one :class:`Language` to ``LANGUAGES``.

How a phrase is written (see :func:`mathgrade._extract._rules.compile_phrases`): it is matched case-insensitively;
a space stands for any run of whitespace; a trailing ``:`` also matches the full-width ``：`` and may be preceded by
spaces (``Réponse :``). A phrase must end where the answer starts: with a verb ("is", "est", "是") or a colon, never
with the bare noun ("the answer"), which also begins sentences that are not answers ("the answer depends on...").

``final`` phrases name *the final* answer ("The final answer is"); ``answer`` phrases are weaker ("the answer is",
"Answer:"); the extractor ranks the first above the second. ``spaced`` says whether words are separated by spaces:
for those languages a phrase must start at a word boundary ("answer:" does not match inside "reanswer:").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Tuple

__all__ = ["Language", "LANGUAGES", "ENGLISH_HEDGES"]


@dataclass(frozen=True)
class Language:
    """The phrases one language uses to introduce a final answer."""

    code: str
    """ISO 639-1 code (``en``, ``zh``...)."""
    final: Tuple[str, ...]
    """Phrases introducing *the final* answer ("The final answer is")."""
    answer: Tuple[str, ...]
    """Weaker phrases ("the answer is", "Answer:")."""
    spaced: bool = True
    """Words are separated by spaces, so a phrase must start at a word boundary."""


LANGUAGES: Tuple[Language, ...] = (
    Language(
        "en",
        final=("final answer is", "final answer:", "final answer =", "final result is", "final result:"),
        answer=(
            "the answer is", "answer is", "answer:", "answer =", "the correct answer is",
            "the answer to the problem is", "the answer to this problem is", "the answer to the question is",
            "the answer to this question is", "the correct option is", "the correct choice is",
        ),
    ),
    Language(
        "zh",
        final=("最终答案是", "最终答案为", "最终答案:", "最终的答案是", "最終答案是", "最終答案:"),
        answer=("答案是", "答案为", "答案:", "答案應為", "答案应为", "正确答案是", "【答案】", "故选", "所以选", "因此选",
                "应选", "答案选", "正确选项为", "正确选项是"),
        spaced=False,
    ),
    Language(
        "ja",
        final=("最終的な答えは", "最終解答は", "最終解答:", "最終的な答え:"),
        answer=("答えは", "答え:", "解答は", "正解は"),
        spaced=False,
    ),
    Language(
        "ko",
        final=("최종 답은", "최종 답:", "최종 정답은", "최종 답안:"),
        answer=("정답은", "답은", "정답:", "답:"),
        spaced=False,
    ),
    Language(
        "ru",
        final=("окончательный ответ:", "окончательный ответ —", "итоговый ответ:", "окончательный ответ равен"),
        answer=("ответ:", "ответ —", "ответ равен", "ответ будет", "ответом является"),
    ),
    Language(
        "fr",
        final=("la réponse finale est", "réponse finale:", "le résultat final est"),
        answer=("la réponse est", "réponse:", "la bonne réponse est"),
    ),
    Language(
        "de",
        final=("die endgültige antwort ist", "die endgültige antwort lautet", "endgültige antwort:",
               "die finale antwort ist"),
        answer=("die antwort ist", "die antwort lautet", "antwort:", "die richtige antwort ist"),
    ),
    Language(
        "es",
        final=("la respuesta final es", "respuesta final:"),
        answer=("la respuesta es", "respuesta:", "la respuesta correcta es"),
    ),
    Language(
        "pt",
        final=("a resposta final é", "resposta final:"),
        answer=("a resposta é", "resposta:", "a resposta correta é"),
    ),
    Language(
        "it",
        final=("la risposta finale è", "risposta finale:"),
        answer=("la risposta è", "risposta:", "la risposta corretta è"),
    ),
    Language(
        "ar",
        final=("الإجابة النهائية هي", "الجواب النهائي هو", "الإجابة النهائية:", "الجواب النهائي:"),
        answer=("الإجابة هي", "الجواب هو", "الإجابة:", "الجواب:"),
        spaced=False,
    ),
    Language(
        "hi",
        final=("अंतिम उत्तर है", "अंतिम उत्तर:"),
        answer=("उत्तर है", "उत्तर:", "सही उत्तर है"),
        spaced=False,
    ),
    Language(
        "tr",
        final=("son cevap:", "nihai cevap:", "son yanıt:", "nihai cevap şudur:"),
        answer=("cevap:", "yanıt:", "cevap şudur:", "doğru cevap:"),
    ),
    Language(
        "vi",
        final=("đáp án cuối cùng là", "câu trả lời cuối cùng là", "đáp án cuối cùng:"),
        answer=("đáp án là", "đáp án:", "câu trả lời là", "câu trả lời:"),
    ),
    Language(
        "id",
        final=("jawaban akhirnya adalah", "jawaban akhir adalah", "jawaban akhir:"),
        answer=("jawabannya adalah", "jawaban adalah", "jawaban:", "jawabannya:"),
    ),
    Language(
        "nl",
        final=("het uiteindelijke antwoord is", "het eindantwoord is", "eindantwoord:"),
        answer=("het antwoord is", "antwoord:"),
    ),
    Language(
        "pl",
        final=("ostateczna odpowiedź to", "ostateczna odpowiedź:"),
        answer=("odpowiedź to", "odpowiedź:", "odpowiedzią jest"),
    ),
    Language(
        "bn",
        final=("চূড়ান্ত উত্তর হল", "চূড়ান্ত উত্তর:"),
        answer=("উত্তর হল", "উত্তর:"),
        spaced=False,
    ),
    Language(
        "th",
        final=("คำตอบสุดท้ายคือ", "คำตอบสุดท้าย:"),
        answer=("คำตอบคือ", "คำตอบ:"),
        spaced=False,
    ),
    Language(
        "sw",
        final=("jibu la mwisho ni", "jibu la mwisho:"),
        answer=("jibu ni", "jibu:"),
    ),
    Language(
        "te",
        final=("తుది సమాధానం:",),
        answer=("సమాధానం:",),
        spaced=False,
    ),
)

ENGLISH_HEDGES: Tuple[str, ...] = (
    "the answer could be", "the answer might be", "the answer may be", "the answer can be",
    "the answer is either", "the answer is probably", "the answer is possibly", "the answer is maybe",
    "the answer would be either", "answer could be", "answer might be",
)
"""Phrases that hedge: the answer after them commits to one value only if it names one value."""
