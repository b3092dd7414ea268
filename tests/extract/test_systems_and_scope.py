"""Kinds of false negatives fixed together with their attacks: lists of equations (a system) read as the gold reads
them, the reach of a supposition, hedge adverbs before or after a single answer."""

from __future__ import annotations

from typing import List

import pytest

import mathgrade

_NAMES = "xyzwvuts"


def _system(n: int, general: int) -> List[str]:
    """``n`` equations, the first ``general`` of them not assignments (``x + y = 1``)."""
    out = []
    for i in range(n):
        if i < general:
            out.append(f"x {'+' if i == 0 else '-'} y = {i + 1}")
        else:
            out.append(f"{_NAMES[i]} = {i + 1}")
    return out


_CASES = [(n, general) for n in range(2, 9) for general in (0, 1, 2) if general < n]
_WRAPS = ("${}$", "{}", "So ${}$.", "Thus $${}$$")


@pytest.mark.parametrize("n,general", _CASES)
@pytest.mark.parametrize("wrap", _WRAPS)
def test_a_system_is_read_as_the_gold_reads_it(n: int, general: int, wrap: str) -> None:
    system = _system(n, general)
    gold = ", ".join(system)
    for answer in (system, system[::-1]):  # identical, reordered (a system is unordered)
        v = mathgrade.grade(wrap.format(", ".join(answer)), gold)
        assert v.correct, (answer, v.explain())


@pytest.mark.parametrize("n,general", _CASES)
@pytest.mark.parametrize("wrap", _WRAPS)
def test_a_system_with_one_equation_changed_missing_or_extra_is_wrong(n: int, general: int, wrap: str) -> None:
    system = _system(n, general)
    gold = ", ".join(system)
    attacks = {
        "last value changed": system[:-1] + [system[-1][:-1] + "9"],
        "first value changed": [system[0][:-1] + "9"] + system[1:],
        "last missing": system[:-1],
        "first missing": system[1:],
        "one extra": system + ["q = 7"],
    }
    for name, answer in attacks.items():
        for policy in ("eval", "reward"):
            v = mathgrade.grade(wrap.format(", ".join(answer)), gold, policy=policy)
            assert not v.correct, (name, policy, v.explain())
        boxed = mathgrade.grade("\\boxed{" + ", ".join(answer) + "}", gold, policy="reward")
        assert not boxed.correct, (name, boxed.explain())


@pytest.mark.parametrize("n", range(2, 9))
def test_a_system_in_separate_formulas(n: int) -> None:
    system = _system(n, 1 if n > 2 else 0)
    gold = ", ".join(system)
    assert mathgrade.grade("So " + ", ".join(f"${e}$" for e in system) + ".", gold).correct
    assert mathgrade.grade("So " + ", ".join(f"${e}$" for e in system[::-1]) + ".", gold).correct
    assert not mathgrade.grade("So " + ", ".join(f"${e}$" for e in system[1:]) + ".", gold).correct
    changed = system[:-1] + [system[-1][:-1] + "9"]
    assert not mathgrade.grade("So " + ", ".join(f"${e}$" for e in changed) + ".", gold).correct


def test_values_derived_in_prose_are_still_the_values() -> None:
    # the equation before the values is part of the prose that derives them, not of the answer
    text = "From $x + y = 5$ we get $x = 2$ and $y = 3$."
    assert mathgrade.grade(text, "x = 2, y = 3").correct
    assert not mathgrade.grade(text, "x = 3, y = 2").correct
    assert mathgrade.grade("Solving $x + y = 5$, $x - y = 1$, we get $x = 3$, $y = 2$.", "x = 3, y = 2").correct
    assert not mathgrade.grade("Solving $x + y = 5$, $x - y = 1$, we get $x = 3$, $y = 2$.", "x = 2, y = 3").correct


