"""A clause after an answer (``_read._before_condition``): after ``where`` or ``with``, a clause with no relation
sign names what a letter of the answer is (``7 \\text{ with } a \\text{ odd}``), so the whole answer is words and
credits nothing; with a relation sign (``7 \\text{ with } a \\neq 0``) it is a condition, dropped, and the answer is
what comes before it. After ``if``, ``for``, ``when``... a clause is a condition either way. Each row has its
contrast: the same answer with the clause's words made a relation.

Written for seed 107 (docs/testing.md): the test for ``with`` made ``"WITH"`` (the keyword is matched in lower case)
read ``7 \\text{ with } a \\text{ odd}`` as 7, credited against the gold 7.
"""

from __future__ import annotations

import pytest

import mathgrade
from mathgrade._read import read

# (an answer whose clause names a letter: words, the same answer with a relation in the clause, the value before it)
_NAMING = [
    ("7 \\text{ with } a \\text{ odd}", "7 \\text{ with } a \\neq 0", "7"),
    ("7, \\text{with } a \\text{ odd}", "7, \\text{with } a > 0", "7"),
    ("7 with a odd", "7 with a < 3", "7"),
    ("x = 5 \\text{ with } k \\text{ odd}", "x = 5 \\text{ with } k > 0", "x = 5"),
    ("5 \\text{ with } b \\text{ an integer}", "5 \\text{ with } b \\in \\mathbb{Z}", "5"),
    ("5 \\text{ where } b \\text{ an integer}", "5 \\text{ where } b > 0", "5"),
    ("x = 5 \\text{ where } k \\text{ odd}", "x = 5 \\text{ where } k \\ge 1", "x = 5"),
]


@pytest.mark.parametrize("named, _condition, before", _NAMING)
def test_a_clause_naming_a_letter_makes_the_answer_words(named: str, _condition: str, before: str) -> None:
    r = read(named)
    assert r.error is not None and r.error.message.startswith("words"), (named, r)
    v = mathgrade.grade(f"The answer is $\\boxed{{{named}}}$.", before)
    assert not v.correct, v.explain()


@pytest.mark.parametrize("_named, condition, before", _NAMING)
def test_a_clause_with_a_relation_is_a_condition_dropped(_named: str, condition: str, before: str) -> None:
    r = read(condition)
    assert r.error is None and r.value == read(before).value, (condition, r)
    v = mathgrade.grade(f"The answer is $\\boxed{{{condition}}}$.", before)
    assert v.correct, v.explain()
    assert not mathgrade.grade(f"The answer is $\\boxed{{{condition}}}$.", before.replace("5", "6").replace("7", "8")
                               ).correct


@pytest.mark.parametrize("keyword", ["if", "for", "when", "provided", "assuming"])
def test_other_clauses_are_conditions_with_or_without_a_relation(keyword: str) -> None:
    for clause in (f"7 \\text{{ {keyword} }} a \\text{{ odd}}", f"7 \\text{{ {keyword} }} a > 0"):
        r = read(clause)
        assert r.error is None and r.value == read("7").value, (clause, r)
        assert mathgrade.grade(f"$\\boxed{{{clause}}}$", "7").correct
        assert not mathgrade.grade(f"$\\boxed{{{clause}}}$", "8").correct


# The answer before a clause loses only the spaces, commas and semicolons before it, never a letter of its own: each
# head ends in a letter (X, as it happens, and others), each with a gold missing that letter as contrast. Written for
# seed 127: the characters stripped made ``"XX ,;XX"``, so ``5X \\text{ if } X > 0`` read 5 and was correct for 5.
# (answer, the gold it equals, the gold without the head's last letter)
_HEADS = [
    ("5X \\text{ if } X > 0", "5X", "5"),
    ("2X, \\text{if } X > 0", "2X", "2"),
    ("3X; \\text{ when } X \\neq 0", "3X", "3"),
    ("5X, \\text{ where } X > 0", "5X", "5"),
    ("X + 2X \\text{ for } X > 0", "3X", "X + 2"),
    ("5Y \\text{ if } Y > 0", "5Y", "5"),
    ("7a , ; \\text{ for } a > 0", "7a", "7"),
]


@pytest.mark.parametrize("answer, gold, short", _HEADS)
def test_the_answer_before_a_clause_keeps_its_last_letter(answer: str, gold: str, short: str) -> None:
    r = read(answer)
    assert r.error is None and r.value is not None, (answer, r)
    output = f"The answer is $\\boxed{{{answer}}}$."
    assert mathgrade.grade(output, gold).correct, mathgrade.grade(output, gold).explain()
    assert not mathgrade.grade(output, short).correct, mathgrade.grade(output, short).explain()
