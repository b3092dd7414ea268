"""The other value a hedge after an answer names (``$\\boxed{5}$, or maybe $...$``) is read whole, up to the 80
characters of a formula that ``_commit._ALTERNATIVE_AFTER_HEDGE`` names: the refusal's reason names it, and the eval
policy finds the answer ambiguous (neither value credited); the reward policy refuses it (``answer.hedged``).

Written for seed 167 (docs/testing.md): the reach of that search made 41 characters after the hedge instead of 40
survived. It showed a fault, fixed in ``_commit._hedge``: the search stopped 40 characters after the hedge, so a
formula closing later (content of 38 characters or more:
``\\frac{\\sqrt{3}+\\sqrt{5}+\\sqrt{7}}{2\\sqrt{2}-1}``) was not named, and the eval policy then took it for the
answer (its last formula): the hedged alternative was credited (a false "correct"), where a shorter one left the
answer ambiguous. The reach now covers the longest value named.
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._extract._commit import hedged_after

BASE = "The answer is $\\boxed{5}$"
HEDGES = [", but it might be ", ", or maybe ", ", but it could also be ", ", or perhaps ", ", or possibly even "]
FRACTIONS = ["\\frac{1}{2}", "\\frac{\\sqrt{3}+\\sqrt{5}}{2\\sqrt{2}-1}",
             "\\frac{\\sqrt{3}+\\sqrt{5}+\\sqrt{7}}{2\\sqrt{2}-1}",
             "\\dfrac{\\sqrt{13}+\\sqrt{15}+\\sqrt{17}}{2\\sqrt{2}+11}"]


def _check_named(out: str, content: str, gold: str) -> None:
    found = hedged_after(out, len(BASE))
    assert found is not None and found[1] == content, (out, found)
    for g in ("5", gold):
        verdict = mathgrade.grade(out, g, policy="eval")
        assert not verdict.correct and verdict.rule == "extract.ambiguous", (out, g, verdict.rule)
        verdict = mathgrade.grade(out, g, policy="reward")
        assert not verdict.correct and verdict.rule == "answer.hedged", (out, g, verdict.rule)
        assert verdict.reason.endswith(f"a hedge follows it naming another value ({content})"), verdict.reason


@pytest.mark.parametrize("hedge", HEDGES)
@pytest.mark.parametrize("digits", [1, 36, 37, 38, 39, 60, 80])
def test_a_formula_after_the_hedge_is_named_whole(hedge: str, digits: int) -> None:
    content = "1" * digits
    _check_named(BASE + hedge + "$" + content + "$ instead.", content, content)


@pytest.mark.parametrize("hedge", HEDGES)
@pytest.mark.parametrize("fraction", FRACTIONS)
def test_a_long_fraction_after_the_hedge_is_named(hedge: str, fraction: str) -> None:
    _check_named(BASE + hedge + "$" + fraction + "$.", fraction, fraction)


@pytest.mark.parametrize("hedge", HEDGES)
def test_a_formula_longer_than_the_pattern_reads_is_not_named(hedge: str) -> None:
    out = BASE + hedge + "$" + "1" * 81 + "$ instead."
    assert hedged_after(out, len(BASE)) == (("answer.hedged", "a hedge follows it"), "")
    verdict = mathgrade.grade(out, "5", policy="reward")
    assert not verdict.correct and verdict.rule == "answer.hedged"
    assert not mathgrade.grade(out, "5", policy="eval").correct
