"""The rule and the full reason of each decision of ``compare/_scalars.py`` (expressions and constants), read by a
pair that reaches it: arbitrary constants, integer parameters renamed, periodic families, renamed variables, the
rounding rule both ways (the answer's decimals, the gold's), too few digits, values undefined on one side, infinite
values, the order of terms, real values only, symbolic confirmation, and random points that differ.

Reasons and rule names no test read were a kind of survivor in the samples of docs/testing.md (seeds 7, 11, 17, 23,
37, 41); before this file most of these reasons were read by no test (the arbitrary constant's, the periodic
family's, the renaming's, the rounded decimals', real values'). Each row was checked by hand: the verdict is right
and the reason says why.
"""

from __future__ import annotations

from typing import Any, Dict

import pytest

import mathgrade

# (answer, gold, options, correct, rule, reason)
ROWS = [
    ('2\\pi n + \\frac{\\pi}{2}', '2\\pi k + \\frac{\\pi}{2}', {}, True, 'expression.structural',
     'the two expressions are identical (the integer parameter n renamed k)'),
    ('\\frac{\\pi}{2} + 2k\\pi', '\\frac{5\\pi}{2} + 2k\\pi', {}, True, 'expression.periodic_family',
     '(π/2) + (2*k*π) and ((5*π)/2) + (2*k*π) are the same family over the integers k: 1 step apart'),
    ('x^2 + C', 'x^2 + 5 + C', {}, True, 'expression.arbitrary_constant',
     '(x^2) + C and (x^2) + 5 + C differ only by a function of the arbitrary constant C'),
    ('\\ln|x| + C', '\\ln|2x| + C', {}, True, 'expression.arbitrary_constant',
     'log(abs(x)) + C and log(abs(2*x)) + C differ only by a function of the arbitrary constant C'),
    ('a + b', 'x + y', {'match_variables': False}, True, 'expression.symbolic',
     'x + y = x + y: equal at 6 random points, confirmed symbolically (variables renamed: a→x, b→y)'),
    ('a - b', 'x + y', {'match_variables': False}, False, 'expression.random_points',
     'no renaming of the variables makes the expressions agree'),
    ('1.41', '\\sqrt{2}', {}, True, 'number.rounded',
     '1.41 is sqrt(2) ≈ 1.41421356237 rounded'),
    ('1.42', '\\sqrt{2}', {}, False, 'number.rounded',
     '1.42 is not sqrt(2) ≈ 1.41421356237 rounded'),
    ('1.4', '\\sqrt{2}', {}, False, 'number.too_few_digits',
     '1.4 has 2 significant digits; at least 3 are needed'),
    ('\\sqrt{2}', '1.41', {}, True, 'number.rounded',
     'sqrt(2) ≈ 1.41421356237 rounds to the gold 1.41'),
    ('\\sqrt{2}', '1.42', {}, False, 'number.rounded',
     'sqrt(2) ≈ 1.41421356237 does not round to the gold 1.42'),
    ('\\frac{1}{\\sqrt{10}}', '0.3', {}, False, 'number.too_few_digits',
     'the gold 0.3 has 1 significant digit; at least 2 are needed to stand for 1/sqrt(10)'),
    ('\\pi', 'e', {}, False, 'expression.numeric',
     'π ≈ 3.14159265359 differs from e ≈ 2.71828182846'),
    ('\\frac{1}{0} + \\pi', '\\pi', {}, False, 'expression.numeric',
     'the answer (1/0) + π has no value (undefined (division by zero)) and the other side has one'),
    ('\\pi', '\\ln 0', {}, False, 'expression.numeric',
     'the gold log(0) has no value (undefined (log of 0)) and the other side has one'),
    ('x + 1', '1 + x', {}, True, 'expression.structural',
     'the two expressions are the same up to the order of terms and factors'),
    ('x + 1', 'x + 1', {}, True, 'identical',
     'the two values are identical'),
    ('(x+1)^2', 'x^2 + 2x + 1', {}, True, 'expression.symbolic',
     '(x + 1)^2 = (x^2) + (2*x) + 1: equal at 6 random points, confirmed symbolically'),
    ('x + 1', 'x + 2', {}, False, 'expression.random_points',
     'x + 1 and x + 2 differ at x=-17/7'),
    ('x', 'y', {}, False, 'expression.variables',
     "the answer's variables (x) differ from the gold's (y)"),
    ('\\sqrt{x^2}', '|x|', {}, True, 'expression.symbolic',
     'sqrt(x^2) = abs(x): equal at 6 random points, confirmed symbolically'),
    ('\\sqrt{\\frac{1}{n}}', '\\frac{1}{\\sqrt{n}}', {}, True, 'expression.real_values',
     'sqrt(1/n) = 1/sqrt(n) wherever both are real (at 6 points); they differ only where a value is not real (n=-9/7)'),
    ('f(x)', 'f(x) + 0', {}, True, 'expression.symbolic',
     'f(x) = f(x) + 0: equal at 6 random points, confirmed symbolically'),
    ('1.4142 x', '\\sqrt{2} x', {}, True, 'expression.rounded',
     "1.4142*x and sqrt(2)*x agree within the rounding of the answer's decimals at 6 random points"),
    ('\\infty', '\\infty', {}, True, 'identical',
     'the two values are identical'),
    ('\\infty', '-\\infty', {}, False, 'expression.numeric',
     'infinite values differ'),
    ('\\sin^2 x + \\cos^2 x', '1', {}, True, 'expression.symbolic',
     '(sin(x)^2) + (cos(x)^2) = 1: equal at 6 random points, confirmed symbolically'),
    ('\\frac{1}{\\sqrt{10}}', '0.32', {}, True, 'number.rounded',
     '1/sqrt(10) ≈ 0.316227766017 rounds to the gold 0.32'),
    ('\\sqrt{10}', '3', {}, False, 'expression.numeric',
     'sqrt(10) ≈ 3.16227766017 differs from 3 ≈ 3'),
    ('c_1 e^t + c_2', 'C_1 e^t + C_2', {}, True, 'expression.structural',
     'the two expressions are identical (arbitrary constants named alike)'),
    ('c_1 e^t + c_2', 'C_1 e^t + 2C_2', {}, True, 'expression.arbitrary_constant',
     '(C_1*(e^t)) + C_2 and (C_1*(e^t)) + (2*C_2) differ only by a function of the arbitrary constants C_1, C_2 '
     '(arbitrary constants named alike)'),
]


@pytest.mark.parametrize("answer, gold, options, correct, rule, reason", ROWS)
def test_each_decision_by_its_rule_and_reason(answer: str, gold: str, options: Dict[str, Any], correct: bool,
                                               rule: str, reason: str) -> None:
    verdict = mathgrade.grade(answer, gold, **options)
    assert (verdict.correct, verdict.rule, verdict.reason) == (correct, rule, reason), verdict.explain()
