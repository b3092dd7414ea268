"""Two values offered, the second as a possible alternative ("$\\boxed{42}$, or likely $\\boxed{43}$", "42, if not,
43", "42, unless it is 43", "$\\boxed{42}$. Maybe $\\boxed{43}$.", in 21 languages): neither is a committed answer,
under either policy.

Before these tests, a hedge adverb or a connective the word lists did not hold let one value through: the box rule
took "or likely" between two boxes for separate statements and credited the second box; a phrase's answer followed
by "but probably 9" was refused only when a second, narrower list also knew the adverb; and the reader dropped
"unless it is 43" after 42 as a condition clause. The matrix below is ten hedge adverbs after every connective, in
boxes, phrases and mixed forms, with the gold on either side. The controls are the honest outputs of the same
shapes: a later correction, a restated form, a hedge word that does not hedge the answer, a box asked about.
"""

from __future__ import annotations

from typing import List, Tuple

import pytest

import mathgrade

HEDGE_ADVERBS = ("maybe", "perhaps", "possibly", "probably", "likely", "presumably", "conceivably", "plausibly",
                 "potentially", "arguably")
CONNECTIVES = ("or", "but", "or else", "or even", "though", "although", "otherwise", "alternatively", "unless it is",
               "if not,")
FORMS = (
    "The answer is \\boxed{{42}}, {c} {a} \\boxed{{43}}.",
    "The answer is $\\boxed{{42}}$, {c} {a} $\\boxed{{43}}$.",
    "The answer is 42, {c} {a} 43.",
    "Final answer: 42, {c} {a} 43",
    "$\\boxed{{42}}$, {c} {a} 43.",
)


def _credited(output: str) -> List[Tuple[str, str, str]]:
    """(policy, gold, rule) for each policy and value the output is credited with."""
    return [(policy, gold, v.rule) for policy in ("reward", "eval") for gold in ("42", "43")
            for v in [mathgrade.grade(output, gold, policy=policy)] if v.correct]


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("connective", CONNECTIVES)
def test_a_hedged_second_value_leaves_no_committed_answer(form: str, connective: str) -> None:
    credited = {}
    for adverb in HEDGE_ADVERBS:
        output = form.format(c=connective, a=adverb)
        found = _credited(output)
        if found:
            credited[output] = found
    assert credited == {}


OFFERED = {
    "named as the alternative": [
        "The answer is 42, if not, 43.",
        "The answer is 42, unless it is 43.",
        "The answer is $\\boxed{42}$, unless it is $\\boxed{43}$.",
        "The answer is \\boxed{42}, otherwise \\boxed{43}.",
        "Final answer: 42, or else 43",
        "The answer is 42, alternatively 43.",
        "The answer is $\\boxed{42}$, or even $\\boxed{43}$.",
    ],
    "in Chinese": [
        "答案是 $\\boxed{42}$，但很可能是 $\\boxed{43}$。",
        "答案是 $\\boxed{42}$，否则是 $\\boxed{43}$。",
        "答案是 $\\boxed{42}$，大概是 $\\boxed{43}$。",
        "答案是 $\\boxed{42}$，或者更可能是 $\\boxed{43}$。",
        "答案是 42，也许是 43。",
        "答案是 42，不然就是 43。",
        "答案是 42，大概 43。",
    ],
    "in the next sentence, in brackets, after a dash": [
        "The answer is $\\boxed{42}$.\n\nAlternatively, the answer is $\\boxed{43}$.",
        "The answer is $\\boxed{42}$. Or perhaps $\\boxed{43}$.",
        "The answer is $\\boxed{42}$. Maybe $\\boxed{43}$.",
        "The answer is $\\boxed{42}$; possibly $\\boxed{43}$.",
        "The answer is \\boxed{42}. Though it might be \\boxed{43}.",
        "$\\boxed{42}$ (or $\\boxed{43}$)",
        "The answer is $\\boxed{42}$ (possibly $\\boxed{43}$).",
        "The answer is $\\boxed{42}$ — or $\\boxed{43}$.",
        "The answer is $\\boxed{42}$/$\\boxed{43}$.",
        "The answer is 42. Possibly 43.",
        "The answer is 42. Maybe it is 43.",
    ],
}
"""Outputs that offer a second value (by name, in Chinese, after the answer): each was credited with one value."""


