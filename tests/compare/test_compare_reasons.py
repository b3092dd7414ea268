"""The reason every comparison rule gives, read for pairs that reach it: one or more rows per ``Decision`` of the
structures, relations, text, choices and numbers, each rule shown both accepting and refusing where it can.

A kind of mutant the samples of docs/testing.md kept finding (seeds 7, 23, 37, 41): a reason string no test read
("1 element" made "1 elements", a reason emptied or wrapped in other text). The reasons are what a user reads in
``Verdict.explain()`` and what a trainer counts; each expected reason below was read and checked to be true of its
pair. Where a reason names a random point or a count of points, a pattern stands for that part.
"""

from __future__ import annotations

import re
from typing import List, Tuple

import pytest

import mathgrade

# (answer, gold, correct, rule, the verdict's reason exactly)
ROWS: List[Tuple[str, str, bool, str, str]] = [
    # sets: size, then elementwise
    ("\\{1,2\\}", "\\{1,2,3\\}", False, "set.size", "the answer has 2 elements, the gold 3: a partial answer"),
    ("\\{1\\}", "\\{1,2\\}", False, "set.size", "the answer has 1 element, the gold 2: a partial answer"),
    ("\\{2,1\\}", "\\{1,2\\}", True, "set.elementwise", "all 2 elements match, in some order"),
    ("\\{1,4\\}", "\\{1,2\\}", False, "set.elementwise", "no element of the answer matches the gold's 2"),
    ("\\{3\\}", "3", True, "set.single", "a one-element set against its element: the two values are identical"),
    ("\\{4\\}", "3", False, "set.single", "a one-element set against its element: 4 differs from the exact integer 3"),
    # tuples, lists, vectors, matrices
    ("(1,2)", "(1,2,3)", False, "tuple.elementwise", "the answer's tuple has 2 items, the gold's 3"),
    ("(1,3)", "(1,2)", False, "tuple.elementwise", "item 2 differs: 3 differs from the exact integer 2"),
    ("(2,1)", "(1,2)", False, "tuple.elementwise", "item 1 differs: 2 differs from the exact integer 1"),
    ("x = 2, y = 3", "(2, 3)", True, "tuple.as_list", "all 2 items match in order"),
    ("x = 3, y = 2", "(2, 3)", False, "tuple.as_list",
     "item 1 differs: x = 3 gives 3: 3 differs from the exact integer 2"),
    ("\\begin{pmatrix}1&2\\end{pmatrix}", "\\begin{pmatrix}1\\\\2\\end{pmatrix}", True, "matrix.vector",
     "all 2 items match in order"),
    ("\\begin{pmatrix}1&2\\\\3&5\\end{pmatrix}", "\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}", False, "matrix.entrywise",
     "entry (2,2) differs: 5 differs from the exact integer 4"),
    ("(1, 2)", "\\{1, 2\\}", False, "kind.mismatch", "the answer is a tuple and the gold is a set: they cannot match"),
    ("(1,2)", "[1,2]", False, "kind.mismatch", "the answer is a tuple and the gold is an interval: they cannot match"),
    # intervals and unions
    ("[1,2)", "[1,2]", False, "interval.brackets", "bracket types differ: [1, 2) vs [1, 2]"),
    ("[1,3]", "[1,2]", False, "interval.endpoints", "right endpoints differ: 3 differs from the exact integer 2"),
    ("[0,2]", "[1,2]", False, "interval.endpoints", "left endpoints differ: 0 differs from the exact integer 1"),
    ("(0,1) \\cup (2,3)", "(2,3) \\cup (0,1)", True, "union.parts", "the 2 parts match, in some order"),
    ("(0,1) \\cup (2,4)", "(0,1) \\cup (2,3)", False, "union.as_sets",
     "(0, 1) ∪ (2, 4) and (0, 1) ∪ (2, 3) are not the same set of reals"),
    # relations
    ("x > 2", "(2, \\infty)", True, "relation.interval", "x > 2 describes (2, ∞): the two values are identical"),
    ("x > 3", "(2, \\infty)", False, "relation.interval", "x > 3 does not describe (2, ∞)"),
    ("7 = 5", "7", False, "relation.false", "the answer 7 = 5 is a false statement: it answers nothing"),
    ("x = 3 = 4", "3", False, "relation.false",
     "the answer x = 3 = 4 equates two different values: it answers nothing"),
    ("x + 1 = x + 1", "x+1=x+1", True, "identical", "the two relations are identical"),
    ("1 < 2 < 3", "3", True, "relation.true_chain", "1 < 2 < 3 is true and ends in 3: the two values are identical"),
    ("x = 3", "x = 4", False, "relation.assignment", "both assign x: 3 differs from the exact integer 4"),
    ("x = 3", "y = 3", False, "relation.same_solutions", "x = 3 and y = 3 do not have the same solutions"),
    ("f(x) = 2x", "f(t) = 2t", True, "relation.function",
     "f(x) and f(t) define functions of t: the two values are identical"),
    ("2x + 2 = 0", "x + 1 = 0", True, "relation.same_solutions",
     "(2*x) + 2 = 0 and x + 1 = 0 have the same solutions (one is a constant multiple of the other)"),
    ("x+1=0", "x+2=0", False, "relation.same_solutions", "x + 1 = 0 and x + 2 = 0 do not have the same solutions"),
    ("x^2 = 4", "x = 2", False, "relation.same_solutions", "x^2 = 4 and x = 2 do not have the same solutions"),
    # text
    ("\\emptyset", "\\text{no solution}", True, "text.empty_set",
     "'no solution' says there is no solution (the empty set)"),
    ("\\{1\\}", "\\text{no solution}", False, "kind.mismatch",
     "the gold is text ('no solution') and the other side is a set"),
    ("\\text{blue}", "3", False, "kind.mismatch", "the answer is text ('blue') and the other side is a number"),
    ("\\text{Alice}", "\\text{Bob}", False, "text.normalized", "the texts differ: 'alice' vs 'bob'"),
    ("\\text{even}", "\\text{odd}", False, "text.equivalent", "'even' and 'odd' say different things"),
    # choices
    ("A", "B", False, "choice.letter", "choice A is not choice B"),
    ("5", "A", False, "kind.mismatch", "one side is a choice letter and the other is not a letter"),
    # numbers
    ("0.33", "\\frac13", False, "number.too_few_digits",
     "0.33 has 2 significant digits; at least 3 are needed to stand for 1/3"),
    ("1.4", "\\sqrt2", False, "number.too_few_digits", "1.4 has 2 significant digits; at least 3 are needed"),
    ("0.333", "\\frac13", True, "number.rounded", "0.333 is 1/3 rounded to 3 decimal places"),
    ("0.334", "\\frac13", False, "number.exact", "167/500 differs from 1/3"),
    ("1.41", "\\sqrt2", True, "number.rounded", "1.41 is sqrt(2) ≈ 1.41421356237 rounded"),
    ("1.42", "\\sqrt2", False, "number.rounded", "1.42 is not sqrt(2) ≈ 1.41421356237 rounded"),
    ("\\pi", "3.14159", True, "number.rounded", "π ≈ 3.14159265359 rounds to the gold 3.14159"),
    ("50\\%", "0.5", True, "number.exact", "1/2 equals 1/2 (50% is 1/2)"),
    ("0.5", "50", False, "number.exact", "1/2 differs from the exact integer 50"),
    # expressions
    ("x+y", "y+x", True, "expression.structural",
     "the two expressions are the same up to the order of terms and factors"),
    ("\\sqrt{2}", "\\sqrt{3}", False, "expression.numeric",
     "sqrt(2) ≈ 1.41421356237 differs from sqrt(3) ≈ 1.73205080757"),
    ("\\frac{1}{0}", "1", False, "expression.numeric",
     "the answer 1/0 has no value (undefined (division by zero)) and the other side has one"),
    ("\\infty", "-\\infty", False, "expression.numeric", "infinite values differ"),
    ("a+b", "x+y", False, "expression.variables", "the answer's variables (a, b) differ from the gold's (x, y)"),
]

