"""A decimal too coarse to stand for a rounding is refused (``number.too_few_digits``), and the reason says whose
decimal it is: ``the gold 0.3 has 1 significant digit; at least 2 are needed...`` when the gold is the coarse
decimal (a gold needs one digit fewer than an answer: ``compare/_numbers.gold_min_digits``), and the answer's own
``0.3 has 1 significant digit; at least 3 are needed...`` when the answer is. The contrasts: a decimal with enough
digits is a rounding (``number.rounded``).

Written for seed 149 (docs/testing.md): the reason for a coarse gold lost its ``the gold `` (the verdict stood).
"""

from __future__ import annotations

from typing import List, Tuple

import pytest

import mathgrade

# (answer, gold, correct, rule, reason)
ROWS: List[Tuple[str, str, bool, str, str]] = [
    # the gold is too coarse
    ("\\frac{1}{3}", "0.3", False, "number.too_few_digits",
     "the gold 0.3 has 1 significant digit; at least 2 are needed to stand for 1/3"),
    ("\\frac{1}{4}", "0.3", False, "number.too_few_digits",
     "the gold 0.3 has 1 significant digit; at least 2 are needed to stand for 1/4"),
    ("0.333", "0.3", False, "number.too_few_digits",
     "the gold 0.3 has 1 significant digit; at least 2 are needed to stand for 333/1000"),
    ("\\frac{7}{9}", "0.8", False, "number.too_few_digits",
     "the gold 0.8 has 1 significant digit; at least 2 are needed to stand for 7/9"),
    # the answer is too coarse
    ("0.3", "\\frac{1}{3}", False, "number.too_few_digits",
     "0.3 has 1 significant digit; at least 3 are needed to stand for 1/3"),
    ("0.33", "\\frac{1}{3}", False, "number.too_few_digits",
     "0.33 has 2 significant digits; at least 3 are needed to stand for 1/3"),
    ("0.8", "\\frac{7}{9}", False, "number.too_few_digits",
     "0.8 has 1 significant digit; at least 3 are needed to stand for 7/9"),
    # the contrasts: enough digits, a rounding either way round
    ("\\frac{1}{3}", "0.33", True, "number.rounded", "1/3 rounds to the gold 0.33 at 2 decimal places"),
    ("\\frac{7}{9}", "0.78", True, "number.rounded", "7/9 rounds to the gold 0.78 at 2 decimal places"),
    ("0.333", "\\frac{1}{3}", True, "number.rounded", "0.333 is 1/3 rounded to 3 decimal places"),
    ("0.778", "\\frac{7}{9}", True, "number.rounded", "0.778 is 7/9 rounded to 3 decimal places"),
]


@pytest.mark.parametrize("answer, gold, correct, rule, reason", ROWS, ids=[f"{r[0]} vs {r[1]}" for r in ROWS])
def test_the_reason_says_whose_decimal_is_too_coarse(answer: str, gold: str, correct: bool, rule: str,
                                                      reason: str) -> None:
    v = mathgrade.grade(f"$\\boxed{{{answer}}}$", gold)
    assert (v.correct, v.rule, v.reason) == (correct, rule, reason), v.explain()
    # "the gold" is named exactly when the gold is the decimal refused
    assert v.reason.startswith("the gold ") is (rule == "number.too_few_digits" and "." in gold)