# -- the reach of a supposition (or a hedge): a turn after a comma ends it, as a sentence end does ---------------------
_TURNED = [  # a supposition (or hedge) with its own value, then a turn, then the committed answer
    "我们先猜 42，但验证后答案是 \\boxed{43}",
    "我们先猜 42，但是验证后答案是 \\boxed{43}",
    "我们先猜 42，然而验证后答案是 \\boxed{43}",
    "我们先猜 42，不过验证后答案是 \\boxed{43}",
    "我们先猜 42，可是验证后答案是 \\boxed{43}",
    "假设答案是 42，但验证后答案是 $\\boxed{43}$。",
    "也许是 42，但是答案是 \\boxed{43}",
    "We first guess 42. But after checking, the answer is \\boxed{43}.",
    "We first guess 42, but after checking, the answer is \\boxed{43}.",
    "Suppose the answer were 42, however checking shows it is \\boxed{43}.",
    "Maybe it is 42, but the answer is \\boxed{43}.",
    "Supongamos que es 42, pero la respuesta es \\boxed{43}.",
    "Supposons que ce soit 42, mais la réponse est \\boxed{43}.",
    "Предположим, что это 42, но ответ \\boxed{43}.",
    "Suppose it is 42, but the answer is 43.",
    "假设是 42，但答案是 43。",
]
_STILL_SUPPOSED = [  # attacks: the turn does not end the supposition, or the box is inside it
    "我们先猜 \\boxed{43}，然后验证",
    "假设答案是 \\boxed{43}",
    "假设答案是 \\boxed{43}，但还需验证",
    "假设答案是 42，但如果答案是 \\boxed{43}",
    "假设答案是 42，但假设答案是 \\boxed{43}",
    "假设，但答案是 \\boxed{43}",
    "Suppose, but only for now, that the answer is \\boxed{43}.",
    "Suppose it is 42, but then the answer would be \\boxed{43}.",
    "Suppose it is 42, but suppose instead the answer is \\boxed{43}.",
    "Suppose the answer were 42, but let's say it is \\boxed{43}.",
    "Suppose the answer is \\boxed{43}, but we must check it.",
    "Suppose it is 42, but maybe it is \\boxed{43}.",
    "We guess 42 but the answer might be \\boxed{43}.",
    "Supongamos que es 42, pero supongamos que es \\boxed{43}.",
]


@pytest.mark.parametrize("text", _TURNED)
@pytest.mark.parametrize("policy", ("eval", "reward"))
def test_a_turn_after_a_comma_ends_a_supposition(text: str, policy: str) -> None:
    v = mathgrade.grade(text, "43", policy=policy)
    assert v.correct, v.explain()
    assert not mathgrade.grade(text, "42", policy=policy).correct  # the supposed value is not the answer


@pytest.mark.parametrize("text", _STILL_SUPPOSED)
def test_a_box_the_supposition_still_reaches_is_refused(text: str) -> None:
    v = mathgrade.grade(text, "43", policy="reward")
    assert not v.correct, v.explain()
    assert v.rule in ("answer.supposed", "answer.hedged"), v.explain()


# -- a hedge adverb before or after a single answer: refused under both policies (answer.hedged) --------------------
from mathgrade._extract._commit import HEDGE_ADVERBS, OTHER_HEDGE_ADVERBS  # noqa: E402

_HEDGE_FORMS = {  # {a}: the adverb, {A}: capitalised; every form holds one answer, 42
    "before the box": "{a} $\\boxed{{42}}$",
    "opening the sentence": "{A}, the answer is $\\boxed{{42}}$.",
    "after 'the answer is', boxed": "The answer is {a} $\\boxed{{42}}$.",
    "after 'the answer is', plain": "The answer is {a} 42.",
    "after 'Answer:'": "Answer: {a} 42",
    "'is {a} \\boxed'": "So the total is {a} \\boxed{{42}}.",
    "'it is {a}'": "It is {a} $\\boxed{{42}}$.",
    "after the box": "$\\boxed{{42}}$, {a}.",
    "after the box, in brackets": "$\\boxed{{42}}$ ({a})",
    "after the box, a sentence of its own": "$\\boxed{{42}}$. {A}.",
    "after 'the answer is 42'": "The answer is 42, {a}.",
    "'most {a}'": "The answer is most {a} \\boxed{{42}}.",
}
_POLICIES = ("eval", "reward")


@pytest.mark.parametrize("adverb,form", [(a, f) for a in HEDGE_ADVERBS for f in sorted(_HEDGE_FORMS)
                                          if f != "'most {a}'" or a == "likely"])  # ("most" goes with "likely")
@pytest.mark.parametrize("policy", _POLICIES)
def test_every_hedge_adverb_in_every_position_is_refused(adverb: str, form: str, policy: str) -> None:
    text = _HEDGE_FORMS[form].format(a=adverb, A=adverb.capitalize())
    v = mathgrade.grade(text, "42", policy=policy)
    assert (v.status.value, v.rule) == ("no_answer", "answer.hedged"), (text, v.explain())


_UNHEDGED = [  # the same forms without the adverb: credited under both policies
    "$\\boxed{42}$", "Clearly, the answer is $\\boxed{42}$.", "The answer is $\\boxed{42}$.", "The answer is 42.",
    "Answer: 42", "So the total is \\boxed{42}.", "It is $\\boxed{42}$.", "$\\boxed{42}$, as checked.",
    "$\\boxed{42}$ (checked)", "$\\boxed{42}$. Done.", "The answer is 42, exactly.", "The answer is most surely \\boxed{42}.",
]


