"""Two reasons of the list comparisons that no test read:

- An answer list as long as the gold's that repeats an element (``1, 1`` against ``1, 2``) is compared element by
  element (``set.elementwise``, naming the gold element left without a partner); only an answer longer than a gold
  that repeats nothing is taken without its repeats first (``1, 1, 2`` is ``1, 2``). Seed 211 of docs/testing.md:
  ``_structures._sets`` dropping repeats from an answer as long as the gold (``>=``) survived: ``1, 1`` was then
  refused as too short (``set.size``).
- Parts of a multi-part answer matched in the order of their names say so in the reason (``b = 3, a = 2`` against
  ``2, 3``); parts matched in the order written do not. Seed 211: that phrase changed survived.
"""

from __future__ import annotations

import pytest

import mathgrade

# (answer, gold, correct, rule, reason)
ROWS = [
    ("1, 1", "1, 2", False, "set.elementwise", "no element of the answer matches the gold's 2"),
    ("\\{1, 1\\}", "\\{1, 2\\}", False, "set.elementwise", "no element of the answer matches the gold's 2"),
    ("2, 2, 3", "2, 3, 4", False, "set.elementwise", "no element of the answer matches the gold's 4"),
    ("1, 2", "1, 1", False, "set.elementwise", "no element of the answer matches the gold's 1"),
    # contrasts: longer than the gold, whose elements are distinct: the repeats go
    ("1, 1, 2", "1, 2", True, "set.elementwise", "all 2 elements match, in some order"),
    ("2, 2, 3, 3", "3, 2", True, "set.elementwise", "all 2 elements match, in some order"),
    ("1, 1, 2", "1, 3", False, "set.elementwise", "no element of the answer matches the gold's 3"),
    # the parts of a multi-part answer, in the order of their names or as written
    ("b = 3, a = 2", "2, 3", True, "set.parts", "all 2 items match in order (in the order of the names)"),
    ("2, 3", "b = 3, a = 2", True, "set.parts", "all 2 items match in order (in the order of the names)"),
    ("q = 1, p = 5, r = 2", "5, 1, 2", True, "set.parts", "all 3 items match in order (in the order of the names)"),
    ("a = 2, b = 3", "2, 3", True, "set.parts", "all 2 items match in order"),
    ("b = 3, a = 2", "3, 2", True, "set.parts", "all 2 items match in order"),
]


@pytest.mark.parametrize("answer, gold, correct, rule, reason", ROWS, ids=[f"{r[0]} | {r[1]}" for r in ROWS])
def test_list_reasons(answer: str, gold: str, correct: bool, rule: str, reason: str) -> None:
    verdict = mathgrade.grade(answer, gold)
    assert (verdict.correct, verdict.rule, verdict.reason) == (correct, rule, reason), verdict
