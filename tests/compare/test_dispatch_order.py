"""The order of dispatch (``compare/_dispatch.ROUTES``), one pair per route and per step that comes before it: a
relation is judged before identity (a false statement answers nothing, even against itself), identity before text,
text before numbers, numbers and expressions before containers, and a one-item tuple or bare list is its item (but a
set in braces is not). Each row asserts the verdict, the rule and the reason, so a route moved, its test inverted or
the unwrapping changed fails a row.
"""

from __future__ import annotations

import pytest

import mathgrade

# (answer, gold, correct, rule, reason)
ROWS = [
    ('1 = 2', '1 = 2', False, 'relation.false', 'the gold 1 = 2 is a false statement: it answers nothing'),
    ('x = 2', 'x = 2', True, 'identical', 'the two relations are identical'),
    ('x = 2', '2', True, 'relation.assignment', 'x = 2 gives 2: the two values are identical'),
    ('2', 'x = 2', True, 'relation.assignment', 'x = 2 gives 2: the two values are identical'),
    ('5', '5', True, 'identical', 'the two values are identical'),
    ('(5)', '5', True, 'identical', 'the two values are identical'),
    ('\\{5\\}', '5', True, 'set.single', 'a one-element set against its element: the two values are identical'),
    ('5', '(5)', True, 'identical', 'the two values are identical'),
    ('[5]', '5', True, 'identical', 'the two values are identical'),
    ('((5))', '5', True, 'identical', 'the two values are identical'),
    ('\\text{yes}', '\\text{yes}', True, 'identical', 'the two values are identical'),
    ('\\text{yes}', '5', False, 'kind.mismatch', "the answer is text ('yes') and the other side is a number"),
    ('5', '\\text{yes}', False, 'kind.mismatch', "the gold is text ('yes') and the other side is a number"),
    ('A', '\\text{A}', True, 'identical', 'the two values are identical'),
    ('B', 'A', False, 'choice.letter', 'choice B is not choice A'),
    ('1 \\pm 2', '3, -1', True, 'identical', 'the two values are identical'),
    ('3, -1', '1 \\pm 2', True, 'identical', 'the two values are identical'),
    ('\\pm 2', '2', False, 'kind.mismatch', 'the answer is a list and the gold is a number: they cannot match'),
    ('x + 1', '1 + x', True, 'expression.structural',
     'the two expressions are the same up to the order of terms and factors'),
    ('5', '5.0', True, 'number.exact', '5 equals 5'),
    ('5', '6', False, 'number.exact', '5 differs from the exact integer 6'),
    ('\\frac{10}{2}', '5', True, 'identical', 'the two values are identical'),
    ('\\{1, 2\\}', '\\{2, 1\\}', True, 'set.elementwise', 'all 2 elements match, in some order'),
    ('(1, 2)', '(2, 1)', False, 'tuple.elementwise', 'item 1 differs: 1 differs from the exact integer 2'),
    ('\\{1, 2\\}', '5', False, 'kind.mismatch', 'the answer is a set and the gold is a number: they cannot match'),
    ('5', '5, 5', False, 'kind.mismatch', 'the answer is a number and the gold is a list: they cannot match'),
    ('(5, 6)', '5, 6', True, 'tuple.as_list', 'all 2 items match in order'),
    ('\\{5\\}', '\\{5\\}', True, 'identical', 'the two values are identical'),
    ('\\{5\\}', '\\{6\\}', False, 'set.elementwise', "no element of the answer matches the gold's 6"),
    # (one-item tuples the reader keeps: angle brackets, nested)
    ('\\langle 5 \\rangle', '5', True, 'identical', 'the two values are identical'),
    ('\\langle \\langle 5 \\rangle \\rangle', '5', True, 'identical', 'the two values are identical'),
    ('5', '\\langle \\langle 5 \\rangle \\rangle', True, 'identical', 'the two values are identical'),
    ('\\langle 5 \\rangle', '6', False, 'number.exact', '5 differs from the exact integer 6'),
]


@pytest.mark.parametrize("answer, gold, correct, rule, reason", ROWS)
def test_each_route_and_its_order(answer: str, gold: str, correct: bool, rule: str, reason: str) -> None:
    verdict = mathgrade.grade(answer, gold)
    assert (verdict.correct, verdict.rule, verdict.reason) == (correct, rule, reason), verdict.explain()