@pytest.mark.parametrize("text", _UNHEDGED)
@pytest.mark.parametrize("policy", _POLICIES)
def test_the_same_forms_without_the_hedge_are_credited(text: str, policy: str) -> None:
    v = mathgrade.grade(text, "42", policy=policy)
    assert v.correct, v.explain()


_NOT_HEDGES = [  # the words used in their other senses: the answer is committed
    "The most likely value is $\\boxed{42}$.",
    "The two outcomes are equally likely, so the answer is $\\boxed{42}$.",
    "The potential energy is $\\boxed{42}$.",
    "The probability is $\\boxed{42}$.",
    "The number of possible values is $\\boxed{42}$.",
    "$\\boxed{42}$. Probably the simplest check is to substitute it back: it works.",
    "所有可能的值的和为 $\\boxed{42}$。",
    "答案是 $\\boxed{42}$。",
    "答案应该是 $\\boxed{42}$。",
    "La probabilidad es $\\boxed{42}$.",
    "Die Wahrscheinlichkeit ist $\\boxed{42}$.",
    "Вероятность равна $\\boxed{42}$.",
]


@pytest.mark.parametrize("text", _NOT_HEDGES)
@pytest.mark.parametrize("policy", _POLICIES)
def test_hedge_words_in_other_senses_do_not_refuse(text: str, policy: str) -> None:
    v = mathgrade.grade(text, "42", policy=policy)
    assert v.correct, v.explain()


_OTHER_LANGUAGE_HEDGES = [
    "答案也许是 $\\boxed{42}$", "答案或许是 $\\boxed{42}$", "答案可能是 $\\boxed{42}$", "答案大概是 $\\boxed{42}$",
    "答案估计是 $\\boxed{42}$", "答案似乎是 $\\boxed{42}$", "答案好像是 $\\boxed{42}$", "答案恐怕是 $\\boxed{42}$",
    "答案多半是 $\\boxed{42}$", "答案可能 $\\boxed{42}$", "答案是 $\\boxed{42}$，大概。", "答案是 $\\boxed{42}$，可能吧。",
    "答案是 42 吧。", "答案是 42，大概。",
] + [f"{phrase} {adverb} 42." for phrase, adverbs in (
    ("La respuesta es", ("quizás", "tal vez", "probablemente")), ("La réponse est", ("peut-être", "probablement")),
    ("Die Antwort ist", ("vielleicht", "wahrscheinlich", "vermutlich")), ("Ответ:", ("возможно", "вероятно")),
    ("La risposta è", ("forse", "probabilmente")), ("A resposta é", ("talvez", "provavelmente")),
    ("Het antwoord is", ("misschien", "waarschijnlijk")), ("Odpowiedź to", ("być może", "prawdopodobnie")),
) for adverb in adverbs] + [f"{phrase} {adverb} $\\boxed{{42}}$." for phrase, adverb in (
    ("La respuesta es", "probablemente"), ("La réponse est", "probablement"), ("Die Antwort ist", "wahrscheinlich"),
    ("La risposta è", "probabilmente"), ("A resposta é", "provavelmente"), ("Het antwoord is", "waarschijnlijk"),
)]


@pytest.mark.parametrize("text", _OTHER_LANGUAGE_HEDGES)
@pytest.mark.parametrize("policy", _POLICIES)
def test_hedges_in_other_languages_are_refused(text: str, policy: str) -> None:
    v = mathgrade.grade(text, "42", policy=policy)
    assert not v.correct, v.explain()
    assert v.rule == "answer.hedged" or (policy == "reward" and v.rule == "extract.none"), v.explain()


def test_the_other_languages_adverbs_are_listed_once() -> None:
    assert len(set(OTHER_HEDGE_ADVERBS)) == len(OTHER_HEDGE_ADVERBS)
    assert not set(OTHER_HEDGE_ADVERBS) & set(HEDGE_ADVERBS)


# -- a sentence broken over lines: the answer displayed on its own line, a hard-wrapped line ------------------------
_BROKEN_ATTACKS = [
    "假设答案是 \n$\\boxed{42}$", "我们先猜 \n\\boxed{42}，然后验证", "Suppose the answer is\n$$\\boxed{42}$$",
    "The answer is not\n\n$$\\boxed{42}$$", "We can rule out\n\\boxed{42}.", "Maybe\n\\boxed{42}",
    "The answer is probably\n\\[\\boxed{42}\\]", "Maybe,\nthe answer is \\boxed{42}.", "Most likely,\nthe answer is $\\boxed{42}$.",
    "答案大概是\n$$\\boxed{42}$$", "答案不是\n$\\boxed{42}$",
    "$$ \\boxed{42} $$, probably.", "$$ \\boxed{42} $$ (maybe)", "\\[ \\boxed{42} \\]. Perhaps.", "$\\boxed{42}$,\nlikely.",
    "$\\boxed{42}$\n(presumably)", "答案是 \n$\\boxed{42}$ \n吧。",
]
_BROKEN_CONTROLS = [
    "The answer is\n$$\\boxed{42}$$", "Therefore, the answer is:\n\n$$ \\boxed{42} $$", "**Final Answer**\n\\boxed{42}",
    "Suppose x = 1. Then it works.\n\\boxed{42}", "Let us try x = 3. It fails.\n$$\\boxed{42}$$", "所以答案是\n$\\boxed{42}$",
    "I was not sure at first.\n\\boxed{42}", "$$ \\boxed{42} $$, as checked above.", "$$ \\boxed{42} $$\n\nProbably the simplest check is to substitute it.",
]


