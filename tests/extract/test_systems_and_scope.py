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
