"""The rule and the full reason of each decision of ``compare/_structures.py`` (sets, lists in parts, tuples,
matrices and vectors, intervals, unions) by a pair that reaches it, both ways where the rule decides both. Several of
these reasons were read by no test (a matrix's shape and entry, equal intervals, unions as sets of reals, a list's
named parts out of order).
"""

from __future__ import annotations

import pytest

import mathgrade

# (answer, gold, correct, rule, reason)
ROWS = [
    ('\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}', '\\begin{pmatrix}1&5\\\\3&4\\end{pmatrix}', False, 'matrix.entrywise',
     'entry (1,2) differs: 2 differs from the exact integer 5'),
    ('\\begin{pmatrix}1&2\\end{pmatrix}', '\\begin{pmatrix}1\\\\2\\end{pmatrix}', True, 'matrix.vector',
     'all 2 items match in order'),
    ('\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}', '\\begin{pmatrix}1&2\\\\3&5\\end{pmatrix}', False, 'matrix.entrywise',
     'entry (2,2) differs: 4 differs from the exact integer 5'),
    ('\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}', '\\begin{pmatrix}1&2\\\\3&4.0\\end{pmatrix}', True, 'matrix.entrywise',
     'same shape 2×2 and every entry matches'),
    ('\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}', '\\begin{pmatrix}1&2&3\\\\3&4&5\\end{pmatrix}', False, 'matrix.shape',
     'shapes differ: 2×2 vs 2×3'),
    ('[1, 2]', '[1.0, 2]', True, 'interval.endpoints',
     'same endpoints and same brackets'),
    ('[1, 2]', '(1, 2]', False, 'interval.brackets',
     'bracket types differ: [1, 2] vs (1, 2]'),
    ('[1, 2]', '[1, 3]', False, 'interval.endpoints',
     'right endpoints differ: 2 differs from the exact integer 3'),
    ('[1, 3]', '[0, 3]', False, 'interval.endpoints',
     'left endpoints differ: 1 differs from the exact integer 0'),
    ('[1, 2] \\cup [3, 4]', '[3, 4] \\cup [1, 2]', True, 'union.parts',
     'the 2 parts match, in some order'),
    ('[1, 2] \\cup [2, 4]', '[1, 4]', True, 'union.as_sets',
     '[1, 2] ∪ [2, 4] and [1, 4] are the same set of reals'),
    ('[1, 2] \\cup [3, 4]', '[1, 4]', False, 'union.as_sets',
     '[1, 2] ∪ [3, 4] and [1, 4] are not the same set of reals'),
    ('a = 1, b = 2', '1, 2', True, 'set.parts',
     'all 2 items match in order'),
    ('a = 1, b = 2', '2, 1', False, 'set.parts',
     'the parts a, b do not match the other list in order: item 1 differs: 1 differs from the exact integer 2'),
    ('(1, 2)', '(1, 2, 3)', False, 'tuple.elementwise',
     "the answer's tuple has 2 items, the gold's 3"),
    ('(1, 2, 3)', '(1, 5, 3)', False, 'tuple.elementwise',
     'item 2 differs: 2 differs from the exact integer 5'),
    ('\\{1, 2\\}', '\\{1, 2, 3\\}', False, 'set.size',
     'the answer has 2 elements, the gold 3: a partial answer'),
    ('\\{1\\}', '\\{1, 2\\}', False, 'set.size',
     'the answer has 1 element, the gold 2: a partial answer'),
    ('\\{1, 2, 3\\}', '\\{1, 2\\}', False, 'set.size',
     'the answer has 3 elements, the gold 2: extra elements'),
    ('\\{2, 1\\}', '\\{1, 2\\}', True, 'set.elementwise',
     'all 2 elements match, in some order'),
    ('\\{1, 3\\}', '\\{1, 2\\}', False, 'set.elementwise',
     "no element of the answer matches the gold's 2"),
    ('\\begin{pmatrix}1\\\\2\\end{pmatrix}', '(1, 2)', True, 'matrix.vector_as_tuple',
     'all 2 items match in order'),
    ('(1, 2)', '\\begin{pmatrix}1\\\\2\\end{pmatrix}', True, 'matrix.vector_as_tuple',
     'all 2 items match in order'),
    ('\\{x > 1\\}', '(1, \\infty)', True, 'set.single',
     'a one-element set against its element: x > 1 describes (1, ∞): the two values are identical'),
    ('\\{5\\}', '5', True, 'set.single',
     'a one-element set against its element: the two values are identical'),
]


@pytest.mark.parametrize("answer, gold, correct, rule, reason", ROWS)
def test_each_decision_by_its_rule_and_reason(answer: str, gold: str, correct: bool, rule: str, reason: str) -> None:
    verdict = mathgrade.grade(answer, gold)
    assert (verdict.correct, verdict.rule, verdict.reason) == (correct, rule, reason), verdict.explain()
