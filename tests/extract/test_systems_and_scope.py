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
