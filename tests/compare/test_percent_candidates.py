"""What a number written with a percent sign stands for against a number without one (``compare/_numbers.
number_candidates``): the fraction (``19.3%`` is 0.193, written to 3 places) and, under the ``percent`` option (on
by default), the numeral with its sign dropped, which keeps the places it was written with (``50%`` is the exact
50, no rounding of 50.4). Each row is graded by its verdict, rule and full reason (the candidate shown without a
percent sign); a correct row has a contrast just off that must not pass.

Written for seed 83 (docs/testing.md): the fraction built with ``percent=True`` (the reasons then showed ``0.193%``),
and the numeral built as ``Number(n.value, False, n.degrees)`` (places 0: ``50%`` was taken for a rounding of 50.4,
a false "correct" under that mutant).
"""

from __future__ import annotations

import pytest

import mathgrade

_ROWS = [
    # (answer, gold, correct, rule, reason)
    ("50\\%", "0.5", True, "number.exact", "1/2 equals 1/2 (50% is 1/2)"),
    ("50\\%", "0.504", False, "number.exact", "1/2 differs from 63/125"),
    ("50\\%", "50", True, "number.exact", "50 equals 50 (the percent sign is dropped)"),
    ("50\\%", "50.4", False, "number.exact", "1/2 differs from 252/5"),
    ("50\\%", "\\frac{252}{5}", False, "number.exact", "1/2 differs from 252/5"),
    ("50.4", "50\\%", False, "number.exact", "252/5 differs from 1/2"),
    ("0.5", "50\\%", True, "number.exact", "1/2 equals 1/2 (50% is 1/2)"),
    ("19.3\\%", "0.1934", True, "number.rounded",
     "0.193 is 967/5000 rounded to 3 decimal places (19.3% is 193/1000)"),
    ("19.3\\%", "0.1944", False, "number.exact", "193/1000 differs from 243/1250"),
    ("19.3\\%", "19.34", True, "number.rounded",
     "19.3 is 967/50 rounded to 1 decimal place (the percent sign is dropped)"),
    ("19.3\\%", "19.36", False, "number.exact", "193/1000 differs from 484/25"),
    ("1.5\\%", "0.0154", False, "number.too_few_digits",
     "0.015 has 2 significant digits; at least 3 are needed to stand for 77/5000"),
    ("1.50\\%", "0.0150", True, "number.exact", "3/200 equals 3/200 (1.50% is 3/200)"),
    ("3\\%", "3.4", False, "number.exact", "3/100 differs from 17/5"),
    ("3\\%", "0.03", True, "number.exact", "3/100 equals 3/100 (3% is 3/100)"),
    ("12\\%", "\\frac{3}{25}", True, "number.exact", "3/25 equals 3/25 (12% is 3/25)"),
    ("12\\%", "\\frac{3}{26}", False, "number.exact", "3/25 differs from 3/26"),
]


@pytest.mark.parametrize("answer, gold, correct, rule, reason", _ROWS)
def test_a_percent_stands_for_its_fraction_and_its_numeral(answer: str, gold: str, correct: bool, rule: str,
                                                           reason: str) -> None:
    v = mathgrade.grade(f"${answer}$", gold)
    assert (v.correct, v.rule, v.reason) == (correct, rule, reason), v.explain()


@pytest.mark.parametrize("answer, gold", [("50\\%", "50"), ("19.3\\%", "19.34"), ("50\\%", "50.4"), ("3\\%", "3.4")])
def test_without_the_percent_option_the_sign_is_never_dropped(answer: str, gold: str) -> None:
    v = mathgrade.grade(f"${answer}$", gold, percent=False)
    assert not v.correct, v.explain()
    assert mathgrade.grade(f"${answer}$", "0.5" if answer == "50\\%" else gold, percent=False).correct == (
        answer == "50\\%")
