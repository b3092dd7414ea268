"""Every entry of the extraction's word tables does what its table says, one test row per word, each with its
attack (the same text without the word behaves otherwise): the final-answer phrases of every language
(``_phrases.LANGUAGES``), the English hedges (``_phrases.ENGLISH_HEDGES``), the hedge adverbs and the connectives
that offer a second value (``_commit.HEDGE_ADVERBS``, ``_commit.ALTERNATIVE_CONNECTIVES``).

The samples of docs/testing.md kept finding mutants in tables whose single entries no test exercised (a letter
list, a phrase list, an end tag): a test of one row leaves the other rows free to break. Here each row is its own
test, so a phrase dropped or misspelt, a rank swapped between ``final`` and ``answer``, or an adverb or connective
that no longer makes a second value an alternative fails the row of that word.
"""

from __future__ import annotations

from typing import List, Tuple

import pytest

import mathgrade
from mathgrade._extract import extract
from mathgrade._extract._commit import ALTERNATIVE_CONNECTIVES, HEDGE_ADVERBS
from mathgrade._extract._phrases import ENGLISH_HEDGES, LANGUAGES


def _phrases() -> List[Tuple[str, str, str]]:
    out = [(lang.code, level, phrase) for lang in LANGUAGES for level in ("final", "answer")
           for phrase in getattr(lang, level)]
    assert len(out) > 100  # never a vacuous parametrization
    return out


@pytest.mark.parametrize("code, level, phrase", _phrases(), ids=lambda x: str(x))
def test_each_phrase_introduces_the_answer_at_its_rank(code: str, level: str, phrase: str) -> None:
    text = f"{phrase} 42\n(checked with 999)"  # a number after it: the phrase, not the last number, answers
    found = extract(text)
    assert found and found[0].text == "42", (phrase, found)
    family = ("final_answer_phrase" if level == "final" else "answer_phrase") + ("" if code == "en" else "_i18n")
    assert found[0].rule == (family if code == "en" else f"{family}:{code}")
    assert mathgrade.grade(text, "42", policy="reward").correct
    # the attack: without the phrase the reward policy finds no answer (it never falls back to a number)
    bare = mathgrade.grade("42\n(checked with 999)", "42", policy="reward")
    assert not bare.correct and bare.status.value == "no_answer", bare.explain()


def _family(code: str, level: str) -> str:
    family = ("final_answer_phrase" if level == "final" else "answer_phrase") + ("" if code == "en" else "_i18n")
    return family if code == "en" else f"{family}:{code}"


@pytest.mark.parametrize("code, level, phrase", _phrases(), ids=lambda x: str(x))
def test_each_phrase_starts_at_a_word_boundary_only_in_a_spaced_language(code: str, level: str, phrase: str) -> None:
    lang = next(lang for lang in LANGUAGES if lang.code == code)
    found = extract(f"x{phrase} 42\n(checked with 999)")  # the phrase glued to a word before it
    rules = [c.rule for c in found if c.text == "42"]
    if not lang.spaced:  # (a language written without spaces: a phrase follows the word before it directly)
        assert rules and rules[0] == _family(code, level), (phrase, found)
        return
    # a shorter phrase of the same rank that ends this one still starts at a word boundary ("answer is" in
    # "xthe answer is"); otherwise the glued phrase answers at its rank no more
    suffix = any(phrase.endswith(" " + q) for q in getattr(lang, level) if q != phrase)
    assert (_family(code, level) in rules) is suffix, (phrase, found)


@pytest.mark.parametrize("code, level, phrase", [p for p in _phrases() if p[2].endswith(":")], ids=lambda x: str(x))
def test_each_colon_phrase_takes_a_full_width_colon_and_spaces_before_it(code: str, level: str, phrase: str) -> None:
    for text in (f"{phrase[:-1]} : 42", f"{phrase[:-1]}：42", f"{phrase[:-1]}  ：  42"):
        found = extract(text + "\n(checked with 999)")
        assert found and (found[0].text, found[0].rule) == ("42", _family(code, level)), (text, found)


@pytest.mark.parametrize("code, level, phrase", [p for p in _phrases() if " " in p[2]], ids=lambda x: str(x))
def test_a_space_of_each_phrase_matches_any_run_of_whitespace(code: str, level: str, phrase: str) -> None:
    text = phrase.replace(" ", " \t ") + " 42\n(checked with 999)"
    found = extract(text)
    assert found and (found[0].text, found[0].rule) == ("42", _family(code, level)), (text, found)


def test_a_final_phrase_outranks_an_answer_phrase_in_each_language() -> None:
    for lang in LANGUAGES:
        text = f"{lang.final[0]} 42\n\n{lang.answer[0]} 7"
        found = extract(text)
        assert found and found[0].text == "42", (lang.code, found)


@pytest.mark.parametrize("hedge", ENGLISH_HEDGES)
def test_each_english_hedge_commits_to_nothing(hedge: str) -> None:
    one = mathgrade.grade(f"So {hedge} 42.", "42", policy="reward")
    assert not one.correct and one.status.value == "no_answer", one.explain()
    two = mathgrade.grade(f"So {hedge} 42 or 43.", "42")
    assert not two.correct and two.status.value == "ambiguous", two.explain()
    # the attack: the same sentence stating the answer
    stated = mathgrade.grade("So the answer is 42.", "42", policy="reward")
    assert stated.correct, stated.explain()


