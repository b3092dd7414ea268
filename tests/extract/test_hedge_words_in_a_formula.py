"""A hedge reads the same whether its words and first value are written in a formula (``$maybe 2$ or 3 are both
correct``) or not (``Maybe 2 or 3 are both correct``): the dollar before the hedge is no part of it. Before a turn
(``, but the answer is``) the clause "maybe X or Y are both correct" ends in a hedge of its own, so the hedge reaches
past the turn and the answer after it is hedged (``answer.hedged``), in both writings; a clause with words after its
hedge ("maybe 2 works") is cut at the turn, and the answer after it credited, in both writings.

Written for seed 167 (docs/testing.md): ``_commit._compile``'s ``anchor_start`` made ``True`` by default put an
optional closing delimiter before every pattern of hedges, suppositions, negations, bounds and operations; the dollar
opening ``$maybe 2$`` was then read as part of the hedge match that starts at ``maybe`` (``_commit.reach`` saw that
short match last, found words after it, and cut the hedge at the turn), so the answer was credited in that writing only.
"""

from __future__ import annotations

import pytest

import mathgrade

CLAUSES = [("maybe", "2", "or 3 are both correct"), ("perhaps", "2", "and 3 are both valid"),
           ("possibly", "2", "or 3 are both right")]
"""Hedges that reach past a turn: a hedge word, then two values called both right."""
CUT = [("maybe", "2", "works"), ("maybe", "it", "is 2"), ("perhaps", "2", "is possible too")]
"""Hedges with words after them in their clause: a turn ends them."""
TURNS = [", but the answer is $\\boxed{3}$.", ", but I will answer $\\boxed{3}$."]


def _writings(word: str, value: str, rest: str, turn: str) -> list:
    return [word.capitalize() + " " + value + " " + rest + turn, "$" + word + " " + value + "$ " + rest + turn]


@pytest.mark.parametrize("turn", TURNS)
@pytest.mark.parametrize("word, value, rest", CLAUSES)
def test_a_hedge_that_ends_its_clause_reaches_past_the_turn(word: str, value: str, rest: str, turn: str) -> None:
    for output in _writings(word, value, rest, turn):
        for policy in ("eval", "reward"):
            verdict = mathgrade.grade(output, "3", policy=policy)
            assert not verdict.correct and verdict.rule == "answer.hedged", (output, policy, verdict.rule)


@pytest.mark.parametrize("turn", TURNS)
@pytest.mark.parametrize("word, value, rest", CUT)
def test_a_hedge_with_words_after_it_ends_at_the_turn(word: str, value: str, rest: str, turn: str) -> None:
    for output in _writings(word, value, rest, turn):
        for policy in ("eval", "reward"):
            assert mathgrade.grade(output, "3", policy=policy).correct, (output, policy)
            assert not mathgrade.grade(output, "2", policy=policy).correct, (output, policy)