# (answer, gold, correct, rule, a pattern of the reason: the points drawn are the evaluator's to choose)
PATTERNS: List[Tuple[str, str, bool, str, str]] = [
    ("2x+2", "2(x+1)", True, "expression.symbolic",
     r"\(2\*x\) \+ 2 = 2\*\(x \+ 1\): equal at \d+ random points, confirmed symbolically"),
    ("2x+3", "2(x+1)", False, "expression.random_points", r"\(2\*x\) \+ 3 and 2\*\(x \+ 1\) differ at x=-?\d+(/\d+)?"),
    ("x < 2", "x < 3", False, "relation.same_solutions",
     r"x < 2 and x < 3 do not have the same solutions: one holds at x = -?\d+(/\d+)?, the other not"),
    ("30^\\circ", "\\frac{\\pi}{6}", True, "expression.symbolic",
     r"30\*\(π/180\) = π/6: .*, confirmed symbolically \(30° is 30·π/180 radians\)"),
]


@pytest.mark.parametrize("answer, gold, correct, rule, reason", ROWS, ids=[f"{r[3]}:{r[0][:20]}" for r in ROWS])
def test_each_rule_gives_its_reason(answer: str, gold: str, correct: bool, rule: str, reason: str) -> None:
    verdict = mathgrade.grade(f"$\\boxed{{{answer}}}$", gold)
    assert (verdict.correct, verdict.rule) == (correct, rule), verdict.explain()
    assert verdict.reason == reason


@pytest.mark.parametrize("answer, gold, correct, rule, pattern", PATTERNS, ids=[f"{r[3]}:{r[0]}" for r in PATTERNS])
def test_a_reason_that_names_points_reads_as_its_pattern(answer: str, gold: str, correct: bool, rule: str,
                                                         pattern: str) -> None:
    verdict = mathgrade.grade(f"$\\boxed{{{answer}}}$", gold)
    assert (verdict.correct, verdict.rule) == (correct, rule), verdict.explain()
    assert re.fullmatch(pattern, verdict.reason), verdict.reason


def test_the_rows_show_each_rule_both_ways_where_it_decides_both() -> None:
    both = {"set.elementwise", "set.single", "tuple.as_list", "relation.interval", "relation.same_solutions",
            "number.rounded", "number.exact"}
    for rule in both:
        assert {r[2] for r in ROWS if r[3] == rule} == {True, False}, rule