HEDGED_BOXES = {
    "es": "La respuesta es $\\boxed{42}$, o quizás $\\boxed{43}$.",
    "fr": "La réponse est $\\boxed{42}$, ou peut-être $\\boxed{43}$.",
    "de": "Die Antwort ist $\\boxed{42}$, oder vielleicht $\\boxed{43}$.",
    "ru": "Ответ: $\\boxed{42}$, или возможно $\\boxed{43}$.",
    "it": "La risposta è $\\boxed{42}$, o forse $\\boxed{43}$.",
    "pt": "A resposta é $\\boxed{42}$, ou talvez $\\boxed{43}$.",
    "nl": "Het antwoord is $\\boxed{42}$, of misschien $\\boxed{43}$.",
    "pl": "Odpowiedź to $\\boxed{42}$, albo może $\\boxed{43}$.",
    "tr": "Cevap $\\boxed{42}$, ama belki $\\boxed{43}$ olabilir.",
    "vi": "Đáp án là $\\boxed{42}$, hoặc có thể $\\boxed{43}$.",
    "id": "Jawabannya adalah $\\boxed{42}$, atau mungkin $\\boxed{43}$.",
    "ja": "答えは $\\boxed{42}$ ですが、$\\boxed{43}$ かもしれません。",
    "ko": "답은 $\\boxed{42}$ 이지만 아마 $\\boxed{43}$ 입니다.",
    "ar": "الإجابة هي $\\boxed{42}$، أو ربما $\\boxed{43}$.",
    "hi": "उत्तर $\\boxed{42}$ है, या शायद $\\boxed{43}$।",
    "th": "คำตอบคือ $\\boxed{42}$ หรืออาจจะ $\\boxed{43}$",
    "sw": "Jibu ni $\\boxed{42}$, au labda $\\boxed{43}$.",
    "bn": "উত্তর হল $\\boxed{42}$, অথবা হয়তো $\\boxed{43}$।",
    "te": "సమాధానం $\\boxed{42}$, లేదా బహుశా $\\boxed{43}$.",
}
"""A box, then another offered with "or maybe" in each other language whose hedges are read: before these tests the
box rule took the words between them for separate statements and credited the second box in all 19."""


@pytest.mark.parametrize("output", [o for group in OFFERED.values() for o in group]
                         + [HEDGED_BOXES[lang] for lang in sorted(HEDGED_BOXES)])
def test_a_value_offered_as_an_alternative_leaves_no_committed_answer(output: str) -> None:
    assert _credited(output) == []


def test_the_reader_does_not_drop_a_clause_that_names_another_value_for_the_answer() -> None:
    for text in ("42, unless it is 43", "42 unless it's 43", "42, unless the answer is 43"):
        assert mathgrade.read(text).value is None or str(mathgrade.read(text).value) != "42", text
    # a condition on a variable is still dropped
    assert str(mathgrade.read("1, \\text{unless } n = 0").value) == "1"
    assert str(mathgrade.read("x = 5 \\text{ where } x>0").value) == "x = 5"


@pytest.mark.parametrize("output, gold", [
    ("The answer is \\boxed{42}. Actually, I made an error: the answer is \\boxed{43}.", "43"),
    ("The answer is $\\boxed{42}$, or rather $\\boxed{43}$.", "43"),
    ("We get 42, or probably 43. Checking again, the answer is \\boxed{43}.", "43"),
    ("The most likely value is \\boxed{7}.", "7"),
    ("The answer is \\boxed{12}, though it took a while.", "12"),
    ("The answer is \\boxed{42}, even though 43 looked likely at first.", "42"),
    ("So the answer is \\boxed{42}, which is probably the intended one.", "42"),
    ("The answer is $\\boxed{\\frac{1}{2}}$, or 0.5.", "\\frac{1}{2}"),
    ("The answer is 42, but this took three tries.", "42"),
    ("The answer is \\boxed{5}; otherwise the sum would exceed 10.", "5"),
    ("The answer is \\boxed{5}, unless the problem means something else.", "5"),
    ("Final answer: 1, unless n = 0", "1"),
    ("$\\boxed{2}$ and $\\boxed{3}$", "2, 3"),
    ("答案是 $\\boxed{42}$。", "42"),
    ("所以答案是 $\\boxed{2}$ 和 $\\boxed{3}$。", "2, 3"),
    ("我们先猜 42。验证后，答案是 $\\boxed{43}$。", "43"),
    ("So \\boxed{3}. Maybe \\boxed{4}? No: 4 fails the check.", "3"),  # asked, not offered
    ("The answer is $\\boxed{\\frac{1}{2}}$.\n\nAlternatively, by symmetry, we get $\\boxed{0.5}$ again.",
     "\\frac{1}{2}"),
    ("The answer is $\\boxed{42}$. Or, in words, forty-two: $\\boxed{42}$.", "42"),
    ("The answer is $\\boxed{42}$ (the smallest such number).", "42"),
    ("First we found $\\boxed{42}$ for part (a). Then part (b) gives $\\boxed{43}$.", "43"),
])
def test_the_honest_outputs_of_the_same_shapes_are_credited(output: str, gold: str) -> None:
    for policy in ("reward", "eval"):
        v = mathgrade.grade(output, gold, policy=policy)
        assert v.correct, (policy, v.explain())


@pytest.mark.parametrize("lang", sorted(HEDGED_BOXES))
def test_the_same_sentence_with_one_box_is_credited(lang: str) -> None:
    text = HEDGED_BOXES[lang]
    one = text[:text.index("$\\boxed{42}$") + len("$\\boxed{42}$")]  # the sentence up to its first box
    for policy in ("reward", "eval"):
        assert mathgrade.grade(one, "42", policy=policy).correct, (policy, one)