@pytest.mark.parametrize("text", _BROKEN_ATTACKS)
def test_a_line_break_inside_the_sentence_does_not_free_the_answer(text: str) -> None:
    v = mathgrade.grade(text, "42", policy="reward")
    assert not v.correct, v.explain()
    assert v.rule in ("answer.supposed", "answer.withdrawn", "answer.hedged"), v.explain()


@pytest.mark.parametrize("text", _BROKEN_CONTROLS)
@pytest.mark.parametrize("policy", _POLICIES)
def test_an_answer_on_its_own_line_after_a_finished_or_neutral_line_is_credited(text: str, policy: str) -> None:
    v = mathgrade.grade(text, "42", policy=policy)
    assert v.correct, v.explain()


# -- the adversarial suite's cases with their whitespace changed: the same verdicts ---------------------------------
import json  # noqa: E402
import re  # noqa: E402
from pathlib import Path  # noqa: E402

_CASES_FILE = Path(__file__).resolve().parents[1] / "adversarial" / "cases.jsonl"


def _respaced(output: str, family: str) -> List[str]:
    """The output with spaces doubled, a displayed box spaced (``$$ \\boxed{7} $$``), a line break after the box
    (before a continuation: a word in lower case or punctuation) and one before the box (where it follows words)."""
    out = [output.replace(" ", "  ")]
    if "$\\boxed" in output:
        out.append(re.sub(r"\$(\\boxed\{[^{}]*\})\$", r"$$ \1 $$", output))
    out.append(re.sub(r"(\\boxed\{[^{}]*\}\$?) (?=[^\W\dA-Z_]|[,.;:?!])", "\\1\n", output, count=1))
    out.append(re.sub(r", (?=[^\W\dA-Z_])", ",\n", output))
    if family not in ("partial", "hidden", "structure", "several"):
        out.append(re.sub(r"(?<=[^\W\d_]) (\$?\\boxed)", "\n\\1", output))
    return [o for o in dict.fromkeys(out) if o != output]


def _suite() -> List[dict]:
    with _CASES_FILE.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


@pytest.mark.parametrize("case", _suite(), ids=lambda c: f"{c['family']}-{c['kind']}-{c['lang']}-{c['note'][:30]}")
def test_whitespace_does_not_change_the_reward(case: dict) -> None:
    for output in _respaced(case["output"], case["family"]):
        v = mathgrade.grade(output, case["gold"], problem=case.get("problem"), policy="reward")
        assert v.correct == (case["kind"] == "control"), (output, v.explain())


@pytest.mark.parametrize("n,general", _CASES)
@pytest.mark.parametrize("sep", (" \\quad ", " \\qquad ", ", \\quad "))
def test_a_system_set_apart_by_quads(n: int, general: int, sep: str) -> None:
    system = _system(n, general)
    gold = ", ".join(system)
    assert mathgrade.grade("$" + sep.join(system) + "$", gold).correct
    assert mathgrade.grade("$" + sep.join(system[::-1]) + "$", gold).correct
    assert mathgrade.grade("$\\boxed{" + sep.join(system) + "}$", gold, policy="reward").correct
    for answer in (system[:-1] + [system[-1][:-1] + "9"], system[1:], system + ["q = 7"]):
        assert not mathgrade.grade("$" + sep.join(answer) + "$", gold).correct, answer
        assert not mathgrade.grade("$\\boxed{" + sep.join(answer) + "}$", gold, policy="reward").correct, answer


def test_a_quad_that_does_not_separate_statements_is_a_space() -> None:
    assert mathgrade.grade("$60 \\cdot 7 = 420 \\quad$", "420").correct
    assert mathgrade.grade("$\\boxed{x = 1, y = 2}$", "x = 1 \\quad y = 2", policy="reward").correct  # (a gold too)
    assert not mathgrade.grade("$\\boxed{x = 1, y = 3}$", "x = 1 \\quad y = 2", policy="reward").correct