@pytest.mark.parametrize("adverb", HEDGE_ADVERBS)
def test_each_hedge_adverb_makes_a_second_box_an_alternative(adverb: str) -> None:
    for gold in ("7", "9"):
        verdict = mathgrade.grade(f"We get $\\boxed{{7}}$, or {adverb} $\\boxed{{9}}$.", gold, policy="reward")
        assert not verdict.correct and verdict.status.value == "ambiguous", (adverb, verdict.explain())


@pytest.mark.parametrize("connective", ALTERNATIVE_CONNECTIVES)
def test_each_connective_with_an_adverb_offers_another_value(connective: str) -> None:
    for gold in ("7", "9"):
        verdict = mathgrade.grade(f"We get $\\boxed{{7}}$, {connective} probably $9$.", gold, policy="reward")
        assert not verdict.correct, (connective, verdict.explain())
        assert (verdict.status.value, verdict.rule) == ("ambiguous", "answer.hedged"), verdict.explain()
    # the attack: the adverb without a connective before it is no alternative of the box
    verdict = mathgrade.grade("We get $\\boxed{7}$; the probability is $9$ percent.", "7", policy="reward")
    assert verdict.correct, verdict.explain()


# the connectives that offer the value right after them, with no adverb ("7, otherwise 9"); "or", "but",
# "though", "although" do not ("7, though 9 is odd"), and "unless" only with "it is"
@pytest.mark.parametrize("connective, offers", [
    ("or else", True), ("or even", True), ("otherwise", True), ("if not", True), ("unless it is", True),
    ("but", False), ("though", False), ("although", False), ("unless", False),
])
def test_which_connectives_offer_a_bare_value(connective: str, offers: bool) -> None:
    verdict = mathgrade.grade(f"We get $\\boxed{{7}}$, {connective} $9$.", "7", policy="reward")
    assert verdict.correct is (not offers), (connective, verdict.explain())
    if offers:
        assert (verdict.status.value, verdict.rule) == ("ambiguous", "answer.hedged")


# -- the words that refuse a box, in each language (``_commit``'s HEDGED_BEFORE, NEGATED_BEFORE, SUPPOSED_BEFORE and
# the stems that gate them): each row is the word, then the rest of its sentence; without the word the box answers
REFUSING_WORDS: List[Tuple[str, str, str]] = [
    ("answer.hedged", w, rest) for w, rest in [
        ("quizás", "es"), ("tal vez", "es"), ("peut-être", ""), ("vielleicht", ""), ("возможно,", "это"),
        ("может быть", ""), ("forse", "è"), ("talvez", "seja"), ("misschien", ""), ("wellicht", ""), ("być może", ""),
        ("chyba", ""), ("belki", ""), ("muhtemelen", ""), ("có lẽ", "là"), ("có thể là", ""), ("không chắc,", ""),
        ("mungkin", ""), ("barangkali", ""), ("labda", "ni"), ("huenda", "ni"), ("也许", "是"), ("或许", "是"),
        ("可能是", ""), ("大概", "是"), ("不确定，", ""), ("たぶん", ""), ("おそらく", ""), ("多分", ""), ("아마", ""),
        ("어쩌면", ""), ("ربما", ""), ("لعل", ""), ("قد يكون", ""), ("शायद", ""), ("संभवतः", ""), ("บางที", ""),
        ("อาจจะ", ""), ("ไม่แน่ใจ", ""), ("হয়তো", ""), ("সম্ভবত", ""), ("బహుశా", ""), ("I am not sure,", ""),
        ("perhaps", ""), ("maybe", "it is"), ("possibly", ""), ("I'm not confident:", ""), ("uncertain:", ""),
    ]
] + [
    ("answer.withdrawn", w, rest) for w, rest in [
        ("it is not", ""), ("no es", ""), ("ce n'est pas", ""), ("es ist nicht", ""), ("это не", ""), ("non è", ""),
        ("não é", ""), ("het is niet", ""), ("to nie jest", ""), ("không phải là", ""), ("bukan", ""), ("ليس", ""),
        ("不是", ""), ("排除", ""), ("ไม่ใช่", ""), ("jibu si", ""), ("we discard", ""), ("we rule out", ""),
        ("it cannot be", ""), ("we reject", ""), ("we exclude", ""), ("we eliminate", ""), ("it is never", ""),
    ]
] + [
    ("answer.supposed", w, rest) for w, rest in [
        ("supongamos", ""), ("supposons", ""), ("angenommen", ""), ("предположим", ""), ("supponiamo", ""),
        ("suponha", ""), ("stel dat", ""), ("załóżmy", ""), ("varsayalım", ""), ("giả sử", ""), ("misalkan", ""),
        ("tuseme", ""), ("假设", ""), ("例如", ""), ("仮に", ""), ("가정하면", ""), ("لنفترض", ""), ("मान लीजिए", ""),
        ("สมมติ", ""), ("ধরা যাক", ""), ("అనుకుందాం", ""), ("for example,", ""), ("at first I thought", ""),
        ("suppose", "it is"), ("assuming", "it is"), ("hypothetically,", ""), ("my first guess is", ""),
        ("naively,", ""), ("tentatively,", ""),
    ]
]


@pytest.mark.parametrize("rule, word, rest", REFUSING_WORDS, ids=lambda x: str(x))
def test_each_refusing_word_refuses_the_box_after_it(rule: str, word: str, rest: str) -> None:
    box = "$\\boxed{7}$."
    refused = mathgrade.grade(" ".join(filter(None, (word, rest, box))), "7", policy="reward")
    assert (refused.status.value, refused.rule) == ("no_answer", rule), refused.explain()
    # the attack: the same sentence without the word commits to the box
    kept = mathgrade.grade(" ".join(filter(None, (rest, box))), "7", policy="reward")
    assert kept.correct, kept.explain()
